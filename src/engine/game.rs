//! A game record: start position, moves, and what judging it needs
//! (threefold repetition).

use super::{Endless, Move, PlayError, Position, Side, Status, Unfinished, Variant};
use serde::{Deserialize, Serialize};
use std::convert::Infallible;

/// Why a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum EndReason {
    /// This side was to move with an empty row (En Gehé).
    NoMoves(Side),
    /// This side was to move but every move it had was endless.
    OnlyEndless(Side),
    /// This side's inner row was empty (Bao la Kimasai).
    InnerRowEmpty(Side),
    /// The same position occurred for the third time.
    Repetition,
}

/// The outcome of a finished game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct GameResult {
    /// `None` for a draw.
    pub winner: Option<Side>,
    /// How the game ended.
    pub reason: EndReason,
    /// En Gehé: final seeds of South and North, remainder included.
    pub score: Option<[u32; 2]>,
    /// En Gehé: the side that took the seeds left on the board, and how many.
    pub remainder: Option<(Side, u32)>,
}

impl GameResult {
    pub(crate) fn win(side: Side, reason: EndReason) -> Self {
        GameResult {
            winner: Some(side),
            reason,
            score: None,
            remainder: None,
        }
    }

    pub(crate) fn scored(
        score: [u32; 2],
        reason: EndReason,
        remainder: Option<(Side, u32)>,
    ) -> Self {
        let winner = match score[0].cmp(&score[1]) {
            std::cmp::Ordering::Greater => Some(Side::South),
            std::cmp::Ordering::Less => Some(Side::North),
            std::cmp::Ordering::Equal => None,
        };
        GameResult {
            winner,
            reason,
            score: Some(score),
            remainder,
        }
    }

    /// `south`, `north` or `draw`, as the command line prints it.
    pub fn result_word(&self) -> &'static str {
        match self.winner {
            Some(side) => side.name(),
            None => "draw",
        }
    }

    /// The ` result=… [score=S,N]` suffix of the command line's `play`.
    pub fn suffix(&self) -> String {
        let mut s = format!(" result={}", self.result_word());
        if let Some([a, b]) = self.score {
            s.push_str(&format!(" score={a},{b}"));
        }
        s
    }

    /// Why the game ended, in words ("South has no seeds left to move").
    pub fn reason_words(&self) -> String {
        self.reason_words_naming(|s| s.title().to_string())
    }

    /// [`Self::reason_words`] with the sides called by `name`.
    fn reason_words_naming(&self, name: impl Fn(Side) -> String) -> String {
        match self.reason {
            EndReason::NoMoves(s) => format!("{} has no seeds left to move", name(s)),
            EndReason::OnlyEndless(s) => format!("every move {} has is endless", name(s)),
            EndReason::InnerRowEmpty(s) => {
                format!("{} inner row is empty", super::possessive(&name(s)))
            }
            EndReason::Repetition => "the same position occurred three times".to_string(),
        }
    }

    /// One sentence for people.
    pub fn describe(&self) -> String {
        self.describe_naming(|s| s.title().to_string(), |s| s.title().to_string())
    }

    /// [`Self::describe`] with the winner called by `name` and the sides
    /// named after it by `again` (a window names teams: "Ilpurko (North)
    /// wins 163–157: Ilkisongo has no seeds left to move; Ilpurko takes
    /// …"; with no winner named first, `name` names them all).
    pub fn describe_naming(
        &self,
        name: impl Fn(Side) -> String,
        again: impl Fn(Side) -> String,
    ) -> String {
        let later = |s: Side| {
            if self.winner.is_some() {
                again(s)
            } else {
                name(s)
            }
        };
        let why = self.reason_words_naming(later);
        let who = match self.winner {
            Some(s) => format!("{} wins", name(s)),
            None => "Draw".to_string(),
        };
        // The winner's count first ("North wins 38–26"); a draw South's.
        let score = self.score.map(|[s, n]| match self.winner {
            Some(Side::North) => [n, s],
            _ => [s, n],
        });
        match (score, self.remainder) {
            // Nothing left on the board: nothing to take.
            (Some([a, b]), Some((_, 0))) => format!("{who} {a}–{b}: {why}."),
            (Some([a, b]), Some((taker, r))) => {
                format!(
                    "{who} {a}–{b}: {why}; {} takes the {r} seed{} left on the board.",
                    later(taker),
                    if r == 1 { "" } else { "s" }
                )
            }
            (Some([a, b]), None) => {
                format!("{who} {a}–{b}: {why}; each side takes the seeds in its own row.")
            }
            _ => format!("{who}: {why}."),
        }
    }
}

