//! The board view: both games drawn with the painter from the position on
//! view (or the replay's intermediate board), with hover previews, the
//! travelling seed of the visualiser, zoom and pan. Returns commands; it
//! changes nothing itself.

use super::AppCommand;
use super::editor::{Editor, EditorCommand, Hole, Selection, TEMPO_HELP, row_tempo, tempo_words};
use super::settings::Settings;
use super::state::Runtime;
use crate::engine::{BAO_ROW, LapKind, Move, Position, Side, Variant};
use egui::{Align2, Color32, FontId, Pos2, Rect, Sense, Stroke, StrokeKind, Vec2, pos2, vec2};

/// Holes drawn as separate pebbles up to this count; above it, a heap.
pub const MAX_PEBBLES: usize = 12;

/// The board's canvas takes clicks (finish a sowing) and drags (pan), but
/// no keyboard focus: a Tab stop there showed nothing, and the keys it
/// could serve (Ctrl+arrows pan) work wherever the focus is.
const CANVAS_SENSE: Sense = Sense::CLICK.union(Sense::DRAG);

/// Screen geometry of the board for one frame.
pub struct Geometry {
    /// Top-left of the board plank.
    origin: Pos2,
    /// Width of one hole column.
    pub pitch: f32,
    variant: Variant,
    flipped: bool,
    rows: usize,
    /// Width of the reserve column on the left (Bao la Kimasai).
    reserve_w: f32,
    pub size: Vec2,
}

const STRIP: f32 = 0.55;
const HOLE_H: f32 = 1.5;
const ROW_H: f32 = STRIP + HOLE_H;
const GAP: f32 = 0.45;
const PAD: f32 = 0.3;

/// The least room (pixels) of a lane the badge of the seeds in hand runs
/// in: between the two middle rows, and (Bao la Kimasai) beyond the outer
/// rows' names at the board's top and bottom. A badge there hides no hole
/// name and no count; on close-set holes (a 2×50 row, 15 px apart) the
/// 0.45-pitch gap was 7 px, and the badge lay over the names instead.
pub const LANE_MIN: f32 = 22.0;

/// A Bao la Kimasai lane's least room in pitches, on the smallest boards:
/// its holes are wide (8 a row), and its three lanes at full room took
/// 45 px of height from a small window's board (with every panel open at
/// 1024×680 its holes shrank from 18 px to 13). From a pitch of 20 the
/// lanes grow back quickly to [`LANE_MIN`] (reached at 26, short of the
/// usual 28 at 1024×680), where the badge reads at the board's own size.
const BAO_LANE: f32 = 0.5;

impl Geometry {
    /// The board's size at pitch 1 (without the lanes' least room, see
    /// [`Geometry::board_size`]).
    fn unit_size(variant: Variant) -> Vec2 {
        // Bao la Kimasai has a reserve column on the left and row names on the right.
        let (cols, rows, extra) = match variant {
            Variant::EnGehe { holes } => (holes as f32, 2.0, 0.0),
            Variant::BaoLaKimasai => (BAO_ROW as f32, 4.0, 1.8 + 0.9),
        };
        vec2(cols + extra + 2.0 * PAD, rows * ROW_H + GAP + 2.0 * PAD)
    }

    /// The least room of a badge's lane at pitch `p` (pixels).
    fn lane_min(variant: Variant, p: f32) -> f32 {
        if variant.is_en_gehe() {
            LANE_MIN
        } else {
            LANE_MIN.min((BAO_LANE * p).max(2.0 * p - 30.0))
        }
    }

    /// The gap between the two middle rows at pitch `p` (pixels).
    fn gap_px(variant: Variant, p: f32) -> f32 {
        (GAP * p).max(Self::lane_min(variant, p))
    }

    /// The plank's margin above the top row and under the bottom one at
    /// pitch `p` (pixels): Bao la Kimasai's outer rows have their badge
    /// there, beyond their names.
    fn edge_px(variant: Variant, p: f32) -> f32 {
        if variant.is_en_gehe() {
            PAD * p
        } else {
            // A name taller than its strip (at the least pitches) runs on
            // into the margin: the lane is beyond it.
            let overflow = (2.0 * name_half_height(p) - STRIP * p).max(0.0);
            (PAD * p).max(Self::lane_min(variant, p) + overflow)
        }
    }

    /// The board's size (pixels) at pitch `p`.
    pub fn board_size(variant: Variant, p: f32) -> Vec2 {
        let unit = Self::unit_size(variant);
        let rows_h = (unit.y - GAP - 2.0 * PAD) * p;
        vec2(
            unit.x * p,
            rows_h + Self::gap_px(variant, p) + 2.0 * Self::edge_px(variant, p),
        )
    }

    /// The pitch at which the board is `height` pixels high (the lanes'
    /// least room makes the height grow faster than the pitch on close
    /// rows); 0 where even pitch 0 is taller.
    fn pitch_for_height(variant: Variant, height: f32) -> f32 {
        // The height is piecewise linear and increasing in the pitch: halve
        // the interval (exact to far below a pixel).
        let (mut lo, mut hi) = (0.0_f32, height.max(0.0) / 2.0 + 1.0);
        if Self::board_size(variant, lo).y >= height {
            return 0.0;
        }
        for _ in 0..40 {
            let mid = (lo + hi) / 2.0;
            if Self::board_size(variant, mid).y > height {
                hi = mid;
            } else {
                lo = mid;
            }
        }
        lo
    }

    /// Fits the board into `canvas` at zoom 1 and scales it by `zoom`,
    /// centred on the canvas plus `pan`.
    pub fn new(canvas: Rect, variant: Variant, flipped: bool, zoom: f32, pan: Vec2) -> Geometry {
        let pitch = (fit_pitch(canvas.size(), variant) * zoom).max(4.0);
        let size = Self::board_size(variant, pitch);
        let origin = canvas.center() + pan - size / 2.0;
        Geometry {
            origin,
            pitch,
            variant,
            flipped,
            rows: if variant.is_en_gehe() { 2 } else { 4 },
            reserve_w: if variant.is_en_gehe() { 0.0 } else { 1.8 },
            size,
        }
    }

    pub fn rect(&self) -> Rect {
        Rect::from_min_size(self.origin, self.size)
    }

    /// The side whose row(s) are at the bottom.
    pub fn bottom_side(&self) -> Side {
        if self.flipped {
            Side::North
        } else {
            Side::South
        }
    }

    /// Screen row (0 = top) and column of a hole.
    fn slot(&self, side: Side, index: usize) -> (usize, usize) {
        let at_bottom = side == self.bottom_side();
        match self.variant {
            Variant::EnGehe { holes } => {
                let n = holes as usize;
                if at_bottom {
                    (1, index)
                } else {
                    (0, n - 1 - index)
                }
            }
            Variant::BaoLaKimasai => {
                // Each owner numbers from his own left; the far side's left
                // is the viewer's right.
                let (inner, c) = if index < BAO_ROW {
                    (true, index)
                } else {
                    (false, 2 * BAO_ROW - 1 - index)
                };
                let row = match (at_bottom, inner) {
                    (false, false) => 0,
                    (false, true) => 1,
                    (true, true) => 2,
                    (true, false) => 3,
                };
                (row, if at_bottom { c } else { BAO_ROW - 1 - c })
            }
        }
    }

    fn row_top(&self, row: usize) -> f32 {
        let p = self.pitch;
        let gap = if row >= self.rows / 2 {
            Self::gap_px(self.variant, p)
        } else {
            0.0
        };
        self.origin.y + Self::edge_px(self.variant, p) + row as f32 * ROW_H * p + gap
    }

    fn row_is_bottom(&self, row: usize) -> bool {
        row >= self.rows / 2
    }

    fn col_left(&self, col: usize) -> f32 {
        self.origin.x + (PAD + self.reserve_w + col as f32) * self.pitch
    }

    /// The hole's rectangle.
    pub fn hole_rect(&self, side: Side, index: usize) -> Rect {
        let (row, col) = self.slot(side, index);
        let p = self.pitch;
        let top = self.row_top(row)
            + if self.row_is_bottom(row) {
                0.0
            } else {
                STRIP * p
            };
        let left = self.col_left(col);
        Rect::from_min_max(
            pos2(left + 0.06 * p, top),
            pos2(left + 0.94 * p, top + HOLE_H * p),
        )
    }

    /// Where the hole's number or name is written.
    fn label_pos(&self, side: Side, index: usize) -> Pos2 {
        let (row, col) = self.slot(side, index);
        let p = self.pitch;
        // Centred in the strip beside the hole, but never nearer the hole
        // than half the text's height: at the least pitch (14 px) the
        // font stops shrinking and would run into the count.
        let half_text = name_half_height(p);
        let y = if self.row_is_bottom(row) {
            self.row_top(row) + HOLE_H * p + half_text
        } else {
            self.row_top(row) + STRIP * p - half_text
        };
        pos2(self.col_left(col) + 0.5 * p, y)
    }

    /// The lane (top and bottom, pixels) where the badge of the seeds in
    /// hand over a hole goes, and which of its edges the badge keeps to:
    /// the hole's own side of the gap between the middle rows (En Gehé,
    /// Bao la Kimasai's inner rows), or the middle of the margin beyond an
    /// outer row's names (Bao la Kimasai).
    fn hand_lane(&self, side: Side, index: usize) -> (f32, f32, Align2) {
        let (row, _) = self.slot(side, index);
        let p = self.pitch;
        let middle = self.rows / 2;
        let outer = !self.variant.is_en_gehe() && (row == 0 || row + 1 == self.rows);
        if outer && row == 0 {
            let name_top = self.label_pos(side, index).y - name_half_height(p);
            (self.origin.y, name_top, Align2::CENTER_CENTER)
        } else if outer {
            let name_bottom = self.label_pos(side, index).y + name_half_height(p);
            (name_bottom, self.rect().bottom(), Align2::CENTER_CENTER)
        } else {
            let top = self.row_top(middle - 1) + ROW_H * p;
            let hug = if row < middle {
                Align2::CENTER_TOP
            } else {
                Align2::CENTER_BOTTOM
            };
            (top, self.row_top(middle), hug)
        }
    }

    /// The height of the lane the badge of the seeds in hand over a hole
    /// goes in (a badge is set small enough to fit it).
    pub fn hand_lane_height(&self, side: Side, index: usize) -> f32 {
        let (top, bottom, _) = self.hand_lane(side, index);
        bottom - top
    }

    /// Where the badge (of `size`) of the seeds in hand over a hole goes:
    /// in its lane (`Geometry::hand_lane`), under or over the hole's
    /// middle and against the hole's end (a pixel off it), so
    /// it reads as the hole's, and kept within the rows at the board's ends.
    /// It covers no hole and no hole's name.
    pub fn hand_badge_rect(&self, side: Side, index: usize, size: Vec2) -> Rect {
        let (top, bottom, hug) = self.hand_lane(side, index);
        let h = size.y.min(bottom - top);
        let room = bottom - top - h;
        // A pixel off the hole's end (its ring, drawn outside it, runs
        // under the badge's edge): nearer its own row than the facing one.
        let clear = (room / 2.0).min(1.0);
        let y = match hug.y() {
            egui::Align::Min => top + clear,
            egui::Align::Max => bottom - clear - h,
            egui::Align::Center => top + room / 2.0,
        };
        let (_, col) = self.slot(side, index);
        let cols = match self.variant {
            Variant::EnGehe { holes } => holes as usize,
            Variant::BaoLaKimasai => BAO_ROW,
        };
        let centre = self.col_left(col) + 0.5 * self.pitch;
        let (lo, hi) = (self.col_left(0), self.col_left(cols));
        let half = size.x / 2.0;
        let x = if hi - lo <= size.x {
            (lo + hi) / 2.0
        } else {
            centre.clamp(lo + half, hi - half)
        };
        Rect::from_min_size(pos2(x - half, y), vec2(size.x, h))
    }

    /// Where a hole's name is written in view of `canvas`, and whether it
    /// is pinned there: at `Geometry::label_pos`, or, where the area's
    /// top or bottom edge cuts the name off while at least half a pitch of
    /// its hole is in view, just inside that edge (at the bottom, above
    /// the hole's count). None for a name out of view with its hole.
    pub fn name_in_view(&self, side: Side, index: usize, canvas: Rect) -> Option<(Pos2, bool)> {
        let at = self.label_pos(side, index);
        let half = name_half_height(self.pitch);
        let hole = self.hole_rect(side, index);
        // The hole's count, written at its foot.
        let font = fonts(self.pitch).0.size;
        let count_y = (hole.bottom() - 0.25 * hole.width()).min(hole.bottom() - 0.6 * font);
        let count_top = count_y - 0.6 * font;
        if at.y - half < canvas.top() {
            // Over the top of the hole, clear of its count.
            let y = canvas.top() + half + 1.0;
            (y + half <= count_top + 1.0).then_some((pos2(at.x, y), true))
        } else if at.y + half > canvas.bottom() {
            // (A name under its hole is pinned above the hole's count.)
            let y = (canvas.bottom() - half - 1.0).min(count_top - half - 1.0);
            (hole.top() <= y - half - 4.0).then_some((pos2(at.x, y), true))
        } else {
            Some((at, false))
        }
    }

    /// The centre and radius of the badge on an endless hole's corner
    /// (top right). Kept below the hole's top where a row of names is
    /// written above it: on close-set holes (15 px) it lay over the hole's
    /// own number and its neighbour's.
    fn endless_badge(&self, side: Side, index: usize) -> (Pos2, f32) {
        let p = self.pitch;
        let rect = self.hole_rect(side, index);
        let radius = (0.2 * p).clamp(8.0, 16.0).min(0.45 * p);
        // Only a hole just under the middle gap has room above it (every
        // other has a row of names there).
        let (row, _) = self.slot(side, index);
        let down = if row == self.rows / 2 {
            0.25 * radius
        } else {
            radius + 1.0
        };
        (rect.right_top() + vec2(-0.25 * radius, down), radius)
    }

    /// Bao la Kimasai: the reserve pile of a side, left of its two rows.
    fn reserve_rect(&self, side: Side) -> Rect {
        let p = self.pitch;
        let (r0, r1) = if side == self.bottom_side() {
            (2, 3)
        } else {
            (0, 1)
        };
        let top = self.row_top(r0)
            + if self.row_is_bottom(r0) {
                0.0
            } else {
                STRIP * p
            };
        let bottom = self.row_top(r1)
            + if self.row_is_bottom(r1) {
                HOLE_H * p
            } else {
                ROW_H * p
            };
        let left = self.origin.x + PAD * p;
        Rect::from_min_max(
            pos2(left, top),
            pos2(left + (self.reserve_w - 0.2) * p, bottom),
        )
    }

