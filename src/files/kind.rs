//! Telling the program's files apart by content, for `check` and for
//! opening whatever file the user names or drops on the window.
//!
//! Every file this program writes starts with its record's name
//! (`SavedGame(`, `PresetFile(`, `Autosave(`); hand-written files without a
//! name are recognised by their fields. A new kind of file (a study) is one
//! more [`FileKind`] variant, one arm in [`FileKind::from_record_name`], one
//! in [`kind_by_fields`] and one in [`check_text`].

use super::game::read_text;
use super::{FileError, GameFile, Preset, parse_presets};
use crate::engine::{Status, Variant};
use serde::Deserialize;
use std::path::Path;

/// The kinds of file the program reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FileKind {
    Game,
    Presets,
    Autosave,
    /// An endgame study (`Study(…)`, format in `crate::study`).
    Study,
}

impl FileKind {
    /// The kind a record name at the top of a file announces.
    pub fn from_record_name(name: &str) -> Option<FileKind> {
        match name {
            "SavedGame" => Some(FileKind::Game),
            "PresetFile" => Some(FileKind::Presets),
            "Autosave" => Some(FileKind::Autosave),
            "Study" => Some(FileKind::Study),
            _ => None,
        }
    }

    pub fn describe(self) -> &'static str {
        match self {
            FileKind::Game => "saved game",
            FileKind::Presets => "presets file",
            FileKind::Autosave => "autosave",
            FileKind::Study => "study",
        }
    }
}

/// What `check` reports about a valid file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FileSummary {
    pub kind: FileKind,
    /// One line for people, e.g. `saved game: en-gehe 2×8, 12 moves, …`.
    pub line: String,
}

/// The kind of a file's text, or an error that says why it is not one of ours.
pub fn detect_kind(text: &str, path: &Path) -> Result<FileKind, FileError> {
    if text.trim_start_matches('\u{feff}').trim().is_empty() {
        return Err(FileError::new(path, "the file is empty".to_string()));
    }
    if let Some(name) = record_name(text) {
        if name == "RecentFiles" {
            // The program's own, but nothing to open or check.
            return Err(FileError::new(
                path,
                "this is the program's recent-files list (the Recent files menu), which it \
                 keeps by itself; it is not a saved game, presets file, autosave or study",
            ));
        }
        return FileKind::from_record_name(name).ok_or_else(|| {
            FileError::new(
                path,
                format!(
                    "`{name}(…)` is not a kind of file this program reads \
                     (a saved game is `SavedGame(…)`, presets are `PresetFile(…)`, \
                     an autosave is `Autosave(…)`, a study is `Study(…)`)"
                ),
            )
        });
    }
    // Without its record's name a file is told by its fields, as
    // [`misnamed`] tells it: a study or an autosave written without
    // `Study(` or `Autosave(` is one (RON reads it), and its own reading
    // then says what is wrong in it, if anything.
    if let Some((kind, _)) = kind_by_fields(text) {
        return Ok(kind);
    }
    let first = text.trim_start_matches('\u{feff}').trim_start();
    if !first.starts_with(|c: char| c == '(' || c.is_ascii_alphabetic()) {
        // Prose, Markdown, JSON: RON's own complaint about its first
        // character would say nothing useful.
        return Err(FileError::new(
            path,
            "not a saved game, study, presets file or autosave of this program: \
             those are RON text that begins with a name and `(`, such as `SavedGame(`",
        ));
    }
    // Read as RON only for the words of the refusal: a file that is no
    // RON is told so where RON stops.
    ron::from_str::<RecordProbe>(text).map_err(|e| {
        let mut err = FileError::ron(path, text, &e);
        const NONE_OF_OURS: &str =
            "not a saved game, study, presets file or autosave of this program";
        err.problem = match &e.code {
            // A word, not a record's name: said once, not as "not a saved
            // game (this is not a saved game: …)".
            ron::Error::ExpectedDifferentStructName { found, .. } => format!(
                "{NONE_OF_OURS}: those begin with a name and `(`, such as `SavedGame(`, \
                 and this begins with `{}`",
                super::error::escaped(found)
            ),
            _ => format!("{NONE_OF_OURS} ({})", err.problem),
        };
        err
    })?;
    Err(FileError::new(
        path,
        "not a maasai-mancala file: it has none of the fields that tell one without its \
         record's name (a saved game's `start` and `moves`, a study's `position` and \
         `solution`, an autosave's `unsaved` and `game`, `presets`)",
    ))
}

