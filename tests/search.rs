//! The search, the computer players and the council on small hand-made
//! positions, plus the `analyse` and `match` command-line contracts.
//! No timed assertions: limits are depths, and cancellation only has to return.

use maasai_mancala::advice::{self, COUNCIL};
use maasai_mancala::engine::{GameOptions, Move, Position, notation};
use maasai_mancala::search::{
    self, Bound, Level, SearchConfig, SearchHandle, WIN, choose_move, greedy_move, is_decisive,
};
use rand::SeedableRng;
use std::process::Command;
use std::time::Duration;

fn pos(text: &str) -> Position {
    notation::parse_position(text).unwrap_or_else(|e| panic!("bad test position {text}: {e}"))
}

fn mv(p: &Position, text: &str) -> Move {
    p.variant().parse_move(text).unwrap()
}

/// Every move of the line is legal in turn (never endless).
fn assert_line_legal(p: &Position, line: &[Move]) {
    let mut q = *p;
    for &m in line {
        q = q
            .try_play(m)
            .unwrap_or_else(|e| panic!("line move {m:?} in {q}: {e}"));
    }
}

// South's hole 1 sows its seed into the empty S2, whose facing hole N3 holds
// 3: a capture of 4. Hole 4 only drops a seed into North's row.
const EN_GEHE_CAPTURE: &str = "en-gehe south=1,0,0,1 north=0,0,3,0 captured=0,0 turn=south";

// Bao la Kimasai, raiding phase. South's i7 drops its seed on the occupied
// i8, which faces North's only inner seeds (i1, 2 seeds): they are raided
// and sown from i8 into o8 (empty), and North's inner row is empty: South wins.
const BAO_WIN: &str = "bao-la-kimasai south=0,0,0,0,0,0,1,1,0,0,0,0,0,0,0,0 \
                       north=2,0,0,0,0,0,0,0,0,0,0,0,0,0,0,3 reserve=0,0 turn=south opening=no";

// RULES.md: `o2` here runs for millions of laps and then cycles.
const BAO_ENDLESS: &str = "bao-la-kimasai south=5,4,3,0,1,3,4,1,2,1,2,5,0,3,3,2 \
                           north=1,1,1,1,1,1,1,1,0,0,0,0,0,0,0,0 reserve=10,10 turn=south opening=no";

#[test]
fn search_finds_the_forced_capture_at_every_depth() {
    let p = pos(EN_GEHE_CAPTURE);
    for depth in 1..=6 {
        let a = search::search(&p, SearchConfig::depth(depth).all_moves());
        let best = a.best().expect("a best line");
        assert_eq!(best.mv, mv(&p, "1"), "depth {depth}");
        assert_eq!(best.taken_now, 4);
        assert!(best.score > 0, "depth {depth}: {best:?}");
        assert_line_legal(&p, &best.pv);
    }
}

// North wins by 4 with 8: South's one seed then captures 5, and North's
// reply leaves South's row empty, the 12 seeds left on the board going to
// North. The move 4 the one-line search played loses by 8.
const EN_GEHE_WIN_IN_THREE: &str =
    "en-gehe south=0,0,0,0,0,0,0,0 north=1,1,4,1,4,1,4,1 captured=25,22 turn=north";

#[test]
fn a_later_root_move_that_beats_the_aspiration_window_is_searched_again() {
    // Its fail-high was left behind the first move, whose score the
    // iteration then took for the best: the win was missed at every
    // depth, by the Strong and Master players too.
    let p = pos(EN_GEHE_WIN_IN_THREE);
    for quiescence in [0, 4] {
        for depth in 3..=8 {
            let config = SearchConfig {
                quiescence,
                ..SearchConfig::depth(depth)
            };
            let a = search::search(&p, config);
            let best = a.best().expect("a best line");
            assert_eq!(
                best.mv,
                mv(&p, "8"),
                "depth {depth}, quiescence {quiescence}"
            );
            assert_eq!(best.score, 4 * search::SCALE, "depth {depth}: {best:?}");
            assert_line_legal(&p, &best.pv);
        }
    }
}

