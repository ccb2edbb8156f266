//! The headless command line over the same engine as the window.
//!
//! Contracts (output formats) are fixed by the issues and README, since
//! scripts and tests rely on them. Errors go to stderr with exit status 2;
//! `solve --limit` that runs out of time exits with status 3.

/// Writes a line of a command's output to stdout, like `println!`, but a
/// failed write returns from the command (`?`) with [`write_error`]'s error
/// instead of panicking.
macro_rules! outln {
    () => {
        $crate::cli::write_line(format_args!(""))?
    };
    ($($arg:tt)*) => {
        $crate::cli::write_line(format_args!($($arg)*))?
    };
}

pub mod bench;
mod diagram;
mod files;
mod rules;
mod search;
pub mod solve;

use clap::{Args, Parser, Subcommand, ValueEnum};
use std::path::PathBuf;
use std::time::Duration;

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

/// The first argument that is not UTF-8 text, named by its place and
/// quoted with its stray bytes as `\xNN` (as `apply` quotes such a line),
/// for the argument parser's refusal, which names none.
pub fn not_utf8_argument(args: &[std::ffi::OsString]) -> Option<String> {
    not_utf8_argument_where(args, |_| true, "positions, moves and numbers")
}

/// [`not_utf8_argument`] for a value clap refused among choices (a game's
/// name, `--first`, `--origin`): clap read its bytes lossily and quoted
/// "en-gehe�". `value` is the refused value as clap gives it.
pub fn not_utf8_choice(args: &[std::ffi::OsString], value: &str) -> Option<String> {
    // Only a value clap read lossily; the argument is it, or ends with
    // `=` and it (`--first=north\xff`): an empty or short refused value
    // would match other arguments.
    if !value.contains('\u{fffd}') {
        return None;
    }
    let is_it = |a: &std::ffi::OsStr| {
        let lossy = a.to_string_lossy();
        lossy == value || lossy.ends_with(&format!("={value}"))
    };
    not_utf8_argument_where(args, is_it, "games' names and options' values")
}

/// The first argument `is_it` picks that is not UTF-8, named by its place
/// and bytes; `what` is what is written in UTF-8 there.
fn not_utf8_argument_where(
    args: &[std::ffi::OsString],
    is_it: impl Fn(&std::ffi::OsStr) -> bool,
    what: &str,
) -> Option<String> {
    let (place, arg) = args
        .iter()
        .enumerate()
        .skip(1)
        .find(|(_, a)| a.to_str().is_none() && is_it(a))?;
    Some(format!(
        "argument {place} is not UTF-8 text: {} ({what} are written in UTF-8)",
        quoted_bytes(arg.as_encoded_bytes())
    ))
}

/// `bytes` quoted in backticks with each byte that is not UTF-8 written as
/// `\xNN`; a long word by its start and length, and then where its first
/// such byte is (past the start, it was nowhere to be seen).
pub(crate) fn quoted_bytes(bytes: &[u8]) -> String {
    let word = crate::files::escaped_bytes(bytes);
    // The first stray byte and its place, from 1.
    let first_stray = std::str::from_utf8(bytes)
        .err()
        .map(|e| (e.valid_up_to() + 1, bytes[e.valid_up_to()]));
    let short = crate::engine::shortened(&word);
    match first_stray {
        // Its length in bytes, as the stray byte's place is (a length in
        // characters counted each `\xNN` as four beside "byte 301").
        Some((byte, stray)) if short != word => {
            let start: String = word.chars().take(48).collect();
            format!(
                "`{start}…` ({} bytes), its first stray byte \\x{stray:02x} at byte {byte}",
                bytes.len()
            )
        }
        _ => format!("`{short}`"),
    }
}

