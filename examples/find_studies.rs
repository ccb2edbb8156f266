//! Searches random positions for study candidates and prints each with its
//! solved line, move by move with what happens (laps, captures, raids), as
//! material for writing a study's comments.
//!
//! `cargo run --example find_studies -- KIND [TRIES] [SEED] [--holes N]` with
//! KIND one of relay, capture, remainder, raid, phase, tempo, endgame (2×50
//! unless `--holes`); the kinds for the real board sizes, sacrifice (2×40
//! unless `--holes`: a sparse endgame won with a line that gives North a
//! capture) and quiet (2×45 unless `--holes`: the biggest capture misses the
//! best value, a move that captures nothing reaches it); the Bao la Kimasai
//! kinds herd (phase 1: only some holes given the reserve seed win) and chain
//! (a move whose raid relays into another raid); or `show POSITION`.

use maasai_mancala::engine::{LapEnd, LapKind, Move, Position, Side, Status, notation};
use maasai_mancala::solver::{Session, Solution, Solver, Value};
use maasai_mancala::study::generate::{sacrifices, sparse_en_gehe};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use std::ops::RangeInclusive;
use std::sync::atomic::{AtomicBool, Ordering};
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

/// A Bao la Kimasai position, South to move, with `inner` seeds dropped
/// on each side's inner row and `extra` anywhere on its side.
fn bao(
    rng: &mut SmallRng,
    reserve: (u32, u32),
    inner: RangeInclusive<u32>,
    extra: RangeInclusive<u32>,
) -> Option<Position> {
    let mut sides = vec![vec![0u32; 16]; 2];
    for side in sides.iter_mut() {
        for _ in 0..rng.random_range(inner.clone()) {
            side[rng.random_range(0..8)] += 1;
        }
        for _ in 0..rng.random_range(extra.clone()) {
            side[rng.random_range(0..16)] += 1;
        }
    }
    notation::parse_position(&format!(
        "bao-la-kimasai south={} north={} reserve={},{} turn=south opening=no",
        row(&sides[0]),
        row(&sides[1]),
        reserve.0,
        reserve.1
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
    println!(
        "== {note}\n{pos}\nvalue={} ({}) pv_len={}",
        s.value,
        s.value.describe(),
        s.pv.len()
    );
    if let Some(vals) = move_values(solver, pos, Duration::from_secs(20)) {
        for (m, v) in vals {
            match v {
                Value::Win { plies } | Value::Loss { plies } => {
                    print!("{}:{v}{plies} ", pos.variant().move_name(m))
                }
                _ => print!("{}:{v} ", pos.variant().move_name(m)),
            }
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

/// Runs `f` with a stop flag that is set after `limit` (or once `f` is
/// done), so that a solve needing longer is given up.
fn within<T>(limit: Duration, f: impl FnOnce(&AtomicBool) -> T) -> T {
    let stop = AtomicBool::new(false);
    let done = AtomicBool::new(false);
    std::thread::scope(|s| {
        s.spawn(|| {
            let began = Instant::now();
            while !done.load(Ordering::Relaxed) && began.elapsed() < limit {
                std::thread::sleep(Duration::from_millis(5));
            }
            stop.store(true, Ordering::Relaxed);
        });
        let out = f(&stop);
        done.store(true, Ordering::Relaxed);
        out
    })
}

/// The solution of `pos`, if the solver finds it within `limit`.
fn solve_within(solver: &mut Solver, pos: &Position, limit: Duration) -> Option<Solution> {
    within(limit, |stop| {
        solver.solve_with(&[], pos, Some(stop), None).ok()
    })
}

/// The value of every move of `pos`, if the solver finds them within `limit`.
fn move_values(solver: &mut Solver, pos: &Position, limit: Duration) -> Option<Vec<(Move, Value)>> {
    within(limit, |stop| solver.move_values(&[], pos, Some(stop)).ok())
}

/// Whether a move's laps run raid, relay, raid: a raided handful whose last
/// seed relays into a lap that raids again.
fn raid_relay_raid(pos: &Position, mv: Move) -> bool {
    let laps = pos.trace(mv).expect("a legal move").laps;
    laps.windows(3).any(|w| {
        matches!(w[0].kind, LapKind::Raid { .. })
            && matches!(w[0].end, LapEnd::Relay { .. })
            && matches!(w[1].kind, LapKind::Lift { .. })
            && matches!(w[1].end, LapEnd::Raid { .. })
    })
}

/// Whether the side to move at `pos` wins within `plies` plies (a plain
/// search of every line; for short wins in sparse positions).
fn wins_within(pos: &Position, plies: u32) -> bool {
    pos.legal_moves()
        .into_iter()
        .any(|mv| move_wins_within(pos, mv, plies))
}

/// Whether `mv` wins within `plies` plies, this move included.
fn move_wins_within(pos: &Position, mv: Move, plies: u32) -> bool {
    if plies == 0 {
        return false;
    }
    let Ok(next) = pos.try_play(mv) else {
        return false;
    };
    match next.status() {
        Status::Over(r) => r.winner == Some(pos.turn()),
        Status::Ongoing => {
            plies >= 3
                && next.legal_moves().into_iter().all(|reply| {
                    next.try_play(reply)
                        .is_ok_and(|after| match after.status() {
                            Status::Over(r) => r.winner == Some(pos.turn()),
                            Status::Ongoing => wins_within(&after, plies - 2),
                        })
                })
        }
    }
}

/// Whether one of South's moves along `line` from `pos` chains a raid
/// into a relay into another raid.
fn south_chains(pos: &Position, line: &[Move]) -> bool {
    let mut cur = *pos;
    for &mv in line {
        if cur.turn() == Side::South && raid_relay_raid(&cur, mv) {
            return true;
        }
        cur = cur.try_play(mv).expect("a legal line");
    }
    false
}

/// A sparse En Gehé endgame of `holes` holes a row with 6 to 10 seeds, the
/// seeds of each side within a random span of its row (South's at its end,
/// North's at its start).
fn real_board_endgame(rng: &mut SmallRng, holes: usize) -> Option<Position> {
    let seeds = rng.random_range(6..=10);
    let (south_span, north_span) = (
        rng.random_range(holes.min(4)..=holes),
        rng.random_range(holes.min(4)..=holes),
    );
    let pos = sparse_en_gehe(rng, holes, seeds, south_span, north_span);
    matches!(pos.status(), Status::Ongoing).then_some(pos)
}

fn main() {
    // `find_studies … | head` ends quietly when head has read enough (set
    // before any other thread starts).
    maasai_mancala::cli::quiet_on_closed_pipe();
    // Solves recurse deeply on 2×50 boards.
    std::thread::Builder::new()
        .stack_size(512 << 20)
        .spawn(run)
        .unwrap()
        .join()
        .unwrap();
}

const KINDS: [&str; 11] = [
    "relay",
    "capture",
    "remainder",
    "tempo",
    "raid",
    "phase",
    "herd",
    "chain",
    "sacrifice",
    "quiet",
    "endgame",
];

/// The kinds that take `--holes` (the others have boards of their own).
const SIZED_KINDS: [&str; 3] = ["sacrifice", "quiet", "endgame"];

/// Ends the run with what was wrong with the arguments and how they go.
fn refuse(problem: &str) -> ! {
    eprintln!(
        "find_studies: {problem}\n\
         usage: find_studies KIND [TRIES] [SEED] [--holes N] | find_studies show \"POSITION\"\n\
         KIND: {} (--holes 3 to 64 only for {})",
        KINDS.join(", "),
        SIZED_KINDS.join(", ")
    );
    std::process::exit(2);
}

/// The optional number at `args[i]`, or `default`; a word that is not one
/// is refused, not read as the default.
fn number<T: std::str::FromStr + std::fmt::Display>(
    args: &[String],
    i: usize,
    what: &str,
    default: T,
    max: T,
) -> T {
    match args.get(i) {
        None => default,
        Some(s) => s.parse().unwrap_or_else(|_| {
            refuse(&format!(
                "{what} must be a whole number from 0 to {max}, not \"{s}\""
            ))
        }),
    }
}

fn run() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let holes: Option<usize> = args.iter().position(|a| a == "--holes").map(|i| {
        let n = args.get(i + 1).map(|s| (s.clone(), s.parse::<usize>()));
        args.drain(i..(i + 2).min(args.len()));
        match n {
            Some((_, Ok(n))) if (3..=64).contains(&n) => n,
            Some((s, _)) => refuse(&format!(
                "--holes takes a number of holes a row from 3 to 64, not \"{s}\""
            )),
            None => refuse("--holes takes a number of holes a row from 3 to 64"),
        }
    });
    let kind = args.first().map(String::as_str).unwrap_or("relay");
    if holes.is_some() && !SIZED_KINDS.contains(&kind) {
        refuse(&format!("--holes is not for {kind}: its board is its own"));
    }
    if kind == "show" {
        // `show "POSITION"`: the solved line of one position.
        let Some(text) = args.get(1) else {
            refuse("show takes a position")
        };
        if let Some(extra) = args.get(2) {
            refuse(&format!("unexpected \"{extra}\" after the position"));
        }
        let pos = notation::parse_position(text)
            .unwrap_or_else(|e| refuse(&format!("the position: {e}")));
        show(&pos, &mut Solver::with_table_bits(20), "show");
        return;
    }
    if !KINDS.contains(&kind) {
        refuse(&format!("unknown kind \"{kind}\""));
    }
    if args.len() > 3 {
        refuse(&format!("unexpected \"{}\"", args[3]));
    }
    let tries: usize = number(&args, 1, "TRIES", 2000, usize::MAX);
    let seed: u64 = number(&args, 2, "SEED", 1, u64::MAX);
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut solver = Solver::with_table_bits(20);
    let mut shown = 0;
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
                let reserve = if kind == "phase" { 1 } else { 0 };
                let Some(pos) = bao(&mut rng, (reserve, reserve), 3..=6, 0..=4) else {
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
            "herd" | "chain" => {
                // herd: each side has its last reserve seed, so both herd
                // once before the raids of phase 2.
                let reserve = if kind == "herd" { (1, 1) } else { (0, 0) };
                // Sparse positions: short wins, quick proofs.
                let Some(pos) = bao(&mut rng, reserve, 1..=4, 0..=3) else {
                    continue;
                };
                // A win within 3 or 5 plies but not at once, found by a
                // plain search first (most random positions have no short
                // win, and the solver takes long to say so).
                let Some(plies) = [1, 3, 5].into_iter().find(|&k| wins_within(&pos, k)) else {
                    continue;
                };
                let moves = pos.legal_moves();
                let winning = moves
                    .iter()
                    .filter(|&&mv| move_wins_within(&pos, mv, plies))
                    .count();
                // Only some moves win as fast: the choice matters.
                if plies < 3 || moves.len() < 3 || winning * 3 > moves.len() {
                    continue;
                }
                let Some(s) = solve_within(&mut solver, &pos, Duration::from_secs(10)) else {
                    continue;
                };
                let chains = south_chains(&pos, &s.pv);
                let herds = pos
                    .trace(s.pv[0])
                    .expect("a legal move")
                    .reserve_seed
                    .is_some();
                if (kind == "chain" && chains) || (kind == "herd" && herds) {
                    show(&pos, &mut solver, kind);
                    shown += 1;
                }
            }
            "sacrifice" | "quiet" => {
                let n = holes.unwrap_or(if kind == "sacrifice" { 40 } else { 45 });
                let Some(pos) = real_board_endgame(&mut rng, n) else {
                    continue;
                };
                let Some(s) = solve_within(&mut solver, &pos, Duration::from_secs(1)) else {
                    continue;
                };
                let Value::Margin(m) = s.value else { continue };
                if m <= 0 {
                    continue;
                }
                let sac = sacrifices(&pos, &s.pv, Side::South);
                // A line short enough to comment move by move.
                if s.pv.len() > 15 || (kind == "sacrifice" && sac.is_empty()) {
                    continue;
                }
                let Some(vals) = move_values(&mut solver, &pos, Duration::from_secs(3)) else {
                    continue;
                };
                if vals.len() < 3 || vals.iter().all(|(_, v)| v.rank() == s.value.rank()) {
                    continue;
                }
                if kind == "quiet" {
                    // The tempting move: the biggest immediate capture.
                    let captures = |mv: Move| pos.trace(mv).ok()?.capture.map(|c| c.total);
                    let Some(&(tempting, value)) = vals
                        .iter()
                        .filter(|(mv, _)| captures(*mv).is_some())
                        .max_by_key(|(mv, _)| captures(*mv))
                    else {
                        continue;
                    };
                    let quiet_best = vals
                        .iter()
                        .filter(|(_, v)| v.rank() == s.value.rank())
                        .all(|(mv, _)| captures(*mv).is_none());
                    if value.rank() >= s.value.rank() || !quiet_best {
                        continue;
                    }
                    // Every capture and its value, for naming them.
                    for &(mv, v) in &vals {
                        if let Some(k) = captures(mv) {
                            println!("capture {} takes {k}: {v}", pos.variant().move_name(mv));
                        }
                    }
                    println!(
                        "tempting {} misses the best value {}",
                        pos.variant().move_name(tempting),
                        s.value
                    );
                }
                println!("sacrifices at plies {sac:?}");
                show(&pos, &mut solver, kind);
                shown += 1;
            }
            "endgame" => {
                let seeds = rng.random_range(10..=15);
                let pos = sparse_en_gehe(&mut rng, holes.unwrap_or(50), seeds, 20, 25);
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
            _ => unreachable!("the kinds were checked against KINDS"),
        }
    }
}
