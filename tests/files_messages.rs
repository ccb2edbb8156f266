//! What a damaged or misnamed file is told: duplicate comments, a file of
//! another kind, a field of the wrong shape, a truncated study, an
//! autosave without its own version.

use maasai_mancala::engine::GameOptions;
use maasai_mancala::files::{self, GameFile};
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
    assert!(
        err.problem.starts_with("this looks like a saved game (it has `start` and `moves`), but it begins with `Autosave(`"),
        "{err}"
    );
    assert!(
        err.problem
            .ends_with("a saved game begins with `SavedGame(`"),
        "{err}"
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

#[test]
fn a_value_of_the_wrong_shape_says_what_its_field_takes() {
    let game = game_text();
    assert!(game.contains("    cursor: 2,"), "{game}");
    let text = game.replace("    cursor: 2,", "    cursor: 2.5,");
    let (place, problem) = game_problem(&text);
    assert_eq!(
        place.map(|p| p.0),
        Some(line_of(&text, "cursor: 2.5")),
        "{problem}"
    );
    assert!(
        problem.contains("`cursor` takes a whole number"),
        "{problem}"
    );
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