/// A refused command line whose quotes of its arguments a terminal shows
/// as they are: clap quotes a refused value as given, so a control
/// character or an invisible mark in it was acted on by the terminal (or
/// dropped, and the value misquoted, "not 5" for `5\u{1b}[31m`). The
/// arguments are parsed again with those written as escapes, so clap's
/// own message quotes the escapes; when that parse fails otherwise, the
/// message as plain text with its escapes (`Err`).
pub fn with_printable_quotes(
    e: clap::Error,
    args: &[std::ffi::OsString],
) -> Result<clap::Error, String> {
    if !e.use_stderr() {
        return Ok(e);
    }
    let escaped: Vec<std::ffi::OsString> = args
        .iter()
        .map(|a| match a.to_str() {
            Some(text) => crate::files::error::escaped(text).into_owned().into(),
            None => a.clone(),
        })
        .collect();
    if escaped == args {
        return Ok(e);
    }
    match Cli::try_parse_from(&escaped) {
        Err(again) if again.kind() == e.kind() => Ok(again),
        _ => Err(e
            .render()
            .to_string()
            .lines()
            .map(|line| crate::files::error::escaped(line).into_owned())
            .collect::<Vec<_>>()
            .join("\n")),
    }
}

/// A first argument that is neither a command nor a file to open, read as
/// a mistyped command: the message to give (clap would read it as the FILE
/// and then refuse the rest oddly, or open the window on a missing file).
pub fn unknown_command(args: &[std::ffi::OsString]) -> Option<String> {
    use clap::CommandFactory;
    let first_word = args.get(1)?;
    let path = std::path::Path::new(first_word);
    if first_word.is_empty() {
        return Some(
            "the first word is empty: give a command (`maasai-mancala --help` lists them) \
             or a saved game to open"
                .into(),
        );
    }
    if first_word.as_encoded_bytes().starts_with(b"-") {
        return None;
    }
    let cli = Cli::command();
    let mut names: Vec<String> = vec!["help".into()];
    for sub in cli.get_subcommands() {
        names.push(sub.get_name().to_string());
        names.extend(sub.get_all_aliases().map(str::to_string));
    }
    if names.iter().any(|n| first_word == n.as_str()) {
        return None;
    }
    // Not a command: a saved game to open, which must be a file (a folder
    // would only make the window fail, or no display be blamed).
    if path.is_dir() {
        return Some(format!(
            "cannot open `{}`: it is a folder (a saved game to open must be a file)",
            crate::files::shown_path(path)
        ));
    }
    match std::fs::metadata(path) {
        // A file to open, and a word after it that is no option: clap
        // calls that word a subcommand "that cannot be used with
        // '[FILE]'", even a word that is no command at all. (An option
        // after it is clap's to judge: `--help` still helps.)
        Ok(_) => {
            let stray = args
                .get(2)
                .filter(|a| !a.as_encoded_bytes().starts_with(b"-"))?;
            let stray = stray.to_string_lossy();
            let how = if names.iter().any(|n| stray == n.as_str()) {
                format!("`maasai-mancala {stray} …`")
            } else {
                "`maasai-mancala COMMAND …`; `maasai-mancala --help` lists them".to_string()
            };
            return Some(format!(
                "`{}` is a file to open in the window, which takes nothing after it, \
                 not `{stray}` (a command comes first: {how})",
                crate::files::shown_path(path)
            ));
        }
        // A path the system cannot look at (too long, a file where a
        // folder should be) is not "no such file": said in its words.
        Err(e) if e.kind() != std::io::ErrorKind::NotFound => {
            let why = crate::files::FileError::io(path, "cannot look at it", &e).problem;
            return Some(format!(
                "cannot open `{}`: {why}",
                crate::files::shown_path(path)
            ));
        }
        Err(_) => {}
    }
    // A name that is not UTF-8 is no command: a file that is not there,
    // its stray bytes shown (a lossy copy showed "�").
    let Some(first) = first_word.to_str() else {
        return Some(format!(
            "cannot open {}: there is no such file (argument 1 is not UTF-8 text; \
             a saved game to open must be an existing file)",
            quoted_bytes(first_word.as_encoded_bytes())
        ));
    };
    // A name with a dot or a slash is a file that is not there, whatever
    // follows it: said here, before a window opens with no game to keep.
    if first.contains('.') || first.contains('/') {
        return Some(format!(
            "cannot open `{first}`: there is no such file (a saved game to open must be an existing file)"
        ));
    }
    let nearest = names
        .iter()
        .map(|n| (strsim::levenshtein(first, n), n))
        .min()
        .filter(|(d, _)| *d <= 2)
        .map(|(_, n)| format!(" (did you mean `{n}`?)"))
        .unwrap_or_default();
    Some(format!(
        "unknown command `{first}`{nearest}; `maasai-mancala --help` lists the commands \
         (a saved game to open must be an existing file)"
    ))
}

