//! `solve`: the exact value of a position, its best move and principal line.
//! The position may be a game record (`POSITION M1 M2 …`): its last
//! position is solved with the game's positions as history.
//!
//! Output (two lines):
//!
//! ```text
//! value=V best=M pv=M1 M2 ...
//! nodes=N time=T.TTTs            (Bao la Kimasai: plies=D nodes=N time=T.TTTs)
//! ```
//!
//! V is the final seed margin for the side to move in En Gehé (`+6`, `-2`,
//! `0`), and `win`, `loss` or `draw` (by repetition) in Bao la Kimasai, with
//! the number of plies to the end (both sides' turns, the deciding move
//! included) as `plies=D` on the second line. A finished position prints its
//! value with `best=- pv=` (nothing after `pv=`).
//!
//! With `--limit SECONDS` a solve that has not finished in time stops and
//! prints what it proved instead, exit status 3:
//!
//! ```text
//! unsolved lower=L upper=U
//! nodes=N time=T.TTTs            (Bao la Kimasai: lower_plies=A upper_plies=B nodes=N time=T.TTTs;
//!                                 a bound still the widest has no plies)
//! ```
//!
//! L and U are bounds of the value in the words of `value=` (before the
//! first MTD(f) pass, the widest the board allows; equal when the value was
//! proved but its principal line was still being read). Bao la Kimasai
//! bounds that are a win or a loss give their plies: `lower=loss` with
//! `lower_plies=9` means no loss within 8 plies, `upper=win` with
//! `upper_plies=9` no win within 8 (the solver asks for short wins and
//! losses first, one more ply at a time).
//!
//! With `--every-move`, one more line per legal move follows, in sowing
//! order, with the move's value for the side to move (the value of the
//! position after it, seen from the mover; `plies=D` for Bao la Kimasai),
//! or the bounds proved when its own `--limit` ran out:
//!
//! ```text
//! move=M value=V nodes=N
//! move=M unsolved lower=L upper=U nodes=N
//! move=M undecided nodes=0
//! ```
//!
//! A move's limit counts from the start of its sowing: a move still sowing
//! when its limit runs out (proving a move endless can take tens of
//! seconds) is `undecided`, neither proved endless nor solved, and counts
//! as unsolved (exit status 3). A move proved endless is no legal move and
//! has no line.
//!
//! When the position's own solve ran out of time, a last line says what
//! its moves prove of it (its value is the best of theirs), exit status 0
//! when that is the value and every move was solved:
//!
//! ```text
//! from the moves: value=V best=M
//! from the moves: unsolved lower=L upper=U
//! ```

use super::{CliError, Outcome};
use crate::engine::{Move, Position, Status, Unfinished};
use crate::solver::{Progress, Session, Solution, Solver, Value, settled_value_after};
use std::time::{Duration, Instant};

/// The first output line.
pub fn solution_line(pos: &crate::engine::Position, s: &Solution) -> String {
    let name = |m| pos.variant().move_name(m);
    let best = s.best.map_or_else(|| "-".to_string(), name);
    let pv = s.pv.iter().map(|&m| name(m)).collect::<Vec<_>>().join(" ");
    format!("value={} best={best} pv={pv}", s.value.word())
}

/// The second output line.
pub fn stats_line(s: &Solution) -> String {
    let plies = s
        .value
        .plies()
        .map_or(String::new(), |d| format!("plies={d} "));
    format!(
        "{plies}nodes={} time={:.3}s",
        s.nodes,
        s.elapsed.as_secs_f64()
    )
}

/// The first output line of a solve stopped by its time limit: the bounds
/// proved so far (`None` bounds: not yet proved, the extremes of `pos`).
pub fn unsolved_line(pos: &crate::engine::Position, p: &Progress) -> String {
    let (lower, upper) = p.bounds(pos);
    format!("unsolved lower={} upper={}", lower.word(), upper.word())
}

/// Bao la Kimasai: `lower_plies=L upper_plies=U ` for the bounds that are a
/// win or a loss (a lower bound of a loss in L plies: no loss within L − 1).
fn bound_plies(pos: &crate::engine::Position, p: &Progress) -> String {
    let (lower, upper) = p.bounds(pos);
    plies_words(lower.plies(), upper.plies())
}

/// `lower_plies=L upper_plies=U ` from the bounds' plies, each left out
/// where it is 0 (the widest bound, nothing proved yet) or not a win or loss.
fn plies_words(lower: Option<u32>, upper: Option<u32>) -> String {
    let mut out = String::new();
    for (name, plies) in [("lower", lower), ("upper", upper)] {
        if let Some(plies) = plies.filter(|&p| p > 0) {
            out.push_str(&format!("{name}_plies={plies} "));
        }
    }
    out
}

