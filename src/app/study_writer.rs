//! "Save as study…": a solved position turned into a study file of the
//! user's own, from the solver panel.
//!
//! The dialog draws from its [`StudyWriter`] and returns commands, as the
//! other windows do. What it saves is what the solver proves of the
//! position *as a study starts it*: the panel's solve counted the game's
//! earlier positions for repetition, a study has none, so the position is
//! solved again on its own (the session's table answers at once what it
//! already proved) and every move of the principal line is checked best,
//! off the window's thread. The goal follows from that value
//! ([`Goal::proved`]), the solution is that line, and each step's comment
//! starts as the engine's account of its sowing ([`crate::study::move_comment`]),
//! editable here.
//!
//! Saving writes the RON atomically into the config folder's `studies/`
//! (a free name from the title: nothing is overwritten), or to a path of
//! the user's choosing (asked before replacing a file), on a thread of its
//! own, and loads the file back as the library will ([`Study::load`]). A
//! failure is said in the dialog in plain words, and nothing typed is lost.

use super::files_ui::ReplaceQuestion;
use super::solver_panel::SolverCommand;
use super::{AppCommand, MaasaiApp};
use crate::engine::{Move, Position};
use crate::files::{FileError, first_free_path, write_atomic};
use crate::solver::{Cancelled, Session, Value};
use crate::study::{Goal, Step, Study, StudyFile, comment_names_move, file_name_for};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::{Receiver, TryRecvError, channel};

/// The dialog's title (its window is found by it).
pub const WINDOW_TITLE: &str = "Save as study";
/// The button that saves into the user's studies folder.
pub const SAVE_LABEL: &str = "Save to my studies";

/// What the dialog asks for.
#[derive(Clone, Debug, PartialEq)]
pub enum WriterCommand {
    /// Save into the user's studies folder under a free name.
    Save,
    /// Show or hide the row that saves elsewhere.
    ShowElsewhere(bool),
    /// Save to the typed path (asking before a file there is replaced).
    SaveElsewhere,
    /// The answer to "replace it?".
    Replace(bool),
    /// Choose the path with the system's file dialog.
    Browse,
    /// Close the dialog and open the study library.
    ShowLibrary,
    Close,
    /// The answer to "Discard the study?" when the window closes: keep
    /// editing (false), or discard it and close the window (true).
    DiscardOnClose(bool),
}

/// The words of a study the author may write or change.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct Words {
    title: String,
    author: String,
    source: String,
    description: String,
    comments: Vec<String>,
}

/// The study as the solver proved it, ready for the author's words.
#[derive(Clone, Debug)]
pub struct Prepared {
    pub goal: Goal,
    pub line: Vec<Move>,
    /// Whether `line` is the one the solver panel shows (else the line of
    /// the position's own solve: the panel's did not check on its own).
    pub panel_line: bool,
    /// The value of the position on its own, for its side to move.
    pub value: Value,
    /// "South 3", … : how each step's comment must begin.
    pub names: Vec<String>,
    /// Said when the position on its own is worth another value than
    /// the panel showed (the game's earlier positions counted there).
    pub note: Option<String>,
}

/// The background proof of the study.
struct Preparing {
    rx: Receiver<Result<(Prepared, StudyFile), String>>,
    stop: Arc<AtomicBool>,
    /// Moves of the line checked so far.
    checked: Arc<AtomicUsize>,
}

impl Drop for Preparing {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
    }
}

/// Where a study was saved.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Saved {
    pub path: PathBuf,
    /// In the user's studies folder, so the library lists it.
    pub in_library: bool,
}

/// The dialog's state, kept by the solver panel.
pub struct StudyWriter {
    pub open: bool,
    /// The study's position.
    pub start: Position,
    /// The value the panel showed when the dialog was asked for.
    panel_value: Value,
    pub title: String,
    pub author: String,
    pub source: String,
    pub description: String,
    /// The steps' comments, in the line's order.
    pub comments: Vec<String>,
    preparing: Option<Preparing>,
    /// The proved study, once ready.
    pub prepared: Option<Prepared>,
    /// Why there is no study to save (the position makes none, or its
    /// proof failed).
    pub refused: Option<String>,
    saving: Option<Receiver<Result<Saved, String>>>,
    pub saved: Option<Saved>,
    /// The news line says where it was saved: until the path is typed over
    /// or another save asks to replace a file (the old "Saved to …" stood
    /// above the new question).
    saved_news: bool,
    /// What went wrong with the last save, in words.
    pub error: Option<String>,
    /// The typed path of "Save elsewhere", while its row is shown.
    pub elsewhere: Option<String>,
    /// The path last offered from the title: while the typed path is
    /// still that one (not typed over nor browsed to), it follows the
    /// title as it is typed.
    elsewhere_offered: Option<String>,
    /// A file at the typed path, waiting for "replace it?".
    pub ask_replace: Option<ReplaceQuestion>,
    /// The field to give the focus to next frame: after "Choose another
    /// title" the title, after "Choose another name" the path (the
    /// question had the focus, and what was typed at once went nowhere).
    refocus: Option<Refocus>,
    browse: Option<Receiver<Option<PathBuf>>>,
    /// Said under the path when Browse… brought no file back (none was
    /// chosen, or the system has no file dialog: it answers at once).
    pub browse_note: Option<&'static str>,
    /// A save into the studies folder just ended (an open library reads
    /// the folder again).
    just_saved: bool,
    /// The words the dialog holds that are no work of the author's, or
    /// are saved: empty fields, then the solver's draft, then the words
    /// of the last save. Others are asked about before the window closes.
    kept: Words,
    /// The words of the save under way (kept once it succeeds).
    saving_words: Option<Words>,
    /// The window's close waits for "Discard the study?".
    pub ask_close: bool,
    /// The title last looked for among the user's studies, and the study
    /// file of that title found there (Save replaces it, asked first).
    same_title: Option<(String, Option<PathBuf>)>,
}

