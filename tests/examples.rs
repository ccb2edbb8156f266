//! The examples (`find_studies`, `solve_progress`) are tools the README
//! tells researchers to run: arguments they cannot use are said, with the
//! usage, and a reader that goes away ends them quietly, never a panic.

use std::path::PathBuf;
use std::process::{Command, Output};

mod common;
use std::sync::OnceLock;

/// The example's binary, built for this test's profile first (a focused
/// `cargo test --test examples` does not build examples itself).
fn example(name: &str) -> PathBuf {
    static BUILT: OnceLock<()> = OnceLock::new();
    BUILT.get_or_init(|| {
        let mut build = Command::new(env!("CARGO"));
        build
            .args(["build", "--locked", "--quiet"])
            .args(["--example", "find_studies", "--example", "solve_progress"])
            .current_dir(env!("CARGO_MANIFEST_DIR"));
        // The profile `cargo test` built this test with, so that the
        // examples it already built are fresh (a dev build would compile
        // the whole library again).
        build.args(if cfg!(debug_assertions) {
            ["--profile", "test"]
        } else {
            ["--profile", "release"]
        });
        let status = build.status().expect("cargo runs");
        assert!(status.success(), "the examples build");
    });
    // target/<profile>/deps/examples-… → target/<profile>/examples/NAME
    let exe = std::env::current_exe().unwrap();
    let profile_dir = exe.parent().unwrap().parent().unwrap();
    profile_dir
        .join("examples")
        .join(format!("{name}{}", std::env::consts::EXE_SUFFIX))
}

fn run(name: &str, args: &[&str]) -> Output {
    Command::new(example(name)).args(args).output().unwrap()
}

fn refused(out: &Output) -> String {
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(!err.contains("panicked"), "{err}");
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("usage: "), "{err}");
    err
}

#[test]
fn find_studies_says_what_is_wrong_with_its_arguments() {
    for (args, words) in [
        (&["sacrifices"][..], "unknown kind \"sacrifices\""),
        (
            &["relay", "many"][..],
            "TRIES must be a whole number from 0 to ",
        ),
        (
            &["relay", "10", "-1"][..],
            "SEED must be a whole number from 0 to 18446744073709551615, not \"-1\"",
        ),
        (&["relay", "10", "1", "extra"][..], "unexpected \"extra\""),
        (
            &["quiet", "--holes", "big"][..],
            "--holes takes a number of holes a row from 3 to 64, not \"big\"",
        ),
        (
            &["quiet", "--holes", "99"][..],
            "--holes takes a number of holes a row from 3 to 64, not \"99\"",
        ),
        (
            &["endgame", "--holes"][..],
            "--holes takes a number of holes a row",
        ),
        (&["show"][..], "show takes a position"),
        (&["show", "en-gehe south=1"][..], "the position: "),
        (
            &[
                "show",
                "en-gehe south=1,0,0 north=0,1,0 captured=0,0 turn=south",
                "10",
            ][..],
            "unexpected \"10\" after the position",
        ),
        (
            &["relay", "--holes", "8"][..],
            "--holes is not for relay: its board is its own",
        ),
    ] {
        let err = refused(&run("find_studies", args));
        assert!(err.contains(words), "{args:?}: {err}");
    }
}

#[test]
fn find_studies_runs_on_the_smallest_board_it_takes() {
    // Three holes a row: the spans of a real board's endgame once began at
    // 4 holes, an empty range.
    let out = run("find_studies", &["quiet", "3", "1", "--holes", "3"]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{err}");
}

#[test]
fn solve_progress_says_what_is_wrong_with_its_arguments() {
    let pos = "en-gehe south=2,0,1,1,1 north=0,0,1,1,0 captured=0,0 turn=south";
    for (args, words) in [
        (&[][..], "no position given"),
        (&["en-gehe"][..], "the position: "),
        (
            &[pos, "soon"][..],
            "LIMIT_SECONDS cannot be \"soon\": a number of seconds above 0",
        ),
        (&[pos, "-5"][..], "LIMIT_SECONDS cannot be \"-5\""),
        (&[pos, "inf"][..], "LIMIT_SECONDS cannot be \"inf\""),
        (
            &[pos, "5", "99"][..],
            "TABLE_BITS cannot be \"99\": a whole number from 4 to 30",
        ),
        (
            &[pos, "5", "16", "3"][..],
            "THREADS cannot be \"3\": 1 or 2",
        ),
        (&[pos, "5", "16", "1", "more"][..], "unexpected \"more\""),
    ] {
        let err = refused(&run("solve_progress", args));
        assert!(err.contains(words), "{args:?}: {err}");
    }
    let out = run("solve_progress", &[pos, "5", "16", "1"]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{out:?}");
    assert!(text.contains("value=+"), "{text}");
}

#[test]
fn a_reader_that_goes_away_ends_the_examples_quietly() {
    // `find_studies … | head` and the like: the write after the reader has
    // gone must end the tool as Unix tools end, not panic.
    let pos = "en-gehe south=2,0,1,1,1 north=0,0,1,1,0 captured=0,0 turn=south";
    for (name, args) in [
        ("find_studies", &["show", pos][..]),
        ("solve_progress", &[pos, "5", "16"][..]),
    ] {
        common::ends_quietly_when_its_reader_goes(Command::new(example(name)).args(args), name);
    }
}
