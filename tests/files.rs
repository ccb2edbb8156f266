//! Saved games, presets, autosave, recent files and the file commands.

use maasai_mancala::engine::{GameOptions, Move, OriginRule, Side, Variant};
use maasai_mancala::files::{
    self, Autosave, FileError, FileKind, GameFile, Preset, PresetSource, RecentFiles,
};
use std::path::{Path, PathBuf};
use std::process::Command;

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(name)
}

/// A 2×8 En Gehé game of `moves` moves, always taking the first legal move,
/// with names, comments and the cursor set, dated at a fixed time.
fn sample_game(moves: usize) -> GameFile {
    let mut file = GameFile::new(GameOptions::en_gehe(8)).unwrap();
    for _ in 0..moves {
        let mv = file.game.current().legal_moves()[0];
        file.play_at_cursor(mv).unwrap();
    }
    file.south_team = "Ilkisongo".into();
    file.north_team = "Ilpurko".into();
    file.set_comment(1, "opens on the left");
    if moves >= 3 {
        file.set_comment(3, "a \"quoted\" word, and a second line\nhere");
        file.cursor = 2;
    }
    file.date = "2026-11-29T20:00:00Z".into();
    file.event = "Teaching evening".into();
    file.notes = "Played to show relay sowing.".into();
    file
}

/// Files in a folder, sorted, to see that nothing was added or left behind.
fn listing(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

// ---------------------------------------------------------------- round trip

#[test]
fn round_trip_keeps_game_teams_comments_and_cursor() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("game.ron");
    let file = sample_game(5);
    files::save_game(&path, &file).unwrap();
    let loaded = files::load_game(&path).unwrap();
    assert_eq!(loaded, file);
    assert_eq!(loaded.cursor, 2);
    assert_eq!(
        loaded.comment(3),
        "a \"quoted\" word, and a second line\nhere"
    );
    assert_eq!(loaded.cursor_position(), &loaded.game.positions()[2]);
    assert_eq!(loaded.game.moves().len(), 5);
}

#[test]
fn round_trip_bao_la_kimasai_with_origin_skip() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("bao.ron");
    let options = GameOptions {
        origin: OriginRule::Skip,
        ..GameOptions::bao_la_kimasai()
    };
    let mut file = GameFile::new(options).unwrap();
    for _ in 0..6 {
        let mv = *file.game.current().legal_moves().last().unwrap();
        file.play_at_cursor(mv).unwrap();
    }
    files::save_game(&path, &file).unwrap();
    let loaded = files::load_game(&path).unwrap();
    assert_eq!(loaded.game, file.game);
    assert_eq!(loaded.options, options);
    assert!(loaded.game.start().to_string().ends_with("origin=skip"));
}

#[test]
fn playing_at_an_earlier_cursor_cuts_later_moves_and_their_comments() {
    let mut file = sample_game(5);
    file.cursor = 1;
    let mv = file.game.positions()[1].legal_moves()[0];
    file.play_at_cursor(mv).unwrap();
    assert_eq!(file.game.moves().len(), 2);
    assert_eq!(file.cursor, 2);
    assert_eq!(file.comment(1), "opens on the left");
    assert_eq!(file.comment(3), "");
    // An illegal move at the cursor cuts nothing.
    file.cursor = 0;
    assert!(file.play_at_cursor(Move(99)).is_err());
    assert_eq!(file.game.moves().len(), 2);
}

#[test]
fn move_list_names_movers_and_comments() {
    let file = sample_game(3);
    let list = file.move_list();
    assert_eq!(list.len(), 3);
    assert_eq!(list[0].number, 1);
    assert_eq!(list[0].side, Side::South);
    assert_eq!(list[0].comment, "opens on the left");
    assert_eq!(list[1].comment, "");
}

// ------------------------------------------------------------------ snapshot

/// The exact text of a saved game. If this fails, the format changed: make
/// sure that is deliberate (and bump `GAME_VERSION` if old readers would
/// misread it), then regenerate with `UPDATE_SNAPSHOTS=1 cargo test --test files`.
#[test]
fn snapshot_of_saved_game_text() {
    let text = sample_game(4).to_ron().unwrap();
    let path = fixture("snapshot-game.ron");
    if std::env::var_os("UPDATE_SNAPSHOTS").is_some() {
        std::fs::write(&path, &text).unwrap();
    }
    let expected = std::fs::read_to_string(&path).unwrap();
    assert_eq!(text, expected, "the saved-game text changed");
    // And the snapshot itself is a valid saved game.
    assert_eq!(files::load_game(&path).unwrap(), sample_game(4));
}

// ----------------------------------------------------------------- bad files

/// Loads a bad fixture: the error, and proof that loading wrote nothing.
fn load_bad(name: &str) -> FileError {
    let path = fixture(name);
    let before = std::fs::read(&path).unwrap();
    let dir_before = listing(path.parent().unwrap());
    let mut current = sample_game(2);
    let kept = current.clone();
    let err = match files::load_game(&path) {
        Ok(_) => panic!("{name} loaded"),
        Err(e) => e,
    };
    // The app replaces its game only on success: here the current game stays.
    if let Ok(loaded) = files::load_game(&path) {
        current = loaded;
    }
    assert_eq!(current, kept);
    assert_eq!(std::fs::read(&path).unwrap(), before, "{name} was modified");
    assert_eq!(listing(path.parent().unwrap()), dir_before);
    assert_eq!(err.path, path, "the error names the file");
    assert!(err.to_string().starts_with(&path.display().to_string()));
    err
}

#[test]
fn truncated_ron_is_refused_with_place() {
    let err = load_bad("truncated.ron");
    assert!(err.problem.contains("ends too early"), "{err}");
    assert!(err.place.is_some(), "{err}");
}

#[test]
fn garbled_ron_is_refused_with_line_and_column() {
    let err = load_bad("garbled.ron");
    // The missing comma after `game: "en-gehe"` (noticed by RON at
    // `options` on line 4) is placed where it belongs, at the end of line 3.
    assert_eq!(err.place, Some((3, 20)), "{err}");
    assert!(
        err.to_string().contains(":3:20: a comma is missing here"),
        "{err}"
    );
}

#[test]
fn newer_version_is_refused() {
    let err = load_bad("newer-version.ron");
    assert!(err.problem.contains("version 99"), "{err}");
    assert!(err.problem.contains("newer"), "{err}");
    assert_eq!(err.place.map(|p| p.0), Some(2), "{err}");
}

#[test]
fn unknown_game_is_refused() {
    let err = load_bad("unknown-game.ron");
    assert!(err.problem.contains("unknown game `oware`"), "{err}");
    assert_eq!(err.place.map(|p| p.0), Some(3), "{err}");
}

#[test]
fn impossible_position_is_refused() {
    let err = load_bad("impossible-position.ron");
    assert!(err.problem.contains("impossible start position"), "{err}");
    assert!(err.problem.contains("north"), "{err}");
    assert!(err.place.is_some(), "{err}");
}

#[test]
fn illegal_move_list_names_the_move() {
    let err = load_bad("illegal-move.ron");
    assert!(err.problem.starts_with("move 3 "), "{err}");
    assert!(err.problem.contains("empty"), "{err}");
    // Placed on the line of the third move.
    let text = std::fs::read_to_string(fixture("illegal-move.ron")).unwrap();
    let (line, _) = err.place.unwrap();
    assert!(
        text.lines().nth(line - 1).unwrap().contains("\"4\""),
        "{err}"
    );
}

#[test]
fn foreign_png_is_refused() {
    let err = load_bad("foreign.png");
    assert!(err.problem.contains("not a text file"), "{err}");
}

#[test]
fn foreign_json_is_refused() {
    // Not RON from its first character: no place to point at, and words
    // that say what our files look like.
    let err = load_bad("foreign.json");
    assert!(err.place.is_none(), "{err}");
    assert!(err.problem.contains("begins with a name and `(`"), "{err}");
    let kind = files::detect_kind(
        &std::fs::read_to_string(fixture("foreign.json")).unwrap(),
        &fixture("foreign.json"),
    );
    assert!(
        kind.unwrap_err()
            .problem
            .contains("not a saved game, study, presets file or autosave of this program")
    );
}

#[test]
fn prose_is_refused_in_words_not_rons() {
    // A README given to `check` used to read "(Expected an `#![enable(...)]`
    // attribute)".
    let err = files::detect_kind("# A title\n\nSome prose.\n", Path::new("README.md")).unwrap_err();
    assert_eq!(
        err.to_string(),
        "README.md: not a saved game, study, presets file or autosave of this program: \
         those are RON text that begins with a name and `(`, such as `SavedGame(`"
    );
}

#[test]
fn missing_file_is_an_error_naming_it() {
    let err = files::load_game(Path::new("/nonexistent/game.ron")).unwrap_err();
    assert_eq!(
        err.to_string(),
        "/nonexistent/game.ron: cannot read: no such file or folder"
    );
}

#[test]
fn every_bad_fixture_fails_check_too() {
    for name in [
        "truncated.ron",
        "garbled.ron",
        "newer-version.ron",
        "unknown-game.ron",
        "impossible-position.ron",
        "illegal-move.ron",
        "foreign.png",
        "foreign.json",
    ] {
        assert!(
            files::check_file(&fixture(name)).is_err(),
            "{name} passed check"
        );
    }
}

// -------------------------------------------------------------- atomic write

#[test]
fn atomic_write_keeps_the_previous_version_as_bak() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("game.ron");
    files::write_atomic(&path, b"first").unwrap();
    assert_eq!(listing(dir.path()), ["game.ron"]);
    files::write_atomic(&path, b"second").unwrap();
    assert_eq!(std::fs::read(&path).unwrap(), b"second");
    assert_eq!(std::fs::read(files::backup_path(&path)).unwrap(), b"first");
    assert_eq!(listing(dir.path()), ["game.ron", "game.ron.bak"]);
}

#[test]
fn atomic_write_failing_midway_leaves_the_target_intact() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("game.ron");
    files::save_game(&path, &sample_game(3)).unwrap();
    let before = std::fs::read(&path).unwrap();
    // A writer that runs out of disk after 20 bytes of the new version.
    let new_text = sample_game(5).to_ron().unwrap();
    let err = files::write_atomic_with(&path, |w| {
        w.write_all(&new_text.as_bytes()[..20])?;
        w.flush()?;
        Err(std::io::Error::new(
            std::io::ErrorKind::StorageFull,
            "no space left on device",
        ))
    })
    .unwrap_err();
    assert!(err.problem.contains("the disk is full"), "{err}");
    assert_eq!(err.path, path, "the error names the file being saved");
    assert_eq!(std::fs::read(&path).unwrap(), before);
    assert_eq!(files::load_game(&path).unwrap(), sample_game(3));
    // No temporary file is left behind, and no backup was made of a save
    // that never happened.
    assert_eq!(listing(dir.path()), ["game.ron"]);
}

