//! UI tests of the council panel and the computer players (egui_kittest).
//! Background searches are waited for by stepping frames in bounded polling
//! loops; nothing asserts on timing.

mod common;
use common::{WIDE_SIZE, en_gehe, harness_at, step_until};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use maasai_mancala::advice::{self, COUNCIL};
use maasai_mancala::app::anim::INSTANT_SPEED;
use maasai_mancala::app::players::Player;
use maasai_mancala::app::{AppCommand, MaasaiApp};
use maasai_mancala::engine::{GameOptions, Move, Position, notation::parse_position};
use maasai_mancala::search::{self, Level, SearchConfig};
use maasai_mancala::solver::{Session, Solver, Value};
use std::time::Duration;

fn harness(start: Position) -> Harness<'static, MaasaiApp> {
    harness_at(start, WIDE_SIZE)
}

fn known_position() -> Position {
    parse_position("en-gehe south=4,0,5,6,1,4,3,2 north=2,5,0,4,4,6,1,3 captured=6,2 turn=south")
        .unwrap()
}

const DEPTH: u32 = 5;

/// The council shown on `pos`, its search (to [`DEPTH`]) finished.
fn council_searched(pos: Position) -> Harness<'static, MaasaiApp> {
    let mut h = harness(pos);
    h.state_mut().settings.show_council = true;
    h.state_mut().council.max_depth = Some(DEPTH);
    step_until(&mut h, "the council's search", |app| {
        app.council.analysis().is_some_and(|a| a.finished)
    });
    h
}

#[test]
fn council_shows_eight_advisors_and_ranks_every_move() {
    let pos = known_position();
    let mut h = council_searched(pos);
    h.run_steps(2);
    for a in COUNCIL {
        assert!(
            h.query_by_label(a.name).is_some(),
            "advisor {} not shown",
            a.name
        );
    }
    let report = h
        .state()
        .council
        .report()
        .expect("a council report")
        .clone();
    assert_eq!(report.advice.len(), 8);
    let (legal, _) = pos.classify_moves();
    assert_eq!(report.facts.len(), legal.len());
    assert!(h.query_by_label("Every move, best first").is_some());
    assert!(h.query_by_label("Seeds").is_some());
    assert!(h.query_by_label("Depth").is_some(), "room for every column");
    assert!(h.query_by_label("Consensus").is_some());
    // Every legal move has a row in the ranked table (its name in the Move column).
    let v = pos.variant();
    for mv in &legal {
        assert!(
            h.query_all_by_label(&v.move_name(*mv)).next().is_some(),
            "no row for move {}",
            v.move_name(*mv)
        );
    }

    // Its top move is what `analyse --depth 5` gives (the same search API).
    let analysis = h.state().council.analysis().unwrap().clone();
    assert_eq!(analysis.depth, DEPTH);
    let analyse = search::search(&pos, SearchConfig::depth(DEPTH));
    assert_eq!(analysis.best_move(), analyse.best_move());
    assert_eq!(
        analysis.best().unwrap().score,
        analyse.best().unwrap().score
    );
    // And its whole ranking is the all-moves search at that depth.
    let ranked = search::search(&pos, SearchConfig::depth(DEPTH).all_moves());
    assert_eq!(analysis.lines, ranked.lines);

    // Looking back at an earlier position, the council says its advice is
    // for the live one.
    let note = "Advice for the live position (move 2), not the earlier one on view.";
    assert!(h.query_by_label(note).is_none());
    // The line says whose advice it is on the live position too, so it is
    // always there (it came and went, and the panel's contents moved).
    let team = h.state().rt.team(pos.turn());
    assert!(
        h.query_by_label(&format!("Advice for {team} to move."))
            .is_some()
    );
    h.state_mut().settings.speed = INSTANT_SPEED;
    h.state_mut().queue(AppCommand::PlayMove(legal[0]));
    h.run_steps(2);
    h.state_mut().queue(AppCommand::ViewStart);
    step_until(&mut h, "the council's next search", |app| {
        app.council.analysis().is_some_and(|a| a.finished)
    });
    h.run_steps(2);
    assert!(h.query_by_label(note).is_some());
    // The advice under that line stays where it is on the live position.
    let card = |h: &Harness<'_, MaasaiApp>| h.get_by_label("The Elder").rect().min.y;
    let earlier = card(&h);
    h.state_mut().queue(AppCommand::ViewLive);
    h.run_steps(2);
    assert!(h.query_by_label(note).is_none());
    assert_eq!(card(&h), earlier);
}

#[test]
fn hovering_an_advisor_previews_its_move() {
    let pos = known_position();
    let mut h = harness(pos);
    h.state_mut().settings.show_council = true;
    h.state_mut().council.max_depth = Some(3);
    step_until(&mut h, "the council's search", |app| {
        app.council.analysis().is_some_and(|a| a.finished)
    });
    h.run_steps(2);
    let elder = h.state().council.report().unwrap().advice[0].mv;
    h.get_by_label("The Elder").hover();
    h.run_steps(2);
    let preview = h.state().rt.preview.as_ref().expect("a previewed move");
    assert_eq!(preview.mv, elder);
    // The preview carries the last lap's path, which ends where the move ends.
    let trace = h.state().rt.game.current().trace(elder).unwrap();
    let last_lap = trace.laps.last().unwrap();
    assert_eq!(preview.last_lap_path.last(), Some(&preview.last_hole));
    assert_eq!(
        preview.last_lap_path.first(),
        last_lap.sown.first().as_ref()
    );
}

#[test]
fn hidden_advice_appears_when_asked() {
    let mut h = harness(known_position());
    h.state_mut().settings.show_council = true;
    h.state_mut().settings.hide_advice = true;
    h.state_mut().council.max_depth = Some(3);
    step_until(&mut h, "the council's search", |app| {
        app.council.analysis().is_some_and(|a| a.finished)
    });
    h.run_steps(2);
    assert!(h.query_by_label("The Elder").is_none());
    h.get_by_label("Ask the council").click();
    h.run_steps(3);
    assert!(h.query_by_label("The Elder").is_some());
}

#[test]
fn choosing_a_computer_side_in_the_dialog_makes_it_move() {
    let mut h = harness(GameOptions::en_gehe(6).start().unwrap());
    h.state_mut().settings.speed = INSTANT_SPEED;
    h.state_mut().queue(AppCommand::OpenNewGame);
    h.run_steps(4);
    // South, who moves first, is switched to a computer in the dialog: the
    // first "Computer" radio is South's (the dialog lists South first).
    h.get_all_by_label("Computer")
        .next()
        .expect("South's Computer choice")
        .click();
    h.run_steps(2);
    // Its level (Club at first): the last box of the dialog (the first is
    // the preset box).
    h.get_all_by_role(egui::accesskit::Role::ComboBox)
        .last()
        .expect("South's level box")
        .click();
    h.run_steps(2);
    h.get_by_label("Beginner").click();
    h.run_steps(2);
    h.get_by_label("Start game").click();
    h.run_steps(2);
    assert!(matches!(
        h.state().settings.players[0],
        Player::Computer {
            level: Level::Beginner,
            ..
        }
    ));
    assert_eq!(h.state().settings.players[1], Player::Human);
    step_until(&mut h, "the computer's move", |app| {
        app.rt.game.moves().len() == 1
    });
    // The next new game offers the same players (it used to offer two
    // humans, and Start would quietly drop the computer).
    h.state_mut().queue(AppCommand::OpenNewGame);
    h.run_steps(4);
    h.get_by_label("Discard changes").click();
    h.run_steps(2);
    let offered = h.state().rt.new_game.as_ref().expect("the dialog").players;
    assert_eq!(offered, h.state().settings.players);
    h.get_by_label("Cancel").click();
    h.run_steps(2);
    // Now it is North's (a human's) turn: the computer waits.
    h.run_steps(20);
    assert_eq!(h.state().rt.game.moves().len(), 1);
    assert!(!h.state().rt.computer.is_thinking());
}

#[test]
fn computer_game_can_be_paused_and_taken_over() {
    let mut h = harness(GameOptions::en_gehe(6).start().unwrap());
    h.state_mut().settings.speed = INSTANT_SPEED;
    h.state_mut().settings.players = [Player::computer(Level::Beginner); 2];
    h.state_mut().rt.names[0] = "Ilkisongo".into();
    step_until(&mut h, "two computer moves", |app| {
        app.rt.game.moves().len() >= 2
    });
    // The strip names the teams as the board does.
    assert!(
        h.query_by_label_contains("Ilkisongo (South): Computer")
            .is_some(),
        "the strip does not name the team"
    );
    // The Take over buttons stay put whatever the strip says after them
    // (thinking, paused), so a click lands on the side it was aimed at.
    let take_over = |h: &Harness<'_, MaasaiApp>| {
        [
            h.get_by_label("Take over South").rect(),
            h.get_by_label("Take over North").rect(),
        ]
    };
    let running = take_over(&h);
    h.get_by_label("Pause computer").click();
    h.run_steps(2);
    assert!(h.state().rt.computer.paused);
    assert_eq!(take_over(&h), running);
    let moves = h.state().rt.game.moves().len();
    h.run_steps(20);
    assert_eq!(h.state().rt.game.moves().len(), moves);
    assert!(!h.state().rt.computer.is_thinking());
    // Take over the side to move, resume: the other side still plays.
    let turn = h.state().rt.game.current().turn();
    h.get_by_label(&format!("Take over {}", turn.title()))
        .click();
    h.run_steps(2);
    assert_eq!(h.state().settings.players[turn.index()], Player::Human);
    h.get_by_label("Resume computer").click();
    h.run_steps(2);
    let (legal, _) = h.state().rt.game.current().classify_moves();
    h.state_mut().queue(AppCommand::PlayMove(legal[0]));
    step_until(&mut h, "the computer's answer", |app| {
        app.rt.game.moves().len() == moves + 2
    });
}

#[test]
fn a_side_is_handed_to_the_computer_and_back_in_mid_game() {
    let mut h = harness(GameOptions::en_gehe(6).start().unwrap());
    h.state_mut().settings.speed = INSTANT_SPEED;
    h.run();
    h.get_by_label("South 1: 4 seeds").click();
    h.run();
    // Game > Players > North: Computer (Beginner), without a new game.
    h.get_by_label("Game").click();
    h.run();
    h.get_by_label("Players").click();
    h.run();
    let north_beginner = h.get_all_by_label("Computer: Beginner").nth(1).unwrap();
    north_beginner.click();
    // (Steps, not `run`: the computer now thinks, with a spinner, and on a
    // loaded machine it had not answered within `run`'s steps.)
    h.run_steps(2);
    assert_eq!(h.state().settings.players[0], Player::Human);
    assert!(matches!(
        h.state().settings.players[1],
        Player::Computer {
            level: Level::Beginner,
            ..
        }
    ));
    // The menu stays open, now with North's thinking time.
    assert!(
        h.query_by_role_and_label(egui::accesskit::Role::Slider, "per move")
            .is_some(),
        "the thinking time shows under the level"
    );
    h.key_press(egui::Key::Escape);
    step_until(&mut h, "North's computer move", |app| {
        app.rt.game.moves().len() == 2
    });
    assert_eq!(h.state().rt.game.moves().len(), 2, "the same game goes on");
    // And back to a person.
    h.get_by_label("Game").click();
    h.run();
    h.get_by_label("Players").click();
    h.run();
    h.get_all_by_label("Human").nth(1).unwrap().click();
    h.run();
    assert_eq!(h.state().settings.players, [Player::Human; 2]);
}

/// The computer at Master with ten seconds a move: a search that outlasts
/// a test's few frames.
fn master() -> Player {
    Player::Computer {
        level: Level::Master,
        movetime_ms: 10_000,
    }
}

#[test]
fn undo_while_the_computer_thinks_cancels_its_search() {
    let mut h = harness(GameOptions::en_gehe(6).start().unwrap());
    h.state_mut().settings.speed = INSTANT_SPEED;
    // Master thinks for its whole time (Strong stops at its depth cap).
    h.state_mut().settings.players = [Player::Human, master()];
    h.run_steps(2);
    h.get_by_label("South 1: 4 seeds").click();
    h.run_steps(2);
    assert!(h.state().rt.computer.is_thinking());
    h.state_mut().queue(AppCommand::Undo);
    h.run_steps(1);
    assert!(!h.state().rt.computer.is_thinking());
    assert_eq!(h.state().rt.game.moves().len(), 0);
    // The person is to move again, so the computer need not be paused: it
    // answers the next move.
    assert!(!h.state().rt.computer.paused);
}

