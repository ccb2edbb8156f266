//! The validated position and the moves played on it.

use super::sowing::{Endless, Unfinished, sow_bao, sow_en_gehe};
use super::{
    BAO_ROW, BAO_SIDE_HOLES, BOARD_CAPACITY, EndReason, GameResult, HoleRef, Move, OriginRule,
    PlayError, Side, Variant,
};
use std::ops::ControlFlow;

/// A legal position of either game: board, captured seeds (En Gehé),
/// reserves (Bao la Kimasai), side to move and the rule options that change
/// how moves are played. Small and `Copy`, so search can copy-make.
///
/// Made only by validation: from notation ([`str::parse`],
/// [`super::notation::parse_position`]), from a [`super::Setup`]
/// ([`super::Setup::validate`], `Position::try_from(setup)`) or from
/// [`super::GameOptions::start`]. Every `Position` therefore obeys RULES.md
/// (row lengths, at most [`super::MAX_TOTAL_SEEDS`] seeds), and the
/// methods that check their move ([`Position::try_play`],
/// [`Position::play`], [`Position::trace`], [`Position::check_move`])
/// never panic, whatever [`Move`] they are given.
///
/// Board layout: En Gehé stores both rows in track order (South's holes 1..N,
/// then North's 1..N), so a lap is a run around one ring. Bao la Kimasai
/// stores South's 16 holes then North's, each in its owner's sowing order
/// (i1..i8, o8..o1).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Position {
    board: [u16; BOARD_CAPACITY],
    variant: Variant,
    origin: OriginRule,
    turn: Side,
    opening: bool,
    captured: [u16; 2],
    reserve: [u16; 2],
}

/// What playing a given hole would do.
#[derive(Clone, Debug, PartialEq, Eq)]
#[allow(clippy::large_enum_variant)] // Position is Copy and meant to be passed by value
pub enum MoveCheck {
    /// A legal move and the position after it.
    Legal(Position),
    /// The sowing never ends, so the move is not legal.
    Endless {
        /// Length in laps of the cycle the sowing falls into (`None`: it ran
        /// past [`super::LAP_LIMIT`] laps without repeating).
        cycle_laps: Option<u64>,
    },
    /// Empty hole, no such hole, or game over.
    Illegal(PlayError),
}

/// A position's candidate moves split into (legal, endless), each endless
/// one with why it never ends ([`Position::classify_moves_why`]).
pub type ClassifiedMoves = (Vec<Move>, Vec<(Move, Endless)>);

/// Whether the game goes on from a position.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Status {
    /// The side to move has at least one legal move.
    Ongoing,
    /// The game is over, with this result.
    Over(GameResult),
}

impl Status {
    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        matches!(self, Status::Over(_))
    }

    /// The result, when the game is over.
    pub fn result(&self) -> Option<&GameResult> {
        match self {
            Status::Over(result) => Some(result),
            Status::Ongoing => None,
        }
    }
}

impl Position {
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn from_parts(
        variant: Variant,
        south: &[u64],
        north: &[u64],
        captured: [u64; 2],
        reserve: [u64; 2],
        turn: Side,
        opening: bool,
        origin: OriginRule,
    ) -> Position {
        let mut board = [0u16; BOARD_CAPACITY];
        let n = variant.holes_per_side();
        for (i, &c) in south.iter().enumerate() {
            board[i] = c as u16;
        }
        for (i, &c) in north.iter().enumerate() {
            board[n + i] = c as u16;
        }
        Position {
            board,
            variant,
            origin,
            turn,
            opening,
            captured: [captured[0] as u16, captured[1] as u16],
            reserve: [reserve[0] as u16, reserve[1] as u16],
        }
    }

    /// Which game, with the board size.
    pub fn variant(&self) -> Variant {
        self.variant
    }
    /// How a lap longer than the track treats its starting hole.
    pub fn origin(&self) -> OriginRule {
        self.origin
    }
    /// The side to move.
    pub fn turn(&self) -> Side {
        self.turn
    }
    /// Bao la Kimasai: the next move is the game's first (adds no reserve seed).
    pub fn opening(&self) -> bool {
        self.opening
    }
    /// Bao la Kimasai: whether the opening flag changes the next move (it
    /// withholds the mover's reserve seed, so only when there is one).
    fn opening_matters(&self) -> bool {
        self.opening && self.reserve[self.turn.index()] > 0
    }

