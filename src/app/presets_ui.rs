//! The presets part of the new-game dialog: pick a shipped or user preset
//! to fill the fields, save the fields as a user preset, rename or delete
//! user presets. The changes to the presets file are commands, applied
//! with the other file actions.

use super::AppCommand;
use super::files_ui::FileCommand;
use super::new_game::NewGameDialog;
use crate::files::{
    FileError, Preset, PresetEntry, PresetSource, all_presets, load_user_presets,
    preset_name_problem, shipped_presets, user_presets_path,
};
use std::path::Path;

/// What a refused change to the user presets (in `config`) says after
/// `problem`: that nothing was written and the file is as it was, and,
/// when the file itself is damaged, how to get past that (repeating only
/// the parse error left the user wondering whether the presets were lost,
/// and what to do).
pub fn refusal(problem: &FileError, config: &Path) -> String {
    let path = user_presets_path(config);
    if load_user_presets(config).is_err() {
        format!(
            "{problem}\nNothing was written: {} was kept as it was, presets and all. \
             Mend it in a text editor at the place named above, or move it out of {} \
             (the list then starts with the shipped presets only); then try again.",
            crate::files::shown_path(&path),
            crate::files::shown_path(config)
        )
    } else {
        format!(
            "{problem}\nNothing was written: your presets are as they were ({}).",
            crate::files::shown_path(&path)
        )
    }
}

/// The preset list as the dialog shows it.
#[derive(Clone, Debug)]
pub struct PresetPicker {
    pub entries: Vec<PresetEntry>,
    /// A damaged user presets file, reported beside the shipped list.
    pub load_error: Option<String>,
    pub selected: Option<usize>,
    /// Name typed for "Save as preset".
    pub new_name: String,
    /// Name typed for renaming the selected user preset.
    pub rename: String,
    /// "Delete preset" was pressed: the user preset it asks about.
    pub confirm_delete: Option<String>,
    /// The user preset the rename and delete row is about: the last one
    /// chosen, kept when a field moves away from it (the row going would
    /// move every field under the pointer).
    managed: Option<usize>,
    /// The height of the tallest preset note, held whatever is chosen (or
    /// none), so that the rows under it, Preset name and the game's
    /// fields, stay where they were.
    note_height: f32,
    /// The rename and delete row's height, the most it has taken: its
    /// delete question keeps it.
    row_height: f32,
}

/// Why the rename and delete row is disabled.
const NONE_CHOSEN: &str = "Choose one of your presets in the Preset list to rename or delete it";

/// The rename and delete row's first label: this wide whatever preset it
/// names, so that the buttons after it keep their places.
const NAME_WIDTH: f32 = 200.0;

/// `text` in a label `NAME_WIDTH` wide, cut with … when longer.
fn fixed_label(ui: &mut egui::Ui, text: egui::RichText) -> egui::Response {
    let height = ui.text_style_height(&egui::TextStyle::Body);
    ui.allocate_ui_with_layout(
        egui::vec2(NAME_WIDTH, height),
        egui::Layout::left_to_right(egui::Align::Center),
        |ui| {
            ui.set_min_width(NAME_WIDTH);
            ui.set_max_width(NAME_WIDTH);
            ui.add(egui::Label::new(text).truncate())
        },
    )
    .inner
}

impl PresetPicker {
    /// The shipped presets and the user's from `config` (if there is one).
    pub fn load(config: Option<&Path>) -> PresetPicker {
        let (entries, error) = match config {
            Some(dir) => all_presets(dir),
            None => (
                shipped_presets()
                    .into_iter()
                    .map(|preset| PresetEntry {
                        preset,
                        source: PresetSource::Shipped,
                    })
                    .collect(),
                None,
            ),
        };
        PresetPicker {
            entries,
            load_error: error.map(|e| e.to_string()),
            selected: None,
            new_name: String::new(),
            rename: String::new(),
            confirm_delete: None,
            managed: None,
            note_height: 0.0,
            row_height: 0.0,
        }
    }