/// A 2×6 game of a person against Beginner, after South 1 and its reply.
fn after_the_computers_reply() -> Harness<'static, MaasaiApp> {
    let mut h = harness(GameOptions::en_gehe(6).start().unwrap());
    h.state_mut().settings.speed = INSTANT_SPEED;
    h.state_mut().settings.players = [Player::Human, Player::computer(Level::Beginner)];
    h.run_steps(2);
    h.get_by_label("South 1: 4 seeds").click();
    step_until(&mut h, "the computer's reply", |app| {
        app.rt.game.moves().len() == 2
    });
    h
}

#[test]
fn one_undo_against_the_computer_takes_back_its_reply_and_the_persons_move() {
    let mut h = after_the_computers_reply();
    h.state_mut().queue(AppCommand::Undo);
    h.run_steps(2);
    let both = h.state().rt.redo.clone();
    assert_eq!(
        h.state().rt.game.moves().len(),
        0,
        "back to the person's decision"
    );
    assert!(!h.state().rt.computer.paused);
    // Redo brings both back as they were, not the person's move alone
    // (for a fresh reply).
    h.state_mut().queue(AppCommand::Redo);
    h.run_steps(2);
    assert_eq!(h.state().rt.game.moves().len(), 2);
    assert_eq!(h.state().rt.game.moves()[1], both[0]);
    // Undone again, for the next part.
    h.state_mut().queue(AppCommand::Undo);
    h.run_steps(2);
    // A computer that opened the game is left waiting at the start.
    let mut h = harness(GameOptions::en_gehe(6).start().unwrap());
    h.state_mut().settings.speed = INSTANT_SPEED;
    h.state_mut().settings.players = [Player::computer(Level::Beginner), Player::Human];
    step_until(&mut h, "the computer's opening", |app| {
        app.rt.game.moves().len() == 1
    });
    h.state_mut().queue(AppCommand::Undo);
    h.run_steps(2);
    assert_eq!(h.state().rt.game.moves().len(), 0);
    assert!(h.state().rt.computer.paused, "it would replay at once");
}

#[test]
fn the_persons_undone_move_played_again_keeps_the_computers_reply_to_redo() {
    // Played again by hand, the move keeps the undone reply for Redo; the
    // computer, not paused, searched at once, and its reply dropped it.
    let mut h = after_the_computers_reply();
    let reply = h.state().rt.game.moves()[1];
    h.state_mut().queue(AppCommand::Undo);
    h.run_steps(2);
    assert_eq!(h.state().rt.game.moves().len(), 0);
    h.get_by_label("South 1: 4 seeds").click();
    h.run_steps(3);
    assert_eq!(h.state().rt.redo, [reply]);
    assert!(
        h.state().rt.computer.paused,
        "its reply would drop the redo"
    );
    h.state_mut().queue(AppCommand::Redo);
    h.run_steps(2);
    assert_eq!(h.state().rt.game.moves().len(), 2);
    assert_eq!(h.state().rt.game.moves()[1], reply);
}

#[test]
fn undo_leaves_a_paused_computer_paused() {
    let mut h = after_the_computers_reply();
    h.state_mut().queue(AppCommand::PauseComputer(true));
    h.run_steps(2);
    h.state_mut().queue(AppCommand::Undo);
    h.run_steps(2);
    assert_eq!(h.state().rt.game.moves().len(), 0);
    assert!(h.state().rt.computer.paused, "undo resumed the computer");
    // The person's next move is not answered until Resume.
    h.get_by_label("South 2: 4 seeds").click();
    h.run_steps(20);
    assert_eq!(h.state().rt.game.moves().len(), 1);
    // And the line under the board says the side is the paused
    // computer's (it read "click a hole…" as to a person).
    let team = h.state().rt.names[1].clone();
    assert!(
        h.query_by_label(&format!(
            "{team} to move: its computer is paused (Resume computer), or click a hole to play for it"
        ))
        .is_some()
    );
}

#[test]
fn undo_takes_back_a_move_a_person_played_for_a_paused_computer_alone() {
    // North is the computer, paused; the person plays both sides. One
    // Undo took back North's move and South's before it, as if North's
    // had been the computer's reply.
    let mut h = harness(GameOptions::en_gehe(6).start().unwrap());
    h.state_mut().settings.speed = INSTANT_SPEED;
    h.state_mut().settings.players = [Player::Human, Player::computer(Level::Beginner)];
    h.state_mut().queue(AppCommand::PauseComputer(true));
    h.run_steps(2);
    let first_legal =
        |h: &Harness<'_, MaasaiApp>| h.state().rt.game.current().classify_moves().0[0];
    let mut moves = Vec::new();
    for i in 0..4 {
        let mv = first_legal(&h);
        moves.push(mv);
        h.state_mut().queue(AppCommand::PlayMove(mv));
        h.run_steps(2);
        assert_eq!(h.state().rt.game.moves().len(), i + 1, "move {mv:?} played");
    }
    assert!(h.state().rt.computer.paused);
    h.state_mut().queue(AppCommand::Undo);
    h.run_steps(2);
    assert_eq!(h.state().rt.game.moves(), &moves[..3], "North's move alone");
    h.state_mut().queue(AppCommand::Undo);
    h.run_steps(2);
    assert_eq!(h.state().rt.game.moves(), &moves[..2], "South's move alone");
    h.state_mut().queue(AppCommand::Redo);
    h.run_steps(2);
    assert_eq!(h.state().rt.game.moves(), &moves[..3]);
    assert!(h.state().rt.computer.paused, "the computer stays paused");
    // Once resumed, its own reply and the person's move go together again.
    h.state_mut().queue(AppCommand::Redo);
    h.run_steps(2);
    assert_eq!(h.state().rt.game.moves(), &moves[..]);
    h.state_mut().queue(AppCommand::PauseComputer(false));
    let mv = first_legal(&h);
    h.state_mut().queue(AppCommand::PlayMove(mv));
    step_until(&mut h, "the computer's reply", |app| {
        app.rt.game.moves().len() == 6
    });
    h.state_mut().queue(AppCommand::Undo);
    h.run_steps(2);
    assert_eq!(h.state().rt.game.moves(), &moves[..4]);
    // "Play from here" with North's move for the paused computer: one Undo
    // takes that move back alone (it took South's before it as well).
    h.state_mut().queue(AppCommand::PauseComputer(true));
    h.state_mut().queue(AppCommand::ViewMove(0));
    h.run_steps(2);
    let before = h.state().rt.game.positions()[1];
    let other = *before
        .classify_moves()
        .0
        .iter()
        .find(|&&m| m != moves[1])
        .expect("another move for North");
    h.state_mut().queue(AppCommand::OfferBranch(other));
    h.run_steps(2);
    h.state_mut().queue(AppCommand::PlayFromHere(true));
    h.run_steps(2);
    assert_eq!(h.state().rt.game.moves(), &[moves[0], other]);
    h.state_mut().queue(AppCommand::Undo);
    h.run_steps(2);
    assert_eq!(
        h.state().rt.game.moves(),
        &moves[..1],
        "the branch's move alone"
    );
    assert_eq!(
        h.state().rt.redo.last(),
        Some(&moves[1]),
        "the line taken off is back"
    );
}

#[test]
fn review_gives_each_move_its_cost() {
    let start = GameOptions::en_gehe(6).start().unwrap();
    let mut h = harness(start);
    h.state_mut().settings.speed = INSTANT_SPEED;
    // A fixed depth makes the review's result the one computed below.
    h.state_mut().council.max_depth = Some(4);
    h.run_steps(1);
    for _ in 0..3 {
        let (legal, _) = h.state().rt.game.current().classify_moves();
        h.state_mut()
            .queue(AppCommand::PlayMove(*legal.last().unwrap()));
        h.run_steps(2);
    }
    h.state_mut().queue(AppCommand::ReviewGame);
    step_until(&mut h, "the review", |app| app.rt.cost_notes.len() == 3);
    let moves = h.state().rt.game.moves().to_vec();
    let expected: Vec<String> = advice::review(&start, &moves, 4)
        .into_iter()
        .map(|c| c.unwrap().describe(start.variant()))
        .collect();
    let notes: Vec<(String, Option<u32>)> = h
        .state()
        .rt
        .cost_notes
        .values()
        .map(|n| (n.text.clone(), n.review_depth))
        .collect();
    let at_depth_4: Vec<_> = expected.iter().map(|t| (t.clone(), Some(4))).collect();
    assert_eq!(notes, at_depth_4);
    h.run_steps(2);
    // The move list shows the note beside its move (its "(best was …)"
    // gives way in a narrow column).
    let note = expected[0].split(" (best was ").next().unwrap();
    let first = format!("· {note}");
    assert!(
        h.query_all_by_label_contains(&first).next().is_some(),
        "no move-list note {first}"
    );
}

#[test]
fn a_review_proves_the_costs_of_an_endgame() {
    // The 2×50 study's position (15 seeds on the board), played as a game:
    // the review's estimate called its proved key move, South 36, "cost
    // about 1.4 seeds". Small endgames are now solved exactly.
    let start = parse_position(
        "en-gehe south=0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,1,1,0,3,0,\
         0,1,0,0,1,0,0,0,0,0,0,1,1 north=1,1,0,0,0,1,1,0,0,0,0,1,0,0,1,0,0,0,0,0,0,0,0,0,0,0,0,0,\
         0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0 captured=0,0 turn=south",
    )
    .unwrap();
    let key = Move(35); // South 36
    let after_key = start.try_play(key).unwrap();
    // North answers with its worst move, whose cost the test works out
    // with the solver on its own.
    let mut solver = Solver::with_table_bits(18);
    let values = solver.move_values(&[start], &after_key, None).unwrap();
    let margin = |v: Value| match v {
        Value::Margin(m) => m,
        other => panic!("an En Gehé value is a margin, not {other:?}"),
    };
    let (worst, worst_value) = *values.iter().min_by_key(|(_, v)| margin(*v)).unwrap();
    let best_margin = values.iter().map(|(_, v)| margin(*v)).max().unwrap();
    let worst_margin = margin(worst_value);
    assert!(best_margin > worst_margin, "North's moves are all equal");
    let best_holes: Vec<String> = values
        .iter()
        .filter(|(_, v)| margin(*v) == best_margin)
        .map(|(m, _)| format!("hole {}", m.0 + 1))
        .collect();
    // The estimates' depth is fixed (tests); the exact review takes none.
    let mut h = reviewing(start, 4, &[key, worst], false);
    step_until(&mut h, "the review", |app| app.rt.cost_notes.len() == 2);
    let notes: Vec<_> = h.state().rt.cost_notes.values().cloned().collect();
    assert_eq!(notes[0].text, "best move, proved");
    let cost = (best_margin - worst_margin) as u32;
    let seeds = if cost == 1 { "seed" } else { "seeds" };
    let said = &notes[1].text;
    assert!(
        best_holes
            .iter()
            .any(|hole| *said == format!("cost exactly {cost} {seeds} (best was {hole})")),
        "{said:?}, expected a cost of {cost} and a best move among {best_holes:?}"
    );
    // Both are proofs, and the move list's hover says so.
    assert!(notes.iter().all(|n| n.review_depth.is_none()), "{notes:?}");
}

#[test]
fn the_computer_waits_for_the_check_of_the_moves() {
    // No laps on the window's thread: every move of the 2×6 start stands
    // for a long one, whose sowing there would block the frame.
    let mut h = harness(GameOptions::en_gehe(6).start().unwrap());
    h.state_mut().settings.speed = INSTANT_SPEED;
    h.state_mut().settings.players = [master(), Player::Human];
    h.state_mut().rt.quick_laps = 0;
    let check = h.state_mut().rt.check_still_running();
    h.run_steps(3);
    // Whether the game goes on is not known yet: nothing is searched.
    assert_eq!(h.state().rt.live_status(), None);
    assert!(!h.state().rt.computer.is_thinking());
    // The check's answer: the game goes on, and the computer thinks.
    let answer = maasai_mancala::app::state::Analysis::of(&h.state().rt.game);
    check.send(answer).unwrap();
    h.run_steps(2);
    assert!(h.state().rt.computer.is_thinking());
}

