//! UI tests of the window with egui_kittest: playing by clicking, the
//! sowing visualiser's controls, undo/redo, endless holes, the new-game
//! dialog, and image snapshots (rendered with wgpu; lavapipe on CI).

mod common;
use common::{
    SNAPSHOT_SIZE, en_gehe, fine_harness, harness_at, replace_field, start_paused, step_until,
};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable, by};
use maasai_mancala::app::anim::INSTANT_SPEED;
use maasai_mancala::app::studies_ui::{Mode, StudyCommand, shipped_studies};
use maasai_mancala::app::{AppCommand, MaasaiApp};
use maasai_mancala::engine::{GameOptions, Position, Side, notation::parse_position};
use maasai_mancala::solver::{Session, Solver};

fn harness(start: Position) -> Harness<'static, MaasaiApp> {
    harness_at(start, SNAPSHOT_SIZE)
}

/// The window on `start` with the board zoomed in `zoom` times; no frame
/// run yet.
fn zoomed_in(start: Position, zoom: f32) -> Harness<'static, MaasaiApp> {
    let mut h = harness(start);
    h.state_mut().settings.zoom = zoom;
    h
}

/// The window on `start`, sowing instantly, settled.
fn sowing_instantly(start: Position) -> Harness<'static, MaasaiApp> {
    common::sowing_instantly_at(start, SNAPSHOT_SIZE)
}

/// Whether a hole with exactly this accessible label is on the board.
fn shows(h: &Harness<'_, MaasaiApp>, label: &str) -> bool {
    h.query_by_label(label).is_some()
}

/// Whether the strip at the window's foot (one label: move, lap, seed and
/// caption) says `text`.
fn strip_says(h: &Harness<'_, MaasaiApp>, text: &str) -> bool {
    h.query_all_by_label_contains(text)
        .any(|n| n.value().is_some_and(|v| v.starts_with("Move ")))
}

#[test]
fn clicking_a_hole_plays_the_move() {
    let mut h = sowing_instantly(en_gehe(6));
    h.get_by_label("South 1: 4 seeds").click();
    h.run();
    let app = h.state();
    assert_eq!(app.rt.game.moves().len(), 1);
    assert_eq!(
        app.rt.game.current().to_string(),
        "en-gehe south=2,7,0,6,1,6 north=6,6,0,0,6,6 captured=2,0 turn=north"
    );
    // The board shows the result, and North's holes are now the playable ones.
    assert!(shows(&h, "South 2: 7 seeds"));
    assert!(shows(&h, "North 1: 6 seeds"));
    // South's holes are no longer clickable: clicking one changes nothing,
    // and says why.
    h.get_by_label("South 2: 7 seeds").click();
    h.run();
    assert_eq!(h.state().rt.game.moves().len(), 1);
    assert_eq!(
        h.state().rt.notice.as_deref(),
        Some("That hole is South's: North is to move")
    );
    // An empty hole of the side to move says it is empty.
    h.get_by_label("North 3: 0 seeds").click();
    h.run();
    assert_eq!(h.state().rt.notice.as_deref(), Some("North 3 is empty"));
    assert!(
        !h.state().rt.notice.as_ref().unwrap().report,
        "a refusal warns"
    );
    // Looking at the start again, a click on a hole of the side not to
    // move there plays nothing and says why.
    h.state_mut().queue(AppCommand::ViewStart);
    h.run();
    h.get_by_label("North 1: 4 seeds").click();
    h.run();
    assert_eq!(h.state().rt.game.moves().len(), 1);
    let notice = h.state().rt.notice_text().to_string();
    assert!(
        notice.starts_with("This is an earlier position"),
        "{notice}"
    );
    // Back on the live position, the notice goes.
    h.state_mut().queue(AppCommand::ViewMove(0));
    h.run_steps(2);
    assert_eq!(h.state().rt.notice, None);
}

#[test]
fn ctrl_q_quits_as_the_window_s_close_button_does() {
    // egui's own quit shortcut, which Game ▸ Quit and the help now name
    // (the menu named none, where desktop programs have Ctrl+Q).
    let closes = |h: &mut Harness<'_, MaasaiApp>| {
        // The press alone: a step runs a frame for each event queued, and
        // the output read is the last frame's.
        h.event(egui::Event::Key {
            key: egui::Key::Q,
            physical_key: None,
            pressed: true,
            repeat: false,
            modifiers: egui::Modifiers::COMMAND,
        });
        h.step();
        h.output()
            .viewport_output
            .get(&egui::ViewportId::ROOT)
            .is_some_and(|v| v.commands.contains(&egui::ViewportCommand::Close))
    };
    let mut h = harness(en_gehe(6));
    h.run();
    assert!(closes(&mut h), "on the board");
    // Also while a comment is typed, and in the position editor.
    let mut h = harness(en_gehe(6));
    h.run();
    h.get_by_label("South 1: 4 seeds").click();
    h.run_steps(3);
    h.state_mut().rt.view = 1;
    h.run_steps(2);
    h.get_by_label("Comment on move 1: South 1").focus();
    h.run_steps(2);
    assert!(h.ctx.text_edit_focused(), "typing a comment");
    assert!(closes(&mut h), "while a comment is typed");
    let mut h = harness(en_gehe(6));
    h.run();
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::E);
    h.run();
    assert!(h.state().editor.is_some());
    assert!(closes(&mut h), "in the editor");
}

#[test]
fn the_hover_preview_names_holes_as_the_board_does() {
    let mut h = harness(en_gehe(6));
    h.run();
    h.get_by_label("South 1: 4 seeds").hover();
    h.run_steps(2);
    let text = h
        .state()
        .rt
        .preview
        .as_ref()
        .expect("a preview")
        .text
        .clone();
    assert!(text.starts_with("South 1: 5 laps, "), "{text}");
    assert!(text.contains("ends in South 3;"), "{text}");
    assert!(
        text.contains("captures 2 (1 facing + the last seed)"),
        "{text}"
    );
}

#[test]
fn every_hole_says_whose_it_is_and_what_it_holds_on_hover() {
    // Only the side to move's holes had hover text: zoomed far in, where
    // no hole number is drawn, the other side's holes could not be named.
    let start = parse_position("en-gehe south=1,0,2 north=3,0,1 captured=0,0 turn=south").unwrap();
    let mut h = harness(start);
    h.run();
    // Each hole's hover text is its name and count, as its label.
    for label in ["North 1: 3 seeds", "North 2: 0 seeds", "South 2: 0 seeds"] {
        // The hover text, as a screen reader reads it.
        let said = |h: &Harness<'_, MaasaiApp>| {
            h.get_by_label(label)
                .accesskit_node()
                .description()
                .map(|d| d.to_string())
        };
        assert_eq!(said(&h), None, "{label} before the hover");
        h.get_by_label(label).hover();
        h.run_steps(2);
        assert_eq!(said(&h).as_deref(), Some(label));
    }
    // A hole to play still previews its move.
    h.get_by_label("South 1: 1 seed").hover();
    h.run_steps(2);
    let said = h
        .get_by_label("South 1: 1 seed")
        .accesskit_node()
        .description()
        .map(|d| d.to_string());
    assert!(
        said.as_deref()
            .is_some_and(|t| t.starts_with("South 1: 1 lap")),
        "{said:?}"
    );
}

#[test]
fn stepping_a_sowing_by_hand_takes_a_typed_refusal_off_its_captions() {
    // "“9” is not a move here" stood where the lap captions are read for
    // as long as the move was stepped (at 1024 px the only place they are).
    use maasai_mancala::app::controls::AnimCommand;
    let mut h = sowing_instantly(en_gehe(6));
    h.event(egui::Event::Text("3".into()));
    h.key_press(egui::Key::Enter);
    h.run();
    h.state_mut().queue(AppCommand::Anim(AnimCommand::Start));
    h.run();
    h.event(egui::Event::Text("9".into()));
    h.key_press(egui::Key::Enter);
    h.run();
    assert!(h.state().rt.notice.is_some(), "refused");
    // Still said while nothing else happens.
    h.run();
    assert!(h.state().rt.notice.is_some(), "taken off unasked");
    h.state_mut().queue(AppCommand::Anim(AnimCommand::StepSeed));
    h.run();
    assert_eq!(h.state().rt.notice.as_deref(), None);
    assert!(h.query_by_label_contains("Paused in move 1").is_some());
}

#[test]
fn keyboard_plays_a_typed_hole() {
    let mut h = sowing_instantly(en_gehe(6));
    h.event(egui::Event::Text("3".into()));
    h.key_press(egui::Key::Enter);
    h.run();
    assert_eq!(h.state().rt.game.moves().len(), 1);
    assert_eq!(h.state().rt.stats[0].name, "3");
    // A hole that does not exist is refused with a message, not played.
    h.event(egui::Event::Text("9".into()));
    h.key_press(egui::Key::Enter);
    h.run();
    assert_eq!(h.state().rt.game.moves().len(), 1);
    // In words, not the command line's "illegal move `9`: …".
    assert_eq!(
        h.state().rt.notice.as_deref(),
        Some("“9” is not a move here: there is no hole 9; holes are numbered 1 to 6")
    );
    // Undo moves the board on: the message about the refused hole goes.
    h.state_mut().queue(AppCommand::Undo);
    h.run();
    assert!(h.state().rt.game.moves().is_empty());
    assert_eq!(h.state().rt.notice, None);
    // A hole typed without Enter goes with an undo: Enter does not play it
    // on the position undone to.
    h.event(egui::Event::Text("3".into()));
    h.key_press(egui::Key::Enter);
    h.run();
    h.event(egui::Event::Text("5".into()));
    h.run();
    assert_eq!(h.state().rt.typed, "5");
    h.state_mut().queue(AppCommand::Undo);
    h.run();
    assert_eq!(h.state().rt.typed, "");
    h.key_press(egui::Key::Enter);
    h.run();
    assert!(
        h.state().rt.game.moves().is_empty(),
        "the typed 5 was played"
    );
    // Nothing left to take back or to play again: said as the other
    // status lines are, with a capital.
    h.state_mut().queue(AppCommand::Undo);
    h.run();
    assert_eq!(h.state().rt.notice.as_deref(), Some("Nothing to undo"));
    // (The move undone above is played again first.)
    for _ in 0..2 {
        h.state_mut().queue(AppCommand::Redo);
        h.run();
    }
    assert_eq!(h.state().rt.notice.as_deref(), Some("Nothing to redo"));
    // About the position on view: it goes once another is on view (it
    // stayed under the board after a click on another move).
    h.get_by_label("Start position").click();
    h.run();
    assert_eq!(h.state().rt.notice.as_deref(), None);
}

#[test]
fn moves_typed_within_one_frame_are_played_in_turn() {
    // A slow frame may hold "1⏎2⏎": South 1 then North 2, not hole 12.
    let mut h = sowing_instantly(en_gehe(6));
    let enter = |pressed| egui::Event::Key {
        key: egui::Key::Enter,
        pressed,
        modifiers: egui::Modifiers::NONE,
        repeat: false,
        physical_key: None,
    };
    h.input_mut().events.extend([
        egui::Event::Text("1".into()),
        enter(true),
        enter(false),
        egui::Event::Text("2".into()),
        enter(true),
        enter(false),
    ]);
    h.run();
    let played: Vec<usize> = h.state().rt.game.moves().iter().map(|m| m.hole()).collect();
    assert_eq!(played, [0, 1], "holes 1 and 2");
}

/// Enter pressed and let go, as one frame's input has it.
fn enter_events() -> [egui::Event; 2] {
    [true, false].map(|pressed| egui::Event::Key {
        key: egui::Key::Enter,
        pressed,
        modifiers: egui::Modifiers::NONE,
        repeat: false,
        physical_key: None,
    })
}

/// The holes played so far (0-based).
fn holes_played(h: &Harness<'_, MaasaiApp>) -> Vec<usize> {
    h.state().rt.game.moves().iter().map(|m| m.hole()).collect()
}

#[test]
fn a_hole_number_and_its_enter_in_one_frame_play_that_hole() {
    // "27⏎" once played South 7.
    let mut h = sowing_instantly(en_gehe(50));
    h.input_mut()
        .events
        .extend([egui::Event::Text("2".into()), egui::Event::Text("7".into())]);
    h.input_mut().events.extend(enter_events());
    h.step();
    h.run();
    assert_eq!(holes_played(&h), [26]);
    // The last digit and Enter in one frame, after the first digit's.
    h.event(egui::Event::Text("1".into()));
    h.run();
    h.input_mut().events.push(egui::Event::Text("2".into()));
    h.input_mut().events.extend(enter_events());
    h.step();
    h.run();
    assert_eq!(holes_played(&h), [26, 11]);
}

#[test]
fn a_move_landing_while_a_hole_is_typed_keeps_the_digits_and_a_click_ends_them() {
    // Typed ahead while the computer thought: its move landed between "2"
    // and "7", cleared the 2, and Enter played hole 7.
    let mut h = sowing_instantly(en_gehe(50));
    h.state_mut()
        .queue(AppCommand::PlayMove(maasai_mancala::engine::Move(0)));
    h.run();
    h.event(egui::Event::Text("2".into()));
    h.run();
    let reply = h.state().rt.game.current().legal_moves()[0];
    let key = h.state().rt.current_key();
    h.state_mut().queue(AppCommand::ComputerMove(reply, key));
    h.run();
    assert_eq!(h.state().rt.game.moves().len(), 2);
    assert_eq!(h.state().rt.typed, "2", "the digit typed ahead stays");
    h.event(egui::Event::Text("7".into()));
    h.key_press(egui::Key::Enter);
    h.run();
    assert_eq!(holes_played(&h), [0, reply.hole(), 26]);
    // The user's own move by a click ends a hole being typed: the digits
    // after it start afresh.
    h.event(egui::Event::Text("3".into()));
    h.run();
    let north = h.state().rt.game.current().legal_moves()[0].hole();
    h.get_by_label_contains(&format!("North {}: ", north + 1))
        .click();
    h.run();
    h.event(egui::Event::Text("2".into()));
    h.key_press(egui::Key::Enter);
    h.run();
    assert_eq!(holes_played(&h)[3..], [north, 1], "hole 2, not 32");
    // So does a redo.
    h.state_mut().queue(AppCommand::Undo);
    h.run();
    h.event(egui::Event::Text("6".into()));
    h.run();
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Y);
    h.run();
    assert_eq!(h.state().rt.typed, "");
}

#[test]
fn a_widget_reached_with_tab_does_not_switch_the_shortcuts_off() {
    let mut h = sowing_instantly(en_gehe(6));
    h.key_press(egui::Key::Tab);
    h.run();
    assert!(
        h.ctx.memory(|m| m.focused()).is_some(),
        "a widget has the focus"
    );
    // A typed hole still plays, and its Enter presses no focused button.
    h.event(egui::Event::Text("3".into()));
    h.key_press(egui::Key::Enter);
    h.run();
    assert_eq!(h.state().rt.game.moves().len(), 1);
    assert!(h.state().rt.new_game.is_none());
    h.key_press(egui::Key::Tab);
    h.run();
    h.key_press(egui::Key::F1);
    h.run();
    assert!(h.state().rt.help_open, "F1 with a button focused");
}

/// The widget with the keyboard focus, as the accessibility tree has it:
/// its role and its label ("" for none).
fn focused(h: &Harness<'_, MaasaiApp>) -> Option<(egui::accesskit::Role, String)> {
    h.query_all(by().predicate(|n| n.is_focused()))
        .next()
        .map(|n| {
            let node = n.accesskit_node();
            (node.role(), node.label().unwrap_or_default())
        })
}

/// The Tab stops of the window, in order, from the first: Tab pressed
/// until the focus comes back to where it started.
fn tab_stops(h: &mut Harness<'_, MaasaiApp>) -> Vec<(egui::accesskit::Role, String)> {
    let mut stops = Vec::new();
    for _ in 0..400 {
        h.key_press(egui::Key::Tab);
        // (Frames, not "until settled": whatever thinks in the background
        // may still be repainting; the focus moves in the first.)
        h.run_steps(2);
        let now = focused(h).expect("Tab always focuses a widget");
        if stops.first() == Some(&now) {
            return stops;
        }
        stops.push(now);
    }
    panic!("Tab never came back to the first widget: {stops:?}");
}

#[test]
fn tab_stops_only_at_widgets_that_show_the_focus_and_never_at_a_hole() {
    // Holes, the board, the sowing timeline and the panels' resize handles
    // took the focus with no mark, and Space on a hole played it.
    let mut h = harness_at(en_gehe(50), common::WIDE_SIZE);
    {
        let s = &mut h.state_mut().settings;
        s.speed = INSTANT_SPEED;
        s.show_council = true;
        s.show_move_list = true;
        // Its charts were Tab stops that showed nothing.
        s.show_tempo_plot = true;
    }
    // A council that finishes at once: one still searching repaints ten
    // times a second, and the window never settled between two Tabs (the
    // debug build on CI, a 2×50 board).
    h.state_mut().council.max_depth = Some(2);
    h.run_steps(3);
    h.get_by_label("South 1: 4 seeds").click();
    h.run_steps(3);
    // The council beside the board too, for its resize handle.
    h.state_mut().settings.council_dock = maasai_mancala::app::settings::CouncilDock::Side;
    h.run_steps(3);
    let stops = tab_stops(&mut h);
    for (role, label) in &stops {
        assert!(!label.trim().is_empty(), "a stop with no name: {role:?}");
        assert!(
            !label.starts_with("South ") && !label.starts_with("North "),
            "a hole: {label}"
        );
        assert_ne!(*role, egui::accesskit::Role::Splitter, "a resize handle");
    }
    let labels: Vec<&str> = stops.iter().map(|(_, l)| l.as_str()).collect();
    for wanted in [
        "Game",
        "Light theme",
        "|< Start",
        // (End >| is greyed: the move on view is sown to its end.)
        "Play",
        "Start position",
    ] {
        assert!(labels.contains(&wanted), "{wanted} missing from {labels:?}");
    }
    // Shift+Tab goes back over the resize handles the same way.
    let mut back = Vec::new();
    for _ in 0..stops.len() {
        h.key_press_modifiers(egui::Modifiers::SHIFT, egui::Key::Tab);
        h.run();
        back.push(focused(&h).expect("a widget has the focus"));
    }
    back.reverse();
    assert_eq!(back, stops, "Shift+Tab visits the stops Tab does");
    // Past the last stop before the board: Space there plays no move.
    h.key_press_modifiers(egui::Modifiers::SHIFT, egui::Key::Tab);
    h.key_press(egui::Key::Space);
    h.run();
    assert_eq!(h.state().rt.game.moves().len(), 1);
}

#[test]
fn tab_reaches_the_moves_before_the_comment_box_under_them() {
    // The comment box was drawn first (as a panel at the list's foot), so
    // Tab went from "Start position" to the box and the notes, and only
    // then up to the moves between them.
    let mut h = sowing_instantly(en_gehe(6));
    h.state_mut().settings.show_move_list = true;
    h.run();
    h.get_by_label("South 1: 4 seeds").click();
    h.run();
    h.get_by_label("North 1: 6 seeds").click();
    h.run();
    assert_eq!(h.state().rt.game.moves().len(), 2);
    let stops = tab_stops(&mut h);
    let at = |wanted: &dyn Fn(&str) -> bool, what: &str| {
        stops
            .iter()
            .position(|(_, label)| wanted(label))
            .unwrap_or_else(|| panic!("{what} is no Tab stop: {stops:?}"))
    };
    let order = [
        at(&|l| l == "Start position", "Start position"),
        at(&|l| l.trim_start().starts_with("1. South 1 "), "move 1"),
        at(&|l| l.trim_start().starts_with("2. North 1 "), "move 2"),
        at(&|l| l.starts_with("Comment on move 2"), "the comment box"),
        at(&|l| l == "Event and notes", "the notes' header"),
    ];
    assert!(
        order.windows(2).all(|w| w[0] + 1 == w[1]),
        "one after another, top to bottom: {order:?} in {stops:?}"
    );
}

#[test]
fn shift_tab_goes_up_a_long_move_list_bringing_each_move_into_view() {
    // Thirty moves, every panel open at 1024×680: the list shows a dozen.
    // Shift+Tab from the comment box stopped at rows out of sight (one cut
    // off, one not in view at all) and never reached moves 1 to 16.
    let mut game = maasai_mancala::engine::Game::new(en_gehe(8));
    while game.moves().len() < 30 {
        let moves = game.current().legal_moves();
        let Some(&mv) = moves.get(moves.len() / 2) else {
            break;
        };
        game.play(mv).unwrap();
    }
    assert_eq!(game.moves().len(), 30, "a long enough game");
    let record = maasai_mancala::files::record_text(&game);
    let mut h = common::every_panel_at(en_gehe(8), [1024.0, 680.0]);
    h.run_steps(3);
    h.state_mut().queue(AppCommand::Files(
        maasai_mancala::app::files_ui::FileCommand::PasteText(record),
    ));
    for _ in 0..20 {
        h.step();
    }
    h.run_steps(4);
    assert_eq!(h.state().rt.game.moves().len(), 30);
    h.get_by(|n| {
        n.label()
            .is_some_and(|l| l.starts_with("Comment on move 30"))
    })
    .click();
    h.run_steps(3);
    let mut reached = std::collections::BTreeSet::new();
    for _ in 0..34 {
        h.key_press_modifiers(egui::Modifiers::SHIFT, egui::Key::Tab);
        h.run_steps(6);
        let top = h.get_by_label("Start position").rect().bottom();
        let bottom = h
            .get_by(|n| n.label().is_some_and(|l| l.starts_with("Comment on move")))
            .rect()
            .top();
        let Some(node) = h.query_all(by().predicate(|n| n.is_focused())).next() else {
            panic!("Shift+Tab left no widget focused");
        };
        let label = node.accesskit_node().label().unwrap_or_default();
        let Some(number) = label
            .trim_start()
            .split('.')
            .next()
            .and_then(|n| n.parse::<usize>().ok())
        else {
            continue;
        };
        let rect = node.rect();
        assert!(
            rect.top() >= top - 1.0 && rect.bottom() <= bottom + 1.0,
            "move {number} focused out of sight: {rect:?} not within {top}..{bottom}"
        );
        reached.insert(number);
    }
    assert!(reached.contains(&1), "moves focused: {reached:?}");
}

#[test]
fn step_buttons_that_would_do_nothing_are_greyed() {
    use maasai_mancala::app::controls::AnimCommand;
    let greyed = |h: &Harness<'_, MaasaiApp>, label: &str| {
        h.get_by_label(label).accesskit_node().is_disabled()
    };
    let mut h = sowing_instantly(en_gehe(6));
    h.get_by_label("South 1: 4 seeds").click();
    h.run();
    // Sown to its end: nothing lies ahead.
    for label in ["Step seed >", "Step lap >>", "End >|"] {
        assert!(greyed(&h, label), "{label} at the end");
    }
    for label in ["|< Start", "<< Back lap", "< Back seed", "Play"] {
        assert!(!greyed(&h, label), "{label} at the end");
    }
    h.state_mut().queue(AppCommand::Anim(AnimCommand::Start));
    h.run();
    for label in ["|< Start", "<< Back lap", "< Back seed"] {
        assert!(greyed(&h, label), "{label} at the start");
    }
    for label in ["Play", "Step seed >", "Step lap >>", "End >|"] {
        assert!(!greyed(&h, label), "{label} at the start");
    }
    h.state_mut().queue(AppCommand::Anim(AnimCommand::StepSeed));
    h.run();
    assert!(!greyed(&h, "< Back seed"), "one seed sown");
}

#[test]
fn end_on_an_earlier_move_sown_goes_on_to_the_live_position() {
    // The status line says "press End … to return"; the End >| button was
    // greyed there, leaving a mouse only the move list.
    let mut h = sowing_instantly(en_gehe(6));
    h.get_by_label("South 1: 4 seeds").click();
    h.run();
    let reply = h.state().rt.game.current().legal_moves()[0];
    h.state_mut().queue(AppCommand::PlayMove(reply));
    h.run();
    h.state_mut().queue(AppCommand::ViewMove(0));
    h.run();
    assert!(!h.state().rt.live());
    assert!(h.state().rt.shown_replay().is_some_and(|r| r.at_end()));
    let end = h.get_by_label("End >|");
    assert!(!end.accesskit_node().is_disabled());
    end.click();
    h.run();
    assert!(h.state().rt.live());
    assert!(h.get_by_label("End >|").accesskit_node().is_disabled());
}

