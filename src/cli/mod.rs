//! The headless command line over the same engine as the window.
//!
//! Contracts (output formats) are fixed by the issues and README, since
//! scripts and tests rely on them. Errors go to stderr with exit status 2.

mod files;
mod rules;

use clap::{Args, Parser, Subcommand, ValueEnum};
use std::path::PathBuf;

/// What the binary was asked to do.
#[derive(Parser, Debug)]
#[command(
    name = "maasai-mancala",
    version,
    about = "Desktop studio and command line for the Maasai mancala games En Gehé and Bao la Kimasai",
    long_about = "With no command, opens the window (and the saved game FILE, if given). \
                  Positions and moves use the notation of RULES.md.",
    args_conflicts_with_subcommands = true
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
    /// A saved game to open in the window.
    pub file: Option<PathBuf>,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Print a game's start position in canonical notation.
    Start(StartArgs),
    /// Print the legal moves of a position (and, on a second line, the endless ones).
    Moves {
        /// The position, in RULES.md notation (quote it).
        position: String,
    },
    /// Apply moves in order and print the resulting position (and the result once the game is over).
    Play {
        position: String,
        /// Moves in RULES.md notation (En Gehé: 1..N; Bao la Kimasai: i1..i8, o1..o8).
        moves: Vec<String>,
        /// Also write the game (start position and moves) to this saved-game file.
        #[arg(long, value_name = "FILE")]
        save: Option<PathBuf>,
    },
    /// Batch mode: read `POSITION ; MOVE` lines from stdin, answer one line each.
    Apply,
    /// Print a move's laps one per line, then the resulting position.
    Trace { position: String, mv: String },
    /// Print a saved game move by move (`N. SIDE MOVE -> POSITION [captured K]`), then the final position.
    Replay { file: PathBuf },
    /// Validate a saved game or presets file: exit 0 with a summary, or 2 with the problem.
    Check { file: PathBuf },
    /// Random playouts on 2×50 En Gehé and on Bao la Kimasai (single-threaded fast path).
    Bench {
        /// Seconds to run each game.
        #[arg(long, default_value_t = 3.0)]
        seconds: f64,
    },
}

/// Options of a new game.
#[derive(Args, Debug, Clone)]
pub struct StartArgs {
    #[arg(value_enum)]
    pub game: GameName,
    /// En Gehé: holes per row (3 to 64).
    #[arg(long, default_value_t = 50)]
    pub holes: u32,
    /// En Gehé: seeds per hole at the start (1 to 12).
    #[arg(long, default_value_t = 4)]
    pub seeds: u32,
    /// Which team moves first (En Gehé).
    #[arg(long, value_enum, default_value_t = FirstSide::South)]
    pub first: FirstSide,
    /// `skip`: a long lap never sows into its own starting hole again.
    #[arg(long, value_enum)]
    pub origin: Option<OriginArg>,
}

#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameName {
    EnGehe,
    BaoLaKimasai,
}

#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum FirstSide {
    South,
    North,
}

#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum OriginArg {
    Skip,
    Sow,
}

/// A command-line failure: the message for stderr (exit status 2).
#[derive(Debug)]
pub struct CliError(pub String);

impl<E: std::fmt::Display> From<E> for CliError {
    fn from(e: E) -> Self {
        CliError(e.to_string())
    }
}

/// Runs a command, writing to stdout. Returns the message for stderr on failure.
pub fn run(command: Command) -> Result<(), CliError> {
    match command {
        Command::Start(args) => rules::start(&args),
        Command::Moves { position } => rules::moves(&position),
        Command::Play {
            position,
            moves,
            save,
        } => files::play(&position, &moves, save.as_deref()),
        Command::Apply => rules::apply(),
        Command::Trace { position, mv } => rules::trace(&position, &mv),
        Command::Replay { file } => files::replay(&file),
        Command::Check { file } => files::check(&file),
        Command::Bench { seconds } => rules::bench(seconds),
    }
}
