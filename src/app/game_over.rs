//! The result panel: shown with the finished game's last position until
//! dismissed; the board stays browsable, the panel going meanwhile.

use super::AppCommand;
use super::state::Runtime;
use crate::engine::Side;

/// The result window's title.
pub const TITLE: &str = "Game over";

/// Whether the result window is to be shown: the game is over, the window
/// was not dismissed, and its last position is on view with the last move
/// sown. An earlier position (or the last move being replayed) is a game
/// still in play: the window goes while it is browsed and comes back with
/// the end (it came back over an earlier move picked in the list, and went
/// while the last move was replayed).
fn due(rt: &Runtime) -> bool {
    rt.result().is_some()
        && rt.game_over_dismissed != Some(rt.ending())
        && rt.live()
        && !rt.animating()
}

/// The size [`place`] assumes for the result window (its real size is not
/// known before its first frame). A compact one (no table of counts:
/// Bao la Kimasai) is smaller.
fn assumed_size(compact: bool) -> egui::Vec2 {
    if compact {
        egui::vec2(300.0, 120.0)
    } else {
        egui::vec2(340.0, 230.0)
    }
}

/// The narrowest a compact window gets: its two buttons side by side.
const NARROWEST: f32 = 150.0;

/// The least gap beside the board in which a compact result window (Bao
/// la Kimasai's) is placed, narrowed: as wide as its buttons and its
/// title, and its frame.
pub fn narrowest_beside(ctx: &egui::Context) -> f32 {
    NARROWEST.max(title_bar(ctx)) + 12.0
}

/// The width the window's title bar needs: its title and the button that
/// folds the window ("Game o…" was cut in a window as narrow as the title
/// alone).
fn title_bar(ctx: &egui::Context) -> f32 {
    let style = ctx.global_style();
    let button = ctx.fonts_mut(|f| f.row_height(&egui::TextStyle::Heading.resolve(&style)));
    super::dialogs::title_bar_width(ctx, TITLE) + button + 2.0 * style.spacing.item_spacing.x
}

/// Where the window remembers the ending it was last shown for.
fn shown_id() -> egui::Id {
    egui::Id::unique("game-over-shown")
}

/// The room the result window wants in the board's area while it is
/// shown, for the board to leave it free where it can: `None` when there
/// is no window to show. Kept while the last move is stepped through
/// once the window has been shown for this ending: it goes while the
/// move is sown and comes back at its end, and the board grew and shrank
/// again at every step across the last seed.
/// `compact`: the window has no table of counts and narrows to a gap
/// beside the board of [`narrowest_beside`].
pub fn room_wanted(ctx: &egui::Context, rt: &Runtime) -> Option<(egui::Vec2, bool)> {
    let result = rt.result()?;
    let shown = ctx.data(|d| d.get_temp::<(u64, usize, u64)>(shown_id())) == Some(rt.ending());
    let wanted = due(rt) || (shown && rt.live() && rt.game_over_dismissed != Some(rt.ending()));
    let compact = result.score.is_none();
    wanted.then(|| (assumed_size(compact), compact))
}

/// What the keys of the frame before were busy with: a hole being typed
/// or a focused widget (a text field, a button reached with Tab) has the
/// Esc or Enter pressed next, even where that press ends it (a one-line
/// field gives up the focus, a typed hole is played or cleared, before
/// the result window is drawn).
#[derive(Clone, Copy, Debug)]
struct KeysBefore {
    pass: u64,
    busy: bool,
}

/// Esc or Enter pressed in this frame for the result window (Help: "Esc /
/// Enter in a dialog: cancel / take its first button", which is Dismiss):
/// not when the keys are another's (see [`KeysBefore`]), nor while the help
/// or the study library is open (Esc closes those first).
fn dismiss_key(ctx: &egui::Context, rt: &Runtime) -> bool {
    let id = egui::Id::unique("game-over-keys");
    let pass = ctx.cumulative_pass_nr();
    let before = ctx.data(|d| d.get_temp::<KeysBefore>(id));
    let busy = !rt.typed.is_empty() || ctx.egui_wants_keyboard_input();
    ctx.data_mut(|d| d.insert_temp(id, KeysBefore { pass, busy }));
    // (After a frame without the window, a dialog's say, the keys wait.)
    let free = before.is_some_and(|b| b.pass + 1 == pass && !b.busy)
        && !busy
        && !rt.help_open
        && !super::studies_ui::library_in_sight(ctx);
    // The board's keys take Esc out of the frame's input (a hole half
    // typed, the help), and a hole typed with its Enter in one frame is
    // that Enter's: the frame's raw input says what was pressed.
    let (esc, enter, typed) = ctx.input(|i| {
        let pressed = |key| {
            i.raw.events.iter().any(|e| {
                matches!(e, egui::Event::Key { key: k, pressed: true, modifiers, .. }
                    if *k == key && modifiers.is_none())
            })
        };
        let typed = i
            .raw
            .events
            .iter()
            .any(|e| matches!(e, egui::Event::Text(_)));
        (pressed(egui::Key::Escape), pressed(egui::Key::Enter), typed)
    });
    free && (esc || (enter && !typed))
}

