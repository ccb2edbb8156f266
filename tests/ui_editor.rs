//! UI tests of the position editor (egui_kittest): opening it, editing
//! holes by click, Shift/right-click, typed digits and drags, the side
//! panel's controls, pasted notation, the listed problems of an illegal
//! position, leaving with Play/Analyse/Cancel (asking first when that
//! would throw edits away); and the tempo beside the rows.

mod common;
use common::{SNAPSHOT_SIZE, ctrl_v_released, en_gehe, harness_at};
use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use maasai_mancala::app::editor::{Editor, EditorCommand};
use maasai_mancala::app::files_ui::FileCommand;
use maasai_mancala::app::{AppCommand, MaasaiApp};
use maasai_mancala::engine::{Game, GameOptions, Position, Side, notation::parse_position};
use maasai_mancala::files::record_text;

fn harness(start: Position) -> Harness<'static, MaasaiApp> {
    harness_at(start, SNAPSHOT_SIZE)
}

/// The window on `start`, sowing instantly, settled.
fn sowing_instantly(start: Position) -> Harness<'static, MaasaiApp> {
    common::sowing_instantly_at(start, SNAPSHOT_SIZE)
}

/// The editor open on the Bao la Kimasai start, in a 1024×680 window.
fn bao_editor_in_a_small_window() -> Harness<'static, MaasaiApp> {
    let mut h = harness_at(
        GameOptions::bao_la_kimasai().start().unwrap(),
        [1024.0, 680.0],
    );
    open_editor(&mut h);
    h
}

/// Opens the editor with its shortcut.
fn open_editor(h: &mut Harness<'_, MaasaiApp>) {
    h.run();
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::E);
    h.run();
    assert!(h.state().editor.is_some(), "Ctrl+E opens the editor");
}

fn editor<'a>(h: &'a Harness<'_, MaasaiApp>) -> &'a Editor {
    h.state().editor.as_ref().expect("the editor is open")
}

fn notation(h: &Harness<'_, MaasaiApp>) -> String {
    editor(h).setup.to_string()
}

fn shows(h: &Harness<'_, MaasaiApp>, label: &str) -> bool {
    h.query_by_label(label).is_some()
}

fn disabled(h: &Harness<'_, MaasaiApp>, label: &str) -> bool {
    h.get_by_label(label).accesskit_node().is_disabled()
}

/// The question asked before edits are thrown away.
const DISCARD_QUESTION: &str = "Discard the edited position?";

/// Answers "Discard the edited position?" with Discard and leave.
fn discard(h: &mut Harness<'_, MaasaiApp>) {
    assert!(shows(h, DISCARD_QUESTION), "leaving with edits asks first");
    h.get_by_label("Discard and leave").click();
    h.run();
}

/// Types `text` over the number field labelled `label` and presses Enter.
fn type_number(h: &mut Harness<'_, MaasaiApp>, label: &str, text: &str) {
    h.get_by_role_and_label(Role::SpinButton, label).click();
    h.run();
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    h.event(egui::Event::Text(text.into()));
    h.run();
    h.key_press(egui::Key::Enter);
    h.run();
}

/// Types `text` into the Paste notation field and presses Use this text.
fn use_pasted(h: &mut Harness<'_, MaasaiApp>, text: &str) {
    set_field(h, "Paste notation", text);
    h.get_by_label("Use this text").click();
    h.run();
}

/// Replaces the text of the field labelled `label`.
fn set_field(h: &mut Harness<'_, MaasaiApp>, label: &str, text: &str) {
    h.get_by_label(label).focus();
    h.run();
    h.get_by_label(label).type_text(text);
    h.run();
}

#[test]
fn the_menu_opens_the_editor_on_the_position_on_view_and_cancel_leaves_it() {
    let mut h = harness(en_gehe(6));
    h.run();
    h.get_by_label("Game").click();
    h.run();
    h.get_by_label("Edit position…  (Ctrl+E)").click();
    h.run();
    assert_eq!(
        notation(&h),
        "en-gehe south=4,4,4,4,4,4 north=4,4,4,4,4,4 captured=0,0 turn=south"
    );
    assert!(shows(&h, "Position editor"));
    h.get_by_label("South 2: 4 seeds").click();
    h.run();
    h.get_by_label("Cancel").click();
    h.run();
    discard(&mut h);
    assert!(h.state().editor.is_none());
    assert_eq!(
        h.state().rt.game.current().to_string(),
        "en-gehe south=4,4,4,4,4,4 north=4,4,4,4,4,4 captured=0,0 turn=south",
        "Cancel leaves the game untouched"
    );
    assert!(h.state().rt.game.moves().is_empty());
}

#[test]
fn clicks_add_and_take_seeds_and_typed_digits_set_a_count() {
    let mut h = harness(en_gehe(6));
    open_editor(&mut h);
    h.get_by_label("South 1: 4 seeds").click();
    h.run();
    assert!(shows(&h, "South 1: 5 seeds"), "a click adds a seed");
    h.get_by_label("South 1: 5 seeds")
        .click_modifiers(egui::Modifiers::SHIFT);
    h.run();
    assert!(shows(&h, "South 1: 4 seeds"), "Shift+click takes one away");
    h.get_by_label("North 3: 4 seeds").click_secondary();
    h.run();
    assert!(
        shows(&h, "North 3: 3 seeds"),
        "a right-click takes one away"
    );
    assert_eq!(editor(&h).selected.unwrap().side(), Side::North);

    // The last clicked hole takes typed digits.
    h.event(egui::Event::Text("1".into()));
    h.event(egui::Event::Text("7".into()));
    h.run();
    assert!(shows(&h, "North 3: 17 seeds"));
    assert!(shows(&h, "Typing into North 3: 17"));
    h.key_press(egui::Key::Enter);
    h.run();
    assert!(editor(&h).selected.is_none(), "Enter ends the typing");
    assert_eq!(
        notation(&h),
        "en-gehe south=4,4,4,4,4,4 north=4,4,17,4,4,4 captured=0,0 turn=south"
    );

    // Ctrl+Z undoes edit by edit, a typed number as one edit (not digit
    // by digit).
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    h.run();
    assert!(shows(&h, "North 3: 3 seeds"));
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    h.run();
    assert!(shows(&h, "North 3: 4 seeds"), "then the right-click");
    h.key_press_modifiers(
        egui::Modifiers::COMMAND | egui::Modifiers::SHIFT,
        egui::Key::Z,
    );
    h.run();
    assert!(shows(&h, "North 3: 3 seeds"), "and Ctrl+Shift+Z redoes");
}

/// Presses the primary button on the labelled widget `from` and carries
/// the pointer to `to` in four steps without letting go; returns where it
/// is held.
fn pick_up_and_carry(
    h: &mut Harness<'_, MaasaiApp>,
    from: &str,
    to: &str,
    m: egui::Modifiers,
) -> egui::Pos2 {
    let a = h.get_by_label(from).rect().center();
    let b = h.get_by_label(to).rect().center();
    h.event(egui::Event::PointerMoved(a));
    h.run();
    h.event(egui::Event::PointerButton {
        pos: a,
        button: egui::PointerButton::Primary,
        pressed: true,
        modifiers: m,
    });
    h.run();
    for k in 1..=4 {
        h.event(egui::Event::PointerMoved(a + (b - a) * (k as f32 / 4.0)));
        h.run();
    }
    b
}

/// Lets go of the primary button at `pos`, in the frame still to run.
fn let_go(h: &mut Harness<'_, MaasaiApp>, pos: egui::Pos2, m: egui::Modifiers) {
    h.event(egui::Event::PointerButton {
        pos,
        button: egui::PointerButton::Primary,
        pressed: false,
        modifiers: m,
    });
}

/// Drags with the primary button from one labelled widget to another.
fn drag(h: &mut Harness<'_, MaasaiApp>, from: &str, to: &str, m: egui::Modifiers) {
    let b = pick_up_and_carry(h, from, to, m);
    let_go(h, b, m);
    h.run();
}

/// Drags one seed from hole or reserve `from` onto `to`.
fn drag_one_seed(h: &mut Harness<'_, MaasaiApp>, from: &str, to: &str) {
    drag(h, from, to, egui::Modifiers::NONE);
}

/// Ctrl+drags all the seeds of hole or reserve `from` onto `to`: Ctrl is
/// held down before the drag and let go after the drop.
fn ctrl_drag(h: &mut Harness<'_, MaasaiApp>, from: &str, to: &str) {
    h.event(egui::Event::ModifiersChanged(egui::Modifiers::COMMAND));
    drag(h, from, to, egui::Modifiers::COMMAND);
    h.event(egui::Event::ModifiersChanged(egui::Modifiers::NONE));
    h.run();
}

#[test]
fn dragging_moves_one_seed_and_ctrl_drag_moves_all() {
    let mut h = harness(en_gehe(6));
    open_editor(&mut h);
    drag_one_seed(&mut h, "South 1: 4 seeds", "South 4: 4 seeds");
    assert!(shows(&h, "South 1: 3 seeds"));
    assert!(shows(&h, "South 4: 5 seeds"));
    ctrl_drag(&mut h, "South 4: 5 seeds", "North 1: 4 seeds");
    assert_eq!(
        notation(&h),
        "en-gehe south=3,4,4,0,4,4 north=9,4,4,4,4,4 captured=0,0 turn=south"
    );
}

#[test]
fn an_empty_board_is_explained_and_cannot_be_played() {
    let mut h = harness(en_gehe(6));
    open_editor(&mut h);
    assert!(!disabled(&h, "Play from here"));
    h.get_by_label("Empty board").click();
    h.run();
    assert_eq!(
        notation(&h),
        "en-gehe south=0,0,0,0,0,0 north=0,0,0,0,0,0 captured=0,0 turn=south"
    );
    assert!(
        h.query_by_label_contains("• The game is already over here")
            .is_some()
    );
    assert!(shows(&h, "1 problem — this position cannot be played yet:"));
    assert!(disabled(&h, "Play from here"));
    assert!(disabled(&h, "Analyse"));
    // Clicking the disabled button starts nothing.
    h.get_by_label("Play from here").click();
    h.run();
    assert!(h.state().editor.is_some());
    assert_eq!(h.state().rt.game.current().holes_per_side(), 6);
    assert_eq!(h.state().rt.game.current().board_seeds(), 48);

    // One seed for South and it is playable again.
    h.get_by_label("South 2: 0 seeds").click();
    h.run();
    assert!(h.query_by_label_contains("The board is legal").is_some());
    assert!(!disabled(&h, "Play from here"));
}

#[test]
fn play_pressed_while_the_window_checks_the_position_is_not_lost() {
    // The window checks whether the game is over on a thread; Play from
    // here pressed in the frame of an edit (before the check has answered)
    // starts the game once it has, rather than doing nothing.
    let mut h = harness(en_gehe(6));
    h.state_mut().rt.background = true;
    // (Stepped, not run: the window repaints while its check is out.)
    h.step();
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::E);
    common::step_until(&mut h, "the editor's first check", |app| {
        app.editor
            .as_ref()
            .is_some_and(|ed| ed.check().playable().is_some())
    });
    h.get_by_label("South 2: 4 seeds").click();
    h.get_by_label("Play from here").click();
    h.step();
    common::step_until(&mut h, "the game from the edited position", |app| {
        app.editor.is_none()
    });
    assert_eq!(
        h.state().rt.game.current().to_string(),
        "en-gehe south=4,5,4,4,4,4 north=4,4,4,4,4,4 captured=0,0 turn=south"
    );
}

