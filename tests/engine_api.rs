//! The engine as a library, as a bot or analysis tool uses it: the traits a
//! caller expects, the accessors, and no panic on anything a caller can
//! hand in (a malformed string, a move that is no hole, a finished game).

use maasai_mancala::engine::{
    EndReason, Endless, Game, GameOptions, GameResult, Move, MoveCheck, MoveTrace, PlayError,
    Position, RecordError, Setup, SetupError, Side, Status, Unfinished, Variant, notation,
};
use std::collections::HashSet;

fn pos(text: &str) -> Position {
    text.parse().unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// Positions of every kind a caller meets: starts, middles, finished
/// games, an En Gehé side whose only move is endless, Bao la Kimasai in
/// both phases.
fn samples() -> Vec<Position> {
    vec![
        GameOptions::en_gehe(3).start().unwrap(),
        GameOptions::en_gehe(50).start().unwrap(),
        GameOptions::bao_la_kimasai().start().unwrap(),
        pos("en-gehe south=1,1,0,0 north=3,0,0,0 captured=0,0 turn=south"),
        // Finished: North's row is empty.
        pos("en-gehe south=0,0,1,0 north=0,0,0,0 captured=4,0 turn=north"),
        // Every move of South's is endless (tests/rules.rs).
        pos("en-gehe south=3,8,0 north=1,0,4 captured=0,0 turn=south"),
        pos(
            "bao-la-kimasai south=0,2,1,0,3,0,0,1,0,0,2,0,0,0,0,0 north=1,0,0,2,0,1,0,0,0,0,0,0,0,0,0,1 reserve=0,0 turn=south opening=no",
        ),
        // Finished: North's inner row is empty.
        pos(
            "bao-la-kimasai south=1,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0 north=0,0,0,0,0,0,0,0,3,0,0,0,0,0,0,0 reserve=0,0 turn=north opening=no",
        ),
        pos("en-gehe south=1,0,2,0,1 north=0,3,0,0,1 captured=2,1 turn=north origin=skip"),
    ]
}

#[test]
fn no_move_a_caller_can_name_panics_and_play_agrees_with_try_play() {
    for p in samples() {
        for hole in 0..=u8::MAX {
            let mv = Move(hole);
            let tried = p.try_play(mv);
            let mut played = p;
            let result = played.play(mv);
            match &tried {
                Ok(next) => {
                    assert_eq!(result, Ok(()));
                    assert_eq!(played, *next);
                    assert_eq!(p.trace(mv).unwrap().after, *next);
                    assert_eq!(p.check_move(mv), MoveCheck::Legal(*next));
                }
                Err(e) => {
                    assert_eq!(result.as_ref().unwrap_err(), e);
                    assert_eq!(played, p, "a refused move leaves the position as it was");
                    assert_eq!(p.trace(mv).unwrap_err(), *e);
                    // Refused as `try_play` refuses it: endless when it
                    // never ends, illegal with the same reason otherwise.
                    match (p.check_move(mv), e) {
                        (
                            MoveCheck::Endless { cycle_laps },
                            PlayError::Endless {
                                cycle_laps: laps, ..
                            },
                        ) => assert_eq!(cycle_laps, *laps),
                        (MoveCheck::Illegal(why), _) => assert_eq!(why, *e),
                        (check, _) => panic!("{p} {hole}: {check:?} for {e:?}"),
                    }
                    assert!(!e.to_string().is_empty());
                }
            }
            if hole as usize >= p.holes_per_side() {
                assert!(
                    matches!(tried, Err(PlayError::NoSuchHole { .. })),
                    "{p} {hole}: {tried:?}"
                );
                // Named as the error names it, not a panic.
                assert_eq!(p.move_name(mv), (hole as usize + 1).to_string());
            }
        }
    }
}

#[test]
fn the_whole_board_is_named_and_faced_without_panics() {
    for p in samples() {
        let len = p.board().len();
        for i in 0..len + 5 {
            let facing = p.facing(i);
            if i >= len {
                assert_eq!(facing, None);
                continue;
            }
            if let Some(f) = facing {
                assert!(f < len);
                assert_eq!(p.facing(f), Some(i), "facing is mutual");
                assert_ne!(p.hole_at(f).side, p.hole_at(i).side);
            }
            let hole = p.hole_at(i);
            assert_eq!(p.board_index(hole), i);
            assert!(!p.hole_label(i).is_empty());
        }
    }
    assert_eq!(Variant::BaoLaKimasai.hole_name(15), "o1");
    assert_eq!(Variant::BaoLaKimasai.hole_name(16), "17");
    assert_eq!(Variant::BaoLaKimasai.move_name(Move(255)), "256");
    // Indices no caller should use still give an answer.
    let far = usize::MAX;
    assert_eq!(
        Variant::EnGehe { holes: 5 }.hole_name(far),
        "18446744073709551616"
    );
    let p = GameOptions::en_gehe(5).start().unwrap();
    assert_eq!(p.facing(far), None);
    assert!(!p.hole_label(far).is_empty());
    let past = p.board_index(maasai_mancala::engine::HoleRef {
        side: Side::North,
        index: far,
    });
    assert_eq!(p.facing(past), None);
}

#[test]
fn every_hole_name_reads_back_as_its_move() {
    for variant in [
        Variant::BaoLaKimasai,
        Variant::EnGehe { holes: 3 },
        Variant::EnGehe { holes: 45 },
        Variant::EnGehe { holes: 64 },
    ] {
        let names: Vec<String> = (0..variant.holes_per_side())
            .map(|i| variant.hole_name(i))
            .collect();
        let distinct: HashSet<&String> = names.iter().collect();
        assert_eq!(distinct.len(), names.len());
        for (i, name) in names.iter().enumerate() {
            let mv = variant.parse_move(name).unwrap();
            assert_eq!(mv, Move(i as u8));
            assert_eq!(variant.move_name(mv), *name);
            // Upper case and blanks around are read too.
            assert_eq!(
                variant.parse_move(&format!(" {} ", name.to_uppercase())),
                Ok(mv)
            );
        }
        let past = variant.holes_per_side() + 1;
        assert!(variant.parse_move(&past.to_string()).is_err());
    }
}

#[test]
fn position_and_setup_read_and_print_the_same_notation() {
    for p in samples() {
        let text = p.to_string();
        let setup: Setup = text.parse().unwrap();
        assert_eq!(setup.to_string(), text);
        assert_eq!(Setup::from(p), setup);
        assert_eq!(Setup::from(&p), setup);
        assert_eq!(Position::try_from(&setup), Ok(p));
        assert_eq!(Position::try_from(setup.clone()), Ok(p));
        assert_eq!(setup.validate(), Ok(p));
        assert_eq!(text.parse::<Position>(), Ok(p));
        assert_eq!(notation::parse_position(&text), Ok(p));
    }
    // An illegal setup reads and prints, and is refused as a position
    // with the same error.
    let text = "en-gehe south=1,2 north=3,4 captured=0,0 turn=south";
    let setup: Setup = text.parse().unwrap();
    assert_eq!(setup.to_string(), text);
    let err = Position::try_from(&setup).unwrap_err();
    assert_eq!(text.parse::<Position>(), Err(err.clone()));
    assert_eq!(setup.problems(), vec![err]);
}

#[test]
fn successors_are_the_legal_moves_played() {
    for p in samples() {
        let successors = p.successors();
        let moves: Vec<Move> = successors.iter().map(|&(mv, _)| mv).collect();
        assert_eq!(moves, p.legal_moves(), "{p}");
        for (mv, next) in successors {
            assert_eq!(p.try_play(mv), Ok(next));
        }
    }
}

#[test]
fn status_and_is_over_agree() {
    for p in samples() {
        let status = p.status();
        assert_eq!(p.is_over(), status.is_over(), "{p}");
        assert_eq!(status.is_over(), p.legal_moves().is_empty(), "{p}");
        assert_eq!(status.result().is_some(), status.is_over());
        let game = Game::new(p);
        assert_eq!(game.status(), status);
        assert_eq!(game.is_over(), p.is_over());
    }
    let over = pos("en-gehe south=0,0,1,0 north=0,0,0,0 captured=4,0 turn=north");
    let result = *over.status().result().unwrap();
    assert_eq!(result.winner, Some(Side::South));
    assert_eq!(result.reason, EndReason::NoMoves(Side::North));
    assert_eq!(result.score, Some([5, 0]));
    assert_eq!(result.remainder, Some((Side::South, 1)));
    assert_eq!(Status::Ongoing.result(), None);
    // A side whose every move is endless cannot move: it is over, and
    // asking for the move says that it never ends.
    let stuck = pos("en-gehe south=3,8,0 north=1,0,4 captured=0,0 turn=south");
    assert_eq!(
        stuck.status().result().map(|r| r.reason),
        Some(EndReason::OnlyEndless(Side::South))
    );
    assert!(matches!(
        stuck.try_play(stuck.parse_move("2").unwrap()),
        Err(PlayError::Endless {
            cycle_laps: Some(_),
            ..
        })
    ));
}

/// Compile-time: every error type is a `std::error::Error` that can be
/// sent across threads and boxed with `?`.
fn is_error<E: std::error::Error + Send + Sync + 'static>() {}

#[test]
fn errors_are_std_errors_with_words_a_player_reads() {
    is_error::<SetupError>();
    is_error::<PlayError>();
    is_error::<RecordError>();
    is_error::<Endless>();
    is_error::<Unfinished>();

    let start = GameOptions::en_gehe(4).start().unwrap();
    let err = Game::replay_notation(start, &["1", "9"]).unwrap_err();
    assert_eq!(err.index, 1);
    assert_eq!(err.mover, Side::North);
    assert_eq!(
        err.to_string(),
        "move 2 of the record (North's): illegal move `9`: there is no hole 9; holes are numbered 1 to 4"
    );
    let source = std::error::Error::source(&err).expect("the move's own error");
    assert_eq!(source.to_string(), err.error.to_string());

    let cycle = Endless {
        cycle_laps: Some(7_589_376),
    };
    assert_eq!(
        cycle.to_string(),
        "the sowing never ends: it falls into a cycle of 7,589,376 laps"
    );
    assert!(
        Endless { cycle_laps: None }
            .to_string()
            .contains("1,000,000,000")
    );
    assert_eq!(Unfinished::Endless(cycle).to_string(), cycle.to_string());
    assert!(Unfinished::Stopped.to_string().contains("stopped"));
}

#[test]
fn values_a_search_keeps_are_hashable() {
    let p = pos("en-gehe south=1,1,0,0 north=3,0,0,0 captured=0,0 turn=south");
    let mv = p.parse_move("1").unwrap();
    let traces: HashSet<MoveTrace> = [p.trace(mv).unwrap(), p.trace(mv).unwrap()].into();
    assert_eq!(traces.len(), 1);
    let next = p.try_play(mv).unwrap();
    let results: HashSet<GameResult> = next.status().result().copied().into_iter().collect();
    assert_eq!(results.len(), 1);
    let statuses: HashSet<Status> = [p.status(), next.status(), p.status()].into();
    assert_eq!(statuses.len(), 2);
    let positions: HashSet<Position> = p.successors().into_iter().map(|(_, q)| q).collect();
    assert_eq!(positions.len(), p.legal_moves().len());
}

#[test]
fn a_record_can_be_cut_back_past_its_end_without_a_panic() {
    let start = GameOptions::en_gehe(5).start().unwrap();
    let mut game = Game::replay_notation(start, &["1", "2", "3"]).unwrap();
    let whole = game.clone();
    game.truncate(usize::MAX);
    assert_eq!(game, whole);
    game.truncate(1);
    assert_eq!(game.moves().len(), 1);
    assert_eq!(game.positions().len(), 2);
    assert_eq!(game.current(), &whole.positions()[1]);
}

#[test]
fn a_move_that_ends_is_found_before_one_beside_it_is_proved_endless() {
    // South 1 runs past the billion-lap limit (17 s, release build); South
    // 2 ends after 18,336 laps and South 3 after 46,767. Whether the game
    // goes on was asked of South 1 first, sown to the end: playing South 2
    // in the window froze it that long. A stop asked for after some 50
    // million laps (keep_going is asked about every million) comes long
    // after the answer now.
    let p = pos("en-gehe south=27118,9579,2419 north=5792,480,14612 captured=0,0 turn=south");
    let mut asked = 0;
    let mut keep_going = || {
        asked += 1;
        asked < 50
    };
    assert_eq!(p.status_or_stop(&mut keep_going), Some(Status::Ongoing));
    let mut game = Game::new(p);
    let played = game
        .play_or_stop(Move(1), &mut keep_going)
        .map(|r| r.copied());
    let mut after = p;
    after.apply_fast(Move(1)).unwrap();
    assert_eq!(played, Some(Ok(after)));
    assert!(asked < 50, "asked {asked} times");
}

#[test]
fn a_lap_cap_is_kept_exactly_in_both_games() {
    // `apply_within(mv, k)` lets a move of k laps end and stops one of
    // more; En Gehé used to let every move run 24 laps whatever the cap.
    for p in samples() {
        for mv in p.legal_moves() {
            let laps = p.trace(mv).unwrap().laps.len() as u64;
            let mut next = p;
            assert_eq!(next.apply_within(mv, laps), Ok(()), "{p} {mv:?}");
            assert_eq!(next, p.try_play(mv).unwrap());
            if laps > 1 {
                let mut capped = p;
                assert_eq!(
                    capped.apply_within(mv, laps - 1),
                    Err(Endless { cycle_laps: None }),
                    "{p} {mv:?} of {laps} laps"
                );
            }
        }
    }
}

#[test]
fn the_opening_flag_and_reserves_read_as_rules_md_says() {
    let start = GameOptions::bao_la_kimasai().start().unwrap();
    assert!(start.opening());
    assert_eq!(start.reserve(Side::South), 24);
    assert!(start.herding(Side::South) && !start.raids_allowed());
    let next = start.try_play(start.parse_move("i1").unwrap()).unwrap();
    assert!(!next.opening());
    // North's first move brings a reserve seed in.
    let after = next.try_play(next.legal_moves()[0]).unwrap();
    assert_eq!(after.reserve(Side::North), 23);
    assert_eq!(after.total_seeds(), start.total_seeds());
    // En Gehé has no reserve and no opening; its tempo is its own measure.
    let eg = GameOptions::en_gehe(5).start().unwrap();
    assert_eq!(eg.reserve(Side::South), 0);
    assert!(!eg.opening() && !eg.raids_allowed());
    assert_eq!(eg.tempo(Side::South), 4 * (4 + 3 + 2 + 1));
    // Seeds on each side add up to the board's.
    for p in samples() {
        assert_eq!(
            p.side_seeds(Side::South) + p.side_seeds(Side::North),
            p.board_seeds()
        );
    }
    assert_eq!(eg.side_seeds(Side::North), 20);
    assert_eq!(eg.tempo_deficit(Side::North), 0);
}
