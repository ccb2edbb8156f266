//! The sowing timeline over the animation controls: the move being shown
//! as a strip of its laps, each as long as the seeds it sows (relay laps
//! blue, Bao la Kimasai raid laps orange, the last lap green unless it
//! sows a raid's seeds, an En Gehé capture red at the end), what is sown so far bright and the rest dim,
//! and a marker at the step on the board. Hovering names the lap (as the
//! command line's `trace` does); a click or drag goes to that seed. On a
//! move of hundreds of laps it shows at a glance where the relays run
//! long and lets the user jump there instead of stepping lap by lap.

use super::AppCommand;
use super::anim::Replay;
use super::controls::AnimCommand;
use super::state::Runtime;
use crate::engine::{LapEnd, LapKind, Side};
use egui::{Color32, Rect, Sense, Stroke, pos2, vec2};

/// The least window height that shows the strip: below it the board
/// needs the height (the step buttons remain).
pub const MIN_WINDOW_HEIGHT: f32 = 720.0;
/// Height of the strip.
const HEIGHT: f32 = 16.0;
/// Laps at least this wide show their number.
const NUMBERED_WIDTH: f32 = 18.0;

/// The colours of the strip for the current theme: relay laps, raid laps,
/// the last lap, the capture.
struct Colours {
    relay: [Color32; 2],
    raid: Color32,
    last: Color32,
    capture: Color32,
}

impl Colours {
    fn new(dark: bool) -> Colours {
        if dark {
            Colours {
                relay: [
                    Color32::from_rgb(70, 120, 200),
                    Color32::from_rgb(96, 150, 230),
                ],
                raid: Color32::from_rgb(235, 140, 40),
                last: Color32::from_rgb(80, 190, 110),
                capture: Color32::from_rgb(240, 80, 70),
            }
        } else {
            // Light enough for black lap numbers to read (8:1 and more):
            // dark numbers on mid blue were hard to read at this size.
            Colours {
                relay: [
                    Color32::from_rgb(120, 165, 235),
                    Color32::from_rgb(155, 192, 245),
                ],
                raid: Color32::from_rgb(245, 165, 80),
                last: Color32::from_rgb(110, 200, 130),
                capture: Color32::from_rgb(235, 110, 100),
            }
        }
    }
}

/// A lap number's colour: black on the bright part of a lap (sown so
/// far, left of the marker) and on the light theme's dim one; white on
/// the dark theme's dim part. (White on the dark theme's bright colours
/// was 2.4:1 on the last lap's green.)
fn number_colour(dark: bool, on_sown_part: bool) -> Color32 {
    if dark && !on_sown_part {
        Color32::WHITE
    } else {
        Color32::BLACK
    }
}

/// The part of the strip a step range covers: `[from, to)` of `end` steps.
fn span(rect: Rect, from: u64, to: u64, end: u64) -> Rect {
    let x = |s: u64| rect.left() + rect.width() * s as f32 / end.max(1) as f32;
    Rect::from_min_max(pos2(x(from), rect.top()), pos2(x(to), rect.bottom()))
}

/// The step a point of the strip stands for: the seed whose part of the
/// strip holds it, or the move's start left of the strip.
pub fn step_at(rect: Rect, x: f32, end: u64) -> u64 {
    let t = ((x - rect.left()) / rect.width().max(1.0)).clamp(0.0, 1.0);
    // Step k shows the board after k seeds; the part [k-1, k) is seed k.
    ((t * end as f32).ceil() as u64).min(end)
}

/// The part of the move a step of the strip belongs to (`step` from 1):
/// its steps `[from, to)` and what the strip says of it.
fn part_at(r: &Replay, step: u64) -> (u64, u64, String) {
    let trace = &r.trace;
    let sown = trace.seeds_sown();
    if step > sown
        && let Some(c) = trace.capture
    {
        return (sown, r.end(), {
            let told = c.describe(&trace.before);
            format!("Capture: {told}\n{}", hole_names(&trace.before, &told))
        });
    }
    let i = r.lap_of_seed(step);
    let (from, to) = r.lap_steps(i);
    let told = trace.laps[i].describe(&trace.before);
    let words = format!(
        "Lap {} of {}: {told}\n{}",
        i + 1,
        r.lap_count(),
        hole_names(&trace.before, &told)
    );
    (from, to, words)
}

