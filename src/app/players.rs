//! Computer players in the window: who plays each side, and the background
//! search that finds a computer side's move. The move is handed back as an
//! [`AppCommand::ComputerMove`], checked and animated exactly
//! like a human's; it is only handed back once the previous move's
//! animation has finished.

use super::AppCommand;
use super::state::Runtime;
use crate::engine::{Move, Position, Status};
use crate::search::{Level, SearchConfig, SearchHandle, choose_move};
use serde::{Deserialize, Serialize};
use std::sync::mpsc::{Receiver, channel};
use std::time::Duration;

/// Who plays a side.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Player {
    #[default]
    Human,
    Computer {
        level: Level,
        /// Thinking time per move in milliseconds.
        movetime_ms: u64,
    },
}

/// Thinking times offered in the new-game dialog (milliseconds).
pub const MIN_MOVETIME_MS: u64 = 50;
pub const MAX_MOVETIME_MS: u64 = 10_000;
/// Thinking time when a side is first switched to Computer.
pub const DEFAULT_MOVETIME_MS: u64 = 1000;

impl Player {
    pub fn computer(level: Level) -> Player {
        Player::Computer {
            level,
            movetime_ms: DEFAULT_MOVETIME_MS,
        }
    }

    pub fn is_computer(self) -> bool {
        matches!(self, Player::Computer { .. })
    }

    /// e.g. `Human`, `Computer (Master, 1.0 s)`, `Computer (Club, up to
    /// 1.0 s)` (a level with a depth of its own mostly stops sooner: "1.0
    /// s" read as the time it takes), `Computer (Greedy)` (no search, no
    /// time).
    pub fn describe(self) -> String {
        let Player::Computer { level, movetime_ms } = self else {
            return "Human".into();
        };
        let Some(style) = level.style() else {
            return format!("Computer ({})", level.title());
        };
        let time = time_text(movetime_ms);
        let up_to = if style.depth.is_some() { "up to " } else { "" };
        format!("Computer ({}, {up_to}{time})", level.title())
    }
}

/// A search for one position of the game, running off the UI thread.
enum Job {
    /// Strong and Master: a stoppable search; its best move is played.
    Search(SearchHandle),
    /// Beginner, Club (depth-capped, a few milliseconds), random and greedy:
    /// the level's own choice (with its slack) on a helper thread.
    Choice(Receiver<Option<Move>>),
}

struct Thinking {
    /// Moves played and position key the search belongs to.
    key: (usize, u64),
    /// The level and time it thinks with: changed in Players while it
    /// thinks, the search starts again with the new ones.
    player: Player,
    job: Job,
    /// The move found, waiting for the animation to end.
    found: Option<Move>,
}

/// The computer side's runtime state (reset with every new game).
#[derive(Default)]
pub struct Computer {
    /// Computer players wait (a human can take over or look around).
    pub paused: bool,
    thinking: Option<Thinking>,
}

impl std::fmt::Debug for Computer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Computer")
            .field("paused", &self.paused)
            .field("thinking", &self.thinking.is_some())
            .finish()
    }
}

impl Computer {
    /// Whether a search is running or its move is waiting to be played.
    pub fn is_thinking(&self) -> bool {
        self.thinking.is_some()
    }

    /// Whether the move is found and waits for the board: the sowing on
    /// view to end, or the live position to be back on view.
    pub fn move_found(&self) -> bool {
        self.thinking.as_ref().is_some_and(|t| t.found.is_some())
    }

    /// The level and time the running search was started with.
    pub fn thinking_as(&self) -> Option<Player> {
        self.thinking.as_ref().map(|t| t.player)
    }

    /// Drops the current search (a dropped handle stops its threads).
    pub fn cancel(&mut self) {
        if let Some(Thinking {
            job: Job::Search(h),
            ..
        }) = &self.thinking
        {
            h.stop();
        }
        self.thinking = None;
    }

