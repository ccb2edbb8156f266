//! Studies in the window: the library of shipped studies (compiled in, plus
//! the user's own in the config folder's `studies/`), a study read as a
//! book (its line stepped on the board with the sowing animation and each
//! move's comment shown), and a study tried as an exercise (the user plays
//! the studied side; the solver judges every move off the UI thread and
//! answers with the best defence).
//!
//! The study's game is the window's ordinary game record, so the board, the
//! move list, the animation controls and undo all work as usual; this
//! module keeps the study beside it and follows what happens to it.

use super::anim::Replay;
use super::files_ui::FileCommand;
use super::players::Player;
use super::state::Runtime;
use super::{AppCommand, MaasaiApp};
use crate::engine::{Move, Position, Status};
use crate::solver::{Cancelled, Session, Value};
use crate::study::{ExerciseError, Feedback, GoalKind, Judgment, Study, Trial};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, TryRecvError, channel};
use std::time::{Duration, Instant};

/// The shipped studies, compiled in so an installed program has them.
pub const SHIPPED_STUDIES: [(&str, &str); 12] = [
    (
        "01-relay.ron",
        include_str!("../../assets/studies/01-relay.ron"),
    ),
    (
        "02-capture.ron",
        include_str!("../../assets/studies/02-capture.ron"),
    ),
    (
        "03-remainder.ron",
        include_str!("../../assets/studies/03-remainder.ron"),
    ),
    (
        "04-quiet-step.ron",
        include_str!("../../assets/studies/04-quiet-step.ron"),
    ),
    (
        "05-relay-capture.ron",
        include_str!("../../assets/studies/05-relay-capture.ron"),
    ),
    (
        "06-raid-chain.ron",
        include_str!("../../assets/studies/06-raid-chain.ron"),
    ),
    (
        "07-phase-change.ron",
        include_str!("../../assets/studies/07-phase-change.ron"),
    ),
    (
        "08-2x50-tempo-sacrifice.ron",
        include_str!("../../assets/studies/08-2x50-tempo-sacrifice.ron"),
    ),
    (
        "09-2x40-sacrifice.ron",
        include_str!("../../assets/studies/09-2x40-sacrifice.ron"),
    ),
    (
        "10-2x45-quiet-relay.ron",
        include_str!("../../assets/studies/10-2x45-quiet-relay.ron"),
    ),
    (
        "11-herding-reserve-seed.ron",
        include_str!("../../assets/studies/11-herding-reserve-seed.ron"),
    ),
    (
        "12-triple-raid.ron",
        include_str!("../../assets/studies/12-triple-raid.ron"),
    ),
];

/// The shipped studies, and an error line for each that fails to load.
pub fn shipped_studies() -> (Vec<Study>, Vec<String>) {
    let mut studies = Vec::new();
    let mut errors = Vec::new();
    for (name, text) in SHIPPED_STUDIES {
        match Study::parse(text, &format!("assets/studies/{name}")) {
            Ok(s) => studies.push(s),
            Err(e) => errors.push(e.to_string()),
        }
    }
    (studies, errors)
}

/// How a study is taken.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Read: the line is stepped through with its comments.
    Book,
    /// Tried: the user plays the studied side against the best defence.
    Exercise,
}

/// What the studies' windows ask for.
#[derive(Clone, Debug, PartialEq)]
pub enum StudyCommand {
    ShowLibrary(bool),
    /// Set up this study's position and take it in this mode.
    Start(Box<Study>, Mode),
    /// Take the active study in another mode: where it was left in that
    /// mode, else from its start.
    SwitchMode(Mode),
    Close,
    /// Close the study and open again the saved game it replaced.
    BackToGame,
    /// Book: read this line (0 = the solution, k = alternative k).
    ChooseLine(usize),
    /// Book: show the position after `n` moves of the line.
    Step(usize),
    /// Book: put the user's moves that stepping took off back on the board.
    BringBackSetAside,
    Next,
    Previous,
    /// Exercise: take back the last own move and its answer.
    TakeBack,
    Hint,
    /// Stop the solver's work for the exercise.
    StopSolver,
    Restart,
    /// Open a study (or game) file typed by hand.
    OpenTypedPath,
}

/// Background work of an exercise.
struct Job {
    kind: JobKind,
    /// Set to stop the solver (also when the job is dropped).
    stop: StopOnDrop,
    started: Instant,
}

enum JobKind {
    /// The trial after the move, the judgment, and whether a failed one
    /// ran out of time (rather than being stopped).
    Judge(Receiver<(Box<Trial>, Result<Judgment, ExerciseError>, bool)>),
    /// The hint, whether its solve ran out of time, and the wrong move
    /// to take back first (the hint is for the position before it).
    Hint(
        Receiver<(Result<Option<Move>, Cancelled>, bool)>,
        Option<String>,
    ),
}

impl Job {
    fn new(kind: JobKind, stop: Arc<AtomicBool>) -> Job {
        Job {
            kind,
            stop: StopOnDrop(stop),
            started: Instant::now(),
        }
    }
}

/// One judged move, for the exercise's log.
#[derive(Clone, Debug, PartialEq)]
pub struct Verdict {
    pub feedback: Feedback,
    pub text: String,
    /// Moves of the exercise before the judged move.
    pub ply: usize,
    /// The defence's answer, said after `text` (" North answers 3.", or
    /// nothing; see `answer_text`).
    pub answer: String,
    /// The move was taken back since.
    pub taken_back: bool,
    /// It was the only legal move: no choice, so never "wrong".
    pub forced: bool,
    /// Short of the goal after an earlier mistake, ruled out before its
    /// exact value was known: perhaps the best move left, so not called
    /// wrong (see `judged_text`).
    pub short_after_mistake: bool,
}

/// The study being taken.
pub struct ActiveStudy {
    pub study: Study,
    pub mode: Mode,
    /// Book: the line being read (0 = the solution, k = alternative k).
    pub line: usize,
    pub exercise: Trial,
    job: Option<Job>,
    /// The defence to sow once the user's move has been shown.
    reply: Option<Move>,
    /// The judged moves of the exercise that stand, and those the latest
    /// take-back took back (shown greyed until the next move is judged:
    /// older ones would pile up, the same line over and over).
    pub log: Vec<Verdict>,
    pub hint: Option<String>,
    pub message: Option<String>,
    /// The library's finding that the goal does not hold or that the
    /// solution line is not best, said under the goal.
    pub claim_fault: Option<String>,
    /// The check of the claim of a study opened by its file (the library
    /// checks its own folder's): a wrong goal or line showed no warning.
    claim_check: Option<(Receiver<Claim>, StopOnDrop)>,
    claim_check_wanted: bool,
    /// The game the study runs on ([`Runtime::game_id`]): any other game
    /// put on the board (opened, pasted, started, edited) ends the study,
    /// even one from the same position.
    game_id: u64,
    /// Book: the user's own moves off the study's lines that stepping
    /// along a line last took off the board, kept to be brought back.
    pub set_aside: Option<SetAside>,
    /// Book: the user's comments on moves taken off the board (by a
    /// change of line, or set aside), each with the game up to its move:
    /// they come back when that move is played again (a change of line
    /// dropped them unasked).
    comments_off_board: Vec<(Vec<Move>, String)>,
}

/// Moves of the user's own, off every line of a book, taken off the board
/// when the book stepped on along its line: exploring a deviation and then
/// pressing Next lost it without a word.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SetAside {
    /// How many moves of the game came before them.
    pub after: usize,
    /// The whole game they were taken off, from the study's start: they
    /// come back after the same moves, whatever the board shows by then
    /// (another line, or moves of the user's played since).
    pub game: Vec<Move>,
}

impl SetAside {
    /// The user's own moves set aside.
    pub fn moves(&self) -> &[Move] {
        &self.game[self.after..]
    }
}

impl ActiveStudy {
    fn new(study: Study, mode: Mode, game_id: u64) -> ActiveStudy {
        ActiveStudy {
            game_id,
            set_aside: None,
            comments_off_board: Vec::new(),
            exercise: Trial::new(study.clone()),
            study,
            mode,
            line: 0,
            job: None,
            reply: None,
            log: Vec::new(),
            hint: None,
            message: None,
            claim_fault: None,
            claim_check: None,
            claim_check_wanted: false,
        }
    }

    /// Whether the study's claim is being checked (or is to be).
    pub fn checking_claim(&self) -> bool {
        self.claim_check.is_some() || self.claim_check_wanted
    }

    /// Whether the solver is working for the exercise.
    pub fn thinking(&self) -> bool {
        self.job.is_some()
    }

    /// The moves of line `line` (0 = solution) with their comments.
    pub fn line(&self, line: usize) -> (Vec<Move>, Vec<String>) {
        let s = &self.study;
        let mut comments: Vec<String> = s
            .file
            .solution
            .iter()
            .map(|st| st.comment.clone())
            .collect();
        match line
            .checked_sub(1)
            .and_then(|k| s.alternatives.get(k).map(|a| (k, a)))
        {
            None => (s.solution.clone(), comments),
            Some((k, (after, moves))) => {
                let mut all = s.solution[..*after].to_vec();
                all.extend(moves);
                comments.truncate(*after);
                comments.extend(
                    s.file.alternatives[k]
                        .moves
                        .iter()
                        .map(|st| st.comment.clone()),
                );
                (all, comments)
            }
        }
    }

    /// Book: how many moves of the line the position on view is into it
    /// (`None` once the game left the line).
    pub fn book_step(&self, rt: &Runtime) -> Option<usize> {
        let (moves, _) = self.line(self.line);
        let played = &rt.game.moves()[..rt.view];
        (played.len() <= moves.len() && moves[..played.len()] == *played).then_some(played.len())
    }
}

/// What the solver finds of a study's claim: its goal from its position
/// within [`CLAIM_LIMIT`], then its line within [`LINE_LIMIT`] (on a
/// small table of its own, apart from the session's).
fn check_claim(study: &Study, stop: &AtomicBool) -> Claim {
    let session = Session::with_solver(crate::solver::Solver::with_table_bits_or_less(20));
    match session
        .solve(Vec::new(), study.start)
        .finish_within_unless(CLAIM_LIMIT, stop)
    {
        Ok(s) if study.goal_reached(s.value, 0) => line_claim(&session, study, s.value, stop),
        Ok(s) => Claim::Fails(super::solver_panel::value_sentence(&study.start, s.value)),
        Err(_) => Claim::Unproved,
    }
}

/// A claim found wrong, in a sentence for under the study's goal.
fn claim_fault_words(claim: &Claim) -> Option<String> {
    match claim {
        Claim::Fails(value) => Some(format!(
            "The solver found that this goal does not hold: with best play {value}. \
             The study's file claims too much."
        )),
        Claim::LineFault(fault) => Some(format!(
            "The solver found a mistake in the solution: {fault}. The goal holds, but \
             not by the study's line from there."
        )),
        _ => None,
    }
}

