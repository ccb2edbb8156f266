//! Every shipped study's claim, proved by the solver; the study format's
//! checks; and the exercise logic.

use maasai_mancala::engine::{LapEnd, LapKind, Move, Position, Side};
use maasai_mancala::solver::{Solver, Value};
use maasai_mancala::study::generate::sacrifices;
use maasai_mancala::study::{Exercise, Study};
use std::path::Path;

fn studies() -> Vec<Study> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/studies");
    Study::load_dir(&dir).unwrap_or_else(|e| panic!("{e}"))
}

/// Runs `f` on a thread with a deep stack (2×50 lines recurse deeply).
fn deep<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> T {
    std::thread::Builder::new()
        .stack_size(512 << 20)
        .spawn(f)
        .unwrap()
        .join()
        .unwrap()
}

fn name(pos: &Position, mv: Move) -> String {
    format!("{} {}", pos.turn().title(), pos.variant().move_name(mv))
}

/// The claim of every study holds, and every solution move is optimal: the
/// studied side's moves reach the best value there is (so the goal stays
/// reached) and the defender's are a best defence.
#[test]
fn every_study_claim_is_proved_and_its_line_is_optimal() {
    deep(|| {
        let all = studies();
        assert!(all.len() >= 12, "only {} studies shipped", all.len());
        let mut solver = Solver::new();
        for study in &all {
            let title = &study.file.title;
            let side = study.file.goal.side;
            let root = solver.solve(&study.start);
            assert!(
                study.goal_reached(root.value, 0),
                "{title}: the goal `{}` is not reached; the solver says {} for {}",
                study.file.goal.text,
                root.value.describe(),
                side.title()
            );
            // Every solution move is optimal: the position after it, solved
            // with the line so far as history, has exactly the value that
            // gives the mover the value of the position before it (so the
            // goal stays reached along the line).
            let verdict = study
                .check_line(root.value, |history, pos| {
                    solver
                        .solve_with(history, &pos, None, None)
                        .map(|s| s.value)
                })
                .unwrap();
            if let Err(fault) = verdict {
                panic!("{title}: {fault}");
            }
        }
    });
}

/// Each comment explains its own solution move: it begins with that move's
/// mover and hole.
#[test]
fn every_comment_belongs_to_its_solution_move() {
    for study in studies() {
        let positions = study.solution_positions();
        assert_eq!(positions.len(), study.solution.len() + 1);
        for (i, (step, &mv)) in study.file.solution.iter().zip(&study.solution).enumerate() {
            assert_eq!(
                study.start.variant().parse_move(&step.mv).unwrap(),
                mv,
                "{}: step {}",
                study.file.title,
                i + 1
            );
            let expected = name(&positions[i], mv);
            assert!(
                step.comment.starts_with(&expected),
                "{}: comment {} should explain `{expected}`: {}",
                study.file.title,
                i + 1,
                step.comment
            );
            assert!(
                step.comment.len() > expected.len() + 10,
                "comment {} is empty",
                i + 1
            );
        }
        assert!(!study.file.title.is_empty() && !study.file.description.is_empty());
    }
}

/// The 2×50 endgame: South to move wins although its tempo deficit exceeds
/// 110, and its line gives seeds away.
#[test]
fn the_2x50_endgame_wins_against_a_tempo_deficit_with_sacrifices() {
    let all = studies();
    let study = all
        .iter()
        .find(|s| s.start.holes_per_side() == 50)
        .expect("a 2×50 study is shipped");
    assert_eq!(study.start.turn(), Side::South);
    assert!(
        study.start.tempo_deficit(Side::South) > 110,
        "deficit only {}",
        study.start.tempo_deficit(Side::South)
    );
    let sac = sacrifices(&study.start, &study.solution, Side::South);
    assert!(!sac.is_empty(), "the solution gives no seeds away");
    let start = study.start;
    let value = deep(move || Solver::new().solve(&start).value);
    assert!(matches!(value, Value::Margin(m) if m > 0), "{value}");
}

