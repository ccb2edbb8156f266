//! Random playouts on the fast path: the speed benchmark, and a source of
//! random positions for tests and search.

use super::{BAO_ROW, Move, Position, Unfinished, Variant};
use rand::Rng;

/// How a playout ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Playout {
    /// Moves played.
    pub moves: u32,
    /// The playout reached the end of the game (rather than the move cap).
    pub finished: bool,
    /// It was asked to stop ([`random_playout_until`]) before the end.
    pub stopped: bool,
}

/// Moves between two questions whether a playout should go on: reading a
/// clock on every move would slow down the benchmark it serves.
const ASK_EVERY: u32 = 256;

/// Plays uniformly random legal moves from `pos` (in place) until the game
/// ends or `max_moves` have been played. Endless moves are never chosen:
/// a chosen hole whose sowing is endless is struck off and another drawn.
pub fn random_playout<R: Rng>(pos: &mut Position, rng: &mut R, max_moves: u32) -> Playout {
    random_playout_until(pos, rng, max_moves, || true)
}

/// [`random_playout`] that stops once `keep_going` says no (`bench
/// --seconds`): it is asked every 256 moves and, inside a long
/// move (proving one endless can take seconds), every million laps or so.
/// A stopped playout leaves `pos` as it was before the unfinished move;
/// `moves` counts the moves made.
pub fn random_playout_until<R: Rng>(
    pos: &mut Position,
    rng: &mut R,
    max_moves: u32,
    mut keep_going: impl FnMut() -> bool,
) -> Playout {
    let mut moves = 0;
    let n = pos.holes_per_side();
    let stopped = |moves| Playout {
        moves,
        finished: false,
        stopped: true,
    };
    while moves < max_moves {
        if inner_row_empty(pos) {
            return Playout {
                moves,
                finished: true,
                stopped: false,
            };
        }
        if moves > 0 && moves % ASK_EVERY == 0 && !keep_going() {
            return stopped(moves);
        }
        // Holes found endless this turn (at most 64 per side).
        let mut struck: u64 = 0;
        loop {
            let Some(hole) = pick_hole(pos.row(pos.turn()), struck, n, rng) else {
                return Playout {
                    moves,
                    finished: true,
                    stopped: false,
                };
            };
            // One backup instead of copy-and-assign: endless moves are rare.
            let backup = *pos;
            match pos.apply_or_stop(Move(hole as u8), &mut keep_going) {
                Ok(()) => break,
                Err(Unfinished::Endless(_)) => {
                    *pos = backup;
                    struck |= 1 << hole;
                }
                Err(Unfinished::Stopped) => {
                    *pos = backup;
                    return stopped(moves);
                }
            }
        }
        moves += 1;
    }
    Playout {
        moves,
        finished: false,
        stopped: false,
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
