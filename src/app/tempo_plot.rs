//! The tempo and captures plot (egui_plot): each side's tempo count and
//! captured seeds over the moves of the game (x = moves played), the
//! position on view marked, and a line being studied (the solver's
//! principal line or a study's line) drawn on past it, dashed.
//!
//! Bao la Kimasai has no tempo count and no captured store (raids move
//! seeds across the board), so there the plot shows each side's seeds on
//! its own rows and in its reserve.

use crate::engine::{Move, Position, Side, group_digits};
use egui_plot::{GridInput, GridMark, Line, LineStyle, Plot, PlotPoints, Points, VLine};

/// Figures of one position for the plot.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Figures {
    /// Tempo (En Gehé) or seeds on the side's rows (Bao la Kimasai).
    pub upper: [f64; 2],
    /// Captured seeds (En Gehé) or seeds in reserve (Bao la Kimasai).
    pub lower: [f64; 2],
}

impl Figures {
    pub fn of(pos: &Position) -> Figures {
        let sides = [Side::South, Side::North];
        if pos.variant().is_en_gehe() {
            Figures {
                upper: sides.map(|s| pos.tempo(s) as f64),
                lower: sides.map(|s| pos.captured(s) as f64),
            }
        } else {
            Figures {
                upper: sides.map(|s| pos.row(s).iter().map(|&c| c as f64).sum()),
                lower: sides.map(|s| pos.reserve(s) as f64),
            }
        }
    }
}

/// The two plots' titles and series names for a variant.
pub fn labels(en_gehe: bool) -> ([&'static str; 2], [&'static str; 2], [&'static str; 2]) {
    if en_gehe {
        (
            ["Tempo", "Captured seeds"],
            ["South's tempo", "North's tempo"],
            ["South's captured seeds", "North's captured seeds"],
        )
    } else {
        (
            ["Seeds on the board", "Seeds in reserve"],
            ["South's seeds on the board", "North's seeds on the board"],
            ["South's reserve", "North's reserve"],
        )
    }
}

/// A line drawn on from a position of the game: from move `from` (the
/// position on view) along `moves`, named for the legend.
pub struct Continuation<'a> {
    pub from: usize,
    pub start: Position,
    pub moves: &'a [Move],
    pub name: &'a str,
    /// What a click on the line does to its position, after "click to"
    /// ("view it", "play the line to it").
    pub follow: &'a str,
    /// Past this many of its moves the line parts from the game's own later
    /// moves, and a click there does this instead ("play the line to it in
    /// place of the game's later moves, asked first").
    pub follow_replacing: Option<(usize, &'a str)>,
}

/// What a click on the plots asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlotClick {
    /// The game's position after this many moves.
    Game(usize),
    /// The position this many moves along the dashed line (from the
    /// position on view): the game's own position there may be another.
    Line(usize),
}

/// Counts up to this are plotted from zero; larger ones are fitted.
const FROM_ZERO_UP_TO: f64 = 40.0;

/// The values a plot's y axis must at least span, for values from `lo` to
/// `hi` (`None`: no values). Seed counts of Bao la Kimasai and small
/// captured counts from zero (up to at least 5 while little or nothing is
/// captured), and values reaching down near zero; tempo and large captured counts fitted to their values, with
/// at least 10 units (1 % of a tempo) of axis so a flat line is not blown
/// up into a drama of ±2.
fn y_span(tempo: bool, bao: bool, lo: f64, hi: f64) -> Option<(f64, f64)> {
    if !lo.is_finite() {
        return None;
    }
    if bao || (!tempo && hi <= FROM_ZERO_UP_TO) {
        // Up to at least 5, the first labelled mark above 0 of a short
        // chart: with 4, a capture of 3 had "0" alone beside it.
        return Some((0.0, hi.max(5.0)));
    }
    // Values that reach down near zero (an endgame's tempo of 31 against
    // 244) are read from it: fitted, the 31 sat on the chart's floor with
    // no line under it, and read as 0.
    if lo >= 0.0 && lo < (hi - lo) / 2.0 {
        return Some((0.0, hi));
    }
    let least = if tempo { (0.01 * hi).max(10.0) } else { 10.0 };
    let mid = (lo + hi) / 2.0;
    let half = (hi - lo).max(least) / 2.0;
    Some((mid - half, mid + half))
}

