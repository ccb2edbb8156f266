//! The exact solver panel: proves the value of the position on view on a
//! background thread ([`Session::solve`]), shows the MTD(f) passes as they
//! narrow the value, then the value in words, the best move and the whole
//! principal line, which can be played out on the board. Its list of every
//! move's value gives each move's solve a time budget ([`MOVE_BUDGET`]): a
//! move out of time is listed with the bounds it proved, and the list goes
//! on; the unsolved moves can then be tried again with more time.
//!
//! One [`Session`] is kept for the whole run of the window, so every value
//! proved stays in its table and the same position (or one reached along a
//! solved line) is answered again at once; finished solutions are also kept
//! per position key here so a returning position shows its value without a
//! click.

use super::state::{CostNote, Runtime};
use super::{AppCommand, MaasaiApp};
use crate::engine::{Move, Position, Status, group_digits};
use crate::solver::{
    Progress, Session, Solution, SolveHandle, SolveKeys, Value, moves_after_or_stop,
    no_result_within, plies, seeds, solve_key,
};
use std::collections::{HashMap, VecDeque};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, TryRecvError, channel};
use std::time::{Duration, Instant};

/// The time a move's solve of the every-move list is given before the list
/// records the bounds it proved and goes on to the next move.
pub const MOVE_BUDGET: Duration = Duration::from_secs(10);
/// How many times longer each try again of the unsolved moves is given.
pub const LONGER: u32 = 6;

/// What the panel asks for.
#[derive(Clone, Debug, PartialEq)]
pub enum SolverCommand {
    /// Solve the position on view.
    Solve,
    Cancel,
    /// Play the first `n` moves of the solution of the position on view.
    PlayLine(usize),
    /// Keep a running solve when the board moves to another position.
    KeepOnChange(bool),
    /// Prove the value of every legal move of the position on view (one
    /// solve per move, after the position's own).
    ValueEveryMove,
    /// Play one move from the position on view (from the list of every
    /// move's value).
    PlayMove(Move),
    /// Solve again, with a longer time each, the moves of the position on
    /// view whose solves ran out of time (what they proved is kept).
    RetryUnsolved,
    /// Open the "Save as study" dialog for the solved position on view.
    SaveAsStudy,
    /// The study dialog's own commands.
    Writer(super::study_writer::WriterCommand),
}

/// A move of the every-move list whose solve ran out of time: the bounds
/// of its value it proved (for the side that plays it).
#[derive(Clone, Debug)]
pub struct Unsolved {
    pub mv: Move,
    /// `None`: nothing proved that way yet.
    pub lower: Option<Value>,
    pub upper: Option<Value>,
    /// The time its last solve was given.
    pub budget: Duration,
    /// Its last solve was stopped (cancelled, or another solve's turn)
    /// rather than out of its time: "unsolved in 10 s" said of a move
    /// cancelled within a second was untrue.
    pub stopped: bool,
    /// The position after it.
    child: Position,
}

/// A solve running in the background, and the position it belongs to.
struct Running {
    key: u64,
    pos: Position,
    /// Where the position stood in the game when the solve started.
    label: String,
    /// The position the label speaks of: moves played before it, its key.
    at: (usize, u64),
    /// That position has left the game (see [`SolverPanel::poll`]).
    gone: bool,
    handle: SolveHandle,
    /// For a move's solve of the every-move list: the move (`key` and `pos`
    /// are then the position after it).
    for_move: Option<Move>,
    /// When a move's solve runs out of its time budget: `poll` stops it
    /// then, and its bounds are listed.
    deadline: Option<Instant>,
    /// Cancel was pressed (a move's solve that ends without its value was
    /// stopped, not out of time).
    cancelled: bool,
    /// The panel's first solve of the session: nothing proved before it
    /// to reuse.
    first: bool,
}

/// Proving the value of every move of one position: the moves still to
/// solve, one background solve at a time.
struct EveryMove {
    key: u64,
    /// The game up to and including the position (repetition counts).
    line: Vec<Position>,
    label: String,
    /// The position the label speaks of: moves played before it, its key.
    at: (usize, u64),
    /// That position has left the game (see [`SolverPanel::poll`]).
    gone: bool,
    /// The legal moves not yet valued, with the positions after them, once
    /// [`MoveChildren`] has reported.
    pending: Option<VecDeque<(Move, Position)>>,
    children: Receiver<MoveChildren>,
    /// Set when the list goes: the walk that finds its moves stops then
    /// (it may be proving a move endless for seconds).
    stop: Arc<AtomicBool>,
    /// The time each move's solve is given.
    budget: Duration,
}

impl Drop for EveryMove {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
    }
}

/// The legal moves of a position with the positions after them, and the
/// values of those that need no solve (a repetition or the end of the
/// game). Worked out off the UI thread: proving a move endless, or that
/// the game is over after one, can take seconds.
struct MoveChildren {
    solve: Vec<(Move, Position)>,
    settled: Vec<(Move, Value)>,
}

impl MoveChildren {
    /// `None` once `stop` is set (the list went).
    fn of(line: &[Position], skip: &[Move], stop: &AtomicBool) -> Option<MoveChildren> {
        let mut out = MoveChildren {
            solve: Vec::new(),
            settled: Vec::new(),
        };
        let moves = moves_after_or_stop(line, || !stop.load(Ordering::Relaxed))?;
        for m in moves.into_iter().filter(|m| !skip.contains(&m.mv)) {
            match m.settled {
                Some(v) => out.settled.push((m.mv, v)),
                None => out.solve.push((m.mv, m.child)),
            }
        }
        Some(out)
    }
}

/// What the session's proofs say of a played move: its value and the best
/// value of the position it was played in, with a move that reaches it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ProvedCost {
    pub played: Move,
    pub played_value: Value,
    pub best: Move,
    pub best_value: Value,
}

impl ProvedCost {
    /// The move list's note: "best move, proved", "cost exactly 3 seeds
    /// (best was hole 12)", or for Bao la Kimasai the two outcomes, "loses
    /// in 6 plies where hole i3 wins in 5 plies".
    pub fn describe(&self, variant: crate::engine::Variant) -> String {
        if self.played_value.rank() >= self.best_value.rank() {
            return "best move, proved".into();
        }
        let best = crate::advice::move_label(variant, self.best);
        match (self.played_value, self.best_value) {
            (Value::Margin(played), Value::Margin(value)) => format!(
                "cost exactly {} (best was {best})",
                seeds((value - played).unsigned_abs())
            ),
            (played, value) => format!("{} where {best} {}", played.describe(), value.describe()),
        }
    }
}

/// The panel's runtime state.
pub struct SolverPanel {
    /// The solver kept for the session (created on first use: its table
    /// takes 128 MiB). Tests may put a smaller one here.
    pub session: Option<Session>,
    running: Option<Running>,
    /// Finished solutions by [`solve_key`] (the position with the
    /// positions of its game it could come back to: a repetition is valued
    /// as one, so these can change its value). So are the maps below.
    solved: HashMap<u64, Solution>,
    /// Those of `solved` that no solve of their own proved: positions
    /// along a solved position's principal line (each keeps the value, its
    /// line the rest of it), with how many moves along it they are. A
    /// click on the line's next move left the panel with only Solve.
    along: HashMap<u64, usize>,
    /// Counts the entries put in `solved`: one may replace another (a
    /// solve's own for a line's), which its length does not show.
    solved_generation: u64,
    /// A solve was started this session (see [`Running::first`]).
    started: bool,
    /// The position whose solve was the session's first, once solved: its
    /// solution does not say it reused what the session had proved.
    first_solved: Option<u64>,
    /// What happened to the last solve that did not finish.
    pub note: Option<String>,
    /// The position the note speaks of ("the position after move 12"):
    /// moves played before it, its key. Once the game no longer has it
    /// there (undone, or another line played), the note goes.
    note_at: Option<(usize, u64)>,
    /// The game the note belongs to ([`Runtime::game_id`]).
    note_game: Option<u64>,
    /// Keep solving when the board moves on (otherwise the solve stops).
    pub keep_on_change: bool,
    /// Moves of a line still to be played on the board, with the key of the
    /// position the next one belongs to.
    line_queue: Option<(u64, VecDeque<Move>)>,
    /// Proved values of moves (for the side to move), by position key.
    move_values: HashMap<u64, Vec<(Move, Value)>>,
    /// Moves whose solves ran out of time (or were cancelled), with the
    /// bounds they proved, by position key.
    unsolved: HashMap<u64, Vec<Unsolved>>,
    /// Legal moves by position key, once an every-move list has counted them.
    legal_counts: HashMap<u64, usize>,
    every_move: Option<EveryMove>,
    /// The time a move's solve of the every-move list is given on its
    /// first try ([`MOVE_BUDGET`]; tests set less).
    pub move_budget: Duration,
    /// The "Save as study" dialog: open, or closed unsaved (it comes back
    /// as it was left for the same position).
    pub writer: Option<super::study_writer::StudyWriter>,
    /// The move list's proved notes as last worked out, with what they
    /// were worked out from ([`SolverPanel::notes_stamp`]): the game's
    /// positions are hashed again only when it or the proofs change, not
    /// every frame.
    proved_notes: (NotesStamp, Vec<(usize, CostNote)>),
}

/// What the proved notes depend on: the game (its id, length and last
/// position) and what the session has proved (the solutions put in, one
/// maybe in another's place, and the moves valued).
type NotesStamp = Option<(u64, usize, u64, u64, usize, usize)>;