    /// A point beside a side's row where captured seeds fly to.
    fn captured_pos(&self, side: Side) -> Pos2 {
        let r = self.rect();
        if side == self.bottom_side() {
            pos2(r.left(), r.bottom())
        } else {
            pos2(r.left(), r.top())
        }
    }
}

/// Half the height a hole's name takes at pitch `p` (centred in its strip,
/// or, where the text is taller than the strip, kept off the hole).
fn name_half_height(p: f32) -> f32 {
    (0.6 * fonts(p).1.size + 0.5).max(STRIP / 2.0 * p)
}

/// Board colours for the current theme.
struct Palette {
    plank: Color32,
    hole: Color32,
    inner_hole: Color32,
    label: Color32,
    count: Color32,
    pebble: [Color32; 3],
    pebble_edge: Color32,
    playable: Color32,
    hover: Color32,
    ends: Color32,
    taken: Color32,
    lift: Color32,
    target: Color32,
}

impl Palette {
    fn new(dark: bool) -> Palette {
        if dark {
            Palette {
                plank: Color32::from_rgb(104, 72, 44),
                hole: Color32::from_rgb(52, 34, 20),
                inner_hole: Color32::from_rgb(74, 36, 28),
                label: Color32::from_rgb(236, 220, 196),
                count: Color32::from_rgb(255, 248, 232),
                pebble: [
                    Color32::from_rgb(232, 224, 204),
                    Color32::from_rgb(206, 190, 160),
                    Color32::from_rgb(180, 166, 140),
                ],
                pebble_edge: Color32::from_rgb(40, 28, 18),
                playable: Color32::from_rgb(230, 200, 120),
                hover: Color32::from_rgb(255, 220, 60),
                ends: Color32::from_rgb(90, 210, 120),
                taken: Color32::from_rgb(250, 90, 80),
                lift: Color32::from_rgb(110, 170, 255),
                target: Color32::from_rgb(255, 150, 40),
            }
        } else {
            Palette {
                plank: Color32::from_rgb(196, 150, 98),
                hole: Color32::from_rgb(96, 62, 34),
                inner_hole: Color32::from_rgb(122, 58, 40),
                label: Color32::from_rgb(58, 36, 18),
                count: Color32::from_rgb(255, 250, 238),
                pebble: [
                    Color32::from_rgb(240, 234, 216),
                    Color32::from_rgb(218, 204, 176),
                    Color32::from_rgb(196, 182, 156),
                ],
                pebble_edge: Color32::from_rgb(60, 40, 24),
                playable: Color32::from_rgb(255, 236, 170),
                hover: Color32::from_rgb(255, 214, 0),
                ends: Color32::from_rgb(20, 160, 70),
                taken: Color32::from_rgb(220, 40, 30),
                lift: Color32::from_rgb(30, 110, 230),
                target: Color32::from_rgb(240, 120, 0),
            }
        }
    }
}

/// Offsets of up to [`MAX_PEBBLES`] pebbles in a unit square (three to a row,
/// rows staggered), filling from the bottom.
fn pebble_offset(k: usize, count: usize) -> Vec2 {
    let rows = count.div_ceil(3);
    let row = k / 3;
    let in_row = if row + 1 == rows && !count.is_multiple_of(3) {
        count % 3
    } else {
        3
    };
    let col = k % 3;
    let x =
        (col as f32 - (in_row as f32 - 1.0) / 2.0) * 0.3 + if row % 2 == 1 { 0.05 } else { -0.05 };
    let y = (rows as f32 - 1.0) / 2.0 - row as f32;
    // Four rows (10 to 12) close up, so the corners stay inside the
    // hole's rounded ends.
    let tight = if rows >= 4 { 0.86 } else { 1.0 };
    vec2(x, y * 0.24) * tight
}

fn draw_pebbles(painter: &egui::Painter, area: Rect, count: u32, pal: &Palette) {
    if count == 0 {
        return;
    }
    let w = area.width();
    let r = (w * if (10..=12).contains(&count) {
        0.115
    } else {
        0.13
    })
    .max(1.5);
    let center = area.center();
    let stroke = Stroke::new((r * 0.18).max(0.5), pal.pebble_edge);
    if count as usize <= MAX_PEBBLES {
        for k in 0..count as usize {
            let o = pebble_offset(k, count as usize);
            let c = center + vec2(o.x * w, o.y * w);
            painter.circle(c, r, pal.pebble[(k * 7 + 3) % 3], stroke);
        }
    } else {
        // A heap: a mound with a few pebbles on top; the number says how many.
        let mound = Rect::from_center_size(center + vec2(0.0, 0.08 * w), vec2(0.86 * w, 0.62 * w));
        painter.rect(
            mound,
            egui::CornerRadius::same((0.3 * w).min(120.0) as u8),
            pal.pebble[2],
            stroke,
            StrokeKind::Inside,
        );
        for (k, (dx, dy)) in [
            (-0.2, 0.0),
            (0.0, -0.08),
            (0.2, 0.0),
            (-0.1, 0.16),
            (0.1, 0.16),
        ]
        .iter()
        .enumerate()
        {
            painter.circle(center + vec2(dx * w, dy * w), r, pal.pebble[k % 2], stroke);
        }
    }
}

/// What the board shows this frame.
struct Shown {
    board: Vec<u16>,
    pos: Position,
    /// Reserves as they stand at the replay's step.
    reserve: [u32; 2],
    /// Reserves that decide the phase shown: during a replay those before
    /// the move (RULES.md: a move's phase is judged when it starts, so the
    /// move that sows the last reserve seed is still a herding move).
    phase_reserve: [u32; 2],
    /// During a replay, the seeds in hand and the hole they are over (the
    /// last one sown into, or the one lifted): tempo counts them there, so
    /// a handful in the air does not read as tempo lost.
    hand: Option<(usize, u64)>,
}

/// The height of the lines around the board (two side lines, the status
/// line and the preview or notice line): as measured in the last frame,
/// since a narrow board area wraps them, or four lines before the first.
fn around_height(ui: &egui::Ui) -> f32 {
    lines_height(ui, around_id(), 4.0)
}

/// Where [`board_ui`] keeps the measured height of its lines.
fn around_id() -> egui::Id {
    egui::Id::unique("board-lines-height")
}

/// Where the editor's board keeps the measured height of its lines.
fn editor_around_id() -> egui::Id {
    egui::Id::unique("editor-board-lines-height")
}

/// The height of the lines around a board kept under `id` in the last
/// frame, or `lines` lines of text before the first.
fn lines_height(ui: &egui::Ui, id: egui::Id, lines: f32) -> f32 {
    ui.data(|d| d.get_temp::<f32>(id))
        .unwrap_or_else(|| lines_guess(ui, lines))
}

/// The height of `lines` lines of text around a board.
fn lines_guess(ui: &egui::Ui, lines: f32) -> f32 {
    let body = ui.text_style_height(&egui::TextStyle::Body);
    let spacing = ui.spacing().item_spacing.y;
    lines * (body + spacing) + 3.0 * spacing
}

/// Lines around the board the centring allows for however many are
/// drawn: the side lines, and two lines each for the status and the
/// preview or caption under the board, and one to spare (a line with
/// buttons or separators is taller than text). Those wrap to one line or
/// two as their text changes with each seed sown, and the board, centred
/// with them, moved by half a line each time. (It sits a little above the
/// middle of its area when fewer are drawn.)
const STEADY_LINES: f32 = 7.0;

/// Where [`board_ui`] keeps the most height its lines took at the area's
/// present size, so that the centring never moves back down after a
/// sowing's longer lines (only up, once, beyond [`STEADY_LINES`]).
fn steady_id() -> egui::Id {
    egui::Id::unique("board-lines-steady")
}

/// Keeps the lines' real height (they wrap in a narrow area) under `id`
/// for the next frame's board, which a change needs at once.
fn keep_lines_height(ui: &egui::Ui, id: egui::Id, measured: f32, was: f32) {
    if (measured - was).abs() > 0.5 {
        ui.data_mut(|d| d.insert_temp(id, measured));
        ui.ctx().request_repaint();
    }
}

/// The height of a board of `unit` size fitted to `width` at `zoom`, never
/// under [`MIN_READABLE_PITCH`] a hole.
fn natural_height(variant: Variant, width: f32, zoom: f32) -> f32 {
    let unit = Geometry::unit_size(variant);
    Geometry::board_size(variant, (width / unit.x).max(MIN_READABLE_PITCH) * zoom).y
}

/// Hole pitch (pixels) below which a board is no longer readable.
const MIN_PITCH: f32 = 20.0;

/// The least pitch a board is drawn at, whatever its area: where a long
/// row does not fit at this pitch (a 2×50 board beside several panels in a
/// small window) it runs past the area's edges and is panned by dragging
/// or with the wheel, rather than shrinking into an illegible strip.
pub const MIN_READABLE_PITCH: f32 = 14.0;

/// The pitch at which a board of `unit` size fits `canvas` at zoom 1, but
/// never under [`MIN_READABLE_PITCH`].
fn fit_pitch(canvas: Vec2, variant: Variant) -> f32 {
    fit_pitch_free(canvas, variant).max(MIN_READABLE_PITCH)
}

/// The pitch at which a board fits `canvas`, however small.
fn fit_pitch_free(canvas: Vec2, variant: Variant) -> f32 {
    let unit = Geometry::unit_size(variant);
    (canvas.x / unit.x).min(Geometry::pitch_for_height(variant, canvas.y))
}

/// The least width the board's area keeps whatever panels are open: a Bao
/// la Kimasai board at `MIN_PITCH`, with room for the lines around it.
pub const MIN_AREA_WIDTH: f32 = 300.0;

/// Hole pitch below which panels beside the board stop growing: less than
/// [`MIN_PITCH`], since a long row is short of width (a 2×50 row at 20 px
/// would leave a study or the solver too little room on most screens) and
/// has height to spare.
const MIN_PITCH_BESIDE: f32 = 15.0;

/// The width at which the board's holes are `MIN_PITCH_BESIDE` apart.
/// Panels docked beside the board stop growing there (a 2×50 row needs
/// about 800 px), though they keep their own least widths.
pub fn min_area_width(ui: &egui::Ui, variant: Variant) -> f32 {
    let frame = egui::Frame::central_panel(ui.style())
        .total_margin()
        .sum()
        .x;
    (frame + Geometry::unit_size(variant).x * MIN_PITCH_BESIDE).max(MIN_AREA_WIDTH)
}

/// Hole pitch the council beside the board leaves a short board where
/// there is room (Bao la Kimasai's, a short En Gehé row): its hole names
/// and row labels read at 12 px, where at [`MIN_PITCH`] they are 9 px.
const COMFORTABLE_PITCH: f32 = 40.0;
/// The most width [`comfortable_area_width`] asks for: a long row, short
/// of width at any pitch, keeps to [`min_area_width`].
const COMFORTABLE_MOST: f32 = 480.0;

/// The width of the board's area at `COMFORTABLE_PITCH` (at most
/// `COMFORTABLE_MOST`, at least [`min_area_width`]): the council beside
/// the board stops growing there, giving way to the board.
pub fn comfortable_area_width(ui: &egui::Ui, variant: Variant) -> f32 {
    let frame = egui::Frame::central_panel(ui.style())
        .total_margin()
        .sum()
        .x;
    (frame + Geometry::unit_size(variant).x * COMFORTABLE_PITCH)
        .min(COMFORTABLE_MOST)
        .max(min_area_width(ui, variant))
}

/// The least height the board's area needs: the lines around it and the
/// board at `MIN_PITCH`. Panels docked under the board stop growing there,
/// so a small window never squeezes the board into a sliver.
pub fn min_area_height(ui: &egui::Ui, variant: Variant) -> f32 {
    // The central panel's frame takes its margins off the board's room.
    let frame = egui::Frame::central_panel(ui.style())
        .total_margin()
        .sum()
        .y;
    frame + around_height(ui) + Geometry::board_size(variant, MIN_PITCH).y
}

/// The height the board's area can use when it is `width` wide: the lines
/// around the board and the board fitted to that width at `zoom` (a long
/// En Gehé row is short of width, and more height would stay empty).
pub fn fitted_area_height(ui: &egui::Ui, variant: Variant, width: f32, zoom: f32) -> f32 {
    let margins = egui::Frame::central_panel(ui.style()).total_margin().sum();
    margins.y + around_height(ui) + natural_height(variant, width - margins.x, zoom)
}

