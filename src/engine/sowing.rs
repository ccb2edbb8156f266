//! The fast path: relay sowing on a ring of holes with bulk rounds and exact
//! endless-move detection (Brent's cycle finding over lap-start states).
//!
//! Nothing here allocates; search and playouts call it millions of times a
//! second. The traced path in `trace.rs` re-sows lap by lap for the
//! visualiser (each lap's holes worked out from where it starts), and
//! property tests check that both agree.

use super::long_moves::{self, Answer, LapStart, MEMO_FROM_LAP, Rest};

/// A move that neither ends nor repeats a lap-start state within this many
/// laps counts as endless (RULES.md).
pub const LAP_LIMIT: u64 = 1_000_000_000;

/// Laps within which nearly every move ends: callers that must stay quick
/// (the window's thread, a search's root, the check whether a side can
/// move at all) try every move this far before the long ones.
pub const QUICK_LAPS: u64 = 1 << 14;

/// Short moves are the rule; cycle detection only starts after this many laps
/// so that they pay nothing for it. A cycle is still found exactly, only later.
const BRENT_FROM_LAP: u64 = 24;

/// Laps between two questions to a long move's `keep_going` (some tens of
/// milliseconds of sowing).
const ASK_EVERY_LAPS: u64 = 1 << 20;

/// Largest ring the engine sows on (two En Gehé rows of 64).
const RING_CAP: usize = super::BOARD_CAPACITY;

/// How a move that does not end was recognised.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Endless {
    /// Length of the cycle in laps, or `None` if [`LAP_LIMIT`] was reached.
    pub cycle_laps: Option<u64>,
}

/// Why a move's sowing stopped before its end.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unfinished {
    /// The move never ends.
    Endless(Endless),
    /// The caller's `keep_going` said to stop; nothing is known of the move.
    Stopped,
}

impl std::fmt::Display for Endless {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.cycle_laps {
            Some(laps) => write!(
                f,
                "the sowing never ends: it falls into a cycle of {} laps",
                super::group_digits(laps)
            ),
            None => write!(
                f,
                "the sowing did not end within its lap limit (at most {} laps)",
                super::group_digits(LAP_LIMIT)
            ),
        }
    }
}

impl std::error::Error for Endless {}

impl std::fmt::Display for Unfinished {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Unfinished::Endless(e) => e.fmt(f),
            Unfinished::Stopped => f.write_str("the sowing was stopped before it ended"),
        }
    }
}

impl std::error::Error for Unfinished {}

impl From<Endless> for Unfinished {
    fn from(e: Endless) -> Self {
        Unfinished::Endless(e)
    }
}

/// Sows `hand` seeds around `ring`, the first into `first`. With `skip`, the
/// hole before `first` (the lap's origin) receives nothing. Whole rounds are
/// added at once. Returns the hole of the last seed.
#[inline]
pub(crate) fn sow_lap(ring: &mut [u16], first: usize, hand: u32, skip: bool) -> usize {
    let r = ring.len();
    let first = if first >= r { first - r } else { first };
    let round = if skip { r - 1 } else { r } as u32;
    let mut hand = hand;
    if hand > round {
        let full = (hand - 1) / round;
        if skip {
            let origin = if first == 0 { r - 1 } else { first - 1 };
            let kept = ring[origin];
            for h in ring.iter_mut() {
                *h += full as u16;
            }
            ring[origin] = kept;
        } else {
            for h in ring.iter_mut() {
                *h += full as u16;
            }
        }
        hand -= full * round;
    }
    // Now 1 <= hand <= round: one run that may wrap once and never reaches the
    // origin when skipping.
    let end = first + hand as usize;
    if end <= r {
        for h in &mut ring[first..end] {
            *h += 1;
        }
        end - 1
    } else {
        for h in &mut ring[first..] {
            *h += 1;
        }
        let end = end - r;
        for h in &mut ring[..end] {
            *h += 1;
        }
        end - 1
    }
}