    /// Depth reached so far by a running Strong/Master search.
    pub fn depth(&self) -> Option<u32> {
        match &self.thinking {
            Some(Thinking {
                job: Job::Search(h),
                ..
            }) => Some(h.snapshot().depth),
            _ => None,
        }
    }
}

/// Starts, polls and cancels the computer's search for the live position;
/// returns the move to play once it is found and the board is at rest.
pub fn drive(rt: &mut Runtime, players: &[Player; 2], ctx: &egui::Context) -> Option<AppCommand> {
    let pos = *rt.game.current();
    let key = (rt.game.moves().len(), pos.key());
    let player = players[pos.turn().index()];
    // Until the check of the moves tells whether the game is over, the
    // computer waits for it.
    let ongoing = matches!(rt.live_status(), Some(Status::Ongoing));
    let Player::Computer { level, movetime_ms } = player else {
        rt.computer.cancel();
        return None;
    };
    if !ongoing || rt.computer.paused || rt.new_game.is_some() {
        rt.computer.cancel();
        return None;
    }
    if rt
        .computer
        .thinking
        .as_ref()
        .is_none_or(|t| t.key != key || t.player != player)
    {
        rt.computer.cancel();
        let history = rt.game.positions()[..rt.game.positions().len() - 1].to_vec();
        rt.computer.thinking = Some(Thinking {
            key,
            player,
            job: start(level, pos, movetime_ms, history, ctx),
            found: None,
        });
    }
    let thinking = rt.computer.thinking.as_mut()?;
    if thinking.found.is_none() {
        match &thinking.job {
            Job::Search(h) => {
                if h.is_finished() {
                    thinking.found = h.snapshot().best_move();
                    if thinking.found.is_none() {
                        rt.computer.thinking = None;
                        return None;
                    }
                }
            }
            Job::Choice(rx) => match rx.try_recv() {
                Ok(Some(mv)) => thinking.found = Some(mv),
                Ok(None) | Err(std::sync::mpsc::TryRecvError::Disconnected) => {
                    rt.computer.thinking = None;
                    return None;
                }
                Err(std::sync::mpsc::TryRecvError::Empty) => {}
            },
        }
    }
    // The search wakes the window when it ends (see `start`); this only
    // backs that up, at the busy indicator's rate.
    ctx.request_repaint_after(super::busy::frame_interval());
    let mv = thinking.found?;
    // The move goes through the human path once the board is at rest and live.
    if rt.animating() || !rt.live() {
        return None;
    }
    rt.computer.thinking = None;
    Some(AppCommand::ComputerMove(mv, key))
}

fn start(
    level: Level,
    pos: Position,
    movetime_ms: u64,
    history: Vec<Position>,
    ctx: &egui::Context,
) -> Job {
    let movetime = Duration::from_millis(movetime_ms.clamp(MIN_MOVETIME_MS, MAX_MOVETIME_MS));
    match level {
        Level::Strong | Level::Master => {
            let mut config = level.config(movetime).unwrap_or_else(|| SearchConfig {
                movetime: Some(movetime),
                stop_when_forced: true,
                ..SearchConfig::default()
            });
            config.history = history;
            let handle = SearchHandle::start(pos, config);
            // The window is woken once the move is found, so it draws no
            // frames to poll for it (33 a second cost a core under a
            // software renderer, more than the search itself).
            let ctx = ctx.clone();
            handle.on_finish(move || ctx.request_repaint());
            Job::Search(handle)
        }
        _ => {
            let (tx, rx) = channel();
            let ctx = ctx.clone();
            std::thread::spawn(move || {
                crate::priority::as_worker();
                let mut rng = rand::rng();
                let mv = choose_move(level, &pos, movetime, &history, None, &mut rng);
                // The receiver is gone if the game moved on: nothing to do then.
                let _ = tx.send(mv);
                ctx.request_repaint();
            });
            Job::Choice(rx)
        }
    }
}

