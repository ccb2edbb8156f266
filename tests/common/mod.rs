//! Helpers shared by the window's UI test files (each test file is its own
//! crate, so each uses only some of them).
#![allow(dead_code)]

use egui_kittest::Harness;
use maasai_mancala::app::MaasaiApp;
use maasai_mancala::engine::{GameOptions, Position};
use maasai_mancala::files::Folders;

/// The window size of the snapshot tests (their pictures depend on it).
pub const SNAPSHOT_SIZE: [f32; 2] = [1400.0, 760.0];
/// Room for the side panels of the council, solver and studies.
pub const WIDE_SIZE: [f32; 2] = [1600.0, 900.0];

/// Frames to wait at most for a background result (each frame also yields
/// a few milliseconds so the background threads get the cores).
pub const MAX_FRAMES: usize = 6000;

/// The window on `start`, light theme, at `size`.
pub fn harness_at(start: Position, size: [f32; 2]) -> Harness<'static, MaasaiApp> {
    Harness::builder()
        .with_size(size)
        .with_theme(egui::Theme::Light)
        .build_eframe(move |cc| MaasaiApp::new_for_tests(&cc.egui_ctx, start))
}

/// The window on `start` with its config and data folders in `dir`
/// ([`folders`]), light theme, at `size`.
pub fn harness_in(
    dir: &std::path::Path,
    start: Position,
    size: [f32; 2],
) -> Harness<'static, MaasaiApp> {
    let folders = folders(dir);
    Harness::builder()
        .with_size(size)
        .with_theme(egui::Theme::Light)
        .build_eframe(move |cc| MaasaiApp::new_for_tests_with_folders(&cc.egui_ctx, start, folders))
}

/// [`harness_at`], sowing instantly, settled.
pub fn sowing_instantly_at(start: Position, size: [f32; 2]) -> Harness<'static, MaasaiApp> {
    let mut h = harness_at(start, size);
    h.state_mut().settings.speed = maasai_mancala::app::anim::INSTANT_SPEED;
    h.run();
    h
}

/// [`harness_at`], sowing instantly, with the council (searching
/// shallowly), the solver, the plots and the move list open; no frame run
/// yet.
pub fn every_panel_at(start: Position, size: [f32; 2]) -> Harness<'static, MaasaiApp> {
    let mut h = harness_at(start, size);
    let app = h.state_mut();
    app.settings.speed = maasai_mancala::app::anim::INSTANT_SPEED;
    app.settings.show_council = true;
    app.settings.show_solver = true;
    app.settings.show_tempo_plot = true;
    app.settings.show_move_list = true;
    app.council.max_depth = Some(2);
    h
}

/// Plays a move by its hole name, as keyboard play would, and runs the
/// frames until the window settles.
pub fn play(h: &mut Harness<'_, MaasaiApp>, name: &str) {
    let mv = h.state().rt.game.variant().parse_move(name).unwrap();
    h.state_mut()
        .queue(maasai_mancala::app::AppCommand::PlayMove(mv));
    h.run();
}

/// [`harness_in`] at [`SNAPSHOT_SIZE`], sowing instantly, settled.
pub fn files_harness(dir: &std::path::Path, start: Position) -> Harness<'static, MaasaiApp> {
    let mut h = harness_in(dir, start, SNAPSHOT_SIZE);
    h.state_mut().settings.speed = maasai_mancala::app::anim::INSTANT_SPEED;
    h.run();
    h
}

/// A window whose frames are 1/20 s apart (kittest's default is 1/4 s), so
/// that a sowing at one seed a second sows nothing in the few frames
/// [`start_paused`] takes.
pub fn fine_harness(start: Position, size: [f32; 2]) -> Harness<'static, MaasaiApp> {
    Harness::builder()
        .with_size(size)
        .with_theme(egui::Theme::Light)
        .with_step_dt(0.05)
        .build_eframe(move |cc| MaasaiApp::new_for_tests(&cc.egui_ctx, start))
}

/// Starts `hole`'s move at one seed a second and pauses it at once, so a
/// test can step the replay by hand (use a [`fine_harness`]).
pub fn start_paused(h: &mut Harness<'_, MaasaiApp>, hole: &str) {
    use egui_kittest::kittest::Queryable;
    h.state_mut().settings.speed = 1.0;
    h.run();
    h.get_by_label(hole).click();
    h.step();
    h.step();
    h.get_by_label("Pause").click();
    h.step();
}

/// Asks the window to close, as its close button would, in the frame still
/// to run.
pub fn ask_to_close(h: &mut Harness<'_, MaasaiApp>) {
    h.input_mut()
        .viewports
        .entry(egui::ViewportId::ROOT)
        .or_default()
        .events
        .push(egui::ViewportEvent::Close);
}

/// Asks the window to close, as its close button would, for one frame;
/// whether that frame cancelled the close (a question held it back).
pub fn close_cancelled(h: &mut Harness<'_, MaasaiApp>) -> bool {
    ask_to_close(h);
    h.step();
    sent(h, &egui::ViewportCommand::CancelClose)
}

