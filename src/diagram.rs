//! Publication diagrams of a position: a standalone SVG 1.1 document,
//! written by hand (rectangles, circles and text), for papers and slides.
//!
//! UI-free, like the engine: the command line's `diagram` and the window's
//! Game → Export diagram both call [`render_svg`]. The output is
//! deterministic (the same position and options give the same bytes), and
//! every hole is a group with an `id` (`south-12`, `north-i3`) and a
//! `<title>` (`South 12: 4 seeds`), so that a test, a script or a screen
//! reader can find it.
//!
//! The layout follows the board as the window shows it (RULES.md): En
//! Gehé's North row on top, read right to left (North's hole 1 is at the
//! right end, opposite South's hole N), South's row below, numbered from
//! each side's own left; Bao la Kimasai's four rows with North's outer row
//! on top and the inner rows in the middle, each hole named `i1`..`i8` or
//! `o1`..`o8` from its owner's left. An empty hole shows no number.

use crate::engine::{BAO_ROW, GameResult, HoleRef, Position, Side, Variant, group_digits};
use std::fmt::Write;

/// What a diagram shows besides the position.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct DiagramOptions {
    /// A line (wrapped to the diagram's width if long) above the board.
    pub caption: Option<String>,
    /// Black and white, for print; otherwise the window's (light) colours.
    pub mono: bool,
    /// Holes to mark with a ring (e.g. the hole a move starts from).
    pub highlight: Vec<HoleRef>,
    /// The game's result where the position ends it: said under the
    /// caption, and no side is marked to move. The caller's to know
    /// (deciding it may mean proving moves endless, which can take long).
    pub result: Option<GameResult>,
}

/// The colours of one look.
struct Palette {
    plank: &'static str,
    plank_edge: &'static str,
    hole: &'static str,
    inner_hole: &'static str,
    hole_edge: &'static str,
    count: &'static str,
    /// Hole numbers and names, the side lines.
    label: &'static str,
    /// Hole numbers outside the board, the footer.
    faint: &'static str,
    highlight: &'static str,
    highlight_fill: &'static str,
}

/// The window's light theme (src/app/board.rs): plank, holes, text and the
/// blue of a lifted hole for the highlight.
const COLOUR: Palette = Palette {
    plank: "#c49662",
    plank_edge: "#8a6238",
    hole: "#603e22",
    inner_hole: "#7a3a28",
    hole_edge: "#3c2410",
    count: "#fffaee",
    label: "#3a2412",
    faint: "#6b5440",
    highlight: "#1e6ee6",
    highlight_fill: "#1e4f9a",
};

/// Black on white, with grey only for what may be faint.
const MONO: Palette = Palette {
    plank: "#ffffff",
    plank_edge: "#000000",
    hole: "#ffffff",
    inner_hole: "#ffffff",
    hole_edge: "#000000",
    count: "#000000",
    label: "#000000",
    faint: "#4d4d4d",
    highlight: "#000000",
    highlight_fill: "#d0d0d0",
};

/// The font of every text: a sans serif whose digits are easy to tell apart.
const FONT: &str = "Helvetica, Arial, 'DejaVu Sans', sans-serif";

/// Outer margin.
const MARGIN: i32 = 20;
/// The narrowest a diagram is: room for a side's line on a small board.
const MIN_WIDTH: i32 = 560;
/// Caption font size and line height.
const CAPTION_SIZE: i32 = 16;
const CAPTION_LINE: i32 = 21;
/// The side lines' font size and the room each takes.
const SIDE_SIZE: i32 = 13;
const SIDE_LINE: i32 = 24;
/// Hole numbers' font size (outside the board, En Gehé).
const NUMBER_SIZE: i32 = 10;
/// The footer (game and options) font size.
const FOOTER_SIZE: i32 = 10;

/// Geometry of one game's board.
struct Board {
    /// Distance between hole centres.
    pitch: i32,
    radius: i32,
    /// Padding inside the plank around the holes.
    pad: i32,
    /// Height of one row's cell (Bao la Kimasai's has its name above the hole).
    row: i32,
    /// Room left of the plank for row names (Bao la Kimasai).
    left: i32,
    /// Number of columns.
    columns: i32,
    /// Number of rows.
    rows: i32,
    /// Extra room between the two sides' rows (Bao la Kimasai).
    divide: i32,
}

impl Board {
    fn of(variant: Variant) -> Board {
        match variant {
            Variant::EnGehe { holes } => Board {
                pitch: 32,
                radius: 14,
                pad: 7,
                row: 32,
                left: 0,
                columns: i32::from(holes),
                rows: 2,
                divide: 0,
            },
            Variant::BaoLaKimasai => Board {
                pitch: 58,
                radius: 20,
                pad: 8,
                row: 66,
                left: 44,
                columns: BAO_ROW as i32,
                rows: 4,
                divide: 12,
            },
        }
    }
    fn plank_width(&self) -> i32 {
        self.columns * self.pitch + 2 * self.pad
    }
    fn plank_height(&self) -> i32 {
        self.rows * self.row + 2 * self.pad + self.divide
    }
}

/// `text` made safe for XML character data and attribute values: the five
/// markup characters escaped, and characters XML 1.0 does not allow (control
/// characters other than tab and line breaks, U+FFFE, U+FFFF) replaced with
/// U+FFFD.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            '\t' | '\n' | '\r' => out.push(c),
            c if c.is_control() || c == '\u{FFFE}' || c == '\u{FFFF}' => out.push('\u{FFFD}'),
            c => out.push(c),
        }
    }
    out
}

