//! Reference counts of the game tree (like chess perft files), for both
//! games, both origin rules and both phases of Bao la Kimasai. For each
//! depth k the file `tests/data/perft.txt` gives, from its position:
//!
//! - `distinct`: distinct positions after exactly k moves,
//! - `paths`: move sequences of exactly k moves (chess's perft number),
//! - `endless`: candidate moves refused as endless (RULES.md: not legal)
//!   from the distinct positions after k − 1 moves.
//!
//! A finished position has no successors; repetition is not applied (a set
//! of positions has no history). Regenerate the file deliberately with
//! `PERFT_WRITE=1 cargo test --test perft`.
//!
//! The counts are checked three ways: the fast path; the traced path,
//! whose own lap-by-lap sowing must reach the fast path's board, capture,
//! reserve and turn (its endless verdicts are the fast path's); and a
//! small reference sower written here straight from RULES.md, which
//! shares no code with the engine but notation (it finds endless moves by
//! remembering every lap-start state, where the engine uses Brent's
//! algorithm in constant memory), to depth 7 (En Gehé) and 3 (Bao la
//! Kimasai) in the suite and to every depth of the file in
//! `the_reference_sower_gives_every_count_of_the_file` (ignored: minutes).

use maasai_mancala::engine::{GameKind, GameOptions, PlayError, Position, Setup, Side, notation};
use std::collections::{HashMap, HashSet};

const DATA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/perft.txt");

/// One depth's counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Level {
    distinct: u64,
    paths: u64,
    endless: u64,
}

/// The counts of 1..=depth moves, each position's successors (and how many
/// of its candidate moves were endless) given by `successors`.
fn count_levels<P: Clone + Eq + std::hash::Hash>(
    start: P,
    depth: usize,
    successors: impl Fn(&P) -> (Vec<P>, u64),
) -> Vec<Level> {
    // Each distinct position with the number of move sequences reaching it.
    let mut level: HashMap<P, u64> = HashMap::from([(start, 1)]);
    let mut counts = Vec::new();
    for _ in 0..depth {
        let mut next: HashMap<P, u64> = HashMap::new();
        let mut endless = 0;
        for (p, &paths) in &level {
            let (children, refused) = successors(p);
            endless += refused;
            for child in children {
                *next.entry(child).or_default() += paths;
            }
        }
        counts.push(Level {
            distinct: next.len() as u64,
            paths: next.values().sum(),
            endless,
        });
        level = next;
    }
    counts
}

/// The counts on the engine's fast path.
fn perft(start: Position, depth: usize) -> Vec<Level> {
    count_levels(start, depth, |p| {
        let children: Vec<Position> = p.successors().into_iter().map(|(_, q)| q).collect();
        // Every other candidate move is endless, unless an empty inner row
        // has already decided the game (Bao la Kimasai).
        let decided = !p.variant().is_en_gehe()
            && Side::BOTH
                .iter()
                .any(|&s| p.row(s)[..8].iter().all(|&c| c == 0));
        let endless = if decided {
            0
        } else {
            p.candidate_moves().count() - children.len()
        };
        (children, endless as u64)
    })
}

/// A Bao la Kimasai phase-2 position whose laps are longer than a side's
/// 16 holes: the origin rule changes them.
const BIG_LAPS: &str = "bao-la-kimasai south=20,1,0,2,1,0,3,1,0,0,2,0,0,1,0,0 north=2,1,18,0,1,2,0,1,1,0,0,3,0,0,0,2 reserve=0,0 turn=south opening=no";