impl StudyWriter {
    /// The dialog for `start`, whose value the panel shows as `value`,
    /// its study proved on a thread with the session's solver.
    /// `line`: the principal line the panel shows, which the study takes
    /// where it checks on its own (another line of the same value, from
    /// the study's own solve, read as a contradiction of the panel).
    pub fn new(
        ctx: &egui::Context,
        session: Session,
        start: Position,
        value: Value,
        line: Vec<Move>,
    ) -> Self {
        let mut w = StudyWriter {
            open: true,
            start,
            panel_value: value,
            title: String::new(),
            author: String::new(),
            source: crate::study::default_source(),
            description: String::new(),
            comments: Vec::new(),
            preparing: None,
            prepared: None,
            refused: None,
            saving: None,
            saved: None,
            saved_news: false,
            error: None,
            elsewhere: None,
            elsewhere_offered: None,
            ask_replace: None,
            refocus: None,
            browse: None,
            browse_note: None,
            just_saved: false,
            kept: Words {
                source: crate::study::default_source(),
                ..Words::default()
            },
            saving_words: None,
            ask_close: false,
            same_title: None,
        };
        // A position that makes no study (a Bao loss, say) is said so at
        // once: there is nothing to prove.
        if let Err(why) = Goal::proved(&start, value) {
            w.refused = Some(why);
            return w;
        }
        let stop = Arc::new(AtomicBool::new(false));
        let checked = Arc::new(AtomicUsize::new(0));
        let (tx, rx) = channel();
        let (flag, count) = (Arc::clone(&stop), Arc::clone(&checked));
        let wake = super::studies_ui::Wake(ctx.clone());
        let spawned = std::thread::Builder::new()
            .name("study-writer".into())
            .stack_size(512 << 20)
            .spawn(move || {
                crate::priority::as_worker();
                let _wake = wake;
                let _ = tx.send(prepare(&session, start, (value, &line), &flag, &count));
            });
        match spawned {
            Ok(_) => w.preparing = Some(Preparing { rx, stop, checked }),
            Err(e) => w.refused = Some(format!("cannot start the solver's thread: {e}")),
        }
        w
    }

    /// Whether this dialog is for `start` with the panel's `value` (one
    /// closed unsaved comes back as it was left).
    pub fn is_for(&self, start: &Position, value: Value) -> bool {
        self.start == *start && self.panel_value == value
    }

    /// The author's words as they stand.
    fn words(&self) -> Words {
        Words {
            title: self.title.clone(),
            author: self.author.clone(),
            source: self.source.clone(),
            description: self.description.clone(),
            comments: self.comments.clone(),
        }
    }

    /// Whether the author has written words the study keeps nowhere: a
    /// title, author or source, or a description or comment other than
    /// the solver's draft, not saved since (typed during the proof, or
    /// after a save, too).
    pub fn has_unsaved_words(&self) -> bool {
        self.words() != self.kept
    }

    /// Whether the study is still being proved or saved.
    pub fn busy(&self) -> bool {
        self.preparing.is_some() || self.saving.is_some()
    }

    /// Takes in what the threads have answered.
    fn poll(&mut self) {
        if let Some(p) = &self.preparing {
            match p.rx.try_recv() {
                Ok(Ok((prepared, file))) => {
                    self.description = file.description;
                    self.comments = file.solution.into_iter().map(|s| s.comment).collect();
                    self.kept.description = self.description.clone();
                    self.kept.comments = self.comments.clone();
                    self.prepared = Some(prepared);
                    self.preparing = None;
                }
                Ok(Err(why)) => {
                    self.refused = Some(why);
                    self.preparing = None;
                }
                Err(TryRecvError::Empty) => {}
                Err(TryRecvError::Disconnected) => {
                    self.refused = Some("the solver's thread stopped unexpectedly".into());
                    self.preparing = None;
                }
            }
        }
        if let Some(rx) = &self.saving {
            match rx.try_recv() {
                Ok(Ok(saved)) => {
                    if let Some(words) = self.saving_words.take() {
                        self.kept = words;
                    }
                    // The folder has the study now: looked for again.
                    self.same_title = None;
                    self.just_saved = saved.in_library;
                    self.saved = Some(saved);
                    self.saved_news = true;
                    self.error = None;
                    self.saving = None;
                }
                Ok(Err(why)) => {
                    self.error = Some(why);
                    self.saving = None;
                }
                Err(TryRecvError::Empty) => {}
                Err(TryRecvError::Disconnected) => {
                    self.error = Some("The save stopped unexpectedly: nothing was written.".into());
                    self.saving = None;
                }
            }
        }
        if let Some(rx) = &self.browse {
            match rx.try_recv() {
                Ok(chosen) => self.browse_answered(chosen),
                Err(TryRecvError::Empty) => {}
                Err(TryRecvError::Disconnected) => self.browse = None,
            }
        }
    }

    /// Takes the file Browse… chose into the typed path; without one the
    /// path stays and a note says why nothing happened.
    pub fn browse_answered(&mut self, chosen: Option<PathBuf>) {
        self.browse = None;
        match chosen {
            Some(path) => {
                self.elsewhere = Some(path.display().to_string());
                self.browse_note = None;
                // A failed save's words were about the path it replaced.
                self.error = None;
            }
            None => self.browse_note = Some(NO_FILE_CHOSEN),
        }
    }

    /// The first comment that does not begin with its mover and move, said
    /// (the file is checked for it when it is loaded, so it is not saved).
    pub fn comment_problem(&self) -> Option<String> {
        let p = self.prepared.as_ref()?;
        let i = p
            .names
            .iter()
            .zip(&self.comments)
            .position(|(name, comment)| !comment_names_move(comment.trim_start(), name))?;
        // What it begins with instead, when that looks like a move
        // ("North i18" for "North i1"): the text does begin with the
        // letters asked for, so the message alone read as wrong.
        let comment = self.comments[i].trim_start();
        let begins: String = comment
            .split_whitespace()
            .take(p.names[i].split_whitespace().count())
            .collect::<Vec<_>>()
            .join(" ");
        let begins = begins.trim_end_matches([':', ',', ';', '.']);
        let instead = if begins.is_empty() || begins == p.names[i] {
            String::new()
        } else {
            format!(", not “{}”", crate::engine::shortened(begins))
        };
        Some(format!(
            "comment {} must begin with the move it explains, “{}”{instead}: the file is \
             checked for it when it is loaded",
            i + 1,
            p.names[i]
        ))
    }