pub fn solve(
    position: &str,
    table_bits: u32,
    threads: Option<u32>,
    limit: Option<Duration>,
    every_move: bool,
) -> Result<Outcome, CliError> {
    // A game record (`POSITION M1 M2 …`, as `play` reads it) is solved
    // at its end with its positions as history, as the window solves a
    // game's position: repetition counts the game's own positions too.
    let (start, moves) = super::rules::record_start(position, &[])?;
    let game = super::rules::play_moves(start, &moves)?;
    let history = game.history().to_vec();
    let pos = *game.current();
    // A finished game (by the rules, or a record's by repetition) has its
    // value at once, `best=- pv=`, and why there is no move on stderr, as
    // `moves` and `analyse` say it: nothing to search, so no table is
    // made (a bare finished position was refused a --table-bits the
    // machine could not hold, after its value's note).
    if let Status::Over(result) = game.status() {
        let solution = Solution {
            value: crate::solver::final_value(&pos, &result),
            best: None,
            pv: Vec::new(),
            nodes: 0,
            elapsed: Duration::ZERO,
        };
        outln!("{}", solution_line(&pos, &solution));
        outln!("{}", stats_line(&solution));
        eprintln!("no legal move: the game is over. {}", result.describe());
        return Ok(Outcome::Done);
    }
    let mut solver = Solver::try_with_table_bits(table_bits)
        .map_err(|e| CliError(format!("--table-bits {table_bits}: {e}")))?;
    if let Some(t) = threads {
        solver = solver.with_threads(t as usize);
    }
    // The background thread has the deep stack long endgames need.
    let session = Session::with_solver(solver);
    let mut root_bounds = None;
    let mut outcome = match solve_within(&session, history.clone(), pos, limit, None)? {
        Ok(solution) => {
            outln!("{}", solution_line(&pos, &solution));
            outln!("{}", stats_line(&solution));
            Outcome::Done
        }
        Err(progress) => {
            root_bounds = Some(progress.bounds(&pos));
            outln!("{}", unsolved_line(&pos, &progress));
            outln!(
                "{}nodes={} time={:.3}s",
                bound_plies(&pos, &progress),
                progress.nodes,
                progress.elapsed.as_secs_f64()
            );
            Outcome::Unsolved
        }
    };
    if every_move {
        let mut bounds = Vec::new();
        let mut moves_unsolved = false;
        let mut line = history;
        line.push(pos);
        for mv in pos.candidate_moves() {
            let name = pos.variant().move_name(mv);
            // Each move's limit counts from its sowing: proving a move
            // endless can take tens of seconds, which must not run past
            // the limit before any move is solved.
            let started = Instant::now();
            let child = match sow_within(&pos, mv, limit) {
                Ok(child) => child,
                Err(Unsown::Endless) => continue,
                Err(Unsown::Undecided) => {
                    // It may be legal and best, or no move at all: it
                    // bounds the position's value by nothing.
                    outln!("move={name} undecided nodes=0");
                    let (lowest, highest) = crate::solver::widest_values(&pos);
                    bounds.push((mv, lowest, highest));
                    moves_unsolved = true;
                    continue;
                }
            };
            if let Some(v) = settled_value_after(&line, &child) {
                outln!("move={name} {} nodes=0", value_words(v));
                bounds.push((mv, v, v));
                continue;
            }
            let left = limit.map(|l| l.saturating_sub(started.elapsed()));
            match solve_within(&session, line.clone(), child, left, Some(&name))? {
                Ok(s) => {
                    let v = s.value.flipped_after_move();
                    outln!("move={name} {} nodes={}", value_words(v), s.nodes);
                    bounds.push((mv, v, v));
                }
                Err(p) => {
                    // The child's bounds, seen from the mover: its lower
                    // bound caps the mover's value and its upper one floors it.
                    let (low, high) = p.bounds(&child);
                    let (lower, upper) = (high.flipped_after_move(), low.flipped_after_move());
                    // A move adds its ply to the child's proved plies (a
                    // child bound still the widest proves none).
                    let after = |v: Value| v.plies().filter(|&d| d > 0).map(|d| d + 1);
                    outln!(
                        "move={name} unsolved lower={} upper={} {}nodes={}",
                        lower.word(),
                        upper.word(),
                        plies_words(after(high), after(low)),
                        p.nodes
                    );
                    bounds.push((mv, lower, upper));
                    moves_unsolved = true;
                }
            }
        }
        if let Some(root) = root_bounds {
            // The position's own solve ran out of time, but its moves say
            // more: its value is the best of theirs.
            match from_the_moves(root, &bounds) {
                MovesProve::Value(v, mv) => {
                    outln!(
                        "from the moves: value={} best={}",
                        v.word(),
                        pos.variant().move_name(mv)
                    );
                    if !moves_unsolved {
                        outcome = Outcome::Done;
                    }
                }
                MovesProve::Bounds(lower, upper) => outln!(
                    "from the moves: unsolved lower={} upper={}{}",
                    lower.word(),
                    upper.word(),
                    match plies_words(lower.plies(), upper.plies()).trim_end() {
                        "" => String::new(),
                        words => format!(" {words}"),
                    }
                ),
            }
        } else if moves_unsolved {
            outcome = Outcome::Unsolved;
        }
    }
    Ok(outcome)
}

