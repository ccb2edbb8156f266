//! "Play from here?": a move clicked on an earlier position would take the
//! moves after it off the game, so it is asked first, in a modal window
//! (the view cannot move under the question).

use super::AppCommand;
use super::state::Runtime;

pub fn branch_offer_ui(ctx: &egui::Context, rt: &Runtime) -> Vec<AppCommand> {
    let mut commands = Vec::new();
    let Some(offer) = rt.branch_offer else {
        return commands;
    };
    let pos = rt.shown_position();
    let later = rt.game.moves().len() - rt.view;
    // Enter confirms unless a button reached with Tab has the focus.
    let enter = ctx.input(|i| i.key_pressed(egui::Key::Enter)) && !ctx.egui_wants_keyboard_input();
    let modal = egui::Modal::new(egui::Id::unique("play-from-here")).show(ctx, |ui| {
        ui.heading("Play from here?");
        let at = match rt.view {
            0 => "the start position".to_string(),
            n => format!("the position after move {n}"),
        };
        ui.label(format!(
            "{} {} on {at} starts another line: the {later} later move{} of this game {} taken off it.",
            rt.team(pos.turn()),
            pos.variant().move_name(offer.mv),
            if later == 1 { "" } else { "s" },
            if later == 1 { "is" } else { "are" },
        ));
        ui.weak("To keep them, save the game first (Save as… keeps it in a file of its own).");
        ui.add_space(8.0);
        ui.horizontal(|ui| {
            if ui.button("Play from here").clicked() {
                commands.push(AppCommand::PlayFromHere(true));
            }
            if ui.button("Cancel").clicked() {
                commands.push(AppCommand::PlayFromHere(false));
            }
        });
    });
    if commands.is_empty() {
        if modal.should_close() {
            commands.push(AppCommand::PlayFromHere(false));
        } else if enter {
            commands.push(AppCommand::PlayFromHere(true));
        }
    }
    commands
}
