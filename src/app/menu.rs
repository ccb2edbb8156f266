//! The menu bar: Game, View, Help, and the theme toggle.

use super::AppCommand;
use super::settings::Settings;
use super::state::Runtime;

/// Whether the position on view can be saved as a study from the menu.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StudyOfView {
    /// Solved this session: its study can be made.
    Solved,
    /// Not solved (yet).
    Unsolved,
    /// An exercise is being played: its answer is not to be shown.
    Exercising,
}

pub fn menu_ui(
    ui: &mut egui::Ui,
    settings: &Settings,
    rt: &Runtime,
    files: &super::files_ui::FilesState,
    editor: Option<&super::editor::Editor>,
    study_open: bool,
    study_of_view: StudyOfView,
) -> Vec<AppCommand> {
    let editing = editor.is_some();
    let mut commands = Vec::new();
    egui::MenuBar::new().ui(ui, |ui| {
        ui.menu_button("Game", |ui| {
            if ui.button("New game…  (Ctrl+N)").clicked() {
                commands.push(AppCommand::OpenNewGame);
            }
            let (label, command) = if editing {
                (
                    "Leave the editor  (Ctrl+E)",
                    super::editor::EditorCommand::Cancel,
                )
            } else {
                (
                    "Edit position…  (Ctrl+E)",
                    super::editor::EditorCommand::Open,
                )
            };
            if ui.button(label).clicked() {
                commands.push(AppCommand::Editor(command));
            }
            let legal = editor.map(|ed| ed.check().position.is_some());
            commands.extend(super::file_menu::file_menu_items(ui, files, legal));
            ui.separator();
            // While the editor is open they undo and redo its edits, as
            // Ctrl+Z and Ctrl+Shift+Z do there.
            let (can_undo, can_redo) = match editor {
                Some(ed) => (ed.can_undo(), ed.can_redo()),
                None => (!rt.game.moves().is_empty(), !rt.redo.is_empty()),
            };
            if ui
                .add_enabled(can_undo, egui::Button::new("Undo  (Ctrl+Z)"))
                .clicked()
            {
                commands.push(if editing {
                    AppCommand::Editor(super::editor::EditorCommand::Undo)
                } else {
                    AppCommand::Undo
                });
            }
            if ui
                .add_enabled(can_redo, egui::Button::new("Redo  (Ctrl+Shift+Z)"))
                .clicked()
            {
                commands.push(if editing {
                    AppCommand::Editor(super::editor::EditorCommand::Redo)
                } else {
                    AppCommand::Redo
                });
            }
            ui.separator();
            // A study's defence is the program's: both sides stay Human
            // while it is open.
            ui.add_enabled_ui(!study_open, |ui| {
                // A click in it does not close it: a level chosen for the
                // computer shows its thinking time under it, to be set.
                let config = egui::containers::menu::MenuConfig::new()
                    .close_behavior(egui::PopupCloseBehavior::CloseOnClickOutside);
                egui::containers::menu::SubMenuButton::new("Players")
                    .config(config)
                    .ui(ui, |ui| {
                        commands.extend(super::players::players_menu(ui, rt, &settings.players));
                    })
                    .0
                    .on_disabled_hover_text(
                        "While a study is open both sides are played here; close it first",
                    );
            });
            if settings.players.iter().any(|p| p.is_computer()) {
                let label = if rt.computer.paused {
                    "Resume computer"
                } else {
                    "Pause computer"
                };
                if ui.button(label).clicked() {
                    commands.push(AppCommand::PauseComputer(!rt.computer.paused));
                }
                // As the strip above the board offers it.
                for side in crate::engine::Side::BOTH {
                    if settings.players[side.index()].is_computer()
                        && ui
                            .button(format!("Take over {}", side.title()))
                            .on_hover_text("Play this side yourself from now on")
                            .clicked()
                    {
                        // Kept to give back, as the strip's Take over keeps it.
                        commands.push(AppCommand::TakeOver(side));
                    }
                }
                ui.separator();
            }
            if ui.button("Quit  (Ctrl+Q)").clicked() {
                commands.push(AppCommand::Quit);
            }
        });
        ui.menu_button("View", |ui| {
            if ui.button("Flip board  (F)").clicked() {
                commands.push(AppCommand::Flip);
            }
            // Greyed at the ends of the zoom, where they would do nothing.
            let (can_in, can_out) = zoom_room(settings.zoom);
            if ui
                .add_enabled(can_in, egui::Button::new("Zoom in  (Ctrl+=)"))
                .on_disabled_hover_text(AT_MAX_ZOOM)
                .clicked()
            {
                commands.push(AppCommand::ZOOM_IN);
            }
            if ui
                .add_enabled(can_out, egui::Button::new("Zoom out  (Ctrl+-)"))
                .on_disabled_hover_text(AT_MIN_ZOOM)
                .clicked()
            {
                commands.push(AppCommand::ZOOM_OUT);
            }
            if ui.button("Fit board  (Ctrl+0)").clicked() {
                commands.push(AppCommand::ZoomReset);
            }
            let mut show = settings.show_move_list;
            if ui.checkbox(&mut show, "Move list").changed() {
                commands.push(AppCommand::ShowMoveList(show));
            }
            let mut council = settings.show_council;
            if ui.checkbox(&mut council, "Council of advisors").changed() {
                commands.push(AppCommand::ShowCouncil(council));
            }
            for dock in super::settings::CouncilDock::ALL {
                if ui
                    .radio(settings.council_dock == dock, dock.label())
                    .clicked()
                {
                    commands.push(AppCommand::SetCouncilDock(dock));
                    // A place chosen for a hidden council shows it there:
                    // the choice otherwise seemed to do nothing.
                    if !settings.show_council {
                        commands.push(AppCommand::ShowCouncil(true));
                    }
                }
            }
            let mut solver = settings.show_solver;
            if ui.checkbox(&mut solver, "Exact solver").changed() {
                commands.push(AppCommand::ShowSolver(solver));
            }
            let mut plot = settings.show_tempo_plot;
            if ui.checkbox(&mut plot, "Tempo and captures plot").changed() {
                commands.push(AppCommand::ShowTempoPlot(plot));
            }
            ui.separator();
            for choice in [
                super::settings::ThemeChoice::System,
                super::settings::ThemeChoice::Light,
                super::settings::ThemeChoice::Dark,
            ] {
                if ui.radio(settings.theme == choice, choice.label()).clicked() {
                    commands.push(AppCommand::SetTheme(choice));
                }
            }
        });
        ui.menu_button("Studies", |ui| {
            // A study replaces the board the editor is setting up: leave it
            // first (its Play from here or Cancel).
            if ui
                .add_enabled(!editing, egui::Button::new("Study library…"))
                .on_disabled_hover_text(
                    "Leave the position editor first (Play from here or Cancel)",
                )
                .clicked()
            {
                commands.push(AppCommand::Study(
                    super::studies_ui::StudyCommand::ShowLibrary(true),
                ));
            }
            if ui.button("Open a study file…").clicked() {
                commands.push(AppCommand::Files(super::files_ui::FileCommand::OpenStudy));
            }
            ui.separator();
            // The solver panel's Save as study…, where a researcher looks
            // for it too: a study is made of a solved position.
            let why_not = match study_of_view {
                _ if editing => Some("Leave the position editor first (Play from here or Cancel)"),
                StudyOfView::Exercising => {
                    Some("Not during an exercise: the study would show its answer")
                }
                StudyOfView::Unsolved => Some(
                    "Solve the position on view first (View → Exact solver): a study's goal \
                     and line are what the solver proves",
                ),
                StudyOfView::Solved => None,
            };
            if ui
                .add_enabled(
                    why_not.is_none(),
                    egui::Button::new(super::solver_panel::SAVE_AS_STUDY),
                )
                .on_hover_text(
                    "Make a study of the solved position on view: the goal the solver proved, \
                     its principal line with a comment for each move",
                )
                .on_disabled_hover_text(why_not.unwrap_or_default())
                .clicked()
            {
                commands.push(AppCommand::Solver(
                    super::solver_panel::SolverCommand::SaveAsStudy,
                ));
            }
        });
        ui.menu_button("Help", |ui| {
            if ui.button("Rules and shortcuts  (F1)").clicked() {
                commands.push(AppCommand::ShowHelp(true));
            }
        });
        ui.separator();
        let (can_in, can_out) = zoom_room(settings.zoom);
        if ui
            .add_enabled(can_out, egui::Button::new("−"))
            .on_hover_text("Zoom out (Ctrl+-)")
            .on_disabled_hover_text(AT_MIN_ZOOM)
            .clicked()
        {
            commands.push(AppCommand::ZOOM_OUT);
        }
        ui.label(format!("{:.0}%", settings.zoom * 100.0));
        if ui
            .add_enabled(can_in, egui::Button::new("+"))
            .on_hover_text("Zoom in (Ctrl+=)")
            .on_disabled_hover_text(AT_MAX_ZOOM)
            .clicked()
        {
            commands.push(AppCommand::ZOOM_IN);
        }
        if ui
            .button("Flip")
            .on_hover_text("Flip the board (F)")
            .clicked()
        {
            commands.push(AppCommand::Flip);
        }
        let next = settings.theme.next();
        if ui
            .button(settings.theme.label())
            .on_hover_text(format!("Switch to {}", next.label().to_lowercase()))
            .clicked()
        {
            commands.push(AppCommand::SetTheme(next));
        }
        if let Some(why) = &files.autosave_failing {
            ui.separator();
            ui.colored_label(ui.visuals().warn_fg_color, "Autosave failing")
                .on_hover_text(format!("{why}\nSave the game to a file to keep it."));
        }
    });
    commands
}

/// Whether the board can still be zoomed in, and out, from `zoom`.
fn zoom_room(zoom: f32) -> (bool, bool) {
    (
        zoom < super::settings::MAX_ZOOM,
        zoom > super::settings::MIN_ZOOM,
    )
}

/// Why zooming out is greyed: 100 % is the least.
const AT_MIN_ZOOM: &str = "The board is at 100%, fitted to its area: it is not drawn smaller";

/// Why zooming in is greyed.
const AT_MAX_ZOOM: &str = "The board is at its largest zoom, 600%";
