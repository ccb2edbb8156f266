//! Saved games, presets, autosave and recent files: everything the program
//! keeps on disk, in versioned, human-readable RON. UI-free: the window calls
//! these functions, and every function that touches a folder takes it as a
//! parameter so that tests can use a temporary one.
//!
//! Never losing work is the point of this module: every write goes through
//! [`write_atomic`] (temporary file in the same folder, fsync, rename, the
//! previous version kept as `FILE.bak`), and a failed load changes nothing.

mod atomic;
mod autosave;
mod clipboard;
mod date;
pub(crate) mod error;
mod game;
mod kind;
pub(crate) mod number;
mod presets;
mod recent;
mod window_claim;

/// `bytes` as text, each byte that is not UTF-8 written as `\xNN`.
pub fn escaped_bytes(bytes: &[u8]) -> String {
    let mut shown = String::new();
    for chunk in bytes.utf8_chunks() {
        shown.push_str(chunk.valid());
        for b in chunk.invalid() {
            shown.push_str(&format!("\\x{b:02x}"));
        }
    }
    shown
}

/// Whether `a` and `b` name one file: the same path, or the same file
/// through links or `..`.
pub fn same_file(a: &Path, b: &Path) -> bool {
    a == b || std::fs::canonicalize(a).is_ok_and(|a| std::fs::canonicalize(b).is_ok_and(|b| a == b))
}

