//! Game-tree search for both games: iterative-deepening principal variation
//! search with a shared lock-free transposition table, TT-move, capture
//! guess, killer and history move ordering (moves are made lazily in that
//! order), late-move reductions, aspiration windows, an optional En Gehé
//! quiescence search, depth and time limits, cancellation at any moment,
//! and Lazy SMP on several threads. Also the computer players' levels.
//!
//! Scores are in tenths of a seed ([`SCALE`]) from the side to move's view.
//! A finished En Gehé game scores its exact final margin; a Bao la Kimasai
//! win scores [`WIN`] less the plies it takes. Endless moves never enter the
//! tree: a hole whose sowing is endless is simply not a child.
//!
//! Nothing here knows about the UI: the window polls [`SearchHandle::snapshot`].

mod bounded;
pub mod eval;
mod level;
mod tt;

pub use level::{
    Level, STRONG_DEPTH, STRONG_QUIESCENCE, Style, choose_move, greedy_move, random_move,
};
pub use tt::{Bound, Entry, Table};

use crate::engine::{BAO_ROW, Move, Position, Variant};
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// Score units per seed: scores are tenths of a seed.
pub const SCALE: i32 = 10;
/// A Bao la Kimasai win, less one unit per ply to reach it: far above any
/// En Gehé margin (a position holds at most 60,000 seeds, so its scores
/// stay within 600,000 units even with a lead of every seed).
pub const WIN: i32 = 10_000_000 * SCALE;
/// Scores this close to [`WIN`] are decided games.
pub const WIN_BOUND: i32 = WIN - 500;
const INF: i32 = 1_000_000_000;
/// Deepest ply the search reaches (depth plus extensions never exceed it).
pub const MAX_PLY: usize = 96;
/// Deepest nominal iteration.
pub const MAX_DEPTH: u32 = 64;
/// Most plies of quiescence search asked for: what the deepest iteration
/// leaves of [`MAX_PLY`] (below it the search stops at the ply limit).
pub const MAX_QUIESCENCE: u32 = MAX_PLY as u32 - 2 - MAX_DEPTH;

/// A score in seeds (for display).
pub fn seeds(score: i32) -> f64 {
    score as f64 / SCALE as f64
}

/// Whether a score is a decided Bao la Kimasai game.
pub fn is_decisive(score: i32) -> bool {
    score.abs() >= WIN_BOUND
}

/// The plies to the end of a decided Bao la Kimasai game (a win when the
/// score is positive), `None` for any other score.
pub fn decided_plies(score: i32) -> Option<i32> {
    is_decisive(score).then(|| WIN - score.abs())
}

/// Seeds the side to move takes with the move from `before` to `after`: En
/// Gehé captured seeds, Bao la Kimasai raided seeds (the fast equivalent of
/// `MoveTrace::seeds_taken`).
#[inline]
pub fn seeds_taken(before: &Position, after: &Position) -> u32 {
    let me = before.turn();
    match before.variant() {
        Variant::EnGehe { .. } => after.captured(me) - before.captured(me),
        Variant::BaoLaKimasai => {
            let owned =
                |p: &Position| p.row(me).iter().map(|&c| c as u32).sum::<u32>() + p.reserve(me);
            owned(after).saturating_sub(owned(before))
        }
    }
}

/// A cheap guess, without sowing, at what `mv` takes: the seeds a move
/// captures (En Gehé) or raids (Bao la Kimasai) when its first lap already
/// decides it, 0 for a relay (unknown until sown) or a quiet move. Used to
/// order moves before any is made, and to choose quiescence moves.
#[inline]
pub fn capture_hint(pos: &Position, mv: Move) -> u32 {
    let me = pos.turn();
    let i = mv.hole();
    match pos.variant() {
        Variant::EnGehe { holes } => {
            // No divisions: this runs for every hole of every node.
            let n = holes as usize;
            let ring_len = 2 * n;
            let ring = pos.board();
            let start = me.index() * n + i;
            let hand = ring[start] as usize;
            if hand == 0 || hand >= ring_len {
                return 0;
            }
            let mut last = start + hand;
            if last >= ring_len {
                last -= ring_len;
            }
            let own = if me.index() == 0 { last < n } else { last >= n };
            if ring[last] != 0 || !own {
                return 0;
            }
            let facing = ring_len - 1 - last;
            // The lap drops a seed in `facing` when it lies between the
            // start and the last hole.
            let offset = if facing >= start {
                facing - start
            } else {
                facing + ring_len - start
            };
            let passed = offset != 0 && offset <= hand;
            let there = ring[facing] as u32 + passed as u32;
            if there > 0 { there + 1 } else { 0 }
        }
        Variant::BaoLaKimasai => {
            if !pos.raids_allowed() {
                return 0;
            }
            const SIDE: usize = crate::engine::BAO_SIDE_HOLES;
            let row = pos.row(me);
            let hand = row[i] as usize;
            if hand == 0 || hand >= SIDE {
                return 0;
            }
            let last = (i + hand) % SIDE;
            if last >= BAO_ROW || row[last] == 0 {
                return 0;
            }
            pos.row(me.opponent())[BAO_ROW - 1 - last] as u32
        }
    }
}

/// The legal moves of a position with the positions after them (endless
/// moves left out; none once a Bao la Kimasai inner row is empty).
pub fn children(pos: &Position) -> Vec<(Move, Position)> {
    children_played(pos, |next, mv| next.apply_fast(mv).is_ok())
}

/// The moves of `pos` that end within the search tree's lap cap, with the
/// positions after them: [`children`] for work that must not wait for a
/// move to be proved endless (a move still sowing at the cap is left out).
pub fn children_in_tree(pos: &Position) -> Vec<(Move, Position)> {
    children_played(pos, bounded::play_in_tree)
}

/// The moves of `pos` that `play` plays (true), with the positions after
/// them; none once a Bao la Kimasai inner row is empty.
fn children_played(
    pos: &Position,
    play: impl Fn(&mut Position, Move) -> bool,
) -> Vec<(Move, Position)> {
    if pos.variant() == Variant::BaoLaKimasai && eval::bao_decided(pos, 0).is_some() {
        return Vec::new();
    }
    pos.candidate_moves()
        .filter_map(|mv| {
            let mut next = *pos;
            play(&mut next, mv).then_some((mv, next))
        })
        .collect()
}

