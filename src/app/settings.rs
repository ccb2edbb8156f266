//! What the window remembers between runs (eframe persistence). Runtime
//! state (the game, the replay, dialogs) lives in [`super::state`].

use crate::engine::GameOptions;
use serde::{Deserialize, Serialize};

/// Key under which the settings are stored.
pub const STORAGE_KEY: &str = "maasai-mancala-settings";

/// The settings eframe kept, and what could not be read of them, in words
/// naming the file: one bad field costs only that field, and a settings
/// file eframe could not read at all is copied aside before eframe
/// rewrites it on exit.
pub fn load(storage: Option<&dyn eframe::Storage>, app_id: &str) -> (Settings, Option<String>) {
    let file = eframe::storage_dir(app_id).map(|d| d.join("app.ron"));
    let name = file
        .as_ref()
        .map(|f| f.display().to_string())
        .unwrap_or_else(|| "the settings file".into());
    // What was mended or moved aside before eframe read the file.
    let mended = moved_aside_at_start();
    if let Some(text) = storage.and_then(|s| s.get_string(STORAGE_KEY)) {
        let (settings, problems) = salvage_settings(&text);
        if problems.is_empty() {
            return (settings, mended);
        }
        let list: Vec<String> = problems.iter().map(|p| format!("• {p}")).collect();
        return (
            settings,
            Some(format!(
                "Some settings in {name} could not be read and are back to their defaults:\n{}\nThe other settings are kept.",
                list.join("\n")
            )),
        );
    }
    // Nothing under our key: a first start, or a file eframe could not read.
    let Some(file) = file else {
        return (Settings::default(), None);
    };
    if let Some(problem) = mended {
        return (Settings::default(), Some(problem));
    }
    if !file.exists() {
        return (Settings::default(), None);
    }
    // Bytes, not text: a file that is not UTF-8 is damaged too.
    let bytes = match std::fs::read(&file) {
        Ok(bytes) => bytes,
        Err(why) => {
            return (
                Settings::default(),
                Some(format!(
                    "The settings file {name} cannot be read ({why}): the window starts with the default settings."
                )),
            );
        }
    };
    let parsed = match String::from_utf8(bytes) {
        Ok(text) => ron::from_str::<std::collections::HashMap<String, String>>(&text)
            .map(|_| ())
            .map_err(|e| e.to_string()),
        Err(_) => Err("it is not text (UTF-8)".to_string()),
    };
    match parsed {
        Ok(()) => (Settings::default(), None),
        Err(e) => {
            let aside = crate::files::damaged_aside_path(&file);
            let kept = match std::fs::copy(&file, &aside) {
                Ok(_) => format!("A copy is kept as {}.", crate::files::shown_path(&aside)),
                Err(why) => format!("It could not be copied aside ({why})."),
            };
            (
                Settings::default(),
                Some(format!(
                    "The settings file {name} cannot be read ({e}): the window starts with the default settings, and the file is rewritten on closing. {kept}"
                )),
            )
        }
    }
}

/// What [`set_aside_unreadable`] did before the window opened, for
/// [`load`] to say.
static MOVED_ASIDE: std::sync::Mutex<Option<String>> = std::sync::Mutex::new(None);

fn moved_aside_at_start() -> Option<String> {
    MOVED_ASIDE.lock().ok().and_then(|mut m| m.take())
}

/// Before eframe opens the settings file: one that is not a plain file (a
/// named pipe would block the start for ever, a folder can never be
/// written) is moved aside to `app.ron.damaged`, and the window says so.
pub fn set_aside_unreadable(app_id: &str) {
    let Some(file) = eframe::storage_dir(app_id).map(|d| d.join("app.ron")) else {
        return;
    };
    let Ok(meta) = std::fs::symlink_metadata(&file) else {
        return;
    };
    let plain = meta.is_file()
        || (meta.file_type().is_symlink() && std::fs::metadata(&file).is_ok_and(|m| m.is_file()));
    if plain {
        repair_window_state(&file);
        return;
    }
    let aside = crate::files::damaged_aside_path(&file);
    let what = match std::fs::rename(&file, &aside) {
        Ok(()) => format!("It was moved to {}.", crate::files::shown_path(&aside)),
        // A pipe or device holds no settings: removed, it cannot block
        // the start. (A folder is left alone: eframe only fails to read it.)
        Err(_) if !meta.is_dir() && std::fs::remove_file(&file).is_ok() => {
            "It could not be moved aside, so it was removed.".to_string()
        }
        Err(why) => format!("It could not be moved aside ({why})."),
    };
    if let Ok(mut m) = MOVED_ASIDE.lock() {
        *m = Some(format!(
            "The settings file {} is not a plain file (a folder, a pipe or a device): the window starts with the default settings. {what}",
            crate::files::shown_path(&file)
        ));
    }
}

