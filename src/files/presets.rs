//! Named setups for the new-game dialog: the shipped ones, compiled into
//! the program from `assets/presets.ron`, and the user's own, kept in
//! `presets.ron` in the platform config folder.
//!
//! Shipped presets are embedded only (not read from beside the executable):
//! they are part of the program's version, always present and already
//! tested, and a user who wants other setups saves user presets instead.

use super::game::{check_version, entry_error, read_text, to_pretty_ron};
use super::{FileError, write_atomic};
use crate::engine::GameOptions;
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

/// The preset-file format version this program writes.
pub const PRESET_VERSION: u32 = 1;

/// The shipped presets file, as compiled in.
pub const SHIPPED_PRESETS: &str = include_str!("../../assets/presets.ron");

/// A named setup: the options of a new game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Preset {
    pub name: String,
    pub options: GameOptions,
    /// Where the setup comes from or what it is for.
    #[serde(default)]
    pub note: String,
}

/// A presets file as written to disk (the shipped one and the user's).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename = "PresetFile", deny_unknown_fields)]
pub struct PresetFile {
    pub version: u32,
    #[serde(default)]
    pub presets: Vec<Preset>,
}

/// Whether a preset ships with the program or is the user's.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PresetSource {
    Shipped,
    User,
}

/// A preset as the new-game dialog lists it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PresetEntry {
    pub preset: Preset,
    pub source: PresetSource,
}

#[derive(Deserialize)]
#[serde(rename = "PresetFile")]
struct Probe {
    #[serde(default)]
    version: u32,
}

/// Parses and checks a presets file: version, valid options, and names
/// that are non-empty and unique within the file.
pub fn parse_presets(text: &str, path: &Path) -> Result<Vec<Preset>, FileError> {
    // Another kind of file under a presets file's name is said so.
    parse_as_named(text, path)
        .map_err(|e| super::kind::failure_or_misnamed(text, path, super::FileKind::Presets, e))
}

fn parse_as_named(text: &str, path: &Path) -> Result<Vec<Preset>, FileError> {
    let probe: Probe = ron::from_str(text).map_err(|e| ron_error(path, text, &e))?;
    check_version(path, text, probe.version, PRESET_VERSION, "presets file")?;
    let file: PresetFile = ron::from_str(text).map_err(|e| ron_error(path, text, &e))?;
    for (i, preset) in file.presets.iter().enumerate() {
        let name = preset.name.trim();
        if name.is_empty() {
            return Err(entry_error(
                path,
                text,
                ("presets", "name", i),
                format!("preset {} has no name", i + 1),
            ));
        }
        if let Some(why) = name_problem(&preset.name) {
            return Err(entry_error(
                path,
                text,
                ("presets", "name", i),
                format!("preset {}: {why}", i + 1),
            ));
        }
        if let Some(why) = note_problem(&preset.note) {
            return Err(entry_error(
                path,
                text,
                ("presets", "note", i),
                format!("preset `{name}`: {why}"),
            ));
        }
        preset.options.validate().map_err(|e| {
            entry_error(
                path,
                text,
                ("presets", "options", i),
                format!("preset `{name}`: invalid options: {e}"),
            )
        })?;
        if file.presets[..i].iter().any(|p| same_name(&p.name, name)) {
            return Err(entry_error(
                path,
                text,
                ("presets", "name", i),
                format!("the name `{name}` is used by two presets"),
            ));
        }
    }
    Ok(file.presets)
}

/// [`FileError::ron`], or what a number of the wrong kind or size is
/// wrong with: RON stops at the `.` of `seeds: 4.5` calling it a missing
/// comma, and says of `holes: 300` only that a number is out of range.
fn ron_error(path: &Path, text: &str, e: &ron::error::SpannedError) -> FileError {
    use super::number::{HOLES, SEEDS, VERSION, wrong_number};
    let mut err = FileError::ron(path, text, e);
    if let Some((offset, problem)) = wrong_number(text, e, &[VERSION, SEEDS, HOLES]) {
        err.place = Some(super::error::line_col(text, offset));
        err.problem = problem;
    }
    err
}

/// The presets that ship with the program.
pub fn shipped_presets() -> Vec<Preset> {
    // A test parses the embedded file, so a broken one never ships; should
    // it happen anyway, the dialog still offers the user's presets.
    parse_presets(SHIPPED_PRESETS, Path::new("assets/presets.ron")).unwrap_or_default()
}