#[test]
fn unwritable_targets_give_errors_naming_the_path() {
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("no-such-folder/game.ron");
    let err = files::save_game(&missing, &sample_game(1)).unwrap_err();
    assert_eq!(err.path, missing, "{err}");
    // Said as a diagram's save says it (it said "cannot create a file in
    // its folder: no such file or folder").
    assert_eq!(
        err.problem,
        format!(
            "cannot write: there is no folder {} (make it first, or choose another)",
            dir.path().join("no-such-folder").display()
        ),
        "{err}"
    );

    let folder = dir.path().join("a-folder");
    std::fs::create_dir(&folder).unwrap();
    let err = files::save_game(&folder, &sample_game(1)).unwrap_err();
    assert_eq!(err.path, folder);
    assert!(err.problem.contains("folder"), "{err}");
    assert_eq!(listing(dir.path()), ["a-folder"]);

    // A name ending in a / names a folder, there or not: it said "a part
    // of the path is a file, not a folder", where none was.
    for name in ["new-folder/", "a-folder/new.ron/"] {
        let target = PathBuf::from(format!("{}/{name}", dir.path().display()));
        let err = files::save_game(&target, &sample_game(1)).unwrap_err();
        assert_eq!(err.path, target);
        assert_eq!(
            err.problem,
            "cannot write: the name ends in a /, so it names a folder, not a file (give the file's name after it)",
            "{err}"
        );
    }
    let err = files::save_game(
        &PathBuf::from(format!("{}/a-folder/", dir.path().display())),
        &sample_game(1),
    )
    .unwrap_err();
    assert!(err.problem.contains("this is a folder"), "{err}");
    assert_eq!(listing(dir.path()), ["a-folder"]);
    assert!(listing(&folder).is_empty());
}

// ------------------------------------------------------------------ autosave

#[test]
fn autosave_restores_the_game_after_a_simulated_crash() {
    let data = tempfile::tempdir().unwrap();
    assert_eq!(files::load_autosave(data.path()).unwrap(), None);
    {
        // The app's session: an autosave after every move, then the process
        // dies (the state is dropped here) before any exit save runs.
        let mut file = GameFile::new(GameOptions::en_gehe(12)).unwrap();
        for _ in 0..7 {
            let mv = file.game.current().legal_moves()[0];
            file.play_at_cursor(mv).unwrap();
            file.set_comment(file.cursor, format!("move {}", file.cursor));
            let source = Path::new("/home/player/evening.ron");
            files::write_autosave(data.path(), &file, Some(source), true).unwrap();
        }
        // A save cut off by the crash leaves only a temporary file behind.
        std::fs::write(data.path().join(".autosave.ron.999-0.tmp"), "Autosave(vers").unwrap();
        drop(file);
    }
    let resumed = files::load_autosave(data.path()).unwrap().unwrap();
    assert_eq!(resumed.game.game.moves().len(), 7);
    assert_eq!(resumed.game.cursor, 7);
    assert_eq!(resumed.game.comment(7), "move 7");
    assert_eq!(
        resumed.source,
        Some(PathBuf::from("/home/player/evening.ron"))
    );
    assert!(resumed.unsaved);
    // The previous autosave (six moves) is the backup.
    let bak = files::backup_path(&files::autosave_path(data.path()));
    let text = std::fs::read_to_string(bak).unwrap();
    assert_eq!(
        files::parse_autosave_text(&text, Path::new("bak"))
            .unwrap()
            .game
            .game
            .moves()
            .len(),
        6
    );

    files::clear_autosave(data.path()).unwrap();
    assert_eq!(files::load_autosave(data.path()).unwrap(), None);
}

#[test]
fn truncated_autosave_is_an_error_not_a_panic() {
    let data = tempfile::tempdir().unwrap();
    let autosave = Autosave {
        game: sample_game(4),
        source: None,
        source_stamp: None,
        unsaved: false,
        source_lost: None,
        undone_saved: false,
    };
    files::write_autosave(data.path(), &autosave.game, None, false).unwrap();
    let path = files::autosave_path(data.path());
    let text = std::fs::read_to_string(&path).unwrap();
    for cut in [0, 1, 10, text.len() / 2, text.len() - 3] {
        std::fs::write(&path, &text[..cut]).unwrap();
        let err = files::load_autosave(data.path()).unwrap_err();
        assert_eq!(err.path, path);
    }
    std::fs::write(&path, &text).unwrap();
    assert_eq!(
        files::load_autosave(data.path()).unwrap().unwrap(),
        autosave
    );
}

// ------------------------------------------------------------------- presets

#[test]
fn shipped_presets_parse_and_cover_the_traditional_boards() {
    let presets =
        files::parse_presets(files::SHIPPED_PRESETS, Path::new("assets/presets.ron")).unwrap();
    assert_eq!(presets, files::shipped_presets());
    let holes: Vec<u8> = presets
        .iter()
        .filter_map(|p| match p.options.variant {
            Variant::EnGehe { holes } => Some(holes),
            Variant::BaoLaKimasai => None,
        })
        .collect();
    for n in [40, 45, 50, 8, 12] {
        assert!(holes.contains(&n), "no 2×{n} preset");
    }
    assert!(
        presets
            .iter()
            .any(|p| p.options == GameOptions::bao_la_kimasai())
    );
    for p in &presets {
        p.options.start().unwrap();
    }
}

#[test]
fn a_preset_name_is_one_line_of_at_most_40_characters() {
    let file = |name: &str| {
        format!(
            "PresetFile(version: 1, presets: [Preset(name: {name:?}, options: GameOptions(variant: EnGehe(holes: 8), seeds: 4, first: South, origin: SowInto), note: \"\")])"
        )
    };
    let path = Path::new("p.ron");
    assert!(files::parse_presets(&file("Teaching 2×8"), path).is_ok());
    let long = files::parse_presets(&file(&"x".repeat(52)), path)
        .unwrap_err()
        .to_string();
    assert!(
        long.contains("preset 1: the name is 52 characters long; a name has at most 40"),
        "{long}"
    );
    assert!(long.starts_with("p.ron:1:"), "{long}");
    let broken = files::parse_presets(&file("a\nb"), path)
        .unwrap_err()
        .to_string();
    assert!(broken.contains("a name is one line"), "{broken}");
    // Saving one from the window is held to the same.
    let dir = tempfile::tempdir().unwrap();
    let err = files::add_user_preset(dir.path(), user_preset(&"y".repeat(41), 8)).unwrap_err();
    assert!(err.to_string().contains("at most 40"), "{err}");
}

#[test]
fn a_preset_note_is_one_paragraph_of_at_most_300_characters() {
    // A note of pages pushed the New game dialog's fields and Start button
    // off the window (it keeps the room of the tallest note).
    let file = |note: &str| {
        format!(
            "PresetFile(version: 1, presets: [Preset(name: \"Elders\", options: GameOptions(variant: EnGehe(holes: 8), seeds: 4, first: South, origin: SowInto),\n note: {note:?})])"
        )
    };
    let path = Path::new("p.ron");
    assert!(files::parse_presets(&file(&"x".repeat(300)), path).is_ok());
    let long = files::parse_presets(&file(&"x".repeat(2500)), path).unwrap_err();
    assert!(
        long.problem
            .contains("preset `Elders`: the note is 2,500 characters long; a note has at most 300"),
        "{long}"
    );
    assert_eq!(long.place, Some((2, 2)), "placed at the note: {long}");
    let lines = files::parse_presets(&file("one\ntwo"), path).unwrap_err();
    assert!(lines.problem.contains("a note is one paragraph"), "{lines}");
}

fn user_preset(name: &str, holes: u8) -> Preset {
    Preset {
        name: name.into(),
        options: GameOptions {
            first: Side::North,
            ..GameOptions::en_gehe(holes)
        },
        note: String::new(),
    }
}

#[test]
fn a_read_only_presets_file_asks_only_to_be_made_writable() {
    // "make it writable or save under another name": presets have one
    // file, and no other name to save under.
    let config = tempfile::tempdir().unwrap();
    files::add_user_preset(config.path(), user_preset("Club 2×20", 20)).unwrap();
    let path = files::user_presets_path(config.path());
    let mut permissions = std::fs::metadata(&path).unwrap().permissions();
    permissions.set_readonly(true);
    std::fs::set_permissions(&path, permissions).unwrap();
    let e = files::add_user_preset(config.path(), user_preset("Club 2×30", 30)).unwrap_err();
    assert_eq!(e.path, path);
    assert!(e.problem.contains("read-only"), "{e}");
    assert!(!e.problem.contains("another name"), "{e}");
}

