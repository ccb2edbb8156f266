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
    use std::io::Write;
    use std::sync::atomic::{AtomicI32, AtomicU32, Ordering};

    const SIGNALS: [libc::c_int; 3] = [libc::SIGTERM, libc::SIGHUP, libc::SIGINT];

    /// The pipe's writing end, for the handler.
    static WAKE: AtomicI32 = AtomicI32::new(-1);
    /// The signals handled here (bit `1 << signal`), put back to their
    /// default by the first: any second one ends the process.
    static HANDLED: AtomicU32 = AtomicU32::new(0);

    extern "C" fn on_signal(_: libc::c_int) {
        REQUESTED.store(true, Ordering::SeqCst);
        // SAFETY: signal(), write() and errno are async-signal-safe; errno
        // is put back as it was for the code the signal interrupted.
        unsafe {
            let errno = *libc::__errno_location();
            let handled = HANDLED.load(Ordering::SeqCst);
            for signal in SIGNALS {
                if handled & (1 << signal) != 0 {
                    libc::signal(signal, libc::SIG_DFL);
                }
            }
            let fd = WAKE.load(Ordering::SeqCst);
            if fd >= 0 {
                let byte = 1u8;
                libc::write(fd, (&byte as *const u8).cast(), 1);
            }
            *libc::__errno_location() = errno;
        }
    }

    pub(super) fn listen(ctx: &egui::Context) {
        let mut fds = [0 as libc::c_int; 2];
        // SAFETY: pipe2() fills the two descriptors it is given; neither
        // goes to a child process (a file dialog's helper), and a full
        // pipe never blocks the handler.
        if unsafe { libc::pipe2(fds.as_mut_ptr(), libc::O_CLOEXEC) } != 0 {
            return;
        }
        let [read, write] = fds;
        // SAFETY: sets a flag of the descriptor just made.
        unsafe {
            libc::fcntl(write, libc::F_SETFL, libc::O_NONBLOCK);
        }
        WAKE.store(write, Ordering::SeqCst);
        let ctx = ctx.clone();
        let waiter = std::thread::Builder::new()
            .name("termination".into())
            .spawn(move || {
                let mut byte = 0u8;
                loop {
                    // SAFETY: reads one byte into `byte` from the pipe's
                    // end, which this thread alone reads.
                    let n = unsafe { libc::read(read, (&mut byte as *mut u8).cast(), 1) };
                    if n == 1 {
                        break;
                    }
                    let interrupted = n < 0
                        && std::io::Error::last_os_error().kind()
                            == std::io::ErrorKind::Interrupted;
                    if !interrupted {
                        // No signal can come this way any more.
                        return;
                    }
                }
                ctx.request_repaint();
                std::thread::sleep(GRACE);
                // stderr may be gone with the terminal (SIGHUP): never a
                // panic here, which would keep the process alive.
                let _ = writeln!(
                    std::io::stderr(),
                    "the window did not close within {GRACE:?} of the signal: ending"
                );
                // SAFETY: ends the process at once, as the signal would
                // have; nothing else runs (the window's thread is stuck).
                unsafe { libc::_exit(1) };
            });
        if waiter.is_err() {
            return;
        }
        for signal in SIGNALS {
            // A signal the starting program ignores stays ignored (`nohup`
            // ignores SIGHUP, a shell SIGINT for a job in the background):
            // looked up before the handler goes in, so that one coming in
            // between is not taken.
            // SAFETY: sigaction() with a null new action only reads the
            // current one; the handler is async-signal-safe.
            unsafe {
                let mut before: libc::sigaction = std::mem::zeroed();
                if libc::sigaction(signal, std::ptr::null(), &mut before) != 0
                    || before.sa_sigaction == libc::SIG_IGN
                {
                    continue;
                }
                HANDLED.fetch_or(1 << signal, Ordering::SeqCst);
                libc::signal(signal, on_signal as *const () as libc::sighandler_t);
            }
        }
    }
}
