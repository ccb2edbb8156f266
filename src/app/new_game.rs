//! The new-game dialog: game, board size, seeds, first team, origin rule,
//! team names and players, each field checked as it is typed.

use super::AppCommand;
use super::players::{Player, TypedTime};
use crate::engine::{GameOptions, MAX_HOLES, MIN_HOLES, OriginRule, Side, Variant};

/// The dialog's fields, as typed.
#[derive(Clone, Debug)]
pub struct NewGameDialog {
    pub bao: bool,
    pub holes: String,
    pub seeds: String,
    pub first: Side,
    pub origin_skip: bool,
    pub names: [String; 2],
    /// The presets rows (filled in by the files feature).
    pub presets: Option<super::presets_ui::PresetPicker>,
    /// Human or Computer for South and North.
    pub players: [super::players::Player; 2],
    /// Where the window was last drawn: a message about it goes under it.
    pub rect: Option<egui::Rect>,
    /// The most height the presets rows have taken since the dialog
    /// opened: kept, so that nothing they show or hide moves the fields
    /// under them.
    presets_height: f32,
    /// A text field's height as last drawn: Bao la Kimasai's fixed rows
    /// take it, so that switching the game moves nothing under them.
    field_height: f32,
    /// The team name typed in last (0 South, 1 North): a clash of the two
    /// names is said at that field.
    pub last_named: Option<usize>,
    /// A text typed as South's or North's thinking time that is no time in
    /// the range: said under the buttons until a time is set (it was put
    /// back without a word).
    pub time_refused: [Option<String>; 2],
}

/// Longest team name accepted.
pub const MAX_NAME: usize = crate::files::MAX_TEAM_NAME;

/// Problems with the fields, one per field.
#[derive(Default, Debug, PartialEq, Eq)]
pub struct Problems {
    pub holes: Option<String>,
    pub seeds: Option<String>,
    pub names: [Option<String>; 2],
}

impl Problems {
    pub fn any(&self) -> bool {
        self.holes.is_some() || self.seeds.is_some() || self.names.iter().any(Option::is_some)
    }
}

/// The New game window's width: that of a row with a computer player's
/// level, thinking time and "per move".
const NEW_GAME_WIDTH: f32 = 630.0;

impl NewGameDialog {
    pub fn new(
        last: &GameOptions,
        names: &[String; 2],
        players: [super::players::Player; 2],
    ) -> NewGameDialog {
        let holes = match last.variant {
            Variant::EnGehe { holes } => holes,
            Variant::BaoLaKimasai => 50,
        };
        NewGameDialog {
            bao: last.variant == Variant::BaoLaKimasai,
            holes: holes.to_string(),
            seeds: if last.variant.is_en_gehe() {
                last.seeds.to_string()
            } else {
                "4".to_string()
            },
            first: last.first,
            origin_skip: last.origin == OriginRule::Skip,
            names: names.clone(),
            presets: None,
            players,
            rect: None,
            presets_height: 0.0,
            field_height: 0.0,
            last_named: None,
            time_refused: [None, None],
        }
    }

    /// The options and names, or what is wrong with each field.
    pub fn check(&self) -> Result<(GameOptions, [String; 2]), Problems> {
        let (options, mut p) = self.options_and_problems();
        for (i, name) in self.names.iter().enumerate() {
            let n = name.trim();
            if n.is_empty() {
                p.names[i] = Some("A team needs a name".to_string());
            } else if crate::files::is_blank_name(n) {
                p.names[i] = Some(
                    "A team needs a name you can see (this one has only zero-width characters)"
                        .to_string(),
                );
            } else if n.chars().count() > MAX_NAME {
                // How far over, so that the typist knows what to cut.
                p.names[i] = Some(format!(
                    "Too long: {} characters, at most {MAX_NAME}",
                    n.chars().count()
                ));
            }
        }
        if !p.names.iter().any(Option::is_some) {
            use crate::files::{TeamClash, team_names_clash};
            match team_names_clash(&self.names[0], &self.names[1]) {
                None => {}
                Some(TeamClash::Same) => {
                    // At the name typed in last; before any typing (names
                    // brought in from the last game), North's unless North
                    // still has its own ("north" for South rang the North
                    // field, which nobody had touched).
                    let north_unchanged = self.names[1]
                        .trim()
                        .eq_ignore_ascii_case(crate::engine::Side::North.title());
                    let changed = self.last_named.unwrap_or(usize::from(!north_unchanged));
                    p.names[changed] =
                        Some("The teams need different names (capitals aside)".to_string());
                }
                Some(TeamClash::OtherSidesName(side)) => {
                    p.names[side.index()] = Some(format!(
                        "That is the other side's name ({} would read as {})",
                        side.title(),
                        side.opponent().title()
                    ));
                }
            }
        }
        if p.any() {
            return Err(p);
        }
        let names = [
            self.names[0].trim().to_string(),
            self.names[1].trim().to_string(),
        ];
        Ok((options, names))
    }