#[test]
fn a_leaf_whose_side_to_move_has_an_empty_row_scores_the_end_of_the_game() {
    // Judged by the static evaluation (at a leaf without quiescence, or
    // when it stood above beta), an En Gehé side with no seeds to move
    // counted its captures and not the remainder the other side takes.
    let p = pos(EN_GEHE_WIN_IN_THREE);
    let after = |moves: &[&str]| {
        let mut q = p;
        for m in moves {
            q = q.try_play(mv(&q, m)).unwrap();
        }
        q
    };
    // South's reply, then North's move 1 ends the game: North +4. (With
    // no quiescence, the default, such a leaf was never checked at all.)
    let q = after(&["8", "1"]);
    for quiescence in [0, 1, 4] {
        let a = search::search(
            &q,
            SearchConfig {
                quiescence,
                ..SearchConfig::depth(1).all_moves()
            },
        );
        let line = a
            .lines
            .iter()
            .find(|l| l.mv == mv(&q, "1"))
            .expect("move 1");
        assert_eq!(line.score, 4 * search::SCALE, "quiescence {quiescence}");
    }
}

#[test]
fn en_gehe_final_position_scores_the_exact_margin() {
    // South's hole 1 captures 4 (N3 and the last seed); North is left with
    // an empty row, so South takes its remaining seed too: 5 + 2 already
    // captured against 1.
    let p = pos("en-gehe south=1,0,0,1 north=0,0,3,0 captured=2,1 turn=south");
    let a = search::search(&p, SearchConfig::depth(4).all_moves());
    let best = a.best().unwrap();
    assert_eq!(best.mv, mv(&p, "1"));
    assert_eq!(best.score, (2 + 4 + 1 - 1) * search::SCALE);
    assert_eq!(best.bound, Bound::Exact);
}

#[test]
fn a_lead_of_tens_of_thousands_of_seeds_is_a_margin_not_a_win() {
    // A lead of 30,000 seeds (10 units a seed) once read as a Bao la
    // Kimasai win score: the council said "a win in -290040 plies".
    for captured in [3300, 30_000, 59_000] {
        let p = pos(&format!(
            "en-gehe south=2,1,0,1,1,0,1,1 north=1,0,1,1,2,1,0,1 captured={captured},0 turn=south"
        ));
        let a = search::search(&p, SearchConfig::depth(4).all_moves());
        for line in &a.lines {
            assert!(!is_decisive(line.score), "{captured}: {line:?}");
            let lead = search::seeds(line.score);
            assert!(
                (captured as f64 - 20.0..=captured as f64 + 20.0).contains(&lead),
                "{captured}: {lead}"
            );
        }
    }
}

#[test]
fn search_finds_the_bao_win_and_scores_it_decisive() {
    let p = pos(BAO_WIN);
    for depth in 1..=4 {
        let a = search::search(&p, SearchConfig::depth(depth));
        let best = a.best().unwrap();
        assert_eq!(best.mv, mv(&p, "i7"), "depth {depth}");
        assert_eq!(best.score, WIN - 1);
        assert!(is_decisive(best.score));
    }
}

#[test]
fn with_several_lines_deepening_goes_on_until_every_shown_line_is_decided() {
    // assets/studies/06-raid-chain.ron: i1 wins at once, while i2 and i5
    // lose only in some 50 to 75 plies (`solve --every-move`). A proved
    // win for the best move alone used to end the deepening at depth 1,
    // the other lines left with depth-1 heuristic scores.
    let raid = pos("bao-la-kimasai south=1,1,0,0,1,0,0,0,0,0,0,0,0,0,0,0 \
                    north=0,0,0,2,0,0,1,0,0,0,0,0,0,0,1,0 reserve=0,0 turn=south opening=no");
    let three = SearchConfig {
        lines: 3,
        ..SearchConfig::depth(6)
    };
    let a = search::search(&raid, three);
    assert_eq!(a.depth, 6);
    assert_eq!(a.best_move(), Some(mv(&raid, "i1")));
    assert_eq!(a.lines.len(), 3);
    assert!(a.lines.iter().all(|l| l.depth == 6), "{:?}", a.lines);
    // The ranking of every move (the council's table) alike.
    let all = search::search(&raid, SearchConfig::depth(6).all_moves());
    assert!(all.lines.iter().all(|l| l.depth == 6), "{:?}", all.lines);
    // One line: the best move's proved win is all it shows, so it stops.
    let single = search::search(&raid, SearchConfig::depth(6));
    assert_eq!(single.depth, 1);
    assert_eq!(single.best().unwrap().score, WIN - 1);
    // Every shown line decided: no deeper look than that takes. Here i7
    // wins at once and i8 loses in 16 plies, proved at depth 16.
    let won = pos(BAO_WIN);
    let two = SearchConfig {
        lines: 2,
        ..SearchConfig::depth(30)
    };
    let a = search::search(&won, two);
    assert_eq!(a.depth, 16, "{:?}", a.lines);
    assert!(
        a.lines.iter().all(|l| is_decisive(l.score)),
        "{:?}",
        a.lines
    );
}

