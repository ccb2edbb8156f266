//! The traced path: the complete story of a move, seed by seed, for the
//! visualiser and the command line's `trace`. It re-sows the move lap by
//! lap with code of its own (each lap's holes worked out from where it
//! starts, [`Sown`], not the fast path's), and tests check that both reach
//! the same position and that every seed's hole agrees with the boards.
//!
//! Holes in a trace are *board indices* (see [`Position::board`],
//! [`Position::hole_at`] and [`Position::hole_label`]), since a lap may sow
//! into both sides' holes (En Gehé) and a raid takes from the opponent's.

use super::{BAO_ROW, BAO_SIDE_HOLES, Move, OriginRule, PlayError, Position, Side, Variant};

/// Where a lap's seeds came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LapKind {
    /// The whole content of a hole, lifted: the move's first lap, or a
    /// relay after a lap ended on an occupied hole. Sowing starts in the
    /// hole after it.
    Lift {
        /// The hole lifted (board index; En Gehé's relay may lift a hole
        /// of either row).
        from: usize,
    },
    /// Bao la Kimasai raid: taken from the opponent's inner hole `from` and
    /// sown from the trigger hole on, the first seed into it.
    Raid {
        /// The opponent's inner hole emptied (board index).
        from: usize,
        /// The mover's inner hole whose lap end triggered the raid; it gets
        /// the first seed.
        trigger: usize,
    },
}

/// How a lap ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LapEnd {
    /// The last seed fell into an occupied hole, which now holds `seeds`
    /// and is lifted as the next lap.
    Relay {
        /// Where the last seed fell (board index).
        hole: usize,
        /// Seeds in it now, the next lap's handful.
        seeds: u32,
    },
    /// Bao la Kimasai: the last seed fell into an occupied inner hole facing
    /// `seeds` seeds in the opponent's hole `facing`; they are raided.
    Raid {
        /// The mover's inner hole where the last seed fell (board index).
        hole: usize,
        /// The opponent's inner hole facing it (board index).
        facing: usize,
        /// Seeds taken from `facing`, the next lap's handful.
        seeds: u32,
    },
    /// The last seed fell into an empty hole: the move ends.
    Ends {
        /// Where the last seed fell (board index).
        hole: usize,
    },
}

impl LapEnd {
    /// The hole the lap's last seed fell into.
    pub fn hole(&self) -> usize {
        match *self {
            LapEnd::Relay { hole, .. } | LapEnd::Raid { hole, .. } | LapEnd::Ends { hole } => hole,
        }
    }
}

/// One lap of a move: one handful sown, one seed a hole.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Lap {
    /// Where the handful came from.
    pub kind: LapKind,
    /// Seeds in hand at the start of the lap.
    pub seeds: u32,
    /// The holes the seeds fell into, in order.
    pub sown: Sown,
    /// Where the last seed fell and what follows.
    pub end: LapEnd,
}

/// The holes a lap's seeds fell into, in order, worked out from where the
/// lap began rather than listed: a lap of a big set-up position can sow
/// hundreds of millions of seeds (a 2×3 board of 60,000 seeds: 400 million
/// in one move), and a list of them took gigabytes on the window's thread.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Sown {
    /// Board index of the ring's first hole (the ring's holes have
    /// consecutive indices: both rows in En Gehé, the mover's 16 in Bao la
    /// Kimasai).
    base: usize,
    /// Holes on the ring.
    ring: usize,
    /// A first seed outside the cycle, as a ring position: `origin=skip`'s
    /// raid lap drops it in its trigger hole and never again.
    head: Option<usize>,
    /// Ring position of the cycle's first seed.
    start: usize,
    /// Holes the seeds go round: the ring, less the origin when skipped.
    cycle: usize,
    /// Seeds sown.
    count: usize,
}

impl Sown {
    /// Seeds sown in the lap.
    pub fn len(&self) -> usize {
        self.count
    }

