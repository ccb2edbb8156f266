//! The window's side of [`crate::files`]: open, save, recent files, copy and
//! paste of positions, dropped files, the unsaved-changes prompt, autosave
//! and "Resume last game". The state lives in [`FilesState`]; file actions
//! arrive as [`FileCommand`]s and are applied in `MaasaiApp::apply_file_command`,
//! like every other command. A failure never touches the game on view: it
//! only sets a message shown in the window.

use super::autosave_writer::{AutosaveWriter, Snapshot, Written};
use super::new_game::NewGameDialog;
use super::presets_ui::PresetPicker;
use super::state::{MoveStats, Notice, Runtime};
use super::{AppCommand, MaasaiApp};
use crate::engine::{Game, GameOptions, Move, Side, Variant, count_word};
use crate::files::{
    Autosave, FileError, FileStamp, Folders, GameFile, LoadError, PastedRecord, Preset,
    RecentFiles, add_user_preset, clear_autosave, delete_user_preset, file_stamp, position_text,
    read_pasted, record_text, rename_user_preset, save_game, set_aside_damaged_autosave,
};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, TryRecvError, channel};

/// The title of a failed save's message.
const SAVE_FAILED: &str = "Cannot save the game";

/// The title of a refused paste's message.
pub const PASTE_REFUSED: &str = "Cannot paste a position or game record";

/// File actions the panels ask for.
#[derive(Clone, Debug, PartialEq)]
pub enum FileCommand {
    /// New game (after the unsaved-changes prompt): opens the new-game dialog.
    New,
    /// Choose a file to open (file dialog, or the typed-path window).
    Open,
    /// [`FileCommand::Open`] from the Studies menu: offered the folder of
    /// the user's own studies, where there is one.
    OpenStudy,
    OpenPath(PathBuf),
    Save,
    SaveAs,
    SaveTo(PathBuf),
    CopyPosition,
    /// The whole game as one line: its start position, then its moves.
    CopyRecord,
    /// Paste from the system clipboard.
    PasteFromClipboard,
    /// Paste this text (a paste event, or the clipboard's text).
    PasteText(String),
    Resume,
    DeclineResume,
    Unsaved(Choice),
    /// The answer to "changed on disk since": replace it with this game.
    ReplaceChanged,
    /// … or leave the file as it is now (Save as… goes through SaveAs).
    KeepChanged,
    DismissError,
    ClosePathPrompt,
    /// Stop waiting for a file being read or a pasted game record being
    /// replayed (see [`Reading`]).
    CancelOpen,
    SavePreset(Preset),
    RenamePreset {
        old: String,
        new: String,
    },
    DeletePreset(String),
    /// Export the position on view as an SVG diagram: the export window
    /// opens (caption, look, file); `mono` ticks black and white.
    ExportDiagram {
        mono: bool,
    },
    /// Choose the diagram's file in a file dialog (the export window's
    /// Browse…); its answer exports at once.
    BrowseDiagram,
    /// … to this file (the position chosen with ExportDiagram, the look
    /// and caption as the export window has them).
    ExportDiagramTo(PathBuf),
    /// Close the diagram's export window.
    CloseDiagramPrompt,
}

/// The notice of an exported diagram begins with this.
pub const DIAGRAM_NOTICE: &str = "Exported the diagram to ";

/// The name of the export window's file field.
const DIAGRAM_FIELD: &str = "Diagram file";

/// The title of a failed export's message.
pub const DIAGRAM_REFUSED: &str = "Cannot export the diagram";

/// A diagram waiting for its file: the position on view when Export
/// diagram was asked for (stepping through the moves meanwhile does not
/// change what is exported), with what the game says of it.
#[derive(Clone, Debug)]
pub struct DiagramJob {
    pub position: crate::engine::Position,
    /// The move that led to the position on view (none at the start) and
    /// its name, "South 7": the hole it started from is ringed unless the
    /// user says otherwise.
    pub moved: Option<(crate::engine::HoleRef, String)>,
    /// The game's result where the position ends it.
    pub result: Option<crate::engine::GameResult>,
    /// Which position it is, for the export window: "The start position",
    /// "The position after move 3 (North 6)".
    pub what: String,
    /// What the file is called unless the user says otherwise.
    pub file_name: String,
}

impl DiagramJob {
    /// The diagram's options as the export window has them: a blank
    /// caption is none.
    pub fn options(&self, choice: &ExportDiagram) -> crate::diagram::DiagramOptions {
        let caption = choice.caption.trim();
        crate::diagram::DiagramOptions {
            caption: (!caption.is_empty()).then(|| caption.to_string()),
            mono: choice.mono,
            highlight: self
                .moved
                .iter()
                .filter(|_| choice.ring_move)
                .map(|&(hole, _)| hole)
                .collect(),
            result: self.result,
        }
    }
}

/// The export window's choices besides the file: the caption and the look.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExportDiagram {
    /// A line above the board (blank: none).
    pub caption: String,
    /// Black and white, for print.
    pub mono: bool,
    /// Ring the hole the move on view started from.
    pub ring_move: bool,
}

/// The export window of a diagram: its choices, and the file's path typed
/// or chosen with Browse… (drawn as the Open / Save As window is).
pub type DiagramPrompt = PathPrompt<ExportDiagram>;

/// The answers to "save your changes?".
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Choice {
    Save,
    Discard,
    Cancel,
}

/// What the typed-path window (or a file dialog) is choosing a path for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Purpose {
    Open,
    SaveAs,
}

/// An action that replaces or closes the current game, so it waits for
/// the unsaved-changes prompt.
#[derive(Clone, Debug, PartialEq)]
pub enum Pending {
    New,
    Open,
    OpenPath(PathBuf),
    /// A pasted position, or game record (its moves replayed), with the
    /// move list's figures of its moves.
    Paste(Box<Game>, Vec<MoveStats>),
    Resume,
    Close,
    /// Close study, while comments typed on its other mode are kept aside
    /// (they would go with it).
    CloseStudy,
}

/// The window asking for a path by hand: for Open or Save As
/// ([`Purpose`]), or for a diagram's export ([`DiagramPrompt`]).
#[derive(Clone, Debug)]
pub struct PathPrompt<P = Purpose> {
    pub purpose: P,
    pub text: String,
    /// Why the window appeared (e.g. no file dialog on this system).
    pub note: Option<String>,
    /// The field has been given the keyboard (when the window opens, and
    /// again after a failed save's message).
    pub focused: bool,
    /// Save As: a typed path names a file that exists; the window asks
    /// before replacing it.
    pub ask_replace: Option<ReplaceQuestion>,
    /// The path the user agreed to replace.
    pub replace_ok: Option<PathBuf>,
}

impl<P> PathPrompt<P> {
    pub fn new(purpose: P, text: String, note: Option<String>) -> PathPrompt<P> {
        PathPrompt {
            purpose,
            text,
            note,
            focused: false,
            ask_replace: None,
            replace_ok: None,
        }
    }
}

/// "Replace it?" about a file already at a chosen path, with what that
/// file is (read once, when the question is asked), so that nobody
/// replaces a game or a study believing it a spare copy.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReplaceQuestion {
    pub path: PathBuf,
    /// A study of the user's library with the title being saved: the
    /// question names it by that title.
    pub title: Option<String>,
    /// `A saved game, 3.2 kB, last changed 2026-12-05 09:14 UTC.` (empty
    /// when nothing could be read of it).
    pub what: String,
}

/// What "Replace it?" says under the question: what the file is, and
/// where it is kept once replaced (no question said it was kept at all).
pub fn replaced_file_words(question: &ReplaceQuestion) -> String {
    let kept = format!(
        "Replaced, it is kept as “{}”.",
        crate::files::shown_path(&crate::files::replaced_kept_as(&question.path))
    );
    if question.what.is_empty() {
        kept
    } else {
        format!("{} {kept}", question.what)
    }
}

impl ReplaceQuestion {
    pub fn new(path: PathBuf) -> ReplaceQuestion {
        let what = crate::files::describe_existing(&path);
        let what = if what.is_empty() {
            what
        } else {
            format!("{}.", super::capitalised(&what))
        };
        ReplaceQuestion {
            path,
            title: None,
            what,
        }
    }

    /// The question itself, naming the file (and the study's title).
    pub fn question(&self) -> String {
        match &self.title {
            Some(title) => format!(
                "Your studies already have “{title}”, in “{}”. Replace it?",
                crate::files::shown_path(&self.path)
            ),
            None => format!(
                "“{}” already exists. Replace it?",
                crate::files::shown_path(&self.path)
            ),
        }
    }
}

/// What identifies the game's content: changed content means unsaved work.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Signature {
    start: crate::engine::Position,
    moves: Vec<Move>,
    names: [String; 2],
    comments: std::collections::BTreeMap<usize, String>,
    event: String,
    notes: String,
}

/// How long typed text rests before the autosave writes it.
const TEXT_REST: std::time::Duration = std::time::Duration::from_secs(1);

/// How the notice of a save begins (it goes once there are new changes).
pub const SAVED_NOTICE: &str = "Saved to ";

/// What the start of a run does with the last session's autosave.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LastSession {
    /// Offer to resume its game (no file was named at launch).
    Offer,
    /// A file was named at launch: a game with unsaved changes is moved
    /// aside (and the user told where), not offered.
    KeepAside,
    /// A file was named at launch and is still to be read: once it is,
    /// [`LastSession::KeepAside`] if it opened, else
    /// [`LastSession::Offer`] (a file that cannot be opened takes nobody's
    /// place). Until then nothing is autosaved.
    AfterOpening,
    /// Leave it alone (tests, the placeholder state).
    Ignore,
}

/// The games other windows left in their idle folders, moved aside once
/// at the window's start ([`keep_idle_windows_games`]).
enum IdleWindows {
    ToCheck,
    /// On a thread of its own: the message to show, if any.
    Checking(Receiver<Option<(String, String)>>),
    Done,
}

/// Where the last session's game stands. Until it is settled nothing is
/// autosaved: the autosave on disk is that game's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum LastGame {
    /// Offered, kept aside, or there was none: autosaves go on.
    Settled,
    /// The file named at launch is still being read: whether it opens
    /// decides ([`LastSession::AfterOpening`]).
    AwaitingFile,
    /// The autosave is still to be read, and then done with as this says:
    /// off the window's thread, once no other file is (replaying a damaged
    /// one's endless move took 20 s, with the window black).
    ToRead(LastSession),
}

pub use crate::files::UNSAVED_ASIDE;

/// Where an unsaved game from the last session goes when it is moved
/// aside: the first free "unsaved game.ron", "unsaved game 2.ron", … in
/// the data folder.
pub(super) fn unsaved_aside_path(data: &std::path::Path) -> std::path::PathBuf {
    crate::files::first_free_path(|k| match k {
        1 => data.join(format!("{UNSAVED_ASIDE}.ron")),
        k => data.join(format!("{UNSAVED_ASIDE} {k}.ron")),
    })
}

/// [`FilesState::move_aside`]'s kind.
pub type MoveAside =
    fn(&std::path::Path) -> Result<std::path::PathBuf, (std::path::PathBuf, std::io::Error)>;

/// Moves the autosave (a game with changes saved nowhere else) aside to
/// the first free `unsaved game.ron`, `unsaved game 2.ron`, … of `data`:
/// where it went, or where it was to go and why it could not.
pub fn move_unsaved_aside(
    data: &std::path::Path,
) -> Result<std::path::PathBuf, (std::path::PathBuf, std::io::Error)> {
    move_to_free_name(&crate::files::autosave_path(data), data)
}

/// The message for an unsaved game that could not be moved aside: it
/// stays in the autosave until `what_overwrites` it.
fn still_in_autosave(
    data: &std::path::Path,
    (aside, e): (std::path::PathBuf, std::io::Error),
) -> (String, String) {
    let autosave = crate::files::autosave_path(data);
    (
        STILL_IN_AUTOSAVE.into(),
        format!(
            "It could not be moved aside to {}: {}.\n\
             It stays there: the game now on the board is not autosaved until it can \
             be moved, which is tried again at each change. Open… in the Game menu \
             opens {} now.",
            crate::files::shown_path(&aside),
            crate::files::io_words(&aside, &e),
            crate::files::shown_path(&autosave)
        ),
    )
}

/// The title of [`still_in_autosave`]'s message.
const STILL_IN_AUTOSAVE: &str = "Your unsaved game from the last session is still in the autosave";

/// How often a move aside that failed is tried again (see
/// [`FilesState::aside_pending`]).
const ASIDE_RETRY: std::time::Duration = std::time::Duration::from_secs(2);

/// [`move_unsaved_aside`] at launch, for a file opened in the game's
/// place: the message that says where it went, or why it could not.
fn keep_unsaved_aside(data: &std::path::Path) -> (String, String) {
    match move_unsaved_aside(data) {
        Ok(aside) => (
            "Your unsaved game from the last session was kept".into(),
            format!(
                "It had changes saved in no file, and the file opened now takes its place.\n\
                 It was moved to {}: Open… in the Game menu opens it.",
                crate::files::shown_path(&aside)
            ),
        ),
        Err(failed) => still_in_autosave(data, failed),
    }
}

/// The games of windows after this one that ended without being closed
/// (their folders idle, see [`crate::files::claim_idle_windows`]) with
/// work saved in no file, moved aside to the data folder's `unsaved
/// game.ron`, `unsaved game 2.ron`, …: otherwise such a game waited unseen
/// in `window 2/` until two windows were open at once again. The message
/// says where each went; `None` when there were none. Run on a thread of
/// its own, apart from the window's own last game, which it neither holds
/// up nor is stopped with (a game moved is always said). Only an autosave
/// that may hold such work is replayed
/// ([`crate::files::may_hold_unsaved_work`]): a saved one, left for its
/// window, was replayed at every start.
fn keep_idle_windows_games(data: &Path) -> Option<(String, String)> {
    let root = crate::files::data_root(data);
    let mut said = Vec::new();
    for (folder, claim) in crate::files::claim_idle_windows(data) {
        if !crate::files::may_hold_unsaved_work(&folder) {
            continue;
        }
        // A damaged one is left to its own window's next start, which
        // says what is wrong with it.
        let Ok(Some(mut autosave)) = crate::files::load_autosave(&folder) else {
            continue;
        };
        autosave.check_source();
        if !autosave.has_unsaved_work() {
            continue;
        }
        let from = crate::files::autosave_path(&folder);
        said.push(match move_to_free_name(&from, root) {
            Ok(aside) => format!(
                "Window {}'s game was moved to {}: Open… in the Game menu opens it.",
                claim.window,
                crate::files::shown_path(&aside)
            ),
            Err((aside, e)) => format!(
                "Window {}'s game could not be moved to {} ({e}): it stays in {}, offered \
                 back the next time {} windows are open at once.",
                claim.window,
                crate::files::shown_path(&aside),
                crate::files::shown_path(&from),
                claim.window
            ),
        });
    }
    let (title, why) = match said.len() {
        0 => return None,
        1 => (
            "Another window's unsaved game",
            "Another window of this program ended without being closed, and its game had \
             work saved in no file.",
        ),
        _ => (
            "Other windows' unsaved games",
            "Other windows of this program ended without being closed, and their games had \
             work saved in no file.",
        ),
    };
    Some((title.into(), format!("{why}\n{}", said.join("\n"))))
}

