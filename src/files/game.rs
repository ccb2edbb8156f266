//! The saved game: a versioned RON record of a game, replayed through the
//! engine on loading so that a file can never smuggle in an illegal game.

use super::error::never_stopped;
use super::number::{VERSION, WholeField, Written, wrong_number};
use super::{FileError, LoadError, now_iso8601, write_atomic};
use crate::engine::{
    Game, GameOptions, Move, OriginRule, PlayError, Position, RecordError, ReplayError, Side,
    Variant, notation,
};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::convert::Infallible;
use std::path::Path;

/// The saved-game format version this program writes. Files of a newer
/// version are refused rather than half-read.
pub const GAME_VERSION: u32 = 1;

/// A saved game exactly as it is written to disk.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename = "SavedGame", deny_unknown_fields)]
pub struct SavedGame {
    pub version: u32,
    /// `en-gehe` or `bao-la-kimasai`, as in the notation.
    pub game: String,
    /// The rules the game was started with.
    pub options: GameOptions,
    #[serde(default)]
    pub south_team: String,
    #[serde(default)]
    pub north_team: String,
    /// The start position in RULES.md notation.
    pub start: String,
    /// The moves in RULES.md notation, in order (required: a misspelt
    /// `moves` must not read as a game without moves).
    pub moves: Vec<String>,
    /// Moves undone and not redone, in the order Redo plays them back
    /// (the first follows the last of `moves`): closing the window after
    /// an undo must not lose them. Left out when there are none.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub undone: Vec<String>,
    /// Comments by move number (1 is the first move; the undone moves
    /// are numbered on from the last of `moves`); a number given
    /// twice is refused (a map would keep only the last).
    #[serde(default, deserialize_with = "unique_comments")]
    pub comments: BTreeMap<usize, String>,
    /// How many moves the user was looking at (0 = the start position).
    #[serde(default)]
    pub cursor: usize,
    /// When the game was begun, ISO-8601 UTC.
    #[serde(default)]
    pub date: String,
    #[serde(default)]
    pub event: String,
    #[serde(default)]
    pub notes: String,
}

/// A saved game's comments, refusing a move number given twice (as a
/// field given twice is): one of the two comments would be lost unsaid.
fn unique_comments<'de, D: serde::Deserializer<'de>>(
    d: D,
) -> Result<BTreeMap<usize, String>, D::Error> {
    struct Comments;
    impl<'de> serde::de::Visitor<'de> for Comments {
        type Value = BTreeMap<usize, String>;
        fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
            f.write_str("comments by move number, `{1: \"…\", 3: \"…\"}`")
        }
        fn visit_map<A: serde::de::MapAccess<'de>>(
            self,
            mut map: A,
        ) -> Result<Self::Value, A::Error> {
            let mut comments = BTreeMap::new();
            while let Some((number, text)) = map.next_entry::<usize, String>()? {
                if comments.insert(number, text).is_some() {
                    return Err(serde::de::Error::custom(format!(
                        "the comment of move {number} is given twice in `comments`"
                    )));
                }
            }
            Ok(comments)
        }
    }
    d.deserialize_map(Comments)
}

/// One move of a game with its comment, for callers that list moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveEntry {
    pub number: usize,
    pub side: Side,
    pub notation: String,
    pub comment: String,
}

/// A game as the program holds it: the replayed record plus what the file
/// says about it. This is what the app opens, edits, saves and autosaves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameFile {
    pub options: GameOptions,
    pub south_team: String,
    pub north_team: String,
    /// The record: start position, moves, every position along the way.
    pub game: Game,
    /// Moves undone and not redone, in the order Redo plays them back.
    pub undone: Vec<Move>,
    /// Comments by move number (1-based, the undone moves numbered on from
    /// the last move); numbers past the last undone move are dropped on
    /// saving.
    pub comments: BTreeMap<usize, String>,
    /// How many moves the user is looking at, `0..=game.moves().len()`.
    pub cursor: usize,
    pub date: String,
    pub event: String,
    pub notes: String,
}

/// Options describing a position that was set up rather than started:
/// the variant and origin rule come from the position; the seeds per hole
/// when every hole holds the same count (else 4); the first side is the side to move.
pub fn options_for_position(pos: &Position) -> GameOptions {
    match pos.variant() {
        Variant::BaoLaKimasai => GameOptions {
            origin: pos.origin(),
            ..GameOptions::bao_la_kimasai()
        },
        variant @ Variant::EnGehe { .. } => {
            let board = pos.board();
            let seeds = match board.first() {
                Some(&s) if (1..=12).contains(&s) && board.iter().all(|&c| c == s) => s as u8,
                _ => 4,
            };
            GameOptions {
                variant,
                seeds,
                first: pos.turn(),
                origin: pos.origin(),
            }
        }
    }
}

/// A team's name as the window shows it: trimmed, and the side's own title
/// ("South") where the file has none.
pub fn shown_team_name(name: &str, side: crate::engine::Side) -> String {
    if is_blank_name(name) {
        side.title().to_string()
    } else {
        name.trim().to_string()
    }
}

/// A side as the board and the move list's titles name it: its team name,
/// with the side when the name is not the side's own ("Ilkisongo
/// (South)"); a team called by its side's name in other capitals is that
/// side ("North", not "north (North)").
pub fn team_label(name: &str, side: crate::engine::Side) -> String {
    let name = name.trim();
    if name.eq_ignore_ascii_case(side.title()) {
        side.title().to_string()
    } else {
        format!("{name} ({})", side.title())
    }
}

