//! Runtime state of the window: the game record with its redo stack, the
//! position on view, the replay of a move, the move analysis of the live
//! position (worked out off the UI thread, since an endless Bao la Kimasai
//! move can take a noticeable time to prove endless), and the cached hover
//! preview. Nothing here draws.

use super::anim::Replay;
use super::new_game::NewGameDialog;
use crate::engine::{Game, GameOptions, LapEnd, LapKind, Move, MoveTrace, Position, Side, Status};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::{Receiver, channel};

/// Per-move figures for the move list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveStats {
    pub name: String,
    pub laps: usize,
    pub sown: u64,
    /// Seeds captured (En Gehé) or raided (Bao la Kimasai).
    pub taken: u32,
}

impl MoveStats {
    pub fn of(trace: &MoveTrace) -> MoveStats {
        MoveStats {
            name: trace.before.variant().move_name(trace.mv),
            laps: trace.laps.len(),
            sown: trace.seeds_sown(),
            taken: trace.seeds_taken(),
        }
    }
}

/// The legal and endless moves of a position and how the game stands there.
#[derive(Clone, Debug)]
pub struct Analysis {
    /// Moves played and position key it belongs to.
    pub key: (usize, u64),
    pub legal: Vec<Move>,
    /// Each endless move with why it never ends: the laps of the cycle its
    /// sowing falls into, or `None` past the lap limit.
    pub endless: Vec<(Move, Option<u64>)>,
    pub status: Status,
}

impl Analysis {
    pub fn of(game: &Game) -> Analysis {
        match Analysis::of_or_stop(game, || true) {
            Some(analysis) => analysis,
            None => unreachable!("asked to keep going"),
        }
    }

    /// [`Self::of`] for a check on its own thread, which must stop once
    /// nobody waits for it: a long move asks `keep_going` every million
    /// laps or so, and the check gives up (`None`) when it says no.
    pub fn of_or_stop(game: &Game, mut keep_going: impl FnMut() -> bool) -> Option<Analysis> {
        let pos = game.current();
        let status = game.status_or_stop(&mut keep_going)?;
        let (mut legal, endless) = pos.classify_moves_why_or_stop(&mut keep_going)?;
        if let Status::Over(_) = status {
            // Endless moves of a decided position still deserve their mark.
            legal.clear();
        }
        Some(Analysis {
            key: (game.moves().len(), pos.key()),
            legal,
            endless: endless
                .into_iter()
                .map(|(mv, why)| (mv, why.cycle_laps))
                .collect(),
            status,
        })
    }

    /// Why `mv` never ends, if it is endless: the laps of its cycle, or
    /// `None` past the lap limit.
    pub fn endless_cycle(&self, mv: Move) -> Option<Option<u64>> {
        self.endless
            .iter()
            .find(|&&(m, _)| m == mv)
            .map(|&(_, cycle)| cycle)
    }

    /// The endless moves, without why.
    pub fn endless_moves(&self) -> Vec<Move> {
        self.endless.iter().map(|&(mv, _)| mv).collect()
    }
}

/// How `game` stands as far as that is quick to see (see
/// [`Runtime::live_status`]): sowing each move at most `laps` laps, never
/// a long move to its end. `None` while nothing quick decides it.
pub fn quick_status(game: &Game, laps: u64) -> Option<Status> {
    let pos = game.current();
    let seen = game
        .positions()
        .iter()
        .filter(|p| p.same_position(pos))
        .count();
    if seen >= 3 {
        return Some(Status::Over(pos.repetition_result()));
    }
    let decided = pos
        .candidate_moves()
        .next()
        .is_none_or(|mv| pos.try_play_checks(mv).is_err());
    if decided {
        // Over without a move sown.
        return Some(pos.status());
    }
    let mut unknown = false;
    for mv in pos.candidate_moves() {
        let mut next = *pos;
        match next.apply_within(mv, laps) {
            Ok(()) => return Some(Status::Ongoing),
            Err(crate::engine::Endless {
                cycle_laps: Some(_),
            }) => {}
            Err(_) => unknown = true,
        }
    }
    // Every move caught in its cycle within the laps: the rules' own
    // status finds each cycle again as soon.
    (!unknown).then(|| pos.status())
}

/// Said when an earlier position's hole is clicked; it goes once the live
/// position is on view again.
pub const EARLIER_POSITION_NOTICE: &str = "This is an earlier position: click a hole of the side \
     to move to play from here instead, or press End, or pick the last move in the move \
     list, to play on.";

/// A move offered to be played on an earlier position: it holds only for
/// the position and game it was clicked on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BranchOffer {
    pub mv: Move,
    /// The position on view when it was clicked (moves played to it).
    pub view: usize,
    /// The game's length then.
    pub moves: usize,
}

/// What hovering a playable hole shows: where the move ends and what it takes.
#[derive(Clone, Debug)]
pub struct Preview {
    pub key: u64,
    pub mv: Move,
    pub last_hole: usize,
    /// The last lap: the hole its seeds were lifted from (or the raided
    /// hole) and every hole it sowed into, in order (board indices), so the
    /// board can show the path that decides where the move ends.
    pub last_lap_from: usize,
    pub last_lap_path: Vec<usize>,
    /// Holes emptied by captures or raids (board indices).
    pub taken_from: Vec<usize>,
    pub laps: usize,
    pub sown: u64,
    pub taken: u32,
    pub text: String,
}

