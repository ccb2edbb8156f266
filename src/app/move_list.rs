//! The move list: numbered moves in RULES.md notation with laps, seeds sown
//! and captures; a click shows the position after the move. Under it, the
//! comment on the move on view and the game's event and notes, all saved
//! with the game.

use super::AppCommand;
use super::state::Runtime;

pub fn move_list_ui(ui: &mut egui::Ui, rt: &Runtime) -> Vec<AppCommand> {
    let mut commands = Vec::new();
    ui.heading("Moves");
    ui.horizontal(|ui| {
        if ui
            .selectable_label(rt.view == 0, "Start position")
            .clicked()
        {
            commands.push(AppCommand::ViewStart);
        }
    });
    ui.separator();
    // The comment box is docked at the bottom, so the list scrolls in
    // what it leaves. It keeps the list a few rows and scrolls itself
    // beyond that (a long comment with the notes open would otherwise run
    // past the panel's foot, over the list); its height is remembered for
    // the column that shares it with the solver (`wanted_height`).
    // A row as the list draws it: a selectable label, as tall as a button.
    // (Measured last frame where drawn: counting a text line's height
    // instead put each row 6 px lower than the scrolling reckoned, and
    // the move on view slid rows below the list's foot, under the comment
    // box, while it counted as in sight.)
    let row_h = ui
        .data(|d| d.get_temp::<f32>(row_height_id()))
        .unwrap_or_else(|| {
            let text = ui.text_style_height(&egui::TextStyle::Body);
            ui.spacing()
                .interact_size
                .y
                .max(text + 2.0 * ui.spacing().button_padding.y)
        });
    let pitch = row_h + ui.spacing().item_spacing.y;
    // (A short game's list needs fewer rows than it is kept.)
    let kept_rows = LIST_LEAST_ROWS.min((rt.stats.len() + rt.redo.len()) as f32);
    let most = (ui.available_height() - kept_rows * pitch).max(pitch);
    // Sized from the box's height last frame: a scroll area inside the
    // panel could only ever be as tall as the panel already was.
    let last = ui.data(|d| d.get_temp::<f32>(comment_height_id()));
    let wanted = last.unwrap_or(COMMENT_GUESS);
    // The list is drawn before the box below it, in a place kept for it
    // above: Tab visits widgets in the order they are drawn, and with the
    // box drawn first (as a bottom panel) Tab went from "Start position"
    // to the comment box and the notes before the moves above them.
    let whole = ui.available_rect_before_wrap();
    let box_top = whole.bottom() - wanted.min(most);
    let list_rect = egui::Rect::from_min_max(whole.min, egui::pos2(whole.right(), box_top));
    let box_rect = egui::Rect::from_min_max(egui::pos2(whole.left(), box_top), whole.max);
    ui.scope_builder(egui::UiBuilder::new().max_rect(list_rect), |ui| {
        rows_ui(ui, rt, row_h, pitch, &mut commands)
    });
    let content = ui
        .scope_builder(egui::UiBuilder::new().max_rect(box_rect), |ui| {
            // The line a panel draws at its edge.
            let line = ui.visuals().widgets.noninteractive.bg_stroke;
            ui.painter().hline(box_rect.x_range(), box_top, line);
            egui::Frame::NONE
                .inner_margin(egui::Margin::symmetric(0, COMMENT_MARGIN))
                .show(ui, |ui| {
                    egui::ScrollArea::vertical()
                        .id_salt("move-comment-panel")
                        .auto_shrink([false, false])
                        // No taller than the room kept for it (a scroll
                        // area is at least 64 px by default, and the
                        // short hint and the notes' header are less).
                        .min_scrolled_height(0.0)
                        .show(ui, |ui| commands.extend(comment_ui(ui, rt)))
                        .content_size
                        .y
                })
                .inner
        })
        .inner;
    // What the box would take unscrolled, its margins included.
    let comment_height = content + 2.0 * f32::from(COMMENT_MARGIN);
    if last.is_none_or(|h| (h - comment_height).abs() > 0.5) {
        ui.data_mut(|d| d.insert_temp(comment_height_id(), comment_height));
        ui.ctx().request_repaint();
    }
    commands
}