/// Moves `from` to the first free `unsaved game.ron`, `unsaved game
/// 2.ron`, … of `data`, claiming the name first (a rename replaces a file
/// of that name, and two windows starting at once may pick the same).
fn move_to_free_name(
    from: &Path,
    data: &Path,
) -> Result<std::path::PathBuf, (std::path::PathBuf, std::io::Error)> {
    loop {
        let aside = unsaved_aside_path(data);
        match std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&aside)
        {
            Ok(_) => {}
            // Taken meanwhile: the next name.
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => continue,
            Err(e) => return Err((aside, e)),
        }
        return match std::fs::rename(from, &aside) {
            Ok(()) => Ok(aside),
            Err(e) => {
                let _ = std::fs::remove_file(&aside);
                Err((aside, e))
            }
        };
    }
}

/// What the start of a run does with the last session's autosave in
/// `folders` (`last` is `Offer` or `KeepAside`): the game to offer back,
/// and a message to show (its title and text).
fn last_session(
    folders: &Folders,
    last: LastSession,
) -> (Option<ResumeOffer>, Option<(String, String)>) {
    let loaded = crate::files::never_stopped(read_last_session(&folders.data, &mut || true));
    settle_last_session(folders, last, loaded.map_err(|e| e.to_string()))
}

/// The last session's autosave in `data`, read and its moves replayed,
/// checked against the file its game was saved to; stops when
/// `keep_going` says so.
fn read_last_session(
    data: &Path,
    keep_going: &mut dyn FnMut() -> bool,
) -> Result<Option<ResumeOffer>, LoadError> {
    let Some(mut autosave) = crate::files::load_autosave_or_stop(data, &mut *keep_going)? else {
        return Ok(None);
    };
    autosave.check_source();
    ResumeOffer::prepare(autosave, keep_going).map(Some)
}

/// The last session's game offered back, with what Resume needs worked
/// out off the window's thread when it was read: Resume used to trace
/// every move again for the move list, and read and replay the file its
/// game was saved to, on the window's thread.
pub struct ResumeOffer {
    pub autosave: Autosave,
    /// The move list's figures of its moves.
    stats: Vec<MoveStats>,
    /// The game its file holds, where it has changes not saved there:
    /// undoing back to it clears the unsaved mark, as before the restart.
    saved: Option<Signature>,
}

impl ResumeOffer {
    fn prepare(
        autosave: Autosave,
        keep_going: &mut dyn FnMut() -> bool,
    ) -> Result<ResumeOffer, LoadError> {
        let stats =
            move_stats_or_stop(&autosave.game.game, &mut *keep_going).ok_or(LoadError::Stopped)?;
        let saved = match (&autosave.source, autosave.unsaved, autosave.source_lost) {
            (Some(source), true, None) => crate::files::read_text(source)
                .ok()
                .and_then(|text| {
                    crate::files::game_from_text_or_stop(&text, source, &mut *keep_going).ok()
                })
                .map(|file| file_signature(&file)),
            _ => None,
        };
        Ok(ResumeOffer {
            autosave,
            stats,
            saved,
        })
    }
}

impl std::ops::Deref for ResumeOffer {
    type Target = Autosave;
    fn deref(&self) -> &Autosave {
        &self.autosave
    }
}

/// What [`last_session`] does with the autosave once it is read
/// (`loaded`: its game, or why it cannot be read).
fn settle_last_session(
    folders: &Folders,
    last: LastSession,
    loaded: Result<Option<ResumeOffer>, String>,
) -> (Option<ResumeOffer>, Option<(String, String)>) {
    match loaded {
        Ok(Some(a))
            if last == LastSession::Offer
                && (!a.game.game.moves().is_empty()
                    || a.source.is_some()
                    || a.has_unsaved_work()) =>
        {
            (Some(a), None)
        }
        // A file opened at launch takes the game's place, and the
        // next autosave would write over a game saved nowhere else:
        // it is moved aside first, under a name that says what it is.
        Ok(Some(a)) if a.has_unsaved_work() => (None, Some(keep_unsaved_aside(&folders.data))),
        Ok(_) => (None, None),
        Err(e) => {
            let bak = crate::files::backup_path(&crate::files::autosave_path(&folders.data));
            let kept = match set_aside_damaged_autosave(&folders.data) {
                Ok(aside) => format!("It was moved to {}.", crate::files::shown_path(&aside)),
                Err(why) => {
                    format!("{why}.\nIt is overwritten by the next move's autosave.")
                }
            };
            // The version before it is moved aside too, under a name no
            // autosave writes: left as autosave.ron.bak, the second move's
            // autosave replaced it, and Discard on closing removed it.
            let before = if bak.exists() {
                let aside = unsaved_aside_path(&folders.data);
                match std::fs::rename(&bak, &aside) {
                    Ok(()) => format!(
                        "\nThe autosave before it was moved to {}, where no autosave writes \
                         over it; Open… in the Game menu opens its game.",
                        crate::files::shown_path(&aside)
                    ),
                    Err(why) => format!(
                        "\nThe autosave before it is {} (it could not be moved aside to {}: \
                         {why}); Open… in the Game menu opens its game. Copy it elsewhere \
                         first: the second move's autosave replaces it.",
                        crate::files::shown_path(&bak),
                        crate::files::shown_path(&aside)
                    ),
                }
            } else {
                String::new()
            };
            (
                None,
                Some((
                    "The autosave from the last session cannot be read".into(),
                    format!("{e}\n{kept}{before}"),
                )),
            )
        }
    }
}

/// One message of two: a title that names both (each message's own, the
/// second's in lower case after "and"), then each message under its own
/// title (neither hides the other, e.g. a damaged recent-files list and a
/// damaged autosave found at the same start). A third joins the same way
/// ("A, b, and c").
pub(super) fn join_messages(
    first: Option<(String, String)>,
    next: (String, String),
) -> (String, String) {
    const AND: &str = ", and ";
    let Some((title, text)) = first else {
        return next;
    };
    let lower = |t: &str| {
        let mut chars = t.chars();
        chars.next().map_or_else(String::new, |c| {
            c.to_lowercase().chain(chars).collect::<String>()
        })
    };
    let (titles, text) = match title.rfind(AND) {
        // Already two or more, each under its title in the text.
        Some(at) => (
            format!("{}, {}", &title[..at], &title[at + AND.len()..]),
            text,
        ),
        None => (title.clone(), format!("{title}.\n{text}")),
    };
    (
        format!("{titles}{AND}{}", lower(&next.0)),
        format!("{text}\n\n{}.\n{}", next.0, next.1),
    )
}

/// The window's file state (not persisted; the files themselves are).
pub struct FilesState {
    /// Where presets, recent files and the autosave live; `None` when the
    /// system has no home folder (then there is no autosave).
    pub folders: Option<Folders>,
    /// This window's hold on its data folder (`folders.data`), so that a
    /// second window open at once keeps its autosave apart
    /// ([`Folders::claim_window`]).
    pub window_claim: Option<crate::files::WindowClaim>,
    /// Use the system file dialogs (off in tests: the typed path is used).
    /// Turned off for the session when a dialog answers at once with no
    /// file: the system has none (no desktop portal).
    pub native_dialogs: bool,
    /// The next Open is for a study ([`FileCommand::OpenStudy`]), until
    /// its dialog or window comes up.
    open_for_study: bool,
    /// The system's file dialog for Open… and Save as… (run on a thread of
    /// its own): the path chosen, or `None`. Tests put their own in.
    pub file_dialog: fn(Purpose, Option<PathBuf>) -> Option<PathBuf>,
    /// Moves the last session's unsaved game aside (from the data folder's
    /// autosave to the first free `unsaved game.ron`, …): where it went, or
    /// where it was to go and why it could not. Tests put their own in.
    pub move_aside: MoveAside,
    /// The file the current game was opened from or saved to.
    pub path: Option<PathBuf>,
    /// What the current game's file holds that the runtime does not: its
    /// options and date (moves, names, comments, event and notes are the
    /// runtime's, so they are never kept twice).
    pub record: FileRecord,
    /// The content last saved (or started fresh); `None` = never saved.
    saved: Option<Signature>,
    /// The content last autosaved, and whether it was written as unsaved
    /// work (a study's move is autosaved before it is counted as practice,
    /// a frame later: the flag must then be written again, or the next
    /// launch moved the practice aside as "your unsaved game").
    autosaved: Option<(Signature, bool)>,
    pub recent: RecentFiles,
    /// A failure to show: (title, message).
    pub error: Option<(String, String)>,
    /// Why the last autosave failed, while it keeps failing: said once in
    /// a message, then in the menu bar rather than after every move.
    pub autosave_failing: Option<String>,
    /// The last session's unsaved game could not be moved aside and is
    /// still the autosave (with when that was last tried, if since the
    /// first try): no autosave is written over it until it is moved. The
    /// first move's autosave had put it in the .bak, and the second's had
    /// written over that, its only copy.
    pub aside_pending: Option<Option<std::time::Instant>>,
    /// The thread that writes the autosave (started with the first one):
    /// a frame only hands it the game, and polls what became of it.
    autosave_writer: Option<AutosaveWriter>,
    pub path_prompt: Option<PathPrompt>,
    /// The Open window whose path is being read: back, as typed, if the
    /// file cannot be opened (a damaged file's path went with the window).
    open_prompt_reading: Option<PathPrompt>,
    /// The action waiting on "save your changes?".
    pub unsaved_prompt: Option<Pending>,
    /// The action to do once a Save As (chosen in the prompt) succeeds.
    after_save: Option<Pending>,
    /// The game's file as it was on disk when it was opened or last saved
    /// here: a save that finds it otherwise asks before replacing what
    /// another program (or another window) wrote there.
    on_disk: Option<FileStamp>,
    /// The file a save found changed on disk, waiting on the user's answer.
    pub changed_on_disk: Option<ReplaceQuestion>,
    /// The autosave offered back at start.
    pub resume_offer: Option<ResumeOffer>,
    /// The game on view when the resume offer was declined: until it
    /// changes (the next move), the autosave on disk is the declined game's
    /// and stays, also on closing.
    declined_at: Option<Signature>,
    dialog: Option<(Purpose, Receiver<Option<PathBuf>>, std::time::Instant)>,
    allow_close: bool,
    /// What the keys of a Ctrl+V in progress have brought (see
    /// `paste_without_text`); here, not with the game, which a paste
    /// replaces.
    pub paste_watch: PasteWatch,
    /// Changes were discarded on closing: no final autosave.
    discarded: bool,
    /// When the user last typed in a comment, the event or the notes: the
    /// autosave waits until the text has rested a second, rather than
    /// write (and sync) the file on every keystroke.
    text_edited: Option<std::time::Instant>,
    /// A file being read, or a pasted game record replayed, off the
    /// window's thread.
    pub reading: Option<Reading>,
    /// A file read for opening, kept for the open that waited on "save
    /// your changes?" (so it is read once).
    read: Option<(PathBuf, Box<Opened>)>,
    /// Where the last session's game stands.
    last_game: LastGame,
    /// The games left in idle windows' folders ([`keep_idle_windows_games`]).
    idle_windows: IdleWindows,
    /// A diagram export waiting for its file.
    pub diagram: Option<DiagramJob>,
    /// The typed-path window of a diagram export.
    pub diagram_prompt: Option<DiagramPrompt>,
    /// The file dialog of a diagram export, its answer not yet in.
    diagram_dialog: Option<Receiver<Option<PathBuf>>>,
    /// The folder of the last diagram exported, where the next one goes.
    pub diagram_folder: Option<PathBuf>,
}

/// A file being read for opening, or a pasted game record being replayed,
/// on its own thread: replaying a game (one move may take half a minute to
/// prove that it never ends) must not freeze the window. Dropped (stopped
/// by the user, another file opened or record pasted, the window closed),
/// it tells the thread to stop, which then gives up promptly, even in the
/// middle of a long move.
pub struct Reading {
    pub job: Job,
    rx: Receiver<Done>,
    /// Set to stop the read (also when the reading is dropped).
    stop: Arc<AtomicBool>,
}

/// What a [`Reading`] works on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Job {
    /// A file, read for opening.
    Open(PathBuf),
    /// The last session's autosave, read to offer its game back (or to
    /// keep it aside).
    LastSession,
    /// A pasted game record of this many moves, replayed.
    Paste(usize),
}

/// What a [`Reading`]'s thread sends back.
enum Done {
    Read(PathBuf, ReadResult),
    Pasted(PasteResult),
    /// The last session's game, or why its autosave cannot be read.
    LastSession(Result<Option<Box<ResumeOffer>>, String>),
}

/// A pasted game record replayed, with the move list's figures, or why not.
type PasteResult = Result<(Box<Game>, Vec<MoveStats>), LoadError<String>>;

impl Drop for Reading {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
    }
}

/// How long the window waits for a file read before it says it is busy
/// (nearly every file is read well within it, without a flicker).
const READ_AT_ONCE: std::time::Duration = std::time::Duration::from_millis(40);

/// A game file's options and date (see [`FilesState::record`]).
pub struct FileRecord {
    pub options: GameOptions,
    pub date: String,
}

impl FileRecord {
    fn of(file: &GameFile) -> FileRecord {
        FileRecord {
            options: file.options,
            date: file.date.clone(),
        }
    }
}

impl FilesState {
    /// Whether an action (New, Open, a study's position…) waits on the
    /// unsaved-changes prompt or on the save it asked for.
    pub fn action_waiting(&self) -> bool {
        self.unsaved_prompt.is_some() || self.after_save.is_some() || self.changed_on_disk.is_some()
    }

    /// Whether a file dialog or message waits for the user's answer.
    pub fn waiting_for_answer(&self) -> bool {
        self.error.is_some()
            || self.path_prompt.is_some()
            || self.unsaved_prompt.is_some()
            || self.changed_on_disk.is_some()
            || self.resume_offer.is_some()
            || self.dialog.is_some()
            || self.diagram_prompt.is_some()
            || self.diagram_dialog.is_some()
    }

