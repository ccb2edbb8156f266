//! `diagram`: a position as a publication diagram (SVG), on stdout or in
//! a file.

use super::CliError;
use crate::diagram::{DiagramOptions, parse_hole, render_svg};
use crate::engine::notation;
use std::path::Path;

/// `diagram POSITION [--out FILE] [--caption TEXT] [--mono] [--highlight HOLE…] [--force]`.
pub fn diagram(
    position: &str,
    out: Option<&Path>,
    caption: Option<&str>,
    mono: bool,
    highlight: &[String],
    force: bool,
) -> Result<(), CliError> {
    let pos = notation::parse_position(position)
        .map_err(|e| CliError(format!("invalid position: {e}")))?;
    let highlight = highlight
        .iter()
        .map(|h| parse_hole(&pos, h).map_err(|e| CliError(format!("--highlight: {e}"))))
        .collect::<Result<Vec<_>, _>>()?;
    let options = DiagramOptions {
        caption: caption.map(str::to_string),
        mono,
        highlight,
        // A finished position says its result, not whose turn it would be.
        result: pos.status().result().copied(),
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