#[test]
fn a_review_goes_with_its_game() {
    // 2×50 searched to depth 30 without a time limit: the review of the
    // first move would outlast the test by far.
    let mut h = reviewing(
        GameOptions::en_gehe(50).start().unwrap(),
        30,
        &[Move(0)],
        true,
    );
    h.run_steps(2);
    assert!(h.state().council.has_review());
    // How far it has got is said (a long game's review takes minutes).
    assert_eq!(h.state().council.review_progress(), Some((0, 1)));
    assert!(
        h.query_by_label_contains("reviewing the moves played: 0 of 1…")
            .is_some()
    );
    assert_eq!(h.state().council.review_threads(), 1);
    // A new game: the old one's review is dropped, and its thread stops
    // rather than searching a game nobody looks at any more.
    new_game_drops_the_review(&mut h);
}

/// A game from `start` with `moves` played, its review just asked for,
/// estimates searched to `depth`; `council`: the council panel shown.
fn reviewing(
    start: Position,
    depth: u32,
    moves: &[Move],
    council: bool,
) -> Harness<'static, MaasaiApp> {
    let mut h = harness(start);
    h.state_mut().settings.speed = INSTANT_SPEED;
    h.state_mut().council.max_depth = Some(depth);
    h.state_mut().settings.show_council = council;
    h.run_steps(1);
    for &mv in moves {
        h.state_mut().queue(AppCommand::PlayMove(mv));
        h.run_steps(2);
    }
    h.state_mut().queue(AppCommand::ReviewGame);
    h
}

/// A new game drops the review, and its thread stops.
fn new_game_drops_the_review(h: &mut Harness<'static, MaasaiApp>) {
    let names = h.state().rt.names.clone();
    h.state_mut()
        .queue(AppCommand::NewGame(GameOptions::en_gehe(6), names));
    h.run_steps(2);
    assert!(!h.state().council.has_review());
    step_until(h, "the review's thread to stop", |app| {
        app.council.review_threads() == 0
    });
}

#[test]
fn an_undone_move_is_not_reviewed_and_a_redone_one_is() {
    // After an Undo of a finished game's last move the review went on
    // searching the undone move, on both cores, and said "of 189" of a
    // game of 188 moves.
    // Depth 30 on 2×50: no position's review ends within the test.
    let start = GameOptions::en_gehe(50).start().unwrap();
    let mut h = reviewing(start, 30, &[Move(0), Move(0)], true);
    h.run_steps(2);
    assert_eq!(h.state().council.review_progress(), Some((0, 2)));
    for _ in 0..2 {
        h.state_mut().queue(AppCommand::Undo);
        h.run_steps(2);
    }
    assert!(h.state().rt.game.moves().is_empty());
    step_until(&mut h, "the review's thread to stop", |app| {
        app.council.review_threads() == 0
    });
    assert_eq!(h.state().council.review_progress(), None);
    assert!(
        h.query_by_label_contains("reviewing the moves played")
            .is_none()
    );
    // Redone, the move is reviewed again, and only the move redone.
    h.state_mut().queue(AppCommand::Redo);
    h.run_steps(3);
    assert_eq!(h.state().council.review_threads(), 1);
    assert_eq!(h.state().council.review_progress(), Some((0, 1)));
    assert!(
        h.query_by_label_contains("reviewing the moves played: 0 of 1…")
            .is_some()
    );
}

#[test]
fn a_second_review_keeps_what_the_first_found() {
    // "Review moves so far" pressed again after more moves reviewed every
    // move again from the first.
    let start = GameOptions::en_gehe(6).start().unwrap();
    let mut h = harness(start);
    h.state_mut().settings.speed = INSTANT_SPEED;
    h.state_mut().council.max_depth = Some(4);
    h.run_steps(1);
    let play_last_legal = |h: &mut Harness<'static, MaasaiApp>| {
        let (legal, _) = h.state().rt.game.current().classify_moves();
        h.state_mut()
            .queue(AppCommand::PlayMove(*legal.last().unwrap()));
        h.run_steps(2);
    };
    for _ in 0..3 {
        play_last_legal(&mut h);
    }
    h.state_mut().queue(AppCommand::ReviewGame);
    step_until(&mut h, "the review", |app| app.rt.cost_notes.len() == 3);
    let first: Vec<_> = h.state().rt.cost_notes.values().cloned().collect();
    play_last_legal(&mut h);
    let game = h.state().rt.game.clone();
    h.state_mut().council.start_review(&game);
    // Before the new thread has said anything: the three are known.
    assert_eq!(h.state().council.review_progress(), Some((3, 4)));
    step_until(&mut h, "the fourth move's review", |app| {
        app.rt.cost_notes.len() == 4
    });
    let now: Vec<_> = h.state().rt.cost_notes.values().cloned().collect();
    assert_eq!(now[..3], first[..]);
}

#[test]
fn a_review_dropped_in_the_middle_of_an_exact_solve_stops_it() {
    // A 14-seed 2×50 endgame whose proof takes minutes: the review's
    // exact solve of its first move is under way (with a fixed review
    // depth it has no time limit) when a new game drops the review.
    let start = parse_position(
        "en-gehe south=0,0,0,1,0,0,0,0,0,0,0,0,2,0,0,1,0,0,1,0,0,0,1,0,1,0,0,0,0,0,0,0,0,0,0,0,0,\
         0,0,0,0,0,0,0,0,0,0,0,0,0 north=1,0,0,0,0,0,0,0,0,0,1,0,2,0,1,0,0,0,0,0,0,0,1,0,0,0,0,0,\
         0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0 captured=196,191 turn=north",
    )
    .unwrap();
    let mut h = reviewing(start, 2, &start.legal_moves()[..1], false);
    h.run_steps(2);
    assert_eq!(h.state().council.review_threads(), 1);
    // Well into the proof (no note comes for minutes).
    for _ in 0..20 {
        h.step();
        std::thread::sleep(std::time::Duration::from_millis(25));
    }
    assert_eq!(h.state().council.review_progress(), Some((0, 1)));
    // An Undo of the move stops the solve too, and a Redo starts it again.
    h.state_mut().queue(AppCommand::Undo);
    h.run_steps(2);
    step_until(&mut h, "the undone move's exact solve to stop", |app| {
        app.council.review_threads() == 0
    });
    assert!(h.state().council.has_review());
    assert_eq!(h.state().council.review_progress(), None);
    h.state_mut().queue(AppCommand::Redo);
    h.run_steps(3);
    assert_eq!(h.state().council.review_threads(), 1);
    assert_eq!(h.state().council.review_progress(), Some((0, 1)));
    new_game_drops_the_review(&mut h);
}

#[test]
fn a_reviews_exact_cost_counts_the_games_repetitions() {
    // After this game South's moves from `en-gehe south=1,1,0 north=0,0,0
    // captured=4,6 turn=south` are worth other values than on their own
    // (South 1 costs 4 seeds alone, 2 after the game: a move back into a
    // position the game had ends it there). The review's proof of the
    // last move must count the game's positions.
    let start = parse_position("en-gehe south=2,2,2 north=2,2,2 captured=0,0 turn=south").unwrap();
    let record = [0, 1, 1, 1, 0, 2, 2, 0, 0, 2].map(Move);
    let mut game = maasai_mancala::engine::Game::new(start);
    for mv in record {
        game.play(mv).unwrap();
    }
    let pos = *game.current();
    let history = &game.positions()[..record.len()];
    let mut solver = Solver::with_table_bits(16);
    let with_game = solver.move_values(history, &pos, None).unwrap();
    let alone = Solver::with_table_bits(16)
        .move_values(&[], &pos, None)
        .unwrap();
    let margin = |v: Value| match v {
        Value::Margin(m) => m,
        other => panic!("an En Gehé value is a margin, not {other:?}"),
    };
    let best = with_game.iter().map(|&(_, v)| margin(v)).max().unwrap();
    // A move whose value the game changes, and not the best after it.
    let &(played, value) = with_game
        .iter()
        .find(|(m, v)| alone.iter().any(|(a, w)| a == m && w != v) && margin(*v) < best)
        .expect("a move the game's repetitions make worse");
    let moves: Vec<Move> = record.into_iter().chain([played]).collect();
    let mut h = reviewing(start, 4, &moves, false);
    step_until(&mut h, "the review", |app| {
        app.council.review_done() && app.rt.cost_notes.len() == record.len() + 1
    });
    let note = h.state().rt.cost_notes[&record.len()].clone();
    assert!(note.review_depth.is_none(), "not proved: {note:?}");
    let cost = (best - margin(value)) as u32;
    // The game's positions change the cost itself, not just the values.
    let alone_best = alone.iter().map(|&(_, v)| margin(v)).max().unwrap();
    let alone_value = alone.iter().find(|(m, _)| *m == played).unwrap().1;
    assert_ne!(cost, (alone_best - margin(alone_value)) as u32);
    let seeds = if cost == 1 { "seed" } else { "seeds" };
    let best_holes: Vec<String> = with_game
        .iter()
        .filter(|&&(_, v)| margin(v) == best)
        .map(|(m, _)| format!("hole {}", m.0 + 1))
        .collect();
    assert!(
        best_holes
            .iter()
            .any(|hole| note.text == format!("cost exactly {cost} {seeds} (best was {hole})")),
        "{:?}: expected a cost of {cost} against {best_holes:?}",
        note.text
    );
}

#[test]
fn a_human_cannot_move_for_a_thinking_computer() {
    // 2×50 and Master: a search that surely outlasts the test's few frames.
    let mut h = harness(GameOptions::en_gehe(50).start().unwrap());
    h.state_mut().settings.speed = INSTANT_SPEED;
    h.state_mut().settings.players = [master(), Player::Human];
    h.run_steps(2);
    assert!(h.state().rt.computer.is_thinking());
    // The line under the board says so, rather than "click a hole".
    assert!(
        h.query_by_label_contains("the computer is thinking")
            .is_some(),
        "no word of the computer's thinking"
    );
    assert!(h.query_by_label_contains("click a hole").is_none());
    // South's holes are not buttons while its computer thinks ...
    h.get_by_label("South 1: 4 seeds").click();
    h.run_steps(2);
    assert_eq!(h.state().rt.game.moves().len(), 0);
    // ... and a typed or queued move is refused with the reason.
    let (legal, _) = h.state().rt.game.current().classify_moves();
    h.state_mut().queue(AppCommand::PlayMove(legal[0]));
    h.run_steps(1);
    assert_eq!(h.state().rt.game.moves().len(), 0);
    let notice = h.state().rt.notice_text().to_string();
    assert!(notice.contains("played by the computer"), "{notice}");
    // Paused, the human may move for it.
    h.get_by_label("Pause computer").click();
    h.run_steps(2);
    h.get_by_label("South 1: 4 seeds").click();
    h.run_steps(2);
    assert_eq!(h.state().rt.game.moves().len(), 1);
}

#[test]
fn a_review_is_not_shown_on_another_game_with_the_same_moves() {
    let six = GameOptions::en_gehe(6);
    let mut h = harness(six.start().unwrap());
    h.state_mut().settings.speed = INSTANT_SPEED;
    h.state_mut().council.max_depth = Some(4);
    h.run_steps(1);
    let first = Move(2); // South 3
    h.state_mut().queue(AppCommand::PlayMove(first));
    h.run_steps(2);
    h.state_mut().queue(AppCommand::ReviewGame);
    step_until(&mut h, "the review", |app| app.rt.cost_notes.len() == 1);
    // A new game on another board, and the same first move.
    let names = h.state().rt.names.clone();
    h.state_mut()
        .queue(AppCommand::NewGame(GameOptions::en_gehe(5), names));
    h.run_steps(2);
    h.state_mut().queue(AppCommand::PlayMove(first));
    h.run_steps(4);
    assert_eq!(h.state().rt.game.moves(), &[first]);
    assert!(
        h.state().rt.cost_notes.is_empty(),
        "the other game's review is shown: {:?}",
        h.state().rt.cost_notes
    );
}

#[test]
fn the_council_under_the_board_keeps_its_size() {
    // Its panel used to grow by the item spacing on every frame, over the
    // board, until the board had shrunk to its least.
    let mut h = harness_at(GameOptions::en_gehe(50).start().unwrap(), [1600.0, 1000.0]);
    h.state_mut().settings.show_council = true;
    h.state_mut().settings.council_dock = maasai_mancala::app::settings::CouncilDock::Bottom;
    h.state_mut().council.max_depth = Some(2);
    h.run_steps(6);
    let before = h.get_by_label("The council").rect();
    h.run_steps(40);
    let after = h.get_by_label("The council").rect();
    assert_eq!(before, after, "the council's panel moved");
}