    /// The game options the fields give, when they give any (the team
    /// names aside).
    fn options(&self) -> Option<GameOptions> {
        let (options, p) = self.options_and_problems();
        (!p.any()).then_some(options)
    }

    /// The options the fields give, with the problems of the board and
    /// seed fields (a field at fault reads as its least value).
    fn options_and_problems(&self) -> (GameOptions, Problems) {
        let mut p = Problems::default();
        let number = |text: &str, lo: usize, hi: usize, what: &str| -> Result<usize, String> {
            match text.trim().parse::<usize>() {
                Ok(n) if (lo..=hi).contains(&n) => Ok(n),
                Ok(n) => Err(format!("{what} must be {lo} to {hi}, not {n}")),
                Err(_) => Err(format!("{what} must be a whole number from {lo} to {hi}")),
            }
        };
        let mut options = if self.bao {
            GameOptions::bao_la_kimasai()
        } else {
            let holes = number(&self.holes, MIN_HOLES, MAX_HOLES, "Holes per row")
                .map_err(|e| p.holes = Some(e))
                .unwrap_or(MIN_HOLES);
            let seeds = number(&self.seeds, 1, 12, "Seeds per hole")
                .map_err(|e| p.seeds = Some(e))
                .unwrap_or(1);
            let mut o = GameOptions::en_gehe(holes as u8);
            o.seeds = seeds as u8;
            o.first = self.first;
            o
        };
        options.origin = if self.origin_skip {
            OriginRule::Skip
        } else {
            OriginRule::SowInto
        };
        (options, p)
    }

