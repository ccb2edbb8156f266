//! `diagram`: a position as a publication diagram (SVG), on stdout or in
//! a file.

use super::CliError;
use crate::diagram::{DiagramOptions, parse_hole, render_svg};
use std::path::Path;

/// The POSITION argument of `diagram`: `--highlight` takes every word
/// after it, so in `diagram --highlight 7 "POSITION"` the position is its
/// last value (a position has `=` in it, a hole never does).
pub fn position_after_holes(
    position: Option<String>,
    highlight: &mut Vec<String>,
) -> Result<String, CliError> {
    if let Some(position) = position {
        return Ok(position);
    }
    match highlight.last() {
        Some(last) if last.contains('=') || last.contains(char::is_whitespace) => {
            Ok(highlight.pop().expect("it has a last value"))
        }
        _ => Err(CliError(
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
    let Some(path) = out else {
        use std::io::Write;
        let mut stdout = std::io::stdout().lock();
        return stdout.write_all(svg.as_bytes()).map_err(super::write_error);
    };
    refuse_out(path, force)?;
    crate::diagram::save_svg(path, &svg)?;
    Ok(())
}

/// Why `--out` must not write to `path`, if it must not: one of the
/// program's own files (always), or a file already there (unless `force`:
/// the version replaced is kept as `FILE.bak`, as `play --save` does).
fn refuse_out(path: &Path, force: bool) -> Result<(), CliError> {
    super::files::refuse_own(path, "written")?;
    if force || !path.is_file() {
        return Ok(());
    }
    Err(CliError(format!(
        "{}: not written: the file already exists; add --force to replace it \
         (the version replaced is kept as {})",
        path.display(),
        crate::files::backup_path(path).display()
    )))
}