/// A move of a record that could not be played ([`Game::replay_or_stop`]):
/// its 0-based index, the side whose move it was, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordError {
    /// The move's place in the record, counting from 0.
    pub index: usize,
    /// The side whose move it was.
    pub mover: Side,
    /// Why it does not read or cannot be played.
    pub error: PlayError,
}

impl std::fmt::Display for RecordError {
    /// "move 3 of the record (North's): illegal move `4`: the hole is empty".
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "move {} of the record ({}'s): {}",
            self.index + 1,
            self.mover.title(),
            self.error
        )
    }
}

impl std::error::Error for RecordError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(&self.error)
    }
}

/// Why [`Game::replay_or_stop`] did not play every move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReplayError<E> {
    /// `keep_going` said stop, before a move or during a long one.
    Stopped,
    /// A move did not read or the rules refused it.
    Refused(RecordError),
    /// The caller's own check of a played move (`after_each`) failed.
    Rejected(E),
}

/// A game record: the start position and the moves played from it, with
/// every position along the way kept for undo, browsing and repetition.
///
/// Unlike a bare [`Position`], a record knows its history, so its
/// [`Game::status`] also ends the game at a threefold repetition (RULES.md).
///
/// ```
/// use maasai_mancala::engine::{Game, GameOptions};
///
/// let start = GameOptions::en_gehe(6).start()?;
/// let mut game = Game::new(start);
/// let first = game.current().legal_moves()[0];
/// game.play(first)?;
/// assert_eq!(game.moves(), &[first]);
/// assert_eq!(game.positions().len(), 2);
/// game.truncate(0); // undo
/// assert_eq!(game.current(), &start);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    moves: Vec<Move>,
    /// `positions[i]` is the position after `i` moves; never empty.
    positions: Vec<Position>,
    /// How the game stands after the last move, once it was worked out:
    /// it may take every move the side has sown to its end (a side whose
    /// every move is endless), and panels ask it every frame.
    status: StatusMemo,
}

/// A [`Game`]'s status once known. It is part of no game's identity: two
/// records of the same moves are equal whether or not either was asked.
#[derive(Clone, Debug, Default)]
struct StatusMemo(std::sync::OnceLock<Status>);

impl PartialEq for StatusMemo {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl Eq for StatusMemo {}

#[cfg(test)]
thread_local! {
    /// How many times a status was worked out rather than recalled (tests).
    static WORKED_OUT: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
}

impl Game {
    /// A record with no moves yet.
    pub fn new(start: Position) -> Self {
        Game {
            moves: Vec::new(),
            positions: vec![start],
            status: StatusMemo::default(),
        }
    }

    /// Replays a move list, failing at the first move that cannot be played
    /// with its 0-based index.
    pub fn replay(start: Position, moves: &[Move]) -> Result<Game, (usize, PlayError)> {
        let mut game = Game::new(start);
        for (i, &mv) in moves.iter().enumerate() {
            game.play(mv).map_err(|e| (i, e))?;
        }
        Ok(game)
    }

    /// Replays moves given in notation (a game record's moves), failing at
    /// the first that does not read or cannot be played, with whose move
    /// it was.
    pub fn replay_notation<S: AsRef<str>>(
        start: Position,
        moves: &[S],
    ) -> Result<Game, RecordError> {
        let mut game = Game::new(start);
        match game.replay_or_stop(moves, || true, |_, _, _| Ok::<(), Infallible>(())) {
            Ok(()) => Ok(game),
            Err(ReplayError::Refused(e)) => Err(e),
            Err(ReplayError::Stopped) => unreachable!("asked to keep going"),
            Err(ReplayError::Rejected(never)) => match never {},
        }
    }

