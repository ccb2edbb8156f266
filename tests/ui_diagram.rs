//! UI tests of Game → Export diagram (SVG)… (egui_kittest): the position on
//! view, also while stepping through the moves, is written as an SVG
//! through the typed-path window (no file dialog in tests), a file already
//! there is replaced only once the user agrees, and a folder that is not
//! there is said in a message with the typed path kept. Every test keeps
//! its files in a temporary folder.

mod common;
use common::{en_gehe, files_harness, harness_in, play, replace_field};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use maasai_mancala::app::files_ui::{DIAGRAM_NOTICE, DIAGRAM_REFUSED, FileCommand};
use maasai_mancala::app::{AppCommand, MaasaiApp};
use maasai_mancala::engine::Position;
use std::path::Path;

/// Game → the menu item `item`, then the path typed and Export.
fn export(h: &mut Harness<'_, MaasaiApp>, item: &str, path: &Path) {
    h.get_by_label("Game").click();
    h.run();
    h.get_by_label(item).click();
    h.run();
    assert!(
        h.state().files.diagram_prompt.is_some(),
        "no file dialog in tests: the typed-path window asks"
    );
    replace_field(h, "Diagram file", path.to_str().unwrap());
    h.get_by_label("Export").click();
    h.run();
}

fn notice(h: &Harness<'_, MaasaiApp>) -> String {
    h.state()
        .rt
        .notice
        .as_ref()
        .map(|n| n.to_string())
        .unwrap_or_default()
}

/// The id of the one ringed hole's group.
fn ringed(svg: &str) -> Vec<String> {
    svg.match_indices(r#"class="highlight""#)
        .map(|(at, _)| {
            let g = svg[..at].rfind("<g id=\"").unwrap() + 7;
            svg[g..g + svg[g..].find('"').unwrap()].to_string()
        })
        .collect()
}

#[test]
fn export_writes_the_position_on_view_while_stepping_through_the_moves() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = files_harness(dir.path(), en_gehe(8));
    for name in ["1", "2", "6"] {
        play(&mut h, name);
    }
    // Back to the position after the first move (South's 1).
    h.state_mut().queue(AppCommand::ViewMove(0));
    h.run();
    let shown = *h.state().rt.shown_position();
    assert_ne!(shown, *h.state().rt.game.current());

    let path = dir.path().join("figure");
    export(&mut h, "Export diagram (SVG)…", &path);
    let written = dir.path().join("figure.svg");
    assert!(
        h.state().files.error.is_none(),
        "{:?}",
        h.state().files.error
    );
    assert_eq!(
        notice(&h),
        format!("{DIAGRAM_NOTICE}{}", written.display()),
        ".svg added to a name without one"
    );
    assert!(
        h.state().files.diagram_prompt.is_none(),
        "the window closes"
    );
    let svg = std::fs::read_to_string(&written).unwrap();
    assert!(svg.starts_with("<?xml"));
    assert!(svg.ends_with("</svg>\n"));
    // The position on view, not the game's last, with the hole its move
    // started from ringed, in the board's colours.
    assert!(svg.contains(&format!("<desc>{shown}</desc>")), "{svg}");
    assert_eq!(ringed(&svg), ["south-1"]);
    assert!(svg.contains("#c49662"));
    assert_eq!(
        svg,
        maasai_mancala::diagram::render_svg(
            &shown,
            &maasai_mancala::diagram::DiagramOptions {
                caption: None,
                mono: false,
                highlight: vec![maasai_mancala::engine::HoleRef {
                    side: maasai_mancala::engine::Side::South,
                    index: 0,
                }],
                // An earlier position of the game: no result.
                result: None,
            }
        )
    );
    // The game itself is as it was: nothing to save, nothing replaced.
    assert_eq!(h.state().rt.game.moves().len(), 3);
    assert_eq!(h.state().rt.view, 1);
}

