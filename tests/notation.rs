//! Position and move notation: every malformed input gets an error that
//! names the token and the problem.

use maasai_mancala::engine::{PlayError, Variant, notation};

fn err(text: &str) -> String {
    notation::parse_position(text).expect_err(text).to_string()
}

#[test]
fn tokens_may_come_in_any_order() {
    let a = notation::parse_position("en-gehe south=1,2,3 north=4,5,6 captured=7,8 turn=north")
        .unwrap();
    let b = notation::parse_position("turn=north captured=7,8 north=4,5,6 en-gehe south=1,2,3")
        .unwrap();
    assert_eq!(a, b);
    assert_eq!(
        b.to_string(),
        "en-gehe south=1,2,3 north=4,5,6 captured=7,8 turn=north"
    );
}

#[test]
fn unknown_game_is_named() {
    let e = err("oware south=1,1,1 north=1,1,1 captured=0,0 turn=south");
    assert!(e.contains("`oware`") && e.contains("unknown game"), "{e}");
}

#[test]
fn missing_game_name() {
    assert!(err("south=1,1,1 north=1,1,1 captured=0,0 turn=south").contains("missing the game"));
}

#[test]
fn missing_tokens_are_named() {
    assert!(err("en-gehe south=1,1,1 north=1,1,1 turn=south").contains("`captured`"));
    assert!(err("en-gehe south=1,1,1 captured=0,0 turn=south").contains("`north`"));
    assert!(err("en-gehe south=1,1,1 north=1,1,1 captured=0,0").contains("`turn`"));
    let bao = "bao-la-kimasai south=1,1,1,1,1,1,1,1,0,0,0,0,0,0,0,0 north=1,1,1,1,1,1,1,1,0,0,0,0,0,0,0,0 turn=south opening=no";
    assert!(err(bao).contains("`reserve`"));
}

#[test]
fn wrong_list_lengths_are_refused() {
    let e = err("en-gehe south=1,1,1 north=1,1,1,1 captured=0,0 turn=south");
    assert!(e.contains("`north`") && e.contains("equally long"), "{e}");
    let e = err(
        "bao-la-kimasai south=1,1,1 north=1,1,1,1,1,1,1,1,0,0,0,0,0,0,0,0 reserve=0,0 turn=south opening=no",
    );
    assert!(e.contains("`south`") && e.contains("16"), "{e}");
    let e = err("en-gehe south=1,1 north=1,1 captured=0,0 turn=south");
    assert!(e.contains("at least 3"), "{e}");
    let e = err("en-gehe south=1,1,1 north=1,1,1 captured=0 turn=south");
    assert!(e.contains("captured") && e.contains("expected 2"), "{e}");
}

#[test]
fn more_than_64_holes_is_refused() {
    let row = vec!["1"; 65].join(",");
    let e = err(&format!(
        "en-gehe south={row} north={row} captured=0,0 turn=south"
    ));
    assert!(e.contains("65 holes") && e.contains("64"), "{e}");
    let row = vec!["1"; 64].join(",");
    assert!(
        notation::parse_position(&format!(
            "en-gehe south={row} north={row} captured=0,0 turn=south"
        ))
        .is_ok()
    );
}

#[test]
fn negative_and_non_numeric_counts_are_named() {
    let e = err("en-gehe south=1,-2,1 north=1,1,1 captured=0,0 turn=south");
    assert!(e.contains("entry 2") && e.contains("negative"), "{e}");
    // `-0` and `+1` are no counts of seeds either, but not negative ones.
    for signed in ["-0", "-00", "+1"] {
        let e = err(&format!(
            "en-gehe south=1,{signed},1 north=1,1,1 captured=0,0 turn=south"
        ));
        assert!(
            e.contains(&format!("entry 2 (`{signed}`) has a sign")),
            "{e}"
        );
    }
    let e = err("en-gehe south=1,1,1 north=1,two,1 captured=0,0 turn=south");
    assert!(
        e.contains("`north=1,two,1`") && e.contains("entry 2") && e.contains("not a whole number"),
        "{e}"
    );
    let e = err("en-gehe south=1,,1 north=1,1,1 captured=0,0 turn=south");
    assert!(e.contains("entry 2 is empty"), "{e}");
    let e = err("en-gehe south=1,1,1 north=1,1,1 captured=0,0 turn=south south=2,2,2");
    assert!(e.contains("twice"), "{e}");
    let e = err("en-gehe south=1,1,1 north=1,1,1 captured=0,0 turn=south colour=red");
    assert!(e.contains("unknown key"), "{e}");
    let e = err("en-gehe south=99999,1,1 north=1,1,1 captured=0,0 turn=south");
    assert!(
        e.contains("(`99999`) is too large: a position holds at most 60,000 seeds"),
        "{e}"
    );
}

