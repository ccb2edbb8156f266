//! The result panel: stays until dismissed; the board stays browsable.

use super::AppCommand;
use super::state::Runtime;
use crate::engine::Side;

pub fn game_over_ui(ctx: &egui::Context, rt: &Runtime) -> Vec<AppCommand> {
    let mut commands = Vec::new();
    let Some(result) = rt.result() else {
        return commands;
    };
    if rt.game_over_dismissed == Some(rt.game.moves().len()) || rt.animating() {
        return commands;
    }
    let at = place(ctx, rt);
    // A window of its own for each finished game, placed anew; it may be
    // dragged or folded away.
    egui::Window::new("Game over")
        .id(egui::Id::unique((
            "game-over",
            rt.game_id,
            rt.game.moves().len(),
        )))
        .collapsible(true)
        .resizable(false)
        .movable(true)
        .default_pos(at)
        .show(ctx, |ui| {
            let winner = match result.winner {
                Some(side) => format!("{} wins", rt.names[side.index()]),
                None => "A draw".to_string(),
            };
            ui.heading(winner);
            ui.label(result.describe());
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
                        for side in Side::BOTH {
                            ui.label(&rt.names[side.index()]);
                            ui.label(pos.captured(side).to_string());
                            let rem = match result.remainder {
                                Some((taker, r)) if taker == side => r,
                                _ => 0,
                            };
                            ui.label(rem.to_string());
                            ui.strong(score[side.index()].to_string());
                            ui.end_row();
                        }
                    });
                if let Some((taker, r)) = result.remainder {
                    ui.label(format!(
                        "{} made the last move and takes the {r} seed{} left on the board.",
                        rt.names[taker.index()],
                        if r == 1 { "" } else { "s" }
                    ));
                }
            }
            ui.horizontal(|ui| {
                if ui.button("Dismiss").clicked() {
                    commands.push(AppCommand::DismissGameOver);
                }
                if ui.button("New game…").clicked() {
                    commands.push(AppCommand::OpenNewGame);
                }
            });
        });
    commands
}

/// Where the result window's top left corner first appears: beside the
/// board where the area has room for it there, else in the larger gap above
/// or below the board, else in the lower left corner. (Its size is not
/// known before its first frame, so its usual size is assumed.)
fn place(ctx: &egui::Context, rt: &Runtime) -> egui::Pos2 {
    use egui::pos2;
    const W: f32 = 340.0;
    const H: f32 = 230.0;
    // About the side line, the status line and the hint.
    const LINES: f32 = 64.0;
    let screen = ctx.content_rect();
    let fallback = pos2(screen.left() + 16.0, screen.bottom() - 56.0 - H);
    let Some((area, board)) = rt.board_area else {
        return fallback;
    };
    let top = (board.center().y - H / 2.0).max(area.top());
    let left_gap = board.left() - area.left();
    let right_gap = area.right() - board.right();
    if left_gap >= W {
        return pos2(area.left() + (left_gap - W) / 2.0, top);
    }
    if right_gap >= W {
        return pos2(board.right() + (right_gap - W) / 2.0, top);
    }
    let above = board.top() - area.top() - LINES;
    let below = area.bottom() - board.bottom() - LINES;
    let x = area.center().x - W / 2.0;
    if above >= H && above >= below {
        return pos2(x, board.top() - LINES - H);
    }
    if below >= H {
        return pos2(x, board.bottom() + LINES);
    }
    fallback
}