    /// Reads the presets again from `config` (after a change was refused:
    /// the file may have changed behind the dialog, and a name taken there
    /// is then said as it is typed). The typed names and the chosen
    /// presets stay, found again by name.
    pub fn reload(&mut self, config: &Path) {
        let key = |i: Option<usize>, entries: &[PresetEntry]| {
            i.and_then(|i| entries.get(i))
                .map(|e| (e.source, e.preset.name.clone()))
        };
        let selected = key(self.selected, &self.entries);
        let managed = key(self.managed, &self.entries);
        let fresh = PresetPicker::load(Some(config));
        self.entries = fresh.entries;
        self.load_error = fresh.load_error;
        let find = |k: Option<(PresetSource, String)>, entries: &[PresetEntry]| {
            let (source, name) = k?;
            entries
                .iter()
                .position(|e| e.source == source && e.preset.name == name)
        };
        self.selected = find(selected, &self.entries);
        self.managed = find(managed, &self.entries);
    }

    /// The names of the user's own presets.
    fn user_names(&self) -> impl Iterator<Item = &str> {
        self.entries
            .iter()
            .filter(|e| e.source == PresetSource::User)
            .map(|e| e.preset.name.as_str())
    }

    /// What stops the typed Preset name from being saved (too long, not
    /// one line, one of the user's presets' names already), checked as it
    /// is typed rather than refused after Save.
    pub fn new_name_problem(&self) -> Option<String> {
        preset_name_problem(&self.new_name, self.user_names(), None)
    }

    /// The same for the typed New name of the user preset `old`.
    fn rename_problem(&self, old: &str) -> Option<String> {
        preset_name_problem(&self.rename, self.user_names(), Some(old))
    }

    /// The presets' name problems for the dialog's lines under its
    /// buttons, each with the field it belongs to.
    pub fn name_problems(&self) -> Vec<(&'static str, String)> {
        let renamed = self
            .managed
            .and_then(|i| self.entries.get(i))
            .filter(|e| e.source == PresetSource::User)
            .and_then(|e| self.rename_problem(&e.preset.name));
        // A sentence of its own, as the dialog's other problems are.
        [
            ("Preset name", self.new_name_problem()),
            ("New name", renamed),
        ]
        .into_iter()
        .filter_map(|(field, problem)| Some((field, super::capitalised(&problem?))))
        .collect()
    }

    /// Selects the user preset called `name` (after saving or renaming it).
    pub fn select_user(&mut self, name: &str) {
        self.selected = self
            .entries
            .iter()
            .position(|e| e.source == PresetSource::User && e.preset.name == name);
        self.managed = self.selected;
        self.rename = name.to_string();
    }