/// Whether a side's Take over / Give back button turned less than a
/// double click's time ago (and if not, notes that it turns now, as the
/// caller acts on a click).
fn just_toggled(ui: &egui::Ui, side: crate::engine::Side) -> bool {
    let id = egui::Id::unique(("players-bar-toggled", side.index()));
    let now = ui.input(|i| i.time);
    let delay = ui.ctx().options(|o| o.input_options.max_double_click_delay);
    let last = ui.data(|d| d.get_temp::<f64>(id));
    if last.is_some_and(|t| now - t < delay) {
        return true;
    }
    ui.data_mut(|d| d.insert_temp(id, now));
    false
}

/// The strip above the board while a side is played by the computer (or
/// was taken over from it): who plays, what it is doing, Take over / Give
/// back, and Pause/Resume.
pub fn computer_bar(ui: &mut egui::Ui, rt: &Runtime, players: &[Player; 2]) -> Vec<AppCommand> {
    let mut commands = Vec::new();
    // From the check of the moves: whether the game is over may take
    // seconds to work out (every move sown), and this runs every frame.
    let over = matches!(rt.live_status(), Some(crate::engine::Status::Over(_)));
    // The buttons first, each side's in its own place, the changing words
    // after them: a word that came and went before them, or one side's
    // button going once taken over, moved the other under the pointer (a
    // click meant for one side's Take over hit the other's, and a double
    // click handed both sides over). A side played by a person keeps its
    // button's room, empty.
    let any_computer = players.iter().any(|p| p.is_computer());
    let mut buttons = |ui: &mut egui::Ui| {
        if over {
            return;
        }
        for side in crate::engine::Side::BOTH {
            let computer = players[side.index()].is_computer();
            let given_back = rt.taken_over[side.index()].filter(|_| !computer);
            let (take, give) = (
                format!("Take over {}", side.title()),
                format!("Give back {}", side.title()),
            );
            // One place and width for both labels: the one the pointer is
            // over after a click turns into the other.
            let width = super::button_width_for(ui, &[&take, &give]);
            let label = if given_back.is_some() { give } else { take };
            let button = egui::Button::new(label).min_size(egui::vec2(width, 0.0));
            let response = ui.add_visible(computer || given_back.is_some(), button);
            // The second click of a double click lands on the button the
            // first turned it into: it undid what the first did. (Timed,
            // not egui's double click: at a software renderer's few frames
            // a second both clicks can come in one frame.)
            let clicked = response.clicked() && !just_toggled(ui, side);
            if computer {
                response.on_hover_text("Play this side yourself from now on");
                if clicked {
                    commands.push(AppCommand::TakeOver(side));
                }
            } else if let Some(computer) = given_back {
                response.on_hover_text(format!(
                    "The computer plays this side again ({})",
                    computer.describe()
                ));
                if clicked {
                    commands.push(AppCommand::GiveBack(side));
                }
            }
        }
        let label = if rt.computer.paused {
            "Resume computer"
        } else {
            "Pause computer"
        };
        // As wide as the wider of its two labels: the words after it moved
        // as it turned from one to the other. (Its room kept while no
        // side is the computer's.)
        let width = super::button_width_for(ui, &["Resume computer", "Pause computer"]);
        if ui
            .add_visible(
                any_computer,
                egui::Button::new(label).min_size(egui::vec2(width, 0.0)),
            )
            .on_hover_text(
                "Computer players wait while paused; Take over, or Game > Players, gives a side \
                 to a person",
            )
            .clicked()
        {
            commands.push(AppCommand::PauseComputer(!rt.computer.paused));
        }
    };
    let described: Vec<String> = crate::engine::Side::BOTH
        .iter()
        .map(|&side| format!("{}: {}", rt.team(side), players[side.index()].describe()))
        .collect();
    // Separators only between things shown: a bar ending in one, after
    // a human's turn, looked as if something were missing.
    let descriptions = |ui: &mut egui::Ui| {
        for (i, text) in described.iter().enumerate() {
            if i > 0 {
                ui.separator();
            }
            ui.label(text);
        }
    };
    // What the computer is doing, if anything: worked out once, so that
    // the separator before it goes with it.
    let turn = rt.team(rt.game.current().turn());
    let status = if over {
        // Nothing to pause or take over (undo brings the controls back).
        Some((false, "The game is over.".to_string()))
    } else if !any_computer {
        None
    } else if rt.computer.paused {
        Some((false, "Computer paused.".to_string()))
    } else if rt.board_inert
        && (rt.computer.is_thinking() || players[rt.game.current().turn().index()].is_computer())
    {
        // Held by a dialog, its move not played until it is answered:
        // no spinner, which kept drawing ten frames a second (a core
        // under a software renderer) for as long as the dialog stayed.
        // Said too when the dialog came before its search started (the
        // bar said nothing while the board's line said it waits).
        Some((false, format!("{turn} waits for the window above.")))
    } else if rt.computer.move_found() {
        // Its move waits for the board (see `drive`): "is thinking" with a
        // spinner for as long as a replay stayed paused said otherwise.
        Some((false, computer_waits(&turn, rt.live())))
    } else if rt.computer.is_thinking() {
        let depth = rt
            .computer
            .depth()
            .filter(|&d| d > 0)
            .map_or(String::new(), |d| format!(" (depth {d})"));
        Some((true, format!("{turn} is thinking{depth}…")))
    } else {
        None
    };
    let has_status = status.is_some();
    let status = |ui: &mut egui::Ui| match &status {
        Some((true, text)) => {
            super::busy::spinner(ui);
            ui.label(text);
        }
        Some((false, text)) => {
            ui.weak(text);
        }
        None => {}
    };
    // One line where everything fits, the longest status included; else
    // the players' descriptions on a second line (cut off at 1024 px, the
    // line hid whether the computer was thinking). Judged by the longest
    // status, so the board does not move as the status changes.
    let font = egui::TextStyle::Body.resolve(ui.style());
    let width = |text: &str| {
        ui.fonts_mut(|f| {
            f.layout_no_wrap(text.to_string(), font.clone(), egui::Color32::PLACEHOLDER)
        })
        .size()
        .x
    };
    let gap = ui.spacing().item_spacing.x;
    let longest_team = crate::engine::Side::BOTH
        .iter()
        .map(|&side| {
            let team = rt.team(side);
            width(&format!("{team} is thinking (depth 64)…"))
                .max(width(&format!("{team} waits for the window above.")))
                .max(width(&computer_waits(&team, true)))
                .max(width(&computer_waits(&team, false)))
        })
        .fold(0.0, f32::max);
    let button = |text: &str| width(text) + 2.0 * ui.spacing().button_padding.x + gap;
    let needed = button("Take over South").max(button("Give back South"))
        + button("Take over North").max(button("Give back North"))
        + button("Resume computer")
        + described.iter().map(|t| width(t) + 3.0 * gap).sum::<f32>()
        + longest_team
        + ui.spacing().interact_size.y
        + 4.0 * gap;
    if needed <= ui.available_width() {
        ui.horizontal(|ui| {
            buttons(ui);
            if !over {
                ui.separator();
            }
            descriptions(ui);
            if has_status {
                ui.separator();
                status(ui);
            }
        });
    } else {
        ui.horizontal(|ui| {
            buttons(ui);
            if has_status {
                if !over {
                    ui.separator();
                }
                status(ui);
            }
        });
        ui.horizontal(|ui| {
            // A team name too long for even its own line is cut short.
            ui.style_mut().wrap_mode = Some(egui::TextWrapMode::Truncate);
            descriptions(ui);
        });
    }
    commands
}

