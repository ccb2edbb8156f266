//! The council panel: eight advisors, their weighted consensus and a ranked
//! table of every legal move for the live position, refined as the
//! background search deepens; plus the after-game review that gives each
//! played move its cost in seeds for the move list.
//!
//! All searching happens on background threads; each frame only polls the
//! latest snapshot. A changed position drops the old search at once.

use super::AppCommand;
use super::solver_panel::ProvedCost;
use super::state::{CostNote, Runtime};
use crate::advice::{self, COUNCIL, CouncilReport};
use crate::engine::{Game, Move, Position, Status, Variant, group_digits};
use crate::search::{self, Analysis, Bound, SearchConfig, SearchHandle};
use crate::solver::{Session, Solver, settled_value_after};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::{Receiver, TryRecvError, channel};
use std::time::Duration;

/// Deepest iteration the panel searches to (it stops there, or after
/// [`COUNCIL_TIME`], so it does not keep a core busy forever).
pub const COUNCIL_DEPTH: u32 = 24;
pub const COUNCIL_TIME: Duration = Duration::from_secs(20);
/// The after-game review searches each played move's position as deep as
/// [`REVIEW_TIME`] allows, up to this depth (small boards get there, and
/// then agree with the exact solver far more often than a fixed shallow
/// depth did).
pub const REVIEW_DEPTH: u32 = 24;
pub const REVIEW_TIME: Duration = Duration::from_millis(300);
/// En Gehé positions with at most this many seeds on the board are
/// reviewed exactly where the solver proves them within
/// [`EXACT_REVIEW_TIME`] (most such endgames take milliseconds): an
/// estimate there called moves the solver proves best costly.
pub const EXACT_REVIEW_SEEDS: u32 = 16;
/// The time each of one position's two exact solves may take (its own and
/// the played move's), before the review falls back to its estimate.
pub const EXACT_REVIEW_TIME: Duration = Duration::from_secs(1);
/// The review's own solver table (2^18 buckets, 16 MiB): the session's
/// solver stays free for the solver panel.
const EXACT_REVIEW_TABLE_BITS: u32 = 18;

/// The panel's runtime state.
#[derive(Default)]
pub struct CouncilPanel {
    /// Depth cap of the panel's search (tests fix it for reproducible results).
    pub max_depth: Option<u32>,
    key: Option<LiveKey>,
    /// The team names the report was written with (renamed in Players, it
    /// is written again from the same search).
    report_names: [String; 2],
    handle: Option<SearchHandle>,
    /// The moves the running search was told are endless.
    endless: Vec<Move>,
    analysis: Option<Analysis>,
    report: Option<CouncilReport>,
    /// Position the council was asked about in "hide advice" mode.
    asked: Option<LiveKey>,
    review: Option<Review>,
    /// The game ([`Runtime::game_id`]) the panel last looked at: a review
    /// goes (and its thread stops) once another game is on.
    game_id: Option<u64>,
    /// Review threads still running (a dropped review's included, until
    /// it notices).
    review_threads: Arc<AtomicUsize>,
    /// Reviews estimate every move, small endgames too (tests of the
    /// estimate and of what outranks it).
    #[doc(hidden)]
    pub estimate_only: bool,
}

/// The cost of every move of the game so far, worked out on a thread.
struct Review {
    /// The reviewed game's start: another game with the same moves from
    /// another start is not this review's.
    start: Position,
    moves: Vec<Move>,
    costs: Vec<Option<CostNote>>,
    /// Moves reviewed so far (they come in order).
    reviewed: usize,
    rx: Receiver<(usize, Option<CostNote>)>,
    cancel: Arc<AtomicBool>,
    done: bool,
    /// How many of `moves` the game still holds (as of the last poll).
    held: usize,
    /// The thread was stopped because it worked on a move the game no
    /// longer holds (after an Undo of the game's last move it went on
    /// searching the undone one, on both cores, for nobody); a Redo takes
    /// the review on again.
    stopped_short: bool,
    /// The thread has ended (all sent, or stopped).
    ended: bool,
}

impl Review {
    /// How many of the reviewed moves `game` still plays from its start.
    fn held_by(&self, game: &Game) -> usize {
        if *game.start() != self.start {
            return 0;
        }
        super::shared_start(&self.moves, game.moves())
    }
}

impl Drop for Review {
    fn drop(&mut self) {
        self.cancel.store(true, Ordering::Relaxed);
    }
}

/// The review's exact costs: En Gehé endgames of at most
/// [`EXACT_REVIEW_SEEDS`] seeds on the board, solved on the review's own
/// solver (its table kept from one position to the next: the positions of
/// one game share most of their proofs).
struct ExactReview {
    session: Option<Session>,
    /// Positions with this many seeds or more are not tried: one with as
    /// many ran out of time (an endgame hard to prove stays so for a while,
    /// and each try would cost the review its full time).
    below: u32,
    /// The time each of a position's two solves may take: `None` (tests,
    /// whose reviews have a fixed depth and so a fixed result) for as long
    /// as they need.
    limit: Option<Duration>,
}

impl ExactReview {
    /// `limit`: see [`ExactReview::limit`]; `off`: no position is tried.
    fn new(limit: Option<Duration>, off: bool) -> Self {
        ExactReview {
            session: None,
            below: if off { 0 } else { EXACT_REVIEW_SEEDS + 1 },
            limit,
        }
    }
}