#[test]
fn fixed_depth_single_thread_search_is_deterministic() {
    // (2×8 is avoided on purpose: some of its positions have endless moves
    // that take seconds each to recognise.)
    for start in [
        GameOptions::en_gehe(12).start().unwrap(),
        GameOptions::bao_la_kimasai().start().unwrap(),
    ] {
        let run = || search::search(&start, SearchConfig::depth(6).all_moves());
        let (a, b) = (run(), run());
        assert_eq!(a.lines, b.lines);
        assert_eq!(a.nodes, b.nodes);
        assert_eq!(a.depth, 6);
        assert!(a.finished);
        assert_eq!(a.lines.len(), start.legal_moves().len());
        for line in &a.lines {
            assert_line_legal(&start, &line.pv);
        }
    }
}

#[test]
fn ranking_mode_scores_every_move_exactly_and_best_first() {
    let p = GameOptions::en_gehe(10).start().unwrap();
    let a = search::search(&p, SearchConfig::depth(4).all_moves());
    assert_eq!(a.lines.len(), p.legal_moves().len());
    assert!(a.lines.iter().all(|l| l.bound == Bound::Exact));
    assert!(a.lines.windows(2).all(|w| w[0].score >= w[1].score));
    // The best-move-only search agrees with the ranking on the best score.
    let single = search::search(&p, SearchConfig::depth(4));
    assert_eq!(single.best().unwrap().score, a.best().unwrap().score);
}

#[test]
fn cancellation_returns_promptly_with_a_legal_move() {
    let p = GameOptions::en_gehe(50).start().unwrap();
    for threads in [1, 2] {
        let handle = SearchHandle::start(p, SearchConfig::default().threads(threads));
        // Depth 1 is published while the search goes on (waited for, not
        // timed: a loaded machine may take longer than any fixed sleep).
        loop {
            let ended = handle.is_finished();
            if handle.snapshot().best().is_some() {
                break;
            }
            assert!(!ended, "the search ended with nothing published");
            std::thread::sleep(Duration::from_millis(5));
        }
        handle.stop();
        let a = handle.wait();
        assert!(a.finished);
        let best = a.best_move().unwrap();
        assert!(p.legal_moves().contains(&best));
    }
    // Dropping a running handle stops it too.
    let handle = SearchHandle::start(p, SearchConfig::default());
    drop(handle);
    // The window's wake-up: called once the search ends, whether it was
    // stopped, dropped, or had already ended when asked.
    let (tx, rx) = std::sync::mpsc::channel();
    let handle = SearchHandle::start(p, SearchConfig::default());
    let told = tx.clone();
    handle.on_finish(move || told.send("stopped").unwrap());
    assert!(rx.try_recv().is_err(), "told before the search ended");
    handle.stop();
    assert_eq!(rx.recv_timeout(Duration::from_secs(60)), Ok("stopped"));
    let told = tx.clone();
    SearchHandle::start(p, SearchConfig::default())
        .on_finish(move || told.send("dropped").unwrap());
    assert_eq!(rx.recv_timeout(Duration::from_secs(60)), Ok("dropped"));
    let handle = SearchHandle::start(p, SearchConfig::depth(1));
    let told = tx.clone();
    handle.on_finish(move || told.send("ended").unwrap());
    assert_eq!(rx.recv_timeout(Duration::from_secs(60)), Ok("ended"));
    // Asked again after it ended: told at once, on the asking thread.
    let told = tx.clone();
    handle.on_finish(move || told.send("ended").unwrap());
    assert_eq!(rx.try_recv(), Ok("ended"), "not told at once");
}

