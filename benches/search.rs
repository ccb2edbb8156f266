//! Search speed: time to a fixed depth on 2×50 En Gehé and on Bao la
//! Kimasai, on one thread and on two (Lazy SMP). The ratio of the two
//! timings is the two-core speed-up; nodes per second are printed once
//! before the timings.

use criterion::{Criterion, criterion_group, criterion_main};
use maasai_mancala::engine::playout::random_playout;
use maasai_mancala::engine::{GameOptions, Position};
use maasai_mancala::search::{SearchConfig, search};
use rand::SeedableRng;
use std::hint::black_box;

/// A middle-game position: 30 random moves from the start (fixed seed).
fn middle_game(options: GameOptions) -> Position {
    let mut pos = options.start().expect("valid start");
    let mut rng = rand::rngs::SmallRng::seed_from_u64(5);
    random_playout(&mut pos, &mut rng, 30);
    pos
}

fn bench_search(c: &mut Criterion) {
    let cases = [
        (
            "en-gehe-2x50-start",
            GameOptions::en_gehe(50).start().unwrap(),
            6,
        ),
        (
            "en-gehe-2x50-middle",
            middle_game(GameOptions::en_gehe(50)),
            6,
        ),
        (
            "bao-la-kimasai-start",
            GameOptions::bao_la_kimasai().start().unwrap(),
            12,
        ),
    ];
    for (name, pos, depth) in &cases {
        let a = search(pos, SearchConfig::depth(*depth));
        println!(
            "{name}: depth {depth} one thread: nodes={} moves_made={} time_ms={} nps={} moves_per_second={}",
            a.nodes,
            a.moves_made,
            a.elapsed.as_millis(),
            a.nps(),
            a.moves_per_second()
        );
        let mut group = c.benchmark_group(*name);
        group.sample_size(10);
        group.warm_up_time(std::time::Duration::from_secs(1));
        group.measurement_time(std::time::Duration::from_secs(5));
        for threads in [1usize, 2] {
            group.bench_function(format!("depth{depth}-threads{threads}"), |b| {
                b.iter(|| {
                    // A fresh table each time: the timing is a cold search.
                    let a = search(black_box(pos), SearchConfig::depth(*depth).threads(threads));
                    black_box(a.best_move())
                })
            });
        }
        group.finish();
    }
}

criterion_group!(benches, bench_search);
criterion_main!(benches);
