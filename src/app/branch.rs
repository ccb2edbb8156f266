//! "Play from here?": a move clicked on an earlier position would take the
//! moves after it off the game, so it is asked first, in a modal window
//! (the view cannot move under the question).

use super::AppCommand;
use super::state::Runtime;

/// `line_after`: how many moves of a line asked of the solver follow the
/// one asked about (they are sown after it once it is played).
pub fn branch_offer_ui(ctx: &egui::Context, rt: &Runtime, line_after: usize) -> Vec<AppCommand> {
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
        // What goes: the later moves, with their comments.
        let gone = if later == 1 {
            format!("move {} is taken off this game", rt.view + 1)
        } else {
            format!(
                "moves {} to {} are taken off this game",
                rt.view + 1,
                rt.view + later
            )
        };
        let comments = rt.comments.range(rt.view + 1..).count();
        let with = match (comments, later) {
            (0, _) => String::new(),
            (1, 1) => ", with its comment".to_string(),
            (n, _) => format!(", and {} on them", crate::engine::count_word(n, "comment")),
        };
        // A line asked of the solver plays on after its first move: the
        // question says so, not only of the one move.
        let line = match line_after {
            0 => String::new(),
            n => format!(
                " The solver's line then goes on with {} more, sown one after the other.",
                crate::engine::count_word(n, "move")
            ),
        };
        ui.label(format!(
            "{} {} on {at} starts another line: {gone}{with}.{line}",
            rt.team(pos.turn()),
            pos.variant().move_name(offer.mv),
        ));
        ui.weak(format!(
            "To keep {}, save the game first (Save as… keeps it in a file of its own).",
            if later == 1 { "it" } else { "them" }
        ));
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