#[test]
fn nothing_is_played_behind_a_waiting_dialog() {
    let mut h = harness(GameOptions::en_gehe(6).start().unwrap());
    h.state_mut().settings.speed = INSTANT_SPEED;
    h.run_steps(1);
    h.state_mut().queue(AppCommand::OpenNewGame);
    h.run_steps(2);
    // A click on the board under the new-game dialog.
    h.get_by_label("South 1: 4 seeds").click();
    h.run_steps(2);
    assert!(
        h.state().rt.game.moves().is_empty(),
        "a click played a move"
    );
    // A computer player waits too, here for the typed-path Save As window.
    h.state_mut().queue(AppCommand::CloseNewGame);
    h.state_mut().queue(AppCommand::Files(
        maasai_mancala::app::files_ui::FileCommand::SaveAs,
    ));
    h.run_steps(2);
    assert!(h.state().files.path_prompt.is_some());
    h.state_mut().settings.players = [
        Player::Computer {
            level: Level::Beginner,
            movetime_ms: 50,
        },
        Player::Human,
    ];
    for _ in 0..20 {
        h.run_steps(1);
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    assert!(h.state().rt.game.moves().is_empty(), "the computer moved");
    // And the line under the board says so: nothing is thinking.
    assert!(
        h.query_by_label_contains("the computer waits until the window above is answered")
            .is_some()
    );
    assert!(
        h.query_by_label_contains("the computer is thinking")
            .is_none()
    );
    h.state_mut().files.path_prompt = None;
    step_until(&mut h, "the computer's move", |app| {
        !app.rt.game.moves().is_empty()
    });
}

#[test]
fn the_bao_la_kimasai_move_table_counts_points() {
    // Bao la Kimasai is won by emptying a row: its scores are points, in
    // the table as in the advisors' words.
    let mut h = harness(GameOptions::bao_la_kimasai().start().unwrap());
    h.state_mut().settings.show_council = true;
    h.state_mut().council.max_depth = Some(3);
    step_until(&mut h, "the council's search", |app| {
        app.council.analysis().is_some_and(|a| a.finished)
    });
    h.run_steps(2);
    assert!(h.query_by_label("Every move, best first").is_some());
    assert!(h.query_by_label("Value").is_some());
    assert!(h.query_by_label("Seeds").is_none());
}

#[test]
fn ctrl_z_between_two_computers_takes_back_a_move_and_pauses() {
    // Two computer players: the first Ctrl+Z takes back the last move and
    // pauses them (it used to be said that it might only pause).
    let mut h = harness(GameOptions::en_gehe(8).start().unwrap());
    h.state_mut().settings.speed = INSTANT_SPEED;
    let computer = Player::Computer {
        level: Level::Beginner,
        movetime_ms: 20,
    };
    h.state_mut().settings.players = [computer, computer];
    step_until(&mut h, "four computer moves", |app| {
        app.rt.game.moves().len() >= 4
    });
    let before = h.state().rt.game.moves().len();
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    h.run_steps(2);
    let app = h.state();
    assert!(app.rt.computer.paused, "the computers pause");
    assert_eq!(app.rt.game.moves().len(), before - 1, "one move taken back");
    for _ in 0..20 {
        h.run_steps(1);
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    assert_eq!(
        h.state().rt.game.moves().len(),
        before - 1,
        "they stay paused"
    );
}

#[test]
fn a_computer_move_for_a_position_undone_in_its_frame_is_void() {
    // The computer's move can arrive in the very frame of a Ctrl+Z: the
    // user's undo stands, and the move found for the position undone is
    // not played on the one undone to (it was: the undo then seemed to do
    // nothing, or a move was played for the wrong position).
    let mut h = harness(GameOptions::en_gehe(8).start().unwrap());
    h.state_mut().settings.speed = INSTANT_SPEED;
    let first = h.state().rt.game.current().classify_moves().0[0];
    h.state_mut().queue(AppCommand::PlayMove(first));
    h.run_steps(2);
    let reply = h.state().rt.game.current().classify_moves().0[0];
    let key = h.state().rt.current_key();
    h.state_mut().queue(AppCommand::Undo);
    h.state_mut().queue(AppCommand::ComputerMove(reply, key));
    h.run_steps(2);
    assert!(h.state().rt.game.moves().is_empty(), "only the undo counts");
    // Found for the position on view, the move is played.
    let key = h.state().rt.current_key();
    h.state_mut().queue(AppCommand::ComputerMove(first, key));
    h.run_steps(2);
    assert_eq!(h.state().rt.game.moves(), [first]);
}

#[test]
fn the_council_waits_while_the_computer_thinks() {
    // North is the computer: on its turn the council leaves it both cores,
    // and says so; a paused computer leaves the council to advise.
    // The full 2×50 board, North to move: Master thinks its whole time.
    let mut options = GameOptions::en_gehe(50);
    options.first = maasai_mancala::engine::Side::North;
    let mut h = harness(options.start().unwrap());
    h.state_mut().settings.show_council = true;
    h.state_mut().council.max_depth = Some(DEPTH);
    h.state_mut().settings.players = [
        Player::Human,
        Player::Computer {
            level: Level::Master,
            movetime_ms: 60_000,
        },
    ];
    h.state_mut().rt.computer.paused = false;
    h.state_mut().rt.names[1] = "Ilpurko".into();
    h.run_steps(2);
    assert!(h.state().rt.game.moves().is_empty());
    assert!(h.state().council.analysis().is_none());
    // The team by its name, as the status line gives it (it was "Ilpurko
    // (North) (the computer)").
    assert!(
        h.query_by_label(
            "It is Ilpurko's turn, played by the computer: the council waits for your turn, \
             so that the computer has both cores."
        )
        .is_some()
    );
    // Paused, the computer thinks no more: the council advises.
    h.state_mut().queue(AppCommand::PauseComputer(true));
    step_until(&mut h, "the council's search", |app| {
        app.council.analysis().is_some_and(|a| a.finished)
    });
}

/// The council shown (to [`DEPTH`]) on the known position, set up further
/// by `setup`, while South 1 is being sown.
fn council_while_south_1_is_sown(
    setup: impl FnOnce(&mut MaasaiApp),
) -> Harness<'static, MaasaiApp> {
    let pos = known_position();
    let mut h = harness(pos);
    h.state_mut().settings.show_council = true;
    h.state_mut().council.max_depth = Some(DEPTH);
    h.state_mut().settings.speed = 1.0;
    setup(h.state_mut());
    h.run_steps(2);
    let mv = pos.variant().parse_move("1").unwrap();
    h.state_mut().queue(AppCommand::PlayMove(mv));
    h.run_steps(3);
    assert!(h.state().rt.animating());
    h
}

#[test]
fn while_the_last_move_is_sown_the_council_says_whose_advice_it_is() {
    let h = council_while_south_1_is_sown(|_| {});
    let team = h.state().rt.team(maasai_mancala::engine::Side::North);
    assert!(
        h.query_by_label(&format!(
            "Advice for {team} to move, once the move being sown has ended."
        ))
        .is_some()
    );
}

// The exact solver's list of every move's value, each move's solve within
// a time budget. In this Bao la Kimasai endgame South wins at once with i1,
// i4 wins in 8 plies (a few hundred nodes), while i2 and i5 lead into long
// cyclic lines no solve settles within seconds (`solve --every-move
// --limit 8`: both unsolved). Nothing below waits on a clock: a budget is
// either far shorter than those solves or far longer than the test.

/// South to move: i1 wins at once; i2 and i5 are hard, i4 easy.
fn one_hard_move_first() -> Position {
    parse_position(
        "bao-la-kimasai south=1,1,0,1,1,0,0,0,0,0,0,0,0,0,0,0 \
         north=0,0,0,2,0,0,1,0,0,0,0,0,0,0,1,0 reserve=0,0 turn=south opening=no",
    )
    .unwrap()
}

/// The window on `pos` with the solver panel open, a small table, each
/// move's solve given `budget`, and `pos` solved.
fn solved_with_move_budget(pos: Position, budget: Duration) -> Harness<'static, MaasaiApp> {
    let mut h = harness(pos);
    h.state_mut().solver.session = Some(Session::with_solver(Solver::with_table_bits(18)));
    h.state_mut().solver.move_budget = budget;
    h.state_mut().settings.show_solver = true;
    h.run_steps(2);
    h.get_by_label("Solve").click();
    step_until(&mut h, "the solve", |app| {
        app.solver.solution(&pos).is_some()
    });
    h.run_steps(2);
    h
}

/// Clicks the widget labelled `label` once it is scrolled into view.
fn click_in_view(h: &mut Harness<'_, MaasaiApp>, label: &str) {
    h.get_by_label(label).scroll_to_me();
    h.run_steps(2);
    h.get_by_label(label).click();
}

fn mv(pos: &Position, name: &str) -> Move {
    pos.variant().parse_move(name).unwrap()
}

/// Steps frames until a label containing `text` is shown.
fn step_until_shown(h: &mut Harness<'_, MaasaiApp>, text: &str) {
    for _ in 0..common::MAX_FRAMES {
        if h.query_by_label_contains(text).is_some() {
            return;
        }
        h.step();
        std::thread::sleep(Duration::from_millis(5));
    }
    panic!("gave up waiting for {text:?}");
}

#[test]
fn a_move_out_of_its_time_is_listed_unsolved_and_the_next_moves_get_values() {
    let pos = one_hard_move_first();
    let mut h = solved_with_move_budget(pos, Duration::from_millis(300));
    click_in_view(&mut h, "Value of every move");
    step_until(&mut h, "the list to end", |app| {
        app.solver.move_values(&pos).len() + app.solver.unsolved_moves(&pos).len() == 4
            && !app.solver.running()
    });
    h.run_steps(3);
    // i2 ran out of its time, and the list went on: i4 after it has its
    // value.
    let values = h.state().solver.move_values(&pos);
    assert_eq!(
        values,
        vec![
            (mv(&pos, "i1"), Value::Win { plies: 1 }),
            (mv(&pos, "i4"), Value::Win { plies: 8 }),
        ]
    );
    let unsolved = h.state().solver.unsolved_moves(&pos);
    let names: Vec<Move> = unsolved.iter().map(|u| u.mv).collect();
    assert_eq!(names, vec![mv(&pos, "i2"), mv(&pos, "i5")]);
    let i2 = unsolved[0].clone();
    assert!(
        i2.lower.is_some() && i2.upper.is_some(),
        "no bounds kept: {i2:?}"
    );
    // Listed with the bounds, in the panel's words (for South, who plays it).
    assert!(
        h.query_by_label("Value of every move (2 of 4 proved, 2 unsolved), for South to move:")
            .is_some()
    );
    assert_eq!(h.query_all_by_label("unsolved in 0.3 s").count(), 2);
    let words = format!(
        "{} and {}",
        i2.lower.unwrap().describe_bound(true),
        i2.upper.unwrap().describe_bound(false)
    );
    assert!(h.query_by_label(&words).is_some(), "{words}");
    assert!(h.query_by_label("South i2").is_some());
    // The first pass is over: the unsolved moves are offered more time.
    assert!(h.query_by_label("Value of every move").is_none());

    // A second try goes on from what the first proved (the session's
    // table keeps it): the bounds kept are no looser.
    click_in_view(&mut h, "Try the unsolved moves again (longer)");
    step_until(&mut h, "the second try to start", |app| {
        app.solver.running()
    });
    step_until(&mut h, "the second try to end", |app| {
        !app.solver.running()
            && app
                .solver
                .unsolved_moves(&pos)
                .iter()
                .all(|u| u.budget > Duration::from_millis(300))
    });
    h.run_steps(3);
    assert_eq!(h.state().solver.move_values(&pos).len(), 2);
    let again = h.state().solver.unsolved_moves(&pos);
    let again_i2 = again.iter().find(|u| u.mv == i2.mv).expect("i2 unsolved");
    assert!(again_i2.lower.unwrap().rank() >= i2.lower.unwrap().rank());
    assert!(again_i2.upper.unwrap().rank() <= i2.upper.unwrap().rank());
    assert_eq!(h.query_all_by_label("unsolved in 1.8 s").count(), 2);
}

