//! Position and move notation of RULES.md: canonical printing, and parsing
//! that accepts the tokens in any order and names the token at fault.

use super::setup::GameKind;
use super::{
    BAO_ROW, BAO_SIDE_HOLES, Move, OriginRule, PlayError, Position, Setup, SetupError, Side,
    Variant,
};
use std::fmt;

impl fmt::Display for Position {
    /// The canonical notation, e.g.
    /// `en-gehe south=4,4,4 north=4,4,4 captured=0,0 turn=south`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let list = |side: Side| {
            self.row(side)
                .iter()
                .map(|c| c.to_string())
                .collect::<Vec<_>>()
                .join(",")
        };
        write!(
            f,
            "{} south={} north={}",
            self.variant().name(),
            list(Side::South),
            list(Side::North)
        )?;
        match self.variant() {
            Variant::EnGehe { .. } => write!(
                f,
                " captured={},{} turn={}",
                self.captured(Side::South),
                self.captured(Side::North),
                self.turn()
            )?,
            Variant::BaoLaKimasai => write!(
                f,
                " reserve={},{} turn={} opening={}",
                self.reserve(Side::South),
                self.reserve(Side::North),
                self.turn(),
                if self.opening() { "yes" } else { "no" }
            )?,
        }
        if self.origin() == OriginRule::Skip {
            f.write_str(" origin=skip")?;
        }
        Ok(())
    }
}

impl fmt::Display for Setup {
    /// The same notation as a [`Position`]'s, for a setup that may still
    /// be invalid (the position editor shows it live); a valid setup prints
    /// exactly as its position does.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let list = |row: &[u64]| {
            row.iter()
                .map(|c| c.to_string())
                .collect::<Vec<_>>()
                .join(",")
        };
        let name = match self.game {
            GameKind::EnGehe => "en-gehe",
            GameKind::BaoLaKimasai => "bao-la-kimasai",
        };
        write!(
            f,
            "{name} south={} north={}",
            list(&self.south),
            list(&self.north)
        )?;
        match self.game {
            GameKind::EnGehe => write!(
                f,
                " captured={},{} turn={}",
                self.captured[0], self.captured[1], self.turn
            )?,
            GameKind::BaoLaKimasai => write!(
                f,
                " reserve={},{} turn={} opening={}",
                self.reserve[0],
                self.reserve[1],
                self.turn,
                if self.opening { "yes" } else { "no" }
            )?,
        }
        if self.origin == OriginRule::Skip {
            f.write_str(" origin=skip")?;
        }
        Ok(())
    }
}

impl std::str::FromStr for Position {
    type Err = SetupError;
    fn from_str(s: &str) -> Result<Position, SetupError> {
        parse_position(s)
    }
}

impl std::str::FromStr for Setup {
    type Err = SetupError;
    /// [`parse_setup`]: the notation read, the rules not checked.
    fn from_str(s: &str) -> Result<Setup, SetupError> {
        parse_setup(s)
    }
}

/// Parses a position in RULES.md notation and validates it.
pub fn parse_position(text: &str) -> Result<Position, SetupError> {
    parse_setup(text)?.validate()
}

/// Whether `token` belongs to a position in a game record rather than to
/// its moves: a move never holds `=` and is never a game's name.
pub fn is_position_token(token: &str) -> bool {
    token.contains('=') || matches!(token, "en-gehe" | "bao-la-kimasai")
}

/// A game record on one line (RULES.md: the start position followed by
/// the moves in order): the position's tokens (the game's name and the
/// `key=value` tokens, in any order), then the moves, blank-separated; a
/// `;` may stand between them (as on `apply`'s lines). Returns the
/// position's text and the moves' tokens; a position token or a second
/// `;` after the first move is refused, naming it. A move never holds `=`
/// nor is a game's name, so nothing else is needed to part them.
pub fn split_record(text: &str) -> Result<(String, Vec<&str>), SetupError> {
    let is_position = is_position_token;
    // `;` stands alone or against a token (`turn=south;36`).
    let tokens: Vec<&str> = text
        .split_whitespace()
        .flat_map(|t| t.split_inclusive(';'))
        .flat_map(|t| match t.strip_suffix(';') {
            Some("") | None => [t, ""],
            Some(rest) => [rest, ";"],
        })
        .filter(|t| !t.is_empty())
        .collect();
    let split = tokens
        .iter()
        .position(|&t| !is_position(t))
        .unwrap_or(tokens.len());
    let (position, rest) = tokens.split_at(split);
    let moves = match rest {
        [";", moves @ ..] => moves,
        moves => moves,
    };
    // Nothing read as a position, only words (`bad`, `game.ron`,
    // `engehe`, `EN-GEHE`): the first is what is wrong, and is named
    // ("missing the game's name" named none of them; nor is it a position
    // token "after move 1").
    if position.is_empty()
        && !moves.is_empty()
        && let Err(e) = parse_setup(&tokens.join(" "))
    {
        return Err(e);
    }
    if let Some((i, &t)) = moves
        .iter()
        .enumerate()
        .find(|&(_, &t)| is_position(t) || t == ";")
    {
        let place = if i == 0 {
            "the `;` that ends the position".to_string()
        } else {
            format!("move {i} of the record")
        };
        return Err(SetupError::new(
            t,
            format!("stands after {place}; a game record is the whole position, then its moves"),
        ));
    }
    Ok((position.join(" "), moves.to_vec()))
}

