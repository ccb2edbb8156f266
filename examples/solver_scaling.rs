//! Times exact solves of seeded random 2×50 En Gehé endgames by seed count,
//! each with a fresh table and a time limit, and prints the README's table:
//! how many positions of each seed count are solved within 10 s and within
//! the limit (60 s by default). With `--stats` each solve also prints the
//! search's counters (table hits, repetitions, cut-offs, MTD(f) passes).
//! With `--played` the positions are not scattered at random but reached in
//! played games (greedy players with 30 % random moves, stopped at the
//! first position with at most that many seeds on the board). `--list`
//! prints the positions instead of solving them.
//!
//! `cargo run --release --example solver_scaling -- [LIMIT_SECONDS] [POSITIONS_PER_COUNT] [MAX_SEEDS] [MIN_SEEDS] [--stats] [--played] [--list]`

use maasai_mancala::solver::{Session, Solver};
use maasai_mancala::study::generate::{played_en_gehe_endgame, sparse_en_gehe};
use rand::SeedableRng;
use rand::rngs::SmallRng;
use std::time::{Duration, Instant};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let stats = args.iter().any(|a| a == "--stats");
    let played = args.iter().any(|a| a == "--played");
    let list = args.iter().any(|a| a == "--list");
    let nums: Vec<&String> = args.iter().filter(|a| !a.starts_with("--")).collect();
    let limit: f64 = nums.first().and_then(|s| s.parse().ok()).unwrap_or(60.0);
    let per_count: u64 = nums.get(1).and_then(|s| s.parse().ok()).unwrap_or(5);
    let max_seeds: usize = nums.get(2).and_then(|s| s.parse().ok()).unwrap_or(20);
    let min_seeds: usize = nums.get(3).and_then(|s| s.parse().ok()).unwrap_or(4);
    println!("limit {limit}s per solve, {per_count} positions per seed count");
    let mut table = Vec::new();
    for seeds in (min_seeds..=max_seeds).step_by(2) {
        let mut times = Vec::new();
        for k in 0..per_count {
            let mut rng = SmallRng::seed_from_u64(seeds as u64 * 1000 + k);
            let pos = if played {
                // Many games end before so few seeds are left: play on.
                let mut game = 0;
                loop {
                    let mut rng = SmallRng::seed_from_u64(seeds as u64 * 1000 + k * 100 + game);
                    if let Some(p) = played_en_gehe_endgame(&mut rng, 50, seeds as u32, 0.3) {
                        break p;
                    }
                    game += 1;
                }
            } else {
                sparse_en_gehe(&mut rng, 50, seeds, 50, 50)
            };
            if list {
                println!("{pos}");
                continue;
            }
            let session = Session::with_solver(Solver::with_table_bits(22));
            let began = Instant::now();
            let handle = session.solve(Vec::new(), pos);
            while !handle.is_finished() && began.elapsed() < Duration::from_secs_f64(limit) {
                std::thread::sleep(Duration::from_millis(5));
            }
            handle.cancel();
            match handle.wait() {
                Ok(s) => {
                    times.push(s.elapsed.as_secs_f64());
                    println!(
                        "  seeds={seeds} #{k} ({} on the board): value={} nodes={} time={:.3}s",
                        pos.board_seeds(),
                        s.value,
                        s.nodes,
                        s.elapsed.as_secs_f64()
                    );
                    if stats {
                        println!("    {pos}");
                        println!("    {:?}", session.solver().last_stats());
                    }
                }
                Err(_) => {
                    println!("  seeds={seeds} #{k}: not solved within {limit}s  {pos}");
                    if stats {
                        println!("    {:?}", session.solver().last_stats());
                    }
                }
            }
        }
        times.sort_by(f64::total_cmp);
        let within10 = times.iter().filter(|&&t| t <= 10.0).count();
        let slowest = times.last().copied();
        println!(
            "seeds={seeds}: within 10s {within10}/{per_count}, within {limit}s {}/{per_count}, slowest solved {}",
            times.len(),
            slowest.map_or("-".into(), |t| format!("{t:.3}s"))
        );
        table.push((seeds, within10, times.len(), slowest));
        if times.is_empty() && !list {
            break;
        }
    }
    println!();
    println!(
        "| seeds on the board | solved within 10 s | solved within {limit} s | slowest solved |"
    );
    println!("|---|---|---|---|");
    for (seeds, within10, solved, slowest) in table {
        println!(
            "| {seeds} | {within10}/{per_count} | {solved}/{per_count} | {} |",
            slowest.map_or("—".into(), |t| format!("{t:.3} s"))
        );
    }
}