#[test]
fn cancel_keeps_every_moves_values_and_the_bounds_of_the_move_being_solved() {
    let pos = one_hard_move_first();
    // A budget far beyond the test: only Cancel stops i2's solve.
    let mut h = solved_with_move_budget(pos, Duration::from_secs(3600));
    click_in_view(&mut h, "Value of every move");
    step_until(&mut h, "i2's solve", |app| app.solver.running());
    // The two counts count the same: the legal moves (i1 needed no solve).
    step_until_shown(&mut h, "Value of every move: solving South i2 (2 of 4)");
    assert!(
        h.query_by_label("Value of every move (1 of 4 proved), for South to move:")
            .is_some()
    );
    // Its bounds, as the progress shows them, then Cancel.
    step_until_shown(&mut h, "no loss within");
    h.get_by_label("Cancel").click();
    step_until(&mut h, "the cancelled solve to end", |app| {
        !app.solver.running()
    });
    h.run_steps(3);
    assert!(!h.state().solver.running(), "a next move's solve started");
    let unsolved = h.state().solver.unsolved_moves(&pos);
    assert_eq!(unsolved.len(), 1);
    let i2 = unsolved[0].clone();
    assert_eq!(i2.mv, mv(&pos, "i2"));
    assert!(i2.lower.is_some() && i2.upper.is_some(), "{i2:?}");
    let words = format!(
        "{} and {}",
        i2.lower.unwrap().describe_bound(true),
        i2.upper.unwrap().describe_bound(false)
    );
    let note = "The values of every move of the start position were cancelled at South i2 after";
    assert!(h.query_by_label_contains(note).is_some());
    let kept = format!(
        "; kept: the values of 1 of 4 moves and the bounds South i2 had reached ({words})."
    );
    assert!(h.query_by_label_contains(&kept).is_some(), "{kept}");
    assert!(h.query_by_label(&words).is_some(), "{words} not listed");
    // Cancelled, not out of its hour: its row says so.
    assert!(i2.stopped);
    assert!(h.query_by_label("unsolved, stopped").is_some());
    assert!(h.query_by_label_contains("unsolved in").is_none());
    assert!(
        h.query_by_label("Value of every move (1 of 4 proved, 1 unsolved), for South to move:")
            .is_some()
    );

    // Going on starts with the moves not tried (i2 waits for a longer try):
    // i4 gets its value and i5 is solved as the last of the four.
    click_in_view(&mut h, "Value of every move");
    step_until(&mut h, "i4's value", |app| {
        app.solver.move_values(&pos).len() == 2
    });
    step_until_shown(&mut h, "Value of every move: solving South i5 (4 of 4)");
    assert!(
        h.query_by_label("Value of every move (2 of 4 proved, 1 unsolved), for South to move:")
            .is_some()
    );
    assert_eq!(h.state().solver.unsolved_moves(&pos).len(), 1);
    h.get_by_label("Cancel").click();
    step_until(&mut h, "the cancelled solve to end", |app| {
        !app.solver.running()
    });
    h.run_steps(3);
    // Both moves out of time are kept, and the list is done but for them.
    assert_eq!(h.state().solver.unsolved_moves(&pos).len(), 2);
    assert!(
        h.query_by_label_contains("kept: the values of 2 of 4 moves, the bounds of 1 unsolved move and the bounds South i5 had reached")
            .is_some()
    );
    assert!(
        h.query_by_label("Try the unsolved moves again (longer)")
            .is_some()
    );
}

/// The window on `start` at `size` with the council shown and its search
/// capped at `depth`, the teams named as in a New game dialog.
fn council_at(start: Position, size: [f32; 2], depth: u32) -> Harness<'static, MaasaiApp> {
    let mut h = harness_at(start, size);
    let app = h.state_mut();
    app.settings.show_council = true;
    app.council.max_depth = Some(depth);
    app.rt.names = ["Ilkisongo".into(), "Ilpurko".into()];
    h
}

/// Steps until the council's search has finished and its report is drawn.
fn council_done(h: &mut Harness<'_, MaasaiApp>) {
    step_until(h, "the council's search", |app| {
        app.council.analysis().is_some_and(|a| a.finished)
    });
    h.run_steps(3);
}

#[test]
fn the_council_beside_a_bao_board_gives_way_in_a_small_window() {
    // 1024×680: the council kept 420 px beside the board, which shrank to
    // about 300 px (its row names 8 px high). The council gives way down
    // to its least width, and the board keeps holes ~40 px apart.
    let mut h = council_at(
        GameOptions::bao_la_kimasai().start().unwrap(),
        [1024.0, 680.0],
        2,
    );
    council_done(&mut h);
    let council = h.state().rt.council_rect.expect("the council is shown");
    let a = h.get_by_label("South i1: 1 seed").rect();
    let b = h.get_by_label("South i2: 1 seed").rect();
    assert!(council.right() <= a.left(), "not beside the board");
    let pitch = b.center().x - a.center().x;
    assert!(pitch >= 38.0, "holes {pitch} px apart");
    assert!(
        council.width() >= 250.0,
        "the council squeezed to {council:?}"
    );
    // In a big window it keeps its width.
    let mut h = council_at(
        GameOptions::bao_la_kimasai().start().unwrap(),
        [1600.0, 1000.0],
        2,
    );
    council_done(&mut h);
    let council = h.state().rt.council_rect.unwrap();
    assert!(council.width() >= 400.0, "{council:?}");
}

#[test]
fn the_council_s_answer_is_in_view_without_scrolling_past_the_advisors() {
    // A 2×50 board with the council under it: at 1024 px wide the panel
    // became one column, the consensus and the ranked moves under all
    // eight advisors, out of view. They stand beside the advisors now.
    for size in [[1024.0, 680.0], [1024.0, 1000.0]] {
        let mut h = council_at(en_gehe(50), size, 2);
        council_done(&mut h);
        let council = h.state().rt.council_rect.expect("the council is shown");
        let hole = h.get_by_label("South 25: 4 seeds").rect();
        assert!(council.top() > hole.bottom(), "not under the board");
        for label in ["Consensus", "Every move, best first", "The Elder"] {
            let rect = h.get_by_label(label).rect();
            assert!(
                council.contains_rect(rect),
                "{label} out of view at {size:?}"
            );
        }
        // The council's choice in words, for the team to move by the name
        // the status line gives it.
        assert!(
            h.query_by_label_contains("The council advises Ilkisongo to play hole ")
                .is_some()
        );
    }
    // Beside a Bao la Kimasai board, in one column: the consensus first.
    let mut h = council_at(
        GameOptions::bao_la_kimasai().start().unwrap(),
        [1024.0, 680.0],
        2,
    );
    council_done(&mut h);
    let consensus = h.get_by_label("Consensus").rect();
    let elder = h.get_by_label("The Elder").rect();
    assert!(consensus.bottom() < elder.top(), "{consensus:?} {elder:?}");
    let council = h.state().rt.council_rect.unwrap();
    assert!(council.contains_rect(consensus));
}

#[test]
fn the_advisors_and_the_status_name_the_teams_and_group_digits() {
    let mut h = council_at(en_gehe(50), WIDE_SIZE, 2);
    council_done(&mut h);
    let report = h.state().council.report().unwrap().clone();
    for a in &report.advice {
        assert!(
            !a.reason.contains("North") && !a.reason.contains("South"),
            "{}: {}",
            a.advisor.name,
            a.reason
        );
    }
    assert!(
        report.advice.iter().any(|a| a.reason.contains("Ilpurko")),
        "{:?}",
        report.advice
    );
    let analysis = h.state().council.analysis().unwrap().clone();
    assert!(analysis.nodes >= 1000, "{}", analysis.nodes);
    let status = format!(
        "depth 2 · {} positions",
        maasai_mancala::engine::group_digits(analysis.nodes)
    );
    assert!(status.contains(','), "{status}");
    assert!(h.query_by_label(&status).is_some(), "{status}");
}

#[test]
fn the_council_s_header_stays_put_when_its_spinner_stops() {
    // The spinner went away when the search ended, and everything after it
    // in the header (and so the header's wrapping) moved. A 2×50 board
    // searched 24 plies deep is still thinking a frame later; its result
    // is then given as the search's last.
    let pos = en_gehe(50);
    let mut h = council_at(pos, WIDE_SIZE, 24);
    h.run_steps(2);
    assert!(h.state().council.thinking(), "the search ended at once");
    let header = |h: &Harness<'_, MaasaiApp>| {
        [
            h.get_by_label("Hide advice until asked").rect(),
            h.get_by_label("Review moves so far").rect(),
        ]
    };
    let thinking = header(&h);
    let done = search::search(&pos, SearchConfig::depth(1).all_moves());
    let app = h.state_mut();
    app.council.show_analysis(&app.rt, done);
    h.run_steps(3);
    assert!(!h.state().council.thinking());
    assert_eq!(thinking, header(&h));
}

/// Every text shape painted in the last frame.
fn painted_texts(h: &Harness<'_, MaasaiApp>) -> Vec<std::sync::Arc<egui::Galley>> {
    fn walk(shape: &egui::Shape, out: &mut Vec<std::sync::Arc<egui::Galley>>) {
        match shape {
            egui::Shape::Text(text) => out.push(text.galley.clone()),
            egui::Shape::Vec(shapes) => shapes.iter().for_each(|s| walk(s, out)),
            _ => {}
        }
    }
    let mut out = Vec::new();
    for clipped in &h.output().shapes {
        walk(&clipped.shape, &mut out);
    }
    out
}

#[test]
fn advisors_speak_left_aligned_and_their_votes_beside_the_bars() {
    // The columns the cards stand in justified their text, with wide gaps
    // between words; and the names in the consensus bars ran over the
    // edge of the bar's fill, hard to read on either part.
    let mut h = council_at(en_gehe(50), [1024.0, 680.0], 2);
    council_done(&mut h);
    let report = h.state().council.report().unwrap().clone();
    // (The cards in view: the panel scrolls the others.)
    let texts = painted_texts(&h);
    let mut seen = 0;
    for a in &report.advice {
        for words in [a.advisor.character, a.reason.as_str()] {
            if let Some(galley) = texts.iter().find(|g| g.job.text == words) {
                assert!(!galley.job.justify, "{words:?} justified");
                seen += 1;
            }
        }
    }
    assert!(seen >= 4, "{seen} advisors' lines painted");
    let bars: Vec<egui::Rect> = h
        .query_all_by_role(egui::accesskit::Role::ProgressIndicator)
        .map(|n| n.rect())
        .collect();
    for vote in &report.consensus.votes {
        let names: Vec<&str> = vote.advisors.iter().map(|&i| COUNCIL[i].name).collect();
        let names = format!("— {}", names.join(", "));
        let rect = h.get_by_label_contains(&names).rect();
        assert!(
            bars.iter().all(|bar| !bar.intersects(rect)),
            "{rect:?} over a bar in {bars:?}"
        );
    }
}

/// The moves of the council's ranked table, top row first, as drawn
/// (Bao la Kimasai: no other cell reads just a hole's name, but a line of
/// one move, in the same row).
fn table_rows(h: &Harness<'_, MaasaiApp>, moves: &[Move]) -> Vec<Move> {
    let v = h.state().rt.game.current().variant();
    let mut rows: Vec<(f32, Move)> = moves
        .iter()
        .map(|&mv| {
            let top = h
                .query_all_by_label(&v.move_name(mv))
                .map(|n| n.rect().top())
                .fold(f32::INFINITY, f32::min);
            (top, mv)
        })
        .collect();
    rows.sort_by(|a, b| a.0.total_cmp(&b.0));
    rows.into_iter().map(|(_, mv)| mv).collect()
}

