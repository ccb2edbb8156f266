//! The autosave's writer: a thread of its own that writes (and syncs) the
//! autosave, so that a slow disk or a long game never holds up a frame.
//!
//! The window only builds a [`Snapshot`] of the game (cheap clones) and
//! hands it over with [`AutosaveWriter::queue`]. Writes happen one at a
//! time, in order, and only the newest snapshot waiting counts: snapshots
//! queued while one is being written replace each other, and only the last
//! is written next. Each write's outcome comes back through
//! [`AutosaveWriter::results`], which the window polls every frame (the
//! thread asks for a repaint when one is ready, unless the window said it
//! waits for the write itself).
//!
//! Where the autosave must be on disk before going on (closing, a last
//! game moved aside or cleared, tests), [`AutosaveWriter::flush`] waits for
//! every snapshot queued so far to be written. Dropping the writer writes
//! what is still waiting first: nothing queued is lost on exit.

use crate::files::{FileError, GameFile, autosave_path, write_autosave_stamped};
use std::path::PathBuf;
use std::sync::mpsc::{Receiver, Sender, TryRecvError, channel};
use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError};
use std::thread::JoinHandle;

/// What one autosave writes: the game, the file it belongs to and whether
/// it has unsaved changes, into the data folder `data`.
#[derive(Clone, Debug)]
pub struct Snapshot {
    pub data: PathBuf,
    pub game: GameFile,
    pub source: Option<PathBuf>,
    /// The source's stamp as the window last opened or saved it.
    pub source_stamp: Option<crate::files::FileStamp>,
    pub unsaved: bool,
}

impl Snapshot {
    /// Writes it (the RON made and the file synced here, on the caller's
    /// thread).
    pub fn write(&self) -> Written {
        write_autosave_stamped(
            &self.data,
            &self.game,
            self.source.as_deref().map(|p| (p, self.source_stamp)),
            self.unsaved,
        )
    }
}

/// The outcome of one write.
pub type Written = Result<(), FileError>;

/// What the window and the thread share.
struct Shared {
    queue: Mutex<Queue>,
    /// Signalled whenever the queue changes.
    changed: Condvar,
}

#[derive(Default)]
struct Queue {
    /// The newest snapshot not yet taken by the thread, and whether to
    /// wake the window once it is written.
    next: Option<(Snapshot, bool)>,
    /// The thread is writing a snapshot it took.
    writing: bool,
    /// The writer was dropped: the thread writes what waits, then ends.
    closing: bool,
    /// The thread has ended (closed, or a write panicked).
    gone: bool,
}

impl Shared {
    /// The queue. Never poisoned in practice (nothing panics while holding
    /// it); if it were, its plain flags are still sound.
    fn lock(&self) -> MutexGuard<'_, Queue> {
        self.queue.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

/// The window's handle on the writing thread.
pub struct AutosaveWriter {
    shared: Arc<Shared>,
    results: Receiver<Written>,
    thread: Option<JoinHandle<()>>,
}

impl AutosaveWriter {
    /// Starts the thread; `ctx` is asked for a repaint whenever a write's
    /// outcome is ready (or the thread ends).
    pub fn start(ctx: &egui::Context) -> std::io::Result<AutosaveWriter> {
        let ctx = ctx.clone();
        Self::start_with(Snapshot::write, move || ctx.request_repaint())
    }

    /// [`Self::start`] with the write and the wake-up given (tests).
    fn start_with(
        mut write: impl FnMut(&Snapshot) -> Written + Send + 'static,
        wake: impl Fn() + Send + 'static,
    ) -> std::io::Result<AutosaveWriter> {
        let shared = Arc::new(Shared {
            queue: Mutex::new(Queue::default()),
            changed: Condvar::new(),
        });
        let (tx, results) = channel();
        let ending = Ending {
            shared: Arc::clone(&shared),
            tx: Some(tx),
            wake: Box::new(wake),
        };
        let thread = std::thread::Builder::new()
            .name("autosave".into())
            .spawn(move || ending.run(&mut write))?;
        Ok(AutosaveWriter {
            shared,
            results,
            thread: Some(thread),
        })
    }

    /// Hands `snapshot` over to be written after the write under way, if
    /// any, in place of any snapshot still waiting. Never waits for the disk.
    /// `wake`: ask for a repaint once it is written (not when the caller
    /// waits for it with [`Self::flush`] and takes the outcome in itself:
    /// a repaint then would only bring an idle frame).
    pub fn queue(&self, snapshot: Snapshot, wake: bool) {
        self.shared.lock().next = Some((snapshot, wake));
        self.shared.changed.notify_all();
    }