/// Whether the study's solution line is best (its goal holds, with
/// `value` the position's proved value), within [`LINE_LIMIT`] in all.
fn line_claim(session: &Session, study: &Study, value: Value, stop: &AtomicBool) -> Claim {
    let deadline = Instant::now() + LINE_LIMIT;
    let verdict = study.check_line(value, |history, pos| {
        let left = deadline.saturating_duration_since(Instant::now());
        if stop.load(Ordering::Relaxed) || left.is_zero() {
            return Err(Cancelled);
        }
        session
            .solve(history.to_vec(), pos)
            .finish_within_unless(left, stop)
            .map(|s| s.value)
            .map_err(|_| Cancelled)
    });
    match verdict {
        Ok(Ok(())) => Claim::Holds,
        Ok(Err(fault)) => Claim::LineFault(fault.to_string()),
        Err(Cancelled) => Claim::LineUnproved,
    }
}

/// What the solver found of a user's study's claim (its goal, from its
/// position), checked in the background when the library is read: a file
/// written by hand may claim more than its position holds.
#[derive(Clone, Debug, PartialEq)]
pub enum Claim {
    Checking,
    Holds,
    /// Best play falls short of the goal: the value, in words.
    Fails(String),
    /// The goal holds, but a move of the solution line is not best (the
    /// study would teach a mistake): which, in words.
    LineFault(String),
    /// Not proved either way within [`CLAIM_LIMIT`].
    Unproved,
    /// The goal holds; its line was not proved best within [`LINE_LIMIT`].
    LineUnproved,
}

/// How long the library's check of one study's claim may take.
pub const CLAIM_LIMIT: Duration = Duration::from_secs(3);

/// How long the check that one study's solution line is best may take.
pub const LINE_LIMIT: Duration = Duration::from_secs(10);

/// The background check of the user's studies' claims; dropped (a new
/// library read, the window gone) it stops.
struct ClaimCheck {
    rx: Receiver<(usize, Claim)>,
    _stop: StopOnDrop,
}

/// The user's studies being read off the window's thread (each study's
/// lines are replayed: a folder of long ones takes a while); dropped (the
/// library closed or opened again, the window gone) it stops.
struct LibraryRead {
    /// The studies read and an error line for each file (or the folder)
    /// that could not be read.
    rx: Receiver<(Vec<Study>, Vec<String>)>,
    _stop: StopOnDrop,
}

/// The user's studies in `dir`, each file loaded on its own (a broken one
/// costs only itself), and an error line for each that fails, or for the
/// folder; `None` once `keep_going` said stop.
fn read_own_studies(
    dir: &std::path::Path,
    keep_going: impl FnMut() -> bool,
) -> Option<(Vec<Study>, Vec<String>)> {
    use crate::files::LoadError;
    let mut studies = Vec::new();
    let mut errors = Vec::new();
    match Study::load_each_or_stop(dir, keep_going) {
        Ok(own) => {
            for loaded in own {
                match loaded {
                    Ok(study) => studies.push(study),
                    Err(e) => errors.push(e.to_string()),
                }
            }
        }
        Err(LoadError::Failed(e)) => errors.push(e.to_string()),
        Err(LoadError::Stopped) => return None,
    }
    Some((studies, errors))
}

/// What the library says while the user's studies are being read.
pub const READING_STUDIES: &str = "Reading your studies…";

/// The studies' runtime state.
#[derive(Default)]
pub struct StudiesState {
    pub library_open: bool,
    /// Read again each time the library opens (a file added or mended
    /// meanwhile shows): the shipped studies, then the user's (once
    /// `library_read` is done).
    library: Option<Vec<Study>>,
    /// The user's studies being read, off the window's thread.
    library_read: Option<LibraryRead>,
    /// How many of `library` are shipped (the rest are the user's).
    library_shipped: usize,
    /// The user's studies folder, when there is a config folder.
    library_dir: Option<std::path::PathBuf>,
    library_errors: Vec<String>,
    /// The claims of the user's studies (in the library's order, after the
    /// shipped ones, which the tests prove), and their check.
    pub claims: Vec<Claim>,
    claim_check: Option<ClaimCheck>,
    pub active: Option<ActiveStudy>,
    /// A study waiting for its position to be set up (after the
    /// unsaved-changes prompt).
    pending: Option<(Box<Study>, Mode, Option<PathBuf>)>,
    /// The path typed into the library window.
    pub typed_path: String,
    /// The library was opened: its list starts at the top.
    library_to_top: bool,
    /// Who played each side before the study set both to Human: given
    /// back when the study is closed.
    players_before: Option<[Player; 2]>,
    /// The saved game the study took the place of: the study panel offers
    /// to go back to it (as last saved: its unsaved changes were saved or
    /// discarded when the study was opened).
    game_before: Option<PathBuf>,
    /// The active study's other mode as the last switch left it: switching
    /// back takes it up there (a switch used to start afresh, the
    /// exercise's moves gone without a word).
    left_mode: Option<LeftMode>,
}

/// Where comments the user typed on a study's moves are kept, off the
/// game on the board (and so not saved with it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CommentsAside {
    /// With the study's other mode ("Book" or "Exercise").
    WithMode(&'static str),
    /// With moves a change of line (or the book's stepping) took off the
    /// board.
    OffBoard,
}

impl CommentsAside {
    /// What the unsaved-changes question says of them, before `what`
    /// ("closing the study") would drop them.
    pub fn question(self, what: &str) -> String {
        match self {
            CommentsAside::WithMode(mode) => format!(
                "Your comments on the moves of the study's {mode} are kept aside while \
                 this mode is on view, and are not saved: {what} drops them. Go back to \
                 {mode} to save them, or discard them?"
            ),
            CommentsAside::OffBoard => format!(
                "Your comments on moves taken off the board (by a change of line, or \
                 set aside) are kept aside, and are not saved: {what} drops them. Step \
                 through those moves again to save them, or discard them?"
            ),
        }
    }
}

/// A study's mode as it was left for the other one.
struct LeftMode {
    /// Its state (no job: a judgment or hint under way was stopped).
    study: ActiveStudy,
    /// The game's moves then.
    moves: Vec<Move>,
    /// How many of them were on view.
    view: usize,
    /// An exercise's move was being judged: it was not kept.
    judging: Option<String>,
    /// The user's comments on its moves, by move number: they come back
    /// with the mode (the switch took the moves off, and the comments went
    /// with them unasked).
    comments: std::collections::BTreeMap<usize, String>,
}

impl StudiesState {
    /// The study's other mode ("Book" or "Exercise"), when it holds
    /// comments the user typed on its moves (kept aside at the switch, to
    /// come back with it).
    pub fn comments_aside_in(&self) -> Option<CommentsAside> {
        if let Some(left) = self.left_mode.as_ref().filter(|l| !l.comments.is_empty()) {
            return Some(CommentsAside::WithMode(match left.study.mode {
                Mode::Book => "Book",
                Mode::Exercise => "Exercise",
            }));
        }
        let off_board = |a: &ActiveStudy| !a.comments_off_board.is_empty();
        (self.active.as_ref().is_some_and(off_board)
            || self.left_mode.as_ref().is_some_and(|l| off_board(&l.study)))
        .then_some(CommentsAside::OffBoard)
    }

    /// A study waiting for its position to be pasted in, with no game
    /// file to go back to: it goes back to `path` (the file the game was
    /// saved to by "Save your changes?" before the paste).
    pub(super) fn pending_returns_to(&mut self, path: Option<&PathBuf>) {
        if let Some((_, _, before @ None)) = &mut self.pending {
            *before = path.cloned();
        }
    }

    /// Whether the user's studies are still being read for the library
    /// (it says so, "Reading your studies…", and lists them once read).
    pub fn reading_library(&self) -> bool {
        self.library_read.is_some()
    }

    /// The title of the study whose position waits on the unsaved-changes
    /// prompt, if any.
    pub fn pending_title(&self) -> Option<String> {
        self.pending.as_ref().map(|(s, ..)| s.file.title.clone())
    }

    /// Whether the claims of the user's studies are being checked (a solve
    /// on a thread of its own).
    pub fn checking_claims(&self) -> bool {
        self.claim_check.is_some()
    }

    /// Closes the library window: nobody reads the user's studies or
    /// checks their claims any more (each check is a solve of its own,
    /// which would compete with whatever the window was closed for).
    pub fn close_library(&mut self) {
        self.library_open = false;
        self.library_read = None;
        self.claim_check = None;
    }

    /// The players a study set aside, given back when it is closed.
    pub fn players_set_aside(&self) -> Option<[Player; 2]> {
        self.players_before
    }

    /// The saved game the active study replaced, to go back to.
    pub fn game_before(&self) -> Option<&Path> {
        self.game_before.as_deref()
    }

    /// Forgets the players a study set aside (new ones were chosen).
    pub fn clear_players_before(&mut self) {
        self.players_before = None;
    }

    /// Whether a study is being tried as an exercise: the council and the
    /// solver keep quiet then, since their advice would give it away.
    pub fn exercising(&self) -> bool {
        self.active
            .as_ref()
            .is_some_and(|a| a.mode == Mode::Exercise)
    }

    /// Why a board move must wait, if it must (an exercise is judging, or
    /// it is the defence's turn).
    pub fn refuses_move(&self, rt: &Runtime) -> Option<String> {
        let a = self.active.as_ref().filter(|a| a.mode == Mode::Exercise)?;
        // The hint is the solver's only work then: said so, not a judgment.
        if a.job
            .as_ref()
            .is_some_and(|j| matches!(j.kind, JobKind::Hint(..)))
        {
            return Some("wait: the solver is looking for a hint".into());
        }
        // A move on the board beyond the exercise is waiting to be judged.
        if a.job.is_some()
            || a.reply.is_some()
            || rt.game.moves().len() > a.exercise.game().moves().len()
        {
            return Some("wait: the solver is judging your move".into());
        }
        if rt.game.moves().len() == a.exercise.game().moves().len() && !a.exercise.users_turn() {
            let unanswered = a.log.last().is_some_and(|v| {
                !v.taken_back && !v.feedback.keeps_goal && v.feedback.reply.is_none()
            });
            return Some(if a.exercise.game().is_over() {
                "the exercise is over: take back or restart to try again".into()
            } else if unanswered {
                "the move was proved wrong without a defence to show: take it back".into()
            } else {
                "the defence is to move; it answers by itself".into()
            });
        }
        None
    }

    /// Starts the check of the user's studies' claims (see [`Claim`]).
    fn check_claims(&mut self, ctx: &egui::Context) {
        let own: Vec<Study> = self
            .library
            .as_deref()
            .unwrap_or_default()
            .iter()
            .skip(self.library_shipped)
            .cloned()
            .collect();
        self.claims = vec![Claim::Checking; own.len()];
        self.claim_check = None;
        if own.is_empty() {
            return;
        }
        let (tx, rx) = channel();
        let stop = Arc::new(AtomicBool::new(false));
        let flag = Arc::clone(&stop);
        let wake = Wake(ctx.clone());
        spawn_solver_thread(move || {
            let wake = wake;
            for (i, study) in own.into_iter().enumerate() {
                if flag.load(Ordering::Relaxed) {
                    return;
                }
                let claim = check_claim(&study, &flag);
                if tx.send((i, claim)).is_err() {
                    return;
                }
                wake.0.request_repaint();
            }
        });
        self.claim_check = Some(ClaimCheck {
            rx,
            _stop: StopOnDrop(stop),
        });
    }