    /// State for a fresh game `game`, doing with the last session's
    /// autosave what `last` says.
    pub fn new(
        folders: Option<Folders>,
        native_dialogs: bool,
        game: &Game,
        options: &GameOptions,
        last: LastSession,
    ) -> (FilesState, Option<(String, String)>) {
        let record = match GameFile::new(*options) {
            Ok(f) if f.game.start() == game.start() => FileRecord::of(&f),
            _ => FileRecord::of(&GameFile::from_game(Game::new(*game.start()))),
        };
        let (folders, window_claim) = match folders {
            Some(f) => {
                let (f, claim) = f.claim_window();
                (Some(f), claim)
            }
            None => (None, None),
        };
        let mut error = None;
        let recent = match &folders {
            Some(f) => RecentFiles::load(&f.config).unwrap_or_else(|e| {
                // Kept, as a damaged autosave or settings file is: the next
                // open or save rewrites the list.
                let kept = match RecentFiles::set_aside_damaged(&f.config) {
                    Ok(aside) => format!("It was moved to {}.", crate::files::shown_path(&aside)),
                    Err(why) => format!("{why}."),
                };
                error = Some((
                    "The recent-files list is damaged".into(),
                    format!("{e}\n{kept}\nThe list starts empty."),
                ));
                RecentFiles::default()
            }),
            None => RecentFiles::default(),
        };
        // Read later (see `MaasaiApp::poll_last_session`).
        let last_game = match last {
            LastSession::AfterOpening => LastGame::AwaitingFile,
            LastSession::Offer | LastSession::KeepAside if folders.is_some() => {
                LastGame::ToRead(last)
            }
            _ => LastGame::Settled,
        };
        let idle_windows = if folders.is_some() && !matches!(last, LastSession::Ignore) {
            IdleWindows::ToCheck
        } else {
            IdleWindows::Done
        };
        let state = FilesState {
            idle_windows,
            folders,
            window_claim,
            native_dialogs,
            open_for_study: false,
            file_dialog: system_file_dialog,
            move_aside: move_unsaved_aside,
            path: None,
            record,
            saved: None,
            autosaved: None,
            recent,
            error: None,
            autosave_failing: None,
            aside_pending: None,
            autosave_writer: None,
            path_prompt: None,
            open_prompt_reading: None,
            unsaved_prompt: None,
            on_disk: None,
            changed_on_disk: None,
            after_save: None,
            resume_offer: None,
            declined_at: None,
            dialog: None,
            allow_close: false,
            paste_watch: PasteWatch::default(),
            discarded: false,
            text_edited: None,
            reading: None,
            read: None,
            last_game,
            diagram: None,
            diagram_prompt: None,
            diagram_dialog: None,
            diagram_folder: None,
        };
        (state, error)
    }

    /// An empty state for constructing the app before
    /// `MaasaiApp::init_files` sets the real one.
    pub fn placeholder() -> FilesState {
        let options = GameOptions::default();
        let game = Game::new(options.start().expect("the default options are valid"));
        FilesState::new(None, false, &game, &options, LastSession::Ignore).0
    }

    /// Whether a file dialog is open (its answer not yet in).
    pub fn dialog_open(&self) -> bool {
        self.dialog.is_some() || self.diagram_dialog.is_some()
    }
}

impl Signature {
    /// Whether `rt` holds what this signature was taken of
    /// (`signature(rt) == *self`, without copying `rt`'s texts).
    fn is_of(&self, rt: &Runtime) -> bool {
        // Destructured whole, so a field added to the signature cannot be
        // left out of this comparison.
        let Signature {
            start,
            moves,
            names,
            comments,
            event,
            notes,
        } = self;
        let played = rt.game.moves();
        *moves == played
            && *names == rt.names
            && *event == rt.event
            && *notes == rt.notes
            && comments
                .iter()
                .map(|(&n, c)| (n, c))
                .eq(rt.comments.range(..=played.len()).map(|(&n, c)| (n, c)))
            && start == rt.game.start()
    }
}

thread_local! {
    /// Signatures taken on this thread (tests: the window takes one only
    /// when something changed, never every frame).
    static SIGNATURES_TAKEN: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
}

/// How many times the game's content was copied into a signature on this
/// thread (the window's): each copy holds every comment and the notes.
#[doc(hidden)]
pub fn signatures_taken() -> u64 {
    SIGNATURES_TAKEN.with(|n| n.get())
}

fn signature(rt: &Runtime) -> Signature {
    SIGNATURES_TAKEN.with(|n| n.set(n.get() + 1));
    signature_of(
        &rt.game,
        rt.names.clone(),
        &rt.comments,
        &rt.event,
        &rt.notes,
    )
}

/// The signature of the game a file holds, as [`signature`] takes it of
/// the same game installed in the window.
fn file_signature(file: &GameFile) -> Signature {
    signature_of(
        &file.game,
        file.team_names(),
        &file.comments,
        &file.event,
        &file.notes,
    )
}

/// What counts for "saved": the record, the teams, the comments a save
/// keeps, the event and the notes.
fn signature_of(
    game: &crate::engine::Game,
    names: [String; 2],
    comments: &std::collections::BTreeMap<usize, String>,
    event: &str,
    notes: &str,
) -> Signature {
    Signature {
        start: *game.start(),
        moves: game.moves().to_vec(),
        names,
        // The comments of the game's moves (a save keeps those of undone
        // moves too, but they change only with the moves).
        comments: comments
            .range(..=game.moves().len())
            .map(|(&n, c)| (n, c.clone()))
            .collect(),
        event: event.to_string(),
        notes: notes.to_string(),
    }
}

impl MaasaiApp {
    /// Sets up the file state; called by the constructors.
    pub(super) fn init_files(&mut self, folders: Option<Folders>, native: bool, last: LastSession) {
        let window_start = !matches!(last, LastSession::Ignore);
        // The last session's autosave is read below: one still being
        // written (tests set up the files again) is written first.
        self.flush_autosave();
        // Set up again (tests do), the window gives up its folder first,
        // so that it claims the same one again.
        self.files.window_claim = None;
        let (files, error) = FilesState::new(
            folders,
            native,
            &self.rt.game,
            &self.settings.last_options,
            last,
        );
        self.files = files;
        self.files.error = error;
        if !self.rt.background {
            self.settle_last_session_at_once();
        }
        // A fresh game is nothing to save, nor to autosave over the last one.
        self.files.saved = Some(signature(&self.rt));
        self.mark_autosaved();
        // The window's first game: nothing moves before the user has
        // looked, as in a game resumed, declined or opened (a computer
        // that opens the game played at once, unasked, when no last game
        // was offered).
        if window_start {
            self.rt.computer.paused = self.settings.players.iter().any(|p| p.is_computer());
        }
    }

    /// Counts the game as it is as autosaved: nothing is written until it
    /// changes (or its unsaved state does).
    fn mark_autosaved(&mut self) {
        self.files.autosaved = Some((signature(&self.rt), self.unsaved()));
    }

    /// Whether the game has changes not saved to a file. (Compared in
    /// place: the window's title asks every frame, and notes may be long.)
    pub fn unsaved(&self) -> bool {
        // Comments typed on a study's other mode, or on moves a change of
        // line took off, are kept aside (see `switch_study_mode` and
        // `take_off_from`): still the user's work, and asked about before
        // they could go.
        self.studies.comments_aside_in().is_some() || self.board_unsaved()
    }

    /// Whether the game on the board (its moves, comments, event and
    /// notes) differs from what was last saved.
    fn board_unsaved(&self) -> bool {
        !self
            .files
            .saved
            .as_ref()
            .is_some_and(|saved| saved.is_of(&self.rt))
    }

    /// The window's title: the study on view, or the game's file (or "New
    /// game"), with a `*` before it while there are unsaved changes.
    pub fn window_title(&self) -> String {
        let name = if let Some(a) = &self.studies.active {
            format!("Study: {}", super::one_short_line(&a.study.file.title, 60))
        } else if let Some(path) = &self.files.path {
            crate::files::shown_name(path)
        } else {
            "New game".to_string()
        };
        let mark = if self.unsaved() { "*" } else { "" };
        format!("{mark}{name} — Maasai mancala")
    }

    /// Closes the window with nothing asked (a logout, a shutdown: see
    /// `termination`): the game goes to the autosave as on any close, and
    /// is offered again on the next start.
    pub(super) fn close_unasked(&mut self, ctx: &egui::Context) {
        if !self.files.allow_close {
            self.files.allow_close = true;
            ctx.send_viewport_cmd(egui::ViewportCommand::Close);
        }
    }

    /// Whether the window is closing with nothing more asked.
    pub(super) fn closing_unasked(&self) -> bool {
        self.files.allow_close
    }

    /// Counts the game on view as saved (a study as it starts).
    pub(super) fn mark_saved(&mut self) {
        self.files.saved = Some(signature(&self.rt));
    }

    /// Counts a study's moves as saved (they are practice: no "save your
    /// changes?" prompt for them), but not the comments, event and notes
    /// typed on it since it started or was last saved: they are the
    /// user's work (they were lost without a word on opening another
    /// study, or on quitting).
    ///
    /// Called every frame of a study: only what changed is copied (the
    /// comments and notes never are).
    pub(super) fn mark_moves_saved(&mut self) {
        let rt = &self.rt;
        let Some(was) = &mut self.files.saved else {
            self.files.saved = Some(signature(rt));
            return;
        };
        if was.start != *rt.game.start() {
            was.start = *rt.game.start();
        }
        if was.moves != rt.game.moves() {
            was.moves = rt.game.moves().to_vec();
        }
        if was.names != rt.names {
            was.names = rt.names.clone();
        }
    }

    /// The current game as a saved-game record.
    pub fn current_file(&self) -> GameFile {
        let moves = self.rt.game.moves().len();
        // Undone moves are kept (Redo brings them back after a restart or
        // an open), with their comments.
        let undone: Vec<_> = self.rt.redo.iter().rev().copied().collect();
        let mut comments = self.rt.comments.clone();
        comments.retain(|&n, _| n <= moves + undone.len());
        GameFile {
            options: self.files.record.options,
            south_team: self.rt.names[0].clone(),
            north_team: self.rt.names[1].clone(),
            game: self.rt.game.clone(),
            undone,
            comments,
            cursor: self.rt.view.min(moves),
            date: self.files.record.date.clone(),
            event: self.rt.event.clone(),
            notes: self.rt.notes.clone(),
        }
    }

    /// Takes down the message titled `title`, if it is the one up: an
    /// attempt that has now worked.
    fn take_down_error(&mut self, title: &str) {
        if self.files.error.as_ref().is_some_and(|(t, _)| t == title) {
            self.files.error = None;
        }
    }

    fn show_error(&mut self, title: &str, message: impl Into<String>) {
        self.files.error = Some((title.to_string(), message.into()));
        // An earlier report ("Opened …", "Saved …") would read as this
        // attempt's outcome.
        if self.rt.notice.as_ref().is_some_and(|n| n.report) {
            self.rt.notice = None;
        }
    }

    /// Input the files feature listens to: shortcuts, a paste outside text
    /// fields, dropped files, the window's close button, file dialog answers.
    pub(super) fn files_input(&mut self, ctx: &egui::Context) -> Vec<AppCommand> {
        use egui::{Key, Modifiers};
        self.poll_reading(ctx);
        self.poll_last_session(ctx);
        self.poll_idle_windows(ctx);
        self.poll_autosave();
        let mut out = Vec::new();
        if !self.dialog_open() {
            // Also while a comment or the notes are being typed: a text
            // field has no use for these keys.
            let typing = ctx.text_edit_focused();
            let editing = self.editor.is_some();
            let paste_watch = &mut self.files.paste_watch;
            ctx.input_mut(|i| {
                if i.consume_key(Modifiers::COMMAND | Modifiers::SHIFT, Key::S) {
                    out.push(FileCommand::SaveAs);
                }
                if i.consume_key(Modifiers::COMMAND, Key::S) {
                    out.push(FileCommand::Save);
                }
                if i.consume_key(Modifiers::COMMAND, Key::O) {
                    out.push(FileCommand::Open);
                }
                // A paste goes into the text field; the editor reads its own.
                if typing || editing {
                    return;
                }
                for e in &i.events {
                    if let egui::Event::Paste(text) = e {
                        out.push(FileCommand::PasteText(text.clone()));
                    }
                }
                if paste_without_text(&i.events, paste_watch) {
                    // Read again, to say why in the menu's words.
                    out.push(FileCommand::PasteFromClipboard);
                }
            });
        }
        let dropped: Option<PathBuf> = ctx.input(|i| {
            i.raw
                .dropped_files
                .first()
                .map(|f| f.path().to_path_buf())
                .filter(|p| !p.as_os_str().is_empty())
        });
        if let Some(path) = dropped {
            // A question on screen (save your changes?, a message, a
            // typed path) or a file being read keeps what it was asked
            // for: a drop would take its place without an answer.
            if self.files.waiting_for_answer()
                || self.files.action_waiting()
                || self.files.reading.is_some()
            {
                self.rt.say_about_view(format!(
                    "“{}” was not opened: answer the question on screen first, then drop it again.",
                    crate::files::shown_path(&path)
                ));
            } else {
                out.push(FileCommand::OpenPath(path));
            }
        }
        if ctx.input(|i| i.viewport().close_requested()) {
            if self.files.allow_close || !self.unsaved() {
                // Closing for good: the last word goes to the autosave,
                // unless the user threw the game away, or never answered
                // the resume offer or declined it and has not moved since
                // (the game offered would be overwritten).
                let declined = self.files.declined_at.as_ref() == Some(&signature(&self.rt));
                if !self.files.discarded
                    && self.files.resume_offer.is_none()
                    && !declined
                    && self.files.last_game == LastGame::Settled
                {
                    self.autosave(ctx, true);
                }
                // Written before the window goes, as the last word should
                // be (and what the rest of this frame queues is written
                // when the writer is dropped with the app).
                self.flush_autosave();
            } else {
                ctx.send_viewport_cmd(egui::ViewportCommand::CancelClose);
                self.files.unsaved_prompt = Some(Pending::Close);
            }
        }
        if let Some((purpose, rx, asked)) = &self.files.dialog
            && let Some(answer) = dialog_answer(ctx, rx)
        {
            let (purpose, asked) = (*purpose, *asked);
            self.files.dialog = None;
            if answer.is_some() {
                self.files.open_for_study = false;
            }
            match answer {
                Some(path) => out.push(match purpose {
                    Purpose::Open => FileCommand::OpenPath(path),
                    Purpose::SaveAs => FileCommand::SaveTo(path),
                }),
                None => {
                    // No file at once: no dialog came up (no desktop
                    // portal). Said so, not as if a file had not been
                    // chosen, and typed paths from now on. Later, the
                    // dialog was cancelled or failed: the typed path
                    // still offered.
                    let note = if asked.elapsed() < NO_DIALOG_WITHIN {
                        self.files.native_dialogs = false;
                        NO_FILE_DIALOG.to_string()
                    } else {
                        no_dialog_note("file's path")
                    };
                    let text = self.prompt_text(purpose);
                    self.files.path_prompt = Some(PathPrompt::new(purpose, text, Some(note)))
                }
            }
        }
        if let Some(rx) = &self.files.diagram_dialog
            && let Some(answer) = dialog_answer(ctx, rx)
        {
            self.files.diagram_dialog = None;
            if let Some(prompt) = &mut self.files.diagram_prompt {
                match answer {
                    // The dialog asked before replacing a file.
                    Some(path) => {
                        prompt.text = path.display().to_string();
                        prompt.replace_ok = Some(path.clone());
                        prompt.note = None;
                        out.push(FileCommand::ExportDiagramTo(path));
                    }
                    None => prompt.note = Some(no_dialog_note("diagram's path")),
                }
            }
        }
        out.into_iter().map(AppCommand::Files).collect()
    }