    /// The position as repetition compares it: the opening flag cleared
    /// where it does not change play (see [`Position::same_position`]), so
    /// equal forms are the same position and play alike.
    pub fn repetition_form(&self) -> Position {
        Position {
            opening: self.opening_matters(),
            ..*self
        }
    }

    /// Whether `other` is the same position for threefold repetition
    /// (RULES.md: board, captured counts, reserves, side to move). The
    /// opening flag counts only where it changes play: with the mover's
    /// reserve empty `opening=yes` plays exactly as `opening=no`. (Where it
    /// does matter the position cannot recur: every move of the mover
    /// after the first takes a reserve seed.)
    pub fn same_position(&self, other: &Position) -> bool {
        self.repetition_form() == other.repetition_form()
    }

    /// En Gehé: seeds captured so far by `side`.
    pub fn captured(&self, side: Side) -> u32 {
        self.captured[side.index()] as u32
    }
    /// Bao la Kimasai: seeds still in `side`'s reserve.
    pub fn reserve(&self, side: Side) -> u32 {
        self.reserve[side.index()] as u32
    }
    /// Holes a side owns: N in En Gehé, 16 in Bao la Kimasai.
    pub fn holes_per_side(&self) -> usize {
        self.variant.holes_per_side()
    }
    /// The whole board in storage order (see the type's documentation).
    pub fn board(&self) -> &[u16] {
        &self.board[..self.variant.board_len()]
    }
    /// `side`'s holes in its own sowing order.
    pub fn row(&self, side: Side) -> &[u16] {
        let n = self.holes_per_side();
        &self.board[side.index() * n..(side.index() + 1) * n]
    }
    /// Seeds in `side`'s hole `index` (own sowing order).
    ///
    /// # Panics
    /// When `index` is not below [`Self::holes_per_side`], as a slice does.
    pub fn seeds(&self, side: Side, index: usize) -> u32 {
        self.row(side)[index] as u32
    }
    /// Storage index of a hole (an index past the side gives an index
    /// past the board, or past North's holes into nothing: never a panic).
    pub fn board_index(&self, hole: HoleRef) -> usize {
        (hole.side.index() * self.holes_per_side()).saturating_add(hole.index)
    }
    /// The hole at a storage index (an index past the board is read as
    /// North's, counted round again).
    pub fn hole_at(&self, board_index: usize) -> HoleRef {
        let n = self.holes_per_side();
        HoleRef {
            side: if board_index < n {
                Side::South
            } else {
                Side::North
            },
            index: board_index % n,
        }
    }
    /// The hole directly facing `board_index`, if any: En Gehé's opposite
    /// hole, or for a Bao la Kimasai inner hole the opponent's inner hole.
    /// `None` for an outer hole and for an index past the board.
    pub fn facing(&self, board_index: usize) -> Option<usize> {
        if board_index >= self.variant.board_len() {
            return None;
        }
        match self.variant {
            Variant::EnGehe { holes } => Some(2 * holes as usize - 1 - board_index),
            Variant::BaoLaKimasai => {
                let hole = self.hole_at(board_index);
                (hole.index < BAO_ROW).then(|| {
                    self.board_index(HoleRef {
                        side: hole.side.opponent(),
                        index: BAO_ROW - 1 - hole.index,
                    })
                })
            }
        }
    }

    /// Seeds in `side`'s holes: its row in En Gehé, its inner and outer
    /// rows in Bao la Kimasai (what a Bao la Kimasai raid can take from,
    /// and En Gehé's remainder at the end).
    pub fn side_seeds(&self, side: Side) -> u32 {
        self.row(side).iter().map(|&c| c as u32).sum()
    }

