//! The desktop window (eframe/egui). UI only: every rule comes from
//! [`crate::engine`].
//!
//! Structure (as in egui's demo app): persisted [`Settings`] apart from the
//! runtime state ([`state::Runtime`]); each panel in its own module draws
//! from the state and returns [`AppCommand`]s; all commands are applied in
//! one place ([`MaasaiApp::apply`]) after the frame is laid out.

pub mod anim;
mod autosave_writer;
pub mod board;
pub mod branch;
pub mod busy;
pub mod controls;
pub mod council;
pub mod dialogs;
pub mod editor;
pub mod file_menu;
pub mod files_ui;
mod focus;
pub mod game_over;
pub mod help;
pub mod menu;
pub mod move_list;
pub mod new_game;
mod panel_widths;
pub mod players;
pub mod presets_ui;
pub mod settings;
pub mod solver_panel;
pub mod state;
pub mod studies_ui;
pub mod study_writer;
pub mod tempo_plot;
mod termination;
pub mod timeline;

/// The names of the panels around the board: egui keeps each panel's
/// size by its name, the settings keep the side panels' widths by it
/// (`panel_widths`), and Tab passes over the resize handles of the
/// resizable ones (`focus`). Written once here, so those lists name
/// the panels the window lays out; saved settings hold these strings.
pub mod panel_name {
    pub const EDITOR: &str = "position-editor";
    pub const STUDY: &str = "study";
    pub const SOLVER: &str = "solver";
    pub const TEMPO_PLOT: &str = "tempo-plot";
    pub const MOVE_LIST: &str = "move-list";
    pub const COUNCIL_BELOW: &str = "council-below";
    pub const COUNCIL_BESIDE: &str = "council-beside";
}

use crate::engine::{GameOptions, Move, Position, Variant};
use controls::AnimCommand;
use settings::{MAX_ZOOM, MIN_ZOOM, STORAGE_KEY, Settings, ThemeChoice};
use state::Runtime;
use std::path::PathBuf;

/// The window's application id: eframe names its settings folder after it.
pub const APP_ID: &str = "maasai-mancala";

/// The smallest window: every panel open (council, solver, move list,
/// plot, computer bar) still leaves a 2×50 board readable, with nothing
/// overlapping.
const MIN_WINDOW: [f32; 2] = [1024.0, 680.0];
/// The least heights of the panels docked under the board.
const PLOT_MIN: f32 = 140.0;
const COUNCIL_MIN: f32 = 140.0;
/// The most height the council under the board takes by itself from room
/// the board leaves empty (more is the user's to drag).
const COUNCIL_GROWN: f32 = 480.0;
/// The least widths of the panels docked beside the board.
const COUNCIL_MIN_WIDTH: f32 = 260.0;
const STUDY_MIN_WIDTH: f32 = 260.0;
const SOLVER_MIN_WIDTH: f32 = 240.0;
const MOVES_MIN_WIDTH: f32 = 180.0;
const EDITOR_MIN_WIDTH: f32 = 280.0;
/// The least heights of the solver and of the move list where they share
/// a column beside the board (the moves' includes their comment box), and
/// the least room under the menu bar for them to share one.
const SHARED_SOLVER_MIN: f32 = 150.0;
const SHARED_MOVES_MIN: f32 = 240.0;
const SHARED_COLUMN_MIN_HEIGHT: f32 = 540.0;
/// The tempo plot's height when first shown.
const PLOT_DEFAULT_HEIGHT: f32 = 240.0;

/// Where the tempo plot's height last frame is kept (the column beside
/// the board, which it crosses, is judged by what it leaves).
fn plot_height_id() -> egui::Id {
    egui::Id::unique("tempo-plot-height")
}
/// What a panel beside the board keeps when even the least widths do not
/// fit beside a readable board.
const PANEL_FLOOR: f32 = 140.0;

/// Moves that Page Up and Page Down go back or on in the game.
pub const PAGE_OF_MOVES: usize = 10;

/// Everything the panels can ask for; applied after the frame.
#[derive(Clone, Debug, PartialEq)]
pub enum AppCommand {
    /// A human's move (board click, typed move, tests).
    PlayMove(Move),
    /// The computer player's move for the side it plays, with the live
    /// position it was found for ([`Runtime::current_key`]): applied last
    /// in its frame, and void if the user's commands of that frame (an
    /// undo, a new game) changed the position first.
    ComputerMove(Move, (usize, u64)),
    Undo,
    Redo,
    OpenNewGame,
    CloseNewGame,
    NewGame(GameOptions, [String; 2]),
    /// Open a saved game file (after the unsaved-changes prompt).
    Open(PathBuf),
    /// File actions: see [`files_ui`].
    Files(files_ui::FileCommand),
    ShowHelp(bool),
    /// Scroll the open help (keys read it as a page).
    ScrollHelp(help::HelpScroll),
    ShowMoveList(bool),
    SetTheme(ThemeChoice),
    Flip,
    ZoomBy {
        factor: f32,
        anchor: egui::Vec2,
    },
    ZoomReset,
    Pan(egui::Vec2),
    Anim(AnimCommand),
    SetSpeed(f32),
    FinishAnimation,
    /// Redo until the game has this many moves (a click on a move undone
    /// in the move list).
    RedoTo(usize),
    /// A message for the line under the board.
    Notice(state::Notice),
    /// A hole clicked on an earlier position: ask whether to play from there.
    OfferBranch(Move),
    /// Answer to that question: play the move there (`true`) or not.
    PlayFromHere(bool),
    /// The user's comment on move N (1-based); blank removes it.
    SetComment(usize, String),
    /// The game's event and notes.
    SetEvent(String),
    SetNotes(String),
    ViewMove(usize),
    ViewStart,
    ViewLive,
    DismissGameOver,
    Quit,
    /// Who plays each side (from the new-game dialog, the Players menu,
    /// a study's start and end).
    SetPlayers([players::Player; 2]),
    /// A person plays this computer side from now on ("Take over").
    TakeOver(crate::engine::Side),
    /// The computer a side was taken over from plays it again ("Give
    /// back").
    GiveBack(crate::engine::Side),
    PauseComputer(bool),
    ShowCouncil(bool),
    SetCouncilDock(settings::CouncilDock),
    HideAdvice(bool),
    AskCouncil,
    /// Work out the cost of every move played so far.
    ReviewGame,
    /// The position editor: open, edit, leave (see [`editor`]).
    Editor(editor::EditorCommand),
    ShowSolver(bool),
    ShowTempoPlot(bool),
    /// Exact solver panel: see [`solver_panel`].
    Solver(solver_panel::SolverCommand),
    /// Studies: see [`studies_ui`].
    Study(studies_ui::StudyCommand),
}

impl AppCommand {
    /// Shows the position after `view` moves, whole (a move's sowing is
    /// replayed with Home and the arrows).
    pub fn view_at(view: usize) -> AppCommand {
        match view {
            0 => AppCommand::ViewStart,
            n => AppCommand::ViewMove(n - 1),
        }
    }
}

impl AppCommand {
    /// One step of zoom, as the menus, the toolbar and Ctrl+= take it
    /// (about the board's centre).
    pub const ZOOM_IN: AppCommand = AppCommand::ZoomBy {
        factor: 1.25,
        anchor: egui::Vec2::ZERO,
    };
    /// One step back: Ctrl+-.
    pub const ZOOM_OUT: AppCommand = AppCommand::ZoomBy {
        factor: 0.8,
        anchor: egui::Vec2::ZERO,
    };
}

/// The application.
pub struct MaasaiApp {
    pub settings: Settings,
    pub rt: Runtime,
    /// The council panel's background search and review.
    pub council: council::CouncilPanel,
    /// Commands from outside the frame (start-up file, tests), applied next frame.
    queued: Vec<AppCommand>,
    /// Saved games, autosave, recent files: see [`files_ui`].
    pub files: files_ui::FilesState,
    /// The position editor, while the window is in editing mode.
    pub editor: Option<editor::Editor>,
    /// The exact solver panel and the session's solver.
    pub solver: solver_panel::SolverPanel,
    /// The study library and the study being taken.
    pub studies: studies_ui::StudiesState,
    /// Side panels' widths as the user left them.
    panel_widths: panel_widths::PanelWidths,
    /// Stops the thread of the check in `rt.branch_check` once that check
    /// is replaced or dropped.
    branch_stop: Option<branch::StopFlag>,
    /// A dialog or message was waiting at the end of the last frame: one
    /// that comes up closes any menu still open (see `finish_frame`).
    dialog_was_open: bool,
}

impl MaasaiApp {
    /// The window's app: settings restored from storage, a new game with the
    /// last options, and `file` queued to be opened.
    pub fn new(cc: &eframe::CreationContext<'_>, file: Option<PathBuf>) -> MaasaiApp {
        busy::note_renderer(
            cc.wgpu_render_state
                .as_ref()
                .map(|r| r.adapter.get_info().device_type),
        );
        let (settings, settings_problem) = settings::load(cc.storage, APP_ID);
        let start = settings
            .last_options
            .start()
            .or_else(|_| GameOptions::default().start())
            .expect("the default options are valid");
        let names = settings.names.clone();
        let panel_widths = panel_widths::PanelWidths::from_wishes(&settings.panel_widths);
        let mut app = MaasaiApp {
            settings,
            rt: Runtime::new(start, names, true),
            council: Default::default(),
            queued: Vec::new(),
            files: files_ui::FilesState::placeholder(),
            editor: None,
            solver: Default::default(),
            studies: Default::default(),
            panel_widths,
            branch_stop: None,
            dialog_was_open: false,
        };
        // A file named on the command line comes first; the autosave is
        // offered only when there is none.
        let last = match &file {
            None => files_ui::LastSession::Offer,
            // Read once, off the window's thread, when it is opened.
            Some(_) => files_ui::LastSession::AfterOpening,
        };
        app.init_files(crate::files::Folders::platform(), true, last);
        if let Some(problem) = settings_problem {
            // After any problem with the files, which init_files has set,
            // under a title that names both.
            app.files.error = Some(files_ui::join_messages(
                app.files.error.take(),
                ("Settings not read in full".into(), problem),
            ));
        }
        if let Some(path) = file {
            app.queued.push(AppCommand::Open(path));
        }
        Self::setup_context(&cc.egui_ctx, &app.settings);
        app
    }

