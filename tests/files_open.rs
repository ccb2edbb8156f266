//! Opening files in the window off its thread, read once (egui_kittest):
//! a slow file shows "Opening a file" while the window goes on, the read
//! is reused for the open that waits on "save your changes?", a file named
//! at launch decides about the last session's game once it is read, and a
//! study that begins with a comment opens as a study. A pasted game record
//! is replayed off the window's thread the same way ("Pasting a game
//! record", with a Stop). Also the start's messages about damaged files,
//! shown together, and the games of windows that ended unclosed.

mod common;
use common::step_until;
use common::{en_gehe, folders};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use maasai_mancala::app::anim::INSTANT_SPEED;
use maasai_mancala::app::files_ui::{FileCommand, PASTE_REFUSED};
use maasai_mancala::app::{AppCommand, MaasaiApp};
use maasai_mancala::engine::Game;
use maasai_mancala::files::{GameFile, autosave_path, save_game, write_autosave};
use std::path::{Path, PathBuf};

fn build(app: impl FnOnce(&egui::Context) -> MaasaiApp + 'static) -> Harness<'static, MaasaiApp> {
    let mut h = Harness::builder()
        .with_size(common::SNAPSHOT_SIZE)
        .with_theme(egui::Theme::Light)
        .build_eframe(move |cc| app(&cc.egui_ctx));
    h.state_mut().settings.speed = INSTANT_SPEED;
    h
}

/// The window with its files in `dir`, reading files on threads as the
/// real window does.
fn harness(dir: &Path) -> Harness<'static, MaasaiApp> {
    let folders = folders(dir);
    let mut h = build(move |ctx| {
        let mut app = MaasaiApp::new_for_tests_with_folders(ctx, en_gehe(6), folders);
        app.rt.background = true;
        app
    });
    frames(&mut h);
    h
}

/// A few frames (the window's own background work keeps asking for more,
/// so `run` would not settle).
fn frames(h: &mut Harness<'_, MaasaiApp>) {
    h.run_steps(3);
}

fn files(h: &mut Harness<'_, MaasaiApp>, command: FileCommand) {
    h.state_mut().queue(AppCommand::Files(command));
    frames(h);
}

fn click(h: &mut Harness<'_, MaasaiApp>, label: &str) {
    h.get_by_label(label).click();
    frames(h);
}

fn play(h: &mut Harness<'_, MaasaiApp>, name: &str) {
    let mv = h.state().rt.game.variant().parse_move(name).unwrap();
    h.state_mut().queue(AppCommand::PlayMove(mv));
    frames(h);
}

fn relay() -> String {
    std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/studies/01-relay.ron"),
    )
    .unwrap()
}

/// The relay study with `n` alternative lines: a file that takes a while
/// to read and check (each line replayed).
fn slow_study(n: usize) -> String {
    let relay = relay();
    let (head, _) = relay.split_once("    alternatives: [").unwrap();
    let mut text = format!("{head}    alternatives: [\n");
    for _ in 0..n {
        text.push_str(
            "        Line(after: 0, moves: [Step(mv: \"3\", comment: \"South 3: another try.\")]),\n",
        );
    }
    text.push_str("    ],\n)\n");
    text
}

/// A 2×6 game of `moves` moves (each the first legal one) saved to `path`.
fn saved_game(path: &Path, moves: usize) -> GameFile {
    let mut game = Game::new(en_gehe(6));
    for _ in 0..moves {
        let mv = game.current().legal_moves()[0];
        game.play(mv).unwrap();
    }
    let file = GameFile::from_game(game);
    save_game(path, &file).unwrap();
    file
}

fn studied(h: &Harness<'_, MaasaiApp>) -> Option<usize> {
    h.state()
        .studies
        .active
        .as_ref()
        .map(|a| a.study.alternatives.len())
}

#[test]
fn a_slow_file_is_read_off_the_window_s_thread_and_can_be_stopped() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("many lines.ron");
    std::fs::write(&path, slow_study(60_000)).unwrap();
    let mut h = harness(dir.path());
    files(&mut h, FileCommand::OpenPath(path.clone()));
    // The frame came back before the file was read: the window says so.
    assert!(
        h.state().files.reading.is_some(),
        "read on the window's thread"
    );
    assert!(h.query_by_label("Opening a file").is_some());
    click(&mut h, "Stop opening it");
    assert!(h.state().files.reading.is_none());
    assert_eq!(studied(&h), None, "nothing opened");

    files(&mut h, FileCommand::OpenPath(path.clone()));
    step_until(&mut h, "the study read", |app| app.files.reading.is_none());
    frames(&mut h);
    assert!(
        h.state().files.error.is_none(),
        "{:?}",
        h.state().files.error
    );
    assert_eq!(studied(&h), Some(60_000));
    assert!(h.query_by_label("Opening a file").is_none());
}