#[test]
fn tab_presses_within_one_frame_each_move_the_focus() {
    // egui moves the focus once a frame: three Tabs in a slow frame moved
    // it one widget.
    let mut h = harness(en_gehe(6));
    h.run();
    for _ in 0..3 {
        for pressed in [true, false] {
            h.input_mut().events.push(egui::Event::Key {
                key: egui::Key::Tab,
                pressed,
                modifiers: egui::Modifiers::NONE,
                repeat: false,
                physical_key: None,
            });
        }
    }
    // Each frame's input goes through the window's input hook, as eframe
    // passes it (the harness does not).
    let ctx = h.ctx.clone();
    for _ in 0..5 {
        let mut raw = egui::RawInput {
            events: std::mem::take(&mut h.input_mut().events),
            ..Default::default()
        };
        eframe::App::raw_input_hook(h.state_mut(), &ctx, &mut raw);
        h.input_mut().events = raw.events;
        h.step();
    }
    assert_eq!(
        focused(&h).map(|(_, label)| label).as_deref(),
        Some("Studies"),
        "Game, View, Studies"
    );
}

#[test]
fn the_widget_with_the_focus_is_ringed_in_the_selection_colour() {
    // A focused menu-bar item looked just like a hovered one.
    let mut h = harness(en_gehe(6));
    h.run();
    let ring = h.ctx.global_style().visuals.selection.stroke.color;
    let ringed = |h: &Harness<'_, MaasaiApp>, label: &str| {
        let around = h.get_by_label(label).rect();
        h.output()
            .shapes
            .iter()
            .any(|clipped| match &clipped.shape {
                egui::Shape::Rect(r) => {
                    r.stroke.color == ring && r.stroke.width >= 2.0 && r.rect.contains_rect(around)
                }
                _ => false,
            })
    };
    assert!(!ringed(&h, "View"), "nothing is focused yet");
    for _ in 0..2 {
        h.key_press(egui::Key::Tab);
        h.run();
    }
    assert_eq!(focused(&h).map(|(_, l)| l).as_deref(), Some("View"));
    assert!(ringed(&h, "View"));
    assert!(!ringed(&h, "Game"));
}

#[test]
fn an_editor_hole_reached_with_tab_takes_the_digits_typed() {
    // The digits went to the hole clicked last, away from the focus.
    use maasai_mancala::app::editor::EditorCommand;
    let mut h = harness(en_gehe(6));
    h.state_mut().queue(AppCommand::Editor(EditorCommand::Open));
    h.run();
    h.get_by_label("South 5: 4 seeds").click();
    h.run();
    for _ in 0..100 {
        if focused(&h).is_some_and(|(_, label)| label == "South 2: 4 seeds") {
            break;
        }
        h.key_press(egui::Key::Tab);
        h.run();
    }
    h.event(egui::Event::Text("7".into()));
    h.run();
    assert!(shows(&h, "South 2: 7 seeds"));
    assert!(
        shows(&h, "South 5: 5 seeds"),
        "the hole clicked keeps its count"
    );
}

#[test]
fn the_new_game_dialog_answers_esc_and_enter() {
    let mut h = harness(en_gehe(6));
    open_new_game(&mut h);
    assert!(h.state().rt.new_game.is_some());
    h.key_press(egui::Key::Escape);
    h.run();
    assert!(h.state().rt.new_game.is_none(), "Esc cancels");
    open_new_game(&mut h);
    h.key_press(egui::Key::Enter);
    h.run();
    assert!(h.state().rt.new_game.is_none(), "Enter starts the game");
    // The dialog's options (the default 2×50), not the 2×6 of before.
    assert_eq!(h.state().rt.game.current().holes_per_side(), 50);
}

#[test]
fn keys_typed_while_a_dialog_is_open_do_not_reach_the_board() {
    // The new-game dialog is open with no field focused: a digit and Enter
    // must not play a move behind it.
    let mut h = harness(en_gehe(6));
    h.state_mut().settings.speed = INSTANT_SPEED;
    open_new_game(&mut h);
    assert!(h.state().rt.new_game.is_some());
    h.event(egui::Event::Text("3".into()));
    h.key_press(egui::Key::Enter);
    h.run();
    assert!(h.state().rt.game.moves().is_empty());
    assert!(h.state().rt.typed.is_empty());
}

fn step(h: &Harness<'_, MaasaiApp>) -> u64 {
    h.state()
        .rt
        .shown_replay()
        .expect("a replay on view")
        .step()
}

#[test]
fn the_sowing_timeline_goes_to_the_seed_clicked() {
    // 2×6, South 1: laps of 4, 5, 5, 6 and 6 seeds and a capture, 27 steps.
    let mut h = fine_harness(en_gehe(6), SNAPSHOT_SIZE);
    start_paused(&mut h, "South 1: 4 seeds");
    assert_eq!(step(&h), 0);
    // Its middle is the 14th seed, the last of lap 3: lap 4 begins.
    h.get_by_label("Sowing timeline").click();
    h.run();
    assert_eq!(step(&h), 14);
    // (The strip says only the move at this width: the caption here,
    // "lap 3 … ends, lap 4 begins", is long.)
    assert_eq!(
        h.state().rt.shown_replay().unwrap().lap_counter(),
        "lap 4 of 5"
    );
    assert!(
        !h.state().rt.shown_replay().unwrap().playing,
        "a seek pauses"
    );
    // Stepping goes on from there.
    h.get_by_label("Step seed >").click();
    h.run();
    assert_eq!(step(&h), 15);
}

#[test]
fn a_move_of_more_laps_than_the_strip_has_pixels_is_still_sought_by_seed() {
    // 429 laps (South i7 here, found by a random search) on a strip 120
    // px wide: the laps under a pixel are drawn as one bar, and a click
    // still goes to the seed under the pointer.
    use maasai_mancala::app::controls::AnimCommand;
    use maasai_mancala::app::state::Runtime;
    use maasai_mancala::app::timeline::timeline_ui;
    let pos = parse_position(
        "bao-la-kimasai south=1,2,4,0,1,3,2,6,3,2,3,2,3,2,1,2 \
         north=3,2,0,3,3,1,0,2,0,1,1,1,2,0,1,1 reserve=0,3 turn=south opening=no",
    )
    .unwrap();
    let mut rt = Runtime::new(pos, ["South".into(), "North".into()], false);
    rt.play(pos.variant().parse_move("i7").unwrap()).unwrap();
    let replay = rt.shown_replay().unwrap();
    assert_eq!(replay.lap_count(), 429);
    let end = replay.end();
    let mut commands = Vec::new();
    let mut h = egui_kittest::Harness::builder()
        .with_size([120.0, 24.0])
        .build_ui(|ui| commands.extend(timeline_ui(ui, &rt)));
    h.run();
    h.get_by_label("Sowing timeline").click();
    h.run();
    drop(h);
    let Some(AppCommand::Anim(AnimCommand::Seek(step))) = commands.last().cloned() else {
        panic!("no seek: {commands:?}");
    };
    // The middle of the strip: about half the move's seeds.
    assert!(step.abs_diff(end / 2) <= end / 50, "{step} of {end}");
}

#[test]
fn animation_controls_show_the_intermediate_boards() {
    // 2×6, South plays hole 1: five laps of 4, 5, 5, 6, 6 seeds, then a
    // capture of 2 (see `maasai-mancala trace`).
    let mut h = fine_harness(en_gehe(6), SNAPSHOT_SIZE);
    start_paused(&mut h, "South 1: 4 seeds");
    h.step();
    assert_eq!(step(&h), 0, "one seed a second has not sown a seed yet");
    assert!(shows(&h, "South 1: 0 seeds"), "the handful is lifted");

    h.get_by_label("Step seed >").click();
    h.run();
    assert_eq!(step(&h), 1);
    assert!(shows(&h, "South 2: 5 seeds"));
    assert!(shows(&h, "South 3: 4 seeds"));

    h.get_by_label("Step lap >>").click();
    h.run();
    // Lap 1 sowed S2..S5; S5 (now 5) is lifted for lap 2.
    assert_eq!(step(&h), 4);
    assert!(shows(&h, "South 4: 5 seeds"));
    assert!(shows(&h, "South 5: 0 seeds"));
    assert!(strip_says(&h, "lap 2 of 5"));

    h.get_by_label("Step lap >>").click();
    h.run();
    assert_eq!(step(&h), 9);
    assert!(shows(&h, "North 3: 5 seeds"));
    assert!(shows(&h, "North 4: 0 seeds"), "N4 is lifted for lap 3");
    assert!(strip_says(&h, "lap 3 of 5"));

    h.get_by_label("< Back seed").click();
    h.run();
    assert_eq!(step(&h), 8);
    assert!(
        shows(&h, "North 4: 4 seeds"),
        "before its 5th seed N4 still holds 4"
    );

    h.get_by_label("<< Back lap").click();
    h.run();
    assert_eq!(step(&h), 4, "back to the start of lap 2");

    h.get_by_label("End >|").click();
    h.run();
    assert_eq!(step(&h), 27, "26 seeds and the capture");
    assert!(shows(&h, "South 3: 0 seeds"), "the last seed is captured");
    assert!(shows(&h, "North 4: 0 seeds"));
    assert!(shows(&h, "South 2: 7 seeds"));

    // The keyboard drives the same controls.
    h.key_press_modifiers(egui::Modifiers::SHIFT, egui::Key::ArrowLeft);
    h.run();
    assert_eq!(step(&h), 20, "start of lap 5");
    h.key_press(egui::Key::ArrowRight);
    h.run();
    assert_eq!(step(&h), 21);
    // Home and the Start button go back to the move's first seed.
    h.key_press(egui::Key::Home);
    h.run();
    assert_eq!(step(&h), 0);
    assert!(shows(&h, "South 1: 0 seeds"), "the handful is lifted");
    h.get_by_label("End >|").click();
    h.run();
    h.get_by_label("|< Start").click();
    h.run();
    assert_eq!(step(&h), 0);
}

#[test]
fn arrow_presses_within_one_frame_each_step_a_seed() {
    // A slow frame (a busy machine) may hold several presses: none is lost.
    let mut h = fine_harness(en_gehe(6), SNAPSHOT_SIZE);
    start_paused(&mut h, "South 1: 4 seeds");
    // Pressed straight into one frame's input (the harness gives each
    // queued event a frame of its own).
    let press = |h: &mut Harness<'_, MaasaiApp>, key: egui::Key, times: usize| {
        for _ in 0..times {
            for pressed in [true, false] {
                h.input_mut().events.push(egui::Event::Key {
                    key,
                    pressed,
                    modifiers: egui::Modifiers::NONE,
                    repeat: false,
                    physical_key: None,
                });
            }
        }
        h.step();
    };
    press(&mut h, egui::Key::ArrowRight, 3);
    assert_eq!(step(&h), 3);
    press(&mut h, egui::Key::ArrowLeft, 2);
    assert_eq!(step(&h), 1);
}

/// Presses each key (with its modifiers) straight into one frame's input,
/// in order, and runs that one frame (the harness gives each queued event
/// a frame of its own).
fn press_in_one_frame(h: &mut Harness<'_, MaasaiApp>, keys: &[(egui::Modifiers, egui::Key)]) {
    for &(modifiers, key) in keys {
        for pressed in [true, false] {
            h.input_mut().events.push(egui::Event::Key {
                key,
                pressed,
                modifiers,
                repeat: false,
                physical_key: None,
            });
        }
    }
    h.step();
}

#[test]
fn shortcuts_pressed_within_one_frame_each_act_in_order() {
    // Ctrl+Z ten times on a busy machine undid five moves: one a frame.
    use egui::{Key, Modifiers as M};
    let ctrl = M::COMMAND;
    let ctrl_shift = M::COMMAND | M::SHIFT;
    let mut h = sowing_instantly(en_gehe(6));
    for _ in 0..4 {
        let mv = h.state().rt.game.current().legal_moves()[0];
        h.state_mut().queue(AppCommand::PlayMove(mv));
        h.run();
    }
    let moves = |h: &Harness<'_, MaasaiApp>| h.state().rt.game.moves().len();
    assert_eq!(moves(&h), 4);
    press_in_one_frame(&mut h, &[(ctrl, Key::Z); 3]);
    assert_eq!(moves(&h), 1, "three undos");
    press_in_one_frame(&mut h, &[(ctrl_shift, Key::Z), (ctrl, Key::Y)]);
    assert_eq!(moves(&h), 3, "two redos");
    // In the order pressed: a redo, then two undos, is one undo (the redo
    // first has one to redo); the other way round it would be none.
    press_in_one_frame(
        &mut h,
        &[(ctrl_shift, Key::Z), (ctrl, Key::Z), (ctrl, Key::Z)],
    );
    assert_eq!(moves(&h), 2);
    h.run();
    // Zoom in twice, out once.
    press_in_one_frame(
        &mut h,
        &[(ctrl, Key::Equals), (ctrl, Key::Equals), (ctrl, Key::Minus)],
    );
    let zoom = h.state().settings.zoom;
    assert!((zoom - 1.25).abs() < 1e-4, "zoom {zoom}");
    press_in_one_frame(&mut h, &[(ctrl, Key::Num0)]);
    assert_eq!(h.state().settings.zoom, 1.0);
    // F1 twice: the help opens and closes; Esc after a third closes it.
    press_in_one_frame(&mut h, &[(M::NONE, Key::F1), (M::NONE, Key::F1)]);
    assert!(!h.state().rt.help_open);
    press_in_one_frame(&mut h, &[(M::NONE, Key::F1), (M::NONE, Key::Escape)]);
    assert!(!h.state().rt.help_open);
    h.run();
    // On an earlier move, paused at its start: End twice finishes it, then
    // goes back to the game.
    h.state_mut().queue(AppCommand::ViewMove(0));
    h.run();
    press_in_one_frame(&mut h, &[(M::NONE, Key::Home)]);
    assert!(!h.state().rt.live());
    press_in_one_frame(&mut h, &[(M::NONE, Key::End), (M::NONE, Key::End)]);
    assert!(h.state().rt.live(), "the second End returns to the game");
}

#[test]
fn the_arrow_keys_go_from_move_to_move_and_ctrl_home_end_to_the_ends() {
    // Left at a move's first seed stayed there: no key went to the move
    // before, nor to the start or the live position.
    use egui::{Key, Modifiers as M};
    let mut h = sowing_instantly(en_gehe(6));
    for _ in 0..3 {
        let mv = h.state().rt.game.current().legal_moves()[0];
        h.state_mut().queue(AppCommand::PlayMove(mv));
        h.run();
    }
    let view = |h: &Harness<'_, MaasaiApp>| h.state().rt.view;
    // Each position shown whole, its move's sowing at its end.
    let whole = |h: &Harness<'_, MaasaiApp>| h.state().rt.shown_replay().is_none_or(|r| r.at_end());
    assert_eq!(view(&h), 3);
    press_in_one_frame(&mut h, &[(M::NONE, Key::ArrowUp)]);
    assert_eq!(view(&h), 2);
    assert!(whole(&h));
    press_in_one_frame(&mut h, &[(M::NONE, Key::ArrowUp), (M::NONE, Key::ArrowUp)]);
    assert_eq!(view(&h), 0, "two presses in one frame, two moves back");
    press_in_one_frame(&mut h, &[(M::NONE, Key::ArrowUp)]);
    assert_eq!(view(&h), 0, "nothing before the start");
    press_in_one_frame(&mut h, &[(M::NONE, Key::ArrowDown)]);
    assert_eq!(view(&h), 1);
    assert!(whole(&h));
    press_in_one_frame(
        &mut h,
        &[(M::NONE, Key::PageDown), (M::NONE, Key::ArrowDown)],
    );
    assert!(h.state().rt.live());
    press_in_one_frame(&mut h, &[(M::NONE, Key::ArrowDown)]);
    assert_eq!(view(&h), 3, "nothing after the live position");
    press_in_one_frame(&mut h, &[(M::COMMAND, Key::Home)]);
    assert_eq!(view(&h), 0);
    press_in_one_frame(&mut h, &[(M::COMMAND, Key::End)]);
    assert!(h.state().rt.live());
    // The last move paused at its first seed is not yet the live
    // position: Ctrl+End finishes it (it did nothing there).
    press_in_one_frame(&mut h, &[(M::NONE, Key::Home)]);
    assert!(!whole(&h));
    press_in_one_frame(&mut h, &[(M::COMMAND, Key::End)]);
    assert!(h.state().rt.live() && whole(&h), "Ctrl+End left it paused");
    // From a move's first seed, Up goes to the move before.
    press_in_one_frame(&mut h, &[(M::NONE, Key::Home)]);
    assert!(!whole(&h));
    press_in_one_frame(&mut h, &[(M::NONE, Key::ArrowUp)]);
    assert_eq!(view(&h), 2);
    // Ctrl+End then End: the first reaches the game, the second stays.
    press_in_one_frame(&mut h, &[(M::COMMAND, Key::End), (M::NONE, Key::End)]);
    assert!(h.state().rt.live());
    // The keys belong to a text field being typed in.
    h.state_mut().queue(AppCommand::ViewMove(0));
    h.run();
    h.get_by_role_and_label(
        egui::accesskit::Role::MultilineTextInput,
        "Comment on move 1: South 1",
    )
    .focus();
    h.run();
    press_in_one_frame(&mut h, &[(M::NONE, Key::ArrowDown), (M::COMMAND, Key::End)]);
    assert_eq!(view(&h), 1, "the comment's keys moved the board");
    // The help lists them.
    h.key_press(Key::Escape);
    h.state_mut().queue(AppCommand::ShowHelp(true));
    h.run();
    for keys in ["Up / Down", "Page Up / Page Down", "Ctrl+Home / Ctrl+End"] {
        assert!(h.query_by_label(keys).is_some(), "{keys} not in the help");
    }
}

#[test]
fn editor_undos_within_one_frame_each_act_in_order_with_the_digits() {
    use egui::{Key, Modifiers as M};
    use maasai_mancala::app::editor::EditorCommand;
    let mut h = harness(en_gehe(6));
    h.state_mut().queue(AppCommand::Editor(EditorCommand::Open));
    h.run();
    for seeds in 4..7 {
        h.get_by_label(&format!("South 1: {seeds} seeds")).click();
        h.run();
    }
    assert!(shows(&h, "South 1: 7 seeds"));
    press_in_one_frame(&mut h, &[(M::COMMAND, Key::Z); 2]);
    h.run();
    assert!(shows(&h, "South 1: 5 seeds"), "two undos");
    // An undo, then a digit into the selected hole: the digit stands.
    h.input_mut().events.extend([
        egui::Event::Key {
            key: Key::Z,
            pressed: true,
            modifiers: M::COMMAND,
            repeat: false,
            physical_key: None,
        },
        egui::Event::Text("9".into()),
    ]);
    h.step();
    h.run();
    assert!(shows(&h, "South 1: 9 seeds"));
}

#[test]
fn the_lap_and_its_caption_are_said_under_the_board() {
    // The strip at the window's foot cuts its caption short in a narrow
    // window and is far from a wide board: the line under the board has it whole.
    let mut h = fine_harness(en_gehe(6), SNAPSHOT_SIZE);
    start_paused(&mut h, "South 1: 4 seeds");
    h.get_by_label("Step lap >>").click();
    h.run();
    assert!(
        h.query_by_label_contains("Paused in move 1 (hole 1): lap 2 of 5, seed 4 of 26")
            .is_some()
    );
    let caption = h.state().rt.shown_replay().unwrap().caption();
    // Said of the lap that ended and of the one the counter shows.
    assert!(
        caption.starts_with("lap 1 ") && caption.ends_with(", lap 2 begins"),
        "{caption}"
    );
    assert_eq!(
        h.query_all_by_label(&caption).count(),
        1,
        "under the board: {caption}"
    );
    // The strip says it too, cut by words where it is short.
    let cut = caption.split(' ').take(3).collect::<Vec<_>>().join(" ");
    assert!(strip_says(&h, &cut), "in the strip: {caption}");
}

#[test]
fn the_board_stays_put_through_a_sowing_in_a_small_window() {
    // 1024×680 with the council beside the board: the tempo line's note
    // wrapped and unwrapped as the standing changed, and the strip at the
    // foot grew a second row for each sowing; the board moved each time.
    let mut h = harness_at(en_gehe(12), [1024.0, 680.0]);
    let app = h.state_mut();
    app.settings.show_council = true;
    app.settings.council_dock = maasai_mancala::app::settings::CouncilDock::Side;
    app.council.max_depth = Some(2);
    app.settings.speed = 4.0;
    h.run_steps(6);
    let (_, idle) = h.state().rt.board_area.expect("drawn");
    h.get_by_label("South 3: 4 seeds").click();
    h.step();
    h.step();
    let mut frames = 0;
    let mut paused = false;
    while h.state().rt.shown_replay().is_some_and(|r| !r.at_end()) {
        h.step();
        frames += 1;
        if frames == 3 {
            h.get_by_label("Pause").click();
            h.step();
            h.step();
            assert!(
                h.query_by_label_contains("Paused in move 1 (hole 3): lap ")
                    .is_some(),
                "the line under the board says the sowing is paused"
            );
            paused = true;
            h.get_by_label("Step lap >>").click();
            h.step();
            h.get_by_label("Play").click();
        }
        let (_, during) = h.state().rt.board_area.expect("drawn");
        assert_eq!(during, idle, "the board moved at frame {frames}");
        assert!(frames < 2000, "the sowing never ended");
    }
    assert!(
        paused && frames > 3,
        "the move was watched as it was sown: {frames} frames"
    );
    h.run_steps(2);
    let (_, after) = h.state().rt.board_area.expect("drawn");
    assert_eq!(after, idle, "the board moved once the sowing ended");
}

#[test]
fn the_origin_option_is_named_beside_the_move_heading() {
    let plain = parse_position("en-gehe south=4,4,4 north=4,4,4 captured=0,0 turn=south").unwrap();
    let mut h = harness(plain);
    h.run_steps(3);
    assert!(h.query_by_label("origin=skip").is_none());
    let skip =
        parse_position("en-gehe south=4,4,4 north=4,4,4 captured=0,0 turn=south origin=skip")
            .unwrap();
    let mut h = harness(skip);
    h.run_steps(3);
    assert!(h.query_by_label("origin=skip").is_some());
    // And while a move is stepped, live or on an earlier position (said
    // only at rest before).
    use maasai_mancala::app::controls::AnimCommand;
    h.state_mut().settings.speed = INSTANT_SPEED;
    h.get_by_label("South 1: 4 seeds").click();
    h.run_steps(3);
    h.state_mut().queue(AppCommand::Anim(AnimCommand::Start));
    h.run();
    assert!(h.query_by_label_contains("Paused in move 1").is_some());
    assert!(h.query_by_label("origin=skip").is_some());
    h.state_mut().queue(AppCommand::ViewStart);
    h.run();
    assert!(h.query_by_label_contains("Viewing the start").is_some());
    assert!(h.query_by_label("origin=skip").is_some());
}

#[test]
fn a_long_notice_under_the_board_keeps_to_two_lines_and_the_board_stays() {
    // A failed save's notice names the whole path: at 1024×680 it wrapped
    // to four lines and moved the board up under it.
    let mut h = harness_at(en_gehe(12), [1024.0, 680.0]);
    h.run_steps(3);
    let (_, idle) = h.state().rt.board_area.expect("drawn");
    let path = format!(
        "/home/someone/{}/games/my-game.ron",
        "deep-folder/".repeat(40)
    );
    let notice = format!("Not saved to {path}: the folder is read-only");
    h.state_mut().rt.notice = Some(notice.into());
    h.run_steps(3);
    let (_, with_notice) = h.state().rt.board_area.expect("drawn");
    assert_eq!(with_notice, idle, "the board moved for the notice");
    let label = h.get_by_label_contains("Not saved to /home/someone/");
    let row = h
        .ctx
        .fonts_mut(|f| f.row_height(&egui::FontId::proportional(14.0)));
    assert!(
        label.rect().height() <= 2.0 * row + 2.0,
        "more than two lines: {:?}",
        label.rect()
    );
}

#[test]
fn an_earlier_position_is_left_with_one_end() {
    let mut h = sowing_instantly(en_gehe(6));
    h.get_by_label("South 1: 4 seeds").click();
    h.run();
    h.get_by_label("Start position").click();
    h.run();
    assert!(
        h.query_by_label_contains("Viewing the start position — click a hole to play from here instead, or press End or pick")
            .is_some()
    );
    h.key_press(egui::Key::End);
    h.run();
    assert!(h.state().rt.live(), "one End returns to the game");
}

