//! What a damaged or misnamed file is told: duplicate comments, a file of
//! another kind, a field of the wrong shape, a truncated study, an
//! autosave without its own version.

use maasai_mancala::engine::GameOptions;
use maasai_mancala::files::{self, FileKind, GameFile};
use std::path::Path;

/// A 2×6 game of two moves with a comment on each, as the program writes it.
fn game_text() -> String {
    let mut file = GameFile::new(GameOptions::en_gehe(6)).unwrap();
    for _ in 0..2 {
        let mv = file.game.current().legal_moves()[0];
        file.play_at_cursor(mv).unwrap();
    }
    file.set_comment(1, "first");
    file.set_comment(2, "second");
    file.date = "2026-11-29T20:00:00Z".into();
    file.to_ron().unwrap()
}

fn game_problem(text: &str) -> (Option<(usize, usize)>, String) {
    let err = GameFile::parse(text, Path::new("g.ron")).unwrap_err();
    (err.place, err.problem)
}

/// The 1-based line of the first line holding `needle`.
fn line_of(text: &str, needle: &str) -> usize {
    text.lines().position(|l| l.contains(needle)).unwrap() + 1
}

/// The problem of the saved game `game` with its line `from` changed to
/// `to`, after checking that it is placed on that line.
fn problem_on_changed_line(game: &str, from: &str, to: &str) -> String {
    assert!(game.contains(from), "{from}");
    let text = game.replace(from, to);
    let (place, problem) = game_problem(&text);
    assert_eq!(
        place.map(|p| p.0),
        Some(line_of(&text, to.trim())),
        "{problem}"
    );
    problem
}

#[test]
fn a_comment_given_twice_for_one_move_is_refused_at_its_place() {
    let text = game_text().replace("2: \"second\"", "1: \"second\"");
    assert_ne!(text, game_text());
    let (place, problem) = game_problem(&text);
    assert_eq!(
        place.map(|p| p.0),
        Some(line_of(&text, "1: \"second\"")),
        "{problem}"
    );
    assert!(
        problem.contains("the comment of move 1 is given twice"),
        "{problem}"
    );
    // In an autosave's game too.
    let data = tempfile::tempdir().unwrap();
    let good = GameFile::parse(&game_text(), Path::new("g.ron")).unwrap();
    files::write_autosave(data.path(), &good, None, true).unwrap();
    let path = files::autosave_path(data.path());
    let autosave = std::fs::read_to_string(&path).unwrap();
    std::fs::write(&path, autosave.replace("2: \"second\"", "1: \"second\"")).unwrap();
    let err = files::load_autosave(data.path()).unwrap_err();
    assert!(err.problem.contains("given twice"), "{err}");
}

fn relay() -> String {
    std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/studies/01-relay.ron"),
    )
    .unwrap()
}

#[test]
fn a_truncated_study_is_called_truncated_as_games_are() {
    let relay = relay();
    for text in [
        relay[..relay.len() / 2].to_string(),
        format!("// my study\n{}", &relay[..relay.len() / 2]),
    ] {
        let err = maasai_mancala::study::Study::parse(&text, "s.ron").unwrap_err();
        assert!(err.problem.contains("is it truncated?"), "{err}");
        assert!(err.line > 0, "{err}");
    }
}

#[test]
fn a_file_renamed_as_another_kind_is_said_to_look_like_what_it_is() {
    // A saved game renamed `Autosave(`: RON's "Expected opening `(` for
    // struct `SavedGame`" said nothing of what had happened.
    let game = game_text();
    let as_autosave = game.replacen("SavedGame(", "Autosave(", 1);
    let err = files::parse_autosave_text(&as_autosave, Path::new("a.ron")).unwrap_err();
    assert_eq!(
        err.problem,
        "this looks like a saved game (it has `start` and `moves`), but it begins with \
         `Autosave(`, as an autosave does: a saved game begins with `SavedGame(`"
    );
    // The same through `check` and the window's reader.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("renamed.ron");
    std::fs::write(&path, &as_autosave).unwrap();
    assert!(
        files::check_file(&path)
            .unwrap_err()
            .problem
            .contains("looks like a saved game")
    );
    assert!(
        files::load_game(&path)
            .unwrap_err()
            .problem
            .contains("looks like a saved game")
    );
    // A study renamed `SavedGame(` ("no `game` field" before).
    let as_game = relay().replacen("Study(", "SavedGame(", 1);
    let (_, problem) = game_problem(&as_game);
    assert!(
        problem.starts_with("this looks like a study (it has `position` and `solution`), but it begins with `SavedGame(`"),
        "{problem}"
    );
    // A saved game renamed `Study(`.
    let as_study = game.replacen("SavedGame(", "Study(", 1);
    let err = maasai_mancala::study::Study::parse(&as_study, "s.ron").unwrap_err();
    assert!(
        err.problem.starts_with("this looks like a saved game"),
        "{err}"
    );
    // A file of the kind its name says keeps its own message.
    let broken = game.replace("cursor: 2", "cursor: true");
    let (_, problem) = game_problem(&broken);
    assert!(!problem.contains("looks like"), "{problem}");
}