/// Laps and captures are told as the command line's `trace` tells them,
/// holes short ("N6"), which the board names nowhere else: said under
/// each, in the game's own hole names, by the first hole of each side that
/// `words` name (a fixed "S3 … N6" named holes a lap never touched, and
/// on a 2×5 board a hole that is not there).
fn hole_names(pos: &crate::engine::Position, words: &str) -> String {
    let bao = !pos.variant().is_en_gehe();
    let mut first: [Option<&str>; 2] = [None, None];
    for word in words.split(|c: char| !c.is_ascii_alphanumeric()) {
        let (side, hole) = match word.split_at_checked(1) {
            Some(("S", hole)) => (0, hole),
            Some(("N", hole)) => (1, hole),
            _ => continue,
        };
        let number = hole
            .strip_prefix(['i', 'o'])
            .filter(|_| bao)
            .unwrap_or(hole);
        let named = !number.is_empty()
            && number.bytes().all(|b| b.is_ascii_digit())
            && (number.len() < hole.len()) == bao;
        if named {
            first[side].get_or_insert(hole);
        }
    }
    let said: Vec<String> = Side::BOTH
        .iter()
        .zip(first)
        .filter_map(|(side, hole)| hole.map(|h| (side, h)))
        .enumerate()
        .map(|(k, (side, hole))| {
            let is = if k == 0 { " is" } else { "" };
            format!(
                "{}{hole}{is} {} hole {hole}",
                &side.title()[..1],
                crate::engine::possessive(side.title())
            )
        })
        .collect();
    if said.is_empty() {
        String::new()
    } else {
        format!("({}.)", said.join(", "))
    }
}

/// Draws the strip for the move on view (an empty track when none is
/// shown, so the controls do not jump when a move is played); returns a
/// seek when it is clicked or dragged.
pub fn timeline_ui(ui: &mut egui::Ui, rt: &Runtime) -> Vec<AppCommand> {
    let mut out = Vec::new();
    let replay = rt.shown_replay();
    let size = vec2(ui.available_width(), HEIGHT);
    // Clicks and drags seek; no keyboard focus. Every seek it offers is
    // already a key away wherever the focus is (Left/Right a seed,
    // Shift+Left/Right a lap, Home/End), and the step buttons under it are
    // Tab stops: a stop here added one that showed nothing.
    let sense = if replay.is_some() {
        Sense::CLICK | Sense::DRAG
    } else {
        Sense::hover()
    };
    let (rect, response) = ui.allocate_exact_size(size, sense);
    response.widget_info(|| {
        egui::WidgetInfo::labeled(egui::Role::Slider, replay.is_some(), "Sowing timeline")
    });
    let painter = ui.painter_at(rect);
    let visuals = ui.visuals();
    painter.rect_filled(rect, 3.0, visuals.extreme_bg_color);
    let Some(r) = replay else {
        // Named, so an empty track does not look like a stray field.
        painter.text(
            rect.center(),
            egui::Align2::CENTER_CENTER,
            "sowing timeline: the laps of the move on view show here",
            egui::FontId::proportional(11.0),
            visuals.weak_text_color(),
        );
        return out;
    };
    let colours = Colours::new(visuals.dark_mode);
    let end = r.end();
    let step = r.step();
    let sown = r.trace.seeds_sown();
    // Steps `[from, to)` in `colour`: sown so far bright, still to come dim.
    let paint = |from: u64, to: u64, colour: Color32| {
        let whole = span(rect, from, to, end);
        painter.rect_filled(whole, 0.0, colour.gamma_multiply(0.35));
        painter.rect_filled(span(rect, from, step.clamp(from, to), end), 0.0, colour);
        whole
    };
    let last = r.lap_count() - 1;
    let font = egui::FontId::proportional(11.0);
    // A move of more laps than the strip has pixels: one relay-coloured
    // bar under them, and only laps a pixel wide drawn over it (thousands
    // of slivers a frame would cost the window its pace).
    let crowded = r.lap_count() as f32 > rect.width();
    // The step on the board (drawn last, over the laps).
    let marker = span(rect, 0, step, end)
        .right()
        .clamp(rect.left() + 1.0, rect.right() - 1.0);
    if crowded {
        paint(0, sown, colours.relay[0]);
    }
    for (i, lap) in r.trace.laps.iter().enumerate() {
        let (from, to) = r.lap_steps(i);
        if crowded && span(rect, from, to, end).width() < 1.0 {
            continue;
        }
        let colour = match (lap.kind, lap.end) {
            (LapKind::Raid { .. }, _) => colours.raid,
            (_, LapEnd::Ends { .. }) if i == last => colours.last,
            _ => colours.relay[i % 2],
        };
        let whole = paint(from, to, colour);
        if whole.width() >= 3.0 && i > 0 {
            painter.vline(
                whole.left(),
                rect.y_range(),
                Stroke::new(1.0, visuals.extreme_bg_color),
            );
        }
        if whole.width() >= NUMBERED_WIDTH {
            let galley =
                painter.layout_no_wrap((i + 1).to_string(), font.clone(), Color32::PLACEHOLDER);
            // Beside the step's marker, not under it (it cut "15" into
            // "1|5"); where neither side has room the number gives way.
            if let Some(x) = number_left(whole, galley.size().x, marker) {
                let top = whole.center().y - galley.size().y / 2.0;
                let sown_part = x + galley.size().x <= marker;
                let colour = number_colour(visuals.dark_mode, sown_part);
                painter.galley(egui::pos2(x, top), galley, colour);
            }
        }
    }
    if r.trace.capture.is_some() {
        paint(sown, end, colours.capture);
    }
    painter.vline(
        marker,
        rect.y_range(),
        Stroke::new(2.0, visuals.strong_text_color()),
    );
    if let Some(p) = response.hover_pos() {
        // The lap (or the capture) under the pointer, outlined and named.
        let (from, to, words) = part_at(r, step_at(rect, p.x, end).max(1));
        painter.rect_stroke(
            span(rect, from, to, end),
            0.0,
            Stroke::new(1.5, visuals.strong_text_color()),
            egui::StrokeKind::Inside,
        );
        response.clone().on_hover_text_at_pointer(words);
    }
    if (response.clicked() || response.dragged())
        && let Some(p) = response.interact_pointer_pos()
    {
        let to = step_at(rect, p.x, end);
        if to != step {
            out.push(AppCommand::Anim(AnimCommand::Seek(to)));
        }
    }
    out
}

