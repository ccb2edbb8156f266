//! The command line's contracts (output formats scripts rely on), run
//! against the real binary.

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};

mod common;

const BIN: &str = env!("CARGO_BIN_EXE_maasai-mancala");

fn run(args: &[&str]) -> (String, String, i32) {
    let out = Command::new(BIN).args(args).output().expect("binary runs");
    (
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
        out.status.code().unwrap_or(-1),
    )
}

/// `apply` with piped standard input and output.
fn spawn_apply() -> std::process::Child {
    Command::new(BIN)
        .arg("apply")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap()
}

/// Feeds `input` (lines of `position ; move`) to `apply` all at once;
/// its answer, and whether it exited successfully.
fn apply_all(input: impl AsRef<[u8]>) -> (String, bool) {
    let mut child = spawn_apply();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_ref())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    (String::from_utf8(out.stdout).unwrap(), out.status.success())
}

/// Runs the binary on `arg` (a saved game to open in the window) with no
/// display to open it on.
fn open_without_display(arg: impl AsRef<std::ffi::OsStr>) -> std::process::Output {
    Command::new(BIN)
        .arg(arg)
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .env_remove("WAYLAND_SOCKET")
        .output()
        .unwrap()
}

fn ok(args: &[&str]) -> String {
    let (out, err, code) = run(args);
    assert_eq!(code, 0, "{args:?} failed: {err}");
    out
}

const ENDLESS_EXAMPLE: &str = "bao-la-kimasai south=5,4,3,0,1,3,4,1,2,1,2,5,0,3,3,2 north=1,1,1,1,1,1,1,1,0,0,0,0,0,0,0,0 reserve=10,10 turn=south opening=no";

#[test]
fn start_prints_the_canonical_start_positions() {
    assert_eq!(
        ok(&["start", "en-gehe", "--holes", "3"]),
        "en-gehe south=4,4,4 north=4,4,4 captured=0,0 turn=south\n"
    );
    assert_eq!(
        ok(&[
            "start", "en-gehe", "--holes", "4", "--seeds", "2", "--first", "north", "--origin",
            "skip"
        ]),
        "en-gehe south=2,2,2,2 north=2,2,2,2 captured=0,0 turn=north origin=skip\n"
    );
    assert_eq!(
        ok(&["start", "bao-la-kimasai"]),
        "bao-la-kimasai south=1,1,1,1,1,1,1,1,0,0,0,0,0,0,0,0 north=1,1,1,1,1,1,1,1,0,0,0,0,0,0,0,0 reserve=24,24 turn=south opening=yes\n"
    );
    let fifty = ok(&["start", "en-gehe"]);
    assert_eq!(fifty.matches(',').count(), 2 * 49 + 1);
}

#[test]
fn start_refuses_out_of_range_options() {
    for args in [
        &["start", "en-gehe", "--holes", "65"][..],
        &["start", "en-gehe", "--holes", "2"],
        &["start", "en-gehe", "--seeds", "13"],
        &["start", "en-gehe", "--seeds", "0"],
        &["start", "mancala"],
    ] {
        let (out, err, code) = run(args);
        assert_eq!(code, 2, "{args:?}");
        assert!(out.is_empty());
        assert!(!err.is_empty());
    }
    // The message names the option as it is typed.
    let (_, err, _) = run(&["start", "en-gehe", "--holes", "65"]);
    assert_eq!(
        err,
        "error: --holes: rows must have 3 to 64 holes, not 65\n"
    );
}

#[test]
fn moves_lists_legal_moves_and_the_endless_ones_apart() {
    assert_eq!(
        ok(&[
            "moves",
            "en-gehe south=1,0,2 north=0,0,0 captured=0,0 turn=south"
        ]),
        "1 3\n"
    );
    // A finished game: the empty line, and why on stderr.
    let (out, err, code) = run(&[
        "moves",
        "en-gehe south=0,0,0 north=0,0,0 captured=5,5 turn=south",
    ]);
    assert_eq!((out.as_str(), code), ("\n", 0));
    assert!(err.starts_with("no legal move: the game is over."), "{err}");
    let out = ok(&["moves", ENDLESS_EXAMPLE]);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 2);
    assert!(!lines[0].split(' ').any(|m| m == "o2"));
    assert!(lines[1].starts_with("endless: "));
    assert!(lines[1].split(' ').any(|m| m == "o2"));
}

#[test]
fn play_prints_the_position_and_the_result_once_over() {
    assert_eq!(
        ok(&[
            "play",
            "en-gehe south=1,1,0 north=0,0,0 captured=0,0 turn=south",
            "1"
        ]),
        "en-gehe south=0,0,1 north=1,0,0 captured=0,0 turn=north\n"
    );
    assert_eq!(
        ok(&[
            "play",
            "en-gehe south=1,0,0 north=0,5,0 captured=0,0 turn=south",
            "1"
        ]),
        "en-gehe south=0,0,0 north=0,0,0 captured=6,0 turn=north result=south score=6,0\n"
    );
    // Moves in order; Bao la Kimasai ends without a score.
    let out = ok(&[
        "play",
        "bao-la-kimasai south=1,1,0,0,0,0,0,0,0,0,0,0,0,0,0,0 north=0,0,0,0,0,0,3,0,0,0,0,0,0,0,0,0 reserve=0,0 turn=south opening=no",
        "i1",
    ]);
    assert!(out.ends_with(" result=south\n"), "{out}");
}

#[test]
fn play_takes_a_game_record_copied_from_the_window() {
    // The window's Copy game record: the position, then its moves, as one
    // argument; more moves may follow as arguments of their own.
    let start = ok(&["start", "en-gehe", "--holes", "6"]);
    let start = start.trim();
    let by_arguments = ok(&["play", start, "1", "6", "2"]);
    assert_eq!(ok(&["play", &format!("{start} 1 6 2")]), by_arguments);
    assert_eq!(ok(&["play", &format!("{start} ; 1 6"), "2"]), by_arguments);
    // A saved game gives its record back, which plays to the same end.
    let dir = tempfile::tempdir().unwrap();
    let saved = dir.path().join("g.ron");
    let saved = saved.to_str().unwrap();
    ok(&["play", start, "1", "6", "2", "--save", saved]);
    let record = ok(&["replay", saved, "--record"]);
    assert_eq!(record, format!("{start} 1 6 2\n"));
    assert_eq!(ok(&["play", record.trim()]), by_arguments);
    // Saved from a record too.
    let again = dir.path().join("again.ron");
    let again = again.to_str().unwrap();
    assert_eq!(ok(&["play", record.trim(), "--save", again]), by_arguments);
    assert_eq!(ok(&["replay", again, "--record"]), record);
    let (out, err, code) = run(&["play", &format!("{start} 1 turn=north")]);
    assert_eq!(code, 2);
    assert!(out.is_empty());
    assert!(
        err.contains("invalid game record: `turn=north`: stands after move 1"),
        "{err}"
    );
}

#[test]
fn play_errors_name_the_move_and_exit_2() {
    let (out, err, code) = run(&[
        "play",
        "en-gehe south=1,0,0 north=1,0,0 captured=0,0 turn=south",
        "2",
    ]);
    assert_eq!(code, 2);
    assert!(out.is_empty());
    assert!(err.contains("move 1") && err.contains("empty"), "{err}");
    let (_, err, code) = run(&["play", ENDLESS_EXAMPLE, "o2"]);
    assert_eq!(code, 2);
    assert!(err.contains("endless"), "{err}");
    let (_, err, code) = run(&[
        "play",
        "en-gehe south=1,0,0 north=1,0 captured=0,0 turn=south",
        "1",
    ]);
    assert_eq!(code, 2);
    assert!(
        err.contains("invalid position") && err.contains("north"),
        "{err}"
    );
}

#[test]
fn apply_answers_each_line_with_the_right_error_words() {
    let input = format!(
        "en-gehe south=1,1,0 north=0,0,0 captured=0,0 turn=south ; 1\n\
         {ENDLESS_EXAMPLE} ; o2\n\
         en-gehe south=1,0,0 north=0,0,0 captured=0,0 turn=south ; 2\n\
         en-gehe south=0,0,0 north=1,0,0 captured=0,0 turn=south ; 1\n\
         en-gehe south=1,x,0 north=0,0,0 captured=0,0 turn=south ; 1\n\
         \n\
         en-gehe south=1,1,0 north=0,0,0 captured=0,0 turn=south ; 9\n\
         en-gehe south=1,0,0 north=0,5,0 captured=0,0 turn=south ; 1\n"
    );
    let (text, success) = apply_all(input);
    assert!(success);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 8, "{text}");
    assert_eq!(
        lines[0],
        "en-gehe south=0,0,1 north=1,0,0 captured=0,0 turn=north"
    );
    assert!(lines[1].starts_with("error: ") && lines[1].contains("endless"));
    assert!(lines[2].starts_with("error: ") && lines[2].contains("illegal"));
    // Each error names its line: the answers to a long input were counted
    // by hand to find it.
    for (i, line) in lines.iter().enumerate().skip(1).take(6) {
        assert!(
            line.starts_with(&format!("error: line {}: ", i + 1)),
            "{line}"
        );
    }
    // A move in a finished game (South to move with an empty row).
    assert!(lines[3].starts_with("error: ") && lines[3].contains("illegal"));
    assert!(lines[4].starts_with("error: ") && lines[4].contains("invalid position"));
    assert!(lines[5].starts_with("error: ") && lines[5].contains("invalid position"));
    assert!(lines[6].starts_with("error: ") && lines[6].contains("illegal"));
    assert_eq!(
        lines[7],
        "en-gehe south=0,0,0 north=0,0,0 captured=6,0 turn=north result=south score=6,0"
    );
}

#[test]
#[cfg(unix)]
fn a_choice_that_is_not_utf8_is_named_with_its_bytes_not_read_lossily() {
    use std::os::unix::ffi::OsStrExt;
    // clap read a game's name or an option's value lossily: "invalid
    // value 'en-gehe�' for '<GAME>'", with a tip of a similar value.
    let bytes = |b: &'static [u8]| std::ffi::OsStr::from_bytes(b);
    for (args, said) in [
        (
            vec![bytes(b"start"), bytes(b"en-gehe\xff")],
            "argument 2 is not UTF-8 text: `en-gehe\\xff`",
        ),
        (
            vec![
                bytes(b"start"),
                bytes(b"en-gehe"),
                bytes(b"--first"),
                bytes(b"north\xff"),
            ],
            "argument 4 is not UTF-8 text: `north\\xff`",
        ),
        (
            vec![bytes(b"start"), bytes(b"en-gehe"), bytes(b"--origin=\xff")],
            "argument 3 is not UTF-8 text: `--origin=\\xff`",
        ),
    ] {
        let out = Command::new(BIN).args(&args).output().unwrap();
        assert_eq!(out.status.code(), Some(2));
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(
            err,
            format!("error: {said} (games' names and options' values are written in UTF-8)\n")
        );
    }
    // A refused value that is UTF-8 is said as such, whatever other
    // argument is not (an empty game's name named `--holes \xff`).
    for args in [
        vec![bytes(b""), bytes(b"--holes"), bytes(b"\xff")],
        vec![bytes(b"s"), bytes(b"--holes"), bytes(b"\xffs")],
    ] {
        let out = Command::new(BIN).arg("start").args(&args).output().unwrap();
        assert_eq!(out.status.code(), Some(2));
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(err.contains("for '<GAME>'"), "{err}");
    }
}

#[test]
#[cfg(unix)]
fn an_argument_that_is_not_utf8_is_named_with_its_bytes() {
    use std::os::unix::ffi::OsStrExt;
    // The parser said only "invalid UTF-8 was detected in one or more
    // arguments".
    let position =
        std::ffi::OsStr::from_bytes(b"en-gehe south=1,1,0 north=0,0,0 captured=0,0 turn=sou\xe9th");
    let out = Command::new(BIN)
        .arg("moves")
        .arg(position)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    assert_eq!(
        String::from_utf8(out.stderr).unwrap(),
        "error: argument 2 is not UTF-8 text: `en-gehe south=1,1,0 north=0,0,0 captured=0,0 \
         turn=sou\\xe9th` (positions, moves and numbers are written in UTF-8)\n"
    );
    let out = Command::new(BIN)
        .args([
            "play",
            "en-gehe south=1,1,0 north=0,0,0 captured=0,0 turn=south",
        ])
        .arg(std::ffi::OsStr::from_bytes(b"\xff1"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        String::from_utf8(out.stderr).unwrap(),
        "error: argument 3 is not UTF-8 text: `\\xff1` (positions, moves and numbers are written in UTF-8)\n"
    );
    // A long one is quoted by its start, and where its stray byte is.
    let mut long = vec![b'a'; 300];
    long.push(0xff);
    let out = Command::new(BIN)
        .arg("moves")
        .arg(std::ffi::OsStr::from_bytes(&long))
        .output()
        .unwrap();
    assert_eq!(
        String::from_utf8(out.stderr).unwrap(),
        format!(
            "error: argument 2 is not UTF-8 text: `{}…` (301 bytes), its first stray byte \\xff \
             at byte 301 (positions, moves and numbers are written in UTF-8)\n",
            "a".repeat(48)
        )
    );
}

#[test]
#[cfg(unix)]
fn force_names_the_backup_beside_a_links_target() {
    // The write keeps the replaced version beside the file a link names;
    // the message named one beside the link.
    let dir = tempfile::tempdir().unwrap();
    let real = dir.path().join("real");
    std::fs::create_dir(&real).unwrap();
    let target = real.join("game.ron");
    let link = dir.path().join("link.ron");
    ok(&["play", SMALL, "1", "--save", target.to_str().unwrap()]);
    std::os::unix::fs::symlink(&target, &link).unwrap();
    let (_, err, code) = run(&["play", SMALL, "3", "--save", link.to_str().unwrap()]);
    assert_eq!(code, 2, "{err}");
    let kept = format!("kept as {}.bak", target.display());
    assert!(err.contains(&kept), "{err}");
    let (_, err, _) = run(&["diagram", SMALL, "--out", link.to_str().unwrap()]);
    assert!(err.contains(&kept), "{err}");
}

#[test]
fn a_word_given_as_the_position_is_named() {
    // `moves bad` (or a file's name given by mistake) said only "missing
    // the game's name", where `moves chess south=4` named `chess`.
    for (args, word) in [
        (&["moves", "bad"][..], "bad"),
        (&["moves", "game.ron"][..], "game.ron"),
        (&["play", "saves/x 1"][..], "saves/x"),
        (&["diagram", "bad"][..], "bad"),
    ] {
        let (out, err, code) = run(args);
        assert_eq!((out.as_str(), code), ("", 2), "{args:?}: {err}");
        assert!(
            err.contains(&format!(
                "`{word}`: unknown game or token; the game is `en-gehe`"
            )),
            "{args:?}: {err}"
        );
    }
    // Tokens in any order: a missing name is still said so.
    let (_, err, _) = run(&["moves", "south=1,1,1 north=1,1,1 captured=0,0 turn=south"]);
    assert!(err.contains("missing the game's name"), "{err}");
}

#[test]
#[cfg(unix)]
fn a_file_name_that_is_not_utf8_keeps_its_bytes_in_messages() {
    use std::os::unix::ffi::OsStrExt;
    // Written "�.ron": which byte the name had was lost.
    let dir = tempfile::tempdir().unwrap();
    let name = dir.path().join(std::ffi::OsStr::from_bytes(b"\xff.ron"));
    let shown = format!("{}/\\xff.ron", dir.path().display());
    for command in ["replay", "check"] {
        let out = Command::new(BIN).arg(command).arg(&name).output().unwrap();
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(out.status.code(), Some(2), "{command}: {err}");
        assert!(
            err.contains(&shown) && !err.contains('\u{fffd}'),
            "{command}: {err}"
        );
    }
    let folder = dir.path().join(std::ffi::OsStr::from_bytes(b"\xfe"));
    let out = Command::new(BIN)
        .args(["play", SMALL, "1", "--save"])
        .arg(folder.join("x.ron"))
        .output()
        .unwrap();
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.contains(&format!(
            "there is no folder {}/\\xfe",
            dir.path().display()
        )),
        "{err}"
    );
}

