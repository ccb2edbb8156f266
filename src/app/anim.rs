//! The sowing visualiser's clock: which seed of a traced move the board
//! shows. Pure state (no drawing), so the controls and tests can drive it.
//!
//! Steps: step `k` shows the board after `k` seeds of the move
//! ([`MoveTrace::board_after_seeds`]); an En Gehé capture is one extra step
//! after the last seed.

use crate::engine::{Lap, LapKind, MoveTrace, group_digits, grouped_count};

/// Seeds per second at or above which a move is shown at once.
pub const INSTANT_SPEED: f32 = 1000.0;
/// Slowest speed offered.
pub const MIN_SPEED: f32 = 1.0;

/// A traced move being shown seed by seed.
#[derive(Clone, Debug)]
pub struct Replay {
    /// Index of the move in the game record (0-based).
    pub move_index: usize,
    pub trace: MoveTrace,
    /// First step of each lap (seeds sown before it).
    lap_starts: Vec<u64>,
    step: u64,
    pub playing: bool,
    /// Progress (0..1) of the seed now travelling to its hole.
    pub phase: f32,
    /// The board at `board_step`, kept so drawing never re-sows the move.
    board: Vec<u16>,
    board_step: u64,
}

impl Replay {
    /// A replay positioned at `step` (use [`Replay::end`] to show the result).
    pub fn new(move_index: usize, trace: MoveTrace) -> Replay {
        let mut lap_starts = Vec::with_capacity(trace.laps.len());
        let mut at = 0u64;
        for lap in &trace.laps {
            lap_starts.push(at);
            at += lap.sown.len() as u64;
        }
        let board = trace.board_after_seeds(0);
        Replay {
            move_index,
            trace,
            lap_starts,
            step: 0,
            playing: false,
            phase: 0.0,
            board,
            board_step: 0,
        }
    }

    /// The last step: every seed sown and the capture (if any) made.
    pub fn end(&self) -> u64 {
        self.trace.seeds_sown() + u64::from(self.trace.capture.is_some())
    }
    pub fn step(&self) -> u64 {
        self.step
    }
    pub fn at_end(&self) -> bool {
        self.step >= self.end()
    }
    pub fn lap_count(&self) -> usize {
        self.trace.laps.len()
    }
    /// The lap that sows seed `seed` (counted from 1; the first lap for 0).
    pub fn lap_of_seed(&self, seed: u64) -> usize {
        self.lap_starts
            .partition_point(|&s| s < seed)
            .saturating_sub(1)
    }
    /// The steps lap `i` covers: `[from, to)`, from the seeds sown before
    /// it to those sown by its end.
    pub fn lap_steps(&self, i: usize) -> (u64, u64) {
        let from = self.lap_starts[i];
        (from, from + self.trace.laps[i].sown.len() as u64)
    }

    pub fn set_step(&mut self, step: u64) {
        self.step = step.min(self.end());
        self.phase = 0.0;
        if self.at_end() {
            self.playing = false;
        }
    }

    /// The board as it stands at the current step.
    pub fn board(&mut self) -> &[u16] {
        if self.board_step != self.step {
            self.board = self.trace.board_after_seeds(self.step);
            self.board_step = self.step;
        }
        &self.board
    }

    /// Index of the lap the current step belongs to.
    pub fn lap_index(&self) -> usize {
        let sown = self.step.min(self.trace.seeds_sown());
        match self.lap_starts.binary_search(&sown) {
            Ok(i) => {
                // Laps never sow zero seeds, so starts are distinct.
                i.min(self.lap_starts.len() - 1)
            }
            Err(i) => i - 1,
        }
    }

    pub fn lap(&self) -> &Lap {
        &self.trace.laps[self.lap_index()]
    }

    /// Seeds of the current lap already sown.
    pub fn sown_in_lap(&self) -> u64 {
        let i = self.lap_index();
        self.step.min(self.trace.seeds_sown()) - self.lap_starts[i]
    }

    /// Seeds in the mover's hand at the current step.
    pub fn in_hand(&self) -> u64 {
        self.lap().seeds as u64 - self.sown_in_lap()
    }

    /// The hole the next seed falls into, with the hole it comes from (the
    /// previous seed's hole, or where the handful was lifted from).
    pub fn next_seed(&self) -> Option<(usize, usize)> {
        if self.step >= self.trace.seeds_sown() {
            return None;
        }
        let lap = self.lap();
        let k = self.sown_in_lap() as usize;
        let to = lap.sown.get(k)?;
        let from = if k > 0 {
            lap.sown.get(k - 1)?
        } else {
            match lap.kind {
                LapKind::Lift { from } => from,
                LapKind::Raid { from, .. } => from,
            }
        };
        Some((from, to))
    }