    /// Plays moves given in notation (a record's moves as written) at the
    /// end of the record, in order: the one replay of every record read
    /// from text (a game record, a saved game, a study, a pasted record).
    ///
    /// Asks `keep_going` before each move and during a long one (see
    /// [`Self::play_or_stop`]), giving [`ReplayError::Stopped`] at once
    /// when it says no. A move that does not read or that the rules refuse
    /// is [`ReplayError::Refused`], its index counted from 0 in `moves`.
    /// After each move is played, `after_each(index, move, position
    /// before it)` may add its own check of it (an error is
    /// [`ReplayError::Rejected`]) or count it. On any error the record
    /// keeps the moves played before the failing one.
    pub fn replay_or_stop<S: AsRef<str>, E>(
        &mut self,
        moves: impl IntoIterator<Item = S>,
        mut keep_going: impl FnMut() -> bool,
        mut after_each: impl FnMut(usize, Move, &Position) -> Result<(), E>,
    ) -> Result<(), ReplayError<E>> {
        for (index, text) in moves.into_iter().enumerate() {
            // Asked between moves too: a record of many short moves never
            // asks during one.
            if !keep_going() {
                return Err(ReplayError::Stopped);
            }
            let mover = self.current().turn();
            let refused = |error| {
                ReplayError::Refused(RecordError {
                    index,
                    mover,
                    error,
                })
            };
            let mv = self.variant().parse_move(text.as_ref()).map_err(refused)?;
            match self.play_or_stop(mv, &mut keep_going) {
                None => return Err(ReplayError::Stopped),
                Some(Err(e)) => return Err(refused(e)),
                Some(Ok(_)) => {}
            }
            let before = &self.positions[self.positions.len() - 2];
            after_each(index, mv, before).map_err(ReplayError::Rejected)?;
        }
        Ok(())
    }

    /// The position the record starts from.
    pub fn start(&self) -> &Position {
        &self.positions[0]
    }
    /// The position after the last move.
    pub fn current(&self) -> &Position {
        self.positions
            .last()
            .expect("a game always has its start position")
    }
    /// The moves played, in order.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }
    /// Positions from the start to the current one (one more than moves).
    pub fn positions(&self) -> &[Position] {
        &self.positions
    }
    /// The positions before the current one, oldest first: the history a
    /// search or solve of the current position counts repetitions over.
    pub fn history(&self) -> &[Position] {
        &self.positions[..self.moves.len()]
    }
    /// Which game the record is of.
    pub fn variant(&self) -> Variant {
        self.start().variant()
    }

    /// How the game stands after the last move: over by threefold
    /// repetition, over by the rules, or going on.
    pub fn status(&self) -> Status {
        match self.status_or_stop(|| true) {
            Some(status) => status,
            None => unreachable!("asked to keep going"),
        }
    }

    /// [`Self::status`] for a check off the window's thread that must stop
    /// promptly once nobody waits for it (see [`Position::status_or_stop`]):
    /// `None` when `keep_going` said stop.
    pub fn status_or_stop(&self, keep_going: impl FnMut() -> bool) -> Option<Status> {
        if let Some(known) = self.status.0.get() {
            return Some(known.clone());
        }
        #[cfg(test)]
        WORKED_OUT.with(|w| w.set(w.get() + 1));
        let status = self.work_out_status(keep_going)?;
        Some(self.status.0.get_or_init(|| status).clone())
    }

    fn work_out_status(&self, keep_going: impl FnMut() -> bool) -> Option<Status> {
        let current = self.current();
        let seen = self
            .positions
            .iter()
            .filter(|p| p.same_position(current))
            .count();
        if seen >= 3 {
            return Some(Status::Over(current.repetition_result()));
        }
        current.status_or_stop(keep_going)
    }

    /// Whether [`Self::status`] is over.
    pub fn is_over(&self) -> bool {
        matches!(self.status(), Status::Over(_))
    }

    /// Plays a move at the end of the record.
    pub fn play(&mut self, mv: Move) -> Result<&Position, PlayError> {
        match self.play_or_stop(mv, || true) {
            Some(played) => played,
            None => unreachable!("asked to keep going"),
        }
    }

