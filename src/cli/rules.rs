//! Commands over the rules engine alone: start, moves, play, apply, trace.

use super::{CliError, FirstSide, GameName, OriginArg, StartArgs, TypedCount};
use crate::engine::{
    EndReason, Game, GameOptions, MAX_HOLES, MIN_HOLES, Move, OriginRule, PlayError, Position,
    Side, Status, Variant, notation,
};
use std::io::{BufRead, Write};

impl StartArgs {
    /// The game options these arguments describe, validated.
    pub fn options(&self) -> Result<GameOptions, CliError> {
        let origin = match self.origin {
            Some(OriginArg::Skip) => OriginRule::Skip,
            _ => OriginRule::SowInto,
        };
        let options = match self.game {
            GameName::EnGehe => {
                // Above 255, or not a whole number at all (a negative one,
                // a fraction, nothing), is out of range for both; said here,
                // with the value as typed, in the words of
                // `GameOptions::validate`.
                let holes = match &self.holes {
                    None => 50,
                    Some(TypedCount { value: Some(n), .. }) => *n,
                    Some(typed) => {
                        return Err(CliError(format!(
                            "--holes: rows must have {MIN_HOLES} to {MAX_HOLES} holes, not {}",
                            typed.shown()
                        )));
                    }
                };
                let seeds = match &self.seeds {
                    None => 4,
                    Some(TypedCount { value: Some(n), .. }) => *n,
                    Some(typed) => {
                        return Err(CliError(format!(
                            "--seeds: seeds per hole must be 1 to 12, not {}",
                            typed.shown()
                        )));
                    }
                };
                GameOptions {
                    variant: Variant::EnGehe { holes },
                    seeds,
                    first: match self.first {
                        FirstSide::South => Side::South,
                        FirstSide::North => Side::North,
                    },
                    origin,
                }
            }
            GameName::BaoLaKimasai => {
                if self.first == FirstSide::North {
                    return Err(CliError(
                        "--first: in Bao la Kimasai South always moves first".into(),
                    ));
                }
                // Only the options given are named.
                let given = match (self.holes.is_some(), self.seeds.is_some()) {
                    (true, true) => Some("--holes and --seeds are En Gehé options"),
                    (true, false) => Some("--holes is an En Gehé option"),
                    (false, true) => Some("--seeds is an En Gehé option"),
                    (false, false) => None,
                };
                if let Some(given) = given {
                    return Err(CliError(format!(
                        "{given}: Bao la Kimasai always has four rows of 8 holes and 1 seed \
                         in each inner hole"
                    )));
                }
                GameOptions {
                    origin,
                    ..GameOptions::bao_la_kimasai()
                }
            }
        };
        if let Variant::EnGehe { .. } = options.variant {
            options
                .validate()
                .map_err(|e| CliError(format!("--{}: {}", e.token, e.problem)))?;
        }
        Ok(options)
    }
}

pub fn start(args: &StartArgs) -> Result<(), CliError> {
    let pos = args.options()?.start()?;
    outln!("{pos}");
    Ok(())
}

fn parse(position: &str) -> Result<Position, CliError> {
    notation::parse_position(position).map_err(|e| CliError(format!("invalid position: {e}")))
}

/// The position a command's POSITION argument names: a position in
/// RULES.md notation, or a whole game record (`POSITION M1 M2 …`, as the
/// window's Copy game record writes it and `play` reads it), whose last
/// position it is; a move the record cannot play is refused as `play`
/// refuses it. With it, the status of the game there: a record's own
/// (over by a threefold repetition, say, which its last position alone
/// does not show), else the position's.
pub fn record_arg(text: &str) -> Result<(Position, Status), CliError> {
    let game = record_game(text)?;
    Ok((*game.current(), game.status()))
}

/// [`record_arg`]'s game: a record's moves played (its positions are the
/// history repetition counts), or the position alone.
pub fn record_game(text: &str) -> Result<Game, CliError> {
    match notation::split_record(text) {
        Ok((position, moves)) if !moves.is_empty() => {
            let moves: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
            play_moves(parse(&position)?, &moves)
        }
        // A position token after the moves of a record that begins with a
        // whole position: said as the record's fault (else what is wrong
        // is the position, said as such).
        Err(e) => {
            let head: Vec<&str> = text
                .split_whitespace()
                .take_while(|t| notation::is_position_token(t))
                .collect();
            match notation::parse_position(&head.join(" ")) {
                Ok(_) => Err(CliError(format!("invalid game record: {e}"))),
                Err(_) => parse(text).map(Game::new),
            }
        }
        // No moves: the position alone (a `;` after it, as a record may
        // write, is not part of it).
        Ok((position, _)) => parse(&position).map(Game::new),
    }
}