/// A side's team as the owner of something, named as [`team_label`]
/// names it: "South's", "Kisongo Elders' (North)" (the possessive goes on
/// the name: "Kisongo Elders (North)'s" read as the side's).
pub fn team_possessive(name: &str, side: crate::engine::Side) -> String {
    let name = name.trim();
    if name.eq_ignore_ascii_case(side.title()) {
        crate::engine::possessive(side.title())
    } else {
        format!("{} ({})", crate::engine::possessive(name), side.title())
    }
}

/// Whether a name shows nothing: only blanks, or characters drawn with no
/// width (zero-width spaces and joiners, direction marks, soft hyphens),
/// which would leave a team or preset unnamed on screen.
pub fn is_blank_name(name: &str) -> bool {
    name.chars().all(|c| {
        c.is_whitespace()
            || matches!(c,
                '\u{00AD}' | '\u{034F}' | '\u{061C}' | '\u{180E}'
                | '\u{200B}'..='\u{200F}' | '\u{202A}'..='\u{202E}'
                | '\u{2060}'..='\u{206F}' | '\u{FE00}'..='\u{FE0F}' | '\u{FEFF}')
    })
}

/// Why two team names cannot stand together ([`team_names_clash`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TeamClash {
    /// The same name, maybe in other capitals.
    Same,
    /// This side's team has the other side's name ("South (North)").
    OtherSidesName(crate::engine::Side),
}

/// Why two team names (South's, North's; as shown, so never empty) cannot
/// stand together, if they cannot: the move list and the labels must tell
/// the teams apart, so the names may not differ in capitals only, nor may a
/// team be called by the other side's name.
pub fn team_names_clash(south: &str, north: &str) -> Option<TeamClash> {
    use crate::engine::Side;
    let (s, n) = (south.trim(), north.trim());
    let same = |a: &str, b: &str| a.to_lowercase() == b.to_lowercase();
    if same(s, n) {
        return Some(TeamClash::Same);
    }
    [(s, Side::South), (n, Side::North)]
        .into_iter()
        .find(|&(name, side)| same(name, side.opponent().title()))
        .map(|(_, side)| TeamClash::OtherSidesName(side))
}

impl GameFile {
    /// The teams' names as the window shows them, South then North (see
    /// `shown_team_name`).
    pub fn team_names(&self) -> [String; 2] {
        use crate::engine::Side;
        [
            shown_team_name(&self.south_team, Side::South),
            shown_team_name(&self.north_team, Side::North),
        ]
    }

    /// A new game with these options, dated now.
    pub fn new(options: GameOptions) -> Result<GameFile, crate::engine::SetupError> {
        let start = options.start()?;
        let mut file = GameFile::from_game(Game::new(start));
        file.options = options;
        Ok(file)
    }

    /// Wraps a game record (options taken from its start position), dated
    /// now, with the cursor at its last move.
    pub fn from_game(game: Game) -> GameFile {
        GameFile {
            options: options_for_position(game.start()),
            south_team: String::new(),
            north_team: String::new(),
            cursor: game.moves().len(),
            game,
            undone: Vec::new(),
            comments: BTreeMap::new(),
            date: now_iso8601(),
            event: String::new(),
            notes: String::new(),
        }
    }

    /// The moves comments may be numbered for: the game's, then the
    /// undone ones (numbered on from the last).
    pub fn numbered_moves(&self) -> usize {
        self.game.moves().len() + self.undone.len()
    }

    /// How the undone moves are told in a one-line description
    /// (" (2 undone, for Redo)"), empty when there are none.
    pub fn undone_words(&self) -> String {
        match self.undone.len() {
            0 => String::new(),
            n => format!(" ({n} undone, for Redo)"),
        }
    }

    /// Whether the game starts from a position set up (in the editor, or
    /// pasted) rather than a new game's start under its options.
    pub fn is_set_up(&self) -> bool {
        self.options.start().ok() != Some(*self.game.start())
    }

    /// The position the user is looking at.
    pub fn cursor_position(&self) -> &Position {
        let at = self.cursor.min(self.game.moves().len());
        &self.game.positions()[at]
    }

    /// The comment of move `number` (1-based), empty if none.
    pub fn comment(&self, number: usize) -> &str {
        self.comments.get(&number).map_or("", String::as_str)
    }

    /// Sets (or, with empty text, removes) the comment of move `number`.
    pub fn set_comment(&mut self, number: usize, text: impl Into<String>) {
        let text = text.into();
        if text.trim().is_empty() {
            self.comments.remove(&number);
        } else {
            self.comments.insert(number, text);
        }
    }

    /// The moves with their numbers, movers and comments.
    pub fn move_list(&self) -> Vec<MoveEntry> {
        let variant = self.game.variant();
        self.game
            .moves()
            .iter()
            .enumerate()
            .map(|(i, &mv)| MoveEntry {
                number: i + 1,
                side: self.game.positions()[i].turn(),
                notation: variant.move_name(mv),
                comment: self.comment(i + 1).to_string(),
            })
            .collect()
    }