fn cases() -> Vec<(Position, usize)> {
    let pos = |text: &str| notation::parse_position(text).unwrap();
    vec![
        (GameOptions::en_gehe(5).start().unwrap(), 10),
        // Small enough for endless moves to be met.
        (GameOptions::en_gehe(3).start().unwrap(), 12),
        // Laps longer than the track: origin=skip passes over the start.
        (
            pos("en-gehe south=6,6,6 north=6,6,6 captured=0,0 turn=south origin=skip"),
            8,
        ),
        // North first (option), sowing into the origin.
        (
            pos("en-gehe south=2,0,5,1 north=3,3,0,4 captured=1,2 turn=north"),
            10,
        ),
        // Phase 1 from the start: the opening move, then reserve seeds.
        (GameOptions::bao_la_kimasai().start().unwrap(), 6),
        // The last reserve seeds come in, then raids begin.
        (
            pos(
                "bao-la-kimasai south=1,5,2,0,3,0,3,0,4,1,5,1,2,4,1,0 north=1,4,1,0,0,2,2,0,5,4,2,1,3,0,4,3 reserve=1,1 turn=north opening=no",
            ),
            4,
        ),
        // Phase 2, raids (from a random game at its first move without
        // reserves).
        (
            pos(
                "bao-la-kimasai south=1,5,2,0,3,0,3,0,4,1,5,1,2,4,1,0 north=1,4,1,0,0,2,2,0,5,4,2,1,3,0,4,3 reserve=0,0 turn=north opening=no",
            ),
            5,
        ),
        // Phase 2 with an endless move at once (o8: a cycle of 288 laps).
        (
            pos(
                "bao-la-kimasai south=1,1,3,2,3,3,2,0,5,3,2,1,0,3,3,2 north=1,0,0,3,0,0,2,0,0,5,2,2,0,1,4,1 reserve=0,0 turn=south opening=no",
            ),
            4,
        ),
        // Raids and lifts of more than 16 seeds, with and without origin=skip.
        (pos(BIG_LAPS), 4),
        (pos(&format!("{BIG_LAPS} origin=skip")), 4),
    ]
}

#[test]
fn counts_match_the_reference_file() {
    let computed: Vec<(Position, Vec<Level>)> =
        cases().into_iter().map(|(p, d)| (p, perft(p, d))).collect();
    let mut text = String::from(
        "# For each position: after exactly k moves, the distinct positions,\n\
         # the move sequences (perft), and the endless moves refused from the\n\
         # positions after k-1 moves (k distinct paths endless).\n\
         # Finished positions have no successors; no repetition rule.\n",
    );
    for (p, counts) in &computed {
        text.push_str(&format!("{p}\n"));
        for (k, c) in counts.iter().enumerate() {
            text.push_str(&format!(
                "{} {} {} {}\n",
                k + 1,
                c.distinct,
                c.paths,
                c.endless
            ));
        }
    }
    if std::env::var_os("PERFT_WRITE").is_some() {
        std::fs::write(DATA, &text).unwrap();
        return;
    }
    let reference = std::fs::read_to_string(DATA).expect("tests/data/perft.txt");
    // Read the file back rather than comparing text, so a reordering of
    // cases or a comment does not matter.
    let mut expected: Vec<(Position, Vec<Level>)> = Vec::new();
    for line in reference
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let numbers: Vec<u64> = line
            .split(' ')
            .map_while(|t| t.parse::<u64>().ok())
            .collect();
        if let [k, distinct, paths, endless] = numbers[..] {
            let counts = &mut expected.last_mut().expect("a position first").1;
            assert_eq!(k as usize, counts.len() + 1, "depths in order");
            counts.push(Level {
                distinct,
                paths,
                endless,
            });
        } else {
            expected.push((notation::parse_position(line).unwrap(), Vec::new()));
        }
    }
    assert_eq!(computed, expected);
}

/// The same counts through the traced, seed-by-seed path: an independent
/// implementation of sowing, so the reference file is not merely the fast
/// path agreeing with itself.
#[test]
fn traced_path_reaches_the_same_positions() {
    for (start, depth) in cases() {
        let depth = depth.min(4);
        let traced = count_levels(start, depth, |p| {
            let mut endless = 0;
            let children = p
                .candidate_moves()
                .filter_map(|mv| match p.trace(mv) {
                    Ok(t) => Some(t),
                    Err(PlayError::Endless { .. }) => {
                        endless += 1;
                        None
                    }
                    // An empty inner row has decided the game.
                    Err(_) => None,
                })
                .map(|t| {
                    // The board the traced sowing reached (the capture is one step past the last seed).
                    assert_eq!(
                        &t.board_after_seeds(t.seeds_sown() + 1)[..],
                        t.after.board()
                    );
                    traced_counts_agree(p, &t);
                    t.after
                })
                .collect();
            (children, endless)
        });
        assert_eq!(traced, perft(start, depth), "{start}");
    }
}