/// Where a lap's number `width` wide starts in the lap's span `lap`: in
/// its middle, or beside the step's marker at `marker` where the middle
/// is under it; `None` where neither side of the marker has room.
fn number_left(lap: egui::Rect, width: f32, marker: f32) -> Option<f32> {
    const GAP: f32 = 2.0;
    let middle = lap.center().x - width / 2.0;
    if marker < middle - GAP || marker > middle + width + GAP {
        return Some(middle);
    }
    let right = marker + GAP + 1.0;
    let left = marker - GAP - 1.0 - width;
    if right + width <= lap.right() {
        Some(right)
    } else if left >= lap.left() {
        Some(left)
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lap_numbers_read_on_every_lap_colour_of_both_themes() {
        for dark in [false, true] {
            let c = Colours::new(dark);
            for colour in [c.relay[0], c.relay[1], c.raid, c.last, c.capture] {
                let ratio = crate::app::contrast(number_colour(dark, true), colour);
                assert!(ratio >= 4.5, "dark {dark}: on {colour:?}: {ratio:.2}");
            }
        }
    }

    #[test]
    fn a_lap_number_keeps_clear_of_the_step_marker() {
        let lap = egui::Rect::from_min_max(egui::pos2(100.0, 0.0), egui::pos2(140.0, 16.0));
        // Far from the marker: in the middle.
        assert_eq!(number_left(lap, 12.0, 10.0), Some(114.0));
        // Under it: beside it, on the side with room.
        let right = number_left(lap, 12.0, 118.0).unwrap();
        assert!(right > 118.0 && right + 12.0 <= 140.0, "{right}");
        let left = number_left(lap, 12.0, 132.0).unwrap();
        assert!(left + 12.0 < 132.0 && left >= 100.0, "{left}");
        // No room on either side: left out.
        let narrow = egui::Rect::from_min_max(egui::pos2(100.0, 0.0), egui::pos2(118.0, 16.0));
        assert_eq!(number_left(narrow, 13.0, 109.0), None);
    }

    #[test]
    fn a_laps_words_say_how_its_holes_are_named() {
        let pos: crate::engine::Position =
            "en-gehe south=0,2,0,0,0 north=0,0,0,1,0 captured=0,0 turn=south"
                .parse()
                .unwrap();
        let r = Replay::new(0, pos.trace(crate::engine::Move(1)).unwrap());
        let (_, _, words) = part_at(&r, 1);
        assert_eq!(
            words,
            "Lap 1 of 1: lift 2 from S2; sow S3 S4; lands in empty S4: the move ends\n\
             (S2 is South's hole 2.)"
        );
        // The first hole of each side named, in the game's own names (not
        // a fixed i3 and o6 the lap never touched).
        let bao = crate::engine::GameOptions::bao_la_kimasai()
            .start()
            .unwrap();
        assert_eq!(
            hole_names(&bao, "raid 2 from Ni1 into Si8; sow Si8 So8; lands in So8"),
            "(Si8 is South's hole i8, Ni1 North's hole i1.)"
        );
        assert_eq!(
            hole_names(&pos, "take 3 from N2 and the seed in S4"),
            "(S4 is South's hole 4, N2 North's hole 2.)"
        );
        // Words that are no hole name are not taken for one.
        assert_eq!(hole_names(&pos, "Sow Seeds S N5x No6"), "");
    }

    #[test]
    fn a_point_of_the_strip_is_the_seed_whose_part_holds_it() {
        let rect = Rect::from_min_size(pos2(100.0, 0.0), vec2(100.0, 16.0));
        // Ten steps: seed k covers [10(k-1), 10k) pixels from the left.
        assert_eq!(step_at(rect, 100.0, 10), 0);
        assert_eq!(step_at(rect, 100.5, 10), 1);
        assert_eq!(step_at(rect, 109.9, 10), 1);
        assert_eq!(step_at(rect, 110.1, 10), 2);
        assert_eq!(step_at(rect, 199.0, 10), 10);
        // Beyond the ends: the move's start and its end.
        assert_eq!(step_at(rect, 20.0, 10), 0);
        assert_eq!(step_at(rect, 400.0, 10), 10);
    }
}
