//! The animation control strip under the board: play/pause, step and back
//! by seed or lap, jump to the end, speed, and the lap counter and caption.

use super::AppCommand;
use super::anim::{INSTANT_SPEED, MIN_SPEED};
use super::settings::Settings;
use super::state::{Notice, NoticeTopic, Runtime};

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
    ui.horizontal(|ui| {
        let has = replay.is_some();
        let playing = replay.is_some_and(|r| r.playing);
        // Play and Pause take the room of the wider: the slider after
        // them moved under the pointer as the label changed.
        let play_width = super::button_width_for(ui, &["Play", "Pause"]);
        // Greyed where they would do nothing: back at the move's start,
        // forward at its end (Play starts again from the end).
        let at_start = replay.is_some_and(|r| r.step() == 0 && r.phase == 0.0);
        let at_end = replay.is_some_and(|r| r.at_end());
        // On an earlier position with its move sown (or shown whole), End
        // goes on to the live position, as the End key does and as the
        // status line says: the button was greyed there, leaving a mouse
        // only the move list to go back with.
        let to_live = !rt.live() && (at_end || !has);
        let mut button = |ui: &mut egui::Ui, text: &str, tip: &str, cmd: AnimCommand| {
            let min_width = if cmd == AnimCommand::PlayPause {
                play_width
            } else {
                0.0
            };
            let idle = match cmd {
                AnimCommand::Start | AnimCommand::BackLap | AnimCommand::BackSeed => at_start,
                AnimCommand::StepSeed | AnimCommand::StepLap | AnimCommand::End => at_end,
                AnimCommand::PlayPause | AnimCommand::Seek(_) => false,
            };
            if cmd == AnimCommand::End && to_live {
                if ui
                    .button(text)
                    .on_hover_text("Back to the live position, the game's last move (End)")
                    .clicked()
                {
                    commands.push(AppCommand::ViewLive);
                }
                return;
            }
            if ui
                .add_enabled(
                    has && !idle,
                    egui::Button::new(text).min_size(egui::vec2(min_width, 0.0)),
                )
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
        // The field as wide as its widest text, so that the move's words
        // after it keep their place as the speed changes ("5 seeds/s" to
        // "1000 seeds/s" moved them 20 px).
        let widest = super::button_width_for(ui, &["1000 seeds/s", "instant"]);
        // A typed text that is no speed is said, not silently put back.
        let refused: std::cell::Cell<Option<String>> = std::cell::Cell::new(None);
        let resp = ui
            .scope(|ui| {
                ui.spacing_mut().interact_size.x = widest;
                ui.add(
                    egui::Slider::new(&mut speed, MIN_SPEED..=INSTANT_SPEED)
                        .logarithmic(true)
                        // Read once typed (Enter or leaving the field): read
                        // at every key, "instant" was refused as "i", "in", ….
                        .update_while_editing(false)
                        // The unit goes with the number: at the top the field says
                        // "instant", which a fixed "seeds/s" after it misread.
                        .custom_formatter(|v, _| speed_text(v))
                        .custom_parser(|text| {
                            let speed = parse_speed(text);
                            if speed.is_none() {
                                refused.set(Some(text.trim().to_string()));
                            }
                            speed
                        }),
                )
            })
            .inner
            .on_hover_text("Sowing speed in seeds a second; at the right end, instant");
        if resp.changed() {
            commands.push(AppCommand::SetSpeed(speed));
        }
        if let Some(text) = refused.take() {
            commands.push(AppCommand::Notice(speed_refusal(&text)));
        }
        ui.separator();
        // One label, cut with "…" as one (whole on hover): the counters
        // too were cut mid-number when only the caption could shrink.
        let style = ui.style().clone();
        let label = |parts: Vec<egui::RichText>| {
            let mut job = egui::text::LayoutJob::default();
            for part in parts {
                part.append_to(
                    &mut job,
                    &style,
                    egui::FontSelection::Default,
                    egui::Align::Center,
                );
            }
            job
        };
        // Whole on hover where the caption is cut short.
        let mut cut_caption = None;
        let job = match replay {
            Some(r) => {
                let mut heading = r.move_label();
                heading[..1].make_ascii_uppercase();
                let heading = egui::RichText::new(format!("{heading}   ")).strong();
                let counters_text = format!("{}   {}   ", r.lap_counter(), r.seed_counter());
                let [laps, seeds] = r.widest_counters();
                let widest_text = format!("{laps}   {seeds}   ");
                let counters = egui::RichText::new(counters_text.clone());
                // The counters keep the room of their widest in this move,
                // so the caption after them stays put as they gain digits.
                let width = |ui: &mut egui::Ui, text: &str| {
                    let job = label(vec![egui::RichText::new(text)]);
                    ui.fonts_mut(|f| f.layout_job(job)).size().x
                };
                let slack = (width(ui, &widest_text) - width(ui, &counters_text)).max(0.0);
                let with_caption = |caption: &str| {
                    let mut job = label(vec![heading.clone(), counters.clone()]);
                    let at = job.sections.len();
                    let caption = egui::RichText::new(caption).italics();
                    caption.append_to(
                        &mut job,
                        &style,
                        egui::FontSelection::Default,
                        egui::Align::Center,
                    );
                    if let Some(section) = job.sections.get_mut(at) {
                        section.leading_space += slack;
                    }
                    job
                };
                let fits = |ui: &mut egui::Ui, job: &egui::text::LayoutJob| {
                    ui.fonts_mut(|f| f.layout_job(job.clone())).size().x <= ui.available_width()
                };
                // Where the row is too short for the whole text, the
                // caption is cut by words ("lap 3 lands on an…"), never
                // dropped while a word of it fits: dropped whole, it came
                // and went from seed to seed as its length changed. Then
                // the move and its counters, then only the move: the line
                // under the board says the rest whole. (A row of their own
                // that came and went with each sowing moved the board, and
                // took height from it in a small window.) Shorter still,
                // only the move's number; and where not even that fits,
                // nothing (a stub "M…" said nothing).
                let caption = r.caption();
                let cuts = caption_cuts(&caption);
                let number = egui::RichText::new(format!("Move {}", r.move_index + 1)).strong();
                let found = std::iter::once(caption.clone())
                    .chain(cuts)
                    .map(|text| {
                        let job = with_caption(&text);
                        (job, text != caption)
                    })
                    .find(|(job, _)| fits(ui, job));
                match found {
                    Some((job, cut)) => {
                        if cut {
                            cut_caption = Some(caption);
                        }
                        job
                    }
                    None => match [
                        label(vec![heading.clone(), counters]),
                        label(vec![heading]),
                        label(vec![number]),
                    ]
                    .into_iter()
                    .find(|job| fits(ui, job))
                    {
                        Some(job) => job,
                        None => return,
                    },
                }
            }
            None => {
                // The longest whole hint that fits, never one cut mid-word
                // ("… in the move l…" at 1024 px) nor a bare "…".
                match HINTS
                    .into_iter()
                    .map(|hint| label(vec![egui::RichText::new(hint).weak()]))
                    .find(|job| {
                        ui.fonts_mut(|f| f.layout_job(job.clone())).size().x <= ui.available_width()
                    }) {
                    Some(job) => job,
                    None => return,
                }
            }
        };
        let strip = ui.add(egui::Label::new(job).truncate());
        if let Some(caption) = cut_caption {
            strip.on_hover_text(caption);
        }
    });
    commands
}

