//! Writes that never leave a half-written file behind.
//!
//! The new content goes to a temporary file in the target's own folder (so
//! that the final rename stays on one file system and is atomic), is synced
//! to disk, and only then renamed over the target. The previous version is
//! first copied to `FILE.bak`. If anything fails before the rename, the
//! target is untouched and the temporary file is removed.
//!
//! The replacement keeps the target's permissions, and a target whose
//! permissions allow no writing is refused rather than replaced. Every
//! name written besides the target's own is no longer than it (or short),
//! so that any name the file system accepts can be saved, and saved again.

use super::FileError;
use super::error::NAME_MAX;
use std::ffi::OsString;
use std::fs::{self, File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};

/// What a shortened backup name ends with: `~`, eight hex digits, `.bak`.
const SHORT_BACKUP_TAIL: usize = 1 + 8 + 4;

/// Where the previous version of `path` is kept: `path` with `.bak`
/// appended, or, when that name would be longer than a file name may be,
/// the name's first bytes, `~`, eight hex digits of a hash of the whole
/// name and `.bak` (`A…A~1f2e3d4c.bak`), no longer than the name itself.
pub fn backup_path(path: &Path) -> PathBuf {
    let mut appended = path.as_os_str().to_owned();
    appended.push(".bak");
    match path.file_name() {
        Some(name) if name.len() + ".bak".len() > NAME_MAX => {
            path.with_file_name(short_backup_name(name))
        }
        _ => PathBuf::from(appended),
    }
}

/// Where a write to `path` keeps the file it replaces: [`backup_path`]
/// of the file a symbolic link names (the backup goes beside that file).
pub fn replaced_kept_as(path: &Path) -> PathBuf {
    backup_path(&resolve_symlinks(path).unwrap_or_else(|| path.to_path_buf()))
}

/// A backup name for a name too long to take `.bak`: as long as the name,
/// its start kept (cut between characters) and a hash of all of it, so
/// that each long name has its own backup.
fn short_backup_name(name: &std::ffi::OsStr) -> OsString {
    let bytes = name.as_encoded_bytes();
    let tail = format!("~{:08x}.bak", fnv1a(bytes));
    let mut keep = bytes.len().saturating_sub(SHORT_BACKUP_TAIL);
    let mut short = match name.to_str() {
        Some(text) => {
            while !text.is_char_boundary(keep) {
                keep -= 1;
            }
            OsString::from(&text[..keep])
        }
        None => head_bytes(name, keep),
    };
    short.push(tail);
    short
}

/// The first `keep` bytes of a name that is not UTF-8.
#[cfg(unix)]
fn head_bytes(name: &std::ffi::OsStr, keep: usize) -> OsString {
    use std::os::unix::ffi::OsStrExt;
    std::ffi::OsStr::from_bytes(&name.as_bytes()[..keep]).to_owned()
}

/// Elsewhere a name that is not Unicode is rare: its readable start.
#[cfg(not(unix))]
fn head_bytes(name: &std::ffi::OsStr, keep: usize) -> OsString {
    let text = name.to_string_lossy();
    let mut keep = keep.min(text.len());
    while !text.is_char_boundary(keep) {
        keep -= 1;
    }
    OsString::from(&text[..keep])
}

/// The 32-bit FNV-1a hash: the same for a name on every run and version.
fn fnv1a(bytes: &[u8]) -> u32 {
    bytes.iter().fold(0x811c_9dc5, |hash: u32, &b| {
        (hash ^ u32::from(b)).wrapping_mul(0x0100_0193)
    })
}

/// Writes `contents` to `path` atomically, keeping the old version as `.bak`.
/// What a write to a file its owner made read-only is refused with.
pub const READ_ONLY: &str = "cannot write: the file is read-only (its permissions allow no \
                             writing); make it writable or save under another name";

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
    // "games/" names a folder: renaming the written file onto it fails
    // with "not a directory", which the user would read as some file in
    // the way. (A folder that is there is said so below.)
    if ends_in_separator(path) && !path.is_dir() {
        return Err(FileError::new(
            path,
            "cannot write: the name ends in a /, so it names a folder, not a file (give the file's name after it)",
        ));
    }
    // A symlink names the file the user means: that file is replaced (and
    // backed up), the link stays.
    let resolved = resolve_symlinks(path).ok_or_else(|| {
        // Replacing the link itself would break the loop silently, and
        // what the user meant to write to is nowhere.
        FileError::new(
            path,
            "cannot write: it is a symbolic link in a loop of links that leads to no file",
        )
    })?;
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
    if path.file_name().is_none() {
        return Err(FileError::new(
            path,
            "cannot write: this is not a file name",
        ));
    }
    if path.is_dir() {
        return Err(FileError::new(path, "cannot write: this is a folder"));
    }
    // A file its owner made read-only is not replaced behind their back
    // (renaming over it would succeed, the folder being writable).
    let existing = fs::metadata(path).ok().filter(fs::Metadata::is_file);
    if existing
        .as_ref()
        .is_some_and(|m| m.permissions().readonly())
    {
        return Err(FileError::new(path, READ_ONLY));
    }
    let permissions = existing.map(|m| m.permissions());
    let (tmp, file) = create_temp(path, &folder)?;
    let result = write_temp(path, file, permissions, write)
        .and_then(|()| put_in_place(&tmp, path, |from, to| fs::rename(from, to)));
    if result.is_err() {
        // Best effort: the temporary file is only litter now.
        let _ = fs::remove_file(&tmp);
        return result;
    }
    sync_folder(&folder);
    Ok(())
}

