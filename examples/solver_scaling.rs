//! Times exact solves of seeded random 2×50 En Gehé endgames by seed count,
//! each with a fresh table and a time limit, for the README's table.
//!
//! `cargo run --release --example solver_scaling -- [LIMIT_SECONDS] [POSITIONS_PER_COUNT] [MAX_SEEDS]`

use maasai_mancala::solver::{Session, Solver};
use maasai_mancala::study::generate::sparse_en_gehe;
use rand::SeedableRng;
use rand::rngs::SmallRng;
use std::time::{Duration, Instant};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let limit: f64 = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(60.0);
    let per_count: u64 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(5);
    let max_seeds: usize = args.get(3).and_then(|s| s.parse().ok()).unwrap_or(24);
    println!("limit {limit}s per solve, {per_count} positions per seed count");
    for seeds in (4..=max_seeds).step_by(2) {
        let mut times = Vec::new();
        let mut unsolved = 0;
        for k in 0..per_count {
            let mut rng = SmallRng::seed_from_u64(seeds as u64 * 1000 + k);
            let pos = sparse_en_gehe(&mut rng, 50, seeds, 50, 50);
            let session = Session::with_solver(Solver::with_table_bits(22));
            let began = Instant::now();
            let handle = session.solve(Vec::new(), pos);
            while !handle.is_finished() && began.elapsed() < Duration::from_secs_f64(limit) {
                std::thread::sleep(Duration::from_millis(20));
            }
            handle.cancel();
            match handle.wait() {
                Ok(s) => {
                    times.push(s.elapsed.as_secs_f64());
                    println!(
                        "  seeds={seeds} #{k}: value={} nodes={} time={:.3}s",
                        s.value,
                        s.nodes,
                        s.elapsed.as_secs_f64()
                    );
                }
                Err(_) => {
                    unsolved += 1;
                    println!("  seeds={seeds} #{k}: not solved within {limit}s  {pos}");
                }
            }
        }
        times.sort_by(f64::total_cmp);
        let max = times.last().copied().unwrap_or(f64::NAN);
        let within10 = times.iter().filter(|&&t| t <= 10.0).count();
        println!(
            "seeds={seeds}: solved {}/{per_count} (within 10s: {within10}), slowest solved {max:.3}s",
            times.len()
        );
        if unsolved == per_count as usize {
            break;
        }
    }
}
