//! The move list: numbered moves in RULES.md notation with laps, seeds sown
//! and captures; a click shows the position after the move.

use super::AppCommand;
use super::state::Runtime;

pub fn move_list_ui(ui: &mut egui::Ui, rt: &Runtime) -> Vec<AppCommand> {
    let mut commands = Vec::new();
    ui.heading("Moves");
    ui.horizontal(|ui| {
        if ui
            .selectable_label(rt.view == 0, "Start position")
            .clicked()
        {
            commands.push(AppCommand::ViewStart);
        }
    });
    ui.separator();
    let row_h = ui.text_style_height(&egui::TextStyle::Body) + ui.spacing().item_spacing.y;
    let total = rt.stats.len();
    egui::ScrollArea::vertical()
        .auto_shrink([false, false])
        .stick_to_bottom(true)
        .show_rows(ui, row_h, total, |ui, range| {
            for i in range {
                let s = &rt.stats[i];
                let mover = rt.game.positions()[i].turn();
                let taken = if s.taken > 0 {
                    format!(", takes {}", s.taken)
                } else {
                    String::new()
                };
                let cost = rt
                    .cost_notes
                    .get(i)
                    .map_or(String::new(), |c| format!(" · {c}"));
                let text = format!(
                    "{:>3}. {} {} — {} lap{}, {} sown{}{cost}",
                    i + 1,
                    mover.title(),
                    s.name,
                    s.laps,
                    if s.laps == 1 { "" } else { "s" },
                    s.sown,
                    taken
                );
                if ui.selectable_label(rt.view == i + 1, text).clicked() {
                    commands.push(AppCommand::ViewMove(i));
                }
            }
        });
    commands
}
