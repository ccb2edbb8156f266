//! One named test for every rule sentence of RULES.md, each on a small
//! hand-worked position. Expected positions were worked out by hand, seed by
//! seed, in the comments.

use maasai_mancala::engine::{
    EndReason, Game, LapEnd, LapKind, Move, PlayError, Position, Side, Status, notation,
};

fn pos(text: &str) -> Position {
    notation::parse_position(text).unwrap_or_else(|e| panic!("bad test position {text}: {e}"))
}

/// Plays one move given in notation and returns the canonical result.
fn after(text: &str, mv: &str) -> Position {
    let p = pos(text);
    let m = p.variant().parse_move(mv).unwrap();
    p.try_play(m)
        .unwrap_or_else(|e| panic!("{mv} on {text}: {e}"))
}

fn assert_after(text: &str, mv: &str, expected: &str) {
    assert_eq!(after(text, mv).to_string(), expected);
}

// ---- Shared vocabulary -------------------------------------------------

#[test]
fn relay_lifts_the_occupied_landing_hole_and_sows_on() {
    // S1 (1) -> S2 now 2: relay; lift 2 from S2 -> S3, N1; N1 was empty: ends.
    assert_after(
        "en-gehe south=1,1,0 north=0,0,0 captured=0,0 turn=south",
        "1",
        "en-gehe south=0,0,1 north=1,0,0 captured=0,0 turn=north",
    );
}

#[test]
fn lap_starts_in_the_hole_after_the_one_lifted() {
    let p = pos("en-gehe south=0,2,0 north=0,0,0 captured=0,0 turn=south");
    let t = p.trace(Move(1)).unwrap();
    assert_eq!(t.laps.len(), 1);
    // S3 (index 2), then N1 (index 3).
    assert_eq!(t.laps[0].sown.to_vec(), vec![2, 3]);
    assert_eq!(t.laps[0].kind, LapKind::Lift { from: 1 });
}

#[test]
fn move_ends_when_last_seed_falls_into_an_empty_hole() {
    let p = pos("en-gehe south=0,2,0 north=0,0,0 captured=0,0 turn=south");
    let t = p.trace(Move(1)).unwrap();
    assert_eq!(t.laps[0].end, LapEnd::Ends { hole: 3 });
}

#[test]
fn long_lap_sows_into_its_origin_by_default() {
    // 6 seeds from S1 on a ring of 6: S2 S3 N1 N2 N3 S1. The last falls
    // into the emptied origin, which was empty: the move ends there, in
    // South's row, facing N3 (1 seed): capture 1 + the last seed.
    assert_after(
        "en-gehe south=6,0,0 north=0,0,0 captured=0,0 turn=south",
        "1",
        "en-gehe south=0,1,1 north=1,1,0 captured=2,0 turn=north",
    );
}

#[test]
fn lap_ending_in_its_own_emptied_origin_ends_the_move() {
    let p = pos("en-gehe south=6,0,0 north=0,0,0 captured=0,0 turn=south");
    let t = p.trace(Move(0)).unwrap();
    assert_eq!(t.laps.len(), 1);
    assert_eq!(t.laps[0].sown.to_vec(), vec![1, 2, 3, 4, 5, 0]);
    assert_eq!(t.laps[0].end, LapEnd::Ends { hole: 0 });
}

#[test]
fn long_lap_skips_its_origin_with_origin_skip() {
    // 6 seeds from S1 skipping S1: S2 S3 N1 N2 N3 S2 -> S2 holds 2: relay.
    // Lift 2 from S2: S3 N1 -> N1 holds 2: relay. Lift 2 from N1: N2 N3 ->
    // N3 holds 2: relay. Lift 2 from N3: S1 S2 -> S2 was empty: ends in
    // South's row facing N2 (2): capture 3.
    assert_after(
        "en-gehe south=6,0,0 north=0,0,0 captured=0,0 turn=south origin=skip",
        "1",
        "en-gehe south=1,0,2 north=0,0,0 captured=3,0 turn=north origin=skip",
    );
}