    /// What the library found wrong with `study` (a user's study from the
    /// library, by its file), in a sentence for under its goal.
    fn claim_fault(&self, study: &Study) -> Option<String> {
        let own = self.library.as_deref()?.get(self.library_shipped..)?;
        let i = own
            .iter()
            .position(|s| s.origin == study.origin && s.start == study.start)?;
        self.claims.get(i).and_then(claim_fault_words)
    }

    /// Whether the library checks (or checked) this study's claim: a
    /// user's study from its folder. A shipped study's claim is proved by
    /// the tests.
    fn library_checks(&self, study: &Study) -> bool {
        let Some(library) = self.library.as_deref() else {
            return false;
        };
        let (shipped, own) = library.split_at(self.library_shipped.min(library.len()));
        // Only a claim the library has settled: opening the study closes
        // the library, which stops a check not yet done.
        shipped.iter().any(|s| s.file == study.file)
            || own.iter().enumerate().any(|(i, s)| {
                s.origin == study.origin
                    && s.start == study.start
                    && self.claims.get(i).is_some_and(|c| *c != Claim::Checking)
            })
    }

    /// Takes in the claims checked since the last frame.
    fn poll_claims(&mut self) {
        let Some(check) = &self.claim_check else {
            return;
        };
        loop {
            match check.rx.try_recv() {
                Ok((i, claim)) => {
                    if let Some(c) = self.claims.get_mut(i) {
                        *c = claim;
                    }
                }
                Err(TryRecvError::Empty) => return,
                // Done (or gone): nothing more will come.
                Err(TryRecvError::Disconnected) => {
                    self.claim_check = None;
                    return;
                }
            }
        }
    }

    /// Reads the library afresh: the shipped studies at once (compiled
    /// in), the user's on a thread of their own (see
    /// [`Self::poll_library`]), their claims checked once they are read.
    fn load_library(&mut self, ctx: &egui::Context, folders: Option<&crate::files::Folders>) {
        let (studies, errors) = shipped_studies();
        self.library_shipped = studies.len();
        self.library = Some(studies);
        self.library_errors = errors;
        // An earlier read still going is stopped: this one reads afresh.
        self.library_read = None;
        let dir = folders.map(|f| f.config.join("studies"));
        self.library_dir = dir.clone();
        let Some(dir) = dir.filter(|d| d.is_dir()) else {
            // None of the user's: nothing to check either.
            self.check_claims(ctx);
            return;
        };
        let (tx, rx) = channel();
        let stop = Arc::new(AtomicBool::new(false));
        let flag = Arc::clone(&stop);
        let wake = Wake(ctx.clone());
        let spawned = std::thread::Builder::new()
            .name("study-library".into())
            .spawn(move || {
                let _wake = wake;
                if let Some(own) = read_own_studies(&dir, || !flag.load(Ordering::Relaxed)) {
                    // The library may have closed meanwhile; then nobody
                    // needs them.
                    let _ = tx.send(own);
                }
            });
        match spawned {
            Ok(_) => {
                self.library_read = Some(LibraryRead {
                    rx,
                    _stop: StopOnDrop(stop),
                })
            }
            Err(e) => self
                .library_errors
                .push(format!("cannot start reading your studies: {e}")),
        }
    }

    /// Takes in the user's studies once they are read, and starts the
    /// check of their claims.
    fn poll_library(&mut self, ctx: &egui::Context) {
        let Some(read) = &self.library_read else {
            return;
        };
        let (own, errors) = match read.rx.try_recv() {
            Ok(read) => read,
            Err(TryRecvError::Empty) => return,
            Err(TryRecvError::Disconnected) => {
                let dir = self.library_dir.as_deref().map_or_else(String::new, |d| {
                    format!("{}: ", crate::files::shown_path(d))
                });
                (
                    Vec::new(),
                    vec![format!("{dir}reading your studies failed unexpectedly")],
                )
            }
        };
        self.library_read = None;
        self.library.get_or_insert_with(Vec::new).extend(own);
        self.library_errors.extend(errors);
        self.check_claims(ctx);
    }
}

/// "En Gehé 2×5" or "Bao la Kimasai".
fn board_name(pos: &Position) -> String {
    let v = pos.variant();
    if v.is_en_gehe() {
        format!("{} 2×{}", v.title(), v.holes_per_side())
    } else {
        v.title().to_string()
    }
}

/// What the goal needs, in the words of a verdict.
fn goal_needs(kind: GoalKind) -> String {
    match kind {
        GoalKind::MarginAtLeast(n) => format!(
            "the goal needs {}",
            super::solver_panel::value_word(Value::Margin(n))
        ),
        GoalKind::Win => "the goal needs a win".into(),
        GoalKind::WinWithin(1) => "the goal needs a win at once".into(),
        GoalKind::WinWithin(p) => format!(
            "the goal needs a win by ply {p} (plies are turns of either side, counted from the study's start)"
        ),
    }
}

/// Whether the side to move had no choice (a forced move is never "wrong").
fn only_move(pos: &Position) -> bool {
    pos.candidate_moves().count() == 1
}

/// The verdict on an exercise move, in plain words. `plies_before`: the
/// plies of the exercise before the move (a win's plies are said from the
/// study's start, as its goal counts them); `lost_before`: a wrong move
/// of the user's earlier in the exercise still stands.
pub fn verdict_text(
    study: &Study,
    before: &Position,
    plies_before: usize,
    judgment: &Judgment,
    lost_before: bool,
) -> String {
    let judged = judged_text(study, before, plies_before, judgment, lost_before);
    judged + &answer_text(before, &judgment.feedback)
}

/// [`verdict_text`] without the defence's answer (said apart, and left out
/// once the move is taken back).
fn judged_text(
    study: &Study,
    before: &Position,
    plies_before: usize,
    judgment: &Judgment,
    lost_before: bool,
) -> String {
    let at_ply = |plies: u32| plies as usize + plies_before;
    let fb = &judgment.feedback;
    let me = before.turn();
    let name = format!("{} {}", me.title(), before.variant().move_name(fb.played));
    let forced = only_move(before);
    // A move short of the goal; once an earlier mistake had lost it, said
    // too (every later move was called wrong as if it had just been lost).
    let wrong = |holds: String| {
        let mut text = format!("Wrong: {holds}; {}.", goal_needs(study.file.goal.kind));
        if lost_before {
            text.push_str(" The goal was already out of reach after your earlier mistake.");
        }
        text
    };
    if forced && !fb.keeps_goal {
        format!("Forced: {name} is the only move, and the goal was already out of reach.")
    } else if fb.best && !fb.keeps_goal && lost_before {
        // The best move is never wrong: the goal went earlier.
        format!(
            "Best move: {name} ({}), but the goal was already out of reach after your earlier mistake; {}.",
            fb.value.describe(),
            goal_needs(study.file.goal.kind)
        )
    } else if fb.best && !fb.keeps_goal {
        // Nothing was lost on the way: the study's claim itself is wrong.
        format!(
            "{name} is the best move, yet the goal cannot be reached: with best play {} {}; {}. \
             The study's goal does not hold from its position (maasai-mancala check --prove on its file says so).",
            me.title(),
            fb.value.describe(),
            goal_needs(study.file.goal.kind)
        )
    } else if fb.keeps_goal {
        let how = match fb.value {
            Value::Margin(m) => format!("still wins by {m}"),
            v => format!("still {}", v.describe()),
        };
        if fb.best {
            format!("Correct — {name} {how}.")
        } else {
            format!("Correct — {name} {how} (a better move exists, but the goal is kept).")
        }
    } else if !judgment.exact {
        // Proved short of the goal before the exact value was known. After
        // an earlier mistake every move is short of it, and without its
        // exact value this one may be the best left: not called wrong.
        let holds = match fb.value {
            Value::Margin(m) => format!(
                "after {name} {} holds you to at most {}",
                me.opponent().title(),
                super::solver_panel::value_word(Value::Margin(m))
            ),
            // Only a bound: no win before that ply, perhaps none at all.
            // Your wins end on your own plies (odd ones from here): "not
            // before ply 2" read as if a win at ply 2, the opponent's,
            // were still to be had.
            Value::Win { plies } => format!(
                "after {name} you cannot win before ply {}, if you win at all",
                at_ply(plies | 1)
            ),
            Value::Draw => format!("after {name} you cannot win (at best a draw)"),
            Value::Loss { plies } => {
                format!("after {name} you cannot win (at best a loss in {plies} plies)")
            }
        };
        if lost_before {
            format!(
                "Short of the goal, as every move now is: {holds}; {}. The goal was already out \
                 of reach after your earlier mistake.",
                goal_needs(study.file.goal.kind)
            )
        } else {
            wrong(holds)
        }
    } else {
        let holds = match fb.value {
            Value::Margin(m) => format!(
                "after {name} {} holds you to {}",
                me.opponent().title(),
                super::solver_panel::value_word(Value::Margin(m))
            ),
            // Said to the player: "you win", not "you wins".
            Value::Win { plies } => format!(
                "after {name} your fastest win ends at ply {}",
                at_ply(plies)
            ),
            Value::Loss { plies } => format!("after {name} you lose in {plies} plies"),
            Value::Draw => format!("after {name} it is a draw by repetition"),
        };
        wrong(holds)
    }
}

/// The end of a verdict that names the defence's answer (" North answers
/// 3."), or nothing: left out once the move is taken back, the answer
/// with it.
fn answer_text(before: &Position, fb: &Feedback) -> String {
    match (fb.reply, before.try_play(fb.played)) {
        (Some(r), Ok(p)) => format!(
            " {} answers {}.",
            p.turn().title(),
            p.variant().move_name(r)
        ),
        _ => String::new(),
    }
}