    /// Plays a move at the cursor: moves after the cursor (and their
    /// comments) are cut off first, as in any game browser. The cursor
    /// follows the new move.
    pub fn play_at_cursor(&mut self, mv: Move) -> Result<&Position, PlayError> {
        let at = self.cursor.min(self.game.moves().len());
        if at < self.game.moves().len() {
            // Only cut once the move is known to be legal.
            self.game.positions()[at].try_play(mv)?;
            self.truncate(at);
        }
        self.game.play(mv)?;
        // Played in their place: Redo has nothing to bring back, and the
        // comments of the moves undone go with them.
        if !self.undone.is_empty() {
            self.undone.clear();
            let played = self.game.moves().len();
            self.comments.retain(|&n, _| n < played);
        }
        self.cursor = self.game.moves().len();
        Ok(self.game.current())
    }

    /// Cuts the game back to its first `len` moves, with their comments
    /// (and no undone moves: they followed the moves cut).
    pub fn truncate(&mut self, len: usize) {
        self.game.truncate(len);
        self.undone.clear();
        self.comments.retain(|&n, _| n <= len);
        self.cursor = self.cursor.min(self.game.moves().len());
    }

    /// The record as written to disk.
    pub fn to_saved(&self) -> SavedGame {
        let variant = self.game.variant();
        let moves = self.game.moves();
        SavedGame {
            version: GAME_VERSION,
            game: variant.name().to_string(),
            options: self.options,
            south_team: self.south_team.clone(),
            north_team: self.north_team.clone(),
            start: self.game.start().to_string(),
            moves: moves.iter().map(|&m| variant.move_name(m)).collect(),
            undone: self.undone.iter().map(|&m| variant.move_name(m)).collect(),
            comments: self
                .comments
                .iter()
                .filter(|(n, c)| (1..=self.numbered_moves()).contains(*n) && !c.trim().is_empty())
                .map(|(&n, c)| (n, c.clone()))
                .collect(),
            cursor: self.cursor.min(moves.len()),
            date: self.date.clone(),
            event: self.event.clone(),
            notes: self.notes.clone(),
        }
    }

    /// The file's text: pretty RON, one field per line, one move per line.
    pub fn to_ron(&self) -> Result<String, ron::Error> {
        pretty_ron(&self.to_saved())
    }

    /// Reads a saved game's text; `path` only names the file in errors.
    pub fn parse(text: &str, path: &Path) -> Result<GameFile, FileError> {
        never_stopped(GameFile::parse_or_stop(text, path, &mut || true))
    }

    /// [`Self::parse`] that stops when `keep_going` says so (see
    /// [`game_from_text_or_stop`]).
    fn parse_or_stop(
        text: &str,
        path: &Path,
        keep_going: &mut dyn FnMut() -> bool,
    ) -> Result<GameFile, LoadError> {
        // Another kind of file under a saved game's name (a study renamed
        // `SavedGame(`) is said so, not by a missing field.
        GameFile::parse_as_named(text, path, keep_going).map_err(|e| {
            e.map_failed(|e| super::kind::failure_or_misnamed(text, path, super::FileKind::Game, e))
        })
    }

    fn parse_as_named(
        text: &str,
        path: &Path,
        keep_going: &mut dyn FnMut() -> bool,
    ) -> Result<GameFile, LoadError> {
        let saved = saved_record(text, path)?;
        GameFile::from_saved_or_stop(saved, path, text, keep_going)
    }

