//! Commands over saved files: replay, check, and `play --save`.

use super::CliError;
use super::rules::{play_moves, result_line};
use crate::engine::{Game, Position, Variant};
use crate::files::{self, GameFile};
use std::path::Path;

/// One `replay` line: `N. SIDE MOVE -> POSITION` and, when the move took
/// seeds, ` [captured K]` (En Gehé) or ` [raided K]` (Bao la Kimasai).
fn move_line(
    number: usize,
    before: &Position,
    after: &Position,
    mv_name: &str,
    taken: u32,
) -> String {
    let mut line = format!("{number}. {} {mv_name} -> {after}", before.turn());
    if taken > 0 {
        let word = match before.variant() {
            Variant::EnGehe { .. } => "captured",
            Variant::BaoLaKimasai => "raided",
        };
        line.push_str(&format!(" [{word} {taken}]"));
    }
    line
}

/// The seeds the move from `before` to `after` took, told by the two
/// positions alone: the move is not sown again for it (its trace keeps
/// every hole sown, and a legal Bao la Kimasai move may run for millions
/// of laps). In En Gehé what the mover's captured count gained (the end's
/// remainder is no part of it, only of the result); in Bao la Kimasai the
/// seeds that left the opponent's holes, which only a raid takes from.
fn seeds_taken(before: &Position, after: &Position) -> u32 {
    let mover = before.turn();
    match before.variant() {
        Variant::EnGehe { .. } => after.captured(mover).saturating_sub(before.captured(mover)),
        Variant::BaoLaKimasai => {
            let opponent = mover.opponent();
            before
                .side_seeds(opponent)
                .saturating_sub(after.side_seeds(opponent))
        }
    }
}

pub fn replay(path: &Path, record: bool) -> Result<(), CliError> {
    let file = files::load_game(path)?;
    let game = &file.game;
    if record {
        outln!("{}", files::record_text(game));
        return Ok(());
    }
    let variant = game.variant();
    outln!("start: {}", game.start());
    for (i, &mv) in game.moves().iter().enumerate() {
        let (before, after) = (&game.positions()[i], &game.positions()[i + 1]);
        outln!(
            "{}",
            move_line(
                i + 1,
                before,
                after,
                &variant.move_name(mv),
                seeds_taken(before, after)
            )
        );
        let comment = file.comment(i + 1);
        if !comment.is_empty() {
            outln!("   comment: {}", one_line(comment));
        }
    }
    outln!("{}", result_line(game));
    Ok(())
}

/// A comment on one line of a terminal: its line breaks (`\n`, `\r\n`,
/// and the Unicode line and paragraph separators and next-line mark,
/// which some terminals break lines at too) shown as ` / `, and any other
/// control character (an escape sequence
/// that would recolour or clear the terminal, a lone `\r`, a tab) or
/// text-turning mark written as an escape, as messages quote text: a
/// shared file cannot change the terminal it is replayed on.
fn one_line(comment: &str) -> String {
    let comment = comment.strip_suffix('\n').unwrap_or(comment);
    comment
        .split(['\n', '\u{2028}', '\u{2029}', '\u{85}'])
        .map(|line| files::error::escaped(line.strip_suffix('\r').unwrap_or(line)))
        .collect::<Vec<_>>()
        .join(" / ")
}

/// `check FILE [--prove]`: with `--prove` a file that is not a study is
/// refused before it is reported valid (one verdict per run).
/// Returns the verdict line (`FILE: ok, …`); the caller prints it (after
/// the proof, with `--prove`).
pub fn check(path: &Path, prove: bool) -> Result<String, CliError> {
    let summary = files::check_file(path)?;
    if prove && summary.kind != files::FileKind::Study {
        return Err(CliError(format!(
            "{}: --prove applies to study files only (this is a {})",
            crate::files::shown_path(path),
            summary.kind.describe()
        )));
    }
    Ok(format!(
        "{}: ok, {}",
        crate::files::shown_path(path),
        summary.line
    ))
}

/// `play … --save FILE`: the game record the moves make, written atomically.
pub fn save_played(game: Game, path: &Path) -> Result<(), CliError> {
    files::save_game(path, &GameFile::from_game(game))?;
    Ok(())
}