/// Why a move sown within a time limit left no position.
#[derive(Debug, PartialEq)]
enum Unsown {
    /// The move never ends (or cannot be played at all): no legal move.
    Endless,
    /// Still sowing when the limit ran out: not known which.
    Undecided,
}

/// The position after `mv` of `pos`: sown until it ends, is proved endless
/// or `limit` (from now) runs out, as [`Position::legal_moves`] and
/// [`Position::try_play`] decide a move but within the limit. A move that
/// cannot be played at all (the game is over) is no legal move either.
fn sow_within(pos: &Position, mv: Move, limit: Option<Duration>) -> Result<Position, Unsown> {
    pos.try_play_checks(mv).map_err(|_| Unsown::Endless)?;
    let deadline = limit.map(|l| Instant::now() + l);
    let mut next = *pos;
    match next.apply_or_stop(mv, || deadline.is_none_or(|d| Instant::now() < d)) {
        Ok(()) => Ok(next),
        Err(Unfinished::Endless(_)) => Err(Unsown::Endless),
        Err(Unfinished::Stopped) => Err(Unsown::Undecided),
    }
}

/// What the moves' values (or bounds) prove of their position's value.
#[derive(Debug, PartialEq)]
pub(crate) enum MovesProve {
    /// The value, and a move that reaches it.
    Value(Value, crate::engine::Move),
    /// Lower and upper bounds, the tighter of the position's own and the
    /// moves'.
    Bounds(Value, Value),
}

/// The position's value is the best of its moves': at least the best lower
/// bound among them and at most the best upper bound, within what the
/// position's own solve proved (`root`).
pub(crate) fn from_the_moves(
    root: (Value, Value),
    moves: &[(crate::engine::Move, Value, Value)],
) -> MovesProve {
    let best_by = |f: fn(&(crate::engine::Move, Value, Value)) -> Value| {
        moves.iter().max_by_key(|m| f(m).rank())
    };
    let (Some(low), Some(high)) = (best_by(|m| m.1), best_by(|m| m.2)) else {
        return MovesProve::Bounds(root.0, root.1);
    };
    let lower = if low.1.rank() > root.0.rank() {
        low.1
    } else {
        root.0
    };
    let upper = if high.2.rank() < root.1.rank() {
        high.2
    } else {
        root.1
    };
    if lower.rank() == upper.rank() && low.1.rank() == lower.rank() {
        MovesProve::Value(lower, low.0)
    } else {
        MovesProve::Bounds(lower, upper)
    }
}

/// `value=V`, with `plies=D` for a Bao la Kimasai win or loss.
fn value_words(v: Value) -> String {
    match v.plies() {
        Some(d) => format!("value={} plies={d}", v.word()),
        None => format!("value={}", v.word()),
    }
}

/// A value for a sentence: En Gehé's margin as `value=` prints it, Bao la
/// Kimasai's with its plies ("a win in 3 plies"), so that a win that comes
/// too late does not read as meeting a goal of a win.
fn value_sentence(v: Value) -> String {
    match v {
        Value::Win { plies } => format!("a win in {}", crate::solver::plies(plies)),
        Value::Loss { plies } => format!("a loss in {}", crate::solver::plies(plies)),
        Value::Draw => "a draw by repetition".into(),
        Value::Margin(_) => v.word(),
    }
}

