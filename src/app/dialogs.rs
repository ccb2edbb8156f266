//! The files feature's windows: the typed-path window, "save your
//! changes?", "Resume last game", and the message for a failure. Each draws
//! from [`FilesState`] and returns [`FileCommand`]s.

use super::files_ui::{
    Choice, FileCommand, FilesState, PathPrompt, Pending, Purpose, describe_autosave,
};
use std::path::PathBuf;

/// Added to "Discard your comments?" when the game on the board has
/// unsaved changes too.
pub const BOARD_UNSAVED_TOO: &str = "The comments, event and notes on the board have unsaved \
     changes too: Discard drops them as well (Cancel, then Save, keeps them).";

/// `study` is the title of a study whose position waits on the
/// unsaved-changes prompt, if any; `new_game`, where the New game window
/// is, if it is open (a message then goes under it); `comments_aside`,
/// where a study keeps comments off the board, and whether the board has
/// unsaved work besides.
pub fn dialogs_ui(
    ctx: &egui::Context,
    files: &mut FilesState,
    study: Option<&str>,
    new_game: Option<egui::Rect>,
    comments_aside: Option<(super::studies_ui::CommentsAside, bool)>,
) -> Vec<FileCommand> {
    let mut out = Vec::new();
    // Keys that answer a dialog: Esc backs out, Enter takes the first
    // button, unless a widget reached with Tab has the focus (then Enter
    // is that widget's).
    let (esc, enter) = ctx.input(|i| {
        (
            i.key_pressed(egui::Key::Escape),
            i.key_pressed(egui::Key::Enter),
        )
    });
    let enter = enter && !ctx.egui_wants_keyboard_input();
    // A message over the typed-path window (a failed save) keeps the
    // keyboard until it is answered; the field gets it back after.
    let message_open = files.error.is_some();
    if let Some(prompt) = &mut files.path_prompt {
        let (title, action, take): (_, _, fn(PathBuf) -> FileCommand) = match prompt.purpose {
            Purpose::Open => ("Open a saved game or study", "Open", FileCommand::OpenPath),
            Purpose::SaveAs => ("Save the game as", "Save", FileCommand::SaveTo),
        };
        let window = PathWindow {
            title,
            id: PATH_WINDOW,
            field: "File path",
            action,
            take,
            replace: FileCommand::SaveTo,
            close: FileCommand::ClosePathPrompt,
            browse: None,
        };
        path_window(ctx, prompt, &window, esc, message_open, |_, _| {}, &mut out);
    }

    if files.dialog_open() {
        egui::Area::new(egui::Id::unique("file-dialog-waiting"))
            .anchor(egui::Align2::CENTER_TOP, egui::vec2(0.0, 40.0))
            .show(ctx, |ui| {
                egui::Frame::popup(ui.style()).show(ui, |ui| {
                    ui.label("Waiting for the file dialog…");
                });
            });
    }

    if let Some(pending) = &files.unsaved_prompt {
        let what = match (pending, study) {
            (Pending::New, _) => "starting a new game".to_string(),
            // The file of this very game: its saved version replaces the
            // changes ("another game" it is not).
            (Pending::OpenPath(path), _)
                if files
                    .path
                    .as_ref()
                    .is_some_and(|own| crate::files::same_file(own, path)) =>
            {
                "opening its saved version again".to_string()
            }
            (Pending::Open | Pending::OpenPath(_), _) => "opening another game".to_string(),
            // A study sets its position up as a pasted one is.
            (Pending::Paste(..), Some(title)) => {
                format!("opening the study “{}”", super::one_short_line(title, 60))
            }
            (Pending::Paste(game, _), None) if !game.moves().is_empty() => {
                "setting up the pasted game".to_string()
            }
            (Pending::Paste(..), None) => "setting up the new position".to_string(),
            (Pending::Resume, _) => "resuming the last game".to_string(),
            (Pending::Close, _) => "closing".to_string(),
            (Pending::CloseStudy, _) => "closing the study".to_string(),
        };
        let file = files
            .path
            .as_ref()
            .map(|p| format!("“{}”", crate::files::shown_path(p)))
            .unwrap_or_else(|| "This game".to_string());
        if esc {
            out.push(FileCommand::Unsaved(Choice::Cancel));
        }
        // Comments kept aside (with the study's other mode, or with moves
        // taken off the board): a save here writes the game on the board,
        // not them, so no Save is offered
        // (and Enter cancels).
        let asked = match comments_aside {
            Some((aside, board_unsaved)) => (
                "Discard your comments?",
                // Discard drops the board's unsaved work as well, which
                // this question, standing for "Save your changes?", must
                // say.
                // (Close study keeps the board's game, to play on.)
                if board_unsaved && *pending != Pending::CloseStudy {
                    format!("{} {BOARD_UNSAVED_TOO}", aside.question(&what))
                } else {
                    aside.question(&what)
                },
                vec![
                    ("Cancel", FileCommand::Unsaved(Choice::Cancel)),
                    ("Discard changes", FileCommand::Unsaved(Choice::Discard)),
                ],
            ),
            None => (
                "Save your changes?",
                format!("{file} has changes that are not saved. Save them before {what}?"),
                vec![
                    ("Save", FileCommand::Unsaved(Choice::Save)),
                    ("Discard changes", FileCommand::Unsaved(Choice::Discard)),
                    ("Cancel", FileCommand::Unsaved(Choice::Cancel)),
                ],
            ),
        };
        let (title, text, buttons) = asked;
        out.extend(question(ctx, "unsaved-changes", title, &text, &buttons));
    } else if let Some(changed) = &files.changed_on_disk {
        if esc {
            out.push(FileCommand::KeepChanged);
        }
        let path = &changed.path;
        // Said in the sentence, as "Replace it?" says it on a line of its
        // own ("A saved game, 3.2 kB, …").
        let mut what = changed.what.chars();
        let now = match what.next() {
            Some(first) => format!(" It is now {}{}", first.to_lowercase(), what.as_str()),
            None => String::new(),
        };
        let text = format!(
            "“{}” was changed by another program since this game was opened or saved here.{now} \
             Saving replaces those changes (the file as it is now is kept as “{}”).",
            crate::files::shown_path(path),
            crate::files::shown_path(&crate::files::replaced_kept_as(path))
        );
        out.extend(question(
            ctx,
            "changed-on-disk",
            "The file changed on disk",
            &text,
            &[
                ("Replace it", FileCommand::ReplaceChanged),
                ("Save as…", FileCommand::SaveAs),
                ("Cancel", FileCommand::KeepChanged),
            ],
        ));
    } else if let Some(offer) = &files.resume_offer {
        if enter && files.error.is_none() {
            out.push(FileCommand::Resume);
        }
        let mut text = format!(
            "The game you were playing last time was kept: {}.",
            describe_autosave(offer)
        );
        if offer.has_unsaved_work() {
            // Said before the choice: declining does not throw it away. The
            // name it will get (it said "unsaved game.ron" when that was
            // taken and the game went to "unsaved game 3.ron").
            let aside = match &files.folders {
                Some(f) => super::files_ui::unsaved_aside_path(&f.data)
                    .file_name()
                    .map(|n| n.to_string_lossy().into_owned()),
                None => None,
            }
            .unwrap_or_else(|| format!("{}.ron", crate::files::UNSAVED_ASIDE));
            text.push_str(&format!(
                " Start fresh moves it to a file of its own (“{aside}” in the data folder)."
            ));
        }
        out.extend(question(
            ctx,
            "resume-last-game",
            "Resume last game?",
            &text,
            &[
                ("Resume last game", FileCommand::Resume),
                ("Start fresh", FileCommand::DeclineResume),
            ],
        ));
    }

    if let Some((title, message)) = &files.error {
        let mut open = true;
        // Over the New game window (a preset that could not be saved) the
        // message goes under it, not over the rows it is about.
        let screen = ctx.content_rect();
        // So does a message about a typed path (a failed save): the path
        // stays in sight to be corrected.
        // The diagram's export window too: the message went over its
        // caption row.
        let path_window = files
            .path_prompt
            .as_ref()
            .map(|_| PATH_WINDOW)
            .or(files.diagram_prompt.as_ref().map(|_| DIAGRAM_WINDOW))
            .and_then(|id| ctx.memory(|m| m.area_rect(egui::Id::unique(id))));
        let (align, offset) = match new_game.or(path_window) {
            Some(r) if r.bottom() + 220.0 < screen.bottom() => (
                egui::Align2::CENTER_TOP,
                egui::vec2(0.0, r.bottom() + 12.0 - screen.top()),
            ),
            Some(_) => (egui::Align2::CENTER_BOTTOM, egui::vec2(0.0, -12.0)),
            None => (egui::Align2::CENTER_TOP, egui::vec2(0.0, 60.0)),
        };
        // The room from where the window starts to the foot of the screen
        // (12 points spare): a long message scrolls within it, so the OK
        // button stays in sight (a long path pushed it off a small window).
        let room = if align == egui::Align2::CENTER_TOP {
            screen.height() - offset.y - 12.0
        } else {
            screen.height() - 24.0
        };
        // A title longer than a message's usual width (messages joined at
        // the start, titled by all of them) widens the window to show it
        // whole, as far as the screen allows; it was cut short with "…".
        let title_width = title_bar_width(ctx, title);
        let width = title_width.min(screen.width() - 48.0).max(MESSAGE_WIDTH);
        egui::Window::new(title.as_str())
            .id(egui::Id::unique("file-error"))
            .collapsible(false)
            .resizable(false)
            .open(&mut open)
            .anchor(align, offset)
            .order(egui::Order::Foreground)
            .show(ctx, |ui| {
                ui.set_max_width(width);
                if width > MESSAGE_WIDTH {
                    ui.set_min_width(width);
                }
                let color = ui.visuals().error_fg_color;
                message_text(ui, room, width, message, Some(color));
                if ui.button("OK").clicked() {
                    out.push(FileCommand::DismissError);
                }
            });
        if !open || esc || enter {
            out.push(FileCommand::DismissError);
        }
    }
    out
}