impl ExactReview {
    /// The proved cost of `played` from `pos` (reached after `history`),
    /// or `None` where the position is not such an endgame, a proof took
    /// longer than its limit, or `stop` was raised.
    fn cost(
        &mut self,
        history: &[Position],
        pos: &Position,
        played: Move,
        stop: &AtomicBool,
    ) -> Option<ProvedCost> {
        let seeds = pos.board_seeds();
        if !matches!(pos.variant(), Variant::EnGehe { .. }) || seeds >= self.below {
            return None;
        }
        let session = self.session.get_or_insert_with(|| {
            Session::with_solver(
                Solver::with_table_bits_or_less(EXACT_REVIEW_TABLE_BITS).with_threads(1),
            )
        });
        let limit = self.limit.unwrap_or(Duration::MAX);
        let Ok(solution) = session
            .solve(history.to_vec(), *pos)
            .finish_within_unless(limit, stop)
        else {
            // Out of time (not stopped): the next positions as big are
            // left to the estimate.
            if !stop.load(Ordering::Relaxed) {
                self.below = seeds;
            }
            return None;
        };
        let best = solution.best?;
        let played_value = if best == played {
            solution.value
        } else {
            let mut line = history.to_vec();
            line.push(*pos);
            let child = pos.try_play(played).ok()?;
            match settled_value_after(&line, &child) {
                Some(v) => v,
                // (A weak move's proof can take longer than the
                // position's: only this position goes to the estimate.)
                None => session
                    .solve(line, child)
                    .finish_within_unless(limit, stop)
                    .ok()?
                    .value
                    .flipped_after_move(),
            }
        };
        Some(ProvedCost {
            played,
            played_value,
            best,
            best_value: solution.value,
        })
    }
}

/// Counts a review's thread as running while it lives.
struct ReviewRunning(Arc<AtomicUsize>);

impl Drop for ReviewRunning {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::Relaxed);
    }
}

impl CouncilPanel {
    /// The latest analysis of the live position (best first).
    pub fn analysis(&self) -> Option<&Analysis> {
        self.analysis.as_ref()
    }
    /// The latest council report on the live position.
    pub fn report(&self) -> Option<&CouncilReport> {
        self.report.as_ref()
    }
    /// Whether the search for the live position is still refining.
    pub fn thinking(&self) -> bool {
        self.handle.as_ref().is_some_and(|h| !h.is_finished())
    }
    /// Whether every played move has its cost.
    pub fn review_done(&self) -> bool {
        self.review.as_ref().is_some_and(|r| r.done)
    }
    /// How far a review still under way has got: moves reviewed, and of
    /// how many.
    pub fn review_progress(&self) -> Option<(usize, usize)> {
        self.review
            .as_ref()
            .filter(|r| !r.done)
            .map(|r| (r.reviewed, r.held))
            // Stopped where the game's moves end: nothing under way.
            .filter(|(reviewed, held)| reviewed < held)
    }
    /// Whether there is a review (done or not) of the game's moves.
    pub fn has_review(&self) -> bool {
        self.review.is_some()
    }
    /// Review threads still running: one stops within a search's few
    /// thousand nodes of its review being dropped.
    #[doc(hidden)]
    pub fn review_threads(&self) -> usize {
        self.review_threads.load(Ordering::Relaxed)
    }

    /// Shows `analysis` of the live position as if the panel's own search
    /// had just given it, stopping that search (tests: a deeper result
    /// arriving on a given frame, as the search's snapshots do).
    #[doc(hidden)]
    pub fn show_analysis(&mut self, rt: &Runtime, analysis: Analysis) {
        self.key = Some(live_key(rt));
        self.handle = None;
        self.write_report(rt, analysis);
    }

    /// Keeps `analysis` of the live position and writes the council's
    /// report of it in the teams' present names.
    fn write_report(&mut self, rt: &Runtime, analysis: Analysis) {
        let teams = [rt.names[0].as_str(), rt.names[1].as_str()];
        self.report = advice::council_of_teams(rt.game.current(), &analysis, teams);
        self.report_names = rt.names.clone();
        self.analysis = Some(analysis);
    }

    /// Asks the council about the live position in "hide advice" mode.
    pub fn ask(&mut self, rt: &Runtime) {
        self.asked = Some(live_key(rt));
    }

    /// Starts a review of the moves played so far (replacing an older one).
    /// What an older review of the same start found for the moves both
    /// share is kept, and the new one goes on from there ("Review moves so
    /// far" pressed again later, or the game's end after an Undo and
    /// another move, reviewed them all again).
    pub fn start_review(&mut self, game: &Game) {
        let moves = game.moves().to_vec();
        let start = game.positions()[0];
        let kept: Vec<Option<CostNote>> = match &self.review {
            Some(r) if r.start == start => {
                if r.moves == moves {
                    return;
                }
                let shared = super::shared_start(&r.moves, &moves);
                r.costs[..r.reviewed.min(shared)].to_vec()
            }
            _ => Vec::new(),
        };
        let held = moves.len();
        self.spawn_review(start, moves, kept, held);
    }