/// What the players' bar says while a computer's move found waits for
/// the board: for the sowing on view to end (`live`), or for the live
/// position to be back on view.
fn computer_waits(team: &str, live: bool) -> String {
    if live {
        format!("{team} has its move: it plays once the sowing ends (End >|).")
    } else {
        format!("{team} has its move: it plays once the live position is on view (Ctrl+End).")
    }
}

/// The Game menu's "Players" submenu: hand either side to the computer (at
/// a level, with its thinking time) or take it back, in the middle of a
/// game, without starting a new one.
pub fn players_menu(ui: &mut egui::Ui, rt: &Runtime, players: &[Player; 2]) -> Vec<AppCommand> {
    let mut commands = Vec::new();
    for side in crate::engine::Side::BOTH {
        let now = players[side.index()];
        ui.label(egui::RichText::new(rt.team(side)).strong());
        let mut choose = |ui: &mut egui::Ui, player: Player, text: &str| {
            let chosen = match (now, player) {
                (Player::Human, Player::Human) => true,
                (Player::Computer { level: a, .. }, Player::Computer { level: b, .. }) => a == b,
                _ => false,
            };
            if ui.radio(chosen, text).clicked() && !chosen {
                let mut next = *players;
                next[side.index()] = player;
                commands.push(AppCommand::SetPlayers(next));
                // A computer's thinking time is set under its level: the
                // menu stays open to show it (closed at once, the time
                // was not seen to be there).
                if !player.is_computer() {
                    ui.close();
                }
            }
        };
        choose(ui, Player::Human, "Human");
        // Another level keeps the thinking time set.
        let movetime_ms = match now {
            Player::Computer { movetime_ms, .. } => movetime_ms,
            Player::Human => DEFAULT_MOVETIME_MS,
        };
        for level in Level::ALL {
            choose(
                ui,
                Player::Computer { level, movetime_ms },
                &format!("Computer: {}", level.title()),
            );
        }
        // The thinking time, as the New game dialog sets it (Random and
        // Greedy do not search: no time).
        if let Player::Computer { level, movetime_ms } = now
            && level.searches()
        {
            let mut time = movetime_ms;
            let (response, typed) = movetime_slider(ui, &mut time);
            if response.changed() && time != movetime_ms {
                let mut next = *players;
                next[side.index()] = Player::Computer {
                    level,
                    movetime_ms: time,
                };
                commands.push(AppCommand::SetPlayers(next));
            }
            // Said under it until a time is set (the menu keeps no state
            // of its own: egui's memory keeps it for the side, with the
            // time it was refused at: set elsewhere, it no longer holds)
            // or the menu closes (the field then shows the time again, and
            // the refusal stood over new games that set the same time),
            // so with the frame it was last shown in.
            type Refusal = (String, u64, u64);
            let refusal = egui::Id::unique(("thinking time refused", side.index()));
            let frame = ui.ctx().cumulative_frame_nr();
            match typed {
                TypedTime::Refused(text) => {
                    ui.data_mut(|d| d.insert_temp::<Refusal>(refusal, (text, movetime_ms, frame)));
                }
                TypedTime::Taken => ui.data_mut(|d| d.remove::<Refusal>(refusal)),
                TypedTime::Nothing => {}
            }
            match ui.data(|d| d.get_temp::<Refusal>(refusal)) {
                Some((text, at, shown)) if at == movetime_ms && shown + 1 >= frame => {
                    ui.data_mut(|d| d.insert_temp::<Refusal>(refusal, (text.clone(), at, frame)));
                    ui.colored_label(ui.visuals().error_fg_color, thinking_time_refusal(&text));
                }
                Some(_) => ui.data_mut(|d| d.remove::<Refusal>(refusal)),
                None => {}
            }
        }
        if side == crate::engine::Side::South {
            ui.separator();
        }
    }
    commands
}