fn names(pos: &Position, moves: &[Move]) -> String {
    moves
        .iter()
        .map(|&m| pos.variant().move_name(m))
        .collect::<Vec<_>>()
        .join(" ")
}

pub fn moves(position: &str) -> Result<(), CliError> {
    let (pos, status) = record_arg(position)?;
    // The empty line is the answer; why, for a person, goes to stderr
    // (a record over by repetition has no moves left either, as `play`
    // refuses another).
    if let Status::Over(result) = status {
        outln!();
        // Over because every move is endless: they are still named on
        // the `endless:` line (it was left out, with the moves).
        // (Every candidate is endless then: the status proved them all,
        // so they are not sown again.)
        if let EndReason::OnlyEndless(_) = result.reason {
            let endless: Vec<Move> = pos.candidate_moves().collect();
            if !endless.is_empty() {
                outln!("endless: {}", names(&pos, &endless));
            }
        }
        eprintln!("no legal move: the game is over. {}", result.describe());
        return Ok(());
    }
    let (legal, endless) = pos.classify_moves();
    outln!("{}", names(&pos, &legal));
    if !endless.is_empty() {
        outln!("endless: {}", names(&pos, &endless));
    }
    Ok(())
}

/// The line `play` prints: the position, and the result once the game is over.
pub fn result_line(game: &Game) -> String {
    let mut line = game.current().to_string();
    if let Status::Over(result) = game.status() {
        line.push_str(&result.suffix());
    }
    line
}

/// A move as every message echoes it: its canonical name where it reads
/// as a move of `variant` (`02` is `2`, `I1` is `i1`), and where it names
/// a hole by a number the board has not, that number without its leading
/// zeros (`004` is `4`, as "there is no hole 4" says); otherwise as typed.
pub fn canonical_move(variant: Variant, text: &str) -> String {
    if let Ok(mv) = variant.parse_move(text) {
        return variant.move_name(mv);
    }
    let t = text.trim();
    let (row, number) = match variant {
        Variant::EnGehe { .. } => ("", t),
        Variant::BaoLaKimasai => t.split_at(t.chars().next().map_or(0, char::len_utf8)),
    };
    let row_named =
        row.is_empty() || row.eq_ignore_ascii_case("i") || row.eq_ignore_ascii_case("o");
    if !row_named || number.is_empty() || !number.bytes().all(|b| b.is_ascii_digit()) {
        return text.to_string();
    }
    let digits = number.trim_start_matches('0');
    let digits = if digits.is_empty() { "0" } else { digits };
    format!("{}{digits}", row.to_ascii_lowercase())
}

/// Plays moves given as text through a game record, naming the move that fails.
pub fn play_moves(start: Position, moves: &[String]) -> Result<Game, CliError> {
    // Each move in the one form both halves of a message use ("move 1
    // (South `2`): illegal move `2`: …", never `02` in one and `2` in the
    // other).
    let moves: Vec<String> = moves
        .iter()
        .map(|m| canonical_move(start.variant(), m))
        .collect();
    // The mover named too: in a list of moves, whose turn it was is not
    // obvious ("move 2 (North `49`)").
    Game::replay_notation(start, &moves).map_err(|e| {
        // A move after the end: why the game is over, from the record as
        // it stood (the moves before this one all played).
        let over = match e.error {
            PlayError::GameOver => Game::replay_notation(start, &moves[..e.index])
                .ok()
                .map(|game| game.status()),
            _ => None,
        };
        CliError(format!(
            "move {} ({} `{}`): {}",
            e.index + 1,
            e.mover.title(),
            crate::engine::shortened(&moves[e.index]),
            play_error_words(&e.error, over, None)
        ))
    })
}

pub use crate::engine::play_error_words;

/// The start and the moves `play` is given: the POSITION argument may be a
/// whole game record (as the window's Copy game record writes it), whose
/// moves come before those given as arguments of their own.
pub fn record_start(position: &str, moves: &[String]) -> Result<(Position, Vec<String>), CliError> {
    let (position, recorded) = notation::split_record(position)
        .map_err(|e| CliError(format!("invalid game record: {e}")))?;
    let moves = recorded
        .iter()
        .map(|m| m.to_string())
        .chain(moves.iter().cloned())
        .collect();
    Ok((parse(&position)?, moves))
}

pub fn play(position: &str, moves: &[String]) -> Result<(), CliError> {
    let (start, moves) = record_start(position, moves)?;
    let game = play_moves(start, &moves)?;
    outln!("{}", result_line(&game));
    Ok(())
}

/// Answers line `number` (from 1) of `apply`'s input, `POSITION ; MOVE`:
/// what `play` prints, or `error: line N: MESSAGE` (every error names its
/// line: the answers to a long input were counted by hand to find it).
pub fn apply_line(number: u64, line: &str) -> String {
    match apply_answer(line) {
        Ok(answer) => answer,
        Err(why) => apply_error(number, &why),
    }
}