/// Brent's cycle detection over En Gehé lap-start states (the board and the
/// hole to lift): one saved state, compared
/// with each new one; saved anew at powers of two. Constant memory.
struct Brent {
    saved: [u16; RING_CAP],
    saved_at: usize,
    power: u64,
    lambda: u64,
}

impl Brent {
    fn new(board: &[u16], at: usize) -> Self {
        let mut saved = [0; RING_CAP];
        saved[..board.len()].copy_from_slice(board);
        Brent {
            saved,
            saved_at: at,
            power: 1,
            lambda: 0,
        }
    }

    /// Records the next lap-start state; `Some(cycle length)` once it repeats.
    #[inline]
    fn step(&mut self, board: &[u16], at: usize) -> Option<u64> {
        self.lambda += 1;
        if at == self.saved_at && board == &self.saved[..board.len()] {
            return Some(self.lambda);
        }
        if self.lambda == self.power {
            self.saved[..board.len()].copy_from_slice(board);
            self.saved_at = at;
            self.power *= 2;
            self.lambda = 0;
        }
        None
    }
}

/// Counts laps and runs cycle detection once a move is long.
struct LapWatch {
    laps: u64,
    limit: u64,
    brent: Option<Brent>,
}

impl LapWatch {
    #[inline]
    fn new(limit: u64) -> Self {
        LapWatch {
            laps: 0,
            limit,
            brent: None,
        }
    }

    /// Called at the start of every lap after the first.
    #[inline]
    fn lap(
        &mut self,
        board: &[u16],
        at: usize,
        keep_going: &mut impl FnMut() -> bool,
    ) -> Result<(), Unfinished> {
        self.laps += 1;
        // Checked before the early return, so that a caller's cap below
        // BRENT_FROM_LAP is kept as exactly as in Bao la Kimasai.
        if self.laps >= self.limit {
            return Err(Endless { cycle_laps: None }.into());
        }
        if self.laps < BRENT_FROM_LAP {
            return Ok(());
        }
        if self.laps.is_multiple_of(ASK_EVERY_LAPS) && !keep_going() {
            return Err(Unfinished::Stopped);
        }
        match &mut self.brent {
            None => {
                self.brent = Some(Brent::new(board, at));
                Ok(())
            }
            Some(b) => match b.step(board, at) {
                Some(cycle) => Err(Endless {
                    cycle_laps: Some(cycle),
                }
                .into()),
                None => Ok(()),
            },
        }
    }
}

/// Plays an En Gehé move's sowing from `hole` on the whole ring `board`
/// (both rows in track order). Returns the hole of the last seed, which was
/// empty before it fell. A long move asks `keep_going` every
/// [`ASK_EVERY_LAPS`] laps and stops when it says no.
#[inline]
pub(crate) fn sow_en_gehe(
    board: &mut [u16],
    hole: usize,
    skip: bool,
    lap_limit: u64,
    keep_going: &mut impl FnMut() -> bool,
) -> Result<usize, Unfinished> {
    let mut watch = LapWatch::new(lap_limit);
    let mut at = hole;
    loop {
        let hand = board[at] as u32;
        board[at] = 0;
        let last = sow_lap(board, at + 1, hand, skip);
        if board[last] == 1 {
            return Ok(last);
        }
        at = last;
        watch.lap(board, at, keep_going)?;
    }
}

/// Holes on one Bao la Kimasai side.
const SIDE: usize = super::BAO_SIDE_HOLES;

/// `RUNS[first][len]` adds one seed to each of the `len` holes of a 16-hole
/// ring starting at `first`: a whole lap of up to 16 seeds is one vector add.
static RUNS: [[[u16; SIDE]; SIDE + 1]; SIDE] = {
    let mut t = [[[0u16; SIDE]; SIDE + 1]; SIDE];
    let mut first = 0;
    while first < SIDE {
        let mut len = 0;
        while len <= SIDE {
            let mut k = 0;
            while k < len {
                t[first][len][(first + k) % SIDE] = 1;
                k += 1;
            }
            len += 1;
        }
        first += 1;
    }
    t
};