/// What is at `path` already, for "Replace it?": the kind of file when it
/// is one of the program's own (judged by its text, without replaying a
/// game, so a damaged or huge file cannot stall the question), its size
/// and when it last changed, e.g. `a saved game, 3.2 kB, last changed
/// 2026-12-05 09:14 UTC`. Whatever cannot be read is left out.
pub fn describe_existing(path: &Path) -> String {
    let meta = std::fs::metadata(path).ok();
    let mut parts = Vec::new();
    if meta.as_ref().is_some_and(|m| m.is_file())
        && let Ok(text) = read_text(path)
        && let Ok(kind) = detect_kind(&text, path)
    {
        parts.push(format!("a {}", kind.describe()));
    }
    if let Some(meta) = &meta {
        if meta.is_dir() {
            parts.push("a folder".to_string());
        } else {
            parts.push(file_size(meta.len()));
        }
        if let Ok(changed) = meta.modified() {
            parts.push(format!("last changed {}", changed_words(changed)));
        }
    }
    parts.join(", ")
}

/// A file's time to the minute: `2026-12-05T09:14:07Z` → `2026-12-05
/// 09:14 UTC`. Split at the `T`, not at fixed places: a year past 9999
/// has five digits.
fn changed_words(time: std::time::SystemTime) -> String {
    let stamp = super::iso8601_utc(time);
    match stamp.split_once('T') {
        Some((day, clock)) => format!("{day} {} UTC", clock.get(..5).unwrap_or(clock)),
        None => stamp,
    }
}

/// A file's size for people: `812 bytes`, `3.2 kB`, `1.4 MB`.
fn file_size(bytes: u64) -> String {
    match bytes {
        1 => "1 byte".to_string(),
        0..1000 => format!("{bytes} bytes"),
        1000..999_950 => format!("{:.1} kB", bytes as f64 / 1e3),
        _ => format!("{:.1} MB", bytes as f64 / 1e6),
    }
}

/// Validates a file of any kind, as `maasai-mancala check` does.
pub fn check_file(path: &Path) -> Result<FileSummary, FileError> {
    check_text(&read_text(path)?, path)
}

/// Validates a file's text of any kind; `path` only names it in errors.
pub fn check_text(text: &str, path: &Path) -> Result<FileSummary, FileError> {
    let kind = detect_kind(text, path)?;
    let line = match kind {
        FileKind::Game => describe_game(&GameFile::parse(text, path)?),
        FileKind::Presets => describe_presets(&parse_presets(text, path)?),
        FileKind::Autosave => describe_game(&super::autosave::parse_autosave(text, path)?.game),
        FileKind::Study => describe_study(text, path)?,
    };
    Ok(FileSummary {
        kind,
        line: format!("{}: {line}", kind.describe()),
    })
}

