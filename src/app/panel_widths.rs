//! Side panels' widths as the user left them. egui keeps a panel's size by
//! id and clamps it to the room there is, so a panel squeezed by a smaller
//! window stayed squeezed after the window grew again; this gives its
//! width back once there is room.

use std::collections::HashMap;

/// Per side panel, by name: the width the user left it at and its width
/// in the last frame.
#[derive(Default)]
pub struct PanelWidths {
    panels: HashMap<&'static str, (f32, f32)>,
}

impl PanelWidths {
    /// The width to give the panel `name` (at most `most` wide this frame):
    /// the one the user left it at, when it was squeezed below that and
    /// there is room for more again.
    pub fn restored(&self, name: &'static str, most: f32) -> Option<f32> {
        match self.panels.get(name) {
            Some(&(wanted, last)) if wanted > last + 0.5 && most > last + 0.5 => {
                Some(wanted.min(most))
            }
            _ => None,
        }
    }

    /// Notes the width `name` came out at. Below its greatest width that is
    /// the user's choice (or the default); at its greatest it may have been
    /// squeezed, so the wish stays as it was.
    pub fn note(&mut self, name: &'static str, width: f32, most: f32) {
        let entry = self.panels.entry(name).or_insert((width, width));
        if width < most - 0.5 {
            entry.0 = width;
        }
        entry.1 = width;
    }

    /// A side panel drawn with its width kept: [`Self::restored`] for one
    /// frame, then [`Self::note`].
    pub fn show<R>(
        &mut self,
        ui: &mut egui::Ui,
        name: &'static str,
        panel: egui::Panel,
        most: f32,
        add_contents: impl FnOnce(&mut egui::Ui) -> R,
    ) -> egui::InnerResponse<R> {
        let panel = match self.restored(name, most) {
            Some(width) => panel.exact_size(width),
            None => panel,
        };
        let shown = panel.show(ui, add_contents);
        self.note(name, shown.response.rect.width(), most);
        shown
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_squeezed_width_comes_back_and_a_chosen_one_stays() {
        let mut widths = PanelWidths::default();
        // Left at 400 in a big window, then squeezed to 250 by a small one.
        widths.note("solver", 400.0, 600.0);
        widths.note("solver", 250.0, 250.0);
        assert_eq!(widths.panels["solver"], (400.0, 250.0));
        // Room again: back to 400, or to what there is.
        assert_eq!(widths.restored("solver", 900.0), Some(400.0));
        assert_eq!(widths.restored("solver", 320.0), Some(320.0));
        assert_eq!(widths.restored("solver", 250.0), None);
        // Dragged narrower by the user: that is the new wish.
        widths.note("solver", 300.0, 900.0);
        assert_eq!(widths.panels["solver"], (300.0, 300.0));
        assert_eq!(widths.restored("solver", 900.0), None);
    }
}