/// `bench` given an option of `--solver` without `--solver`: the message
/// to give. clap's `requires` cannot say it: `--solver` is a flag, whose
/// default (off) counts as present, so such options were silently ignored
/// and the playouts run instead.
pub fn solver_options_without_solver(args: &[std::ffi::OsString]) -> Option<String> {
    use clap::CommandFactory;
    use clap::parser::ValueSource;
    if args.get(1).and_then(|a| a.to_str()) != Some("bench") {
        return None;
    }
    // A command line clap refuses is left to clap's own message.
    let matches = Cli::command().try_get_matches_from(args).ok()?;
    let (_, bench) = matches.subcommand()?;
    if bench.get_flag("solver") {
        return None;
    }
    let cli = Cli::command();
    let given: Vec<String> = cli
        .find_subcommand("bench")?
        .get_arguments()
        .filter(|a| !["seconds", "solver", "help"].contains(&a.get_id().as_str()))
        .filter(|a| bench.value_source(a.get_id().as_str()) == Some(ValueSource::CommandLine))
        .filter_map(|a| a.get_long().map(|l| format!("--{l}")))
        .collect();
    let (is, it) = if given.len() == 1 {
        ("is an option", "it")
    } else {
        ("are options", "them")
    };
    (!given.is_empty()).then(|| {
        format!(
            "{} {is} of `bench --solver`: add --solver, or leave {it} out for the playouts",
            given.join(", ")
        )
    })
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Print a game's start position in canonical notation.
    Start(StartArgs),
    /// Print the legal moves of a position (and, on a second line, the endless ones).
    Moves {
        /// The position, in RULES.md notation (quote it); or a game record
        /// on one line (`POSITION M1 M2 ...`, as `play` takes), whose last
        /// position is taken.
        position: String,
    },
    /// Apply moves in order and print the resulting position (and the result once the game is over).
    Play {
        /// The start position, in RULES.md notation (quote it); or a game
        /// record on one line (`POSITION M1 M2 ...`, as the window's Copy
        /// game record writes it), whose moves are played before MOVES.
        position: String,
        /// Moves in RULES.md notation (En Gehé: 1..N; Bao la Kimasai: i1..i8, o1..o8).
        moves: Vec<String>,
        /// Also write the game (start position and moves) to this saved-game
        /// file; a file already there is refused unless --force is given,
        /// and the program's own files (the autosave, settings, presets,
        /// recent list, window lock, the unsaved games it moved aside, their
        /// backups) are refused even with it.
        #[arg(long, value_name = "FILE")]
        save: Option<PathBuf>,
        /// With --save: replace the file if it already exists (the version
        /// replaced is kept as FILE.bak).
        #[arg(long, requires = "save")]
        force: bool,
    },
    /// Batch mode: read `POSITION ; MOVE` lines from stdin, answer one line each.
    Apply,
    /// Print a move's laps one per line, then the resulting position.
    Trace {
        /// The position, in RULES.md notation (quote it); or a game record
        /// on one line (`POSITION M1 M2 ...`, as `play` takes), whose last
        /// position is taken.
        position: String,
        /// The move, in RULES.md notation (En Gehé: 1..N; Bao la Kimasai: i1..i8, o1..o8).
        #[arg(value_name = "MOVE")]
        mv: String,
    },
    /// Print a saved game move by move (`N. SIDE MOVE -> POSITION [captured K]`), then the final position.
    Replay {
        /// The saved game (a `.ron` file written by the window or `play --save`).
        file: PathBuf,
        /// Print only the game record on one line: the start position, then
        /// the moves (what the window's Copy game record gives, and `play`
        /// takes as its position).
        #[arg(long)]
        record: bool,
    },
    /// Validate a saved game, presets file, autosave or study: exit 0 with a summary, or 2 with the problem.
    Check {
        /// The file to check: a saved game, presets file, autosave or study.
        file: PathBuf,
        /// A study only: also solve its position and say whether its goal
        /// holds (exit 2 if it does not, 3 if not proved within --limit).
        #[arg(long)]
        prove: bool,
        /// With --prove: give up after this many seconds, at most 86400 (default: no limit).
        #[arg(long, value_name = "SECONDS", value_parser = seconds_limit, requires = "prove", allow_negative_numbers = true)]
        limit: Option<Duration>,
    },
    /// Random playouts on 2×50 En Gehé and on Bao la Kimasai (single-threaded fast path);
    /// with --solver, exact solves of 2×50 En Gehé endgames by seed count
    /// (with --bao, Bao la Kimasai positions 20 to 80 plies into games).
    Bench {
        /// Seconds to run each game, 0.1 (the least that can be timed) to 3600.
        #[arg(long, default_value_t = 3.0, value_parser = bench_seconds, conflicts_with = "solver", allow_negative_numbers = true)]
        seconds: f64,
        /// Time the exact solver instead: seeded 2×50 endgames by seed
        /// count, each with a fresh table, and the table of how many are
        /// solved within 10 s and within --limit.
        #[arg(long)]
        solver: bool,
        #[command(flatten)]
        options: bench::SolverBench,
    },
    /// Search a position and print the best K moves, one line each:
    /// `move=M score=S depth=D pv=M1 M2 ...` (score in seeds, side to move's view).
    Analyse {
        /// The position, in RULES.md notation (quote it); or a game record
        /// on one line (`POSITION M1 M2 ...`, as `play` takes), whose last
        /// position is taken.
        position: String,
        /// Think this many milliseconds, 1 to 86400000 (default 1000 when no
        /// depth is given).
        #[arg(long, conflicts_with = "depth", value_parser = whole::<u64>(MILLISECONDS, 1, MAX_MOVETIME_MS), allow_negative_numbers = true)]
        movetime: Option<u64>,
        /// Search to this depth in plies, 1 to 64.
        #[arg(long, value_parser = whole::<u32>("a depth in plies", 1, crate::search::MAX_DEPTH as u64), allow_negative_numbers = true)]
        depth: Option<u32>,
        /// How many moves to print, best first, 1 to 64.
        #[arg(long, default_value_t = 1, value_parser = whole::<usize>("a number of lines", 1, crate::engine::MAX_HOLES as u64), allow_negative_numbers = true)]
        lines: usize,
        /// Search threads (Lazy SMP), 1 to 64.
        #[arg(long, default_value_t = 1, value_parser = whole::<usize>(THREADS, 1, 64), allow_negative_numbers = true)]
        threads: usize,
        /// Plies of En Gehé quiescence search (captures the first lap
        /// decides) at the leaves, 0 to 30; 0, the default, judges leaves
        /// statically.
        #[arg(long, default_value_t = 0, value_parser = whole::<u32>("a number of plies", 0, crate::search::MAX_QUIESCENCE as u64), allow_negative_numbers = true)]
        quiescence: u32,
    },
    /// Play games between two computer players, swapping sides every game;
    /// the last line is `a_wins=W draws=D b_wins=L moves=M`.
    Match {
        /// Player a: random, greedy, beginner, club, strong or master.
        #[arg(long, value_parser = search::parse_level)]
        a: crate::search::Level,
        /// Player b.
        #[arg(long, value_parser = search::parse_level)]
        b: crate::search::Level,
        /// Games to play (the players swap sides every game).
        #[arg(long, default_value_t = 2, value_parser = whole::<u32>(WHOLE, 1, u32::MAX as u64), allow_negative_numbers = true)]
        games: u32,
        /// Thinking time per move in milliseconds, 1 to 86400000.
        #[arg(long, default_value_t = 20, value_parser = whole::<u64>(MILLISECONDS, 1, MAX_MOVETIME_MS), allow_negative_numbers = true)]
        movetime: u64,
        /// Seed of the random choices (random, greedy, beginner, club).
        #[arg(long, default_value_t = 1, value_parser = whole::<u64>(WHOLE, 0, u64::MAX), allow_negative_numbers = true)]
        seed: u64,
        /// Moves after which a game is adjudicated (see README).
        #[arg(long, default_value_t = 1000, value_parser = whole::<u32>(WHOLE, 1, u32::MAX as u64), allow_negative_numbers = true)]
        max_moves: u32,
        #[command(flatten)]
        game: StartArgs,
    },
    /// Solve a position exactly: `value=V best=M pv=...`, then nodes and time.
    Solve {
        /// The position, in RULES.md notation (quote it); or a game record
        /// on one line (`POSITION M1 M2 ...`, as `play` takes), whose last
        /// position is solved with the game before it as history.
        position: String,
        /// Transposition table size: 2^BITS buckets of four 16-byte entries
        /// (4 to 30; 24 is 1 GiB).
        #[arg(long, value_name = "B", default_value_t = crate::solver::DEFAULT_TABLE_BITS, value_parser = table_bits(), allow_negative_numbers = true)]
        table_bits: u32,
        /// Solving threads, 1 or 2 (the second shares the table; default:
        /// 2 when the machine has two cores).
        #[arg(long, value_parser = solver_threads(), allow_negative_numbers = true)]
        threads: Option<u32>,
        /// Give up after this many seconds (at most 86400) and print the
        /// bounds proved so far (`unsolved lower=L upper=U`, exit status 3).
        #[arg(long, value_name = "SECONDS", value_parser = seconds_limit, allow_negative_numbers = true)]
        limit: Option<Duration>,
        /// Then the value of every legal move, a line each (`move=M
        /// value=V`, for the side to move), each move's sowing and solve
        /// with its own --limit (`move=M undecided`: still sowing when it
        /// ran out, not known to end); when the position's own solve ran
        /// out of time, a last line says what the moves prove of it (`from
        /// the moves: ...`).
        #[arg(long)]
        every_move: bool,
    },
    /// Draw a position as a diagram for papers: a standalone SVG 1.1
    /// document (rows, seed counts, captured seeds or reserves, side to
    /// move, En Gehé tempo), on stdout or in a file.
    Diagram {
        /// The position, in RULES.md notation (quote it); or a game record
        /// on one line (`POSITION M1 M2 ...`, as `play` takes), whose last
        /// position is taken. Required (shown optional only because it may
        /// also come after --highlight's holes).
        position: Option<String>,
        /// Write the SVG to this file instead of stdout; a file already
        /// there is refused unless --force is given, and the program's own
        /// files (as for `play --save`) are refused even with it.
        #[arg(long, value_name = "FILE")]
        out: Option<PathBuf>,
        /// With --out: replace the file if it already exists (the version
        /// replaced is kept as FILE.bak).
        #[arg(long, requires = "out")]
        force: bool,
        /// A caption line above the board (wrapped if long).
        #[arg(long, value_name = "TEXT")]
        caption: Option<String>,
        /// Black and white, for print (default: the window's colours).
        #[arg(long)]
        mono: bool,
        /// Holes to ring, e.g. the hole a move starts from: a hole of the
        /// side to move in move notation (`7`, `i3`), or either side's with
        /// its name (`north:7`, `south:o2`); several separated by blanks
        /// (`--highlight 7 north:3`).
        #[arg(long, value_name = "HOLE", num_args = 1..)]
        highlight: Vec<String>,
    },
}