/// A one-line description of a game, for `check` and the app's title bar.
pub fn describe_game(file: &GameFile) -> String {
    let board = match file.game.variant() {
        Variant::EnGehe { holes } => format!("en-gehe 2×{holes}"),
        Variant::BaoLaKimasai => "bao-la-kimasai".to_string(),
    };
    let moves = file.game.moves().len();
    let state = match file.game.status() {
        Status::Ongoing => format!("{} to move", file.game.current().turn().title()),
        // A clause of the line, so without the sentence's full stop.
        Status::Over(result) => result.describe().trim_end_matches('.').to_string(),
    };
    // A team called by its side's own name adds nothing ("South (south)").
    fn named<'a>(name: &'a str, side: &str) -> &'a str {
        let name = name.trim();
        if name.eq_ignore_ascii_case(side) {
            ""
        } else {
            name
        }
    }
    let teams = match (
        named(&file.south_team, "south"),
        named(&file.north_team, "north"),
    ) {
        ("", "") => String::new(),
        (s, "") => format!(", {s} (south)"),
        ("", n) => format!(", {n} (north)"),
        (s, n) => format!(", {s} (south) v {n} (north)"),
    };
    let undone = file.undone_words();
    // The state is the game's end: with the cursor earlier, "cursor at 0;
    // North to move" read as the side to move at the cursor.
    let at_end = if file.cursor < moves {
        "after the last move: "
    } else {
        ""
    };
    format!(
        "{board}{teams}, {moves} move{}{undone}, cursor at {}; {at_end}{state}",
        if moves == 1 { "" } else { "s" },
        file.cursor
    )
}

/// Validates a study (its position and every line replayed through the
/// engine) and describes it in one line.
fn describe_study(text: &str, path: &Path) -> Result<String, FileError> {
    let study = crate::study::Study::parse(text, &crate::files::shown_path(path)).map_err(|e| {
        FileError {
            path: path.to_path_buf(),
            place: (e.line > 0).then_some((e.line, e.column)),
            problem: e.problem,
        }
    })?;
    let count = |n: usize, word: &str| format!("{n} {word}{}", if n == 1 { "" } else { "s" });
    // One line whatever the file holds: line breaks and other control
    // characters in the words are shown escaped.
    let one_line = |t: &str| -> String {
        t.chars()
            .flat_map(|c| {
                if c.is_control() {
                    c.escape_default().collect::<Vec<_>>()
                } else {
                    vec![c]
                }
            })
            .collect()
    };
    Ok(format!(
        "\"{}\": {}; solution of {}, {}",
        one_line(&study.file.title),
        one_line(&study.file.goal.text),
        count(study.solution.len(), "move"),
        count(study.alternatives.len(), "alternative line")
    ))
}

fn describe_presets(presets: &[Preset]) -> String {
    let names: Vec<&str> = presets.iter().map(|p| p.name.as_str()).collect();
    match presets.len() {
        0 => "no presets".to_string(),
        1 => format!("1 preset: {}", names.join(", ")),
        n => format!("{n} presets: {}", names.join(", ")),
    }
}

/// The kind of file `text`'s fields say it is (whatever its record is
/// named), with the fields that say so: a study has `position` and
/// `solution`, an autosave `unsaved`, a saved game `start` and `moves`,
/// presets `presets`. Looked for as RON (not in strings or comments).
pub(crate) fn kind_by_fields(text: &str) -> Option<(FileKind, &'static str)> {
    let has = |field: &str| super::game::nth_field_place(text, field, 0).is_some();
    if has("position") && has("solution") {
        Some((FileKind::Study, "`position` and `solution`"))
    } else if has("unsaved") && has("game") {
        Some((FileKind::Autosave, "`unsaved` and `game`"))
    } else if game_holds_record(text) {
        // Before `start` and `moves`, which are its game's: an autosave
        // without its `unsaved` was called a saved game renamed.
        Some((FileKind::Autosave, "a `game` that holds a saved game"))
    } else if has("start") && has("moves") {
        Some((FileKind::Game, "`start` and `moves`"))
    } else if has("presets") {
        Some((FileKind::Presets, "`presets`"))
    } else {
        None
    }
}

/// Whether the first `game:` of `text` holds a record (`game:
/// SavedGame(…)`, an autosave's), not a game's name in quotes (a saved
/// game's `game: "en-gehe"`).
fn game_holds_record(text: &str) -> bool {
    let Some(&at) = super::error::code_places(text, "game", Some(0)).first() else {
        return false;
    };
    let value = super::error::skip_blanks(&text[at + "game".len()..]);
    let value = super::error::skip_blanks(value.strip_prefix(':').unwrap_or(value));
    let name_len = value
        .find(|c: char| !(c.is_alphanumeric() || c == '_'))
        .unwrap_or(value.len());
    super::error::skip_blanks(&value[name_len..]).starts_with('(')
}

