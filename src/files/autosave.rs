//! The autosave: the current game, written to the data folder after every
//! move and on exit, and offered back ("Resume last game") on the next
//! start. Each write is atomic, so a program killed at any moment leaves
//! the last complete autosave (or its `.bak`) behind.

use super::error::never_stopped;
use super::game::{
    GAME_VERSION, SavedGame, check_game_name_at, check_version_at, field_place, field_place_from,
    game_ron_error, nth_field_place, read_text, to_pretty_ron,
};
use super::{FileError, GameFile, LoadError, write_atomic};
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

/// File name of the autosave in the data folder.
pub const AUTOSAVE_FILE: &str = "autosave.ron";
const AUTOSAVE_VERSION: u32 = 1;

/// What the autosave holds: the game and where it belongs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Autosave {
    pub game: GameFile,
    /// The file the game was opened from or last saved to, if any.
    pub source: Option<PathBuf>,
    /// When `source` was last written and how long it was, as the window
    /// last opened or saved it: a save after resuming asks first when the
    /// file has changed since (another program wrote it while this one
    /// was closed). `None` in autosaves written before it was kept.
    pub source_stamp: Option<FileStamp>,
    /// Whether the game had changes not yet saved to `source`.
    pub unsaved: bool,
    /// Why `source` no longer keeps the game although it was saved there
    /// (see [`Autosave::check_source`]): the autosave is then its only copy.
    pub source_lost: Option<&'static str>,
    /// Whether `source` holds the moves undone too (with their comments),
    /// as [`Autosave::check_source`] found: a game saved after an Undo
    /// keeps them in its file, so they are no work at risk.
    pub undone_saved: bool,
}

impl Autosave {
    /// Whether the game holds work a fresh game's autosave would lose:
    /// changes not saved, or moves undone that Redo could play back (a
    /// game with every move undone matches a new game, yet its moves and
    /// their comments are nowhere else, unless its file holds them: see
    /// [`Autosave::check_source`]). Such a game is moved aside, not
    /// written over, when it is not resumed.
    pub fn has_unsaved_work(&self) -> bool {
        self.unsaved || (!self.game.undone.is_empty() && !self.undone_saved)
    }

    /// Looks whether the file the game was saved to still holds it (it may
    /// have gone with a folder or a USB stick since, or another program may
    /// have changed it): if not, the game counts as unsaved, so that
    /// starting fresh moves it aside instead of letting the next autosave
    /// overwrite its only copy. Reads the file.
    pub fn check_source(&mut self) {
        let Some(source) = &self.source else {
            return;
        };
        if source.is_relative() {
            // An older version kept a file opened by a relative name as
            // typed: which folder it was in is unknown, and read from the
            // folder the program starts in now, the name may be another
            // game's file. Resumed, the game belongs to no file.
            self.unsaved = true;
            self.source_lost = Some("its folder is not known (the name was kept without it)");
            return;
        }
        if self.unsaved {
            // Counted as saved nowhere already.
            return;
        }
        let lost = match super::load_game(source) {
            Err(_) if !source.exists() => Some("that file is gone"),
            Err(_) => Some("that file can no longer be read"),
            Ok(file) if !same_record(&file, &self.game) => {
                Some("that file holds another version of the game now")
            }
            Ok(file) => {
                self.undone_saved = same_undone(&file, &self.game);
                None
            }
        };
        if lost.is_some() {
            self.unsaved = true;
            self.source_lost = lost;
        }
    }
}

/// Whether two game files hold the same record: the move on view, the
/// moves undone (with their comments) and the date of the save do not count, nor does a team left unnamed against
/// its side's title (the window shows and autosaves "South" for a file's
/// blank name, as `play --save` writes).
fn same_record(a: &GameFile, b: &GameFile) -> bool {
    let plain = |f: &GameFile| {
        let [south_team, north_team] = f.team_names();
        let moves = f.game.moves().len();
        let mut comments = f.comments.clone();
        comments.retain(|&n, _| n <= moves);
        GameFile {
            cursor: 0,
            undone: Vec::new(),
            comments,
            date: String::new(),
            south_team,
            north_team,
            ..f.clone()
        }
    };
    plain(a) == plain(b)
}

/// Whether two game files hold the same moves undone, with the same
/// comments on them (Redo would play back the same moves).
fn same_undone(a: &GameFile, b: &GameFile) -> bool {
    let undone_comments = |f: &GameFile| {
        let moves = f.game.moves().len();
        f.comments
            .iter()
            .filter(|&(&n, _)| n > moves)
            .map(|(&n, c)| (n, c.clone()))
            .collect::<Vec<_>>()
    };
    a.undone == b.undone && undone_comments(a) == undone_comments(b)
}

/// A file's last-modified time and length, which tell whether another
/// program has written it since.
pub type FileStamp = (std::time::SystemTime, u64);

