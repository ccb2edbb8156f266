//! The exact solver: the game-theoretic value of an En Gehé or Bao la
//! Kimasai position with perfect play, the best move and the principal line.
//!
//! Method (what strong mancala solvers use): fail-soft alpha-beta on exact
//! scores driven by MTD(f) null-window searches, a transposition table of
//! proved lower and upper bounds kept for the whole session, enhanced
//! transposition cut-offs, and move ordering from the table's best move and
//! captures first. See `search.rs` for the score conventions.
//!
//! Two threads (where the machine has two cores) share the table, which is
//! lockless (`table.rs`), and the root's proved interval: the main thread
//! runs plain MTD(f); the helper asks the question MTD(f) would ask next if
//! the current pass succeeds, and when there is none it joins the main
//! thread's pass with another order of quiet moves, so that each finds
//! subtrees the other proved in the table. Proof sizes of these endgames
//! depend a great deal on the order of moves, which is why the second
//! order pays more often than the second core alone would.
//!
//! For sparse En Gehé endgames (races decided by tempo and the remainder):
//! - the table key reads the board from the mover's side, so a position and
//!   its mirror image (rows and turn swapped) share one entry; the key on
//!   the searched line still tells them apart for repetition;
//! - the first two MTD(f) passes ask whether either side takes every seed
//!   (those windows prune hardest: one capture by the other side ends a
//!   line), each given up after a node budget (on some races it is the
//!   one very hard question), then the passes close in from the proved
//!   bounds;
//! - move ordering after captures: leave no single-step capture open, sow
//!   the fewest seeds into the opponent's row, then the holes whose moves
//!   refuted windows cheaply elsewhere (a history heuristic weighted towards
//!   small proofs), then the hole nearest the end of the row;
//! - budget widening: each move is first searched with a small node budget
//!   and the moves that run out are retried with budgets four times bigger,
//!   so a small proof behind a later move is found before a huge one behind
//!   the first (proof sizes of these races differ by orders of magnitude);
//! - restarts: a pass that runs out of its node budget (Luby's sequence)
//!   starts again, alternately with a shuffled tie-break among quiet moves
//!   and with the usual one, keeping everything proved in the table (a
//!   pass's length depends enormously on that order, and no rule tells the
//!   good one in advance).
//!
//! For Bao la Kimasai:
//! - the MTD(f) passes deepen: "a win within d plies?", "a loss within d
//!   plies?" for d = 1, 2, … (each question is bounded by its d), because
//!   phase 2 keeps every seed on the board and an unbounded pass can follow
//!   a line for a hundred thousand plies before a position repeats; short
//!   wins and losses come first, and a cancelled solve has proved "no win
//!   (loss) within d";
//! - a move still sowing after a few thousand laps is left *unsettled*
//!   until its node needs it (no other move refuted the window): proving a
//!   move endless can take hundreds of millions of laps, and most nodes
//!   never need to know. The engine also remembers what long moves came to
//!   (`engine::long_moves`), and a long move stops when the solve does.
//!
//! [`Solver::last_stats`] gives the counters of a solve (table hits,
//! repetitions, cut-offs, passes, deepest ply) for profiling.
//!
//! Values:
//! - En Gehé: the final seed margin of the side to move (its captured seeds
//!   plus what it takes at the end, minus the opponent's), remainder
//!   included, with perfect play by both sides.
//! - Bao la Kimasai: win or loss for the side to move and in how many
//!   **plies** (single turns of either side, the last, deciding move
//!   included; a position already decided is a win or loss "in 0"). The
//!   winner plays for the shortest win, the loser for the longest loss. A
//!   draw happens only by repetition.
//!
//! Repetition: RULES.md lets a solver treat the first repetition inside its
//! search as the threefold outcome, and this one does: a position that
//! recurs on the current line (game history given to the solver included)
//! ends the game there, En Gehé with each side taking its own row, Bao la
//! Kimasai as a draw. Such scores depend on the line, so a node whose score
//! used a repetition reaching back above it stores only its best move in the
//! table, never bounds. A score whose repetitions all lie inside its own
//! subtree is stored; reusing it under another line that meets a position of
//! that subtree is the classic graph-history approximation, accepted here as
//! in other game solvers (sparse endgames rarely cycle). Between solves of
//! one session it is not taken: a solve after game positions it could come
//! back to salts the table keys of the positions that could meet them
//! (`Search::after_history`), so a bound proved after one game is never
//! read after another, and [`solve_key`] names a solution with its game.
//!
//! The solver makes no use of an En Gehé endgame database: with repetition
//! possible on the ring (seeds run round it forever without captures), a
//! database of small seed counts would need retrograde analysis, and the
//! table already keeps every proved endgame for the session. Small Bao la
//! Kimasai endgames are analysed backwards over every position reachable
//! from them (`retro.rs`), which is how their draws are proved.

mod retro;
mod search;
mod table;
/// The most positions a retrograde analysis enumerates before the search
/// takes over.
pub use retro::MAX_POSITIONS as RETRO_MAX_POSITIONS;

use crate::engine::{Move, Position, Status, Variant};
use search::{Search, Shared};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

pub use search::{Stats, node_key};

/// The game-theoretic value of a position for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Value {
    /// En Gehé: final seed margin (own minus opponent's seeds at the end).
    Margin(i32),
    /// Bao la Kimasai: the side to move wins in this many plies.
    Win { plies: u32 },
    /// Bao la Kimasai: the side to move loses in this many plies.
    Loss { plies: u32 },
    /// Bao la Kimasai: a draw by repetition.
    Draw,
}