/// The record a kind of file begins with (`SavedGame` for `SavedGame(`).
pub(crate) fn record_of(kind: FileKind) -> &'static str {
    match kind {
        FileKind::Game => "SavedGame",
        FileKind::Presets => "PresetFile",
        FileKind::Autosave => "Autosave",
        FileKind::Study => "Study",
    }
}

/// How the user opens (or where the program reads) a file of `kind`, for
/// a message about such a file read as another kind.
pub(crate) fn how_to_open(kind: FileKind) -> &'static str {
    match kind {
        FileKind::Game => "open it with Open… in the Game menu",
        FileKind::Study => "open it with Open a study file… in the Studies menu",
        FileKind::Autosave => "Open… in the Game menu opens its game",
        FileKind::Presets => {
            "the program reads presets from `presets.ron` in its config folder, \
             for the New game dialog"
        }
    }
}

/// A file of kind `kind` where one of kind `read_as` was wanted, said once
/// and plainly, with how to open it: "this is a saved game, not a study:
/// open it with Open… in the Game menu".
pub(crate) fn other_kind(kind: FileKind, read_as: FileKind) -> String {
    format!(
        "this is {}, not {}: {}",
        article(kind),
        article(read_as),
        how_to_open(kind)
    )
}

/// When `text`, read as a `read_as` file and found wanting, is of another
/// kind: what to say instead of the failure to read it as a `read_as`
/// one. By its record's name (a saved game in the studies folder: "this
/// is a saved game, not a study: open it with …"), or by its fields when
/// its name is not another kind's (a saved game renamed `Autosave(`:
/// "this looks like a saved game (it has `start` and `moves`), but it
/// begins with `Autosave(`, as an autosave does: a saved game begins with
/// `SavedGame(`").
pub(crate) fn misnamed(text: &str, read_as: FileKind) -> Option<String> {
    let name = record_name(text);
    let named = name.and_then(FileKind::from_record_name);
    let by_fields = kind_by_fields(text);
    // Named as another kind, and nothing in it says otherwise: that kind
    // (broken or not, it is no `read_as` file).
    if let Some(named) = named
        && named != read_as
        && by_fields.is_none_or(|(kind, _)| kind == named)
    {
        return Some(other_kind(named, read_as));
    }
    let (kind, fields) = by_fields?;
    if Some(kind) == named {
        return None;
    }
    let looks = format!("this looks like {} (it has {fields})", article(kind));
    let should = format!("{} begins with `{}(`", article(kind), record_of(kind));
    Some(match (name, named) {
        // Renamed: named as one kind, with another's fields.
        (Some(name), Some(named)) if named == read_as || kind == read_as => {
            format!(
                "{looks}, but it begins with `{name}(`, as {} does: {should}",
                article(named)
            )
        }
        // Named as one other kind, with the fields of a third.
        (Some(name), Some(named)) => format!(
            "this is not {}: it begins with `{name}(`, as {} does, but has the fields of {} \
             ({fields}); {should}",
            article(read_as),
            article(named),
            article(kind),
        ),
        (Some(name), None) if kind != read_as => format!(
            "{looks}, not {}, but it begins with `{name}(`: {should}",
            article(read_as)
        ),
        (None, _) if kind != read_as => format!("{looks}, not {}: {should}", article(read_as)),
        _ => return None,
    })
}

/// `failure` to read `text` (at `path`) as a `read_as` file, or, where the
/// text has the fields of another kind, that it looks like that one (see
/// [`misnamed`]).
pub(crate) fn failure_or_misnamed(
    text: &str,
    path: &Path,
    read_as: FileKind,
    failure: FileError,
) -> FileError {
    match misnamed(text, read_as) {
        Some(problem) => FileError::new(path, problem),
        None => failure,
    }
}