    /// Validates a deserialized record: the options, the start position,
    /// every move replayed through the engine (asking `keep_going` before
    /// each move and during a long one: proving a move endless can take
    /// seconds; [`LoadError::Stopped`] when it says no), comments and
    /// cursor.
    pub(crate) fn from_saved_or_stop(
        saved: SavedGame,
        path: &Path,
        text: &str,
        keep_going: &mut dyn FnMut() -> bool,
    ) -> Result<GameFile, LoadError> {
        // What the file holds is quoted in these problems (a move, a
        // date, a name): its control characters are shown escaped.
        let at = |field: &str, problem: String| {
            field_error(
                path,
                text,
                field,
                super::error::escaped(&problem).into_owned(),
            )
        };
        saved
            .options
            .validate()
            .map_err(|e| at("options", format!("invalid options: {e}")))?;
        let start = notation::parse_position(&saved.start)
            .map_err(|e| at("start", format!("impossible start position: {e}")))?;
        if start.variant().name() != saved.game {
            return Err(at(
                "start",
                format!(
                    "the start position is for `{}` but the file says the game is `{}`",
                    start.variant().name(),
                    saved.game
                ),
            )
            .into());
        }
        if start.variant() != saved.options.variant || start.origin() != saved.options.origin {
            return Err(at(
                "options",
                format!(
                    "the options ({}) do not match the start position ({})",
                    describe_rules(saved.options.variant, saved.options.origin),
                    describe_rules(start.variant(), start.origin())
                ),
            )
            .into());
        }
        if let Some((field, problem)) = options_contradiction(&saved.options, &start) {
            let place = field_place(text, field).or_else(|| field_place(text, "options"));
            return Err(match place {
                Some((line, col)) => FileError::at(path, line, col, problem),
                None => FileError::new(path, problem),
            }
            .into());
        }
        let comments = saved.comments.iter().map(|(&n, c)| (n, c.as_str()));
        if let Some((field, problem)) = too_long_text(&saved.notes, &saved.event, comments) {
            let place = match field {
                TextField::Comment(n) => field_place(text, "comments")
                    .and_then(|(line, _)| field_place_from(text, line + 1, &n.to_string()))
                    .or_else(|| field_place(text, "comments")),
                TextField::Notes => field_place(text, "notes"),
                TextField::Event => field_place(text, "event"),
            };
            return Err(placed(path, place, problem).into());
        }
        for (field, side, name) in [
            ("south_team", "South", &saved.south_team),
            ("north_team", "North", &saved.north_team),
        ] {
            if let Some(why) = name_problem(name, MAX_TEAM_NAME) {
                return Err(at(field, format!("the {side} team's name {why}")).into());
            }
        }
        // A file without a date (written by hand) is fine; a date must be one.
        if !saved.date.is_empty() {
            super::date::check_iso8601(&saved.date).map_err(|why| at("date", why))?;
        }
        // As the new-game dialog: the move list must tell the teams apart
        // (a team without a name is called by its side).
        let south = shown_team_name(&saved.south_team, crate::engine::Side::South);
        let north = shown_team_name(&saved.north_team, crate::engine::Side::North);
        match team_names_clash(&south, &north) {
            None => {}
            Some(TeamClash::Same) => {
                return Err(at(
                    "north_team",
                    format!(
                        "both teams are called `{south}` (capitals aside); the teams need different names (the move list could not tell them apart)"
                    ),
                )
                .into());
            }
            Some(TeamClash::OtherSidesName(side)) => {
                let (field, name) = match side {
                    crate::engine::Side::South => ("south_team", &south),
                    crate::engine::Side::North => ("north_team", &north),
                };
                return Err(at(
                    field,
                    format!(
                        "the {} team is called `{name}`, the other side's name; the labels would read \"{name} ({})\"",
                        side.title(),
                        side.title()
                    ),
                )
                .into());
            }
        }
        let mut game = Game::new(start);
        replay_field(&mut game, &saved.moves, "moves", 0, path, text, keep_going)?;
        // The undone moves must follow the game's (Redo plays them), so
        // they are replayed on a copy of it.
        let undone = if saved.undone.is_empty() {
            Vec::new()
        } else {
            let mut redone = game.clone();
            replay_field(
                &mut redone,
                &saved.undone,
                "undone",
                saved.moves.len(),
                path,
                text,
                keep_going,
            )?;
            redone.moves()[saved.moves.len()..].to_vec()
        };
        let count = saved.moves.len();
        let numbered = count + undone.len();
        if let Some((&n, _)) = saved
            .comments
            .iter()
            .find(|(n, _)| !(1..=numbered).contains(*n))
        {
            let problem = if n == 0 {
                "a comment for move 0: moves are numbered from 1".to_string()
            } else {
                match undone.len() {
                    0 => format!(
                        "a comment for move {n}, but the game has {}",
                        crate::engine::count_word(count, "move")
                    ),
                    u => format!(
                        "a comment for move {n}, but the game has {} and {u} undone",
                        crate::engine::count_word(count, "move")
                    ),
                }
            };
            return Err(at("comments", problem).into());
        }
        if saved.cursor > count {
            return Err(at(
                "cursor",
                format!(
                    "cursor {} is past the last move (the game has {})",
                    saved.cursor,
                    crate::engine::count_word(count, "move")
                ),
            )
            .into());
        }
        Ok(GameFile {
            options: saved.options,
            south_team: saved.south_team,
            north_team: saved.north_team,
            game,
            undone,
            comments: saved.comments,
            cursor: saved.cursor,
            date: saved.date,
            event: saved.event,
            notes: saved.notes,
        })
    }
}

/// Replays a saved game's list of moves (`moves`, or `undone` after them)
/// onto `game`, the first numbered `before + 1`; a move the record cannot
/// play is refused at its place in the list, saying why (a move after the
/// end says why the game is over, as `play` does).
fn replay_field(
    game: &mut Game,
    moves: &[String],
    field: &str,
    before: usize,
    path: &Path,
    text: &str,
    keep_going: &mut dyn FnMut() -> bool,
) -> Result<(), LoadError> {
    let replayed = game.replay_or_stop(moves, &mut *keep_going, |_, _, _| Ok::<(), Infallible>(()));
    replayed.map_err(|e| match e {
        ReplayError::Stopped => LoadError::Stopped,
        ReplayError::Rejected(never) => match never {},
        ReplayError::Refused(RecordError {
            index,
            mover,
            error,
        }) => {
            let words = crate::engine::play_error_words(&error, Some(game.status()), None);
            let what = if field == "undone" {
                "undone move"
            } else {
                "move"
            };
            // A NUL byte or a line break in the move is shown escaped,
            // here and in the engine's words about it.
            let problem = super::error::escaped(&format!(
                "{what} {} ({} `{}`): {words}",
                before + index + 1,
                mover.title(),
                crate::engine::shortened(&moves[index])
            ))
            .into_owned();
            LoadError::Failed(match list_place(text, field, index) {
                Some((line, col)) => FileError::at(path, line, col, problem),
                None => field_error(path, text, field, problem),
            })
        }
    })
}