impl Command {
    /// Whether the command's output goes to standard output: every
    /// command's but a diagram written to a file of its own (`diagram
    /// --out x.svg >&-` was refused for a closed standard output it never
    /// writes to).
    pub fn writes_to_stdout(&self) -> bool {
        match self {
            Command::Diagram {
                out: Some(path), ..
            } => files::std_stream(path) == Some(files::StdStream::Out),
            _ => true,
        }
    }
}

/// Options of a new game.
#[derive(Args, Debug, Clone)]
pub struct StartArgs {
    /// The game: en-gehe or bao-la-kimasai.
    #[arg(value_enum)]
    pub game: GameName,
    /// En Gehé: holes per row (3 to 64; default 50).
    #[arg(long, value_parser = typed_count, allow_negative_numbers = true)]
    pub holes: Option<TypedCount>,
    /// En Gehé: seeds per hole at the start (1 to 12; default 4).
    #[arg(long, value_parser = typed_count, allow_negative_numbers = true)]
    pub seeds: Option<TypedCount>,
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

/// `message` as a terminal shows it: control characters and invisible
/// marks a user typed into an argument or a line of input, quoted back,
/// written as escapes (`\u{1b}`), as messages about files quote them; a
/// message's own line breaks stay.
pub fn printable(message: &str) -> String {
    message
        .split('\n')
        .map(crate::files::error::escaped)
        .collect::<Vec<_>>()
        .join("\n")
}

/// A command-line failure: the message for stderr (exit status 2).
#[derive(Debug)]
pub struct CliError(pub String);

impl CliError {
    /// Stdout's reader went away (a closed pipe): the command ends quietly
    /// with status 0, as Unix tools do.
    pub fn reader_gone() -> CliError {
        CliError(String::new())
    }