/// The user's presets file in the config folder.
pub fn user_presets_path(config_dir: &Path) -> PathBuf {
    config_dir.join("presets.ron")
}

/// The user's presets; none when the file does not exist yet.
pub fn load_user_presets(config_dir: &Path) -> Result<Vec<Preset>, FileError> {
    let path = user_presets_path(config_dir);
    if !path.exists() {
        return Ok(Vec::new());
    }
    parse_presets(&read_text(&path)?, &path)
}

/// Every preset for the new-game dialog: shipped first, then the user's.
/// A user preset with a shipped preset's name stays a separate entry. A
/// broken user file is reported beside the shipped list, never instead of it.
pub fn all_presets(config_dir: &Path) -> (Vec<PresetEntry>, Option<FileError>) {
    let mut list: Vec<PresetEntry> = shipped_presets()
        .into_iter()
        .map(|preset| PresetEntry {
            preset,
            source: PresetSource::Shipped,
        })
        .collect();
    match load_user_presets(config_dir) {
        Ok(user) => {
            list.extend(user.into_iter().map(|preset| PresetEntry {
                preset,
                source: PresetSource::User,
            }));
            (list, None)
        }
        Err(e) => (list, Some(e)),
    }
}

fn store_user_presets(config_dir: &Path, presets: Vec<Preset>) -> Result<(), FileError> {
    super::create_folder(config_dir, "config")?;
    let file = PresetFile {
        version: PRESET_VERSION,
        presets,
    };
    let path = user_presets_path(config_dir);
    write_atomic(&path, to_pretty_ron(&file, &path)?.as_bytes()).map_err(|mut e| {
        // The presets have one file: no other name to save under.
        if e.problem == super::atomic::READ_ONLY {
            e.problem = "cannot write: the file is read-only (its permissions allow no \
                         writing); make it writable to keep presets"
                .into();
        }
        e
    })
}

fn clean_name(config_dir: &Path, name: &str) -> Result<String, FileError> {
    let name = name.trim();
    if name.is_empty() {
        return Err(FileError::new(
            user_presets_path(config_dir),
            "a preset needs a name",
        ));
    }
    if let Some(why) = name_problem(name) {
        return Err(FileError::new(user_presets_path(config_dir), why));
    }
    Ok(name.to_string())
}

/// Whether two preset names are one: compared as the file is checked
/// (blanks around a name are not part of it), so that what the program
/// writes it also reads back (" Foo" beside "Foo" is a name used twice).
fn same_name(a: &str, b: &str) -> bool {
    a.trim() == b.trim()
}

/// Whether a new name would be taken for `other` in a list: as
/// [`same_name`], but letter case aside ("bao la kimasai" beside "Bao la
/// Kimasai" reads as the same preset). Finding a preset by name stays exact.
fn names_clash(name: &str, other: &str) -> bool {
    name.trim().to_lowercase() == other.trim().to_lowercase()
}

/// Most characters in a preset's name (it is one entry of a list).
pub const MAX_PRESET_NAME: usize = 40;

/// Most characters in a preset's note: a line or two under the preset in
/// the New game dialog, which keeps the room of the tallest note (a note
/// of pages pushed its fields and Start button off the window).
pub const MAX_PRESET_NOTE: usize = 300;

/// What is wrong with a preset's note, if anything: one paragraph of at
/// most [`MAX_PRESET_NOTE`] characters.
fn note_problem(note: &str) -> Option<String> {
    let length = note.chars().count();
    if note.chars().any(char::is_control) {
        Some(
            "the note holds a line break or another control character; a note is one paragraph"
                .into(),
        )
    } else if length > MAX_PRESET_NOTE {
        Some(format!(
            "the note is {} characters long; a note has at most {MAX_PRESET_NOTE} characters",
            crate::engine::group_digits(length as u64)
        ))
    } else {
        None
    }
}

/// What is wrong with a (non-empty) preset name, if anything: a name is
/// one line of at most [`MAX_PRESET_NAME`] characters.
fn name_problem(name: &str) -> Option<String> {
    super::game::name_problem(name, MAX_PRESET_NAME).map(|why| format!("the name {why}"))
}