/// A path as messages show it: as `Path::display` does, but a name that is
/// not UTF-8 keeps its stray bytes as `\xNN` (`display` wrote each as "�",
/// losing which file was meant), as the command line quotes such an
/// argument, and a control character or a mark that turns text around is
/// written as an escape (`\n`, `\u{1b}`, `\u{202e}`): a newline in a name
/// split the window's title and messages in two.
pub fn shown_path(path: &Path) -> String {
    #[cfg(unix)]
    let shown = {
        use std::os::unix::ffi::OsStrExt;
        escaped_bytes(path.as_os_str().as_bytes())
    };
    #[cfg(not(unix))]
    let shown = path.display().to_string();
    // Controls and the marks that turn text around only: joiners and
    // other format characters belong in names (Persian, emoji).
    error::escaped_where(&shown, |c| {
        c.is_control() || matches!(c, '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
    })
    .into_owned()
}

/// A file's name as the window shows it (a title, a recent file), with
/// [`shown_path`]'s escapes; the whole path when it has no name.
pub fn shown_name(path: &Path) -> String {
    path.file_name()
        .map_or_else(|| shown_path(path), |name| shown_path(Path::new(name)))
}

/// Whether `path` is a file whose permissions allow no writing: a save
/// refuses it (see [`write_atomic`]), with or without being asked to
/// replace it.
pub fn is_read_only(path: &Path) -> bool {
    std::fs::metadata(path).is_ok_and(|m| m.is_file() && m.permissions().readonly())
}

pub use atomic::{
    backup_path, ends_in_separator, replaced_kept_as, write_atomic, write_atomic_with,
};
pub use autosave::{
    AUTOSAVE_FILE, Autosave, FileStamp, autosave_as_saved, autosave_path, clear_autosave,
    file_stamp, load_autosave, load_autosave_or_stop, may_hold_unsaved_work,
    parse_autosave as parse_autosave_text, set_aside_damaged_autosave, write_autosave,
    write_autosave_stamped,
};
pub use clipboard::{
    PastedRecord, RefusedMove, parse_pasted, position_text, read_pasted, record_text, replay_moves,
};
pub use date::{iso8601_utc, now_iso8601};
pub use error::{FileError, LoadError};
pub(crate) use error::{io_words, never_stopped};
pub(crate) use game::name_problem;
pub use game::{
    GAME_VERSION, GameFile, MAX_COMMENT_CHARS, MAX_EVENT_CHARS, MAX_FILE_BYTES, MAX_NOTES_CHARS,
    MAX_TEAM_NAME, MoveEntry, SavedGame, TeamClash, game_from_text, game_from_text_or_stop,
    is_blank_name, load_game, newer_version, options_for_position, read_text, save_game,
    team_label, team_names_clash, team_possessive,
};
pub(crate) use kind::misnamed;
pub use kind::{
    FileKind, FileSummary, check_file, check_text, describe_existing, describe_game, detect_kind,
};
pub use presets::{
    PRESET_VERSION, Preset, PresetEntry, PresetFile, PresetSource, SHIPPED_PRESETS,
    add_user_preset, all_presets, delete_user_preset, load_user_presets, parse_presets,
    preset_name_problem, rename_user_preset, shipped_presets, user_presets_path,
};
pub use recent::{RECENT_FILE, RECENT_LIMIT, RecentFiles};
pub use window_claim::{
    WINDOW_LOCK_FILE, WindowClaim, claim_idle_windows, data_root, window_data_folder,
};

use std::path::{Path, PathBuf};

/// A path typed by the user, as the program uses it: blanks around it
/// dropped, a leading `~` read as the home folder (as a shell would), and
/// a relative path taken from the working folder and made whole, so that a
/// message about it names the folder it was looked for in.
pub fn typed_path(text: &str) -> PathBuf {
    let home = std::env::var_os("HOME")
        .filter(|h| !h.is_empty())
        .map(PathBuf::from);
    typed_path_from(
        text,
        home.as_deref(),
        std::env::current_dir().ok().as_deref(),
    )
}

/// [`typed_path`] with the home folder and the working folder given (none
/// known: a `~` stays a name, a relative path stays relative).
pub fn typed_path_from(text: &str, home: Option<&Path>, here: Option<&Path>) -> PathBuf {
    let text = text.trim();
    let path = match (text.strip_prefix('~'), home) {
        (Some(""), Some(h)) => h.to_path_buf(),
        (Some(rest), Some(h)) if rest.starts_with('/') => h.join(rest.trim_start_matches('/')),
        _ => PathBuf::from(text),
    };
    match here {
        Some(here) if path.is_relative() => here.join(path),
        _ => path,
    }
}

/// Whether nothing is at `path`: the system says there is no such file or
/// folder. A path it cannot look up at all (too long, a file where a
/// folder should be, no permission to look) is not said to be missing:
/// reading it says why (see [`FileError::io`]).
pub fn nothing_at(path: &Path) -> bool {
    std::fs::metadata(path).is_err_and(|e| e.kind() == std::io::ErrorKind::NotFound)
}

/// Makes the program's `which` folder ("data", "config") at `dir` if it
/// is not there yet. A file in its place (or in the place of a folder on
/// its way) is said so, with what to do, not as "File exists (os error
/// 17)".
pub(crate) fn create_folder(dir: &Path, which: &str) -> Result<(), FileError> {
    let keeps = match which {
        "config" => "the program keeps its presets, studies and recent-files list there",
        _ => "the program keeps its data there",
    };
    let file_in_place = |file: &Path| {
        let problem = if file == dir {
            format!("this is a file, not a folder: {keeps}; move or rename that file")
        } else {
            format!(
                "cannot create the {which} folder: {} is a file, not a folder, so nothing \
                 can be made inside it; move or rename that file",
                crate::files::shown_path(file)
            )
        };
        FileError::new(dir, problem)
    };
    match std::fs::create_dir_all(dir) {
        Ok(()) => Ok(()),
        Err(e) => {
            let on_the_way = std::fs::metadata(dir)
                .is_ok_and(|m| !m.is_dir())
                .then(|| dir.to_path_buf())
                .or_else(|| error::file_on_the_way(dir));
            match (e.kind(), on_the_way) {
                (
                    std::io::ErrorKind::AlreadyExists | std::io::ErrorKind::NotADirectory,
                    Some(file),
                ) => Err(file_in_place(&file)),
                // Where the making stopped: the folder that could not be
                // made in one that is there ("no such file or folder" for
                // a HOME under /proc did not say which was missing, nor a
                // read-only folder which folder it kept from being made).
                (_, _) if let Some((made_in, missing)) = first_missing(dir) => Err(FileError::io(
                    dir,
                    &format!(
                        "cannot create the {which} folder: {} cannot be made in {}",
                        crate::files::shown_path(missing),
                        crate::files::shown_path(made_in)
                    ),
                    &e,
                )),
                _ => Err(FileError::io(
                    dir,
                    &format!("cannot create the {which} folder"),
                    &e,
                )),
            }
        }
    }
}

/// The deepest folder above `dir` that is there, and the folder in it on
/// the way to `dir` that is not, if `dir` is not there itself.
fn first_missing(dir: &Path) -> Option<(&Path, &Path)> {
    let mut below = None;
    for folder in dir.ancestors() {
        if folder.as_os_str().is_empty() {
            return None;
        }
        if folder.is_dir() {
            return below.map(|missing| (folder, missing));
        }
        below = Some(folder);
    }
    None
}

/// Where to keep a damaged copy of `path`: `path.damaged`, or when that is
/// taken by an earlier one, `path.damaged.2`, `path.damaged.3`, … (each is
/// kept: the earlier copy may hold a game, e.g. a newer version's autosave).
pub fn damaged_aside_path(path: &Path) -> PathBuf {
    first_free_path(|k| {
        let mut aside = path.as_os_str().to_owned();
        aside.push(".damaged");
        if k > 1 {
            aside.push(format!(".{k}"));
        }
        PathBuf::from(aside)
    })
}

/// The first of `name(1)`, `name(2)`, … that nothing is at (not even a
/// dangling link, which a rename would replace): where a file is put aside
/// without replacing an earlier one.
pub fn first_free_path(name: impl Fn(u32) -> PathBuf) -> PathBuf {
    (1..)
        .map(name)
        .find(|p| std::fs::symlink_metadata(p).is_err())
        .expect("some name is free")
}

/// The name the last session's unsaved game is moved aside to, in the
/// data folder (`unsaved game.ron`, `unsaved game 2.ron`, …).
pub const UNSAVED_ASIDE: &str = "unsaved game";

/// The folder offered for a file when nothing says where (no file opened
/// or saved yet): the working folder, unless the program was started where
/// no one keeps documents (the root folder or the home folder itself, as a
/// desktop launcher starts it), then the user's documents folder where
/// there is one.
pub fn default_folder() -> Option<PathBuf> {
    let user = directories::UserDirs::new();
    // Compared with links followed (a home reached through a link is
    // still home).
    let home = user
        .as_ref()
        .map(|u| std::fs::canonicalize(u.home_dir()).unwrap_or_else(|_| u.home_dir().into()));
    pick_default_folder(
        std::env::current_dir().ok(),
        home.as_deref(),
        user.as_ref()
            .and_then(|u| u.document_dir())
            .filter(|d| d.is_dir()),
    )
}

/// [`default_folder`] given the working folder, the home folder and an
/// existing documents folder.
fn pick_default_folder(
    working: Option<PathBuf>,
    home: Option<&Path>,
    documents: Option<&Path>,
) -> Option<PathBuf> {
    let nobodys = |w: &Path| w.parent().is_none() || home.is_some_and(|h| h == w);
    match (working, documents) {
        (Some(w), Some(d)) if nobodys(&w) => Some(d.to_path_buf()),
        (Some(w), _) => Some(w),
        (None, d) => d.map(Path::to_path_buf),
    }
}

/// The platform folders the program keeps its files in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Folders {
    /// User presets and the recent-files list (Linux: `~/.config/maasai-mancala`).
    pub config: PathBuf,
    /// The autosave (Linux: `~/.local/share/maasai-mancala`).
    pub data: PathBuf,
}