/// The list's rows, one a move, in the room left above the comment box.
fn rows_ui(
    ui: &mut egui::Ui,
    rt: &Runtime,
    row_h: f32,
    pitch: f32,
    commands: &mut Vec<AppCommand>,
) {
    let total = rt.stats.len();
    // The moves undone follow, greyed, for Redo: they vanished from the
    // list, and only the Redo menu item said that there were any.
    let rows = total + rt.redo.len();
    // When the move on view changes (undo, redo, the keyboard, a line
    // played) to a row not wholly in sight, that row is scrolled into the
    // middle of the list; so is it when the list's height changes (the
    // notes opened, the window resized). Whether it is in sight is told by
    // where it was drawn against the list's visible rect, a frame late:
    // the list keeps following for a few frames after the change.
    let follow_id = egui::Id::unique("move-list-follow");
    let seen_id = egui::Id::unique("move-list-view");
    let height_id = egui::Id::unique("move-list-height");
    let seen = ui.data(|d| d.get_temp::<usize>(seen_id));
    let height = ui.available_height();
    let resized = ui
        .data(|d| d.get_temp::<f32>(height_id))
        .is_some_and(|h| (h - height).abs() > 0.5);
    let changed = seen.is_some_and(|v| v != rt.view) || resized;
    // (Frames left to follow, and whether the row was out of sight in the
    // last one.)
    let (mut follow, out_of_sight) = ui
        .data(|d| d.get_temp::<(u8, bool)>(follow_id))
        .unwrap_or((0, false));
    if changed {
        follow = FOLLOW_FRAMES;
    }
    if rt.view == 0 {
        follow = 0;
    }
    ui.data_mut(|d| {
        d.insert_temp(seen_id, rt.view);
        d.insert_temp(height_id, height);
    });
    let row_of_view = rt.view.saturating_sub(1);
    let moved = follow > 0 && out_of_sight && !changed;
    let mut area = egui::ScrollArea::vertical()
        .auto_shrink([false, false])
        // New moves keep the list at its end, unless the user went back.
        .stick_to_bottom(follow == 0 || rt.view == total);
    if moved {
        // The row in the middle, or the last at the foot: no further (an
        // offset that the stick to the end then overrode left the list a
        // speed, drifting it up, past the move on view, once the user went
        // back).
        let middle = (height - row_h) / 2.0;
        let end = (rows as f32 * pitch - ui.spacing().item_spacing.y - height).max(0.0);
        let offset = (row_of_view as f32 * pitch - middle).clamp(0.0, end);
        area = area.vertical_scroll_offset(offset);
    }
    let mut view_rect = None;
    let output = area.show_rows(ui, row_h, rows, |ui, range| {
        // One line a row, as the scrolling counts them: a long row is cut
        // short and read whole on hover.
        ui.style_mut().wrap_mode = Some(egui::TextWrapMode::Truncate);
        for i in range {
            if i >= total {
                undone_row(ui, rt, i, total, commands);
                continue;
            }
            let s = &rt.stats[i];
            let mover = rt.game.positions()[i].turn();
            // En Gehé captures take seeds off the board; Bao la Kimasai
            // raids sow them on.
            let taken = match s.taken {
                0 => String::new(),
                n if rt.game.current().variant().is_en_gehe() => format!(", takes {n}"),
                // Seeds, not raids: one move may raid several times.
                n => format!(", raids {}", crate::engine::count_word(n as usize, "seed")),
            };
            let note = rt.cost_notes.get(&i);
            let cost = note.map_or(String::new(), |c| format!(" · {}", c.text));
            let comment = rt.comments.get(&(i + 1));
            // The review's or the solver's note next to the move too, before
            // the sowing's figures: in a narrow column (the solver's beside
            // the board) a long game's rows are cut, and a researcher
            // scanning for mistakes read them one hover at a time.
            let head_marked = |cost: &str, marked: bool| {
                format!(
                    "{:>3}. {} {}{}{cost}",
                    i + 1,
                    // The team, as the board names the rows.
                    rt.names[mover.index()],
                    s.name,
                    // Next to the move, where a row cut short still shows it.
                    if marked && comment.is_some() {
                        " · commented"
                    } else {
                        ""
                    },
                )
            };
            let head = |cost: &str| head_marked(cost, true);
            let full = head(&cost);
            let laps = crate::engine::grouped_count(s.laps as u64, "lap");
            let text = format!(
                "{full} — {laps}, {} sown{taken}",
                crate::engine::group_digits(s.sown)
            );
            // Where the whole row does not fit, parts go whole, least
            // telling first: the seeds sown, the laps, the note's best move,
            // a capture's count, the note's unit, then the note, the
            // capture coming back where it fits alone ("3 laps, 6 so…" and
            // "(best w…" were cut mid-word).
            let room = ui.available_width() - 2.0 * ui.spacing().button_padding.x;
            let fits = |t: &str| {
                let font = egui::TextStyle::Button.resolve(ui.style());
                ui.fonts_mut(|f| f.layout_no_wrap(t.to_string(), font, egui::Color32::PLACEHOLDER))
                    .size()
                    .x
                    <= room
            };
            let with_taken = |head: &str| match taken.strip_prefix(", ") {
                Some(taken) => format!("{head} — {taken}"),
                None => head.to_string(),
            };
            let short_cost = match cost.find(" (best was ") {
                Some(at) => &cost[..at],
                None => cost.as_str(),
            };
            // The note's cost without its unit ("cost about 2"), and the
            // solver's "best move, proved" as "best move", before the note
            // goes: in the solver's narrow column a mistake's row, or the
            // proved best move, showed no note at all among rows saying
            // "best move".
            let terse_cost = short_cost
                .replace(" seeds", "")
                .replace(" seed", "")
                .replace(", proved", "");
            // The first NOTED_FORMS keep the note; the rest have none.
            let candidates: [String; NOTED_FORMS + 3] = [
                format!("{full} — {laps}{taken}"),
                with_taken(&full),
                with_taken(&head(short_cost)),
                head(short_cost),
                with_taken(&head(&terse_cost)),
                head(&terse_cost),
                // The capture, which fits where the note did not.
                with_taken(&head("")),
                head(""),
                // Then the comment's mark (the hover still reads the
                // comment): "· commen…" was cut mid-word.
                head_marked("", false),
            ];
            let shorter = shorter_names(&rt.names[mover.index()], mover);
            let shown = if fits(&text) {
                text.clone()
            } else {
                // The team's name is cut by whole words and then left out,
                // so the hole played stays in sight ("1. Ilkisongo Elders
                // Co…" hid it behind a long name): first where the note
                // would go otherwise (the note is what a reviewer scans
                // for; the name only says whose turn it was, as the rows
                // alternate), last to keep the hole.
                let (noted, bare) = candidates.split_at(NOTED_FORMS);
                let mark = if comment.is_some() {
                    " · commented"
                } else {
                    ""
                };
                let named = |team: &str, cost: &str, mark: &str| {
                    format!("{:>3}. {team}{}{mark}{cost}", i + 1, s.name)
                };
                let noted_shorter: Vec<String> = if terse_cost.is_empty() {
                    Vec::new()
                } else {
                    shorter
                        .iter()
                        .flat_map(|team| {
                            [named(team, &terse_cost, mark), named(team, &terse_cost, "")]
                        })
                        .collect()
                };
                // A capture or raid stays before the whole name: in Bao la
                // Kimasai the raiding rows, the ones that matter, showed
                // nothing beside a long name.
                // (Without a note, the noted forms' last ones are the bare
                // row: it comes after those.)
                let (with_capture, without) = bare.split_at(1);
                noted
                    .iter()
                    .filter(|t| taken.is_empty() || **t != without[0])
                    .cloned()
                    .chain(noted_shorter)
                    .chain(with_capture.iter().cloned())
                    .chain(
                        std::iter::once(format!("{} ", rt.names[mover.index()]))
                            .chain(shorter.iter().cloned())
                            .filter(|_| !taken.is_empty())
                            .map(|team| with_taken(&named(&team, "", ""))),
                    )
                    .chain(without.iter().cloned())
                    .chain(shorter.iter().map(|team| named(team, "", "")))
                    .find(|t| fits(t))
                    .unwrap_or_else(|| format!("{:>3}. {}", i + 1, s.name))
            };
            let mut row = ui.selectable_label(rt.view == i + 1, &shown);
            super::follow_focus(ui, &row);
            if i == row_of_view {
                view_rect = Some(row.rect);
            }
            if (row.rect.height() - row_h).abs() > 0.5 {
                ui.data_mut(|d| d.insert_temp(row_height_id(), row.rect.height()));
                ui.ctx().request_repaint();
            }
            // A row cut short is read whole on hover, with its comment or
            // the review's depth.
            let cut = shown != text
                || row
                    .intrinsic_size()
                    .is_some_and(|size| size.x > row.rect.width() + 0.5);
            let mut hover = Vec::new();
            if cut {
                hover.push(text.trim_start().to_string());
            }
            if let Some(c) = comment {
                hover.push(c.clone());
            } else if let Some(note) = note {
                hover.push(match note.review_depth {
                    Some(depth) => format!(
                        "The review searched {depth} plies ahead here: its cost is an \
                         estimate. The exact solver (View menu) proves a position's values."
                    ),
                    None => "Proved by the exact solver: the value of the position before \
                             the move and the move's own value."
                        .to_string(),
                });
            }
            if !hover.is_empty() {
                row = row.on_hover_text(hover.join("\n\n"));
            }
            if row.clicked() {
                commands.push(AppCommand::ViewMove(i));
            }
        }
    });
    // Wholly inside the list's visible rect: not under the comment box,
    // nor cut by the list's top.
    let visible = output.inner_rect.expand(0.5);
    let hidden = rt.view > 0 && !view_rect.is_some_and(|r| visible.contains_rect(r));
    if follow > 0 {
        if hidden {
            ui.ctx().request_repaint();
        } else {
            follow = 0;
        }
    }
    ui.data_mut(|d| d.insert_temp(follow_id, (follow.saturating_sub(1), hidden)));
}

