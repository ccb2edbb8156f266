//! The position editor: a mode of the main window in which the position on
//! view is set up hole by hole. It holds a raw engine [`Setup`] (which may
//! break the rules while it is being edited), checks it after every change
//! with the engine ([`Setup::problems`], [`Setup::validate`],
//! [`Position::status`]) and lists every problem in words beside the board.
//! The board's editing clicks are drawn in [`super::board::editor_board_ui`];
//! this module has the state, its commands and the side panel.

use super::AppCommand;
use super::branch::StopFlag;
use crate::engine::notation::{parse_position, parse_setup, split_record};
use crate::engine::{
    GameKind, GameOptions, MAX_HOLES, MIN_HOLES, OriginRule, Position, Setup, Side, Status,
    Variant, group_digits, shortened,
};
use crate::files::{LoadError, replay_moves};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::mpsc::{Receiver, TryRecvError, channel};

/// A hole of the setup: its owner and its index in the owner's sowing order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Hole {
    pub side: Side,
    pub index: usize,
}

/// What typed digits go to: a hole, or a side's reserve pile (Bao la
/// Kimasai), whichever was clicked last.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Selection {
    Hole(Hole),
    Reserve(Side),
}

/// The count a hole or reserve pile of the setup holds.
fn seeds_at(s: &mut Setup, at: Selection) -> &mut u64 {
    match at {
        Selection::Hole(h) => &mut s.row_mut(h.side)[h.index],
        Selection::Reserve(side) => &mut s.reserve[side.index()],
    }
}

impl Selection {
    pub fn side(self) -> Side {
        match self {
            Selection::Hole(h) => h.side,
            Selection::Reserve(side) => side,
        }
    }

    /// "North 3", "South i4", "North reserve".
    pub fn name(self, variant: Variant) -> String {
        match self {
            Selection::Hole(h) => format!("{} {}", h.side.title(), variant.hole_name(h.index)),
            Selection::Reserve(side) => format!("{} reserve", side.title()),
        }
    }
}

/// Everything the editor's board and panel can ask for.
#[derive(Clone, Debug, PartialEq)]
pub enum EditorCommand {
    /// Open the editor on the position on view.
    Open,
    /// Leave without changing the game; with work in the editor (see
    /// [`Editor::edited`]) "Discard the edited position?" is asked first.
    Cancel,
    /// Leave without changing the game, the edits thrown away: the
    /// question's Discard button.
    Discard,
    /// The question's Keep editing (also Esc and Enter): it goes, the
    /// editor stays as it was.
    KeepEditing,
    /// Start a game from the edited position.
    Play,
    /// Start a game from it and open the council of advisors.
    Analyse,
    /// Add (or with a negative `delta` take away) seeds in a hole.
    Add {
        hole: Hole,
        delta: i64,
    },
    /// Add (or take away) seeds in a side's reserve pile (a click on it).
    AddReserve {
        side: Side,
        delta: i64,
    },
    /// Set a hole's count.
    Set {
        hole: Hole,
        seeds: u64,
    },
    /// Move one seed (or all of them) from one hole or reserve pile to
    /// another.
    Move {
        from: Selection,
        to: Selection,
        all: bool,
    },
    /// Choose the hole or reserve pile that typed digits go to.
    Select(Option<Selection>),
    /// Empty every hole, captured count and reserve.
    Clear,
    Turn(Side),
    Captured {
        side: Side,
        seeds: u64,
    },
    Reserve {
        side: Side,
        seeds: u64,
    },
    Opening(bool),
    /// The origin option: whether long laps skip their starting hole.
    Origin(OriginRule),
    /// Change the game: the start position of that game (or, for En Gehé
    /// rows of another length, the same counts cut or padded with empty holes).
    Variant(Variant),
    /// Replace the setup by a position in RULES.md notation, or by the
    /// position a game record reaches (replayed off the window's thread).
    Paste(String),
    /// Stop replaying a pasted game record (the board stays as it is).
    StopReading,
    /// A number field's entry (Enter, or leaving it) or drag is over: its
    /// next change is another step of undo.
    FieldDone,
    Undo,
    Redo,
}

/// A number field of the editor that digits are typed into.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum TypedField {
    Hole(Hole),
    Captured(Side),
    Reserve(Side),
    /// En Gehé's holes per row (a drag of the number is one step too).
    RowLength,
}

/// The check of the setup on view, redone whenever it changes.
#[derive(Debug)]
pub struct Check {
    /// The setup checked.
    setup: Setup,
    /// The validated position, if the setup breaks no rule.
    pub position: Option<Position>,
    /// Every problem in words; empty when the position can be played.
    pub problems: Vec<String>,
    /// Whether the game is over is being worked out on a thread: proving
    /// every move endless may take seconds (as for the game's analysis).
    pending: Option<Receiver<Status>>,
    /// Stops that thread once this check is dropped (an edit replaced
    /// it, or the editor was left).
    stop: StopFlag,
}

impl Drop for Check {
    fn drop(&mut self) {
        self.stop.stop();
    }
}

/// [`Position::status`] that gives up (`None`) once `flag` says stop.
fn status_or_stop(p: &Position, flag: &StopFlag) -> Option<Status> {
    let status = p.status_or_stop(|| flag.keep_going());
    if status.is_none() {
        flag.mark_given_up();
    }
    status
}

impl Check {
    fn of(setup: &Setup, background: bool) -> Check {
        let mut problems: Vec<String> = setup.problems().iter().map(describe_problem).collect();
        let position = if problems.is_empty() {
            match setup.validate() {
                Ok(p) => Some(p),
                Err(e) => {
                    problems.push(describe_problem(&e));
                    None
                }
            }
        } else {
            // No position to ask, but an emptied row is seen on the board
            // itself: said now, with the other problems, not only once
            // they are mended.
            if let Some(why) = over_on_its_face(setup) {
                problems.push(format!(
                    "The game is already over here: {why}. Set up a position the side to move can still play from."
                ));
            }
            None
        };
        let mut check = Check {
            setup: setup.clone(),
            position,
            problems,
            pending: None,
            stop: StopFlag::default(),
        };
        if let Some(p) = position {
            if background {
                check.spawn(move |flag| status_or_stop(&p, flag));
            } else {
                check.settle(p.status());
            }
        }
        check
    }

    /// Works the status out on a thread with `work`, which gives up
    /// (`None`) when its flag says stop.
    fn spawn(&mut self, work: impl FnOnce(&StopFlag) -> Option<Status> + Send + 'static) {
        let (tx, rx) = channel();
        let flag = self.stop.clone();
        std::thread::spawn(move || {
            crate::priority::as_worker();
            if let Some(status) = work(&flag) {
                // The receiver is gone if the setup changed meanwhile; fine.
                let _ = tx.send(status);
            }
        });
        self.pending = Some(rx);
    }

    /// The stop flag of the check's thread (tests: whether it stopped).
    pub fn stop_flag(&self) -> StopFlag {
        self.stop.clone()
    }

    fn settle(&mut self, status: Status) {
        self.pending = None;
        if let Status::Over(result) = status {
            // A legal position, but nothing is left to play or analyse.
            self.problems.push(format!(
                "The game is already over here: {}. Set up a position the side to move can still play from.",
                result.describe().trim_end_matches('.')
            ));
        }
    }

    /// Collects the thread's answer; returns whether it is still awaited.
    pub fn poll(&mut self) -> bool {
        let Some(rx) = &self.pending else {
            return false;
        };
        match rx.try_recv() {
            Ok(status) => {
                self.settle(status);
                false
            }
            Err(TryRecvError::Empty) => true,
            Err(TryRecvError::Disconnected) => {
                self.pending = None;
                self.problems
                    .push("Could not work out whether the game is over here.".into());
                false
            }
        }
    }

    /// Whether the game-over check is still running.
    pub fn checking(&self) -> bool {
        self.pending.is_some()
    }

    /// Whether nothing found so far stops a start from here (the check
    /// may still be running: Play then waits for it).
    pub fn startable(&self) -> bool {
        self.position.is_some() && self.problems.is_empty()
    }

    /// The position, if it can be played from (valid and not decided).
    pub fn playable(&self) -> Option<Position> {
        self.position
            .filter(|_| self.startable() && !self.checking())
    }
}

/// Why the game is over in `setup`, where its rows alone tell (En Gehé:
/// the side to move has no seeds; Bao la Kimasai: an inner row is empty).
fn over_on_its_face(setup: &Setup) -> Option<String> {
    let row = |side: Side| match side {
        Side::South => &setup.south,
        Side::North => &setup.north,
    };
    match setup.game {
        GameKind::EnGehe => row(setup.turn)
            .iter()
            .all(|&c| c == 0)
            .then(|| format!("{} has no seeds left to move", setup.turn.title())),
        GameKind::BaoLaKimasai => Side::BOTH.into_iter().find_map(|side| {
            row(side)
                .iter()
                .take(8)
                .all(|&c| c == 0)
                .then(|| format!("{}'s inner row is empty", side.title()))
        }),
    }
}

/// An engine problem in the editor's words: the field it concerns first.
fn describe_problem(e: &crate::engine::SetupError) -> String {
    let field = match e.token.as_str() {
        "south" => "South's holes",
        "north" => "North's holes",
        "captured" => "Captured seeds",
        "reserve" => "Reserves",
        "opening" => "Opening flag",
        // A problem of the whole position names it itself.
        "" => "",
        other => other,
    };
    let problem = super::capitalised(&e.problem);
    if field.is_empty() {
        format!("{problem}.")
    } else {
        format!("{field}: {problem}.")
    }
}

/// Why "Discard the edited position?" was asked: what leaving the editor
/// with its work in it would do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DiscardAsked {
    /// Cancel, Ctrl+E or Game ▸ Leave the editor: back to the game.
    Leave,
    /// The game under the editor was replaced while it was open (a new
    /// game started, a file or study opened): the editor stayed open on
    /// its work rather than closing with it, and asks whether to leave it
    /// for the new game.
    GameReplaced,
    /// The window's close button: the close waits for the answer.
    Close,
}

/// The editor's state: the setup, its undo history and what is being typed.
#[derive(Debug)]
pub struct Editor {
    pub setup: Setup,
    /// The setup the editor was opened on: leaving asks first once the
    /// setup differs from it.
    opened_setup: Setup,
    /// The last text read by a paste, on one line: text in the Paste
    /// notation field other than it was typed and never read.
    read_text: String,
    /// "Discard the edited position?" is being asked, and why. Until it is
    /// answered the board, the editor's keys and the menus do nothing
    /// (see `MaasaiApp::dialog_open`).
    pub asking: Option<DiscardAsked>,
    undo: Vec<Setup>,
    redo: Vec<Setup>,
    /// The hole or reserve pile typed digits go to (the last one clicked).
    pub selected: Option<Selection>,
    /// Digits typed into the selection since it was selected.
    pub typed: String,
    /// The notation field of "Paste notation".
    pub paste_text: String,
    /// Why the last paste was refused.
    pub paste_error: Option<String>,
    /// What the last paste or copy did (said in the ordinary colour beside
    /// them, so a click that changes nothing visible is still answered).
    pub paste_done: Option<String>,
    /// The notation last copied with Copy notation.
    pub copied: Option<String>,
    /// What the last change of board did that is easy to miss (seeds
    /// dropped with the holes of shortened rows).
    pub note: Option<String>,
    /// Why the last digit typed into a hole or pile was refused (said
    /// beside the typing, under the board).
    typing_note: Option<String>,
    /// Why the last click or drag on the board changed nothing (a drop
    /// onto a hole that cannot take the seeds, an empty hole dragged),
    /// said under the board, where the drag was.
    board_note: Option<String>,
    /// A pasted game record whose moves are being replayed on a thread.
    reading: Option<Reading>,
    /// The window, woken when a thread of the editor ends (known once the
    /// panel has been drawn; tests that never draw it poll instead).
    repaint: Option<egui::Context>,
    /// The number field typed into by the last edit: further digits in it
    /// change that one edit, so Undo takes back the whole number, not its
    /// last digit.
    typing_into: Option<TypedField>,
    check: Check,
    /// Check on a thread (the window) or at once (tests).
    background: bool,
    /// The game on view when the editor opened (start key, moves): a new
    /// game or file opened meanwhile closes the editor.
    pub opened_on: (u64, usize),
    /// Leaving was asked for with this position; the editor closes once the
    /// game has been started from it (after any unsaved-changes prompt).
    pub leaving: Option<(Position, bool)>,
    /// Play from here (false) or Analyse (true) was pressed while the
    /// game-over check was still running: it goes ahead once the check
    /// finds nothing, rather than the click being lost. An edit meanwhile
    /// forgets it (the click was about the position before).
    pub start_when_checked: Option<bool>,
    /// A sowing was playing when the editor opened (it paused): Cancel
    /// plays it on.
    pub resume_sowing: bool,
    /// Names the setup as it is, new at each change (edits, undo, redo): a
    /// number field's refusal is about the setup it was typed into, and
    /// goes once anything else is edited. Never the same twice in a run
    /// ([`fresh_revision`]): the refusals are kept with the fields' ids,
    /// which outlive the editor.
    revision: u64,
    /// The row length that switching the game to En Gehé sets up: the
    /// board's when it last was En Gehé, else (opened on Bao la Kimasai)
    /// the last new game's if that was En Gehé (see `MaasaiApp`), else 10.
    pub en_gehe_holes: u8,
}

