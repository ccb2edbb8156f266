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
    let n = pos.holes_per_side();
    while moves < max_moves {
        if inner_row_empty(pos) {
            return Playout {
                moves,
                finished: true,
            };
        }
        // Holes found endless this turn (at most 64 per side).
        let mut struck: u64 = 0;
        loop {
            let Some(hole) = pick_hole(pos.row(pos.turn()), struck, n, rng) else {
                return Playout {
                    moves,
                    finished: true,
                };
            };
            // One backup instead of copy-and-assign: endless moves are rare.
            let backup = *pos;
            if pos.apply_fast(Move(hole as u8)).is_ok() {
                break;
            }
            *pos = backup;
            struck |= 1 << hole;
        }
        moves += 1;
    }
    Playout {
        moves,
        finished: false,
    }
}

/// A uniformly random occupied, not struck hole of `row`. Rejection sampling
/// costs one draw while most holes are occupied; on sparse rows it falls
/// back to a scan.
#[inline]
fn pick_hole<R: Rng>(row: &[u16], struck: u64, n: usize, rng: &mut R) -> Option<usize> {
    for _ in 0..8 {
        let h = rng.random_range(0..n);
        if row[h] > 0 && struck & (1 << h) == 0 {
            return Some(h);
        }
    }
    let mut holes = [0u8; super::MAX_HOLES];
    let mut count = 0;
    for (i, &c) in row.iter().enumerate() {
        holes[count] = i as u8;
        count += (c > 0 && struck & (1 << i) == 0) as usize;
    }
    (count > 0).then(|| holes[rng.random_range(0..count)] as usize)
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
