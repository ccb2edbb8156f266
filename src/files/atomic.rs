//! Writes that never leave a half-written file behind.
//!
//! The new content goes to a temporary file in the target's own folder (so
//! that the final rename stays on one file system and is atomic), is synced
//! to disk, and only then renamed over the target. The previous version is
//! first copied to `FILE.bak`. If anything fails before the rename, the
//! target is untouched and the temporary file is removed.

use super::FileError;
use std::fs::{self, File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU32, Ordering};

/// Where the previous version of `path` is kept: `path` with `.bak` appended.
pub fn backup_path(path: &Path) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(".bak");
    PathBuf::from(name)
}

/// Writes `contents` to `path` atomically, keeping the old version as `.bak`.
pub fn write_atomic(path: &Path, contents: &[u8]) -> Result<(), FileError> {
    write_atomic_with(path, |w| w.write_all(contents))
}

/// Like [`write_atomic`], with the content produced by `write` into the
/// temporary file. An error from `write` (a full disk, or a failure a test
/// injects) aborts the save with the target untouched.
pub fn write_atomic_with(
    path: &Path,
    write: impl FnOnce(&mut dyn Write) -> io::Result<()>,
) -> Result<(), FileError> {
    // A symlink names the file the user means: that file is replaced (and
    // backed up), the link stays.
    let resolved = resolve_symlinks(path);
    let path = resolved.as_path();
    if let Ok(meta) = fs::metadata(path)
        && !meta.is_file()
        && !meta.is_dir()
    {
        return Err(FileError::new(
            path,
            "cannot write: not a regular file (a device or a pipe?)",
        ));
    }
    let folder = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let Some(name) = path.file_name() else {
        return Err(FileError::new(
            path,
            "cannot write: this is not a file name",
        ));
    };
    if path.is_dir() {
        return Err(FileError::new(path, "cannot write: this is a folder"));
    }
    let tmp = temp_path(&folder, &name.to_string_lossy());
    let result = write_temp(path, &tmp, write).and_then(|()| {
        if path.exists() {
            keep_backup(path)?;
        }
        fs::rename(&tmp, path).map_err(|e| FileError::io(path, "cannot replace the file", &e))
    });
    if result.is_err() {
        // Best effort: the temporary file is only litter now.
        let _ = fs::remove_file(&tmp);
        return result;
    }
    sync_folder(&folder);
    Ok(())
}

/// `path` with its symlinks followed (a dangling one to the file it would
/// name, so that saving creates it), or `path` itself if it is none.
fn resolve_symlinks(path: &Path) -> PathBuf {
    let mut current = path.to_path_buf();
    // A bound, against a loop of links.
    for _ in 0..40 {
        let is_link = fs::symlink_metadata(&current).is_ok_and(|m| m.file_type().is_symlink());
        if !is_link {
            return current;
        }
        let Ok(target) = fs::read_link(&current) else {
            return current;
        };
        current = match current.parent() {
            Some(folder) if target.is_relative() => folder.join(target),
            _ => target,
        };
    }
    path.to_path_buf()
}

/// Writes and syncs the temporary file; errors name the target, which is
/// what the user chose (the temporary name means nothing to them).
fn write_temp(
    path: &Path,
    tmp: &Path,
    write: impl FnOnce(&mut dyn Write) -> io::Result<()>,
) -> Result<(), FileError> {
    let mut file = OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(tmp)
        .map_err(|e| {
            // "No such file or folder" for a folder that is there (a system
            // folder such as /proc takes no new files) would be false.
            let folder_is_there = tmp.parent().is_some_and(|f| f.is_dir());
            if e.kind() == io::ErrorKind::NotFound && folder_is_there {
                FileError::new(
                    path,
                    "cannot create a file in its folder: the folder takes no new files (a system folder?)",
                )
            } else {
                FileError::io(path, "cannot create a file in its folder", &e)
            }
        })?;
    let mut buffered = io::BufWriter::new(&mut file);
    write(&mut buffered)
        .and_then(|()| buffered.flush())
        .map_err(|e| FileError::io(path, "cannot write", &e))?;
    drop(buffered);
    file.sync_all()
        .map_err(|e| FileError::io(path, "cannot sync to disk", &e))
}

/// Copies the current version to `FILE.bak`, itself through a temporary
/// file, so that a crash never leaves a half-copied backup in its place.
fn keep_backup(path: &Path) -> Result<(), FileError> {
    let bak = backup_path(path);
    let folder = bak.parent().unwrap_or(Path::new("."));
    let name = bak
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let tmp = temp_path(folder, &name);
    let copied = fs::copy(path, &tmp)
        .and_then(|_| File::open(&tmp)?.sync_all())
        .and_then(|()| fs::rename(&tmp, &bak));
    copied.map_err(|e| {
        let _ = fs::remove_file(&tmp);
        FileError::io(&bak, "cannot keep the previous version", &e)
    })
}

/// A fresh name beside the target, hidden on Unix, unique within this run.
fn temp_path(folder: &Path, name: &str) -> PathBuf {
    static COUNTER: AtomicU32 = AtomicU32::new(0);
    let n = COUNTER.fetch_add(1, Ordering::Relaxed);
    folder.join(format!(".{name}.{}-{n}.tmp", std::process::id()))
}

/// Makes the rename itself durable. Not every platform can open a folder,
/// and the file's content is already synced, so failure is not an error.
fn sync_folder(folder: &Path) {
    #[cfg(unix)]
    if let Ok(dir) = File::open(folder) {
        let _ = dir.sync_all();
    }
    #[cfg(not(unix))]
    let _ = folder;
}