    /// A review thread over `moves` from `start`, its first moves' costs
    /// already known (`kept`).
    /// `held`: how many of `moves` the game holds (see [`Review::held`]).
    fn spawn_review(
        &mut self,
        start: Position,
        moves: Vec<Move>,
        kept: Vec<Option<CostNote>>,
        held: usize,
    ) {
        // Tests fix the depth (and so the result); the window gives time.
        let (depth, time) = match self.max_depth {
            Some(d) => (d, None),
            None => (REVIEW_DEPTH, Some(REVIEW_TIME)),
        };
        let estimate_only = self.estimate_only;
        let (tx, rx) = channel();
        let cancel = Arc::new(AtomicBool::new(false));
        let stop = Arc::clone(&cancel);
        let from = kept.len();
        let list = moves.clone();
        self.review_threads.fetch_add(1, Ordering::Relaxed);
        let running = ReviewRunning(Arc::clone(&self.review_threads));
        std::thread::spawn(move || {
            crate::priority::as_worker();
            let _running = running;
            let mut pos = start;
            let mut seen = Vec::new();
            for &mv in &list[..from] {
                seen.push(pos);
                if pos.play(mv).is_err() {
                    return;
                }
            }
            let variant = start.variant();
            let mut exact = ExactReview::new(time.map(|_| EXACT_REVIEW_TIME), estimate_only);
            for (i, &mv) in list.iter().enumerate().skip(from) {
                let proved = exact.cost(&seen, &pos, mv, &stop);
                if stop.load(Ordering::Relaxed) {
                    return;
                }
                if let Some(proved) = proved {
                    let note = CostNote {
                        text: proved.describe(variant),
                        review_depth: None,
                    };
                    if tx.send((i, Some(note))).is_err() {
                        return;
                    }
                    seen.push(pos);
                    if pos.play(mv).is_err() {
                        return;
                    }
                    continue;
                }
                let config = advice::review_config(depth, time, seen.clone());
                let search = SearchHandle::start(pos, config);
                // A dropped review (another game is on) stops its search
                // at once, not after the position's time or depth.
                while !search.is_finished() {
                    if stop.load(Ordering::Relaxed) {
                        return;
                    }
                    std::thread::sleep(Duration::from_millis(5));
                }
                let analysis = search.wait();
                let note = advice::cost(&analysis, mv).map(|c| CostNote {
                    text: c.describe(variant),
                    review_depth: Some(c.depth),
                });
                if tx.send((i, note)).is_err() {
                    return;
                }
                seen.push(pos);
                if pos.play(mv).is_err() {
                    return;
                }
            }
        });
        let mut costs = kept;
        costs.resize(moves.len(), None);
        self.review = Some(Review {
            start,
            costs,
            reviewed: from,
            done: from == moves.len(),
            moves,
            rx,
            cancel,
            held,
            stopped_short: false,
            ended: false,
        });
    }

    /// Polls the background work: restarts the search when the live
    /// position changed, refreshes the report when a deeper result is in,
    /// collects review results and writes the move list's cost notes.
    /// `auto_review`: a finished game is reviewed unasked (not a study's:
    /// its moves are its solution, or judged exactly as they are played,
    /// and the review's estimates called a proved solution's moves
    /// mistakes).
    pub fn poll(&mut self, rt: &mut Runtime, ctx: &egui::Context, active: bool, auto_review: bool) {
        self.poll_review(rt, ctx, auto_review);
        if !active {
            self.handle = None;
            self.key = None;
            self.analysis = None;
            self.report = None;
            return;
        }
        let key = live_key(rt);
        // Not known yet (the check of the moves still runs): searched as
        // going on; the search starts again once endless moves are known.
        let ongoing = !matches!(rt.live_status(), Some(Status::Over(_)));
        let endless: Vec<Move> = rt
            .live_analysis()
            .map(|a| a.endless_moves())
            .unwrap_or_default();
        // A search started before the window's check of which moves end
        // proved some endless sows them again at its root, which can take
        // all its time (tens of seconds for some moves): it starts again
        // without them.
        // Also when that search has finished: it may have spent its time
        // on such a move and left it unweighed, its values shallow.
        let told_late = self.key == Some(key) && endless != self.endless;
        if self.key != Some(key) || told_late {
            self.key = Some(key);
            self.endless = endless.clone();
            self.handle = None; // stops the stale search at once
            self.analysis = None;
            self.report = None;
            if ongoing {
                let history = rt.game.positions()[..rt.game.positions().len() - 1].to_vec();
                let config = SearchConfig {
                    max_depth: Some(self.max_depth.unwrap_or(COUNCIL_DEPTH)),
                    movetime: if self.max_depth.is_some() {
                        None
                    } else {
                        Some(COUNCIL_TIME)
                    },
                    history,
                    endless,
                    // Both cores in the window; one in tests (a fixed depth
                    // then gives the same table as `analyse`).
                    threads: if self.max_depth.is_some() { 1 } else { 2 },
                    ..SearchConfig::default()
                }
                .all_moves();
                self.handle = Some(SearchHandle::start(*rt.game.current(), config));
            }
        }
        if let Some(h) = &self.handle {
            let snap = h.snapshot();
            let deeper = self
                .analysis
                .as_ref()
                .is_none_or(|a| a.depth != snap.depth || a.finished != snap.finished);
            if !deeper && let Some(shown) = &mut self.analysis {
                // The count goes on between depths (it stood still until
                // the next depth came in).
                shown.nodes = snap.nodes;
            }
            let renamed = self.report_names != rt.names;
            if !snap.finished {
                // Ten frames a second (three on a software renderer): the
                // advice changes no faster than that, and the search
                // threads want the cores.
                ctx.request_repaint_after(super::busy::frame_interval());
            }
            if (deeper || renamed) && !snap.lines.is_empty() {
                self.write_report(rt, snap);
            }
        }
    }

