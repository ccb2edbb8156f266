//! `solve`: the exact value of a position, its best move and principal line.
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

use super::CliError;
use crate::engine::notation;
use crate::solver::{Session, Solution, Solver};

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

pub fn solve(position: &str, table_bits: u32, threads: Option<u32>) -> Result<(), CliError> {
    let pos = notation::parse_position(position)
        .map_err(|e| CliError(format!("invalid position: {e}")))?;
    let mut solver = Solver::with_table_bits(table_bits);
    if let Some(t) = threads {
        solver = solver.with_threads(t as usize);
    }
    // The background thread has the deep stack long endgames need.
    let session = Session::with_solver(solver);
    let solution = session
        .solve(Vec::new(), pos)
        .wait()
        .map_err(|e| CliError(e.to_string()))?;
    println!("{}", solution_line(&pos, &solution));
    println!("{}", stats_line(&solution));
    Ok(())
}