/// A proper file of each kind the readers below take, as the program
/// writes it (the autosave of [`game_text`]'s game, the shipped presets).
fn file_of(kind: FileKind) -> String {
    match kind {
        FileKind::Game => game_text(),
        FileKind::Study => relay(),
        FileKind::Presets => files::SHIPPED_PRESETS.to_string(),
        FileKind::Autosave => {
            let data = tempfile::tempdir().unwrap();
            let good = GameFile::parse(&game_text(), Path::new("g.ron")).unwrap();
            files::write_autosave(data.path(), &good, None, true).unwrap();
            std::fs::read_to_string(files::autosave_path(data.path())).unwrap()
        }
    }
}

/// The problem of reading `text` as a file of kind `read_as`, by the
/// reader of that kind (the study library's for a study).
fn problem_read_as(text: &str, read_as: FileKind) -> String {
    let path = Path::new("f.ron");
    match read_as {
        FileKind::Game => GameFile::parse(text, path).unwrap_err().problem,
        FileKind::Study => {
            maasai_mancala::study::Study::parse(text, "f.ron")
                .unwrap_err()
                .problem
        }
        FileKind::Presets => files::parse_presets(text, path).unwrap_err().problem,
        FileKind::Autosave => files::parse_autosave_text(text, path).unwrap_err().problem,
    }
}

const KINDS: [FileKind; 4] = [
    FileKind::Game,
    FileKind::Study,
    FileKind::Presets,
    FileKind::Autosave,
];

/// "a saved game", "an autosave".
fn a(kind: FileKind) -> String {
    let what = kind.describe();
    let an = what.starts_with(['a', 'e', 'i', 'o', 'u']);
    format!("{} {what}", if an { "an" } else { "a" })
}

/// Every kind of file with each other kind it may be read as.
fn kind_pairs() -> impl Iterator<Item = (FileKind, FileKind)> {
    KINDS.into_iter().flat_map(|actual| {
        KINDS
            .into_iter()
            .filter(move |&k| k != actual)
            .map(move |read_as| (actual, read_as))
    })
}

fn record(kind: FileKind) -> &'static str {
    match kind {
        FileKind::Game => "SavedGame",
        FileKind::Study => "Study",
        FileKind::Presets => "PresetFile",
        FileKind::Autosave => "Autosave",
    }
}

#[test]
fn a_file_of_one_kind_read_as_another_is_said_to_be_what_it_is_once() {
    // A saved game in the studies folder was told "this looks like a saved
    // game (it has `start` and `moves`), but it begins with `SavedGame(`,
    // as a study does: a saved game begins with `SavedGame(`".
    let how = |kind: FileKind| match kind {
        FileKind::Game => "open it with Open… in the Game menu",
        FileKind::Study => "open it with Open a study file… in the Studies menu",
        FileKind::Autosave => "Open… in the Game menu opens its game",
        FileKind::Presets => "the program reads presets from `presets.ron` in its config folder",
    };
    for (actual, read_as) in kind_pairs() {
        let text = file_of(actual);
        let problem = problem_read_as(&text, read_as);
        let want = format!("this is {}, not {}: {}", a(actual), a(read_as), how(actual));
        assert!(
            problem.starts_with(&want),
            "{actual:?} read as {read_as:?}: {problem}"
        );
        // Said once, and nothing that contradicts it.
        assert_eq!(problem.matches(&a(read_as)).count(), 1, "{problem}");
        assert_eq!(problem.matches(" not ").count(), 1, "{problem}");
        assert!(!problem.contains("looks like"), "{problem}");
        assert!(!problem.contains(" does"), "{problem}");
    }
    // Through the reader of any game file (`load_game`, `replay`): a study
    // or presets file (an autosave is read for its game).
    for actual in [FileKind::Study, FileKind::Presets] {
        let err = files::game_from_text(&file_of(actual), Path::new("f.ron")).unwrap_err();
        assert!(
            err.problem
                .starts_with(&format!("this is {}, not a saved game: ", a(actual))),
            "{err}"
        );
    }
}

