//! Studies: curated positions with a goal, a commented solution line and
//! optional alternative lines, stored as RON files (`assets/studies/`), and
//! the UI-free logic of trying one as an exercise.
//!
//! File format (version 1):
//!
//! ```ron
//! Study(
//!     version: 1,
//!     title: "The capture takes its trigger seed",
//!     author: "…",
//!     source: "…",
//!     description: "…",
//!     position: "en-gehe south=… north=… captured=0,0 turn=south",
//!     goal: Goal(side: South, kind: MarginAtLeast(4), text: "South to move wins by at least 4"),
//!     solution: [
//!         Step(mv: "3", comment: "South 3: …"),
//!         Step(mv: "1", comment: "North 1: …"),
//!     ],
//!     alternatives: [
//!         Line(after: 0, moves: [Step(mv: "2", comment: "South 2: …")], comment: "…"),
//!     ],
//! )
//! ```
//!
//! Each comment begins with the mover and the move it explains ("South 3",
//! "North i5"), so a comment that drifted away from its move is caught when
//! the file is loaded.

pub mod generate;
mod number;
mod trial;

pub use trial::{EARLY_VERDICT, JUDGE_LIMIT, Judgment, Trial};

use crate::engine::{Game, Move, Position, ReplayError, Side, Status, Variant, notation};
use crate::files::LoadError;
use crate::files::error::{line_col, never_stopped};
use crate::solver::{Cancelled, Solver, Value};
use serde::{Deserialize, Serialize};
use std::path::Path;

/// The file format version this program reads and writes.
pub const STUDY_VERSION: u32 = 1;

/// A study file as written.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename = "Study", deny_unknown_fields)]
pub struct StudyFile {
    pub version: u32,
    pub title: String,
    pub author: String,
    pub source: String,
    pub description: String,
    /// The position in RULES.md notation.
    pub position: String,
    pub goal: Goal,
    /// The main line: the studied side's moves and the best defence.
    pub solution: Vec<Step>,
    #[serde(default)]
    pub alternatives: Vec<Line>,
}

/// What the studied side (the side to move) achieves with perfect play.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Goal {
    pub side: Side,
    pub kind: GoalKind,
    /// The goal in words, e.g. "South to move wins by at least 6".
    pub text: String,
}

/// The machine-checkable part of a goal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum GoalKind {
    /// En Gehé: the studied side's final seed margin is at least this.
    MarginAtLeast(i32),
    /// Bao la Kimasai: the studied side wins.
    Win,
    /// Bao la Kimasai: the studied side wins within this many plies from
    /// the study's position.
    WinWithin(u32),
}

/// One move of a line with its explanation.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Step {
    /// The move in RULES.md notation.
    pub mv: String,
    pub comment: String,
}

/// A side line: it leaves the solution after `after` of its moves.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Line {
    pub after: usize,
    pub moves: Vec<Step>,
    #[serde(default)]
    pub comment: String,
}

/// A study file that failed to load: which file, where and what.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StudyError {
    pub file: String,
    pub line: usize,
    pub column: usize,
    pub problem: String,
}

impl std::fmt::Display for StudyError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // A problem of the whole file (a folder, unreadable bytes) has no
        // place in it to name.
        if self.line == 0 {
            return write!(f, "{}: {}", self.file, self.problem);
        }
        write!(
            f,
            "{}:{}:{}: {}",
            self.file, self.line, self.column, self.problem
        )
    }
}

impl std::error::Error for StudyError {}

/// A loaded, checked study: the file plus its position and moves decoded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Study {
    pub file: StudyFile,
    /// Where it came from (for messages).
    pub origin: String,
    pub start: Position,
    pub solution: Vec<Move>,
    /// Line and column of each solution step in the file (for messages).
    pub solution_places: Vec<(usize, usize)>,
    /// Line and column of the goal in the file (for messages).
    pub goal_place: (usize, usize),
    /// Alternative lines as (solution moves before the branch, its moves).
    pub alternatives: Vec<(usize, Vec<Move>)>,
}

impl GoalKind {
    /// The goal in words, from its machine-checkable kind.
    pub fn describe(&self) -> String {
        match *self {
            GoalKind::MarginAtLeast(n) => format!("a margin of at least {n}"),
            GoalKind::Win => "a win".to_string(),
            GoalKind::WinWithin(plies) => format!("a win within {}", crate::solver::plies(plies)),
        }
    }

    /// Whether `value` (for the studied side, `plies_played` plies after the
    /// study's position) still reaches the goal.
    pub fn reached(&self, value: Value, plies_played: u32) -> bool {
        match (*self, value) {
            (GoalKind::MarginAtLeast(n), Value::Margin(m)) => m >= n,
            (GoalKind::Win, Value::Win { .. }) => true,
            (GoalKind::WinWithin(limit), Value::Win { plies }) => plies + plies_played <= limit,
            _ => false,
        }
    }
}

/// Where the `nth` (0-based) occurrence of `needle` in the RON code starts,
/// if any: only outside strings and comments (a description that mentions
/// `position` or `Step(` is not the field), and only as a whole name (not
/// inside a longer one). A needle ending in a letter is a field name, so
/// it must be followed by `:`.
fn find_nth(text: &str, needle: &str, nth: usize) -> Option<usize> {
    find_all(text, needle, Some(nth)).get(nth).copied()
}

/// Every place of `needle` in `text` as [`find_nth`] counts them, in one
/// pass (up to the `until`-th when given): a long study's steps are found
/// at once, not each by a scan from the start.
fn find_all(text: &str, needle: &str, until: Option<usize>) -> Vec<usize> {
    crate::files::error::code_places(text, needle, until)
}

/// Line and column (1-based) of each of the ascending byte `offsets`, in
/// one walk through `text`.
fn line_cols(text: &str, offsets: &[usize]) -> Vec<(usize, usize)> {
    let mut out = Vec::with_capacity(offsets.len());
    let (mut line, mut line_start, mut at) = (1, 0, 0);
    for &offset in offsets {
        let offset = offset.min(text.len());
        for (k, b) in text.as_bytes()[at..offset].iter().enumerate() {
            if *b == b'\n' {
                line += 1;
                line_start = at + k + 1;
            }
        }
        at = offset;
        out.push((line, text[line_start..offset].chars().count() + 1));
    }
    out
}

/// Where one entry of a RON list is: from its first character of code
/// (`Step(`, or the `(` of a record written without its name) to the
/// comma or bracket that ends it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Entry {
    start: usize,
    end: usize,
}

/// The first byte at or after `i` that is neither blank nor in a comment.
fn skip_blanks_from(text: &str, i: usize) -> usize {
    text.len() - crate::files::error::skip_blanks(&text[i..]).len()
}

/// Where the `[` of the list that the field `name` holds is, looking only
/// in `within` (a record's span) and only at RON code (texts and comments
/// skipped); `None` when the field or its list is not there.
fn field_list(text: &str, within: std::ops::Range<usize>, name: &str) -> Option<usize> {
    let part = &text[within.clone()];
    let field = within.start + *crate::files::error::code_places(part, name, Some(0)).first()?;
    let colon = skip_blanks_from(text, field + name.len());
    (text.as_bytes().get(colon) == Some(&b':')).then_some(())?;
    let open = skip_blanks_from(text, colon + 1);
    (open < within.end && text.as_bytes().get(open) == Some(&b'[')).then_some(open)
}

