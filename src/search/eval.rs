//! Static evaluation, one per game, in tenths of a seed from the side to
//! move's view (see [`super::SCALE`]), plus the exact scores of finished
//! positions.

use super::{SCALE, WIN};
use crate::engine::{BAO_ROW, Position, Side, Variant};

/// En Gehé at the end of the game (side to move cannot move): every seed on
/// the board goes to the other side. Exact final margin for the side to move.
#[inline]
pub fn en_gehe_final(pos: &Position) -> i32 {
    let me = pos.turn();
    let mine = pos.captured(me) as i32;
    let theirs = pos.captured(me.opponent()) as i32 + pos.board_seeds() as i32;
    (mine - theirs) * SCALE
}

/// The repetition outcome (RULES.md): En Gehé, each side takes its own row;
/// Bao la Kimasai, a draw.
#[inline]
pub fn repetition(pos: &Position) -> i32 {
    match pos.variant() {
        Variant::EnGehe { .. } => {
            let own = |s: Side| pos.captured(s) as i32 + row_sum(pos.row(s)) as i32;
            (own(pos.turn()) - own(pos.turn().opponent())) * SCALE
        }
        Variant::BaoLaKimasai => 0,
    }
}

/// Bao la Kimasai: the result an empty inner row decides (score for the
/// side to move at `ply`), or `None`.
#[inline]
pub fn bao_decided(pos: &Position, ply: usize) -> Option<i32> {
    let me = pos.turn();
    let empty = |s: Side| pos.row(s)[..BAO_ROW].iter().all(|&c| c == 0);
    if empty(me) {
        Some(-WIN + ply as i32)
    } else if empty(me.opponent()) {
        Some(WIN - ply as i32)
    } else {
        None
    }
}

#[inline]
fn row_sum(row: &[u16]) -> u32 {
    row.iter().map(|&c| c as u32).sum()
}

/// The static evaluation of a position that is not over.
#[inline]
pub fn evaluate(pos: &Position) -> i32 {
    match pos.variant() {
        Variant::EnGehe { holes } => en_gehe(pos, holes as usize),
        Variant::BaoLaKimasai => bao(pos),
    }
}

/// The parts of the En Gehé evaluation, for the advisors' explanations.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct EnGeheTerms {
    /// Captured seeds, mine minus theirs.
    pub captured: i32,
    /// Seeds in each side's own row, mine minus theirs: the seeds each side
    /// can still win (a repetition or the end gives them to their holder
    /// unless captured).
    pub row: i32,
    /// Tempo count, mine minus theirs.
    pub tempo: i32,
    /// The largest opposing hole the side to move could capture (its own
    /// facing hole is empty, so a move may end there).
    pub my_threat: i32,
    /// The largest own hole facing an empty opposing hole: what the
    /// opponent threatens next.
    pub their_threat: i32,
}

pub fn en_gehe_terms(pos: &Position, n: usize) -> EnGeheTerms {
    let me = pos.turn();
    let mine = pos.row(me);
    let theirs = pos.row(me.opponent());
    let mut t = EnGeheTerms {
        captured: pos.captured(me) as i32 - pos.captured(me.opponent()) as i32,
        ..Default::default()
    };
    let mut my_row = 0i32;
    let mut their_row = 0i32;
    // My hole i faces their hole n-1-i (zipped, so no bounds checks).
    for (i, (&a, &b)) in mine[..n].iter().zip(theirs[..n].iter().rev()).enumerate() {
        let (a, b) = (a as i32, b as i32);
        my_row += a;
        their_row += b;
        t.tempo += a * (n - 1 - i) as i32 - b * i as i32;
        if a == 0 && b > t.my_threat {
            t.my_threat = b;
        }
        if b == 0 && a > t.their_threat {
            t.their_threat = a;
        }
    }
    t.row = my_row - their_row;
    t
}

