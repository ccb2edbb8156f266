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

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(text) = args.first() else {
        eprintln!("usage: solve_progress \"POSITION\" [LIMIT_SECONDS] [TABLE_BITS] [THREADS]");
        std::process::exit(2);
    };
    let limit: f64 = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(60.0);
    let bits: u32 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(22);
    let threads: usize = args.get(3).and_then(|s| s.parse().ok()).unwrap_or(2);
    let pos = match notation::parse_position(text) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(2);
        }
    };
    let session = Session::with_solver(Solver::with_table_bits(bits).with_threads(threads));
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
