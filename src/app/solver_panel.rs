//! The exact solver panel: proves the value of the position on view on a
//! background thread ([`Session::solve`]), shows the MTD(f) passes as they
//! narrow the value, then the value in words, the best move and the whole
//! principal line, which can be played out on the board.
//!
//! One [`Session`] is kept for the whole run of the window, so every value
//! proved stays in its table and the same position (or one reached along a
//! solved line) is answered again at once; finished solutions are also kept
//! per position key here so a returning position shows its value without a
//! click.

use super::state::Runtime;
use super::{AppCommand, MaasaiApp};
use crate::engine::{Move, Position, Status};
use crate::solver::{Session, Solution, SolveHandle, Value};
use std::collections::{HashMap, VecDeque};
use std::time::Duration;

/// What the panel asks for.
#[derive(Clone, Debug, PartialEq)]
pub enum SolverCommand {
    /// Solve the position on view.
    Solve,
    Cancel,
    /// Play the first `n` moves of the solution of the position on view.
    PlayLine(usize),
    /// Keep a running solve when the board moves to another position.
    KeepOnChange(bool),
}

/// A solve running in the background, and the position it belongs to.
struct Running {
    key: u64,
    pos: Position,
    /// Where the position stood in the game when the solve started.
    label: String,
    handle: SolveHandle,
}

/// The panel's runtime state.
#[derive(Default)]
pub struct SolverPanel {
    /// The solver kept for the session (created on first use: its table
    /// takes 128 MiB). Tests may put a smaller one here.
    pub session: Option<Session>,
    running: Option<Running>,
    /// Finished solutions by position key.
    solved: HashMap<u64, Solution>,
    /// What happened to the last solve that did not finish.
    pub note: Option<String>,
    /// Keep solving when the board moves on (otherwise the solve stops).
    pub keep_on_change: bool,
    /// Moves of a line still to be played on the board, with the key of the
    /// position the next one belongs to.
    line_queue: Option<(u64, VecDeque<Move>)>,
}

impl SolverPanel {
    /// The session's solver, shared with the studies' exercises.
    pub fn session(&mut self) -> Session {
        self.session.get_or_insert_with(Session::new).clone()
    }

    /// The finished solution of `pos`, if it was solved this session.
    pub fn solution(&self, pos: &Position) -> Option<&Solution> {
        self.solved.get(&pos.key())
    }

    /// Whether a solve is running.
    pub fn running(&self) -> bool {
        self.running.is_some()
    }

    /// Stops a running solve (another user of the shared solver needs it).
    pub fn cancel(&mut self, why: &str) {
        if let Some(r) = self.running.take() {
            r.handle.cancel();
            self.note = Some(format!(
                "The solve of {} was stopped: {why}.",
                r.label.to_lowercase()
            ));
        }
    }

    /// Starts solving the position on view (unless its value is known).
    fn solve(&mut self, rt: &Runtime) {
        let pos = *rt.shown_position();
        if self.solved.contains_key(&pos.key()) {
            return;
        }
        if let Some(r) = self.running.take() {
            if r.key == pos.key() {
                self.running = Some(r);
                return;
            }
            r.handle.cancel();
        }
        let history = rt.game.positions()[..rt.view].to_vec();
        let handle = self.session().solve(history, pos);
        self.note = None;
        self.running = Some(Running {
            key: pos.key(),
            pos,
            label: position_label(rt.view),
            handle,
        });
    }

    /// Collects a finished solve, stops one whose position left the board,
    /// and plays the next move of a line being played out.
    pub fn poll(&mut self, rt: &mut Runtime, ctx: &egui::Context) {
        let shown = rt.shown_position().key();
        if let Some(r) = &self.running {
            if let Some(result) = r.handle.result() {
                let r = self.running.take().expect("checked above");
                match result {
                    Ok(solution) => {
                        self.solved.insert(r.key, solution);
                    }
                    Err(_) => {
                        let p = r.handle.progress();
                        self.note = Some(format!(
                            "The solve of {} was cancelled after {} nodes.",
                            r.label.to_lowercase(),
                            group_digits(p.nodes)
                        ));
                    }
                }
                ctx.request_repaint();
            } else if r.key != shown && !self.keep_on_change {
                self.cancel("the board moved to another position");
            } else {
                ctx.request_repaint_after(Duration::from_millis(100));
            }
        }
        self.play_queued(rt, ctx);
    }