/// Solves `pos` after `history` in the background, within `limit` if one
/// is given: the solution, or the progress (bounds proved) when time ran
/// out. `after_move`: the move (named) that `pos` follows, when its value
/// is wanted for that move (`--every-move`): a note that it is still at
/// work names it, with the bounds seen from its mover.
fn solve_within(
    session: &Session,
    history: Vec<crate::engine::Position>,
    pos: crate::engine::Position,
    limit: Option<Duration>,
    after_move: Option<&str>,
) -> Result<Result<Solution, Progress>, CliError> {
    let handle = session.solve(history, pos);
    Ok(match limit {
        Some(limit) => handle.finish_within(limit),
        None => {
            // With no limit a solve may run for hours: after a while say
            // so on stderr (stdout stays the answer alone), with what is
            // proved and how to stop with the bounds.
            let started = std::time::Instant::now();
            while !handle.is_finished() && started.elapsed() < STILL_SOLVING_AFTER {
                std::thread::sleep(Duration::from_millis(20));
            }
            if !handle.is_finished() {
                eprintln!(
                    "{}",
                    still_solving_note(&pos, &handle.progress(), after_move)
                );
            }
            Ok(handle.wait().map_err(|e| CliError(e.to_string()))?)
        }
    })
}

/// What stderr says of a solve of `pos` still at work after
/// [`STILL_SOLVING_AFTER`], `p` its progress, `after_move` as for
/// [`solve_within`].
fn still_solving_note(
    pos: &crate::engine::Position,
    p: &Progress,
    after_move: Option<&str>,
) -> String {
    let (lower, upper) = p.bounds(pos);
    // Read after the position's own answer, a note with no move named
    // read as if that solve were still running.
    let (what, lower, upper) = match after_move {
        Some(name) => (
            format!("move={name} "),
            upper.flipped_after_move(),
            lower.flipped_after_move(),
        ),
        None => (String::new(), lower, upper),
    };
    format!(
        "note: {what}still solving after {} s ({} nodes; proved between {} and {} so far); \
         --limit SECONDS stops in time with the bounds proved",
        STILL_SOLVING_AFTER.as_secs(),
        p.nodes,
        lower.word(),
        upper.word()
    )
}

/// How long a solve with no `--limit` runs before stderr says it is still
/// at work.
const STILL_SOLVING_AFTER: Duration = Duration::from_secs(10);

/// The verdict line of a study not wholly proved in time: the file is
/// valid, but `ok` is kept for a study whose claims all hold.
fn valid_line(ok_line: &str) -> String {
    ok_line.replacen(": ok, ", ": valid, ", 1)
}