/// Parses a position in RULES.md notation without validating it.
pub fn parse_setup(text: &str) -> Result<Setup, SetupError> {
    let mut game: Option<GameKind> = None;
    let mut south = None;
    let mut north = None;
    let mut captured = None;
    let mut reserve = None;
    let mut turn = None;
    let mut opening = None;
    let mut origin = None;

    for token in text.split_whitespace() {
        // In any token: `turn=south` with a zero-width space after it was
        // told "turn must be `south` or `north`", quoting what looks right.
        if let Some(c) = token.chars().find(|&c| invisible(c)) {
            // Quoted with each such character written as an escape, so
            // the message shows where it is (removed, the token looked
            // right; raw, a terminal acted on it).
            let shown: String = token
                .chars()
                .map(|c| {
                    if invisible(c) {
                        format!("\\u{{{:x}}}", c as u32)
                    } else {
                        c.to_string()
                    }
                })
                .collect();
            return Err(SetupError::new(
                shown,
                format!(
                    "contains the invisible character U+{:04X} (copied with the text?); remove it",
                    c as u32
                ),
            ));
        }
        let Some((key, value)) = token.split_once('=') else {
            let kind = match token {
                "en-gehe" => GameKind::EnGehe,
                "bao-la-kimasai" => GameKind::BaoLaKimasai,
                _ => {
                    return Err(SetupError::new(
                        token,
                        "unknown game or token; the game is `en-gehe` or `bao-la-kimasai`, other tokens are key=value",
                    ));
                }
            };
            if game.replace(kind).is_some() {
                return Err(SetupError::new(token, "the game is named twice"));
            }
            continue;
        };
        fn set<T>(slot: &mut Option<T>, value: T, token: &str) -> Result<(), SetupError> {
            if slot.replace(value).is_some() {
                return Err(SetupError::new(token, "this key appears twice"));
            }
            Ok(())
        }
        match key {
            "south" => set(&mut south, counts(token, value, None)?, token)?,
            "north" => set(&mut north, counts(token, value, None)?, token)?,
            "captured" => set(&mut captured, pair(token, value)?, token)?,
            "reserve" => set(&mut reserve, pair(token, value)?, token)?,
            "turn" => {
                let side = match value {
                    "south" => Side::South,
                    "north" => Side::North,
                    _ => return Err(SetupError::new(token, "turn must be `south` or `north`")),
                };
                set(&mut turn, side, token)?
            }
            "opening" => {
                let flag = match value {
                    "yes" => true,
                    "no" => false,
                    _ => return Err(SetupError::new(token, "opening must be `yes` or `no`")),
                };
                set(&mut opening, flag, token)?
            }
            "origin" => {
                let rule = match value {
                    "skip" => OriginRule::Skip,
                    "sow" => OriginRule::SowInto,
                    _ => {
                        return Err(SetupError::new(
                            token,
                            "origin must be `skip` or `sow` (the default, which may be left out)",
                        ));
                    }
                };
                set(&mut origin, rule, token)?
            }
            _ => {
                return Err(SetupError::new(
                    token,
                    "unknown key; expected south, north, captured, reserve, turn, opening or origin",
                ));
            }
        }
    }

    let game = game.ok_or_else(|| {
        SetupError::new(
            "",
            "missing the game's name (`en-gehe` or `bao-la-kimasai`)",
        )
    })?;
    let missing = |key: &str| SetupError::new(key, format!("missing token `{key}=...`"));
    let south = south.ok_or_else(|| missing("south"))?;
    let north = north.ok_or_else(|| missing("north"))?;
    let turn = turn.ok_or_else(|| missing("turn"))?;
    let (captured, reserve, opening) = match game {
        GameKind::EnGehe => {
            if reserve.is_some() {
                return Err(SetupError::new("reserve", "En Gehé has no reserves"));
            }
            if opening.is_some() {
                return Err(SetupError::new("opening", "En Gehé has no opening flag"));
            }
            (captured.ok_or_else(|| missing("captured"))?, [0, 0], false)
        }
        GameKind::BaoLaKimasai => {
            if captured.is_some() {
                return Err(SetupError::new(
                    "captured",
                    "Bao la Kimasai keeps no captured seeds (raided seeds are sown on)",
                ));
            }
            (
                [0, 0],
                reserve.ok_or_else(|| missing("reserve"))?,
                opening.ok_or_else(|| missing("opening"))?,
            )
        }
    };
    Ok(Setup {
        game,
        south,
        north,
        captured,
        reserve,
        turn,
        opening,
        origin: origin.unwrap_or_default(),
    })
}

