//! Side panels' widths as the user left them. egui keeps a panel's size by
//! id and clamps it to the room there is, so a panel squeezed by a smaller
//! window stayed squeezed after the window grew again; this gives its
//! width back once there is room.

use super::panel_name;
use std::collections::HashMap;

/// Per side panel, by name: the width the user left it at and its width
/// in the last frame.
#[derive(Default)]
pub struct PanelWidths {
    panels: HashMap<&'static str, (f32, f32)>,
}

/// The side panels whose widths are kept, by the names [`PanelWidths::show`]
/// is called with.
pub const PANELS: &[&str] = &[
    panel_name::STUDY,
    panel_name::SOLVER,
    panel_name::MOVE_LIST,
    panel_name::COUNCIL_BESIDE,
    panel_name::EDITOR,
];

impl PanelWidths {
    /// Widths wished in an earlier run (the settings' `panel_widths`):
    /// each is given back on the first frame there is room for it, even
    /// where egui remembers the panel squeezed. Unknown names are skipped.
    pub fn from_wishes(wishes: &std::collections::BTreeMap<String, f32>) -> Self {
        let panels = PANELS
            .iter()
            .filter_map(|&name| wishes.get(name).map(|&w| (name, (w, 0.0))))
            .collect();
        Self { panels }
    }

    /// The widths the user left the side panels at, to keep for the next
    /// run (the council under the board is kept in this run only: egui
    /// keeps its height between runs).
    pub fn wishes(&self) -> std::collections::BTreeMap<String, f32> {
        self.panels
            .iter()
            .filter(|(name, _)| PANELS.contains(name))
            .map(|(&name, &(wanted, _))| (name.to_string(), wanted))
            .collect()
    }

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
        self.show_sized(ui, name, panel, most, egui::Rect::width, add_contents)
    }

    /// A panel under the board drawn with its height kept, as [`Self::show`]
    /// keeps a side panel's width: the council under a Bao la Kimasai board
    /// came back 8 px lower after the window grew and shrank again.
    pub fn show_bottom<R>(
        &mut self,
        ui: &mut egui::Ui,
        name: &'static str,
        panel: egui::Panel,
        most: f32,
        add_contents: impl FnOnce(&mut egui::Ui) -> R,
    ) -> egui::InnerResponse<R> {
        self.show_sized(ui, name, panel, most, egui::Rect::height, add_contents)
    }

    fn show_sized<R>(
        &mut self,
        ui: &mut egui::Ui,
        name: &'static str,
        panel: egui::Panel,
        most: f32,
        extent: fn(&egui::Rect) -> f32,
        add_contents: impl FnOnce(&mut egui::Ui) -> R,
    ) -> egui::InnerResponse<R> {
        let panel = match self.restored(name, most) {
            Some(size) => panel.exact_size(size),
            None => panel,
        };
        let shown = panel.show(ui, add_contents);
        self.note(name, extent(&shown.response.rect), most);
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

    #[test]
    fn wishes_outlive_the_run() {
        let mut widths = PanelWidths::default();
        widths.note("solver", 400.0, 600.0);
        widths.note("solver", 250.0, 250.0);
        widths.note("study", 300.0, 700.0);
        let kept = widths.wishes();
        assert_eq!(kept["solver"], 400.0, "the wish, not the squeezed width");
        assert_eq!(kept["study"], 300.0);
        // Next run: given back at once where there is room, whatever width
        // egui remembered; an unknown name (a later version's) is skipped.
        let mut with_unknown = kept.clone();
        with_unknown.insert("later-panel".into(), 200.0);
        let next = PanelWidths::from_wishes(&with_unknown);
        assert_eq!(next.restored("solver", 900.0), Some(400.0));
        assert_eq!(next.restored("solver", 320.0), Some(320.0));
        assert_eq!(next.restored("study", 900.0), Some(300.0));
        assert_eq!(next.wishes(), kept);
    }
}