    /// The user's studies' folder, when the Open being asked for is Open a
    /// study file… and the folder is there.
    fn studies_to_open(&self, purpose: Purpose) -> Option<PathBuf> {
        (purpose == Purpose::Open && self.files.open_for_study)
            .then(|| self.own_studies_folder())
            .flatten()
    }

    /// What the typed-path window starts with: the user's studies' folder
    /// for Open a study file…, else [`Self::default_path_text`].
    fn prompt_text(&mut self, purpose: Purpose) -> String {
        let text = match self.studies_to_open(purpose) {
            Some(dir) => format!("{}{}", dir.display(), std::path::MAIN_SEPARATOR),
            None => self.default_path_text(purpose),
        };
        self.files.open_for_study = false;
        text
    }

    /// The folder Save to my studies writes to, if it is there.
    fn own_studies_folder(&self) -> Option<PathBuf> {
        let dir = self.files.folders.as_ref()?.config.join("studies");
        dir.is_dir().then_some(dir)
    }

    fn default_path_text(&self, purpose: Purpose) -> String {
        match (&self.files.path, purpose) {
            (Some(p), _) => p.display().to_string(),
            (None, Purpose::SaveAs) => self.suggested_save_path().display().to_string(),
            (None, Purpose::Open) => String::new(),
        }
    }

    /// Where a game without a file of its own is offered to be saved: in
    /// the folder of the file last opened or saved while that folder is
    /// there (else [`crate::files::default_folder`]: the working folder,
    /// or the documents folder when started from home or the root), named
    /// for its teams where they
    /// have names of their own ("Ilkisongo v Ilpurko.ron"), else for its
    /// game ("en-gehe 2x40.ron"), the first such name not taken ("… 2.ron").
    /// Every game was offered the working folder's "game.ron".
    fn suggested_save_path(&self) -> PathBuf {
        let folder = self
            .files
            .recent
            .files
            .iter()
            .filter_map(|f| f.parent())
            .find(|d| !d.as_os_str().is_empty() && d.is_dir())
            .map(Path::to_path_buf)
            .or_else(crate::files::default_folder)
            .unwrap_or_default();
        let own = |side: Side| {
            let name = self.rt.names[side.index()].trim();
            !name.eq_ignore_ascii_case(side.title())
        };
        let stem = if Side::BOTH.into_iter().any(own) {
            format!("{} v {}", self.rt.names[0].trim(), self.rt.names[1].trim())
        } else {
            match self.rt.game.start().variant() {
                Variant::EnGehe { holes } => format!("en-gehe 2x{holes}"),
                v => v.name().to_string(),
            }
        };
        // No folder separators or characters some systems refuse.
        let stem: String = stem
            .chars()
            .map(|c| {
                if c.is_control() || "/\\:*?\"<>|".contains(c) {
                    '-'
                } else {
                    c
                }
            })
            .collect();
        let stem = stem.trim_matches(|c: char| c == '.' || c.is_whitespace());
        (1..1000)
            .map(|k| match k {
                1 => folder.join(format!("{stem}.ron")),
                k => folder.join(format!("{stem} {k}.ron")),
            })
            .find(|p| !p.exists())
            .unwrap_or_else(|| folder.join(format!("{stem}.ron")))
    }

    /// Applies the frame's commands with the files feature's part around
    /// them: New waits for the unsaved-changes prompt, a started game or a
    /// move is noticed (for the unsaved mark and the autosave), and typed
    /// comments or notes hold the autosave back until they rest.
    pub(super) fn apply_with_files(&mut self, ctx: &egui::Context, commands: Vec<AppCommand>) {
        let mut started = None;
        let commands: Vec<AppCommand> = commands
            .into_iter()
            .map(|c| match c {
                AppCommand::OpenNewGame => AppCommand::Files(FileCommand::New),
                AppCommand::SetComment(..) | AppCommand::SetEvent(_) | AppCommand::SetNotes(_) => {
                    self.files.text_edited = Some(std::time::Instant::now());
                    c
                }
                AppCommand::NewGame(options, _) => {
                    started = Some(options);
                    c
                }
                c => c,
            })
            .collect();
        self.apply(ctx, commands);
        if let Some(options) = started
            && options.start().is_ok_and(|s| s == *self.rt.game.start())
            && self.rt.game.moves().is_empty()
            && let Ok(file) = GameFile::new(options)
        {
            self.files.record = FileRecord::of(&file);
            self.files.path = None;
            self.files.on_disk = None;
            self.files.saved = Some(signature(&self.rt));
        }
        if let Some(d) = &mut self.rt.new_game
            && d.presets.is_none()
        {
            d.presets = Some(PresetPicker::load(
                self.files.folders.as_ref().map(|f| f.config.as_path()),
            ));
        }
        let typing = self
            .files
            .text_edited
            .map(|t| TEXT_REST.saturating_sub(t.elapsed()))
            .filter(|left| !left.is_zero());
        if let Some(left) = typing {
            // Back once the text has rested, to write it then.
            ctx.request_repaint_after(left);
        } else if self.files.resume_offer.is_none() && self.files.last_game == LastGame::Settled {
            self.files.text_edited = None;
            self.autosave(ctx, false);
        }
    }

    /// Writes the autosave if the game changed since the last one (or
    /// always, with `force`). A failure is shown once per change.
    ///
    /// The window only takes a snapshot of the game and hands it to the
    /// autosave's thread, which writes it (and syncs it) without holding
    /// up the frame; what became of it is taken in by
    /// [`Self::poll_autosave`]. In tests (no background work) the write is
    /// waited for, so that it is on disk when the frame ends.
    fn autosave(&mut self, ctx: &egui::Context, force: bool) {
        // Until the last session's game is settled (the file named at
        // launch still being read, or the offer to resume it standing) the
        // autosave on disk is that game's: a save meanwhile wrote over it.
        if self.files.last_game != LastGame::Settled || self.files.resume_offer.is_some() {
            return;
        }
        let Some(folders) = &self.files.folders else {
            return;
        };
        let data = folders.data.clone();
        // Compared in place (this runs every frame, and comments and
        // notes may be long): the game is copied only when it is written.
        let unsaved = self.unsaved();
        let same =
            |(was, was_unsaved): &(Signature, bool)| *was_unsaved == unsaved && was.is_of(&self.rt);
        if !force && self.files.autosaved.as_ref().is_some_and(same) {
            return;
        }
        if let Some(tried) = self.files.aside_pending {
            if tried.is_some_and(|t| t.elapsed() < ASIDE_RETRY) {
                ctx.request_repaint_after(ASIDE_RETRY);
                return;
            }
            match (self.files.move_aside)(&data) {
                Ok(aside) => {
                    self.files.aside_pending = None;
                    self.rt.notice = Some(Notice::report(format!(
                        "Your last game was kept as {}: Open… in the Game menu opens it. \
                         This game is autosaved again.",
                        crate::files::shown_path(&aside)
                    )));
                }
                // Gone meanwhile (moved or deleted by hand): nothing is
                // left to write over, and autosaving goes on.
                Err(_) if crate::files::nothing_at(&crate::files::autosave_path(&data)) => {
                    self.files.aside_pending = None;
                }
                Err(_) => {
                    self.files.aside_pending = Some(Some(std::time::Instant::now()));
                    ctx.request_repaint_after(ASIDE_RETRY);
                    return;
                }
            }
        }
        let written = (signature(&self.rt), unsaved);
        let snapshot = Snapshot {
            data,
            game: self.current_file(),
            source: self.files.path.clone(),
            source_stamp: self.files.on_disk,
            unsaved: written.1,
        };
        self.files.autosaved = Some(written);
        if self.files.autosave_writer.is_none() {
            match AutosaveWriter::start(ctx) {
                Ok(writer) => self.files.autosave_writer = Some(writer),
                Err(e) => {
                    // No thread to be had: written here, as it once was.
                    eprintln!("cannot start the autosave's thread: {e}");
                    let result = snapshot.write();
                    self.autosave_written(result);
                    return;
                }
            }
        }
        if let Some(writer) = &self.files.autosave_writer {
            writer.queue(snapshot, self.rt.background);
        }
        if !self.rt.background {
            self.flush_autosave();
        }
    }

    /// Waits until every autosave handed to the autosave's thread is
    /// written, and takes in what became of them: for what must find the
    /// autosave on disk (the window closing, the last game moved aside or
    /// thrown away, its file opened, tests).
    pub fn flush_autosave(&mut self) {
        if let Some(writer) = &self.files.autosave_writer {
            writer.flush();
        }
        self.poll_autosave();
    }

    /// Takes in what became of the autosaves written since the last look
    /// (each frame, as the file being read is).
    fn poll_autosave(&mut self) {
        let Some(writer) = &self.files.autosave_writer else {
            return;
        };
        let (done, alive) = writer.results();
        for written in done {
            self.autosave_written(written);
        }
        if alive.is_err() {
            // The thread ended unexpectedly with the write it had; the
            // next change starts another.
            self.files.autosave_writer = None;
            if let Some(folders) = &self.files.folders {
                let e = AutosaveWriter::stopped_error(&folders.data);
                self.autosave_written(Err(e));
            }
        }
    }

    /// One autosave written, or why not: a failure is said once, then in
    /// the menu bar while it keeps failing.
    fn autosave_written(&mut self, written: Written) {
        match written {
            Ok(()) => self.files.autosave_failing = None,
            Err(e) => {
                if self.files.autosave_failing.is_none() {
                    self.show_error(
                        "Autosave failed",
                        format!(
                            "{e}\nThe game stays open; save it to a file to keep it. While the autosave keeps failing, the menu bar says so."
                        ),
                    );
                }
                self.files.autosave_failing = Some(e.to_string());
            }
        }
    }

    /// The one place file actions happen.
    pub(super) fn apply_file_command(&mut self, ctx: &egui::Context, command: FileCommand) {
        match command {
            FileCommand::New => self.guard(ctx, Pending::New),
            FileCommand::Open => {
                self.files.open_for_study = false;
                self.guard(ctx, Pending::Open);
            }
            FileCommand::OpenStudy => {
                self.files.open_for_study = true;
                self.guard(ctx, Pending::Open);
            }
            FileCommand::OpenPath(path) => {
                let prompt = self.files.path_prompt.take();
                let path = open_target(path);
                // A file that is not there is said so at once, before
                // "save your changes?" asks about leaving the game for it.
                if crate::files::nothing_at(&path) {
                    // A path typed into the Open window stays there, as
                    // typed, to be corrected (it went with the window, and
                    // a typo meant typing it all again).
                    // (Its text is what was typed: `nofile`, not the
                    // whole path the message names.)
                    if let Some(mut prompt) = prompt.filter(|p| p.purpose == Purpose::Open) {
                        prompt.focused = false;
                        self.files.path_prompt = Some(prompt);
                    }
                    self.files.recent.remove(&path);
                    self.store_recent();
                    // A name without an extension was looked for with
                    // `.ron` too: both names are said.
                    let also =
                        if path.extension().is_none() && !crate::files::ends_in_separator(&path) {
                            format!(
                                ", and no {} either",
                                crate::files::shown_path(&path.with_extension("ron"))
                            )
                        } else {
                            String::new()
                        };
                    self.say_error(
                        "Cannot open the file",
                        format!(
                            "{}: there is no such file{also}.\nThe current game is still open and unchanged.",
                            crate::files::shown_path(&path)
                        ),
                    );
                    self.launch_settled(false);
                    return;
                }
                self.files.open_prompt_reading = prompt.filter(|p| p.purpose == Purpose::Open);
                // The program's own autosave opens as it is now, with
                // every change written.
                if self.own_file(&path).is_some() {
                    self.flush_autosave();
                }
                // Read (off the window's thread), then opened, or first
                // "save your changes?" asked: see `file_read`.
                self.start_reading(ctx, path);
            }
            FileCommand::CancelOpen => {
                self.files.open_prompt_reading = None;
                let Some(reading) = self.files.reading.take() else {
                    return;
                };
                let what = match &reading.job {
                    Job::Open(path) => format!("opening {}", crate::files::shown_path(path)),
                    Job::Paste(_) => "setting up the pasted game record".to_string(),
                    Job::LastSession => {
                        self.last_session_stopped();
                        return;
                    }
                };
                self.rt.notice = Some(Notice::report(format!(
                    "Stopped {what}: the current game is still open and unchanged."
                )));
                if matches!(reading.job, Job::Open(_)) {
                    self.launch_settled(false);
                }
            }
            FileCommand::Resume => self.guard(ctx, Pending::Resume),
            FileCommand::DeclineResume => {
                let offer = self.files.resume_offer.take();
                // A game with changes saved in no file would be lost to
                // the fresh game's first autosave (a computer's move, at
                // once): it is moved to a file of its own first.
                if let (Some(folders), Some(offer)) = (self.files.folders.clone(), offer)
                    && offer.has_unsaved_work()
                {
                    // What is moved aside is the autosave on disk.
                    self.flush_autosave();
                    match (self.files.move_aside)(&folders.data) {
                        Ok(aside) => {
                            self.rt.notice = Some(Notice::report(format!(
                                "Your last game was kept as {}: Open… in the Game menu opens it.",
                                crate::files::shown_path(&aside)
                            )));
                        }
                        Err(failed) => {
                            let (title, text) = still_in_autosave(&folders.data, failed);
                            self.files.aside_pending = Some(None);
                            self.show_error(&title, text);
                        }
                    }
                }
                // Not written until the game changes: the per-frame
                // autosave compares with this.
                self.mark_autosaved();
                self.files.declined_at = Some(signature(&self.rt));
                // Nothing moves before the user has looked (as in a game
                // put on view): a computer side waits for Resume computer.
                self.rt.computer.paused = self.settings.players.iter().any(|p| p.is_computer());
            }
            FileCommand::Save => match self.files.path.clone() {
                Some(path) => self.save_own(ctx, &path, None),
                None => self.choose_path(ctx, Purpose::SaveAs),
            },
            FileCommand::ReplaceChanged => {
                let Some(ReplaceQuestion { path, .. }) = self.files.changed_on_disk.take() else {
                    return;
                };
                let next = self.files.after_save.take();
                if self.save_to(ctx, &path)
                    && let Some(next) = next
                {
                    self.perform(ctx, next);
                }
            }
            FileCommand::KeepChanged => {
                self.files.changed_on_disk = None;
                self.files.after_save = None;
            }
            FileCommand::SaveAs => {
                // Chosen in place of replacing a file changed on disk:
                // what waited on that save waits on this one.
                self.files.changed_on_disk = None;
                self.choose_path(ctx, Purpose::SaveAs)
            }
            FileCommand::SaveTo(path) => {
                // "game" saves as "game.ron", the name the library and the
                // file dialog look for.
                // (A folder stays a folder, to be refused as one, and so
                // does a name ending in a /: "games/" was saved as
                // "games.ron".)
                let path = if path.extension().is_none()
                    && !path.is_dir()
                    && !crate::files::ends_in_separator(&path)
                {
                    path.with_extension("ron")
                } else {
                    path
                };
                // A typed path to another file that exists is replaced
                // only once the user agrees (a file dialog asks by itself);
                // one of the program's own files, or a read-only one, is
                // refused before asking (Replace would only lead to that).
                let own = self.own_file(&path).is_some();
                // The game's own file too once another program changed
                // it: Save as… is chosen instead of replacing it then, and
                // the typed path starts as that file's.
                let ask_for_this_file = self.files.path.as_deref() != Some(path.as_path())
                    || self.changed_on_disk_since_here(&path);
                if let Some(prompt) = &mut self.files.path_prompt
                    && !own
                    && path.is_file()
                    && !crate::files::is_read_only(&path)
                    && ask_for_this_file
                    && prompt.replace_ok.as_deref() != Some(path.as_path())
                {
                    prompt.text = path.display().to_string();
                    prompt.ask_replace = Some(ReplaceQuestion::new(path));
                    return;
                }
                let prompt = self.files.path_prompt.take();
                let next = self.files.after_save.take();
                if self.save_to(ctx, &path) {
                    if let Some(next) = next {
                        self.perform(ctx, next);
                    }
                } else if let Some(mut prompt) = prompt {
                    // The typed-path window stays, with what was typed, for
                    // another try; what waited on the save waits with it
                    // (closing the window drops it, never a later save).
                    prompt.text = path.display().to_string();
                    // Typing goes to the field again once the message about
                    // the failure is answered.
                    prompt.focused = false;
                    self.files.path_prompt = Some(prompt);
                    self.files.after_save = next;
                }
            }
            // In the editor, its position (if legal), as its own Copy
            // notation copies it and says so there.
            FileCommand::CopyPosition if self.editor.is_some() => {
                if let Some(ed) = &mut self.editor {
                    ed.copy_notation(ctx);
                }
            }
            FileCommand::CopyPosition => {
                let text = position_text(self.rt.shown_position());
                ctx.copy_text(text.clone());
                self.rt.notice = Some(Notice::report(format!(
                    "{}{text}",
                    super::state::COPIED_NOTICE
                )));
            }
            FileCommand::CopyRecord => {
                let game = &self.rt.game;
                ctx.copy_text(record_text(game));
                self.rt.notice = Some(Notice::report(format!(
                    "Copied the game record: the start position and {}.",
                    count_word(game.moves().len(), "move")
                )));
            }
            // Under the editor, into the editor (as its own button and
            // Ctrl+V there read it): the menu's paste replaced the game
            // under it, and the edited board stayed as it was.
            FileCommand::PasteFromClipboard if self.editor.is_some() => {
                if let Some(ed) = &mut self.editor {
                    match clipboard_text() {
                        Ok(text) => ed.apply(super::editor::EditorCommand::Paste(text)),
                        Err(problem) => ed.paste_error = Some(problem),
                    }
                }
            }
            FileCommand::PasteFromClipboard => match clipboard_text() {
                Ok(text) => self.paste(ctx, &text),
                Err(problem) => self.show_error(PASTE_REFUSED, problem),
            },
            FileCommand::PasteText(text) => self.paste(ctx, &text),
            FileCommand::Unsaved(choice) => {
                let Some(pending) = self.files.unsaved_prompt.take() else {
                    return;
                };
                match choice {
                    // The file read for it is not needed any more.
                    Choice::Cancel => self.files.read = None,
                    Choice::Discard => {
                        if pending == Pending::Close
                            && let Some(f) = &self.files.folders
                        {
                            // The user threw the changes away: do not offer
                            // them back (nor let a write still under way
                            // bring them back after the clearing). A game
                            // with a file is offered back as it was saved
                            // there; any other is gone.
                            let data = f.data.clone();
                            self.flush_autosave();
                            let kept = self.files.path.as_deref().is_some_and(|source| {
                                crate::files::autosave_as_saved(&data, source).is_ok()
                            });
                            if !kept {
                                let _ = clear_autosave(&data);
                            }
                            self.files.discarded = true;
                        }
                        self.perform(ctx, pending);
                    }
                    Choice::Save => match self.files.path.clone() {
                        Some(path) => self.save_own(ctx, &path, Some(pending)),
                        None => {
                            self.files.after_save = Some(pending);
                            self.choose_path(ctx, Purpose::SaveAs);
                        }
                    },
                }
            }
            FileCommand::DismissError => self.files.error = None,
            FileCommand::ClosePathPrompt => {
                self.files.path_prompt = None;
                self.files.after_save = None;
            }
            FileCommand::SavePreset(preset) => {
                let name = preset.name.clone();
                self.preset_change(|dir| add_user_preset(dir, preset), Some(name));
            }
            FileCommand::RenamePreset { old, new } => {
                let keep = Some(new.trim().to_string());
                self.preset_change(|dir| rename_user_preset(dir, &old, &new), keep);
            }
            FileCommand::DeletePreset(name) => {
                self.preset_change(|dir| delete_user_preset(dir, &name), None);
            }
            FileCommand::ExportDiagram { mono } => self.open_diagram_export(mono),
            FileCommand::BrowseDiagram => self.browse_diagram_path(ctx),
            FileCommand::ExportDiagramTo(path) => self.export_diagram(&path),
            FileCommand::CloseDiagramPrompt => {
                self.files.diagram_prompt = None;
                self.files.diagram = None;
            }
        }
    }