#[test]
fn user_presets_merge_rename_and_delete() {
    let config = tempfile::tempdir().unwrap();
    let shipped = files::shipped_presets();
    let (list, err) = files::all_presets(config.path());
    assert!(err.is_none());
    assert_eq!(list.len(), shipped.len());

    files::add_user_preset(config.path(), user_preset("Club 2×20", 20)).unwrap();
    // A shipped preset's name is refused for one of the user's, added or
    // renamed to (it was taken, and "Bao la Kimasai (yours)" could be an
    // En Gehé board) ...
    let shipped_name = shipped[0].name.clone();
    let expected = format!(
        "“{shipped_name}” is the name of a preset that comes with the program; choose another"
    );
    let err = files::add_user_preset(config.path(), user_preset(&format!(" {shipped_name}"), 30))
        .unwrap_err();
    assert_eq!(err.problem, expected);
    let err = files::rename_user_preset(config.path(), "Club 2×20", &shipped_name).unwrap_err();
    assert_eq!(err.problem, expected);
    assert_eq!(
        files::preset_name_problem(&shipped_name, ["Club 2×20"], None),
        Some(expected.clone())
    );
    // Letter case aside too: "bao la kimasai" beside "Bao la Kimasai"
    // read as the same preset.
    // The refusal names the preset there is, as it is spelt.
    let lower = shipped_name.to_lowercase();
    assert_ne!(lower, shipped_name);
    let err = files::add_user_preset(config.path(), user_preset(&lower, 30)).unwrap_err();
    assert_eq!(err.problem, expected);
    assert_eq!(
        files::preset_name_problem(&format!(" {lower} "), ["Club 2×20"], None),
        Some(expected.clone())
    );
    assert_eq!(
        files::preset_name_problem("CLUB 2×20", ["Club 2×20"], None).as_deref(),
        Some("you have a preset named “Club 2×20” already")
    );
    // Its own name in other letters is no clash for a rename.
    assert_eq!(
        files::preset_name_problem("club 2×20", ["Club 2×20"], Some("Club 2×20")),
        None
    );
    // ... but a presets file that holds one (written by hand) still
    // loads, and both are listed.
    let path = files::user_presets_path(config.path());
    let text = std::fs::read_to_string(&path).unwrap();
    let mut user = files::load_user_presets(config.path()).unwrap();
    user.push(user_preset(&shipped_name, 30));
    let written = ron::ser::to_string(&files::PresetFile {
        version: 1,
        presets: user,
    })
    .unwrap();
    assert_ne!(text, written);
    std::fs::write(&path, written).unwrap();
    let (list, _) = files::all_presets(config.path());
    assert_eq!(list.len(), shipped.len() + 2);
    assert!(
        list[..shipped.len()]
            .iter()
            .all(|e| e.source == PresetSource::Shipped)
    );
    assert_eq!(list[shipped.len()].preset.name, "Club 2×20");
    assert_eq!(list[shipped.len()].source, PresetSource::User);
    assert_eq!(list[shipped.len() + 1].preset.name, shipped_name);
    assert_eq!(list[0].preset.name, shipped_name);
    assert_ne!(
        list[0].preset.options,
        list[shipped.len() + 1].preset.options
    );

    // Duplicate user names are refused.
    let err = files::add_user_preset(config.path(), user_preset("Club 2×20", 9)).unwrap_err();
    assert!(err.problem.contains("already"), "{err}");
    let err = files::add_user_preset(config.path(), user_preset("club 2×20", 9)).unwrap_err();
    assert!(
        err.problem
            .contains("there is already a preset named `Club 2×20`"),
        "{err}"
    );

    // Its own name in other letters is taken; another's is not, even
    // where a file written by hand already holds both ("Foo" renamed
    // "foo" beside a "foo" wrote a file that no longer loaded).
    files::rename_user_preset(config.path(), "Club 2×20", "club 2×20").unwrap();
    files::rename_user_preset(config.path(), "club 2×20", "Club 2×20").unwrap();
    let mut user = files::load_user_presets(config.path()).unwrap();
    user.push(user_preset("Foo", 7));
    user.push(user_preset("foo", 8));
    let text = ron::ser::to_string(&files::PresetFile {
        version: 1,
        presets: user,
    })
    .unwrap();
    std::fs::write(&path, text).unwrap();
    let err = files::rename_user_preset(config.path(), "Foo", "foo").unwrap_err();
    assert!(
        err.problem
            .contains("there is already a preset named `foo`"),
        "{err}"
    );
    assert_eq!(
        files::preset_name_problem("foo", ["Foo", "foo"], Some("Foo")).as_deref(),
        Some("you have a preset named “foo” already")
    );
    assert!(files::load_user_presets(config.path()).is_ok());
    files::delete_user_preset(config.path(), "Foo").unwrap();
    files::delete_user_preset(config.path(), "foo").unwrap();

    files::rename_user_preset(config.path(), "Club 2×20", "Club board").unwrap();
    let user = files::load_user_presets(config.path()).unwrap();
    assert_eq!(user[0].name, "Club board");
    assert_eq!(user[0].options.variant, Variant::EnGehe { holes: 20 });
    assert!(files::rename_user_preset(config.path(), "nope", "x").is_err());
    assert!(files::rename_user_preset(config.path(), "Club board", "  ").is_err());

    files::delete_user_preset(config.path(), &shipped_name).unwrap();
    let (list, _) = files::all_presets(config.path());
    assert_eq!(list.len(), shipped.len() + 1);
    assert_eq!(list[0].preset.name, shipped_name, "the shipped one stays");
    let err = files::delete_user_preset(config.path(), "nope").unwrap_err();
    assert!(err.problem.contains("no user preset named `nope`"), "{err}");

    // The user file is a valid presets file for `check`.
    let summary = files::check_file(&files::user_presets_path(config.path())).unwrap();
    assert_eq!(summary.kind, FileKind::Presets);
}

#[test]
fn preset_names_are_compared_trimmed_when_written_as_when_read() {
    // A hand-edited name with a blank before it: the file reads it as
    // `Foo`, so adding another `Foo` wrote a file it then refused ("the
    // name `Foo` is used by two presets").
    let config = tempfile::tempdir().unwrap();
    let path = files::user_presets_path(config.path());
    files::add_user_preset(config.path(), user_preset("Foo", 8)).unwrap();
    files::add_user_preset(config.path(), user_preset("Bar", 9)).unwrap();
    let text = std::fs::read_to_string(&path).unwrap();
    std::fs::write(&path, text.replace("\"Foo\"", "\" Foo\"")).unwrap();
    assert_eq!(files::load_user_presets(config.path()).unwrap().len(), 2);
    let err = files::add_user_preset(config.path(), user_preset("Foo", 10)).unwrap_err();
    assert!(
        err.problem
            .contains("there is already a preset named `Foo`"),
        "{err}"
    );
    let err = files::rename_user_preset(config.path(), "Bar", "Foo").unwrap_err();
    assert!(
        err.problem
            .contains("there is already a preset named `Foo`"),
        "{err}"
    );
    // Every file the program wrote reads back.
    assert_eq!(files::load_user_presets(config.path()).unwrap().len(), 2);
    // The preset is found by its name as the file reads it.
    files::rename_user_preset(config.path(), "Foo", "Foo board").unwrap();
    files::delete_user_preset(config.path(), " Bar ").unwrap();
    let user = files::load_user_presets(config.path()).unwrap();
    let names: Vec<&str> = user.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(names, ["Foo board"]);
}

#[test]
fn invalid_user_presets_are_refused_and_broken_files_reported() {
    let config = tempfile::tempdir().unwrap();
    let err = files::add_user_preset(config.path(), user_preset("Huge", 90)).unwrap_err();
    assert!(err.problem.contains("90"), "{err}");
    std::fs::write(
        files::user_presets_path(config.path()),
        "PresetFile(version: 1, presets: [",
    )
    .unwrap();
    let (list, err) = files::all_presets(config.path());
    assert_eq!(list.len(), files::shipped_presets().len());
    assert!(err.unwrap().problem.contains("ends too early"));
}

#[test]
fn a_preset_number_of_the_wrong_kind_or_size_is_named_with_its_field() {
    // "a comma is missing here" for `seeds: 4.5`, and "a number here is
    // out of range" naming no field for `holes: 300`: said as a saved
    // game's options say it.
    let config = tempfile::tempdir().unwrap();
    let path = files::user_presets_path(config.path());
    for (holes, seeds, said) in [
        (
            "10",
            "4.5",
            "`seeds` takes a whole number from 1 to 12 (Bao la Kimasai: 1), not 4.5",
        ),
        (
            "300",
            "4",
            "`holes` takes a whole number from 3 to 64; 300 is too large",
        ),
        (
            "-3",
            "4",
            "`holes` takes a whole number from 3 to 64, not -3, which is negative",
        ),
    ] {
        let text = format!(
            "PresetFile(version: 1, presets: [Preset(name: \"A\", options: GameOptions(variant: \
             EnGehe(holes: {holes}), seeds: {seeds}, first: South, origin: SowInto))])"
        );
        std::fs::write(&path, &text).unwrap();
        let err = files::load_user_presets(config.path()).unwrap_err();
        assert!(err.problem.starts_with(said), "{holes}, {seeds}: {err}");
        let column = text
            .find(&format!(": {}", if seeds == "4" { holes } else { seeds }))
            .unwrap()
            + 3;
        assert_eq!(err.place, Some((1, column)), "{err}");
    }
}

#[test]
fn a_bad_preset_is_placed_at_its_own_entry() {
    let config = tempfile::tempdir().unwrap();
    let path = files::user_presets_path(config.path());
    let entry = |name: &str, holes: u32| {
        format!(
            "    Preset(\n        name: \"{name}\",\n        options: GameOptions(variant: EnGehe(holes: {holes}), seeds: 4, first: South, origin: SowInto),\n        note: \"name: options: in a note\",\n    ),\n"
        )
    };
    let file = |second: String| {
        format!(
            "// name: in a comment\nPresetFile(\n    version: 1,\n    presets: [\n{}{second}    ],\n)\n",
            entry("Club", 20)
        )
    };
    // The second entry starts on line 10: `name:` on 11, `options:` on 12.
    std::fs::write(&path, file(entry("Huge", 90))).unwrap();
    let err = files::load_user_presets(config.path()).unwrap_err();
    assert_eq!(err.place, Some((12, 9)), "{err}");
    assert!(err.problem.contains("preset `Huge`"), "{err}");
    std::fs::write(&path, file(entry("Club", 12))).unwrap();
    let err = files::load_user_presets(config.path()).unwrap_err();
    assert_eq!(err.place, Some((11, 9)), "{err}");
    assert!(err.problem.contains("used by two presets"), "{err}");
}

#[test]
fn a_bad_preset_is_placed_past_nested_comments_and_raw_texts() {
    // RON's block comments nest, and a raw text may hold quotes: neither
    // the comment's `name:` nor the note's may count as a field.
    let config = tempfile::tempdir().unwrap();
    let path = files::user_presets_path(config.path());
    let entry = |name: &str, holes: u32| {
        format!(
            "    Preset(\n        name: \"{name}\",\n        options: GameOptions(variant: EnGehe(holes: {holes}), seeds: 4, first: South, origin: SowInto),\n        note: r#\"say \"name: options:\" here\"#,\n    ),\n"
        )
    };
    let text = format!(
        "/* outer /* inner */ name: options: still the outer comment */\nPresetFile(\n    version: 1,\n    presets: [\n{}{}    ],\n)\n",
        entry("Club", 20),
        entry("Huge", 90)
    );
    std::fs::write(&path, text).unwrap();
    let err = files::load_user_presets(config.path()).unwrap_err();
    // The second entry starts on line 10: `options:` on 12.
    assert_eq!(err.place, Some((12, 9)), "{err}");
    assert!(err.problem.contains("preset `Huge`"), "{err}");
}

