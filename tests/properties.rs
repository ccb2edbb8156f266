//! Property tests: seeds are never created or lost, notation round-trips,
//! no legal move is endless, endless moves are refused, and the traced
//! (seed-by-seed) path agrees with the fast (bulk) path.

use maasai_mancala::engine::{
    Game, GameKind, MAX_TOTAL_SEEDS, Move, OriginRule, PlayError, Position, Setup, Side, Status,
    notation,
};
use proptest::prelude::*;

/// Random positions of both games, small enough that every move is quick
/// to decide, with both origin rules. Weighted towards the cases the rules
/// treat apart: En Gehé rows up to 2×50 and a heavy hole whose laps run
/// past their origin (where `origin=skip` matters); Bao la Kimasai with
/// both reserves empty half the time (raids), sparse rows, and an empty
/// inner row now and then (the game over).
fn any_position() -> impl Strategy<Value = Position> {
    let en_gehe = (
        prop_oneof![3 => 3usize..=12, 1 => 40usize..=50],
        0u64..=6,
        any::<bool>(),
        any::<bool>(),
        0u64..20,
        0u64..20,
        // A hole of South's given about as many seeds as the track has
        // holes (2n), a few fewer or more, if any.
        prop::option::weighted(0.3, (any::<prop::sample::Index>(), 0u64..=6)),
    )
        .prop_flat_map(|(n, max, north, skip, cs, cn, heavy)| {
            (
                prop::collection::vec(0..=max, n),
                prop::collection::vec(0..=max, n),
                Just((north, skip, cs, cn, heavy)),
            )
        })
        .prop_map(|(mut south, north, (turn, skip, cs, cn, heavy))| {
            if let Some((at, seeds)) = heavy {
                let n = south.len();
                south[at.index(n)] = 2 * n as u64 - 3 + seeds;
            }
            Setup {
                game: GameKind::EnGehe,
                south,
                north,
                captured: [cs, cn],
                reserve: [0, 0],
                turn: if turn { Side::North } else { Side::South },
                opening: false,
                origin: if skip {
                    OriginRule::Skip
                } else {
                    OriginRule::SowInto
                },
            }
        });
    // Sparse or full holes alike.
    let hole = || prop_oneof![2 => Just(0u64), 3 => 0u64..=5];
    let bao = (
        prop::collection::vec(hole(), 16),
        prop::collection::vec(hole(), 16),
        prop_oneof![Just((0u64, 0u64)), (0u64..4, 0u64..4)],
        any::<bool>(),
        any::<bool>(),
        any::<bool>(),
        // An inner row emptied: none, South's or North's.
        prop_oneof![6 => Just(None), 1 => Just(Some(0usize)), 1 => Just(Some(1usize))],
    )
        .prop_map(
            |(mut south, mut north, (rs, rn), turn, opening, skip, emptied)| {
                match emptied {
                    Some(0) => south[..8].fill(0),
                    Some(_) => north[..8].fill(0),
                    None => {}
                }
                Setup {
                    game: GameKind::BaoLaKimasai,
                    south,
                    north,
                    captured: [0, 0],
                    reserve: [rs, rn],
                    turn: if turn { Side::North } else { Side::South },
                    opening,
                    origin: if skip {
                        OriginRule::Skip
                    } else {
                        OriginRule::SowInto
                    },
                }
            },
        );
    prop_oneof![en_gehe, bao].prop_map(|s| s.validate().expect("generated setups are valid"))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    #[test]
    fn seeds_are_never_created_or_lost(p in any_position()) {
        for mv in p.legal_moves() {
            let next = p.try_play(mv).unwrap();
            prop_assert_eq!(next.total_seeds(), p.total_seeds(), "move {:?} on {}", mv, p);
        }
    }

    #[test]
    fn notation_round_trips(p in any_position()) {
        let text = p.to_string();
        let back = notation::parse_position(&text).unwrap();
        prop_assert_eq!(back, p);
        prop_assert_eq!(back.to_string(), text);
    }

    #[test]
    fn notation_reads_tokens_in_any_order(p in any_position(), rot in 0usize..8) {
        let text = p.to_string();
        let mut tokens: Vec<&str> = text.split(' ').collect();
        let k = rot % tokens.len();
        tokens.rotate_left(k);
        let back = notation::parse_position(&tokens.join(" ")).unwrap();
        prop_assert_eq!(back, p);
    }

    #[test]
    fn no_legal_move_is_endless_and_endless_moves_are_refused(p in any_position()) {
        let (legal, endless) = p.classify_moves();
        for mv in legal {
            prop_assert!(p.try_play(mv).is_ok());
        }
        for mv in endless {
            let refused = matches!(p.try_play(mv), Err(PlayError::Endless { .. }));
            prop_assert!(refused);
        }
    }

    #[test]
    fn traced_path_agrees_with_fast_path(p in any_position()) {
        for mv in p.legal_moves() {
            let fast = p.try_play(mv).unwrap();
            let trace = p.trace(mv).unwrap();
            prop_assert_eq!(trace.after, fast);
            // `after` is the fast path's; what the trace's own sowing took
            // and spent is checked against it.
            let mover = p.turn();
            let captured = trace.capture.map_or(0, |c| c.total);
            prop_assert_eq!(fast.captured(mover), p.captured(mover) + captured);
            prop_assert_eq!(fast.captured(mover.opponent()), p.captured(mover.opponent()));
            let spent = u32::from(trace.reserve_seed.is_some());
            prop_assert_eq!(fast.reserve(mover) + spent, p.reserve(mover));
            prop_assert_eq!(fast.turn(), mover.opponent());
            let sown = trace.seeds_sown();
            // The final capture counts as one step after the last seed.
            prop_assert_eq!(&trace.board_after_seeds(sown + 1)[..], fast.board());
            // Every lap but the last ends on an occupied hole; the last on an empty one.
            let n = trace.laps.len();
            for (i, lap) in trace.laps.iter().enumerate() {
                prop_assert_eq!(lap.sown.len() as u32, lap.seeds);
                let ends = matches!(lap.end, maasai_mancala::engine::LapEnd::Ends { .. });
                prop_assert_eq!(ends, i + 1 == n);
            }
        }
    }

    #[test]
    fn a_lap_s_holes_agree_seed_by_seed_with_the_board_after_each_seed(p in any_position()) {
        // Laps are not listed seed by seed but worked out (`Sown`), and
        // boards part-way through a lap are added a round at a time: both
        // against a seed-by-seed replay of the holes the laps name.
        use maasai_mancala::engine::LapKind;
        let lifted = |kind: LapKind| match kind {
            LapKind::Lift { from } | LapKind::Raid { from, .. } => from,
        };
        for mv in p.legal_moves() {
            let trace = p.trace(mv).unwrap();
            if trace.seeds_sown() > 3000 {
                continue;
            }
            let mut board = trace.board_after_seeds(0);
            let mut step = 0u64;
            for (i, lap) in trace.laps.iter().enumerate() {
                prop_assert_eq!(lap.sown.last(), Some(lap.end.hole()));
                prop_assert_eq!(lap.sown.iter().count(), lap.sown.len());
                board[lifted(lap.kind)] = 0;
                for (k, h) in lap.sown.iter().enumerate() {
                    board[h] += 1;
                    step += 1;
                    let mut expected = board.clone();
                    // With a lap's last seed the next lap's hole is lifted.
                    if k + 1 == lap.sown.len()
                        && let Some(next) = trace.laps.get(i + 1)
                    {
                        expected[lifted(next.kind)] = 0;
                    }
                    prop_assert_eq!(trace.board_after_seeds(step), expected);
                }
            }
        }
    }

    #[test]
    fn finished_positions_refuse_every_move(p in any_position()) {
        if let Status::Over(_) = p.status() {
            prop_assert!(p.legal_moves().is_empty());
        } else {
            prop_assert!(!p.legal_moves().is_empty());
        }
    }

    #[test]
    fn random_games_conserve_seeds(seed in any::<u64>(), holes in 3u8..=20, bao in any::<bool>()) {
        use rand::{Rng, SeedableRng};
        let options = if bao {
            maasai_mancala::engine::GameOptions::bao_la_kimasai()
        } else {
            maasai_mancala::engine::GameOptions::en_gehe(holes)
        };
        let mut game = maasai_mancala::engine::Game::new(options.start().unwrap());
        let total = game.current().total_seeds();
        let mut rng = rand::rngs::SmallRng::seed_from_u64(seed);
        for _ in 0..200 {
            let moves = game.current().legal_moves();
            if moves.is_empty() || game.is_over() {
                break;
            }
            let mv = moves[rng.random_range(0..moves.len())];
            game.play(mv).unwrap();
            prop_assert_eq!(game.current().total_seeds(), total);
        }
    }
}