#[test]
fn a_file_renamed_as_the_kind_read_says_which_kind_it_looks_like_for_every_pair() {
    let fields = |kind: FileKind| match kind {
        FileKind::Game => "`start` and `moves`",
        FileKind::Study => "`position` and `solution`",
        FileKind::Presets => "`presets`",
        FileKind::Autosave => "`unsaved` and `game`",
    };
    for (actual, read_as) in kind_pairs() {
        let text = file_of(actual);
        let renamed = text.replacen(
            &format!("{}(", record(actual)),
            &format!("{}(", record(read_as)),
            1,
        );
        assert_ne!(renamed, text);
        let problem = problem_read_as(&renamed, read_as);
        assert_eq!(
            problem,
            format!(
                "this looks like {} (it has {}), but it begins with `{}(`, as {} does: \
                 {} begins with `{}(`",
                a(actual),
                fields(actual),
                record(read_as),
                a(read_as),
                a(actual),
                record(actual)
            ),
            "{actual:?} renamed and read as {read_as:?}"
        );
    }
    // Named as a third kind: neither what was read nor what it holds.
    let problem = problem_read_as(
        &game_text().replacen("SavedGame(", "PresetFile(", 1),
        FileKind::Study,
    );
    assert_eq!(
        problem,
        "this is not a study: it begins with `PresetFile(`, as a presets file does, but has \
         the fields of a saved game (`start` and `moves`); a saved game begins with `SavedGame(`"
    );
    // Not named at all.
    let problem = problem_read_as(&game_text().replacen("SavedGame(", "(", 1), FileKind::Study);
    assert_eq!(
        problem,
        "this looks like a saved game (it has `start` and `moves`), not a study: \
         a saved game begins with `SavedGame(`"
    );
}

#[test]
fn a_whole_number_too_large_for_its_field_is_called_too_large_with_the_range() {
    use maasai_mancala::engine::{MAX_HOLES, MIN_HOLES};
    let game = game_text();
    let holes = format!("from {MIN_HOLES} to {MAX_HOLES};");
    for (from, to, said) in [
        // Too large for any whole number the program reads: RON takes it
        // for a float, and it was called "not a whole number".
        (
            "    version: 1,",
            "    version: 99999999999999999999999,",
            "`version` takes a whole number from 1 to 4294967295; 99999999999999999999999 is too large (the format version: `version: 1`)",
        ),
        (
            "    cursor: 2,",
            "    cursor: 18446744073709551616,",
            "`cursor` takes a whole number from 0 to the game's number of moves; 18446744073709551616 is too large (the moves on view, 0 for the start: `cursor: 2`)",
        ),
        // Too large for the field alone: "out of range (too large, or
        // negative …)" named neither the field nor which.
        (
            "    version: 1,",
            "    version: 4_294_967_296,",
            "`version` takes a whole number from 1 to 4294967295; 4_294_967_296 is too large",
        ),
        (
            "        seeds: 4,",
            "        seeds: 300,",
            "`seeds` takes a whole number from 1 to 12 (Bao la Kimasai: 1); 300 is too large",
        ),
        (
            "            holes: 6,",
            "            holes: 99999999999,",
            &format!("`holes` takes a whole number {holes} 99999999999 is too large"),
        ),
    ] {
        let problem = problem_on_changed_line(&game, from, to);
        assert!(problem.starts_with(said), "{to}: {problem}");
    }
    // A number that fits the field is still judged by its rules.
    let text = game.replace("            holes: 6,", "            holes: 200,");
    let (_, problem) = game_problem(&text);
    assert!(
        problem.contains("rows must have 3 to 64 holes, not 200"),
        "{problem}"
    );
}

