//! The search itself: fail-soft alpha-beta on exact scores with a
//! transposition table of proved bounds, enhanced transposition cut-offs,
//! move ordering, budget widening and restarts (En Gehé), repetition over
//! the current line, and the MTD(f) driver.
//!
//! Scores are *node-relative*, for the side to move, so that a table entry is
//! valid wherever the position turns up:
//! - En Gehé: the seed margin the side to move still gains from the board
//!   (its future captures and remainder minus the opponent's). Captured
//!   counts only shift the final margin, so they are not part of the key;
//!   the margin of the whole game is `captured(me) − captured(opp) + score`.
//! - Bao la Kimasai: `MATE − d` for a win in `d` plies (the winning move
//!   included), `−(MATE − d)` for a loss in `d` plies, 0 for a draw by
//!   repetition.

use super::table::Table;
use super::{Cancelled, Progress, Value, publish};
use crate::engine::{
    BAO_ROW, Endless, MAX_HOLES, Move, OriginRule, Position, Side, Unfinished, Variant, mix64,
};
use std::sync::atomic::{AtomicBool, AtomicI32, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Instant;

pub(crate) const MATE: i32 = 1_000_000;
/// Seeds in the opponent's row above which a node checks for a stop
/// between its moves (see `children`).
const HEAVY_BOARD: i64 = 2_000;

pub(crate) const MATE_THRESHOLD: i32 = MATE / 2;
pub(crate) const INF: i32 = 2_000_000;
/// No repetition seen in a subtree.
const NO_REP: usize = usize::MAX;
/// Size of the counting filter in front of the path scan.
const REP_FILTER: usize = 4096;
/// Nodes between progress updates (the stop flag is read at every node).
const POLL_MASK: u64 = 0x3FFF;
/// En Gehé budget widening: the nodes each move first gets, and the factor
/// by which the budget grows each round (measured on played endgames:
/// 5,000 and 4 did best among 1,000–100,000 and 2–16).
const FIRST_BUDGET: u64 = 5_000;
const BUDGET_GROWTH: u64 = 4;
/// Laps after which a move in the tree is left unsettled until its node
/// needs it (see [`Search::children`]): past every ordinary move, half a
/// millisecond of sowing.
const SETTLE_LAPS: u64 = 1 << 14;
/// En Gehé restarts: a pass's node budgets are Luby's sequence times this
/// (about a second of search on two threads; measured on the played
/// endgames against 2^20).
const RESTART_UNIT: u64 = 1 << 22;
/// En Gehé: the restart units of nodes an MTD(f) pass asking an extreme
/// question ("does one side take every seed?") may take before it is given
/// up for the passes that close in from a guess.
const EXTREME_UNITS: u64 = 2;
/// En Gehé history heuristic: a cut-off adds `CHEAP_CUT_LOG - log2(its
/// node's nodes)` (at least 1) to its hole's count, so cheap refutations
/// count most; counts are halved when one reaches [`HISTORY_CAP`].
const CHEAP_CUT_LOG: u32 = 26;
/// Steps back a principal line's reading may take where a table bound led
/// it where no move keeps the score (see [`Search::principal_line`]).
const LINE_BACKTRACKS: u32 = 64;
const HISTORY_CAP: u32 = 0x7FFF;

/// Luby's restart sequence 1, 1, 2, 1, 1, 2, 4, 1, … (`i` from 1).
fn luby(i: u64) -> u64 {
    let mut i = i.max(1);
    loop {
        // k with 2^(k-1) <= i < 2^k
        let k = 64 - i.leading_zeros() as u64;
        if i == (1 << k) - 1 {
            return 1 << (k - 1);
        }
        i -= (1 << (k - 1)) - 1;
    }
}

/// Why a search stopped before its answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Halt {
    /// Stopped by the user or abandoned (see [`Search::poll`]).
    Cancelled,
    /// A move's node budget ran out (budget widening); the node that set
    /// the budget tries its other moves first.
    OutOfBudget,
}

impl From<Cancelled> for Halt {
    fn from(_: Cancelled) -> Self {
        Halt::Cancelled
    }
}

/// Sorts `perm` (indices into `kids`) best-looking first. Few moves: an
/// insertion sort, stable for equal orders (sowing order).
#[inline]
fn sort_by_order(kids: &[Child], perm: &mut [u8]) {
    for i in 1..perm.len() {
        let mut j = i;
        while j > 0 && kids[perm[j - 1] as usize].order < kids[perm[j] as usize].order {
            perm.swap(j - 1, j);
            j -= 1;
        }
    }
}

/// The opponent's seeds a move's ordering compares: En Gehé, those in the
/// opponent's row (seeds sent across); Bao la Kimasai, those in the
/// opponent's inner row (seeds raided).
#[inline]
fn opp_seeds(pos: &Position, me: Side) -> i64 {
    let row = pos.row(me.opponent());
    if pos.variant().is_en_gehe() {
        // Summed in 32 bits, which vectorise four times wider than 64.
        row.iter().map(|&c| c as u32).sum::<u32>() as i64
    } else {
        row[..BAO_ROW].iter().map(|&c| c as i64).sum::<i64>()
    }
}

/// The key of a position on the searched line (repetition): board, side to
/// move and the origin rule for En Gehé, [`Position::key`] for Bao la
/// Kimasai (reserves and the opening flag matter there). Captured counts are
/// not part of an En Gehé key: they only shift the final margin.
pub fn node_key(pos: &Position) -> u64 {
    line_key(pos, table_key(pos))
}

/// [`node_key`] from the position's [`table_key`].
#[inline]
fn line_key(pos: &Position, table_key: u64) -> u64 {
    match pos.variant() {
        // The two colourings of one board share a table key, so the side to
        // move tells them apart on the line.
        Variant::EnGehe { .. } => {
            table_key ^ (pos.turn() as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15)
        }
        Variant::BaoLaKimasai => table_key,
    }
}

/// The key under which a position's score is stored. En Gehé is symmetric
/// under swapping the sides (turning the board half round keeps every hole
/// facing the same hole and swaps the rows' owners), and scores are for the
/// side to move, so the key reads the ring from the mover's hole 1: a
/// position and its mirror image with the other side to move share an
/// entry.
#[inline]
pub(crate) fn table_key(pos: &Position) -> u64 {
    match pos.variant() {
        Variant::EnGehe { holes } => {
            let n = holes as usize;
            let board = pos.board();
            let turn = pos.turn().index();
            let mut h: u64 = 0x6a09_e667_f3bc_c908
                ^ board.len() as u64
                ^ (((pos.origin() == OriginRule::Skip) as u64) << 9);
            for r in [turn, 1 - turn] {
                h = hash_row(h, &board[r * n..(r + 1) * n]);
            }
            // SplitMix64's finaliser spreads the product's high bits down
            // into the bits the table indexes with.
            mix64(h)
        }
        Variant::BaoLaKimasai => pos.key(),
    }
}

/// Mixes one row into `h`, four holes (16 bits each) to a word.
#[inline(always)]
fn hash_row(mut h: u64, row: &[u16]) -> u64 {
    const K: u64 = 0x517c_c1b7_2722_0a95;
    let mut chunks = row.chunks_exact(4);
    for c in &mut chunks {
        let w = c[0] as u64 | (c[1] as u64) << 16 | (c[2] as u64) << 32 | (c[3] as u64) << 48;
        h = (h.rotate_left(23) ^ w).wrapping_mul(K);
    }
    let rest = chunks.remainder();
    if !rest.is_empty() {
        let mut w = 0u64;
        for (j, &c) in rest.iter().enumerate() {
            w |= (c as u64) << (16 * j);
        }
        h = (h.rotate_left(23) ^ w).wrapping_mul(K);
    }
    h
}

/// Bao la Kimasai: the score an empty inner row already decides.
#[inline]
pub(crate) fn bao_decided(pos: &Position) -> Option<i32> {
    let inner_empty = |s: Side| pos.row(s)[..BAO_ROW].iter().all(|&c| c == 0);
    if inner_empty(pos.turn()) {
        Some(-MATE)
    } else if inner_empty(pos.turn().opponent()) {
        Some(MATE)
    } else {
        None
    }
}

