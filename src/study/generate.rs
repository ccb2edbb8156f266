//! The search that found the shipped 2×50 endgame: random sparse En Gehé
//! positions in which South is far behind on tempo, kept when the solver
//! proves a South win whose line gives seeds away.

use crate::engine::{Move, Position, Side, notation};
use rand::Rng;

/// A random En Gehé position with `holes` holes a row and `seeds` seeds on
/// the board, South to move, nothing captured. South's seeds lie in the
/// last `south_span` holes of its row (little tempo left), North's in the
/// first `north_span` holes of its row (much tempo), so South's tempo
/// deficit is large.
pub fn sparse_en_gehe<R: Rng>(
    rng: &mut R,
    holes: usize,
    seeds: usize,
    south_span: usize,
    north_span: usize,
) -> Position {
    let mut south = vec![0u32; holes];
    let mut north = vec![0u32; holes];
    let south_seeds = rng.random_range(1..seeds.max(2));
    for _ in 0..south_seeds {
        south[holes - 1 - rng.random_range(0..south_span.clamp(1, holes))] += 1;
    }
    for _ in south_seeds..seeds {
        north[rng.random_range(0..north_span.clamp(1, holes))] += 1;
    }
    let row = |r: &[u32]| {
        r.iter()
            .map(|c| c.to_string())
            .collect::<Vec<_>>()
            .join(",")
    };
    let text = format!(
        "en-gehe south={} north={} captured=0,0 turn=south",
        row(&south),
        row(&north)
    );
    notation::parse_position(&text).expect("a well-formed generated position")
}

/// Moves of `side` along `line` from `start` that give seeds away: they
/// capture nothing themselves and the opponent's very next move (in the
/// line) captures. Returns their indices in the line.
pub fn sacrifices(start: &Position, line: &[Move], side: Side) -> Vec<usize> {
    let mut found = Vec::new();
    let mut positions = vec![*start];
    for &mv in line {
        let Ok(next) = positions.last().expect("non-empty").try_play(mv) else {
            break;
        };
        positions.push(next);
    }
    for i in 0..line.len().saturating_sub(1) {
        let (before, after_reply) = (&positions[i + 1], &positions[i + 2]);
        let quiet = before.captured(side) == positions[i].captured(side);
        if positions[i].turn() == side && quiet {
            let opp = side.opponent();
            if after_reply.captured(opp) > before.captured(opp) {
                found.push(i);
            }
        }
    }
    found
}