/// The library serves the traditional board sizes and both phases of Bao la
/// Kimasai: a 2×40 endgame whose line gives North a capture, a 2×45
/// endgame, a herding study (neither reserve empty, not the opening) and
/// a raiding study in which a raid relays into another raid.
#[test]
fn real_boards_and_both_bao_phases_are_studied() {
    let all = studies();
    let en_gehe = |holes: usize| {
        all.iter()
            .filter(move |s| s.start.variant().is_en_gehe() && s.start.holes_per_side() == holes)
    };
    assert!(
        en_gehe(40).any(|s| !sacrifices(&s.start, &s.solution, Side::South).is_empty()),
        "no 2×40 study with a sacrifice"
    );
    assert!(en_gehe(45).next().is_some(), "no 2×45 study");
    let bao: Vec<&Study> = all
        .iter()
        .filter(|s| !s.start.variant().is_en_gehe())
        .collect();
    assert!(
        bao.iter().any(|s| {
            !s.start.opening()
                && s.start.reserve(Side::South) > 0
                && s.start.reserve(Side::North) > 0
        }),
        "no herding study"
    );
    let chains = |s: &Study| {
        let positions = s.solution_positions();
        s.solution.iter().zip(&positions).any(|(&mv, pos)| {
            let laps = pos.trace(mv).unwrap().laps;
            laps.windows(2).any(|w| {
                matches!(w[0].kind, LapKind::Raid { .. })
                    && matches!(w[0].end, LapEnd::Relay { .. })
                    && matches!(w[1].end, LapEnd::Raid { .. })
            })
        })
    };
    assert!(
        bao.iter().filter(|s| chains(s)).count() >= 2,
        "fewer than two raid-relay-raid studies"
    );
}

/// As an exercise: following the solution keeps the goal and the program
/// answers with a best defence; a losing move is called wrong.
#[test]
fn exercise_judges_moves_and_answers() {
    let study = studies()
        .into_iter()
        .find(|s| s.start.holes_per_side() < 10 && s.start.variant().is_en_gehe())
        .unwrap();
    let mut solver = Solver::new();
    let mut ex = Exercise::new(study.clone());
    assert!(ex.users_turn());
    let hint = ex.hint(&mut solver).unwrap().unwrap();
    let first = ex.play(&mut solver, study.solution[0]).unwrap();
    assert!(first.keeps_goal && first.best, "{first:?}");
    // The hint is a best move too.
    let mut ex2 = Exercise::new(study.clone());
    assert!(ex2.play(&mut solver, hint).unwrap().keeps_goal);
    // Some move of the start misses the goal (the studies are chosen so);
    // the exercise says so.
    let values = solver.move_values(&[], &study.start, None).unwrap();
    let (wrong, _) = *values
        .iter()
        .find(|(_, v)| !study.goal_reached(*v, 0))
        .expect("a move that misses the goal");
    let mut ex3 = Exercise::new(study.clone());
    let fb = ex3.play(&mut solver, wrong).unwrap();
    assert!(!fb.keeps_goal && !fb.best, "{fb:?}");
    // Undo returns to the user's turn at the start.
    ex3.undo();
    assert_eq!(ex3.game().moves().len(), 0);
    // An illegal move is refused with the engine's reason.
    let empty = (0..study.start.holes_per_side())
        .map(|i| Move(i as u8))
        .find(|m| study.start.seeds(study.start.turn(), m.hole()) == 0);
    if let Some(m) = empty {
        let err = Exercise::new(study).play(&mut solver, m).unwrap_err();
        assert!(err.to_string().contains("empty"), "{err}");
    }
}

const GOOD: &str = r#"Study(
    version: 1,
    title: "t",
    author: "a",
    source: "s",
    description: "d",
    position: "en-gehe south=0,0,2 north=1,0,0 captured=0,0 turn=south",
    goal: Goal(side: South, kind: MarginAtLeast(0), text: "South draws"),
    solution: [
        Step(mv: "3", comment: "South 3: sows into North's row."),
    ],
)"#;

#[test]
fn a_good_file_loads_and_round_trips() {
    let study = Study::parse(GOOD, "good.ron").unwrap();
    assert_eq!(study.solution, vec![Move(2)]);
    let again = Study::parse(&study.to_ron().unwrap(), "again.ron").unwrap();
    assert_eq!(again.file, study.file);
}