/// The score of a repetition (RULES.md: the first repetition inside the
/// search ends the game as a threefold one would): En Gehé, each side takes
/// its own row; Bao la Kimasai, a draw.
fn repetition_score(pos: &Position) -> i32 {
    match pos.variant() {
        Variant::EnGehe { .. } => {
            let sum = |s: Side| pos.row(s).iter().map(|&c| c as i32).sum::<i32>();
            sum(pos.turn()) - sum(pos.turn().opponent())
        }
        Variant::BaoLaKimasai => 0,
    }
}

/// The parent's score of a move from the child's score: the child's score is
/// for the opponent, so it is negated, plus the seeds the move captured (En
/// Gehé), or aged by one ply (Bao la Kimasai wins and losses).
#[inline]
pub(crate) fn from_child(child: i32, gain: i32, en_gehe: bool) -> i32 {
    if en_gehe {
        gain - child
    } else if child > MATE_THRESHOLD {
        -(child - 1)
    } else if child < -MATE_THRESHOLD {
        -(child + 1)
    } else {
        -child
    }
}

/// The inverse of [`from_child`]: the child's score that gives `parent`.
#[inline]
pub(crate) fn to_child(parent: i32, gain: i32, en_gehe: bool) -> i32 {
    if en_gehe {
        gain - parent
    } else if parent > MATE_THRESHOLD {
        -(parent + 1)
    } else if parent < -MATE_THRESHOLD {
        -(parent - 1)
    } else {
        -parent
    }
}

/// The final value of a position with node-relative score `score`.
pub(crate) fn value_of(pos: &Position, score: i32) -> Value {
    match pos.variant() {
        Variant::EnGehe { .. } => {
            let me = pos.turn();
            Value::Margin(pos.captured(me) as i32 - pos.captured(me.opponent()) as i32 + score)
        }
        Variant::BaoLaKimasai => {
            if score > MATE_THRESHOLD {
                Value::Win {
                    plies: (MATE - score) as u32,
                }
            } else if score < -MATE_THRESHOLD {
                Value::Loss {
                    plies: (MATE + score) as u32,
                }
            } else {
                Value::Draw
            }
        }
    }
}

/// Counters of one search, for profiling (`maasai-mancala bench --solver --stats`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Nodes entered.
    pub nodes: u64,
    /// Nodes that met a repetition on the line.
    pub repetitions: u64,
    /// Table probes at node entry, and those that found the key.
    pub probes: u64,
    pub probe_hits: u64,
    /// Nodes answered by the table's bounds alone.
    pub table_cuts: u64,
    /// Nodes answered by the seeds-on-the-board bounds.
    pub ceiling_cuts: u64,
    /// Nodes answered by an enhanced transposition cut-off.
    pub etc_cuts: u64,
    /// Moves whose search ran out of its node budget and was put off to a
    /// later round with a bigger one (budget widening).
    pub deferred: u64,
    /// Nodes searched whose score depended on the line above them (stored
    /// with their move only).
    pub line_dependent: u64,
    /// Deepest ply reached.
    pub max_ply: u64,
    /// MTD(f) passes.
    pub passes: u64,
    /// En Gehé passes restarted with another tie-break.
    pub restarts: u64,
    /// En Gehé extreme questions given up after `EXTREME_UNITS` restart units.
    pub extremes_dropped: u64,
    /// Long moves left unsettled (not played) when their node was listed,
    /// and those its node later needed played after all.
    pub unsettled: u64,
    pub settled_late: u64,
}

/// En Gehé: the most seeds the opponent of `me` (to move in `pos`) takes
/// by stepping a single seed into an empty hole that faces seeds of `me`
/// (captured seeds plus the trigger seed).
fn single_step_threat(pos: &Position, me: Side) -> i64 {
    let mine = pos.row(me);
    let theirs = pos.row(me.opponent());
    let n = theirs.len();
    if n < 2 {
        return 0;
    }
    // Branch-free over equal-length slices so that it vectorises: this runs
    // for every child of every node. Their hole j+1 faces my hole n-2-j.
    let (from, to, facing) = (&theirs[..n - 1], &theirs[1..], &mine[..n - 1]);
    let mut worst = 0u32;
    for j in 0..n - 1 {
        let f = facing[n - 2 - j] as u32;
        let hit = (from[j] == 1) & (to[j] == 0) & (f > 0);
        worst = worst.max(if hit { f + 1 } else { 0 });
    }
    worst as i64
}

/// What the threads of one solve share about its root: the proved
/// interval of the score, the pass each thread is running (its β, the
/// window being `(β−1, β)`), a flag per thread to abandon that pass, and
/// the node count.
pub(crate) struct Shared {
    lo: AtomicI32,
    hi: AtomicI32,
    betas: [AtomicI32; 2],
    aborts: [AtomicBool; 2],
    pub nodes: AtomicU64,
}

/// No pass running.
const NO_BETA: i32 = i32::MIN;

/// Bao la Kimasai's next MTD(f) question inside `(lo, hi]`, other than
/// `busy` (the other thread's): "a win within d plies?" (β = MATE − d) or
/// "a loss within d plies?" (β = d − MATE + 1, failing it means the loss),
/// for the smallest d, a win first. Each such question is bounded: a line
/// that has not decided the question within d plies is cut by the ceiling
/// (an undecided position is at best a win in 1 ply). Phase 2 keeps all 64
/// seeds on the board and its lines can run for a hundred thousand plies
/// before a position repeats, so an unbounded first pass may never come
/// back; deepening finds short wins and losses first and proves "no win
/// (loss) within d" on the way. Fail-soft results that met no cut are exact
/// bounds, so a small tree still ends in its draw or long win.
fn bao_question(lo: i32, hi: i32, busy: i32) -> Option<i32> {
    // The smallest d whose win question is at most `hi`, and whose loss
    // question is above `lo`.
    let win_from = (MATE - hi).max(1);
    let loss_from = (lo + MATE).max(1);
    let mut asks = [
        (win_from, MATE - win_from),
        (win_from + 1, MATE - win_from - 1),
        (loss_from, loss_from - MATE + 1),
        (loss_from + 1, loss_from + 2 - MATE),
    ];
    asks.sort_by_key(|&(d, _)| d);
    asks.iter()
        .map(|&(_, beta)| beta)
        .find(|&beta| beta > lo && beta <= hi && beta != busy)
}

/// The widest interval of `pos`'s node-relative score: the seeds on the
/// board either way (En Gehé), or between the extreme results.
pub(crate) fn score_range(pos: &Position) -> (i32, i32) {
    if pos.variant().is_en_gehe() {
        let s = pos.board_seeds() as i32;
        (-s, s)
    } else {
        (-MATE, MATE)
    }
}

impl Shared {
    /// The shared state for solving `pos`, its interval [`score_range`].
    pub fn new(pos: &Position) -> Self {
        let (lo, hi) = score_range(pos);
        Shared {
            lo: AtomicI32::new(lo),
            hi: AtomicI32::new(hi),
            betas: [AtomicI32::new(NO_BETA), AtomicI32::new(NO_BETA)],
            aborts: [AtomicBool::new(false), AtomicBool::new(false)],
            nodes: AtomicU64::new(0),
        }
    }

    pub fn bounds(&self) -> (i32, i32) {
        let lo = self.lo.load(Ordering::SeqCst);
        let hi = self.hi.load(Ordering::SeqCst);
        // Bounds proved under different lines may disagree (graph-history
        // approximation): trust the lower, as the table does.
        (lo, hi.max(lo))
    }

    /// Announces that thread `role` tests `beta`; false if the interval has
    /// already moved past it.
    fn begin(&self, role: usize, beta: i32) -> bool {
        self.betas[role].store(beta, Ordering::SeqCst);
        self.aborts[role].store(false, Ordering::SeqCst);
        let (lo, hi) = self.bounds();
        beta > lo && beta <= hi
    }

    /// The helper's pass: one step beyond the main thread's in the
    /// direction MTD(f) is moving (scores keep the parity of the seeds on
    /// the board, so a step of 2 is the next distinct question), if that
    /// is still open.
    fn speculate(&self, lo: i32, hi: i32) -> Option<i32> {
        let main = self.main_beta(lo, hi)?;
        let beta = if main - lo <= hi - main {
            main + 2
        } else {
            main - 2
        };
        (beta > lo && beta <= hi).then_some(beta)
    }

    /// The main thread's β, if it is running a pass still inside (lo, hi].
    fn main_beta(&self, lo: i32, hi: i32) -> Option<i32> {
        let main = self.betas[0].load(Ordering::SeqCst);
        (main != NO_BETA && main > lo && main <= hi).then_some(main)
    }

