//! The raw, unchecked description of a position: what a notation string,
//! a file or the position editor says. It may be illegal until validated.

use super::error::group_digits;
use super::{
    BAO_SIDE_HOLES, GameOptions, MAX_HOLES, MIN_HOLES, OriginRule, Position, SetupError, Side,
    Variant,
};

/// Largest number of seeds a position may hold in all (board, captured and
/// reserves together), so that no hole count can overflow.
pub const MAX_TOTAL_SEEDS: u64 = 60_000;

/// A position as written down, before the engine has checked it.
///
/// Every field is public and any value may be put in: [`Setup::validate`]
/// (or `Position::try_from`) is where the rules are checked, and
/// [`Setup::problems`] lists everything wrong at once. It reads and prints
/// the same notation as a [`Position`] (`FromStr`, `Display`), so a tool can
/// show and edit a position that is not legal yet.
///
/// ```
/// use maasai_mancala::engine::{Position, Setup, Side};
///
/// let mut setup: Setup = "en-gehe south=4,4,4 north=4,4,4 captured=0,0 turn=south".parse()?;
/// setup.row_mut(Side::North)[0] = 70_000; // too many seeds for a position
/// assert_eq!(setup.problems().len(), 1);
/// assert!(Position::try_from(&setup).is_err());
/// setup.row_mut(Side::North)[0] = 0;
/// let pos = Position::try_from(setup)?;
/// assert_eq!(pos.seeds(Side::North, 0), 0);
/// # Ok::<(), maasai_mancala::engine::SetupError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Setup {
    /// Which game. For En Gehé the row length is taken from the lists.
    pub game: GameKind,
    /// South's holes in South's sowing order.
    pub south: Vec<u64>,
    /// North's holes in North's sowing order.
    pub north: Vec<u64>,
    /// En Gehé: seeds captured by South and North.
    pub captured: [u64; 2],
    /// Bao la Kimasai: reserve seeds of South and North.
    pub reserve: [u64; 2],
    /// The side to move.
    pub turn: Side,
    /// Bao la Kimasai: whether the next move is the game's first.
    pub opening: bool,
    /// How a lap longer than the track treats its starting hole.
    pub origin: OriginRule,
}

/// The game named by a setup (its board size comes from the hole lists).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameKind {
    /// En Gehé (`en-gehe`).
    EnGehe,
    /// Bao la Kimasai (`bao-la-kimasai`).
    BaoLaKimasai,
}

impl Setup {
    /// The start position of a game with these options (unvalidated).
    pub fn start(options: &GameOptions) -> Setup {
        match options.variant {
            Variant::EnGehe { holes } => {
                let row = vec![options.seeds as u64; holes as usize];
                Setup {
                    game: GameKind::EnGehe,
                    south: row.clone(),
                    north: row,
                    captured: [0, 0],
                    reserve: [0, 0],
                    turn: options.first,
                    opening: false,
                    origin: options.origin,
                }
            }
            Variant::BaoLaKimasai => {
                let mut side = vec![0; BAO_SIDE_HOLES];
                side[..8].fill(1);
                Setup {
                    game: GameKind::BaoLaKimasai,
                    south: side.clone(),
                    north: side,
                    captured: [0, 0],
                    reserve: [24, 24],
                    turn: Side::South,
                    opening: true,
                    origin: options.origin,
                }
            }
        }
    }

    /// An empty board of the given variant, South to move.
    pub fn empty(variant: Variant) -> Setup {
        let n = variant.holes_per_side();
        Setup {
            game: match variant {
                Variant::EnGehe { .. } => GameKind::EnGehe,
                Variant::BaoLaKimasai => GameKind::BaoLaKimasai,
            },
            south: vec![0; n],
            north: vec![0; n],
            captured: [0, 0],
            reserve: [0, 0],
            turn: Side::South,
            opening: false,
            origin: OriginRule::SowInto,
        }
    }