// -------------------------------------------------------- recent, clipboard

#[test]
fn recent_files_are_bounded_deduplicated_and_persisted() {
    let config = tempfile::tempdir().unwrap();
    let mut recent = RecentFiles::load(config.path()).unwrap();
    assert!(recent.files.is_empty());
    for i in 0..15 {
        recent.add(&config.path().join(format!("g{i}.ron")));
    }
    recent.add(&config.path().join("g3.ron"));
    recent.add(&config.path().join("./g3.ron"));
    assert_eq!(recent.files.len(), files::RECENT_LIMIT);
    assert_eq!(recent.files[0], config.path().join("g3.ron"));
    assert_eq!(recent.files[1], config.path().join("g14.ron"));
    assert_eq!(
        recent
            .files
            .iter()
            .filter(|p| p.ends_with("g3.ron"))
            .count(),
        1
    );
    recent.save(config.path()).unwrap();
    let again = RecentFiles::load(config.path()).unwrap();
    assert_eq!(again.files, recent.files);
    recent.remove(&config.path().join("g3.ron"));
    assert_eq!(recent.files.len(), files::RECENT_LIMIT - 1);
    // `check` knows the list for what it is.
    let err = files::check_file(&config.path().join(files::RECENT_FILE)).unwrap_err();
    assert!(
        err.problem.contains("the program's recent-files list"),
        "{err}"
    );
}

#[test]
fn a_recent_list_entry_that_names_no_file_is_refused_by_its_number() {
    // An empty entry showed as a blank row in Recent files and opened as
    // ": there is no such file"; one with a NUL as the working folder.
    let config = tempfile::tempdir().unwrap();
    let path = config.path().join(files::RECENT_FILE);
    for (entries, said) in [
        (
            r#"["/tmp/a.ron", ""]"#,
            "entry 2 of `files` () is not a file's path: it is empty",
        ),
        (
            r#"["a\u{0}b.ron"]"#,
            "entry 1 of `files` (a\\0b.ron) is not a file's path: it holds a NUL character",
        ),
    ] {
        std::fs::write(&path, format!("RecentFiles(version: 1, files: {entries})")).unwrap();
        let err = RecentFiles::load(config.path()).unwrap_err();
        assert_eq!(err.path, path);
        assert_eq!(err.problem, said, "{entries}");
    }
}

#[test]
fn positions_copy_and_paste_as_notation() {
    let pos = sample_game(3).game.current().to_owned();
    let text = files::position_text(&pos);
    let wrapped = format!("  {}\n", text.replace(" north", "\n north"));
    assert_eq!(*files::parse_pasted(&wrapped).unwrap().start(), pos);
    let err =
        files::parse_pasted("en-gehe south=4,4,4 north=4,4 captured=0,0 turn=south").unwrap_err();
    assert!(
        err.starts_with("the pasted text is not a position"),
        "{err}"
    );
    assert!(files::parse_pasted(" \n").unwrap_err().contains("empty"));
}

// ----------------------------------------------------------------------- CLI

fn bin() -> Command {
    Command::new(env!("CARGO_BIN_EXE_maasai-mancala"))
}

