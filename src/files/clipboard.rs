//! Copy and paste of positions and game records as RULES.md notation: a
//! position string, or a game record (the start position followed by its
//! moves in order, on one line, as `play` takes them).

use super::error::{LoadError, never_stopped};
use crate::engine::{
    Game, PlayError, Position, RecordError, ReplayError, Side, notation, shortened,
};
use std::convert::Infallible;

/// The text copied for a position: its canonical notation.
pub fn position_text(pos: &Position) -> String {
    pos.to_string()
}

/// The text copied for a game: its start position, then its moves in
/// order, blank-separated (`en-gehe south=… turn=south 36 6 38`). A move
/// token never holds `=`, so the position's tokens and the moves part
/// without a separator.
pub fn record_text(game: &Game) -> String {
    let variant = game.variant();
    let mut text = position_text(game.start());
    for &mv in game.moves() {
        text.push(' ');
        text.push_str(&variant.move_name(mv));
    }
    text
}

/// Reads a pasted position or game record: the position's tokens (the
/// game's name, then `key=value` tokens), then any moves, each replayed
/// through the rules. A `;` may part the moves from the position (as in
/// `apply`'s lines). Line breaks and surrounding blanks are accepted; an
/// illegal move is refused with its number and why.
pub fn parse_pasted(text: &str) -> Result<Game, String> {
    let record = read_pasted(text)?;
    never_stopped(record.replay_or_stop(|| true))
}

/// A pasted position or game record, read but its moves not yet replayed:
/// reading it is quick, replaying its moves may not be (proving that one
/// move never ends can take half a minute), so the window replays them off
/// its thread, able to stop.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PastedRecord {
    start: Position,
    moves: Vec<String>,
}

/// Reads a pasted position or game record's start position and splits off
/// its moves (see [`parse_pasted`]); the moves are replayed by
/// [`PastedRecord::replay_or_stop`].
pub fn read_pasted(text: &str) -> Result<PastedRecord, String> {
    if text.trim().is_empty() {
        return Err("the pasted text is empty; a position looks like \
                    `en-gehe south=4,4,4 north=4,4,4 captured=0,0 turn=south`"
            .to_string());
    }
    let (position, moves) = notation::split_record(text)
        .map_err(|e| format!("the pasted text is not a game record: {e}"))?;
    let start = notation::parse_position(&position)
        .map_err(|e| format!("the pasted text is not a position: {e}"))?;
    Ok(PastedRecord {
        start,
        moves: moves.into_iter().map(str::to_string).collect(),
    })
}

impl PastedRecord {
    /// How many moves follow the position (none for a bare position).
    pub fn moves(&self) -> usize {
        self.moves.len()
    }

    /// The game: the moves replayed in order, asking `keep_going` before
    /// each move and during a long one ([`Game::play_or_stop`]); when it
    /// says no, [`LoadError::Stopped`] at once. A move that does not read
    /// or that the rules refuse is [`LoadError::Failed`] with its number,
    /// its mover and why (`move 1 (South `3`) of the pasted record: …`).
    pub fn replay_or_stop(
        &self,
        keep_going: impl FnMut() -> bool,
    ) -> Result<Game, LoadError<String>> {
        replay_moves(self.start, &self.moves, keep_going, |_| {}).map_err(|e| match e {
            LoadError::Failed(refused) => LoadError::Failed(refused.in_pasted_record()),
            LoadError::Stopped => LoadError::Stopped,
        })
    }
}

/// A move of a game record that the rules refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RefusedMove {
    /// Its number in the record, from 1.
    pub number: usize,
    pub mover: Side,
    /// The move as written.
    pub text: String,
    pub why: PlayError,
    /// The game's status when it was refused: a move after the end says
    /// why the game is over, as the command line says it.
    pub status: Option<crate::engine::Status>,
}

impl RefusedMove {
    /// "move 2 (North `9`)": which move, by whom, as written (a long token
    /// shortened).
    /// Invisible and control characters in it are written as escapes
    /// (`3\u{200b}`), as the command line writes them: raw, "`3`" was
    /// said to be no hole from 1 to 10.
    pub fn named(&self) -> String {
        format!(
            "move {} ({} `{}`)",
            self.number,
            self.mover.title(),
            super::error::escaped(&shortened(&self.text))
        )
    }
}

impl RefusedMove {
    /// Said of a pasted record, by the window's paste and the position
    /// editor's alike: "move 2 (North `9`) of the pasted record: …".
    pub fn in_pasted_record(&self) -> String {
        format!(
            "{} of the pasted record: {}",
            self.named(),
            self.why_words()
        )
    }

    /// Why, in words: "illegal move: the game is already over. South wins
    /// 6–0: …" after the end (the move quoted as [`RefusedMove::named`]
    /// quotes it).
    pub fn why_words(&self) -> String {
        let words = crate::engine::play_error_words(&self.why, self.status.clone(), None);
        super::error::escaped(&words).into_owned()
    }
}

impl std::fmt::Display for RefusedMove {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", self.named(), self.why_words())
    }
}