#[test]
fn a_file_already_there_is_replaced_only_once_agreed_and_print_is_black_and_white() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("board.svg");
    std::fs::write(&path, "an older figure").unwrap();
    let mut h = files_harness(dir.path(), en_gehe(6));

    export(&mut h, "Export diagram for print (black and white)…", &path);
    let prompt = h.state().files.diagram_prompt.as_ref().unwrap();
    let question = prompt.ask_replace.as_ref().expect("asked to replace");
    assert_eq!(question.path, path);
    // What is there is said: not one of the program's files, so its size.
    assert!(
        question.what.starts_with("15 bytes, last changed "),
        "{}",
        question.what
    );
    // And where it goes once replaced (it was kept, but nothing said so).
    let said = format!(
        "{} Replaced, it is kept as “{}”.",
        question.what,
        dir.path().join("board.svg.bak").display()
    );
    assert!(h.query_by_label(&said).is_some(), "{said}");
    assert_eq!(std::fs::read_to_string(&path).unwrap(), "an older figure");

    // Another name is chosen, then the first again, and replaced.
    h.get_by_label("Choose another name").click();
    h.run();
    assert!(
        h.state()
            .files
            .diagram_prompt
            .as_ref()
            .unwrap()
            .ask_replace
            .is_none()
    );
    // The path field has the focus again (typing went nowhere), with the
    // path selected.
    let focused = h
        .query_all(egui_kittest::kittest::By::new().predicate(|n| n.is_focused()))
        .next()
        .expect("a focused widget");
    assert_eq!(focused.value().as_deref(), Some(path.to_str().unwrap()));
    // Selected whole: what is typed replaces it. Then the first name again.
    h.event(egui::Event::Text("other.svg".into()));
    h.run();
    let focused = h
        .query_all(egui_kittest::kittest::By::new().predicate(|n| n.is_focused()))
        .next()
        .expect("a focused widget");
    assert_eq!(focused.value().as_deref(), Some("other.svg"));
    h.event(common::select_all_pressed());
    h.event(egui::Event::Text(path.to_str().unwrap().into()));
    h.run();
    h.get_by_label("Export").click();
    h.run();
    h.get_by_label("Replace").click();
    h.run();
    assert!(
        h.state().files.error.is_none(),
        "{:?}",
        h.state().files.error
    );
    let svg = std::fs::read_to_string(&path).unwrap();
    assert!(svg.contains("<svg"));
    assert!(!svg.contains("#c49662"), "black and white");
    assert!(ringed(&svg).is_empty(), "no move led to the start");
    assert_eq!(
        std::fs::read_to_string(dir.path().join("board.svg.bak")).unwrap(),
        "an older figure",
        "the version replaced is kept"
    );
    assert!(notice(&h).starts_with(DIAGRAM_NOTICE));
}

#[test]
fn a_missing_folder_is_said_in_plain_words_and_the_typed_path_stays() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = files_harness(dir.path(), en_gehe(6));
    let bad = dir.path().join("no such folder").join("fig.svg");
    export(&mut h, "Export diagram (SVG)…", &bad);
    let (title, message) = h.state().files.error.clone().expect("a message");
    assert_eq!(title, DIAGRAM_REFUSED);
    assert!(message.contains("there is no folder"), "{message}");
    // About the diagram: the game was never at risk.
    assert!(
        message.contains("No diagram was written; the path stays in the field to correct."),
        "{message}"
    );
    assert!(!notice(&h).starts_with(DIAGRAM_NOTICE));
    // OK, then another try in the same window.
    h.get_by_label("OK").click();
    h.run();
    let prompt = h.state().files.diagram_prompt.as_ref().expect("still open");
    assert_eq!(prompt.text, bad.display().to_string());
    let good = dir.path().join("fig.svg");
    replace_field(&mut h, "Diagram file", good.to_str().unwrap());
    h.get_by_label("Export").click();
    h.run();
    assert!(good.is_file());
    // Esc closes the window without writing anything.
    h.get_by_label("Game").click();
    h.run();
    h.get_by_label("Export diagram (SVG)…").click();
    h.run();
    assert!(h.state().files.diagram_prompt.is_some());
    h.key_press(egui::Key::Escape);
    h.run();
    assert!(h.state().files.diagram_prompt.is_none());
    assert!(h.state().files.diagram.is_none());
    // A failed try's message goes once a try works, answered or not (it
    // stayed up saying no diagram was written).
    export(&mut h, "Export diagram (SVG)…", &bad);
    assert!(h.state().files.error.is_some());
    let other = dir.path().join("other.svg");
    h.state_mut()
        .queue(AppCommand::Files(FileCommand::ExportDiagramTo(
            other.clone(),
        )));
    h.run();
    assert!(other.is_file());
    assert!(
        h.state().files.error.is_none(),
        "{:?}",
        h.state().files.error
    );
}