/// A revision no editor of this run has had: counted from 0 by each
/// editor, a refusal typed into a field in an editor since closed came
/// back in the next one once it reached that count of edits.
fn fresh_revision() -> u64 {
    static LAST: AtomicU64 = AtomicU64::new(0);
    LAST.fetch_add(1, Ordering::Relaxed) + 1
}

/// The editor's one limit on a count: no hole, reserve pile or captured
/// count ever holds more (the engine's limit for a whole position, and so
/// the most a count in the notation may be). Clicks, typed digits, number
/// fields, drags and pastes all keep to it and say so when they cannot;
/// more seeds than this in all is allowed while editing, and listed as a
/// problem.
pub const MAX_EDIT: u64 = crate::engine::MAX_TOTAL_SEEDS;

/// The refusal of a count over [`MAX_EDIT`], in the same words wherever
/// it comes up, the count grouped as the limit is ("70,001", not "70001"
/// next to "60,000"). `digits`: the count in ASCII digits, no leading 0.
fn too_many(digits: &str) -> String {
    format!(
        "{} is too many: a position holds at most {} seeds",
        crate::engine::group_digit_text(digits),
        group_digits(MAX_EDIT)
    )
}

/// A pasted game record whose moves are replayed on a thread: proving one
/// move endless can take many seconds. Dropped (a new paste, an edit, the
/// editor closed) it tells the thread to stop.
#[derive(Debug)]
struct Reading {
    /// The position reached, or why a move was refused; nothing is sent
    /// when the replay was stopped.
    rx: Receiver<Result<Position, String>>,
    stop: Arc<AtomicBool>,
    /// Moves replayed so far (the one being replayed is the next).
    done: Arc<AtomicUsize>,
    /// The record's moves as written.
    moves: Vec<String>,
}

impl Drop for Reading {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
    }
}

/// Wakes the window when a thread of the editor ends, however it ends
/// (its answer sent, stopped, or panicked), so the answer shows at once.
struct Wake(Option<egui::Context>);

impl Drop for Wake {
    fn drop(&mut self) {
        if let Some(ctx) = &self.0 {
            ctx.request_repaint();
        }
    }
}

/// Replays a game record's moves from `start` ([`replay_moves`]): the
/// position after the last, or why a move was refused (naming it: number,
/// mover, text); `None` when `keep_going` said stop. `done` counts the
/// moves replayed.
fn replay_record(
    start: Position,
    moves: &[String],
    keep_going: impl FnMut() -> bool,
    done: &AtomicUsize,
) -> Option<Result<Position, String>> {
    match replay_moves(start, moves, keep_going, |n| {
        done.store(n, Ordering::Relaxed)
    }) {
        Ok(game) => Some(Ok(*game.current())),
        // In the words of the window's paste (the editor said it without
        // "of the pasted record").
        Err(LoadError::Failed(refused)) => Some(Err(refused.in_pasted_record())),
        Err(LoadError::Stopped) => None,
    }
}

/// Whether `line` begins with a position that reads (its tokens up to the
/// first that is none of a position's), as a game record's start.
fn record_start_reads(line: &str) -> bool {
    let start: Vec<&str> = line
        .split_whitespace()
        .take_while(|t| crate::engine::notation::is_position_token(t) && !t.contains(';'))
        .collect();
    !start.is_empty() && parse_setup(&start.join(" ")).is_ok()
}

/// "the record's 3 moves", "the record's one move".
fn record_moves(n: usize) -> String {
    if n == 1 {
        "the record's one move".into()
    } else {
        format!("the record's {n} moves")
    }
}

impl Editor {
    pub fn new(from: &Position, opened_on: (u64, usize), background: bool) -> Editor {
        let setup = Setup::from(from);
        Editor {
            opened_on,
            background,
            check: Check::of(&setup, background),
            opened_setup: setup.clone(),
            read_text: String::new(),
            asking: None,
            setup,
            undo: Vec::new(),
            redo: Vec::new(),
            selected: None,
            typed: String::new(),
            paste_text: String::new(),
            paste_error: None,
            paste_done: None,
            copied: None,
            note: None,
            typing_note: None,
            board_note: None,
            reading: None,
            repaint: None,
            typing_into: None,
            leaving: None,
            start_when_checked: None,
            resume_sowing: false,
            revision: fresh_revision(),
            en_gehe_holes: match from.variant() {
                Variant::EnGehe { holes } => holes,
                Variant::BaoLaKimasai => DEFAULT_EN_GEHE_HOLES,
            },
        }
    }

    /// How many times the setup has changed (see `revision`).
    pub fn revision(&self) -> u64 {
        self.revision
    }

    /// Whether leaving now would lose work: the setup differs from the one
    /// the editor was opened on (edits, a paste, typed counts; edits all
    /// undone are none), a pasted game record is being read onto the
    /// board, or text typed into Paste notation was never read.
    pub fn edited(&self) -> bool {
        self.setup != self.opened_setup || self.reading.is_some() || self.unread_text()
    }

    /// Whether the Paste notation field holds text no paste has read.
    fn unread_text(&self) -> bool {
        let text = one_line(&self.paste_text);
        !text.is_empty() && text != self.read_text
    }

    /// Asks "Discard the edited position?" for `why` if leaving would lose
    /// work ([`Editor::edited`]); returns whether it asks. A Play or
    /// Analyse waiting for the check is forgotten: leaving was asked for
    /// after it.
    pub fn ask_before_leaving(&mut self, why: DiscardAsked) -> bool {
        if !self.edited() {
            return false;
        }
        self.asking = Some(why);
        self.start_when_checked = None;
        true
    }

    /// The game under the editor was replaced by `identity` (a new game, a
    /// file or study opened): with work in the editor it stays open on it,
    /// now over the new game, and asks whether to leave (true); without,
    /// it is to close (false).
    pub fn stays_over_new_game(&mut self, identity: (u64, usize)) -> bool {
        if !self.ask_before_leaving(DiscardAsked::GameReplaced) {
            return false;
        }
        self.opened_on = identity;
        true
    }

    /// The check of the current setup.
    pub fn check(&self) -> &Check {
        &self.check
    }

    /// Collects a finished background check or record replay; returns
    /// whether one is still running.
    pub fn poll(&mut self) -> bool {
        let checking = self.check.poll();
        let reading = self.poll_reading();
        checking || reading
    }

    /// The record being replayed: moves replayed so far, and its moves.
    pub fn reading(&self) -> Option<(usize, &[String])> {
        self.reading
            .as_ref()
            .map(|r| (r.done.load(Ordering::Relaxed), r.moves.as_slice()))
    }

    /// Collects the replayed record's position, or why it was refused;
    /// returns whether it is still being replayed.
    fn poll_reading(&mut self) -> bool {
        let Some(r) = &self.reading else {
            return false;
        };
        let answer = match r.rx.try_recv() {
            Ok(answer) => answer,
            Err(TryRecvError::Empty) => return true,
            Err(TryRecvError::Disconnected) => {
                Err("replaying its moves failed unexpectedly".to_string())
            }
        };
        let n = r.moves.len();
        self.reading = None;
        self.record_read(answer, n);
        false
    }

    /// The Play or Analyse pressed during the check, once the check has
    /// finished (to be applied as pressed now).
    pub fn take_start_when_checked(&mut self) -> Option<EditorCommand> {
        if self.check.checking() || self.asking.is_some() {
            return None;
        }
        self.start_when_checked.take().map(|analyse| {
            if analyse {
                EditorCommand::Analyse
            } else {
                EditorCommand::Play
            }
        })
    }

    /// The variant the setup describes (the editor keeps its shape valid).
    pub fn variant(&self) -> Variant {
        self.setup
            .variant()
            .expect("the editor only holds setups with a board shape")
    }

    pub fn can_undo(&self) -> bool {
        !self.undo.is_empty()
    }
    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    /// The seeds in a hole.
    pub fn seeds(&self, hole: Hole) -> u64 {
        self.setup.row(hole.side)[hole.index]
    }

    /// The seeds in the selected hole or reserve pile.
    pub fn seeds_at(&self, at: Selection) -> u64 {
        match at {
            Selection::Hole(hole) => self.seeds(hole),
            Selection::Reserve(side) => self.setup.reserve[side.index()],
        }
    }

    /// Copies the position's notation to the clipboard, if the rules allow
    /// it (Copy notation, and the Game menu's copy in the editor); the
    /// panel then says it was copied.
    pub fn copy_notation(&mut self, ctx: &egui::Context) {
        if self.check().position.is_some() {
            let notation = self.setup.to_string();
            ctx.copy_text(notation.clone());
            self.copied = Some(notation);
        }
    }

    /// The command that gives the selected hole or pile `seeds`.
    pub fn set_at(at: Selection, seeds: u64) -> EditorCommand {
        match at {
            Selection::Hole(hole) => EditorCommand::Set { hole, seeds },
            Selection::Reserve(side) => EditorCommand::Reserve { side, seeds },
        }
    }

    /// Whether a click's `delta` on a hole or reserve pile changes
    /// nothing, said in the board's note: taking from an empty one, or
    /// adding to a full one. Said, as a drag from an empty hole is: a
    /// right-click that changes nothing looked like a click not taken.
    fn refuses_to_add(&mut self, at: Selection, delta: i64) -> bool {
        let have = self.seeds_at(at);
        let name = at.name(self.variant());
        if delta > 0 && have >= MAX_EDIT {
            self.board_note = Some(format!(
                "{name} is full: a position holds at most {} seeds.",
                group_digits(MAX_EDIT)
            ));
            true
        } else if delta < 0 && have == 0 {
            self.board_note = Some(format!("Nothing taken: {name} has no seeds."));
            true
        } else {
            false
        }
    }

    /// Changes the setup with `f`, keeping the old one for undo.
    fn edit(&mut self, f: impl FnOnce(&mut Setup)) {
        self.edit_typed(None, f);
    }

    /// An edit; `field` is the number field it types into, if any (a run
    /// of edits of one field is one step of undo).
    fn edit_typed(&mut self, field: Option<TypedField>, f: impl FnOnce(&mut Setup)) {
        let before = self.setup.clone();
        f(&mut self.setup);
        let same_field = field.is_some() && field == self.typing_into && !self.undo.is_empty();
        if !same_field {
            // A field's run starts with an edit that changed something:
            // only then is there an undo step of its own to continue.
            self.typing_into = None;
        }
        if self.setup != before {
            self.revision = fresh_revision();
            self.note = None;
            self.typing_note = None;
            if !same_field {
                self.undo.push(before);
                self.typing_into = field;
            }
            self.redo.clear();
            // A refused paste is old news once the board has changed, and
            // so is what a paste or copy did.
            self.paste_error = None;
            self.paste_done = None;
            self.recheck();
        }
    }

    fn recheck(&mut self) {
        // A record still being replayed was pasted onto the board before
        // this change: it would overwrite it.
        if self.reading.take().is_some() {
            self.paste_done =
                Some("Stopped reading the game record: the board was edited meanwhile.".into());
        }
        if self.check.setup != self.setup {
            // Another game's board: a selected hole would be another
            // hole there (Bao la Kimasai's o6 became En Gehé's South 11,
            // ringed and typed into though never clicked).
            if self.check.setup.game != self.setup.game {
                self.selected = None;
                self.typed.clear();
            }
            self.check = Check::of(&self.setup, self.background);
            self.start_when_checked = None;
        }
        let n = self.setup.south.len();
        let gone = match self.selected {
            Some(Selection::Hole(h)) => h.index >= n,
            // A change of game (to En Gehé) takes the piles away.
            Some(Selection::Reserve(_)) => self.setup.game != GameKind::BaoLaKimasai,
            None => false,
        };
        if gone {
            self.selected = None;
        }
    }

