//! `maasai-mancala diagram`: a position as an SVG document, on stdout or in
//! a file, run against the real binary.

use std::process::Command;

const BIN: &str = env!("CARGO_BIN_EXE_maasai-mancala");

const SMALL: &str = "en-gehe south=0,2,0,5 north=1,0,0,3 captured=7,1 turn=north";
const BAO: &str = "bao-la-kimasai south=5,4,3,0,1,3,4,1,2,1,2,5,0,3,3,2 north=1,1,1,1,1,1,1,1,0,0,0,0,0,0,0,0 reserve=10,10 turn=south opening=no";

fn run(args: &[&str]) -> (String, String, i32) {
    let out = Command::new(BIN).args(args).output().expect("binary runs");
    (
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
        out.status.code().unwrap_or(-1),
    )
}

fn ok(args: &[&str]) -> String {
    let (out, err, code) = run(args);
    assert_eq!(code, 0, "{args:?} failed: {err}");
    assert!(err.is_empty(), "{err}");
    out
}

/// Refused with status 2, nothing on stdout; the message.
fn refused(args: &[&str]) -> String {
    let (out, err, code) = run(args);
    assert_eq!(code, 2, "{args:?}: {err}");
    assert!(out.is_empty(), "{out}");
    assert!(err.starts_with("error: "), "{err}");
    err
}