    /// Draws the dialog. Returns commands (start or cancel). `keys`: Enter
    /// and Esc are the dialog's (false while a message stands over it:
    /// they are the message's then).
    pub fn ui(&mut self, ctx: &egui::Context, keys: bool) -> Vec<AppCommand> {
        let mut commands = Vec::new();
        let mut open = true;
        // From the keyboard: Esc cancels; Enter starts the game when no
        // field or button has the focus, and when it ends the typing in
        // one of the game's fields (below). A button reached with Tab keeps
        // its Enter, and Enter in a preset's name only ends the typing
        // there (a half-typed preset name starts nothing).
        let (esc, enter) = ctx.input(|i| {
            (
                i.key_pressed(egui::Key::Escape),
                i.key_pressed(egui::Key::Enter),
            )
        });
        let focused = ctx.egui_wants_keyboard_input();
        // Whether this Enter ended the typing in a field of the grid (a
        // board size, a team name, a thinking time being typed): the field
        // takes what was typed as it gives up the focus, while it is drawn.
        let mut typed_enter = false;
        // A thinking time typed this frame was refused.
        let mut time_refused_now = false;
        // A preset's delete question is answered with its own buttons:
        // Enter does not start a game under it, Esc keeps the preset.
        let asking = self
            .presets
            .as_ref()
            .is_some_and(|p| p.confirm_delete.is_some());
        let enter = keys && enter && !asking;
        let esc = keys && esc;
        if esc
            && asking
            && let Some(p) = &mut self.presets
        {
            p.confirm_delete = None;
        }
        let esc = esc && !asking;
        let shown = egui::Window::new("New game")
            .collapsible(false)
            .resizable(false)
            .open(&mut open)
            // Top edge fixed: a message appearing under a field grows the
            // window downwards, never moves the field under the pointer.
            .anchor(egui::Align2::CENTER_TOP, egui::vec2(0.0, 60.0))
            // As wide from the start as a computer player's row makes it:
            // choosing Computer or the other game must not move the fields
            // from under the pointer.
            .min_width(NEW_GAME_WIDTH)
            .show(ctx, |ui| {
                if let Some(mut picker) = self.presets.take() {
                    let top = ui.cursor().top();
                    // Choosing a preset refills the fields afresh, this
                    // height with them: it is kept (the presets rows
                    // shrinking moved every field under them up).
                    let held = self.presets_height;
                    commands.extend(picker.ui(ui, self));
                    self.presets_height = self.presets_height.max(held);
                    let used = ui.cursor().top() - top;
                    if used < self.presets_height {
                        ui.add_space(self.presets_height - used);
                    }
                    self.presets_height = self.presets_height.max(used);
                    self.presets = Some(picker);
                    ui.separator();
                }
                let problems = self.check().err().unwrap_or_default();
                // The field being typed in as the grid is drawn, if any.
                let typing = ui
                    .ctx()
                    .text_edit_focused()
                    .then(|| ui.memory(|m| m.focused()))
                    .flatten();
                egui::Grid::new("new-game-grid")
                    .num_columns(2)
                    .spacing([12.0, 8.0])
                    .show(ui, |ui| {
                        ui.label("Game");
                        ui.horizontal(|ui| {
                            ui.selectable_value(&mut self.bao, false, "En Gehé");
                            ui.selectable_value(&mut self.bao, true, "Bao la Kimasai");
                        });
                        ui.end_row();

                        if self.bao {
                            // As many rows as En Gehé's, each as high as a
                            // field: the rows and buttons under them stay
                            // put when the game is switched.
                            let height = if self.field_height > 0.0 {
                                self.field_height
                            } else {
                                ui.spacing().interact_size.y
                            };
                            for (label, value) in [
                                ("Board", "4 rows of 8, a seed in each inner hole"),
                                ("Reserves", "24 seeds a side"),
                                ("First to move", "South (the rules fix it)"),
                            ] {
                                ui.label(label);
                                ui.allocate_ui_with_layout(
                                    egui::vec2(160.0, height),
                                    egui::Layout::left_to_right(egui::Align::Center),
                                    |ui| {
                                        ui.set_min_height(height);
                                        ui.label(value);
                                    },
                                );
                                ui.end_row();
                            }
                        } else {
                            let h = field(ui, "Holes per row", &mut self.holes, &problems.holes);
                            self.field_height = self.field_height.max(h);
                            field(ui, "Seeds per hole", &mut self.seeds, &problems.seeds);
                            ui.label("First to move");
                            ui.horizontal(|ui| {
                                ui.radio_value(&mut self.first, Side::South, "South");
                                ui.radio_value(&mut self.first, Side::North, "North");
                            });
                            ui.end_row();
                        }

                        ui.label("Long laps");
                        ui.checkbox(
                            &mut self.origin_skip,
                            "skip the starting hole (origin=skip)",
                        )
                        .on_hover_text(
                            "A lap of more seeds than the track has holes passes its own \
                             starting hole. By default it drops a seed there too.",
                        );
                        ui.end_row();

                        for (i, side) in Side::BOTH.iter().enumerate() {
                            let label = format!("{} team name", side.title());
                            let mut name = std::mem::take(&mut self.names[i]);
                            let before = name.clone();
                            let h = field(ui, &label, &mut name, &problems.names[i]);
                            self.field_height = self.field_height.max(h);
                            if name != before {
                                self.last_named = Some(i);
                            }
                            self.names[i] = name;
                        }
                        for side in Side::BOTH {
                            ui.label(format!("{} player", side.title()));
                            let player = &mut self.players[side.index()];
                            let typed = super::players::player_choice(ui, side, player);
                            let refused = &mut self.time_refused[side.index()];
                            match typed {
                                TypedTime::Refused(text) => {
                                    *refused = Some(text);
                                    time_refused_now = true;
                                }
                                TypedTime::Taken => *refused = None,
                                TypedTime::Nothing => {}
                            }
                            // No time to set (a person, or a level that
                            // does not search): nothing to say of one.
                            if !matches!(player, Player::Computer { level, .. } if level.searches())
                            {
                                *refused = None;
                            }
                            ui.end_row();
                        }
                    });
                typed_enter = enter && typing.is_some_and(|id| !ui.memory(|m| m.has_focus(id)));
                ui.separator();
                let ok = !problems.any();
                ui.horizontal(|ui| {
                    if ui
                        .add_enabled(ok, egui::Button::new("Start game"))
                        .on_disabled_hover_text("Fix the fields marked in red first (said below)")
                        .clicked()
                        && let Ok((options, names)) = self.check()
                    {
                        commands.push(AppCommand::NewGame(options, names));
                        commands.push(AppCommand::SetPlayers(self.players));
                    }
                    if ui.button("Cancel").clicked() {
                        commands.push(AppCommand::CloseNewGame);
                    }
                });
                // Every problem under the buttons, where a line coming or
                // going moves nothing: in a line of its own under its field
                // it moved the fields below, so that a click meant for the
                // next field landed on the message.
                problem_lines(ui, &problems);
                for side in Side::BOTH {
                    if let Some(text) = &self.time_refused[side.index()] {
                        let field = format!("{} player", side.title());
                        problem_line(
                            ui,
                            Some(&field),
                            &super::players::thinking_time_refusal(text),
                        );
                    }
                }
                if let Some(picker) = &self.presets {
                    for (field, problem) in picker.name_problems() {
                        problem_line(ui, Some(field), &problem);
                    }
                    if let Some(text) = picker.load_error_text() {
                        ui.colored_label(ui.visuals().error_fg_color, text);
                    }
                }
            });
        if let Some(shown) = &shown {
            self.rect = Some(shown.response.rect);
        }
        // A field changed away from the chosen preset: it is no longer
        // that preset (its name and note would mislead). Team names are
        // not part of a preset: a problem with them keeps it.
        let options = self.options();
        if let Some(picker) = &mut self.presets
            && let Some(e) = picker.selected.and_then(|i| picker.entries.get(i))
            && options != Some(e.preset.options)
        {
            picker.selected = None;
        }
        if !open || esc {
            commands.push(AppCommand::CloseNewGame);
        } else if enter
            && (!focused || typed_enter)
            // The Enter that ended a time refused is not a start: the game
            // would start with the time that stayed.
            && !time_refused_now
            && let Ok((options, names)) = self.check()
        {
            commands.push(AppCommand::NewGame(options, names));
            commands.push(AppCommand::SetPlayers(self.players));
        }
        commands
    }
}