#[test]
fn the_board_says_the_opening_move_adds_no_reserve_seed() {
    // The editor and the diagram said it; the game's board said only
    // "herding (phase 1)", so an edited opening looked like any herding
    // move.
    let mut h = harness(GameOptions::bao_la_kimasai().start().unwrap());
    h.state_mut().settings.speed = INSTANT_SPEED;
    h.run();
    let opening = "herding (phase 1); opening move (no reserve seed added)";
    assert!(shows(&h, opening), "South's opening");
    assert_eq!(
        h.query_all_by_label("herding (phase 1)").count(),
        1,
        "North's"
    );
    // Once it is played, no other move withholds a seed.
    let first = h.state().rt.game.current().legal_moves()[0];
    h.state_mut().queue(AppCommand::PlayMove(first));
    h.run_steps(3);
    assert!(!shows(&h, opening));
    assert_eq!(h.query_all_by_label("herding (phase 1)").count(), 2);
}

#[test]
fn a_herding_move_is_shown_in_the_herding_phase_while_it_is_sown() {
    // South sows its last reserve seed: still a phase-1 move (RULES.md), so
    // its landing on i3, facing 3 seeds, relays without a raid.
    let start = parse_position(
        "bao-la-kimasai south=1,0,1,0,0,0,0,0,0,0,0,0,0,0,0,0 north=0,0,0,0,0,3,0,0,0,0,0,0,0,0,0,0 reserve=1,0 turn=south opening=no",
    )
    .unwrap();
    let mut h = Harness::builder()
        .with_size(SNAPSHOT_SIZE)
        .with_theme(egui::Theme::Light)
        .with_step_dt(0.05)
        .build_eframe(move |cc| MaasaiApp::new_for_tests(&cc.egui_ctx, start));
    start_paused(&mut h, "South i1: 1 seed");
    assert_eq!(step(&h), 0);
    assert!(shows(&h, "herding (phase 1)"), "the move's own phase");
    assert!(!shows(&h, "raiding (phase 2)"));
    h.get_by_label("End >|").click();
    h.run();
    assert!(
        h.query_all_by_label("raiding (phase 2)").count() == 2,
        "the next move raids"
    );
}

/// 2×6 at once-sown speed, after South 1 and North 1.
fn two_moves_played() -> Harness<'static, MaasaiApp> {
    let mut h = sowing_instantly(en_gehe(6));
    h.get_by_label("South 1: 4 seeds").click();
    h.run();
    h.get_by_label("North 1: 6 seeds").click();
    h.run();
    assert_eq!(h.state().rt.game.moves().len(), 2);
    h
}

#[test]
fn the_moves_undone_stay_listed_greyed_and_a_click_redoes_up_to_one() {
    // They vanished from the move list: only the Redo menu item said that
    // there were any.
    let mut h = two_moves_played();
    common::play(&mut h, "2");
    assert_eq!(h.state().rt.game.moves().len(), 3);
    for _ in 0..3 {
        h.state_mut().queue(AppCommand::Undo);
        h.run();
    }
    assert!(h.state().rt.game.moves().is_empty());
    let rows = [
        "  1. South 1 · undone",
        "  2. North 1 · undone",
        "  3. South 2 · undone",
    ];
    for row in rows {
        assert!(h.query_by_label(row).is_some(), "{row}");
    }
    // Up to the second: two moves redone, the third still undone.
    h.get_by_label(rows[1]).click();
    h.run();
    assert_eq!(h.state().rt.game.moves().len(), 2);
    assert_eq!(h.state().rt.view, 2);
    assert!(h.query_by_label(rows[1]).is_none());
    assert!(h.query_by_label(rows[2]).is_some());
    // A new move in its place drops it, from the list too.
    common::play(&mut h, "3");
    assert!(h.query_by_label_contains("· undone").is_none());
}

#[test]
fn undo_leaves_the_move_now_on_view_ready_to_replay() {
    let mut h = two_moves_played();
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    h.run();
    let replay = h.state().rt.shown_replay().expect("move 1 can be replayed");
    assert_eq!(replay.move_index, 0);
    assert!(replay.at_end());
    h.key_press(egui::Key::ArrowLeft);
    h.run();
    assert!(!h.state().rt.shown_replay().unwrap().at_end());
}

#[test]
fn opening_the_editor_pauses_the_sowing() {
    let mut h = fine_harness(en_gehe(6), SNAPSHOT_SIZE);
    h.state_mut().settings.speed = 1.0;
    h.run();
    h.get_by_label("South 1: 4 seeds").click();
    h.step();
    h.step();
    assert!(h.state().rt.shown_replay().unwrap().playing);
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::E);
    h.step();
    assert!(h.state().editor.is_some());
    let at = step(&h);
    assert!(!h.state().rt.shown_replay().unwrap().playing);
    for _ in 0..40 {
        h.step();
    }
    assert_eq!(step(&h), at, "the sowing waits where it was");
    // Cancel returns to the game as it was: the sowing plays on from there.
    h.get_by_label("Cancel").click();
    h.step();
    h.step();
    assert!(h.state().editor.is_none());
    assert!(h.state().rt.shown_replay().unwrap().playing);
    let now = step(&h);
    assert!(now >= at && now <= at + 2, "from {at} to {now}");
    for _ in 0..40 {
        h.step();
    }
    assert!(step(&h) > now, "it plays on");
}

#[test]
fn a_move_on_an_earlier_position_starts_another_line_when_confirmed() {
    let mut h = two_moves_played();
    let two_moves = h.state().rt.game.clone();
    h.get_by_label("Start position").click();
    h.run();
    assert_eq!(h.state().rt.view, 0);

    // The other side's hole says why it plays nothing.
    h.get_by_label("North 2: 4 seeds").click();
    h.run();
    assert!(h.state().rt.branch_offer.is_none());
    assert!(
        h.state()
            .rt
            .notice
            .as_deref()
            .unwrap()
            .starts_with("This is an earlier position")
    );

    // Its holes say on hover that they can start another line.
    h.get_by_label("South 3: 4 seeds").hover();
    h.run_steps(40);
    assert!(
        h.query_by_label_contains("Play 3 from here: another line")
            .is_some()
    );
    // Asked first, saying what goes (the moves and their comments);
    // Cancel keeps the game as it was.
    h.state_mut().rt.comments.insert(2, "North's answer".into());
    h.get_by_label("South 3: 4 seeds").click();
    h.run();
    assert!(
        h.query_by_label_contains(
            "South 3 on the start position starts another line: moves 1 to 2 are taken off this game, and 1 comment on them."
        )
        .is_some()
    );
    h.get_by_label("Cancel").click();
    h.run();
    h.state_mut().rt.comments.clear();
    assert!(h.state().rt.branch_offer.is_none());
    assert_eq!(h.state().rt.game, two_moves);
    assert_eq!(h.state().rt.view, 0);

    // Confirmed: hole 3 is played from the start in place of both moves.
    h.state_mut().rt.comments.insert(2, "North's answer".into());
    h.get_by_label("South 3: 4 seeds").click();
    h.run();
    assert!(
        h.query_by_label_contains("Undo straight after brings them back to Redo")
            .is_some()
    );
    h.get_by_label("Play from here").click();
    h.run();
    let holes: Vec<usize> = h.state().rt.game.moves().iter().map(|m| m.hole()).collect();
    assert_eq!(holes, [2]);
    assert!(h.state().rt.live());
    assert!(h.state().rt.redo.is_empty());
    assert!(h.state().rt.branch_offer.is_none());
    assert!(h.state().rt.comments.is_empty());
    // Undone, the line taken off comes back to Redo, with its comment
    // (one Enter took a long game's later moves for good).
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    h.run();
    assert!(h.state().rt.game.moves().is_empty());
    for _ in 0..2 {
        h.key_press_modifiers(
            egui::Modifiers::COMMAND | egui::Modifiers::SHIFT,
            egui::Key::Z,
        );
        h.run();
    }
    assert_eq!(h.state().rt.game, two_moves);
    assert_eq!(
        h.state().rt.comments.get(&2).map(String::as_str),
        Some("North's answer")
    );
}

#[test]
fn a_typed_move_on_an_earlier_position_is_asked_like_a_click() {
    // It used to be played at the end of the game, out of sight, even for
    // the side not to move on view.
    let mut h = two_moves_played();
    let two_moves = h.state().rt.game.clone();
    h.get_by_label("Start position").click();
    h.run();
    h.event(egui::Event::Text("3".into()));
    h.key_press(egui::Key::Enter);
    h.run();
    assert_eq!(h.state().rt.game, two_moves, "nothing played");
    assert!(
        h.query_by_label_contains("South 3 on the start position starts another line")
            .is_some()
    );
    h.key_press(egui::Key::Enter);
    h.run();
    let holes: Vec<usize> = h.state().rt.game.moves().iter().map(|m| m.hole()).collect();
    assert_eq!(holes, [2]);
    // An empty hole there is refused with its reason, nothing asked.
    let mut h = two_moves_played();
    h.get_by_label("Start position").click();
    h.run();
    h.state_mut().queue(AppCommand::ViewMove(0));
    h.run();
    let shown = *h.state().rt.shown_position();
    let empty = shown
        .row(shown.turn())
        .iter()
        .position(|&c| c == 0)
        .expect("an empty hole after the first move");
    h.event(egui::Event::Text((empty + 1).to_string()));
    h.key_press(egui::Key::Enter);
    h.run();
    assert!(h.state().rt.branch_offer.is_none());
    assert_eq!(h.state().rt.game, two_moves);
    assert_eq!(
        h.state().rt.notice.as_deref(),
        Some(format!("North {} is empty", empty + 1).as_str())
    );
    // The game's own next move is a step along its line: nothing asked,
    // nothing taken off.
    h.state_mut().queue(AppCommand::ViewStart);
    h.run();
    h.event(egui::Event::Text("1".into()));
    h.key_press(egui::Key::Enter);
    h.run();
    assert!(h.state().rt.branch_offer.is_none());
    assert_eq!(h.state().rt.game, two_moves);
    assert_eq!(h.state().rt.view, 1);
}

#[test]
fn a_play_from_here_question_holds_only_for_its_position() {
    let mut h = two_moves_played();
    h.get_by_label("Start position").click();
    h.run();
    h.get_by_label("South 3: 4 seeds").click();
    h.run();
    assert!(h.state().rt.branch_offer.is_some());
    // The view moves (a queued command; the modal blocks the move list):
    // the question is void, and a late "yes" plays nothing.
    h.state_mut().queue(AppCommand::ViewLive);
    h.run();
    assert!(h.state().rt.branch_offer.is_none());
    h.state_mut().queue(AppCommand::PlayFromHere(true));
    h.run();
    assert_eq!(h.state().rt.game.moves().len(), 2);
    // Asked again, Enter confirms.
    h.get_by_label("Start position").click();
    h.run();
    h.get_by_label("South 3: 4 seeds").click();
    h.run();
    h.key_press(egui::Key::Enter);
    h.run();
    let holes: Vec<usize> = h.state().rt.game.moves().iter().map(|m| m.hole()).collect();
    assert_eq!(holes, [2]);
}

#[test]
fn clicking_the_board_finishes_an_animation() {
    let mut h = harness(en_gehe(6));
    h.state_mut().settings.speed = 1.0;
    h.run();
    h.get_by_label("South 1: 4 seeds").click();
    h.step();
    h.step();
    assert!(h.state().rt.animating());
    h.get_by_label("North 6: 4 seeds").click();
    h.step();
    h.step();
    assert!(!h.state().rt.animating());
    assert_eq!(step(&h), 27);
    assert_eq!(
        h.state().rt.game.moves().len(),
        1,
        "the click plays nothing"
    );
    // And says so: North, clicking to play, saw nothing happen.
    let said = "The last move is shown sown to its end: click North 6 again to play it.";
    assert!(h.query_by_label(said).is_some());
    h.get_by_label_contains("North 6: ").click();
    h.run_steps(2);
    assert_eq!(h.state().rt.game.moves().len(), 2);
    assert!(h.query_by_label(said).is_none(), "the move answers it");
    // A hole of the side not to move ends the sowing without a word.
    assert!(h.state().rt.animating());
    h.get_by_label_contains("North 5: ").click();
    h.run_steps(2);
    assert!(!h.state().rt.animating());
    assert!(h.query_by_label_contains("again to play it").is_none());
}

#[test]
fn clicking_a_sowing_on_an_earlier_position_says_what_the_next_click_does() {
    // The sowing stopped without a word (on the live position it says).
    use maasai_mancala::app::controls::AnimCommand;
    let mut h = sowing_instantly(en_gehe(6));
    h.get_by_label("South 1: 4 seeds").click();
    h.run_steps(2);
    h.get_by_label_contains("North 6: ").click();
    h.run_steps(2);
    assert_eq!(h.state().rt.game.moves().len(), 2);
    h.state_mut().queue(AppCommand::ViewMove(0));
    h.run();
    h.state_mut().settings.speed = 1.0;
    h.state_mut().queue(AppCommand::Anim(AnimCommand::Start));
    h.run();
    h.state_mut()
        .queue(AppCommand::Anim(AnimCommand::PlayPause));
    h.step();
    h.step();
    assert!(h.state().rt.animating());
    assert!(!h.state().rt.live());
    h.get_by_label_contains("North 5: ").click();
    h.step();
    h.step();
    assert!(!h.state().rt.animating());
    let said =
        "The move on view is shown sown to its end: click North 5 again to play it from here.";
    assert!(h.query_by_label(said).is_some(), "not said");
    h.get_by_label_contains("North 5: ").click();
    h.run_steps(2);
    assert!(h.state().rt.branch_offer.is_some(), "no offer");
}

#[test]
fn undo_and_redo_cover_the_whole_game() {
    let mut h = two_moves_played();
    let after_two = h.state().rt.game.current().to_string();
    assert_eq!(h.state().rt.game.moves().len(), 2);

    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    h.run();
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    h.run();
    assert_eq!(h.state().rt.game.moves().len(), 0);
    assert!(shows(&h, "South 1: 4 seeds"));

    h.key_press_modifiers(
        egui::Modifiers::COMMAND | egui::Modifiers::SHIFT,
        egui::Key::Z,
    );
    h.run();
    h.key_press_modifiers(
        egui::Modifiers::COMMAND | egui::Modifiers::SHIFT,
        egui::Key::Z,
    );
    h.run();
    assert_eq!(h.state().rt.game.moves().len(), 2);
    assert_eq!(h.state().rt.game.current().to_string(), after_two);

    // A new move after undo drops the redo stack.
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    h.run();
    assert_eq!(h.state().rt.redo.len(), 1);
    h.get_by_label("North 2: 6 seeds").click();
    h.run();
    assert!(h.state().rt.redo.is_empty());
}

#[test]
fn the_undone_move_played_again_by_hand_keeps_the_line_and_its_comments() {
    // It was taken as a new move: the moves still to redo went, and their
    // comments with them.
    let mut h = two_moves_played();
    h.state_mut()
        .queue(AppCommand::SetComment(1, "the opening".into()));
    h.state_mut()
        .queue(AppCommand::SetComment(2, "the answer".into()));
    h.run();
    let whole = h.state().rt.game.clone();
    for _ in 0..2 {
        h.state_mut().queue(AppCommand::Undo);
        h.run();
    }
    h.get_by_label("South 1: 4 seeds").click();
    h.run();
    assert_eq!(h.state().rt.redo, [whole.moves()[1]]);
    assert_eq!(
        h.state().rt.comments.get(&1).map(String::as_str),
        Some("the opening")
    );
    h.state_mut().queue(AppCommand::Redo);
    h.run();
    assert_eq!(h.state().rt.game, whole);
    assert_eq!(
        h.state().rt.comments.get(&2).map(String::as_str),
        Some("the answer")
    );
}

#[test]
fn an_endless_hole_cannot_be_played() {
    let start = parse_position(
        "bao-la-kimasai south=5,4,3,0,1,3,4,1,2,1,2,5,0,3,3,2 north=1,1,1,1,1,1,1,1,0,0,0,0,0,0,0,0 reserve=10,10 turn=south opening=no",
    )
    .unwrap();
    let mut h = harness(start);
    h.run();
    // o2 is the 15th hole of South's track (i1..i8, o8..o1): 3 seeds.
    let o2 = h.get_by_label("South o2: 3 seeds, endless");
    o2.click();
    h.run();
    assert_eq!(h.state().rt.game.moves().len(), 0);
    // Typing it is refused with a message that says it never ends.
    h.event(egui::Event::Text("o2".into()));
    h.key_press(egui::Key::Enter);
    h.run();
    assert_eq!(h.state().rt.game.moves().len(), 0);
    let notice = h.state().rt.notice.clone().unwrap();
    assert!(notice.contains("never ends"), "{notice}");
    // With why: the cycle of RULES.md's example.
    assert!(notice.contains("a cycle of 7,589,376 laps"), "{notice}");
    assert_eq!(
        notice.matches("never ends").count(),
        1,
        "said twice: {notice}"
    );
    // Other holes still play.
    h.state_mut().settings.speed = INSTANT_SPEED;
    h.get_by_label("South i1: 5 seeds").click();
    h.run();
    assert_eq!(h.state().rt.game.moves().len(), 1);
}

#[test]
fn a_move_that_ends_at_once_is_not_held_for_the_check_of_the_others() {
    // The check of a position's moves can take minutes over one long move:
    // a move seen to end within a few thousand laps is legal and goes at
    // once, clicked or typed (a click used to do nothing at all).
    let start =
        parse_position("en-gehe south=4,5,4,2,4,5 north=4,0,0,0,0,0 captured=0,0 turn=south")
            .unwrap();
    let mut h = sowing_instantly(start);
    // As if the check were still running (over a move that runs to the
    // lap limit, as South 3 of `north=4,3,4,5,4,79` does, it takes
    // minutes).
    let _check = h.state_mut().rt.check_still_running();
    h.step();
    assert!(h.state().rt.live_analysis().is_none());
    h.get_by_label("South 1: 4 seeds").click();
    h.step();
    assert_eq!(h.state().rt.game.moves().len(), 1, "played at once");
    assert!(h.state().rt.held_move.is_none());
    let reply = h.state().rt.game.current().legal_moves()[0];
    h.state_mut().queue(AppCommand::PlayMove(reply));
    h.step();
    assert_eq!(h.state().rt.game.moves().len(), 2);
}

#[test]
fn a_move_asked_for_while_the_moves_are_checked_waits_for_the_check() {
    // The window checks a position's moves on a thread: a move asked for
    // before that check is done waits (a long one, possibly endless, would
    // otherwise sow for seconds on the window's thread), then goes on.
    let start = en_gehe(6);
    let first = start.legal_moves()[0];
    let second = start.try_play(first).unwrap().legal_moves()[0];
    let mut h = sowing_instantly(start);
    h.state_mut().rt.background = true;
    // Every move taken for a long one (these end within a few laps, and
    // would go at once: see the next test).
    h.state_mut().rt.quick_laps = 0;
    // Both in one frame: the second is asked for on a position whose
    // check has not begun.
    h.state_mut().queue(AppCommand::PlayMove(first));
    h.state_mut().queue(AppCommand::PlayMove(second));
    h.step();
    assert_eq!(h.state().rt.game.moves(), &[first]);
    assert!(h.state().rt.held_move.is_some());
    let notice = h.state().rt.notice.clone().expect("a notice");
    assert!(
        notice.ends_with("waits until the check of which moves end is done…") && notice.report,
        "{notice}"
    );
    step_until(&mut h, "the held move", |app| {
        app.rt.game.moves().len() == 2
    });
    assert_eq!(h.state().rt.game.moves(), &[first, second]);
    assert_eq!(h.state().rt.notice, None);

    // While a dialog waits for an answer the held move waits too: no move
    // may be played behind one (here the question New game asks first).
    step_until(&mut h, "the check", |app| app.rt.live_analysis().is_some());
    let third = h.state().rt.game.current().legal_moves()[0];
    let after = h.state().rt.game.current().try_play(third).unwrap();
    let fourth = after.legal_moves()[0];
    h.state_mut().queue(AppCommand::PlayMove(third));
    h.state_mut().queue(AppCommand::PlayMove(fourth));
    h.state_mut().queue(AppCommand::OpenNewGame);
    h.step();
    assert!(h.state().rt.held_move.is_some());
    for _ in 0..20 {
        h.step();
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    assert_eq!(
        h.state().rt.game.moves().len(),
        3,
        "played behind the dialog"
    );
    // (The game has moves: New game asks about saving them first.)
    assert!(h.query_by_label("Save your changes?").is_some());
    h.get_by_label("Cancel").click();
    step_until(&mut h, "the held move", |app| {
        app.rt.game.moves().len() == 4
    });

    // An empty hole is refused at once, not held.
    step_until(&mut h, "the check", |app| app.rt.live_analysis().is_some());
    let after = after.try_play(fourth).unwrap();
    let fifth = after.legal_moves()[0];
    let next = after.try_play(fifth).unwrap();
    let empty = (0..next.holes_per_side())
        .map(|i| maasai_mancala::engine::Move(i as u8))
        .find(|&m| next.seeds(next.turn(), m.hole()) == 0)
        .expect("an empty hole");
    h.state_mut().queue(AppCommand::PlayMove(fifth));
    h.state_mut().queue(AppCommand::PlayMove(empty));
    h.step();
    assert_eq!(h.state().rt.game.moves().len(), 5);
    assert!(h.state().rt.held_move.is_none());
    // Named as the board names it ("illegal move `2`: the hole is empty").
    assert_eq!(
        h.state().rt.notice_text(),
        format!(
            "{} {} is empty: play a hole with seeds",
            next.turn().title(),
            empty.hole() + 1
        )
    );
}

#[test]
fn a_long_move_clicked_on_an_earlier_position_is_decided_off_the_window_thread() {
    // o2 runs for millions of laps before it repeats (RULES.md): clicked
    // on an earlier position, where no check of the moves is kept, it is
    // decided on a thread while the window goes on. (Proved once already,
    // it is remembered and quick, so here every move counts as long.)
    let start = parse_position(
        "bao-la-kimasai south=5,4,3,0,1,3,4,1,2,1,2,5,0,3,3,2 north=1,1,1,1,1,1,1,1,0,0,0,0,0,0,0,0 reserve=10,10 turn=south opening=no",
    )
    .unwrap();
    let o2 = start.variant().parse_move("o2").unwrap();
    let mut h = sowing_instantly(start);
    h.get_by_label("South i1: 5 seeds").click();
    h.run();
    assert_eq!(h.state().rt.game.moves().len(), 1);
    h.state_mut().rt.background = true;
    h.state_mut().rt.quick_laps = 0;
    h.state_mut().queue(AppCommand::ViewStart);
    h.run();
    h.state_mut().queue(AppCommand::OfferBranch(o2));
    h.step();
    assert!(h.state().rt.branch_check.is_some());
    assert_eq!(
        h.state().rt.notice_text(),
        "Checking whether South o2 ends…"
    );
    step_until(&mut h, "the check of o2", |app| {
        app.rt.branch_check.is_none()
    });
    let notice = h.state().rt.notice.clone().expect("the refusal");
    assert!(notice.contains("never ends") && !notice.report, "{notice}");
    assert!(h.state().rt.branch_offer.is_none());
    assert_eq!(h.state().rt.game.moves().len(), 1);
    // A move that ends is offered once decided.
    let i2 = h
        .state()
        .rt
        .shown_position()
        .variant()
        .parse_move("i2")
        .unwrap();
    h.state_mut().queue(AppCommand::OfferBranch(i2));
    h.step();
    assert!(h.state().rt.branch_check.is_some());
    step_until(&mut h, "the check of i2", |app| {
        app.rt.branch_check.is_none()
    });
    assert_eq!(h.state().rt.branch_offer.map(|o| o.mv), Some(i2));
}

/// Replaces the text of the field labelled `label`.
fn set_field(h: &mut Harness<'_, MaasaiApp>, label: &str, text: &str) {
    h.get_by_label(label).focus();
    h.run();
    for _ in 0..6 {
        h.key_press(egui::Key::Backspace);
    }
    h.get_by_label(label).type_text(text);
    h.run();
}

/// Opens the New game dialog and draws it.
fn open_new_game(h: &mut Harness<'_, MaasaiApp>) {
    h.state_mut().queue(AppCommand::OpenNewGame);
    h.run();
}

#[test]
fn the_new_game_dialog_rejects_bad_input() {
    let mut h = harness(en_gehe(50));
    h.run();
    open_new_game(&mut h);
    set_field(&mut h, "Holes per row", "99");
    h.run();
    assert!(
        h.query_by_label("Holes per row must be 3 to 64, not 99")
            .is_some()
    );
    set_field(&mut h, "Seeds per hole", "x");
    h.run();
    assert!(
        h.query_by_label("Seeds per hole must be a whole number from 1 to 12")
            .is_some()
    );
    // Each message lies under the fields (under the buttons, where it
    // moves no field), not in a far column that widens the dialog.
    let field = h.get_by_label("Seeds per hole").rect();
    let message = h
        .get_by_label("Seeds per hole must be a whole number from 1 to 12")
        .rect();
    assert!(
        message.top() >= field.bottom() && message.left() - field.left() < 40.0,
        "the message at {message:?} is not under its field at {field:?}"
    );
    // Start is disabled: clicking it starts nothing.
    h.get_by_label("Start game").click();
    h.run();
    assert!(h.state().rt.new_game.is_some());
    assert_eq!(h.state().rt.game.current().holes_per_side(), 50);

    // Fixing the fields starts the game.
    set_field(&mut h, "Holes per row", "8");
    set_field(&mut h, "Seeds per hole", "3");
    h.run();
    h.get_by_label("Start game").click();
    h.run();
    assert!(h.state().rt.new_game.is_none());
    assert_eq!(
        h.state().rt.game.current().to_string(),
        "en-gehe south=3,3,3,3,3,3,3,3 north=3,3,3,3,3,3,3,3 captured=0,0 turn=south"
    );
}

#[test]
fn the_new_game_fields_stay_put_while_their_problems_come_and_go() {
    // "2" typed in Holes per row put "Holes per row must be 3 to 64, not
    // 2" in a line of its own under the field, moving every field below
    // it: a click meant for Seeds per hole landed on the message, and the
    // typing after it went nowhere. Now a field at fault is ringed and its
    // problem said under the buttons. Both games, every field that can
    // be at fault, and a preset's note going as a field is changed.
    let dir = tempfile::tempdir().unwrap();
    let mut h = common::files_harness(dir.path(), en_gehe(6));
    open_new_game(&mut h);
    h.run();
    let at = |h: &Harness<'_, MaasaiApp>, fields: &[&str]| {
        fields
            .iter()
            .map(|f| h.get_by_label(f).rect())
            .collect::<Vec<_>>()
    };
    let en_gehe_fields = [
        "Holes per row",
        "Seeds per hole",
        "South team name",
        "North team name",
        "Preset name",
        "Start game",
        "Cancel",
    ];
    let before = at(&h, &en_gehe_fields);
    let steps: [(&str, &str, &str); 8] = [
        ("Holes per row", "2", "Holes per row must be 3 to 64, not 2"),
        // How far over ("At most 24 characters" said neither).
        (
            "North team name",
            "Ilkisongo Elders of the Long River",
            "Too long: 34 characters, at most 24",
        ),
        (
            "Seeds per hole",
            "x",
            "Seeds per hole must be a whole number from 1 to 12",
        ),
        ("North team name", "", "A team needs a name"),
        ("North team name", "Lions", ""),
        ("South team name", "north", "That is the other side's name"),
        ("South team name", "Lions", "The teams need different names"),
        ("South team name", "South", ""),
    ];
    for (field, text, problem) in steps {
        replace_field(&mut h, field, text);
        h.run();
        assert_eq!(
            at(&h, &en_gehe_fields),
            before,
            "the fields moved as {field} was set to {text:?}"
        );
        if !problem.is_empty() {
            assert!(h.query_by_label_contains(problem).is_some(), "{problem}");
            // Said under the buttons (by the field's name where the
            // message does not name it).
            let said = h.get_by_label_contains(problem).rect();
            assert!(said.top() > h.get_by_label("Start game").rect().bottom());
        }
        if problem.starts_with("The teams need") {
            // At the field just typed in: South's, though North's name is
            // not "North" (North's used to be blamed then).
            assert!(h.query_by_label("South team name:").is_some());
            assert!(h.query_by_label("North team name:").is_none());
        }
    }
    // Mended, the problems go, and nothing moves either.
    replace_field(&mut h, "Holes per row", "8");
    replace_field(&mut h, "Seeds per hole", "4");
    h.run();
    assert!(h.state().rt.new_game.as_ref().unwrap().check().is_ok());
    assert_eq!(at(&h, &en_gehe_fields), before);

    // Bao la Kimasai: its team names.
    h.get_by_label("Bao la Kimasai").click();
    h.run();
    let bao_fields = ["South team name", "North team name", "Start game"];
    let before = at(&h, &bao_fields);
    replace_field(&mut h, "North team name", "");
    h.run();
    assert!(h.query_by_label("A team needs a name").is_some());
    assert!(h.query_by_label("North team name:").is_some());
    assert_eq!(at(&h, &bao_fields), before);
    replace_field(&mut h, "North team name", "south");
    h.run();
    assert!(
        h.query_by_label("The teams need different names (capitals aside)")
            .is_some()
    );
    assert_eq!(at(&h, &bao_fields), before);
    replace_field(&mut h, "North team name", "North");
    h.run();
    assert_eq!(at(&h, &bao_fields), before);

    // A preset chosen shows its note above the fields; a field changed
    // away from it takes the note away, and its line stays.
    h.get_by_label("En Gehé").click();
    h.run();
    h.get_by_label("Preset").click();
    h.run();
    let teaching = maasai_mancala::files::shipped_presets()
        .into_iter()
        .find(|p| p.options.variant == maasai_mancala::engine::Variant::EnGehe { holes: 12 })
        .expect("a 2×12 teaching preset ships");
    h.get_by_label(&teaching.name).click();
    h.run();
    assert!(h.query_by_label(&teaching.note).is_some());
    let before = at(&h, &en_gehe_fields[..4]);
    replace_field(&mut h, "Holes per row", "9");
    h.run();
    assert!(h.query_by_label(&teaching.note).is_none(), "the note went");
    assert_eq!(
        at(&h, &en_gehe_fields[..4]),
        before,
        "the fields moved as the note went"
    );
}

