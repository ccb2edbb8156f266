//! UI tests of the files feature in the window (egui_kittest): opening a
//! saved game through the typed-path window, a corrupt file leaving the
//! game alone, save and reopen, the autosave offered back after a killed
//! session, the unsaved-changes prompt, pasting positions and user presets.
//! Every test keeps its files in temporary folders.

mod common;
use common::ctrl_v_released;
use common::{en_gehe, files_harness, folders, play, replace_field};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use maasai_mancala::app::anim::INSTANT_SPEED;
use maasai_mancala::app::files_ui::{FileCommand, PASTE_REFUSED};
use maasai_mancala::app::players::Player;
use maasai_mancala::app::{AppCommand, MaasaiApp};
use maasai_mancala::engine::{Game, GameOptions};
use maasai_mancala::files::{
    GameFile, Preset, add_user_preset, autosave_path, load_game, load_user_presets, save_game,
};
use maasai_mancala::search::Level;
use std::path::{Path, PathBuf};

fn files(h: &mut Harness<'_, MaasaiApp>, command: FileCommand) {
    h.state_mut().queue(AppCommand::Files(command));
    h.run();
}

/// A 2×6 game of three moves, saved to `path`.
fn saved_game(path: &Path) -> GameFile {
    let mut game = Game::new(en_gehe(6));
    for name in ["1", "2", "6"] {
        let mv = game.variant().parse_move(name).unwrap();
        game.play(mv).unwrap();
    }
    let mut file = GameFile::from_game(game);
    file.south_team = "Ilkeekonyokie".into();
    file.north_team = "Ilmolelian".into();
    save_game(path, &file).unwrap();
    file
}

fn moves(h: &Harness<'_, MaasaiApp>) -> Vec<String> {
    h.state().rt.stats.iter().map(|s| s.name.clone()).collect()
}

/// The game's moves in notation ("1", "2").
fn move_names(h: &Harness<'_, MaasaiApp>) -> Vec<String> {
    let game = &h.state().rt.game;
    game.moves()
        .iter()
        .map(|&m| game.variant().move_name(m))
        .collect()
}

/// No file operation has failed (the failure is printed otherwise).
fn assert_no_file_error(h: &Harness<'_, MaasaiApp>) {
    assert!(
        h.state().files.error.is_none(),
        "{:?}",
        h.state().files.error
    );
}

#[test]
fn a_file_without_team_names_names_the_sides_not_the_last_game_s_teams() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("nameless.ron");
    let mut file = saved_game(&path);
    // Empty names (a name of only blanks is refused, see tests/files.rs).
    file.south_team = String::new();
    file.north_team = String::new();
    save_game(&path, &file).unwrap();
    let mut h = files_harness(dir.path(), en_gehe(8));
    h.state_mut().settings.names = ["Ilkisongo".into(), "Ilpurko".into()];
    h.state_mut().rt.names = ["Ilkisongo".into(), "Ilpurko".into()];
    files(&mut h, FileCommand::OpenPath(path.clone()));
    // The renamed teams count as a change.
    h.get_by_label("Discard changes").click();
    h.run();
    assert_no_file_error(&h);
    assert_eq!(h.state().files.path.as_deref(), Some(path.as_path()));
    assert_eq!(h.state().rt.names, ["South", "North"]);
}

#[test]
fn open_through_the_menu_and_typed_path_shows_the_moves() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("match.ron");
    let file = saved_game(&path);
    let mut h = files_harness(dir.path(), en_gehe(8));

    h.get_by_label("Game").click();
    h.run();
    h.get_by_label("Open…  (Ctrl+O)").click();
    h.run();
    // No native dialog in tests: the typed-path window asks for the file.
    replace_field(&mut h, "File path", path.to_str().unwrap());
    h.get_by_label("Open").click();
    h.run();

    let app = h.state();
    assert!(app.files.error.is_none(), "{:?}", app.files.error);
    assert_eq!(app.rt.game, file.game);
    assert_eq!(app.rt.names, ["Ilkeekonyokie", "Ilmolelian"]);
    assert_eq!(app.files.path.as_deref(), Some(path.as_path()));
    assert!(!app.unsaved());
    assert_eq!(moves(&h), ["1", "2", "6"]);
    // The board shows the position after the last move.
    let last = file.game.current();
    let seeds = last.row(maasai_mancala::engine::Side::South)[0];
    assert!(
        h.query_by_label(&format!("South 1: {seeds} seeds"))
            .is_some(),
        "the board shows the opened game"
    );
    // And the file is now in the recent list, stored in the config folder.
    assert!(h.state().files.recent.files[0].ends_with("match.ron"));
    assert!(dir.path().join("config/recent.ron").exists());
}

#[test]
fn a_corrupt_file_shows_its_place_and_keeps_the_current_game() {
    let dir = tempfile::tempdir().unwrap();
    let bad = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/garbled.ron");
    let mut h = files_harness(dir.path(), en_gehe(6));
    play(&mut h, "1");
    let before = h.state().rt.game.clone();
    // The line under the board still tells of an earlier open.
    h.state_mut().rt.notice = Some(maasai_mancala::app::state::Notice::report(format!(
        "{}/tmp/earlier.ron",
        maasai_mancala::app::state::OPENED_NOTICE
    )));

    files(&mut h, FileCommand::OpenPath(bad.clone()));
    // The move is not saved, but the file is refused before any question
    // about giving it up.
    assert!(h.query_by_label("Save your changes?").is_none());
    h.run();

    let (title, message) = h.state().files.error.clone().expect("an error is shown");
    assert_eq!(title, "Cannot open the file");
    assert!(message.contains("garbled.ron:3:20:"), "{message}");
    assert_eq!(h.state().rt.notice, None, "an earlier report stays");
    assert!(
        h.query_by_label_contains("garbled.ron:3:20:").is_some(),
        "the message is in the window"
    );
    assert_eq!(h.state().rt.game, before, "the game is untouched");
    assert!(h.state().files.path.is_none());

    h.get_by_label("OK").click();
    h.run();
    assert!(h.state().files.error.is_none());
    assert_eq!(h.state().rt.game, before);
}

#[test]
fn save_as_then_open_gives_the_same_game() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("saved.ron");
    let mut h = two_moves_in(dir.path());
    assert!(h.state().unsaved());
    let played = h.state().rt.game.clone();

    h.key_press_modifiers(
        egui::Modifiers::COMMAND | egui::Modifiers::SHIFT,
        egui::Key::S,
    );
    h.run();
    replace_field(&mut h, "File path", path.to_str().unwrap());
    h.get_by_label("Save").click();
    h.run();
    assert_no_file_error(&h);
    assert!(!h.state().unsaved());
    assert_eq!(load_game(&path).unwrap().game, played);

    // A new game (nothing to ask: it is saved), then open the file again.
    let options = GameOptions::en_gehe(8);
    let names = h.state().rt.names.clone();
    h.state_mut().queue(AppCommand::NewGame(options, names));
    h.run();
    assert!(h.state().rt.game.moves().is_empty());
    assert!(h.state().files.path.is_none());
    files(&mut h, FileCommand::OpenPath(path.clone()));
    assert_eq!(h.state().rt.game, played);
    assert_eq!(moves(&h), ["1", "2"]);
    // Reported plainly, not as a warning.
    let opened = h.state().rt.notice.clone().expect("a report");
    assert!(opened.starts_with("Opened ") && opened.report, "{opened}");
    files(&mut h, FileCommand::CopyPosition);
    let copied = h.state().rt.notice.clone().expect("a report");
    assert!(
        copied.starts_with("Copied the position: ") && copied.report,
        "{copied}"
    );

    // Ctrl+S saves to the same file without asking.
    play(&mut h, "6");
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::S);
    h.run();
    assert!(!h.state().unsaved());
    assert_eq!(load_game(&path).unwrap().game.moves().len(), 3);
}

#[test]
fn a_typed_name_ending_in_a_slash_is_refused_as_a_folder_s() {
    // Save as `newdir/` (no such folder) saved the game as "newdir.ron",
    // and Open of `saved/` opened "saved.ron", without a word.
    let dir = tempfile::tempdir().unwrap();
    let mut h = files_harness(dir.path(), en_gehe(6));
    play(&mut h, "1");
    let folder = PathBuf::from(format!("{}/newdir/", dir.path().display()));
    files(&mut h, FileCommand::SaveTo(folder));
    let (_, message) = h.state().files.error.clone().expect("an error is shown");
    assert!(message.contains("names a folder, not a file"), "{message}");
    assert!(!dir.path().join("newdir.ron").exists());
    assert!(h.state().unsaved());
    assert!(h.state().files.path.is_none());
    // Saved under a name of its own, the game is not opened from `saved/`.
    h.state_mut().files.error = None;
    let saved = dir.path().join("saved.ron");
    files(&mut h, FileCommand::SaveTo(saved.clone()));
    assert!(saved.is_file());
    assert!(!h.state().unsaved());
    let typed = PathBuf::from(format!("{}/saved/", dir.path().display()));
    files(&mut h, FileCommand::OpenPath(typed));
    h.run_steps(2);
    let (_, message) = h.state().files.error.clone().expect("an error is shown");
    assert!(message.contains("there is no such file"), "{message}");
    assert!(!message.contains("either"), "{message}");
}

#[test]
fn saving_into_a_missing_folder_shows_an_error_and_keeps_the_game() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("no-such-folder/game.ron");
    let mut h = files_harness(dir.path(), en_gehe(6));
    play(&mut h, "1");
    files(&mut h, FileCommand::SaveTo(path.clone()));
    let (_, message) = h.state().files.error.clone().expect("an error is shown");
    assert!(message.contains("game.ron"), "{message}");
    assert!(message.contains("not saved"), "{message}");
    assert!(h.state().unsaved());
    assert_eq!(h.state().rt.game.moves().len(), 1);
    assert!(h.state().files.path.is_none());

    // After a good save, a failed one does not leave "Saved to …" showing.
    let good = dir.path().join("good.ron");
    h.state_mut().files.error = None;
    files(&mut h, FileCommand::SaveTo(good.clone()));
    // A report reads plainly; a refusal warns.
    assert!(
        h.state()
            .rt
            .notice
            .as_ref()
            .is_some_and(|n| n.starts_with("Saved to") && n.report)
    );
    play(&mut h, "2");
    files(&mut h, FileCommand::SaveTo(path.clone()));
    assert!(h.state().files.error.is_some());
    let notice = h.state().rt.notice.clone().expect("a notice");
    assert!(
        notice.starts_with("Not saved to") && notice.contains("game.ron") && !notice.report,
        "{notice}"
    );
    assert!(h.state().unsaved());
    assert_eq!(h.state().files.path.as_deref(), Some(good.as_path()));
    // The message says what became of the game: its file is good.ron.
    let (_, message) = h.state().files.error.clone().unwrap();
    assert!(
        message.ends_with(&format!(
            "The game stays open; its latest changes are not saved (its file is {}).",
            good.display()
        )),
        "{message}"
    );
    // Saved, a failed Save As leaves it saved where it was.
    h.state_mut().files.error = None;
    files(&mut h, FileCommand::SaveTo(good.clone()));
    files(&mut h, FileCommand::SaveTo(path.clone()));
    let (_, message) = h.state().files.error.clone().unwrap();
    assert!(
        message.ends_with(&format!(
            "The game stays open, still saved in {}.",
            good.display()
        )),
        "{message}"
    );
}

#[test]
fn autosave_after_a_move_is_offered_on_the_next_start() {
    let dir = tempfile::tempdir().unwrap();
    let played = {
        let mut h = files_harness(dir.path(), en_gehe(6));
        assert!(
            !autosave_path(&folders(dir.path()).data).exists(),
            "nothing to autosave before a move"
        );
        play(&mut h, "1");
        play(&mut h, "2");
        assert!(autosave_path(&folders(dir.path()).data).exists());
        h.state().rt.game.clone()
        // Dropped without closing: as if the program were killed.
    };

    let mut h = files_harness(dir.path(), en_gehe(8));
    assert!(h.query_by_label("Resume last game?").is_some());
    // Said in people's words: the game's title, the side with a capital.
    assert!(
        h.query_by_label_contains("En Gehé 2×6, 2 moves; South to move, with unsaved changes")
            .is_some()
    );
    h.get_by_label("Resume last game").click();
    h.run();
    assert!(h.state().files.resume_offer.is_none());
    assert_eq!(h.state().rt.game, played);
    assert_eq!(moves(&h), ["1", "2"]);
    // Never saved to a file, so it still counts as unsaved work.
    assert!(h.state().unsaved());

    // Declining keeps the fresh game (on the next start: the window
    // before is closed, else the new one would keep an autosave of its own).
    drop(h);
    let mut h = files_harness(dir.path(), en_gehe(8));
    h.get_by_label("Start fresh").click();
    h.run();
    assert!(h.state().files.resume_offer.is_none());
    assert!(h.state().rt.game.moves().is_empty());
    assert_eq!(h.state().rt.game.current().holes_per_side(), 8);
}

#[test]
fn a_second_window_open_at_once_keeps_its_own_autosave() {
    let dir = tempfile::tempdir().unwrap();
    let data = folders(dir.path()).data;
    let mut first = files_harness(dir.path(), en_gehe(6));
    play(&mut first, "1");
    play(&mut first, "2");
    let first_game = first.state().rt.game.clone();
    let first_autosave = std::fs::read_to_string(autosave_path(&data)).unwrap();

    // Started while the first runs: the first's game is not offered (it is
    // open there), and the second's moves leave the first's autosave alone.
    let mut second = files_harness(dir.path(), en_gehe(8));
    assert!(second.query_by_label("Resume last game?").is_none());
    let window_2 = data.join("window 2");
    assert_eq!(
        second.state().files.folders.as_ref().unwrap().data,
        window_2
    );
    play(&mut second, "3");
    let second_game = second.state().rt.game.clone();
    assert!(autosave_path(&window_2).exists());
    assert_eq!(
        std::fs::read_to_string(autosave_path(&data)).unwrap(),
        first_autosave
    );
    // Nor can the second save a game over the first's autosave.
    let own = second
        .state()
        .files
        .folders
        .as_ref()
        .unwrap()
        .own_file(&autosave_path(&data));
    assert_eq!(own, Some("autosave"));

    // Both killed (a logout): the next start offers the first window's
    // game, and says where the second's went, which had waited unseen in
    // `window 2/` until two windows were open again.
    drop((first, second));
    let mut h = files_harness(dir.path(), en_gehe(8));
    let aside = data.join("unsaved game.ron");
    let (title, text) = h.state().files.error.clone().expect("a message");
    assert_eq!(title, "Another window's unsaved game");
    assert!(
        text.contains(&format!(
            "Window 2's game was moved to {}: Open… in the Game menu opens it.",
            aside.display()
        )),
        "{text}"
    );
    assert!(!autosave_path(&window_2).exists());
    h.get_by_label("OK").click();
    h.run();
    h.get_by_label("Resume last game").click();
    h.run();
    assert_eq!(h.state().rt.game, first_game);
    // A second window started beside it has nothing to offer back.
    let mut beside = files_harness(dir.path(), en_gehe(8));
    assert!(beside.query_by_label("Resume last game?").is_none());
    assert!(beside.state().files.error.is_none());
    files(&mut beside, FileCommand::OpenPath(aside.clone()));
    assert_eq!(beside.state().rt.game, second_game);
}

#[test]
fn another_window_s_saved_game_stays_for_its_window() {
    let dir = tempfile::tempdir().unwrap();
    let data = folders(dir.path()).data;
    let path = dir.path().join("saved.ron");
    let first = files_harness(dir.path(), en_gehe(6));
    let mut second = files_harness(dir.path(), en_gehe(8));
    play(&mut second, "3");
    files(&mut second, FileCommand::SaveTo(path.clone()));
    assert!(!second.state().unsaved());
    let second_game = second.state().rt.game.clone();
    drop((first, second));

    // Saved in its file, it is no work lost: nothing is moved or said, and
    // the next second window offers it back as before.
    let h = files_harness(dir.path(), en_gehe(8));
    assert!(h.state().files.error.is_none());
    assert!(!data.join("unsaved game.ron").exists());
    let mut beside = files_harness(dir.path(), en_gehe(8));
    beside.get_by_label("Resume last game").click();
    beside.run();
    assert_eq!(beside.state().rt.game, second_game);
}

#[test]
fn the_game_is_copied_for_the_autosave_only_when_it_changed() {
    use maasai_mancala::app::files_ui::signatures_taken;
    let dir = tempfile::tempdir().unwrap();
    let mut h = files_harness(dir.path(), en_gehe(6));
    // Long notes and a long comment, as a user may type them: the
    // autosave's check copied them every frame.
    h.state_mut().rt.notes = "a note ".repeat(10_000);
    play(&mut h, "1");
    h.state_mut().rt.set_comment(1, "a comment ".repeat(1_000));
    play(&mut h, "2");
    let autosave = autosave_path(&folders(dir.path()).data);
    assert!(
        std::fs::read_to_string(&autosave)
            .unwrap()
            .contains("a comment a comment")
    );
    let taken = signatures_taken();
    h.run_steps(20);
    assert_eq!(signatures_taken(), taken, "the game is copied every frame");
    // A change is still autosaved (and then copied, once).
    let (legal, _) = h.state().rt.game.current().classify_moves();
    h.state_mut().queue(AppCommand::PlayMove(legal[0]));
    h.run();
    assert_eq!(h.state().rt.game.moves().len(), 3);
    assert!(signatures_taken() > taken);
    let game = maasai_mancala::files::load_game(&autosave).unwrap();
    assert_eq!(game.game.moves().len(), 3);
}