/// The figures of each position along a line from `start`, sown once
/// per line: the line is drawn every frame, and a long one (a solver's
/// line of hundreds of moves) was played through again at each.
fn line_figures(ui: &egui::Ui, start: Position, moves: &[Move]) -> Vec<Figures> {
    type Kept = (Position, Vec<Move>, Vec<Figures>);
    let id = egui::Id::unique("tempo-plot-line-figures");
    if let Some((s, m, figs)) = ui
        .data(|d| d.get_temp::<std::sync::Arc<Kept>>(id))
        .as_deref()
        && *s == start
        && m == moves
    {
        return figs.clone();
    }
    let mut p = start;
    let mut figs = vec![Figures::of(&p)];
    for &mv in moves {
        if p.play(mv).is_err() {
            break;
        }
        figs.push(Figures::of(&p));
    }
    let kept: Kept = (start, moves.to_vec(), figs.clone());
    ui.data_mut(|d| d.insert_temp(id, std::sync::Arc::new(kept)));
    figs
}

/// Draws the two plots side by side; returns the position a click on
/// either chart asks for.
pub fn plot_ui(
    ui: &mut egui::Ui,
    positions: &[Position],
    view: usize,
    line: Option<Continuation<'_>>,
) -> Option<PlotClick> {
    let first = positions.first()?;
    let mut clicked = None;
    let en_gehe = first.variant().is_en_gehe();
    let (titles, upper_names, lower_names) = labels(en_gehe);
    let game: Vec<Figures> = positions.iter().map(Figures::of).collect();
    let cont: Option<(usize, Vec<Figures>, &str)> = line
        .as_ref()
        .map(|c| (c.from, line_figures(ui, c.start, c.moves), c.name));
    let follow_to = |k: usize| match line.as_ref() {
        Some(Continuation {
            follow_replacing: Some((shared, replacing)),
            ..
        }) if k > *shared => *replacing,
        Some(c) => c.follow,
        None => "view it",
    };
    // The dashed line's step at `moves` played, where it has one.
    let line_step = |moves: usize| {
        let (from, figs, _) = cont.as_ref()?;
        let k = moves.checked_sub(*from)?;
        (k < figs.len()).then_some(k)
    };
    let colors = side_colours(ui.visuals().dark_mode);
    // Half the panel each, however narrow (side panels may leave little).
    let width = ((ui.available_width() - 16.0) / 2.0).max(80.0);
    // The panel's height: inside the row below, "available" is the row's.
    let panel_height = ui.available_height();
    // Both title lines take the taller one's height (as last drawn), so
    // the two charts start level: a legend wrapped to a second line set
    // one chart lower than the other.
    let titles_id = egui::Id::unique("plot-titles-height");
    let titles_height: f32 = ui.data(|d| d.get_temp(titles_id)).unwrap_or(0.0);
    let mut tallest = 0.0f32;
    ui.horizontal(|ui| {
        for (k, title) in titles.iter().enumerate() {
            ui.vertical(|ui| {
                let top = ui.cursor().top();
                // Each plot keeps to its half: a long title line wraps.
                ui.set_max_width(width);
                let names = if k == 0 { upper_names } else { lower_names };
                // The legend sits in the title line, where it hides no line
                // of the plot (tempo can rise or fall, so no corner is free).
                ui.horizontal_wrapped(|ui| {
                    // Items move to the next line whole.
                    let item = |ui: &mut egui::Ui, text: egui::RichText| {
                        ui.add(egui::Label::new(text).wrap_mode(egui::TextWrapMode::Extend));
                    };
                    item(ui, egui::RichText::new(*title).strong());
                    // Each side in its line's colour: the title says what
                    // is plotted, so the side's name is enough (and the
                    // line stays one row in a narrow panel). The series'
                    // full names show on hover.
                    for side in 0..2 {
                        let who = if side == 0 { "South" } else { "North" };
                        ui.add(
                            egui::Label::new(egui::RichText::new(who).color(colors[side]))
                                .wrap_mode(egui::TextWrapMode::Extend),
                        )
                        .on_hover_text(names[side]);
                    }
                    // Grey, like the line that marks the position on view.
                    item(ui, egui::RichText::new("on view").weak());
                    if let Some((_, _, name)) = &cont {
                        item(ui, egui::RichText::new(format!("dashed: {name}")).weak());
                    }
                });
                let used = ui.cursor().top() - top;
                tallest = tallest.max(used);
                if used < titles_height {
                    ui.add_space(titles_height - used);
                }
                // What the title line (one or more lines) leaves.
                let height = (panel_height - (ui.cursor().top() - top)).max(40.0);
                // Small seed counts are read from zero (a Bao la Kimasai
                // row's few seeds otherwise span no labelled grid line);
                // tempo, in the thousands, and large captured counts (an
                // endgame's 190 against 196) are read by their changes,
                // with at least a few units of axis when they are flat.
                let pick_k = |f: &Figures| if k == 0 { f.upper } else { f.lower };
                let values = game
                    .iter()
                    .chain(cont.iter().flat_map(|(_, figs, _)| figs.iter()))
                    .flat_map(pick_k);
                let (lo, hi) = values.fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), v| {
                    (lo.min(v), hi.max(v))
                });

                let last = game.len() - 1;
                // The position the hover label names this frame, if any.
                let labelled = std::cell::Cell::new(None);
                // The dashed series' names: their points are the line's,
                // not the game's (whose position at that move may differ).
                let dashed: [String; 2] = std::array::from_fn(|side| match &cont {
                    Some((_, _, line)) => format!("{} ({line})", names[side]),
                    None => String::new(),
                });
                // A game of no or few moves still gets a few moves of axis
                // from 0 (one point alone is centred, with negative moves).
                let mut chart = Plot::new(("tempo-plot", k))
                    // No Tab stop: a focused chart shows nothing.
                    .sense(egui::Sense::CLICK | egui::Sense::DRAG)
                    .width(width)
                    .height(height)
                    // Thick enough for the tick labels and the title
                    // under them (in a short panel the title was drawn over
                    // the middle tick label).
                    .custom_x_axes(vec![
                        egui_plot::AxisHints::new_x()
                            .label("moves played")
                            .min_thickness(38.0)
                            // Move numbers are short: egui_plot's 60 px
                            // (made for wide labels) left a half-width
                            // chart of a few moves with "0" alone. Labels
                            // that would not fit are still left out; a long
                            // game's four-digit numbers need more room
                            // ("500600" ran together at 24 px).
                            .label_spacing(label_spacing(game.len()))
                            .formatter(grouped_mark),
                    ])
                    // Grouped as the board's figures are ("tempo 4,900"):
                    // "4930" beside the board's "4,930" read as another
                    // number.
                    .custom_y_axes(vec![egui_plot::AxisHints::new_y().formatter(grouped_mark)])
                    .include_x(0.0)
                    .include_x(4.0)
                    .x_grid_spacer(one_two_five_spacer)
                    .y_grid_spacer(one_two_five_spacer)
                    // Room above and below the extreme values, so their
                    // dots do not sit on the frame.
                    .set_margin_fraction(egui::vec2(0.05, 0.12))
                    .allow_scroll(false)
                    // What the pointer is over, in the game's words; a
                    // click there views that position.
                    .label_formatter(|at| {
                        let (name, point) = match at {
                            egui_plot::HoverPosition::NearDataPoint {
                                plot_name,
                                position,
                                ..
                            } => (Some(*plot_name), position),
                            egui_plot::HoverPosition::Elsewhere { position } => (None, position),
                        };
                        let moves = point.x.round();
                        if moves < 0.0 {
                            return None;
                        }
                        // (-0.4 rounds to -0: "after -0 moves".)
                        let moves = moves.abs() as usize;
                        let after =
                            format!("after {moves} move{}", if moves == 1 { "" } else { "s" });
                        let value = |v: f64| group_digits(v.round().max(0.0) as u64);
                        // A click goes where the label says (near a line
                        // that is the nearest point's, not the one under
                        // the pointer's x; on the dashed line, the line's
                        // position, not the game's).
                        let (click, verb, text) = match name.filter(|n| !n.is_empty()) {
                            Some(name) if dashed.iter().any(|d| d == name) => {
                                let k = line_step(moves)?;
                                let text = format!("{name} {after}: {}", value(point.y));
                                // Its first point is the position on view.
                                let verb = if k > 0 { follow_to(k) } else { "view it" };
                                (PlotClick::Line(k), verb, text)
                            }
                            Some(name) if moves <= last => {
                                let text = format!("{name} {after}: {}", value(point.y));
                                (PlotClick::Game(moves), "view it", text)
                            }
                            // Away from the lines, both sides' figures
                            // there (it said only "after 15 moves"): the
                            // game's, and past its end the dashed line's.
                            None if moves <= last => {
                                let f = pick_k(&game[moves]);
                                let text = format!(
                                    "{after}: South {}, North {}",
                                    value(f[0]),
                                    value(f[1])
                                );
                                (PlotClick::Game(moves), "view it", text)
                            }
                            None => {
                                let k = line_step(moves)?;
                                let (_, figs, line) = cont.as_ref()?;
                                let f = pick_k(&figs[k]);
                                let text = format!(
                                    "{after}, on the {line}: South {}, North {}",
                                    value(f[0]),
                                    value(f[1])
                                );
                                (PlotClick::Line(k), follow_to(k), text)
                            }
                            Some(_) => return None,
                        };
                        labelled.set(Some(click));
                        Some(format!("{text}\n(click to {verb})"))
                    });
                if let Some((bottom, top)) = y_span(en_gehe && k == 0, !en_gehe, lo, hi) {
                    chart = chart.include_y(bottom).include_y(top);
                }
                let shown = chart.show(ui, |plot| {
                    for side in 0..2 {
                        let pick = |f: &Figures| if k == 0 { f.upper[side] } else { f.lower[side] };
                        let pts: PlotPoints = game
                            .iter()
                            .enumerate()
                            .map(|(x, f)| [x as f64, pick(f)])
                            .collect();
                        // The first side's line and dot are drawn wider
                        // and first, so where both sides have the same
                        // figures the first shows round the second
                        // instead of vanishing under it.
                        let (width, radius) = if side == 0 { (4.5, 5.5) } else { (2.0, 3.5) };
                        plot.line(Line::new(names[side], pts).color(colors[side]).width(width));
                        // A dot at the position on view: its value at a
                        // glance, and something to see before any move.
                        if let Some(f) = game.get(view) {
                            plot.points(
                                Points::new(names[side], vec![[view as f64, pick(f)]])
                                    .radius(radius)
                                    .color(colors[side]),
                            );
                        }
                        if let Some((from, figs, _)) = &cont {
                            let pts: PlotPoints = figs
                                .iter()
                                .enumerate()
                                .map(|(x, f)| [(from + x) as f64, pick(f)])
                                .collect();
                            // The game's series' colour, dashed: the title
                            // line's names serve both (the hover label
                            // names the line).
                            plot.line(
                                Line::new(dashed[side].as_str(), pts)
                                    .color(colors[side])
                                    .style(LineStyle::dashed_loose()),
                            );
                        }
                    }
                    plot.vline(VLine::new("on view", view as f64).color(egui::Color32::GRAY));
                });
                // A click goes to the position the label names, or else to
                // the nearest move (of the dashed line past the game's
                // end): a long game's far moves are a click away, not a
                // hundred keys.
                if shown.response.clicked()
                    && let Some(at) = shown.response.interact_pointer_pos()
                {
                    let x = shown.transform.value_from_position(at).x.round().max(0.0) as usize;
                    // (Past both ends: the game's last position, as before;
                    // a short line's last one played a line, or cut the
                    // game, from a click on empty chart.)
                    let nearest = match line_step(x) {
                        Some(k) if x > last => PlotClick::Line(k),
                        _ => PlotClick::Game(x.min(last)),
                    };
                    clicked = Some(labelled.get().unwrap_or(nearest));
                }
            });
        }
    });
    if (tallest - titles_height).abs() > 0.5 {
        ui.data_mut(|d| d.insert_temp(titles_id, tallest));
        ui.ctx().request_repaint();
    }
    clicked
}