    /// An app for tests: default settings, a given position, analysis done
    /// on the UI thread so every frame is deterministic.
    pub fn new_for_tests(ctx: &egui::Context, start: Position) -> MaasaiApp {
        let settings = Settings {
            theme: ThemeChoice::Light,
            ..Settings::default()
        };
        Self::setup_context(ctx, &settings);
        let mut app = MaasaiApp {
            rt: Runtime::new(start, settings.names.clone(), false),
            settings,
            council: Default::default(),
            queued: Vec::new(),
            files: files_ui::FilesState::placeholder(),
            editor: None,
            solver: Default::default(),
            studies: Default::default(),
            panel_widths: Default::default(),
            branch_stop: None,
            dialog_was_open: false,
        };
        // No folders: tests never touch the user's autosave or presets.
        app.init_files(None, false, files_ui::LastSession::Ignore);
        app
    }

    /// An app for tests that keeps its files in `folders` (temporary
    /// folders in tests), offering an autosave found there.
    pub fn new_for_tests_with_folders(
        ctx: &egui::Context,
        start: Position,
        folders: crate::files::Folders,
    ) -> MaasaiApp {
        Self::offering_last_game(ctx, start, folders, false)
    }

    /// [`Self::new_for_tests_with_folders`] reading files off the window's
    /// thread as the window does, the last session's autosave included.
    pub fn new_for_tests_in_background(
        ctx: &egui::Context,
        start: Position,
        folders: crate::files::Folders,
    ) -> MaasaiApp {
        Self::offering_last_game(ctx, start, folders, true)
    }

    /// A test app with its files in `folders`, the autosave found there
    /// offered; `background`: files are read on threads.
    fn offering_last_game(
        ctx: &egui::Context,
        start: Position,
        folders: crate::files::Folders,
        background: bool,
    ) -> MaasaiApp {
        let mut app = Self::new_for_tests(ctx, start);
        app.rt.background = background;
        app.init_files(Some(folders), false, files_ui::LastSession::Offer);
        app
    }

    /// An app for tests started as with a file named at launch: its files
    /// in `folders`, the last session's autosave moved aside if it holds
    /// unsaved changes and `file` opens (else offered), `file` queued to be
    /// opened.
    pub fn new_for_tests_opening(
        ctx: &egui::Context,
        start: Position,
        folders: crate::files::Folders,
        file: PathBuf,
    ) -> MaasaiApp {
        let mut app = Self::new_for_tests(ctx, start);
        app.init_files(Some(folders), false, files_ui::LastSession::AfterOpening);
        app.queued.push(AppCommand::Open(file));
        app
    }

    fn setup_context(ctx: &egui::Context, settings: &Settings) {
        ctx.set_theme(settings.theme.preference());
        // egui's light warning orange (2.8:1 on the panel) and error red
        // (3.8:1) were hard to read at text size: darker, 5:1 and more.
        ctx.style_mut_of(egui::Theme::Light, |s| {
            s.visuals.warn_fg_color = egui::Color32::from_rgb(0xb0, 0x4a, 0x00);
            s.visuals.error_fg_color = egui::Color32::from_rgb(0xc8, 0x00, 0x00);
        });
        // Ctrl +/- zoom the board, not the whole interface.
        ctx.options_mut(|o| o.zoom_with_keyboard = false);
    }

    /// Queues a command for the next frame (as if a panel had returned it).
    pub fn queue(&mut self, command: AppCommand) {
        self.queued.push(command);
    }

    /// Whether a dialog waits for an answer (new game, a file prompt or
    /// message): the board and the editor then take no keys, since digits
    /// and Enter would play a move or change a hole behind it.
    pub fn dialog_open(&self) -> bool {
        self.rt.new_game.is_some()
            || self.files.waiting_for_answer()
            || self.rt.branch_offer.is_some()
            || self.solver.writer_open()
            || self.editor.as_ref().is_some_and(|ed| ed.asking.is_some())
    }

    /// The stop flag of the thread deciding whether a move clicked on an
    /// earlier position ends (tests: whether it was stopped).
    pub fn branch_check_flag(&self) -> Option<branch::StopFlag> {
        self.branch_stop.clone()
    }

    /// Stops the thread of a branch check whose answer nobody waits for
    /// any more: dropped (`rt.branch_check` gone), or about a position or
    /// game no longer on view (its verdict would be thrown away).
    fn stop_abandoned_branch_check(&mut self) {
        let here = (self.rt.view, self.rt.game.moves().len());
        if self
            .rt
            .branch_check
            .as_ref()
            .is_some_and(|(offer, _)| (offer.view, offer.moves) != here)
        {
            self.rt.branch_check = None;
        }
        if self.rt.branch_check.is_none()
            && let Some(flag) = self.branch_stop.take()
        {
            flag.stop();
        }
    }

    /// Keyboard shortcuts and keyboard play.
    fn keyboard(&mut self, ctx: &egui::Context) -> Vec<AppCommand> {
        use egui::{Key, Modifiers};
        let mut out = Vec::new();
        // A half-typed hole belongs to the position it was typed on: an
        // undo or another position on view clears it (else Enter played it
        // there). A move that lands on the live game meanwhile (the
        // computer's reply, a move held for the check of the moves) keeps
        // it: it was typed ahead for the position after that move, and the
        // "2" of "27⏎" cleared under it played hole 7. (A redo and a click
        // on a hole, the user's own moves, clear it where they are taken.)
        let here = (self.rt.view, self.rt.game.moves().len());
        if self.rt.typed_on != here {
            let (view, len) = self.rt.typed_on;
            let moved_on = view == len && here.0 == here.1 && here.1 > len;
            if !moved_on {
                self.rt.typed.clear();
            }
            self.rt.typed_on = here;
        }
        if self.dialog_open() {
            return out;
        }
        if ctx.text_edit_focused() {
            // Typing a comment or notes: only what a text field has no use
            // for (undo and the arrows belong to the text).
            ctx.input_mut(|i| {
                if i.consume_key(Modifiers::COMMAND, Key::N) {
                    out.push(AppCommand::OpenNewGame);
                }
            });
            return out;
        }
        // A button or other widget reached with Tab keeps Space and a bare
        // Enter (they press it); every other key still works. Typing a
        // hole takes the focus away, so its Enter plays the move.
        let widget_focused = ctx.egui_wants_keyboard_input();
        let mut drop_focus = false;
        // Pan a board bigger than its room without a mouse.
        let step = self.pan_step();
        // What the presses before in this frame changed, for the ones after
        // (a second End goes back to the game, a second F1 closes the help).
        let mut help_open = self.rt.help_open;
        let mut library_open = self.studies.library_open;
        let mut at_end = self.rt.shown_replay().is_none_or(|r| r.at_end());
        // The position on view (moves played to it), for the moves keys.
        let mut view = self.rt.view;
        let moves = self.rt.game.moves().len();
        let view_at = AppCommand::view_at;
        let mut editing = false;
        // Every press counts, in the order pressed: a slow frame (a busy
        // machine) may hold several, of one key (Ctrl+Z three times) or of
        // several ("1⏎2⏎" is two moves, not hole 12). Shortcuts are taken
        // out of the frame's input; typed holes and Enter stay in it.
        let events = ctx.input_mut(|i| std::mem::take(&mut i.events));
        let mut kept = Vec::with_capacity(events.len());
        for event in events {
            match &event {
                // Each Enter ends the move typed before it (and stays in the
                // input: with nothing typed it presses a focused button).
                egui::Event::Key {
                    key: Key::Enter,
                    pressed: true,
                    ..
                } if !self.rt.typed.is_empty() => {
                    let text = std::mem::take(&mut self.rt.typed);
                    let variant = self.rt.game.current().variant();
                    match variant.parse_move(&text) {
                        // On an earlier position a typed move is what a
                        // click on its hole is: another line, asked first.
                        Ok(mv) if !self.rt.live() => out.push(AppCommand::OfferBranch(mv)),
                        Ok(mv) => out.push(AppCommand::PlayMove(mv)),
                        Err(e) => self
                            .rt
                            .say_about_view(state::move_refusal(self.rt.shown_position(), &e)),
                    }
                }
                egui::Event::Key {
                    key,
                    pressed: true,
                    modifiers,
                    ..
                } => {
                    // Extra Shift and Alt are ignored, so the patterns
                    // with them come first.
                    let is = |pattern: Modifiers| modifiers.matches_logically(pattern);
                    let command = match *key {
                        Key::E if is(Modifiers::COMMAND) => {
                            // Twice in one frame: open, then leave.
                            editing = !editing;
                            Some(AppCommand::Editor(if editing {
                                editor::EditorCommand::Open
                            } else {
                                editor::EditorCommand::Cancel
                            }))
                        }
                        Key::Z if is(Modifiers::COMMAND | Modifiers::SHIFT) => {
                            Some(AppCommand::Redo)
                        }
                        Key::Z if is(Modifiers::COMMAND) => Some(AppCommand::Undo),
                        Key::Y if is(Modifiers::COMMAND) => Some(AppCommand::Redo),
                        Key::N if is(Modifiers::COMMAND) => Some(AppCommand::OpenNewGame),
                        // With the help open, the keys that read a page
                        // scroll it: they went through the game behind it,
                        // and the help's rules were out of reach by keys.
                        _ if help_open && let Some(s) = help::HelpScroll::of(*key, *modifiers) => {
                            Some(AppCommand::ScrollHelp(s))
                        }
                        _ if let Some(c) = zoom_or_pan(*key, *modifiers, step) => Some(c),
                        // From move to move of the game: the position
                        // before the move on view, the next move's, the
                        // start and the live position.
                        Key::Home if is(Modifiers::COMMAND) => {
                            view = 0;
                            Some(AppCommand::ViewStart)
                        }
                        Key::End if is(Modifiers::COMMAND) => Some(AppCommand::ViewLive),
                        // Page Up / Page Down: ten moves at a time, as a
                        // long game needs (a thousand presses otherwise).
                        Key::ArrowUp | Key::PageUp if is(Modifiers::NONE) => {
                            (view > 0).then(|| {
                                let by = if *key == Key::PageUp {
                                    PAGE_OF_MOVES
                                } else {
                                    1
                                };
                                view = view.saturating_sub(by);
                                view_at(view)
                            })
                        }
                        Key::ArrowDown | Key::PageDown if is(Modifiers::NONE) => (view < moves)
                            .then(|| {
                                let by = if *key == Key::PageDown {
                                    PAGE_OF_MOVES
                                } else {
                                    1
                                };
                                view = (view + by).min(moves);
                                view_at(view)
                            }),
                        Key::ArrowRight if is(Modifiers::SHIFT) => {
                            Some(AppCommand::Anim(AnimCommand::StepLap))
                        }
                        Key::ArrowLeft if is(Modifiers::SHIFT) => {
                            Some(AppCommand::Anim(AnimCommand::BackLap))
                        }
                        Key::ArrowRight if is(Modifiers::NONE) => {
                            Some(AppCommand::Anim(AnimCommand::StepSeed))
                        }
                        Key::ArrowLeft if is(Modifiers::NONE) => {
                            Some(AppCommand::Anim(AnimCommand::BackSeed))
                        }
                        Key::Space if is(Modifiers::NONE) && !widget_focused => {
                            Some(AppCommand::Anim(AnimCommand::PlayPause))
                        }
                        Key::Home if is(Modifiers::NONE) => {
                            Some(AppCommand::Anim(AnimCommand::Start))
                        }
                        Key::End if is(Modifiers::NONE) => Some(if at_end {
                            AppCommand::ViewLive
                        } else {
                            AppCommand::Anim(AnimCommand::End)
                        }),
                        Key::F1 if is(Modifiers::NONE) => {
                            help_open = !help_open;
                            Some(AppCommand::ShowHelp(help_open))
                        }
                        // Esc first clears a half-typed hole, then closes
                        // the help, then the study library (a window like
                        // the dialogs); it does nothing else.
                        Key::Escape if is(Modifiers::NONE) => {
                            if !self.rt.typed.is_empty() {
                                self.rt.typed.clear();
                                None
                            } else if help_open {
                                help_open = false;
                                Some(AppCommand::ShowHelp(false))
                            } else if library_open {
                                library_open = false;
                                Some(AppCommand::Study(studies_ui::StudyCommand::ShowLibrary(
                                    false,
                                )))
                            } else {
                                None
                            }
                        }
                        // In order with the digits: "1", Backspace, "2".
                        Key::Backspace if is(Modifiers::NONE) => {
                            self.rt.typed.pop();
                            None
                        }
                        _ => {
                            kept.push(event);
                            continue;
                        }
                    };
                    match &command {
                        // (A step forward may reach the end too: the End
                        // after it then plays nothing rather than leave.)
                        Some(AppCommand::Anim(c)) => at_end = *c == AnimCommand::End,
                        Some(AppCommand::ViewLive) => {
                            at_end = true;
                            view = moves;
                        }
                        // Another position, shown whole.
                        Some(AppCommand::ViewStart | AppCommand::ViewMove(_)) => at_end = true,
                        _ => {}
                    }
                    out.extend(command);
                    // Taken: the press is not the widgets' too.
                    continue;
                }
                egui::Event::Text(t) => {
                    for ch in t.chars() {
                        let ch = ch.to_ascii_lowercase();
                        if ch == 'f' && self.rt.typed.is_empty() {
                            out.push(AppCommand::Flip);
                        } else if (ch.is_ascii_digit() || ch == 'i' || ch == 'o')
                            && self.rt.typed.len() < 4
                        {
                            self.rt.typed.push(ch);
                            self.rt.notice = None;
                            drop_focus = widget_focused;
                        }
                    }
                }
                _ => {}
            }
            kept.push(event);
        }
        ctx.input_mut(|i| i.events = kept);
        if drop_focus {
            ctx.memory_mut(|m| {
                if let Some(id) = m.focused() {
                    m.surrender_focus(id);
                }
            });
        }
        out
    }

