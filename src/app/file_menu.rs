//! The file items of the Game menu: open, save, recent files, copy and
//! paste of the position.

use super::AppCommand;
use super::files_ui::{FileCommand, FilesState};

pub fn file_menu_items(ui: &mut egui::Ui, files: &FilesState) -> Vec<AppCommand> {
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
        for path in &files.recent.files {
            let name = path
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_else(|| path.display().to_string());
            if ui
                .button(name)
                .on_hover_text(path.display().to_string())
                .clicked()
            {
                out.push(AppCommand::Files(FileCommand::OpenPath(path.clone())));
            }
        }
    });
    ui.separator();
    if ui
        .button("Copy position")
        .on_hover_text("Copy the position on view as a notation string")
        .clicked()
    {
        out.push(AppCommand::Files(FileCommand::CopyPosition));
    }
    if ui
        .button("Paste position  (Ctrl+V)")
        .on_hover_text("Set up the position in the clipboard as a new game")
        .clicked()
    {
        out.push(AppCommand::Files(FileCommand::PasteFromClipboard));
    }
    out
}
