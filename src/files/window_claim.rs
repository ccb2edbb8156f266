//! One autosave per running window. Two windows of the program open at
//! once would otherwise share the data folder: each would offer the other's
//! game back at its start, and their autosaves would overwrite each other
//! after every move. So each window claims a data folder of its own with a
//! file lock (`window.lock`): the first window the data folder itself, a
//! second one, started while the first runs, `window 2/` inside it, and so
//! on. The system drops a lock when its program ends, however it ends, so a
//! window killed never keeps its folder from the next start.

use super::Folders;
use std::fs::{File, OpenOptions, TryLockError};
use std::path::{Path, PathBuf};

/// Name of the lock file in a claimed data folder.
pub const WINDOW_LOCK_FILE: &str = "window.lock";

/// The folders of the windows after the first are named `window 2`,
/// `window 3`, … inside the data folder; past this many windows at once the
/// last one is shared, unclaimed (as it was before windows had their own).
const MOST_WINDOWS: u32 = 64;

/// A window's hold on its data folder: no other window of the program
/// autosaves there while it lives.
#[derive(Debug)]
pub struct WindowClaim {
    _lock: File,
    /// Which window of those running this is: 1 for the data folder itself.
    pub window: u32,
}

/// The data folder of window `k` (1 is the data folder itself).
pub fn window_data_folder(data: &Path, k: u32) -> PathBuf {
    match k {
        0 | 1 => data.to_path_buf(),
        k => data.join(format!("window {k}")),
    }
}

/// The data folder a window's folder belongs to: `data` for `data` and for
/// `data/window 2`, … (so that every window's autosave counts as the
/// program's own file).
pub(super) fn data_root(folder: &Path) -> &Path {
    let slot = folder
        .file_name()
        .and_then(|n| n.to_str())
        .and_then(|n| n.strip_prefix("window "))
        .and_then(|k| k.parse::<u32>().ok())
        .is_some_and(|k| (2..=MOST_WINDOWS).contains(&k));
    match folder.parent() {
        Some(parent) if slot => parent,
        _ => folder,
    }
}

impl Folders {
    /// This window's folders: the first data folder that no other running
    /// window holds (the data folder itself, then `window 2/` in it, …),
    /// claimed for as long as the returned claim lives. A folder that cannot
    /// be made or locked (an unwritable disk, a file system without locks)
    /// is used unclaimed, as the autosave's own messages then say what
    /// fails; so is the last one when every other is held.
    pub fn claim_window(self) -> (Folders, Option<WindowClaim>) {
        for k in 1..=MOST_WINDOWS {
            let data = window_data_folder(&self.data, k);
            match try_claim(&data) {
                Ok(lock) => {
                    let claim = WindowClaim {
                        _lock: lock,
                        window: k,
                    };
                    return (Folders { data, ..self }, Some(claim));
                }
                // Another window holds it: try the next.
                Err(None) => continue,
                Err(Some(_)) => return (Folders { data, ..self }, None),
            }
        }
        let data = window_data_folder(&self.data, MOST_WINDOWS);
        (Folders { data, ..self }, None)
    }
}

/// Locks `data`'s lock file: `Err(None)` when another window holds it,
/// `Err(Some(why))` when it cannot be locked at all.
fn try_claim(data: &Path) -> Result<File, Option<std::io::Error>> {
    std::fs::create_dir_all(data).map_err(Some)?;
    let file = OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .open(data.join(WINDOW_LOCK_FILE))
        .map_err(Some)?;
    match file.try_lock() {
        Ok(()) => Ok(file),
        Err(TryLockError::WouldBlock) => Err(None),
        Err(TryLockError::Error(e)) => Err(Some(e)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn folders(dir: &Path) -> Folders {
        Folders {
            config: dir.join("config"),
            data: dir.join("data"),
        }
    }

    #[test]
    fn a_second_window_claims_a_folder_of_its_own_until_the_first_ends() {
        let dir = tempfile::tempdir().unwrap();
        let (first, claim1) = folders(dir.path()).claim_window();
        assert_eq!(first.data, dir.path().join("data"));
        assert_eq!(claim1.as_ref().unwrap().window, 1);
        let (second, claim2) = folders(dir.path()).claim_window();
        assert_eq!(second.data, dir.path().join("data/window 2"));
        assert_eq!(claim2.as_ref().unwrap().window, 2);
        // Settings and presets stay shared.
        assert_eq!(second.config, first.config);
        let (third, _claim3) = folders(dir.path()).claim_window();
        assert_eq!(third.data, dir.path().join("data/window 3"));
        // The first window ends: the next start takes its folder again.
        drop(claim1);
        let (again, claim) = folders(dir.path()).claim_window();
        assert_eq!(again.data, dir.path().join("data"));
        assert_eq!(claim.unwrap().window, 1);
    }

    #[test]
    fn an_unwritable_data_folder_is_used_unclaimed() {
        let dir = tempfile::tempdir().unwrap();
        // A file where the data folder should be: it can be neither made
        // nor locked.
        std::fs::write(dir.path().join("data"), "not a folder").unwrap();
        let (f, claim) = folders(dir.path()).claim_window();
        assert_eq!(f.data, dir.path().join("data"));
        assert!(claim.is_none());
    }

    #[test]
    fn every_window_folder_belongs_to_the_data_folder() {
        let data = Path::new("/home/u/.local/share/maasai-mancala");
        assert_eq!(data_root(data), data);
        assert_eq!(data_root(&window_data_folder(data, 2)), data);
        assert_eq!(data_root(&window_data_folder(data, 64)), data);
        assert_eq!(data_root(&data.join("window 65")), data.join("window 65"));
        assert_eq!(data_root(&data.join("window x")), data.join("window x"));
    }
}