    /// Whether this is [`CliError::reader_gone`]: nothing to report.
    pub fn is_reader_gone(&self) -> bool {
        self.0.is_empty()
    }
}

/// A failed write of the output: quiet when the reader went away, otherwise
/// an error (a full disk must not pass for success).
/// Why standard output could not be written, in the words every save
/// uses ("the disk is full", not "No space left on device (os error 28)").
pub fn output_failure(e: &std::io::Error) -> String {
    crate::files::io_words(std::path::Path::new(""), e)
}

pub(crate) fn write_error(e: std::io::Error) -> CliError {
    if e.kind() == std::io::ErrorKind::BrokenPipe {
        CliError::reader_gone()
    } else {
        CliError(format!("cannot write the output: {}", output_failure(&e)))
    }
}

/// Writes one line to stdout (see `outln!`). Stdout is line-buffered, so
/// the line leaves, or its write fails, here.
pub(crate) fn write_line(args: std::fmt::Arguments) -> Result<(), CliError> {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    out.write_fmt(args)
        .and_then(|()| out.write_all(b"\n"))
        .map_err(write_error)
}

impl<E: std::fmt::Display> From<E> for CliError {
    fn from(e: E) -> Self {
        CliError(e.to_string())
    }
}

/// Runs a command, writing to stdout. Returns the message for stderr on failure.
/// Lets a command whose reader has gone (`maasai-mancala solve … | head -1`)
/// end quietly, as Unix tools do, instead of panicking on the failed write:
/// Rust ignores SIGPIPE, so the default action is restored. Only for the
/// command line: the window keeps handling its own connections' errors.
pub fn quiet_on_closed_pipe() {
    #[cfg(target_os = "linux")]
    // SAFETY: setting a signal's disposition to the default action has no
    // memory effects; it is called at start-up before any other thread.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
}

/// A whole number as typed: the range check names it as the user wrote
/// it, however large (a number beyond 255 is out of every range it is used
/// for).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TypedCount {
    pub text: String,
    /// `None` when above 255, or not a whole number at all (a sign, a
    /// fraction, a word, nothing).
    pub value: Option<u8>,
}