/// En Gehé: the option (`first` or `seeds`) that says what the start
/// position contradicts, with the problem. The side to move starts; the
/// seeds per hole are checked when every hole holds the same count (a
/// position set up with uneven holes is written with 4, see
/// [`options_for_position`]). Bao la Kimasai's options are fixed and
/// checked by `GameOptions::validate`.
fn options_contradiction(
    options: &GameOptions,
    start: &Position,
) -> Option<(&'static str, String)> {
    if let Variant::BaoLaKimasai = start.variant() {
        return None;
    }
    if options.first != start.turn() {
        return Some((
            "first",
            format!(
                "the options say {} moves first, but in the start position {} is to move",
                options.first.title(),
                start.turn().title()
            ),
        ));
    }
    let board = start.board();
    if let Some(&count) = board.first()
        && (1..=12).contains(&count)
        && board.iter().all(|&c| c == count)
        && u16::from(options.seeds) != count
    {
        return Some((
            "seeds",
            format!(
                "the options say {} seeds a hole, but the start position has {count} in every hole",
                options.seeds
            ),
        ));
    }
    None
}

fn describe_rules(variant: Variant, origin: OriginRule) -> String {
    let board = match variant {
        Variant::EnGehe { holes } => format!("en-gehe 2×{holes}"),
        Variant::BaoLaKimasai => "bao-la-kimasai".to_string(),
    };
    match origin {
        OriginRule::SowInto => board,
        OriginRule::Skip => format!("{board} origin=skip"),
    }
}

/// Writes a game to `path` atomically (the old file kept as `.bak`).
pub fn save_game(path: &Path, file: &GameFile) -> Result<(), FileError> {
    check_text_lengths(path, file)?;
    write_atomic(path, to_pretty_ron(&file.to_saved(), path)?.as_bytes())
}

/// The longest notes of a game, in characters (about 15,000 words). The
/// window lays out a text box's whole text whenever it changes: a text of
/// one paragraph takes about 40 ms at this length (a 10 MB one froze the
/// notes panel for seconds, with 2.3 GB of memory).
pub const MAX_NOTES_CHARS: usize = 100_000;

/// The longest comment on one move, in characters (about 1,500 words).
pub const MAX_COMMENT_CHARS: usize = 10_000;

/// The longest event of a game, in characters: a line naming a gathering.
pub const MAX_EVENT_CHARS: usize = 1_000;

/// Which text of a game is too long.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum TextField {
    Notes,
    Event,
    /// The comment on move N (1-based).
    Comment(usize),
}

/// The first of a game's texts longer than its cap, with the problem in
/// words: which text, how long, the cap.
fn too_long_text<'a>(
    notes: &str,
    event: &str,
    mut comments: impl Iterator<Item = (usize, &'a str)>,
) -> Option<(TextField, String)> {
    // (No text of at most `max` bytes has more than `max` characters.)
    let over = |text: &str, max: usize| {
        let n = if text.len() > max {
            text.chars().count()
        } else {
            0
        };
        (n > max).then_some(n)
    };
    let said = |n: usize| crate::engine::group_digits(n as u64);
    if let Some(n) = over(notes, MAX_NOTES_CHARS) {
        return Some((
            TextField::Notes,
            format!(
                "the notes are {} characters long; a game's notes hold at most {} characters",
                said(n),
                said(MAX_NOTES_CHARS)
            ),
        ));
    }
    if let Some(n) = over(event, MAX_EVENT_CHARS) {
        return Some((
            TextField::Event,
            format!(
                "the event is {} characters long; an event holds at most {} characters",
                said(n),
                said(MAX_EVENT_CHARS)
            ),
        ));
    }
    comments.find_map(|(number, comment)| {
        let n = over(comment, MAX_COMMENT_CHARS)?;
        Some((
            TextField::Comment(number),
            format!(
                "the comment on move {number} is {} characters long; a move's comment holds \
                 at most {} characters",
                said(n),
                said(MAX_COMMENT_CHARS)
            ),
        ))
    })
}

/// Refuses to write a game whose notes, event or a comment is longer than
/// the program reads back ([`MAX_NOTES_CHARS`], [`MAX_EVENT_CHARS`],
/// [`MAX_COMMENT_CHARS`]): said while the text can still be shortened in
/// the window, not when the file is next opened.
pub(crate) fn check_text_lengths(path: &Path, file: &GameFile) -> Result<(), FileError> {
    // Comments past the last move (undone ones included) are not saved
    // (see `to_saved`).
    let moves = file.numbered_moves();
    // Half-open: with no moves (all undone, a comment kept for redo)
    // `1..=0` would make the map's range panic.
    let comments = file
        .comments
        .range(1..moves + 1)
        .map(|(&n, c)| (n, c.as_str()));
    match too_long_text(&file.notes, &file.event, comments) {
        Some((_, problem)) => Err(FileError::new(
            path,
            format!("cannot save: {problem}; shorten that text to save the game"),
        )),
        None => Ok(()),
    }
}

/// A saved game's record as written, its version and game checked, its
/// moves not replayed.
pub(crate) fn saved_record(text: &str, path: &Path) -> Result<SavedGame, FileError> {
    let probe: Probe = ron::from_str(text).map_err(|e| game_ron_error(path, text, &e))?;
    check_version(path, text, probe.version, GAME_VERSION, "saved game")?;
    check_game_name(path, text, &probe.game)?;
    ron::from_str(text).map_err(|e| game_ron_error(path, text, &e))
}

/// Reads, validates and replays a saved game (an autosave file is accepted
/// too, for recovering it by hand). On failure nothing changes anywhere: the
/// caller's current game is not touched and no file is written.
pub fn load_game(path: &Path) -> Result<GameFile, FileError> {
    game_from_text(&read_text(path)?, path)
}