/// The element id of a hole: `south-12`, `north-i3`, `north-o8`.
pub fn hole_id(variant: Variant, hole: HoleRef) -> String {
    format!("{}-{}", hole.side.name(), variant.hole_name(hole.index))
}

/// Reads a hole to highlight: a hole of the side to move in move notation
/// (`7`, `i3`), or of either side with its name before a colon
/// (`north:7`, `south:o2`). The error says what is wrong, quoting `text`.
pub fn parse_hole(pos: &Position, text: &str) -> Result<HoleRef, String> {
    let t = text.trim();
    let (side, name) = match t.split_once(':') {
        Some((side, name)) => {
            let side = match side.trim().to_ascii_lowercase().as_str() {
                "south" | "s" => Side::South,
                "north" | "n" => Side::North,
                _ => {
                    return Err(format!(
                        "`{}`: a hole's side is south or north, not `{}`",
                        crate::engine::shortened(t),
                        crate::engine::shortened(side.trim())
                    ));
                }
            };
            (side, name)
        }
        None => (pos.turn(), t),
    };
    let mv = pos.variant().parse_move(name).map_err(|e| match e {
        crate::engine::PlayError::BadNotation { problem, .. } => {
            format!("`{}`: {problem}", crate::engine::shortened(t))
        }
        other => format!("`{}`: {other}", crate::engine::shortened(t)),
    })?;
    Ok(HoleRef {
        side,
        index: mv.hole(),
    })
}

/// Writes a diagram to `path` atomically (the file replaced, if any, kept
/// as `FILE.bak`, see [`crate::files::write_atomic`], which also names a
/// folder that is not there as such).
pub fn save_svg(path: &std::path::Path, svg: &str) -> Result<(), crate::files::FileError> {
    crate::files::write_atomic(path, svg.as_bytes())
}

/// Where a hole's centre is: its column (0 at the left as the diagram is
/// read) and row (0 at the top).
fn place(variant: Variant, hole: HoleRef) -> (i32, i32) {
    let n = variant.holes_per_side() as i32;
    let i = hole.index as i32;
    match variant {
        // South's hole h is the h-th from the left; North's hole k is
        // opposite South's N+1−k.
        Variant::EnGehe { .. } => match hole.side {
            Side::South => (i, 1),
            Side::North => (n - 1 - i, 0),
        },
        // Sowing order i1..i8, o8..o1: index 0..7 inner C = index+1,
        // index 8..15 outer C = 16−index. South's C-th hole is the C-th
        // from the left; North's is the C-th from North's left, the
        // (9−C)-th from the diagram's.
        Variant::BaoLaKimasai => {
            let row = BAO_ROW as i32;
            let (inner, c) = if i < row {
                (true, i + 1)
            } else {
                (false, 2 * row - i)
            };
            match (hole.side, inner) {
                (Side::North, false) => (row - c, 0),
                (Side::North, true) => (row - c, 1),
                (Side::South, true) => (c - 1, 2),
                (Side::South, false) => (c - 1, 3),
            }
        }
    }
}

/// A signed number with a true minus sign: `+120`, `−1,204`, `0`.
fn signed(n: i64) -> String {
    let digits = group_digits(n.unsigned_abs());
    match n.signum() {
        1 => format!("+{digits}"),
        -1 => format!("\u{2212}{digits}"),
        _ => digits,
    }
}

/// About how wide `c` is in the diagram's sans serif, in em: the widths
/// of DejaVu Sans (the widest of the fonts named) rounded up, so that a
/// caption wraps before it would run past the edge, never after. Counting
/// characters let a line of capitals run a half past the page, and CJK
/// text twice past.
fn em_width(c: char) -> f64 {
    match c {
        ' ' => 0.32,
        'i' | 'j' | 'l' | '\'' | '.' | ',' | ':' | ';' | '|' | '!' => 0.3,
        'f' | 't' | 'r' | 'I' | 'J' | '(' | ')' | '[' | ']' | '-' | '"' => 0.42,
        'm' | 'w' | 'M' | 'W' | '@' | '%' | '\u{2014}' => 1.0,
        'A'..='Z' => 0.78,
        '0'..='9' | 'a'..='z' => 0.64,
        // East Asian wide and full-width characters, and emoji: a whole em.
        '\u{1100}'..='\u{115f}'
        | '\u{2e80}'..='\u{a4cf}'
        | '\u{ac00}'..='\u{d7a3}'
        | '\u{f900}'..='\u{faff}'
        | '\u{fe30}'..='\u{fe4f}'
        | '\u{ff00}'..='\u{ff60}'
        | '\u{ffe0}'..='\u{ffe6}'
        | '\u{1f300}'..='\u{1faff}'
        | '\u{20000}'..='\u{3fffd}' => 1.0,
        _ => 0.8,
    }
}

/// How wide `text` is, in em (see [`em_width`]).
fn text_em(text: &str) -> f64 {
    text.chars().map(em_width).sum()
}