impl Default for SolverPanel {
    fn default() -> Self {
        SolverPanel {
            session: None,
            running: None,
            solved: HashMap::new(),
            along: HashMap::new(),
            solved_generation: 0,
            started: false,
            first_solved: None,
            note: None,
            note_game: None,
            note_at: None,
            keep_on_change: false,
            line_queue: None,
            move_values: HashMap::new(),
            unsolved: HashMap::new(),
            legal_counts: HashMap::new(),
            every_move: None,
            move_budget: MOVE_BUDGET,
            writer: None,
            proved_notes: Default::default(),
        }
    }
}

impl SolverPanel {
    /// The session's solver, shared with the studies' exercises.
    pub fn session(&mut self) -> Session {
        self.session
            .get_or_insert_with(Session::within_memory)
            .clone()
    }

    /// Makes the session now, if there is none yet: its table is had from
    /// the system in the background before the first solve needs it.
    pub fn warm_up(&mut self) {
        self.session.get_or_insert_with(Session::within_memory);
    }

    /// The finished solution of `pos` on its own (no game before it), if
    /// it was solved this session.
    pub fn solution(&self, pos: &Position) -> Option<&Solution> {
        self.solved.get(&pos.key())
    }

    /// Notes each position along `solution`'s principal line (from `pos`,
    /// after `history`) as solved: each keeps the value, for its own side
    /// to move, and the rest of the line is its own. Only a line that ends
    /// the game by the rules: one that stops at a repetition (a Bao la
    /// Kimasai draw), at its greatest length, or short of a repetition it
    /// could not reach may end where the game goes on (the last position
    /// said "the game is over here", and without a Solve button). A
    /// position solved on its own keeps its solve.
    fn solve_along(&mut self, history: &[Position], pos: &Position, solution: &Solution) {
        let mut end = *pos;
        for &mv in &solution.pv {
            if end.play(mv).is_err() {
                return;
            }
        }
        if solution.pv.is_empty() || matches!(end.status(), crate::engine::Status::Ongoing) {
            return;
        }
        let mut keys = SolveKeys::after(history, pos);
        let mut at = *pos;
        let mut value = solution.value;
        // The game's last position is over: not one to note.
        for (j, &mv) in solution.pv.iter().enumerate().take(solution.pv.len() - 1) {
            keys.push(&at);
            let Ok(next) = at.try_play(mv) else {
                break;
            };
            at = next;
            value = value.after_best_move();
            let key = keys.key(&at);
            if self.solved.contains_key(&key) && !self.along.contains_key(&key) {
                continue;
            }
            self.along.insert(key, j + 1);
            self.solved_generation += 1;
            self.solved.insert(
                key,
                Solution {
                    value,
                    best: solution.pv.get(j + 1).copied(),
                    pv: solution.pv[j + 1..].to_vec(),
                    nodes: 0,
                    elapsed: std::time::Duration::ZERO,
                },
            );
        }
    }

    /// The finished solution of the position on view, after the game
    /// before it, if it was solved this session.
    pub fn shown_solution(&self, rt: &Runtime) -> Option<&Solution> {
        self.solved.get(&shown_key(rt))
    }

    /// Whether the "Save as study" dialog is open.
    pub fn writer_open(&self) -> bool {
        self.writer.as_ref().is_some_and(|w| w.open)
    }

    /// Whether a solve is running.
    pub fn running(&self) -> bool {
        self.running.is_some()
    }

    /// Stops a running solve and the every-move list being proved (another
    /// user of the shared solver needs it). What the list had proved stays,
    /// the bounds of the move being solved included.
    pub fn cancel(&mut self, why: &str) {
        let running = self.running.take();
        if let Some(r) = &running {
            r.handle.cancel();
        }
        // A list between two moves' solves has no solve running. The note
        // goes with its position, except a kept solve's of a position
        // already taken back, which stays with what it proved; a solve
        // stopped because its move was undone is no such one (its note,
        // "since taken back", stayed on after a redo brought it back).
        let sticks = |gone: bool| gone && self.keep_on_change;
        let at = match (&self.every_move, &running) {
            (Some(job), _) => (!sticks(job.gone)).then_some(job.at),
            (None, Some(r)) => (!sticks(r.gone)).then_some(r.at),
            (None, None) => None,
        };
        self.note = Some(match (self.every_move.take(), &running) {
            (Some(job), r) if r.as_ref().is_none_or(|r| r.for_move.is_some()) => {
                let current = r.as_ref().map(|r| {
                    let p = r.handle.progress();
                    self.give_up_move(job.key, r, &p, job.budget, true)
                });
                format!(
                    "The values of every move of {} were stopped: {why}; {}.",
                    job.label.to_lowercase(),
                    self.kept_words(job.key, current)
                )
            }
            (_, Some(r)) => {
                // How far it got, as a Cancel says.
                let p = r.handle.progress();
                format!(
                    "The solve of {} was stopped after {} nodes{}: {why}.",
                    r.label.to_lowercase(),
                    group_digits(p.nodes),
                    proved_words(&r.pos, &p)
                )
            }
            (_, None) => return,
        });
        self.note_at = at;
    }

    /// The proved values of moves of `pos` on its own (no game before
    /// it), best first.
    pub fn move_values(&self, pos: &Position) -> Vec<(Move, Value)> {
        self.values_by_key(pos.key())
    }

    fn values_by_key(&self, key: u64) -> Vec<(Move, Value)> {
        let mut v = self.move_values.get(&key).cloned().unwrap_or_default();
        v.sort_by_key(|(mv, value)| (std::cmp::Reverse(value.rank()), mv.0));
        v
    }

    /// The best value of `pos` with a move that reaches it, and the value
    /// of `played` (from `pos` into `child`), where this session proved
    /// both: by solving `pos` or valuing all its moves, and by solving
    /// `child` or valuing `played`. `keys`: the [`solve_key`]s of `pos`
    /// and `child` after the game before them.
    pub fn proved_cost(&self, keys: (u64, u64), played: Move) -> Option<ProvedCost> {
        let (key, child_key) = keys;
        let listed = self.move_values.get(&key);
        let solution = self.solved.get(&key);
        let played_value = listed
            .and_then(|l| l.iter().find(|(m, _)| *m == played).map(|(_, v)| *v))
            .or_else(|| solution.filter(|s| s.best == Some(played)).map(|s| s.value))
            .or_else(|| {
                self.solved
                    .get(&child_key)
                    .map(|s| s.value.flipped_after_move())
            })?;
        let (best, best_value) = match solution {
            Some(s) => (s.best?, s.value),
            None => {
                let listed = listed?;
                // Every legal move valued: the best of them is the position's.
                if self.legal_counts.get(&key) != Some(&listed.len()) {
                    return None;
                }
                listed
                    .iter()
                    .copied()
                    .max_by_key(|(m, v)| (v.rank(), std::cmp::Reverse(m.0)))?
            }
        };
        Some(ProvedCost {
            played,
            played_value,
            best,
            best_value,
        })
    }

    /// Writes the move list's cost note of every move of the game whose
    /// cost this session proved, in place of the review's estimate (which
    /// could call a move the solver proved best a mistake).
    pub fn write_proved_notes(&mut self, rt: &mut Runtime) {
        if self.solved.is_empty() && self.move_values.is_empty() {
            return;
        }
        let stamp = Some((
            rt.game_id,
            rt.game.moves().len(),
            rt.game.current().key(),
            self.solved_generation,
            self.move_values.values().map(Vec::len).sum(),
            self.legal_counts.len(),
        ));
        if self.proved_notes.0 != stamp {
            let variant = rt.game.current().variant();
            let positions = rt.game.positions();
            // Each position's key after the game before it, in one pass.
            let mut history = SolveKeys::default();
            let keys: Vec<u64> = positions
                .iter()
                .map(|p| {
                    let key = history.key(p);
                    history.push(p);
                    key
                })
                .collect();
            let moves = rt.game.moves();
            let notes: Vec<(usize, CostNote)> = moves
                .iter()
                .enumerate()
                .filter_map(|(i, &played)| {
                    let cost = self.proved_cost((keys[i], keys[i + 1]), played)?;
                    let note = CostNote {
                        text: cost.describe(variant),
                        review_depth: None,
                    };
                    Some((i, note))
                })
                .collect();
            self.proved_notes = (stamp, notes);
        }
        rt.cost_notes.extend(self.proved_notes.1.iter().cloned());
    }

    /// The moves of `pos` on its own (no game before it) whose solves ran
    /// out of time, with the bounds they proved, in the order they were
    /// tried.
    pub fn unsolved_moves(&self, pos: &Position) -> Vec<Unsolved> {
        self.unsolved_by_key(pos.key())
    }

    fn unsolved_by_key(&self, key: u64) -> Vec<Unsolved> {
        self.unsolved.get(&key).cloned().unwrap_or_default()
    }