pub fn game_over_ui(ctx: &egui::Context, rt: &Runtime) -> Vec<AppCommand> {
    let mut commands = Vec::new();
    // Looked at in every frame: what the keys were busy with is needed
    // from the frame before the window's.
    let dismiss = dismiss_key(ctx, rt);
    let Some(result) = rt.result() else {
        return commands;
    };
    if !due(rt) {
        return commands;
    }
    // Placed once, where the board is: not while the panels around it are
    // still finding their sizes (a game opened at start), though never
    // held back for long.
    if (1..10).contains(&rt.board_area_unsettled) {
        ctx.request_repaint();
        return commands;
    }
    // The window is never narrower than its title bar needs.
    let title_bar = title_bar(ctx);
    let (at, width) = place(ctx, rt, result.score.is_none());
    // A window of its own for each finished game, placed anew; it may be
    // dragged or folded away. egui keeps a window's place by its id, so the
    // id changes whenever it is to be placed again: with the run (game
    // numbers start again each run), with the main window's size and the
    // layout around the board (a panel closed or opened moves the board
    // under it), and when a window that came out taller than assumed (its
    // place is chosen before its size is known) is moved back inside.
    let screen = ctx.content_rect();
    let layout = layout_key(rt);
    let key = egui::Id::unique(("game-over", run_id(), rt.game_id, rt.game.moves().len()));
    let placed = ctx
        .data(|d| d.get_temp::<Placed>(key))
        .filter(|p| p.screen == screen && p.layout == layout);
    let generation = placed.map_or(0, |p| p.generation);
    let at = placed.and_then(|p| p.at).unwrap_or(at);
    let id = key.with((
        screen.width() as u32,
        screen.height() as u32,
        layout,
        generation,
    ));
    let shown = egui::Window::new(TITLE)
        .id(id)
        .collapsible(true)
        .resizable(false)
        .movable(true)
        .default_pos(at)
        // Its first frame, before its size is known, must not push it
        // back over the board: `place` keeps it inside the window.
        .constrain(false)
        .max_width(width)
        .show(ctx, |ui| {
            // As wide as its title: the window is as wide as what it
            // holds, and a short wrapped text left "Game o…" in its bar.
            // (A window's frame adds about 12 px to its content's width.)
            ui.set_min_width((title_bar - 12.0).min(width));
            let winner = match result.winner {
                Some(side) => format!("{} wins", rt.names[side.index()]),
                None => "A draw".to_string(),
            };
            ui.heading(winner);
            ui.label(rt.describe_result(&result));
            let pos = rt.game.current();
            if let Some(score) = result.score {
                egui::Grid::new("final-counts")
                    .striped(true)
                    .show(ui, |ui| {
                        ui.strong("Team");
                        ui.strong("Captured");
                        ui.strong("Remainder");
                        ui.strong("Final");
                        ui.end_row();
                        for (side, [captured, board, total]) in
                            Side::BOTH.into_iter().zip(final_counts(pos, score))
                        {
                            ui.label(&rt.names[side.index()]);
                            ui.label(captured.to_string());
                            ui.label(board.to_string());
                            ui.strong(total.to_string());
                            ui.end_row();
                        }
                    });
                // (The sentence above already says who takes the remainder.)
            }
            // Wrapped: a row of the two buttons wider than the window
            // widened its frame past its title bar.
            ui.horizontal_wrapped(|ui| {
                if ui.button("Dismiss").clicked() {
                    commands.push(AppCommand::DismissGameOver);
                }
                if ui.button("New game…").clicked() {
                    commands.push(AppCommand::OpenNewGame);
                }
            });
        });
    if let Some(shown) = shown {
        ctx.data_mut(|d| d.insert_temp(shown_id(), rt.ending()));
        if dismiss && commands.is_empty() {
            commands.push(AppCommand::DismissGameOver);
        }
        let frame = shown.response.rect;
        let mut p = placed.unwrap_or(Placed {
            screen,
            layout,
            generation: 0,
            checks: 0,
            at: None,
        });
        // The first frames only: after that a place is the user's choice.
        if p.checks < 3
            && let Some(inside) = inside(rt, screen, frame)
        {
            p.generation += 1;
            p.at = Some(inside);
            ctx.request_repaint();
        }
        p.checks += 1;
        ctx.data_mut(|d| d.insert_temp(key, p));
    }
    commands
}