impl Folders {
    /// The platform's folders for this program, or `None` when the system
    /// has no home folder (the app then runs without autosave and presets).
    pub fn platform() -> Option<Folders> {
        let dirs = directories::ProjectDirs::from("org", "maasai-mancala", "maasai-mancala")?;
        Some(Folders {
            config: dirs.config_dir().to_path_buf(),
            data: dirs.data_dir().to_path_buf(),
        })
    }

    /// Whether `path` is the running program itself (links and `..`
    /// followed): a save or export there would replace the program.
    pub fn is_running_program(path: &Path) -> bool {
        let Ok(program) = std::env::current_exe().and_then(std::fs::canonicalize) else {
            return false;
        };
        std::fs::canonicalize(path).is_ok_and(|p| p == program)
    }

    /// Why a save to one of the program's own files (`what`, as
    /// [`Folders::own_file`] names it) is refused, in the words every
    /// refusal shares.
    pub fn own_file_words(what: &str) -> String {
        format!("the program's own {what}, which it writes by itself")
    }

    /// What the program keeps at `path`, if it is one of its own files
    /// (or such a file's `.bak`): files it rewrites by itself, so a game
    /// saved there would be lost. Links and `..` are followed.
    pub fn own_file(&self, path: &Path) -> Option<&'static str> {
        const OWN: [(&str, bool, &str); 5] = [
            (autosave::AUTOSAVE_FILE, true, "autosave"),
            (window_claim::WINDOW_LOCK_FILE, true, "window's lock file"),
            // eframe's store of the window's settings.
            ("app.ron", true, "settings file"),
            ("presets.ron", false, "presets file"),
            (recent::RECENT_FILE, false, "recent-files list"),
        ];
        // A folder not made yet is compared as written.
        let real = |p: &Path| std::fs::canonicalize(p).unwrap_or_else(|_| p.to_path_buf());
        let parent = match path.parent() {
            Some(p) if !p.as_os_str().is_empty() => p,
            _ => Path::new("."),
        };
        // Through a link the file itself may have another name and folder.
        let (folder, name) = match std::fs::canonicalize(path) {
            Ok(full) => (
                full.parent()?.to_path_buf(),
                full.file_name()?.to_str()?.to_string(),
            ),
            Err(_) => (real(parent), path.file_name()?.to_str()?.to_string()),
        };
        // Every window's data folder (`window 2/`, … in the first's) is
        // the program's: one window must not save over another's autosave.
        let real_data = real(&self.data);
        let data = window_claim::data_root(&real_data);
        let config = real(&self.config);
        let folder_root = window_claim::data_root(&folder);
        // A game moved aside is the program's to keep (it never writes over
        // one), not a file for Save to tie the game to.
        let aside = name
            .strip_suffix(".ron")
            .and_then(|n| n.strip_prefix(UNSAVED_ASIDE))
            .is_some_and(|k| k.is_empty() || k.trim_start().parse::<u32>().is_ok());
        if aside && folder_root == data {
            return Some("copy of an unsaved game");
        }
        OWN.iter().find_map(|&(own, in_data, what)| {
            let (home, folder) = if in_data {
                (data, folder_root)
            } else {
                (config.as_path(), folder.as_path())
            };
            let named = name == own || name == format!("{own}.bak");
            (named && home == folder).then_some(what)
        })
    }
}