/// The least width and height of a kept window, in points.
const SMALLEST_WINDOW: f64 = 200.0;

/// eframe's own parts of the settings file (egui's zoom, the window's
/// size) are read by eframe, which panics on a zoom of NaN or opens a
/// window 60 px wide for a width of NaN: values that make no sense are put
/// back to the defaults (the zoom to 100 %, the window's record dropped)
/// before eframe reads them, the file as it was kept as `app.ron.damaged`.
fn repair_window_state(file: &std::path::Path) {
    const MOST: u64 = 16 << 20;
    if std::fs::metadata(file).map_or(true, |m| m.len() > MOST) {
        return;
    }
    let Ok(text) = std::fs::read_to_string(file) else {
        return;
    };
    let Ok(mut map) = ron::from_str::<std::collections::BTreeMap<String, String>>(&text) else {
        return;
    };
    let mut fixed = Vec::new();
    // eframe drops egui's record silently when it cannot read it (a
    // hand edit, another egui version): said here, the file kept aside.
    let mut unread = None;
    if let Some(egui) = map.get("egui")
        && let Err(e) = ron::from_str::<egui::Memory>(egui)
    {
        unread = Some(
            crate::files::error::escaped(&crate::engine::shortened(&e.code.to_string()))
                .into_owned(),
        );
        map.remove("egui");
    }
    if let Some(egui) = map.get_mut("egui")
        && let Some((at, zoom)) = number_after(egui, "zoom_factor:")
        && !(zoom.is_finite() && (0.25..=5.0).contains(&zoom))
    {
        egui.replace_range(at, "1.0");
        fixed.push(format!("the interface zoom ({zoom})"));
    }
    if let Some(window) = map.get("window") {
        let sane = |key: &str, range: std::ops::RangeInclusive<f64>| {
            let mut rest = window.as_str();
            let mut ok = true;
            while let Some((at, v)) = number_after(rest, key) {
                ok &= v.is_finite() && range.contains(&v);
                rest = &rest[at.end..];
            }
            ok
        };
        // A window a few points across shows not even its menu bar (a
        // size of 0 × 0 opened one 64 px square): one at least this large.
        let big_enough = window.find("inner_size_points:").is_none_or(|at| {
            let rest = &window[at..];
            let size = &rest[..rest.find(')').unwrap_or(rest.len())];
            ["x:", "y:"]
                .iter()
                .all(|key| number_after(size, key).is_none_or(|(_, v)| v >= SMALLEST_WINDOW))
        });
        let good = sane("scale_factor:", 0.1..=10.0)
            && sane("x:", -100_000.0..=100_000.0)
            && sane("y:", -100_000.0..=100_000.0)
            && big_enough;
        if !good {
            map.remove("window");
            fixed.push("the window's size and place".to_string());
        }
    }
    if fixed.is_empty() && unread.is_none() {
        return;
    }
    let aside = crate::files::damaged_aside_path(file);
    let kept = std::fs::copy(file, &aside).is_ok();
    let written = ron::ser::to_string_pretty(&map, ron::ser::PrettyConfig::default())
        .ok()
        .is_some_and(|t| std::fs::write(file, t).is_ok());
    let back = |many: bool| match (written, many) {
        (false, _) => "could not be put back",
        (true, false) => "is back",
        (true, true) => "are back",
    };
    let mut said = Vec::new();
    if let Some(why) = unread {
        said.push(format!(
            "egui's record of the interface zoom and layout cannot be read ({why}; a hand edit, or written by another version) and {} to the default",
            back(false)
        ));
    }
    if !fixed.is_empty() {
        said.push(format!(
            "{} made no sense and {} to the default{}",
            fixed.join(" and "),
            back(fixed.len() > 1),
            if fixed.len() > 1 { "s" } else { "" },
        ));
    }
    if let Ok(mut m) = MOVED_ASIDE.lock() {
        *m = Some(format!(
            "In the settings file {}, {}.{}",
            crate::files::shown_path(file),
            said.join("; "),
            if kept {
                format!(
                    " The file as it was is kept as {}.",
                    crate::files::shown_path(&aside)
                )
            } else {
                String::new()
            }
        ));
    }
}

