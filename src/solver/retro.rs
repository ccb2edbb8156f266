//! Retrograde analysis of small Bao la Kimasai endgames: every position
//! reachable from the root is enumerated and valued backwards from the
//! decided ones.
//!
//! Why: the search never proves a draw by repetition. Its scores that
//! depend on positions above a node are not stored (they would not hold
//! on another line), and a draw is nothing but such scores, so each
//! deepening pass moves a bound by one ply only (a 4-seed draw of 23,634
//! reachable positions was still "between a loss in 6118 and a win in
//! 6120 plies" after half a minute). Backwards from the decided positions
//! the whole game graph is valued at once: a win in d plies has a move to
//! a loss in d − 1, a loss in d has only moves to wins (the longest one
//! d − 1), and what is never reached that way is a draw: neither side can
//! force a result, so play goes on until a position repeats. Optimal lines
//! of wins and losses never repeat a position (the plies fall by one
//! every move), so on a line without history these are the values the
//! search defines (RULES.md: the first repetition on the line is a draw).

use super::search::{MATE, MATE_THRESHOLD, bao_decided, from_child, value_of};
use super::{Cancelled, Solution, Value};
use crate::engine::{Move, Position, Side};
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

/// The most positions enumerated before the analysis gives way to the
/// search (some 100 MB).
pub const MAX_POSITIONS: usize = 1_000_000;

/// Bao la Kimasai positions with at most this many seeds on the board and
/// none in reserve are tried (6 seeds on the board already reach hundreds
/// of thousands of positions).
pub const MAX_SEEDS: u32 = 8;

/// With seeds in reserve: at most this many on the board and in reserve
/// together (2 on the board and 1 + 1 in reserve: 23,637 positions).
pub const MAX_SEEDS_WITH_RESERVES: u32 = 5;

/// The valued game graph of a root.
pub struct Retro {
    positions: Vec<Position>,
    /// Node-relative scores, as the search's (win in d: MATE − d).
    scores: Vec<i32>,
    /// Each position's moves and the positions they reach.
    first_edge: Vec<u32>,
    edges: Vec<(Move, u32)>,
}

const UNKNOWN: i32 = i32::MIN;

/// Whether `pos` is one the analysis is tried on.
pub fn applies(pos: &Position) -> bool {
    let reserves = pos.reserve(Side::South) + pos.reserve(Side::North);
    // Reserve seeds multiply the positions (each goes into any occupied
    // hole): 4 on the board and 1 + 1 in reserve already reach more than
    // the cap, found only after 4 s of enumeration.
    let most = if reserves == 0 {
        MAX_SEEDS
    } else {
        MAX_SEEDS_WITH_RESERVES
    };
    !pos.variant().is_en_gehe() && pos.board_seeds() + reserves <= most
}

