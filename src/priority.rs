//! The scheduling priority of long work beside the window. The search,
//! the solver and the endless-move checks can keep every core busy for
//! minutes; at the same priority as the window's own thread they took its
//! share of a 2-core machine, and typed keys showed up to a second late
//! while the solver and the council ran (1 to 3 s with a build beside
//! them). The window asks once that such work
//! run at a lower priority ([`lower_workers`]); each worker thread then
//! lowers its own as it starts ([`as_worker`]). The command line never
//! asks, so its solves and benchmarks have the machine as before.

use std::sync::atomic::{AtomicBool, AtomicI32, Ordering};

/// How much lower than the window's thread workers run, in Unix nice
/// steps (0 is the default priority, 19 the lowest).
pub const WORKER_NICENESS: i32 = 10;

static LOWER: AtomicBool = AtomicBool::new(false);

/// The nice value of the thread that called [`lower_workers`].
static BASE: AtomicI32 = AtomicI32::new(0);

/// From now on, threads that call [`as_worker`] run [`WORKER_NICENESS`]
/// steps below the calling thread (the window's).
pub fn lower_workers() {
    BASE.store(current_niceness(), Ordering::Relaxed);
    LOWER.store(true, Ordering::Relaxed);
}

/// Called first thing on a thread of long work: lowers its priority once
/// [`lower_workers`] was asked for. Setting a value relative to the
/// window's (not to this thread's, which a worker started by a worker
/// already inherits) keeps every worker at one level.
pub fn as_worker() {
    if !LOWER.load(Ordering::Relaxed) {
        return;
    }
    let target = (BASE.load(Ordering::Relaxed) + WORKER_NICENESS).min(19);
    #[cfg(target_os = "linux")]
    // SAFETY: on Linux the nice value belongs to each thread, and "who =
    // 0" names the calling one; lowering one's own priority is always
    // allowed, and a failure leaves it as it was.
    unsafe {
        libc::setpriority(libc::PRIO_PROCESS, 0, target);
    }
    #[cfg(not(target_os = "linux"))]
    let _ = target;
}

/// The calling thread's nice value (0 where it cannot be read).
pub fn current_niceness() -> i32 {
    #[cfg(target_os = "linux")]
    {
        // SAFETY: getpriority only reads the calling thread's nice value;
        // -1 is also a valid value, so errno tells an error apart.
        unsafe {
            *libc::__errno_location() = 0;
            let nice = libc::getpriority(libc::PRIO_PROCESS, 0);
            if nice == -1 && *libc::__errno_location() != 0 {
                0
            } else {
                nice
            }
        }
    }
    #[cfg(not(target_os = "linux"))]
    0
}