/// Row `i` of the list, a move undone (Redo plays the first of them
/// next): greyed, with its team and hole; a click redoes the moves up to
/// it.
fn undone_row(
    ui: &mut egui::Ui,
    rt: &Runtime,
    i: usize,
    total: usize,
    commands: &mut Vec<AppCommand>,
) {
    let k = i - total;
    let Some(&mv) = rt.redo.iter().rev().nth(k) else {
        return;
    };
    // The sides take turns: the first undone move is the live position's.
    let live = rt.game.current().turn();
    let mover = if k.is_multiple_of(2) {
        live
    } else {
        live.opponent()
    };
    let name = rt.game.current().variant().move_name(mv);
    let text = format!("{:>3}. {} {name} · undone", i + 1, rt.names[mover.index()]);
    let row = ui
        .selectable_label(false, egui::RichText::new(text).weak())
        .on_hover_text(format!(
            "Undone. A click redoes the moves up to this one ({}); Redo \
             (Ctrl+Shift+Z) plays them back one at a time.",
            crate::engine::count_word(k + 1, "move")
        ));
    if row.clicked() {
        commands.push(AppCommand::RedoTo(i + 1));
    }
}

/// How many of a move list row's shorter forms (before its team's name is
/// cut) still carry the review's note.
const NOTED_FORMS: usize = 6;