/// The entries of the RON list whose `[` is at byte `open` of `text`, in
/// order: only its own (a step's brackets and texts are inside its entry),
/// with texts and comments skipped by the shared reading of RON code.
fn list_entries(text: &str, open: usize) -> Vec<Entry> {
    let bytes = text.as_bytes();
    let mut entries = Vec::new();
    let mut depth = 0usize;
    let mut start = None;
    let mut i = open + 1;
    while i < bytes.len() {
        let b = bytes[i];
        if let Some(c) = text[i..].chars().next().filter(|c| c.is_whitespace()) {
            i += c.len_utf8();
            continue;
        }
        if let Some(end) = crate::files::error::literal_or_comment_end(text, i) {
            // A text begins an entry; a comment does not.
            if b != b'/' && depth == 0 && start.is_none() {
                start = Some(i);
            }
            i = end;
            continue;
        }
        match b {
            b'(' | b'[' | b'{' => depth += 1,
            b')' | b']' | b'}' if depth == 0 => {
                if let Some(s) = start {
                    entries.push(Entry { start: s, end: i });
                }
                return entries;
            }
            b')' | b']' | b'}' => depth -= 1,
            b',' if depth == 0 => {
                if let Some(s) = start.take() {
                    entries.push(Entry { start: s, end: i });
                }
                i += 1;
                continue;
            }
            _ => {}
        }
        // The entry's first character of code (an opening bracket's
        // depth is already counted).
        start.get_or_insert(i);
        i += text[i..].chars().next().map_or(1, char::len_utf8);
    }
    if let Some(s) = start {
        entries.push(Entry {
            start: s,
            end: text.len(),
        });
    }
    entries
}

impl Study {
    /// Reads and checks a study file.
    pub fn load(path: &Path) -> Result<Study, StudyError> {
        never_stopped(Study::load_or_stop(path, || true))
    }

    /// [`Self::load`] that stops when `keep_going` says so (see
    /// [`Self::parse_or_stop`]).
    pub fn load_or_stop(
        path: &Path,
        keep_going: impl FnMut() -> bool,
    ) -> Result<Study, LoadError<StudyError>> {
        let name = crate::files::shown_path(path);
        let text = crate::files::read_text(path).map_err(|e| StudyError {
            file: name.clone(),
            line: 0,
            column: 0,
            problem: e.problem,
        })?;
        Study::parse_or_stop(&text, &name, keep_going)
    }

    /// Parses and checks study text; `origin` names it in errors.
    pub fn parse(text: &str, origin: &str) -> Result<Study, StudyError> {
        never_stopped(Study::parse_or_stop(text, origin, || true))
    }

    /// [`Self::parse`] for a study read off the window's thread, which must
    /// end promptly once nobody waits for it: `keep_going` is asked before
    /// each move of the solution and the lines is replayed, and during a
    /// long one (every million laps or so), and when it says no the parse
    /// gives up at once with [`LoadError::Stopped`]. Otherwise it gives
    /// what [`Self::parse`] gives, its error as [`LoadError::Failed`].
    pub fn parse_or_stop(
        text: &str,
        origin: &str,
        mut keep_going: impl FnMut() -> bool,
    ) -> Result<Study, LoadError<StudyError>> {
        Study::parse_checked(text, origin, &mut keep_going)
    }

    fn parse_checked(
        text: &str,
        origin: &str,
        keep_going: &mut dyn FnMut() -> bool,
    ) -> Result<Study, LoadError<StudyError>> {
        // A byte-order mark (what some editors save) is not part of the
        // study; it takes no column either, so places stay right.
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        if text.trim().is_empty() {
            return Err(StudyError {
                file: origin.to_string(),
                line: 0,
                column: 0,
                problem: "the file is empty (a study begins with `Study(`)".into(),
            }
            .into());
        }
        let file: StudyFile = ron::de::from_str(text).map_err(|e| {
            // In the words saved games and presets get (a file cut short
            // is called truncated); another kind of file under a study's
            // name (a saved game renamed `Study(`) is said so.
            let mut err = crate::files::FileError::ron(origin, text, &e);
            // A number too large (or small) for its field, or a fraction,
            // named with the field and the numbers it takes, as saved
            // games name theirs.
            if let Some((offset, problem)) = number::wrong_number(text, &e) {
                err.place = Some(line_col(text, offset));
                err.problem = problem;
            }
            let (line, column) = err.place.unwrap_or((0, 0));
            match crate::files::misnamed(text, crate::files::FileKind::Study) {
                Some(problem) => StudyError {
                    file: origin.to_string(),
                    line: 0,
                    column: 0,
                    problem,
                },
                None => StudyError {
                    file: origin.to_string(),
                    line,
                    column,
                    problem: err.problem,
                },
            }
        })?;
        let at = |offset: Option<usize>, problem: String| {
            let (line, column) = offset.map_or((0, 0), |o| line_col(text, o));
            StudyError {
                file: origin.to_string(),
                line,
                column,
                problem,
            }
        };
        if file.version != STUDY_VERSION {
            // In the words saved games and presets use.
            let problem = if file.version > STUDY_VERSION {
                crate::files::newer_version("study", file.version, STUDY_VERSION)
            } else {
                format!(
                    "version {} is not a format version (expected `version: {STUDY_VERSION}`)",
                    file.version
                )
            };
            return Err(at(find_nth(text, "version", 0), problem).into());
        }
        // The library lists a study by its title: a blank one is a row
        // nobody can tell apart.
        if file.title.trim().is_empty() {
            return Err(at(
                find_nth(text, "title", 0),
                "the title is empty: the library lists a study by its title".into(),
            )
            .into());
        }
        let start = notation::parse_position(&file.position).map_err(|e| {
            at(
                find_nth(text, "position", 0),
                format!("invalid position: {e}"),
            )
        })?;
        if let Status::Over(_) = start.status() {
            return Err(at(
                find_nth(text, "position", 0),
                "the game is already over in this position".into(),
            )
            .into());
        }
        let goal_at = find_nth(text, "goal", 0);
        if file.goal.side != start.turn() {
            return Err(at(
                goal_at,
                format!(
                    "the goal is for {}, but {} is to move: a study's goal belongs to the side to move",
                    file.goal.side.title(),
                    start.turn().title()
                ),
            ).into());
        }
        let fits = matches!(
            (start.variant(), file.goal.kind),
            (Variant::EnGehe { .. }, GoalKind::MarginAtLeast(_))
                | (
                    Variant::BaoLaKimasai,
                    GoalKind::Win | GoalKind::WinWithin(_)
                )
        );
        if !fits {
            return Err(at(
                goal_at,
                format!(
                    "goal {:?} does not fit {} (En Gehé: MarginAtLeast; Bao la Kimasai: Win or WinWithin)",
                    file.goal.kind,
                    start.variant().title()
                ),
            ).into());
        }
        // The words must say what is checked: a text that names another
        // number, sign or side than the kind would be judged against a
        // goal nobody reads.
        if let Some(why) = goal_words_problem(&file.goal) {
            return Err(at(
                goal_at,
                format!(
                    "the goal's text \"{}\" does not say what its kind checks, {:?} ({}): {why}",
                    file.goal.text,
                    file.goal.kind,
                    file.goal.kind.describe()
                ),
            )
            .into());
        }
        if file.solution.is_empty() {
            return Err(at(
                find_nth(text, "solution", 0),
                "the solution has no moves".into(),
            )
            .into());
        }
        // Each step's place is the k-th entry of its own list (the
        // solution's, or its line's `moves`), not the k-th `Step(` of the
        // file: the lists may come in any order, and a step may be written
        // without its record's name, `(mv: …)`. Found in one pass each (a
        // line of thousands of steps must not take a scan from the start
        // for each).
        let steps = field_list(text, 0..text.len(), "solution")
            .map(|open| list_entries(text, open))
            .unwrap_or_default();
        let solution_places = {
            let starts: Vec<usize> = steps.iter().map(|e| e.start).collect();
            let places = line_cols(text, &starts);
            (0..file.solution.len())
                .map(|i| places.get(i).copied().unwrap_or((0, 0)))
                .collect()
        };
        // The solution's record is kept, cut back for each line below (not
        // replayed for each: thousands of lines after a long solution
        // would be slow).
        let (solution, solution_game) = replay_steps(
            Game::new(start),
            &file.solution,
            keep_going,
            |i, problem| {
                at(
                    steps.get(i).map(|e| e.start),
                    format!("solution move {}: {problem}", i + 1),
                )
            },
        )?;
        // Every line's place, also in one pass (a scan from the start for
        // each of 20,000 lines took 44 s).
        let lines = field_list(text, 0..text.len(), "alternatives")
            .map(|open| list_entries(text, open))
            .unwrap_or_default();
        let mut alternatives = Vec::new();
        for (k, line) in file.alternatives.iter().enumerate() {
            let entry = lines.get(k);
            let here = entry.map(|e| e.start);
            if line.after > solution.len() {
                return Err(at(
                    here,
                    format!(
                        "alternative line {} leaves the solution after {} moves, but it has only {}",
                        k + 1,
                        line.after,
                        solution.len()
                    ),
                ).into());
            }
            let mut from = solution_game.clone();
            from.truncate(line.after);
            let (moves, _) = replay_steps(from, &line.moves, keep_going, |i, problem| {
                // Only a failing line's steps are looked for.
                let step = entry
                    .and_then(|e| field_list(text, e.start..e.end, "moves"))
                    .and_then(|open| list_entries(text, open).get(i).map(|s| s.start));
                at(
                    step,
                    format!("alternative line {}, move {}: {problem}", k + 1, i + 1),
                )
            })?;
            if moves.is_empty() {
                return Err(at(here, format!("alternative line {} has no moves", k + 1)).into());
            }
            // An alternative is another way from the solution's position:
            // one that begins with the solution's own next move is none.
            if solution.get(line.after) == moves.first() {
                return Err(at(
                    here,
                    format!(
                        "alternative line {} begins with the solution's own move {} ({}): an alternative line plays another move there",
                        k + 1,
                        line.after + 1,
                        start.variant().move_name(moves[0])
                    ),
                ).into());
            }
            alternatives.push((line.after, moves));
        }
        Ok(Study {
            file,
            origin: origin.to_string(),
            start,
            solution,
            solution_places,
            goal_place: goal_at.map_or((1, 1), |g| line_cols(text, &[g])[0]),
            alternatives,
        })
    }