/// The widest the value of `pos` can be, before anything is proved (for
/// the side to move): what a solve's bounds are until its first pass.
pub fn widest_values(pos: &Position) -> (Value, Value) {
    let (lo, hi) = search::score_range(pos);
    (search::value_of(pos, lo), search::value_of(pos, hi))
}

impl Value {
    /// Text after `value=` on the command line: `+6`, `-2`, `0`, `win`,
    /// `loss` or `draw`.
    pub fn word(&self) -> String {
        match *self {
            Value::Margin(m) if m > 0 => format!("+{m}"),
            Value::Margin(m) => format!("{m}"),
            Value::Win { .. } => "win".into(),
            Value::Loss { .. } => "loss".into(),
            Value::Draw => "draw".into(),
        }
    }

    /// Plies to the end for a Bao la Kimasai win or loss.
    pub fn plies(&self) -> Option<u32> {
        match *self {
            Value::Win { plies } | Value::Loss { plies } => Some(plies),
            _ => None,
        }
    }

    /// The same outcome seen from the other side at the same moment (only
    /// the sides swap; see [`Value::flipped_after_move`] for one ply later).
    pub fn flipped(&self) -> Value {
        match *self {
            Value::Margin(m) => Value::Margin(-m),
            Value::Win { plies } => Value::Loss { plies },
            Value::Loss { plies } => Value::Win { plies },
            Value::Draw => Value::Draw,
        }
    }

    /// A number that orders values from the side to move's point of view
    /// (higher is better; a quicker win and a slower loss are better).
    pub fn rank(&self) -> i64 {
        match *self {
            Value::Margin(m) => m as i64,
            Value::Win { plies } => 1_000_000 - plies as i64,
            Value::Loss { plies } => -1_000_000 + plies as i64,
            Value::Draw => 0,
        }
    }

    /// A sentence for people, e.g. "wins by 6 seeds" or "wins in 7 plies".
    pub fn describe(&self) -> String {
        match *self {
            Value::Margin(m) if m > 0 => format!("wins by {}", seeds(m.unsigned_abs())),
            Value::Margin(0) => "draws".into(),
            Value::Margin(m) => format!("loses by {}", seeds(m.unsigned_abs())),
            Value::Win { plies: p } => format!("wins in {}", plies(p)),
            Value::Loss { plies: p } => format!("loses in {}", plies(p)),
            Value::Draw => "draws by repetition".into(),
        }
    }
}

impl Value {
    /// A proved bound for people: En Gehé its [`Value::word`] ("+4");
    /// Bao la Kimasai what the deepening proved, e.g. "no loss within 8
    /// plies" for a lower bound of a loss in 9 (`lower` says which bound).
    pub fn describe_bound(&self, lower: bool) -> String {
        match (*self, lower) {
            (Value::Margin(_), _) => self.word(),
            (Value::Loss { plies: 0 }, true) | (Value::Win { plies: 0 }, false) => {
                "anything".into()
            }
            (Value::Loss { plies: 1 }, true) => "a loss in 1 ply".into(),
            (Value::Win { plies: 1 }, false) => "a win in 1 ply".into(),
            (Value::Loss { plies: p }, true) => format!("no loss within {}", plies(p - 1)),
            (Value::Win { plies: p }, false) => format!("no win within {}", plies(p - 1)),
            (Value::Win { plies: p }, true) => format!("a win within {}", plies(p)),
            (Value::Loss { plies: p }, false) => format!("a loss within {}", plies(p)),
            (Value::Draw, true) => "no loss at all".into(),
            (Value::Draw, false) => "no win at all".into(),
        }
    }
}

/// Bao la Kimasai bounds as the plies within which neither side wins: a
/// lower bound of a loss in L plies proves no loss within L − 1, an upper
/// bound of a win in U plies no win within U − 1. `None` when neither
/// bound is such a distance (En Gehé, or a draw proved either way).
pub fn no_result_within(lower: Value, upper: Value) -> Option<u32> {
    let no_loss = match lower {
        Value::Loss { plies } => Some(plies.saturating_sub(1)),
        _ => None,
    };
    let no_win = match upper {
        Value::Win { plies } => Some(plies.saturating_sub(1)),
        _ => None,
    };
    match (no_loss, no_win) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    }
}

/// "1 seed", "6 seeds".
pub fn seeds(n: u32) -> String {
    if n == 1 {
        "1 seed".into()
    } else {
        format!("{n} seeds")
    }
}

/// "1 ply", "7 plies".
pub fn plies(n: u32) -> String {
    if n == 1 {
        "1 ply".into()
    } else {
        format!("{n} plies")
    }
}

impl std::fmt::Display for Value {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.word())
    }
}

/// The solver's answer for one position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    /// Value for the side to move at the solved position.
    pub value: Value,
    /// The best move; `None` when the game is already over.
    pub best: Option<Move>,
    /// The principal line, best move first (empty when the game is over; it
    /// ends where the game ends or a position repeats).
    pub pv: Vec<Move>,
    /// Nodes searched by this solve (both threads, value and line together).
    pub nodes: u64,
    pub elapsed: Duration,
}

/// The solve was stopped before it finished.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cancelled;

impl std::fmt::Display for Cancelled {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("the solve was cancelled")
    }
}