/// Puts the written temporary file `tmp` in `path`'s place with `rename`,
/// keeping a file it replaces as `FILE.bak`. An older backup is moved
/// aside first and put back if the replace fails (a replace that failed,
/// an immutable file, had written it over for nothing); the previous
/// version takes the backup's name before the replace, so that a save
/// never succeeds without it.
fn put_in_place(
    tmp: &Path,
    path: &Path,
    rename: impl Fn(&Path, &Path) -> io::Result<()>,
) -> Result<(), FileError> {
    // Only a file that is there is replaced: a new one is written (a name
    // too long to take, say, had nothing to replace).
    if !path.exists() {
        return rename(tmp, path).map_err(|e| FileError::io(path, "cannot write the file", &e));
    }
    let (copy, bak) = copy_for_backup(path)?;
    let cannot_keep = |e: &io::Error| FileError::io(&bak, "cannot keep the previous version", e);
    let folder = match bak.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    // Only a file: anything else in the backup's place refuses the copy
    // below, and the save with it, as before.
    let older = if fs::symlink_metadata(&bak).is_ok_and(|m| m.is_file()) {
        let aside = temp_path(folder);
        if let Err(e) = rename(&bak, &aside) {
            let _ = fs::remove_file(&copy);
            return Err(cannot_keep(&e));
        }
        Some(aside)
    } else {
        None
    };
    let put_back = |older: &Option<PathBuf>| match older {
        Some(aside) => {
            let _ = rename(aside, &bak);
        }
        None => {
            let _ = fs::remove_file(&bak);
        }
    };
    if let Err(e) = rename(&copy, &bak) {
        let _ = fs::remove_file(&copy);
        put_back(&older);
        return Err(cannot_keep(&e));
    }
    if let Err(e) = rename(tmp, path) {
        put_back(&older);
        return Err(FileError::io(path, "cannot replace the file", &e));
    }
    if let Some(aside) = older {
        let _ = fs::remove_file(aside);
    }
    Ok(())
}

/// Whether `path` as written ends in a path separator (`Path`'s
/// components drop it).
/// Whether `path` as typed ends in a `/`: it names a folder then, and
/// `Path::with_extension` would drop the `/` ("games/" → "games.ron").
pub fn ends_in_separator(path: &Path) -> bool {
    path.as_os_str()
        .as_encoded_bytes()
        .last()
        .is_some_and(|&b| std::path::is_separator(b as char))
}

/// `path` with its symlinks followed (a dangling one to the file it would
/// name, so that saving creates it), or `path` itself if it is none.
fn resolve_symlinks(path: &Path) -> Option<PathBuf> {
    let mut current = path.to_path_buf();
    // A bound, against a loop of links (the system's own is 40).
    for _ in 0..40 {
        let is_link = fs::symlink_metadata(&current).is_ok_and(|m| m.file_type().is_symlink());
        if !is_link {
            return Some(current);
        }
        let Ok(target) = fs::read_link(&current) else {
            return Some(current);
        };
        current = match current.parent() {
            Some(folder) if target.is_relative() => folder.join(target),
            _ => target,
        };
    }
    None
}

/// Creates the temporary file beside `path`, under a fresh name; errors
/// name the target, which is what the user chose (the temporary name
/// means nothing to them).
fn create_temp(path: &Path, folder: &Path) -> Result<(PathBuf, File), FileError> {
    let mut tries = 0;
    loop {
        let tmp = temp_path(folder);
        match OpenOptions::new().write(true).create_new(true).open(&tmp) {
            Ok(file) => return Ok((tmp, file)),
            // Another writer's (or a crashed one's) name: draw again.
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists && tries < 16 => tries += 1,
            Err(e) => {
                // "No such file or folder" for a folder that is there (a
                // system folder such as /proc takes no new files) would be
                // false; for one that is not there, the folder is named,
                // in the same words whatever is saved (a game, a diagram,
                // presets).
                return Err(if e.kind() == io::ErrorKind::NotFound && folder.is_dir() {
                    FileError::new(
                        path,
                        "cannot create a file in its folder: the folder takes no new files (a system folder?)",
                    )
                } else if e.kind() == io::ErrorKind::NotFound && super::nothing_at(folder) {
                    FileError::new(
                        path,
                        format!(
                            "cannot write: there is no folder {} (make it first, or choose another)",
                            crate::files::shown_path(folder)
                        ),
                    )
                } else {
                    FileError::io(path, "cannot create a file in its folder", &e)
                });
            }
        }
    }
}

