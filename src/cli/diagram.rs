//! `diagram`: a position as a publication diagram (SVG), on stdout or in
//! a file.

use super::CliError;
use super::files::{StdStream, std_stream};
use crate::diagram::{DiagramOptions, parse_hole, render_svg};
use std::path::Path;

/// The POSITION argument of `diagram`: `--highlight` takes every word
/// after it, so in `diagram --highlight 7 "POSITION"` the position is its
/// last value (a position has `=` in it, a hole never does).
pub fn position_after_holes(
    position: Option<String>,
    highlight: &mut Vec<String>,
) -> Result<String, CliError> {
    // A position has `=` in it, a hole never does (a hole may be written
    // with a blank: `north: i3`).
    let looks_like_position = |h: &String| h.contains('=');
    if let Some(position) = position {
        // A second position among the holes would be called a bad hole.
        if let Some(other) = highlight.iter().find(|h| looks_like_position(h)) {
            return Err(CliError(format!(
                "--highlight: `{}` is a position, not a hole, and the position to draw is \
                 given already: give it once, before --highlight",
                crate::engine::shortened(other)
            )));
        }
        return Ok(position);
    }
    match highlight.iter().rposition(looks_like_position) {
        Some(last) if last + 1 == highlight.len() => {
            let position = highlight.pop().expect("it has a last value");
            // Two positions (`--highlight 1 "P" "P"`): the first was
            // called a bad hole.
            if let Some(other) = highlight.iter().find(|h| looks_like_position(h)) {
                return Err(CliError(format!(
                    "two positions to draw, `{}` and `{}`: a diagram draws one",
                    crate::engine::shortened(other),
                    crate::engine::shortened(&position)
                )));
            }
            Ok(position)
        }
        // `--highlight 7 "POSITION" 3`: the words after it would be holes.
        Some(at) => Err(CliError(format!(
            "the position `{}` stands among --highlight's holes, with `{}` after it: put the \
             position first: `diagram \"POSITION\" --highlight HOLE…`",
            crate::engine::shortened(&highlight[at]),
            highlight[at + 1..].join(" ")
        ))),
        None => Err(CliError(
            "the position to draw is missing: `diagram \"POSITION\" [--highlight HOLE…]`"
                .to_string(),
        )),
    }
}

/// `diagram POSITION [--out FILE] [--caption TEXT] [--mono] [--highlight HOLE…] [--force]`.
pub fn diagram(
    position: &str,
    out: Option<&Path>,
    caption: Option<&str>,
    mono: bool,
    highlight: &[String],
    force: bool,
) -> Result<(), CliError> {
    let (pos, status) = super::rules::record_arg(position)?;
    let highlight = highlight
        .iter()
        .map(|h| parse_hole(&pos, h).map_err(|e| CliError(format!("--highlight: {e}"))))
        .collect::<Result<Vec<_>, _>>()?;
    let options = DiagramOptions {
        caption: caption.map(str::to_string),
        mono,
        highlight,
        // A finished position says its result, not whose turn it would be.
        result: status.result().copied(),
    };
    let svg = render_svg(&pos, &options);
    // The program's own standard output or error, also by name: written
    // through its handle, so a redirection to a file (`> x.svg`, `>> log`)
    // is written as the shell opened it, not taken for a file to replace.
    let Some(path) = out.filter(|p| std_stream(p) != Some(StdStream::Out)) else {
        use std::io::Write;
        let mut stdout = std::io::stdout().lock();
        return stdout.write_all(svg.as_bytes()).map_err(super::write_error);
    };
    if std_stream(path) == Some(StdStream::Err) {
        use std::io::Write;
        return std::io::stderr()
            .lock()
            .write_all(svg.as_bytes())
            .map_err(|e| cannot_write(path, &e));
    }
    if is_stream(path) {
        // `--out /dev/stdout`, a pipe or `/dev/null`: there is no file to
        // replace or keep a backup of, so the diagram goes straight in.
        use std::io::Write;
        let mut stream = std::fs::OpenOptions::new()
            .write(true)
            .open(path)
            .map_err(|e| cannot_write(path, &e))?;
        return stream
            .write_all(svg.as_bytes())
            .map_err(|e| match e.kind() {
                std::io::ErrorKind::BrokenPipe => CliError::reader_gone(),
                _ => cannot_write(path, &e),
            });
    }
    refuse_out(path, force)?;
    crate::diagram::save_svg(path, &svg)?;
    Ok(())
}

/// A write to the stream `path` that failed, in the words every save
/// uses ("the disk is full", not "No space left on device (os error 28)").
fn cannot_write(path: &Path, e: &std::io::Error) -> CliError {
    CliError(crate::files::FileError::io(path, "cannot write", e).to_string())
}

/// Whether `path` (its links followed) is a stream rather than a file: a
/// terminal or other device, a pipe, or a socket.
fn is_stream(path: &Path) -> bool {
    std::fs::metadata(path).is_ok_and(|m| !m.is_file() && !m.is_dir())
}

/// Why `--out` must not write to `path`, if it must not: one of the
/// program's own files (always), or a file already there (unless `force`:
/// the version replaced is kept as `FILE.bak`, as `play --save` does).
fn refuse_out(path: &Path, force: bool) -> Result<(), CliError> {
    super::files::refuse_own(path, "written")?;
    super::files::refuse_read_only(path, "written")?;
    if force || !path.is_file() {
        return Ok(());
    }
    Err(CliError(format!(
        "{}: not written: the file already exists; add --force to replace it \
         (the version replaced is kept as {})",
        crate::files::shown_path(path),
        crate::files::shown_path(&crate::files::replaced_kept_as(path))
    )))
}