impl std::error::Error for Cancelled {}

/// A snapshot of a running solve for a progress display.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Progress {
    /// MTD(f) passes done (each proves one bound of the value).
    pub iteration: u32,
    /// The value is proved to lie between these (for the side to move);
    /// `None` before the first pass.
    pub lower: Option<Value>,
    pub upper: Option<Value>,
    pub nodes: u64,
    pub nodes_per_second: f64,
    pub elapsed: Duration,
    /// The best line so far (table moves; proved only once `done`).
    pub best_line: Vec<Move>,
    /// The value is proved and the principal line is being or has been read.
    pub done: bool,
    /// While a small Bao la Kimasai endgame's retrograde analysis runs
    /// (`retro`): the positions it has found so far.
    pub retrograde: Option<usize>,
    /// The question each solving thread's MTD(f) pass asks now (the main
    /// thread's first, then the helper's): is the value at least this?
    /// A pass proves the value at least it, or below it.
    pub asking: [Option<Value>; 2],
}

/// Changes the shared progress, if there is one to change.
pub(crate) fn publish(progress: Option<&Arc<Mutex<Progress>>>, change: impl FnOnce(&mut Progress)) {
    if let Some(progress) = progress
        && let Ok(mut p) = progress.lock()
    {
        change(&mut p);
    }
}

impl Progress {
    /// The value is proved; its line is read next.
    fn proved(&mut self, value: Value) {
        self.lower = Some(value);
        self.upper = Some(value);
        self.done = true;
        self.asking = [None; 2];
    }

    /// The bounds `lo`..=`hi` proved of the root `root` (search scores);
    /// a bound still the widest is not yet proved and stays unsaid.
    pub(crate) fn set_bounds(&mut self, root: &Position, lo: i32, hi: i32) {
        let (widest_lo, widest_hi) = search::score_range(root);
        if lo > widest_lo {
            self.lower = Some(search::value_of(root, lo));
        }
        if hi < widest_hi {
            self.upper = Some(search::value_of(root, hi));
        }
    }

    /// The principal line is read: the solve's last figures.
    fn read(&mut self, s: &Solution) {
        self.best_line = s.pv.clone();
        self.nodes = s.nodes;
        self.elapsed = s.elapsed;
        self.nodes_per_second = s.nodes as f64 / s.elapsed.as_secs_f64().max(1e-9);
    }

    /// The proved lower and upper bounds of `pos`'s value (the solve's
    /// position), the widest the board allows before the first pass.
    pub fn bounds(&self, pos: &Position) -> (Value, Value) {
        let (low, high) = widest_values(pos);
        (self.lower.unwrap_or(low), self.upper.unwrap_or(high))
    }
}

/// Default table size: 2²¹ buckets of four 16-byte entries (128 MiB).
pub const DEFAULT_TABLE_BITS: u32 = 21;
/// The table sizes a solver accepts, in bits (16 buckets to 64 GiB); a
/// size outside is clamped into it.
pub const TABLE_BITS: std::ops::RangeInclusive<u32> = 4..=30;

/// Stack for a solving thread: lines of long endgames recurse a few
/// thousand plies deep.
const SOLVER_STACK: usize = 512 << 20;

/// How long a small Bao la Kimasai endgame is searched for a short win or
/// loss before its retrograde analysis (see [`Solver::solve_with`]).
const QUICK_SEARCH: Duration = Duration::from_millis(300);

/// Longest principal line the solver reads out.
pub const MAX_LINE: usize = 4000;

/// The solver with its transposition table. Keep one for a session: values
/// proved by one solve speed up the next.
pub struct Solver {
    table: table::Table,
    stats: Stats,
    threads: usize,
}

impl Default for Solver {
    fn default() -> Self {
        Solver::new()
    }
}

impl Solver {
    pub fn new() -> Self {
        Solver::with_table_bits(DEFAULT_TABLE_BITS)
    }

    /// A solver with 2^`bits` table buckets (four entries each).
    pub fn with_table_bits(bits: u32) -> Self {
        Self::with_table(table::Table::new(
            bits.clamp(*TABLE_BITS.start(), *TABLE_BITS.end()),
        ))
    }

    fn with_table(table: table::Table) -> Self {
        Solver {
            table,
            stats: Stats::default(),
            threads: std::thread::available_parallelism().map_or(1, |n| n.get().min(2)),
        }
    }

    /// [`Self::with_table_bits`], or why its table does not fit: more than
    /// the machine has available (filling it would bring the system's
    /// out-of-memory killer), or memory that cannot be had at all.
    pub fn try_with_table_bits(bits: u32) -> Result<Self, String> {
        let bits = Self::check_table_bits(bits)?;
        Ok(Self::with_table(table::Table::try_new(bits)?))
    }

    /// A solver with the largest table of at most 2^`bits` buckets that
    /// the memory available allows, halving down to the smallest (which
    /// always fits): for a program that must not fail for want of memory,
    /// where a smaller table only makes solves slower.
    pub fn with_table_bits_or_less(bits: u32) -> Self {
        let least = *TABLE_BITS.start();
        // Memory said to be available may still be refused: halved again.
        (least + 1..=fitting_table_bits(bits, available_memory()))
            .rev()
            .find_map(|b| Self::try_with_table_bits(b).ok())
            .unwrap_or_else(|| Self::with_table_bits(least))
    }