/// The new-game dialog's choice for one side: Human or Computer, with the
/// computer's level and thinking time; what was typed as the time.
pub fn player_choice(
    ui: &mut egui::Ui,
    side: crate::engine::Side,
    player: &mut Player,
) -> TypedTime {
    let mut typed = TypedTime::Nothing;
    ui.horizontal(|ui| {
        if ui.radio(*player == Player::Human, "Human").clicked() {
            *player = Player::Human;
        }
        // The side's computer as last chosen in this run: Human and back
        // to Computer came back as Club, 1.0 s, whatever had been chosen.
        let last = egui::Id::unique(("last computer", side.index()));
        if ui.radio(player.is_computer(), "Computer").clicked() && !player.is_computer() {
            *player = ui
                .data(|d| d.get_temp::<Player>(last))
                .unwrap_or(Player::computer(Level::Club));
        }
        if let Player::Computer { level, movetime_ms } = player {
            egui::ComboBox::from_id_salt(("level", side.index()))
                .selected_text(level.title())
                .show_ui(ui, |ui| {
                    for l in Level::ALL {
                        ui.selectable_value(level, l, l.title());
                    }
                })
                .response
                // Named for screen readers (and found by tests), since
                // nothing visible beside it says what it chooses.
                .accessible_name(format!("{} computer's level", side.title()));
            // (Random and Greedy do not search: no time.)
            if level.searches() {
                typed = movetime_slider(ui, movetime_ms).1;
            }
        }
        if player.is_computer() {
            let chosen = *player;
            ui.data_mut(|d| d.insert_temp(last, chosen));
        }
    });
    typed
}