    /// Whether the live position's side to move is a running computer
    /// player, whose turn a human's click must not take.
    pub fn computer_to_move(&self) -> bool {
        let turn = self.rt.game.current().turn();
        self.settings.players[turn.index()].is_computer()
            && !self.rt.computer.paused
            // Not known to be over: the computer's turn holds while the
            // check of the moves runs (it waits for it before thinking).
            && !matches!(self.rt.live_status(), Some(crate::engine::Status::Over(_)))
    }

    /// Applies the frame's commands: the one place state changes.
    pub fn apply(&mut self, ctx: &egui::Context, commands: Vec<AppCommand>) {
        for command in commands {
            match command {
                // Nothing is played into the game under the editor: the
                // game changing closes it, and its edits would be lost.
                AppCommand::PlayMove(_)
                | AppCommand::ComputerMove(..)
                | AppCommand::OfferBranch(_)
                    if self.editor.is_some() => {}
                AppCommand::PlayMove(_) if self.computer_to_move() => {
                    let turn = self.rt.game.current().turn();
                    let why = self.rt.computer_plays(turn);
                    self.rt.say_about_view(why);
                }
                // Said as a click on the board says it.
                AppCommand::PlayMove(_) if self.rt.result().is_some() => {
                    self.rt
                        .say_about_view("The game is over: nobody is to move");
                }
                // Found for a position the user has since left (a Ctrl+Z
                // pressed as the move came): the user's command stands.
                AppCommand::ComputerMove(_, key) if key != self.rt.current_key() => {}
                AppCommand::PlayMove(mv) | AppCommand::ComputerMove(mv, _) => {
                    let human = matches!(command, AppCommand::PlayMove(_));
                    if let Some(why) = self.studies.refuses_move(&self.rt) {
                        self.rt.say_about_view(why);
                        continue;
                    }
                    if self.rt.animating() {
                        // Finish what is on screen first; the click was meant for the new move.
                        if let Some(r) = self.rt.shown_replay_mut() {
                            r.jump_to_end();
                        }
                    }
                    if !self.rt.live() {
                        self.rt.view_live();
                    }
                    // A human's move may be endless, and proving that here
                    // could hold the window for many seconds: it waits for
                    // the background check of the moves, and an endless one
                    // is refused from it. (The computer's are legal.)
                    if human {
                        let pos = self.rt.game.current();
                        let name = said_move(pos, mv);
                        match self.rt.live_analysis() {
                            // (What is seen without sowing, an empty hole
                            // say, is refused at once below.)
                            // A move seen to end within a few thousand
                            // laps is legal and goes at once (the check can
                            // take minutes over another, long move).
                            None if self.rt.background
                                && pos.try_play_checks(mv).is_ok()
                                && !ends_within(pos, mv, self.rt.quick_laps) =>
                            {
                                self.rt.held_move = Some((mv, self.rt.current_key()));
                                // Said until the move goes on, or the
                                // position changes and drops it.
                                self.rt.report_about_view(format!(
                                    "{name} waits until the check of which moves end is done…"
                                ));
                                continue;
                            }
                            Some(a) if let Some(cycle) = a.endless_cycle(mv) => {
                                self.rt
                                    .say_about_view(state::endless_move_notice(&name, cycle));
                                continue;
                            }
                            _ => {}
                        }
                    }
                    // (An endless move's error says so itself.)
                    match self.rt.play_by(mv, !human) {
                        Ok(()) => {
                            self.rt.notice = None;
                            // The undone move played again by hand keeps the
                            // moves still undone (as Redo up to a move does).
                            if human {
                                self.hold_computer_for_redo();
                            }
                        }
                        Err(e) => self.rt.say_about_view(e),
                    }
                }
                AppCommand::OfferBranch(mv) => {
                    if let Some(why) = self.studies.refuses_move(&self.rt) {
                        self.rt.notice = Some(why.into());
                    } else if self.rt.live() {
                        // The view came back to the game meanwhile.
                        self.apply(ctx, vec![AppCommand::PlayMove(mv)]);
                    } else if self.rt.game.moves().get(self.rt.view) == Some(&mv) {
                        // The game's own next move: a step along its line,
                        // sown as a move is, nothing taken off.
                        self.rt.step_along();
                        self.rt.notice = None;
                    } else {
                        let offer = state::BranchOffer {
                            mv,
                            view: self.rt.view,
                            moves: self.rt.game.moves().len(),
                        };
                        let pos = *self.rt.shown_position();
                        // Sown here for a moment only: a move that may never
                        // end is decided on a thread (no analysis of moves
                        // is kept for earlier positions).
                        let mut sown = pos;
                        let long = self.rt.background
                            && pos.try_play_checks(mv).is_ok()
                            && matches!(
                                sown.apply_within(mv, self.rt.quick_laps),
                                Err(crate::engine::Endless { cycle_laps: None })
                            );
                        if long {
                            // A check asked before (another click) is
                            // replaced: its thread stops.
                            self.rt.branch_check = None;
                            self.stop_abandoned_branch_check();
                            let (tx, rx) = std::sync::mpsc::channel();
                            let repaint = ctx.clone();
                            let flag = branch::StopFlag::default();
                            let thread_flag = flag.clone();
                            std::thread::spawn(move || {
                                crate::priority::as_worker();
                                if let Some(verdict) = branch::check_move(&pos, mv, &thread_flag) {
                                    let _ = tx.send(verdict);
                                    repaint.request_repaint();
                                }
                            });
                            self.rt.branch_check = Some((offer, rx));
                            self.branch_stop = Some(flag);
                            let name = said_move(&pos, mv);
                            self.rt
                                .report_about_view(format!("Checking whether {name} ends…"));
                            continue;
                        }
                        match pos.try_play(mv) {
                            Ok(_) => {
                                self.rt.notice = None;
                                self.rt.branch_offer = Some(offer);
                            }
                            Err(e) => {
                                // In the words a click on that hole gets.
                                let pos = self.rt.shown_position();
                                let side = pos.turn();
                                let empty = pos.row(side).get(mv.hole()) == Some(&0);
                                let why = if empty {
                                    state::empty_hole_notice(side, &pos.variant().move_name(mv))
                                } else {
                                    e.to_string()
                                };
                                self.rt.notice = Some(why.into());
                            }
                        }
                    }
                }
                AppCommand::PlayFromHere(play) => {
                    // Only on the position and game it was asked about.
                    let offer = self.rt.standing_branch_offer();
                    self.rt.branch_offer = None;
                    if play && let Some(offer) = offer {
                        // The computer's search was of the old line.
                        self.rt.computer.cancel();
                        match self.rt.play_from_here(offer.mv) {
                            Ok(()) => self.rt.notice = None,
                            Err(e) => self.rt.notice = Some(e.into()),
                        }
                    }
                }
                AppCommand::Undo => {
                    let players = self.settings.players;
                    let computer = |side: crate::engine::Side| players[side.index()].is_computer();
                    let undone = self.rt.undo();
                    if players.iter().any(|p| p.is_computer()) {
                        // Undo cancels a computer's search.
                        self.rt.computer.cancel();
                        // Against the computer, undo goes back to the
                        // person's last decision: the computer's reply and
                        // the person's move both (one press, not two and a
                        // Resume). A move a person played for a paused
                        // computer is a decision too.
                        let person_plays = players.iter().any(|p| !p.is_computer());
                        if undone && person_plays {
                            while self
                                .rt
                                .played_by_computer(self.rt.game.moves().len() + 1, computer)
                                && self.rt.undo()
                            {}
                        }
                        // A computer left to move waits, so the position
                        // undone to is not played again at once; one the
                        // user paused stays paused.
                        self.rt.computer.paused |= computer(self.rt.game.current().turn());
                    }
                    // A notice about the last move (say, an illegal one
                    // tried) no longer applies once the board moves.
                    self.rt.done_or_nothing_to(undone, "undo");
                }
                AppCommand::Redo => {
                    // A hole being typed was meant for the position undone to.
                    self.rt.typed.clear();
                    let players = self.settings.players;
                    let computer = |side: crate::engine::Side| players[side.index()].is_computer();
                    let redone = self.rt.redo();
                    // The mirror of Undo against the computer: the
                    // person's move and the computer's reply come back
                    // together, as they were (not a fresh reply).
                    if redone && players.iter().any(|p| !p.is_computer()) {
                        while self
                            .rt
                            .played_by_computer(self.rt.game.moves().len() + 1, computer)
                            && self.rt.redo()
                        {}
                    }
                    self.rt.done_or_nothing_to(redone, "redo");
                }
                AppCommand::OpenNewGame => {
                    // (The window's own Ctrl+N goes through the files' New,
                    // which asks first: `finish_frame` closes the menus.)
                    egui::Popup::close_all(ctx);
                    self.rt.new_game = Some(new_game::NewGameDialog::new(
                        &self.settings.last_options,
                        &self.settings.names,
                        self.settings.players,
                    ));
                }
                AppCommand::CloseNewGame => self.rt.new_game = None,
                AppCommand::NewGame(options, names) => {
                    match self.rt.new_game(&options, names.clone()) {
                        Ok(()) => {
                            self.settings.last_options = options;
                            self.settings.names = names;
                        }
                        Err(e) => self.rt.notice = Some(e.into()),
                    }
                }
                AppCommand::Open(path) => {
                    self.apply_file_command(ctx, files_ui::FileCommand::OpenPath(path))
                }
                AppCommand::Files(c) => self.apply_file_command(ctx, c),
                AppCommand::ShowHelp(open) => {
                    egui::Popup::close_all(ctx);
                    self.rt.help_open = open;
                }
                AppCommand::ScrollHelp(scroll) => {
                    self.rt.help_scroll = Some(scroll);
                    ctx.request_repaint();
                }
                AppCommand::ShowMoveList(show) => self.settings.show_move_list = show,
                AppCommand::SetTheme(theme) => {
                    self.settings.theme = theme;
                    ctx.set_theme(theme.preference());
                }
                AppCommand::Flip => self.settings.flipped = !self.settings.flipped,
                AppCommand::ZoomBy { factor, anchor } => {
                    let old = self.settings.zoom;
                    let new = (old * factor).clamp(MIN_ZOOM, MAX_ZOOM);
                    // Keep the board point under the pointer where it is.
                    let f = new / old;
                    self.rt.pan = (self.rt.pan - anchor) * f + anchor;
                    self.settings.zoom = new;
                }
                AppCommand::ZoomReset => {
                    self.settings.zoom = 1.0;
                    self.rt.pan = egui::Vec2::ZERO;
                }
                AppCommand::Pan(delta) => self.rt.pan += delta,
                AppCommand::Anim(c) => {
                    // Stepping or playing the sowing by hand reads its lap
                    // captions where a refusal of something typed stood
                    // ("“99” is not a move here"): it hid them for as long
                    // as the move was stepped.
                    let about_view = self.rt.notice.as_ref().is_some_and(|n| {
                        !n.report
                            && !n.during_sowing
                            && self
                                .rt
                                .notice_about
                                .as_ref()
                                .is_some_and(|(text, ..)| **n == **text)
                    });
                    if about_view && self.rt.shown_replay().is_some() {
                        self.rt.notice = None;
                    }
                    if let Some(r) = self.rt.shown_replay_mut() {
                        // Stepping by hand pauses the replay.
                        if !matches!(c, AnimCommand::PlayPause | AnimCommand::End) {
                            r.playing = false;
                        }
                        match c {
                            AnimCommand::PlayPause => r.toggle_play(),
                            AnimCommand::StepSeed => r.step_seed(),
                            AnimCommand::BackSeed => r.back_seed(),
                            AnimCommand::StepLap => r.step_lap(),
                            AnimCommand::BackLap => r.back_lap(),
                            AnimCommand::End => r.jump_to_end(),
                            AnimCommand::Start => r.set_step(0),
                            AnimCommand::Seek(step) => r.set_step(step),
                        }
                    }
                }
                AppCommand::SetSpeed(s) => {
                    self.settings.speed = s.clamp(anim::MIN_SPEED, anim::INSTANT_SPEED);
                    // A speed taken answers an earlier refused one.
                    if self
                        .rt
                        .notice
                        .as_ref()
                        .is_some_and(|n| n.topic == state::NoticeTopic::SowingSpeed)
                    {
                        self.rt.notice = None;
                    }
                }
                AppCommand::RedoTo(moves) => {
                    // A hole being typed was meant for the position undone to.
                    self.rt.typed.clear();
                    let mut redone = false;
                    while self.rt.game.moves().len() < moves && self.rt.redo() {
                        redone = true;
                    }
                    self.hold_computer_for_redo();
                    self.rt.done_or_nothing_to(redone, "redo");
                }
                AppCommand::FinishAnimation => {
                    if let Some(r) = self.rt.shown_replay_mut() {
                        r.jump_to_end();
                    }
                }
                AppCommand::Notice(notice) => self.rt.say_about_view(notice),
                AppCommand::SetComment(n, text) => self.rt.set_comment(n, text),
                AppCommand::SetEvent(text) => self.rt.event = text,
                AppCommand::SetNotes(text) => self.rt.notes = text,
                AppCommand::ViewMove(i) => self.rt.view_move(i),
                AppCommand::ViewStart => self.rt.view_start(),
                AppCommand::ViewLive => {
                    self.rt.view_live();
                    // The last move paused or playing partway is not yet
                    // the live position: its end is.
                    if let Some(r) = self.rt.shown_replay_mut() {
                        r.jump_to_end();
                    }
                }
                AppCommand::DismissGameOver => self.rt.game_over_dismissed = Some(self.rt.ending()),
                AppCommand::Quit => ctx.send_viewport_cmd(egui::ViewportCommand::Close),
                AppCommand::SetPlayers(players) => {
                    // Sides chosen anew have nothing to give back.
                    self.rt.taken_over = [None; 2];
                    self.settings.players = players;
                    // Chosen now: a study's end gives back nothing older.
                    self.studies.clear_players_before();
                }
                AppCommand::TakeOver(side) => {
                    let player = &mut self.settings.players[side.index()];
                    if player.is_computer() {
                        self.rt.taken_over[side.index()] = Some(*player);
                        *player = players::Player::Human;
                        self.studies.clear_players_before();
                    }
                }
                AppCommand::GiveBack(side) => {
                    if let Some(computer) = self.rt.taken_over[side.index()].take() {
                        self.settings.players[side.index()] = computer;
                        self.studies.clear_players_before();
                    }
                }
                AppCommand::PauseComputer(paused) => {
                    self.rt.computer.paused = paused;
                    if paused {
                        self.rt.computer.cancel();
                    }
                }
                AppCommand::ShowCouncil(show) => self.settings.show_council = show,
                AppCommand::SetCouncilDock(dock) => self.settings.council_dock = dock,
                AppCommand::HideAdvice(hide) => self.settings.hide_advice = hide,
                AppCommand::AskCouncil => self.council.ask(&self.rt),
                AppCommand::ReviewGame => self.council.start_review(&self.rt.game),
                AppCommand::Editor(c) => self.apply_editor(ctx, c),
                AppCommand::ShowSolver(show) => self.settings.show_solver = show,
                AppCommand::ShowTempoPlot(show) => self.settings.show_tempo_plot = show,
                AppCommand::Solver(c) => {
                    self.rt.solver_used_in = Some(self.rt.game_id);
                    self.apply_solver(ctx, c);
                }
                AppCommand::Study(c) => self.apply_study(ctx, c),
            }
        }
    }