/// The root's legal moves (decided exactly, as [`children`]; the moves in
/// `endless` are taken as proved endless), and the moves left undecided: still sowing when `stop` was set or, once some
/// other move is known to be legal, when `deadline` passed. Proving a move
/// endless can take tens of seconds (a 2×6 board whose move runs to the
/// 1,000,000,000-lap limit), which must not override a time limit when the
/// search has other moves to think about.
pub fn root_children(
    pos: &Position,
    endless: &[Move],
    stop: &AtomicBool,
    deadline: Option<Instant>,
) -> (Vec<(Move, Position)>, Vec<Move>) {
    root_children_while(pos, endless, || !stop.load(Ordering::Relaxed), deadline)
}

/// [`root_children`] sowing on while `go` says so (and, once some other
/// move is known to be legal, until `deadline`).
fn root_children_while(
    pos: &Position,
    endless: &[Move],
    go: impl Fn() -> bool,
    deadline: Option<Instant>,
) -> (Vec<(Move, Position)>, Vec<Move>) {
    if pos.variant() == Variant::BaoLaKimasai && eval::bao_decided(pos, 0).is_some() {
        return (Vec::new(), Vec::new());
    }
    let mut decided = Vec::new();
    let long = pos.sow_quick_moves(endless, |mv, next| {
        decided.push((mv, next));
        std::ops::ControlFlow::Continue(())
    });
    let mut undecided = Vec::new();
    for mv in long {
        let mut next = *pos;
        let known = !decided.is_empty();
        let played = next.apply_or_stop(mv, || {
            let late = known && deadline.is_some_and(|d| Instant::now() >= d);
            go() && !late
        });
        match played {
            Ok(()) => decided.push((mv, next)),
            Err(crate::engine::Unfinished::Endless(_)) => {}
            Err(crate::engine::Unfinished::Stopped) => undecided.push(mv),
        }
    }
    // In sowing order, as `children` lists them.
    decided.sort_by_key(|&(mv, _)| mv.0);
    (decided, undecided)
}

/// What to search and for how long.
#[derive(Clone, Debug)]
pub struct SearchConfig {
    /// Deepest iteration; `None` searches until the time runs out or stop.
    pub max_depth: Option<u32>,
    /// Time to think; `None` until the depth is reached or stop.
    pub movetime: Option<Duration>,
    /// Search threads (Lazy SMP); 1 gives deterministic results at a fixed depth.
    pub threads: usize,
    /// Root moves to score exactly: 1 for the best move only, `usize::MAX`
    /// to rank every legal move (the council's table).
    pub lines: usize,
    /// Transposition table size when no table is given.
    pub table_mb: usize,
    /// A table to reuse between searches (keeps what earlier searches learnt).
    pub table: Option<Arc<Table>>,
    /// Earlier positions of the game, oldest first (not the root): reaching
    /// one again in the search counts as the repetition outcome.
    pub history: Vec<Position>,
    /// Plies of En Gehé quiescence search at the leaves (captures the
    /// first lap decides, so a leaf is not judged in the middle of an
    /// exchange); 0, the default, judges every leaf by the static
    /// evaluation alone. Off by default because its scores depend a little
    /// on the search window: a one-line search and the all-moves ranking
    /// can then differ by a tenth of a seed on the same move.
    pub quiescence: u32,
    /// Root moves the caller has already proved endless (the window's own
    /// check of which moves end): left out without being sown again, which
    /// for some moves takes tens of seconds.
    pub endless: Vec<Move>,
    /// Stop at once when only one move is legal (a player against the
    /// clock needs no score for it). Off for analysis: the council and
    /// `analyse` show the forced move's score, which a shallow look can
    /// get wrong (a won ending called "1.3 seeds behind").
    pub stop_when_forced: bool,
}

/// Plies of quiescence search the Master level uses.
pub const QUIESCENCE_PLIES: u32 = 4;

impl Default for SearchConfig {
    fn default() -> Self {
        SearchConfig {
            max_depth: None,
            movetime: None,
            threads: 1,
            lines: 1,
            table_mb: 16,
            table: None,
            history: Vec::new(),
            endless: Vec::new(),
            quiescence: 0,
            stop_when_forced: false,
        }
    }
}

impl SearchConfig {
    pub fn depth(depth: u32) -> Self {
        SearchConfig {
            max_depth: Some(depth),
            ..Default::default()
        }
    }
    pub fn movetime(ms: u64) -> Self {
        SearchConfig {
            movetime: Some(Duration::from_millis(ms)),
            ..Default::default()
        }
    }
    pub fn all_moves(mut self) -> Self {
        self.lines = usize::MAX;
        self
    }
    pub fn threads(mut self, threads: usize) -> Self {
        self.threads = threads.max(1);
        self
    }
}

/// One root move as the search last saw it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    pub mv: Move,
    /// Tenths of a seed, side to move's view.
    pub score: i32,
    /// `Exact`, or `Upper` when the move was only shown to be worse than
    /// the lines above it (its true score is at most `score`).
    pub bound: Bound,
    /// Depth of the iteration that scored it.
    pub depth: u32,
    /// Principal variation, starting with `mv`.
    pub pv: Vec<Move>,
    /// Seeds the move captures (En Gehé) or raids (Bao la Kimasai) at once.
    pub taken_now: u32,
}

impl Line {
    pub fn seeds(&self) -> f64 {
        seeds(self.score)
    }
}

/// The search's progress: what the UI polls and what a finished search returns.
#[derive(Clone, Debug, Default)]
pub struct Analysis {
    /// Root moves, best first. Every legal move once depth 1 is done.
    pub lines: Vec<Line>,
    /// Deepest completed iteration.
    pub depth: u32,
    /// Nodes (positions searched) by all threads.
    pub nodes: u64,
    /// Moves made (sown) by all threads. Moves are made lazily, in order,
    /// so this is close to `nodes`; a move is made but not searched only
    /// when it turns out not to end within the tree's lap cap.
    pub moves_made: u64,
    pub elapsed: Duration,
    /// The search has stopped (limit reached, stopped, or game over).
    pub finished: bool,
    /// Root moves still sowing when the time ran out (or the search was
    /// stopped) while other moves were known: neither proved endless nor
    /// searched ([`root_children`]).
    pub undecided: Vec<Move>,
}