#[test]
fn a_paste_or_copy_says_what_it_did_even_when_the_board_does_not_change() {
    let mut h = harness(en_gehe(3));
    open_editor(&mut h);
    let same = notation(&h);
    use_pasted(&mut h, &same);
    assert!(shows(
        &h,
        "Read the position: it is the one already on the board."
    ));
    // (The field still holds the first text: select it all, then type.)
    h.get_by_label("Paste notation").focus();
    h.run();
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    use_pasted(
        &mut h,
        "en-gehe south=1,0,2 north=0,3,0 captured=0,0 turn=south",
    );
    assert!(
        shows(
            &h,
            "Read the position onto the board (Ctrl+Z takes it back)."
        ),
        "{} / {:?} / {:?}",
        notation(&h),
        editor(&h).paste_error,
        editor(&h).paste_done
    );
    h.get_by_label("Copy notation").click();
    h.run();
    assert!(shows(&h, "Copied to the clipboard."));
    let copied = editor(&h).copied.clone().unwrap();
    assert!(parse_position(&copied).is_ok(), "{copied}");
    // Another edit: neither is said any longer.
    h.get_by_label("South 1: 1 seed").click();
    h.run();
    assert!(h.query_by_label_contains("Read the position").is_none());
    assert!(
        h.query_by_label_contains("Copied to the clipboard")
            .is_none()
    );
}

#[test]
fn side_to_move_captured_counts_and_board_size_are_set_in_the_panel() {
    let mut h = harness(en_gehe(6));
    open_editor(&mut h);
    h.get_by_role_and_label(Role::RadioButton, "North").click();
    h.run();
    assert_eq!(editor(&h).setup.turn, Side::North);
    assert!(notation(&h).ends_with("turn=north"));
    h.get_by_role_and_label(Role::SpinButton, "North")
        .set_value_accesskit(7.0);
    h.run();
    assert_eq!(editor(&h).setup.captured, [0, 7]);
    // The board size: 8 holes, the new ones empty.
    h.get_by_role_and_label(Role::SpinButton, "Holes per row:")
        .set_value_accesskit(8.0);
    h.run();
    assert!(shows(&h, "South 8: 0 seeds"));
    assert_eq!(
        notation(&h),
        "en-gehe south=4,4,4,4,4,4,0,0 north=4,4,4,4,4,4,0,0 captured=0,7 turn=north"
    );
    // The origin option, on and off again.
    h.get_by_label("Long laps: skip the starting hole (origin=skip)")
        .click();
    h.run();
    assert!(notation(&h).ends_with("turn=north origin=skip"));
    assert_eq!(
        editor(&h).check().position.map(|p| p.origin()),
        Some(maasai_mancala::engine::OriginRule::Skip)
    );
    h.get_by_label("Long laps: skip the starting hole (origin=skip)")
        .click();
    h.run();
    assert!(notation(&h).ends_with("turn=north"));
    // Switching to Bao la Kimasai gives its start position and its fields.
    h.get_by_label("Bao la Kimasai").click();
    h.run();
    assert_eq!(
        notation(&h),
        "bao-la-kimasai south=1,1,1,1,1,1,1,1,0,0,0,0,0,0,0,0 north=1,1,1,1,1,1,1,1,0,0,0,0,0,0,0,0 reserve=24,24 turn=south opening=yes"
    );
    assert!(shows(&h, "Opening: the next move is the game's first"));
    h.get_by_label("Opening: the next move is the game's first")
        .click();
    h.run();
    assert!(notation(&h).ends_with("opening=no"));
}

#[test]
fn pasted_notation_is_read_and_a_bad_one_is_refused_with_where() {
    let mut h = harness(en_gehe(6));
    open_editor(&mut h);
    // A paste on the board (Ctrl+V) replaces the setup.
    h.event(egui::Event::Paste(
        "en-gehe south=1,0,2 north=0,3,0 captured=5,6 turn=north".into(),
    ));
    h.run();
    assert_eq!(
        notation(&h),
        "en-gehe south=1,0,2 north=0,3,0 captured=5,6 turn=north"
    );
    assert!(shows(&h, "South 3: 2 seeds"));

    // The paste field: a bad entry is refused, naming the token and entry.
    use_pasted(
        &mut h,
        "en-gehe south=1,x,2 north=0,3,0 captured=0,0 turn=south",
    );
    assert!(
        h.query_by_label_contains("`south=1,x,2`: entry 2 (`x`) is not a whole number")
            .is_some()
    );
    assert_eq!(
        notation(&h),
        "en-gehe south=1,0,2 north=0,3,0 captured=5,6 turn=north",
        "a refused paste changes nothing"
    );
    // The next change of the board clears the refusal.
    h.get_by_label("South 1: 1 seed").click();
    h.run();
    assert!(
        h.query_by_label_contains("is not a whole number").is_none(),
        "a stale paste error"
    );
    // Enter in the field uses its text, as the button does (it broke the
    // line instead).
    h.state_mut().editor.as_mut().unwrap().paste_text =
        "en-gehe south=0,4,0 north=2,0,0 captured=1,1 turn=south".into();
    h.get_by_label("Paste notation").focus();
    h.run();
    h.key_press(egui::Key::Enter);
    h.run();
    assert_eq!(
        notation(&h),
        "en-gehe south=0,4,0 north=2,0,0 captured=1,1 turn=south"
    );
}

#[test]
fn ctrl_v_on_the_board_with_no_text_says_why_next_to_the_paste_field() {
    let mut h = harness(en_gehe(6));
    open_editor(&mut h);
    // A paste that brought text: its release says nothing more (it read
    // the clipboard again and pasted twice).
    let text = "en-gehe south=1,0,2 north=0,3,0 captured=5,6 turn=north";
    h.event(egui::Event::Paste(text.into()));
    h.event(ctrl_v_released());
    h.run();
    assert_eq!(notation(&h), text);
    assert!(
        editor(&h).paste_error.is_none(),
        "{:?}",
        editor(&h).paste_error
    );
    let before = notation(&h);
    // egui sends no paste for an empty clipboard (nor for a test's, which
    // has no display): Ctrl+V's release alone is heard.
    h.event(ctrl_v_released());
    h.run();
    assert!(
        h.query_by_label_contains("The clipboard").is_some()
            || h.query_by_label_contains("This system offers no clipboard")
                .is_some(),
        "no word on the paste"
    );
    assert_eq!(notation(&h), before);
}

#[test]
fn bao_la_kimasai_with_an_empty_inner_row_is_explained() {
    let mut h = harness(GameOptions::bao_la_kimasai().start().unwrap());
    open_editor(&mut h);
    h.event(egui::Event::Paste(
        "bao-la-kimasai south=0,0,0,0,0,0,0,0,3,0,0,0,0,0,0,2 north=1,1,1,1,1,1,1,1,0,0,0,0,0,0,0,0 reserve=0,0 turn=south opening=no".into(),
    ));
    h.run();
    assert!(
        h.query_by_label_contains("• The game is already over here")
            .is_some()
    );
    assert!(disabled(&h, "Play from here"));
    assert!(shows(&h, "1 problem — this position cannot be played yet:"));
    // The reserve piles take clicks too.
    h.get_by_label("North reserve: 0 seeds").click();
    h.run();
    h.get_by_label("North reserve: 1 seed").click();
    h.run();
    h.get_by_label("North reserve: 2 seeds").click_secondary();
    h.run();
    assert_eq!(editor(&h).setup.reserve, [0, 1]);
    // Refilling one inner hole makes it playable.
    h.get_by_label("South i4: 0 seeds").click();
    h.run();
    assert!(h.query_by_label_contains("The board is legal").is_some());
    assert!(!disabled(&h, "Play from here"));
}

#[test]
fn every_backspace_of_a_slow_frame_counts_in_order_with_the_digits() {
    // A slow frame may hold several key presses: each Backspace takes off
    // one digit, in the order typed (it used to count once a frame, and
    // before the digits).
    let mut h = harness(GameOptions::bao_la_kimasai().start().unwrap());
    open_editor(&mut h);
    h.get_by_label("North reserve: 24 seeds").click();
    h.run();
    for text in ["9", "9", "9"] {
        h.event(egui::Event::Text(text.into()));
    }
    h.run();
    assert!(shows(&h, "Typing into North reserve: 999"));
    for _ in 0..3 {
        h.key_press(egui::Key::Backspace);
    }
    h.event(egui::Event::Text("4".into()));
    h.run();
    assert!(shows(&h, "North reserve: 4 seeds"));
    // The same for a move typed on the board.
    h.get_by_label("Cancel").click();
    h.run();
    discard(&mut h);
    for text in ["i", "8"] {
        h.event(egui::Event::Text(text.into()));
    }
    h.key_press(egui::Key::Backspace);
    h.key_press(egui::Key::Backspace);
    h.event(egui::Event::Text("o".into()));
    h.event(egui::Event::Text("1".into()));
    h.run();
    assert_eq!(h.state().rt.typed, "o1");
}

#[test]
fn a_digit_too_many_is_said_beside_the_typing() {
    // On a Bao la Kimasai board the note was not shown at all (it sat
    // under En Gehé's row length, where it was not about the rows either).
    let mut h = harness(GameOptions::bao_la_kimasai().start().unwrap());
    open_editor(&mut h);
    h.get_by_label("North reserve: 24 seeds").click();
    h.run();
    for _ in 0..6 {
        h.event(egui::Event::Text("9".into()));
    }
    h.run();
    // The one limit of a count (60,000): a fifth 9 goes past it.
    assert!(shows(&h, "Typing into North reserve: 9999"));
    assert_eq!(editor(&h).setup.reserve, [24, 9999]);
    assert!(shows(
        &h,
        "99,999 is too many: a position holds at most 60,000 seeds; Backspace corrects."
    ));
}

#[test]
fn text_that_is_no_count_is_refused_beside_the_field_not_silently_dropped() {
    let mut h = harness(GameOptions::bao_la_kimasai().start().unwrap());
    open_editor(&mut h);
    let type_into_south_reserve =
        |h: &mut Harness<'_, MaasaiApp>, text: &str| type_number(h, "South", text);
    type_into_south_reserve(&mut h, "ten");
    assert_eq!(editor(&h).setup.reserve, [24, 24], "the count is kept");
    assert!(
        h.query_by_label_contains(
            "“ten” is not a seed count: type a whole number from 0 to 60,000"
        )
        .is_some()
    );
    // Too many is said too, not clamped to the most.
    type_into_south_reserve(&mut h, "70000");
    assert_eq!(editor(&h).setup.reserve, [24, 24]);
    assert!(
        h.query_by_label_contains("70,000 is too many: a position holds at most 60,000 seeds")
            .is_some()
    );
    // A count is taken and the note goes.
    type_into_south_reserve(&mut h, "7");
    assert_eq!(editor(&h).setup.reserve, [7, 24]);
    assert!(h.query_by_label_contains("seed count").is_none());
    assert!(h.query_by_label_contains("too many").is_none());
}

#[test]
fn a_refused_count_s_note_goes_once_something_else_is_edited() {
    // The note stayed under its row, about text long gone, while the
    // position was edited elsewhere.
    let mut h = harness(GameOptions::bao_la_kimasai().start().unwrap());
    open_editor(&mut h);
    type_number(&mut h, "South", "ten");
    assert!(h.query_by_label_contains("is not a seed count").is_some());
    // Nothing else edited: it stays.
    h.run();
    assert!(h.query_by_label_contains("is not a seed count").is_some());
    h.get_by_label("South i1: 1 seed").click();
    h.run();
    assert_eq!(editor(&h).setup.south[0], 2, "the hole took a seed");
    assert!(h.query_by_label_contains("is not a seed count").is_none());
}

#[test]
fn a_row_length_out_of_range_is_refused_not_clamped() {
    let mut h = harness(en_gehe(6));
    open_editor(&mut h);
    for text in ["99", "2"] {
        type_number(&mut h, "Holes per row:", text);
        assert_eq!(
            editor(&h).setup.south.len(),
            6,
            "{text}: the rows keep their length"
        );
        assert!(
            h.query_by_label_contains(&format!(
                "“{text}” is not a row length: type a number of holes from 3 to 64"
            ))
            .is_some(),
            "{text}"
        );
    }
}

