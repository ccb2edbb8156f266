//! UI tests of "Save as study…" (egui_kittest): a position solved in the
//! solver panel becomes a study file in the user's studies folder, which
//! loads back, is proved by the solver and shows in the study library; a
//! folder that cannot be written is said so in the dialog, with nothing
//! typed lost.

mod common;
use common::{WIDE_SIZE, folders, step_until};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use maasai_mancala::app::solver_panel::{SAVE_AS_STUDY, SolverCommand};
use maasai_mancala::app::studies_ui::{Mode, StudyCommand};
use maasai_mancala::app::study_writer::{SAVE_LABEL, WINDOW_TITLE, WriterCommand};
use maasai_mancala::app::{AppCommand, MaasaiApp};
use maasai_mancala::engine::{Position, notation::parse_position};
use maasai_mancala::solver::{Session, Solver};
use maasai_mancala::study::{GoalKind, Study};
use std::path::Path;

/// A small solver table: tests need no 128 MiB.
const TABLE_BITS: u32 = 16;

fn small_position() -> Position {
    parse_position("en-gehe south=2,0,1,1,1 north=0,0,1,1,0 captured=0,0 turn=south").unwrap()
}

/// The window on `pos` with its files under `dir`, the solver panel open.
fn harness(pos: Position, dir: &Path) -> Harness<'static, MaasaiApp> {
    let folders = folders(dir);
    let mut h = Harness::builder()
        .with_size(WIDE_SIZE)
        .with_theme(egui::Theme::Light)
        .build_eframe(move |cc| MaasaiApp::new_for_tests_with_folders(&cc.egui_ctx, pos, folders));
    h.state_mut().solver.session = Some(Session::with_solver(Solver::with_table_bits(TABLE_BITS)));
    h.state_mut().settings.show_solver = true;
    h.run_steps(2);
    h
}

/// Solves the position on view in the panel and opens the study dialog,
/// waiting for its proof.
fn open_dialog(h: &mut Harness<'static, MaasaiApp>, pos: Position) {
    // Nothing to save before the position is solved: greyed.
    assert!(h.get_by_label(SAVE_AS_STUDY).accesskit_node().is_disabled());
    assert_eq!(*h.state().rt.shown_position(), pos);
    h.get_by_label("Solve").click();
    step_until(h, "the solve", |app| {
        app.solver.shown_solution(&app.rt).is_some()
    });
    h.run_steps(2);
    h.get_by_label(SAVE_AS_STUDY).click();
    step_until(h, "the study's proof", |app| {
        app.solver
            .writer
            .as_ref()
            .is_some_and(|w| w.prepared.is_some())
    });
    h.run_steps(2);
    assert!(h.query_by_label(WINDOW_TITLE).is_some());
    assert!(h.state().dialog_open());
}

fn type_title(h: &mut Harness<'static, MaasaiApp>, title: &str) {
    h.get_by_label("Title").click();
    h.run_steps(1);
    h.get_by_label("Title").type_text(title);
    h.run_steps(2);
}

/// The study dialog of the small position, solved and proved, with its
/// files under `dir` and `title` typed as the study's title.
fn dialog_titled(dir: &Path, title: &str) -> Harness<'static, MaasaiApp> {
    let pos = small_position();
    let mut h = harness(pos, dir);
    open_dialog(&mut h, pos);
    type_title(&mut h, title);
    h
}

/// Steps frames until the study dialog has saved its study.
fn until_saved(h: &mut Harness<'static, MaasaiApp>, what: &str) {
    step_until(h, what, |app| {
        app.solver
            .writer
            .as_ref()
            .is_some_and(|w| w.saved.is_some())
    });
}

