//! Help: where the program's tools are, the keyboard shortcuts, both rule
//! sets in plain words (from RULES.md) and the app's choices.

use super::AppCommand;

const EN_GEHE: &str = "\
En Gehé is played on two long rows of holes, usually 40 to 50 each (any length from 3 to 64 here), \
with 4 seeds in every hole at the start. South owns the bottom row and North the top row; \
South moves first (the new-game dialog can let North begin). Each side numbers its holes 1 to N from its own left; that is also the order it sows in. \
Seeds travel counterclockwise around both rows: after South's hole N comes North's hole 1, \
and after North's hole N comes South's hole 1.

A move: lift every seed of one of your occupied holes and sow them one by one into the following holes. \
If the last seed lands in an occupied hole, lift that whole hole and sow on (a relay). \
If it lands in an empty hole, the move ends.

Capture: if the move ends in an empty hole of your own row and the hole directly opposite holds seeds, \
you capture those seeds and your last seed too. If the opposite hole is empty, nothing is captured and \
the last seed stays. Nothing is captured when the move ends in the other row.

The game ends when the side to move cannot move. Every seed still on the board then goes to the side \
that made the last move. Most seeds (captured plus that remainder) wins; equal is a draw.

Tempo (shown beside each row) is an analysis measure: the sum over a side's seeds of how many holes \
each could still move forward before leaving the row.";

const BAO: &str = "\
Bao la Kimasai is played on 4 rows of 8. Each player owns the two rows on his side: the inner row \
(next to the opponent) and the outer row. At the start every inner hole holds 1 seed, the outer rows are \
empty, and each player has 24 seeds in reserve. South moves first.

Each player sows only around his own two rows, clockwise as seen from above: along his inner row \
from his left to his right, then back along his outer row. Holes are named i1..i8 and o1..o8 from the \
owner's own left.

Herding (phase 1, while the mover has reserve seeds): put one reserve seed into one of your occupied \
holes, lift the whole hole and sow with relay. No captures. The very first move of the game adds no reserve seed. \
A move's phase is judged when it starts: the move that brings in your last reserve seed is still a herding move. \
While your reserve is empty but the opponent's is not, you sow as in raiding but without raids.

Raiding (phase 2, when both reserves are empty): lift any occupied hole and sow with relay. \
When a lap ends in an occupied hole of your inner row and the opponent's inner hole facing it holds \
seeds, you take them and sow them at once as the next lap, the first into the hole that triggered the \
raid (its own seeds stay where they are), then on along your track. That lap's end is judged like any \
other: it ends in an empty hole, raids again, or relays. An occupied inner hole facing an empty hole \
relays. Raiding is not optional; outer rows are never raided.

After every move: if the opponent's inner row is empty you win; if your own inner row is empty you lose. \
A player who cannot move loses.";

const CHOICES: &str = "\
• Endless moves: a sowing that would repeat for ever is not a legal move. Such holes are marked ∞ \
and cannot be played; their tooltip says so.
• Origin option (new-game dialog): by default a lap longer than the track sows into its own starting \
hole too; with \u{201c}skip\u{201d} it passes over it.
• Repetition: when the same position occurs for the third time the game ends. In En Gehé each side \
then takes the seeds in its own row; in Bao la Kimasai it is a draw.
• Computer players: the new-game dialog, or Game > Players during a game, gives either side to the \
computer at a level (Beginner, Club, Strong, Master); Pause and Take over are in the strip above the board.";

/// Where the program's tools are: Help said how to play but not that the
/// council, the solver or the studies exist.
const WHERE: &str = "\
• Watching a sowing: a move is sown seed by seed. The buttons at the foot of the window (|< Start, << Back lap, \
< Back seed, Play, Step seed >, Step lap >>, End >|) step through it, forwards and back; in a window at \
least 720 points high a strip of its laps above them goes to any seed with a click. The move list on \
the right shows any earlier move, and takes a comment on it.
• View > Council of advisors: eight advisors each propose a move for the side to move and say why, \
with their consensus and every move ranked by a search. \u{201c}Hide advice until asked\u{201d} keeps \
the council quiet until you press Ask the council.
• View > Exact solver: the value of the position on view with perfect play (En Gehé: the final \
seed margin; Bao la Kimasai: win or loss, in plies), the best move and the whole line, which can be \
played out on the board.
• View > Tempo and captures plot: each side's tempo and captured seeds over the game.
• Studies > Study library…: studies to read (the solution, a comment for each move) or to take as \
an exercise (you play the studied side; each move is judged and answered). Save as study… makes one \
of a solved position.
• Game > Edit position… (Ctrl+E) sets up any position; Game > New game… chooses the game, \
the board, the players and presets.";