#[test]
fn endless_move_is_not_legal_and_says_it_never_ends() {
    let p = pos(
        "bao-la-kimasai south=5,4,3,0,1,3,4,1,2,1,2,5,0,3,3,2 north=1,1,1,1,1,1,1,1,0,0,0,0,0,0,0,0 reserve=10,10 turn=south opening=no",
    );
    let o2 = p.variant().parse_move("o2").unwrap();
    let err = p.try_play(o2).unwrap_err();
    assert_eq!(
        err,
        PlayError::Endless {
            hole: "o2".into(),
            cycle_laps: Some(7_589_376)
        }
    );
    assert!(err.to_string().contains("endless"));
    assert!(err.to_string().contains("never ends"));
    let (legal, endless) = p.classify_moves();
    assert!(endless.contains(&o2));
    assert!(!legal.contains(&o2));
}

// ---- En Gehé ----------------------------------------------------------

#[test]
fn en_gehe_start_position_prints_canonically() {
    let start = maasai_mancala::engine::GameOptions::en_gehe(4)
        .start()
        .unwrap();
    assert_eq!(
        start.to_string(),
        "en-gehe south=4,4,4,4 north=4,4,4,4 captured=0,0 turn=south"
    );
}

#[test]
fn en_gehe_track_runs_from_south_n_to_north_1_and_north_n_to_south_1() {
    // S3 (2) -> N1 N2; N3 (2) -> S1 S2.
    let p = pos("en-gehe south=0,0,2 north=0,0,0 captured=0,0 turn=south");
    assert_eq!(p.trace(Move(2)).unwrap().laps[0].sown.to_vec(), vec![3, 4]);
    let p = pos("en-gehe south=0,0,0 north=0,0,2 captured=0,0 turn=north");
    assert_eq!(p.trace(Move(2)).unwrap().laps[0].sown.to_vec(), vec![0, 1]);
}

#[test]
fn en_gehe_south_h_faces_north_n_plus_1_minus_h() {
    let p = pos("en-gehe south=0,0,0,0 north=0,0,0,0 captured=0,0 turn=south");
    // South 1 (index 0) faces North 4 (index 7); North 2 (index 5) faces South 3 (index 2).
    assert_eq!(p.facing(0), Some(7));
    assert_eq!(p.facing(5), Some(2));
}

#[test]
fn en_gehe_single_seed_may_be_moved() {
    assert_after(
        "en-gehe south=1,0,0 north=1,0,0 captured=0,0 turn=south",
        "1",
        "en-gehe south=0,1,0 north=1,0,0 captured=0,0 turn=north",
    );
}

#[test]
fn en_gehe_capture_takes_the_opposite_hole_and_the_last_seed() {
    // S1 -> S2 (empty): ends in South's row facing N2 (5): 5 + 1 captured.
    let p = pos("en-gehe south=1,0,0 north=0,5,1 captured=0,0 turn=south");
    let t = p.trace(Move(0)).unwrap();
    let c = t.capture.expect("a capture");
    assert_eq!((c.hole, c.facing, c.facing_seeds, c.total), (1, 4, 5, 6));
    assert_eq!(
        t.after.to_string(),
        "en-gehe south=0,0,0 north=0,0,1 captured=6,0 turn=north"
    );
}

#[test]
fn en_gehe_triggering_seed_is_captured_too() {
    let next = after(
        "en-gehe south=1,0,0 north=0,5,1 captured=0,0 turn=south",
        "1",
    );
    assert_eq!(next.captured(Side::South), 6);
    assert_eq!(next.seeds(Side::South, 1), 0);
}

#[test]
fn en_gehe_no_capture_when_opposite_hole_is_empty() {
    assert_after(
        "en-gehe south=1,0,0 north=5,0,0 captured=0,0 turn=south",
        "1",
        "en-gehe south=0,1,0 north=5,0,0 captured=0,0 turn=north",
    );
}

#[test]
fn en_gehe_nothing_captured_when_move_ends_in_opponents_row() {
    // S3 (2) -> N1 N2; N2 was empty: ends in North's row, facing S2 (1): no capture.
    assert_after(
        "en-gehe south=0,1,2 north=0,0,3 captured=0,0 turn=south",
        "3",
        "en-gehe south=0,1,0 north=1,1,3 captured=0,0 turn=north",
    );
}