    /// One frame: advance the clock, draw every panel, apply the commands.
    pub fn frame(&mut self, ui: &mut egui::Ui) {
        let ctx = ui.ctx().clone();
        // Sowing keeps its speed down to 4 frames a second (a busy machine
        // with the computer and the council thinking); only a longer stall
        // slows it rather than skipping seeds.
        let dt = ctx.input(|i| i.stable_dt).min(0.25);
        let speed = self.settings.speed;
        if let Some(r) = self.rt.shown_replay_mut()
            && r.advance(dt, speed)
        {
            ctx.request_repaint();
        }
        let analysing = self.rt.refresh_analysis(&ctx);
        // A move clicked on an earlier position, decided on a thread: offered
        // or refused once known, if the view and the game are as they were.
        if let Some((offer, rx)) = &self.rt.branch_check
            && let Ok(verdict) = rx.try_recv()
        {
            let offer = *offer;
            self.rt.branch_check = None;
            if (self.rt.view, self.rt.game.moves().len()) == (offer.view, offer.moves) {
                match verdict {
                    Ok(()) => {
                        self.rt.notice = None;
                        self.rt.branch_offer = Some(offer);
                    }
                    Err(why) => self.rt.say_about_view(why),
                }
            }
        }
        self.stop_abandoned_branch_check();
        // A move held for the check of the moves goes on once it is done
        // and no dialog waits for an answer (on the position it was asked
        // on; another move, an undo or a new game since drops it).
        if let Some((mv, key)) = self.rt.held_move
            && !analysing
            && !self.dialog_open()
            && self.editor.is_none()
        {
            self.rt.held_move = None;
            if key == self.rt.current_key() {
                self.queued.push(AppCommand::PlayMove(mv));
            }
        }
        // Notices that no longer hold go: "an earlier position" once the
        // live one is on view, "Saved to …" once there are new changes.
        let here = (self.rt.view, self.rt.game.moves().len());
        let moved_on = |n: &str| {
            self.rt
                .notice_about
                .as_ref()
                .is_some_and(|(text, view, len)| text == n && (*view, *len) != here)
        };
        // A report of something done before ("Opened …", "Study: …")
        // goes once a move is being sown on view: its line under the
        // board is where the sowing's lap captions are read (a refusal
        // just made, or a report about the position on view, stays).
        let about_view = |n: &str| {
            self.rt
                .notice_about
                .as_ref()
                .is_some_and(|(text, ..)| text == n)
        };
        let stale = match self.rt.notice.as_ref() {
            None => false,
            Some(n) if n.report && !n.during_sowing && self.rt.animating() && !about_view(n) => {
                true
            }
            Some(n) => match &**n {
                state::EARLIER_POSITION_NOTICE => self.rt.live(),
                n if moved_on(n) => true,
                n => n.starts_with(files_ui::SAVED_NOTICE) && self.unsaved(),
            },
        };
        if stale {
            self.rt.notice = None;
        }
        // An exercise's answer is for the user to find: no advice then.
        let exercising = self.studies.exercising();
        // Nor while a computer player thinks: its strength depends on the
        // cores it gets.
        let computer_turn = self.computer_to_move();
        self.council.poll(
            &mut self.rt,
            &ctx,
            self.settings.show_council && !exercising && !computer_turn,
            self.studies.active.is_none(),
        );
        // A line being played waits for the editor, and for a dialog's
        // answer (as the computer does): its moves would land behind it.
        let lines_may_play = self.editor.is_none() && !self.dialog_open();
        // The solver's table is had from the system (in the background)
        // once a solve is in view, not by the first solve's probes.
        if self.settings.show_solver || self.studies.active.is_some() {
            self.solver.warm_up();
        }
        if let Some(ask) = self.solver.poll(&mut self.rt, &ctx, lines_may_play) {
            self.queued.push(ask);
        }
        // After the council's review wrote its estimates: a proof outranks
        // one. Not in an exercise, whose answer they would give away (a
        // position solved before named the best move of a wrong one).
        if !exercising {
            self.solver.write_proved_notes(&mut self.rt);
        }
        self.poll_studies(&ctx);

        let mut commands = std::mem::take(&mut self.queued);
        // A "Play from here?" asked about another position or game is void.
        self.rt.branch_offer = self.rt.standing_branch_offer();
        // Tab moves the keyboard focus during this frame, after some
        // widgets were drawn: another frame draws the focus where it is
        // (else the ring shows the widget before, and Enter presses another).
        if ctx.input(|i| i.key_pressed(egui::Key::Tab)) {
            ctx.request_repaint();
        }
        focus::pass_over_resize_handles(ui);
        // Esc closes an open menu first: the keys below (a half-typed hole,
        // the help, the editor's selection) took it, and the menu stayed.
        if egui::Popup::is_any_open(&ctx)
            && ctx.input_mut(|i| i.consume_key(egui::Modifiers::NONE, egui::Key::Escape))
        {
            egui::Popup::close_all(&ctx);
        }
        let waiting = self.dialog_open();
        // The user's commands of this frame were meant for the board on
        // view: the computer's move arriving with them goes after them.
        let mut computer_move = None;
        if self.editor.is_some() {
            // Editing: no computer moves, and the keys (and a paste) edit.
            commands.extend(self.editor_keyboard(&ctx));
        } else {
            // A dialog waiting for an answer (a new game, a save, the
            // resume offer) holds the computer too: its move would land in
            // a game the user may be about to replace.
            if !waiting {
                computer_move = players::drive(&mut self.rt, &self.settings.players, &ctx);
            }
            commands.extend(self.keyboard(&ctx));
        }
        // Nor does the board take clicks then.
        self.rt.board_inert = waiting;
        self.rt.move_wait = self.studies.refuses_move(&self.rt);
        if termination::requested() {
            self.close_unasked(&ctx);
        }
        self.editor_holds_close(&ctx);
        self.writer_holds_close(&ctx);
        commands.extend(self.files_input(&ctx));

        egui::Panel::top("menu-bar").show(ui, |ui| {
            // A dialog waiting for an answer keeps the menus shut: a menu
            // opened over the New game window could start another dialog
            // (Open, the editor) behind it.
            ui.add_enabled_ui(!waiting, |ui| {
                let study_of_view = if self.studies.exercising() {
                    menu::StudyOfView::Exercising
                } else if self.solver.shown_solution(&self.rt).is_some() {
                    menu::StudyOfView::Solved
                } else {
                    menu::StudyOfView::Unsolved
                };
                commands.extend(menu::menu_ui(
                    ui,
                    &self.settings,
                    &self.rt,
                    &self.files,
                    self.editor.as_ref(),
                    self.studies.active.is_some(),
                    study_of_view,
                ));
            });
        });
        if let Some(ed) = &mut self.editor {
            if ed.poll() {
                ctx.request_repaint_after(std::time::Duration::from_millis(50));
            }
            if let Some(start) = ed.take_start_when_checked() {
                commands.push(AppCommand::Editor(start));
            }
            let names = &self.rt.names;
            let board_least = board::min_area_width(ui, ed.variant());
            let (least, most) = beside_board(ui, EDITOR_MIN_WIDTH, 0.0, board_least);
            let panel = egui::Panel::right(panel_name::EDITOR)
                .resizable(true)
                .default_size(380.0)
                .min_size(least)
                .max_size(most);
            self.panel_widths
                .show(ui, panel_name::EDITOR, panel, most, |ui| {
                    commands.extend(editor::editor_panel(ui, ed, names));
                });
            egui::CentralPanel::default().show(ui, |ui| {
                ui.set_clip_rect(ui.max_rect().intersect(ui.clip_rect()));
                commands.extend(board::editor_board_ui(
                    ui,
                    &self.settings,
                    &mut self.rt.pan,
                    ed,
                    names,
                    self.rt.board_inert,
                ));
            });
            if let Some(dialog) = &mut self.rt.new_game {
                commands.extend(dialog.ui(&ctx, self.files.error.is_none()));
            }
            commands.extend(help_and_dialogs(self, &ctx));
            self.finish_frame(&ctx, commands);
            return;
        }
        // While a dialog waits for an answer, the panels around the board
        // (and the board) take no keys and no clicks, as the menus: Tab
        // reached their buttons from the dialog, and Space pressed them.
        // The dialogs are windows of their own, not inside this ui.
        if waiting {
            ui.disable();
        }
        egui::Panel::bottom("animation-controls").show(ui, |ui| {
            // The timeline takes height the board needs in a short window
            // (its holes would go below a readable size there).
            if ui.ctx().content_rect().height() >= timeline::MIN_WINDOW_HEIGHT {
                ui.add_space(4.0);
                commands.extend(timeline::timeline_ui(ui, &self.rt));
            }
            ui.add_space(2.0);
            commands.extend(controls::controls_ui(ui, &self.settings, &self.rt));
            ui.add_space(2.0);
        });
        // Also once the computer's last side is taken over, to give it
        // back (the bar going moved the board 13 px under the pointer).
        if self.settings.players.iter().any(|p| p.is_computer())
            || self.rt.taken_over.iter().any(Option::is_some)
        {
            egui::Panel::top("computer-players").show(ui, |ui| {
                commands.extend(players::computer_bar(ui, &self.rt, &self.settings.players));
            });
        }
        // Panels beside the board: each leaves the ones after it their
        // least widths (egui lays panels out in order).
        let variant = self.rt.game.current().variant();
        let board_least = board::min_area_width(ui, variant);
        let study_min = if self.studies.active.is_some() {
            STUDY_MIN_WIDTH
        } else {
            0.0
        };
        // An exercise's answer is for the user to find: the council and the
        // solver step aside (the study panel says so), leaving the board
        // their room.
        let show_council = self.settings.show_council && !exercising;
        let show_solver = self.settings.show_solver && !exercising;
        // The solver and the move list share one column beside the board,
        // the solver above the moves: as two full-height columns they took
        // a 2×50 row down to 13 px a hole while their height went unused.
        // In a short window the column would leave each too little height:
        // then they stand side by side, as before.
        // The column's height: the tempo plot, drawn across it, takes its
        // part (as tall as it was last frame).
        let plot_height = if self.settings.show_tempo_plot {
            ui.data(|d| d.get_temp::<f32>(plot_height_id()))
                .unwrap_or(PLOT_DEFAULT_HEIGHT)
        } else {
            0.0
        };
        let solver_beside_moves = show_solver
            && self.settings.show_move_list
            && ui.available_height() - plot_height >= SHARED_COLUMN_MIN_HEIGHT;
        let solver_min = if show_solver && !solver_beside_moves {
            SOLVER_MIN_WIDTH
        } else {
            0.0
        };
        let moves_min = match (self.settings.show_move_list, solver_beside_moves) {
            (false, _) => 0.0,
            (true, false) => MOVES_MIN_WIDTH,
            (true, true) => SOLVER_MIN_WIDTH.max(MOVES_MIN_WIDTH),
        };
        let council_below = show_council
            && (self.settings.council_dock.at_bottom(variant)
                // Where the board leaves no room beside it, under it.
                || self.settings.council_dock == settings::CouncilDock::Auto
                    && study_min + solver_min + moves_min + COUNCIL_MIN_WIDTH
                        + board::MIN_AREA_WIDTH
                        > ui.available_width());
        let council_min = if show_council && !council_below {
            COUNCIL_MIN_WIDTH
        } else {
            0.0
        };
        if let Some(active) = &self.studies.active {
            let later = solver_min + moves_min + council_min;
            let (least, most) = beside_board(ui, STUDY_MIN_WIDTH, later, board_least);
            let panel = egui::Panel::left(panel_name::STUDY)
                .resizable(true)
                .default_size(400.0)
                .min_size(least)
                .max_size(most);
            self.panel_widths
                .show(ui, panel_name::STUDY, panel, most, |ui| {
                    commands.extend(studies_ui::study_panel_ui(
                        ui,
                        active,
                        &self.rt,
                        self.settings.show_council || self.settings.show_solver,
                        self.studies.game_before(),
                    ));
                });
        }
        if show_solver && !solver_beside_moves {
            let later = moves_min + council_min;
            let (least, most) = beside_board(ui, SOLVER_MIN_WIDTH, later, board_least);
            let panel = egui::Panel::right(panel_name::SOLVER)
                .resizable(true)
                .default_size(340.0)
                .min_size(least)
                .max_size(most);
            self.panel_widths
                .show(ui, panel_name::SOLVER, panel, most, |ui| {
                    commands.extend(solver_panel::solver_ui(ui, &self.solver, &self.rt));
                });
        }
        // Panels under the board share what the board does not need.
        let board_min = board::min_area_height(ui, variant);
        self.rt.plot_rect = None;
        if self.settings.show_tempo_plot {
            // Under a board with the council under it too, the plot leaves
            // the council at least half the room (as its default height
            // did, it left the council 140 px of its cards and ranked moves
            // in a 680 px window).
            let below = if council_below {
                COUNCIL_MIN.max((ui.available_height() - board_min) / 2.0)
            } else {
                0.0
            };
            let plot = egui::Panel::bottom(panel_name::TEMPO_PLOT)
                .resizable(true)
                .default_size(PLOT_DEFAULT_HEIGHT)
                .min_size(PLOT_MIN)
                .max_size(under_board(ui, board_min + below, PLOT_MIN))
                .show(ui, |ui| self.tempo_plot_ui(ui));
            commands.extend(plot.inner);
            let height = plot.response.rect.height();
            ui.data_mut(|d| d.insert_temp(plot_height_id(), height));
            self.rt.plot_rect = Some(plot.response.rect);
        }
        if self.settings.show_move_list {
            let (least, most) = beside_board(ui, moves_min, council_min, board_least);
            let panel = egui::Panel::right(panel_name::MOVE_LIST)
                .resizable(true)
                .default_size(if solver_beside_moves { 320.0 } else { 280.0 })
                .min_size(least)
                .max_size(most);
            self.panel_widths
                .show(ui, panel_name::MOVE_LIST, panel, most, |ui| {
                    if solver_beside_moves {
                        // The moves below take the height their rows and the
                        // comment box need, at most half the column once the
                        // game is long; the solver above (the panel just asked
                        // for) takes the rest, most of it while few moves are
                        // played and a solve's lines and values need the room.
                        // Until the solver is used in this game (an idle
                        // Solve button left 250 px blank over four rows of
                        // moves), the moves may take all it has needed so
                        // far; once used, half, as before: split once, by a
                        // click in the solver, not as the view goes from move
                        // to move (a row clicked would move away).
                        let column = ui.available_height();
                        let needed = move_list::wanted_height(ui, self.rt.game.moves().len());
                        let used = self.rt.solver_used_in == Some(self.rt.game_id);
                        let moves_most =
                            match solver_panel::most_wanted_height(ui.ctx(), self.rt.game_id) {
                                Some(most) if !used => (column * 0.5).max(column - most),
                                _ => column * 0.5,
                            };
                        // (Never less than a long game's least, but no more
                        // than a short one needs: a fixed least left blank rows
                        // under a study's start while the solver's values
                        // scrolled.)
                        let moves_height = needed
                            .min(moves_most)
                            .max(SHARED_MOVES_MIN.min(needed))
                            .min(column - SHARED_SOLVER_MIN);
                        egui::Panel::bottom("moves-under-solver")
                            // The column's own frame already has the margins.
                            .frame(egui::Frame::NONE.inner_margin(egui::Margin::symmetric(0, 4)))
                            .exact_size(moves_height)
                            .show(ui, |ui| {
                                commands.extend(move_list::move_list_ui(ui, &self.rt));
                            });
                        commands.extend(solver_panel::solver_ui(ui, &self.solver, &self.rt));
                    } else {
                        commands.extend(move_list::move_list_ui(ui, &self.rt));
                    }
                });
        }
        let mut council_rect = None;
        if show_council {
            let computer_turn =
                council::ComputerTurn::of(self.computer_to_move(), &self.settings.players);
            let mut council = |ui: &mut egui::Ui, commands: &mut Vec<AppCommand>| {
                commands.extend(council::council_ui(
                    ui,
                    &self.council,
                    &mut self.rt,
                    self.settings.hide_advice,
                    computer_turn,
                ));
                // Keep the panel its size while the council is still
                // thinking (a panel shrinks to short content): its content
                // covers the panel's room exactly. (Allocating the space
                // left added the item spacing too, so the panel grew by a
                // few pixels every frame, over the board.)
                ui.expand_to_include_rect(ui.max_rect());
            };
            if council_below {
                // Under the board: a long En Gehé row needs the width, and
                // the board leaves height to spare.
                // Its own id: egui keeps a panel's size by id, and a width
                // read as a height (or back) would crowd out the board.
                // The height a long row leaves empty goes to the council:
                // a panel kept small from a smaller window grows back.
                let fitted = board::fitted_area_height(
                    ui,
                    variant,
                    ui.available_width(),
                    self.settings.zoom,
                );
                let spare = ui.available_height() - fitted;
                let least = spare.clamp(COUNCIL_MIN, COUNCIL_GROWN);
                // Zoomed in, the board keeps the height of its zoom (as
                // far as the council's least leaves it): a council grown
                // tall at 100 % kept its height, and a 2×50 board at 244 %
                // had 120 px, one row in sight, panning between them.
                let board_room = if self.settings.zoom > 1.0 {
                    board_min.max(fitted.min(ui.available_height() - COUNCIL_MIN))
                } else {
                    board_min
                };
                let most = under_board(ui, board_room, COUNCIL_MIN);
                let panel = egui::Panel::bottom(panel_name::COUNCIL_BELOW)
                    .resizable(true)
                    .default_size(340.0)
                    .min_size(least)
                    .max_size(most);
                council_rect = Some(
                    self.panel_widths
                        .show_bottom(ui, panel_name::COUNCIL_BELOW, panel, most, |ui| {
                            council(ui, &mut commands)
                        })
                        .response
                        .rect,
                );
            } else {
                // The council gives way to a short board (Bao la Kimasai's)
                // before it shrinks into an illegible one.
                let comfortable = board::comfortable_area_width(ui, variant);
                let (least, most) = beside_board(ui, COUNCIL_MIN_WIDTH, 0.0, comfortable);
                let panel = egui::Panel::left(panel_name::COUNCIL_BESIDE)
                    .resizable(true)
                    .default_size(420.0)
                    .min_size(least)
                    .max_size(most);
                council_rect = Some(
                    self.panel_widths
                        .show(ui, panel_name::COUNCIL_BESIDE, panel, most, |ui| {
                            council(ui, &mut commands)
                        })
                        .response
                        .rect,
                );
            }
        }
        // A finished game's council has nothing left to advise: the result
        // may go over it where the board leaves no room.
        self.rt.council_rect = council_rect;
        egui::CentralPanel::default().show(ui, |ui| {
            // Lines that wrap in a cramped area must not paint over the
            // panels around it.
            ui.set_clip_rect(ui.max_rect().intersect(ui.clip_rect()));
            commands.extend(board::board_ui(ui, &self.settings, &mut self.rt));
        });
        if let Some(dialog) = &mut self.rt.new_game {
            // A message over the dialog (a preset that could not be saved)
            // takes Enter and Esc.
            commands.extend(dialog.ui(&ctx, self.files.error.is_none()));
        }
        commands.extend(branch::branch_offer_ui(
            &ctx,
            &self.rt,
            self.solver.line_after_branch(),
            self.studies.exercising(),
        ));
        // The result waits while a dialog asks something: drawn over the
        // dialog's shade it looked usable but took no clicks.
        if !self.dialog_open() {
            commands.extend(game_over::game_over_ui(&ctx, &self.rt));
        }
        commands.extend(studies_ui::library_ui(&ctx, &mut self.studies));
        commands.extend(help_and_dialogs(self, &ctx));
        commands.extend(computer_move);
        self.finish_frame(&ctx, commands);
    }