    /// The diagram of the position on view: the hole its move started
    /// from (none at the start), and the file name it is offered under
    /// (the game's file name, or "position", and the move number).
    fn diagram_job(&self) -> DiagramJob {
        let stem = self
            .files
            .path
            .as_ref()
            .and_then(|p| p.file_stem())
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_else(|| "position".into());
        // In the editor, the edited position (the menu is greyed while it
        // breaks a rule).
        if let Some(position) = self.editor.as_ref().and_then(|ed| ed.check().position) {
            return DiagramJob {
                position,
                moved: None,
                result: None,
                what: "The edited position".to_string(),
                file_name: format!("{stem} edited.svg"),
            };
        }
        let view = self.rt.view;
        let position = *self.rt.shown_position();
        let played = view.checked_sub(1).map(|i| {
            let before = &self.rt.game.positions()[i];
            let hole = crate::engine::HoleRef {
                side: before.turn(),
                index: self.rt.game.moves()[i].hole(),
            };
            (hole, super::said_move(before, self.rt.game.moves()[i]))
        });
        let file_name = match view {
            0 if self.rt.game.moves().is_empty() => format!("{stem}.svg"),
            0 => format!("{stem} start.svg"),
            n => format!("{stem} move {n}.svg"),
        };
        let what = match &played {
            None if self.rt.game.moves().is_empty() => "The position on the board".to_string(),
            None => "The start position".to_string(),
            Some((_, mv)) => format!("The position after move {view} ({mv})"),
        };
        DiagramJob {
            position,
            moved: played,
            // The game's end, where the view is at it (the live analysis
            // has decided it; nothing is sown here).
            result: if self.rt.live() {
                self.rt.result()
            } else {
                None
            },
            what,
            file_name,
        }
    }

    /// The path the diagram's export window offers: the job's file name
    /// in the folder of the last diagram, or of the game's file, or
    /// [`crate::files::default_folder`].
    fn diagram_path_text(&self) -> String {
        let name = self
            .files
            .diagram
            .as_ref()
            .map_or("position.svg", |j| j.file_name.as_str());
        let folder = self
            .files
            .diagram_folder
            .clone()
            .or_else(|| {
                self.files
                    .path
                    .as_ref()
                    .and_then(|p| p.parent())
                    .map(Path::to_path_buf)
            })
            .or_else(crate::files::default_folder);
        match folder {
            Some(f) => f.join(name).display().to_string(),
            None => name.to_string(),
        }
    }

    /// Export diagram: the position on view is kept for the export, and
    /// the export window opens for the caption, the look and the file.
    fn open_diagram_export(&mut self, mono: bool) {
        if self.files.diagram_dialog.is_some() {
            return;
        }
        // A caption typed for the last diagram is kept for this one only
        // when the window is still open (the menu asked again).
        let caption = self
            .files
            .diagram_prompt
            .as_ref()
            .map(|p| p.purpose.caption.clone())
            .unwrap_or_default();
        self.files.diagram = Some(self.diagram_job());
        self.files.diagram_prompt = Some(DiagramPrompt::new(
            ExportDiagram {
                caption,
                mono,
                ring_move: true,
            },
            self.diagram_path_text(),
            None,
        ));
    }

    /// Browse…: the diagram's file chosen in a file dialog (on its own
    /// thread), starting where the typed path points.
    fn browse_diagram_path(&mut self, ctx: &egui::Context) {
        if self.files.diagram_dialog.is_some() {
            return;
        }
        let Some(prompt) = &self.files.diagram_prompt else {
            return;
        };
        let typed = crate::files::typed_path(prompt.text.trim());
        let name = typed
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_else(|| "position.svg".into());
        let folder = typed.parent().filter(|d| d.is_dir()).map(Path::to_path_buf);
        let title = if prompt.purpose.mono {
            "Export the diagram in black and white (SVG)"
        } else {
            "Export the diagram (SVG)"
        };
        let (tx, rx) = channel();
        let ctx = ctx.clone();
        // The dialog blocks its thread, never the window.
        std::thread::spawn(move || {
            let mut d = rfd::FileDialog::new()
                .set_title(title)
                .add_filter("SVG image", &["svg"])
                .set_file_name(name);
            if let Some(dir) = folder {
                d = d.set_directory(dir);
            }
            let _ = tx.send(d.save_file());
            ctx.request_repaint();
        });
        self.files.diagram_dialog = Some(rx);
    }

    /// Writes the diagram waiting for its file to `path` (`.svg` added to
    /// a name without an extension). A typed path to a file already there
    /// is replaced only once the user agrees (a file dialog asks by
    /// itself); a failure is said in a message, with the typed path kept
    /// for another try.
    fn export_diagram(&mut self, path: &Path) {
        let path = if path.extension().is_none() && !path.is_dir() {
            path.with_extension("svg")
        } else {
            path.to_path_buf()
        };
        let (Some(job), Some(prompt)) = (&self.files.diagram, &self.files.diagram_prompt) else {
            return;
        };
        let options = job.options(&prompt.purpose);
        let position = job.position;
        let own = self.own_file(&path);
        if let Some(prompt) = &mut self.files.diagram_prompt
            && own.is_none()
            && path.is_file()
            && !crate::files::is_read_only(&path)
            && prompt.replace_ok.as_deref() != Some(path.as_path())
        {
            prompt.text = path.display().to_string();
            prompt.ask_replace = Some(ReplaceQuestion::new(path));
            return;
        }
        let result = match own {
            Some(what) => Err(FileError::new(
                &path,
                format!(
                    "it is {}: choose another name",
                    crate::files::Folders::own_file_words(what)
                ),
            )),
            None => {
                crate::diagram::save_svg(&path, &crate::diagram::render_svg(&position, &options))
            }
        };
        match result {
            Ok(()) => {
                // (As for a save: the failed try's message is over.)
                self.take_down_error(DIAGRAM_REFUSED);
                self.files.diagram_prompt = None;
                self.files.diagram = None;
                self.files.diagram_folder = path.parent().map(Path::to_path_buf);
                self.rt.notice = Some(Notice::report(format!(
                    "{DIAGRAM_NOTICE}{}",
                    crate::files::shown_path(&path)
                )));
            }
            Err(e) => {
                self.show_error(
                    DIAGRAM_REFUSED,
                    format!("{e}\nNo diagram was written; the path stays in the field to correct."),
                );
                // The window stays for another try, with the path that
                // failed (also one a file dialog gave).
                if let Some(prompt) = &mut self.files.diagram_prompt {
                    prompt.text = path.display().to_string();
                    prompt.focused = false;
                }
            }
        }
    }

    /// Changes the user presets, then reloads the list in the dialog.
    fn preset_change(
        &mut self,
        change: impl FnOnce(&Path) -> Result<(), FileError>,
        select: Option<String>,
    ) {
        let Some(folders) = self.files.folders.clone() else {
            self.show_error(
                "Cannot store presets",
                "This system has no home folder to keep presets in.",
            );
            return;
        };
        if let Err(e) = change(&folders.config) {
            let message = super::presets_ui::refusal(&e, &folders.config);
            self.show_error("Cannot change the presets", message);
            if let Some(picker) = self.rt.new_game.as_mut().and_then(|d| d.presets.as_mut()) {
                picker.reload(&folders.config);
            }
            return;
        }
        if let Some(d) = &mut self.rt.new_game {
            let mut picker = PresetPicker::load(Some(&folders.config));
            if let Some(name) = select {
                picker.select_user(&name);
            }
            d.presets = Some(picker);
        }
    }

    /// Does `action` now, or first asks about unsaved changes.
    pub(super) fn guard(&mut self, ctx: &egui::Context, action: Pending) {
        if self.unsaved() && action != Pending::Open {
            self.files.unsaved_prompt = Some(action);
        } else if self.unsaved() {
            // Ask once the file is chosen: choosing may still be cancelled.
            self.choose_path(ctx, Purpose::Open);
        } else {
            self.perform(ctx, action);
        }
    }

    fn perform(&mut self, ctx: &egui::Context, action: Pending) {
        match action {
            Pending::New => {
                self.rt.new_game = Some(NewGameDialog::new(
                    &self.settings.last_options,
                    &self.settings.names,
                    self.settings.players,
                ));
            }
            Pending::Open => self.choose_path(ctx, Purpose::Open),
            Pending::OpenPath(path) => self.open(&path),
            Pending::Paste(game, stats) => {
                // A study waiting for this paste goes back to the file the
                // game is in now: one just saved by "Save your changes?"
                // had no file when the study was asked for, and offered
                // no way back to it.
                self.studies.pending_returns_to(self.files.path.as_ref());
                // A new record, but the same two teams at the board (as the
                // players are kept): the names stay.
                let moves = game.moves().len();
                let mut file = GameFile::from_game(*game);
                [file.south_team, file.north_team] = self.rt.names.clone();
                // A record's moves are saved in no file (the clipboard
                // goes with the session): changes to keep, as moves played
                // are, so that "Save your changes?" and "Start fresh"
                // keep them. So is a position set up (the editor's Play
                // from here comes this way: it was the user's work, lost
                // unasked on closing); a new game's start is not.
                let set_up = file.is_set_up();
                self.install_with(file, stats, None, moves > 0 || set_up);
                // About the position set up: it goes once a move is
                // played or another position is on view.
                self.rt.report_about_view(if moves == 0 {
                    super::state::PASTED_NOTICE.to_string()
                } else {
                    format!(
                        "Set up the pasted game record: {}, the last on view.",
                        count_word(moves, "move")
                    )
                });
            }
            Pending::Resume => {
                if let Some(offer) = self.files.resume_offer.take() {
                    // Changes made since its file was saved: the file's own
                    // game is what counts as saved, so that undoing back to
                    // it clears the unsaved mark as it did before the
                    // restart (it stayed).
                    let ResumeOffer {
                        autosave: a,
                        stats,
                        saved,
                    } = offer;
                    // (A source kept without its folder names no file:
                    // see `Autosave::check_source`.)
                    let source = a.source.filter(|p| p.is_absolute());
                    self.install_with(a.game, stats, source, a.unsaved);
                    if saved.is_some() {
                        self.files.saved = saved;
                    }
                    // The file as this window last knew it, not as it is
                    // now: another program may have written it since, and
                    // a save then asks first.
                    if a.source_stamp.is_some() {
                        self.files.on_disk = a.source_stamp;
                    }
                    self.mark_autosaved();
                    self.rt.notice = Some(Notice::report(super::state::RESUMED_NOTICE));
                }
            }
            Pending::Close => {
                self.files.allow_close = true;
                ctx.send_viewport_cmd(egui::ViewportCommand::Close);
            }
            Pending::CloseStudy => self.end_study(),
        }
    }

