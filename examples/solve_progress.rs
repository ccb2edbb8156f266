//! Solves one position and prints the MTD(f) passes as they are proved
//! (bounds, nodes, time), and when the value is proved (what follows is
//! reading the principal line): for studying where a hard solve spends
//! its time. It looks every 20 ms, so passes that begin and end between
//! two looks are not printed (the stats line at the end counts every
//! pass); the slow passes, which this is for, all are.
//!
//! `cargo run --release --example solve_progress -- "POSITION" [LIMIT_SECONDS] [TABLE_BITS] [THREADS]`

use maasai_mancala::engine::notation;
use maasai_mancala::solver::{Session, Solver};
use std::time::{Duration, Instant};

const USAGE: &str = "usage: solve_progress \"POSITION\" [LIMIT_SECONDS] [TABLE_BITS] [THREADS]";

/// Ends the run with what was wrong with the arguments and how they go.
fn refuse(problem: &str) -> ! {
    eprintln!("solve_progress: {problem}\n{USAGE}");
    std::process::exit(2);
}

/// The optional number at `args[i]`, or `default`; a word that is not one,
/// or one `fits` refuses, is refused with what is `allowed`, not read as
/// the default.
fn number<T: std::str::FromStr + Copy>(
    args: &[String],
    i: usize,
    what: &str,
    allowed: &str,
    default: T,
    fits: impl Fn(T) -> bool,
) -> T {
    match args.get(i) {
        None => default,
        Some(s) => match s.parse() {
            Ok(n) if fits(n) => n,
            _ => refuse(&format!("{what} cannot be \"{s}\": {allowed}")),
        },
    }
}

fn main() {
    // `solve_progress … | head` ends quietly when head has read enough.
    maasai_mancala::cli::quiet_on_closed_pipe();
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(text) = args.first() else {
        refuse("no position given");
    };
    if args.len() > 4 {
        refuse(&format!("unexpected \"{}\"", args[4]));
    }
    let limit: f64 = number(
        &args,
        1,
        "LIMIT_SECONDS",
        "a number of seconds above 0",
        60.0,
        |s: f64| s > 0.0 && Duration::try_from_secs_f64(s).is_ok(),
    );
    let range = maasai_mancala::solver::TABLE_BITS;
    let bits: u32 = number(
        &args,
        2,
        "TABLE_BITS",
        &format!("a whole number from {} to {}", range.start(), range.end()),
        22,
        |b| range.contains(&b),
    );
    let threads: usize = number(&args, 3, "THREADS", "1 or 2", 2, |t| (1..=2).contains(&t));
    let pos =
        notation::parse_position(text).unwrap_or_else(|e| refuse(&format!("the position: {e}")));
    let solver = Solver::try_with_table_bits(bits)
        .unwrap_or_else(|e| refuse(&format!("TABLE_BITS {bits}: {e}")))
        .with_threads(threads);
    let session = Session::with_solver(solver);
    let began = Instant::now();
    let handle = session.solve(Vec::new(), pos);
    let mut last = 0;
    let mut proved = false;
    while !handle.is_finished() && began.elapsed() < Duration::from_secs_f64(limit) {
        std::thread::sleep(Duration::from_millis(20));
        let p = handle.progress();
        if p.done && !proved {
            proved = true;
            println!(
                "value proved: {:?} nodes={} t={:.2}s; reading the principal line",
                p.lower.map(|v| v.word()),
                p.nodes,
                began.elapsed().as_secs_f64()
            );
        }
        if p.iteration != last {
            last = p.iteration;
            println!(
                "pass {:>2}: [{:?}, {:?}] nodes={} t={:.2}s",
                p.iteration,
                p.lower.map(|v| v.word()),
                p.upper.map(|v| v.word()),
                p.nodes,
                began.elapsed().as_secs_f64()
            );
        }
    }
    handle.cancel();
    match handle.wait() {
        Ok(s) => println!(
            "value={} nodes={} time={:.3}s pv_len={}",
            s.value,
            s.nodes,
            s.elapsed.as_secs_f64(),
            s.pv.len()
        ),
        Err(_) => println!("not solved within {limit}s"),
    }
    println!("{:?}", session.solver().last_stats());
}
