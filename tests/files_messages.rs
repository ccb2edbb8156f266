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