/// What the trace's own sowing took and spent agrees with the position
/// the fast path gives: the capture, the reserve seed and the turn.
fn traced_counts_agree(before: &Position, t: &maasai_mancala::engine::MoveTrace) {
    let mover = before.turn();
    let captured = t.capture.map_or(0, |c| c.total);
    assert_eq!(
        t.after.captured(mover),
        before.captured(mover) + captured,
        "{before}"
    );
    assert_eq!(
        t.after.captured(mover.opponent()),
        before.captured(mover.opponent())
    );
    let spent = u32::from(t.reserve_seed.is_some());
    assert_eq!(
        t.after.reserve(mover) + spent,
        before.reserve(mover),
        "{before}"
    );
    assert_eq!(t.after.turn(), mover.opponent(), "{before}");
}

/// The counts from the reference sower below, to the depth where it stays
/// quick: it knows nothing of the engine but the notation it is given.
#[test]
fn a_sower_written_from_rules_md_gives_the_same_counts() {
    for (start, depth) in cases() {
        let depth = depth.min(if start.variant().is_en_gehe() { 7 } else { 3 });
        let reference = count_levels(Spec::from(&start), depth, Spec::successors);
        assert_eq!(reference, perft(start, depth), "{start}");
    }
}

/// [`a_sower_written_from_rules_md_gives_the_same_counts`] to the file's
/// full depths, so no count in it stands on the engine alone. Run with
/// `cargo test --release --test perft -- --ignored`.
#[test]
#[ignore = "minutes: the reference sower to the file's full depths"]
fn the_reference_sower_gives_every_count_of_the_file() {
    for (start, depth) in cases() {
        let reference = count_levels(Spec::from(&start), depth, Spec::successors);
        assert_eq!(reference, perft(start, depth), "{start}");
    }
}

/// A position as RULES.md describes it, for the reference sower.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Spec {
    en_gehe: bool,
    /// Each side's holes in its own sowing order (RULES.md notation).
    rows: [Vec<u32>; 2],
    captured: [u32; 2],
    reserve: [u32; 2],
    /// 0 South, 1 North.
    turn: usize,
    opening: bool,
    skip: bool,
}

impl From<&Position> for Spec {
    fn from(p: &Position) -> Spec {
        // Through the notation's text and the raw setup only.
        let s: Setup = p.to_string().parse().unwrap();
        let row = |r: &[u64]| r.iter().map(|&c| c as u32).collect();
        Spec {
            en_gehe: s.game == GameKind::EnGehe,
            rows: [row(&s.south), row(&s.north)],
            captured: s.captured.map(|c| c as u32),
            reserve: s.reserve.map(|c| c as u32),
            turn: (s.turn == Side::North) as usize,
            opening: s.opening,
            skip: s.origin == maasai_mancala::engine::OriginRule::Skip,
        }
    }
}

/// Laps after which the reference sower calls a move endless without
/// having seen it repeat (RULES.md's limit is far higher; the small cases
/// here repeat or end long before).
const SPEC_LAPS: usize = 1_000_000;

impl Spec {
    /// The positions after each legal move, and how many candidate moves
    /// were endless. None when the game is over.
    fn successors(&self) -> (Vec<Spec>, u64) {
        let me = self.turn;
        if !self.en_gehe {
            // RULES.md: the game is over once an inner row is empty.
            let inner_empty = |s: usize| self.rows[s][..8].iter().all(|&c| c == 0);
            if inner_empty(0) || inner_empty(1) {
                return (Vec::new(), 0);
            }
        }
        let mut out = Vec::new();
        let mut endless = 0;
        for hole in 0..self.rows[me].len() {
            if self.rows[me][hole] == 0 {
                continue;
            }
            let next = if self.en_gehe {
                self.en_gehe_move(hole)
            } else {
                self.bao_move(hole)
            };
            match next {
                Some(n) => out.push(n),
                None => endless += 1,
            }
        }
        (out, endless)
    }

    /// Sows `hand` seeds one a hole around a track of `len` holes, the
    /// first into `first`; with `skip` never into `origin` (the hole the
    /// lap started from). Returns the holes sown, in order.
    fn lap(len: usize, first: usize, hand: u32, skip: bool, origin: usize) -> Vec<usize> {
        let mut holes = Vec::new();
        let mut at = first;
        for i in 0..hand {
            if i > 0 {
                at = (at + 1) % len;
            }
            // The Bao la Kimasai raid's first seed goes into its origin,
            // the trigger hole; every later one passes it over.
            if skip && at == origin && (i > 0 || first != origin) {
                at = (at + 1) % len;
            }
            holes.push(at);
        }
        holes
    }