impl MaasaiApp {
    /// Applies a studies command.
    pub(super) fn apply_study(&mut self, ctx: &egui::Context, command: StudyCommand) {
        match command {
            StudyCommand::ShowLibrary(open) => {
                if open && !self.studies.library_open {
                    let folders = self.files.folders.clone();
                    self.studies.load_library(ctx, folders.as_ref());
                }
                if open {
                    // Chosen from the Studies menu with the keyboard, the
                    // menu stayed open over the library's title.
                    egui::Popup::close_all(ctx);
                    self.studies.library_to_top |= !self.studies.library_open;
                    self.studies.library_open = true;
                } else {
                    self.studies.close_library();
                }
            }
            StudyCommand::Start(study, mode) => self.start_study(ctx, *study, mode),
            StudyCommand::SwitchMode(mode) => self.switch_study_mode(mode),
            // Comments kept aside with the other mode would go unasked.
            StudyCommand::Close if self.studies.comments_aside_in().is_some() => {
                self.guard(ctx, super::files_ui::Pending::CloseStudy)
            }
            StudyCommand::Close => self.end_study(),
            StudyCommand::BackToGame => {
                // Through the file's own opening, which asks about work
                // typed on the study first; the study ends once the game
                // is in (and stays if the file cannot be read).
                if let Some(path) = self.studies.game_before.clone() {
                    self.apply_file_command(ctx, FileCommand::OpenPath(path));
                }
            }
            StudyCommand::ChooseLine(k) => {
                if let Some(a) = &mut self.studies.active {
                    a.line = k;
                    // The game keeps only what it shares with the chosen
                    // line (the move list and plot must not go on showing
                    // the other line's moves), and the board goes back to
                    // where it meets the line if it had gone past.
                    let (moves, _) = a.line(k);
                    let common = super::shared_start(self.rt.game.moves(), &moves);
                    let view = self.rt.view.min(common);
                    if self.rt.game.moves().len() > common {
                        take_off_from(a, &mut self.rt, common);
                    }
                    self.book_step_to(view, false);
                }
            }
            StudyCommand::Step(n) => self.book_step_to(n, false),
            StudyCommand::BringBackSetAside => self.bring_back_set_aside(),
            StudyCommand::Next => {
                if let Some(n) = self
                    .studies
                    .active
                    .as_ref()
                    .and_then(|a| a.book_step(&self.rt))
                {
                    self.book_step_to(n + 1, true);
                }
            }
            StudyCommand::Previous => {
                if let Some(n) = self
                    .studies
                    .active
                    .as_ref()
                    .and_then(|a| a.book_step(&self.rt))
                    && n > 0
                {
                    self.book_step_to(n - 1, false);
                }
            }
            StudyCommand::TakeBack => {
                if let Some(a) = &mut self.studies.active
                    && a.job.is_none()
                {
                    // One turn back at least.
                    let keep = a.exercise.game().moves().len().saturating_sub(1);
                    take_back(a, &mut self.rt, keep);
                }
            }
            StudyCommand::Restart => {
                if let Some(a) = &mut self.studies.active {
                    a.exercise = Trial::new(a.study.clone());
                    a.job = None;
                    a.reply = None;
                    a.log.clear();
                    a.hint = None;
                    a.message = None;
                    truncate_game(&mut self.rt, 0);
                    // As when opened (see SwitchMode).
                    self.rt.seeds_shown = None;
                }
            }
            StudyCommand::Hint => {
                let session = self.solver_for_study();
                if let Some(a) = &mut self.studies.active
                    && a.job.is_none()
                {
                    // After a wrong move a hint for the spoiled position
                    // would lead nowhere the goal is: it is for the
                    // position before the move, to be taken back first.
                    let mut ex = a.exercise.clone();
                    let wrong = wrong_move(a).map(|ply| {
                        let before = ex.game().positions()[ply];
                        let mv = ex.game().moves()[ply];
                        while ex.game().moves().len() > ply {
                            ex.undo();
                        }
                        super::said_move(&before, mv)
                    });
                    let (tx, rx) = channel();
                    let wake = Wake(ctx.clone());
                    let stop = Arc::new(AtomicBool::new(false));
                    let flag = Arc::clone(&stop);
                    spawn_solver_thread(move || {
                        let _wake = wake;
                        let r = ex.hint(&mut session.solver(), &flag);
                        let timed_out = r.is_err() && !flag.load(Ordering::Relaxed);
                        let _ = tx.send((r, timed_out));
                    });
                    a.job = Some(Job::new(JobKind::Hint(rx, wrong), stop));
                    a.hint = None;
                    // An earlier message ("Stopped: …") is not about the hint.
                    a.message = None;
                }
            }
            StudyCommand::StopSolver => {
                if let Some(job) = self.studies.active.as_ref().and_then(|a| a.job.as_ref()) {
                    job.stop.0.store(true, Ordering::Relaxed);
                }
            }
            StudyCommand::OpenTypedPath => {
                let path = self.studies.typed_path.trim().to_string();
                if !path.is_empty() {
                    let path = crate::files::typed_path(&path);
                    self.apply_file_command(ctx, FileCommand::OpenPath(path));
                }
            }
        }
    }

    /// The session's solver for an exercise; a solve of the solver panel
    /// is stopped first, since the two share one table.
    fn solver_for_study(&mut self) -> Session {
        self.solver.cancel("the study needs the solver");
        self.solver.session()
    }

    /// Sets up a study's position as a new game (through the same path as
    /// a pasted position, so unsaved changes are asked about first).
    pub fn start_study(&mut self, ctx: &egui::Context, study: Study, mode: Mode) {
        self.studies.close_library();
        let text = study.start.to_string();
        let before = self.files.path.clone();
        self.studies.pending = Some((Box::new(study), mode, before));
        self.apply_file_command(ctx, FileCommand::PasteText(text));
        self.activate_pending_study();
    }

    /// Takes the active study in `mode`, where the last switch left that
    /// mode (its moves played again on the same game), else from its
    /// start; the mode left is kept for the way back.
    fn switch_study_mode(&mut self, mode: Mode) {
        let Some(mut a) = self.studies.active.take() else {
            return;
        };
        if a.mode == mode {
            self.studies.active = Some(a);
            return;
        }
        // An exercise keeps what its trial holds: a defence still to be
        // sown is among its moves, a move being judged is not.
        let judging = match (a.mode, a.job.take()) {
            (Mode::Exercise, Some(job)) if matches!(job.kind, JobKind::Judge(_)) => {
                let len = a.exercise.game().moves().len();
                self.rt
                    .game
                    .moves()
                    .get(len)
                    .map(|&mv| super::said_move(&a.exercise.game().positions()[len], mv))
            }
            _ => None,
        };
        let (moves, view) = match a.mode {
            Mode::Exercise => {
                a.reply = None;
                let moves = a.exercise.game().moves().to_vec();
                // Live (a defence still to be sown counted in): the
                // exercise's last move.
                let view = if self.rt.live() {
                    moves.len()
                } else {
                    self.rt.view.min(moves.len())
                };
                (moves, view)
            }
            Mode::Book => (self.rt.game.moves().to_vec(), self.rt.view),
        };
        let back = self
            .studies
            .left_mode
            .take()
            .filter(|left| left.study.mode == mode && left.study.game_id == a.game_id);
        let game_id = a.game_id;
        let study = a.study.clone();
        // What is known of the study's claim goes with it to either mode
        // (a switch dropped the library's finding from under the goal).
        let claim = (
            a.claim_fault.clone(),
            a.claim_check.take(),
            a.claim_check_wanted,
        );
        let comments = std::mem::take(&mut self.rt.comments);
        let kept_comments = !comments.is_empty();
        let left = a.mode;
        self.studies.left_mode = Some(LeftMode {
            study: a,
            moves,
            view,
            judging,
            comments,
        });
        truncate_game(&mut self.rt, 0);
        // It comes on view from its start as when opened (a board wider
        // than its area shows the start's seeds), or where it was left.
        self.rt.seeds_shown = None;
        let (mut taken_up, back) = match back {
            Some(LeftMode {
                study,
                moves,
                view,
                judging,
                comments,
            }) => (study, Some((moves, view, judging, comments))),
            None => (ActiveStudy::new(study, mode, game_id), None),
        };
        (
            taken_up.claim_fault,
            taken_up.claim_check,
            taken_up.claim_check_wanted,
        ) = claim;
        // Said in the mode taken up: the comments are not lost, only kept
        // with the moves they are on.
        let kept_note = kept_comments.then(|| {
            let (of, back) = match left {
                Mode::Book => ("book's", "Book"),
                Mode::Exercise => ("exercise's", "Exercise"),
            };
            format!("Your comments on the {of} moves are kept: they come back with {back}.")
        });
        let Some((back_moves, back_view, back_judging, back_comments)) = back else {
            taken_up.message = kept_note;
            self.studies.active = Some(taken_up);
            return;
        };
        // What it said when it was left no longer holds (a note of kept
        // comments grew a copy at each switch).
        taken_up.message = None;
        for &mv in &back_moves {
            if let Err(e) = self.rt.play(mv) {
                // Cannot happen (the same moves from the same start); the
                // exercise then goes on from what could be played.
                self.rt.notice = Some(e.into());
                break;
            }
            if let Some(r) = &mut self.rt.replay {
                r.jump_to_end();
            }
        }
        let played = self.rt.game.moves().len();
        if played < back_moves.len() {
            while taken_up.exercise.game().moves().len() > played {
                taken_up.exercise.undo();
            }
        }
        self.rt.comments = back_comments;
        self.rt.comments.retain(|&n, _| n <= played);
        match back_view.min(played) {
            0 => self.rt.view_start(),
            v if v < played => self.rt.view_move(v - 1),
            _ => {}
        }
        if mode == Mode::Exercise && played > 0 {
            let moves = if played == 1 { "move" } else { "moves" };
            taken_up.message = Some(match back_judging {
                Some(mv) => format!(
                    "As you left the exercise, {played} {moves} in; {mv}, \
                     still being judged then, was not kept."
                ),
                None => format!("As you left the exercise, {played} {moves} in."),
            });
        } else if let Some(mv) = back_judging {
            taken_up.message = Some(format!(
                "{mv}, still being judged when you left the exercise, was not kept."
            ));
        }
        if let Some(note) = kept_note {
            taken_up.message = Some(match taken_up.message.take() {
                Some(said) => format!("{said} {note}"),
                None => note,
            });
        }
        self.studies.active = Some(taken_up);
    }

    /// Closes the active study: its notice goes, and the players it set
    /// aside come back, the computer paused (the position on the board is
    /// not a game the computer was asked to play).
    pub(super) fn end_study(&mut self) {
        self.studies.left_mode = None;
        // "Study: …" under the board would outlive the study.
        if let Some(a) = self.studies.active.take()
            && self.rt.notice.as_deref() == Some(&super::state::study_notice(&a.study.file.title))
        {
            self.rt.notice = None;
        }
        self.studies.game_before = None;
        if let Some(players) = self.studies.players_before.take() {
            self.settings.players = players;
            if players.iter().any(|p| p.is_computer()) {
                self.rt.computer.cancel();
                self.rt.computer.paused = true;
            }
        }
    }

    /// Takes a study whose position is already on the board (a study
    /// file just opened).
    /// `before`: the file of the game it replaced.
    pub(super) fn start_study_now(&mut self, study: Study, mode: Mode, before: Option<PathBuf>) {
        self.studies.pending = Some((Box::new(study), mode, before));
        self.activate_pending_study();
    }

