//! A number of the wrong size or kind in a study's whole-number field, in
//! the words saved games use for theirs (`src/files/game.rs`): which
//! field, the numbers it takes and what is wrong with the one written.
//! RON itself only says "a number here is out of range", naming neither.

/// A field of a study (or a goal kind's number) that takes a whole number.
struct WholeField {
    /// The field's name (`after`), or the goal kind's (`WinWithin`).
    name: &'static str,
    /// Written `name(…)`, a goal kind, rather than `name: …`.
    kind: bool,
    /// What the number is, with an example.
    what: &'static str,
    /// The numbers it takes: "from 1 to 4294967295".
    range: &'static str,
    /// The smallest and largest number the file can hold there at all.
    min: i128,
    max: i128,
}

const WHOLE_FIELDS: [WholeField; 4] = [
    WholeField {
        name: "version",
        kind: false,
        what: "the format version: `version: 1`",
        range: "from 1 to 4294967295",
        min: 0,
        max: u32::MAX as i128,
    },
    WholeField {
        name: "after",
        kind: false,
        what: "the solution moves an alternative line leaves it after, 0 for the start: `after: 2`",
        range: "from 0 to the solution's number of moves",
        min: 0,
        max: usize::MAX as i128,
    },
    WholeField {
        name: "MarginAtLeast",
        kind: true,
        what: "the least final margin of seeds for the side to move, negative for a loss: `MarginAtLeast(4)`",
        range: "from -2147483648 to 2147483647",
        min: i32::MIN as i128,
        max: i32::MAX as i128,
    },
    WholeField {
        name: "WinWithin",
        kind: true,
        what: "the plies within which the side to move wins: `WinWithin(9)`",
        range: "from 1 to 4294967295",
        min: 0,
        max: u32::MAX as i128,
    },
];

/// Byte offset in `text` of RON's 1-based line and column (in characters).
fn offset_of(text: &str, line: usize, col: usize) -> Option<usize> {
    let start = match line {
        0 => return None,
        1 => 0,
        n => text.match_indices('\n').nth(n - 2)?.0 + 1,
    };
    let rest = &text[start..];
    let rest = &rest[..rest.find('\n').unwrap_or(rest.len())];
    Some(
        rest.char_indices()
            .nth(col.checked_sub(1)?)
            .map_or(start + rest.len(), |(i, _)| start + i),
    )
}

/// When RON's error `e` stands in the value of a whole-number field of
/// the study `text` and that value is a number too large or too small for
/// it, or a fraction: the byte offset of the value and the problem
/// ("`after` takes a whole number from 0 to …; 99999999999999999999 is
/// too large (…)").
pub(super) fn wrong_number(text: &str, e: &ron::error::SpannedError) -> Option<(usize, String)> {
    let at = offset_of(text, e.span.start.line, e.span.start.col)?;
    let number_char = |c: char| c.is_ascii_digit() || matches!(c, '_' | '.' | '-' | '+');
    // The value: back to its start (RON may stop after a minus sign or
    // at a `.`), then on to the first blank or delimiter.
    let start = text[..at]
        .char_indices()
        .rev()
        .take_while(|&(_, c)| number_char(c))
        .last()
        .map_or(at, |(i, _)| i);
    let len = text[start..]
        .find(|c: char| c.is_whitespace() || matches!(c, ',' | ')' | ']' | '}' | '/'))
        .unwrap_or(text.len() - start);
    let value = &text[start..start + len];
    if value.is_empty() || !value.chars().all(number_char) {
        return None;
    }
    // The field: `name:` or `Kind(` just before the value.
    let before = text[..start].trim_end();
    let separator = before.chars().next_back()?;
    let before = before[..before.len() - 1].trim_end();
    let name_len = before
        .chars()
        .rev()
        .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
        .map(char::len_utf8)
        .sum::<usize>();
    let name = &before[before.len() - name_len..];
    let field = WHOLE_FIELDS
        .iter()
        .find(|f| f.name == name && separator == if f.kind { '(' } else { ':' })?;
    let (what, range) = (field.what, field.range);
    let written = if field.kind {
        format!("`{name}(…)`")
    } else {
        format!("`{name}`")
    };
    let number = value.replace('_', "");
    let digits = number.strip_prefix('-').unwrap_or(&number);
    let problem = if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) {
        // A whole number, however long.
        let negative = number.starts_with('-');
        match number.parse::<i128>() {
            Ok(n) if (field.min..=field.max).contains(&n) => return None,
            Err(_) | Ok(_) if !negative => {
                format!("{written} takes a whole number {range}; {value} is too large ({what})")
            }
            _ if field.min >= 0 => {
                format!(
                    "{written} takes a whole number {range}, not {value}, which is negative ({what})"
                )
            }
            _ => format!("{written} takes a whole number {range}; {value} is too small ({what})"),
        }
    } else if number.parse::<f64>().is_ok_and(f64::is_finite) {
        format!("{written} takes a whole number {range}, not {value} ({what})")
    } else {
        return None;
    };
    Some((start, problem))
}