    /// Records what a move's solve that ended without its value proved
    /// (for the mover; kept with what an earlier try proved); returns the
    /// move with what it proved in words, for a note.
    fn give_up_move(
        &mut self,
        key: u64,
        r: &Running,
        p: &Progress,
        budget: Duration,
        stopped: bool,
    ) -> Option<(Move, String)> {
        let mv = r.for_move?;
        // The child's bounds, seen from the mover: its lower bound caps the
        // mover's value and its upper one floors it (a bound still the
        // widest proves nothing).
        let lower = p
            .upper
            .filter(|v| *v != Value::Win { plies: 0 })
            .map(|v| v.flipped_after_move());
        let upper = p
            .lower
            .filter(|v| *v != Value::Loss { plies: 0 })
            .map(|v| v.flipped_after_move());
        let list = self.unsolved.entry(key).or_default();
        let (lower, upper) = match list.iter().position(|u| u.mv == mv) {
            Some(i) => {
                let old = list.remove(i);
                (
                    tighter(old.lower, lower, |a, b| a.rank() >= b.rank()),
                    tighter(old.upper, upper, |a, b| a.rank() <= b.rank()),
                )
            }
            None => (lower, upper),
        };
        let words = format!(
            "the bounds {} had reached ({})",
            r.label,
            bounds_words(lower, upper)
        );
        Some((
            mv,
            match (lower, upper) {
                // Proved, its line still being read: that is its value.
                (Some(lo), Some(hi)) if lo == hi => {
                    self.move_values.entry(key).or_default().push((mv, lo));
                    format!("the value of {} ({})", r.label, lo.describe())
                }
                _ => {
                    list.push(Unsolved {
                        mv,
                        lower,
                        upper,
                        budget,
                        stopped,
                        child: r.pos,
                    });
                    words
                }
            },
        ))
    }

    /// What a stopped list keeps: "kept: the values of 3 of 14 moves and
    /// the bounds South i1 had reached (…)".
    fn kept_words(&self, key: u64, current: Option<Option<(Move, String)>>) -> String {
        let valued = self.move_values.get(&key).map_or(0, |v| v.len());
        let of = self
            .legal_counts
            .get(&key)
            .map_or(String::new(), |n| format!(" of {n}"));
        let moves = if valued == 1 && of.is_empty() {
            "move"
        } else {
            "moves"
        };
        let mut out = format!("kept: the values of {valued}{of} {moves}");
        let current = current.flatten();
        let others = self.unsolved.get(&key).map_or(0, |u| {
            u.iter()
                .filter(|u| current.as_ref().is_none_or(|(mv, _)| *mv != u.mv))
                .count()
        });
        if others > 0 {
            let s = if others == 1 { "" } else { "s" };
            out.push_str(&format!(", the bounds of {others} unsolved move{s}"));
        }
        if let Some((_, c)) = current {
            out.push_str(&format!(" and {c}"));
        }
        out
    }

    /// Where the move being solved stands in the list of its position's
    /// legal moves: the moves valued or given up before it, plus one, and
    /// the legal moves (as the list's "2 of 14 proved" counts them).
    fn place_in_list(&self, job: &EveryMove, current: Move) -> (usize, usize) {
        let valued = self.move_values.get(&job.key).map_or(0, |v| v.len());
        let waiting = |mv: Move| {
            mv == current
                || job
                    .pending
                    .as_ref()
                    .is_some_and(|p| p.iter().any(|(m, _)| *m == mv))
        };
        let given_up = self
            .unsolved
            .get(&job.key)
            .map_or(0, |u| u.iter().filter(|u| !waiting(u.mv)).count());
        let legal = self.legal_counts.get(&job.key).copied().unwrap_or(0);
        let place = valued + given_up + 1;
        (place, legal.max(place))
    }

    /// The key of the position on view a running solve or every-move list
    /// belongs to.
    fn belongs_to(&self, r: &Running) -> u64 {
        match (&self.every_move, r.for_move) {
            (Some(job), Some(_)) => job.key,
            _ => r.key,
        }
    }

    /// Starts proving the value of every move of the position on view
    /// (whose own value is proved: its best move's value is that) not
    /// valued or tried yet, each within [`SolverPanel::move_budget`].
    fn value_every_move(&mut self, rt: &Runtime) {
        let pos = *rt.shown_position();
        let key = shown_key(rt);
        let Some(solution) = self.solved.get(&key) else {
            return;
        };
        if self.running.is_some() || self.every_move.is_some() {
            return;
        }
        let known = self.move_values.entry(key).or_default();
        if let Some(best) = solution.best
            && !known.iter().any(|(m, _)| *m == best)
        {
            known.push((best, solution.value));
        }
        // Moves tried before and out of time wait for a try with more time.
        let skip: Vec<Move> = known
            .iter()
            .map(|(m, _)| *m)
            .chain(self.unsolved.get(&key).into_iter().flatten().map(|u| u.mv))
            .collect();
        let mut line = rt.game.positions()[..rt.view].to_vec();
        line.push(pos);
        let (tx, rx) = channel();
        let stop = Arc::new(AtomicBool::new(false));
        {
            let line = line.clone();
            let stop = Arc::clone(&stop);
            std::thread::spawn(move || {
                crate::priority::as_worker();
                // Nothing to send once the list went (the receiver with it).
                if let Some(children) = MoveChildren::of(&line, &skip, &stop) {
                    let _ = tx.send(children);
                }
            });
        }
        self.note = None;
        self.every_move = Some(EveryMove {
            key,
            line,
            label: position_label(rt.view),
            at: (rt.view, pos.key()),
            gone: false,
            pending: None,
            children: rx,
            stop,
            budget: self.move_budget,
        });
    }

    /// The time a try again of the unsolved moves of `pos` gives each:
    /// [`LONGER`] times what the last try gave.
    fn retry_budget(&self, key: u64) -> Duration {
        let last = self
            .unsolved_by_key(key)
            .iter()
            .map(|u| u.budget)
            .max()
            .unwrap_or(self.move_budget);
        last.saturating_mul(LONGER)
    }

    /// Solves again, with [`SolverPanel::retry_budget`] each, the moves of
    /// the position on view that ran out of time (the session's table
    /// keeps what they proved, so each goes on from there).
    fn retry_unsolved(&mut self, rt: &Runtime) {
        let pos = *rt.shown_position();
        let key = shown_key(rt);
        if self.running.is_some() || self.every_move.is_some() {
            return;
        }
        let unsolved = self.unsolved_by_key(key);
        if unsolved.is_empty() || !self.solved.contains_key(&key) {
            return;
        }
        let mut line = rt.game.positions()[..rt.view].to_vec();
        line.push(pos);
        self.note = None;
        self.every_move = Some(EveryMove {
            key,
            line,
            label: position_label(rt.view),
            at: (rt.view, pos.key()),
            gone: false,
            pending: Some(unsolved.iter().map(|u| (u.mv, u.child)).collect()),
            // Nothing to wait for: the moves are known.
            children: channel().1,
            stop: Arc::default(),
            budget: self.retry_budget(key),
        });
    }

    /// Starts the next move's solve of the every-move list, once its legal
    /// moves are known, settling on the way those that need none (a
    /// repetition, the end of the game, or a position solved before).
    fn next_move_solve(&mut self) {
        if self.running.is_some() {
            return;
        }
        let Some(job) = &mut self.every_move else {
            return;
        };
        if job.pending.is_none() {
            match job.children.try_recv() {
                Ok(children) => {
                    let values = self.move_values.entry(job.key).or_default();
                    values.extend(children.settled);
                    let tried = self.unsolved.get(&job.key).map_or(0, |u| u.len());
                    self.legal_counts
                        .insert(job.key, values.len() + tried + children.solve.len());
                    job.pending = Some(children.solve.into());
                }
                Err(TryRecvError::Empty) => return,
                Err(TryRecvError::Disconnected) => {
                    self.every_move = None;
                    return;
                }
            }
        }
        let pending = job.pending.as_mut().expect("set above");
        while let Some((mv, child)) = pending.pop_front() {
            let child_key = solve_key(&job.line, &child);
            if let Some(s) = self.solved.get(&child_key) {
                let v = s.value.flipped_after_move();
                self.move_values.entry(job.key).or_default().push((mv, v));
                if let Some(u) = self.unsolved.get_mut(&job.key) {
                    u.retain(|u| u.mv != mv);
                }
                continue;
            }
            let title = job
                .line
                .last()
                .map_or(String::new(), |p| super::said_move(p, mv));
            let handle = self
                .session
                .get_or_insert_with(Session::within_memory)
                .solve(job.line.clone(), child);
            self.running = Some(Running {
                key: child_key,
                pos: child,
                label: title,
                at: job.at,
                gone: job.gone,
                handle,
                for_move: Some(mv),
                deadline: Some(Instant::now() + job.budget),
                cancelled: false,
                first: !std::mem::replace(&mut self.started, true),
            });
            return;
        }
        self.every_move = None;
    }

    /// Starts solving the position on view (unless its value is known).
    fn solve(&mut self, rt: &Runtime) {
        let pos = *rt.shown_position();
        let key = shown_key(rt);
        if self.solved.contains_key(&key) {
            return;
        }
        let mut stopped = None;
        let mut stopped_at = None;
        if let Some(r) = self.running.take() {
            if r.key == key {
                self.running = Some(r);
                return;
            }
            // One solve at a time: the one it replaces says what it had
            // proved, rather than vanish (a move's solve keeps its bounds
            // in its list).
            r.handle.cancel();
            let p = r.handle.progress();
            if let Some(job) = &self.every_move {
                let (key, budget) = (job.key, job.budget);
                self.give_up_move(key, &r, &p, budget, true);
            }
            stopped = Some(format!(
                "The solve of {} was stopped for this one after {} nodes{}.",
                r.label.to_lowercase(),
                group_digits(p.nodes),
                proved_words(&r.pos, &p)
            ));
            stopped_at = (!r.gone).then_some(r.at);
        }
        self.every_move = None;
        let history = rt.game.positions()[..rt.view].to_vec();
        let handle = self.session().solve(history, pos);
        self.note = stopped;
        self.note_at = stopped_at;
        self.running = Some(Running {
            key,
            pos,
            label: position_label(rt.view),
            at: (rt.view, pos.key()),
            gone: false,
            handle,
            for_move: None,
            deadline: None,
            cancelled: false,
            first: !std::mem::replace(&mut self.started, true),
        });
    }