    /// Applies an editing command (leaving is handled by the app).
    pub fn apply(&mut self, command: EditorCommand) {
        use EditorCommand as C;
        // The answer to the question changes nothing else.
        if command == C::KeepEditing {
            self.asking = None;
            return;
        }
        // Remembered before any change, so that a switch to Bao la
        // Kimasai and back (or an undo, or a paste) returns to this size.
        if self.setup.game == GameKind::EnGehe
            && let Ok(holes) = u8::try_from(self.setup.south.len())
        {
            self.en_gehe_holes = holes;
        }
        // Only typing on into the same field continues its undo step.
        if !matches!(
            command,
            C::Set { .. }
                | C::Captured { .. }
                | C::Reserve { .. }
                | C::Variant(Variant::EnGehe { .. })
        ) {
            self.typing_into = None;
        }
        // What the last click or drag could not do is old news after the
        // next command (a click's selection of its hole is part of it).
        if !matches!(command, C::Select(_) | C::FieldDone) {
            self.board_note = None;
        }
        // Digits typed into a hole or pile make one number until anything
        // else is done (type_digit puts its own number back): after an
        // Undo, "3" made 53 of the 5 it took back.
        if command != C::FieldDone {
            self.typed.clear();
        }
        // No count ever goes over the one limit: a command that would
        // take one there is refused in words.
        if let C::Set { seeds, .. } | C::Captured { seeds, .. } | C::Reserve { seeds, .. } = command
            && seeds > MAX_EDIT
        {
            self.board_note = Some(format!("{}.", too_many(&seeds.to_string())));
            return;
        }
        match command {
            C::Open
            | C::Cancel
            | C::Discard
            | C::KeepEditing
            | C::Play
            | C::Analyse
            | C::FieldDone => {}
            C::Add { hole, delta } => {
                if self.refuses_to_add(Selection::Hole(hole), delta) {
                    return;
                }
                self.edit(|s| {
                    let c = &mut s.row_mut(hole.side)[hole.index];
                    *c = c.saturating_add_signed(delta).min(MAX_EDIT);
                });
            }
            C::AddReserve { side, delta } => {
                if self.refuses_to_add(Selection::Reserve(side), delta) {
                    return;
                }
                self.edit(|s| {
                    let c = &mut s.reserve[side.index()];
                    *c = c.saturating_add_signed(delta).min(MAX_EDIT);
                });
            }
            C::Set { hole, seeds } => self.edit_typed(Some(TypedField::Hole(hole)), |s| {
                s.row_mut(hole.side)[hole.index] = seeds
            }),
            C::Move { from, to, all } => self.move_seeds(from, to, all),
            C::Select(at) => {
                self.selected = at;
                self.typed.clear();
                // The digits' limit was about the typing just ended.
                self.typing_note = None;
            }
            C::Clear => self.edit(|s| {
                s.south.fill(0);
                s.north.fill(0);
                s.captured = [0, 0];
                s.reserve = [0, 0];
                s.opening = false;
            }),
            C::Turn(side) => self.edit(|s| s.turn = side),
            C::Captured { side, seeds } => self.edit_typed(Some(TypedField::Captured(side)), |s| {
                s.captured[side.index()] = seeds
            }),
            C::Reserve { side, seeds } => self.edit_typed(Some(TypedField::Reserve(side)), |s| {
                s.reserve[side.index()] = seeds
            }),
            C::Opening(on) => self.edit(|s| s.opening = on),
            C::Origin(rule) => self.edit(|s| s.origin = rule),
            // A new row length of En Gehé rows: a drag or typing of the
            // number is one step of undo, and the note counts what the
            // whole run cut (a drag from 15 to 3 said only its last
            // step's seeds, and one Undo gave back one hole).
            C::Variant(v @ Variant::EnGehe { .. }) if self.setup.game == GameKind::EnGehe => {
                self.edit_typed(Some(TypedField::RowLength), |s| *s = resized(s, v));
                if self.typing_into == Some(TypedField::RowLength)
                    && let Some(base) = self.undo.last()
                {
                    // All the run cut, also holes cut and then grown back
                    // empty (new holes are empty: what the rows lost).
                    let seeds = |s: &Setup| s.south.iter().chain(&s.north).sum::<u64>();
                    self.note = cut_note(seeds(base).saturating_sub(seeds(&self.setup)));
                }
            }
            C::Variant(v) => {
                let lost = dropped_by(&self.setup, v);
                self.edit(|s| *s = resized(s, v));
                if lost > 0 {
                    self.note = cut_note(lost);
                }
            }
            C::Paste(text) => {
                // Text typed into the field and not yet read is the user's
                // and is never written over.
                let field_free = self.paste_text.trim().is_empty() || !self.unread_text();
                self.paste(&text);
                if field_free {
                    self.keep_refused_text();
                }
            }
            C::StopReading => {
                if let Some((done, moves)) = self.reading() {
                    self.paste_done = Some(format!(
                        "Stopped reading the game record at move {} of {}; the board is unchanged.",
                        (done + 1).min(moves.len()),
                        moves.len()
                    ));
                    self.reading = None;
                }
            }
            C::Undo => {
                // A note on the last change goes with it, and so does what
                // a paste did ("… (Ctrl+Z takes it back)" stayed after it).
                self.note = None;
                if let Some(prev) = self.undo.pop() {
                    self.paste_done = None;
                    self.revision = fresh_revision();
                    self.redo.push(std::mem::replace(&mut self.setup, prev));
                    self.recheck();
                }
            }
            C::Redo => {
                self.note = None;
                if let Some(next) = self.redo.pop() {
                    self.paste_done = None;
                    self.revision = fresh_revision();
                    // A redone cut of the rows says again what it drops.
                    let lost = match next.variant() {
                        Ok(v @ Variant::EnGehe { .. }) => dropped_by(&self.setup, v),
                        _ => 0,
                    };
                    self.undo.push(std::mem::replace(&mut self.setup, next));
                    self.note = cut_note(lost);
                    self.recheck();
                }
            }
        }
    }

    /// Moves one seed, or all of them, from one hole or pile to another;
    /// a move that cannot be made (nothing to move, or more than the
    /// target may hold) changes nothing and is said under the board.
    fn move_seeds(&mut self, from: Selection, to: Selection, all: bool) {
        if from == to {
            return;
        }
        let variant = self.variant();
        let have = self.seeds_at(from);
        if have == 0 {
            self.board_note = Some(format!(
                "Nothing moved: {} has no seeds.",
                from.name(variant)
            ));
            return;
        }
        let moved = if all { have } else { 1 };
        let there = self.seeds_at(to).saturating_add(moved);
        if there > MAX_EDIT {
            let most = group_digits(MAX_EDIT);
            self.board_note = Some(if moved == 1 {
                format!(
                    "Nothing moved: {} is full; a position holds at most {most} seeds.",
                    to.name(variant)
                )
            } else {
                format!(
                    "Nothing moved: the {} seeds of {} would make {} hold {}; \
                     a position holds at most {most} seeds.",
                    group_digits(moved),
                    from.name(variant),
                    to.name(variant),
                    group_digits(there)
                )
            });
            return;
        }
        self.edit(|s| {
            *seeds_at(s, from) -= moved;
            *seeds_at(s, to) += moved;
        });
    }

    /// Reads a position in RULES.md notation, or a game record (the
    /// window's Copy game record: a position, then its moves), into the
    /// editor. A record sets up the position after its last move; its
    /// moves are replayed on a thread in the window (see [`Reading`]). A
    /// string the board cannot show (rows of the wrong length) or that
    /// does not parse is refused with the reason; rule problems of a
    /// position are listed like any edit's.
    fn paste(&mut self, text: &str) {
        let line = one_line(text);
        // Read, whatever comes of it: this text is no longer unread.
        self.read_text = line.clone();
        if line.is_empty() {
            self.refuse_paste(
                "the text is empty; a position looks like \
                 `en-gehe south=4,4,4 north=4,4,4 captured=0,0 turn=south`, \
                 and a game record is one followed by its moves"
                    .into(),
            );
            return;
        }
        let setup = match parse_setup(&line) {
            Ok(setup) => setup,
            Err(e) => {
                // Not a position: perhaps a position followed by moves.
                match split_record(&line) {
                    Ok((position, moves))
                        if !moves.is_empty() && parse_setup(&position).is_ok() =>
                    {
                        let moves = moves.into_iter().map(str::to_string).collect();
                        self.read_record(&position, moves);
                    }
                    // A position, then moves, then a token of a
                    // position again: the record's own fault says where
                    // ("`turn=north`: stands after move 1 of the record"),
                    // where the position's said only "`1`: unknown token".
                    Err(record) if record_start_reads(&line) => {
                        self.refuse_paste(record.to_string())
                    }
                    _ => self.refuse_paste(e.to_string()),
                }
                return;
            }
        };
        if let Err(e) = setup.variant() {
            self.refuse_paste(e.to_string());
            return;
        }
        // A paste replaces a record still being read.
        self.reading = None;
        self.paste_error = None;
        self.selected = None;
        let same = setup == self.setup;
        self.edit(|s| *s = setup);
        self.paste_done = Some(if same {
            "Read the position: it is the one already on the board.".into()
        } else {
            "Read the position onto the board (Ctrl+Z takes it back).".into()
        });
    }

    /// A refused paste from the clipboard leaves its text in the paste
    /// field, to be mended there: the field was ringed red, but empty, and
    /// a long 2×50 string had to be put right elsewhere.
    fn keep_refused_text(&mut self) {
        if self.paste_error.is_some()
            && !self.read_text.is_empty()
            && one_line(&self.paste_text) != self.read_text
        {
            self.paste_text = self.read_text.clone();
        }
    }

    fn refuse_paste(&mut self, why: String) {
        self.paste_done = None;
        self.paste_error = Some(format!("Cannot read that position: {why}"));
    }

    /// Replays a pasted game record from its start position (valid, or it
    /// is refused): at once in tests, on a thread in the window.
    fn read_record(&mut self, position: &str, moves: Vec<String>) {
        let start = match parse_position(position) {
            Ok(start) => start,
            Err(e) => {
                self.paste_done = None;
                self.paste_error = Some(format!(
                    "Cannot read that game record: its start position breaks the rules: {e}"
                ));
                return;
            }
        };
        self.paste_error = None;
        self.paste_done = None;
        let n = moves.len();
        if !self.background {
            let answer = replay_record(start, &moves, || true, &AtomicUsize::new(0))
                .expect("never asked to stop");
            self.record_read(answer, n);
            return;
        }
        let (tx, rx) = channel();
        let stop = Arc::new(AtomicBool::new(false));
        let done = Arc::new(AtomicUsize::new(0));
        let reading = Reading {
            rx,
            stop: Arc::clone(&stop),
            done: Arc::clone(&done),
            moves: moves.clone(),
        };
        let wake = Wake(self.repaint.clone());
        let spawned = std::thread::Builder::new()
            .name("editor-record".into())
            .spawn(move || {
                crate::priority::as_worker();
                let _wake = wake;
                let keep_going = || !stop.load(Ordering::Relaxed);
                if let Some(answer) = replay_record(start, &moves, keep_going, &done) {
                    // Nobody waits if the reading was stopped meanwhile.
                    let _ = tx.send(answer);
                }
            });
        match spawned {
            // (Replaces a record still being read, which stops.)
            Ok(_) => self.reading = Some(reading),
            Err(e) => {
                self.paste_error = Some(format!(
                    "Cannot read that game record: cannot start replaying its moves: {e}"
                ))
            }
        }
    }

    /// Sets up the position a pasted record of `n` moves reached, or says
    /// which move was refused and why.
    fn record_read(&mut self, answer: Result<Position, String>, n: usize) {
        match answer {
            Ok(pos) => {
                let setup = Setup::from(&pos);
                self.paste_error = None;
                self.selected = None;
                let same = setup == self.setup;
                self.edit(|s| *s = setup);
                let after = record_moves(n);
                self.paste_done = Some(if same {
                    format!(
                        "Read the game record: the position after {after} is the one already on the board."
                    )
                } else {
                    format!(
                        "Read the game record: the position after {after} is on the board \
                         (Ctrl+Z takes it back)."
                    )
                });
            }
            Err(why) => {
                self.paste_done = None;
                self.paste_error = Some(format!("Cannot read that game record: {why}"));
                if self.paste_text.trim().is_empty() {
                    self.keep_refused_text();
                }
            }
        }
    }

