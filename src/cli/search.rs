//! Commands over the search: `analyse` and `match`.

use super::{CliError, StartArgs};
use crate::engine::{Game, GameResult, Position, Side, Status, Variant};
use crate::search::{self, Level, SearchConfig, Table, choose_move};
use rand::SeedableRng;
use std::io::Write;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Reads a level name for clap.
pub fn parse_level(text: &str) -> Result<Level, String> {
    text.parse()
}

/// A score as the command line prints it: seeds with one decimal, or for a
/// decided Bao la Kimasai game `win plies=P` / `loss plies=P`, as `solve`
/// says it (the raw win score is ten million seeds less a tenth a ply).
fn score_text(score: i32) -> String {
    match search::decided_plies(score) {
        Some(plies) if score > 0 => format!("win plies={plies}"),
        Some(plies) => format!("loss plies={plies}"),
        None => format!("{:.1}", search::seeds(score)),
    }
}

pub fn analyse(
    position: &str,
    movetime: Option<u64>,
    depth: Option<u32>,
    lines: usize,
    threads: usize,
    quiescence: u32,
) -> Result<(), CliError> {
    // A record's positions are the search's history: a move that repeats
    // one a third time ends the game there, as `solve` and `play` count it.
    let game = super::rules::record_game(position)?;
    let (pos, status) = (*game.current(), game.status());
    // Refused, not ignored, as `bench` refuses options that do not apply.
    if quiescence > 0 && !pos.variant().is_en_gehe() {
        return Err(CliError(
            "--quiescence: the quiescence search is En Gehé's (Bao la Kimasai leaves are \
             judged statically)"
                .into(),
        ));
    }
    if let Status::Over(result) = status {
        // As `solve` gives a finished position's value with `best=- pv=`:
        // its result in this command's words, and why on stderr, as
        // `moves` says it.
        outln!("move=- score={} depth=0 pv=", final_score(&pos, &result));
        eprintln!("no legal move: the game is over. {}", result.describe());
        eprintln!("info depth=0 nodes=0 moves_made=0 time_ms=0 nps=0");
        return Ok(());
    }
    let config = SearchConfig {
        // A table of the search's own, shared with the searches that carry
        // its lines on (below).
        table: Some(Arc::new(Table::new(SearchConfig::default().table_mb))),
        max_depth: depth,
        // Neither limit given: think for a second.
        movetime: match (movetime, depth) {
            (Some(ms), _) => Some(Duration::from_millis(ms.max(1))),
            (None, Some(_)) => None,
            (None, None) => Some(Duration::from_millis(1000)),
        },
        threads: threads.clamp(1, 64),
        lines,
        quiescence,
        history: game.history().to_vec(),
        ..SearchConfig::default()
    };
    let analysis = search::search(&pos, config.clone());
    let v = pos.variant();
    // The search carries its lines on to their depth within its own time;
    // a line its time left short gets at most as long again here (the
    // table holds most of it: milliseconds).
    let deadline = config.movetime.map(|t| Instant::now() + t);
    let mut cut = Vec::new();
    for line in analysis.lines.iter().take(lines) {
        let (whole, ended) = search::carried_on(&pos, line, &config, deadline);
        if !ended {
            cut.push((line.mv, whole.len(), line.depth));
        }
        let pv: Vec<String> = whole.iter().map(|&m| v.move_name(m)).collect();
        outln!(
            "move={} score={} depth={} pv={}",
            v.move_name(line.mv),
            score_text(line.score),
            line.depth,
            pv.join(" ")
        );
    }
    for (mv, len, depth) in cut {
        eprintln!(
            "info short_line={} plies={len} depth={depth} (its line stops before its depth while the game goes on: no time was left to search the rest again)",
            v.move_name(mv)
        );
    }
    if !analysis.undecided.is_empty() {
        let names: Vec<String> = analysis.undecided.iter().map(|&m| v.move_name(m)).collect();
        eprintln!(
            "info undecided={} (still sowing when the time ran out, so neither proved endless nor searched)",
            names.join(",")
        );
    }
    eprintln!(
        "info depth={} nodes={} moves_made={} time_ms={} nps={}",
        analysis.depth,
        analysis.nodes,
        analysis.moves_made,
        analysis.elapsed.as_millis(),
        analysis.nps()
    );
    Ok(())
}

/// A finished game's score for the side to move, as `analyse` prints
/// scores: En Gehé's final margin in seeds (remainder included, `-14.0`),
/// Bao la Kimasai's `win plies=0` or `loss plies=0` (decided, no ply to
/// go), a draw `0.0`; the value `solve` gives the same position.
fn final_score(pos: &Position, result: &GameResult) -> String {
    let me = pos.turn();
    match (result.score, result.winner) {
        (Some(score), _) => {
            let margin = i64::from(score[me.index()]) - i64::from(score[me.opponent().index()]);
            format!("{margin}.0")
        }
        (None, Some(w)) if w == me => "win plies=0".into(),
        (None, Some(_)) => "loss plies=0".into(),
        (None, None) => "0.0".into(),
    }
}

