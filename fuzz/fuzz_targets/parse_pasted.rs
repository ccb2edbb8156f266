#![no_main]
//! Pasted positions and game records: an error, or a game whose record
//! reads back as the same game, never a panic.

use libfuzzer_sys::fuzz_target;
use maasai_mancala::files::{parse_pasted, record_text};

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    if let Ok(game) = parse_pasted(&text) {
        assert_eq!(parse_pasted(&record_text(&game)).unwrap(), game);
    }
});
