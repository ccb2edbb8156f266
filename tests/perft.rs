//! Reference counts of reachable positions (like chess perft files): the
//! number of distinct positions after exactly k moves from the start, for
//! 2×5 En Gehé and for Bao la Kimasai. The counts live in
//! `tests/data/perft.txt`; regenerate them deliberately with
//! `PERFT_WRITE=1 cargo test --test perft`.
//!
//! A finished position has no successors; repetition is not applied (a set
//! of positions has no history).

use maasai_mancala::engine::{GameOptions, Position, notation};
use std::collections::HashSet;

const DATA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/perft.txt");

/// Distinct positions after 1..=depth moves, each level's successors given
/// by `successors`.
fn count_levels(
    start: Position,
    depth: usize,
    successors: impl Fn(&Position) -> Vec<Position>,
) -> Vec<usize> {
    let mut level: HashSet<Position> = HashSet::from([start]);
    let mut counts = Vec::new();
    for _ in 0..depth {
        let next: HashSet<Position> = level.iter().flat_map(&successors).collect();
        counts.push(next.len());
        level = next;
    }
    counts
}

/// Distinct positions after 1..=depth moves, on the fast path.
fn perft(start: Position, depth: usize) -> Vec<usize> {
    count_levels(start, depth, |p| {
        p.legal_moves()
            .into_iter()
            .map(|mv| p.try_play(mv).expect("legal"))
            .collect()
    })
}

/// The same counts through the traced, seed-by-seed path: an independent
/// implementation of sowing, so the reference file is not merely the fast
/// path agreeing with itself.
#[test]
fn traced_path_reaches_the_same_positions() {
    for (start, depth) in cases() {
        let depth = depth.min(4);
        let traced = count_levels(start, depth, |p| {
            p.candidate_moves()
                .filter_map(|mv| p.trace(mv).ok())
                .map(|t| {
                    // The board the traced sowing reached (the capture is one step past the last seed).
                    assert_eq!(
                        &t.board_after_seeds(t.seeds_sown() + 1)[..],
                        t.after.board()
                    );
                    t.after
                })
                .collect()
        });
        assert_eq!(traced, perft(start, depth));
    }
}

fn cases() -> Vec<(Position, usize)> {
    vec![
        (GameOptions::en_gehe(5).start().unwrap(), 10),
        (GameOptions::bao_la_kimasai().start().unwrap(), 6),
    ]
}

#[test]
fn reachable_position_counts_match_the_reference_file() {
    let computed: Vec<(Position, Vec<usize>)> =
        cases().into_iter().map(|(p, d)| (p, perft(p, d))).collect();
    let mut text = String::from(
        "# Distinct positions after exactly k moves from the start (k count).\n\
         # Finished positions have no successors; no repetition rule.\n",
    );
    for (p, counts) in &computed {
        text.push_str(&format!("{p}\n"));
        for (k, c) in counts.iter().enumerate() {
            text.push_str(&format!("{} {c}\n", k + 1));
        }
    }
    if std::env::var_os("PERFT_WRITE").is_some() {
        std::fs::write(DATA, &text).unwrap();
        return;
    }
    let reference = std::fs::read_to_string(DATA).expect("tests/data/perft.txt");
    // Read the file back rather than comparing text, so a reordering of
    // cases or a comment does not matter.
    let mut expected: Vec<(Position, Vec<usize>)> = Vec::new();
    for line in reference
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        if let Some((k, c)) = line.split_once(' ')
            && let (Ok(k), Ok(c)) = (k.parse::<usize>(), c.parse::<usize>())
        {
            let counts = &mut expected.last_mut().expect("a position first").1;
            assert_eq!(k, counts.len() + 1, "depths in order");
            counts.push(c);
        } else {
            expected.push((notation::parse_position(line).unwrap(), Vec::new()));
        }
    }
    assert_eq!(computed, expected);
}
