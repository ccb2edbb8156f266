//! The rules engine: both games exactly as `RULES.md` states them.
//!
//! Layering follows the chess crates (shakmaty): a raw [`Setup`] that may be
//! illegal, a validated [`Position`], [`Move`]s with their own notation
//! ([`notation`]), and [`Position::play`] / [`Position::try_play`]. Nothing
//! here knows about the UI.
//!
//! The words are the games' own. A *hole* holds seeds; a *move* lifts every
//! seed of one of the mover's holes and sows them one a hole, a *lap*; when
//! a lap's last seed lands in an occupied hole that hole is lifted in turn
//! (a *relay*), and when it lands in an empty hole the move ends. En Gehé
//! (2 rows of N) then *captures* the facing hole; Bao la Kimasai (4 rows of
//! 8: each side an *inner* and an *outer* row) first brings seeds in from a
//! *reserve* (phase 1), then *raids* the facing inner hole at the end of
//! any lap (phase 2). A move whose sowing never ends is not a legal move;
//! the engine decides that exactly.
//!
//! # A first look
//!
//! Read a position, list its moves, play one and read its laps, see that
//! the game is over, and print the position back:
//!
//! ```
//! use maasai_mancala::engine::{LapEnd, Position, Side, Status};
//!
//! // South's holes 1..4 from South's left, North's 1..4 from North's left:
//! // South 1 faces North 4, South 4 faces North 1.
//! let pos: Position = "en-gehe south=1,1,0,0 north=3,0,0,0 captured=0,0 turn=south".parse()?;
//! assert_eq!(pos.turn(), Side::South);
//!
//! // Legal moves are the occupied holes whose sowing ends, in move notation.
//! let names: Vec<String> = pos.legal_moves().iter().map(|&mv| pos.move_name(mv)).collect();
//! assert_eq!(names, ["1", "2"]);
//!
//! // Hole 1: its seed lands on the occupied hole 2 (a relay: lift its 2
//! // seeds and sow on), the last of them in the empty hole 4, which faces
//! // North's hole 1: its 3 seeds and the last seed are captured.
//! let mv = pos.parse_move("1")?;
//! let trace = pos.trace(mv)?;
//! assert_eq!(trace.laps.len(), 2);
//! assert!(matches!(trace.laps[0].end, LapEnd::Relay { seeds: 2, .. }));
//! assert!(matches!(trace.laps[1].end, LapEnd::Ends { .. }));
//! assert_eq!(trace.capture.map(|c| c.total), Some(4));
//! assert_eq!(trace.laps[0].describe(&pos), "lift 1 from S1; sow S2; lands on occupied S2: relay, lift 2 and sow on");
//!
//! // The same move on the fast path (no trace kept), as a bot plays it.
//! let next = pos.try_play(mv)?;
//! assert_eq!(next, trace.after);
//! assert_eq!(next.captured(Side::South), 4);
//!
//! // North's row is empty, so North cannot move: the game is over and the
//! // seed left on the board goes to South, who moved last.
//! let Status::Over(result) = next.status() else { panic!("North cannot move") };
//! assert_eq!(result.winner, Some(Side::South));
//! assert_eq!(result.score, Some([5, 0]));
//! assert_eq!(next.to_string(), "en-gehe south=0,0,1,0 north=0,0,0,0 captured=4,0 turn=north");
//!
//! // Illegal moves are errors, never panics.
//! assert!(pos.try_play(pos.parse_move("3")?).is_err()); // an empty hole
//! assert!(pos.parse_move("9").is_err()); // not a hole of this 2×4 board
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Bao la Kimasai reads the same way; its holes are named `i1`..`i8` and
//! `o1`..`o8` from the owner's left:
//!
//! ```
//! use maasai_mancala::engine::{GameOptions, Side};
//!
//! let start = GameOptions::bao_la_kimasai().start()?;
//! assert_eq!(start.legal_moves().len(), 8); // any inner hole
//! let i3 = start.parse_move("i3")?;
//! // i3's seed relays from i4, i6 and i8 and ends in the empty o7: the
//! // track runs along the inner row, then back along the outer row.
//! assert_eq!(start.trace(i3)?.laps.len(), 4);
//! let next = start.try_play(i3)?;
//! // The opening move brings no seed in: both reserves are still full.
//! assert_eq!((next.reserve(Side::South), next.reserve(Side::North)), (24, 24));
//! // Each side lists i1..i8 then o8..o1.
//! assert_eq!(next.to_string(), "bao-la-kimasai south=1,1,0,0,2,0,2,0,1,1,0,0,0,0,0,0 north=1,1,1,1,1,1,1,1,0,0,0,0,0,0,0,0 reserve=24,24 turn=north opening=no");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! For search, [`Position::successors`] gives each legal move with the
//! position it leaves, [`Position::key`] a Zobrist key, and
//! [`Position::apply_fast`] plays without checks or allocation. A
//! [`Game`] keeps a record and adds threefold repetition.

#![warn(missing_docs)]

mod error;
mod game;
mod long_moves;