    /// Activates a pending study once its position is on the board, or
    /// drops it when the user cancelled the unsaved-changes prompt.
    fn activate_pending_study(&mut self) {
        let Some((study, ..)) = &self.studies.pending else {
            return;
        };
        // Not while "Save your changes?" stands: a game set up from the
        // same position is on the board until it is answered, and the
        // study took it for its own, then ended when the paste came.
        let installed = !self.files.action_waiting()
            && *self.rt.game.start() == study.start
            && self.rt.game.moves().is_empty();
        if installed {
            let (study, mode, before) = self.studies.pending.take().expect("checked above");
            // The other mode of a study before it is not this one's.
            self.studies.left_mode = None;
            // A study opened from another keeps the way back to the game
            // before both.
            if self.studies.game_before.is_none() {
                self.studies.game_before = before;
            }
            // The defence is the program's: no computer player may move.
            self.studies
                .players_before
                .get_or_insert(self.settings.players);
            self.settings.players = [Player::Human, Player::Human];
            self.rt.notice = Some(super::state::Notice::report(super::state::study_notice(
                &study.file.title,
            )));
            // A study's sides are South and North, as its goal and comments
            // name them (a pasted position keeps the teams of the game it
            // replaced, which a study is not).
            self.rt.names = crate::engine::Side::BOTH.map(|side| side.title().to_string());
            // Nothing of it is the user's work yet.
            self.mark_saved();
            let mut active = ActiveStudy::new(*study, mode, self.rt.game_id);
            active.claim_fault = self.studies.claim_fault(&active.study);
            // (The library may not have been read: the shipped studies
            // are known without it.)
            let shipped = shipped_studies()
                .0
                .iter()
                .any(|s| s.file == active.study.file);
            // Started by the next poll, which has the window to wake.
            active.claim_check_wanted = !shipped && !self.studies.library_checks(&active.study);
            self.studies.active = Some(active);
        } else if !self.files.action_waiting() {
            // The prompt was cancelled (a Save it asked for is still
            // waiting for its path, and the study with it).
            self.studies.pending = None;
        }
    }

    /// Book: shows the position after `n` moves of the line being read,
    /// playing the moves not yet in the game; `animate` sows the last one.
    fn book_step_to(&mut self, n: usize, animate: bool) {
        let Some(a) = &self.studies.active else {
            return;
        };
        let (moves, _) = a.line(a.line);
        let n = n.min(moves.len());
        // Keep the part of the game that follows the line.
        let common = super::shared_start(self.rt.game.moves(), &moves);
        if n > common {
            if let Some(a) = &mut self.studies.active {
                take_off_from(a, &mut self.rt, common);
            }
            for &mv in &moves[common..n] {
                if let Err(e) = self.rt.play(mv) {
                    self.rt.notice = Some(e.into());
                    return;
                }
                if let Some(r) = &mut self.rt.replay {
                    r.jump_to_end();
                }
            }
            if let Some(a) = &mut self.studies.active {
                bring_back_comments(a, &mut self.rt);
            }
        }
        if n == 0 {
            self.rt.view_start();
            return;
        }
        self.rt.view_move(n - 1);
        if animate && let Some(r) = &mut self.rt.replay {
            let mut fresh = Replay::new(r.move_index, r.trace.clone());
            fresh.playing = true;
            *r = fresh;
        }
    }

    /// Book: the moves last set aside go back on the board where they were
    /// played, and the board shows their last; what they replace is set
    /// aside in turn if it is the user's own.
    fn bring_back_set_aside(&mut self) {
        let Some(a) = &mut self.studies.active else {
            return;
        };
        let Some(back) = a.set_aside.take() else {
            return;
        };
        // Back to where the board still plays the same moves, then on
        // with the rest of that game.
        let shared = super::shared_start(self.rt.game.moves(), &back.game);
        if self.rt.game.moves().len() > shared {
            take_off_from(a, &mut self.rt, shared);
        }
        for &mv in &back.game[shared..] {
            if let Err(e) = self.rt.play(mv) {
                self.rt.notice = Some(e.into());
                break;
            }
            if let Some(r) = &mut self.rt.replay {
                r.jump_to_end();
            }
        }
        bring_back_comments(a, &mut self.rt);
        self.rt.view_live();
    }

    /// Follows the game for the active study: notices an exercise move to
    /// judge, collects the solver's answers and sows the defence.
    pub(super) fn poll_studies(&mut self, ctx: &egui::Context) {
        self.activate_pending_study();
        let Some(a) = &self.studies.active else {
            return;
        };
        if self.rt.game_id != a.game_id || *self.rt.game.start() != a.study.start {
            // Another game was opened, pasted or started, even one from
            // the study's position: the study is over (its moves must not
            // replace that game's, nor count its work as saved). The
            // players come back unless chosen for the new game.
            self.end_study();
            return;
        }
        let mode = a.mode;
        if let Some(a) = &mut self.studies.active {
            poll_claim_check(a, ctx);
            // The user's own moves may play again those a change of line
            // took off, with comments on them.
            if mode == Mode::Book {
                bring_back_comments(a, &mut self.rt);
            }
        }
        // The study's moves are practice, not a game to save.
        self.mark_moves_saved();
        if mode != Mode::Exercise {
            return;
        }
        let mut start_judge = None;
        if let Some(a) = &mut self.studies.active {
            collect_job(a, &mut self.rt);
            if a.job.is_none() {
                sync_exercise(a, &mut self.rt);
                let ex_len = a.exercise.game().moves().len();
                if a.reply.is_none()
                    && self.rt.game.moves().len() == ex_len + 1
                    && self.rt.game.moves()[..ex_len] == *a.exercise.game().moves()
                    && a.exercise.users_turn()
                {
                    start_judge = Some(self.rt.game.moves()[ex_len]);
                }
            }
            // Sow the defence once the user's move has been shown, and
            // not under the position editor (the game changing closes it,
            // edits and all): it waits until the editor is left. Nor while
            // an earlier position is on view: it waits for the live one
            // (dropped, the board fell short of the exercise and the
            // user's right move was taken back).
            if let Some(reply) = a.reply
                && a.job.is_none()
                && !self.rt.animating()
                && self.editor.is_none()
                && self.rt.live()
            {
                a.reply = None;
                if let Err(e) = self.rt.play(reply) {
                    a.message = Some(format!("The defence could not be played: {e}"));
                }
            }
        }
        if let Some(mv) = start_judge {
            let session = self.solver_for_study();
            if let Some(a) = &mut self.studies.active {
                let mut ex = Box::new(a.exercise.clone());
                let (tx, rx) = channel();
                let wake = Wake(ctx.clone());
                let stop = Arc::new(AtomicBool::new(false));
                let flag = Arc::clone(&stop);
                spawn_solver_thread(move || {
                    let _wake = wake;
                    let r = ex.play(&mut session.solver(), mv, &flag);
                    let timed_out =
                        r == Err(ExerciseError::Cancelled) && !flag.load(Ordering::Relaxed);
                    let _ = tx.send((ex, r, timed_out));
                });
                a.job = Some(Job::new(JobKind::Judge(rx), stop));
                a.hint = None;
                a.message = None;
            }
        }
        if self
            .studies
            .active
            .as_ref()
            .is_some_and(|a| a.job.is_some() || a.reply.is_some())
        {
            ctx.request_repaint_after(Duration::from_millis(50));
        }
    }
}

/// A background job's stop flag, set when its owner is dropped (its
/// study closed, the library closed or read again, the window gone).
struct StopOnDrop(Arc<AtomicBool>);

impl Drop for StopOnDrop {
    fn drop(&mut self) {
        self.0.store(true, Ordering::Relaxed);
    }
}

/// Starts the check of a study's claim that the library does not check
/// (see [`ActiveStudy::claim_check`]), and takes in its finding.
fn poll_claim_check(a: &mut ActiveStudy, ctx: &egui::Context) {
    // Not beside a judgment or a hint, whose solves have their own time
    // limits: stopped, and started again once they are done.
    if a.job.is_some() {
        if a.claim_check.take().is_some() {
            a.claim_check_wanted = true;
        }
        return;
    }
    if std::mem::take(&mut a.claim_check_wanted) {
        let (tx, rx) = channel();
        let stop = Arc::new(AtomicBool::new(false));
        let flag = Arc::clone(&stop);
        let study = a.study.clone();
        let wake = Wake(ctx.clone());
        spawn_solver_thread(move || {
            let _wake = wake;
            let _ = tx.send(check_claim(&study, &flag));
        });
        a.claim_check = Some((rx, StopOnDrop(stop)));
    }
    let Some((rx, _)) = &a.claim_check else {
        return;
    };
    match rx.try_recv() {
        Ok(claim) => {
            a.claim_fault = claim_fault_words(&claim);
            a.claim_check = None;
        }
        Err(TryRecvError::Empty) => {}
        Err(TryRecvError::Disconnected) => a.claim_check = None,
    }
}

/// Runs solver work on a thread with room for deep lines (as the session's
/// own solves do).
fn spawn_solver_thread(work: impl FnOnce() + Send + 'static) {
    let spawned = std::thread::Builder::new()
        .name("study-solver".into())
        .stack_size(512 << 20)
        .spawn(|| {
            crate::priority::as_worker();
            work()
        });
    if let Err(e) = spawned {
        eprintln!("cannot start the solver thread: {e}");
    }
}

/// Wakes the window when a background job's thread ends, however it ends
/// (its answer sent, given up, or panicked): its result, or the end of
/// its spinner, then shows at once rather than at the next mouse
/// movement.
pub(super) struct Wake(pub(super) egui::Context);

impl Drop for Wake {
    fn drop(&mut self) {
        self.0.request_repaint();
    }
}

/// Takes the game back to its first `len` moves, as [`truncate_game`];
/// in a book, what that takes off is set aside when it is the user's own
/// (on no line of the study: a line's moves come back by stepping it).
fn take_off_from(a: &mut ActiveStudy, rt: &mut Runtime, len: usize) {
    let played = rt.game.moves();
    if a.mode == Mode::Book && played.len() > len {
        let on_a_line =
            (0..=a.study.file.alternatives.len()).any(|line| a.line(line).0.starts_with(played));
        if !on_a_line {
            // The comments on moves set aside before stay kept (played
            // again by hand, those moves bring them back).
            a.set_aside = Some(SetAside {
                after: len,
                game: played.to_vec(),
            });
        }
    }
    // The user's comments go with their moves, to come back with them:
    // those taken off, and those Undo left for Redo (which the cut
    // clears: stepping on played the same move with its comment gone);
    // then, once undone, those of a line "Play from here" took off, which
    // the undo brings back to Redo (the cut cleared them after bringing
    // them back, and the next move played dropped them). Taken before the
    // undo too: going back past where that line was taken off drops the
    // comments on the moves played in its place.
    let mut taken = Vec::new();
    if a.mode == Mode::Book {
        taken.extend(comments_after(rt, len));
        while rt.game.moves().len() > len && rt.undo() {}
        taken.extend(comments_after(rt, len));
    }
    if !taken.is_empty() {
        a.message = Some(COMMENTS_OFF_BOARD_NOTE.into());
        a.comments_off_board.extend(taken);
    }
    truncate_game(rt, len);
}