/// [`sow_lap`] for one Bao la Kimasai side held in a local array.
#[inline(always)]
fn sow_side(own: &mut [u16; SIDE], first: usize, hand: u32, skip: bool) -> usize {
    let first = first % SIDE;
    let round = if skip { SIDE as u32 - 1 } else { SIDE as u32 };
    let mut hand = hand;
    if hand > round {
        let full = ((hand - 1) / round) as u16;
        let origin = (first + SIDE - 1) % SIDE;
        let kept = own[origin];
        for h in own.iter_mut() {
            *h += full;
        }
        if skip {
            own[origin] = kept;
        }
        hand -= full as u32 * round;
    }
    let run = &RUNS[first][hand as usize];
    for (h, r) in own.iter_mut().zip(run) {
        *h += r;
    }
    (first + hand as usize - 1) % SIDE
}

/// Brent's cycle detection for one Bao la Kimasai side.
struct SideBrent {
    saved: [u16; SIDE],
    saved_at: usize,
    power: u64,
    lambda: u64,
    active: bool,
}

/// Plays a Bao la Kimasai move's sowing from `hole` (index in the mover's
/// own 16 holes, i1..i8, o8..o1), the mover's side starting at `side_base`
/// in `board`. With `captures`, a lap ending on an occupied inner hole
/// facing an occupied hole raids it and sows the raided seeds on, the first
/// into the trigger hole. Returns the hole of the last seed.
///
/// Seeds never go back across, so a raid can never be part of a cycle: the
/// opponent's side only shrinks. Cycle detection therefore watches the
/// mover's 16 holes alone and starts afresh after each raid, which keeps a
/// lap to a few vector operations (endless moves of hundreds of millions
/// of laps occur in real games). A move still running after
/// [`MEMO_FROM_LAP`] laps is looked up in (and then kept in) the memo of
/// long moves, and asks `keep_going` every [`ASK_EVERY_LAPS`] laps.
#[inline]
pub(crate) fn sow_bao(
    board: &mut [u16],
    side_base: usize,
    hole: usize,
    captures: bool,
    skip: bool,
    lap_limit: u64,
    keep_going: &mut impl FnMut() -> bool,
) -> Result<usize, Unfinished> {
    const ROW: usize = super::BAO_ROW;
    let opp_base = SIDE - side_base;
    let mut own: [u16; SIDE] = board[side_base..side_base + SIDE]
        .try_into()
        .expect("a side has 16 holes");
    let mut opp: [u16; SIDE] = board[opp_base..opp_base + SIDE]
        .try_into()
        .expect("a side has 16 holes");
    let mut laps: u64 = 0;
    let mut brent = SideBrent {
        saved: [0; SIDE],
        saved_at: 0,
        power: 1,
        lambda: 0,
        active: false,
    };
    let mut at = hole;
    let mut raid = false;
    // The state this move was looked up under, to remember its rest.
    let mut looked_up: Option<LapStart> = None;
    let flags = (captures as u8) << 1 | (skip as u8) << 2;
    let last = loop {
        let last = if raid {
            let facing = ROW - 1 - at;
            let hand = opp[facing] as u32;
            opp[facing] = 0;
            if skip {
                own[at] += 1;
                if hand == 1 {
                    at
                } else {
                    sow_side(&mut own, at + 1, hand - 1, true)
                }
            } else {
                sow_side(&mut own, at, hand, false)
            }
        } else {
            let hand = own[at] as u32;
            own[at] = 0;
            sow_side(&mut own, at + 1, hand, skip)
        };
        if own[last] == 1 {
            break last;
        }
        at = last;
        raid = captures && last < ROW && opp[ROW - 1 - last] > 0;
        laps += 1;
        if laps >= lap_limit {
            let rest = Rest::NoEndWithin(laps.saturating_sub(MEMO_FROM_LAP));
            return Err(ended_long(looked_up, rest, lap_limit));
        }
        if laps == MEMO_FROM_LAP {
            let state = LapStart {
                own,
                opp_inner: inner_if(captures, &opp),
                at: at as u8,
                flags: flags | raid as u8,
            };
            match long_moves::recall(&state).map_or(Answer::Unknown, |r| r.answer(lap_limit)) {
                Answer::Ends {
                    own: o,
                    opp_inner,
                    last,
                } => {
                    own = o;
                    if captures {
                        opp[..ROW].copy_from_slice(&opp_inner);
                    }
                    break last as usize;
                }
                Answer::Endless(cycle_laps) => return Err(Endless { cycle_laps }.into()),
                Answer::Unknown => looked_up = Some(state),
            }
        }
        if laps.is_multiple_of(ASK_EVERY_LAPS) && !keep_going() {
            return Err(Unfinished::Stopped);
        }
        if raid {
            brent.active = false;
            continue;
        }
        if laps < BRENT_FROM_LAP {
            continue;
        }
        if !brent.active {
            brent = SideBrent {
                saved: own,
                saved_at: at,
                power: 1,
                lambda: 0,
                active: true,
            };
            continue;
        }
        brent.lambda += 1;
        if at == brent.saved_at && own == brent.saved {
            let rest = Rest::Cycle(brent.lambda);
            return Err(ended_long(looked_up, rest, lap_limit));
        }
        if brent.lambda == brent.power {
            brent.saved = own;
            brent.saved_at = at;
            brent.power *= 2;
            brent.lambda = 0;
        }
    };
    if let Some(state) = looked_up {
        let rest = Rest::Ends {
            own,
            opp_inner: inner_if(captures, &opp),
            last: last as u8,
            laps: laps - MEMO_FROM_LAP,
        };
        long_moves::remember(state, rest);
    }
    board[side_base..side_base + SIDE].copy_from_slice(&own);
    board[opp_base..opp_base + SIDE].copy_from_slice(&opp);
    Ok(last)
}