/// Draws the board area (side lines, board, status line). Returns commands.
pub fn board_ui(ui: &mut egui::Ui, settings: &Settings, rt: &mut Runtime) -> Vec<AppCommand> {
    let mut commands = Vec::new();
    let pos = *rt.shown_position();
    let animating = rt.animating();
    let hand = rt
        .shown_replay()
        .filter(|r| !r.at_end())
        .and_then(|r| r.next_seed().map(|(from, _)| (from, r.in_hand())));
    let (board, captured, reserve, phase_reserve) = match rt.shown_replay_mut() {
        Some(r) if !r.at_end() => {
            let before = r.trace.before;
            let phase_reserve = [before.reserve(Side::South), before.reserve(Side::North)];
            let mut reserve = phase_reserve;
            if r.trace.reserve_seed.is_some() {
                reserve[r.trace.mover.index()] -= 1;
            }
            (
                r.board().to_vec(),
                [before.captured(Side::South), before.captured(Side::North)],
                reserve,
                phase_reserve,
            )
        }
        _ => {
            let reserve = [pos.reserve(Side::South), pos.reserve(Side::North)];
            (
                pos.board().to_vec(),
                [pos.captured(Side::South), pos.captured(Side::North)],
                reserve,
                reserve,
            )
        }
    };
    let shown = Shown {
        board,
        pos,
        reserve,
        phase_reserve,
        hand,
    };
    let bottom = if settings.flipped {
        Side::North
    } else {
        Side::South
    };
    let top = bottom.opponent();

    let around = around_height(ui);
    let avail = ui.available_size();
    let unit = Geometry::unit_size(pos.variant());
    // The canvas is as tall as the board at this zoom, up to the room there is.
    let natural = natural_height(pos.variant(), avail.x, settings.zoom);
    let mut canvas_h = natural.min(avail.y - around).max(80.0);
    let steady = {
        let floor = around.max(lines_guess(ui, STEADY_LINES));
        let kept = ui
            .data(|d| d.get_temp::<(Vec2, f32)>(steady_id()))
            .filter(|&(size, _)| (size - avail).length() < 0.5)
            .map_or(floor, |(_, most)| most.max(floor));
        ui.data_mut(|d| d.insert_temp(steady_id(), (avail, kept)));
        kept
    };
    // Half the room the board and its lines leave, above the board.
    let centred = |canvas_h: f32| (avail.y - steady - canvas_h).max(0.0) / 2.0;
    let mut space_above = centred(canvas_h);
    // A finished game's result window is placed beside, above or under the
    // board where it fits. Where it fits nowhere (a short row fills the
    // width, its height leaving half the room above and half below), the
    // room goes under the board, the board shrinking to make it (not
    // below a readable pitch) while the window is shown, so that it hides
    // no hole.
    if let Some((window, compact)) = super::game_over::room_wanted(ui.ctx(), rt) {
        let pitch = fit_pitch_free(vec2(avail.x, canvas_h), pos.variant()) * settings.zoom;
        let beside = (avail.x - unit.x * pitch) / 2.0;
        // The window's frame and a little air.
        let wanted = window.y + 16.0;
        // A compact window (no table: Bao la Kimasai) narrows to fit a
        // gap beside the board (see `game_over::place`).
        let compact_gap = compact.then(|| super::game_over::narrowest_beside(ui.ctx()));
        let fits_beside = compact_gap.is_some_and(|gap| beside >= gap);
        if beside < window.x && !fits_beside && space_above < wanted {
            let least = Geometry::board_size(pos.variant(), MIN_PITCH).y;
            let under = (avail.y - around - wanted).min(canvas_h).max(least);
            // The room under the board: the board goes up only as far as
            // that takes (at the top it jumped a hundred pixels or more at
            // a game's end where a few made the room).
            let mut shrunk = (avail.y - around - under >= wanted).then(|| {
                let above = (avail.y - around - under - wanted).clamp(0.0, centred(under));
                (under, above)
            });
            // A board a little narrower leaves a compact window its gap,
            // where the room under the board took a quarter of its height
            // (and the window then went beside it all the same, the room
            // under the board left empty). It stays centred.
            if let Some(gap) = compact_gap {
                // (A pixel to spare: the window measures the gap anew.)
                let pitch_beside = (avail.x - 2.0 * (gap + 1.0)) / unit.x / settings.zoom;
                let height = Geometry::board_size(pos.variant(), pitch_beside)
                    .y
                    .min(canvas_h);
                if pitch_beside >= MIN_PITCH && shrunk.is_none_or(|(under, _)| height > under) {
                    shrunk = Some((height, centred(height)));
                }
            }
            if let Some((height, above)) = shrunk {
                canvas_h = height;
                space_above = above;
            }
        }
    }
    ui.add_space(space_above);
    let lines_top = ui.cursor().top();
    side_line(ui, rt, &shown, top, captured, reserve);
    let (canvas, bg) = ui.allocate_exact_size(vec2(avail.x, canvas_h), CANVAS_SENSE);
    let tip = board_canvas(
        ui,
        canvas,
        &bg,
        settings,
        rt,
        &shown,
        animating,
        &mut commands,
    );
    // A hole clicked to play ends a hole being typed: digits typed after
    // the click start afresh (a move landing on its own, the computer's,
    // keeps them; see MaasaiApp::keyboard).
    if commands
        .iter()
        .any(|c| matches!(c, AppCommand::PlayMove(_) | AppCommand::OfferBranch(_)))
    {
        rt.typed.clear();
    }
    side_line(ui, rt, &shown, bottom, captured, reserve);
    let status_top = ui.cursor().top();
    let live_turn = rt.game.current().turn();
    let computer_turn = settings.players[live_turn.index()].is_computer() && !rt.computer.paused;
    let paused_computer = settings.players[live_turn.index()].is_computer() && rt.computer.paused;
    status_line(ui, rt, &shown, computer_turn, paused_computer);
    rt.lines_foot = Some(ui.cursor().top());
    if let Some(tip) = tip {
        let rows = rt.board_area.map_or(canvas, |(_, rows)| rows);
        let edges = TipEdges {
            above: [lines_top, rows.top()],
            below: [ui.cursor().top(), status_top, rows.bottom()],
        };
        hole_tip(ui, tip, rows, edges);
    }
    // The status line and the note under it keep the room their longest
    // texts take at this width, whatever they say now: the panels under
    // the board (sized by these lines' height) moved up and down a line
    // as the status went from the live game's one row to an earlier
    // position's two, and the board with them.
    let used = ui.cursor().top() - status_top;
    let room = status_room(ui, ui.available_width());
    if used < room {
        ui.add_space(room - used);
    }
    // The lines' real height sizes the next frame's board and the panels
    // under it.
    keep_lines_height(
        ui,
        around_id(),
        ui.cursor().top() - lines_top - canvas_h,
        around,
    );
    commands
}

fn side_line(
    ui: &mut egui::Ui,
    rt: &Runtime,
    shown: &Shown,
    side: Side,
    captured: [u32; 2],
    reserve: [u32; 2],
) {
    let pos = &shown.pos;
    // One row whatever the area's width, what does not fit cut with "…"
    // (whole on hover): wrapped in a narrow area, the line above the board
    // took two rows while its side was to move ("• to move" makes it
    // longer) and one after, and the board jumped a line on every move.
    ui.horizontal(|ui| {
        // Nobody is to move once the game is over (the live analysis knows:
        // judging it here would mean settling every move each frame).
        let over = rt.live() && rt.result().is_some();
        let to_move = pos.turn() == side && !rt.animating() && !over;
        let mut text = egui::RichText::new(rt.team(side)).strong();
        if to_move {
            text = text.color(ui.visuals().selection.stroke.color);
        }
        cut_label(ui, text);
        if to_move {
            cut_label(
                ui,
                egui::RichText::new("• to move").color(ui.visuals().selection.stroke.color),
            );
        }
        match pos.variant() {
            Variant::EnGehe { holes } => {
                ui.separator();
                cut_label(
                    ui,
                    egui::RichText::new(format!(
                        "captured {}",
                        crate::engine::group_digits(captured[side.index()].into())
                    )),
                );
                ui.separator();
                let n = holes as usize;
                // The board on view, between seeds during a replay, with
                // the seeds in hand over their hole.
                let row = |s: Side| {
                    let first = s.index() * n;
                    let r = &shown.board[first..first + n];
                    row_tempo(
                        r.iter().enumerate().map(|(i, &c)| {
                            let held = shown
                                .hand
                                .filter(|&(hole, _)| hole == first + i)
                                .map_or(0, |(_, seeds)| seeds);
                            c as u64 + held
                        }),
                        n,
                    )
                };
                // Said, since the hole itself shows fewer seeds than the
                // tempo counts there.
                let in_hand = shown
                    .hand
                    .filter(|&(hole, seeds)| seeds > 0 && hole / n == side.index())
                    .map(|(hole, seeds)| {
                        let hole_name = pos.variant().hole_name(hole % n);
                        (
                            format!(
                                "+{} in hand at {hole_name}",
                                crate::engine::group_digits(seeds)
                            ),
                            format!(
                                "The tempo counts the {} in hand at {} {hole_name}, \
                                 the hole the hand is over.\n\n",
                                crate::engine::count_word(seeds as usize, "seed"),
                                side.title(),
                            ),
                        )
                    });
                tempo_labels(ui, side.title(), row(side), row(side.opponent()), in_hand);
            }
            Variant::BaoLaKimasai => {
                ui.separator();
                cut_label(
                    ui,
                    egui::RichText::new(format!(
                        "reserve {}",
                        crate::engine::group_digits(reserve[side.index()].into())
                    )),
                );
                ui.separator();
                let [a, b] = shown.phase_reserve;
                let mut phase =
                    crate::engine::bao_phase([u64::from(a), u64::from(b)], side).to_string();
                // The one move that withholds the reserve seed, said as
                // the editor and the diagram say it (the board alone did
                // not: an edited position's opening looked like any
                // herding move).
                if to_move && pos.opening() && shown.phase_reserve[side.index()] > 0 {
                    phase.push_str(&format!("; {}", crate::engine::OPENING_NOTE));
                }
                cut_label(ui, egui::RichText::new(phase));
            }
        }
    });
}

/// A label cut with "…" to what is left of a line's current row (whole on
/// hover), never sent to a row of its own. (A plain truncated label
/// measures the whole row's width in a wrapping layout, so it wrapped
/// whole onto the next row instead of being cut.)
fn cut_label(ui: &mut egui::Ui, text: egui::RichText) -> egui::Response {
    let room = ui.available_size_before_wrap().x.max(0.0);
    let height = ui.text_style_height(&egui::TextStyle::Body);
    // Where not even "…" fits, nothing is shown and no room is taken: a
    // label there drew its "…" past the area's edge (and even an empty
    // one took the row's spacing beyond it), which widened the area, and
    // the status line under the board wrapped that much wider and was cut.
    let ellipsis = super::text_width(ui, "…");
    if room < ellipsis {
        return ui.interact(egui::Rect::NOTHING, ui.next_auto_id(), egui::Sense::hover());
    }
    ui.allocate_ui_with_layout(
        vec2(room, height),
        egui::Layout::left_to_right(egui::Align::Center),
        |ui| {
            ui.set_max_width(room);
            ui.add(egui::Label::new(text).truncate())
        },
    )
    .inner
}

/// A side's tempo and its standing against the other side's (En Gehé),
/// with a note on seeds in hand (the note, and what its hover says first).
fn tempo_labels(
    ui: &mut egui::Ui,
    name: &str,
    own: u64,
    other: u64,
    in_hand: Option<(String, String)>,
) {
    let (count, _) = tempo_words(name, own, other);
    cut_label(ui, egui::RichText::new(count)).on_hover_text(TEMPO_HELP);
    // One note, cut rather than wrapped (whole on hover): its length
    // changes as seeds are sown, and a line that wraps and unwraps moves
    // the board under it.
    let (hover, held) = match in_hand {
        Some((held, why)) => (format!("{why}{TEMPO_HELP}"), Some(held)),
        None => (TEMPO_HELP.to_string(), None),
    };
    let notes = tempo_notes(name, held.as_deref(), own, other);
    let room = ui.available_size_before_wrap().x;
    let fits = |text: &str| super::text_width(ui, egui::RichText::new(text).weak()) <= room;
    if let Some(text) = notes.iter().find(|t| fits(t)) {
        // Cut, the hover says it whole first.
        let hover = if *text == notes[0] {
            hover
        } else {
            format!("{}\n\n{hover}", notes[0])
        };
        cut_label(ui, egui::RichText::new(text).weak()).on_hover_text(hover);
    }
}

/// A side's tempo note, whole (its standing and the seeds in hand,
/// `held`), then shorter, each shorter than the one before, for the first
/// that fits its line: the standing in fewest words with the seeds in
/// hand ("(deficit 2; +2 in hand at 3)"), the whole cut by words but never
/// into its standing, the standing in fewest words ("(deficit 2)"), then
/// signed ("(−2)"). Cut by letters it read "(North's tem…", and cut by
/// words "(North's…)": the number went first either way.
fn tempo_notes(name: &str, held: Option<&str>, own: u64, other: u64) -> Vec<String> {
    let [standing, short, signed] = super::editor::tempo_standings(name, own, other);
    let whole = match held {
        Some(held) => format!("{standing}; {held}"),
        None => standing.clone(),
    };
    let words: Vec<&str> = whole.split(' ').collect();
    let standing_words = standing.split(' ').count();
    let mut notes = vec![format!("({whole})")];
    notes.extend(held.map(|held| format!("({short}; {held})")));
    notes.extend((standing_words..words.len()).rev().map(|k| {
        let kept = words[..k].join(" ");
        format!("({}…)", kept.trim_end_matches([';', ',']))
    }));
    notes.push(format!("({short})"));
    notes.push(format!("({signed})"));
    // Only what is shorter than every form before it could fit where
    // those did not.
    let mut kept: Vec<String> = Vec::new();
    for note in notes {
        if kept
            .last()
            .is_none_or(|last| note.chars().count() < last.chars().count())
        {
            kept.push(note);
        }
    }
    kept
}

/// The longest status lines, as [`status_line`] writes them (its numbers
/// at three digits): the room under the board is kept for these.
const LONGEST_STATUS: [&str; 2] = [
    "Viewing the position after move 888 of 888 — click a hole to play from here instead, \
     or press End or pick the last move to return origin=skip",
    "Paused in move 888 (hole 88): lap 888 of 888, seed 8888 of 8888 — Space plays on, \
     End or a click on the board finishes it origin=skip",
];

/// The height the status line and the note under it take at `width` with
/// their longest texts: [`LONGEST_STATUS`] and [`NOTE_ROWS`] rows.
fn status_room(ui: &egui::Ui, width: f32) -> f32 {
    let font = egui::TextStyle::Body.resolve(ui.style());
    let colour = ui.visuals().text_color();
    let (status, row) = ui.fonts_mut(|f| {
        let rows = LONGEST_STATUS
            .iter()
            .map(|text| {
                f.layout(text.to_string(), font.clone(), colour, width.max(1.0))
                    .rows
                    .len()
            })
            .max()
            .unwrap_or(1);
        (rows, f.row_height(&font))
    });
    let spacing = ui.spacing().item_spacing.y;
    (status + NOTE_ROWS) as f32 * row + 2.0 * spacing
}