impl Preview {
    pub fn of(pos: &Position, mv: Move) -> Option<Preview> {
        let trace = pos.trace(mv).ok()?;
        let last_lap = trace.laps.last()?;
        let last = last_lap.end.hole();
        let last_lap_from = match last_lap.kind {
            LapKind::Lift { from } | LapKind::Raid { from, .. } => from,
        };
        // A long last lap goes round the ring more than once: each hole
        // once (all of them are met within the first round).
        let mut last_lap_path = Vec::new();
        for h in last_lap.sown.iter().take(pos.board().len() + 1) {
            if !last_lap_path.contains(&h) {
                last_lap_path.push(h);
            }
        }
        let mut taken_from: Vec<usize> = trace
            .laps
            .iter()
            .filter_map(|l| match l.end {
                LapEnd::Raid { facing, .. } => Some(facing),
                _ => None,
            })
            .collect();
        if let Some(c) = trace.capture {
            taken_from.push(c.facing);
        }
        let stats = MoveStats::of(&trace);
        // Named as the board labels it ("North i6"), not "Ni6".
        let end = pos.hole_at(last);
        let end = format!(
            "{} {}",
            end.side.title(),
            pos.variant().hole_name(end.index)
        );
        use crate::engine::{group_digits, grouped_count};
        // The moving hole too is named as the board labels it: "50: 1
        // lap…" read as another kind of name than the "South 50" it ends
        // beside.
        let mut text = format!(
            "{} {}: {}, {} sown, ends in {}",
            pos.turn().title(),
            stats.name,
            grouped_count(stats.laps as u64, "lap"),
            grouped_count(stats.sown, "seed"),
            end
        );
        if let Some(c) = trace.capture {
            text.push_str(&format!(
                "; captures {} ({} facing + the last seed)",
                group_digits(c.total.into()),
                group_digits(c.facing_seeds.into())
            ));
        } else if stats.taken > 0 {
            text.push_str(&format!(
                "; raids {}",
                grouped_count(stats.taken.into(), "seed")
            ));
        }
        Some(Preview {
            key: pos.key(),
            mv,
            last_hole: last,
            last_lap_from,
            last_lap_path,
            taken_from,
            laps: stats.laps,
            sown: stats.sown,
            taken: stats.taken,
            text,
        })
    }
}

/// A message for the status line. A report of what was done (opened,
/// saved, copied…) reads in the ordinary colour; a refusal, which says why
/// something was not done, warns. Reads as its text (`Deref<Target = str>`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Notice {
    text: String,
    pub report: bool,
    /// Stays while moves are sown on view: a report about the sowing
    /// itself (the computer paused while the solver's line is played),
    /// not of something done before it.
    pub during_sowing: bool,
    /// What the notice answers, so that what settles it can take it back.
    pub topic: NoticeTopic,
}

/// What a [`Notice`] is about, where a later command may answer it (a
/// speed taken answers the refusal of a speed typed before it).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum NoticeTopic {
    #[default]
    Other,
    /// The sowing speed field.
    SowingSpeed,
}

impl Notice {
    /// What was done.
    pub fn report(text: impl Into<String>) -> Self {
        Self {
            text: text.into(),
            report: true,
            during_sowing: false,
            topic: NoticeTopic::Other,
        }
    }

    /// What is being done while moves are sown: it keeps the line under
    /// the board through their sowing.
    pub fn report_during_sowing(text: impl Into<String>) -> Self {
        Self {
            during_sowing: true,
            ..Self::report(text)
        }
    }

    /// Why something was not done.
    pub fn refusal(text: impl Into<String>) -> Self {
        Self {
            text: text.into(),
            report: false,
            during_sowing: false,
            topic: NoticeTopic::Other,
        }
    }

    /// The same notice, about `topic`.
    pub fn about(self, topic: NoticeTopic) -> Self {
        Self { topic, ..self }
    }
}

impl std::ops::Deref for Notice {
    type Target = str;
    fn deref(&self) -> &str {
        &self.text
    }
}

impl std::fmt::Display for Notice {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.text)
    }
}

impl From<String> for Notice {
    fn from(text: String) -> Self {
        Self::refusal(text)
    }
}

impl From<&str> for Notice {
    fn from(text: &str) -> Self {
        Self::refusal(text)
    }
}

pub const OPENED_NOTICE: &str = "Opened ";
pub const RESUMED_NOTICE: &str = "Resumed the last game.";
pub const COPIED_NOTICE: &str = "Copied the position: ";
pub const PASTED_NOTICE: &str = "Set up the pasted position.";
pub const EDITED_NOTICE: &str = "Playing from the edited position.";
pub const STUDY_NOTICE: &str = "Study: ";

/// What the status line says while the study called `title` is open.
pub fn study_notice(title: &str) -> String {
    format!("{STUDY_NOTICE}{title}")
}

/// Why an endless move (RULES.md) is not played: its sowing falls into a
/// cycle of `cycle` laps, or (`None`) runs past the lap limit.
pub fn endless_move_notice(name: &str, cycle: Option<u64>) -> String {
    use crate::engine::{LAP_LIMIT, group_digits};
    match cycle {
        Some(laps) => format!(
            "{name}: this move never ends — its sowing falls into a cycle of {} lap{} and repeats it forever, so it cannot be played",
            group_digits(laps),
            if laps == 1 { "" } else { "s" }
        ),
        None => format!(
            "{name}: this move never ends — its sowing runs past the limit of {} laps without ending or repeating, so it cannot be played",
            group_digits(LAP_LIMIT)
        ),
    }
}

