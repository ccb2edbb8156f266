//! The files feature's windows: the typed-path window, "save your
//! changes?", "Resume last game", and the message for a failure. Each draws
//! from [`FilesState`] and returns [`FileCommand`]s.

use super::files_ui::{Choice, FileCommand, FilesState, Pending, Purpose, describe_autosave};

/// `study` is the title of a study whose position waits on the
/// unsaved-changes prompt, if any; `new_game`, where the New game window
/// is, if it is open (a message then goes under it).
pub fn dialogs_ui(
    ctx: &egui::Context,
    files: &mut FilesState,
    study: Option<&str>,
    new_game: Option<egui::Rect>,
) -> Vec<FileCommand> {
    let mut out = Vec::new();
    // Keys that answer a dialog: Esc backs out, Enter takes the first
    // button, unless a widget reached with Tab has the focus (then Enter
    // is that widget's).
    let (esc, enter) = ctx.input(|i| {
        (
            i.key_pressed(egui::Key::Escape),
            i.key_pressed(egui::Key::Enter),
        )
    });
    let enter = enter && !ctx.egui_wants_keyboard_input();
    // A message over the typed-path window (a failed save) keeps the
    // keyboard until it is answered; the field gets it back after.
    let message_open = files.error.is_some();
    if let Some(prompt) = &mut files.path_prompt {
        let (title, action) = match prompt.purpose {
            Purpose::Open => ("Open a saved game or study", "Open"),
            Purpose::SaveAs => ("Save the game as", "Save"),
        };
        let mut open = true;
        egui::Window::new(title)
            .collapsible(false)
            .resizable(false)
            .open(&mut open)
            .anchor(egui::Align2::CENTER_TOP, egui::vec2(0.0, 80.0))
            .show(ctx, |ui| {
                if let Some(note) = &prompt.note {
                    ui.label(note);
                }
                if let Some(path) = prompt.ask_replace.clone() {
                    ui.label(format!("“{}” already exists. Replace it?", path.display()));
                    if esc {
                        prompt.ask_replace = None;
                        return;
                    }
                    ui.horizontal(|ui| {
                        if ui.button("Replace").clicked() {
                            prompt.replace_ok = Some(path.clone());
                            prompt.ask_replace = None;
                            out.push(FileCommand::SaveTo(path));
                        }
                        if ui.button("Choose another name").clicked() {
                            prompt.ask_replace = None;
                        }
                    });
                    return;
                }
                if esc {
                    out.push(FileCommand::ClosePathPrompt);
                    return;
                }
                let mut submit = false;
                ui.horizontal(|ui| {
                    let label = ui.label("File path");
                    let edit = ui
                        .add(egui::TextEdit::singleline(&mut prompt.text).desired_width(420.0))
                        .labelled_by(label.id);
                    // Typing goes to the field at once, and replaces a
                    // path offered from last time (it is selected whole).
                    if !prompt.focused && !message_open {
                        edit.request_focus();
                        let mut state =
                            egui::TextEdit::load_state(ui.ctx(), edit.id).unwrap_or_default();
                        state.cursor.set_char_range(Some(
                            egui::text::CCursorRange::select_all_str(&prompt.text),
                        ));
                        state.store(ui.ctx(), edit.id);
                        prompt.focused = true;
                    }
                    submit = edit.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
                });
                ui.horizontal(|ui| {
                    let path = prompt.text.trim();
                    if ui
                        .add_enabled(!path.is_empty(), egui::Button::new(action))
                        .clicked()
                        || (submit && !path.is_empty())
                    {
                        let path = crate::files::typed_path(path);
                        out.push(match prompt.purpose {
                            Purpose::Open => FileCommand::OpenPath(path),
                            Purpose::SaveAs => FileCommand::SaveTo(path),
                        });
                    }
                    if ui.button("Cancel").clicked() {
                        out.push(FileCommand::ClosePathPrompt);
                    }
                });
            });
        if !open {
            out.push(FileCommand::ClosePathPrompt);
        }
    }

    if files.dialog_open() {
        egui::Area::new(egui::Id::unique("file-dialog-waiting"))
            .anchor(egui::Align2::CENTER_TOP, egui::vec2(0.0, 40.0))
            .show(ctx, |ui| {
                egui::Frame::popup(ui.style()).show(ui, |ui| {
                    ui.label("Waiting for the file dialog…");
                });
            });
    }

    if let Some(pending) = &files.unsaved_prompt {
        let what = match (pending, study) {
            (Pending::New, _) => "starting a new game".to_string(),
            (Pending::Open | Pending::OpenPath(_), _) => "opening another game".to_string(),
            // A study sets its position up as a pasted one is.
            (Pending::Paste(_), Some(title)) => {
                format!("opening the study “{}”", super::one_short_line(title, 60))
            }
            (Pending::Paste(_), None) => "setting up the new position".to_string(),
            (Pending::Resume, _) => "resuming the last game".to_string(),
            (Pending::Close, _) => "closing".to_string(),
        };
        let file = files
            .path
            .as_ref()
            .map(|p| format!("“{}”", p.display()))
            .unwrap_or_else(|| "This game".to_string());
        if esc {
            out.push(FileCommand::Unsaved(Choice::Cancel));
        }
        egui::Modal::new(egui::Id::unique("unsaved-changes")).show(ctx, |ui| {
            ui.heading("Save your changes?");
            ui.label(format!(
                "{file} has changes that are not saved. Save them before {what}?"
            ));
            ui.add_space(8.0);
            ui.horizontal(|ui| {
                if ui.button("Save").clicked() {
                    out.push(FileCommand::Unsaved(Choice::Save));
                }
                if ui.button("Discard changes").clicked() {
                    out.push(FileCommand::Unsaved(Choice::Discard));
                }
                if ui.button("Cancel").clicked() {
                    out.push(FileCommand::Unsaved(Choice::Cancel));
                }
            });
        });
    } else if let Some(path) = &files.changed_on_disk {
        if esc {
            out.push(FileCommand::KeepChanged);
        }
        egui::Modal::new(egui::Id::unique("changed-on-disk")).show(ctx, |ui| {
            ui.heading("The file changed on disk");
            ui.label(format!(
                "“{}” was changed by another program since this game was opened or saved here. \
                 Saving replaces those changes (the file as it is now is kept as “{}”).",
                path.display(),
                crate::files::backup_path(path).display()
            ));
            ui.add_space(8.0);
            ui.horizontal(|ui| {
                if ui.button("Replace it").clicked() {
                    out.push(FileCommand::ReplaceChanged);
                }
                if ui.button("Save as…").clicked() {
                    out.push(FileCommand::SaveAs);
                }
                if ui.button("Cancel").clicked() {
                    out.push(FileCommand::KeepChanged);
                }
            });
        });
    } else if let Some(offer) = &files.resume_offer {
        if enter && files.error.is_none() {
            out.push(FileCommand::Resume);
        }
        egui::Modal::new(egui::Id::unique("resume-last-game")).show(ctx, |ui| {
            ui.heading("Resume last game?");
            ui.label(format!(
                "The game you were playing last time was kept: {}.",
                describe_autosave(offer)
            ));
            ui.add_space(8.0);
            ui.horizontal(|ui| {
                if ui.button("Resume last game").clicked() {
                    out.push(FileCommand::Resume);
                }
                if ui.button("Start fresh").clicked() {
                    out.push(FileCommand::DeclineResume);
                }
            });
        });
    }

    if let Some((title, message)) = &files.error {
        let mut open = true;
        // Over the New game window (a preset that could not be saved) the
        // message goes under it, not over the rows it is about.
        let screen = ctx.content_rect();
        let (align, offset) = match new_game {
            Some(r) if r.bottom() + 220.0 < screen.bottom() => (
                egui::Align2::CENTER_TOP,
                egui::vec2(0.0, r.bottom() + 12.0 - screen.top()),
            ),
            Some(_) => (egui::Align2::CENTER_BOTTOM, egui::vec2(0.0, -12.0)),
            None => (egui::Align2::CENTER_TOP, egui::vec2(0.0, 60.0)),
        };
        egui::Window::new(title.as_str())
            .id(egui::Id::unique("file-error"))
            .collapsible(false)
            .resizable(false)
            .open(&mut open)
            .anchor(align, offset)
            .order(egui::Order::Foreground)
            .show(ctx, |ui| {
                ui.set_max_width(640.0);
                ui.colored_label(ui.visuals().error_fg_color, message);
                if ui.button("OK").clicked() {
                    out.push(FileCommand::DismissError);
                }
            });
        if !open || esc || enter {
            out.push(FileCommand::DismissError);
        }
    }
    out
}