    /// Whether no seed was sown (never for a lap of a move).
    pub fn is_empty(&self) -> bool {
        self.count == 0
    }

    /// The board index of the hole the `k`-th seed (from 0) fell into.
    pub fn get(&self, k: usize) -> Option<usize> {
        if k >= self.count {
            return None;
        }
        let j = match self.head {
            Some(head) if k == 0 => return Some(self.base + head),
            Some(_) => k - 1,
            None => k,
        };
        Some(self.base + (self.start + j % self.cycle) % self.ring)
    }

    /// The hole of the first seed.
    pub fn first(&self) -> Option<usize> {
        self.get(0)
    }

    /// The hole of the last seed.
    pub fn last(&self) -> Option<usize> {
        self.count.checked_sub(1).and_then(|k| self.get(k))
    }

    /// The holes in sowing order.
    pub fn iter(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.count).filter_map(|k| self.get(k))
    }

    /// The holes listed, one per seed.
    pub fn to_vec(&self) -> Vec<usize> {
        self.iter().collect()
    }

    /// Adds the lap's first `seeds` seeds to `board`, a round of the cycle
    /// at a time (the work of one round, however many seeds).
    pub fn add_first(&self, board: &mut [u16], seeds: usize) {
        let mut left = seeds.min(self.count);
        if left == 0 {
            return;
        }
        if let Some(head) = self.head {
            board[self.base + head] += 1;
            left -= 1;
        }
        let (rounds, rest) = (left / self.cycle, left % self.cycle);
        for i in 0..self.cycle {
            let seeds = rounds + usize::from(i < rest);
            if seeds > 0 {
                board[self.base + (self.start + i) % self.ring] += seeds as u16;
            }
        }
    }
}

/// En Gehé: the capture at the end of a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct EndCapture {
    /// The hole the last seed fell into (its seed is captured too).
    pub hole: usize,
    /// The opposite hole whose seeds are taken.
    pub facing: usize,
    /// Seeds taken from the opposite hole.
    pub facing_seeds: u32,
    /// All seeds captured: the opposite hole's plus the last seed.
    pub total: u32,
}

impl EndCapture {
    /// What was taken, with the holes named in `pos`: "4 from N3 and the
    /// last seed in S10: 5 seeds".
    pub fn describe(&self, pos: &Position) -> String {
        format!(
            "{} from {} and the last seed in {}: {} seeds",
            // Grouped as the laps' counts are ("lift 18,831").
            super::group_digits(self.facing_seeds.into()),
            pos.hole_label(self.facing),
            pos.hole_label(self.hole),
            super::group_digits(self.total.into())
        )
    }
}

/// The complete story of one move.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct MoveTrace {
    /// The side that moved.
    pub mover: Side,
    /// The move.
    pub mv: Move,
    /// The position the move was played on.
    pub before: Position,
    /// The position it leaves (exactly what [`Position::try_play`] gives).
    pub after: Position,
    /// Bao la Kimasai phase 1: the hole (board index) given a reserve seed
    /// before the lift.
    pub reserve_seed: Option<usize>,
    /// Every lap in order: the first lift, then one lap per relay or raid.
    pub laps: Vec<Lap>,
    /// En Gehé: the capture the move ends with, if any.
    pub capture: Option<EndCapture>,
}

impl MoveTrace {
    /// Seeds sown over the whole move.
    pub fn seeds_sown(&self) -> u64 {
        self.laps.iter().map(|l| l.sown.len() as u64).sum()
    }

    /// Seeds captured (En Gehé) or raided (Bao la Kimasai) in the move.
    pub fn seeds_taken(&self) -> u32 {
        let raids: u32 = self
            .laps
            .iter()
            .map(|l| match l.end {
                LapEnd::Raid { seeds, .. } => seeds,
                _ => 0,
            })
            .sum();
        raids + self.capture.map_or(0, |c| c.total)
    }