impl Analysis {
    pub fn best(&self) -> Option<&Line> {
        self.lines.first()
    }
    pub fn best_move(&self) -> Option<Move> {
        self.best().map(|l| l.mv)
    }
    pub fn line(&self, mv: Move) -> Option<&Line> {
        self.lines.iter().find(|l| l.mv == mv)
    }
    /// Nodes per second over the whole search.
    pub fn nps(&self) -> u64 {
        per_second(self.nodes, self.elapsed)
    }
    /// Moves made per second over the whole search.
    pub fn moves_per_second(&self) -> u64 {
        per_second(self.moves_made, self.elapsed)
    }
}

fn per_second(count: u64, elapsed: Duration) -> u64 {
    let s = elapsed.as_secs_f64();
    if s > 0.0 {
        (count as f64 / s) as u64
    } else {
        0
    }
}

/// State shared by the threads of one search and the handle.
struct Shared {
    stop: AtomicBool,
    /// Set by [`SearchHandle::stop`] (or dropping the handle) alone, not
    /// when the search ends by its own limits: the searches that carry
    /// lines on to their depth ([`carried_on`]) watch it, so a search
    /// asked to stop never runs on for them, while the depth reached (by
    /// any thread, which stops the others) lets its lines be carried on.
    cancel: Arc<AtomicBool>,
    /// Whether short lines are carried on before each depth is published
    /// (not in the searches that do the carrying on).
    carry: bool,
    /// Threads carrying a completed depth's lines on before publishing it:
    /// the search is not finished until they have.
    carrying: AtomicU32,
    /// Deepest iteration any thread has completed: a thread that finishes an
    /// iteration deeper than every other publishes it, and the others go on
    /// from there instead of repeating it (Lazy SMP gains from the helpers'
    /// deeper iterations, not only from the table they fill).
    completed: AtomicU32,
    nodes: AtomicU64,
    made: AtomicU64,
    result: Mutex<Analysis>,
    table: Arc<Table>,
    started: Instant,
    deadline: Option<Instant>,
    /// What to call once the search has ended ([`SearchHandle::on_finish`]).
    finish_hook: Mutex<FinishHook>,
}

/// A caller's wake-up, kept until the search's main thread ends.
enum FinishHook {
    Waiting(Option<Box<dyn FnOnce() + Send>>),
    Ended,
}

/// Ends the hook when the search's main thread ends, by return or by
/// panic: a window waiting for a move must hear of both.
struct EndsHook<'a>(&'a Shared);

impl Drop for EndsHook<'_> {
    fn drop(&mut self) {
        // A panic said nothing of the end: say the search is over, so that
        // what waits for it (the window's computer) goes on.
        if std::thread::panicking() {
            let mut r = match self.0.result.lock() {
                Ok(r) => r,
                Err(poisoned) => poisoned.into_inner(),
            };
            r.finished = true;
        }
        let hook = match self.0.finish_hook.lock() {
            Ok(mut h) => std::mem::replace(&mut *h, FinishHook::Ended),
            Err(poisoned) => std::mem::replace(&mut *poisoned.into_inner(), FinishHook::Ended),
        };
        if let FinishHook::Waiting(Some(f)) = hook {
            f();
        }
    }
}

impl Shared {
    fn new(
        config: &SearchConfig,
        table: Arc<Table>,
        cancel: Arc<AtomicBool>,
        carry: bool,
    ) -> Shared {
        let started = Instant::now();
        Shared {
            stop: AtomicBool::new(false),
            cancel,
            carry,
            carrying: AtomicU32::new(0),
            completed: AtomicU32::new(0),
            nodes: AtomicU64::new(0),
            made: AtomicU64::new(0),
            result: Mutex::new(Analysis::default()),
            table,
            started,
            deadline: config.movetime.map(|t| started + t),
            finish_hook: Mutex::new(FinishHook::Waiting(None)),
        }
    }

    /// Whether the search was asked to stop, or its time is up.
    fn cancelled(&self) -> bool {
        self.cancel.load(Ordering::Relaxed) || self.deadline.is_some_and(|d| Instant::now() >= d)
    }
}

/// A search running on background threads. Poll [`Self::snapshot`]; call
/// [`Self::stop`] to cancel (threads notice within about a thousand nodes).
/// Dropping the handle stops the search without waiting for its threads.
pub struct SearchHandle {
    shared: Arc<Shared>,
    threads: Vec<JoinHandle<()>>,
}

impl SearchHandle {
    /// Starts searching `root` in the background.
    pub fn start(root: Position, config: SearchConfig) -> SearchHandle {
        let table = config
            .table
            .clone()
            .unwrap_or_else(|| Arc::new(Table::new(config.table_mb)));
        let shared = Arc::new(Shared::new(
            &config,
            table,
            Arc::new(AtomicBool::new(false)),
            true,
        ));
        let config = Arc::new(config);
        let threads = (0..config.threads.max(1))
            .map(|id| {
                let shared = Arc::clone(&shared);
                let config = Arc::clone(&config);
                std::thread::Builder::new()
                    .name(format!("search-{id}"))
                    // Recursion depth times frame size (each ply keeps its
                    // move order on the stack) wants room.
                    .stack_size(32 << 20)
                    .spawn(move || {
                        crate::priority::as_worker();
                        run_thread(id, root, &config, &shared)
                    })
                    .expect("spawning a search thread")
            })
            .collect();
        SearchHandle { shared, threads }
    }

    /// The latest published analysis.
    pub fn snapshot(&self) -> Analysis {
        let mut a = self
            .shared
            .result
            .lock()
            .map(|r| r.clone())
            .unwrap_or_default();
        if !a.finished {
            a.nodes = self.shared.nodes.load(Ordering::Relaxed);
            a.moves_made = self.shared.made.load(Ordering::Relaxed);
            a.elapsed = self.shared.started.elapsed();
        }
        a
    }

    /// Asks every thread to stop at once.
    pub fn stop(&self) {
        self.shared.cancel.store(true, Ordering::Relaxed);
        self.shared.stop.store(true, Ordering::Relaxed);
    }

    /// Whether the search has ended (the main thread published its last result).
    pub fn is_finished(&self) -> bool {
        self.shared
            .result
            .lock()
            .map(|r| r.finished)
            .unwrap_or(true)
    }