#[test]
fn with_unsaved_changes_the_file_read_before_the_question_is_the_one_opened() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("game.ron");
    let first = saved_game(&path, 1);
    let mut h = harness(dir.path());
    play(&mut h, "2");
    files(&mut h, FileCommand::OpenPath(path.clone()));
    step_until(&mut h, "the file read", |app| app.files.reading.is_none());
    frames(&mut h);
    assert!(
        h.state().files.unsaved_prompt.is_some(),
        "save your changes?"
    );
    // Changed on disk while the question waits: the game read is opened,
    // not read a second time.
    saved_game(&path, 3);
    click(&mut h, "Discard changes");
    assert!(
        h.state().files.error.is_none(),
        "{:?}",
        h.state().files.error
    );
    assert_eq!(h.state().rt.game, first.game);
}

#[test]
fn a_file_that_cannot_be_opened_is_said_before_the_question_after_one_read() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("broken.ron");
    std::fs::write(&path, "SavedGame(version: 1, game: \"en-gehe\"").unwrap();
    let mut h = harness(dir.path());
    play(&mut h, "2");
    files(&mut h, FileCommand::OpenPath(path));
    step_until(&mut h, "the file read", |app| app.files.reading.is_none());
    frames(&mut h);
    assert!(h.state().files.unsaved_prompt.is_none());
    let (title, message) = h.state().files.error.clone().expect("said");
    assert_eq!(title, "Cannot open the file");
    assert!(message.contains("truncated"), "{message}");
}

/// The last session's game in the autosave in `data`: a move of a 2×6
/// game, with changes saved nowhere else.
fn last_game_unsaved(data: &Path) {
    let mut last = GameFile::from_game(Game::new(en_gehe(6)));
    last.game
        .play(last.game.variant().parse_move("4").unwrap())
        .unwrap();
    write_autosave(data, &last, None, true).unwrap();
}

#[test]
fn a_file_named_at_launch_is_read_once_and_the_last_game_waits_for_it() {
    let dir = tempfile::tempdir().unwrap();
    let f = folders(dir.path());
    last_game_unsaved(&f.data);
    let autosave = std::fs::read_to_string(autosave_path(&f.data)).unwrap();
    let path = dir.path().join("many lines.ron");
    std::fs::write(&path, slow_study(60_000)).unwrap();
    let launched = path.clone();
    let mut h = build(move |ctx| {
        let mut app = MaasaiApp::new_for_tests_opening(ctx, en_gehe(6), f, launched);
        app.rt.background = true;
        app
    });
    frames(&mut h);
    assert!(h.state().files.reading.is_some());
    // A move while the file is read does not autosave over the last game.
    play(&mut h, "1");
    assert_eq!(
        std::fs::read_to_string(autosave_path(&folders(dir.path()).data)).unwrap(),
        autosave
    );
    step_until(&mut h, "the study read", |app| app.files.reading.is_none());
    frames(&mut h);
    // It opens, so the last game was moved aside, said in a message.
    let aside: PathBuf = folders(dir.path()).data.join("unsaved game.ron");
    assert!(aside.exists());
    let (_, message) = h.state().files.error.clone().expect("said");
    assert!(message.contains("unsaved game.ron"), "{message}");
    click(&mut h, "OK");
    click(&mut h, "Discard changes");
    assert_eq!(studied(&h), Some(60_000));
}

/// The last session's autosave of a 2×6 game whose one move takes about
/// 20 s (release build) to prove endless.
fn slow_autosave(data: &Path) {
    std::fs::create_dir_all(data).unwrap();
    std::fs::write(
        autosave_path(data),
        r#"Autosave(version: 1, source: None, unsaved: true,
  game: SavedGame(version: 1, game: "en-gehe",
    options: GameOptions(variant: EnGehe(holes: 6), seeds: 4, first: South, origin: SowInto),
    start: "en-gehe south=4,5,4,2,4,5 north=4,3,4,5,4,79 captured=0,0 turn=south",
    moves: ["3"]))
"#,
    )
    .unwrap();
}