    /// Records the result `g` of thread `role`'s pass at `beta` and returns
    /// the new interval; abandons the other thread's pass if it no longer
    /// lies inside.
    fn prove(&self, role: usize, g: i32, beta: i32) -> (i32, i32) {
        if g < beta {
            self.hi.fetch_min(g.min(beta - 1), Ordering::SeqCst);
        } else {
            self.lo.fetch_max(g.max(beta), Ordering::SeqCst);
        }
        self.betas[role].store(NO_BETA, Ordering::SeqCst);
        let (lo, hi) = self.bounds();
        let other = 1 - role;
        let b = self.betas[other].load(Ordering::SeqCst);
        if b != NO_BETA && (b <= lo || b > hi) {
            self.aborts[other].store(true, Ordering::SeqCst);
        }
        (lo, hi)
    }

    /// Thread `role` gave its pass up unanswered; the other thread, if it
    /// had joined that same pass, gives it up too (it has no budget of its
    /// own there and would go on with the question alone).
    fn drop_pass(&self, role: usize) {
        let beta = self.betas[role].swap(NO_BETA, Ordering::SeqCst);
        let other = 1 - role;
        if beta != NO_BETA && self.betas[other].load(Ordering::SeqCst) == beta {
            self.aborts[other].store(true, Ordering::SeqCst);
        }
    }

    /// Ends every pass (the value is known, or the solve stops).
    pub fn finish(&self) {
        for a in &self.aborts {
            a.store(true, Ordering::SeqCst);
        }
    }
}

/// A legal move with the position after it, ready for ordering.
#[derive(Clone, Copy)]
struct Child {
    pos: Position,
    mv: u8,
    gain: i32,
    order: i64,
    /// Its [`table_key`], filled in by the enhanced transposition cut-off.
    key: u64,
    /// False while the move is not played yet (see [`Search::children`]).
    settled: bool,
}

/// A position of a principal line being read: its moves, the score it
/// needs, and how far the choice of its move has got (the table's proved
/// move first, then the moves in order from `next`).
struct LineStep {
    kids: Vec<Child>,
    perm: Vec<u8>,
    score: i32,
    proved_tried: bool,
    /// The move the table proved, once tried: not tried again in order
    /// (its search would only read the same bound, back into the
    /// position the line just gave up on).
    proved: Option<u8>,
    next: usize,
}

/// One search over a table: the line from the root, counters and the stop
/// signal.
pub(crate) struct Search<'a> {
    pub table: &'a Table,
    stop: Option<&'a AtomicBool>,
    /// Set when the other thread of the solve has made this pass pointless.
    abort: Option<&'a AtomicBool>,
    /// Nodes of every thread of the solve, for progress.
    all_nodes: Option<&'a AtomicU64>,
    reported: u64,
    /// Orders quiet moves of equal merit from the start of the row instead
    /// of the end: a helper thread on the same pass then proves other
    /// subtrees first and shares them through the table.
    diversify: bool,
    /// The tie-break among quiet moves of equal merit: 0 for the usual one
    /// (the hole nearest the end of the row first, reversed when
    /// `diversify`), otherwise a shuffle of the holes drawn from this seed
    /// (En Gehé restarts).
    tie_seed: u64,
    /// Node budgets En Gehé passes have been given so far (the index into
    /// Luby's sequence), and the unit they are counted in.
    restarts: u64,
    restart_unit: u64,
    progress: Option<&'a Arc<Mutex<Progress>>>,
    /// Where the question each pass asks is told (the helper thread tells
    /// it too, though it keeps no other progress).
    questions: Option<&'a Arc<Mutex<Progress>>>,
    pub nodes: u64,
    pub stats: Stats,
    started: Instant,
    /// Keys of the positions from the start of the line (game history
    /// included) to the current node.
    path: Vec<u64>,
    /// Length of `path` at the root of the MTD(f) search ([`Self::mtdf`]):
    /// the root is the position asked about, never a repetition ending
    /// the game there (RULES.md: the first repetition *inside* the search
    /// ends it), even when the game before it (a threefold not yet
    /// reached) already holds it.
    root_depth: usize,
    rep_filter: Vec<u8>,
    /// Reused child lists, one per ply, and their search orders (indices
    /// into the list, so that ordering moves bytes, not positions).
    frames: Vec<(Vec<Child>, Vec<u8>)>,
    /// Node count at which the move being tried runs out of budget.
    budget_end: u64,
    /// En Gehé: the budget of each move's first try ([`FIRST_BUDGET`]).
    first_budget: u64,
    /// Laps after which a move is left unsettled ([`SETTLE_LAPS`]).
    settle_laps: u64,
    /// En Gehé history heuristic: per hole of the mover's row, how often
    /// (and how cheaply) a move from it refuted a window, see
    /// [`Self::note_cut`]. Kept for the whole solve, one per thread.
    history: [u32; MAX_HOLES],
    /// With positions of the game before the root that the search could
    /// come back to (a repetition, valued as such): a salt for the table
    /// keys of the positions that could, those of the root's [`zone`]. A
    /// bound proved after one game is then never read after another,
    /// where the same position can be worth another value (on a 2×3 board
    /// +4 on its own, 2 after a game whose position its move goes back
    /// to); the session's table had given the first solve's value.
    salt: Option<(u64, u64)>,
}

/// The captured counts and reserves of `pos`: positions of a game with
/// other ones never come back after it (captures and reserves only go one
/// way), so only positions of the root's zone can meet the game before it.
#[inline]
pub(crate) fn zone(pos: &Position) -> u64 {
    pos.captured(Side::South) as u64
        | (pos.captured(Side::North) as u64) << 16
        | (pos.reserve(Side::South) as u64) << 32
        | (pos.reserve(Side::North) as u64) << 48
}

impl<'a> Search<'a> {
    pub fn new(
        table: &'a Table,
        stop: Option<&'a AtomicBool>,
        progress: Option<&'a Arc<Mutex<Progress>>>,
    ) -> Self {
        Search {
            table,
            stop,
            abort: None,
            all_nodes: None,
            reported: 0,
            diversify: false,
            tie_seed: 0,
            restarts: 0,
            restart_unit: RESTART_UNIT,
            progress,
            questions: progress,
            nodes: 0,
            stats: Stats::default(),
            started: Instant::now(),
            path: Vec::new(),
            root_depth: usize::MAX,
            rep_filter: vec![0; REP_FILTER],
            frames: Vec::new(),
            budget_end: u64::MAX,
            first_budget: FIRST_BUDGET,
            settle_laps: SETTLE_LAPS,
            history: [0; MAX_HOLES],
            salt: None,
        }
    }

    /// Puts the game positions before the root `root` on the line
    /// (repetition counts them), and salts the table keys of the root's
    /// zone when any of them could come back (see [`Search::salt`]).
    pub fn after_history(mut self, history: &[Position], root: &Position) -> Self {
        for p in history {
            self.push(node_key(p));
        }
        // The same hash the panel keeps the solution under (`solve_key`).
        self.salt = super::SolveKeys::after(history, root)
            .history_hash(root)
            .map(|salt| (salt, zone(root)));
        self
    }

    /// The key `pos`'s bounds are stored under: its [`table_key`], salted
    /// in the root's zone after a game it could come back to.
    #[inline]
    fn tkey(&self, pos: &Position) -> u64 {
        self.salted(pos, table_key(pos))
    }

    /// `key` salted, or unsalted (the salt is its own inverse), as
    /// [`Search::tkey`] salts `pos`'s.
    #[inline]
    fn salted(&self, pos: &Position, key: u64) -> u64 {
        match self.salt {
            Some((salt, z)) if zone(pos) == z => key ^ salt,
            _ => key,
        }
    }

    /// Tells `progress` the question each of this search's passes asks
    /// (a helper thread, which keeps no other progress).
    pub fn tell_questions(mut self, progress: Option<&'a Arc<Mutex<Progress>>>) -> Self {
        self.questions = progress;
        self
    }

    pub fn elapsed(&self) -> std::time::Duration {
        self.started.elapsed()
    }

    /// Joins this search to a solve shared with other threads as thread
    /// `role` (0 the main thread, 1 the helper).
    pub fn share(mut self, shared: &'a Shared, role: usize) -> Self {
        self.abort = Some(&shared.aborts[role]);
        self.all_nodes = Some(&shared.nodes);
        self
    }