    /// En Gehé: the track is South's holes 1..N then North's 1..N.
    fn en_gehe_move(&self, hole: usize) -> Option<Spec> {
        let n = self.rows[0].len();
        let mut track: Vec<u32> = self.rows[0].iter().chain(&self.rows[1]).copied().collect();
        let mut at = self.turn * n + hole;
        let mut seen = HashSet::new();
        let last = loop {
            if !seen.insert((track.clone(), at)) || seen.len() > SPEC_LAPS {
                return None;
            }
            let hand = std::mem::take(&mut track[at]);
            let sown = Spec::lap(2 * n, (at + 1) % (2 * n), hand, self.skip, at);
            for &h in &sown {
                track[h] += 1;
            }
            let last = *sown.last().unwrap();
            if track[last] == 1 {
                break last;
            }
            at = last;
        };
        let mut next = self.clone();
        // South's hole h faces North's hole N+1-h.
        if last / n == self.turn {
            let h = last % n + 1;
            let facing = (1 - self.turn) * n + (n + 1 - h) - 1;
            if track[facing] > 0 {
                next.captured[self.turn] += track[facing] + 1;
                track[facing] = 0;
                track[last] = 0;
            }
        }
        next.rows = [track[..n].to_vec(), track[n..].to_vec()];
        next.turn = 1 - self.turn;
        next.opening = false;
        Some(next)
    }

    /// Bao la Kimasai: the mover sows round his own 16 holes (i1..i8,
    /// o8..o1); his iC faces the opponent's i(9-C).
    fn bao_move(&self, hole: usize) -> Option<Spec> {
        let me = self.turn;
        let mut own = self.rows[me].clone();
        let mut opp = self.rows[1 - me].clone();
        let mut next = self.clone();
        // The phase is judged when the move starts.
        let raids = self.reserve == [0, 0];
        if self.reserve[me] > 0 && !self.opening {
            next.reserve[me] -= 1;
            own[hole] += 1;
        }
        // (lap start hole, raid lap or not)
        let mut at = hole;
        let mut raid = false;
        let mut seen = HashSet::new();
        loop {
            if !seen.insert((own.clone(), opp.clone(), at, raid)) || seen.len() > SPEC_LAPS {
                return None;
            }
            let sown = if raid {
                let hand = std::mem::take(&mut opp[7 - at]);
                Spec::lap(16, at, hand, self.skip, at)
            } else {
                let hand = std::mem::take(&mut own[at]);
                Spec::lap(16, (at + 1) % 16, hand, self.skip, at)
            };
            for &h in &sown {
                own[h] += 1;
            }
            let last = *sown.last().unwrap();
            if own[last] == 1 {
                break;
            }
            raid = raids && last < 8 && opp[7 - last] > 0;
            at = last;
        }
        next.rows[me] = own;
        next.rows[1 - me] = opp;
        next.turn = 1 - me;
        next.opening = false;
        Some(next)
    }
}

/// The reference sower against hand-worked moves of RULES.md, so that its
/// agreement with the engine means something.
#[test]
fn the_reference_sower_plays_rules_md_by_hand() {
    let spec = |text: &str| Spec::from(&notation::parse_position(text).unwrap());
    // En Gehé: S1's seed relays from S2 and ends in the empty S4, facing N1.
    let (next, endless) =
        spec("en-gehe south=1,1,0,0 north=3,0,0,0 captured=0,0 turn=south").successors();
    assert_eq!(endless, 0);
    assert_eq!(
        next[0],
        spec("en-gehe south=0,0,1,0 north=0,0,0,0 captured=4,0 turn=north")
    );
    // Both of South's moves are endless (tests/rules.rs).
    let (next, endless) =
        spec("en-gehe south=3,8,0 north=1,0,4 captured=0,0 turn=south").successors();
    assert!(next.is_empty());
    assert_eq!(endless, 2);
    // Bao la Kimasai's opening i3: relays from i4, i6, i8, ends in o7.
    let (next, _) = spec(&GameOptions::bao_la_kimasai().start().unwrap().to_string()).successors();
    assert_eq!(
        next[2],
        spec(
            "bao-la-kimasai south=1,1,0,0,2,0,2,0,1,1,0,0,0,0,0,0 north=1,1,1,1,1,1,1,1,0,0,0,0,0,0,0,0 reserve=24,24 turn=north opening=no"
        )
    );
}