/// An error answer of `apply` for line `number`.
fn apply_error(number: u64, why: &str) -> String {
    format!("error: line {number}: {why}")
}

/// What `play` prints for one line of `apply`, or why not (the message
/// without `error: line N: `).
fn apply_answer(line: &str) -> Result<String, String> {
    // Answered like any other line, so that a client waiting for each
    // answer stays in step, but said for what it is.
    if line.trim().is_empty() {
        return Err(
            "invalid position line: the line is blank (expected `POSITION ; MOVE`)".to_string(),
        );
    }
    let Some((position, mv)) = line.split_once(';') else {
        return Err("invalid position line: no `;` (expected `POSITION ; MOVE`)".to_string());
    };
    // The position is whole before the first `;`: a second one is a move
    // too many, not a fault of the position.
    let said = mv.trim();
    if said.is_empty() {
        return Err("invalid position line: no move after the `;`".to_string());
    }
    // `1 2` is as much a line of moves as `1 ; 2`, and said the same way;
    // one move with a stray `;` is said as that (`1;` was called more than
    // one move).
    let words = said
        .split(|c: char| c == ';' || c.is_whitespace())
        .filter(|w| !w.is_empty())
        .count();
    if words == 1 && said.contains(';') {
        return Err(format!(
            "invalid position line: a second `;` after the move: `{said}` (expected \
             `POSITION ; MOVE`)"
        ));
    }
    if said.contains(';') || said.contains(char::is_whitespace) {
        return Err(format!(
            "invalid position line: more than one move after the `;`: `{said}` (play a line \
             of moves with `play`)"
        ));
    }
    let pos = match notation::parse_position(position) {
        Ok(p) => p,
        // A game record reads as a position with stray tokens: said for
        // what it is (the other commands take records).
        Err(_)
            if notation::split_record(position)
                .is_ok_and(|(head, moves)| !moves.is_empty() && parse(&head).is_ok()) =>
        {
            return Err(
                "invalid position: a game record before the `;` (apply takes a \
                        bare position; play a record with `play`, or give apply its last \
                        position)"
                    .to_string(),
            );
        }
        Err(e) => return Err(format!("invalid position: {e}")),
    };
    let mv = canonical_move(pos.variant(), mv);
    let game = pos.variant().parse_move(&mv).and_then(|mv| {
        let mut game = Game::new(pos);
        game.play(mv)?;
        Ok(game)
    });
    match game {
        Ok(game) => Ok(result_line(&game)),
        // A bare position has no history: its own status is the game's.
        Err(e) => Err(play_error_words(&e, Some(pos.status()), Some(&mv))),
    }
}

pub fn apply() -> Result<(), CliError> {
    let stdin = std::io::stdin();
    // Stdout is line-buffered, so each answer leaves as soon as it is written.
    let mut out = std::io::stdout().lock();
    let mut input = stdin.lock();
    let mut bytes = Vec::new();
    for number in 1u64.. {
        bytes.clear();
        let read = input
            .read_until(b'\n', &mut bytes)
            // In words, as every file message says it ("Is a directory (os
            // error 21)" for `apply < folder`).
            .map_err(|e| {
                CliError(format!(
                    "cannot read standard input: {}",
                    crate::files::io_words(std::path::Path::new(""), &e)
                ))
            })?;
        if read == 0 {
            return Ok(());
        }
        // One answer per line, whatever the line holds: a client waiting
        // for each answer must not get out of step.
        let answer = match std::str::from_utf8(&bytes) {
            Ok(line) => super::printable(&apply_line(number, line.trim_end_matches(['\n', '\r']))),
            // README: every error line says `endless`, `illegal` or
            // `invalid position`.
            // Where: the word holding the first byte that is not, with each
            // such byte written as `\xNN`.
            Err(e) => {
                let at = e.valid_up_to();
                let blank = |b: &u8| b.is_ascii_whitespace();
                let start = bytes[..at].iter().rposition(blank).map_or(0, |i| i + 1);
                let end = bytes[at..]
                    .iter()
                    .position(blank)
                    .map_or(bytes.len(), |i| at + i);
                super::printable(&apply_error(
                    number,
                    &format!(
                        "invalid position: not UTF-8 text: {}",
                        super::quoted_bytes(&bytes[start..end])
                    ),
                ))
            }
        };
        if let Err(e) = writeln!(out, "{answer}") {
            let e = super::write_error(e);
            // The reader went away (a closed pipe): nothing more to do.
            // Any other failure (a full disk) loses answers: an error.
            return if e.is_reader_gone() { Ok(()) } else { Err(e) };
        }
    }
    Ok(())
}