    /// Every study in a folder (files ending in `.ron`), sorted by file
    /// name; the first that fails to load is the error.
    pub fn load_dir(dir: &Path) -> Result<Vec<Study>, StudyError> {
        Study::load_each(dir)?.into_iter().collect()
    }

    /// Every study file in a folder, each loaded on its own (a broken one
    /// costs only itself), sorted by file name; the error is the folder's.
    pub fn load_each(dir: &Path) -> Result<Vec<Result<Study, StudyError>>, StudyError> {
        never_stopped(Study::load_each_or_stop(dir, || true))
    }

    /// [`Self::load_each`] off the window's thread: `keep_going` is asked
    /// as [`Self::parse_or_stop`] asks it, and when it says no the whole
    /// read gives up with [`LoadError::Stopped`].
    pub fn load_each_or_stop(
        dir: &Path,
        mut keep_going: impl FnMut() -> bool,
    ) -> Result<Vec<Result<Study, StudyError>>, LoadError<StudyError>> {
        let err = |problem: String| StudyError {
            file: crate::files::shown_path(dir),
            line: 0,
            column: 0,
            problem,
        };
        let mut paths: Vec<_> = std::fs::read_dir(dir)
            .map_err(|e| err(format!("cannot read the folder: {e}")))?
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "ron"))
            .collect();
        paths.sort();
        let mut studies = Vec::with_capacity(paths.len());
        for path in &paths {
            studies.push(match Study::load_or_stop(path, &mut keep_going) {
                Ok(study) => Ok(study),
                Err(LoadError::Failed(e)) => Err(e),
                Err(LoadError::Stopped) => return Err(LoadError::Stopped),
            });
        }
        Ok(studies)
    }

    /// Writes the study back as RON (what an editor saves).
    pub fn to_ron(&self) -> Result<String, ron::Error> {
        self.file.to_ron()
    }

    /// The positions along the solution: the start, then after each move.
    pub fn solution_positions(&self) -> Vec<Position> {
        Game::replay(self.start, &self.solution)
            .map(|g| g.positions().to_vec())
            .unwrap_or_else(|_| vec![self.start])
    }

    /// Whether the studied side's `value`, `plies_played` plies into the
    /// study, still reaches the goal.
    pub fn goal_reached(&self, value: Value, plies_played: u32) -> bool {
        self.file.goal.kind.reached(value, plies_played)
    }
}

/// The whole numbers written in `text` ("at least 7" → 7); a number too
/// long to read counts as `u64::MAX` (it names no goal's number).
fn numbers_in(text: &str) -> Vec<u64> {
    text.split(|c: char| !c.is_ascii_digit())
        .filter(|w| !w.is_empty())
        .map(|w| w.parse().unwrap_or(u64::MAX))
        .collect()
}

/// Why a goal's words do not say what its kind checks, if they do not:
/// they must name its side (not the other), its number (and no other) and
/// its direction (a win, a loss, a draw).
fn goal_words_problem(goal: &Goal) -> Option<String> {
    let text = goal.text.trim();
    if text.is_empty() {
        return Some("the goal has no words (say what the side to move achieves, e.g. \"South to move wins by at least 6\")".into());
    }
    let lower = text.to_lowercase();
    let names = |side: Side| lower.contains(&side.title().to_lowercase());
    if names(goal.side.opponent()) && !names(goal.side) {
        return Some(format!(
            "the words speak of {}, but the goal is {}'s",
            goal.side.opponent().title(),
            goal.side.title()
        ));
    }
    let numbers = numbers_in(text);
    // Whole words, so that "closes" is no loss and "winter" … well.
    let words: Vec<&str> = lower
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .collect();
    let any = |list: &[&str]| words.iter().any(|w| list.contains(w));
    // A win word counts unless a negation stands just before it ("does
    // not win", "cannot win", "doesn't win", "fails to win", "never beats").
    let negators = ["not", "never", "cannot", "t", "no", "fails", "fail", "nor"];
    let wins = words.iter().enumerate().any(|(i, w)| {
        (w.starts_with("win") || w.starts_with("beat") || *w == "margin" || *w == "ahead")
            && !words[i.saturating_sub(2)..i]
                .iter()
                .any(|p| negators.contains(p))
    });
    let loses = any(&["lose", "loses", "losing", "loss", "lost"]);
    let negated = any(&["not", "never", "cannot", "avoids", "avoid"]) || lower.contains("n't");
    let draws = any(&["draw", "draws", "drawn", "tie", "ties", "level"]);
    // The number written with a minus sign ("-5", "−5", "–5"), not a
    // range ("holes 1-5").
    let negative = |n: u32| {
        let digits = n.to_string();
        lower.match_indices(&digits).any(|(at, _)| {
            let mut before = lower[..at].chars().rev();
            matches!(before.next(), Some('-' | '−' | '–'))
                && before.next().is_none_or(|c| !c.is_alphanumeric())
        })
    };
    let (number, direction_ok, direction) = match goal.kind {
        // "Wins by at least 7", or "a margin of at least 7" (of −5 for a
        // loss of at most 5).
        GoalKind::MarginAtLeast(n) if n > 0 => (
            Some(n.unsigned_abs()),
            wins && !negative(n.unsigned_abs()),
            "a win (\"wins\", or \"a margin of\" the number)",
        ),
        GoalKind::MarginAtLeast(n) if n < 0 => (
            Some(n.unsigned_abs()),
            loses || negative(n.unsigned_abs()),
            "a loss (\"loses by at most\" the number, or a margin of minus it)",
        ),
        GoalKind::MarginAtLeast(_) => (
            None,
            draws || (loses && negated) || numbers == [0],
            "at least a draw (\"draws\", \"does not lose\")",
        ),
        GoalKind::WinWithin(0) => {
            return Some(
                "a win within 0 plies cannot be: the game is not over in the study's position"
                    .into(),
            );
        }
        GoalKind::WinWithin(plies) => (Some(plies), wins, "a win"),
        GoalKind::Win => (None, wins, "a win"),
    };
    if !direction_ok {
        return Some(format!("they must say {direction}"));
    }
    match number {
        // A win within 1 ply may be said in words ("wins at once").
        Some(1) if goal.kind == GoalKind::WinWithin(1) && numbers.is_empty() => None,
        Some(n) if !numbers.contains(&u64::from(n)) => {
            Some(format!("they must name {n} (in digits)"))
        }
        _ => None,
    }
}