#[test]
fn a_refusal_in_an_editor_since_closed_never_comes_back_in_the_next() {
    // Each editor counted its edits from 0, and a field's refusal was kept
    // (with the field's id, which outlives the editor) for the count it
    // was typed at: the next editor showed it again, about text nobody
    // typed there, once it reached that count of edits.
    for leave in ["Cancel", "Play from here"] {
        let mut h = harness(en_gehe(6));
        open_editor(&mut h);
        h.get_by_label("South 2: 4 seeds").click();
        h.run();
        type_number(&mut h, "Holes per row:", "99");
        let refusal = "“99” is not a row length";
        assert!(h.query_by_label_contains(refusal).is_some());
        h.get_by_label(leave).click();
        h.run();
        if leave == "Cancel" {
            discard(&mut h);
        }
        assert!(h.state().editor.is_none(), "{leave}");
        open_editor(&mut h);
        for seeds in 4..7 {
            assert!(
                h.query_by_label_contains(refusal).is_none(),
                "{leave}: the last editor's refusal is back"
            );
            h.get_by_label(&format!("South 3: {seeds} seeds")).click();
            h.run();
        }
    }
}

#[test]
fn a_clicked_reserve_pile_takes_typed_digits_like_a_hole() {
    let mut h = harness(GameOptions::bao_la_kimasai().start().unwrap());
    open_editor(&mut h);
    h.get_by_label("North reserve: 24 seeds").click();
    h.run();
    assert!(shows(&h, "North reserve: 25 seeds"), "a click adds a seed");
    assert!(shows(&h, "Selected: North reserve"));
    h.event(egui::Event::Text("9".into()));
    h.run();
    assert!(shows(&h, "Typing into North reserve: 9"));
    h.key_press(egui::Key::Backspace);
    h.event(egui::Event::Text("1".into()));
    h.event(egui::Event::Text("2".into()));
    h.run();
    assert!(shows(&h, "North reserve: 12 seeds"));
    h.key_press(egui::Key::Enter);
    h.run();
    assert!(editor(&h).selected.is_none(), "Enter ends the typing");
    assert_eq!(editor(&h).setup.reserve, [24, 12]);
    // A hole clicked next takes the digits instead.
    h.get_by_label("South i1: 1 seed").click();
    h.run();
    h.event(egui::Event::Text("5".into()));
    h.run();
    assert!(shows(&h, "South i1: 5 seeds"));
    assert_eq!(editor(&h).setup.reserve, [24, 12]);
}

#[test]
fn the_selected_row_fits_its_panel_and_moves_nothing_under_it() {
    // "Selected: North reserve", its field, "seeds" and Done in one row
    // were wider than the panel at its narrowest (a small window, or
    // one shared with the council): Done was cut off.
    let mut h = bao_editor_in_a_small_window();
    // The panel dragged to its narrowest.
    let edge = h.get_by_label("Paste notation").rect().left() - 9.0;
    let a = egui::pos2(edge, 400.0);
    h.event(egui::Event::PointerMoved(a));
    h.run();
    h.event(egui::Event::PointerButton {
        pos: a,
        button: egui::PointerButton::Primary,
        pressed: true,
        modifiers: egui::Modifiers::NONE,
    });
    h.run();
    let b = a + egui::vec2(300.0, 0.0);
    for k in 1..=4 {
        h.event(egui::Event::PointerMoved(a + (b - a) * (k as f32 / 4.0)));
        h.run();
    }
    let_go(&mut h, b, egui::Modifiers::NONE);
    h.run();
    let narrowed = h.get_by_label("Paste notation").rect().left();
    assert!(narrowed > edge + 50.0, "the panel was not narrowed");
    let paste_at = h.get_by_label("Paste notation").rect();
    h.get_by_label("North reserve: 24 seeds").click();
    h.run();
    assert!(shows(&h, "Selected: North reserve"));
    let done = h.get_by_label("Done").rect();
    assert!(
        done.right() <= 1024.0 - 6.0,
        "Done runs past the window's edge: {done:?}"
    );
    assert_eq!(h.get_by_label("Paste notation").rect(), paste_at);
    // Done: no selection, and still nothing below moves.
    h.get_by_label("Done").click();
    h.run();
    assert!(shows(&h, "Selected: no hole"));
    assert_eq!(h.get_by_label("Paste notation").rect(), paste_at);
}

#[test]
fn seeds_are_dragged_into_and_out_of_a_reserve_pile() {
    let mut h = harness(GameOptions::bao_la_kimasai().start().unwrap());
    open_editor(&mut h);
    drag_one_seed(&mut h, "South i1: 1 seed", "South reserve: 24 seeds");
    assert!(shows(&h, "South i1: 0 seeds"));
    assert!(shows(&h, "South reserve: 25 seeds"));
    drag_one_seed(&mut h, "North reserve: 24 seeds", "South o1: 0 seeds");
    assert!(shows(&h, "North reserve: 23 seeds"));
    assert!(shows(&h, "South o1: 1 seed"));
    ctrl_drag(&mut h, "South reserve: 25 seeds", "North reserve: 23 seeds");
    assert_eq!(
        editor(&h).setup.reserve,
        [0, 48],
        "Ctrl+drag moves them all"
    );
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    h.run();
    assert_eq!(editor(&h).setup.reserve, [25, 23], "each drag is one edit");
}

#[test]
fn the_editors_keys_leave_it_start_a_game_and_close_the_help() {
    let mut h = harness(en_gehe(6));
    open_editor(&mut h);
    // F1 opens the help; Esc closes it before it ends a hole's typing.
    h.key_press(egui::Key::F1);
    h.run();
    assert!(h.state().rt.help_open);
    h.key_press(egui::Key::Escape);
    h.run();
    assert!(!h.state().rt.help_open);
    // Ctrl+N asks for a new game; Ctrl+E leaves the editor.
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::N);
    h.run();
    assert!(h.state().rt.new_game.is_some());
    h.key_press(egui::Key::Escape);
    h.run();
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::E);
    h.run();
    assert!(h.state().editor.is_none(), "Ctrl+E again leaves");
    // Esc ends a hole's typing first, then leaves as Cancel does: at once
    // with nothing edited, after the question with edits.
    open_editor(&mut h);
    h.get_by_label("North 4: 4 seeds").click();
    h.run();
    assert!(editor(&h).selected.is_some());
    h.key_press(egui::Key::Escape);
    h.run();
    assert!(editor(&h).selected.is_none());
    assert!(!shows(&h, DISCARD_QUESTION));
    h.key_press(egui::Key::Escape);
    h.run();
    assert!(shows(&h, DISCARD_QUESTION), "Esc did not ask to leave");
    // Esc on the question keeps editing (and does not ask again).
    h.key_press(egui::Key::Escape);
    h.run();
    assert!(!shows(&h, DISCARD_QUESTION));
    assert!(h.state().editor.is_some());
    h.get_by_label("Undo").click();
    h.run();
    h.key_press(egui::Key::Escape);
    h.run();
    assert!(
        h.state().editor.is_none(),
        "Esc did not leave an unedited editor"
    );
}

#[test]
fn the_editor_board_takes_no_clicks_under_a_dialog() {
    let mut h = harness(en_gehe(6));
    open_editor(&mut h);
    h.state_mut().queue(AppCommand::OpenNewGame);
    h.run();
    h.get_by_label("South 1: 4 seeds").click();
    h.run();
    assert_eq!(editor(&h).setup.south[0], 4, "the click went nowhere");
}

/// Clicks `hole` and types the most a hole may hold (60,000) into it digit
/// by digit, then Enter.
fn fill_to_the_limit(h: &mut Harness<'_, MaasaiApp>, hole: &str) {
    h.get_by_label(hole).click();
    h.run();
    for d in ["6", "0", "0", "0", "0"] {
        h.event(egui::Event::Text(d.into()));
    }
    h.key_press(egui::Key::Enter);
    h.run();
}

#[test]
fn every_problem_is_listed_on_its_own() {
    let mut h = harness(en_gehe(6));
    open_editor(&mut h);
    // South to move has no seeds, and two of North's holes take the most
    // a hole may hold (60,000): too many in all. Two problems.
    h.get_by_label("Empty board").click();
    h.run();
    for label in ["North 1: 0 seeds", "North 5: 0 seeds"] {
        fill_to_the_limit(&mut h, label);
    }
    assert_eq!(
        editor(&h).check().problems.len(),
        2,
        "{:?} {}",
        editor(&h).check().problems,
        notation(&h)
    );
    assert!(shows(
        &h,
        "2 problems — this position cannot be played yet:"
    ));
    assert!(shows(
        &h,
        "• The position holds 120,000 seeds in all; at most 60,000 are allowed."
    ));
    assert!(
        h.query_by_label_contains("• The game is already over here: South has no seeds")
            .is_some()
    );
    assert!(disabled(&h, "Play from here"));
    // The notation is shown live even when illegal.
    assert_eq!(
        h.get_by_label("Notation of this position")
            .value()
            .as_deref(),
        Some("en-gehe south=0,0,0,0,0,0 north=60000,0,0,0,60000,0 captured=0,0 turn=south")
    );
}

#[test]
fn play_from_here_starts_a_game_from_the_edited_position() {
    let mut h = harness(en_gehe(6));
    let teams = ["Ilkisongo".to_string(), "Ilpurko".to_string()];
    h.state_mut().rt.names = teams.clone();
    open_editor(&mut h);
    h.get_by_label("Empty board").click();
    h.run();
    for label in [
        "South 1: 0 seeds",
        "South 1: 1 seed",
        "North 2: 0 seeds",
        "North 6: 0 seeds",
    ] {
        h.get_by_label(label).click();
        h.run();
    }
    h.get_by_role_and_label(Role::RadioButton, "Ilpurko")
        .click();
    h.run();
    let edited = "en-gehe south=2,0,0,0,0,0 north=0,1,0,0,0,1 captured=0,0 turn=north";
    assert_eq!(notation(&h), edited);
    h.get_by_label("Play from here").click();
    h.run();
    // The renamed teams made the game one with unsaved changes.
    h.get_by_label("Discard changes").click();
    h.run();
    assert!(h.state().editor.is_none(), "the editor closes");
    let game = &h.state().rt.game;
    assert!(game.moves().is_empty());
    assert_eq!(game.current().to_string(), edited);
    assert_eq!(*game.current(), parse_position(edited).unwrap());
    // The board is the game's again: North's holes are playable.
    assert!(shows(&h, "North 2: 1 seed"));
    assert_eq!(h.state().rt.names, teams, "the same teams play on");
}

#[test]
fn analyse_starts_from_the_position_and_opens_the_council() {
    let mut h = harness(en_gehe(6));
    open_editor(&mut h);
    h.get_by_label("South 1: 4 seeds").click();
    h.run();
    h.get_by_label("Analyse").click();
    // The council keeps thinking (and repainting): step, do not wait to settle.
    h.run_steps(3);
    assert!(h.state().editor.is_none());
    assert!(h.state().settings.show_council);
    assert_eq!(
        h.state().rt.game.current().to_string(),
        "en-gehe south=5,4,4,4,4,4 north=4,4,4,4,4,4 captured=0,0 turn=south"
    );
}