#[test]
fn the_new_game_dialog_s_first_mover_and_long_lap_rule_start_the_game_they_say() {
    // RULES.md: North first and origin=skip are options of a new En Gehé
    // game; the dialog's radio button and box set them.
    let mut h = harness(en_gehe(6));
    h.run();
    open_new_game(&mut h);
    set_field(&mut h, "Holes per row", "5");
    set_field(&mut h, "Seeds per hole", "2");
    h.get_by(|n| {
        n.role() == egui::accesskit::Role::RadioButton && n.label().as_deref() == Some("North")
    })
    .click();
    h.get_by_label("skip the starting hole (origin=skip)")
        .click();
    h.run();
    h.get_by_label("Start game").click();
    h.run();
    assert!(h.state().rt.new_game.is_none());
    assert_eq!(
        h.state().rt.game.current().to_string(),
        "en-gehe south=2,2,2,2,2 north=2,2,2,2,2 captured=0,0 turn=north origin=skip"
    );
    // Bao la Kimasai keeps the box: its long laps skip their origin too.
    open_new_game(&mut h);
    h.get_by_label("Bao la Kimasai").click();
    h.run();
    h.get_by_label("Start game").click();
    h.run();
    assert_eq!(
        h.state().rt.game.current().to_string(),
        "bao-la-kimasai south=1,1,1,1,1,1,1,1,0,0,0,0,0,0,0,0 north=1,1,1,1,1,1,1,1,0,0,0,0,0,0,0,0 reserve=24,24 turn=south opening=yes origin=skip"
    );
}

#[test]
fn one_enter_in_a_new_game_field_takes_what_was_typed_and_starts() {
    // Enter while a field is being typed in: the typed value is taken and
    // the game starts at once (it used to only end the typing, so that a
    // second Enter was needed).
    let mut h = harness(en_gehe(6));
    h.run();
    open_new_game(&mut h);
    set_field(&mut h, "Holes per row", "3");
    assert!(h.ctx.text_edit_focused(), "the field is being typed in");
    h.key_press(egui::Key::Enter);
    h.run();
    assert!(h.state().rt.new_game.is_none(), "one Enter starts the game");
    assert_eq!(h.state().rt.game.current().holes_per_side(), 3);

    // So does Enter in a team name.
    open_new_game(&mut h);
    set_field(&mut h, "North team name", "Lions");
    h.key_press(egui::Key::Enter);
    h.run();
    assert!(h.state().rt.new_game.is_none());
    assert_eq!(h.state().rt.names[1], "Lions");

    // Enter in a preset's name only ends the typing there: a preset is
    // saved with its button, and a half-typed name starts nothing.
    open_new_game(&mut h);
    set_field(&mut h, "Preset name", "Thr");
    h.key_press(egui::Key::Enter);
    h.run();
    assert!(h.state().rt.new_game.is_some());
    assert!(!h.ctx.text_edit_focused(), "the typing has ended");
    // The next Enter, with no field focused, starts the game.
    h.key_press(egui::Key::Enter);
    h.run();
    assert!(h.state().rt.new_game.is_none());
}

#[test]
fn the_new_game_dialog_offers_every_level_and_keeps_a_sides_choice() {
    // Random and Greedy (the match command's) could not be chosen in the
    // window, and Human then Computer again came back as Club, 1.0 s.
    use maasai_mancala::app::players::Player;
    use maasai_mancala::search::Level;
    let mut h = harness(en_gehe(6));
    h.run_steps(2);
    h.state_mut().queue(AppCommand::OpenNewGame);
    h.run_steps(3);
    let north = |h: &Harness<'_, MaasaiApp>| h.state().rt.new_game.as_ref().unwrap().players[1];
    h.get_all_by_label("Computer").nth(1).unwrap().click();
    h.run();
    h.get_by_label("North computer's level").click();
    h.run();
    for level in ["Random", "Greedy", "Beginner", "Club", "Strong"] {
        assert!(h.query_by_label(level).is_some(), "{level} not offered");
    }
    h.get_by_label("Master").click();
    h.run();
    assert!(matches!(
        north(&h),
        Player::Computer {
            level: Level::Master,
            ..
        }
    ));
    h.get_all_by_label("Human").nth(1).unwrap().click();
    h.run();
    assert_eq!(north(&h), Player::Human);
    h.get_all_by_label("Computer").nth(1).unwrap().click();
    h.run();
    assert!(
        matches!(
            north(&h),
            Player::Computer {
                level: Level::Master,
                ..
            }
        ),
        "{:?}",
        north(&h)
    );
    // Random does not think: no time to set.
    let time = (egui::accesskit::Role::SpinButton, "per move");
    let times = |h: &Harness<'_, MaasaiApp>| h.query_all_by_role_and_label(time.0, time.1).count();
    let with_time = times(&h);
    h.get_by_label("North computer's level").click();
    h.run();
    h.get_by_label("Random").click();
    h.run();
    assert!(matches!(
        north(&h),
        Player::Computer {
            level: Level::Random,
            ..
        }
    ));
    assert_eq!(times(&h), with_time - 1);
}

/// A computer player's thinking-time field, as found by role and label.
const THINKING_TIME: (egui::accesskit::Role, &str) =
    (egui::accesskit::Role::SpinButton, "per move");

/// The New game dialog open on a 2×6 board, North's player set to
/// Computer (South, the human, opens: nothing moves before the settings
/// are read).
fn new_game_with_north_computer() -> Harness<'static, MaasaiApp> {
    let mut h = harness(en_gehe(6));
    h.state_mut().settings.speed = INSTANT_SPEED;
    h.run_steps(2);
    h.state_mut().queue(AppCommand::OpenNewGame);
    h.run_steps(3);
    h.get_all_by_label("Computer").nth(1).unwrap().click();
    h.run();
    h
}

#[test]
fn one_enter_in_a_thinking_time_being_typed_takes_it_and_starts() {
    // A number typed into a computer player's thinking time (a drag value
    // being edited) is taken by the same Enter that starts the game.
    let mut h = new_game_with_north_computer();
    // (`run`'s accessibility check once refused the level box, which had
    // no name.)
    assert!(h.query_by_label("North computer's level").is_some());
    // The time's box (the speed's, disabled behind the dialog, is one too).
    let (role, label) = THINKING_TIME;
    h.get_by_role_and_label(role, label).focus();
    h.run_steps(2);
    assert!(h.ctx.text_edit_focused(), "the thinking time is typed in");
    // In seconds, as the slider shows them ("1000 ms" read against the
    // players' bar's "up to 1.0 s").
    h.get_by_role_and_label(role, label).type_text("2.5");
    h.run_steps(2);
    h.key_press(egui::Key::Enter);
    h.run_steps(2);
    assert!(h.state().rt.new_game.is_none(), "one Enter starts the game");
    assert!(
        matches!(
            h.state().settings.players[1],
            maasai_mancala::app::players::Player::Computer {
                movetime_ms: 2500,
                ..
            }
        ),
        "{:?}",
        h.state().settings.players[1]
    );
}

#[test]
fn a_typed_thinking_time_that_is_no_time_is_said_and_enter_starts_nothing() {
    // "abc" (or "0") and Enter put the time back without a word, and the
    // same Enter started the game with it.
    let mut h = new_game_with_north_computer();
    let type_time = |h: &mut Harness<'static, MaasaiApp>, text: &str| {
        let (role, label) = THINKING_TIME;
        h.get_by_role_and_label(role, label).focus();
        h.run_steps(2);
        h.get_by_role_and_label(role, label).type_text(text);
        h.run_steps(2);
        // Read once typed, not at every key.
        let said = format!("“{text}” is not a thinking time");
        assert!(h.query_by_label_contains(&said).is_none(), "{text}");
        h.key_press(egui::Key::Enter);
        h.run_steps(2);
    };
    let time = |h: &Harness<'static, MaasaiApp>| match h
        .state()
        .rt
        .new_game
        .as_ref()
        .unwrap()
        .players[1]
    {
        maasai_mancala::app::players::Player::Computer { movetime_ms, .. } => movetime_ms,
        other => panic!("{other:?}"),
    };
    type_time(&mut h, "abc");
    assert!(
        h.state().rt.new_game.is_some(),
        "the Enter started the game"
    );
    assert!(
        h.query_by_label("“abc” is not a thinking time: 50 ms to 10.0 s")
            .is_some(),
        "not said"
    );
    assert_eq!(time(&h), 1000);
    // A level that does not search has no time: nothing to say of one.
    h.get_by_label("North computer's level").click();
    h.run();
    h.get_by_label("Random").click();
    h.run();
    assert!(
        h.query_by_label_contains("is not a thinking time")
            .is_none()
    );
    h.get_by_label("North computer's level").click();
    h.run();
    h.get_by_label("Club").click();
    h.run();
    // Out of the range too: 0 was put at 50 ms without a word.
    type_time(&mut h, "0");
    assert!(h.state().rt.new_game.is_some());
    assert!(
        h.query_by_label("“0” is not a thinking time: 50 ms to 10.0 s")
            .is_some()
    );
    assert_eq!(time(&h), 1000);
    // A time that is one is taken, the refusal goes, and Enter starts.
    type_time(&mut h, "250 ms");
    assert!(
        h.state().rt.new_game.is_none(),
        "a good time and Enter start the game"
    );
    assert!(matches!(
        h.state().settings.players[1],
        maasai_mancala::app::players::Player::Computer {
            movetime_ms: 250,
            ..
        }
    ));
}

#[test]
fn enter_after_a_refused_value_starts_nothing() {
    let mut h = harness(en_gehe(6));
    h.run();
    open_new_game(&mut h);
    set_field(&mut h, "Holes per row", "99");
    h.key_press(egui::Key::Enter);
    h.run_steps(2);
    assert!(h.state().rt.new_game.is_some(), "the dialog stays");
    assert_eq!(h.state().rt.game.current().holes_per_side(), 6);
    assert!(
        h.query_by_label("Holes per row must be 3 to 64, not 99")
            .is_some(),
        "the refusal is said"
    );
    // Nor does a second Enter, with no field focused.
    h.key_press(egui::Key::Enter);
    h.run_steps(2);
    assert!(h.state().rt.new_game.is_some());
    // Fixed, it starts.
    set_field(&mut h, "Holes per row", "7");
    h.key_press(egui::Key::Enter);
    h.run();
    assert!(h.state().rt.new_game.is_none());
    assert_eq!(h.state().rt.game.current().holes_per_side(), 7);
}

#[test]
fn the_council_previews_nothing_behind_the_new_game_dialog() {
    // An advisor or a ranked move hovered outside the New game window
    // (behind its shade) must not change the line under the board.
    let mut h = harness_at(
        parse_position(
            "en-gehe south=4,0,5,6,1,4,3,2 north=2,5,0,4,4,6,1,3 captured=6,2 turn=south",
        )
        .unwrap(),
        // Tall enough for the ranked moves to show under the advisors.
        [1600.0, 1300.0],
    );
    h.state_mut().settings.show_council = true;
    h.state_mut().council.max_depth = Some(2);
    step_until(&mut h, "the council's search", |app| {
        app.council.analysis().is_some_and(|a| a.finished)
    });
    h.run_steps(2);
    let idle = "Hover a hole to preview its move.";
    // The rows hovered: an advisor's card, and a ranked move's line (its
    // last cell).
    let report = h.state().council.report().unwrap().clone();
    let variant = h.state().rt.game.current().variant();
    let fact = report
        .facts
        .iter()
        .find(|f| f.line.is_some())
        .expect("a ranked move");
    let line = fact.line.as_ref().unwrap().pv.iter();
    let line: Vec<String> = line.map(|&m| variant.move_name(m)).collect();
    let line = line.join(" ");
    let rows = [("The Elder", report.advice[0].mv), (line.as_str(), fact.mv)];
    // Without a dialog, each previews its move.
    for (label, mv) in rows {
        h.get_by_label(label).hover();
        h.run_steps(2);
        assert_eq!(
            h.state().rt.preview.as_ref().map(|p| p.mv),
            Some(mv),
            "{label}"
        );
        assert!(h.query_by_label(idle).is_none(), "{label}");
    }
    h.hover_at(egui::pos2(1.0, 1.0));
    h.run_steps(2);
    assert!(h.query_by_label(idle).is_some());

    h.state_mut().queue(AppCommand::OpenNewGame);
    h.run_steps(2);
    let dialog = h.state().rt.new_game.as_ref().unwrap().rect.unwrap();
    for (label, _) in rows {
        let row = h.get_by_label(label).rect();
        assert!(!row.intersects(dialog), "{label} lies under the dialog");
        h.get_by_label(label).hover();
        h.run_steps(2);
        assert!(h.state().rt.preview.is_none(), "{label} previews");
        assert!(h.query_by_label(idle).is_some(), "{label}");
    }

    // Nor under a modal question's shade: New game on a game with a move
    // played asks "Save your changes?" first.
    h.state_mut().queue(AppCommand::CloseNewGame);
    h.state_mut().settings.speed = INSTANT_SPEED;
    h.state_mut()
        .queue(AppCommand::PlayMove(report.advice[0].mv));
    // (The move played, the council starts again on North's turn.)
    h.run_steps(2);
    assert_eq!(h.state().rt.game.moves().len(), 1);
    step_until(&mut h, "the council's search for North", |app| {
        app.council.analysis().is_some_and(|a| a.finished)
    });
    h.run_steps(2);
    let north = h.state().council.report().unwrap().advice[0].mv;
    h.get_by_label("The Elder").hover();
    h.run_steps(2);
    assert_eq!(h.state().rt.preview.as_ref().map(|p| p.mv), Some(north));
    h.hover_at(egui::pos2(1.0, 1.0));
    open_new_game(&mut h);
    assert!(h.query_by_label("Discard changes").is_some());
    h.get_by_label("The Elder").hover();
    h.run_steps(2);
    assert!(h.state().rt.preview.is_none(), "the Elder previews");
    // The line under the board says how the move played ended, not a
    // preview.
    let replay = h.state().rt.shown_replay().expect("the move's replay");
    let ended = format!(
        "Move 1 (hole {}) — {}",
        variant.move_name(replay.trace.mv),
        replay.caption()
    );
    assert!(h.query_by_label_contains(&ended).is_some(), "{ended}");
}

#[test]
fn snapshot_en_gehe_2x50_start() {
    let mut h = harness(en_gehe(50));
    h.run();
    h.snapshot("en_gehe_2x50_start");
}

#[test]
fn snapshot_counts_too_wide_for_a_2x50_hole_run_up_it() {
    // Three digits still fit upright, smaller; four and five would be too
    // small to read upright, so they run up the hole in place of the pile.
    let mut south = vec![4u64; 50];
    south[..4].copy_from_slice(&[12345, 14321, 9999, 888]);
    let mut north = vec![4u64; 50];
    north[46..].copy_from_slice(&[13456, 777, 5000, 4]);
    let row = |r: &[u64]| r.iter().map(u64::to_string).collect::<Vec<_>>().join(",");
    let text = format!(
        "en-gehe south={} north={} captured=0,0 turn=south",
        row(&south),
        row(&north)
    );
    let mut h = harness(text.parse().unwrap());
    h.run();
    h.snapshot("en_gehe_2x50_five_digit_counts");
}

#[test]
fn snapshot_a_zoomed_2x50_row_shows_it_runs_on() {
    // Zoomed in, the row runs past both sides of its area: each side
    // fades under an arrow that says the board goes on there (it is
    // panned by dragging or with the wheel).
    let mut h = zoomed_in(en_gehe(50), 2.0);
    h.run();
    h.snapshot("en_gehe_2x50_zoomed");
}

#[test]
fn snapshot_a_zoomed_bao_board_shows_it_runs_on_above_and_below() {
    // Zoomed in, Bao la Kimasai's four rows run past the area's top and
    // bottom as well as its sides: each such edge has its fade and arrow.
    let mut h = zoomed_in(GameOptions::bao_la_kimasai().start().unwrap(), 2.5);
    h.run();
    h.snapshot("bao_la_kimasai_zoomed");
}

#[test]
fn snapshot_bao_la_kimasai_start() {
    let mut h = harness(GameOptions::bao_la_kimasai().start().unwrap());
    h.run();
    h.snapshot("bao_la_kimasai_start");
}

/// The window on `position` with the move from `hole` (its label) started
/// and paused at its first step.
fn paused_on(position: &str, hole: &str) -> Harness<'static, MaasaiApp> {
    let mut h = fine_harness(parse_position(position).unwrap(), SNAPSHOT_SIZE);
    start_paused(&mut h, hole);
    h
}

#[test]
fn snapshot_the_capture_as_the_next_step() {
    // Paused with the capture next: the facing hole is ringed as taken and
    // no hole shows a pebble more than its count (a pebble meant to fly
    // home was drawn at rest over the hole's own).
    let mut h = paused_on(
        "en-gehe south=1,0,0,0,1 north=0,0,0,2,1 captured=0,0 turn=south",
        "South 1: 1 seed",
    );
    h.get_by_label("Step seed >").click();
    h.run();
    let r = h.state().rt.shown_replay().expect("the move is on view");
    assert!(r.capture_next());
    assert!(
        r.caption().ends_with("the capture is next"),
        "{}",
        r.caption()
    );
    h.snapshot("en_gehe_capture_next");
}

#[test]
fn snapshot_mid_animation() {
    let mut h = fine_harness(en_gehe(12), SNAPSHOT_SIZE);
    start_paused(&mut h, "South 5: 4 seeds");
    h.get_by_label("Step lap >>").click();
    h.step();
    h.get_by_label("Step seed >").click();
    h.step();
    h.get_by_label("Step seed >").click();
    h.run();
    h.snapshot("en_gehe_mid_animation");
}

#[test]
fn snapshot_bao_hand_over_an_outer_hole_names_it() {
    // The badge of the seeds in hand over an outer hole lies over the
    // hole's name (the board has no room beyond it), so it says the name.
    let mut h = fine_harness(
        GameOptions::bao_la_kimasai().start().unwrap(),
        SNAPSHOT_SIZE,
    );
    start_paused(&mut h, "South i7: 1 seed");
    h.get_by_label("|< Start").click();
    h.step();
    for _ in 0..2 {
        h.get_by_label("Step seed >").click();
        h.step();
    }
    h.run();
    let r = h.state().rt.shown_replay().expect("a replay on view");
    assert_eq!(r.in_hand(), 1, "one seed left in hand");
    h.snapshot("bao_hand_over_outer_hole");
}

/// Renders the README's pictures into `docs/` (run by `scripts/screenshots`).
#[test]
#[ignore = "writes docs/*.png; run by scripts/screenshots"]
fn docs_screenshots() {
    let docs = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("docs");
    std::fs::create_dir_all(&docs).unwrap();
    let save = |h: &mut Harness<'_, MaasaiApp>, name: &str| {
        let image = h.render().expect("rendering with wgpu");
        image.save(docs.join(name)).unwrap();
    };

    let mut h = harness(en_gehe(50));
    h.run();
    save(&mut h, "en-gehe-2x50.png");

    let mut h = sowing_instantly(GameOptions::bao_la_kimasai().start().unwrap());
    // A few herding moves so the board has something to show.
    for mv in ["i1", "i3", "i5"] {
        h.event(egui::Event::Text(mv.into()));
        h.key_press(egui::Key::Enter);
        h.run();
    }
    assert_eq!(
        h.state().rt.game.moves().len(),
        3,
        "{:?}",
        h.state().rt.notice
    );
    save(&mut h, "bao-la-kimasai.png");

    let mut h = fine_harness(en_gehe(12), SNAPSHOT_SIZE);
    start_paused(&mut h, "South 5: 4 seeds");
    for _ in 0..2 {
        h.get_by_label("Step lap >>").click();
        h.step();
    }
    for _ in 0..3 {
        h.get_by_label("Step seed >").click();
        h.step();
    }
    h.run();
    save(&mut h, "relay-animation.png");

    save(&mut docs_council(), "council.png");
    save(&mut docs_position_editor(), "position-editor.png");
    save(&mut docs_study_and_plot(), "study-and-plot.png");
}