/// The least and the comfortable room between the move axis's labels, for
/// a game of `positions`: about a digit's width each, and a gap.
fn label_spacing(positions: usize) -> std::ops::RangeInclusive<f32> {
    let digits = positions.max(1).to_string().len() as f32;
    let least = 10.0 + 7.0 * digits;
    least..=least + 12.0
}

impl super::MaasaiApp {
    /// The plot panel: the game, and the line being studied from the
    /// position on view (a study's line in book mode, else the solver's
    /// principal line when the position on view is solved, except in an
    /// exercise).
    pub(super) fn tempo_plot_ui(&self, ui: &mut egui::Ui) -> Vec<super::AppCommand> {
        let rt = &self.rt;
        let shown = *rt.shown_position();
        let study_line = self.studies.active.as_ref().and_then(|a| {
            let step = a.book_step(rt)?;
            (a.mode == super::studies_ui::Mode::Book)
                .then(|| (step, a.line(a.line).0.split_off(step)))
        });
        // An exercise's answer is for the user to find: no solver line then.
        let solved = self
            .solver
            .shown_solution(rt)
            .filter(|_| !self.studies.exercising());
        // A click on the study line steps the book there; on the
        // solver's, plays the line to there (as its moves' buttons do).
        let (moves, name, follow): (&[Move], &str, &str) = match (&study_line, solved) {
            (Some((_, m)), _) if !m.is_empty() => (m, "study line", "view it"),
            (_, Some(s)) if !s.pv.is_empty() => (&s.pv, "solver line", "play the line to it"),
            _ => (&[], "", ""),
        };
        // From an earlier position the solver's line, where it parts from
        // the game's later moves, takes their place: "Play from here?"
        // asks about that, and the label says so.
        let later = &rt.game.moves()[rt.view.min(rt.game.moves().len())..];
        let solver_line = !matches!(&study_line, Some((_, m)) if !m.is_empty());
        let shared = super::shared_start(later, moves);
        let follow_replacing = (solver_line && shared < later.len()).then_some((
            shared,
            "play the line to it in place of the game's later moves, asked first",
        ));
        let line = (!moves.is_empty()).then_some(Continuation {
            from: rt.view,
            start: shown,
            moves,
            name,
            follow,
            follow_replacing,
        });
        let command = match plot_ui(ui, rt.game.positions(), rt.view, line) {
            Some(PlotClick::Game(view)) if view != rt.view => {
                Some(super::AppCommand::view_at(view))
            }
            Some(PlotClick::Line(k)) if k > 0 => Some(match &study_line {
                Some((step, m)) if !m.is_empty() => {
                    super::AppCommand::Study(super::studies_ui::StudyCommand::Step(step + k))
                }
                _ => super::AppCommand::Solver(super::solver_panel::SolverCommand::PlayLine(k)),
            }),
            _ => None,
        };
        command.into_iter().collect()
    }
}

