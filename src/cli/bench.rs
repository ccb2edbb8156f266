//! `bench`: the engine's and the solver's speed on this machine.
//!
//! - Playouts (the default): random games on 2×50 En Gehé and on Bao la
//!   Kimasai, one line each:
//!   `LABEL: games=G moves=M seconds=S moves_per_second=R [cpu_seconds=C moves_per_cpu_second=R]`.
//! - `--solver`: exact solves of 2×50 En Gehé endgames by seed count, each
//!   with a fresh table and a time limit: one line per position, a summary
//!   line per seed count, then the README's table (how many are solved
//!   within 10 s and within the limit). With `--bao`, Bao la Kimasai
//!   positions 20, 40, 60 and 80 plies into games of random moves instead.

use super::CliError;
use crate::engine::{GameOptions, playout};
use crate::solver::{Session, Solver, Stats, no_result_within};
use crate::study::generate::{reference_bao, reference_endgame};
use rand::SeedableRng;
use rand::rngs::SmallRng;
use std::time::{Duration, Instant};

/// `seconds` is at least [`super::BENCH_MIN_SECONDS`] (as `--seconds` is
/// read), long enough to finish games and read the clocks.
pub fn playouts(seconds: f64) -> Result<(), CliError> {
    for (label, start) in [
        ("en-gehe 2x50", GameOptions::en_gehe(50).start()?),
        ("bao-la-kimasai", GameOptions::bao_la_kimasai().start()?),
    ] {
        let mut rng = SmallRng::seed_from_u64(2026);
        let (mut games, mut moves) = (0u64, 0u64);
        let began = Instant::now();
        let cpu_began = thread_cpu_seconds();
        // The clock is read inside games too: one long game, or one move
        // proved endless, may take seconds.
        let running = || began.elapsed().as_secs_f64() < seconds;
        while running() {
            let mut pos = start;
            let p = playout::random_playout_until(&mut pos, &mut rng, 10_000, running);
            // A game cut short by the clock is not counted; its moves are.
            games += u64::from(!p.stopped);
            moves += p.moves as u64;
        }
        let secs = began.elapsed().as_secs_f64();
        let mut line = format!(
            "{label}: games={games} moves={moves} seconds={secs:.2} moves_per_second={:.0}",
            moves as f64 / secs
        );
        // On a busy machine wall time undercounts the engine; CPU time of
        // this thread says what one core really does (where the system
        // counted any: it adds it up at its ticks, not at every move).
        if let (Some(a), Some(b)) = (cpu_began, thread_cpu_seconds())
            && b > a
        {
            line.push_str(&format!(
                " cpu_seconds={:.2} moves_per_cpu_second={:.0}",
                b - a,
                moves as f64 / (b - a)
            ));
        }
        outln!("{line}");
    }
    Ok(())
}

/// CPU time this thread has run, where the system tells it (Linux).
fn thread_cpu_seconds() -> Option<f64> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let ns: f64 = text.split_whitespace().next()?.parse().ok()?;
    Some(ns / 1e9)
}

/// `--positions`: at most a thousand per seed count (position `k` of a
/// count is seeded apart from every other count's up to this).
const MAX_POSITIONS: u64 = 1000;

/// `--min-seeds`, `--max-seeds`: at most this many seeds on the board.
const MAX_SEEDS: u64 = 400;
const SEEDS: &str = "a number of seeds";

/// `bench --solver --bao`: how far into a game its positions are.
const BAO_PLIES: [u32; 4] = [20, 40, 60, 80];

