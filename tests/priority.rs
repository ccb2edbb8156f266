//! Long work beside the window runs at a lower priority than the window's
//! own thread once the window asks for it (`priority::lower_workers`): at
//! one priority, typed keys showed 1 to 3 s late while the solver and the
//! council both ran on a 2-core machine (with a build beside them). Its
//! own test binary: the request holds for the whole process. Linux only,
//! where each thread has a nice value of its own.
#![cfg(target_os = "linux")]

use maasai_mancala::engine::notation::parse_position;
use maasai_mancala::priority::{self, WORKER_NICENESS};
use maasai_mancala::search::{SearchConfig, SearchHandle};

fn niceness_of_a_worker() -> i32 {
    std::thread::spawn(|| {
        priority::as_worker();
        priority::current_niceness()
    })
    .join()
    .unwrap()
}

/// The nice values of this process's threads named `name`.
fn niceness_of_threads(name: &str) -> Vec<i32> {
    let mut found = Vec::new();
    for task in std::fs::read_dir("/proc/self/task").unwrap().flatten() {
        let comm = std::fs::read_to_string(task.path().join("comm")).unwrap_or_default();
        if comm.trim() != name {
            continue;
        }
        let stat = std::fs::read_to_string(task.path().join("stat")).unwrap_or_default();
        // After "(comm)": state is field 3, nice field 19.
        let Some((_, rest)) = stat.rsplit_once(") ") else {
            continue;
        };
        if let Some(nice) = rest.split_whitespace().nth(16) {
            found.push(nice.parse().unwrap());
        }
    }
    found
}

#[test]
fn workers_run_below_the_window_once_it_asks_and_the_window_keeps_its_own() {
    let base = priority::current_niceness();
    // Not asked (the command line): a worker keeps its priority.
    assert_eq!(niceness_of_a_worker(), base);

    priority::lower_workers();
    let lowered = (base + WORKER_NICENESS).min(19);
    assert_eq!(niceness_of_a_worker(), lowered);
    // The asking thread keeps its own.
    assert_eq!(priority::current_niceness(), base);
    // A worker started by a worker is at the same level, not lower again.
    let nested = std::thread::spawn(|| {
        priority::as_worker();
        niceness_of_a_worker()
    })
    .join()
    .unwrap();
    assert_eq!(nested, lowered);

    // The search's threads lower themselves.
    {
        let pos = parse_position(
            "en-gehe south=4,4,4,4,4,4,4,4,4,4 north=4,4,4,4,4,4,4,4,4,4 captured=0,0 turn=south",
        )
        .unwrap();
        let handle = SearchHandle::start(
            pos,
            SearchConfig {
                movetime: Some(std::time::Duration::from_secs(30)),
                ..SearchConfig::default()
            },
        );
        let mut seen = Vec::new();
        for _ in 0..200 {
            seen = niceness_of_threads("search-0");
            if !seen.is_empty() && seen.iter().all(|&n| n == lowered) {
                break;
            }
            std::thread::sleep(std::time::Duration::from_millis(10));
        }
        handle.stop();
        assert!(!seen.is_empty(), "no search thread seen");
        assert!(seen.iter().all(|&n| n == lowered), "{seen:?}");

        // And the solver's (its main thread and its helper).
        let start = maasai_mancala::engine::GameOptions::en_gehe(50)
            .start()
            .unwrap();
        let session = maasai_mancala::solver::Session::within_memory();
        // The helper runs where there is a second core.
        let threads = std::thread::available_parallelism().map_or(1, |n| n.get().min(2));
        let handle = session.solve(Vec::new(), start);
        let mut seen = Vec::new();
        // (Both come within a second on a quiet machine; a loaded one may
        // take longer to start the helper's first pass.)
        for _ in 0..3000 {
            seen = [
                niceness_of_threads("solver"),
                niceness_of_threads("solver helper"),
            ]
            .concat();
            if seen.len() == threads && seen.iter().all(|&n| n == lowered) {
                break;
            }
            std::thread::sleep(std::time::Duration::from_millis(10));
        }
        handle.cancel();
        assert!(
            seen.len() == threads && seen.iter().all(|&n| n == lowered),
            "{seen:?}"
        );
    }
}