/// A solution move that is not best: the study would teach a mistake.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LineFault {
    /// Which solution move (0-based).
    pub index: usize,
    /// "South 33".
    pub mover_and_move: String,
    /// The value for the mover before the move (what the best move keeps).
    pub best: Value,
    /// The value for the mover after this move.
    pub played: Value,
    /// Line and column of its step in the file.
    pub place: (usize, usize),
}

impl std::fmt::Display for LineFault {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let side = self.mover_and_move.split(' ').next().unwrap_or("");
        write!(
            f,
            "solution move {} ({}) is not best: {side} {} after it, where the best move {}",
            self.index + 1,
            self.mover_and_move,
            self.played.describe(),
            self.best.describe()
        )
    }
}

impl Study {
    /// Proves that every solution move is best: the studied side's moves
    /// keep the value of the position (so the goal stays reached) and the
    /// defence's moves are a best defence. `value` is the proved value of
    /// the study's position for its side to move; `solve(history, pos)`
    /// gives the exact value of `pos` after the game positions `history`
    /// (so repetition counts as in play), or `Err(Cancelled)` to stop.
    pub fn check_line(
        &self,
        value: Value,
        mut solve: impl FnMut(&[Position], Position) -> Result<Value, Cancelled>,
    ) -> Result<Result<(), LineFault>, Cancelled> {
        let positions = self.solution_positions();
        let mut value = value;
        for (i, &mv) in self.solution.iter().enumerate() {
            let after = solve(&positions[..=i], positions[i + 1])?;
            let for_mover = after.flipped_after_move();
            if for_mover != value {
                let pos = &positions[i];
                return Ok(Err(LineFault {
                    index: i,
                    mover_and_move: format!(
                        "{} {}",
                        pos.turn().title(),
                        pos.variant().move_name(mv)
                    ),
                    best: value,
                    played: for_mover,
                    place: self.solution_places.get(i).copied().unwrap_or((0, 0)),
                }));
            }
            value = after;
        }
        Ok(Ok(()))
    }
}

/// Replays `steps` on from the end of `game` (a record, so repetition
/// ends the game as in play) and checks each comment names its move.
/// `fail(i, problem)` builds the error for step `i`.
fn replay_steps(
    mut game: Game,
    steps: &[Step],
    keep_going: &mut dyn FnMut() -> bool,
    fail: impl Fn(usize, String) -> StudyError,
) -> Result<(Vec<Move>, Game), LoadError<StudyError>> {
    let from = game.moves().len();
    let texts = steps.iter().map(|step| step.mv.trim());
    game.replay_or_stop(texts, &mut *keep_going, |i, mv, before| {
        let expected = format!("{} {}", before.turn().title(), before.variant().move_name(mv));
        if comment_names_move(&steps[i].comment, &expected) {
            return Ok(());
        }
        Err((
            i,
            format!(
                "its comment must begin with \"{expected}\" (the mover and the move it explains), but it begins {:?}",
                steps[i].comment.chars().take(24).collect::<String>()
            ),
        ))
    })
    .map_err(|e| match e {
        ReplayError::Stopped => LoadError::Stopped,
        ReplayError::Refused(refused) => fail(refused.index, refused.error.to_string()).into(),
        ReplayError::Rejected((i, problem)) => fail(i, problem).into(),
    })?;
    Ok((game.moves()[from..].to_vec(), game))
}

/// What the exercise says about the user's move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Feedback {
    /// The user's move.
    pub played: Move,
    /// The studied side's value after it, with perfect play from there.
    pub value: Value,
    /// Whether the goal is still reached.
    pub keeps_goal: bool,
    /// Whether the move was as good as the best one.
    pub best: bool,
    /// The best defence the program answered with (None when the game ended).
    pub reply: Option<Move>,
    /// The game is over (after the user's move or the reply).
    pub finished: bool,
}

/// Why an exercise move was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ExerciseError {
    /// Not a legal move here; the engine's reason.
    Illegal(String),
    /// The game is over.
    Over,
    /// The solver was stopped.
    Cancelled,
}

impl std::fmt::Display for ExerciseError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ExerciseError::Illegal(e) => write!(f, "{e}"),
            ExerciseError::Over => write!(f, "the exercise is over"),
            ExerciseError::Cancelled => write!(f, "the solver was stopped"),
        }
    }
}

impl std::error::Error for ExerciseError {}

impl From<Cancelled> for ExerciseError {
    fn from(_: Cancelled) -> Self {
        ExerciseError::Cancelled
    }
}

/// A study tried as an exercise: the user plays the studied side, the
/// program answers with the best defence and judges every move. UI-free;
/// the solver calls block (run them off the UI thread for big boards).
#[derive(Clone, Debug)]
pub struct Exercise {
    pub study: Study,
    game: Game,
}

impl Exercise {
    pub fn new(study: Study) -> Self {
        let game = Game::new(study.start);
        Exercise { study, game }
    }

    /// The game so far.
    pub fn game(&self) -> &Game {
        &self.game
    }

    pub fn position(&self) -> &Position {
        self.game.current()
    }

    /// Whether it is the user's turn in a game still going on.
    pub fn users_turn(&self) -> bool {
        !self.game.is_over() && self.position().turn() == self.study.file.goal.side
    }

    fn history(&self) -> &[Position] {
        let p = self.game.positions();
        &p[..p.len() - 1]
    }

    /// The solver's best move for the user now (a hint).
    pub fn hint(&self, solver: &mut Solver) -> Result<Option<Move>, Cancelled> {
        if !self.users_turn() {
            return Ok(None);
        }
        let s = solver.solve_with(self.history(), self.position(), None, None)?;
        Ok(s.best)
    }