/// Grid lines at steps of 1, 2 or 5 times a power of ten, the finest that
/// egui_plot's least spacing allows, and the next two up. Its own powers of
/// ten left a short plot of 0 to 8 seeds, or of tempo 110 to 119, with a
/// single labelled line.
/// An axis label: the grid's whole number with its digits grouped, as
/// every count in the window is ("4,900", "1,200").
fn grouped_mark(mark: GridMark, _shown: &std::ops::RangeInclusive<f64>) -> String {
    let value = mark.value.round();
    let digits = group_digits(value.abs() as u64);
    if value < 0.0 {
        format!("-{digits}")
    } else {
        digits
    }
}

fn one_two_five_spacer(input: GridInput) -> Vec<GridMark> {
    let (lo, hi) = input.bounds;
    // Seeds and tempo are whole numbers: no step under one.
    let least = input.base_step_size.abs().max(1.0);
    let decade = 10f64.powi(least.log10().floor() as i32);
    // The finest 1-2-5 step at least `least`, and two coarser ones that
    // fall on its lines (so no label sits between two finer ones).
    let steps = if decade >= least {
        [decade, 5.0 * decade, 10.0 * decade]
    } else if 2.0 * decade >= least {
        [2.0 * decade, 10.0 * decade, 50.0 * decade]
    } else if 5.0 * decade >= least {
        [5.0 * decade, 10.0 * decade, 50.0 * decade]
    } else {
        [10.0 * decade, 50.0 * decade, 100.0 * decade]
    };
    let mut marks = Vec::new();
    let mut seen = std::collections::BTreeSet::new();
    // Coarsest first, so a value keeps its coarsest step (its thickest line).
    for &s in steps.iter().rev() {
        let first = (lo / s).ceil() as i64;
        let last = (hi / s).floor() as i64;
        for i in first..=last.min(first + 1000) {
            let value = i as f64 * s;
            if seen.insert(value.to_bits()) {
                marks.push(GridMark {
                    value,
                    step_size: s,
                });
            }
        }
    }
    marks
}