    /// The study file as the dialog holds it, or why it cannot be saved.
    pub fn file(&self) -> Result<StudyFile, String> {
        let Some(p) = &self.prepared else {
            return Err("the study is not ready yet".into());
        };
        if self.title.trim().is_empty() {
            return Err(NO_TITLE.into());
        }
        if let Some(problem) = self.comment_problem() {
            return Err(problem);
        }
        let solution = p
            .line
            .iter()
            .zip(&self.comments)
            .map(|(&mv, comment)| Step {
                mv: self.start.variant().move_name(mv),
                comment: comment.trim().to_string(),
            })
            .collect();
        Ok(StudyFile {
            version: crate::study::STUDY_VERSION,
            title: self.title.trim().to_string(),
            author: self.author.trim().to_string(),
            source: self.source.trim().to_string(),
            description: self.description.trim().to_string(),
            position: self.start.to_string(),
            goal: p.goal.clone(),
            solution,
            alternatives: Vec::new(),
        })
    }

    /// The study as RON, checked as a load will check it.
    fn text(&self) -> Result<String, String> {
        let file = self.file()?;
        let text = file
            .to_ron()
            .map_err(|e| format!("the study cannot be written as RON: {e}"))?;
        Study::parse(&text, "the new study").map_err(|e| e.to_string())?;
        Ok(text)
    }

    /// Starts saving `text` on a thread: `to` the user's studies folder
    /// (under a free name) or to a path.
    fn start_save(&mut self, ctx: &egui::Context, to: Target) {
        let text = match self.text() {
            Ok(t) => t,
            Err(why) => {
                self.error = Some(sentence(format!("Not saved: {why}")));
                return;
            }
        };
        let name = file_name_for(&self.title);
        let (tx, rx) = channel();
        let wake = super::studies_ui::Wake(ctx.clone());
        let spawned = std::thread::Builder::new()
            .name("study-save".into())
            .spawn(move || {
                let _wake = wake;
                let _ = tx.send(save(&to, &name, &text));
            });
        match spawned {
            Ok(_) => {
                self.error = None;
                self.saved = None;
                self.saving = Some(rx);
                self.saving_words = Some(self.words());
            }
            Err(e) => self.error = Some(format!("Not saved: cannot start the save: {e}.")),
        }
    }
}

/// What a study without a title is told.
pub const NO_TITLE: &str = "give the study a title: the library lists a study by its title";

/// Where a save goes.
enum Target {
    /// The user's studies folder (the config folder's `studies/`).
    Library(PathBuf),
    /// A study of that folder to replace (one of the same title).
    LibraryFile(PathBuf),
    /// A path the user chose (confirmed if a file is there).
    Path(PathBuf),
}

/// Proves the study of `start`: solved on its own (no earlier game
/// positions), the goal its value proves, and every move of its
/// principal line checked best; the file with its default words with it.
fn prepare(
    session: &Session,
    start: Position,
    (panel_value, panel_line): (Value, &[Move]),
    stop: &AtomicBool,
    checked: &AtomicUsize,
) -> Result<(Prepared, StudyFile), String> {
    let stopped = |_: Cancelled| "stopped".to_string();
    let mut solver = session.solver();
    let solution = solver
        .solve_with(&[], &start, Some(stop), None)
        .map_err(stopped)?;
    let value = solution.value;
    // A line as a study: its file, and whether every move checks best.
    let mut study_of = |line: &[Move]| -> Result<(StudyFile, Study, Result<(), String>), String> {
        let mut file = StudyFile::from_solution(&start, value, line)?;
        file.title = "new study".into();
        let text = file
            .to_ron()
            .map_err(|e| format!("the study cannot be written as RON: {e}"))?;
        let study = Study::parse(&text, "the new study").map_err(|e| e.to_string())?;
        let verdict = study
            .check_line(value, |history, pos| {
                checked.fetch_add(1, Ordering::Relaxed);
                solver
                    .solve_with(history, &pos, Some(stop), None)
                    .map(|s| s.value)
            })
            .map_err(stopped)?
            .map_err(|fault| fault.to_string());
        Ok((file, study, verdict))
    };
    // The panel's line where it holds on its own; else the study's solve's.
    let panel = (value == panel_value && !panel_line.is_empty() && panel_line != solution.pv)
        .then(|| study_of(panel_line))
        .transpose()?
        .filter(|(_, _, verdict)| verdict.is_ok());
    let from_panel = panel.is_some() || panel_line == solution.pv;
    let (file, study, line) = match panel {
        Some((file, study, _)) => (file, study, panel_line.to_vec()),
        None => {
            let (file, study, verdict) = study_of(&solution.pv)?;
            if let Err(fault) = verdict {
                return Err(format!("the solver's line does not check: {fault}"));
            }
            (file, study, solution.pv)
        }
    };
    let positions = study.solution_positions();
    let names = study
        .solution
        .iter()
        .zip(&positions)
        .map(|(&mv, pos)| crate::study::mover_and_move(pos, mv))
        .collect();
    let note = (value != panel_value).then(|| {
        format!(
            "On its own, as a study starts it, the position is worth {} for {} to move; the \
             panel's {} counted the game's earlier positions for repetition.",
            super::solver_panel::value_word(value),
            start.turn().title(),
            super::solver_panel::value_word(panel_value)
        )
    });
    Ok((
        Prepared {
            goal: file.goal.clone(),
            line,
            panel_line: from_panel,
            value,
            names,
            note,
        },
        file,
    ))
}