    /// Plays the user's move, judges it, and answers with the best defence.
    pub fn play(&mut self, solver: &mut Solver, mv: Move) -> Result<Feedback, ExerciseError> {
        if self.game.is_over() {
            return Err(ExerciseError::Over);
        }
        let before = *self.position();
        let values = solver.move_values(self.history(), &before, None)?;
        let best_rank = values.iter().map(|(_, v)| v.rank()).max();
        let value = values
            .iter()
            .find(|(m, _)| *m == mv)
            .map(|(_, v)| *v)
            .ok_or_else(|| {
                ExerciseError::Illegal(match before.try_play(mv) {
                    Err(e) => e.to_string(),
                    Ok(_) => "not a legal move".into(),
                })
            })?;
        // Move values count plies from before the move.
        let played_before = self.game.moves().len() as u32;
        self.game
            .play(mv)
            .map_err(|e| ExerciseError::Illegal(e.to_string()))?;
        let keeps_goal = self.study.goal_reached(value, played_before);
        let mut reply = None;
        if !self.game.is_over() {
            let s = solver.solve_with(self.history(), self.position(), None, None)?;
            if let Some(r) = s.best {
                self.game
                    .play(r)
                    .map_err(|e| ExerciseError::Illegal(e.to_string()))?;
                reply = Some(r);
            }
        }
        Ok(Feedback {
            played: mv,
            value,
            keeps_goal,
            best: Some(value.rank()) == best_rank,
            reply,
            finished: self.game.is_over(),
        })
    }

    /// Takes back the last user move and its reply.
    pub fn undo(&mut self) {
        let side = self.study.file.goal.side;
        let mut len = self.game.moves().len();
        while len > 0 {
            len -= 1;
            if self.game.positions()[len].turn() == side {
                break;
            }
        }
        self.game.truncate(len);
    }
}

/// What the source of a study made in the window says by default.
pub fn default_source() -> String {
    format!(
        "Solved with maasai-mancala {} (exact solver; the solution is its principal line)",
        env!("CARGO_PKG_VERSION")
    )
}

impl Goal {
    /// The goal the solver's `value` of `pos` proves for the side to move,
    /// in the words a player expects: En Gehé "South to move wins by at
    /// least 7" (`MarginAtLeast(7)`), "… at least draws" (0) or "… loses by
    /// at most 3" (`MarginAtLeast(-3)`: the best the side to move can do);
    /// Bao la Kimasai "South to move wins within 5 plies" (`WinWithin(5)`).
    /// A Bao la Kimasai loss or draw is no goal (its goal kinds are wins),
    /// nor is a finished position: why, in words.
    pub fn proved(pos: &Position, value: Value) -> Result<Goal, String> {
        if let Status::Over(_) = pos.status() {
            return Err("the game is over in this position: a study needs a move to play".into());
        }
        Goal::for_value(pos, value)
    }

    /// [`Goal::proved`] for a position known to be still in play (its
    /// status is not looked at again: the solver panel asks every frame).
    pub fn for_value(pos: &Position, value: Value) -> Result<Goal, String> {
        let side = pos.turn();
        let who = side.title();
        let (kind, text) = match (pos.variant(), value) {
            (Variant::EnGehe { .. }, Value::Margin(m)) if m > 0 => (
                GoalKind::MarginAtLeast(m),
                format!("{who} to move wins by at least {m}"),
            ),
            (Variant::EnGehe { .. }, Value::Margin(0)) => (
                GoalKind::MarginAtLeast(0),
                format!("{who} to move at least draws"),
            ),
            (Variant::EnGehe { .. }, Value::Margin(m)) => (
                GoalKind::MarginAtLeast(m),
                format!("{who} to move loses by at most {}", m.unsigned_abs()),
            ),
            (Variant::BaoLaKimasai, Value::Win { plies }) if plies > 0 => (
                GoalKind::WinWithin(plies),
                format!("{who} to move wins within {}", crate::solver::plies(plies)),
            ),
            (Variant::BaoLaKimasai, Value::Loss { plies }) => {
                // After the longest defence the other side is to move and
                // wins, unless the defence itself ends the game (a loss
                // in one ply: every move of the side to move loses).
                let instead = if plies > 1 {
                    format!(
                        ". Play {who}'s best move (the longest defence) and save the position \
                         after it, where {} is to move and wins",
                        side.opponent().title()
                    )
                } else {
                    String::new()
                };
                return Err(format!(
                    "a lost position makes no study: {who}, the side to move, cannot win (the \
                     solver proved a loss in {}), and a Bao la Kimasai study's goal is a \
                     win{instead}",
                    crate::solver::plies(plies),
                ));
            }
            (Variant::BaoLaKimasai, Value::Draw) => {
                return Err(format!(
                    "a drawn position makes no study: with best play neither side wins (a draw \
                     by repetition), and a Bao la Kimasai study's goal is a win for {who}, the \
                     side to move"
                ));
            }
            (_, v) => {
                return Err(format!(
                    "the solver's value ({}) is not one of {}'s",
                    v.describe(),
                    pos.variant().title()
                ));
            }
        };
        Ok(Goal { side, kind, text })
    }
}

/// "South 12": the mover and the move, as a step's comment must begin.
pub fn mover_and_move(pos: &Position, mv: Move) -> String {
    format!("{} {}", pos.turn().title(), pos.variant().move_name(mv))
}

/// Whether `comment` begins with `expected` ("South 12") as a whole word
/// (not "South 123"): what [`Study::load`] asks of every step.
pub fn comment_names_move(comment: &str, expected: &str) -> bool {
    comment
        .strip_prefix(expected)
        .is_some_and(|rest| !rest.starts_with(|c: char| c.is_ascii_alphanumeric()))
}

