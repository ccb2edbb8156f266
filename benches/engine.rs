//! Engine speed: random playouts on the fast path, and the verdict on the
//! RULES.md endless-move example (a 7,589,376-lap cycle).

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use maasai_mancala::engine::{GameOptions, Position, notation, playout};
use rand::SeedableRng;
use std::hint::black_box;

fn playouts(c: &mut Criterion) {
    let mut group = c.benchmark_group("playout");
    for (name, start) in [
        ("en-gehe-2x50", GameOptions::en_gehe(50).start().unwrap()),
        (
            "bao-la-kimasai",
            GameOptions::bao_la_kimasai().start().unwrap(),
        ),
    ] {
        // Count the moves of a fixed batch of playouts, so throughput is in moves.
        let mut rng = rand::rngs::SmallRng::seed_from_u64(7);
        let moves: u64 = (0..20)
            .map(|_| {
                let mut pos = start;
                playout::random_playout(&mut pos, &mut rng, 10_000).moves as u64
            })
            .sum();
        group.throughput(Throughput::Elements(moves));
        group.bench_function(name, |b| {
            b.iter(|| {
                let mut rng = rand::rngs::SmallRng::seed_from_u64(7);
                for _ in 0..20 {
                    let mut pos: Position = start;
                    black_box(playout::random_playout(&mut pos, &mut rng, 10_000));
                }
            })
        });
    }
    group.finish();
}

fn endless_example(c: &mut Criterion) {
    let pos = notation::parse_position(
        "bao-la-kimasai south=5,4,3,0,1,3,4,1,2,1,2,5,0,3,3,2 north=1,1,1,1,1,1,1,1,0,0,0,0,0,0,0,0 reserve=10,10 turn=south opening=no",
    )
    .unwrap();
    let o2 = pos.variant().parse_move("o2").unwrap();
    let mut group = c.benchmark_group("endless");
    group.sample_size(10);
    // Sown to its cycle each time: what long moves came to is remembered
    // for the run, and the memo would answer every iteration but the first.
    group.bench_function("bao-o2-cycle-7589376", |b| {
        b.iter(|| {
            maasai_mancala::engine::forget_long_moves();
            black_box(pos.try_play(o2)).unwrap_err()
        })
    });
    // The same move met again (as a solver meets it): answered by the memo.
    group.bench_function("bao-o2-recalled", |b| {
        b.iter(|| black_box(pos.try_play(o2)).unwrap_err())
    });
    group.finish();
}

criterion_group!(benches, playouts, endless_example);
criterion_main!(benches);
