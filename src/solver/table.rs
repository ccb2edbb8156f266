//! The transposition table: proved bounds on exact game values, kept for the
//! whole session so that a later solve reuses what an earlier one proved.
//!
//! The table is shared by the solve's threads without locks: each entry is
//! two atomic words, the packed data and the key XOR the data (Hyatt's
//! lockless hashing), so a read torn by a concurrent write fails the key
//! check and counts as a miss. Buckets are one cache line of four entries.

use std::sync::atomic::{AtomicU64, Ordering};

/// One slot's contents: the full key (so collisions of the index are
/// recognised), a lower and an upper bound on the node's value
/// (node-relative, see `search.rs`), the best move found and a rough measure
/// of the work behind the entry (log₂ of the subtree's node count) for
/// replacement.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Entry {
    pub key: u64,
    pub lower: i32,
    pub upper: i32,
    /// Best move's hole index + 1; 0 when none is known.
    pub best: u8,
    pub work: u8,
}

/// Bounds are packed in 22 bits each: every score (±`INF`, 2,000,000)
/// fits once shifted by this offset.
const BOUND_OFFSET: i64 = 1 << 21;
const BOUND_MASK: u64 = (1 << 22) - 1;

impl Entry {
    fn pack(&self) -> u64 {
        let bound = |v: i32| ((v as i64 + BOUND_OFFSET) as u64) & BOUND_MASK;
        bound(self.lower)
            | bound(self.upper) << 22
            | (self.best as u64) << 44
            | (self.work as u64) << 52
    }

    fn unpack(key: u64, data: u64) -> Entry {
        let bound = |bits: u64| ((bits & BOUND_MASK) as i64 - BOUND_OFFSET) as i32;
        Entry {
            key,
            lower: bound(data),
            upper: bound(data >> 22),
            best: (data >> 44) as u8,
            work: (data >> 52) as u8,
        }
    }
}

/// One slot: the key XOR the data, and the data.
#[derive(Default)]
struct Slot {
    check: AtomicU64,
    data: AtomicU64,
}

const WAYS: usize = 4;

/// Four slots on one 64-byte cache line.
#[derive(Default)]
#[repr(align(64))]
struct Bucket([Slot; WAYS]);

/// A fixed-size table of four-slot buckets. A new entry replaces the slot
/// with the least work behind it, so deep proofs survive a flood of cheap
/// leaves while the newest entry is always kept.
pub(crate) struct Table {
    /// The buckets' memory as atomic words, zeroed by the system page by
    /// page as the search first touches it (`calloc`): filling a 16 GiB
    /// table before a solve took 40 s, however small the position, and its
    /// time limit did not count them. One bucket's words more than needed,
    /// so that the buckets can start on a 64-byte line.
    words: Vec<AtomicU64>,
    /// Where the first bucket starts in `words`.
    first: usize,
    mask: usize,
}

/// Words of a bucket.
const BUCKET_WORDS: usize = std::mem::size_of::<Bucket>() / 8;

impl Table {
    /// A table of 2^`bits` buckets (64 bytes each).
    pub fn new(bits: u32) -> Self {
        Self::try_new(bits).unwrap_or_else(|e| panic!("{e}"))
    }

    /// [`Self::new`], or why the memory could not be had (a table of 2³⁰
    /// buckets is 64 GiB).
    pub fn try_new(bits: u32) -> Result<Self, String> {
        const {
            assert!(std::mem::align_of::<u64>() == std::mem::align_of::<AtomicU64>());
            assert!(std::mem::size_of::<Bucket>() == 2 * WAYS * 8);
        }
        let count = 1usize << bits;
        let bytes = count.saturating_mul(std::mem::size_of::<Bucket>());
        let len = count
            .checked_add(1)
            .and_then(|n| n.checked_mul(BUCKET_WORDS));
        let mut words: Vec<u64> = Vec::new();
        if len.is_none_or(|len| words.try_reserve_exact(len).is_err()) {
            return Err(format!(
                "cannot allocate a table of 2^{bits} buckets ({})",
                human_bytes(bytes)
            ));
        }
        drop(words);
        // Zeroed words come from `calloc`, which leaves fresh pages to the
        // system to zero when touched (the reservation above only checked
        // that the memory can be had, without touching it).
        let words: Vec<u64> = vec![0; len.expect("checked above")];
        let mut words = std::mem::ManuallyDrop::new(words);
        // SAFETY: `AtomicU64` has the size and alignment of `u64` (checked
        // above) and 0 is a valid value of it, so the vector's allocation
        // is a vector of as many atomic words of the same layout.
        let words = unsafe {
            Vec::from_raw_parts(
                words.as_mut_ptr().cast::<AtomicU64>(),
                words.len(),
                words.capacity(),
            )
        };
        let first = words.as_ptr().align_offset(std::mem::align_of::<Bucket>());
        assert!(first < BUCKET_WORDS, "words are 8-byte aligned");
        let table = Table {
            words,
            first,
            mask: count - 1,
        };
        // Before the first touch, so the pages are huge from it.
        advise_huge_pages(table.buckets());
        Ok(table)
    }