#[test]
fn tempo_and_its_deficit_are_shown_beside_the_rows() {
    // South: 1·2 + 2·0 = 2; North: 3·1 = 3; South is 1 behind.
    let text = "en-gehe south=1,0,2 north=0,3,0 captured=0,0 turn=south";
    let pos = parse_position(text).unwrap();
    assert_eq!((pos.tempo(Side::South), pos.tempo(Side::North)), (2, 3));
    let mut h = harness(pos);
    h.run();
    assert!(shows(&h, "tempo 2"));
    assert!(shows(&h, "tempo 3"));
    assert!(shows(&h, "(South's tempo deficit 1)"));
    assert!(shows(&h, "(North ahead by 1 in tempo)"));

    // A 2×10 position: the numbers follow the engine's Position::tempo.
    let text =
        "en-gehe south=9,0,0,0,0,0,0,0,0,1 north=0,0,0,0,0,2,0,0,0,0 captured=0,0 turn=south";
    let pos = parse_position(text).unwrap();
    let (s, n) = (pos.tempo(Side::South), pos.tempo(Side::North));
    assert_eq!((s, n), (81, 8));
    let mut h = harness(pos);
    open_editor(&mut h);
    assert!(shows(&h, "tempo 81"), "the editor shows tempo too");
    assert!(shows(&h, "(North's tempo deficit 73)"));
    h.get_by_label("North 1: 0 seeds").click();
    h.run();
    assert!(shows(&h, "tempo 17"), "and follows the edits");
    assert!(shows(&h, "(North's tempo deficit 64)"));
}

#[test]
fn bao_la_kimasai_shows_no_tempo() {
    let mut h = harness(GameOptions::bao_la_kimasai().start().unwrap());
    h.run();
    assert!(h.query_by_label_contains("tempo").is_none());
}

#[test]
fn snapshot_editor_en_gehe() {
    let mut h = harness(
        parse_position(
            "en-gehe south=3,0,1,0,0,2,0,0,0,5,0,1 north=0,2,0,0,7,0,0,1,0,0,0,0 captured=20,16 turn=south",
        )
        .unwrap(),
    );
    open_editor(&mut h);
    h.get_by_label("South 10: 5 seeds").click();
    h.run();
    h.snapshot("editor_en_gehe");
}

#[test]
fn a_new_game_started_while_editing_closes_the_editor() {
    let mut h = harness(en_gehe(6));
    open_editor(&mut h);
    h.state_mut().queue(AppCommand::NewGame(
        GameOptions::en_gehe(8),
        ["South".into(), "North".into()],
    ));
    h.run();
    assert!(h.state().editor.is_none());
    assert_eq!(h.state().rt.game.current().holes_per_side(), 8);
}

/// A 2×6 En Gehé game, sowing instantly, after South's first move (South 1),
/// which is not saved.
fn after_south_1() -> Harness<'static, MaasaiApp> {
    let mut h = sowing_instantly(en_gehe(6));
    h.get_by_label("South 1: 4 seeds").click();
    h.run();
    h
}

#[test]
fn play_from_here_asks_about_unsaved_moves_first() {
    let mut h = after_south_1();
    assert_eq!(h.state().rt.game.moves().len(), 1);
    open_editor(&mut h);
    h.get_by_label("South 2: 7 seeds").click();
    h.run();
    let edited = notation(&h);
    h.get_by_label("Play from here").click();
    h.run();
    assert!(shows(&h, "Save your changes?"));
    // Cancelling the prompt keeps the editor and the game as they were.
    h.get_all_by_label("Cancel").last().unwrap().click();
    h.run();
    assert!(h.state().editor.is_some());
    assert!(h.state().editor.as_ref().unwrap().leaving.is_none());
    assert_eq!(h.state().rt.game.moves().len(), 1);
    // Discarding the played move starts from the edited position.
    h.get_by_label("Play from here").click();
    h.run();
    h.get_by_label("Discard changes").click();
    h.run();
    assert!(h.state().editor.is_none());
    assert!(h.state().rt.game.moves().is_empty());
    assert_eq!(h.state().rt.game.current().to_string(), edited);
}

#[test]
fn a_board_size_typed_digit_by_digit_keeps_the_holes_it_still_has() {
    // Typing "10" over 12 must not first cut the rows to the "1" (clamped
    // to 3 holes) and lose the seeds of holes 4 to 10.
    let mut h = harness(en_gehe(12));
    open_editor(&mut h);
    let field = || (Role::SpinButton, "Holes per row:");
    h.get_by_role_and_label(field().0, field().1).focus();
    h.run();
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    h.run();
    for digit in ["1", "0"] {
        h.get_by_role_and_label(field().0, field().1)
            .type_text(digit);
        h.run();
        assert_eq!(
            notation(&h),
            "en-gehe south=4,4,4,4,4,4,4,4,4,4,4,4 north=4,4,4,4,4,4,4,4,4,4,4,4 captured=0,0 turn=south",
            "nothing changes while the number is being typed"
        );
    }
    h.key_press(egui::Key::Enter);
    h.run();
    assert_eq!(
        notation(&h),
        "en-gehe south=4,4,4,4,4,4,4,4,4,4 north=4,4,4,4,4,4,4,4,4,4 captured=0,0 turn=south"
    );
}

#[test]
fn an_emptied_row_is_listed_beside_other_problems() {
    let mut h = harness(en_gehe(6));
    open_editor(&mut h);
    h.get_by_label("Empty board").click();
    h.run();
    // South to move with no seeds, and North's holes over the limit in all.
    for hole in ["North 1: 0 seeds", "North 2: 0 seeds"] {
        fill_to_the_limit(&mut h, hole);
    }
    let problems = editor(&h).check().problems.clone();
    assert_eq!(problems.len(), 2, "{problems:?}");
    assert!(
        problems[1].starts_with("The game is already over here: South has no seeds left to move"),
        "{problems:?}"
    );
}

#[test]
fn f_flips_the_board_in_the_editor_too() {
    let mut h = harness(en_gehe(6));
    open_editor(&mut h);
    let flipped = h.state().settings.flipped;
    h.event(egui::Event::Text("f".into()));
    h.run();
    assert_eq!(h.state().settings.flipped, !flipped);
    assert!(h.state().editor.is_some(), "F left the editor");
}

#[test]
fn too_many_seeds_in_all_is_said_once_with_separators() {
    let mut h = harness(en_gehe(6));
    open_editor(&mut h);
    h.event(egui::Event::Paste(
        "en-gehe south=60000,60000,60000 north=1,1,1 captured=0,0 turn=south".into(),
    ));
    h.run();
    assert!(
        h.query_by_label("• The position holds 180,003 seeds in all; at most 60,000 are allowed.")
            .is_some(),
        "the problem is not said as it should be"
    );
}

#[test]
fn the_study_library_waits_until_the_editor_is_left() {
    let mut h = harness(en_gehe(6));
    open_editor(&mut h);
    h.get_by_label("Studies").click();
    h.run();
    // It used to do nothing, then open unasked once the editor was left.
    assert!(disabled(&h, "Study library…"));
}

#[test]
fn a_refusal_about_play_does_not_outlast_a_visit_to_the_editor() {
    let mut h = harness(en_gehe(6));
    h.state_mut().rt.notice = Some(maasai_mancala::app::state::Notice::refusal(
        "illegal move `9`: there is no hole 9",
    ));
    open_editor(&mut h);
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::E);
    h.run();
    assert!(h.state().editor.is_none());
    assert_eq!(h.state().rt.notice, None);
    // A report of what was done (a copy, a save) is no refusal and stays.
    h.state_mut().rt.notice = Some(maasai_mancala::app::state::Notice::report("Saved"));
    open_editor(&mut h);
    assert!(h.state().rt.notice.is_some());
}

/// The window's own Copy game record, pasted into the editor: a record it
/// refused ("`1`: unknown game or token") while its empty-clipboard note
/// invited one. It sets up the position after the record's last move.
#[test]
fn a_copied_game_record_sets_up_the_position_after_its_moves() {
    let start = en_gehe(6);
    let mut game = Game::new(start);
    for _ in 0..3 {
        let mv = *game.current().legal_moves().last().unwrap();
        game.play(mv).unwrap();
    }
    let record = record_text(&game);
    let mut h = harness(start);
    open_editor(&mut h);
    // Ctrl+V on the board, as the window's clipboard brings it.
    h.event(egui::Event::Paste(record.clone()));
    h.run();
    assert_eq!(notation(&h), game.current().to_string());
    assert!(
        shows(
            &h,
            "Read the game record: the position after the record's 3 moves is on the board \
             (Ctrl+Z takes it back)."
        ),
        "{:?} / {:?}",
        editor(&h).paste_error,
        editor(&h).paste_done
    );
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    h.run();
    assert_eq!(notation(&h), start.to_string());
    // Typed into the field; a move the rules refuse is named.
    use_pasted(&mut h, &format!("{start} 1 9"));
    assert!(
        shows(
            &h,
            "Cannot read that game record: move 2 (North `9`) of the pasted record: \
             illegal move `9`: there is no hole 9; holes are numbered 1 to 6"
        ),
        "{:?}",
        editor(&h).paste_error
    );
    assert_eq!(notation(&h), start.to_string());
}

/// In the window a record is replayed on a thread: a move that takes
/// seconds to prove endless leaves the window working, says so with a
/// way to stop, and a stop leaves the board as it was.
#[test]
fn a_record_with_a_slow_move_is_read_off_the_window_s_thread_and_can_be_stopped() {
    let mut h = harness(en_gehe(6));
    h.state_mut().rt.background = true;
    h.step();
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::E);
    h.step();
    let before = notation(&h);
    let slow = "en-gehe south=4,5,4,2,4,5 north=4,3,4,5,4,79 captured=0,0 turn=south 3";
    h.event(egui::Event::Paste(slow.into()));
    h.step();
    h.step();
    assert!(
        shows(&h, "Reading the game record: move 1 of 1 (`3`)…"),
        "{:?} / {:?}",
        editor(&h).paste_error,
        editor(&h).paste_done
    );
    // The board still takes clicks meanwhile (the frame came back).
    assert!(shows(&h, "South 1: 4 seeds"));
    h.get_by_label("Stop reading").click();
    h.step();
    h.step();
    assert!(shows(
        &h,
        "Stopped reading the game record at move 1 of 1; the board is unchanged."
    ));
    assert!(editor(&h).reading().is_none());
    assert_eq!(notation(&h), before);

    // A quick record arrives through the window's poll.
    let record = format!("{} 1", en_gehe(6));
    h.event(egui::Event::Paste(record.clone()));
    h.step();
    common::step_until(&mut h, "the record's position", |app| {
        app.editor.as_ref().is_some_and(|ed| ed.reading().is_none())
    });
    h.step();
    let reached = Game::replay_notation(en_gehe(6), &["1"]).unwrap();
    assert_eq!(notation(&h), reached.current().to_string());
    assert!(h.query_by_label_contains("the record's one move").is_some());
}

/// A Ctrl+drag whose seeds the target cannot take moves nothing and says
/// why under the board (it moved nothing and said nothing); one it can
/// take moves them all, also when Ctrl comes up in the frame of the drop.
#[test]
fn a_ctrl_drag_past_the_limit_says_why_under_the_board() {
    let mut h = harness(en_gehe(6));
    open_editor(&mut h);
    h.event(egui::Event::Paste(
        "en-gehe south=4,50000,4,4,4,4 north=4,20000,4,4,4,4 captured=0,0 turn=south".into(),
    ));
    h.run();
    let before = notation(&h);
    ctrl_drag(&mut h, "South 2: 50000 seeds", "North 2: 20000 seeds");
    assert_eq!(notation(&h), before);
    assert!(shows(
        &h,
        "Nothing moved: the 50,000 seeds of South 2 would make North 2 hold 70,000; \
         a position holds at most 60,000 seeds."
    ));
    // Ctrl let go in the frame of the drop: still all of them.
    h.event(egui::Event::ModifiersChanged(egui::Modifiers::COMMAND));
    let b = pick_up_and_carry(
        &mut h,
        "South 2: 50000 seeds",
        "North 3: 4 seeds",
        egui::Modifiers::COMMAND,
    );
    let_go(&mut h, b, egui::Modifiers::COMMAND);
    h.event(egui::Event::ModifiersChanged(egui::Modifiers::NONE));
    h.run();
    assert_eq!(
        notation(&h),
        "en-gehe south=4,0,4,4,4,4 north=4,20000,50004,4,4,4 captured=0,0 turn=south"
    );
    assert!(h.query_by_label_contains("Nothing moved").is_none());
}