#[test]
fn a_solved_position_is_saved_as_a_study_that_loads_and_shows_in_the_library() {
    let dir = tempfile::tempdir().unwrap();
    let pos = small_position();
    let mut h = harness(pos, dir.path());
    open_dialog(&mut h, pos);
    // The goal is what the solver proved.
    assert!(
        h.query_by_label("South to move wins by at least 3")
            .is_some()
    );
    // No title, no save: said so.
    assert!(h.get_by_label(SAVE_LABEL).accesskit_node().is_disabled());
    assert!(
        h.query_by_label(
            "To save, give the study a title: the library lists a study by its title."
        )
        .is_some()
    );
    type_title(&mut h, "A three-seed win");
    let close = h.get_by_label("Close").rect();
    h.get_by_label(SAVE_LABEL).click();
    until_saved(&mut h, "the save");
    h.run_steps(2);
    // "Show in the library" comes after Close: Close stays where it was.
    assert!(h.query_by_label("Show in the library").is_some());
    assert_eq!(h.get_by_label("Close").rect(), close, "Close moved");
    let path = dir.path().join("config/studies/a-three-seed-win.ron");
    assert!(path.is_file(), "{path:?}");
    let said = format!(
        "Saved to {}. It loads back as a study, and the Study library (Studies menu) lists it.",
        path.display()
    );
    assert!(h.query_by_label(&said).is_some(), "{said}");

    // The file loads as the library loads it, and the solver proves it.
    let study = Study::load(&path).unwrap();
    assert_eq!(study.file.title, "A three-seed win");
    assert_eq!(study.file.goal.kind, GoalKind::MarginAtLeast(3));
    assert_eq!(study.start, pos);
    let mut solver = Solver::with_table_bits(TABLE_BITS);
    let root = solver.solve(&study.start);
    assert!(study.goal_reached(root.value, 0));
    let line = study
        .check_line(root.value, |history, p| {
            solver.solve_with(history, &p, None, None).map(|s| s.value)
        })
        .unwrap();
    assert_eq!(line, Ok(()));

    // Saved again under the same title: asked first (a second file, "…-2.ron",
    // listed the title twice in the library); another name keeps it.
    let first = std::fs::read_to_string(&path).unwrap();
    h.get_by_label(SAVE_LABEL).click();
    h.run_steps(2);
    let asked = format!(
        "Your studies already have “A three-seed win”, in “{}”. Replace it?",
        path.display()
    );
    assert!(h.query_by_label(&asked).is_some(), "{asked}");
    assert!(h.query_by_label_contains("A study, ").is_some());
    h.get_by_label("Choose another title").click();
    h.run_steps(2);
    assert!(h.query_by_label(&asked).is_none());
    // Back to the title, focused and selected: typing replaces it.
    let focused = h.query_all(by_focus()).next().expect("a focused field");
    assert_eq!(focused.accesskit_node().label().as_deref(), Some("Title"));
    assert_eq!(focused.value().as_deref(), Some("A three-seed win"));
    h.event(egui::Event::Text("Another title".into()));
    h.run_steps(1);
    assert_eq!(
        h.state().solver.writer.as_ref().unwrap().title,
        "Another title"
    );
    h.state_mut().solver.writer.as_mut().unwrap().title = "A three-seed win".into();
    h.run_steps(1);
    assert_eq!(std::fs::read_to_string(&path).unwrap(), first);
    // Agreed: replaced in place, in the library still.
    std::fs::write(
        &path,
        first.replace("A three-seed win", "a three-seed WIN "),
    )
    .unwrap();
    h.get_by_label(SAVE_LABEL).click();
    h.run_steps(2);
    assert!(
        h.query_by_label_contains("Your studies already have")
            .is_some(),
        "a title differing in capitals and blanks is the same title"
    );
    // The question names the study replaced as it is titled, not as typed.
    assert!(
        h.query_by_label_contains("Your studies already have “a three-seed WIN”, in")
            .is_some(),
        "the stored study's title is quoted"
    );
    h.get_by_label("Replace").click();
    step_until(&mut h, "the replacing save", |_| {
        std::fs::read_to_string(&path).is_ok_and(|t| t == first)
    });
    step_until(&mut h, "the save's news", |app| {
        app.solver
            .writer
            .as_ref()
            .is_some_and(|w| !w.busy() && w.saved.as_ref().is_some_and(|s| s.in_library))
    });
    assert_eq!(
        std::fs::read_dir(path.parent().unwrap()).unwrap().count(),
        2,
        "and its .bak"
    );

    // The library lists it.
    h.get_by_label("Show in the library").click();
    h.run_steps(2);
    assert!(!h.state().solver.writer_open());
    step_until(&mut h, "the library's read", |app| {
        app.studies.library_open && !app.studies.reading_library()
    });
    h.run_steps(2);
    assert_eq!(h.query_all_by_label("A three-seed win").count(), 1);
    // Read as a book, its author left blank: the board alone, no "by".
    h.state_mut().queue(AppCommand::Study(StudyCommand::Start(
        Box::new(study),
        Mode::Book,
    )));
    h.run_steps(3);
    assert!(h.state().studies.active.is_some());
    assert!(h.query_by_label("En Gehé 2×5").is_some());
}

#[test]
fn an_unwritable_studies_folder_is_said_so_and_nothing_typed_is_lost() {
    let dir = tempfile::tempdir().unwrap();
    // A file where the studies folder should be: nothing can be saved in it.
    std::fs::create_dir_all(dir.path().join("config")).unwrap();
    std::fs::write(dir.path().join("config/studies"), "not a folder").unwrap();
    let mut h = dialog_titled(dir.path(), "Kept");
    h.state_mut().solver.writer.as_mut().unwrap().comments[0].push_str(" My own words.");
    h.get_by_label(SAVE_LABEL).click();
    step_until(&mut h, "the failed save", |app| {
        app.solver
            .writer
            .as_ref()
            .is_some_and(|w| w.error.is_some())
    });
    h.run_steps(2);
    let w = h.state().solver.writer.as_ref().unwrap();
    let error = w.error.clone().unwrap();
    assert!(error.starts_with("Not saved: "), "{error}");
    assert!(
        error.contains("this is a file, not a folder: your studies are kept in a folder"),
        "{error}"
    );
    assert!(h.query_by_label(&error).is_some());
    assert_eq!(w.title, "Kept");
    assert!(w.comments[0].ends_with(" My own words."));
    assert!(w.saved.is_none());
    assert!(h.state().solver.writer_open());
}