    /// The end of every frame: apply the commands, keep animating.
    fn finish_frame(&mut self, ctx: &egui::Context, commands: Vec<AppCommand>) {
        // A preview nothing hovers any more goes, rather than stay on the
        // board looking like the move about to be made.
        if !std::mem::take(&mut self.rt.preview_asked) && self.rt.preview.take().is_some() {
            ctx.request_repaint();
        }
        // A changed state needs a frame to be seen.
        if !commands.is_empty() {
            ctx.request_repaint();
        }
        self.apply_with_files(ctx, commands);
        // A dialog or message that came up this frame (Ctrl+N, Ctrl+O,
        // Ctrl+S or Ctrl+Shift+S pressed with the Game menu open, the
        // unsaved-changes question before them, a file that could not be
        // read) closes any menu: it stayed drawn over the dialog, and its
        // items still worked behind it. (Only as one comes up: a dialog's
        // own drop-down lists are menus too.)
        let dialog_open = self.dialog_open();
        if dialog_open && !self.dialog_was_open {
            egui::Popup::close_all(ctx);
        }
        self.dialog_was_open = dialog_open;
        self.editor_left(ctx);
        if self.rt.shown_replay().is_some_and(|r| r.playing) {
            ctx.request_repaint();
        }
        focus::paint_focus_ring(ctx);
        let title = self.window_title();
        if title != self.rt.window_title {
            ctx.send_viewport_cmd(egui::ViewportCommand::Title(title.clone()));
            self.rt.window_title = title;
        }
    }
}