/// Writes `text` (a study file) where `to` says, and loads it back as the
/// library does. Errors in plain words, "Not saved: …".
fn save(to: &Target, name: &str, text: &str) -> Result<Saved, String> {
    let not_saved = |e: FileError| sentence(format!("Not saved: {e}"));
    let (path, in_library) = match to {
        Target::Library(config) => {
            crate::files::create_folder(config, "config").map_err(not_saved)?;
            let dir = config.join("studies");
            if std::fs::metadata(&dir).is_ok_and(|m| !m.is_dir()) {
                return Err(not_saved(FileError::new(
                    &dir,
                    "this is a file, not a folder: your studies are kept in a folder of \
                     this name; move or rename that file",
                )));
            }
            if let Err(e) = std::fs::create_dir(&dir)
                && e.kind() != std::io::ErrorKind::AlreadyExists
            {
                return Err(not_saved(FileError::io(
                    &dir,
                    "cannot create your studies folder",
                    &e,
                )));
            }
            (free_path(&dir, name), true)
        }
        Target::LibraryFile(path) => (path.clone(), true),
        Target::Path(path) => (path.clone(), false),
    };
    write_atomic(&path, text.as_bytes()).map_err(not_saved)?;
    Study::load(&path).map_err(|e| {
        format!(
            "Saved to {}, but it does not load back as a study: {e}",
            crate::files::shown_path(&path)
        )
    })?;
    Ok(Saved { path, in_library })
}

/// `text` ended as a sentence: a full stop unless it ends with one (or a
/// question, as "(a system folder?)" does).
fn sentence(mut text: String) -> String {
    if !(text.ends_with(['.', '?', '!']) || text.ends_with("?)")) {
        text.push('.');
    }
    text
}

/// `dir/name`, or `dir/name-2.ron`, `-3`, … when a file has that name:
/// a save never replaces a study.
fn free_path(dir: &Path, name: &str) -> PathBuf {
    let stem = name.strip_suffix(".ron").unwrap_or(name);
    first_free_path(|k| {
        if k == 1 {
            dir.join(name)
        } else {
            dir.join(format!("{stem}-{k}.ron"))
        }
    })
}

/// A title as the library tells titles apart: capitals and blanks aside
/// (around it, and how many between words: "small river  Endgame" is
/// "Small river endgame", which a second file had joined in the library).
fn title_key(title: &str) -> String {
    title
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_lowercase()
}

/// Whether a study shipped with the program has `title` (see
/// [`title_key`]).
fn shipped_title(title: &str) -> bool {
    static TITLES: std::sync::OnceLock<Vec<String>> = std::sync::OnceLock::new();
    let titles = TITLES.get_or_init(|| {
        super::studies_ui::shipped_studies()
            .0
            .iter()
            .map(|s| title_key(&s.file.title))
            .collect()
    });
    titles.contains(&title_key(title))
}

/// The study of the user's library (`config`'s `studies/`) titled `title`
/// (see [`title_key`]), if there is one, with its own title; files that
/// do not read as a study are passed over (the library says what is wrong
/// with them).
fn library_study_titled(config: &Path, title: &str) -> Option<(PathBuf, String)> {
    let wanted = title_key(title);
    let mut files: Vec<PathBuf> = std::fs::read_dir(config.join("studies"))
        .ok()?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "ron") && p.is_file())
        .collect();
    files.sort();
    files.into_iter().find_map(|path| {
        let file = crate::files::read_text(&path)
            .ok()
            .and_then(|text| ron::from_str::<StudyFile>(&text).ok())?;
        (title_key(&file.title) == wanted).then_some((path, file.title))
    })
}

/// The path "Save elsewhere" offers for a study titled `title`: in the
/// home folder, named from the title.
fn offered_path(title: &str) -> String {
    let dir = crate::files::typed_path("~");
    dir.join(file_name_for(title)).display().to_string()
}

/// The path a typed "Save elsewhere" names: a folder gets the title's
/// file name in it, a name without an extension `.ron`.
fn elsewhere_path(typed: &str, title: &str) -> PathBuf {
    let path = crate::files::typed_path(typed);
    if path.is_dir() {
        return free_path(&path, &file_name_for(title));
    }
    // A name ending in a / that is no folder is refused as naming one
    // (it was offered as "newdir/.ron").
    if path.extension().is_none() && !crate::files::ends_in_separator(&path) {
        let mut p = path.into_os_string();
        p.push(".ron");
        return PathBuf::from(p);
    }
    path
}