    /// Whether a table of 2^`bits` buckets fits the memory available (the
    /// bits clamped into [`TABLE_BITS`]), before anything is allocated.
    pub fn check_table_bits(bits: u32) -> Result<u32, String> {
        let bits = bits.clamp(*TABLE_BITS.start(), *TABLE_BITS.end());
        let bytes = table::Table::bytes_for(bits);
        if let Some(available) = available_memory()
            && bytes > available
        {
            return Err(format!(
                "a table of 2^{bits} buckets needs {}, more than the {} of memory available",
                table::human_bytes(bytes),
                table::human_bytes(available)
            ));
        }
        Ok(bits)
    }

    /// Solves on `threads` threads (1 or 2; the default is 2 where the
    /// machine has two cores): the second runs the MTD(f) pass the first
    /// would run next, sharing the table.
    pub fn with_threads(mut self, threads: usize) -> Self {
        self.threads = threads.clamp(1, 2);
        self
    }

    /// Threads a solve uses.
    pub fn threads(&self) -> usize {
        self.threads
    }

    /// Forgets every proved value.
    pub fn clear(&self) {
        self.table.clear();
    }

    /// Counters of the last [`Solver::solve_with`] (value and line, or as
    /// far as it got when cancelled), for profiling.
    pub fn last_stats(&self) -> Stats {
        self.stats
    }

    /// Bytes of the transposition table.
    pub fn table_bytes(&self) -> usize {
        self.table.bytes()
    }

    /// Solves `pos` to the end, on this thread (with a helper thread of its
    /// own when two are set). Deep positions recurse deeply: call it from a
    /// thread with a large stack (as [`Session::solve`] does) for big
    /// boards.
    pub fn solve(&mut self, pos: &Position) -> Solution {
        match self.solve_with(&[], pos, None, None) {
            Ok(s) => s,
            Err(Cancelled) => unreachable!("a solve without a stop flag cannot be cancelled"),
        }
    }

    /// Solves `pos` reached after the game positions `history` (oldest
    /// first, `pos` itself not included), which count for repetition. Stops
    /// with `Err(Cancelled)` once `stop` is set; publishes progress to
    /// `progress`.
    pub fn solve_with(
        &mut self,
        history: &[Position],
        pos: &Position,
        stop: Option<&AtomicBool>,
        progress: Option<&Arc<Mutex<Progress>>>,
    ) -> Result<Solution, Cancelled> {
        let shared = Shared::new(pos);
        let mut search = Search::new(&self.table, stop, progress)
            .share(&shared, 0)
            .after_history(history, pos);
        if let Status::Over(result) = pos.status() {
            return Ok(Solution {
                value: final_value(pos, &result),
                best: None,
                pv: Vec::new(),
                nodes: 0,
                elapsed: search.elapsed(),
            });
        }
        // A small Bao la Kimasai endgame is valued whole, draws included
        // (the search proves no draw: see `retro`).
        if retro::applies(pos) {
            // Short wins and losses first: the search proves them at once,
            // while the analysis of a root with more positions than it
            // takes enumerates a million of them before it gives way (a
            // win in 1 ply took 6.5 s). What the try proves stays in the
            // table for the search below.
            if let Some((s, stats)) = self.quick_search(history, pos, stop, progress)? {
                self.stats = stats;
                return Ok(s);
            }
            let started = Instant::now();
            // The positions the analysis lists count as nodes, after the
            // quick search's (its solution's count too, so the count never
            // drops): a solve stopped meanwhile said "nodes=0" after a
            // second's work.
            let base = progress
                .and_then(|p| p.lock().ok().map(|p| p.nodes))
                .unwrap_or(0);
            // Time counts from the solve's start, as the quick search's did
            // (from the analysis's, it went back to 0 s), and the rate with
            // it (it stayed the quick search's last, or 0).
            let since = search.elapsed();
            let mut counted = |n: usize| {
                publish(progress, |p| {
                    p.retrograde = Some(n);
                    p.nodes = base + n as u64;
                    p.elapsed = since + started.elapsed();
                    p.nodes_per_second = p.nodes as f64 / p.elapsed.as_secs_f64().max(1e-9);
                })
            };
            let analysed =
                retro::Retro::analyse(pos, history, retro::MAX_POSITIONS, stop, &mut counted)?;
            publish(progress, |p| p.retrograde = None);
            if let Some(r) = analysed {
                let mut s = r.solution(started, MAX_LINE);
                s.nodes += base;
                s.elapsed += since;
                publish(progress, |p| {
                    p.proved(s.value);
                    p.read(&s);
                });
                self.stats = Stats {
                    nodes: s.nodes,
                    ..Stats::default()
                };
                return Ok(s);
            }
        }
        let table = &self.table;
        let threads = self.threads;
        let (result, helper_nodes) = std::thread::scope(|scope| {
            let helper = (threads > 1)
                .then(|| {
                    std::thread::Builder::new()
                        .name("solver helper".into())
                        .stack_size(SOLVER_STACK)
                        .spawn_scoped(scope, || {
                            crate::priority::as_worker();
                            let mut helper = Search::new(table, stop, None)
                                .share(&shared, 1)
                                .tell_questions(progress)
                                .after_history(history, pos);
                            // Its result is the main thread's too (shared
                            // bounds); only its work counts here.
                            let _ = helper.mtdf(pos, &shared, 1, |_, _, _, _| {});
                            helper.nodes
                        })
                        .ok()
                })
                .flatten();
            let result = Self::run(&mut search, &shared, pos, progress);
            shared.finish();
            let helper_nodes = helper.map_or(0, |h| h.join().unwrap_or(0));
            (result, helper_nodes)
        });
        self.stats = search.stats;
        self.stats.nodes = search.nodes + helper_nodes;
        // Exact at the end, stopped or not: the threads tell their counts
        // only every few thousand nodes while they run.
        let nodes = self.stats.nodes;
        publish(progress, |p| p.nodes = nodes);
        result.map(|mut s| {
            s.nodes += helper_nodes;
            s
        })
    }

