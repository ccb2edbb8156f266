//! The animation control strip under the board: play/pause, step and back
//! by seed or lap, jump to the end, speed, and the lap counter and caption.

use super::AppCommand;
use super::anim::{INSTANT_SPEED, MIN_SPEED};
use super::settings::Settings;
use super::state::Runtime;

/// Commands of the visualiser.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AnimCommand {
    /// To the move's first seed: the handful lifted, nothing sown.
    Start,
    PlayPause,
    StepSeed,
    BackSeed,
    StepLap,
    BackLap,
    End,
    /// To the board after this many steps (the sowing timeline).
    Seek(u64),
}

pub fn controls_ui(ui: &mut egui::Ui, settings: &Settings, rt: &Runtime) -> Vec<AppCommand> {
    let mut commands = Vec::new();
    let replay = rt.shown_replay();
    // The label when it goes to a row of its own.
    let mut own_row = None;
    ui.horizontal(|ui| {
        let has = replay.is_some();
        let playing = replay.is_some_and(|r| r.playing);
        let mut button = |ui: &mut egui::Ui, text: &str, tip: &str, cmd: AnimCommand| {
            if ui
                .add_enabled(has, egui::Button::new(text))
                .on_hover_text(tip)
                .clicked()
            {
                commands.push(AppCommand::Anim(cmd));
            }
        };
        button(
            ui,
            "|< Start",
            "Back to the start of the move (Home)",
            AnimCommand::Start,
        );
        button(
            ui,
            "<< Back lap",
            "Back one lap (Shift+Left)",
            AnimCommand::BackLap,
        );
        button(
            ui,
            "< Back seed",
            "Back one seed (Left arrow)",
            AnimCommand::BackSeed,
        );
        button(
            ui,
            if playing { "Pause" } else { "Play" },
            "Play or pause the sowing (Space)",
            AnimCommand::PlayPause,
        );
        button(
            ui,
            "Step seed >",
            "One seed forward (Right arrow)",
            AnimCommand::StepSeed,
        );
        button(
            ui,
            "Step lap >>",
            "One lap forward (Shift+Right)",
            AnimCommand::StepLap,
        );
        button(
            ui,
            "End >|",
            "Jump to the end of the move (End)",
            AnimCommand::End,
        );
        ui.separator();
        let mut speed = settings.speed;
        let resp = ui.add(
            egui::Slider::new(&mut speed, MIN_SPEED..=INSTANT_SPEED)
                .logarithmic(true)
                .text("seeds/s")
                .custom_formatter(|v, _| {
                    if v as f32 >= INSTANT_SPEED {
                        "instant".to_string()
                    } else {
                        format!("{v:.0}")
                    }
                }),
        );
        if resp.changed() {
            commands.push(AppCommand::SetSpeed(speed));
        }
        ui.separator();
        match replay {
            Some(r) => {
                let name = r.trace.before.variant().move_name(r.trace.mv);
                // One label, cut with "…" as one (whole on hover): the
                // counters too were cut mid-number when only the caption
                // could shrink. Where the rest of the row is too short for
                // the move and its counters, the label takes a row of its
                // own under the buttons (not sooner: in the smallest window
                // a second row takes height from the board).
                let style = ui.style().clone();
                let mut job = egui::text::LayoutJob::default();
                let mut counters_width = 0.0;
                for (i, part) in [
                    egui::RichText::new(format!("Move {} ({name})   ", r.move_index + 1)).strong(),
                    egui::RichText::new(format!("{}   {}   ", r.lap_counter(), r.seed_counter())),
                    egui::RichText::new(r.caption()).italics(),
                ]
                .into_iter()
                .enumerate()
                {
                    part.append_to(
                        &mut job,
                        &style,
                        egui::FontSelection::Default,
                        egui::Align::Center,
                    );
                    if i == 1 {
                        counters_width = ui.fonts_mut(|f| f.layout_job(job.clone())).size().x;
                    }
                }
                if counters_width > ui.available_width() {
                    own_row = Some(job);
                } else {
                    ui.add(egui::Label::new(job).truncate());
                }
            }
            None => {
                ui.add(
                    egui::Label::new(
                        egui::RichText::new(
                            "Play a move, or pick one in the move list, to watch its sowing.",
                        )
                        .weak(),
                    )
                    .truncate(),
                );
            }
        }
    });
    if let Some(job) = own_row {
        ui.add(egui::Label::new(job).truncate());
    }
    commands
}