/// How a typed-path window reads and what it gives: its title, the
/// field's name, the button that takes the path, and the commands for a
/// path taken, a replace agreed to, the window closed, and a file dialog
/// asked for (a Browse… button beside the field, where there is one).
pub(super) struct PathWindow {
    pub title: &'static str,
    pub id: &'static str,
    pub field: &'static str,
    pub action: &'static str,
    pub take: fn(PathBuf) -> FileCommand,
    pub replace: fn(PathBuf) -> FileCommand,
    pub close: FileCommand,
    pub browse: Option<FileCommand>,
}

/// A typed-path window (the file dialog's fallback): the path field,
/// selected whole when it opens, the action and Cancel, and "Replace
/// it?" for a file already there. `esc` backs out of the question or
/// closes the window; while a message is over the window
/// (`message_open`) the field leaves it the keyboard. `choices` draws what
/// the window asks besides the path, above the field.
pub(super) fn path_window<P>(
    ctx: &egui::Context,
    prompt: &mut PathPrompt<P>,
    window: &PathWindow,
    esc: bool,
    message_open: bool,
    choices: impl FnOnce(&mut egui::Ui, &mut P),
    out: &mut Vec<FileCommand>,
) {
    let mut open = true;
    // One width from the first frame it shows: sized by its content, the
    // window grew over five frames (Browse… coming into view last) and
    // moved to stay centred, and with no input to draw the next frame it
    // could rest half-grown, so a click aimed at Export landed on Cancel.
    let width = (ctx.content_rect().width() - 48.0).clamp(300.0, PATH_WINDOW_WIDTH);
    let shown = egui::Window::new(window.title)
        .id(egui::Id::unique(window.id))
        .collapsible(false)
        .resizable(false)
        .open(&mut open)
        .anchor(egui::Align2::CENTER_TOP, egui::vec2(0.0, 80.0))
        .show(ctx, |ui| {
            ui.set_width(width);
            if let Some(question) = prompt.ask_replace.clone() {
                let room = ctx.content_rect().height() - 80.0 - 12.0;
                message_text(ui, room, MESSAGE_WIDTH, &question.question(), None);
                let weak = ui.visuals().weak_text_color();
                let what = super::files_ui::replaced_file_words(&question);
                message_text(ui, room, MESSAGE_WIDTH, &what, Some(weak));
                let path = question.path;
                // Back to the path, the field focused again with the
                // path selected: the question had taken the focus, and
                // a name typed at once went nowhere.
                if esc {
                    prompt.ask_replace = None;
                    prompt.focused = false;
                    return;
                }
                ui.horizontal(|ui| {
                    if ui.button("Replace").clicked() {
                        prompt.replace_ok = Some(path.clone());
                        prompt.ask_replace = None;
                        out.push((window.replace)(path));
                    }
                    if ui.button("Choose another name").clicked() {
                        prompt.ask_replace = None;
                        prompt.focused = false;
                    }
                });
                return;
            }
            if esc {
                out.push(window.close.clone());
                return;
            }
            choices(ui, &mut prompt.purpose);
            let mut submit = false;
            ui.horizontal(|ui| {
                let label = ui.label(window.field);
                // The field takes the row but Browse…'s room.
                let browse_room = if window.browse.is_some() {
                    let font = egui::TextStyle::Button.resolve(ui.style());
                    let text = ui.fonts_mut(|f| {
                        f.layout_no_wrap("Browse…".into(), font, egui::Color32::PLACEHOLDER)
                    });
                    text.size().x
                        + 2.0 * ui.spacing().button_padding.x
                        + ui.spacing().item_spacing.x
                } else {
                    0.0
                };
                let edit = ui
                    .add(
                        egui::TextEdit::singleline(&mut prompt.text)
                            .desired_width(ui.available_width() - browse_room),
                    )
                    .labelled_by(label.id);
                // Typing goes to the field at once, and replaces a path
                // offered (from last time, or a name) (it is selected whole).
                if !prompt.focused && !message_open {
                    super::focus::focus_selected(ui.ctx(), &edit, &prompt.text);
                    prompt.focused = true;
                }
                submit = edit.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
                if let Some(browse) = &window.browse
                    && ui
                        .button("Browse…")
                        .on_hover_text("Choose the file in a file dialog")
                        .clicked()
                {
                    out.push(browse.clone());
                }
            });
            ui.horizontal(|ui| {
                let path = prompt.text.trim();
                if ui
                    .add_enabled(!path.is_empty(), egui::Button::new(window.action))
                    .clicked()
                    || (submit && !path.is_empty())
                {
                    out.push((window.take)(crate::files::typed_path(path)));
                }
                if ui.button("Cancel").clicked() {
                    out.push(window.close.clone());
                }
            });
            // A note (no file dialog) goes under the controls, wrapped to
            // their width: above them it moved every row, Browse… and the
            // action included, down as it came.
            if let Some(note) = &prompt.note {
                let width = ui.min_rect().width();
                ui.scope(|ui| {
                    ui.set_max_width(width);
                    ui.add(egui::Label::new(note.as_str()).wrap());
                });
            }
        });
    // Drawn again until it stands still, input or not (a window's first
    // frames still place it).
    if let Some(shown) = shown {
        let id = egui::Id::unique(window.id).with("last-rect");
        let rect = shown.response.rect;
        if ctx.data(|d| d.get_temp::<egui::Rect>(id)) != Some(rect) {
            ctx.data_mut(|d| d.insert_temp(id, rect));
            ctx.request_repaint();
        }
    }
    if !open {
        out.push(window.close.clone());
    }
}