    /// A digit typed while a hole or pile is selected: the typed number
    /// becomes its count. A digit that would take it past [`MAX_EDIT`] is
    /// refused in words, beside the typing.
    pub fn type_digit(&mut self, digit: char) {
        let Some(at) = self.selected else { return };
        if !digit.is_ascii_digit() {
            return;
        }
        // A leading 0 is no digit of the number.
        if self.typed == "0" {
            self.typed.clear();
        }
        let wanted = format!("{}{digit}", self.typed);
        let seeds: u64 = wanted.parse().unwrap_or(u64::MAX);
        if seeds > MAX_EDIT {
            self.typing_note = Some(format!("{}; Backspace corrects.", too_many(&wanted)));
            return;
        }
        self.typing_note = None;
        self.apply(Self::set_at(at, seeds));
        self.typed = wanted;
    }

    /// Backspace while typing into a hole or pile: the last digit of the
    /// number typed, or, with none typed yet, of the count shown (it set
    /// the count to 0 whatever it was: 124 became 0, not 12).
    pub fn backspace(&mut self) {
        let Some(at) = self.selected else { return };
        let mut typed = if self.typed.is_empty() {
            self.seeds_at(at).to_string()
        } else {
            self.typed.clone()
        };
        typed.pop();
        self.typing_note = None;
        let seeds = typed.parse().unwrap_or(0);
        self.apply(Self::set_at(at, seeds));
        self.typed = typed;
    }

    /// What the board's last click, drag or typed digit could not do, said
    /// under the board (beside the typing, or in place of the check's
    /// summary).
    pub fn board_note(&self) -> Option<&str> {
        self.typing_note.as_deref().or(self.board_note.as_deref())
    }
}

/// Text with its runs of blanks and line breaks as one blank.
fn one_line(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// What shortened rows dropped, said (nothing when they dropped nothing).
fn cut_note(lost: u64) -> Option<String> {
    (lost > 0).then(|| {
        format!(
            "Shorter rows: {} in the holes cut off went with them (Undo brings them back).",
            crate::engine::count_word(lost as usize, "seed")
        )
    })
}

/// The En Gehé rows the editor sets up when nothing says which.
const DEFAULT_EN_GEHE_HOLES: u8 = 10;

/// Seeds that [`resized`] drops: those in the holes cut off when En Gehé
/// rows get shorter.
fn dropped_by(s: &Setup, v: Variant) -> u64 {
    match (s.game, v) {
        (GameKind::EnGehe, Variant::EnGehe { holes }) => [&s.south, &s.north]
            .iter()
            .map(|row| row.iter().skip(holes as usize).sum::<u64>())
            .sum(),
        _ => 0,
    }
}

/// The setup after a change of game or board size.
fn resized(s: &Setup, v: Variant) -> Setup {
    match (s.game, v) {
        (GameKind::EnGehe, Variant::EnGehe { holes }) => {
            let mut out = s.clone();
            out.south.resize(holes as usize, 0);
            out.north.resize(holes as usize, 0);
            out
        }
        (GameKind::BaoLaKimasai, Variant::BaoLaKimasai) => s.clone(),
        (_, Variant::EnGehe { holes }) => Setup::start(&GameOptions::en_gehe(holes)),
        (_, Variant::BaoLaKimasai) => Setup::start(&GameOptions::bao_la_kimasai()),
    }
}

/// A side's tempo (RULES.md, En Gehé only): Σ seeds(h)·(N−h) over its row,
/// for boards that are not (yet) a [`Position`]: the editor's setup and the
/// visualiser's boards between seeds. Equal to [`Position::tempo`].
pub fn row_tempo(row: impl IntoIterator<Item = u64>, holes: usize) -> u64 {
    row.into_iter()
        .enumerate()
        .map(|(i, c)| c * (holes - 1 - i) as u64)
        .sum()
}

/// The words for a side's tempo beside its row: its count and how far it
/// is behind or ahead of the other side.
pub fn tempo_words(name: &str, own: u64, other: u64) -> (String, String) {
    // Grouped as the editor's counts are (an edited board's tempo runs
    // into the millions).
    let [standing, ..] = tempo_standings(name, own, other);
    (
        format!("tempo {}", crate::engine::group_digits(own)),
        standing,
    )
}

/// How far a side is behind or ahead of the other in tempo, whole
/// ("North's tempo deficit 2"), in fewest words ("deficit 2", for a line
/// too short for the whole: cut by words, "(North's…)" kept nothing of
/// it) and signed ("−2").
pub fn tempo_standings(name: &str, own: u64, other: u64) -> [String; 3] {
    let group = crate::engine::group_digits;
    match own.cmp(&other) {
        std::cmp::Ordering::Equal => ["tempo level".into(), "level".into(), "level".into()],
        std::cmp::Ordering::Less => {
            let d = group(other - own);
            [
                format!("{} tempo deficit {d}", crate::engine::possessive(name)),
                format!("deficit {d}"),
                format!("\u{2212}{d}"),
            ]
        }
        std::cmp::Ordering::Greater => {
            let d = group(own - other);
            [
                format!("{name} ahead by {d} in tempo"),
                format!("ahead by {d}"),
                format!("+{d}"),
            ]
        }
    }
}

/// Hover text explaining tempo.
pub const TEMPO_HELP: &str = "Tempo: Σ seeds × holes each could still move forward before \
     leaving its row. The deficit is the other side's tempo minus this side's.";

/// Whether a drag that ends in this frame moves all the seeds: Ctrl (⌘)
/// held as the button was let go. The frame's own modifiers may already
/// say Ctrl is up when its release came in the same frame, after the
/// button's (a quick hand, a slow frame), and the drag that said "all
/// seeds" up to the end moved one.
pub fn drop_moves_all(input: &egui::InputState) -> bool {
    input
        .events
        .iter()
        .rev()
        .find_map(|e| match e {
            egui::Event::PointerButton {
                button: egui::PointerButton::Primary,
                pressed: false,
                modifiers,
                ..
            } => Some(modifiers.command),
            _ => None,
        })
        .unwrap_or(input.modifiers.command)
}

/// Why Copy notation is greyed.
pub const COPY_REFUSED: &str = "Copies only a legal position: mend the problems listed below first";

/// Why the Game menu's diagram export is greyed in the editor.
pub const DRAW_REFUSED: &str =
    "Draws only a legal position: mend the problems the editor lists first";

/// The hint line under the editor's board, for `variant` (En Gehé has
/// no reserve piles to drag to).
pub fn hint(variant: Variant) -> String {
    let target = if variant.is_en_gehe() {
        "another hole"
    } else {
        "another hole or reserve pile"
    };
    format!(
        "Click a hole: +1 seed · Shift+click or right-click: −1 · click then type digits: \
         set its count (Backspace edits, Enter or Esc ends) · drag to {target}: move one seed \
         (Ctrl+drag: all of them) · Ctrl+Z / Ctrl+Shift+Z: undo / redo"
    )
}

/// A typed seed count (0 to `MAX_EDIT`) labelled by `label` for screen
/// readers and tests; true when the user changed it.
///
/// Typed text that is no seed count (letters, a fraction, a sign, more than
/// `MAX_EDIT`) is refused: the field is ringed and the note returned (said
/// under the panel's fields), which stays until a count is typed; the field
/// keeps its count rather than silently turning the text into another one
/// (egui's own parser clamps and rounds).
/// The hint under the selected hole's row: what typing does, or how to
/// select. As high as the taller of the two at this width (the longer one
/// wrapped onto a second line in a narrow panel, and everything under it
/// moved as a hole was selected).
fn hint_line(ui: &mut egui::Ui, variant: Variant, selected: bool) {
    let unselected = if variant.is_en_gehe() {
        "Click a hole to select it, then type its count."
    } else {
        "Click a hole or a reserve pile to select it, then type its count."
    };
    let texts = ["Type digits to set its count.", unselected];
    let width = ui.available_width();
    let height = texts
        .iter()
        .map(|t| super::wrapped_size(ui, egui::RichText::new(*t).weak(), width).y)
        .fold(0.0, f32::max);
    ui.scope(|ui| {
        ui.set_min_height(height);
        ui.weak(texts[usize::from(!selected)]);
    });
}

/// A count field: whether it changed, whether its entry or drag is over
/// (see [`field_done`]), and its note.
fn count_field(
    ui: &mut egui::Ui,
    v: &mut u64,
    label: egui::Id,
    revision: u64,
) -> (bool, bool, Option<String>) {
    let (resp, note) = noted_field(ui, v, 0..=MAX_EDIT, label, revision, |text| {
        typed_seed_count(text).map(|n| n as f64)
    });
    (resp.changed(), field_done(&resp), note)
}

/// Whether a number field's entry (typed and taken with Enter or by
/// leaving the field) or drag is over: a drag's many changes are one step
/// of undo, each entry one of its own (two entries, 5 and then 7, were
/// undone together).
fn field_done(resp: &egui::Response) -> bool {
    // Gaining the focus ends the run before it too: digits typed on the
    // board into the selected hole, then a number entered in its field,
    // were one step.
    resp.drag_stopped()
        || resp.gained_focus()
        || resp.lost_focus()
        || (resp.changed() && !resp.dragged())
}

/// A number field labelled by `label` whose typed text `parse` reads: text
/// it refuses keeps the field's value, rings the field and gives the note
/// returned (for the caller to have said with the panel's messages), until
/// a number it takes is typed, the value changes otherwise (a paste, an
/// undo) or anything else of the setup is edited (its `revision` moves
/// on). A typed number counts once it is whole (Enter or leaving the
/// field), not digit by digit into the undo history.
fn noted_field<T: egui::emath::Numeric>(
    ui: &mut egui::Ui,
    v: &mut T,
    range: std::ops::RangeInclusive<T>,
    label: egui::Id,
    revision: u64,
    parse: impl Fn(&str) -> Result<f64, String>,
) -> (egui::Response, Option<String>) {
    let refused_at = v.to_f64();
    let verdict: std::cell::Cell<Option<Result<(), String>>> = std::cell::Cell::new(None);
    let resp = ui
        .add(
            egui::DragValue::new(v)
                .range(range)
                .clamp_existing_to_range(false)
                .update_while_editing(false)
                .custom_parser(|text| match parse(text) {
                    Ok(n) => {
                        verdict.set(Some(Ok(())));
                        Some(n)
                    }
                    Err(why) => {
                        verdict.set(Some(Err(why)));
                        None
                    }
                }),
        )
        .labelled_by(label);
    let note_id = resp.id.with("refused");
    match verdict.take() {
        Some(Err(why)) => ui.data_mut(|d| {
            d.insert_temp(note_id, (why, refused_at, revision));
        }),
        Some(Ok(())) => ui.data_mut(|d| d.remove::<(String, f64, u64)>(note_id)),
        None => {}
    }
    let note = ui
        .data(|d| d.get_temp::<(String, f64, u64)>(note_id))
        .filter(|(_, at, rev)| *at == v.to_f64() && *rev == revision)
        .map(|(why, _, _)| why);
    if note.is_some() {
        super::ring_at_fault(ui, resp.rect);
    }
    (resp, note)
}

/// A row length typed into Holes per row: digits only, MIN_HOLES to
/// MAX_HOLES; otherwise what is wrong, quoting it (it was clamped in
/// silence: 99 became 64, 2 became 3).
pub fn typed_row_length(text: &str) -> Result<f64, String> {
    let digits: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    match digits.parse::<usize>() {
        Ok(n) if (MIN_HOLES..=MAX_HOLES).contains(&n) => Ok(n as f64),
        _ => Err(format!(
            "“{}” is not a row length: type a number of holes from {MIN_HOLES} to {MAX_HOLES}",
            text.trim()
        )),
    }
}

/// A count typed into a field: digits only (blanks ignored, as egui does),
/// 0 to `MAX_EDIT`; otherwise what is wrong with it, quoting it.
pub fn typed_seed_count(text: &str) -> Result<u64, String> {
    let digits: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    let most = crate::engine::group_digits(MAX_EDIT);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(format!(
            "“{}” is not a seed count: type a whole number from 0 to {most}",
            text.trim()
        ));
    }
    match digits.parse::<u64>() {
        Ok(n) if n <= MAX_EDIT => Ok(n),
        // Leading zeros are no digits of the number ("070001" is 70,001).
        _ => Err(too_many(match digits.trim_start_matches('0') {
            "" => "0",
            rest => rest,
        })),
    }
}