/// One limit for every count (60,000, as the notation reads): typed into
/// a hole it is refused as in the number fields, and Copy notation copies
/// only a position the notation reads back, saying why not otherwise.
#[test]
fn counts_keep_one_limit_and_copy_notation_copies_only_a_legal_position() {
    let mut h = harness(en_gehe(6));
    open_editor(&mut h);
    h.get_by_label("South 2: 4 seeds").click();
    h.run();
    for d in ["9", "9", "9", "9", "9"] {
        h.event(egui::Event::Text(d.into()));
    }
    h.run();
    assert_eq!(editor(&h).setup.south[1], 9999);
    assert!(
        h.query_by_label_contains("99,999 is too many: a position holds at most 60,000 seeds")
            .is_some()
    );
    h.key_press(egui::Key::Enter);
    h.run();
    // Too many in all: listed, and not copied.
    h.event(egui::Event::Paste(
        "en-gehe south=60000,60000,60000 north=1,1,1 captured=0,0 turn=south".into(),
    ));
    h.run();
    assert!(disabled(&h, "Copy notation"));
    assert!(shows(
        &h,
        "Copies only a legal position: mend the problems listed below first"
    ));
    h.get_by_label("Copy notation").click();
    h.run();
    assert_eq!(editor(&h).copied, None);
}

/// The rects of the editor's controls, by role and label.
fn rects(h: &Harness<'_, MaasaiApp>, controls: &[(Role, &str)]) -> Vec<egui::Rect> {
    controls
        .iter()
        .map(|(role, label)| h.get_by_role_and_label(*role, label).rect())
        .collect()
}

#[test]
fn the_editor_controls_stay_put_while_problems_come_and_go() {
    // "70" typed in Holes per row put its refusal in a line of its own
    // under the field, moving every row below it down: the click meant
    // for Captured switched To move to North. Now the field is ringed and
    // every problem said over Play from here, held at the panel's foot:
    // no control moves as a refusal, a paste's error, a cut note or the
    // position's problems come and go, in either game.
    let mut h = harness(en_gehe(6));
    open_editor(&mut h);
    let common = [
        (Role::RadioButton, "En Gehé"),
        (Role::RadioButton, "Bao la Kimasai"),
        (Role::RadioButton, "South"),
        (Role::RadioButton, "North"),
        (Role::SpinButton, "South"),
        (Role::SpinButton, "North"),
        (
            Role::CheckBox,
            "Long laps: skip the starting hole (origin=skip)",
        ),
        (Role::Button, "Empty board"),
        (Role::Button, "Undo"),
        (Role::MultilineTextInput, "Paste notation"),
        (Role::Button, "Use this text"),
        (Role::Button, "Paste from clipboard"),
        (Role::MultilineTextInput, "Notation of this position"),
        (Role::Button, "Copy notation"),
        (Role::Button, "Play from here"),
        (Role::Button, "Analyse"),
        (Role::Button, "Cancel"),
    ];
    let mut en_gehe_controls = common.to_vec();
    en_gehe_controls.push((Role::SpinButton, "Holes per row:"));
    let before = rects(&h, &en_gehe_controls);
    let same = |h: &Harness<'_, MaasaiApp>, step: &str| {
        assert_eq!(
            rects(h, &en_gehe_controls),
            before,
            "the controls moved as {step}"
        );
    };
    type_number(&mut h, "Holes per row:", "70");
    assert!(
        h.query_by_label_contains("“70” is not a row length")
            .is_some()
    );
    same(&h, "Holes per row refused 70");
    // Said under the fields, not between them.
    let said = h.get_by_label_contains("“70” is not a row length").rect();
    assert!(said.top() > h.get_by_label("Copy notation").rect().bottom());
    type_number(&mut h, "North", "x");
    assert!(
        h.query_by_label_contains("“x” is not a seed count")
            .is_some()
    );
    same(&h, "Captured refused x");
    // A taken count ends the refusals.
    type_number(&mut h, "North", "2");
    assert_eq!(editor(&h).setup.captured, [0, 2]);
    assert!(h.query_by_label_contains("is not a").is_none());
    same(&h, "the refusals went");
    use_pasted(
        &mut h,
        "en-gehe south=1,x,2 north=0,3,0 captured=0,0 turn=south",
    );
    assert!(h.query_by_label_contains("is not a whole number").is_some());
    same(&h, "a paste was refused");
    common::replace_field(
        &mut h,
        "Paste notation",
        "en-gehe south=0,0,0,0,0,1 north=0,0,0,0,0,0 captured=0,0 turn=north",
    );
    h.get_by_label("Use this text").click();
    h.run();
    assert!(!editor(&h).check().problems.is_empty(), "{}", notation(&h));
    same(&h, "a position with problems was pasted");
    h.get_by_label("Empty board").click();
    h.run();
    same(&h, "the board was emptied");
    h.get_by_label("Undo").click();
    h.run();
    h.get_by_label("Undo").click();
    h.run();
    assert!(editor(&h).check().problems.is_empty());
    same(&h, "the problems went");
    // A hole selected: its count refused.
    h.get_by_label("South 2: 4 seeds").click();
    h.run();
    let selected = (Role::SpinButton, "Selected: South 2");
    let at = rects(&h, &[selected]);
    type_number(&mut h, "Selected: South 2", "many");
    assert!(
        h.query_by_label_contains("“many” is not a seed count")
            .is_some()
    );
    same(&h, "the selected hole's count was refused");
    assert_eq!(rects(&h, &[selected]), at);
    h.get_by_label("Done").click();
    h.run();
    // Shorter rows say what they dropped.
    type_number(&mut h, "Holes per row:", "4");
    assert!(h.query_by_label_contains("Shorter rows:").is_some());
    same(&h, "shorter rows were noted");

    // Bao la Kimasai: its reserves and its opening.
    h.get_by_label("Bao la Kimasai").click();
    h.run();
    let mut bao_controls = common.to_vec();
    bao_controls.push((Role::CheckBox, "Opening: the next move is the game's first"));
    let before = rects(&h, &bao_controls);
    type_number(&mut h, "South", "ten");
    assert!(
        h.query_by_label_contains("“ten” is not a seed count")
            .is_some()
    );
    assert_eq!(rects(&h, &bao_controls), before, "a reserve refused");
    h.get_by_label("Empty board").click();
    h.run();
    assert!(!editor(&h).check().problems.is_empty());
    assert_eq!(rects(&h, &bao_controls), before, "problems came");
    h.get_by_label("Undo").click();
    h.run();
    assert!(editor(&h).check().problems.is_empty());
    assert_eq!(rects(&h, &bao_controls), before, "problems went");
}

#[test]
fn a_refused_row_length_is_said_also_when_tab_leaves_the_field() {
    // Enter rang the field and said why; Tab put the old length back in
    // silence.
    let mut h = harness(en_gehe(3));
    open_editor(&mut h);
    h.get_by_role_and_label(Role::SpinButton, "Holes per row:")
        .click();
    h.run();
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    h.event(egui::Event::Text("2".into()));
    h.run();
    h.key_press(egui::Key::Tab);
    h.run();
    h.run();
    assert_eq!(editor(&h).setup.south.len(), 3);
    assert!(
        h.query_by_label_contains("“2” is not a row length")
            .is_some(),
        "said"
    );
}

#[test]
fn a_move_held_for_the_check_is_dropped_when_the_editor_opens() {
    // A move asked for while the check of the moves runs is held until it
    // is done; opening the editor meanwhile drops it, rather than have it
    // land in the game under the editor, which then closed and took every
    // edit with it.
    let start = en_gehe(6);
    let first = start.legal_moves()[0];
    let mut h = sowing_instantly(start);
    let check = h.state_mut().rt.check_still_running();
    // Every move taken for a long one, held for the check.
    h.state_mut().rt.quick_laps = 0;
    h.state_mut().queue(AppCommand::PlayMove(first));
    h.step();
    assert!(h.state().rt.held_move.is_some());
    open_editor(&mut h);
    h.state_mut().queue(AppCommand::Editor(
        maasai_mancala::app::editor::EditorCommand::Clear,
    ));
    h.run();
    let edited = notation(&h);
    // The check is done.
    let answer = maasai_mancala::app::state::Analysis::of(&h.state().rt.game);
    check.send(answer).unwrap();
    h.run_steps(10);
    assert!(h.state().editor.is_some(), "the editor was closed");
    assert_eq!(notation(&h), edited, "the edits were lost");
    assert!(h.state().rt.game.moves().is_empty(), "a move was played");
    assert!(h.state().rt.held_move.is_none(), "the held move is dropped");
    // Left, the line under the board says what became of the move.
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::E);
    h.run();
    discard(&mut h);
    assert!(h.state().editor.is_none());
    assert!(h.state().rt.game.moves().is_empty());
    let notice = h.state().rt.notice_text().to_string();
    assert!(notice.contains("was not played"), "{notice}");
}

/// o2 runs for millions of laps before it repeats (RULES.md).
const LONG_MOVE_POSITION: &str = "bao-la-kimasai south=5,4,3,0,1,3,4,1,2,1,2,5,0,3,3,2 north=1,1,1,1,1,1,1,1,0,0,0,0,0,0,0,0 reserve=10,10 turn=south opening=no";

/// A window on [`LONG_MOVE_POSITION`] after South i1 (pasted as a game
/// record), checking on threads, every move taken for a long one, the
/// start position on view. That start was never the live position, so its
/// moves were never checked: that would prove o2 endless, and the engine
/// remembers it (o2 would then be decided at once, with no thread left to
/// stop).
fn on_an_earlier_position() -> Harness<'static, MaasaiApp> {
    let mut h = harness(en_gehe(6));
    h.state_mut().settings.speed = maasai_mancala::app::anim::INSTANT_SPEED;
    h.state_mut().rt.background = true;
    h.state_mut().queue(AppCommand::Files(
        maasai_mancala::app::files_ui::FileCommand::PasteText(format!("{LONG_MOVE_POSITION} i1")),
    ));
    common::step_until(&mut h, "the pasted game", |app| {
        app.rt.game.moves().len() == 1
    });
    assert_eq!(
        h.state().rt.game.start(),
        &parse_position(LONG_MOVE_POSITION).unwrap()
    );
    h.state_mut().rt.quick_laps = 0;
    h.state_mut().queue(AppCommand::ViewStart);
    h.step();
    h.step();
    assert_eq!(h.state().rt.view, 0);
    h
}

/// Steps until `flag`'s thread has stopped without an answer.
fn until_stopped(h: &mut Harness<'_, MaasaiApp>, flag: &maasai_mancala::app::branch::StopFlag) {
    common::step_until(h, "the abandoned check to stop", |_| flag.gave_up());
}