#[test]
fn en_gehe_north_may_move_first_by_option() {
    let mut o = maasai_mancala::engine::GameOptions::en_gehe(5);
    o.first = Side::North;
    assert_eq!(o.start().unwrap().turn(), Side::North);
}

#[test]
fn en_gehe_side_with_empty_row_cannot_move_and_remainder_goes_to_last_mover() {
    // North to move with an empty row: South moved last and takes the 5 left.
    let p = pos("en-gehe south=2,0,3 north=0,0,0 captured=7,9 turn=north");
    let Status::Over(r) = p.status() else {
        panic!("over")
    };
    assert_eq!(r.reason, EndReason::NoMoves(Side::North));
    assert_eq!(r.remainder, Some((Side::South, 5)));
    assert_eq!(r.score, Some([12, 9]));
    assert_eq!(r.winner, Some(Side::South));
}

#[test]
fn en_gehe_equal_final_counts_are_a_draw() {
    let p = pos("en-gehe south=1,0,0 north=0,0,0 captured=3,4 turn=north");
    let Status::Over(r) = p.status() else {
        panic!("over")
    };
    assert_eq!(r.score, Some([4, 4]));
    assert_eq!(r.winner, None);
    assert_eq!(r.suffix(), " result=draw score=4,4");
}

#[test]
fn en_gehe_capture_that_empties_the_board_ends_the_game() {
    let mut g = Game::new(pos(
        "en-gehe south=1,0,0 north=0,5,0 captured=0,0 turn=south",
    ));
    g.play(Move(0)).unwrap();
    let Status::Over(r) = g.status() else {
        panic!("over")
    };
    assert_eq!(r.suffix(), " result=south score=6,0");
}

#[test]
fn en_gehe_tempo_counts_holes_each_seed_can_still_travel_in_its_row() {
    // N=4: South 2,0,1,5 -> 2*3 + 1*1 + 5*0 = 7; North 0,4,0,0 -> 4*2 = 8.
    let p = pos("en-gehe south=2,0,1,5 north=0,4,0,0 captured=0,0 turn=south");
    assert_eq!(p.tempo(Side::South), 7);
    assert_eq!(p.tempo(Side::North), 8);
    assert_eq!(p.tempo_deficit(Side::South), 1);
}

// ---- Bao la Kimasai ---------------------------------------------------

const BAO_START: &str = "bao-la-kimasai south=1,1,1,1,1,1,1,1,0,0,0,0,0,0,0,0 north=1,1,1,1,1,1,1,1,0,0,0,0,0,0,0,0 reserve=24,24 turn=south opening=yes";

#[test]
fn bao_start_position_prints_canonically() {
    let start = maasai_mancala::engine::GameOptions::bao_la_kimasai()
        .start()
        .unwrap();
    assert_eq!(start.to_string(), BAO_START);
}

#[test]
fn bao_opening_move_adds_no_reserve_seed() {
    // i1 (1) -> i2 holds 2: relay i3 i4; relay i5 i6; relay i7 i8; relay o8 o7: ends.
    assert_after(
        BAO_START,
        "i1",
        "bao-la-kimasai south=0,0,2,0,2,0,2,0,1,1,0,0,0,0,0,0 north=1,1,1,1,1,1,1,1,0,0,0,0,0,0,0,0 reserve=24,24 turn=north opening=no",
    );
}

#[test]
fn bao_phase_one_puts_a_reserve_seed_in_the_hole_before_lifting() {
    // i1 gets a reserve seed (2): lift -> i2 i3; relay i4 i5; relay i6 i7; relay i8 o8: ends.
    let p = pos(
        "bao-la-kimasai south=1,1,1,1,1,1,1,1,0,0,0,0,0,0,0,0 north=1,1,1,1,1,1,1,1,0,0,0,0,0,0,0,0 reserve=24,24 turn=south opening=no",
    );
    let t = p.trace(Move(0)).unwrap();
    assert_eq!(t.reserve_seed, Some(0));
    assert_eq!(t.laps[0].seeds, 2);
    assert_eq!(
        t.after.to_string(),
        "bao-la-kimasai south=0,2,0,2,0,2,0,2,1,0,0,0,0,0,0,0 north=1,1,1,1,1,1,1,1,0,0,0,0,0,0,0,0 reserve=23,24 turn=north opening=no"
    );
}