/// The least and greatest width of a panel docked beside the board, whose
/// own least width is `min`; `later` is the least widths of the panels
/// still to be laid out beside it. It grows no further than leaves the
/// board `board_least` (see [`board::min_area_width`]) and the later
/// panels their room; where even the least widths do not fit, it gives up
/// some of its own before the board's area gets narrower than
/// [`board::MIN_AREA_WIDTH`].
fn beside_board(ui: &egui::Ui, min: f32, later: f32, board_least: f32) -> (f32, f32) {
    let room = ui.available_width() - later;
    let least = min.min(room - board::MIN_AREA_WIDTH).max(PANEL_FLOOR);
    (least, (room - board_least).max(least))
}

/// The tallest a panel docked under the board may grow (`min` at least):
/// what is left of the room once `reserved` (the board's least height, and
/// the least of any panel still to come under it) is kept back.
fn under_board(ui: &egui::Ui, reserved: f32, min: f32) -> f32 {
    (ui.available_height() - reserved).max(min)
}

/// Windows drawn over every mode: help and the files feature's dialogs.
fn help_and_dialogs(app: &mut MaasaiApp, ctx: &egui::Context) -> Vec<AppCommand> {
    let mut out = Vec::new();
    if app.rt.help_open {
        out.extend(help::help_ui(ctx, true, app.rt.help_scroll.take()));
    }
    if let Some(w) = &mut app.solver.writer {
        let config = app.files.folders.as_ref().map(|f| f.config.as_path());
        out.extend(study_writer::writer_ui(
            ctx,
            w,
            config,
            app.files.native_dialogs,
            app.studies.library_open,
            // (Esc is theirs then: the help or a message over the dialog.)
            app.rt.help_open || app.files.error.is_some(),
        ));
    }
    out.extend(app.files_ui(ctx));
    out
}

