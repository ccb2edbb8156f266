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

    /// An I/O failure while doing `what` (e.g. "cannot read"), in words
    /// the user can act on for the common kinds (see `io_words`).
    pub fn io(path: impl AsRef<Path>, what: &str, err: &std::io::Error) -> Self {
        let path = path.as_ref();
        FileError::new(path, format!("{what}: {}", io_words(path, err)))
    }

    /// A RON syntax or structure error in `text`, with the place RON
    /// reports. An error RON ran into at the end of a file that stops
    /// before its closing `)` (nothing but blanks and comments after it) is
    /// called a truncation, since that is what it almost always is (a copy
    /// or a save cut short); an error with text after it is not, however
    /// near the end it stands.
    pub fn ron(path: impl AsRef<Path>, text: &str, err: &ron::error::SpannedError) -> Self {
        let start = err.span.start;
        // Only a file that begins like a record (`SavedGame(`, `Study(`…)
        // can have been cut short; JSON or prose on one line is foreign.
        // (After any comments and `#![…]` attributes before the name.)
        let begins_as_record = super::kind::record_name(text)
            .is_some_and(|name| name.starts_with(|c: char| c.is_ascii_uppercase()));
        let cut_short = begins_as_record && at_the_end(text, err) && !record_closed(text, err);
        let problem = match &err.code {
            ron::Error::Eof => "the file ends too early (is it truncated?)".to_string(),
            code if cut_short => {
                format!(
                    "the file ends too early (is it truncated?): {}",
                    ron_words(code)
                )
            }
            ron::Error::ExpectedMapColon => colon_missing(text, err),
            code => ron_words(code),
        };
        // What stands where a name should: "…, not `(`".
        let problem = match (&err.code, char_at(text, start.line, start.col)) {
            (ron::Error::ExpectedIdentifier, Some(c)) if !c.is_whitespace() => {
                format!("{problem}, not `{}`", escaped(c.encode_utf8(&mut [0; 4])))
            }
            _ => problem,
        };
        let (line, col) = ron_place(text, err);
        FileError::at(path, line, col, problem)
    }
}

/// Whether RON's error `err` is at the end of `text`: only blanks and
/// comments are left after where RON stopped, or after the one word it
/// stumbled on (`t`, cut from `true`); or what it could not finish (a
/// text in quotes, a `/*` comment) runs to the end. Text after the end
/// of a whole record is never a record cut short.
fn at_the_end(text: &str, err: &ron::error::SpannedError) -> bool {
    use ron::Error as E;
    let runs_to_the_end = matches!(
        err.code,
        E::Eof | E::ExpectedStringEnd | E::UnclosedBlockComment | E::UnclosedLineComment
    );
    let word = |c: char| c.is_alphanumeric() || matches!(c, '_' | '.' | '+' | '-');
    let last_word = skip_blanks(&text[offset_of(text, err.span.start)..]).trim_start_matches(word);
    !matches!(err.code, E::TrailingCharacters)
        && (runs_to_the_end
            || skip_blanks(&text[offset_of(text, err.span.end)..]).is_empty()
            || skip_blanks(last_word).is_empty())
}

/// Whether the record of `text` is closed: every bracket (out of texts in
/// quotes and comments) closed, the record's `(` by its `)` and not by that
/// of a record inside it at the end of a file cut short. A text in quotes
/// or a `/*` comment left open swallows the rest: that is read as if it
/// ended with its line (a quote left out, not a file cut short, when the
/// lines after it close the record).
fn record_closed(text: &str, err: &ron::error::SpannedError) -> bool {
    let code = match err.code {
        ron::Error::ExpectedStringEnd | ron::Error::UnclosedBlockComment => {
            let open = offset_of(text, err.span.start);
            let next_line = text[open..].find('\n').map_or(text.len(), |i| open + i);
            std::borrow::Cow::Owned(format!("{}{}", &text[..open], &text[next_line..]))
        }
        _ => std::borrow::Cow::Borrowed(text),
    };
    read_up_to(&code, code.len()).0.len() == 1
}

/// The 1-based line and column (in characters) of byte `offset` in
/// `text`, as RON and editors count them.
pub(crate) fn line_col(text: &str, offset: usize) -> (usize, usize) {
    let before = &text[..offset.min(text.len())];
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    (
        before.matches('\n').count() + 1,
        before[line_start..].chars().count() + 1,
    )
}

/// The byte offset in `text` of a place RON gives (1-based line, and
/// column in characters); the end of `text` for a place beyond it.
pub(crate) fn offset_of(text: &str, place: ron::error::Position) -> usize {
    let line_start = match place.line {
        0 | 1 => 0,
        n => match text.match_indices('\n').nth(n - 2) {
            Some((i, _)) => i + 1,
            None => return text.len(),
        },
    };
    text[line_start..]
        .char_indices()
        .nth(place.col.saturating_sub(1))
        .map_or(text.len(), |(i, _)| line_start + i)
}

/// Where the RON block comment `text` begins with (`/*`) ends: the byte
/// just past its `*/`, block comments nesting as RON's do; `None` when
/// it is never closed.
pub(crate) fn block_comment_end(text: &str) -> Option<usize> {
    let bytes = text.as_bytes();
    let mut depth = 0usize;
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i..].starts_with(b"/*") {
            depth += 1;
            i += 2;
        } else if bytes[i..].starts_with(b"*/") {
            depth -= 1;
            i += 2;
            if depth == 0 {
                return Some(i);
            }
        } else {
            i += 1;
        }
    }
    None
}

/// `text` from its first character that is neither blank nor in a RON
/// comment (`//` to the end of the line, `/* … */`, which nest); empty
/// when there is none.
pub(crate) fn skip_blanks(text: &str) -> &str {
    let mut rest = text.trim_start();
    loop {
        if let Some(comment) = rest.strip_prefix("//") {
            rest = comment
                .find('\n')
                .map_or("", |i| &comment[i..])
                .trim_start();
        } else if rest.starts_with("/*") {
            match block_comment_end(rest) {
                Some(end) => rest = rest[end..].trim_start(),
                None => return "",
            }
        } else {
            return rest;
        }
    }
}