#[test]
fn bao_track_runs_inner_left_to_right_then_outer_right_to_left() {
    // i8 (2) -> o8, o7; o1 (2) -> i1, i2.
    let p = pos(
        "bao-la-kimasai south=1,0,0,0,0,0,0,2,0,0,0,0,0,0,0,2 north=1,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0 reserve=0,0 turn=south opening=no",
    );
    let t = p.trace(p.variant().parse_move("i8").unwrap()).unwrap();
    assert_eq!(t.laps[0].sown.to_vec(), vec![8, 9]);
    let t = p.trace(p.variant().parse_move("o1").unwrap()).unwrap();
    assert_eq!(t.laps[0].sown.to_vec(), vec![0, 1]);
}

#[test]
fn bao_phase_one_makes_no_captures() {
    // i1 gets a reserve seed (2) -> i2 i3; i3 holds 2 facing N i6 (5) but
    // reserves remain: plain relay i4 i5 -> i5 was empty: ends.
    assert_after(
        "bao-la-kimasai south=1,0,1,0,0,0,0,0,0,0,0,0,0,0,0,0 north=1,0,0,0,0,5,0,0,0,0,0,0,0,0,0,0 reserve=3,3 turn=south opening=no",
        "i1",
        "bao-la-kimasai south=0,1,0,1,1,0,0,0,0,0,0,0,0,0,0,0 north=1,0,0,0,0,5,0,0,0,0,0,0,0,0,0,0 reserve=2,3 turn=north opening=no",
    );
}

#[test]
fn bao_phase_two_begins_only_after_the_last_reserve_seed_move() {
    // South brings in its last reserve seed: still phase 1, no raid.
    let p = pos(
        "bao-la-kimasai south=1,0,1,0,0,0,0,0,0,0,0,0,0,0,0,0 north=1,0,0,0,0,5,0,0,0,0,0,0,0,0,0,0 reserve=1,0 turn=south opening=no",
    );
    let next = p.try_play(Move(0)).unwrap();
    assert_eq!(next.seeds(Side::North, 5), 5);
    assert_eq!(next.reserve(Side::South), 0);
    assert!(next.raids_allowed());
}

#[test]
fn bao_raid_lap_starts_in_the_trigger_hole() {
    // i1 -> i2 holds 2, facing N i7 (3): raid 3: i2 i3 i4; i4 was empty: ends.
    let p = pos(
        "bao-la-kimasai south=1,1,0,0,0,0,0,0,0,0,0,0,0,0,0,0 north=1,0,0,0,0,0,3,0,0,0,0,0,0,0,0,0 reserve=0,0 turn=south opening=no",
    );
    let t = p.trace(Move(0)).unwrap();
    assert_eq!(t.laps.len(), 2);
    assert_eq!(
        t.laps[0].end,
        LapEnd::Raid {
            hole: 1,
            facing: 22,
            seeds: 3
        }
    );
    assert_eq!(
        t.laps[1].kind,
        LapKind::Raid {
            from: 22,
            trigger: 1
        }
    );
    assert_eq!(t.laps[1].sown.to_vec(), vec![1, 2, 3]);
    assert_eq!(
        t.after.to_string(),
        "bao-la-kimasai south=0,3,1,1,0,0,0,0,0,0,0,0,0,0,0,0 north=1,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0 reserve=0,0 turn=north opening=no"
    );
}