/// Refuses a file there whose permissions allow no writing, before
/// `--force` is offered: the write refuses it whatever the flag, and the
/// message suggesting the flag led only to that refusal.
pub fn refuse_read_only(path: &Path, not: &str) -> Result<(), CliError> {
    if files::is_read_only(path) {
        return Err(CliError(format!(
            "{}: not {not}: the file is read-only (its permissions allow no writing, and \
             --force does not change that); make it writable or choose another name",
            crate::files::shown_path(path)
        )));
    }
    Ok(())
}

/// Refuses to write to the running program or one of the program's own
/// files (which it writes by itself), whatever `--force` says; `not` is
/// what is not done there ("saved", "written").
pub fn refuse_own(path: &Path, not: &str) -> Result<(), CliError> {
    let what = if files::Folders::is_running_program(path) {
        "this program itself".to_string()
    } else if let Some(own) = files::Folders::platform().and_then(|f| f.own_file(path)) {
        files::Folders::own_file_words(own)
    } else {
        return Ok(());
    };
    Err(CliError(format!(
        "{}: not {not}: it is {what} (--force does not change that): choose another name",
        crate::files::shown_path(path)
    )))
}

/// The program's own standard output or error.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum StdStream {
    Out,
    Err,
}

/// Which of the program's standard streams `path` is, if one: by name
/// (`/dev/stdout`, `/dev/fd/1`, `/proc/self/fd/2`, …), or (on Unix) the
/// very file, pipe or terminal the stream is open on, under any name
/// (`out.txt` when run `> out.txt`, `/proc/self/fd/1`, a link to it).
/// Replaced as a file, the shell's file went from under the stream and
/// the program's own output with it.
pub(super) fn std_stream(path: &Path) -> Option<StdStream> {
    match path.to_str() {
        Some("/dev/stdout" | "/dev/fd/1" | "/proc/self/fd/1") => return Some(StdStream::Out),
        Some("/dev/stderr" | "/dev/fd/2" | "/proc/self/fd/2") => return Some(StdStream::Err),
        _ => {}
    }
    #[cfg(unix)]
    {
        use std::os::fd::{AsFd, BorrowedFd};
        use std::os::unix::fs::MetadataExt;
        let named = std::fs::metadata(path).ok()?;
        let is_it = |fd: BorrowedFd<'_>| {
            fd.try_clone_to_owned()
                .ok()
                .and_then(|fd| std::fs::File::from(fd).metadata().ok())
                .is_some_and(|m| m.dev() == named.dev() && m.ino() == named.ino())
        };
        if is_it(std::io::stdout().as_fd()) {
            return Some(StdStream::Out);
        }
        if is_it(std::io::stderr().as_fd()) {
            return Some(StdStream::Err);
        }
    }
    None
}

/// Why `play --save` must not write to `path`, if it must not: one of the
/// program's own files (the window's check, [`files::Folders::own_file`]),
/// refused even with `--force`; or a file already there, refused unless
/// `force` says to replace it (a save keeps only one `FILE.bak`, so a
/// second save would lose the first version for good). Said before any
/// move is replayed: nothing is printed of a game that is not saved.
pub fn refuse_save(path: &Path, force: bool) -> Result<(), CliError> {
    refuse_own(path, "saved")?;
    refuse_read_only(path, "saved")?;
    if let Some(stream) = std_stream(path) {
        let what = match stream {
            StdStream::Out => "standard output, where `play` prints its answer",
            StdStream::Err => "standard error, where its messages go",
        };
        return Err(CliError(format!(
            "{}: not saved: it is this program's {what} (--force does not change that); \
             save the game to a file of its own",
            crate::files::shown_path(path)
        )));
    }
    // A folder, a device or a pipe is refused by the save itself.
    if force || !path.is_file() {
        return Ok(());
    }
    // What is there, so that the user knows what --force would replace.
    let kind = match files::read_text(path).map(|text| files::detect_kind(&text, path)) {
        Ok(Ok(files::FileKind::Game)) => "a saved game".to_string(),
        Ok(Ok(kind)) => format!(
            "{} {}, not a saved game",
            article(kind.describe()),
            kind.describe()
        ),
        Ok(Err(_)) => "not a saved game of this program".to_string(),
        // Unread, what it holds is not known.
        Err(e) => e.problem,
    };
    Err(CliError(format!(
        "{}: not saved: the file already exists ({kind}); add --force to replace it \
         (the version replaced is kept as {}, in place of any earlier backup)",
        crate::files::shown_path(path),
        crate::files::shown_path(&files::replaced_kept_as(path))
    )))
}