    fn poll_review(&mut self, rt: &mut Runtime, ctx: &egui::Context, auto_review: bool) {
        if self.game_id != Some(rt.game_id) {
            // A new, opened or pasted game: the review of the last one
            // would search it for up to a minute more, for nobody.
            self.game_id = Some(rt.game_id);
            self.review = None;
        }
        if auto_review
            && matches!(rt.live_status(), Some(Status::Over(_)))
            && !rt.game.moves().is_empty()
        {
            // A finished game is reviewed without being asked.
            self.start_review(&rt.game);
        }
        rt.cost_notes.clear();
        let Some(r) = &mut self.review else {
            return;
        };
        loop {
            match r.rx.try_recv() {
                Ok((i, c)) => {
                    if let Some(slot) = r.costs.get_mut(i) {
                        *slot = c;
                    }
                    r.reviewed = i + 1;
                    r.done = i + 1 == r.moves.len();
                }
                Err(TryRecvError::Empty) => break,
                Err(TryRecvError::Disconnected) => {
                    r.ended = true;
                    break;
                }
            }
        }
        r.held = r.held_by(&rt.game);
        let held = r.held;
        if !r.ended && !r.done && held <= r.reviewed {
            // Undone while the thread works on a move the game no longer
            // holds: stopped at once (an exact solve of it ran on).
            r.cancel.store(true, Ordering::Relaxed);
            r.stopped_short = true;
        }
        if r.ended && r.stopped_short && !r.done && r.reviewed < held {
            // Stopped short at an Undo, and the moves are back (Redo):
            // on from where it stopped.
            let (start, moves) = (r.start, r.moves.clone());
            let kept = r.costs[..r.reviewed].to_vec();
            self.spawn_review(start, moves, kept, held);
        }
        let Some(r) = &self.review else {
            return;
        };
        // While its thread works (one stopped short waits for a Redo,
        // which is news of its own).
        if !r.ended {
            ctx.request_repaint_after(super::busy::frame_interval());
        }
        // Notes hold only while the game still starts where the reviewed
        // one did, with the reviewed moves.
        if *rt.game.start() != r.start {
            return;
        }
        for (i, (&played, cost)) in r.moves.iter().zip(&r.costs).enumerate() {
            if rt.game.moves().get(i) != Some(&played) {
                break;
            }
            match cost {
                Some(note) => {
                    rt.cost_notes.insert(i, note.clone());
                }
                None => break,
            }
        }
    }
}

/// The game, the moves played and the live position: a new game from
/// the same start is searched afresh (its history and team names differ).
type LiveKey = (u64, usize, u64);

fn live_key(rt: &Runtime) -> LiveKey {
    (rt.game_id, rt.game.moves().len(), rt.game.current().key())
}

/// Whether the council waits for a computer player to move, and for whom.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ComputerTurn {
    /// A person is to move (or the computer is paused): the council advises.
    No,
    /// The computer plays the team to move against a person.
    AgainstAPerson,
    /// The computer plays both teams: nobody's turn is a person's.
    BothTeams,
}

impl ComputerTurn {
    /// `to_move`: a computer player is to move and not paused.
    pub fn of(to_move: bool, players: &[super::players::Player; 2]) -> Self {
        match (to_move, players.iter().all(|p| p.is_computer())) {
            (false, _) => ComputerTurn::No,
            (true, false) => ComputerTurn::AgainstAPerson,
            (true, true) => ComputerTurn::BothTeams,
        }
    }
}

/// Panels narrower than this show the consensus, the ranked moves and the
/// advisors in one column, in that order; wider ones show the advisors
/// beside the consensus and the ranked moves, each scrolling on its own,
/// so that the council's answer is in view without scrolling past them.
const SIDE_BY_SIDE_WIDTH: f32 = 560.0;
/// From this width the advisors sit two abreast beside the verdict.
const TWO_ABREAST_WIDTH: f32 = 900.0;