    /// The value and the principal line of `pos`, a position not yet over.
    /// The search of `pos` on one thread for at most [`QUICK_SEARCH`]:
    /// its solution, or `None` when time ran out first.
    fn quick_search(
        &self,
        history: &[Position],
        pos: &Position,
        stop: Option<&AtomicBool>,
        progress: Option<&Arc<Mutex<Progress>>>,
    ) -> Result<Option<(Solution, Stats)>, Cancelled> {
        let quick_stop = AtomicBool::new(false);
        let table = &self.table;
        let stopped = || stop.is_some_and(|s| s.load(Ordering::Relaxed));
        let outcome = std::thread::scope(|scope| {
            let worker = std::thread::Builder::new()
                .name("solver quick search".into())
                .stack_size(SOLVER_STACK)
                .spawn_scoped(scope, || {
                    crate::priority::as_worker();
                    let shared = Shared::new(pos);
                    let mut search = Search::new(table, Some(&quick_stop), progress)
                        .share(&shared, 0)
                        .after_history(history, pos);
                    let result = Self::run(&mut search, &shared, pos, progress);
                    let mut stats = search.stats;
                    stats.nodes = search.nodes;
                    (result, stats)
                })
                .ok()?;
            let deadline = Instant::now() + QUICK_SEARCH;
            while !worker.is_finished() && Instant::now() < deadline && !stopped() {
                std::thread::sleep(Duration::from_millis(1));
            }
            quick_stop.store(true, Ordering::Relaxed);
            match worker.join() {
                Ok(done) => Some(done),
                Err(panic) => std::panic::resume_unwind(panic),
            }
        });
        match outcome {
            Some((Ok(solution), stats)) => Ok(Some((solution, stats))),
            _ if stopped() => Err(Cancelled),
            _ => Ok(None),
        }
    }

    fn run(
        search: &mut Search,
        shared: &Shared,
        pos: &Position,
        progress: Option<&Arc<Mutex<Progress>>>,
    ) -> Result<Solution, Cancelled> {
        let root = *pos;
        let score = search.mtdf(&root, shared, 0, |s, iteration, lo, hi| {
            if let Some(progress) = progress {
                let line = s.table_line(&root, 64);
                if let Ok(mut p) = progress.lock() {
                    p.iteration = iteration;
                    p.set_bounds(&root, lo, hi);
                    p.best_line = line;
                }
            }
        })?;
        let value = search::value_of(&root, score);
        publish(progress, |p| p.proved(value));
        let pv = search.principal_line(&root, score, MAX_LINE)?;
        let solution = Solution {
            value,
            best: pv.first().copied(),
            pv,
            nodes: search.nodes,
            elapsed: search.elapsed(),
        };
        publish(progress, |p| p.read(&solution));
        Ok(solution)
    }

    /// The value of every legal move of `pos` (for the side to move at
    /// `pos`), in sowing order: what a move list or an exercise shows.
    pub fn move_values(
        &mut self,
        history: &[Position],
        pos: &Position,
        stop: Option<&AtomicBool>,
    ) -> Result<Vec<(Move, Value)>, Cancelled> {
        let mut line = history.to_vec();
        line.push(*pos);
        let moves = moves_after(&line);
        // Every move ends the game or repeats: nothing to analyse (a big
        // game graph would be enumerated for nothing).
        if moves.iter().all(|m| m.settled.is_some()) {
            return Ok(moves
                .into_iter()
                .filter_map(|m| Some((m.mv, m.settled?)))
                .collect());
        }
        if retro::applies(pos)
            && !matches!(pos.status(), Status::Over(_))
            && let Some(r) =
                retro::Retro::analyse(pos, history, retro::MAX_POSITIONS, stop, &mut |_| {})?
        {
            return Ok(r.move_values());
        }
        moves
            .into_iter()
            .map(|m| match m.settled {
                Some(v) => Ok((m.mv, v)),
                None => {
                    let mut search =
                        Search::new(&self.table, stop, None).after_history(&line, &m.child);
                    let shared = Shared::new(&m.child);
                    let score = search.mtdf(&m.child, &shared, 0, |_, _, _, _| {})?;
                    Ok((m.mv, search::value_of(&m.child, score).flipped_after_move()))
                }
            })
            .collect()
    }
}

/// The key a solve of `pos` reached after the game positions `history` is
/// known by, for keeping its value. A solve counts a return to any position
/// of the game as its repetition, so one position can have other values
/// after other games (on a 2×3 board, +2 on its own and 0 after a game that
/// had met a position of its best line). The key is the position's own,
/// mixed with those of the history's positions it could come back to: the
/// ones with its captured counts and reserves (later positions never have
/// fewer captured or more in reserve). With none, it is the position's key.
pub fn solve_key(history: &[Position], pos: &Position) -> u64 {
    SolveKeys::after(history, pos).key(pos)
}

