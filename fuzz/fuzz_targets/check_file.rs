#![no_main]
//! Any text given as a file (a saved game, an autosave, presets or a
//! study, as `maasai-mancala check` and the window's Open read them) either
//! checks or gives an error that names the file and its problem; never a
//! panic. Seed the corpus with the shipped files:
//! `mkdir -p corpus/check_file && cp ../assets/presets.ron ../assets/studies/*.ron ../tests/fixtures/*.ron corpus/check_file/`.

use libfuzzer_sys::fuzz_target;
use maasai_mancala::files::check_text;
use std::path::Path;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let path = Path::new("fuzzed.ron");
    if let Err(e) = check_text(&text, path) {
        assert!(e.to_string().contains("fuzzed.ron"));
        assert!(!e.problem.is_empty());
    }
});