/// The byte range and value of the number written after the first `key`
/// in `text` ("zoom_factor:1.5" → 1.5; "NaN" and "inf" read too).
fn number_after(text: &str, key: &str) -> Option<(std::ops::Range<usize>, f64)> {
    let start = text.find(key)? + key.len();
    let len = text[start..]
        .find(|c: char| !(c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '+')))
        .unwrap_or(text.len() - start);
    let value = text[start..start + len].parse().ok()?;
    Some((start..start + len, value))
}

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

/// Persisted view choices. (The window size is kept by eframe's own
/// persistence, the panels' last widths by egui's.)
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
    /// Side panels' widths as the user left them, by panel: egui keeps a
    /// panel squeezed by a small window at that width, and these are given
    /// back once there is room.
    pub panel_widths: std::collections::BTreeMap<String, f32>,
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
            panel_widths: Default::default(),
        }
    }
}

/// Widths a side panel may be kept at between runs, in points.
const PANEL_WIDTHS: std::ops::RangeInclusive<f32> = 50.0..=10_000.0;

/// Zoom range of the board.
pub const MIN_ZOOM: f32 = 1.0;
pub const MAX_ZOOM: f32 = 6.0;

/// The top-level `key: value` fields of a RON struct's text, `(…)`, split
/// at the commas outside brackets, strings and characters; `None` when the
/// text is not one parenthesised struct.
fn struct_fields(text: &str) -> Option<Vec<&str>> {
    let inner = text.trim().strip_prefix('(')?.strip_suffix(')')?;
    let mut fields = Vec::new();
    let (mut depth, mut start) = (0i32, 0);
    let mut quote: Option<char> = None;
    let mut escaped = false;
    for (i, c) in inner.char_indices() {
        if let Some(q) = quote {
            if escaped {
                escaped = false;
            } else if c == '\\' {
                escaped = true;
            } else if c == q {
                quote = None;
            }
            continue;
        }
        match c {
            '"' | '\'' => quote = Some(c),
            '(' | '[' | '{' => depth += 1,
            ')' | ']' | '}' => depth -= 1,
            ',' if depth == 0 => {
                fields.push(&inner[start..i]);
                start = i + 1;
            }
            _ => {}
        }
        if depth < 0 {
            return None;
        }
    }
    fields.push(&inner[start..]);
    Some(
        fields
            .into_iter()
            .filter(|f| !f.trim().is_empty())
            .collect(),
    )
}

/// Settings from their stored text, field by field: a field that does not
/// read (a hand edit, a damaged file) keeps its default and is named in the
/// problems, and every other field is kept, rather than the whole record
/// falling back to the defaults at one bad value.
pub fn salvage_settings(text: &str) -> (Settings, Vec<String>) {
    let (settings, mut problems) = salvage_fields(text);
    let (settings, more) = in_range(settings);
    problems.extend(more);
    (settings, problems)
}

/// Numbers that read but make no sense (a zoom of NaN or −1, a speed of
/// infinity) go back to their defaults, named.
fn in_range(mut s: Settings) -> (Settings, Vec<String>) {
    let mut problems = Vec::new();
    let d = Settings::default();
    if !(s.zoom.is_finite() && (MIN_ZOOM..=MAX_ZOOM).contains(&s.zoom)) {
        problems.push(format!(
            "`zoom`: {} is not a zoom from {:.0}% to {:.0}%",
            s.zoom,
            MIN_ZOOM * 100.0,
            MAX_ZOOM * 100.0
        ));
        s.zoom = d.zoom;
    }
    let speeds = super::anim::MIN_SPEED..=super::anim::INSTANT_SPEED;
    if !(s.speed.is_finite() && speeds.contains(&s.speed)) {
        problems.push(format!(
            "`speed`: {} is not a sowing speed from {} to {} seeds a second",
            s.speed,
            speeds.start(),
            speeds.end()
        ));
        s.speed = d.speed;
    }
    // The last new game's options start the first board and fill the New
    // game dialog: ones that start no game (a hand edit: 99 holes, 0
    // seeds) gave a 2×50 board without a word and a dialog ringed red.
    if let Err(e) = s.last_options.start() {
        problems.push(format!(
            "`last_options`: {e}; back to {}",
            describe_options(&d.last_options)
        ));
        s.last_options = d.last_options;
    }
    names_in_order(&mut s.names, &d.names, &mut problems);
    s.panel_widths.retain(|name, width| {
        let fits = width.is_finite() && PANEL_WIDTHS.contains(width);
        if !fits {
            problems.push(format!(
                "`panel_widths`: {width} is not a width of the {name} panel from {} to {} points",
                PANEL_WIDTHS.start(),
                PANEL_WIDTHS.end()
            ));
        }
        fits
    });
    (s, problems)
}