#[test]
fn a_value_of_the_wrong_shape_says_what_its_field_takes() {
    let game = game_text();
    assert!(game.contains("    cursor: 2,"), "{game}");
    let text = game.replace("    cursor: 2,", "    cursor: 2.5,");
    let (place, problem) = game_problem(&text);
    // The place is the number's own, not where RON stopped inside it.
    assert_eq!(
        place,
        Some((line_of(&text, "cursor: 2.5"), "    cursor: ".len() + 1)),
        "{problem}"
    );
    // RON stops at the `.` and calls it a missing comma: what is wrong is
    // the number.
    assert_eq!(
        problem,
        "`cursor` takes a whole number from 0 to the game's number of moves, not 2.5 (the moves on view, 0 for the start: `cursor: 2`)"
    );
    for (from, to, said) in [
        (
            "    cursor: 2,",
            "    cursor: -1,",
            "`cursor` takes a whole number from 0 to the game's number of moves, not -1, which is negative",
        ),
        (
            "    cursor: 2,",
            "    cursor: 2e1,",
            "`cursor` takes a whole number from 0 to the game's number of moves, not 2e1",
        ),
        // Past the largest float: RON itself said "`e` is not a digit".
        (
            "    cursor: 2,",
            "    cursor: 1e400,",
            "`cursor` takes a whole number from 0 to the game's number of moves, not 1e400",
        ),
        (
            "    version: 1,",
            "    version: 1.0,",
            "`version` takes a whole number from 1 to 4294967295, not 1.0",
        ),
        (
            "        seeds: 4,",
            "        seeds: 4.5,",
            "`seeds` takes a whole number from 1 to 12 (Bao la Kimasai: 1), not 4.5",
        ),
        (
            "            holes: 6,",
            "            holes: 6.5,",
            "`holes` takes a whole number from 3 to 64, not 6.5",
        ),
    ] {
        let problem = problem_on_changed_line(&game, from, to);
        assert!(problem.starts_with(said), "{to}: {problem}");
        assert!(!problem.contains("comma"), "{to}: {problem}");
    }
    // Comments written as a list, with and without numbers.
    let list = game
        .replace("comments: {", "comments: [")
        .replace("    },\n    cursor", "    ],\n    cursor");
    assert_ne!(list, game);
    let (_, problem) = game_problem(&list);
    assert!(
        problem.contains("`comments` takes comments by move number, in braces"),
        "{problem}"
    );
    let bare = list
        .replace("1: \"first\"", "\"first\"")
        .replace("2: \"second\"", "\"second\"");
    let (_, problem) = game_problem(&bare);
    assert!(
        problem.starts_with("a map, opened with `{`, is expected here"),
        "{problem}"
    );
    assert!(problem.contains("`comments` takes"), "{problem}");
    // A comma missing between two fields is not put on either's value.
    let text = game.replace("    cursor: 2,", "    cursor: 2");
    let (_, problem) = game_problem(&text);
    assert_eq!(problem, "a comma is missing here");
}

#[test]
fn a_comment_s_move_number_of_the_wrong_kind_is_placed_at_it_with_the_numbers_it_takes() {
    let game = game_text();
    let key = |line: &str| {
        (
            line_of(&game, line),
            line.len() - line.trim_start().len() + 1,
        )
    };
    for (from, to, said) in [
        (
            "1: \"first\"",
            "1.5: \"first\"",
            "a move number in `comments` takes a whole number from 1 to the game's number of moves, undone ones included, not 1.5",
        ),
        (
            "2: \"second\"",
            "2.5: \"second\"",
            "a move number in `comments` takes a whole number from 1 to the game's number of moves, undone ones included, not 2.5",
        ),
        (
            "1: \"first\"",
            "-1: \"first\"",
            "a move number in `comments` takes a whole number from 1 to the game's number of moves, undone ones included, not -1, which is negative",
        ),
        (
            "2: \"second\"",
            "99999999999999999999: \"second\"",
            "a move number in `comments` takes a whole number from 1 to the game's number of moves, undone ones included; 99999999999999999999 is too large",
        ),
        // RON places a first key of another kind at the `{` a line above.
        (
            "1: \"first\"",
            "\"1\": \"first\"",
            "a whole number is expected here",
        ),
        (
            "2: \"second\"",
            "x: \"second\"",
            "a whole number is expected here",
        ),
    ] {
        let line = game.lines().find(|l| l.contains(from)).unwrap();
        let text = game.replace(from, to);
        let (place, problem) = game_problem(&text);
        assert_eq!(place, Some(key(line)), "{to}: {problem}");
        assert!(problem.starts_with(said), "{to}: {problem}");
        assert!(
            !problem.contains("colon") && !problem.contains("out of range"),
            "{to}: {problem}"
        );
    }
}

#[test]
fn a_saved_move_after_the_end_of_its_game_says_why_the_game_is_over() {
    let game = game_text();
    let start = game
        .lines()
        .find(|l| l.trim_start().starts_with("start:"))
        .unwrap();
    let over =
        "    start: \"en-gehe south=0,0,0,0,0,0 north=1,0,0,0,0,0 captured=5,6 turn=south\",";
    let text = game.replace(start, over);
    let (place, problem) = game_problem(&text);
    assert_eq!(
        place.map(|p| p.0),
        Some(line_of(&text, "moves:") + 1),
        "{problem}"
    );
    assert!(
        problem.ends_with(
            "illegal move: the game is already over. North wins 7–5: South has no seeds left \
             to move; North takes the 1 seed left on the board."
        ),
        "{problem}"
    );
}