#[test]
fn bao_second_raid_in_the_same_move() {
    // i1 -> i2 (2) facing N i7 (3): raid 3: i2 i3 i4; i4 holds 2 facing
    // N i5 (1): raid 1 into i4 (3); i4 now faces an empty hole: relay 3:
    // i5 i6 i7; i7 was empty: ends.
    let p = pos(
        "bao-la-kimasai south=1,1,0,1,0,0,0,0,0,0,0,0,0,0,0,0 north=1,0,0,0,1,0,3,0,0,0,0,0,0,0,0,0 reserve=0,0 turn=south opening=no",
    );
    let t = p.trace(Move(0)).unwrap();
    let raids = t
        .laps
        .iter()
        .filter(|l| matches!(l.end, LapEnd::Raid { .. }))
        .count();
    assert_eq!(raids, 2);
    assert_eq!(t.seeds_taken(), 4);
    assert_eq!(
        t.after.to_string(),
        "bao-la-kimasai south=0,3,1,0,1,1,1,0,0,0,0,0,0,0,0,0 north=1,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0 reserve=0,0 turn=south opening=no"
            .replace("turn=south", "turn=north")
    );
}

#[test]
fn bao_inner_hole_facing_an_empty_hole_relays() {
    // i1 -> i2 (2) facing N i7 (empty): relay i3 i4: ends.
    assert_after(
        "bao-la-kimasai south=1,1,0,0,0,0,0,0,0,0,0,0,0,0,0,0 north=1,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0 reserve=0,0 turn=south opening=no",
        "i1",
        "bao-la-kimasai south=0,0,1,1,0,0,0,0,0,0,0,0,0,0,0,0 north=1,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0 reserve=0,0 turn=north opening=no",
    );
}

#[test]
fn bao_outer_rows_are_never_raided() {
    // i8 -> o8 (2): an outer hole relays (o7 o6), though North's o8 holds 5.
    assert_after(
        "bao-la-kimasai south=1,0,0,0,0,0,0,1,1,0,0,0,0,0,0,0 north=1,0,0,0,0,0,0,0,5,0,0,0,0,0,0,0 reserve=0,0 turn=south opening=no",
        "i8",
        "bao-la-kimasai south=1,0,0,0,0,0,0,0,0,1,1,0,0,0,0,0 north=1,0,0,0,0,0,0,0,5,0,0,0,0,0,0,0 reserve=0,0 turn=north opening=no",
    );
}

#[test]
fn bao_empty_opponent_inner_row_wins_for_the_mover() {
    let mut g = Game::new(pos(
        "bao-la-kimasai south=1,1,0,0,0,0,0,0,0,0,0,0,0,0,0,0 north=0,0,0,0,0,0,3,0,0,0,0,0,0,0,0,0 reserve=0,0 turn=south opening=no",
    ));
    g.play(Move(0)).unwrap();
    let Status::Over(r) = g.status() else {
        panic!("over")
    };
    assert_eq!(r.winner, Some(Side::South));
    assert_eq!(r.reason, EndReason::InnerRowEmpty(Side::North));
    assert_eq!(g.play(Move(0)), Err(PlayError::GameOver));
}

#[test]
fn bao_mover_whose_own_inner_row_empties_loses() {
    // i8 -> o8 (2): relay o7 o6: South's inner row is now empty.
    let mut g = Game::new(pos(
        "bao-la-kimasai south=0,0,0,0,0,0,0,1,1,0,0,0,0,0,0,0 north=1,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0 reserve=0,0 turn=south opening=no",
    ));
    g.play(Move(7)).unwrap();
    let Status::Over(r) = g.status() else {
        panic!("over")
    };
    assert_eq!(r.winner, Some(Side::North));
    assert_eq!(r.reason, EndReason::InnerRowEmpty(Side::South));
}

#[test]
fn bao_bare_position_judges_the_side_not_to_move_as_the_last_mover() {
    // Both inner rows empty: the opponent of the (notional) last mover,
    // i.e. the side to move, has the empty row checked first: North (last
    // mover) wins.
    let p = pos(
        "bao-la-kimasai south=0,0,0,0,0,0,0,0,1,0,0,0,0,0,0,0 north=0,0,0,0,0,0,0,0,1,0,0,0,0,0,0,0 reserve=0,0 turn=south opening=no",
    );
    let Status::Over(r) = p.status() else {
        panic!("over")
    };
    assert_eq!(r.winner, Some(Side::North));
}