/// The size of the README's pictures with panels beside or under the board.
const DOCS_WIDE: [f32; 2] = [1500.0, 860.0];

/// The council under a 2×50 board, its search done, the Elder's move
/// hovered: the preview traces its last lap on the board.
fn docs_council() -> Harness<'static, MaasaiApp> {
    let mut h = harness_at(en_gehe(50), DOCS_WIDE);
    h.state_mut().settings.show_council = true;
    h.state_mut().council.max_depth = Some(4);
    step_until(&mut h, "the council's search", |app| {
        app.council.analysis().is_some_and(|a| a.finished)
    });
    h.run_steps(2);
    let elder = h.state().council.report().expect("a council report").advice[0].clone();
    assert_eq!(elder.advisor.name, "The Elder");
    // The pointer rests in the Elder's card under its last line, clear of
    // its text (over the name it would hide it).
    let at = h.get_by_label(&elder.reason).rect().right_bottom() + egui::vec2(-12.0, 2.0);
    h.hover_at(at);
    step_until(&mut h, "the Elder's move previewed", |app| {
        app.rt.preview.as_ref().is_some_and(|p| p.mv == elder.mv)
    });
    h.run_steps(2);
    h
}

/// The position editor on Bao la Kimasai's start with a few seeds changed
/// and a hole selected, the position checked legal.
fn docs_position_editor() -> Harness<'static, MaasaiApp> {
    let mut h = harness(GameOptions::bao_la_kimasai().start().unwrap());
    h.run();
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::E);
    h.run();
    assert!(h.state().editor.is_some(), "Ctrl+E opens the editor");
    h.get_by_label("South i5: 1 seed").click();
    h.run();
    h.get_by_label("South i5: 2 seeds").click();
    h.run();
    // A right-click takes i6's seed away and leaves the hole selected
    // (typed digits would set its count).
    h.get_by_label("South i6: 1 seed").click_secondary();
    h.run();
    assert!(h.query_by_label("South i6: 0 seeds").is_some());
    step_until(&mut h, "the editor's check", |app| {
        app.editor.as_ref().is_some_and(|ed| !ed.check().checking())
    });
    h.run();
    assert!(
        h.query_by_label_contains("Legal — Play from here")
            .is_some(),
        "{:?}",
        h.state().editor.as_ref().unwrap().check().problems
    );
    h.remove_cursor();
    h.run();
    h
}

/// The 2×50 tempo study read as a book, with the tempo and captures plots
/// and the solver's value, line and value of every move.
fn docs_study_and_plot() -> Harness<'static, MaasaiApp> {
    let (studies, errors) = shipped_studies();
    assert!(errors.is_empty(), "{errors:?}");
    let study = studies
        .into_iter()
        .find(|s| s.origin.ends_with("08-2x50-tempo-sacrifice.ron"))
        .expect("the 2×50 study");
    // Taller than the council's picture: the solver shares its column with
    // the move list, and its value of every move needs the height.
    let mut h = harness_at(GameOptions::default().start().unwrap(), [1500.0, 960.0]);
    h.state_mut().solver.session = Some(Session::with_solver(Solver::with_table_bits(20)));
    h.state_mut().settings.show_tempo_plot = true;
    h.state_mut().settings.show_solver = true;
    h.state_mut().queue(AppCommand::Study(StudyCommand::Start(
        Box::new(study.clone()),
        Mode::Book,
    )));
    h.run_steps(3);
    let pos = study.start;
    h.get_by_label("Solve").click();
    step_until(&mut h, "the solve", |app| {
        app.solver.solution(&pos).is_some()
    });
    h.run_steps(2);
    h.get_by_label("Value of every move").scroll_to_me();
    h.run_steps(2);
    h.get_by_label("Value of every move").click();
    let moves = pos.legal_moves().len();
    step_until(&mut h, "every move's value", |app| {
        app.solver.move_values(&pos).len() == moves && !app.solver.running()
    });
    h.remove_cursor();
    h.run_steps(3);
    h
}

/// The result window must not lie over the board when the area has room
/// beside, above or below it.
fn result_window_clears_the_board(start: &str, hole: &str, size: [f32; 2]) {
    let start = parse_position(start).unwrap();
    let mut h = harness_at(start, size);
    h.state_mut().settings.speed = INSTANT_SPEED;
    h.run();
    h.get_by_label(hole).click();
    h.run();
    h.run();
    let (_, board) = h.state().rt.board_area.expect("drawn");
    // The window's own node carries its title.
    let window = h.get_by_label("Game over").rect();
    assert!(
        !window.intersects(board),
        "window {window:?} over the board {board:?}"
    );
}

#[test]
fn the_result_window_opens_beside_a_long_board() {
    // 2×40 at the window's usual size: room above and below the board.
    let south = format!("1,0,0,0,0,0,0,0,0,1{}", ",0".repeat(30));
    let north = format!("{},1,0", vec!["0"; 38].join(","));
    result_window_clears_the_board(
        &format!("en-gehe south={south} north={north} captured=150,148 turn=south"),
        "South 1: 1 seed",
        [1500.0, 860.0],
    );
}

#[test]
fn a_short_board_makes_room_under_it_for_the_result_window() {
    // A 2×8 board fills the area's width, its height leaving too little
    // room above or below: the board shrinks while the window is shown.
    let start = "en-gehe south=0,0,0,0,0,0,1,0 north=1,0,0,0,0,0,0,0 captured=30,32 turn=south";
    result_window_clears_the_board(start, "South 7: 1 seed", [1500.0, 860.0]);
    let start = parse_position(start).unwrap();
    let mut h = harness_at(start, [1500.0, 860.0]);
    h.state_mut().settings.speed = INSTANT_SPEED;
    h.run();
    let (_, before) = h.state().rt.board_area.expect("drawn");
    h.get_by_label("South 7: 1 seed").click();
    h.run();
    h.run();
    let (_, shown) = h.state().rt.board_area.expect("drawn");
    assert!(shown.width() < before.width(), "{shown:?} {before:?}");
    // Dismissed, the board takes its room back.
    h.get_by_label("Dismiss").click();
    h.run();
    let (_, after) = h.state().rt.board_area.expect("drawn");
    assert_eq!(after, before);
}

#[test]
fn the_result_window_hides_little_of_a_board_that_leaves_no_room() {
    // Bao la Kimasai's board fills the area: the window goes to a corner
    // of it, over the least of the board.
    let start = parse_position(
        "bao-la-kimasai south=0,1,1,0,0,0,0,0,0,0,0,0,0,0,0,2 north=0,0,0,0,0,1,0,0,3,0,0,0,0,0,0,0 reserve=0,0 turn=south opening=no",
    )
    .unwrap();
    let mut h = harness_at(start, [1500.0, 860.0]);
    h.state_mut().settings.speed = INSTANT_SPEED;
    h.state_mut().rt.names[0] = "Ilkisongo".into();
    h.run();
    h.get_by_label("South i2: 1 seed").click();
    h.run();
    h.run();
    let (area, board) = h.state().rt.board_area.expect("drawn");
    let window = h.get_by_label("Game over").rect();
    assert!(area.contains_rect(window), "{window:?} in {area:?}");
    let hidden = window.intersect(board);
    assert!(
        hidden.area() < 0.5 * window.area(),
        "{window:?} hides {hidden:?} of {board:?}"
    );
    // The status line under the board, which says the result too, is clear.
    assert!(
        h.query_all_by_label_contains("North's inner row is empty")
            .any(|n| !window.intersects(n.rect()))
    );
    // The move list counts the raided seeds (a move may raid more than
    // once); in its narrow column the sowing's figures give way to them.
    let row = h
        .query_by_label_contains("1. Ilkisongo i2 — ")
        .and_then(|row| row.accesskit_node().label());
    assert!(
        row.as_deref()
            .is_some_and(|t| t.ends_with(", raids 1 seed") || t.ends_with("— raids 1 seed")),
        "{row:?}"
    );
    // The result names the winning team as the board does.
    assert_eq!(
        h.query_all_by_label("Ilkisongo (South) wins: North's inner row is empty.")
            .count(),
        2,
        "under the board and in the window"
    );
}

#[test]
fn the_game_over_panel_stays_until_dismissed() {
    // South's last seed ends the game: North's row is empty, so the seed
    // left on the board goes to South, the last mover: 6–6, a draw.
    let start = parse_position("en-gehe south=1,0,0 north=0,0,0 captured=5,6 turn=south").unwrap();
    let mut h = sowing_instantly(start);
    assert!(h.query_by_label("• to move").is_some());
    h.get_by_label("South 1: 1 seed").click();
    h.run();
    h.run();
    assert!(h.query_by_label_contains("A draw").is_some());
    // The game is over: nobody is marked as to move.
    assert!(h.query_by_label("• to move").is_none());
    assert!(
        h.query_all_by_label_contains("takes the 1 seed left")
            .count()
            >= 1
    );
    // No next move is numbered, and a click on a hole says why it plays
    // nothing (not whose turn it would be).
    assert!(
        h.query_by_label("Game over after 1 move — En Gehé")
            .is_some()
    );
    h.get_by_label("North 2: 0 seeds").click();
    h.run();
    assert_eq!(
        h.state().rt.notice.as_deref(),
        Some("The game is over: nobody is to move")
    );
    // The board stays browsable; the panel goes while an earlier position
    // is on view, or the last move is replayed, and comes back with the
    // end.
    h.get_by_label("Start position").click();
    h.run();
    assert_eq!(h.state().rt.view, 0);
    assert!(h.query_by_label("Dismiss").is_none(), "over the start");
    // The reason given for the last position goes with it.
    h.run();
    assert_eq!(h.state().rt.notice, None);
    h.key_press(egui::Key::End);
    h.run();
    assert!(h.state().rt.live());
    assert!(h.query_by_label("Dismiss").is_some(), "at the end");
    h.key_press(egui::Key::Home);
    h.run();
    assert!(
        h.query_by_label("Dismiss").is_none(),
        "the last move replayed"
    );
    h.key_press(egui::Key::End);
    h.run();
    assert!(h.query_by_label("Dismiss").is_some(), "at the end again");
    // The end of the game starts a review on a thread; the picture is taken
    // once its note is in the move list, so it is the same on every run.
    step_until(&mut h, "the end-of-game review", |app| {
        app.council.review_done() && !app.rt.cost_notes.is_empty()
    });
    h.run();
    h.snapshot("en_gehe_game_over");
    // A dialog asking something hides it until answered.
    h.state_mut().queue(AppCommand::Files(
        maasai_mancala::app::files_ui::FileCommand::SaveAs,
    ));
    h.run_steps(2);
    assert!(h.state().dialog_open());
    assert!(
        h.query_by_label("Dismiss").is_none(),
        "the result over a dialog"
    );
    h.state_mut().files.path_prompt = None;
    h.run_steps(2);
    h.get_by_label("Dismiss").click();
    h.run();
    assert!(h.query_by_label_contains("A draw").is_none());
}

/// A 2×3 game whose last move, South 1, ends it in a draw, played: the
/// result window shown.
fn finished_game() -> Harness<'static, MaasaiApp> {
    let start = parse_position("en-gehe south=1,0,0 north=0,0,0 captured=5,6 turn=south").unwrap();
    let mut h = sowing_instantly(start);
    h.get_by_label("South 1: 1 seed").click();
    h.run_steps(4);
    assert!(h.query_by_label("Dismiss").is_some(), "the result is shown");
    h
}

#[test]
fn another_ending_as_long_as_a_dismissed_one_shows_its_result() {
    // South 1 and South 2 each end the game at once (North's row is empty),
    // in different positions. The panel's dismissal was kept by the game's
    // length alone, so the other ending, one move long too, showed none.
    let start = parse_position("en-gehe south=2,1,0 north=0,0,0 captured=5,5 turn=south").unwrap();
    let mut h = sowing_instantly(start);
    h.get_by_label("South 1: 2 seeds").click();
    h.run_steps(4);
    assert!(h.query_by_label("Dismiss").is_some(), "the first ending");
    h.get_by_label("Dismiss").click();
    h.run_steps(2);
    assert!(h.query_by_label("Dismiss").is_none());
    h.get_by_label("Start position").click();
    h.run();
    h.get_by_label("South 2: 1 seed").click();
    h.run();
    h.get_by_label("Play from here").click();
    h.run_steps(4);
    assert_eq!(h.state().rt.game.moves().len(), 1);
    assert!(h.state().rt.live());
    assert!(h.query_by_label("Dismiss").is_some(), "the other ending");
    // The same ending again, once dismissed, stays dismissed.
    h.get_by_label("Dismiss").click();
    h.run_steps(2);
    h.get_by_label("Start position").click();
    h.run();
    h.key_press(egui::Key::End);
    h.run_steps(2);
    assert!(h.query_by_label("Dismiss").is_none(), "dismissed again");
}

#[test]
fn esc_and_enter_dismiss_the_result_window_but_keys_meant_elsewhere_do_not() {
    // Help: "Esc / Enter in a dialog: cancel / take its first button";
    // the result window took neither. Its first button is Dismiss.
    let shown = |h: &Harness<'_, MaasaiApp>| h.query_by_label("Dismiss").is_some();
    let mut h = finished_game();
    h.key_press(egui::Key::Escape);
    h.run_steps(2);
    assert!(!shown(&h), "Esc left the result window");

    let mut h = finished_game();
    // A hole typed on the finished board takes its own Enter (the game
    // says why it plays nothing), and Esc clears a hole half typed.
    h.event(egui::Event::Text("2".into()));
    h.run_steps(2);
    h.key_press(egui::Key::Enter);
    h.run_steps(2);
    assert_eq!(
        h.state().rt.notice.as_deref(),
        Some("The game is over: nobody is to move")
    );
    assert!(
        shown(&h),
        "the typed move's Enter went to the result window"
    );
    h.event(egui::Event::Text("3".into()));
    h.run_steps(2);
    h.key_press(egui::Key::Escape);
    h.run_steps(2);
    assert!(h.state().rt.typed.is_empty(), "Esc cleared the typed hole");
    assert!(shown(&h), "the typed hole's Esc went to the result window");
    // Keys typed into the comment box are the box's.
    h.get_by_label("Comment on move 1: South 1").focus();
    h.run_steps(2);
    h.key_press(egui::Key::Enter);
    h.run_steps(2);
    h.key_press(egui::Key::Escape);
    h.run_steps(2);
    assert!(
        shown(&h),
        "the comment box's keys went to the result window"
    );
    // Esc closes the help before anything else.
    h.state_mut().queue(AppCommand::ShowHelp(true));
    h.run_steps(4);
    h.key_press(egui::Key::Escape);
    h.run_steps(2);
    assert!(!h.state().rt.help_open, "Esc closed the help");
    assert!(shown(&h), "the help's Esc went to the result window");
    // And the study library, as a dialog.
    h.state_mut()
        .queue(AppCommand::Study(StudyCommand::ShowLibrary(true)));
    h.run_steps(4);
    assert!(h.state().studies.library_open);
    h.key_press(egui::Key::Escape);
    h.run_steps(2);
    assert!(!h.state().studies.library_open, "Esc closed the library");
    assert!(shown(&h), "the library's Esc went to the result window");
    // With nothing else taking it, Enter takes the first button.
    h.key_press(egui::Key::Enter);
    h.run_steps(2);
    assert!(!shown(&h), "Enter left the result window");
    assert!(h.state().rt.new_game.is_none(), "Enter opened a new game");
}

/// Panels a layout test opens around the board.
#[derive(Default)]
struct Panels {
    plot: bool,
    solver: bool,
    no_move_list: bool,
}

/// A 2×50 game at `size` with the council (at a shallow depth) and
/// `panels` open, a few frames on so that panel sizes have settled.
fn with_panels(size: [f32; 2], panels: Panels) -> Harness<'static, MaasaiApp> {
    let mut h = harness_at(en_gehe(50), size);
    let app = h.state_mut();
    app.settings.show_council = true;
    app.settings.show_tempo_plot = panels.plot;
    app.settings.show_solver = panels.solver;
    app.settings.show_move_list = !panels.no_move_list;
    app.council.max_depth = Some(2);
    h.run_steps(8);
    h
}

/// [`with_panels`] with the exact solver open too, beside the council and
/// the move list.
fn with_solver(size: [f32; 2]) -> Harness<'static, MaasaiApp> {
    with_panels(
        size,
        Panels {
            solver: true,
            ..Panels::default()
        },
    )
}

#[test]
fn panels_under_the_board_leave_it_readable_in_a_small_window() {
    // A 2×50 board with the council and the plot both docked under it, in
    // a laptop-sized window: the panels stop growing where the board would
    // become too small, so every hole keeps a usable size and the status
    // line stays above the council.
    // No move list: the board gets the whole width, so its height is what
    // limits it.
    let h = with_panels(
        [1280.0, 720.0],
        Panels {
            plot: true,
            no_move_list: true,
            ..Panels::default()
        },
    );
    let hole = h.get_by_label("South 25: 4 seeds").rect();
    // A hole is 1.5 hole pitches tall; the least pitch is 20 pixels.
    assert!(hole.height() >= 29.0, "hole squeezed to {hole:?}");
    let north = h.get_by_label("North 25: 4 seeds").rect();
    assert!(north.bottom() <= hole.top(), "{north:?} {hole:?}");
    let status = h
        .get_by_label("South to move: click a hole or type its number and press Enter")
        .rect();
    let council = h.get_by_label("The council").rect();
    assert!(hole.bottom() < status.top(), "{hole:?} {status:?}");
    assert!(status.bottom() <= council.top(), "{status:?} {council:?}");
}

#[test]
fn the_council_beside_a_bao_board_leaves_the_board_its_room() {
    // The council sits under a 2×50 board and beside a Bao la Kimasai one.
    // Switching games must not carry the full-width panel's size over to
    // the side panel, which would leave the new board no room at all.
    let mut h = with_solver([1280.0, 720.0]);
    let council = h.get_by_label("The council").rect();
    let hole = h.get_by_label("South 25: 4 seeds").rect();
    assert!(
        council.top() > hole.bottom(),
        "council not under the 2×50 board"
    );
    h.state_mut().queue(AppCommand::NewGame(
        GameOptions::bao_la_kimasai(),
        ["South".into(), "North".into()],
    ));
    h.run_steps(8);
    let council = h.get_by_label("The council").rect();
    let hole = h.get_by_label("South i1: 1 seed").rect();
    assert!(
        council.right() <= hole.left(),
        "council not beside the board"
    );
    // A hole is about 0.9 pitches wide; the least pitch is 20 pixels.
    assert!(hole.width() >= 17.0, "hole squeezed to {hole:?}");
}

#[test]
fn panels_beside_a_long_row_stop_where_its_holes_get_too_close() {
    // The solver and the move list beside a 2×50 board: at their default
    // widths the holes would be about 12 px apart; they stop growing where
    // the holes are 15 px apart.
    let h = with_solver([1280.0, 860.0]);
    let a = h.get_by_label("South 25: 4 seeds").rect();
    let b = h.get_by_label("South 26: 4 seeds").rect();
    let pitch = b.center().x - a.center().x;
    assert!(pitch >= 14.5, "holes {pitch} px apart");
}

#[test]
fn the_solver_and_the_move_list_share_one_column_beside_the_board() {
    // As two full-height columns they squeezed a 2×50 row to 15 px a hole
    // (the least) while their height went unused; stacked, the solver
    // above the moves, they leave the row more.
    let h = with_solver([1600.0, 1000.0]);
    let solver = h.get_by_label("Exact solver").rect();
    let moves = h.get_by_label("Moves").rect();
    assert!(solver.bottom() <= moves.top(), "{solver:?} {moves:?}");
    assert!(
        (solver.left() - moves.left()).abs() < 1.0,
        "{solver:?} {moves:?}"
    );
    let a = h.get_by_label("South 25: 4 seeds").rect();
    let b = h.get_by_label("South 26: 4 seeds").rect();
    let pitch = b.center().x - a.center().x;
    assert!(pitch >= 17.0, "holes {pitch} px apart");
    assert!(a.right() < solver.left(), "{a:?} {solver:?}");
    // So they do in the smallest window the README promises (1024×680),
    // where the row then fits whole.
    let h = with_solver([1024.0, 680.0]);
    let solver = h.get_by_label("Exact solver").rect();
    let moves = h.get_by_label("Moves").rect();
    assert!(solver.bottom() <= moves.top(), "{solver:?} {moves:?}");
    // In a shorter one the column would leave each too little height:
    // they stand side by side.
    let h = with_solver([1600.0, 540.0]);
    let solver = h.get_by_label("Exact solver").rect();
    let moves = h.get_by_label("Moves").rect();
    assert!(solver.left() > moves.right(), "{solver:?} {moves:?}");
}

#[test]
fn a_long_comment_and_the_notes_stay_inside_the_column_under_the_solver() {
    // Under the solver the moves get what they ask for; a long comment with
    // the notes open once ran past the column's foot and over the rows.
    let mut h = with_solver([1600.0, 1000.0]);
    h.state_mut().settings.speed = INSTANT_SPEED;
    for _ in 0..3 {
        let mv = h.state().rt.game.current().legal_moves()[0];
        h.state_mut().queue(AppCommand::PlayMove(mv));
        h.run_steps(4);
    }
    let long = "A long comment that wraps over many lines of the narrow column. ".repeat(6);
    h.state_mut().queue(AppCommand::SetComment(3, long));
    h.state_mut().queue(AppCommand::ViewMove(2));
    h.run_steps(4);
    h.get_by_label("Event and notes").click();
    h.run_steps(8);
    let column_foot = h.get_by_label("|< Start").rect().top();
    // The label and the box it names.
    let comment = h
        .get_all_by_label_contains("Comment on move 3")
        .map(|n| n.rect())
        .reduce(|a, b| a.union(b))
        .expect("the comment");
    let header = h.get_by_label("Event and notes").rect();
    let last_row = h.get_by_label_contains("3. South").rect();
    let notes = h.get_by_label("Notes").rect();
    let solver = h.get_by_label("Exact solver").rect();
    assert!(
        last_row.bottom() <= comment.top(),
        "{last_row:?} {comment:?}"
    );
    // (The box scrolls its text: its widget reaches past what it shows.)
    assert!(comment.top() < header.top(), "{comment:?} {header:?}");
    assert!(
        notes.bottom() <= column_foot,
        "{notes:?} foot {column_foot}"
    );
    assert!(solver.bottom() <= last_row.top(), "{solver:?} {last_row:?}");
    // The notes' header keeps its state when the solver is put away.
    h.state_mut().settings.show_solver = false;
    h.run_steps(4);
    assert!(h.query_by_label("Notes").is_some(), "the notes closed");
}

#[test]
fn the_lines_around_a_narrow_board_stay_clear_of_the_panels_under_it() {
    // In the smallest window, with a study, the solver and the move list
    // beside the board, the status line wraps; the board area makes room
    // for the lines it really has, not for the four it has when wide.
    let mut h = with_panels(
        [1024.0, 680.0],
        Panels {
            plot: true,
            solver: true,
            ..Panels::default()
        },
    );
    let (studies, _) = shipped_studies();
    let study = studies
        .into_iter()
        .find(|s| s.origin.ends_with("08-2x50-tempo-sacrifice.ron"))
        .expect("the 2×50 study");
    let notice = format!("Study: {}", study.file.title);
    h.state_mut().queue(AppCommand::Study(StudyCommand::Start(
        Box::new(study),
        Mode::Book,
    )));
    h.run_steps(8);
    let status = h
        .get_by_label("South to move: click a hole or type its number and press Enter")
        .rect();
    let move_number = h.get_by_label("Move 1 — En Gehé").rect();
    assert!(
        status.height() > 1.5 * move_number.height(),
        "the status line did not wrap: {status:?}"
    );
    let last_line = h.get_by_label(&notice).rect();
    let council = h.get_by_label("The council").rect();
    assert!(
        last_line.bottom() <= council.top(),
        "{last_line:?} {council:?}"
    );
}

#[test]
fn the_animation_line_stays_inside_the_smallest_window() {
    // The animation controls are one line; their hint (and a sowing's
    // caption) is cut short with "…" rather than run past the window's edge.
    let h = harness_at(en_gehe(50), [1024.0, 680.0]);
    let (_, hint) = strip_hint(&h).expect("a hint at 1024 px");
    assert!(
        hint.right() <= 1024.0,
        "hint runs out of the window: {hint:?}"
    );
}