fn run(args: &[&str]) -> (i32, String, String) {
    let out = bin().args(args).output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

#[test]
fn cli_play_save_then_replay_and_check() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("played.ron");
    let start = "en-gehe south=4,4,4,4,4,4,4,4 north=4,4,4,4,4,4,4,4 captured=0,0 turn=south";
    let plain = run(&["play", start, "1", "2"]);
    let saved = run(&["play", start, "1", "2", "--save", path.to_str().unwrap()]);
    assert_eq!(plain.0, 0);
    assert_eq!(saved, plain, "--save leaves stdout unchanged");

    let loaded = files::load_game(&path).unwrap();
    assert_eq!(loaded.game.moves().len(), 2);
    assert_eq!(loaded.cursor, 2);
    assert_eq!(loaded.game.start().to_string(), start);

    let (code, out, err) = run(&["replay", path.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 4);
    assert_eq!(lines[0], format!("start: {start}"));
    let after1 = &loaded.game.positions()[1];
    assert!(
        lines[1].starts_with(&format!("1. south 1 -> {after1}")),
        "{out}"
    );
    assert!(lines[2].starts_with("2. north 2 -> "), "{out}");
    assert_eq!(
        lines[3],
        plain.1.trim_end(),
        "the last line is what `play` prints"
    );

    let (code, out, _) = run(&["check", path.to_str().unwrap()]);
    assert_eq!(code, 0);
    assert!(
        out.contains("ok, saved game: en-gehe 2×8, 2 moves"),
        "{out}"
    );
}

#[test]
fn cli_replay_shows_captures_comments_and_result() {
    let (code, out, err) = run(&["replay", fixture("snapshot-game.ron").to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("   comment: opens on the left"), "{out}");
    assert!(
        out.contains("   comment: a \"quoted\" word, and a second line / here"),
        "{out}"
    );
    let file = sample_game(4);
    let last = out.lines().last().unwrap();
    assert!(last.starts_with(&file.game.current().to_string()), "{out}");
}

#[test]
fn cli_check_accepts_presets_and_refuses_bad_files() {
    let presets = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/presets.ron");
    let (code, out, _) = run(&["check", presets.to_str().unwrap()]);
    assert_eq!(code, 0);
    assert!(out.contains("ok, presets file: 7 presets"), "{out}");

    let bad = fixture("illegal-move.ron");
    let (code, out, err) = run(&["check", bad.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(out.is_empty());
    assert!(err.contains("illegal-move.ron:"), "{err}");
    assert!(err.contains("move 3"), "{err}");

    let (code, _, err) = run(&["replay", fixture("newer-version.ron").to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(err.contains("version 99"), "{err}");

    let (code, _, err) = run(&["replay", presets.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(err.contains("presets file, not a saved game"), "{err}");

    // An autosave can be replayed and checked like a saved game.
    let data = tempfile::tempdir().unwrap();
    files::write_autosave(data.path(), &sample_game(3), None, true).unwrap();
    let autosave = files::autosave_path(data.path());
    let (code, out, err) = run(&["replay", autosave.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.lines().count(), 1 + 3 + 2 + 1, "{out}");
    let (code, out, _) = run(&["check", autosave.to_str().unwrap()]);
    assert_eq!(code, 0);
    assert!(
        out.contains(
            "ok, autosave: en-gehe 2×8, Ilkisongo (south) v Ilpurko (north), 3 moves, cursor at 2; \
             after the last move: North to move"
        ),
        "{out}"
    );
}

#[test]
fn cli_save_failure_prints_no_position() {
    // The save comes first: a command that failed leaves nothing on stdout
    // that a script could take for its answer.
    let dir = tempfile::tempdir().unwrap();
    let target = dir.path().join("missing/x.ron");
    let start = "en-gehe south=4,4,4 north=4,4,4 captured=0,0 turn=south";
    let (code, out, err) = run(&["play", start, "1", "--save", target.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert_eq!(out, "");
    assert!(err.contains("missing"), "{err}");
}

#[test]
fn studies_and_autosaves_without_record_names_are_told_by_their_fields() {
    // A study that opens with `(` instead of `Study(` was refused as "it
    // has neither a game's `start` and `moves` nor `presets`".
    let relay = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/studies/01-relay.ron"),
    )
    .unwrap()
    .replacen("Study(", "(", 1);
    let path = Path::new("unnamed-study.ron");
    assert_eq!(files::detect_kind(&relay, path).unwrap(), FileKind::Study);
    let summary = files::check_text(&relay, path).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(summary.kind, FileKind::Study);

    let data = tempfile::tempdir().unwrap();
    files::write_autosave(data.path(), &sample_game(3), None, true).unwrap();
    let autosave = std::fs::read_to_string(files::autosave_path(data.path()))
        .unwrap()
        .replacen("Autosave(", "(", 1);
    let path = Path::new("unnamed-autosave.ron");
    assert_eq!(
        files::detect_kind(&autosave, path).unwrap(),
        FileKind::Autosave
    );
    let summary = files::check_text(&autosave, path).unwrap_or_else(|e| panic!("{e}"));
    assert!(
        summary.line.starts_with("autosave: en-gehe 2×8"),
        "{}",
        summary.line
    );

    // A record with none of the fields is refused, naming every kind's.
    let err = files::detect_kind("(version: 1, title: \"x\")", Path::new("x.ron")).unwrap_err();
    assert!(
        err.problem.contains("a study's `position` and `solution`"),
        "{err}"
    );
    assert!(
        err.problem.contains("an autosave's `unsaved` and `game`"),
        "{err}"
    );
}

#[test]
fn hand_written_files_without_record_names_load() {
    let text = std::fs::read_to_string(fixture("snapshot-game.ron"))
        .unwrap()
        .replace("SavedGame(", "(")
        .replace("GameOptions(", "(");
    let path = Path::new("hand-written.ron");
    assert_eq!(files::detect_kind(&text, path).unwrap(), FileKind::Game);
    assert_eq!(GameFile::parse(&text, path).unwrap(), sample_game(4));
}

#[test]
fn options_that_contradict_the_start_position_are_refused() {
    let text = std::fs::read_to_string(fixture("snapshot-game.ron"))
        .unwrap()
        .replace("holes: 8", "holes: 9");
    let err = GameFile::parse(&text, Path::new("x.ron")).unwrap_err();
    assert!(
        err.problem.contains("do not match the start position"),
        "{err}"
    );
    assert_eq!(err.place.map(|p| p.0), Some(4), "{err}");

    let text = std::fs::read_to_string(fixture("snapshot-game.ron"))
        .unwrap()
        .replace("cursor: 2", "cursor: 5");
    let err = GameFile::parse(&text, Path::new("x.ron")).unwrap_err();
    assert!(
        err.problem.contains("cursor 5 is past the last move"),
        "{err}"
    );
}

#[test]
fn cli_saves_a_game_from_a_set_up_bao_position() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("bao.ron");
    let start = "bao-la-kimasai south=2,1,1,1,1,1,1,1,0,0,0,0,0,0,0,1 north=1,1,1,1,1,1,1,1,0,0,0,0,0,0,0,0 reserve=23,24 turn=north opening=no origin=skip";
    let (code, _, err) = run(&["play", start, "i1", "--save", path.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    let loaded = files::load_game(&path).unwrap();
    assert_eq!(loaded.game.start().to_string(), start);
    assert_eq!(loaded.options.variant, Variant::BaoLaKimasai);
    assert_eq!(loaded.options.origin, OriginRule::Skip);
    let (code, out, _) = run(&["replay", path.to_str().unwrap()]);
    assert_eq!(code, 0);
    assert!(
        out.lines()
            .nth(1)
            .unwrap()
            .starts_with("1. north i1 -> bao-la-kimasai "),
        "{out}"
    );
}

#[test]
fn check_validates_studies_and_names_the_place_of_a_fault() {
    let bin = env!("CARGO_BIN_EXE_maasai-mancala");
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/assets/studies");
    let mut checked = 0;
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let out = std::process::Command::new(bin)
            .arg("check")
            .arg(&path)
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}: {}",
            path.display(),
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(String::from_utf8_lossy(&out.stdout).contains(": ok, study: "));
        checked += 1;
    }
    assert!(checked >= 8);
    // A study whose solution plays a hole the board does not have.
    let tmp = tempfile::tempdir().unwrap();
    let good = std::fs::read_to_string(format!("{dir}/01-relay.ron")).unwrap();
    let bad = tmp.path().join("bad-study.ron");
    std::fs::write(&bad, good.replacen("mv: \"1\"", "mv: \"9\"", 1)).unwrap();
    let out = std::process::Command::new(bin)
        .arg("check")
        .arg(&bad)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("bad-study.ron:")
            && err.contains("solution move 1")
            && err.contains("no hole 9"),
        "{err}"
    );
}

#[test]
fn folders_devices_and_huge_files_are_refused_without_reading_them_whole() {
    let dir = tempfile::tempdir().unwrap();
    let err = files::load_game(dir.path()).unwrap_err();
    assert!(err.problem.contains("folder"), "{err}");
    // A device never ends: it must be refused, not read until memory runs out.
    let err = files::load_game(Path::new("/dev/zero")).unwrap_err();
    assert!(err.problem.contains("not a regular file"), "{err}");
    let huge = dir.path().join("huge.ron");
    let file = std::fs::File::create(&huge).unwrap();
    file.set_len(maasai_mancala::files::MAX_FILE_BYTES + 1)
        .unwrap();
    let err = files::load_game(&huge).unwrap_err();
    assert!(err.problem.contains("larger than 16 MiB"), "{err}");
    let study = maasai_mancala::study::Study::load(Path::new("/dev/zero")).unwrap_err();
    assert!(study.problem.contains("not a regular file"), "{study:?}");
}

/// Saves `game` at `path` and opens it again: the error it is refused
/// with, after checking that it points at a place in the file.
fn refused_at_a_place(path: &Path, game: &GameFile) -> files::FileError {
    files::save_game(path, game).unwrap();
    let err = files::load_game(path).unwrap_err();
    assert!(err.place.is_some(), "{err}");
    err
}

#[test]
fn a_team_name_longer_than_the_dialog_allows_is_refused_with_its_place() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("long-name.ron");
    let mut game = sample_game(2);
    game.south_team = "A".repeat(5000);
    let err = refused_at_a_place(&path, &game);
    assert!(
        err.problem
            .contains("the South team's name is 5000 characters long; a name has at most 24"),
        "{err}"
    );
    // A name is one line: a line break would break the one-line outputs.
    game.south_team = "Il\nkisongo".into();
    let err = refused_at_a_place(&path, &game);
    assert!(
        err.problem
            .contains("the South team's name holds a line break"),
        "{err}"
    );
    // A name that shows nothing (blanks and zero-width characters) would
    // leave the team unnamed on screen; an empty one is called by its side.
    game.south_team = " \u{200B}\u{2060} ".into();
    let err = refused_at_a_place(&path, &game);
    assert!(
        err.problem
            .contains("the South team's name has no visible character"),
        "{err}"
    );
    game.south_team = String::new();
    files::save_game(&path, &game).unwrap();
    assert_eq!(files::load_game(&path).unwrap().south_team, "");
    // The longest name the dialog allows loads.
    game.south_team = "B".repeat(24);
    files::save_game(&path, &game).unwrap();
    assert_eq!(files::load_game(&path).unwrap().south_team, "B".repeat(24));
}

#[test]
fn a_field_written_mid_line_is_still_placed() {
    // Both team names on one line, as a hand-written file may have them.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("one-line.ron");
    let mut game = sample_game(2);
    game.south_team = "Ilkisongo".into();
    game.north_team = "Ilkisongo".into();
    files::save_game(&path, &game).unwrap();
    // `north_team:` moved up onto the end of the line before it.
    let text = std::fs::read_to_string(&path).unwrap();
    let north = text.find("north_team:").unwrap();
    let line_break = text[..north].rfind('\n').unwrap();
    let joined = format!("{} {}", &text[..line_break], &text[north..]);
    std::fs::write(&path, &joined).unwrap();
    let err = files::load_game(&path).unwrap_err();
    assert!(err.problem.contains("both teams are called"), "{err}");
    let (line, _) = err.place.expect("a place");
    assert_eq!(
        joined
            .lines()
            .nth(line - 1)
            .map(|l| l.contains("north_team:")),
        Some(true),
        "{err}\n{joined}"
    );
}

#[test]
fn teams_of_one_name_are_refused_with_the_place_as_the_dialog_refuses_them() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("same-names.ron");
    let mut game = sample_game(2);
    // Spelt alike, or a team called by the other side's name while that
    // side's team has none (it would be called "North" too).
    // Names that differ in capitals only are alike too, and a team may not
    // take the other side's name even when that side's team has its own.
    for (south, north, problem) in [
        ("Ilpurko", " Ilpurko ", "the teams need different names"),
        ("Ilkisongo", "ilkisongo", "the teams need different names"),
        ("North", "", "the teams need different names"),
        ("", "South", "the teams need different names"),
        (
            "Ilkisongo",
            "south",
            "the North team is called `south`, the other side's name",
        ),
        (
            "NORTH",
            "Ilpurko",
            "the South team is called `NORTH`, the other side's name",
        ),
    ] {
        game.south_team = south.into();
        game.north_team = north.into();
        let err = refused_at_a_place(&path, &game);
        assert!(err.problem.contains(problem), "{south:?} {north:?}: {err}");
    }
    // Without names the sides name the teams.
    game.south_team.clear();
    game.north_team.clear();
    files::save_game(&path, &game).unwrap();
    let file = files::load_game(&path).unwrap();
    assert_eq!(file.team_names(), ["South", "North"]);
}

#[test]
fn a_misspelt_field_is_refused_with_its_place_not_dropped() {
    // `moves` misspelt used to read as a game without moves, `cursor`
    // misspelt as cursor 0: data lost without a word.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("game.ron");
    files::save_game(&path, &sample_game(3)).unwrap();
    let text = std::fs::read_to_string(&path).unwrap();
    for (right, wrong) in [
        ("    moves: [", "    move: ["),
        ("    cursor:", "    cursr:"),
    ] {
        assert!(text.contains(right), "{right}");
        std::fs::write(&path, text.replace(right, wrong)).unwrap();
        let err = files::load_game(&path).unwrap_err();
        let field = wrong.trim().split(':').next().unwrap();
        assert!(err.place.is_some(), "{err}");
        assert!(
            err.problem
                .starts_with(&format!("`{field}` is not a field of a saved game")),
            "{err}"
        );
    }
    let study = std::fs::read_to_string("assets/studies/01-relay.ron").unwrap();
    let bad = study.replacen("    alternatives:", "    alternativs:", 1);
    let err = maasai_mancala::study::Study::parse(&bad, "bad.ron").unwrap_err();
    assert!(err.problem.contains("`alternativs`"), "{err:?}");
}

#[test]
fn bao_options_that_would_be_ignored_are_refused() {
    // Bao la Kimasai's start is fixed: a file saying North moves first, or
    // 7 seeds a hole, would claim what the game does not do.
    let mut options = GameOptions::bao_la_kimasai();
    options.first = Side::North;
    let err = options.validate().unwrap_err();
    assert_eq!(err.token, "first");
    let mut options = GameOptions::bao_la_kimasai();
    options.seeds = 7;
    let err = options.validate().unwrap_err();
    assert!(err.problem.contains("1 seed in each inner hole"), "{err}");
    assert!(GameOptions::bao_la_kimasai().validate().is_ok());
}

#[test]
fn en_gehe_options_that_contradict_the_start_position_are_refused_with_their_place() {
    // A file must not say what is not so: the game starts with South to
    // move and 4 seeds in every hole.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("game.ron");
    files::save_game(&path, &sample_game(3)).unwrap();
    let text = std::fs::read_to_string(&path).unwrap();
    let line_of = |needle: &str| {
        text.lines()
            .position(|l| l.trim_start().starts_with(needle))
            .unwrap()
            + 1
    };
    for (right, wrong, words) in [
        ("first: South,", "first: North,", "North moves first"),
        ("seeds: 4,", "seeds: 7,", "7 seeds"),
    ] {
        assert!(text.contains(right), "{right}");
        std::fs::write(&path, text.replacen(right, wrong, 1)).unwrap();
        let err = files::load_game(&path).unwrap_err();
        let line = line_of(right.split(':').next().unwrap());
        assert_eq!(err.place, Some((line, 9)), "{err}");
        assert!(err.problem.contains(words), "{err}");
        assert!(err.problem.contains("start position"), "{err}");
    }
    // What the program itself writes always loads: a game set up from a
    // position with North to move, uneven holes, or 2 seeds in every hole.
    for start in [
        "en-gehe south=1,0,3,2,0 north=0,2,0,1,1 captured=3,2 turn=north",
        "en-gehe south=2,2,2,2 north=2,2,2,2 captured=0,0 turn=north origin=skip",
        "en-gehe south=13,13,13 north=13,13,13 captured=0,0 turn=south",
        "en-gehe south=0,0,0 north=0,1,0 captured=4,3 turn=north",
    ] {
        let pos = maasai_mancala::engine::notation::parse_position(start).unwrap();
        let file = GameFile::from_game(maasai_mancala::engine::Game::new(pos));
        files::save_game(&path, &file).unwrap();
        let loaded = files::load_game(&path).unwrap_or_else(|e| panic!("{start}: {e}"));
        assert_eq!(loaded.options, file.options);
    }
    for options in [
        GameOptions {
            first: Side::North,
            seeds: 12,
            ..GameOptions::en_gehe(3)
        },
        GameOptions::bao_la_kimasai(),
    ] {
        files::save_game(&path, &GameFile::new(options).unwrap()).unwrap();
        assert_eq!(files::load_game(&path).unwrap().options, options);
    }
}

#[cfg(unix)]
#[test]
fn writing_through_a_symlink_updates_the_file_it_names() {
    let dir = tempfile::tempdir().unwrap();
    let target = dir.path().join("g1.ron");
    let link = dir.path().join("link.ron");
    files::save_game(&target, &sample_game(1)).unwrap();
    std::os::unix::fs::symlink("g1.ron", &link).unwrap();
    files::save_game(&link, &sample_game(3)).unwrap();
    // The link is still a link, and the file it names has the new game.
    assert!(
        std::fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink()
    );
    assert_eq!(files::load_game(&target).unwrap().game.moves().len(), 3);
    assert_eq!(
        files::load_game(&files::backup_path(&target))
            .unwrap()
            .game
            .moves()
            .len(),
        1
    );
    // A device is refused by its own name, before any backup is tried.
    let err = files::save_game(Path::new("/dev/null"), &sample_game(1)).unwrap_err();
    assert_eq!(err.path, Path::new("/dev/null"), "{err}");
    assert!(err.problem.contains("not a regular file"), "{err}");
    // A loop of links leads to no file: refused, the links left as they
    // are (replacing one would break the loop without a word).
    let (a, b) = (dir.path().join("a.ron"), dir.path().join("b.ron"));
    std::os::unix::fs::symlink("b.ron", &a).unwrap();
    std::os::unix::fs::symlink("a.ron", &b).unwrap();
    let selfish = dir.path().join("loop.ron");
    std::os::unix::fs::symlink("loop.ron", &selfish).unwrap();
    for link in [&a, &selfish] {
        let err = files::save_game(link, &sample_game(1)).unwrap_err();
        assert_eq!(err.path, *link, "{err}");
        assert!(err.problem.contains("loop of links"), "{err}");
        // Read, it is said in the same words, not "Too many levels of
        // symbolic links (os error 40)".
        let err = files::load_game(link).unwrap_err();
        assert_eq!(
            err.problem,
            "cannot read: a symbolic link in a loop of links that leads to no file"
        );
        assert!(
            std::fs::symlink_metadata(link)
                .unwrap()
                .file_type()
                .is_symlink()
        );
    }
    assert!(
        std::fs::symlink_metadata(&b)
            .unwrap()
            .file_type()
            .is_symlink()
    );
}

#[test]
fn an_illegal_move_is_placed_where_it_is_written_however_the_list_is_laid_out() {
    let text = std::fs::read_to_string(fixture("illegal-move.ron")).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("mvplace.ron");
    for (moves, line, column) in [
        // Two moves on a line: move 3 is on the next line, not the one after.
        (
            "    moves: [\n        \"1\", \"3\",\n        \"4\",\n        \"4\",\n    ],",
            17,
            9,
        ),
        // All on one line, with a comment holding a quoted word.
        (
            "    moves: [\"1\", /* \"x\" */ \"3\", \"4\", \"4\"],",
            15,
            33,
        ),
    ] {
        let laid_out = text.replace(
            "    moves: [\n        \"1\",\n        \"3\",\n        \"4\",\n        \"4\",\n    ],",
            moves,
        );
        assert_ne!(laid_out, text);
        std::fs::write(&path, &laid_out).unwrap();
        let err = files::load_game(&path).unwrap_err();
        assert!(err.problem.starts_with("move 3 "), "{err}");
        assert_eq!(err.place, Some((line, column)), "{err}");
    }
}

#[test]
fn version_and_game_name_errors_say_the_same_thing_for_every_kind_of_file() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("game.ron");
    files::save_game(&path, &sample_game(1)).unwrap();
    let game = std::fs::read_to_string(&path).unwrap();
    let place_of = |text: &str, needle: &str| {
        let line = text.lines().position(|l| l.contains(needle)).unwrap();
        let col = text.lines().nth(line).unwrap().find(needle).unwrap();
        Some((line + 1, col + 1))
    };
    // version: 0 is there: not "no `version` field".
    let text = game.replace("version: 1,", "version: 0,");
    let err = GameFile::parse(&text, &path).unwrap_err();
    assert!(!err.problem.contains("no `version` field"), "{err}");
    assert!(err.problem.contains("version 0"), "{err}");
    assert_eq!(err.place, place_of(&text, "version: 0"));
    // game: "" is there: not "no `game` field", and placed.
    let text = game.replace("game: \"en-gehe\"", "game: \"\"");
    let err = GameFile::parse(&text, &path).unwrap_err();
    assert!(!err.problem.contains("no `game` field"), "{err}");
    assert!(err.problem.contains("`game` is empty"), "{err}");
    assert_eq!(err.place, place_of(&text, "game: \"\""));

    // The same game inside an autosave: the same words, at the inner line.
    let data = tempfile::tempdir().unwrap();
    files::write_autosave(data.path(), &sample_game(1), None, true).unwrap();
    let auto_path = files::autosave_path(data.path());
    let auto = std::fs::read_to_string(&auto_path).unwrap();
    let text = auto.clone();
    let inner_version = text.match_indices("version: 1,").nth(1).unwrap().0;
    let text = format!(
        "{}version: 7,{}",
        &text[..inner_version],
        &text[inner_version + "version: 1,".len()..]
    );
    let err = files::parse_autosave_text(&text, &auto_path).unwrap_err();
    assert!(
        err.problem.contains("open it with a newer maasai-mancala"),
        "{err}"
    );
    assert!(err.problem.contains("version 7"), "{err}");
    let line = text.lines().position(|l| l.contains("version: 7")).unwrap() + 1;
    assert_eq!(err.place.map(|p| p.0), Some(line), "{err}");
    let text = auto.replace("game: \"en-gehe\"", "game: \"oware\"");
    let err = files::parse_autosave_text(&text, &auto_path).unwrap_err();
    assert!(err.problem.contains("unknown game `oware`"), "{err}");
    assert_eq!(err.place, place_of(&text, "game: \"oware\""), "{err}");

    // A study of a newer version: the same advice.
    let study = std::fs::read_to_string("assets/studies/01-relay.ron").unwrap();
    let err = maasai_mancala::study::Study::parse(
        &study.replacen("version: 1,", "version: 2,", 1),
        "s.ron",
    )
    .unwrap_err();
    assert!(
        err.problem.contains("open it with a newer maasai-mancala"),
        "{err}"
    );
    assert_eq!(err.line, 2, "{err}");
}

#[cfg(target_os = "linux")]
#[test]
fn a_system_folder_that_takes_no_files_is_not_called_missing() {
    // /proc is there, but no file can be created in it: "no such file or
    // folder" was false. (A new name: a file there, /proc/version, is
    // refused as read-only before any is created.)
    let err = files::save_game(Path::new("/proc/a game.ron"), &sample_game(2)).unwrap_err();
    assert_eq!(
        err.to_string(),
        "/proc/a game.ron: cannot create a file in its folder: the folder takes no new files (a system folder?)"
    );
}

#[test]
fn a_byte_order_mark_is_read_past_in_games_and_presets() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("bom.ron");
    let game = sample_game(3);
    files::save_game(&path, &game).unwrap();
    let text = std::fs::read_to_string(&path).unwrap();
    std::fs::write(&path, format!("\u{feff}{text}")).unwrap();
    assert_eq!(files::load_game(&path).unwrap().game, game.game);
    // A problem's place stays right: the mark takes no column.
    std::fs::write(
        &path,
        format!("\u{feff}{}", text.replacen("version: 1,", "version: 1", 1)),
    )
    .unwrap();
    let err = files::load_game(&path).unwrap_err();
    assert_eq!(err.place.map(|p| p.0), Some(2), "{err}");

    let shipped =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/assets/presets.ron"))
            .unwrap();
    let presets = dir.path().join("presets.ron");
    std::fs::write(&presets, format!("\u{feff}{shipped}")).unwrap();
    let read = files::read_text(&presets).unwrap();
    assert!(files::parse_presets(&read, &presets).is_ok());
}

#[test]
fn a_comment_for_a_move_the_game_lacks_is_refused_with_its_place() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("comments.ron");
    let mut game = sample_game(2);
    game.comments.clear();
    game.comments.insert(2, "North saves a seed".into());
    files::save_game(&path, &game).unwrap();
    assert_eq!(files::load_game(&path).unwrap().comments, game.comments);
    // Edited by hand to a move the game does not have.
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.contains("2: \"North saves a seed\""), "{text}");
    for (move_number, problem) in [
        (5, "a comment for move 5, but the game has 2 moves"),
        (0, "a comment for move 0: moves are numbered from 1"),
    ] {
        let edited = text.replace("2: \"North saves", &format!("{move_number}: \"North saves"));
        std::fs::write(&path, edited).unwrap();
        let err = files::load_game(&path).unwrap_err();
        assert!(err.place.is_some(), "{err}");
        assert!(err.problem.contains(problem), "{err}");
    }
}

#[test]
fn a_date_that_is_no_date_is_refused_with_its_place() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("dated.ron");
    let game = sample_game(2);
    files::save_game(&path, &game).unwrap();
    let text = std::fs::read_to_string(&path).unwrap();
    let written = format!("date: \"{}\"", game.date);
    assert!(text.contains(&written), "{text}");
    std::fs::write(&path, text.replace(&written, "date: \"yesterday\"")).unwrap();
    let err = files::load_game(&path).unwrap_err();
    assert!(err.place.is_some(), "{err}");
    assert!(
        err.problem
            .contains("`yesterday` is not a date in ISO-8601 UTC"),
        "{err}"
    );
    // A day alone is a date; no date at all reads too.
    std::fs::write(&path, text.replace(&written, "date: \"2026-11-29\"")).unwrap();
    assert_eq!(files::load_game(&path).unwrap().date, "2026-11-29");
    std::fs::write(&path, text.replace(&format!("{written},"), "")).unwrap();
    assert_eq!(files::load_game(&path).unwrap().date, "");
}

#[test]
fn a_typed_path_reads_the_home_folder_and_is_made_whole() {
    use std::path::{Path, PathBuf};
    // The folders given, not read from this process's HOME and working
    // folder (an unset HOME skipped the checks of `~`).
    let (home, here) = (Path::new("/home/ali"), Path::new("/work/games"));
    let typed = |text: &str| files::typed_path_from(text, Some(home), Some(here));
    assert_eq!(typed(" ~/games/g1 "), home.join("games/g1"));
    assert_eq!(typed("~"), home);
    assert_eq!(typed("~//g1"), home.join("g1"));
    // `~user` is not expanded (no shell's user database): it stays a name.
    assert_eq!(typed("~ali/g"), here.join("~ali/g"));
    assert_eq!(typed("saves/g1.ron"), here.join("saves/g1.ron"));
    assert_eq!(typed("/tmp/g1.ron"), PathBuf::from("/tmp/g1.ron"));
    // No home folder known: `~` is a name like any other.
    let homeless = |text: &str| files::typed_path_from(text, None, Some(here));
    assert_eq!(homeless("~/g1"), here.join("~/g1"));
    assert_eq!(homeless("~"), here.join("~"));
    // The process's own folders, as the window uses them.
    assert_eq!(
        files::typed_path("saves/g1.ron"),
        std::env::current_dir().unwrap().join("saves/g1.ron")
    );
}

#[test]
fn games_moved_aside_are_the_programs_own_files() {
    let dir = tempfile::tempdir().unwrap();
    let folders = files::Folders {
        config: dir.path().join("config"),
        data: dir.path().join("data"),
    };
    std::fs::create_dir_all(&folders.data).unwrap();
    for name in ["unsaved game.ron", "unsaved game 2.ron"] {
        let path = folders.data.join(name);
        std::fs::write(&path, "").unwrap();
        assert_eq!(
            folders.own_file(&path),
            Some("copy of an unsaved game"),
            "{name}"
        );
    }
    // Other names there, and the same name elsewhere, are the user's.
    for path in [
        folders.data.join("unsaved games.ron"),
        folders.data.join("my unsaved game.ron"),
        dir.path().join("unsaved game.ron"),
    ] {
        assert_eq!(folders.own_file(&path), None, "{}", path.display());
    }
}

// ------------------------------------------------- names that are not UTF-8

/// A file name with a byte that is not UTF-8 (Linux allows any bytes).
#[cfg(unix)]
fn not_utf8(dir: &Path) -> PathBuf {
    use std::os::unix::ffi::OsStrExt;
    dir.join(std::ffi::OsStr::from_bytes(b"bad\xffname.ron"))
}

#[cfg(unix)]
#[test]
fn a_recent_file_whose_name_is_not_utf8_is_left_out_of_the_list_not_a_panic() {
    let config = tempfile::tempdir().unwrap();
    let bad = not_utf8(config.path());
    let good = config.path().join("good.ron");
    let mut recent = RecentFiles::default();
    recent.add(&good);
    recent.add(&bad);
    assert!(!RecentFiles::storable(&bad));
    assert!(RecentFiles::storable(&good));
    recent.save(config.path()).unwrap();
    let again = RecentFiles::load(config.path()).unwrap();
    assert_eq!(again.files.len(), 1, "{:?}", again.files);
    assert!(again.files[0].ends_with("good.ron"));
}

#[cfg(unix)]
#[test]
fn an_autosave_from_a_file_whose_name_is_not_utf8_is_written_without_its_source() {
    let data = tempfile::tempdir().unwrap();
    let source = not_utf8(data.path());
    files::write_autosave(data.path(), &sample_game(3), Some(&source), true).unwrap();
    let back = files::load_autosave(data.path()).unwrap().unwrap();
    assert_eq!(back.game, sample_game(3));
    assert_eq!(back.source, None);
    assert!(back.unsaved);
}

#[cfg(unix)]
#[test]
fn a_game_whose_file_name_is_not_utf8_saves_and_loads() {
    let dir = tempfile::tempdir().unwrap();
    let path = not_utf8(dir.path());
    files::save_game(&path, &sample_game(2)).unwrap();
    assert_eq!(files::load_game(&path).unwrap(), sample_game(2));
}

// ---------------------------------------------------------- a load stopped

/// `keep_going` for a stoppable load that says yes `yes` times, then no,
/// counting how often it was asked.
fn yes_then_no(yes: usize, asked: &std::cell::Cell<usize>) -> impl FnMut() -> bool + '_ {
    move || {
        asked.set(asked.get() + 1);
        asked.get() <= yes
    }
}

