//! "Play from here?": a move clicked on an earlier position would take the
//! moves after it off the game, so it is asked first, in a modal window
//! (the view cannot move under the question).

use super::AppCommand;
use super::state::Runtime;
use crate::engine::{Move, PlayError, Position, Unfinished};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

/// Tells a check running on a thread (whether a move clicked on an earlier
/// position ends, the editor's check of its position) that nobody waits
/// for its answer any more, and tells whether it gave up for that: a long
/// move may sow for a billion laps, and a check replaced or abandoned must
/// not go on taking a core. Cloned, it is the same flag.
#[derive(Clone, Debug, Default)]
pub struct StopFlag {
    stop: Arc<AtomicBool>,
    gave_up: Arc<AtomicBool>,
}

impl StopFlag {
    /// Asks the thread to stop (it does within some tens of milliseconds).
    pub fn stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }

    /// Whether the thread should go on (the engine's `keep_going`).
    pub fn keep_going(&self) -> bool {
        !self.stop.load(Ordering::Relaxed)
    }

    /// Whether stopping was asked for.
    pub fn stop_asked(&self) -> bool {
        !self.keep_going()
    }

    /// Whether the thread has ended because it was asked to, without an
    /// answer.
    pub fn gave_up(&self) -> bool {
        self.gave_up.load(Ordering::Relaxed)
    }

    /// Said by the thread as it ends without an answer.
    pub fn mark_given_up(&self) {
        self.gave_up.store(true, Ordering::Relaxed);
    }
}

/// Whether `mv` ends on `pos` (the verdict in words if not), or `None` once
/// `flag` says to stop: [`Position::try_play`] that can be given up.
pub fn check_move(pos: &Position, mv: Move, flag: &StopFlag) -> Option<Result<(), String>> {
    if let Err(e) = pos.try_play_checks(mv) {
        return Some(Err(e.to_string()));
    }
    let mut next = *pos;
    match next.apply_or_stop(mv, || flag.keep_going()) {
        Ok(()) => Some(Ok(())),
        Err(Unfinished::Endless(e)) => Some(Err(PlayError::Endless {
            hole: pos.variant().move_name(mv),
            cycle_laps: e.cycle_laps,
        }
        .to_string())),
        Err(Unfinished::Stopped) => {
            flag.mark_given_up();
            None
        }
    }
}

/// `line_after`: how many moves of a line asked of the solver follow the
/// one asked about (they are sown after it once it is played).
/// `exercise`: a study's exercise is on, whose Undo takes back a move and
/// its answer: the moves taken off do not come back to Redo.
pub fn branch_offer_ui(
    ctx: &egui::Context,
    rt: &Runtime,
    line_after: usize,
    exercise: bool,
) -> Vec<AppCommand> {
    let mut commands = Vec::new();
    let Some(offer) = rt.branch_offer else {
        return commands;
    };
    let pos = rt.shown_position();
    let later = rt.game.moves().len() - rt.view;
    // Enter confirms unless a button reached with Tab has the focus.
    let enter = ctx.input(|i| i.key_pressed(egui::Key::Enter)) && !ctx.egui_wants_keyboard_input();
    let modal = egui::Modal::new(egui::Id::unique("play-from-here")).show(ctx, |ui| {
        ui.heading("Play from here?");
        let at = match rt.view {
            0 => "the start position".to_string(),
            n => format!("the position after move {n}"),
        };
        // What goes: the later moves, with their comments (an
        // exercise's, with the verdicts on them).
        let this = if exercise {
            "the exercise"
        } else {
            "this game"
        };
        let gone = if later == 1 {
            format!("move {} is taken off {this}", rt.view + 1)
        } else {
            format!(
                "moves {} to {} are taken off {this}",
                rt.view + 1,
                rt.view + later
            )
        };
        let comments = rt.comments.range(rt.view + 1..).count();
        let with = match (comments, later) {
            (0, _) => String::new(),
            (1, 1) => ", with its comment".to_string(),
            (n, _) => format!(", and {} on them", crate::engine::count_word(n, "comment")),
        };
        // A line asked of the solver plays on after its first move: the
        // question says so, not only of the one move.
        let line = match line_after {
            0 => String::new(),
            n => format!(
                " The solver's line then goes on with {} more, sown one after the other.",
                crate::engine::count_word(n, "move")
            ),
        };
        ui.label(format!(
            "{} {} on {at} starts another line: {gone}{with}.{line}",
            rt.team(pos.turn()),
            pos.variant().move_name(offer.mv),
        ));
        let them = if later == 1 { "it" } else { "them" };
        if exercise {
            // Undo there is Take back: it never brought them back.
            let gone = if later == 1 {
                "It cannot be brought back"
            } else {
                "They and their verdicts cannot be brought back"
            };
            ui.weak(format!(
                "{gone}: Undo in an exercise takes back your move and its answer."
            ));
        } else {
            // (A solver's line plays on at once: its moves would be undone
            // first.)
            let undo = if line_after == 0 {
                format!("Undo straight after brings {them} back to Redo; to keep both lines, ")
            } else {
                format!("To keep {them}, ")
            };
            ui.weak(format!(
                "{undo}save the game first (Save as… keeps it in a file of its own)."
            ));
        }
        ui.add_space(8.0);
        ui.horizontal(|ui| {
            if ui.button("Play from here").clicked() {
                commands.push(AppCommand::PlayFromHere(true));
            }
            if ui.button("Cancel").clicked() {
                commands.push(AppCommand::PlayFromHere(false));
            }
        });
    });
    if commands.is_empty() {
        if modal.should_close() {
            commands.push(AppCommand::PlayFromHere(false));
        } else if enter {
            commands.push(AppCommand::PlayFromHere(true));
        }
    }
    commands
}