/// [`load_game`] of a file's text already read; `path` names it in errors.
pub fn game_from_text(text: &str, path: &Path) -> Result<GameFile, FileError> {
    never_stopped(game_from_text_or_stop(text, path, || true))
}

/// [`game_from_text`] for a file opened off the window's thread, which
/// must end promptly once nobody waits for it: `keep_going` is asked
/// before each move is replayed and during a long one (every million laps
/// or so: proving a move endless can take seconds), and when it says no
/// the load gives up at once with [`LoadError::Stopped`]. Otherwise it
/// gives what [`game_from_text`] gives, its error as
/// [`LoadError::Failed`].
pub fn game_from_text_or_stop(
    text: &str,
    path: &Path,
    mut keep_going: impl FnMut() -> bool,
) -> Result<GameFile, LoadError> {
    match super::detect_kind(text, path)? {
        super::FileKind::Game => GameFile::parse_or_stop(text, path, &mut keep_going),
        super::FileKind::Autosave => {
            Ok(super::autosave::parse_autosave_or_stop(text, path, &mut keep_going)?.game)
        }
        other => {
            Err(FileError::new(path, super::kind::other_kind(other, super::FileKind::Game)).into())
        }
    }
}

/// The longest team name, in characters (as the new-game dialog allows):
/// names are shown beside the board and in the move list.
pub const MAX_TEAM_NAME: usize = 24;

/// What is wrong with a name (a team's, a preset's) that one-line outputs
/// print, told after "the … name": a control character (a line break), or
/// more than `max` characters once trimmed.
pub(crate) fn name_problem(name: &str, max: usize) -> Option<String> {
    let length = name.trim().chars().count();
    if name.chars().any(char::is_control) {
        Some("holds a line break or another control character; a name is one line".into())
    } else if !name.is_empty() && is_blank_name(name) {
        Some("has no visible character (only blanks or zero-width characters)".into())
    } else if length > max {
        Some(format!(
            "is {length} characters long; a name has at most {max} characters"
        ))
    } else {
        None
    }
}

/// The largest file the program reads: a 2×64 game of 10,000 moves is well
/// under 1 MiB, and a device or a huge foreign file must not freeze the
/// window while it is read.
pub const MAX_FILE_BYTES: u64 = 16 << 20;

/// Reads a file as UTF-8 text (without a byte-order mark), naming binary,
/// huge or foreign files (and folders and devices) clearly.
pub fn read_text(path: &Path) -> Result<String, FileError> {
    use std::io::Read;
    // What the path names (through symlinks) is checked before it is
    // opened: opening a pipe with no writer waits for one forever.
    let not_a_file = |meta: &std::fs::Metadata| {
        if meta.is_dir() {
            Some(FileError::new(path, "this is a folder, not a file"))
        } else if !meta.is_file() {
            Some(FileError::new(
                path,
                "not a regular file (a device or a pipe?), so not a maasai-mancala file",
            ))
        } else {
            None
        }
    };
    let meta = std::fs::metadata(path).map_err(|e| FileError::io(path, "cannot read", &e))?;
    if let Some(e) = not_a_file(&meta) {
        return Err(e);
    }
    let mut options = std::fs::OpenOptions::new();
    options.read(true);
    // The path may be swapped for a pipe between the check and the open:
    // opened without blocking, a pipe then is refused below, not waited on.
    #[cfg(target_os = "linux")]
    {
        use std::os::unix::fs::OpenOptionsExt;
        const O_NONBLOCK: i32 = 0o4000;
        options.custom_flags(O_NONBLOCK);
    }
    let file = options
        .open(path)
        .map_err(|e| FileError::io(path, "cannot read", &e))?;
    let meta = file
        .metadata()
        .map_err(|e| FileError::io(path, "cannot read", &e))?;
    if let Some(e) = not_a_file(&meta) {
        return Err(e);
    }
    let mut bytes = Vec::new();
    file.take(MAX_FILE_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| FileError::io(path, "cannot read", &e))?;
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Err(FileError::new(
            path,
            format!(
                "larger than {} MiB, so not a maasai-mancala file",
                MAX_FILE_BYTES >> 20
            ),
        ));
    }
    let text = String::from_utf8(bytes).map_err(|_| {
        FileError::new(
            path,
            "not a text file (it is not UTF-8), so not a maasai-mancala RON file",
        )
    })?;
    // A byte-order mark (what some editors save) is not part of the file's
    // text; it takes no column either, so places stay right.
    Ok(match text.strip_prefix('\u{feff}') {
        Some(rest) => rest.to_string(),
        None => text,
    })
}

/// A record's text as the program writes it: pretty RON, one field a line.
fn pretty_ron<T: Serialize>(value: &T) -> Result<String, ron::Error> {
    let config = ron::ser::PrettyConfig::new()
        .struct_names(true)
        .indentor("    ")
        .new_line("\n");
    ron::ser::to_string_pretty(value, config).map(|text| text + "\n")
}

/// [`pretty_ron`] for the file at `path`: what cannot be written (a path
/// that is not UTF-8 has no RON string) is an error naming the file, never
/// a panic, since records hold what the user chose.
pub(crate) fn to_pretty_ron<T: Serialize>(value: &T, path: &Path) -> Result<String, FileError> {
    pretty_ron(value).map_err(|e| {
        FileError::new(
            path,
            format!("cannot be written: its record has no RON text ({e})"),
        )
    })
}

