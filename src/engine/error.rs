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
            write!(f, "`{}`: {}", self.token, self.problem)
        }
    }
}

impl std::error::Error for SetupError {}

/// Why a move cannot be played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayError {
    /// The hole does not exist on the mover's side.
    NoSuchHole { hole: String },
    /// The hole is empty.
    EmptyHole { hole: String },
    /// The move's sowing never ends (RULES.md: not a legal move).
    Endless {
        hole: String,
        /// Length in laps of the cycle the move falls into, when one was found
        /// (`None` when it ran past [`super::LAP_LIMIT`] laps without repeating).
        cycle_laps: Option<u64>,
    },
    /// The game is already over.
    GameOver,
    /// The move text could not be read as a hole of this game.
    BadNotation { text: String, problem: String },
}

impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayError::NoSuchHole { hole } => {
                write!(
                    f,
                    "illegal move {hole}: there is no such hole on the mover's side"
                )
            }
            PlayError::EmptyHole { hole } => write!(f, "illegal move {hole}: the hole is empty"),
            PlayError::Endless {
                hole,
                cycle_laps: Some(laps),
            } => write!(
                f,
                "move {hole} is endless: its sowing never ends (it falls into a cycle of {laps} laps)"
            ),
            PlayError::Endless {
                hole,
                cycle_laps: None,
            } => write!(
                f,
                "move {hole} is endless: its sowing never ends (it runs past {} laps)",
                super::LAP_LIMIT
            ),
            PlayError::GameOver => write!(f, "illegal move: the game is already over"),
            PlayError::BadNotation { text, problem } => {
                write!(f, "illegal move `{text}`: {problem}")
            }
        }
    }
}

impl std::error::Error for PlayError {}