/// A move the engine refuses, in the window's words: the hole named as
/// the board names it ("South 3 is empty"), where the command line's
/// "illegal move `3`: the hole is empty" read as code.
pub fn move_refusal(pos: &crate::engine::Position, e: &crate::engine::PlayError) -> String {
    use crate::engine::PlayError;
    let side = pos.turn().title();
    match e {
        PlayError::EmptyHole { hole } => {
            format!(
                "{}: play a hole with seeds",
                empty_hole_notice(pos.turn(), hole)
            )
        }
        PlayError::NoSuchHole { hole } => format!("{side} has no hole {hole}"),
        PlayError::Endless { hole, cycle_laps } => {
            endless_move_notice(&format!("{side} {hole}"), *cycle_laps)
        }
        PlayError::BadNotation { text, problem } => format!(
            "“{}” is not a move here: {problem}",
            crate::engine::shortened(text)
        ),
        PlayError::GameOver => "The game is over: nobody is to move".to_string(),
    }
}

/// What a hole of the side to move says when it is empty (a click on it,
/// or its number typed).
pub fn empty_hole_notice(side: crate::engine::Side, name: &str) -> String {
    format!("{} {name} is empty", side.title())
}

/// A check of the live position's moves running on its thread.
struct PendingCheck {
    /// The position (moves played, key) it is of.
    key: (usize, u64),
    rx: Receiver<Analysis>,
    /// Set once nobody waits for the check (another position is on, or
    /// the game is gone): its thread stops within a million laps or so
    /// rather than sowing a long move for minutes, taking a core from the
    /// council and the computer player.
    stop: Arc<AtomicBool>,
}

impl Drop for PendingCheck {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
    }
}

/// What became of the checks' threads (tests watch them end).
#[derive(Default)]
struct CheckThreads {
    running: AtomicUsize,
    stopped: AtomicUsize,
}

/// Counts a check's thread as running while it lives.
struct Running(Arc<CheckThreads>);

impl Drop for Running {
    fn drop(&mut self) {
        self.0.running.fetch_sub(1, Ordering::Relaxed);
    }
}

/// The move list's note on what a played move cost against the best one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CostNote {
    /// E.g. "cost about 3.5 seeds (best was hole 12)".
    pub text: String,
    /// The plies the review looked ahead (its cost is an estimate), or
    /// `None` where the exact solver proved it.
    pub review_depth: Option<u32>,
}

/// Moves that "Play from here" took off the game (see `Runtime::taken_line`).
struct TakenLine {
    /// Moves played before them.
    at: usize,
    /// Them, in Redo's order (the first on top).
    redo: Vec<Move>,
    /// Their comments, by move number.
    comments: std::collections::BTreeMap<usize, String>,
    /// Which of them the computer played, by move number.
    by_computer: std::collections::BTreeMap<usize, bool>,
}