/// The opponent's inner row as a long move's state and rest hold it: only
/// raids read it, so without them it is left out (all zero) and the move
/// is remembered whatever the opponent's side holds.
fn inner_if(captures: bool, opp: &[u16; SIDE]) -> [u16; super::BAO_ROW] {
    if captures {
        opp[..super::BAO_ROW]
            .try_into()
            .expect("an inner row has 8 holes")
    } else {
        [0; super::BAO_ROW]
    }
}

/// The error of a long Bao la Kimasai move found endless, remembered when
/// it was looked up. A lap limit below the rules' own is a caller's cap,
/// not a verdict, so running into one is not remembered.
#[cold]
fn ended_long(looked_up: Option<LapStart>, rest: Rest, lap_limit: u64) -> Unfinished {
    let cycle_laps = match rest {
        Rest::Cycle(c) => Some(c),
        _ => None,
    };
    if let Some(state) = looked_up
        && (cycle_laps.is_some() || lap_limit >= LAP_LIMIT)
    {
        long_moves::remember(state, rest);
    }
    Endless { cycle_laps }.into()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sow_lap_wraps_and_bulks() {
        let mut ring = [0u16; 5];
        assert_eq!(sow_lap(&mut ring, 3, 3, false), 0);
        assert_eq!(ring, [1, 0, 0, 1, 1]);
        let mut ring = [0u16; 5];
        // 12 seeds from hole 1: two full rounds then two more.
        assert_eq!(sow_lap(&mut ring, 1, 12, false), 2);
        assert_eq!(ring, [2, 3, 3, 2, 2]);
        let mut ring = [0u16; 5];
        // Skipping origin 0: rounds of 4.
        assert_eq!(sow_lap(&mut ring, 1, 9, true), 1);
        assert_eq!(ring, [0, 3, 2, 2, 2]);
        let mut ring = [0u16; 5];
        // Exactly one round lands in the origin when sowing into it.
        assert_eq!(sow_lap(&mut ring, 1, 5, false), 0);
        assert_eq!(ring, [1, 1, 1, 1, 1]);
    }
}
