//! Commands over the rules engine alone: start, moves, play, apply, trace, bench.

use super::{CliError, FirstSide, GameName, OriginArg, StartArgs};
use crate::engine::{
    Game, GameOptions, Move, OriginRule, Position, Side, Status, Variant, notation, playout,
};
use rand::SeedableRng;
use std::io::{BufRead, Write};
use std::time::Instant;

impl StartArgs {
    /// The game options these arguments describe, validated.
    pub fn options(&self) -> Result<GameOptions, CliError> {
        let origin = match self.origin {
            Some(OriginArg::Skip) => OriginRule::Skip,
            _ => OriginRule::SowInto,
        };
        let options = match self.game {
            GameName::EnGehe => {
                let holes = u8::try_from(self.holes).unwrap_or(u8::MAX);
                GameOptions {
                    variant: Variant::EnGehe { holes },
                    seeds: u8::try_from(self.seeds).unwrap_or(u8::MAX),
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
    println!("{pos}");
    Ok(())
}

fn parse(position: &str) -> Result<Position, CliError> {
    notation::parse_position(position).map_err(|e| CliError(format!("invalid position: {e}")))
}

fn names(pos: &Position, moves: &[Move]) -> String {
    moves
        .iter()
        .map(|&m| pos.variant().move_name(m))
        .collect::<Vec<_>>()
        .join(" ")
}

pub fn moves(position: &str) -> Result<(), CliError> {
    let pos = parse(position)?;
    let (legal, endless) = pos.classify_moves();
    println!("{}", names(&pos, &legal));
    if !endless.is_empty() {
        println!("endless: {}", names(&pos, &endless));
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

/// Plays moves given as text through a game record, naming the move that fails.
pub fn play_moves(start: Position, moves: &[String]) -> Result<Game, CliError> {
    let mut game = Game::new(start);
    for (i, text) in moves.iter().enumerate() {
        let mv = game
            .variant()
            .parse_move(text)
            .and_then(|mv| game.play(mv).map(|_| ()))
            .map_err(|e| CliError(format!("move {} (`{text}`): {e}", i + 1)));
        mv?;
    }
    Ok(game)
}

pub fn play(position: &str, moves: &[String]) -> Result<(), CliError> {
    let game = play_moves(parse(position)?, moves)?;
    println!("{}", result_line(&game));
    Ok(())
}

/// Answers one `POSITION ; MOVE` line of `apply`.
pub fn apply_line(line: &str) -> String {
    let Some((position, mv)) = line.rsplit_once(';') else {
        return "error: invalid position line: expected `POSITION ; MOVE`".to_string();
    };
    let pos = match notation::parse_position(position) {
        Ok(p) => p,
        Err(e) => return format!("error: invalid position: {e}"),
    };
    let game = pos.variant().parse_move(mv).and_then(|mv| {
        let mut game = Game::new(pos);
        game.play(mv)?;
        Ok(game)
    });
    match game {
        Ok(game) => result_line(&game),
        Err(e) => format!("error: {e}"),
    }
}

pub fn apply() -> Result<(), CliError> {
    let stdin = std::io::stdin();
    // Stdout is line-buffered, so each answer leaves as soon as it is written.
    let mut out = std::io::stdout().lock();
    for line in stdin.lock().lines() {
        let line = line?;
        if writeln!(out, "{}", apply_line(&line)).is_err() {
            // The reader went away (a closed pipe): nothing more to do.
            return Ok(());
        }
    }
    Ok(())
}

pub fn trace(position: &str, mv: &str) -> Result<(), CliError> {
    let pos = parse(position)?;
    let mv = pos.variant().parse_move(mv)?;
    let trace = pos.trace(mv)?;
    if let Some(h) = trace.reserve_seed {
        println!("reserve seed into {}", pos.hole_label(h));
    }
    for (i, lap) in trace.laps.iter().enumerate() {
        println!("lap {}: {}", i + 1, lap.describe(&pos));
    }
    if let Some(c) = trace.capture {
        println!(
            "capture: {} from {} and the last seed in {}: {} seeds",
            c.facing_seeds,
            pos.hole_label(c.facing),
            pos.hole_label(c.hole),
            c.total
        );
    }
    println!("{}", result_line(&Game::new(trace.after)));
    Ok(())
}

pub fn bench(seconds: f64) -> Result<(), CliError> {
    let seconds = if seconds.is_finite() && seconds > 0.0 {
        seconds
    } else {
        3.0
    };
    for (label, start) in [
        ("en-gehe 2x50", GameOptions::en_gehe(50).start()?),
        ("bao-la-kimasai", GameOptions::bao_la_kimasai().start()?),
    ] {
        let mut rng = rand::rngs::SmallRng::seed_from_u64(2026);
        let (mut games, mut moves) = (0u64, 0u64);
        let began = Instant::now();
        let cpu_began = thread_cpu_seconds();
        while began.elapsed().as_secs_f64() < seconds {
            let mut pos = start;
            let p = playout::random_playout(&mut pos, &mut rng, 10_000);
            games += 1;
            moves += p.moves as u64;
        }
        let secs = began.elapsed().as_secs_f64();
        let mut line = format!(
            "{label}: games={games} moves={moves} seconds={secs:.2} moves_per_second={:.0}",
            moves as f64 / secs
        );
        // On a busy machine wall time undercounts the engine; CPU time of
        // this thread says what one core really does.
        if let (Some(a), Some(b)) = (cpu_began, thread_cpu_seconds()) {
            line.push_str(&format!(
                " cpu_seconds={:.2} moves_per_cpu_second={:.0}",
                b - a,
                moves as f64 / (b - a).max(1e-9)
            ));
        }
        println!("{line}");
    }
    Ok(())
}

/// CPU time this thread has run, where the system tells it (Linux).
fn thread_cpu_seconds() -> Option<f64> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let ns: f64 = text.split_whitespace().next()?.parse().ok()?;
    Some(ns / 1e9)
}
