//! Random playouts on the fast path: the speed benchmark, and a source of
//! random positions for tests and search.

use super::{BAO_ROW, Move, Position, Variant};
use rand::Rng;

/// How a playout ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Playout {
    /// Moves played.
    pub moves: u32,
    /// The playout reached the end of the game (rather than the move cap).
    pub finished: bool,
}

/// Plays uniformly random legal moves from `pos` (in place) until the game
/// ends or `max_moves` have been played. Endless moves are never chosen:
/// a chosen hole whose sowing is endless is struck off and another drawn.
pub fn random_playout<R: Rng>(pos: &mut Position, rng: &mut R, max_moves: u32) -> Playout {
    let mut moves = 0;
    let mut holes = [0u8; super::MAX_HOLES];
    while moves < max_moves {
        if inner_row_empty(pos) {
            return Playout {
                moves,
                finished: true,
            };
        }
        let mut count = 0;
        for (i, &c) in pos.row(pos.turn()).iter().enumerate() {
            holes[count] = i as u8;
            count += (c > 0) as usize;
        }
        loop {
            if count == 0 {
                return Playout {
                    moves,
                    finished: true,
                };
            }
            let pick = rng.random_range(0..count);
            let mut next = *pos;
            if next.apply_fast(Move(holes[pick])).is_ok() {
                *pos = next;
                break;
            }
            count -= 1;
            holes[pick] = holes[count];
        }
        moves += 1;
    }
    Playout {
        moves,
        finished: false,
    }
}

/// Bao la Kimasai's end test, cheap enough for every playout move.
#[inline]
fn inner_row_empty(pos: &Position) -> bool {
    pos.variant() == Variant::BaoLaKimasai
        && (pos.row(pos.turn())[..BAO_ROW].iter().all(|&c| c == 0)
            || pos.row(pos.turn().opponent())[..BAO_ROW]
                .iter()
                .all(|&c| c == 0))
}
