//! The one error type of file handling: which file, where in it, and what
//! is wrong, in words a player can act on.

use std::fmt;
use std::path::{Path, PathBuf};

/// A file that could not be read, understood or written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FileError {
    /// The file at fault.
    pub path: PathBuf,
    /// Line and column (1-based) in the file, when the problem has a place.
    pub place: Option<(usize, usize)>,
    /// What is wrong.
    pub problem: String,
}

impl FileError {
    pub fn new(path: impl AsRef<Path>, problem: impl Into<String>) -> Self {
        FileError {
            path: path.as_ref().to_path_buf(),
            place: None,
            problem: problem.into(),
        }
    }

    pub fn at(path: impl AsRef<Path>, line: usize, col: usize, problem: impl Into<String>) -> Self {
        FileError {
            place: Some((line, col)),
            ..FileError::new(path, problem)
        }
    }

    /// An I/O failure while doing `what` (e.g. "cannot read").
    pub fn io(path: impl AsRef<Path>, what: &str, err: &std::io::Error) -> Self {
        let why = match err.kind() {
            std::io::ErrorKind::NotFound => "no such file or folder".to_string(),
            std::io::ErrorKind::PermissionDenied => "permission denied".to_string(),
            std::io::ErrorKind::StorageFull => "the disk is full".to_string(),
            std::io::ErrorKind::ReadOnlyFilesystem => "the file system is read-only".to_string(),
            _ => err.to_string(),
        };
        FileError::new(path, format!("{what}: {why}"))
    }

    /// A RON syntax or structure error in `text`, with the place RON
    /// reports. An error on the last line of a file that stops before its
    /// closing `)` is called a truncation, since that is what it almost
    /// always is (a copy or a save cut short).
    pub fn ron(path: impl AsRef<Path>, text: &str, err: &ron::error::SpannedError) -> Self {
        let start = err.span.start;
        let last_line = text.lines().count().max(1);
        // Only a file that begins like a record (`SavedGame(`, `Study(`…)
        // can have been cut short; JSON or prose on one line is foreign.
        let begins_as_record = text.trim_start().split_once('(').is_some_and(|(name, _)| {
            name.starts_with(|c: char| c.is_ascii_uppercase())
                && name.chars().all(|c| c.is_ascii_alphanumeric())
        });
        let cut_short =
            begins_as_record && !text.trim_end().ends_with(')') && start.line >= last_line;
        let problem = match &err.code {
            ron::Error::Eof => "the file ends too early (is it truncated?)".to_string(),
            code if cut_short => format!("the file ends too early (is it truncated?): {code}"),
            code => code.to_string(),
        };
        FileError::at(path, start.line, start.col, problem)
    }
}

impl fmt::Display for FileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.place {
            Some((line, col)) => {
                write!(f, "{}:{line}:{col}: {}", self.path.display(), self.problem)
            }
            None => write!(f, "{}: {}", self.path.display(), self.problem),
        }
    }
}

impl std::error::Error for FileError {}
