//! The whole-number fields of a study, for the messages saved games give
//! theirs (`src/files/number.rs`): which field, the numbers it takes and
//! what is wrong with the one written. RON itself only says "a number
//! here is out of range", naming neither.

use crate::files::number::{VERSION, WholeField, Written};

const WHOLE_FIELDS: [WholeField; 4] = [
    VERSION,
    WholeField {
        name: "after",
        kind: Written::Field,
        what: "the solution moves an alternative line leaves it after, 0 for the start: `after: 2`",
        range: "from 0 to the solution's number of moves",
        min: 0,
        max: usize::MAX as i128,
    },
    WholeField {
        name: "MarginAtLeast",
        kind: Written::Variant,
        what: "the least final margin of seeds for the side to move, negative for a loss: `MarginAtLeast(4)`",
        range: "from -2147483648 to 2147483647",
        min: i32::MIN as i128,
        max: i32::MAX as i128,
    },
    WholeField {
        name: "WinWithin",
        kind: Written::Variant,
        what: "the plies within which the side to move wins: `WinWithin(9)`",
        range: "from 1 to 4294967295",
        min: 0,
        max: u32::MAX as i128,
    },
];

/// When RON's error `e` stands in the value of a whole-number field of
/// the study `text` and that value is a number too large or too small for
/// it, or a fraction: the byte offset of the value and the problem.
pub(super) fn wrong_number(text: &str, e: &ron::error::SpannedError) -> Option<(usize, String)> {
    crate::files::number::wrong_number(text, e, &WHOLE_FIELDS)
}