/// A row of one count per side (captured seeds, reserves), each labelled
/// with its side; returns the side whose count was changed and its new
/// count. A refused count's note goes to `notes`, with the row's title
/// and the side.
fn side_counts(
    ui: &mut egui::Ui,
    title: &str,
    counts: [u64; 2],
    revision: u64,
    notes: &mut Vec<Message>,
) -> (Option<(Side, u64)>, bool) {
    let mut changed = None;
    let mut done = false;
    ui.horizontal(|ui| {
        ui.label(format!("{title}:"));
        for side in Side::BOTH {
            let l = ui.label(side.title());
            let mut v = counts[side.index()];
            let (edited, ended, note) = count_field(ui, &mut v, l.id, revision);
            if edited {
                changed = Some((side, v));
            }
            done |= ended;
            if let Some(n) = note {
                notes.push(Message::Problem(format!("{title}, {}: {n}", side.title())));
            }
        }
    });
    (changed, done)
}

/// A line said under the panel's fields: a field's refusal or a paste's
/// (in the error colour), a warning, or what a paste did.
enum Message {
    Problem(String),
    Warning(String),
    Done(String),
}

/// The editor's side panel: game and size, side to move, captured counts or
/// reserves, the selected hole, paste, the live notation (scrolled), and
/// under them, held at the panel's foot, every message and problem and the
/// buttons that leave.
///
/// Nothing that comes and goes lies above a control: a line inserted under
/// a field as its problem came moved every control below it (70 typed in
/// Holes per row, and the click meant for Captured turned To move to
/// North). The fields at fault are ringed; their problems, a paste's
/// answer, the check's findings and the reading of a record are said
/// over Play from here, which is held at the foot of the panel: they
/// grow upwards, over the scrolled fields' lower edge, and move nothing.
pub fn editor_panel(ui: &mut egui::Ui, ed: &mut Editor, names: &[String; 2]) -> Vec<AppCommand> {
    let mut out = Vec::new();
    let mut cmd = |c: EditorCommand| out.push(AppCommand::Editor(c));
    let variant = ed.variant();
    let s = ed.setup.clone();
    // A thread of the editor wakes the window when it ends.
    if ed.repaint.is_none() {
        ed.repaint = Some(ui.ctx().clone());
    }
    let mut messages = Vec::new();
    // The foot's height as last drawn: the fields scroll in what is left.
    let full = ui.available_rect_before_wrap();
    let foot_id = ui.scope_id().with("editor-foot-height");
    let foot_height: f32 = ui.data(|d| d.get_temp(foot_id)).unwrap_or(0.0);
    let fields_rect = egui::Rect::from_min_max(
        full.min,
        egui::pos2(
            full.max.x,
            (full.max.y - foot_height - ui.spacing().item_spacing.y).max(full.min.y),
        ),
    );
    let mut fields = ui.new_child(
        egui::UiBuilder::new()
            .id_salt("editor-fields")
            .max_rect(fields_rect)
            .layout(egui::Layout::top_down(egui::Align::Min)),
    );
    // A solid scroll bar, seen without hovering: where the foot's
    // messages cover the fields' lower edge (a cramped window), Copy
    // notation lay below it with nothing to say there was more to scroll to.
    fields.spacing_mut().scroll = egui::style::ScrollStyle::solid();
    egui::ScrollArea::vertical().show(&mut fields, |ui| {
        ui.heading("Position editor");
        ui.weak("Set up a position, then play or analyse it.");
        ui.separator();

        ui.horizontal(|ui| {
            ui.label("Game:");
            if ui
                .radio(variant.is_en_gehe(), "En Gehé")
                .on_hover_text("Switch to an En Gehé start position")
                .clicked()
                && !variant.is_en_gehe()
            {
                cmd(EditorCommand::Variant(Variant::EnGehe {
                    holes: ed.en_gehe_holes,
                }));
            }
            if ui
                .radio(!variant.is_en_gehe(), "Bao la Kimasai")
                .on_hover_text("Switch to a Bao la Kimasai start position")
                .clicked()
                && variant.is_en_gehe()
            {
                cmd(EditorCommand::Variant(Variant::BaoLaKimasai));
            }
        });
        if let Variant::EnGehe { holes } = variant {
            let note = ui
                .horizontal(|ui| {
                    let l = ui.label("Holes per row:");
                    let mut n = holes;
                    // Typing 40 must not first cut the rows to 4 holes (and
                    // lose the seeds beyond): the size counts once the
                    // number is whole.
                    let (resp, note) = noted_field(
                        ui,
                        &mut n,
                        MIN_HOLES as u8..=MAX_HOLES as u8,
                        l.id,
                        ed.revision(),
                        typed_row_length,
                    );
                    let resp = resp.on_hover_text(
                        "Longer rows get empty holes at the end; shorter rows lose their last holes",
                    );
                    if resp.changed() {
                        cmd(EditorCommand::Variant(Variant::EnGehe { holes: n }));
                    }
                    if field_done(&resp) {
                        cmd(EditorCommand::FieldDone);
                    }
                    note
                })
                .inner;
            if let Some(note) = note {
                messages.push(Message::Problem(format!("Holes per row: {note}")));
            }
            if let Some(note) = ed.note.as_deref() {
                messages.push(Message::Warning(note.to_string()));
            }
        }
        // Wrapped: two long team names side by side ran past the panel's
        // edge, and the fields under it widened with them.
        ui.horizontal_wrapped(|ui| {
            ui.label("To move:");
            for side in Side::BOTH {
                if ui
                    .radio(s.turn == side, names[side.index()].as_str())
                    .clicked()
                {
                    cmd(EditorCommand::Turn(side));
                }
            }
        });
        match variant {
            Variant::EnGehe { .. } => {
                let (changed, done) =
                    side_counts(ui, "Captured", s.captured, ed.revision(), &mut messages);
                if let Some((side, seeds)) = changed {
                    cmd(EditorCommand::Captured { side, seeds });
                }
                if done {
                    cmd(EditorCommand::FieldDone);
                }
            }
            Variant::BaoLaKimasai => {
                let (changed, done) =
                    side_counts(ui, "Reserves", s.reserve, ed.revision(), &mut messages);
                if let Some((side, seeds)) = changed {
                    cmd(EditorCommand::Reserve { side, seeds });
                }
                if done {
                    cmd(EditorCommand::FieldDone);
                }
                let mut opening = s.opening;
                if ui
                    .checkbox(&mut opening, "Opening: the next move is the game's first")
                    .on_hover_text("The very first move of the game adds no reserve seed")
                    .changed()
                {
                    cmd(EditorCommand::Opening(opening));
                }
            }
        }
        // A rule option of the position (`origin=skip` in the notation).
        let mut skip = s.origin == OriginRule::Skip;
        if ui
            .checkbox(&mut skip, "Long laps: skip the starting hole (origin=skip)")
            .on_hover_text(
                "The origin option: a lap of more seeds than the track has holes passes \
                 its starting hole without dropping a seed there (origin=skip)",
            )
            .changed()
        {
            cmd(EditorCommand::Origin(if skip {
                OriginRule::Skip
            } else {
                OriginRule::SowInto
            }));
        }
        ui.horizontal(|ui| {
            if ui
                .button("Empty board")
                .on_hover_text("Every hole, captured count and reserve to 0")
                .clicked()
            {
                cmd(EditorCommand::Clear);
            }
            if ui
                .add_enabled(ed.can_undo(), egui::Button::new("Undo"))
                .on_hover_text("Ctrl+Z")
                .clicked()
            {
                cmd(EditorCommand::Undo);
            }
            if ui
                .add_enabled(ed.can_redo(), egui::Button::new("Redo"))
                .on_hover_text("Ctrl+Shift+Z")
                .clicked()
            {
                cmd(EditorCommand::Redo);
            }
        });
        ui.separator();

        // "Selected: North reserve", its field, the unit and Done: on one
        // row where the longest of them fits the panel, else the name on a
        // row of its own (Done was cut off in a narrow panel). Decided by
        // the width alone, and the same rows whether or not a hole is
        // selected, so nothing below moves as one is.
        let spacing = ui.spacing().item_spacing.x;
        let button_pad = 2.0 * ui.spacing().button_padding.x;
        let longest = super::text_width(ui, "Selected: North reserve")
            + ui.spacing().interact_size.x
            + super::text_width(ui, "seeds")
            + super::text_width(ui, "Done")
            + button_pad
            + 3.0 * spacing;
        let one_row = ui.available_width() >= longest;
        let name = ed.selected.map(|at| at.name(variant));
        let title = match &name {
            Some(name) => format!("Selected: {name}"),
            None => "Selected: no hole".to_string(),
        };
        // (`label`: the title drawn on a row above; else it starts this one.)
        let mut count_row = |ui: &mut egui::Ui, label: Option<egui::Id>| {
            let label = label.unwrap_or_else(|| ui.label(&title).id);
            match ed.selected {
                Some(at) => {
                    let mut v = ed.seeds_at(at);
                    let (edited, done, note) = count_field(ui, &mut v, label, ed.revision());
                    if edited {
                        cmd(Editor::set_at(at, v));
                    }
                    if done {
                        cmd(EditorCommand::FieldDone);
                    }
                    if let Some(note) = note {
                        let name = name.as_deref().unwrap_or_default();
                        messages.push(Message::Problem(format!("{name}: {note}")));
                    }
                    ui.label(if v == 1 { "seed" } else { "seeds" });
                    if ui.small_button("Done").clicked() {
                        cmd(EditorCommand::Select(None));
                    }
                }
                // The same row, greyed: as high as the selected one's.
                None => {
                    ui.add_enabled(false, egui::DragValue::new(&mut 0u64))
                        .labelled_by(label);
                    ui.add_enabled(false, egui::Label::new("seeds"));
                    ui.add_enabled(false, egui::Button::new("Done").small());
                }
            }
        };
        if one_row {
            ui.horizontal(|ui| count_row(ui, None));
        } else {
            let l = ui.label(&title);
            ui.horizontal(|ui| count_row(ui, Some(l.id)));
        }
        hint_line(ui, variant, ed.selected.is_some());
        ui.separator();

        let label = ui.strong("Paste notation");
        let example = if variant.is_en_gehe() {
            "en-gehe south=… north=… captured=0,0 turn=south"
        } else {
            "bao-la-kimasai south=… north=… reserve=24,24 turn=south opening=yes"
        };
        // A long game record scrolls within six lines rather than push
        // the panel's buttons and problems out of sight.
        let rows = 6.0;
        let most = rows * ui.text_style_height(&egui::TextStyle::Monospace)
            + 2.0 * ui.spacing().button_padding.y
            + ui.spacing().item_spacing.y;
        let field = egui::TextEdit::multiline(&mut ed.paste_text)
            .id_salt("editor-paste")
            .hint_text(example)
            .desired_rows(2)
            .desired_width(f32::INFINITY)
            .font(egui::TextStyle::Monospace)
            // A position is one line: Enter uses the text, as the button
            // does (Shift+Enter still breaks a line).
            .return_key(egui::KeyboardShortcut::new(
                egui::Modifiers::SHIFT,
                egui::Key::Enter,
            ));
        let scrolled = egui::ScrollArea::vertical()
            .id_salt("editor-paste-scroll")
            .max_height(most)
            .show(ui, |ui| ui.add(field));
        // The part of the field in sight (a long record runs past it; the
        // scrolling room alone is six lines tall, the field less).
        let field_rect = scrolled.inner.rect.intersect(scrolled.inner_rect);
        let pasted = scrolled
            .inner
            .labelled_by(label.id)
            .on_hover_text(
                "A position, or a game record (a position followed by its moves, as Copy game \
                 record gives it): a record sets up the position after its last move",
            );
        let enter = pasted.has_focus()
            && ui.input(|i| i.key_pressed(egui::Key::Enter) && !i.modifiers.shift);
        // An error about text since changed no longer holds.
        if pasted.changed() {
            ed.paste_error = None;
        }
        if ed.paste_error.is_some() {
            super::ring_at_fault(ui, field_rect);
        }
        ui.horizontal(|ui| {
            if ui
                .add_enabled(
                    !ed.paste_text.trim().is_empty(),
                    egui::Button::new("Use this text"),
                )
                .clicked()
                || (enter && !ed.paste_text.trim().is_empty())
            {
                cmd(EditorCommand::Paste(ed.paste_text.clone()));
            }
            if ui
                .button("Paste from clipboard")
                .on_hover_text("Ctrl+V on the board does the same")
                .clicked()
            {
                match super::files_ui::clipboard_text() {
                    Ok(text) => cmd(EditorCommand::Paste(text)),
                    Err(problem) => ed.paste_error = Some(problem),
                }
            }
        });
        if let Some(e) = &ed.paste_error {
            messages.push(Message::Problem(e.clone()));
        } else if let Some(done) = &ed.paste_done {
            messages.push(Message::Done(done.clone()));
        }
        ui.separator();

        let label = ui.strong("Notation of this position");
        let notation = s.to_string();
        let mut shown = notation.clone();
        ui.add(
            egui::TextEdit::multiline(&mut shown)
                .id_salt("editor-notation")
                .desired_rows(2)
                .desired_width(f32::INFINITY)
                .font(egui::TextStyle::Monospace),
        )
        .labelled_by(label.id)
        .on_hover_text(
            "Select and copy, or press Copy notation; edits here are not read (use Paste notation)",
        );
        // Only a position the rules allow is copied: its text opens as a
        // game (Paste, `play`, a file), not only here.
        let legal = ed.check().position.is_some();
        ui.horizontal_wrapped(|ui| {
            if ui
                .add_enabled(legal, egui::Button::new("Copy notation"))
                .on_hover_text("Copy this position's notation to the clipboard")
                .on_disabled_hover_text(COPY_REFUSED)
                .clicked()
            {
                ed.copy_notation(ui.ctx());
            }
            if !legal {
                ui.weak(COPY_REFUSED);
            } else if ed.copied.as_ref() == Some(&notation) {
                // Said while the position is the one copied.
                ui.label("Copied to the clipboard.");
            }
        });
    });

    // The foot, drawn from the panel's bottom edge up: Play from here and
    // its fellows, then what is being done, then the messages and the
    // check's findings (kept to part of the panel, scrolled beyond).
    let mut foot = ui.new_child(
        egui::UiBuilder::new()
            .id_salt("editor-foot")
            .max_rect(full)
            .layout(egui::Layout::bottom_up(egui::Align::Min)),
    );
    // While the game-over check runs a press is kept and goes ahead
    // once it finds nothing (see `start_when_checked`).
    let check = ed.check();
    let playable = check.startable();
    let reason = "Not while the position has problems (listed above)";
    // At the panel's right edge, which stays put: the panel widens when a
    // smaller board leaves it room (a paste, Holes per row), and buttons
    // at its left edge moved from under the pointer. (Laid out left to
    // right, so that Tab still meets them in reading order.)
    let labels = ["Play from here", "Analyse", "Cancel"];
    let row_width = labels
        .iter()
        .map(|&text| super::button_width_for(&foot, &[text]))
        .sum::<f32>()
        + (labels.len() - 1) as f32 * foot.spacing().item_spacing.x;
    foot.horizontal(|ui| {
        ui.add_space((ui.available_width() - row_width).max(0.0));
        let play = ui
            .add_enabled(playable, egui::Button::new(labels[0]))
            .on_hover_text("Start a game from this position, players as set")
            .on_disabled_hover_text(reason);
        if play.clicked() {
            cmd(EditorCommand::Play);
        }
        let analyse = ui
            .add_enabled(playable, egui::Button::new(labels[1]))
            .on_hover_text("Start from this position and open the council of advisors")
            .on_disabled_hover_text(reason);
        if analyse.clicked() {
            cmd(EditorCommand::Analyse);
        }
        if ui
            .button(labels[2])
            .on_hover_text("Back to the game, unchanged (asks first if the position was edited)")
            .clicked()
        {
            cmd(EditorCommand::Cancel);
        }
    });
    if let Some((done, moves)) = ed.reading() {
        // Replaying a pasted record: a long move may take many seconds.
        let n = moves.len();
        let at = done.min(n - 1);
        foot.horizontal_wrapped(|ui| {
            super::busy::spinner(ui);
            ui.label(format!(
                "Reading the game record: move {} of {n} (`{}`)…",
                at + 1,
                shortened(&moves[at])
            ));
            if ui
                .button("Stop reading")
                .on_hover_text("Leave the board as it is")
                .clicked()
            {
                cmd(EditorCommand::StopReading);
            }
        });
    }
    if !playable {
        foot.weak(reason);
    } else if let Some(analyse) = ed.start_when_checked {
        foot.weak(if analyse {
            "Analysing once the check has finished…"
        } else {
            "Playing once the check has finished…"
        });
    }
    foot.separator();
    // (From the bottom up: the last line first.)
    for line in foot_lines(&foot, &messages, ed.check()).into_iter().rev() {
        match line {
            Line::Said(colour, text) => {
                foot.colored_label(colour, text);
            }
            Line::Plain(text) => {
                foot.label(text);
            }
            Line::Busy(text) => {
                foot.horizontal(|ui| {
                    super::busy::spinner(ui);
                    ui.label(text);
                });
            }
        }
    }
    foot.separator();
    let height = foot.min_rect().height();
    if (height - foot_height).abs() > 0.5 {
        ui.data_mut(|d| d.insert_temp(foot_id, height));
        // The fields' part is sized by the foot: redone at once, so no
        // frame shows the two over each other.
        ui.ctx()
            .request_discard("the position editor's foot changed height");
    }
    ui.advance_cursor_after_rect(full);
    out.extend(discard_question_ui(ui.ctx(), ed));
    out
}