/// "a colon is missing after `cursor`" for a field's name that a value
/// follows without its colon; "a colon is expected after `garbage`, not
/// `!`" when what follows is no value either.
fn colon_missing(text: &str, err: &ron::error::SpannedError) -> String {
    let found = skip_blanks(&text[offset_of(text, err.span.start)..])
        .chars()
        .next();
    let after = match fields_at(text, err).name {
        Some(name) => format!("after `{}`", escaped(&name)),
        None => "here".to_string(),
    };
    let begins_a_value = |c: char| {
        c.is_alphanumeric() || matches!(c, '"' | '\'' | '(' | '[' | '{' | '-' | '+' | '.' | '_')
    };
    match found {
        Some(c) if !begins_a_value(c) => format!(
            "a colon is expected {after}, not `{}`",
            escaped(c.encode_utf8(&mut [0; 4]))
        ),
        _ => format!("a colon is missing {after}"),
    }
}

/// Which fields hold the place of a RON error, for a hint on what a field
/// takes: see [`fields_at`].
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct FieldsAt {
    /// The fields whose values enclose the place, the outermost first
    /// (`["game", "options"]` in an autosave's game's options). A field
    /// whose value is complete before the place (a comma missing after it)
    /// is not among them.
    pub within: Vec<String>,
    /// A field's name that stands just before the place without its colon
    /// (`cursor` in `cursor 3,`), in the innermost of `within`.
    pub name: Option<String>,
}

impl FieldsAt {
    /// The fields the place may be blamed on, the likeliest first: the
    /// name without its colon, then the fields whose values hold the
    /// place, innermost first.
    pub fn innermost_first(&self) -> impl Iterator<Item = &str> {
        self.name
            .iter()
            .chain(self.within.iter().rev())
            .map(String::as_str)
    }
}

/// The fields of `text` at the place of RON's error `err`, told by the
/// text up to it (names, colons, brackets, commas; texts in quotes and
/// comments skipped), not by the nearest `name:` line: a field whose colon
/// is missing has no such line, and the one above it is not at fault.
pub(crate) fn fields_at(text: &str, err: &ron::error::SpannedError) -> FieldsAt {
    let upto = offset_of(text, err.span.start);
    let (open, last_end) = read_up_to(text, upto);
    let mut within: Vec<String> = open.iter().filter_map(|o| o.field.clone()).collect();
    let top = open.last().expect("the top is never closed");
    // Past the end of a field's value (not inside it, as in `2.5`): between
    // two fields, neither of which is at fault.
    if top.value_done && last_end <= upto && top.field.is_some() {
        within.pop();
    }
    FieldsAt {
        within,
        name: top.name.clone(),
    }
}

/// An open bracket (or the top of the file, the first) and, in a record,
/// the field being read in it.
#[derive(Default)]
struct Open {
    record: bool,
    /// The field whose value is being read (its `name:` read).
    field: Option<String>,
    /// A name read, its colon not yet.
    name: Option<String>,
    /// The field's value read to its end.
    value_done: bool,
}

/// The brackets of `text` still open at byte `upto` (the top of the file
/// first), with what is read in each, and where the last thing read
/// before `upto` ends.
fn read_up_to(text: &str, upto: usize) -> (Vec<Open>, usize) {
    let bytes = text.as_bytes();
    let mut open = vec![Open::default()];
    let mut i = 0;
    let mut last_end = 0;
    while i < upto {
        let c = text[i..].chars().next().unwrap_or(' ');
        let top = open.last_mut().expect("the top is never closed");
        let end = match c {
            c if c.is_whitespace() => {
                i += c.len_utf8();
                continue;
            }
            '/' if matches!(bytes.get(i + 1), Some(b'/' | b'*')) => {
                i = text.len() - skip_blanks(&text[i..]).len();
                continue;
            }
            '"' | '\'' | 'r' | 'b' if let Some(end) = literal_or_comment_end(text, i) => {
                top.value_done = top.field.is_some();
                end
            }
            '(' | '[' | '{' => {
                open.push(Open {
                    record: c == '(',
                    ..Open::default()
                });
                i + 1
            }
            ')' | ']' | '}' => {
                if open.len() > 1 {
                    open.pop();
                }
                let top = open.last_mut().expect("the top is never closed");
                top.value_done = top.field.is_some();
                i + 1
            }
            ',' => {
                top.field = None;
                top.name = None;
                top.value_done = false;
                i + 1
            }
            ':' => {
                if top.record && top.field.is_none() {
                    top.field = top.name.take();
                }
                i + 1
            }
            c if c.is_alphanumeric() || matches!(c, '_' | '-' | '+' | '.') => {
                let word_len = text[i..]
                    .find(|c: char| !(c.is_alphanumeric() || matches!(c, '_' | '-' | '+' | '.')))
                    .unwrap_or(text.len() - i);
                let word = &text[i..i + word_len];
                if top.field.is_some() {
                    top.value_done = true;
                } else if top.record && (c.is_alphabetic() || c == '_') {
                    top.name = Some(word.to_string());
                }
                i + word_len
            }
            _ => i + c.len_utf8(),
        };
        last_end = end;
        i = end;
    }
    (open, last_end)
}