/// A saved game's text with `moves` written in place of its moves.
fn with_moves(file: &GameFile, moves: &[&str]) -> String {
    let text = file.to_ron().unwrap();
    let start = text.find("    moves: [").expect("a moves field");
    let end = start + text[start..].find("],\n").expect("the moves' end") + 3;
    let listed: String = moves
        .iter()
        .map(|m| format!("        \"{m}\",\n"))
        .collect();
    format!(
        "{}    moves: [\n{listed}    ],\n{}",
        &text[..start],
        &text[end..]
    )
}

#[test]
fn a_stopped_load_gives_up_between_moves_without_replaying_the_rest() {
    // Six moves and then one the rules refuse: read to its end, the load
    // says so; stopped, it never gets there.
    let path = Path::new("stopped.ron");
    let played: Vec<String> = sample_game(6)
        .move_list()
        .into_iter()
        .map(|m| m.notation)
        .chain(["9".to_string()])
        .collect();
    let played: Vec<&str> = played.iter().map(String::as_str).collect();
    let text = with_moves(&sample_game(0), &played);
    let whole = files::game_from_text(&text, path).unwrap_err();
    assert!(whole.problem.starts_with("move 7 ("), "{whole}");
    assert!(whole.problem.contains("there is no hole 9"), "{whole}");
    let asked = std::cell::Cell::new(0);
    let stopped = files::game_from_text_or_stop(&text, path, yes_then_no(2, &asked));
    assert_eq!(stopped, Err(files::LoadError::Stopped));
    assert_eq!(
        asked.get(),
        3,
        "asked before each move, and no more once told to stop"
    );
    // The window's flag, set before the read begins: not one move replayed.
    let stop = std::sync::atomic::AtomicBool::new(true);
    let flagged = files::game_from_text_or_stop(&text, path, || {
        !stop.load(std::sync::atomic::Ordering::Relaxed)
    });
    assert_eq!(flagged, Err(files::LoadError::Stopped));
    // Never told to stop, it is the load the command line does.
    let asked = std::cell::Cell::new(0);
    assert_eq!(
        files::game_from_text_or_stop(&text, path, yes_then_no(usize::MAX, &asked)),
        Err(files::LoadError::Failed(whole))
    );
    assert_eq!(asked.get(), 7);
    let good = sample_game(4).to_ron().unwrap();
    assert_eq!(
        files::game_from_text_or_stop(&good, path, || true),
        Ok(sample_game(4))
    );
    // An autosave's game is replayed the same way.
    let data = tempfile::tempdir().unwrap();
    files::write_autosave(data.path(), &sample_game(4), None, true).unwrap();
    let autosave = std::fs::read_to_string(files::autosave_path(data.path())).unwrap();
    let asked = std::cell::Cell::new(0);
    assert_eq!(
        files::game_from_text_or_stop(&autosave, path, yes_then_no(1, &asked)),
        Err(files::LoadError::Stopped)
    );
    assert_eq!(asked.get(), 2);
}