/// A line of the editor's foot.
enum Line {
    Said(egui::Color32, String),
    Plain(String),
    /// Something being worked out, with a spinner.
    Busy(String),
}

/// The messages of the editor's foot, top to bottom: the fields' refusals
/// and the paste's answer, then the check's findings.
fn foot_lines(ui: &egui::Ui, messages: &[Message], check: &Check) -> Vec<Line> {
    let error = ui.visuals().error_fg_color;
    let mut lines: Vec<Line> = messages
        .iter()
        .map(|m| match m {
            Message::Problem(p) => Line::Said(error, p.clone()),
            Message::Warning(w) => Line::Said(ui.visuals().warn_fg_color, w.clone()),
            Message::Done(d) => Line::Plain(d.clone()),
        })
        .collect();
    if check.checking() {
        lines.push(Line::Busy(
            "Checking whether the side to move can still move…".into(),
        ));
    }
    if check.problems.is_empty() && check.checking() {
        // Nothing to say yet.
    } else if check.problems.is_empty() {
        lines.push(Line::Said(
            egui::Color32::from_rgb(30, 140, 60),
            // Said of the board: under a refused paste, "A legal
            // position" read as the pasted text's verdict.
            "The board is legal: it can be played and analysed.".into(),
        ));
    } else {
        lines.push(Line::Said(
            error,
            format!(
                "{} problem{} — this position cannot be played yet:",
                check.problems.len(),
                if check.problems.len() == 1 { "" } else { "s" }
            ),
        ));
        for p in &check.problems {
            lines.push(Line::Plain(format!("• {p}")));
        }
    }
    lines
}

/// A board in words: "En Gehé 2×6", "Bao la Kimasai".
fn board_words(s: &Setup) -> String {
    match s.variant() {
        Ok(Variant::EnGehe { holes }) => format!("En Gehé 2×{holes}"),
        Ok(Variant::BaoLaKimasai) => "Bao la Kimasai".into(),
        Err(_) => "another board".into(),
    }
}

/// What of `after` differs from `before`, in words: "the counts of 3
/// holes", "the side to move"…
fn changed_parts(before: &Setup, after: &Setup) -> Vec<String> {
    let mut parts = Vec::new();
    // Another board brings its own counts, reserves and opening flag.
    let board = before.game != after.game || before.south.len() != after.south.len();
    if board {
        parts.push(format!(
            "the board ({} instead of {})",
            board_words(after),
            board_words(before)
        ));
    } else {
        let holes = before
            .south
            .iter()
            .zip(&after.south)
            .chain(before.north.iter().zip(&after.north))
            .filter(|(a, b)| a != b)
            .count();
        match holes {
            0 => {}
            1 => parts.push("the count of 1 hole".into()),
            n => parts.push(format!("the counts of {n} holes")),
        }
    }
    if before.turn != after.turn {
        parts.push("the side to move".into());
    }
    if !board && before.captured != after.captured {
        parts.push("the captured counts".into());
    }
    if !board && before.reserve != after.reserve {
        parts.push("the reserves".into());
    }
    if !board && before.opening != after.opening {
        parts.push("the opening flag".into());
    }
    if before.origin != after.origin {
        parts.push("the long-laps option".into());
    }
    parts
}