#[test]
fn a_comment_that_no_longer_names_its_move_is_refused_with_why() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = dialog_titled(dir.path(), "t/../x");
    h.state_mut().solver.writer.as_mut().unwrap().comments[1] = "A move.".into();
    h.run_steps(2);
    // Said as it stands, before any save, and Save waits for the mend.
    let w = h.state().solver.writer.as_ref().unwrap();
    let problem = w.comment_problem().unwrap();
    assert!(
        problem.starts_with("comment 2 must begin with the move it explains, “North"),
        "{problem}"
    );
    assert!(problem.contains("”, not “A move”: "), "{problem}");
    assert!(
        h.query_by_label(&format!("To save, mend it: {problem}."))
            .is_some()
    );
    assert!(h.get_by_label(SAVE_LABEL).accesskit_node().is_disabled());
    h.get_by_label(SAVE_LABEL).click();
    h.run_steps(2);
    // Asked for anyway (a command, not the greyed button), it says why.
    h.state_mut()
        .queue(AppCommand::Solver(SolverCommand::Writer(
            WriterCommand::Save,
        )));
    h.run_steps(2);
    let w = h.state().solver.writer.as_ref().unwrap();
    let error = w.error.clone().unwrap();
    assert!(
        error.starts_with("Not saved: comment 2 must begin with the move it explains, “North"),
        "{error}"
    );
    assert!(!dir.path().join("config/studies").exists());
    // Another hole typed after the move's own ("North 18" for "North 1"):
    // the text begins with the letters asked for, and the message says
    // what it begins with instead.
    let name = w.prepared.as_ref().unwrap().names[1].clone();
    h.state_mut().solver.writer.as_mut().unwrap().comments[1] = format!("{name}8: a move.");
    h.run_steps(2);
    let w = h.state().solver.writer.as_ref().unwrap();
    let problem = w.comment_problem().unwrap();
    assert!(
        problem.contains(&format!("“{name}”, not “{name}8”")),
        "{problem}"
    );
    // Mended, it saves under a name with no path in it.
    h.state_mut().solver.writer.as_mut().unwrap().comments[1] = format!("{name}: a move.");
    h.get_by_label(SAVE_LABEL).click();
    until_saved(&mut h, "the save");
    assert!(dir.path().join("config/studies/t-x.ron").is_file());
}

#[test]
fn a_lost_bao_position_offers_no_study_and_says_why() {
    let dir = tempfile::tempdir().unwrap();
    // The triple-raid study after South's first move: North's only move
    // loses (South wins at once after it).
    let study = parse_position(
        "bao-la-kimasai south=1,1,1,0,0,1,0,0,0,0,0,0,0,0,0,0 \
         north=1,0,2,0,0,1,2,0,0,0,0,0,0,0,0,0 reserve=0,0 turn=south opening=no",
    )
    .unwrap();
    let pos = study
        .try_play(study.variant().parse_move("i1").unwrap())
        .unwrap();
    let mut h = harness(pos, dir.path());
    h.get_by_label("Solve").click();
    step_until(&mut h, "the solve", |app| {
        app.solver.solution(&pos).is_some()
    });
    h.run_steps(2);
    let value = h.state().solver.solution(&pos).unwrap().value;
    assert_eq!(value, maasai_mancala::solver::Value::Loss { plies: 2 });
    let button = h.get_by_label(SAVE_AS_STUDY);
    assert!(button.accesskit_node().is_disabled());
    button.hover();
    h.run_steps(40);
    let why = maasai_mancala::study::Goal::for_value(&pos, value).unwrap_err();
    assert!(why.starts_with("a lost position makes no study"), "{why}");
    assert!(h.query_by_label(&format!("No study: {why}.")).is_some());
    // Asked for anyway, the dialog says why and offers nothing to save.
    h.state_mut()
        .queue(AppCommand::Solver(SolverCommand::SaveAsStudy));
    h.run_steps(3);
    assert!(
        h.query_by_label(&format!("This position makes no study: {why}."))
            .is_some()
    );
    assert!(h.query_by_label(SAVE_LABEL).is_none());
}