#[test]
fn a_stopped_load_gives_up_within_a_move_that_takes_seconds_to_prove_endless() {
    // RULES.md: `o2` here runs for millions of laps and then cycles, so a
    // file that plays it is refused only after seconds of sowing. Asked
    // before the move (yes) and then within it, every million laps or so
    // (no), the load stops in the middle of the move.
    let start = maasai_mancala::engine::notation::parse_position(
        "bao-la-kimasai south=5,4,3,0,1,3,4,1,2,1,2,5,0,3,3,2 \
         north=1,1,1,1,1,1,1,1,0,0,0,0,0,0,0,0 reserve=10,10 turn=south opening=no",
    )
    .unwrap();
    let file = GameFile::from_game(maasai_mancala::engine::Game::new(start));
    let text = with_moves(&file, &["o2"]);
    let asked = std::cell::Cell::new(0);
    let stopped =
        files::game_from_text_or_stop(&text, Path::new("endless.ron"), yes_then_no(1, &asked));
    assert_eq!(stopped, Err(files::LoadError::Stopped));
    assert_eq!(
        asked.get(),
        2,
        "stopped at the first question within the move"
    );
}

#[test]
fn a_stopped_study_read_gives_up_before_its_lines_are_replayed() {
    use maasai_mancala::study::Study;
    let text = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/studies/01-relay.ron"),
    )
    .unwrap();
    let whole = Study::parse(&text, "relay.ron").unwrap();
    let moves = whole.solution.len()
        + whole
            .alternatives
            .iter()
            .map(|(_, line)| line.len())
            .sum::<usize>();
    assert!(moves > 1, "{moves}");
    let asked = std::cell::Cell::new(0);
    assert_eq!(
        Study::parse_or_stop(&text, "relay.ron", yes_then_no(usize::MAX, &asked)),
        Ok(whole)
    );
    assert_eq!(asked.get(), moves, "asked before each move");
    let asked = std::cell::Cell::new(0);
    assert_eq!(
        Study::parse_or_stop(&text, "relay.ron", yes_then_no(0, &asked)),
        Err(files::LoadError::Stopped)
    );
    assert_eq!(asked.get(), 1);
    // A folder of studies read for the library stops as a whole.
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("a.ron"), &text).unwrap();
    std::fs::write(dir.path().join("b.ron"), &text).unwrap();
    assert_eq!(Study::load_each(dir.path()).unwrap().len(), 2);
    let asked = std::cell::Cell::new(0);
    assert_eq!(
        Study::load_each_or_stop(dir.path(), yes_then_no(moves, &asked)),
        Err(files::LoadError::Stopped)
    );
    assert_eq!(
        asked.get(),
        moves + 1,
        "stopped at the second file's first move"
    );
}

// ------------------------------------------------- the system's failures, in words