#[test]
fn syntax_errors_name_file_line_and_column() {
    let bad = GOOD.replace("title: \"t\",", "title: t\",");
    let err = Study::parse(&bad, "bad.ron").unwrap_err();
    assert_eq!(err.file, "bad.ron");
    assert_eq!(err.line, 3, "{err}");
    assert!(err.column > 1, "{err}");
    assert!(err.to_string().starts_with("bad.ron:3:"), "{err}");
}

#[test]
fn semantic_errors_name_the_problem_and_where() {
    let cases = [
        (GOOD.replace("south=0,0,2", "south=0,0"), "position", 7),
        (
            GOOD.replace("mv: \"3\"", "mv: \"1\""),
            "solution move 1",
            10,
        ),
        (
            GOOD.replace("comment: \"South 3", "comment: \"South 1"),
            "must begin with \"South 3\"",
            10,
        ),
        (GOOD.replace("side: South", "side: North"), "goal", 8),
        (GOOD.replace("MarginAtLeast(0)", "Win"), "does not fit", 8),
        (GOOD.replace("version: 1", "version: 9"), "version 9", 2),
        // The library would list it as a blank row.
        (
            GOOD.replace("title: \"t\"", "title: \"  \""),
            "title is empty",
            3,
        ),
    ];
    for (text, needle, line) in cases {
        let err = Study::parse(&text, "x.ron").unwrap_err();
        assert!(err.problem.contains(needle), "{err} lacks {needle}");
        assert_eq!(err.line, line, "{err}");
    }
}

#[test]
fn errors_point_at_the_field_not_at_the_same_word_in_the_text() {
    // The description (line 6) and a title (line 3) mention the fields'
    // names; every error still points at the field's own line.
    let wordy = GOOD
        .replace(
            "description: \"d\"",
            "description: \"A position with a goal: Step(s) in a solution. version: 2\"",
        )
        .replace("title: \"t\"", "title: \"position: goal: Step(\"")
        .replace(
            "        Step(mv: \"3\", comment: \"South 3: sows into North's row.\"),\n",
            "        Step(mv: \"3\", comment: \"South 3: sows into North's row.\"),\n        Step(mv: \"1\", comment: \"North 1: Step( again.\"),\n",
        );
    assert_eq!(Study::parse(&wordy, "w.ron").unwrap().solution.len(), 2);
    let cases = [
        (
            wordy.replace("turn=south", "turn=east"),
            "invalid position",
            7,
        ),
        (
            wordy.replace("side: South", "side: North"),
            "the goal is for North",
            8,
        ),
        (
            wordy.replace("comment: \"North 1", "comment: \"North 2"),
            "solution move 2",
            11,
        ),
        (wordy.replace("version: 1,", "version: 9,"), "version 9", 2),
    ];
    for (text, needle, line) in cases {
        let err = Study::parse(&text, "x.ron").unwrap_err();
        assert!(err.problem.contains(needle), "{err} lacks {needle}");
        assert_eq!(err.line, line, "{err}");
    }
}

/// A study of `n` alternative lines (the relay study's one, `n` times),
/// with `bad` (0-based) given a move that is not legal.
fn many_lines(n: usize, bad: Option<usize>) -> String {
    let relay = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/studies/01-relay.ron"),
    )
    .unwrap();
    let (head, _) = relay.split_once("    alternatives: [").unwrap();
    let mut text = format!("{head}    alternatives: [\n");
    for k in 0..n {
        let mv = if Some(k) == bad { "9" } else { "3" };
        text.push_str(&format!(
            "        Line(after: 0, moves: [Step(mv: \"{mv}\", comment: \"South {mv}: another try.\")]),\n"
        ));
    }
    text.push_str("    ],\n)\n");
    text
}