/// "a saved game", "an autosave", …
fn article(kind: FileKind) -> String {
    let what = kind.describe();
    let an = what.starts_with(['a', 'e', 'i', 'o', 'u']);
    format!("{} {what}", if an { "an" } else { "a" })
}

/// The record name a file starts with, after blanks, comments and RON
/// `#![enable(…)]` attributes, if it is followed by `(`.
pub(crate) fn record_name(text: &str) -> Option<&str> {
    let mut rest = text.trim_start_matches('\u{feff}');
    loop {
        rest = rest.trim_start();
        if let Some(r) = rest.strip_prefix("//") {
            rest = r.split_once('\n').map_or("", |(_, after)| after);
        } else if rest.starts_with("/*") {
            // Block comments nest in RON.
            rest = super::error::block_comment_end(rest).map_or("", |end| &rest[end..]);
        } else if let Some(r) = rest.strip_prefix("#!") {
            rest = r.split_once(']').map_or("", |(_, after)| after);
        } else {
            break;
        }
    }
    let end = rest
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .unwrap_or(rest.len());
    let (name, after) = rest.split_at(end);
    let starts_ok = name.chars().next().is_some_and(|c| c.is_ascii_alphabetic());
    (starts_ok && after.trim_start().starts_with('(')).then_some(name)
}

/// Any record, its fields ignored: what RON makes of a file none of whose
/// fields tell its kind. (Named like the record most files are, since
/// RON's messages quote the name.)
#[derive(Deserialize)]
#[serde(rename = "SavedGame")]
struct RecordProbe {}

#[cfg(test)]
mod tests {
    use super::{changed_words, describe_game, record_name};

    #[test]
    fn a_file_s_time_reads_to_the_minute_in_any_year() {
        use std::time::{Duration, UNIX_EPOCH};
        let at = |secs: u64| changed_words(UNIX_EPOCH + Duration::from_secs(secs));
        assert_eq!(at(1_796_549_557), "2026-12-06 09:32 UTC");
        // 10000-01-01T00:00:00Z read "10000-01-0 T00:0 UTC" before.
        assert_eq!(at(253_402_300_800), "10000-01-01 00:00 UTC");
    }
    use crate::engine::{Game, notation};
    use crate::files::GameFile;

    #[test]
    fn a_finished_game_is_described_in_one_clause() {
        // South's last seed ends it; the result's sentence loses its full
        // stop inside the line ("…; a draw…, with unsaved changes").
        let start =
            notation::parse_position("en-gehe south=1,0,0 north=0,0,0 captured=5,6 turn=south")
                .unwrap();
        let mut game = Game::new(start);
        game.play(crate::engine::Move(0)).unwrap();
        let line = describe_game(&GameFile::from_game(game));
        assert!(line.starts_with("en-gehe 2×3"), "{line}");
        assert!(line.contains("1 move, cursor at 1; "), "{line}");
        assert!(!line.ends_with('.'), "{line}");
    }

    #[test]
    fn the_side_to_move_is_said_of_the_game_s_end_not_the_cursor() {
        // "1 move, cursor at 0; North to move" read as North to move at
        // the cursor, where South is.
        let start =
            notation::parse_position("en-gehe south=1,0,0,1 north=1,0,0,0 captured=0,0 turn=south")
                .unwrap();
        let mut game = Game::new(start);
        game.play(crate::engine::Move(0)).unwrap();
        let mut file = GameFile::from_game(game);
        let line = describe_game(&file);
        assert!(
            line.ends_with("1 move, cursor at 1; North to move"),
            "{line}"
        );
        file.cursor = 0;
        let line = describe_game(&file);
        assert!(
            line.ends_with("1 move, cursor at 0; after the last move: North to move"),
            "{line}"
        );
    }