    /// Draws the presets rows at the top of the dialog; choosing a preset
    /// fills `dialog`'s fields.
    pub fn ui(&mut self, ui: &mut egui::Ui, dialog: &mut NewGameDialog) -> Vec<AppCommand> {
        let mut out = Vec::new();
        // One short line whatever a presets file holds (a name of
        // thousands of characters stretched the list past the window).
        let label = |e: &PresetEntry| {
            let name = super::one_short_line(&e.preset.name, 48);
            match e.source {
                PresetSource::Shipped => name,
                PresetSource::User => format!("{name} (yours)"),
            }
        };
        let current = self
            .selected
            .and_then(|i| self.entries.get(i))
            .map(label)
            .unwrap_or_else(|| "Choose a setup…".to_string());
        let mut chosen = None;
        ui.horizontal(|ui| {
            let l = ui.label("Preset");
            egui::ComboBox::from_id_salt("preset-picker")
                .selected_text(current)
                .width(300.0)
                .show_ui(ui, |ui| {
                    for (i, e) in self.entries.iter().enumerate() {
                        if ui
                            .selectable_label(self.selected == Some(i), label(e))
                            .clicked()
                        {
                            chosen = Some(i);
                        }
                    }
                })
                .response
                .labelled_by(l.id);
        });
        if let Some(i) = chosen {
            self.choose(i, dialog);
        }
        // The note's room is there from the start and never shrinks: a
        // note that came with the first preset chosen pushed every field
        // below it down under the pointer.
        // (Measured as a label's line is: the style's height differs by
        // a fraction of a pixel.)
        let line = egui::WidgetText::from("Ag")
            .into_galley(ui, None, f32::INFINITY, egui::TextStyle::Body)
            .size()
            .y;
        self.note_height = self.note_height.max(line);
        // As high as the tallest note in the list, from the start: a note
        // of two lines moved the fields down when chosen.
        let wrap = ui.available_width();
        for e in self.entries.iter().filter(|e| !e.preset.note.is_empty()) {
            let height =
                super::wrapped_size(ui, egui::RichText::new(&e.preset.note).weak(), wrap).y;
            self.note_height = self.note_height.max(height);
        }
        if let Some(e) = self.selected.and_then(|i| self.entries.get(i))
            && !e.preset.note.is_empty()
        {
            let shown = ui.weak(&e.preset.note);
            let height = shown.rect.height();
            if height < self.note_height {
                ui.add_space(self.note_height - height);
            }
            self.note_height = self.note_height.max(height);
        } else {
            // The note's line, held empty (as a label spaced after it).
            ui.add_space(self.note_height + ui.spacing().item_spacing.y);
        }
        // The rename and delete row is always there, as high as its
        // tallest form, and its buttons keep their places: the row coming
        // with a saved or chosen preset of the user's (and going with a
        // shipped one) moved every field below it, and a longer name
        // pushed Rename and Delete preset from under the pointer.
        let managed = self
            .managed
            .and_then(|i| self.entries.get(i))
            .filter(|e| e.source == PresetSource::User)
            .map(|e| e.preset.name.clone());
        let row = ui.horizontal(|ui| {
            ui.set_min_height(self.row_height);
            match managed {
                // A preset is gone for good once deleted: asked first, in
                // the row's place.
                Some(old) if self.confirm_delete.as_deref() == Some(old.as_str()) => {
                    let named = super::one_short_line(&old, 20);
                    ui.label(format!("Delete your preset “{named}” for good?"))
                        .on_hover_text(&old);
                    if ui.button("Delete").clicked() {
                        out.push(AppCommand::Files(FileCommand::DeletePreset(old.clone())));
                        self.confirm_delete = None;
                    }
                    if ui.button("Keep it").clicked() {
                        self.confirm_delete = None;
                    }
                }
                Some(old) => {
                    // Named in the row: it stays when a field moves away
                    // from the preset, and the Preset box above then no
                    // longer says which preset Rename and Delete act on.
                    // In a label of its own width, cut with … (whole on
                    // hover).
                    fixed_label(
                        ui,
                        egui::RichText::new(format!(
                            "Your preset “{}”:",
                            super::one_short_line(&old, 48)
                        )),
                    )
                    .on_hover_text(&old);
                    self.manage_row(ui, Some(&old), &mut out);
                }
                None => {
                    fixed_label(ui, egui::RichText::new("No preset of yours chosen").weak())
                        .on_hover_text(NONE_CHOSEN);
                    self.manage_row(ui, None, &mut out);
                }
            }
        });
        self.row_height = self.row_height.max(row.response.rect.height());
        let name_problem = self.new_name_problem();
        ui.horizontal(|ui| {
            let l = ui.label("Preset name");
            let edit = ui
                .add(
                    egui::TextEdit::singleline(&mut self.new_name)
                        .id_salt("preset-new-name")
                        .desired_width(160.0),
                )
                .labelled_by(l.id);
            if name_problem.is_some() {
                super::ring_at_fault(ui, edit.rect);
            }
            let checked = dialog.check().ok();
            let name = self.new_name.trim().to_string();
            if ui
                .add_enabled(
                    !name.is_empty() && checked.is_some() && name_problem.is_none(),
                    egui::Button::new("Save as preset"),
                )
                .on_hover_text(
                    "Keep these rules (the game, its board, seeds, who moves first, the origin \
                     option) as your own preset; team names and players are not part of a preset",
                )
                .on_disabled_hover_text(if name.is_empty() {
                    "Type a name for the preset first"
                } else if name_problem.is_some() {
                    "The preset's name has a problem (said under Start game)"
                } else {
                    "The fields marked in red have a problem (said under Start game)"
                })
                .clicked()
                && let Some((options, _)) = checked
            {
                out.push(AppCommand::Files(FileCommand::SavePreset(Preset {
                    name,
                    options,
                    note: String::new(),
                })));
                // The name stays if the save is refused; a saved preset
                // reloads the list, with the field empty.
            }
        });
        out
    }