    /// Whether the user asked the solve to stop.
    fn stopped(&self) -> bool {
        self.stop.is_some_and(|s| s.load(Ordering::Relaxed))
    }

    /// Whether the solve was stopped or this pass abandoned.
    fn halted(&self) -> bool {
        self.stopped() || self.abort.is_some_and(|a| a.load(Ordering::Relaxed))
    }

    pub fn push(&mut self, key: u64) {
        self.path.push(key);
        self.rep_filter[key as usize % REP_FILTER] += 1;
    }

    pub fn pop(&mut self) {
        if let Some(key) = self.path.pop() {
            self.rep_filter[key as usize % REP_FILTER] -= 1;
        }
    }

    /// Index on the line of an earlier occurrence of `key`.
    #[inline]
    pub fn repeated(&self, key: u64) -> Option<usize> {
        if self.rep_filter[key as usize % REP_FILTER] == 0 {
            return None;
        }
        self.path.iter().rposition(|&k| k == key)
    }

    fn poll(&mut self) -> Result<(), Cancelled> {
        if self.halted() {
            return Err(Cancelled);
        }
        let mut nodes = self.nodes;
        if let Some(all) = self.all_nodes {
            nodes = all.fetch_add(self.nodes - self.reported, Ordering::Relaxed) + self.nodes
                - self.reported;
            self.reported = self.nodes;
        }
        if let Some(progress) = self.progress {
            let elapsed = self.started.elapsed();
            if let Ok(mut p) = progress.lock() {
                p.nodes = nodes;
                p.elapsed = elapsed;
                p.nodes_per_second = nodes as f64 / elapsed.as_secs_f64().max(1e-9);
            }
        }
        Ok(())
    }

    /// Brings the progress's time (and so its nodes per second) up to date
    /// while one long move is being played.
    fn report_time(&self) {
        if let Some(progress) = self.progress
            && let Ok(mut p) = progress.lock()
        {
            p.elapsed = self.started.elapsed();
            p.nodes_per_second = p.nodes as f64 / p.elapsed.as_secs_f64().max(1e-9);
        }
    }

    /// The last key of the En Gehé move order, among moves of equal merit
    /// otherwise: the hole nearest the end of the row first (the start
    /// when `diversify`), or a fixed shuffle of the holes per `tie_seed`.
    #[inline]
    fn tie_break(&self, hole: usize) -> i64 {
        if self.tie_seed != 0 {
            (mix64(self.tie_seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ hole as u64) & 0xFFFF) as i64
        } else if self.diversify {
            -(hole as i64)
        } else {
            hole as i64
        }
    }

    /// History heuristic (En Gehé): the move from `hole` refuted a window at
    /// a node that had searched `work` nodes when it did. Budget widening
    /// looks for small proofs at each node; this carries what it found to
    /// the other nodes, where the same hole often refutes again (the same
    /// seed stepping into the same duel). Unlike chess programs, which weigh
    /// a cut-off by its depth and so favour big subtrees, a cheap cut-off
    /// counts most here: on twelve benchmark endgames (one thread) it took
    /// the nodes from 136 to 85 million. The README's solver section lists
    /// the variants measured against it and dropped.
    fn note_cut(&mut self, hole: usize, work: u64) {
        let log = 64 - work.leading_zeros();
        let h = &mut self.history[hole];
        *h += CHEAP_CUT_LOG.saturating_sub(log).max(1);
        if *h >= HISTORY_CAP {
            // Ageing keeps recent cut-offs in charge and the count in its bits.
            for h in self.history.iter_mut() {
                *h /= 2;
            }
        }
    }

    /// Moves of `pos` with their positions, best-looking first (as indices
    /// into `kids` in `perm`): the table's move, then captures (En Gehé)
    /// or raids (Bao la Kimasai) by size, then (En Gehé) race
    /// considerations, see [`Self::rate`].
    ///
    /// With `defer`, a move still running after [`SETTLE_LAPS`] laps is
    /// left *unsettled* (in `kids`, not in `perm`, not played): proving a
    /// Bao la Kimasai move endless can take seconds, and a node that
    /// another move refutes never needs to know. [`Self::settle`] plays
    /// them when it does. Without `defer` every move is settled here; a
    /// long one stops when the search is stopped. `Ok(true)` says a long
    /// move was met, so the caller reports progress.
    fn children(
        &mut self,
        pos: &Position,
        tt_best: u8,
        defer: bool,
        kids: &mut Vec<Child>,
        perm: &mut Vec<u8>,
    ) -> Result<bool, Cancelled> {
        kids.clear();
        perm.clear();
        let before = opp_seeds(pos, pos.turn());
        // On a board of tens of thousands of seeds one node's moves take
        // seconds to sow: Stop and --limit are then heard between moves,
        // not only between nodes. (Sparse boards skip the check.)
        let heavy = before > HEAVY_BOARD;
        let mut long_move = false;
        let mut unsettled = 0;
        for mv in pos.candidate_moves() {
            if heavy {
                if self.halted() {
                    return Err(Cancelled);
                }
                // Seconds may pass in one node: the progress keeps time.
                self.report_time();
            }
            // Played in place in the list: a position is a few hundred bytes.
            kids.push(Child {
                pos: *pos,
                mv: mv.0,
                gain: 0,
                order: 0,
                key: 0,
                settled: true,
            });
            let last = kids.len() - 1;
            let child = &mut kids[last].pos;
            let played = if defer {
                child
                    .apply_within(mv, self.settle_laps)
                    .map_err(Unfinished::Endless)
            } else {
                child.apply_or_stop(mv, || {
                    long_move = true;
                    self.report_time();
                    !self.halted()
                })
            };
            match played {
                Ok(()) => {}
                Err(Unfinished::Endless(Endless { cycle_laps: None })) if defer => {
                    kids[last].pos = *pos;
                    kids[last].settled = false;
                    unsettled += 1;
                    continue;
                }
                Err(Unfinished::Endless(_)) => {
                    kids.pop();
                    continue; // endless: not a legal move
                }
                Err(Unfinished::Stopped) => return Err(Cancelled),
            }
            let (gain, order) = self.rate(pos, &kids[last].pos, mv, tt_best, before);
            kids[last].gain = gain;
            kids[last].order = order;
        }
        perm.extend((0..kids.len() as u8).filter(|&i| kids[i as usize].settled));
        sort_by_order(kids, perm);
        self.stats.unsettled += unsettled;
        Ok(long_move)
    }

    /// Plays the moves [`Self::children`] left unsettled, to the end or to
    /// a proof that they never end (the endless ones stay out of every
    /// order), and puts the others in `round`, in sowing order, keyed.
    /// Stops when the search is stopped.
    fn settle(
        &mut self,
        pos: &Position,
        tt_best: u8,
        kids: &mut [Child],
        round: &mut Vec<u8>,
    ) -> Result<(), Cancelled> {
        round.clear();
        let before = opp_seeds(pos, pos.turn());
        for (i, kid) in kids.iter_mut().enumerate() {
            if kid.settled {
                continue;
            }
            kid.settled = true;
            self.stats.settled_late += 1;
            let mv = Move(kid.mv);
            let played = kid.pos.apply_or_stop(mv, || {
                self.report_time();
                !self.halted()
            });
            match played {
                Ok(()) => {}
                Err(Unfinished::Endless(_)) => continue,
                Err(Unfinished::Stopped) => return Err(Cancelled),
            }
            (kid.gain, kid.order) = self.rate(pos, &kid.pos, mv, tt_best, before);
            kid.key = self.tkey(&kid.pos);
            round.push(i as u8);
        }
        sort_by_order(kids, round);
        Ok(())
    }

    /// A move's gain (En Gehé: seeds captured) and its place in the order
    /// (see the comments within); `before` is [`opp_seeds`] of `pos`.
    #[inline]
    fn rate(
        &self,
        pos: &Position,
        child: &Position,
        mv: Move,
        tt_best: u8,
        before: i64,
    ) -> (i32, i64) {
        let me = pos.turn();
        let en_gehe = pos.variant().is_en_gehe();
        let g = if en_gehe {
            (child.captured(me) - pos.captured(me)) as i32
        } else {
            0
        };
        if mv.0 + 1 == tt_best {
            return (g, i64::MAX);
        }
        if en_gehe {
            let sent = (opp_seeds(child, me) - before + g as i64).max(0);
            // Captures by size; then moves that leave no single-step
            // capture (the commonest of sparse endgames) open; then the
            // fewest seeds sown into the opponent's row (tempo given
            // away); then the holes whose moves refuted windows cheaply
            // elsewhere (history); then the hole nearest the end of the
            // row, which keeps the seeds further back as spare moves for
            // the race.
            let threat = single_step_threat(child, me);
            let history = (self.history[mv.hole()] as i64) << 16;
            let hole = self.tie_break(mv.hole());
            let o =
                ((g as i64) << 40) - (threat.min(15) << 36) - (sent.min(15) << 32) + history + hole;
            (g, o)
        } else {
            let order = if bao_decided(child) == Some(-MATE) {
                1 << 50 // the opponent is left with an empty inner row
            } else {
                (before - opp_seeds(child, me)) << 40
            };
            // Bao la Kimasai lines are short and sharp: raids alone order.
            (0, order)
        }
    }