#[test]
fn the_tempo_plot_s_axis_groups_digits_as_the_board_does() {
    // The board said "tempo 4,900", the plot's axis "4900" and "4930".
    let mut h = harness_at(GameOptions::default().start().unwrap(), [1600.0, 1000.0]);
    h.state_mut().settings.show_tempo_plot = true;
    h.run_steps(3);
    let mut painted = Vec::new();
    for clipped in &h.output().shapes {
        painted_galleys(&clipped.shape, &mut painted);
    }
    let texts: Vec<&str> = painted.iter().map(|g| g.job.text.as_str()).collect();
    let axis_marks: Vec<&str> = texts
        .iter()
        .copied()
        .filter(|t| !t.is_empty() && t.chars().all(|c| c.is_ascii_digit() || c == ','))
        .collect();
    assert!(axis_marks.iter().any(|t| t.contains(',')), "{axis_marks:?}");
    assert!(
        axis_marks.iter().all(|t| t.len() < 4 || t.contains(',')),
        "{axis_marks:?}"
    );
}

#[test]
fn big_counts_on_the_board_and_beside_it_are_grouped() {
    // "captured 9990" and a hole's "50000" beside "tempo 100,000".
    use maasai_mancala::engine::notation::parse_position;
    for (text, said, painted_count) in [
        (
            "en-gehe south=50000,0,0 north=0,0,1 captured=0,9990 turn=south",
            "captured 9,990",
            "50,000",
        ),
        (
            "bao-la-kimasai south=1,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0 north=1,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0 reserve=12000,3 turn=south opening=no",
            "reserve 12,000",
            "12,000",
        ),
    ] {
        let mut h = harness_at(parse_position(text).unwrap(), [1600.0, 1000.0]);
        h.run_steps(3);
        assert!(h.query_by_label(said).is_some(), "{said}");
        let mut painted = Vec::new();
        for clipped in &h.output().shapes {
            painted_galleys(&clipped.shape, &mut painted);
        }
        assert!(
            painted.iter().any(|g| g.job.text == painted_count),
            "{painted_count} in {:?}",
            painted
                .iter()
                .map(|g| g.job.text.as_str())
                .collect::<Vec<_>>()
        );
    }
}

/// Every text a shape paints.
fn painted_galleys(shape: &egui::Shape, out: &mut Vec<std::sync::Arc<egui::Galley>>) {
    match shape {
        egui::Shape::Text(text) => out.push(text.galley.clone()),
        egui::Shape::Vec(shapes) => shapes.iter().for_each(|s| painted_galleys(s, out)),
        _ => {}
    }
}

/// The strip's hint on show, whole (one of `controls::HINTS`), and where.
fn strip_hint(h: &Harness<'_, MaasaiApp>) -> Option<(&'static str, egui::Rect)> {
    maasai_mancala::app::controls::HINTS
        .into_iter()
        .find_map(|hint| h.query_by_label(hint).map(|n| (hint, n.rect())))
}

#[test]
fn esc_closes_an_open_menu_in_play_and_in_the_editor() {
    let mut h = harness(en_gehe(6));
    h.run();
    for editing in [false, true] {
        if editing {
            h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::E);
            h.run();
            assert!(h.state().editor.is_some());
        }
        h.get_by_label("Studies").click();
        h.run();
        assert!(
            h.query_by_label("Open a study file…").is_some(),
            "editing {editing}"
        );
        h.key_press(egui::Key::Escape);
        h.run();
        assert!(
            h.query_by_label("Open a study file…").is_none(),
            "editing {editing}: Esc left the menu open"
        );
        assert_eq!(h.state().editor.is_some(), editing, "Esc did more");
    }
}

#[test]
fn f1_opens_the_help_and_esc_closes_it_after_clearing_a_typed_hole() {
    let mut h = harness(en_gehe(6));
    h.run();
    h.key_press(egui::Key::F1);
    h.run();
    assert!(h.state().rt.help_open);
    assert!(h.query_by_label("Keyboard and mouse").is_some());
    // A half-typed hole is cleared first; the help stays.
    h.event(egui::Event::Text("4".into()));
    h.run();
    assert_eq!(h.state().rt.typed, "4");
    h.key_press(egui::Key::Escape);
    h.run();
    assert!(h.state().rt.typed.is_empty());
    assert!(h.state().rt.help_open);
    h.key_press(egui::Key::Escape);
    h.run();
    assert!(!h.state().rt.help_open);
    assert!(h.query_by_label("Keyboard and mouse").is_none());
}

#[test]
fn the_help_reads_as_a_page_by_keys_and_the_game_behind_stays() {
    // Page Down, End and the arrows moved through the game behind the
    // help, which stayed at its top: its rules were out of reach by keys.
    let mut h = sowing_instantly(en_gehe(6));
    common::play(&mut h, "1");
    common::play(&mut h, "1");
    let view = h.state().rt.view;
    assert_eq!(view, 2);
    h.key_press(egui::Key::F1);
    h.run();
    let heading = |h: &Harness<'_, MaasaiApp>, text: &str| h.get_by_label(text).rect();
    let top = heading(&h, "Keyboard and mouse");
    let last = heading(&h, "This program's choices");
    assert!(last.top() > 680.0, "the end of the help starts out of view");
    h.key_press(egui::Key::PageDown);
    h.run();
    let paged = heading(&h, "Keyboard and mouse");
    assert!(
        paged.top() < top.top() - 100.0,
        "a page down: {paged:?} from {top:?}"
    );
    h.key_press(egui::Key::ArrowUp);
    h.run();
    assert!(
        heading(&h, "Keyboard and mouse").top() > paged.top(),
        "a line up"
    );
    h.key_press(egui::Key::End);
    h.run();
    assert!(
        heading(&h, "This program's choices").bottom() < 680.0,
        "the end in view"
    );
    h.key_press(egui::Key::Home);
    h.run();
    assert_eq!(heading(&h, "Keyboard and mouse"), top, "back at the top");
    // The game behind did not move.
    assert_eq!(h.state().rt.view, view);
    assert!(h.state().rt.shown_replay().is_none_or(|r| r.at_end()));
}

#[test]
fn the_hover_preview_goes_when_the_pointer_leaves_the_hole() {
    let mut h = harness(en_gehe(6));
    h.run();
    h.get_by_label("South 1: 4 seeds").hover();
    h.run();
    assert!(h.state().rt.preview.is_some(), "no preview on hover");
    h.event(egui::Event::PointerMoved(egui::pos2(5.0, 300.0)));
    h.run();
    assert!(h.state().rt.preview.is_none(), "the preview stayed");
    assert!(
        h.query_by_label("Hover a hole to preview its move.")
            .is_some()
    );
}

#[test]
fn the_wheel_scrolls_a_zoomed_board_up_and_down() {
    // Zoomed in, a Bao la Kimasai board is taller than its room: the wheel
    // moves it up and down (a long En Gehé row it moves sideways).
    let mut h = zoomed_in(GameOptions::bao_la_kimasai().start().unwrap(), 3.0);
    h.run_steps(8);
    h.get_by_label("South i4: 1 seed").hover();
    h.run_steps(8);
    common::scroll_down(&mut h, 120.0);
    h.run_steps(8);
    let pan = h.state().rt.pan;
    assert!(pan.y < 0.0 && pan.x == 0.0, "pan {pan:?}");
}

#[test]
fn the_wheel_leaves_the_board_alone_behind_a_dialog() {
    // The New game window dims the board behind it, which takes no clicks
    // then; the wheel over it moved it all the same.
    let mut h = zoomed_in(GameOptions::bao_la_kimasai().start().unwrap(), 3.0);
    h.run_steps(8);
    h.state_mut().queue(AppCommand::OpenNewGame);
    h.run_steps(4);
    let (_, board) = h.state().rt.board_area.expect("drawn");
    let at = egui::pos2(board.left() + 20.0, board.center().y);
    let dialog = h.get_by_label("Start game").rect();
    assert!(at.x < dialog.left(), "the pointer rests beside the dialog");
    h.event(egui::Event::PointerMoved(at));
    h.run_steps(4);
    let before = h.state().rt.pan;
    common::scroll_down(&mut h, 120.0);
    h.run_steps(8);
    assert_eq!(
        h.state().rt.pan,
        before,
        "the board moved behind the dialog"
    );
}

#[test]
fn zoom_buttons_are_greyed_where_they_would_do_nothing() {
    // At 100% (the least) zooming out did nothing and said nothing.
    let mut h = harness(en_gehe(6));
    h.run();
    let greyed = |h: &Harness<'_, MaasaiApp>, label: &str| {
        h.get_by_label(label).accesskit_node().is_disabled()
    };
    assert!(greyed(&h, "−") && !greyed(&h, "+"));
    h.get_by_label("+").click();
    h.run();
    assert!(h.state().settings.zoom > 1.0);
    assert!(!greyed(&h, "−"));
    h.state_mut().settings.zoom = maasai_mancala::app::settings::MAX_ZOOM;
    h.run();
    assert!(greyed(&h, "+") && !greyed(&h, "−"));
}

#[test]
fn the_moves_under_the_solver_take_no_more_than_they_need() {
    // A short game's move list kept 240 px under the solver, blank under
    // the start row, while the solver's lines scrolled above it.
    let mut h = harness_at(en_gehe(6), [1500.0, 860.0]);
    h.state_mut().settings.show_solver = true;
    h.run_steps(6);
    let start = h.get_by_label("Start position").rect();
    let solver = h.get_by_label("Exact solver").rect();
    assert!(
        start.top() > solver.bottom(),
        "the moves lie under the solver"
    );
    // The start row sits near the foot of the column: only the comment box
    // and its notes lie below it.
    assert!(
        860.0 - start.bottom() < 160.0,
        "the start row at {start:?} leaves blank rows under it"
    );
    // And the comment hint and the notes' header are not cut off.
    let notes = h.get_by_label("Event and notes").rect();
    let strip = h.get_by_label("|< Start").rect();
    assert!(
        notes.bottom() < strip.top() - 10.0,
        "the notes' header at {notes:?} runs under the strip at {strip:?}"
    );
}

#[test]
fn the_moves_take_the_room_an_idle_solver_leaves_and_half_once_it_is_used() {
    // With the solver idle (its Solve button and a line of help) the
    // moves kept to half the column: four rows of a ten-move game showed
    // over 250 px of blank solver panel.
    let mut h = harness_at(en_gehe(8), [1500.0, 860.0]);
    h.state_mut().settings.speed = INSTANT_SPEED;
    h.state_mut().settings.show_solver = true;
    h.run();
    play_first_moves(&mut h, 16);
    assert_eq!(h.state().rt.game.moves().len(), 16);
    h.run_steps(6);
    let column_top = h.get_by_label("Exact solver").rect().top();
    let column_foot = h.get_by_label("|< Start").rect().top();
    let half_way = column_top + (column_foot - column_top) / 2.0;
    let moves = h.get_by_label("Moves").rect();
    assert!(
        moves.top() < half_way - 40.0,
        "the moves start at {moves:?}, the column's middle at {half_way}"
    );
    // Every row in sight, the first and the last.
    assert!(h.query_by_label_contains("  1. South").is_some());
    assert!(h.query_by_label_contains(" 16. North").is_some());

    // Asked to solve, the solver takes half the column back, at once
    // (the click is in the solver, at its top): its rows in sight.
    h.get_by_label("Solve").click();
    h.run_steps(6);
    let solving = h.get_by_label("Moves").rect();
    let elapsed = h.get_by_label("Elapsed").rect();
    assert!(
        (solving.top() - half_way).abs() < 40.0 && elapsed.bottom() < solving.top(),
        "the moves start at {solving:?} while solving (the middle at {half_way}), \
         the solve's rows end at {elapsed:?}"
    );
    h.get_by_label("Cancel").click();
    h.run_steps(6);
    // The view going from move to move leaves the list where it is (a row
    // clicked would have moved away), whatever the solver shows there.
    for view in [3, 9, 16] {
        h.state_mut().queue(AppCommand::ViewMove(view));
        h.run_steps(4);
        let now = h.get_by_label("Moves").rect();
        assert!(
            (now.top() - solving.top()).abs() < 0.5,
            "viewing move {view}: the moves moved from {solving:?} to {now:?}"
        );
    }
    // A new game starts with the solver unused, and no memory of the
    // last game's solve.
    h.state_mut().queue(AppCommand::NewGame(
        maasai_mancala::engine::GameOptions::en_gehe(8),
        ["South".into(), "North".into()],
    ));
    h.run_steps(4);
    play_first_moves(&mut h, 16);
    h.run_steps(6);
    let again = h.get_by_label("Moves").rect();
    assert!(
        (again.top() - moves.top()).abs() < 0.5,
        "the new game's moves start at {again:?}, the first game's at {moves:?}"
    );
}

#[test]
fn the_move_list_follows_the_move_on_view() {
    // A long game in a short window: after viewing the first move, redoing
    // and undoing scroll the list to the move on view.
    let mut h = harness_at(en_gehe(8), [1400.0, 420.0]);
    h.state_mut().settings.speed = INSTANT_SPEED;
    h.run();
    let mut pos = en_gehe(8);
    for _ in 0..40 {
        let Some(&mv) = pos.legal_moves().first() else {
            break;
        };
        h.state_mut().queue(AppCommand::PlayMove(mv));
        h.run_steps(3);
        pos = *h.state().rt.game.current();
    }
    let played = h.state().rt.game.moves().len();
    assert!(played > 20, "only {played} moves");
    h.state_mut().queue(AppCommand::ViewMove(0));
    h.run_steps(4);
    assert!(
        h.query_by_label_contains("  1. South").is_some(),
        "first row not shown"
    );
    h.state_mut().queue(AppCommand::ViewLive);
    h.run_steps(4);
    let last = format!("{played:>3}. ");
    assert!(
        h.query_by_label_contains(&last).is_some(),
        "the last row is not shown after returning to the live position"
    );
}

#[test]
fn the_move_list_names_the_movers_by_team() {
    // The board names the rows by team; the list of moves does too.
    let start = parse_position("en-gehe south=1,0,2 north=1,1,0 captured=0,0 turn=south").unwrap();
    let mut h = harness(start);
    h.state_mut().settings.speed = INSTANT_SPEED;
    h.state_mut().rt.names = ["Ilkisongo".into(), "Ilpurko".into()];
    h.run();
    h.get_by_label("South 1: 1 seed").click();
    h.run_steps(4);
    assert!(
        h.query_by_label_contains("  1. Ilkisongo 1 — 1 lap")
            .is_some(),
        "the row names the team"
    );
    assert!(h.query_by_label_contains(". South 1").is_none());
    h.get_by_label_contains("  1. Ilkisongo 1").click();
    h.run_steps(2);
    assert!(
        h.query_by_label("Comment on move 1: Ilkisongo (South) 1")
            .is_some()
    );
}

#[test]
fn a_raiding_row_keeps_its_raid_before_a_long_team_name() {
    // "57. Ilkisongo Elders of Rift i1" for a move that raided 14 seeds:
    // with long team names the raiding rows, the ones that matter in a
    // Bao la Kimasai record, said nothing but the name and the hole.
    let start = parse_position(
        "bao-la-kimasai south=1,1,0,0,1,0,0,0,0,0,0,0,0,0,0,0 \
         north=0,0,0,2,0,0,1,0,0,0,0,0,0,0,1,0 reserve=0,0 turn=south opening=no",
    )
    .unwrap();
    let mut h = common::sowing_instantly_at(start, [1024.0, 680.0]);
    h.state_mut().rt.names = [
        "Ilkisongo Elders of Rift".into(),
        "Purko Warriors of Narok".into(),
    ];
    h.run();
    common::play(&mut h, "i1");
    h.run_steps(3);
    let row = h
        .query_by_label_contains("  1. ")
        .and_then(|n| n.accesskit_node().label())
        .expect("the row");
    assert!(row.ends_with(" i1 — raids 3 seeds"), "{row}");
}

#[test]
fn a_move_list_row_too_long_for_its_column_drops_the_figures_not_half_a_word() {
    // "1. Ilkisongo 1 · best move — 3 laps, 6 so…": in a narrow column
    // the row was cut mid-word; the figures now give way whole, the
    // seeds sown first, and a capture stays.
    let tails = [
        " — 1 lap, 1 sown, takes 2",
        " — 1 lap, takes 2",
        " — takes 2",
    ];
    let forms = capture_row_forms(
        [
            "Ilkisongo",
            "Ilkisongo of the river",
            "Ilkisongo of the long river",
        ],
        |start| {
            let mut h = harness_at(start, [1024.0, 680.0]);
            h.state_mut().settings.speed = INSTANT_SPEED;
            h
        },
        |_| {},
        &tails,
    );
    // What is painted of a shortened row is not cut short further.
    assert!(forms.iter().all(|&(_, elided)| !elided), "{forms:?}");
    let forms: Vec<usize> = forms.iter().map(|&(form, _)| form).collect();
    assert_eq!(forms, [0, 1, 2], "the three forms");
}

/// For each South team name, which of `tails` the move list's row of
/// South's capture `1` (a 2×3 board, in the window `window` makes, after
/// `then`) reads, and whether it is painted cut short.
fn capture_row_forms<const N: usize>(
    names: [&str; N],
    window: impl Fn(maasai_mancala::engine::Position) -> Harness<'static, MaasaiApp>,
    then: impl Fn(&mut Harness<'static, MaasaiApp>),
    tails: &[&str],
) -> Vec<(usize, bool)> {
    let start = parse_position("en-gehe south=1,0,2 north=1,1,0 captured=0,0 turn=south").unwrap();
    names
        .iter()
        .map(|name| {
            let mut h = window(start);
            h.state_mut().rt.names = [name.to_string(), "Ilpurko".into()];
            h.run();
            h.get_by_label("South 1: 1 seed").click();
            h.run_steps(4);
            then(&mut h);
            row_form(&h, &format!("  1. {name} 1"), tails)
        })
        .collect()
}

/// Which of `tails` the move list's row `head`… reads, and whether what
/// is painted of it is cut short with "…".
fn row_form(h: &Harness<'_, MaasaiApp>, head: &str, tails: &[impl AsRef<str>]) -> (usize, bool) {
    let row = h
        .query_by_label_contains(head)
        .and_then(|n| n.accesskit_node().label())
        .expect("the row");
    let form = tails
        .iter()
        .position(|tail| row == format!("{head}{}", tail.as_ref()))
        .unwrap_or_else(|| panic!("{row:?}"));
    let mut painted = Vec::new();
    for clipped in &h.output().shapes {
        painted_galleys(&clipped.shape, &mut painted);
    }
    let galley = painted.iter().find(|g| g.job.text == row).expect("painted");
    (form, galley.elided)
}

#[test]
fn a_commented_move_s_row_drops_its_mark_whole_where_even_that_does_not_fit() {
    // "30. North 45 · commen…": with the solver, the council and the plot
    // open the mark of a comment was cut mid-word; it now goes whole, and
    // before the capture, which stays while the team's name gives way by
    // whole words, never the hole played (it was cut off as "Ilkisongo of
    // the ri…").
    for (name, expected) in [
        ("Ilkisongo", "  1. Ilkisongo 1 — takes 2"),
        ("Ilkisongo of", "  1. Ilki… 1 — takes 2"),
        ("Ilkisongo of the river", "  1. Ilki… 1 — takes 2"),
    ] {
        let start =
            parse_position("en-gehe south=1,0,2 north=1,1,0 captured=0,0 turn=south").unwrap();
        let mut h = common::every_panel_at(start, [1024.0, 680.0]);
        h.state_mut().rt.names = [name.into(), "Ilpurko".into()];
        h.run();
        h.get_by_label("South 1: 1 seed").click();
        h.run_steps(4);
        h.state_mut()
            .rt
            .comments
            .insert(1, "the only capture".into());
        h.run_steps(2);
        assert_eq!(row_form(&h, expected, &[""]), (0, false), "{name}");
    }
}

#[test]
fn a_move_list_row_with_a_review_note_drops_its_parts_whole() {
    // "12. North 1 · cost about 4 seeds (best w…": a review's note was cut
    // mid-word in the move list's default column. Its parts now go whole,
    // after the sowing's figures: the best move, the capture, the note.
    let start = parse_position("en-gehe south=1,0,2 north=1,1,0 captured=0,0 turn=south").unwrap();
    let mut forms = Vec::new();
    for words in 0..8 {
        let name = ["Ilkisongo"]
            .into_iter()
            .chain(
                ["of", "the", "long", "river"]
                    .into_iter()
                    .cycle()
                    .take(words),
            )
            .collect::<Vec<_>>()
            .join(" ");
        let mut h = harness_at(start, [1024.0, 680.0]);
        h.state_mut().settings.speed = INSTANT_SPEED;
        h.state_mut().council.max_depth = Some(4);
        h.state_mut().rt.names = [name.clone(), "Ilpurko".into()];
        h.run();
        // South 1 takes 2; South 3 would have taken 3.
        h.get_by_label("South 1: 1 seed").click();
        h.run_steps(4);
        h.state_mut().queue(AppCommand::ReviewGame);
        step_until(&mut h, "the review", |app| !app.rt.cost_notes.is_empty());
        let note = format!(" · {}", h.state().rt.cost_notes[&0].text);
        let short = &note[..note.find(" (best was hole 3)").expect(&note)];
        let terse = short
            .strip_suffix(" seeds")
            .or_else(|| short.strip_suffix(" seed"))
            .expect(short);
        let tails = [
            format!("{note} — 1 lap, 1 sown, takes 2"),
            format!("{note} — 1 lap, takes 2"),
            format!("{note} — takes 2"),
            format!("{short} — takes 2"),
            short.to_string(),
            format!("{terse} — takes 2"),
            terse.to_string(),
        ];
        let head = format!("  1. {name} 1");
        let row = h
            .query_by_label_contains("  1. ")
            .and_then(|n| n.accesskit_node().label())
            .expect("the row");
        if row.starts_with(&head) {
            let (form, elided) = row_form(&h, &head, &tails);
            assert!(!elided, "form {form} cut short");
            forms.push(form);
        } else {
            // Then the team's name gives way by whole words before the
            // note does (a Bao la Kimasai review's blunders showed no note
            // beside two-word team names, where "best move" rows kept
            // theirs): the note and the hole stay.
            let shortened = maasai_mancala::app::move_list::shorter_names(&name, Side::South)
                .into_iter()
                .any(|team| row == format!("  1. {team}1{terse}"));
            assert!(shortened, "{row:?}");
            forms.push(tails.len());
        }
    }
    assert!(forms.windows(2).all(|w| w[0] <= w[1]), "{forms:?}");
    // (The note's best move goes first: in this column the note and the
    // capture did not fit beside the name together; then the note's unit,
    // then the capture; then the name is shortened, the note kept.)
    assert!([4, 6, 7].iter().all(|f| forms.contains(f)), "{forms:?}");
}

#[test]
fn ctrl_and_the_arrows_pan_a_board_bigger_than_its_room() {
    // Zoomed in, a 2×50 row runs past the window's edges: Ctrl+→ shows
    // more of its right, Ctrl+← goes back, and the arrows alone still step
    // the sowing (nothing pans).
    let mut h = zoomed_in(en_gehe(50), 3.0);
    h.run_steps(4);
    let key = |h: &mut Harness<'static, MaasaiApp>, key, modifiers| {
        h.event(egui::Event::Key {
            key,
            physical_key: None,
            pressed: true,
            repeat: false,
            modifiers,
        });
        h.run_steps(2);
    };
    key(&mut h, egui::Key::ArrowRight, egui::Modifiers::NONE);
    assert_eq!(h.state().rt.pan, egui::Vec2::ZERO);
    key(&mut h, egui::Key::ArrowRight, egui::Modifiers::COMMAND);
    let pan = h.state().rt.pan;
    assert!(pan.x < -100.0 && pan.y == 0.0, "pan {pan:?}");
    key(&mut h, egui::Key::ArrowLeft, egui::Modifiers::COMMAND);
    key(&mut h, egui::Key::ArrowLeft, egui::Modifiers::COMMAND);
    let back = h.state().rt.pan;
    assert!(back.x > 0.0, "pan {back:?}");
}

#[test]
fn the_menus_stay_shut_while_a_dialog_waits() {
    // With New game open, the menus cannot start another dialog behind it.
    let mut h = harness(en_gehe(6));
    h.run();
    assert!(!h.get_by_label("Game").accesskit_node().is_disabled());
    h.state_mut().queue(AppCommand::OpenNewGame);
    h.run_steps(2);
    assert!(h.state().rt.new_game.is_some());
    for menu in ["Game", "View", "Studies"] {
        assert!(
            h.get_by_label(menu).accesskit_node().is_disabled(),
            "{menu} is open to clicks"
        );
    }
    // Nor does the move list beside the board.
    assert!(
        h.get_by_label("Start position")
            .accesskit_node()
            .is_disabled()
    );
    h.state_mut().queue(AppCommand::CloseNewGame);
    h.run_steps(2);
    assert!(
        !h.get_by_label("Start position")
            .accesskit_node()
            .is_disabled()
    );
}