/// "a", "a and b", "a, b and c".
fn listed(parts: &[String]) -> String {
    match parts {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

/// The text of "Discard the edited position?": what leaving throws away
/// (the edits, named, a record being read, unread text), and how to keep
/// the position.
pub fn discard_text(ed: &Editor, why: DiscardAsked) -> String {
    let parts = changed_parts(&ed.opened_setup, &ed.setup);
    let mut lost = Vec::new();
    if !parts.is_empty() {
        lost.push(format!(
            "the position set up here (changed since the editor opened: {})",
            listed(&parts)
        ));
    }
    if ed.reading.is_some() {
        lost.push("the game record being read onto the board".to_string());
    }
    if ed.unread_text() {
        lost.push("the text in Paste notation, never read".to_string());
    }
    let lost = listed(&lost);
    let mut text = match why {
        DiscardAsked::Leave => {
            format!("Leaving the editor throws away {lost}. The game stays as it was.")
        }
        DiscardAsked::GameReplaced => format!(
            "The game under the editor was replaced while you were editing (a new game \
             started, or a game or study opened). Leaving the editor shows it and throws \
             away {lost}."
        ),
        DiscardAsked::Close => format!("Closing the window throws away {lost}."),
    };
    // Only the ways out the editor offers now: a position with problems
    // can be neither played nor copied (both buttons are greyed).
    let check = ed.check();
    if !parts.is_empty() {
        match (check.startable(), check.position.is_some()) {
            (true, _) => text.push_str(
                " To keep the position, start a game from it (Play from here) or copy its notation first.",
            ),
            (false, true) => {
                text.push_str(" To keep the position, copy its notation first.")
            }
            (false, false) => text.push_str(
                " The position has problems (the first under the board, all of them at the \
                 foot of the editor's panel), so it can be neither \
                 played nor copied as it is.",
            ),
        }
    }
    text
}

/// "Discard the edited position?", while [`Editor::asking`]: a modal
/// question over the editor. Keep editing is its first button and has the
/// focus, so Enter takes it (a stray Enter loses nothing), as do Esc and a
/// click beside the question; discarding is a click, or Tab then Enter or
/// Space. Discarding for the close button closes the window too.
pub fn discard_question_ui(ctx: &egui::Context, ed: &Editor) -> Vec<AppCommand> {
    let mut out = Vec::new();
    let Some(why) = ed.asking else {
        return out;
    };
    let text = discard_text(ed, why);
    let (discard, hover) = match why {
        DiscardAsked::Close => (
            "Discard and close",
            "Throw the edited position away and close the window",
        ),
        DiscardAsked::GameReplaced => (
            "Discard and leave",
            "Throw the edited position away and show the new game",
        ),
        DiscardAsked::Leave => (
            "Discard and leave",
            "Throw the edited position away and go back to the game",
        ),
    };
    let modal = egui::Modal::new(egui::Id::unique("discard-edited-position")).show(ctx, |ui| {
        ui.set_max_width(DISCARD_WIDTH.min(ctx.content_rect().width() - 48.0));
        ui.heading("Discard the edited position?");
        ui.label(text);
        ui.add_space(8.0);
        ui.horizontal(|ui| {
            let keep = ui
                .button("Keep editing")
                .on_hover_text("Back to the editor, with its position as it is (Enter, Esc)");
            let leave = ui.button(discard).on_hover_text(hover);
            // The focus starts on Keep editing, and comes back to it from a
            // widget under the question (a hole reached with Tab took Space
            // behind it).
            let focused = ui.memory(|m| m.focused());
            if focused != Some(keep.id) && focused != Some(leave.id) {
                keep.request_focus();
            }
            if keep.clicked() {
                out.push(AppCommand::Editor(EditorCommand::KeepEditing));
            } else if leave.clicked() {
                out.push(AppCommand::Editor(EditorCommand::Discard));
                if why == DiscardAsked::Close {
                    ctx.send_viewport_cmd(egui::ViewportCommand::Close);
                }
            }
        });
    });
    if out.is_empty() && modal.should_close() {
        out.push(AppCommand::Editor(EditorCommand::KeepEditing));
    }
    out
}

/// The widest the question's text runs before it wraps.
const DISCARD_WIDTH: f32 = 560.0;

impl super::MaasaiApp {
    /// The window's close button while the editor holds work: the close
    /// waits for "Discard the edited position?". Called before the files
    /// see the request, which is taken out of the frame's input: their own
    /// question (unsaved changes to the game) comes after this one, once
    /// discarding closes the window again.
    pub(super) fn editor_holds_close(&mut self, ctx: &egui::Context) {
        if self.closing_unasked() {
            return;
        }
        let Some(ed) = &mut self.editor else { return };
        if !ctx.input(|i| i.viewport().close_requested())
            || !ed.ask_before_leaving(DiscardAsked::Close)
        {
            return;
        }
        super::dialogs::hold_close(ctx);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Game;

    /// Typing a number is one step of undo, however many digits it took;
    /// a change of field or any other edit starts the next.
    #[test]
    fn a_typed_number_is_undone_whole() {
        let start = GameOptions::en_gehe(6).start().unwrap();
        let mut ed = Editor::new(&start, (0, 0), false);
        let hole = Hole {
            side: Side::South,
            index: 1,
        };
        ed.apply(EditorCommand::Add { hole, delta: 1 });
        for seeds in [1, 12, 123] {
            ed.apply(EditorCommand::Set { hole, seeds });
        }
        for seeds in [9, 99, 999] {
            ed.apply(EditorCommand::Captured {
                side: Side::North,
                seeds,
            });
        }
        assert_eq!(ed.setup.south[1], 123);
        assert_eq!(ed.setup.captured[1], 999);
        ed.apply(EditorCommand::Undo);
        assert_eq!(ed.setup.captured[1], 0, "the whole captured count goes");
        assert_eq!(ed.setup.south[1], 123);
        ed.apply(EditorCommand::Undo);
        assert_eq!(ed.setup.south[1], 5, "the whole hole count goes");
        ed.apply(EditorCommand::Undo);
        assert_eq!(ed.setup.south[1], 4, "the click is its own step");
    }

    #[test]
    fn a_typed_count_past_the_limit_is_quoted_grouped_as_the_limit_is() {
        let too_many = |text| typed_seed_count(text).unwrap_err();
        assert_eq!(
            too_many("70001"),
            "70,001 is too many: a position holds at most 60,000 seeds"
        );
        // Leading zeros and blanks are no part of the number; a count past
        // what any integer holds is still quoted whole.
        assert_eq!(
            too_many(" 0070 001"),
            "70,001 is too many: a position holds at most 60,000 seeds"
        );
        assert!(
            too_many("123456789012345678901234").starts_with("123,456,789,012,345,678,901,234 is")
        );
        assert_eq!(typed_seed_count("060000"), Ok(60_000));
    }

    /// A digit that would take a count past the one limit is refused in
    /// words, not dropped in silence (and not taken: 99,999 used to go in,
    /// as a problem, and made notation that does not read back).
    #[test]
    fn a_count_past_the_limit_is_said_not_taken() {
        let start = GameOptions::en_gehe(6).start().unwrap();
        let mut ed = Editor::new(&start, (0, 0), false);
        let hole = Hole {
            side: Side::North,
            index: 1,
        };
        ed.apply(EditorCommand::Select(Some(Selection::Hole(hole))));
        for d in "1299999".chars() {
            ed.type_digit(d);
        }
        assert_eq!(ed.setup.north[1], 12999);
        assert_eq!(
            ed.board_note(),
            Some("129,999 is too many: a position holds at most 60,000 seeds; Backspace corrects.")
        );
        ed.backspace();
        assert_eq!(ed.setup.north[1], 1299);
        assert_eq!(ed.board_note(), None, "the edit is news again");
        // Typing ended (Enter selects nothing): the note goes with it.
        for d in "99".chars() {
            ed.type_digit(d);
        }
        assert!(ed.board_note().is_some());
        ed.apply(EditorCommand::Select(None));
        assert_eq!(ed.board_note(), None);
        // The limit itself is taken, one more is not.
        ed.apply(EditorCommand::Select(Some(Selection::Hole(hole))));
        for d in "060001".chars() {
            ed.type_digit(d);
        }
        assert_eq!(ed.setup.north[1], 6000);
        assert!(ed.board_note().unwrap().starts_with("60,001 is too many"));
        ed.type_digit('0');
        assert_eq!(ed.setup.north[1], MAX_EDIT);
        // Nor does a command give a count more (the fields refuse first).
        ed.apply(EditorCommand::Captured {
            side: Side::South,
            seeds: MAX_EDIT + 1,
        });
        assert_eq!(ed.setup.captured, [0, 0]);
        assert_eq!(
            ed.board_note(),
            Some("60,001 is too many: a position holds at most 60,000 seeds.")
        );
        // A click on a full hole says why it adds nothing.
        ed.apply(EditorCommand::Add { hole, delta: 1 });
        assert_eq!(ed.setup.north[1], MAX_EDIT);
        assert_eq!(
            ed.board_note(),
            Some("North 2 is full: a position holds at most 60,000 seeds.")
        );
    }

    /// A drag moves seeds only as far as the target may hold them, and
    /// says why not otherwise; nothing to move is said too.
    #[test]
    fn a_move_past_the_limit_is_refused_in_words() {
        let start = GameOptions::en_gehe(6).start().unwrap();
        let mut ed = Editor::new(&start, (0, 0), false);
        let at = |side, index| Selection::Hole(Hole { side, index });
        ed.apply(EditorCommand::Paste(
            "en-gehe south=4,50000,4,4,4,4 north=59999,20000,4,4,4,4 captured=0,0 turn=south"
                .into(),
        ));
        let before = ed.setup.clone();
        ed.apply(EditorCommand::Move {
            from: at(Side::South, 1),
            to: at(Side::North, 1),
            all: true,
        });
        assert_eq!(ed.setup, before);
        assert_eq!(
            ed.board_note(),
            Some(
                "Nothing moved: the 50,000 seeds of South 2 would make North 2 hold 70,000; \
                 a position holds at most 60,000 seeds."
            )
        );
        // One seed fits onto 59,999, a second does not.
        ed.apply(EditorCommand::Move {
            from: at(Side::South, 0),
            to: at(Side::North, 0),
            all: false,
        });
        assert_eq!(ed.board_note(), None);
        assert_eq!(ed.setup.north[0], MAX_EDIT);
        ed.apply(EditorCommand::Move {
            from: at(Side::South, 0),
            to: at(Side::North, 0),
            all: false,
        });
        assert_eq!(ed.setup.north[0], MAX_EDIT);
        assert_eq!(
            ed.board_note(),
            Some("Nothing moved: North 1 is full; a position holds at most 60,000 seeds.")
        );
        // All of them onto a hole with room: moved.
        ed.apply(EditorCommand::Move {
            from: at(Side::South, 1),
            to: at(Side::South, 2),
            all: true,
        });
        assert_eq!(ed.board_note(), None);
        assert_eq!((ed.setup.south[1], ed.setup.south[2]), (0, 50_004));
        ed.apply(EditorCommand::Move {
            from: at(Side::South, 1),
            to: at(Side::South, 2),
            all: true,
        });
        assert_eq!(
            ed.board_note(),
            Some("Nothing moved: South 2 has no seeds.")
        );
        // A seed taken from an empty hole (right-click) is said too, and
        // leaves nothing to undo.
        let undo = ed.can_undo();
        let before = ed.setup.clone();
        ed.apply(EditorCommand::Add {
            hole: Hole {
                side: Side::South,
                index: 1,
            },
            delta: -1,
        });
        assert_eq!(ed.setup, before);
        assert_eq!(ed.can_undo(), undo);
        assert_eq!(
            ed.board_note(),
            Some("Nothing taken: South 2 has no seeds.")
        );
    }

    /// A reserve pile takes clicks as a hole does, and says so when a
    /// click changes nothing (it was silent).
    #[test]
    fn a_click_on_a_reserve_pile_that_changes_nothing_is_said() {
        let start = crate::engine::notation::parse_position(
            "bao-la-kimasai south=1,1,1,1,1,1,1,1,0,0,0,0,0,0,0,0 \
             north=1,1,1,1,1,1,1,1,0,0,0,0,0,0,0,0 reserve=0,3 turn=south opening=no",
        )
        .unwrap();
        let mut ed = Editor::new(&start, (0, 0), false);
        let before = ed.setup.clone();
        let undo = ed.can_undo();
        ed.apply(EditorCommand::AddReserve {
            side: Side::South,
            delta: -1,
        });
        assert_eq!((ed.setup == before, ed.can_undo()), (true, undo));
        assert_eq!(
            ed.board_note(),
            Some("Nothing taken: South reserve has no seeds.")
        );
        ed.apply(EditorCommand::AddReserve {
            side: Side::North,
            delta: -1,
        });
        assert_eq!((ed.setup.reserve, ed.board_note()), ([0, 2], None));
        ed.apply(EditorCommand::Reserve {
            side: Side::North,
            seeds: MAX_EDIT,
        });
        ed.apply(EditorCommand::AddReserve {
            side: Side::North,
            delta: 1,
        });
        assert_eq!(ed.setup.reserve[1], MAX_EDIT);
        assert_eq!(
            ed.board_note(),
            Some("North reserve is full: a position holds at most 60,000 seeds.")
        );
    }

    /// A game record sets up the position after its last move; a refused
    /// move is named; a record's replay stops when asked.
    #[test]
    fn a_pasted_record_sets_up_the_position_it_reaches() {
        let start = GameOptions::en_gehe(6).start().unwrap();
        let mut ed = Editor::new(&start, (0, 0), false);
        let mut game = Game::new(start);
        let mut record = start.to_string();
        for _ in 0..3 {
            let mv = *game.current().legal_moves().last().unwrap();
            record += &format!(" {}", game.variant().move_name(mv));
            game.play(mv).unwrap();
        }
        ed.apply(EditorCommand::Paste(record.clone()));
        assert_eq!(ed.paste_error, None);
        assert_eq!(ed.setup, Setup::from(game.current()));
        assert_eq!(
            ed.paste_done.as_deref(),
            Some(
                "Read the game record: the position after the record's 3 moves is on the board \
                 (Ctrl+Z takes it back)."
            )
        );
        ed.apply(EditorCommand::Undo);
        assert_eq!(ed.setup, Setup::from(&start));
        // A refused move is named, and the board is left as it was.
        ed.apply(EditorCommand::Paste(format!("{start} 1 9")));
        assert_eq!(ed.setup, Setup::from(&start));
        assert_eq!(
            ed.paste_error.as_deref(),
            Some(
                "Cannot read that game record: move 2 (North `9`) of the pasted record: \
                 illegal move `9`: there is no hole 9; holes are numbered 1 to 6"
            )
        );
        // A typo in the position is still said as before.
        ed.apply(EditorCommand::Paste(
            "en-gehe south=1,x,2 turn=south 1".into(),
        ));
        assert!(
            ed.paste_error
                .as_deref()
                .is_some_and(|e| e.starts_with("Cannot read that position: `south=1,x,2`")),
            "{:?}",
            ed.paste_error
        );
        // A position's token after a move is said as the record's fault,
        // as the command line says it; a move after the end says why the
        // game is over.
        ed.apply(EditorCommand::Paste(format!("{start} 1 turn=north")));
        assert!(
            ed.paste_error
                .as_deref()
                .is_some_and(|e| e.contains("`turn=north`: stands after move 1 of the record")),
            "{:?}",
            ed.paste_error
        );
        ed.apply(EditorCommand::Paste(
            "en-gehe south=0,1,0,0,1 north=0,0,1,0,0 captured=0,0 turn=south 2 1".into(),
        ));
        assert!(
            ed.paste_error.as_deref().is_some_and(|e| e.starts_with(
                "Cannot read that game record: move 2 (North `1`) of the pasted record: \
                 illegal move: the game is already over. South wins"
            )),
            "{:?}",
            ed.paste_error
        );
        // Stopping: at once when asked before a move, and within a long one.
        let slow: Position = "en-gehe south=4,5,4,2,4,5 north=4,3,4,5,4,79 captured=0,0 turn=south"
            .parse()
            .unwrap();
        let mut asked = 0;
        let stopped = replay_record(
            slow,
            &["3".to_string()],
            || {
                asked += 1;
                asked < 3
            },
            &AtomicUsize::new(0),
        );
        // Stopped at the third question, in the middle of the move.
        assert_eq!(stopped, None);
        assert_eq!(asked, 3);
    }

    /// The way to keep the edited position that the question names is
    /// one the editor offers for it.
    #[test]
    fn leaving_names_only_ways_to_keep_the_position_that_are_open() {
        let start = GameOptions::en_gehe(6).start().unwrap();
        let mut ed = Editor::new(&start, (0, 0), false);
        let hole = |index| Hole {
            side: Side::South,
            index,
        };
        ed.apply(EditorCommand::Add {
            hole: hole(0),
            delta: 1,
        });
        assert!(ed.check().startable());
        assert!(
            discard_text(&ed, DiscardAsked::Leave)
                .ends_with("start a game from it (Play from here) or copy its notation first.")
        );
        // More seeds than a position holds: neither played nor copied.
        for index in [0, 1] {
            ed.apply(EditorCommand::Set {
                hole: hole(index),
                seeds: 60_000,
            });
        }
        assert!(ed.check().position.is_none());
        let text = discard_text(&ed, DiscardAsked::Leave);
        assert!(
            text.ends_with("so it can be neither played nor copied as it is."),
            "{text}"
        );
        assert!(!text.contains("Play from here"), "{text}");
        // Where the problems are: the board shows only the first.
        assert!(
            text.contains("all of them at the foot of the editor's panel"),
            "{text}"
        );
    }

    /// Leaving asks only when it would lose work, and says what: edits
    /// named, undone edits no work, unread paste text some.
    #[test]
    fn leaving_asks_only_with_work_and_names_it() {
        let start = GameOptions::en_gehe(6).start().unwrap();
        let mut ed = Editor::new(&start, (0, 0), false);
        assert!(!ed.ask_before_leaving(DiscardAsked::Leave));
        let hole = Hole {
            side: Side::North,
            index: 2,
        };
        ed.apply(EditorCommand::Add { hole, delta: 1 });
        ed.apply(EditorCommand::Undo);
        assert!(!ed.edited(), "an undone edit is none");
        ed.apply(EditorCommand::Variant(Variant::BaoLaKimasai));
        ed.apply(EditorCommand::Turn(Side::North));
        assert!(ed.ask_before_leaving(DiscardAsked::Close));
        assert_eq!(ed.asking, Some(DiscardAsked::Close));
        assert_eq!(
            discard_text(&ed, DiscardAsked::Close),
            "Closing the window throws away the position set up here (changed since the \
             editor opened: the board (Bao la Kimasai instead of En Gehé 2×6) and the side to \
             move). To keep the position, start a game from it (Play from \
             here) or copy its notation first."
        );
        // The answer changes nothing else; Undo would.
        ed.apply(EditorCommand::KeepEditing);
        assert_eq!(ed.asking, None);
        assert_eq!(ed.setup.game, GameKind::BaoLaKimasai);
        // Text typed and never read is work; read (even refused), it is not.
        let mut ed = Editor::new(&start, (0, 0), false);
        ed.paste_text = "en-gehe south=1".into();
        assert!(ed.edited());
        ed.apply(EditorCommand::Paste(" en-gehe\n south=1 ".into()));
        assert!(ed.paste_error.is_some());
        assert!(!ed.edited());
    }

    /// Switching to Bao la Kimasai and back sets up En Gehé rows of the
    /// length they had, not a fixed one.
    #[test]
    fn en_gehe_comes_back_at_its_last_row_length() {
        let start = GameOptions::en_gehe(6).start().unwrap();
        let mut ed = Editor::new(&start, (0, 0), false);
        assert_eq!(ed.en_gehe_holes, 6);
        ed.apply(EditorCommand::Variant(Variant::EnGehe { holes: 45 }));
        ed.apply(EditorCommand::Variant(Variant::BaoLaKimasai));
        assert_eq!(ed.en_gehe_holes, 45);
        // Undone and redone, the size before the switch is what counts.
        ed.apply(EditorCommand::Undo);
        ed.apply(EditorCommand::Redo);
        assert_eq!(ed.setup.game, GameKind::BaoLaKimasai);
        assert_eq!(ed.en_gehe_holes, 45);
        let bao = GameOptions::bao_la_kimasai().start().unwrap();
        assert_eq!(Editor::new(&bao, (0, 0), false).en_gehe_holes, 10);
    }

    /// Shortening En Gehé rows says how many seeds went with the holes.
    #[test]
    fn shorter_rows_say_what_they_dropped() {
        let start = GameOptions::en_gehe(6).start().unwrap();
        let mut ed = Editor::new(&start, (0, 0), false);
        ed.apply(EditorCommand::Variant(Variant::EnGehe { holes: 8 }));
        assert_eq!(ed.note, None, "longer rows drop nothing");
        ed.apply(EditorCommand::Variant(Variant::EnGehe { holes: 4 }));
        assert_eq!(
            ed.note.as_deref(),
            Some(
                "Shorter rows: 16 seeds in the holes cut off went with them (Undo brings them back)."
            )
        );
        ed.apply(EditorCommand::Undo);
        assert_eq!(ed.note, None, "undone, the seeds are back");
        ed.apply(EditorCommand::Redo);
        assert!(
            ed.note
                .as_deref()
                .is_some_and(|n| n.starts_with("Shorter rows: 16 seeds")),
            "redone, the cut is said again: {:?}",
            ed.note
        );
    }

    #[test]
    fn a_change_of_game_drops_the_selected_hole() {
        let start = GameOptions::bao_la_kimasai().start().unwrap();
        let mut ed = Editor::new(&start, (0, 0), false);
        let o6 = Hole {
            side: Side::South,
            index: 10,
        };
        ed.apply(EditorCommand::Select(Some(Selection::Hole(o6))));
        ed.apply(EditorCommand::Variant(Variant::EnGehe { holes: 12 }));
        assert_eq!(ed.selected, None, "South 11 was never clicked");
        let before = ed.setup.clone();
        ed.type_digit('7');
        assert_eq!(ed.setup, before, "no hole takes the digit");
        // Undo back to Bao la Kimasai drops a selection made meanwhile.
        ed.apply(EditorCommand::Select(Some(Selection::Hole(o6))));
        ed.apply(EditorCommand::Undo);
        assert_eq!(ed.selected, None);
        // A change of rows' length keeps it (the same hole of the same game).
        let h2 = Hole {
            side: Side::North,
            index: 1,
        };
        ed.apply(EditorCommand::Variant(Variant::EnGehe { holes: 12 }));
        ed.apply(EditorCommand::Select(Some(Selection::Hole(h2))));
        ed.apply(EditorCommand::Variant(Variant::EnGehe { holes: 14 }));
        assert_eq!(ed.selected, Some(Selection::Hole(h2)));
    }

    /// A drag of Holes per row, step by step, is one step of undo, and its
    /// note counts every seed the run cut off.
    #[test]
    fn a_dragged_row_length_is_undone_whole_and_says_all_it_cut() {
        let start = GameOptions::en_gehe(15).start().unwrap();
        let mut ed = Editor::new(&start, (0, 0), false);
        let before = ed.setup.clone();
        for holes in (3..15).rev() {
            ed.apply(EditorCommand::Variant(Variant::EnGehe { holes }));
        }
        assert_eq!(ed.setup.south.len(), 3);
        // 12 holes a row cut, 4 seeds each, both rows.
        assert_eq!(
            ed.note.as_deref(),
            Some(
                "Shorter rows: 96 seeds in the holes cut off went with them (Undo brings them back)."
            )
        );
        ed.apply(EditorCommand::Undo);
        assert_eq!(ed.setup, before, "one Undo gives back all 15 holes");
        // Cut and grown back in one run: the seeds went all the same.
        for holes in [3, 15] {
            ed.apply(EditorCommand::Variant(Variant::EnGehe { holes }));
        }
        assert!(
            ed.note
                .as_deref()
                .is_some_and(|n| n.starts_with("Shorter rows: 96 seeds")),
            "{:?}",
            ed.note
        );
        ed.apply(EditorCommand::Undo);
        assert_eq!(ed.setup, before);
        assert!(!ed.can_undo());
        // Another edit between two changes of the length: two steps.
        ed.apply(EditorCommand::Variant(Variant::EnGehe { holes: 10 }));
        ed.apply(EditorCommand::Add {
            hole: Hole {
                side: Side::South,
                index: 0,
            },
            delta: 1,
        });
        ed.apply(EditorCommand::Variant(Variant::EnGehe { holes: 8 }));
        ed.apply(EditorCommand::Undo);
        assert_eq!(ed.setup.south.len(), 10);
    }

    /// The window checks on a thread; the answer arrives through `poll`.
    #[test]
    fn the_background_check_settles_through_poll() {
        let start = GameOptions::en_gehe(6).start().unwrap();
        let mut ed = Editor::new(&start, (0, 0), true);
        let wait = |ed: &mut Editor| {
            let t = std::time::Instant::now();
            while ed.poll() {
                assert!(t.elapsed().as_secs() < 10, "the check never finished");
                std::thread::sleep(std::time::Duration::from_millis(5));
            }
        };
        wait(&mut ed);
        assert_eq!(ed.check().playable(), Some(start));
        ed.apply(EditorCommand::Clear);
        assert!(
            ed.check().playable().is_none(),
            "nothing is playable while checking"
        );
        wait(&mut ed);
        assert_eq!(ed.check().problems.len(), 1);
        assert!(ed.check().problems[0].starts_with("The game is already over here"));
        ed.apply(EditorCommand::Undo);
        wait(&mut ed);
        assert_eq!(ed.check().playable(), Some(start));
    }

    /// A check replaced by an edit stops its thread: a long move of the
    /// position (a billion laps at most) is given up, not sown to its end.
    /// (Stood for here by work that runs until told to stop: a position
    /// whose every move runs long is hard to come by.)
    #[test]
    fn a_replaced_check_stops_its_thread() {
        let start = GameOptions::en_gehe(6).start().unwrap();
        let mut ed = Editor::new(&start, (0, 0), false);
        let mut old = Check::of(&ed.setup, false);
        old.spawn(|flag| {
            while flag.keep_going() {
                std::thread::sleep(std::time::Duration::from_millis(1));
            }
            flag.mark_given_up();
            None
        });
        let flag = old.stop_flag();
        ed.check = old;
        assert!(ed.poll(), "still working");
        ed.apply(EditorCommand::Clear);
        assert!(flag.stop_asked(), "the edit asked the old check to stop");
        let t = std::time::Instant::now();
        while !flag.gave_up() {
            assert!(t.elapsed().as_secs() < 10, "the thread never stopped");
            std::thread::sleep(std::time::Duration::from_millis(1));
        }
        // The engine's sowing is stopped the same way.
        let o2 = parse_position(
            "bao-la-kimasai south=5,4,3,0,1,3,4,1,2,1,2,5,0,3,3,2 north=1,1,1,1,1,1,1,1,0,0,0,0,0,0,0,0 reserve=10,10 turn=south opening=no",
        )
        .unwrap();
        let stopped = StopFlag::default();
        stopped.stop();
        assert_eq!(
            status_or_stop(&o2, &stopped),
            Some(Status::Ongoing),
            "quick moves end"
        );
    }

    /// Play or Analyse pressed while the check runs is kept until it has
    /// finished, then handed back to be applied; an edit forgets it.
    #[test]
    fn a_press_during_the_check_goes_ahead_after_it_and_an_edit_forgets_it() {
        let start = GameOptions::en_gehe(6).start().unwrap();
        let mut ed = Editor::new(&start, (0, 0), true);
        ed.start_when_checked = Some(true);
        // (Not handed back while the check runs: `take` waits for it.)
        let t = std::time::Instant::now();
        let taken = loop {
            let running = ed.poll();
            let taken = ed.take_start_when_checked();
            if running {
                assert_eq!(taken, None, "handed back before the check finished");
            } else {
                break taken;
            }
            assert!(t.elapsed().as_secs() < 10, "the check never finished");
            std::thread::sleep(std::time::Duration::from_millis(1));
        };
        assert_eq!(taken, Some(EditorCommand::Analyse));
        assert_eq!(ed.take_start_when_checked(), None, "handed back once");

        ed.start_when_checked = Some(false);
        ed.apply(EditorCommand::Add {
            hole: Hole {
                side: Side::South,
                index: 0,
            },
            delta: 1,
        });
        assert_eq!(ed.start_when_checked, None, "the edit forgets the press");
    }
}
