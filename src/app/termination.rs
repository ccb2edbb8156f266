//! A logout, a shutdown or Ctrl+C in the terminal that started the window
//! (SIGTERM, SIGHUP, SIGINT) closes it as its close button would, but
//! without asking (nobody is there to answer): the game, with text typed
//! a moment ago, goes to the autosave, offered again on the next start,
//! and eframe keeps the settings. Before, the process died at once and
//! lost both.
//!
//! The signal handler only sets a flag and writes a byte to a pipe (all a
//! handler may safely do); a thread waiting on the pipe wakes the window,
//! which sleeps while nothing happens. A second signal, or a window that
//! does not close within [`GRACE`], ends the process as before.

use std::sync::atomic::{AtomicBool, Ordering};

static REQUESTED: AtomicBool = AtomicBool::new(false);

/// How long the window has to close after the signal before the process
/// ends anyway (a window that draws no frames, minimised on some systems,
/// must not hold up a shutdown).
pub const GRACE: std::time::Duration = std::time::Duration::from_secs(5);

/// Whether a signal asked the window to close.
pub fn requested() -> bool {
    REQUESTED.load(Ordering::SeqCst)
}

/// Listens for the signals, waking `ctx` when one comes. Call once, as
/// the window opens.
pub fn listen(ctx: &egui::Context) {
    #[cfg(target_os = "linux")]
    linux::listen(ctx);
    #[cfg(not(target_os = "linux"))]
    let _ = ctx;
}

#[cfg(target_os = "linux")]
mod linux {
    use super::{GRACE, REQUESTED};
    use std::sync::atomic::{AtomicI32, Ordering};

    const SIGNALS: [libc::c_int; 3] = [libc::SIGTERM, libc::SIGHUP, libc::SIGINT];

    /// The pipe's writing end, for the handler.
    static WAKE: AtomicI32 = AtomicI32::new(-1);

    extern "C" fn on_signal(signal: libc::c_int) {
        REQUESTED.store(true, Ordering::SeqCst);
        // SAFETY: signal() and write() are async-signal-safe; the next
        // such signal ends the process as it did before.
        unsafe {
            libc::signal(signal, libc::SIG_DFL);
            let fd = WAKE.load(Ordering::SeqCst);
            if fd >= 0 {
                let byte = 1u8;
                libc::write(fd, (&byte as *const u8).cast(), 1);
            }
        }
    }

    pub(super) fn listen(ctx: &egui::Context) {
        let mut fds = [0 as libc::c_int; 2];
        // SAFETY: pipe() fills the two descriptors it is given.
        if unsafe { libc::pipe(fds.as_mut_ptr()) } != 0 {
            return;
        }
        let [read, write] = fds;
        WAKE.store(write, Ordering::SeqCst);
        let ctx = ctx.clone();
        let waiter = std::thread::Builder::new()
            .name("termination".into())
            .spawn(move || {
                let mut byte = 0u8;
                // SAFETY: reads one byte into `byte` from the pipe's end,
                // which this thread alone reads.
                loop {
                    let n = unsafe { libc::read(read, (&mut byte as *mut u8).cast(), 1) };
                    let interrupted = n < 0
                        && std::io::Error::last_os_error().kind()
                            == std::io::ErrorKind::Interrupted;
                    if !interrupted {
                        break;
                    }
                }
                ctx.request_repaint();
                std::thread::sleep(GRACE);
                eprintln!("the window did not close within {GRACE:?} of the signal: ending");
                std::process::exit(1);
            });
        if waiter.is_err() {
            return;
        }
        for signal in SIGNALS {
            // SAFETY: the handler is async-signal-safe (see `on_signal`).
            // A signal the starting program ignores stays ignored (`nohup`
            // ignores SIGHUP, a shell SIGINT for a job in the background).
            unsafe {
                let before = libc::signal(signal, on_signal as *const () as libc::sighandler_t);
                if before == libc::SIG_IGN {
                    libc::signal(signal, libc::SIG_IGN);
                }
            }
        }
    }
}