/// Each side's row of the result table (South's first): captured, taken
/// from the board at the end, final. What the board gave is the final
/// count less the captured one, so the row adds up however the game
/// ended: the remainder to the last mover, or after a repetition each
/// side's own row (RULES.md).
pub fn final_counts(last: &crate::engine::Position, score: [u32; 2]) -> [[u32; 3]; 2] {
    Side::BOTH.map(|side| {
        let captured = last.captured(side);
        let total = score[side.index()];
        [captured, total.saturating_sub(captured), total]
    })
}

/// Where the result window was placed: for the main window's size and the
/// layout then, which window (a new one for each correction), the frames
/// it has been checked in, and the corrected place.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Placed {
    screen: egui::Rect,
    layout: u64,
    generation: u32,
    checks: u32,
    at: Option<egui::Pos2>,
}

/// The layout the window's place was chosen for: the board's area, the
/// foot of the lines under the board and the council's panel, to the pixel.
fn layout_key(rt: &Runtime) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut h = std::collections::hash_map::DefaultHasher::new();
    let rects = [
        rt.board_area.map(|(area, _)| area),
        rt.council_rect,
        rt.plot_rect,
    ];
    for r in rects.iter().flatten() {
        [r.min.x, r.min.y, r.max.x, r.max.y]
            .map(|v| v.round() as i32)
            .hash(&mut h);
    }
    rects.map(|r| r.is_some()).hash(&mut h);
    // The lines under the board: the window goes under them.
    rt.lines_foot.map(|y| y.round() as i32).hash(&mut h);
    h.finish()
}

/// A place for a window now at `frame` that keeps it on screen and off the
/// bars under the board's area and the council (the controls), if it is not
/// there already.
fn inside(rt: &Runtime, screen: egui::Rect, frame: egui::Rect) -> Option<egui::Pos2> {
    let floor = match rt.board_area {
        Some((area, _)) => [rt.council_rect, rt.plot_rect]
            .iter()
            .flatten()
            .fold(area.bottom(), |floor, r| floor.max(r.bottom())),
        None => screen.bottom(),
    }
    .min(screen.bottom());
    let x = frame
        .left()
        .min(screen.right() - frame.width())
        .max(screen.left());
    let y = frame.top().min(floor - frame.height()).max(screen.top());
    let at = egui::pos2(x, y);
    ((at - frame.min).length() > 0.5).then_some(at)
}

/// A number drawn once per run of the program.
fn run_id() -> u64 {
    static RUN: std::sync::OnceLock<u64> = std::sync::OnceLock::new();
    *RUN.get_or_init(rand::random)
}

