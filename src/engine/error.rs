//! Error types: each says what went wrong and where, in words a player reads.

use std::fmt;

/// A position (or notation string) that the engine refuses, naming the
/// offending token or field and the problem.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SetupError {
    /// The token or field at fault, e.g. `south` or `turn=east`.
    pub token: String,
    /// What is wrong with it.
    pub problem: String,
}

impl SetupError {
    /// An error about `token` (empty when it is about the whole position).
    pub fn new(token: impl Into<String>, problem: impl Into<String>) -> Self {
        SetupError {
            token: token.into(),
            problem: problem.into(),
        }
    }
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.token.is_empty() {
            write!(f, "{}", self.problem)
        } else {
            write!(f, "`{}`: {}", shortened(&self.token), self.problem)
        }
    }
}

/// Text quoted back in a message, cut short: a row of three million
/// entries is named by its start, not printed again whole.
pub fn shortened(text: &str) -> std::borrow::Cow<'_, str> {
    const MOST: usize = 60;
    match text.char_indices().nth(MOST) {
        None => text.into(),
        Some(_) => {
            let cut: String = text.chars().take(MOST - 12).collect();
            format!("{cut}… ({} characters)", text.chars().count()).into()
        }
    }
}

impl std::error::Error for SetupError {}

/// Why a move cannot be played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayError {
    /// The hole does not exist on the mover's side.
    NoSuchHole {
        /// The move as the caller gave it (its hole number, counting from 1).
        hole: String,
    },
    /// The hole is empty: there is nothing to lift.
    EmptyHole {
        /// The hole's name in move notation (`12`, `o3`).
        hole: String,
    },
    /// The move's sowing never ends (RULES.md: not a legal move).
    Endless {
        /// The hole's name in move notation.
        hole: String,
        /// Length in laps of the cycle the move falls into, when one was found
        /// (`None` when it ran past [`super::LAP_LIMIT`] laps without repeating).
        cycle_laps: Option<u64>,
    },
    /// The game is already over.
    GameOver,
    /// The move text could not be read as a hole of this game.
    BadNotation {
        /// The text that was given (blanks around it trimmed).
        text: String,
        /// What is wrong with it, and what a move looks like.
        problem: String,
    },
}

/// "1 hole", "5 holes", "14,541 laps": a count with its noun, singular
/// for one, its digits grouped as every count the program shows is.
pub fn count_word(n: usize, noun: &str) -> String {
    grouped_count(n as u64, noun)
}

/// [`count_word`] of a count that may exceed `usize` on small machines
/// (seeds sown by one move).
pub fn grouped_count(n: u64, noun: &str) -> String {
    format!(
        "{} {noun}{}",
        group_digits(n),
        if n == 1 { "" } else { "s" }
    )
}

/// A team's name as the owner of something: "North's", and a name
/// ending in s (the teams' own names are often plurals) "Purko
/// Warriors'", not "Purko Warriors's".
pub fn possessive(name: &str) -> String {
    if name.ends_with(['s', 'S']) {
        format!("{name}'")
    } else {
        format!("{name}'s")
    }
}

/// A count with thousands separators, as RULES.md writes them: 7,589,376
/// (a comma, so a wrapped line never splits it).
pub fn group_digits(n: u64) -> String {
    group_digit_text(&n.to_string())
}

/// [`group_digits`] for a number written out in ASCII digits, however long
/// (a count typed past what a `u64` holds is still quoted readably).
pub fn group_digit_text(digits: &str) -> String {
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// A refused move in words: a move after the end of the game says why the
/// game is over, as the window's result panel does ("illegal move: the
/// game is already over. North wins 17–3: South has no seeds left to
/// move; …"), given the game's status, and quotes the move when given
/// (`mv`, in its canonical notation), as every other refused move is quoted
/// ("illegal move `3`: the game is already over. …"; where a record's
/// "move 2 (North `3`)" names it already, it is not given). For the
/// command line and for a saved game's move that cannot be replayed.
pub fn play_error_words(
    error: &PlayError,
    status: Option<super::Status>,
    mv: Option<&str>,
) -> String {
    let refused = match (error, mv) {
        (PlayError::GameOver, Some(mv)) => {
            format!("illegal move `{}`: the game is already over", shortened(mv))
        }
        _ => error.to_string(),
    };
    match (error, status) {
        (PlayError::GameOver, Some(super::Status::Over(result))) => {
            format!("{refused}. {}", result.describe())
        }
        _ => refused,
    }
}

impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayError::NoSuchHole { hole } => {
                write!(
                    f,
                    "illegal move `{hole}`: there is no such hole on the mover's side"
                )
            }
            PlayError::EmptyHole { hole } => write!(f, "illegal move `{hole}`: the hole is empty"),
            PlayError::Endless {
                hole,
                cycle_laps: Some(laps),
            } => write!(
                f,
                "move `{hole}` is endless: its sowing never ends (it falls into a cycle of {} laps)",
                group_digits(*laps)
            ),
            PlayError::Endless {
                hole,
                cycle_laps: None,
            } => write!(
                f,
                "move `{hole}` is endless: its sowing never ends (it runs past {} laps)",
                group_digits(super::LAP_LIMIT)
            ),
            PlayError::GameOver => write!(f, "illegal move: the game is already over"),
            PlayError::BadNotation { text, problem } => {
                // A pasted page is not repeated back whole: its start and
                // length say which text was meant (as a record's "move 2
                // (North `…`)" names it).
                write!(f, "illegal move `{}`: {problem}", shortened(text))
            }
        }
    }
}

impl std::error::Error for PlayError {}

#[cfg(test)]
mod tests {
    use super::PlayError;

    #[test]
    fn a_name_ending_in_s_owns_with_an_apostrophe_alone() {
        assert_eq!(super::possessive("North"), "North's");
        assert_eq!(super::possessive("Purko Warriors"), "Purko Warriors'");
        assert_eq!(super::possessive("ELDERS"), "ELDERS'");
    }

    #[test]
    fn endless_moves_give_their_lap_counts_as_rules_md_writes_them() {
        let cycle = PlayError::Endless {
            hole: "o2".into(),
            cycle_laps: Some(7_589_376),
        };
        assert!(
            cycle
                .to_string()
                .ends_with("(it falls into a cycle of 7,589,376 laps)")
        );
        let long = PlayError::Endless {
            hole: "o2".into(),
            cycle_laps: None,
        };
        assert!(
            long.to_string()
                .ends_with("(it runs past 1,000,000,000 laps)")
        );
    }
}
