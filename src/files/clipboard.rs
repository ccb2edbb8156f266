//! Copy and paste of positions as RULES.md notation strings.

use crate::engine::{Position, notation};

/// The text copied for a position: its canonical notation.
pub fn position_text(pos: &Position) -> String {
    pos.to_string()
}

/// Reads a pasted position. Line breaks and surrounding blanks (as mail and
/// chat add them) are accepted; anything else is refused naming the token.
pub fn parse_pasted_position(text: &str) -> Result<Position, String> {
    let line = text.split_whitespace().collect::<Vec<_>>().join(" ");
    if line.is_empty() {
        return Err("the pasted text is empty; a position looks like \
                    `en-gehe south=4,4,4 north=4,4,4 captured=0,0 turn=south`"
            .to_string());
    }
    notation::parse_position(&line).map_err(|e| format!("the pasted text is not a position: {e}"))
}