/// Characters that print as nothing (a byte-order mark, zero-width
/// spaces and joiners, controls) and so make a token look right but fail.
pub(crate) fn invisible(c: char) -> bool {
    matches!(
        c,
        '\u{feff}' | '\u{200b}'..='\u{200d}' | '\u{2060}' | '\u{00ad}'
    ) || c.is_control()
}

fn count(token: &str, item: &str, position: usize) -> Result<u64, SetupError> {
    let shown = super::error::shortened(item);
    if item.is_empty() {
        return Err(SetupError::new(token, format!("entry {position} is empty")));
    }
    // `-0` is not negative, but no count is written with a sign.
    if item.starts_with('-') && item[1..].bytes().any(|b| b.is_ascii_digit() && b != b'0') {
        return Err(SetupError::new(
            token,
            format!("entry {position} (`{shown}`) is negative; seed counts are 0 or more"),
        ));
    }
    if item.starts_with(['-', '+']) {
        return Err(SetupError::new(
            token,
            format!(
                "entry {position} (`{shown}`) has a sign; seed counts are written as bare whole numbers"
            ),
        ));
    }
    if !item.bytes().all(|b| b.is_ascii_digit()) {
        return Err(SetupError::new(
            token,
            format!("entry {position} (`{shown}`) is not a whole number"),
        ));
    }
    item.parse::<u64>()
        .ok()
        .filter(|&n| n <= super::setup::MAX_TOTAL_SEEDS)
        .ok_or_else(|| {
            SetupError::new(
                token,
                format!(
                    "entry {position} (`{shown}`) is too large: a position holds at most {} seeds",
                    super::error::group_digits(super::setup::MAX_TOTAL_SEEDS)
                ),
            )
        })
}

fn counts(token: &str, value: &str, expect: Option<usize>) -> Result<Vec<u64>, SetupError> {
    let items: Vec<&str> = value.split(',').collect();
    if items.len() > super::MAX_HOLES {
        return Err(SetupError::new(
            token,
            format!(
                "{} holes listed; a row has at most {}",
                items.len(),
                super::MAX_HOLES
            ),
        ));
    }
    if let Some(n) = expect
        && items.len() != n
    {
        return Err(SetupError::new(
            token,
            format!("expected {n} entries, found {}", items.len()),
        ));
    }
    items
        .iter()
        .enumerate()
        .map(|(i, item)| count(token, item, i + 1))
        .collect()
}

fn pair(token: &str, value: &str) -> Result<[u64; 2], SetupError> {
    let v = counts(token, value, Some(2))?;
    Ok([v[0], v[1]])
}

impl Variant {
    /// A move's notation: En Gehé hole number, Bao la Kimasai hole name.
    pub fn move_name(self, mv: Move) -> String {
        self.hole_name(mv.hole())
    }

    /// Name of a side's hole by its index in the owner's sowing order:
    /// `1`..`N` in En Gehé, `i1`..`i8` and `o8`..`o1` in Bao la Kimasai. An
    /// index past the side (no hole) is named by its number counting from
    /// 1, as [`PlayError::NoSuchHole`] names it.
    pub fn hole_name(self, index: usize) -> String {
        match self {
            Variant::BaoLaKimasai if index < BAO_ROW => format!("i{}", index + 1),
            Variant::BaoLaKimasai if index < BAO_SIDE_HOLES => {
                format!("o{}", BAO_SIDE_HOLES - index)
            }
            _ => (index as u128 + 1).to_string(),
        }
    }

    /// Reads a move in this game's notation.
    pub fn parse_move(self, text: &str) -> Result<Move, PlayError> {
        // Blanks around the move are not part of it (`POSITION ; MOVE`),
        // nor of the quote in a message.
        let t = text.trim();
        let bad = |problem: String| PlayError::BadNotation {
            text: t.to_string(),
            problem,
        };
        // Digits only, as counts in position notation (no sign).
        let number = |digits: &str| {
            (!digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()))
                .then(|| digits.parse::<usize>().ok())
                .flatten()
        };
        match self {
            Variant::EnGehe { holes } => {
                let n = number(t).ok_or_else(|| {
                    bad(format!(
                        "an En Gehé move is a hole number from 1 to {holes}"
                    ))
                })?;
                if n == 0 || n > holes as usize {
                    return Err(bad(format!(
                        "there is no hole {n}; holes are numbered 1 to {holes}"
                    )));
                }
                Ok(Move((n - 1) as u8))
            }
            Variant::BaoLaKimasai => {
                let lower = t.to_ascii_lowercase();
                let first = lower.chars().next().map_or(0, char::len_utf8);
                let (row, num) = lower.split_at(first);
                let c: usize = number(num)
                    .filter(|c| (1..=BAO_ROW).contains(c))
                    .ok_or_else(|| {
                        bad("a Bao la Kimasai move is a hole name, i1..i8 or o1..o8".into())
                    })?;
                match row {
                    "i" => Ok(Move((c - 1) as u8)),
                    "o" => Ok(Move((BAO_SIDE_HOLES - c) as u8)),
                    _ => Err(bad(
                        "a Bao la Kimasai move is a hole name, i1..i8 or o1..o8".into(),
                    )),
                }
            }
        }
    }
}