    /// Why the user's presets cannot be changed, if they cannot (their
    /// file is damaged): said under the dialog's buttons, where a message
    /// coming with a refused save moves no field (above the preset's name
    /// it moved every field and button below it).
    pub fn load_error_text(&self) -> Option<String> {
        self.load_error.as_ref().map(|e| {
            format!(
                "Your presets: {e}\nSaving, renaming or deleting a preset changes nothing \
                 until the file is mended or moved."
            )
        })
    }

    /// New name, Rename and Delete preset, about the user preset `old`
    /// (none: the same row, disabled).
    fn manage_row(&mut self, ui: &mut egui::Ui, old: Option<&str>, out: &mut Vec<AppCommand>) {
        let on = old.is_some();
        let l = ui.label("New name");
        let edit = ui
            .add_enabled(
                on,
                egui::TextEdit::singleline(&mut self.rename)
                    .id_salt("preset-rename")
                    .desired_width(120.0),
            )
            .on_disabled_hover_text(NONE_CHOSEN)
            .labelled_by(l.id);
        let problem = old.and_then(|old| self.rename_problem(old));
        if problem.is_some() {
            super::ring_at_fault(ui, edit.rect);
        }
        let new = self.rename.trim();
        let rename = ui
            .add_enabled(
                on && !new.is_empty() && Some(new) != old && problem.is_none(),
                egui::Button::new("Rename"),
            )
            .on_disabled_hover_text(if !on {
                NONE_CHOSEN
            } else if new.is_empty() {
                "Type the new name first"
            } else if problem.is_some() {
                "The new name has a problem (said under Start game)"
            } else {
                "That is its name already"
            });
        if rename.clicked()
            && let Some(old) = old
        {
            out.push(AppCommand::Files(FileCommand::RenamePreset {
                old: old.to_string(),
                new: new.to_string(),
            }));
        }
        if ui
            .add_enabled(on, egui::Button::new("Delete preset"))
            .on_disabled_hover_text(NONE_CHOSEN)
            .clicked()
            && let Some(old) = old
        {
            self.confirm_delete = Some(old.to_string());
        }
    }

    /// Fills the dialog's fields from entry `i`; the team names stay.
    fn choose(&mut self, i: usize, dialog: &mut NewGameDialog) {
        let Some(e) = self.entries.get(i) else {
            return;
        };
        self.selected = Some(i);
        self.managed = (e.source == PresetSource::User).then_some(i);
        // Only one of yours can be renamed: a shipped preset's name stood
        // in the greyed New name field beside "No preset of yours chosen".
        self.rename = match e.source {
            PresetSource::User => e.preset.name.clone(),
            PresetSource::Shipped => String::new(),
        };
        let names = dialog.names.clone();
        let presets = dialog.presets.take();
        *dialog = NewGameDialog::new(&e.preset.options, &names, dialog.players);
        dialog.presets = presets;
    }
}
