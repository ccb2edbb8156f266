//! A number of the wrong size or kind in a whole-number field of a RON
//! file (saved game, autosave, study, presets): which field, the numbers it takes
//! and what is wrong with the one written. RON itself only says "a number
//! here is out of range" or, stopping at the `.` of `2.5`, "a comma is
//! missing", naming neither.

/// A field that takes a whole number.
pub(crate) struct WholeField {
    /// The field's name (`cursor`), or a variant's (`WinWithin`).
    pub name: &'static str,
    /// How the number is written in the file.
    pub kind: Written,
    /// What the number is, with an example.
    pub what: &'static str,
    /// The numbers it takes: "from 1 to 4294967295".
    pub range: &'static str,
    /// The smallest and largest number the file can hold there at all.
    pub min: i128,
    pub max: i128,
}

/// How a whole-number field holds its number.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Written {
    /// `name: 3`.
    Field,
    /// `Name(3)`, a variant holding the number.
    Variant,
    /// `name: {3: …}`, the keys of a map (a saved game's comments by move
    /// number).
    MapKey,
}

/// The format version, which saved games and studies both begin with.
pub(crate) const VERSION: WholeField = WholeField {
    name: "version",
    kind: Written::Field,
    what: "the format version: `version: 1`",
    range: "from 1 to 4294967295",
    min: 0,
    max: u32::MAX as i128,
};

/// Seeds a hole at the start, in a game's options (saved games, presets).
pub(crate) const SEEDS: WholeField = WholeField {
    name: "seeds",
    kind: Written::Field,
    what: "the seeds a hole holds at the start: `seeds: 4`",
    range: "from 1 to 12 (Bao la Kimasai: 1)",
    min: 0,
    max: u8::MAX as i128,
};

/// Holes of an En Gehé row, in a game's options.
pub(crate) const HOLES: WholeField = WholeField {
    name: "holes",
    kind: Written::Field,
    what: "the holes of a row: `holes: 8`",
    range: "from 3 to 64",
    min: 0,
    max: u8::MAX as i128,
};

/// When RON's error `e` stands in the value of one of `fields` in `text`
/// and that value is a number too large or too small for it, or not a
/// whole number: the byte offset of the value and the problem ("`after`
/// takes a whole number from 0 to …; 99999999999999999999 is too large
/// (…)").
pub(crate) fn wrong_number(
    text: &str,
    e: &ron::error::SpannedError,
    fields: &[WholeField],
) -> Option<(usize, String)> {
    let at = super::error::offset_of(text, e.span.start);
    // Digits, and what a number of another kind has (`-1`, `2.5`, `2e1`).
    let number_char =
        |c: char| c.is_ascii_digit() || matches!(c, '_' | '.' | '-' | '+' | 'e' | 'E');
    // The value: back to its start (RON may stop after a minus sign or
    // at a `.`), then on to the first blank or delimiter.
    let start = text[..at]
        .char_indices()
        .rev()
        .take_while(|&(_, c)| number_char(c))
        .last()
        .map_or(at, |(i, _)| i);
    let len = text[start..]
        .find(|c: char| c.is_whitespace() || matches!(c, ',' | ')' | ']' | '}' | '/' | ':'))
        .unwrap_or(text.len() - start);
    let value = &text[start..start + len];
    if !value.starts_with(|c: char| c.is_ascii_digit() || c == '-' || c == '+')
        || !value.chars().all(number_char)
    {
        return None;
    }
    // The field: `name:` or `Kind(` just before the value.
    let before = text[..start].trim_end();
    let separator = before.chars().next_back()?;
    let before = before[..before.len() - separator.len_utf8()].trim_end();
    let name_len = before
        .chars()
        .rev()
        .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
        .map(char::len_utf8)
        .sum::<usize>();
    let name = &before[before.len() - name_len..];
    // A map's key: a number after the map's `{` or a comma and before its
    // colon, in the map of the field named (RON read `1.5: "x"` as a
    // colon missing).
    let map = (matches!(separator, '{' | ',')
        && super::error::skip_blanks(&text[start + len..]).starts_with(':'))
    .then(|| super::error::fields_at(text, e).within.pop())
    .flatten();
    let field = fields.iter().find(|f| match f.kind {
        Written::Field => f.name == name && separator == ':',
        Written::Variant => f.name == name && separator == '(',
        Written::MapKey => map.as_deref() == Some(f.name),
    })?;
    let (what, range) = (field.what, field.range);
    let written = match field.kind {
        Written::Field => format!("`{}`", field.name),
        Written::Variant => format!("`{}(…)`", field.name),
        Written::MapKey => format!("a move number in `{}`", field.name),
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
    } else if number.parse::<f64>().is_ok() {
        // A number of another kind, however large (`1e400`, which RON
        // itself refuses at its `e`).
        format!("{written} takes a whole number {range}, not {value} ({what})")
    } else {
        return None;
    };
    Some((start, problem))
}