#[derive(Serialize, Deserialize)]
#[serde(rename = "Autosave", deny_unknown_fields)]
struct AutosaveRecord {
    #[serde(default)]
    version: u32,
    source: Option<PathBuf>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    source_stamp: Option<FileStamp>,
    unsaved: bool,
    game: SavedGame,
}

#[derive(Deserialize)]
#[serde(rename = "Autosave")]
struct Probe {
    #[serde(default)]
    version: u32,
}

/// The autosave's path in `data_dir`.
pub fn autosave_path(data_dir: &Path) -> PathBuf {
    data_dir.join(AUTOSAVE_FILE)
}

/// Writes the autosave (creating the data folder if needed): the game,
/// the file it belongs to (if any) and whether it has unsaved changes.
/// Call it after every move and on exit. It syncs the file, which may take
/// a while on a slow disk: the window calls it on a thread of its own
/// (`app::autosave_writer`), never in a frame.
pub fn write_autosave(
    data_dir: &Path,
    game: &GameFile,
    source: Option<&Path>,
    unsaved: bool,
) -> Result<(), FileError> {
    write_autosave_stamped(data_dir, game, source.map(|p| (p, None)), unsaved)
}

/// [`write_autosave`] with the source file's stamp as the window last
/// opened or saved it (see [`Autosave::source_stamp`]).
pub fn write_autosave_stamped(
    data_dir: &Path,
    game: &GameFile,
    source: Option<(&Path, Option<FileStamp>)>,
    unsaved: bool,
) -> Result<(), FileError> {
    super::game::check_text_lengths(&autosave_path(data_dir), game)?;
    super::create_folder(data_dir, "data")?;
    // A source whose name is not UTF-8 has no RON string: the game is
    // kept without it (resumed, it is saved under a new name).
    let source = source.filter(|(p, _)| p.to_str().is_some());
    let record = AutosaveRecord {
        version: AUTOSAVE_VERSION,
        source: source.map(|(p, _)| p.to_path_buf()),
        // (RON holds no time before 1970: such a file goes unstamped
        // rather than failing every autosave.)
        source_stamp: source
            .and_then(|(_, stamp)| stamp)
            .filter(|(time, _)| time.duration_since(std::time::UNIX_EPOCH).is_ok()),
        unsaved,
        game: game.to_saved(),
    };
    let path = autosave_path(data_dir);
    write_atomic(&path, to_pretty_ron(&record, &path)?.as_bytes())
}

/// Makes the autosave the game as `source` keeps it, not changed since
/// it was saved: the window closed with its changes discarded offers that
/// game back on the next start, where it offered nothing (the saved game
/// was only in Recent files). Only the file's text is read, its version
/// and game checked; its moves are replayed by the next start, on its
/// thread. A file that is not such a saved game is an error: the caller
/// then clears the autosave.
pub fn autosave_as_saved(data_dir: &Path, source: &Path) -> Result<(), FileError> {
    let text = read_text(source)?;
    if super::detect_kind(&text, source)? != super::FileKind::Game {
        return Err(FileError::new(source, "not a saved game"));
    }
    let game = super::game::saved_record(&text, source)?;
    if source.to_str().is_none() {
        return Err(FileError::new(source, "its name is not UTF-8 text"));
    }
    let record = AutosaveRecord {
        version: AUTOSAVE_VERSION,
        source: Some(source.to_path_buf()),
        source_stamp: file_stamp(source)
            .filter(|(time, _)| time.duration_since(std::time::UNIX_EPOCH).is_ok()),
        unsaved: false,
        game,
    };
    super::create_folder(data_dir, "data")?;
    let path = autosave_path(data_dir);
    write_atomic(&path, to_pretty_ron(&record, &path)?.as_bytes())?;
    // The autosave before, which held the changes discarded, is not kept
    // as its backup (a damaged autosave would offer it back).
    match std::fs::remove_file(super::backup_path(&path)) {
        Err(e) if e.kind() != std::io::ErrorKind::NotFound => {
            Err(FileError::io(&path, "cannot remove the backup of", &e))
        }
        _ => Ok(()),
    }
}

/// The last autosaved game, `None` when there is none. A damaged autosave
/// is an error (naming the file and place), never a panic.
pub fn load_autosave(data_dir: &Path) -> Result<Option<Autosave>, FileError> {
    never_stopped(load_autosave_or_stop(data_dir, &mut || true))
}

/// [`load_autosave`] that stops when `keep_going` says so: replaying the
/// game's moves may take long (a move proved endless, half a minute), and
/// the window reads it off its own thread.
pub fn load_autosave_or_stop(
    data_dir: &Path,
    keep_going: &mut dyn FnMut() -> bool,
) -> Result<Option<Autosave>, LoadError> {
    let path = autosave_path(data_dir);
    if !path.exists() {
        return Ok(None);
    }
    let text = read_text(&path).map_err(LoadError::Failed)?;
    parse_autosave_or_stop(&text, &path, keep_going).map(Some)
}