/// Runtime state (not persisted).
pub struct Runtime {
    pub game: Game,
    /// Moves undone, last undone on top.
    pub redo: Vec<Move>,
    /// The line "Play from here" took off the game, while the move played
    /// in its place is the last: undoing that move brings the line back to
    /// Redo, with its comments (one Enter took a long game's later moves).
    taken_line: Option<TakenLine>,
    pub stats: Vec<MoveStats>,
    pub names: [String; 2],
    /// Moves applied in the position on view (`game.moves().len()` = live).
    pub view: usize,
    pub replay: Option<Replay>,
    pub analysis: Option<Analysis>,
    pending: Option<PendingCheck>,
    check_threads: Arc<CheckThreads>,
    /// Work out analyses on a thread (the window) or at once (tests).
    pub background: bool,
    pub preview: Option<Preview>,
    /// Whether something (a hovered hole, advisor or move row) asked for
    /// the preview this frame; at the frame's end an unasked one goes.
    pub preview_asked: bool,
    /// Hole name or number typed for keyboard play.
    pub typed: String,
    /// The position on view and the game's length when the typing began.
    pub typed_on: (usize, usize),
    /// A message for the status line (errors of keyboard play, reports).
    pub notice: Option<Notice>,
    /// A notice about the position on view (why a clicked hole plays
    /// nothing), with the view and game length it was said for: it goes
    /// once another position is on view.
    pub notice_about: Option<(String, usize, usize)>,
    pub new_game: Option<NewGameDialog>,
    pub help_open: bool,
    /// Keys pressed to scroll the help (Page Down, ↓, Ctrl+End…), for its
    /// next frame.
    pub help_scroll: Option<super::help::HelpScroll>,
    /// The finished game whose result panel was closed
    /// ([`Runtime::ending`]): another ending (a branch played to its end,
    /// another game) shows the panel again, though as long.
    pub game_over_dismissed: Option<(u64, usize, u64)>,
    /// The window title last sent (sent again only when it changes).
    pub window_title: String,
    /// Board pan in points.
    pub pan: egui::Vec2,
    /// The replay step (move index, step), the hole pitch and the area's
    /// width and height (their bits) the board last panned to follow: a
    /// board wider than its area brings each new step's hole into view,
    /// once, so a user's own panning between steps is left alone; a zoom
    /// or a resize while paused brings it back into view too.
    pub followed_step: Option<(usize, u64, u32, u32, u32)>,
    /// The game (its `game_id`) whose seeds a board wider than its area
    /// was panned to show, once, as it came on view (see
    /// `board::show_the_seeds`).
    pub seeds_shown: Option<u64>,
    /// The computer players' search (reset with every new game).
    pub computer: super::players::Computer,
    /// The move list's cost notes by move index (0 is the first move):
    /// the council's review, or the exact solver where this session proved
    /// both the position's value and the played move's.
    pub cost_notes: std::collections::BTreeMap<usize, CostNote>,
    /// A dialog waits for an answer: the board's holes are not buttons.
    pub board_inert: bool,
    /// The game (its [`Self::game_id`]) in which the solver panel was
    /// used (a solve asked for, its line played, …): from then on it has
    /// half the column it shares with the moves, split once, by the
    /// user's click in the panel, never as the view moves.
    pub solver_used_in: Option<u64>,
    /// Why no move may be played on the board now (an exercise judging a
    /// move, or waiting for one to be taken back): said under the board
    /// in place of "click a hole", and the holes are not buttons.
    pub move_wait: Option<String>,
    /// A move asked for while the live position's moves were still being
    /// checked (an endless one would sow for seconds on the window's
    /// thread), with the position it was asked on: played, or refused, once
    /// the check is done.
    pub held_move: Option<(Move, (usize, u64))>,
    /// The board's area and the board's drawn rectangle in it, last frame.
    pub board_area: Option<(egui::Rect, egui::Rect)>,
    /// The foot of the lines under the board (its side line, the status
    /// line and the notices), last frame: the result window keeps below it.
    pub lines_foot: Option<f32>,
    /// Frames in a row in which the board's area moved (panels that open
    /// or grow move it for a frame or two); 0 once it stays.
    pub board_area_unsettled: u32,
    /// Where the council panel is this frame, if shown (the result window
    /// may go over it when the board's area has no room).
    pub council_rect: Option<egui::Rect>,
    /// Where the tempo and captures plots are this frame, if shown (the
    /// result window may go over them too, rather than over the board).
    pub plot_rect: Option<egui::Rect>,
    /// A move clicked on an earlier position, waiting for "Play from here?"
    /// (the moves after that position would be taken off the game).
    pub branch_offer: Option<BranchOffer>,
    /// A move clicked on an earlier position whose sowing ran too long to
    /// judge at once (it may never end): decided on a thread, then offered
    /// or refused (`Err` with the reason).
    pub branch_check: Option<(BranchOffer, Receiver<Result<(), String>>)>,
    /// Laps such a move, or a move asked for before the check of the
    /// moves is done, is sown on the window's thread (a few milliseconds'
    /// worth) before it goes to a thread or waits for the check (0: every
    /// move does, which tests use to stand for a long one).
    pub quick_laps: u64,
    /// Which game this is: every new, opened or pasted game gets its own,
    /// so panels can drop notes about an earlier one.
    pub game_id: u64,
    /// The user's comments by move number (1 is the first move), saved
    /// with the game.
    pub comments: std::collections::BTreeMap<usize, String>,
    /// The saved game's event and free-text notes.
    pub event: String,
    pub notes: String,
    /// Whether the computer or a person played each move of this session,
    /// by move number (undone ones kept for Redo): Undo against the
    /// computer goes back to the person's last move, and a person may
    /// play a paused computer's side. Moves read from a file are not in
    /// it (see [`Runtime::played_by_computer`]).
    by_computer: std::collections::BTreeMap<usize, bool>,
    /// The computer each side was taken over from in this game ("Take
    /// over"), for "Give back"; `None` for a side chosen since.
    pub taken_over: [Option<super::players::Player>; 2],
}

impl Runtime {
    pub fn new(start: Position, names: [String; 2], background: bool) -> Runtime {
        static GAMES: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
        Runtime {
            game_id: GAMES.fetch_add(1, std::sync::atomic::Ordering::Relaxed),
            comments: Default::default(),
            by_computer: Default::default(),
            taken_over: [None; 2],
            event: String::new(),
            notes: String::new(),
            game: Game::new(start),
            redo: Vec::new(),
            taken_line: None,
            stats: Vec::new(),
            names,
            view: 0,
            replay: None,
            analysis: None,
            pending: None,
            check_threads: Default::default(),
            background,
            preview: None,
            preview_asked: false,
            typed: String::new(),
            typed_on: (0, 0),
            notice: None,
            notice_about: None,
            new_game: None,
            help_open: false,
            help_scroll: None,
            game_over_dismissed: None,
            window_title: String::new(),
            pan: egui::Vec2::ZERO,
            followed_step: None,
            seeds_shown: None,
            computer: Default::default(),
            cost_notes: Default::default(),
            board_inert: false,
            solver_used_in: None,
            move_wait: None,
            held_move: None,
            board_area: None,
            lines_foot: None,
            board_area_unsettled: 1,
            council_rect: None,
            plot_rect: None,
            branch_offer: None,
            branch_check: None,
            quick_laps: 1 << 16,
        }
    }

    /// Which ending of which game the game is at: the game, its length and
    /// its last position.
    pub fn ending(&self) -> (u64, usize, u64) {
        (
            self.game_id,
            self.game.moves().len(),
            self.game.current().key(),
        )
    }

    pub fn live(&self) -> bool {
        self.view == self.game.moves().len()
    }

    /// The position on view (after the replay's move, if one is shown).
    pub fn shown_position(&self) -> &Position {
        &self.game.positions()[self.view]
    }