/// South's and North's colours in the plots, each readable on its
/// theme's panel (the light theme's blue was 2.8:1 on the dark one).
fn side_colours(dark: bool) -> [egui::Color32; 2] {
    if dark {
        [
            egui::Color32::from_rgb(0xe0, 0x70, 0x3a),
            egui::Color32::from_rgb(0x5a, 0x9b, 0xe6),
        ]
    } else {
        [
            egui::Color32::from_rgb(0xc0, 0x50, 0x20),
            egui::Color32::from_rgb(0x20, 0x60, 0xb0),
        ]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_s_figures_are_kept_for_that_line_only() {
        let start = crate::engine::GameOptions::en_gehe(6).start().unwrap();
        let played = |moves: &[Move]| {
            let mut p = start;
            let mut figs = vec![Figures::of(&p)];
            for &mv in moves {
                p.play(mv).unwrap();
                figs.push(Figures::of(&p));
            }
            figs
        };
        let first = start.legal_moves();
        let one = [first[0]];
        let mut after = start;
        after.play(first[1]).unwrap();
        let two = [first[1], after.legal_moves()[0]];
        let ctx = egui::Context::default();
        let mut output = ctx.run_ui(Default::default(), |ui| {
            for line in [&one[..], &one[..], &two[..], &[], &one[..]] {
                assert_eq!(line_figures(ui, start, line), played(line));
            }
            // Another start, the same moves: figures of its own.
            let other = crate::engine::GameOptions::en_gehe(7).start().unwrap();
            let mut p = other;
            p.play(one[0]).unwrap();
            assert_eq!(
                line_figures(ui, other, &one),
                vec![Figures::of(&other), Figures::of(&p)]
            );
        });
        // No renderer takes the font atlas (debug builds check).
        output.textures_delta.clear();
    }

    #[test]
    fn the_sides_colours_read_on_the_dark_theme_s_panel_and_plot() {
        let dark = egui::Visuals::dark();
        for colour in side_colours(true) {
            for ground in [dark.panel_fill, dark.extreme_bg_color] {
                let c = crate::app::contrast(colour, ground);
                assert!(c >= 4.5, "{colour:?} on {ground:?}: {c:.2}");
            }
        }
    }

    fn values(bounds: (f64, f64), base_step_size: f64) -> Vec<f64> {
        let mut v: Vec<f64> = one_two_five_spacer(GridInput {
            bounds,
            base_step_size,
        })
        .into_iter()
        .map(|m| m.value)
        .collect();
        v.sort_by(f64::total_cmp);
        v
    }

    #[test]
    fn short_ranges_get_lines_at_one_two_five_steps() {
        // 0 to 8 seeds with a least step of 1.3: lines every 2 (and 10).
        assert_eq!(values((0.0, 8.4), 1.3), vec![0.0, 2.0, 4.0, 6.0, 8.0]);
        // Tempo 110 to 119 with a least step of 3: every 5.
        assert_eq!(values((109.5, 119.5), 3.0), vec![110.0, 115.0]);
        // Never finer than one.
        assert_eq!(values((0.0, 3.0), 0.2), vec![0.0, 1.0, 2.0, 3.0]);
    }
}

#[cfg(test)]
mod y_span_tests {
    use super::y_span;

    #[test]
    fn captured_counts_of_an_endgame_are_fitted_and_flat_lines_keep_some_axis() {
        // Early in a game: from zero, at least 4 seeds of axis.
        assert_eq!(y_span(false, false, 0.0, 0.0), Some((0.0, 5.0)));
        assert_eq!(y_span(false, false, 0.0, 3.0), Some((0.0, 5.0)));
        assert_eq!(y_span(false, false, 0.0, 12.0), Some((0.0, 12.0)));
        // An endgame's 190 against 196: fitted, not 0 to 200.
        assert_eq!(y_span(false, false, 190.0, 196.0), Some((188.0, 198.0)));
        // A flat tempo of 4,900 spans 49 units, not 4898 to 4902.
        assert_eq!(y_span(true, false, 4900.0, 4900.0), Some((4875.5, 4924.5)));
        // Tempo that moves is fitted to its values.
        assert_eq!(y_span(true, false, 100.0, 300.0), Some((100.0, 300.0)));
        // Down near zero, from zero: 31 against 244 read as 0 on the floor.
        assert_eq!(y_span(true, false, 31.0, 244.0), Some((0.0, 244.0)));
        assert_eq!(y_span(false, false, 20.0, 150.0), Some((0.0, 150.0)));
        // Bao la Kimasai's counts are read from zero.
        assert_eq!(y_span(false, true, 50.0, 60.0), Some((0.0, 60.0)));
        assert_eq!(y_span(false, false, f64::INFINITY, f64::NEG_INFINITY), None);
    }
}