#[test]
fn a_study_s_moves_are_counted_as_saved_without_copying_the_game_every_frame() {
    use maasai_mancala::app::files_ui::signatures_taken;
    use maasai_mancala::app::studies_ui::{Mode, StudyCommand, shipped_studies};
    let (studies, errors) = shipped_studies();
    assert!(errors.is_empty(), "{errors:?}");
    let dir = tempfile::tempdir().unwrap();
    let mut h = files_harness(dir.path(), en_gehe(6));
    h.state_mut().queue(AppCommand::Study(StudyCommand::Start(
        Box::new(studies[0].clone()),
        Mode::Book,
    )));
    h.run_steps(4);
    assert!(h.state().studies.active.is_some());
    h.state_mut().rt.notes = "a note ".repeat(10_000);
    h.run_steps(2);
    let taken = signatures_taken();
    h.run_steps(20);
    assert_eq!(signatures_taken(), taken, "the game is copied every frame");
    // The notes typed on it are still the user's to save.
    assert!(h.state().unsaved());
}

/// The window with its folders in `dir` after the first two moves of a
/// 2×6 En Gehé game (South 1, North 2), saved to no file.
fn two_moves_in(dir: &Path) -> Harness<'static, MaasaiApp> {
    let mut h = files_harness(dir, en_gehe(6));
    play(&mut h, "1");
    play(&mut h, "2");
    h
}

/// Two moves played in a window with its folders in `dir`, the second
/// undone, then the game saved to `path`.
fn saved_after_an_undo(dir: &Path, path: &Path) -> Harness<'static, MaasaiApp> {
    let mut h = two_moves_in(dir);
    h.state_mut().queue(AppCommand::Undo);
    h.run();
    files(&mut h, FileCommand::SaveTo(path.to_path_buf()));
    assert_no_file_error(&h);
    h
}

/// A new window with its folders in `dir`, the last game resumed.
fn resumed_in(dir: &Path) -> Harness<'static, MaasaiApp> {
    let mut h = files_harness(dir, en_gehe(8));
    h.get_by_label("Resume last game").click();
    h.run();
    h
}

/// Asks the window to close, as its close button would.
fn request_close(h: &mut Harness<'_, MaasaiApp>) {
    common::ask_to_close(h);
    h.run();
}

#[test]
fn a_declined_resume_keeps_an_unsaved_game_in_a_file_of_its_own() {
    let dir = tempfile::tempdir().unwrap();
    let data = folders(dir.path()).data;
    let autosave = autosave_path(&data);
    {
        let _h = two_moves_in(dir.path());
        // Dropped without closing: as if the program were killed.
    }
    let kept = std::fs::read_to_string(&autosave).unwrap();

    // The question says where the game goes when declined.
    let mut h = files_harness(dir.path(), en_gehe(8));
    assert!(
        h.query_by_label_contains("Start fresh moves it to a file of its own")
            .is_some()
    );
    // Start fresh moves it aside at once (the fresh game's first autosave
    // used to write over it, and with computer players that came at once)
    // and says where.
    h.get_by_label("Start fresh").click();
    h.run();
    let aside = data.join("unsaved game.ron");
    assert_eq!(std::fs::read_to_string(&aside).unwrap(), kept);
    let notice = h.state().rt.notice.clone().expect("said");
    assert!(notice.contains(&aside.display().to_string()), "{notice}");
    request_close(&mut h);
    drop(h);
    // Nothing of it is offered again: it is in its own file.
    let mut h = files_harness(dir.path(), en_gehe(8));
    assert!(h.query_by_label("Resume last game?").is_none());
    play(&mut h, "3");
    assert_eq!(std::fs::read_to_string(&aside).unwrap(), kept);
}

#[test]
fn a_last_game_whose_file_is_gone_or_changed_is_moved_aside_when_declined() {
    // Saved to a file, then the file went (a USB stick, a folder moved)
    // or another program changed it: the question said "from g.ron" as if
    // the game were safe there, Start fresh moved nothing aside, and the
    // fresh game's autosaves wrote over its only copy.
    for change in ["gone", "changed"] {
        let dir = tempfile::tempdir().unwrap();
        let data = folders(dir.path()).data;
        let saved = dir.path().join("g.ron");
        {
            let mut h = two_moves_in(dir.path());
            files(&mut h, FileCommand::SaveTo(saved.clone()));
            assert!(!h.state().unsaved());
        }
        let kept = std::fs::read_to_string(autosave_path(&data)).unwrap();
        if change == "gone" {
            std::fs::remove_file(&saved).unwrap();
        } else {
            let mut other = two_moves_in(tempfile::tempdir().unwrap().path());
            play(&mut other, "6");
            files(&mut other, FileCommand::SaveTo(saved.clone()));
        }
        let mut h = files_harness(dir.path(), en_gehe(8));
        let why = if change == "gone" {
            "but that file is gone: this is its only copy"
        } else {
            "but that file holds another version of the game now: this is its only copy"
        };
        assert!(h.query_by_label_contains(why).is_some(), "{change}");
        assert!(
            h.query_by_label_contains(
                "Start fresh moves it to a file of its own (“unsaved game.ron”"
            )
            .is_some(),
            "{change}"
        );
        h.get_by_label("Start fresh").click();
        h.run();
        let aside = data.join("unsaved game.ron");
        assert_eq!(std::fs::read_to_string(&aside).unwrap(), kept, "{change}");
        play(&mut h, "3");
        assert_eq!(std::fs::read_to_string(&aside).unwrap(), kept, "{change}");
    }
}

#[test]
fn a_last_game_kept_by_a_relative_name_is_resumed_as_saved_nowhere() {
    // An older version kept a file opened as `good.ron` by that name:
    // started in another folder, its question said the game's file held
    // another version (it read that folder's good.ron), and Save wrote
    // over that file.
    let dir = tempfile::tempdir().unwrap();
    let data = folders(dir.path()).data;
    let saved = dir.path().join("g.ron");
    {
        let mut h = two_moves_in(dir.path());
        files(&mut h, FileCommand::SaveTo(saved.clone()));
    }
    let autosave = autosave_path(&data);
    let text = std::fs::read_to_string(&autosave).unwrap();
    let whole = format!("{:?}", saved.display().to_string());
    assert!(text.contains(&whole), "{text}");
    std::fs::write(&autosave, text.replace(&whole, "\"g.ron\"")).unwrap();
    let mut h = files_harness(dir.path(), en_gehe(8));
    assert!(
        h.query_by_label_contains(
            "from g.ron, but its folder is not known (the name was kept without it): \
             this is its only copy"
        )
        .is_some()
    );
    h.get_by_label("Resume last game").click();
    h.run();
    assert_eq!(h.state().rt.game.moves().len(), 2);
    assert_eq!(
        h.state().files.path,
        None,
        "a file named without its folder"
    );
    assert!(h.state().unsaved());
}

/// A window in `dir` where Start fresh was answered to a last game with
/// unsaved moves that cannot be moved aside (its folder locked, as the
/// `move_aside` seam says): the window, its message up, and the autosave
/// as the last game left it.
fn started_fresh_with_the_last_game_locked_in(dir: &Path) -> (Harness<'static, MaasaiApp>, String) {
    drop(two_moves_in(dir));
    let kept = std::fs::read_to_string(autosave_path(&folders(dir).data)).unwrap();
    let mut h = files_harness(dir, en_gehe(8));
    fn locked(data: &Path) -> Result<std::path::PathBuf, (std::path::PathBuf, std::io::Error)> {
        Err((
            data.join("unsaved game.ron"),
            std::io::Error::from(std::io::ErrorKind::PermissionDenied),
        ))
    }
    h.state_mut().files.move_aside = locked;
    h.get_by_label("Start fresh").click();
    h.run();
    (h, kept)
}

#[test]
fn a_last_game_that_cannot_be_moved_aside_is_never_written_over() {
    // Start fresh could not move the last session's unsaved game aside
    // (its folder locked): the first move's autosave put it in the .bak,
    // the second's wrote over that, and its move was in no file.
    let dir = tempfile::tempdir().unwrap();
    let data = folders(dir.path()).data;
    let (mut h, kept) = started_fresh_with_the_last_game_locked_in(dir.path());
    let autosave = autosave_path(&data);
    assert!(
        h.query_by_label_contains("still in the autosave").is_some(),
        "not said"
    );
    assert!(
        h.query_by_label_contains("not autosaved until it can be moved")
            .is_some()
    );
    assert!(h.query_by_label_contains("os error").is_none());
    h.get_by_label("OK").click();
    h.run();
    play(&mut h, "3");
    play(&mut h, "4");
    assert_eq!(std::fs::read_to_string(&autosave).unwrap(), kept);
    // Once it can be moved (tried again at the next change, 2 s on), it
    // is, and the game on the board is autosaved again.
    h.state_mut().files.move_aside = maasai_mancala::app::files_ui::move_unsaved_aside;
    std::thread::sleep(std::time::Duration::from_millis(2100));
    play(&mut h, "5");
    let aside = data.join("unsaved game.ron");
    assert_eq!(std::fs::read_to_string(&aside).unwrap(), kept);
    assert_ne!(std::fs::read_to_string(&autosave).unwrap(), kept);
    assert!(
        h.query_by_label_contains("This game is autosaved again")
            .is_some()
    );
}

#[test]
fn a_last_game_not_moved_aside_but_deleted_by_hand_ends_the_wait() {
    // Its autosave deleted by hand (after "Open… opens it"), the move
    // aside failed for good and the game on the board was never
    // autosaved again.
    let dir = tempfile::tempdir().unwrap();
    let data = folders(dir.path()).data;
    let (mut h, _) = started_fresh_with_the_last_game_locked_in(dir.path());
    let autosave = autosave_path(&data);
    h.get_by_label("OK").click();
    h.run();
    play(&mut h, "3");
    assert!(h.state().files.aside_pending.is_some());
    std::fs::remove_file(&autosave).unwrap();
    std::thread::sleep(std::time::Duration::from_millis(2100));
    play(&mut h, "4");
    assert!(h.state().files.aside_pending.is_none());
    let text = std::fs::read_to_string(&autosave).unwrap();
    assert!(text.contains("\"4\""), "{text}");
}

#[test]
fn a_save_after_resuming_asks_before_replacing_a_file_changed_while_closed() {
    // Saved to g.ron, one more move, the program killed; another program
    // then wrote g.ron. Resumed, Save replaced it unasked: the window took
    // the file as it found it on resuming for the one it had saved.
    let dir = tempfile::tempdir().unwrap();
    let saved = dir.path().join("g.ron");
    {
        let mut h = two_moves_in(dir.path());
        files(&mut h, FileCommand::SaveTo(saved.clone()));
        play_in_background(&mut h);
        assert!(h.state().unsaved());
    }
    let theirs = {
        let mut other = two_moves_in(tempfile::tempdir().unwrap().path());
        play(&mut other, "6");
        files(&mut other, FileCommand::SaveTo(saved.clone()));
        std::fs::read_to_string(&saved).unwrap()
    };
    let mut h = resumed_in(dir.path());
    assert_eq!(h.state().rt.game.moves().len(), 3);
    files(&mut h, FileCommand::Save);
    assert!(h.query_by_label("The file changed on disk").is_some());
    assert_eq!(std::fs::read_to_string(&saved).unwrap(), theirs);
    // Unchanged since, it saves at once.
    h.get_by_label("Cancel").click();
    h.run();
    drop(h);
    let dir = tempfile::tempdir().unwrap();
    let saved = dir.path().join("g.ron");
    {
        let mut h = two_moves_in(dir.path());
        files(&mut h, FileCommand::SaveTo(saved.clone()));
        play_in_background(&mut h);
    }
    let mut h = resumed_in(dir.path());
    files(&mut h, FileCommand::Save);
    assert!(h.query_by_label("The file changed on disk").is_none());
    assert!(!h.state().unsaved());
}

#[test]
fn a_resumed_game_whose_file_is_gone_counts_as_unsaved() {
    let dir = tempfile::tempdir().unwrap();
    let saved = dir.path().join("g.ron");
    {
        let mut h = two_moves_in(dir.path());
        files(&mut h, FileCommand::SaveTo(saved.clone()));
    }
    // Its file still there: resumed as saved.
    let h = resumed_in(dir.path());
    assert_eq!(h.state().rt.game.moves().len(), 2);
    assert!(!h.state().unsaved());
    drop(h);
    std::fs::remove_file(&saved).unwrap();
    let h = resumed_in(dir.path());
    assert_eq!(h.state().rt.game.moves().len(), 2);
    assert!(h.state().unsaved());
}

#[test]
fn a_resumed_game_undone_back_to_its_saved_file_is_saved_again() {
    // Saved to g.ron, then two more moves, then the program killed:
    // resumed, the two moves undone, the title kept its `*` (before the
    // restart the same undo cleared it).
    let dir = tempfile::tempdir().unwrap();
    let saved = dir.path().join("g.ron");
    {
        let mut h = two_moves_in(dir.path());
        files(&mut h, FileCommand::SaveTo(saved.clone()));
        play_in_background(&mut h);
        play_in_background(&mut h);
        assert_eq!(h.state().rt.game.moves().len(), 4);
        assert!(h.state().unsaved());
    }
    let mut h = resumed_in(dir.path());
    assert_eq!(h.state().rt.game.moves().len(), 4);
    assert!(h.state().unsaved());
    for _ in 0..2 {
        h.state_mut().queue(AppCommand::Undo);
        h.run();
    }
    assert_eq!(h.state().rt.game.moves().len(), 2);
    assert!(!h.state().unsaved(), "back to the saved game");
}

#[test]
fn moves_undone_before_the_program_ends_are_redone_after_resuming() {
    // Undo, then the program killed (or closed): the undone moves, which
    // Redo would have played back, were gone after resuming, comments and
    // all.
    let dir = tempfile::tempdir().unwrap();
    {
        let mut h = two_moves_in(dir.path());
        h.state_mut().rt.comments.insert(2, "North answers".into());
        h.run();
        h.state_mut().queue(AppCommand::Undo);
        h.run();
        assert_eq!(h.state().rt.game.moves().len(), 1);
    }
    let mut h = resumed_in(dir.path());
    assert_eq!(h.state().rt.game.moves().len(), 1);
    h.state_mut().queue(AppCommand::Redo);
    h.run();
    assert_eq!(move_names(&h), ["1", "2"]);
    assert_eq!(
        h.state().rt.comments.get(&2).map(String::as_str),
        Some("North answers")
    );
}

#[test]
fn a_game_with_every_move_undone_is_offered_again_for_redo() {
    // Every move undone, then the program ended: the game matched its new
    // start, so nothing was offered, and the next game's autosaves wrote
    // over the moves and their comments.
    let dir = tempfile::tempdir().unwrap();
    {
        let mut h = two_moves_in(dir.path());
        h.state_mut().rt.comments.insert(1, "South opens".into());
        h.run();
        for _ in 0..2 {
            h.state_mut().queue(AppCommand::Undo);
            h.run();
        }
        assert!(h.state().rt.game.moves().is_empty());
    }
    let mut h = files_harness(dir.path(), en_gehe(8));
    assert!(
        h.query_by_label_contains("0 moves (2 undone, for Redo)")
            .is_some()
    );
    h.get_by_label("Resume last game").click();
    h.run();
    for _ in 0..2 {
        h.state_mut().queue(AppCommand::Redo);
        h.run();
    }
    assert_eq!(move_names(&h), ["1", "2"], "redone in the order played");
    assert_eq!(
        h.state().rt.comments.get(&1).map(String::as_str),
        Some("South opens")
    );
    drop(h);
    // Declined, it is moved aside as a game with changes is (the fresh
    // game's autosaves would write over its only copy).
    let dir = tempfile::tempdir().unwrap();
    {
        let mut h = two_moves_in(dir.path());
        for _ in 0..2 {
            h.state_mut().queue(AppCommand::Undo);
            h.run();
        }
    }
    let mut h = files_harness(dir.path(), en_gehe(8));
    assert!(
        h.query_by_label_contains("Start fresh moves it to a file of its own")
            .is_some()
    );
    h.get_by_label("Start fresh").click();
    h.run();
    let aside = folders(dir.path()).data.join("unsaved game.ron");
    let kept = maasai_mancala::files::load_game(&aside).unwrap();
    assert_eq!(kept.undone.len(), 2);
}

#[test]
fn a_position_set_up_counts_as_unsaved_and_is_offered_again() {
    // Play from here in the editor (which pastes its position) or a
    // pasted position: no moves yet, so the title had no `*`, closing
    // asked nothing and the next start offered nothing; the position
    // was gone with the next game's autosaves.
    let dir = tempfile::tempdir().unwrap();
    let set_up = "en-gehe south=5,5,4,4,4,4 north=4,4,4,4,4,4 captured=0,0 turn=south";
    {
        let mut h = files_harness(dir.path(), en_gehe(6));
        files(&mut h, FileCommand::PasteText(set_up.into()));
        assert_eq!(h.state().rt.game.start().to_string(), set_up);
        assert!(h.state().unsaved());
        assert!(h.state().window_title().starts_with('*'));
    }
    let mut h = files_harness(dir.path(), en_gehe(8));
    assert!(
        h.query_by_label_contains("En Gehé 2×6 from a position set up, 0 moves")
            .is_some()
    );
    h.get_by_label("Resume last game").click();
    h.run();
    assert_eq!(h.state().rt.game.start().to_string(), set_up);
    // A new game's start pasted is no work of the user's.
    let plain = "en-gehe south=4,4,4,4,4,4 north=4,4,4,4,4,4 captured=0,0 turn=south";
    files(&mut h, FileCommand::PasteText(plain.into()));
    // The position set up is asked about before it goes.
    h.get_by_label("Discard changes").click();
    h.run();
    assert_eq!(h.state().rt.game.start().to_string(), plain);
    assert!(!h.state().unsaved());
}