#[test]
fn a_replaced_or_abandoned_branch_check_stops_its_thread() {
    let mut h = on_an_earlier_position();
    let v = h.state().rt.game.variant();
    let o2 = v.parse_move("o2").unwrap();
    let i2 = v.parse_move("i2").unwrap();
    h.state_mut().queue(AppCommand::OfferBranch(o2));
    h.step();
    assert!(h.state().rt.branch_check.is_some());
    let first = h.state().branch_check_flag().expect("a thread");
    // Another click replaces the question: the first thread stops, the
    // second answers.
    h.state_mut().queue(AppCommand::OfferBranch(i2));
    h.step();
    assert!(first.stop_asked());
    until_stopped(&mut h, &first);
    common::step_until(&mut h, "the offer of i2", |app| {
        app.rt.branch_offer.is_some()
    });
    assert_eq!(h.state().rt.branch_offer.map(|o| o.mv), Some(i2));
    h.state_mut().queue(AppCommand::PlayFromHere(false));
    h.step();
    // The view moving on leaves the check's answer unwanted: it stops.
    h.state_mut().queue(AppCommand::OfferBranch(o2));
    h.step();
    let second = h.state().branch_check_flag().expect("a thread");
    h.state_mut().queue(AppCommand::ViewLive);
    h.step();
    until_stopped(&mut h, &second);
    assert!(h.state().rt.branch_check.is_none());
    assert!(h.state().rt.branch_offer.is_none());
}

#[test]
fn a_branch_check_pending_when_the_editor_opens_is_dropped() {
    // Its verdict would ask "Play from here?" under the editor, never
    // drawn there, but holding the editor's keys and clicks and the menus.
    let mut h = on_an_earlier_position();
    let o2 = h.state().rt.game.variant().parse_move("o2").unwrap();
    h.state_mut().queue(AppCommand::OfferBranch(o2));
    h.step();
    assert!(h.state().rt.branch_check.is_some());
    let flag = h.state().branch_check_flag().expect("a thread");
    open_editor(&mut h);
    assert!(h.state().rt.branch_check.is_none(), "the check is dropped");
    until_stopped(&mut h, &flag);
    h.run_steps(4);
    assert!(!h.state().dialog_open(), "a question holds the editor");
    // The editor takes its keys (Ctrl+E leaves it), and the line under the
    // board then says what became of the move.
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::E);
    h.run();
    assert!(h.state().editor.is_none());
    let notice = h.state().rt.notice_text().to_string();
    assert!(notice.contains("South o2 was not played"), "{notice}");
    assert_eq!(h.state().rt.game.moves().len(), 1);
}

#[test]
fn the_editors_check_stops_when_it_is_replaced_or_left() {
    let mut h = harness(en_gehe(6));
    h.state_mut().rt.background = true;
    open_editor(&mut h);
    let first = editor(&h).check().stop_flag();
    h.state_mut().queue(AppCommand::Editor(
        maasai_mancala::app::editor::EditorCommand::Clear,
    ));
    h.step();
    assert!(first.stop_asked(), "an edit asks the old check to stop");
    let second = editor(&h).check().stop_flag();
    assert!(!second.stop_asked());
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::E);
    h.run_steps(3);
    assert!(!second.stop_asked(), "asking leaves the check running");
    assert!(shows(&h, DISCARD_QUESTION));
    h.get_by_label("Discard and leave").click();
    h.run_steps(3);
    assert!(h.state().editor.is_none());
    assert!(second.stop_asked(), "leaving asks the check to stop");
}

/// The text of the window's one label containing `part`.
fn label_with(h: &Harness<'_, MaasaiApp>, part: &str) -> String {
    // (A label's text is its node's value.)
    h.get_by_label_contains(part)
        .accesskit_node()
        .value()
        .unwrap_or_default()
}

#[test]
fn leaving_with_edits_asks_and_keep_editing_keeps_them() {
    // Cancel, Ctrl+E and Game ▸ Leave the editor threw every edit away
    // without a word.
    let mut h = harness(en_gehe(6));
    open_editor(&mut h);
    h.get_by_label("South 2: 4 seeds").click();
    h.run();
    h.get_by_role_and_label(Role::RadioButton, "North").click();
    h.run();
    let edited = notation(&h);
    for (way, leave) in [
        (
            "Cancel",
            &(|h: &mut Harness<'_, MaasaiApp>| {
                h.get_by_label("Cancel").click();
            }) as &dyn Fn(&mut Harness<'_, MaasaiApp>),
        ),
        ("Ctrl+E", &|h: &mut Harness<'_, MaasaiApp>| {
            h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::E);
        }),
        ("the menu", &|h: &mut Harness<'_, MaasaiApp>| {
            h.get_by_label("Game").click();
            h.run();
            h.get_by_label("Leave the editor  (Ctrl+E)").click();
        }),
    ] {
        leave(&mut h);
        h.run();
        assert!(shows(&h, DISCARD_QUESTION), "{way} asks");
        assert!(h.state().editor.is_some(), "{way} left");
        assert!(
            h.state().dialog_open(),
            "{way}: the question holds the window"
        );
        // What goes is said.
        let text = label_with(&h, "throws away");
        assert!(
            text.starts_with("Leaving the editor throws away the position set up here")
                && text.contains("the count of 1 hole")
                && text.contains("the side to move"),
            "{way}: {text}"
        );
        // Nothing edits behind the question: digits into the selected
        // hole, undo, the editor's Ctrl+E and Ctrl+N.
        assert!(editor(&h).selected.is_some());
        h.event(egui::Event::Text("7".into()));
        h.run();
        h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
        h.run();
        h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::E);
        h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::N);
        h.run();
        assert_eq!(notation(&h), edited, "{way}: edited behind the question");
        assert!(h.state().rt.new_game.is_none(), "{way}: New game behind it");
        assert!(shows(&h, DISCARD_QUESTION), "{way}");
        h.get_by_label("Keep editing").click();
        h.run();
        assert!(!shows(&h, DISCARD_QUESTION), "{way}");
        assert!(h.state().editor.is_some(), "{way}");
        assert_eq!(notation(&h), edited, "{way}: the edits were kept");
        assert!(editor(&h).can_undo(), "{way}: the undo history is kept");
    }
    // A click beside the question (on the board) keeps editing too,
    // and adds no seed.
    h.get_by_label("Cancel").click();
    h.run();
    h.get_by_label("South 1: 4 seeds").click();
    h.run();
    assert!(!shows(&h, DISCARD_QUESTION));
    assert_eq!(notation(&h), edited, "the click reached the board");
    assert!(h.state().editor.is_some());
}

#[test]
fn discarding_leaves_the_game_as_it_was() {
    let mut h = after_south_1();
    let game = h.state().rt.game.clone();
    open_editor(&mut h);
    h.get_by_label("Empty board").click();
    h.run();
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::E);
    h.run();
    assert!(shows(&h, DISCARD_QUESTION));
    assert!(h.state().editor.is_some(), "Ctrl+E left at once");
    h.get_by_label("Discard and leave").click();
    h.run();
    assert!(h.state().editor.is_none());
    assert!(!h.state().dialog_open());
    assert_eq!(h.state().rt.game.moves(), game.moves());
    assert_eq!(h.state().rt.game.current(), game.current());
}

#[test]
fn leaving_without_edits_does_not_ask() {
    let mut h = harness(en_gehe(6));
    // Opened and left.
    open_editor(&mut h);
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::E);
    h.run();
    assert!(h.state().editor.is_none(), "asked with nothing to lose");
    // Edits all taken back are none, a hole selected is none.
    open_editor(&mut h);
    h.get_by_label("South 3: 4 seeds").click();
    h.run();
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    h.run();
    assert!(editor(&h).selected.is_some());
    h.get_by_label("Cancel").click();
    h.run();
    assert!(!shows(&h, DISCARD_QUESTION));
    assert!(h.state().editor.is_none(), "asked about an undone edit");
    // One edit is: it asks (here and only here).
    open_editor(&mut h);
    h.get_by_label("South 3: 4 seeds").click();
    h.run();
    h.get_by_label("Cancel").click();
    h.run();
    assert!(h.state().editor.is_some(), "left with an edit, unasked");
    discard(&mut h);
    // Text typed into Paste notation and never read is work too.
    open_editor(&mut h);
    set_field(&mut h, "Paste notation", "en-gehe south=1,2,3");
    h.get_by_label("Cancel").click();
    h.run();
    let text = label_with(&h, "throws away");
    assert_eq!(
        text,
        "Leaving the editor throws away the text in Paste notation, never read. \
         The game stays as it was."
    );
    discard(&mut h);
    assert!(h.state().editor.is_none());
}

#[test]
fn esc_on_the_question_keeps_editing_and_enter_too() {
    let mut h = harness(en_gehe(6));
    open_editor(&mut h);
    h.get_by_label("North 4: 4 seeds").click();
    h.run();
    let edited = notation(&h);
    h.get_by_label("Cancel").click();
    h.run();
    assert!(shows(&h, DISCARD_QUESTION));
    h.key_press(egui::Key::Escape);
    h.run();
    assert!(!shows(&h, DISCARD_QUESTION), "Esc left the question up");
    assert!(h.state().editor.is_some(), "Esc discarded");
    assert_eq!(notation(&h), edited);
    // Keep editing has the focus: a stray Enter loses nothing either.
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::E);
    h.run();
    assert!(shows(&h, DISCARD_QUESTION));
    h.key_press(egui::Key::Enter);
    h.run();
    assert!(!shows(&h, DISCARD_QUESTION), "Enter left the question up");
    assert_eq!(notation(&h), edited);
    // Nor a hole's typing ended with Esc: that is the editor's, as before.
    h.get_by_label("North 4: 5 seeds").click();
    h.run();
    h.key_press(egui::Key::Escape);
    h.run();
    assert!(!shows(&h, DISCARD_QUESTION));
    assert!(editor(&h).selected.is_none());
    // Tab reaches Discard and leave, and Enter takes it then.
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::E);
    h.run();
    h.key_press(egui::Key::Tab);
    h.run();
    h.key_press(egui::Key::Enter);
    h.run();
    assert!(h.state().editor.is_none());
    assert_eq!(h.state().rt.game.current(), &en_gehe(6));
}

#[test]
fn a_new_game_started_over_edits_keeps_them_and_asks() {
    // A new game (or a file or study opened) closed the editor and its
    // edits without a word: the editor stays on them and asks.
    let mut h = harness(en_gehe(6));
    open_editor(&mut h);
    h.get_by_label("South 1: 4 seeds").click();
    h.run();
    let edited = notation(&h);
    h.state_mut().queue(AppCommand::NewGame(
        GameOptions::en_gehe(8),
        ["South".into(), "North".into()],
    ));
    h.run();
    assert_eq!(h.state().rt.game.current().holes_per_side(), 8);
    assert!(h.state().editor.is_some(), "the edits were dropped");
    assert_eq!(notation(&h), edited);
    let text = label_with(&h, "throws away");
    assert!(
        text.starts_with("The game under the editor was replaced while you were editing"),
        "{text}"
    );
    h.get_by_label("Keep editing").click();
    h.run();
    assert!(h.state().editor.is_some());
    assert!(!h.state().dialog_open());
    // Asked once: the editor is now over the new game, and Cancel goes to it.
    h.get_by_label("Cancel").click();
    h.run();
    assert!(label_with(&h, "throws away").starts_with("Leaving the editor"));
    discard(&mut h);
    assert!(h.state().editor.is_none());
    assert_eq!(h.state().rt.game.current(), &en_gehe(8));
}

#[test]
fn closing_the_window_over_edits_asks_first() {
    let mut h = harness(en_gehe(6));
    open_editor(&mut h);
    assert!(
        !common::close_cancelled(&mut h),
        "nothing to lose, yet asked"
    );
    h.run();
    h.get_by_label("South 1: 4 seeds").click();
    h.run();
    assert!(common::close_cancelled(&mut h), "closed over the edits");
    h.run();
    assert!(label_with(&h, "throws away").starts_with("Closing the window throws away"));
    h.key_press(egui::Key::Escape);
    h.run();
    assert!(!shows(&h, DISCARD_QUESTION));
    assert!(common::close_cancelled(&mut h));
    h.run();
    h.get_by_label("Discard and close").click();
    h.step();
    assert!(
        common::sent(&h, &egui::ViewportCommand::Close),
        "the window stays"
    );
    h.run();
    assert!(h.state().editor.is_none());
}