    /// Fail-soft alpha-beta. Returns the score (a bound when outside
    /// `(alpha, beta)`) and the lowest index on the line of a position that a
    /// repetition in the subtree went back to ([`NO_REP`] if none).
    pub fn search(
        &mut self,
        pos: &Position,
        alpha: i32,
        beta: i32,
    ) -> Result<(i32, usize), Cancelled> {
        // No budget is set out here, so only a stop can end it early.
        self.search_keyed(pos, self.tkey(pos), alpha, beta)
            .map_err(|_| Cancelled)
    }

    /// [`Self::search`] of a position whose [`table_key`] is `tkey`.
    fn search_keyed(
        &mut self,
        pos: &Position,
        tkey: u64,
        alpha: i32,
        beta: i32,
    ) -> Result<(i32, usize), Halt> {
        self.nodes += 1;
        if self.nodes >= self.budget_end {
            return Err(Halt::OutOfBudget);
        }
        if self.nodes & POLL_MASK == 0 {
            self.poll()?;
        } else if self.halted() {
            // Heard at every node, not only at each poll: a node can take
            // milliseconds (its probes' first touch of a large table's
            // pages), and `--limit` ran 30 times over on a table of 2^28
            // buckets, where 2,587 nodes took 5.8 s between two polls.
            return Err(Cancelled.into());
        }
        let en_gehe = pos.variant().is_en_gehe();
        if !en_gehe && let Some(score) = bao_decided(pos) {
            return Ok((score, NO_REP));
        }
        // The line's keys are never salted (the game's are not).
        let key = line_key(pos, self.salted(pos, tkey));
        if self.path.len() != self.root_depth
            && let Some(at) = self.repeated(key)
        {
            self.stats.repetitions += 1;
            return Ok((repetition_score(pos), at));
        }
        let ply = self.path.len();
        self.stats.max_ply = self.stats.max_ply.max(ply as u64);
        let (mut a, mut b) = (alpha, beta);
        let mut tt_best = 0;
        self.stats.probes += 1;
        if let Some(e) = self.table.probe(tkey) {
            self.stats.probe_hits += 1;
            if e.lower >= b || e.lower == e.upper {
                self.stats.table_cuts += 1;
                return Ok((e.lower, NO_REP));
            }
            if e.upper <= a {
                self.stats.table_cuts += 1;
                return Ok((e.upper, NO_REP));
            }
            a = a.max(e.lower);
            b = b.min(e.upper);
            if a >= b {
                // Bounds proved under different lines disagree; trust the lower.
                self.stats.table_cuts += 1;
                return Ok((e.lower, NO_REP));
            }
            tt_best = e.best;
        }
        // En Gehé: nobody gains more than the seeds on the board. Bao la
        // Kimasai: a position not yet decided is at best a win in 1 ply.
        let (seeds, ceiling) = if en_gehe {
            let s = pos.board_seeds() as i32;
            (s, s)
        } else {
            (MATE, MATE - 1)
        };
        if ceiling <= a {
            self.stats.ceiling_cuts += 1;
            return Ok((ceiling, NO_REP));
        }
        if -seeds >= b {
            self.stats.ceiling_cuts += 1;
            return Ok((-seeds, NO_REP));
        }

        if self.frames.len() <= ply {
            self.frames.resize_with(ply + 1, Default::default);
        }
        let (mut kids, mut perm) = std::mem::take(&mut self.frames[ply]);
        let mut listed = self.children(pos, tt_best, true, &mut kids, &mut perm);
        let mut unsettled = perm.len() < kids.len();
        if listed.is_ok() && unsettled && perm.is_empty() {
            // Only long moves: whether any is legal decides what follows.
            listed = self
                .settle(pos, tt_best, &mut kids, &mut perm)
                .map(|()| true);
            unsettled = false;
        }
        let long_move = listed.inspect_err(|_| {
            self.frames[ply] = (std::mem::take(&mut kids), std::mem::take(&mut perm));
        })?;
        if long_move {
            // Seconds may have gone into one move: show where the solve is.
            self.poll()?;
        }
        if perm.is_empty() {
            // Cannot move: En Gehé, the board goes to the opponent; Bao la
            // Kimasai, a loss.
            self.frames[ply] = (kids, perm);
            return Ok((-seeds, NO_REP));
        }
        // Bao la Kimasai: with a legal move the worst is a loss in 1 ply.
        if !en_gehe && -(MATE - 1) >= b {
            self.frames[ply] = (kids, perm);
            return Ok((-(MATE - 1), NO_REP));
        }

        // Enhanced transposition cut-off: a child whose proved bound already
        // refutes the window ends the node before any search.
        for k in kids.iter_mut() {
            k.key = self.tkey(&k.pos);
            self.table.prefetch(k.key);
        }
        for &i in &perm {
            let k = &kids[i as usize];
            if let Some(e) = self.table.probe(k.key) {
                let v = from_child(e.upper, k.gain, en_gehe);
                if v >= b {
                    self.stats.etc_cuts += 1;
                    self.table.store(tkey, v, INF, k.mv + 1, 0);
                    self.frames[ply] = (kids, perm);
                    return Ok((v, NO_REP));
                }
            }
        }

        let start_nodes = self.nodes;
        let mut best = -INF;
        let mut best_mv = 0u8;
        let mut rep = NO_REP;
        self.push(key);
        // En Gehé budget widening: proof sizes of the moves that refute a
        // window differ by orders of magnitude, and the ordering cannot
        // tell which is small. So each move first gets a small node budget;
        // the moves that run out are put off and tried again, in order,
        // with a budget four times bigger, until one refutes the window or
        // all are searched. What a put-off search proved stays in the table.
        let mut budget = if en_gehe { self.first_budget } else { u64::MAX };
        let mut deferred: Vec<u8> = Vec::new();
        let mut round: Option<Vec<u8>> = None;
        'rounds: loop {
            for &i in round.as_deref().unwrap_or(&perm) {
                let k = &kids[i as usize];
                let lo = a.max(best);
                let outer_end = self.budget_end;
                self.budget_end = outer_end.min(self.nodes.saturating_add(budget));
                let r = self.search_keyed(
                    &k.pos,
                    k.key,
                    to_child(b, k.gain, en_gehe),
                    to_child(lo, k.gain, en_gehe),
                );
                self.budget_end = outer_end;
                let (child, child_rep) = match r {
                    Ok(x) => x,
                    // This move's budget ran out, not the one above.
                    Err(Halt::OutOfBudget) if self.nodes < outer_end => {
                        self.stats.deferred += 1;
                        deferred.push(i);
                        continue;
                    }
                    Err(h) => {
                        self.pop();
                        self.frames[ply] = (kids, perm);
                        return Err(h);
                    }
                };
                rep = rep.min(child_rep);
                let v = from_child(child, k.gain, en_gehe);
                if v > best {
                    best = v;
                    best_mv = k.mv + 1;
                    if best >= b {
                        if en_gehe {
                            self.note_cut(k.mv as usize, self.nodes - start_nodes);
                        }
                        break 'rounds;
                    }
                }
            }
            let mut next = round.take().unwrap_or_default();
            next.clear();
            if deferred.is_empty() {
                if !unsettled {
                    break;
                }
                // No move refuted the window: the long ones must be played.
                unsettled = false;
                let settled = self.settle(pos, tt_best, &mut kids, &mut next);
                // Seconds may have gone into one move: show where the solve is.
                if let Err(c) = settled.and_then(|()| self.poll()) {
                    self.pop();
                    self.frames[ply] = (kids, perm);
                    return Err(c.into());
                }
                round = Some(next);
                continue;
            }
            std::mem::swap(&mut next, &mut deferred);
            round = Some(next);
            budget = budget.saturating_mul(BUDGET_GROWTH);
        }
        self.pop();
        self.frames[ply] = (kids, perm);