    fn choose_path(&mut self, ctx: &egui::Context, purpose: Purpose) {
        if !self.files.native_dialogs {
            let text = self.prompt_text(purpose);
            self.files.path_prompt = Some(PathPrompt::new(purpose, text, None));
            return;
        }
        // A study is looked for among the user's own studies (it was
        // offered the saved game on the board). The flag stays up for the
        // typed path, should no dialog come.
        let studies = self.studies_to_open(purpose);
        if self.files.dialog.is_some() {
            return;
        }
        let (tx, rx) = channel();
        let ctx = ctx.clone();
        let current = self.files.path.clone();
        let dialog = self.files.file_dialog;
        // (A game without a file is offered the path Save as… would type.)
        let current = match purpose {
            // (The dialog opens in the folder of the path it is given.)
            Purpose::Open if studies.is_some() => studies.map(|d| d.join("study.ron")),
            Purpose::Open => current,
            Purpose::SaveAs => Some(current.unwrap_or_else(|| self.suggested_save_path())),
        };
        // The dialog blocks its thread, never the window.
        std::thread::spawn(move || {
            let chosen = dialog(purpose, current);
            // The window may be gone by now; then nobody needs the answer.
            let _ = tx.send(chosen);
            ctx.request_repaint();
        });
        self.files.dialog = Some((purpose, rx, std::time::Instant::now()));
    }

    /// Opens a saved game or a study; on failure the current game stays as
    /// it is.
    fn open(&mut self, path: &Path) {
        self.files.path_prompt = None;
        self.files.open_prompt_reading = None;
        let read = match self.files.read.take() {
            Some((p, opened)) if p == path => Ok(*opened),
            _ => read_for_open(path, || true),
        };
        match read {
            Ok(Opened::Study(study)) => {
                self.studies.active = None;
                self.studies.close_library();
                let before = self.files.path.clone();
                let title = study.file.title.clone();
                self.install(GameFile::from_game(Game::new(study.start)), None, false);
                self.start_study_now(*study, super::studies_ui::Mode::Book, before);
                // Opened by choice, it is a file to come back to as a game is.
                let note = self.remember(path);
                if !note.is_empty() {
                    self.rt.notice = Some(Notice::report(format!(
                        "{}{note}",
                        super::state::study_notice(&title)
                    )));
                }
            }
            Ok(Opened::Game(file, stats, stamp)) => match self.own_file(path) {
                Some(own) => {
                    // The autosave is rewritten after every move: its game
                    // comes in as a record with no file, to be saved under a
                    // name.
                    self.install_with(*file, stats, None, true);
                    self.rt.notice = Some(Notice::report(format!(
                        "Opened the game in the program's {own} as a new record: save it under a name of its own to keep it"
                    )));
                }
                None => {
                    self.install_with(*file, stats, Some(path.to_path_buf()), false);
                    // What a save checks against is the file this game was
                    // read from.
                    self.files.on_disk = stamp;
                    let note = self.remember(path);
                    self.rt.notice = Some(Notice::report(format!(
                        "{}{}{note}",
                        super::state::OPENED_NOTICE,
                        crate::files::shown_path(path)
                    )));
                }
            },
            Err(Unread::Refused(title, message)) => self.refuse_open(path, title, message),
            // Never asked to stop here.
            Err(Unread::Stopped) => {}
        }
    }

    /// Says why `path` cannot be opened, and forgets it among the recent
    /// files if it is gone.
    fn refuse_open(&mut self, path: &Path, title: &str, message: String) {
        // The path typed to open it stays in its window to be corrected.
        if let Some(mut prompt) = self.files.open_prompt_reading.take() {
            prompt.focused = false;
            self.files.path_prompt = Some(prompt);
        }
        if crate::files::nothing_at(path) {
            self.files.recent.remove(path);
            self.store_recent();
        }
        self.say_error(title, message);
    }

    /// [`Self::show_error`], except while the file named at launch is
    /// opened: then the messages of the start (a damaged recent-files
    /// list, settings not read) are kept before it.
    fn say_error(&mut self, title: &str, message: String) {
        let earlier = self
            .files
            .error
            .take()
            .filter(|_| self.files.last_game != LastGame::Settled);
        self.show_error(title, message);
        if earlier.is_some() {
            let this = self.files.error.take().expect("just set");
            self.files.error = Some(join_messages(earlier, this));
        }
    }

    /// The file named at launch was read (`opened`: and it opens) or not:
    /// what it means for the last session's game ([`LastSession::AfterOpening`]).
    /// Also for a file opened while the autosave was still to be read: its
    /// game then is kept aside, not offered in the opened file's place.
    fn launch_settled(&mut self, opened: bool) {
        if self.files.last_game == LastGame::Settled {
            return;
        }
        if self.files.folders.is_none() {
            self.files.last_game = LastGame::Settled;
            return;
        }
        let last = if opened {
            LastSession::KeepAside
        } else {
            LastSession::Offer
        };
        if opened || self.files.last_game == LastGame::AwaitingFile {
            self.files.last_game = LastGame::ToRead(last);
        }
        if !self.rt.background {
            self.settle_last_session_at_once();
        }
    }

    /// Reads the last session's autosave at once, on the window's thread
    /// (tests, which run nothing in the background).
    fn settle_last_session_at_once(&mut self) {
        let (LastGame::ToRead(last), Some(folders)) =
            (self.files.last_game, self.files.folders.clone())
        else {
            return;
        };
        // The autosave on disk is read, and may be moved aside.
        self.flush_autosave();
        let (offer, problem) = last_session(&folders, last);
        self.last_session_settled(offer, problem);
    }

    /// Starts reading the last session's autosave off the window's thread,
    /// once no other file is being read (a file opened meanwhile comes
    /// first, and decides whether its game is offered or kept aside).
    fn poll_last_session(&mut self, ctx: &egui::Context) {
        if self.files.reading.is_some() || !matches!(self.files.last_game, LastGame::ToRead(_)) {
            return;
        }
        if !self.rt.background {
            self.settle_last_session_at_once();
            return;
        }
        let Some(folders) = &self.files.folders else {
            return;
        };
        let data = folders.data.clone();
        self.flush_autosave();
        self.run_reading(ctx, Job::LastSession, move |keep_going| {
            Done::LastSession(match read_last_session(&data, keep_going) {
                Ok(a) => Ok(a.map(Box::new)),
                Err(LoadError::Failed(e)) => Err(e.to_string()),
                // Nobody waits for it any more.
                Err(LoadError::Stopped) => Err("the reading was stopped".into()),
            })
        });
    }

    /// Moves aside the games idle windows' folders hold with work saved in
    /// no file, once, off the window's thread (at once in tests), and says
    /// where they went.
    fn poll_idle_windows(&mut self, ctx: &egui::Context) {
        let said = match &self.files.idle_windows {
            IdleWindows::Done => return,
            IdleWindows::ToCheck => {
                let Some(folders) = &self.files.folders else {
                    self.files.idle_windows = IdleWindows::Done;
                    return;
                };
                let data = folders.data.clone();
                if self.rt.background {
                    let (tx, rx) = channel();
                    let wake = super::studies_ui::Wake(ctx.clone());
                    std::thread::spawn(move || {
                        let _wake = wake;
                        let _ = tx.send(keep_idle_windows_games(&data));
                    });
                    self.files.idle_windows = IdleWindows::Checking(rx);
                    return;
                }
                keep_idle_windows_games(&data)
            }
            IdleWindows::Checking(rx) => match rx.try_recv() {
                Ok(said) => said,
                Err(TryRecvError::Empty) => return,
                Err(TryRecvError::Disconnected) => None,
            },
        };
        self.files.idle_windows = IdleWindows::Done;
        if let Some(said) = said {
            self.files.error = Some(join_messages(self.files.error.take(), said));
        }
    }

    /// The last session's game is settled: `offer` it back, and say
    /// `problem`.
    fn last_session_settled(
        &mut self,
        offer: Option<ResumeOffer>,
        problem: Option<(String, String)>,
    ) {
        self.files.last_game = LastGame::Settled;
        self.files.resume_offer = offer;
        if problem
            .as_ref()
            .is_some_and(|(title, _)| title == STILL_IN_AUTOSAVE)
        {
            self.files.aside_pending = Some(None);
        }
        if let Some(problem) = problem {
            self.files.error = Some(join_messages(self.files.error.take(), problem));
        }
    }

    /// The user stopped the reading of the last session's autosave: it is
    /// moved aside unread, since the next autosave would write over it.
    fn last_session_stopped(&mut self) {
        let Some(folders) = self.files.folders.clone() else {
            self.last_session_settled(None, None);
            return;
        };
        let problem = match (self.files.move_aside)(&folders.data) {
            Ok(aside) => (
                "The last session's game was not read".into(),
                format!(
                    "Reading its autosave was stopped.\n\
                     It was moved to {}: Open… in the Game menu opens it.",
                    crate::files::shown_path(&aside)
                ),
            ),
            Err(failed) => still_in_autosave(&folders.data, failed),
        };
        self.last_session_settled(None, Some(problem));
    }

    /// Reads `path` for opening: on its own thread in the window, waiting
    /// only briefly for it (a file that takes longer shows "Opening…" and
    /// is polled each frame, see [`Self::poll_reading`]); at once in tests.
    fn start_reading(&mut self, ctx: &egui::Context, path: PathBuf) {
        self.files.read = None;
        self.files.reading = None;
        if !self.rt.background {
            let result = read_for_open(&path, || true);
            self.file_read(ctx, path, result);
            return;
        }
        let job = path.clone();
        self.run_reading(ctx, Job::Open(path), move |keep_going| {
            let result = read_for_open(&job, keep_going);
            Done::Read(job, result)
        });
    }

    /// Runs `work` on a thread of its own for `job`, waiting only briefly
    /// for it: what it sends then is taken in at once, else the window
    /// says it is busy (with a Stop, see [`reading_ui`]) and polls for it
    /// each frame. `work` is given whether to keep going: no once the
    /// reading is dropped (stopped, replaced, the window closed), and then
    /// nobody needs what it sends.
    fn run_reading(
        &mut self,
        ctx: &egui::Context,
        job: Job,
        work: impl FnOnce(&mut dyn FnMut() -> bool) -> Done + Send + 'static,
    ) {
        let (tx, rx) = channel();
        let stop = Arc::new(AtomicBool::new(false));
        let flag = Arc::clone(&stop);
        let wake = super::studies_ui::Wake(ctx.clone());
        std::thread::spawn(move || {
            // The window is woken however the thread ends (a panic too:
            // the poll then finds the channel closed).
            let _wake = wake;
            let _ = tx.send(work(&mut || !flag.load(Ordering::Relaxed)));
        });
        match rx.recv_timeout(READ_AT_ONCE) {
            Ok(done) => self.reading_done(ctx, done),
            Err(_) => self.files.reading = Some(Reading { job, rx, stop }),
        }
    }

    /// Takes in the file being read or the record being replayed, once it is.
    fn poll_reading(&mut self, ctx: &egui::Context) {
        let Some(reading) = &self.files.reading else {
            return;
        };
        let done = match reading.rx.try_recv() {
            Ok(done) => done,
            Err(TryRecvError::Empty) => return,
            Err(TryRecvError::Disconnected) => match &reading.job {
                Job::Open(path) => Done::Read(
                    path.clone(),
                    Err(Unread::Refused(
                        "Cannot open the file",
                        "reading it failed unexpectedly.\nThe current game is still open and unchanged."
                            .to_string(),
                    )),
                ),
                Job::Paste(_) => Done::Pasted(Err(LoadError::Failed(
                    "replaying its moves failed unexpectedly.".to_string(),
                ))),
                Job::LastSession => {
                    Done::LastSession(Err("reading it failed unexpectedly".to_string()))
                }
            },
        };
        self.files.reading = None;
        self.reading_done(ctx, done);
    }

    fn reading_done(&mut self, ctx: &egui::Context, done: Done) {
        match done {
            Done::Read(path, result) => self.file_read(ctx, path, result),
            Done::Pasted(result) => self.pasted(ctx, result),
            Done::LastSession(loaded) => {
                let (LastGame::ToRead(last), Some(folders)) =
                    (self.files.last_game, self.files.folders.clone())
                else {
                    return;
                };
                let loaded = loaded.map(|a| a.map(|a| *a));
                let (offer, problem) = settle_last_session(&folders, last, loaded);
                self.last_session_settled(offer, problem);
            }
        }
    }

    /// A file to open has been read: one that cannot be opened (not a
    /// game, damaged) is said at once, before "save your changes?" would
    /// have the user give up changes for nothing; one that can is opened,
    /// or kept for the open that waits on the question.
    fn file_read(&mut self, ctx: &egui::Context, path: PathBuf, result: ReadResult) {
        match result {
            Err(Unread::Refused(title, message)) => {
                self.refuse_open(&path, title, message);
                self.launch_settled(false);
            }
            // Only a read nobody waits for is stopped: nothing to open or
            // say, and the current game stays as it is.
            Err(Unread::Stopped) => {
                self.files.open_prompt_reading = None;
                self.launch_settled(false);
            }
            Ok(opened) => {
                self.files.open_prompt_reading = None;
                self.launch_settled(true);
                self.files.read = Some((path.clone(), Box::new(opened)));
                self.guard(ctx, Pending::OpenPath(path));
            }
        }
    }