/// A default comment for `mv` played in `pos`, from the engine's sowing
/// trace: it begins with the mover and the move, then says what was
/// lifted and sown (seeds, laps, relays, raids), where the last seed fell
/// and what it captured, and how the game ends when it does ("South 3:
/// lifts 2 seeds from hole 3 and sows 5 in 2 laps, relaying at hole 5;
/// the last seed falls into the empty hole 7 and captures the 3 seeds of
/// North's hole 1 facing it, 4 with the last seed."). A move the engine
/// refuses is named with why.
pub fn move_comment(pos: &Position, mv: Move) -> String {
    let name = mover_and_move(pos, mv);
    let trace = match pos.trace(mv) {
        Ok(t) => t,
        Err(e) => return format!("{name}: {e}."),
    };
    // Holes in words a reader of the study needs no key for: the
    // mover's own by name ("hole 3", "i3"), the other side's with its
    // owner ("North's hole 1", "North's i7"); the trace's "S3" and "Ni7"
    // were never explained.
    let bao = !pos.variant().is_en_gehe();
    let bare = |h: usize| {
        let name = pos.variant().hole_name(pos.hole_at(h).index);
        if bao { name } else { format!("hole {name}") }
    };
    let label = |h: usize| {
        let side = pos.hole_at(h).side;
        if side == trace.mover {
            bare(h)
        } else {
            format!("{}'s {}", side.title(), bare(h))
        }
    };
    let seeds = |n: u64| {
        if n == 1 {
            "1 seed".to_string()
        } else {
            format!("{} seeds", crate::engine::group_digits(n))
        }
    };
    let mut text = format!("{name}: ");
    if pos.candidate_moves().count() == 1 {
        text.push_str(if trace.reserve_seed.is_some() {
            "the only move; "
        } else {
            "the only move; it "
        });
    }
    let first = &trace.laps[0];
    let from = match first.kind {
        crate::engine::LapKind::Lift { from } | crate::engine::LapKind::Raid { from, .. } => from,
    };
    if trace.reserve_seed.is_some() {
        text.push_str(&format!(
            "a seed from the reserve goes into {} first; it ",
            label(from)
        ));
    }
    let laps = trace.laps.len();
    let sown = trace.seeds_sown();
    if laps == 1 {
        text.push_str(&format!(
            "sows {} from {}",
            seeds(first.seeds.into()),
            label(from)
        ));
    } else {
        text.push_str(&format!(
            "lifts {} from {} and sows {} in {} laps",
            seeds(first.seeds.into()),
            label(from),
            seeds(sown),
            crate::engine::group_digits(laps as u64)
        ));
    }
    let relays: Vec<usize> = trace
        .laps
        .iter()
        .filter_map(|l| match l.end {
            crate::engine::LapEnd::Relay { hole, .. } => Some(hole),
            _ => None,
        })
        .collect();
    let raids: Vec<(usize, u32)> = trace
        .laps
        .iter()
        .filter_map(|l| match l.end {
            crate::engine::LapEnd::Raid { facing, seeds, .. } => Some((facing, seeds)),
            _ => None,
        })
        .collect();
    let list = |names: Vec<String>| match &names[..] {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    };
    // A list that names a hole of the other side names each hole's owner:
    // "North's hole 1 and hole 1" read as one hole twice.
    let owned = |h: usize| format!("{}'s {}", pos.hole_at(h).side.title(), bare(h));
    let mixed = relays.iter().any(|&h| pos.hole_at(h).side != trace.mover)
        && relays.iter().any(|&h| pos.hole_at(h).side == trace.mover);
    match relays.len() {
        0 => {}
        n @ 1..=3 => text.push_str(&format!(
            ", relaying at {}",
            list(
                relays
                    .iter()
                    .map(|&h| if mixed { owned(h) } else { label(h) })
                    .take(n)
                    .collect()
            )
        )),
        n => text.push_str(&format!(
            ", relaying {} times",
            crate::engine::group_digits(n as u64)
        )),
    }
    if !raids.is_empty() {
        let total: u64 = raids.iter().map(|&(_, s)| u64::from(s)).sum();
        let each = if let [(h, _)] = raids[..] {
            format!(" from {}", label(h))
        } else if raids.len() <= 3 {
            let each = list(
                raids
                    .iter()
                    .map(|&(h, s)| format!("{} from {}", s, label(h)))
                    .collect(),
            );
            format!(" ({each})")
        } else {
            format!(" in {} raids", raids.len())
        };
        let verb = if relays.is_empty() {
            ", raiding"
        } else {
            "; it raids"
        };
        text.push_str(&format!("{verb} {}{each}", seeds(total)));
    }
    let last = trace.laps.last().expect("a move has a lap").end.hole();
    let own_row = pos.hole_at(last).side == trace.mover;
    match trace.capture {
        Some(c) => text.push_str(&format!(
            "; the last seed falls into the empty {} and captures the {} of {} facing it, {} \
             with the last seed",
            label(c.hole),
            seeds(c.facing_seeds.into()),
            label(c.facing),
            c.total
        )),
        None if pos.variant().is_en_gehe() && own_row => text.push_str(&format!(
            "; the last seed falls into the empty {}, facing an empty hole: nothing is captured",
            label(last)
        )),
        // Named with its owner as the other side's holes are everywhere
        // ("North's hole 2"; it read "the empty hole 2 of North's row").
        None if pos.variant().is_en_gehe() => text.push_str(&format!(
            "; the last seed falls into {}'s empty {}: nothing is captured",
            trace.mover.opponent().title(),
            bare(last)
        )),
        None => text.push_str(&format!("; the move ends in the empty {}", label(last))),
    }
    text.push('.');
    if let Status::Over(result) = trace.after.status() {
        text.push_str(&format!(" The game ends: {}", result.describe()));
    }
    text
}

/// A file name for a study titled `title`: lower case, each run of
/// anything but letters and digits one `-` (so no `/`, `\\`, `..` or
/// control character gets through), at most 60 characters, `.ron` on the
/// end; "study.ron" for a title with nothing to keep, and never a name
/// Windows keeps for a device (`con.ron` becomes `con-study.ron`).
pub fn file_name_for(title: &str) -> String {
    let mut name = String::new();
    for c in title.chars().flat_map(char::to_lowercase) {
        if c.is_alphanumeric() {
            name.push(c);
        } else if !name.is_empty() && !name.ends_with('-') {
            name.push('-');
        }
        if name.chars().count() >= 60 {
            break;
        }
    }
    let mut name = name.trim_end_matches('-').to_string();
    if name.is_empty() {
        name = "study".into();
    }
    const DEVICES: [&str; 22] = [
        "con", "prn", "aux", "nul", "com1", "com2", "com3", "com4", "com5", "com6", "com7", "com8",
        "com9", "lpt1", "lpt2", "lpt3", "lpt4", "lpt5", "lpt6", "lpt7", "lpt8", "lpt9",
    ];
    if DEVICES.contains(&name.as_str()) {
        name.push_str("-study");
    }
    format!("{name}.ron")
}

impl StudyFile {
    /// A study of `start` from the solver's proof: the goal its `value`
    /// proves ([`Goal::proved`]), the principal `line` as the solution,
    /// each step with its default comment ([`move_comment`]). The title
    /// and author are the author's to write (left empty); the source says
    /// the solver found it, the description what was proved. Why the
    /// position makes no study, if it does not.
    pub fn from_solution(
        start: &Position,
        value: Value,
        line: &[Move],
    ) -> Result<StudyFile, String> {
        let goal = Goal::proved(start, value)?;
        if line.is_empty() {
            return Err(
                "the solver's principal line is empty: there is no solution to write".into(),
            );
        }
        let mut pos = *start;
        let mut solution = Vec::with_capacity(line.len());
        for &mv in line {
            solution.push(Step {
                mv: pos.variant().move_name(mv),
                comment: move_comment(&pos, mv),
            });
            pos.play(mv).map_err(|e| {
                format!(
                    "move {} of the line ({}) cannot be played: {e}",
                    solution.len(),
                    mover_and_move(&pos, mv)
                )
            })?;
        }
        let board = if start.variant().is_en_gehe() {
            format!("En Gehé 2×{}", start.holes_per_side())
        } else {
            "Bao la Kimasai".to_string()
        };
        let note = if start.variant().is_en_gehe() {
            " (remainder included)"
        } else {
            ""
        };
        let description = format!(
            "{board}: with perfect play {} to move {}{note}, as the exact solver proved. The \
             solution is the solver's principal line: best moves for both sides.",
            start.turn().title(),
            value.describe()
        );
        Ok(StudyFile {
            version: STUDY_VERSION,
            title: String::new(),
            author: String::new(),
            source: default_source(),
            description,
            position: start.to_string(),
            goal,
            solution,
            alternatives: Vec::new(),
        })
    }