/// Whether the last frame sent the window `command`.
pub fn sent(h: &Harness<'_, MaasaiApp>, command: &egui::ViewportCommand) -> bool {
    h.output()
        .viewport_output
        .get(&egui::ViewportId::ROOT)
        .is_some_and(|v| v.commands.contains(command))
}

/// Turns the mouse wheel `points` down (towards the user) over wherever the
/// pointer is, in the frame still to run.
pub fn scroll_down(h: &mut Harness<'_, MaasaiApp>, points: f32) {
    h.event(egui::Event::MouseWheel {
        unit: egui::MouseWheelUnit::Point,
        delta: egui::vec2(0.0, -points),
        modifiers: egui::Modifiers::NONE,
        phase: egui::TouchPhase::Move,
        source: egui::MouseWheelSource::Wheel,
    });
}

/// Replaces the whole text of the field labelled `label`.
pub fn replace_field(h: &mut Harness<'_, MaasaiApp>, label: &str, text: &str) {
    use egui_kittest::kittest::Queryable;
    h.get_by_label(label).focus();
    h.run();
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    h.key_press(egui::Key::Backspace);
    h.run();
    h.get_by_label(label).type_text(text);
    h.run();
}

/// The start of a 2×`holes` En Gehé game.
pub fn en_gehe(holes: u8) -> Position {
    GameOptions::en_gehe(holes).start().unwrap()
}

/// Steps frames until `done` holds; panics after [`MAX_FRAMES`].
pub fn step_until(h: &mut Harness<'_, MaasaiApp>, what: &str, done: impl Fn(&MaasaiApp) -> bool) {
    for _ in 0..MAX_FRAMES {
        if done(h.state()) {
            return;
        }
        h.step();
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    panic!("gave up waiting for {what}");
}

/// Ctrl+V let go, with the modifiers still held (egui sends only this for
/// a Ctrl+V on an empty clipboard).
pub fn ctrl_v_released() -> egui::Event {
    egui::Event::Key {
        key: egui::Key::V,
        physical_key: None,
        pressed: false,
        repeat: false,
        modifiers: egui::Modifiers::COMMAND,
    }
}

/// Ctrl+A (Cmd+A) pressed: select all in the focused field.
pub fn select_all_pressed() -> egui::Event {
    egui::Event::Key {
        key: egui::Key::A,
        physical_key: None,
        pressed: true,
        repeat: false,
        modifiers: egui::Modifiers::COMMAND,
    }
}

/// The folder of the user's own studies under `dir` (in [`folders`]'s
/// config), made.
pub fn users_studies(dir: &std::path::Path) -> std::path::PathBuf {
    let studies = folders(dir).config.join("studies");
    std::fs::create_dir_all(&studies).unwrap();
    studies
}

/// The program's folders (settings and presets, autosave) under `dir`.
pub fn folders(dir: &std::path::Path) -> Folders {
    Folders {
        config: dir.join("config"),
        data: dir.join("data"),
    }
}

/// Runs `command` with its reader gone before it writes (`… | head -1`):
/// it must end as Unix tools do, not with a panic on the failed write.
pub fn ends_quietly_when_its_reader_goes(command: &mut std::process::Command, what: &str) {
    use std::process::Stdio;
    let mut child = command
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let out = child.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!err.contains("panicked"), "{what}: {err}");
    assert_ne!(out.status.code(), Some(101), "{what}: {err}");
}

/// A click of the pointer at `at`, hovering there first.
pub fn click_at<S>(h: &mut Harness<'_, S>, at: egui::Pos2) {
    click_at_then(h, at, |h| {
        h.run();
    });
}

/// [`click_at`], with `frames` run after the hover and each press (a
/// board whose sowing starts does not settle for `run`).
pub fn click_at_then<S>(
    h: &mut Harness<'_, S>,
    at: egui::Pos2,
    frames: impl Fn(&mut Harness<'_, S>),
) {
    h.hover_at(at);
    frames(h);
    for pressed in [true, false] {
        h.event(egui::Event::PointerButton {
            pos: at,
            button: egui::PointerButton::Primary,
            pressed,
            modifiers: egui::Modifiers::NONE,
        });
        frames(h);
    }
}

/// The texts of the last frame's shapes, in drawing order.
pub fn shape_texts(h: &Harness<'_, MaasaiApp>) -> Vec<String> {
    fn walk(shape: &egui::Shape, out: &mut Vec<String>) {
        match shape {
            egui::Shape::Text(t) => out.push(t.galley.job.text.clone()),
            egui::Shape::Vec(shapes) => shapes.iter().for_each(|s| walk(s, out)),
            _ => {}
        }
    }
    let mut texts = Vec::new();
    for clipped in &h.output().shapes {
        walk(&clipped.shape, &mut texts);
    }
    texts
}