    /// Seeds on the board.
    pub fn board_seeds(&self) -> u32 {
        self.board().iter().map(|&c| c as u32).sum()
    }
    /// Every seed of the position: board, captured and reserves. Constant
    /// over a game.
    pub fn total_seeds(&self) -> u32 {
        self.board_seeds()
            + self.captured.iter().map(|&c| c as u32).sum::<u32>()
            + self.reserve.iter().map(|&c| c as u32).sum::<u32>()
    }

    /// En Gehé tempo count of `side`: Σ seeds(h)·(N−h) over its own row.
    /// (For Bao la Kimasai it is 0: the measure belongs to En Gehé.)
    pub fn tempo(&self, side: Side) -> u32 {
        if !self.variant.is_en_gehe() {
            return 0;
        }
        let n = self.holes_per_side();
        self.row(side)
            .iter()
            .enumerate()
            .map(|(i, &c)| c as u32 * (n - 1 - i) as u32)
            .sum()
    }
    /// Tempo deficit of `side`: the other side's tempo minus its own.
    pub fn tempo_deficit(&self, side: Side) -> i64 {
        self.tempo(side.opponent()) as i64 - self.tempo(side) as i64
    }

    /// Bao la Kimasai: whether moves by `side` now are herding (phase 1, a
    /// reserve seed still to bring in) rather than raiding.
    pub fn herding(&self, side: Side) -> bool {
        self.reserve[side.index()] > 0
    }
    /// Bao la Kimasai: whether a move by the side to move may raid (both
    /// reserves empty).
    pub fn raids_allowed(&self) -> bool {
        matches!(self.variant, Variant::BaoLaKimasai) && self.reserve == [0, 0]
    }