/// The typed-path window's width (its content's), where the screen has room.
const PATH_WINDOW_WIDTH: f32 = 560.0;

/// The id of the typed-path window (its title names its purpose).
const PATH_WINDOW: &str = "typed-path";

/// The id of the diagram's export window.
pub(super) const DIAGRAM_WINDOW: &str = "diagram-path";

/// A modal question: a heading, its text and a row of answers; the
/// command of the answer clicked, if any.
pub(super) fn question<C: Clone>(
    ctx: &egui::Context,
    id: &str,
    heading: &str,
    text: &str,
    answers: &[(&str, C)],
) -> Option<C> {
    let mut chosen = None;
    // The modal is centred, with a margin above and below.
    let room = ctx.content_rect().height() - 24.0;
    egui::Modal::new(egui::Id::unique(id)).show(ctx, |ui| {
        ui.set_max_width(MESSAGE_WIDTH);
        ui.heading(heading);
        message_text(ui, room - 40.0, MESSAGE_WIDTH, text, None);
        ui.add_space(8.0);
        ui.horizontal(|ui| {
            for (label, command) in answers {
                if ui.button(*label).clicked() {
                    chosen = Some(command.clone());
                }
            }
        });
    });
    chosen
}

/// The widest a message's text runs before it wraps.
const MESSAGE_WIDTH: f32 = 640.0;