#[test]
fn the_ranked_moves_hold_their_order_while_the_pointer_is_on_them() {
    // A deeper result reordered the rows under the pointer: the row it
    // rested on became another move's. The order is held while the
    // pointer is on the table, and the new one comes when it leaves.
    let pos = parse_position(
        "bao-la-kimasai south=2,1,0,0,0,0,1,0,1,0,2,1,0,0,1,0 \
         north=1,14,2,10,3,1,1,3,4,2,0,7,4,1,0,2 reserve=0,0 turn=south opening=no",
    )
    .unwrap();
    let order = |a: &search::Analysis| a.lines.iter().map(|l| l.mv).collect::<Vec<Move>>();
    let shallow = search::search(&pos, SearchConfig::depth(1).all_moves());
    let deep = search::search(&pos, SearchConfig::depth(4).all_moves());
    assert_ne!(order(&shallow), order(&deep), "no reordering to hold");
    // A small window: the council beside the board is narrow.
    let mut h = harness_at(pos, [1024.0, 680.0]);
    let app = h.state_mut();
    app.settings.show_council = true;
    app.council.show_analysis(&app.rt, shallow.clone());
    h.run_steps(3);
    let moves = order(&shallow);
    assert_eq!(table_rows(&h, &moves), moves);
    // The pointer on the table's second row.
    let v = pos.variant();
    let second = h
        .query_all_by_label(&v.move_name(moves[1]))
        .map(|n| n.rect())
        .min_by(|a, b| a.left().total_cmp(&b.left()))
        .unwrap();
    h.hover_at(second.center());
    h.run_steps(2);
    let app = h.state_mut();
    app.council.show_analysis(&app.rt, deep.clone());
    h.run_steps(3);
    assert_eq!(table_rows(&h, &moves), moves, "reordered under the pointer");
    // Nor moved: the note that the order is held keeps to the heading's
    // line.
    let still = h
        .query_all_by_label(&v.move_name(moves[1]))
        .map(|n| n.rect())
        .min_by(|a, b| a.left().total_cmp(&b.left()))
        .unwrap();
    assert_eq!(still, second, "the row under the pointer moved");
    assert_eq!(
        h.state().rt.preview.as_ref().map(|p| p.mv),
        Some(moves[1]),
        "the row under the pointer changed"
    );
    assert!(
        h.query_by_label("(held while the pointer is on the table)")
            .is_some()
    );
    // The pointer gone, the deeper order.
    h.hover_at(egui::pos2(1.0, 1.0));
    h.run_steps(3);
    assert_eq!(table_rows(&h, &moves), order(&deep));
    assert!(
        h.query_by_label("(held while the pointer is on the table)")
            .is_none()
    );
}

#[test]
fn a_table_row_previews_its_move_from_anywhere_on_the_row() {
    // Only the cells' words previewed the move: the pointer between two
    // columns (or past a short move name) showed nothing.
    let pos = parse_position(
        "bao-la-kimasai south=2,1,0,0,0,0,1,0,1,0,2,1,0,0,1,0 \
         north=1,14,2,10,3,1,1,3,4,2,0,7,4,1,0,2 reserve=0,0 turn=south opening=no",
    )
    .unwrap();
    let analysis = search::search(&pos, SearchConfig::depth(1).all_moves());
    let moves: Vec<Move> = analysis.lines.iter().map(|l| l.mv).collect();
    let mut h = harness_at(pos, [1024.0, 680.0]);
    let app = h.state_mut();
    app.settings.show_council = true;
    app.council.show_analysis(&app.rt, analysis);
    h.run_steps(3);
    let v = pos.variant();
    let name = h
        .query_all_by_label(&v.move_name(moves[1]))
        .map(|n| n.rect())
        .min_by(|a, b| a.left().total_cmp(&b.left()))
        .unwrap();
    // Between the name and the next cell of its row.
    let next = h
        .query_all_by(|n| n.bounding_box().is_some())
        .map(|n| n.rect())
        .filter(|r| (r.center().y - name.center().y).abs() < 1.0 && r.left() > name.right())
        .min_by(|a, b| a.left().total_cmp(&b.left()))
        .expect("the row's score");
    assert!(
        next.left() - name.right() > 4.0,
        "no gap: {name:?} {next:?}"
    );
    h.hover_at(egui::pos2(
        (name.right() + next.left()) / 2.0,
        name.center().y,
    ));
    h.run_steps(2);
    assert_eq!(
        h.state().rt.preview.as_ref().map(|p| p.mv),
        Some(moves[1]),
        "nothing previewed beside the row's words"
    );
}

#[test]
fn the_council_says_whom_it_waits_for_between_two_computers() {
    // Both teams played by the computer: there is no "your turn" to wait
    // for. (One team's name given once, without a second pair of brackets.)
    let mut h = harness(GameOptions::en_gehe(50).start().unwrap());
    let app = h.state_mut();
    app.settings.show_council = true;
    app.rt.names = ["Ilkisongo".into(), "Ilpurko".into()];
    let master = Player::Computer {
        level: Level::Master,
        movetime_ms: 60_000,
    };
    app.settings.players = [master, master];
    app.rt.computer.paused = false;
    h.run_steps(2);
    assert!(
        h.query_by_label(
            "It is Ilkisongo's turn, and the computer plays both teams: the council waits \
             until the computer is paused, so that it has both cores."
        )
        .is_some()
    );
    assert!(h.query_by_label_contains("your turn").is_none());
    h.state_mut().queue(AppCommand::PauseComputer(true));
    h.run_steps(2);
}

#[test]
fn a_menu_open_over_the_council_previews_nothing() {
    // With the Game menu open over the council under a 2×50 board, the
    // pointer resting on the menu by its edge (over an advisor's card)
    // made the board preview the card's move and the status line describe
    // it: egui lets a widget behind a layer's edge be hovered within its
    // interact radius. (The board's holes, which take clicks, were not
    // hovered through the menu; they are checked too.)
    let mut h = council_at(en_gehe(50), [1280.0, 800.0], 2);
    council_done(&mut h);
    let council = h.state().rt.council_rect.expect("the council is shown");
    h.get_by_label("Game").click();
    h.run_steps(2);
    let (_, board) = h.state().rt.board_area.expect("the board is drawn");
    let menu = ["New game…  (Ctrl+N)", "Players", "Quit  (Ctrl+Q)"]
        .iter()
        .map(|label| h.get_by_label(label).rect())
        .reduce(|a, b| a.union(b))
        .unwrap();
    // Across the menu and out past its edge: every point on the menu (its
    // layer on top there) that lies over the council or the board.
    let ctx = h.ctx.clone();
    let on_menu = |p: egui::Pos2| {
        ctx.layer_id_at(p)
            .is_some_and(|l| l.order == egui::Order::Foreground)
    };
    let points: Vec<egui::Pos2> = (0..menu.height() as usize / 5)
        .flat_map(|j| {
            let y = menu.top() + 5.0 * j as f32;
            let across = (0..14).map(|i| menu.left() + 6.0 + 20.0 * i as f32);
            let edge = (0..16).map(|i| menu.right() + i as f32);
            across.chain(edge).map(move |x| egui::pos2(x, y))
        })
        .filter(|&p| (council.contains(p) || board.contains(p)) && on_menu(p))
        .collect();
    assert!(
        points.iter().filter(|&&p| council.contains(p)).count() >= 20
            && points.iter().filter(|&&p| board.contains(p)).count() >= 10,
        "the menu lies over the council and the board"
    );
    for &at in &points {
        h.hover_at(at);
        h.run_steps(2);
        assert!(
            h.query_by_label("Quit  (Ctrl+Q)").is_some(),
            "the menu stays open"
        );
        assert!(
            h.state().rt.preview.is_none(),
            "the menu at {at:?} previews {:?}",
            h.state().rt.preview.as_ref().map(|p| &p.text)
        );
    }
    // Without the menu, the points by its edge preview the cards' and the
    // holes' moves there (so they lay over what previews).
    h.hover_at(egui::pos2(640.0, 790.0));
    h.key_press(egui::Key::Escape);
    h.run_steps(2);
    assert!(
        h.query_by_label("Quit  (Ctrl+Q)").is_none(),
        "the menu closed"
    );
    let mut previewed = [0, 0];
    for &at in &points {
        h.hover_at(at);
        h.run_steps(2);
        previewed[usize::from(board.contains(at))] += usize::from(h.state().rt.preview.is_some());
    }
    assert!(
        previewed[0] > 0,
        "nothing of the council under the menu previews"
    );
    assert!(previewed[1] > 0, "no hole under the menu previews");
}

#[test]
fn each_take_over_button_keeps_its_place_when_the_other_goes() {
    // After Take over South, Take over North slid into its place: a double
    // click handed both sides over. (Frames of 50 ms: a double click's
    // two clicks come within 0.3 s.)
    let mut h = common::fine_harness(
        GameOptions::en_gehe(6).start().unwrap(),
        common::SNAPSHOT_SIZE,
    );
    h.state_mut().settings.players = [Player::computer(Level::Beginner); 2];
    h.state_mut().rt.computer.paused = true;
    h.run();
    let south = h.get_by_label("Take over South").rect();
    let north = h.get_by_label("Take over North").rect();
    h.get_by_label("Take over South").click();
    h.run();
    assert_eq!(h.state().settings.players[0], Player::Human);
    assert!(h.query_by_label("Take over South").is_none());
    assert_eq!(h.get_by_label("Take over North").rect(), north);
    // South's button turned into Give back South, in its place.
    assert_eq!(h.get_by_label("Give back South").rect(), south);
    h.run_steps(10);
    h.get_by_label("Give back South").click();
    h.run();
    assert!(h.state().settings.players[0].is_computer());
    // A double click there hands South over once: its second click, on
    // the Give back the first turned the button into, gives nothing back
    // (nor does a double click hand both sides over).
    h.hover_at(south.center());
    h.run_steps(10);
    for pressed in [true, false, true, false] {
        h.event(egui::Event::PointerButton {
            pos: south.center(),
            button: egui::PointerButton::Primary,
            pressed,
            modifiers: egui::Modifiers::NONE,
        });
        h.step();
    }
    h.run();
    assert_eq!(h.state().settings.players[0], Player::Human);
    assert!(h.state().settings.players[1].is_computer());
    // Paused or running, the buttons stay put.
    h.get_by_label("Resume computer").click();
    h.run();
    assert_eq!(h.get_by_label("Take over North").rect(), north);
}

#[test]
fn a_side_taken_over_is_given_back_and_the_board_stays_put() {
    // Taking over the computer's only side took the players' bar away, and
    // the board moved 13 px under the pointer; the computer came back only
    // through Game ▸ Players, its level and time chosen again.
    let mut h = harness(GameOptions::en_gehe(6).start().unwrap());
    let strong = Player::Computer {
        level: Level::Strong,
        movetime_ms: 2500,
    };
    h.state_mut().settings.players = [Player::Human, strong];
    h.run_steps(2);
    let hole = h.get_by_label("South 1: 4 seeds").rect();
    let button = h.get_by_label("Take over North").rect();
    h.get_by_label("Take over North").click();
    h.run_steps(2);
    assert_eq!(h.state().settings.players, [Player::Human; 2]);
    assert_eq!(h.get_by_label("South 1: 4 seeds").rect(), hole);
    let give = h.get_by_label("Give back North");
    assert_eq!(give.rect(), button);
    give.hover();
    h.run_steps(15);
    assert!(
        h.query_by_label_contains("The computer plays this side again (Computer (Strong")
            .is_some()
    );
    // Nothing to pause while no side is the computer's.
    assert!(h.query_by_label("Pause computer").is_none());
    h.get_by_label("Give back North").click();
    h.run_steps(2);
    assert_eq!(h.state().settings.players, [Player::Human, strong]);
    assert_eq!(h.get_by_label("Take over North").rect(), button);
    assert_eq!(h.get_by_label("South 1: 4 seeds").rect(), hole);
    // The Game menu's Take over keeps it to give back too (it handed the
    // side to a person with nothing to give back).
    h.get_by_label("Game").click();
    h.run_steps(2);
    h.query_all_by_label("Take over North")
        .find(|n| n.rect() != button)
        .expect("the Game menu's Take over North")
        .click();
    h.run_steps(2);
    assert_eq!(h.state().settings.players, [Player::Human; 2]);
    h.key_press(egui::Key::Escape);
    h.run_steps(2);
    assert_eq!(h.get_by_label("Give back North").rect(), button);
    h.run_steps(4);
    h.get_by_label("Give back North").click();
    h.run_steps(2);
    assert_eq!(h.state().settings.players, [Player::Human, strong]);
    // A side chosen anew (the Players menu, a new game) has nothing to
    // give back: with no computer the bar goes.
    h.get_by_label("Take over North").click();
    h.run_steps(2);
    h.state_mut()
        .queue(AppCommand::SetPlayers([Player::Human, Player::Human]));
    h.run_steps(2);
    assert!(h.query_by_label("Give back North").is_none());
    assert!(
        h.query_by_label_contains("North: ").is_none(),
        "the bar stayed"
    );
}