#[cfg(all(test, target_os = "linux"))]
mod folder_tests {
    use super::*;

    #[test]
    fn a_folder_that_cannot_be_made_is_named_with_the_one_it_was_to_be_made_in() {
        // A HOME under /proc: "cannot create the data folder: no such file
        // or folder" did not say which folder was missing.
        let dir = Path::new("/proc/nohome/.local/share/maasai-mancala");
        let e = create_folder(dir, "data").unwrap_err();
        assert_eq!(e.path, dir);
        assert!(
            e.problem
                .starts_with("cannot create the data folder: /proc/nohome cannot be made in /proc"),
            "{e}"
        );
        // Refused other than as missing (sysfs takes no folders): the
        // message named the data folder alone.
        let dir = Path::new("/sys/nohome/.local/share/maasai-mancala");
        let e = create_folder(dir, "data").unwrap_err();
        assert!(
            e.problem
                .starts_with("cannot create the data folder: /sys/nohome cannot be made in /sys"),
            "{e}"
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn files_are_offered_the_working_folder_unless_nobody_keeps_documents_there() {
        let home = Path::new("/home/ole");
        let docs = Path::new("/home/ole/Documents");
        let pick =
            |w: &str, d: Option<&Path>| pick_default_folder(Some(PathBuf::from(w)), Some(home), d);
        // Started from a terminal in a folder of one's own: that folder.
        assert_eq!(
            pick("/home/ole/mancala", Some(docs)),
            Some("/home/ole/mancala".into())
        );
        // Started by a launcher (home or root): the documents folder.
        assert_eq!(pick("/home/ole", Some(docs)), Some(docs.to_path_buf()));
        assert_eq!(pick("/", Some(docs)), Some(docs.to_path_buf()));
        // No documents folder: the working folder all the same.
        assert_eq!(pick("/", None), Some("/".into()));
        assert_eq!(
            pick_default_folder(None, Some(home), Some(docs)),
            Some(docs.to_path_buf())
        );
        assert_eq!(pick_default_folder(None, None, None), None);
    }
}