#[test]
fn the_last_session_s_autosave_is_read_off_the_window_s_thread_and_can_be_stopped() {
    // Replayed on the window's thread, this autosave's endless move kept
    // the window black for 20 s at launch.
    let dir = tempfile::tempdir().unwrap();
    let f = folders(dir.path());
    slow_autosave(&f.data);
    let text = std::fs::read_to_string(autosave_path(&f.data)).unwrap();
    let mut h = build(move |ctx| MaasaiApp::new_for_tests_in_background(ctx, en_gehe(6), f));
    frames(&mut h);
    assert!(
        h.state().files.reading.is_some(),
        "read on the window's thread"
    );
    assert!(
        h.query_by_label("Reading the last session's game")
            .is_some()
    );
    // A move meanwhile does not autosave over the game being read.
    play(&mut h, "1");
    let data = folders(dir.path()).data;
    assert_eq!(std::fs::read_to_string(autosave_path(&data)).unwrap(), text);
    // Stopped, the autosave is kept aside unread, and the user told where.
    click(&mut h, "Stop reading it");
    assert!(h.state().files.reading.is_none());
    assert!(
        h.query_by_label("Reading the last session's game")
            .is_none()
    );
    let aside = data.join("unsaved game.ron");
    assert_eq!(std::fs::read_to_string(&aside).unwrap(), text);
    let (title, message) = h.state().files.error.clone().expect("said");
    assert_eq!(title, "The last session's game was not read");
    assert!(message.contains("unsaved game.ron"), "{message}");
    assert!(h.state().files.resume_offer.is_none());
    // The game on view autosaves again from the next change.
    click(&mut h, "OK");
    play(&mut h, "2");
    h.state_mut().flush_autosave();
    let saved = std::fs::read_to_string(autosave_path(&data)).unwrap();
    assert!(saved.contains("\"1\""), "{saved}");
}

#[test]
fn the_last_session_s_game_read_off_the_window_s_thread_is_offered() {
    let dir = tempfile::tempdir().unwrap();
    let f = folders(dir.path());
    last_game_unsaved(&f.data);
    let mut h = build(move |ctx| MaasaiApp::new_for_tests_in_background(ctx, en_gehe(6), f));
    step_until(&mut h, "the autosave read", |app| {
        app.files.reading.is_none()
    });
    frames(&mut h);
    assert!(h.state().files.resume_offer.is_some());
    assert!(h.query_by_label("Resume last game?").is_some());
}

#[test]
fn a_study_that_begins_with_a_comment_opens_as_a_study() {
    let dir = tempfile::tempdir().unwrap();
    for (name, text) in [
        ("commented.ron", format!("// my study\n{}", relay())),
        (
            "attributes.ron",
            format!("/* a */ #![enable(implicit_some)]\n{}", relay()),
        ),
    ] {
        let path = dir.path().join(name);
        std::fs::write(&path, text).unwrap();
        let mut h = harness(dir.path());
        files(&mut h, FileCommand::OpenPath(path));
        step_until(&mut h, "the study read", |app| app.files.reading.is_none());
        frames(&mut h);
        assert!(
            h.state().files.error.is_none(),
            "{name}: {:?}",
            h.state().files.error
        );
        assert_eq!(studied(&h), Some(1), "{name}");
    }
}

#[test]
fn a_damaged_recent_list_and_autosave_are_both_said_and_both_kept() {
    let dir = tempfile::tempdir().unwrap();
    let f = folders(dir.path());
    std::fs::create_dir_all(&f.config).unwrap();
    std::fs::create_dir_all(&f.data).unwrap();
    std::fs::write(
        f.config.join("recent.ron"),
        "RecentFiles(version: 1, files: [",
    )
    .unwrap();
    std::fs::write(autosave_path(&f.data), "Autosave(garbage").unwrap();
    let h = harness(dir.path());
    let (title, message) = h.state().files.error.clone().expect("said");
    // The title names both problems (it named only the list's).
    assert_eq!(
        title,
        "The recent-files list is damaged, and the autosave from the last session cannot be read"
    );
    assert!(
        message.starts_with("The recent-files list is damaged.\n"),
        "{message}"
    );
    // Shown whole: the window widens to its title (it was cut short with
    // "…" at a message's usual width).
    let shown = h.get_by_label(&title).rect();
    assert!(shown.width() > 660.0, "{shown:?}");
    assert!(message.contains("recent.ron.damaged"), "{message}");
    assert!(
        message.contains("The autosave from the last session cannot be read"),
        "{message}"
    );
    assert!(message.contains("autosave.ron.damaged"), "{message}");
    assert_eq!(
        std::fs::read_to_string(f.config.join("recent.ron.damaged")).unwrap(),
        "RecentFiles(version: 1, files: ["
    );
    assert!(f.data.join("autosave.ron.damaged").exists());
}