#[test]
fn bao_mover_with_empty_reserve_against_a_herding_opponent_sows_without_raids() {
    // South's reserve is empty, North's is not: South lifts (no reserve
    // seed) and its lap ends on i2 (2) facing N i7 (3) without raiding.
    assert_after(
        "bao-la-kimasai south=1,1,0,0,0,0,0,0,0,0,0,0,0,0,0,0 north=1,0,0,0,0,0,3,0,0,0,0,0,0,0,0,0 reserve=0,4 turn=south opening=no",
        "i1",
        "bao-la-kimasai south=0,0,1,1,0,0,0,0,0,0,0,0,0,0,0,0 north=1,0,0,0,0,0,3,0,0,0,0,0,0,0,0,0 reserve=0,4 turn=north opening=no",
    );
}

#[test]
fn bao_capture_lap_with_origin_skip_passes_over_the_trigger_hole() {
    // i1 -> i2 (2) facing N i7 (17): raid 17: i2 gets the first seed, then
    // 16 more around the 15 other holes, skipping i2: i3 gets 2 (its seed
    // in the second round is the last one) and i3 was occupied after the
    // first round, facing N i6 (empty): relay...
    let p = pos(
        "bao-la-kimasai south=1,1,0,0,0,0,0,0,0,0,0,0,0,0,0,0 north=1,0,0,0,0,0,17,0,0,0,0,0,0,0,0,0 reserve=0,0 turn=south opening=no origin=skip",
    );
    let t = p.trace(Move(0)).unwrap();
    let raid = &t.laps[1];
    assert_eq!(
        raid.kind,
        LapKind::Raid {
            from: 22,
            trigger: 1
        }
    );
    assert_eq!(raid.sown.first().unwrap(), 1);
    assert!(
        !raid.sown.iter().skip(1).any(|h| h == 1),
        "the trigger hole gets only the first seed"
    );
    assert_eq!(raid.sown.len(), 17);
    assert_eq!(raid.sown.last().unwrap(), 2);
}

#[test]
fn bao_hole_names_follow_the_owners_view() {
    let v = maasai_mancala::engine::Variant::BaoLaKimasai;
    assert_eq!(v.parse_move("i1").unwrap(), Move(0));
    assert_eq!(v.parse_move("o8").unwrap(), Move(8));
    assert_eq!(v.parse_move("o1").unwrap(), Move(15));
    assert_eq!(v.move_name(Move(12)), "o4");
    // South's i3 faces North's i6.
    let p = pos(BAO_START);
    assert_eq!(p.facing(2), Some(16 + 5));
    assert_eq!(p.facing(8), None);
}

// ---- Repetition --------------------------------------------------------

#[test]
fn a_move_applied_to_a_bare_position_never_ends_by_repetition() {
    // The move that makes the cycling game below threefold, applied to
    // its position before as a bare string: no history, so no repetition.
    let record = [
        2, 2, 1, 1, 2, 1, 3, 2, 3, 1, 3, 3, 3, 1, 1, 3, 1, 1, 3, 1, 1, 3, 1, 1,
    ];
    let start = pos("en-gehe south=2,2,2 north=2,2,2 captured=0,0 turn=south");
    let moves: Vec<Move> = record.iter().map(|h| Move(h - 1)).collect();
    let (last, before) = moves.split_last().unwrap();
    let game = Game::replay(start, before).unwrap();
    let bare = pos(&game.current().to_string());
    let after = bare.try_play(*last).unwrap();
    assert_eq!(after.status(), Status::Ongoing);
    assert!(!after.legal_moves().is_empty());
    // The same move in the record ends the game.
    let mut played = game.clone();
    played.play(*last).unwrap();
    assert_eq!(*played.current(), after);
    assert!(matches!(played.status(), Status::Over(r) if r.reason == EndReason::Repetition));
}