    /// The capture is the next step (En Gehé).
    pub fn capture_next(&self) -> bool {
        self.trace.capture.is_some() && self.step == self.trace.seeds_sown()
    }

    /// The move being sown as the status lines name it: "move 3 (hole 7)"
    /// in En Gehé, whose bare hole numbers read as counts, "move 2 (i1)"
    /// in Bao la Kimasai, whose hole names say what they are.
    pub fn move_label(&self) -> String {
        let variant = self.trace.before.variant();
        let name = variant.move_name(self.trace.mv);
        if variant.is_en_gehe() {
            format!("move {} (hole {name})", self.move_index + 1)
        } else {
            format!("move {} ({name})", self.move_index + 1)
        }
    }

    /// "lap 7 of 23".
    pub fn lap_counter(&self) -> String {
        // Grouped as other counts are: a long move's "lap 7060 of 14541"
        // read worse than the tempo's "30,027" beside it.
        format!(
            "lap {} of {}",
            group_digits(self.lap_index() as u64 + 1),
            group_digits(self.lap_count() as u64)
        )
    }

    /// "seed 4 of 26"; the capture after the last seed is a step of its
    /// own, so it is named ("seed 9 of 9, capture").
    pub fn seed_counter(&self) -> String {
        let sown = self.trace.seeds_sown();
        let captured = self.trace.capture.is_some() && self.step() > sown;
        format!(
            "seed {} of {}{}",
            group_digits(self.step().min(sown)),
            group_digits(sown),
            if captured { ", capture" } else { "" }
        )
    }

    /// The lap and seed counters at their widest in this move (its last
    /// lap and seed): the room the strip keeps for them, so that the
    /// caption after them keeps its place as they gain digits ("seed 9" to
    /// "seed 10" moved it 7 px). The capture's step, the last, which names
    /// itself (", capture"), is left to move it once: its room, kept from
    /// the first seed, cut every caption of a narrow strip short.
    pub fn widest_counters(&self) -> [String; 2] {
        let laps = group_digits(self.lap_count() as u64);
        let sown = group_digits(self.trace.seeds_sown());
        [
            format!("lap {laps} of {laps}"),
            format!("seed {sown} of {sown}"),
        ]
    }

    /// What is happening now, in a few words.
    pub fn caption(&self) -> String {
        let i = self.lap_index();
        let lap = self.lap();
        let sown = self.sown_in_lap();
        if self.at_end() {
            return match (self.trace.capture, self.raid_words()) {
                (Some(c), _) => format!(
                    "{}: captures {}",
                    landing_words(&c),
                    group_digits(c.total.into())
                ),
                // A raiding move's last lap ends like any other: what it
                // took on the way is said too, as a capture is.
                (None, Some(raids)) => format!("{} ({raids})", lap.caption()),
                (None, None) => lap.caption(),
            };
        }
        if let Some(c) = self.trace.capture.filter(|_| self.capture_next()) {
            // The last seed is down and the capture is the next step: the
            // move does not simply end here.
            return format!("{}: the capture is next", landing_words(&c));
        }
        if sown == 0 && i > 0 {
            // The previous lap just ended (its last seed is the one the
            // seed counter shows); say why, then that this one begins, so
            // the caption agrees with the lap counter.
            return format!(
                "lap {} {}, lap {} begins",
                group_digits(i as u64),
                self.trace.laps[i - 1].caption(),
                group_digits(i as u64 + 1)
            );
        }
        // A herding move's first lap: the reserve seed went in before the
        // lift (the hole shows empty at once, so say where the extra seed
        // came from); the opening move adds none.
        let herding = if i == 0 && sown == 0 {
            let before = &self.trace.before;
            match self.trace.reserve_seed {
                Some(_) => "a reserve seed added, then ",
                None if !before.variant().is_en_gehe() && before.reserve(self.trace.mover) > 0 => {
                    "the opening move adds no reserve seed: "
                }
                None => "",
            }
        } else {
            ""
        };
        match lap.kind {
            LapKind::Lift { .. } => format!(
                "{herding}sowing {}, {} in hand",
                grouped_count(u64::from(lap.seeds), "seed"),
                group_digits(lap.seeds as u64 - sown)
            ),
            LapKind::Raid { .. } => format!(
                "sowing the {} raided, from the trigger hole on, {} in hand",
                grouped_count(u64::from(lap.seeds), "seed"),
                group_digits(lap.seeds as u64 - sown)
            ),
        }
    }