const SHORTCUTS: &[(&str, &str)] = &[
    (
        "1 … 64, i1 … o8, then Enter",
        "play that hole (Backspace corrects, Esc clears)",
    ),
    ("Space", "play / pause the sowing"),
    ("Right / Left", "one seed forward / back"),
    ("Shift+Right / Shift+Left", "one lap forward / back"),
    ("Home", "back to the start of the move"),
    (
        "End",
        "jump to the end of the move (again: back to the live game)",
    ),
    (
        "Up / Down",
        "one move back / on in the game, its position shown whole",
    ),
    ("Page Up / Page Down", "ten moves back / on in the game"),
    (
        "Ctrl+Home / Ctrl+End",
        "the start position / the live position of the game",
    ),
    ("Click on the board", "finish the running animation at once"),
    ("Ctrl+Z / Ctrl+Shift+Z (or Ctrl+Y)", "undo / redo"),
    ("Ctrl+N", "new game"),
    ("Ctrl+O", "open a saved game or study"),
    ("Ctrl+S / Ctrl+Shift+S", "save / save as"),
    ("Ctrl+Q", "quit (unsaved changes ask first)"),
    (
        "Ctrl+V",
        "set up the position string on the clipboard (RULES.md notation), or replay a game record (a position followed by its moves)",
    ),
    (
        "Ctrl+E",
        "edit the position on view (in the editor: click +1, Shift+click or right-click −1, digits set the clicked hole or reserve pile, drag moves a seed, Ctrl+drag all; Ctrl+E again leaves)",
    ),
    (
        "Ctrl+wheel, Ctrl+= / Ctrl+-",
        "zoom the board (a pinch too); Ctrl+0 fits it",
    ),
    (
        "Drag, wheel, Ctrl+arrows",
        "pan a board bigger than its room",
    ),
    ("F", "flip the board"),
    (
        "F1",
        "this help (Esc closes it; the Up and Down arrows, Page Up/Down and Home/End scroll it)",
    ),
    (
        "Tab / Shift+Tab",
        "move the keyboard focus (ringed) over the buttons and fields; Enter or Space presses the focused button (the other keys keep working). Holes are played by typing, not reached with Tab; in the editor a hole reached with Tab takes the digits typed",
    ),
    (
        "Esc / Enter in a dialog",
        "cancel / take its first button (New game: start; a message: OK; Resume last game; Game over: Dismiss). A question about unsaved changes, or about a file changed on disk, is never answered by Enter alone: click its answer (or reach it with Tab)",
    ),
];

/// A press that scrolls the help, read as a page is read.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum HelpScroll {
    /// ↑ (-1) or ↓ (+1): a line or so.
    Lines(f32),
    /// Page Up (-1) or Page Down (+1): most of what is in view.
    Pages(f32),
    /// Home or Ctrl+Home.
    Top,
    /// End or Ctrl+End.
    Bottom,
}

impl HelpScroll {
    /// The scroll a key pressed with `modifiers` asks of the help, if any.
    pub fn of(key: egui::Key, modifiers: egui::Modifiers) -> Option<HelpScroll> {
        use egui::{Key, Modifiers};
        let bare = modifiers.matches_logically(Modifiers::NONE);
        let command = modifiers.matches_logically(Modifiers::COMMAND);
        Some(match key {
            Key::ArrowUp if bare => HelpScroll::Lines(-1.0),
            Key::ArrowDown if bare => HelpScroll::Lines(1.0),
            Key::PageUp if bare => HelpScroll::Pages(-1.0),
            Key::PageDown if bare => HelpScroll::Pages(1.0),
            Key::Home if bare || command => HelpScroll::Top,
            Key::End if bare || command => HelpScroll::Bottom,
            _ => return None,
        })
    }

    /// How far the content moves, in points (egui's sign: positive moves
    /// it down, showing what is above), with `page` points in view.
    fn delta(self, page: f32) -> f32 {
        match self {
            HelpScroll::Lines(n) => -40.0 * n,
            HelpScroll::Pages(n) => -0.9 * page * n,
            // Beyond any length: the scroll area stops at the end.
            HelpScroll::Top => 1e7,
            HelpScroll::Bottom => -1e7,
        }
    }
}

