//! "Play from here?": a move clicked on an earlier position would take the
//! moves after it off the game, so it is asked first.

use super::AppCommand;
use super::state::Runtime;

pub fn branch_offer_ui(ctx: &egui::Context, rt: &Runtime) -> Vec<AppCommand> {
    let mut commands = Vec::new();
    let Some(mv) = rt.branch_offer else {
        return commands;
    };
    let pos = rt.shown_position();
    let later = rt.game.moves().len() - rt.view;
    let mut open = true;
    egui::Window::new("Play from here?")
        .collapsible(false)
        .resizable(false)
        .open(&mut open)
        .anchor(egui::Align2::CENTER_TOP, egui::vec2(0.0, 80.0))
        .show(ctx, |ui| {
            let at = match rt.view {
                0 => "the start position".to_string(),
                n => format!("the position after move {n}"),
            };
            ui.label(format!(
                "{} {} on {at} starts another line: the {later} later move{} of this game {} taken off it.",
                rt.team(pos.turn()),
                pos.variant().move_name(mv),
                if later == 1 { "" } else { "s" },
                if later == 1 { "is" } else { "are" },
            ));
            ui.weak("To keep them, save the game first (Save as… keeps it in a file of its own).");
            ui.horizontal(|ui| {
                if ui.button("Play from here").clicked() {
                    commands.push(AppCommand::PlayFromHere(true));
                }
                if ui.button("Cancel").clicked() {
                    commands.push(AppCommand::PlayFromHere(false));
                }
            });
        });
    if !open || ctx.input(|i| i.key_pressed(egui::Key::Escape)) {
        commands.push(AppCommand::PlayFromHere(false));
    }
    commands
}