    /// Waits until every snapshot queued so far is written (or the thread
    /// is gone): their outcomes are then all in [`Self::results`].
    pub fn flush(&self) {
        let mut q = self.shared.lock();
        while !q.gone && (q.next.is_some() || q.writing) {
            q = self
                .shared
                .changed
                .wait(q)
                .unwrap_or_else(PoisonError::into_inner);
        }
    }

    /// The outcomes of the writes finished since the last call, in order;
    /// `Err(())` after them once the thread has ended unexpectedly (a write
    /// panicked): the snapshot it was writing is lost, and the writer must
    /// be started again.
    pub fn results(&self) -> (Vec<Written>, Result<(), ()>) {
        let mut done = Vec::new();
        loop {
            match self.results.try_recv() {
                Ok(written) => done.push(written),
                Err(TryRecvError::Empty) => return (done, Ok(())),
                Err(TryRecvError::Disconnected) => return (done, Err(())),
            }
        }
    }

    /// Where a writer that stopped unexpectedly failed to write.
    pub fn stopped_error(data: &std::path::Path) -> FileError {
        FileError::new(
            autosave_path(data),
            "cannot write the autosave: its writer stopped unexpectedly",
        )
    }
}

impl Drop for AutosaveWriter {
    /// Writes what still waits, then ends the thread (on exit, nothing
    /// queued is lost).
    fn drop(&mut self) {
        self.shared.lock().closing = true;
        self.shared.changed.notify_all();
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

/// The thread's side. Dropped however the thread ends (closed, or a
/// write panicked): it says so to [`AutosaveWriter::flush`], closes the
/// results' channel and wakes the window, so nothing waits on it forever.
struct Ending {
    shared: Arc<Shared>,
    tx: Option<Sender<Written>>,
    wake: Box<dyn Fn() + Send>,
}

impl Ending {
    fn run(self, write: &mut dyn FnMut(&Snapshot) -> Written) {
        loop {
            let (snapshot, wake) = {
                let mut q = self.shared.lock();
                loop {
                    if let Some(next) = q.next.take() {
                        q.writing = true;
                        break next;
                    }
                    if q.closing {
                        return;
                    }
                    q = self
                        .shared
                        .changed
                        .wait(q)
                        .unwrap_or_else(PoisonError::into_inner);
                }
            };
            let written = write(&snapshot);
            // The outcome is in the channel, and the window woken for it,
            // before a flush can return.
            if let Some(tx) = &self.tx {
                let _ = tx.send(written);
            }
            if wake {
                (self.wake)();
            }
            self.shared.lock().writing = false;
            self.shared.changed.notify_all();
        }
    }
}

impl Drop for Ending {
    fn drop(&mut self) {
        // Closed first: the window woken below finds the channel closed.
        drop(self.tx.take());
        {
            let mut q = self.shared.lock();
            q.gone = true;
            q.writing = false;
        }
        self.shared.changed.notify_all();
        (self.wake)();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Game, GameOptions};
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::time::Duration;

    /// A snapshot told apart by its `source`.
    fn snapshot(name: &str) -> Snapshot {
        let start = GameOptions::default().start().unwrap();
        Snapshot {
            data: PathBuf::from("unused"),
            game: GameFile::from_game(Game::new(start)),
            source: Some(PathBuf::from(name)),
            source_stamp: None,
            unsaved: true,
        }
    }

    fn name(s: &Snapshot) -> String {
        s.source.as_ref().unwrap().display().to_string()
    }

    /// A writer whose writes record their snapshot's name in `log`; the
    /// first write waits for a word on `release` (after saying on
    /// `started` that it began), the others go at once.
    struct Held {
        writer: AutosaveWriter,
        log: Arc<Mutex<Vec<String>>>,
        started: Receiver<()>,
        release: Sender<()>,
    }

    fn held_writer() -> Held {
        let log = Arc::new(Mutex::new(Vec::new()));
        let (started_tx, started) = channel();
        let (release, release_rx) = channel::<()>();
        let kept = Arc::clone(&log);
        let writer = AutosaveWriter::start_with(
            move |s| {
                if kept.lock().unwrap().is_empty() {
                    started_tx.send(()).unwrap();
                    release_rx.recv().unwrap();
                }
                kept.lock().unwrap().push(name(s));
                Ok(())
            },
            || {},
        )
        .unwrap();
        Held {
            writer,
            log,
            started,
            release,
        }
    }

    #[test]
    fn autosave_writes_queued_while_one_is_written_coalesce_to_the_newest() {
        let Held {
            writer,
            log,
            started,
            release,
        } = held_writer();
        writer.queue(snapshot("first"), true);
        started.recv().unwrap();
        // Queued while the first is being written: only the newest counts.
        for n in ["second", "third", "fourth"] {
            writer.queue(snapshot(n), true);
        }
        release.send(()).unwrap();
        writer.flush();
        assert_eq!(*log.lock().unwrap(), ["first", "fourth"]);
        let (done, alive) = writer.results();
        assert_eq!(done.len(), 2, "one outcome per write");
        assert!(done.iter().all(Result::is_ok));
        assert_eq!(alive, Ok(()));
    }

    #[test]
    fn autosave_queue_never_waits_for_the_write_under_way() {
        let Held {
            writer,
            log,
            started,
            release,
        } = held_writer();
        writer.queue(snapshot("first"), true);
        started.recv().unwrap();
        // The first write is held: queueing returns at once all the same.
        writer.queue(snapshot("second"), true);
        assert!(log.lock().unwrap().is_empty());
        assert_eq!(writer.results().0.len(), 0, "nothing written yet");
        release.send(()).unwrap();
        writer.flush();
        assert_eq!(*log.lock().unwrap(), ["first", "second"]);
    }

    #[test]
    fn autosave_outcomes_come_back_in_order_and_wake_the_window() {
        let woken = Arc::new(AtomicUsize::new(0));
        let count = Arc::clone(&woken);
        let writer = AutosaveWriter::start_with(
            |s| match name(s).as_str() {
                "bad" => Err(FileError::new("autosave.ron", "the disk is full")),
                _ => Ok(()),
            },
            move || {
                count.fetch_add(1, Ordering::SeqCst);
            },
        )
        .unwrap();
        for n in ["bad", "good"] {
            writer.queue(snapshot(n), true);
            writer.flush();
        }
        let (done, _) = writer.results();
        assert_eq!(done.len(), 2);
        assert!(
            done[0]
                .as_ref()
                .is_err_and(|e| e.problem == "the disk is full")
        );
        assert!(done[1].is_ok());
        assert!(woken.load(Ordering::SeqCst) >= 2, "woken for each outcome");
    }

    #[test]
    fn autosave_writer_dropped_writes_what_still_waits() {
        let log = Arc::new(Mutex::new(Vec::new()));
        let kept = Arc::clone(&log);
        let writer = AutosaveWriter::start_with(
            move |s| {
                std::thread::sleep(Duration::from_millis(30));
                kept.lock().unwrap().push(name(s));
                Ok(())
            },
            || {},
        )
        .unwrap();
        writer.queue(snapshot("first"), true);
        writer.queue(snapshot("last"), true);
        drop(writer);
        assert_eq!(log.lock().unwrap().last().map(String::as_str), Some("last"));
    }

    #[test]
    fn autosave_writer_that_panics_neither_hangs_a_flush_nor_goes_unsaid() {
        let writer = AutosaveWriter::start_with(|_| panic!("a bug in the writer"), || {}).unwrap();
        writer.queue(snapshot("first"), true);
        writer.flush();
        // The thread's end may follow the flush by a moment.
        let mut ended = false;
        for _ in 0..500 {
            if writer.results().1.is_err() {
                ended = true;
                break;
            }
            std::thread::sleep(Duration::from_millis(2));
        }
        assert!(ended, "the poll learns that the writer stopped");
        // Queued to a writer that is gone: a flush still returns.
        writer.queue(snapshot("second"), true);
        writer.flush();
    }

    #[test]
    fn autosave_snapshot_writes_the_autosave_file() {
        let dir = tempfile::tempdir().unwrap();
        let mut s = snapshot("game.ron");
        s.data = dir.path().join("data");
        let ctx = egui::Context::default();
        let writer = AutosaveWriter::start(&ctx).unwrap();
        writer.queue(s.clone(), false);
        writer.flush();
        let (done, _) = writer.results();
        assert!(done.iter().all(Result::is_ok), "{done:?}");
        let back = crate::files::load_autosave(&s.data).unwrap().unwrap();
        assert_eq!(back.game, s.game);
        assert_eq!(back.source, s.source);
        assert!(back.unsaved);
    }
}