/// Raw setups as the position editor or a hand-written line may hold
/// them: rows of any length the notation reads (1 to 64) with any counts
/// it reads, legal or not; only the fields of the game named.
fn any_setup() -> impl Strategy<Value = Setup> {
    let row = || prop::collection::vec(prop_oneof![0u64..=6, 0u64..=MAX_TOTAL_SEEDS], 1..=64);
    (
        any::<bool>(),
        row(),
        row(),
        [0u64..=MAX_TOTAL_SEEDS, 0u64..=MAX_TOTAL_SEEDS],
        any::<bool>(),
        any::<bool>(),
        any::<bool>(),
    )
        .prop_map(|(bao, south, north, pair, turn, opening, skip)| Setup {
            game: if bao {
                GameKind::BaoLaKimasai
            } else {
                GameKind::EnGehe
            },
            south,
            north,
            captured: if bao { [0, 0] } else { pair },
            reserve: if bao { pair } else { [0, 0] },
            turn: if turn { Side::North } else { Side::South },
            opening: bao && opening,
            origin: if skip {
                OriginRule::Skip
            } else {
                OriginRule::SowInto
            },
        })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    #[test]
    fn setup_notation_round_trips_legal_or_not(s in any_setup()) {
        let text = s.to_string();
        let back = notation::parse_setup(&text).unwrap();
        prop_assert_eq!(&back, &s);
        // Validation is the only judge: a setup is a position exactly when
        // it lists no problems, and then prints the same.
        match s.validate() {
            Ok(p) => {
                prop_assert!(s.problems().is_empty());
                prop_assert_eq!(p.to_string(), text);
                prop_assert_eq!(Setup::from(&p), s);
            }
            Err(e) => {
                let problems = s.problems();
                prop_assert_eq!(problems.first(), Some(&e));
            }
        }
    }

    #[test]
    fn any_move_is_played_or_refused_and_play_agrees_with_try_play(p in any_position(), hole in any::<u8>()) {
        let mv = Move(hole);
        let mut played = p;
        match (p.try_play(mv), played.play(mv)) {
            (Ok(next), Ok(())) => {
                prop_assert_eq!(played, next);
                prop_assert!(p.legal_moves().contains(&mv));
            }
            (Err(e), Err(f)) => {
                prop_assert_eq!(e, f);
                prop_assert_eq!(played, p);
                prop_assert!(!p.legal_moves().contains(&mv));
            }
            (a, b) => prop_assert!(false, "try_play {:?} but play {:?}", a, b),
        }
    }

    #[test]
    fn successors_status_and_setup_agree_with_the_rest(p in any_position()) {
        let successors = p.successors();
        let legal = p.legal_moves();
        prop_assert_eq!(successors.iter().map(|&(mv, _)| mv).collect::<Vec<_>>(), legal.clone());
        for (mv, next) in successors {
            prop_assert_eq!(Ok(next), p.try_play(mv));
        }
        prop_assert_eq!(p.is_over(), legal.is_empty());
        prop_assert_eq!(Game::new(p).status(), p.status());
        prop_assert_eq!(Setup::from(&p).validate(), Ok(p));
    }

    /// What a move may change: in En Gehé only the mover's captures grow;
    /// in Bao la Kimasai no seed ever crosses to the opponent (raids only
    /// take), the outer rows are never raided, and a reserve seed comes in
    /// exactly when RULES.md says.
    #[test]
    fn a_move_changes_only_what_the_rules_let_it(p in any_position()) {
        let me = p.turn();
        let them = me.opponent();
        for (_, next) in p.successors() {
            prop_assert_eq!(next.turn(), them);
            prop_assert!(!next.opening());
            prop_assert_eq!(next.origin(), p.origin());
            if p.variant().is_en_gehe() {
                prop_assert_eq!(next.captured(them), p.captured(them));
                prop_assert!(next.captured(me) >= p.captured(me));
            } else {
                let before = p.row(them);
                let after = next.row(them);
                prop_assert_eq!(&after[8..], &before[8..], "outer row untouched");
                for (a, b) in after.iter().zip(before) {
                    prop_assert!(a <= b, "no seed crosses to the opponent");
                }
                if !p.raids_allowed() {
                    prop_assert_eq!(after, before, "no raids before phase 2");
                }
                let brought_in = p.reserve(me) > 0 && !p.opening();
                prop_assert_eq!(next.reserve(me) + brought_in as u32, p.reserve(me));
                prop_assert_eq!(next.reserve(them), p.reserve(them));
            }
        }
    }

    /// A lap cap lets a move of k laps end and stops it at k - 1, in both
    /// games (En Gehé once let every move run 24 laps whatever the cap).
    #[test]
    fn lap_caps_are_exact(p in any_position()) {
        for mv in p.legal_moves() {
            let laps = p.trace(mv).unwrap().laps.len() as u64;
            let mut next = p;
            prop_assert!(next.apply_within(mv, laps).is_ok());
            if laps > 1 {
                let mut capped = p;
                prop_assert_eq!(
                    capped.apply_within(mv, laps - 1),
                    Err(maasai_mancala::engine::Endless { cycle_laps: None })
                );
            }
        }
    }

    #[test]
    fn tempo_is_the_holes_each_seed_can_still_travel_in_its_row(p in any_position()) {
        for side in Side::BOTH {
            let n = p.holes_per_side() as u32;
            let by_hand: u32 = if p.variant().is_en_gehe() {
                (1..=n).map(|h| p.seeds(side, (h - 1) as usize) * (n - h)).sum()
            } else {
                0
            };
            prop_assert_eq!(p.tempo(side), by_hand);
        }
        prop_assert_eq!(
            p.tempo_deficit(Side::South),
            -p.tempo_deficit(Side::North)
        );
    }
}