    /// Plays the next move of a line once the previous one has been sown.
    fn play_queued(&mut self, rt: &mut Runtime, ctx: &egui::Context) {
        let Some((key, queue)) = &mut self.line_queue else {
            return;
        };
        if !rt.live() || rt.game.current().key() != *key {
            // The board went elsewhere: the rest of the line no longer fits.
            self.line_queue = None;
            return;
        }
        if rt.animating() {
            return;
        }
        match queue.pop_front() {
            Some(mv) => match rt.play(mv) {
                Ok(()) => {
                    *key = rt.game.current().key();
                    ctx.request_repaint();
                }
                Err(e) => {
                    rt.notice = Some(e);
                    self.line_queue = None;
                }
            },
            None => self.line_queue = None,
        }
    }
}

/// "The start position" or "The position after move 12".
fn position_label(view: usize) -> String {
    if view == 0 {
        "The start position".into()
    } else {
        format!("The position after move {view}")
    }
}

/// 1234567 as "1,234,567" (a comma, so a wrapped line never splits it).
pub fn group_digits(n: u64) -> String {
    let s = n.to_string();
    let mut out = String::new();
    for (i, c) in s.chars().enumerate() {
        if i > 0 && (s.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// The value in words for the side to move at `pos`, e.g. "South to move
/// wins by 7 seeds (remainder included)" or "North to move wins in 5 plies".
pub fn value_sentence(pos: &Position, value: Value) -> String {
    let note = match value {
        Value::Margin(_) => " (remainder included)",
        _ => "",
    };
    format!("{} to move {}{note}", pos.turn().title(), value.describe())
}

/// A proved bound as text: "+3" for En Gehé, "win in 7" for Bao la Kimasai.
fn bound_text(value: Option<Value>) -> String {
    match value {
        None => "not yet".into(),
        Some(v) => match v.plies() {
            Some(p) => format!("{} in {p}", v.word()),
            None => v.word(),
        },
    }
}

/// Moves of a line from `pos` as "S 36  N 6  S 40 …" names with their movers.
pub fn line_names(pos: &Position, line: &[Move]) -> Vec<String> {
    let mut p = *pos;
    let mut out = Vec::new();
    for &mv in line {
        let side = if p.turn().index() == 0 { "S" } else { "N" };
        out.push(format!("{side} {}", p.variant().move_name(mv)));
        if p.play(mv).is_err() {
            break;
        }
    }
    out
}

/// Draws the panel; returns its commands.
pub fn solver_ui(ui: &mut egui::Ui, panel: &SolverPanel, rt: &Runtime) -> Vec<AppCommand> {
    let mut out = Vec::new();
    let pos = *rt.shown_position();
    ui.heading("Exact solver");
    ui.label(format!(
        "{} on view, {} to move.",
        position_label(rt.view),
        pos.turn().title()
    ));
    ui.separator();
    egui::ScrollArea::vertical()
        .auto_shrink([false, false])
        .show(ui, |ui| {
            if let Some(r) = &panel.running {
                running_ui(ui, panel, r, pos.key(), &mut out);
                ui.separator();
            }
            if let Some(solution) = panel.solution(&pos) {
                solution_ui(ui, &pos, solution, rt, &mut out);
            } else if panel.running.as_ref().is_none_or(|r| r.key != pos.key()) {
                if matches!(pos.status(), Status::Over(_)) {
                    ui.label("The game is over in this position; Solve gives its final value.");
                }
                if ui
                    .button("Solve")
                    .on_hover_text("Prove the value of the position on view with perfect play")
                    .clicked()
                {
                    out.push(AppCommand::Solver(SolverCommand::Solve));
                }
                ui.label(
                    egui::RichText::new(
                        "Small endgames are solved in a moment; big boards with many seeds may \
                         take minutes or more. Proved values are kept for the session.",
                    )
                    .weak(),
                );
            }
            if let Some(note) = &panel.note {
                ui.add_space(6.0);
                ui.label(egui::RichText::new(note).italics());
            }
        });
    out
}

fn running_ui(
    ui: &mut egui::Ui,
    panel: &SolverPanel,
    r: &Running,
    shown: u64,
    out: &mut Vec<AppCommand>,
) {
    let p = r.handle.progress();
    ui.horizontal(|ui| {
        super::busy::spinner(ui);
        let what = if p.done {
            "Value proved; reading the principal line…".to_string()
        } else {
            format!("Solving: MTD(f) pass {}", p.iteration + 1)
        };
        ui.strong(what);
    });
    // How far the proved bounds have closed in on the value: En Gehé's
    // margin starts anywhere within the seeds still on the board.
    if let Some(fraction) = bounds_closed(&r.pos, &p) {
        ui.add(
            egui::ProgressBar::new(fraction)
                .desired_width(ui.available_width().min(320.0))
                .text(format!("bounds {:.0}% closed", fraction * 100.0)),
        );
    }
    if r.key != shown {
        ui.colored_label(
            ui.visuals().warn_fg_color,
            format!(
                "This solve belongs to {} (not the one on view).",
                r.label.to_lowercase()
            ),
        );
    }
    egui::Grid::new("solver-progress")
        .num_columns(2)
        .spacing([12.0, 2.0])
        .show(ui, |ui| {
            ui.label("Proved at least");
            ui.label(bound_text(p.lower));
            ui.end_row();
            ui.label("Proved at most");
            ui.label(bound_text(p.upper));
            ui.end_row();
            ui.label("Nodes");
            ui.label(group_digits(p.nodes));
            ui.end_row();
            ui.label("Nodes per second");
            ui.label(group_digits(p.nodes_per_second as u64));
            ui.end_row();
            ui.label("Elapsed");
            ui.label(format!("{:.1} s", p.elapsed.as_secs_f64()));
            ui.end_row();
        });
    if !p.best_line.is_empty() {
        let names = line_names(&r.pos, &p.best_line);
        let shown: Vec<_> = names.iter().take(16).cloned().collect();
        let more = if names.len() > 16 { " …" } else { "" };
        ui.label(format!("Best line so far: {}{more}", shown.join("  ")));
    }
    ui.horizontal(|ui| {
        if ui.button("Cancel").clicked() {
            out.push(AppCommand::Solver(SolverCommand::Cancel));
        }
        let mut keep = panel.keep_on_change;
        if ui
            .checkbox(&mut keep, "Keep solving when the board moves on")
            .on_hover_text(
                "Otherwise moving to another position stops this solve \
                 (the solve belongs to the position it started on)",
            )
            .changed()
        {
            out.push(AppCommand::Solver(SolverCommand::KeepOnChange(keep)));
        }
    });
}

fn solution_ui(
    ui: &mut egui::Ui,
    pos: &Position,
    s: &Solution,
    rt: &Runtime,
    out: &mut Vec<AppCommand>,
) {
    ui.label(
        egui::RichText::new(value_sentence(pos, s.value))
            .strong()
            .size(17.0),
    );
    let Some(best) = s.best else {
        ui.label("The game is over here: there is no move to play.");
        return;
    };
    ui.label(format!(
        "Best move: {} {}",
        pos.turn().title(),
        pos.variant().move_name(best)
    ));
    ui.label(
        egui::RichText::new(format!(
            "Proved with {} nodes in {:.2} s.",
            group_digits(s.nodes),
            s.elapsed.as_secs_f64()
        ))
        .weak(),
    );
    ui.add_space(4.0);
    let playable = rt.live();
    let why = "Play it from the last position of the game (press End first)";
    ui.horizontal(|ui| {
        let b = ui.add_enabled(playable, egui::Button::new("Play best move"));
        let b = if playable {
            b
        } else {
            b.on_disabled_hover_text(why)
        };
        if b.clicked() {
            out.push(AppCommand::Solver(SolverCommand::PlayLine(1)));
        }
        let b = ui.add_enabled(playable, egui::Button::new("Play the line"));
        let b = if playable {
            b.on_hover_text("Sow the whole principal line on the board, move by move")
        } else {
            b.on_disabled_hover_text(why)
        };
        if b.clicked() {
            out.push(AppCommand::Solver(SolverCommand::PlayLine(s.pv.len())));
        }
    });
    ui.add_space(4.0);
    ui.label(format!("Principal line ({} moves):", s.pv.len()));
    let names = line_names(pos, &s.pv);
    ui.horizontal_wrapped(|ui| {
        for (i, name) in names.iter().enumerate() {
            let b = ui
                .add_enabled(playable, egui::Button::new(name).small())
                .on_hover_text(format!("Play the line up to here ({} moves)", i + 1));
            if b.clicked() {
                out.push(AppCommand::Solver(SolverCommand::PlayLine(i + 1)));
            }
        }
    });
}

impl MaasaiApp {
    /// Applies a solver panel command.
    pub(super) fn apply_solver(&mut self, command: SolverCommand) {
        match command {
            SolverCommand::Solve => self.solver.solve(&self.rt),
            SolverCommand::Cancel => {
                if let Some(r) = &self.solver.running {
                    r.handle.cancel();
                }
            }
            SolverCommand::KeepOnChange(keep) => self.solver.keep_on_change = keep,
            SolverCommand::PlayLine(n) => {
                let pos = *self.rt.shown_position();
                if !self.rt.live() {
                    self.rt.notice = Some(
                        "The line is played from the last position of the game; press End first."
                            .into(),
                    );
                    return;
                }
                if let Some(s) = self.solver.solution(&pos) {
                    let moves: VecDeque<Move> = s.pv.iter().take(n).copied().collect();
                    self.solver.line_queue = Some((pos.key(), moves));
                }
            }
        }
    }
}

/// The share of the possible En Gehé margins the proved bounds have ruled
/// out (1 when proved); `None` for Bao la Kimasai, whose values are not a
/// range of margins.
fn bounds_closed(pos: &Position, p: &crate::solver::Progress) -> Option<f32> {
    if !pos.variant().is_en_gehe() {
        return None;
    }
    let me = pos.turn();
    let on_board: i32 = pos.board().iter().map(|&c| c as i32).sum();
    let now = pos.captured(me) as i32 - pos.captured(me.opponent()) as i32;
    let (lo0, hi0) = (now - on_board, now + on_board);
    let margin = |v: Option<Value>| match v {
        Some(Value::Margin(m)) => Some(m),
        _ => None,
    };
    let lo = margin(p.lower).unwrap_or(lo0).max(lo0);
    let hi = margin(p.upper).unwrap_or(hi0).min(hi0);
    if p.done || hi <= lo {
        return Some(1.0);
    }
    Some(1.0 - (hi - lo) as f32 / (hi0 - lo0).max(1) as f32)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::notation::parse_position;
    use crate::solver::Progress;

    #[test]
    fn the_progress_bar_measures_how_far_the_bounds_have_closed() {
        // South to move, 2 captured against 0, 4 seeds on the board: the
        // margin lies somewhere in -2..=6 before anything is proved.
        let pos =
            parse_position("en-gehe south=1,1,0 north=0,1,1 captured=2,0 turn=south").unwrap();
        let mut p = Progress::default();
        assert_eq!(bounds_closed(&pos, &p), Some(0.0));
        p.lower = Some(Value::Margin(2));
        assert_eq!(bounds_closed(&pos, &p), Some(0.5));
        p.upper = Some(Value::Margin(4));
        assert_eq!(bounds_closed(&pos, &p), Some(0.75));
        p.upper = Some(Value::Margin(2));
        assert_eq!(bounds_closed(&pos, &p), Some(1.0));
        let bao = crate::engine::GameOptions::bao_la_kimasai()
            .start()
            .unwrap();
        assert_eq!(bounds_closed(&bao, &Progress::default()), None);
    }
}
