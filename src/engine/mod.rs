//! The rules engine: both games exactly as `RULES.md` states them.
//!
//! Layering follows the chess crates: a raw [`Setup`] that may be illegal,
//! a validated [`Position`], [`Move`]s with their own notation, and
//! [`Position::play`] / [`Position::try_play`]. Nothing here knows about the UI.
//!
//! ```
//! use maasai_mancala::engine::{notation, Status};
//!
//! let pos = notation::parse_position(
//!     "en-gehe south=1,0,0 north=0,5,0 captured=0,0 turn=south",
//! )?;
//! let mv = pos.variant().parse_move("1")?;
//! // S1's seed ends in the empty S2, facing N2's 5 seeds: 5 + 1 captured.
//! let next = pos.try_play(mv)?;
//! assert_eq!(next.to_string(), "en-gehe south=0,0,0 north=0,0,0 captured=6,0 turn=north");
//! let Status::Over(result) = next.status() else { panic!("North cannot move") };
//! assert_eq!(result.suffix(), " result=south score=6,0");
//!
//! // Every lap of a move, seed by seed, for the visualiser.
//! let trace = pos.trace(mv)?;
//! assert_eq!(trace.laps.len(), 1);
//! assert_eq!(trace.capture.map(|c| c.total), Some(6));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod error;
mod game;
mod long_moves;
pub mod notation;
pub mod playout;
mod position;
mod setup;
mod sowing;
mod trace;

pub use error::{PlayError, SetupError, count_word, group_digits, shortened};
pub use game::{EndReason, Game, GameResult, RecordError};
pub(crate) use position::mix64;
pub use position::{MoveCheck, Position, Status};
pub use setup::{GameKind, MAX_TOTAL_SEEDS, Setup};
pub use sowing::{Endless, LAP_LIMIT, QUICK_LAPS, Unfinished};
pub use trace::{EndCapture, Lap, LapEnd, LapKind, MoveTrace};

use serde::{Deserialize, Serialize};

/// Largest En Gehé row the engine accepts (study and teaching boards included).
pub const MAX_HOLES: usize = 64;
/// Smallest En Gehé row.
pub const MIN_HOLES: usize = 3;
/// Holes on one side of a Bao la Kimasai board (inner row then outer row).
pub const BAO_SIDE_HOLES: usize = 16;
/// Holes in one Bao la Kimasai row.
pub const BAO_ROW: usize = 8;
/// Board storage: two En Gehé rows of [`MAX_HOLES`].
pub const BOARD_CAPACITY: usize = 2 * MAX_HOLES;

/// The two teams. South owns the bottom row(s) and moves first by default.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Side {
    South,
    North,
}

impl Side {
    pub const BOTH: [Side; 2] = [Side::South, Side::North];

    pub fn opponent(self) -> Side {
        match self {
            Side::South => Side::North,
            Side::North => Side::South,
        }
    }

    pub fn index(self) -> usize {
        self as usize
    }

    pub fn name(self) -> &'static str {
        match self {
            Side::South => "south",
            Side::North => "north",
        }
    }

    /// Capitalised name for prose.
    pub fn title(self) -> &'static str {
        match self {
            Side::South => "South",
            Side::North => "North",
        }
    }
}

impl std::fmt::Display for Side {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// Which of the two games, with the board size where it varies.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Variant {
    /// En Gehé with rows of `holes` holes.
    EnGehe { holes: u8 },
    /// Bao la Kimasai, 4 rows of 8.
    BaoLaKimasai,
}

impl Variant {
    /// Name as used in notation.
    pub fn name(self) -> &'static str {
        match self {
            Variant::EnGehe { .. } => "en-gehe",
            Variant::BaoLaKimasai => "bao-la-kimasai",
        }
    }

    /// Name for people.
    pub fn title(self) -> &'static str {
        match self {
            Variant::EnGehe { .. } => "En Gehé",
            Variant::BaoLaKimasai => "Bao la Kimasai",
        }
    }

    /// Holes a side owns (and may move from).
    pub fn holes_per_side(self) -> usize {
        match self {
            Variant::EnGehe { holes } => holes as usize,
            Variant::BaoLaKimasai => BAO_SIDE_HOLES,
        }
    }

    /// Holes on the whole board.
    pub fn board_len(self) -> usize {
        2 * self.holes_per_side()
    }

    pub fn is_en_gehe(self) -> bool {
        matches!(self, Variant::EnGehe { .. })
    }
}

/// How a lap of more seeds than the track has holes treats its starting hole.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum OriginRule {
    /// Drop a seed there like anywhere else (the default, as Ludii does).
    #[default]
    SowInto,
    /// Never drop a seed into the starting hole after the first pass.
    Skip,
}

/// A move: the hole the mover lifts from, as an index into the mover's own
/// holes in sowing order (En Gehé: hole number − 1; Bao la Kimasai:
/// i1..i8 are 0..7, o8..o1 are 8..15).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Move(pub u8);

impl Move {
    pub fn hole(self) -> usize {
        self.0 as usize
    }
}

/// A hole on the board, by owner and index in the owner's sowing order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct HoleRef {
    pub side: Side,
    pub index: usize,
}

/// Opening rules for a new game: everything the new-game dialog and presets choose.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameOptions {
    pub variant: Variant,
    /// En Gehé seeds per hole at the start (1 to 12).
    pub seeds: u8,
    pub first: Side,
    pub origin: OriginRule,
}

impl Default for GameOptions {
    fn default() -> Self {
        GameOptions::en_gehe(50)
    }
}

impl GameOptions {
    pub fn en_gehe(holes: u8) -> Self {
        GameOptions {
            variant: Variant::EnGehe { holes },
            seeds: 4,
            first: Side::South,
            origin: OriginRule::SowInto,
        }
    }

    pub fn bao_la_kimasai() -> Self {
        GameOptions {
            variant: Variant::BaoLaKimasai,
            seeds: 1,
            first: Side::South,
            origin: OriginRule::SowInto,
        }
    }

    /// Checks the options against the ranges RULES.md allows.
    pub fn validate(&self) -> Result<(), SetupError> {
        if let Variant::EnGehe { holes } = self.variant {
            let holes = holes as usize;
            if !(MIN_HOLES..=MAX_HOLES).contains(&holes) {
                return Err(SetupError::new(
                    "holes",
                    format!("rows must have {MIN_HOLES} to {MAX_HOLES} holes, not {holes}"),
                ));
            }
            if !(1..=12).contains(&self.seeds) {
                return Err(SetupError::new(
                    "seeds",
                    format!("seeds per hole must be 1 to 12, not {}", self.seeds),
                ));
            }
        } else {
            // Bao la Kimasai's start is fixed (RULES.md): options that would
            // be ignored are refused, so a file never says what is not so.
            if self.seeds != 1 {
                return Err(SetupError::new(
                    "seeds",
                    format!(
                        "Bao la Kimasai starts with 1 seed in each inner hole, not {}",
                        self.seeds
                    ),
                ));
            }
            if self.first != Side::South {
                return Err(SetupError::new(
                    "first",
                    "in Bao la Kimasai South always moves first",
                ));
            }
        }
        Ok(())
    }

    /// The starting position these options describe.
    pub fn start(&self) -> Result<Position, SetupError> {
        self.validate()?;
        Setup::start(self).validate()
    }
}