#[test]
fn a_finished_games_last_position_is_exported_with_its_result() {
    let dir = tempfile::tempdir().unwrap();
    // North to move with an empty row: over from the start.
    let over: Position = "en-gehe south=0,2,0,1 north=0,0,0,0 captured=5,7 turn=north"
        .parse()
        .unwrap();
    let mut h = files_harness(dir.path(), over);
    assert!(
        h.state().rt.result().is_some(),
        "the window knows it is over"
    );
    let path = dir.path().join("end.svg");
    export(&mut h, "Export diagram (SVG)…", &path);
    let svg = std::fs::read_to_string(&path).unwrap();
    assert!(svg.contains("Game over: "), "{svg}");
    assert!(!svg.contains("\u{2014} to move"), "{svg}");
}

#[test]
fn the_export_window_takes_a_caption_the_look_and_the_ring_of_the_move() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = files_harness(dir.path(), en_gehe(8));
    for name in ["1", "2"] {
        play(&mut h, name);
    }
    h.get_by_label("Game").click();
    h.run();
    h.get_by_label("Export diagram (SVG)…").click();
    h.run();
    // It says which position goes out, and offers the move's hole.
    h.get_by_label("The position after move 2 (North 2)");
    replace_field(&mut h, "Caption", "Diagram 3: South to move");
    h.get_by_label("Black and white, for print").click();
    h.run();
    h.get_by_label("Ring North 2, where the move started")
        .click();
    h.run();
    let path = dir.path().join("captioned.svg");
    replace_field(&mut h, "Diagram file", path.to_str().unwrap());
    h.get_by_label("Export").click();
    h.run();
    let svg = std::fs::read_to_string(&path).unwrap();
    assert!(svg.contains(">Diagram 3: South to move<"), "{svg}");
    assert!(!svg.contains("#c49662"), "black and white");
    assert!(ringed(&svg).is_empty(), "the ring was taken off");

    // The print item ticks black and white; a blank caption is none, and
    // the move's hole is ringed unless the box is cleared.
    h.get_by_label("Game").click();
    h.run();
    h.get_by_label("Export diagram for print (black and white)…")
        .click();
    h.run();
    let prompt = h.state().files.diagram_prompt.as_ref().unwrap();
    assert!(prompt.purpose.mono);
    assert_eq!(prompt.purpose.caption, "", "a new window, a new caption");
    replace_field(&mut h, "Caption", "   ");
    let plain = dir.path().join("plain.svg");
    replace_field(&mut h, "Diagram file", plain.to_str().unwrap());
    h.get_by_label("Export").click();
    h.run();
    let svg = std::fs::read_to_string(&plain).unwrap();
    assert_eq!(ringed(&svg), ["north-2"]);
    assert_eq!(
        svg,
        maasai_mancala::diagram::render_svg(
            h.state().rt.shown_position(),
            &maasai_mancala::diagram::DiagramOptions {
                caption: None,
                mono: true,
                highlight: vec![maasai_mancala::engine::HoleRef {
                    side: maasai_mancala::engine::Side::North,
                    index: 1,
                }],
                result: None,
            }
        )
    );
}

/// Where a window drawn last frame is.
fn area(h: &Harness<'_, MaasaiApp>, id: &str) -> egui::Rect {
    h.ctx
        .memory(|m| m.area_rect(egui::Id::unique(id)))
        .unwrap_or_else(|| panic!("no {id} window"))
}