/// A team's name cut short by whole words, longest first, each with a
/// space for the move after it, then a long first word's first half, its
/// side's name, and nothing ("Ilkisongo Elders Council" of South gives
/// "Ilkisongo Elders… ", "Ilkisongo… ", "Ilki… ", "South " and ""): where
/// a row or a heading does not fit, the name gives way to the move it
/// names.
pub fn shorter_names(team: &str, side: crate::engine::Side) -> Vec<String> {
    let words: Vec<&str> = team.split_whitespace().collect();
    let mut out: Vec<String> = (1..words.len())
        .rev()
        .map(|k| format!("{}… ", words[..k].join(" ")))
        .collect();
    // A long first word is cut by its letters' halves too.
    if let Some(first) = words.first()
        && first.chars().count() > 6
    {
        let half: String = first.chars().take(first.chars().count() / 2).collect();
        out.push(format!("{half}… "));
    }
    out.push(format!("{} ", side.title()));
    out.push(String::new());
    out
}

/// The comment box's heading that `fits`, longest first: `whole`
/// ("Comment on move 3: Ilkisongo (South) 7"), then the team's name
/// without its side ("Ilkisongo 7"), shortened ([`shorter_names`]) down
/// to the side's ("South 7"); the move stays whole, and then it goes with
/// the mover, "Comment on move 3" (a bare ": 7" read as a count).
fn comment_heading(
    whole: &str,
    n: usize,
    team: &str,
    side: crate::engine::Side,
    name: &str,
    fits: impl Fn(&str) -> bool,
) -> String {
    // (A team called by its side's name in other letters is that side.)
    let whole_name = if team.trim().eq_ignore_ascii_case(side.title()) {
        format!("{} ", side.title())
    } else {
        format!("{} ", team.trim())
    };
    std::iter::once(whole.to_string())
        .chain(
            std::iter::once(whole_name)
                .chain(shorter_names(team, side))
                .filter(|team| !team.trim().is_empty())
                .map(|team| format!("Comment on move {n}: {team}{name}")),
        )
        .find(|t| fits(t))
        .unwrap_or_else(|| format!("Comment on move {n}"))
}