#[test]
fn a_study_opened_over_its_own_position_set_up_waits_for_the_save_question() {
    // The position set up in the editor, then its study opened: the study
    // took the game still on the board (same start, no moves) while "Save
    // your changes?" stood, and ended as soon as the answer brought its
    // own game.
    use maasai_mancala::app::studies_ui::{Mode, StudyCommand, shipped_studies};
    let (studies, _) = shipped_studies();
    let study = studies[0].clone();
    let dir = tempfile::tempdir().unwrap();
    let mut h = files_harness(dir.path(), en_gehe(6));
    files(&mut h, FileCommand::PasteText(study.start.to_string()));
    assert!(h.state().unsaved());
    h.state_mut().queue(AppCommand::Study(StudyCommand::Start(
        Box::new(study),
        Mode::Book,
    )));
    h.run();
    assert!(
        h.state().studies.active.is_none(),
        "taken before the answer"
    );
    h.get_by_label("Discard changes").click();
    h.run();
    h.run_steps(4);
    assert!(h.state().studies.active.is_some(), "the study ended");
}

#[test]
fn a_saved_game_keeps_its_undone_moves_for_redo() {
    // Saved after an undo, opened again: Redo plays the move back. A new
    // move played in its place drops it from the next save.
    let dir = tempfile::tempdir().unwrap();
    let saved = dir.path().join("g.ron");
    let h = saved_after_an_undo(dir.path(), &saved);
    let text = std::fs::read_to_string(&saved).unwrap();
    assert!(text.contains("undone: ["), "{text}");
    drop(h);
    let other = tempfile::tempdir().unwrap();
    let mut h = files_harness(other.path(), en_gehe(6));
    files(&mut h, FileCommand::OpenPath(saved.clone()));
    assert_eq!(h.state().rt.game.moves().len(), 1);
    assert!(!h.state().unsaved());
    h.state_mut().queue(AppCommand::Redo);
    h.run();
    assert_eq!(h.state().rt.game.moves().len(), 2);
    h.state_mut().queue(AppCommand::Undo);
    h.run();
    let (legal, _) = h.state().rt.game.current().classify_moves();
    let other = legal
        .into_iter()
        .find(|&m| m != h.state().rt.redo[0])
        .unwrap();
    h.state_mut().queue(AppCommand::PlayMove(other));
    h.run();
    assert_eq!(h.state().rt.game.moves().len(), 2);
    files(&mut h, FileCommand::SaveTo(saved.clone()));
    let text = std::fs::read_to_string(&saved).unwrap();
    assert!(!text.contains("undone"), "{text}");
}

#[test]
fn a_game_saved_after_an_undo_is_not_moved_aside_as_unsaved_work() {
    // Saved after an Undo, the file keeps the undone move for Redo; the
    // next start still said "Start fresh moves it to a file of its own"
    // and moved it to "unsaved game.ron", as a game saved nowhere.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("kept.ron");
    drop(saved_after_an_undo(dir.path(), &path));
    let mut h = files_harness(dir.path(), en_gehe(8));
    assert!(h.query_by_label("Resume last game").is_some());
    assert!(
        h.query_by_label_contains("Start fresh moves it to a file of its own")
            .is_none()
    );
    h.get_by_label("Start fresh").click();
    h.run();
    let aside = folders(dir.path()).data.join("unsaved game.ron");
    assert!(!aside.exists(), "moved aside although saved");
    drop(h);

    // Undone after the save, the undone move is in no file: that is work
    // to keep.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("kept.ron");
    {
        let mut h = two_moves_in(dir.path());
        files(&mut h, FileCommand::SaveTo(path.clone()));
        assert_no_file_error(&h);
        play(&mut h, "3");
        h.state_mut().queue(AppCommand::Undo);
        h.run();
    }
    let h = files_harness(dir.path(), en_gehe(8));
    assert!(
        h.query_by_label_contains("Start fresh moves it to a file of its own")
            .is_some()
    );
}

#[test]
fn the_resume_question_names_the_file_the_game_will_be_moved_to() {
    // It always said "unsaved game.ron", also when that name was taken
    // and the game went to "unsaved game 2.ron".
    let dir = tempfile::tempdir().unwrap();
    let data = folders(dir.path()).data;
    {
        let _h = two_moves_in(dir.path());
    }
    std::fs::write(data.join("unsaved game.ron"), "taken").unwrap();
    let mut h = files_harness(dir.path(), en_gehe(8));
    assert!(
        h.query_by_label_contains("a file of its own (“unsaved game 2.ron” in the data folder)")
            .is_some()
    );
    h.get_by_label("Start fresh").click();
    h.run();
    assert!(data.join("unsaved game 2.ron").exists());
}

#[test]
fn a_save_before_the_resume_offer_is_answered_leaves_the_last_game_in_the_autosave() {
    // The autosave holds the last session's game until the offer to
    // resume it is answered: a save of the fresh game meanwhile wrote its
    // clean autosave over it, and the unsaved last game was gone.
    let dir = tempfile::tempdir().unwrap();
    let autosave = autosave_path(&folders(dir.path()).data);
    {
        let _h = two_moves_in(dir.path());
    }
    let kept = std::fs::read_to_string(&autosave).unwrap();
    let mut h = files_harness(dir.path(), en_gehe(8));
    assert!(h.state().files.resume_offer.is_some());
    files(&mut h, FileCommand::SaveTo(dir.path().join("fresh.ron")));
    h.run();
    assert!(dir.path().join("fresh.ron").exists());
    assert_eq!(std::fs::read_to_string(&autosave).unwrap(), kept);
    // Resumed, it is the game in the window again.
    h.get_by_label("Resume last game").click();
    h.run();
    assert_eq!(h.state().rt.game.moves().len(), 2);
}

#[test]
fn a_declined_saved_game_stays_in_the_autosave_until_the_next_move_also_on_closing() {
    // A last game saved to a file loses nothing when declined: it is not
    // moved aside, and the autosave keeps it until the fresh game moves.
    let dir = tempfile::tempdir().unwrap();
    let autosave = autosave_path(&folders(dir.path()).data);
    {
        let mut h = two_moves_in(dir.path());
        files(&mut h, FileCommand::SaveTo(dir.path().join("g.ron")));
        assert!(!h.state().unsaved());
    }
    let kept = std::fs::read_to_string(&autosave).unwrap();

    // Start fresh, then close before any move: the game offered stays on
    // disk and is offered again (the empty fresh game used to overwrite
    // it at once, and again on closing).
    let mut h = files_harness(dir.path(), en_gehe(8));
    assert!(h.query_by_label_contains("a file of its own").is_none());
    h.get_by_label("Start fresh").click();
    h.run();
    h.run();
    assert_eq!(std::fs::read_to_string(&autosave).unwrap(), kept);
    request_close(&mut h);
    assert_eq!(std::fs::read_to_string(&autosave).unwrap(), kept);
    drop(h);
    let mut h = files_harness(dir.path(), en_gehe(8));
    assert!(h.query_by_label("Resume last game?").is_some());

    // A move in the fresh game is the news: it takes the autosave's place.
    h.get_by_label("Start fresh").click();
    h.run();
    play(&mut h, "3");
    let now = std::fs::read_to_string(&autosave).unwrap();
    assert_ne!(now, kept);
    assert!(now.contains("\"3\""), "{now}");
}

#[test]
fn a_declined_resume_leaves_the_computer_players_paused() {
    let dir = tempfile::tempdir().unwrap();
    {
        let mut h = files_harness(dir.path(), en_gehe(6));
        play(&mut h, "1");
    }
    let mut h = files_harness(dir.path(), en_gehe(8));
    let computer = Player::computer(Level::Beginner);
    h.state_mut().settings.players = [computer, computer];
    h.get_by_label("Start fresh").click();
    h.run();
    // Nothing moves before the user has looked.
    assert!(h.state().rt.computer.paused);
    for _ in 0..20 {
        h.run();
    }
    assert!(h.state().rt.game.moves().is_empty());
}

#[test]
fn opening_the_game_s_own_file_again_is_asked_as_such() {
    // "… Save them before opening another game?" of the very game's file.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("match.ron");
    saved_game(&path);
    let mut h = files_harness(dir.path(), en_gehe(8));
    files(&mut h, FileCommand::OpenPath(path.clone()));
    assert_no_file_error(&h);
    let first = h
        .state()
        .rt
        .game
        .current()
        .candidate_moves()
        .next()
        .unwrap();
    h.state_mut().queue(AppCommand::PlayMove(first));
    h.run_steps(3);
    // Named another way (with a "." in it): still its own file.
    let again = dir.path().join(".").join("match.ron");
    files(&mut h, FileCommand::OpenPath(again));
    let asked = format!(
        "“{}” has changes that are not saved. Save them before opening its saved version again?",
        path.display()
    );
    assert!(h.query_by_label(&asked).is_some(), "{asked}");
    h.get_by_label("Cancel").click();
    h.run();
    let other = dir.path().join("other.ron");
    saved_game(&other);
    files(&mut h, FileCommand::OpenPath(other));
    assert!(
        h.query_by_label_contains("Save them before opening another game?")
            .is_some()
    );
}

#[test]
fn saving_before_opening_the_game_s_own_file_again_opens_what_was_saved() {
    // The file read before "Save your changes?" was opened after Save had
    // written over it: the board showed the game as it was before, and the
    // next save called the file changed by another program.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("match.ron");
    saved_game(&path);
    let mut h = files_harness(dir.path(), en_gehe(8));
    files(&mut h, FileCommand::OpenPath(path.clone()));
    assert_no_file_error(&h);
    let before = h.state().rt.game.moves().len();
    let first = h
        .state()
        .rt
        .game
        .current()
        .candidate_moves()
        .next()
        .unwrap();
    h.state_mut().queue(AppCommand::PlayMove(first));
    h.run_steps(3);
    files(&mut h, FileCommand::OpenPath(path.clone()));
    h.get_by_label("Save").click();
    for _ in 0..10 {
        h.run();
    }
    assert_no_file_error(&h);
    assert_eq!(h.state().rt.game.moves().len(), before + 1);
    assert!(!h.state().unsaved());
    assert!(h.state().files.changed_on_disk.is_none());
    // Saving again meets no "changed by another program".
    let next = h
        .state()
        .rt
        .game
        .current()
        .candidate_moves()
        .next()
        .unwrap();
    h.state_mut().queue(AppCommand::PlayMove(next));
    h.run_steps(3);
    files(&mut h, FileCommand::Save);
    h.run_steps(2);
    assert!(h.state().files.changed_on_disk.is_none());
    assert!(!h.state().unsaved());
}

#[cfg(unix)]
#[test]
fn odd_bytes_in_a_file_s_name_are_shown_as_escapes_in_the_window() {
    // A name that is not UTF-8 showed "�" in the title and the "Opened …"
    // line (the error messages said \xe9), and a newline in a name split
    // them in two.
    use std::os::unix::ffi::OsStrExt;
    let dir = tempfile::tempdir().unwrap();
    for (bytes, shown) in [
        (&b"lat\xe9.ron"[..], "lat\\xe9.ron"),
        (&b"new\nline.ron"[..], "new\\nline.ron"),
    ] {
        let path = dir.path().join(std::ffi::OsStr::from_bytes(bytes));
        saved_game(&path);
        let mut h = files_harness(dir.path(), en_gehe(8));
        files(&mut h, FileCommand::OpenPath(path.clone()));
        assert_no_file_error(&h);
        assert_eq!(
            h.state().window_title(),
            format!("{shown} — Maasai mancala")
        );
        let notice = h
            .state()
            .rt
            .notice
            .as_deref()
            .unwrap_or_default()
            .to_string();
        assert!(
            notice.contains(&format!("{}/{shown}", dir.path().display())),
            "{notice}"
        );
        assert!(
            !notice.contains('\n') && !notice.contains('\u{fffd}'),
            "{notice}"
        );
    }
}

#[test]
fn new_after_a_move_asks_to_save_first() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = files_harness(dir.path(), en_gehe(6));
    play(&mut h, "1");

    h.get_by_label("Game").click();
    h.run();
    h.get_by_label("New game…  (Ctrl+N)").click();
    h.run();
    assert!(h.query_by_label("Save your changes?").is_some());
    assert!(h.state().rt.new_game.is_none());

    // Cancel keeps everything as it was.
    h.get_by_label("Cancel").click();
    h.run();
    assert!(h.query_by_label("Save your changes?").is_none());
    assert!(h.state().rt.new_game.is_none());
    assert_eq!(h.state().rt.game.moves().len(), 1);

    // Discard goes on to the new-game dialog.
    h.state_mut().queue(AppCommand::OpenNewGame);
    h.run();
    h.get_by_label("Discard changes").click();
    h.run();
    assert!(h.state().rt.new_game.is_some());
}

/// A game with a move in `dir`; New game ▸ Save your changes? ▸ Save ▸ a
/// folder that does not exist (returned).
fn failed_save_before_a_new_game(dir: &Path) -> (Harness<'static, MaasaiApp>, PathBuf) {
    let mut h = files_harness(dir, en_gehe(6));
    play(&mut h, "1");
    h.state_mut().queue(AppCommand::OpenNewGame);
    h.run();
    h.get_by_label("Save").click();
    h.run();
    let bad = dir.join("no-such-folder/game.ron");
    files(&mut h, FileCommand::SaveTo(bad.clone()));
    (h, bad)
}

/// The text of the typed-path window, which must be open.
fn typed_path(h: &Harness<'_, MaasaiApp>) -> String {
    let prompt = h.state().files.path_prompt.as_ref();
    prompt.expect("the path window").text.clone()
}

#[test]
fn a_failed_save_drops_what_waited_on_it() {
    // The error is shown and the new game is not started, neither now nor
    // after a later good save.
    let dir = tempfile::tempdir().unwrap();
    let (mut h, bad) = failed_save_before_a_new_game(dir.path());
    assert!(h.state().files.error.is_some());
    assert!(h.state().rt.new_game.is_none());
    // The typed path stays for another try; closing the window gives up.
    assert_eq!(typed_path(&h), bad.display().to_string());
    h.state_mut().files.error = None;
    files(&mut h, FileCommand::ClosePathPrompt);
    play(&mut h, "2");
    files(&mut h, FileCommand::SaveTo(dir.path().join("good.ron")));
    assert!(h.state().files.error.is_none());
    assert!(
        h.state().rt.new_game.is_none(),
        "a later save started the new game"
    );
    assert_eq!(h.state().rt.game.moves().len(), 2);
}

#[test]
fn after_a_failed_saves_message_typing_goes_to_the_path_again() {
    // The field had lost the keyboard to the message: a corrected path
    // typed after OK went nowhere until the field was clicked.
    let dir = tempfile::tempdir().unwrap();
    let (mut h, _) = failed_save_before_a_new_game(dir.path());
    h.run();
    h.get_by_label("OK").click();
    h.run();
    assert!(h.state().files.error.is_none());
    let good = dir.path().join("good.ron").display().to_string();
    h.event(egui::Event::Text(good.clone()));
    h.run();
    assert_eq!(typed_path(&h), good, "the whole old path replaced");
}

#[test]
fn a_save_retried_after_a_failure_goes_on_to_what_waited_on_it() {
    let dir = tempfile::tempdir().unwrap();
    let (mut h, _) = failed_save_before_a_new_game(dir.path());
    h.state_mut().files.error = None;
    // Typed without an extension, the file gets `.ron`.
    files(&mut h, FileCommand::SaveTo(dir.path().join("game")));
    assert!(h.state().files.error.is_none());
    assert!(dir.path().join("game.ron").is_file());
    assert!(
        h.state().rt.new_game.is_some(),
        "the new game did not follow"
    );
}

#[test]
fn pasting_positions_sets_them_up_or_explains_why_not() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = files_harness(dir.path(), en_gehe(6));
    let text = "en-gehe south=1,2,3 north=3,2,1 captured=0,0 turn=north";
    h.event(egui::Event::Paste(format!("  {text}\n")));
    h.run();
    assert_no_file_error(&h);
    assert_eq!(h.state().rt.game.current().to_string(), text);
    // A position set up is saved nowhere (the editor's Play from here
    // comes this way): a change to keep, as moves are.
    assert!(h.state().unsaved());

    h.event(egui::Event::Paste("en-gehe south=1,2".into()));
    h.run();
    let (title, message) = h.state().files.error.clone().expect("an error is shown");
    assert_eq!(title, PASTE_REFUSED);
    assert!(message.contains("not a position"), "{message}");
    assert_eq!(h.state().rt.game.current().to_string(), text);
}

#[test]
fn a_game_record_is_copied_and_pasted_back_move_by_move() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = files_harness(dir.path(), en_gehe(6));
    play(&mut h, "1");
    play(&mut h, "6");
    play(&mut h, "2");
    let game = h.state().rt.game.clone();
    files(&mut h, FileCommand::CopyRecord);
    let copied = h.state().rt.notice.clone().expect("a report");
    assert!(
        copied.report && copied.contains("the start position and 3 moves"),
        "{copied}"
    );
    let record = maasai_mancala::files::record_text(&game);
    assert!(record.ends_with("turn=south 1 6 2"), "{record}");

    // Pasted over a new game: the same record, every move in the list.
    let options = GameOptions::en_gehe(8);
    let names = h.state().rt.names.clone();
    h.state_mut().queue(AppCommand::NewGame(options, names));
    h.run();
    assert!(h.state().rt.game.moves().is_empty());
    h.event(egui::Event::Paste(record.clone()));
    h.run();
    assert_no_file_error(&h);
    assert_eq!(h.state().rt.game, game);
    assert_eq!(moves(&h), ["1", "6", "2"]);
    // Its moves are in no file, and the clipboard goes with the session:
    // changes to keep (a killed window's "Start fresh" dropped them).
    assert!(h.state().unsaved());
    let notice = h.state().rt.notice.clone().expect("a report");
    assert!(notice.contains("pasted game record: 3 moves"), "{notice}");
    // The note is about the position set up: a move played goes past it,
    // as a solver line or a study's defence plays it (it stayed under the
    // board through a whole line played after).
    let mv = h.state().rt.game.current().legal_moves()[0];
    h.state_mut().rt.play(mv).unwrap();
    h.run();
    assert_eq!(h.state().rt.notice, None, "the paste's note outlived it");
    h.state_mut().queue(AppCommand::Undo);
    h.run();
    assert_eq!(h.state().rt.game, game);

    // A move the rules refuse is named by its number; the game stays.
    h.state_mut()
        .queue(AppCommand::Files(FileCommand::PasteText(format!(
            "{} 1 9",
            game.start()
        ))));
    h.run();
    let (title, message) = h.state().files.error.clone().expect("an error is shown");
    assert_eq!(title, PASTE_REFUSED);
    assert!(
        message.starts_with("move 2 (North `9`) of the pasted record"),
        "{message}"
    );
    assert_eq!(h.state().rt.game, game);
}