#[test]
fn an_autosave_without_its_unsaved_flag_is_told_so_not_called_a_saved_game() {
    let data = tempfile::tempdir().unwrap();
    let good = GameFile::parse(&game_text(), Path::new("g.ron")).unwrap();
    files::write_autosave(data.path(), &good, None, true).unwrap();
    let path = files::autosave_path(data.path());
    let text = std::fs::read_to_string(&path).unwrap();
    let without = text.replacen("    unsaved: true,\n", "", 1);
    assert_ne!(without, text);
    // Its game's `start` and `moves` had it called a saved game renamed.
    let err = files::parse_autosave_text(&without, &path).unwrap_err();
    assert!(
        err.problem.contains("`unsaved` is missing") && !err.problem.contains("saved game ("),
        "{err}"
    );
    // Renamed as a saved game, it is said to look like an autosave.
    let renamed = without.replacen("Autosave(", "SavedGame(", 1);
    let err = GameFile::parse(&renamed, Path::new("g.ron")).unwrap_err();
    assert!(
        err.problem
            .starts_with("this looks like an autosave (it has a `game` that holds a saved game)"),
        "{err}"
    );
}

#[test]
fn an_autosave_without_its_own_version_says_so_not_its_game_s_version_line() {
    let data = tempfile::tempdir().unwrap();
    let good = GameFile::parse(&game_text(), Path::new("g.ron")).unwrap();
    files::write_autosave(data.path(), &good, None, true).unwrap();
    let path = files::autosave_path(data.path());
    let text = std::fs::read_to_string(&path).unwrap();
    let without = text.replacen("    version: 1,\n", "", 1);
    assert_eq!(without.matches("version: 1").count(), 1, "{without}");
    let err = files::parse_autosave_text(&without, &path).unwrap_err();
    assert_eq!(err.place, None, "{err}");
    assert_eq!(
        err.problem,
        "this autosave has no `version` field (expected `version: 1`)"
    );
    // Written as 0, it is placed on its own line.
    let zero = text.replacen("    version: 1,\n", "    version: 0,\n", 1);
    let err = files::parse_autosave_text(&zero, &path).unwrap_err();
    assert_eq!(
        err.place.map(|p| p.0),
        Some(line_of(&zero, "version: 0")),
        "{err}"
    );
}

#[test]
fn raw_parser_words_never_reach_the_user() {
    let game = game_text();
    // A misspelt field: which record has it, its fields, the nearest one;
    // placed on the misspelt field's line.
    let misspelt = |from: &str, to: &str, field: &str| {
        let text = game.replace(from, to);
        let (place, problem) = game_problem(&text);
        assert_eq!(place.map(|p| p.0), Some(line_of(&text, field)));
        problem
    };
    assert_eq!(
        misspelt("    moves: [", "    movez: [", "movez:"),
        "`movez` is not a field of a saved game (did you mean `moves`?); the fields are \
         `version`, `game`, `options`, `south_team`, `north_team`, `start`, `moves`, \
         `undone`, `comments`, `cursor`, `date`, `event` and `notes`"
    );
    // Inside the options too (a misspelt field there was passed over, and
    // one put in place of another was called missing), in a saved game
    // and in a presets file alike.
    assert_eq!(
        misspelt(
            "        seeds: 4,",
            "        seeds: 4,\n        seedz: 5,",
            "seedz:"
        ),
        "`seedz` is not a field of the game options (did you mean `seeds`?); the fields are \
         `variant`, `seeds`, `first` and `origin`"
    );
    let (_, problem) = game_problem(&game.replace("holes: 6,", "holes: 6, holez: 3,"));
    assert!(
        problem.starts_with("`holez` is not a field of `EnGehe` (did you mean `holes`?)"),
        "{problem}"
    );
    let presets = "PresetFile(version: 1, presets: [Preset(name: \"Eight\", options: \
        GameOptions(variant: EnGehe(holes: 8), seeds: 4, seedz: 5, first: South, origin: SowInto), note: \"\")])";
    let err = files::parse_presets(presets, Path::new("presets.ron")).unwrap_err();
    assert!(
        err.problem
            .starts_with("`seedz` is not a field of the game options"),
        "{}",
        err.problem
    );
    // Far from every field: no guess.
    let (_, problem) = game_problem(&game.replace("    event:", "    gathering:"));
    assert!(
        problem.starts_with("`gathering` is not a field of a saved game; the fields are"),
        "{problem}"
    );
    // A misspelt choice.
    let (_, problem) = game_problem(&game.replace("first: South", "first: Sout"));
    assert_eq!(
        problem,
        "`Sout` is not a side (did you mean `South`?); the choices are `South` and `North`"
    );
    // Brackets where a field's name should be ("Expected identifier").
    let deep = format!("SavedGame({}{})", "(".repeat(40), ")".repeat(40));
    let err = GameFile::parse(&deep, Path::new("deep.ron")).unwrap_err();
    assert_eq!(
        err.to_string(),
        "deep.ron:1:11: a name is expected here, such as a field's name (`moves:`) or a \
         choice (`South`), not `(`"
    );
    // A number where a field's name should be.
    let (_, problem) = game_problem(&game.replace("    cursor: 2,", "    2: 2,"));
    assert_eq!(
        problem,
        "a name is expected here (a field's name, such as `moves:`), not `2`"
    );
    // A word, not a record: said once.
    let err = files::detect_kind("hello world", Path::new("text.ron")).unwrap_err();
    assert_eq!(
        err.to_string(),
        "text.ron:1:1: not a saved game, study, presets file or autosave of this program: \
         those begin with a name and `(`, such as `SavedGame(`, and this begins with `hello`"
    );
    // None of these speaks RON's own words.
    for (from, to) in [
        ("    moves: [", "    movez: ["),
        ("first: South", "first: Sout"),
        ("    cursor: 2,", "    2: 2,"),
        ("    cursor: 2,", "    cursor: 2.5,"),
        ("    cursor: 2,", "    cursor: 'x',"),
        ("    cursor: 2,", "    cursor: 0x1G,"),
        ("\"first\"", "\"fi\\qrst\""),
        ("    cursor: 2,", "    cursor: 2,\n    cursor: 2,"),
        ("    notes: \"\",", "    notes: Some(\"x\"),"),
        ("    comments: {", "    comments: ["),
        ("SavedGame(", "SavedGame(\n    #![x]"),
    ] {
        assert!(game.contains(from), "{from}");
        let (_, problem) = game_problem(&game.replacen(from, to, 1));
        for raw in ["Expected", "Unexpected", "instead", "identifier", "struct"] {
            assert!(!problem.contains(raw), "{to}: {problem}");
        }
    }
}