/// Forgets what long Bao la Kimasai moves came to (see `long_moves`), so
/// that the next such move is sown to its end again: for benchmarks of
/// the sowing itself, which the memo would otherwise answer.
#[doc(hidden)]
pub fn forget_long_moves() {
    long_moves::forget_all();
}
pub mod notation;
pub mod playout;
mod position;
mod setup;
mod sowing;
mod trace;

pub use error::{
    PlayError, SetupError, count_word, group_digit_text, group_digits, grouped_count,
    play_error_words, possessive, shortened,
};

/// A Bao la Kimasai side's phase in words, from the reserves its moves are
/// judged by (RULES.md: a move's phase is judged when it starts), as the
/// board, the editor and diagrams name it.
pub fn bao_phase(reserve: [u64; 2], side: Side) -> &'static str {
    if reserve[side.index()] > 0 {
        "herding (phase 1)"
    } else if reserve == [0, 0] {
        "raiding (phase 2)"
    } else {
        "reserve empty, waiting for the other side"
    }
}

/// Said after the phase of the side to move when the opening flag withholds
/// its reserve seed (RULES.md's opening exception; with no reserve seed to
/// withhold the flag changes nothing, and nothing is said).
pub const OPENING_NOTE: &str = "opening move (no reserve seed added)";
pub use game::{EndReason, Game, GameResult, RecordError, ReplayError};
pub(crate) use position::mix64;
pub use position::{ClassifiedMoves, MoveCheck, Position, Status};
pub use setup::{GameKind, MAX_TOTAL_SEEDS, Setup};
pub use sowing::{Endless, LAP_LIMIT, QUICK_LAPS, Unfinished};
pub use trace::{EndCapture, Lap, LapEnd, LapKind, MoveTrace, Sown};

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
    /// The bottom row (En Gehé) or the two bottom rows (Bao la Kimasai).
    South,
    /// The top row (En Gehé) or the two top rows (Bao la Kimasai).
    North,
}

impl Side {
    /// South then North: the order of every per-side pair (`captured=S,N`,
    /// `reserve=S,N`, scores).
    pub const BOTH: [Side; 2] = [Side::South, Side::North];

    /// The other side.
    pub fn opponent(self) -> Side {
        match self {
            Side::South => Side::North,
            Side::North => Side::South,
        }
    }

    /// 0 for South, 1 for North: the index into per-side pairs.
    pub fn index(self) -> usize {
        self as usize
    }

    /// Name as used in notation (`turn=south`).
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

impl std::str::FromStr for Side {
    type Err = SetupError;
    /// `south` or `north`, as notation writes them (`turn=south`).
    fn from_str(s: &str) -> Result<Side, SetupError> {
        match s {
            "south" => Ok(Side::South),
            "north" => Ok(Side::North),
            _ => Err(SetupError::new(s, "a side is `south` or `north`")),
        }
    }
}

/// Which of the two games, with the board size where it varies.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Variant {
    /// En Gehé with rows of `holes` holes (RULES.md: 3 to 64; 40 to 50 in
    /// the tradition).
    EnGehe {
        /// Holes in each of the two rows.
        holes: u8,
    },
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

    /// Whether this is En Gehé (the game with captures to keep and a score).
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
///
/// A move means nothing without the side to move, so it has no notation of
/// its own: read and print it with [`Position::parse_move`] and
/// [`Position::move_name`] (or the [`Variant`]'s methods of the same names).
/// Any `Move` may be offered to [`Position::try_play`]; one that is no hole
/// of the mover's is refused, never a panic.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Move(pub u8);

impl Move {
    /// The hole's index in the mover's own sowing order.
    pub fn hole(self) -> usize {
        self.0 as usize
    }
}

/// A hole on the board, by owner and index in the owner's sowing order
/// (see [`Position::board_index`] and [`Position::hole_at`] for the storage
/// index a [`MoveTrace`]'s laps use).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct HoleRef {
    /// The side that owns the hole.
    pub side: Side,
    /// Index in the owner's sowing order (as a [`Move`] counts holes).
    pub index: usize,
}

/// Opening rules for a new game: everything the new-game dialog and presets choose.
// A field the files do not have (a misspelt `seeds`) is refused by name,
// as at the top level of each file, not passed over.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameOptions {
    /// Which game, and for En Gehé the row length.
    pub variant: Variant,
    /// En Gehé seeds per hole at the start (1 to 12). Bao la Kimasai's
    /// start is fixed: 1 seed in each inner hole, and this must be 1.
    pub seeds: u8,
    /// Who moves first (En Gehé option; Bao la Kimasai: always South).
    pub first: Side,
    /// How a lap longer than the track treats its starting hole (option
    /// `origin=skip`).
    pub origin: OriginRule,
}

impl Default for GameOptions {
    fn default() -> Self {
        GameOptions::en_gehe(50)
    }
}

impl GameOptions {
    /// En Gehé on rows of `holes` holes with the defaults of RULES.md: 4
    /// seeds a hole, South first, sowing into the origin. (Not validated:
    /// [`GameOptions::start`] checks the row length.)
    pub fn en_gehe(holes: u8) -> Self {
        GameOptions {
            variant: Variant::EnGehe { holes },
            seeds: 4,
            first: Side::South,
            origin: OriginRule::SowInto,
        }
    }

    /// Bao la Kimasai with the defaults of RULES.md.
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
