use clap::Parser;
use maasai_mancala::cli::{self, Cli};

fn main() -> std::process::ExitCode {
    let argv: Vec<std::ffi::OsString> = std::env::args_os().collect();
    if let Some(message) =
        cli::unknown_command(&argv).or_else(|| cli::solver_options_without_solver(&argv))
    {
        eprintln!("maasai-mancala: {message}");
        return std::process::ExitCode::from(2);
    }
    let args = match Cli::try_parse() {
        Ok(args) => args,
        // Help, version and usage errors, printed as clap does, but a help
        // that could not be written (a full disk) is not a success.
        Err(e) => {
            let code = e.exit_code();
            return match e.print() {
                Err(io) if io.kind() != std::io::ErrorKind::BrokenPipe => {
                    eprintln!("maasai-mancala: cannot write the output: {io}");
                    std::process::ExitCode::from(2)
                }
                _ => std::process::ExitCode::from(u8::try_from(code).unwrap_or(2)),
            };
        }
    };
    match args.command {
        Some(command) => {
            cli::quiet_on_closed_pipe();
            match cli::run(command) {
                Ok(outcome) => std::process::ExitCode::from(outcome.exit_code()),
                // Stdout's reader went away: end quietly, as Unix tools do.
                Err(e) if e.is_reader_gone() => std::process::ExitCode::SUCCESS,
                Err(e) => {
                    eprintln!("maasai-mancala: {}", e.0);
                    std::process::ExitCode::from(2)
                }
            }
        }
        None => match maasai_mancala::app::run(args.file) {
            Ok(()) => std::process::ExitCode::SUCCESS,
            Err(e) => {
                let no_display = ["DISPLAY", "WAYLAND_DISPLAY", "WAYLAND_SOCKET"]
                    .iter()
                    .all(|v| std::env::var_os(v).is_none_or(|s| s.is_empty()));
                if no_display {
                    // winit's words name its source file; this says what to do.
                    eprintln!(
                        "maasai-mancala: cannot open the window: there is no display \
                         (neither DISPLAY nor WAYLAND_DISPLAY is set); the commands of \
                         `maasai-mancala --help` work without one"
                    );
                } else {
                    eprintln!("maasai-mancala: cannot open the window: {e}");
                }
                std::process::ExitCode::from(2)
            }
        },
    }
}