pub fn help_ui(ctx: &egui::Context, open: bool, scroll: Option<HelpScroll>) -> Vec<AppCommand> {
    let mut commands = Vec::new();
    let mut still_open = open;
    // The shortcut table is laid out again in the frames after the window
    // first appears (its widths are measured in the first): ask for them,
    // or a still pointer leaves the rows drawn over each other.
    let settled = egui::Id::unique("help-frames");
    let frames = ctx.data(|d| d.get_temp::<u32>(settled).unwrap_or(0));
    if open && frames < 3 {
        ctx.data_mut(|d| d.insert_temp(settled, frames + 1));
        // Laid out again before it is painted: a repaint alone showed the
        // rows over each other for those frames.
        ctx.request_discard("the help's shortcut table is still being measured");
        ctx.request_repaint();
    } else if !open {
        ctx.data_mut(|d| d.remove::<u32>(settled));
    }
    egui::Window::new("Help")
        .open(&mut still_open)
        .default_size([620.0, 520.0])
        // Below the menu bar, which it would otherwise cover.
        .default_pos([80.0, 48.0])
        .vscroll(true)
        .show(ctx, |ui| {
            if let Some(scroll) = scroll {
                let page = ui.clip_rect().height();
                ui.scroll_with_delta_animation(
                    egui::vec2(0.0, scroll.delta(page)),
                    egui::style::ScrollAnimation::none(),
                );
            }
            ui.heading("Where things are");
            ui.label(WHERE);
            ui.separator();
            ui.heading("Keyboard and mouse");
            egui::Grid::new("shortcuts")
                .num_columns(2)
                .striped(true)
                .show(ui, |ui| {
                    for (keys, what) in SHORTCUTS {
                        // Keys are never cut short; what they do wraps.
                        ui.add(
                            egui::Label::new(egui::RichText::new(*keys).strong())
                                .wrap_mode(egui::TextWrapMode::Extend),
                        );
                        ui.add(egui::Label::new(*what).wrap());
                        ui.end_row();
                    }
                });
            ui.separator();
            ui.heading("En Gehé");
            ui.label(EN_GEHE);
            ui.separator();
            ui.heading("Bao la Kimasai");
            ui.label(BAO);
            ui.separator();
            ui.heading("This program's choices");
            ui.label(CHOICES);
        });
    if !still_open {
        commands.push(AppCommand::ShowHelp(false));
    }
    commands
}

#[cfg(test)]
mod tests {
    use super::WHERE;

    #[test]
    fn the_places_the_help_names_are_called_so_in_the_window() {
        // A renamed or moved menu item or button would leave the help
        // pointing at nothing: each name it gives is a label in the
        // window's code, a menu item in the menu the help names.
        let menus = include_str!("menu.rs");
        let menu = |title: &str| {
            let start = menus
                .find(&format!("ui.menu_button(\"{title}\""))
                .unwrap_or_else(|| panic!("no menu {title}"));
            let rest = &menus[start + 1..];
            &rest[..rest.find("ui.menu_button(\"").unwrap_or(rest.len())]
        };
        for (title, item) in [
            ("View", "Council of advisors"),
            ("View", "Exact solver"),
            ("View", "Tempo and captures plot"),
            ("Studies", "Study library…"),
            ("Studies", "super::solver_panel::SAVE_AS_STUDY"),
            ("Game", "Edit position…"),
            ("Game", "New game…"),
        ] {
            assert!(
                menu(title).contains(item),
                "{item} is not in the {title} menu"
            );
            let said = match item {
                "super::solver_panel::SAVE_AS_STUDY" => super::super::solver_panel::SAVE_AS_STUDY,
                _ => item,
            };
            // Save as study… is named in the Studies item before it.
            let path = if said == item {
                format!("{title} > {said}")
            } else {
                said.to_string()
            };
            assert!(WHERE.contains(&path), "the help does not say {path}");
        }
        for (source, name) in [
            (include_str!("council.rs"), "Hide advice until asked"),
            (include_str!("council.rs"), "Ask the council"),
            (
                include_str!("timeline.rs"),
                "MIN_WINDOW_HEIGHT: f32 = 720.0",
            ),
        ] {
            assert!(source.contains(name), "{name} is not in the window's code");
            let said = name.trim_start_matches("MIN_WINDOW_HEIGHT: f32 = ");
            let said = said.trim_end_matches(".0");
            assert!(WHERE.contains(said), "the help does not say {said}");
        }
        let controls = include_str!("controls.rs");
        for button in [
            "|< Start",
            "<< Back lap",
            "< Back seed",
            "Play",
            "Step seed >",
            "Step lap >>",
            "End >|",
        ] {
            assert!(controls.contains(&format!("\"{button}\"")), "{button}");
            assert!(WHERE.contains(button), "{button}");
        }
    }
}