/// What stops `name` from naming one of the user's presets, whose names
/// are `users` (`renaming`: the preset being renamed, whose own name is no
/// clash), said as the name is typed; `None` when saving it would succeed
/// as far as the name goes, and for a blank name (nothing typed yet).
/// [`add_user_preset`] and [`rename_user_preset`] refuse the same names.
pub fn preset_name_problem<'a>(
    name: &str,
    users: impl IntoIterator<Item = &'a str>,
    renaming: Option<&str>,
) -> Option<String> {
    let name = name.trim();
    if name.is_empty() {
        return None;
    }
    if let Some(why) = name_problem(name) {
        return Some(why);
    }
    // A preset renamed to its own name, even a shipped one from a file
    // written by hand, is no clash; in other letters it clashes with the
    // others only.
    if renaming.is_some_and(|old| same_name(old, name)) {
        return None;
    }
    if let Some(why) = shipped_name_problem(name) {
        return Some(why);
    }
    users
        .into_iter()
        .find(|u| names_clash(u, name) && !renaming.is_some_and(|old| same_name(old, u)))
        .map(|u| format!("you have a preset named “{}” already", u.trim()))
}

/// A shipped preset's name is not taken for one of the user's: "Bao la
/// Kimasai (yours)" on an En Gehé board read as the game's own setup
/// (studies refuse a shipped study's title alike). A presets file that
/// already holds one, written by hand, still loads; both are listed.
fn shipped_name_problem(name: &str) -> Option<String> {
    // The shipped preset named as it is ("bao la kimasai" clashes with
    // "Bao la Kimasai").
    shipped_presets()
        .iter()
        .find(|p| names_clash(&p.name, name))
        .map(|p| {
            format!(
                "“{}” is the name of a preset that comes with the program; choose another",
                p.name.trim()
            )
        })
}

/// Saves a new user preset. Its name must not already be a user preset's
/// or a shipped preset's.
pub fn add_user_preset(config_dir: &Path, preset: Preset) -> Result<(), FileError> {
    let path = user_presets_path(config_dir);
    let name = clean_name(config_dir, &preset.name)?;
    if let Some(why) = shipped_name_problem(&name) {
        return Err(FileError::new(&path, why));
    }
    preset
        .options
        .validate()
        .map_err(|e| FileError::new(&path, format!("preset `{name}`: invalid options: {e}")))?;
    let mut presets = load_user_presets(config_dir)?;
    if let Some(other) = presets.iter().find(|p| names_clash(&p.name, &name)) {
        return Err(FileError::new(
            &path,
            format!(
                "there is already a preset named `{}`; rename or delete it first",
                other.name.trim()
            ),
        ));
    }
    presets.push(Preset { name, ..preset });
    store_user_presets(config_dir, presets)
}

/// Renames a user preset.
pub fn rename_user_preset(config_dir: &Path, old: &str, new: &str) -> Result<(), FileError> {
    let path = user_presets_path(config_dir);
    let new = clean_name(config_dir, new)?;
    // (Its own name, even a shipped one from a file written by hand, is
    // no clash; in other letters it clashes with the others only: "Foo"
    // renamed "foo" beside a "foo" wrote a file that no longer loaded.)
    let unchanged = same_name(&new, old);
    if !unchanged && let Some(why) = shipped_name_problem(&new) {
        return Err(FileError::new(&path, why));
    }
    let mut presets = load_user_presets(config_dir)?;
    if let Some(other) = presets
        .iter()
        .find(|p| !unchanged && !same_name(&p.name, old) && names_clash(&p.name, &new))
    {
        return Err(FileError::new(
            &path,
            format!("there is already a preset named `{}`", other.name.trim()),
        ));
    }
    let preset = presets
        .iter_mut()
        .find(|p| same_name(&p.name, old))
        .ok_or_else(|| FileError::new(&path, format!("no user preset named `{old}`")))?;
    preset.name = new;
    store_user_presets(config_dir, presets)
}

/// Deletes a user preset (shipped presets cannot be deleted).
pub fn delete_user_preset(config_dir: &Path, name: &str) -> Result<(), FileError> {
    let path = user_presets_path(config_dir);
    let mut presets = load_user_presets(config_dir)?;
    let before = presets.len();
    presets.retain(|p| !same_name(&p.name, name));
    if presets.len() == before {
        return Err(FileError::new(
            &path,
            format!("no user preset named `{name}`"),
        ));
    }
    store_user_presets(config_dir, presets)
}