    /// The replay belonging to the position on view, if any.
    pub fn shown_replay(&self) -> Option<&Replay> {
        self.replay
            .as_ref()
            .filter(|r| self.view > 0 && r.move_index + 1 == self.view)
    }
    pub fn shown_replay_mut(&mut self) -> Option<&mut Replay> {
        let view = self.view;
        self.replay
            .as_mut()
            .filter(|r| view > 0 && r.move_index + 1 == view)
    }

    /// Sows the game's own next move after the position on view, as a
    /// step along the game (nothing taken off it).
    pub fn step_along(&mut self) {
        self.view_move(self.view);
        if let Some(r) = self.replay.as_mut() {
            r.set_step(0);
            r.playing = true;
        }
    }

    /// A replay on view that has not reached its end.
    pub fn animating(&self) -> bool {
        self.shown_replay().is_some_and(|r| !r.at_end())
    }

    pub fn current_key(&self) -> (usize, u64) {
        (self.game.moves().len(), self.game.current().key())
    }

    /// The analysis of the live position, once known.
    pub fn live_analysis(&self) -> Option<&Analysis> {
        self.analysis
            .as_ref()
            .filter(|a| a.key == self.current_key())
    }

    /// How the live game stands, without ever sowing a long move on the
    /// window's thread (proving one endless can take minutes): from the
    /// check of its moves once that is in; until then from what is quick
    /// to see — a threefold repetition, a side with no move (or, in Bao
    /// la Kimasai, an empty inner row), a move that ends within
    /// [`Self::quick_laps`] laps, or every move caught in its cycle within
    /// them. `None` while nothing quick decides it: the game is taken as
    /// going on, and whatever waits for its end waits for the check.
    pub fn live_status(&self) -> Option<Status> {
        if let Some(a) = self.live_analysis() {
            return Some(a.status.clone());
        }
        quick_status(&self.game, self.quick_laps)
    }

    /// How the game stands in the position on view ([`Self::live_status`]
    /// for the live one; an earlier one had a move played from it).
    pub fn shown_status(&self) -> Option<Status> {
        if self.live() {
            self.live_status()
        } else {
            Some(Status::Ongoing)
        }
    }

    /// Stands for a check of the live position's moves still running on
    /// its thread (tests): nothing is known of its moves until the
    /// returned sender answers.
    pub fn check_still_running(&mut self) -> std::sync::mpsc::Sender<Analysis> {
        let (tx, rx) = channel();
        self.background = true;
        self.analysis = None;
        self.pending = Some(PendingCheck {
            key: self.current_key(),
            rx,
            stop: Default::default(),
        });
        tx
    }

    /// The checks of moves whose threads still run (replaced ones
    /// included, until they notice), and how many have stopped unfinished
    /// because nobody waited for them any more.
    #[doc(hidden)]
    pub fn check_threads(&self) -> (usize, usize) {
        (
            self.check_threads.running.load(Ordering::Relaxed),
            self.check_threads.stopped.load(Ordering::Relaxed),
        )
    }

    /// Starts (or collects) the analysis of the live position. Returns
    /// whether it is still being worked out.
    pub fn refresh_analysis(&mut self, ctx: &egui::Context) -> bool {
        let key = self.current_key();
        if self.analysis.as_ref().is_some_and(|a| a.key == key) {
            self.pending = None;
            return false;
        }
        if let Some(pending) = &self.pending
            && pending.key == key
        {
            if let Ok(a) = pending.rx.try_recv() {
                self.analysis = Some(a);
                self.pending = None;
                return false;
            }
            return true;
        }
        if !self.background {
            self.analysis = Some(Analysis::of(&self.game));
            return false;
        }
        let (tx, rx) = channel();
        let game = self.game.clone();
        let ctx = ctx.clone();
        let stop = Arc::new(AtomicBool::new(false));
        let stop_asked = Arc::clone(&stop);
        self.check_threads.running.fetch_add(1, Ordering::Relaxed);
        let running = Running(Arc::clone(&self.check_threads));
        std::thread::spawn(move || {
            crate::priority::as_worker();
            let _running = running;
            match Analysis::of_or_stop(&game, || !stop_asked.load(Ordering::Relaxed)) {
                Some(analysis) => {
                    // The receiver may be gone if the game moved on; that is fine.
                    let _ = tx.send(analysis);
                    ctx.request_repaint();
                }
                None => {
                    _running.0.stopped.fetch_add(1, Ordering::Relaxed);
                }
            }
        });
        // The check it replaces (of another position) is stopped.
        self.pending = Some(PendingCheck { key, rx, stop });
        true
    }

    /// Whether `mv` may be played now (known legal, on the live position).
    pub fn can_play(&self, mv: Move) -> bool {
        self.live()
            && self
                .live_analysis()
                .is_some_and(|a| matches!(a.status, Status::Ongoing) && a.legal.contains(&mv))
    }

    pub fn is_endless(&self, mv: Move) -> bool {
        self.live()
            && self
                .live_analysis()
                .is_some_and(|a| a.endless_cycle(mv).is_some())
    }

    /// Plays a move at the end of the game and starts its replay.
    pub fn play(&mut self, mv: Move) -> Result<(), String> {
        self.play_by(mv, false)
    }