/// The README's slow endless move: proving that South's `3` never ends
/// takes half a minute (it neither ends nor repeats within 1,000,000,000
/// laps).
const SLOW_ENDLESS: &str = "en-gehe south=4,5,4,2,4,5 north=4,3,4,5,4,79 captured=0,0 turn=south 3";

/// A record whose move `3` falls into a cycle of 13,011,180 laps: a second
/// or so to prove endless, long enough for the busy window.
const ENDLESS: &str = "en-gehe south=4,5,4,2,4,5 north=4,3,4,5,4,10 captured=0,0 turn=south 3";

#[test]
fn a_pasted_record_is_replayed_off_the_window_s_thread_and_can_be_stopped() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(dir.path());
    play(&mut h, "2");
    let before = h.state().rt.game.clone();
    // Pasting froze the window until the move was proved endless.
    h.event(egui::Event::Paste(SLOW_ENDLESS.into()));
    frames(&mut h);
    assert!(
        h.state().files.reading.is_some(),
        "replayed on the window's thread"
    );
    assert!(h.query_by_label("Pasting a game record").is_some());
    assert!(
        h.query_by_label("Replaying the pasted record's 1 move…")
            .is_some()
    );
    click(&mut h, "Stop pasting it");
    assert!(h.state().files.reading.is_none());
    assert!(h.query_by_label("Pasting a game record").is_none());
    assert_eq!(h.state().rt.game, before, "nothing set up");
    assert!(
        h.state().files.error.is_none(),
        "{:?}",
        h.state().files.error
    );
    let notice = h.state().rt.notice.clone().expect("said");
    assert!(
        notice.contains("Stopped setting up the pasted game record"),
        "{notice}"
    );

    // Left to finish, it is refused in the words it always had.
    h.event(egui::Event::Paste(ENDLESS.into()));
    frames(&mut h);
    assert!(h.state().files.reading.is_some());
    step_until(&mut h, "the record replayed", |app| {
        app.files.reading.is_none()
    });
    frames(&mut h);
    let (title, message) = h.state().files.error.clone().expect("said");
    assert_eq!(title, PASTE_REFUSED);
    assert!(
        message.starts_with("move 1 (South `3`) of the pasted record: move `3` is endless"),
        "{message}"
    );
    assert_eq!(h.state().rt.game, before);
}

#[test]
fn a_pasted_record_replayed_off_the_thread_is_set_up_after_save_your_changes() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(dir.path());
    let mut game = Game::new(en_gehe(6));
    for name in ["1", "6", "2"] {
        game.play(game.variant().parse_move(name).unwrap()).unwrap();
    }
    play(&mut h, "2");
    h.event(egui::Event::Paste(maasai_mancala::files::record_text(
        &game,
    )));
    step_until(&mut h, "the record replayed", |app| {
        app.files.reading.is_none() && app.files.unsaved_prompt.is_some()
    });
    frames(&mut h);
    click(&mut h, "Discard changes");
    assert_eq!(h.state().rt.game, game);
    let moves: Vec<String> = h.state().rt.stats.iter().map(|s| s.name.clone()).collect();
    assert_eq!(moves, ["1", "6", "2"], "the move list's figures");
    let notice = h.state().rt.notice.clone().expect("a report");
    assert!(notice.contains("pasted game record: 3 moves"), "{notice}");
}