    /// Which of the program's own files `path` is, if any.
    fn own_file(&self, path: &Path) -> Option<&'static str> {
        self.files.folders.as_ref()?.own_file(path)
    }

    /// Whether the game's file `path` changed on disk since it was opened
    /// or saved here.
    fn changed_on_disk_since_here(&self, path: &Path) -> bool {
        let now = file_stamp(path);
        self.files.on_disk.is_some() && now.is_some() && now != self.files.on_disk
    }

    /// Saves the game to its own file `path`, then does `next`; first asks
    /// if the file changed on disk since it was opened or saved here.
    fn save_own(&mut self, ctx: &egui::Context, path: &Path, next: Option<Pending>) {
        if self.changed_on_disk_since_here(path) {
            // What the other program left there, read once for the question.
            self.files.changed_on_disk = Some(ReplaceQuestion::new(path.to_path_buf()));
            self.files.after_save = next;
            return;
        }
        if self.save_to(ctx, path)
            && let Some(next) = next
        {
            self.perform(ctx, next);
        }
    }

    /// Saves the current game to `path`; returns whether it worked.
    fn save_to(&mut self, ctx: &egui::Context, path: &Path) -> bool {
        if let Some(what) = self.own_file(path) {
            // The program would overwrite the game there by itself.
            self.rt.notice = Some(
                format!(
                    "Not saved to {}: it is the program's own {what}",
                    crate::files::shown_path(path)
                )
                .into(),
            );
            let kept = self.kept_as_it_was();
            self.show_error(
                SAVE_FAILED,
                format!(
                    "{} is {}: choose another name.\n{kept}",
                    crate::files::shown_path(path),
                    crate::files::Folders::own_file_words(what)
                ),
            );
            return false;
        }
        let file = self.current_file();
        match save_game(path, &file) {
            Ok(()) => {
                // A file read for an open that waits on this save is
                // stale once the save wrote it ("Save" before opening its
                // saved version again): the open reads it afresh.
                if self
                    .files
                    .read
                    .as_ref()
                    .is_some_and(|(read, _)| crate::files::same_file(read, path))
                {
                    self.files.read = None;
                }
                self.files.path = Some(path.to_path_buf());
                self.files.on_disk = file_stamp(path);
                self.files.saved = Some(signature(&self.rt));
                // A failed attempt's message, still up while another name
                // was typed, would say the saved game is not saved.
                self.take_down_error(SAVE_FAILED);
                let note = self.remember(path);
                self.rt.notice = Some(Notice::report(format!(
                    "{SAVED_NOTICE}{}{note}",
                    crate::files::shown_path(path)
                )));
                // The autosave now belongs to the file and is clean.
                self.autosave(ctx, true);
                true
            }
            Err(e) => {
                // An earlier "Saved to …" under the board would now mislead.
                self.rt.notice = Some(
                    format!(
                        "Not saved to {}: {}",
                        crate::files::shown_path(path),
                        e.problem
                    )
                    .into(),
                );
                let kept = self.kept_as_it_was();
                self.show_error(SAVE_FAILED, format!("{e}\n{kept}"));
                false
            }
        }
    }

    /// What a failed save left as it was, in words: the game stays open,
    /// and it is still saved in its own file, or not saved at all.
    fn kept_as_it_was(&self) -> String {
        match &self.files.path {
            Some(own) if !self.unsaved() => {
                format!(
                    "The game stays open, still saved in {}.",
                    crate::files::shown_path(own)
                )
            }
            Some(own) => format!(
                "The game stays open; its latest changes are not saved (its file is {}).",
                crate::files::shown_path(own)
            ),
            None => "The game stays open and is not saved.".to_string(),
        }
    }

    /// Puts `path` first in the recent files; what to add to the notice
    /// about it (a name that is not UTF-8 cannot be kept in the list's file).
    fn remember(&mut self, path: &Path) -> &'static str {
        self.files.recent.add(path);
        self.store_recent();
        if RecentFiles::storable(path) {
            ""
        } else {
            " (its name is not UTF-8, so Recent files lists it only until the program closes)"
        }
    }

    fn store_recent(&mut self) {
        if let Some(f) = &self.files.folders
            && let Err(e) = self.files.recent.save(&f.config)
        {
            self.show_error("Cannot store the recent-files list", e.to_string());
        }
    }

    /// Sets up a pasted position, or game record: its moves are replayed
    /// as a file's are when it is opened, on a thread of their own (one
    /// move may take half a minute to prove that it never ends), with
    /// "Pasting a game record" and a Stop while it takes longer than a
    /// moment. A bare position is set up at once (the editor and the
    /// studies set theirs up this way and go on from it).
    fn paste(&mut self, ctx: &egui::Context, text: &str) {
        let record = match read_pasted(text) {
            Ok(record) => record,
            Err(e) => return self.show_error(PASTE_REFUSED, e),
        };
        // The latest paste or open is the one that counts.
        self.files.read = None;
        if let Some(reading) = self.files.reading.take()
            && matches!(reading.job, Job::Open(_))
        {
            self.launch_settled(false);
        }
        if record.moves() == 0 || !self.rt.background {
            let result = replay_pasted(&record, &mut || true);
            self.pasted(ctx, result);
            return;
        }
        self.run_reading(ctx, Job::Paste(record.moves()), move |keep_going| {
            Done::Pasted(replay_pasted(&record, keep_going))
        });
    }

    /// A pasted record has been replayed: set up (after "save your
    /// changes?"), or refused with why.
    fn pasted(&mut self, ctx: &egui::Context, result: PasteResult) {
        match result {
            Ok((game, stats)) => self.guard(ctx, Pending::Paste(game, stats)),
            Err(LoadError::Failed(e)) => self.show_error(PASTE_REFUSED, e),
            // Stopped only when nobody waits for it.
            Err(LoadError::Stopped) => {}
        }
    }

    /// Puts a game record on view: moves replayed with their figures for
    /// the move list, the cursor where the file left it.
    fn install(&mut self, file: GameFile, path: Option<PathBuf>, unsaved: bool) {
        let stats = move_stats(&file.game);
        self.install_with(file, stats, path, unsaved);
    }

    /// [`Self::install`] with the move list's figures already worked out
    /// (off the window's thread, for a file opened).
    fn install_with(
        &mut self,
        file: GameFile,
        stats: Vec<MoveStats>,
        path: Option<PathBuf>,
        unsaved: bool,
    ) {
        // A file without a team's name names the side, not the last
        // game's team (a save would have written that name into it).
        let names = file.team_names();
        let mut rt = Runtime::new(*file.game.start(), names, self.rt.background);
        rt.comments = file.comments.clone();
        rt.event = file.event.clone();
        rt.notes = file.notes.clone();
        rt.stats = stats;
        rt.game = file.game.clone();
        rt.redo = file.undone.iter().rev().copied().collect();
        let cursor = file.cursor.min(rt.game.moves().len());
        if cursor == 0 {
            rt.view_start();
        } else {
            rt.view_move(cursor - 1);
        }
        // A game put on view (opened, pasted, resumed, edited) starts with
        // any computer side paused: its move would otherwise change the
        // game before the user has looked at it.
        rt.computer.paused = self.settings.players.iter().any(|p| p.is_computer());
        self.rt = rt;
        self.files.record = FileRecord::of(&file);
        self.files.on_disk = path.as_deref().and_then(file_stamp);
        self.files.path = path;
        self.files.saved = if unsaved {
            None
        } else {
            Some(signature(&self.rt))
        };
    }

    /// Draws the files feature's windows; returns their commands.
    pub(super) fn files_ui(&mut self, ctx: &egui::Context) -> Vec<AppCommand> {
        let study = self.studies.pending_title();
        let new_game = self.rt.new_game.as_ref().and_then(|d| d.rect);
        // With comments kept aside, whether the board has unsaved work
        // too: the question asked then must name it, as Discard drops it.
        let aside = self
            .studies
            .comments_aside_in()
            .map(|aside| (aside, self.board_unsaved()));
        let mut out =
            super::dialogs::dialogs_ui(ctx, &mut self.files, study.as_deref(), new_game, aside);
        if let Some(reading) = &self.files.reading {
            out.extend(reading_ui(ctx, &reading.job));
        }
        let message_open = self.files.error.is_some();
        if let (Some(prompt), Some(job)) = (&mut self.files.diagram_prompt, &self.files.diagram) {
            let window = super::dialogs::PathWindow {
                title: "Export the diagram (SVG)",
                id: super::dialogs::DIAGRAM_WINDOW,
                field: DIAGRAM_FIELD,
                action: "Export",
                take: FileCommand::ExportDiagramTo,
                replace: FileCommand::ExportDiagramTo,
                close: FileCommand::CloseDiagramPrompt,
                browse: self
                    .files
                    .native_dialogs
                    .then_some(FileCommand::BrowseDiagram),
            };
            // A message over the window keeps Esc and Enter until it is
            // answered.
            let esc = !message_open && ctx.input(|i| i.key_pressed(egui::Key::Escape));
            let choices =
                |ui: &mut egui::Ui, choice: &mut ExportDiagram| diagram_choices(ui, job, choice);
            super::dialogs::path_window(ctx, prompt, &window, esc, message_open, choices, &mut out);
        }
        out.into_iter().map(AppCommand::Files).collect()
    }
}

/// The answer of a file dialog running on its thread: `None` while it is
/// still open (the window looks again shortly), then the path chosen, or
/// `Some(None)` when none was (cancelled, or no dialog on this system).
fn dialog_answer(ctx: &egui::Context, rx: &Receiver<Option<PathBuf>>) -> Option<Option<PathBuf>> {
    match rx.try_recv() {
        Ok(chosen) => Some(chosen),
        Err(TryRecvError::Disconnected) => Some(None),
        Err(TryRecvError::Empty) => {
            ctx.request_repaint_after(super::busy::frame_interval());
            None
        }
    }
}

/// The system's file dialog (rfd: the desktop portal on Linux).
fn system_file_dialog(purpose: Purpose, current: Option<PathBuf>) -> Option<PathBuf> {
    let mut d = rfd::FileDialog::new()
        .set_title(match purpose {
            Purpose::Open => "Open a saved game or study",
            Purpose::SaveAs => "Save the game as",
        })
        .add_filter("Saved game (RON)", &["ron"]);
    if let Some(dir) = current.as_ref().and_then(|p| p.parent()) {
        d = d.set_directory(dir);
    }
    match purpose {
        Purpose::Open => d.pick_file(),
        Purpose::SaveAs => {
            let name = current
                .as_ref()
                .and_then(|p| p.file_name())
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_else(|| "game.ron".into());
            d.set_file_name(name).save_file()
        }
    }
}

/// A file dialog that brings no file back sooner than this never came up:
/// nobody chooses, or cancels, that fast.
pub const NO_DIALOG_WITHIN: std::time::Duration = std::time::Duration::from_millis(400);

/// The typed-path window's note where no file dialog came up.
pub const NO_FILE_DIALOG: &str = "This system has no file dialog: type the file's path.";

/// Why the typed-path window stands where a file dialog was asked for.
fn no_dialog_note(what: &str) -> String {
    format!("No file was chosen, or this system has no file dialog. Type the {what} instead.")
}

/// The export window's choices: which position it is, the caption, the
/// look, and the ring on the hole the move on view started from.
fn diagram_choices(ui: &mut egui::Ui, job: &DiagramJob, choice: &mut ExportDiagram) {
    ui.label(&job.what);
    ui.horizontal(|ui| {
        // As wide as the file field's name, so that the two fields line up.
        let font = egui::TextStyle::Body.resolve(ui.style());
        let width = ui
            .painter()
            .layout_no_wrap(DIAGRAM_FIELD.into(), font, egui::Color32::PLACEHOLDER)
            .size()
            .x;
        let label = ui
            .allocate_ui_with_layout(
                egui::vec2(width, ui.spacing().interact_size.y),
                egui::Layout::left_to_right(egui::Align::Center),
                |ui| {
                    ui.set_min_width(width);
                    ui.label("Caption")
                },
            )
            .inner;
        ui.add(
            egui::TextEdit::singleline(&mut choice.caption)
                .hint_text("optional: a line above the board")
                .desired_width(420.0),
        )
        .labelled_by(label.id)
        .on_hover_text(
            "Printed above the board, wrapped if long (e.g. “Diagram 3: South to move wins by 7”)",
        );
    });
    ui.checkbox(&mut choice.mono, "Black and white, for print");
    if let Some((_, name)) = &job.moved {
        ui.checkbox(
            &mut choice.ring_move,
            format!("Ring {name}, where the move started"),
        );
    }
    ui.add_space(4.0);
}

/// "Opening a file" while a file is read and replayed on its thread, or
/// "Pasting a game record" while a pasted record's moves are replayed: the
/// window goes on meanwhile, and the user may stop waiting.
fn reading_ui(ctx: &egui::Context, job: &Job) -> Option<FileCommand> {
    let mut out = None;
    let (title, doing, stop) = match job {
        Job::Open(path) => {
            let name = crate::files::shown_name(path);
            (
                "Opening a file",
                format!(
                    "Reading {} and replaying its moves…",
                    super::one_short_line(&name, 60)
                ),
                "Stop opening it",
            )
        }
        Job::Paste(moves) => (
            "Pasting a game record",
            format!(
                "Replaying the pasted record's {}…",
                count_word(*moves, "move")
            ),
            "Stop pasting it",
        ),
        Job::LastSession => (
            "Reading the last session's game",
            "Reading the autosave and replaying its moves…".to_string(),
            "Stop reading it",
        ),
    };
    egui::Window::new(title)
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_BOTTOM, egui::vec2(0.0, -60.0))
        .show(ctx, |ui| {
            ui.horizontal(|ui| {
                super::busy::spinner(ui);
                ui.label(doing);
            });
            ui.label("The current game stays open until it is done.");
            if ui.button(stop).clicked() {
                out = Some(FileCommand::CancelOpen);
            }
        });
    out
}

/// A short description of an autosaved game for the resume offer, in
/// people's words ("En Gehé 2×8, Ilkisongo v Ilpurko, 3 moves (on view:
/// move 2); North to move").
pub fn describe_autosave(a: &Autosave) -> String {
    let file = &a.game;
    let board = match file.game.variant() {
        Variant::EnGehe { holes } => format!("En Gehé 2×{holes}"),
        Variant::BaoLaKimasai => "Bao la Kimasai".to_string(),
    };
    // A team called by its side's own name adds nothing.
    let named = |name: &str, side: Side| {
        let name = name.trim();
        (!name.is_empty() && !name.eq_ignore_ascii_case(side.title())).then(|| name.to_string())
    };
    let teams = match (
        named(&file.south_team, Side::South),
        named(&file.north_team, Side::North),
    ) {
        (None, None) => String::new(),
        (s, n) => format!(
            ", {} v {}",
            s.unwrap_or_else(|| "South".into()),
            n.unwrap_or_else(|| "North".into())
        ),
    };
    let moves = file.game.moves().len();
    let on_view = if file.cursor < moves {
        format!(
            " (on view: {})",
            if file.cursor == 0 {
                "the start".to_string()
            } else {
                format!("move {}", file.cursor)
            }
        )
    } else {
        String::new()
    };
    // Asked every frame the offer shows: never a long move sown to its
    // end here (a game whose every move is long is taken as going on).
    let state = match super::state::quick_status(&file.game, crate::engine::QUICK_LAPS) {
        Some(crate::engine::Status::Over(result)) => {
            result.describe().trim_end_matches('.').to_string()
        }
        _ => format!("{} to move", file.game.current().turn().title()),
    };
    // A game with nothing else to tell it by (no moves yet, all undone).
    let set_up = if file.is_set_up() {
        " from a position set up"
    } else {
        ""
    };
    let undone = file.undone_words();
    let mut text = format!(
        "{board}{set_up}{teams}, {moves} move{}{undone}{on_view}; {state}",
        if moves == 1 { "" } else { "s" }
    );
    if let Some(source) = &a.source {
        text.push_str(&format!(", from {}", crate::files::shown_path(source)));
    }
    if let Some(why) = a.source_lost {
        text.push_str(&format!(", but {why}: this is its only copy"));
    } else if a.unsaved {
        text.push_str(", with unsaved changes");
    }
    text
}