/// Draws the panel (docked under the board, where a long En Gehé board
/// leaves room). Hovering an advisor, a vote or a table row previews its
/// move on the board (through the board's own hover preview).
pub fn council_ui(
    ui: &mut egui::Ui,
    panel: &CouncilPanel,
    rt: &mut Runtime,
    hide_advice: bool,
    computer_turn: ComputerTurn,
) -> Vec<AppCommand> {
    let mut commands = Vec::new();
    let key = live_key(rt);
    let asked = !hide_advice || panel.asked == Some(key);
    let finished = matches!(rt.live_status(), Some(Status::Over(_)));
    ui.horizontal_wrapped(|ui| {
        ui.heading("The council");
        // The spinner's room is kept when it stops, so that nothing after
        // it moves (the row wrapped differently and the panel jumped).
        let size = ui.spacing().interact_size.y;
        if panel.thinking() {
            super::busy::spinner(ui);
        } else {
            ui.allocate_exact_size(egui::vec2(size, size), egui::Sense::hover());
        }
        // No separator: where the row wraps (a narrow panel) it was left
        // at the heading's end with nothing after it.
        let mut hide = hide_advice;
        if ui
            .checkbox(&mut hide, "Hide advice until asked")
            .on_hover_text("For practice: the council keeps quiet until you press Ask the council")
            .changed()
        {
            commands.push(AppCommand::HideAdvice(hide));
        }
        if ui
            .add_enabled(
                !rt.game.moves().is_empty(),
                egui::Button::new("Review moves so far"),
            )
            .on_hover_text(format!(
                "Cost of every played move against the best one (each position searched for {:.1} s, \
                 up to {REVIEW_DEPTH} plies; an En Gehé endgame of at most {EXACT_REVIEW_SEEDS} seeds \
                 on the board solved exactly where the solver proves it within {} s), shown in \
                 the move list",
                REVIEW_TIME.as_secs_f32(),
                EXACT_REVIEW_TIME.as_secs()
            ))
            .clicked()
        {
            commands.push(AppCommand::ReviewGame);
        }
    });
    // The search's progress on a line of its own, there whether or not
    // there is anything to say (its text coming and going, or growing
    // shorter when the search ends, moved everything under it), and cut
    // short with "…" where the panel is too narrow (never past it).
    let mut status = Vec::new();
    // (Not while the advice is hidden: the numbers would give away how
    // the search is getting on.)
    if let Some(analysis) = &panel.analysis
        && !finished
        && asked
    {
        status.push(format!(
            "depth {}{} · {} positions",
            analysis.depth,
            if analysis.finished {
                ""
            } else {
                " and deepening"
            },
            group_digits(analysis.nodes)
        ));
    }
    if let Some((reviewed, of)) = panel.review_progress() {
        // A long game's review takes minutes: how far it has got.
        status.push(format!(
            "reviewing the moves played: {} of {}…",
            group_digits(reviewed as u64),
            group_digits(of as u64)
        ));
    }
    ui.add(
        egui::Label::new(egui::RichText::new(status.join(" · ")).weak())
            .wrap_mode(egui::TextWrapMode::Truncate),
    );
    ui.separator();
    if finished {
        ui.label("The game is over: the move list shows what each move cost.");
        return commands;
    }
    let turn = rt.game.current().turn();
    // The teams as the status line and the move list name them.
    let team = rt.names[turn.index()].clone();
    // Whose position the advice is for, on a line of its own that is
    // always there and one row high (cut with "…", whole on hover): it
    // came and went, or grew to two rows, between the live position and
    // an earlier one, and moved everything under it.
    // The longest form that fits the row, then cut with "…": at 1024 px
    // the live position's note lost its point ("…not the earl…").
    let whose = if !rt.live() {
        // The council advises the team to move, not on history.
        let live = rt.game.moves().len() + 1;
        vec![
            format!("Advice for the live position (move {live}), not the earlier one on view."),
            format!("Advice for the live position (move {live}), not the one on view."),
            format!("Advice for the live position (move {live})."),
        ]
    } else if !matches!(computer_turn, ComputerTurn::No) {
        // Before the sowing's line: no advice is coming for this team,
        // sown or not (the line below says why).
        vec![format!("No advice while the computer plays {team}.")]
    } else if rt.animating() {
        // The board shows the last move still being sown, by the other
        // side: the advice is for the team to move once it has ended.
        vec![
            format!("Advice for {team} to move, once the move being sown has ended."),
            format!("Advice for {team} to move, once this sowing ends."),
        ]
    } else {
        vec![format!("Advice for {team} to move.")]
    };
    let room = ui.available_width();
    let whose = whose
        .iter()
        .find(|form| super::text_width(ui, egui::RichText::new(form.as_str()).italics()) <= room)
        .unwrap_or_else(|| whose.last().expect("a form"))
        .clone();
    ui.add(
        egui::Label::new(egui::RichText::new(whose).italics())
            .wrap_mode(egui::TextWrapMode::Truncate),
    );
    match computer_turn {
        ComputerTurn::No => {}
        ComputerTurn::AgainstAPerson => {
            ui.label(format!(
                "It is {} turn, played by the computer: the council waits for your turn, \
                 so that the computer has both cores.",
                crate::engine::possessive(&team)
            ));
            return commands;
        }
        ComputerTurn::BothTeams => {
            ui.label(format!(
                "It is {} turn, and the computer plays both teams: the council waits \
                 until the computer is paused, so that it has both cores.",
                crate::engine::possessive(&team)
            ));
            return commands;
        }
    }
    if !asked {
        if ui.button("Ask the council").clicked() {
            commands.push(AppCommand::AskCouncil);
        }
        ui.weak("The council keeps its advice to itself until asked.");
        return commands;
    }
    let (Some(_), Some(report)) = (&panel.analysis, &panel.report) else {
        ui.horizontal(|ui| {
            super::busy::spinner(ui);
            ui.label("The council is thinking…");
        });
        return commands;
    };
    let variant = rt.game.current().variant();
    // Root moves the search had to leave undecided, less those the board's
    // own check has since proved endless (they are no moves at all).
    let undecided: Vec<Move> = panel
        .analysis
        .as_ref()
        .map_or(&[][..], |a| &a.undecided[..])
        .iter()
        .copied()
        .filter(|&mv| !rt.is_endless(mv))
        .collect();
    let verdict = Verdict {
        report,
        undecided: &undecided,
        variant,
        team: &team,
        key,
    };
    let mut hovered: Option<Move> = None;
    let top = starts_afresh(ui, rt.game_id);
    let scrolled = |area: egui::ScrollArea| {
        if top {
            area.vertical_scroll_offset(0.0)
        } else {
            area
        }
    };
    let width = ui.available_width();
    if width >= SIDE_BY_SIDE_WIDTH {
        // The advisors on the left (two abreast where there is room), the
        // verdict on the right, each scrolling on its own.
        ui.columns(2, |cols| {
            let (left, right) = cols.split_at_mut(1);
            scrolled(
                egui::ScrollArea::vertical()
                    .id_salt("council-advisors")
                    .auto_shrink([false, false])
                    .min_scrolled_height(0.0),
            )
            .show(&mut left[0], |ui| {
                clear_of_scroll_bar(ui);
                if width >= TWO_ABREAST_WIDTH {
                    ui.columns(2, |halves| {
                        for (i, a) in report.advice.iter().enumerate() {
                            advisor_card(&mut halves[i % 2], a, &mut hovered);
                        }
                    });
                } else {
                    for a in &report.advice {
                        advisor_card(ui, a, &mut hovered);
                    }
                }
            });
            scrolled(
                egui::ScrollArea::vertical()
                    .id_salt("council-verdict")
                    .auto_shrink([false, false])
                    .min_scrolled_height(0.0),
            )
            .show(&mut right[0], |ui| {
                clear_of_scroll_bar(ui);
                verdict_ui(ui, &verdict, &mut hovered);
            });
        });
    } else {
        scrolled(
            egui::ScrollArea::vertical()
                .auto_shrink([false, false])
                // As short as the panel leaves (a docked panel may be
                // short): never taller than the panel, which would spill
                // over the board.
                .min_scrolled_height(0.0),
        )
        .show(ui, |ui| {
            clear_of_scroll_bar(ui);
            // The council's answer first, the advisors' reasons after,
            // as wide as the panel: a ranked table wider than its room
            // (its first four columns in a narrow panel) widens what
            // comes after it, and the cards ran past the panel's edge.
            let width = ui.available_width();
            verdict_ui(ui, &verdict, &mut hovered);
            ui.scope(|ui| {
                ui.set_max_width(width);
                ui.separator();
                for a in &report.advice {
                    advisor_card(ui, a, &mut hovered);
                }
            });
        });
    }
    // Not behind a dialog waiting for an answer (the panels are disabled
    // then) or under a modal's shade: the pointer rests there, but on
    // nothing that can be used (as the board's own holes preview nothing).
    if let Some(mv) = hovered
        && may_preview(ui)
        && rt.can_play(mv)
    {
        rt.preview_for(mv);
    }
    commands
}

