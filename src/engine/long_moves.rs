//! What long Bao la Kimasai moves came to, kept for the rest of the run.
//!
//! Proving a Bao la Kimasai move endless can take hundreds of millions of
//! laps (seconds), and a solver meets the same move again and again: in
//! positions that differ only in the opponent's outer row, which a move
//! never reads, or in the same position reached by another order of moves.
//! So a move still running after [`MEMO_FROM_LAP`] laps looks its state at
//! that lap up here (the mover's 16 holes, the opponent's inner row when
//! raids are allowed, where the next lap starts and whether it is a raid):
//! the rest of the move depends on nothing else. Keyed at one fixed lap, a remembered rest also
//! tells exactly whether the move ends within any lap limit, so the memo
//! changes no verdict, only how soon it comes.
//!
//! En Gehé is not remembered: its long moves on small boards repeat within
//! a few thousand laps, and on 2×50 boards none were seen to run long.

use std::sync::{Mutex, OnceLock};

/// The lap at which a Bao la Kimasai move is looked up (and after which its
/// rest is remembered): past every move of ordinary length, so the fast
/// path pays nothing, and a few microseconds of sowing, so the lookup costs
/// next to nothing against the move.
pub(crate) const MEMO_FROM_LAP: u64 = 1024;

/// Slots of the memo (direct-mapped; a newer state takes an older one's).
const SLOTS: usize = 4096;

/// A lap-start state of a Bao la Kimasai move: all that its rest depends on.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct LapStart {
    pub own: [u16; 16],
    pub opp_inner: [u16; 8],
    pub at: u8,
    /// Bit 0: this lap is a raid; bit 1: raids are allowed; bit 2: the
    /// origin is skipped on long laps.
    pub flags: u8,
}

/// How a move went on from a remembered [`LapStart`].
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Rest {
    /// It ended after `laps` more laps, leaving these holes and the last
    /// seed in `last`.
    Ends {
        own: [u16; 16],
        opp_inner: [u16; 8],
        last: u8,
        laps: u64,
    },
    /// It entered a cycle of this many laps: endless.
    Cycle(u64),
    /// It neither ended nor repeated within this many more laps (the rules'
    /// lap limit): endless.
    NoEndWithin(u64),
}

/// What a [`Rest`] tells a move looked up at [`MEMO_FROM_LAP`] that may
/// sow up to `lap_limit` laps in all.
pub(crate) enum Answer {
    /// It ends within the limit, leaving these holes and its last seed.
    Ends {
        own: [u16; 16],
        opp_inner: [u16; 8],
        last: u8,
    },
    /// It does not end within the limit (`Some(cycle)`: never).
    Endless(Option<u64>),
    /// Not known: it was only followed for fewer laps than this limit.
    Unknown,
}

impl Rest {
    /// The answer the sowing itself would give: a move ends within the
    /// limit when all its laps after the first are fewer than `lap_limit`.
    pub(crate) fn answer(self, lap_limit: u64) -> Answer {
        match self {
            Rest::Ends {
                own,
                opp_inner,
                last,
                laps,
            } if MEMO_FROM_LAP + laps < lap_limit => Answer::Ends {
                own,
                opp_inner,
                last,
            },
            Rest::Ends { .. } => Answer::Endless(None),
            Rest::Cycle(cycle) => Answer::Endless(Some(cycle)),
            Rest::NoEndWithin(laps) if lap_limit <= MEMO_FROM_LAP + laps => Answer::Endless(None),
            Rest::NoEndWithin(_) => Answer::Unknown,
        }
    }
}

type Slots = Box<[Option<(LapStart, Rest)>]>;

fn memo() -> &'static Mutex<Slots> {
    static MEMO: OnceLock<Mutex<Slots>> = OnceLock::new();
    MEMO.get_or_init(|| Mutex::new(vec![None; SLOTS].into_boxed_slice()))
}

fn slot(state: &LapStart) -> usize {
    let word = |holes: &[u16]| {
        holes
            .iter()
            .fold(0u64, |w, &c| w.rotate_left(16) ^ c as u64)
    };
    let mut h = (state.at as u64) << 8 | state.flags as u64;
    for chunk in state.own.chunks(4).chain(state.opp_inner.chunks(4)) {
        h = super::mix64(h ^ word(chunk));
    }
    (h as usize) % SLOTS
}

#[cfg(test)]
thread_local! {
    /// Rests recalled so far on this thread (for tests: each test runs on
    /// a thread of its own, so another test's recalls do not count).
    static RECALLED: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
}

/// The remembered rest of a move from `state`, if any.
pub(crate) fn recall(state: &LapStart) -> Option<Rest> {
    // A panic elsewhere while the lock was held cannot leave a slot half
    // written (slots are replaced whole), so a poisoned lock is still good.
    let slots = memo().lock().unwrap_or_else(|e| e.into_inner());
    match slots[slot(state)] {
        Some((s, rest)) if s == *state => {
            #[cfg(test)]
            RECALLED.with(|r| r.set(r.get() + 1));
            Some(rest)
        }
        _ => None,
    }
}