#[test]
fn ctrl_v_with_no_text_on_the_clipboard_says_why() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = files_harness(dir.path(), en_gehe(6));
    // A paste that brought text: its release says nothing more.
    let text = "en-gehe south=1,2,3 north=3,2,1 captured=0,0 turn=north";
    h.event(egui::Event::Paste(text.into()));
    h.event(ctrl_v_released());
    h.run();
    assert_no_file_error(&h);
    assert_eq!(h.state().rt.game.current().to_string(), text);

    // egui sends no paste for an empty clipboard (nor for a test's, which
    // has no display): the release alone is heard, and the clipboard read
    // again to say why, as the menu's Paste position does.
    h.event(ctrl_v_released());
    h.run();
    let (title, message) = h.state().files.error.clone().expect("a word on the paste");
    assert_eq!(title, PASTE_REFUSED);
    assert!(
        message.starts_with("The clipboard")
            || message.starts_with("This system offers no clipboard"),
        "{message}"
    );
    assert_eq!(h.state().rt.game.current().to_string(), text);
}

/// The window with its folders in `dir`, on a 2×6 En Gehé game, and the
/// New game dialog open.
fn new_game_dialog(dir: &Path) -> Harness<'static, MaasaiApp> {
    let mut h = files_harness(dir, en_gehe(6));
    h.state_mut().queue(AppCommand::OpenNewGame);
    h.run();
    h.run();
    h
}

/// The shipped teaching preset of a 2×12 En Gehé board.
fn teaching_preset_of_twelve() -> maasai_mancala::files::Preset {
    maasai_mancala::files::shipped_presets()
        .into_iter()
        .find(|p| p.options.variant == maasai_mancala::engine::Variant::EnGehe { holes: 12 })
        .expect("a 2×12 teaching preset ships")
}

/// The New game dialog's preset rows.
fn preset_rows<'h>(
    h: &'h Harness<'_, MaasaiApp>,
) -> &'h maasai_mancala::app::presets_ui::PresetPicker {
    h.state()
        .rt
        .new_game
        .as_ref()
        .expect("the New game dialog is open")
        .presets
        .as_ref()
        .expect("its presets are read")
}

/// Chooses the preset `name` in the New game dialog's Preset box.
fn choose_preset(h: &mut Harness<'_, MaasaiApp>, name: &str) {
    h.get_by_label("Preset").click();
    h.run();
    h.get_by_label(name).click();
    h.run();
}

#[test]
fn presets_fill_the_dialog_and_user_presets_are_saved_renamed_deleted() {
    let dir = tempfile::tempdir().unwrap();
    let config = folders(dir.path()).config;
    let mut h = new_game_dialog(dir.path());

    // Picking a shipped preset fills the fields.
    let teaching = teaching_preset_of_twelve();
    choose_preset(&mut h, &teaching.name);
    assert_eq!(h.state().rt.new_game.as_ref().unwrap().holes, "12");
    let picked = |h: &Harness<'_, MaasaiApp>| preset_rows(h).selected;
    assert!(picked(&h).is_some());
    // A shipped preset is not one of yours: the greyed New name field
    // stays empty (it showed the shipped preset's name).
    assert_eq!(preset_rows(&h).rename, "");
    // Team names are no part of a preset: a problem with them keeps it.
    replace_field(&mut h, "North team name", "");
    h.run();
    assert!(h.query_by_label("A team needs a name").is_some());
    assert!(picked(&h).is_some(), "the preset stays chosen");
    // A name of zero-width characters would show no team at all.
    replace_field(&mut h, "North team name", "\u{200B}\u{200D}");
    h.run();
    assert!(
        h.query_by_label(
            "A team needs a name you can see (this one has only zero-width characters)"
        )
        .is_some()
    );
    replace_field(&mut h, "North team name", "North");
    h.run();

    // Save the fields (changed to 2×9) as a preset of the user's own.
    replace_field(&mut h, "Holes per row", "9");
    h.run();
    assert!(picked(&h).is_none(), "2×9 is no longer the 2×12 preset");
    replace_field(&mut h, "Preset name", "Nine");
    h.get_by_label("Save as preset").click();
    h.run();
    assert_no_file_error(&h);
    let user = load_user_presets(&config).unwrap();
    assert_eq!(user.len(), 1);
    assert_eq!(user[0].name, "Nine");
    assert_eq!(
        user[0].options.variant,
        maasai_mancala::engine::Variant::EnGehe { holes: 9 }
    );
    // The same name again is said as it is typed (it used to be refused
    // only after Save, in a message window): the field ringed, the problem
    // under the buttons, Save greyed.
    replace_field(&mut h, "Preset name", "Nine");
    h.run();
    assert!(
        h.query_by_label("You have a preset named “Nine” already")
            .is_some(),
        "the clash is not said"
    );
    assert!(
        h.get_by_label("Save as preset")
            .accesskit_node()
            .is_disabled()
    );
    h.get_by_label("Save as preset").click();
    h.run();
    assert!(h.state().files.error.is_none());
    assert_eq!(load_user_presets(&config).unwrap().len(), 1);
    // A shipped preset's name too (it was taken, listed as "Bao la Kimasai
    // (yours)" for an En Gehé 2×9 board).
    replace_field(&mut h, "Preset name", "Bao la Kimasai");
    h.run();
    assert!(
        h.query_by_label(
            "“Bao la Kimasai” is the name of a preset that comes with the program; choose another"
        )
        .is_some(),
        "the clash with a shipped preset is not said"
    );
    assert!(
        h.get_by_label("Save as preset")
            .accesskit_node()
            .is_disabled()
    );
    // A preset saved behind the dialog's back (another window of the
    // program) under the name typed is still refused on Save, and the
    // typed name stays to be changed.
    let behind = Preset {
        name: "Ten".into(),
        ..load_user_presets(&config).unwrap()[0].clone()
    };
    add_user_preset(&config, behind).unwrap();
    replace_field(&mut h, "Preset name", "Ten");
    h.get_by_label("Save as preset").click();
    h.run();
    assert!(h.state().files.error.is_some());
    let picker = h
        .state()
        .rt
        .new_game
        .as_ref()
        .unwrap()
        .presets
        .as_ref()
        .unwrap();
    assert_eq!(picker.new_name, "Ten");
    // Enter answers the message only: it used to start a game from the
    // dialog under it too (Esc closed the dialog, losing its fields).
    let game = h.state().rt.game.clone();
    h.key_press(egui::Key::Enter);
    h.run();
    assert!(h.state().files.error.is_none(), "the message stays");
    assert!(h.state().rt.new_game.is_some(), "the dialog went");
    assert_eq!(h.state().rt.game, game, "a game was started");
    // The refusal read the presets again: the dialog now knows "Ten".
    assert!(
        h.query_by_label("You have a preset named “Ten” already")
            .is_some()
    );
    let eleven = Preset {
        name: "Eleven".into(),
        ..load_user_presets(&config).unwrap()[0].clone()
    };
    add_user_preset(&config, eleven).unwrap();
    replace_field(&mut h, "Preset name", "Eleven");
    h.get_by_label("Save as preset").click();
    h.run();
    assert!(h.state().files.error.is_some());
    h.key_press(egui::Key::Escape);
    h.run();
    assert!(h.state().files.error.is_none(), "the message stays");
    assert!(h.state().rt.new_game.is_some(), "the dialog went");

    // A field changed away from it deselects it, but its rename and
    // delete row stays, so the fields below do not move under the pointer.
    let name_field = h.get_by_label("Preset name").rect();
    replace_field(&mut h, "Holes per row", "10");
    h.run();
    assert!(picked(&h).is_none(), "2×10 is no longer the preset");
    assert!(h.query_by_label("Delete preset").is_some());
    assert_eq!(h.get_by_label("Preset name").rect(), name_field);
    replace_field(&mut h, "Holes per row", "9");
    h.run();

    // It is selected in the list: rename it, then delete it. A name of
    // another preset of the user's, or one too long, is said at once.
    replace_field(&mut h, "New name", "Ten");
    h.run();
    assert!(
        h.query_by_label("You have a preset named “Ten” already")
            .is_some()
    );
    assert!(h.get_by_label("Rename").accesskit_node().is_disabled());
    replace_field(&mut h, "New name", &"n".repeat(41));
    h.run();
    assert!(
        h.query_by_label("The name is 41 characters long; a name has at most 40 characters")
            .is_some()
    );
    assert!(h.get_by_label("Rename").accesskit_node().is_disabled());
    replace_field(&mut h, "New name", "Nine holes");
    h.run();
    assert!(h.query_by_label("New name:").is_none(), "a problem stays");
    h.get_by_label("Rename").click();
    h.run();
    assert_eq!(load_user_presets(&config).unwrap()[0].name, "Nine holes");
    h.get_by_label("Delete preset").click();
    h.run();
    // Asked first: Enter starts no game under the question, and Esc (like
    // "Keep it") keeps the preset; "Delete" deletes it.
    h.key_press(egui::Key::Enter);
    h.run();
    assert_eq!(h.state().rt.game, game, "a game was started");
    assert!(h.query_by_label("Keep it").is_some());
    h.key_press(egui::Key::Escape);
    h.run();
    assert!(h.query_by_label("Keep it").is_none());
    assert!(h.state().rt.new_game.is_some(), "the dialog went");
    assert_eq!(load_user_presets(&config).unwrap().len(), 3);
    h.get_by_label("Delete preset").click();
    h.run();
    h.get_by_label("Keep it").click();
    h.run();
    assert_eq!(load_user_presets(&config).unwrap().len(), 3);
    h.get_by_label("Delete preset").click();
    h.run();
    h.get_by_label("Delete").click();
    h.run();
    let left: Vec<String> = load_user_presets(&config)
        .unwrap()
        .into_iter()
        .map(|p| p.name)
        .collect();
    assert_eq!(left, ["Ten", "Eleven"], "another preset was deleted");
}

#[test]
fn the_rename_row_names_its_preset_and_the_delete_question_leaves_no_gap() {
    // After a field changed away from a saved preset the Preset box said
    // "Choose a setup…", but the row under it still read "New name: My
    // twelve | Rename | Delete preset" and acted on that preset, unnamed.
    // And the delete question, a row of its own, left an empty gap once
    // answered with Esc (the dialog keeps the most height its preset rows
    // took, so that the fields stay under the pointer).
    let dir = tempfile::tempdir().unwrap();
    let mut h = new_game_dialog(dir.path());
    replace_field(&mut h, "Holes per row", "12");
    replace_field(&mut h, "Preset name", "My twelve");
    h.get_by_label("Save as preset").click();
    h.run();
    assert!(h.state().files.error.is_none());
    let chosen = |h: &Harness<'_, MaasaiApp>| {
        let dialog = h.state().rt.new_game.as_ref().expect("the dialog");
        dialog.presets.as_ref().expect("the presets").selected
    };
    assert!(chosen(&h).is_some(), "the saved preset is chosen");
    let fields = h.get_by_label("Holes per row").rect();
    replace_field(&mut h, "Holes per row", "13");
    h.run();
    assert!(chosen(&h).is_none(), "2×13 is no longer the preset");
    assert!(
        h.query_by_label_contains("“My twelve”").is_some(),
        "the rename and delete row does not say which preset it is about"
    );
    assert_eq!(h.get_by_label("Holes per row").rect(), fields);
    // Asked and answered with Esc, or Keep it: nothing moves.
    for answer in ["Esc", "Keep it"] {
        h.get_by_label("Delete preset").click();
        h.run();
        assert!(
            h.query_by_label_contains("Delete your preset “My twelve” for good?")
                .is_some()
        );
        assert_eq!(
            h.get_by_label("Holes per row").rect(),
            fields,
            "the question moved the fields"
        );
        if answer == "Esc" {
            h.key_press(egui::Key::Escape);
        } else {
            h.get_by_label("Keep it").click();
        }
        h.run();
        assert!(h.query_by_label("Keep it").is_none(), "{answer}");
        assert!(h.query_by_label("Rename").is_some(), "{answer}");
        assert_eq!(
            h.get_by_label("Holes per row").rect(),
            fields,
            "{answer} left a gap"
        );
    }
    assert!(h.state().rt.new_game.is_some(), "the dialog stays");
}

#[test]
fn a_presets_file_damaged_while_the_dialog_is_open_moves_no_field_when_a_save_is_refused() {
    // Damaged from outside, then a preset saved: the line about the file
    // came above the preset's name and moved every field below it.
    let dir = tempfile::tempdir().unwrap();
    let config = folders(dir.path()).config;
    std::fs::create_dir_all(&config).unwrap();
    let mut h = new_game_dialog(dir.path());
    replace_field(&mut h, "Preset name", "Ten");
    let places = |h: &Harness<'_, MaasaiApp>| {
        [
            "Preset name",
            "Save as preset",
            "Start game",
            "South team name",
        ]
        .map(|label| h.get_by_label(label).rect())
    };
    let before = places(&h);
    std::fs::write(
        config.join("presets.ron"),
        "PresetFile(version: 1, presets: [",
    )
    .unwrap();
    h.get_by_label("Save as preset").click();
    h.run();
    assert!(h.state().files.error.is_some(), "refused");
    h.state_mut().files.error = None;
    h.run();
    assert!(
        h.query_by_label_contains("changes nothing until the file is mended or moved")
            .is_some(),
        "the dialog's line about the file"
    );
    assert_eq!(places(&h), before, "the fields moved");
}

#[test]
fn a_preset_refused_for_a_damaged_presets_file_says_the_file_was_kept_and_what_to_do() {
    let dir = tempfile::tempdir().unwrap();
    let config = folders(dir.path()).config;
    std::fs::create_dir_all(&config).unwrap();
    let damaged = "PresetFile(version: 1, presets: [Preset(name: \"Mine\"";
    let path = config.join("presets.ron");
    std::fs::write(&path, damaged).unwrap();
    let mut h = new_game_dialog(dir.path());
    assert!(
        h.query_by_label_contains("changes nothing until the file is mended or moved")
            .is_some(),
        "the dialog's line about the file"
    );
    replace_field(&mut h, "Preset name", "Nine");
    h.get_by_label("Save as preset").click();
    h.run();
    let (title, message) = h.state().files.error.clone().expect("refused");
    assert_eq!(title, "Cannot change the presets");
    assert!(
        message.contains("presets.ron:1:"),
        "the parse error: {message}"
    );
    assert!(
        message.contains(&format!(
            "Nothing was written: {} was kept as it was",
            path.display()
        )),
        "{message}"
    );
    assert!(
        message.contains("Mend it in a text editor") && message.contains("or move it out of"),
        "what to do: {message}"
    );
    assert_eq!(std::fs::read_to_string(&path).unwrap(), damaged);

    // A refusal with the file sound says that nothing changed either (a
    // preset saved behind the dialog's back: one the dialog knows of is
    // said as its name is typed, and Save is greyed).
    std::fs::remove_file(&path).unwrap();
    h.key_press(egui::Key::Enter);
    h.run();
    let nine = Preset {
        name: "Nine".into(),
        options: GameOptions::en_gehe(9),
        note: String::new(),
    };
    add_user_preset(&config, nine).unwrap();
    replace_field(&mut h, "Preset name", "Nine");
    h.get_by_label("Save as preset").click();
    h.run();
    let (_, message) = h.state().files.error.clone().expect("refused");
    assert!(
        message.contains("already a preset named `Nine`"),
        "{message}"
    );
    assert!(
        message.contains("Nothing was written: your presets are as they were"),
        "{message}"
    );
}

#[test]
fn move_comments_event_and_notes_are_written_in_the_window_and_saved() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = files_harness(dir.path(), en_gehe(6));
    h.run();
    assert!(h.query_by_label("Pick a move to comment on it.").is_some());
    play(&mut h, "1");
    replace_field(&mut h, "Comment on move 1: South 1", "A quiet start.");
    assert_eq!(h.state().rt.comments.get(&1).unwrap(), "A quiet start.");
    // The row says so next to the move, where a row cut short keeps it.
    h.run();
    assert!(
        h.query_by_label_contains("1. South 1 · commented — ")
            .is_some()
    );
    // The autosave takes the comment once the typing has rested a second
    // (not on every keystroke): not yet, just after the last key.
    let early =
        std::fs::read_to_string(autosave_path(&folders(dir.path()).data)).unwrap_or_default();
    assert!(
        !early.contains("A quiet start."),
        "written while typing: {early}"
    );
    std::thread::sleep(std::time::Duration::from_millis(1100));
    h.run();
    let autosave = std::fs::read_to_string(autosave_path(&folders(dir.path()).data)).unwrap();
    assert!(autosave.contains("A quiet start."), "{autosave}");
    h.get_by_label("Event and notes").click();
    h.run();
    replace_field(&mut h, "Event", "Club evening");
    replace_field(&mut h, "Notes", "Played at the study group.");
    assert!(h.state().unsaved());
    let path = dir.path().join("commented.ron");
    files(&mut h, FileCommand::SaveTo(path.clone()));
    assert!(!h.state().unsaved());
    let file = load_game(&path).unwrap();
    assert_eq!(file.comments.get(&1).unwrap(), "A quiet start.");
    assert_eq!(file.event, "Club evening");
    assert_eq!(file.notes, "Played at the study group.");

    // Opened again, the comment is shown with its move.
    let mut h = files_harness(dir.path(), en_gehe(6));
    files(&mut h, FileCommand::OpenPath(path));
    h.state_mut().queue(AppCommand::ViewMove(0));
    h.run();
    assert!(h.query_all_by_value("A quiet start.").next().is_some());

    // Undo keeps the comment for redo; another move in its place drops it.
    h.state_mut().queue(AppCommand::Undo);
    h.run();
    h.state_mut().queue(AppCommand::Redo);
    h.run();
    assert!(h.state().rt.comments.contains_key(&1));
    h.state_mut().queue(AppCommand::Undo);
    h.run();
    play(&mut h, "2");
    assert!(h.state().rt.comments.is_empty());
}