/// Holds the window's close request back for a question first (the
/// caller asks it): egui's close is cancelled and the request taken out
/// of the frame's input, so that the questions after it (unsaved changes
/// to the game) wait until this one is answered and closes again.
pub(super) fn hold_close(ctx: &egui::Context) {
    ctx.send_viewport_cmd(egui::ViewportCommand::CancelClose);
    ctx.input_mut(|i| {
        let id = i.raw.viewport_id;
        if let Some(viewport) = i.raw.viewports.get_mut(&id) {
            viewport.events.retain(|e| *e != egui::ViewportEvent::Close);
        }
    });
}

/// The width a window needs to show its title whole (egui cuts a title
/// that does not fit short with "…"): egui's title bar holds the title
/// between two gaps that grow, a button as tall as the title's row at one
/// end (close or collapse), with gaps between the four, within the
/// window's margins and stroke.
pub fn title_bar_width(ctx: &egui::Context, title: &str) -> f32 {
    let style = ctx.global_style();
    let font = egui::TextStyle::Heading.resolve(&style);
    let (text, row) = ctx.fonts_mut(|f| {
        let text = f.layout_no_wrap(title.to_string(), font.clone(), egui::Color32::PLACEHOLDER);
        (text.size().x, f.row_height(&font))
    });
    // One gap spare, for rounding.
    text + row
        + 4.0 * style.spacing.item_spacing.x
        + style.spacing.window_margin.sum().x
        + 2.0 * style.visuals.window_stroke.width
}