/// A game's options in a few words: "En Gehé 2×50, 4 seeds a hole".
fn describe_options(o: &GameOptions) -> String {
    match o.variant {
        crate::engine::Variant::EnGehe { holes } => {
            format!("En Gehé 2×{holes}, {} seeds a hole", o.seeds)
        }
        crate::engine::Variant::BaoLaKimasai => "Bao la Kimasai".to_string(),
    }
}

/// Team names held to the New game dialog's rules (and so to what a saved
/// game may hold): a name that shows nothing, holds a line break or is too
/// long, or two that the move list could not tell apart ("North (South)"),
/// go back to the defaults, named. Else a game saved with them would be a
/// file the program refuses, and its autosave be called damaged.
fn names_in_order(names: &mut [String; 2], defaults: &[String; 2], problems: &mut Vec<String>) {
    use crate::engine::Side;
    use crate::files::{TeamClash, is_blank_name, team_names_clash};
    for (i, side) in Side::BOTH.into_iter().enumerate() {
        let name = &names[i];
        let why = if is_blank_name(name) {
            Some("a team needs a name".to_string())
        } else {
            crate::files::name_problem(name, crate::files::MAX_TEAM_NAME)
                .map(|why| format!("the name {why}"))
        };
        if let Some(why) = why {
            problems.push(format!(
                "`names` ({}'s team): {:?}: {why}; back to {}",
                side.title(),
                name,
                defaults[i]
            ));
            names[i] = defaults[i].clone();
        } else {
            names[i] = name.trim().to_string();
        }
    }
    // At most two rounds: a default name may clash with the other name.
    for _ in 0..2 {
        let Some(clash) = team_names_clash(&names[0], &names[1]) else {
            return;
        };
        let i = match clash {
            // The name that is not its side's default goes back to it.
            TeamClash::Same if names[1].eq_ignore_ascii_case(&defaults[1]) => 0,
            TeamClash::Same => 1,
            TeamClash::OtherSidesName(side) => side.index(),
        };
        let side = Side::BOTH[i];
        let why = match clash {
            TeamClash::Same => format!(
                "both teams are called {:?} (capitals aside); the teams need different names",
                names[i]
            ),
            TeamClash::OtherSidesName(_) => format!(
                "{:?} is the other side's name; the labels would read \"{} ({})\"",
                names[i],
                names[i],
                side.title()
            ),
        };
        problems.push(format!(
            "`names` ({}'s team): {why}; back to {}",
            side.title(),
            defaults[i]
        ));
        names[i] = defaults[i].clone();
    }
    if team_names_clash(&names[0], &names[1]).is_some() {
        *names = defaults.clone();
    }
}