#[test]
fn long_notes_and_comments_scroll_in_their_boxes() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = files_harness(dir.path(), en_gehe(6));
    h.run();
    play(&mut h, "1");
    let long: String = (1..=40).map(|i| format!("line {i}\n")).collect();
    h.state_mut().queue(AppCommand::SetComment(1, long.clone()));
    h.state_mut().queue(AppCommand::SetNotes(long));
    // The box is sized from its height a frame before, so it grows over
    // a few frames, its scroll bar showing and going again.
    h.run_steps(6);
    h.get_by_label("Event and notes").click();
    h.run_steps(3);
    // The list keeps its room above the boxes: its first row is in sight
    // and the comment's label lies below it.
    let row = h.get_by_label_contains("1. South 1").rect();
    let comment = h.get_by_label("Comment on move 1: South 1").rect();
    assert!(
        comment.top() > row.bottom(),
        "the comment box at {comment:?} covers the list's row at {row:?}"
    );
}

#[test]
fn file_shortcuts_work_while_a_comment_is_typed() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = files_harness(dir.path(), en_gehe(6));
    h.run();
    play(&mut h, "1");
    replace_field(&mut h, "Comment on move 1: South 1", "Quiet.");
    assert!(
        h.ctx.egui_wants_keyboard_input(),
        "the comment box has the keys"
    );
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::S);
    h.run_steps(2);
    assert!(
        h.state().files.path_prompt.is_some(),
        "Ctrl+S did not ask where to save"
    );
}

#[test]
fn a_typed_save_as_asks_before_replacing_another_file() {
    let dir = tempfile::tempdir().unwrap();
    let other = dir.path().join("other.ron");
    std::fs::write(&other, "precious").unwrap();
    let mut h = files_harness(dir.path(), en_gehe(6));
    h.run();
    play(&mut h, "1");
    files(&mut h, FileCommand::SaveAs);
    h.run();
    // The field has the keys at once.
    assert!(
        h.ctx.egui_wants_keyboard_input(),
        "the path field has no focus"
    );
    h.state_mut().files.path_prompt.as_mut().unwrap().text = other.display().to_string();
    h.run();
    h.get_by_label("Save").click();
    h.run_steps(2);
    let question = format!("“{}” already exists. Replace it?", other.display());
    assert!(h.query_by_label(&question).is_some(), "no question");
    assert_eq!(std::fs::read_to_string(&other).unwrap(), "precious");
    h.get_by_label("Replace").click();
    h.run_steps(2);
    assert!(h.state().files.path_prompt.is_none());
    assert_eq!(load_game(&other).unwrap().game.moves().len(), 1);
}

#[test]
fn a_typed_save_as_onto_a_read_only_file_says_so_before_asking_to_replace() {
    let dir = tempfile::tempdir().unwrap();
    let locked = dir.path().join("locked.ron");
    std::fs::write(&locked, "precious").unwrap();
    let mut permissions = std::fs::metadata(&locked).unwrap().permissions();
    permissions.set_readonly(true);
    std::fs::set_permissions(&locked, permissions).unwrap();
    let mut h = files_harness(dir.path(), en_gehe(6));
    play(&mut h, "1");
    files(&mut h, FileCommand::SaveAs);
    h.state_mut().files.path_prompt.as_mut().unwrap().text = locked.display().to_string();
    h.run();
    h.get_by_label("Save").click();
    h.run_steps(2);
    let question = format!("“{}” already exists. Replace it?", locked.display());
    assert!(h.query_by_label(&question).is_none(), "asked to replace");
    let (title, message) = h.state().files.error.clone().expect("said at once");
    assert_eq!(title, "Cannot save the game");
    assert!(message.contains("the file is read-only"), "{message}");
    assert_eq!(std::fs::read_to_string(&locked).unwrap(), "precious");
    // The typed path stays for another name.
    assert_eq!(
        h.state().files.path_prompt.as_ref().unwrap().text,
        locked.display().to_string()
    );
    // Saved under another name, the failure's message goes with it: it
    // stayed on top, saying the game was not saved, over "Saved to …".
    let free = dir.path().join("free.ron");
    h.state_mut().files.path_prompt.as_mut().unwrap().text = free.display().to_string();
    h.run();
    h.get_by_label("Save").click();
    h.run_steps(2);
    assert_eq!(load_game(&free).unwrap().game.moves().len(), 1);
    assert!(
        h.state().files.error.is_none(),
        "{:?}",
        h.state().files.error
    );
    assert!(h.query_by_label_contains("The game stays open").is_none());
}

#[test]
fn a_long_message_scrolls_and_keeps_its_buttons_in_a_small_window() {
    // A failure naming a long path made the message taller than a
    // 1024×680 window, its OK button off the screen.
    let dir = tempfile::tempdir().unwrap();
    let size = [1024.0, 680.0];
    let folders = folders(dir.path());
    let mut h = Harness::builder()
        .with_size(size)
        .with_theme(egui::Theme::Light)
        .build_eframe(move |cc| {
            MaasaiApp::new_for_tests_with_folders(&cc.egui_ctx, en_gehe(6), folders)
        });
    h.state_mut().settings.speed = INSTANT_SPEED;
    h.run();
    let deep: PathBuf = (0..300).map(|i| format!("folder number {i}")).collect();
    let path = dir.path().join(deep).join("game.ron");
    files(&mut h, FileCommand::OpenPath(path.clone()));
    let (_, message) = h.state().files.error.clone().expect("said");
    assert!(message.len() > 5000, "a long message: {}", message.len());
    let screen = egui::Rect::from_min_size(egui::Pos2::ZERO, size.into());
    let ok = h.get_by_label("OK").rect();
    assert!(screen.contains_rect(ok), "OK at {ok:?}");
    // Where it stays (a scroll area that grew frame by frame moved it).
    h.run();
    assert_eq!(h.get_by_label("OK").rect(), ok);
    h.get_by_label("OK").click();
    h.run();
    assert!(h.state().files.error.is_none());

    // So does a question's: "Save your changes?" about a game whose file
    // has a long path.
    play(&mut h, "1");
    h.state_mut().files.path = Some(path);
    files(&mut h, FileCommand::New);
    for answer in ["Save", "Discard changes", "Cancel"] {
        let r = h.get_by_label(answer).rect();
        assert!(screen.contains_rect(r), "{answer} at {r:?}");
    }
    h.get_by_label("Cancel").click();
    h.run();
    assert!(h.state().files.unsaved_prompt.is_none());
}

/// A 2×6 game with one move not saved to any file.
fn with_unsaved_move(dir: &Path) -> Harness<'static, MaasaiApp> {
    let mut h = files_harness(dir, en_gehe(6));
    h.run();
    play(&mut h, "1");
    assert!(h.state().unsaved());
    h
}

#[test]
fn a_missing_file_is_said_before_asking_to_save() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = with_unsaved_move(dir.path());
    files(&mut h, FileCommand::OpenPath(dir.path().join("gone.ron")));
    h.run();
    assert!(
        h.state().files.unsaved_prompt.is_none(),
        "asked to save first"
    );
    let (title, message) = h.state().files.error.clone().expect("an error");
    assert_eq!(title, "Cannot open the file");
    assert!(message.contains("there is no such file"), "{message}");
    assert_eq!(h.state().rt.game.moves().len(), 1);
}

#[test]
fn the_window_title_names_the_file_and_marks_unsaved_changes() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = files_harness(dir.path(), en_gehe(6));
    h.run();
    assert_eq!(h.state().window_title(), "New game — Maasai mancala");
    assert_eq!(
        h.state().rt.window_title,
        "New game — Maasai mancala",
        "sent"
    );
    play(&mut h, "1");
    assert_eq!(h.state().window_title(), "*New game — Maasai mancala");
    files(&mut h, FileCommand::SaveTo(dir.path().join("relay.ron")));
    h.run();
    assert_eq!(h.state().window_title(), "relay.ron — Maasai mancala");
    // A note typed is a change too.
    h.state_mut().rt.notes = "South's relay".into();
    assert_eq!(h.state().window_title(), "*relay.ron — Maasai mancala");
}

#[test]
fn a_path_too_long_to_look_at_is_said_so_not_called_missing() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = files_harness(dir.path(), en_gehe(6));
    let long = dir.path().join(format!("{}.ron", "a".repeat(300)));
    files(&mut h, FileCommand::OpenPath(long));
    for _ in 0..50 {
        if h.state().files.error.is_some() {
            break;
        }
        h.step();
    }
    let (_, message) = h.state().files.error.clone().expect("said");
    assert!(message.contains("too long"), "{message}");
    assert!(!message.contains("no such file"), "{message}");
}

#[test]
fn a_typed_name_without_ron_opens_the_ron_file() {
    // Saving "game" writes "game.ron": opening "game" finds it too (it
    // said there was no such file).
    let dir = tempfile::tempdir().unwrap();
    let mut h = files_harness(dir.path(), en_gehe(6));
    save_game(
        &dir.path().join("long relay game.ron"),
        &GameFile::from_game(Game::new(en_gehe(4))),
    )
    .unwrap();
    files(
        &mut h,
        FileCommand::OpenPath(dir.path().join("long relay game")),
    );
    h.run();
    assert_no_file_error(&h);
    assert_eq!(h.state().rt.game.current().holes_per_side(), 4);
}

#[test]
fn a_missing_name_without_ron_says_both_names_it_looked_for() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = files_harness(dir.path(), en_gehe(6));
    files(&mut h, FileCommand::OpenPath(dir.path().join("nofile")));
    let (_, message) = h.state().files.error.clone().expect("said");
    let bare = dir.path().join("nofile");
    let ron = dir.path().join("nofile.ron");
    assert!(
        message.starts_with(&format!(
            "{}: there is no such file, and no {} either.",
            bare.display(),
            ron.display()
        )),
        "{message}"
    );
    // A name with its extension was looked for as it is.
    files(&mut h, FileCommand::DismissError);
    files(&mut h, FileCommand::OpenPath(ron.clone()));
    let (_, message) = h.state().files.error.clone().expect("said");
    assert!(
        message.starts_with(&format!("{}: there is no such file.", ron.display())),
        "{message}"
    );
}

#[test]
fn a_file_that_cannot_be_opened_is_said_before_asking_to_save() {
    // Asked first, a user who discarded the changes would learn only then
    // that the file was no game.
    let dir = tempfile::tempdir().unwrap();
    let mut h = with_unsaved_move(dir.path());
    for fixture in ["garbled.ron", "truncated.ron", "foreign.png"] {
        h.state_mut().files.error = None;
        files(
            &mut h,
            FileCommand::OpenPath(format!("tests/fixtures/{fixture}").into()),
        );
        h.run();
        assert!(
            h.state().files.unsaved_prompt.is_none(),
            "{fixture}: asked to save first"
        );
        let (title, message) = h.state().files.error.clone().expect("an error");
        assert_eq!(title, "Cannot open the file", "{fixture}");
        assert!(message.contains(fixture), "{fixture}: {message}");
        assert!(message.contains("still open and unchanged"), "{message}");
        assert_eq!(h.state().rt.game.moves().len(), 1);
        assert!(h.state().unsaved());
    }
    // A file that opens still asks first.
    files(
        &mut h,
        FileCommand::OpenPath("tests/fixtures/snapshot-game.ron".into()),
    );
    h.run();
    assert!(h.state().files.unsaved_prompt.is_some(), "not asked");
}

#[test]
fn the_autosave_is_never_a_games_file() {
    // Saved "to" the autosave, a game was overwritten by the next game's
    // first move, .bak and all: such a save is refused, and the autosave
    // opens as a new record with no file.
    let dir = tempfile::tempdir().unwrap();
    let data = folders(dir.path()).data;
    let autosave = autosave_path(&data);
    let mut h = two_moves_in(dir.path());
    assert!(autosave.exists());

    for (path, what) in [
        (autosave.clone(), "autosave"),
        (data.join("autosave.ron.bak"), "autosave"),
        (data.join("app.ron"), "settings file"),
        (
            folders(dir.path()).config.join("presets.ron"),
            "presets file",
        ),
        // The same file by another way there.
        (data.join("../data/autosave.ron"), "autosave"),
    ] {
        h.state_mut().files.error = None;
        files(&mut h, FileCommand::SaveTo(path.clone()));
        let (_, message) = h.state().files.error.clone().expect("refused");
        assert!(
            message.contains(&format!(
                "the program's own {what}, which it writes by itself: choose another name."
            )),
            "{message}"
        );
        assert!(h.state().unsaved());
        assert!(h.state().files.path.is_none());
    }
    // Another name in the same folder is the user's to choose.
    h.state_mut().files.error = None;
    let mine = data.join("mine.ron");
    files(&mut h, FileCommand::SaveTo(mine.clone()));
    assert!(h.state().files.error.is_none());
    assert_eq!(h.state().files.path.as_deref(), Some(mine.as_path()));

    // Opening the autosave gives its game without tying it to the file.
    drop(h);
    let mut h = files_harness(dir.path(), en_gehe(8));
    h.get_by_label("Start fresh").click();
    h.run();
    play(&mut h, "3");
    let before = h.state().rt.game.clone();
    files(&mut h, FileCommand::SaveTo(dir.path().join("g.ron")));
    files(&mut h, FileCommand::OpenPath(autosave.clone()));
    assert_eq!(h.state().rt.game, before, "the autosave holds this game");
    assert!(h.state().files.path.is_none());
    assert!(h.state().unsaved(), "it has no file of its own");
    assert!(
        h.state()
            .rt
            .notice
            .as_deref()
            .is_some_and(|n| n.contains("as a new record"))
    );
    assert!(!h.state().files.recent.files.contains(&autosave));
}

#[test]
fn a_failing_autosave_is_said_once_then_in_the_menu_bar() {
    let dir = tempfile::tempdir().unwrap();
    // The data folder cannot be made: a file stands in its place.
    std::fs::write(dir.path().join("data"), "not a folder").unwrap();
    let mut h = files_harness(dir.path(), en_gehe(6));
    play(&mut h, "1");
    let (title, message) = h.state().files.error.clone().expect("said once");
    assert_eq!(title, "Autosave failed");
    assert!(message.contains("data"), "{message}");
    h.get_by_label("OK").click();
    h.run();
    play(&mut h, "2");
    play(&mut h, "3");
    assert!(
        h.state().files.error.is_none(),
        "not again after every move"
    );
    assert!(h.query_by_label("Autosave failing").is_some());
    // Once it works again the warning goes.
    std::fs::remove_file(dir.path().join("data")).unwrap();
    play(&mut h, "4");
    assert!(h.state().files.autosave_failing.is_none());
    assert!(h.query_by_label("Autosave failing").is_none());
}

/// [`files_harness`] writing its autosave on its thread, as the real
/// window does (tests otherwise wait for each write in the frame).
fn background_files_harness(dir: &Path) -> Harness<'static, MaasaiApp> {
    let mut h = files_harness(dir, en_gehe(6));
    h.state_mut().rt.background = true;
    h
}

/// Plays the first legal move and steps until it is in the game: its
/// autosave is then handed to the autosave's thread (in the frame that
/// took the move in), not necessarily written yet.
fn play_in_background(h: &mut Harness<'_, MaasaiApp>) {
    let len = h.state().rt.game.moves().len();
    let mv = h.state().rt.game.current().legal_moves()[0];
    h.state_mut().queue(AppCommand::PlayMove(mv));
    common::step_until(h, "the move played", |app| {
        app.rt.game.moves().len() == len + 1
    });
}

/// The autosave on disk.
fn autosaved(dir: &Path) -> Option<maasai_mancala::files::Autosave> {
    maasai_mancala::files::load_autosave(&folders(dir).data).unwrap()
}

/// The moves in the autosave on disk (none without one).
fn autosaved_moves(dir: &Path) -> usize {
    autosaved(dir).map_or(0, |a| a.game.game.moves().len())
}

#[test]
fn the_autosave_is_written_off_the_windows_thread_and_taken_in_by_the_frames() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = background_files_harness(dir.path());
    play_in_background(&mut h);
    // Written by the autosave's thread, and its outcome polled: the frames
    // go on meanwhile.
    common::step_until(&mut h, "the autosave written", |_| {
        autosaved_moves(dir.path()) == 1
    });
    assert!(h.state().files.autosave_failing.is_none());
    // A flush waits for the write handed over: on disk when it returns.
    play_in_background(&mut h);
    h.state_mut().flush_autosave();
    assert_eq!(autosaved_moves(dir.path()), 2);
    assert!(h.state().files.error.is_none());
}

#[test]
fn a_failing_autosave_written_in_the_background_is_said_once_then_in_the_menu_bar() {
    let dir = tempfile::tempdir().unwrap();
    // The data folder cannot be made: a file stands in its place.
    std::fs::write(dir.path().join("data"), "not a folder").unwrap();
    let mut h = background_files_harness(dir.path());
    play_in_background(&mut h);
    // The writer's outcome comes back to a later frame.
    common::step_until(&mut h, "the failure said", |app| app.files.error.is_some());
    h.step();
    let (title, message) = h.state().files.error.clone().expect("said once");
    assert_eq!(title, "Autosave failed");
    assert!(message.contains("data"), "{message}");
    h.get_by_label("OK").click();
    h.step();
    for _ in 0..2 {
        play_in_background(&mut h);
        h.state_mut().flush_autosave();
    }
    h.step();
    assert!(
        h.state().files.error.is_none(),
        "not again after every move"
    );
    assert!(h.state().files.autosave_failing.is_some());
    assert!(h.query_by_label("Autosave failing").is_some());
    // Once it works again the warning goes.
    std::fs::remove_file(dir.path().join("data")).unwrap();
    play_in_background(&mut h);
    common::step_until(&mut h, "the autosave working again", |app| {
        app.files.autosave_failing.is_none()
    });
    h.step();
    assert!(h.query_by_label("Autosave failing").is_none());
    assert_eq!(autosaved_moves(dir.path()), 4);
}