#[test]
fn endless_moves_never_enter_the_search() {
    let p = pos(BAO_ENDLESS);
    let (_, endless) = p.classify_moves();
    assert!(endless.contains(&mv(&p, "o2")));
    let a = search::search(&p, SearchConfig::depth(3).all_moves());
    assert_eq!(a.lines.len(), p.legal_moves().len());
    for line in &a.lines {
        assert!(!endless.contains(&line.mv));
        assert_line_legal(&p, &line.pv);
    }
}

#[test]
fn two_threads_find_the_same_forced_win() {
    let p = pos(BAO_WIN);
    let a = search::search(&p, SearchConfig::depth(5).threads(2));
    assert_eq!(a.best_move(), Some(mv(&p, "i7")));
}

// South's hole 5 captures at once, but it walks into North's answer; a
// plain one-ply search takes the capture, quiescence sees the answer and
// agrees with an eight-ply search on hole 1.
const EN_GEHE_EXCHANGE: &str =
    "en-gehe south=1,1,4,1,5,1 north=0,1,2,1,5,10 captured=12,4 turn=south";

#[test]
fn quiescence_sees_the_answer_to_a_capture_that_one_ply_misses() {
    let p = pos(EN_GEHE_EXCHANGE);
    let plain = search::search(
        &p,
        SearchConfig {
            quiescence: 0,
            ..SearchConfig::depth(1)
        },
    );
    let with_quiescence = |config: SearchConfig| SearchConfig {
        quiescence: search::QUIESCENCE_PLIES,
        ..config
    };
    let quiet = search::search(&p, with_quiescence(SearchConfig::depth(1)));
    let deep = search::search(&p, SearchConfig::depth(8));
    let plain_best = plain.best().unwrap();
    assert_eq!(plain_best.mv, mv(&p, "5"));
    assert!(plain_best.taken_now > 0);
    assert_eq!(quiet.best_move(), Some(mv(&p, "1")));
    assert_eq!(deep.best_move(), Some(mv(&p, "1")));
    // Quiescence scores the capture lower than the plain search does.
    let all = search::search(&p, with_quiescence(SearchConfig::depth(1)).all_moves());
    assert!(all.line(mv(&p, "5")).unwrap().score < plain_best.score);
}

#[test]
fn each_level_searches_in_its_own_style() {
    use std::time::Duration;
    let t = Duration::from_millis(20);
    assert!(Level::Random.config(t).is_none() && Level::Greedy.config(t).is_none());
    let beginner = Level::Beginner.config(t).unwrap();
    assert_eq!((beginner.max_depth, beginner.quiescence), (Some(2), 0));
    assert_eq!(Level::Beginner.style().unwrap().slack, 2);
    assert_eq!(beginner.lines, usize::MAX, "slack needs every move scored");
    let club = Level::Club.config(t).unwrap();
    assert_eq!((club.max_depth, club.quiescence), (Some(3), 0));
    let strong = Level::Strong.config(t).unwrap();
    assert_eq!(
        (
            strong.max_depth,
            strong.threads,
            strong.quiescence,
            strong.lines
        ),
        (Some(search::STRONG_DEPTH), 1, search::STRONG_QUIESCENCE, 1)
    );
    let master = Level::Master.config(t).unwrap();
    assert_eq!(SearchConfig::default().quiescence, 0);
    assert_eq!(master.max_depth, None);
    assert_eq!(master.threads, 1);
    assert!(master.quiescence > 0);
    assert_eq!(master.movetime, Some(t));
}

#[test]
fn greedy_takes_the_biggest_capture_and_levels_play_legal_moves() {
    let mut rng = rand::rngs::SmallRng::seed_from_u64(7);
    let p = pos(EN_GEHE_CAPTURE);
    assert_eq!(greedy_move(&p, &mut rng), Some(mv(&p, "1")));
    let b = pos(BAO_WIN);
    assert_eq!(greedy_move(&b, &mut rng), Some(mv(&b, "i7")));
    let start = GameOptions::en_gehe(12).start().unwrap();
    for level in Level::ALL {
        let m = choose_move(level, &start, Duration::from_millis(5), &[], None, &mut rng)
            .unwrap_or_else(|| panic!("{level} found no move"));
        assert!(start.legal_moves().contains(&m), "{level}");
        assert_eq!(level.name().parse::<Level>(), Ok(level));
    }
    assert!("grandmaster".parse::<Level>().is_err());
}

