//! The busy indicator shown while background work runs (solves, searches,
//! endless-move checks).
//!
//! egui's own `Spinner` asks for a repaint on every frame, so the window
//! redraws as fast as it can for as long as the work runs: on a two-core
//! machine that drawing competes with the solver's and the council's
//! threads. This one animates at a modest frame rate instead.

use egui::{Pos2, Shape, Stroke, Ui, vec2};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// Frames a second of the indicator's animation.
const FRAMES_PER_SECOND: u64 = 10;

/// Frames a second where the window is drawn by the processor (a
/// software renderer such as Mesa's llvmpipe: no graphics driver, some
/// virtual machines and remote desktops). There each frame of this window costs about 0.1 s of both
/// cores' time, so ten a second took a core from the computer's search
/// for as long as it thought.
const SOFTWARE_FRAMES_PER_SECOND: u64 = 3;

/// Whether the window is drawn by a software renderer
/// ([`note_renderer`]).
static SOFTWARE_RENDERER: AtomicBool = AtomicBool::new(false);

/// Notes what draws the window (eframe's wgpu adapter, once at the
/// start): a processor-only adapter slows the busy indicator down.
pub fn note_renderer(device_type: Option<eframe::wgpu::DeviceType>) {
    let software = device_type == Some(eframe::wgpu::DeviceType::Cpu);
    SOFTWARE_RENDERER.store(software, Ordering::Relaxed);
}

/// The interval between frames drawn for background work's progress (the
/// indicator's, and the polls of searches and solves) on the renderer
/// noted: a tenth of a second, a third on a software renderer.
pub fn frame_interval() -> Duration {
    let fps = if SOFTWARE_RENDERER.load(Ordering::Relaxed) {
        SOFTWARE_FRAMES_PER_SECOND
    } else {
        FRAMES_PER_SECOND
    };
    Duration::from_millis(1000 / fps)
}

/// A spinning arc the size of a line of text (like egui's spinner).
pub fn spinner(ui: &mut Ui) -> egui::Response {
    let size = ui.style().spacing.interact_size.y;
    let (rect, response) = ui.allocate_exact_size(vec2(size, size), egui::Sense::hover());
    response.widget_info(|| egui::WidgetInfo::new(egui::Role::ProgressIndicator));
    if ui.is_rect_visible(rect) {
        ui.ctx().request_repaint_after(frame_interval());
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_software_renderer_draws_the_busy_frames_slower() {
        use eframe::wgpu::DeviceType;
        note_renderer(Some(DeviceType::Cpu));
        assert_eq!(frame_interval(), Duration::from_millis(333));
        for gpu in [
            Some(DeviceType::DiscreteGpu),
            Some(DeviceType::IntegratedGpu),
            None,
        ] {
            note_renderer(gpu);
            assert_eq!(frame_interval(), Duration::from_millis(100), "{gpu:?}");
        }
    }
}