#[test]
fn closing_the_window_waits_for_its_last_autosave() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = background_files_harness(dir.path());
    play_in_background(&mut h);
    play_in_background(&mut h);
    h.state_mut().queue(AppCommand::Files(FileCommand::SaveTo(
        dir.path().join("g.ron"),
    )));
    common::step_until(&mut h, "the game saved", |app| !app.unsaved());
    h.state_mut().flush_autosave();
    assert_eq!(autosaved(dir.path()).unwrap().game.cursor, 2);
    // Going back through the moves changes nothing to autosave, until the
    // window closes: then the move on view is written last, and the close
    // waits for it.
    h.state_mut().queue(AppCommand::ViewStart);
    h.step();
    common::ask_to_close(&mut h);
    h.step();
    // Read at once, with no frame or wait between.
    let kept = autosaved(dir.path()).expect("autosaved");
    assert_eq!(kept.game.cursor, 0, "the view on closing is written");
    assert_eq!(kept.game.game.moves().len(), 2);
    assert!(!kept.unsaved);
}

#[test]
fn an_autosave_still_waiting_when_the_window_goes_is_written_all_the_same() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = background_files_harness(dir.path());
    for _ in 0..3 {
        play_in_background(&mut h);
    }
    // Gone with the last move's autosave perhaps only handed over: it is
    // written before the app is gone.
    drop(h);
    assert_eq!(autosaved_moves(dir.path()), 3);
}

/// A window started as with `maasai-mancala FILE`.
fn harness_opening(dir: &Path, file: PathBuf) -> Harness<'static, MaasaiApp> {
    let folders = folders(dir);
    let mut h = Harness::builder()
        .with_size([1400.0, 760.0])
        .with_theme(egui::Theme::Light)
        .build_eframe(move |cc| {
            MaasaiApp::new_for_tests_opening(&cc.egui_ctx, en_gehe(8), folders, file)
        });
    h.state_mut().settings.speed = INSTANT_SPEED;
    h.run();
    h
}

#[test]
fn a_file_with_unnamed_teams_opened_again_unchanged_is_nothing_unsaved() {
    // `play --save` writes no team names; the window shows them as South
    // and North, and its autosave kept those: at the next start the file
    // counted as "another version of the game", and each launch with it
    // moved a copy aside as an unsaved game ("unsaved game 2.ron", …).
    let dir = tempfile::tempdir().unwrap();
    let data = folders(dir.path()).data;
    let file = dir.path().join("short.ron");
    let mut game = Game::new(en_gehe(8));
    for mv in ["1", "3"] {
        game.play(game.variant().parse_move(mv).unwrap()).unwrap();
    }
    let saved = GameFile::from_game(game);
    assert_eq!(saved.south_team, "");
    save_game(&file, &saved).unwrap();
    for _ in 0..3 {
        let h = harness_opening(dir.path(), file.clone());
        assert!(
            h.state().files.error.is_none(),
            "{:?}",
            h.state().files.error
        );
        assert!(!h.state().unsaved());
        drop(h);
    }
    assert!(!data.join("unsaved game.ron").exists());
    // Nor is it offered as a game with changes saved nowhere else.
    let h = files_harness(dir.path(), en_gehe(8));
    assert!(
        h.query_by_label_contains("with unsaved changes").is_none()
            && h.query_by_label_contains("only copy").is_none()
    );
}

#[test]
fn a_file_opened_at_launch_moves_an_unsaved_last_game_aside() {
    // A double-clicked file used to take the place of a killed session's
    // unsaved game without a word, and its autosaves then wrote over it.
    let dir = tempfile::tempdir().unwrap();
    let data = folders(dir.path()).data;
    let file = dir.path().join("other.ron");
    save_game(&file, &GameFile::from_game(Game::new(en_gehe(4)))).unwrap();
    let unsaved = {
        let h = two_moves_in(dir.path());
        h.state().rt.game.clone()
    };
    let mut h = harness_opening(dir.path(), file.clone());
    assert!(h.query_by_label("Resume last game?").is_none());
    let (title, message) = h.state().files.error.clone().expect("said");
    assert!(
        title.contains("unsaved game from the last session"),
        "{title}"
    );
    let aside = data.join("unsaved game.ron");
    assert!(message.contains(&aside.display().to_string()), "{message}");
    assert_eq!(load_game(&aside).unwrap().game, unsaved);
    h.get_by_label("OK").click();
    h.run();
    assert_eq!(
        h.state().rt.game.current().holes_per_side(),
        4,
        "the file opened"
    );
    play(&mut h, "1");
    play(&mut h, "2");
    assert_eq!(load_game(&aside).unwrap().game, unsaved, "kept");
    let changed_file = h.state().rt.game.clone();
    drop(h);

    // Declining the offer of that game (changed since other.ron) moves it
    // aside too, under the next free name; a file opened at the next
    // start then moves the fresh game's to the one after. A saved last
    // game (nothing lost) and a damaged autosave are handled as at any
    // start.
    let again = {
        let mut h = files_harness(dir.path(), en_gehe(6));
        h.get_by_label("Start fresh").click();
        h.run();
        assert_eq!(
            load_game(&data.join("unsaved game 2.ron")).unwrap().game,
            changed_file
        );
        play(&mut h, "3");
        h.state().rt.game.clone()
    };
    let h = harness_opening(dir.path(), file.clone());
    assert!(h.state().files.error.is_some());
    assert_eq!(
        load_game(&data.join("unsaved game 3.ron")).unwrap().game,
        again
    );
    drop(h);
    std::fs::write(autosave_path(&data), "Autosave(version: 1, garbage").unwrap();
    let h = harness_opening(dir.path(), file);
    let (_, message) = h.state().files.error.clone().expect("said");
    assert!(message.contains("autosave.ron.damaged"), "{message}");
}

#[test]
fn a_damaged_autosave_is_set_aside_and_the_one_before_it_kept() {
    let dir = tempfile::tempdir().unwrap();
    let data = folders(dir.path()).data;
    {
        let _h = two_moves_in(dir.path());
    }
    let autosave = autosave_path(&data);
    let bak = data.join("autosave.ron.bak");
    assert!(bak.exists(), "the second move's autosave kept the first's");
    let good_before = std::fs::read_to_string(&bak).unwrap();
    std::fs::write(&autosave, "Autosave(version: 1, garbage").unwrap();

    let mut h = files_harness(dir.path(), en_gehe(6));
    let (_, message) = h.state().files.error.clone().expect("said");
    assert!(message.contains("autosave.ron.damaged"), "{message}");
    // The one before is moved where no autosave writes: as
    // autosave.ron.bak the second move's autosave replaced it, and
    // Discard on closing removed it.
    let kept = data.join("unsaved game.ron");
    assert!(
        message.contains(&format!("moved to {}", kept.display())),
        "{message}"
    );
    assert!(data.join("autosave.ron.damaged").exists());
    h.get_by_label("OK").click();
    h.run();
    play(&mut h, "3");
    play(&mut h, "1");
    assert_eq!(
        std::fs::read_to_string(&kept).unwrap(),
        good_before,
        "the next autosaves do not push the good one out"
    );
    // Thrown away on closing: the game kept is not.
    request_close(&mut h);
    h.get_by_label("Discard changes").click();
    h.run();
    assert!(!autosave.exists());
    assert_eq!(std::fs::read_to_string(&kept).unwrap(), good_before);
    // And it opens.
    assert_eq!(
        maasai_mancala::files::check_file(&kept).unwrap().kind,
        maasai_mancala::files::FileKind::Autosave
    );
}

#[test]
fn a_study_opened_through_save_your_changes_waits_for_the_save() {
    use maasai_mancala::app::studies_ui::{Mode, StudyCommand, shipped_studies};
    let dir = tempfile::tempdir().unwrap();
    let mut h = files_harness(dir.path(), en_gehe(6));
    play(&mut h, "1");
    let study = shipped_studies().0.remove(0);
    h.state_mut().queue(AppCommand::Study(StudyCommand::Start(
        Box::new(study.clone()),
        Mode::Book,
    )));
    h.run();
    assert!(h.query_by_label("Save your changes?").is_some());
    // Save, then a path typed in the window that asks for one.
    h.get_by_label("Save").click();
    h.run();
    assert!(h.state().files.path_prompt.is_some());
    let path = dir.path().join("kept.ron");
    files(&mut h, FileCommand::SaveTo(path.clone()));
    h.run();
    assert!(path.exists(), "the game was saved");
    let active = h
        .state()
        .studies
        .active
        .as_ref()
        .expect("the study is open");
    assert_eq!(active.study.file.title, study.file.title);
    assert_eq!(*h.state().rt.game.start(), study.start);
}

#[test]
fn the_file_dialogs_answer_esc_and_enter() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = files_harness(dir.path(), en_gehe(6));
    play(&mut h, "1");
    // Esc backs out of "Save your changes?".
    h.state_mut().queue(AppCommand::OpenNewGame);
    h.run();
    assert!(h.query_by_label("Save your changes?").is_some());
    h.key_press(egui::Key::Escape);
    h.run();
    assert!(h.query_by_label("Save your changes?").is_none());
    assert!(h.state().rt.new_game.is_none());
    assert_eq!(h.state().rt.game.moves().len(), 1);
    // Enter (or Esc) closes a message.
    files(
        &mut h,
        FileCommand::OpenPath(dir.path().join("missing.ron")),
    );
    assert!(h.state().files.error.is_some());
    h.key_press(egui::Key::Enter);
    h.run();
    assert!(h.state().files.error.is_none());
    // Enter takes "Resume last game" on the next start.
    let played = h.state().rt.game.clone();
    drop(h);
    let mut h = files_harness(dir.path(), en_gehe(8));
    assert!(h.state().files.resume_offer.is_some());
    h.key_press(egui::Key::Enter);
    h.run();
    assert!(h.state().files.resume_offer.is_none());
    assert_eq!(h.state().rt.game, played);
}

#[test]
fn the_typed_path_window_answers_esc_and_refuses_own_files_before_asking_to_replace() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = files_harness(dir.path(), en_gehe(6));
    play(&mut h, "1");
    files(&mut h, FileCommand::SaveAs);
    assert!(h.state().files.path_prompt.is_some());
    h.key_press(egui::Key::Escape);
    h.run();
    assert!(h.state().files.path_prompt.is_none(), "Esc closes it");
    // The autosave exists: no "Replace it?", the refusal at once.
    let autosave = autosave_path(&folders(dir.path()).data);
    assert!(autosave.exists());
    files(&mut h, FileCommand::SaveAs);
    files(&mut h, FileCommand::SaveTo(autosave.clone()));
    assert!(
        h.state()
            .files
            .path_prompt
            .as_ref()
            .is_none_or(|p| p.ask_replace.is_none()),
        "not asked to replace"
    );
    let (_, message) = h.state().files.error.clone().expect("refused");
    assert!(message.contains("the program's own autosave"), "{message}");
}

#[test]
fn the_study_library_lists_each_good_file_beside_a_broken_one_and_reads_the_folder_again() {
    use maasai_mancala::app::studies_ui::StudyCommand;
    let dir = tempfile::tempdir().unwrap();
    let studies = common::users_studies(dir.path());
    let text = std::fs::read_to_string("assets/studies/02-capture.ron").unwrap();
    let titled = |title: &str| {
        text.replace(
            "title: \"The capture takes its trigger seed\"",
            &format!("title: \"{title}\""),
        )
    };
    std::fs::write(studies.join("10-mine.ron"), titled("My own capture")).unwrap();
    std::fs::write(studies.join("11-broken.ron"), "Study(version: 1, title: )").unwrap();
    let mut h = files_harness(dir.path(), en_gehe(6));
    let library = |h: &mut Harness<'static, MaasaiApp>, open| {
        h.state_mut()
            .queue(AppCommand::Study(StudyCommand::ShowLibrary(open)));
        h.run_steps(3);
        // The user's studies are read off the window's thread.
        common::step_until(h, "the user's studies read", |app| {
            !app.studies.reading_library()
        });
        h.run_steps(2);
    };
    library(&mut h, true);
    assert!(
        h.query_by_label("My own capture").is_some(),
        "the good file is hidden"
    );
    assert!(h.query_by_label_contains("11-broken.ron:1:").is_some());
    // The user's own come first: they are what was just added.
    let own = h.get_by_label("Your studies").rect();
    let shipped = h.get_by_label("Shipped with the program").rect();
    assert!(own.top() < shipped.top(), "{own:?} under {shipped:?}");
    // A file added while the program runs shows when the library opens again.
    std::fs::write(studies.join("12-later.ron"), titled("Added later")).unwrap();
    library(&mut h, false);
    library(&mut h, true);
    assert!(h.query_by_label("Added later").is_some());
    assert!(h.query_by_label("My own capture").is_some());
}

#[test]
fn the_study_library_checks_the_goals_of_the_users_studies() {
    use maasai_mancala::app::studies_ui::{Claim, StudyCommand};
    let dir = tempfile::tempdir().unwrap();
    let studies = common::users_studies(dir.path());
    let text = std::fs::read_to_string("assets/studies/02-capture.ron").unwrap();
    let goal = "kind: MarginAtLeast(3), text: \"South to move wins by at least 3\"";
    assert!(text.contains(goal));
    std::fs::write(studies.join("10-true.ron"), &text).unwrap();
    std::fs::write(
        studies.join("11-false.ron"),
        text.replace(
            goal,
            "kind: MarginAtLeast(9), text: \"South to move wins by at least 9\"",
        ),
    )
    .unwrap();
    // A true goal with a solution that starts with a losing move (its
    // comment names it, so the file itself is sound).
    let start = text.find("    solution: [").unwrap();
    let end = text.find("\n    ],").unwrap();
    let mistaken = format!(
        "{}    solution: [\n        Step(mv: \"1\", comment: \"South 1: a relay that ends in North's row.\"),{}",
        &text[..start],
        &text[end..]
    );
    std::fs::write(studies.join("12-mistake.ron"), mistaken).unwrap();
    let mut h = files_harness(dir.path(), en_gehe(6));
    h.state_mut()
        .queue(AppCommand::Study(StudyCommand::ShowLibrary(true)));
    h.run_steps(3);
    // Read off the window's thread first, then checked.
    common::step_until(&mut h, "the claims checked", |app| {
        !app.studies.reading_library()
            && app.studies.claims.len() == 3
            && !app.studies.claims.contains(&Claim::Checking)
    });
    h.run_steps(2);
    assert_eq!(h.state().studies.claims[0], Claim::Holds);
    let claim = h.state().studies.claims[1].clone();
    assert!(
        matches!(&claim, Claim::Fails(v) if v.contains("by 3")),
        "{claim:?}"
    );
    assert_eq!(
        h.query_all_by_label("The goal holds (proved by the solver).")
            .count(),
        1
    );
    assert!(
        h.query_by_label_contains("The goal does not hold: with best play South to move wins by 3")
            .is_some()
    );
    let claim = h.state().studies.claims[2].clone();
    assert!(
        matches!(&claim, Claim::LineFault(f) if f.contains("solution move 1 (South 1) is not best")),
        "{claim:?}"
    );
    assert!(
        h.query_by_label_contains(
            "The goal holds, but the solution has a mistake: solution move 1 (South 1)"
        )
        .is_some()
    );
    // Tried anyway, the study panel says so under the goal.
    h.query_all_by_label("Exercise").nth(1).unwrap().click();
    h.run_steps(4);
    let active = h
        .state()
        .studies
        .active
        .as_ref()
        .expect("the study is open");
    assert!(active.study.origin.ends_with("11-false.ron"));
    assert!(
        h.query_by_label_contains("The solver found that this goal does not hold")
            .is_some()
    );
}

#[test]
fn a_study_opened_by_its_file_has_its_claim_checked_too() {
    // Opened by its path (not from the library's folder), a study whose
    // goal claims too much showed no warning under its goal; and a switch
    // of mode dropped the library's finding.
    use maasai_mancala::app::studies_ui::{Mode, StudyCommand};
    let dir = tempfile::tempdir().unwrap();
    let text = std::fs::read_to_string("assets/studies/02-capture.ron").unwrap();
    let goal = "kind: MarginAtLeast(3), text: \"South to move wins by at least 3\"";
    assert!(text.contains(goal));
    let path = dir.path().join("false-goal.ron");
    std::fs::write(
        &path,
        text.replace(
            goal,
            "kind: MarginAtLeast(9), text: \"South to move wins by at least 9\"",
        ),
    )
    .unwrap();
    let mut h = files_harness(dir.path(), en_gehe(6));
    h.state_mut().queue(AppCommand::Open(path.clone()));
    h.run_steps(3);
    assert!(h.state().studies.active.is_some(), "the study is open");
    let warning = "The solver found that this goal does not hold";
    common::step_until(&mut h, "the claim checked", |app| {
        app.studies
            .active
            .as_ref()
            .is_some_and(|a| a.claim_fault.is_some())
    });
    h.run_steps(2);
    assert!(h.query_by_label_contains(warning).is_some());
    for mode in [Mode::Exercise, Mode::Book] {
        h.state_mut()
            .queue(AppCommand::Study(StudyCommand::SwitchMode(mode)));
        h.run_steps(3);
        assert!(h.query_by_label_contains(warning).is_some(), "{mode:?}");
    }
    // A shipped study opened by its file is not checked again: the tests
    // prove it.
    h.state_mut().queue(AppCommand::Open(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/studies/02-capture.ron"),
    ));
    h.run_steps(4);
    let a = h
        .state()
        .studies
        .active
        .as_ref()
        .expect("the study is open");
    assert!(!a.checking_claim() && a.claim_fault.is_none());
}