    /// Calls `f` once the search has ended, on the search's thread (or at
    /// once, on the caller's, if it already has): a window that waits for
    /// the move wakes itself so, instead of drawing frames to poll. Also
    /// called when the search's main thread panics (the search then counts
    /// as finished). Replaces an earlier `f` not yet called.
    pub fn on_finish(&self, f: impl FnOnce() + Send + 'static) {
        let mut hook = match self.shared.finish_hook.lock() {
            Ok(h) => h,
            Err(poisoned) => poisoned.into_inner(),
        };
        match &mut *hook {
            FinishHook::Waiting(slot) => *slot = Some(Box::new(f)),
            FinishHook::Ended => {
                drop(hook);
                f();
            }
        }
    }

    /// Waits for the search to end by its own limits and returns the result.
    pub fn wait(mut self) -> Analysis {
        self.join();
        self.snapshot()
    }

    fn join(&mut self) {
        for t in self.threads.drain(..) {
            let _ = t.join();
        }
    }
}

impl Drop for SearchHandle {
    /// Stops the search without waiting: the threads own what they use and
    /// end on their own within about a thousand nodes, so dropping a stale
    /// search never blocks the UI thread.
    fn drop(&mut self) {
        self.stop();
    }
}

/// Searches synchronously (on the configured threads) and returns the result.
pub fn search(root: &Position, config: SearchConfig) -> Analysis {
    SearchHandle::start(*root, config).wait()
}

/// One root move during a search.
#[derive(Clone)]
struct RootMove {
    mv: Move,
    pos: Position,
    taken: u32,
    score: i32,
    bound: Bound,
    depth: u32,
    pv: Vec<Move>,
}

/// Whether every one of `lines` (the root moves shown, best first) is a
/// decided game within `depth` plies: a win or loss no deeper iteration
/// can change.
fn all_decided(lines: &[RootMove], depth: u32) -> bool {
    lines
        .iter()
        .all(|r| is_decisive(r.score) && (WIN - r.score.abs()) as u32 <= depth)
}

fn run_thread(id: usize, root: Position, config: &SearchConfig, shared: &Shared) {
    let _ends_hook = (id == 0).then(|| EndsHook(shared));
    let mut w = Worker::new(id, shared, config, &root);
    w.iterate(root, config);
    w.flush();
    if id == 0 {
        shared.stop.store(true, Ordering::Relaxed);
        // A thread that completed a deeper iteration may still be carrying
        // its lines on (milliseconds, and no longer than the search's
        // time or a stop allows): its depth is the search's result.
        while shared.carrying.load(Ordering::Acquire) > 0 {
            std::thread::sleep(Duration::from_micros(200));
        }
        if let Ok(mut r) = shared.result.lock() {
            r.finished = true;
            r.elapsed = shared.started.elapsed();
            r.nodes = shared.nodes.load(Ordering::Relaxed);
            r.moves_made = shared.made.load(Ordering::Relaxed);
        }
    }
}

struct Worker<'a> {
    id: usize,
    shared: &'a Shared,
    table: &'a Table,
    unflushed: u64,
    /// Moves made (positions generated) since the last flush.
    made: u64,
    stopped: bool,
    /// Stop checks are off until depth 1 is complete, so a result always exists.
    may_stop: bool,
    killers: [[Option<Move>; 2]; MAX_PLY],
    history: [[u32; 64]; 2],
    pv: Vec<[Move; MAX_PLY]>,
    pv_len: [usize; MAX_PLY],
    /// Keys along the current path, by ply.
    path: [u64; MAX_PLY],
    /// First ply from which a position may repeat (after the last capture,
    /// or the last reserve seed brought in).
    rev_from: [usize; MAX_PLY],
    /// Keys of earlier game positions that can still recur.
    history_keys: Vec<u64>,
    /// Plies of quiescence search at the leaves.
    quiescence: u32,
    /// The root's captured and reserve counts.
    root_sig: u64,
}

/// Captured and reserve counts: a change makes every earlier position unreachable.
#[inline]
fn material_sig(p: &Position) -> u64 {
    use crate::engine::Side::{North, South};
    p.captured(South) as u64
        | (p.captured(North) as u64) << 16
        | (p.reserve(South) as u64) << 32
        | (p.reserve(North) as u64) << 48
}

#[inline]
fn to_tt(score: i32, ply: usize) -> i32 {
    if score >= WIN_BOUND {
        score + ply as i32
    } else if score <= -WIN_BOUND {
        score - ply as i32
    } else {
        score
    }
}

#[inline]
fn from_tt(score: i32, ply: usize) -> i32 {
    if score >= WIN_BOUND {
        score - ply as i32
    } else if score <= -WIN_BOUND {
        score + ply as i32
    } else {
        score
    }
}

