//! Exact solves of 2×50 En Gehé endgames with growing numbers of seeds on
//! the board (a fresh table for every solve). The positions are the seeded
//! random sparse endgames of `study::generate`, the same ones
//! `examples/solver_scaling.rs` times for the README (its position #0 of
//! each seed count).

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use maasai_mancala::solver::Solver;
use maasai_mancala::study::generate::sparse_en_gehe;
use rand::SeedableRng;
use rand::rngs::SmallRng;
use std::time::Duration;

fn solve_endgames(c: &mut Criterion) {
    let mut group = c.benchmark_group("solve 2x50 en-gehe");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(20));
    // 14 and more seeds: some positions are not solved within a minute
    // (see the README), so they are timed by the example, not here.
    for seeds in [4usize, 6, 8, 10, 12] {
        // Position #0 of the example's series for this seed count.
        let mut rng = SmallRng::seed_from_u64(seeds as u64 * 1000);
        let pos = sparse_en_gehe(&mut rng, 50, seeds, 50, 50);
        group.bench_with_input(BenchmarkId::from_parameter(seeds), &pos, |b, pos| {
            b.iter(|| {
                let mut solver = Solver::with_table_bits(20);
                solver.solve(pos)
            })
        });
    }
    group.finish();
}

criterion_group!(benches, solve_endgames);
criterion_main!(benches);