    /// Collects a finished solve, stops one whose position left the board,
    /// and plays the next move of a line being played out.
    /// `lines_may_play`: false while the position editor is open or a
    /// dialog waits for an answer (a line being played waits for it, to go
    /// on after Cancel). Returns "Play from here?" to ask where a line
    /// played on an earlier position leaves the game's own moves.
    pub fn poll(
        &mut self,
        rt: &mut Runtime,
        ctx: &egui::Context,
        lines_may_play: bool,
    ) -> Option<AppCommand> {
        let shown = shown_key(rt);
        // A kept solve whose position has left the game (its move taken
        // back, or another line played from before it) is named for what
        // it is: "the position after move 3" named another position then.
        let in_game = |(view, key): (usize, u64)| {
            rt.game.positions().get(view).map(Position::key) == Some(key)
        };
        if let Some(job) = &mut self.every_move {
            job.gone = !in_game(job.at);
            job.label = position_label_in(job.at.0, job.gone);
        }
        if let Some(r) = &mut self.running {
            r.gone = !in_game(r.at);
            if r.for_move.is_none() {
                r.label = position_label_in(r.at.0, r.gone);
            }
        }
        if let Some(r) = &self.running {
            if let Some(result) = r.handle.result() {
                let r = self.running.take().expect("checked above");
                // Stopped (out of its time, or cancelled): what it proved.
                match result.map_err(|_| r.handle.progress()) {
                    Ok(solution) => {
                        if let (Some(mv), Some(job)) = (r.for_move, &self.every_move) {
                            let v = solution.value.flipped_after_move();
                            self.move_values.entry(job.key).or_default().push((mv, v));
                            if let Some(u) = self.unsolved.get_mut(&job.key) {
                                u.retain(|u| u.mv != mv);
                            }
                        }
                        if r.first {
                            self.first_solved = Some(r.key);
                        }
                        if r.for_move.is_none() && !r.gone {
                            self.solve_along(&rt.game.positions()[..r.at.0], &r.pos, &solution);
                        }
                        self.along.remove(&r.key);
                        self.solved_generation += 1;
                        self.solved.insert(r.key, solution);
                    }
                    Err(p) => {
                        let proved = proved_words(&r.pos, &p);
                        match self.every_move.take() {
                            // Out of its time: its bounds are listed, and
                            // the list goes on with the next move.
                            Some(job) if r.for_move.is_some() && !r.cancelled => {
                                self.give_up_move(job.key, &r, &p, job.budget, false);
                                self.every_move = Some(job);
                            }
                            Some(job) if r.for_move.is_some() => {
                                let current =
                                    Some(self.give_up_move(job.key, &r, &p, job.budget, true));
                                self.note_at = (!job.gone).then_some(job.at);
                                self.note = Some(format!(
                                    "The values of every move of {} were cancelled at {} after \
                                     {} nodes; {}.",
                                    job.label.to_lowercase(),
                                    r.label,
                                    group_digits(p.nodes),
                                    self.kept_words(job.key, current)
                                ));
                            }
                            _ => {
                                self.note_at = (!r.gone).then_some(r.at);
                                self.note = Some(format!(
                                    "The solve of {} was cancelled after {} nodes{proved}.",
                                    r.label.to_lowercase(),
                                    group_digits(p.nodes)
                                ));
                            }
                        }
                    }
                }
                ctx.request_repaint();
            } else if self.belongs_to(r) != shown && !self.keep_on_change {
                self.cancel("the board moved to another position");
            } else if r.deadline.is_some_and(|d| Instant::now() >= d) {
                // Out of its time: collected as stopped next frame (a solve
                // that ends just now still counts).
                r.handle.cancel();
                ctx.request_repaint();
            } else {
                ctx.request_repaint_after(super::busy::frame_interval());
            }
        }
        if let Some(job) = &self.every_move
            && self.running.is_none()
        {
            if job.key != shown && !self.keep_on_change {
                self.cancel("the board moved to another position");
            } else {
                self.next_move_solve();
            }
            if self.running.is_none() && self.every_move.is_some() {
                // Still finding the legal moves (off the UI thread).
                ctx.request_repaint_after(Duration::from_millis(50));
            } else {
                ctx.request_repaint();
            }
        }
        // A note speaks of "the position after move 12" of its own game: a
        // new, opened or pasted game starts without it (a solve it stopped
        // included).
        if self.note_game != Some(rt.game_id) {
            self.note = None;
            self.note_game = Some(rt.game_id);
        }
        // Nor does a note outlive its position in this game: "the position
        // after move 1500" read on after that move was undone.
        if let Some(at) = self.note_at
            && !in_game(at)
        {
            self.note = None;
            self.note_at = None;
        }
        if lines_may_play {
            self.play_queued(rt, ctx)
        } else {
            None
        }
    }

    /// How many moves of a line asked of the solver wait for "Play from
    /// here?" to be answered about its first (0 without such a line).
    pub fn line_after_branch(&self) -> usize {
        self.line_queue.as_ref().map_or(0, |(_, queue)| queue.len())
    }

    /// Plays the next move of a line once the previous one has been sown.
    /// On an earlier position a move that is the game's own next one is a
    /// step along the game (the line followed the game's moves and stopped
    /// after the first); the first that is not is asked about as a move
    /// clicked there ("Play from here?", returned), the rest following once
    /// it is played.
    fn play_queued(&mut self, rt: &mut Runtime, ctx: &egui::Context) -> Option<AppCommand> {
        let (key, queue) = self.line_queue.as_mut()?;
        if rt.branch_offer.is_some() || rt.branch_check.is_some() {
            // "Play from here?" is still asked about a move of the line
            // (the rest plays once it is answered, and goes if cancelled).
            return None;
        }
        if rt.shown_position().key() != *key {
            // The board went elsewhere: the rest of the line no longer fits.
            self.line_queue = None;
            return None;
        }
        if rt.animating() {
            return None;
        }
        let Some(mv) = queue.pop_front() else {
            self.line_queue = None;
            return None;
        };
        if rt.live() {
            match rt.play(mv) {
                Ok(()) => {
                    *key = rt.game.current().key();
                    ctx.request_repaint();
                }
                Err(e) => {
                    rt.notice = Some(e.into());
                    self.line_queue = None;
                }
            }
            return None;
        }
        if rt.game.moves().get(rt.view) == Some(&mv) {
            // The game's own next move: sown as a step along the game.
            rt.step_along();
            *key = rt.shown_position().key();
            ctx.request_repaint();
            return None;
        }
        // The rest waits for the answer about this one.
        let rest = std::mem::take(queue);
        self.line_queue = rt
            .shown_position()
            .try_play(mv)
            .ok()
            .filter(|_| !rest.is_empty())
            .map(|after| (after.key(), rest));
        Some(AppCommand::OfferBranch(mv))
    }
}

/// The [`solve_key`] of the position on view after the game before it.
fn shown_key(rt: &Runtime) -> u64 {
    solve_key(&rt.game.positions()[..rt.view], rt.shown_position())
}

/// What a stopped solve had proved, for its note ("; it had proved the
/// value between -16 and +12 for South to move"); empty before any bound.
fn proved_words(pos: &Position, p: &Progress) -> String {
    let whose = format!("for {} to move", pos.turn().title());
    let the_value = match p.lower {
        Some(Value::Margin(_)) => "the value ",
        _ => "",
    };
    match (p.lower, p.upper) {
        (Some(_), Some(_)) => format!(
            "; it had proved {the_value}{} {whose}",
            bounds_words(p.lower, p.upper)
        ),
        // One bound alone is kept too (a long solve cancelled before its
        // first upper bound lost the lower one it had shown).
        (Some(Value::Margin(_)), None) | (None, Some(Value::Margin(_))) => format!(
            "; it had proved that the value {whose} is {}",
            bounds_words(p.lower, p.upper)
        ),
        (Some(_), None) | (None, Some(_)) => {
            format!("; it had proved {} {whose}", bounds_words(p.lower, p.upper))
        }
        (None, None) => String::new(),
    }
}

/// A value as the window prints it: `Value::word` (the command line's
/// `+6`, `-2`, `win`) with the minus sign rather than a hyphen, as every
/// other number in the window.
pub fn value_word(v: Value) -> String {
    v.word().replacen('-', "\u{2212}", 1)
}

/// Proved bounds of a value in words: "between −16 and +12" (En Gehé's
/// margins), "no loss within 13 plies and no win within 14 plies" (Bao la
/// Kimasai), one of them alone, or "nothing proved yet".
fn bounds_words(lower: Option<Value>, upper: Option<Value>) -> String {
    match (lower, upper) {
        (Some(lo @ Value::Margin(_)), Some(hi)) => {
            format!("between {} and {}", value_word(lo), value_word(hi))
        }
        (Some(lo), Some(hi)) => format!(
            "{} and {}",
            lo.describe_bound(true),
            hi.describe_bound(false)
        ),
        (Some(lo @ Value::Margin(_)), None) => format!("at least {}", value_word(lo)),
        (None, Some(hi @ Value::Margin(_))) => format!("at most {}", value_word(hi)),
        (Some(lo), None) => lo.describe_bound(true),
        (None, Some(hi)) => hi.describe_bound(false),
        (None, None) => "nothing proved yet".into(),
    }
}