/// Replays a game record's moves (as written) from `start`: the game, or
/// the first move that does not read or that the rules refuse. Asks
/// `keep_going` before each move and during a long one
/// ([`Game::play_or_stop`]), and stops at once when it says no; tells
/// `played` how many moves are replayed after each one (for a progress
/// line). The one replay of pasted records: the window's paste and the
/// position editor's both come here.
pub fn replay_moves(
    start: Position,
    moves: &[String],
    keep_going: impl FnMut() -> bool,
    mut played: impl FnMut(usize),
) -> Result<Game, LoadError<RefusedMove>> {
    let mut game = Game::new(start);
    game.replay_or_stop(moves, keep_going, |index, _, _| {
        played(index + 1);
        Ok::<(), Infallible>(())
    })
    .map_err(|e| match e {
        ReplayError::Stopped => LoadError::Stopped,
        ReplayError::Rejected(never) => match never {},
        ReplayError::Refused(RecordError {
            index,
            mover,
            error,
        }) => LoadError::Failed(RefusedMove {
            number: index + 1,
            mover,
            text: moves[index].clone(),
            status: matches!(error, PlayError::GameOver).then(|| game.current().status()),
            why: error,
        }),
    })?;
    Ok(game)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Move;

    fn start_2x5() -> Position {
        notation::parse_position("en-gehe south=1,2,0,1,3 north=2,0,1,1,0 captured=0,0 turn=south")
            .unwrap()
    }

    #[test]
    fn a_record_round_trips_and_a_position_is_a_record_without_moves() {
        let mut game = Game::new(start_2x5());
        for _ in 0..3 {
            let mv = game.current().legal_moves()[0];
            game.play(mv).unwrap();
        }
        let text = record_text(&game);
        assert_eq!(parse_pasted(&text).unwrap(), game);
        // Broken over lines as mail does, with `;` before the moves.
        let (pos, moves) = text.split_at(text.find(" turn=south").unwrap() + 11);
        let wrapped = format!("  {}\n{pos};{moves}\n", "");
        assert_eq!(parse_pasted(&wrapped).unwrap(), game);
        let bare = parse_pasted(&start_2x5().to_string()).unwrap();
        assert!(bare.moves().is_empty());
        assert_eq!(*bare.start(), start_2x5());
    }

    #[test]
    fn a_bad_record_says_which_move_and_why() {
        let pos = start_2x5().to_string();
        // Hole 3 of South is empty.
        let e = parse_pasted(&format!("{pos} 3")).unwrap_err();
        assert!(
            e.starts_with("move 1 (South `3`) of the pasted record: "),
            "{e}"
        );
        // An invisible mark in a move is written as the command line
        // writes it: raw, "`3`" was said to be no hole from 1 to 5.
        let e = parse_pasted(&format!("{pos} 1 3\u{200b}")).unwrap_err();
        assert!(
            e.starts_with(
                "move 2 (North `3\\u{200b}`) of the pasted record: illegal move `3\\u{200b}`"
            ),
            "{e}"
        );
        let e = parse_pasted(&format!("{pos} 1 x9")).unwrap_err();
        assert!(
            e.starts_with("move 2 (North `x9`) of the pasted record: illegal move `x9`"),
            "{e}"
        );
        let e = parse_pasted(&format!("{pos} 1 turn=north")).unwrap_err();
        assert!(e.contains("`turn=north`: stands after move 1 of"), "{e}");
        let e = parse_pasted(&format!("{pos} ; 1 ; 2")).unwrap_err();
        assert!(e.contains("`;`: stands after move 1 of"), "{e}");
        let e = parse_pasted(&format!("{pos} ; turn=north")).unwrap_err();
        assert!(
            e.contains("stands after the `;` that ends the position"),
            "{e}"
        );
        // The position's tokens in any order, the `;` against a token.
        let reordered = "turn=south captured=0,0 en-gehe north=2,0,1,1,0 south=1,2,0,1,3;1";
        assert_eq!(parse_pasted(reordered).unwrap().moves().len(), 1);
        let e = parse_pasted("en-gehe south=1,2 north=1 captured=0,0 turn=south 1").unwrap_err();
        assert!(e.starts_with("the pasted text is not a position"), "{e}");
        assert!(parse_pasted(" \n ").unwrap_err().contains("empty"));
        // Moves are named in the game's own notation.
        let bao = notation::parse_position(
            "bao-la-kimasai south=1,1,1,1,1,1,1,1,0,0,0,0,0,0,0,0 \
             north=1,1,1,1,1,1,1,1,0,0,0,0,0,0,0,0 reserve=24,24 turn=south opening=yes",
        )
        .unwrap();
        let mut game = Game::new(bao);
        game.play(Move(0)).unwrap();
        assert!(record_text(&game).ends_with(" opening=yes i1"));
        assert_eq!(parse_pasted(&record_text(&game)).unwrap(), game);
    }

    #[test]
    fn a_slow_endless_move_stops_when_asked_and_says_so_otherwise() {
        // The README's slow endless move: half a minute to prove endless.
        let slow = "en-gehe south=4,5,4,2,4,5 north=4,3,4,5,4,79 captured=0,0 turn=south 3";
        let record = read_pasted(slow).unwrap();
        assert_eq!(record.moves(), 1);
        let mut asked = 0;
        let stopped = record.replay_or_stop(|| {
            asked += 1;
            asked < 3
        });
        // Stopped at the third question, in the middle of the move.
        assert!(matches!(stopped, Err(LoadError::Stopped)), "{stopped:?}");
        assert_eq!(asked, 3);
        // One with a short cycle is refused as parse_pasted refuses it.
        let quick = "en-gehe south=4,5,4,2,4,5 north=4,3,4,5,4,5 captured=0,0 turn=south 3";
        let e = read_pasted(quick)
            .unwrap()
            .replay_or_stop(|| true)
            .unwrap_err();
        let LoadError::Failed(e) = e else {
            panic!("stopped")
        };
        assert!(
            e.starts_with("move 1 (South `3`) of the pasted record: move `3` is endless"),
            "{e}"
        );
        assert_eq!(parse_pasted(quick).unwrap_err(), e);
        // A bare position has no moves to replay.
        assert_eq!(read_pasted(&start_2x5().to_string()).unwrap().moves(), 0);
    }
}
