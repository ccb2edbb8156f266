//! The file items of the Game menu: open, save, recent files, the
//! position's diagram, copy and paste of the position.

use super::AppCommand;
use super::files_ui::{FileCommand, FilesState};

/// `editing`: the position editor is open (a paste goes into it).
pub fn file_menu_items(ui: &mut egui::Ui, files: &FilesState, editing: bool) -> Vec<AppCommand> {
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
    if ui
        .button("Export diagram (SVG)…")
        .on_hover_text(
            "Save the position on view as a diagram for a paper or slides (an SVG \
             image, in the board's colours), the hole of the move that led to it ringed",
        )
        .clicked()
    {
        out.push(AppCommand::Files(FileCommand::ExportDiagram {
            mono: false,
        }));
    }
    if ui
        .button("Export diagram for print (black and white)…")
        .on_hover_text("The same diagram in black and white, for print")
        .clicked()
    {
        out.push(AppCommand::Files(FileCommand::ExportDiagram { mono: true }));
    }
    ui.separator();
    if ui
        .button("Copy position")
        .on_hover_text("Copy the position on view as a notation string")
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
    let (label, tip) = if editing {
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