#[test]
fn control_characters_in_a_move_are_shown_escaped() {
    let game = game_text();
    let first = game
        .lines()
        .find(|l| l.trim_start().starts_with('"') && l.trim_end().ends_with("\","))
        .unwrap()
        .trim()
        .to_string();
    let mv = first.trim_matches(|c| c == '"' || c == ',').to_string();
    // A NUL byte (raw in the file) and a line break (escaped in RON).
    for (written, shown) in [
        (format!("\"{mv}\u{0}\","), format!("`{mv}\\u{{0}}`")),
        (format!("\"{mv}\\nx\","), format!("`{mv}\\nx`")),
        (format!("\"{mv}\u{202e}x\","), format!("`{mv}\\u{{202e}}x`")),
    ] {
        let text = game.replacen(&first, &written, 1);
        let (place, problem) = game_problem(&text);
        assert!(place.is_some(), "{problem}");
        assert!(problem.starts_with("move 1 ("), "{problem}");
        assert!(problem.contains(&shown), "{written}: {problem}");
        assert!(
            !problem.chars().any(|c| c.is_control() || c == '\u{202e}'),
            "{problem:?}"
        );
    }
}

#[test]
fn notes_comments_and_events_longer_than_the_window_takes_are_refused_with_their_caps() {
    use files::{MAX_COMMENT_CHARS, MAX_EVENT_CHARS, MAX_NOTES_CHARS};
    assert_eq!(MAX_NOTES_CHARS, 100_000);
    assert_eq!(MAX_COMMENT_CHARS, 10_000);
    assert_eq!(MAX_EVENT_CHARS, 1_000);
    let good = GameFile::parse(&game_text(), Path::new("g.ron")).unwrap();
    // At the cap: read back as written (in characters, not bytes: "é" is
    // two bytes).
    let mut file = good.clone();
    file.notes = "é".repeat(MAX_NOTES_CHARS);
    file.event = "é".repeat(MAX_EVENT_CHARS);
    file.set_comment(2, "é".repeat(MAX_COMMENT_CHARS));
    let text = file.to_ron().unwrap();
    assert_eq!(GameFile::parse(&text, Path::new("g.ron")).unwrap(), file);
    let dir = tempfile::tempdir().unwrap();
    files::save_game(&dir.path().join("at-cap.ron"), &file).unwrap();
    // One past it, each in turn: refused at its line, naming the field, its
    // length and the cap.
    type Lengthen = fn(&mut GameFile);
    let cases: [(Lengthen, &str, &str); 3] = [
        (
            |f| f.notes = "n".repeat(10 << 20),
            "notes:",
            "the notes are 10,485,760 characters long; a game's notes hold at most 100,000 characters",
        ),
        (
            |f| f.event = "e".repeat(MAX_EVENT_CHARS + 1),
            "event:",
            "the event is 1,001 characters long; an event holds at most 1,000 characters",
        ),
        (
            |f| f.set_comment(2, "c".repeat(MAX_COMMENT_CHARS + 1)),
            "2: \"ccc",
            "the comment on move 2 is 10,001 characters long; a move's comment holds at most 10,000 characters",
        ),
    ];
    for (lengthen, line, said) in cases {
        let mut file = good.clone();
        lengthen(&mut file);
        let text = file.to_ron().unwrap();
        let (place, problem) = game_problem(&text);
        assert_eq!(problem, said);
        assert_eq!(place.map(|p| p.0), Some(line_of(&text, line)), "{said}");
        // Not written where it could not be read back: a save or an
        // autosave says so while the text can still be shortened.
        let path = dir.path().join("long.ron");
        let err = files::save_game(&path, &file).unwrap_err();
        assert_eq!(
            err.problem,
            format!("cannot save: {said}; shorten that text to save the game")
        );
        assert!(!path.exists());
        let data = dir.path().join("data");
        let err = files::write_autosave(&data, &file, None, true).unwrap_err();
        assert!(err.problem.contains(said), "{err}");
        assert!(!files::autosave_path(&data).exists());
    }
}