#[test]
fn save_elsewhere_writes_the_typed_path_and_asks_before_replacing() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = dialog_titled(dir.path(), "Elsewhere");
    h.get_by_label("Save elsewhere…").click();
    h.run_steps(2);
    // Offered in the home folder under the title's name.
    let offered = h.state().solver.writer.as_ref().unwrap().elsewhere.clone();
    assert!(offered.unwrap().ends_with("elsewhere.ron"));
    // A name without an extension gets `.ron`.
    let typed = dir.path().join("out");
    h.state_mut().solver.writer.as_mut().unwrap().elsewhere = Some(typed.display().to_string());
    h.get_by_label("Save there").click();
    until_saved(&mut h, "the save");
    let path = dir.path().join("out.ron");
    assert_eq!(Study::load(&path).unwrap().file.title, "Elsewhere");
    h.run_steps(2);
    assert!(
        h.query_by_label_contains("outside your studies folder the library does not list it")
            .is_some()
    );
    // Again: asked first; another name leaves the file as it was.
    h.state_mut().solver.writer.as_mut().unwrap().title = "Elsewhere again".into();
    h.run_steps(1);
    h.get_by_label("Save there").click();
    h.run_steps(2);
    let asked = format!("“{}” already exists. Replace it?", path.display());
    assert!(h.query_by_label(&asked).is_some(), "{asked}");
    // And what is there: the study saved a moment ago, and where it is
    // kept once replaced.
    assert!(h.query_by_label_contains("A study, ").is_some());
    let kept = format!("Replaced, it is kept as “{}.bak”.", path.display());
    assert!(h.query_by_label_contains(&kept).is_some(), "{kept}");
    // The last save's news goes: "Saved to …" stood over the question.
    assert!(h.query_by_label_contains("Saved to").is_none());
    h.get_by_label("Choose another name").click();
    h.run_steps(2);
    assert!(h.query_by_label_contains("Saved to").is_none());
    // Back to the path, focused (what was typed at once went nowhere).
    let focused = h.query_all(by_focus()).next().expect("a focused field");
    assert_eq!(focused.accesskit_node().label().as_deref(), Some("Path"));
    assert_eq!(Study::load(&path).unwrap().file.title, "Elsewhere");
    h.get_by_label("Save there").click();
    h.run_steps(2);
    h.get_by_label("Replace").click();
    h.run_steps(1);
    until_saved(&mut h, "the replacing save");
    assert_eq!(Study::load(&path).unwrap().file.title, "Elsewhere again");
    h.run_steps(2);
    assert!(h.query_by_label_contains("Saved to").is_some());
    // A path typed over after a save: the news no longer says where the
    // last one went, beside a path that is not it.
    h.get_by_label("Path").click();
    h.run_steps(1);
    h.get_by_label("Path").type_text("x");
    h.run_steps(2);
    assert!(h.query_by_label_contains("Saved to").is_none());
}

#[test]
fn a_dialog_closed_unsaved_comes_back_as_it_was_left() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = dialog_titled(dir.path(), "Half done");
    h.get_by_label("Close").click();
    h.run_steps(2);
    assert!(!h.state().solver.writer_open());
    assert!(!h.state().dialog_open());
    assert!(h.query_by_label(WINDOW_TITLE).is_none());
    h.get_by_label(SAVE_AS_STUDY).click();
    h.run_steps(2);
    let w = h.state().solver.writer.as_ref().unwrap();
    assert!(w.open && w.prepared.is_some());
    assert_eq!(w.title, "Half done");
    // Saved, it is done with: the next one starts afresh.
    h.get_by_label(SAVE_LABEL).click();
    until_saved(&mut h, "the save");
    h.get_by_label("Close").click();
    h.run_steps(2);
    assert!(h.state().solver.writer.is_none());
}

#[test]
fn closing_the_window_over_a_study_not_saved_asks_first() {
    // The title, author and comments typed into the dialog went unasked
    // with the window: the game had no changes, so nothing asked.
    use maasai_mancala::app::study_writer::DISCARD_HEADING;
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(small_position(), dir.path());
    open_dialog(&mut h, small_position());
    // The solver's draft alone is no work of the author's.
    assert!(!common::close_cancelled(&mut h), "nothing typed, yet asked");
    h.run_steps(2);
    type_title(&mut h, "Half done");
    // Closed and kept for the session, it is still asked about.
    h.get_by_label("Close").click();
    h.run_steps(2);
    assert!(common::close_cancelled(&mut h), "closed over the study");
    h.run_steps(2);
    assert!(h.query_by_label(DISCARD_HEADING).is_some());
    assert!(
        h.query_by_label_contains("The study “Half done” is not saved")
            .is_some()
    );
    h.key_press(egui::Key::Escape);
    h.run_steps(2);
    assert!(h.query_by_label(DISCARD_HEADING).is_none());
    assert_eq!(h.state().solver.writer.as_ref().unwrap().title, "Half done");
    assert!(common::close_cancelled(&mut h));
    h.run_steps(2);
    h.get_by_label("Discard and close").click();
    h.step();
    assert!(
        common::sent(&h, &egui::ViewportCommand::Close),
        "the window stays"
    );
    h.run_steps(2);
    assert!(h.state().solver.writer.is_none());
    // Saved, it closes unasked.
    let mut h = dialog_titled(dir.path(), "Done");
    h.get_by_label(SAVE_LABEL).click();
    until_saved(&mut h, "the save");
    assert!(!common::close_cancelled(&mut h), "saved, yet asked");
    h.run_steps(2);
    // Words typed after the save are asked about again.
    h.get_by_label("Author").click();
    h.run_steps(1);
    h.get_by_label("Author").type_text("Me");
    h.run_steps(2);
    assert!(
        common::close_cancelled(&mut h),
        "closed over words typed since the save"
    );
}