/// A thinking time as the window says it: under a second in ms ("250
/// ms"), else in seconds, to the tenth where that says it ("1.0 s", "2.5
/// s") and to the hundredth otherwise ("1.13 s": the slider, logarithmic
/// over whole ms, flipped between "1.1 s" and "1130 ms" as it was
/// dragged). The slider says it as the players' bar does ("1000 ms" there
/// read against "up to 1.0 s").
pub fn time_text(movetime_ms: u64) -> String {
    if movetime_ms < 1000 {
        format!("{movetime_ms} ms")
    } else if movetime_ms.is_multiple_of(100) {
        format!("{:.1} s", movetime_ms as f64 / 1000.0)
    } else {
        format!("{:.2} s", movetime_ms as f64 / 1000.0)
    }
}

/// A typed thinking time in ms: "2.5 s", "250 ms" (any case), or a bare
/// number: seconds up to the slider's most (10), ms above it (as the
/// slider took them before, and `--movetime` does), so "2.5" and "2500"
/// both read as 2.5 s. A comma before three digits groups thousands
/// ("1,500 ms"), else it is the decimal point ("1,5 s"). `None` for
/// anything else.
fn parse_time(text: &str) -> Option<f64> {
    let text = text.trim().to_lowercase();
    let (number, scale) = if let Some(ms) = text.strip_suffix("ms") {
        (ms, Some(1.0))
    } else if let Some(s) = text.strip_suffix('s') {
        (s, Some(1000.0))
    } else {
        (text.as_str(), None)
    };
    let number = number.trim();
    let grouped = number
        .split(',')
        .skip(1)
        .all(|group| group.len() == 3 && group.chars().all(|c| c.is_ascii_digit()));
    let number = if grouped {
        number.replace(',', "")
    } else {
        number.replacen(',', ".", 1)
    };
    let value: f64 = number.parse().ok()?;
    let seconds_at_most = MAX_MOVETIME_MS as f64 / 1000.0;
    let scale = scale.unwrap_or(if value <= seconds_at_most {
        1000.0
    } else {
        1.0
    });
    let ms = value * scale;
    (ms.is_finite() && ms >= 0.0).then_some(ms)
}

/// What was typed into a thinking time's field this frame.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TypedTime {
    /// Nothing read.
    Nothing,
    /// A time, taken (or the slider dragged).
    Taken,
    /// A text that is no time in the range, as typed: the time stays as it
    /// was (it was put back, or at the range's end, without a word).
    Refused(String),
}

