//! The transposition table: proved bounds on exact game values, kept for the
//! whole session so that a later solve reuses what an earlier one proved.

/// One slot: the full key (so collisions of the index are recognised), a
/// lower and an upper bound on the node's value (node-relative, see
/// `search.rs`), the best move found and a rough measure of the work behind
/// the entry (log₂ of the subtree's node count) for replacement.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Entry {
    pub key: u64,
    pub lower: i32,
    pub upper: i32,
    /// Best move's hole index + 1; 0 when none is known.
    pub best: u8,
    pub work: u8,
}

/// A fixed-size, two-slot-bucket table. Slot 0 keeps the entry with more
/// work behind it, slot 1 always takes the newest, so deep proofs survive a
/// flood of cheap leaves.
pub(crate) struct Table {
    slots: Vec<Entry>,
    mask: usize,
    pub stored: u64,
}

impl Table {
    pub fn new(bits: u32) -> Self {
        let buckets = 1usize << bits;
        let mut slots = Vec::with_capacity(2 * buckets);
        advise_huge_pages(&slots);
        // Filled after the advice, so the pages are huge from the first touch.
        slots.resize(2 * buckets, Entry::default());
        Table {
            slots,
            mask: buckets - 1,
            stored: 0,
        }
    }

    /// Bytes the table occupies.
    pub fn bytes(&self) -> usize {
        self.slots.len() * std::mem::size_of::<Entry>()
    }

    pub fn clear(&mut self) {
        self.slots.fill(Entry::default());
        self.stored = 0;
    }

    #[inline]
    fn bucket(&self, key: u64) -> usize {
        2 * ((key as usize) & self.mask)
    }

    /// Asks the processor to start loading `key`'s bucket, so that a probe
    /// a little later finds it in the cache (the table is far larger than
    /// the cache, and the cut-off probes every child).
    #[inline]
    pub fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
            let b = self.bucket(key);
            let p = self.slots[b..b + 2].as_ptr() as *const i8;
            // SAFETY: a prefetch is only a hint: it never faults and reads
            // nothing into the program, and SSE is part of x86_64.
            unsafe {
                _mm_prefetch::<_MM_HINT_T0>(p);
                _mm_prefetch::<_MM_HINT_T0>(p.wrapping_add(47));
            }
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    #[inline]
    pub fn probe(&self, key: u64) -> Option<&Entry> {
        // Key 0 marks an empty slot; a real key of 0 is simply never found.
        let b = self.bucket(key);
        self.slots[b..b + 2]
            .iter()
            .find(|e| e.key == key && key != 0)
    }

    /// Records bounds for `key`, merging with what the table already proved.
    pub fn store(&mut self, key: u64, lower: i32, upper: i32, best: u8, work: u8) {
        if key == 0 {
            return;
        }
        let b = self.bucket(key);
        for e in &mut self.slots[b..b + 2] {
            if e.key == key {
                // Both bounds are proved facts, so the intersection is too.
                e.lower = e.lower.max(lower);
                e.upper = e.upper.min(upper);
                if best != 0 {
                    e.best = best;
                }
                e.work = e.work.max(work);
                return;
            }
        }
        self.stored += 1;
        let fresh = Entry {
            key,
            lower,
            upper,
            best,
            work,
        };
        if work >= self.slots[b].work {
            self.slots[b + 1] = self.slots[b];
            self.slots[b] = fresh;
        } else {
            self.slots[b + 1] = fresh;
        }
    }
}

/// Asks Linux to back the table with 2 MiB pages: every probe lands on a
/// random page of a table of hundreds of megabytes, and with 4 KiB pages
/// nearly every one also misses the address-translation cache.
fn advise_huge_pages(slots: &Vec<Entry>) {
    #[cfg(target_os = "linux")]
    {
        const PAGE: usize = 4096;
        let start = slots.as_ptr() as usize;
        let end = start + slots.capacity() * std::mem::size_of::<Entry>();
        let (start, end) = ((start + PAGE - 1) & !(PAGE - 1), end & !(PAGE - 1));
        if end > start {
            // SAFETY: madvise only changes how the kernel backs this range
            // of our own allocation (page-aligned inside it); the advice
            // failing leaves ordinary pages, which is harmless.
            unsafe {
                libc::madvise(start as *mut libc::c_void, end - start, libc::MADV_HUGEPAGE);
            }
        }
    }
    #[cfg(not(target_os = "linux"))]
    let _ = slots;
}
