//! The computer players: `random`, `greedy` and the four search levels.

use super::{Analysis, Bound, SCALE, SearchConfig, Table, children, search, seeds_taken};
use crate::engine::{Move, Position};
use rand::Rng;
use rand::seq::IndexedRandom;
use std::sync::Arc;
use std::time::Duration;

/// A computer player's strength.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Level {
    /// Uniform over the legal moves.
    Random,
    /// The move that takes most right now, ties at random.
    Greedy,
    /// Two plies deep, and any move within 2 seeds of the best.
    Beginner,
    /// Three plies deep, and any move within 1 seed of the best.
    Club,
    /// Up to [`STRONG_DEPTH`] plies as the thinking time allows, one thread,
    /// with [`STRONG_QUIESCENCE`] plies of capture quiescence at En Gehé
    /// leaves (Bao la Kimasai leaves are static).
    Strong,
    /// As deep as the thinking time allows, one thread, with a quiescence
    /// search of captures at En Gehé leaves (README, "Measured numbers":
    /// under load a second thread only took time from the first).
    Master,
}

impl Level {
    pub const ALL: [Level; 6] = [
        Level::Random,
        Level::Greedy,
        Level::Beginner,
        Level::Club,
        Level::Strong,
        Level::Master,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Level::Random => "random",
            Level::Greedy => "greedy",
            Level::Beginner => "beginner",
            Level::Club => "club",
            Level::Strong => "strong",
            Level::Master => "master",
        }
    }

    pub fn title(self) -> &'static str {
        match self {
            Level::Random => "Random",
            Level::Greedy => "Greedy",
            Level::Beginner => "Beginner",
            Level::Club => "Club",
            Level::Strong => "Strong",
            Level::Master => "Master",
        }
    }

    /// Whether it searches (and so takes a thinking time): all but Random
    /// and Greedy.
    pub fn searches(self) -> bool {
        self.style().is_some()
    }

    /// How this level searches, or `None` for the two that do not.
    pub fn style(self) -> Option<Style> {
        let style = |depth, slack, threads, quiescence| Style {
            depth,
            slack,
            threads,
            quiescence,
        };
        match self {
            Level::Random | Level::Greedy => None,
            Level::Beginner => Some(style(Some(2), 2, 1, 0)),
            Level::Club => Some(style(Some(3), 1, 1, 0)),
            Level::Strong => Some(style(Some(STRONG_DEPTH), 0, 1, STRONG_QUIESCENCE)),
            Level::Master => Some(style(None, 0, 1, super::QUIESCENCE_PLIES)),
        }
    }

    /// The search configuration this level plays with at `movetime` per move.
    pub fn config(self, movetime: Duration) -> Option<SearchConfig> {
        let s = self.style()?;
        Some(SearchConfig {
            max_depth: s.depth,
            movetime: Some(movetime.max(Duration::from_millis(1))),
            threads: s.threads,
            lines: if s.slack > 0 { usize::MAX } else { 1 },
            quiescence: s.quiescence,
            stop_when_forced: true,
            ..SearchConfig::default()
        })
    }
}

/// Deepest iteration of the Strong level. A fixed cap keeps Strong's
/// strength the same on a loaded machine, and below Master's; an even
/// depth, because in Bao la Kimasai odd depths played clearly worse (a
/// 5-ply Strong barely beat the 3-ply Club; README, "Measured numbers").
pub const STRONG_DEPTH: u32 = 4;

/// Plies of En Gehé capture quiescence at Strong's leaves: with none, a
/// 4-ply Strong scored only 62.5–65.5% against Club in 100-game runs;
/// with 2, 73–84.5% (README, "Measured numbers"). Master searches 4.
pub const STRONG_QUIESCENCE: u32 = 2;

/// What separates the search levels.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Style {
    /// Deepest iteration (`None`: as deep as the time allows).
    pub depth: Option<u32>,
    /// Seeds of slack: any exactly scored move this close to the best may
    /// be chosen (at random), so weaker levels make human-sized mistakes.
    pub slack: i32,
    /// Search threads (Lazy SMP).
    pub threads: usize,
    /// Plies of quiescence search at the leaves (0: static evaluation only).
    pub quiescence: u32,
}

impl std::fmt::Display for Level {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for Level {
    type Err = String;
    fn from_str(s: &str) -> Result<Level, String> {
        Level::ALL
            .into_iter()
            .find(|l| l.name().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| {
                format!(
                    "unknown level `{s}`: expected random, greedy, beginner, club, strong or master"
                )
            })
    }
}

/// A uniformly random legal move (`None` when there is none).
pub fn random_move<R: Rng>(pos: &Position, rng: &mut R) -> Option<Move> {
    children(pos).choose(rng).map(|(mv, _)| *mv)
}

/// The move that captures (En Gehé) or raids (Bao la Kimasai) most right
/// now, ties at random.
pub fn greedy_move<R: Rng>(pos: &Position, rng: &mut R) -> Option<Move> {
    let kids = children(pos);
    let most = kids.iter().map(|(_, n)| seeds_taken(pos, n)).max()?;
    let best: Vec<Move> = kids
        .iter()
        .filter(|(_, n)| seeds_taken(pos, n) == most)
        .map(|(m, _)| *m)
        .collect();
    best.choose(rng).copied()
}

/// Picks among exactly scored lines within `slack` seeds of the best.
fn pick_with_slack<R: Rng>(analysis: &Analysis, slack: i32, rng: &mut R) -> Option<Move> {
    let best = analysis.best()?;
    let near: Vec<Move> = analysis
        .lines
        .iter()
        .filter(|l| l.bound == Bound::Exact && l.score >= best.score - slack * SCALE)
        .map(|l| l.mv)
        .collect();
    near.choose(rng).copied().or(Some(best.mv))
}

/// The move a computer player of `level` makes in `pos`, thinking at most
/// `movetime`. `history` is the game so far (for repetition); `table` may
/// be kept between moves. `None` when the side to move has no legal move.
pub fn choose_move<R: Rng>(
    level: Level,
    pos: &Position,
    movetime: Duration,
    history: &[Position],
    table: Option<Arc<Table>>,
    rng: &mut R,
) -> Option<Move> {
    match level {
        Level::Random => random_move(pos, rng),
        Level::Greedy => greedy_move(pos, rng),
        _ => {
            let slack = level.style()?.slack;
            let mut config = level.config(movetime)?;
            config.history = history.to_vec();
            config.table = table;
            let analysis = search(pos, config);
            if slack > 0 {
                pick_with_slack(&analysis, slack, rng)
            } else {
                analysis.best_move()
            }
        }
    }
}