/// The tighter of two bounds (`better(a, b)`: `a` is at least as tight).
fn tighter(
    a: Option<Value>,
    b: Option<Value>,
    better: impl Fn(&Value, &Value) -> bool,
) -> Option<Value> {
    match (a, b) {
        (Some(a), Some(b)) => Some(if better(&a, &b) { a } else { b }),
        (a, b) => a.or(b),
    }
}

/// A time budget in words: "10 s", "0.4 s".
fn budget_words(d: Duration) -> String {
    if d.subsec_millis() == 0 {
        format!("{} s", d.as_secs())
    } else {
        format!("{:.1} s", d.as_secs_f64())
    }
}

/// [`position_label`], or for a position no longer in the game "The
/// position once after move 12 (since taken back)".
fn position_label_in(view: usize, gone: bool) -> String {
    if gone {
        format!("The position once after move {view} (since taken back)")
    } else {
        position_label(view)
    }
}

/// "The start position" or "The position after move 12".
fn position_label(view: usize) -> String {
    if view == 0 {
        "The start position".into()
    } else {
        format!("The position after move {view}")
    }
}

/// The value in words for the side to move at `pos`, e.g. "South to move
/// wins by 7 seeds (remainder included)" or "North to move wins in 5 plies".
pub fn value_sentence(pos: &Position, value: Value) -> String {
    let note = match value {
        Value::Margin(_) => " (remainder included)",
        _ => "",
    };
    format!("{} to move {}{note}", pos.turn().title(), value.describe())
}

/// A proved bound as text: "+3" for En Gehé, "win in 7" for Bao la Kimasai.
/// Bao la Kimasai: the plies its deepening is asking about now, one more
/// than those within which neither side was proved to win.
fn bao_asking(pos: &Position, p: &Progress) -> Option<u32> {
    if pos.variant().is_en_gehe() {
        return None;
    }
    let (lower, upper) = p.bounds(pos);
    let within = no_result_within(lower, upper)?;
    Some(within + 1)
}

/// En Gehé: the question the solving threads' passes ask now, "at least
/// +16?", and the second thread's when it asks another ("(second thread:
/// at least −14?)"). Bao la Kimasai's deepening is told in the heading.
/// Rounded to the values the seeds' parity allows by the solver.
pub fn asking_text(pos: &Position, p: &Progress) -> Option<String> {
    if !pos.variant().is_en_gehe() || p.done {
        return None;
    }
    let question = |v: Value| format!("at least {}?", value_word(v));
    match p.asking {
        [Some(main), Some(helper)] if main != helper => Some(format!(
            "{} (second thread: {})",
            question(main),
            question(helper)
        )),
        [Some(v), _] | [None, Some(v)] => Some(question(v)),
        [None, None] => None,
    }
}

fn bound_text(value: Option<Value>, lower: bool) -> String {
    match value {
        None => "not yet".into(),
        // The minus sign, as the rest of the panel ("−8", not "-8").
        Some(v) => v.describe_bound(lower).replacen('-', "\u{2212}", 1),
    }
}

/// Moves of a line from `pos` as "S 36", "N 6", … names with their
/// movers, the side letter held to the hole by a non-breaking space (a
/// wrapped line breaks between moves, never inside one).
pub fn line_names(pos: &Position, line: &[Move]) -> Vec<String> {
    let mut p = *pos;
    let mut out = Vec::new();
    for &mv in line {
        let side = if p.turn().index() == 0 { "S" } else { "N" };
        out.push(format!("{side}\u{a0}{}", p.variant().move_name(mv)));
        if p.play(mv).is_err() {
            break;
        }
    }
    out
}

/// The first `max` moves of a line from `pos` as one text, "S 36  N 6  S 40
/// …", that wraps only between moves.
fn line_text(pos: &Position, line: &[Move], max: usize) -> String {
    let names = line_names(pos, line);
    let more = if names.len() > max { " …" } else { "" };
    let shown: Vec<_> = names.into_iter().take(max).collect();
    format!("{}{more}", shown.join("  "))
}

/// Draws the panel (never during an exercise: the study panel says why);
/// returns its commands.
pub fn solver_ui(ui: &mut egui::Ui, panel: &SolverPanel, rt: &Runtime) -> Vec<AppCommand> {
    let mut out = Vec::new();
    let top = ui.cursor().top();
    let pos = *rt.shown_position();
    let key = shown_key(rt);
    ui.heading("Exact solver");
    // From the check of the moves (never a long move sown here).
    let shown_status = rt.shown_status();
    let to_move = if matches!(shown_status, Some(Status::Over(_))) {
        "the game is over".to_string()
    } else {
        format!("{} to move", pos.turn().title())
    };
    let said = ui.label(format!("{} on view, {to_move}.", position_label(rt.view)));
    // As many lines as its longest form takes at this width, whatever the
    // view: the start position's took a line less than a later move's, and
    // the Solve button under it jumped up under the pointer once a position
    // was pasted (or the view went back to the start).
    let longest = format!(
        "{} on view, the game is over.",
        position_label(rt.game.moves().len().max(999))
    );
    let room = ui
        .fonts_mut(|f| {
            f.layout(
                longest,
                egui::TextStyle::Body.resolve(ui.style()),
                egui::Color32::PLACEHOLDER,
                ui.available_width(),
            )
        })
        .size()
        .y;
    if said.rect.height() < room {
        ui.add_space(room - said.rect.height());
    }
    ui.separator();
    // A solid scroll bar, seen without hovering: a floating one stayed
    // hidden, and a line sliced by the panel's foot (the Moves header under
    // it) read as text cut off rather than more to scroll to.
    ui.spacing_mut().scroll = egui::style::ScrollStyle::solid();
    let scrolled = egui::ScrollArea::vertical()
        .auto_shrink([false, false])
        .show(ui, |ui| {
            // A solve of another position (kept on when the board moved)
            // goes under the position on view: its rows grow as it runs,
            // and the Solve button under them moved away from the pointer
            // between two frames, so a click missed it.
            let running = panel.running.as_ref();
            let elsewhere = running.filter(|r| panel.belongs_to(r) != key);
            if let Some(r) = running.filter(|_| elsewhere.is_none()) {
                running_ui(ui, panel, r, key, &mut out);
                ui.separator();
            }
            shown_ui(ui, panel, &pos, key, shown_status.as_ref(), rt, &mut out);
            if let Some(r) = elsewhere {
                ui.separator();
                running_ui(ui, panel, r, key, &mut out);
            }
            if let Some(note) = &panel.note {
                ui.add_space(6.0);
                ui.label(egui::RichText::new(note).italics());
            }
        });
    // The most this game's drawings took: a new game starts afresh.
    let wanted = scrolled.inner_rect.top() - top + scrolled.content_size.y;
    let grown = ui.data_mut(|d| {
        let most = d.get_temp_mut_or_insert_with(wanted_height_id(), || (rt.game_id, 0.0));
        if most.0 != rt.game_id {
            *most = (rt.game_id, 0.0);
        }
        let grown = wanted > most.1;
        most.1 = most.1.max(wanted);
        grown
    });
    if grown {
        // The column is split again without waiting for input.
        ui.ctx().request_repaint();
    }
    out
}

fn wanted_height_id() -> egui::Id {
    egui::Id::unique("solver-panel-most-wanted-height")
}

/// The most height the panel's whole content (its heading to the end of
/// what scrolls) has taken in the game `game_id`, if it was drawn in it:
/// another game's (a new game's first frame reads the last one's) says
/// nothing of this one.
pub fn most_wanted_height(ctx: &egui::Context, game_id: u64) -> Option<f32> {
    ctx.data(|d| d.get_temp::<(u64, f32)>(wanted_height_id()))
        .and_then(|(game, most)| (game == game_id).then_some(most))
}

/// What the panel says of the position on view: its value when the game
/// is over or the value is proved, else the Solve button.
fn shown_ui(
    ui: &mut egui::Ui,
    panel: &SolverPanel,
    pos: &Position,
    key: u64,
    shown_status: Option<&Status>,
    rt: &Runtime,
    out: &mut Vec<AppCommand>,
) {
    if let Some(Status::Over(result)) = shown_status {
        // Nothing to prove: the rules give the value. First, before
        // a kept solution of the same position: the game's history
        // decides a repetition, and this one ended the game where
        // the same position earlier in it still had moves.
        ui.label(format!(
            "The game is over in this position: {}",
            rt.describe_result(result)
        ));
        save_as_study_button(
            ui,
            Some("the game is over here: a study needs a move to play".into()),
            out,
        );
    } else if let Some(solution) = panel.solved.get(&key) {
        let source = match panel.along.get(&key) {
            Some(&moves) => Proof::Along(moves),
            None if panel.first_solved != Some(key) => Proof::Reused,
            None => Proof::Own,
        };
        solution_ui(ui, pos, solution, source, rt, out);
        if solution.best.is_some() {
            ui.add_space(6.0);
            every_move_ui(ui, panel, pos, key, rt, out);
        }
    } else if panel.running.as_ref().is_none_or(|r| r.key != key) {
        ui.horizontal_wrapped(|ui| {
            if ui
                .button("Solve")
                .on_hover_text("Prove the value of the position on view with perfect play")
                .clicked()
            {
                out.push(AppCommand::Solver(SolverCommand::Solve));
            }
            let why = "solve the position first: a study's goal and line are what the \
                       solver proves (a cancelled solve's bounds are not enough)";
            save_as_study_button(ui, Some(why.into()), out);
        });
        ui.label(
            egui::RichText::new(
                "Small endgames are solved in a moment; big boards with many seeds may \
                 take minutes or more. Proved values are kept for the session.",
            )
            .weak(),
        );
    }
}

