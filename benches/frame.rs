//! CPU cost of one frame of the window: the 2×50 En Gehé board with 400
//! seeds while the pointer sweeps South's row (so hover previews are traced
//! as a player would cause them). Layout, painting and tessellation; no GPU.

use criterion::{Criterion, criterion_group, criterion_main};
use egui_kittest::Harness;
use maasai_mancala::app::MaasaiApp;
use maasai_mancala::engine::GameOptions;

fn frame(c: &mut Criterion) {
    let start = GameOptions::en_gehe(50).start().unwrap();
    let mut h = Harness::builder()
        .with_size([1400.0, 760.0])
        .build_eframe(move |cc| MaasaiApp::new_for_tests(&cc.egui_ctx, start));
    h.run();
    let mut i = 0u32;
    c.bench_function("frame/en-gehe-2x50-hover-sweep", |b| {
        b.iter(|| {
            i += 1;
            h.hover_at(egui::pos2(40.0 + (i as f32 * 17.0) % 900.0, 420.0));
            h.step();
        })
    });
}

criterion_group!(benches, frame);
criterion_main!(benches);