/// A caption cut short by whole words, longest first, each ending in "…":
/// at least two words (a lone "sowing…" said nothing), and never a bracket
/// left open ("… (raided 2…").
fn caption_cuts(caption: &str) -> Vec<String> {
    let words: Vec<&str> = caption.split_whitespace().collect();
    (2..words.len())
        .rev()
        .map(|n| words[..n].join(" "))
        .filter(|kept| kept.matches('(').count() == kept.matches(')').count())
        .map(|kept| format!("{}…", kept.trim_end_matches([',', ':', ';'])))
        .collect()
}

/// The strip's hint before a sowing is on view, longest first: the
/// strip shows the longest that fits whole.
pub const HINTS: [&str; 4] = [
    "Play a move, or pick one in the move list, to watch its sowing.",
    "Play a move, or pick one in the move list.",
    "Play a move to watch its sowing.",
    "Play a move.",
];

/// The speed field's text: "12 seeds/s", "1 seed/s", or "instant".
fn speed_text(v: f64) -> String {
    if v as f32 >= INSTANT_SPEED {
        "instant".to_string()
    } else {
        let seeds = format!("{v:.0}");
        let noun = if seeds == "1" { "seed" } else { "seeds" };
        format!("{seeds} {noun}/s")
    }
}

/// Why a text typed into the speed field was not taken.
fn speed_refusal(text: &str) -> Notice {
    let shown = crate::engine::shortened(text);
    Notice::refusal(format!(
        "“{shown}” is not a sowing speed: type seeds a second, {} to {} (“40” or “40 seeds/s”), or “instant”",
        MIN_SPEED,
        INSTANT_SPEED as u32 - 1
    ))
    .about(NoticeTopic::SowingSpeed)
}