/// Writes and syncs the temporary file, with the permissions of the file
/// it replaces (a new file keeps those it was created with).
fn write_temp(
    path: &Path,
    mut file: File,
    permissions: Option<fs::Permissions>,
    write: impl FnOnce(&mut dyn Write) -> io::Result<()>,
) -> Result<(), FileError> {
    let mut buffered = io::BufWriter::new(&mut file);
    write(&mut buffered)
        .and_then(|()| buffered.flush())
        .map_err(|e| FileError::io(path, "cannot write", &e))?;
    drop(buffered);
    if let Some(permissions) = permissions {
        file.set_permissions(permissions)
            .map_err(|e| FileError::io(path, "cannot keep the file's permissions", &e))?;
    }
    file.sync_all()
        .map_err(|e| FileError::io(path, "cannot sync to disk", &e))
}

/// Copies the current version to a temporary file beside `FILE.bak`,
/// returned with the backup's name for it to take once the file is
/// replaced (so that a crash never leaves a half-copied backup in its
/// place, nor a failed replace an older backup lost).
fn copy_for_backup(path: &Path) -> Result<(PathBuf, PathBuf), FileError> {
    let bak = backup_path(path);
    let folder = match bak.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    let tmp = temp_path(folder);
    let copied = fs::copy(path, &tmp).and_then(|_| File::open(&tmp)?.sync_all());
    match copied {
        Ok(()) => Ok((tmp, bak)),
        Err(e) => {
            let _ = fs::remove_file(&tmp);
            Err(FileError::io(&bak, "cannot keep the previous version", &e))
        }
    }
}

/// A fresh random name beside the target, hidden on Unix, of a fixed
/// short length (24 bytes) whatever the target's name: one built from a
/// long name would be longer than a file name may be.
fn temp_path(folder: &Path) -> PathBuf {
    folder.join(format!(".mm-{:016x}.tmp", rand::random::<u64>()))
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

#[cfg(test)]
mod tests {
    use std::path::Path;

    /// The names in `dir`, sorted.
    fn names_in(dir: &Path) -> Vec<String> {
        let mut names: Vec<_> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().into_string().unwrap())
            .collect();
        names.sort();
        names
    }

    #[test]
    fn a_replace_that_fails_keeps_the_older_backup() {
        // The previous version was copied over `FILE.bak` before the
        // rename, which then failed (an immutable file): the older backup
        // was lost though nothing was replaced.
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("game.ron");
        let bak = dir.path().join("game.ron.bak");
        let tmp = dir.path().join("new.tmp");
        std::fs::write(&path, "current").unwrap();
        std::fs::write(&bak, "older").unwrap();
        std::fs::write(&tmp, "new").unwrap();
        let result = super::put_in_place(&tmp, &path, |from: &Path, to: &Path| {
            if to == path {
                Err(std::io::Error::from(std::io::ErrorKind::PermissionDenied))
            } else {
                std::fs::rename(from, to)
            }
        });
        assert!(result.is_err());
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "current");
        assert_eq!(std::fs::read_to_string(&bak).unwrap(), "older");
        // Nothing left beside them but the written file the caller removes.
        let names = names_in(dir.path());
        assert_eq!(names, ["game.ron", "game.ron.bak", "new.tmp"]);
        // A replace that works moves the previous version to the backup.
        super::put_in_place(&tmp, &path, |from, to| std::fs::rename(from, to)).unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "new");
        assert_eq!(std::fs::read_to_string(&bak).unwrap(), "current");
        let names = names_in(dir.path());
        assert_eq!(names, ["game.ron", "game.ron.bak"]);
    }

    #[test]
    fn no_save_succeeds_without_the_previous_version_kept() {
        // A backup that could not take its name after the replace was
        // dropped, and the save said it worked.
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("game.ron");
        let tmp = dir.path().join("new.tmp");
        std::fs::write(&path, "current").unwrap();
        std::fs::create_dir_all(dir.path().join("game.ron.bak").join("inside")).unwrap();
        std::fs::write(&tmp, "new").unwrap();
        let result = super::put_in_place(&tmp, &path, |from, to| std::fs::rename(from, to));
        assert!(result.is_err());
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "current");
    }
}
