use clap::Parser;
use maasai_mancala::cli::{self, Cli};

fn main() -> std::process::ExitCode {
    let args = Cli::parse();
    match args.command {
        Some(command) => match cli::run(command) {
            Ok(()) => std::process::ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("maasai-mancala: {}", e.0);
                std::process::ExitCode::from(2)
            }
        },
        None => {
            eprintln!("maasai-mancala: the window is not built yet; see `maasai-mancala --help`");
            std::process::ExitCode::from(2)
        }
    }
}