    /// `side`'s holes in its own sowing order.
    pub fn row(&self, side: Side) -> &[u64] {
        match side {
            Side::South => &self.south,
            Side::North => &self.north,
        }
    }

    /// `side`'s holes, to edit.
    pub fn row_mut(&mut self, side: Side) -> &mut Vec<u64> {
        match side {
            Side::South => &mut self.south,
            Side::North => &mut self.north,
        }
    }

    /// Checks every rule of RULES.md that a position must satisfy and builds
    /// the validated [`Position`]. The error is the first of [`Setup::problems`].
    pub fn validate(&self) -> Result<Position, SetupError> {
        let variant = self.variant()?;
        if let Some(first) = self.problems().into_iter().next() {
            return Err(first);
        }
        Ok(Position::from_parts(
            variant,
            &self.south,
            &self.north,
            self.captured,
            self.reserve,
            self.turn,
            self.opening,
            self.origin,
        ))
    }

    /// The variant the hole lists describe, or why they describe none
    /// (rows of different or impossible lengths).
    pub fn variant(&self) -> Result<Variant, SetupError> {
        let n = self.south.len();
        match self.game {
            GameKind::EnGehe => {
                if n != self.north.len() {
                    return Err(SetupError::new(
                        "north",
                        format!(
                            "North's row has {} but South's has {n}; both rows must be equally long",
                            crate::engine::count_word(self.north.len(), "hole")
                        ),
                    ));
                }
                if n > MAX_HOLES {
                    return Err(SetupError::new(
                        "south",
                        format!("a row may have at most {MAX_HOLES} holes, this one has {n}"),
                    ));
                }
                if n < MIN_HOLES {
                    return Err(SetupError::new(
                        "south",
                        format!("a row needs at least {MIN_HOLES} holes, this one has {n}"),
                    ));
                }
                Ok(Variant::EnGehe { holes: n as u8 })
            }
            GameKind::BaoLaKimasai => {
                for (side, row) in [("south", &self.south), ("north", &self.north)] {
                    if row.len() != BAO_SIDE_HOLES {
                        return Err(SetupError::new(
                            side,
                            format!(
                                "a Bao la Kimasai side lists {BAO_SIDE_HOLES} holes (i1..i8, o8..o1), not {}",
                                row.len()
                            ),
                        ));
                    }
                }
                Ok(Variant::BaoLaKimasai)
            }
        }
    }

    /// Every rule of RULES.md this setup breaks, each naming its field, in
    /// the order [`Setup::validate`] checks them (empty when it is valid).
    /// The position editor lists them all at once.
    pub fn problems(&self) -> Vec<SetupError> {
        if let Err(e) = self.variant() {
            // Without a board shape nothing else can be judged.
            return vec![e];
        }
        let mut out = Vec::new();
        match self.game {
            GameKind::EnGehe => {
                if self.reserve != [0, 0] {
                    out.push(SetupError::new(
                        "reserve",
                        "En Gehé has no reserves (that is Bao la Kimasai)",
                    ));
                }
                if self.opening {
                    out.push(SetupError::new(
                        "opening",
                        "En Gehé has no opening flag (that is Bao la Kimasai)",
                    ));
                }
            }
            GameKind::BaoLaKimasai => {
                if self.captured != [0, 0] {
                    out.push(SetupError::new(
                        "captured",
                        "Bao la Kimasai keeps no captured seeds: raided seeds are sown on",
                    ));
                }
            }
        }
        let mut total: u64 = 0;
        let mut too_full = false;
        // Holes named as the board names them ("South 45", "North o3").
        let hole_name = |i: usize| match self.game {
            GameKind::EnGehe => (i + 1).to_string(),
            GameKind::BaoLaKimasai => Variant::BaoLaKimasai.hole_name(i),
        };
        for (name, side, row) in [
            ("south", "South", &self.south),
            ("north", "North", &self.north),
        ] {
            for (i, &c) in row.iter().enumerate() {
                if c > MAX_TOTAL_SEEDS {
                    too_full = true;
                    out.push(SetupError::new(
                        name,
                        format!(
                            "{side} {} holds {} seeds, more than the {} a position may hold",
                            hole_name(i),
                            group_digits(c),
                            group_digits(MAX_TOTAL_SEEDS)
                        ),
                    ));
                }
                total = total.saturating_add(c);
            }
        }
        total = total
            .saturating_add(
                self.captured
                    .iter()
                    .fold(0, |a: u64, &c| a.saturating_add(c)),
            )
            .saturating_add(
                self.reserve
                    .iter()
                    .fold(0, |a: u64, &c| a.saturating_add(c)),
            );
        if !too_full && total > MAX_TOTAL_SEEDS {
            out.push(SetupError::new(
                "",
                format!(
                    "the position holds {} seeds in all; at most {} are allowed",
                    group_digits(total),
                    group_digits(MAX_TOTAL_SEEDS)
                ),
            ));
        }
        out
    }
}