fn status_line(
    ui: &mut egui::Ui,
    rt: &Runtime,
    shown: &Shown,
    computer_turn: bool,
    paused_computer: bool,
) {
    let pos = &shown.pos;
    // The one rule option a position carries: without a word here nothing
    // on screen said it was on (nor while a move was sown or stepped, when
    // a long lap passing over its hole is what the reader follows).
    let origin_note = |ui: &mut egui::Ui| {
        if pos.origin() == crate::engine::OriginRule::Skip {
            ui.weak("origin=skip").on_hover_text(
                "Long laps pass over the hole they started from (the rules' origin option)",
            );
        }
    };
    ui.horizontal_wrapped(|ui| {
        let moves = rt.game.moves().len();
        if let Some(r) = rt.shown_replay().filter(|r| !r.at_end()) {
            // Said here, next to the board, as well as in the strip at the
            // window's foot (cut short in a narrow window, far from a wide board).
            // A paused sowing says so, and how to go on, rather than
            // reading as one still under way.
            let (doing, how) = if r.playing {
                ("Sowing", "press End or click the board to finish it")
            } else {
                (
                    "Paused in",
                    "Space plays on, End or a click on the board finishes it",
                )
            };
            ui.label(format!(
                "{doing} {}: {}, {} — {how}",
                r.move_label(),
                r.lap_counter(),
                r.seed_counter()
            ));
            origin_note(ui);
        } else if rt.live() {
            // A finished game has no next move to number.
            let heading = if rt.result().is_some() {
                format!(
                    "Game over after {} — {}",
                    crate::engine::count_word(moves, "move"),
                    pos.variant().title()
                )
            } else {
                format!("Move {} — {}", moves + 1, pos.variant().title())
            };
            ui.label(heading);
            origin_note(ui);
            match rt.result() {
                Some(r) => {
                    ui.strong(rt.describe_result(&r));
                }
                None if rt.live_analysis().is_none() => {
                    super::busy::spinner(ui);
                    ui.label("checking which moves end…");
                }
                None if rt.move_wait.is_some() => {
                    let why = rt.move_wait.as_deref().unwrap_or_default();
                    ui.label(format!("{}.", super::capitalised(why)));
                }
                // Behind a dialog (the resume offer at start, say) no
                // computer thinks: it waits for the answer.
                None if computer_turn && rt.board_inert => {
                    ui.label(format!(
                        "{} to move: the computer waits until the window above is answered",
                        rt.names[pos.turn().index()]
                    ));
                }
                None if computer_turn => {
                    super::busy::spinner(ui);
                    ui.label(format!(
                        "{} to move: the computer is thinking",
                        rt.names[pos.turn().index()]
                    ));
                }
                // A person may move for a paused computer, but the line
                // read as if the side were a person's (after a game was
                // opened, the computer is paused on it).
                None if paused_computer => {
                    ui.label(format!(
                        "{} to move: its computer is paused (Resume computer), or click a hole \
                         to play for it",
                        rt.names[pos.turn().index()]
                    ));
                }
                None => {
                    ui.label(format!(
                        "{} to move: click a hole or type its {} and press Enter",
                        rt.names[pos.turn().index()],
                        if pos.variant().is_en_gehe() {
                            "number"
                        } else {
                            "name"
                        }
                    ));
                }
            }
        } else {
            let which = match rt.view {
                0 => "the start position".to_string(),
                n => format!("the position after move {n} of {moves}"),
            };
            ui.label(format!(
                "Viewing {which} — click a hole to play from here instead, or press End or pick the last move to return"
            ));
            origin_note(ui);
        }
        if !rt.typed.is_empty() {
            ui.separator();
            ui.strong(format!("typed: {}", rt.typed));
        }
    });
    // At most two lines (whole on hover): a notice naming a long path
    // wrapped to four and moved the board up under it. (A failure's
    // whole text is in its message window too.)
    if let Some(n) = &rt.notice {
        // A report of what was done reads plainly; a refusal warns.
        let colour = if n.report {
            ui.visuals().text_color()
        } else {
            ui.visuals().warn_fg_color
        };
        two_lines(ui, egui::RichText::new(&**n).color(colour));
    } else if let Some(r) = rt.shown_replay().filter(|r| !r.at_end()) {
        two_lines(ui, egui::RichText::new(r.caption()).italics());
    } else if let Some(p) = preview_under_board(rt) {
        two_lines(ui, egui::RichText::new(&p.text));
    } else if let Some(r) = rt.shown_replay() {
        // How the move on view ended, whole (the strip at the window's
        // foot cuts it to its row).
        let mut heading = r.move_label();
        heading[..1].make_ascii_uppercase();
        two_lines(
            ui,
            egui::RichText::new(format!("{heading} — {}", r.caption())).italics(),
        );
    } else {
        two_lines(
            ui,
            egui::RichText::new("Hover a hole to preview its move.").weak(),
        );
    }
}

/// The move preview the line under the status line says: the live
/// position's, unless a notice or a sowing on view holds that line.
fn preview_under_board(rt: &Runtime) -> Option<&super::state::Preview> {
    let sowing = rt.shown_replay().is_some_and(|r| !r.at_end());
    rt.preview
        .as_ref()
        .filter(|_| rt.notice.is_none() && !sowing && rt.live())
        .filter(|p| p.key == rt.game.current().key())
}

/// Lines of text under the board that must not push it about: at most
/// this many rows, the rest elided (the whole on hover).
const NOTE_ROWS: usize = 2;

/// `text` wrapped to the width of `ui` in at most [`NOTE_ROWS`] rows.
fn two_lines(ui: &mut egui::Ui, text: egui::RichText) -> egui::Response {
    let mut job = std::sync::Arc::unwrap_or_clone(egui::WidgetText::from(text).into_layout_job(
        ui.style(),
        egui::FontSelection::Default,
        egui::Align::Center,
    ));
    job.wrap.max_rows = NOTE_ROWS;
    // A plain vertical scope: in a wrapping row a label measures the
    // whole row and ignores the rows it is given.
    ui.vertical(|ui| ui.add(egui::Label::new(job).wrap())).inner
}

/// Zoom with ctrl+wheel or pinch, pan by dragging or scrolling; then the
/// board's geometry for this frame and the plank painted.
#[allow(clippy::too_many_arguments)]
fn plank(
    ui: &egui::Ui,
    canvas: Rect,
    bg: &egui::Response,
    settings: &Settings,
    pan: &mut Vec2,
    variant: Variant,
    pal: &Palette,
    commands: &mut Vec<AppCommand>,
) -> (Geometry, egui::Painter) {
    let size = Geometry::board_size(variant, fit_pitch(canvas.size(), variant) * settings.zoom);
    let max_pan = ((size - canvas.size()) / 2.0).max(Vec2::ZERO);
    // (`contains_pointer` holds behind a dialog too, where the board is
    // disabled or under a modal's shade: the wheel is not the board's then.)
    let usable = ui.is_enabled() && ui.ctx().memory(|m| m.allows_interaction(ui.layer_id()));
    if (bg.hovered() || bg.contains_pointer()) && usable {
        let (zoom, scroll) = ui.input(|i| (i.zoom_delta(), i.smooth_scroll_delta()));
        if zoom != 1.0 {
            let anchor = ui
                .input(|i| i.pointer.hover_pos())
                .map_or(Vec2::ZERO, |p| p - canvas.center());
            commands.push(AppCommand::ZoomBy {
                factor: zoom,
                anchor,
            });
        } else if scroll != Vec2::ZERO {
            // The ordinary wheel scrolls a board taller than its room up
            // and down; otherwise (a long row) sideways.
            let delta = if max_pan.y > 0.0 {
                scroll
            } else {
                vec2(scroll.x + scroll.y, 0.0)
            };
            commands.push(AppCommand::Pan(delta));
        }
    }
    if bg.dragged() {
        commands.push(AppCommand::Pan(bg.drag_delta()));
    }
    *pan = pan.clamp(-max_pan, max_pan);
    let geo = Geometry::new(canvas, variant, settings.flipped, settings.zoom, *pan);
    let painter = ui.painter_at(canvas);
    painter.rect_filled(
        geo.rect(),
        egui::CornerRadius::same((0.35 * geo.pitch).min(60.0) as u8),
        pal.plank,
    );
    (geo, painter)
}

/// A board that runs past its area's edge (a 2×50 row beside several
/// panels, or zoomed in) shows so at that edge: the board fades into the
/// panel's colour under an arrow, the way to pan (drag or wheel). One
/// edge's cue: the fade's corners (the first two on the edge, opaque; the
/// others inside, clear) and the arrow's three points (its tip first).
#[derive(Clone, Debug, PartialEq)]
pub struct PanCue {
    pub fade: [Pos2; 4],
    pub arrow: [Pos2; 3],
}

/// The cues of the edges `geo`'s board runs past in `canvas`. `name_width`
/// is the widest hole name's: an arrow at the top or bottom edge (where
/// the outer rows' names are) points from between two names, never over
/// one. (The names are drawn over the fades: at the top and bottom edges
/// the fade lies across a whole row of names.)
pub fn pan_cues(geo: &Geometry, canvas: Rect, name_width: f32) -> Vec<PanCue> {
    let board = geo.rect();
    let band = board.intersect(canvas);
    if band.height() <= 0.0 || band.width() <= 0.0 {
        return Vec::new();
    }
    let p = geo.pitch;
    let cols = match geo.variant {
        Variant::EnGehe { holes } => holes as usize,
        Variant::BaoLaKimasai => BAO_ROW,
    };
    // Each edge: how much of the board lies past it, and the way inward.
    let edges = [
        (canvas.left() - board.left(), vec2(1.0, 0.0)),
        (board.right() - canvas.right(), vec2(-1.0, 0.0)),
        (canvas.top() - board.top(), vec2(0.0, 1.0)),
        (board.bottom() - canvas.bottom(), vec2(0.0, -1.0)),
    ];
    let mut cues = Vec::new();
    for (hidden, inward) in edges {
        if hidden < 1.0 {
            continue;
        }
        // The edge's midpoint, and the band's extent along the edge.
        let across = vec2(inward.y.abs(), inward.x.abs());
        let (mid, half_len, depth, arrow_at, half_w) = if inward.x != 0.0 {
            let x = if inward.x > 0.0 {
                band.left()
            } else {
                band.right()
            };
            let mid = Pos2::new(x, band.center().y);
            (
                mid,
                band.height() / 2.0,
                28.0_f32.min(band.width() / 4.0),
                mid,
                9.0,
            )
        } else {
            let y = if inward.y > 0.0 {
                band.top()
            } else {
                band.bottom()
            };
            let mid = Pos2::new(band.center().x, y);
            // The arrow stands on the line between two holes nearest the
            // middle (in view), as wide as the room between their names.
            let first = geo.col_left(0);
            let k = ((band.center().x - first) / p).round();
            let k_lo = ((band.left() - first) / p).ceil().max(1.0);
            let k_hi = ((band.right() - first) / p).floor().min(cols as f32 - 1.0);
            let x = if k_lo <= k_hi {
                geo.col_left(0) + k.clamp(k_lo, k_hi) * p
            } else {
                band.center().x
            };
            let half_w = ((p - name_width) / 2.0 - 1.0).clamp(3.0, 9.0);
            (
                mid,
                band.width() / 2.0,
                28.0_f32.min(band.height() / 4.0),
                Pos2::new(x, y),
                half_w,
            )
        };
        let edge_a = mid - across * half_len;
        let edge_b = mid + across * half_len;
        // The arrow points the way the hidden part lies.
        let tip = arrow_at + inward * 4.0;
        let back = tip + inward * 10.0;
        cues.push(PanCue {
            fade: [
                edge_a,
                edge_b,
                edge_b + inward * depth,
                edge_a + inward * depth,
            ],
            arrow: [tip, back - across * half_w, back + across * half_w],
        });
    }
    cues
}

/// Paints the fades of `cues` (under the names, see [`pan_cues`]).
fn paint_pan_fades(ui: &egui::Ui, painter: &egui::Painter, cues: &[PanCue]) {
    let bg = ui.visuals().panel_fill;
    let clear = Color32::from_rgba_unmultiplied(bg.r(), bg.g(), bg.b(), 0);
    for cue in cues {
        let mut mesh = egui::Mesh::default();
        for (k, &at) in cue.fade.iter().enumerate() {
            mesh.colored_vertex(at, if k < 2 { bg } else { clear });
        }
        mesh.add_triangle(0, 1, 2);
        mesh.add_triangle(0, 2, 3);
        painter.add(mesh);
    }
}

/// `badge` moved off the pan arrows of `cues` it lies under, into the
/// board (the arrow points out of it): "+5" over hole 3 at the left edge
/// was half under the ◀.
fn clear_of_arrows(mut badge: Rect, cues: &[PanCue]) -> Rect {
    for cue in cues {
        let arrow = Rect::from_points(&cue.arrow).expand(2.0);
        if !badge.intersects(arrow) {
            continue;
        }
        // From the tip back to the base: into the board.
        let inward = cue.arrow[1].lerp(cue.arrow[2], 0.5) - cue.arrow[0];
        let shift = if inward.x.abs() >= inward.y.abs() {
            if inward.x > 0.0 {
                vec2(arrow.right() - badge.left(), 0.0)
            } else {
                vec2(arrow.left() - badge.right(), 0.0)
            }
        } else if inward.y > 0.0 {
            vec2(0.0, arrow.bottom() - badge.top())
        } else {
            vec2(0.0, arrow.top() - badge.bottom())
        };
        badge = badge.translate(shift);
    }
    badge
}

/// Paints the arrows of `cues`, over everything.
fn paint_pan_arrows(ui: &egui::Ui, painter: &egui::Painter, cues: &[PanCue]) {
    let arrow = ui.visuals().strong_text_color();
    for cue in cues {
        painter.add(egui::Shape::convex_polygon(
            cue.arrow.to_vec(),
            arrow,
            Stroke::NONE,
        ));
    }
}

/// The widest hole name's width at the board's pitch.
fn name_width(painter: &egui::Painter, geo: &Geometry, pal: &Palette) -> f32 {
    let widest = match geo.variant {
        Variant::EnGehe { holes } => geo.variant.hole_name(holes as usize - 1),
        Variant::BaoLaKimasai => geo.variant.hole_name(BAO_ROW),
    };
    painter
        .layout_no_wrap(widest, fonts(geo.pitch).1, pal.label)
        .size()
        .x
}

/// Fonts of the hole counts and labels at this pitch.
fn fonts(p: f32) -> (FontId, FontId) {
    (
        FontId::proportional((0.36 * p).clamp(10.0, 30.0)),
        FontId::proportional((0.3 * p).clamp(9.0, 22.0)),
    )
}