/// How the Recent files menu names each of `files`: the file's name, and
/// when another file of the list has the same name, as many of its last
/// folders as tell the two apart (`game.ron (first)`, `game.ron
/// (club/2024)` beside `game.ron (home/2024)`); one short line each, the
/// name and its folders cut short from their ends (`…/2024`) rather than
/// dropped (the whole path shows on hover).
pub fn recent_labels(files: &[PathBuf]) -> Vec<String> {
    /// The most characters of a label, and of its folders' part.
    const MOST: usize = 60;
    const MOST_FOLDERS: usize = 32;
    let base = |p: &Path| crate::files::shown_name(p);
    // The folders of `p`, innermost first.
    let folders = |p: &Path| -> Vec<String> {
        p.parent()
            .map(|d| {
                d.components()
                    .rev()
                    .map(|c| crate::files::shown_path(Path::new(c.as_os_str())))
                    .filter(|c| c != "/" && !c.is_empty())
                    .collect()
            })
            .unwrap_or_default()
    };
    // The last `k` folders of `p`, outermost first.
    let last = |p: &Path, k: usize| -> String {
        let mut parts: Vec<String> = folders(p).into_iter().take(k).collect();
        parts.reverse();
        parts.join("/")
    };
    files
        .iter()
        .map(|path| {
            let name = base(path);
            let clashing: Vec<&PathBuf> = files
                .iter()
                .filter(|p| *p != path && base(p) == name)
                .collect();
            if clashing.is_empty() {
                return super::one_short_line(&name, MOST);
            }
            // Fewest folders that no clashing file shares; all of them
            // when none tells them apart (one is the other's folder's).
            let depth = folders(path).len().max(1);
            let k = (1..=depth)
                .find(|&k| clashing.iter().all(|p| last(p, k) != last(path, k)))
                .unwrap_or(depth);
            let mut where_ = super::one_short_line(&last(path, k), usize::MAX);
            if where_.is_empty() {
                // In the root folder.
                where_ = "/".into();
            }
            if where_.chars().count() > MOST_FOLDERS {
                let tail: Vec<char> = where_.chars().rev().take(MOST_FOLDERS - 1).collect();
                where_ = format!("…{}", tail.into_iter().rev().collect::<String>());
            }
            let room = MOST.saturating_sub(where_.chars().count() + 3).max(12);
            format!("{} ({where_})", super::one_short_line(&name, room))
        })
        .collect()
}

/// The clipboard's text, or why there is none in a user's words.
pub(super) fn clipboard_text() -> Result<String, String> {
    arboard::Clipboard::new()
        .and_then(|mut c| c.get_text())
        .map_err(|e| clipboard_problem(&e))
}

/// What a Ctrl+V in progress has brought so far (carried between frames).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PasteWatch {
    /// A paste was heard since V was last let go.
    heard: bool,
    /// V went down as a plain key: egui passed its press on, so it was no
    /// Ctrl+V (the platform layer takes a Ctrl+V press for the paste).
    plain_v: bool,
}

/// Whether a Ctrl+V among `events` brought no text. egui sends no paste
/// event for an empty clipboard (and an image paste for a picture), so a
/// release of V with no paste heard since the last one says so. The
/// release counts when Ctrl is still held, or when V's press never came
/// through as a key (the platform took it as Ctrl+V): Ctrl is often let
/// go first, and then the release came with no Ctrl and was not heard.
pub(super) fn paste_without_text(events: &[egui::Event], watch: &mut PasteWatch) -> bool {
    let mut missing = false;
    for e in events {
        match e {
            egui::Event::Paste(_) => watch.heard = true,
            egui::Event::PasteImage(_) => {
                watch.heard = true;
                missing = true;
            }
            egui::Event::Key {
                key: egui::Key::V,
                pressed: true,
                modifiers,
                ..
            } if !modifiers.command => watch.plain_v = true,
            egui::Event::Key {
                key: egui::Key::V,
                pressed: false,
                modifiers,
                ..
            } => {
                if modifiers.command || !watch.plain_v {
                    missing |= !watch.heard;
                }
                *watch = PasteWatch::default();
            }
            _ => {}
        }
    }
    missing
}

/// Why nothing could be pasted, in a user's words (the clipboard library's
/// own message ends with a full stop and speaks of "contents").
fn clipboard_problem(e: &arboard::Error) -> String {
    match e {
        arboard::Error::ContentNotAvailable => {
            "The clipboard holds no text: copy a position or a game record (one line beginning with the game's name) first.".into()
        }
        arboard::Error::ClipboardNotSupported => {
            "This system offers no clipboard to read: type the position into the editor's Paste notation field instead.".into()
        }
        other => format!(
            "The clipboard could not be read: {}",
            other.to_string().trim_end_matches('.')
        ),
    }
}

/// The file "open `path`" opens: "game" opens "game.ron", as it saves there.
fn open_target(path: PathBuf) -> PathBuf {
    // Kept whole from here on (the game's file, recent files, the
    // autosave's source): a name relative to the folder the program was
    // started in named another file once it was started elsewhere, and
    // a resumed game was saved over that one.
    let path = std::path::absolute(&path).unwrap_or(path);
    let with_ron = path.with_extension("ron");
    // ("games/" names a folder, not "games.ron".)
    if crate::files::nothing_at(&path)
        && path.extension().is_none()
        && !crate::files::ends_in_separator(&path)
        && with_ron.is_file()
    {
        with_ron
    } else {
        path
    }
}

/// The move list's figures of each move of `game` (each move traced again:
/// for a long game, or one long move, work for a thread).
fn move_stats(game: &Game) -> Vec<MoveStats> {
    move_stats_or_stop(game, || true).unwrap_or_default()
}

/// [`move_stats`] that asks `keep_going` before each move: `None` once it
/// said stop.
fn move_stats_or_stop(game: &Game, mut keep_going: impl FnMut() -> bool) -> Option<Vec<MoveStats>> {
    let mut stats = Vec::with_capacity(game.moves().len());
    for (&mv, pos) in game.moves().iter().zip(game.positions()) {
        if !keep_going() {
            return None;
        }
        stats.extend(pos.trace(mv).ok().map(|t| MoveStats::of(&t)));
    }
    Some(stats)
}

/// Replays a pasted record's moves, then works out the move list's
/// figures, asking `keep_going` all along (see [`read_for_open`]).
fn replay_pasted(record: &PastedRecord, keep_going: &mut dyn FnMut() -> bool) -> PasteResult {
    let game = record.replay_or_stop(&mut *keep_going)?;
    let stats = move_stats_or_stop(&game, keep_going).ok_or(LoadError::Stopped)?;
    Ok((Box::new(game), stats))
}

/// What a file to open holds, read and checked.
#[derive(Debug)]
enum Opened {
    /// A game, with its move list's figures and the file's stamp as it
    /// was read (not as it is when the game is put on view, after "save
    /// your changes?": another program may have written it meanwhile).
    Game(Box<GameFile>, Vec<MoveStats>, Option<FileStamp>),
    Study(Box<crate::study::Study>),
}

/// Why a file read for opening gives nothing to open.
#[derive(Debug)]
enum Unread {
    /// It cannot be opened: a message box's title and text.
    Refused(&'static str, String),
    /// The read was stopped (nobody waits for it): nothing is said, and
    /// the current game stays as it is.
    Stopped,
}

/// A file read for opening, or why there is nothing to open.
type ReadResult = Result<Opened, Unread>;

/// Reads and checks `path` for opening: a study or a saved game (or an
/// autosave), told apart by [`crate::files::detect_kind`] (so a study that
/// begins with a comment is one). Read once, on any thread; `keep_going`
/// is asked before each move is replayed and during a long one, and when
/// it says no the read gives up at once with [`Unread::Stopped`].
fn read_for_open(path: &Path, mut keep_going: impl FnMut() -> bool) -> ReadResult {
    let refused = |e: FileError| {
        Unread::Refused(
            "Cannot open the file",
            format!("{e}\nThe current game is still open and unchanged."),
        )
    };
    // Taken before the text is read: a change while it is read shows too.
    let stamp = file_stamp(path);
    let text = crate::files::read_text(path).map_err(refused)?;
    if let Ok(crate::files::FileKind::Study) = crate::files::detect_kind(&text, path) {
        let origin = crate::files::shown_path(path);
        return match crate::study::Study::parse_or_stop(&text, &origin, keep_going) {
            Ok(study) => Ok(Opened::Study(Box::new(study))),
            Err(LoadError::Failed(e)) => {
                Err(Unread::Refused("Cannot open the study", e.to_string()))
            }
            Err(LoadError::Stopped) => Err(Unread::Stopped),
        };
    }
    let file = match crate::files::game_from_text_or_stop(&text, path, &mut keep_going) {
        Ok(file) => file,
        Err(LoadError::Failed(e)) => return Err(refused(e)),
        Err(LoadError::Stopped) => return Err(Unread::Stopped),
    };
    let stats = move_stats_or_stop(&file.game, keep_going).ok_or(Unread::Stopped)?;
    Ok(Opened::Game(Box::new(file), stats, stamp))
}

#[cfg(test)]
mod clipboard_tests {
    use super::clipboard_problem;

    #[test]
    fn an_empty_clipboard_is_said_once_in_plain_words() {
        let text = clipboard_problem(&arboard::Error::ContentNotAvailable);
        assert_eq!(
            text,
            "The clipboard holds no text: copy a position or a game record (one line beginning with the game's name) first."
        );
        let other = clipboard_problem(&arboard::Error::Unknown {
            description: "busy.".into(),
        });
        assert!(!other.ends_with(".."), "{other}");
    }
}

#[cfg(test)]
mod join_tests {
    use super::join_messages;

    #[test]
    fn joined_messages_are_titled_by_all_of_them() {
        let m = |t: &str, x: &str| (t.to_string(), x.to_string());
        assert_eq!(
            join_messages(None, m("A is damaged", "a")),
            m("A is damaged", "a")
        );
        let two = join_messages(Some(m("A is damaged", "a")), m("Cannot read B", "b"));
        assert_eq!(
            two,
            m(
                "A is damaged, and cannot read B",
                "A is damaged.\na\n\nCannot read B.\nb"
            )
        );
        let three = join_messages(Some(two), m("Settings not read in full", "c"));
        assert_eq!(
            three,
            m(
                "A is damaged, cannot read B, and settings not read in full",
                "A is damaged.\na\n\nCannot read B.\nb\n\nSettings not read in full.\nc"
            )
        );
    }
}

#[cfg(test)]
mod start_tests {
    use super::*;
    use crate::app::players::Player;
    use crate::search::Level;

    #[test]
    fn the_window_s_first_game_waits_for_resume_computer() {
        // No last game to offer: the fresh game's computer, to open it,
        // played at once.
        let dir = std::env::temp_dir().join(format!("mm-start-{}", std::process::id()));
        let folders = Folders {
            config: dir.join("config"),
            data: dir.join("data"),
        };
        let ctx = egui::Context::default();
        let start = crate::engine::GameOptions::en_gehe(6).start().unwrap();
        let mut app = MaasaiApp::new_for_tests(&ctx, start);
        app.settings.players = [Player::computer(Level::Beginner), Player::Human];
        assert!(!app.rt.computer.paused);
        app.init_files(Some(folders), false, LastSession::Offer);
        assert!(app.files.resume_offer.is_none(), "no last game was offered");
        assert!(app.rt.computer.paused, "the computer waits");
        // Two people: nothing to pause.
        let mut app = MaasaiApp::new_for_tests(&ctx, start);
        app.init_files(None, false, LastSession::Offer);
        assert!(!app.rt.computer.paused);
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn the_resume_offer_is_read_with_all_resume_needs() {
        // Resume traced every move again for the move list, and read and
        // replayed the game's own file for what counts as saved, on the
        // window's thread: both come with the offer, read on a thread.
        let dir = std::env::temp_dir().join(format!("mm-offer-{}", std::process::id()));
        let data = dir.join("data");
        let start = crate::engine::GameOptions::en_gehe(6).start().unwrap();
        let mut game = Game::new(start);
        for _ in 0..3 {
            game.play(game.current().legal_moves()[0]).unwrap();
        }
        let mut saved_game = game.clone();
        saved_game.truncate(2);
        let source = dir.join("g.ron");
        std::fs::create_dir_all(&dir).unwrap();
        let saved_file = GameFile::from_game(saved_game);
        crate::files::save_game(&source, &saved_file).unwrap();
        let file = GameFile::from_game(game.clone());
        crate::files::write_autosave(&data, &file, Some(&source), true).unwrap();

        let offer = read_last_session(&data, &mut || true).unwrap().unwrap();
        assert_eq!(offer.stats, move_stats(&game));
        assert_eq!(offer.stats.len(), 3);
        assert!(offer.unsaved);
        let saved = offer.saved.as_ref().expect("its file's game");
        assert!(*saved == file_signature(&saved_file));
        // Asked to stop, the reading stops.
        let mut asked = 0;
        let stopped = read_last_session(&data, &mut || {
            asked += 1;
            asked < 3
        });
        assert!(matches!(stopped, Err(LoadError::Stopped)));
        // Resumed, the move list has its figures and undoing back to the
        // file's game clears the unsaved mark, as before the restart.
        let ctx = egui::Context::default();
        let mut app = MaasaiApp::new_for_tests(&ctx, start);
        let folders = Folders {
            config: dir.join("config"),
            data: data.clone(),
        };
        app.init_files(Some(folders), false, LastSession::Offer);
        assert!(app.files.resume_offer.is_some());
        app.perform(&ctx, Pending::Resume);
        assert_eq!(app.rt.game, game);
        assert_eq!(app.rt.stats, move_stats(&game));
        assert!(app.unsaved());
        app.rt.game.truncate(2);
        assert!(!app.unsaved(), "the file's own game counts as saved");
        let _ = std::fs::remove_dir_all(&dir);
    }
}

#[cfg(test)]
mod paste_tests {
    use super::*;

    fn v(pressed: bool, modifiers: egui::Modifiers) -> egui::Event {
        egui::Event::Key {
            key: egui::Key::V,
            physical_key: None,
            pressed,
            repeat: false,
            modifiers,
        }
    }

    #[test]
    fn a_ctrl_v_without_text_is_heard_whichever_key_is_let_go_first() {
        let mut watch = PasteWatch::default();
        // Ctrl let go before V: the release comes without Ctrl (the
        // platform took the press as the paste, which brought nothing).
        assert!(paste_without_text(
            &[v(false, egui::Modifiers::NONE)],
            &mut watch
        ));
        // V let go first.
        assert!(paste_without_text(
            &[v(false, egui::Modifiers::COMMAND)],
            &mut watch
        ));
        // A paste with text, then the release: nothing missing.
        let paste = egui::Event::Paste("en-gehe".into());
        assert!(!paste_without_text(&[paste], &mut watch));
        assert!(!paste_without_text(
            &[v(false, egui::Modifiers::NONE)],
            &mut watch
        ));
        // A plain v typed is no paste at all.
        assert!(!paste_without_text(
            &[v(true, egui::Modifiers::NONE)],
            &mut watch
        ));
        assert!(!paste_without_text(
            &[v(false, egui::Modifiers::NONE)],
            &mut watch
        ));
    }
}
