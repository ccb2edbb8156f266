#![no_main]
//! Raw setups (the position editor's and a hand-written line's): any text
//! is an error or a setup that prints and reads back as itself, legal or
//! not; validation refuses it exactly with the first problem it lists.
//! Never a panic.

use libfuzzer_sys::fuzz_target;
use maasai_mancala::engine::{Position, notation};

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let Ok(setup) = notation::parse_setup(&text) else {
        return;
    };
    let again = notation::parse_setup(&setup.to_string()).expect("a printed setup reads back");
    assert_eq!(again, setup);
    let problems = setup.problems();
    match Position::try_from(&setup) {
        Ok(pos) => {
            assert!(problems.is_empty());
            assert_eq!(pos.to_string(), setup.to_string());
        }
        Err(e) => assert_eq!(problems.first(), Some(&e)),
    }
});