/// Options of `match`.
pub struct MatchArgs {
    pub a: Level,
    pub b: Level,
    /// At least 1, as `--games` is read.
    pub games: u32,
    pub movetime: u64,
    pub seed: u64,
    /// At least 1, as `--max-moves` is read.
    pub max_moves: u32,
}

/// Adjudication at the move cap: En Gehé as at a repetition (each side takes
/// the seeds in its own row, then the totals decide); Bao la Kimasai by
/// seeds owned (both own rows and reserve), equal is a draw.
/// Returns the winner and the totals it went by, as `South-North`.
fn adjudicate(pos: &Position) -> (Option<Side>, String) {
    let own = |s: Side| -> u32 {
        let row: u32 = pos.row(s).iter().map(|&c| c as u32).sum();
        match pos.variant() {
            Variant::EnGehe { .. } => row + pos.captured(s),
            Variant::BaoLaKimasai => row + pos.reserve(s),
        }
    };
    let (s, n) = (own(Side::South), own(Side::North));
    let winner = match s.cmp(&n) {
        std::cmp::Ordering::Greater => Some(Side::South),
        std::cmp::Ordering::Less => Some(Side::North),
        std::cmp::Ordering::Equal => None,
    };
    (winner, format!("{s}-{n}"))
}

pub fn play_match(args: &MatchArgs, game: &StartArgs) -> Result<(), CliError> {
    let options = game.options()?;
    let start = options.start()?;
    let movetime = Duration::from_millis(args.movetime.max(1));
    // One table per player, kept between its moves and cleared between games.
    let tables = [Arc::new(Table::new(16)), Arc::new(Table::new(16))];
    let (mut a_wins, mut draws, mut b_wins, mut total_moves) = (0u32, 0u32, 0u32, 0u64);
    let mut out = std::io::stdout().lock();
    for g in 0..args.games {
        let mut rng = rand::rngs::SmallRng::seed_from_u64(args.seed.wrapping_add(g as u64));
        // Player a takes South in even games, North in odd ones.
        let a_side = if g % 2 == 0 { Side::South } else { Side::North };
        let level_of = |s: Side| if s == a_side { args.a } else { args.b };
        let table_of = |s: Side| Arc::clone(&tables[(s != a_side) as usize]);
        for t in &tables {
            t.clear();
        }
        let mut record = Game::new(start);
        let winner: Option<Side>;
        let how: String;
        loop {
            if let Status::Over(result) = record.status() {
                winner = result.winner;
                how = result_words(&result);
                break;
            }
            if record.moves().len() as u32 >= args.max_moves {
                let totals;
                (winner, totals) = adjudicate(record.current());
                how = match record.current().variant() {
                    Variant::EnGehe { .. } => {
                        format!("{totals}, adjudicated at the move cap: each side took its own row")
                    }
                    Variant::BaoLaKimasai => {
                        format!("{totals} seeds owned, adjudicated at the move cap")
                    }
                };
                break;
            }
            let pos = *record.current();
            let side = pos.turn();
            let history = &record.positions()[..record.positions().len() - 1];
            let mv = choose_move(
                level_of(side),
                &pos,
                movetime,
                history,
                Some(table_of(side)),
                &mut rng,
            )
            .ok_or_else(|| CliError(format!("game {}: no move found in {pos}", g + 1)))?;
            let number = record.moves().len() + 1;
            record
                .play(mv)
                .map_err(|e| CliError(format!("game {}: move {number}: {e}", g + 1)))?;
        }
        let moves = record.moves().len() as u64;
        total_moves += moves;
        let result = match winner {
            Some(s) if s == a_side => {
                a_wins += 1;
                "a"
            }
            Some(_) => {
                b_wins += 1;
                "b"
            }
            None => {
                draws += 1;
                "draw"
            }
        };
        writeln!(
            out,
            "game={} south={} north={} winner={result} moves={moves} ({how})",
            g + 1,
            level_of(Side::South),
            level_of(Side::North),
        )
        .and_then(|()| out.flush())
        .map_err(super::write_error)?;
    }
    writeln!(
        out,
        "a_wins={a_wins} draws={draws} b_wins={b_wins} moves={total_moves}"
    )
    .map_err(super::write_error)?;
    Ok(())
}

fn result_words(result: &GameResult) -> String {
    match result.score {
        Some([s, n]) => format!("{s}-{n}, {}", result.reason_words()),
        None => result.reason_words(),
    }
}