#[test]
fn apply_answers_a_line_that_is_not_utf8_and_goes_on() {
    let mut input = b"en-gehe south=1,1,0 north=0,0,0 captured=0,0 turn=south ; 1\n".to_vec();
    input.extend_from_slice(b"en-gehe south=1,1,0 north=0,0,0 captured=0,0 turn=sou\xe9th ; 1\n");
    input.extend_from_slice(b"en-gehe south=1,1,0 north=0,0,0 captured=0,0 turn=south ; 2\r\n");
    let (text, success) = apply_all(input);
    assert!(success);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 3, "{text}");
    // Where: the word holding the byte, the byte written out.
    assert_eq!(
        lines[1],
        "error: line 2: invalid position: not UTF-8 text: `turn=sou\\xe9th`"
    );
    assert!(!lines[2].starts_with("error"), "{text}");
    // At the start of a line, and a long word named by its start.
    let mut input = b"\xff\xfeen-gehe ; 1\n".to_vec();
    input.extend_from_slice(&[b'7'; 500]);
    input.extend_from_slice(b"\x80 ; 1\n");
    let (text, success) = apply_all(input);
    assert!(success);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines,
        [
            "error: line 1: invalid position: not UTF-8 text: `\\xff\\xfeen-gehe`".to_string(),
            // (the start alone did not show where the stray byte is)
            format!(
                "error: line 2: invalid position: not UTF-8 text: `{}…` (501 bytes), \
                 its first stray byte \\x80 at byte 501",
                "7".repeat(48)
            )
        ]
    );
}

#[test]
fn apply_streams_an_answer_before_input_ends() {
    let mut child = spawn_apply();
    let mut stdin = child.stdin.take().unwrap();
    let mut reader = BufReader::new(child.stdout.take().unwrap());
    for _ in 0..3 {
        writeln!(
            stdin,
            "en-gehe south=1,1,0 north=0,0,0 captured=0,0 turn=south ; 1"
        )
        .unwrap();
        stdin.flush().unwrap();
        // The answer arrives while stdin is still open.
        let mut line = String::new();
        reader.read_line(&mut line).unwrap();
        assert_eq!(
            line,
            "en-gehe south=0,0,1 north=1,0,0 captured=0,0 turn=north\n"
        );
    }
    drop(stdin);
    assert!(child.wait().unwrap().success());
}

#[test]
fn apply_handles_a_hundred_thousand_lines() {
    let start = ok(&["start", "en-gehe"]);
    let line = format!("{} ; 17\n", start.trim());
    let input = line.repeat(100_000);
    let mut child = spawn_apply();
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || stdin.write_all(input.as_bytes()));
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap().unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(text.lines().count(), 100_000);
    assert!(text.lines().all(|l| l == text.lines().next().unwrap()));
}

#[test]
fn trace_prints_one_line_per_lap_then_the_result() {
    let out = ok(&[
        "trace",
        "en-gehe south=6,0,0 north=0,0,0 captured=0,0 turn=south origin=skip",
        "1",
    ]);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 6, "{out}");
    assert!(lines[0].starts_with("lap 1: lift 6 from S1; sow S2 S3 N1 N2 N3 S2; "));
    assert!(lines[0].contains("relay"));
    assert!(lines[3].contains("the move ends"));
    assert!(lines[4].starts_with("capture: 2 from N2"));
    assert_eq!(
        lines[5],
        "en-gehe south=1,0,2 north=0,0,0 captured=3,0 turn=north origin=skip result=south score=6,0"
    );
    let out = ok(&[
        "trace",
        "bao-la-kimasai south=1,1,0,0,0,0,0,0,0,0,0,0,0,0,0,0 north=1,0,0,0,0,0,3,0,0,0,0,0,0,0,0,0 reserve=0,0 turn=south opening=no",
        "i1",
    ]);
    assert!(
        out.lines()
            .nth(1)
            .unwrap()
            .starts_with("lap 2: raid 3 from Ni7 and sow from Si2"),
        "{out}"
    );
    // A big move's counts are grouped, as the program's counts are: its
    // 40,614 laps of up to 13,806 seeds read "lap 40613", "(11000 holes)".
    let out = ok(&[
        "trace",
        "en-gehe south=9000,11000,10000 north=10000,10000,10000 captured=0,0 turn=south",
        "2",
    ]);
    assert!(
        out.starts_with(
            "lap 1: lift 11,000 from S2; sow S3 N1 N2 N3 S1 S2 … N2 N3 S1 S2 S3 N1 (11,000 holes); \
             lands on occupied N1: relay, lift 11,834 and sow on\n"
        ),
        "{}",
        &out[..300]
    );
    assert!(out.contains("\nlap 40,614: lift 6 from N3;"));
    // The capture line too (it read "5000 from N2 … 5001 seeds").
    let out = ok(&[
        "trace",
        "en-gehe south=1,0,0 north=0,5000,0 captured=0,0 turn=south",
        "1",
    ]);
    assert!(
        out.contains("\ncapture: 5,000 from N2 and the last seed in S2: 5,001 seeds\n"),
        "{out}"
    );
}

#[test]
fn malformed_positions_are_refused_on_stderr_with_status_2() {
    for bad in [
        "",
        "chess south=1 north=1",
        "en-gehe south=1,1,1 north=1,1,1 captured=0,0",
        "en-gehe south=1,-1,1 north=1,1,1 captured=0,0 turn=south",
        "en-gehe south=1,1,1,1 north=1,1,1 captured=0,0 turn=south",
        "bao-la-kimasai south=i1 north=1 reserve=0,0 turn=south opening=no",
        "en-gehe south=1,1,1 north=1,1,1 captured=0,0 turn=east",
    ] {
        let (out, err, code) = run(&["moves", bad]);
        assert_eq!(code, 2, "{bad}");
        assert!(out.is_empty());
        assert!(err.contains("invalid position"), "{bad}: {err}");
    }
}

#[test]
fn bench_reports_both_games() {
    let out = ok(&["bench", "--seconds", "0.2"]);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 2);
    assert!(lines[0].starts_with("en-gehe 2x50: games="));
    assert!(lines[1].starts_with("bao-la-kimasai: games="));
    for l in lines {
        let field = l
            .split(' ')
            .find_map(|f| f.strip_prefix("moves_per_second="));
        let mps: f64 = field.unwrap().parse().unwrap();
        assert!(mps > 0.0);
    }
}

#[test]
fn bench_refuses_a_run_too_short_to_time_with_the_least_it_takes() {
    // It printed `games=0` and rates of 0 (or of a trillion moves per CPU
    // second), with exit 0.
    for short in ["0.000001", "0.09", ".05"] {
        let (out, err, code) = run(&["bench", "--seconds", short]);
        assert_eq!((out.as_str(), code), ("", 2), "{short}: {err}");
        assert!(
            err.contains(&format!(
                "a number of seconds from 0.1 to 3600, not {short}: a shorter run is too short to time"
            )),
            "{short}: {err}"
        );
    }
    // The least allowed plays games in both and measures a rate.
    let out = ok(&["bench", "--seconds", "0.1"]);
    for line in out.lines() {
        let field = |name: &str| {
            line.split(' ')
                .find_map(|f| f.strip_prefix(name))
                .unwrap_or_else(|| panic!("{name} in {line}"))
                .parse::<f64>()
                .unwrap()
        };
        assert!(field("games=") >= 1.0, "{line}");
        assert!(field("moves_per_second=") > 0.0, "{line}");
    }
}

#[test]
fn replay_escapes_a_comments_control_characters_so_a_file_cannot_drive_the_terminal() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("shared.ron");
    std::fs::write(
        &path,
        concat!(
            "SavedGame(version: 1, game: \"en-gehe\", options: GameOptions(",
            "variant: EnGehe(holes: 3), seeds: 4, first: South, origin: SowInto), ",
            "start: \"en-gehe south=4,0,4 north=4,4,4 captured=0,0 turn=south\", ",
            "moves: [\"1\"], ",
            "comments: {1: \"red \\u{1b}[31mtext\\u{1b}[2J, back\\rover, a\\ttab; ",
            "two\\r\\nlines\\nthree\\u{2028}four\\u{2029}five\\u{85}six\"})\n"
        ),
    )
    .unwrap();
    let out = ok(&["replay", path.to_str().unwrap()]);
    assert!(!out.chars().any(|c| c.is_control() && c != '\n'), "{out:?}");
    let comment = out.lines().find(|l| l.starts_with("   comment: ")).unwrap();
    assert_eq!(
        comment,
        r"   comment: red \u{1b}[31mtext\u{1b}[2J, back\rover, a\ttab; two / lines / three / four / five / six"
    );
    // The Unicode line breaks are not printed raw either.
    assert!(!out.contains(['\u{2028}', '\u{2029}', '\u{85}']), "{out:?}");
}

#[test]
fn bench_solver_bao_refuses_the_seed_counts_it_has_no_use_for() {
    // Bao la Kimasai's positions go by plies into a game: a seed count
    // given with --bao was silently ignored.
    for option in ["--min-seeds", "--max-seeds"] {
        let (out, err, code) = run(&["bench", "--solver", "--bao", "--list", option, "4"]);
        assert_eq!((out.as_str(), code), ("", 2), "{option}: {err}");
        assert!(
            err.contains(option) && err.contains("--bao") && err.contains("cannot be used with"),
            "{option}: {err}"
        );
    }
    // Without --bao they still choose the En Gehé endgames.
    let out = ok(&[
        "bench",
        "--solver",
        "--list",
        "--positions",
        "1",
        "--min-seeds",
        "4",
        "--max-seeds",
        "4",
    ]);
    assert_eq!(out.lines().count(), 1, "{out}");
}

/// `--stats` prints each solve's search counters as `key=value` fields,
/// as every other line is printed (it printed Rust's debug form,
/// `Stats { nodes: 8, repetitions: 0, … }`).
#[test]
fn bench_solver_stats_are_key_value_fields() {
    let out = ok(&[
        "bench",
        "--solver",
        "--positions",
        "1",
        "--min-seeds",
        "4",
        "--max-seeds",
        "4",
        "--stats",
        "--table-bits",
        "12",
    ]);
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines[1].starts_with("  seeds=4 #0 ("), "{out}");
    let stats = lines[2];
    assert!(stats.starts_with("    nodes="), "{out}");
    let keys: Vec<&str> = stats
        .split_whitespace()
        .map(|field| {
            let (key, value) = field.split_once('=').unwrap_or_else(|| panic!("{stats}"));
            assert!(value.parse::<u64>().is_ok(), "{field}: {stats}");
            key
        })
        .collect();
    assert_eq!(
        keys,
        [
            "nodes",
            "repetitions",
            "probes",
            "probe_hits",
            "table_cuts",
            "ceiling_cuts",
            "etc_cuts",
            "deferred",
            "line_dependent",
            "max_ply",
            "passes",
            "restarts",
            "extremes_dropped",
            "unsettled",
            "settled_late",
        ]
    );
    assert!(!out.contains('{') && !out.contains("Stats"), "{out}");
}