impl<'a> Worker<'a> {
    fn new(id: usize, shared: &'a Shared, config: &SearchConfig, root: &Position) -> Worker<'a> {
        let sig = material_sig(root);
        let history_keys = config
            .history
            .iter()
            // Either side to move: one with the other side to move is
            // met at an odd ply (the key tells the sides apart).
            .filter(|p| material_sig(p) == sig)
            .map(|p| p.key())
            .collect();
        Worker {
            id,
            shared,
            table: &shared.table,
            unflushed: 0,
            made: 0,
            stopped: false,
            may_stop: false,
            killers: [[None; 2]; MAX_PLY],
            history: [[0; 64]; 2],
            pv: vec![[Move(0); MAX_PLY]; MAX_PLY],
            pv_len: [0; MAX_PLY],
            path: [0; MAX_PLY],
            rev_from: [0; MAX_PLY],
            history_keys,
            quiescence: config.quiescence,
            root_sig: sig,
        }
    }

    fn flush(&mut self) {
        self.shared
            .nodes
            .fetch_add(self.unflushed, Ordering::Relaxed);
        self.shared.made.fetch_add(self.made, Ordering::Relaxed);
        self.unflushed = 0;
        self.made = 0;
    }

    #[inline]
    fn count_node(&mut self) {
        self.unflushed += 1;
        if self.unflushed >= 1024 {
            self.flush();
            if self.may_stop
                && (self.shared.stop.load(Ordering::Relaxed) || self.shared.cancelled())
            {
                self.shared.stop.store(true, Ordering::Relaxed);
                self.stopped = true;
            }
        }
    }

    /// Iterative deepening; whichever thread first completes a deeper
    /// iteration publishes it.
    fn iterate(&mut self, root: Position, config: &SearchConfig) {
        let shared = self.shared;
        let (decided, undecided) = root_children_while(
            &root,
            &config.endless,
            || !(shared.stop.load(Ordering::Relaxed) || shared.cancel.load(Ordering::Relaxed)),
            shared.deadline,
        );
        if self.id == 0
            && !undecided.is_empty()
            && let Ok(mut res) = self.shared.result.lock()
        {
            res.undecided = undecided;
        }
        let mut roots: Vec<RootMove> = decided
            .into_iter()
            .map(|(mv, pos)| RootMove {
                mv,
                taken: seeds_taken(&root, &pos),
                pos,
                score: -INF,
                bound: Bound::Upper,
                depth: 0,
                pv: vec![mv],
            })
            .collect();
        if roots.is_empty() {
            return;
        }
        // Captures first before anything is known.
        roots.sort_by_key(|r| std::cmp::Reverse(r.taken));
        let max_depth = config.max_depth.unwrap_or(MAX_DEPTH).clamp(1, MAX_DEPTH);
        let lines = config.lines.max(1);
        self.path[0] = root.key();
        self.rev_from[0] = 0;
        let mut prev_best = 0;
        let mut depth = 1 + (self.id as u32 % 2).min(max_depth - 1);
        while depth <= max_depth {
            // Aspiration: a narrow window around the last score, widened on failure.
            let mut delta = 3 * SCALE;
            let (mut alpha, mut beta) = if lines == 1 && depth >= 3 && !is_decisive(prev_best) {
                (prev_best - delta, prev_best + delta)
            } else {
                (-INF, INF)
            };
            loop {
                self.search_root(&mut roots, depth, alpha, beta, lines);
                if self.stopped {
                    break;
                }
                let best = roots[0].score;
                if best <= alpha && alpha > -INF {
                    alpha = (alpha - delta).max(-INF);
                } else if best >= beta && beta < INF {
                    beta = (beta + delta).min(INF);
                } else {
                    break;
                }
                delta *= 3;
                if delta > 60 * SCALE {
                    alpha = -INF;
                    beta = INF;
                }
            }
            if self.stopped {
                break;
            }
            self.may_stop = true;
            prev_best = roots[0].score;
            let deepest = self.shared.completed.fetch_max(depth, Ordering::AcqRel);
            if depth > deepest {
                if self.shared.carry {
                    // The thread that publishes the depth carries its
                    // lines on first, so no consumer sees them short.
                    self.shared.carrying.fetch_add(1, Ordering::AcqRel);
                    let _done = Carrying(&self.shared.carrying);
                    let shown = lines.min(roots.len());
                    self.carry_on(&mut roots[..shown], &root, config);
                }
                self.publish(&roots, depth);
            }
            if depth >= max_depth {
                // The deepest iteration asked for is done: every thread stops.
                self.shared.stop.store(true, Ordering::Relaxed);
                break;
            }
            // A decided game needs no deeper look, and neither do lines
            // that are all decided: with several lines shown, each of them
            // (a proved win for the best alone used to leave the others at
            // depth 1, heuristic scores beside a proved one). One legal
            // move needs none when playing against the clock.
            let decided = all_decided(&roots[..lines.min(roots.len())], depth);
            let forced = roots.len() == 1 && config.movetime.is_some() && config.stop_when_forced;
            if decided || forced || self.shared.stop.load(Ordering::Relaxed) {
                if decided || forced {
                    self.shared.stop.store(true, Ordering::Relaxed);
                }
                break;
            }
            // Skip iterations another thread has already completed.
            depth = (depth + 1).max(self.shared.completed.load(Ordering::Acquire) + 1);
        }
    }

    /// Carries each of `roots`' lines that a table cut-off left short while
    /// the game goes on to its depth ([`carried_on`]), with the search's
    /// table, until the search is asked to stop or its time is up. The
    /// positions searched count as the search's.
    fn carry_on(&mut self, roots: &mut [RootMove], root: &Position, config: &SearchConfig) {
        let history: Vec<Position> = config.history.iter().copied().chain([*root]).collect();
        for r in roots {
            let (line, _, nodes, made) = carry_line(
                &history,
                &r.pv,
                r.depth,
                config,
                &self.shared.table,
                &self.shared.cancel,
                self.shared.deadline,
            );
            r.pv = line;
            self.unflushed += nodes;
            self.made += made;
        }
    }

    fn publish(&self, roots: &[RootMove], depth: u32) {
        let lines = roots
            .iter()
            .map(|r| Line {
                mv: r.mv,
                score: r.score,
                bound: r.bound,
                depth: r.depth,
                pv: r.pv.clone(),
                taken_now: r.taken,
            })
            .collect();
        if let Ok(mut res) = self.shared.result.lock() {
            // Another thread may have published a deeper iteration meanwhile.
            if depth <= res.depth && !res.lines.is_empty() {
                return;
            }
            res.lines = lines;
            res.depth = depth;
            res.nodes = self.shared.nodes.load(Ordering::Relaxed) + self.unflushed;
            res.moves_made = self.shared.made.load(Ordering::Relaxed) + self.made;
            res.elapsed = self.shared.started.elapsed();
        }
    }

    /// Searches every root move at `depth`; the first `lines` get exact
    /// scores, the rest are tested against the `lines`-th best. Sorts
    /// `roots` best first. On stop, leaves `roots` as they were.
    fn search_root(
        &mut self,
        roots: &mut [RootMove],
        depth: u32,
        alpha0: i32,
        beta: i32,
        lines: usize,
    ) {
        let d = depth as i32;
        let mut scores: Vec<(i32, Bound, Vec<Move>)> = Vec::with_capacity(roots.len());
        let mut exact: Vec<i32> = Vec::new();
        let mut failed_high = false;
        let root_sig = self.root_sig;
        for (i, r) in roots.iter().enumerate() {
            // The window floor: the `lines`-th best exact score so far.
            let floor = if exact.len() >= lines {
                exact[lines - 1]
            } else if lines == 1 {
                alpha0
            } else {
                -INF
            };
            let child_rev = if material_sig(&r.pos) != root_sig {
                1
            } else {
                0
            };
            self.rev_from[1] = child_rev;
            let score = if i == 0 || exact.len() < lines {
                -self.negamax(&r.pos, d - 1, -beta, -floor, 1)
            } else {
                let s = -self.negamax(&r.pos, d - 1, -floor - 1, -floor, 1);
                if s > floor && !self.stopped {
                    -self.negamax(&r.pos, d - 1, -beta, -floor, 1)
                } else {
                    s
                }
            };
            if self.stopped {
                return;
            }
            let bound = if score <= floor && floor > -INF {
                Bound::Upper
            } else if score >= beta {
                Bound::Lower
            } else {
                Bound::Exact
            };
            let mut pv = vec![r.mv];
            if bound == Bound::Exact {
                pv.extend_from_slice(&self.pv[1][..self.pv_len[1]]);
                // A table cut-off below ends the searched line early (a
                // line of one move in the council's table): the table's
                // moves carry it on.
                if pv.len() < d as usize {
                    let mut end = r.pos;
                    let whole = pv[1..].iter().all(|&mv| end.apply_fast(mv).is_ok());
                    if whole {
                        self.tt_tail(&end, d as usize - pv.len(), &mut pv);
                    }
                }
                let at = exact.partition_point(|&e| e > score);
                exact.insert(at, score);
            } else {
                self.tt_tail(&r.pos, d as usize - 1, &mut pv);
            }
            scores.push((score, bound, pv));
            if bound == Bound::Lower && lines == 1 {
                // Aspiration fail-high: the caller widens and searches again.
                failed_high = true;
                break;
            }
        }
        let searched = scores.len();
        for (r, (score, bound, pv)) in roots.iter_mut().zip(scores) {
            r.score = score;
            r.bound = bound;
            r.pv = pv;
            r.depth = depth;
        }
        if failed_high {
            // The move that failed high leads the re-search, the others
            // keeping their order; and it is first, where the caller looks
            // for a fail-high (left in its place, a later move's was not
            // seen: the first move's score counted as the best, and a win
            // in three plies was passed over at every depth).
            roots[..searched].rotate_right(1);
            return;
        }
        // Exact lines above bounds at equal scores; stable keeps the order tie-break.
        roots.sort_by_key(|r| (std::cmp::Reverse(r.score), r.bound != Bound::Exact));
        if let Some(best) = roots.first() {
            self.table.store(
                self.path[0],
                Entry {
                    score: best.score,
                    depth: d,
                    bound: Bound::Exact,
                    mv: Some(best.mv),
                },
            );
        }
    }

    /// Follows table moves from `pos` to extend a line that has no exact PV.
    fn tt_tail(&self, pos: &Position, max: usize, pv: &mut Vec<Move>) {
        let mut p = *pos;
        let mut seen = Vec::new();
        for _ in 0..max {
            let key = p.key();
            if seen.contains(&key) {
                break;
            }
            seen.push(key);
            let Some(Entry { mv: Some(mv), .. }) = self.table.probe(key) else {
                break;
            };
            if mv.hole() >= p.holes_per_side() || p.seeds(p.turn(), mv.hole()) == 0 {
                break;
            }
            if p.apply_fast(mv).is_err() {
                break;
            }
            pv.push(mv);
        }
    }

    fn repeats(&self, key: u64, ply: usize) -> bool {
        let from = self.rev_from[ply];
        // Same side to move: every second ply back.
        let mut p = ply;
        while p >= from + 2 {
            p -= 2;
            if self.path[p] == key {
                return true;
            }
        }
        from == 0 && self.history_keys.contains(&key)
    }

    /// Records `mv` followed by the child's line as the line at `ply`.
    #[inline]
    fn update_pv(&mut self, ply: usize, mv: Move) {
        let (head, tail) = self.pv.split_at_mut(ply + 1);
        let n = self.pv_len[ply + 1];
        head[ply][0] = mv;
        head[ply][1..=n].copy_from_slice(&tail[0][..n]);
        self.pv_len[ply] = n + 1;
    }

    /// Searches one child: the first with the full window, later ones with
    /// a null window first (late quiet ones a ply shallower), re-searched
    /// when they beat alpha.
    #[allow(clippy::too_many_arguments)]
    #[inline]
    fn search_child(
        &mut self,
        child: &Position,
        index: usize,
        quiet: bool,
        depth: i32,
        alpha: i32,
        beta: i32,
        ply: usize,
    ) -> i32 {
        if index == 0 {
            return -self.negamax(child, depth - 1, -beta, -alpha, ply + 1);
        }
        let r = (depth >= 3 && index >= 3 && quiet) as i32;
        let mut s = -self.negamax(child, depth - 1 - r, -alpha - 1, -alpha, ply + 1);
        if s > alpha && r > 0 && !self.stopped {
            s = -self.negamax(child, depth - 1, -alpha - 1, -alpha, ply + 1);
        }
        if s > alpha && s < beta && !self.stopped {
            s = -self.negamax(child, depth - 1, -beta, -alpha, ply + 1);
        }
        s
    }

    /// A quiet move that caused a cut-off: remember it for ordering.
    #[inline]
    fn reward(&mut self, ply: usize, side: usize, mv: Move, depth: i32) {
        if self.killers[ply][0] != Some(mv) {
            self.killers[ply][1] = self.killers[ply][0];
            self.killers[ply][0] = Some(mv);
        }
        let h = &mut self.history[side][mv.hole()];
        *h = h.saturating_add((depth * depth) as u32);
    }

    #[allow(clippy::too_many_arguments)]
    #[inline]
    fn store(
        &self,
        key: u64,
        best: i32,
        alpha_orig: i32,
        beta: i32,
        depth: i32,
        ply: usize,
        mv: Option<Move>,
    ) {
        let bound = if best <= alpha_orig {
            Bound::Upper
        } else if best >= beta {
            Bound::Lower
        } else {
            Bound::Exact
        };
        self.table.store(
            key,
            Entry {
                score: to_tt(best, ply),
                depth,
                bound,
                mv,
            },
        );
    }

    fn negamax(
        &mut self,
        pos: &Position,
        depth: i32,
        mut alpha: i32,
        beta: i32,
        ply: usize,
    ) -> i32 {
        self.pv_len[ply] = 0;
        self.count_node();
        if self.stopped {
            return 0;
        }
        let bao = pos.variant() == Variant::BaoLaKimasai;
        if bao && let Some(s) = eval::bao_decided(pos, ply) {
            return s;
        }
        let key = pos.key();
        self.path[ply] = key;
        if self.repeats(key, ply) {
            return eval::repetition(pos);
        }
        if depth <= 0 || ply >= MAX_PLY - 2 {
            // Quiescence is for En Gehé only: in Bao la Kimasai a raid
            // quiescence measured weaker than static leaves at equal time
            // (README, "Measured numbers").
            return if bao {
                eval::evaluate(pos)
            } else {
                self.quiesce(pos, alpha, beta, ply, self.quiescence)
            };
        }
        let alpha_orig = alpha;
        let mut tt_move = None;
        if let Some(e) = self.table.probe(key) {
            tt_move = e.mv;
            if e.depth >= depth {
                let s = from_tt(e.score, ply);
                let hit = match e.bound {
                    Bound::Exact => true,
                    Bound::Lower => s >= beta,
                    Bound::Upper => s <= alpha,
                };
                if hit {
                    return s;
                }
            }
        }
        let me = pos.turn();
        let side = me.index();
        let sig = material_sig(pos);
        let endless = self.table.endless(key);
        let mut best = -INF;
        let mut best_move = None;
        let mut searched = 0usize;
        let mut found_endless = 0u64;

        // The table's move first, before anything else: at a cut node it
        // is often the only move needed.
        let tt_move = tt_move.filter(|m| {
            m.hole() < pos.holes_per_side()
                && pos.seeds(me, m.hole()) > 0
                && endless & (1 << m.hole()) == 0
        });
        if let Some(mv) = tt_move {
            let mut next = *pos;
            if bounded::play_in_tree(&mut next, mv) {
                self.made += 1;
                self.rev_from[ply + 1] = if material_sig(&next) != sig {
                    ply + 1
                } else {
                    self.rev_from[ply]
                };
                let score = self.search_child(&next, 0, false, depth, alpha, beta, ply);
                if self.stopped {
                    return 0;
                }
                searched = 1;
                best = score;
                best_move = Some(mv);
                if score > alpha {
                    alpha = score;
                    self.update_pv(ply, mv);
                    if alpha >= beta {
                        if seeds_taken(pos, &next) == 0 {
                            self.reward(ply, side, mv, depth);
                        }
                        self.store(key, best, alpha_orig, beta, depth, ply, best_move);
                        return best;
                    }
                }
            } else {
                found_endless |= 1 << mv.hole();
            }
        }

        // The other moves are ordered by cheap guesses (first-lap captures,
        // killers, history) and made one at a time in that order, so the
        // moves after a cut-off are never sown.
        let mut order: [(i64, u8); 64] = [(0, 0); 64];
        let mut len = 0;
        for (i, &c) in pos.row(me).iter().enumerate() {
            let mv = Move(i as u8);
            if c == 0 || Some(mv) == tt_move || endless & (1 << i) != 0 {
                continue;
            }
            let killer = if self.killers[ply][0] == Some(mv) {
                2 << 20
            } else if self.killers[ply][1] == Some(mv) {
                1 << 20
            } else {
                0
            };
            let hint = capture_hint(pos, mv) as i64;
            order[len] = (
                (hint << 24) + killer + self.history[side][i].min(1 << 19) as i64,
                i as u8,
            );
            len += 1;
        }
        for idx in 0..len {
            bring_best_to(&mut order[..len], idx);
            let (rank, hole) = order[idx];
            let mv = Move(hole);
            let mut next = *pos;
            if !bounded::play_in_tree(&mut next, mv) {
                found_endless |= 1 << hole;
                continue;
            }
            self.made += 1;
            self.rev_from[ply + 1] = if material_sig(&next) != sig {
                ply + 1
            } else {
                self.rev_from[ply]
            };
            let taken = seeds_taken(pos, &next);
            let quiet = taken == 0 && rank < (1 << 20);
            let score = self.search_child(&next, searched, quiet, depth, alpha, beta, ply);
            searched += 1;
            if self.stopped {
                return 0;
            }
            if score > best {
                best = score;
                best_move = Some(mv);
                if score > alpha {
                    alpha = score;
                    self.update_pv(ply, mv);
                    if alpha >= beta {
                        if taken == 0 {
                            self.reward(ply, side, mv, depth);
                        }
                        break;
                    }
                }
            }
        }
        if found_endless != 0 {
            // Endless moves can take a long time to recognise: remember them.
            self.table.store_endless(key, endless | found_endless);
        }
        if searched == 0 {
            return if bao {
                -WIN + ply as i32
            } else {
                eval::en_gehe_final(pos)
            };
        }
        self.store(key, best, alpha_orig, beta, depth, ply, best_move);
        best
    }

    /// Quiescence search: a leaf is not judged in the middle of an
    /// exchange. The side to move may stand on the static evaluation or
    /// play a move whose first lap already captures, found without sowing;
    /// those are cheap to make, and the answer to each is searched the same
    /// way, up to `left` plies. En Gehé only: Bao la Kimasai leaves are
    /// scored statically (a raid quiescence measured weaker).
    fn quiesce(&mut self, pos: &Position, mut alpha: i32, beta: i32, ply: usize, left: u32) -> i32 {
        let me = pos.turn();
        // An En Gehé side with an empty row cannot move: the game is over,
        // and its exact score comes before any static one (judged after
        // the stand-pat cut-off, a game won in three plies was scored as
        // a loss: the mover's captures counted, the remainder not).
        if pos.variant() != Variant::BaoLaKimasai && pos.row(me).iter().all(|&c| c == 0) {
            return eval::en_gehe_final(pos);
        }
        if left == 0 || ply >= MAX_PLY - 2 {
            return eval::evaluate(pos);
        }
        let stand = eval::evaluate(pos);
        if stand >= beta {
            return stand;
        }
        alpha = alpha.max(stand);
        let mut order: [(u32, u8); 64] = [(0, 0); 64];
        let mut len = 0;
        for (i, &c) in pos.row(me).iter().enumerate() {
            if c == 0 {
                continue;
            }
            let hint = capture_hint(pos, Move(i as u8));
            // Delta pruning: a capture that cannot lift the score to alpha
            // even with a margin is not worth a look (a capture moves both
            // the captured count and half the row count: 1.5 per seed).
            if hint > 0 && stand + (hint as i32 * 3 / 2 + 2) * SCALE > alpha {
                order[len] = (hint, i as u8);
                len += 1;
            }
        }
        let mut best = stand;
        for idx in 0..len {
            bring_best_to(&mut order[..len], idx);
            let mut next = *pos;
            // A first-lap capture ends on its first lap: never endless.
            if !bounded::play_in_tree(&mut next, Move(order[idx].1)) {
                continue;
            }
            self.made += 1;
            self.count_node();
            if self.stopped {
                return 0;
            }
            let score = if next.variant() == Variant::BaoLaKimasai
                && let Some(s) = eval::bao_decided(&next, ply + 1)
            {
                -s
            } else {
                -self.quiesce(&next, -beta, -alpha, ply + 1, left - 1)
            };
            if self.stopped {
                return 0;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        best
    }
}

/// Counts a thread out of [`Shared::carrying`] when dropped (on a panic too,
/// so the search still finishes).
struct Carrying<'a>(&'a AtomicU32);

impl Drop for Carrying<'_> {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::AcqRel);
    }
}