/// Frames the list tries to bring the move on view into sight after it
/// changed.
const FOLLOW_FRAMES: u8 = 4;

/// The height of a row of the list, as last drawn.
fn row_height_id() -> egui::Id {
    egui::Id::unique("move-list-row-height")
}

/// The move whose comment is being typed (number, the move, the game),
/// kept while its box has the focus.
fn editing_id() -> egui::Id {
    egui::Id::unique("move-comment-editing")
}

/// The comment box's id for move `n`.
fn comment_box_id(n: usize) -> egui::Id {
    egui::Id::unique(("move-comment", n))
}

/// The move whose comment the box shows: the one on view, or, while a
/// comment is being typed, the move it was opened for. A move landing by
/// itself (the computer's reply, a move held for the check of the moves,
/// a study's defence, a solver line) moves the view on; the box staying
/// on the view would change its id, drop the focus, and hand the keys
/// typed on to the board's shortcuts (Space, Ctrl+Z, digits and Enter).
fn comment_move(ui: &egui::Ui, rt: &Runtime) -> usize {
    let editing = ui.data(|d| d.get_temp::<(usize, crate::engine::Move, u64)>(editing_id()));
    match editing {
        Some((n, mv, game))
            if game == rt.game_id
                && n > 0
                && rt.game.moves().get(n - 1) == Some(&mv)
                && ui.memory(|m| m.has_focus(comment_box_id(n))) =>
        {
            n
        }
        _ => rt.view,
    }
}

