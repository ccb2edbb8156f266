//! Lap-capped moves for the search tree only (both games).
//!
//! Recognising an endless move exactly can take millions of laps (RULES.md
//! cites a Bao la Kimasai move whose cycle is 7,589,376 laps long, and a
//! move may need up to a billion laps before it counts as endless; En Gehé
//! moves on small boards can also run long before they repeat). Inside the
//! tree the search cannot afford that, so there a move is played with the
//! engine's own sowing stopped after [`TREE_LAP_CAP`] laps. A move that has
//! not ended by then is left out of that subtree (a search heuristic: the
//! rules still decide it exactly at the root, where `apply_fast` is used).
//! The cap also bounds how long one move can keep a stopped search from
//! noticing its stop flag.

use crate::engine::{Move, Position};

/// Laps after which a move inside the search tree is left unexplored.
pub const TREE_LAP_CAP: u32 = 20_000;

/// Plays `mv` (an occupied hole of the side to move) on `pos` if it ends
/// within [`TREE_LAP_CAP`] laps. On `false` `pos` is in an unspecified
/// state: callers play on a copy.
#[inline]
pub fn play_in_tree(pos: &mut Position, mv: Move) -> bool {
    pos.apply_within(mv, TREE_LAP_CAP as u64).is_ok()
}

/// Whether `mv` (an occupied hole of the side to move) ends within `cap` laps.
#[cfg(test)]
pub fn ends_within(pos: &Position, mv: Move, cap: u32) -> bool {
    // The engine's own sowing, stopped at the cap: one implementation of
    // the rules, so the tree can never disagree with the moves played.
    let mut dry = *pos;
    dry.apply_within(mv, cap as u64).is_ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{GameOptions, OriginRule, notation, playout::random_playout};
    use rand::SeedableRng;

    #[test]
    fn the_capped_run_agrees_with_the_engine_on_random_positions() {
        let mut rng = rand::rngs::SmallRng::seed_from_u64(3);
        let mut checked = 0;
        let mut endless_en_gehe = 0;
        for g in 0..80 {
            let mut options = match g % 4 {
                0 | 1 => GameOptions::bao_la_kimasai(),
                2 => GameOptions::en_gehe(5),
                _ => GameOptions::en_gehe(12),
            };
            if g % 2 == 1 {
                options.origin = OriginRule::Skip;
            }
            let mut pos = options.start().unwrap();
            for _ in 0..80 {
                for mv in pos.candidate_moves().collect::<Vec<_>>() {
                    let mut exact = pos;
                    if exact.apply_fast(mv).is_ok() {
                        assert!(ends_within(&pos, mv, 1_000_000), "{pos} {mv:?}");
                        let mut capped = pos;
                        assert!(play_in_tree(&mut capped, mv), "{pos} {mv:?}");
                        assert_eq!(capped, exact, "{pos} {mv:?}");
                        checked += 1;
                    } else {
                        let mut capped = pos;
                        assert!(!play_in_tree(&mut capped, mv), "{pos} {mv:?}");
                        endless_en_gehe += pos.variant().is_en_gehe() as u32;
                    }
                }
                if random_playout(&mut pos, &mut rng, 1).moves == 0 {
                    break;
                }
            }
        }
        assert!(checked > 1000);
        assert!(
            endless_en_gehe > 0,
            "small En Gehé boards meet endless moves"
        );
    }

    #[test]
    fn an_en_gehe_move_that_never_ends_is_not_played_in_the_tree() {
        // Both of South's moves sow forever (tests/rules.rs).
        let pos =
            notation::parse_position("en-gehe south=3,8,0 north=1,0,4 captured=0,0 turn=south")
                .unwrap();
        for mv in pos.candidate_moves().collect::<Vec<_>>() {
            let mut copy = pos;
            assert!(!play_in_tree(&mut copy, mv));
        }
    }

    #[test]
    fn the_endless_move_of_the_rules_does_not_end_within_the_cap() {
        let pos = notation::parse_position(
            "bao-la-kimasai south=5,4,3,0,1,3,4,1,2,1,2,5,0,3,3,2 \
             north=1,1,1,1,1,1,1,1,0,0,0,0,0,0,0,0 reserve=10,10 turn=south opening=no",
        )
        .unwrap();
        let o2 = pos.variant().parse_move("o2").unwrap();
        assert!(!ends_within(&pos, o2, TREE_LAP_CAP));
        let mut copy = pos;
        assert!(!play_in_tree(&mut copy, o2));
    }
}
