//! CPU cost of one frame of the window: the 2×50 En Gehé board with 400
//! seeds while the pointer sweeps South's row (so hover previews are traced
//! as a player would cause them). Layout, painting and tessellation; no GPU.

use criterion::{Criterion, criterion_group, criterion_main};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use maasai_mancala::app::MaasaiApp;
use maasai_mancala::engine::GameOptions;

fn frame(c: &mut Criterion) {
    let start = GameOptions::en_gehe(50).start().unwrap();
    let mut h = Harness::builder()
        .with_size([1400.0, 760.0])
        .build_eframe(move |cc| MaasaiApp::new_for_tests(&cc.egui_ctx, start));
    h.run();
    // South's row as drawn: from the centre of hole 1 to that of hole 50
    // (a fixed point once missed the row, and nothing was previewed).
    let centre = |name: &str| {
        h.get_by(|node| node.label().is_some_and(|l| l.starts_with(name)))
            .rect()
            .center()
    };
    let (first, last) = (centre("South 1: "), centre("South 50: "));
    let mut i = 0u32;
    c.bench_function("frame/en-gehe-2x50-hover-sweep", |b| {
        b.iter(|| {
            i += 1;
            // One hole after another, every hole of the row in turn.
            let t = (i % 50) as f32 / 49.0;
            h.hover_at(first + (last - first) * t);
            h.step();
        })
    });
    // The sweep previews moves, as the bench says it measures.
    assert!(
        h.state().rt.preview.is_some(),
        "the pointer is off South's row"
    );
}

criterion_group!(benches, frame);
criterion_main!(benches);