    /// [`Self::play`] for a record replayed off the window's thread (a file
    /// being opened), which must stop promptly when nobody waits for it any
    /// more: a long move asks `keep_going` every million laps or so (see
    /// [`Position::apply_or_stop`]; proving a move endless can take
    /// seconds) and, when it says no, gives up with `None`, the record
    /// unchanged. A move that ends, or is refused, gives what
    /// [`Self::play`] gives.
    pub fn play_or_stop(
        &mut self,
        mv: Move,
        mut keep_going: impl FnMut() -> bool,
    ) -> Option<Result<&Position, PlayError>> {
        // Whether the game is over may take long too (every move the side
        // has may have to be sown), so it stops as the move does.
        if let Status::Over(result) = self.status_or_stop(&mut keep_going)? {
            // Over because every move the side has is endless: asking for
            // one of them says that it never ends (RULES.md "Endless
            // moves"), as for any other endless move.
            if let EndReason::OnlyEndless(_) = result.reason {
                match try_play_or_stop(self.current(), mv, keep_going)? {
                    Err(e @ PlayError::Endless { .. }) => return Some(Err(e)),
                    _ => return Some(Err(PlayError::GameOver)),
                }
            }
            return Some(Err(PlayError::GameOver));
        }
        let next = match try_play_or_stop(self.current(), mv, keep_going)? {
            Ok(next) => next,
            Err(e) => return Some(Err(e)),
        };
        self.moves.push(mv);
        self.positions.push(next);
        self.status = StatusMemo::default();
        Some(Ok(self.current()))
    }