/// Whether the council's lists start from the top this frame: the panel
/// was not drawn the frame before (it was just opened) or the game is
/// another one (Analyse from the editor showed a new game's council
/// scrolled as far down as the old one's had been, its consensus out of
/// sight).
fn starts_afresh(ui: &egui::Ui, game_id: u64) -> bool {
    let id = egui::Id::unique("council-drawn");
    let frame = ui.ctx().cumulative_frame_nr();
    let last: Option<(u64, u64)> = ui.data(|d| d.get_temp(id));
    ui.data_mut(|d| d.insert_temp(id, (frame, game_id)));
    // (The same frame again is a second pass of it.)
    !last.is_some_and(|(drawn, game)| frame <= drawn + 1 && game == game_id)
}

/// The least width the ranked table has its Depth column at: below it,
/// Move, score, Depth and Takes alone left the Line column no room.
const DEPTH_COLUMN_WIDTH: f32 = 300.0;

/// Whether what the pointer rests on in `ui` may preview its move: `ui`
/// takes clicks (it is not disabled, nor behind a modal window), and the
/// pointer is on `ui`'s own layer.
fn may_preview(ui: &egui::Ui) -> bool {
    ui.is_enabled()
        && ui.ctx().memory(|m| m.allows_interaction(ui.layer_id()))
        && super::pointer_on_layer(ui)
}

/// One advisor: name, proposal and weight, character, and the reason.
fn advisor_card(ui: &mut egui::Ui, a: &advice::Advice, hovered: &mut Option<Move>) {
    let resp = ui
        .group(|ui| {
            ui.set_width(ui.available_width());
            // Left-aligned, not justified: the columns the cards stand in
            // justify their contents, which stretched the gaps between
            // words ("Reads  the  game  deepest").
            ui.with_layout(egui::Layout::top_down(egui::Align::Min), |ui| {
                ui.horizontal_wrapped(|ui| {
                    ui.strong(a.advisor.name);
                    // The proposal and its weight whole, on the next line if
                    // need be: "(weight" and "1)" on two lines read as two
                    // things, and "(weight 5)" alone on a line as nobody's.
                    let mut proposal = egui::text::LayoutJob::default();
                    let style = ui.style();
                    egui::RichText::new(format!("proposes {} ", a.move_name)).append_to(
                        &mut proposal,
                        style,
                        egui::FontSelection::Default,
                        egui::Align::Center,
                    );
                    egui::RichText::new(format!("(weight {})", a.advisor.weight))
                        .weak()
                        .append_to(
                            &mut proposal,
                            style,
                            egui::FontSelection::Default,
                            egui::Align::Center,
                        );
                    ui.add(egui::Label::new(proposal).wrap_mode(egui::TextWrapMode::Extend));
                });
                // Set apart from the reason by italics, not by a size too
                // small to read.
                ui.label(egui::RichText::new(a.advisor.character).weak().italics());
                ui.label(&a.reason);
            });
        })
        .response;
    if resp.contains_pointer() {
        *hovered = Some(a.mv);
    }
}