/// A speed typed into the speed field: a number of seeds a second, with or
/// without its unit, within the slider's range, or "instant" (a number out
/// of the range is refused, not put silently at its end: "0" became
/// "1 seed/s" without a word).
fn parse_speed(text: &str) -> Option<f64> {
    let text = text.trim().to_lowercase();
    if text == "instant" {
        return Some(INSTANT_SPEED as f64);
    }
    let number = text
        .strip_suffix("seeds/s")
        .or_else(|| text.strip_suffix("seed/s"))
        .or_else(|| text.strip_suffix("/s"))
        .unwrap_or(&text)
        .trim();
    number
        .parse::<f64>()
        .ok()
        .filter(|v| (f64::from(MIN_SPEED)..f64::from(INSTANT_SPEED) - 0.5).contains(v))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_caption_is_cut_by_two_words_or_more_and_never_inside_brackets() {
        assert_eq!(
            caption_cuts("lap 1 lands on an occupied hole: lift 5"),
            [
                "lap 1 lands on an occupied hole: lift…",
                "lap 1 lands on an occupied hole…",
                "lap 1 lands on an occupied…",
                "lap 1 lands on an…",
                "lap 1 lands on…",
                "lap 1 lands…",
                "lap 1…",
            ]
        );
        assert_eq!(
            caption_cuts("the move ends (raided 2 seeds) here"),
            [
                "the move ends (raided 2 seeds)…",
                "the move ends…",
                "the move…",
            ]
        );
        assert!(caption_cuts("sowing").is_empty());
        assert!(caption_cuts("sowing 2").is_empty());
        assert!(caption_cuts("").is_empty());
    }

    #[test]
    fn the_speed_is_shown_with_its_unit_in_the_singular_for_one() {
        assert_eq!(speed_text(12.0), "12 seeds/s");
        assert_eq!(speed_text(1.2), "1 seed/s");
        assert_eq!(speed_text(INSTANT_SPEED as f64), "instant");
        // Each text reads back as the speed it shows.
        for v in [1.0, 12.0, 40.0] {
            assert_eq!(parse_speed(&speed_text(v)), Some(v));
        }
    }

    #[test]
    fn a_typed_speed_is_read_with_or_without_its_unit() {
        assert_eq!(parse_speed("12"), Some(12.0));
        assert_eq!(parse_speed(" 40 seeds/s "), Some(40.0));
        assert_eq!(parse_speed("7/s"), Some(7.0));
        assert_eq!(parse_speed("1 seed/s"), Some(1.0));
        assert_eq!(parse_speed("Instant"), Some(INSTANT_SPEED as f64));
        assert_eq!(parse_speed("fast"), None);
        assert_eq!(parse_speed("inf"), None);
        // Out of the range: refused, not put at its end without a word.
        assert_eq!(parse_speed("0"), None);
        assert_eq!(parse_speed("-5"), None);
        assert_eq!(parse_speed("5000 seeds/s"), None);
        // The top is "instant", not a number (999.6 read "1000 seeds/s").
        assert_eq!(parse_speed("1000"), None);
        assert_eq!(parse_speed("999.6"), None);
        assert_eq!(parse_speed("999"), Some(999.0));
    }
}
