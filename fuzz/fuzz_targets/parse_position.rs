#![no_main]
//! Any text either parses to a position that prints and parses back to
//! itself, or gives an error; never a panic.

use libfuzzer_sys::fuzz_target;
use maasai_mancala::engine::notation;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    if let Ok(pos) = notation::parse_position(&text) {
        let again = notation::parse_position(&pos.to_string()).expect("canonical text parses");
        assert_eq!(again, pos);
        // Every candidate move is decided without panicking.
        for mv in pos.candidate_moves() {
            let _ = pos.try_play(mv);
        }
    }
});
