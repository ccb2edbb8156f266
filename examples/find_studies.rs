//! Searches random positions for study candidates and prints each with its
//! solved line, move by move with what happens (laps, captures, raids), as
//! material for writing a study's comments.
//!
//! `cargo run --example find_studies -- KIND [TRIES] [SEED]` with KIND one of
//! relay, capture, remainder, raid, phase, tempo, endgame; or `show POSITION`.

use maasai_mancala::engine::{LapEnd, LapKind, Move, Position, Side, Status, notation};
use maasai_mancala::solver::{Session, Solver, Value};
use maasai_mancala::study::generate::{sacrifices, sparse_en_gehe};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use std::time::{Duration, Instant};

fn row(r: &[u32]) -> String {
    r.iter()
        .map(|c| c.to_string())
        .collect::<Vec<_>>()
        .join(",")
}

fn small_en_gehe(rng: &mut SmallRng, n: usize, seeds: usize) -> Position {
    let mut rows = vec![vec![0u32; n]; 2];
    for _ in 0..seeds {
        rows[rng.random_range(0..2)][rng.random_range(0..n)] += 1;
    }
    notation::parse_position(&format!(
        "en-gehe south={} north={} captured=0,0 turn=south",
        row(&rows[0]),
        row(&rows[1])
    ))
    .unwrap()
}

fn bao(rng: &mut SmallRng, reserve: u32) -> Option<Position> {
    let mut sides = vec![vec![0u32; 16]; 2];
    for side in sides.iter_mut() {
        for _ in 0..rng.random_range(3..=6) {
            side[rng.random_range(0..8)] += 1;
        }
        for _ in 0..rng.random_range(0..=4) {
            side[rng.random_range(0..16)] += 1;
        }
    }
    notation::parse_position(&format!(
        "bao-la-kimasai south={} north={} reserve={reserve},{reserve} turn=south opening=no",
        row(&sides[0]),
        row(&sides[1])
    ))
    .ok()
    .filter(|p| matches!(p.status(), Status::Ongoing))
}

/// Describes a move for comment writing.
fn describe(pos: &Position, mv: Move) -> String {
    let t = pos.trace(mv).unwrap();
    let mut s = format!(
        "{} {}: {} lap(s)",
        pos.turn().title(),
        pos.variant().move_name(mv),
        t.laps.len()
    );
    for lap in &t.laps {
        match lap.kind {
            LapKind::Raid { from, .. } => s.push_str(&format!(
                " raid {} from {}",
                lap.seeds,
                pos.hole_label(from)
            )),
            LapKind::Lift { from } => s.push_str(&format!(
                " lift {} from {}",
                lap.seeds,
                pos.hole_label(from)
            )),
        }
        if let LapEnd::Ends { hole } = lap.end {
            s.push_str(&format!(" ends in {}", pos.hole_label(hole)));
        }
    }
    if let Some(c) = t.capture {
        s.push_str(&format!(
            "; captures {} (+ last seed) = {}",
            c.facing_seeds, c.total
        ));
    }
    if let Some(h) = t.reserve_seed {
        s.push_str(&format!("; reserve seed into {}", pos.hole_label(h)));
    }
    s
}

fn show(pos: &Position, solver: &mut Solver, note: &str) {
    let s = solver.solve(pos);
    println!("== {note}\n{pos}\nvalue={} pv_len={}", s.value, s.pv.len());
    if pos.variant().is_en_gehe() {
        let vals = solver.move_values(&[], pos, None).unwrap();
        for (m, v) in vals {
            print!("{}:{} ", pos.variant().move_name(m), v);
        }
        println!();
    }
    let mut cur = *pos;
    for &mv in &s.pv {
        println!(
            "  {}  tempo S={} N={}",
            describe(&cur, mv),
            cur.tempo(Side::South),
            cur.tempo(Side::North)
        );
        cur = cur.try_play(mv).unwrap();
    }
    if let Status::Over(r) = cur.status() {
        println!("  end: {}", r.describe());
    }
    println!("  final {cur}");
}

fn unique_best(solver: &mut Solver, pos: &Position) -> Option<(Move, Value, i64)> {
    let vals = solver.move_values(&[], pos, None).ok()?;
    let best = vals.iter().map(|(_, v)| v.rank()).max()?;
    let winners: Vec<_> = vals.iter().filter(|(_, v)| v.rank() == best).collect();
    let second = vals
        .iter()
        .map(|(_, v)| v.rank())
        .filter(|&r| r < best)
        .max()
        .unwrap_or(i64::MIN);
    (winners.len() == 1 && vals.len() >= 3).then(|| (winners[0].0, winners[0].1, best - second))
}