#[test]
fn esc_backs_out_of_the_replace_question_then_of_the_dialog() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = dialog_titled(dir.path(), "Escaped");
    let path = dir.path().join("taken.ron");
    std::fs::write(&path, "someone else's").unwrap();
    h.get_by_label("Save elsewhere…").click();
    h.run_steps(2);
    h.state_mut().solver.writer.as_mut().unwrap().elsewhere = Some(path.display().to_string());
    h.get_by_label("Save there").click();
    h.run_steps(2);
    let asked = format!("“{}” already exists. Replace it?", path.display());
    assert!(h.query_by_label(&asked).is_some());
    h.key_press(egui::Key::Escape);
    h.run_steps(2);
    assert!(
        h.query_by_label(&asked).is_none(),
        "the question is backed out of"
    );
    assert!(h.state().solver.writer_open(), "the dialog stays");
    assert_eq!(std::fs::read_to_string(&path).unwrap(), "someone else's");
    // Esc again, from the title being typed: closed, kept as left.
    h.get_by_label("Title").click();
    h.run_steps(1);
    h.key_press(egui::Key::Escape);
    h.run_steps(2);
    assert!(!h.state().solver.writer_open());
    assert!(!h.state().dialog_open());
    h.get_by_label(SAVE_AS_STUDY).click();
    h.run_steps(2);
    assert_eq!(h.state().solver.writer.as_ref().unwrap().title, "Escaped");
}

#[test]
fn save_elsewhere_refuses_the_programs_own_files() {
    // Saved over the presets file (once "Replace it?" was agreed to), the
    // user's presets were gone; over the autosave, the next autosave
    // wrote over the study.
    let dir = tempfile::tempdir().unwrap();
    let mut h = dialog_titled(dir.path(), "Own files");
    let config = dir.path().join("config");
    std::fs::create_dir_all(&config).unwrap();
    let presets = config.join("presets.ron");
    std::fs::write(&presets, "(version: 1, presets: [])").unwrap();
    let data = dir.path().join("data");
    std::fs::create_dir_all(&data).unwrap();
    let autosave = data.join("autosave.ron");
    h.get_by_label("Save elsewhere…").click();
    h.run_steps(2);
    for (path, what) in [(&presets, "presets file"), (&autosave, "autosave")] {
        h.state_mut().solver.writer.as_mut().unwrap().elsewhere = Some(path.display().to_string());
        h.get_by_label("Save there").click();
        h.run_steps(2);
        let said = format!(
            "Not saved: {} is the program's own {what}, which it writes by itself: choose \
             another name.",
            path.display()
        );
        assert!(h.query_by_label(&said).is_some(), "not said: {said}");
        assert!(h.query_by_label_contains("Replace it?").is_none());
        assert!(h.state().solver.writer_open(), "the dialog stays");
    }
    assert_eq!(
        std::fs::read_to_string(&presets).unwrap(),
        "(version: 1, presets: [])"
    );
    assert!(!autosave.exists());
}

#[test]
fn browse_bringing_no_file_back_says_why_and_keeps_the_typed_path() {
    // Without a desktop portal the system dialog answers at once with no
    // file, and Browse… seemed to do nothing.
    use maasai_mancala::app::study_writer::NO_FILE_CHOSEN;
    let dir = tempfile::tempdir().unwrap();
    let mut h = dialog_titled(dir.path(), "Browsed");
    h.get_by_label("Save elsewhere…").click();
    h.run_steps(2);
    let typed = h.state().solver.writer.as_ref().unwrap().elsewhere.clone();
    browse_answered(&mut h, None);
    h.run_steps(2);
    assert!(h.query_by_label(NO_FILE_CHOSEN).is_some());
    assert_eq!(h.state().solver.writer.as_ref().unwrap().elsewhere, typed);
    let chosen = dir.path().join("chosen.ron");
    browse_answered(&mut h, Some(chosen.clone()));
    h.run_steps(2);
    assert!(h.query_by_label(NO_FILE_CHOSEN).is_none());
    assert_eq!(
        h.state().solver.writer.as_ref().unwrap().elsewhere,
        Some(chosen.display().to_string())
    );
}

#[test]
fn a_position_reached_in_a_game_is_studied_on_its_own() {
    let dir = tempfile::tempdir().unwrap();
    let start = small_position();
    let mut h = harness(start, dir.path());
    h.state_mut().settings.speed = maasai_mancala::app::anim::INSTANT_SPEED;
    let first = start.legal_moves()[0];
    h.state_mut().queue(AppCommand::PlayMove(first));
    h.run_steps(3);
    let pos = *h.state().rt.game.current();
    assert_ne!(pos, start);
    open_dialog(&mut h, pos);
    type_title(&mut h, "After a move");
    h.get_by_label(SAVE_LABEL).click();
    until_saved(&mut h, "the save");
    let study = Study::load(&dir.path().join("config/studies/after-a-move.ron")).unwrap();
    // The study starts where the board stood, North to move, and its goal
    // is the value of that position with no game before it.
    assert_eq!(study.start, pos);
    assert_eq!(study.file.goal.side, pos.turn());
    let value = Solver::with_table_bits(TABLE_BITS).solve(&pos).value;
    assert!(study.goal_reached(value, 0));
    let w = h.state().solver.writer.as_ref().unwrap();
    assert_eq!(w.prepared.as_ref().unwrap().value, value);
}