/// Paints one hole with its seeds and count (its name: [`paint_names`]); returns its rectangle
/// and corner radius (for rings).
fn paint_hole(
    painter: &egui::Painter,
    geo: &Geometry,
    pal: &Palette,
    side: Side,
    index: usize,
    count: u64,
) -> (Rect, egui::CornerRadius) {
    let count_font = fonts(geo.pitch).0;
    let rect = geo.hole_rect(side, index);
    let inner = !geo.variant.is_en_gehe() && index < BAO_ROW;
    let radius = egui::CornerRadius::same((0.42 * rect.width()).min(100.0) as u8);
    painter.rect_filled(rect, radius, if inner { pal.inner_hole } else { pal.hole });
    // A count too wide for its hole (four or five digits on a 2×50 board)
    // is set smaller rather than run into the next hole; where that would
    // be too small to read it runs up the hole instead, in place of the
    // pile (which says nothing at such counts).
    // (Laid out once; only a count that does not fit again.)
    // Grouped as every count the window prints ("60,000").
    let text = crate::engine::group_digits(count);
    let mut galley = painter.layout_no_wrap(text.clone(), count_font.clone(), pal.count);
    // The count sits low, where the hole's rounded foot narrows it (and a
    // selection ring is drawn just inside): it keeps clear of the walls.
    let room = 0.8 * rect.width();
    let fits = galley.size().x <= room;
    let shrunk = count_font.size * room / galley.size().x;
    if !fits && shrunk >= MIN_COUNT_FONT {
        let smaller = FontId::new(shrunk, count_font.family.clone());
        galley = painter.layout_no_wrap(text, smaller, pal.count);
    } else if !fits {
        // Along the hole: as long as 90 % of its height allows, as tall as
        // its width allows, never larger than the upright count.
        let along = count_font.size * 0.9 * rect.height() / galley.size().x;
        let across = count_font.size * 0.9 * rect.width() / galley.size().y;
        let size = along.min(across).min(count_font.size);
        let galley = painter.layout_no_wrap(text, FontId::new(size, count_font.family), pal.count);
        let at = rect.center() - galley.size() / 2.0;
        if cut_by_side_edge(rect, painter.clip_rect()) {
            return (rect, radius);
        }
        painter.add(
            egui::epaint::TextShape::new(at, galley, pal.count)
                .with_angle_and_anchor(-std::f32::consts::FRAC_PI_2, Align2::CENTER_CENTER),
        );
        return (rect, radius);
    }
    let pebble_area = Rect::from_min_size(rect.min, vec2(rect.width(), rect.width()))
        .translate(vec2(0.0, 0.04 * rect.width()));
    draw_pebbles(painter, pebble_area, count.min(u32::MAX as u64) as u32, pal);
    let mut count_pos = pos2(rect.center().x, rect.bottom() - 0.25 * rect.width());
    // Inside the hole, even where the font has stopped shrinking.
    count_pos.y = count_pos.y.min(rect.bottom() - 0.5 * galley.size().y);
    // Not cut by the area's left or right edge: "4" of a panned row's 14
    // read as a count of 4 (the pebbles in view still show).
    let at = count_pos - galley.size() / 2.0;
    if !ink_cut_by_side_edge(at, &galley, painter.clip_rect()) {
        painter.galley(at, galley, pal.count);
    }
    (rect, radius)
}

/// Whether the left or right edge of `area` cuts into `text`'s glyphs (a
/// number cut there reads as another number). A text's rectangle has a
/// little room beside its glyphs: a fifth of its height may go.
fn cut_by_side_edge(text: Rect, area: Rect) -> bool {
    let room = 0.2 * text.height();
    text.left() < area.left() - room || text.right() > area.right() + room
}

/// Whether the left or right edge of `area` cuts into the ink of `galley`
/// painted at `at`: its glyphs' own bounds, not its rectangle's, whose
/// room beside them let a large "4" lose its right half.
fn ink_cut_by_side_edge(at: Pos2, galley: &egui::Galley, area: Rect) -> bool {
    let ink = galley.mesh_bounds.translate(at.to_vec2());
    ink.left() < area.left() - 0.5 || ink.right() > area.right() + 0.5
}

/// The room around the text of the badge of the seeds in hand.
const BADGE_PAD: Vec2 = vec2(10.0, 3.0);

/// The smallest size a count is set upright in; below it, it runs up the
/// hole (see [`paint_hole`]).
const MIN_COUNT_FONT: f32 = 9.0;

/// Every hole's name (number) beside it, and Bao la Kimasai's reserve
/// and row labels: painted after the fades at the area's edges, so that a
/// row of names at a faded edge still reads.
///
/// A name the area's top or bottom edge cuts off (zoomed in, in a low
/// area) while its hole is in view is pinned inside that edge on a tag of
/// the plank's colour, so the holes in view keep their numbers.
fn paint_names(painter: &egui::Painter, geo: &Geometry, pal: &Palette, canvas: Rect) {
    let label_font = fonts(geo.pitch).1;
    let n = geo.variant.holes_per_side();
    for side in Side::BOTH {
        for index in 0..n {
            let galley =
                painter.layout_no_wrap(geo.variant.hole_name(index), label_font.clone(), pal.label);
            let Some((at, pinned)) = geo.name_in_view(side, index, canvas) else {
                continue;
            };
            let text = Rect::from_center_size(at, galley.size());
            // A name the area's left or right edge would cut is left out
            // (its hole is half out of view too): "4" alone at the edge
            // of a panned row read as hole 4, not 45.
            if ink_cut_by_side_edge(text.min, &galley, canvas) {
                continue;
            }
            if pinned {
                painter.rect_filled(
                    text.expand2(vec2(2.0, 0.0)),
                    egui::CornerRadius::same(3),
                    pal.plank,
                );
            }
            painter.galley(text.min, galley, pal.label);
        }
    }
    if !geo.variant.is_en_gehe() {
        paint_reserve_labels(painter, geo, pal);
    }
}

/// The highlight ring around a hole (target, last sown, selection...), if any.
fn paint_ring(
    painter: &egui::Painter,
    rect: Rect,
    radius: egui::CornerRadius,
    ring: Option<(Color32, f32)>,
) {
    if let Some((color, width)) = ring {
        painter.rect_stroke(
            rect,
            radius,
            Stroke::new(width.max(1.5), color),
            StrokeKind::Outside,
        );
    }
}

/// Bao la Kimasai: both reserve piles (their labels and the row names are
/// drawn by [`paint_reserve_labels`]).
fn paint_reserves(painter: &egui::Painter, geo: &Geometry, pal: &Palette, reserve: [u64; 2]) {
    let p = geo.pitch;
    let count_font = fonts(p).0;
    for side in Side::BOTH {
        let rect = geo.reserve_rect(side);
        painter.rect_filled(
            rect,
            egui::CornerRadius::same((0.3 * p).min(60.0) as u8),
            pal.hole,
        );
        let area = Rect::from_center_size(
            rect.center() - vec2(0.0, 0.15 * rect.height()),
            vec2(rect.width(), rect.width()),
        );
        let seeds = reserve[side.index()];
        draw_pebbles(painter, area, seeds.min(u32::MAX as u64) as u32, pal);
        painter.text(
            pos2(rect.center().x, rect.bottom() - 0.35 * p),
            Align2::CENTER_CENTER,
            crate::engine::group_digits(seeds),
            count_font.clone(),
            pal.count,
        );
    }
}

/// Bao la Kimasai: the reserves' labels and the row names (drawn with the
/// hole names, see [`paint_names`]).
fn paint_reserve_labels(painter: &egui::Painter, geo: &Geometry, pal: &Palette) {
    let p = geo.pitch;
    let label_font = fonts(p).1;
    for side in Side::BOTH {
        let rect = geo.reserve_rect(side);
        let above = side != geo.bottom_side();
        let label_y = if above {
            rect.top() - 0.28 * p
        } else {
            rect.bottom() + 0.28 * p
        };
        painter.text(
            pos2(rect.center().x, label_y),
            Align2::CENTER_CENTER,
            "reserve",
            label_font.clone(),
            pal.label,
        );
        // Row names at the right end, in the 0.9 pitch left for them: short
        // names where the whole ones would not fit.
        let fits = |name: &str| {
            let width = painter
                .layout_no_wrap(name.into(), label_font.clone(), pal.label)
                .size()
                .x;
            width <= 0.88 * p
        };
        let (inner_name, outer_name) = if fits("outer") && fits("inner") {
            ("inner", "outer")
        } else {
            ("in", "out")
        };
        for inner in [true, false] {
            let index = if inner { BAO_ROW - 1 } else { BAO_ROW };
            let hole = geo.hole_rect(side, index);
            let x = geo.rect().right() - 0.45 * p;
            painter.text(
                pos2(x, hole.center().y),
                Align2::CENTER_CENTER,
                if inner { inner_name } else { outer_name },
                label_font.clone(),
                pal.label,
            );
        }
    }
}