/// Takes the comments on the moves after the first `len`, on the board
/// and to redo, each with the moves up to its own.
fn comments_after(rt: &mut Runtime, len: usize) -> Vec<(Vec<Move>, String)> {
    let mut moves = rt.game.moves().to_vec();
    moves.extend(rt.redo.iter().rev());
    let taken = rt
        .comments
        .range(len + 1..)
        .filter(|&(&n, _)| n <= moves.len())
        .map(|(&n, text)| (moves[..n].to_vec(), text.clone()))
        .collect();
    rt.comments.retain(|&n, _| n <= len);
    taken
}

/// Book: comments kept with moves taken off come back as the game plays
/// those moves again (a comment typed there since comes first).
fn bring_back_comments(a: &mut ActiveStudy, rt: &mut Runtime) {
    let played = rt.game.moves();
    let comments = &mut rt.comments;
    a.comments_off_board.retain(|(moves, text)| {
        if !played.starts_with(moves) {
            return true;
        }
        comments
            .entry(moves.len())
            .and_modify(|now| {
                if now != text {
                    *now = format!("{now}\n\n{text}");
                }
            })
            .or_insert_with(|| text.clone());
        false
    });
    if a.comments_off_board.is_empty() && a.message.as_deref() == Some(COMMENTS_OFF_BOARD_NOTE) {
        a.message = None;
    }
}

/// Said in a book when moves with the user's comments on them are taken
/// off the board.
const COMMENTS_OFF_BOARD_NOTE: &str = "Your comments on the moves taken off are kept: they come back when those moves are \
     played again.";

/// Cuts the game back to its first `len` moves (nothing to redo after).
fn truncate_game(rt: &mut Runtime, len: usize) {
    while rt.game.moves().len() > len {
        rt.undo();
    }
    rt.redo.clear();
    rt.view_live();
}

/// Where the wrong move of the exercise was played (the moves before it),
/// if one stands: a move that lost the goal by choice, not by force. The
/// first such move of the line: the goal was lost there, so the hint and
/// "Take back the wrong move" both go back before it (after a second
/// wrong move the button took back only that one, while the hint named
/// the first).
fn wrong_move(a: &ActiveStudy) -> Option<usize> {
    a.log
        .iter()
        .find(|v| !v.taken_back && !v.feedback.keeps_goal && !v.forced && !v.feedback.best)
        .map(|v| v.ply)
}

/// Marks the verdicts of moves no longer in the exercise as taken back,
/// those of an earlier take-back gone.
fn mark_taken_back(a: &mut ActiveStudy) {
    let len = a.exercise.game().moves().len();
    // Only the latest take-back's verdicts stay, greyed.
    if a.log.iter().any(|v| !v.taken_back && v.ply >= len) {
        a.log.retain(|v| !v.taken_back);
    }
    for v in &mut a.log {
        if v.ply >= len {
            v.taken_back = true;
        }
    }
}

/// Takes the exercise back as the Take back button does: to before the
/// last wrong move (the forced moves after it were no choice), and to its
/// first `keep` moves at least (whole turns); the hint, which was for the
/// position taken back, goes.
fn take_back(a: &mut ActiveStudy, rt: &mut Runtime, keep: usize) {
    let keep = wrong_move(a).map_or(keep, |ply| ply.min(keep));
    while a.exercise.game().moves().len() > keep {
        a.exercise.undo();
    }
    a.reply = None;
    a.hint = None;
    mark_taken_back(a);
    a.message = Some("Taken back: your move again.".into());
    let len = a.exercise.game().moves().len();
    truncate_game(rt, len);
}

/// Keeps the exercise and the game in step after undo, redo, a click
/// on an earlier move, or a move played from an earlier position ("Play
/// from here"), which is then judged as the user's next move. The game
/// taken back under the exercise (Ctrl+Z, Game > Undo) is a take-back,
/// done as the Take back button does it: Ctrl+Z after a wrong move and a
/// hint left the hint, now wrong, and no word of the take-back.
fn sync_exercise(a: &mut ActiveStudy, rt: &mut Runtime) {
    // A defence still to be sown is in the exercise but not yet on the board.
    let expected = a.exercise.game().moves().len() - usize::from(a.reply.is_some());
    // Where the game leaves the exercise: compared move by move, since a
    // line played from an earlier position may be no shorter.
    let common = super::shared_start(rt.game.moves(), a.exercise.game().moves()).min(expected);
    if common >= expected {
        return;
    }
    // The exercise at the last whole turn within what the game kept.
    let mut kept = a.exercise.clone();
    while kept.game().moves().len() > common {
        kept.undo();
    }
    let len = kept.game().moves().len();
    // A new move of the user's in place of the old one stays, to be
    // judged; anything else beyond the exercise goes.
    let new_move = rt.game.moves().len() == len + 1
        && len == common
        && rt.game.moves().get(len) != a.exercise.game().moves().get(len)
        && kept.users_turn();
    if new_move {
        a.exercise = kept;
        a.reply = None;
        mark_taken_back(a);
    } else {
        take_back(a, rt, len);
    }
}

/// Takes in a finished background job.
fn collect_job(a: &mut ActiveStudy, rt: &mut Runtime) {
    match a.job.as_ref().map(|j| &j.kind) {
        Some(JobKind::Judge(rx)) => {
            let (ex, result, timed_out) = match rx.try_recv() {
                Ok(answer) => answer,
                Err(TryRecvError::Empty) => return,
                // The thread ended without an answer (it could not start,
                // or failed): the exercise must not wait for it forever.
                Err(TryRecvError::Disconnected) => {
                    a.job = None;
                    a.message =
                        Some("The solver stopped unexpectedly: your move was taken back.".into());
                    truncate_game(rt, a.exercise.game().moves().len());
                    return;
                }
            };
            a.job = None;
            match result {
                Ok(judgment) => {
                    let before = a.exercise.position().to_owned();
                    let before_len = a.exercise.game().moves().len();
                    let lost_before = wrong_move(a).is_some();
                    let text = judged_text(&a.study, &before, before_len, &judgment, lost_before);
                    let short_after_mistake =
                        lost_before && !judgment.exact && !judgment.feedback.keeps_goal;
                    let fb = judgment.feedback;
                    a.exercise = *ex;
                    a.reply = fb.reply;
                    if !fb.keeps_goal && fb.reply.is_none() && !fb.finished {
                        a.message = Some(
                            "Proved short of the goal without a defence to show: \
                             take the move back and try again."
                                .into(),
                        );
                    }
                    if fb.finished {
                        a.message = Some(if fb.keeps_goal {
                            format!("Solved! {} — the goal is reached.", a.study.file.goal.text)
                        } else if fb.best && wrong_move(a).is_none() {
                            // Best play all along: the study claims too much.
                            "The game is over: you played best, and best play falls short of this study's goal. \
                             The study's claim does not hold."
                                .into()
                        } else {
                            "The game is over and the goal was missed. Take back and try again."
                                .into()
                        });
                    }
                    // A new move judged: the notes of moves taken back go.
                    a.log.retain(|v| !v.taken_back);
                    a.log.push(Verdict {
                        answer: answer_text(&before, &fb),
                        feedback: fb,
                        text,
                        ply: before_len,
                        taken_back: false,
                        forced: only_move(&before),
                        short_after_mistake,
                    });
                }
                Err(ExerciseError::Cancelled) if timed_out => {
                    let pos = *a.exercise.position();
                    let played = rt.game.moves().get(a.exercise.game().moves().len());
                    let name = played.map_or(String::new(), |&m| super::said_move(&pos, m));
                    a.message = Some(format!(
                        "Undecided: the solver could not prove where {name} leads within {} s. \
                         Your move was taken back; try another, or ask for a hint.",
                        a.exercise.limit.as_secs()
                    ));
                    truncate_game(rt, a.exercise.game().moves().len());
                }
                Err(ExerciseError::Cancelled) => {
                    a.message = Some("Stopped: your move was taken back.".into());
                    truncate_game(rt, a.exercise.game().moves().len());
                }
                Err(e) => {
                    a.message = Some(format!("That move cannot be judged: {e}"));
                    truncate_game(rt, a.exercise.game().moves().len());
                }
            }
        }
        Some(JobKind::Hint(rx, wrong)) => {
            let wrong = wrong.clone();
            let (result, timed_out) = match rx.try_recv() {
                Ok(answer) => answer,
                Err(TryRecvError::Empty) => return,
                Err(TryRecvError::Disconnected) => {
                    a.job = None;
                    a.hint = Some("No hint: the solver stopped unexpectedly.".into());
                    return;
                }
            };
            a.job = None;
            let pos = *a.exercise.position();
            a.hint = Some(match result {
                Ok(Some(mv)) => match wrong {
                    Some(wrong) => format!(
                        "Hint: take back your wrong move ({wrong}), then sow from hole {}.",
                        pos.variant().move_name(mv)
                    ),
                    None => format!("Hint: sow from hole {}.", pos.variant().move_name(mv)),
                },
                Ok(None) => "No hint: it is not your move.".into(),
                Err(_) if timed_out => format!(
                    "No hint: the solver could not find the best move within {} s.",
                    a.exercise.limit.as_secs()
                ),
                Err(e) => format!("No hint: {e}."),
            });
        }
        None => {}
    }
}

/// One study of the library: Read and Exercise, the title and what it is.
fn study_row(
    ui: &mut egui::Ui,
    study: &Study,
    claim: Option<&Claim>,
    own: bool,
    out: &mut Vec<AppCommand>,
) {
    ui.horizontal(|ui| {
        let read = ui.button("Read");
        super::follow_focus(ui, &read);
        if read.clicked() {
            out.push(AppCommand::Study(StudyCommand::Start(
                Box::new(study.clone()),
                Mode::Book,
            )));
        }
        let exercise = ui.button("Exercise");
        super::follow_focus(ui, &exercise);
        if exercise.clicked() {
            out.push(AppCommand::Study(StudyCommand::Start(
                Box::new(study.clone()),
                Mode::Exercise,
            )));
        }
        ui.vertical(|ui| {
            // One line each, whatever the file holds (a title of a
            // thousand words, or with line breaks): whole on hover.
            let title = study.file.title.replace(['\n', '\r'], " ");
            ui.add(egui::Label::new(egui::RichText::new(&title).strong()).truncate());
            // The user's own file named last, the path on hover: named
            // first, a long file name cut the line before the goal, which
            // the shipped studies' lines show (and two studies of one
            // title are asked about before they are saved).
            let file = if own {
                std::path::Path::new(&study.origin)
                    .file_name()
                    .map_or(String::new(), |f| format!(" · {}", f.to_string_lossy()))
            } else {
                String::new()
            };
            let text = format!(
                // The solution's length, both sides' moves: "3 moves"
                // read as the study's own length under "one move, three
                // laps".
                "{} · {} · solution of {} move{}{file}",
                board_name(&study.start),
                study.file.goal.text.replace(['\n', '\r'], " "),
                study.solution.len(),
                if study.solution.len() == 1 { "" } else { "s" }
            );
            let line = egui::Label::new(egui::RichText::new(&text).weak()).truncate();
            if own {
                // One hover text, the line whole and the path: a line cut
                // short showed its own under the path's, two at once.
                ui.add(line.show_tooltip_when_elided(false))
                    .on_hover_text(format!("{text}\n{}", study.origin));
            } else {
                ui.add(line);
            }
            match claim {
                Some(Claim::Checking) => {
                    ui.weak("The solver is checking the goal…");
                }
                Some(Claim::Holds) => {
                    ui.colored_label(
                        egui::Color32::from_rgb(0x2e, 0x8b, 0x3a),
                        "The goal holds (proved by the solver).",
                    );
                }
                Some(Claim::Fails(value)) => {
                    warning(ui, format!("The goal does not hold: with best play {value}."));
                }
                Some(Claim::LineFault(fault)) => {
                    warning(
                        ui,
                        format!("The goal holds, but the solution has a mistake: {fault}."),
                    );
                }
                Some(Claim::LineUnproved) => {
                    ui.weak(format!(
                        "The goal holds (proved by the solver); that its solution line is best is not proved within {} s (maasai-mancala check --prove on the file takes the time it needs).",
                        LINE_LIMIT.as_secs()
                    ));
                }
                Some(Claim::Unproved) => {
                    ui.weak(format!(
                        "The goal is not proved within {} s (maasai-mancala check --prove on the file takes the time it needs).",
                        CLAIM_LIMIT.as_secs()
                    ));
                }
                None => {}
            }
        });
    });
    ui.add_space(4.0);
}