    /// The board after the first `seeds` seeds of the move have been sown
    /// (lifts and raids happen at the right moments), so the visualiser can
    /// show every intermediate state. En Gehé's capture at the end counts as
    /// one more step: it is applied once `seeds` exceeds [`Self::seeds_sown`].
    pub fn board_after_seeds(&self, seeds: u64) -> Vec<u16> {
        let mut board = self.before.board().to_vec();
        if let Some(h) = self.reserve_seed {
            board[h] += 1;
        }
        let mut left = seeds;
        for lap in &self.laps {
            match lap.kind {
                LapKind::Lift { from } => board[from] = 0,
                LapKind::Raid { from, .. } => board[from] = 0,
            }
            let len = lap.sown.len() as u64;
            if left < len {
                lap.sown.add_first(&mut board, left as usize);
                return board;
            }
            lap.sown.add_first(&mut board, lap.sown.len());
            left -= len;
        }
        if let Some(c) = self.capture
            && left > 0
        {
            board[c.hole] = 0;
            board[c.facing] = 0;
        }
        board
    }
}

impl Position {
    /// A hole's short label: `S12`/`N3` in En Gehé, `Si3`/`No5` in Bao la Kimasai.
    pub fn hole_label(&self, board_index: usize) -> String {
        let hole = self.hole_at(board_index);
        let side = match hole.side {
            Side::South => "S",
            Side::North => "N",
        };
        format!("{side}{}", self.variant().hole_name(hole.index))
    }

    /// Plays `mv` and returns its complete story. Endless and illegal moves
    /// are refused exactly as [`Position::try_play`] refuses them.
    ///
    /// The story holds every lap (a few words each, however many seeds it
    /// sows), so it is as long as the move's laps: fine for a move a person
    /// watches, not for search (use [`Position::try_play`] there).
    pub fn trace(&self, mv: Move) -> Result<MoveTrace, PlayError> {
        let after = self.try_play(mv)?;
        let mover = self.turn();
        let mut board = self.board().to_vec();
        let n = self.holes_per_side();
        let skip = self.origin() == OriginRule::Skip;
        let mut laps = Vec::new();
        let mut reserve_seed = None;
        let mut capture = None;
        // The ring the mover sows around: consecutive board indices in
        // sowing order.
        let (base, ring) = match self.variant() {
            Variant::EnGehe { .. } => (0, 2 * n),
            Variant::BaoLaKimasai => (mover.index() * BAO_SIDE_HOLES, BAO_SIDE_HOLES),
        };
        let pos_of = |board_index: usize| {
            debug_assert!(
                (base..base + ring).contains(&board_index),
                "hole on the ring"
            );
            board_index - base
        };
        let start = mover.index() * n + mv.hole();
        let raids = self.raids_allowed();
        if self.variant() == Variant::BaoLaKimasai && self.reserve(mover) > 0 && !self.opening() {
            board[start] += 1;
            reserve_seed = Some(start);
        }
        let mut kind = LapKind::Lift { from: start };
        loop {
            let (hand, first_pos, origin_pos) = match kind {
                LapKind::Lift { from } => {
                    let hand = board[from] as u32;
                    board[from] = 0;
                    let p = pos_of(from);
                    (hand, (p + 1) % ring, p)
                }
                LapKind::Raid { from, trigger } => {
                    let hand = board[from] as u32;
                    board[from] = 0;
                    let p = pos_of(trigger);
                    (hand, p, p)
                }
            };
            // Without the skip the seeds go round the whole ring from the
            // first; with it, round the ring less the origin (a raid's
            // first seed falls in the origin itself, then never again).
            let sown = match (skip, first_pos == origin_pos) {
                (false, _) => Sown {
                    base,
                    ring,
                    head: None,
                    start: first_pos,
                    cycle: ring,
                    count: hand as usize,
                },
                (true, raid) => Sown {
                    base,
                    ring,
                    head: raid.then_some(origin_pos),
                    start: (origin_pos + 1) % ring,
                    cycle: ring - 1,
                    count: hand as usize,
                },
            };
            sown.add_first(&mut board, hand as usize);
            let last = sown.last().expect("a lap sows at least one seed");
            let end = if board[last] == 1 {
                LapEnd::Ends { hole: last }
            } else {
                let facing = self
                    .facing(last)
                    .filter(|_| raids && self.hole_at(last).index < BAO_ROW);
                match facing {
                    Some(f) if board[f] > 0 => LapEnd::Raid {
                        hole: last,
                        facing: f,
                        seeds: board[f] as u32,
                    },
                    _ => LapEnd::Relay {
                        hole: last,
                        seeds: board[last] as u32,
                    },
                }
            };
            laps.push(Lap {
                kind,
                seeds: hand,
                sown,
                end,
            });
            match end {
                LapEnd::Ends { hole } => {
                    if self.variant().is_en_gehe() && self.hole_at(hole).side == mover {
                        let facing = self
                            .facing(hole)
                            .expect("every En Gehé hole has an opposite");
                        if board[facing] > 0 {
                            let taken = board[facing] as u32;
                            board[facing] = 0;
                            board[hole] = 0;
                            capture = Some(EndCapture {
                                hole,
                                facing,
                                facing_seeds: taken,
                                total: taken + 1,
                            });
                        }
                    }
                    break;
                }
                LapEnd::Relay { hole, .. } => kind = LapKind::Lift { from: hole },
                LapEnd::Raid { hole, facing, .. } => {
                    kind = LapKind::Raid {
                        from: facing,
                        trigger: hole,
                    }
                }
            }
        }
        debug_assert_eq!(&board[..], after.board(), "traced and fast sowing disagree");
        Ok(MoveTrace {
            mover,
            mv,
            before: *self,
            after,
            reserve_seed,
            laps,
            capture,
        })
    }
}

