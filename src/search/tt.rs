//! The transposition table shared by every search thread (Lazy SMP).
//!
//! Lock-free: each slot is two `AtomicU64`s, the key XOR-ed with the data and
//! the data itself (Hyatt's trick). A torn write from two threads racing on
//! one slot makes the XOR check fail, so a reader sees either a whole entry
//! or nothing, never a mix.

use crate::engine::Move;
use std::sync::atomic::{AtomicU64, Ordering};

/// How a stored score bounds the true value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    Exact,
    /// The true score is at least this (a beta cut-off).
    Lower,
    /// The true score is at most this (every move failed low).
    Upper,
}

/// One probed entry.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    pub score: i32,
    pub depth: i32,
    pub bound: Bound,
    pub mv: Option<Move>,
}

/// A fixed-size table of `2^bits` slots; always-replace.
pub struct Table {
    slots: Vec<[AtomicU64; 2]>,
    mask: usize,
    /// Positions with moves too long for the tree: key and a bit mask of
    /// the holes whose sowing did not end within the tree's lap cap (endless
    /// ones, and legal ones that long). Sowing one that far takes many
    /// laps, so the search learns each one once.
    endless: Vec<[AtomicU64; 2]>,
    endless_mask: usize,
}

impl std::fmt::Debug for Table {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Table({} slots)", self.slots.len())
    }
}

impl Table {
    /// A table of about `megabytes` MB (rounded down to a power of two slots).
    pub fn new(megabytes: usize) -> Table {
        let slots = (megabytes.max(1) << 20) / 16;
        let bits = usize::BITS - 1 - slots.leading_zeros();
        let len = 1usize << bits;
        let endless_len = (len / 16).max(1024);
        let zeroed = |n: usize| {
            (0..n)
                .map(|_| [AtomicU64::new(0), AtomicU64::new(0)])
                .collect()
        };
        Table {
            slots: zeroed(len),
            mask: len - 1,
            endless: zeroed(endless_len),
            endless_mask: endless_len - 1,
        }
    }

    fn pack(e: &Entry) -> u64 {
        let mv = e.mv.map_or(0xff, |m| m.0 as u64);
        let bound = match e.bound {
            Bound::Exact => 1u64,
            Bound::Lower => 2,
            Bound::Upper => 3,
        };
        (e.score as u32 as u64)
            | (mv << 32)
            | ((e.depth.clamp(0, 255) as u64) << 40)
            | (bound << 48)
    }

    fn unpack(d: u64) -> Option<Entry> {
        let bound = match (d >> 48) & 3 {
            1 => Bound::Exact,
            2 => Bound::Lower,
            3 => Bound::Upper,
            _ => return None,
        };
        let mv = (d >> 32) & 0xff;
        Some(Entry {
            score: d as u32 as i32,
            depth: ((d >> 40) & 0xff) as i32,
            bound,
            mv: (mv != 0xff).then_some(Move(mv as u8)),
        })
    }

    #[inline]
    pub fn probe(&self, key: u64) -> Option<Entry> {
        let slot = &self.slots[key as usize & self.mask];
        let k = slot[0].load(Ordering::Relaxed);
        let d = slot[1].load(Ordering::Relaxed);
        if k ^ d == key { Self::unpack(d) } else { None }
    }

    #[inline]
    pub fn store(&self, key: u64, entry: Entry) {
        let slot = &self.slots[key as usize & self.mask];
        let d = Self::pack(&entry);
        slot[0].store(key ^ d, Ordering::Relaxed);
        slot[1].store(d, Ordering::Relaxed);
    }

    /// The holes known to be endless in the position with this key (bit per hole).
    #[inline]
    pub fn endless(&self, key: u64) -> u64 {
        let slot = &self.endless[key as usize & self.endless_mask];
        let k = slot[0].load(Ordering::Relaxed);
        let d = slot[1].load(Ordering::Relaxed);
        if k ^ d == key { d } else { 0 }
    }

    pub fn store_endless(&self, key: u64, holes: u64) {
        let slot = &self.endless[key as usize & self.endless_mask];
        slot[0].store(key ^ holes, Ordering::Relaxed);
        slot[1].store(holes, Ordering::Relaxed);
    }

    /// Forgets everything (a new game).
    pub fn clear(&self) {
        for s in self.slots.iter().chain(&self.endless) {
            s[0].store(0, Ordering::Relaxed);
            s[1].store(0, Ordering::Relaxed);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stores_and_probes_negative_scores_and_moves() {
        let t = Table::new(1);
        let e = Entry {
            score: -1234,
            depth: 7,
            bound: Bound::Upper,
            mv: Some(Move(49)),
        };
        t.store(0xdead_beef, e);
        assert_eq!(t.probe(0xdead_beef), Some(e));
        assert_eq!(t.probe(0xdead_beee), None);
        let none = Entry { mv: None, ..e };
        t.store(42, none);
        assert_eq!(t.probe(42), Some(none));
    }
}