    /// Occupied holes of the side to move, in sowing order: the candidate
    /// moves before endless ones are ruled out.
    pub fn candidate_moves(&self) -> impl Iterator<Item = Move> + '_ {
        self.row(self.turn)
            .iter()
            .enumerate()
            .filter(|(_, c)| **c > 0)
            .map(|(i, _)| Move(i as u8))
    }

    /// Legal moves (never an endless one), in sowing order. Empty when the
    /// game is over.
    ///
    /// Deciding that a move is endless can take seconds for the rare move
    /// that runs millions of laps (RULES.md); see [`Self::sow_quick_moves`]
    /// for callers that must stay responsive.
    pub fn legal_moves(&self) -> Vec<Move> {
        self.classify_moves().0
    }

    /// Every legal move with the position it leaves, in sowing order: what
    /// a search expands, at the cost of sowing each move once (rather than
    /// once in [`Self::legal_moves`] and again in [`Self::try_play`]).
    pub fn successors(&self) -> Vec<(Move, Position)> {
        let mut out = Vec::new();
        if self.inner_row_decided().is_some() {
            return out;
        }
        for mv in self.candidate_moves() {
            let mut next = *self;
            if next.apply_fast(mv).is_ok() {
                out.push((mv, next));
            }
        }
        out
    }

    /// Whether the game is over in this position (see [`Self::status`]).
    pub fn is_over(&self) -> bool {
        !self.has_legal_move()
    }

    /// Reads a move in this game's notation (`12`, `o3`): see
    /// [`Variant::parse_move`]. It reads any hole name of the board; whether
    /// the move may be played here is [`Self::try_play`]'s to say.
    pub fn parse_move(&self, text: &str) -> Result<Move, PlayError> {
        self.variant.parse_move(text)
    }

    /// A move's notation in this game: the En Gehé hole number or the Bao la
    /// Kimasai hole name (see [`Variant::move_name`]).
    pub fn move_name(&self, mv: Move) -> String {
        self.variant.move_name(mv)
    }

    /// Candidate moves split into (legal, endless). Both empty when the game
    /// is already decided by the position (Bao la Kimasai's empty inner row).
    pub fn classify_moves(&self) -> (Vec<Move>, Vec<Move>) {
        let (legal, endless) = self.classify_moves_why();
        (legal, endless.into_iter().map(|(mv, _)| mv).collect())
    }

    /// [`Self::classify_moves`], each endless move with why it never ends
    /// (the cycle its sowing falls into, or the lap limit).
    pub fn classify_moves_why(&self) -> ClassifiedMoves {
        match self.classify_moves_why_or_stop(|| true) {
            Some(classified) => classified,
            None => unreachable!("asked to keep going"),
        }
    }

    /// [`Self::classify_moves_why`] for a check off the window's thread
    /// that must stop promptly once nobody waits for it (the position it
    /// was for is no longer on view): a long move asks `keep_going` every
    /// million laps or so (see [`Self::apply_or_stop`]) and, when it says
    /// no, the check gives up with `None`.
    pub fn classify_moves_why_or_stop(
        &self,
        mut keep_going: impl FnMut() -> bool,
    ) -> Option<ClassifiedMoves> {
        let mut legal = Vec::new();
        let mut endless = Vec::new();
        if self.inner_row_decided().is_some() {
            return Some((legal, endless));
        }
        for mv in self.candidate_moves() {
            let mut next = *self;
            match next.apply_or_stop(mv, &mut keep_going) {
                Ok(()) => legal.push(mv),
                Err(Unfinished::Endless(why)) => endless.push((mv, why)),
                Err(Unfinished::Stopped) => return None,
            }
        }
        Some((legal, endless))
    }

    /// Whether the side to move has at least one legal move.
    pub fn has_legal_move(&self) -> bool {
        match self.has_legal_move_or_stop(|| true) {
            Some(has) => has,
            None => unreachable!("asked to keep going"),
        }
    }

    /// [`Self::has_legal_move`] that asks `keep_going` during a long move
    /// (see [`Self::classify_moves_why_or_stop`]): `None` when it said stop.
    fn has_legal_move_or_stop(&self, mut keep_going: impl FnMut() -> bool) -> Option<bool> {
        if self.inner_row_decided().is_some() {
            return Some(false);
        }
        let mut ended = false;
        let long = self.sow_quick_moves(&[], |_, _| {
            ended = true;
            ControlFlow::Break(())
        });
        if ended {
            return Some(true);
        }
        // The long ones in widening rounds, each sown for up to 8 times the
        // laps of the round before: a move that ends after 18,336 laps is
        // found before the one beside it is proved endless (a billion laps,
        // 17 s, when it was sown first to the end).
        let mut open = long;
        let mut laps = super::QUICK_LAPS;
        while !open.is_empty() {
            laps = laps.saturating_mul(8).min(super::LAP_LIMIT);
            let mut still = Vec::new();
            for mv in open {
                let mut next = *self;
                match next.sow(mv, laps, &mut keep_going) {
                    Ok(()) => return Some(true),
                    Err(Unfinished::Stopped) => return None,
                    // Not ended within this round's laps: a cap, no verdict.
                    Err(Unfinished::Endless(Endless { cycle_laps: None }))
                        if laps < super::LAP_LIMIT =>
                    {
                        still.push(mv)
                    }
                    Err(Unfinished::Endless(_)) => {}
                }
            }
            open = still;
        }
        Some(false)
    }

    /// Sows every candidate move not in `skip` for at most
    /// [`super::QUICK_LAPS`] laps, in sowing order, and hands each one that
    /// ends to `ended` with the position it leaves (stopping when that says
    /// `Break`). Returns the moves that neither ended nor repeated within the
    /// laps: proving one of those endless can take seconds, so callers look
    /// at the quick ones first.
    pub fn sow_quick_moves(
        &self,
        skip: &[Move],
        mut ended: impl FnMut(Move, Position) -> ControlFlow<()>,
    ) -> Vec<Move> {
        let mut long = Vec::new();
        for mv in self.candidate_moves().filter(|mv| !skip.contains(mv)) {
            let mut next = *self;
            match next.apply_within(mv, super::QUICK_LAPS) {
                Ok(()) => {
                    if ended(mv, next).is_break() {
                        break;
                    }
                }
                Err(Endless {
                    cycle_laps: Some(_),
                }) => {}
                Err(_) => long.push(mv),
            }
        }
        long
    }

    /// What playing `mv` would do, without changing the position.
    pub fn check_move(&self, mv: Move) -> MoveCheck {
        match self.try_play(mv) {
            Ok(next) => MoveCheck::Legal(next),
            Err(PlayError::Endless { cycle_laps, .. }) => MoveCheck::Endless { cycle_laps },
            Err(e) => MoveCheck::Illegal(e),
        }
    }

    /// Why `mv` cannot be played here, as far as that is seen without
    /// sowing it (no such hole, the game over, an empty hole): what
    /// [`Self::try_play`] checks before it sows.
    pub fn try_play_checks(&self, mv: Move) -> Result<(), PlayError> {
        if mv.hole() >= self.holes_per_side() {
            return Err(PlayError::NoSuchHole {
                hole: format!("{}", mv.hole() + 1),
            });
        }
        if self.inner_row_decided().is_some() || self.row(self.turn).iter().all(|&c| c == 0) {
            return Err(PlayError::GameOver);
        }
        if self.seeds(self.turn, mv.hole()) == 0 {
            return Err(PlayError::EmptyHole {
                hole: self.variant.move_name(mv),
            });
        }
        Ok(())
    }

    /// The position after `mv`, or why it cannot be played: no such hole,
    /// an empty hole, the game over, or a sowing that never ends. Never
    /// panics, whatever the move.
    pub fn try_play(&self, mv: Move) -> Result<Position, PlayError> {
        let hole = || self.variant.move_name(mv);
        self.try_play_checks(mv)?;
        let mut next = *self;
        match next.apply_fast(mv) {
            Ok(()) => Ok(next),
            Err(Endless { cycle_laps }) => Err(PlayError::Endless {
                hole: hole(),
                cycle_laps,
            }),
        }
    }

    /// Plays `mv` in place; on error the position is unchanged (the same
    /// checks as [`Self::try_play`]).
    pub fn play(&mut self, mv: Move) -> Result<(), PlayError> {
        *self = self.try_play(mv)?;
        Ok(())
    }

    /// The fast path for search and playouts: plays an occupied hole of the
    /// side to move with no other checks, no trace and no allocation. On
    /// `Err` the position is left in an unspecified state: copy first.
    ///
    /// `mv` must be a candidate move ([`Self::candidate_moves`]) of a
    /// position whose game is not decided yet: like shakmaty's
    /// `play_unchecked`, anything else (an empty hole, a hole past the
    /// mover's side) may panic or give a meaningless position. Moves from
    /// outside (a user, a file) go through [`Self::try_play`].
    ///
    /// ```
    /// use maasai_mancala::engine::{GameOptions, Side};
    ///
    /// // Copy-make, as a search does it: copy, play, look, drop.
    /// let pos = GameOptions::en_gehe(5).start()?;
    /// let greedy = pos
    ///     .candidate_moves()
    ///     .filter_map(|mv| {
    ///         let mut next = pos; // a Position is Copy
    ///         // An endless move is an error here too, never a legal move.
    ///         next.apply_fast(mv).ok().map(|()| (mv, next.captured(Side::South)))
    ///     })
    ///     .max_by_key(|&(_, taken)| taken);
    /// assert!(greedy.is_some());
    /// # Ok::<(), maasai_mancala::engine::SetupError>(())
    /// ```
    #[inline]
    pub fn apply_fast(&mut self, mv: Move) -> Result<(), Endless> {
        self.apply_within(mv, super::LAP_LIMIT)
    }

    /// [`Self::apply_fast`] that gives up after `max_laps` laps, for callers
    /// (search trees) that cannot afford to prove a move endless:
    /// `Err(Endless { cycle_laps: None })` then means only "did not end
    /// within the cap". A cycle found earlier is reported as usual.
    #[inline]
    pub fn apply_within(&mut self, mv: Move, max_laps: u64) -> Result<(), Endless> {
        match self.sow(mv, max_laps, &mut || true) {
            Ok(()) => Ok(()),
            Err(Unfinished::Endless(e)) => Err(e),
            Err(Unfinished::Stopped) => unreachable!("asked to keep going"),
        }
    }

    /// [`Self::apply_fast`] for background searches that must stop
    /// promptly: a long move asks `keep_going` every million laps or so
    /// (some tens of milliseconds) and gives up with
    /// [`Unfinished::Stopped`] when it says no, since proving a move
    /// endless can take seconds. On `Err` the position is left in an
    /// unspecified state: copy first.
    #[inline]
    pub fn apply_or_stop(
        &mut self,
        mv: Move,
        mut keep_going: impl FnMut() -> bool,
    ) -> Result<(), Unfinished> {
        self.sow(mv, super::LAP_LIMIT, &mut keep_going)
    }

    #[inline]
    fn sow(
        &mut self,
        mv: Move,
        max_laps: u64,
        keep_going: &mut impl FnMut() -> bool,
    ) -> Result<(), Unfinished> {
        let side = self.turn;
        let skip = self.origin == OriginRule::Skip;
        match self.variant {
            Variant::EnGehe { holes } => {
                let n = holes as usize;
                let ring = &mut self.board[..2 * n];
                let start = side.index() * n + mv.hole();
                let last = sow_en_gehe(ring, start, skip, max_laps, keep_going)?;
                if last / n == side.index() {
                    let facing = 2 * n - 1 - last;
                    let taken = ring[facing];
                    if taken > 0 {
                        ring[facing] = 0;
                        ring[last] = 0;
                        self.captured[side.index()] += taken + 1;
                    }
                }
            }
            Variant::BaoLaKimasai => {
                let base = side.index() * BAO_SIDE_HOLES;
                let s = side.index();
                // The phase is judged when the move starts: the move that
                // brings in the last reserve seed still raids nothing.
                let raids = self.reserve == [0, 0];
                if self.reserve[s] > 0 && !self.opening {
                    self.reserve[s] -= 1;
                    self.board[base + mv.hole()] += 1;
                }
                sow_bao(
                    &mut self.board,
                    base,
                    mv.hole(),
                    raids,
                    skip,
                    max_laps,
                    keep_going,
                )?;
            }
        }
        self.opening = false;
        self.turn = side.opponent();
        Ok(())
    }

    /// Bao la Kimasai: the result an empty inner row already decides (the
    /// side not to move counts as the one that just moved).
    fn inner_row_decided(&self) -> Option<GameResult> {
        if self.variant != Variant::BaoLaKimasai {
            return None;
        }
        let inner_empty = |side: Side| self.row(side)[..BAO_ROW].iter().all(|&c| c == 0);
        let mover = self.turn.opponent();
        if inner_empty(self.turn) {
            Some(GameResult::win(mover, EndReason::InnerRowEmpty(self.turn)))
        } else if inner_empty(mover) {
            Some(GameResult::win(self.turn, EndReason::InnerRowEmpty(mover)))
        } else {
            None
        }
    }

    /// Whether the game is over in this position, and how it ended. (A bare
    /// position has no history, so repetition is judged by [`super::Game`].)
    pub fn status(&self) -> Status {
        match self.status_or_stop(|| true) {
            Some(status) => status,
            None => unreachable!("asked to keep going"),
        }
    }

    /// [`Self::status`] for a check off the window's thread that must stop
    /// promptly once nobody waits for it: whether the side to move has a
    /// move may take sowing a long one, which asks `keep_going` every
    /// million laps or so (see [`Self::apply_or_stop`]); `None` when it
    /// said stop.
    pub fn status_or_stop(&self, keep_going: impl FnMut() -> bool) -> Option<Status> {
        if let Some(result) = self.inner_row_decided() {
            return Some(Status::Over(result));
        }
        if self.has_legal_move_or_stop(keep_going)? {
            return Some(Status::Ongoing);
        }
        let side = self.turn;
        let reason = if self.row(side).iter().all(|&c| c == 0) {
            EndReason::NoMoves(side)
        } else {
            EndReason::OnlyEndless(side)
        };
        Some(Status::Over(match self.variant {
            Variant::EnGehe { .. } => {
                // Every seed left on the board goes to the side that moved last.
                let taker = side.opponent();
                let remainder = self.board_seeds();
                let mut score = [self.captured(Side::South), self.captured(Side::North)];
                score[taker.index()] += remainder;
                GameResult::scored(score, reason, Some((taker, remainder)))
            }
            Variant::BaoLaKimasai => GameResult::win(side.opponent(), reason),
        }))
    }

    /// En Gehé at a threefold repetition: each side takes the seeds in its own row.
    pub(crate) fn repetition_result(&self) -> GameResult {
        match self.variant {
            Variant::EnGehe { .. } => {
                let own =
                    |s: Side| self.captured(s) + self.row(s).iter().map(|&c| c as u32).sum::<u32>();
                GameResult::scored(
                    [own(Side::South), own(Side::North)],
                    EndReason::Repetition,
                    None,
                )
            }
            Variant::BaoLaKimasai => GameResult {
                winner: None,
                reason: EndReason::Repetition,
                score: None,
                remainder: None,
            },
        }
    }
}