impl MaasaiApp {
    /// Applies a command of the study dialog.
    pub(super) fn apply_writer(&mut self, ctx: &egui::Context, command: WriterCommand) {
        let config = self.files.folders.as_ref().map(|f| f.config.clone());
        let native = self.files.native_dialogs;
        let folders = &self.files.folders;
        let Some(w) = &mut self.solver.writer else {
            return;
        };
        match command {
            WriterCommand::Save => match config {
                Some(config) if !w.busy() => {
                    // The library lists studies by title: one of the same
                    // title is replaced (once agreed), not joined by a
                    // second (the file names differ: "…-2.ron"), and a
                    // shipped study's title is not taken.
                    w.ask_replace = None;
                    if shipped_title(&w.title) {
                        w.error = Some(format!(
                            "Not saved: a study shipped with the program is titled “{}”; give \
                             yours another title, so that the library tells them apart.",
                            w.title.trim()
                        ));
                    } else if let Some((path, title)) = library_study_titled(&config, &w.title) {
                        let mut question = ReplaceQuestion::new(path);
                        // The study replaced, as it is titled ("Small
                        // river endgame", not the "small river endgame"
                        // typed).
                        question.title = Some(title.trim().to_string());
                        w.ask_replace = Some(question);
                        w.saved_news = false;
                    } else {
                        w.start_save(ctx, Target::Library(config));
                    }
                }
                Some(_) => {}
                None => {
                    w.error = Some(
                        "Not saved: there is no config folder (the system names no home \
                         folder); use Save elsewhere."
                            .into(),
                    )
                }
            },
            WriterCommand::ShowElsewhere(show) => {
                w.ask_replace = None;
                // Offered in the home folder (as a typed `~` reads it).
                w.elsewhere = show.then(|| offered_path(&w.title));
                w.elsewhere_offered = w.elsewhere.clone();
                w.browse_note = None;
            }
            WriterCommand::SaveElsewhere => {
                let Some(typed) = w.elsewhere.clone().filter(|t| !t.trim().is_empty()) else {
                    return;
                };
                if w.busy() {
                    return;
                }
                let path = elsewhere_path(&typed, &w.title);
                // The program would write over it by itself (or lose the
                // user's presets to it): refused before "Replace it?", as
                // Save as and the diagram's export refuse it.
                if let Some(what) = folders.as_ref().and_then(|f| f.own_file(&path)) {
                    w.ask_replace = None;
                    w.error = Some(format!(
                        "Not saved: {} is {}: choose another name.",
                        crate::files::shown_path(&path),
                        crate::files::Folders::own_file_words(what)
                    ));
                    return;
                }
                // Asked only where something is there to replace: a path
                // the system cannot look up (under a file, say) goes to the
                // save, which says why in plain words.
                if std::fs::metadata(&path).is_ok() {
                    w.ask_replace = Some(ReplaceQuestion::new(path));
                    w.saved_news = false;
                } else {
                    w.start_save(ctx, Target::Path(path));
                }
            }
            WriterCommand::Replace(yes) => {
                if let Some(question) = w.ask_replace.take() {
                    if !yes {
                        w.refocus = Some(if question.title.is_some() {
                            Refocus::Title
                        } else {
                            Refocus::Path
                        });
                    } else {
                        let to = if question.title.is_some() {
                            Target::LibraryFile(question.path)
                        } else {
                            Target::Path(question.path)
                        };
                        w.start_save(ctx, to);
                    }
                }
            }
            WriterCommand::Browse => {
                if !native || w.browse.is_some() {
                    return;
                }
                w.browse_note = None;
                let (tx, rx) = channel();
                let wake = super::studies_ui::Wake(ctx.clone());
                let name = file_name_for(&w.title);
                // The dialog blocks its thread, never the window; without
                // a desktop portal it answers None, and the typed path
                // stays.
                std::thread::spawn(move || {
                    let _wake = wake;
                    let chosen = rfd::FileDialog::new()
                        .set_title("Save the study as")
                        .add_filter("Study (RON)", &["ron"])
                        .set_file_name(name)
                        .save_file();
                    let _ = tx.send(chosen);
                });
                w.browse = Some(rx);
            }
            WriterCommand::ShowLibrary => {
                w.open = false;
                self.solver.writer = None;
                self.apply_study(ctx, super::studies_ui::StudyCommand::ShowLibrary(false));
                self.apply_study(ctx, super::studies_ui::StudyCommand::ShowLibrary(true));
            }
            WriterCommand::DiscardOnClose(discard) => {
                w.ask_close = false;
                if discard {
                    self.solver.writer = None;
                    ctx.send_viewport_cmd(egui::ViewportCommand::Close);
                }
            }
            WriterCommand::Close => {
                // Kept (unless saved) to come back as left, for the same
                // position; its proof stops.
                w.open = false;
                w.preparing = None;
                // (Not with words typed since the save: they come back too.)
                if (w.saved.is_some() && !w.has_unsaved_words()) || w.prepared.is_none() {
                    self.solver.writer = None;
                }
            }
        }
    }
}

impl MaasaiApp {
    /// The window's close button while a study has words of the author's
    /// not saved (the dialog open, or closed and kept for the session):
    /// the close waits for "Discard the study?". Called after the
    /// editor's question and before the files see the request.
    pub(super) fn writer_holds_close(&mut self, ctx: &egui::Context) {
        if self.closing_unasked() {
            return;
        }
        let Some(w) = &mut self.solver.writer else {
            return;
        };
        if !ctx.input(|i| i.viewport().close_requested()) || !w.has_unsaved_words() {
            return;
        }
        w.open = true;
        w.ask_close = true;
        super::dialogs::hold_close(ctx);
    }
}

/// The question asked when the window closes over a study not saved.
pub const DISCARD_HEADING: &str = "Discard the study?";

/// Under the path when Browse… brought no file back.
pub const NO_FILE_CHOSEN: &str =
    "No file was chosen, or this system has no file dialog: type the path instead.";

/// A field that "Choose another …" gives the focus back to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Refocus {
    Title,
    Path,
}

/// A labelled single-line field of the form.
fn field(ui: &mut egui::Ui, label: &str, text: &mut String, hint: &str) -> egui::Response {
    let l = ui.label(label);
    let r = ui
        .add(
            egui::TextEdit::singleline(text)
                .hint_text(hint)
                .desired_width(f32::INFINITY),
        )
        .labelled_by(l.id);
    ui.end_row();
    r
}