    #[test]
    fn summaries_count_in_words_and_leave_out_what_is_not_there() {
        // A capture that empties the board: no "takes the 0 seeds".
        let start =
            notation::parse_position("en-gehe south=1,0,0 north=0,5,0 captured=0,0 turn=south")
                .unwrap();
        let mut game = Game::new(start);
        game.play(crate::engine::Move(0)).unwrap();
        let mut file = GameFile::from_game(game);
        let line = describe_game(&file);
        assert!(!line.contains("0 seeds left"), "{line}");
        assert!(!line.contains("takes the"), "{line}");
        // One team name only: no empty name and no double blank.
        file.south_team = "Ilkisongo".into();
        let line = describe_game(&file);
        assert!(line.contains(", Ilkisongo (south), "), "{line}");
        assert!(!line.contains("  ") && !line.contains(" v "), "{line}");
        file.south_team.clear();
        file.north_team = "Ilpurko".into();
        let line = describe_game(&file);
        assert!(line.contains(", Ilpurko (north), "), "{line}");
        file.south_team = "Ilkisongo".into();
        let line = describe_game(&file);
        assert!(
            line.contains(", Ilkisongo (south) v Ilpurko (north), "),
            "{line}"
        );
        // Teams called by their sides' names are not named twice.
        file.south_team = "South".into();
        file.north_team = "North".into();
        let line = describe_game(&file);
        assert!(!line.contains("(south)"), "{line}");
        // A study of one move and one alternative line.
        let relay = std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/assets/studies/01-relay.ron"
        ))
        .unwrap();
        let line = super::describe_study(&relay, std::path::Path::new("r.ron")).unwrap();
        assert!(
            line.ends_with("solution of 3 moves, 1 alternative line"),
            "{line}"
        );
        let raid = std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/assets/studies/06-raid-chain.ron"
        ))
        .unwrap();
        let line = super::describe_study(&raid, std::path::Path::new("r.ron")).unwrap();
        assert!(line.contains("solution of 1 move,"), "{line}");
    }

    #[test]
    fn an_existing_file_is_described_by_kind_size_and_change() {
        let dir = tempfile::tempdir().unwrap();
        let game = dir.path().join("game.ron");
        let file = GameFile::new(crate::engine::GameOptions::default()).unwrap();
        crate::files::save_game(&game, &file).unwrap();
        let line = super::describe_existing(&game);
        let size = std::fs::metadata(&game).unwrap().len();
        assert!(line.starts_with("a saved game, "), "{line}");
        assert!(line.contains(&super::file_size(size)), "{line}");
        // The minute it was written, in UTC.
        let stamp = crate::files::now_iso8601();
        assert!(
            line.contains(&format!("last changed {} ", &stamp[..10])),
            "{line}"
        );
        assert!(line.ends_with(" UTC"), "{line}");
        // Not one of the program's files: only its size and date.
        let other = dir.path().join("figure.svg");
        std::fs::write(&other, "<svg/>").unwrap();
        let line = super::describe_existing(&other);
        assert!(line.starts_with("6 bytes, last changed "), "{line}");
        assert!(super::describe_existing(dir.path()).starts_with("a folder, last changed"));
        assert_eq!(super::describe_existing(&dir.path().join("none")), "");
        assert_eq!(super::file_size(1), "1 byte");
        assert_eq!(super::file_size(999), "999 bytes");
        assert_eq!(super::file_size(3_240), "3.2 kB");
        assert_eq!(super::file_size(999_960), "1.0 MB");
    }

    #[test]
    fn record_names_after_comments_and_attributes() {
        assert_eq!(record_name("SavedGame(version: 1)"), Some("SavedGame"));
        assert_eq!(
            record_name("// a note\n/* more */ #![enable(implicit_some)]\n PresetFile ("),
            Some("PresetFile")
        );
        // Block comments nest, as RON reads them.
        assert_eq!(
            record_name("/* a /* nested */ note */ Study(title: \"x\")"),
            Some("Study")
        );
        assert_eq!(record_name("/* a /* nested */ Study("), None);
        assert_eq!(record_name("(version: 1)"), None);
        assert_eq!(record_name("{\"json\": 1}"), None);
        assert_eq!(record_name("true"), None);
    }
}