/// What each field of a saved game (and an autosave) takes, for a value
/// RON cannot read there: its own words ("a map, opened with `{`, is
/// expected here", for comments written as a list) do not say what
/// belongs there. (`None`: a field that only ends the one before it.)
const FIELD_HINTS: [(&str, Option<&str>); 16] = [
    (
        "version",
        Some("`version` takes a whole number, the format version: `version: 1`"),
    ),
    ("game", None),
    (
        "options",
        Some("`options` takes a record `GameOptions(variant: …, seeds: …, first: …, origin: …)`"),
    ),
    (
        "south_team",
        Some("`south_team` takes a text in double quotes"),
    ),
    (
        "north_team",
        Some("`north_team` takes a text in double quotes"),
    ),
    ("start", Some("`start` takes a position in double quotes")),
    (
        "moves",
        Some("`moves` takes a list of moves in double quotes: `moves: [\"1\", \"2\"]`"),
    ),
    (
        "undone",
        Some("`undone` takes a list of moves in double quotes: `undone: [\"3\", \"4\"]`"),
    ),
    (
        "comments",
        Some("`comments` takes comments by move number, in braces: `comments: {1: \"…\"}`"),
    ),
    (
        "cursor",
        Some("`cursor` takes a whole number, the moves on view, 0 for the start: `cursor: 2`"),
    ),
    (
        "date",
        Some("`date` takes a date in double quotes: `date: \"2026-11-29\"`"),
    ),
    ("event", Some("`event` takes a text in double quotes")),
    ("notes", Some("`notes` takes a text in double quotes")),
    (
        "source",
        Some("`source` takes `Some(\"path of the game's file\")` or `None`"),
    ),
    ("unsaved", Some("`unsaved` takes `true` or `false`")),
    (
        "source_stamp",
        Some("`source_stamp` takes `Some((modified, length))` as the program wrote it, or `None`"),
    ),
];

/// [`FileError::ron`] of a saved game or autosave, with what the field
/// holding the fault takes when RON stumbled inside its value.
pub(crate) fn game_ron_error(path: &Path, text: &str, e: &ron::error::SpannedError) -> FileError {
    let mut err = FileError::ron(path, text, e);
    // A number of the wrong kind: RON stops inside it (at the `.` of
    // `2.5`, calling it a missing comma), but what is wrong is the number.
    if let Some((offset, problem)) = wrong_number(text, e, &WHOLE_FIELDS) {
        err.place = Some(super::error::line_col(text, offset));
        err.problem = problem;
        return err;
    }
    if let Some(hint) = field_hint(text, e) {
        err.problem = format!("{} ({hint})", err.problem);
    }
    err
}

/// The fields of a saved game (or of its options) that take a whole number.
const WHOLE_FIELDS: [WholeField; 5] = [
    VERSION,
    WholeField {
        name: "comments",
        kind: Written::MapKey,
        what: "comments by move number: `comments: {1: \"…\"}`",
        range: "from 1 to the game's number of moves, undone ones included",
        min: 0,
        max: usize::MAX as i128,
    },
    WholeField {
        name: "cursor",
        kind: Written::Field,
        what: "the moves on view, 0 for the start: `cursor: 2`",
        range: "from 0 to the game's number of moves",
        min: 0,
        max: usize::MAX as i128,
    },
    super::number::SEEDS,
    super::number::HOLES,
];

fn field_hint(text: &str, e: &ron::error::SpannedError) -> Option<&'static str> {
    use ron::Error as E;
    let shape = matches!(
        e.code,
        E::ExpectedComma
            | E::ExpectedArray
            | E::ExpectedArrayEnd
            | E::ExpectedMap
            | E::ExpectedMapEnd
            | E::ExpectedMapColon
            | E::ExpectedStructLike
            | E::ExpectedStructLikeEnd
            | E::ExpectedInteger
            | E::ExpectedString
            | E::ExpectedBoolean
            | E::ExpectedOption
            | E::IntegerOutOfBounds
    );
    if !shape {
        return None;
    }
    // The field at the error's place, told from the text up to it (the
    // nearest `name:` line above blamed the field before one whose colon
    // is missing); a field in a record of its own that has no hint
    // (`seeds` in `options`) gets its record's.
    let hint = |name: &str| {
        FIELD_HINTS
            .iter()
            .find(|&&(field, _)| field == name)
            .map(|&(_, hint)| hint)
    };
    super::error::fields_at(text, e)
        .innermost_first()
        .find_map(hint)
        .flatten()
}

/// Just enough of a saved game to refuse a newer version or another game
/// before reading the rest (whose layout may have changed).
#[derive(Deserialize)]
#[serde(rename = "SavedGame")]
struct Probe {
    #[serde(default)]
    version: u32,
    #[serde(default)]
    game: String,
}

pub(crate) fn check_version(
    path: &Path,
    text: &str,
    version: u32,
    supported: u32,
    what: &str,
) -> Result<(), FileError> {
    check_version_at(path, version, supported, what, field_place(text, "version"))
}