#[test]
fn the_players_menu_sets_a_computer_s_thinking_time() {
    // Game ▸ Players offered only the level: the thinking time was set in
    // the New game dialog alone.
    let mut h = harness(GameOptions::en_gehe(6).start().unwrap());
    h.state_mut().settings.players = [Player::Human, Player::computer(Level::Club)];
    h.state_mut().rt.computer.paused = true;
    h.run();
    let open_players = |h: &mut Harness<'_, MaasaiApp>| {
        h.get_by_label("Game").click();
        h.run();
        h.get_by_label("Players").click();
        h.run();
    };
    open_players(&mut h);
    // Only the computer side has one.
    let slider = egui::accesskit::Role::Slider;
    assert_eq!(h.query_all_by_role_and_label(slider, "per move").count(), 1);
    h.get_by_role_and_label(slider, "per move")
        .set_value_accesskit(2500.0);
    h.run();
    let Player::Computer { level, movetime_ms } = h.state().settings.players[1] else {
        panic!("North is no longer the computer");
    };
    assert_eq!(level, Level::Club);
    assert_eq!(movetime_ms, 2500);
    assert_eq!(h.state().settings.players[0], Player::Human);
    // Another level keeps it.
    h.get_all_by_label("Computer: Strong")
        .nth(1)
        .unwrap()
        .click();
    h.run();
    assert_eq!(
        h.state().settings.players[1],
        Player::Computer {
            level: Level::Strong,
            movetime_ms
        }
    );
    // A typed text that is no time is said under it (it was put back
    // without a word), and goes once a time is set.
    let spin = egui::accesskit::Role::SpinButton;
    h.get_by_role_and_label(spin, "per move").focus();
    h.run();
    h.get_by_role_and_label(spin, "per move").type_text("soon");
    h.run();
    h.key_press(egui::Key::Enter);
    h.run();
    assert!(
        h.query_by_label("“soon” is not a thinking time: 50 ms to 10.0 s")
            .is_some()
    );
    assert_eq!(
        h.state().settings.players[1],
        Player::Computer {
            level: Level::Strong,
            movetime_ms
        }
    );
    h.get_by_role_and_label(slider, "per move")
        .set_value_accesskit(4000.0);
    h.run();
    assert!(
        h.query_by_label_contains("is not a thinking time")
            .is_none()
    );
}

#[test]
fn a_refused_thinking_time_goes_with_the_players_menu() {
    // Said again each time the menu opened, over new games that set the
    // same time, until a time was typed into that field.
    let mut h = harness(GameOptions::en_gehe(6).start().unwrap());
    h.state_mut().settings.players = [Player::Human, Player::computer(Level::Club)];
    h.state_mut().rt.computer.paused = true;
    h.run();
    let open_players = |h: &mut Harness<'_, MaasaiApp>| {
        h.get_by_label("Game").click();
        h.run();
        h.get_by_label("Players").click();
        h.run();
    };
    open_players(&mut h);
    let spin = egui::accesskit::Role::SpinButton;
    h.get_by_role_and_label(spin, "per move").focus();
    h.run();
    h.get_by_role_and_label(spin, "per move").type_text("abc");
    h.run();
    h.key_press(egui::Key::Enter);
    h.run();
    let said = "“abc” is not a thinking time: 50 ms to 10.0 s";
    assert!(h.query_by_label(said).is_some());
    h.run_steps(3);
    assert!(h.query_by_label(said).is_some(), "gone while open");
    h.key_press(egui::Key::Escape);
    h.run_steps(2);
    h.key_press(egui::Key::Escape);
    h.run_steps(2);
    assert!(
        h.query_by_label("Players").is_none(),
        "the menu stayed open"
    );
    open_players(&mut h);
    assert!(h.query_all_by_role_and_label(spin, "per move").count() == 1);
    assert!(h.query_by_label(said).is_none(), "said again");
}

#[test]
fn the_council_s_text_keeps_clear_of_its_scroll_bar() {
    // At 1024 px the consensus line ran under the scroll bar ("44: 3/16"
    // lost its comma): egui's floating bar takes no room of its own.
    let mut h = council_at(en_gehe(50), [1024.0, 680.0], 2);
    council_done(&mut h);
    let council = h.state().rt.council_rect.expect("the council is shown");
    let scroll = h.ctx.global_style().spacing.scroll;
    let bar = scroll.bar_inner_margin + scroll.bar_width + scroll.bar_outer_margin;
    let mut seen = 0;
    for label in ["The council advises", "The Elder", "The Raider"] {
        for node in h.query_all_by_label_contains(label) {
            let rect = node.rect();
            assert!(
                rect.right() <= council.right() - bar + 0.5,
                "{label}: {rect:?} under the bar of {council:?}"
            );
            seen += 1;
        }
    }
    assert!(seen >= 3, "the council's texts are there");
}

#[test]
fn the_consensus_bars_are_filled_in_proportion_to_their_votes() {
    // A round-ended bar's fill is never narrower than the bar is high: at
    // 1024×680 one vote of 16 and two drew the same dot.
    let mut h = council_at(en_gehe(50), [1024.0, 680.0], 2);
    council_done(&mut h);
    let report = h.state().council.report().unwrap().clone();
    let total = report.consensus.total_weight.max(1) as f32;
    let fill = h.ctx.style_of(egui::Theme::Light).visuals.selection.bg_fill;
    let mut fills = Vec::new();
    fn walk(shape: &egui::Shape, colour: egui::Color32, out: &mut Vec<egui::Rect>) {
        match shape {
            egui::Shape::Rect(r) if r.fill == colour => out.push(r.rect),
            egui::Shape::Vec(shapes) => shapes.iter().for_each(|s| walk(s, colour, out)),
            _ => {}
        }
    }
    for clipped in &h.output().shapes {
        walk(&clipped.shape, fill, &mut fills);
    }
    let bars: Vec<egui::Rect> = h
        .query_all_by_role(egui::accesskit::Role::ProgressIndicator)
        .map(|n| n.rect())
        .collect();
    assert_eq!(bars.len(), report.consensus.votes.len());
    assert!(
        report
            .consensus
            .votes
            .iter()
            .any(|v| (v.weight as f32) < total),
        "a split vote to measure"
    );
    for (vote, bar) in report.consensus.votes.iter().zip(&bars) {
        let drawn = fills
            .iter()
            .find(|f| (f.min - bar.min).length() < 0.5)
            .unwrap_or_else(|| panic!("no fill in {bar:?}"));
        let wanted = bar.width() * vote.weight as f32 / total;
        assert!(
            (drawn.width() - wanted).abs() < 1.0,
            "{}/{total} filled {} of {} px",
            vote.weight,
            drawn.width(),
            bar.width()
        );
    }
}

#[test]
fn the_council_stays_inside_a_narrow_panel() {
    // Beside a study, at the smallest window, the ranked table's first
    // columns were wider than the panel: the cards after it were laid out
    // as wide as the table and their words ran under the board, and the
    // Line column was cut to nothing at the panel's edge.
    use maasai_mancala::app::studies_ui::{Mode, StudyCommand, shipped_studies};
    let mut h = harness_at(en_gehe(6), [1024.0, 680.0]);
    h.state_mut().settings.show_council = true;
    h.state_mut().settings.speed = INSTANT_SPEED;
    h.state_mut().council.max_depth = Some(DEPTH);
    h.run_steps(3);
    let study = shipped_studies()
        .0
        .into_iter()
        .find(|s| s.file.title == "Three raids in one move")
        .expect("the raid study");
    h.state_mut().queue(AppCommand::Study(StudyCommand::Start(
        Box::new(study),
        Mode::Book,
    )));
    step_until(&mut h, "the council's search", |app| {
        app.council.analysis().is_some_and(|a| a.finished)
    });
    h.run_steps(3);
    let panel = h.state().rt.council_rect.expect("the council is shown");
    // Nor does the ranked table: its Line column is cut short ("…", whole
    // on hover) inside the panel, the depth given up to make room.
    assert!(h.query_by_label("Depth").is_none(), "no room for the depth");
    // Over a few frames: in a full parallel test run, one frame's output
    // once held only 6 of the panel's texts.
    let mut cards = 0;
    for _ in 0..5 {
        h.step();
        let mut found = 0;
        for clipped in &h.output().shapes {
            if let egui::Shape::Text(t) = &clipped.shape
                && panel.contains(t.pos)
            {
                found += 1;
                let right = t.pos.x + t.galley.size().x;
                assert!(
                    right <= panel.right() + 0.5,
                    "{:?} runs to {right}, past the panel's edge at {}",
                    t.galley.text(),
                    panel.right()
                );
            }
        }
        cards = cards.max(found);
    }
    assert!(cards > 20, "the council's words were found ({cards})");
}

#[test]
fn the_players_strip_stays_put_as_the_computer_is_paused_and_resumed() {
    let mut h = harness(en_gehe(6));
    h.state_mut().settings.players = [Player::Human, Player::computer(Level::Club)];
    h.run_steps(3);
    let at = |h: &Harness<'_, MaasaiApp>| h.get_by_label("South: Human").rect();
    let before = at(&h);
    for paused in [true, false] {
        h.state_mut().queue(AppCommand::PauseComputer(paused));
        h.run_steps(2);
        assert!(
            h.query_by_label(if paused {
                "Resume computer"
            } else {
                "Pause computer"
            })
            .is_some()
        );
        assert_eq!(at(&h), before, "paused: {paused}");
    }
}

#[test]
fn the_council_of_a_new_game_starts_from_the_top() {
    // Analyse from the editor showed the new game's council scrolled as
    // far down as the old one's, its consensus out of sight.
    use maasai_mancala::app::editor::EditorCommand;
    let mut h = harness_at(known_position(), [1024.0, 680.0]);
    h.state_mut().settings.show_council = true;
    h.state_mut().council.max_depth = Some(DEPTH);
    step_until(&mut h, "the council's search", |app| {
        app.council.analysis().is_some_and(|a| a.finished)
    });
    h.run_steps(2);
    let council = h.state().rt.council_rect.expect("the council is shown");
    let in_sight = |h: &Harness<'_, MaasaiApp>| {
        let top = h.get_by_label("Consensus").rect().top();
        top >= council.top()
    };
    assert!(in_sight(&h));
    h.hover_at(council.center());
    common::scroll_down(&mut h, 3000.0);
    h.run_steps(3);
    assert!(!in_sight(&h), "scrolled down past the consensus");
    h.state_mut().queue(AppCommand::Editor(EditorCommand::Open));
    h.run_steps(2);
    h.state_mut()
        .queue(AppCommand::Editor(EditorCommand::Analyse));
    // The new game's council searches afresh (its history is another).
    h.run_steps(2);
    step_until(&mut h, "the new game's council", |app| {
        app.council.analysis().is_some_and(|a| a.finished) && app.editor.is_none()
    });
    h.run_steps(2);
    assert!(in_sight(&h), "the new game's council starts at its top");
}

#[test]
fn the_computer_strip_keeps_its_status_in_sight_in_a_narrow_window() {
    // At 1024 px the strip ran off the window's edge mid-word, and
    // "Computer paused." or "… is thinking" could not be seen: the
    // players' descriptions now go to a line of their own there.
    for (size, names, lines) in [
        ([1024.0, 680.0], ["Ilkisongo", "Ilpurko"], 2),
        (
            [1024.0, 680.0],
            ["Purko Elders of the Rift", "Kisongo Elders of Namanga"],
            2,
        ),
        (WIDE_SIZE, ["Ilkisongo", "Ilpurko"], 1),
    ] {
        let mut h = harness_at(GameOptions::en_gehe(6).start().unwrap(), size);
        let app = h.state_mut();
        app.settings.players = [Player::computer(Level::Beginner), master()];
        app.rt.names = names.map(String::from);
        app.rt.computer.paused = true;
        h.run();
        let status = h.get_by_label("Computer paused.").rect();
        assert!(
            status.right() <= size[0],
            "{size:?}: {status:?} out of sight"
        );
        let described = h
            .get_by_label_contains(&format!("{} (South): Computer (Beginner", names[0]))
            .rect();
        let button = h.get_by_label("Take over South").rect();
        let shown = if described.top() > button.bottom() {
            2
        } else {
            1
        };
        assert_eq!(shown, lines, "{size:?} {names:?}: lines of the strip");
        assert!(described.right() <= size[0], "{size:?}: {described:?}");
    }
}