/// `text` broken at blanks into lines at most `room` em wide (a word wider
/// than that is cut).
fn wrap(text: &str, room: f64) -> Vec<String> {
    // Room for a few characters at least, however narrow the diagram.
    let room = room.max(5.0);
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        let mut word = word.to_string();
        while text_em(&word) > room {
            if !line.is_empty() {
                lines.push(std::mem::take(&mut line));
            }
            // The longest start of the word that fits (at least a character).
            let mut width = 0.0;
            let cut = word
                .char_indices()
                .find(|&(at, c)| {
                    width += em_width(c);
                    at > 0 && width > room
                })
                .map_or(word.len(), |(at, _)| at);
            lines.push(word[..cut].to_string());
            word = word[cut..].to_string();
        }
        if !line.is_empty() && text_em(&line) + em_width(' ') + text_em(&word) > room {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(&word);
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

/// Between the figures of a line: a middle dot with two no-break spaces
/// each side (a renderer collapses runs of plain spaces into one).
const SEP: &str = "\u{a0}\u{a0}\u{b7}\u{a0}\u{a0}";

/// The side's line: who, whether to move, and its figures.
fn side_figures(pos: &Position, side: Side) -> String {
    match pos.variant() {
        Variant::EnGehe { .. } => format!(
            "captured {}{SEP}tempo {}{SEP}tempo deficit {}",
            group_digits(u64::from(pos.captured(side))),
            group_digits(u64::from(pos.tempo(side))),
            signed(pos.tempo_deficit(side))
        ),
        Variant::BaoLaKimasai => {
            format!("reserve {}", group_digits(u64::from(pos.reserve(side))))
        }
    }
}

/// The footer: the game, its size and options; `over`: the game has
/// ended there, and nobody is to move.
fn footer(pos: &Position, over: bool) -> String {
    let mut text = match pos.variant() {
        Variant::EnGehe { holes } => format!("En Gehé 2\u{d7}{holes}"),
        Variant::BaoLaKimasai => "Bao la Kimasai".to_string(),
    };
    if pos.variant() == Variant::BaoLaKimasai {
        // The phase of the side to move, as the board names it, and the
        // opening note only where it withholds a reserve seed (it was
        // given in phase 2, and phase 1 was never named).
        let me = pos.turn();
        let reserve = [pos.reserve(Side::South), pos.reserve(Side::North)].map(u64::from);
        if over {
            // The game's phase, with no side to move ("South to move"
            // stood under "Game over: North wins").
            let phase = if reserve == [0, 0] {
                "raiding (phase 2)"
            } else {
                "herding (phase 1)"
            };
            text.push_str(&format!("{SEP}{phase}"));
            return with_origin(pos, text);
        }
        text.push_str(&format!(
            "{SEP}{} to move: {}",
            me.title(),
            crate::engine::bao_phase(reserve, me)
        ));
        if pos.opening() && reserve[me.index()] > 0 {
            text.push_str(&format!("; {}", crate::engine::OPENING_NOTE));
        }
    }
    with_origin(pos, text)
}

/// `text` with the origin rule where it is not the default.
fn with_origin(pos: &Position, mut text: String) -> String {
    if pos.origin() == crate::engine::OriginRule::Skip {
        text.push_str(&format!("{SEP}origin=skip"));
    }
    text
}

/// Renders `pos` as a standalone SVG 1.1 document (UTF-8, ending with a
/// line break).
pub fn render_svg(pos: &Position, options: &DiagramOptions) -> String {
    let variant = pos.variant();
    let board = Board::of(variant);
    let paint = if options.mono { &MONO } else { &COLOUR };

    let content = (board.left + board.plank_width()).max(MIN_WIDTH);
    let width = content + 2 * MARGIN;
    // The board sits centred under the lines, which span the content.
    let plank_x = MARGIN + board.left + (content - board.left - board.plank_width()) / 2;
    let lines_left = MARGIN;
    let lines_right = MARGIN + content;

    let room = f64::from(content) / f64::from(CAPTION_SIZE);
    let over = options
        .result
        .as_ref()
        .map(|r| format!("Game over: {}", r.describe()));
    let caption: Vec<String> = options
        .caption
        .iter()
        .chain(over.iter())
        .flat_map(|c| wrap(c, room))
        .collect();

    let mut y = MARGIN;
    let caption_top = y;
    y += CAPTION_LINE * caption.len() as i32;
    if !caption.is_empty() {
        y += 8;
    }
    let north_line = y + SIDE_SIZE;
    y += SIDE_LINE;
    let en_gehe = variant.is_en_gehe();
    let north_numbers = y + NUMBER_SIZE;
    if en_gehe {
        y += NUMBER_SIZE + 6;
    }
    let plank_y = y;
    y += board.plank_height();
    let south_numbers = y + 4 + NUMBER_SIZE;
    if en_gehe {
        y += NUMBER_SIZE + 6;
    }
    let south_line = y + 8 + SIDE_SIZE;
    y += 8 + SIDE_LINE;
    let footer_line = y + FOOTER_SIZE;
    y += FOOTER_SIZE + 4;
    let height = y + MARGIN;

    let mut svg = String::new();
    let s = &mut svg;
    // (Writing to a String cannot fail.)
    let _ = writeln!(
        s,
        r#"<?xml version="1.0" encoding="UTF-8" standalone="no"?>"#
    );
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="{width}" height="{height}" viewBox="0 0 {width} {height}" font-family="{FONT}">"#
    );
    let title = match &options.caption {
        Some(c) if !c.trim().is_empty() => c.split_whitespace().collect::<Vec<_>>().join(" "),
        _ => match &over {
            Some(over) => format!("{} position. {over}", variant.title()),
            None => format!(
                "{} position, {} to move",
                variant.title(),
                pos.turn().title()
            ),
        },
    };
    let _ = writeln!(s, "<title>{}</title>", escape(&title));
    let _ = writeln!(s, "<desc>{}</desc>", escape(&pos.to_string()));
    let _ = writeln!(
        s,
        r##"<rect x="0" y="0" width="{width}" height="{height}" fill="#ffffff"/>"##
    );

    for (k, line) in caption.iter().enumerate() {
        let _ = writeln!(
            s,
            r#"<text class="caption" x="{lines_left}" y="{}" font-size="{CAPTION_SIZE}" fill="{}">{}</text>"#,
            caption_top + CAPTION_SIZE + CAPTION_LINE * k as i32 - 2,
            paint.label,
            escape(line)
        );
    }

    for (side, baseline) in [(Side::North, north_line), (Side::South, south_line)] {
        let to_move = pos.turn() == side && options.result.is_none();
        side_line(
            s,
            pos,
            side,
            to_move,
            baseline,
            lines_left,
            lines_right,
            paint,
        );
    }

    // The plank.
    let _ = writeln!(
        s,
        r#"<rect class="board" x="{plank_x}" y="{plank_y}" width="{}" height="{}" rx="10" ry="10" fill="{}" stroke="{}" stroke-width="1.5"/>"#,
        board.plank_width(),
        board.plank_height(),
        paint.plank,
        paint.plank_edge
    );
    let column_x = |c: i32| plank_x + board.pad + c * board.pitch + board.pitch / 2;
    let row_top = |r: i32| {
        plank_y + board.pad + r * board.row + if r >= board.rows / 2 { board.divide } else { 0 }
    };

    if en_gehe {
        // Hole numbers, each side's from its own left.
        let n = board.columns;
        for c in 0..n {
            for (number, baseline) in [(n - c, north_numbers), (c + 1, south_numbers)] {
                let _ = writeln!(
                    s,
                    r#"<text class="number" x="{}" y="{baseline}" font-size="{NUMBER_SIZE}" text-anchor="middle" fill="{}">{number}</text>"#,
                    column_x(c),
                    paint.faint
                );
            }
        }
    } else {
        // The line between the sides, and the rows' names at the left.
        let mid = row_top(board.rows / 2) - board.divide / 2;
        let _ = writeln!(
            s,
            r#"<line x1="{}" y1="{mid}" x2="{}" y2="{mid}" stroke="{}" stroke-width="1" stroke-dasharray="4 3"/>"#,
            plank_x + board.pad,
            plank_x + board.plank_width() - board.pad,
            paint.plank_edge
        );
        for (r, name) in ["outer", "inner", "inner", "outer"].iter().enumerate() {
            let r = r as i32;
            let _ = writeln!(
                s,
                r#"<text class="row" x="{}" y="{}" font-size="{FOOTER_SIZE}" text-anchor="end" fill="{}">{name}</text>"#,
                plank_x - 6,
                row_top(r) + board.row / 2 + 8,
                paint.faint
            );
        }
    }

    for side in Side::BOTH {
        for index in 0..variant.holes_per_side() {
            let hole = HoleRef { side, index };
            let (c, r) = place(variant, hole);
            let cx = column_x(c);
            let cy = if en_gehe {
                row_top(r) + board.row / 2
            } else {
                row_top(r) + board.row - board.radius - 4
            };
            let seeds = pos.seeds(side, index);
            let lit = options.highlight.contains(&hole);
            let name = variant.hole_name(index);
            let inner = !en_gehe && index < BAO_ROW;
            let _ = writeln!(s, r#"<g id="{}">"#, hole_id(variant, hole));
            let _ = writeln!(
                s,
                "<title>{} {name}: {}{}</title>",
                side.title(),
                crate::engine::count_word(seeds as usize, "seed"),
                if lit { " (highlighted)" } else { "" }
            );
            if lit {
                let _ = writeln!(
                    s,
                    r#"<circle class="highlight" cx="{cx}" cy="{cy}" r="{}" fill="none" stroke="{}" stroke-width="3"/>"#,
                    board.radius + 3,
                    paint.highlight
                );
            }
            let fill = match (lit, inner) {
                (true, _) if options.mono => paint.highlight_fill,
                (true, _) => paint.highlight_fill,
                (false, true) => paint.inner_hole,
                (false, false) => paint.hole,
            };
            let _ = writeln!(
                s,
                r#"<circle class="hole" cx="{cx}" cy="{cy}" r="{}" fill="{fill}" stroke="{}" stroke-width="1"/>"#,
                board.radius, paint.hole_edge
            );
            if !en_gehe {
                // The hole's name above it, inside the plank.
                let _ = writeln!(
                    s,
                    r#"<text class="name" x="{cx}" y="{}" font-size="{FOOTER_SIZE}" text-anchor="middle" fill="{}">{name}</text>"#,
                    cy - board.radius - 8,
                    paint.label
                );
            }
            if seeds > 0 {
                let digits = seeds.to_string();
                let room = f64::from(2 * board.radius - 5);
                let largest = if en_gehe { 17.0 } else { 19.0 };
                // About 0.6 em a digit in bold.
                // (A count of four or five digits may reach the hole's
                // edge rather than be too small to read.)
                let size = (room / (0.6 * digits.len() as f64))
                    .clamp(9.0, largest)
                    .floor() as i32;
                let _ = writeln!(
                    s,
                    r#"<text class="count" x="{cx}" y="{}" font-size="{size}" font-weight="bold" text-anchor="middle" fill="{}" stroke="none">{digits}</text>"#,
                    cy + (size * 36 + 50) / 100,
                    paint.count
                );
            }
            let _ = writeln!(s, "</g>");
        }
    }

    let _ = writeln!(
        s,
        r#"<text class="footer" x="{lines_right}" y="{footer_line}" font-size="{FOOTER_SIZE}" text-anchor="end" fill="{}">{}</text>"#,
        paint.faint,
        escape(&footer(pos, options.result.is_some()))
    );
    let _ = writeln!(s, "</svg>");
    svg
}

/// One side's line: a triangle and "to move" for the side to move
/// (`to_move`: none once the game is over), its name at the left, its
/// figures at the right.
#[allow(clippy::too_many_arguments)]
fn side_line(
    s: &mut String,
    pos: &Position,
    side: Side,
    to_move: bool,
    baseline: i32,
    left: i32,
    right: i32,
    paint: &Palette,
) {
    let _ = writeln!(s, r#"<g id="{}-line">"#, side.name());
    let mut x = left;
    if to_move {
        let top = baseline - SIDE_SIZE + 2;
        let _ = writeln!(
            s,
            r#"<path class="turn" d="M {x} {top} L {} {} L {x} {} Z" fill="{}"/>"#,
            x + 9,
            top + 5,
            top + 10,
            paint.label
        );
        x += 14;
    }
    let _ = writeln!(
        s,
        r#"<text class="side" x="{x}" y="{baseline}" font-size="{SIDE_SIZE}" font-weight="bold" fill="{}">{}{}</text>"#,
        paint.label,
        side.title(),
        if to_move { " \u{2014} to move" } else { "" }
    );
    let _ = writeln!(
        s,
        r#"<text class="figures" x="{right}" y="{baseline}" font-size="{SIDE_SIZE}" text-anchor="end" fill="{}">{}</text>"#,
        paint.label,
        escape(&side_figures(pos, side))
    );
    let _ = writeln!(s, "</g>");
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::notation::parse_position;

    fn pos(text: &str) -> Position {
        parse_position(text).unwrap()
    }

    #[test]
    fn escape_handles_markup_and_forbidden_characters() {
        assert_eq!(
            escape(r#"a<b & "c" 'd'>"#),
            "a&lt;b &amp; &quot;c&quot; &apos;d&apos;&gt;"
        );
        assert_eq!(escape("x\u{0}y\u{1b}"), "x\u{FFFD}y\u{FFFD}");
        assert_eq!(escape("Gehé\t\n"), "Gehé\t\n");
    }

    #[test]
    fn places_follow_the_board() {
        let eg = Variant::EnGehe { holes: 5 };
        let at = |side, index| place(eg, HoleRef { side, index });
        assert_eq!(at(Side::South, 0), (0, 1));
        assert_eq!(at(Side::South, 4), (4, 1));
        // North's hole 1 is opposite South's hole 5.
        assert_eq!(at(Side::North, 0), (4, 0));
        assert_eq!(at(Side::North, 4), (0, 0));
        let bao = Variant::BaoLaKimasai;
        let at = |side, index| place(bao, HoleRef { side, index });
        assert_eq!(at(Side::South, 0), (0, 2)); // i1
        assert_eq!(at(Side::South, 7), (7, 2)); // i8
        assert_eq!(at(Side::South, 8), (7, 3)); // o8
        assert_eq!(at(Side::South, 15), (0, 3)); // o1
        assert_eq!(at(Side::North, 0), (7, 1)); // i1 faces South's i8
        assert_eq!(at(Side::North, 15), (7, 0)); // o1
        assert_eq!(at(Side::North, 8), (0, 0)); // o8
    }

    #[test]
    fn wrap_breaks_at_blanks_and_cuts_long_words() {
        // 0.64 em a lower-case letter and digit, 0.32 a blank.
        assert_eq!(wrap("one two three", 5.2), ["one two", "three"]);
        assert_eq!(wrap("abcdefghijkl", 5.2), ["abcdefghi", "jkl"]);
        assert!(wrap("  ", 10.0).is_empty());
        // Wide letters take more room than narrow ones, CJK a whole em.
        assert_eq!(wrap("MMMMMMMMMM", 5.0), ["MMMMM", "MMMMM"]);
        assert_eq!(wrap("illillillill", 5.0), ["illillillill"]);
        assert_eq!(
            wrap("終盤の研究終盤の研究", 5.0),
            ["終盤の研究", "終盤の研究"]
        );
    }

    /// Every caption line fits the diagram's width, whatever its letters.
    #[test]
    fn caption_lines_fit_the_diagram() {
        let p = pos("en-gehe south=4,4,4,4,4 north=4,4,4,4,4 captured=0,0 turn=south");
        for caption in [
            "MW".repeat(35),
            "W".repeat(300),
            "終盤".repeat(60),
            "A study of the endgame: South to move and win by precise sacrifices".into(),
        ] {
            let options = DiagramOptions {
                caption: Some(caption.clone()),
                ..DiagramOptions::default()
            };
            let svg = render_svg(&p, &options);
            let width: f64 = svg
                .split("width=\"")
                .nth(1)
                .and_then(|w| w.split('"').next())
                .and_then(|w| w.parse().ok())
                .unwrap();
            let room = (width - 2.0 * f64::from(MARGIN)) / f64::from(CAPTION_SIZE);
            let lines: Vec<&str> = svg
                .split(r#"class="caption""#)
                .skip(1)
                .map(|t| &t[t.find('>').unwrap() + 1..t.find("</text>").unwrap()])
                .collect();
            assert!(!lines.is_empty());
            for line in lines {
                assert!(text_em(line) <= room, "{line} is wider than {room} em");
            }
        }
    }

    #[test]
    fn signed_numbers_use_a_minus_sign() {
        assert_eq!(signed(0), "0");
        assert_eq!(signed(1234), "+1,234");
        assert_eq!(signed(-5), "\u{2212}5");
    }

    #[test]
    fn holes_parse_for_the_mover_or_a_named_side() {
        let p = pos("en-gehe south=1,2,3 north=4,5,6 captured=0,0 turn=north");
        assert_eq!(
            parse_hole(&p, "2"),
            Ok(HoleRef {
                side: Side::North,
                index: 1
            })
        );
        assert_eq!(
            parse_hole(&p, "south:3"),
            Ok(HoleRef {
                side: Side::South,
                index: 2
            })
        );
        assert!(parse_hole(&p, "4").unwrap_err().contains("`4`"));
        assert!(parse_hole(&p, "east:1").unwrap_err().contains("east"));
        let b = pos(
            "bao-la-kimasai south=1,1,1,1,1,1,1,1,0,0,0,0,0,0,0,0 north=1,1,1,1,1,1,1,1,0,0,0,0,0,0,0,0 reserve=24,24 turn=south opening=yes",
        );
        assert_eq!(
            parse_hole(&b, "o1"),
            Ok(HoleRef {
                side: Side::South,
                index: 15
            })
        );
        assert!(parse_hole(&b, "x9").is_err());
    }

    /// A parsed SVG document: the elements in order, each with its name,
    /// attributes and direct text.
    #[derive(Debug)]
    struct Element {
        name: String,
        attrs: Vec<(String, String)>,
        text: String,
        /// Ids of the enclosing elements (innermost last).
        within: Vec<String>,
    }

    impl Element {
        fn attr(&self, name: &str) -> Option<&str> {
            self.attrs
                .iter()
                .find(|(k, _)| k == name)
                .map(|(_, v)| v.as_str())
        }
    }

    /// Parses `svg` with quick-xml, checking that it is well formed
    /// (every tag closed in order, one root, attributes and entities valid).
    fn parse(svg: &str) -> Vec<Element> {
        use quick_xml::events::Event;
        let mut reader = quick_xml::Reader::from_str(svg);
        reader.config_mut().check_end_names = true;
        let mut out: Vec<Element> = Vec::new();
        let mut open: Vec<(usize, String)> = Vec::new();
        let mut roots = 0;
        fn start(
            out: &mut Vec<Element>,
            e: &quick_xml::events::BytesStart,
            open: &[(usize, String)],
        ) -> usize {
            let attrs = e
                .attributes()
                .map(|a| {
                    let a = a.expect("a well-formed attribute");
                    (
                        String::from_utf8(a.key.as_ref().to_vec()).unwrap(),
                        a.normalized_value(quick_xml::XmlVersion::Implicit1_0)
                            .expect("valid entities")
                            .into_owned(),
                    )
                })
                .collect();
            out.push(Element {
                name: String::from_utf8(e.name().as_ref().to_vec()).unwrap(),
                attrs,
                text: String::new(),
                within: open.iter().map(|(_, id)| id.clone()).collect(),
            });
            out.len() - 1
        }
        loop {
            match reader.read_event().expect("well-formed XML") {
                Event::Start(e) => {
                    if open.is_empty() {
                        roots += 1;
                    }
                    let i = start(&mut out, &e, &open);
                    let id = out[i].attr("id").unwrap_or("").to_string();
                    open.push((i, id));
                }
                Event::Empty(e) => {
                    assert!(!open.is_empty(), "an element outside the root");
                    start(&mut out, &e, &open);
                }
                Event::End(_) => {
                    open.pop().expect("an end tag with its start");
                }
                Event::Text(t) => {
                    // (References come as their own events.)
                    let text = t.decode().unwrap().into_owned();
                    if let Some((i, _)) = open.last() {
                        out[*i].text.push_str(&text);
                    } else {
                        assert!(text.trim().is_empty(), "text outside the root: {text:?}");
                    }
                }
                Event::GeneralRef(r) => {
                    let name = r.decode().unwrap();
                    let c = match name.as_ref() {
                        "amp" => "&",
                        "lt" => "<",
                        "gt" => ">",
                        "quot" => "\"",
                        "apos" => "'",
                        other => panic!("an unknown entity &{other};"),
                    };
                    let (i, _) = open.last().expect("a reference inside an element");
                    out[*i].text.push_str(c);
                }
                Event::Eof => break,
                _ => {}
            }
        }
        assert!(open.is_empty(), "unclosed elements");
        assert_eq!(roots, 1, "one root element");
        out
    }

    /// The count shown in the hole with id `id` ("" for an empty hole),
    /// and the hole's centre.
    fn hole(doc: &[Element], id: &str) -> (String, f64, f64) {
        let circle = doc
            .iter()
            .find(|e| e.attr("class") == Some("hole") && e.within.last().is_some_and(|w| w == id))
            .unwrap_or_else(|| panic!("no hole {id}"));
        let count = doc
            .iter()
            .find(|e| e.attr("class") == Some("count") && e.within.last().is_some_and(|w| w == id))
            .map_or(String::new(), |e| e.text.clone());
        let num = |k: &str| circle.attr(k).unwrap().parse::<f64>().unwrap();
        (count, num("cx"), num("cy"))
    }

    fn texts<'a>(doc: &'a [Element], class: &str) -> Vec<&'a str> {
        doc.iter()
            .filter(|e| e.attr("class") == Some(class))
            .map(|e| e.text.as_str())
            .collect()
    }

    #[test]
    fn en_gehe_counts_are_in_their_holes_north_read_right_to_left() {
        let south: Vec<u32> = (1..=50).map(|h| h % 7).collect();
        let north: Vec<u32> = (1..=50).map(|h| (h * 3) % 11 + 100 * (h % 2)).collect();
        let list = |v: &[u32]| v.iter().map(u32::to_string).collect::<Vec<_>>().join(",");
        let text = format!(
            "en-gehe south={} north={} captured=12,3 turn=north",
            list(&south),
            list(&north)
        );
        let p = pos(&text);
        let svg = render_svg(&p, &DiagramOptions::default());
        let doc = parse(&svg);
        let shown = |n: u32| if n == 0 { String::new() } else { n.to_string() };
        let mut south_y = None;
        let mut north_y = None;
        for h in 1..=50usize {
            let (count, sx, sy) = hole(&doc, &format!("south-{h}"));
            assert_eq!(count, shown(south[h - 1]), "South {h}");
            let (count, nx, ny) = hole(&doc, &format!("north-{}", 51 - h));
            assert_eq!(count, shown(north[50 - h]), "North {}", 51 - h);
            // South h is directly below North 51−h; columns run left to right.
            assert_eq!(sx, nx);
            assert!(ny < sy, "North's row is on top");
            assert_eq!(*south_y.get_or_insert(sy), sy);
            assert_eq!(*north_y.get_or_insert(ny), ny);
            if h > 1 {
                let (_, before, _) = hole(&doc, &format!("south-{}", h - 1));
                assert!(before < sx);
            }
        }
        // The numbers: North's from the right, South's from the left.
        let numbers = texts(&doc, "number");
        assert_eq!(numbers.len(), 100);
        assert_eq!(&numbers[..2], ["50", "1"]);
        assert_eq!(&numbers[98..], ["1", "50"]);
        // Captured counts, tempo and deficit, and the side to move.
        let figures = texts(&doc, "figures");
        let tempo = |side| group_digits(u64::from(p.tempo(side)));
        assert!(figures[0].contains("captured 3"), "{figures:?}");
        assert!(figures[0].contains(&format!("tempo {}", tempo(Side::North))));
        assert!(figures[1].contains("captured 12"));
        assert!(figures[1].contains(&format!(
            "tempo deficit {}",
            signed(p.tempo_deficit(Side::South))
        )));
        assert_eq!(texts(&doc, "side"), ["North \u{2014} to move", "South"]);
        assert!(texts(&doc, "footer")[0].starts_with("En Gehé 2×50"));
        // The position itself rides along in the description.
        let desc = doc.iter().find(|e| e.name == "desc").unwrap();
        assert_eq!(desc.text, p.to_string());
    }

    #[test]
    fn the_same_position_gives_the_same_bytes() {
        let p = pos("en-gehe south=4,4,4 north=4,4,4 captured=0,0 turn=south");
        let o = DiagramOptions {
            caption: Some("Figure 1".into()),
            mono: true,
            highlight: vec![HoleRef {
                side: Side::South,
                index: 1,
            }],
            result: None,
        };
        assert_eq!(render_svg(&p, &o), render_svg(&p, &o));
    }

    #[test]
    fn captions_are_escaped_and_wrapped() {
        let p = pos("en-gehe south=4,4,4 north=4,4,4 captured=0,0 turn=south");
        let caption =
            "Fig. 2 <draft> & \"quoted\" 'text'\u{7} after move 12 — South's reply ".repeat(3);
        let svg = render_svg(
            &p,
            &DiagramOptions {
                caption: Some(caption.clone()),
                ..Default::default()
            },
        );
        assert!(!svg.contains("<draft>"));
        let doc = parse(&svg);
        let lines = texts(&doc, "caption");
        assert!(lines.len() >= 2, "{lines:?}");
        let expected: String = caption
            .replace('\u{7}', "\u{FFFD}")
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ");
        assert_eq!(lines.join(" "), expected);
        let title = doc.iter().find(|e| e.name == "title").unwrap();
        assert_eq!(title.text, expected);
    }

    #[test]
    fn a_bao_la_kimasai_footer_names_the_phase_of_the_side_to_move() {
        // The opening note was given in phase 2 (where no reserve seed is
        // there to withhold), and phase 1 was never named.
        let footer_of = |reserve: &str, turn: &str, opening: &str| {
            super::footer(
                &pos(&format!(
                    "bao-la-kimasai south=1,1,1,0,0,1,0,0,0,0,0,0,1,0,0,0 \
                 north=1,0,2,0,0,1,2,0,0,0,0,0,0,0,0,0 reserve={reserve} turn={turn} \
                 opening={opening}"
                )),
                false,
            )
        };
        assert_eq!(
            footer_of("0,0", "south", "yes"),
            format!(
                "Bao la Kimasai{}South to move: raiding (phase 2)",
                super::SEP
            )
        );
        assert_eq!(
            footer_of("23,24", "north", "no"),
            format!(
                "Bao la Kimasai{}North to move: herding (phase 1)",
                super::SEP
            )
        );
        assert_eq!(
            footer_of("24,24", "south", "yes"),
            format!(
                "Bao la Kimasai{}South to move: herding (phase 1); opening move (no reserve \
                 seed added)",
                super::SEP
            )
        );
        assert_eq!(
            footer_of("0,5", "south", "no"),
            format!(
                "Bao la Kimasai{}South to move: reserve empty, waiting for the other side",
                super::SEP
            )
        );
        // A finished game names nobody to move under its result.
        let over = pos("bao-la-kimasai south=0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0 \
             north=1,1,1,1,1,1,1,1,0,0,0,0,0,0,0,0 reserve=0,0 turn=south opening=no");
        let result = over.status().result().copied().expect("over");
        let svg = render_svg(
            &over,
            &DiagramOptions {
                result: Some(result),
                ..DiagramOptions::default()
            },
        );
        assert_eq!(
            texts(&parse(&svg), "footer"),
            [format!("Bao la Kimasai{}raiding (phase 2)", super::SEP)]
        );
    }

    #[test]
    fn bao_la_kimasai_rows_names_and_reserves() {
        let p = pos(
            "bao-la-kimasai south=1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16 north=17,18,19,20,21,22,23,24,0,0,0,0,0,0,0,30 reserve=5,7 turn=south opening=no",
        );
        let svg = render_svg(&p, &DiagramOptions::default());
        let doc = parse(&svg);
        let row_y = |id: &str| hole(&doc, id).2;
        let (n_out, n_in, s_in, s_out) = (
            row_y("north-o1"),
            row_y("north-i1"),
            row_y("south-i1"),
            row_y("south-o1"),
        );
        assert!(n_out < n_in && n_in < s_in && s_in < s_out);
        for side in Side::BOTH {
            for index in 0..16 {
                let name = Variant::BaoLaKimasai.hole_name(index);
                let id = format!("{}-{name}", side.name());
                let (count, x, _) = hole(&doc, &id);
                let seeds = p.seeds(side, index);
                assert_eq!(
                    count,
                    if seeds == 0 {
                        String::new()
                    } else {
                        seeds.to_string()
                    }
                );
                // Its name is written in its group.
                let label = doc
                    .iter()
                    .find(|e| e.attr("class") == Some("name") && e.within.last() == Some(&id))
                    .unwrap();
                assert_eq!(label.text, name);
                // North's iC faces South's i(9−C), above it.
                if side == Side::North && index < 8 {
                    let facing = format!("south-i{}", 8 - index);
                    assert_eq!(x, hole(&doc, &facing).1);
                }
            }
        }
        // South's i1 and o1 at the left, North's at the right.
        assert!(hole(&doc, "south-i1").1 < hole(&doc, "south-i8").1);
        assert_eq!(hole(&doc, "south-o1").1, hole(&doc, "south-i1").1);
        assert_eq!(hole(&doc, "north-o1").1, hole(&doc, "south-i8").1);
        let names = texts(&doc, "name");
        assert_eq!(names.len(), 32);
        let figures = texts(&doc, "figures");
        assert_eq!(figures, ["reserve 7", "reserve 5"]);
        assert_eq!(texts(&doc, "side"), ["North", "South \u{2014} to move"]);
        // No tempo for Bao la Kimasai.
        assert!(!svg.contains("tempo"));
    }

    #[test]
    fn highlighted_holes_are_ringed_in_both_looks() {
        let p = pos("en-gehe south=0,2,0,5 north=1,0,0,3 captured=0,0 turn=south");
        for mono in [false, true] {
            let svg = render_svg(
                &p,
                &DiagramOptions {
                    caption: None,
                    mono,
                    highlight: vec![HoleRef {
                        side: Side::North,
                        index: 3,
                    }],
                    result: None,
                },
            );
            let doc = parse(&svg);
            let rings: Vec<_> = doc
                .iter()
                .filter(|e| e.attr("class") == Some("highlight"))
                .collect();
            assert_eq!(rings.len(), 1);
            assert_eq!(rings[0].within.last().unwrap(), "north-4");
            let colours: Vec<&str> = doc.iter().filter_map(|e| e.attr("fill")).collect();
            let brown = colours.contains(&COLOUR.plank);
            assert_eq!(brown, !mono);
        }
    }

    #[test]
    fn counts_of_every_size_stay_legible() {
        let p = pos("en-gehe south=58000,0,7 north=999,10,1 captured=0,0 turn=south");
        let doc = parse(&render_svg(&p, &DiagramOptions::default()));
        for (id, count) in [
            ("south-1", "58000"),
            ("south-3", "7"),
            ("north-1", "999"),
            ("north-2", "10"),
        ] {
            assert_eq!(hole(&doc, id).0, count);
            let size: i32 = doc
                .iter()
                .find(|e| e.attr("class") == Some("count") && e.within.last().unwrap() == id)
                .and_then(|e| e.attr("font-size"))
                .unwrap()
                .parse()
                .unwrap();
            assert!((9..=17).contains(&size), "{id}: {size}");
            if count.len() <= 2 {
                assert_eq!(size, 17, "one or two digits at full size");
            }
        }
    }

    #[test]
    fn every_board_size_renders_well_formed() {
        for n in [3u8, 7, 40, 64] {
            let p = crate::engine::GameOptions::en_gehe(n).start().unwrap();
            let doc = parse(&render_svg(&p, &DiagramOptions::default()));
            assert_eq!(
                doc.iter()
                    .filter(|e| e.attr("class") == Some("hole"))
                    .count(),
                2 * n as usize
            );
        }
    }

    #[test]
    fn a_finished_game_says_its_result_and_marks_nobody_to_move() {
        // North to move with an empty row: the game is over, South takes
        // what is left.
        let p = pos("en-gehe south=0,2,0 north=0,0,0 captured=5,7 turn=north");
        let result = p.status().result().copied().expect("over");
        let svg = render_svg(
            &p,
            &DiagramOptions {
                result: Some(result),
                ..DiagramOptions::default()
            },
        );
        let doc = parse(&svg);
        assert_eq!(texts(&doc, "side"), ["North", "South"]);
        let said = texts(&doc, "caption").join(" ");
        assert!(said.starts_with("Game over: "), "{said}");
        assert!(said.contains(&result.describe()[..10]), "{said}");
        // Unfinished, the side to move is marked as before.
        let live = render_svg(&p, &DiagramOptions::default());
        assert_eq!(
            texts(&parse(&live), "side"),
            ["North \u{2014} to move", "South"]
        );
    }
}