/// A labelled one-line text field, ringed in the error colour while it
/// has a problem (the problem itself is said under the buttons: a line
/// of its own under the field moved every field below it as it came and
/// went while the user typed).
/// A labelled text field in the grid; returns its height.
fn field(ui: &mut egui::Ui, label: &str, text: &mut String, problem: &Option<String>) -> f32 {
    let l = ui.label(label);
    // A stable id: a preset's note appearing or going above it must not
    // take the focus from a field being typed in.
    let edit = ui
        .add(
            egui::TextEdit::singleline(text)
                .id_salt(("new-game-field", label))
                .desired_width(160.0),
        )
        .labelled_by(l.id);
    if problem.is_some() {
        // Painted, taking no room: within the grid's spacing.
        super::ring_at_fault(ui, edit.rect);
    }
    ui.end_row();
    edit.rect.height()
}

/// The fields' problems, one line each, under the buttons; a team name's
/// says which team's (the board fields' name their field themselves).
fn problem_lines(ui: &mut egui::Ui, problems: &Problems) {
    let [south, north] = &problems.names;
    let lines = [
        (None, &problems.holes),
        (None, &problems.seeds),
        (Some(Side::South), south),
        (Some(Side::North), north),
    ];
    for (side, problem) in lines {
        let Some(problem) = problem else { continue };
        let field = side.map(|side| format!("{} team name", side.title()));
        problem_line(ui, field.as_deref(), problem);
    }
}

/// One problem's line, after the name of its field where it needs one.
fn problem_line(ui: &mut egui::Ui, field: Option<&str>, problem: &str) {
    let colour = ui.visuals().error_fg_color;
    ui.horizontal_wrapped(|ui| {
        // One word space after the colon, as in a sentence (the items'
        // 8 px read as a double space).
        ui.spacing_mut().item_spacing.x = 4.0;
        if let Some(field) = field {
            ui.label(egui::RichText::new(format!("{field}:")).color(colour));
        }
        ui.label(egui::RichText::new(problem).color(colour));
    });
}