impl TypedCount {
    /// The value as a message quotes it ("not -5", "not an empty value").
    pub fn shown(&self) -> std::borrow::Cow<'_, str> {
        shown(&self.text)
    }
}

/// `--holes`, `--seeds`: anything; the range is checked with the game's
/// options, so that every value out of it (a negative number, a fraction,
/// a word) is named in their words, with the range.
fn typed_count(text: &str) -> Result<TypedCount, String> {
    let digits = !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit());
    Ok(TypedCount {
        text: text.to_string(),
        value: digits.then(|| text.parse().ok()).flatten(),
    })
}

/// A value as a message quotes it: as typed, or "an empty value".
fn shown(text: &str) -> std::borrow::Cow<'_, str> {
    if text.is_empty() {
        "an empty value".into()
    } else if text.trim() != text {
        // Quoted, so that blanks at its ends are seen ("not  3").
        format!("`{text}`").into()
    } else if text
        .strip_prefix('+')
        .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
    {
        // "5 holes, not +5" named the one thing that was not wrong.
        format!("{text} (numbers are written without a +)").into()
    } else {
        text.into()
    }
}

/// What [`whole`] calls the numbers of most options.
const WHOLE: &str = "a whole number";
const MILLISECONDS: &str = "a number of milliseconds";
const THREADS: &str = "a number of threads";