    /// The buckets, in `words` from `first` on.
    #[inline]
    fn buckets(&self) -> &[Bucket] {
        // SAFETY: `words` holds `first` + (`mask` + 1) buckets' words from
        // an address aligned for `Bucket` (see `try_new`); a bucket is
        // nothing but atomic words, so these words are valid buckets,
        // shared through `&self` as atomics are.
        unsafe {
            std::slice::from_raw_parts(
                self.words.as_ptr().add(self.first).cast::<Bucket>(),
                self.mask + 1,
            )
        }
    }

    /// Bytes a table of 2^`bits` buckets occupies.
    pub fn bytes_for(bits: u32) -> usize {
        (1usize << bits).saturating_mul(std::mem::size_of::<Bucket>())
    }

    /// Bytes the table occupies.
    pub fn bytes(&self) -> usize {
        std::mem::size_of_val(self.buckets())
    }

    /// Has the system back every page of the table now, with each word
    /// left as it is: the first solve of a session otherwise pays for
    /// the pages as its probes first land on them, and on 2 MiB pages
    /// even a few hundred nodes land on every one (679 nodes took 1.6 s
    /// where the kernel compacts memory to find each huge page). For a
    /// background thread while no solve runs (hence `&mut`).
    pub fn touch_pages(&mut self) {
        const PAGE_WORDS: usize = 4096 / 8;
        for word in self.words.iter().step_by(PAGE_WORDS) {
            // A write, so that the page is backed: a read of a fresh page
            // maps the shared zero page, and the compiler makes an atomic
            // `fetch_or(0)` a read. No solve runs, so the word is its own.
            word.store(word.load(Ordering::Relaxed), Ordering::Relaxed);
        }
    }

    pub fn clear(&self) {
        for b in self.buckets() {
            for s in &b.0 {
                s.check.store(0, Ordering::Relaxed);
                s.data.store(0, Ordering::Relaxed);
            }
        }
    }

    #[inline]
    fn bucket(&self, key: u64) -> &Bucket {
        &self.buckets()[(key as usize) & self.mask]
    }

    /// Asks the processor to start loading `key`'s bucket, so that a probe
    /// a little later finds it in the cache (the table is far larger than
    /// the cache, and the cut-off probes every child).
    #[inline]
    pub fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
            let p = self.bucket(key) as *const Bucket as *const i8;
            // SAFETY: a prefetch is only a hint: it never faults and reads
            // nothing into the program, and SSE is part of x86_64.
            unsafe { _mm_prefetch::<_MM_HINT_T0>(p) };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    #[inline]
    pub fn probe(&self, key: u64) -> Option<Entry> {
        // Key 0 marks an empty slot; a real key of 0 is simply never found.
        if key == 0 {
            return None;
        }
        self.bucket(key).0.iter().find_map(|s| {
            let data = s.data.load(Ordering::Relaxed);
            (s.check.load(Ordering::Relaxed) ^ data == key).then(|| Entry::unpack(key, data))
        })
    }