    /// [`Runtime::play`], said to be the computer's move or a person's.
    pub fn play_by(&mut self, mv: Move, by_computer: bool) -> Result<(), String> {
        if !self.live() {
            return Err("you are looking at an earlier position; press End or pick the last move to return to the game".into());
        }
        let pos = *self.game.current();
        let trace = pos.trace(mv).map_err(|e| move_refusal(&pos, &e))?;
        self.game.play(mv).map_err(|e| move_refusal(&pos, &e))?;
        self.stats.push(MoveStats::of(&trace));
        let played = self.game.moves().len();
        if self.redo.last() == Some(&mv) {
            // The move Redo would bring back, played by hand (or chosen
            // by the computer): the undone line goes on, with its
            // comments, as in chess programs (it was dropped, comments
            // and all, as if another move had been played).
            self.redo.pop();
        } else {
            self.redo.clear();
            self.taken_line = None;
            // Comments of undone moves go with them once another move
            // replaces them (until then, redo brings them back).
            self.comments.retain(|&n, _| n < played);
            self.by_computer.retain(|&n, _| n < played);
        }
        self.by_computer.insert(played, by_computer);
        self.after_new_move(trace);
        Ok(())
    }

    /// The "Play from here?" question, if it still holds: it was asked about
    /// the position on view and the game as it is.
    pub fn standing_branch_offer(&self) -> Option<BranchOffer> {
        self.branch_offer
            .filter(|o| o.view == self.view && o.moves == self.game.moves().len())
    }

    /// Plays `mv` on the earlier position on view: the moves after it are
    /// taken off the game (as by undo), and `mv` is played in their place.
    pub fn play_from_here(&mut self, mv: Move) -> Result<(), String> {
        let at = self.view;
        // Checked first, so a refused move takes nothing off.
        let pos = self.game.positions()[at];
        pos.try_play(mv).map_err(|e| move_refusal(&pos, &e))?;
        // The line taken off is the one on the board: an earlier branch's
        // line is not brought back on the way (two branches in a row gave
        // Redo the line from before the first, comments and all).
        self.taken_line = None;
        while self.game.moves().len() > at {
            self.take_back_last();
        }
        let redo = std::mem::take(&mut self.redo);
        let comments = self.comments.split_off(&(at + 1));
        let by_computer = self.by_computer.split_off(&(at + 1));
        self.play(mv)?;
        self.taken_line = Some(TakenLine {
            at,
            redo,
            comments,
            by_computer,
        });
        Ok(())
    }

    fn after_new_move(&mut self, trace: MoveTrace) {
        self.view = self.game.moves().len();
        let mut replay = Replay::new(self.view - 1, trace);
        replay.playing = true;
        self.replay = Some(replay);
        self.preview = None;
    }

    /// Sets (or, when blank, removes) the comment on move `number`.
    pub fn set_comment(&mut self, number: usize, text: String) {
        if number == 0 || number > self.game.moves().len() {
            return;
        }
        if text.trim().is_empty() {
            self.comments.remove(&number);
        } else {
            self.comments.insert(number, text);
        }
    }

    pub fn undo(&mut self) -> bool {
        let Some(len) = self.take_back_last() else {
            return false;
        };
        // The move now on view can be replayed, as after redo.
        match len - 1 {
            0 => self.view_start(),
            n => self.view_move(n - 1),
        }
        true
    }

    /// [`Self::undo`] but the view: takes the last move off the game and
    /// returns how many moves there were (`None`: none). Play from here
    /// takes many moves off at once and views only where it ends (each
    /// undo's view traced its move again).
    fn take_back_last(&mut self) -> Option<usize> {
        let len = self.game.moves().len();
        if len == 0 {
            return None;
        }
        self.redo.push(self.game.moves()[len - 1]);
        self.game.truncate(len - 1);
        self.stats.truncate(len - 1);
        self.preview = None;
        // Back where "Play from here" branched off: Redo goes down the line
        // it took off again (the move played in its place is dropped, as
        // the line was then).
        if let Some(t) = self.taken_line.take_if(|t| t.at == len - 1) {
            self.redo = t.redo;
            self.comments.retain(|&n, _| n < len);
            self.comments.extend(t.comments);
            self.by_computer.retain(|&n, _| n < len);
            self.by_computer.extend(t.by_computer);
        }
        Some(len)
    }

    /// Whether the computer played move `number` (1 is the first), as far
    /// as this session knows; a move it does not know of (read from a
    /// file) is taken to be the computer's where `computer_side` says its
    /// side is played by the computer now.
    pub fn played_by_computer(&self, number: usize, computer_side: impl Fn(Side) -> bool) -> bool {
        self.by_computer.get(&number).copied().unwrap_or_else(|| {
            self.game
                .positions()
                .get(number.wrapping_sub(1))
                .is_some_and(|before| computer_side(before.turn()))
        })
    }

    pub fn redo(&mut self) -> bool {
        let Some(mv) = self.redo.pop() else {
            return false;
        };
        let Ok(trace) = self.game.current().trace(mv) else {
            self.redo.clear();
            return false;
        };
        if self.game.play(mv).is_err() {
            self.redo.clear();
            return false;
        }
        self.stats.push(MoveStats::of(&trace));
        self.view = self.game.moves().len();
        // A redone move shows its result at once; it can be replayed.
        let mut replay = Replay::new(self.view - 1, trace);
        replay.jump_to_end();
        self.replay = Some(replay);
        self.preview = None;
        true
    }

    /// Shows the position after move `index` (0-based) with its replay at the end.
    pub fn view_move(&mut self, index: usize) {
        if index >= self.game.moves().len() {
            return;
        }
        self.view = index + 1;
        let before = self.game.positions()[index];
        if let Ok(trace) = before.trace(self.game.moves()[index]) {
            let mut replay = Replay::new(index, trace);
            replay.jump_to_end();
            self.replay = Some(replay);
        }
    }

