//! What the window remembers between runs (eframe persistence). Runtime
//! state (the game, the replay, dialogs) lives in [`super::state`].

use crate::engine::GameOptions;
use serde::{Deserialize, Serialize};

/// Key under which the settings are stored.
pub const STORAGE_KEY: &str = "maasai-mancala-settings";

/// Light, dark, or whatever the system says.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum ThemeChoice {
    #[default]
    System,
    Light,
    Dark,
}

impl ThemeChoice {
    pub fn label(self) -> &'static str {
        match self {
            ThemeChoice::System => "System theme",
            ThemeChoice::Light => "Light theme",
            ThemeChoice::Dark => "Dark theme",
        }
    }
    /// The next choice of the toggle button.
    pub fn next(self) -> ThemeChoice {
        match self {
            ThemeChoice::System => ThemeChoice::Light,
            ThemeChoice::Light => ThemeChoice::Dark,
            ThemeChoice::Dark => ThemeChoice::System,
        }
    }
    pub fn preference(self) -> egui::ThemePreference {
        match self {
            ThemeChoice::System => egui::ThemePreference::System,
            ThemeChoice::Light => egui::ThemePreference::Light,
            ThemeChoice::Dark => egui::ThemePreference::Dark,
        }
    }
}

/// Where the council panel sits.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum CouncilDock {
    /// Beside the board, or under it when the board is a long En Gehé one
    /// (more than [`LONG_ROW`] holes a side) that needs the whole width.
    #[default]
    Auto,
    Side,
    Bottom,
}

/// En Gehé rows longer than this put an automatically docked council under the board.
pub const LONG_ROW: u8 = 16;

impl CouncilDock {
    pub const ALL: [CouncilDock; 3] = [CouncilDock::Auto, CouncilDock::Side, CouncilDock::Bottom];

    pub fn label(self) -> &'static str {
        match self {
            CouncilDock::Auto => "Council: where the board leaves room",
            CouncilDock::Side => "Council: beside the board",
            CouncilDock::Bottom => "Council: under the board",
        }
    }

    /// Whether the panel goes under the board for this game.
    pub fn at_bottom(self, variant: crate::engine::Variant) -> bool {
        match self {
            CouncilDock::Side => false,
            CouncilDock::Bottom => true,
            CouncilDock::Auto => {
                matches!(variant, crate::engine::Variant::EnGehe { holes } if holes > LONG_ROW)
            }
        }
    }
}

/// Persisted view choices. (Panel widths and the window size are kept by
/// egui's and eframe's own persistence.)
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    pub theme: ThemeChoice,
    /// Board zoom; 1 fits the board to the width of the view.
    pub zoom: f32,
    /// North's row at the bottom.
    pub flipped: bool,
    /// Sowing speed in seeds per second ([`super::anim::INSTANT_SPEED`] = at once).
    pub speed: f32,
    pub show_move_list: bool,
    /// Options of the last new game, offered again by the dialog.
    pub last_options: GameOptions,
    /// Team names, South then North.
    pub names: [String; 2],
    /// Who plays South and North.
    pub players: [super::players::Player; 2],
    /// The council panel is shown.
    pub show_council: bool,
    /// Practice mode: the council keeps quiet until asked.
    pub hide_advice: bool,
    pub council_dock: CouncilDock,
    /// The exact solver panel is shown.
    pub show_solver: bool,
    /// The tempo and captures plot is shown.
    pub show_tempo_plot: bool,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            theme: ThemeChoice::System,
            zoom: 1.0,
            flipped: false,
            speed: 12.0,
            show_move_list: true,
            last_options: GameOptions::default(),
            names: ["South".to_string(), "North".to_string()],
            players: Default::default(),
            show_council: false,
            hide_advice: false,
            council_dock: CouncilDock::Auto,
            show_solver: false,
            show_tempo_plot: false,
        }
    }
}

/// Zoom range of the board.
pub const MIN_ZOOM: f32 = 1.0;
pub const MAX_ZOOM: f32 = 6.0;