#[test]
fn game_specific_tokens_are_checked() {
    let e = err("en-gehe south=1,1,1 north=1,1,1 captured=0,0 turn=south reserve=1,1");
    assert!(e.contains("reserve"), "{e}");
    let e = err(
        "bao-la-kimasai south=1,1,1,1,1,1,1,1,0,0,0,0,0,0,0,0 north=1,1,1,1,1,1,1,1,0,0,0,0,0,0,0,0 reserve=0,0 turn=south opening=maybe",
    );
    assert!(e.contains("`opening=maybe`"), "{e}");
    let e = err("en-gehe south=1,1,1 north=1,1,1 captured=0,0 turn=up");
    assert!(e.contains("`turn=up`"), "{e}");
}

#[test]
fn bad_hole_names_are_refused() {
    let bao = Variant::BaoLaKimasai;
    for bad in ["i0", "i9", "x3", "o", "", "3", "inner1", "é1"] {
        let e = bao.parse_move(bad).expect_err(bad);
        assert!(matches!(e, PlayError::BadNotation { .. }));
        assert!(e.to_string().contains("illegal"));
    }
    let eg = Variant::EnGehe { holes: 50 };
    for bad in ["0", "51", "-1", "i1", "", "+1", "1.0", "1e1"] {
        assert!(eg.parse_move(bad).is_err(), "{bad}");
    }
    // Signs are refused as in position notation ("not a whole number").
    for bad in ["i+1", "o+3", "i-1"] {
        assert!(bao.parse_move(bad).is_err(), "{bad}");
    }
    // The move is quoted as written, without the blanks around it.
    let e = eg.parse_move(" x ").unwrap_err().to_string();
    assert!(e.starts_with("illegal move `x`: "), "{e}");
    // A long text (a whole position pasted as a move) is quoted by its start.
    let long = "en-gehe south=4,4,4,4,4,4 north=4,4,4,4,4,4 captured=0,0 turn=south";
    let e = eg.parse_move(long).unwrap_err().to_string();
    assert!(
        e.starts_with(
            "illegal move `en-gehe south=4,4,4,4,4,4 north=4,4,4,4,4,4 capt… (67 characters)`: "
        ),
        "{e}"
    );
    assert_eq!(eg.parse_move(" 7 ").unwrap().hole(), 6);
    assert_eq!(eg.parse_move("50").unwrap().hole(), 49);
    assert_eq!(bao.parse_move("O3").unwrap().hole(), 13);
}

#[test]
fn notation_messages_name_the_real_problem() {
    let err = |t: &str| notation::parse_position(t).unwrap_err().to_string();
    let e = err("en-gehe south=1,1,1 north=1,1,1 captured=0,0 turn=south origin=foo");
    assert!(e.contains("`skip` or `sow`"), "{e}");
    // Only the documented words.
    assert!(
        notation::parse_position(
            "en-gehe south=1,1,1 north=1,1,1 captured=0,0 turn=south origin=sow-into"
        )
        .is_err()
    );
    assert!(
        notation::parse_position(
            "en-gehe south=1,1,1 north=1,1,1 captured=0,0 turn=south origin=sow"
        )
        .is_ok()
    );
    // An invisible character is named, not the game.
    for invisible in ['\u{feff}', '\u{200b}'] {
        let e = err(&format!(
            "{invisible}en-gehe south=1,1,1 north=1,1,1 captured=0,0 turn=south"
        ));
        assert!(e.contains("invisible character"), "{e}");
        assert!(e.contains(&format!("U+{:04X}", invisible as u32)), "{e}");
        assert!(!e.contains("unknown game"), "{e}");
    }
    // Tokens come in any order: the name is missing, not misplaced.
    let e = err("south=1,1,1 north=1,1,1 captured=0,0 turn=south");
    assert!(e.contains("missing the game's name"), "{e}");
    assert!(!e.contains("at the start"), "{e}");
}