/// Paints the board and takes its clicks; returns the hover text of the
/// hole under the pointer, if any, for [`hole_tip`] to place once the
/// lines around the board are laid out.
#[allow(clippy::too_many_arguments)]
fn board_canvas(
    ui: &mut egui::Ui,
    canvas: Rect,
    bg: &egui::Response,
    settings: &Settings,
    rt: &mut Runtime,
    shown: &Shown,
    animating: bool,
    commands: &mut Vec<AppCommand>,
) -> Option<HoleTip> {
    let pos = &shown.pos;
    let variant = pos.variant();
    let pal = Palette::new(ui.visuals().dark_mode);

    let (geo, painter) = plank(
        ui,
        canvas,
        bg,
        settings,
        &mut rt.pan,
        variant,
        &pal,
        commands,
    );
    if bg.clicked() && animating {
        commands.push(AppCommand::FinishAnimation);
    }
    // Where the board lies in its area: the result window keeps off it.
    let area = Some((ui.max_rect(), geo.rect().intersect(canvas)));
    rt.board_area_unsettled = if rt.board_area == area {
        0
    } else {
        rt.board_area_unsettled.saturating_add(1)
    };
    rt.board_area = area;
    let p = geo.pitch;

    // Replay highlights.
    let replay = rt.shown_replay().filter(|r| !r.at_end());
    let mut lift_hole = None;
    let mut raided_hole = None;
    let mut last_sown = None;
    let mut flying = None;
    let mut hand = None;
    let mut capture_fly = None;
    let mut capture_facing = None;
    // At the end of a replay the hole where the move ended stays ringed
    // (it was ringed as the last seed fell, and a move that captures
    // nothing would otherwise leave no mark of where it ended).
    if let Some(r) = rt.shown_replay().filter(|r| r.at_end())
        && let Some(lap) = r.trace.laps.last()
    {
        last_sown = lap.sown.last();
    }
    if let Some(r) = replay {
        let lap = r.lap();
        match lap.kind {
            LapKind::Lift { from } => lift_hole = Some(from),
            LapKind::Raid { from, trigger } => {
                raided_hole = Some(from);
                lift_hole = Some(trigger);
            }
        }
        let k = r.sown_in_lap() as usize;
        if k > 0 {
            last_sown = lap.sown.get(k - 1);
        }
        if let Some((from, to)) = r.next_seed() {
            hand = Some((from, r.in_hand()));
            if r.playing {
                flying = Some((from, to, r.phase));
            }
        }
        if r.capture_next()
            && let Some(c) = r.trace.capture
        {
            // The seeds to be taken: the facing hole is ringed as a raided
            // one is (the last seed's hole keeps its ring), and only while
            // the step plays do seeds fly home: a pebble drawn in a hole
            // at rest showed one seed more than its count.
            capture_facing = Some(c.facing);
            if r.playing {
                capture_fly = Some((c, r.trace.mover, r.phase));
            }
        }
    }

    // Playability and the hover preview of the live position.
    let live_turn = pos.turn();
    // A running computer player owns its turn: its holes are not buttons.
    let computer_turn = settings.players[live_turn.index()].is_computer() && !rt.computer.paused;
    // Holes a person could play once the sowing on view has ended.
    let clickable_when_sown =
        rt.live() && !computer_turn && !rt.board_inert && rt.move_wait.is_none();
    let can_click_holes = clickable_when_sown && !animating;
    let mut hovered_move: Option<Move> = None;
    // A hole by a menu's or a window's edge is not hovered through it.
    let pointer_here = super::pointer_on_layer(ui);
    let (_, label_font) = fonts(p);
    let id = ui.make_persistent_id("board-holes");

    let n = pos.holes_per_side();
    let preview = rt
        .preview
        .as_ref()
        .filter(|pr| can_click_holes && pr.key == rt.game.current().key())
        .cloned();
    let mut tip = None;
    for side in Side::BOTH {
        for index in 0..n {
            let bi = side.index() * n + index;
            if !geo.hole_rect(side, index).intersects(canvas) {
                continue;
            }
            let count = shown.board[bi] as u32;
            let mv = Move(index as u8);
            let own = side == live_turn;
            let playable = can_click_holes && own && rt.can_play(mv);
            let endless = can_click_holes && own && rt.is_endless(mv);
            let (rect, radius) = paint_hole(&painter, &geo, &pal, side, index, count as u64);
            let name = variant.hole_name(index);
            // In the board's upper half: its hover text goes above the board.
            let upper = rect.center().y < geo.rect().center().y;

            // Interaction: every hole reports itself for accessibility and tests.
            // Clicks on an earlier position are taken too, to say why they
            // play nothing. Clicks only, no keyboard focus: a hole is played
            // from the keyboard by typing its name and Enter, and one
            // reached with Tab showed no mark while Space (meant to play the
            // sowing) played it.
            let sense = if playable || animating || !rt.live() {
                Sense::CLICK
            } else {
                Sense::hover()
            };
            let resp = interact_in_sight(ui, painter.clip_rect(), rect, id.with(bi), sense);
            let hovered = resp.hovered() && pointer_here;
            // A click on a hole that cannot be played (it falls through to
            // the board) says why, rather than doing nothing.
            if !playable
                && rt.live()
                && !animating
                && !rt.board_inert
                && bg.clicked()
                && bg
                    .interact_pointer_pos()
                    .is_some_and(|at| rect.contains(at))
            {
                let why = if rt.result().is_some() {
                    Some("The game is over: nobody is to move".to_string())
                } else if let Some(wait) = &rt.move_wait {
                    Some(wait.clone())
                } else if computer_turn {
                    Some(rt.computer_plays(live_turn))
                } else if side != live_turn {
                    Some(format!(
                        "That hole is {}: {} is to move",
                        rt.team_possessive(side),
                        rt.team(live_turn)
                    ))
                } else if endless {
                    Some(format!(
                        "{} {name} never ends, so it cannot be played",
                        rt.team(side)
                    ))
                } else if count == 0 {
                    Some(super::state::empty_hole_notice(side, &name))
                } else {
                    if rt.live_analysis().is_none() {
                        // The moves are still being checked: the click
                        // goes on as a typed move does (played if it ends
                        // at once, else held and said so).
                        commands.push(AppCommand::PlayMove(mv));
                    }
                    None
                };
                if let Some(why) = why {
                    commands.push(AppCommand::Notice(why.into()));
                }
            }
            let label = format!(
                "{} {}: {} seed{}{}",
                side.title(),
                name,
                count,
                if count == 1 { "" } else { "s" },
                if endless { ", endless" } else { "" }
            );
            resp.widget_info(|| {
                egui::WidgetInfo::labeled(
                    egui::accesskit::Role::Button,
                    playable || animating,
                    &label,
                )
            });
            let mut ring: Option<(Color32, f32)> = None;
            if playable {
                ring = Some((pal.playable, 0.05 * p));
            }
            if endless {
                ring = Some((pal.taken, 0.05 * p));
                // A badge on the hole's corner, clear of the pebbles: drawn
                // among them in their colour it was hard to see.
                let (at, radius) = geo.endless_badge(side, index);
                painter.circle(at, radius, pal.taken, Stroke::new(1.0, pal.plank));
                // Drawn as a lemniscate: the fonts' ∞ glyph is small and
                // thin at this size.
                let a = 0.75 * radius;
                let loop_points = (0..40)
                    .map(|k| {
                        let t = k as f32 / 40.0 * std::f32::consts::TAU;
                        let d = 1.0 + t.sin() * t.sin();
                        at + vec2(a * t.cos() / d, a * t.sin() * t.cos() / d)
                    })
                    .collect();
                painter.add(egui::Shape::closed_line(
                    loop_points,
                    Stroke::new((0.14 * radius).max(1.5), Color32::WHITE),
                ));
            }
            if hovered && (playable || endless) {
                hovered_move = Some(mv);
                // An endless hole keeps its red ring, thickened: the hover
                // colour of a playable hole would say it can be played.
                let colour = if endless { pal.taken } else { pal.hover };
                ring = Some((colour, 0.09 * p));
            }
            if lift_hole == Some(bi) {
                ring = Some((pal.lift, 0.1 * p));
            }
            if raided_hole == Some(bi) || capture_facing == Some(bi) {
                ring = Some((pal.taken, 0.1 * p));
            }
            if last_sown == Some(bi) {
                ring = Some((pal.target, 0.1 * p));
            }
            // The hovered move's rings over the ring left where the last
            // move ended (a preview is only shown once its replay is at
            // its end): that hole may be the very one the move raids.
            if let Some(pr) = &preview {
                if pr.last_hole == bi {
                    ring = Some((pal.ends, 0.09 * p));
                }
                if pr.taken_from.contains(&bi) {
                    ring = Some((pal.taken, 0.09 * p));
                }
            }
            paint_ring(&painter, rect, radius, ring);
            if animating && resp.clicked() {
                commands.push(AppCommand::FinishAnimation);
                // The click only ends the sowing on view: said, since a
                // player clicking a hole to play before the last move was
                // sown saw nothing happen and the turn still his.
                let could_play = clickable_when_sown && side == live_turn && rt.can_play(mv);
                // On an earlier position the next click offers to play
                // from there (the sowing stopped without a word).
                let could_branch =
                    !rt.live() && !rt.board_inert && side == pos.turn() && pos.board()[bi] > 0;
                if could_play {
                    commands.push(AppCommand::Notice(super::state::Notice::report(format!(
                        "The last move is shown sown to its end: click {} {name} again to play it.",
                        side.title()
                    ))));
                } else if could_branch {
                    commands.push(AppCommand::Notice(super::state::Notice::report(format!(
                        "The move on view is shown sown to its end: click {} {name} again to \
                         play it from here.",
                        side.title()
                    ))));
                }
            } else if playable && resp.clicked() {
                commands.push(AppCommand::PlayMove(mv));
            } else if !rt.live() && resp.clicked() && !rt.board_inert {
                // A hole of the side to move there may start another line
                // (asked first); any other says why nothing happens.
                commands.push(if side == pos.turn() && count > 0 {
                    AppCommand::OfferBranch(mv)
                } else if side == pos.turn() {
                    AppCommand::Notice(super::state::empty_hole_notice(side, &name).into())
                } else {
                    AppCommand::Notice(super::state::EARLIER_POSITION_NOTICE.into())
                });
            }
            if endless {
                let cycle = rt
                    .live_analysis()
                    .and_then(|a| a.endless_cycle(mv))
                    .flatten();
                let text = format!(
                    "{} (Help: endless moves).",
                    super::state::endless_move_notice(&name, cycle)
                );
                // Said to a screen reader whether hovered or not.
                describe(ui, &resp, &text);
                if hovered {
                    tip = Some(HoleTip { text, resp, upper });
                }
            } else if playable && hovered {
                let shown_preview = preview.as_ref().filter(|pr| pr.mv == mv);
                let text =
                    shown_preview.map_or_else(|| format!("play {name}"), |pr| pr.text.clone());
                // A hole of the lower row has its hover text under the
                // board, where the line under the status line says the
                // very same preview: the text stood there twice, one under
                // the other. The upper row's goes above the board, far
                // from it.
                let said_under = preview_under_board(rt).is_some_and(|p| p.mv == mv);
                if upper || !said_under {
                    tip = Some(HoleTip { text, resp, upper });
                } else {
                    describe(ui, &resp, &text);
                }
            } else if !rt.live()
                && !animating
                && !rt.board_inert
                && side == pos.turn()
                && count > 0
                && hovered
            {
                // An earlier position's holes can start another line: say
                // so where the click would go, with the ring a hole to
                // play has.
                paint_ring(
                    &painter,
                    rect,
                    radius,
                    Some((pal.playable.gamma_multiply(0.7), 0.05 * p)),
                );
                tip = Some(HoleTip {
                    text: format!(
                        "Play {name} from here: another line from this earlier position \
                         (asked first)"
                    ),
                    resp,
                    upper,
                });
            } else if hovered && !animating {
                // Any other hole says whose it is and what it holds: zoomed
                // far in, its number may be drawn nowhere, and a count run
                // up a narrow hole reads sideways.
                tip = Some(HoleTip {
                    text: label,
                    resp,
                    upper,
                });
            }
        }
    }

    // The previewed move's last lap: a line from where its seeds were taken
    // through every hole it sows, since that lap decides where the move ends.
    if let Some(pr) = &preview {
        let centre = |bi: usize| {
            let side = if bi < n { Side::South } else { Side::North };
            geo.hole_rect(side, bi % n).center()
        };
        let mut points = vec![centre(pr.last_lap_from)];
        points.extend(pr.last_lap_path.iter().map(|&bi| centre(bi)));
        let stroke = Stroke::new((0.05 * p).max(1.5), pal.ends.gamma_multiply(0.6));
        painter.add(egui::Shape::line(points.clone(), stroke));
        painter.circle_stroke(points[0], (0.14 * p).max(3.0), stroke);
        for &at in &points[1..] {
            painter.circle_filled(at, (0.07 * p).max(2.0), pal.ends.gamma_multiply(0.8));
        }
    }

    // Bao la Kimasai: reserves.
    if !variant.is_en_gehe() {
        paint_reserves(&painter, &geo, &pal, shown.reserve.map(|r| r as u64));
    }
    // The fades at the area's edges, then the names over them.
    let cues = pan_cues(&geo, canvas, name_width(&painter, &geo, &pal));
    paint_pan_fades(ui, &painter, &cues);
    paint_names(&painter, &geo, &pal, canvas);

    // The travelling seed, the hand, and captured seeds flying home.
    let center_of = |bi: usize| {
        let h = pos.hole_at(bi);
        geo.hole_rect(h.side, h.index).center()
    };
    if let Some((from, left)) = hand {
        let hole = pos.hole_at(from);
        // Dark text on the light-blue badge, light on the dark-blue one.
        let ink = if pal.lift.r() > 80 {
            Color32::BLACK
        } else {
            Color32::WHITE
        };
        // In the lane between the middle rows (or beyond an outer Bao la
        // Kimasai row's names), where it hides no name and no count: over
        // the names of close-set holes it hid the neighbours' numbers. On
        // close-set holes only "+N" (the caption under the board says
        // "… in hand"), so it stays about a hole wide.
        let left = crate::engine::group_digits(left);
        let text = if p < 32.0 {
            format!("+{left}")
        } else {
            format!("in hand {left}")
        };
        let lane = geo.hand_lane_height(hole.side, hole.index);
        let mut galley = painter.layout_no_wrap(text.clone(), label_font.clone(), ink);
        // Set smaller where the lane is lower than the badge and a few
        // pixels more, so that it keeps nearer its hole than the facing one.
        let room = lane - BADGE_PAD.y - 5.0;
        if galley.size().y > room {
            let smaller = FontId::new(
                (label_font.size * room / galley.size().y).max(6.0),
                label_font.family.clone(),
            );
            galley = painter.layout_no_wrap(text, smaller, ink);
        }
        let badge = clear_of_arrows(
            geo.hand_badge_rect(hole.side, hole.index, galley.size() + BADGE_PAD),
            &cues,
        );
        let radius = (0.5 * badge.height()).min(8.0) as u8;
        painter.rect_filled(badge, egui::CornerRadius::same(radius), pal.lift);
        painter.galley(badge.center() - galley.size() / 2.0, galley, ink);
        // Said to a screen reader (and found by tests) where it is drawn.
        let said = format!(
            "{left} in hand over {} {}",
            hole.side.title(),
            variant.hole_name(hole.index)
        );
        ui.interact(badge, id.with("hand-badge"), Sense::hover())
            .widget_info(|| egui::WidgetInfo::labeled(egui::accesskit::Role::Label, true, &said));
    }
    if let Some((from, to, t)) = flying {
        let a = center_of(from);
        let b = center_of(to);
        let mid_lift = -((t - 0.5).powi(2) * -4.0 + 1.0) * 0.5 * p;
        let at = a.lerp(b, t) + vec2(0.0, mid_lift);
        painter.circle(
            at,
            (0.16 * p).max(3.0),
            pal.pebble[0],
            Stroke::new(1.5, pal.target),
        );
    }
    if let Some((c, mover, t)) = capture_fly {
        let home = geo.captured_pos(mover);
        for h in [c.hole, c.facing] {
            let at = center_of(h).lerp(home, t);
            painter.circle(
                at,
                (0.2 * p).max(4.0),
                pal.pebble[0],
                Stroke::new(2.0, pal.taken),
            );
        }
    }

    paint_pan_arrows(ui, &painter, &cues);
    follow_the_sowing(rt, &geo, canvas, pos, lift_hole, hand, last_sown, commands);
    show_the_seeds(rt, settings, &geo, canvas, pos, &shown.board, commands);
    // Hover preview: traced once per hovered hole, then cached.
    match hovered_move {
        Some(mv) if rt.can_play(mv) => {
            rt.preview_for(mv);
        }
        _ => {}
    }
    tip
}

/// A hole's hover text, the hole's response, and whether the hole lies
/// in the board's upper half.
struct HoleTip {
    resp: egui::Response,
    text: String,
    upper: bool,
}

/// Where a hole's hover text may go, nearest first: lines across the
/// window above the board's rows (`above`: the tip's foot there) and
/// under them (`below`: its head there).
struct TipEdges {
    /// Above the team line over the board, then over that line.
    above: [f32; 2],
    /// Under the lines below the board, then over the status line, then
    /// over the team line too.
    below: [f32; 3],
}

/// Gives a hole its hover text as its description for a screen reader,
/// as egui's own hover text does.
fn describe(ui: &egui::Ui, resp: &egui::Response, text: &str) {
    ui.ctx().accesskit_node_builder(resp.id, |node| {
        if node.description().is_none() {
            node.set_description(text);
        }
    });
}

/// Room between a hole's hover text and the line it keeps to.
const TIP_GAP: f32 = 4.0;

/// Shows a hole's hover text off the board's rows: above them for a hole
/// in the board's upper half, under them for one in its lower half (by
/// default egui put it under the hole, over the other side's holes, counts
/// and numbers, which the user wants to read beside the preview's rings),
/// the other way where it does not fit, and not at all where it fits
/// neither way (a move's preview is said under the board too).
fn hole_tip(ui: &egui::Ui, tip: HoleTip, rows: Rect, edges: TipEdges) {
    let HoleTip { resp, text, upper } = tip;
    describe(ui, &resp, &text);
    let mut tooltip = egui::Tooltip::for_enabled(&resp);
    if !tooltip.popup.is_open() {
        return;
    }
    let style = ui.style();
    let screen = ui.ctx().content_rect();
    let frame =
        style.spacing.menu_margin.sum() + Vec2::splat(2.0 * style.visuals.window_stroke.width);
    let width = style.spacing.tooltip_width.min(screen.width() - frame.x);
    let galley = egui::WidgetText::from(text).into_galley(
        ui,
        Some(egui::TextWrapMode::Wrap),
        width,
        egui::TextStyle::Body,
    );
    let size = galley.size() + frame;
    let left = (resp.rect.center().x - size.x / 2.0)
        .min(screen.right() - size.x)
        .max(screen.left());
    let above = |foot: f32| Rect::from_min_size(pos2(left, foot - TIP_GAP - size.y), size);
    let below = |head: f32| Rect::from_min_size(pos2(left, head + TIP_GAP), size);
    let ups = edges.above.map(above);
    let downs = edges.below.map(below);
    let order: Vec<Rect> = if upper {
        ups.into_iter().chain(downs).collect()
    } else {
        downs.into_iter().chain(ups).collect()
    };
    let Some(at) = order
        .into_iter()
        .find(|r| screen.contains_rect(*r) && !r.intersects(rows))
    else {
        return;
    };
    tooltip.popup = tooltip
        .popup
        .anchor(egui::PopupAnchor::ParentRect(at))
        .align(egui::RectAlign {
            parent: Align2::LEFT_TOP,
            child: Align2::LEFT_TOP,
        })
        .align_alternatives(&[])
        .gap(0.0);
    tooltip.show(|ui| ui.add(egui::Label::new(galley)));
}