/// A study's problem, as the study library reads it.
fn study_problem(text: &str) -> String {
    maasai_mancala::study::Study::parse(text, "s.ron")
        .unwrap_err()
        .problem
}

#[test]
fn a_field_without_its_colon_is_named_not_the_field_above_it() {
    // `cursor 2,` was "a colon is missing here (`comments` takes comments
    // by move number…)": the field above, which is fine.
    let game = game_text();
    for (from, to, said) in [
        (
            "    cursor: 2,",
            "    cursor 2,",
            "a colon is missing after `cursor`",
        ),
        (
            "    date: \"",
            "    date \"",
            "a colon is missing after `date`",
        ),
        (
            "        seeds: 4,",
            "        seeds 4,",
            "a colon is missing after `seeds`",
        ),
    ] {
        assert!(game.contains(from), "{from}");
        let text = game.replacen(from, to, 1);
        let (place, problem) = game_problem(&text);
        assert_eq!(place.map(|p| p.0), Some(line_of(&text, to)), "{problem}");
        assert!(problem.starts_with(said), "{to}: {problem}");
    }
    // Presets and studies, which read the same way.
    let presets = files::SHIPPED_PRESETS.replacen("    version: 1,", "    version 1,", 1);
    let err = files::parse_presets(&presets, Path::new("p.ron")).unwrap_err();
    assert_eq!(err.problem, "a colon is missing after `version`");
    let study = relay().replacen("    title:", "    title", 1);
    assert_eq!(study_problem(&study), "a colon is missing after `title`");
    let study = relay().replacen("Goal(side:", "Goal(side", 1);
    assert_eq!(study_problem(&study), "a colon is missing after `side`");
}

// The hint on what a field takes is of the field at the error's place,
// not of the nearest `name:` line above it (which a field without its
// colon does not have).
#[test]
fn the_hint_on_what_a_field_takes_is_of_the_field_at_fault() {
    let game = game_text();
    for (from, to, field) in [
        ("    cursor: 2,", "    cursor 2,", "cursor"),
        ("    date: \"", "    date \"", "date"),
        ("    moves: [", "    moves [", "moves"),
    ] {
        let (_, problem) = game_problem(&game.replacen(from, to, 1));
        for (other, _) in problem.match_indices("` takes ") {
            assert!(
                problem[..other].ends_with(&format!("`{field}")),
                "{problem}"
            );
        }
    }
    // Garbage on the last line: no field's hint (it was `notes`').
    let garbage = format!(
        "{}\n  garbage !!! \u{1}\u{2} ]]]",
        game.trim_end().strip_suffix(')').unwrap().trim_end()
    );
    let (_, problem) = game_problem(&garbage);
    assert!(!problem.contains(" takes "), "{problem}");
}