/// Forgets every remembered rest (benchmarks: a move sown afresh).
pub(crate) fn forget_all() {
    let mut slots = memo().lock().unwrap_or_else(|e| e.into_inner());
    slots.fill(None);
}

/// Remembers the rest of a move from `state`.
pub(crate) fn remember(state: LapStart, rest: Rest) {
    let mut slots = memo().lock().unwrap_or_else(|e| e.into_inner());
    slots[slot(&state)] = Some((state, rest));
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Endless, Move, Position, Unfinished, notation};

    /// South's `i7` never ends: a cycle of 5,107,424 laps (North's reserve
    /// seed keeps raids off).
    const LONG_ENDLESS: &str = "bao-la-kimasai south=1,0,1,7,6,1,2,0,1,2,12,4,7,6,5,0 north=1,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0 reserve=0,1 turn=south opening=no";
    /// North's `o2` ends after 2,797 laps (found by random play).
    const LONG_FINITE: &str = "bao-la-kimasai south=2,5,0,1,2,1,0,0,1,0,6,4,2,0,4,1 north=1,4,1,0,1,3,2,5,0,1,0,5,2,1,1,2 reserve=3,3 turn=north opening=no origin=skip";

    fn position_and_move(text: &str, hole: &str) -> (Position, Move) {
        let pos = notation::parse_position(text).unwrap();
        let mv = pos.variant().parse_move(hole).unwrap();
        (pos, mv)
    }

    fn within(pos: &Position, mv: Move, laps: u64) -> Result<Position, Endless> {
        let mut next = *pos;
        next.apply_within(mv, laps).map(|()| next)
    }

    #[test]
    fn a_long_move_stops_when_asked_and_is_then_proved_endless() {
        let (pos, mv) = position_and_move(LONG_ENDLESS, "i7");
        let mut asked = 0;
        let stopped = pos.clone().apply_or_stop(mv, || {
            asked += 1;
            false
        });
        assert_eq!(stopped, Err(Unfinished::Stopped));
        assert_eq!(asked, 1);
        let endless = Endless {
            cycle_laps: Some(5_107_424),
        };
        let proved = pos.clone().apply_or_stop(mv, || true);
        assert_eq!(proved, Err(Unfinished::Endless(endless)));
        // Remembered now: the same verdict, and a lap cap still caps.
        let before = RECALLED.with(std::cell::Cell::get);
        assert_eq!(within(&pos, mv, crate::engine::LAP_LIMIT), Err(endless));
        assert_eq!(RECALLED.with(std::cell::Cell::get), before + 1);
        assert!(within(&pos, mv, 5_000).is_err());
    }

    #[test]
    fn a_check_of_the_moves_stops_when_asked_during_a_long_one() {
        // RULES.md's endless move: `o2` falls into a cycle of 7,589,376
        // laps (no other test of the library sows it to its end, so the
        // memo does not answer it before the first question).
        let (pos, _) = position_and_move(
            "bao-la-kimasai south=5,4,3,0,1,3,4,1,2,1,2,5,0,3,3,2 \
             north=1,1,1,1,1,1,1,1,0,0,0,0,0,0,0,0 reserve=10,10 turn=south opening=no",
            "o2",
        );
        let mut asked = 0;
        let stopped = pos.classify_moves_why_or_stop(|| {
            asked += 1;
            false
        });
        assert_eq!(stopped, None);
        assert_eq!(asked, 1);
        // Its other moves end within a few laps: how the game stands is
        // known without sowing `o2`, so nothing is asked.
        let status = pos.status_or_stop(|| panic!("asked to go on"));
        assert_eq!(status, Some(crate::engine::Status::Ongoing));
    }

    #[test]
    fn a_remembered_move_ends_within_exactly_the_same_limits() {
        let (pos, mv) = position_and_move(LONG_FINITE, "o2");
        let limits = [1_500, 2_796, 2_797, crate::engine::LAP_LIMIT];
        // 2,797 laps are 2,796 laps after the first: a cap of 2,796 stops
        // it, 2,797 lets it end.
        let first: Vec<_> = limits.iter().map(|&l| within(&pos, mv, l)).collect();
        assert!(first[0].is_err() && first[1].is_err(), "{first:?}");
        let end = first[2].expect("ends within 2,797 laps");
        assert_eq!(first[3], Ok(end));
        let before = RECALLED.with(std::cell::Cell::get);
        let again: Vec<_> = limits.iter().map(|&l| within(&pos, mv, l)).collect();
        assert_eq!(again, first);
        assert_eq!(RECALLED.with(std::cell::Cell::get), before + 4);
        // Without raids the move never reads South's side: a position that
        // differs only there is answered from the memo too.
        let other = pos.to_string().replace("south=2,5,0,1", "south=0,5,0,3");
        let (other, mv) = position_and_move(&other, "o2");
        let next = within(&other, mv, crate::engine::LAP_LIMIT).unwrap();
        assert_eq!(
            next.row(crate::engine::Side::North),
            end.row(crate::engine::Side::North)
        );
        assert_eq!(
            next.row(crate::engine::Side::South),
            other.row(crate::engine::Side::South)
        );
        assert_eq!(RECALLED.with(std::cell::Cell::get), before + 5);
    }
}