// ---- Parser fuzzing: random bytes and mutated valid strings never panic ----

/// The char boundary at or before `at`'s place in `text` (end included).
fn char_boundary(text: &str, at: prop::sample::Index) -> usize {
    let mut i = at.index(text.len() + 1);
    while !text.is_char_boundary(i) {
        i -= 1;
    }
    i
}

/// Applies random edits: an empty insert deletes the character at its
/// place, any other is inserted there.
fn apply_edits(text: &mut String, edits: &[(prop::sample::Index, &str)]) {
    for &(at, insert) in edits {
        let i = char_boundary(text, at);
        if insert.is_empty() && i < text.len() {
            text.remove(i);
        } else {
            text.insert_str(i, insert);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    #[test]
    fn parser_survives_random_text(s in "\\PC{0,200}") {
        let _ = notation::parse_position(&s);
        let _ = maasai_mancala::engine::Variant::BaoLaKimasai.parse_move(&s);
        let _ = maasai_mancala::engine::Variant::EnGehe { holes: 50 }.parse_move(&s);
    }

    #[test]
    fn parser_survives_random_bytes(bytes in prop::collection::vec(any::<u8>(), 0..300)) {
        let s = String::from_utf8_lossy(&bytes);
        let _ = notation::parse_position(&s);
        if let Ok(setup) = notation::parse_setup(&s) {
            prop_assert_eq!(notation::parse_setup(&setup.to_string()).unwrap(), setup);
        }
        if let Ok((position, moves)) = notation::split_record(&s)
            && let Ok(start) = notation::parse_position(&position)
        {
            let _ = Game::replay_notation(start, &moves);
        }
    }

    #[test]
    fn parser_survives_mutated_valid_strings(
        p in any_position(),
        edits in prop::collection::vec((any::<prop::sample::Index>(), prop::sample::select(vec!["", "-", ",", "=", " ", "x", "99999999999999999999", "0", ",,", "é", "south=", "turn=", "reserve=1"])), 1..6),
    ) {
        let mut text = p.to_string();
        apply_edits(&mut text, &edits);
        if let Ok(q) = notation::parse_position(&text) {
            // Whatever parses must print and parse back to itself.
            prop_assert_eq!(notation::parse_position(&q.to_string()).unwrap(), q);
        }
    }
}

proptest! {
    #[test]
    fn equal_positions_have_equal_keys_and_moves_change_the_key(p in any_position()) {
        let q = notation::parse_position(&p.to_string()).unwrap();
        prop_assert_eq!(p.key(), q.key());
        for mv in p.legal_moves() {
            prop_assert_ne!(p.try_play(mv).unwrap().key(), p.key());
        }
    }
}

// ---- File fuzzing: mutated shipped files never panic a loader ----

/// Every kind of file the program reads: the shipped studies and presets
/// and a saved game.
fn sample_files() -> Vec<(String, String)> {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut paths = vec![
        root.join("assets/presets.ron"),
        root.join("tests/fixtures/snapshot-game.ron"),
    ];
    let mut studies: Vec<_> = std::fs::read_dir(root.join("assets/studies"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    studies.sort();
    paths.extend(studies);
    paths
        .into_iter()
        .map(|p| {
            (
                p.display().to_string(),
                std::fs::read_to_string(&p).unwrap(),
            )
        })
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 600, ..ProptestConfig::default() })]

    /// Random edits of the kinds a hand edit or a damaged disk makes
    /// (characters dropped, tokens and huge numbers put in, the text cut
    /// short) give either a file that checks or an error naming the file.
    #[test]
    fn loaders_survive_mutated_files(
        which in any::<prop::sample::Index>(),
        edits in prop::collection::vec((any::<prop::sample::Index>(), prop::sample::select(vec!["", "", "(", ")", "[", "]", ",", ":", "\"", "-", "0", "7", "99999999999999999999", "-1", "4294967296", "Some(", "None", "é", "//", "/*", "\\", "r#\""])), 1..8),
        cut in prop::option::of(any::<prop::sample::Index>()),
    ) {
        let files = sample_files();
        let (name, original) = &files[which.index(files.len())];
        let mut text = original.clone();
        apply_edits(&mut text, &edits);
        if let Some(cut) = cut {
            let i = char_boundary(&text, cut);
            text.truncate(i);
        }
        let path = std::path::Path::new(name);
        if let Err(e) = maasai_mancala::files::check_text(&text, path) {
            let message = e.to_string();
            prop_assert!(message.contains(name.as_str()), "{message}");
            prop_assert!(!e.problem.is_empty(), "{message}");
        }
    }
}

/// `bench --seconds`: a playout asked to stop does so between moves and
/// inside a long move too (proving a move endless can take seconds), and
/// leaves the position as it was before the unfinished move.
#[test]
fn a_playout_stops_when_asked_even_inside_a_long_move() {
    use maasai_mancala::engine::playout::{random_playout, random_playout_until};
    use rand::SeedableRng;
    // South's i7 never ends, a cycle of 5,107,424 laps (src/engine/long_moves.rs).
    let long = notation::parse_position("bao-la-kimasai south=1,0,1,7,6,1,2,0,1,2,12,4,7,6,5,0 north=1,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0 reserve=0,1 turn=south opening=no").unwrap();
    let mut stopped_inside = false;
    for seed in 0..64 {
        let mut rng = rand::rngs::SmallRng::seed_from_u64(seed);
        let mut pos = long;
        let p = random_playout_until(&mut pos, &mut rng, 10_000, || false);
        assert!(!p.finished || !p.stopped);
        if p.stopped && p.moves == 0 {
            // Stopped in the first move, the long one: nothing played.
            assert_eq!(pos, long);
            stopped_inside = true;
            break;
        }
    }
    assert!(stopped_inside, "no playout stopped inside i7");
    // Between moves: asked every 256 moves.
    let start = maasai_mancala::engine::GameOptions::en_gehe(50)
        .start()
        .unwrap();
    let mut rng = rand::rngs::SmallRng::seed_from_u64(1);
    let mut pos = start;
    let p = random_playout_until(&mut pos, &mut rng, 100_000, || false);
    assert!(p.stopped && !p.finished);
    assert!(p.moves <= 256, "{}", p.moves);
    // Never asked to stop: as before.
    let mut rng = rand::rngs::SmallRng::seed_from_u64(1);
    let mut pos = start;
    assert!(!random_playout(&mut pos, &mut rng, 100).stopped);
}