/// The comment on the move on view (or being typed), and the game's event
/// and notes.
fn comment_ui(ui: &mut egui::Ui, rt: &Runtime) -> Vec<AppCommand> {
    let mut commands = Vec::new();
    ui.add_space(4.0);
    match comment_move(ui, rt) {
        0 => {
            ui.data_mut(|d| d.remove::<(usize, crate::engine::Move, u64)>(editing_id()));
            ui.weak("Pick a move to comment on it.");
        }
        n => {
            let mover = rt.game.positions()[n - 1].turn();
            let name = rt.stats.get(n - 1).map_or("", |s| s.name.as_str());
            // One line, cut with … (whole on hover): a long team name
            // wrapped it after a lone "(" and moved the box down.
            // "move 3: Ilkisongo (South) 7": in brackets the side's
            // brackets stood inside the move's.
            let heading = format!("Comment on move {n}: {} {name}", rt.team(mover));
            let font = egui::TextStyle::Body.resolve(ui.style());
            let room = ui.available_width();
            let shown = comment_heading(&heading, n, &rt.names[mover.index()], mover, name, |t| {
                ui.fonts_mut(|f| {
                    f.layout_no_wrap(t.to_string(), font.clone(), egui::Color32::PLACEHOLDER)
                })
                .size()
                .x <= room
            });
            let label = ui
                .add(egui::Label::new(&shown).truncate())
                .on_hover_text(&heading);
            // Edited in place: the text comes from the game each frame and
            // every change goes back as a command.
            let mut text = rt.comments.get(&n).cloned().unwrap_or_default();
            // A long text scrolls in its box: the box never grows over
            // the list (or past the panel's foot).
            let edit = egui::ScrollArea::vertical()
                .id_salt(("move-comment-scroll", n))
                .max_height(text_box_height(ui, 5))
                .show(ui, |ui| {
                    ui.add(
                        egui::TextEdit::multiline(&mut text)
                            .id(comment_box_id(n))
                            // What a saved game may hold (src/files).
                            .char_limit(crate::files::MAX_COMMENT_CHARS)
                            .desired_rows(3)
                            .desired_width(f32::INFINITY)
                            .hint_text("What this move does, or why"),
                    )
                    .labelled_by(label.id)
                })
                .inner;
            at_limit_note(ui, &text, crate::files::MAX_COMMENT_CHARS, "comment");
            if edit.changed() {
                commands.push(AppCommand::SetComment(n, text));
            }
            let typing = edit.has_focus();
            ui.data_mut(|d| {
                if typing {
                    d.insert_temp(editing_id(), (n, rt.game.moves()[n - 1], rt.game_id));
                } else {
                    d.remove::<(usize, crate::engine::Move, u64)>(editing_id());
                }
            });
            if n != rt.view && typing {
                ui.weak(format!(
                    "Still on move {n} while you type: the box follows the board again once you leave it."
                ));
            }
        }
    }
    // One open state wherever the list is drawn (its own column or under
    // the solver): the header's id would otherwise follow its panel's.
    let notes_scope = egui::UiBuilder::new().scope_id(egui::Id::unique("game-notes-scope"));
    ui.scope_builder(notes_scope, |ui| notes_ui(ui, rt, &mut commands));
    commands
}