/// [`check_version`] of a field at `place` (`None`: not written). The
/// same words for every kind of file.
pub(crate) fn check_version_at(
    path: &Path,
    version: u32,
    supported: u32,
    what: &str,
    place: Option<(usize, usize)>,
) -> Result<(), FileError> {
    let problem = if version == 0 && place.is_none() {
        format!("this {what} has no `version` field (expected `version: {supported}`)")
    } else if version == 0 {
        format!("version 0 is not a format version (expected `version: {supported}`)")
    } else if version > supported {
        newer_version(what, version, supported)
    } else {
        return Ok(());
    };
    Err(placed(path, place, problem))
}

/// The problem of a file newer than this program: every kind says it so.
pub fn newer_version(what: &str, version: u32, supported: u32) -> String {
    format!(
        "this {what} is format version {version}, newer than this program reads \
         (up to {supported}); open it with a newer maasai-mancala"
    )
}

fn placed(path: &Path, place: Option<(usize, usize)>, problem: String) -> FileError {
    match place {
        Some((line, col)) => FileError::at(path, line, col, problem),
        None => FileError::new(path, problem),
    }
}

fn check_game_name(path: &Path, text: &str, game: &str) -> Result<(), FileError> {
    check_game_name_at(path, game, field_place(text, "game"))
}

/// The `game` field's name, written at `place` (`None`: not written).
pub(crate) fn check_game_name_at(
    path: &Path,
    game: &str,
    place: Option<(usize, usize)>,
) -> Result<(), FileError> {
    let expected = "expected `game: \"en-gehe\"` or `game: \"bao-la-kimasai\"`";
    let problem = match game {
        "en-gehe" | "bao-la-kimasai" => return Ok(()),
        "" if place.is_none() => format!("no `game` field ({expected})"),
        "" => format!("`game` is empty ({expected})"),
        other => {
            format!(
                "unknown game `{}`: this program plays `en-gehe` and `bao-la-kimasai`",
                super::error::escaped(&crate::engine::shortened(other))
            )
        }
    };
    Err(placed(path, place, problem))
}

/// Line and column of the first line from line `from` (1-based) on that
/// begins with `field:` (a record nested in another: an autosave's game).
pub(crate) fn field_place_from(text: &str, from: usize, field: &str) -> Option<(usize, usize)> {
    let skipped: usize = text
        .split_inclusive('\n')
        .take(from.saturating_sub(1))
        .map(str::len)
        .sum();
    field_place(&text[skipped..], field).map(|(line, col)| (line + from.saturating_sub(1), col))
}

/// An error placed at the line where `field:` is written, when it can be found.
pub(crate) fn field_error(path: &Path, text: &str, field: &str, problem: String) -> FileError {
    // A field not at the start of its line (a hand-written file with two
    // on one line) is still found where it stands.
    match field_place(text, field).or_else(|| nth_field_place(text, field, 0)) {
        Some((line, col)) => FileError::at(path, line, col, problem),
        None => FileError::new(path, problem),
    }
}

/// Line and column of the first line that begins with `field:`, read as
/// RON: a line of a text or comment that looks so (a note's line
/// `start: was slow`) is not the field.
pub(crate) fn field_place(text: &str, field: &str) -> Option<(usize, usize)> {
    super::error::code_places(text, field, None)
        .into_iter()
        .find(|&i| {
            let line_start = text[..i].rfind('\n').map_or(0, |k| k + 1);
            text[line_start..i].trim().is_empty()
        })
        .map(|i| line_and_column(text, i))
}

/// Line and column (1-based, in characters) of byte `i`.
fn line_and_column(text: &str, i: usize) -> (usize, usize) {
    let before = &text[..i];
    let line = before.matches('\n').count() + 1;
    let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    (line, column)
}

/// Line and column of the `index`-th (0-based) `field:` in the text, read
/// as RON: strings and comments are skipped, and the name must stand alone
/// (so `name` does not match inside `rename`). For errors in one entry of
/// a list, where the first `field:` line would point at the wrong entry.
pub(crate) fn nth_field_place(text: &str, field: &str, index: usize) -> Option<(usize, usize)> {
    let places = super::error::code_places(text, field, Some(index));
    places.get(index).map(|&i| line_and_column(text, i))
}

/// A problem in the `index`-th entry of a list, placed at its `field:` (or
/// at the first `list:` when that cannot be found).
pub(crate) fn entry_error(
    path: &Path,
    text: &str,
    (list, field, index): (&str, &str, usize),
    problem: String,
) -> FileError {
    match nth_field_place(text, field, index) {
        Some((line, col)) => FileError::at(path, line, col, problem),
        None => field_error(path, text, list, problem),
    }
}

/// Where move `index` (0-based) of the list `field` (`moves`, `undone`)
/// is written: the opening quote of the `index`-th string in its
/// `[...]`, however the list is laid out (several moves on a line,
/// comments between them).
fn list_place(text: &str, field: &str, index: usize) -> Option<(usize, usize)> {
    let (line, col) = field_place(text, field)?;
    let line_start: usize = text
        .split_inclusive('\n')
        .take(line - 1)
        .map(str::len)
        .sum();
    // The field's column counts leading blanks, one byte each.
    let field = line_start + col - 1;
    let bytes = text.as_bytes();
    let mut i = field + text[field..].find('[')? + 1;
    let mut seen = 0;
    while i < bytes.len() {
        match bytes[i] {
            b']' => return None,
            b'"' if seen == index => return Some(line_and_column(text, i)),
            b'"' => seen += 1,
            _ => {}
        }
        i = super::error::literal_or_comment_end(text, i).unwrap_or(i + 1);
    }
    None
}