#[test]
fn a_game_opened_or_pasted_waits_for_a_computer_side_to_be_resumed() {
    use maasai_mancala::app::players::Player;
    use maasai_mancala::search::Level;
    // North is the computer; the file and the pasted position have North
    // to move. Neither may change before the user resumes the computer.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("north-to-move.ron");
    let mut game = Game::new(en_gehe(6));
    game.play(game.current().legal_moves()[0]).unwrap();
    save_game(&path, &GameFile::from_game(game.clone())).unwrap();
    let mut h = files_harness(dir.path(), en_gehe(6));
    h.state_mut().settings.players = [Player::Human, Player::computer(Level::Beginner)];
    files(&mut h, FileCommand::OpenPath(path));
    h.run_steps(20);
    assert!(h.state().rt.computer.paused);
    assert_eq!(
        h.state().rt.game,
        game,
        "the computer moved in the opened game"
    );
    let pasted = *game.current();
    h.state_mut()
        .queue(AppCommand::Files(FileCommand::PasteText(
            pasted.to_string(),
        )));
    h.run_steps(20);
    assert!(h.state().rt.computer.paused);
    assert_eq!(*h.state().rt.game.start(), pasted);
    assert!(
        h.state().rt.game.moves().is_empty(),
        "the computer moved in the pasted position"
    );
    assert!(h.query_by_label("Computer paused.").is_some());
}

#[test]
fn typing_in_the_path_window_replaces_the_path_it_offers() {
    // Save As offers a path; typing at once replaces it rather than
    // appending to it ("…/game.ron/tmp/other.ron").
    let dir = tempfile::tempdir().unwrap();
    let mut h = files_harness(dir.path(), en_gehe(6));
    files(&mut h, FileCommand::SaveAs);
    h.run_steps(2);
    let offered = h.state().files.path_prompt.as_ref().unwrap().text.clone();
    assert!(offered.ends_with("en-gehe 2x6.ron"), "{offered}");
    h.event(egui::Event::Text("/tmp/other.ron".into()));
    h.run_steps(2);
    assert_eq!(
        h.state().files.path_prompt.as_ref().unwrap().text,
        "/tmp/other.ron"
    );
}

#[test]
fn recent_files_of_the_same_name_are_told_apart_by_their_folder() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = files_harness(dir.path(), en_gehe(6));
    h.state_mut().files.recent.files = vec![
        PathBuf::from("/tmp/first/game.ron"),
        PathBuf::from("/tmp/second/game.ron"),
        PathBuf::from(format!("/tmp/{}.ron", "x".repeat(200))),
        PathBuf::from("/tmp/other.ron"),
    ];
    h.get_by_label("Game").click();
    h.run();
    h.get_by_label("Recent files").hover();
    h.run_steps(3);
    assert!(h.query_by_label("game.ron (first)").is_some());
    assert!(h.query_by_label("game.ron (second)").is_some());
    assert!(h.query_by_label("other.ron").is_some());
    assert!(
        h.query_by_label_contains("xxxxxxxxxx…").is_some(),
        "a long name is cut short"
    );
}

#[test]
fn recent_files_in_folders_of_the_same_name_show_enough_folders() {
    // Two `game.ron` in two `2024` folders both read "game.ron (2024)".
    let dir = tempfile::tempdir().unwrap();
    let mut h = files_harness(dir.path(), en_gehe(6));
    let long = "a very long folder name that goes on and on";
    h.state_mut().files.recent.files = vec![
        PathBuf::from("/home/ann/club/2024/game.ron"),
        PathBuf::from("/home/ann/home/2024/game.ron"),
        PathBuf::from("/home/ann/first/game.ron"),
        PathBuf::from(format!("/srv/{long}/game.ron")),
        PathBuf::from(format!("/tmp/{}.ron", "y".repeat(80))),
        PathBuf::from(format!("/tmp/other/{}.ron", "y".repeat(80))),
    ];
    h.get_by_label("Game").click();
    h.run();
    h.get_by_label("Recent files").hover();
    h.run_steps(3);
    for label in [
        "game.ron (club/2024)",
        "game.ron (home/2024)",
        "game.ron (first)",
        "game.ron (…folder name that goes on and on)",
    ] {
        assert!(h.query_by_label(label).is_some(), "no {label}");
    }
    // A long name is cut short, not the folder that tells it apart.
    assert!(h.query_by_label_contains("yyy… (tmp)").is_some());
    assert!(h.query_by_label_contains("yyy… (other)").is_some());
    // The whole path on hover (after the tooltip's delay).
    h.get_by_label("game.ron (club/2024)").hover();
    for _ in 0..120 {
        if h.query_by_label("/home/ann/club/2024/game.ron").is_some() {
            break;
        }
        h.step();
    }
    assert!(h.query_by_label("/home/ann/club/2024/game.ron").is_some());
}

/// A saved game opened in `dir`, a move played on it, and its file then
/// written by another program: the window, the file and what that
/// program wrote.
fn changed_on_disk_with_a_move_to_save(
    dir: &Path,
) -> (Harness<'static, MaasaiApp>, PathBuf, String) {
    let path = dir.join("game.ron");
    saved_game(&path);
    let mut h = files_harness(dir, en_gehe(6));
    files(&mut h, FileCommand::OpenPath(path.clone()));
    play_first(&mut h);
    // Written by someone else: another length, so even a coarse clock tells.
    let theirs = std::fs::read_to_string(&path).unwrap() + "\n// edited elsewhere\n";
    std::fs::write(&path, &theirs).unwrap();
    (h, path, theirs)
}

#[test]
fn a_save_asks_before_replacing_a_file_changed_on_disk() {
    // Another program's edit of the open file was overwritten without a
    // word, and the next save pushed it out of the .bak too.
    let dir = tempfile::tempdir().unwrap();
    let (mut h, path, theirs) = changed_on_disk_with_a_move_to_save(dir.path());
    files(&mut h, FileCommand::Save);
    assert!(h.query_by_label("The file changed on disk").is_some());
    // What the other program left there is said, as "Replace it?" says it.
    assert!(
        h.query_by_label_contains(
            "since this game was opened or saved here. It is now a saved game, "
        )
        .is_some()
    );
    assert_eq!(std::fs::read_to_string(&path).unwrap(), theirs, "not yet");
    h.get_by_label("Cancel").click();
    h.run();
    assert!(h.query_by_label("The file changed on disk").is_none());
    assert_eq!(std::fs::read_to_string(&path).unwrap(), theirs, "kept");

    // New game after "save your changes?" → Save waits on the same answer,
    // and goes on to the new game once the file is replaced.
    files(&mut h, FileCommand::New);
    h.get_by_label("Save").click();
    h.run();
    assert!(h.query_by_label("The file changed on disk").is_some());
    h.get_by_label("Replace it").click();
    h.run();
    assert_eq!(moves(&h).len(), 4, "{:?}", moves(&h));
    assert_eq!(load_game(&path).unwrap().game, h.state().rt.game);
    assert!(h.query_by_label("New game").is_some(), "went on to New");
    assert_eq!(
        std::fs::read_to_string(path.with_extension("ron.bak")).unwrap(),
        theirs,
        "their version kept beside it"
    );
    // Its own saves since then are not "changed on disk".
    h.get_by_label("Cancel").click();
    h.run();
    play_first(&mut h);
    files(&mut h, FileCommand::Save);
    assert!(h.query_by_label("The file changed on disk").is_none());
    assert_eq!(load_game(&path).unwrap().game, h.state().rt.game);
}

#[test]
fn a_file_changed_while_save_your_changes_waits_is_not_replaced_without_a_word() {
    // Read for opening, then "save your changes?" about the game on view;
    // meanwhile another program wrote the file. The game put on view is
    // the version read, and its stamp was taken when it was put on view:
    // Ctrl+S replaced the other program's version without asking.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("game.ron");
    saved_game(&path);
    let mut h = files_harness(dir.path(), en_gehe(6));
    play_first(&mut h);
    files(&mut h, FileCommand::OpenPath(path.clone()));
    for _ in 0..100 {
        if h.query_by_label("Save your changes?").is_some() {
            break;
        }
        h.step();
    }
    assert!(h.query_by_label("Save your changes?").is_some());
    let theirs = std::fs::read_to_string(&path).unwrap() + "\n// edited elsewhere\n";
    std::fs::write(&path, &theirs).unwrap();
    h.get_by_label("Discard changes").click();
    h.run();
    assert_eq!(moves(&h).len(), 3, "the game read is on view");
    files(&mut h, FileCommand::Save);
    assert!(h.query_by_label("The file changed on disk").is_some());
    assert_eq!(std::fs::read_to_string(&path).unwrap(), theirs, "kept");
}

#[test]
fn save_as_chosen_over_a_file_changed_on_disk_asks_before_replacing_it() {
    // The typed path starts as the game's own file, and Enter replaced the
    // other program's version at once, though Save as… was chosen so as
    // not to.
    let dir = tempfile::tempdir().unwrap();
    let (mut h, path, theirs) = changed_on_disk_with_a_move_to_save(dir.path());
    files(&mut h, FileCommand::Save);
    h.get_by_label("Save as…").click();
    h.run();
    let prompt = h
        .state()
        .files
        .path_prompt
        .as_ref()
        .expect("a path is asked for");
    assert_eq!(prompt.text, path.display().to_string());
    files(&mut h, FileCommand::SaveTo(path.clone()));
    let question = format!("“{}” already exists. Replace it?", path.display());
    assert!(h.query_by_label(&question).is_some(), "no question");
    // What the file holds is said with it (it is someone's game).
    assert!(
        h.query_by_label_contains("A saved game, ").is_some(),
        "the question does not say what is there"
    );
    let kept = format!("Replaced, it is kept as “{}.bak”.", path.display());
    assert!(h.query_by_label_contains(&kept).is_some(), "{kept}");
    assert_eq!(std::fs::read_to_string(&path).unwrap(), theirs, "not yet");
    h.get_by_label("Replace").click();
    h.run_steps(2);
    assert_eq!(load_game(&path).unwrap().game, h.state().rt.game);
    // Saved here now: Save as… onto it again asks nothing.
    play_first(&mut h);
    files(&mut h, FileCommand::SaveAs);
    files(&mut h, FileCommand::SaveTo(path.clone()));
    assert!(h.query_by_label(&question).is_none());
    assert_eq!(load_game(&path).unwrap().game, h.state().rt.game);
}

#[test]
fn a_second_damaged_autosave_does_not_replace_the_first_copy() {
    let dir = tempfile::tempdir().unwrap();
    let data = folders(dir.path()).data;
    std::fs::create_dir_all(&data).unwrap();
    std::fs::write(autosave_path(&data), "Autosave(version: 9, newer").unwrap();
    drop(files_harness(dir.path(), en_gehe(6)));
    std::fs::write(autosave_path(&data), "garbage").unwrap();
    let h = files_harness(dir.path(), en_gehe(6));
    let (_, message) = h.state().files.error.clone().expect("said");
    assert!(message.contains("autosave.ron.damaged.2"), "{message}");
    assert_eq!(
        std::fs::read_to_string(data.join("autosave.ron.damaged")).unwrap(),
        "Autosave(version: 9, newer"
    );
    assert_eq!(
        std::fs::read_to_string(data.join("autosave.ron.damaged.2")).unwrap(),
        "garbage"
    );
}

#[test]
fn a_file_at_launch_that_cannot_be_opened_leaves_the_last_game_to_resume() {
    // It used to move the unsaved last game aside without a word, and say
    // the (fresh) game on view was "still open and unchanged".
    let dir = tempfile::tempdir().unwrap();
    let data = folders(dir.path()).data;
    let broken = dir.path().join("broken.ron");
    std::fs::write(&broken, "SavedGame(version: 1, moves: [\"1").unwrap();
    let unsaved = {
        let mut h = files_harness(dir.path(), en_gehe(6));
        play(&mut h, "1");
        h.state().rt.game.clone()
    };
    let mut h = harness_opening(dir.path(), broken);
    let (title, message) = h.state().files.error.clone().expect("said");
    assert_eq!(title, "Cannot open the file", "{message}");
    assert!(message.contains("broken.ron"), "{message}");
    assert!(!data.join("unsaved game.ron").exists());
    h.get_by_label("OK").click();
    h.run();
    h.get_by_label("Resume last game").click();
    h.run();
    assert_eq!(h.state().rt.game, unsaved);
}

/// Plays the first legal move of the position on view.
fn play_first(h: &mut Harness<'_, MaasaiApp>) {
    let mv = h.state().rt.game.current().legal_moves()[0];
    h.state_mut().queue(AppCommand::PlayMove(mv));
    h.run();
}

#[test]
fn a_failed_save_is_told_under_the_typed_path_not_over_it() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = files_harness(dir.path(), en_gehe(6));
    play(&mut h, "1");
    files(&mut h, FileCommand::SaveAs);
    h.run();
    assert!(h.state().files.path_prompt.is_some());
    files(
        &mut h,
        FileCommand::SaveTo(dir.path().join("no such folder").join("g.ron")),
    );
    h.run();
    h.run();
    assert!(h.state().files.error.is_some(), "the save failed");
    assert!(
        h.state().files.path_prompt.is_some(),
        "the path stays to be corrected"
    );
    let field = h.get_by_label("File path").rect();
    // The message window's title, its topmost line.
    let message = h.get_by_label("Cannot save the game").rect();
    assert!(
        message.top() > field.bottom(),
        "the message ({message:?}) covers the path field ({field:?})"
    );
}

#[cfg(unix)]
#[test]
fn a_file_whose_name_is_not_utf8_opens_at_launch_and_later_without_a_panic() {
    use std::os::unix::ffi::OsStrExt;
    let dir = tempfile::tempdir().unwrap();
    let path = dir
        .path()
        .join(std::ffi::OsStr::from_bytes(b"bad\xffname.ron"));
    let file = saved_game(&path);
    // Named at launch: it opens, the autosave is written without it. (The
    // name is shown with U+FFFD, which the test font draws as a box.)
    let folders = folders(dir.path());
    let launched = path.clone();
    let mut h = Harness::builder()
        .with_size([1400.0, 760.0])
        .allow_missing_glyphs()
        .build_eframe(move |cc| {
            MaasaiApp::new_for_tests_opening(&cc.egui_ctx, en_gehe(8), folders, launched)
        });
    h.state_mut().settings.speed = INSTANT_SPEED;
    h.run();
    assert_no_file_error(&h);
    assert_eq!(h.state().rt.game, file.game);
    let notice = h.state().rt.notice.clone().expect("a report").to_string();
    assert!(notice.contains("not UTF-8"), "{notice}");
    play(&mut h, "1");
    assert!(h.state().files.autosave_failing.is_none());
    // Saved again, and opened from the typed path: still no panic.
    files(&mut h, FileCommand::SaveTo(path.clone()));
    assert_no_file_error(&h);
    files(&mut h, FileCommand::OpenPath(path.clone()));
    assert_no_file_error(&h);
    assert_eq!(h.state().files.recent.files.len(), 1);
    let stored = std::fs::read_to_string(dir.path().join("config/recent.ron")).unwrap();
    assert!(!stored.contains("bad"), "{stored}");
}

#[test]
fn the_preset_name_row_stays_put_when_the_preset_note_goes() {
    // A field typed away from the chosen preset takes its note away: the
    // Preset name row under the note moved up a line, and Save as preset
    // with it, from under the pointer. The note's line is held.
    let dir = tempfile::tempdir().unwrap();
    let mut h = new_game_dialog(dir.path());
    let rows = |h: &Harness<'_, MaasaiApp>| {
        ["Preset", "Preset name", "Save as preset", "Holes per row"]
            .map(|label| h.get_by_label(label).rect())
    };
    // The first note to come moves nothing either (its line was added
    // then, and every field below it went down under the pointer).
    let at_open = rows(&h);
    let teaching = teaching_preset_of_twelve();
    assert!(!teaching.note.is_empty(), "the teaching preset has a note");
    choose_preset(&mut h, &teaching.name);
    assert!(h.query_by_label(&teaching.note).is_some());
    let before = rows(&h);
    assert_eq!(
        before,
        at_open,
        "the rows moved as the note came: {:?} {:?}",
        before.map(|r| r.min.y),
        at_open.map(|r| r.min.y)
    );
    replace_field(&mut h, "Holes per row", "9");
    h.run();
    assert!(h.query_by_label(&teaching.note).is_none(), "the note went");
    assert_eq!(rows(&h), before, "the rows moved as the note went");
    // Back to the preset's size: still no note (no preset is chosen), and
    // nothing moves either.
    replace_field(&mut h, "Holes per row", "12");
    h.run();
    assert_eq!(rows(&h), before);
}