/// "a" or "an" before a noun.
fn article(noun: &str) -> &'static str {
    if noun.starts_with(['a', 'e', 'i', 'o', 'u']) {
        "an"
    } else {
        "a"
    }
}

/// `play` with an optional `--save`: stdout is exactly what `play` prints.
pub fn play(
    position: &str,
    moves: &[String],
    save: Option<&Path>,
    force: bool,
) -> Result<(), CliError> {
    let Some(path) = save else {
        return super::rules::play(position, moves);
    };
    refuse_save(path, force)?;
    let (start, moves) = super::rules::record_start(position, moves)?;
    let game = play_moves(start, &moves)?;
    // Saved first: a save that fails must not leave a good-looking answer
    // on stdout.
    let line = result_line(&game);
    save_played(game, path)?;
    // The answer not written (a full disk): the game was, and is not to be
    // saved again for fear it was lost.
    super::write_line(format_args!("{line}")).map_err(|e| {
        if e.is_reader_gone() {
            e
        } else {
            CliError(format!(
                "{}; the game was saved to {}",
                e.0,
                crate::files::shown_path(path)
            ))
        }
    })
}

#[cfg(test)]
mod tests {
    use super::{one_line, seeds_taken};
    use crate::engine::{Game, GameOptions, Status};

    /// Plays `games` games of pseudo-random legal moves from `options`,
    /// and checks every move's count from the positions against the one
    /// its trace gives; returns how many seeds were taken in all (so that
    /// the games are known to have taken some).
    fn compare(options: GameOptions, games: u64, plies: usize) -> u32 {
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        let mut total = 0;
        for _ in 0..games {
            let mut game = Game::new(options.start().unwrap());
            for _ in 0..plies {
                if game.status() != Status::Ongoing {
                    break;
                }
                let moves = game.current().legal_moves();
                if moves.is_empty() {
                    break;
                }
                state = state
                    .wrapping_mul(6_364_136_223_846_793_005)
                    .wrapping_add(1_442_695_040_888_963_407);
                let mv = moves[(state >> 33) as usize % moves.len()];
                let before = *game.current();
                game.play(mv).unwrap();
                let traced = before.trace(mv).unwrap().seeds_taken();
                assert_eq!(
                    seeds_taken(&before, game.current()),
                    traced,
                    "{before} {}",
                    before.variant().move_name(mv)
                );
                total += traced;
            }
        }
        total
    }

    #[test]
    fn a_comment_is_one_line_with_its_control_characters_escaped() {
        assert_eq!(one_line("plain words"), "plain words");
        assert_eq!(one_line("one\ntwo\r\nthree"), "one / two / three");
        assert_eq!(
            one_line("\u{1b}[2Jcleared\rback\ttab\u{7}"),
            "\\u{1b}[2Jcleared\\rback\\ttab\\u{7}"
        );
        assert_eq!(one_line("a \u{202e}turned"), "a \\u{202e}turned");
    }

    #[test]
    fn the_seeds_taken_are_told_by_the_positions_as_by_the_trace() {
        // Small boards end soon: a move that ends the game leaves a
        // remainder, which is no seed taken.
        assert!(compare(GameOptions::en_gehe(3), 200, 100) > 0);
        assert!(compare(GameOptions::en_gehe(6), 40, 200) > 0);
        assert!(compare(GameOptions::en_gehe(12), 10, 300) > 0);
        // Raids come in phase 2, after the reserves are sown.
        assert!(compare(GameOptions::bao_la_kimasai(), 60, 300) > 0);
    }
}