impl MaasaiApp {
    /// Applies an editor command: opening and leaving here, edits in the editor.
    fn apply_editor(&mut self, ctx: &egui::Context, command: editor::EditorCommand) {
        use editor::EditorCommand as C;
        match command {
            C::Open => {
                // The computer waits while the position is being edited,
                // and so does a sowing, to go on where it was left.
                self.rt.computer.cancel();
                let mut was_playing = false;
                if let Some(r) = &mut self.rt.replay {
                    was_playing = r.playing;
                    r.playing = false;
                }
                self.rt.new_game = None;
                // A refusal under the board was about play ("illegal move
                // `i9`"): it would still stand there after the editor.
                if self.rt.notice.as_ref().is_some_and(|n| !n.report) {
                    self.rt.notice = None;
                }
                // A move waiting for the check of the moves, or a check of
                // a move clicked on an earlier position, is dropped: played
                // under the editor it would change the game (and close the
                // editor with its edits), and a "Play from here?" asked
                // under it would hold its keys and clicks. The line under
                // the board says so on leaving.
                if let Some((mv, _)) = self.rt.held_move.take() {
                    let name = said_move(self.rt.game.current(), mv);
                    self.rt.say_about_view(format!(
                        "{name} was not played: the position editor was opened before the check of which moves end was done"
                    ));
                }
                if let Some((offer, _)) = self.rt.branch_check.take() {
                    let name = said_move(&self.rt.game.positions()[offer.view], offer.mv);
                    self.rt.say_about_view(format!(
                        "{name} was not played: the position editor was opened before the check of whether it ends was done"
                    ));
                }
                self.rt.branch_offer = None;
                self.stop_abandoned_branch_check();
                let mut ed = editor::Editor::new(
                    self.rt.shown_position(),
                    self.game_identity(),
                    self.rt.background,
                );
                ed.resume_sowing = was_playing;
                // Opened on Bao la Kimasai, a switch to En Gehé sets up
                // the size of the last En Gehé game started.
                if let Variant::EnGehe { holes } = self.settings.last_options.variant
                    && !self.rt.shown_position().variant().is_en_gehe()
                {
                    ed.en_gehe_holes = holes;
                }
                self.editor = Some(ed);
            }
            C::Cancel | C::Discard => {
                // Work in the editor is asked about first (editor.rs).
                if command == C::Cancel
                    && let Some(ed) = &mut self.editor
                    && ed.ask_before_leaving(editor::DiscardAsked::Leave)
                {
                    return;
                }
                // Back to the game as it was: a sowing that was playing
                // plays on (and with it a solver line being played).
                if self.editor.take().is_some_and(|ed| ed.resume_sowing)
                    && let Some(r) = &mut self.rt.replay
                {
                    r.playing = true;
                }
            }
            C::Play | C::Analyse => {
                let Some(ed) = &mut self.editor else { return };
                if ed.check().checking() && ed.check().startable() {
                    // Goes ahead when the check finds nothing (polled
                    // each frame), or says what it found.
                    ed.start_when_checked = Some(command == C::Analyse);
                    return;
                }
                let Some(pos) = ed.check().playable() else {
                    // The buttons are disabled then; a queued command says why.
                    self.rt.notice = ed.check().problems.first().map(|p| p.as_str().into());
                    return;
                };
                ed.leaving = Some((pos, command == C::Analyse));
                // Started like a pasted position: after the unsaved-changes
                // prompt, as a new record with no file.
                self.apply_file_command(ctx, files_ui::FileCommand::PasteText(pos.to_string()));
            }
            c => {
                if let Some(ed) = &mut self.editor {
                    ed.apply(c);
                }
            }
        }
    }

    /// The game on view, as far as the editor cares: its start and length.
    fn game_identity(&self) -> (u64, usize) {
        (self.rt.game.start().key(), self.rt.game.moves().len())
    }

    /// Closes the editor once the game has started from its position, or
    /// forgets the request if the unsaved-changes prompt was cancelled.
    /// A game started or opened meanwhile from the menu also closes it.
    fn editor_left(&mut self, ctx: &egui::Context) {
        let identity = self.game_identity();
        let Some(ed) = &mut self.editor else { return };
        let Some((pos, analyse)) = ed.leaving else {
            // (With work in it the editor stays, and asks.)
            if ed.opened_on != identity && !ed.stays_over_new_game(identity) {
                self.editor = None;
            }
            return;
        };
        if self.rt.game.moves().is_empty() && *self.rt.game.start() == pos {
            self.editor = None;
            self.rt.notice = Some(state::Notice::report(state::EDITED_NOTICE));
            if analyse {
                self.apply(ctx, vec![AppCommand::ShowCouncil(true)]);
            }
        } else if !self.files.action_waiting()
            && let Some(ed) = &mut self.editor
        {
            ed.leaving = None;
        }
    }

    /// With moves still undone, a computer left to move waits, as after
    /// Undo: its reply would drop them.
    fn hold_computer_for_redo(&mut self) {
        let turn = self.rt.game.current().turn();
        self.rt.computer.paused |=
            !self.rt.redo.is_empty() && self.settings.players[turn.index()].is_computer();
    }

    /// The editor's keys: undo and redo, digits into the selected hole, and
    /// a paste (outside text fields) read as a position.
    fn editor_keyboard(&mut self, ctx: &egui::Context) -> Vec<AppCommand> {
        use egui::{Key, Modifiers};
        let mut out: Vec<editor::EditorCommand> = Vec::new();
        // A focused button is no reason to ignore the keys; a text field is.
        if ctx.text_edit_focused() || self.dialog_open() {
            return Vec::new();
        }
        let help_open = self.rt.help_open;
        let step = self.pan_step();
        let paste_watch = &mut self.files.paste_watch;
        let Some(ed) = &mut self.editor else {
            return Vec::new();
        };
        let mut app_commands = Vec::new();
        ctx.input_mut(|i| {
            // Read before the paste events are taken out below.
            let no_text = files_ui::paste_without_text(&i.events, paste_watch);
            let mut pasted = None;
            let mut help_open = help_open;
            // Every press counts, in the order pressed, with the digits (a
            // slow frame may hold several).
            i.events.retain(|e| match e {
                egui::Event::Text(t) => {
                    for ch in t.chars() {
                        // F flips the board, as outside the editor.
                        if ch.eq_ignore_ascii_case(&'f') {
                            app_commands.push(AppCommand::Flip);
                        } else {
                            ed.type_digit(ch);
                        }
                    }
                    false
                }
                egui::Event::Paste(text) => {
                    pasted = Some(text.clone());
                    false
                }
                egui::Event::Key {
                    key,
                    pressed: true,
                    modifiers,
                    ..
                } => {
                    // Extra Shift and Alt are ignored, so the patterns with
                    // them come first.
                    let is = |pattern: Modifiers| modifiers.matches_logically(pattern);
                    match *key {
                        // As outside the editor: a new game (which asks
                        // first), and Ctrl+E again leaves the editor.
                        Key::N if is(Modifiers::COMMAND) => {
                            app_commands.push(AppCommand::OpenNewGame)
                        }
                        Key::E if is(Modifiers::COMMAND) => out.push(editor::EditorCommand::Cancel),
                        // Undo and redo at once, in order with the digits
                        // ("5" then Ctrl+Z takes the 5 back; Ctrl+Z then
                        // "5" keeps it).
                        Key::Z if is(Modifiers::COMMAND | Modifiers::SHIFT) => {
                            ed.apply(editor::EditorCommand::Redo)
                        }
                        Key::Y if is(Modifiers::COMMAND) => ed.apply(editor::EditorCommand::Redo),
                        Key::Z if is(Modifiers::COMMAND) => ed.apply(editor::EditorCommand::Undo),
                        // Esc closes the help first, as outside the editor.
                        Key::Escape if is(Modifiers::NONE) && help_open => {
                            help_open = false;
                            app_commands.push(AppCommand::ShowHelp(false));
                        }
                        // With no hole being typed into, Esc leaves as
                        // Cancel does (asking first about edits): it did
                        // nothing, where every dialog's Esc cancels.
                        Key::Escape if is(Modifiers::NONE) && ed.selected.is_none() => {
                            out.push(editor::EditorCommand::Cancel)
                        }
                        Key::Enter | Key::Escape if is(Modifiers::NONE) => {
                            // Ends the typing at once: digits after it in
                            // this frame go to no hole.
                            ed.apply(editor::EditorCommand::Select(None));
                        }
                        Key::F1 if is(Modifiers::NONE) => {
                            help_open = !help_open;
                            app_commands.push(AppCommand::ShowHelp(help_open));
                        }
                        Key::Backspace if is(Modifiers::NONE) => ed.backspace(),
                        // The board zooms and pans as outside the editor
                        // (the keys did nothing here).
                        _ if let Some(c) = zoom_or_pan(*key, *modifiers, step) => {
                            app_commands.push(c)
                        }
                        _ => return true,
                    }
                    false
                }
                _ => true,
            });
            if let Some(text) = pasted {
                out.push(editor::EditorCommand::Paste(text));
            } else if no_text {
                // As the editor's Paste from clipboard button does.
                match files_ui::clipboard_text() {
                    Ok(text) => out.push(editor::EditorCommand::Paste(text)),
                    Err(problem) => ed.paste_error = Some(problem),
                }
            }
        });
        app_commands.extend(out.into_iter().map(AppCommand::Editor));
        app_commands
    }
}

