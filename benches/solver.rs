//! Exact solves of 2×50 En Gehé endgames with growing numbers of seeds on
//! the board (a fresh table for every solve). The positions are the seeded
//! random sparse endgames of `study::generate`, the same ones
//! `examples/solver_scaling.rs` times for the README: position #k of a seed
//! count comes from the seed `seeds * 1000 + k`. A second group solves an
//! endgame reached in play (`solver_scaling --played`) on one thread and on
//! two.

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use maasai_mancala::solver::Solver;
use maasai_mancala::study::generate::{played_en_gehe_endgame, sparse_en_gehe};
use rand::SeedableRng;
use rand::rngs::SmallRng;
use std::time::Duration;

fn solve_endgames(c: &mut Criterion) {
    let mut group = c.benchmark_group("solve 2x50 en-gehe");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(20));
    // (seeds, k): position #k of the example's series. 14-seed #0 and
    // 16-seed #1 are left out: they are not solved within a minute (see
    // the README), so the example, with its time limit, reports them.
    for (seeds, k) in [
        (4usize, 0u64),
        (6, 0),
        (8, 0),
        (10, 0),
        (12, 0),
        (16, 0),
        (16, 2),
    ] {
        let mut rng = SmallRng::seed_from_u64(seeds as u64 * 1000 + k);
        let pos = sparse_en_gehe(&mut rng, 50, seeds, 50, 50);
        let id = BenchmarkId::from_parameter(format!("{seeds} seeds #{k}"));
        group.bench_with_input(id, &pos, |b, pos| {
            b.iter(|| {
                let mut solver = Solver::with_table_bits(20);
                solver.solve(pos)
            })
        });
    }
    group.finish();
}

fn solve_played_endgame(c: &mut Criterion) {
    let mut group = c.benchmark_group("solve a played 2x50 en-gehe endgame");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(20));
    // `solver_scaling --played`'s 12-seed #0: the first game of its series
    // that reaches 12 seeds (11 on the board after a capture).
    let pos = (0..)
        .find_map(|game| {
            let mut rng = SmallRng::seed_from_u64(12 * 1000 + game);
            played_en_gehe_endgame(&mut rng, 50, 12, 0.3)
        })
        .expect("a game reaches 12 seeds");
    for threads in [1, 2] {
        let plural = if threads == 1 { "" } else { "s" };
        let id = BenchmarkId::from_parameter(format!("12 seeds #0, {threads} thread{plural}"));
        group.bench_with_input(id, &pos, |b, pos| {
            b.iter(|| {
                let mut solver = Solver::with_table_bits(20).with_threads(threads);
                solver.solve(pos)
            })
        });
    }
    group.finish();
}

criterion_group!(benches, solve_endgames, solve_played_endgame);
criterion_main!(benches);