#[test]
fn a_file_where_the_program_keeps_a_folder_is_said_so_with_what_to_do() {
    // "…/maasai-mancala: cannot create the data folder: File exists (os
    // error 17)" said nothing a user could act on.
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("maasai-mancala");
    std::fs::write(&file, "not a folder").unwrap();
    let err = files::write_autosave(&file, &sample_game(2), None, true).unwrap_err();
    assert_eq!(
        err.to_string(),
        format!(
            "{}: this is a file, not a folder: the program keeps its data there; \
             move or rename that file",
            file.display()
        )
    );
    let config = format!(
        "{}: this is a file, not a folder: the program keeps its presets, studies and \
         recent-files list there; move or rename that file",
        file.display()
    );
    let mut recent = RecentFiles::default();
    recent.add(&file);
    assert_eq!(recent.save(&file).unwrap_err().to_string(), config);
    let err = files::add_user_preset(&file, user_preset("Mine", 8)).unwrap_err();
    assert_eq!(err.to_string(), config);
    // A file on the way to the folder.
    let data = file.join("share/maasai-mancala");
    let err = files::write_autosave(&data, &sample_game(2), None, true).unwrap_err();
    assert_eq!(
        err.to_string(),
        format!(
            "{}: cannot create the data folder: {} is a file, not a folder, so nothing can \
             be made inside it; move or rename that file",
            data.display(),
            file.display()
        )
    );
    // Reading through it says the same of it.
    let err = files::load_game(&file.join("game.ron")).unwrap_err();
    assert_eq!(
        err.problem,
        format!(
            "cannot read: {} is a file, not a folder, so nothing can be inside it",
            file.display()
        )
    );
    // Nothing was changed or left behind.
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "not a folder");
    assert_eq!(listing(dir.path()), ["maasai-mancala"]);
}

#[test]
fn a_new_file_whose_name_is_too_long_is_not_said_to_replace_anything() {
    // "…bbbb.ron: cannot replace the file: File name too long (os error
    // 36)": there was nothing to replace.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join(format!("{}.ron", "b".repeat(300)));
    let err = files::save_game(&path, &sample_game(2)).unwrap_err();
    assert_eq!(err.path, path);
    assert_eq!(
        err.problem,
        "cannot write the file: the file name is too long (at most 255 bytes; this one has 304)"
    );
    assert!(listing(dir.path()).is_empty(), "{:?}", listing(dir.path()));
    // At the longest a name may be, it is saved (and saved again).
    let longest = dir.path().join(format!("{}.ron", "b".repeat(251)));
    files::save_game(&longest, &sample_game(2)).unwrap();
    files::save_game(&longest, &sample_game(3)).unwrap();
    assert_eq!(files::load_game(&longest).unwrap(), sample_game(3));
}

#[test]
fn a_path_too_long_to_look_up_is_not_called_missing() {
    // The window said "there is no such file" of a path of more than 4096
    // characters: it asked `Path::exists`, which says no to every failure.
    let dir = tempfile::tempdir().unwrap();
    let mut long = dir.path().to_path_buf();
    for _ in 0..20 {
        long.push("d".repeat(250));
    }
    long.push("game.ron");
    let bytes = long.as_os_str().len();
    assert!(bytes > 4096);
    assert!(!files::nothing_at(&long));
    let err = files::load_game(&long).unwrap_err();
    assert_eq!(
        err.problem,
        format!(
            "cannot read: the path is too long (at most 4,095 bytes; this one has {})",
            maasai_mancala::engine::group_digits(bytes as u64)
        )
    );
    // A folder's name too long for any file system.
    let folder = dir.path().join("f".repeat(300)).join("game.ron");
    assert!(!files::nothing_at(&folder));
    let err = files::load_game(&folder).unwrap_err();
    assert_eq!(
        err.problem,
        "cannot read: a folder name in the path is too long (at most 255 bytes; one has 300)"
    );
    // What is not there is missing; what is there is not.
    assert!(files::nothing_at(&dir.path().join("no-such-game.ron")));
    assert!(files::nothing_at(
        &dir.path().join("no-such-folder/game.ron")
    ));
    assert!(!files::nothing_at(dir.path()));
}

#[test]
fn a_game_undone_to_its_start_with_a_comment_kept_for_redo_saves_and_autosaves() {
    // Every move undone: the window keeps the first move's comment for
    // redo, past the game's end. The length check of the comments ranged
    // over moves 1..=0, which panicked, killing the autosave's writer and
    // then the window on Save.
    let dir = tempfile::tempdir().unwrap();
    let mut file = GameFile::new(GameOptions::en_gehe(8)).unwrap();
    file.comments.insert(1, "kept for redo".into());
    let path = dir.path().join("undone.ron");
    files::save_game(&path, &file).unwrap();
    let loaded = files::load_game(&path).unwrap();
    assert!(loaded.game.moves().is_empty());
    assert!(
        loaded.comments.is_empty(),
        "a comment past the end is not saved"
    );
    let data = dir.path().join("data");
    files::write_autosave(&data, &file, None, true).unwrap();
    let autosave = files::load_autosave(&data).unwrap().expect("written");
    assert!(autosave.game.game.moves().is_empty());
}

#[test]
fn undone_moves_are_saved_checked_and_placed_like_the_game_s() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("undone.ron");
    let mut file = sample_game(4);
    let undone: Vec<_> = file.game.moves()[2..].to_vec();
    file.truncate(2);
    file.undone = undone.clone();
    file.comments.insert(4, "played back by Redo".into());
    files::save_game(&path, &file).unwrap();
    let loaded = files::load_game(&path).unwrap();
    assert_eq!(loaded.game.moves().len(), 2);
    assert_eq!(loaded.undone, undone);
    assert_eq!(loaded.comment(4), "played back by Redo");
    let summary = files::check_file(&path).unwrap();
    assert!(
        summary.line.contains("2 moves (2 undone, for Redo)"),
        "{summary:?}"
    );
    // A move played where they were drops them, and their comments (the
    // first's stuck to the new move, numbered as it was).
    let mut played = loaded.clone();
    played.comments.insert(3, "undone move's".into());
    let mv = played.game.current().legal_moves()[0];
    played.play_at_cursor(mv).unwrap();
    assert!(played.undone.is_empty());
    assert_eq!(played.comment(3), "");
    assert_eq!(played.comment(4), "");

    let text = std::fs::read_to_string(&path).unwrap();
    let first = format!("\"{}\"", file.game.variant().move_name(undone[0]));
    let at = text.find("undone: [").unwrap();
    let list_line = text[..at].lines().count();
    // The second undone move edited to a hole that cannot be played.
    let mut lines: Vec<String> = text.lines().map(String::from).collect();
    let second = list_line + 1;
    assert!(lines[list_line].contains(&first), "{text}");
    lines[second] = "        \"9\",".into();
    std::fs::write(&path, lines.join("\n")).unwrap();
    let err = files::load_game(&path).unwrap_err();
    assert!(
        err.problem.starts_with("undone move 4 (North `9`)"),
        "{err}"
    );
    assert_eq!(err.place.map(|(line, _)| line), Some(second + 1), "{err}");
    // A comment past the undone moves is refused, naming them.
    let edited = text.replace("4: \"played back", "5: \"played back");
    std::fs::write(&path, edited).unwrap();
    let err = files::load_game(&path).unwrap_err();
    assert!(
        err.problem
            .contains("a comment for move 5, but the game has 2 moves and 2 undone"),
        "{err}"
    );
}

#[test]
fn a_team_is_labelled_with_its_side_unless_named_after_it() {
    use maasai_mancala::files::team_label;
    assert_eq!(team_label("Ilkisongo", Side::South), "Ilkisongo (South)");
    assert_eq!(team_label("South", Side::South), "South");
    // Its own side's name in other capitals is that side, not
    // "north (North)".
    assert_eq!(team_label("north", Side::North), "North");
    assert_eq!(team_label(" NORTH ", Side::North), "North");
}

#[test]
fn a_team_as_owner_takes_the_possessive_on_its_name() {
    use maasai_mancala::files::team_possessive;
    // "Kisongo Elders (North)'s hole" read as the side's.
    assert_eq!(
        team_possessive("Kisongo Elders", Side::North),
        "Kisongo Elders' (North)"
    );
    assert_eq!(
        team_possessive("Ilkisongo", Side::South),
        "Ilkisongo's (South)"
    );
    assert_eq!(team_possessive("south", Side::South), "South's");
}

#[test]
fn an_autosave_s_unsaved_work_is_told_without_replaying_its_moves() {
    use maasai_mancala::files::{
        autosave_path, may_hold_unsaved_work, write_autosave, write_autosave_stamped,
    };
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let game = sample_game(3);
    // None there, or one that cannot be read: nothing to keep.
    assert!(!may_hold_unsaved_work(&data));
    std::fs::create_dir_all(&data).unwrap();
    std::fs::write(autosave_path(&data), "Autosave(").unwrap();
    assert!(!may_hold_unsaved_work(&data));
    // Changes saved nowhere.
    write_autosave(&data, &game, None, true).unwrap();
    assert!(may_hold_unsaved_work(&data));
    // Saved in its file, unchanged since: nothing to keep, and its moves
    // need no replaying.
    let source = dir.path().join("game.ron");
    files::save_game(&source, &game).unwrap();
    let meta = std::fs::metadata(&source).unwrap();
    let stamp = (meta.modified().unwrap(), meta.len());
    write_autosave_stamped(&data, &game, Some((&source, Some(stamp))), false).unwrap();
    assert!(!may_hold_unsaved_work(&data));
    // The file changed since, gone, or never stamped: the whole reading
    // (with the file compared) decides.
    std::fs::write(&source, "another game").unwrap();
    assert!(may_hold_unsaved_work(&data));
    std::fs::remove_file(&source).unwrap();
    assert!(may_hold_unsaved_work(&data));
    write_autosave(&data, &game, Some(&source), false).unwrap();
    assert!(may_hold_unsaved_work(&data));
    // Moves undone for Redo count as work too.
    let mut undone = game.clone();
    let last = *undone.game.moves().last().unwrap();
    undone.game.truncate(2);
    undone.cursor = 2;
    undone.undone.push(last);
    write_autosave(&data, &undone, None, false).unwrap();
    assert!(may_hold_unsaved_work(&data));
}

#[test]
fn names_are_shown_with_controls_escaped_and_joiners_kept() {
    // Every format character was escaped: a Persian name's joiner showed
    // as \u{200c} in the title and messages.
    use maasai_mancala::files::shown_path;
    assert_eq!(
        shown_path(std::path::Path::new("a\u{200c}b/\u{202e}x\ny\u{1b}.ron")),
        "a\u{200c}b/\\u{202e}x\\ny\\u{1b}.ron"
    );
}
