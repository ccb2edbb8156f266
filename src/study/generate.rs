//! The search that found the shipped 2×50 endgame: random sparse En Gehé
//! positions in which South is far behind on tempo, kept when the solver
//! proves a South win whose line gives seeds away; and endgames reached in
//! played games, for measuring the solver on positions that arise in play.

use crate::engine::{GameOptions, Move, Position, Side, Status, notation};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

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

/// The first position with at most `max_seeds` seeds on the board in a
/// game of En Gehé on `holes` holes a row, 4 seeds a hole, between two
/// greedy players (each takes the move that captures most, ties broken at
/// random) who play a uniformly random move instead with probability
/// `randomness`. `None` when the game ends first (a row runs empty while
/// more seeds are on the board), as many games do.
pub fn played_en_gehe_endgame<R: Rng>(
    rng: &mut R,
    holes: u8,
    max_seeds: u32,
    randomness: f64,
) -> Option<Position> {
    let mut pos = GameOptions::en_gehe(holes).start().ok()?;
    loop {
        if let Status::Over(_) = pos.status() {
            return None;
        }
        if pos.board_seeds() <= max_seeds {
            return Some(pos);
        }
        let children = crate::search::children(&pos);
        if children.is_empty() {
            return None;
        }
        let me = pos.turn();
        let pick = if rng.random_bool(randomness.clamp(0.0, 1.0)) {
            rng.random_range(0..children.len())
        } else {
            let most = children.iter().map(|(_, c)| c.captured(me)).max()?;
            let greedy: Vec<usize> = (0..children.len())
                .filter(|&i| children[i].1.captured(me) == most)
                .collect();
            greedy[rng.random_range(0..greedy.len())]
        };
        pos = children[pick].1;
    }
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

/// Position `k` of seed count `seeds` of the solver's benchmark series
/// (`maasai-mancala bench --solver`, `benches/solver.rs`), the same on every
/// machine.
/// *Scattered*: seeded random sparse 2×50 positions, nothing captured, South
/// to move. *Played*: the first position with at most `seeds` seeds on the
/// board in games between greedy players with 30 % random moves (`None`
/// if none of the first thousand games gets down to so few).
pub fn reference_endgame(seeds: u32, k: u64, played: bool) -> Option<Position> {
    if !played {
        let mut rng = SmallRng::seed_from_u64(seeds as u64 * 1000 + k);
        return Some(sparse_en_gehe(&mut rng, 50, seeds as usize, 50, 50));
    }
    // Many games end before so few seeds are left: play on.
    (0..1000).find_map(|game| {
        let mut rng = SmallRng::seed_from_u64(seeds as u64 * 1000 + k * 100 + game);
        played_en_gehe_endgame(&mut rng, 50, seeds, 0.3)
    })
}

/// Position `k` of `bench --solver --bao`: the position after `plies`
/// uniformly random legal moves from the start of Bao la Kimasai, in the
/// first of a thousand seeded games that lasts that long.
pub fn reference_bao(plies: usize, k: u64) -> Option<Position> {
    (0..1000).find_map(|game| {
        let mut rng = SmallRng::seed_from_u64(plies as u64 * 1000 + k * 100 + game);
        let mut pos = GameOptions::bao_la_kimasai().start().ok()?;
        for _ in 0..plies {
            if pos.status() != Status::Ongoing {
                return None;
            }
            let moves = pos.legal_moves();
            pos.play(moves[rng.random_range(0..moves.len())]).ok()?;
        }
        (pos.status() == Status::Ongoing).then_some(pos)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;
    use rand::rngs::SmallRng;

    #[test]
    fn played_endgames_are_sparse_and_keep_every_seed() {
        let mut found = 0;
        for seed in 0..12 {
            let mut rng = SmallRng::seed_from_u64(seed);
            if let Some(pos) = played_en_gehe_endgame(&mut rng, 50, 16, 0.3) {
                found += 1;
                assert!(pos.board_seeds() <= 16, "{pos}");
                assert!(pos.board_seeds() > 0, "{pos}");
                let captured = pos.captured(Side::South) + pos.captured(Side::North);
                assert_eq!(pos.board_seeds() + captured, 400, "{pos}");
                assert!(matches!(pos.status(), Status::Ongoing), "{pos}");
            }
        }
        assert!(found >= 3, "only {found} of 12 games reached 16 seeds");
    }
}
