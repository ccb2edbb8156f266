#![no_main]
//! Move notation of both games: an error or a hole on the board, never a panic.

use libfuzzer_sys::fuzz_target;
use maasai_mancala::engine::Variant;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    for variant in [Variant::BaoLaKimasai, Variant::EnGehe { holes: 50 }] {
        if let Ok(mv) = variant.parse_move(&text) {
            assert!(mv.hole() < variant.holes_per_side());
            assert_eq!(variant.parse_move(&variant.move_name(mv)).unwrap(), mv);
        }
    }
});