fn main() {
    // Solves recurse deeply on 2×50 boards.
    std::thread::Builder::new()
        .stack_size(512 << 20)
        .spawn(run)
        .unwrap()
        .join()
        .unwrap();
}

fn run() {
    let args: Vec<String> = std::env::args().collect();
    let kind = args.get(1).map(String::as_str).unwrap_or("relay");
    let tries: usize = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(2000);
    let seed: u64 = args.get(3).and_then(|s| s.parse().ok()).unwrap_or(1);
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut solver = Solver::with_table_bits(20);
    let mut shown = 0;
    if kind == "show" {
        // `show "POSITION"`: the solved line of one position.
        let pos = notation::parse_position(&args[2]).unwrap();
        show(&pos, &mut solver, "show");
        return;
    }
    for _ in 0..tries {
        if shown >= 3 {
            break;
        }
        match kind {
            "relay" | "capture" | "remainder" | "tempo" => {
                let n = rng.random_range(5..=7);
                let seeds = rng.random_range(5..=9);
                let pos = small_en_gehe(&mut rng, n, seeds);
                if !matches!(pos.status(), Status::Ongoing) {
                    continue;
                }
                let Some((mv, value, gap)) = unique_best(&mut solver, &pos) else {
                    continue;
                };
                let Value::Margin(m) = value else { continue };
                if m <= 0 || gap < 2 {
                    continue;
                }
                let t = pos.trace(mv).unwrap();
                let s = solver.solve(&pos);
                let mut end = pos;
                for &x in &s.pv {
                    end = end.try_play(x).unwrap();
                }
                let ok = match kind {
                    "relay" => t.laps.len() >= 3 && t.capture.is_none(),
                    "capture" => t.capture.is_some_and(|c| c.facing_seeds >= 2),
                    "remainder" => {
                        matches!(end.status(), Status::Over(r) if r.remainder.is_some_and(|(side, k)| side == Side::South && k >= 3))
                            && s.pv.len() >= 3
                    }
                    _ => s.pv.len() >= 6 && t.capture.is_none() && t.laps.len() == 1,
                };
                if ok {
                    show(&pos, &mut solver, kind);
                    shown += 1;
                }
            }
            "raid" | "phase" => {
                let Some(pos) = bao(&mut rng, if kind == "phase" { 1 } else { 0 }) else {
                    continue;
                };
                let session = Session::with_solver(Solver::with_table_bits(18));
                let h = session.solve(Vec::new(), pos);
                let began = Instant::now();
                while !h.is_finished() && began.elapsed() < Duration::from_secs(2) {
                    std::thread::sleep(Duration::from_millis(5));
                }
                h.cancel();
                let Ok(s) = h.wait() else { continue };
                let Value::Win { plies } = s.value else {
                    continue;
                };
                if !(1..=7).contains(&plies) {
                    continue;
                }
                let first = s.pv[0];
                let raids = pos
                    .trace(first)
                    .unwrap()
                    .laps
                    .iter()
                    .filter(|l| matches!(l.kind, LapKind::Raid { .. }))
                    .count();
                let ok = if kind == "raid" {
                    raids >= 2
                } else {
                    plies >= 3 && pos.trace(first).unwrap().reserve_seed.is_some()
                };
                if ok {
                    show(&pos, &mut solver, kind);
                    shown += 1;
                }
            }
            "endgame" => {
                let seeds = rng.random_range(10..=15);
                let pos = sparse_en_gehe(&mut rng, 50, seeds, 20, 25);
                if pos.tempo_deficit(Side::South) <= 110 {
                    continue;
                }
                let session = Session::with_solver(Solver::with_table_bits(21));
                let h = session.solve(Vec::new(), pos);
                let began = Instant::now();
                while !h.is_finished() && began.elapsed() < Duration::from_secs(5) {
                    std::thread::sleep(Duration::from_millis(10));
                }
                h.cancel();
                let Ok(s) = h.wait() else { continue };
                let Value::Margin(m) = s.value else { continue };
                let sac = sacrifices(&pos, &s.pv, Side::South);
                println!(
                    "candidate deficit={} value={m} sacrifices={sac:?} nodes={}",
                    pos.tempo_deficit(Side::South),
                    s.nodes
                );
                if m >= 2 && !sac.is_empty() {
                    let mut solver = Solver::with_table_bits(21);
                    show(&pos, &mut solver, "endgame");
                    shown += 1;
                }
            }
            _ => panic!("unknown kind {kind}"),
        }
    }
}