#[test]
fn a_huge_token_is_named_by_its_start_not_printed_whole() {
    let row = vec!["1"; 3_000_000].join(",");
    let text = format!("en-gehe south={row} north=1,1,1 captured=0,0 turn=south");
    let e = notation::parse_position(&text).unwrap_err().to_string();
    assert!(
        e.len() < 300,
        "{} bytes: {}",
        e.len(),
        &e[..300.min(e.len())]
    );
    assert!(e.starts_with("`south=1,1,1,"), "{e}");
    assert!(e.contains("… (6000005 characters)"), "{e}");
    let e = notation::parse_position(&format!(
        "en-gehe south=1,{},1 north=1,1,1 captured=0,0 turn=south",
        "9".repeat(5000)
    ))
    .unwrap_err()
    .to_string();
    assert!(e.len() < 300, "{e}");
    assert!(e.contains("entry 2 (`999"), "{e}");
}

#[test]
fn the_std_traits_read_and_print_the_same_notation() {
    use maasai_mancala::engine::{Position, Setup, Side};
    let text = "en-gehe south=1,0,2 north=0,3,0 captured=5,6 turn=north origin=skip";
    let pos: Position = text.parse().unwrap();
    assert_eq!(pos.to_string(), text);
    let setup: Setup = text.parse().unwrap();
    assert_eq!(setup.to_string(), text);
    assert_eq!(Position::try_from(setup), Ok(pos));
    // `FromStr` refuses with the same words as the notation functions.
    for bad in [
        "en-gehe south=1,0,2 north=0,3,0 captured=5,6 turn=east",
        "en-gehe south=1,0,2 north=0,3,0 reserve=1,1 captured=5,6 turn=north",
        "en-gehe south=1,x,2 north=0,3,0 captured=5,6 turn=north",
    ] {
        assert_eq!(
            bad.parse::<Position>().unwrap_err(),
            notation::parse_position(bad).unwrap_err()
        );
        assert_eq!(
            bad.parse::<Setup>().unwrap_err(),
            notation::parse_setup(bad).unwrap_err()
        );
    }
    // A setup may break the rules and still read: it is the position that
    // is refused.
    let too_short = "en-gehe south=1,0 north=0,3 captured=0,0 turn=north";
    assert!(too_short.parse::<Setup>().is_ok());
    assert!(err(too_short).contains("at least 3"));
    for side in Side::BOTH {
        assert_eq!(side.to_string().parse::<Side>(), Ok(side));
    }
    let e = "east".parse::<Side>().unwrap_err().to_string();
    assert_eq!(e, "`east`: a side is `south` or `north`");
}

#[test]
fn a_record_line_reads_back_from_its_own_print() {
    use maasai_mancala::engine::{Game, GameOptions};
    let start = GameOptions::bao_la_kimasai().start().unwrap();
    let line = format!("{start} ; i3 i1 o8");
    let (position, moves) = notation::split_record(&line).unwrap();
    assert_eq!(moves, ["i3", "i1", "o8"]);
    let start = notation::parse_position(&position).unwrap();
    let game = Game::replay_notation(start, &moves).unwrap();
    let names: Vec<String> = game.moves().iter().map(|&mv| start.move_name(mv)).collect();
    assert_eq!(names, moves);
    // A move that cannot be played is named with its place and mover.
    let e = Game::replay_notation(start, &["i3", "i1", "o1"]).unwrap_err();
    assert_eq!(e.index, 2);
    assert_eq!(
        e.to_string(),
        "move 3 of the record (South's): illegal move `o1`: the hole is empty"
    );
}

#[test]
fn a_record_whose_game_is_misspelt_is_told_so_as_a_position_is() {
    for game in ["engehe", "EN-GEHE", "bao"] {
        let line = format!("{game} south=4,4,4 north=4,4,4 captured=0,0 turn=south 1");
        let e = notation::split_record(&line).unwrap_err().to_string();
        assert!(
            e.starts_with(&format!(
                "`{game}`: unknown game or token; the game is `en-gehe`"
            )),
            "{e}"
        );
    }
    // A position token after real moves is still placed after them.
    let e = notation::split_record("en-gehe south=4,4,4 north=4,4,4 captured=0,0 1 turn=south")
        .unwrap_err()
        .to_string();
    assert!(e.contains("`turn=south`: stands after move 1"), "{e}");
}