impl TryFrom<&Setup> for Position {
    type Error = SetupError;
    /// [`Setup::validate`].
    fn try_from(setup: &Setup) -> Result<Position, SetupError> {
        setup.validate()
    }
}

impl TryFrom<Setup> for Position {
    type Error = SetupError;
    /// [`Setup::validate`].
    fn try_from(setup: Setup) -> Result<Position, SetupError> {
        setup.validate()
    }
}

impl From<Position> for Setup {
    fn from(p: Position) -> Setup {
        Setup::from(&p)
    }
}

impl From<&Position> for Setup {
    fn from(p: &Position) -> Setup {
        let row = |s| p.row(s).iter().map(|&c| c as u64).collect::<Vec<_>>();
        Setup {
            game: match p.variant() {
                Variant::EnGehe { .. } => GameKind::EnGehe,
                Variant::BaoLaKimasai => GameKind::BaoLaKimasai,
            },
            south: row(Side::South),
            north: row(Side::North),
            captured: [
                p.captured(Side::South) as u64,
                p.captured(Side::North) as u64,
            ],
            reserve: [p.reserve(Side::South) as u64, p.reserve(Side::North) as u64],
            turn: p.turn(),
            opening: p.opening(),
            origin: p.origin(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::notation::parse_setup;

    #[test]
    fn problems_lists_every_broken_rule_and_validate_reports_the_first() {
        let mut s = Setup::start(&GameOptions::en_gehe(6));
        assert!(s.problems().is_empty());
        s.south[1] = 70_000;
        s.north[4] = 70_001;
        s.reserve = [3, 0];
        let problems = s.problems();
        let tokens: Vec<&str> = problems.iter().map(|e| e.token.as_str()).collect();
        assert_eq!(tokens, ["reserve", "south", "north"]);
        assert!(problems[1].problem.contains("South 2 holds 70,000 seeds"));
        assert_eq!(s.validate().unwrap_err(), problems[0]);

        // A broken board shape is the only problem reported.
        s.north.pop();
        assert_eq!(s.problems().len(), 1);
        assert_eq!(s.problems()[0].token, "north");
    }

    #[test]
    fn a_setup_prints_like_its_position_and_reads_back() {
        for text in [
            "en-gehe south=1,0,2 north=0,3,0 captured=5,6 turn=north origin=skip",
            "bao-la-kimasai south=1,1,1,1,1,1,1,1,0,0,0,0,0,0,0,0 north=1,1,1,1,1,1,1,1,0,0,0,0,0,0,0,0 reserve=24,24 turn=south opening=yes",
        ] {
            let setup = parse_setup(text).unwrap();
            assert_eq!(setup.to_string(), text);
            assert_eq!(setup.validate().unwrap().to_string(), text);
        }
        // An invalid setup still prints, so the editor can show it.
        let mut s = Setup::empty(Variant::EnGehe { holes: 3 });
        s.south[0] = 99_999;
        assert_eq!(
            s.to_string(),
            "en-gehe south=99999,0,0 north=0,0,0 captured=0,0 turn=south"
        );
    }
}