fn en_gehe(pos: &Position, n: usize) -> i32 {
    let t = en_gehe_terms(pos, n);
    // Captured seeds are banked; seeds in a row are only half-owned; the
    // side to move gets the first chance at a threat, so its own counts more.
    t.captured * SCALE
        + t.row * SCALE / 2
        + t.tempo * SCALE / (8 * n as i32)
        + t.my_threat * SCALE * 4 / 10
        - t.their_threat * SCALE * 2 / 10
}

/// The parts of the Bao la Kimasai evaluation.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BaoTerms {
    /// Seeds owned (both own rows and reserve), mine minus theirs.
    pub owned: i32,
    /// Seeds in the inner row, mine minus theirs.
    pub inner: i32,
    /// Occupied inner holes, mine minus theirs (an empty inner row loses).
    pub inner_holes: i32,
    /// Largest raid the side to move threatens (0 while herding).
    pub my_raid: i32,
    /// Largest raid the opponent threatens.
    pub their_raid: i32,
}

pub fn bao_terms(pos: &Position) -> BaoTerms {
    let me = pos.turn();
    let mine = pos.row(me);
    let theirs = pos.row(me.opponent());
    let mut t = BaoTerms {
        owned: row_sum(mine) as i32 + pos.reserve(me) as i32
            - row_sum(theirs) as i32
            - pos.reserve(me.opponent()) as i32,
        ..Default::default()
    };
    let raids = pos.raids_allowed();
    for c in 0..BAO_ROW {
        let a = mine[c] as i32;
        let b = theirs[BAO_ROW - 1 - c] as i32;
        t.inner += a - b;
        t.inner_holes += (a > 0) as i32 - (b > 0) as i32;
        if raids && a > 0 && b > 0 {
            t.my_raid = t.my_raid.max(b);
            t.their_raid = t.their_raid.max(a);
        }
    }
    t
}

fn bao(pos: &Position) -> i32 {
    let t = bao_terms(pos);
    let me = pos.turn();
    // Few occupied inner holes is the danger sign of Bao: one empty inner
    // row ends the game.
    let danger = |holes: i32| match holes {
        0 | 1 => 6 * SCALE,
        2 => 3 * SCALE,
        3 => SCALE,
        _ => 0,
    };
    let inner_of = |s: Side| pos.row(s)[..BAO_ROW].iter().filter(|&&c| c > 0).count() as i32;
    t.owned * SCALE
        + t.inner * SCALE * 3 / 10
        + t.inner_holes * SCALE / 2
        + t.my_raid * SCALE * 5 / 10
        - t.their_raid * SCALE * 2 / 10
        - danger(inner_of(me))
        + danger(inner_of(me.opponent()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{GameOptions, notation};

    #[test]
    fn symmetric_start_positions_evaluate_level() {
        for options in [
            GameOptions::en_gehe(50),
            GameOptions::en_gehe(7),
            GameOptions::bao_la_kimasai(),
        ] {
            assert_eq!(evaluate(&options.start().unwrap()), 0, "{options:?}");
        }
    }

    #[test]
    fn captured_seeds_count_a_whole_seed_each_from_the_side_to_move() {
        let p = notation::parse_position("en-gehe south=2,2,2 north=2,2,2 captured=5,2 turn=south")
            .unwrap();
        assert_eq!(evaluate(&p), 3 * SCALE);
        let q = notation::parse_position("en-gehe south=2,2,2 north=2,2,2 captured=5,2 turn=north")
            .unwrap();
        assert_eq!(evaluate(&q), -3 * SCALE);
    }

    #[test]
    fn final_and_repetition_scores_follow_the_rules() {
        // North to move with an empty row: South takes the 3 seeds left.
        let p = notation::parse_position("en-gehe south=1,2,0 north=0,0,0 captured=4,9 turn=north")
            .unwrap();
        assert_eq!(en_gehe_final(&p), (9 - 4 - 3) * SCALE);
        // At a repetition each side keeps its own row: North 9, South 4 + 3.
        assert_eq!(repetition(&p), (9 - 7) * SCALE);
        let bao = GameOptions::bao_la_kimasai().start().unwrap();
        assert_eq!(repetition(&bao), 0);
        assert_eq!(bao_decided(&bao, 0), None);
    }
}
