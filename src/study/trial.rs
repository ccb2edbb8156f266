//! The exercise judge the window uses: [`Trial`] gives what [`Exercise`]
//! gives (the same [`Feedback`]; a test compares the two) but in two
//! stoppable solves instead of the exact value of every move, so a big
//! board's move is judged in about a second.

use super::{Exercise, ExerciseError, Feedback, GoalKind, Study};
use crate::engine::{Game, Move, Position, Status};
use crate::solver::{Cancelled, Progress, Solver, Value, settled_value_after};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// A study tried as an exercise: the game so far and the judgment of
/// each move. It gives what [`Exercise`] gives (the same [`Feedback`]; a
/// test compares the two), but faster on big boards: [`Exercise::play`]
/// proves the exact value of every move, while a judgment needs only the
/// position's value and the played move's (two solves, both stoppable).
#[derive(Clone, Debug)]
pub struct Trial {
    /// The study and the game so far (the exercise's own bookkeeping).
    exercise: Exercise,
    /// A move's solve that has neither finished nor proved the goal
    /// missed after this long is stopped undecided.
    pub limit: Duration,
}

impl Trial {
    pub fn new(study: Study) -> Trial {
        Trial {
            exercise: Exercise::new(study),
            limit: JUDGE_LIMIT,
        }
    }

    pub fn game(&self) -> &Game {
        self.exercise.game()
    }

    pub fn position(&self) -> &Position {
        self.exercise.position()
    }

    /// Whether it is the user's turn in a game still going on.
    pub fn users_turn(&self) -> bool {
        self.exercise.users_turn()
    }

    fn history(&self) -> &[Position] {
        self.exercise.history()
    }

    /// The solver's best move for the user now. A solve that has not
    /// finished after [`Self::limit`] is given up (`Cancelled` while `stop`
    /// is still unset), as a judgment is.
    pub fn hint(&self, solver: &mut Solver, stop: &AtomicBool) -> Result<Option<Move>, Cancelled> {
        if !self.users_turn() {
            return Ok(None);
        }
        let (solved, _) =
            self.solve_within(solver, self.history(), self.position(), stop, self.limit);
        Ok(solved?.best)
    }

    /// Solves `pos` (after `history`) for at most `limit`; the result
    /// (`Cancelled` on `stop` or on time) and the progress made.
    fn solve_within(
        &self,
        solver: &mut Solver,
        history: &[Position],
        pos: &Position,
        stop: &AtomicBool,
        limit: Duration,
    ) -> (Result<crate::solver::Solution, Cancelled>, Progress) {
        let progress = Arc::new(Mutex::new(Progress::default()));
        let local = AtomicBool::new(false);
        let finished = AtomicBool::new(false);
        let started = Instant::now();
        let solved = std::thread::scope(|scope| {
            scope.spawn(|| {
                while !finished.load(Ordering::Relaxed) {
                    std::thread::sleep(Duration::from_millis(20));
                    if stop.load(Ordering::Relaxed) || started.elapsed() > limit {
                        local.store(true, Ordering::Relaxed);
                    }
                }
            });
            let r = solver.solve_with(history, pos, Some(&local), Some(&progress));
            finished.store(true, Ordering::Relaxed);
            r
        });
        let progress = progress.lock().map(|p| p.clone()).unwrap_or_default();
        (solved, progress)
    }

    /// The defence to a move already proved short of the goal without a
    /// refutation of its own (a win within N plies out of reach by the
    /// count alone): the solver's best reply, or after [`DEFENCE_LIMIT`]
    /// the best line's first move so far (the verdict is already proved:
    /// the user should not wait long for the answer). Without it the
    /// exercise stood still, every further move refused.
    fn defence(
        &self,
        solver: &mut Solver,
        game: &Game,
        stop: &AtomicBool,
    ) -> Result<Option<Move>, Cancelled> {
        let p = game.positions();
        let pos = game.current();
        let limit = self.limit.min(DEFENCE_LIMIT);
        let (solved, progress) = self.solve_within(solver, &p[..p.len() - 1], pos, stop, limit);
        match solved {
            Ok(s) => Ok(s.best),
            Err(Cancelled) if stop.load(Ordering::Relaxed) => Err(Cancelled),
            Err(Cancelled) => Ok(progress
                .best_line
                .first()
                .copied()
                .filter(|m| pos.legal_moves().contains(m))
                .or_else(|| pos.legal_moves().first().copied())),
        }
    }