/// What the verdict shows: the consensus and every move ranked.
struct Verdict<'a> {
    report: &'a CouncilReport,
    undecided: &'a [Move],
    variant: crate::engine::Variant,
    /// The team to move, as the window names it.
    team: &'a str,
    /// The live position's key: a table's order is held for it only.
    key: LiveKey,
}

/// The order the ranked table keeps while the pointer is over it, for
/// the position it was drawn for, and where the table was last drawn.
#[derive(Clone, Debug, Default)]
struct TableHold {
    key: LiveKey,
    order: Vec<Move>,
    rect: Option<egui::Rect>,
}

fn table_hold_id() -> egui::Id {
    egui::Id::unique("council-table-hold")
}

/// The table's rows in `held` order, as far as they are still listed,
/// then any rows new since, in the search's order: a deeper search
/// reordering the rows does not move the one under the pointer.
fn held_order(held: &[Move], current: &[Move]) -> Vec<Move> {
    held.iter()
        .filter(|mv| current.contains(mv))
        .chain(current.iter().filter(|mv| !held.contains(mv)))
        .copied()
        .collect()
}

/// The consensus with its split, then every move ranked.
/// Keeps a scroll area's content clear of its scroll bar's whole width:
/// egui's floating bar takes no room of its own, and widens over the text
/// when the pointer comes near, so the ends of wrapped lines ("44: 3/16,")
/// lay under it.
fn clear_of_scroll_bar(ui: &mut egui::Ui) {
    let s = &ui.spacing().scroll;
    let under_bar =
        (s.bar_inner_margin + s.bar_width + s.bar_outer_margin - s.allocated_width()).max(0.0);
    ui.set_max_width((ui.available_width() - under_bar).max(0.0));
}