#[test]
fn the_panels_around_the_board_take_no_keys_while_a_dialog_waits() {
    // Tab from a dialog reached the replay strip's buttons, and Space
    // pressed them behind it.
    let mut h = harness(en_gehe(6));
    h.state_mut()
        .queue(AppCommand::PlayMove(maasai_mancala::engine::Move(0)));
    h.run_steps(200);
    let panels = ["|< Start", "Play", "Start position"];
    for button in panels {
        assert!(
            !h.get_by_label(button).accesskit_node().is_disabled(),
            "{button}"
        );
    }
    // New game on an unsaved game: "Save your changes?" waits first.
    open_new_game(&mut h);
    assert!(h.state().dialog_open());
    for button in panels {
        assert!(
            h.get_by_label(button).accesskit_node().is_disabled(),
            "{button} is open to keys"
        );
    }
    h.get_by_label("Cancel").click();
    h.run();
    assert!(!h.state().dialog_open());
    for button in panels {
        assert!(
            !h.get_by_label(button).accesskit_node().is_disabled(),
            "{button}"
        );
    }
}

#[test]
fn tempo_during_a_sowing_counts_the_seeds_in_hand() {
    // South 2 lifts 3 seeds of a 2×5 row (tempo 3 × 3 = 9): with the hand
    // over hole 2 the tempo is still 9, and after one seed into hole 3 it
    // is (1 + 2 in hand) × 2 = 6, not the 2 of the hole's single seed.
    let mut h = paused_on(
        "en-gehe south=0,3,0,0,0 north=1,0,0,0,0 captured=0,0 turn=south",
        "South 2: 3 seeds",
    );
    h.get_by_label("<< Back lap").click();
    h.run_steps(2);
    assert_eq!(step(&h), 0);
    assert!(
        h.query_by_label("tempo 9").is_some(),
        "the lifted seeds dropped out of the tempo"
    );
    h.get_by_label("Step seed >").click();
    h.run_steps(2);
    assert_eq!(step(&h), 1);
    assert!(h.query_by_label("tempo 6").is_some());
}

#[test]
fn the_new_game_window_keeps_its_place_as_options_are_chosen() {
    // Choosing a computer player (its level and time join the row) or the
    // other game must not move the fields under the pointer.
    let mut h = harness(en_gehe(6));
    h.state_mut().queue(AppCommand::OpenNewGame);
    h.run_steps(3);
    let start = h.get_by_label("Start game").rect();
    let computers: Vec<egui::Rect> = h.query_all_by_label("Computer").map(|n| n.rect()).collect();
    assert_eq!(computers.len(), 2);
    h.query_all_by_label("Computer").next().unwrap().click();
    h.run_steps(3);
    assert!(h.state().rt.new_game.is_some());
    let after: Vec<egui::Rect> = h.query_all_by_label("Computer").map(|n| n.rect()).collect();
    assert_eq!(
        after[1].min.x, computers[1].min.x,
        "the North row moved sideways"
    );
    assert_eq!(h.get_by_label("Start game").rect().min.x, start.min.x);
    let team_field = |h: &Harness<'_, MaasaiApp>| h.get_by_label("South team name").rect();
    let (team, start) = (team_field(&h), h.get_by_label("Start game").rect());
    // Bao la Kimasai has no fields for its board, but as many rows, as
    // high: the rows and buttons under them stay put, both ways.
    h.get_by_label("Bao la Kimasai").click();
    h.run_steps(3);
    assert!(h.query_by_label("Holes per row").is_none());
    assert_eq!(team_field(&h), team, "the team names moved");
    assert_eq!(h.get_by_label("Start game").rect(), start);
    h.get_by_label("En Gehé").click();
    h.run_steps(3);
    assert_eq!(team_field(&h), team, "the team names moved back");
    assert_eq!(h.get_by_label("Start game").rect(), start);
}

#[test]
fn a_typed_move_refused_at_the_end_is_said_as_a_click_is_and_goes_with_its_position() {
    let start = parse_position("en-gehe south=1,0,0 north=0,0,0 captured=5,6 turn=south").unwrap();
    let mut h = sowing_instantly(start);
    h.get_by_label("South 1: 1 seed").click();
    h.run_steps(2);
    assert!(h.state().rt.result().is_some());
    h.event(egui::Event::Text("2".into()));
    h.key_press(egui::Key::Enter);
    h.run();
    assert_eq!(
        h.state().rt.notice.as_deref(),
        Some("The game is over: nobody is to move")
    );
    h.get_by_label("Start position").click();
    h.run_steps(2);
    assert_eq!(
        h.state().rt.notice,
        None,
        "the reason outlived its position"
    );
}

#[test]
fn with_no_room_by_the_board_the_result_goes_over_the_finished_games_council() {
    // At 1024×680 a 2×40 board with the council under it and the plots
    // leaves the result window no gap: it goes over the council (nothing
    // left to advise), not over the board or its lines.
    let south = format!("1{}", ",0".repeat(39));
    let north = format!("0{}", ",0".repeat(39));
    let start = parse_position(&format!(
        "en-gehe south={south} north={north} captured=150,149 turn=south"
    ))
    .unwrap();
    let mut h = harness_at(start, [1024.0, 680.0]);
    h.state_mut().settings.speed = INSTANT_SPEED;
    h.state_mut().settings.show_council = true;
    h.state_mut().settings.show_tempo_plot = true;
    // Stepped, with a shallow council (see the test below).
    h.state_mut().council.max_depth = Some(2);
    h.run_steps(4);
    h.get_by_label("South 1: 1 seed").click();
    h.run_steps(8);
    let (_, board) = h.state().rt.board_area.expect("drawn");
    let council = h.state().rt.council_rect.expect("the council is shown");
    let window = h.get_by_label("Game over").rect();
    let with_lines = egui::Rect::from_min_max(
        board.min - egui::vec2(0.0, 20.0),
        board.max + egui::vec2(0.0, 40.0),
    );
    assert!(
        !window.intersects(with_lines),
        "{window:?} over the board {board:?}"
    );
    assert!(
        window.intersects(council),
        "{window:?} not over {council:?}"
    );
}

#[test]
fn stepping_across_the_last_seed_of_a_finished_game_leaves_the_board_still() {
    // The board made room for the result window at the end, took it back
    // when a step back hid the window, and shrank again a step later: the
    // board jumped at every step across the last seed.
    use maasai_mancala::app::controls::AnimCommand;
    let start =
        parse_position("en-gehe south=0,1,0,0,1 north=0,0,1,0,0 captured=10,8 turn=south").unwrap();
    let mut h = harness_at(start, [1280.0, 800.0]);
    h.state_mut().settings.speed = INSTANT_SPEED;
    h.run_steps(4);
    let (_, before) = h.state().rt.board_area.expect("drawn");
    h.get_by_label("South 2: 1 seed").click();
    h.run_steps(8);
    assert!(h.query_by_label("Game over").is_some(), "no result window");
    let (_, board) = h.state().rt.board_area.expect("drawn");
    assert!(
        board.height() < before.height() - 50.0,
        "the board made no room for the window: {before:?} then {board:?}"
    );
    for step in [
        AnimCommand::BackSeed,
        AnimCommand::StepSeed,
        AnimCommand::Start,
    ] {
        h.state_mut().queue(AppCommand::Anim(step));
        h.run_steps(4);
        let (_, now) = h.state().rt.board_area.expect("drawn");
        assert_eq!(now, board, "after {step:?}");
    }
    assert!(h.query_by_label("Game over").is_none(), "shown mid-move");
    h.state_mut().queue(AppCommand::Anim(AnimCommand::End));
    h.run_steps(4);
    assert!(h.query_by_label("Game over").is_some());
    // Dismissed, the board takes the room back.
    h.get_by_label("Dismiss").click();
    h.run_steps(4);
    let (_, dismissed) = h.state().rt.board_area.expect("drawn");
    assert!(dismissed.height() > board.height() + 50.0);
}

#[test]
fn a_result_with_no_room_by_a_small_board_narrows_into_the_council_beside_it() {
    // At 1024×680 a 2×3 board with the council beside it, the solver's
    // column and the plots: the window (wider than the council's column)
    // went over the plots' corner and, pushed up from the foot of the
    // screen, over the lines under the board and the move list's comment
    // box. The council, with nothing left to advise, takes it narrowed.
    let start = parse_position("en-gehe south=1,0,0 north=0,0,0 captured=5,6 turn=south").unwrap();
    let mut h = harness_at(start, [1024.0, 680.0]);
    h.state_mut().settings.speed = INSTANT_SPEED;
    h.state_mut().settings.show_council = true;
    h.state_mut().settings.council_dock = maasai_mancala::app::settings::CouncilDock::Side;
    h.state_mut().settings.show_solver = true;
    h.state_mut().settings.show_tempo_plot = true;
    h.state_mut().council.max_depth = Some(2);
    h.run_steps(4);
    h.get_by_label("South 1: 1 seed").click();
    h.run_steps(12);
    assert!(h.state().rt.result().is_some(), "South 1 ends the game");
    let (area, board) = h.state().rt.board_area.expect("drawn");
    let council = h.state().rt.council_rect.expect("the council is shown");
    assert!(
        council.right() <= area.left() + 1.0,
        "{council:?} beside {area:?}"
    );
    let window = h.get_by_label("Game over").rect();
    let lines_foot = h.state().rt.lines_foot.expect("lines drawn");
    let with_lines = egui::Rect::from_min_max(
        board.min - egui::vec2(0.0, 24.0),
        egui::pos2(board.right(), lines_foot),
    );
    assert!(
        !window.intersects(with_lines),
        "{window:?} over the board and its lines {with_lines:?}"
    );
    assert!(
        council.expand(2.0).contains_rect(window),
        "{window:?} not within the council {council:?}"
    );
    // The final counts are still all there.
    for label in ["Captured", "Remainder", "Final", "Dismiss", "New game…"] {
        let r = h.get_by_label(label).rect();
        assert!(window.contains_rect(r), "{label} {r:?} outside {window:?}");
    }
}

#[test]
fn the_result_is_placed_again_when_a_panel_closed_moves_the_board_under_it() {
    // Bao la Kimasai at 1600×1000 with the council beside the board.
    // Closing the council widens the board's area and moved the board
    // under the window, which stayed where it was.
    let start = parse_position(
        "bao-la-kimasai south=0,0,1,1,0,0,0,0,1,0,1,0,0,1,1,3 north=0,3,0,13,0,3,1,2,10,0,2,11,0,0,2,8 reserve=0,0 turn=north opening=no",
    )
    .unwrap();
    let mut h = harness_at(start, [1600.0, 1000.0]);
    h.state_mut().settings.speed = INSTANT_SPEED;
    h.state_mut().settings.show_council = true;
    h.state_mut().settings.council_dock = maasai_mancala::app::settings::CouncilDock::Side;
    // A shallow council, stepped rather than waited for: searching for its
    // time it repaints ten times a second, and on CI's debug build the
    // window did not settle within `run`'s steps.
    h.state_mut().council.max_depth = Some(2);
    h.run_steps(4);
    h.get_by_label_contains("North o5:").click();
    h.run_steps(8);
    assert!(h.state().rt.result().is_some(), "o5 ends the game");
    let (_, board_before) = h.state().rt.board_area.expect("drawn");
    let before = h.get_by_label("Game over").rect();
    h.state_mut().settings.show_council = false;
    h.run_steps(12);
    let (_, board) = h.state().rt.board_area.expect("drawn");
    assert_ne!(board, board_before, "the board did not move");
    let after = h.get_by_label("Game over").rect();
    assert_ne!(
        after, before,
        "the window stayed where it was placed for another layout"
    );
}

#[test]
fn the_result_table_adds_up_after_a_draw_by_repetition() {
    use maasai_mancala::app::game_over::final_counts;
    use maasai_mancala::engine::{Game, Move, Status};
    // Each side steps its seed round until the start comes back a third
    // time: each then takes the seed in its own row (RULES.md).
    let start = parse_position("en-gehe south=0,0,1 north=0,1,0 captured=0,0 turn=south").unwrap();
    let mut game = Game::new(start);
    for hole in [3, 1, 1, 3, 1, 1, 3, 1, 1, 3, 1, 1] {
        if game.is_over() {
            break;
        }
        game.play(Move(hole - 1)).unwrap();
    }
    let Status::Over(result) = game.status() else {
        panic!("the game goes on");
    };
    let score = result.score.unwrap();
    assert_eq!(score, [1, 1]);
    // Captured, from the board, final: the own-row seed is in the table.
    assert_eq!(final_counts(game.current(), score), [[0, 1, 1], [0, 1, 1]]);
    // After a normal end the last mover's remainder is there as before.
    let end = parse_position("en-gehe south=0,0,1 north=0,0,0 captured=5,3 turn=north").unwrap();
    let Status::Over(result) = end.status() else {
        panic!("North cannot move");
    };
    assert_eq!(
        final_counts(&end, result.score.unwrap()),
        [[5, 1, 6], [3, 0, 3]]
    );
}

#[test]
fn the_new_game_dialog_refuses_names_alike_in_all_but_capitals() {
    use maasai_mancala::app::new_game::NewGameDialog;
    use maasai_mancala::app::players::Player;
    let problems = |south: &str, north: &str| {
        let names = [south.to_string(), north.to_string()];
        match NewGameDialog::new(&GameOptions::en_gehe(8), &names, [Player::Human; 2]).check() {
            Ok(_) => [None, None],
            Err(p) => p.names,
        }
    };
    assert_eq!(problems("Ilkisongo", "Ilpurko"), [None, None]);
    // Under the name that was changed: North's own name kept, South's.
    for (south_name, north_name) in [("north", "North"), ("North", "north")] {
        let [south, north] = problems(south_name, north_name);
        assert!(
            south.is_some_and(|p| p.contains("different names")),
            "{south_name} for South"
        );
        assert!(north.is_none(), "North's field was not touched");
    }
    let [south, north] = problems("Lions", "lions");
    assert!(south.is_none());
    assert!(north.unwrap().contains("different names"));
    let [south, north] = problems("North", "Ilpurko");
    assert!(south.unwrap().contains("the other side's name"));
    assert!(north.is_none());
}

#[test]
fn a_zoomed_board_pans_to_follow_the_sowing_and_lets_the_user_pan_away() {
    // 2×50 zoomed in on the middle of the rows: South 50's laps run at the
    // far ends, off the area; each step brings its hole into view.
    let mut h = fine_harness(en_gehe(50), SNAPSHOT_SIZE);
    h.state_mut().settings.zoom = 4.0;
    h.run();
    assert_eq!(h.state().rt.pan, egui::Vec2::ZERO);
    sow_slowly(&mut h, "50");
    h.get_by_label("Pause").click();
    h.step();
    h.step();
    let followed = h.state().rt.pan;
    assert_ne!(followed, egui::Vec2::ZERO, "the board did not follow");
    // The user pans away while it is paused: the same step leaves that be.
    h.state_mut().rt.pan = egui::Vec2::ZERO;
    h.step();
    h.step();
    assert_eq!(h.state().rt.pan, egui::Vec2::ZERO);
    // The next step follows again.
    h.key_press(egui::Key::ArrowRight);
    h.step();
    h.step();
    assert_ne!(h.state().rt.pan, egui::Vec2::ZERO);
}

#[test]
fn a_window_narrowed_while_a_sowing_is_paused_keeps_its_hole_in_view() {
    // Paused, then narrowed: the board (its holes at their least pitch,
    // wider than the area) stayed where it was, the hand's hole under the
    // area's edge fade and its badge pushed over the next hole.
    let mut h = fine_harness(en_gehe(50), [800.0, 680.0]);
    sow_slowly(&mut h, "40");
    h.get_by_label("Pause").click();
    h.step();
    h.step();
    let hand_hole = |h: &Harness<'_, MaasaiApp>| {
        let replay = h.state().rt.shown_replay().expect("the sowing");
        let (from, _) = replay.next_seed().expect("a seed to come");
        let hole = replay.trace.before.hole_at(from);
        format!("{} {}:", hole.side.title(), hole.index + 1)
    };
    let in_view = |h: &Harness<'_, MaasaiApp>| {
        let label = hand_hole(h);
        let hole = h
            .get_by(|n| n.label().is_some_and(|l| l.starts_with(&label)))
            .rect();
        let (area, _) = h.state().rt.board_area.expect("the board");
        area.left() + hole.width() <= hole.left() && hole.right() + hole.width() <= area.right()
    };
    assert!(in_view(&h), "{} not in view at 800 px", hand_hole(&h));
    for width in [700.0, 600.0] {
        h.set_size(egui::vec2(width, 680.0));
        h.step();
        h.step();
        h.step();
        assert!(in_view(&h), "{} not in view at {width} px", hand_hole(&h));
    }
}

#[test]
fn how_a_move_ended_stays_whole_under_the_board_once_it_is_sown() {
    let mut h = sowing_instantly(en_gehe(45));
    let mv = h.state().rt.game.variant().parse_move("7").unwrap();
    h.state_mut().queue(AppCommand::PlayMove(mv));
    h.run_steps(6);
    let replay = h.state().rt.shown_replay().expect("the move's replay");
    assert!(replay.at_end());
    let caption = replay.caption();
    // Cut in the strip at the foot of the window, whole under the board.
    assert!(
        h.query_by_label_contains(&format!("Move 1 (hole 7) — {caption}"))
            .is_some(),
        "{caption}"
    );
    assert!(
        h.query_by_label("Hover a hole to preview its move.")
            .is_none()
    );
}

#[test]
fn the_controls_after_play_stay_put_as_it_turns_to_pause() {
    // "Pause" is wider than "Play": the step buttons and the speed slider
    // after it moved under the pointer as the sowing started and stopped.
    let mut h = fine_harness(en_gehe(50), SNAPSHOT_SIZE);
    sow_slowly(&mut h, "50");
    let playing = h.get_by_label("Pause").rect();
    let next = h.get_by_label("Step seed >").rect();
    h.get_by_label("Pause").click();
    h.step();
    h.step();
    assert_eq!(h.get_by_label("Play").rect(), playing);
    assert_eq!(h.get_by_label("Step seed >").rect(), next);
}

/// Plays the live position's `mv` at a seed a second, two frames on: its
/// sowing is under way.
fn sow_slowly(h: &mut Harness<'_, MaasaiApp>, mv: &str) {
    let mv = h
        .state()
        .rt
        .game
        .current()
        .variant()
        .parse_move(mv)
        .unwrap();
    h.state_mut().settings.speed = 1.0;
    h.state_mut().queue(AppCommand::PlayMove(mv));
    h.step();
    h.step();
}

#[test]
fn a_comment_being_typed_keeps_its_move_when_another_move_lands() {
    // Typing a comment on one's own move while the computer's reply (or a
    // move held for the check, a study's defence, a solver line) lands:
    // the box stays on the move it was opened for, with the focus, so the
    // keys typed on go to that comment and not to the board's shortcuts.
    let start = en_gehe(6);
    let first = start.legal_moves()[0];
    let reply = start.try_play(first).unwrap().legal_moves()[0];
    let mut h = sowing_instantly(start);
    h.state_mut().queue(AppCommand::PlayMove(first));
    h.run();
    let label = format!(
        "Comment on move 1: South {}",
        start.variant().move_name(first)
    );
    h.get_by_label(&label).focus();
    h.run_steps(2);
    h.get_by_label(&label).type_text("ab");
    h.run_steps(2);
    assert_eq!(
        h.state().rt.comments.get(&1).map(String::as_str),
        Some("ab")
    );
    // The reply lands as the computer's would (the board's view moves on).
    h.state_mut().queue(AppCommand::PlayMove(reply));
    h.run_steps(2);
    assert_eq!(h.state().rt.game.moves().len(), 2);
    assert_eq!(h.state().rt.view, 2);
    assert!(h.ctx.text_edit_focused(), "the comment box lost the focus");
    assert!(
        h.query_by_label(&label).is_some(),
        "the box still names move 1"
    );
    // Typed on: the comment is move 1's, and Space and Ctrl+Z are the
    // text's (not play/pause and an undo of the reply).
    h.event(egui::Event::Text("c d".into()));
    h.run_steps(2);
    assert_eq!(
        h.state().rt.comments.get(&1).map(String::as_str),
        Some("abc d")
    );
    assert!(!h.state().rt.comments.contains_key(&2));
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    h.run_steps(2);
    assert_eq!(h.state().rt.game.moves().len(), 2, "Ctrl+Z undid a move");
    // Once the box is left, it follows the move on view again.
    h.key_press(egui::Key::Escape);
    h.run_steps(2);
    assert!(!h.ctx.text_edit_focused());
    assert!(
        h.get_all_by_label_contains("Comment on move 2")
            .next()
            .is_some()
    );
}

#[test]
fn ctrl_n_closes_an_open_menu() {
    // The menu must not stay drawn over the New game dialog (or the
    // question about unsaved changes before it).
    let mut h = harness(en_gehe(6));
    h.run();
    h.get_by_label("Game").click();
    h.run_steps(2);
    assert!(egui::Popup::is_any_open(&h.ctx), "the menu opened");
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::N);
    h.run_steps(4);
    assert!(h.state().rt.new_game.is_some(), "the dialog opened");
    assert!(!egui::Popup::is_any_open(&h.ctx), "the menu stayed open");
}

#[test]
fn the_study_library_chosen_with_the_keyboard_closes_the_studies_menu() {
    // Enter on "Study library…" opened the library under the menu, which
    // stayed drawn over its title (a click closed it).
    let mut h = harness(en_gehe(6));
    h.run();
    h.get_by_label("Studies").click();
    h.run_steps(2);
    assert!(egui::Popup::is_any_open(&h.ctx), "the menu opened");
    h.get_by_label("Study library…").focus();
    h.run_steps(2);
    h.key_press(egui::Key::Enter);
    h.run_steps(4);
    assert!(h.state().studies.library_open, "the library opened");
    assert!(!egui::Popup::is_any_open(&h.ctx), "the menu stayed open");
}

#[test]
fn the_files_shortcuts_close_an_open_menu_too() {
    // Ctrl+O, Ctrl+S (a game with no file asks for a path) and
    // Ctrl+Shift+S opened their window under the Game menu, which stayed
    // drawn over it with its items working (Recent files opened a file
    // while the Open window waited).
    for (mods, key) in [
        (egui::Modifiers::COMMAND, egui::Key::O),
        (egui::Modifiers::COMMAND, egui::Key::S),
        (
            egui::Modifiers::COMMAND | egui::Modifiers::SHIFT,
            egui::Key::S,
        ),
    ] {
        let mut h = harness(en_gehe(6));
        h.run();
        h.get_by_label("Game").click();
        h.run_steps(2);
        assert!(egui::Popup::is_any_open(&h.ctx), "the menu opened");
        h.key_press_modifiers(mods, key);
        h.run_steps(4);
        assert!(h.state().dialog_open(), "{key:?}: its window opened");
        assert!(
            !egui::Popup::is_any_open(&h.ctx),
            "{key:?}: the menu stayed open"
        );
    }
}

/// Plays up to `moves` moves (each side's first legal move) from the window's
/// start, sowing instantly.
fn play_first_moves(h: &mut Harness<'_, MaasaiApp>, moves: usize) {
    h.state_mut().settings.speed = INSTANT_SPEED;
    h.run();
    for _ in 0..moves {
        let Some(&mv) = h.state().rt.game.current().legal_moves().first() else {
            break;
        };
        h.state_mut().queue(AppCommand::PlayMove(mv));
        h.run_steps(3);
    }
}

/// Asserts that move `n`'s row in the move list lies whole between the
/// start row and the comment box under the list.
fn row_in_sight(h: &Harness<'_, MaasaiApp>, n: usize) {
    let label = format!("{n:>3}. ");
    let row = h
        .query_all_by_label_contains(&label)
        .map(|r| r.rect())
        .next()
        .unwrap_or_else(|| panic!("move {n}'s row is not drawn"));
    let start = h.get_by_label("Start position").rect();
    let comment = h
        .get_all_by_label_contains(&format!("Comment on move {n}:"))
        .map(|c| c.rect())
        .reduce(|a, b| a.union(b))
        .expect("the comment box");
    assert!(
        row.top() >= start.bottom() && row.bottom() <= comment.top(),
        "move {n}'s row at {row:?} is out of sight (start row {start:?}, comment {comment:?})"
    );
}

