use clap::Parser;
use maasai_mancala::cli::{self, Cli};

fn main() -> std::process::ExitCode {
    let args = Cli::parse();
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
                eprintln!("maasai-mancala: cannot open the window: {e}");
                std::process::ExitCode::from(2)
            }
        },
    }
}