fn running_ui(
    ui: &mut egui::Ui,
    panel: &SolverPanel,
    r: &Running,
    shown: u64,
    out: &mut Vec<AppCommand>,
) {
    let p = r.handle.progress();
    // Wrapped rows: a row wider than the panel would widen it under the
    // panel beside it.
    ui.horizontal_wrapped(|ui| {
        super::busy::spinner(ui);
        let what = if let (Some(job), Some(mv)) = (&panel.every_move, r.for_move) {
            let (place, of) = panel.place_in_list(job, mv);
            format!("Value of every move: solving {} ({place} of {of})", r.label)
        } else if p.done {
            "Value proved; reading the principal line…".to_string()
        } else if let Some(found) = p.retrograde {
            format!(
                "Solving: valuing every reachable position (retrograde analysis, for draws): {} found so far, up to {}",
                group_digits(found as u64),
                group_digits(crate::solver::RETRO_MAX_POSITIONS as u64)
            )
        } else if let Some(d) = bao_asking(&r.pos, &p) {
            format!("Solving: a win or loss within {}?", plies(d))
        } else {
            format!("Solving: MTD(f) pass {}", p.iteration + 1)
        };
        ui.strong(what);
    });
    // Cancel and Keep first: the rows below grow as the solve goes on, and
    // a button they pushed down was missed (or, once the solve ended, a
    // move of the line took the click).
    ui.horizontal_wrapped(|ui| {
        if ui.button("Cancel").clicked() {
            out.push(AppCommand::Solver(SolverCommand::Cancel));
        }
        let mut keep = panel.keep_on_change;
        if ui
            .checkbox(&mut keep, "Keep solving when the board moves on")
            .on_hover_text(
                "Otherwise moving to another position stops this solve \
                 (the solve belongs to the position it started on)",
            )
            .changed()
        {
            out.push(AppCommand::Solver(SolverCommand::KeepOnChange(keep)));
        }
    });
    // How far the proved bounds have closed in on the value: En Gehé's
    // margin starts anywhere within the seeds still on the board.
    if let Some(fraction) = bounds_closed(&r.pos, &p) {
        ui.add(
            egui::ProgressBar::new(fraction)
                .desired_width(ui.available_width().min(320.0))
                .text(format!("bounds {:.0}% closed", fraction * 100.0)),
        )
        .on_hover_text(
            "The share of the margins possible at the start of the solve (the captured \
             lead, give or take every seed on the board) that the proved bounds have ruled out",
        );
    }
    // Whose values they are: the side to move where the solve started.
    let whose = if r.for_move.is_some() {
        format!(
            "The bounds below are {}'s, to move after {}.",
            r.pos.turn().title(),
            r.label
        )
    } else {
        format!(
            "The bounds below are {}'s, the side to move in {}.",
            r.pos.turn().title(),
            r.label.to_lowercase()
        )
    };
    ui.label(egui::RichText::new(whose).weak());
    if let (Some(job), Some(_)) = (&panel.every_move, r.for_move) {
        ui.label(
            egui::RichText::new(format!(
                "Each move's solve is given {}; one that runs out of it is listed as \
                 unsolved with the bounds it proved, and the list goes on.",
                budget_words(job.budget)
            ))
            .weak(),
        );
    }
    if panel.belongs_to(r) != shown {
        let text = if r.gone && r.for_move.is_none() {
            format!(
                "This solve belongs to the position once after move {}, since taken back.",
                r.at.0
            )
        } else {
            format!(
                "This solve belongs to {} (not the one on view).",
                r.label.to_lowercase()
            )
        };
        ui.colored_label(ui.visuals().warn_fg_color, text);
    }
    egui::Grid::new("solver-progress")
        .num_columns(2)
        .spacing([12.0, 2.0])
        .show(ui, |ui| {
            ui.label("Proved at least");
            ui.label(bound_text(p.lower, true));
            ui.end_row();
            ui.label("Proved at most");
            ui.label(bound_text(p.upper, false));
            ui.end_row();
            ui.label("Nodes");
            ui.label(group_digits(p.nodes));
            ui.end_row();
            ui.label("Nodes per second");
            ui.label(group_digits(p.nodes_per_second as u64));
            ui.end_row();
            ui.label("Elapsed");
            ui.label(format!("{:.1} s", p.elapsed.as_secs_f64()));
            ui.end_row();
        });
    // Under the grid, where it wraps: a cell would widen the panel. It
    // keeps the most room it took during this solve (a question of one
    // line after one of two moved the best line under it up and down
    // several times a second).
    let held_id = egui::Id::unique("solver-asking-height").with((r.key, r.for_move.map(|m| m.0)));
    let held: f32 = ui.data(|d| d.get_temp(held_id)).unwrap_or(0.0);
    let top = ui.cursor().top();
    if let Some(asking) = asking_text(&r.pos, &p) {
        ui.label(format!("Asking now: {asking}")).on_hover_text(
            "Each MTD(f) pass asks one question of the value: is it at least this? \
             Its answer, yes or no, is a new proved bound",
        );
    }
    let used = ui.cursor().top() - top;
    if used < held {
        ui.add_space(held - used);
    } else if used > held {
        ui.data_mut(|d| d.insert_temp(held_id, used));
    }
    if !p.best_line.is_empty() {
        ui.label(format!(
            "Best line so far: {}",
            line_text(&r.pos, &p.best_line, 16)
        ));
    }
}

/// Where a solution shown was proved.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Proof {
    /// By its own solve, the session's first.
    Own,
    /// By its own solve, with what the session had proved before.
    Reused,
    /// Along the principal line of a solve this many moves back.
    Along(usize),
}

fn solution_ui(
    ui: &mut egui::Ui,
    pos: &Position,
    s: &Solution,
    source: Proof,
    rt: &Runtime,
    out: &mut Vec<AppCommand>,
) {
    ui.label(
        egui::RichText::new(value_sentence(pos, s.value))
            .strong()
            .size(17.0),
    );
    let Some(best) = s.best else {
        ui.label("The game is over here: there is no move to play.");
        return;
    };
    ui.label(format!(
        "Best move: {} {}",
        pos.turn().title(),
        pos.variant().move_name(best)
    ));
    let said = match source {
        Proof::Along(moves) => format!(
            "Proved by the solve {} back, along its principal line.",
            crate::engine::count_word(moves, "move")
        ),
        Proof::Own | Proof::Reused => format!(
            "This solve: {} nodes in {}{}.",
            group_digits(s.nodes),
            // ("in 0.00 s" read as no time, or as not measured.)
            match s.elapsed.as_secs_f64() {
                t if t < 0.01 => "under 0.01 s".to_string(),
                t => format!("{t:.2} s"),
            },
            if source == Proof::Reused {
                " (what the session had proved before is reused)"
            } else {
                ""
            }
        ),
    };
    ui.label(egui::RichText::new(said).weak());
    ui.add_space(4.0);
    // On an earlier position a move asks "Play from here?" first, as one
    // clicked on the board does.
    let branch = if rt.live() {
        ""
    } else {
        " (from this earlier position: the later moves of the game are taken off, after asking)"
    };
    ui.horizontal_wrapped(|ui| {
        let b = ui.button("Play best move");
        let b = if branch.is_empty() {
            b
        } else {
            b.on_hover_text(format!("Play it{branch}"))
        };
        if b.clicked() {
            out.push(AppCommand::Solver(SolverCommand::PlayLine(1)));
        }
        let b = ui.button("Play the line").on_hover_text(format!(
            "Sow the whole principal line on the board, move by move{branch}"
        ));
        if b.clicked() {
            out.push(AppCommand::Solver(SolverCommand::PlayLine(s.pv.len())));
        }
        save_as_study_button(ui, crate::study::Goal::for_value(pos, s.value).err(), out);
    });
    ui.add_space(4.0);
    let moves = if s.pv.len() == 1 { "move" } else { "moves" };
    ui.label(format!("Principal line ({} {moves}):", s.pv.len()));
    let names = line_names(pos, &s.pv);
    ui.horizontal_wrapped(|ui| {
        for (i, name) in names.iter().enumerate() {
            let b = ui
                .add(egui::Button::new(name).small())
                .on_hover_text(format!(
                    "Play the line up to here ({} moves){branch}",
                    i + 1
                ));
            if b.clicked() {
                out.push(AppCommand::Solver(SolverCommand::PlayLine(i + 1)));
            }
        }
    });
}