#[test]
fn a_study_of_many_alternative_lines_parses_and_places_a_fault_in_the_last() {
    // Each line's place used to be found by a scan from the start: 20,000
    // lines took 44 s, and the window froze reading them.
    let n = 20_000;
    let study = Study::parse(&many_lines(n, None), "many.ron").unwrap();
    assert_eq!(study.alternatives.len(), n);
    let text = many_lines(n, Some(n - 1));
    let err = Study::parse(&text, "many.ron").unwrap_err();
    let line = text.lines().position(|l| l.contains("mv: \"9\"")).unwrap() + 1;
    assert_eq!(err.line, line, "{err}");
    assert!(
        err.problem
            .starts_with(&format!("alternative line {n}, move 1:")),
        "{err}"
    );
}

/// The relay study's text, for rewriting in other layouts.
fn relay() -> String {
    std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/studies/01-relay.ron"),
    )
    .unwrap()
}

/// The 1-based number of the only line of `text` that holds `marker`.
fn line_of(text: &str, marker: &str) -> usize {
    let lines: Vec<usize> = text
        .lines()
        .enumerate()
        .filter(|(_, l)| l.contains(marker))
        .map(|(i, _)| i + 1)
        .collect();
    assert_eq!(lines.len(), 1, "{marker:?} in {text}");
    lines[0]
}

#[test]
fn a_steps_place_is_its_entry_in_its_own_list_whatever_the_layout() {
    let text = relay();
    let (head, rest) = text.split_once("    solution: [").unwrap();
    let (solution, rest) = rest.split_once("    alternatives: [").unwrap();
    let (alternatives, tail) = rest.rsplit_once(')').unwrap();
    // The alternatives written before the solution, whose third move is
    // not legal: the third step of the solution is at fault, not the
    // third `Step(` of the file (the alternative's).
    let swapped = format!(
        "{head}    alternatives: [{}    solution: [{}){tail}",
        alternatives,
        solution.replace("mv: \"4\"", "mv: \"9\"")
    );
    let err = Study::parse(&swapped, "a.ron").unwrap_err();
    assert!(err.problem.starts_with("solution move 3:"), "{err}");
    assert_eq!(err.line, line_of(&swapped, "mv: \"9\""), "{err}");
    assert_eq!(err.column, 9, "{err}");

    // The solution's first step written without its record's name, as
    // RON allows: the others keep their places.
    let unnamed_first = text.replacen("Step(mv: \"1\"", "(mv: \"1\"", 1);
    let study = Study::parse(&unnamed_first, "b.ron").unwrap();
    let expected: Vec<(usize, usize)> = ["mv: \"1\"", "mv: \"2\"", "mv: \"4\""]
        .iter()
        .map(|m| (line_of(&unnamed_first, m), 9))
        .collect();
    // (What `check --prove` names a step that is not best by.)
    assert_eq!(study.solution_places, expected);
    let bad = unnamed_first.replace("mv: \"4\"", "mv: \"9\"");
    let err = Study::parse(&bad, "b.ron").unwrap_err();
    assert!(err.problem.starts_with("solution move 3:"), "{err}");
    assert_eq!((err.line, err.column), (line_of(&bad, "mv: \"9\""), 9));

    // Every solution step unnamed, and a comment in the alternative that
    // names another move: the alternative's step is placed, not nowhere.
    let unnamed = text
        .replace("Step(mv: \"1\"", "(mv: \"1\"")
        .replace("Step(mv: \"2\"", "(mv: \"2\"")
        .replace("Step(mv: \"4\"", "(mv: \"4\"")
        .replace("comment: \"South 3:", "comment: \"North 3:");
    let err = Study::parse(&unnamed, "c.ron").unwrap_err();
    assert!(
        err.problem.starts_with("alternative line 1, move 1:"),
        "{err}"
    );
    assert_eq!((err.line, err.column), (line_of(&unnamed, "North 3:"), 13));
    assert!(
        err.to_string()
            .starts_with(&format!("c.ron:{}:13:", err.line))
    );

    // A line written without its name, with its fields in another order,
    // and a comment between the steps that names a `Step(`.
    let odd = text
        .replace(
            "        Line(after: 0, moves: [",
            "        /* Step( Line( */ (comment: \"x\", after: 0, moves: [ // Step(\n",
        )
        .replace(
            "], comment: \"A relay is not good",
            "], other: \"A relay is not good",
        )
        .replace(", other: \"A relay", "/*\"A relay")
        .replace("right place.\"),", "right place.\"*/),")
        .replace("comment: \"South 3:", "comment: \"North 3:");
    let err = Study::parse(&odd, "d.ron").unwrap_err();
    assert!(
        err.problem.starts_with("alternative line 1, move 1:"),
        "{err}"
    );
    assert_eq!(err.line, line_of(&odd, "North 3:"), "{err}");
}