    /// Records bounds for `key`, merging with what the table already proved.
    /// Two threads storing at once may lose one of the merges: bounds are
    /// proved facts, so a lost one costs work, never correctness.
    pub fn store(&self, key: u64, lower: i32, upper: i32, best: u8, work: u8) {
        if key == 0 {
            return;
        }
        let slots = &self.bucket(key).0;
        let mut victim = 0;
        let mut victim_work = u8::MAX;
        for (i, s) in slots.iter().enumerate() {
            let data = s.data.load(Ordering::Relaxed);
            let check = s.check.load(Ordering::Relaxed);
            if check ^ data == key {
                // Both bounds are proved facts, so the intersection is too.
                let old = Entry::unpack(key, data);
                let merged = Entry {
                    key,
                    lower: old.lower.max(lower),
                    upper: old.upper.min(upper),
                    best: if best != 0 { best } else { old.best },
                    work: old.work.max(work),
                };
                write(s, &merged);
                return;
            }
            let w = if check == 0 && data == 0 {
                0 // empty
            } else {
                Entry::unpack(check ^ data, data).work
            };
            if w < victim_work {
                victim = i;
                victim_work = w;
            }
        }
        write(
            &slots[victim],
            &Entry {
                key,
                lower,
                upper,
                best,
                work,
            },
        );
    }
}

#[inline]
fn write(slot: &Slot, e: &Entry) {
    let data = e.pack();
    slot.data.store(data, Ordering::Relaxed);
    slot.check.store(e.key ^ data, Ordering::Relaxed);
}

/// Asks Linux to back the table with 2 MiB pages: every probe lands on a
/// random page of a table of hundreds of megabytes, and with 4 KiB pages
/// nearly every one also misses the address-translation cache.
fn advise_huge_pages(buckets: &[Bucket]) {
    #[cfg(target_os = "linux")]
    {
        const PAGE: usize = 4096;
        let start = buckets.as_ptr() as usize;
        let end = start + std::mem::size_of_val(buckets);
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
    let _ = buckets;
}

/// A byte count in the largest binary unit that keeps it at least 1.
pub fn human_bytes(bytes: usize) -> String {
    const UNITS: [&str; 4] = ["bytes", "KiB", "MiB", "GiB"];
    let mut value = bytes as f64;
    let mut unit = 0;
    while value >= 1024.0 && unit + 1 < UNITS.len() {
        value /= 1024.0;
        unit += 1;
    }
    if unit == 0 {
        format!("{bytes} bytes")
    } else {
        format!("{value:.0} {}", UNITS[unit])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_pack_every_bound_the_search_stores() {
        let inf = crate::solver::search::INF;
        for (lower, upper) in [
            (-inf, inf),
            (-3, 7),
            (0, 0),
            (999_999, inf),
            (-inf, -999_999),
        ] {
            let e = Entry {
                key: 0xdead_beef,
                lower,
                upper,
                best: 65,
                work: 40,
            };
            assert_eq!(Entry::unpack(e.key, e.pack()), e);
        }
    }

    #[test]
    fn store_merges_bounds_and_keeps_the_deepest_entries() {
        let t = Table::new(4);
        t.store(17, -5, 9, 3, 10);
        t.store(17, -2, 12, 0, 2);
        let e = t.probe(17).unwrap();
        assert_eq!((e.lower, e.upper, e.best, e.work), (-2, 9, 3, 10));
        // Five more keys in the same bucket: the deep entry stays, the
        // cheapest goes.
        for k in 1..=5u64 {
            t.store(17 + (k << 4), 0, 0, 0, k as u8);
        }
        assert!(t.probe(17).is_some());
        assert!(t.probe(17 + (1 << 4)).is_none());
        assert!(t.probe(17 + (5 << 4)).is_some());
        t.clear();
        assert!(t.probe(17).is_none());
    }

    #[test]
    fn touching_the_pages_keeps_every_entry() {
        // 2^12 buckets: 64 pages of 4 KiB, with entries spread over them.
        let mut t = Table::new(12);
        let keys: Vec<u64> = (1..=3000u64)
            .map(|k| k.wrapping_mul(0x9e37_79b9_7f4a_7c15))
            .collect();
        for (i, &k) in keys.iter().enumerate() {
            t.store(k, -(i as i32), i as i32, (i % 100) as u8, 200);
        }
        let before: Vec<_> = keys.iter().map(|&k| t.probe(k)).collect();
        assert!(before.iter().filter(|e| e.is_some()).count() > 2000);
        t.touch_pages();
        let after: Vec<_> = keys.iter().map(|&k| t.probe(k)).collect();
        assert_eq!(before, after);
    }
}