impl MaasaiApp {
    /// Applies a solver panel command.
    pub(super) fn apply_solver(&mut self, ctx: &egui::Context, command: SolverCommand) {
        match command {
            SolverCommand::SaveAsStudy => {
                let pos = *self.rt.shown_position();
                let Some((value, line)) = self
                    .solver
                    .shown_solution(&self.rt)
                    .map(|s| (s.value, s.pv.clone()))
                else {
                    return;
                };
                match &mut self.solver.writer {
                    Some(w) if w.is_for(&pos, value) => w.open = true,
                    _ => {
                        // The dialog's proof needs the shared solver, which a
                        // kept solve of another position (or a move of the
                        // every-move list) would hold until it ends: hours,
                        // behind a modal dialog. It stops, as for a study.
                        if self.solver.running.is_some() || self.solver.every_move.is_some() {
                            self.solver.cancel("the study dialog needs the solver");
                        }
                        let session = self.solver.session();
                        self.solver.writer = Some(super::study_writer::StudyWriter::new(
                            ctx, session, pos, value, line,
                        ));
                    }
                }
            }
            SolverCommand::Writer(c) => self.apply_writer(ctx, c),
            SolverCommand::Solve => self.solver.solve(&self.rt),
            SolverCommand::Cancel => {
                if let Some(r) = &mut self.solver.running {
                    r.cancelled = true;
                    r.handle.cancel();
                } else if let Some(job) = self.solver.every_move.take() {
                    // Still finding its moves: no solve to stop yet (the
                    // walk stops as the list goes).
                    self.solver.note_at = (!job.gone).then_some(job.at);
                    self.solver.note = Some(format!(
                        "The values of every move of {} were cancelled while its legal moves \
                         were found; {}.",
                        job.label.to_lowercase(),
                        self.solver.kept_words(job.key, None)
                    ));
                }
            }
            SolverCommand::RetryUnsolved => self.solver.retry_unsolved(&self.rt),
            SolverCommand::KeepOnChange(keep) => self.solver.keep_on_change = keep,
            SolverCommand::ValueEveryMove => self.solver.value_every_move(&self.rt),
            SolverCommand::PlayMove(mv) => self.play_solver_line(ctx, VecDeque::from([mv])),
            SolverCommand::PlayLine(n) => {
                if let Some(s) = self.solver.shown_solution(&self.rt) {
                    let moves: VecDeque<Move> = s.pv.iter().take(n).copied().collect();
                    self.play_solver_line(ctx, moves);
                }
            }
        }
    }

    /// Plays the solver's `moves` from the position on view, one after the
    /// other as each is sown. On an earlier position the moves the game
    /// already has are stepped along, and the first it has not goes as a
    /// move clicked there does ("Play from here?", which takes the later
    /// moves off the game); the rest follow once it is played (see
    /// `SolverPanel::play_queued`).
    fn play_solver_line(&mut self, ctx: &egui::Context, moves: VecDeque<Move>) {
        if moves.is_empty() {
            return;
        }
        self.pause_computer_for_line();
        self.solver.line_queue = Some((self.rt.shown_position().key(), moves));
        // At once: the first move answers the click in this frame (unless
        // the line must wait, as `poll` lets it).
        if self.editor.is_none()
            && !self.dialog_open()
            && let Some(ask) = self.solver.play_queued(&mut self.rt, ctx)
        {
            self.apply(ctx, vec![ask]);
        }
    }

    /// A line asked of the solver is the user's to play, both sides' moves:
    /// a computer player that is not paused is paused first (as a move of
    /// its side clicked on the board is refused), and the line says so.
    fn pause_computer_for_line(&mut self) {
        if self.settings.players.iter().any(|p| p.is_computer()) && !self.rt.computer.paused {
            self.rt.computer.cancel();
            self.rt.computer.paused = true;
            self.rt.notice = Some(super::state::Notice::report_during_sowing(
                COMPUTER_PAUSED_FOR_LINE,
            ));
        }
    }
}

/// What the line under the board says when playing the solver's moves
/// paused the computer player.
pub const COMPUTER_PAUSED_FOR_LINE: &str = "The computer player is paused while the solver's moves are played; Resume computer lets it move again.";

/// The label of the button that opens the study dialog.
pub const SAVE_AS_STUDY: &str = "Save as study…";

/// "Save as study…": opens the study dialog for the solved position on
/// view, or greyed with why (`refusal`) there is no study to make.
fn save_as_study_button(ui: &mut egui::Ui, refusal: Option<String>, out: &mut Vec<AppCommand>) {
    let b = ui.add_enabled(refusal.is_none(), egui::Button::new(SAVE_AS_STUDY));
    let b = match refusal {
        None => b.on_hover_text(
            "Make a study of this position: the goal the solver proved, its principal line \
             with a comment for each move, saved to your studies",
        ),
        Some(why) => b.on_disabled_hover_text(format!("No study: {why}.")),
    };
    if b.clicked() {
        out.push(AppCommand::Solver(SolverCommand::SaveAsStudy));
    }
}

/// The value of every move of `pos` (its [`solve_key`] `key`): the list
/// proved so far, best first, each move a button that plays it, and the
/// button that proves the rest.
fn every_move_ui(
    ui: &mut egui::Ui,
    panel: &SolverPanel,
    pos: &Position,
    key: u64,
    rt: &Runtime,
    out: &mut Vec<AppCommand>,
) {
    let values = panel.values_by_key(key);
    let unsolved = panel.unsolved_by_key(key);
    // Counted off the UI thread by the first list of this position.
    let legal = panel.legal_counts.get(&key).copied();
    let proving = panel.every_move.as_ref().is_some_and(|j| j.key == key);
    if proving && panel.running.is_none() {
        ui.horizontal_wrapped(|ui| {
            super::busy::spinner(ui);
            ui.label("Value of every move: finding the legal moves…");
            // Proving a move endless can take a while.
            if ui.button("Cancel").clicked() {
                out.push(AppCommand::Solver(SolverCommand::Cancel));
            }
        });
    }
    // Moves not tried yet come first; those out of time wait for a try
    // with more time.
    let untried = legal.is_none_or(|n| values.len() + unsolved.len() < n);
    if untried && !proving {
        let b = ui
            .add_enabled(
                panel.running.is_none(),
                egui::Button::new("Value of every move"),
            )
            .on_hover_text(format!(
                "Prove the value of each legal move (one solve per move, {} each; values \
                 and bounds already proved are reused)",
                budget_words(panel.move_budget)
            ))
            .on_disabled_hover_text("Wait for the running solve or cancel it");
        if b.clicked() {
            out.push(AppCommand::Solver(SolverCommand::ValueEveryMove));
        }
    } else if !unsolved.is_empty() && !proving {
        let n = unsolved.len();
        let b = ui
            .add_enabled(
                panel.running.is_none(),
                egui::Button::new("Try the unsolved moves again (longer)"),
            )
            .on_hover_text(format!(
                "Solve the {n} unsolved move{} again, {} each; they go on from the \
                 bounds already proved",
                if n == 1 { "" } else { "s" },
                budget_words(panel.retry_budget(key))
            ))
            .on_disabled_hover_text("Wait for the running solve or cancel it");
        if b.clicked() {
            out.push(AppCommand::Solver(SolverCommand::RetryUnsolved));
        }
    }
    if values.is_empty() {
        return;
    }
    let best = values[0].1;
    let of = legal.map_or(String::new(), |n| format!(" of {n}"));
    let open = if unsolved.is_empty() {
        String::new()
    } else {
        format!(", {} unsolved", unsolved.len())
    };
    ui.label(format!(
        "Value of every move ({}{of} proved{open}), for {} to move:",
        values.len(),
        pos.turn().title()
    ));
    let live = rt.live();
    for (mv, value) in &values {
        move_row(
            ui,
            pos,
            *mv,
            live,
            [
                egui::RichText::new(value.describe()),
                egui::RichText::new(worse_text(*value, best)).weak(),
            ],
            out,
        );
    }
    // Out of time: what was proved of them, as `solve --every-move` gives
    // "move=M unsolved lower=L upper=U".
    for u in &unsolved {
        move_row(
            ui,
            pos,
            u.mv,
            live,
            [
                egui::RichText::new(if u.stopped {
                    "unsolved, stopped".to_string()
                } else {
                    format!("unsolved in {}", budget_words(u.budget))
                }),
                egui::RichText::new(bounds_words(u.lower, u.upper)).weak(),
            ],
            out,
        );
    }
}

/// A row of the every-move list: the move's button (which plays it), then
/// `parts`.
fn move_row(
    ui: &mut egui::Ui,
    pos: &Position,
    mv: Move,
    live: bool,
    parts: [egui::RichText; 2],
    out: &mut Vec<AppCommand>,
) {
    // A row a move, wrapped: the panel may be narrower than a move's name,
    // value and gap side by side, and a grid would widen it past the window.
    ui.horizontal_wrapped(|ui| {
        let name = super::said_move(pos, mv);
        let b = ui.add(egui::Button::new(&name).small());
        let b = if live {
            b.on_hover_text("Play this move")
        } else {
            b.on_hover_text(
                "Play this move from this earlier position (the later moves of the game are \
                 taken off, after asking)",
            )
        };
        if b.clicked() {
            out.push(AppCommand::Solver(SolverCommand::PlayMove(mv)));
        }
        // Each part whole, on the next line if the row is full, and
        // indented there under the value: flush left it read as a row
        // of its own.
        let indent = b.rect.width() + ui.spacing().item_spacing.x;
        for part in parts {
            let width = super::text_width(ui, part.clone());
            // What is left of the row (a wrapping layout's available
            // width is the whole row's), the spacing before it counted.
            let left = ui.max_rect().right() - ui.cursor().min.x;
            if width + ui.spacing().item_spacing.x > left {
                ui.end_row();
                // An empty item: space alone at a row's start is dropped.
                let spacing = ui.spacing().item_spacing.x;
                ui.allocate_exact_size(egui::vec2(indent - spacing, 1.0), egui::Sense::hover());
                // Longer than its indented line ("no loss within 23 plies
                // and no win within 24 plies"): wrapped there. Whole, it
                // went to a row of its own at the margin and widened the
                // panel under the scroll bar.
                let left = ui.max_rect().right() - ui.cursor().min.x;
                if width > left {
                    ui.allocate_ui(egui::vec2(left.max(40.0), 0.0), |ui| {
                        ui.add(egui::Label::new(part).wrap());
                    });
                    continue;
                }
            }
            ui.add(egui::Label::new(part).wrap_mode(egui::TextWrapMode::Extend));
        }
    });
}