/// [`solve_key`] for each position of a game in turn, in time linear in the
/// game (a whole Bao la Kimasai raiding phase keeps its counts).
#[derive(Clone, Debug, Default)]
pub struct SolveKeys {
    /// The captured counts and reserves ([`search::zone`]) of the positions
    /// pushed since they last changed, whose repetition keys are `seen`.
    zone: Option<u64>,
    seen: std::collections::HashSet<u64>,
    /// The sum of the mixed keys of `seen` (a hash of the set, whatever the
    /// order the positions came in).
    sum: u64,
}

impl SolveKeys {
    /// The keys after `history`, for `pos`: only the positions since its
    /// captured counts and reserves were reached can come back.
    pub(crate) fn after(history: &[Position], pos: &Position) -> SolveKeys {
        let zone = search::zone(pos);
        let since = history
            .iter()
            .rposition(|p| search::zone(p) != zone)
            .map_or(0, |i| i + 1);
        let mut keys = SolveKeys::default();
        for p in &history[since..] {
            keys.push(p);
        }
        keys
    }

    /// Adds `pos` to the history.
    pub fn push(&mut self, pos: &Position) {
        let zone = search::zone(pos);
        if self.zone != Some(zone) {
            // None of the positions before can come back.
            *self = SolveKeys {
                zone: Some(zone),
                ..SolveKeys::default()
            };
        }
        let key = node_key(pos);
        if self.seen.insert(key) {
            self.sum = self.sum.wrapping_add(crate::engine::mix64(key));
        }
    }

    /// The [`solve_key`] of `pos` after the positions pushed so far.
    pub fn key(&self, pos: &Position) -> u64 {
        match self.history_hash(pos) {
            Some(hash) => pos.key() ^ hash,
            None => pos.key(),
        }
    }

    /// A hash of the positions pushed so far that `pos` could come back to
    /// (never zero), `None` when there are none. The position itself on the
    /// line adds nothing: a search puts it there anyway.
    pub(crate) fn history_hash(&self, pos: &Position) -> Option<u64> {
        if self.zone != Some(search::zone(pos)) {
            return None;
        }
        let own = node_key(pos);
        let (sum, n) = if self.seen.contains(&own) {
            (
                self.sum.wrapping_sub(crate::engine::mix64(own)),
                self.seen.len() - 1,
            )
        } else {
            (self.sum, self.seen.len())
        };
        (n > 0).then(|| crate::engine::mix64(sum ^ (n as u64).rotate_left(32)) | 1)
    }
}

/// A legal move of the last position of a line, the position after it, and
/// the move's value for the mover when it needs no solve
/// ([`settled_value_after`]).
#[derive(Clone, Debug)]
pub struct MoveAfter {
    pub mv: Move,
    pub child: Position,
    pub settled: Option<Value>,
}

/// The legal moves of the last position of `line` (the game so far), in
/// sowing order, with the positions after them and the values that need no
/// solve: the walk behind every list of move values. Proving a move endless
/// can take seconds, so a window calls [`moves_after_or_stop`] off its UI
/// thread.
pub fn moves_after(line: &[Position]) -> Vec<MoveAfter> {
    match moves_after_or_stop(line, || true) {
        Some(moves) => moves,
        None => unreachable!("asked to keep going"),
    }
}

/// [`moves_after`] for a walk that must stop promptly once nobody waits for
/// it: a long move asks `keep_going` every million laps or so, and when it
/// says no the walk gives up with `None`.
pub fn moves_after_or_stop(
    line: &[Position],
    mut keep_going: impl FnMut() -> bool,
) -> Option<Vec<MoveAfter>> {
    let Some(pos) = line.last() else {
        return Some(Vec::new());
    };
    let (legal, _endless) = pos.classify_moves_why_or_stop(&mut keep_going)?;
    let mut out = Vec::with_capacity(legal.len());
    for mv in legal {
        let Ok(child) = pos.try_play(mv) else {
            continue;
        };
        let settled = settled_value_after_or_stop(line, &child, &mut keep_going)?;
        out.push(MoveAfter { mv, child, settled });
    }
    Some(out)
}

/// The value, for the side that moved, of a move from the last position of
/// `line` (the game so far) into `child` when it needs no search: `child`
/// repeats a position of the line (a move into a repeated position ends the
/// game there) or the game is over in it. `None` when `child` must be
/// solved; its value is then its solution's, [`Value::flipped_after_move`].
pub fn settled_value_after(line: &[Position], child: &Position) -> Option<Value> {
    match settled_value_after_or_stop(line, child, || true) {
        Some(settled) => settled,
        None => unreachable!("asked to keep going"),
    }
}

/// [`settled_value_after`] that asks `keep_going` while it proves the
/// child's moves endless (its game is over when all are): `None` when it
/// said stop.
fn settled_value_after_or_stop(
    line: &[Position],
    child: &Position,
    keep_going: impl FnMut() -> bool,
) -> Option<Option<Value>> {
    let key = node_key(child);
    let v = if line.iter().any(|p| node_key(p) == key) {
        repetition_value(child)
    } else if let Status::Over(result) = child.status_or_stop(keep_going)? {
        final_value(child, &result)
    } else {
        return Some(None);
    };
    Some(Some(v.flipped_after_move()))
}

