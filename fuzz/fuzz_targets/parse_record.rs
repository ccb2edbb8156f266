#![no_main]
//! Game records on one line (RULES.md: the start position, then its
//! moves): an error naming the token or move at fault, or a game whose
//! moves print back and replay to the same game. Never a panic.

use libfuzzer_sys::fuzz_target;
use maasai_mancala::engine::{Game, notation};

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let Ok((position, moves)) = notation::split_record(&text) else {
        return;
    };
    let Ok(start) = notation::parse_position(&position) else {
        return;
    };
    match Game::replay_notation(start, &moves) {
        Ok(game) => {
            let names: Vec<String> = game.moves().iter().map(|&mv| start.move_name(mv)).collect();
            let line = format!("{start} {}", names.join(" "));
            let (position, moves) = notation::split_record(&line).expect("a printed record splits");
            let start = notation::parse_position(&position).expect("its start reads back");
            assert_eq!(
                Game::replay_notation(start, &moves).expect("it replays"),
                game
            );
        }
        Err(e) => {
            assert!(e.index < moves.len());
            assert!(!e.to_string().is_empty());
        }
    }
});