/// The game's event and notes, under a header that opens them.
fn notes_ui(ui: &mut egui::Ui, rt: &Runtime, commands: &mut Vec<AppCommand>) {
    egui::CollapsingHeader::new("Event and notes")
        .id_salt("game-notes")
        .show(ui, |ui| {
            let label = ui.label("Event");
            let mut event = rt.event.clone();
            if ui
                .add(
                    egui::TextEdit::singleline(&mut event)
                        .char_limit(crate::files::MAX_EVENT_CHARS)
                        .desired_width(f32::INFINITY),
                )
                .labelled_by(label.id)
                .changed()
            {
                commands.push(AppCommand::SetEvent(event));
            }
            let label = ui.label("Notes");
            let mut notes = rt.notes.clone();
            let edit = egui::ScrollArea::vertical()
                .id_salt("game-notes-scroll")
                .max_height(text_box_height(ui, 6))
                .show(ui, |ui| {
                    ui.add(
                        egui::TextEdit::multiline(&mut notes)
                            .char_limit(crate::files::MAX_NOTES_CHARS)
                            .desired_rows(3)
                            .desired_width(f32::INFINITY),
                    )
                    .labelled_by(label.id)
                })
                .inner;
            at_limit_note(ui, &notes, crate::files::MAX_NOTES_CHARS, "notes");
            if edit.changed() {
                commands.push(AppCommand::SetNotes(notes));
            }
        });
}

/// Says so under a text box whose text is at its limit: a paste past it
/// was cut there without a word.
fn at_limit_note(ui: &mut egui::Ui, text: &str, limit: usize, what: &str) {
    if text.chars().count() >= limit {
        ui.colored_label(
            ui.visuals().warn_fg_color,
            format!(
                "The {what} is at its limit of {} characters: text past it is not taken.",
                crate::engine::group_digits(limit as u64)
            ),
        );
    }
}

/// The space above and below the comment box.
const COMMENT_MARGIN: i8 = 4;

/// The list keeps at least this many rows in sight under a tall comment box.
const LIST_LEAST_ROWS: f32 = 3.0;

fn comment_height_id() -> egui::Id {
    egui::Id::unique("move-comment-height")
}

/// The height the move list would like where it shares a column: its
/// heading and start row, the comment box as tall as it was last drawn, and
/// a row for each move (as many as the list keeps clear of the comment
/// box, see [`move_list_ui`]).
pub fn wanted_height(ui: &egui::Ui, moves: usize) -> f32 {
    let comment = ui
        .data(|d| d.get_temp::<f32>(comment_height_id()))
        .unwrap_or(COMMENT_GUESS);
    let row = ui.spacing().interact_size.y + ui.spacing().item_spacing.y;
    let heading = ui.text_style_height(&egui::TextStyle::Heading);
    // Heading, start row, separator and the panels' margins.
    heading + row + 40.0 + comment + row * moves as f32
}

/// The comment box's height before it is first drawn: a hint line and the
/// notes' closed header.
const COMMENT_GUESS: f32 = 70.0;

/// The height of a text box of `rows` lines, where a longer text scrolls.
fn text_box_height(ui: &egui::Ui, rows: usize) -> f32 {
    let row = ui.text_style_height(&egui::TextStyle::Body);
    rows as f32 * row + 2.0 * ui.spacing().button_padding.y + 4.0
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Side;

    #[test]
    fn a_comment_heading_shortens_the_team_then_drops_the_mover() {
        let heading = |fits: &dyn Fn(&str) -> bool| {
            comment_heading(
                "Comment on move 1: Purko Warriors (South) 1",
                1,
                "Purko Warriors",
                Side::South,
                "1",
                fits,
            )
        };
        assert_eq!(
            heading(&|_| true),
            "Comment on move 1: Purko Warriors (South) 1"
        );
        // The whole name goes before a cut one ("Purko… i6" left room).
        assert_eq!(
            heading(&|t| !t.contains("(South)")),
            "Comment on move 1: Purko Warriors 1"
        );
        assert_eq!(
            heading(&|t| !t.contains("Warriors")),
            "Comment on move 1: Purko… 1"
        );
        assert_eq!(
            heading(&|t| !t.contains("Purk")),
            "Comment on move 1: South 1"
        );
        // At 800×600 it read "Comment on move 1 (1)", the "(1)" like a
        // count.
        assert_eq!(heading(&|t| !t.contains(':')), "Comment on move 1");
        assert_eq!(heading(&|_| false), "Comment on move 1");
    }
}