/// A wrapped line in the warning colour.
fn warning(ui: &mut egui::Ui, text: String) {
    let text = egui::RichText::new(text).color(ui.visuals().warn_fg_color);
    ui.add(egui::Label::new(text).wrap());
}

/// The library window: every study with Read and Exercise buttons.
/// The study library's window.
fn library_id() -> egui::Id {
    egui::Id::unique("study-library")
}

/// Whether the study library's window was shown in this frame or the last
/// (Esc closes it before it answers another window).
pub fn library_in_sight(ctx: &egui::Context) -> bool {
    let layer = egui::LayerId::new(egui::Order::Middle, library_id());
    ctx.memory(|m| m.areas().is_visible(&layer))
}

pub fn library_ui(ctx: &egui::Context, state: &mut StudiesState) -> Vec<AppCommand> {
    let mut out = Vec::new();
    if !state.library_open {
        // However it was closed, its read and its checks stop.
        state.close_library();
        return out;
    }
    state.poll_library(ctx);
    state.poll_claims();
    // Their threads wake the window when they answer; this keeps it going
    // meanwhile, should a wake come between two looks.
    if state.library_read.is_some() || state.claim_check.is_some() {
        ctx.request_repaint_after(super::busy::frame_interval());
    }
    let mut open = true;
    egui::Window::new("Studies")
        .id(library_id())
        .open(&mut open)
        .default_width(560.0)
        .default_height(560.0)
        .default_pos([80.0, 48.0])
        .resizable(true)
        .show(ctx, |ui| {
            ui.label(
                "Endgame studies with a goal and a commented solution. Read one as a book, \
                 or try it as an exercise against the solver's best defence.",
            );
            ui.separator();
            let mut list = egui::ScrollArea::vertical()
                .max_height(400.0)
                .auto_shrink([false, true]);
            // Opened, it starts at the top, where the user's own studies
            // are (egui keeps the offset of the last time it was open).
            if std::mem::take(&mut state.library_to_top) {
                list = list.vertical_scroll_offset(0.0);
            }
            list.show(ui, |ui| {
                    let all = state.library.as_deref().unwrap_or_default();
                    let (shipped, own) = all.split_at(state.library_shipped.min(all.len()));
                    // The user's own first when there are any (or broken
                    // ones to mend): they are what was just added.
                    let reading = state.library_read.is_some();
                    let own_first =
                        !own.is_empty() || !state.library_errors.is_empty() || reading;
                    let own_section = |ui: &mut egui::Ui, out: &mut Vec<AppCommand>| {
                        ui.strong("Your studies");
                        if reading {
                            ui.horizontal(|ui| {
                                super::busy::spinner(ui);
                                ui.label(READING_STUDIES);
                            });
                        }
                        for (i, study) in own.iter().enumerate() {
                            study_row(ui, study, state.claims.get(i), true, out);
                        }
                        for e in &state.library_errors {
                            ui.colored_label(ui.visuals().error_fg_color, e);
                        }
                        if let Some(dir) = &state.library_dir {
                            ui.label(
                                egui::RichText::new(format!(
                                    "Study files (.ron) in {} are listed here; the folder is read again each time this window opens.",
                                    crate::files::shown_path(dir)
                                ))
                                .weak(),
                            );
                        }
                        ui.add_space(6.0);
                    };
                    if own_first {
                        own_section(ui, &mut out);
                    }
                    ui.strong("Shipped with the program");
                    for study in shipped {
                        study_row(ui, study, None, false, &mut out);
                    }
                    if !own_first {
                        ui.add_space(6.0);
                        own_section(ui, &mut out);
                    }
                });
            ui.separator();
            ui.horizontal(|ui| {
                if ui
                    .button("Open a study file…")
                    .on_hover_text("Study files (.ron) open like saved games")
                    .clicked()
                {
                    out.push(AppCommand::Files(FileCommand::OpenStudy));
                }
            });
            ui.horizontal(|ui| {
                ui.label("Path:");
                let r = ui.add(
                    egui::TextEdit::singleline(&mut state.typed_path)
                        .hint_text("/path/to/study.ron")
                        .desired_width(300.0),
                );
                let enter = r.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
                if ui.button("Open").clicked() || enter {
                    out.push(AppCommand::Study(StudyCommand::OpenTypedPath));
                }
            });
        });
    if !open {
        out.push(AppCommand::Study(StudyCommand::ShowLibrary(false)));
    }
    out
}

/// The panel of the active study (book or exercise).
/// What the study panel says in an exercise when the council or the solver
/// is switched on: both step aside then.
pub const ADVISERS_QUIET: &str = "The council and the solver step aside during an exercise: their \
     advice would give the answer away. Hint helps instead.";

/// Draws the study panel; `advisers_on`: the council or the solver is
/// switched on (and steps aside in an exercise); `back_to`: the saved game
/// the study replaced.
pub fn study_panel_ui(
    ui: &mut egui::Ui,
    a: &ActiveStudy,
    rt: &Runtime,
    advisers_on: bool,
    back_to: Option<&Path>,
) -> Vec<AppCommand> {
    let mut out = Vec::new();
    let f = &a.study.file;
    // Wrapped: a long title must not widen the panel's content past its edge.
    ui.add(egui::Label::new(egui::RichText::new(&f.title).heading()).wrap());
    ui.horizontal_wrapped(|ui| {
        let book = a.mode == Mode::Book;
        if ui.selectable_label(book, "Book").clicked() && !book {
            out.push(AppCommand::Study(StudyCommand::SwitchMode(Mode::Book)));
        }
        if ui.selectable_label(!book, "Exercise").clicked() && book {
            out.push(AppCommand::Study(StudyCommand::SwitchMode(Mode::Exercise)));
        }
        if ui
            .button("Close study")
            .on_hover_text("End the study and keep its position on the board to play on")
            .clicked()
        {
            out.push(AppCommand::Study(StudyCommand::Close));
        }
        if let Some(path) = back_to {
            let name = crate::files::shown_name(path);
            if ui
                .button(format!("Back to {name}"))
                .on_hover_text(format!(
                    "End the study and open the game it replaced, as last saved: {}",
                    crate::files::shown_path(path)
                ))
                .clicked()
            {
                out.push(AppCommand::Study(StudyCommand::BackToGame));
            }
        }
    });
    ui.separator();
    egui::ScrollArea::vertical()
        .auto_shrink([false, false])
        .show(ui, |ui| {
            ui.label(egui::RichText::new(format!("Goal: {}", f.goal.text)).strong())
                .on_hover_text(format!(
                    "What the program checks: {} for {} (the solver's value of each move is judged against it)",
                    f.goal.kind.describe(),
                    f.goal.side.title()
                ));
            if let Some(fault) = &a.claim_fault {
                ui.colored_label(ui.visuals().warn_fg_color, fault);
            }
            // A study of the user's own may have no author ("· by" alone
            // read as a fault).
            let by = if f.author.trim().is_empty() {
                String::new()
            } else {
                format!(" · by {}", f.author)
            };
            ui.label(egui::RichText::new(format!("{}{by}", board_name(&a.study.start))).weak());
            ui.collapsing("About this study", |ui| {
                ui.label(&f.description);
                ui.label(egui::RichText::new(format!("Source: {}", f.source)).weak());
            });
            ui.separator();
            match a.mode {
                Mode::Book => book_ui(ui, a, rt, &mut out),
                Mode::Exercise => {
                    exercise_ui(ui, a, rt, &mut out);
                    if advisers_on {
                        ui.add_space(6.0);
                        ui.label(egui::RichText::new(ADVISERS_QUIET).weak());
                    }
                }
            }
        });
    out
}

/// The most lines of room a book keeps for an alternative line's comment
/// (a longer one scrolls).
const ALT_COMMENT_ROWS: f32 = 6.0;

/// A framed, prominent comment.
fn comment_box(ui: &mut egui::Ui, text: &str) {
    egui::Frame::group(ui.style())
        .fill(ui.visuals().faint_bg_color)
        .inner_margin(8.0)
        .show(ui, |ui| {
            ui.set_width(ui.available_width());
            ui.label(
                egui::RichText::new(text)
                    .size(15.0)
                    .color(ui.visuals().strong_text_color()),
            );
        });
}