#[test]
fn a_path_under_a_file_is_refused_in_words_not_asked_to_replace() {
    // "/etc/hostname/y.ron": nothing there to replace, and no folder to
    // save into; the save says so at once.
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("plain-file");
    std::fs::write(&file, "not a folder").unwrap();
    let mut h = dialog_titled(dir.path(), "Under a file");
    h.get_by_label("Save elsewhere…").click();
    h.run_steps(2);
    let typed = file.join("y.ron");
    h.state_mut().solver.writer.as_mut().unwrap().elsewhere = Some(typed.display().to_string());
    h.get_by_label("Save there").click();
    step_until(&mut h, "the refusal", |app| {
        app.solver
            .writer
            .as_ref()
            .is_some_and(|w| w.error.is_some() || w.ask_replace.is_some())
    });
    let w = h.state().solver.writer.as_ref().unwrap();
    assert_eq!(w.ask_replace, None, "asked to replace what is not there");
    let error = w.error.clone().unwrap();
    assert!(error.contains("is a file, not a folder"), "{error}");
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "not a folder");
    // Another file chosen with Browse…: the refusal was about the path it
    // replaced, and stood over it.
    browse_answered(&mut h, Some(dir.path().join("chosen.ron")));
    h.run_steps(2);
    assert_eq!(h.state().solver.writer.as_ref().unwrap().error, None);
    assert!(
        h.query_by_label_contains("is a file, not a folder")
            .is_none()
    );
    // Typed over after another refusal: the same.
    h.state_mut().solver.writer.as_mut().unwrap().elsewhere = Some(typed.display().to_string());
    h.get_by_label("Save there").click();
    step_until(&mut h, "the second refusal", |app| {
        app.solver
            .writer
            .as_ref()
            .is_some_and(|w| w.error.is_some())
    });
    h.get_by_label("Path").click();
    h.run_steps(1);
    h.get_by_label("Path").type_text("x");
    h.run_steps(2);
    assert_eq!(h.state().solver.writer.as_ref().unwrap().error, None);
}

/// What the system's file dialog brought back to Browse… (`None`: no
/// file, as without a desktop portal).
fn browse_answered(h: &mut Harness<'static, MaasaiApp>, chosen: Option<std::path::PathBuf>) {
    let w = h.state_mut().solver.writer.as_mut().expect("the dialog");
    w.browse_answered(chosen);
}

/// The typed path of the "Save elsewhere" row.
fn typed_path(h: &Harness<'static, MaasaiApp>) -> String {
    let w = h.state().solver.writer.as_ref().expect("the dialog");
    w.elsewhere.clone().expect("the path row")
}

#[test]
fn the_offered_path_follows_the_title_until_the_user_types_one() {
    // The row offered the file named after the title as it was when the
    // row opened: a title typed after it was not in the path.
    use maasai_mancala::app::study_writer::NO_FILE_CHOSEN;
    use maasai_mancala::study::file_name_for;
    let dir = tempfile::tempdir().unwrap();
    let pos = small_position();
    let mut h = harness(pos, dir.path());
    open_dialog(&mut h, pos);
    h.get_by_label("Save elsewhere…").click();
    h.run_steps(2);
    type_title(&mut h, "Relay lesson");
    assert!(
        typed_path(&h).ends_with(&file_name_for("Relay lesson")),
        "{}",
        typed_path(&h)
    );
    // Browse… that brings nothing back says so; typing a path of one's own
    // takes the note away, and the path no longer follows the title.
    browse_answered(&mut h, None);
    h.run_steps(2);
    assert!(h.query_by_label(NO_FILE_CHOSEN).is_some());
    let mine = dir.path().join("mine.ron").display().to_string();
    h.get_by_label("Path").click();
    h.run_steps(1);
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    h.key_press(egui::Key::Backspace);
    h.get_by_label("Path").type_text(&mine);
    h.run_steps(2);
    assert!(
        h.query_by_label(NO_FILE_CHOSEN).is_none(),
        "the note stayed"
    );
    type_title(&mut h, " again");
    assert_eq!(typed_path(&h), mine);
}

#[test]
fn the_buttons_stay_put_as_the_path_row_comes_and_goes() {
    // The steps' room was the window's less a guessed foot: the path row
    // and Browse…'s note each moved the buttons under the pointer.
    let dir = tempfile::tempdir().unwrap();
    let mut h = dialog_titled(dir.path(), "Steady");
    let at = |h: &Harness<'static, MaasaiApp>| h.get_by_label("Save elsewhere…").rect();
    let before = at(&h);
    h.get_by_label("Save elsewhere…").click();
    h.run_steps(3);
    assert_eq!(at(&h), before, "the path row moved the buttons");
    browse_answered(&mut h, None);
    h.run_steps(3);
    assert_eq!(at(&h), before, "the note moved the buttons");
    h.get_by_label("Save elsewhere…").click();
    h.run_steps(3);
    assert_eq!(at(&h), before, "the row's going moved the buttons");
}