/// What `bench --solver` measures.
#[derive(clap::Args, Clone, Debug)]
pub struct SolverBench {
    /// --solver: seconds each solve may take.
    #[arg(long, requires = "solver", default_value = "60", value_name = "SECONDS", value_parser = super::seconds_limit, allow_negative_numbers = true)]
    pub limit: Duration,
    /// --solver: positions per seed count, 1 to 1000.
    #[arg(long, requires = "solver", default_value_t = 5, value_parser = super::whole::<u64>("a number of positions", 1, MAX_POSITIONS), allow_negative_numbers = true)]
    pub positions: u64,
    /// --solver: the fewest seeds on the board, 2 to 400 (counts go up in
    /// steps of 2; En Gehé only, refused with --bao, whose positions go by
    /// plies).
    #[arg(long, requires = "solver", conflicts_with = "bao", default_value_t = 10, value_parser = super::whole::<u32>(SEEDS, 2, MAX_SEEDS), allow_negative_numbers = true)]
    pub min_seeds: u32,
    /// --solver: the most seeds on the board, 2 to 400 (En Gehé only).
    #[arg(long, requires = "solver", conflicts_with = "bao", default_value_t = 16, value_parser = super::whole::<u32>(SEEDS, 2, MAX_SEEDS), allow_negative_numbers = true)]
    pub max_seeds: u32,
    /// --solver: endgames reached in games between greedy players with
    /// 30 % random moves, instead of seeds scattered at random.
    #[arg(long, requires = "solver")]
    pub played: bool,
    /// --solver: Bao la Kimasai positions 20, 40, 60 and 80 plies into
    /// games of random moves (herding, the phase change, raiding) instead.
    #[arg(long, requires = "solver", conflicts_with = "played")]
    pub bao: bool,
    /// --solver: print the positions without solving them.
    #[arg(long, requires = "solver")]
    pub list: bool,
    /// --solver: print each solve's search counters.
    #[arg(long, requires = "solver")]
    pub stats: bool,
    /// --solver: solving threads, 1 or 2.
    #[arg(long, requires = "solver", value_parser = super::solver_threads(), allow_negative_numbers = true)]
    pub threads: Option<u32>,
    /// --solver: a fresh table of 2^B buckets (64 bytes each) per solve
    /// (4 to 30; 24 is 1 GiB).
    #[arg(long, requires = "solver", value_name = "B", default_value_t = 22, value_parser = super::table_bits(), allow_negative_numbers = true)]
    pub table_bits: u32,
}