    /// What a Bao la Kimasai move raided, for its ending: "raided 2 seeds
    /// from North i2", or with several raids "raided 5 from North: 2 from
    /// i2, 3 from i5" (every raid is from the opponent's inner row: its
    /// name once, and no "seeds" the counts after it make plain, keep a
    /// chain of three raids within two lines under a 1024 px window's
    /// board). `None` without raids.
    fn raid_words(&self) -> Option<String> {
        let before = &self.trace.before;
        let victim = self.trace.mover.opponent().title();
        let raids: Vec<(u64, String)> = self
            .trace
            .laps
            .iter()
            .filter_map(|lap| match lap.kind {
                LapKind::Raid { from, .. } => {
                    let hole = before.hole_at(from);
                    Some((u64::from(lap.seeds), before.variant().hole_name(hole.index)))
                }
                LapKind::Lift { .. } => None,
            })
            .collect();
        match raids.as_slice() {
            [] => None,
            [(seeds, hole)] => Some(format!(
                "raided {} from {victim} {hole}",
                grouped_count(*seeds, "seed")
            )),
            _ => {
                let total = raids.iter().map(|(n, _)| n).sum();
                let each: Vec<String> = raids
                    .iter()
                    .map(|(n, h)| format!("{} from {h}", group_digits(*n)))
                    .collect();
                Some(format!(
                    "raided {} from {victim}: {}",
                    group_digits(total),
                    each.join(", ")
                ))
            }
        }
    }

    pub fn step_seed(&mut self) {
        self.set_step(self.step + 1);
    }
    pub fn back_seed(&mut self) {
        self.set_step(self.step.saturating_sub(1));
    }
    /// To the start of the next lap; after the last lap, to its last seed
    /// down when a capture follows (so that the landing is seen before the
    /// seeds go: lap by lap went from the last lap's start straight past
    /// it), then to the end.
    pub fn step_lap(&mut self) {
        let i = self.lap_index();
        let landing = self.trace.seeds_sown();
        let next = match self.lap_starts.get(i + 1) {
            Some(&start) => start,
            None if self.trace.capture.is_some() && self.step < landing => landing,
            None => self.end(),
        };
        self.set_step(next);
    }
    /// To the start of the current lap, or of the previous one when already there.
    pub fn back_lap(&mut self) {
        let i = self.lap_index();
        let start = self.lap_starts[i];
        let target = if self.step > start {
            start
        } else if i > 0 {
            self.lap_starts[i - 1]
        } else {
            0
        };
        self.set_step(target);
    }
    pub fn jump_to_end(&mut self) {
        self.set_step(self.end());
    }
    /// Play from where it stands, or from the start when at the end.
    pub fn toggle_play(&mut self) {
        if self.playing {
            self.playing = false;
        } else {
            if self.at_end() {
                self.set_step(0);
            }
            self.playing = true;
        }
    }

    /// Advances the clock by `dt` seconds at `speed` seeds per second.
    /// Returns whether the animation still runs (needs another frame).
    pub fn advance(&mut self, dt: f32, speed: f32) -> bool {
        if !self.playing {
            return false;
        }
        if speed >= INSTANT_SPEED {
            self.jump_to_end();
            return false;
        }
        self.phase += dt.max(0.0) * speed.max(MIN_SPEED);
        if self.phase >= 1.0 {
            let whole = self.phase.floor();
            let phase = self.phase - whole;
            self.set_step(self.step + whole as u64);
            self.phase = if self.at_end() { 0.0 } else { phase };
        }
        if self.at_end() {
            self.playing = false;
        }
        self.playing
    }
}