#[test]
fn the_move_on_view_stays_above_the_comment_box() {
    // At 1024×680 with the solver over the moves, eight Ups back from the
    // end of a 40-move game showed rows 24–29 while move 32 was on view
    // (and so at 1600×1000 with the tempo plot): the list reckoned its
    // rows shorter than drawn, so the row on view lay under the comment
    // box while it counted as in sight.
    for (size, solver, plot) in [
        ([1024.0, 680.0], true, false),
        ([1600.0, 1000.0], false, true),
    ] {
        let mut h = harness_at(en_gehe(12), size);
        h.state_mut().settings.show_solver = solver;
        h.state_mut().settings.show_tempo_plot = plot;
        play_first_moves(&mut h, 40);
        let played = h.state().rt.game.moves().len();
        assert!(played >= 30, "only {played} moves");
        h.run_steps(3);
        row_in_sight(&h, played);
        for back in 1..=played - 1 {
            h.key_press(egui::Key::ArrowUp);
            h.run_steps(3);
            assert_eq!(h.state().rt.view, played - back);
            row_in_sight(&h, played - back);
        }
    }
}

#[test]
fn the_strip_cuts_its_caption_by_words_and_keeps_it_from_seed_to_seed() {
    // The strip once said "Move 1 (hole 1)   lap 1 of 5   seed 3 of 4   …
    // lan…": the counters fitted, so the caption was cut mid-word. Then
    // it was dropped whole where it did not fit, so on a long relay it
    // came and went from seed to seed as its length changed.
    let mut h = fine_harness(en_gehe(6), [1300.0, 680.0]);
    start_paused(&mut h, "South 1: 4 seeds");
    let mut whole = 0;
    let mut cut = 0;
    for _ in 0..30 {
        h.get_by_label("Step seed >").click();
        h.run();
        let caption = h.state().rt.shown_replay().expect("a sowing").caption();
        let strip = h
            .query_all_by_label_contains("Move 1 (hole 1)")
            .find(|n| n.value().is_some_and(|v| v.starts_with("Move ")))
            .expect("the strip");
        let text = strip.value().unwrap();
        let last = text.trim_end().rsplit("   ").next().unwrap_or_default();
        if last == caption {
            whole += 1;
        } else {
            // Cut after a whole word of it, never dropped.
            let kept = last.strip_suffix('…').unwrap_or_else(|| {
                panic!("\"{text}\" has neither the caption \"{caption}\" nor a cut of it")
            });
            assert!(
                caption.starts_with(kept)
                    && caption[kept.len()..].starts_with([' ', ',', ':'])
                    && !kept.is_empty(),
                "\"{last}\" is no cut by words of \"{caption}\""
            );
            cut += 1;
            // Said whole on hover.
            let said = |h: &Harness<'_, MaasaiApp>| {
                h.query_all_by(|n| n.value().as_deref() == Some(caption.as_str()))
                    .count()
            };
            let before = said(&h);
            strip.hover();
            // Past the hover text's delay (half a second; these frames are
            // 1/20 s apart).
            h.run_steps(15);
            // (The line under the board says it too.)
            assert!(said(&h) > before, "\"{caption}\" not said on hover");
            h.hover_at(egui::pos2(1.0, 1.0));
            h.run_steps(15);
        }
        let body = egui::FontId::proportional(
            h.ctx
                .global_style()
                .text_styles
                .get(&egui::TextStyle::Body)
                .unwrap()
                .size,
        );
        let width = h.ctx.fonts_mut(|f| {
            f.layout_no_wrap(text.clone(), body, egui::Color32::BLACK)
                .size()
                .x
        });
        let strip = h
            .query_all_by_label_contains("Move 1 (hole 1)")
            .find(|n| n.value().is_some_and(|v| v.starts_with("Move ")))
            .expect("the strip");
        assert!(
            strip.rect().width() + 1.0 >= width,
            "the strip cut \"{text}\" ({width} px) to {:?}",
            strip.rect()
        );
    }
    assert!(cut > 0, "the whole text always fitted ({whole} steps)");
}

#[test]
fn a_strip_too_short_for_the_move_says_its_number_or_nothing() {
    // At 800 px the strip read "M…": neither the move nor anything else.
    // Narrowed step by step, it says the whole text, the caption cut by
    // words, the move and its counters, the move, its number, then
    // nothing, each uncut.
    let strip = |h: &Harness<'_, MaasaiApp>| {
        h.query_all_by_label_contains("Move 1")
            .find(|n| n.value().is_some_and(|v| v.starts_with("Move 1")))
            .map(|n| (n.value().unwrap(), n.rect().width()))
    };
    let mut seen = Vec::new();
    for width in (700..=1700).rev().step_by(20) {
        let width = width as f32;
        let mut h = fine_harness(en_gehe(6), [width, 560.0]);
        start_paused(&mut h, "South 1: 4 seeds");
        h.get_by_label("Step seed >").click();
        h.run();
        let kind = match strip(&h) {
            None => "nothing",
            Some((text, shown)) => {
                let body = egui::FontId::proportional(
                    h.ctx
                        .global_style()
                        .text_styles
                        .get(&egui::TextStyle::Body)
                        .unwrap()
                        .size,
                );
                let needed = h.ctx.fonts_mut(|f| {
                    f.layout_no_wrap(text.trim_end().to_string(), body, egui::Color32::BLACK)
                        .size()
                        .x
                });
                assert!(shown + 1.0 >= needed, "\"{text}\" cut at {width}");
                match text.trim_end() {
                    "Move 1" => "number",
                    "Move 1 (hole 1)" => "move",
                    t if t.ends_with('…') => "cut",
                    t if t
                        .rsplit("   ")
                        .next()
                        .is_some_and(|l| l.starts_with("seed ")) =>
                    {
                        "counters"
                    }
                    _ => "whole",
                }
            }
        };
        if seen.last() != Some(&kind) {
            seen.push(kind);
        }
    }
    assert_eq!(
        seen,
        ["whole", "cut", "counters", "move", "number", "nothing"]
    );
}

#[test]
fn the_solve_button_keeps_its_place_whatever_the_view() {
    // At 1024×680 the solver's description took two lines after a move
    // and one at the start (or after a position was pasted): the Solve
    // button jumped 15 px up under the pointer.
    let mut h = harness_at(en_gehe(12), [1024.0, 680.0]);
    h.state_mut().settings.show_solver = true;
    play_first_moves(&mut h, 3);
    h.run_steps(4);
    let after_a_move = h.get_by_label("Solve").rect();
    h.state_mut().queue(AppCommand::ViewStart);
    h.run_steps(4);
    assert!(shows(&h, "The start position on view, South to move."));
    let at_the_start = h.get_by_label("Solve").rect();
    assert_eq!(after_a_move, at_the_start);
    // A pasted position (a new game at its start) too.
    let pasted = parse_position("en-gehe south=1,0,2 north=1,1,0 captured=0,0 turn=south").unwrap();
    let mut h = harness_at(pasted, [1024.0, 680.0]);
    h.state_mut().settings.show_solver = true;
    h.run_steps(4);
    assert_eq!(h.get_by_label("Solve").rect(), after_a_move);
}

#[test]
fn a_long_team_name_keeps_the_comment_heading_on_one_line() {
    // "Comment on move 2 (" then the name on a row of its own: the
    // heading wrapped after a lone "(" and pushed the comment box down
    // (it now reads "Comment on move 2: …").
    let mut h = harness(en_gehe(6));
    h.state_mut().settings.speed = INSTANT_SPEED;
    h.run();
    h.get_by_label("South 1: 4 seeds").click();
    h.run();
    // The heading itself (the comment box is labelled by it too).
    let heading_height = |h: &Harness<'_, MaasaiApp>, text: &str| {
        h.query_all_by_value(text)
            .chain(h.query_all_by_label(text))
            .map(|n| n.rect().height())
            .fold(0.0, f32::max)
    };
    let one_line = heading_height(&h, "Comment on move 1: South 1");
    h.state_mut().rt.names[0] = "W".repeat(24);
    h.run();
    // The name gives way, the move stays: "…: WWWWWWWWWWWW… 1" or, in a
    // narrow list, "…: South 1".
    let shown = h
        .query_all_by_label_contains("Comment on move 1: ")
        .filter_map(|n| n.accesskit_node().label())
        .next()
        .expect("the heading");
    assert!(shown.ends_with(" 1"), "{shown}");
    let heading = heading_height(&h, &shown);
    assert!(one_line > 0.0 && heading > 0.0);
    assert!(heading <= one_line + 0.5, "{heading} against {one_line}");
}

#[test]
fn the_strips_words_keep_their_place_whatever_the_speed() {
    // The speed field grew with its text: the words after it moved 5 to
    // 20 px as the speed went from 5 to 1000 seeds a second.
    let mut h = harness_at(en_gehe(6), [1024.0, 680.0]);
    let mut places = Vec::new();
    for speed in [1.0, 5.0, 12.5, 999.6, INSTANT_SPEED] {
        h.state_mut().settings.speed = speed;
        h.run();
        let hint = h
            .query_all_by_label_contains("to watch its sowing")
            .next()
            .expect("the strip's hint");
        places.push(hint.rect().min.x);
    }
    assert!(places.windows(2).all(|w| w[0] == w[1]), "{places:?}");
}

#[test]
fn a_typed_speed_that_is_no_speed_is_said() {
    // "abc" and Enter in the speed field put the speed back, silently.
    let mut h = harness_at(en_gehe(6), [1024.0, 680.0]);
    h.state_mut().settings.speed = 12.0;
    h.run();
    let refused = |h: &Harness<'static, MaasaiApp>| {
        h.query_by_label_contains("is not a sowing speed").is_some()
    };
    // Typed a key at a time, as a person does: read once typed, not at
    // every key ("instant" was refused as "i", "in", …).
    let type_speed = |h: &mut Harness<'static, MaasaiApp>, text: &str| {
        // The slider's number field (the slider itself says the same).
        let shown = h.state().settings.speed;
        let value = if shown >= 1000.0 {
            "instant".to_string()
        } else {
            format!("{shown:.0} seeds/s")
        };
        h.query_all_by_value(&value)
            .find(|n| n.accesskit_node().role() != egui::accesskit::Role::Slider)
            .expect("the speed field")
            .click();
        h.run();
        h.event(common::select_all_pressed());
        let mut typed = String::new();
        for c in text.chars() {
            typed.push(c);
            h.event(egui::Event::Text(c.to_string()));
            h.run();
            assert!(
                h.query_by_label_contains(&format!("“{typed}” is not a sowing speed"))
                    .is_none(),
                "refused while typing {text:?}"
            );
        }
        h.key_press(egui::Key::Enter);
        h.run();
    };
    type_speed(&mut h, "abc");
    assert_eq!(h.state().settings.speed, 12.0);
    assert!(
        h.query_by_label_contains(
            "“abc” is not a sowing speed: type seeds a second, 1 to 999 (“40” or “40 seeds/s”), or “instant”"
        )
        .is_some()
    );
    // Out of the range: refused too (it was put at its end, "0" said
    // "1 seed/s" without a word).
    type_speed(&mut h, "0");
    assert_eq!(h.state().settings.speed, 12.0);
    assert!(
        h.query_by_label_contains("“0” is not a sowing speed")
            .is_some()
    );
    // A speed that is one is taken, and the refusal goes.
    type_speed(&mut h, "40 seeds/s");
    assert_eq!(h.state().settings.speed, 40.0);
    assert!(!refused(&h));
    type_speed(&mut h, "instant");
    assert_eq!(h.state().settings.speed, INSTANT_SPEED);
}

/// Where the hole `bi` of the position on view is drawn, and the right
/// edge of the board's area (the move list's left).
fn hole_x_and_area(h: &Harness<'_, MaasaiApp>, bi: usize) -> (f32, f32) {
    let pos = h.state().rt.shown_position();
    let hole = pos.hole_at(bi);
    let name = format!(
        "{} {}:",
        hole.side.title(),
        pos.variant().hole_name(hole.index)
    );
    let x = h
        .query_all_by_label_contains(&name)
        .next()
        .unwrap_or_else(|| panic!("no hole {name}"))
        .rect()
        .center()
        .x;
    let area = h.get_by_label("Moves").rect().left();
    (x, area)
}

#[test]
fn a_zoomed_sowing_shows_the_holes_it_sows_next_and_zooming_keeps_its_hole() {
    let mut h = fine_harness(en_gehe(50), SNAPSHOT_SIZE);
    h.state_mut().settings.zoom = 4.0;
    h.run();
    sow_slowly(&mut h, "50");
    h.get_by_label("Pause").click();
    h.step();
    h.step();
    // Forty seeds on: the board pans once a screenful, not at every step,
    // and the next few holes of the lap are in view whenever it has panned.
    let mut pans = 0;
    for _ in 0..40 {
        let before = h.state().rt.pan;
        h.key_press(egui::Key::ArrowRight);
        h.step();
        h.step();
        if h.state().rt.pan != before {
            pans += 1;
            let r = h.state().rt.shown_replay().unwrap();
            if let Some((_, to)) = r.next_seed() {
                let (x, area) = hole_x_and_area(&h, to);
                assert!(
                    x > 0.0 && x < area,
                    "the next hole at {x}, the area to {area}"
                );
            }
        }
    }
    assert!((1..=10).contains(&pans), "{pans} pans in 40 steps");
    // Zoomed further while paused: the hole being sown stays in view.
    let r = h.state().rt.shown_replay().unwrap();
    let (from, _) = r.next_seed().expect("still sowing");
    h.state_mut().settings.zoom = 6.0;
    h.step();
    h.step();
    h.step();
    let (x, area) = hole_x_and_area(&h, from);
    assert!(x > 0.0 && x < area, "the hole at {x}, the area to {area}");
}

#[test]
fn page_up_and_page_down_go_ten_moves_at_a_time() {
    use egui::{Key, Modifiers as M};
    let mut h = sowing_instantly(en_gehe(12));
    for _ in 0..25 {
        let mv = h.state().rt.game.current().legal_moves()[0];
        h.state_mut().queue(AppCommand::PlayMove(mv));
        h.run();
    }
    let view = |h: &Harness<'_, MaasaiApp>| h.state().rt.view;
    assert_eq!(view(&h), 25);
    for expected in [15, 5, 0, 0] {
        press_in_one_frame(&mut h, &[(M::NONE, Key::PageUp)]);
        assert_eq!(view(&h), expected);
        assert!(h.state().rt.shown_replay().is_none_or(|r| r.at_end()));
    }
    for expected in [10, 20, 25] {
        press_in_one_frame(&mut h, &[(M::NONE, Key::PageDown)]);
        assert_eq!(view(&h), expected);
    }
    assert!(h.state().rt.live());
}

#[test]
fn the_strips_hint_is_a_whole_phrase_that_fits_or_none() {
    // At 800 px with no move played the strip's end read "…" alone, and
    // at 1024 px "Play a move, or pick one in the move l…": a shorter
    // hint stands whole in its place.
    let wide = harness_at(en_gehe(50), [1400.0, 560.0]);
    assert_eq!(
        strip_hint(&wide).map(|(hint, _)| hint),
        Some(maasai_mancala::app::controls::HINTS[0])
    );
    for width in [1024.0, 900.0, 800.0, 700.0] {
        let mut h = harness_at(en_gehe(50), [width, 560.0]);
        h.run();
        // Nothing painted of it is cut short with "…".
        let mut painted = Vec::new();
        for clipped in &h.output().shapes {
            painted_galleys(&clipped.shape, &mut painted);
        }
        let cut: Vec<_> = painted
            .iter()
            .filter(|g| g.job.text.starts_with("Play a move") && g.elided)
            .map(|g| g.job.text.clone())
            .collect();
        assert!(cut.is_empty(), "at {width} px: {cut:?}");
        if let Some((_, rect)) = strip_hint(&h) {
            assert!(rect.right() <= width, "at {width} px: {rect:?}");
        }
    }
    let h = harness_at(en_gehe(50), [1024.0, 560.0]);
    assert!(strip_hint(&h).is_some(), "no hint at 1024 px");
}

#[test]
fn the_value_of_every_move_is_cancelled_while_its_moves_are_found() {
    use maasai_mancala::app::solver_panel::SolverCommand;
    let pos =
        parse_position("en-gehe south=0,2,0,1,1 north=1,2,0,1,1 captured=0,0 turn=south").unwrap();
    let mut h = harness(pos);
    h.state_mut().solver.session = Some(Session::with_solver(Solver::with_table_bits(16)));
    h.state_mut().settings.show_solver = true;
    h.run_steps(2);
    h.get_by_label("Solve").click();
    step_until(&mut h, "the solve", |app| {
        app.solver.solution(&pos).is_some()
    });
    h.run_steps(2);
    // Cancelled in the frame it was asked for, before the walk that finds
    // the legal moves has answered (proving a move endless can take
    // seconds): no solve runs yet, and the list stops all the same.
    let solver = |c| AppCommand::Solver(c);
    h.state_mut().queue(solver(SolverCommand::ValueEveryMove));
    h.state_mut().queue(solver(SolverCommand::Cancel));
    h.step();
    let note = h.state().solver.note.clone().unwrap_or_default();
    assert!(
        note.contains("were cancelled while its legal moves were found"),
        "{note}"
    );
    for _ in 0..20 {
        h.step();
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    assert!(!h.state().solver.running());
    // Only the best move's value, from the solve; the list can be asked
    // for again.
    assert_eq!(h.state().solver.move_values(&pos).len(), 1);
    assert!(h.query_by_label("Value of every move").is_some());
}

/// A Bao la Kimasai game ended in a window of `size`: South i1 steps into
/// i2 and raids North's only inner seed. Also where the board lay before.
fn bao_game_ended(size: [f32; 2]) -> (Harness<'static, MaasaiApp>, egui::Rect) {
    let start = parse_position(
        "bao-la-kimasai south=1,1,0,0,0,0,0,0,0,0,0,0,0,0,0,0 \
         north=0,0,0,0,0,0,1,0,0,0,0,0,0,0,0,1 reserve=0,0 turn=south opening=no",
    )
    .unwrap();
    let mut h = harness_at(start, size);
    h.state_mut().settings.speed = INSTANT_SPEED;
    h.run_steps(4);
    let (_, before) = h.state().rt.board_area.expect("drawn");
    h.get_by_label("South i1: 1 seed").click();
    h.run_steps(12);
    assert!(h.state().rt.result().is_some(), "South i1 ends the game");
    (h, before)
}

#[test]
fn a_bao_result_window_narrowed_beside_the_board_keeps_its_title_whole() {
    // At 1024×680 the gaps beside the board are narrow; the window, as
    // wide as its wrapped text, read "Game o…" in its title bar.
    let (h, _) = bao_game_ended([1024.0, 680.0]);
    let title = maasai_mancala::app::game_over::TITLE;
    let needed = maasai_mancala::app::dialogs::title_bar_width(&h.ctx, title);
    let window = h.get_by_label(title).rect();
    assert!(
        window.width() >= needed - 1.0,
        "{window:?} narrower than its title bar ({needed})"
    );
    let (_, board) = h.state().rt.board_area.expect("drawn");
    assert!(!window.intersects(board), "{window:?} over {board:?}");
}

#[test]
fn a_bao_board_shrinks_only_as_far_as_its_result_window_beside_it_needs() {
    // At 1280×800 the board shrank to make room under it, and the window
    // then went beside it all the same: the room under the board was left
    // empty and the board smaller than it had to be.
    let (h, before) = bao_game_ended([1280.0, 800.0]);
    let (area, board) = h.state().rt.board_area.expect("drawn");
    let window = h.get_by_label(maasai_mancala::app::game_over::TITLE).rect();
    assert!(!window.intersects(board), "{window:?} over {board:?}");
    assert!(
        board.width() < before.width(),
        "the board had no room beside it"
    );
    let gap = board.left() - area.left();
    let needed = maasai_mancala::app::game_over::narrowest_beside(&h.ctx);
    assert!(
        gap <= needed + 4.0,
        "a gap of {gap} beside the board where the window needs {needed}"
    );
    assert!(
        window.right() <= board.left() + 1.0,
        "{window:?} beside {board:?}"
    );
    // Centred in its area, as before, only smaller: it went to the top,
    // the room under it left empty.
    let shrunk = before.height() - board.height();
    assert!(
        board.top() > before.top() + shrunk / 4.0
            && board.bottom() < before.bottom() - shrunk / 4.0,
        "{board:?} not centred where {before:?} was"
    );
}

#[test]
fn a_position_met_after_a_game_is_solved_with_that_games_repetitions() {
    use maasai_mancala::app::files_ui::FileCommand;
    use maasai_mancala::app::solver_panel::SolverCommand;
    use maasai_mancala::solver::Value;
    // On its own North wins by 4 (1 3 2); after this game North's 1 goes
    // back to a position the game had, a repetition worth 2. The panel
    // showed the +4 it had proved for the position on its own.
    let alone = parse_position("en-gehe south=0,0,1 north=1,0,0 captured=4,6 turn=north").unwrap();
    let record = "en-gehe south=2,2,2 north=2,2,2 captured=0,0 turn=south 1 2 2 2 1 3 3 1 1 3 1";
    let mut h = harness(alone);
    h.state_mut().solver.session = Some(Session::with_solver(Solver::with_table_bits(16)));
    h.state_mut().settings.show_solver = true;
    h.state_mut().settings.speed = INSTANT_SPEED;
    h.run_steps(2);
    let solve = |h: &mut Harness<'static, MaasaiApp>| {
        h.state_mut()
            .queue(AppCommand::Solver(SolverCommand::Solve));
        step_until(h, "the solve", |app| {
            app.solver.shown_solution(&app.rt).is_some()
        });
        h.run_steps(2);
        h.state()
            .solver
            .shown_solution(&h.state().rt)
            .unwrap()
            .clone()
    };
    assert_eq!(solve(&mut h).value, Value::Margin(4));
    h.state_mut()
        .queue(AppCommand::Files(FileCommand::PasteText(record.into())));
    h.run_steps(4);
    assert_eq!(*h.state().rt.shown_position(), alone);
    assert_eq!(h.state().rt.game.moves().len(), 11);
    assert!(h.state().solver.shown_solution(&h.state().rt).is_none());
    assert!(
        h.query_by_label("Solve").is_some(),
        "not solved after this game"
    );
    let solution = solve(&mut h);
    assert_eq!(solution.value, Value::Margin(2));
    assert_eq!(solution.pv.len(), 1, "{:?}", solution.pv);
    // The position on its own keeps its value.
    assert_eq!(
        h.state().solver.solution(&alone).unwrap().value,
        Value::Margin(4)
    );
}

#[test]
fn a_comment_pasted_past_its_limit_says_it_was_cut() {
    // 11,400 characters pasted into a move's comment kept 10,000 without
    // a word.
    let mut h = harness(en_gehe(6));
    h.state_mut().settings.speed = INSTANT_SPEED;
    h.run();
    h.get_by_label("South 1: 4 seeds").click();
    h.run_steps(3);
    h.state_mut().rt.view = 1;
    h.run_steps(2);
    let limit = maasai_mancala::files::MAX_COMMENT_CHARS;
    h.get_by_label("Comment on move 1: South 1").focus();
    h.run_steps(2);
    assert!(
        h.query_by_label_contains("at its limit").is_none(),
        "said of an empty comment"
    );
    h.event(egui::Event::Paste("word ".repeat(limit / 4)));
    h.run_steps(2);
    assert_eq!(h.state().rt.comments[&1].chars().count(), limit);
    assert!(
        h.query_by_label_contains(
            "The comment is at its limit of 10,000 characters: text past it is not taken."
        )
        .is_some()
    );
}

#[test]
fn enter_alone_answers_no_question_about_unsaved_changes_as_the_help_says() {
    // Help said Enter takes a dialog's first button; "Save your changes?"
    // waits for a click (a stray Enter must not decide about the game).
    let mut h = harness(en_gehe(6));
    h.state_mut().settings.speed = INSTANT_SPEED;
    h.run();
    h.get_by_label("South 1: 4 seeds").click();
    h.run_steps(3);
    h.state_mut().queue(AppCommand::Files(
        maasai_mancala::app::files_ui::FileCommand::New,
    ));
    h.run_steps(2);
    assert!(h.state().files.unsaved_prompt.is_some());
    h.key_press(egui::Key::Enter);
    h.run_steps(2);
    assert!(
        h.state().files.unsaved_prompt.is_some(),
        "Enter answered it"
    );
    assert_eq!(h.state().rt.game.moves().len(), 1);
    h.state_mut().files.unsaved_prompt = None;
    h.run();
    h.key_press(egui::Key::F1);
    h.run();
    assert!(
        h.query_by_label_contains("is never answered by Enter alone")
            .is_some()
    );
}
