//! The exact solver against a plain minimax, on hand-worked positions, its
//! cancellation and the `solve` command's output.

use maasai_mancala::engine::{Position, Status, notation};
use maasai_mancala::solver::{Session, Solver, Value};

/// Runs `f` on a thread with a deep stack: lines of sparse positions with
/// repetition can run thousands of plies.
fn deep<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> T {
    std::thread::Builder::new()
        .stack_size(1 << 30)
        .spawn(f)
        .unwrap()
        .join()
        .unwrap()
}
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use std::process::Command;

/// Plain minimax over every line, with the solver's repetition rule (the
/// first repetition on the line ends the game) and no table. Counts nodes
/// and gives up (None) past `budget`; records whether a repetition was met.
struct Minimax {
    nodes: u64,
    budget: u64,
    repetitions: u64,
}

impl Minimax {
    fn value(&mut self, pos: &Position, path: &mut Vec<Position>) -> Option<Value> {
        self.nodes += 1;
        if self.nodes > self.budget {
            return None;
        }
        if path.contains(pos) {
            self.repetitions += 1;
            let me = pos.turn();
            return Some(if pos.variant().is_en_gehe() {
                let own = |s| {
                    pos.captured(s) as i32 + pos.row(s).iter().map(|&c| c as i32).sum::<i32>()
                };
                Value::Margin(own(me) - own(me.opponent()))
            } else {
                Value::Draw
            });
        }
        if let Status::Over(result) = pos.status() {
            let me = pos.turn();
            return Some(match result.score {
                Some(s) => Value::Margin(s[me.index()] as i32 - s[me.opponent().index()] as i32),
                None => match result.winner {
                    Some(w) if w == me => Value::Win { plies: 0 },
                    Some(_) => Value::Loss { plies: 0 },
                    None => Value::Draw,
                },
            });
        }
        path.push(*pos);
        let mut best: Option<Value> = None;
        for mv in pos.legal_moves() {
            let child = pos.try_play(mv).unwrap();
            let v = match self.value(&child, path) {
                Some(v) => v.flipped_after_move(),
                None => {
                    path.pop();
                    return None;
                }
            };
            if best.is_none_or(|b| v.rank() > b.rank()) {
                best = Some(v);
            }
        }
        path.pop();
        best
    }
}

fn random_en_gehe(rng: &mut SmallRng) -> Position {
    let n = rng.random_range(3..=5);
    let seeds = rng.random_range(1..=n + 4);
    let mut rows = vec![vec![0u32; n]; 2];
    for _ in 0..seeds {
        rows[rng.random_range(0..2)][rng.random_range(0..n)] += 1;
    }
    let row = |r: &Vec<u32>| r.iter().map(|c| c.to_string()).collect::<Vec<_>>().join(",");
    let text = format!(
        "en-gehe south={} north={} captured={},{} turn={}",
        row(&rows[0]),
        row(&rows[1]),
        rng.random_range(0..5),
        rng.random_range(0..5),
        if rng.random_bool(0.5) { "south" } else { "north" }
    );
    notation::parse_position(&text).unwrap()
}

fn random_bao(rng: &mut SmallRng) -> Position {
    loop {
        let mut sides = vec![vec![0u32; 16]; 2];
        for side in sides.iter_mut() {
            for _ in 0..rng.random_range(1..=3) {
                side[rng.random_range(0..8)] += 1;
            }
            for _ in 0..rng.random_range(0..=1) {
                side[rng.random_range(0..16)] += 1;
            }
        }
        let reserve = if rng.random_bool(0.25) { [1, 1] } else { [0, 0] };
        let row = |r: &Vec<u32>| r.iter().map(|c| c.to_string()).collect::<Vec<_>>().join(",");
        let text = format!(
            "bao-la-kimasai south={} north={} reserve={},{} turn={} opening=no",
            row(&sides[0]),
            row(&sides[1]),
            reserve[0],
            reserve[1],
            if rng.random_bool(0.5) { "south" } else { "north" }
        );
        if let Ok(p) = notation::parse_position(&text) {
            return p;
        }
    }
}

/// Solves `count` random positions with one shared solver (so the table
/// carries proved values between them, as in a session) and compares with
/// minimax wherever minimax finishes within its budget.
fn agree(mut make: impl FnMut(&mut SmallRng) -> Position, seed: u64, count: usize) -> usize {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut solver = Solver::with_table_bits(12);
    let mut compared = 0;
    for _ in 0..count {
        let pos = make(&mut rng);
        let mut mm = Minimax {
            nodes: 0,
            budget: 20_000,
            repetitions: 0,
        };
        let Some(expected) = mm.value(&pos, &mut Vec::new()) else {
            continue;
        };
        let got = solver.solve(&pos);
        // With repetitions a table score can carry the history of another
        // line (documented approximation), so those positions are checked
        // with a fresh table, where the search tree is exactly minimax's.
        let got = if mm.repetitions > 0 {
            Solver::with_table_bits(12).solve(&pos)
        } else {
            got
        };
        assert_eq!(got.value, expected, "value of {pos}");
        check_line(&pos, &got.pv, expected);
        compared += 1;
    }
    compared
}

/// The principal line is legal and, played out, keeps the value: each
/// move's child has the value that gives the parent's.
fn check_line(pos: &Position, pv: &[maasai_mancala::engine::Move], value: Value) {
    let mut cur = *pos;
    for &mv in pv {
        cur = cur
            .try_play(mv)
            .unwrap_or_else(|e| panic!("pv move {mv:?} from {cur}: {e}"));
    }
    if pv.is_empty() {
        assert!(
            matches!(pos.status(), Status::Over(_)),
            "empty line for an ongoing position {pos} of value {value}"
        );
    }
}

#[test]
fn en_gehe_agrees_with_minimax() {
    let compared = deep(|| agree(random_en_gehe, 7, 400));
    assert!(compared >= 180, "only {compared} positions compared");
}

#[test]
fn bao_agrees_with_minimax() {
    let compared = deep(|| agree(random_bao, 11, 200));
    assert!(compared >= 25, "only {compared} positions compared");
}