#[test]
fn bench_solver_times_the_reference_endgames() {
    let out = ok(&[
        "bench",
        "--solver",
        "--limit",
        "20",
        "--positions",
        "2",
        "--min-seeds",
        "4",
        "--max-seeds",
        "6",
        "--threads",
        "1",
        "--table-bits",
        "16",
    ]);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines[0],
        "scattered 2x50 en-gehe endgames, 2 per seed count, limit 20 s per solve"
    );
    // Two solves and a summary per seed count; these small ones all finish.
    for (i, seeds) in [(1, 4), (4, 6)] {
        for k in 0..2 {
            let l = lines[i + k];
            assert!(l.starts_with(&format!("  seeds={seeds} #{k} (")), "{l}");
            assert!(l.contains(" value=") && l.contains(" nodes="), "{l}");
        }
        assert!(
            lines[i + 2].starts_with(&format!("seeds={seeds}: within 10s 2/2, within 20s 2/2")),
            "{}",
            lines[i + 2]
        );
    }
    assert_eq!(
        lines[8],
        "| seeds on the board | solved within 10 s | solved within 20 s | slowest solved |"
    );
    assert!(lines[10].starts_with("| 4 | 2/2 | 2/2 | "), "{}", lines[10]);
    assert!(lines[11].starts_with("| 6 | 2/2 | 2/2 | "), "{}", lines[11]);
    // The listed positions are the ones solved, in notation.
    let listed = ok(&[
        "bench",
        "--solver",
        "--list",
        "--positions",
        "2",
        "--min-seeds",
        "4",
        "--max-seeds",
        "4",
    ]);
    // The positions alone, one a line (a header line once came first).
    let positions: Vec<&str> = listed.lines().collect();
    assert_eq!(positions.len(), 2);
    for p in positions {
        let pos = maasai_mancala::engine::notation::parse_position(p).unwrap();
        assert_eq!(pos.board_seeds(), 4);
    }
    // Every second seed count from the least, and the greatest asked for
    // (5 to 6 listed only 5-seed endgames).
    let listed = ok(&[
        "bench",
        "--solver",
        "--list",
        "--positions",
        "1",
        "--min-seeds",
        "5",
        "--max-seeds",
        "8",
    ]);
    let counts: Vec<u32> = listed
        .lines()
        .map(|p| {
            maasai_mancala::engine::notation::parse_position(p)
                .unwrap()
                .board_seeds()
        })
        .collect();
    assert_eq!(counts, [5, 7, 8]);
    // Nonsense ranges are refused with the options named.
    let (out, err, code) = run(&["bench", "--solver", "--min-seeds", "8", "--max-seeds", "6"]);
    assert_eq!(code, 2);
    assert!(out.is_empty());
    assert!(err.contains("--min-seeds/--max-seeds"), "{err}");
    let (out, err, code) = run(&["bench", "--solver", "--table-bits", "31"]);
    assert_eq!(code, 2);
    assert!(out.is_empty());
    assert!(err.contains("--table-bits"), "{err}");
    assert!(err.contains("from 4 to 30, not 31"), "{err}");
    // `solve` refuses the same sizes rather than quietly clamping them.
    for bits in ["3", "31", "-1", "big"] {
        let (out, err, code) = run(&[
            "solve",
            "en-gehe south=1,0,0 north=0,1,0 captured=0,0 turn=south",
            &format!("--table-bits={bits}"),
        ]);
        assert_eq!(code, 2, "{bits}");
        assert!(out.is_empty(), "{bits}");
        assert!(
            err.contains("--table-bits") && err.contains(&format!("not {bits}")),
            "{err}"
        );
    }
    // A size the machine cannot give is refused with what it needs, not
    // aborted with a failed allocation and a backtrace (2^30 buckets are
    // 64 GiB; skipped on a machine that has them).
    let available_gib = std::fs::read_to_string("/proc/meminfo")
        .ok()
        .and_then(|m| {
            let line = m
                .lines()
                .find(|l| l.starts_with("MemAvailable:"))?
                .to_string();
            line.split_whitespace().nth(1)?.parse::<u64>().ok()
        })
        .map(|kib| kib >> 20);
    if available_gib.is_some_and(|g| g < 60) {
        for command in [
            vec![
                "solve",
                "en-gehe south=1,0,0 north=0,1,0 captured=0,0 turn=south",
            ],
            vec!["bench", "--solver", "--positions", "1", "--max-seeds", "10"],
        ] {
            let mut args = command.clone();
            args.extend(["--table-bits", "30"]);
            let (out, err, code) = run(&args);
            assert_eq!(code, 2, "{err}");
            assert!(out.is_empty(), "printed before the refusal: {out}");
            assert!(
                err.contains("--table-bits 30: a table of 2^30 buckets needs 64 GiB"),
                "{err}"
            );
            assert!(
                !err.contains("panicked") && !err.contains("backtrace"),
                "{err}"
            );
        }
    }
}

#[test]
fn a_reader_that_goes_away_ends_the_command_quietly() {
    // `maasai-mancala solve … | head -1` and the like: the reader has gone
    // before the answer is written, so the write fails. The command must
    // end as Unix tools do, not with a panic on standard error.
    common::ends_quietly_when_its_reader_goes(
        Command::new(BIN).args([
            "solve",
            "en-gehe south=2,0,1,1,1 north=0,0,1,1,0 captured=0,0 turn=south",
        ]),
        "solve",
    );
}

#[test]
fn numeric_options_out_of_range_are_refused_not_replaced() {
    for (args, words) in [
        (
            &["bench", "--seconds", "0"][..],
            "a number of seconds from 0.1 to 3600, not 0",
        ),
        (
            &["bench", "--seconds", "nan"][..],
            "a number of seconds from 0.1 to 3600, not nan",
        ),
        (&["bench", "--list"][..], "--solver"),
        (
            &["start", "bao-la-kimasai", "--seeds", "5"][..],
            "--seeds is an En Gehé option: Bao la Kimasai always has",
        ),
        (
            &["start", "bao-la-kimasai", "--holes", "8"][..],
            "--holes is an En Gehé option",
        ),
        (
            &["start", "bao-la-kimasai", "--holes", "8", "--seeds", "1"][..],
            "--holes and --seeds are En Gehé options",
        ),
        (
            &["bench", "--solver", "--seconds", "2"][..],
            "cannot be used with",
        ),
        (
            &["bench", "--list", "--seconds", "0.1"][..],
            "--list is an option of `bench --solver`: add --solver",
        ),
        (
            &[
                "bench",
                "--positions",
                "2",
                "--limit",
                "1",
                "--seconds",
                "0.1",
            ][..],
            "--limit, --positions are options of `bench --solver`",
        ),
        (
            &[
                "analyse",
                "--threads",
                "0",
                "en-gehe south=1,1,1 north=1,1,1 captured=0,0 turn=south",
            ][..],
            "a number of threads from 1 to 64, not 0",
        ),
    ] {
        let (_, err, code) = run(args);
        assert_eq!(code, 2, "{args:?}");
        assert!(err.contains(words), "{args:?}: {err}");
    }
}