#[test]
fn an_error_with_text_after_it_is_not_called_a_truncation() {
    // Line 4 given to garbage (with control bytes), the file not cut short:
    // "bad.ron:4:10: the file ends too early (is it truncated?): a colon is
    // missing here" where it was the file's last line.
    let garbage = "  garbage !!! \u{1}\u{2} ]]]";
    let game = game_text();
    let lines: Vec<&str> = game.lines().collect();
    let last = lines.len() - 1;
    let with_garbage = |at: usize| {
        let mut lines = lines.clone();
        lines[at] = garbage;
        lines.join("\n")
    };
    for text in [
        with_garbage(3),
        with_garbage(last),
        // A game of four lines, the fourth garbage.
        format!("{}\n{garbage}\n", lines[..3].join("\n")),
    ] {
        let err = GameFile::parse(&text, Path::new("bad.ron")).unwrap_err();
        assert_eq!(err.place.map(|p| p.0), Some(line_of(&text, "garbage")));
        assert!(
            err.problem
                .starts_with("a colon is expected after `garbage`, not `!`"),
            "{err}"
        );
        assert!(!err.problem.contains("truncated"), "{err}");
        // The same through `check`.
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("bad.ron");
        std::fs::write(&path, &text).unwrap();
        let err = files::check_file(&path).unwrap_err();
        assert!(err.problem.contains("not `!`"), "{err}");
        assert!(!err.problem.contains("truncated"), "{err}");
    }
    // Presets and studies with their last line garbage.
    let presets = files::SHIPPED_PRESETS.trim_end();
    let presets = format!("{}\n{garbage}", presets.strip_suffix(')').unwrap());
    let err = files::parse_presets(&presets, Path::new("p.ron")).unwrap_err();
    assert_eq!(err.problem, "a colon is expected after `garbage`, not `!`");
    let study = relay();
    let study = format!("{}\n{garbage}", study.trim_end().strip_suffix(')').unwrap());
    let problem = study_problem(&study);
    assert!(
        problem.starts_with("`garbage` is not a field of a study"),
        "{problem}"
    );
    assert!(!problem.contains("truncated"), "{problem}");
    // Cut short at the end of any line, or inside it: truncated, as before.
    for text in [game.clone(), relay(), files::SHIPPED_PRESETS.to_string()] {
        let body = ["SavedGame(", "Study(", "PresetFile("]
            .iter()
            .find_map(|name| text.find(name).map(|i| i + name.len()))
            .unwrap();
        let cuts = text
            .match_indices('\n')
            .map(|(i, _)| i)
            .chain(text.char_indices().map(|(i, _)| i).step_by(7))
            .filter(|&i| i > body && i < text.trim_end().len() - 1);
        for cut in cuts {
            let cut_text = &text[..cut];
            let problem = if text.starts_with("Study(") {
                study_problem(cut_text)
            } else if text == game {
                game_problem(cut_text).1
            } else {
                files::parse_presets(cut_text, Path::new("p.ron"))
                    .unwrap_err()
                    .problem
            };
            assert!(
                problem.contains("the file ends too early (is it truncated?)"),
                "{cut_text:?}: {problem}"
            );
        }
    }
}

#[test]
fn a_field_is_not_found_inside_a_note() {
    // A note may hold a line that looks like a field: the error is placed
    // at the field itself, not inside the note.
    let text = game_text();
    let start = line_of(&text, "    start: ");
    let bad = text
        .replacen(
            "    start: \"en-gehe south=4,4,4,4,4,4 ",
            "    start: \"en-gehe south=4,4,4,4,4 ",
            1,
        )
        .replacen("    notes: \"\",\n", "", 1)
        // Fields may come in any order: the note goes before `start`.
        .replacen(
            "    south_team:",
            "    notes: \"Played at the fair.\nstart: was slow\",\n    south_team:",
            1,
        );
    assert!(bad.contains("start: was slow"), "{bad}");
    let (place, problem) = game_problem(&bad);
    assert!(problem.contains("start position"), "{problem}");
    // The note's two lines now stand above it; the old finder named the
    // note's second line.
    assert_eq!(place, Some((start + 2, 5)), "{problem}");
}

#[test]
fn a_study_s_whole_number_of_another_kind_is_placed_at_it_past_blanks_and_comments() {
    // RON stops before the blanks and comments in front of the value; the
    // place is the value's own, as in a saved game.
    let study = std::fs::read_to_string("assets/studies/01-relay.ron").unwrap();
    let text = study.replace(
        "MarginAtLeast(3)",
        "MarginAtLeast(\n        // the margin\n        \"3\")",
    );
    let err = maasai_mancala::study::Study::parse(&text, "s.ron").unwrap_err();
    let line = line_of(&text, "        \"3\")");
    assert_eq!((err.line, err.column), (line, 9), "{err}");
    assert!(
        err.problem.starts_with("a whole number is expected here"),
        "{err}"
    );
}