/// How a move's value compares with the best move's: "best", "4 seeds
/// worse", "2 plies slower", "loses 2 plies sooner", "a worse result".
fn worse_text(value: Value, best: Value) -> String {
    let gap = best.rank() - value.rank();
    match (value, best) {
        _ if gap == 0 => "best".into(),
        (Value::Margin(_), _) => format!("{} worse", seeds(gap as u32)),
        (Value::Win { .. }, Value::Win { .. }) => format!("wins {} slower", plies(gap as u32)),
        (Value::Loss { .. }, Value::Loss { .. }) => format!("loses {} sooner", plies(gap as u32)),
        _ => "a worse result".into(),
    }
}

/// The share of the possible En Gehé margins the proved bounds have ruled
/// out (1 when proved); `None` for Bao la Kimasai, whose values are not a
/// range of margins.
fn bounds_closed(pos: &Position, p: &crate::solver::Progress) -> Option<f32> {
    if !pos.variant().is_en_gehe() {
        return None;
    }
    let me = pos.turn();
    let on_board: i32 = pos.board().iter().map(|&c| c as i32).sum();
    let now = pos.captured(me) as i32 - pos.captured(me.opponent()) as i32;
    let (lo0, hi0) = (now - on_board, now + on_board);
    let margin = |v: Option<Value>| match v {
        Some(Value::Margin(m)) => Some(m),
        _ => None,
    };
    let lo = margin(p.lower).unwrap_or(lo0).max(lo0);
    let hi = margin(p.upper).unwrap_or(hi0).min(hi0);
    if p.done || hi <= lo {
        return Some(1.0);
    }
    Some(1.0 - (hi - lo) as f32 / (hi0 - lo0).max(1) as f32)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::notation::parse_position;
    use crate::solver::Progress;

    #[test]
    fn a_bound_longer_than_its_line_wraps_indented_inside_the_panel() {
        // "no loss within 23 plies and no win within 24 plies" went whole to
        // a row of its own at the margin and widened the panel.
        let pos = parse_position(
            "bao-la-kimasai south=1,1,1,0,0,1,0,0,0,0,0,0,1,0,0,0 \
             north=1,0,2,0,0,1,2,0,0,0,0,0,0,0,0,0 reserve=0,0 turn=south opening=no",
        )
        .unwrap();
        let long = "no loss within 23 plies and no win within 24 plies";
        let ctx = egui::Context::default();
        let mut seen = None;
        for _ in 0..2 {
            // (The font atlas's upload is nobody's here.)
            let mut output = ctx.run_ui(egui::RawInput::default(), |ui| {
                ui.set_max_width(200.0);
                let panel = ui.max_rect();
                let mut out = Vec::new();
                let row = ui
                    .vertical(|ui| {
                        move_row(
                            ui,
                            &pos,
                            Move(0),
                            true,
                            [
                                egui::RichText::new("unsolved in 10 s"),
                                egui::RichText::new(long).weak(),
                            ],
                            &mut out,
                        );
                    })
                    .response
                    .rect;
                seen = Some((panel, row));
            });
            output.textures_delta.clear();
        }
        let (panel, row) = seen.unwrap();
        assert!(
            row.right() <= panel.left() + 200.5,
            "the row widened to {row:?} from {panel:?}"
        );
    }

    #[test]
    fn proved_bounds_take_the_minus_sign() {
        assert_eq!(bound_text(Some(Value::Margin(-50)), true), "\u{2212}50");
        assert_eq!(bound_text(Some(Value::Margin(8)), false), "+8");
        assert_eq!(bound_text(None, true), "not yet");
        assert_eq!(
            bound_text(Some(Value::Loss { plies: 9 }), true),
            "no loss within 8 plies"
        );
    }

    #[test]
    fn a_stopped_solve_keeps_whatever_bound_it_proved() {
        // A long solve cancelled before its first upper bound said nothing
        // of the lower one it had shown while running.
        let pos =
            parse_position("en-gehe south=1,1,0 north=0,1,1 captured=2,0 turn=south").unwrap();
        let mut p = Progress::default();
        assert_eq!(proved_words(&pos, &p), "");
        p.lower = Some(Value::Margin(-56));
        assert_eq!(
            proved_words(&pos, &p),
            "; it had proved that the value for South to move is at least \u{2212}56"
        );
        p.lower = None;
        p.upper = Some(Value::Margin(4));
        assert_eq!(
            proved_words(&pos, &p),
            "; it had proved that the value for South to move is at most +4"
        );
        p.lower = Some(Value::Margin(-2));
        assert_eq!(
            proved_words(&pos, &p),
            "; it had proved the value between \u{2212}2 and +4 for South to move"
        );
        let bao = crate::engine::GameOptions::bao_la_kimasai()
            .start()
            .unwrap();
        let p = Progress {
            lower: Some(Value::Loss { plies: 13 }),
            ..Progress::default()
        };
        assert_eq!(
            proved_words(&bao, &p),
            "; it had proved no loss within 12 plies for South to move"
        );
    }

    #[test]
    fn the_progress_bar_measures_how_far_the_bounds_have_closed() {
        // South to move, 2 captured against 0, 4 seeds on the board: the
        // margin lies somewhere in -2..=6 before anything is proved.
        let pos =
            parse_position("en-gehe south=1,1,0 north=0,1,1 captured=2,0 turn=south").unwrap();
        let mut p = Progress::default();
        assert_eq!(bounds_closed(&pos, &p), Some(0.0));
        p.lower = Some(Value::Margin(2));
        assert_eq!(bounds_closed(&pos, &p), Some(0.5));
        p.upper = Some(Value::Margin(4));
        assert_eq!(bounds_closed(&pos, &p), Some(0.75));
        p.upper = Some(Value::Margin(2));
        assert_eq!(bounds_closed(&pos, &p), Some(1.0));
        let bao = crate::engine::GameOptions::bao_la_kimasai()
            .start()
            .unwrap();
        assert_eq!(bounds_closed(&bao, &Progress::default()), None);
    }

    #[test]
    fn the_question_asked_names_each_threads_bound() {
        let pos =
            parse_position("en-gehe south=1,1,0 north=0,1,1 captured=2,0 turn=south").unwrap();
        let mut p = Progress::default();
        assert_eq!(asking_text(&pos, &p), None);
        p.asking = [Some(Value::Margin(6)), None];
        assert_eq!(asking_text(&pos, &p).as_deref(), Some("at least +6?"));
        // The helper joined the main thread's pass: one question.
        p.asking = [Some(Value::Margin(6)), Some(Value::Margin(6))];
        assert_eq!(asking_text(&pos, &p).as_deref(), Some("at least +6?"));
        p.asking = [Some(Value::Margin(6)), Some(Value::Margin(-2))];
        assert_eq!(
            asking_text(&pos, &p).as_deref(),
            Some("at least +6? (second thread: at least \u{2212}2?)")
        );
        // Proved: nothing is asked any more.
        p.done = true;
        assert_eq!(asking_text(&pos, &p), None);
        // Bao la Kimasai says its question in the heading.
        let bao = crate::engine::GameOptions::bao_la_kimasai()
            .start()
            .unwrap();
        let p = Progress {
            asking: [Some(Value::Win { plies: 3 }), None],
            ..Progress::default()
        };
        assert_eq!(asking_text(&bao, &p), None);
    }

    #[test]
    fn bounds_read_with_the_minus_sign() {
        assert_eq!(
            bounds_words(Some(Value::Margin(-16)), Some(Value::Margin(12))),
            "between \u{2212}16 and +12"
        );
        assert_eq!(
            bounds_words(None, Some(Value::Margin(-2))),
            "at most \u{2212}2"
        );
        assert_eq!(value_word(Value::Margin(0)), "0");
    }

    #[test]
    fn a_line_of_moves_wraps_between_moves_only() {
        let pos = parse_position(
            "bao-la-kimasai south=1,0,2,1,5,5,1,3,1,1,6,3,1,0,8,1 \
             north=1,0,1,2,3,0,1,0,1,2,0,9,0,4,0,1 reserve=0,0 turn=south opening=no",
        )
        .unwrap();
        // Sixteen moves of a line (whatever is legal first).
        let mut p = pos;
        let mut line = Vec::new();
        while line.len() < 16
            && let Some(&mv) = p.legal_moves().first()
        {
            line.push(mv);
            if p.play(mv).is_err() {
                break;
            }
        }
        let names = line_names(&pos, &line);
        assert_eq!(names.len(), line.len());
        for name in &names {
            assert!(!name.contains(' ') && name.contains('\u{a0}'), "{name:?}");
        }
        assert!(names[0].starts_with("S\u{a0}") && names[1].starts_with("N\u{a0}"));
        let text = format!("Best line so far: {}", line_text(&pos, &line, 16));
        assert_eq!(text.matches("  ").count(), line.len() - 1);
        // Laid out at any width, no row ends with a side letter whose hole
        // went on to the next row.
        let ctx = egui::Context::default();
        // (The font atlas's upload is nobody's here.)
        ctx.run_ui(Default::default(), |_| {})
            .textures_delta
            .clear();
        for width in (40..600).step_by(5) {
            let galley = ctx.fonts_mut(|f| {
                f.layout(
                    text.clone(),
                    egui::FontId::proportional(14.0),
                    egui::Color32::BLACK,
                    width as f32,
                )
            });
            for row in &galley.rows {
                let t: String = row.row.glyphs.iter().map(|g| g.chr).collect();
                let t = t.trim_end();
                assert!(
                    !t.ends_with('S') && !t.ends_with('N'),
                    "{t:?} at {width} px"
                );
            }
        }
    }
}