impl Value {
    /// The value, for its side to move, of the position a best move of a
    /// position of value `self` leads to: sides swap and a Bao la Kimasai
    /// distance shrinks by the move (the way back is
    /// [`Value::flipped_after_move`]).
    pub fn after_best_move(&self) -> Value {
        match *self {
            Value::Margin(m) => Value::Margin(-m),
            Value::Win { plies } => Value::Loss {
                plies: plies.saturating_sub(1),
            },
            Value::Loss { plies } => Value::Win {
                plies: plies.saturating_sub(1),
            },
            Value::Draw => Value::Draw,
        }
    }

    /// The value for the side that moved into a position of value `self`
    /// (for the side to move there): sides swap and a Bao la Kimasai
    /// distance grows by the move itself.
    pub fn flipped_after_move(&self) -> Value {
        match *self {
            Value::Margin(m) => Value::Margin(-m),
            Value::Win { plies } => Value::Loss { plies: plies + 1 },
            Value::Loss { plies } => Value::Win { plies: plies + 1 },
            Value::Draw => Value::Draw,
        }
    }
}

/// The value for the side to move of a position the first repetition ends.
fn repetition_value(pos: &Position) -> Value {
    match pos.variant() {
        Variant::EnGehe { .. } => {
            let me = pos.turn();
            let own =
                |s| pos.captured(s) as i32 + pos.row(s).iter().map(|&c| c as i32).sum::<i32>();
            Value::Margin(own(me) - own(me.opponent()))
        }
        Variant::BaoLaKimasai => Value::Draw,
    }
}

/// The value for the side to move of a finished position (`result`: how
/// its game ended, by the rules or by repetition).
pub fn final_value(pos: &Position, result: &crate::engine::GameResult) -> Value {
    let me = pos.turn();
    match (pos.variant(), result.score) {
        (Variant::EnGehe { .. }, Some(score)) => {
            Value::Margin(score[me.index()] as i32 - score[me.opponent().index()] as i32)
        }
        _ => match result.winner {
            Some(w) if w == me => Value::Win { plies: 0 },
            Some(_) => Value::Loss { plies: 0 },
            None => Value::Draw,
        },
    }
}

/// A solver kept for the session and shared with background solves.
#[derive(Clone, Default)]
pub struct Session {
    solver: Arc<Mutex<Solver>>,
}

impl Session {
    pub fn new() -> Self {
        Session::default()
    }

    /// A session whose solver has the default table, or a smaller one
    /// where memory is short ([`Solver::with_table_bits_or_less`]): the
    /// window's, which must not fail where a solve can still run.
    /// Its table's pages are had from the system at once, on a thread of
    /// their own (see [`Session::warm_up`]).
    pub fn within_memory() -> Self {
        let session = Session::with_solver(Solver::with_table_bits_or_less(DEFAULT_TABLE_BITS));
        session.warm_up();
        session
    }

    /// Has the system back the whole table on a background thread, which
    /// holds the solver meanwhile: a solve started before it is done waits
    /// for it, its clock started once it runs. Made early (the window
    /// makes its session when the solver panel or a study opens), the
    /// first solve does not pay for the pages its probes land on.
    pub fn warm_up(&self) {
        let solver = Arc::clone(&self.solver);
        // Without a thread the pages come as the first solve needs them.
        let _ = std::thread::Builder::new()
            .name("solver-warm-up".into())
            .spawn(move || {
                crate::priority::as_worker();
                let mut solver = solver.lock().unwrap_or_else(|e| e.into_inner());
                solver.table.touch_pages();
            });
    }

    pub fn with_solver(solver: Solver) -> Self {
        Session {
            solver: Arc::new(Mutex::new(solver)),
        }
    }

    /// The shared solver, for synchronous use (blocks while a background
    /// solve runs).
    pub fn solver(&self) -> std::sync::MutexGuard<'_, Solver> {
        self.solver.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Starts solving `pos` (reached after `history`) on a background
    /// thread. Cancel a running solve before starting the next: they share
    /// one table, so the second waits for the first.
    pub fn solve(&self, history: Vec<Position>, pos: Position) -> SolveHandle {
        let stop = Arc::new(AtomicBool::new(false));
        let progress = Arc::new(Mutex::new(Progress::default()));
        let result: ResultSlot = Arc::new(Mutex::new(None));
        let thread = {
            let (solver, stop, progress, result) = (
                Arc::clone(&self.solver),
                Arc::clone(&stop),
                Arc::clone(&progress),
                Arc::clone(&result),
            );
            std::thread::Builder::new()
                .name("solver".into())
                .stack_size(SOLVER_STACK)
                .spawn(move || {
                    crate::priority::as_worker();
                    let mut solver = solver.lock().unwrap_or_else(|e| e.into_inner());
                    let r = solver.solve_with(&history, &pos, Some(&stop), Some(&progress));
                    *result.lock().unwrap_or_else(|e| e.into_inner()) = Some(r);
                })
                .ok()
        };
        SolveHandle {
            stop,
            progress,
            result,
            thread,
        }
    }
}

/// Where the background thread leaves its result.
type ResultSlot = Arc<Mutex<Option<Result<Solution, Cancelled>>>>;

/// A solve running in the background. Dropping it cancels the solve.
pub struct SolveHandle {
    stop: Arc<AtomicBool>,
    progress: Arc<Mutex<Progress>>,
    result: ResultSlot,
    thread: Option<JoinHandle<()>>,
}