/// `--movetime`: at most a day, in milliseconds.
const MAX_MOVETIME_MS: u64 = 86_400_000;

/// The one value parser of the whole-number options: digits only (no sign,
/// no fraction), within `min..=max`; anything else, a negative number or
/// one too large for any type included, is refused with the range in words
/// (`a number of lines from 1 to 64, not -5`), never the number type's.
pub(crate) fn whole<T>(
    noun: &'static str,
    min: u64,
    max: u64,
) -> impl Fn(&str) -> Result<T, String> + Clone + Send + Sync + 'static
where
    T: TryFrom<u64> + 'static,
{
    move |text: &str| {
        let digits = !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit());
        digits
            .then(|| text.parse::<u64>().ok())
            .flatten()
            .filter(|n| (min..=max).contains(n))
            .and_then(|n| T::try_from(n).ok())
            .ok_or_else(|| {
                let range = if max == min + 1 {
                    format!("{noun}, {min} or {max}")
                } else {
                    format!("{noun} from {min} to {max}")
                };
                format!("{range}, not {}", shown(text))
            })
    }
}

/// A number written in digits with at most one decimal point (`2`,
/// `0.5`, `.5`, `5.`), as the whole-number options take digits only: no
/// sign, exponent or word (Rust's own parsing took `+1`, `1e3` and `inf`).
fn decimal(text: &str) -> Option<f64> {
    let digits = text.bytes().filter(u8::is_ascii_digit).count();
    let points = text.bytes().filter(|&b| b == b'.').count();
    (digits > 0 && points <= 1 && digits + points == text.len())
        .then(|| text.parse().ok())
        .flatten()
}

/// A number of seconds as a message quotes it: as [`shown`] does, the
/// hint about a `+` given for a fraction too (`+0.5`), which seconds take.
fn shown_seconds(text: &str) -> std::borrow::Cow<'_, str> {
    match text.strip_prefix('+').and_then(decimal) {
        Some(_) => format!("{text} (numbers are written without a +)").into(),
        None => shown(text),
    }
}

/// A positive number of seconds (fractions allowed), at most `max`: a
/// bigger one would run for all practical purposes forever.
fn seconds_within(max: f64) -> impl Fn(&str) -> Result<f64, String> + Clone + Send + Sync {
    move |text: &str| match decimal(text).ok_or(()) {
        Ok(s) if s.is_finite() && s > 0.0 && s <= max => Ok(s),
        _ => Err(format!(
            "a number of seconds above 0 and at most {max}, not {}",
            shown_seconds(text)
        )),
    }
}

/// `bench --seconds`: the least a run of playouts can be timed in. Below
/// it a run may end before its first game, and the clocks (the thread's
/// CPU time especially) are too coarse for a rate: 0.000001 s printed
/// `games=0` and rates of 0, 0.0001 s a trillion moves per CPU second.
pub const BENCH_MIN_SECONDS: f64 = 0.1;

/// `bench --seconds`: from [`BENCH_MIN_SECONDS`] to an hour a game.
fn bench_seconds(text: &str) -> Result<f64, String> {
    const MAX: f64 = 3600.0;
    match decimal(text).ok_or(()) {
        Ok(s) if s.is_finite() && (BENCH_MIN_SECONDS..=MAX).contains(&s) => Ok(s),
        Ok(s) if s.is_finite() && s > 0.0 && s < BENCH_MIN_SECONDS => Err(format!(
            "a number of seconds from {BENCH_MIN_SECONDS} to {MAX}, not {text}: \
             a shorter run is too short to time"
        )),
        _ => Err(format!(
            "a number of seconds from {BENCH_MIN_SECONDS} to {MAX}, not {}",
            shown_seconds(text)
        )),
    }
}