/// Where the RON text (a string, a character, a raw or byte string) or
/// comment (`//` to the end of the line, `/* … */`, which nest) that
/// starts at byte `i` of `text` ends: the byte after it, or the end of
/// `text` when it is never closed. `None` when none starts there. Every
/// scan of a file's RON code for its fields skips these through here.
pub(crate) fn literal_or_comment_end(text: &str, i: usize) -> Option<usize> {
    let bytes = text.as_bytes();
    let ident = |b: u8| b.is_ascii_alphanumeric() || b == b'_';
    match (*bytes.get(i)?, bytes.get(i + 1)) {
        (b'"' | b'\'', _) => Some(quoted_end(text, i, None)),
        (b'/', Some(b'/')) => Some(text[i..].find('\n').map_or(text.len(), |k| i + k + 1)),
        (b'/', Some(b'*')) => Some(block_comment_end(&text[i..]).map_or(text.len(), |k| i + k)),
        // `r"`, `b"`, `br#"` only where a name does not go on (`bar"` is
        // no raw text).
        (b'r' | b'b', _) if i == 0 || !ident(bytes[i - 1]) => {
            let (quote, hashes) = raw_or_byte_quote(&text[i..])?;
            Some(quoted_end(text, i + quote, hashes))
        }
        _ => None,
    }
}

/// Every place of `needle` in the RON code of `text` (byte offsets, in
/// order; up to the `until`-th, 0-based, when given), in one pass: only
/// outside texts and comments (a description that mentions `position` or
/// `Step(` is not the field), and only as a whole name (not inside a
/// longer one). A needle ending in a letter is a field name, so it must
/// be followed by `:`.
pub(crate) fn code_places(text: &str, needle: &str, until: Option<usize>) -> Vec<usize> {
    let mut places = Vec::new();
    let bytes = text.as_bytes();
    let ident = |b: u8| b.is_ascii_alphanumeric() || b == b'_';
    let is_field = needle.bytes().last().is_some_and(ident);
    let mut i = 0;
    while i < bytes.len() {
        if let Some(end) = literal_or_comment_end(text, i) {
            i = end;
            continue;
        }
        let whole = bytes[i..].starts_with(needle.as_bytes())
            && (i == 0 || !ident(bytes[i - 1]))
            && (!is_field || {
                let rest = &text[i + needle.len()..];
                rest.trim_start().starts_with(':')
            });
        if whole {
            places.push(i);
            if until.is_some_and(|n| places.len() > n) {
                return places;
            }
            i += needle.len();
        } else {
            i += 1;
        }
    }
    places
}

/// Where a text in quotes (or a character in single quotes) whose quote
/// is at byte `i` of `text` ends: the byte after its closing quote, or the
/// end of `text` when it is not closed. A raw text (`r#"…"#`, `hashes`
/// given) ends at its own closing, without escapes.
fn quoted_end(text: &str, i: usize, hashes: Option<usize>) -> usize {
    let bytes = text.as_bytes();
    if let Some(hashes) = hashes {
        let closing = format!("\"{}", "#".repeat(hashes));
        return text[i + 1..]
            .find(&closing)
            .map_or(text.len(), |k| i + 1 + k + closing.len());
    }
    let quote = bytes[i];
    let mut j = i + 1;
    while j < bytes.len() && bytes[j] != quote {
        j += if bytes[j] == b'\\' { 2 } else { 1 };
    }
    (j + 1).min(bytes.len())
}

/// For a raw or byte text (`r"`, `r#"`, `b"`, `br#"`) that `text` begins
/// with: where its quote is, and for a raw one, its number of `#`.
fn raw_or_byte_quote(text: &str) -> Option<(usize, Option<usize>)> {
    let rest = text.strip_prefix('b').unwrap_or(text);
    let (raw, rest) = match rest.strip_prefix('r') {
        Some(rest) => (true, rest),
        None => (false, rest),
    };
    let after = rest.trim_start_matches('#');
    let hashes = rest.len() - after.len();
    let quote = text.len() - after.len();
    (quote > 0 && after.starts_with('"') && (raw || hashes == 0))
        .then_some((quote, raw.then_some(hashes)))
}

/// The longest file name (in bytes) the common file systems take: ext4,
/// btrfs, XFS, tmpfs, APFS (UTF-8) and NTFS (UTF-16 units) alike.
pub(crate) const NAME_MAX: usize = 255;

/// The longest path (in bytes) Linux takes in one call (`PATH_MAX`, 4096
/// with the closing NUL byte).
pub(crate) const PATH_MAX: usize = 4095;

/// What went wrong with `path` in words the user can act on, for the
/// kinds of failure that are common; the system's own words (e.g. "File
/// exists (os error 17)") only for the rare rest.
pub(crate) fn io_words(path: &Path, err: &std::io::Error) -> String {
    use std::io::ErrorKind as K;
    match err.kind() {
        K::NotFound => "no such file or folder".to_string(),
        K::PermissionDenied => {
            "permission denied (the permissions of the file or its folder do not allow it)"
                .to_string()
        }
        K::AlreadyExists => match std::fs::metadata(path) {
            Ok(meta) if meta.is_dir() => "a folder of that name is already there".to_string(),
            _ => "a file of that name is already there".to_string(),
        },
        K::NotADirectory => match file_on_the_way(path) {
            Some(file) => format!(
                "{} is a file, not a folder, so nothing can be inside it",
                crate::files::shown_path(&file)
            ),
            None => "a part of the path is a file, not a folder".to_string(),
        },
        K::IsADirectory => "this is a folder, not a file".to_string(),
        K::StorageFull => "the disk is full (free some space, or use another disk)".to_string(),
        K::QuotaExceeded => {
            "the disk quota is used up (free some space, or use another disk)".to_string()
        }
        K::FileTooLarge => "the file is too large for this file system".to_string(),
        K::ReadOnlyFilesystem => {
            "the file system is read-only (a disk mounted for reading only)".to_string()
        }
        K::InvalidFilename => too_long(path),
        K::ResourceBusy | K::ExecutableFileBusy => {
            "the file or folder is busy (in use by another program)".to_string()
        }
        K::OutOfMemory => "there is not enough memory".to_string(),
        K::Interrupted | K::TimedOut => "interrupted; try again".to_string(),
        // ELOOP (its kind is not stable yet): said as a save says it.
        _ if cfg!(target_os = "linux") && err.raw_os_error() == Some(40) => {
            "a symbolic link in a loop of links that leads to no file".to_string()
        }
        _ => err.to_string(),
    }
}