/// Ctrl+= / Ctrl+- / Ctrl+0 zoom the board, Ctrl+arrows pan it by `step`,
/// in play and in the editor alike.
fn zoom_or_pan(key: egui::Key, modifiers: egui::Modifiers, step: egui::Vec2) -> Option<AppCommand> {
    use egui::{Key, Modifiers};
    if !modifiers.matches_logically(Modifiers::COMMAND) {
        return None;
    }
    Some(match key {
        Key::Equals | Key::Plus => AppCommand::ZOOM_IN,
        Key::Minus => AppCommand::ZOOM_OUT,
        Key::Num0 => AppCommand::ZoomReset,
        Key::ArrowLeft => AppCommand::Pan(egui::vec2(step.x, 0.0)),
        Key::ArrowRight => AppCommand::Pan(egui::vec2(-step.x, 0.0)),
        Key::ArrowUp => AppCommand::Pan(egui::vec2(0.0, step.y)),
        Key::ArrowDown => AppCommand::Pan(egui::vec2(0.0, -step.y)),
        _ => return None,
    })
}

impl MaasaiApp {
    /// How far Ctrl+arrows pan a board bigger than its room (a zoomed or
    /// long row): a third of the visible board at a time.
    fn pan_step(&self) -> egui::Vec2 {
        self.rt
            .board_area
            .map_or(egui::vec2(200.0, 150.0), |(area, _)| area.size() / 3.0)
    }

    /// The settings as they are kept for the next launch: the panels'
    /// widths the user asked for, and the players a study set aside
    /// rather than the two humans it put in their place (quitting during
    /// a study must not lose the computer opponent).
    pub fn settings_to_keep(&self) -> Settings {
        let mut settings = self.settings.clone();
        settings.panel_widths = self.panel_widths.wishes();
        if let Some(players) = self.studies.players_set_aside() {
            settings.players = players;
        }
        settings
    }
}

impl eframe::App for MaasaiApp {
    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        self.frame(ui);
    }

    fn raw_input_hook(&mut self, ctx: &egui::Context, raw_input: &mut egui::RawInput) {
        focus::one_tab_a_frame(ctx, raw_input);
    }

    fn save(&mut self, storage: &mut dyn eframe::Storage) {
        eframe::set_value(storage, STORAGE_KEY, &self.settings_to_keep());
    }
}

/// Whether `mv` ends within `laps` laps (so it is legal, and cheap to play
/// on the window's thread).
fn ends_within(pos: &Position, mv: Move, laps: u64) -> bool {
    let mut next = *pos;
    laps > 0 && next.apply_within(mv, laps).is_ok()
}

/// A name from a file (a preset's, a recent file's) as one short line:
/// control characters as spaces, cut at `most` characters with "…".
pub fn one_short_line(text: &str, most: usize) -> String {
    let line: String = text
        .chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect();
    if line.chars().count() > most {
        format!("{}…", line.chars().take(most - 1).collect::<String>())
    } else {
        line
    }
}

/// Opens the window (and queues `file` to be opened). Blocks until it closes.
pub fn run(file: Option<PathBuf>) -> eframe::Result {
    // Before eframe reads it: a settings "file" that is a pipe would block.
    settings::set_aside_unreadable(APP_ID);
    // The window's thread keeps its priority over searches and solves.
    crate::priority::lower_workers();
    let options = eframe::NativeOptions {
        viewport: egui::ViewportBuilder::default()
            .with_title("Maasai mancala — En Gehé and Bao la Kimasai")
            .with_app_id(APP_ID)
            .with_inner_size([1500.0, 860.0])
            .with_min_inner_size(MIN_WINDOW),
        ..Default::default()
    };
    eframe::run_native(
        APP_ID,
        options,
        Box::new(move |cc| {
            termination::listen(&cc.egui_ctx);
            Ok(Box::new(MaasaiApp::new(cc, file)))
        }),
    )
}

/// Whether the pointer lies on `ui`'s own layer: no menu, window or other
/// popup is drawn over `ui` there. (egui hovers a widget behind a layer's
/// edge within its interact radius: a menu rested on by its edge over the
/// council or the board previewed the move under it.)
fn pointer_on_layer(ui: &egui::Ui) -> bool {
    let ctx = ui.ctx();
    ctx.pointer_hover_pos()
        .is_some_and(|at| ctx.layer_id_at(at) == Some(ui.layer_id()))
}

/// A move as the window says it: the mover and the move, "South 7",
/// "North i3".
pub(crate) fn said_move(pos: &Position, mv: Move) -> String {
    format!("{} {}", pos.turn().title(), pos.variant().move_name(mv))
}

/// `text` with its first letter a capital: a clause said as a sentence
/// of its own.
pub(crate) fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars
        .next()
        .map_or(String::new(), |c| c.to_uppercase().chain(chars).collect())
}

/// The contrast ratio of two colours (WCAG: 1 to 21; text wants 4.5).
#[cfg(test)]
pub(crate) fn contrast(a: egui::Color32, b: egui::Color32) -> f32 {
    let luminance = |c: egui::Color32| {
        let lin = |v: u8| {
            let v = f32::from(v) / 255.0;
            if v <= 0.04045 {
                v / 12.92
            } else {
                ((v + 0.055) / 1.055).powf(2.4)
            }
        };
        0.2126 * lin(c.r()) + 0.7152 * lin(c.g()) + 0.0722 * lin(c.b())
    };
    let (x, y) = (luminance(a), luminance(b));
    (x.max(y) + 0.05) / (x.min(y) + 0.05)
}

/// Scrolls the widget of `resp` into view in the scroll area around `ui`
/// once the focus has come to it: egui moves the focus with Tab but
/// scrolls nothing, so Tab went on into rows out of sight (of the move
/// list, a study's comments, the study library), ringing nothing the user
/// could see.
pub(crate) fn follow_focus(ui: &egui::Ui, resp: &egui::Response) {
    if resp.gained_focus() {
        ui.scroll_to_rect(resp.rect, None);
    }
}

/// Rings a field at fault in the error colour: painted, taking no room,
/// so that a problem coming or going moves no control (its words are
/// said in one place of the dialog or panel).
pub(crate) fn ring_at_fault(ui: &egui::Ui, rect: egui::Rect) {
    ui.painter().rect_stroke(
        rect.expand(2.0),
        3.0,
        egui::Stroke::new(1.5, ui.visuals().error_fg_color),
        egui::StrokeKind::Outside,
    );
}

/// How many moves two move lists have in common from the start (a game
/// and a study's or the solver's line, or a reviewed game).
pub(crate) fn shared_start(a: &[Move], b: &[Move]) -> usize {
    a.iter().zip(b).take_while(|(x, y)| x == y).count()
}

/// The size of `text` in the body font wrapped at `width`: for keeping a
/// note's or a tip's room before it is drawn.
pub(crate) fn wrapped_size(
    ui: &egui::Ui,
    text: impl Into<egui::WidgetText>,
    width: f32,
) -> egui::Vec2 {
    text.into()
        .into_galley(
            ui,
            Some(egui::TextWrapMode::Wrap),
            width,
            egui::TextStyle::Body,
        )
        .size()
}

/// How wide `text` is on one row in the body font: for keeping a row's
/// room before it is drawn.
pub(crate) fn text_width(ui: &egui::Ui, text: impl Into<egui::WidgetText>) -> f32 {
    text.into()
        .into_galley(
            ui,
            Some(egui::TextWrapMode::Extend),
            f32::INFINITY,
            egui::TextStyle::Body,
        )
        .size()
        .x
}

/// The width of a button wide enough for each of `labels`: a button
/// whose label turns from one to another (Play and Pause) keeps its width,
/// so nothing after it moves under the pointer.
pub(crate) fn button_width_for(ui: &egui::Ui, labels: &[&str]) -> f32 {
    labels
        .iter()
        .map(|&t| {
            egui::WidgetText::from(t)
                .into_galley(ui, None, f32::INFINITY, egui::TextStyle::Button)
                .size()
                .x
        })
        .fold(0.0, f32::max)
        + 2.0 * ui.spacing().button_padding.x
}

#[cfg(test)]
mod theme_tests {
    #[test]
    fn the_light_theme_s_warnings_and_errors_read_on_its_panel() {
        let ctx = egui::Context::default();
        super::MaasaiApp::setup_context(&ctx, &super::Settings::default());
        let visuals = ctx.style_of(egui::Theme::Light).visuals.clone();
        for colour in [visuals.warn_fg_color, visuals.error_fg_color] {
            let c = super::contrast(colour, visuals.panel_fill);
            assert!(c >= 4.5, "{colour:?}: {c:.2}");
        }
    }
}