/// Draws the dialog (when open); returns its commands. `library`: the
/// config folder (its `studies/` is the user's); `native`: the system's
/// file dialog may be used; `library_open`: the study library is on
/// screen.
pub fn writer_ui(
    ctx: &egui::Context,
    w: &mut StudyWriter,
    library: Option<&Path>,
    native: bool,
    library_open: bool,
    message_open: bool,
) -> Vec<AppCommand> {
    let mut out = Vec::new();
    if !w.open {
        return out;
    }
    w.poll();
    // Looked for once a title (not every frame): the hint names the file
    // Save will write, which is that study's where there is one.
    if let Some(config) = library
        && w.same_title.as_ref().is_none_or(|(t, _)| *t != w.title)
    {
        let found = library_study_titled(config, &w.title).map(|(path, _)| path);
        w.same_title = Some((w.title.clone(), found));
    }
    // The library on screen shows the new study: it reads the folder again.
    if std::mem::take(&mut w.just_saved) && library_open {
        use super::studies_ui::StudyCommand::ShowLibrary;
        out.push(AppCommand::Study(ShowLibrary(false)));
        out.push(AppCommand::Study(ShowLibrary(true)));
    }
    if w.busy() || w.browse.is_some() {
        ctx.request_repaint_after(super::busy::frame_interval());
    }
    let cmd = |c: WriterCommand| AppCommand::Solver(SolverCommand::Writer(c));
    if w.ask_close {
        // Keep editing is the first answer, and Esc's and Enter's (a
        // key pressed by habit loses nothing).
        let keys = !message_open
            && ctx.input(|i| i.key_pressed(egui::Key::Escape) || i.key_pressed(egui::Key::Enter));
        let title = w.title.trim();
        let named = if title.is_empty() {
            "The study".to_string()
        } else {
            format!("The study “{}”", super::one_short_line(title, 60))
        };
        let text = format!(
            "{named} is not saved: closing the window throws away its title, author, \
             description and comments. Keep editing to save it (Save to my studies, or \
             Save elsewhere…)."
        );
        let answer = super::dialogs::question(
            ctx,
            "discard-study-on-close",
            DISCARD_HEADING,
            &text,
            &[
                ("Keep editing", WriterCommand::DiscardOnClose(false)),
                ("Discard and close", WriterCommand::DiscardOnClose(true)),
            ],
        );
        match answer {
            Some(c) => out.push(cmd(c)),
            None if keys => out.push(cmd(WriterCommand::DiscardOnClose(false))),
            None => {}
        }
        return out;
    }
    // Esc backs out, as in the other dialogs: of the "Replace it?"
    // question first (Choose another name), else of the dialog, which
    // comes back as it was left. A message window over it keeps its Esc.
    if ctx.input(|i| i.key_pressed(egui::Key::Escape)) && !message_open {
        out.push(cmd(if w.ask_replace.is_some() {
            WriterCommand::Replace(false)
        } else {
            WriterCommand::Close
        }));
        return out;
    }
    let screen = ctx.content_rect();
    let mut open = true;
    egui::Window::new(WINDOW_TITLE)
        .id(egui::Id::unique("study-writer"))
        .collapsible(false)
        .resizable(true)
        .open(&mut open)
        .default_width(680.0_f32.min(screen.width() - 40.0))
        .default_height((screen.height() - 80.0).min(860.0))
        .max_height(screen.height() - 60.0)
        .anchor(egui::Align2::CENTER_TOP, egui::vec2(0.0, 30.0))
        .show(ctx, |ui| {
            let board = if w.start.variant().is_en_gehe() {
                format!("En Gehé 2×{}", w.start.holes_per_side())
            } else {
                "Bao la Kimasai".to_string()
            };
            ui.add(
                egui::Label::new(
                    egui::RichText::new(format!("{board} · {}", w.start)).weak(),
                )
                .truncate()
                // The position's notation whole, and nothing else on
                // hover (a line cut short would add itself as a second).
                .show_tooltip_when_elided(false),
            )
            .on_hover_text(w.start.to_string());
            if let Some(why) = &w.refused {
                let text = format!("This position makes no study: {why}.");
                ui.add(
                    egui::Label::new(egui::RichText::new(text).color(ui.visuals().error_fg_color))
                        .wrap(),
                );
                if ui.button("Close").clicked() {
                    out.push(cmd(WriterCommand::Close));
                }
                return;
            }
            egui::Grid::new("study-writer-fields")
                .num_columns(2)
                .spacing([8.0, 4.0])
                .min_col_width(80.0)
                .show(ui, |ui| {
                    let title =
                        field(ui, "Title", &mut w.title, "e.g. The capture takes its trigger seed");
                    // A failed save's words may be about the title ("a
                    // shipped study has it"): they stood over the one
                    // typed since.
                    if title.changed() {
                        w.error = None;
                    }
                    if w.refocus == Some(Refocus::Title) && w.ask_replace.is_none() {
                        super::focus::focus_selected(ui.ctx(), &title, &w.title);
                        w.refocus = None;
                    }
                    field(ui, "Author", &mut w.author, "your name");
                    field(ui, "Source", &mut w.source, "where the position comes from");
                    let l = ui.label("Description");
                    ui.add(
                        egui::TextEdit::multiline(&mut w.description)
                            .desired_rows(2)
                            .desired_width(f32::INFINITY),
                    )
                    .labelled_by(l.id);
                    ui.end_row();
                });
            let Some(p) = &w.prepared else {
                if let Some(job) = &w.preparing {
                    ui.horizontal_wrapped(|ui| {
                        super::busy::spinner(ui);
                        let n = job.checked.load(Ordering::Relaxed);
                        ui.label(if n == 0 {
                            "Proving the study: the solver solves the position on its own, as a \
                             study starts it (without the game's earlier moves)…"
                                .to_string()
                        } else {
                            format!("Proving the study: checking that each move of the line is best ({n} so far)…")
                        });
                    });
                }
                if ui.button("Cancel").clicked() {
                    out.push(cmd(WriterCommand::Close));
                }
                return;
            };
            ui.add_space(4.0);
            ui.horizontal_wrapped(|ui| {
                ui.label("Goal:");
                ui.strong(&p.goal.text).on_hover_text(format!(
                    "Proved by the solver: {} for {} ({:?}); the library and the exercise \
                     check it",
                    p.goal.kind.describe(),
                    p.goal.side.title(),
                    p.goal.kind
                ));
            });
            if let Some(note) = &p.note {
                ui.add(
                    egui::Label::new(
                        egui::RichText::new(note).color(ui.visuals().warn_fg_color),
                    )
                    .wrap(),
                );
            }
            let n = p.line.len();
            // Which line: the panel's, or (where it did not hold without
            // the game's earlier positions) another of the same value.
            let whose = if p.panel_line {
                "the principal line the solver panel shows"
            } else {
                "the principal line of the position on its own (the panel's did not hold \
                 without the game's earlier positions)"
            };
            ui.label(format!(
                "Solution: {whose}, {n} move{}, each proved best. A comment begins with its \
                 mover and move:",
                if n == 1 { "" } else { "s" }
            ));
            // Fixed rows (a long line has thousands): each comment scrolls
            // within its own box if it outgrows it.
            let text_height = ui.text_style_height(&egui::TextStyle::Body);
            let box_height = text_height * 3.0 + 8.0;
            let row_height = box_height + 4.0;
            // Room for the foot: the news and the buttons, and under them
            // the path row and Browse…'s note, whether shown or not: the
            // window grows down for them where it can, and at the screen's
            // foot this room is theirs, so neither moves the buttons.
            let bottom = 96.0 + 34.0 + 20.0;
            let steps_height = (ui.available_height() - bottom).max(row_height * 1.5);
            let names = p.names.clone();
            let mut edited = false;
            egui::ScrollArea::vertical()
                // Salted with the position: a dialog for another one
                // starts at its first step (egui keeps, and saves, each
                // scroll area's offset by id, and the last dialog's came
                // back for the next).
                .id_salt(("study-writer-steps", w.start))
                .max_height(steps_height)
                .auto_shrink([false, true])
                .show_rows(ui, row_height, n, |ui, rows| {
                    for i in rows {
                        ui.horizontal(|ui| {
                            ui.set_height(box_height);
                            let wrong = !comment_names_move(w.comments[i].trim_start(), &names[i]);
                            let number = egui::RichText::new(format!("{}.", i + 1));
                            let number = if wrong {
                                number.color(ui.visuals().error_fg_color)
                            } else {
                                number.weak()
                            };
                            let l = ui.add_sized([28.0, text_height], egui::Label::new(number));
                            let field = egui::ScrollArea::vertical()
                                .id_salt(("study-writer-step", i, w.start))
                                .max_height(box_height)
                                .show(ui, |ui| {
                                    let r = ui
                                        .add(
                                            egui::TextEdit::multiline(&mut w.comments[i])
                                                .desired_rows(3)
                                                .desired_width(f32::INFINITY),
                                        )
                                        .labelled_by(l.id)
                                        .on_hover_text(format!("Must begin with “{}”", names[i]));
                                    edited |= r.changed();
                                    r
                                });
                            // The box into the list's view (its own scroll
                            // area takes a request made inside it).
                            super::follow_focus(ui, &field.inner.with_new_rect(field.inner_rect));
                        });
                    }
                });
            // A failed save's words go with the next edit: they may no
            // longer hold (a comment mended), and a problem left is said
            // below as it stands.
            if edited {
                w.error = None;
            }
            ui.separator();
            // One line of news, always there (buttons below it stay put):
            // what went wrong, where it was saved, what stands in the way
            // of a save, or what Save does.
            let titled = !w.title.trim().is_empty();
            let comment_problem = w.comment_problem();
            let green = egui::Color32::from_rgb(0x2e, 0x8b, 0x3a);
            let (text, color) = if let Some(error) = &w.error {
                (error.clone(), ui.visuals().error_fg_color)
            } else if let Some(saved) = w.saved.as_ref().filter(|_| w.saved_news) {
                let text = if saved.in_library {
                    format!(
                        "Saved to {}. It loads back as a study, and the Study library (Studies \
                         menu) lists it.",
                        crate::files::shown_path(&saved.path)
                    )
                } else {
                    format!(
                        "Saved to {}. It loads back as a study; outside your studies folder the \
                         library does not list it (open it with Open a study file… in the \
                         Studies menu).",
                        crate::files::shown_path(&saved.path)
                    )
                };
                (text, green)
            } else if let Some(problem) = &comment_problem {
                (format!("To save, mend it: {problem}."), ui.visuals().error_fg_color)
            } else if !titled {
                (format!("To save, {NO_TITLE}."), ui.visuals().weak_text_color())
            } else if shipped_title(&w.title) {
                // Said as it is typed: Save refused it only once clicked.
                (
                    format!(
                        "A study shipped with the program is titled “{}”: give yours another \
                         title, so that the library tells them apart.",
                        w.title.trim()
                    ),
                    ui.visuals().warn_fg_color,
                )
            } else {
                // The very file (the name a file already has is not
                // written over: the next free one is named).
                let same = w.same_title.as_ref().and_then(|(_, found)| found.as_ref());
                let text = match (library, same) {
                    (Some(_), Some(file)) => format!(
                        "{SAVE_LABEL} replaces your study of that title, {} (asked first).",
                        crate::files::shown_path(file)
                    ),
                    (Some(dir), None) => format!(
                        "{SAVE_LABEL} writes {}.",
                        crate::files::shown_path(&free_path(&dir.join("studies"), &file_name_for(&w.title)))
                    ),
                    (None, _) => "There is no config folder (the system names no home folder): use \
                             Save elsewhere."
                        .to_string(),
                };
                (text, ui.visuals().weak_text_color())
            };
            ui.scope(|ui| {
                ui.set_min_height(2.0 * text_height + ui.spacing().item_spacing.y);
                ui.add(egui::Label::new(egui::RichText::new(text).color(color)).wrap());
            });
            if let Some(question) = &w.ask_replace {
                ui.add(egui::Label::new(question.question()).wrap());
                ui.add(
                    egui::Label::new(
                        egui::RichText::new(super::files_ui::replaced_file_words(question))
                            .color(ui.visuals().weak_text_color()),
                    )
                    .wrap(),
                );
                ui.horizontal(|ui| {
                    if ui.button("Replace").clicked() {
                        out.push(cmd(WriterCommand::Replace(true)));
                    }
                    // A study of the same title: it is the title to change.
                    let other = if question.title.is_some() {
                        "Choose another title"
                    } else {
                        "Choose another name"
                    };
                    if ui.button(other).clicked() {
                        out.push(cmd(WriterCommand::Replace(false)));
                    }
                });
                return;
            }
            ui.horizontal_wrapped(|ui| {
                let ready = titled
                    && comment_problem.is_none()
                    && w.saving.is_none()
                    && library.is_some();
                let b = ui.add_enabled(ready, egui::Button::new(SAVE_LABEL));
                let b = match library {
                    Some(dir) => b.on_hover_text(format!(
                        "Into {}, under a name from the title; a study of yours with the same \
                         title is replaced only once you agree, and a shipped study's title is \
                         not taken; the Study library lists it",
                        crate::files::shown_path(&dir.join("studies"))
                    )),
                    None => b.on_disabled_hover_text(
                        "There is no config folder (the system names no home folder): use \
                         Save elsewhere",
                    ),
                };
                let b = if titled {
                    b
                } else {
                    b.on_disabled_hover_text("Give the study a title first")
                };
                if b.clicked() {
                    out.push(cmd(WriterCommand::Save));
                }
                let showing = w.elsewhere.is_some();
                if ui
                    .selectable_label(showing, "Save elsewhere…")
                    .on_hover_text("Save the study to a file of your choosing")
                    .clicked()
                {
                    out.push(cmd(WriterCommand::ShowElsewhere(!showing)));
                }
                if ui.button("Close").clicked() {
                    out.push(cmd(WriterCommand::Close));
                }
                // After Close: what comes and goes with a save moves none
                // of the buttons before it (Close went right as "Show in
                // the library" came).
                if w.saved.as_ref().is_some_and(|s| s.in_library)
                    && ui.button("Show in the library").clicked()
                {
                    out.push(cmd(WriterCommand::ShowLibrary));
                }
                if w.saving.is_some() {
                    super::busy::spinner(ui);
                    ui.label("Saving…");
                }
            });
            // Under the buttons, so that they stay put as the row and
            // Browse…'s note come and go. A title typed after the row was
            // opened names the offered file too.
            if w.elsewhere.is_some() && w.elsewhere == w.elsewhere_offered {
                w.elsewhere = Some(offered_path(&w.title));
                w.elsewhere_offered = w.elsewhere.clone();
            }
            if let Some(typed) = &mut w.elsewhere {
                ui.horizontal(|ui| {
                    let l = ui.label("Path");
                    let room = (ui.available_width() - 200.0).max(120.0);
                    let r = ui
                        .add(egui::TextEdit::singleline(typed).desired_width(room))
                        .labelled_by(l.id);
                    if w.refocus == Some(Refocus::Path) {
                        super::focus::focus_selected(ui.ctx(), &r, typed);
                        w.refocus = None;
                    }
                    if r.changed() {
                        // Typed over: a note about an earlier Browse… no
                        // longer holds, nor where the last save went, nor
                        // why the last save to it failed.
                        w.browse_note = None;
                        w.saved_news = false;
                        w.error = None;
                    }
                    let enter = r.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
                    if native
                        && ui
                            .add_enabled(w.browse.is_none(), egui::Button::new("Browse…"))
                            .on_hover_text("Choose the file with the system's dialog")
                            .clicked()
                    {
                        out.push(cmd(WriterCommand::Browse));
                    }
                    let ready = titled
                        && comment_problem.is_none()
                        && !typed.trim().is_empty()
                        && w.saving.is_none();
                    if ui
                        .add_enabled(ready, egui::Button::new("Save there"))
                        .clicked()
                        || (enter && ready)
                    {
                        out.push(cmd(WriterCommand::SaveElsewhere));
                    }
                });
                if let Some(note) = w.browse_note {
                    ui.weak(note);
                }
            }
        });
    if !open {
        out.push(cmd(WriterCommand::Close));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::{StudyFile, elsewhere_path, library_study_titled, shipped_title};

    #[test]
    fn a_title_is_the_same_whatever_its_capitals_and_blanks() {
        // "small river  Endgame" (two blanks) was saved as a second study
        // beside "Small river endgame".
        let dir = tempfile::tempdir().unwrap();
        let studies = dir.path().join("studies");
        std::fs::create_dir_all(&studies).unwrap();
        let file = studies.join("small-river-endgame.ron");
        let shipped = std::fs::read_to_string("assets/studies/01-relay.ron").unwrap();
        let mut study: StudyFile = ron::from_str(&shipped).unwrap();
        study.title = "Small river endgame".into();
        std::fs::write(&file, ron::ser::to_string(&study).unwrap()).unwrap();
        for typed in [
            "small river  Endgame",
            " Small\triver endgame ",
            "SMALL RIVER ENDGAME",
        ] {
            assert_eq!(
                library_study_titled(dir.path(), typed),
                Some((file.clone(), "Small river endgame".to_string())),
                "{typed:?}"
            );
        }
        assert_eq!(library_study_titled(dir.path(), "Small riverendgame"), None);
        assert!(shipped_title("  relay:  one move,   THREE laps "));
    }

    #[test]
    fn a_typed_name_ending_in_a_slash_stays_a_folder_s_name() {
        let dir = tempfile::tempdir().unwrap();
        // Not there: kept as typed, for the save to refuse as a folder's
        // name (it was offered as "newdir/.ron").
        let typed = format!("{}/newdir/", dir.path().display());
        let path = elsewhere_path(&typed, "A study");
        assert!(crate::files::ends_in_separator(&path), "{path:?}");
        assert!(!path.to_string_lossy().contains(".ron"), "{path:?}");
        // A name without one still gets `.ron`, and a folder the title's name.
        let typed = format!("{}/mine", dir.path().display());
        assert_eq!(
            elsewhere_path(&typed, "A study"),
            dir.path().join("mine.ron")
        );
        let inside = elsewhere_path(&dir.path().display().to_string(), "A study");
        assert_eq!(inside.parent(), Some(dir.path()));
    }
}