/// Which part of `path` is too long, for an ENAMETOOLONG (which Rust
/// calls an invalid file name; on Linux that is its only cause).
fn too_long(path: &Path) -> String {
    use std::path::Component;
    let last = path.file_name();
    let long = path.components().find_map(|c| match c {
        Component::Normal(name) if name.len() > NAME_MAX => Some(name),
        _ => None,
    });
    let count = |n: usize| crate::engine::group_digits(n as u64);
    match long {
        Some(name) if Some(name) == last => format!(
            "the file name is too long (at most {NAME_MAX} bytes; this one has {})",
            count(name.len())
        ),
        Some(name) => format!(
            "a folder name in the path is too long (at most {NAME_MAX} bytes; one has {})",
            count(name.len())
        ),
        None if path.as_os_str().len() > PATH_MAX => format!(
            "the path is too long (at most {} bytes; this one has {})",
            count(PATH_MAX),
            count(path.as_os_str().len())
        ),
        None => "the file name is too long for this file system".to_string(),
    }
}

/// The first part of `path` that is a file where a folder must be (what a
/// "not a directory" failure is about), if there is one.
pub(crate) fn file_on_the_way(path: &Path) -> Option<PathBuf> {
    let mut parts: Vec<&Path> = path.ancestors().skip(1).collect();
    parts.reverse();
    parts
        .into_iter()
        .filter(|p| !p.as_os_str().is_empty())
        .find(|p| std::fs::metadata(p).is_ok_and(|m| !m.is_dir()))
        .map(Path::to_path_buf)
}

/// `text` as a message can quote it: line breaks, NUL bytes and other
/// control characters, and the invisible marks that turn text around
/// (bidirectional overrides), written as escapes (`\n`, `\u{0}`), so
/// that what is quoted stays on its line and reads as it is.
pub(crate) fn escaped(text: &str) -> std::borrow::Cow<'_, str> {
    // Also the marks that show nothing, as notation refuses them (quoted
    // raw, a wrong word looked right), and those that turn text around.
    escaped_where(text, |c| {
        crate::engine::notation::invisible(c)
            || matches!(c, '\u{061C}' | '\u{200E}' | '\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
    })
}

/// `text` with each character `hidden` picks written as an escape: line
/// breaks and tabs as `\n`, `\r`, `\t` (`hidden` must pick them), others
/// as `\u{…}`.
pub(crate) fn escaped_where(
    text: &str,
    hidden: impl Fn(char) -> bool,
) -> std::borrow::Cow<'_, str> {
    if !text.contains(&hidden) {
        return text.into();
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        match c {
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if hidden(c) => out.push_str(&format!("\\u{{{:x}}}", c as u32)),
            c => out.push(c),
        }
    }
    out.into()
}

/// The character at a 1-based line and column of `text`.
fn char_at(text: &str, line: usize, col: usize) -> Option<char> {
    text.lines()
        .nth(line.checked_sub(1)?)?
        .chars()
        .nth(col.checked_sub(1)?)
}

/// Where to say a RON error is (1-based line and column). RON finds a
/// missing comma only at the next value, at the start of the next line in
/// a file written one field a line; the comma belongs after the value
/// before, so the place goes back to the end of that.
pub(crate) fn ron_place(text: &str, err: &ron::error::SpannedError) -> (usize, usize) {
    let (line, col) = (err.span.start.line, err.span.start.col);
    // A whole number expected where something else stands (a comment's
    // move number written `"1"`): RON places it where it stopped, before
    // the blanks and comments in front of the value (just after a map's
    // `{`, a line above its first key).
    if matches!(err.code, ron::Error::ExpectedInteger) {
        let at = offset_of(text, err.span.start);
        return line_col(text, text.len() - skip_blanks(&text[at..]).len());
    }
    let comma_missing = matches!(
        err.code,
        ron::Error::ExpectedComma
            | ron::Error::ExpectedArrayEnd
            | ron::Error::ExpectedStructLikeEnd
            | ron::Error::ExpectedOptionEnd
    );
    let lines: Vec<&str> = text.lines().collect();
    let Some(this) = line.checked_sub(1).and_then(|i| lines.get(i)) else {
        return (line, col);
    };
    // Only where nothing but blanks comes before it on its line.
    let before: String = this.chars().take(col.saturating_sub(1)).collect();
    if !comma_missing || !before.trim().is_empty() {
        return (line, col);
    }
    for back in (0..line - 1).rev() {
        let code = without_comment(lines[back]).trim_end();
        if !code.is_empty() {
            return (back + 1, code.chars().count() + 1);
        }
    }
    (line, col)
}

/// A line of RON without its `//` comment (a `//` inside a text stays).
fn without_comment(line: &str) -> &str {
    let mut in_text = false;
    let mut escaped = false;
    let bytes = line.as_bytes();
    for (i, &b) in bytes.iter().enumerate() {
        match b {
            _ if escaped => escaped = false,
            b'\\' if in_text => escaped = true,
            b'"' => in_text = !in_text,
            b'/' if !in_text && bytes.get(i + 1) == Some(&b'/') => return &line[..i],
            _ => {}
        }
    }
    line
}