    /// Plays the user's move, judges it and answers with the best defence.
    /// Nothing changes when it fails or is stopped.
    pub fn play(
        &mut self,
        solver: &mut Solver,
        mv: Move,
        stop: &AtomicBool,
    ) -> Result<Judgment, ExerciseError> {
        if self.exercise.game.is_over() {
            return Err(ExerciseError::Over);
        }
        let before = *self.position();
        if !before.legal_moves().contains(&mv) {
            return Err(ExerciseError::Illegal(match before.try_play(mv) {
                Err(e) => e.to_string(),
                Ok(_) => "not a legal move".into(),
            }));
        }
        let child = before
            .try_play(mv)
            .map_err(|e| ExerciseError::Illegal(e.to_string()))?;
        let played_before = self.exercise.game.moves().len() as u32;
        let mut line = self.history().to_vec();
        line.push(before);
        // The mover's value, exact or (a wrong move whose exact value would
        // take long to prove) its proved upper bound, and a refutation. A
        // move into a repeated position or the end of the game needs none.
        let (value, exact, refutation) = match settled_value_after(&line, &child) {
            Some(v) => (v, true, None),
            None => self.child_value(solver, &line, &child, played_before, stop)?,
        };
        let keeps_goal = self.exercise.study.goal_reached(value, played_before);
        // Only an exact value can be as good as the best move.
        let best = exact && {
            let root = solver.solve_with(self.history(), &before, Some(stop), None)?;
            value.rank() == root.value.rank()
        };
        let mut game = self.exercise.game.clone();
        game.play(mv)
            .map_err(|e| ExerciseError::Illegal(e.to_string()))?;
        let mut reply = None;
        if !game.is_over() {
            let r = if exact {
                let p = game.positions();
                solver
                    .solve_with(&p[..p.len() - 1], game.current(), Some(stop), None)?
                    .best
            } else if refutation.is_some() {
                refutation
            } else {
                self.defence(solver, &game, stop)?
            };
            if let Some(r) = r {
                game.play(r)
                    .map_err(|e| ExerciseError::Illegal(e.to_string()))?;
                reply = Some(r);
            }
        }
        self.exercise.game = game;
        Ok(Judgment {
            feedback: Feedback {
                played: mv,
                value,
                keeps_goal,
                best,
                reply,
                finished: self.exercise.game.is_over(),
            },
            exact,
        })
    }

    /// The value for the mover of the position `child` its move reached
    /// after `line`. A solve still running after [`EARLY_VERDICT`] stops as
    /// soon as its bounds prove the goal missed; the value is then the
    /// proved upper bound, with the best line's first move as a refutation.
    fn child_value(
        &self,
        solver: &mut Solver,
        line: &[Position],
        child: &Position,
        played_before: u32,
        stop: &AtomicBool,
    ) -> Result<(Value, bool, Option<Move>), Cancelled> {
        // A win within a limit: a move that does not end the game wins at
        // the soonest with the opponent's reply, two plies on (in Bao la
        // Kimasai a reply may empty the replier's own inner row).
        if let GoalKind::WinWithin(limit) = self.exercise.study.file.goal.kind
            && matches!(child.status(), Status::Ongoing)
            && played_before + 2 > limit
        {
            return Ok((Value::Win { plies: 2 }, false, None));
        }
        let progress = Arc::new(Mutex::new(Progress::default()));
        let local = AtomicBool::new(false);
        let finished = AtomicBool::new(false);
        let missed = AtomicBool::new(false);
        let goal = self.exercise.study.file.goal.kind;
        let started = Instant::now();
        let result = std::thread::scope(|scope| {
            scope.spawn(|| {
                while !finished.load(Ordering::Relaxed) {
                    std::thread::sleep(Duration::from_millis(20));
                    if stop.load(Ordering::Relaxed) {
                        local.store(true, Ordering::Relaxed);
                    }
                    if started.elapsed() > self.limit {
                        local.store(true, Ordering::Relaxed);
                    }
                    if started.elapsed() < EARLY_VERDICT {
                        continue;
                    }
                    // The opponent's proved lower bound is the mover's upper one.
                    let lower = progress.lock().ok().and_then(|p| p.lower);
                    if let Some(l) = lower
                        && !goal.reached(l.flipped_after_move(), played_before)
                    {
                        missed.store(true, Ordering::Relaxed);
                        local.store(true, Ordering::Relaxed);
                    }
                }
            });
            let r = solver.solve_with(line, child, Some(&local), Some(&progress));
            finished.store(true, Ordering::Relaxed);
            r
        });
        match result {
            Ok(s) => Ok((s.value.flipped_after_move(), true, None)),
            Err(Cancelled) if missed.load(Ordering::Relaxed) && !stop.load(Ordering::Relaxed) => {
                let p = progress.lock().map(|p| p.clone()).unwrap_or_default();
                let upper = p.lower.ok_or(Cancelled)?.flipped_after_move();
                Ok((upper, false, p.best_line.first().copied()))
            }
            Err(e) => Err(e),
        }
    }

    /// Takes back the last user move and its reply.
    pub fn undo(&mut self) {
        self.exercise.undo()
    }
}

/// How long the defence to a move proved wrong by the ply count alone is
/// looked for before the best line so far gives it.
pub const DEFENCE_LIMIT: Duration = Duration::from_secs(3);

/// How long a judgment solves before a proved miss of the goal is enough.
pub const EARLY_VERDICT: Duration = Duration::from_secs(1);

/// How long a judgment solves at most before giving up undecided (sparse
/// Bao la Kimasai positions can cycle for a very long proof).
pub const JUDGE_LIMIT: Duration = Duration::from_secs(30);

/// The judgment of an exercise move: the study's [`Feedback`], and whether
/// its value is exact (otherwise it is the best the move can still reach,
/// proved, and already short of the goal).
#[derive(Clone, Debug, PartialEq)]
pub struct Judgment {
    pub feedback: Feedback,
    pub exact: bool,
}
