//! The recent-files list: most recent first, without duplicates, bounded,
//! kept in `recent.ron` in the config folder.

use super::game::{check_version, read_text, to_pretty_ron};
use super::{FileError, write_atomic};
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

/// File name of the list in the config folder.
pub const RECENT_FILE: &str = "recent.ron";
/// How many files the list keeps.
pub const RECENT_LIMIT: usize = 10;
const RECENT_VERSION: u32 = 1;

/// Recently opened or saved files, most recent first.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename = "RecentFiles")]
pub struct RecentFiles {
    #[serde(default)]
    pub version: u32,
    #[serde(default)]
    pub files: Vec<PathBuf>,
}

impl RecentFiles {
    /// The list in `config_dir`; empty when there is none yet. A damaged
    /// list is an error the app may show and then ignore (it is rewritten
    /// on the next save).
    pub fn load(config_dir: &Path) -> Result<RecentFiles, FileError> {
        let path = config_dir.join(RECENT_FILE);
        if !path.exists() {
            return Ok(RecentFiles::default());
        }
        let text = read_text(&path)?;
        let list: RecentFiles =
            ron::from_str(&text).map_err(|e| FileError::ron(&path, &text, &e))?;
        check_version(
            &path,
            &text,
            list.version,
            RECENT_VERSION,
            "recent-files list",
        )?;
        // The window lists only files it opened or saved: an entry that
        // can name no file was written by something else (it showed as a
        // blank row, and opening it said ": there is no such file").
        for (n, file) in list.files.iter().enumerate() {
            let why = match file.to_str() {
                Some("") => Some("it is empty"),
                Some(text) if text.contains('\0') => Some("it holds a NUL character"),
                _ => None,
            };
            if let Some(why) = why {
                return Err(FileError::new(
                    &path,
                    format!(
                        "entry {} of `files` ({}) is not a file's path: {why}",
                        n + 1,
                        file.to_string_lossy().escape_debug()
                    ),
                ));
            }
        }
        let mut clean = RecentFiles::default();
        for file in list.files.into_iter().rev() {
            clean.add(&file);
        }
        Ok(clean)
    }

    /// Moves a damaged list aside (to `recent.ron.damaged`, or the next
    /// free `recent.ron.damaged.2`, …) and returns where, so that the next
    /// save does not write over it: it may hold paths worth reading.
    pub fn set_aside_damaged(config_dir: &Path) -> Result<PathBuf, FileError> {
        let path = config_dir.join(RECENT_FILE);
        let aside = super::damaged_aside_path(&path);
        std::fs::rename(&path, &aside).map_err(|e| {
            FileError::io(&path, "cannot move the damaged recent-files list aside", &e)
        })?;
        Ok(aside)
    }

    /// Writes the list to `config_dir` (atomically).
    pub fn save(&self, config_dir: &Path) -> Result<(), FileError> {
        super::create_folder(config_dir, "config")?;
        // A name that is not UTF-8 has no RON string: such a file stays in
        // the list for this session only (see [`RecentFiles::storable`]).
        let list = RecentFiles {
            version: RECENT_VERSION,
            files: self
                .files
                .iter()
                .filter(|p| RecentFiles::storable(p))
                .cloned()
                .collect(),
        };
        let path = config_dir.join(RECENT_FILE);
        write_atomic(&path, to_pretty_ron(&list, &path)?.as_bytes())
    }

    /// Whether `path` can be kept in `recent.ron` (RON text holds only
    /// UTF-8: a name with other bytes is listed until the program closes).
    pub fn storable(path: &Path) -> bool {
        path.to_str().is_some()
    }

    /// Puts `path` first (made absolute, so the same file opened two ways
    /// is listed once) and drops the oldest beyond [`RECENT_LIMIT`].
    pub fn add(&mut self, path: &Path) {
        let path = absolute(path);
        self.files.retain(|p| absolute(p) != path);
        self.files.insert(0, path);
        self.files.truncate(RECENT_LIMIT);
    }

    /// Drops a file from the list (e.g. one that no longer exists).
    pub fn remove(&mut self, path: &Path) {
        let path = absolute(path);
        self.files.retain(|p| absolute(p) != path);
    }
}

fn absolute(path: &Path) -> PathBuf {
    path.canonicalize()
        .or_else(|_| std::path::absolute(path))
        .unwrap_or_else(|_| path.to_path_buf())
}