#[test]
fn a_file_dropped_while_a_question_waits_leaves_the_question_standing() {
    let dir = tempfile::tempdir().unwrap();
    let (a, b) = (dir.path().join("a.ron"), dir.path().join("b.ron"));
    for (path, opening) in [(&a, 1), (&b, 2)] {
        let mut game = Game::new(en_gehe(6));
        game.play(game.variant().parse_move(&opening.to_string()).unwrap())
            .unwrap();
        save_game(path, &GameFile::from_game(game)).unwrap();
    }
    let mut h = harness(dir.path());
    play(&mut h, "3");
    files(&mut h, FileCommand::OpenPath(a.clone()));
    assert!(h.query_by_label("Save your changes?").is_some());
    // B dropped meanwhile: said, not opened, and the question still about A.
    h.input_mut()
        .dropped_files
        .push(std::sync::Arc::new(Dropped(b.clone())));
    frames(&mut h);
    assert!(h.query_by_label("Save your changes?").is_some());
    let notice = h.state().rt.notice.as_ref().map(|n| n.to_string());
    assert!(
        notice
            .as_deref()
            .is_some_and(|n| n.contains("b.ron") && n.contains("was not opened")),
        "{notice:?}"
    );
    click(&mut h, "Discard changes");
    step_until(&mut h, "A read", |app| app.files.reading.is_none());
    frames(&mut h);
    assert_eq!(h.state().files.path.as_deref(), Some(a.as_path()));
    let first = h.state().rt.game.moves()[0];
    assert_eq!(first, h.state().rt.game.variant().parse_move("1").unwrap());
}

/// A file dropped on the window, as the window's integration hands it on.
#[derive(Debug)]
struct Dropped(PathBuf);

impl egui::DroppedFile for Dropped {
    fn path(&self) -> &Path {
        &self.0
    }
    fn bytes(&self) -> Result<Vec<u8>, String> {
        std::fs::read(&self.0).map_err(|e| e.to_string())
    }
}

#[test]
fn games_left_by_windows_that_ended_unclosed_are_moved_aside_off_the_window_s_thread() {
    let dir = tempfile::tempdir().unwrap();
    let data = folders(dir.path()).data;
    let window = |k: u32| maasai_mancala::files::window_data_folder(&data, k);
    last_game_unsaved(&data);
    // Window 2 was killed with unsaved moves; window 3's autosave is
    // damaged (left for its own window, which says what is wrong); window
    // 4's game is saved in its file (no work lost).
    last_game_unsaved(&window(2));
    std::fs::create_dir_all(window(3)).unwrap();
    std::fs::write(autosave_path(&window(3)), "not a game").unwrap();
    let mut saved = GameFile::from_game(Game::new(en_gehe(6)));
    saved
        .game
        .play(saved.game.variant().parse_move("2").unwrap())
        .unwrap();
    std::fs::create_dir_all(window(4)).unwrap();
    write_autosave(&window(4), &saved, None, false).unwrap();
    let window_2 = std::fs::read_to_string(autosave_path(&window(2))).unwrap();

    let mut h = harness(dir.path());
    // Each on a thread of its own: the window's own game is offered
    // whatever the other windows' take.
    step_until(&mut h, "the last session read", |app| {
        app.files.reading.is_none() && app.files.resume_offer.is_some() && app.files.error.is_some()
    });
    let aside = data.join("unsaved game.ron");
    let (title, text) = h.state().files.error.clone().expect("said");
    assert_eq!(title, "Another window's unsaved game");
    assert!(
        text.contains(&format!("Window 2's game was moved to {}", aside.display())),
        "{text}"
    );
    assert!(
        !text.contains("Window 3") && !text.contains("Window 4"),
        "{text}"
    );
    assert_eq!(std::fs::read_to_string(&aside).unwrap(), window_2);
    assert!(!autosave_path(&window(2)).exists());
    assert!(autosave_path(&window(3)).exists());
    assert!(autosave_path(&window(4)).exists());
    // The window's own last game is still offered back.
    assert!(h.query_by_label("Resume last game?").is_some());
}

#[test]
fn other_windows_games_are_said_while_the_window_s_own_is_still_read() {
    // Read behind the window's own last game, they waited for its replay
    // (20 s for this one), and a Stop of that reading lost what was said
    // of them.
    let dir = tempfile::tempdir().unwrap();
    let data = folders(dir.path()).data;
    slow_autosave(&data);
    last_game_unsaved(&maasai_mancala::files::window_data_folder(&data, 2));
    let f = folders(dir.path());
    let mut h = build(move |ctx| MaasaiApp::new_for_tests_in_background(ctx, en_gehe(6), f));
    step_until(&mut h, "the other window's game moved", |app| {
        app.files.error.is_some()
    });
    assert!(h.state().files.reading.is_some(), "the own game was read");
    let (title, _) = h.state().files.error.clone().unwrap();
    assert_eq!(title, "Another window's unsaved game");
    assert!(data.join("unsaved game.ron").exists());
}