#[test]
fn the_preset_rows_keep_one_height_and_rename_and_delete_keep_their_places() {
    // Saving a preset brought a "Your preset … New name | Rename | Delete
    // preset" row in Save as preset's place, and every field below went
    // down under the pointer; choosing a shipped preset took the row away
    // (the fields went back up), and a deleted preset left a gap. And a
    // longer name, once renamed, pushed Rename and Delete preset right.
    let dir = tempfile::tempdir().unwrap();
    let mut h = new_game_dialog(dir.path());
    let rows = |h: &Harness<'_, MaasaiApp>| {
        [
            "Preset name",
            "Save as preset",
            "Holes per row",
            "Seeds per hole",
        ]
        .map(|label| h.get_by_label(label).rect())
    };
    let at_open = rows(&h);
    replace_field(&mut h, "Holes per row", "12");
    replace_field(&mut h, "Seeds per hole", "3");
    replace_field(&mut h, "Preset name", "Test12");
    h.run();
    assert_eq!(rows(&h), at_open, "typing moved the rows");
    h.get_by_label("Save as preset").click();
    h.run();
    h.run();
    assert_no_file_error(&h);
    assert_eq!(
        load_user_presets(&folders(dir.path()).config)
            .unwrap()
            .len(),
        1
    );
    assert!(h.query_by_label_contains("“Test12”").is_some());
    assert_eq!(rows(&h), at_open, "saving a preset moved the rows");
    let buttons = |h: &Harness<'_, MaasaiApp>| {
        ["New name", "Rename", "Delete preset"].map(|label| h.get_by_label(label).rect())
    };
    let managing = buttons(&h);

    replace_field(&mut h, "New name", "Small twelve");
    h.run();
    h.get_by_label("Rename").click();
    h.run();
    h.run();
    assert_no_file_error(&h);
    assert!(h.query_by_label_contains("“Small twelve”").is_some());
    assert_eq!(
        buttons(&h),
        managing,
        "renaming moved Rename and Delete preset"
    );
    assert_eq!(rows(&h), at_open, "renaming moved the rows");

    // A shipped preset chosen: the row stays (nothing to act on), as do
    // the rows under it.
    let teaching = teaching_preset_of_twelve();
    choose_preset(&mut h, &teaching.name);
    h.run();
    assert_eq!(
        rows(&h),
        at_open,
        "choosing a shipped preset moved the rows"
    );
    assert_eq!(buttons(&h), managing);

    // The user's again, then deleted: no gap, nothing moved.
    choose_preset(&mut h, "Small twelve (yours)");
    h.run();
    assert_eq!(
        rows(&h),
        at_open,
        "choosing the user's preset moved the rows"
    );
    assert_eq!(buttons(&h), managing);
    h.get_by_label("Delete preset").click();
    h.run();
    assert_eq!(rows(&h), at_open, "the delete question moved the rows");
    h.get_by_label("Delete").click();
    h.run();
    h.run();
    assert!(
        load_user_presets(&folders(dir.path()).config)
            .unwrap()
            .is_empty()
    );
    assert_eq!(rows(&h), at_open, "deleting the preset moved the rows");
    assert_eq!(buttons(&h), managing);
}

#[test]
fn an_earlier_report_gives_way_to_the_lap_captions_of_a_move_being_stepped() {
    // "Opened …" stood under the board while the user stepped a relay lap
    // by lap, in the only line a small window has for the laps' captions,
    // and again after End in place of how the move ended.
    use maasai_mancala::app::controls::AnimCommand;
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("relay.ron");
    let mut file = GameFile::new(GameOptions::en_gehe(6)).unwrap();
    let mv = file.game.variant().parse_move("1").unwrap();
    file.play_at_cursor(mv).unwrap();
    save_game(&path, &file).unwrap();
    let mut h = files_harness(dir.path(), en_gehe(6));
    h.state_mut().queue(AppCommand::Open(path.clone()));
    h.run_steps(3);
    let opened = format!("Opened {}", path.display());
    assert!(shows(&h, &opened));
    h.state_mut().settings.speed = 1.0;
    h.state_mut().queue(AppCommand::Anim(AnimCommand::Start));
    h.run_steps(2);
    h.state_mut().queue(AppCommand::Anim(AnimCommand::StepLap));
    h.run_steps(2);
    assert!(h.state().rt.animating(), "the move is being stepped");
    assert!(!shows(&h, &opened), "the report went");
    assert!(
        shows(&h, "lap 1 "),
        "the lap's caption is read under the board"
    );
    h.state_mut().queue(AppCommand::Anim(AnimCommand::End));
    h.run_steps(2);
    assert!(!shows(&h, &opened), "and stays gone");
    assert!(shows(&h, "Move 1 (hole 1) — "));
}

#[test]
fn a_report_stays_while_nothing_is_sown() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("quiet.ron");
    save_game(&path, &GameFile::new(GameOptions::en_gehe(6)).unwrap()).unwrap();
    let mut h = files_harness(dir.path(), en_gehe(6));
    h.state_mut().queue(AppCommand::Open(path.clone()));
    h.run_steps(10);
    assert!(shows(&h, &format!("Opened {}", path.display())));
}

/// Whether some widget's label holds `text`.
fn shows(h: &Harness<'_, MaasaiApp>, text: &str) -> bool {
    h.query_all_by_label_contains(text).next().is_some()
}

#[test]
fn a_path_typed_to_open_that_names_no_file_stays_in_the_window_to_correct() {
    // A typo ("smal2") closed the Open window with the message: the path
    // had to be typed again in full.
    let dir = tempfile::tempdir().unwrap();
    let mut h = files_harness(dir.path(), en_gehe(6));
    files(&mut h, FileCommand::Open);
    let prompt = h
        .state()
        .files
        .path_prompt
        .as_ref()
        .expect("typed path asked");
    assert_eq!(prompt.purpose, maasai_mancala::app::files_ui::Purpose::Open);
    let typo = dir.path().join("smal2");
    h.state_mut().files.path_prompt.as_mut().unwrap().text = typo.display().to_string();
    files(&mut h, FileCommand::OpenPath(typo.clone()));
    let (title, _) = h.state().files.error.clone().expect("refused");
    assert_eq!(title, "Cannot open the file");
    h.get_by_label("OK").click();
    h.run();
    assert!(h.state().files.error.is_none());
    let prompt = h.state().files.path_prompt.as_ref().expect("still open");
    assert_eq!(prompt.text, typo.display().to_string());
    // As typed: a name alone stays a name (it became the whole path the
    // message names).
    h.state_mut().files.path_prompt.as_mut().unwrap().text = "smal3".into();
    files(
        &mut h,
        FileCommand::OpenPath(maasai_mancala::files::typed_path("smal3")),
    );
    h.get_by_label("OK").click();
    h.run();
    let prompt = h.state().files.path_prompt.as_ref().expect("still open");
    assert_eq!(prompt.text, "smal3");
    // A file opened from the list of recent files brings no such window.
    h.key_press(egui::Key::Escape);
    h.run();
    assert!(h.state().files.path_prompt.is_none());
    files(&mut h, FileCommand::OpenPath(typo));
    h.get_by_label("OK").click();
    h.run();
    assert!(h.state().files.path_prompt.is_none());
}

#[test]
fn a_path_typed_to_open_a_damaged_file_stays_in_the_window_too() {
    // A truncated file's path went with the Open window: another try (the
    // file's other copy, a fixed name) meant typing it all again.
    let dir = tempfile::tempdir().unwrap();
    let mut h = files_harness(dir.path(), en_gehe(6));
    files(&mut h, FileCommand::Open);
    let typed = "tests/fixtures/truncated.ron";
    h.state_mut().files.path_prompt.as_mut().unwrap().text = typed.into();
    files(&mut h, FileCommand::OpenPath(typed.into()));
    h.run();
    let (title, message) = h.state().files.error.clone().expect("refused");
    assert_eq!(title, "Cannot open the file");
    assert!(message.contains("truncated.ron"), "{message}");
    h.get_by_label("OK").click();
    h.run();
    let prompt = h.state().files.path_prompt.as_ref().expect("still open");
    assert_eq!(prompt.text, typed);
    // A file that opens takes the window with it.
    let good = dir.path().join("good.ron");
    save_game(&good, &GameFile::from_game(Game::new(en_gehe(4)))).unwrap();
    h.state_mut().files.path_prompt.as_mut().unwrap().text = good.display().to_string();
    files(&mut h, FileCommand::OpenPath(good));
    h.run();
    assert_no_file_error(&h);
    assert!(h.state().files.path_prompt.is_none());
    assert_eq!(h.state().rt.game.current().holes_per_side(), 4);
    // And one that is refused later, opened from elsewhere, brings no
    // window back.
    files(&mut h, FileCommand::OpenPath(typed.into()));
    h.run();
    h.get_by_label("OK").click();
    h.run();
    assert!(h.state().files.path_prompt.is_none());
}

#[test]
fn open_a_study_file_offers_the_folder_of_ones_own_studies() {
    // It offered the saved game on the board, under "Open a saved game or
    // study".
    let dir = tempfile::tempdir().unwrap();
    let mut h = files_harness(dir.path(), en_gehe(6));
    let game = dir.path().join("my game.ron");
    files(&mut h, FileCommand::SaveTo(game.clone()));
    // The typed path `command` offers (any window before it closed).
    let offered = |h: &mut Harness<'static, MaasaiApp>, command| {
        files(h, FileCommand::ClosePathPrompt);
        files(h, command);
        h.state().files.path_prompt.clone().expect("asked").text
    };
    // No studies of one's own yet: as Open does.
    assert_eq!(
        offered(&mut h, FileCommand::OpenStudy),
        game.display().to_string()
    );
    let studies = dir.path().join("config").join("studies");
    std::fs::create_dir_all(&studies).unwrap();
    assert_eq!(
        offered(&mut h, FileCommand::OpenStudy),
        format!("{}{}", studies.display(), std::path::MAIN_SEPARATOR)
    );
    // Game ▸ Open still offers the game's own file.
    assert_eq!(
        offered(&mut h, FileCommand::Open),
        game.display().to_string()
    );
    // The system's dialog is given the folder too.
    files(&mut h, FileCommand::ClosePathPrompt);
    static GIVEN: std::sync::Mutex<Option<PathBuf>> = std::sync::Mutex::new(None);
    h.state_mut().files.native_dialogs = true;
    h.state_mut().files.file_dialog = |_, current| {
        *GIVEN.lock().unwrap() = current;
        None
    };
    h.state_mut()
        .queue(AppCommand::Files(FileCommand::OpenStudy));
    common::step_until(&mut h, "the dialog's answer", |app| {
        app.files.path_prompt.is_some()
    });
    let given = GIVEN.lock().unwrap().clone().expect("a place given");
    assert_eq!(given.parent(), Some(studies.as_path()));
    // No dialog came up: the typed path offers the folder all the same.
    let prompt = h.state().files.path_prompt.clone().expect("asked");
    assert_eq!(
        prompt.text,
        format!("{}{}", studies.display(), std::path::MAIN_SEPARATOR)
    );
}

#[test]
fn save_as_offers_the_last_folder_and_a_name_for_the_game() {
    // Every game was offered the working folder's "game.ron".
    let dir = tempfile::tempdir().unwrap();
    let saves = dir.path().join("club games");
    std::fs::create_dir(&saves).unwrap();
    let offered = |names: [&str; 2], recent: Vec<PathBuf>| {
        let mut h = files_harness(dir.path(), en_gehe(6));
        h.state_mut().rt.names = names.map(String::from);
        h.state_mut().files.recent.files = recent;
        files(&mut h, FileCommand::SaveAs);
        h.run_steps(2);
        PathBuf::from(&h.state().files.path_prompt.as_ref().unwrap().text)
    };
    let here = std::env::current_dir().unwrap();
    // Unnamed teams: the game's name, in the working folder.
    assert_eq!(
        offered(["South", "North"], Vec::new()),
        here.join("en-gehe 2x6.ron")
    );
    // The folder of the last file whose folder is still there, and the
    // teams' names, without characters a file name cannot hold.
    let recent = vec![
        PathBuf::from("/nonexistent folder/old.ron"),
        saves.join("last week.ron"),
    ];
    assert_eq!(
        offered(["Ilkisongo", "Ilpurko"], recent.clone()),
        saves.join("Ilkisongo v Ilpurko.ron")
    );
    assert_eq!(
        offered(["south", "Elders 1/2"], recent.clone()),
        saves.join("south v Elders 1-2.ron")
    );
    // A name taken is not offered to be replaced.
    std::fs::write(saves.join("Ilkisongo v Ilpurko.ron"), "").unwrap();
    assert_eq!(
        offered(["Ilkisongo", "Ilpurko"], recent),
        saves.join("Ilkisongo v Ilpurko 2.ron")
    );
}

#[test]
fn a_file_dialog_that_never_came_up_is_said_so_and_not_tried_again() {
    use maasai_mancala::app::files_ui::{NO_DIALOG_WITHIN, NO_FILE_DIALOG};
    let dir = tempfile::tempdir().unwrap();
    let mut h = files_harness(dir.path(), en_gehe(6));
    // (A dialog's thread keeps the window repainting.)
    let ask = |h: &mut Harness<'_, MaasaiApp>, command| {
        h.state_mut().queue(AppCommand::Files(command));
        h.run_steps(2);
    };
    let prompt_note =
        |h: &Harness<'_, MaasaiApp>| h.state().files.path_prompt.as_ref().map(|p| p.note.clone());
    // No desktop portal: the dialog answers at once with nothing. It said
    // "No file was chosen, or this system has no file dialog", before
    // anyone had chosen anything.
    h.state_mut().files.native_dialogs = true;
    h.state_mut().files.file_dialog = |_, _| None;
    ask(&mut h, FileCommand::SaveAs);
    common::step_until(&mut h, "the dialog's answer", |app| {
        app.files.path_prompt.is_some()
    });
    assert_eq!(prompt_note(&h), Some(Some(NO_FILE_DIALOG.to_string())));
    assert!(!h.state().files.native_dialogs, "tried again next time");
    files(&mut h, FileCommand::ClosePathPrompt);
    ask(&mut h, FileCommand::SaveAs);
    h.run_steps(2);
    assert_eq!(prompt_note(&h), Some(None), "the typed path at once");
    files(&mut h, FileCommand::ClosePathPrompt);

    // A dialog that was up a while and brought nothing back (cancelled):
    // the typed path is still offered, as before, saying so.
    h.state_mut().files.native_dialogs = true;
    h.state_mut().files.file_dialog = |_, _| {
        std::thread::sleep(NO_DIALOG_WITHIN + std::time::Duration::from_millis(100));
        None
    };
    ask(&mut h, FileCommand::SaveAs);
    common::step_until(&mut h, "the dialog's answer", |app| {
        app.files.path_prompt.is_some()
    });
    let note = prompt_note(&h).flatten().expect("a note");
    assert!(note.starts_with("No file was chosen"), "{note}");
    assert!(h.state().files.native_dialogs);
    files(&mut h, FileCommand::ClosePathPrompt);

    // The dialog is offered the path Save as… would type: chosen as it
    // is, the game is saved there.
    h.state_mut().files.recent.files = vec![dir.path().join("last.ron")];
    h.state_mut().rt.names = ["Ilkisongo".into(), "Ilpurko".into()];
    h.state_mut().files.file_dialog = |_, offered| offered;
    ask(&mut h, FileCommand::SaveAs);
    let saved = dir.path().join("Ilkisongo v Ilpurko.ron");
    common::step_until(&mut h, "the save", |_| saved.is_file());
    assert_eq!(h.state().files.path.as_deref(), Some(saved.as_path()));
}

#[test]
fn changes_discarded_on_closing_leave_the_saved_game_to_resume() {
    // The autosave was deleted: the next start offered nothing, and the
    // game saved before the changes was only in Recent files.
    let dir = tempfile::tempdir().unwrap();
    let data = folders(dir.path()).data;
    let path = dir.path().join("g.ron");
    let mut h = files_harness(dir.path(), en_gehe(6));
    play(&mut h, "1");
    files(&mut h, FileCommand::SaveTo(path.clone()));
    assert_no_file_error(&h);
    let saved = std::fs::read_to_string(&path).unwrap();
    play(&mut h, "2");
    request_close(&mut h);
    h.get_by_label("Discard changes").click();
    h.run();
    assert_eq!(std::fs::read_to_string(&path).unwrap(), saved, "untouched");
    let kept = maasai_mancala::files::load_autosave(&data)
        .unwrap()
        .expect("an autosave");
    assert_eq!(kept.game.game.moves().len(), 1, "the game as saved");
    assert_eq!(kept.source.as_deref(), Some(path.as_path()));
    assert!(!kept.unsaved);
    // Nor are the changes kept as the autosave's backup, which a damaged
    // autosave would offer back.
    assert!(!data.join("autosave.ron.bak").exists());
    drop(h);
    let mut h = files_harness(dir.path(), en_gehe(6));
    h.get_by_label("Resume last game").click();
    h.run();
    assert_eq!(h.state().rt.game.moves().len(), 1);
    assert_eq!(h.state().files.path.as_deref(), Some(path.as_path()));
    assert!(!h.state().unsaved());
    // A game whose file is gone since is gone with its changes.
    play(&mut h, "1");
    assert_eq!(h.state().rt.game.moves().len(), 2);
    std::fs::remove_file(&path).unwrap();
    request_close(&mut h);
    h.get_by_label("Discard changes").click();
    h.run();
    assert!(!autosave_path(&data).exists());
}

#[test]
fn a_file_opened_by_a_relative_name_is_kept_by_its_whole_path() {
    // `maasai-mancala good.ron` kept "good.ron" as the game's file and the
    // autosave's source: started again in another folder, the resumed
    // game was saved over that folder's good.ron.
    let dir = tempfile::tempdir_in(env!("CARGO_TARGET_TMPDIR")).unwrap();
    let path = dir.path().join("good.ron");
    save_game(&path, &GameFile::new(GameOptions::en_gehe(6)).unwrap()).unwrap();
    let here = std::env::current_dir().unwrap();
    let relative = pathdiff(&path, &here);
    assert!(relative.is_relative(), "{relative:?}");
    let mut h = files_harness(dir.path(), en_gehe(6));
    h.state_mut().queue(AppCommand::Open(relative.clone()));
    h.run_steps(3);
    assert_eq!(h.state().files.path.as_deref(), Some(path.as_path()));
    assert!(shows(&h, &format!("Opened {}", path.display())));
}

/// `path` relative to `base` (both absolute, `path` under a folder that
/// `base` shares with it).
fn pathdiff(path: &std::path::Path, base: &std::path::Path) -> std::path::PathBuf {
    let common = path
        .components()
        .zip(base.components())
        .take_while(|(a, b)| a == b)
        .count();
    let mut out = std::path::PathBuf::new();
    for _ in base.components().skip(common) {
        out.push("..");
    }
    for c in path.components().skip(common) {
        out.push(c);
    }
    out
}