#[test]
fn the_game_menu_undoes_and_redoes_the_editors_edits() {
    // It greyed Undo and Redo out while Ctrl+Z and Ctrl+Shift+Z worked,
    // and left Ctrl+E off "Leave the editor".
    let mut h = harness(en_gehe(6));
    open_editor(&mut h);
    let start = notation(&h);
    h.get_by_label("South 2: 4 seeds").click();
    h.run();
    let edited = notation(&h);
    assert_ne!(edited, start);
    h.get_by_label("Game").click();
    h.run();
    h.get_by_label("Leave the editor  (Ctrl+E)");
    h.get_by_label("Undo  (Ctrl+Z)").click();
    h.run();
    assert_eq!(notation(&h), start, "the menu's Undo takes the edit back");
    h.get_by_label("Game").click();
    h.run();
    // With nothing left to undo, Undo is greyed and Redo offered.
    let disabled = |h: &Harness<'_, MaasaiApp>, label: &str| {
        h.get_by_label(label).accesskit_node().is_disabled()
    };
    assert!(disabled(&h, "Undo  (Ctrl+Z)"));
    assert!(!disabled(&h, "Redo  (Ctrl+Shift+Z)"));
    h.get_by_label("Redo  (Ctrl+Shift+Z)").click();
    h.run();
    assert_eq!(notation(&h), edited, "and Redo does it again");
    h.get_by_label("Game").click();
    h.run();
    assert!(!disabled(&h, "Undo  (Ctrl+Z)"));
    assert!(disabled(&h, "Redo  (Ctrl+Shift+Z)"));
    h.key_press(egui::Key::Escape);
    h.run();
    assert!(h.state().editor.is_some(), "the editor stays open");
    assert!(
        h.state().rt.game.moves().is_empty(),
        "the game is untouched"
    );
}

#[test]
fn the_all_seeds_label_of_a_ctrl_drag_stays_whole_by_the_boards_edge() {
    // Dragged to the last hole on the right of a 2×50 board at 1024×680,
    // the label right of the seed was cut by the board's edge ("all se").
    let mut h = harness_at(en_gehe(50), [1024.0, 680.0]);
    open_editor(&mut h);
    h.event(egui::Event::ModifiersChanged(egui::Modifiers::COMMAND));
    let b = pick_up_and_carry(
        &mut h,
        "South 2: 4 seeds",
        "North 1: 4 seeds",
        egui::Modifiers::COMMAND,
    );
    fn walk(shape: &egui::Shape, clip: egui::Rect, out: &mut Vec<(egui::Rect, egui::Rect)>) {
        match shape {
            egui::Shape::Text(t) if t.galley.job.text == "all seeds" => {
                out.push((egui::Rect::from_min_size(t.pos, t.galley.size()), clip))
            }
            egui::Shape::Vec(shapes) => shapes.iter().for_each(|s| walk(s, clip, out)),
            _ => {}
        }
    }
    let mut labels = Vec::new();
    for clipped in &h.output().shapes {
        walk(&clipped.shape, clipped.clip_rect, &mut labels);
    }
    assert_eq!(labels.len(), 1, "the dragged seed says all seeds");
    let (label, clip) = labels[0];
    assert!(
        clip.contains_rect(label),
        "{label:?} cut by the edge of {clip:?}"
    );
    let_go(&mut h, b, egui::Modifiers::COMMAND);
    h.event(egui::Event::ModifiersChanged(egui::Modifiers::NONE));
    h.run();
    assert!(
        shows(&h, "North 1: 8 seeds"),
        "all of South 2's seeds moved"
    );
}

#[test]
fn the_hint_under_the_board_names_reserve_piles_only_where_there_are_some() {
    let mut h = harness(en_gehe(6));
    open_editor(&mut h);
    assert!(
        h.query_by_label_contains("drag to another hole: move one seed")
            .is_some()
    );
    assert!(h.query_by_label_contains("reserve pile").is_none());
    let mut h = harness(GameOptions::bao_la_kimasai().start().unwrap());
    open_editor(&mut h);
    assert!(
        h.query_by_label_contains("drag to another hole or reserve pile: move one seed")
            .is_some()
    );
}

#[test]
fn the_editor_board_stays_put_as_the_problem_under_it_changes() {
    // The board was sized by the lines under it: a problem taking two
    // rows shrank it, one row grew it again, every hole moving under the
    // pointer.
    use maasai_mancala::app::editor::{EditorCommand, Hole};
    let mut h = bao_editor_in_a_small_window();
    let board = |h: &Harness<'_, MaasaiApp>| {
        let holes: Vec<_> = h
            .query_all_by_label_contains("North i")
            .map(|n| n.rect())
            .collect();
        assert_eq!(holes.len(), 8, "North's inner holes");
        holes
    };
    let before = board(&h);
    let hole = |index| Hole {
        side: Side::South,
        index,
    };
    let edits = [
        // A problem of a row or two: more seeds than a position holds.
        EditorCommand::Set {
            hole: hole(0),
            seeds: 60_000,
        },
        EditorCommand::Set {
            hole: hole(1),
            seeds: 60_000,
        },
        EditorCommand::Clear,
        EditorCommand::Undo,
        EditorCommand::Undo,
        EditorCommand::Undo,
    ];
    for edit in edits {
        let said = format!("{edit:?}");
        h.state_mut().queue(AppCommand::Editor(edit));
        h.run_steps(3);
        assert_eq!(board(&h), before, "after {said}");
    }
}

#[test]
fn tempo_beside_a_row_is_grouped_as_the_editors_counts_are() {
    // An edited hole of 60,000 seeds gave "tempo 240000" beside the row
    // while the problem line under the board said "60,005".
    use maasai_mancala::app::editor::tempo_words;
    assert_eq!(
        tempo_words("South", 240_000, 5),
        (
            "tempo 240,000".to_string(),
            "South ahead by 239,995 in tempo".to_string()
        )
    );
    assert_eq!(
        tempo_words("North", 3, 4_900),
        (
            "tempo 3".to_string(),
            "North's tempo deficit 4,897".to_string()
        )
    );
    assert_eq!(tempo_words("North", 7, 7).1, "tempo level");
}

#[test]
fn the_bao_editor_says_each_sides_phase_as_the_board_does() {
    // The game's board says "herding (phase 1)" beside each side's reserve;
    // the editor's said only the reserve, though the reserves set there
    // decide the phase of the position being set up.
    let mut h = harness(GameOptions::bao_la_kimasai().start().unwrap());
    open_editor(&mut h);
    assert!(shows(
        &h,
        "herding (phase 1); opening move (no reserve seed added)"
    ));
    assert!(shows(&h, "herding (phase 1)"), "North's");
    for (side, said) in [
        ("South", "reserve empty, waiting for the other side"),
        ("North", "raiding (phase 2)"),
    ] {
        h.get_by_label(&format!("{side} reserve: 24 seeds")).click();
        h.run();
        h.key_press(egui::Key::Backspace);
        h.key_press(egui::Key::Backspace);
        h.event(egui::Event::Text("0".into()));
        h.key_press(egui::Key::Enter);
        h.run();
        assert!(shows(&h, &format!("{side} reserve: 0 seeds")));
        assert!(
            h.query_all_by_label_contains(said).next().is_some(),
            "{side} set to 0: no {said:?}"
        );
    }
}

#[test]
fn the_editor_opened_on_bao_switches_to_en_gehe_at_the_last_games_size() {
    let mut h = harness_at(
        GameOptions::bao_la_kimasai().start().unwrap(),
        [1024.0, 680.0],
    );
    h.state_mut().settings.last_options = GameOptions::en_gehe(40);
    open_editor(&mut h);
    h.get_by_label("En Gehé").click();
    h.run();
    assert_eq!(editor(&h).setup.south.len(), 40);
    assert_eq!(
        editor(&h).setup,
        maasai_mancala::engine::Setup::start(&GameOptions::en_gehe(40))
    );
}

#[test]
fn a_long_game_record_in_the_paste_field_scrolls_within_it() {
    // The field grew with its text: a pasted game record of a hundred
    // moves pushed "Use this text" and the problems under it out of the
    // panel.
    // (2×20: on 2×50 a move's check that it ends can take seconds.)
    let mut game = maasai_mancala::engine::Game::new(en_gehe(20));
    for _ in 0..150 {
        let Some(&mv) = game.current().classify_moves().0.last() else {
            break;
        };
        game.play(mv).unwrap();
    }
    let record = maasai_mancala::files::record_text(&game);
    let mut h = harness(en_gehe(6));
    open_editor(&mut h);
    let field = h.get_by_label("Paste notation").rect();
    set_field(&mut h, "Paste notation", &record);
    // (The style read first: inside `fonts_mut` the context is locked.)
    let font = egui::TextStyle::Monospace.resolve(&h.ctx.global_style());
    let row = h.ctx.fonts_mut(|f| f.row_height(&font));
    let label = h.get_by_label_contains("Paste notation").rect();
    let button = h.get_by_label("Use this text").rect();
    assert!(
        button.top() - field.top() < 7.5 * row + 20.0,
        "the field ({field:?}) grew to {button:?}"
    );
    assert!(
        button.bottom() <= SNAPSHOT_SIZE[1],
        "{button:?} out of sight"
    );
    assert!(label.top() < button.top());
    // The record is all there and is used whole.
    h.get_by_label("Use this text").click();
    h.run();
    assert_eq!(notation(&h), game.current().to_string());
}

#[test]
fn long_team_names_in_the_to_move_row_stay_within_the_panel() {
    // Two 24-character team names side by side ran past the editor
    // panel's edge, and the paste and notation fields widened with them.
    let size = [1024.0, 680.0];
    let mut h = harness_at(en_gehe(12), size);
    h.state_mut().rt.names = [
        "Ilkisongo Age-set Warrio".to_string(),
        "Purko Elders of the Rift".to_string(),
    ];
    open_editor(&mut h);
    h.run();
    for name in ["Ilkisongo Age-set Warrio", "Purko Elders of the Rift"] {
        let radio = h.get_by_label(name).rect();
        assert!(radio.right() <= size[0], "{name}: {radio:?}");
    }
    let field = h.get_by_label("Paste notation").rect();
    assert!(field.right() <= size[0], "the paste field: {field:?}");
}

#[test]
fn the_board_zooms_and_pans_by_keys_in_the_editor_as_in_play() {
    // Only the mouse and the toolbar zoomed the editor's board: Ctrl+=,
    // Ctrl+-, Ctrl+0 and Ctrl+arrows did nothing there.
    let mut h = harness(en_gehe(6));
    open_editor(&mut h);
    let zoom = h.state().settings.zoom;
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Equals);
    h.run();
    assert!(h.state().settings.zoom > zoom, "Ctrl+= zooms in");
    let zoomed = h.state().settings.zoom;
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Minus);
    h.run();
    assert!(h.state().settings.zoom < zoomed, "Ctrl+- zooms out");
    for _ in 0..4 {
        h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Equals);
        h.run();
    }
    let pan = h.state().rt.pan;
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::ArrowRight);
    h.run();
    assert_ne!(h.state().rt.pan, pan, "Ctrl+→ pans");
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Num0);
    h.run();
    assert_eq!(h.state().settings.zoom, 1.0, "Ctrl+0 fits it");
    assert!(h.state().editor.is_some(), "still editing");
}