    /// The file as RON text (what [`Study::to_ron`] writes), in the
    /// shipped studies' form: `Study(`, `Goal(`, `Step(` named (as a
    /// reader expects them), strings as written (a comment's
    /// apostrophes and line breaks are not escaped; one with a quote or a
    /// backslash becomes a raw string).
    pub fn to_ron(&self) -> Result<String, ron::Error> {
        let config = ron::ser::PrettyConfig::default()
            .struct_names(true)
            .escape_strings(false);
        ron::ser::to_string_pretty(self, config)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn problem(side: Side, kind: GoalKind, text: &str) -> Option<String> {
        goal_words_problem(&Goal {
            side,
            kind,
            text: text.into(),
        })
    }

    #[test]
    fn an_alternative_line_must_play_another_move_than_the_solution() {
        let text = include_str!("../../assets/studies/01-relay.ron");
        assert!(Study::parse(text, "relay.ron").is_ok());
        let alternative = text.find("Line(after: 0, moves: [").unwrap();
        let end = text[alternative..].find("], comment:").unwrap() + alternative;
        let with = |moves: &str| {
            format!(
                "{}Line(after: 0, moves: [{moves}{}",
                &text[..alternative],
                &text[end..]
            )
        };
        let empty = Study::parse(&with(""), "relay.ron")
            .unwrap_err()
            .to_string();
        assert!(empty.contains("alternative line 1 has no moves"), "{empty}");
        assert!(empty.starts_with("relay.ron:15:"), "{empty}");
        let same = Study::parse(
            &with(r#"Step(mv: "1", comment: "South 1: as the solution.")"#),
            "relay.ron",
        )
        .unwrap_err()
        .to_string();
        assert!(
            same.contains("alternative line 1 begins with the solution's own move 1 (1)"),
            "{same}"
        );
    }

    #[test]
    fn a_goals_words_must_say_its_side_number_and_direction() {
        use GoalKind::*;
        let s = Side::South;
        // What the shipped studies say.
        assert_eq!(
            problem(s, MarginAtLeast(7), "South to move wins by at least 7"),
            None
        );
        assert_eq!(
            problem(s, WinWithin(3), "South to move wins within 3 plies"),
            None
        );
        assert_eq!(problem(s, WinWithin(1), "South to move wins at once"), None);
        assert_eq!(
            problem(s, MarginAtLeast(-5), "South loses by at most 5"),
            None
        );
        assert_eq!(
            problem(s, MarginAtLeast(0), "South to move at least draws"),
            None
        );
        assert_eq!(
            problem(s, MarginAtLeast(0), "South to move does not lose"),
            None
        );
        assert_eq!(
            problem(s, MarginAtLeast(3), "South keeps a margin of at least 3"),
            None
        );
        assert_eq!(
            problem(s, MarginAtLeast(-3), "South keeps a margin of at least -3"),
            None
        );
        assert!(problem(s, MarginAtLeast(3), "South keeps a margin of at least -3").is_some());
        // Wordings a study's author writes, none a false alarm.
        for (kind, text) in [
            (
                MarginAtLeast(3),
                "South to move wins by at least 3 and closes the game",
            ),
            (
                MarginAtLeast(3),
                "South wins by at least 3 despite losing the tempo race",
            ),
            (
                MarginAtLeast(3),
                "South wins by at least 3 (holes 1-3 matter) on a 2×5 board",
            ),
            (MarginAtLeast(0), "South to move doesn't lose"),
            (MarginAtLeast(0), "South to move ties"),
            (MarginAtLeast(-7), "South keeps a margin of at least –7"),
            (WinWithin(1), "South wins immediately"),
            (WinWithin(3), "South wins in 2 moves (3 plies)"),
            (MarginAtLeast(3), "South cannot lose and wins by 3"),
            (MarginAtLeast(3), "South does not lose: it wins by 3"),
        ] {
            assert_eq!(problem(s, kind, text), None, "{kind:?} {text:?}");
        }
        assert!(problem(s, MarginAtLeast(-3), "South keeps a margin of at least 3").is_some());
        assert_eq!(problem(s, Win, "South to move wins"), None);
        // A sign, a number, a side or words that say something else.
        let wrong = [
            (MarginAtLeast(-7), "South to move wins by at least 7"),
            (MarginAtLeast(5), "South loses by at most 5"),
            (MarginAtLeast(9), "South to move wins by at least 7"),
            (
                MarginAtLeast(3),
                "South wins by at least 99999999999999999999999",
            ),
            (MarginAtLeast(3), "South to move wins by at least seven"),
            (MarginAtLeast(3), "North to move wins by at least 3"),
            (MarginAtLeast(3), "   "),
            (WinWithin(0), "South wins within 0 plies"),
            (WinWithin(4), "South wins within 3 plies"),
            // Negated wins.
            (MarginAtLeast(3), "South to move does not win by 3"),
            (MarginAtLeast(3), "South doesn't win by 3"),
            (MarginAtLeast(3), "South cannot win by 3"),
            (MarginAtLeast(3), "South fails to win by 3"),
            (Win, "South never wins"),
            (WinWithin(3), "South does not win within 3 plies"),
        ];
        for (kind, text) in wrong {
            assert!(problem(s, kind, text).is_some(), "{kind:?} {text:?} passed");
        }
    }
}

#[cfg(test)]
mod builder_tests {
    use super::*;
    use crate::engine::notation::parse_position;

    fn solved(text: &str) -> (Position, crate::solver::Solution) {
        let pos = parse_position(text).unwrap();
        let s = Solver::with_table_bits(16).solve(&pos);
        (pos, s)
    }

    /// Builds the study of a solved position, writes it as RON, loads it
    /// back as the library does and proves its claim and line as
    /// tests/studies.rs proves the shipped ones.
    fn round_trip(text: &str) -> Study {
        let (pos, s) = solved(text);
        let mut file = StudyFile::from_solution(&pos, s.value, &s.pv).unwrap();
        file.title = "A test".into();
        let ron = file.to_ron().unwrap();
        let study = Study::parse(&ron, "test.ron").unwrap_or_else(|e| panic!("{e}\n{ron}"));
        assert_eq!(study.file, file);
        assert_eq!(study.solution, s.pv);
        let mut solver = Solver::with_table_bits(16);
        let root = solver.solve(&study.start);
        assert!(study.goal_reached(root.value, 0), "{}", root.value);
        let line = study
            .check_line(root.value, |h, p| {
                solver.solve_with(h, &p, None, None).map(|s| s.value)
            })
            .unwrap();
        assert_eq!(line, Ok(()));
        study
    }

    #[test]
    fn a_won_en_gehe_position_becomes_a_study_whose_claim_is_proved() {
        let study = round_trip("en-gehe south=2,0,1,1,1 north=0,0,1,1,0 captured=0,0 turn=south");
        let goal = &study.file.goal;
        assert_eq!(goal.kind, GoalKind::MarginAtLeast(3));
        assert_eq!(goal.text, "South to move wins by at least 3");
        assert!(study.file.source.starts_with("Solved with maasai-mancala"));
        assert!(study.file.description.contains("wins by 3 seeds"));
        let positions = study.solution_positions();
        for (i, step) in study.file.solution.iter().enumerate() {
            let name = mover_and_move(&positions[i], study.solution[i]);
            assert!(
                step.comment.starts_with(&format!("{name}: ")),
                "{}",
                step.comment
            );
            assert!(step.comment.len() > name.len() + 20, "{}", step.comment);
        }
        // The last move ends the game, and its comment says how.
        let last = study.file.solution.last().unwrap();
        assert!(last.comment.contains("The game ends: "), "{}", last.comment);
    }

    #[test]
    fn a_lost_or_drawn_en_gehe_position_is_studied_as_the_best_defence() {
        // North to move of the same board: whatever North does, it loses.
        let study = round_trip("en-gehe south=2,0,1,1,1 north=0,0,1,1,0 captured=0,0 turn=north");
        let goal = &study.file.goal;
        match goal.kind {
            GoalKind::MarginAtLeast(m) if m < 0 => {
                assert_eq!(goal.text, format!("North to move loses by at most {}", -m))
            }
            GoalKind::MarginAtLeast(0) => assert_eq!(goal.text, "North to move at least draws"),
            GoalKind::MarginAtLeast(m) => {
                assert_eq!(goal.text, format!("North to move wins by at least {m}"))
            }
            k => panic!("{k:?}"),
        }
        let pos =
            parse_position("en-gehe south=1,0,0 north=1,0,0 captured=0,0 turn=south").unwrap();
        assert_eq!(
            Goal::proved(&pos, Value::Margin(0)).unwrap().text,
            "South to move at least draws"
        );
        assert_eq!(
            Goal::proved(&pos, Value::Margin(-2)).unwrap(),
            Goal {
                side: Side::South,
                kind: GoalKind::MarginAtLeast(-2),
                text: "South to move loses by at most 2".into()
            }
        );
        // Each wording passes the check of a goal's words.
        for v in [-2, 0, 5] {
            let goal = Goal::proved(&pos, Value::Margin(v)).unwrap();
            assert_eq!(goal_words_problem(&goal), None, "{goal:?}");
        }
    }

    #[test]
    fn a_bao_win_is_a_win_within_its_plies_and_a_loss_makes_no_study() {
        let text = "bao-la-kimasai south=1,1,1,0,0,1,0,0,0,0,0,0,0,0,0,0 \
                    north=1,0,2,0,0,1,2,0,0,0,0,0,0,0,0,0 reserve=0,0 turn=south opening=no";
        let study = round_trip(text);
        assert_eq!(study.file.goal.kind, GoalKind::WinWithin(3));
        assert_eq!(study.file.goal.text, "South to move wins within 3 plies");
        let first = &study.file.solution[0].comment;
        assert!(first.starts_with("South i1: "), "{first}");
        assert!(first.contains("raid"), "{first}");
        let pos = parse_position(text).unwrap();
        let one = Goal::proved(&pos, Value::Win { plies: 1 }).unwrap();
        assert_eq!(one.text, "South to move wins within 1 ply");
        assert_eq!(goal_words_problem(&one), None);
        let loss = Goal::proved(&pos, Value::Loss { plies: 4 }).unwrap_err();
        assert!(loss.starts_with("a lost position makes no study"), "{loss}");
        assert!(loss.contains("North is to move and wins"), "{loss}");
        // Lost in one ply, the defence ends the game: nothing to save after it.
        let at_once = Goal::proved(&pos, Value::Loss { plies: 1 }).unwrap_err();
        assert!(!at_once.contains("save the position after"), "{at_once}");
        assert!(
            at_once.ends_with("a Bao la Kimasai study's goal is a win"),
            "{at_once}"
        );
        let draw = Goal::proved(&pos, Value::Draw).unwrap_err();
        assert!(
            draw.starts_with("a drawn position makes no study"),
            "{draw}"
        );
    }

    #[test]
    fn a_finished_position_makes_no_study() {
        let pos =
            parse_position("en-gehe south=0,0,0 north=1,0,0 captured=2,0 turn=south").unwrap();
        assert!(matches!(pos.status(), Status::Over(_)));
        let why = Goal::proved(&pos, Value::Margin(1)).unwrap_err();
        assert!(why.contains("the game is over"), "{why}");
        assert!(StudyFile::from_solution(&pos, Value::Margin(1), &[]).is_err());
    }

    #[test]
    fn a_written_study_names_its_records_and_keeps_odd_text() {
        let pos = parse_position("en-gehe south=2,0,1,1,1 north=0,0,1,1,0 captured=0,0 turn=south")
            .unwrap();
        let s = Solver::with_table_bits(16).solve(&pos);
        let mut file = StudyFile::from_solution(&pos, s.value, &s.pv).unwrap();
        file.title = "South's \"quiet\" win \\ r#\"x\"# \u{7}".into();
        file.solution[0]
            .comment
            .push_str("\nA second line, it's \t tabbed.");
        let text = file.to_ron().unwrap();
        assert!(text.starts_with("Study("), "{text}");
        assert!(text.contains("goal: Goal("), "{text}");
        assert_eq!(text.matches("Step(").count(), file.solution.len());
        let study = Study::parse(&text, "odd.ron").unwrap_or_else(|e| panic!("{e}\n{text}"));
        assert_eq!(study.file, file);
        // Every step is placed.
        assert!(study.solution_places.iter().all(|&(line, _)| line > 0));
    }

    #[test]
    fn a_title_becomes_a_safe_file_name() {
        assert_eq!(
            file_name_for("The capture takes its trigger seed"),
            "the-capture-takes-its-trigger-seed.ron"
        );
        assert_eq!(file_name_for("../../etc/passwd"), "etc-passwd.ron");
        assert_eq!(file_name_for("a/b\\c:d*?\"<>|\n e"), "a-b-c-d-e.ron");
        assert_eq!(file_name_for("En Gehé 2×5!"), "en-gehé-2-5.ron");
        assert_eq!(file_name_for("  ///  "), "study.ron");
        assert_eq!(file_name_for("CON"), "con-study.ron");
        let long = file_name_for(&"x".repeat(1000));
        assert_eq!(long.len(), 64);
    }

    #[test]
    fn a_default_comment_tells_the_sowing() {
        // South 1: two seeds into S2 (occupied: relay) …
        let pos =
            parse_position("en-gehe south=2,1,0,0 north=0,0,3,0 captured=0,0 turn=south").unwrap();
        let c = move_comment(&pos, Move(0));
        assert!(c.starts_with("South 1: "), "{c}");
        assert!(comment_names_move(&c, "South 1"));
        assert!(!comment_names_move("South 12: x", "South 1"));
        assert!(c.ends_with('.'), "{c}");
        let captures = (0..4)
            .map(|h| move_comment(&pos, Move(h)))
            .filter(|c| c.contains("captures"))
            .count();
        let traced = (0..4u8)
            .filter(|&h| pos.trace(Move(h)).is_ok_and(|t| t.capture.is_some()))
            .count();
        assert_eq!(captures, traced);
        // Holes named in words: the mover's by name, the other side's
        // with its owner (the trace's "S2", "N3" were never explained).
        let pos =
            parse_position("en-gehe south=1,0,0,1 north=0,0,3,0 captured=0,0 turn=south").unwrap();
        assert_eq!(
            move_comment(&pos, Move(0)),
            "South 1: sows 1 seed from hole 1; the last seed falls into the empty hole 2 and \
             captures the 3 seeds of North's hole 3 facing it, 4 with the last seed. The game \
             ends: South wins 5–0: North has no seeds left to move; South takes the 1 seed left \
             on the board."
        );
        assert_eq!(
            move_comment(&pos, Move(3)),
            "South 4: sows 1 seed from hole 4; the last seed falls into North's empty hole 1: \
             nothing is captured."
        );
    }

    #[test]
    fn relays_on_both_rows_name_every_hole_s_owner() {
        // South 3 relays at North's 1 and 3, then at its own 2: "North's
        // hole 1, hole 3 and hole 2" read as North's holes, and on a 2×3
        // board "North's hole 1 and hole 1" as one hole twice.
        let pos =
            parse_position("en-gehe south=1,1,1 north=1,0,1 captured=0,0 turn=south").unwrap();
        let c = move_comment(&pos, Move(2));
        assert!(
            c.contains(", relaying at North's hole 1, North's hole 3 and South's hole 2;"),
            "{c}"
        );
        // Relays on one row alone keep the short names.
        let pos =
            parse_position("en-gehe south=1,0,1 north=1,0,1 captured=0,0 turn=south").unwrap();
        let c = move_comment(&pos, Move(2));
        assert!(
            c.contains(", relaying at North's hole 1 and North's hole 3;"),
            "{c}"
        );
    }

    #[test]
    fn a_herding_move_s_comment_reads_as_a_sentence() {
        // "…goes into Si3 first; sows 3 seeds from Si3": no subject, and
        // a hole name nobody explained.
        let pos = parse_position(
            "bao-la-kimasai south=1,1,2,0,0,0,0,0,0,0,0,0,0,0,0,0 \
             north=0,0,0,0,0,1,0,0,0,0,0,0,0,0,0,0 reserve=1,1 turn=south opening=no",
        )
        .unwrap();
        let c = move_comment(&pos, Move(2));
        assert!(
            c.starts_with(
                "South i3: a seed from the reserve goes into i3 first; it sows 3 seeds from i3; "
            ),
            "{c}"
        );
        assert!(!c.contains("Si") && !c.contains("Ni"), "{c}");
    }
}