impl Lap {
    /// One line for people: where the seeds came from, where they went, and
    /// how the lap ended.
    pub fn describe(&self, pos: &Position) -> String {
        let l = |h: usize| pos.hole_label(h);
        // Grouped as every count the program prints ("lift 11,000").
        let n = |count: u64| super::group_digits(count);
        let head = match self.kind {
            LapKind::Lift { from } => format!("lift {} from {}", n(self.seeds.into()), l(from)),
            LapKind::Raid { from, trigger } => {
                format!(
                    "raid {} from {} and sow from {}",
                    n(self.seeds.into()),
                    l(from),
                    l(trigger)
                )
            }
        };
        let labels = |from: usize, to: usize| {
            (from..to)
                .filter_map(|k| self.sown.get(k))
                .map(l)
                .collect::<Vec<_>>()
                .join(" ")
        };
        let len = self.sown.len();
        let holes = if len <= 24 {
            labels(0, len)
        } else {
            format!(
                "{} … {} ({} holes)",
                labels(0, 6),
                labels(len - 6, len),
                n(len as u64)
            )
        };
        let end = match self.end {
            LapEnd::Relay { hole, seeds } => format!(
                "lands on occupied {}: relay, lift {} and sow on",
                l(hole),
                n(seeds.into())
            ),
            LapEnd::Raid {
                hole,
                facing,
                seeds,
            } => {
                format!(
                    "lands on occupied inner {} facing {}: raid {}",
                    l(hole),
                    l(facing),
                    n(seeds.into())
                )
            }
            LapEnd::Ends { hole } => format!("lands in empty {}: the move ends", l(hole)),
        };
        format!("{head}; sow {holes}; {end}")
    }

    /// A short caption for the visualiser.
    pub fn caption(&self) -> String {
        match self.end {
            LapEnd::Relay { seeds, .. } => format!(
                "lands on an occupied hole: lift {} and sow on",
                super::group_digits(seeds.into())
            ),
            LapEnd::Raid { seeds, .. } => format!(
                "lands on an occupied inner hole: raid {} from across",
                super::group_digits(seeds.into())
            ),
            LapEnd::Ends { .. } => "lands in an empty hole: the move ends".to_string(),
        }
    }
}