#[test]
fn the_studies_menu_saves_the_solved_position_as_a_study() {
    // Only the solver panel had Save as study…: the Studies menu, where a
    // study is looked for, had nothing of it.
    let dir = tempfile::tempdir().unwrap();
    let pos = small_position();
    let mut h = harness(pos, dir.path());
    h.state_mut().settings.show_solver = false;
    h.run_steps(2);
    h.get_by_label("Studies").click();
    h.run_steps(2);
    assert!(
        h.get_by_label(SAVE_AS_STUDY).accesskit_node().is_disabled(),
        "offered before the position is solved"
    );
    h.key_press(egui::Key::Escape);
    h.run_steps(2);
    // Solved (with the panel shown), then the panel hidden again: the
    // menu's item is the only one.
    h.state_mut().settings.show_solver = true;
    h.run_steps(2);
    h.get_by_label("Solve").click();
    step_until(&mut h, "the solve", |app| {
        app.solver.solution(&pos).is_some()
    });
    h.state_mut().settings.show_solver = false;
    h.run_steps(2);
    h.get_by_label("Studies").click();
    h.run_steps(2);
    h.get_by_label(SAVE_AS_STUDY).click();
    step_until(&mut h, "the study's proof", |app| {
        app.solver
            .writer
            .as_ref()
            .is_some_and(|w| w.prepared.is_some())
    });
    h.run_steps(2);
    assert!(h.query_by_label(WINDOW_TITLE).is_some());
}

#[test]
fn a_shipped_studys_title_is_not_taken() {
    // The library listed "Three raids in one move" twice, under "Your
    // studies" and "Shipped with the program".
    let dir = tempfile::tempdir().unwrap();
    let mut h = dialog_titled(dir.path(), "three raids in one move");
    // Said as it is typed, before any click.
    assert!(
        h.query_by_label(
            "A study shipped with the program is titled “three raids in one move”: give yours \
             another title, so that the library tells them apart."
        )
        .is_some()
    );
    h.get_by_label(SAVE_LABEL).click();
    h.run_steps(2);
    let error = h
        .state()
        .solver
        .writer
        .as_ref()
        .unwrap()
        .error
        .clone()
        .expect("refused");
    assert!(
        error.starts_with(
            "Not saved: a study shipped with the program is titled “three raids in one move”"
        ),
        "{error}"
    );
    assert!(!dir.path().join("config/studies").exists());
    // Another title typed: the refusal was about the old one, and stood
    // over the new one.
    h.get_by_label("Title").click();
    h.run_steps(1);
    h.get_by_label("Title").type_text(", again");
    h.run_steps(2);
    assert_eq!(h.state().solver.writer.as_ref().unwrap().error, None);
    assert!(h.query_by_label_contains("Not saved").is_none());
}

#[test]
fn tab_through_a_long_solution_s_comments_brings_each_into_view() {
    // 2×4, 4 seeds: a line of over twenty moves, a comment box each, a
    // few in view at 1024×680. Tab stopped at boxes out of sight (one cut
    // off, one not shown at all) and never reached the rest.
    let dir = tempfile::tempdir().unwrap();
    let pos =
        parse_position("en-gehe south=4,4,4,4 north=4,4,4,4 captured=0,0 turn=south").unwrap();
    let folders = folders(dir.path());
    let mut h = Harness::builder()
        .with_size([1024.0, 680.0])
        .with_theme(egui::Theme::Light)
        .build_eframe(move |cc| MaasaiApp::new_for_tests_with_folders(&cc.egui_ctx, pos, folders));
    h.state_mut().solver.session = Some(Session::with_solver(Solver::with_table_bits(TABLE_BITS)));
    h.state_mut().settings.show_solver = true;
    h.run_steps(2);
    open_dialog(&mut h, pos);
    let steps = h.state().solver.writer.as_ref().unwrap().comments.len();
    assert!(steps > 12, "{steps} steps");
    h.get_by_label("Title").click();
    h.run_steps(2);
    let mut boxes = std::collections::BTreeSet::new();
    for _ in 0..(steps + 12) {
        h.key_press(egui::Key::Tab);
        h.run_steps(6);
        let Some(id) = h.ctx.memory(|m| m.focused()) else {
            continue;
        };
        let Some(node) = h.query_all(by_focus()).next() else {
            continue;
        };
        let label = node.accesskit_node().label().unwrap_or_default();
        let Some(number) = label
            .strip_suffix('.')
            .and_then(|n| n.parse::<usize>().ok())
        else {
            continue;
        };
        let shown = h.ctx.read_response(id).expect("drawn");
        assert!(
            shown.interact_rect.height() >= shown.rect.height() - 1.0,
            "comment {number} focused out of sight: {:?} of {:?} in view",
            shown.interact_rect,
            shown.rect
        );
        boxes.insert(number);
    }
    assert_eq!(boxes.len(), steps, "comments focused: {boxes:?}");
}

fn by_focus() -> egui_kittest::kittest::By<'static> {
    egui_kittest::kittest::By::new().predicate(|n| n.is_focused())
}

/// A 2×50 endgame of 16 seeds that no solve finishes within a test's time
/// (`bench --solver`'s scattered 16-seed #1).
const UNFINISHED: &str = "en-gehe south=0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,1,0,0,0,0,1,0,1,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,2,0,0,1,1,1,0,0 north=0,0,0,0,0,0,0,0,0,0,0,0,1,0,0,0,0,0,0,0,0,0,0,0,0,0,1,0,0,0,0,0,0,1,0,1,0,1,0,0,0,1,1,0,0,0,0,1,0,0 captured=0,0 turn=south";