/// A search's `line` for a root move of `root`, carried on to the depth it
/// was searched to where it stops short while the game goes on, and
/// whether it is whole: as long as its depth, or ended by the game's end
/// or by a repetition (of the line or of `config.history`, which the
/// search scores as the end).
///
/// A table cut-off ends the searched line where the table held the
/// position's value; the search follows the table's moves on from there,
/// but the moves stored further on may since have been replaced by other
/// positions' (on 2×50 at depth 23, a line of 13 plies). The rest is then
/// searched again from where the line stops, to the depth left, with
/// `config.table` (the search's own, which holds most of it: milliseconds;
/// a new table of `config.table_mb` when there is none) and the line as
/// history, as the solver reads its line by searching again; until
/// `deadline`, if there is one, on one thread.
///
/// [`search`] and [`SearchHandle`] already carry the lines they publish on
/// within their own time; this is for a caller that gives the lines more
/// time of its own once the search is over (`analyse --movetime`).
pub fn carried_on(
    root: &Position,
    line: &Line,
    config: &SearchConfig,
    deadline: Option<Instant>,
) -> (Vec<Move>, bool) {
    let table = config
        .table
        .clone()
        .unwrap_or_else(|| Arc::new(Table::new(config.table_mb)));
    let history: Vec<Position> = config.history.iter().copied().chain([*root]).collect();
    let cancel = Arc::new(AtomicBool::new(false));
    // The search recurses deeply: on a thread with its search threads' stack.
    std::thread::scope(|s| {
        std::thread::Builder::new()
            .name("search-carry".into())
            .stack_size(32 << 20)
            .spawn_scoped(s, || {
                crate::priority::as_worker();
                let (line, whole, _, _) = carry_line(
                    &history, &line.pv, line.depth, config, &table, &cancel, deadline,
                );
                (line, whole)
            })
            .expect("spawning a search thread")
            .join()
            .unwrap_or_else(|e| std::panic::resume_unwind(e))
    })
}