fn verdict_ui(ui: &mut egui::Ui, verdict: &Verdict, hovered: &mut Option<Move>) {
    let Verdict {
        report,
        undecided,
        variant,
        team,
        key,
    } = *verdict;
    ui.strong("Consensus");
    if let Some(text) = report.consensus.describe(variant, team) {
        ui.label(text);
    }
    if let Some(text) = report.search_differs(variant) {
        ui.weak(text);
    }
    for vote in &report.consensus.votes {
        let frac = vote.weight as f32 / report.consensus.total_weight.max(1) as f32;
        let names: Vec<&str> = vote.advisors.iter().map(|&i| COUNCIL[i].name).collect();
        // The names beside the bar, not over it: over the edge of its fill
        // they were hard to read on either part.
        let text = format!(
            "{}: {}/{} — {}",
            variant.move_name(vote.mv),
            vote.weight,
            report.consensus.total_weight,
            names.join(", ")
        );
        let row = ui.horizontal_top(|ui| {
            let width = (ui.available_width() * 0.3).clamp(48.0, 140.0);
            // Square-ended: a round one's fill is never narrower than
            // the bar is high, so 1/16 and 2/16 drew the same dot. Its
            // track outlined: in the light theme it was white on white.
            let bar = ui.add(
                egui::ProgressBar::new(frac)
                    .desired_width(width)
                    .corner_radius(2),
            );
            ui.painter().rect_stroke(
                bar.rect,
                2,
                ui.visuals().widgets.noninteractive.bg_stroke,
                egui::StrokeKind::Inside,
            );
            let label = ui.add(egui::Label::new(text).wrap());
            bar.contains_pointer() || label.contains_pointer()
        });
        if row.inner || row.response.contains_pointer() {
            *hovered = Some(vote.mv);
        }
    }
    ui.separator();
    // The rows keep their order while the pointer is over the table (a
    // deeper search reordered them under it); the new order comes when
    // it leaves.
    let current: Vec<Move> = report
        .facts
        .iter()
        .filter(|f| f.line.is_some())
        .map(|f| f.mv)
        .collect();
    let hold: Option<TableHold> = ui.data(|d| d.get_temp(table_hold_id()));
    let order = match hold {
        Some(h) if h.key == key && h.rect.is_some_and(|r| ui.rect_contains_pointer(r)) => {
            held_order(&h.order, &current)
        }
        _ => current.clone(),
    };
    // On one line, the note cut short where the panel is narrow: a line
    // more would move the rows under the pointer.
    ui.horizontal(|ui| {
        ui.strong("Every move, best first");
        if order != current {
            ui.add(
                egui::Label::new(
                    egui::RichText::new("(held while the pointer is on the table)").weak(),
                )
                .truncate(),
            );
        }
    });
    // In a narrow panel the depth goes to the score's hover text: the
    // five columns were wider than the panel (the line was cut to nothing
    // at its edge), and the depth is the one the heading above says for
    // nearly every row.
    let with_depth = ui.available_width() >= DEPTH_COLUMN_WIDTH;
    let grid = egui::Grid::new("council-table")
        .striped(true)
        .num_columns(if with_depth { 5 } else { 4 })
        .show(ui, |ui| {
            // Bao la Kimasai's scores are points (that game is won by
            // emptying a row, not by seeds), as the advisors say; a
            // column of points and "wins in 3" is headed by what both are.
            let (score, score_tip) = if variant.is_en_gehe() {
                (
                    "Seeds",
                    "Seeds the move gains by the search's reckoning, or the win or loss it \
                     proved, in plies (turns of either side, this move included)",
                )
            } else {
                (
                    "Value",
                    "The search's points for the move (Bao la Kimasai is won by emptying a \
                     row, not by seeds), or the win or loss it proved, in plies (turns of \
                     either side, this move included)",
                )
            };
            for h in ["Move", score, "Depth", "Takes", "Line"] {
                if h == "Depth" && !with_depth {
                    continue;
                }
                let head = ui.strong(h);
                if h == score {
                    head.clone().on_hover_text(score_tip);
                }
                if h == "Takes" {
                    // The Scout and the Guardian speak of the most the
                    // other side can take; this column follows the line.
                    head.on_hover_text(
                        "Seeds the move takes now, then (−N) what the answer in its line takes back \
                         (the line's answer, not always the biggest take)",
                    );
                }
            }
            ui.end_row();
            for mv in &order {
                let Some(f) = report.facts.iter().find(|f| f.mv == *mv) else {
                    continue;
                };
                let Some(line) = &f.line else { continue };
                let name = variant.move_name(f.mv);
                // Room for the hovered row's highlight, under its cells.
                let highlight = ui.painter().add(egui::Shape::Noop);
                let mut row = vec![ui.label(&name)];
                let score = match line.bound {
                    Bound::Upper => format!("≤ {}", seeds_text(line.score)),
                    _ => seeds_text(line.score),
                };
                if with_depth {
                    row.push(ui.label(score));
                    row.push(ui.label(line.depth.to_string()));
                } else {
                    row.push(
                        ui.label(score)
                            .on_hover_text(format!("Searched {} plies ahead", line.depth)),
                    );
                }
                let answer = f
                    .expected_reply
                    .filter(|&(_, t)| t > 0)
                    .map_or(String::new(), |(_, t)| format!(" (then −{t})"));
                row.push(ui.label(format!("{}{answer}", f.taken)));
                let pv: Vec<String> = line.pv.iter().map(|&m| variant.move_name(m)).collect();
                // Cut short at the panel's edge (whole on hover): a long
                // line must not widen the panel past the move list.
                let pv = pv.join(" ");
                // (A label cut short shows its whole text on hover by
                // itself: a hover text of our own showed it twice.)
                row.push(ui.add(egui::Label::new(pv.as_str()).truncate()));
                ui.end_row();
                // The whole row, the gaps between its cells too (only the
                // cells' words previewed the move, and the row showed no
                // sign of it).
                let spacing = ui.spacing().item_spacing;
                let mut whole = row
                    .iter()
                    .fold(egui::Rect::NOTHING, |r, cell| r.union(cell.rect))
                    .expand2(spacing / 2.0);
                // As wide as the table so far (a short line ends early).
                whole.max.x = whole.max.x.max(ui.min_rect().right());
                if ui.rect_contains_pointer(whole) && may_preview(ui) {
                    *hovered = Some(f.mv);
                    ui.painter().set(
                        highlight,
                        egui::Shape::rect_filled(
                            whole,
                            2.0,
                            ui.visuals().widgets.hovered.weak_bg_fill,
                        ),
                    );
                }
            }
        });
    ui.data_mut(|d| {
        d.insert_temp(
            table_hold_id(),
            TableHold {
                key,
                order,
                rect: Some(grid.response.rect),
            },
        )
    });
    if !undecided.is_empty() {
        let names: Vec<String> = undecided.iter().map(|&m| variant.move_name(m)).collect();
        ui.label(
            egui::RichText::new(format!(
                "Not weighed: {} (its sowing was still running when the council's {} s were \
                 up; deciding whether a move ever ends can take longer)",
                names.join(", "),
                COUNCIL_TIME.as_secs()
            ))
            .weak(),
        );
    }
}

fn seeds_text(score: i32) -> String {
    // In plies from here, the move included, so that the rows of a won
    // (or lost) position still tell the quick from the slow.
    match search::decided_plies(score) {
        Some(plies) if score > 0 => format!("wins in {plies}"),
        Some(plies) => format!("loses in {plies}"),
        // With the minus sign, as every other number of the window and
        // the advisors' sentences (not a hyphen).
        None => match format!("{:+.1}", search::seeds(score)).as_str() {
            "-0.0" | "+0.0" => "0.0".to_string(),
            text => text.replacen('-', "\u{2212}", 1),
        },
    }
}

#[cfg(test)]
mod seeds_text_tests {
    use super::*;

    #[test]
    fn decided_rows_say_in_how_many_plies() {
        assert_eq!(seeds_text(search::WIN - 3), "wins in 3");
        assert_eq!(seeds_text(-(search::WIN - 4)), "loses in 4");
        assert_eq!(seeds_text(25), "+2.5");
        assert_eq!(seeds_text(-6), "\u{2212}0.6");
        assert_eq!(seeds_text(0), "0.0");
    }
}