/// Where a capturing move's last seed lands: "lands in an empty hole of
/// its own row facing 4 seeds".
fn landing_words(c: &crate::engine::EndCapture) -> String {
    format!(
        "lands in an empty hole of its own row facing {} seed{}",
        c.facing_seeds,
        if c.facing_seeds == 1 { "" } else { "s" }
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::notation::parse_position;

    fn replay(position: &str, mv: &str) -> Replay {
        let pos = parse_position(position).unwrap();
        let mv = pos.variant().parse_move(mv).unwrap();
        Replay::new(0, pos.trace(mv).unwrap())
    }

    /// What the line under the board says once `mv` is sown from `position`.
    fn ending(position: &str, mv: &str) -> String {
        let mut r = replay(position, mv);
        r.jump_to_end();
        r.caption()
    }

    #[test]
    fn a_raiding_moves_end_says_what_it_raided() {
        // The line under the board said only "lands in an empty hole: the
        // move ends" after a raid (`trace`: i4 raids 2 from North i2).
        let pos = "bao-la-kimasai south=2,1,0,3,0,1,2,0,0,1,0,0,2,0,1,0 \
                   north=1,2,0,1,3,0,0,1,0,0,2,1,0,0,0,1 reserve=0,0 turn=south opening=no";
        assert_eq!(
            ending(pos, "i4"),
            "lands in an empty hole: the move ends (raided 2 seeds from North i2)"
        );
        // A move without raids ends as it did.
        let quiet = ending(pos, "i2");
        assert!(!quiet.contains("raided"), "{quiet}");
        // Two raids (the shipped raid chain study): each named.
        let chain = ending(
            "bao-la-kimasai south=1,1,0,0,1,0,0,0,0,0,0,0,0,0,0,0 \
             north=0,0,0,2,0,0,1,0,0,0,0,0,0,0,1,0 reserve=0,0 turn=south opening=no",
            "i1",
        );
        assert!(
            chain.ends_with("(raided 3 from North: 1 from i7, 2 from i4)"),
            "{chain}"
        );
    }

    #[test]
    fn a_lap_start_names_the_lap_that_just_ended() {
        // 2×6, South 1: lap 1 sows S2..S5 and relays from S5.
        let mut r = replay(
            "en-gehe south=4,4,4,4,4,4 north=4,4,4,4,4,4 captured=0,0 turn=south",
            "1",
        );
        assert_eq!(r.caption(), "sowing 4 seeds, 4 in hand");
        r.set_step(4);
        assert_eq!(r.lap_counter(), "lap 2 of 5");
        assert_eq!(
            r.caption(),
            "lap 1 lands on an occupied hole: lift 5 and sow on, lap 2 begins"
        );
        r.set_step(5);
        assert_eq!(r.caption(), "sowing 5 seeds, 4 in hand");
        assert_eq!(r.widest_counters(), ["lap 5 of 5", "seed 26 of 26"]);
    }

    #[test]
    fn the_last_seed_of_a_capturing_move_says_the_capture_is_next() {
        // 2×5, South 3: nine seeds sown, the last into an empty South hole
        // facing 4, which the next step captures (5 with the last seed).
        let mut r = replay(
            "en-gehe south=3,0,2,1,4 north=2,1,0,3,1 captured=3,5 turn=south",
            "3",
        );
        let sown = r.trace.seeds_sown();
        assert_eq!(sown, 9);
        r.set_step(sown);
        assert!(r.capture_next());
        assert_eq!(r.seed_counter(), "seed 9 of 9");
        assert_eq!(
            r.caption(),
            "lands in an empty hole of its own row facing 4 seeds: the capture is next"
        );
        r.set_step(sown + 1);
        assert!(r.at_end());
        assert_eq!(r.seed_counter(), "seed 9 of 9, capture");
        // Lap by lap, the landing is a stop of its own before the capture.
        r.set_step(0);
        let mut stops = Vec::new();
        while !r.at_end() {
            r.step_lap();
            stops.push(r.step());
        }
        assert_eq!(stops.last(), Some(&(sown + 1)));
        assert_eq!(stops[stops.len() - 2], sown, "{stops:?}");
        assert_eq!(stops.len(), r.lap_count() + 1, "{stops:?}");
        // A move without a capture ends with its last lap.
        // (2×3, South 3: relays from North 1 and ends in North 3.)
        let mut quiet = replay(
            "en-gehe south=0,0,1 north=1,0,0 captured=0,0 turn=south",
            "3",
        );
        assert!(quiet.trace.capture.is_none());
        let mut laps = 0;
        while !quiet.at_end() {
            quiet.step_lap();
            laps += 1;
        }
        assert_eq!((laps, quiet.lap_count()), (2, 2));
        // The strip keeps the counters' room at their widest from the
        // first seed on (the capture's own step aside).
        assert_eq!(r.widest_counters(), ["lap 3 of 3", "seed 9 of 9"]);
        assert_eq!(
            r.caption(),
            "lands in an empty hole of its own row facing 4 seeds: captures 5"
        );
    }

    #[test]
    fn a_herding_move_says_its_reserve_seed_and_the_opening_says_it_adds_none() {
        let herding = replay(
            "bao-la-kimasai south=1,1,1,1,1,1,1,1,0,0,0,0,0,0,0,0 north=1,1,1,1,1,1,1,1,0,0,0,0,0,0,0,0 reserve=24,24 turn=south opening=no",
            "i1",
        );
        assert_eq!(
            herding.caption(),
            "a reserve seed added, then sowing 2 seeds, 2 in hand"
        );
        let opening = replay(
            "bao-la-kimasai south=1,1,1,1,1,1,1,1,0,0,0,0,0,0,0,0 north=1,1,1,1,1,1,1,1,0,0,0,0,0,0,0,0 reserve=24,24 turn=south opening=yes",
            "i1",
        );
        assert_eq!(
            opening.caption(),
            "the opening move adds no reserve seed: sowing 1 seed, 1 in hand"
        );
    }
}
