//! Keyboard focus, made plain: a ring around the widget that has it (egui
//! draws a focused widget as a pressed one, which on the menu bar looked
//! just like the hover fill), and Tab passing over the panels' resize
//! handles (egui makes each one a Tab stop that shows nothing when focused
//! and takes no keys).

use super::panel_name;
use egui::{Event, FocusDirection, Id, Key, Stroke, StrokeKind};

/// The resizable panels [`super::MaasaiApp`] lays out in the window's
/// root ui, by the names it gives them: every panel given
/// `.resizable(true)` there belongs here.
const RESIZABLE_PANELS: [&str; 7] = [
    panel_name::EDITOR,
    panel_name::STUDY,
    panel_name::SOLVER,
    panel_name::TEMPO_PLOT,
    panel_name::MOVE_LIST,
    panel_name::COUNCIL_BELOW,
    panel_name::COUNCIL_BESIDE,
];

/// The width of the focus ring, drawn just outside the widget.
const RING_WIDTH: f32 = 2.0;

/// Where the direction of the last Tab press is kept (Shift+Tab: back).
fn backwards_id() -> Id {
    Id::unique("focus-last-tab-backwards")
}

/// Where the input held back by [`one_tab_a_frame`] waits.
fn held_id() -> Id {
    Id::unique("focus-held-input")
}

/// Before each frame (eframe's raw input hook): one Tab press a frame.
/// egui moves the focus once a frame however many Tabs the frame holds,
/// so on a busy machine "Tab Tab Tab" in one frame moved it one widget.
/// The second Tab and everything after it (a Space after it presses the
/// widget it reaches) wait for the next frames, in order.
pub fn one_tab_a_frame(ctx: &egui::Context, raw: &mut egui::RawInput) {
    let mut events = ctx
        .data_mut(|d| d.remove_temp::<Vec<Event>>(held_id()))
        .unwrap_or_default();
    events.append(&mut raw.events);
    let mut tabs = 0;
    let second_tab = events.iter().position(|e| {
        let tab = matches!(
            e,
            Event::Key {
                key: Key::Tab,
                pressed: true,
                ..
            }
        );
        tabs += usize::from(tab);
        tabs > 1
    });
    if let Some(at) = second_tab {
        let held = events.split_off(at);
        ctx.data_mut(|d| d.insert_temp(held_id(), held));
    }
    raw.events = events;
}

/// At the start of a frame, before anything is drawn in `root` (the
/// window's root ui): a panel's resize handle reached with Tab or
/// Shift+Tab in the last frame gives the focus on, the same way.
pub fn pass_over_resize_handles(root: &egui::Ui) {
    let ctx = root.ctx();
    // Input held back for the next frame needs one.
    if ctx.data(|d| d.get_temp::<Vec<Event>>(held_id()).is_some()) {
        ctx.request_repaint();
    }
    let pressed = ctx.input(|i| {
        i.events.iter().rev().find_map(|e| match e {
            Event::Key {
                key: Key::Tab,
                pressed: true,
                modifiers,
                ..
            } => Some(modifiers.shift),
            _ => None,
        })
    });
    if let Some(backwards) = pressed {
        ctx.data_mut(|d| d.insert_temp(backwards_id(), backwards));
    }
    let Some(focused) = ctx.memory(|m| m.focused()) else {
        return;
    };
    if !RESIZABLE_PANELS
        .iter()
        .any(|name| resize_handle_id(root, name) == focused)
    {
        return;
    }
    let backwards = ctx.data(|d| d.get_temp::<bool>(backwards_id()).unwrap_or(false));
    ctx.memory_mut(|m| {
        m.move_focus(if backwards {
            FocusDirection::Previous
        } else {
            FocusDirection::Next
        })
    });
    // Shift+Tab lands on the widget before it only in the next frame.
    ctx.request_repaint();
}

/// The id egui gives the resize handle of the panel `name` in `root`.
fn resize_handle_id(root: &egui::Ui, name: &str) -> Id {
    root.scope_id().with(name).with("__resize")
}

/// At the end of a frame: a ring in the selection colour around the widget
/// with the keyboard focus. A text field has its own outline (and a
/// cursor), so it gets none.
pub fn paint_focus_ring(ctx: &egui::Context) {
    let Some(id) = ctx.memory(|m| m.focused()) else {
        return;
    };
    if ctx.text_edit_focused() {
        return;
    }
    let Some(widget) = ctx.read_response(id) else {
        return;
    };
    let visible = widget.interact_rect;
    if !visible.is_positive() || !widget.rect.is_finite() {
        return;
    }
    let style = ctx.global_style();
    let ring = Stroke::new(RING_WIDTH, style.visuals.selection.stroke.color);
    // On the widget's own layer (a menu, a window), over the widget, and
    // only around the part of it that is in sight (a list scrolled).
    ctx.layer_painter(widget.layer_id)
        .with_clip_rect(visible.expand(RING_WIDTH + 1.0))
        .rect_stroke(
            widget.rect,
            style.visuals.widgets.active.corner_radius,
            ring,
            StrokeKind::Outside,
        );
}

/// Gives a text field the focus with its text selected whole, so that
/// what is typed next replaces it (a path offered, a title to change).
pub fn focus_selected(ctx: &egui::Context, field: &egui::Response, text: &str) {
    field.request_focus();
    let mut state = egui::TextEdit::load_state(ctx, field.id).unwrap_or_default();
    state
        .cursor
        .set_char_range(Some(egui::text::CCursorRange::select_all_str(text)));
    state.store(ctx, field.id);
}