/// A board larger than its area (zoomed in, or a long row beside panels)
/// follows a replay: each new step whose hole (the seeds in hand, else the
/// last sown, else the lifted) lies outside the area, or within a hole's
/// width of its edge, pans it into view. Once per step, so the user can
/// still pan away while it is paused; and again when the area's size
/// changes (a window narrowed while paused left the hole under the edge's
/// fade, its hand badge pushed over the next hole).
#[allow(clippy::too_many_arguments)]
fn follow_the_sowing(
    rt: &mut Runtime,
    geo: &Geometry,
    canvas: Rect,
    pos: &Position,
    lift_hole: Option<usize>,
    hand: Option<(usize, u64)>,
    last_sown: Option<usize>,
    commands: &mut Vec<AppCommand>,
) {
    let Some(step) = rt.shown_replay().filter(|r| !r.at_end()).map(|r| {
        (
            r.move_index,
            r.step(),
            geo.pitch.to_bits(),
            canvas.width().to_bits(),
            canvas.height().to_bits(),
        )
    }) else {
        rt.followed_step = None;
        return;
    };
    if rt.followed_step == Some(step) {
        return;
    }
    rt.followed_step = Some(step);
    let Some(bi) = hand.map(|(from, _)| from).or(last_sown).or(lift_hole) else {
        return;
    };
    let hole = pos.hole_at(bi);
    let c = geo.hole_rect(hole.side, hole.index).center();
    let margin = vec2(
        (1.5 * geo.pitch).min(canvas.width() / 3.0),
        (1.5 * geo.pitch).min(canvas.height() / 3.0),
    );
    let into = |c: f32, lo: f32, hi: f32| {
        if c < lo {
            lo - c
        } else if c > hi {
            hi - c
        } else {
            0.0
        }
    };
    let (left, right) = (canvas.left() + margin.x, canvas.right() - margin.x);
    // Which way the next seed goes across the area.
    let heading = rt
        .shown_replay()
        .and_then(|r| r.next_seed())
        .map_or(0.0, |(from, to)| {
            let at = |bi: usize| {
                let h = pos.hole_at(bi);
                geo.hole_rect(h.side, h.index).center().x
            };
            at(to) - at(from)
        });
    // A hole out of view is brought in at the margin behind the sowing's
    // way, so that the holes it sows next are in view (a pan to the
    // nearest margin kept them off the area and moved the board at every
    // step); one just within is left where it is.
    let across = match into(c.x, left, right) {
        0.0 => 0.0,
        _ if right > left && heading > 0.0 => left - c.x,
        _ if right > left && heading < 0.0 => right - c.x,
        nearest => nearest,
    };
    let delta = vec2(
        across,
        into(c.y, canvas.top() + margin.y, canvas.bottom() - margin.y),
    );
    if delta != Vec2::ZERO {
        commands.push(AppCommand::Pan(delta));
    }
}

/// A board wider (or taller) than its area at the usual zoom (a 2×50 row
/// beside a study, the solver and the moves in a small window) shows the
/// seeds of a game as it comes on view: the board is centred, and the
/// shipped 2×50 study, whose seeds all lie at one end, opened with its
/// playable holes off the area's edge. Panned once per game, when the
/// area has settled and the seeds are not all in view: to all the
/// occupied holes where they fit, else to the mover's. A zoom of the
/// user's own is left alone, as is their panning after.
fn show_the_seeds(
    rt: &mut Runtime,
    settings: &Settings,
    geo: &Geometry,
    canvas: Rect,
    pos: &Position,
    board: &[u16],
    commands: &mut Vec<AppCommand>,
) {
    let board_rect = geo.rect();
    let overflows =
        board_rect.width() > canvas.width() + 0.5 || board_rect.height() > canvas.height() + 0.5;
    if rt.seeds_shown == Some(rt.game_id)
        || !overflows
        || settings.zoom > 1.0
        || rt.board_area_unsettled > 0
        || rt.shown_replay().is_some_and(|r| !r.at_end())
    {
        return;
    }
    rt.seeds_shown = Some(rt.game_id);
    let span = |mover_only: bool| {
        board
            .iter()
            .enumerate()
            .filter(|&(_, &seeds)| seeds > 0)
            .map(|(bi, _)| pos.hole_at(bi))
            .filter(|hole| !mover_only || hole.side == pos.turn())
            .map(|hole| geo.hole_rect(hole.side, hole.index))
            .reduce(|a, b| a.union(b))
    };
    let margin = vec2(
        (0.5 * geo.pitch).min(canvas.width() / 6.0),
        (0.5 * geo.pitch).min(canvas.height() / 6.0),
    );
    let room = canvas.shrink2(margin);
    let fits = |r: &Rect| r.width() <= room.width() && r.height() <= room.height();
    let Some(target) = span(false)
        .filter(fits)
        .or_else(|| span(true))
        .or_else(|| span(false))
    else {
        return;
    };
    // Along each axis: left as it is where the seeds are in view, else
    // centred on them.
    let along = |seeds: egui::Rangef, view: egui::Rangef| {
        if view.contains(seeds.min) && view.contains(seeds.max) {
            0.0
        } else {
            view.center() - seeds.center()
        }
    };
    let delta = vec2(
        along(target.x_range(), room.x_range()),
        along(target.y_range(), room.y_range()),
    );
    if delta != Vec2::ZERO {
        commands.push(AppCommand::Pan(delta));
    }
}

/// The board of the position editor: the setup drawn like a game's board,
/// every hole clickable (+1, Shift+click or right-click −1), a drag moving
/// seeds between holes, the selected hole ringed for typed digits.
pub fn editor_board_ui(
    ui: &mut egui::Ui,
    settings: &Settings,
    pan: &mut Vec2,
    ed: &Editor,
    names: &[String; 2],
    inert: bool,
) -> Vec<AppCommand> {
    let mut commands = Vec::new();
    let variant = ed.variant();
    // While a dialog asks something the holes and piles take no clicks
    // (nor keyboard focus).
    let sense = if inert {
        Sense::hover()
    } else {
        Sense::click_and_drag()
    };
    let bottom = if settings.flipped {
        Side::North
    } else {
        Side::South
    };
    // Two side lines, the status line and the hint, as tall as they were
    // in the last frame (a long problem or a narrow area wraps them), or
    // six lines before the first.
    let around = lines_height(ui, editor_around_id(), 6.0);
    let avail = ui.available_size();
    let natural = natural_height(variant, avail.x, settings.zoom);
    let canvas_h = natural.min(avail.y - around).max(80.0);
    let slack = (avail.y - around - canvas_h).max(0.0);
    ui.add_space(slack / 2.0);
    let lines_top = ui.cursor().top();
    editor_side_line(ui, ed, names, bottom.opponent());
    let (canvas, bg) = ui.allocate_exact_size(vec2(avail.x, canvas_h), CANVAS_SENSE);
    let pal = Palette::new(ui.visuals().dark_mode);
    let (geo, painter) = plank(ui, canvas, &bg, settings, pan, variant, &pal, &mut commands);
    let p = geo.pitch;
    let id = ui.make_persistent_id("editor-holes");
    let n = variant.holes_per_side();
    let shift = ui.input(|i| i.modifiers.shift);
    let pointer = ui.input(|i| i.pointer.latest_pos());
    let bao = !variant.is_en_gehe();
    // Where a drag may end: a hole, or (Bao la Kimasai) a reserve pile.
    let drop_at = |at: Pos2| {
        Side::BOTH
            .into_iter()
            .find_map(|side| {
                (0..n)
                    .find(|&index| geo.hole_rect(side, index).contains(at))
                    .map(|index| Selection::Hole(Hole { side, index }))
            })
            .or_else(|| {
                Side::BOTH
                    .into_iter()
                    .filter(|_| bao)
                    .find(|&side| geo.reserve_rect(side).contains(at))
                    .map(Selection::Reserve)
            })
    };
    let all = ui.input(super::editor::drop_moves_all);
    // A drag from a hole or pile that ended over a hole or pile.
    let dropped = |resp: &egui::Response, from: Selection| {
        resp.drag_stopped()
            .then(|| pointer.and_then(drop_at))
            .flatten()
            .map(|to| EditorCommand::Move { from, to, all })
    };
    let mut dragging_from = None;
    let mut edit = |c: EditorCommand| commands.push(AppCommand::Editor(c));
    for side in Side::BOTH {
        for index in 0..n {
            let hole = Hole { side, index };
            let count = ed.seeds(hole);
            let (rect, radius) = paint_hole(&painter, &geo, &pal, side, index, count);
            let resp = interact_in_sight(
                ui,
                painter.clip_rect(),
                rect,
                id.with((side.index(), index)),
                sense,
            );
            let label = format!(
                "{} {}: {} seed{}",
                side.title(),
                variant.hole_name(index),
                count,
                if count == 1 { "" } else { "s" }
            );
            resp.widget_info(|| {
                egui::WidgetInfo::labeled(egui::accesskit::Role::Button, true, &label)
            });
            let mut ring = None;
            // Reached with Tab, a hole shows it like a hover.
            if resp.hovered() || resp.has_focus() {
                ring = Some((pal.hover, 0.07 * p));
            }
            // ... and is selected, so the digits typed next set it (they
            // went to the hole clicked last, away from the focus ring).
            if resp.gained_focus() {
                edit(EditorCommand::Select(Some(Selection::Hole(hole))));
            }
            if ed.selected == Some(Selection::Hole(hole)) {
                ring = Some((pal.lift, 0.1 * p));
            }
            if resp.clicked() {
                let n = clicks_this_frame(ui, rect, egui::PointerButton::Primary);
                edit(EditorCommand::Add {
                    hole,
                    delta: if shift { -n } else { n },
                });
                edit(EditorCommand::Select(Some(Selection::Hole(hole))));
            } else if resp.secondary_clicked() {
                let n = clicks_this_frame(ui, rect, egui::PointerButton::Secondary);
                edit(EditorCommand::Add { hole, delta: -n });
                edit(EditorCommand::Select(Some(Selection::Hole(hole))));
            }
            if resp.dragged() {
                dragging_from = Some(rect.center());
                ring = Some((pal.target, 0.1 * p));
            }
            if let Some(moved) = dropped(&resp, Selection::Hole(hole)) {
                edit(moved);
            }
            paint_ring(&painter, rect, radius, ring);
        }
    }
    if bao {
        paint_reserves(&painter, &geo, &pal, ed.setup.reserve);
    }
    let cues = pan_cues(&geo, canvas, name_width(&painter, &geo, &pal));
    paint_pan_fades(ui, &painter, &cues);
    paint_names(&painter, &geo, &pal, canvas);
    if bao {
        // The reserve piles take clicks and drags like holes.
        for side in Side::BOTH {
            let rect = geo.reserve_rect(side);
            let resp = interact_in_sight(
                ui,
                painter.clip_rect(),
                rect,
                id.with(("reserve", side.index())),
                sense,
            );
            let seeds = ed.setup.reserve[side.index()];
            let label = format!(
                "{} reserve: {seeds} seed{}",
                side.title(),
                if seeds == 1 { "" } else { "s" }
            );
            resp.widget_info(|| {
                egui::WidgetInfo::labeled(egui::accesskit::Role::Button, true, &label)
            });
            if let Some(moved) = dropped(&resp, Selection::Reserve(side)) {
                edit(moved);
            }
            // Reached with Tab, selected for typed digits as a hole is.
            if resp.gained_focus() {
                edit(EditorCommand::Select(Some(Selection::Reserve(side))));
            }
            let ring = if resp.dragged() {
                dragging_from = Some(rect.center());
                Some((pal.target, 0.1 * p))
            } else if ed.selected == Some(Selection::Reserve(side)) {
                Some((pal.lift, 0.1 * p))
            } else if resp.hovered() || resp.has_focus() {
                Some((pal.hover, 0.07 * p))
            } else {
                None
            };
            if let Some((colour, width)) = ring {
                painter.rect_stroke(
                    rect,
                    egui::CornerRadius::same((0.3 * p).min(60.0) as u8),
                    Stroke::new(width.max(1.5), colour),
                    StrokeKind::Outside,
                );
            }
            let resp = resp.on_hover_text(format!(
                "{label}. Click: +1 · Shift+click or right-click: −1 · click then type digits: \
                 that count · drag to or from a hole: move one seed (Ctrl+drag: all of them)"
            ));
            let delta: i64 = if resp.clicked() {
                let n = clicks_this_frame(ui, rect, egui::PointerButton::Primary);
                if shift { -n } else { n }
            } else if resp.secondary_clicked() {
                -clicks_this_frame(ui, rect, egui::PointerButton::Secondary)
            } else {
                0
            };
            if delta != 0 {
                edit(EditorCommand::AddReserve { side, delta });
                edit(EditorCommand::Select(Some(Selection::Reserve(side))));
            }
        }
    }
    // The seed being dragged follows the pointer.
    if let (Some(from), Some(at)) = (dragging_from, pointer) {
        painter.line_segment([from, at], Stroke::new(2.0, pal.target));
        painter.circle(
            at,
            (0.16 * p).max(3.0),
            pal.pebble[0],
            Stroke::new(1.5, pal.target),
        );
        // Ctrl (⌘) moves every seed of the hole: the seed says so.
        if ui.input(|i| i.modifiers.command) {
            // Right of the seed, or left of it where the board's edge
            // would cut it ("all se" by the last holes).
            let off = (0.2 * p).max(5.0);
            let galley = painter.layout_no_wrap("all seeds".into(), fonts(p).1, pal.target);
            let clip = painter.clip_rect();
            let (x, align) = if at.x + off + galley.size().x > clip.right() {
                (at.x - off, Align2::RIGHT_BOTTOM)
            } else {
                (at.x + off, Align2::LEFT_BOTTOM)
            };
            let y = (at.y - off).max(clip.top() + galley.size().y);
            let rect = align.anchor_size(egui::pos2(x, y), galley.size());
            painter.galley(rect.min, galley, pal.target);
        }
    }
    paint_pan_arrows(ui, &painter, &cues);
    editor_side_line(ui, ed, names, bottom);
    let status_top = ui.cursor().top();
    ui.horizontal_wrapped(|ui| {
        ui.strong("Editing the position.");
        match ed.selected {
            Some(at) if !ed.typed.is_empty() => {
                ui.label(format!("Typing into {}: {}", at.name(variant), ed.typed));
                // Beside the typing it is about (it was shown under the row
                // length, and not at all on a Bao la Kimasai board).
                if let Some(note) = ed.board_note() {
                    ui.colored_label(ui.visuals().warn_fg_color, note);
                }
            }
            _ => {
                let check = ed.check();
                // What the last click or drag could not do, where it was done.
                if let Some(note) = ed.board_note() {
                    ui.colored_label(ui.visuals().warn_fg_color, note);
                } else if check.problems.is_empty() && check.checking() {
                    ui.label("Checking whether the side to move can still move…");
                } else if check.problems.is_empty() {
                    ui.label("Legal — Play from here or Analyse in the panel on the right.");
                } else {
                    ui.colored_label(
                        ui.visuals().warn_fg_color,
                        format!("Not playable yet: {}", check.problems[0]),
                    );
                }
            }
        }
    });
    // The status keeps two rows' room whatever it says: the board (sized
    // by these lines' height) shrank and grew again under the pointer as
    // a problem's text took two rows and then one.
    let row = ui
        .spacing()
        .interact_size
        .y
        .max(ui.text_style_height(&egui::TextStyle::Body));
    let least = 2.0 * row + 2.0 * ui.spacing().item_spacing.y;
    let used = ui.cursor().top() - status_top;
    if used < least {
        ui.add_space(least - used);
    }
    ui.horizontal_wrapped(|ui| {
        ui.weak(super::editor::hint(variant));
    });
    // The lines' real height sizes the next frame's board.
    keep_lines_height(
        ui,
        editor_around_id(),
        ui.cursor().top() - lines_top - canvas_h,
        around,
    );
    commands
}