/// A whole number too large (or too small) for its field, or a fraction,
/// is said with the field, the numbers it takes and where it stands, as
/// saved games say theirs; RON's own words named neither ("a number here
/// is out of range (too large, or negative where a count is expected)",
/// or "a comma is missing here" for a fraction).
#[test]
fn a_number_out_of_its_fields_range_names_the_field_and_its_range() {
    let text = relay();
    for (from, to, said) in [
        (
            "version: 1,",
            "version: 99999999999999999999,",
            "`version` takes a whole number from 1 to 4294967295; 99999999999999999999 is too large (the format version: `version: 1`)",
        ),
        (
            "version: 1,",
            "version: 4_294_967_296,",
            "`version` takes a whole number from 1 to 4294967295; 4_294_967_296 is too large",
        ),
        (
            "after: 0,",
            "after: 18446744073709551616,",
            "`after` takes a whole number from 0 to the solution's number of moves; 18446744073709551616 is too large",
        ),
        (
            "after: 0,",
            "after: -1,",
            "`after` takes a whole number from 0 to the solution's number of moves, not -1, which is negative",
        ),
        (
            "after: 0,",
            "after: 1.5,",
            "`after` takes a whole number from 0 to the solution's number of moves, not 1.5",
        ),
        (
            "MarginAtLeast(3)",
            "MarginAtLeast(99999999999999999999)",
            "`MarginAtLeast(…)` takes a whole number from -2147483648 to 2147483647; 99999999999999999999 is too large",
        ),
        (
            "MarginAtLeast(3)",
            "MarginAtLeast(2147483648)",
            "`MarginAtLeast(…)` takes a whole number from -2147483648 to 2147483647; 2147483648 is too large",
        ),
        (
            "MarginAtLeast(3)",
            "MarginAtLeast(-2147483649)",
            "`MarginAtLeast(…)` takes a whole number from -2147483648 to 2147483647; -2147483649 is too small",
        ),
    ] {
        assert!(text.contains(from), "{from}");
        let bad = text.replacen(from, to, 1);
        let err = Study::parse(&bad, "n.ron").unwrap_err();
        assert!(err.problem.starts_with(said), "{to}: {err}");
        // At the number itself.
        let line = line_of(&bad, to);
        let column = bad.lines().nth(line - 1).unwrap().find(to).unwrap()
            + to.find(|c: char| c == '-' || c.is_ascii_digit()).unwrap()
            + 1;
        assert_eq!((err.line, err.column), (line, column), "{to}: {err}");
    }
    // Bao la Kimasai's kind: the plies of `WinWithin`.
    let bao = std::fs::read_dir(Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/studies"))
        .unwrap()
        .map(|f| std::fs::read_to_string(f.unwrap().path()).unwrap())
        .find(|t| t.contains("WinWithin("))
        .expect("a study with WinWithin");
    let at = bao.find("WinWithin(").unwrap() + "WinWithin(".len();
    let plies = &bao[at..at + bao[at..].find(')').unwrap()];
    let bad = bao.replacen(&format!("WinWithin({plies})"), "WinWithin(4294967296)", 1);
    let err = Study::parse(&bad, "w.ron").unwrap_err();
    assert!(
        err.problem.starts_with(
            "`WinWithin(…)` takes a whole number from 1 to 4294967295; 4294967296 is too large"
        ),
        "{err}"
    );
    assert_eq!(err.line, line_of(&bad, "WinWithin(4294967296)"), "{err}");
    // A number that fits its field is still judged by the study's rules.
    let err = Study::parse(
        &text.replacen("version: 1,", "version: 4294967295,", 1),
        "v.ron",
    )
    .unwrap_err();
    assert!(err.problem.contains("study"), "{err}");
}