        // A score that went back to a position above this node depends on
        // the line that led here: keep only its move, not its bounds.
        if rep >= ply {
            let work = (64 - (self.nodes - start_nodes).leading_zeros()) as u8;
            if best <= a {
                self.table.store(tkey, -INF, best, 0, work);
            } else if best >= b {
                self.table.store(tkey, best, INF, best_mv, work);
            } else {
                self.table.store(tkey, best, best, best_mv, work);
            }
        } else {
            self.stats.line_dependent += 1;
            if best > a {
                self.table.store(tkey, -INF, INF, best_mv, 0);
            }
        }
        Ok((best, rep))
    }

    /// The exact score of `pos` (the next node of the line) by MTD(f):
    /// null-window searches that close in on the score, with the root's
    /// proved interval in `shared`, which other threads may narrow too.
    /// `role` 0 runs the passes of plain MTD(f); `role` 1, a helper, runs
    /// the pass one step further in the same direction (the one plain
    /// MTD(f) would run next if the current one succeeds), or waits. A pass
    /// that the other thread's proof makes pointless is abandoned (what it
    /// proved below the root stays in the table). `on_iteration` hears the
    /// interval after each pass.
    pub fn mtdf(
        &mut self,
        pos: &Position,
        shared: &Shared,
        role: usize,
        mut on_iteration: impl FnMut(&mut Self, u32, i32, i32),
    ) -> Result<i32, Cancelled> {
        self.root_depth = self.path.len();
        let (lo, hi) = shared.bounds();
        let mut guess = match self.table.probe(self.tkey(pos)) {
            Some(e) if e.lower > -INF && e.lower < INF => e.lower,
            Some(e) if e.upper > -INF && e.upper < INF => e.upper,
            _ => 0,
        }
        .clamp(lo, hi);
        let mut iteration = 0;
        // En Gehé: sparse endgames are mostly races that one side wins with
        // every seed, and the extreme windows prune hardest (a capture by the
        // side that must keep everything ends a line at once), so the first
        // two passes ask "all seeds?" for each side before closing in (the
        // helper asks the second question at once).
        let mut extremes = if pos.variant().is_en_gehe() {
            if role == 0 {
                vec![lo + 1, hi]
            } else {
                vec![lo + 1]
            }
        } else {
            Vec::new()
        };
        loop {
            let mut asked_extreme = false;
            let (lo, hi) = shared.bounds();
            if lo >= hi {
                // The value is proved: what follows (the principal line)
                // must not be stopped by a pass abandoned on the way.
                self.diversify = false;
                self.abort = None;
                return Ok(lo);
            }
            let other = shared.betas[1 - role].load(Ordering::SeqCst);
            let beta = if !pos.variant().is_en_gehe() {
                // Bao la Kimasai: the next question of the deepening
                // (`bao_question`), or the other thread's if none is left.
                match bao_question(lo, hi, other) {
                    Some(b) => Some(b),
                    None if other != NO_BETA && other > lo && other <= hi => Some(other),
                    None => None,
                }
            } else {
                let extreme = loop {
                    match extremes.pop() {
                        Some(b) if b > lo && b <= hi && b != other => break Some(b),
                        Some(_) => {}
                        None => break None,
                    }
                };
                asked_extreme = extreme.is_some();
                match (extreme, role) {
                    (Some(b), _) => Some(b),
                    (None, 0) if guess <= lo => Some(lo + 1),
                    (None, 0) => Some(guess.min(hi)),
                    // Nothing new to ask: help with the main thread's pass.
                    (None, _) => shared.speculate(lo, hi).or(shared.main_beta(lo, hi)),
                }
            };
            let Some(beta) = beta else {
                // Between the other thread's passes.
                if self.stopped() {
                    return Err(Cancelled);
                }
                std::thread::sleep(std::time::Duration::from_millis(1));
                continue;
            };
            // A pass the other thread is already running is joined with
            // another order of quiet moves: each proves subtrees the other
            // then finds in the table.
            self.diversify = beta == shared.betas[1 - role].load(Ordering::SeqCst);
            if !shared.begin(role, beta) {
                continue;
            }
            // Scores keep the parity of the seeds on the board: asked "at
            // least −399?" of 400 seeds, the question is −398.
            let seeds = score_range(pos).1;
            let asked = if pos.variant().is_en_gehe() && (beta - seeds) % 2 != 0 {
                beta + 1
            } else {
                beta
            };
            publish(self.questions, |p| {
                p.asking[role.min(1)] = Some(value_of(pos, asked));
            });
            // An extreme question gets a node budget: on some races it is
            // the one question that is very hard (an 8-seed endgame proved
            // at least +4 in a third of a second, but "does South take all
            // 8?" ran for minutes), and the passes closing in from a guess
            // should not wait for it. What it proved stays in the table.
            let give_up = asked_extreme.then_some(self.restart_unit.saturating_mul(EXTREME_UNITS));
            let answer = self.pass(pos, beta, role, give_up);
            publish(self.questions, |p| p.asking[role.min(1)] = None);
            match answer {
                Ok(None) => {
                    shared.drop_pass(role);
                    self.stats.extremes_dropped += 1;
                }
                Ok(Some((g, _))) => {
                    let (lo, hi) = shared.prove(role, g, beta);
                    // Shown at once, whichever thread proved it.
                    publish(self.questions, |p| {
                        if !p.done {
                            let (lo, hi) = shared.bounds();
                            p.set_bounds(pos, lo, hi);
                        }
                    });
                    guess = g.clamp(lo, hi);
                    iteration += 1;
                    self.stats.passes += 1;
                    on_iteration(self, iteration, lo, hi);
                }
                Err(Cancelled) if self.stopped() => return Err(Cancelled),
                Err(Cancelled) => {
                    // Abandoned: the other thread's proof moved the interval.
                    let (lo, hi) = shared.bounds();
                    guess = guess.clamp(lo, hi);
                    on_iteration(self, iteration, lo, hi);
                }
            }
        }
    }

    /// One MTD(f) pass: the null-window search of `pos` at `beta`.
    ///
    /// En Gehé restarts: how long a pass takes depends enormously on the
    /// order of quiet moves (on played 14-seed #1 one pass took 0.7 s to
    /// 12 s with five shuffled tie-breaks and did not finish in a quarter
    /// of an hour with the usual one), and no rule tells the good order in
    /// advance. So a pass gets a node budget; when it runs out the pass
    /// starts again, alternately with a new shuffle of the tie-break and
    /// with the usual one, under Luby's sequence of budgets (the
    /// restart schedule that is within a log factor of the best one when
    /// run times are unknown). Nothing proved is lost: the table keeps it,
    /// so each start finds the subtrees earlier ones proved.
    fn pass(
        &mut self,
        pos: &Position,
        beta: i32,
        role: usize,
        give_up: Option<u64>,
    ) -> Result<Option<(i32, usize)>, Cancelled> {
        if !pos.variant().is_en_gehe() {
            return self.search(pos, beta - 1, beta).map(Some);
        }
        let start = self.nodes;
        loop {
            self.restarts += 1;
            let budget = self.restart_unit.saturating_mul(luby(self.restarts));
            self.budget_end = self.nodes.saturating_add(budget);
            let r = self.search_keyed(pos, self.tkey(pos), beta - 1, beta);
            self.budget_end = u64::MAX;
            match r {
                Ok(x) => return Ok(Some(x)),
                Err(Halt::Cancelled) => return Err(Cancelled),
                Err(Halt::OutOfBudget) => {
                    if give_up.is_some_and(|most| self.nodes - start >= most) {
                        return Ok(None);
                    }
                    self.stats.restarts += 1;
                    // The two threads draw different shuffles.
                    self.tie_seed = if self.restarts.is_multiple_of(2) {
                        0
                    } else {
                        self.restarts * 2 + role as u64
                    };
                }
            }
        }
    }

    /// The principal line from `pos` whose exact score is `score`: at each
    /// step the first move (table move first) whose child is proved to have
    /// exactly the score the parent's needs. Stops at the end of the game, a
    /// repetition, or `max_len` moves.
    ///
    /// A bound taken from the table was proved where the line's earlier
    /// positions were not on the path; on this line a repetition can end
    /// the game sooner, so a step taken on such a bound may lead where no
    /// move keeps the score (the line stopped one move short of the
    /// repetition that ends it). There the reader goes back and tries the
    /// step's other moves, searched with the line as their path, up to
    /// [`LINE_BACKTRACKS`] times; beyond that the line ends where it first
    /// could not go on.
    pub fn principal_line(
        &mut self,
        pos: &Position,
        score: i32,
        max_len: usize,
    ) -> Result<Vec<Move>, Cancelled> {
        let base = self.path.len();
        let mut line: Vec<Move> = Vec::new();
        let mut steps: Vec<LineStep> = Vec::new();
        let mut first_stuck: Option<Vec<Move>> = None;
        let mut backtracks = 0;
        let mut cur = *pos;
        let mut cur_score = score;
        let result = 'line: loop {
            // A new position of the line: the end, or its moves.
            if line.len() >= max_len {
                break Ok(());
            }
            let en_gehe = cur.variant().is_en_gehe();
            if !en_gehe && bao_decided(&cur).is_some() {
                break Ok(());
            }
            let key = node_key(&cur);
            // The root is never the repetition (see `root_depth`).
            if self.path.len() > base && self.repeated(key).is_some() {
                break Ok(());
            }
            let tt_best = self.table.probe(self.tkey(&cur)).map_or(0, |e| e.best);
            let (mut kids, mut perm) = (Vec::new(), Vec::new());
            if let Err(c) = self.children(&cur, tt_best, false, &mut kids, &mut perm) {
                break Err(c);
            }
            if kids.is_empty() {
                break Ok(());
            }
            self.push(key);
            steps.push(LineStep {
                kids,
                perm,
                score: cur_score,
                proved_tried: false,
                proved: None,
                next: 0,
            });
            // The move on from the last step, going back where none is.
            loop {
                let step = steps.last_mut().expect("a step");
                let found = match self.next_on_line(step, en_gehe) {
                    Ok(found) => found,
                    Err(c) => break 'line Err(c),
                };
                match found {
                    Some((k, step_score)) => {
                        line.push(Move(k.mv));
                        cur = k.pos;
                        cur_score = step_score;
                        continue 'line;
                    }
                    None => {
                        if first_stuck.is_none() {
                            first_stuck = Some(line.clone());
                        }
                        backtracks += 1;
                        if steps.len() == 1 || backtracks > LINE_BACKTRACKS {
                            line = first_stuck.take().unwrap_or_default();
                            break 'line Ok(());
                        }
                        steps.pop();
                        self.pop();
                        line.pop();
                    }
                }
            }
        };
        self.unwind(base, result.map(|()| line))
    }

    /// The next move of a line's step whose child keeps the score the step
    /// needs, with the child's score: the table's proved one first, then
    /// the others in order, each searched with the line as its path (a
    /// move back to a position of the line scores that repetition's end).
    /// `None` when no move is left to try.
    fn next_on_line(
        &mut self,
        step: &mut LineStep,
        en_gehe: bool,
    ) -> Result<Option<(Child, i32)>, Cancelled> {
        let LineStep {
            kids,
            perm,
            score,
            proved_tried,
            proved: proved_move,
            next,
        } = step;
        let score = *score;
        let target = |k: &Child| to_child(score, k.gain, en_gehe);
        // Every child scores at least its `target` (the parent takes the
        // best), so a child proved to score at most it is on the line. A
        // child whose table entry already proves that (the proof of the
        // value went through it) needs no search: on long endgames
        // searching the children in order could spend longer re-proving a
        // worse move than the whole solve took.
        if !*proved_tried {
            *proved_tried = true;
            let proved = perm.iter().map(|&i| &kids[i as usize]).find(|k| {
                let plain = table_key(&k.pos);
                self.repeated(line_key(&k.pos, plain)).is_none()
                    && self
                        .table
                        .probe(self.salted(&k.pos, plain))
                        .is_some_and(|e| e.upper <= target(k))
            });
            if let Some(k) = proved {
                *proved_move = Some(k.mv);
                return Ok(Some((*k, target(k))));
            }
        }
        while let Some(&i) = perm.get(*next) {
            *next += 1;
            let k = &kids[i as usize];
            if *proved_move == Some(k.mv) {
                continue;
            }
            let t = target(k);
            // One null window decides whether it is exactly the target,
            // with restarts like a pass (its length is as heavy-tailed).
            match self.pass(&k.pos, t + 1, 0, None)? {
                Some((v, _)) if v <= t => return Ok(Some((*k, t))),
                _ => {}
            }
        }
        Ok(None)
    }

    fn unwind<T>(&mut self, base: usize, r: Result<T, Cancelled>) -> Result<T, Cancelled> {
        while self.path.len() > base {
            self.pop();
        }
        r
    }

    /// The line of table moves from `pos`, for progress display: cheap, not
    /// proved.
    pub fn table_line(&self, pos: &Position, max_len: usize) -> Vec<Move> {
        let mut line = Vec::new();
        let mut cur = *pos;
        let mut seen = vec![node_key(pos)];
        while line.len() < max_len {
            let Some(e) = self.table.probe(self.tkey(&cur)) else {
                break;
            };
            if e.best == 0 {
                break;
            }
            let mv = Move(e.best - 1);
            if cur.try_play(mv).map(|n| cur = n).is_err() {
                break;
            }
            line.push(mv);
            let k = node_key(&cur);
            if seen.contains(&k) {
                break;
            }
            seen.push(k);
        }
        line
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::study::generate::sparse_en_gehe;
    use rand::rngs::SmallRng;
    use rand::{Rng, SeedableRng};

    /// The exact score of `pos` with each move's first budget set to
    /// `first_budget` (`u64::MAX`: no widening) and passes restarted every
    /// `restart_unit` nodes (times Luby's sequence), and the search's
    /// counters.
    fn score_with(pos: &Position, first_budget: u64, restart_unit: u64) -> (i32, Stats) {
        let table = Table::new(16);
        let shared = Shared::new(pos);
        let mut search = Search::new(&table, None, None);
        search.first_budget = first_budget;
        search.restart_unit = restart_unit;
        let score = search.mtdf(pos, &shared, 0, |_, _, _, _| {}).unwrap();
        (score, search.stats)
    }

    #[test]
    fn an_extreme_question_too_hard_is_given_up_for_the_passes_from_a_guess() {
        // South 25, 28, 31, 33, 34 against North 27, 32, 37: "does South
        // take all 8?" runs for minutes, while the passes from a guess
        // prove at least +4 at once. The solve used to prove no bound at
        // all (restart units scaled down here, as the budget with them).
        let pos = crate::engine::notation::parse_position(
            "en-gehe south=0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,1,0,0,1,0,0,1,0,1,1,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0 \
             north=0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,1,0,0,0,0,1,0,0,0,0,1,0,0,0,0,0,0,0,0,0,0,0,0,0 captured=0,0 turn=south",
        )
        .unwrap();
        let table = Table::new(18);
        let shared = Shared::new(&pos);
        let stop = AtomicBool::new(false);
        std::thread::scope(|scope| {
            // A watchdog, so that a regression fails instead of hanging.
            let watchdog = scope.spawn(|| {
                let began = Instant::now();
                while !stop.load(Ordering::SeqCst) && began.elapsed().as_secs() < 300 {
                    std::thread::sleep(std::time::Duration::from_millis(20));
                }
                stop.store(true, Ordering::SeqCst);
            });
            let mut search = Search::new(&table, Some(&stop), None);
            search.restart_unit = 1 << 14;
            let r = search.mtdf(&pos, &shared, 0, |_, _, lo, _| {
                if lo >= 4 {
                    stop.store(true, Ordering::SeqCst);
                }
            });
            stop.store(true, Ordering::SeqCst);
            watchdog.join().unwrap();
            assert!(r.is_err(), "solved outright: {r:?}");
            assert!(search.stats.extremes_dropped >= 1, "{:?}", search.stats);
        });
        assert!(shared.bounds().0 >= 4, "{:?}", shared.bounds());
    }

    #[test]
    fn a_dropped_pass_is_dropped_by_the_thread_that_joined_it() {
        let pos = crate::engine::notation::parse_position(
            "en-gehe south=0,1,0,1,0,0 north=1,0,0,1,0,1 captured=0,0 turn=south",
        )
        .unwrap();
        let shared = Shared::new(&pos);
        // The helper joined the main thread's pass at 3, then the main
        // thread gave it up: the helper hears it.
        assert!(shared.begin(0, 3) && shared.begin(1, 3));
        shared.drop_pass(0);
        assert!(shared.aborts[1].load(Ordering::SeqCst));
        // A pass of its own at another β goes on.
        assert!(shared.begin(0, 3) && shared.begin(1, 1));
        shared.drop_pass(0);
        assert!(!shared.aborts[1].load(Ordering::SeqCst));
    }

    /// The exact score of `pos` with moves left unsettled after
    /// `settle_laps` laps, and the search's counters; `None` if the solve
    /// takes more than about a million nodes.
    fn score_settling(pos: &Position, settle_laps: u64) -> Option<(i32, Stats)> {
        let table = Table::new(16);
        let shared = Shared::new(pos);
        let stop = AtomicBool::new(false);
        let mut search = Search::new(&table, Some(&stop), None);
        search.settle_laps = settle_laps;
        let score = search.mtdf(pos, &shared, 0, |search, _, _, _| {
            if search.nodes > 1 << 20 {
                stop.store(true, Ordering::Relaxed);
            }
        });
        Some((score.ok()?, search.stats))
    }

    fn score(pos: &Position, first_budget: u64) -> (i32, u64) {
        let (score, stats) = score_with(pos, first_budget, u64::MAX);
        (score, stats.deferred)
    }

    /// `count` random En Gehé positions of 3 to 8 seeds on 2×5 to 2×9
    /// boards, small enough to solve plainly in a moment.
    fn small_sparse_positions(seed: u64, count: usize) -> Vec<Position> {
        let mut rng = SmallRng::seed_from_u64(seed);
        (0..count)
            .map(|_| {
                let holes = rng.random_range(5..=9);
                let seeds = rng.random_range(3..=8);
                sparse_en_gehe(&mut rng, holes, seeds, holes, holes)
            })
            .collect()
    }

    #[test]
    fn luby_sequence() {
        let first: Vec<u64> = (1..=15).map(luby).collect();
        assert_eq!(first, [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]);
    }

    #[test]
    fn restarts_keep_every_score() {
        // Budgets of a few nodes restart passes again and again, with
        // shuffled tie-breaks, under budget widening too.
        let mut restarts = 0;
        for pos in small_sparse_positions(67, 40) {
            let (plain, none) = score_with(&pos, u64::MAX, u64::MAX);
            assert_eq!(none.restarts, 0);
            for (first_budget, unit) in [(u64::MAX, 5), (u64::MAX, 40), (3, 17)] {
                let (restarted, stats) = score_with(&pos, first_budget, unit);
                assert_eq!(restarted, plain, "{pos} with restart unit {unit}");
                restarts += stats.restarts;
            }
        }
        assert!(restarts > 500, "only {restarts} restarts");
    }

    #[test]
    fn history_ranks_holes_that_refuted_cheaply() {
        // Three lone South seeds with nothing facing them and nothing sent
        // across: moves of equal merit, so only history and the tie-break
        // (the hole nearest the end first) order them.
        let pos = crate::engine::notation::parse_position(
            "en-gehe south=0,1,0,1,0,1,0,0,0,0 north=0,0,0,0,0,0,0,0,0,1 captured=0,0 turn=south",
        )
        .unwrap();
        let table = Table::new(10);
        let mut search = Search::new(&table, None, None);
        let order = |search: &mut Search| {
            let (mut kids, mut perm) = (Vec::new(), Vec::new());
            search
                .children(&pos, 0, true, &mut kids, &mut perm)
                .unwrap();
            perm.iter()
                .map(|&i| kids[i as usize].mv)
                .collect::<Vec<_>>()
        };
        assert_eq!(order(&mut search), [5, 3, 1]);
        // A cheap refutation from hole 2 outweighs an expensive one from
        // hole 6, and both rank above a hole that never refuted.
        search.note_cut(1, 12);
        search.note_cut(5, 1 << 30);
        assert!(search.history[1] > search.history[5]);
        assert_eq!(order(&mut search), [1, 5, 3]);
        // Ageing halves every count and keeps their ranking.
        while search.history[1] + 22 < HISTORY_CAP {
            search.note_cut(1, 12);
        }
        let before = search.history;
        search.note_cut(1, 1);
        assert!(search.history[1] < HISTORY_CAP / 2 + 25);
        assert!(search.history[1] < before[1] && search.history[5] <= before[5]);
        assert_eq!(order(&mut search), [1, 5, 3]);
    }

    /// `count` random Bao la Kimasai positions in phase 2 with 1 to 4 seeds
    /// a side, small enough to solve in a moment.
    fn small_bao_positions(seed: u64, count: usize) -> Vec<Position> {
        let mut rng = SmallRng::seed_from_u64(seed);
        let mut found = Vec::new();
        while found.len() < count {
            let mut sides = [[0u16; 16]; 2];
            for side in sides.iter_mut() {
                for _ in 0..rng.random_range(1..=3) {
                    side[rng.random_range(0..8)] += 1;
                }
                for _ in 0..rng.random_range(0..=1) {
                    side[rng.random_range(0..16)] += 1;
                }
            }
            let row = |r: &[u16; 16]| r.map(|c| c.to_string()).join(",");
            let text = format!(
                "bao-la-kimasai south={} north={} reserve=0,0 turn=south opening=no",
                row(&sides[0]),
                row(&sides[1])
            );
            if let Ok(pos) = crate::engine::notation::parse_position(&text)
                && pos.status() == crate::engine::Status::Ongoing
            {
                found.push(pos);
            }
        }
        found
    }

    #[test]
    fn unsettled_moves_keep_every_score() {
        // Moves of more than one lap are left unsettled at every node, so
        // nodes must settle them, alone or after the others failed, under
        // budget widening too (En Gehé).
        let (mut unsettled, mut settled_late, mut compared) = (0, 0, 0);
        let en_gehe = small_sparse_positions(71, 30);
        for pos in en_gehe.iter().chain(&small_bao_positions(5, 40)) {
            // Some small Bao la Kimasai positions still take long (a draw
            // or a win of 40 plies and more, see `bao_question`).
            let Some((plain, none)) = score_settling(pos, u64::MAX) else {
                continue;
            };
            assert_eq!(none.unsettled, 0);
            let (lazy, stats) = score_settling(pos, 1).expect("solved as plainly");
            assert_eq!(lazy, plain, "{pos}");
            unsettled += stats.unsettled;
            settled_late += stats.settled_late;
            compared += 1;
        }
        assert!(compared >= 50, "only {compared} positions compared");
        assert!(
            settled_late > 100 && unsettled > settled_late,
            "{unsettled} moves left unsettled, {settled_late} settled later"
        );
    }

    #[test]
    fn bao_deepening_asks_short_wins_and_losses_first() {
        let (lo, hi) = (-MATE, MATE);
        // Nothing proved: a win in 1, then (that busy) a loss in 1.
        assert_eq!(bao_question(lo, hi, NO_BETA), Some(MATE - 1));
        assert_eq!(bao_question(lo, hi, MATE - 1), Some(-MATE + 2));
        // No win within 3 and no loss within 2 proved: a loss within 3 is
        // the smallest question left.
        let (lo, hi) = (2 - MATE + 1, MATE - 4);
        assert_eq!(bao_question(lo, hi, NO_BETA), Some(3 - MATE + 1));
        assert_eq!(bao_question(lo, hi, 3 - MATE + 1), Some(MATE - 4));
        // A draw at most and no loss within 5: only losses are asked.
        assert_eq!(bao_question(5 - MATE + 1, 0, NO_BETA), Some(6 - MATE + 1));
        // Proved: nothing to ask.
        assert_eq!(bao_question(0, 0, NO_BETA), None);
        assert_eq!(bao_question(MATE - 7, MATE - 7, NO_BETA), None);
    }

    #[test]
    fn budget_widening_keeps_every_score() {
        // Budgets of a few nodes put off moves at almost every node, so
        // this exercises rounds nested many levels deep.
        let mut deferred = 0;
        for pos in small_sparse_positions(61, 60) {
            let (plain, none) = score(&pos, u64::MAX);
            assert_eq!(none, 0);
            for first_budget in [1, 3, 20] {
                let (widened, d) = score(&pos, first_budget);
                assert_eq!(widened, plain, "{pos} with first budget {first_budget}");
                deferred += d;
            }
        }
        assert!(deferred > 1000, "only {deferred} moves were put off");
    }
}