/// What a record or choice of the program's files is, in the words of a
/// message ("a saved game", "the game options"), by its name in RON.
pub(crate) fn record_words(name: &str) -> Option<&'static str> {
    Some(match name {
        "SavedGame" => "a saved game",
        "Study" => "a study",
        "Autosave" => "an autosave",
        "PresetFile" => "a presets file",
        "RecentFiles" => "a recent-files list",
        "GameOptions" => "the game options",
        "Preset" => "a preset",
        "EnGehe" => "`EnGehe`",
        "Goal" => "a study's goal",
        "Step" => "a step of a line",
        "Line" => "an alternative line",
        "Side" => "a side",
        "OriginRule" => "an origin rule",
        "Variant" => "a game",
        "GoalKind" => "a kind of goal",
        _ => return None,
    })
}

/// `names` as a list in words: "`a`", "`a` and `b`", "`a`, `b` and `c`".
fn listed(names: &[&str]) -> String {
    let quoted: Vec<String> = names.iter().map(|n| format!("`{n}`")).collect();
    match quoted.split_last() {
        None => String::new(),
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
    }
}

/// The one name of `names` close enough to `found` to be what was meant
/// (a letter or two off, or other capitals), if there is one.
pub(crate) fn nearest<'a>(found: &str, names: &[&'a str]) -> Option<&'a str> {
    let found = found.to_lowercase();
    let near: Vec<(usize, &str)> = names
        .iter()
        .map(|&n| (strsim::osa_distance(&found, &n.to_lowercase()), n))
        .filter(|&(d, _)| d <= 2 && d * 3 <= found.chars().count())
        .collect();
    let best = near.iter().map(|&(d, _)| d).min()?;
    match near.iter().filter(|&&(d, _)| d == best).collect::<Vec<_>>()[..] {
        [&(_, name)] => Some(name),
        _ => None,
    }
}

/// " (did you mean `x`?)" when a name of `names` is near `found`.
fn did_you_mean(found: &str, names: &[&str]) -> String {
    nearest(found, names).map_or(String::new(), |n| format!(" (did you mean `{n}`?)"))
}

/// What serde says a value should be, in the words of the files' readers.
fn expected_words(expected: &str) -> String {
    let whole = [
        "u8", "u16", "u32", "u64", "u128", "usize", "i8", "i16", "i32", "i64", "i128", "isize",
    ];
    if whole.contains(&expected) || expected.starts_with("an integer") {
        return "a whole number".to_string();
    }
    match expected {
        "a string" | "string" => "a text in double quotes".to_string(),
        "a boolean" | "bool" => "`true` or `false`".to_string(),
        "a sequence" => "a list in `[…]`".to_string(),
        "a map" => "a map in `{…}`".to_string(),
        "f32" | "f64" => "a number".to_string(),
        other => match other.strip_prefix("struct ") {
            Some(name) => match record_words(name) {
                Some(words) => format!("{words}, `{name}(…)`"),
                None => format!("a record `{name}(…)`"),
            },
            None => match other.strip_prefix("enum ") {
                Some(name) => record_words(name).map_or(format!("a `{name}`"), str::to_string),
                None => other.to_string(),
            },
        },
    }
}

/// What RON says it found, in plain words ("the unsigned integer `5`":
/// "5").
fn found_words(found: &str) -> String {
    let number = [
        "the unsigned integer ",
        "the signed integer ",
        "the floating point number ",
    ]
    .iter()
    .find_map(|p| found.strip_prefix(p));
    if let Some(n) = number {
        return n.trim_matches('`').to_string();
    }
    if let Some(text) = found.strip_prefix("the string ") {
        return format!("the text {}", escaped(text));
    }
    match found {
        "a sequence" => "a list".to_string(),
        "a unit value" => "`()`".to_string(),
        "an optional value" => "`Some(…)` or `None`".to_string(),
        other => escaped(other.strip_prefix("the boolean ").unwrap_or(other)).into_owned(),
    }
}

