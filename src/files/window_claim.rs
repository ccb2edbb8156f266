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
pub fn data_root(folder: &Path) -> &Path {
    let slot = slot_number(folder).is_some_and(|k| (2..=MOST_WINDOWS).contains(&k));
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

/// The windows after `own` (a window's data folder) whose folders hold an
/// autosave and no running window: each claimed for as long as its claim
/// lives, so that no window starting meanwhile takes it. A window takes
/// the lowest free folder, so every folder below its own is held; one
/// above it is idle when its window ended without closing (killed, or the
/// session logged out), and its game would otherwise wait unseen until as
/// many windows are open again.
pub fn claim_idle_windows(own: &Path) -> Vec<(PathBuf, WindowClaim)> {
    let root = data_root(own);
    let first = window_number(own).map_or(MOST_WINDOWS + 1, |k| k + 1);
    (first..=MOST_WINDOWS)
        .filter_map(|k| {
            let data = window_data_folder(root, k);
            // Never made here: only a folder a window used has a game.
            if !super::autosave_path(&data).is_file() {
                return None;
            }
            let lock = try_claim(&data).ok()?;
            Some((
                data,
                WindowClaim {
                    _lock: lock,
                    window: k,
                },
            ))
        })
        .collect()
}

/// Which window's data folder `folder` is: 1 for the data folder itself,
/// `k` for `window k/` in it; `None` for the last (shared) one, after
/// which no window's folder comes.
fn window_number(folder: &Path) -> Option<u32> {
    if data_root(folder) == folder {
        return Some(1);
    }
    slot_number(folder).filter(|&k| k < MOST_WINDOWS)
}

/// The `k` of a folder named `window k`.
fn slot_number(folder: &Path) -> Option<u32> {
    folder
        .file_name()
        .and_then(|n| n.to_str())
        .and_then(|n| n.strip_prefix("window "))
        .and_then(|k| k.parse::<u32>().ok())
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
    fn only_the_idle_folders_after_a_window_s_own_are_claimed() {
        let dir = tempfile::tempdir().unwrap();
        let (first, _claim1) = folders(dir.path()).claim_window();
        let (second, claim2) = folders(dir.path()).claim_window();
        let (third, claim3) = folders(dir.path()).claim_window();
        for f in [&first, &second, &third] {
            std::fs::write(crate::files::autosave_path(&f.data), "a game").unwrap();
        }
        // A folder with no autosave is neither claimed nor made.
        let (_fourth, claim4) = folders(dir.path()).claim_window();
        drop(claim4);
        let idle = |own: &Path| -> Vec<u32> {
            claim_idle_windows(own)
                .into_iter()
                .map(|(_, c)| c.window)
                .collect()
        };
        // Windows 2 and 3 still run: nothing is idle.
        assert_eq!(idle(&first.data), Vec::<u32>::new());
        drop(claim3);
        assert_eq!(idle(&first.data), [3]);
        // Never a folder below the window's own (those are held, or its
        // own window takes them next).
        assert_eq!(idle(&third.data), Vec::<u32>::new());
        drop(claim2);
        assert_eq!(idle(&first.data), [2, 3]);
        assert_eq!(idle(&second.data), [3]);
        // Held while the claims live: a window starting meanwhile skips them.
        let held = claim_idle_windows(&first.data);
        let (next, _c) = folders(dir.path()).claim_window();
        assert_eq!(next.data, dir.path().join("data/window 4"));
        drop(held);
        assert!(!dir.path().join("data/window 5").exists());
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