#[test]
fn save_as_study_stops_a_kept_solve_of_another_position() {
    use maasai_mancala::app::files_ui::FileCommand;
    let dir = tempfile::tempdir().unwrap();
    let pos = small_position();
    let mut h = harness(pos, dir.path());
    h.get_by_label("Solve").click();
    step_until(&mut h, "the solve", |app| {
        app.solver.solution(&pos).is_some()
    });
    // Another position, its solve kept on while the board goes back to the
    // solved one.
    let paste = |h: &mut Harness<'static, MaasaiApp>, text: &str| {
        let command = AppCommand::Files(FileCommand::PasteText(text.into()));
        h.state_mut().queue(command);
        h.run_steps(3);
        // A position set up before is a change the paste asks about.
        if h.query_by_label("Discard changes").is_some() {
            h.get_by_label("Discard changes").click();
            h.run_steps(3);
        }
    };
    paste(&mut h, UNFINISHED);
    h.state_mut().solver.keep_on_change = true;
    h.get_by_label("Solve").click();
    h.run_steps(2);
    assert!(h.state().solver.running());
    paste(&mut h, &pos.to_string());
    assert_eq!(*h.state().rt.shown_position(), pos);
    assert!(h.state().solver.running(), "the kept solve goes on");
    // The dialog's proof needs the solver: the kept solve stops for it
    // (it held the solver until it ended, behind the modal dialog).
    h.get_by_label(SAVE_AS_STUDY).click();
    step_until(&mut h, "the study's proof", |app| {
        app.solver
            .writer
            .as_ref()
            .is_some_and(|w| w.prepared.is_some())
    });
    assert!(!h.state().solver.running());
    let note = h.state().solver.note.clone().unwrap_or_default();
    assert!(note.contains("the study dialog needs the solver"), "{note}");
}

#[test]
fn the_study_takes_the_line_the_panel_shows_where_it_checks() {
    // The study's own solve of the position could give another line of
    // the same value, listed under "the solver's principal line" beside
    // the panel's other one. Here the panel's line is made another best
    // line than the solve's: the study takes it.
    let dir = tempfile::tempdir().unwrap();
    let start = small_position();
    let mut h = harness(start, dir.path());
    let mut solver = Solver::with_table_bits(TABLE_BITS);
    let solution = solver.solve(&start);
    // Another line of the same value: the first ply with another best move.
    let mut line = None;
    let mut pos = start;
    for (i, &best) in solution.pv.iter().enumerate() {
        let value = solver.solve(&pos).value;
        for other in pos.legal_moves().into_iter().filter(|&m| m != best) {
            let after = pos.try_play(other).unwrap();
            let rest = solver.solve(&after);
            if rest.value.flipped_after_move() == value {
                line = Some([&solution.pv[..i], &[other], &rest.pv[..]].concat());
                break;
            }
        }
        if line.is_some() {
            break;
        }
        pos = pos.try_play(best).unwrap();
    }
    let line = line.expect("another best line");
    assert_ne!(line, solution.pv);
    let session = h.state().solver.session.clone().expect("a session");
    let writer = maasai_mancala::app::study_writer::StudyWriter::new(
        &h.ctx.clone(),
        session,
        start,
        solution.value,
        line.clone(),
    );
    h.state_mut().solver.writer = Some(writer);
    step_until(&mut h, "the study's proof", |app| {
        app.solver
            .writer
            .as_ref()
            .is_some_and(|w| w.prepared.is_some())
    });
    let prepared = h
        .state()
        .solver
        .writer
        .as_ref()
        .unwrap()
        .prepared
        .as_ref()
        .unwrap();
    assert_eq!(prepared.line, line);
    assert!(prepared.panel_line);
    h.run_steps(2);
    assert!(
        h.query_by_label_contains("Solution: the principal line the solver panel shows, ")
            .is_some()
    );
}

#[test]
fn the_save_hint_names_the_very_file_it_will_write() {
    // It named the title's file name "(another name if a file has that
    // one)", and the file written was another.
    let dir = tempfile::tempdir().unwrap();
    let studies = folders(dir.path()).config.join("studies");
    std::fs::create_dir_all(&studies).unwrap();
    std::fs::write(studies.join("river-endgame.ron"), "not a study").unwrap();
    let h = dialog_titled(dir.path(), "River endgame");
    let said = format!(
        "{SAVE_LABEL} writes {}.",
        studies.join("river-endgame-2.ron").display()
    );
    assert!(h.query_by_label(&said).is_some(), "{said}");
    // A study of yours of that title is the file Save writes (replaced,
    // asked first): the hint named a free name beside it.
    let mut h = h;
    h.get_by_label(SAVE_LABEL).click();
    until_saved(&mut h, "the save");
    drop(h);
    let h = dialog_titled(dir.path(), "River endgame");
    let said = format!(
        "{SAVE_LABEL} replaces your study of that title, {} (asked first).",
        studies.join("river-endgame-2.ron").display()
    );
    assert!(h.query_by_label(&said).is_some(), "{said}");
}
