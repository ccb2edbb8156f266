#![no_main]
//! Any position the rules allow, and any moves asked of it (holes that
//! exist or not, empty or not, endless or not, after the game is over):
//! each is played or refused, alike by `play`, `try_play`, `check_move`
//! and `trace`, and no seed is ever created or lost. Never a panic.
//!
//! The bytes build the position: the first picks the game (and for En
//! Gehé the row length), the side to move and the options; then one byte
//! a hole, its count 0 to 7 (small, so that moves stay quick to decide);
//! the rest are moves.

use libfuzzer_sys::fuzz_target;
use maasai_mancala::engine::{
    GameKind, MIN_HOLES, Move, MoveCheck, OriginRule, PlayError, Position, Setup, Side,
};

fuzz_target!(|data: &[u8]| {
    let Some((&head, rest)) = data.split_first() else {
        return;
    };
    let bao = head & 1 == 1;
    let holes = if bao {
        16
    } else {
        MIN_HOLES + (head as usize >> 4) % 14
    };
    if rest.len() < 2 * holes + 2 {
        return;
    }
    let (counts, rest) = rest.split_at(2 * holes);
    let (extra, moves) = rest.split_at(2);
    let row = |r: &[u8]| r.iter().map(|&b| (b % 8) as u64).collect::<Vec<_>>();
    let pair = [(extra[0] % 8) as u64, (extra[1] % 8) as u64];
    let setup = Setup {
        game: if bao {
            GameKind::BaoLaKimasai
        } else {
            GameKind::EnGehe
        },
        south: row(&counts[..holes]),
        north: row(&counts[holes..]),
        captured: if bao { [0, 0] } else { pair },
        reserve: if bao { pair } else { [0, 0] },
        turn: if head & 2 == 0 {
            Side::South
        } else {
            Side::North
        },
        opening: bao && head & 4 != 0,
        origin: if head & 8 == 0 {
            OriginRule::SowInto
        } else {
            OriginRule::Skip
        },
    };
    let Ok(mut pos) = Position::try_from(&setup) else {
        return;
    };
    let total = pos.total_seeds();
    for &b in moves.iter().take(32) {
        let mv = Move(b % 20);
        let tried = pos.try_play(mv);
        let mut played = pos;
        assert_eq!(played.play(mv), tried.clone().map(|_| ()));
        match tried {
            Ok(next) => {
                assert_eq!(played, next);
                assert_eq!(pos.check_move(mv), MoveCheck::Legal(next));
                assert_eq!(pos.trace(mv).expect("a legal move traces").after, next);
                assert_eq!(next.total_seeds(), total);
                assert!(pos.legal_moves().contains(&mv));
                pos = next;
            }
            Err(e) => {
                assert_eq!(played, pos);
                assert_eq!(pos.trace(mv).unwrap_err(), e);
                assert!(!pos.legal_moves().contains(&mv));
                if let PlayError::Endless { .. } = e {
                    assert!(matches!(pos.check_move(mv), MoveCheck::Endless { .. }));
                }
            }
        }
    }
    let _ = pos.status();
});
