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
    egui::Window::new("Game over")
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::LEFT_BOTTOM, egui::vec2(16.0, -56.0))
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