/// A time limit in seconds for `--limit` (fractions allowed), at most a day.
fn seconds_limit(text: &str) -> Result<Duration, String> {
    seconds_within(86_400.0)(text).map(Duration::from_secs_f64)
}

/// `--threads` of the solver: 1 or 2, in the words `analyse --threads` uses.
pub(crate) fn solver_threads() -> impl Fn(&str) -> Result<u32, String> + Clone + Send + Sync {
    whole(THREADS, 1, 2)
}

/// `--table-bits`: a table of 2^B buckets, B within the sizes the solver
/// accepts (refused here rather than silently clamped).
pub(crate) fn table_bits() -> impl Fn(&str) -> Result<u32, String> + Clone + Send + Sync {
    let range = crate::solver::TABLE_BITS;
    whole(
        "a table size in bits",
        u64::from(*range.start()),
        u64::from(*range.end()),
    )
}

/// How a command that ran without error ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Did what it was asked (exit status 0).
    Done,
    /// `solve --limit`: the time ran out before the value was proved (exit
    /// status 3).
    Unsolved,
}

impl Outcome {
    /// The process exit status.
    pub fn exit_code(self) -> u8 {
        match self {
            Outcome::Done => 0,
            Outcome::Unsolved => 3,
        }
    }
}

pub fn run(command: Command) -> Result<Outcome, CliError> {
    let outcome = run_command(command)?;
    use std::io::Write;
    std::io::stdout().flush().map_err(write_error)?;
    Ok(outcome)
}

fn run_command(command: Command) -> Result<Outcome, CliError> {
    let done = match command {
        Command::Start(args) => rules::start(&args),
        Command::Moves { position } => rules::moves(&position),
        Command::Play {
            position,
            moves,
            save,
            force,
        } => files::play(&position, &moves, save.as_deref(), force),
        Command::Apply => rules::apply(),
        Command::Trace { position, mv } => rules::trace(&position, &mv),
        Command::Replay { file, record } => files::replay(&file, record),
        Command::Check { file, prove, limit } => {
            let ok_line = files::check(&file, prove)?;
            if prove {
                return solve::prove_study(&file, limit, &ok_line);
            }
            outln!("{ok_line}");
            Ok(())
        }
        Command::Bench {
            seconds,
            solver,
            options,
        } => {
            if solver {
                bench::solver(&options)
            } else {
                bench::playouts(seconds)
            }
        }
        Command::Analyse {
            position,
            movetime,
            depth,
            lines,
            threads,
            quiescence,
        } => search::analyse(&position, movetime, depth, lines, threads, quiescence),
        Command::Match {
            a,
            b,
            games,
            movetime,
            seed,
            max_moves,
            game,
        } => search::play_match(
            &search::MatchArgs {
                a,
                b,
                games,
                movetime,
                seed,
                max_moves,
            },
            &game,
        ),
        Command::Solve {
            position,
            table_bits,
            threads,
            limit,
            every_move,
        } => return solve::solve(&position, table_bits, threads, limit, every_move),
        Command::Diagram {
            position,
            out,
            force,
            caption,
            mono,
            mut highlight,
        } => diagram::position_after_holes(position, &mut highlight).and_then(|position| {
            diagram::diagram(
                &position,
                out.as_deref(),
                caption.as_deref(),
                mono,
                &highlight,
                force,
            )
        }),
    };
    done.map(|()| Outcome::Done)
}

#[cfg(test)]
mod tests {
    use super::Cli;
    use clap::CommandFactory;

    #[test]
    fn every_argument_and_option_is_described_in_the_help() {
        let cli = Cli::command();
        let mut bare = Vec::new();
        for sub in cli.get_subcommands() {
            for arg in sub.get_arguments() {
                let builtin = ["help", "version"].contains(&arg.get_id().as_str());
                if !builtin && arg.get_help().is_none() && arg.get_long_help().is_none() {
                    bare.push(format!("{} {}", sub.get_name(), arg.get_id()));
                }
            }
        }
        assert!(bare.is_empty(), "no help text: {bare:?}");
    }
}