/// A side's line in the editor: name, whether it moves, captured count and
/// tempo (En Gehé) or reserve (Bao la Kimasai).
fn editor_side_line(ui: &mut egui::Ui, ed: &Editor, names: &[String; 2], side: Side) {
    let s = &ed.setup;
    ui.horizontal(|ui| {
        let title = crate::files::team_label(&names[side.index()], side);
        let to_move = s.turn == side;
        let mut text = egui::RichText::new(title).strong();
        if to_move {
            text = text.color(ui.visuals().selection.stroke.color);
            ui.label(text);
            ui.label(egui::RichText::new("• to move").color(ui.visuals().selection.stroke.color));
        } else {
            ui.label(text);
        }
        match ed.variant() {
            Variant::EnGehe { holes } => {
                ui.separator();
                ui.label(format!(
                    "captured {}",
                    crate::engine::group_digits(s.captured[side.index()])
                ));
                ui.separator();
                let n = holes as usize;
                let own = row_tempo(s.row(side).iter().copied(), n);
                let other = row_tempo(s.row(side.opponent()).iter().copied(), n);
                tempo_labels(ui, side.title(), own, other, None);
            }
            Variant::BaoLaKimasai => {
                ui.separator();
                ui.label(format!(
                    "reserve {}",
                    crate::engine::group_digits(s.reserve[side.index()])
                ));
                ui.separator();
                // As the game's board says it: what the reserves set here
                // make of the moves.
                // (Cut with "…" where the line is short: never wrapped.)
                let mut phase = crate::engine::bao_phase(s.reserve, side).to_string();
                // Only where it withholds a reserve seed ("raiding (phase
                // 2); opening move" read as a contradiction).
                if s.opening && to_move && s.reserve[side.index()] > 0 {
                    phase.push_str(&format!("; {}", crate::engine::OPENING_NOTE));
                }
                cut_label(ui, egui::RichText::new(phase));
            }
        }
    });
}

/// How many clicks of `button` a clicked widget at `rect` had in this
/// frame (at least the one egui reports): clicks quicker than a frame
/// come in one, and egui counts them as one (on a slow 2×50 frame, two
/// quick clicks to add two seeds added one).
fn clicks_this_frame(ui: &egui::Ui, rect: Rect, button: egui::PointerButton) -> i64 {
    let released = ui.input(|i| {
        i.events
            .iter()
            .filter(|e| {
                matches!(e, egui::Event::PointerButton { pos, button: b, pressed: false, .. }
                    if *b == button && rect.contains(*pos))
            })
            .count()
    });
    released.max(1) as i64
}

/// `ui.interact` on a hole or pile whose part in `sight` (the board's
/// area) alone takes the pointer: on a zoomed board a hole panned out of
/// view lay under the lines below the board, and a click there played it.
/// Its rectangle stays whole (for accessibility and tests).
fn interact_in_sight(
    ui: &mut egui::Ui,
    sight: Rect,
    rect: Rect,
    id: egui::Id,
    sense: Sense,
) -> egui::Response {
    let outer = ui.clip_rect();
    ui.set_clip_rect(outer.intersect(sight));
    let resp = ui.interact(rect, id, sense);
    ui.set_clip_rect(outer);
    resp
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_tempo_note_shortens_to_its_number_never_past_it() {
        // South ahead by 8 beside a 2×5 board: cut by words it read
        // "(South…)", then nothing; the number goes last now.
        assert_eq!(
            tempo_notes("South", None, 11, 3),
            ["(South ahead by 8 in tempo)", "(ahead by 8)", "(+8)"]
        );
        // The seeds in hand stay whole longer than the side's name, which
        // its row says already.
        assert_eq!(
            tempo_notes("North", Some("+2 in hand at 3"), 3, 11),
            [
                "(North's tempo deficit 8; +2 in hand at 3)",
                "(deficit 8; +2 in hand at 3)",
                "(North's tempo deficit 8…)",
                "(deficit 8)",
                "(\u{2212}8)",
            ]
        );
        assert_eq!(
            tempo_notes("North", None, 5, 5),
            ["(tempo level)", "(level)"]
        );
    }

    /// The box a hole's name takes (two digits or a Bao la Kimasai name,
    /// as tall as [`Geometry::label_pos`] allows for).
    fn name_box(geo: &Geometry, side: Side, index: usize) -> Rect {
        let font = fonts(geo.pitch).1.size;
        let half_h = 0.6 * font + 0.5;
        Rect::from_center_size(
            geo.label_pos(side, index),
            vec2((1.3 * font).min(geo.pitch), 2.0 * half_h),
        )
    }

    /// Boards as a 1024×680 and a 1600×1000 window leave them (with the
    /// move list beside), zoomed 100% and in.
    fn geometries() -> Vec<(String, Geometry, Rect)> {
        let mut all = Vec::new();
        for variant in [
            Variant::EnGehe { holes: 40 },
            Variant::EnGehe { holes: 45 },
            Variant::EnGehe { holes: 50 },
            Variant::EnGehe { holes: 12 },
            Variant::BaoLaKimasai,
        ] {
            for canvas in [vec2(760.0, 400.0), vec2(1380.0, 700.0), vec2(760.0, 110.0)] {
                for zoom in [1.0, 1.25, 2.0, 6.0] {
                    for flipped in [false, true] {
                        let rect = Rect::from_min_size(pos2(8.0, 40.0), canvas);
                        all.push((
                            format!("{variant:?} in {canvas:?} at {zoom}, flipped {flipped}"),
                            Geometry::new(rect, variant, flipped, zoom, Vec2::ZERO),
                            rect,
                        ));
                    }
                }
            }
        }
        all
    }

    #[test]
    fn the_hand_badge_covers_no_hole_and_no_name_and_keeps_by_its_hole() {
        for (what, geo, _) in geometries() {
            let n = geo.variant.holes_per_side();
            // A badge as the board sets it: "+12" at the least font, in
            // its lane's height.
            for side in Side::BOTH {
                for index in 0..n {
                    let lane = geo.hand_lane_height(side, index);
                    let least = Geometry::lane_min(geo.variant, geo.pitch);
                    assert!(lane >= least - 0.01, "{what}: lane {lane}");
                    let size = vec2(30.0, lane - 5.0);
                    let badge = geo.hand_badge_rect(side, index, size);
                    assert!(
                        geo.rect().contains_rect(badge),
                        "{what}: {side:?} {index}: {badge:?} off the board"
                    );
                    for s in Side::BOTH {
                        for i in 0..n {
                            let hole = geo.hole_rect(s, i);
                            assert!(
                                !badge.intersects(hole),
                                "{what}: the badge of {side:?} {index} covers hole {s:?} {i}"
                            );
                            assert!(
                                !badge.intersects(name_box(&geo, s, i)),
                                "{what}: the badge of {side:?} {index} covers the name of {s:?} {i}"
                            );
                        }
                    }
                    // Under or over its hole, nearer it than the hole facing.
                    let own = geo.hole_rect(side, index);
                    let dx = (badge.center().x - own.center().x).abs();
                    assert!(dx <= size.x / 2.0 + 0.5 * geo.pitch, "{what}: dx {dx}");
                    let gap = |r: Rect| {
                        if r.center().y < badge.center().y {
                            badge.top() - r.bottom()
                        } else {
                            r.top() - badge.bottom()
                        }
                    };
                    for s in Side::BOTH {
                        for i in 0..n {
                            let other = geo.hole_rect(s, i);
                            if (s, i) != (side, index)
                                && (other.center().x - own.center().x).abs() < 1.0
                            {
                                assert!(
                                    gap(other) > gap(own) + 1.0,
                                    "{what}: the badge of {side:?} {index} is as near {s:?} {i}"
                                );
                            }
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn the_endless_badge_covers_no_hole_name() {
        for (what, geo, _) in geometries() {
            // (Below a 21 px pitch a name is taller than its strip, and on
            // Bao la Kimasai an inner row's names reach the outer holes.)
            if !geo.variant.is_en_gehe() && 2.0 * name_half_height(geo.pitch) > STRIP * geo.pitch {
                continue;
            }
            let n = geo.variant.holes_per_side();
            for side in Side::BOTH {
                for index in 0..n {
                    let (at, r) = geo.endless_badge(side, index);
                    let badge = Rect::from_center_size(at, Vec2::splat(2.0 * r));
                    for s in Side::BOTH {
                        for i in 0..n {
                            assert!(
                                !badge.intersects(name_box(&geo, s, i)),
                                "{what}: the endless badge of {side:?} {index} covers \
                                 the name of {s:?} {i}"
                            );
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn every_hole_in_view_has_its_name_in_view() {
        for (what, geo, canvas) in geometries() {
            let n = geo.variant.holes_per_side();
            let half = name_half_height(geo.pitch);
            let mut shown = Vec::new();
            for side in Side::BOTH {
                for index in 0..n {
                    let hole = geo.hole_rect(side, index);
                    let seen = hole.intersect(canvas);
                    let in_view = hole.left() >= canvas.left()
                        && hole.right() <= canvas.right()
                        && seen.height() >= geo.pitch + 2.0 * half + 2.0;
                    match geo.name_in_view(side, index, canvas) {
                        Some((at, _)) => {
                            let name = Rect::from_center_size(
                                at,
                                vec2(name_box(&geo, side, index).width(), 2.0 * half),
                            );
                            if hole.left() >= canvas.left() && hole.right() <= canvas.right() {
                                assert!(
                                    canvas.contains_rect(name),
                                    "{what}: the name of {side:?} {index} is cut: {name:?}"
                                );
                            }
                            shown.push(((side, index), name));
                        }
                        None => assert!(!in_view, "{what}: {side:?} {index} has no name"),
                    }
                }
            }
            // No two names (pinned or not) on one another.
            for (k, (a, ra)) in shown.iter().enumerate() {
                for (b, rb) in &shown[k + 1..] {
                    assert!(
                        !ra.shrink(0.5).intersects(rb.shrink(0.5)),
                        "{what}: the names of {a:?} and {b:?} overlap"
                    );
                }
            }
        }
    }

    #[test]
    fn the_board_fits_its_canvas_with_the_lanes() {
        for (what, geo, _) in geometries() {
            let size = Geometry::board_size(geo.variant, geo.pitch);
            assert!((geo.rect().size() - size).length() < 0.01, "{what}");
            // The middle gap and Bao la Kimasai's margins have room for a badge.
            let least = Geometry::lane_min(geo.variant, geo.pitch);
            assert!(Geometry::gap_px(geo.variant, geo.pitch) >= least, "{what}");
        }
        // Fitted to a canvas, the board (lanes and all) is as high as the
        // canvas where the height limits it.
        for variant in [Variant::EnGehe { holes: 50 }, Variant::BaoLaKimasai] {
            for h in [95.0, 103.0, 300.0, 700.0] {
                let p = fit_pitch_free(vec2(1.0e6, h), variant);
                let high = Geometry::board_size(variant, p).y;
                assert!((high - h).abs() < 0.01, "{variant:?}: {high} for {h}");
            }
        }
    }

    #[test]
    fn the_badge_of_the_seeds_in_hand_keeps_off_the_pan_arrows() {
        let mut checked = 0;
        for (what, geo, canvas) in geometries() {
            let font = fonts(geo.pitch).1.size;
            let cues = pan_cues(&geo, canvas, 1.2 * font);
            for cue in &cues {
                // A badge centred on the arrow's tip, as "+5" over hole 3
                // at a zoomed board's left edge lay.
                let badge = Rect::from_center_size(cue.arrow[0], vec2(34.0, 18.0));
                let moved = clear_of_arrows(badge, &cues);
                assert_eq!(moved.size(), badge.size(), "{what}");
                for other in &cues {
                    let arrow = Rect::from_points(&other.arrow);
                    assert!(!moved.intersects(arrow), "{what}: {moved:?} on {arrow:?}");
                }
                // Into the board, not off it.
                let inward = cue.arrow[1].lerp(cue.arrow[2], 0.5) - cue.arrow[0];
                assert!(
                    (moved.center() - badge.center()).dot(inward) > 0.0,
                    "{what}"
                );
                checked += 1;
            }
        }
        assert!(checked >= 4, "only {checked} arrows");
    }

    #[test]
    fn the_arrows_at_the_edges_cover_no_hole_name() {
        for (what, geo, canvas) in geometries() {
            // The widest name at the least font, as the board measures it.
            let font = fonts(geo.pitch).1.size;
            let cues = pan_cues(&geo, canvas, 1.2 * font);
            let n = geo.variant.holes_per_side();
            for cue in &cues {
                let arrow = Rect::from_points(&cue.arrow);
                assert!(canvas.expand(0.5).contains_rect(arrow), "{what}");
                // Where there is room between two names.
                if geo.pitch - 1.2 * font < 8.0 {
                    continue;
                }
                for side in Side::BOTH {
                    for index in 0..n {
                        let name = name_box(&geo, side, index);
                        assert!(
                            !arrow.intersects(name),
                            "{what}: an arrow {arrow:?} covers the name of {side:?} {index}"
                        );
                    }
                }
            }
        }
    }
}