/// [`carried_on`] for `pv` from the last of `history` (the root, after the
/// game's earlier positions), on this thread: the line, whether it is
/// whole, and the nodes searched and moves made for it. Stops when
/// `cancel` is set or at `deadline`.
fn carry_line(
    history: &[Position],
    pv: &[Move],
    depth: u32,
    config: &SearchConfig,
    table: &Arc<Table>,
    cancel: &Arc<AtomicBool>,
    deadline: Option<Instant>,
) -> (Vec<Move>, bool, u64, u64) {
    let (mut nodes, mut made) = (0, 0);
    let mut line = Vec::with_capacity(depth as usize);
    let mut positions = history.to_vec();
    // Plays `moves` on from the line's end; false at one that is not legal.
    fn play(moves: &[Move], line: &mut Vec<Move>, positions: &mut Vec<Position>) -> bool {
        for &mv in moves {
            let mut next = positions[positions.len() - 1];
            if next.apply_fast(mv).is_err() {
                return false;
            }
            line.push(mv);
            positions.push(next);
        }
        true
    }
    // The search's moves are legal; were one not, its line is left as it is.
    if !play(pv, &mut line, &mut positions) {
        return (pv.to_vec(), true, nodes, made);
    }
    loop {
        let (end, before) = positions.split_last().expect("the root is there");
        if line.len() >= depth as usize || before.contains(end) {
            return (line, true, nodes, made);
        }
        // Whether the game ends there may take sowing a long move: a stop
        // asked meanwhile is heeded within it.
        match end.status_or_stop(|| !cancel.load(Ordering::Relaxed)) {
            None => return (line, false, nodes, made),
            Some(crate::engine::Status::Over(_)) => return (line, true, nodes, made),
            Some(crate::engine::Status::Ongoing) => {}
        }
        let left = depth - line.len() as u32;
        let movetime = match deadline {
            None => None,
            Some(d) => match d.checked_duration_since(Instant::now()) {
                Some(t) if !t.is_zero() => Some(t),
                _ => return (line, false, nodes, made),
            },
        };
        if cancel.load(Ordering::Relaxed) {
            return (line, false, nodes, made);
        }
        let rest_config = SearchConfig {
            max_depth: Some(left),
            movetime,
            threads: 1,
            lines: 1,
            table: None,
            history: before.to_vec(),
            endless: Vec::new(),
            stop_when_forced: false,
            ..config.clone()
        };
        let shared = Shared::new(&rest_config, Arc::clone(table), Arc::clone(cancel), false);
        let mut w = Worker::new(0, &shared, &rest_config, end);
        w.iterate(*end, &rest_config);
        w.flush();
        nodes += shared.nodes.load(Ordering::Relaxed);
        made += shared.made.load(Ordering::Relaxed);
        let rest = shared.result.into_inner().unwrap_or_default();
        let Some(best) = rest.best().filter(|b| !b.pv.is_empty()) else {
            return (line, false, nodes, made);
        };
        // A search stopped by the time before its depth: its line is
        // shallower, and no more is tried.
        if !play(&best.pv, &mut line, &mut positions) || rest.depth < left {
            let whole = line.len() >= depth as usize;
            return (line, whole, nodes, made);
        }
    }
}

/// Moves the best-ranked of `order[idx..]` to `idx`: one step of a
/// selection sort, so that a cut-off on an early move never pays for
/// sorting the rest.
#[inline]
fn bring_best_to<K: PartialOrd>(order: &mut [(K, u8)], idx: usize) {
    let mut pick = idx;
    for j in idx + 1..order.len() {
        if order[j].0 > order[pick].0 {
            pick = j;
        }
    }
    order.swap(idx, pick);
}