fn book_ui(ui: &mut egui::Ui, a: &ActiveStudy, rt: &Runtime, out: &mut Vec<AppCommand>) {
    let (moves, comments) = a.line(a.line);
    if !a.study.alternatives.is_empty() {
        ui.horizontal_wrapped(|ui| {
            ui.label("Line:");
            if ui.selectable_label(a.line == 0, "Solution").clicked() {
                out.push(AppCommand::Study(StudyCommand::ChooseLine(0)));
            }
            for (k, (after, _)) in a.study.alternatives.iter().enumerate() {
                let label = match after {
                    0 => format!("Alternative {} (from the start)", k + 1),
                    n => format!("Alternative {} (after move {n})", k + 1),
                };
                let r = ui.selectable_label(a.line == k + 1, label);
                let r = r.on_hover_text(&a.study.file.alternatives[k].comment);
                if r.clicked() {
                    out.push(AppCommand::Study(StudyCommand::ChooseLine(k + 1)));
                }
            }
        });
        // The chosen alternative's comment, in room as high as the
        // tallest of them, kept in every line: the step buttons under it
        // moved down 33 px when an alternative was chosen (a click meant
        // for Next hit the comment) and back up for the solution.
        let width = ui.available_width();
        let room = a
            .study
            .file
            .alternatives
            .iter()
            .filter(|alt| !alt.comment.is_empty())
            .map(|alt| super::wrapped_size(ui, alt_comment(&alt.comment), width).y)
            .fold(0.0, f32::max);
        // At most a few lines' room: a long comment scrolls in it (one of
        // a dozen lines pushed the line's moves below the panel's fold).
        let most = ui.text_style_height(&egui::TextStyle::Body) * ALT_COMMENT_ROWS;
        let room = room.min(most);
        if room > 0.0 {
            ui.allocate_ui_with_layout(
                egui::vec2(width, room),
                egui::Layout::top_down(egui::Align::Min),
                |ui| {
                    ui.set_min_size(egui::vec2(width, room));
                    egui::ScrollArea::vertical()
                        .id_salt("alternative-comment")
                        .max_height(room)
                        .auto_shrink([false, true])
                        .show(ui, |ui| {
                            if a.line > 0 {
                                let c = &a.study.file.alternatives[a.line - 1].comment;
                                if !c.is_empty() {
                                    ui.label(alt_comment(c));
                                }
                            } else {
                                ui.weak("The solution: best play for both sides.");
                            }
                        });
                },
            );
        }
    }
    let Some(step) = a.book_step(rt) else {
        ui.label("The board has left this line.");
        if ui.button("Back to the line").clicked() {
            let common = super::shared_start(rt.game.moves(), &moves);
            out.push(AppCommand::Study(StudyCommand::Step(common)));
        }
        return;
    };
    ui.horizontal_wrapped(|ui| {
        if ui
            .add_enabled(step > 0, egui::Button::new("Start"))
            .clicked()
        {
            out.push(AppCommand::Study(StudyCommand::Step(0)));
        }
        if ui
            .add_enabled(step > 0, egui::Button::new("< Previous"))
            .clicked()
        {
            out.push(AppCommand::Study(StudyCommand::Previous));
        }
        if ui
            .add_enabled(step < moves.len(), egui::Button::new("Next >"))
            .clicked()
        {
            out.push(AppCommand::Study(StudyCommand::Next));
        }
        // Whole, on the buttons' row or one of its own: in a narrow panel
        // it broke after "Move 0", leaving "of 15" alone under them. As
        // wide at every step (one more digit at move 10 could send it
        // under the buttons, moving everything below).
        let widest = format!("Move {0} of {0}", moves.len());
        let width = super::text_width(ui, widest);
        ui.allocate_ui_with_layout(
            egui::vec2(width, ui.spacing().interact_size.y),
            egui::Layout::left_to_right(egui::Align::Center),
            |ui| {
                ui.add(
                    egui::Label::new(format!("Move {step} of {}", moves.len()))
                        .wrap_mode(egui::TextWrapMode::Extend),
                );
            },
        );
    });
    ui.add_space(4.0);
    // The book opens with what the study is about, under the buttons
    // (above them it would move Next away after the first click).
    let intro = format!(
        "{}\n\n{}. Press Next to play the first move.",
        a.study.file.description, a.study.file.goal.text
    );
    let text = if step == 0 {
        &intro
    } else {
        &comments[step - 1]
    };
    // The comments' box is as high at every step of the line (the tallest
    // comment's height, up to a share of the window, scrolling beyond),
    // and "End of the line." is inside it: the line's moves under it stay
    // put as the user steps. They moved with every comment's height, and
    // 18 px down at the line's end, so a second click at the same place
    // picked another move.
    let end = step == moves.len() && step > 0;
    let texts = std::iter::once(intro.as_str()).chain(comments.iter().map(String::as_str));
    comment_box_fixed(ui, texts, text, end, step);
    ui.add_space(6.0);
    ui.label("The line (click a move to go there):");
    let names = super::solver_panel::line_names(&a.study.start, &moves);
    ui.horizontal_wrapped(|ui| {
        for (i, name) in names.iter().enumerate() {
            let r = ui
                .selectable_label(i + 1 == step, name)
                .on_hover_text(&comments[i]);
            if r.clicked() {
                out.push(AppCommand::Study(StudyCommand::Step(i + 1)));
            }
        }
    });
    // Last, so that it moves nothing above it when it comes and goes.
    if let Some(aside) = &a.set_aside {
        ui.add_space(6.0);
        ui.horizontal_wrapped(|ui| {
            ui.label(set_aside_words(aside));
            let (button, hover) = if aside.moves().len() == 1 {
                (
                    "Bring it back",
                    "Your move goes back on the board, from where you played it",
                )
            } else {
                (
                    "Bring them back",
                    "Your moves go back on the board, from where you played them",
                )
            };
            if ui.button(button).on_hover_text(hover).clicked() {
                out.push(AppCommand::Study(StudyCommand::BringBackSetAside));
            }
        });
    }
    // What the switch from the exercise said (comments kept with it, a
    // move still being judged then): it was set here but never shown.
    if let Some(m) = &a.message {
        ui.add_space(6.0);
        ui.add(egui::Label::new(egui::RichText::new(m).weak()).wrap());
    }
}

/// "Your 3 moves after move 2, off the study's lines, were taken off the
/// board."
fn set_aside_words(aside: &SetAside) -> String {
    let count = aside.moves().len();
    let moves = if count == 1 {
        "move".to_string()
    } else {
        format!("{count} moves")
    };
    let place = if aside.after == 0 {
        "from the start".to_string()
    } else {
        format!("after move {}", aside.after)
    };
    let were = if count == 1 { "was" } else { "were" };
    format!("Your {moves} {place}, off the study's lines, {were} taken off the board.")
}

/// An alternative line's comment as the book shows it, over its steps.
fn alt_comment(text: &str) -> egui::RichText {
    egui::RichText::new(text).italics()
}

/// The margin inside a comment box.
const COMMENT_MARGIN: f32 = 8.0;

/// A comment's text as the box shows it.
fn comment_text(ui: &egui::Ui, text: &str) -> egui::RichText {
    egui::RichText::new(text)
        .size(15.0)
        .color(ui.visuals().strong_text_color())
}

/// A comment box holding `text` (and "End of the line." when `end`), as
/// high as the tallest of `all` would make it (with the end line), up to
/// a third of the window; a longer comment scrolls inside it.
fn comment_box_fixed<'t>(
    ui: &mut egui::Ui,
    all: impl Iterator<Item = &'t str>,
    text: &str,
    end: bool,
    step: usize,
) {
    let frame = egui::Frame::group(ui.style())
        .fill(ui.visuals().faint_bg_color)
        .inner_margin(COMMENT_MARGIN);
    let inner = ui.available_width() - frame.total_margin().sum().x;
    let tallest = all
        .map(|t| super::wrapped_size(ui, comment_text(ui, t), inner).y)
        .fold(0.0, f32::max);
    let end_row = ui.text_style_height(&egui::TextStyle::Body) + ui.spacing().item_spacing.y;
    let most = (ui.ctx().content_rect().height() / 3.0).max(4.0 * end_row);
    let height = (tallest + end_row).min(most).round();
    frame.show(ui, |ui| {
        ui.set_width(inner);
        ui.set_height(height);
        // A bar of its own beside the text, not floating over its ends.
        ui.spacing_mut().scroll = egui::style::ScrollStyle::solid();
        egui::ScrollArea::vertical()
            // Each step's comment from its top.
            .id_salt(("study-comment", step))
            .auto_shrink([false, false])
            .max_height(height)
            .show(ui, |ui| {
                ui.label(comment_text(ui, text));
                if end {
                    ui.label(egui::RichText::new("End of the line.").italics());
                }
            });
    });
}

fn exercise_ui(ui: &mut egui::Ui, a: &ActiveStudy, rt: &Runtime, out: &mut Vec<AppCommand>) {
    let side = a.study.file.goal.side.title();
    ui.label(format!(
        "You play {side}; the program defends with perfect play. Click a hole to move."
    ));
    // The buttons come before the verdicts, which grow as the user plays:
    // below them the buttons would move away from the pointer.
    let idle = a.job.is_none();
    // A wrong move already taken back is not the one the button takes back.
    let wrong = wrong_move(a).is_some();
    ui.horizontal_wrapped(|ui| {
        let has_moves = !a.exercise.game().moves().is_empty();
        let label = if wrong {
            "Take back the wrong move"
        } else {
            "Take back"
        };
        if ui
            .add_enabled(idle && a.exercise.users_turn(), egui::Button::new("Hint"))
            .on_hover_text("The solver names the hole to sow from")
            .clicked()
        {
            out.push(AppCommand::Study(StudyCommand::Hint));
        }
        if ui.add_enabled(idle, egui::Button::new("Restart")).clicked() {
            out.push(AppCommand::Study(StudyCommand::Restart));
        }
        // Last: its label changes length ("… the wrong move"), and it is
        // as wide as the longer one, so that it never wraps to a row of
        // its own (and back) under the pointer.
        let wide = super::button_width_for(ui, &["Take back the wrong move", "Take back"]);
        if ui
            .add_enabled(
                idle && has_moves,
                egui::Button::new(label).min_size(egui::vec2(wide, 0.0)),
            )
            .clicked()
        {
            out.push(AppCommand::Study(StudyCommand::TakeBack));
        }
    });
    for v in &a.log {
        if v.taken_back {
            // Without the answer, taken back with the move.
            ui.label(egui::RichText::new(format!("Taken back: {}", v.text)).weak());
            continue;
        }
        let color = if v.feedback.keeps_goal {
            egui::Color32::from_rgb(0x2e, 0x8b, 0x3a)
        } else if v.feedback.best || v.short_after_mistake {
            // The best move (or perhaps the best), the goal lost before
            // it: not the user's error.
            ui.visuals().warn_fg_color
        } else {
            ui.visuals().error_fg_color
        };
        ui.label(egui::RichText::new(format!("{}{}", v.text, v.answer)).color(color));
    }
    if let Some(job) = &a.job {
        // Wrapped: in one row, unwrapped, "The solver is judging your
        // move… 0 s" and Stop were wider than a panel at its least width,
        // which widened for good at each judged move (the board shrank
        // and moved right).
        ui.horizontal_wrapped(|ui| {
            super::busy::spinner(ui);
            let what = match job.kind {
                JobKind::Judge(_) => "The solver is judging your move",
                JobKind::Hint(..) => "The solver is looking for a hint",
            };
            ui.label(format!("{what}… {} s", job.started.elapsed().as_secs()));
            if ui
                .button("Stop")
                .on_hover_text("Stop the solver (a move being judged is taken back)")
                .clicked()
            {
                out.push(AppCommand::Study(StudyCommand::StopSolver));
            }
        });
    }
    if let Some(m) = &a.message {
        ui.add_space(4.0);
        comment_box(ui, m);
    }
    let over = a.exercise.game().is_over();
    if !over && a.exercise.users_turn() && a.job.is_none() && a.reply.is_none() {
        ui.label(egui::RichText::new(format!("{side} to move: your turn.")).strong());
    }
    if let Some(h) = &a.hint {
        ui.label(egui::RichText::new(h).italics());
    }
    if matches!(rt.live_status(), Some(Status::Over(_))) && !over {
        ui.label("The game on the board is over.");
    }
}
