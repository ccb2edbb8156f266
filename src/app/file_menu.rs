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
        let base = |p: &std::path::Path| {
            p.file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_else(|| p.display().to_string())
        };
        for path in &files.recent.files {
            // The file's name, with its folder when another recent file
            // has the same name; on one line, cut short at a sane width
            // (the whole path on hover).
            let shared = files
                .recent
                .files
                .iter()
                .filter(|p| base(p) == base(path))
                .count()
                > 1;
            let name = if shared {
                let folder = path
                    .parent()
                    .and_then(|d| d.file_name())
                    .map_or(String::new(), |d| d.to_string_lossy().into_owned());
                format!("{} ({folder})", base(path))
            } else {
                base(path)
            };
            let shown = super::one_short_line(&name, 60);
            if ui
                .button(shown)
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
        .button("Copy game record")
        .on_hover_text(
            "Copy the whole game as one line: its start position, then its moves \
             (what Paste reads back, and the command line's play takes)",
        )
        .clicked()
    {
        out.push(AppCommand::Files(FileCommand::CopyRecord));
    }
    if ui
        .button("Paste position or game  (Ctrl+V)")
        .on_hover_text(
            "Set up the position in the clipboard as a new game; a game record \
             (a position followed by moves) is replayed move by move",
        )
        .clicked()
    {
        out.push(AppCommand::Files(FileCommand::PasteFromClipboard));
    }
    out
}