/// The export window at the audit's 1024x680, open on a played game.
fn small_window(dir: &Path) -> Harness<'static, MaasaiApp> {
    let mut h = export_window(dir, [1024.0, 680.0], false);
    h.run();
    h
}

/// The export window asked for on a played game in a window of `size`
/// (with Browse… where `native_dialogs`), not yet drawn.
fn export_window(dir: &Path, size: [f32; 2], native_dialogs: bool) -> Harness<'static, MaasaiApp> {
    let mut h = harness_in(dir, en_gehe(8), size);
    h.state_mut().files.native_dialogs = native_dialogs;
    h.state_mut().settings.speed = maasai_mancala::app::anim::INSTANT_SPEED;
    h.run();
    play(&mut h, "1");
    h.get_by_label("Game").click();
    h.run();
    h.get_by_label("Export diagram (SVG)…").click();
    h
}

#[test]
fn the_no_file_dialog_note_leaves_the_controls_where_they_were() {
    // The note came at the top of the window and moved every row down.
    let dir = tempfile::tempdir().unwrap();
    let mut h = small_window(dir.path());
    let places = |h: &Harness<'_, MaasaiApp>| {
        ["Caption", "Diagram file", "Export", "Cancel"].map(|l| h.get_by_label(l).rect())
    };
    let before = places(&h);
    let window = area(&h, "diagram-path");
    // What Browse… leaves when no file is chosen (no dialog in tests).
    h.state_mut().files.diagram_prompt.as_mut().unwrap().note = Some(
        "No file was chosen, or this system has no file dialog. Type the diagram's path instead."
            .into(),
    );
    h.run();
    h.run();
    assert_eq!(places(&h), before, "the controls stay put");
    let note = h.get_by_label_contains("No file was chosen").rect();
    assert!(note.top() >= before[2].bottom(), "under the buttons");
    let after = area(&h, "diagram-path");
    assert_eq!(after.left(), window.left(), "nor does the window widen");
    assert_eq!(after.right(), window.right());
}

#[test]
fn the_message_of_a_failed_export_hides_nothing_of_the_export_window() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = small_window(dir.path());
    let bad = dir.path().join("nonexist").join("d.svg");
    replace_field(&mut h, "Diagram file", bad.to_str().unwrap());
    h.key_press(egui::Key::Enter);
    h.run();
    h.run();
    assert!(h.state().files.error.is_some(), "a message");
    let window = area(&h, "diagram-path");
    let message = area(&h, "file-error");
    assert!(
        !window.intersects(message),
        "the message {message:?} is over the export window {window:?}"
    );
    let screen = h.ctx.content_rect();
    assert!(screen.contains_rect(message), "{message:?} in {screen:?}");
}

#[test]
fn the_export_window_is_drawn_at_its_width_and_place_without_waiting_for_input() {
    // With Browse… beside the field the window grew over five frames and
    // moved to stay centred; with no input to draw the next frame it could
    // rest half-grown, Browse… out of sight, and a click aimed at Export
    // landed on Cancel once it moved.
    for size in [[1024.0, 680.0], [1600.0, 1000.0]] {
        let dir = tempfile::tempdir().unwrap();
        let mut h = export_window(dir.path(), size, true);
        // As the window draws when nothing else comes: until it asks for
        // no more frames.
        h.run();
        let settled = area(&h, "diagram-path");
        let places = |h: &Harness<'_, MaasaiApp>| {
            ["Browse…", "Export", "Cancel"].map(|l| h.get_by_label(l).rect())
        };
        let buttons = places(&h);
        for _ in 0..5 {
            h.step();
        }
        assert_eq!(area(&h, "diagram-path"), settled, "{size:?}");
        assert_eq!(places(&h), buttons, "{size:?}");
        assert!(settled.right() <= size[0] && buttons[0].right() <= settled.right());
        assert!(
            (settled.center().x - size[0] / 2.0).abs() < 1.0,
            "{settled:?}"
        );
    }
}