/// Where the result window's top left corner first appears: beside the
/// board where the area has room for it there, else in the larger gap above
/// or below the board, else where it hides the least (the board counting
/// most, then the lines around the board, the plots and the council); and its
/// width. (Its size is not known before its first frame, so its usual size
/// is assumed.) A `compact` window (no table
/// of counts: Bao la Kimasai) narrows, its text wrapping, to fit a gap
/// beside the board, never below [`narrowest_beside`].
fn place(ctx: &egui::Context, rt: &Runtime, compact: bool) -> (egui::Pos2, f32) {
    use egui::{Rect, pos2, vec2};
    // The final counts' table makes En Gehé's wider and taller.
    let size = assumed_size(compact);
    let (mut w, mut h) = (size.x, size.y);
    // About the side line, the status line and the hint.
    const LINES: f32 = 64.0;
    // The narrowest the window with the final counts' table gets, its
    // frame included.
    const NARROWEST_TABLE: f32 = 250.0;
    let screen = ctx.content_rect();
    let Some((area, board)) = rt.board_area else {
        return (pos2(screen.left() + 16.0, screen.bottom() - 56.0 - h), w);
    };
    // The lines under the board as tall as they were drawn (a study adds
    // one), with a little air.
    let under = rt
        .lines_foot
        .map_or(LINES, |foot| (foot - board.bottom() + 4.0).max(0.0));
    let left_gap = board.left() - area.left();
    let right_gap = area.right() - board.right();
    let gap = left_gap.max(right_gap);
    // Nor narrower than its title: "Game o…" read in a narrow gap. (The
    // board leaves this gap for it: see `board::board_ui`.)
    if compact && gap < w && gap >= narrowest_beside(ctx) {
        // A window's frame adds about 12 px to its content's width.
        (w, h) = (gap - 12.0, 170.0);
    }
    let top = (board.center().y - h / 2.0).max(area.top());
    let content = w - 12.0;
    if left_gap >= w {
        return (pos2(area.left() + (left_gap - w) / 2.0, top), content);
    }
    if right_gap >= w {
        return (pos2(board.right() + (right_gap - w) / 2.0, top), content);
    }
    // The side line above the board (reserves, tempo).
    const SIDE_LINE: f32 = 24.0;
    let above = board.top() - area.top() - LINES;
    let below = area.bottom() - board.bottom() - under;
    let x = area.center().x - w / 2.0;
    if above >= h && above >= below {
        return (pos2(x, board.top() - LINES - h), content);
    }
    if below >= h {
        return (pos2(x, board.bottom() + under), content);
    }
    // A council column beside the board with nothing left to advise takes
    // the window at its foot (its Review button stays in sight at its
    // top), narrowed to the column if need be: wider, the window poked
    // into the board's area, or went over the plots and the lines and
    // panels above them.
    if let Some(council) = rt.council_rect {
        let beside = council.right() <= area.left() + 1.0 || council.left() >= area.right() - 1.0;
        let fits = council.width().min(w) >= NARROWEST_TABLE && council.height() >= h + 60.0;
        if beside && fits {
            let w = council.width().min(w);
            let x = council.left() + (council.width() - w) / 2.0;
            return (pos2(x, council.bottom() - h), w - 12.0);
        }
    }
    // No room for all of it: of the places beside, above and below the
    // board and the area's corners, the one that hides the least, the
    // board counting most, then the council's panel (a finished game has
    // little use for it, but its review is still read), then the lines
    // around the board (the result window says what they say). Not over
    // the other panels: a study's, with its Take back, may be there.
    let mut places = vec![
        pos2(x, (board.top() - SIDE_LINE - h).max(area.top())),
        pos2(x, (board.bottom() + under).min(area.bottom() - h)),
        pos2(area.left(), area.top()),
        pos2(area.right() - w, area.top()),
        pos2(area.left(), area.bottom() - h),
        pos2(area.right() - w, area.bottom() - h),
    ];
    if let Some(council) = rt.council_rect {
        // Its foot first: its buttons (Review moves so far) are at the top.
        let foot = (council.bottom() - h).max(council.top());
        places.push(pos2((council.right() - w).max(council.left()), foot));
        places.push(pos2(council.left().min(screen.right() - w), foot));
        places.push(pos2(
            council.left().min(screen.right() - w),
            council.top().min(screen.bottom() - h),
        ));
    }
    if let Some(plot) = rt.plot_rect {
        // Its top corners: over the plots, a finished game's curves are
        // still there beside the window, and the board is not hidden.
        for x in [plot.left(), plot.right() - w] {
            places.push(pos2(
                x.max(plot.left()).min(screen.right() - w),
                plot.top().min(screen.bottom() - h),
            ));
        }
    }
    let lines = [
        Rect::from_min_max(board.left_top() - vec2(0.0, SIDE_LINE), board.right_top()),
        Rect::from_min_max(board.left_bottom(), board.right_bottom() + vec2(0.0, under)),
    ];
    let overlap = |at: egui::Pos2, r: Rect| {
        let o = Rect::from_min_size(at, vec2(w, h)).intersect(r);
        if o.is_positive() { o.area() } else { 0.0 }
    };
    let cost = |at: egui::Pos2| {
        overlap(at, board)
            + rt.council_rect.map_or(0.0, |c| 0.2 * overlap(at, c))
            + rt.plot_rect.map_or(0.0, |p| 0.25 * overlap(at, p))
            + lines.iter().map(|&r| 0.35 * overlap(at, r)).sum::<f32>()
    };
    let first = places[0];
    let at = places
        .into_iter()
        .min_by(|a, b| cost(*a).total_cmp(&cost(*b)))
        .unwrap_or(first)
        .max(screen.min);
    (at, content)
}