/// Reads an autosave's text; `path` only names the file in errors.
pub fn parse_autosave(text: &str, path: &Path) -> Result<Autosave, FileError> {
    never_stopped(parse_autosave_or_stop(text, path, &mut || true))
}

/// [`parse_autosave`] that stops when `keep_going` says so (see
/// [`super::game_from_text_or_stop`]).
pub(crate) fn parse_autosave_or_stop(
    text: &str,
    path: &Path,
    keep_going: &mut dyn FnMut() -> bool,
) -> Result<Autosave, LoadError> {
    // A saved game renamed `Autosave(` is said so, not as a game record
    // RON expected in its `game` field.
    parse_as_named(text, path, keep_going).map_err(|e| {
        e.map_failed(|e| super::kind::failure_or_misnamed(text, path, super::FileKind::Autosave, e))
    })
}

fn parse_as_named(
    text: &str,
    path: &Path,
    keep_going: &mut dyn FnMut() -> bool,
) -> Result<Autosave, LoadError> {
    let probe: Probe = ron::from_str(text).map_err(|e| game_ron_error(path, text, &e))?;
    // The game inside has a `version` of its own: the autosave's is any
    // other (else it has none, however the game's reads).
    let inner = field_place(text, "game").map_or(1, |(line, _)| line + 1);
    let inner_version = field_place_from(text, inner, "version");
    let outer_version = (0..)
        .map_while(|k| nth_field_place(text, "version", k))
        .find(|&place| Some(place) != inner_version);
    check_version_at(
        path,
        probe.version,
        AUTOSAVE_VERSION,
        "autosave",
        outer_version,
    )?;
    let record: AutosaveRecord = ron::from_str(text).map_err(|e| game_ron_error(path, text, &e))?;
    // The game inside: checked as a saved game's own fields are, and
    // placed on its lines (after the autosave's `game:`).
    check_version_at(
        path,
        record.game.version,
        GAME_VERSION,
        "autosaved game",
        field_place_from(text, inner, "version"),
    )?;
    check_game_name_at(
        path,
        &record.game.game,
        field_place_from(text, inner, "game"),
    )?;
    let game = GameFile::from_saved_or_stop(record.game, path, text, keep_going)?;
    Ok(Autosave {
        game,
        source_stamp: record.source.as_ref().and(record.source_stamp),
        source: record.source,
        unsaved: record.unsaved,
        source_lost: None,
        undone_saved: false,
    })
}

/// When a file was last changed, and its length: what tells that another
/// program wrote it. `None` when it is not there (a save then just writes).
pub fn file_stamp(path: &Path) -> Option<FileStamp> {
    let meta = std::fs::metadata(path).ok()?;
    Some((meta.modified().ok()?, meta.len()))
}

/// Whether the autosave in `data` may hold work saved in no file
/// ([`Autosave::has_unsaved_work`], its source checked), told without
/// replaying its moves: no for one that cannot be read, and for a game
/// saved in its file that has not changed since (its length and time as
/// the autosave noted them). Only a yes needs the whole reading.
pub fn may_hold_unsaved_work(data: &Path) -> bool {
    let Ok(text) = std::fs::read_to_string(autosave_path(data)) else {
        return false;
    };
    let Ok(record) = ron::from_str::<AutosaveRecord>(&text) else {
        return false;
    };
    if record.unsaved || !record.game.undone.is_empty() {
        return true;
    }
    match (&record.source, record.source_stamp) {
        (None, _) => false,
        (Some(source), Some(stamp)) => file_stamp(source) != Some(stamp),
        (Some(_), None) => true,
    }
}

/// Moves a damaged autosave aside (to `autosave.ron.damaged`, or the next
/// free `autosave.ron.damaged.2`, …) and returns
/// where, so that the next autosave neither overwrites it nor pushes the
/// good previous version out of `autosave.ron.bak`.
pub fn set_aside_damaged_autosave(data_dir: &Path) -> Result<PathBuf, FileError> {
    let path = autosave_path(data_dir);
    let aside = super::damaged_aside_path(&path);
    std::fs::rename(&path, &aside)
        .map_err(|e| FileError::io(&path, "cannot move the damaged autosave aside", &e))?;
    Ok(aside)
}

/// Removes the autosave (and its backup), e.g. once the user threw the
/// game away on closing. A missing autosave is not an error.
pub fn clear_autosave(data_dir: &Path) -> Result<(), FileError> {
    let path = autosave_path(data_dir);
    for p in [super::backup_path(&path), path] {
        match std::fs::remove_file(&p) {
            Ok(()) => {}
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
            Err(e) => return Err(FileError::io(&p, "cannot remove", &e)),
        }
    }
    Ok(())
}