#[test]
fn threefold_repetition_in_a_game_record_ends_en_gehe_with_own_rows_taken() {
    // A 2×3 game with 2 seeds a hole that cycles (found by random play).
    let start = maasai_mancala::engine::GameOptions {
        seeds: 2,
        ..maasai_mancala::engine::GameOptions::en_gehe(3)
    }
    .start()
    .unwrap();
    let moves: Vec<Move> = [
        2, 2, 1, 1, 2, 1, 3, 2, 3, 1, 3, 3, 3, 1, 1, 3, 1, 1, 3, 1, 1, 3, 1, 1,
    ]
    .iter()
    .map(|h| Move(h - 1))
    .collect();
    let before_last = Game::replay(start, &moves[..moves.len() - 1]).unwrap();
    assert_eq!(before_last.status(), Status::Ongoing);
    let game = Game::replay(start, &moves).unwrap();
    let current = *game.current();
    assert_eq!(
        game.positions().iter().filter(|p| **p == current).count(),
        3
    );
    let Status::Over(r) = game.status() else {
        panic!("over by repetition")
    };
    assert_eq!(r.reason, EndReason::Repetition);
    let own = |s: Side| current.captured(s) + current.row(s).iter().map(|&c| c as u32).sum::<u32>();
    assert_eq!(r.score, Some([own(Side::South), own(Side::North)]));
    // The bare position does not know its history.
    assert_eq!(current.status(), Status::Ongoing);
}

#[test]
fn side_whose_every_move_is_endless_cannot_move() {
    // Both of South's moves sow forever (found by exhaustive random search,
    // decided by the engine's cycle detection).
    let p = pos("en-gehe south=3,8,0 north=1,0,4 captured=0,0 turn=south");
    let (legal, endless) = p.classify_moves();
    assert!(legal.is_empty());
    assert_eq!(endless, vec![Move(0), Move(1)]);
    for mv in endless {
        assert!(matches!(p.try_play(mv), Err(PlayError::Endless { .. })));
    }
    let Status::Over(r) = p.status() else {
        panic!("over")
    };
    assert_eq!(r.reason, EndReason::OnlyEndless(Side::South));
    // The 16 seeds on the board go to North, who moved last.
    assert_eq!(r.remainder, Some((Side::North, 16)));
    assert_eq!(r.winner, Some(Side::North));
}

#[test]
fn bao_threefold_repetition_is_a_draw() {
    // Each side walks two lone seeds round its ring, 7 to 9 holes apart, so
    // one always stays in the inner row and no lap lands on a seed (no relay,
    // no raid).
    let mut g = Game::new(pos(
        "bao-la-kimasai south=1,0,0,0,0,0,0,0,1,0,0,0,0,0,0,0 north=1,0,0,0,0,0,0,0,1,0,0,0,0,0,0,0 reserve=0,0 turn=south opening=no",
    ));
    let mut plies = 0;
    while g.status() == Status::Ongoing {
        let p = *g.current();
        let seeds: Vec<usize> = (0..16).filter(|&i| p.seeds(p.turn(), i) > 0).collect();
        assert_eq!(seeds.len(), 2);
        let (x, y) = (seeds[0], seeds[1]);
        let (back, front) = if (y - x) <= 9 { (x, y) } else { (y, x) };
        let spacing = (front + 16 - back) % 16;
        let mv = match spacing {
            9 => back,
            7 => front,
            _ if back >= 8 => back,
            _ => front,
        };
        g.play(Move(mv as u8)).unwrap();
        plies += 1;
        assert!(plies <= 200, "the walk must repeat");
    }
    let Status::Over(r) = g.status() else {
        unreachable!()
    };
    assert_eq!(r.reason, EndReason::Repetition);
    assert_eq!(r.winner, None);
    // The two seeds change places every 16 moves a side, so the start
    // position returns after 32 and 64 plies: the third occurrence.
    assert_eq!(plies, 64);
}

#[test]
fn a_result_sentence_gives_the_winners_count_first() {
    let pos = maasai_mancala::engine::notation::parse_position(
        "en-gehe south=0,0,0 north=1,0,0 captured=0,2 turn=south",
    )
    .unwrap();
    let game = maasai_mancala::engine::Game::new(pos);
    let maasai_mancala::engine::Status::Over(result) = game.status() else {
        panic!("South cannot move: the game is over");
    };
    assert_eq!(
        result.describe(),
        "North wins 3–0: South has no seeds left to move; North takes the 1 seed left on the board."
    );
}