/// The text of the hole group with id `id`: its count, or "" when empty.
fn count_in(svg: &str, id: &str) -> String {
    let start = svg
        .find(&format!(r#"<g id="{id}">"#))
        .unwrap_or_else(|| panic!("no {id}"));
    let group = &svg[start..start + svg[start..].find("</g>").unwrap()];
    group
        .find(r#"class="count""#)
        .map(|at| {
            let text = &group[at..];
            let open = text.find('>').unwrap() + 1;
            text[open..open + text[open..].find('<').unwrap()].to_string()
        })
        .unwrap_or_default()
}

#[test]
fn diagram_writes_the_svg_to_stdout_the_same_each_time() {
    let svg = ok(&["diagram", SMALL]);
    assert!(
        svg.starts_with(r#"<?xml version="1.0" encoding="UTF-8""#),
        "{svg}"
    );
    assert!(svg.contains(r#"<svg xmlns="http://www.w3.org/2000/svg" version="1.1""#));
    assert!(svg.contains("viewBox=\"0 0 "));
    assert!(svg.ends_with("</svg>\n"));
    assert_eq!(svg, ok(&["diagram", SMALL]), "deterministic");
    for (id, count) in [
        ("south-1", ""),
        ("south-2", "2"),
        ("south-4", "5"),
        ("north-1", "1"),
        ("north-4", "3"),
    ] {
        assert_eq!(count_in(&svg, id), count, "{id}");
    }
    // North's hole 4 is drawn at the left, before North's hole 1.
    assert!(svg.find(r#"id="north-4""#) > svg.find(r#"id="north-1""#));
    assert!(svg.contains("North \u{2014} to move"));
    assert!(svg.contains("captured 7"));
    assert!(svg.contains("tempo deficit"));
    assert!(svg.contains(&format!("<desc>{SMALL}</desc>")));
}

#[test]
fn diagram_options_caption_mono_and_highlight() {
    let colour = ok(&["diagram", BAO]);
    let svg = ok(&[
        "diagram",
        BAO,
        "--mono",
        "--caption",
        "Fig. 3 <o2> & \"never ends\"",
        "--highlight",
        "o2",
        "north:i1",
    ]);
    assert!(colour.contains("#c49662"), "the window's plank colour");
    assert!(!svg.contains("#c49662"), "black and white");
    assert!(svg.contains("Fig. 3 &lt;o2&gt; &amp; &quot;never ends&quot;"));
    assert!(!svg.contains("<o2>"));
    let ringed: Vec<&str> = svg
        .match_indices(r#"class="highlight""#)
        .map(|(at, _)| {
            let g = svg[..at].rfind("<g id=\"").unwrap() + 7;
            &svg[g..g + svg[g..].find('"').unwrap()]
        })
        .collect();
    assert_eq!(ringed, ["south-o2", "north-i1"]);
    assert_eq!(count_in(&svg, "south-o2"), "3");
    assert!(svg.contains(">reserve 10<"));
}

#[test]
fn diagram_refuses_a_bad_position_or_hole_naming_it() {
    let err = refused(&[
        "diagram",
        "en-gehe south=4,4,x north=4,4,4 captured=0,0 turn=south",
    ]);
    assert!(err.contains("invalid position: `south=4,4,x`"), "{err}");
    let err = refused(&["diagram", "en-gehe south=4,4,4 north=4,4,4 turn=up"]);
    assert!(err.contains("turn=up"), "{err}");
    let err = refused(&["diagram", SMALL, "--highlight", "9"]);
    assert!(
        err.contains("--highlight: `9`: there is no hole 9"),
        "{err}"
    );
    let err = refused(&["diagram", SMALL, "--highlight", "east:1"]);
    assert!(err.contains("east"), "{err}");
    let err = refused(&["diagram", BAO, "--highlight", "7"]);
    assert!(err.contains("`7`"), "{err}");
    // --force belongs to --out.
    let err = refused(&["diagram", SMALL, "--force"]);
    assert!(err.contains("--out"), "{err}");
}

#[test]
fn diagram_out_writes_a_file_and_refuses_to_overwrite_without_force() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("fig.svg");
    let p = path.to_str().unwrap();
    assert_eq!(ok(&["diagram", SMALL, "--out", p]), "", "nothing on stdout");
    let first = std::fs::read_to_string(&path).unwrap();
    assert_eq!(first, ok(&["diagram", SMALL]));

    let err = refused(&["diagram", BAO, "--out", p]);
    assert!(err.contains("already exists"), "{err}");
    assert!(err.contains("--force"), "{err}");
    assert_eq!(std::fs::read_to_string(&path).unwrap(), first, "untouched");

    ok(&["diagram", BAO, "--out", p, "--force"]);
    assert!(
        std::fs::read_to_string(&path)
            .unwrap()
            .contains("Bao la Kimasai")
    );
    let bak = dir.path().join("fig.svg.bak");
    assert_eq!(std::fs::read_to_string(bak).unwrap(), first, "kept as .bak");
}

#[test]
fn diagram_out_to_a_stream_writes_into_it() {
    // A pipe (here stdout, read by the test) has no file to replace: no
    // --force asked for, no backup tried beside it.
    assert_eq!(
        ok(&["diagram", SMALL, "--out", "/dev/stdout"]),
        ok(&["diagram", SMALL])
    );
    assert_eq!(ok(&["diagram", SMALL, "--out", "/dev/null"]), "");
}

#[test]
fn diagram_out_to_standard_output_redirected_to_a_file_writes_into_it() {
    // `--out /dev/stdout > x.svg` (and `>>`): stdout is then a file, and
    // it was refused as one already there, naming /dev/stdout.bak.
    let dir = tempfile::tempdir().unwrap();
    let expected = ok(&["diagram", SMALL]);
    let path = dir.path().join("x.svg");
    for (append, out) in [
        (false, "/dev/stdout"),
        (true, "/dev/stdout"),
        (false, "/dev/fd/1"),
        // The same file by its own name (it was replaced, its text kept as
        // x.svg.bak, and the diagram written to the old file lost).
        (true, path.to_str().unwrap()),
    ] {
        std::fs::write(&path, "earlier\n").unwrap();
        let file = std::fs::OpenOptions::new()
            .write(true)
            .append(append)
            .truncate(!append)
            .open(&path)
            .unwrap();
        let status = std::process::Command::new(BIN)
            .args(["diagram", SMALL, "--out", out])
            .stdout(file)
            .status()
            .unwrap();
        assert!(status.success(), "{out}, append {append}");
        let written = std::fs::read_to_string(&path).unwrap();
        let want = if append {
            format!("earlier\n{expected}")
        } else {
            expected.clone()
        };
        assert_eq!(written, want, "{out}, append {append}");
        assert!(!dir.path().join("x.svg.bak").exists());
    }
}

#[test]
fn diagram_out_to_a_full_device_says_the_disk_is_full() {
    // "No space left on device (os error 28)" where every save says it in
    // words, by its own name and through a link alike.
    let dir = tempfile::tempdir().unwrap();
    let link = dir.path().join("full.svg");
    std::os::unix::fs::symlink("/dev/full", &link).unwrap();
    for out in ["/dev/full", link.to_str().unwrap()] {
        let err = refused(&["diagram", SMALL, "--out", out]);
        assert_eq!(
            err,
            format!(
                "error: {out}: cannot write: the disk is full (free some space, or use another disk)\n"
            )
        );
    }
}

#[test]
fn diagram_out_to_a_folder_that_cannot_take_it_says_why() {
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("no such folder").join("fig.svg");
    let err = refused(&["diagram", SMALL, "--out", missing.to_str().unwrap()]);
    assert!(err.contains("there is no folder"), "{err}");
    assert!(err.contains("no such folder"), "{err}");

    let file = dir.path().join("notes.txt");
    std::fs::write(&file, "x").unwrap();
    let inside = file.join("fig.svg");
    let err = refused(&["diagram", SMALL, "--out", inside.to_str().unwrap()]);
    assert!(err.contains("is a file, not a folder"), "{err}");

    let err = refused(&["diagram", SMALL, "--out", dir.path().to_str().unwrap()]);
    assert!(err.contains("this is a folder"), "{err}");
    assert!(!missing.exists());
}

#[test]
fn neither_a_diagram_nor_a_saved_game_replaces_the_program_itself() {
    // A copy of the program, run from its own folder, asked to write over
    // itself (as `--out ./maasai-mancala --force` from the build folder
    // would): refused, and the program is still there to run.
    let dir = tempfile::tempdir().unwrap();
    let program = dir.path().join("maasai-mancala");
    std::fs::copy(BIN, &program).unwrap();
    let before = std::fs::read(&program).unwrap();
    let target = program.to_str().unwrap();
    for args in [
        vec!["diagram", SMALL, "--out", target, "--force"],
        vec!["play", SMALL, "--save", target, "--force"],
    ] {
        let out = Command::new(&program).args(&args).output().unwrap();
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains("it is this program itself"), "{err}");
        assert!(!dir.path().join("maasai-mancala.bak").exists());
    }
    assert_eq!(
        std::fs::read(&program).unwrap(),
        before,
        "the program was replaced"
    );
}

#[test]
fn a_finished_position_is_drawn_with_its_result() {
    let svg = ok(&[
        "diagram",
        "en-gehe south=0,2,0 north=0,0,0 captured=5,7 turn=north",
    ]);
    assert!(svg.contains("Game over: "), "{svg}");
    assert!(!svg.contains("\u{2014} to move"), "{svg}");
}

#[test]
fn a_missing_folder_is_said_alike_by_every_save() {
    // `play --save` said "cannot create a file in its folder: no such file
    // or folder" where `diagram --out` named the folder.
    let dir = tempfile::tempdir().unwrap();
    let folder = dir.path().join("nodir");
    let said = |target: &std::path::Path| {
        let message = format!(
            "{}: cannot write: there is no folder {} (make it first, or choose another)",
            target.display(),
            folder.display()
        );
        move |err: String| assert_eq!(err.trim_end(), format!("error: {message}"))
    };
    let svg = folder.join("x.svg");
    said(&svg)(refused(&["diagram", SMALL, "--out", svg.to_str().unwrap()]));
    let game = folder.join("x.ron");
    said(&game)(refused(&[
        "play",
        SMALL,
        "1",
        "--save",
        game.to_str().unwrap(),
    ]));
    assert!(!folder.exists());
}

#[test]
fn the_position_may_follow_the_highlighted_holes() {
    // `--highlight` takes every word after it: the position among them is
    // still the position, not a hole.
    let plain = ok(&["diagram", SMALL, "--highlight", "1", "north:2"]);
    assert_eq!(
        ok(&["diagram", "--highlight", "1", "north:2", SMALL]),
        plain
    );
    assert_eq!(
        ok(&["diagram", "--highlight", "1", "--mono", SMALL]),
        ok(&["diagram", SMALL, "--mono", "--highlight", "1"])
    );
    let err = refused(&["diagram", "--highlight", "1"]);
    assert!(err.contains("the position to draw is missing"), "{err}");
    // A position with holes after it, or given twice, is named as such:
    // "missing" and "a bad hole" were said of them.
    let err = refused(&["diagram", "--highlight", "1", SMALL, "2"]);
    assert!(
        err.contains("stands among --highlight's holes, with `2` after it: put the position first"),
        "{err}"
    );
    let err = refused(&["diagram", SMALL, "--highlight", "1", SMALL]);
    assert!(
        err.contains("is a position, not a hole, and the position to draw is given already"),
        "{err}"
    );
    // Both after --highlight: two positions, not a bad hole.
    let err = refused(&["diagram", "--highlight", "1", SMALL, SMALL]);
    assert!(
        err.contains("two positions to draw, `") && err.contains("a diagram draws one"),
        "{err}"
    );
    // A hole written with a blank is a hole wherever the position stands
    // (before --highlight it was taken for a second position).
    assert_eq!(
        ok(&["diagram", SMALL, "--highlight", "north: 1"]),
        ok(&["diagram", "--highlight", "north: 1", SMALL])
    );
    assert_eq!(
        ok(&["diagram", SMALL, "--highlight", "north: 1"]),
        ok(&["diagram", SMALL, "--highlight", "north:1"])
    );
}
