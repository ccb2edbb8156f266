use clap::Parser;
use maasai_mancala::cli::{self, Cli};

/// How standard output was when the process began (see [`probe_stdout`]):
/// 0 open for writing, 1 closed, 2 open for reading only.
#[cfg(target_os = "linux")]
static STDOUT_AT_START: std::sync::atomic::AtomicU8 = std::sync::atomic::AtomicU8::new(0);

/// Looks at standard output before Rust's runtime starts: the runtime
/// opens `/dev/null` in place of a closed one (`>&-`), after which every
/// write "succeeds", and a write to one open for reading only fails with
/// "bad file descriptor", which Rust's stdout also counts as success. Run
/// by the C runtime among the program's constructors, before `main`.
#[cfg(target_os = "linux")]
extern "C" fn probe_stdout() {
    // SAFETY: F_GETFL only reads the descriptor's flags.
    let flags = unsafe { libc::fcntl(libc::STDOUT_FILENO, libc::F_GETFL) };
    let state = if flags == -1 {
        1
    } else if flags & libc::O_ACCMODE == libc::O_RDONLY {
        2
    } else {
        0
    };
    STDOUT_AT_START.store(state, std::sync::atomic::Ordering::Relaxed);
}

#[cfg(target_os = "linux")]
#[used]
#[unsafe(link_section = ".init_array")]
static PROBE_STDOUT: extern "C" fn() = probe_stdout;

/// Why standard output cannot take a command's output, if it cannot.
fn stdout_unwritable() -> Option<&'static str> {
    #[cfg(target_os = "linux")]
    match STDOUT_AT_START.load(std::sync::atomic::Ordering::Relaxed) {
        1 => return Some("standard output is closed"),
        2 => return Some("standard output is open for reading only"),
        _ => {}
    }
    None
}

fn main() -> std::process::ExitCode {
    let argv: Vec<std::ffi::OsString> = std::env::args_os().collect();
    if let Some(message) =
        cli::unknown_command(&argv).or_else(|| cli::solver_options_without_solver(&argv))
    {
        eprintln!("error: {}", cli::printable(&message));
        return std::process::ExitCode::from(2);
    }
    let args = match Cli::try_parse() {
        Ok(args) => args,
        // Help, version and usage errors, printed as clap does, but a help
        // that could not be written (a full disk) is not a success.
        Err(e) => {
            // clap names no argument: say which, with its bytes shown.
            if e.kind() == clap::error::ErrorKind::InvalidUtf8
                && let Some(message) = cli::not_utf8_argument(&argv)
            {
                eprintln!("error: {}", cli::printable(&message));
                return std::process::ExitCode::from(2);
            }
            // A choice's value that is not UTF-8, which clap read lossily
            // and quoted with "�": said as any other such argument.
            if e.kind() == clap::error::ErrorKind::InvalidValue
                && let Some(clap::error::ContextValue::String(value)) =
                    e.get(clap::error::ContextKind::InvalidValue)
                && let Some(message) = cli::not_utf8_choice(&argv, value)
            {
                eprintln!("error: {}", cli::printable(&message));
                return std::process::ExitCode::from(2);
            }
            let code = e.exit_code();
            let e = match cli::with_printable_quotes(e, &argv) {
                Ok(e) => e,
                Err(message) => {
                    eprintln!("{message}");
                    return std::process::ExitCode::from(2);
                }
            };
            // Help and version go to stdout, and so would be lost too.
            if let Some(why) = stdout_unwritable().filter(|_| !e.use_stderr()) {
                eprintln!("error: cannot write the output: {why}");
                return std::process::ExitCode::from(2);
            }
            return match e.print() {
                Err(io) if io.kind() != std::io::ErrorKind::BrokenPipe => {
                    eprintln!(
                        "error: cannot write the output: {}",
                        cli::output_failure(&io)
                    );
                    std::process::ExitCode::from(2)
                }
                _ => std::process::ExitCode::from(u8::try_from(code).unwrap_or(2)),
            };
        }
    };
    match args.command {
        Some(command) => {
            // README: a failed write other than to a reader gone away is an
            // error; a closed stdout would otherwise pass for success.
            if let Some(why) = stdout_unwritable().filter(|_| command.writes_to_stdout()) {
                eprintln!("error: cannot write the output: {why}");
                return std::process::ExitCode::from(2);
            }
            cli::quiet_on_closed_pipe();
            match cli::run(command) {
                Ok(outcome) => std::process::ExitCode::from(outcome.exit_code()),
                // Stdout's reader went away: end quietly, as Unix tools do.
                Err(e) if e.is_reader_gone() => std::process::ExitCode::SUCCESS,
                Err(e) => {
                    eprintln!("error: {}", cli::printable(&e.0));
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
                        "error: cannot open the window: there is no display \
                         (neither DISPLAY nor WAYLAND_DISPLAY is set); the commands of \
                         `maasai-mancala --help` work without one"
                    );
                } else {
                    // winit's words name its own source file ("os error
                    // at /root/.cargo/…/mod.rs:788: Failed to open
                    // connection to X server"): the display is named instead.
                    let words = e.to_string();
                    let words = match words.find(".rs:") {
                        Some(i) => {
                            let rest =
                                words[i + 4..].trim_start_matches(|c: char| c.is_ascii_digit());
                            rest.strip_prefix(':').unwrap_or(rest).trim().to_string()
                        }
                        None => words,
                    };
                    let display = ["WAYLAND_DISPLAY", "DISPLAY"]
                        .iter()
                        .find_map(|v| std::env::var(v).ok().filter(|s| !s.is_empty()))
                        .map_or(String::new(), |d| format!(" on the display `{d}`"));
                    eprintln!(
                        "error: cannot open the window{display}: {words}; the commands of \
                         `maasai-mancala --help` work without one"
                    );
                }
                std::process::ExitCode::from(2)
            }
        },
    }
}