/// RON's error in plain words, where its own speak of parser internals
/// ("Integer is out of bounds", "Expected identifier", "Unexpected field
/// named `movez` in `SavedGame`, expected one of …").
pub(crate) fn ron_words(code: &ron::Error) -> String {
    use ron::Error as E;
    let plain = match code {
        E::IntegerOutOfBounds => {
            "a number here is out of range (too large, or negative where a count is expected)"
        }
        E::ExpectedInteger => "a whole number is expected here",
        E::ExpectedFloat => "a number is expected here",
        E::ExpectedBoolean => "`true` or `false` is expected here",
        E::ExpectedString => "a text in double quotes is expected here",
        E::ExpectedStringEnd => "a text is not closed with a double quote",
        E::ExpectedComma => "a comma is missing here",
        E::ExpectedArray => "a list, opened with `[`, is expected here",
        E::ExpectedArrayEnd => "a list is not closed with `]` (or a comma is missing)",
        E::ExpectedStructLike => "a record, opened with `(`, is expected here",
        E::ExpectedStructLikeEnd | E::ExpectedOptionEnd => {
            "a `(` is not closed with `)` here (or a comma is missing)"
        }
        E::ExpectedMapColon => "a colon is missing here",
        E::ExpectedMap => "a map, opened with `{`, is expected here",
        E::ExpectedMapEnd => "a map is not closed with `}` (or a comma is missing)",
        E::TrailingCharacters => "there is more text after the end of the record",
        E::UnclosedBlockComment => "a comment opened with `/*` is never closed",
        E::UnclosedLineComment => "a comment opened with `//` is not ended by a line break",
        E::ExpectedAttribute | E::ExpectedAttributeEnd => {
            "`#` does not belong here (RON comments begin with `//`)"
        }
        E::ExpectedIdentifier => {
            "a name is expected here, such as a field's name (`moves:`) or a choice (`South`)"
        }
        E::ExpectedOption => "`Some(…)` or `None` is expected here",
        E::ExpectedUnit => "`()` is expected here",
        E::ExpectedChar => "a character in single quotes is expected here",
        E::ExpectedByteLiteral | E::ExpectedByteString => {
            "a text in double quotes is expected here, not bytes"
        }
        E::FloatUnderscore | E::UnderscoreAtBeginning => {
            "a number here has an `_` where it does not belong"
        }
        E::ExpectedRawValue | E::ExpectedRangeSyntax => "a value of another kind is expected here",
        E::Utf8Error(_) => "the text is not valid UTF-8 here",
        E::Fmt => "the record cannot be written as text",
        _ => "",
    };
    if !plain.is_empty() {
        return plain.to_string();
    }
    match code {
        E::UnexpectedChar(c) => format!(
            "unexpected character `{}` here",
            escaped(c.encode_utf8(&mut [0; 4]))
        ),
        E::InvalidEscape(what) => format!(
            "a text holds a `\\` that starts no escape RON knows ({}); write `\\\\` for a backslash",
            what.to_lowercase()
        ),
        E::InvalidIntegerDigit { digit, base } => format!(
            "`{}` is not a digit of a base-{base} number",
            escaped(digit.encode_utf8(&mut [0; 4]))
        ),
        E::NoSuchExtension(name) => {
            format!(
                "`{}` is not a RON extension (`#![enable(…)]`)",
                escaped(name)
            )
        }
        E::InvalidIdentifier(name) | E::SuggestRawIdentifier(name) => format!(
            "a name is expected here (a field's name, such as `moves:`), not `{}`",
            escaped(name)
        ),
        E::ExpectedNamedStructLike(name) => match (*name, record_words(name)) {
            ("", _) => "a record, opened with `(`, is expected here".to_string(),
            (name, Some(words)) => format!("{words}, `{name}(…)`, is expected here"),
            (name, None) => format!("a record `{name}(…)` is expected here"),
        },
        E::ExpectedStructName(name) => format!(
            "the record's name is missing: it begins with `(`, where it should begin with `{name}(`"
        ),
        E::InvalidValueForType { expected, found } => format!(
            "{} is expected here, not {}",
            expected_words(expected),
            found_words(found)
        ),
        E::ExpectedDifferentLength { expected, found } => format!(
            "{} here, where {} is expected",
            crate::engine::count_word(*found, "value"),
            expected_words(expected)
        ),
        // The program's own kinds of file, by the record each begins with.
        E::ExpectedDifferentStructName { expected, found } => {
            let file = |name: &str| match name {
                "SavedGame" | "Study" | "Autosave" | "PresetFile" | "RecentFiles" => {
                    record_words(name)
                }
                _ => None,
            };
            let kind = |name: &str| file(name).map_or(format!("a `{name}` record"), str::to_string);
            // (Only the name is known here: the text may go on with `(` or
            // with anything else, as in a file of plain words.)
            match file(found) {
                Some(this) => format!(
                    "this is {this}, not {} (it begins with `{found}`)",
                    kind(expected)
                ),
                None => format!(
                    "this is not {}: it begins with `{found}`, not `{expected}(`",
                    kind(expected)
                ),
            }
        }
        E::ExceededRecursionLimit => {
            "brackets nest too deeply here for a file of this program".to_string()
        }
        E::NoSuchStructField {
            expected,
            found,
            outer,
        } => {
            let of = match outer.as_deref() {
                Some(outer) => record_words(outer).map_or(format!("`{outer}`"), str::to_string),
                None => "this record".to_string(),
            };
            let fields = match expected.len() {
                0 => "it has none".to_string(),
                1 => format!("its one field is {}", listed(expected)),
                _ => format!("the fields are {}", listed(expected)),
            };
            format!(
                "`{}` is not a field of {of}{}; {fields}",
                escaped(found),
                did_you_mean(found, expected)
            )
        }
        E::NoSuchEnumVariant {
            expected,
            found,
            outer,
        } => {
            let what = outer
                .as_deref()
                .and_then(record_words)
                .unwrap_or("allowed here");
            let choices = match expected.len() {
                0 => "there is none".to_string(),
                1 => format!("the one choice is {}", listed(expected)),
                _ => format!("the choices are {}", listed(expected)),
            };
            format!(
                "`{}` is not {what}{}; {choices}",
                escaped(found),
                did_you_mean(found, expected)
            )
        }
        E::MissingStructField { field, outer } => match outer.as_deref() {
            Some(outer) => match record_words(outer) {
                Some(words) => format!("`{field}` is missing in {words} (`{outer}(…)`)"),
                None => format!("`{field}` is missing in `{outer}`"),
            },
            None => format!("`{field}` is missing"),
        },
        E::DuplicateStructField { field, outer } => match outer.as_deref() {
            Some(outer) => match record_words(outer) {
                Some(words) => format!("`{field}` is given twice in {words} (`{outer}(…)`)"),
                None => format!("`{field}` is given twice in `{outer}`"),
            },
            None => format!("`{field}` is given twice"),
        },
        // Our own checks (`serde::de::Error::custom`) and the system's
        // words for a failed read already say what is wrong.
        E::Message(text) | E::Io(text) => escaped(text).into_owned(),
        other => escaped(&other.to_string()).into_owned(),
    }
}

impl fmt::Display for FileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.place {
            Some((line, col)) => {
                write!(
                    f,
                    "{}:{line}:{col}: {}",
                    crate::files::shown_path(&self.path),
                    self.problem
                )
            }
            None => write!(
                f,
                "{}: {}",
                crate::files::shown_path(&self.path),
                self.problem
            ),
        }
    }
}

impl std::error::Error for FileError {}

/// Why a load that may be stopped (a file opened off the window's thread,
/// see [`super::game_from_text_or_stop`]) gave nothing: the file was bad,
/// or the load was stopped (the user stopped waiting) before it was done.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LoadError<E = FileError> {
    /// The file cannot be loaded: why, as the load that is never stopped
    /// says it.
    Failed(E),
    /// Stopped when asked, before the load was done: nothing is wrong with
    /// the file as far as it was read, and nobody waits for it any more.
    Stopped,
}