    /// Shows the start position.
    pub fn view_start(&mut self) {
        self.view = 0;
        self.replay = None;
    }

    pub fn view_live(&mut self) {
        let len = self.game.moves().len();
        if len == 0 {
            self.view_start();
        } else if self.view != len {
            self.view_move(len - 1);
        }
    }

    pub fn new_game(&mut self, options: &GameOptions, names: [String; 2]) -> Result<(), String> {
        let start = options.start().map_err(|e| e.to_string())?;
        let background = self.background;
        *self = Runtime::new(start, names, background);
        Ok(())
    }

    /// The status line's notice, or "" when there is none.
    pub fn notice_text(&self) -> &str {
        self.notice.as_deref().unwrap_or_default()
    }

    /// A notice about the position on view (why a click or a typed move
    /// plays nothing): it goes once another position is on view.
    pub fn say_about_view(&mut self, notice: impl Into<Notice>) {
        self.about_view(notice.into());
    }

    /// After Undo or Redo: clears the line under the board, or says there
    /// was nothing to `what`, about the position on view (it goes once
    /// another is on view).
    pub fn done_or_nothing_to(&mut self, done: bool, what: &str) {
        if done {
            self.notice = None;
        } else {
            self.say_about_view(format!("Nothing to {what}"));
        }
    }

    /// [`Self::say_about_view`] for a report (not a refusal).
    pub fn report_about_view(&mut self, text: String) {
        self.about_view(Notice::report(text));
    }

    fn about_view(&mut self, notice: Notice) {
        self.notice_about = Some((notice.to_string(), self.view, self.game.moves().len()));
        self.notice = Some(notice);
    }

    /// A side as the board names it: its team name, with the side when
    /// the name is not the side's own ("Ilkisongo (South)").
    pub fn team(&self, side: Side) -> String {
        crate::files::team_label(&self.names[side.index()], side)
    }

    /// [`Self::team`] as an owner: "South's", "Ilkisongo's (South)".
    pub fn team_possessive(&self, side: Side) -> String {
        crate::files::team_possessive(&self.names[side.index()], side)
    }

    /// A game's result in words, its winner named by team as the board
    /// names it and the sides after it by team name alone ("Ilkisongo
    /// (South) wins 183–137: Ilpurko has no seeds left to move; …").
    pub fn describe_result(&self, result: &crate::engine::GameResult) -> String {
        result.describe_naming(
            |side| self.team(side),
            |side| self.names[side.index()].clone(),
        )
    }

    /// Why a person's move is refused on a computer side's turn.
    pub fn computer_plays(&self, side: Side) -> String {
        format!(
            "{} is played by the computer: pause it or take over {} to move yourself",
            self.team(side),
            side.title()
        )
    }

    /// The hover preview of `mv` on the live position, traced once per hole.
    pub fn preview_for(&mut self, mv: Move) -> Option<&Preview> {
        self.preview_asked = true;
        let pos = *self.game.current();
        let fresh = self
            .preview
            .as_ref()
            .is_some_and(|p| p.key == pos.key() && p.mv == mv);
        if !fresh {
            self.preview = Preview::of(&pos, mv);
        }
        self.preview.as_ref()
    }