pub fn solver(b: &SolverBench) -> Result<(), CliError> {
    // Each is within 2 to 400 as read; together they must make a range.
    if b.min_seeds > b.max_seeds {
        return Err(CliError(format!(
            "--min-seeds/--max-seeds: a range within 2 to {MAX_SEEDS} seeds, not {} to {}",
            b.min_seeds, b.max_seeds
        )));
    }
    // Refused before the header: nothing is printed of a bench that cannot run.
    if !b.list {
        Solver::check_table_bits(b.table_bits)
            .map_err(|e| CliError(format!("--table-bits {}: {e}", b.table_bits)))?;
    }
    let limit = b.limit.as_secs_f64();
    let n = b.positions;
    // "Within 10 s" is a column of its own only when solves may run
    // longer (at 10 s it was the same column twice).
    let ten = limit > 10.0;
    // Rows of the table: seeds on the board, or plies into a Bao la
    // Kimasai game.
    // With --list, the positions alone, one a line (for `solve` to read).
    let (groups, row_name, key): (Vec<u32>, _, _) = if b.bao {
        if !b.list {
            outln!(
                "bao-la-kimasai positions from games of random moves, {n} per ply count, limit {limit} s per solve"
            );
        }
        (BAO_PLIES.to_vec(), "plies into the game", "plies")
    } else {
        if !b.list {
            outln!(
                "{} 2x50 en-gehe endgames, {n} per seed count, limit {limit} s per solve",
                if b.played { "played" } else { "scattered" }
            );
        }
        // Every second count, and the last asked for (5 to 6 left out 6).
        let mut counts: Vec<_> = (b.min_seeds..=b.max_seeds).step_by(2).collect();
        if counts.last() != Some(&b.max_seeds) {
            counts.push(b.max_seeds);
        }
        (counts, "seeds on the board", "seeds")
    };
    let mut table = Vec::new();
    for group in groups {
        let mut times = Vec::new();
        // Bao la Kimasai, unsolved: plies within which neither side wins.
        let mut horizons = Vec::new();
        for k in 0..n {
            let found = if b.bao {
                reference_bao(group as usize, k)
            } else {
                reference_endgame(group, k, b.played)
            };
            let Some(pos) = found else {
                return Err(CliError(format!(
                    "no game of a thousand got down to {group} {key}"
                )));
            };
            if b.list {
                outln!("{pos}");
                continue;
            }
            let mut solver = Solver::try_with_table_bits(b.table_bits)
                .map_err(|e| CliError(format!("--table-bits {}: {e}", b.table_bits)))?;
            if let Some(t) = b.threads {
                solver = solver.with_threads(t as usize);
            }
            let session = Session::with_solver(solver);
            let handle = session.solve(Vec::new(), pos);
            match handle.finish_within(b.limit) {
                Ok(s) => {
                    times.push(s.elapsed.as_secs_f64());
                    let plies = s
                        .value
                        .plies()
                        .map_or(String::new(), |d| format!(" plies={d}"));
                    outln!(
                        "  {key}={group} #{k} ({} seeds on the board): value={}{plies} nodes={} time={:.3}s",
                        pos.board_seeds(),
                        s.value.word(),
                        s.nodes,
                        s.elapsed.as_secs_f64()
                    );
                }
                Err(p) if b.bao => {
                    let (lower, upper) = p.bounds(&pos);
                    if let Some(plies) = no_result_within(lower, upper) {
                        horizons.push(plies);
                    }
                    outln!(
                        "  {key}={group} #{k}: not solved within {limit}s (proved {}, {})  {pos}",
                        lower.describe_bound(true),
                        upper.describe_bound(false)
                    );
                }
                Err(_) => outln!("  {key}={group} #{k}: not solved within {limit}s  {pos}"),
            }
            if b.stats {
                outln!("    {}", stats_words(&session.solver().last_stats()));
            }
        }
        if b.list {
            continue;
        }
        times.sort_by(f64::total_cmp);
        let within10 = times.iter().filter(|&&t| t <= 10.0).count();
        let slowest = times.last().copied();
        outln!(
            "{key}={group}: {}within {limit}s {}/{n}, slowest solved {}",
            if ten {
                format!("within 10s {within10}/{n}, ")
            } else {
                String::new()
            },
            times.len(),
            slowest.map_or("-".into(), |t| format!("{t:.3}s"))
        );
        table.push((group, within10, times.len(), slowest, horizons));
    }
    if b.list {
        return Ok(());
    }
    outln!();
    // Bao la Kimasai: how deep the deepening got on the unsolved.
    let (extra_head, extra_rule) = if b.bao {
        (" unsolved: no win or loss within (plies) |", "---|")
    } else {
        ("", "")
    };
    if ten {
        outln!(
            "| {row_name} | solved within 10 s | solved within {limit} s | slowest solved |{extra_head}"
        );
        outln!("|---|---|---|---|{extra_rule}");
    } else {
        outln!("| {row_name} | solved within {limit} s | slowest solved |{extra_head}");
        outln!("|---|---|---|{extra_rule}");
    }
    for (group, within10, solved, slowest, horizons) in table {
        let within10 = if ten {
            format!(" {within10}/{n} |")
        } else {
            String::new()
        };
        let extra = if b.bao {
            let listed: Vec<String> = horizons.iter().map(|h| h.to_string()).collect();
            let listed = if listed.is_empty() {
                "—".to_string()
            } else {
                listed.join(", ")
            };
            format!(" {listed} |")
        } else {
            String::new()
        };
        outln!(
            "| {group} |{within10} {solved}/{n} | {} |{extra}",
            slowest.map_or("—".into(), |t| format!("{t:.3} s"))
        );
    }
    Ok(())
}

/// A solve's search counters as `key=value` fields, in the form of every
/// other line the command line prints (`nodes=8 repetitions=0 probes=8
/// …`); each key is the counter's name in [`Stats`]. Taken apart field by
/// field, so a counter added to [`Stats`] cannot be left out unseen.
fn stats_words(stats: &Stats) -> String {
    let Stats {
        nodes,
        repetitions,
        probes,
        probe_hits,
        table_cuts,
        ceiling_cuts,
        etc_cuts,
        deferred,
        line_dependent,
        max_ply,
        passes,
        restarts,
        extremes_dropped,
        unsettled,
        settled_late,
    } = *stats;
    [
        ("nodes", nodes),
        ("repetitions", repetitions),
        ("probes", probes),
        ("probe_hits", probe_hits),
        ("table_cuts", table_cuts),
        ("ceiling_cuts", ceiling_cuts),
        ("etc_cuts", etc_cuts),
        ("deferred", deferred),
        ("line_dependent", line_dependent),
        ("max_ply", max_ply),
        ("passes", passes),
        ("restarts", restarts),
        ("extremes_dropped", extremes_dropped),
        ("unsettled", unsettled),
        ("settled_late", settled_late),
    ]
    .iter()
    .map(|(key, value)| format!("{key}={value}"))
    .collect::<Vec<_>>()
    .join(" ")
}