/// A computer player's thinking time per move, as the New game dialog and
/// Game ▸ Players set it, and what was typed into it.
fn movetime_slider(ui: &mut egui::Ui, movetime_ms: &mut u64) -> (egui::Response, TypedTime) {
    let refused: std::cell::Cell<Option<String>> = std::cell::Cell::new(None);
    let accepted = std::cell::Cell::new(false);
    let response = ui
        .add(
            egui::Slider::new(movetime_ms, MIN_MOVETIME_MS..=MAX_MOVETIME_MS)
                .logarithmic(true)
                // Read once typed (Enter or leaving the field), not at
                // every key.
                .update_while_editing(false)
                .custom_formatter(|v, _| time_text(v.round() as u64))
                .custom_parser(|text| {
                    let ms = parse_time(text).filter(|ms| {
                        (MIN_MOVETIME_MS as f64..=MAX_MOVETIME_MS as f64).contains(ms)
                    });
                    match ms {
                        Some(_) => accepted.set(true),
                        None => refused.set(Some(text.trim().to_string())),
                    }
                    ms
                })
                .text("per move"),
        )
        .on_hover_text(
            "Thinking time per move, typed as \"2.5 s\" or \"250 ms\" (Beginner and Club stop \
             sooner at their depth)",
        );
    let typed = match refused.take() {
        Some(text) => TypedTime::Refused(text),
        None if accepted.get() || response.changed() => TypedTime::Taken,
        None => TypedTime::Nothing,
    };
    (response, typed)
}

/// Why a text typed as a thinking time was not taken.
pub fn thinking_time_refusal(text: &str) -> String {
    format!(
        "“{}” is not a thinking time: {} to {}",
        crate::engine::shortened(text),
        time_text(MIN_MOVETIME_MS),
        time_text(MAX_MOVETIME_MS)
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::Level;

    #[test]
    fn a_typed_thinking_time_is_read_in_seconds_or_ms() {
        assert_eq!(parse_time("2.5 s"), Some(2500.0));
        assert_eq!(parse_time("2.5"), Some(2500.0));
        assert_eq!(parse_time(" 1,5 s "), Some(1500.0));
        assert_eq!(parse_time("250 ms"), Some(250.0));
        assert_eq!(parse_time("250ms"), Some(250.0));
        assert_eq!(parse_time("250 MS"), Some(250.0));
        assert_eq!(parse_time("5 S"), Some(5000.0));
        // A bare number past the most seconds is ms, as the slider took
        // them before.
        assert_eq!(parse_time("2500"), Some(2500.0));
        assert_eq!(parse_time("10"), Some(10_000.0));
        assert_eq!(parse_time("1,500 ms"), Some(1500.0));
        assert_eq!(parse_time("1,500"), Some(1500.0));
        assert_eq!(parse_time("fast"), None);
        assert_eq!(parse_time("-1 s"), None);
        assert_eq!(parse_time("inf"), None);
        assert_eq!(parse_time("1e306 s"), None);
        assert_eq!(time_text(1000), "1.0 s");
        assert_eq!(time_text(1130), "1.13 s");
        assert_eq!(time_text(250), "250 ms");
        assert_eq!(time_text(999), "999 ms");
    }

    #[test]
    fn a_thinking_time_is_said_as_set() {
        let computer = |level, movetime_ms| Player::Computer { level, movetime_ms };
        assert_eq!(
            computer(Level::Master, 1000).describe(),
            "Computer (Master, 1.0 s)"
        );
        assert_eq!(
            computer(Level::Master, 2500).describe(),
            "Computer (Master, 2.5 s)"
        );
        // 50 ms read "0.1 s".
        assert_eq!(
            computer(Level::Master, 50).describe(),
            "Computer (Master, 50 ms)"
        );
        // Club stops at its depth, mostly in milliseconds: "1.0 s" read as
        // the time it takes.
        assert_eq!(
            computer(Level::Club, 1000).describe(),
            "Computer (Club, up to 1.0 s)"
        );
        assert_eq!(
            computer(Level::Beginner, 50).describe(),
            "Computer (Beginner, up to 50 ms)"
        );
        // No search, no time.
        assert_eq!(
            computer(Level::Greedy, 1000).describe(),
            "Computer (Greedy)"
        );
        assert_eq!(Player::Human.describe(), "Human");
    }
}