impl Retro {
    /// Values every position reachable from `root`, or `None` when there
    /// are more than `most`. A position of `history` (the game before the
    /// root) ends a line as a draw when it is reached (its repetition, as in
    /// the search). `Err` once `stop` is set. `counted` hears now and then
    /// how many positions have been found (for a progress display).
    pub fn analyse(
        root: &Position,
        history: &[Position],
        most: usize,
        stop: Option<&AtomicBool>,
        counted: &mut dyn FnMut(usize),
    ) -> Result<Option<Retro>, Cancelled> {
        // Positions are kept in their repetition form: a root with
        // `opening=yes` and nothing in reserve is the same position as the
        // board it returns to with `opening=no`.
        let root = root.repetition_form();
        let mut index: HashMap<Position, u32> = HashMap::new();
        let mut positions = vec![root];
        index.insert(root, 0);
        let mut first_edge = Vec::new();
        let mut edges: Vec<(Move, u32)> = Vec::new();
        let mut decided = Vec::new();
        let before_root: std::collections::HashSet<Position> =
            history.iter().map(Position::repetition_form).collect();
        let mut next = 0;
        while next < positions.len() {
            if next % 1024 == 0 {
                if stop.is_some_and(|s| s.load(Ordering::Relaxed)) {
                    return Err(Cancelled);
                }
                if next % 16384 == 0 {
                    counted(positions.len());
                }
            }
            let pos = positions[next];
            first_edge.push(edges.len() as u32);
            if let Some(score) = bao_decided(&pos) {
                decided.push((next, score));
                next += 1;
                continue;
            }
            // A repetition of the game before the root: a draw, left with no
            // moves and no value (never valued below, so it stays a draw).
            if next > 0 && before_root.contains(&pos) {
                next += 1;
                continue;
            }
            let before = edges.len();
            for mv in pos.candidate_moves() {
                let mut child = pos;
                // Endless moves are no moves (RULES.md).
                if child.apply_fast(mv).is_err() {
                    continue;
                }
                let child = child.repetition_form();
                let k = match index.get(&child) {
                    Some(&k) => k,
                    None => {
                        if positions.len() >= most {
                            return Ok(None);
                        }
                        let k = positions.len() as u32;
                        index.insert(child, k);
                        positions.push(child);
                        k
                    }
                };
                edges.push((mv, k));
            }
            if edges.len() == before {
                // Every move endless: the side to move loses.
                decided.push((next, -MATE));
            }
            next += 1;
        }
        first_edge.push(edges.len() as u32);
        let n = positions.len();
        // Who leads to each position (an edge per move, so counts match).
        let mut first_pred = vec![0u32; n + 1];
        for &(_, c) in &edges {
            first_pred[c as usize + 1] += 1;
        }
        for i in 0..n {
            first_pred[i + 1] += first_pred[i];
        }
        let mut fill = first_pred.clone();
        let mut preds = vec![0u32; edges.len()];
        for p in 0..n {
            for &(_, c) in &edges[first_edge[p] as usize..first_edge[p + 1] as usize] {
                preds[fill[c as usize] as usize] = p as u32;
                fill[c as usize] += 1;
            }
        }
        let mut scores = vec![UNKNOWN; n];
        let mut open: Vec<u32> = (0..n).map(|p| first_edge[p + 1] - first_edge[p]).collect();
        // First in, first out: positions are valued in order of their
        // plies, so a win gets its shortest and a loss its longest.
        let mut queue = std::collections::VecDeque::new();
        for (p, score) in decided {
            scores[p] = score;
            queue.push_back(p as u32);
        }
        while let Some(c) = queue.pop_front() {
            let child = scores[c as usize];
            for &p in &preds[first_pred[c as usize] as usize..first_pred[c as usize + 1] as usize] {
                let p = p as usize;
                if scores[p] != UNKNOWN {
                    continue;
                }
                if child < -MATE_THRESHOLD {
                    scores[p] = from_child(child, 0, false);
                    queue.push_back(p as u32);
                } else {
                    open[p] -= 1;
                    if open[p] == 0 {
                        scores[p] = from_child(child, 0, false);
                        queue.push_back(p as u32);
                    }
                }
            }
        }
        for s in &mut scores {
            if *s == UNKNOWN {
                *s = 0;
            }
        }
        Ok(Some(Retro {
            positions,
            scores,
            first_edge,
            edges,
        }))
    }

    fn moves(&self, p: usize) -> &[(Move, u32)] {
        &self.edges[self.first_edge[p] as usize..self.first_edge[p + 1] as usize]
    }

    /// The best move of position `p` and its score for the mover.
    fn best(&self, p: usize) -> Option<(Move, u32)> {
        self.moves(p).iter().copied().max_by_key(|&(mv, c)| {
            (
                from_child(self.scores[c as usize], 0, false),
                -(mv.0 as i32),
            )
        })
    }

    /// The value of every move of the root, in sowing order.
    pub fn move_values(&self) -> Vec<(Move, Value)> {
        let root = &self.positions[0];
        let mut values: Vec<(Move, Value)> = self
            .moves(0)
            .iter()
            .map(|&(mv, c)| {
                let score = from_child(self.scores[c as usize], 0, false);
                (mv, value_of(root, score))
            })
            .collect();
        values.sort_by_key(|&(mv, _)| mv.0);
        values
    }

    /// The root's solution: its value, best move and a principal line (to
    /// the end of the game, or for a draw until a position repeats, at
    /// most `max_len` moves).
    pub fn solution(&self, started: Instant, max_len: usize) -> Solution {
        let mut pv = Vec::new();
        let mut seen = std::collections::HashSet::new();
        let mut p = 0usize;
        while pv.len() < max_len && seen.insert(p) {
            let Some((mv, c)) = self.best(p) else { break };
            pv.push(mv);
            p = c as usize;
        }
        Solution {
            value: value_of(&self.positions[0], self.scores[0]),
            best: pv.first().copied(),
            pv,
            nodes: self.positions.len() as u64,
            elapsed: started.elapsed(),
        }
    }
}
