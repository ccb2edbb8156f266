//! The busy indicator shown while background work runs (solves, searches,
//! endless-move checks).
//!
//! egui's own `Spinner` asks for a repaint on every frame, so the window
//! redraws as fast as it can for as long as the work runs: on a two-core
//! machine that drawing competes with the solver's and the council's
//! threads. This one animates at a modest frame rate instead.

use egui::{Pos2, Shape, Stroke, Ui, vec2};
use std::time::Duration;

/// Frames a second of the indicator's animation.
const FRAMES_PER_SECOND: u64 = 10;

/// A spinning arc the size of a line of text (like egui's spinner).
pub fn spinner(ui: &mut Ui) -> egui::Response {
    let size = ui.style().spacing.interact_size.y;
    let (rect, response) = ui.allocate_exact_size(vec2(size, size), egui::Sense::hover());
    response.widget_info(|| egui::WidgetInfo::new(egui::Role::ProgressIndicator));
    if ui.is_rect_visible(rect) {
        ui.ctx()
            .request_repaint_after(Duration::from_millis(1000 / FRAMES_PER_SECOND));
        let color = ui.visuals().strong_text_color();
        let radius = rect.height().min(rect.width()) * 0.5 - 2.0;
        let time = ui.input(|i| i.time);
        let start = time * std::f64::consts::TAU;
        let end = start + 240f64.to_radians() * time.sin();
        let n = (radius.round() as u32).clamp(8, 64);
        let points: Vec<Pos2> = (0..n)
            .map(|i| {
                let angle = egui::lerp(start..=end, i as f64 / n as f64);
                let (sin, cos) = angle.sin_cos();
                rect.center() + radius * vec2(cos as f32, sin as f32)
            })
            .collect();
        ui.painter()
            .add(Shape::line(points, Stroke::new(3.0, color)));
    }
    response
}