fn salvage_fields(text: &str) -> (Settings, Vec<String>) {
    if let Ok(settings) = ron::from_str::<Settings>(text) {
        return (settings, Vec::new());
    }
    let Some(fields) = struct_fields(text) else {
        let why = ron::from_str::<Settings>(text)
            .err()
            .map(|e| e.to_string())
            .unwrap_or_default();
        return (
            Settings::default(),
            vec![format!("the settings cannot be read: {why}")],
        );
    };
    let mut kept: Vec<&str> = Vec::new();
    let mut problems = Vec::new();
    for field in fields {
        let mut trial = kept.clone();
        trial.push(field);
        match ron::from_str::<Settings>(&format!("({})", trial.join(","))) {
            Ok(_) => kept = trial,
            Err(e) => {
                let name = field.split(':').next().unwrap_or(field).trim();
                problems.push(format!("`{name}`: {}", e.code));
            }
        }
    }
    let settings = ron::from_str(&format!("({})", kept.join(","))).unwrap_or_default();
    (settings, problems)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bad_field_keeps_its_default_and_the_others_are_kept() {
        let good = Settings {
            theme: ThemeChoice::Dark,
            flipped: true,
            names: ["Il, (Purko)".into(), "Ilkisongo".into()],
            ..Settings::default()
        };
        let text = ron::to_string(&good).unwrap();
        assert_eq!(salvage_settings(&text), (good.clone(), Vec::new()));

        let broken = text.replace("speed:12.0", "speed:fast");
        assert_ne!(broken, text);
        let (read, problems) = salvage_settings(&broken);
        assert_eq!(read, good, "speed was the default anyway; the rest kept");
        assert_eq!(problems.len(), 1, "{problems:?}");
        assert!(problems[0].starts_with("`speed`"), "{problems:?}");

        let broken = text.replace("flipped:true", "flipped:maybe");
        let (read, problems) = salvage_settings(&broken);
        assert!(!read.flipped);
        assert_eq!(read.theme, ThemeChoice::Dark);
        assert_eq!(read.names, good.names, "commas in strings are not fields");
        assert!(problems[0].starts_with("`flipped`"), "{problems:?}");
    }

    #[test]
    fn a_zoom_or_speed_out_of_range_goes_back_to_its_default_named() {
        let good = Settings::default();
        let text = ron::to_string(&good).unwrap();
        assert!(text.contains("zoom:1.0"), "{text}");
        for bad in ["-1.0", "0.0", "NaN", "inf", "1e30"] {
            let (read, problems) =
                salvage_settings(&text.replace("zoom:1.0", &format!("zoom:{bad}")));
            assert_eq!(read.zoom, good.zoom, "{bad}");
            assert_eq!(problems.len(), 1, "{bad}: {problems:?}");
            assert!(problems[0].starts_with("`zoom`"), "{problems:?}");
        }
        let (read, problems) = salvage_settings(&text.replace("speed:12.0", "speed:-3.0"));
        assert_eq!(read.speed, good.speed);
        assert!(problems[0].starts_with("`speed`"), "{problems:?}");
    }

    #[test]
    fn panel_widths_are_kept_and_a_nonsense_one_is_dropped_named() {
        let mut good = Settings::default();
        good.panel_widths.insert("solver".into(), 420.0);
        good.panel_widths.insert("study".into(), 310.5);
        let text = ron::to_string(&good).unwrap();
        assert_eq!(salvage_settings(&text), (good.clone(), Vec::new()));
        for bad in ["NaN", "-5.0", "1e9"] {
            let (read, problems) = salvage_settings(&text.replace("420.0", bad));
            assert_eq!(read.panel_widths.len(), 1, "{bad}");
            assert_eq!(read.panel_widths["study"], 310.5);
            assert_eq!(problems.len(), 1, "{bad}: {problems:?}");
            assert!(
                problems[0].starts_with("`panel_widths`") && problems[0].contains("solver panel"),
                "{problems:?}"
            );
        }
        // Settings written before the field existed read with none.
        let old = text.replace(r#",panel_widths:{"solver":420.0,"study":310.5}"#, "");
        assert_ne!(old, text);
        assert_eq!(salvage_settings(&old), (Settings::default(), Vec::new()));
    }

    #[test]
    fn eframes_zoom_and_window_size_that_make_no_sense_are_mended_before_it_reads_them() {
        let _one_at_a_time = MOVED_ASIDE_TESTS.lock();
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("app.ron");
        let mut map = std::collections::BTreeMap::new();
        map.insert(
            "egui".to_string(),
            "(options:(zoom_factor:NaN,x:1))".to_string(),
        );
        map.insert(
            "window".to_string(),
            "(normal_geometry:(scale_factor:1.0,inner_size_points:(x:NaN,y:680.0)))".to_string(),
        );
        map.insert(STORAGE_KEY.to_string(), "(zoom:1.0)".to_string());
        std::fs::write(&file, ron::to_string(&map).unwrap()).unwrap();
        repair_window_state(&file);
        let read: std::collections::BTreeMap<String, String> =
            ron::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
        assert_eq!(read["egui"], "(options:(zoom_factor:1.0,x:1))");
        assert!(!read.contains_key("window"));
        assert_eq!(read[STORAGE_KEY], "(zoom:1.0)", "the rest is kept");
        assert!(dir.path().join("app.ron.damaged").exists());
        let said = moved_aside_at_start().expect("a message");
        assert!(said.contains("the interface zoom (NaN) and the window's size and place made no sense and are back"), "{said}");
        // A window too small to show its menu bar is dropped too.
        std::fs::remove_file(dir.path().join("app.ron.damaged")).unwrap();
        let mut map = read.clone();
        map.insert(
            "window".to_string(),
            "(normal_geometry:(scale_factor:1.0,inner_size_points:(x:0.0,y:0.0)))".to_string(),
        );
        std::fs::write(&file, ron::to_string(&map).unwrap()).unwrap();
        repair_window_state(&file);
        let read: std::collections::BTreeMap<String, String> =
            ron::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
        assert!(!read.contains_key("window"));
        let said = moved_aside_at_start().expect("a message");
        assert!(
            said.contains("the window's size and place made no sense"),
            "{said}"
        );
        // A sane file is left as it is.
        std::fs::remove_file(dir.path().join("app.ron.damaged")).unwrap();
        let mut map = read.clone();
        map.insert(
            "window".to_string(),
            "(normal_geometry:(scale_factor:1.0,inner_size_points:(x:1024.0,y:680.0)))".to_string(),
        );
        std::fs::write(&file, ron::to_string(&map).unwrap()).unwrap();
        repair_window_state(&file);
        assert!(!dir.path().join("app.ron.damaged").exists());
        assert_eq!(moved_aside_at_start(), None);
    }

    #[test]
    fn an_unreadable_egui_record_is_said_and_dropped_before_eframe_drops_it_silently() {
        let _one_at_a_time = MOVED_ASIDE_TESTS.lock();
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("app.ron");
        let mut map = std::collections::BTreeMap::new();
        // egui's own record, as eframe writes it, reads.
        let memory = ron::to_string(&egui::Memory::default()).unwrap();
        map.insert("egui".to_string(), memory);
        map.insert(STORAGE_KEY.to_string(), "(zoom:1.0)".to_string());
        std::fs::write(&file, ron::to_string(&map).unwrap()).unwrap();
        repair_window_state(&file);
        assert!(!dir.path().join("app.ron.damaged").exists());
        assert_eq!(moved_aside_at_start(), None);
        // Cut short by hand: eframe would start without it, unsaid.
        map.insert("egui".to_string(), "(options:(zoom_factor:1.5".to_string());
        std::fs::write(&file, ron::to_string(&map).unwrap()).unwrap();
        repair_window_state(&file);
        let read: std::collections::BTreeMap<String, String> =
            ron::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
        assert!(!read.contains_key("egui"));
        assert_eq!(read[STORAGE_KEY], "(zoom:1.0)", "the rest is kept");
        assert!(dir.path().join("app.ron.damaged").exists());
        let said = moved_aside_at_start().expect("a message");
        assert!(
            said.contains("egui's record of the interface zoom and layout cannot be read (")
                && said.contains("is back to the default"),
            "{said}"
        );
    }

    /// The tests that read the message left in [`MOVED_ASIDE`] (one
    /// for the process) take turns.
    static MOVED_ASIDE_TESTS: std::sync::Mutex<()> = std::sync::Mutex::new(());

    /// eframe's storage as the window gets it at start.
    struct Stored(Option<String>);
    impl eframe::Storage for Stored {
        fn get_string(&self, key: &str) -> Option<String> {
            (key == STORAGE_KEY).then(|| self.0.clone()).flatten()
        }
        fn set_string(&mut self, _: &str, _: String) {}
        fn remove_string(&mut self, _: &str) {}
        fn flush(&mut self) {}
    }

    #[test]
    fn loading_names_the_file_and_every_field_not_read() {
        let _one_at_a_time = MOVED_ASIDE_TESTS.lock();
        let good = Settings {
            theme: ThemeChoice::Dark,
            speed: 30.0,
            ..Settings::default()
        };
        let text = ron::to_string(&good).unwrap();
        let id = "maasai-mancala-settings-test";
        assert_eq!(load(Some(&Stored(Some(text.clone()))), id), (good, None));
        let broken = text
            .replace("speed:30.0", "speed:fast")
            .replace("zoom:1.0", "zoom:[]");
        let (read, problem) = load(Some(&Stored(Some(broken))), id);
        assert_eq!(read.theme, ThemeChoice::Dark, "kept");
        assert_eq!(read.speed, Settings::default().speed);
        let problem = problem.expect("said");
        assert!(problem.contains("app.ron"), "{problem}");
        assert!(
            problem.contains("`speed`") && problem.contains("`zoom`"),
            "{problem}"
        );
    }

    #[test]
    fn last_options_that_start_no_game_go_back_to_the_default_named() {
        // A hand edit of 99 holes or 0 seeds: the first board fell back
        // to 2×50 without a word, and New game opened ringed red.
        for (options, said) in [
            (GameOptions::en_gehe(99), "99"),
            (
                GameOptions {
                    seeds: 0,
                    ..GameOptions::en_gehe(8)
                },
                "seeds",
            ),
        ] {
            let text = ron::to_string(&Settings {
                last_options: options,
                zoom: 1.5,
                ..Settings::default()
            })
            .unwrap();
            let (read, problems) = salvage_settings(&text);
            assert_eq!(read.last_options, GameOptions::default());
            assert_eq!(problems.len(), 1, "{problems:?}");
            assert!(problems[0].starts_with("`last_options`: "), "{problems:?}");
            assert!(problems[0].contains(said), "{problems:?}");
            assert!(
                problems[0].ends_with("; back to En Gehé 2×50, 4 seeds a hole"),
                "{problems:?}"
            );
            // The rest is kept.
            assert_eq!(read.zoom, 1.5);
        }
        // Good ones are kept.
        let options = GameOptions::en_gehe(3);
        let text = ron::to_string(&Settings {
            last_options: options,
            ..Settings::default()
        })
        .unwrap();
        let (read, problems) = salvage_settings(&text);
        assert_eq!(read.last_options, options);
        assert!(problems.is_empty(), "{problems:?}");
    }

    #[test]
    fn team_names_the_new_game_dialog_refuses_go_back_to_the_defaults_named() {
        let with = |names: [&str; 2]| {
            let text = ron::to_string(&Settings {
                names: names.map(String::from),
                ..Settings::default()
            })
            .unwrap();
            salvage_settings(&text)
        };
        // Good names are kept (trimmed, as the dialog keeps them).
        let (read, problems) = with(["Ilkisongo ", "Ilpurko"]);
        assert_eq!(read.names, ["Ilkisongo", "Ilpurko"]);
        assert!(problems.is_empty(), "{problems:?}");
        for (names, kept, said) in [
            // Both "North": the board said "North (South)" and a save wrote
            // a file that `check` and the window refuse.
            (
                ["North", "North"],
                ["South", "North"],
                "`names` (South's team): both teams are called \"North\"",
            ),
            (
                ["Ilkisongo", "ilkisongo"],
                ["Ilkisongo", "North"],
                "both teams",
            ),
            (
                ["North", "Ilpurko"],
                ["South", "Ilpurko"],
                "other side's name",
            ),
            (["", "Ilpurko"], ["South", "Ilpurko"], "a team needs a name"),
            (
                ["\u{200B}", "Ilpurko"],
                ["South", "Ilpurko"],
                "a team needs a name",
            ),
            (
                ["Il\nkisongo", "Ilpurko"],
                ["South", "Ilpurko"],
                "line break",
            ),
            (
                ["Ilkisongo", "a name far too long for the board"],
                ["Ilkisongo", "North"],
                "at most 24",
            ),
        ] {
            let (read, problems) = with(names);
            assert_eq!(read.names, kept, "{names:?}: {problems:?}");
            assert_eq!(problems.len(), 1, "{names:?}: {problems:?}");
            assert!(
                problems.iter().all(|p| p.starts_with("`names`")),
                "{problems:?}"
            );
            assert!(
                problems.iter().any(|p| p.contains(said)),
                "{names:?}: {problems:?}"
            );
            // What is kept is what a saved game may hold.
            assert_eq!(
                crate::files::team_names_clash(&read.names[0], &read.names[1]),
                None
            );
        }
    }

    #[test]
    fn unreadable_settings_are_the_defaults_with_a_reason() {
        for text in ["", "garbage", "(theme:Dark", "((("] {
            let (read, problems) = salvage_settings(text);
            assert_eq!(read, Settings::default());
            assert_eq!(problems.len(), 1, "{text:?}: {problems:?}");
        }
    }
}