impl std::fmt::Debug for Position {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Position({self})")
    }
}

impl Position {
    /// A 64-bit Zobrist key of the whole position (board, side to move,
    /// captured counts, reserves, opening flag, origin rule) for
    /// transposition tables and repetition checks: the XOR of one random
    /// number per (hole, count) and of the mixed counts and flags. Equal
    /// positions ([`Position::same_position`]: the opening flag only where
    /// it changes play) have equal keys; different positions collide with
    /// probability about 2⁻⁶⁴.
    pub fn key(&self) -> u64 {
        let len = self.variant.board_len();
        let mut h = 0u64;
        for (hole, &count) in self.board[..len].iter().enumerate() {
            h ^= zobrist_hole(hole, count);
        }
        let header = len as u64
            ^ ((self.turn as u64) << 8)
            ^ ((self.opening_matters() as u64) << 9)
            ^ ((self.origin as u64) << 10)
            // A Bao la Kimasai board and a 2×16 En Gehé board have the same
            // 32 holes: the same counts must not be the same position.
            ^ ((self.variant.is_en_gehe() as u64) << 11);
        let extra = self.captured[0] as u64
            | (self.captured[1] as u64) << 16
            | (self.reserve[0] as u64) << 32
            | (self.reserve[1] as u64) << 48;
        h ^ mix64(extra ^ 0xa076_1d64_78bd_642f) ^ mix64(header ^ 0xe703_7ed1_a0b4_28db)
    }
}