#[test]
fn all_eight_advisors_propose_a_legal_move_with_a_sentence() {
    for p in [
        GameOptions::en_gehe(50).start().unwrap(),
        GameOptions::bao_la_kimasai().start().unwrap(),
        pos(EN_GEHE_CAPTURE),
        pos(BAO_WIN),
        pos("en-gehe south=0,3,0,2,5,1 north=1,0,4,0,2,2 captured=10,8 turn=north"),
    ] {
        let a = search::search(&p, SearchConfig::depth(3).all_moves());
        let report = advice::council(&p, &a).expect("a report");
        assert_eq!(report.advice.len(), 8);
        let legal = p.legal_moves();
        for (advice, member) in report.advice.iter().zip(COUNCIL.iter()) {
            assert_eq!(advice.advisor, *member);
            assert!(
                legal.contains(&advice.mv),
                "{}: {:?}",
                member.name,
                advice.mv
            );
            assert!(
                advice.reason.len() > 20 && advice.reason.ends_with('.'),
                "{}: {}",
                member.name,
                advice.reason
            );
        }
        let c = &report.consensus;
        assert_eq!(
            c.total_weight,
            COUNCIL.iter().map(|m| m.weight).sum::<u32>()
        );
        assert_eq!(
            c.votes.iter().map(|v| v.weight).sum::<u32>(),
            c.total_weight
        );
        assert!(c.votes.windows(2).all(|w| w[0].weight >= w[1].weight));
        assert!(!c.split(p.variant()).is_empty());
        // The elder speaks for the search.
        assert_eq!(report.advice[0].mv, a.best_move().unwrap());
    }
}

#[test]
fn the_raider_names_the_capture_and_the_answer() {
    let p = pos(EN_GEHE_CAPTURE);
    let a = search::search(&p, SearchConfig::depth(3).all_moves());
    let report = advice::council(&p, &a).unwrap();
    let raider = report
        .advice
        .iter()
        .find(|x| x.advisor.name == "The Raider")
        .unwrap();
    assert_eq!(raider.mv, mv(&p, "1"));
    assert!(
        raider.reason.contains("captures 4 now"),
        "{}",
        raider.reason
    );
}

#[test]
fn cost_is_zero_for_the_best_move_and_the_gap_for_others() {
    let p = pos(EN_GEHE_CAPTURE);
    let a = search::search(&p, SearchConfig::depth(4).all_moves());
    let best = advice::cost(&a, mv(&p, "1")).unwrap();
    assert_eq!(best.loss, 0);
    assert_eq!(best.describe(p.variant()), "best move");
    let worse = advice::cost(&a, mv(&p, "4")).unwrap();
    let gap = a.line(mv(&p, "1")).unwrap().score - a.line(mv(&p, "4")).unwrap().score;
    assert_eq!(worse.loss, gap);
    assert!(worse.loss > 0);
    assert!(worse.describe(p.variant()).contains("best was hole 1"));
    // The review of a two-move game costs each move.
    let review = advice::review(&p, &[mv(&p, "4")], 3);
    assert_eq!(review.len(), 1);
    assert!(review[0].as_ref().unwrap().loss > 0);
}

fn bin() -> Command {
    Command::new(env!("CARGO_BIN_EXE_maasai-mancala"))
}

/// Runs the binary with `args`, which must succeed, and returns its stdout.
fn bin_ok(args: &[&str]) -> String {
    let out = bin().args(args).output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn analyse_prints_k_lines_best_first() {
    let text = bin_ok(&[
        "analyse",
        "en-gehe south=4,4,4,4,4,4 north=4,4,4,4,4,4 captured=0,0 turn=south",
        "--depth",
        "4",
        "--lines",
        "3",
    ]);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 3, "{text}");
    let mut last = f64::INFINITY;
    for line in lines {
        let fields: Vec<&str> = line.splitn(4, ' ').collect();
        assert!(fields[0].starts_with("move="), "{line}");
        let score: f64 = fields[1].strip_prefix("score=").unwrap().parse().unwrap();
        assert!(score <= last, "{text}");
        last = score;
        assert_eq!(fields[2], "depth=4", "{line}");
        let pv = fields[3].strip_prefix("pv=").unwrap();
        let first = pv.split(' ').next().unwrap();
        assert_eq!(first, fields[0].strip_prefix("move=").unwrap(), "{line}");
        for m in pv.split(' ') {
            let n: usize = m.parse().unwrap();
            assert!((1..=6).contains(&n));
        }
    }
}