impl<E> LoadError<E> {
    /// The same outcome with a failure's reason changed by `f`.
    pub fn map_failed(self, f: impl FnOnce(E) -> E) -> LoadError<E> {
        match self {
            LoadError::Failed(e) => LoadError::Failed(f(e)),
            LoadError::Stopped => LoadError::Stopped,
        }
    }
}

impl<E> From<E> for LoadError<E> {
    fn from(e: E) -> Self {
        LoadError::Failed(e)
    }
}

impl<E: fmt::Display> fmt::Display for LoadError<E> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LoadError::Failed(e) => e.fmt(f),
            LoadError::Stopped => f.write_str("stopped before the file was read"),
        }
    }
}

impl<E: fmt::Debug + fmt::Display> std::error::Error for LoadError<E> {}

/// The result of a load asked never to stop (its `keep_going` always says
/// yes), which therefore never comes back [`LoadError::Stopped`].
pub(crate) fn never_stopped<T, E>(loaded: Result<T, LoadError<E>>) -> Result<T, E> {
    loaded.map_err(|e| match e {
        LoadError::Failed(e) => e,
        LoadError::Stopped => unreachable!("asked to keep going"),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_block_comment_ends_at_its_own_close() {
        assert_eq!(block_comment_end("/* a */ b"), Some(7));
        assert_eq!(block_comment_end("/* a /* b */ c */ d"), Some(17));
        assert_eq!(block_comment_end("/* a /* b */ c"), None);
        assert_eq!(block_comment_end("/*/ a"), None);
    }

    fn problem(text: &str) -> String {
        #[derive(serde::Deserialize, Debug)]
        #[allow(dead_code)]
        struct Game {
            title: String,
            holes: u8,
            moves: Vec<u8>,
            shown: bool,
        }
        let err = ron::from_str::<Game>(text).unwrap_err();
        FileError::ron("g.ron", text, &err).to_string()
    }

    #[test]
    fn ron_errors_are_said_in_plain_words() {
        let ok = "Game(title: \"a\", holes: 5, moves: [1, 2], shown: true)";
        assert!(ron::from_str::<ron::Value>(ok).is_ok());
        for (text, words) in [
            (
                ok.replace("5,", "500,"),
                "g.ron:1:25: a number here is out of range",
            ),
            (ok.replace("5,", "-5,"), "out of range"),
            (
                ok.replace("5,", "\"5\","),
                "a whole number is expected here",
            ),
            (ok.replace("[1, 2]", "[1 2]"), "a comma is missing here"),
            (ok.replace("true", "yes"), "`true` or `false` is expected"),
            (ok.replace(", shown: true", ""), "`shown` is missing"),
            (
                ok.replace("shown: true", "shown: true, shown: false"),
                "`shown` is given twice",
            ),
            (
                format!("{ok} x"),
                "there is more text after the end of the record",
            ),
            (
                ok.replace("title: \"a\"", "title: 5"),
                "a text in double quotes",
            ),
            // Another of the program's files, opened as this one.
            (
                ok.replace("Game(", "Study("),
                "this is a study, not a `Game` record (it begins with `Study`)",
            ),
            // Plain words: a name the program does not know, and no `(`.
            (
                "not a game at all".to_string(),
                "this is not a `Game` record: it begins with `not`, not `Game(`",
            ),
        ] {
            let said = problem(&text);
            assert!(said.contains(words), "{text}: {said}");
            assert!(!said.contains("Expected"), "{text}: {said}");
        }
    }

    #[test]
    fn the_common_system_failures_are_said_in_words_to_act_on() {
        use std::io::{Error, ErrorKind as K};
        let path = Path::new("/nowhere/game.ron");
        for (kind, said) in [
            (
                K::PermissionDenied,
                "permission denied (the permissions of the file",
            ),
            (K::AlreadyExists, "a file of that name is already there"),
            (
                K::NotADirectory,
                "a part of the path is a file, not a folder",
            ),
            (K::ReadOnlyFilesystem, "the file system is read-only"),
            (K::StorageFull, "the disk is full (free some space"),
            (K::QuotaExceeded, "the disk quota is used up"),
            (
                K::InvalidFilename,
                "the file name is too long for this file system",
            ),
        ] {
            // As the system gives them: with its own words and number.
            let raw = Error::from_raw_os_error(match kind {
                K::PermissionDenied => 13,
                K::AlreadyExists => 17,
                K::NotADirectory => 20,
                K::ReadOnlyFilesystem => 30,
                K::StorageFull => 28,
                K::QuotaExceeded => 122,
                _ => 36,
            });
            assert_eq!(raw.kind(), kind);
            let err = FileError::io(path, "cannot write", &raw);
            assert!(
                err.problem.starts_with(&format!("cannot write: {said}")),
                "{kind:?}: {err}"
            );
            assert!(!err.problem.contains("os error"), "{err}");
            let err = FileError::io(path, "cannot write", &Error::from(kind));
            assert!(err.problem.contains(said), "{kind:?}: {err}");
        }
        // Which part is too long.
        let long_name = PathBuf::from(format!("/tmp/{}.ron", "x".repeat(300)));
        let err = FileError::io(
            &long_name,
            "cannot write the file",
            &Error::from_raw_os_error(36),
        );
        assert_eq!(
            err.problem,
            "cannot write the file: the file name is too long (at most 255 bytes; this one has 304)"
        );
    }

    #[test]
    fn quoted_text_keeps_to_its_line() {
        assert_eq!(escaped("plain é text"), "plain é text");
        assert_eq!(
            escaped("a\u{0}b\nc\td\u{202e}e"),
            "a\\u{0}b\\nc\\td\\u{202e}e"
        );
    }

    #[test]
    fn deep_nesting_is_said_without_parser_advice() {
        let said = ron_words(&ron::Error::ExceededRecursionLimit);
        assert!(said.contains("nest too deeply"), "{said}");
        let deep = format!("{}{}", "[".repeat(500), "]".repeat(500));
        let err = ron::from_str::<ron::Value>(&deep).unwrap_err();
        let said = FileError::ron("d.ron", &deep, &err).to_string();
        assert!(said.starts_with("d.ron:1:"), "{said}");
        assert!(said.contains("nest too deeply"), "{said}");
    }

    #[test]
    fn a_missing_comma_is_placed_after_the_value_it_belongs_to() {
        // One field a line, a comma left out after `holes: 5` (a comment
        // and a blank line on the way).
        let text = "Game(\n    title: \"a // b\",\n    holes: 5 // five\n\n    moves: [1, 2],\n    shown: true,\n)";
        assert_eq!(problem(text), "g.ron:3:13: a comma is missing here");
        // In a list, one value a line.
        let text = "Game(\n    title: \"a\",\n    holes: 5,\n    moves: [\n        1\n        2,\n    ],\n    shown: true,\n)";
        assert!(
            problem(text).starts_with("g.ron:5:10: "),
            "{}",
            problem(text)
        );
        // On one line, where RON finds it.
        let text = "Game(title: \"a\", holes: 5 moves: [1, 2], shown: true)";
        assert!(
            problem(text).starts_with("g.ron:1:27: "),
            "{}",
            problem(text)
        );
    }

    fn fields(text: &str) -> (Vec<String>, Option<String>) {
        let err = ron::from_str::<ron::Value>(text)
            .err()
            .or_else(|| ron::from_str::<Outer>(text).err())
            .expect("an error");
        let at = fields_at(text, &err);
        assert_eq!(
            at.innermost_first().next(),
            at.name.as_deref().or(at.within.last().map(String::as_str))
        );
        (at.within, at.name)
    }

    #[derive(serde::Deserialize, Debug)]
    #[allow(dead_code)]
    struct Outer {
        title: String,
        game: Inner,
        moves: Vec<String>,
        comments: std::collections::BTreeMap<u32, String>,
        cursor: u32,
    }

    #[derive(serde::Deserialize, Debug)]
    #[allow(dead_code)]
    struct Inner {
        holes: u8,
        seeds: u8,
    }

    #[test]
    fn the_field_at_fault_is_told_by_the_text_up_to_the_error_not_the_line_above() {
        let ok = "Outer(\n    title: \"a: b, (c\" // x: y\n    ,\n    game: Inner(holes: 5, seeds: 4),\n    moves: [\"1\", \"2\"],\n    comments: {1: \"one\"},\n    cursor: 2,\n)";
        assert!(ron::from_str::<Outer>(ok).is_ok());
        let s = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        for (from, to, within, name) in [
            // A name without its colon: that name, not the field above.
            ("cursor: 2", "cursor 2", s(&[]), Some("cursor")),
            ("moves: [", "moves [", s(&[]), Some("moves")),
            ("seeds: 4", "seeds 4", s(&["game"]), Some("seeds")),
            ("cursor: 2", "garbage !!!", s(&[]), Some("garbage")),
            // Inside a value: its field (and the fields around it).
            ("[\"1\", \"2\"]", "[\"1\" \"2\"]", s(&["moves"]), None),
            ("{1: \"one\"}", "{1 \"one\"}", s(&["comments"]), None),
            ("holes: 5,", "holes: 5 5,", s(&["game"]), None),
            ("holes: 5,", "holes: [5],", s(&["game", "holes"]), None),
            // Between two fields (a comma missing): neither.
            ("cursor: 2,", "cursor: 2 x: 1,", s(&[]), None),
            ("    cursor: 2,", "    2: 2,", s(&[]), None),
        ] {
            assert!(ok.contains(from), "{from}");
            let text = ok.replacen(from, to, 1);
            assert_eq!(fields(&text), (within, name.map(str::to_string)), "{to}");
        }
    }

    #[test]
    fn only_an_error_with_nothing_after_it_is_called_a_truncation() {
        let ok = "Game(\n    title: \"a\",\n    holes: 5,\n    moves: [1, 2],\n    shown: true,\n)";
        // Cut anywhere after the name: truncated.
        for (cut, _) in ok.char_indices().skip("Game(".len()) {
            for tail in ["", "\n", "  // cut here\n", " /* a /* b */ */ "] {
                let text = format!("{}{tail}", &ok[..cut]);
                let said = problem(&text);
                assert!(said.contains("(is it truncated?)"), "{text:?}: {said}");
            }
        }
        // Text after the error, on the last line or not: what is there.
        for (from, to, said) in [
            (
                ")",
                "  garbage !!! \u{1}\u{2} ]]]",
                "g.ron:6:10: a colon is expected after `garbage`, not `!`",
            ),
            (
                "    holes: 5,",
                "  garbage !!! \u{1}\u{2} ]]]",
                "g.ron:3:10: a colon is expected after `garbage`, not `!`",
            ),
            (
                ")",
                ") x",
                "g.ron:6:2: there is more text after the end of the record",
            ),
            (
                "    holes: 5,",
                "    holes 5,",
                "g.ron:3:10: a colon is missing after `holes`",
            ),
            (
                "    shown: true,\n)",
                "    shown: true,\n    x: \u{1}",
                "g.ron:6:7: unexpected character `\\u{1}` here",
            ),
        ] {
            let text = ok.replacen(from, to, 1);
            assert_eq!(problem(&text), said, "{text:?}");
        }
        // A text in quotes left open runs to the end: truncated, unless
        // the record is closed after it (a quote left out).
        let open = ok.replace("\"a\"", "\"a");
        assert!(!problem(&open).contains("truncated"), "{}", problem(&open));
        let cut = &ok[..ok.find("\"a").unwrap() + 2];
        assert!(problem(cut).contains("truncated"), "{}", problem(cut));
    }
}