impl SolveHandle {
    /// The latest progress snapshot.
    pub fn progress(&self) -> Progress {
        self.progress.lock().map(|p| p.clone()).unwrap_or_default()
    }

    /// Asks the solve to stop; it ends within a few thousand nodes.
    pub fn cancel(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }

    /// Whether the solve has ended (finished or cancelled).
    pub fn is_finished(&self) -> bool {
        self.thread.as_ref().is_none_or(|t| t.is_finished())
    }

    /// The result once the solve has ended, without waiting.
    pub fn result(&self) -> Option<Result<Solution, Cancelled>> {
        if self.thread.is_none() {
            return Some(Err(Cancelled));
        }
        self.result.lock().ok().and_then(|r| r.clone())
    }

    /// Waits for the solve to end and returns its result.
    pub fn wait(mut self) -> Result<Solution, Cancelled> {
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
        self.result
            .lock()
            .ok()
            .and_then(|mut r| r.take())
            .unwrap_or(Err(Cancelled))
    }

    /// Waits at most `limit` for the solve to end; if it has not, stops it.
    /// `Err` carries the progress when time ran out (the bounds proved so
    /// far), or the last progress of a solve cancelled otherwise.
    pub fn finish_within(self, limit: Duration) -> Result<Solution, Progress> {
        self.finish_within_unless(limit, &AtomicBool::new(false))
    }

    /// [`Self::finish_within`], given up at once when `stop` is raised (by
    /// a caller whose answer nobody reads any more).
    pub fn finish_within_unless(
        self,
        limit: Duration,
        stop: &AtomicBool,
    ) -> Result<Solution, Progress> {
        let began = Instant::now();
        while !self.is_finished() && began.elapsed() < limit && !stop.load(Ordering::Relaxed) {
            std::thread::sleep(Duration::from_millis(2));
        }
        let elapsed = began.elapsed();
        let last = Arc::clone(&self.progress);
        self.cancel();
        // A solve that finished just as time ran out still counts; one
        // stopped says what it proved and searched up to its stop (its
        // node count is made exact as it ends).
        self.wait().map_err(|Cancelled| {
            let mut progress = last.lock().map(|p| p.clone()).unwrap_or_default();
            // The solve's own clock is only read now and then.
            progress.elapsed = progress.elapsed.max(elapsed);
            progress
        })
    }
}

impl Drop for SolveHandle {
    fn drop(&mut self) {
        self.cancel();
    }
}

/// The most table bits, at most `bits` (clamped into [`TABLE_BITS`]),
/// whose table fits in `available` bytes (any, where that is not known;
/// the least when none fits).
fn fitting_table_bits(bits: u32, available: Option<usize>) -> u32 {
    let mut bits = bits.clamp(*TABLE_BITS.start(), *TABLE_BITS.end());
    while bits > *TABLE_BITS.start() && available.is_some_and(|a| table::Table::bytes_for(bits) > a)
    {
        bits -= 1;
    }
    bits
}

/// The memory the system can still give (Linux: `MemAvailable` in
/// `/proc/meminfo`); `None` where that is not known.
fn available_memory() -> Option<usize> {
    let info = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = info.lines().find(|l| l.starts_with("MemAvailable:"))?;
    let kib: usize = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib.saturating_mul(1024))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_table_is_halved_until_it_fits_the_memory_available() {
        // 64-byte buckets: 2^24 of them are 1 GiB.
        assert_eq!(fitting_table_bits(30, Some(1 << 30)), 24);
        assert_eq!(fitting_table_bits(30, Some((1 << 30) - 1)), 23);
        assert_eq!(fitting_table_bits(21, Some(1 << 40)), 21);
        assert_eq!(fitting_table_bits(21, None), 21);
        assert_eq!(fitting_table_bits(40, None), *TABLE_BITS.end());
        assert_eq!(fitting_table_bits(30, Some(0)), *TABLE_BITS.start());
        let small = Solver::with_table_bits_or_less(10);
        assert_eq!(small.table.bytes(), table::Table::bytes_for(10));
    }

    #[test]
    fn bounds_read_as_what_the_deepening_proved() {
        let lower = |v: Value| v.describe_bound(true);
        let upper = |v: Value| v.describe_bound(false);
        assert_eq!(lower(Value::Margin(4)), "+4");
        assert_eq!(upper(Value::Margin(-2)), "-2");
        assert_eq!(lower(Value::Loss { plies: 9 }), "no loss within 8 plies");
        assert_eq!(upper(Value::Win { plies: 2 }), "no win within 1 ply");
        assert_eq!(lower(Value::Loss { plies: 1 }), "a loss in 1 ply");
        assert_eq!(lower(Value::Loss { plies: 0 }), "anything");
        assert_eq!(lower(Value::Win { plies: 5 }), "a win within 5 plies");
        assert_eq!(upper(Value::Loss { plies: 3 }), "a loss within 3 plies");
        assert_eq!(lower(Value::Draw), "no loss at all");
        assert_eq!(upper(Value::Draw), "no win at all");
        let (loss, win) = (Value::Loss { plies: 9 }, Value::Win { plies: 12 });
        assert_eq!(no_result_within(loss, win), Some(8));
        assert_eq!(no_result_within(Value::Draw, win), Some(11));
        assert_eq!(no_result_within(Value::Draw, Value::Draw), None);
        assert_eq!(no_result_within(Value::Margin(2), Value::Margin(4)), None);
    }
}
