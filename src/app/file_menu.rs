//! The file items of the Game menu: open, save, recent files, the
//! position's diagram, copy and paste of the position.

use super::AppCommand;
use super::files_ui::{FileCommand, FilesState};

/// `editing`: the position editor is open (a paste goes into it, and a
/// copy or diagram is of its position), with whether its position is
/// legal (only then can it be copied or drawn).
pub fn file_menu_items(
    ui: &mut egui::Ui,
    files: &FilesState,
    editing: Option<bool>,
) -> Vec<AppCommand> {
    let mut out = Vec::new();
    let mut item = |ui: &mut egui::Ui, label: &str, command: FileCommand| {
        if ui.button(label).clicked() {
            out.push(AppCommand::Files(command));
        }
    };
    item(ui, "Open…  (Ctrl+O)", FileCommand::Open);
    item(ui, "Save  (Ctrl+S)", FileCommand::Save);
    item(ui, "Save as…  (Ctrl+Shift+S)", FileCommand::SaveAs);
    ui.menu_button("Recent files", |ui| {
        if files.recent.files.is_empty() {
            ui.weak("No files yet");
        }
        // Each file's name, with as many of its folders as tell it from
        // another recent file of the same name (the whole path on hover).
        let labels = super::files_ui::recent_labels(&files.recent.files);
        for (path, shown) in files.recent.files.iter().zip(labels) {
            if ui
                .button(shown)
                .on_hover_text(crate::files::shown_path(path))
                .clicked()
            {
                out.push(AppCommand::Files(FileCommand::OpenPath(path.clone())));
            }
        }
    });
    ui.separator();
    // In the editor they take the edited position (they took the game's
    // under it, unlike Paste), and only one the rules allow.
    let refused = editing == Some(false);
    let of_view = |text: &'static str, edited: &'static str| {
        if editing.is_some() { edited } else { text }
    };
    if ui
        .add_enabled(!refused, egui::Button::new("Export diagram (SVG)…"))
        .on_hover_text(of_view(
            "Save the position on view as a diagram for a paper or slides (an SVG \
             image, in the board's colours), the hole of the move that led to it ringed",
            "Save the edited position as a diagram for a paper or slides (an SVG \
             image, in the board's colours)",
        ))
        .on_disabled_hover_text(super::editor::DRAW_REFUSED)
        .clicked()
    {
        out.push(AppCommand::Files(FileCommand::ExportDiagram {
            mono: false,
        }));
    }
    if ui
        .add_enabled(
            !refused,
            egui::Button::new("Export diagram for print (black and white)…"),
        )
        .on_hover_text("The same diagram in black and white, for print")
        .on_disabled_hover_text(super::editor::DRAW_REFUSED)
        .clicked()
    {
        out.push(AppCommand::Files(FileCommand::ExportDiagram { mono: true }));
    }
    ui.separator();
    if ui
        .add_enabled(
            !refused,
            egui::Button::new(of_view("Copy position", "Copy the edited position")),
        )
        .on_hover_text(of_view(
            "Copy the position on view as a notation string",
            "Copy the edited position's notation, as the editor's Copy notation does",
        ))
        .on_disabled_hover_text(super::editor::COPY_REFUSED)
        .clicked()
    {
        out.push(AppCommand::Files(FileCommand::CopyPosition));
    }
    if ui
        .button("Copy game record")
        .on_hover_text(
            "Copy the whole game as one line: its start position, then its moves \
             (what Paste reads back, and the command line's play takes)",
        )
        .clicked()
    {
        out.push(AppCommand::Files(FileCommand::CopyRecord));
    }
    let (label, tip) = if editing.is_some() {
        (
            "Paste position into the editor  (Ctrl+V)",
            "Read the position in the clipboard into the editor, as its Paste from clipboard does",
        )
    } else {
        (
            "Paste position or game  (Ctrl+V)",
            "Set up the position in the clipboard as a new game; a game record \
             (a position followed by moves) is replayed move by move",
        )
    };
    if ui.button(label).on_hover_text(tip).clicked() {
        out.push(AppCommand::Files(FileCommand::PasteFromClipboard));
    }
    out
}