#[test]
fn check_prove_solves_a_study_and_says_whether_its_goal_holds() {
    let (out, err, code) = run(&["check", "assets/studies/02-capture.ron", "--prove"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("goal holds: South to move wins by at least 3 (value=+3"),
        "{out}"
    );
    // The same study claiming a margin it does not reach.
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("overclaimed.ron");
    let text = std::fs::read_to_string("assets/studies/02-capture.ron").unwrap();
    std::fs::write(
        &bad,
        text.replace("MarginAtLeast(3)", "MarginAtLeast(30)")
            .replace("at least 3\"", "at least 30\""),
    )
    .unwrap();
    let (out, err, code) = run(&["check", bad.to_str().unwrap(), "--prove"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("(a margin of at least 30) does not hold: with best play the value is +3"),
        "{err}"
    );
    // At the goal's place in the file.
    let goal = text.find("goal:").unwrap();
    let line = text[..goal].matches('\n').count() + 1;
    let column = goal - text[..goal].rfind('\n').map_or(0, |n| n + 1) + 1;
    assert!(
        err.contains(&format!("overclaimed.ron:{line}:{column}: the goal \"")),
        "{err}"
    );
    // One verdict: no "ok" before the failure.
    assert!(out.is_empty(), "{out}");
    // Not proved in time: exit 3 with the bounds.
    let (out, _, code) = run(&[
        "check",
        "assets/studies/08-2x50-tempo-sacrifice.ron",
        "--prove",
        "--limit",
        "0.001",
    ]);
    assert_eq!(code, 3, "{out}");
    assert!(out.contains("goal not proved within the limit"), "{out}");
    // Valid, but not the `ok` of a study whose claims all hold.
    assert!(
        out.starts_with("assets/studies/08-2x50-tempo-sacrifice.ron: valid, study: "),
        "{out}"
    );
    assert!(!out.contains(": ok, "), "{out}");
}

/// Runs the binary, killing it if it has not ended within `secs` seconds
/// (then `None`): a command must never wait forever on its input.
fn run_within(args: &[&str], secs: u64) -> Option<(String, String, i32)> {
    let mut child = Command::new(BIN)
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let began = std::time::Instant::now();
    while began.elapsed().as_secs() < secs {
        if child.try_wait().unwrap().is_some() {
            let out = child.wait_with_output().unwrap();
            return Some((
                String::from_utf8(out.stdout).unwrap(),
                String::from_utf8(out.stderr).unwrap(),
                out.status.code().unwrap_or(-1),
            ));
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    let _ = child.kill();
    let _ = child.wait();
    None
}

#[cfg(unix)]
#[test]
fn check_and_replay_refuse_a_pipe_without_waiting_for_a_writer() {
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("fifo.ron");
    let made = Command::new("mkfifo").arg(&fifo).status().unwrap();
    assert!(made.success());
    let link = dir.path().join("link.ron");
    std::os::unix::fs::symlink(&fifo, &link).unwrap();
    for path in [&fifo, &link] {
        for command in ["check", "replay"] {
            let (out, err, code) = run_within(&[command, path.to_str().unwrap()], 5)
                .unwrap_or_else(|| panic!("{command} {path:?} hangs on a pipe"));
            assert_eq!(code, 2, "{command}: {err}");
            assert!(out.is_empty());
            assert!(err.contains("not a regular file"), "{command}: {err}");
        }
    }
}

/// Runs the binary with standard output on `/dev/full` (every write fails
/// with "no space left") and `input` on standard input.
#[cfg(target_os = "linux")]
fn run_into_full_disk(args: &[&str], input: &str) -> (String, i32) {
    let full = std::fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .unwrap();
    let mut child = Command::new(BIN)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(full)
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    (
        String::from_utf8(out.stderr).unwrap(),
        out.status.code().unwrap_or(-1),
    )
}

#[cfg(target_os = "linux")]
#[test]
fn a_failed_write_of_the_output_is_an_error_not_a_panic_nor_success() {
    let small = "en-gehe south=2,0,1,1,1 north=0,0,1,1,0 captured=0,0 turn=south";
    let game = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/snapshot-game.ron"
    );
    let study = concat!(env!("CARGO_MANIFEST_DIR"), "/assets/studies/01-relay.ron");
    let apply_input = format!("{small} ; 1\n");
    for (args, input) in [
        (&["start", "en-gehe"][..], ""),
        (&["moves", small], ""),
        (&["play", small, "1"], ""),
        (&["trace", small, "1"], ""),
        (&["replay", game], ""),
        (&["check", game], ""),
        (&["check", "--prove", study], ""),
        (&["analyse", small, "--depth", "2"], ""),
        (&["solve", small], ""),
        (
            &[
                "match", "--a", "random", "--b", "random", "--games", "1", "en-gehe", "--holes",
                "4",
            ],
            "",
        ),
        (&["apply"], apply_input.as_str()),
        (&["--help"], ""),
        (&["--version"], ""),
        (&["solve", "--help"], ""),
    ] {
        let (err, code) = run_into_full_disk(args, input);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
        // In the words every save uses, not "No space left on device (os
        // error 28)".
        assert!(
            err.starts_with("error: cannot write the output: the disk is full"),
            "{args:?}: {err}"
        );
    }
    // `play --save` saves first: the answer that could not be written does
    // not leave the saved game unsaid (it read as if nothing was written).
    let dir = tempfile::tempdir().unwrap();
    let saved = dir.path().join("c.ron");
    let saved_text = saved.display().to_string();
    let (err, code) = run_into_full_disk(&["play", small, "1", "--save", &saved_text], "");
    assert_eq!(code, 2, "{err}");
    assert!(saved.is_file());
    assert_eq!(
        err,
        format!(
            "error: cannot write the output: the disk is full (free some space, or use another \
             disk); the game was saved to {saved_text}\n"
        )
    );
}

#[test]
fn an_endless_move_that_is_the_sides_only_one_is_refused_as_endless() {
    // South's only move, 1, never ends, so the game is over; asking for it
    // must still say that it never ends (RULES.md "Endless moves").
    let p = "en-gehe south=4,0,0 north=3,2,3 captured=0,0 turn=south origin=skip";
    let (out, err, code) = run(&["play", p, "1"]);
    assert_eq!(code, 2);
    assert!(out.is_empty());
    assert!(err.contains("never ends"), "{err}");
    assert!(!err.contains("already over"), "{err}");
    let (out, _) = apply_all(format!("{p} ; 1\n{p} ; 2\n"));
    let lines: Vec<&str> = out.lines().collect();
    assert!(
        lines[0].starts_with("error: ") && lines[0].contains("endless"),
        "{out}"
    );
    assert!(lines[0].contains("never ends"), "{out}");
    // Any other move there: the game is over.
    assert!(
        lines[1].contains("illegal") && lines[1].contains("over"),
        "{out}"
    );
    // `trace` says it as `play` does (it said the game was over).
    let (out, err, code) = run(&["trace", p, "1"]);
    assert_eq!((out.as_str(), code), ("", 2));
    assert!(
        err.contains("never ends") && !err.contains("already over"),
        "{err}"
    );
    let (_, err, code) = run(&["trace", p, "2"]);
    assert_eq!(code, 2);
    assert!(err.contains("already over"), "{err}");
}

#[test]
fn a_record_of_a_position_and_a_semicolon_is_the_position_for_every_command() {
    // `play` and `solve` read it; `moves`, `trace`, `analyse` and
    // `diagram` took the `;` for a token of the position.
    let p = "en-gehe south=4,4,4,4,4 north=4,4,4,4,4 captured=0,0 turn=south";
    let with = format!("{p} ;");
    for args in [
        vec!["moves"],
        vec!["play"],
        vec!["trace", "POS", "1"],
        vec!["analyse", "--depth", "2"],
        vec!["diagram"],
        vec!["solve", "--limit", "5"],
    ] {
        let line = |pos: &str| -> Vec<String> {
            let mut a: Vec<String> = args.iter().map(|s| s.to_string()).collect();
            match a.iter().position(|s| s == "POS") {
                Some(i) => a[i] = pos.to_string(),
                None => a.push(pos.to_string()),
            }
            a
        };
        let (a, b) = (line(p), line(&with));
        let a: Vec<&str> = a.iter().map(String::as_str).collect();
        let b: Vec<&str> = b.iter().map(String::as_str).collect();
        let (out, err, code) = run(&b);
        assert_eq!(code, 0, "{b:?}: {err}");
        if args[0] != "solve" && args[0] != "analyse" {
            assert_eq!(out, ok(&a), "{b:?}");
        }
    }
}

#[test]
fn holes_and_seeds_out_of_range_name_the_number_typed() {
    for (args, expected) in [
        (
            &["start", "en-gehe", "--holes", "300"][..],
            "error: --holes: rows must have 3 to 64 holes, not 300\n",
        ),
        (
            &["start", "en-gehe", "--holes", "99999999999"][..],
            "error: --holes: rows must have 3 to 64 holes, not 99999999999\n",
        ),
        (
            &[
                "start",
                "en-gehe",
                "--holes",
                "123456789012345678901234567890",
            ][..],
            "error: --holes: rows must have 3 to 64 holes, not 123456789012345678901234567890\n",
        ),
        (
            &["start", "en-gehe", "--seeds", "1000"][..],
            "error: --seeds: seeds per hole must be 1 to 12, not 1000\n",
        ),
        (
            &[
                "match", "--a", "random", "--b", "random", "en-gehe", "--holes", "300",
            ][..],
            "error: --holes: rows must have 3 to 64 holes, not 300\n",
        ),
    ] {
        let (out, err, code) = run(args);
        assert_eq!(code, 2, "{args:?}");
        assert!(out.is_empty());
        assert_eq!(err, expected, "{args:?}");
    }
    // Not a number at all: clap's refusal, naming the option.
    let (_, err, code) = run(&["start", "en-gehe", "--holes", "x"]);
    assert_eq!(code, 2);
    assert!(err.contains("--holes") && err.contains("x"), "{err}");
    assert_eq!(
        ok(&["start", "en-gehe", "--holes", "3", "--seeds", "12"]),
        "en-gehe south=12,12,12 north=12,12,12 captured=0,0 turn=south\n"
    );
}

#[test]
fn check_prove_names_the_plies_it_falls_short_by_and_refuses_a_non_study_first() {
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("st_fail2.ron");
    let text = std::fs::read_to_string("assets/studies/07-phase-change.ron").unwrap();
    assert!(text.contains("WinWithin(3)"));
    std::fs::write(
        &bad,
        text.replace("WinWithin(3)", "WinWithin(2)")
            .replace("within 3 plies", "within 2 plies"),
    )
    .unwrap();
    let (_, err, code) = run(&["check", bad.to_str().unwrap(), "--prove"]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains(
            "(a win within 2 plies) does not hold: with best play the value is a win in 3 plies"
        ),
        "{err}"
    );
    // Not a study: one verdict only, the refusal, before any "ok".
    for file in ["tests/fixtures/snapshot-game.ron", "assets/presets.ron"] {
        let (out, err, code) = run(&["check", "--prove", file]);
        assert_eq!(code, 2, "{file}");
        assert!(out.is_empty(), "{file}: {out}");
        assert!(err.contains("--prove applies to study files only"), "{err}");
    }
}

#[test]
fn apply_errors_keep_the_promised_words_and_quote_the_move_as_typed() {
    let mut input = b"en-gehe south=1,1,0 north=0,0,0 captured=0,0 turn=south ; x\n".to_vec();
    input.extend_from_slice(b"\xff ; 1\n");
    input.extend_from_slice(b"en-gehe south=1,1,0 north=0,0,0 captured=0,0 turn=south ;  +1 \n");
    let (text, success) = apply_all(input);
    assert!(success);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 3, "{text}");
    assert!(
        lines[0].starts_with("error: line 1: illegal move `x`: "),
        "{text}"
    );
    assert!(
        lines[1].starts_with("error: ") && lines[1].contains("invalid position"),
        "{text}"
    );
    assert!(
        lines[1].starts_with("error: line 2: invalid position: not UTF-8 text"),
        "{text}"
    );
    assert!(
        lines[2].starts_with("error: line 3: illegal move `+1`: "),
        "{text}"
    );
    // Standard input that cannot be read says so.
    let dir = tempfile::tempdir().unwrap();
    let out = Command::new(BIN)
        .arg("apply")
        .stdin(std::fs::File::open(dir.path()).unwrap())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("standard input"), "{err}");
}

#[test]
fn help_texts_name_every_file_kind_and_bench_mode() {
    for args in [&["--help"][..], &["check", "--help"]] {
        let out = ok(args);
        assert!(
            out.contains("saved game, presets file, autosave or study"),
            "{args:?}: {out}"
        );
    }
    let out = ok(&["bench", "--help"]);
    assert!(
        out.contains("with --bao, Bao la Kimasai positions"),
        "{out}"
    );
    // A record of another name: the message lists every kind read.
    let dir = tempfile::tempdir().unwrap();
    let foo = dir.path().join("foo.ron");
    std::fs::write(&foo, "Foo(a: 1)\n").unwrap();
    let (_, err, code) = run(&["check", foo.to_str().unwrap()]);
    assert_eq!(code, 2);
    for kind in ["SavedGame(…)", "PresetFile(…)", "Autosave(…)", "Study(…)"] {
        assert!(err.contains(kind), "{err}");
    }
}

#[test]
fn play_save_that_fails_prints_no_result() {
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("no/such/folder/g.ron");
    let p = "en-gehe south=1,1,0 north=0,0,0 captured=0,0 turn=south";
    for target in [
        missing.to_str().unwrap(),
        dir.path().to_str().unwrap(),
        "/dev/null",
    ] {
        let (out, err, code) = run(&["play", p, "1", "--save", target]);
        assert_eq!(code, 2, "{target}");
        assert!(out.is_empty(), "{target}: {out}");
        assert!(!err.contains(".bak"), "{err}");
    }
    let good = dir.path().join("g.ron");
    let out = ok(&["play", p, "1", "--save", good.to_str().unwrap()]);
    assert_eq!(out, ok(&["play", p, "1"]));
    assert!(good.exists());
}

#[test]
fn play_save_to_the_program_s_own_output_is_refused_and_the_shell_s_file_kept() {
    // `play … --save /dev/stdout --force >> out.txt` replaced out.txt with
    // the saved game (its text kept as out.txt.bak) and lost the answer
    // printed to the old file.
    let dir = tempfile::tempdir().unwrap();
    let p = "en-gehe south=1,1,0 north=0,0,0 captured=0,0 turn=south";
    let path = dir.path().join("out.txt");
    for (target, stream) in [
        ("/dev/stdout", "standard output"),
        ("/proc/self/fd/1", "standard output"),
        (path.to_str().unwrap(), "standard output"),
        ("/dev/stderr", "standard error"),
    ] {
        std::fs::write(&path, "precious\n").unwrap();
        let file = std::fs::OpenOptions::new()
            .append(true)
            .open(&path)
            .unwrap();
        let err_file = std::fs::OpenOptions::new()
            .append(true)
            .open(&path)
            .unwrap();
        let (out_to, err_to) = if stream == "standard output" {
            (Stdio::from(file), Stdio::piped())
        } else {
            (Stdio::piped(), Stdio::from(err_file))
        };
        let done = Command::new(BIN)
            .args(["play", p, "1", "--save", target, "--force"])
            .stdout(out_to)
            .stderr(err_to)
            .output()
            .unwrap();
        assert_eq!(done.status.code(), Some(2), "{target}");
        let written = std::fs::read_to_string(&path).unwrap();
        assert!(written.starts_with("precious\n"), "{target}: {written}");
        assert!(!written.contains("SavedGame"), "{target}: {written}");
        assert!(!dir.path().join("out.txt.bak").exists(), "{target}");
        let said = if stream == "standard output" {
            String::from_utf8(done.stderr).unwrap()
        } else {
            written
        };
        assert!(
            said.contains(&format!(
                "{target}: not saved: it is this program's {stream}"
            )),
            "{target}: {said}"
        );
    }
}

#[test]
fn check_prove_refuses_a_solution_move_that_is_not_best() {
    // 02-capture with North's best defence kept but South's winning first
    // move replaced by a legal losing one (and its comment to match): the
    // study would teach a mistake. Named with its place in the file.
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("weak.ron");
    let text = std::fs::read_to_string("assets/studies/02-capture.ron").unwrap();
    let text = text
        .replace(
            "Step(mv: \"6\", comment: \"South 6:",
            "Step(mv: \"2\", comment: \"South 2:",
        )
        .replace("MarginAtLeast(3)", "MarginAtLeast(-7)")
        .replace("wins by at least 3", "loses by at most 7");
    std::fs::write(&bad, &text).unwrap();
    // Valid as a file: every move is legal and named by its comment.
    let (out, err, code) = run(&["check", bad.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains(": ok, study:"), "{out}");
    // The goal holds (the position is worth +3), but the line's first move
    // keeps only -7.
    let (out, err, code) = run(&["check", bad.to_str().unwrap(), "--prove"]);
    assert_eq!(code, 2, "{out}");
    assert!(out.is_empty(), "{out}");
    let step = text.find("Step(").unwrap();
    let line = text[..step].matches('\n').count() + 1;
    assert!(
        err.contains(&format!(
            "weak.ron:{line}:9: solution move 1 (South 2) is not best: South loses by 7 seeds after it, where the best move wins by 3 seeds"
        )),
        "{err}"
    );
    // The shipped study's line is proved best move by move.
    let (out, err, code) = run(&["check", "assets/studies/02-capture.ron", "--prove"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("; all 3 solution moves are best"), "{out}");
}

#[test]
fn check_refuses_a_goal_whose_words_name_another_number() {
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("goal.ron");
    let text = std::fs::read_to_string("assets/studies/02-capture.ron").unwrap();
    std::fs::write(&bad, text.replace("MarginAtLeast(3)", "MarginAtLeast(9)")).unwrap();
    let (out, err, code) = run(&["check", bad.to_str().unwrap()]);
    assert_eq!(code, 2, "{out}");
    assert!(
        err.contains(
            "the goal's text \"South to move wins by at least 3\" does not say what its kind checks, MarginAtLeast(9)"
        ),
        "{err}"
    );
}

#[test]
fn play_names_the_mover_of_a_refused_move_and_counts_holes_in_good_english() {
    let (_, err, code) = run(&[
        "play",
        "en-gehe south=1,0,0 north=1,0,0 captured=0,0 turn=south",
        "1",
        "3",
    ]);
    assert_eq!(code, 2);
    assert!(
        err.contains("move 2 (North `3`): illegal move `3`: the hole is empty"),
        "{err}"
    );
    let (_, err, code) = run(&[
        "play",
        "en-gehe south=1,0,0 north=1 captured=0,0 turn=south",
    ]);
    assert_eq!(code, 2);
    assert!(
        err.contains("North's row has 1 hole but South's has 3"),
        "{err}"
    );
}

#[test]
fn check_reads_a_study_with_a_byte_order_mark_and_says_an_empty_file_is_empty() {
    let dir = tempfile::tempdir().unwrap();
    let text = std::fs::read_to_string("assets/studies/02-capture.ron").unwrap();
    let bom = dir.path().join("bom.ron");
    std::fs::write(&bom, format!("\u{feff}{text}")).unwrap();
    let (out, err, code) = run(&["check", bom.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains(": ok, study:"), "{out}");
    let empty = dir.path().join("empty.ron");
    std::fs::write(&empty, "\n  \n").unwrap();
    let (_, err, code) = run(&["check", empty.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(err.contains("empty.ron: the file is empty"), "{err}");
    // Line breaks in a title are shown escaped: the verdict stays one line.
    let broken = dir.path().join("lines.ron");
    std::fs::write(
        &broken,
        text.replace(
            "title: \"The capture takes its trigger seed\"",
            "title: \"Two\\nlines\"",
        ),
    )
    .unwrap();
    let (out, err, code) = run(&["check", broken.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.lines().count(), 1, "{out}");
    assert!(out.contains("\"Two\\nlines\""), "{out}");
}

#[test]
fn a_mistyped_command_is_named_with_the_one_meant() {
    for (args, said) in [
        (
            &["strat", "en-gehe"][..],
            "unknown command `strat` (did you mean `start`?)",
        ),
        (
            &["chek", "g1.ron"][..],
            "unknown command `chek` (did you mean `check`?)",
        ),
        (
            &["stat"][..],
            "unknown command `stat` (did you mean `start`?)",
        ),
        (&["frobnicate", "x"][..], "unknown command `frobnicate`;"),
        // A file to open that is not there: no window opens.
        (
            &["/tmp/no-such-dir/game.ron"][..],
            "cannot open `/tmp/no-such-dir/game.ron`: there is no such file",
        ),
        (
            &["missing-game.ron"][..],
            "cannot open `missing-game.ron`: there is no such file",
        ),
        // With a word after it too (it was called an unknown command).
        (
            &["missing-game.ron", "extra"][..],
            "cannot open `missing-game.ron`: there is no such file",
        ),
        (&[""][..], "the first word is empty: give a command"),
    ] {
        let (out, err, code) = run(args);
        assert_eq!((out.as_str(), code), ("", 2), "{args:?}: {err}");
        assert!(
            err.starts_with(&format!("error: {said}")),
            "{args:?}: {err}"
        );
    }
    // A path the system cannot look at is said so, not called missing.
    let long = format!("/tmp/{}.ron", "a".repeat(300));
    let below_a_file = format!("{BIN}/game.ron");
    for (path, said) in [
        (long.as_str(), "the file name is too long"),
        (below_a_file.as_str(), "is a file, not a folder"),
    ] {
        let (out, err, code) = run(&[path]);
        assert_eq!((out.as_str(), code), ("", 2), "{path}: {err}");
        assert!(
            err.starts_with(&format!("error: cannot open `{path}`: cannot look at it: ")),
            "{path}: {err}"
        );
        assert!(err.contains(said), "{path}: {err}");
        assert!(!err.contains("no such file"), "{path}: {err}");
    }
}

/// A file to open with a word after it: clap called the word a subcommand
/// "that cannot be used with '[FILE]'" (`extra` is none) and showed the
/// two usages; it is one word too many, and the command goes first.
#[test]
fn a_word_after_the_file_to_open_is_called_one_too_many() {
    let file = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/snapshot-game.ron"
    );
    for (args, said) in [
        (
            &[file, "extra"][..],
            format!(
                "error: `{file}` is a file to open in the window, which takes nothing after it, \
                 not `extra` (a command comes first: `maasai-mancala COMMAND …`; \
                 `maasai-mancala --help` lists them)\n"
            ),
        ),
        (
            &[file, "extra", "more"][..],
            format!(
                "error: `{file}` is a file to open in the window, which takes nothing after it, not `extra` ("
            ),
        ),
        (
            &[file, "check"][..],
            format!(
                "error: `{file}` is a file to open in the window, which takes nothing after it, \
                 not `check` (a command comes first: `maasai-mancala check …`)\n"
            ),
        ),
    ] {
        let (out, err, code) = run(args);
        assert_eq!((out.as_str(), code), ("", 2), "{args:?}: {err}");
        assert!(err.starts_with(&said), "{args:?}: {err}");
        assert!(!err.contains("subcommand"), "{args:?}: {err}");
    }
    // An option after it is still clap's: help is help.
    let (out, _, code) = run(&[file, "--help"]);
    assert_eq!(code, 0);
    assert!(out.contains("Usage:"), "{out}");
}

#[test]
fn no_display_is_said_in_plain_words() {
    let out = open_without_display(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/snapshot-game.ron"
    ));
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.starts_with("error: cannot open the window: there is no display"),
        "{err}"
    );
}

#[test]
fn a_display_that_cannot_be_reached_is_named_without_winit_s_source_path() {
    let out = Command::new(BIN)
        .arg(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/fixtures/snapshot-game.ron"
        ))
        // No X server listens on display 4711.
        .env("DISPLAY", ":4711")
        .env_remove("WAYLAND_DISPLAY")
        .env_remove("WAYLAND_SOCKET")
        .output()
        .unwrap();
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.starts_with("error: cannot open the window on the display `:4711`: "),
        "{err}"
    );
    assert!(!err.contains(".rs:") && !err.contains("cargo"), "{err}");
}

#[test]
fn a_zero_limit_is_refused_as_the_other_zero_limits_are() {
    let pos = "en-gehe south=2,0,1,1,1 north=0,0,1,1,0 captured=0,0 turn=south";
    for (args, said) in [
        (
            &["analyse", pos, "--depth", "0"][..],
            "a depth in plies from 1 to 64, not 0",
        ),
        // Beyond the search's reach, told the range it has rather than
        // the range of the number type.
        (
            &["analyse", pos, "--depth", "99999999999"][..],
            "a depth in plies from 1 to 64, not 99999999999",
        ),
        (
            &["analyse", pos, "--depth", "65"][..],
            "a depth in plies from 1 to 64, not 65",
        ),
        (
            &["analyse", pos, "--quiescence", "31"][..],
            "a number of plies from 0 to 30, not 31",
        ),
        // A negative number is a number out of range, not an unknown flag.
        (
            &["solve", pos, "--limit", "-5"][..],
            "a number of seconds above 0 and at most 86400, not -5",
        ),
        (
            &["solve", pos, "--threads", "0"][..],
            "a number of threads, 1 or 2, not 0",
        ),
        (
            &["bench", "--seconds", "1e99"][..],
            "from 0.1 to 3600, not 1e99",
        ),
        (
            &["analyse", pos, "--lines", "0"][..],
            "a number of lines from 1 to 64, not 0",
        ),
        (
            &["analyse", pos, "--movetime", "0"][..],
            "a number of milliseconds from 1 to 86400000, not 0",
        ),
        (
            &[
                "match",
                "en-gehe",
                "--holes",
                "5",
                "--a",
                "greedy",
                "--b",
                "random",
                "--movetime",
                "0",
            ][..],
            "a number of milliseconds from 1 to 86400000, not 0",
        ),
    ] {
        let (out, err, code) = run(args);
        assert_eq!((out.as_str(), code), ("", 2), "{args:?}: {err}");
        assert!(err.contains(said), "{args:?}: {err}");
    }
}

#[test]
fn analyse_prints_a_bao_la_kimasai_win_or_loss_with_its_distance() {
    // South's i2 empties North's inner row at once. On the second board
    // South's o1 lets North do the same within a few plies.
    let win = "bao-la-kimasai south=0,1,1,0,0,0,0,0,0,0,0,0,0,0,0,0 north=0,0,0,0,0,3,0,0,0,0,0,0,0,0,0,1 reserve=0,0 turn=south opening=no";
    let (out, err, code) = run(&["analyse", win, "--depth", "4", "--lines", "1"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("move=i2 score=win plies=1 depth="), "{out}");
    let loss = "bao-la-kimasai south=0,0,0,0,0,3,0,0,0,0,0,0,0,0,0,1 north=0,1,1,0,0,0,0,0,0,0,0,0,0,0,0,0 reserve=0,0 turn=south opening=no";
    let (out, err, code) = run(&["analyse", loss, "--depth", "6", "--lines", "2"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("move=o1 score=loss plies="), "{out}");
    assert!(!out.contains("99999"), "{out}");
}

/// Every printed line is as long as its depth unless the game ends on it:
/// a table cut-off ended a searched line early and the table's moves
/// after it had been replaced, so `move=7 … depth=19` printed 12 plies of
/// a game that goes on (and on 2×50, `move=36 … depth=23` 13 plies). The
/// rest is searched again from where the line stops.
#[test]
fn analyse_lines_reach_their_depth_unless_the_game_ends() {
    let endgame = "en-gehe south=0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,1,0,0,0,0,0,0,0,0,0,0,0,1,0,0,0,0,0,0,1,0,0,0,1,0,0,0,0,0,0,0,0,1,0 north=0,0,1,0,0,0,0,1,0,0,0,0,0,0,0,0,1,1,0,0,0,0,0,0,0,0,0,0,1,0,1,0,0,0,0,0,0,0,1,0,0,0,0,0,0,0,0,0,0,0 captured=0,0 turn=south";
    let eight = "en-gehe south=3,0,1,3,1,3,1,0 north=3,0,1,1,1,1,0,1 captured=12,32 turn=south";
    let mut ended = 0;
    for (pos, depth) in [(eight, "19"), (endgame, "23")] {
        let out = ok(&["analyse", pos, "--depth", depth, "--lines", "2"]);
        assert_eq!(out.lines().count(), 2, "{out}");
        for line in out.lines() {
            assert!(line.contains(&format!(" depth={depth} pv=")), "{line}");
            let pv: Vec<&str> = line.split_once(" pv=").unwrap().1.split(' ').collect();
            let mut args = vec!["play", pos];
            args.extend(&pv);
            let played = ok(&args);
            if played.contains(" result=") {
                ended += 1;
                assert!(pv.len() <= depth.parse().unwrap(), "{line}");
            } else {
                assert_eq!(pv.len().to_string(), depth, "cut short: {line}");
            }
        }
    }
    // (A line that ends with the game is whole as it is: `move=3` here.)
    assert!(ended >= 1, "no line ends with the game");
}

#[test]
fn analyse_keeps_its_time_limit_when_a_move_takes_long_to_prove_endless() {
    // Move 3 neither ends nor repeats within RULES.md's 1,000,000,000 laps
    // (tens of seconds to prove); the time limit is a fraction of that.
    let pos = "en-gehe south=4,5,4,2,4,5 north=4,3,4,5,4,79 captured=0,0 turn=south";
    let (out, err, code) = run_within(&["analyse", pos, "--movetime", "200", "--lines", "9"], 120)
        .expect("analyse ended");
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("info undecided=3 "), "{err}");
    assert!(!out.contains("move=3 "), "{out}");
    assert_eq!(out.lines().count(), 5, "{out}");
}

#[test]
fn solve_every_move_keeps_each_moves_limit_when_a_move_takes_long_to_prove_endless() {
    // The position of the test above: move 3 runs past RULES.md's
    // 1,000,000,000 laps (tens of seconds), which `--every-move` used to
    // prove before any move was solved, outside every limit. Each move's
    // limit now covers its sowing: move 3 is undecided in its line.
    let pos = "en-gehe south=4,5,4,2,4,5 north=4,3,4,5,4,79 captured=0,0 turn=south";
    let (out, err, code) =
        run_within(&["solve", pos, "--limit", "0.2", "--every-move"], 120).expect("solve ended");
    assert_eq!(code, 3, "{out}{err}");
    let moves: Vec<&str> = out.lines().filter(|l| l.starts_with("move=")).collect();
    let names: Vec<&str> = moves
        .iter()
        .map(|l| l.split_whitespace().next().unwrap())
        .collect();
    // Every hole in sowing order, the undecided one in its place.
    assert_eq!(
        names,
        ["move=1", "move=2", "move=3", "move=4", "move=5", "move=6"],
        "{out}"
    );
    assert_eq!(moves[2], "move=3 undecided nodes=0", "{out}");
    // What the moves prove cannot leave out a move that may be legal.
    assert!(
        out.lines()
            .last()
            .unwrap()
            .starts_with("from the moves: unsolved "),
        "{out}"
    );
}

#[test]
fn a_match_game_adjudicated_at_the_move_cap_gives_the_totals() {
    let (out, err, code) = run(&[
        "match",
        "--a",
        "random",
        "--b",
        "random",
        "--games",
        "1",
        "--max-moves",
        "3",
        "en-gehe",
        "--holes",
        "5",
    ]);
    assert_eq!(code, 0, "{err}");
    let line = out.lines().next().unwrap();
    let (_, how) = line.split_once('(').expect("a reason");
    let (totals, rest) = how.split_once(", ").unwrap();
    assert_eq!(
        rest, "adjudicated at the move cap: each side took its own row)",
        "{line}"
    );
    // Both sides' totals make up the 40 seeds of a 2×5 board.
    let (s, n) = totals.split_once('-').unwrap();
    assert_eq!(
        s.parse::<u32>().unwrap() + n.parse::<u32>().unwrap(),
        40,
        "{line}"
    );
}

#[test]
fn unsolved_bao_moves_keep_their_plies_so_the_last_line_is_never_wider() {
    // An eight-seed Bao la Kimasai position no solve finishes in a second:
    // each move's bounds and what they prove keep the plies proved (a
    // bare `lower=loss upper=win` is the widest there is).
    let pos = "bao-la-kimasai south=0,1,0,0,2,0,0,0,0,0,1,0,0,0,0,0 north=1,0,0,1,0,0,0,0,0,0,0,0,2,0,0,0 reserve=0,0 turn=south opening=no";
    let (out, err, code) = run(&["solve", pos, "--limit", "1", "--every-move"]);
    assert_eq!(code, 3, "{out}{err}");
    let lines: Vec<&str> = out.lines().collect();
    let moves: Vec<&&str> = lines.iter().filter(|l| l.starts_with("move=")).collect();
    assert_eq!(moves.len(), 3, "{out}");
    for line in moves {
        assert!(
            line.contains(" lower_plies=") && line.contains(" upper_plies="),
            "{out}"
        );
    }
    let last = lines.last().unwrap();
    assert!(
        last.starts_with("from the moves: unsolved lower=loss upper=win lower_plies="),
        "{out}"
    );
    let plies = |line: &str, name: &str| -> u32 {
        line.split_whitespace()
            .find_map(|t| t.strip_prefix(name))
            .unwrap()
            .parse()
            .unwrap()
    };
    // Never wider than the position's own: no fewer plies without a loss.
    assert!(
        plies(last, "lower_plies=") >= plies(lines[1], "lower_plies="),
        "{out}"
    );
}

/// The position of the audit's examples.
const SMALL: &str = "en-gehe south=4,0,4 north=4,4,4 captured=0,0 turn=south";

#[cfg(unix)]
#[test]
fn play_save_keeps_the_files_permissions_and_refuses_a_read_only_file() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("private.ron");
    let target = file.to_str().unwrap();
    let mode = |p: &std::path::Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o7777;
    ok(&["play", SMALL, "1", "--save", target]);
    std::fs::set_permissions(&file, std::fs::Permissions::from_mode(0o600)).unwrap();
    ok(&["play", SMALL, "3", "--save", target, "--force"]);
    assert_eq!(mode(&file), 0o600, "the replacement keeps the mode");
    assert!(ok(&["replay", target]).contains(" 3 -> "));
    // Its backup (the previous version) is as private.
    let bak = dir.path().join("private.ron.bak");
    assert_eq!(mode(&bak), 0o600);
    std::fs::set_permissions(&file, std::fs::Permissions::from_mode(0o640)).unwrap();
    ok(&["play", SMALL, "1", "--save", target, "--force"]);
    assert_eq!(mode(&file), 0o640);

    // Read-only: refused, named, and left as it was (even for root, who
    // could write it, and although the folder would let it be renamed over).
    std::fs::set_permissions(&file, std::fs::Permissions::from_mode(0o444)).unwrap();
    let before = std::fs::read(&file).unwrap();
    // Said so with or without --force: without, the message offered the
    // flag, which then met this refusal.
    let read_only = format!(
        "error: {target}: not saved: the file is read-only (its permissions allow no writing, \
         and --force does not change that); make it writable or choose another name\n"
    );
    for force in [true, false] {
        let mut args = vec!["play", SMALL, "3", "--save", target];
        if force {
            args.push("--force");
        }
        let (out, err, code) = run(&args);
        assert_eq!((out.as_str(), code), ("", 2), "{err}");
        assert_eq!(err, read_only);
    }
    // A diagram's --out says it in its words.
    let (out, err, code) = run(&["diagram", SMALL, "--out", target]);
    assert_eq!((out.as_str(), code), ("", 2), "{err}");
    assert!(
        err.starts_with(&format!(
            "error: {target}: not written: the file is read-only"
        )),
        "{err}"
    );
    assert_eq!(std::fs::read(&file).unwrap(), before);
    assert_eq!(mode(&file), 0o444);
    // Nothing left behind: the file, its backup.
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 2);
}

#[test]
fn play_save_takes_any_file_name_the_file_system_takes_again_and_again() {
    let dir = tempfile::tempdir().unwrap();
    // 250 bytes: a temporary name built from it would be too long; 253 and
    // 255 (the most there may be): `NAME.bak` would be too long. The last
    // in two-byte characters, so that a cut could fall inside one.
    let names = [
        format!("{}.ron", "a".repeat(246)),
        format!("{}.ron", "b".repeat(249)),
        format!("x{}.ron", "é".repeat(125)),
    ];
    for name in &names {
        let file = dir.path().join(name);
        let target = file.to_str().unwrap();
        for mv in ["1", "3", "1"] {
            let (out, err, code) = run(&["play", SMALL, mv, "--save", target, "--force"]);
            assert_eq!(code, 0, "{} bytes, move {mv}: {err}", name.len());
            assert_eq!(out, ok(&["play", SMALL, mv]));
        }
        assert!(ok(&["replay", target]).contains(" 1 -> "));
    }
    assert_eq!(names.each_ref().map(|n| n.len()), [250, 253, 255]);
    let mut listed: Vec<String> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    listed.sort();
    // Each file and its backup, nothing else (no temporary file left).
    assert_eq!(listed.len(), 6, "{listed:?}");
    // 250 bytes still takes `.bak`; the longer names a backup no longer
    // than themselves: their start, `~`, a hash of the whole name, `.bak`.
    assert!(listed.contains(&format!("{}.bak", names[0])));
    for name in &names[1..] {
        let bak = listed
            .iter()
            .find(|f| *f != name && f.starts_with(&name[..41]))
            .unwrap();
        assert!(bak.len() <= name.len() && bak.ends_with(".bak"), "{bak}");
        let (head, tail) = bak.rsplit_once('~').unwrap();
        assert!(name.starts_with(head), "{bak}");
        assert_eq!(tail.len(), "12345678.bak".len(), "{bak}");
        // The backup is the version before the last save (move 3).
        let bak_path = dir.path().join(bak);
        assert!(ok(&["replay", bak_path.to_str().unwrap()]).contains(" 3 -> "));
        assert_eq!(
            maasai_mancala::files::backup_path(&dir.path().join(name)),
            bak_path
        );
    }
}

#[test]
fn negative_and_malformed_numbers_are_refused_with_the_options_range() {
    let list = ["bench", "--solver", "--list"];
    let random_match = ["match", "--a", "random", "--b", "random"];
    let cases: Vec<(Vec<&str>, &str)> = vec![
        // Negative numbers: the range, not "unexpected argument '-5'".
        (
            vec!["start", "en-gehe", "--holes", "-5"],
            "--holes: rows must have 3 to 64 holes, not -5",
        ),
        (
            vec!["start", "en-gehe", "--seeds", "-5"],
            "--seeds: seeds per hole must be 1 to 12, not -5",
        ),
        // A sign on a number in range: the sign is what is wrong.
        (
            vec!["start", "en-gehe", "--holes", "+5"],
            "--holes: rows must have 3 to 64 holes, not +5 (numbers are written without a +)",
        ),
        (
            [&list[..], &["--positions", "+5"]].concat(),
            "a number of positions from 1 to 1000, not +5 (numbers are written without a +)",
        ),
        // Seconds too: they took `+1` and `1e3` where every other number
        // option refused a sign.
        (
            vec!["solve", SMALL, "--limit", "+1"],
            "a number of seconds above 0 and at most 86400, not +1 (numbers are written \
             without a +)",
        ),
        (
            vec!["bench", "--seconds", "+0.5"],
            "a number of seconds from 0.1 to 3600, not +0.5 (numbers are written without a +)",
        ),
        (
            vec!["solve", SMALL, "--limit", "1e1"],
            "a number of seconds above 0 and at most 86400, not 1e1",
        ),
        // A fraction with a + to a whole-number option: the + is not all
        // that is wrong, so no word on how numbers are written.
        (
            vec!["start", "en-gehe", "--holes", "+2.5"],
            "--holes: rows must have 3 to 64 holes, not +2.5\n",
        ),
        (
            [&random_match[..], &["en-gehe", "--seeds", "-1"]].concat(),
            "--seeds: seeds per hole must be 1 to 12, not -1",
        ),
        (
            [&list[..], &["--positions", "-5"]].concat(),
            "a number of positions from 1 to 1000, not -5",
        ),
        (
            [&list[..], &["--min-seeds", "-5"]].concat(),
            "a number of seeds from 2 to 400, not -5",
        ),
        (
            [&list[..], &["--max-seeds", "-5"]].concat(),
            "a number of seeds from 2 to 400, not -5",
        ),
        (
            [&list[..], &["--table-bits", "-5"]].concat(),
            "a table size in bits from 4 to 30, not -5",
        ),
        (
            vec!["analyse", SMALL, "--movetime", "-5"],
            "a number of milliseconds from 1 to 86400000, not -5",
        ),
        (
            vec!["analyse", SMALL, "--lines", "-5"],
            "a number of lines from 1 to 64, not -5",
        ),
        (
            [&random_match[..], &["--movetime", "-5", "en-gehe"]].concat(),
            "a number of milliseconds from 1 to 86400000, not -5",
        ),
        (
            [&random_match[..], &["--seed", "-5", "en-gehe"]].concat(),
            "a whole number from 0 to 18446744073709551615, not -5",
        ),
        (
            vec!["solve", SMALL, "--table-bits", "-5"],
            "a table size in bits from 4 to 30, not -5",
        ),
        // Not whole numbers, or too large for any type: the range, not
        // "invalid digit found in string" or "number too large to fit".
        (
            vec!["analyse", SMALL, "--movetime", "abc"],
            "a number of milliseconds from 1 to 86400000, not abc",
        ),
        (
            vec!["analyse", SMALL, "--lines", "1.5"],
            "a number of lines from 1 to 64, not 1.5",
        ),
        (
            vec!["analyse", SMALL, "--movetime", "99999999999999999999"],
            "a number of milliseconds from 1 to 86400000, not 99999999999999999999",
        ),
        (
            [&random_match[..], &["--movetime", "abc", "en-gehe"]].concat(),
            "a number of milliseconds from 1 to 86400000, not abc",
        ),
        (
            [
                &random_match[..],
                &["--seed", "99999999999999999999", "en-gehe"],
            ]
            .concat(),
            "a whole number from 0 to 18446744073709551615, not 99999999999999999999",
        ),
        (
            [&list[..], &["--positions", "abc"]].concat(),
            "a number of positions from 1 to 1000, not abc",
        ),
        // The real range, not the number type's.
        (
            [&list[..], &["--min-seeds", "99999999999"]].concat(),
            "a number of seeds from 2 to 400, not 99999999999",
        ),
        (
            [&list[..], &["--max-seeds", "401"]].concat(),
            "a number of seeds from 2 to 400, not 401",
        ),
        // An upper bound with the lower one, and a cap.
        (
            [&list[..], &["--positions", "0"]].concat(),
            "a number of positions from 1 to 1000, not 0",
        ),
        (
            [&list[..], &["--positions", "99999999999"]].concat(),
            "a number of positions from 1 to 1000, not 99999999999",
        ),
        (
            vec!["analyse", SMALL, "--movetime", "86400001"],
            "a number of milliseconds from 1 to 86400000, not 86400001",
        ),
        (
            vec!["analyse", SMALL, "--lines", "65"],
            "a number of lines from 1 to 64, not 65",
        ),
        (
            [&random_match[..], &["--games", "-1", "en-gehe"]].concat(),
            "a whole number from 1 to 4294967295, not -1",
        ),
        (
            vec!["solve", SMALL, "--threads", "-1"],
            "a number of threads, 1 or 2, not -1",
        ),
        // `--limit` capped at a day, as `bench --seconds` is at an hour.
        (
            vec!["solve", SMALL, "--limit", "1e300"],
            "a number of seconds above 0 and at most 86400, not 1e300",
        ),
        (
            vec!["solve", SMALL, "--limit", "86401"],
            "a number of seconds above 0 and at most 86400, not 86401",
        ),
        (
            vec![
                "check",
                "--prove",
                "--limit",
                "1e300",
                "assets/studies/01-relay.ron",
            ],
            "a number of seconds above 0 and at most 86400, not 1e300",
        ),
        (
            [&list[..], &["--limit", "1e300"]].concat(),
            "a number of seconds above 0 and at most 86400, not 1e300",
        ),
        // An empty value is called one.
        (
            vec!["start", "en-gehe", "--holes", ""],
            "--holes: rows must have 3 to 64 holes, not an empty value",
        ),
        (
            vec!["analyse", SMALL, "--lines", ""],
            "a number of lines from 1 to 64, not an empty value",
        ),
        (
            vec!["solve", SMALL, "--limit", ""],
            "a number of seconds above 0 and at most 86400, not an empty value",
        ),
    ];
    for (args, said) in cases {
        let (out, err, code) = run(&args);
        assert_eq!((out.as_str(), code), ("", 2), "{args:?}: {err}");
        assert!(err.contains(said), "{args:?}: {err}");
        assert!(
            !err.contains("unexpected argument") && !err.contains("invalid digit"),
            "{args:?}: {err}"
        );
    }
    // The ends of the ranges are taken.
    ok(&["solve", SMALL, "--limit", "86400"]);
    ok(&["analyse", SMALL, "--lines", "64", "--depth", "1"]);
    ok(&[
        &list[..],
        &[
            "--positions",
            "1",
            "--min-seeds",
            "400",
            "--max-seeds",
            "400",
        ],
    ]
    .concat());
}

#[test]
fn a_move_is_echoed_in_one_form_in_both_halves_of_a_message() {
    for (mv, said) in [
        (
            "02",
            "move 1 (South `2`): illegal move `2`: the hole is empty",
        ),
        (
            "004",
            "move 1 (South `4`): illegal move `4`: there is no hole 4; holes are numbered 1 to 3",
        ),
        (
            "000",
            "move 1 (South `0`): illegal move `0`: there is no hole 0",
        ),
        // Not a move at all: as typed.
        ("x", "move 1 (South `x`): illegal move `x`: "),
    ] {
        let (out, err, code) = run(&["play", SMALL, mv]);
        assert_eq!((out.as_str(), code), ("", 2), "{mv}: {err}");
        assert!(err.starts_with(&format!("error: {said}")), "{mv}: {err}");
    }
    // A record's moves too, and the second move names its own form.
    let (_, err, _) = run(&["play", &format!("{SMALL} 03"), "004"]);
    assert!(
        err.starts_with("error: move 2 (North `4`): illegal move `4`: "),
        "{err}"
    );
    // Bao la Kimasai: capitals and leading zeros.
    let (_, err, _) = run(&["play", ENDLESS_EXAMPLE, "O02"]);
    assert!(
        err.starts_with("error: move 1 (South `o2`): move `o2` is endless"),
        "{err}"
    );
    let (_, err, _) = run(&["play", ENDLESS_EXAMPLE, "I09"]);
    assert!(
        err.starts_with("error: move 1 (South `i9`): illegal move `i9`: "),
        "{err}"
    );
    // A long one is shortened in both halves (the first printed all of a
    // 100,000-character move), given to `play` or in a record to `solve`.
    let long = "9".repeat(100_000);
    let short = format!("{}… (100000 characters)", "9".repeat(48));
    for args in [
        vec!["play".to_string(), SMALL.to_string(), long.clone()],
        vec!["solve".to_string(), format!("{SMALL} {long}")],
    ] {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let (_, err, code) = run(&args);
        assert_eq!(code, 2, "{err}");
        assert!(
            err.starts_with(&format!(
                "error: move 1 (South `{short}`): illegal move `{short}`: "
            )),
            "{}",
            &err[..err.len().min(300)]
        );
        assert!(err.len() < 400, "{} bytes", err.len());
    }
}

/// Runs `sh -c SCRIPT BIN ARGS...`: the binary with its descriptors as
/// the script sets them up.
#[cfg(target_os = "linux")]
fn run_in_shell(script: &str, args: &[&str]) -> (String, i32) {
    let out = Command::new("sh")
        .arg("-c")
        .arg(script)
        .arg(BIN)
        .args(args)
        .output()
        .unwrap();
    (
        String::from_utf8(out.stderr).unwrap(),
        out.status.code().unwrap_or(-1),
    )
}

#[cfg(target_os = "linux")]
#[test]
fn a_closed_standard_output_is_an_error_not_success() {
    for args in [
        &["start", "en-gehe"][..],
        &["moves", SMALL],
        &["play", SMALL, "1"],
        &["--help"],
        &["--version"],
    ] {
        for (script, why) in [
            (r#"exec "$0" "$@" >&-"#, "standard output is closed"),
            (
                r#"exec "$0" "$@" 1</dev/null"#,
                "standard output is open for reading only",
            ),
        ] {
            let (err, code) = run_in_shell(script, args);
            assert_eq!(code, 2, "{args:?} {script}: {err}");
            assert_eq!(
                err,
                format!("error: cannot write the output: {why}\n"),
                "{args:?}"
            );
        }
    }
    // A saved file does not take the closed descriptor's place.
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("g.ron");
    let (err, code) = run_in_shell(
        r#"exec "$0" "$@" >&-"#,
        &["play", SMALL, "1", "--save", file.to_str().unwrap()],
    );
    assert_eq!(code, 2, "{err}");
    // A diagram written to a file of its own needs no standard output;
    // one written through it does.
    let svg = dir.path().join("d.svg");
    for script in [r#"exec "$0" "$@" >&-"#, r#"exec "$0" "$@" 1</dev/null"#] {
        let _ = std::fs::remove_file(&svg);
        let (err, code) = run_in_shell(script, &["diagram", SMALL, "--out", svg.to_str().unwrap()]);
        assert_eq!((err.as_str(), code), ("", 0), "{script}");
        assert!(std::fs::read_to_string(&svg).unwrap().contains("</svg>"));
        let (err, code) = run_in_shell(script, &["diagram", SMALL, "--out", "/dev/stdout"]);
        assert_eq!(code, 2, "{script}: {err}");
        assert!(err.starts_with("error: cannot write the output: "), "{err}");
    }
    // Output thrown away on purpose is no error; nor is a reader gone.
    for script in [
        r#"exec "$0" "$@" >/dev/null"#,
        r#""$0" "$@" | head -c 1 >/dev/null"#,
    ] {
        let (err, code) = run_in_shell(script, &["start", "en-gehe"]);
        assert_eq!((err.as_str(), code), ("", 0), "{script}");
    }
    let out = Command::new(BIN)
        .args(["start", "en-gehe"])
        .stdout(Stdio::null())
        .output()
        .unwrap();
    assert!(out.status.success());
}

#[test]
fn a_saved_game_to_open_that_is_missing_or_a_folder_is_said_before_the_window() {
    let dir = tempfile::tempdir().unwrap();
    let folder = dir.path().to_str().unwrap().to_string();
    let mut cases: Vec<(std::ffi::OsString, String)> = vec![(
        folder.clone().into(),
        format!("error: cannot open `{folder}`: it is a folder"),
    )];
    #[cfg(unix)]
    {
        use std::os::unix::ffi::OsStringExt;
        cases.push((
            std::ffi::OsString::from_vec(b"nope\xff.ron".to_vec()),
            // Its stray byte shown as README says, not as "\u{fffd}".
            "error: cannot open `nope\\xff.ron`: there is no such file".into(),
        ));
        cases.push((
            std::ffi::OsString::from_vec(b"\xffstart".to_vec()),
            "error: cannot open `\\xffstart`: there is no such file".into(),
        ));
    }
    for (arg, said) in cases {
        let out = open_without_display(&arg);
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(out.status.code(), Some(2), "{arg:?}: {err}");
        assert!(err.starts_with(&said), "{arg:?}: {err}");
        assert!(!err.contains("window"), "{arg:?}: {err}");
    }
    // A command's name is still the command, a folder of that name or not.
    std::fs::create_dir(dir.path().join("start")).unwrap();
    let out = Command::new(BIN)
        .args(["start", "en-gehe", "--holes", "3"])
        .current_dir(dir.path())
        .output()
        .unwrap();
    assert!(out.status.success());
}

#[test]
fn trace_and_apply_echo_a_move_the_board_has_not_in_one_form_too() {
    let (_, err, code) = run(&["trace", SMALL, "004"]);
    assert_eq!(code, 2);
    assert_eq!(
        err,
        "error: illegal move `4`: there is no hole 4; holes are numbered 1 to 3\n"
    );
    let (text, _) = apply_all(format!("{SMALL} ; 004\n{SMALL} ; 02\n"));
    let lines: Vec<&str> = text.lines().collect();
    assert!(
        lines[0].starts_with("error: line 1: illegal move `4`: there is no hole 4"),
        "{text}"
    );
    assert!(
        lines[1].starts_with("error: line 2: illegal move `2`: the hole is empty"),
        "{text}"
    );
}

/// Runs the binary with the program's own folders (config and data) in
/// `home`'s `config` and `data`, as `directories` finds them on Linux.
#[cfg(target_os = "linux")]
fn run_at_home(home: &std::path::Path, args: &[&str]) -> (String, String, i32) {
    let out = Command::new(BIN)
        .args(args)
        .env("HOME", home)
        .env("XDG_CONFIG_HOME", home.join("config"))
        .env("XDG_DATA_HOME", home.join("data"))
        .output()
        .expect("binary runs");
    (
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
        out.status.code().unwrap_or(-1),
    )
}

#[cfg(target_os = "linux")]
#[test]
fn play_save_replaces_a_file_only_with_force_and_never_the_programs_own() {
    let home = tempfile::tempdir().unwrap();
    let played = ok(&["play", SMALL, "1"]);
    // A new file is written as before.
    let game = home.path().join("game.ron");
    let target = game.to_str().unwrap();
    let (out, err, code) = run_at_home(home.path(), &["play", SMALL, "1", "--save", target]);
    assert_eq!((out.as_str(), code), (played.as_str(), 0), "{err}");
    // A file already there, a saved game or not, is left as it is and
    // named, with the flag that replaces it; nothing is printed.
    let study = home.path().join("study.ron");
    std::fs::copy("assets/studies/02-capture.ron", &study).unwrap();
    let notes = home.path().join("notes.txt");
    std::fs::write(&notes, "my notes\n").unwrap();
    for (file, kind) in [
        (&game, "(a saved game)"),
        (&study, "(a study, not a saved game)"),
        (&notes, "(not a saved game of this program)"),
    ] {
        let target = file.to_str().unwrap();
        let before = std::fs::read(file).unwrap();
        let (out, err, code) = run_at_home(home.path(), &["play", SMALL, "3", "--save", target]);
        assert_eq!((out.as_str(), code), ("", 2), "{err}");
        assert!(
            err.contains(&format!(
                "{target}: not saved: the file already exists {kind}; add --force to replace it \
                 (the version replaced is kept as {target}.bak"
            )),
            "{err}"
        );
        assert_eq!(std::fs::read(file).unwrap(), before, "{target}");
        assert!(!home.path().join(format!("{target}.bak")).exists());
        // --force replaces it, the version replaced kept as FILE.bak.
        let (out, err, code) = run_at_home(
            home.path(),
            &["play", SMALL, "3", "--save", target, "--force"],
        );
        assert_eq!((out, code), (ok(&["play", SMALL, "3"]), 0), "{err}");
        assert!(ok(&["replay", target]).contains(" 3 -> "));
        assert_eq!(std::fs::read(format!("{target}.bak")).unwrap(), before);
    }
    // --force without --save is refused, not ignored.
    let (_, err, code) = run(&["play", SMALL, "1", "--force"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("--save"), "{err}");

    // The program's own files: refused even with --force, whether they
    // exist yet or not, and whatever name leads to them.
    let data = home.path().join("data/maasai-mancala");
    let config = home.path().join("config/maasai-mancala");
    std::fs::create_dir_all(&data).unwrap();
    std::fs::create_dir_all(&config).unwrap();
    std::fs::write(data.join("autosave.ron.bak"), "kept\n").unwrap();
    std::fs::write(config.join("presets.ron"), "kept\n").unwrap();
    let through_dots = config.join("../maasai-mancala/recent.ron");
    for (file, what) in [
        (data.join("autosave.ron"), "autosave"),
        (data.join("autosave.ron.bak"), "autosave"),
        (config.join("presets.ron"), "presets file"),
        (through_dots, "recent-files list"),
        (data.join("unsaved game 2.ron"), "copy of an unsaved game"),
    ] {
        let target = file.to_str().unwrap();
        let before = std::fs::read(&file).ok();
        for force in [false, true] {
            let mut args = vec!["play", SMALL, "1", "--save", target];
            if force {
                args.push("--force");
            }
            let (out, err, code) = run_at_home(home.path(), &args);
            assert_eq!((out.as_str(), code), ("", 2), "{target}: {err}");
            assert!(
                err.contains(&format!(
                    "{target}: not saved: it is the program's own {what}, which it writes by itself"
                )),
                "{err}"
            );
            assert!(err.contains("choose another name"), "{err}");
            assert_eq!(std::fs::read(&file).ok(), before, "{target}");
        }
    }
}

/// A finished En Gehé game, South to move with an empty row: North takes
/// the 13 seeds left, 17–3.
const FINISHED: &str = "en-gehe south=0,0,0 north=1,0,12 captured=3,4 turn=south";
const FINISHED_WHY: &str =
    "North wins 17–3: South has no seeds left to move; North takes the 13 seeds left on the board.";

#[test]
fn apply_names_a_blank_line_as_blank_with_its_number() {
    // One answer a line still (a client waiting for each stays in step),
    // but a blank line is said to be blank, not an invalid position.
    let (text, success) = apply_all(format!("{SMALL} ; 1\n\n   \t\n{SMALL} ; 3\n"));
    assert!(success);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 4, "{text}");
    assert_eq!(lines[0], ok(&["play", SMALL, "1"]).trim_end());
    for (line, number) in [(lines[1], 2), (lines[2], 3)] {
        assert_eq!(
            line,
            format!(
                "error: line {number}: invalid position line: the line is blank (expected \
                 `POSITION ; MOVE`)"
            )
        );
    }
    assert_eq!(lines[3], ok(&["play", SMALL, "3"]).trim_end());
}

#[test]
fn a_move_in_a_finished_game_says_who_won_and_why() {
    // play, on a finished position and after the move that ends a game.
    let (out, err, code) = run(&["play", FINISHED, "1"]);
    assert_eq!((out.as_str(), code), ("", 2), "{err}");
    assert_eq!(
        err,
        format!(
            "error: move 1 (South `1`): illegal move: the game is already over. {FINISHED_WHY}\n"
        )
    );
    let (_, err, code) = run(&[
        "play",
        "en-gehe south=1,0,0 north=0,5,0 captured=0,0 turn=south",
        "1",
        "2",
    ]);
    assert_eq!(code, 2, "{err}");
    assert_eq!(
        err,
        "error: move 2 (North `2`): illegal move: the game is already over. \
         South wins 6–0: North has no seeds left to move.\n"
    );
    // trace and apply say it the same way, quoting the move as every
    // other refused move is (a record's "move 1 (South `1`)" already does).
    let (_, err, code) = run(&["trace", FINISHED, "1"]);
    assert_eq!(code, 2, "{err}");
    assert_eq!(
        err,
        format!("error: illegal move `1`: the game is already over. {FINISHED_WHY}\n")
    );
    let (out, _) = apply_all(format!("{FINISHED} ; 1\n"));
    assert_eq!(
        out,
        format!("error: line 1: illegal move `1`: the game is already over. {FINISHED_WHY}\n")
    );
}

#[test]
fn analyse_gives_a_finished_games_result_as_solve_gives_its_value() {
    // solve: its documented `best=- pv=`, and why on stderr.
    let (out, err, code) = run(&["solve", FINISHED]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("value=-14 best=- pv=\n"), "{out}");
    assert_eq!(
        err,
        format!("no legal move: the game is over. {FINISHED_WHY}\n")
    );
    // analyse: the same value in its own words, why on stderr.
    let (out, err, code) = run(&["analyse", FINISHED]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out, "move=- score=-14.0 depth=0 pv=\n");
    assert!(
        err.starts_with(&format!(
            "no legal move: the game is over. {FINISHED_WHY}\ninfo depth=0 nodes=0 "
        )),
        "{err}"
    );
    // Bao la Kimasai: North to move with an empty inner row has lost.
    let bao = "bao-la-kimasai south=1,1,1,1,1,1,1,1,0,0,0,0,0,0,0,0 north=0,0,0,0,0,0,0,0,1,0,0,0,0,0,0,0 reserve=0,0 turn=north opening=no";
    assert!(ok(&["solve", bao]).starts_with("value=loss best=- pv=\nplies=0 "));
    let (out, err, code) = run(&["analyse", bao, "--lines", "3"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out, "move=- score=loss plies=0 depth=0 pv=\n");
    assert!(
        err.contains("South wins: North's inner row is empty."),
        "{err}"
    );
}

#[test]
fn check_prove_starts_no_solve_once_its_limit_is_spent() {
    // A limit of a microsecond is spent before the second solve can
    // start: the small solves of this study, which finish before they
    // first look whether they were stopped, used to run on regardless and
    // print `ok` (once after a whole second).
    let study = "assets/studies/01-relay.ron";
    let (out, err, code) = run(&["check", "--prove", "--limit", "0.000001", study]);
    assert_eq!(code, 3, "{out}{err}");
    assert!(
        out.starts_with(&format!("{study}: valid, study: ")),
        "{out}"
    );
    assert!(!out.contains(": ok, "), "{out}");
    // What was proved and what not.
    assert!(
        out.contains(
            "goal not proved within the limit: South to move wins by at least 3 (unsolved lower="
        ) || out.contains(
            "goal holds: South to move wins by at least 3 (value=+3); the solution was not \
                 proved best within the limit (none of its 3 moves proved)"
        ),
        "{out}"
    );
    // Within a limit it has time for, all of it is proved, and the time
    // it says is the solves' (the table is made before the clock starts).
    let out = ok(&["check", "--prove", "--limit", "60", study]);
    assert!(out.starts_with(&format!("{study}: ok, study: ")), "{out}");
    assert!(
        out.contains("(value=+3, best=1); all 3 solution moves are best\nnodes="),
        "{out}"
    );
}

#[test]
fn the_programs_own_errors_begin_as_the_argument_parsers_do() {
    // clap's own: `error: …`.
    let (_, err, code) = run(&["start", "en-gehe", "--nonsense"]);
    assert_eq!(code, 2);
    assert!(err.starts_with("error: unexpected argument"), "{err}");
    // The program's own, the same way.
    for args in [
        &["start", "en-gehe", "--holes", "65"][..],
        &["strat"],
        &["moves", "chess"],
        &["play", SMALL, "2"],
        &["check", "no/such/file.ron"],
    ] {
        let (_, err, code) = run(args);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(err.starts_with("error: "), "{args:?}: {err}");
        assert!(!err.contains("maasai-mancala:"), "{args:?}: {err}");
    }
}

#[test]
fn replay_counts_the_seeds_each_move_took() {
    let dir = tempfile::tempdir().unwrap();
    let line = |position: &str, mv: &str| {
        let path = dir.path().join("g.ron");
        let _ = std::fs::remove_file(&path);
        ok(&["play", position, mv, "--save", path.to_str().unwrap()]);
        let out = ok(&["replay", path.to_str().unwrap()]);
        out.lines().nth(1).unwrap().to_string()
    };
    // En Gehé: the capture (the last seed and the 5 facing it), not the
    // seed left on the board that goes to South at the end.
    let l = line(
        "en-gehe south=1,0,1 north=0,5,0 captured=2,3 turn=south",
        "1",
    );
    assert!(l.ends_with("captured=8,3 turn=north [captured 6]"), "{l}");
    // Bao la Kimasai: North's two inner seeds raided.
    let l = line(
        "bao-la-kimasai south=0,0,0,0,0,0,1,1,0,0,0,0,0,0,0,0 \
         north=2,0,0,0,0,0,0,0,0,0,0,0,0,0,0,3 reserve=0,0 turn=south opening=no",
        "i7",
    );
    assert!(l.starts_with("1. south i7 -> "), "{l}");
    assert!(l.ends_with(" [raided 2]"), "{l}");
    // A move that takes nothing says nothing of it.
    let l = line(
        "en-gehe south=0,2,0 north=1,0,0 captured=0,0 turn=south",
        "2",
    );
    assert!(!l.contains('['), "{l}");
}

/// A 2×3 game of 2 seeds a hole that cycles: its 24th move makes a
/// threefold repetition (tests/rules.rs).
const CYCLING: &str = "en-gehe south=2,2,2 north=2,2,2 captured=0,0 turn=south 2 2 1 1 2 1 3 2 3 1 3 3 3 1 1 3 1 1 3 1 1 3 1";

#[test]
fn solve_takes_a_game_record_and_counts_its_positions_as_history() {
    // After 23 moves North's one move repeats a position a third time:
    // worth +6 to North (each side takes its own row), and it is the best
    // move though the position on the board has been seen before (the
    // root was taken for a repetition and its line left empty).
    let out = ok(&["solve", CYCLING]);
    assert!(out.starts_with("value=+6 best=1 pv=1\n"), "{out}");
    let out = ok(&["solve", CYCLING, "--every-move"]);
    assert!(out.ends_with("move=1 value=+6 nodes=0\n"), "{out}");
    // With the 24th move the game is over by repetition: nothing to solve.
    let over = format!("{CYCLING} 1");
    let (out, err, _) = run(&["solve", &over]);
    assert_eq!(out, "value=-6 best=- pv=\nnodes=0 time=0.000s\n");
    assert!(
        err.starts_with("no legal move: the game is over.") && err.contains("three times"),
        "{err}"
    );
    // The herding study after its first two moves, given as a record.
    let herding = "bao-la-kimasai south=1,1,2,0,0,0,0,0,0,0,0,0,0,0,0,0 north=0,0,0,0,0,1,0,0,0,0,0,0,0,0,0,0 reserve=1,1 turn=south opening=no";
    let (out, err, code) = run(&["solve", &format!("{herding} i3 i6")]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("value=win best=i1 pv=i1 i8\n"), "{out}");
    // A move the record cannot play is named, as `play` names it.
    let (_, err, code) = run(&["solve", &format!("{herding} i3 x")]);
    assert_eq!(code, 2);
    assert!(
        err.starts_with("error: move 2 (North `x`): illegal move `x`"),
        "{err}"
    );
}

#[test]
fn a_record_over_by_repetition_is_over_for_every_command() {
    // Its last position alone is not over: `moves`, `trace`, `analyse`
    // and `diagram` took it as a game going on, while `play` and `solve`
    // said it was over (and `moves "R 1"` refused the move `moves R`
    // listed).
    let over = format!("{CYCLING} 1");
    let (out, err, code) = run(&["play", &over]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains(" result="), "{out}");
    let (out, err, code) = run(&["moves", &over]);
    assert_eq!((out.as_str(), code), ("\n", 0));
    assert!(
        err.starts_with("no legal move: the game is over.") && err.contains("three times"),
        "{err}"
    );
    let (out, err, code) = run(&["trace", &over, "1"]);
    assert_eq!((out.as_str(), code), ("", 2));
    assert!(
        err.starts_with("error: illegal move `1`: the game is already over.")
            && err.contains("three times"),
        "{err}"
    );
    let (out, err, code) = run(&["analyse", "--depth", "4", &over]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("move=- score=-6.0 depth=0 pv=\n"), "{out}");
    let svg = ok(&["diagram", &over]);
    assert!(svg.contains("Game over: "), "the diagram says the result");
    assert!(!svg.contains("to move"), "nobody is marked to move");
    // One move before, the game goes on, for each.
    let (out, _, code) = run(&["moves", CYCLING]);
    assert_eq!((out.as_str(), code), ("1\n", 0));
}

#[test]
fn analyse_refuses_a_quiescence_search_for_bao_la_kimasai() {
    let start = ok(&["start", "bao-la-kimasai"]);
    let (out, err, code) = run(&["analyse", "--quiescence", "2", "--depth", "2", start.trim()]);
    assert_eq!((out.as_str(), code), ("", 2));
    assert!(err.starts_with("error: --quiescence: "), "{err}");
    let (_, err, code) = run(&["analyse", "--depth", "2", start.trim()]);
    assert_eq!(code, 0, "{err}");
}

#[test]
fn a_count_typed_with_blanks_is_quoted_in_its_message() {
    let (_, err, code) = run(&["start", "en-gehe", "--holes", " 3"]);
    assert_eq!(code, 2);
    assert!(err.contains("not ` 3`"), "{err}");
}

#[test]
fn every_position_argument_takes_a_game_record_as_its_last_position() {
    // What the window's Copy game record gives, pasted into any command.
    let start = ok(&["start", "en-gehe", "--holes", "6"]);
    let start = start.trim();
    let record = format!("{start} 1 6");
    let after = ok(&["play", start, "1", "6"]);
    let after = after.trim();
    assert_eq!(ok(&["moves", &record]), ok(&["moves", after]));
    assert_eq!(ok(&["trace", &record, "2"]), ok(&["trace", after, "2"]));
    assert_eq!(ok(&["diagram", &record]), ok(&["diagram", after]));
    assert_eq!(
        ok(&["analyse", &record, "--depth", "2", "--threads", "1"]),
        ok(&["analyse", after, "--depth", "2", "--threads", "1"])
    );
    // A move the record cannot play is named as `play` names it, and a
    // position token after a move is a record's fault.
    let (out, err, code) = run(&["moves", &format!("{start} 1 7")]);
    assert_eq!((out.as_str(), code), ("", 2));
    assert!(err.contains("move 2 (North `7`)"), "{err}");
    let (_, err, code) = run(&["moves", &format!("{start} 1 turn=north")]);
    assert_eq!(code, 2);
    assert!(
        err.contains("invalid game record: `turn=north`: stands after move 1"),
        "{err}"
    );
    // A plain position's faults are said as before.
    let (_, err, _) = run(&[
        "moves",
        "en-gehe south=4,x,4 north=4,4,4 captured=0,0 turn=south",
    ]);
    assert!(err.contains("invalid position: `south=4,x,4`"), "{err}");
}

#[test]
fn control_characters_and_invisible_marks_typed_are_quoted_back_as_escapes() {
    // A terminal acted on them (`\x1b[2J` cleared the screen) and a
    // zero-width space made `turn=south` look right in "turn must be
    // `south` or `north`"; messages about files already escaped them.
    let p = "en-gehe south=4,4,4 north=4,4,4 captured=0,0 turn=south";
    let esc_move = "\u{1b}[2J9";
    let cases: Vec<(Vec<String>, &str)> = vec![
        (
            vec!["play".into(), p.into(), esc_move.into()],
            "`\\u{1b}[2J9`",
        ),
        (
            vec!["moves".into(), format!("{p}\u{200b}")],
            "`turn=south\\u{200b}`: contains the invisible character U+200B",
        ),
        (
            vec!["moves".into(), format!("{p}\u{1b}[31m")],
            "`turn=south\\u{1b}[31m`: contains the invisible character U+001B",
        ),
        (vec!["fro\u{7}b".into()], "`fro\\u{7}b`"),
        (
            vec!["check".into(), "/tmp/no\u{1b}such".into()],
            "/tmp/no\\u{1b}such",
        ),
        (
            vec![
                "diagram".into(),
                p.into(),
                "--highlight".into(),
                "x\u{feff}".into(),
            ],
            "`x\\u{feff}`",
        ),
        // Values the argument parser itself refuses: it quoted them as
        // given ("not 5" for `5\x1b[31m`, the escape acted on or dropped).
        (
            vec![
                "analyse".into(),
                p.into(),
                "--lines".into(),
                "5\u{1b}[31m".into(),
            ],
            "'5\\u{1b}[31m' for '--lines <LINES>'",
        ),
        (
            vec![
                "start".into(),
                "en-gehe".into(),
                "--first".into(),
                "no\u{200b}rth".into(),
            ],
            "'no\\u{200b}rth' for '--first <FIRST>'",
        ),
        (
            vec!["start".into(), "--ho\u{1b}[1mles".into(), "3".into()],
            "unexpected argument '--ho\\u{1b}[1mles'",
        ),
        (
            vec!["solve".into(), p.into(), "--limit".into(), "1\u{7}".into()],
            "not 1\\u{7}",
        ),
    ];
    for (args, said) in cases {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let (_, err, code) = run(&args);
        assert_eq!(code, 2, "{args:?}");
        assert!(err.contains(said), "{args:?}: {err}");
        assert!(
            !err.contains(['\u{1b}', '\u{7}', '\u{200b}', '\u{feff}']),
            "{args:?}: {err:?}"
        );
    }
    let (out, _) = apply_all(format!("{p} ; 9\u{1b}x\n"));
    assert!(
        out.contains("`9\\u{1b}x`") && !out.contains('\u{1b}'),
        "{out:?}"
    );
}

#[test]
fn bench_solver_at_a_ten_second_limit_has_one_column_for_it() {
    // `--limit 10` printed "solved within 10 s" twice, in the table and
    // in each summary line.
    let out = ok(&[
        "bench",
        "--solver",
        "--limit",
        "10",
        "--positions",
        "1",
        "--min-seeds",
        "4",
        "--max-seeds",
        "4",
        "--table-bits",
        "12",
    ]);
    assert!(
        out.contains("| seeds on the board | solved within 10 s | slowest solved |\n"),
        "{out}"
    );
    assert!(
        out.contains("seeds=4: within 10s 1/1, slowest solved"),
        "{out}"
    );
    assert!(!out.contains("within 10s 1/1, within 10s"), "{out}");
}

#[test]
fn apply_from_a_folder_says_so_in_words() {
    // "Is a directory (os error 21)" before.
    let out = Command::new(BIN)
        .arg("apply")
        .stdin(std::fs::File::open(env!("CARGO_MANIFEST_DIR")).unwrap())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        String::from_utf8(out.stderr).unwrap(),
        "error: cannot read standard input: this is a folder, not a file\n"
    );
}

#[test]
fn a_bao_solve_stopped_in_its_backward_analysis_counts_what_it_listed() {
    // Stopped while the small endgame's positions were being listed, the
    // nodes line said `nodes=0` after a second's work.
    let (out, err, code) = run(&[
        "solve",
        "bao-la-kimasai south=0,2,0,0,0,1,0,0,0,0,0,1,0,0,0,0 \
         north=0,0,1,1,0,0,0,0,1,0,0,0,0,0,0,0 reserve=0,0 turn=north opening=no",
        "--limit",
        "1",
        "--threads",
        "1",
    ]);
    assert_eq!(code, 3, "{out}{err}");
    let nodes: u64 = out
        .split_whitespace()
        .find_map(|w| w.strip_prefix("nodes="))
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no nodes= in {out}"));
    assert!(nodes > 0, "{out}");
}

/// A 2×3 record whose next North move (`1`) repeats its position a third
/// time: the game ends there as a 1–1 draw (RULES.md, Repetition).
const REPEATING_RECORD: &str =
    "en-gehe south=0,0,1 north=0,1,0 captured=0,0 turn=south 3 1 1 3 1 1 3 1 1 3 1";

#[test]
fn analyse_and_trace_count_the_records_positions_for_repetition() {
    // `analyse` searched the record's last position with no history (it
    // scored North 1 +2 with a line past the game's end), and `trace`
    // dropped the draw `play` gives.
    let played = ok(&["play", REPEATING_RECORD, "1"]);
    assert!(
        played.trim_end().ends_with("result=draw score=1,1"),
        "{played}"
    );
    let (out, err, code) = run(&["analyse", REPEATING_RECORD, "--depth", "4"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out, "move=1 score=0.0 depth=4 pv=1\n", "{err}");
    let traced = ok(&["trace", REPEATING_RECORD, "1"]);
    assert_eq!(traced.lines().last(), played.lines().last(), "{traced}");
}

#[test]
fn a_finished_position_is_solved_without_making_a_table() {
    // Its value was said, and then a table too big for the machine
    // refused (exit 2), where the same finished game as a record
    // answered.
    let (out, err, code) = run(&[
        "solve",
        "en-gehe south=1,0,2 north=0,0,0 captured=3,0 turn=north",
        "--table-bits",
        "30",
    ]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.lines().next(), Some("value=-6 best=- pv="), "{out}");
    assert!(err.starts_with("no legal move: the game is over."), "{err}");
}

#[test]
fn moves_names_the_endless_moves_of_a_side_that_has_only_those() {
    // The `endless:` line was left out when every move is endless.
    let (out, err, code) = run(&[
        "moves",
        "en-gehe south=3,8,0 north=1,0,4 captured=0,0 turn=south",
    ]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out, "\nendless: 1 2\n");
    assert!(err.contains("every move South has is endless"), "{err}");
}