#[test]
fn a_refused_paste_rings_its_field_alone() {
    // The ring was drawn around the field's scrolling room (six lines)
    // rather than the field (two), over the next heading and its box.
    let mut h = harness(en_gehe(3));
    open_editor(&mut h);
    use_pasted(
        &mut h,
        "en-gehe south=0,0,1 north=1,0 captured=4,6 turn=north",
    );
    assert!(
        h.query_by_label_contains("both rows must be equally long")
            .is_some()
    );
    let field = h.get_by_label("Paste notation").rect();
    let next_heading = h.get_by_label("Notation of this position").rect();
    let error = h.ctx.style_of(egui::Theme::Light).visuals.error_fg_color;
    let mut rings = Vec::new();
    fn walk(shape: &egui::Shape, colour: egui::Color32, out: &mut Vec<egui::Rect>) {
        match shape {
            egui::Shape::Rect(r) if r.stroke.color == colour && r.stroke.width > 0.0 => {
                out.push(r.rect)
            }
            egui::Shape::Vec(shapes) => shapes.iter().for_each(|s| walk(s, colour, out)),
            _ => {}
        }
    }
    for clipped in &h.output().shapes {
        walk(&clipped.shape, error, &mut rings);
    }
    assert_eq!(rings.len(), 1, "{rings:?}");
    let ring = rings[0];
    assert!(ring.contains_rect(field), "{ring:?} around {field:?}");
    assert!(
        ring.height() < field.height() + 12.0,
        "{ring:?} around {field:?}"
    );
    assert!(
        ring.bottom() < next_heading.top(),
        "{ring:?} over {next_heading:?}"
    );
}

#[test]
fn the_editor_s_leaving_buttons_stay_put_when_a_smaller_board_widens_its_panel() {
    // A 2×50 board keeps the panel narrow; pasting a 2×3 position gave
    // the panel its width back, and the buttons at its left edge moved
    // 100 px, from under the pointer.
    // (Opened in a wide window first, so that the panel has a width of
    // its own to go back to.)
    let mut h = harness_at(en_gehe(50), [1600.0, 1000.0]);
    open_editor(&mut h);
    h.run_steps(3);
    h.set_size(egui::vec2(1024.0, 680.0));
    h.run_steps(3);
    let leaving = ["Play from here", "Analyse", "Cancel"];
    let before: Vec<egui::Rect> = leaving.iter().map(|b| h.get_by_label(b).rect()).collect();
    let panel = h.get_by_label("Position editor").rect().left();
    use_pasted(
        &mut h,
        "en-gehe south=0,0,1 north=1,0,0 captured=4,6 turn=north",
    );
    h.run_steps(3);
    assert!(
        h.get_by_label("Position editor").rect().left() < panel - 50.0,
        "the panel widened (else this shows nothing): {panel} → {}",
        h.get_by_label("Position editor").rect().left()
    );
    for (b, at) in leaving.iter().zip(&before) {
        let now = h.get_by_label(b).rect();
        assert!(
            (now.left() - at.left()).abs() < 0.5,
            "{b}: {at:?} → {now:?}"
        );
    }
    // In reading order, at the panel's right edge.
    assert!(before[0].right() < before[1].left() && before[1].right() < before[2].left());
    assert!(before[2].right() > 1024.0 - 20.0, "{:?}", before[2]);
}

#[test]
fn the_game_menus_paste_under_the_editor_reads_into_the_editor() {
    // Game ▸ Paste replaced the game under the editor ("Save your
    // changes?", then "the game under the editor was replaced"), the
    // edited board left as it was.
    let mut h = sowing_instantly(en_gehe(6));
    h.get_by_label("South 1: 4 seeds").click();
    h.run_steps(12);
    let game = h.state().rt.game.clone();
    open_editor(&mut h);
    h.get_by_label_contains("North 6: ").click();
    h.run();
    assert!(editor(&h).can_undo(), "edited");
    h.get_by_label("Game").click();
    h.run();
    let item = "Paste position into the editor  (Ctrl+V)";
    assert!(shows(&h, item), "the menu's paste names the editor");
    assert!(!shows(&h, "Paste position or game  (Ctrl+V)"));
    h.get_by_label(item).click();
    h.run();
    // A test has no clipboard: the editor says so by its paste field, as
    // its own button does, and nothing else moves.
    assert!(h.state().editor.is_some(), "the editor closed");
    assert!(editor(&h).paste_error.is_some(), "not said in the editor");
    assert!(h.state().files.unsaved_prompt.is_none());
    assert_eq!(h.state().rt.game.moves(), game.moves());
    assert_eq!(h.state().rt.game.start(), game.start());
}

#[test]
fn clicks_quicker_than_a_frame_each_add_a_seed() {
    // Two clicks within one slow frame added one seed.
    let mut h = harness(en_gehe(6));
    open_editor(&mut h);
    let at = h.get_by_label("South 1: 4 seeds").rect().center();
    // `n` clicks of `button` put into one frame's input (the harness's
    // queue gives each event a frame of its own).
    let clicks_in_one_frame = |h: &mut Harness<'_, MaasaiApp>, button, n| {
        let events = &mut h.input_mut().events;
        events.push(egui::Event::PointerMoved(at));
        for _ in 0..n {
            for pressed in [true, false] {
                events.push(egui::Event::PointerButton {
                    pos: at,
                    button,
                    pressed,
                    modifiers: egui::Modifiers::NONE,
                });
            }
        }
        h.step();
        h.run();
    };
    clicks_in_one_frame(&mut h, egui::PointerButton::Primary, 3);
    assert!(shows(&h, "South 1: 7 seeds"), "three clicks in a frame");
    clicks_in_one_frame(&mut h, egui::PointerButton::Secondary, 2);
    assert!(shows(&h, "South 1: 5 seeds"), "two right-clicks in a frame");
}

#[test]
fn a_refused_paste_from_the_clipboard_is_left_in_the_field_to_mend() {
    // The field was ringed red but empty: a long string had to be put
    // right outside the program.
    let mut h = harness(en_gehe(6));
    open_editor(&mut h);
    let bad = "en-gehe south=1,x,2 north=0,3,0 captured=5,6 turn=north";
    h.event(egui::Event::Paste(bad.into()));
    h.event(ctrl_v_released());
    h.run();
    assert!(editor(&h).paste_error.is_some());
    assert_eq!(editor(&h).paste_text, bad);
    // Unread text typed into the field is never written over.
    h.state_mut().editor.as_mut().unwrap().paste_text = "en-gehe south=".into();
    h.event(egui::Event::Paste("en-gehe north=9".into()));
    h.event(ctrl_v_released());
    h.run();
    assert!(editor(&h).paste_error.is_some());
    assert_eq!(editor(&h).paste_text, "en-gehe south=");
}

#[test]
fn digits_after_undo_start_a_new_number_and_backspace_edits_the_count_shown() {
    // After Ctrl+Z (or Empty board) the next digit went on from the
    // number typed before: 5, Ctrl+Z, 3 made 53. Backspace with nothing
    // typed set the count to 0 whatever it was.
    let mut h = harness(en_gehe(4));
    open_editor(&mut h);
    h.get_by_label("South 1: 4 seeds").click();
    h.run();
    h.event(egui::Event::Text("5".into()));
    h.run();
    assert!(shows(&h, "South 1: 5 seeds"));
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    h.run();
    assert!(shows(&h, "South 1: 4 seeds"));
    assert!(h.query_by_label_contains("Typing into").is_none());
    h.event(egui::Event::Text("3".into()));
    h.run();
    assert!(shows(&h, "South 1: 3 seeds"), "{}", notation(&h));
    h.get_by_label("Empty board").click();
    h.run();
    h.get_by_label("South 2: 0 seeds").click();
    h.run();
    for digit in ["1", "2", "4"] {
        h.event(egui::Event::Text(digit.into()));
    }
    h.run();
    assert!(shows(&h, "South 2: 124 seeds"));
    // A click ends the typing; Backspace then edits the count shown.
    h.key_press(egui::Key::Enter);
    h.run();
    h.get_by_label("South 2: 124 seeds")
        .click_modifiers(egui::Modifiers::SHIFT);
    h.run();
    assert!(shows(&h, "South 2: 123 seeds"));
    h.key_press(egui::Key::Backspace);
    h.run();
    assert!(shows(&h, "South 2: 12 seeds"), "{}", notation(&h));
    h.key_press(egui::Key::Backspace);
    h.run();
    assert!(shows(&h, "South 2: 1 seed"), "{}", notation(&h));
}

#[test]
fn digits_on_the_board_and_then_a_number_in_the_hole_s_field_are_two_steps() {
    let mut h = harness(en_gehe(4));
    open_editor(&mut h);
    h.get_by_label("North 2: 4 seeds").click();
    h.run();
    h.event(egui::Event::Text("5".into()));
    h.run();
    assert!(shows(&h, "North 2: 5 seeds"));
    type_number(&mut h, "Selected: North 2", "7");
    assert!(shows(&h, "North 2: 7 seeds"), "{}", notation(&h));
    h.state_mut().queue(AppCommand::Editor(EditorCommand::Undo));
    h.run();
    assert!(shows(&h, "North 2: 5 seeds"), "{}", notation(&h));
}

#[test]
fn two_numbers_entered_in_one_field_are_two_steps_of_undo_and_a_paste_s_note_goes_with_undo() {
    // A second entry in the same field (Enter each time) joined the
    // first's step: one Undo took both back. And "… (Ctrl+Z takes it
    // back)." stayed once Ctrl+Z had.
    let mut h = harness(en_gehe(6));
    open_editor(&mut h);
    type_number(&mut h, "South", "5");
    assert_eq!(editor(&h).setup.captured, [5, 0]);
    type_number(&mut h, "South", "7");
    assert_eq!(editor(&h).setup.captured, [7, 0]);
    h.state_mut().queue(AppCommand::Editor(EditorCommand::Undo));
    h.run();
    assert_eq!(editor(&h).setup.captured, [5, 0], "one entry undone");
    h.state_mut().queue(AppCommand::Editor(EditorCommand::Undo));
    h.run();
    assert_eq!(editor(&h).setup.captured, [0, 0]);

    use_pasted(
        &mut h,
        "en-gehe south=1,0,2,0,0,0 north=0,3,0,0,0,0 captured=0,0 turn=south",
    );
    let said = "Read the position onto the board (Ctrl+Z takes it back).";
    assert!(shows(&h, said));
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    h.run();
    assert!(h.query_by_label(said).is_none(), "still said after Ctrl+Z");
}

#[test]
fn the_game_menu_copies_and_draws_the_edited_position_and_only_a_legal_one() {
    // Game > Copy position copied the game's position under the editor,
    // and the diagram drew it, while Paste went into the editor.
    let mut h = harness(en_gehe(4));
    open_editor(&mut h);
    h.get_by_label("South 1: 4 seeds").click();
    h.run();
    let edited = notation(&h);
    h.get_by_label("Game").click();
    h.run();
    h.get_by_label("Copy the edited position").click();
    h.run();
    assert_eq!(editor(&h).copied.as_deref(), Some(edited.as_str()));
    assert!(shows(&h, "Copied to the clipboard."));
    h.get_by_label("Game").click();
    h.run();
    h.get_by_label("Export diagram (SVG)…").click();
    h.run();
    let job = h.state().files.diagram.as_ref().expect("the export window");
    assert_eq!(job.position.to_string(), edited);
    assert_eq!(job.what, "The edited position");
    assert!(job.moved.is_none());
    h.state_mut()
        .queue(AppCommand::Files(FileCommand::CloseDiagramPrompt));
    h.run();
    // Too many seeds in all break a rule: neither is offered.
    h.event(egui::Event::Paste(
        "en-gehe south=60000,60000,60000 north=1,1,1 captured=0,0 turn=south".into(),
    ));
    h.run();
    assert!(disabled(&h, "Copy notation"));
    h.get_by_label("Game").click();
    h.run();
    assert!(disabled(&h, "Copy the edited position"));
    assert!(disabled(&h, "Export diagram (SVG)…"));
    assert!(disabled(&h, "Export diagram for print (black and white)…"));
}