/// Counts with a number of their own in the Zobrist table; a hole holding
/// more (rare: only on boards with many seeds) gets a number mixed from the
/// hole's own and the count.
const ZOBRIST_COUNTS: usize = 64;

/// One random number per hole and count (count 0 is 0, so an empty hole
/// adds nothing), made at compile time from a fixed SplitMix64 stream so
/// keys are the same in every run and build.
static ZOBRIST: [[u64; ZOBRIST_COUNTS]; BOARD_CAPACITY] = zobrist_table();

const fn zobrist_table() -> [[u64; ZOBRIST_COUNTS]; BOARD_CAPACITY] {
    let mut table = [[0u64; ZOBRIST_COUNTS]; BOARD_CAPACITY];
    let mut state = 0x4d61_6173_6169_u64; // "Maasai"
    let mut hole = 0;
    while hole < BOARD_CAPACITY {
        let mut count = 1;
        while count < ZOBRIST_COUNTS {
            state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
            table[hole][count] = mix64(state);
            count += 1;
        }
        hole += 1;
    }
    table
}

#[inline]
fn zobrist_hole(hole: usize, count: u16) -> u64 {
    match ZOBRIST[hole].get(count as usize) {
        Some(&z) => z,
        None => mix64(ZOBRIST[hole][1] ^ (count as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15)),
    }
}

/// SplitMix64's finaliser: every input bit affects every output bit.
#[inline]
pub(crate) const fn mix64(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}