#[test]
fn repetition_compares_the_position_without_the_opening_flag() {
    // RULES.md: the position is (board, captured counts, reserves, side to
    // move). With empty reserves `opening=yes` withholds nothing, so a start
    // marked `opening=yes` plays exactly as one marked `opening=no`, and the
    // start coming back (marked `opening=no` then) is the same position.
    let start = "bao-la-kimasai south=1,0,0,0,0,0,1,0,0,0,0,0,0,0,0,0 north=1,0,0,0,0,0,1,0,0,0,0,0,0,0,0,0 reserve=0,0 turn=south";
    let cycle = "i7 i1 i8 i7 o8 i8 i1 o8 i2 i2 i3 i3 o7 o7 o6 i4 o5 o6 o4 o5 o3 i5 i4 o4 i5 o3 o2 o2 o1 i6 i6 o1";
    for opening in ["no", "yes"] {
        let mut g = Game::new(pos(&format!("{start} opening={opening}")));
        let variant = g.variant();
        for (i, mv) in cycle.split(' ').chain(cycle.split(' ')).enumerate() {
            assert_eq!(g.status(), Status::Ongoing, "opening={opening}, ply {i}");
            g.play(variant.parse_move(mv).unwrap()).unwrap();
        }
        let Status::Over(r) = g.status() else {
            panic!("opening={opening}: the start's third occurrence ends the game")
        };
        assert_eq!(r.reason, EndReason::Repetition);
        assert_eq!(r.winner, None);
    }
    // The search's and solver's key agrees.
    let yes = pos(&format!("{start} opening=yes"));
    let no = pos(&format!("{start} opening=no"));
    assert_eq!(yes.key(), no.key());
    // With reserve seeds to withhold, the flag does change the position.
    let reserve = |o: &str| {
        pos(&format!(
            "{} opening={o}",
            start.replace("reserve=0,0", "reserve=2,2")
        ))
    };
    assert_ne!(reserve("yes").key(), reserve("no").key());
}

#[test]
fn a_bao_board_and_an_en_gehe_board_of_the_same_counts_differ_in_key() {
    // Both have 32 holes; with nothing captured and no reserves, only the
    // game tells them apart (the window keeps solutions by key).
    let counts = "2,0,0,0,0,0,0,1,0,0,0,0,0,0,0,1";
    let north = "1,0,0,0,0,0,0,1,0,0,0,0,0,0,0,0";
    let bao = pos(&format!(
        "bao-la-kimasai south={counts} north={north} reserve=0,0 turn=south opening=no"
    ));
    let en_gehe = pos(&format!(
        "en-gehe south={counts} north={north} captured=0,0 turn=south"
    ));
    assert_ne!(bao.key(), en_gehe.key());
}

#[test]
fn a_move_of_hundreds_of_millions_of_seeds_is_traced_without_listing_them() {
    // 60,000 seeds on a 2×3 board: South 2 runs 40,614 laps and sows
    // 406,538,530 seeds. Listed seed by seed the trace took 3 GB and
    // seconds on the window's thread; its laps are now worked out.
    let p = pos("en-gehe south=9000,11000,10000 north=10000,10000,10000 captured=0,0 turn=south");
    let t = p.trace(Move(1)).unwrap();
    assert_eq!(t.laps.len(), 40_614);
    assert_eq!(t.seeds_sown(), 406_538_530);
    assert_eq!(t.after, p.try_play(Move(1)).unwrap());
    // Part-way: the board after the first lap's 11,000 seeds, the next
    // lap's hole lifted.
    let first = &t.laps[0];
    let mut board = p.board().to_vec();
    board[1] = 0;
    for h in first.sown.iter() {
        board[h] += 1;
    }
    if let maasai_mancala::engine::LapKind::Lift { from } = t.laps[1].kind {
        board[from] = 0;
    }
    assert_eq!(t.board_after_seeds(11_000), board);
}