pub fn trace(position: &str, mv: &str) -> Result<(), CliError> {
    let mut game = record_game(position)?;
    let (pos, status) = (*game.current(), game.status());
    let text = canonical_move(pos.variant(), mv);
    let mv = pos.variant().parse_move(&text)?;
    if let Some(result) = status.result() {
        // Over because every move is endless: asking for one says that
        // it never ends, as `play` says it (RULES.md "Endless moves").
        let why = match (&result.reason, pos.trace(mv)) {
            (EndReason::OnlyEndless(_), Err(e @ PlayError::Endless { .. })) => e,
            _ => PlayError::GameOver,
        };
        return Err(CliError(play_error_words(&why, Some(status), Some(&text))));
    }
    let trace = pos
        .trace(mv)
        .map_err(|e| CliError(play_error_words(&e, Some(status), Some(&text))))?;
    if let Some(h) = trace.reserve_seed {
        outln!("reserve seed into {}", pos.hole_label(h));
    }
    for (i, lap) in trace.laps.iter().enumerate() {
        outln!(
            "lap {}: {}",
            crate::engine::group_digits(i as u64 + 1),
            lap.describe(&pos)
        );
    }
    if let Some(c) = trace.capture {
        outln!("capture: {}", c.describe(&pos));
    }
    // Played on the record, so that a move repeating its position a
    // third time ends the game as `play` says it (a fresh game of the
    // position after it knew no history).
    if game.play(mv).is_err() {
        game = Game::new(trace.after);
    }
    outln!("{}", result_line(&game));
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_move_with_a_stray_semicolon_is_not_called_more_than_one_move() {
        assert_eq!(
            apply_line(
                2,
                "en-gehe south=1,0,2,0 north=0,1,0,0 captured=0,0 turn=south ; 1;"
            ),
            "error: line 2: invalid position line: a second `;` after the move: `1;` \
             (expected `POSITION ; MOVE`)"
        );
        assert_eq!(
            apply_line(
                2,
                "en-gehe south=1,0,2,0 north=0,1,0,0 captured=0,0 turn=south ; ;1"
            ),
            "error: line 2: invalid position line: a second `;` after the move: `;1` \
             (expected `POSITION ; MOVE`)"
        );
    }

    #[test]
    fn a_second_move_on_an_apply_line_is_named_not_blamed_on_the_position() {
        let said = apply_line(
            1,
            "en-gehe south=1,0,2,0 north=0,1,0,0 captured=0,0 turn=south ; 3 ; 1",
        );
        assert_eq!(
            said,
            "error: line 1: invalid position line: more than one move after the `;`: `3 ; 1` \
             (play a line of moves with `play`)"
        );
        // Moves parted by blanks are two moves too; no move is named.
        let line = "en-gehe south=1,0,2,0 north=0,1,0,0 captured=0,0 turn=south ; 3 1";
        assert_eq!(
            apply_line(7, line),
            "error: line 7: invalid position line: more than one move after the `;`: `3 1` \
             (play a line of moves with `play`)"
        );
        assert_eq!(
            apply_line(
                1,
                "en-gehe south=1,0,2,0 north=0,1,0,0 captured=0,0 turn=south ;  "
            ),
            "error: line 1: invalid position line: no move after the `;`"
        );
        // Every error names its line: the answers to a long input were
        // counted by hand to find it.
        assert_eq!(
            apply_line(
                12,
                "en-gehe south=1,0,2,0 north=0,1,0,0 captured=0,0 turn=south 3"
            ),
            "error: line 12: invalid position line: no `;` (expected `POSITION ; MOVE`)"
        );
        assert_eq!(
            apply_line(
                5,
                "en-gehe south=1,0,2,0 north=0,1,0,0 captured=0,0 turn=south ; 2"
            ),
            "error: line 5: illegal move `2`: the hole is empty"
        );
        assert!(
            apply_line(6, "en-gehe south=1,0,2 ; 1")
                .starts_with("error: line 6: invalid position: "),
        );
        // A game record is said to be one (it read as an unknown token).
        assert_eq!(
            apply_line(
                1,
                "en-gehe south=1,2,3 north=1,2,3 captured=0,0 turn=south 1 ; 1"
            ),
            "error: line 1: invalid position: a game record before the `;` (apply takes a bare \
             position; play a record with `play`, or give apply its last position)"
        );
        // One move still plays.
        assert_eq!(
            apply_line(
                1,
                "en-gehe south=1,0,2,0 north=0,1,0,0 captured=0,0 turn=south ; 3"
            ),
            "en-gehe south=1,0,0,1 north=1,1,0,0 captured=0,0 turn=north"
        );
    }
}