/// The height of a message window's parts around its text: the title bar,
/// the row of buttons under the text, the spacing and the frame's margins.
const AROUND_TEXT: f32 = 96.0;

/// Draws a message's text (in `color`, if given; wrapped at `most` wide),
/// scrolling it when it is taller than a window of height `room` leaves
/// for it (see [`AROUND_TEXT`]), so that the buttons under it always stay
/// in the window. A short text is a plain label, as wide as it needs.
fn message_text(ui: &mut egui::Ui, room: f32, most: f32, text: &str, color: Option<egui::Color32>) {
    let max = (room - AROUND_TEXT).max(48.0);
    let label = |ui: &mut egui::Ui| match color {
        Some(color) => ui.colored_label(color, text),
        None => ui.label(text),
    };
    let font = egui::TextStyle::Body.resolve(ui.style());
    let width = ui.available_width().min(most);
    let height = ui
        .painter()
        .layout(text.to_string(), font, egui::Color32::PLACEHOLDER, width)
        .size()
        .y;
    if height <= max {
        label(ui);
        return;
    }
    // Its full size from the first frame: a scroll area that starts small
    // grows a little each frame, and the window grew under the pointer.
    ui.set_width(width);
    egui::ScrollArea::vertical()
        .auto_shrink([false, true])
        .min_scrolled_height(max)
        .max_height(max)
        .show(ui, label);
}