    /// The game result if the live game is over.
    pub fn result(&self) -> Option<crate::engine::GameResult> {
        match self.live_analysis().map(|a| &a.status) {
            Some(Status::Over(r)) => Some(*r),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::notation::parse_position;

    /// RULES.md's endless move: South's `o2` sows millions of laps before
    /// its cycle is found, so checking this position's moves takes a while
    /// (no test of the library sows it to its end, so the memo of long
    /// moves does not answer it either).
    const LONG_CHECK: &str = "bao-la-kimasai south=5,4,3,0,1,3,4,1,2,1,2,5,0,3,3,2 \
        north=1,1,1,1,1,1,1,1,0,0,0,0,0,0,0,0 reserve=10,10 turn=south opening=no";

    /// Waits (a bounded while, the threads wanting the cores) until `done`.
    fn wait_for(what: &str, mut done: impl FnMut() -> bool) {
        for _ in 0..6000 {
            if done() {
                return;
            }
            std::thread::sleep(std::time::Duration::from_millis(10));
        }
        panic!("gave up waiting for {what}");
    }

    #[test]
    fn undo_after_a_second_branch_gives_redo_the_line_that_branch_took_off() {
        let names = || ["South".to_string(), "North".to_string()];
        let start = GameOptions::en_gehe(8).start().unwrap();
        let mut rt = Runtime::new(start, names(), false);
        for _ in 0..12 {
            rt.play(rt.game.current().legal_moves()[0]).unwrap();
        }
        for n in [5, 7, 9, 11] {
            rt.set_comment(n, format!("comment {n}"));
        }
        // First branch after move 8, with a comment on its move.
        rt.view_move(7);
        let first = *rt.game.positions()[8].legal_moves().last().unwrap();
        rt.play_from_here(first).unwrap();
        rt.set_comment(9, "branch A".into());
        let line = rt.game.clone();
        let comments = rt.comments.clone();
        // Second branch after move 4: moves 5 to 9 of this line go.
        rt.view_move(3);
        let second = *rt.game.positions()[4].legal_moves().last().unwrap();
        rt.play_from_here(second).unwrap();
        assert_eq!(rt.game.moves().len(), 5);
        assert!(rt.undo());
        while rt.redo() {}
        assert_eq!(rt.game, line, "the line the second branch took off");
        assert_eq!(rt.comments, comments);
    }

    #[test]
    fn playing_the_move_redo_would_bring_back_keeps_the_undone_line_and_its_comments() {
        let names = || ["South".to_string(), "North".to_string()];
        let start = GameOptions::en_gehe(8).start().unwrap();
        let mut rt = Runtime::new(start, names(), false);
        for _ in 0..4 {
            rt.play(rt.game.current().legal_moves()[0]).unwrap();
        }
        rt.set_comment(3, "third".into());
        rt.set_comment(4, "fourth".into());
        let whole = rt.game.clone();
        assert!(rt.undo() && rt.undo());
        // Move 3 played again by hand: move 4 is still there to redo.
        let third = whole.moves()[2];
        rt.play(third).unwrap();
        assert_eq!(rt.redo, [whole.moves()[3]]);
        assert_eq!(rt.comments.get(&3).map(String::as_str), Some("third"));
        assert!(rt.redo());
        assert_eq!(rt.game, whole);
        assert_eq!(rt.comments.get(&4).map(String::as_str), Some("fourth"));
        // Another move in its place still drops the line and its comment.
        assert!(rt.undo());
        let other = *rt.game.current().legal_moves().last().unwrap();
        assert_ne!(other, whole.moves()[3]);
        rt.play(other).unwrap();
        assert!(rt.redo.is_empty());
        assert_eq!(rt.comments.get(&4), None);
        assert_eq!(rt.comments.get(&3).map(String::as_str), Some("third"));
    }

    #[test]
    fn the_live_status_sows_no_long_move_while_the_check_runs() {
        let names = || ["South".to_string(), "North".to_string()];
        let ctx = egui::Context::default();
        // Every first lap of the 2×6 start ends in a full hole: with no
        // laps allowed, every move stands for a long one.
        let start = GameOptions::en_gehe(6).start().unwrap();
        let mut rt = Runtime::new(start, names(), true);
        rt.quick_laps = 0;
        let check = rt.check_still_running();
        assert_eq!(rt.live_status(), None, "decided by sowing long moves");
        assert_eq!(rt.shown_status(), None);
        // The check's answer decides it.
        check.send(Analysis::of(&rt.game)).unwrap();
        assert!(!rt.refresh_analysis(&ctx));
        assert_eq!(rt.live_status(), Some(Status::Ongoing));
        // A move that ends within the laps decides it without the check.
        rt.quick_laps = 1 << 16;
        let _check = rt.check_still_running();
        assert_eq!(rt.live_status(), Some(Status::Ongoing));
        // So does a side with no seeds, whatever the laps.
        let over =
            parse_position("en-gehe south=0,0,0 north=1,2,3 captured=6,0 turn=south").unwrap();
        let mut rt = Runtime::new(over, names(), true);
        rt.quick_laps = 0;
        let _check = rt.check_still_running();
        assert_eq!(rt.live_status(), Some(over.status()));
        assert!(matches!(rt.live_status(), Some(Status::Over(_))));
    }

    #[test]
    fn a_check_of_moves_nobody_waits_for_any_more_stops() {
        let start = parse_position(LONG_CHECK).unwrap();
        let ctx = egui::Context::default();
        let names = ["South".to_string(), "North".to_string()];
        let mut rt = Runtime::new(start, names, true);
        assert!(rt.refresh_analysis(&ctx), "checked at once");
        let first_stop = Arc::clone(&rt.pending.as_ref().unwrap().stop);
        // A quick move is played before the check is done (as the
        // computer, or redo, may): the check of the new position replaces
        // the old one, which stops sowing `o2` rather than going on for
        // nobody.
        let mut quick = None;
        start.sow_quick_moves(&[], |mv, _| {
            quick = Some(mv);
            std::ops::ControlFlow::Break(())
        });
        rt.play(quick.unwrap()).unwrap();
        rt.refresh_analysis(&ctx);
        assert!(first_stop.load(Ordering::Relaxed), "the old check goes on");
        wait_for("the checks' threads to end", || rt.check_threads().0 == 0);
        assert_eq!(rt.check_threads(), (0, 1), "the old check was finished");
        // The new position's check is in; back to the start, whose check
        // runs long again, and the game goes (a new one replaces it).
        wait_for("the new check", || !rt.refresh_analysis(&ctx));
        assert!(rt.live_analysis().is_some());
        rt.undo();
        assert!(rt.refresh_analysis(&ctx));
        let threads = Arc::clone(&rt.check_threads);
        drop(rt);
        let counts = || {
            let t = &threads;
            (
                t.running.load(Ordering::Relaxed),
                t.stopped.load(Ordering::Relaxed),
            )
        };
        wait_for("the dropped game's check to end", || counts().0 == 0);
        assert_eq!(counts(), (0, 2));
    }

    #[test]
    fn an_endless_move_says_why_it_never_ends() {
        let cycle = endless_move_notice("South o2", Some(7_589_376));
        assert!(
            cycle.contains("a cycle of 7,589,376 laps and repeats it"),
            "{cycle}"
        );
        assert!(endless_move_notice("South 3", Some(1)).contains("a cycle of 1 lap and"));
        let limit = endless_move_notice("South 3", None);
        assert!(
            limit.contains("runs past the limit of 1,000,000,000 laps"),
            "{limit}"
        );
    }
}