/// `check STUDY --prove`: solves the study's position and says whether its
/// goal holds, then proves every move of its solution best (the studied
/// side's keep the value, the defence's are a best defence): exit 0 if all
/// holds, 2 if the value falls short or a move is not best (named with its
/// place in the file), 3 if the limit (for all the solves together) ran out
/// first. `ok_line` (the file's summary) is printed first once nothing
/// failed (`valid` in its place when not all was proved in time).
pub fn prove_study(
    path: &std::path::Path,
    limit: Option<Duration>,
    ok_line: &str,
) -> Result<Outcome, CliError> {
    let study = crate::study::Study::load(path).map_err(|_| {
        CliError(format!(
            "{}: --prove applies to study files only",
            crate::files::shown_path(path)
        ))
    })?;
    let goal = &study.file.goal;
    // The table is made before the clock starts, as for `solve --limit`:
    // the limit is for the solves (making the table took from 0.03 s to
    // 2 s on a loaded machine, and used to eat the whole of a short limit
    // while the solves after it ran on regardless).
    let session = Session::within_memory();
    let started = std::time::Instant::now();
    let left = || limit.map(|l| l.saturating_sub(started.elapsed()));
    // Once the limit is spent no solve starts: a small solve would finish
    // before it first looks whether it was stopped, and the limit would
    // not limit (a solve that finishes just as it is stopped still counts).
    let spent = || left() == Some(Duration::ZERO);
    let root = if spent() {
        Err(Progress::default())
    } else {
        solve_within(&session, Vec::new(), study.start, left(), None)?
    };
    let root = match root {
        Ok(solution) if study.goal_reached(solution.value, 0) => solution,
        Ok(solution) => {
            let (line, column) = study.goal_place;
            return Err(CliError(format!(
                "{}:{line}:{column}: the goal \"{}\" ({}) does not hold: with best play the value is {}",
                crate::files::shown_path(path),
                goal.text,
                goal.kind.describe(),
                value_sentence(solution.value)
            )));
        }
        Err(progress) => {
            outln!("{}", valid_line(ok_line));
            outln!(
                "goal not proved within the limit: {} ({})",
                goal.text,
                unsolved_line(&study.start, &progress)
            );
            return Ok(Outcome::Unsolved);
        }
    };
    // Each solution move, solved with the line before it as history (one
    // solve a move, in order: those solved before the limit ran out are
    // the moves proved best).
    let mut nodes = root.nodes;
    let mut proved = 0;
    let solve = |history: &[crate::engine::Position], child| {
        if spent() {
            return Err(crate::solver::Cancelled);
        }
        match solve_within(&session, history.to_vec(), child, left(), None) {
            Ok(Ok(s)) => {
                nodes += s.nodes;
                proved += 1;
                Ok(s.value)
            }
            _ => Err(crate::solver::Cancelled),
        }
    };
    match study.check_line(root.value, solve) {
        Ok(Ok(())) => {}
        Ok(Err(fault)) => {
            let (line, column) = fault.place;
            return Err(CliError(format!(
                "{}:{line}:{column}: {fault}",
                crate::files::shown_path(path)
            )));
        }
        Err(_) => {
            outln!("{}", valid_line(ok_line));
            let total = study.solution.len();
            outln!(
                "goal holds: {} (value={}); the solution was not proved best within the limit ({})",
                goal.text,
                root.value.word(),
                match proved {
                    0 => format!("none of its {total} moves proved"),
                    n => format!("{n} of its {total} moves proved best, the rest not"),
                }
            );
            return Ok(Outcome::Unsolved);
        }
    }
    outln!("{ok_line}");
    outln!(
        "goal holds: {} (value={}, best={}); {}",
        goal.text,
        root.value.word(),
        root.best
            .map_or_else(|| "-".into(), |m| study.start.variant().move_name(m)),
        match study.solution.len() {
            1 => "the solution's move is best".to_string(),
            n => format!("all {n} solution moves are best"),
        }
    );
    outln!("nodes={nodes} time={:.3}s", started.elapsed().as_secs_f64());
    Ok(Outcome::Done)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_move_still_solving_is_named_with_its_bounds_seen_from_its_mover() {
        // After the position's own answer, a note with no move named read
        // as if that solve were still running.
        let pos = crate::engine::notation::parse_position(
            "en-gehe south=1,0,2,0 north=0,1,0,1 captured=0,0 turn=north",
        )
        .unwrap();
        let p = Progress {
            lower: Some(Value::Margin(-2)),
            upper: Some(Value::Margin(4)),
            nodes: 1234,
            ..Progress::default()
        };
        assert_eq!(
            still_solving_note(&pos, &p, None),
            "note: still solving after 10 s (1234 nodes; proved between -2 and +4 so far); \
             --limit SECONDS stops in time with the bounds proved"
        );
        assert_eq!(
            still_solving_note(&pos, &p, Some("3")),
            "note: move=3 still solving after 10 s (1234 nodes; proved between -4 and +2 so \
             far); --limit SECONDS stops in time with the bounds proved"
        );
    }

    #[test]
    fn the_moves_prove_the_best_of_their_values_within_the_roots_bounds() {
        let m = Value::Margin;
        // Every move solved: the best is the value.
        assert_eq!(
            from_the_moves(
                (m(-16), m(16)),
                &[
                    (Move(0), m(-4), m(-4)),
                    (Move(3), m(2), m(2)),
                    (Move(5), m(0), m(0))
                ]
            ),
            MovesProve::Value(m(2), Move(3))
        );
        // One move proved +2 and the others at most +2: still the value.
        assert_eq!(
            from_the_moves(
                (m(-16), m(16)),
                &[(Move(0), m(2), m(2)), (Move(1), m(-10), m(2))]
            ),
            MovesProve::Value(m(2), Move(0))
        );
        // Open: at least the best lower bound, at most the best upper one,
        // and never wider than the position's own bounds.
        assert_eq!(
            from_the_moves(
                (m(-6), m(8)),
                &[(Move(0), m(-8), m(0)), (Move(1), m(-2), m(12))]
            ),
            MovesProve::Bounds(m(-2), m(8))
        );
        assert_eq!(
            from_the_moves((m(4), m(8)), &[(Move(0), m(-8), m(6))]),
            MovesProve::Bounds(m(4), m(6))
        );
        // Bao la Kimasai: a quicker win is better.
        let (win, loss) = (|p| Value::Win { plies: p }, |p| Value::Loss { plies: p });
        assert_eq!(
            from_the_moves(
                (loss(2), win(1)),
                &[
                    (Move(2), win(5), win(5)),
                    (Move(4), win(3), win(3)),
                    (Move(6), loss(4), loss(4))
                ]
            ),
            MovesProve::Value(win(3), Move(4))
        );
    }
}