#[test]
fn analyse_answers_a_finished_game_and_refuses_bad_input() {
    // A finished game: its final value for the side to move, in analyse's
    // own format (as solve gives `best=- pv=`), and why on stderr.
    let out = bin()
        .args([
            "analyse",
            "en-gehe south=0,0,0 north=1,0,0 captured=5,6 turn=south",
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "move=- score=-2.0 depth=0 pv=\n"
    );
    assert!(String::from_utf8_lossy(&out.stderr).contains("game is over"));
    let out = bin().args(["analyse", "en-gehe south=1"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("invalid position"));
}

#[test]
fn match_plays_the_games_and_prints_the_tally() {
    let text = bin_ok(&[
        "match",
        "--a",
        "greedy",
        "--b",
        "random",
        "--games",
        "3",
        "--movetime",
        "5",
        "en-gehe",
        "--holes",
        "6",
    ]);
    let last = text.lines().last().unwrap();
    let nums: Vec<u64> = last
        .split(' ')
        .zip(["a_wins=", "draws=", "b_wins=", "moves="])
        .map(|(f, key)| {
            f.strip_prefix(key)
                .unwrap_or_else(|| panic!("{last}"))
                .parse()
                .unwrap()
        })
        .collect();
    assert_eq!(nums.len(), 4, "{last}");
    assert_eq!(nums[0] + nums[1] + nums[2], 3);
    assert!(nums[3] > 0);
    // Each game's line says in words how it ended.
    for line in text.lines().filter(|l| l.starts_with("game=")) {
        assert!(
            line.contains("has no seeds left to move")
                || line.contains("the same position occurred three times")
                || line.contains("adjudicated"),
            "{line}"
        );
    }
    // Bao la Kimasai, a search level, and the sides swap every game.
    let text = bin_ok(&[
        "match",
        "--a",
        "beginner",
        "--b",
        "random",
        "--games",
        "2",
        "--movetime",
        "5",
        "--max-moves",
        "60",
        "bao-la-kimasai",
    ]);
    assert!(
        text.contains("game=1 south=beginner north=random"),
        "{text}"
    );
    assert!(
        text.contains("game=2 south=random north=beginner"),
        "{text}"
    );
    assert!(text.lines().last().unwrap().starts_with("a_wins="));
    let bad = bin()
        .args(["match", "--a", "wizard", "--b", "random", "en-gehe"])
        .output()
        .unwrap();
    assert_eq!(bad.status.code(), Some(2));
}

#[test]
fn root_moves_still_sowing_at_the_deadline_are_left_undecided_once_others_are_known() {
    use std::sync::atomic::AtomicBool;
    use std::time::Instant;
    // Move 3 neither ends nor repeats within RULES.md's 1,000,000,000 laps.
    let p = pos("en-gehe south=4,5,4,2,4,5 north=4,3,4,5,4,79 captured=0,0 turn=south");
    let stop = AtomicBool::new(false);
    let (decided, undecided) = search::root_children(&p, &[], &stop, Some(Instant::now()));
    let moves: Vec<u8> = decided.iter().map(|(m, _)| m.0).collect();
    assert_eq!(moves, [0, 1, 3, 4, 5], "in sowing order, without 3");
    assert_eq!(undecided, [Move(2)]);
    for (m, after) in &decided {
        assert_eq!(*after, p.try_play(*m).unwrap(), "move {}", m.0 + 1);
    }
    // A stop leaves it undecided as well; with no limit an ordinary
    // position's moves are all decided, as `children` decides them.
    stop.store(true, std::sync::atomic::Ordering::Relaxed);
    assert_eq!(search::root_children(&p, &[], &stop, None).1, [Move(2)]);
    let q = GameOptions::default().start().unwrap();
    let (all, none) = search::root_children(&q, &[], &AtomicBool::new(false), None);
    assert!(none.is_empty());
    assert_eq!(all, search::children(&q));
    // A move the caller proved endless is left out at once, with no stop
    // and no limit.
    let (known, none) = search::root_children(&p, &[Move(2)], &AtomicBool::new(false), None);
    assert!(none.is_empty());
    assert_eq!(known, decided);
}

#[test]
fn a_forced_move_is_still_scored_for_analysis_but_played_at_once() {
    // North's only move, hole 2, wins by a seed (the solver's value); the
    // council's all-moves search with a clock once stopped at depth 2 and
    // called it "1.3 seeds behind".
    let p = pos("en-gehe south=0,1,1 north=0,4,0 captured=5,0 turn=north");
    let timed = SearchConfig {
        movetime: Some(Duration::from_secs(5)),
        ..SearchConfig::default()
    };
    let analysis = search::search(&p, timed.clone().all_moves());
    let best = analysis.best().unwrap();
    assert_eq!(best.mv, mv(&p, "2"));
    assert!(
        best.score > 0,
        "scored {} at depth {}",
        best.score,
        analysis.depth
    );
    // A player against the clock needs no score for it.
    let played = search::search(
        &p,
        SearchConfig {
            stop_when_forced: true,
            ..timed
        },
    );
    assert_eq!(played.best().unwrap().mv, mv(&p, "2"));
    assert!(played.depth <= 2, "searched to depth {}", played.depth);
}

#[test]
fn no_advisor_calls_a_move_that_empties_its_own_inner_row_a_win() {
    // North's only inner seed is in i8: sowing it (into the outer row)
    // empties North's inner row, and North loses at once (RULES.md). The
    // Youth once read that end as "a win at once" and proposed it.
    let p = pos("bao-la-kimasai south=1,1,1,0,2,0,2,0,1,1,0,0,0,0,0,0 \
                 north=0,0,0,0,0,0,0,1,0,0,0,0,0,0,0,3 reserve=22,10 turn=north opening=no");
    let a = search::search(&p, SearchConfig::depth(3).all_moves());
    let i8 = mv(&p, "i8");
    let facts = advice::move_facts(&p, &a);
    let losing = facts.iter().find(|f| f.mv == i8).expect("i8 is legal");
    assert!(losing.static_eval < 0, "i8 scored {}", losing.static_eval);
    let report = advice::council(&p, &a).unwrap();
    let youth = report
        .advice
        .iter()
        .find(|x| x.advisor.name == "The Youth")
        .unwrap();
    assert_ne!(youth.mv, i8, "{}", youth.reason);
    for advice in &report.advice {
        assert!(
            !(advice.mv == i8 && advice.reason.contains("a win")),
            "{}: {}",
            advice.advisor.name,
            advice.reason
        );
    }
}

#[test]
fn searched_lines_reach_their_depth_unless_the_game_ends() {
    // A table cut-off ends a searched line where the table held the
    // position's value, and the table's moves further on are often
    // replaced: these lines came back 12 to 16 plies long at depths 19
    // and 23 while the game went on. Every consumer (the council, its
    // every-move ranking, `analyse`) gets them whole from the search.
    use maasai_mancala::engine::Status;
    let endgame = "en-gehe south=0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,1,0,0,0,0,0,0,0,0,0,0,0,1,0,0,0,0,0,0,1,0,0,0,1,0,0,0,0,0,0,0,0,1,0 north=0,0,1,0,0,0,0,1,0,0,0,0,0,0,0,0,1,1,0,0,0,0,0,0,0,0,0,0,1,0,1,0,0,0,0,0,0,0,1,0,0,0,0,0,0,0,0,0,0,0 captured=0,0 turn=south";
    let eight = "en-gehe south=3,0,1,3,1,3,1,0 north=3,0,1,1,1,1,0,1 captured=12,32 turn=south";
    let mut ended = 0;
    for (text, depth) in [(eight, 19), (endgame, 23)] {
        let p = pos(text);
        let a = search::search(
            &p,
            SearchConfig {
                lines: 2,
                ..SearchConfig::depth(depth)
            },
        );
        assert_eq!(a.depth, depth);
        for line in a.lines.iter().take(2) {
            assert_eq!(line.depth, depth);
            assert_line_legal(&p, &line.pv);
            let mut end = p;
            for &m in &line.pv {
                end.play(m).unwrap();
            }
            if matches!(end.status(), Status::Over(_)) {
                ended += 1;
                assert!(line.pv.len() <= depth as usize, "{line:?}");
            } else {
                assert_eq!(line.pv.len(), depth as usize, "cut short: {line:?}");
            }
        }
    }
    assert!(ended >= 1, "no line ends with the game");
}

#[test]
fn no_advisor_proposes_a_move_proved_lost_while_another_holds_out() {
    // Found in a computer game: i4 raids and loses in 4 plies, o1 holds
    // out; the Raider and others voted i4, and it carried the council.
    let p = pos("bao-la-kimasai south=0,0,0,1,0,0,0,0,1,1,0,3,2,1,3,3 \
         north=7,6,3,1,5,7,1,3,0,6,4,1,2,0,1,2 reserve=0,0 turn=south opening=no");
    let a = search::search(&p, SearchConfig::depth(6).all_moves());
    let report = advice::council(&p, &a).unwrap();
    let lost = |m: Move| {
        report
            .facts
            .iter()
            .find(|f| f.mv == m)
            .and_then(|f| f.line.as_ref())
            .and_then(|l| search::decided_plies(l.score).filter(|_| l.score < 0))
            .is_some()
    };
    let i4 = mv(&p, "i4");
    assert!(lost(i4), "the search proves i4 lost at this depth");
    assert!(
        report.facts.iter().any(|f| !lost(f.mv)),
        "some move holds out"
    );
    for advice in &report.advice {
        assert!(
            !lost(advice.mv),
            "{} proposes {}, proved lost",
            advice.advisor.name,
            advice.move_name
        );
    }
    assert!(!lost(report.consensus.chosen().unwrap()));
}

#[test]
fn a_repetition_of_a_history_position_with_the_other_side_to_move_is_scored() {
    // After South 3, North 3 brings back the position after move 2 (South
    // to move), which is two plies deep: the repetition outcome, each side
    // its own row, North −1 (the solver's value with the same history).
    // History positions were kept only with the root's side to move, so
    // one reached at an odd ply was never seen again.
    let start = pos("en-gehe south=0,0,1 north=0,1,1 captured=10,10 turn=south");
    let mut history = vec![start];
    for m in ["3", "2", "1", "3", "3", "1", "3"] {
        let last = *history.last().unwrap();
        history.push(last.try_play(mv(&last, m)).unwrap());
    }
    let root = history.pop().unwrap();
    let a = search::search(
        &root,
        SearchConfig {
            history,
            ..SearchConfig::depth(8).all_moves()
        },
    );
    let three = a.line(mv(&root, "3")).expect("hole 3 is ranked");
    assert_eq!(three.score, -10, "{:?}", a.lines);
}

#[test]
fn an_advisor_s_no_other_move_speaks_of_the_moves_it_chose_among() {
    // o4 raids 1; o6 raids 2 but is proved lost, so the Raider passes it
    // over, and said "no other move raids more" all the same.
    let p = pos("bao-la-kimasai south=7,2,0,0,3,1,1,0,1,0,5,0,4,1,0,5 \
         north=1,0,2,1,0,8,3,1,0,11,1,2,1,1,0,2 reserve=0,0 turn=south opening=no");
    let a = search::search(&p, SearchConfig::depth(6).all_moves());
    let report = advice::council(&p, &a).unwrap();
    let o6 = report.facts.iter().find(|f| f.mv == mv(&p, "o6")).unwrap();
    assert_eq!(o6.taken, 2);
    let raider = report
        .advice
        .iter()
        .find(|x| x.advisor.name == "The Raider")
        .unwrap();
    assert_ne!(raider.mv, o6.mv, "o6 is proved lost");
    assert!(
        !raider.reason.contains("no other move raids more"),
        "{}",
        raider.reason
    );
    assert!(
        raider
            .reason
            .contains("no other move not proved lost raids more"),
        "{}",
        raider.reason
    );
}