#[test]
fn an_advisor_s_weight_stays_with_its_proposal() {
    // "(weight 5)" was a label of its own, and in a narrow card it went
    // to a line alone, under the name, read as nobody's.
    // Tall enough that every card is in sight (a card scrolled out of
    // the panel is not drawn).
    let mut h = council_at(en_gehe(6), [1024.0, 2400.0], 2);
    council_done(&mut h);
    h.run_steps(2);
    let mut seen = 0;
    for node in h.query_all_by_label_contains("(weight ") {
        // (A label's text is its node's value.)
        let n = node.accesskit_node();
        let Some(label) = n.label().or(n.value()).filter(|l| l.contains("(weight ")) else {
            continue;
        };
        assert!(
            label.starts_with("proposes ") && label.ends_with(')'),
            "{label:?}: the weight apart from its proposal"
        );
        seen += 1;
    }
    assert_eq!(seen, COUNCIL.len(), "every advisor's card");
}

#[test]
fn a_thinking_computer_given_another_level_thinks_again_with_it() {
    // Master with a minute on the 2×50 board, North to move; handed a
    // Beginner in Players while it thinks, it answers as a Beginner does
    // (it went on with the Master's minute).
    let mut options = GameOptions::en_gehe(50);
    options.first = maasai_mancala::engine::Side::North;
    let mut h = harness(options.start().unwrap());
    h.state_mut().settings.speed = INSTANT_SPEED;
    h.state_mut().settings.players = [
        Player::Human,
        Player::Computer {
            level: Level::Master,
            movetime_ms: 60_000,
        },
    ];
    h.state_mut().rt.computer.paused = false;
    h.run_steps(3);
    assert!(h.state().rt.computer.is_thinking());
    let beginner = Player::Computer {
        level: Level::Beginner,
        movetime_ms: 60_000,
    };
    h.state_mut().settings.players[1] = beginner;
    h.run_steps(1);
    // Thinking as a Beginner, or (a Beginner is quick) already moved.
    let app = h.state();
    assert!(
        app.rt.computer.thinking_as() == Some(beginner) || app.rt.game.moves().len() == 1,
        "{:?}",
        app.rt.computer.thinking_as()
    );
    step_until(&mut h, "the Beginner's move", |app| {
        app.rt.game.moves().len() == 1
    });
}

#[test]
fn the_council_searches_again_without_moves_proved_endless_after_it_finished() {
    // The window's check of the moves came in after the council's search
    // had finished (it may have spent its time sowing such a move, leaving
    // it unweighed): the council searched no more, its values shallow.
    let pos = known_position();
    let mut h = harness(pos);
    h.state_mut().settings.show_council = true;
    h.state_mut().council.max_depth = Some(DEPTH);
    let check = h.state_mut().rt.check_still_running();
    step_until(&mut h, "the council's search", |app| {
        app.council.analysis().is_some_and(|a| a.finished)
    });
    let mut answer = maasai_mancala::app::state::Analysis::of(&h.state().rt.game);
    // As if the check had proved the first move endless.
    let endless = answer.legal.remove(0);
    answer.endless.push((endless, None));
    check.send(answer).unwrap();
    step_until(&mut h, "a search without the endless move", |app| {
        app.council
            .analysis()
            .is_some_and(|a| a.finished && a.line(endless).is_none())
    });
}

#[test]
fn the_council_of_renamed_teams_speaks_of_them() {
    // Teams renamed (in Players, or a new game from the same start): the
    // council's sentences named the old teams.
    let mut h = council_searched(known_position());
    let said = |app: &MaasaiApp| {
        app.council
            .report()
            .map(|r| {
                r.advice
                    .iter()
                    .map(|a| a.reason.clone())
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .unwrap_or_default()
    };
    assert!(said(h.state()).contains("North"), "{}", said(h.state()));
    h.state_mut().rt.names = ["Ilkisongo".into(), "Ilpurko".into()];
    h.run_steps(2);
    step_until(&mut h, "the council's sentences", |app| {
        app.council.analysis().is_some_and(|a| a.finished)
    });
    let text = said(h.state());
    assert!(
        text.contains("Ilpurko") && !text.contains("North"),
        "{text}"
    );
}

#[test]
fn while_a_move_to_the_computer_is_sown_the_council_promises_no_advice() {
    // South's move is being sown and North is the computer's: "Advice for
    // Ilpurko to move, once the move being sown has ended" stood above
    // "the council waits for your turn".
    let h = council_while_south_1_is_sown(|app| {
        app.settings.players = [Player::Human, Player::computer(Level::Beginner)];
        app.rt.computer.paused = false;
        app.rt.names[1] = "Ilpurko".into();
    });
    assert!(
        h.query_by_label("No advice while the computer plays Ilpurko.")
            .is_some()
    );
    assert!(
        h.query_by_label_contains("once the move being sown has ended")
            .is_none()
    );
}

#[test]
fn the_council_s_count_of_positions_goes_on_between_depths() {
    // "depth 7 and deepening · 4,894,706 positions" stood still until the
    // next depth came in.
    let mut h = harness(GameOptions::en_gehe(50).start().unwrap());
    h.state_mut().settings.show_council = true;
    step_until(&mut h, "a few depths", |app| {
        app.council.analysis().is_some_and(|a| a.depth >= 4)
    });
    let seen = |app: &MaasaiApp| {
        let a = app.council.analysis().unwrap();
        (a.depth, a.nodes, a.finished)
    };
    let mut last = seen(h.state());
    let mut moved_within_a_depth = false;
    for _ in 0..common::MAX_FRAMES {
        h.step();
        std::thread::sleep(Duration::from_millis(5));
        let now = seen(h.state());
        // (The search's end replaces the analysis whatever its depth.)
        if now.0 == last.0 && now.1 != last.1 && !now.2 {
            moved_within_a_depth = true;
            break;
        }
        if now.2 {
            break;
        }
        last = now;
    }
    assert!(
        moved_within_a_depth,
        "the count stood still within depth {}",
        last.0
    );
}

#[test]
fn a_computer_held_by_a_dialog_before_its_search_says_it_waits() {
    // A dialog opened before the computer's search started: the bar said
    // nothing of it, while the line under the board said it waits.
    let mut h = harness(GameOptions::en_gehe(6).start().unwrap());
    h.state_mut().settings.speed = INSTANT_SPEED;
    h.state_mut().queue(AppCommand::Files(
        maasai_mancala::app::files_ui::FileCommand::SaveAs,
    ));
    h.run_steps(2);
    assert!(h.state().files.path_prompt.is_some());
    h.state_mut().settings.players = [
        Player::Computer {
            level: Level::Master,
            movetime_ms: 2000,
        },
        Player::Human,
    ];
    h.run_steps(3);
    assert!(!h.state().rt.computer.is_thinking());
    assert!(
        h.query_by_label("South waits for the window above.")
            .is_some()
    );
}

#[test]
fn a_computer_held_by_a_dialog_shows_no_spinner() {
    // Thinking when a dialog opened, the computer's bar kept its spinner
    // going (ten frames a second, a whole core under a software renderer)
    // for as long as the dialog stayed, though its move waits for it.
    let mut h = harness(GameOptions::en_gehe(6).start().unwrap());
    h.state_mut().settings.speed = INSTANT_SPEED;
    h.state_mut().settings.players = [
        Player::Computer {
            level: Level::Master,
            movetime_ms: 2000,
        },
        Player::Human,
    ];
    step_until(&mut h, "the computer's search", |app| {
        app.rt.computer.is_thinking()
    });
    h.run_steps(2);
    // A spinner in the row of the bar's words.
    let spinner_beside = |h: &Harness<'_, MaasaiApp>, words: &str| {
        let row = h.get_by_label_contains(words).rect();
        h.query_all_by_role(egui::accesskit::Role::ProgressIndicator)
            .any(|n| (row.top()..=row.bottom()).contains(&n.rect().center().y))
    };
    assert!(spinner_beside(&h, "South is thinking"));
    h.state_mut().queue(AppCommand::Files(
        maasai_mancala::app::files_ui::FileCommand::SaveAs,
    ));
    h.run_steps(2);
    assert!(h.state().files.path_prompt.is_some());
    assert!(
        h.query_by_label("South waits for the window above.")
            .is_some()
    );
    assert!(
        !spinner_beside(&h, "South waits for the window above."),
        "a spinner spins"
    );
    assert!(h.query_by_label_contains("South is thinking").is_none());
    // Answered, the move it found is played.
    h.state_mut().files.path_prompt = None;
    step_until(&mut h, "the computer's move", |app| {
        !app.rt.game.moves().is_empty()
    });
}

/// At 1024 × 680 the note that the advice is for the live position took
/// its shorter form that fits the row: cut with "…" at the row's end it
/// had read "…(move 2), not the earl…".
#[test]
fn the_live_position_note_takes_a_form_that_fits_a_small_window() {
    let mut h = harness_at(known_position(), [1024.0, 680.0]);
    h.state_mut().settings.show_council = true;
    h.state_mut().council.max_depth = Some(DEPTH);
    h.state_mut().settings.speed = INSTANT_SPEED;
    let first = h.state().rt.game.current().legal_moves()[0];
    h.state_mut().queue(AppCommand::PlayMove(first));
    h.run_steps(2);
    h.state_mut().queue(AppCommand::ViewStart);
    h.run_steps(3);
    let whole = "Advice for the live position (move 2), not the earlier one on view.";
    assert!(h.query_by_label(whole).is_none(), "the whole note fits?");
    let shown = [
        "Advice for the live position (move 2), not the one on view.",
        "Advice for the live position (move 2).",
    ]
    .into_iter()
    .find(|form| h.query_by_label(form).is_some())
    .expect("a shorter form of the note");
    let note = h.get_by_label(shown).rect();
    assert!(note.max.x <= 1024.0, "{note:?}");
}

#[test]
fn choosing_where_a_hidden_council_goes_shows_it_there() {
    // The choice seemed to do nothing while the council was off.
    let mut h = harness(known_position());
    h.state_mut().settings.show_council = false;
    h.run();
    h.get_by_label("View").click();
    h.run();
    h.get_by_label("Council: under the board").click();
    h.run_steps(3);
    assert!(h.state().settings.show_council);
    assert_eq!(
        h.state().settings.council_dock,
        maasai_mancala::app::settings::CouncilDock::Bottom
    );
}

#[test]
fn redoing_up_to_the_persons_move_leaves_the_computer_paused() {
    // Its reply would have dropped the move still undone.
    let mut h = after_the_computers_reply();
    h.state_mut().queue(AppCommand::Undo);
    h.run_steps(2);
    assert!(h.state().rt.game.moves().is_empty());
    h.state_mut().queue(AppCommand::PauseComputer(false));
    h.run_steps(2);
    assert!(!h.state().rt.computer.paused);
    h.get_by_label_contains("  1. ").click();
    h.run_steps(10);
    assert_eq!(h.state().rt.game.moves().len(), 1);
    assert!(h.state().rt.computer.paused);
    assert!(h.query_by_label_contains("  2. ").is_some_and(|row| {
        row.accesskit_node()
            .label()
            .is_some_and(|l| l.ends_with("· undone"))
    }));
}

#[test]
fn a_computer_whose_move_waits_for_the_sowing_says_so() {
    // Its move found, the computer waits for the sowing on view to end;
    // the bar said "North is thinking…", a spinner going, for as long as a
    // replay stayed paused.
    let mut h = harness(GameOptions::en_gehe(6).start().unwrap());
    h.state_mut().settings.speed = 1.0;
    h.state_mut().settings.players = [
        Player::Human,
        Player::Computer {
            level: Level::Beginner,
            movetime_ms: 1000,
        },
    ];
    h.run_steps(2);
    h.get_by_label("South 1: 4 seeds").click();
    h.run_steps(2);
    h.state_mut().queue(AppCommand::Anim(
        maasai_mancala::app::controls::AnimCommand::PlayPause,
    ));
    step_until(&mut h, "the computer's move found", |app| {
        app.rt.computer.move_found()
    });
    h.run_steps(2);
    assert!(h.state().rt.animating());
    assert!(
        h.query_by_label("North has its move: it plays once the sowing ends (End >|).")
            .is_some()
    );
    assert!(h.query_by_label_contains("North is thinking").is_none());
    h.state_mut().queue(AppCommand::Anim(
        maasai_mancala::app::controls::AnimCommand::End,
    ));
    step_until(&mut h, "the computer's move", |app| {
        app.rt.game.moves().len() == 2
    });
}