    /// Cuts the record back to its first `len` moves (undo); a `len` past
    /// the end changes nothing.
    pub fn truncate(&mut self, len: usize) {
        if len < self.moves.len() {
            self.status = StatusMemo::default();
        }
        self.moves.truncate(len);
        self.positions.truncate(len.saturating_add(1));
    }
}

/// [`Position::try_play`] that asks `keep_going` during a long move (see
/// [`Position::apply_or_stop`]): `None` when it said stop.
fn try_play_or_stop(
    pos: &Position,
    mv: Move,
    keep_going: impl FnMut() -> bool,
) -> Option<Result<Position, PlayError>> {
    if let Err(e) = pos.try_play_checks(mv) {
        return Some(Err(e));
    }
    let mut next = *pos;
    match next.apply_or_stop(mv, keep_going) {
        Ok(()) => Some(Ok(next)),
        Err(Unfinished::Endless(Endless { cycle_laps })) => Some(Err(PlayError::Endless {
            hole: pos.variant().move_name(mv),
            cycle_laps,
        })),
        Err(Unfinished::Stopped) => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// En Gehé 2×5 with South's hole 3 empty (as the clipboard's tests).
    fn start_2x5() -> Position {
        crate::engine::notation::parse_position(
            "en-gehe south=1,2,0,1,3 north=2,0,1,1,0 captured=0,0 turn=south",
        )
        .unwrap()
    }

    #[test]
    fn a_game_s_status_is_worked_out_once_per_position_and_again_after_a_change() {
        let worked_out = || WORKED_OUT.with(std::cell::Cell::get);
        // South's every move is endless: its status sows each to its cycle.
        let stuck = crate::engine::notation::parse_position(
            "en-gehe south=3,8,0 north=1,0,4 captured=0,0 turn=south",
        )
        .unwrap();
        let game = Game::new(stuck);
        let before = worked_out();
        let over = game.status();
        assert!(
            matches!(&over, Status::Over(r) if r.reason == EndReason::OnlyEndless(Side::South))
        );
        for _ in 0..10 {
            assert_eq!(game.status(), over);
            assert!(game.is_over());
        }
        assert_eq!(worked_out(), before + 1, "asked every frame, sown once");
        let fresh = Game::new(stuck);
        assert_eq!(fresh, game, "the memo is no part of a game's identity");

        // A move and an undo each make the status a new question.
        let mut game = Game::new(start_2x5());
        assert_eq!(game.status(), Status::Ongoing);
        let first = game.current().legal_moves()[0];
        game.play(first).unwrap();
        let after_move = worked_out();
        let expected = game.current().status();
        assert_eq!(game.status(), expected);
        assert_eq!(worked_out(), after_move + 1);
        game.truncate(5);
        assert_eq!(game.status(), expected);
        assert_eq!(worked_out(), after_move + 1, "no move was undone");
        game.truncate(0);
        assert_eq!(game.status(), Status::Ongoing);
        assert_eq!(worked_out(), after_move + 2);
    }

    #[test]
    fn a_replay_stops_when_asked_and_names_the_move_it_cannot_play() {
        // Three legal moves, as written.
        let mut played = Game::new(start_2x5());
        for _ in 0..3 {
            played.play(played.current().legal_moves()[0]).unwrap();
        }
        let variant = played.variant();
        let texts: Vec<String> = played
            .moves()
            .iter()
            .map(|&m| variant.move_name(m))
            .collect();
        let no_check = |_, _, _: &Position| Ok::<(), Infallible>(());

        // All of them, each reported once played with the position before.
        let mut game = Game::new(start_2x5());
        let mut seen = Vec::new();
        let all = game.replay_or_stop(
            &texts,
            || true,
            |i, mv, before| {
                seen.push((i, mv, *before));
                Ok::<(), Infallible>(())
            },
        );
        assert_eq!(all, Ok(()));
        assert_eq!(game, played);
        let expected: Vec<_> = (0..3)
            .map(|i| (i, played.moves()[i], played.positions()[i]))
            .collect();
        assert_eq!(seen, expected);

        // Stopped when asked before the third move: two moves kept.
        let mut game = Game::new(start_2x5());
        let mut asked = 0;
        let keep_going = || {
            asked += 1;
            asked < 3
        };
        let stopped = game.replay_or_stop(&texts, keep_going, no_check);
        assert_eq!(stopped, Err(ReplayError::Stopped));
        assert_eq!(game.moves(), &played.moves()[..2]);

        // A refused move: its index, its mover and the rules' reason.
        let mut game = Game::new(start_2x5());
        let refused = game.replay_or_stop(["3"], || true, no_check);
        let Err(ReplayError::Refused(e)) = refused else {
            panic!("{refused:?}")
        };
        assert_eq!((e.index, e.mover), (0, Side::South));
        let three = variant.parse_move("3").unwrap();
        assert_eq!(Err(e.error), start_2x5().try_play(three));
        assert!(game.moves().is_empty());

        // A move that does not read: North's, the second.
        let mut game = Game::new(start_2x5());
        let unread = game.replay_or_stop([texts[0].as_str(), "x9"], || true, no_check);
        let Err(ReplayError::Refused(e)) = unread else {
            panic!("{unread:?}")
        };
        assert_eq!((e.index, e.mover), (1, Side::North));
        assert_eq!(Err(e.error), variant.parse_move("x9"));
        assert_eq!(game.moves(), &played.moves()[..1]);

        // The caller's own check refuses the second move, once played.
        let mut game = Game::new(start_2x5());
        let checked = game.replay_or_stop(
            &texts,
            || true,
            |i, _, _| {
                if i == 1 { Err("no") } else { Ok(()) }
            },
        );
        assert_eq!(checked, Err(ReplayError::Rejected("no")));
        assert_eq!(game.moves(), &played.moves()[..2]);
    }

    #[test]
    fn a_result_names_the_winner_in_full_and_the_sides_after_it_by_team() {
        let full = |s: Side| match s {
            Side::South => "Ilkisongo (South)".to_string(),
            Side::North => "Ilpurko (North)".to_string(),
        };
        let team = |s: Side| full(s).split(' ').next().unwrap_or_default().to_string();
        let won = GameResult::scored(
            [157, 163],
            EndReason::NoMoves(Side::South),
            Some((Side::North, 10)),
        );
        assert_eq!(
            won.describe_naming(full, team),
            "Ilpurko (North) wins 163–157: Ilkisongo has no seeds left to move; \
             Ilpurko takes the 10 seeds left on the board."
        );
        // No winner named first: each side is named in full.
        let drawn = GameResult::scored(
            [6, 6],
            EndReason::NoMoves(Side::North),
            Some((Side::South, 1)),
        );
        assert_eq!(
            drawn.describe_naming(full, team),
            "Draw 6–6: Ilpurko (North) has no seeds left to move; \
             Ilkisongo (South) takes the 1 seed left on the board."
        );
        assert_eq!(
            won.describe(),
            "North wins 163–157: South has no seeds left to move; North takes the 10 seeds left on the board."
        );
        // A team named in the plural owns its row as "Purko Warriors'".
        let raided = GameResult::scored([0, 0], EndReason::InnerRowEmpty(Side::North), None);
        let plural = |s: Side| match s {
            Side::South => "Ilkisongo Elders".to_string(),
            Side::North => "Purko Warriors".to_string(),
        };
        assert!(
            raided
                .describe_naming(plural, plural)
                .contains(": Purko Warriors' inner row is empty"),
            "{}",
            raided.describe_naming(plural, plural)
        );
    }
}
