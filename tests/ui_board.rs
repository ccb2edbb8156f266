//! UI tests of the board's drawing (egui_kittest): the badge of the seeds
//! in hand during a sowing hides no hole's number and stays by its hole,
//! on close-set En Gehé rows (2×40 to 2×50) and on Bao la Kimasai, in a
//! small and a large window; and a row of hole numbers at an edge the
//! board runs past (zoomed in) is drawn over the edge's fade, not under it.

mod common;
use common::harness_at;
use egui::Rect;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use maasai_mancala::app::MaasaiApp;
use maasai_mancala::engine::{GameOptions, Position};

const SMALL: [f32; 2] = [1024.0, 680.0];
const LARGE: [f32; 2] = [1600.0, 1000.0];

/// A window whose frames are 1/20 s apart, so that a sowing at one seed a
/// second sows nothing in the few frames it takes to pause it.
fn fine_harness(start: Position, size: [f32; 2]) -> Harness<'static, MaasaiApp> {
    Harness::builder()
        .with_size(size)
        .with_theme(egui::Theme::Light)
        .with_step_dt(0.05)
        .build_eframe(move |cc| MaasaiApp::new_for_tests(&cc.egui_ctx, start))
}

/// Starts the move of the hole labelled `hole` at one seed a second and
/// pauses it at once.
fn start_paused(h: &mut Harness<'_, MaasaiApp>, hole: &str) {
    h.state_mut().settings.speed = 1.0;
    h.run();
    h.get_by_label(hole).click();
    h.step();
    h.step();
    h.get_by_label("Pause").click();
    h.step();
}

/// An En Gehé position of 2×`holes`, 2 seeds a hole but for South's
/// `big` holes (1-based number, seeds): hands of two and three digits.
fn en_gehe_with(holes: usize, big: &[(usize, u32)]) -> Position {
    let mut south = vec![2u32; holes];
    for &(n, seeds) in big {
        south[n - 1] = seeds;
    }
    let row = |r: &[u32]| r.iter().map(u32::to_string).collect::<Vec<_>>().join(",");
    format!(
        "en-gehe south={} north={} captured=0,0 turn=south",
        row(&south),
        row(&vec![2u32; holes])
    )
    .parse()
    .unwrap()
}

/// A hole button on the board: its side and name (from its label, e.g.
/// "South 17: 5 seeds") and its rectangle.
struct HoleOnScreen {
    name: String,
    rect: Rect,
}

fn holes(h: &Harness<'_, MaasaiApp>) -> Vec<HoleOnScreen> {
    h.get_all_by(|node| {
        node.role() == egui::accesskit::Role::Button
            && node.label().is_some_and(|l| {
                (l.starts_with("South ") || l.starts_with("North ")) && l.contains(" seed")
            })
    })
    .map(|node| {
        let label = node.accesskit_node().label().unwrap_or_default();
        HoleOnScreen {
            name: label.split(':').next().unwrap_or_default().to_string(),
            rect: node.rect(),
        }
    })
    .collect()
}

/// Where a hole's number (name) is written: the strip between the hole
/// and the board's edge (rows in the board's top half) or the board's
/// middle (bottom half), as wide as the hole's column. At the least pitch
/// the text is taller than the strip and runs on into the board's margin.
/// (The board draws the name centred in the strip, see `label_pos` in
/// src/app/board.rs; hole 0.88 of a pitch wide, strip 0.55 pitch high,
/// name 0.3 pitch high, at least 9 px, set 1.2 times as high.)
fn name_rect(hole: Rect, board_middle: f32) -> Rect {
    let p = hole.width() / 0.88;
    let font = (0.3 * p).clamp(9.0, 22.0);
    let high = (0.55 * p).max(2.0 * (0.6 * font + 0.5));
    let (left, right) = (hole.left() - 0.06 * p, hole.right() + 0.06 * p);
    if hole.center().y < board_middle {
        Rect::from_min_max(
            egui::pos2(left, hole.top() - high),
            egui::pos2(right, hole.top()),
        )
    } else {
        Rect::from_min_max(
            egui::pos2(left, hole.bottom()),
            egui::pos2(right, hole.bottom() + high),
        )
    }
}

/// The badge of the seeds in hand, if one is drawn: its rectangle and
/// the hole it is over ("South 17").
fn badge(h: &Harness<'_, MaasaiApp>) -> Option<(Rect, String)> {
    // (A label's text is its node's value.)
    let node = h.query_by(|n| n.value().is_some_and(|v| v.contains(" in hand over ")))?;
    let label = node.accesskit_node().value().unwrap_or_default();
    let hole = label.split(" in hand over ").nth(1)?.to_string();
    Some((node.rect(), hole))
}

/// Checks the badge now drawn, if any: it covers no hole and no hole's
/// number, lies under or over its own hole and nearer it than any other
/// hole of that column. Returns whether a badge was drawn.
fn check_badge(h: &Harness<'_, MaasaiApp>, what: &str) -> bool {
    let Some((badge, over)) = badge(h) else {
        return false;
    };
    let (_, board) = h.state().rt.board_area.expect("the board is drawn");
    let middle = board.center().y;
    let holes = holes(h);
    assert!(holes.len() >= 16, "{what}: the holes are found");
    for hole in &holes {
        let name = name_rect(hole.rect, middle);
        assert!(
            !badge.intersects(name),
            "{what}: the badge over {over} ({badge:?}) hides the number of {} ({name:?})",
            hole.name
        );
        assert!(
            !badge.intersects(hole.rect),
            "{what}: the badge over {over} ({badge:?}) covers the hole {} ({:?})",
            hole.name,
            hole.rect
        );
    }
    assert!(
        board.contains_rect(badge),
        "{what}: the badge lies on the board"
    );
    let own = holes
        .iter()
        .find(|hole| hole.name == over)
        .expect("the badge's hole is drawn");
    let p = own.rect.width() / 0.88;
    // Over or under its hole (or, at a row's end, as near as the board
    // allows).
    let reach = (0.5 * badge.width()).max(0.5 * p) + 0.5;
    assert!(
        (badge.center().x - own.rect.center().x).abs() <= reach,
        "{what}: the badge ({badge:?}) is not by {over} ({:?})",
        own.rect
    );
    let gap = |r: Rect| {
        if r.center().y < badge.center().y {
            badge.top() - r.bottom()
        } else {
            r.top() - badge.bottom()
        }
    };
    let own_gap = gap(own.rect);
    for other in holes
        .iter()
        .filter(|o| o.name != over && (o.rect.center().x - own.rect.center().x).abs() < 0.5 * p)
    {
        assert!(
            gap(other.rect) > own_gap + 1.0,
            "{what}: the badge ({badge:?}) is as near {} ({:?}) as its own {over} ({:?})",
            other.name,
            other.rect,
            own.rect
        );
    }
    true
}

/// Steps the paused sowing seed by seed (at most `steps`), checking the
/// badge at each; returns how many badges were checked.
fn step_and_check(h: &mut Harness<'_, MaasaiApp>, steps: usize, what: &str) -> usize {
    let mut seen = 0;
    for k in 0..steps {
        let going = h.state().rt.shown_replay().is_some_and(|r| !r.at_end());
        if !going {
            break;
        }
        seen += usize::from(check_badge(h, &format!("{what}, seed {k}")));
        h.get_by_label("Step seed >").click();
        h.run_steps(2);
    }
    seen
}

#[test]
fn the_hand_badge_hides_no_hole_number_on_close_set_en_gehe_rows() {
    // 2×50 holes at 1024×680 are 15 px apart: the badge lay over the
    // hole numbers of the row, hiding the neighbours' (and its own).
    for size in [SMALL, LARGE] {
        for holes in [40, 45, 50] {
            for flipped in [false, true] {
                let start = en_gehe_with(holes, &[(17, 30), (30, 120)]);
                let mut h = fine_harness(start, size);
                h.state_mut().settings.flipped = flipped;
                start_paused(&mut h, "South 17: 30 seeds");
                let what = format!("2×{holes} at {size:?}, flipped {flipped}");
                let seen = step_and_check(&mut h, 40, &what);
                assert!(seen >= 30, "{what}: badges checked {seen}");
                // Into the later laps, over the North row too.
                for _ in 0..3 {
                    h.get_by_label("Step lap >>").click();
                    h.run_steps(2);
                }
                step_and_check(&mut h, 12, &format!("{what}, later"));
            }
        }
    }
}

#[test]
fn the_hand_badge_hides_no_hole_name_on_bao_la_kimasai() {
    // South i7 at the start: one seed into i8, then the two of i8 lifted
    // into o8 and o7. The outer hole's badge lay over its own name and
    // half its neighbour's ("o8 · in hand 1" over o7).
    for size in [SMALL, LARGE] {
        for flipped in [false, true] {
            let mut h = fine_harness(GameOptions::bao_la_kimasai().start().unwrap(), size);
            h.state_mut().settings.flipped = flipped;
            start_paused(&mut h, "South i7: 1 seed");
            h.get_by_label("|< Start").click();
            h.run_steps(2);
            let what = format!("Bao la Kimasai at {size:?}, flipped {flipped}");
            let seen = step_and_check(&mut h, 10, &what);
            assert!(seen >= 2, "{what}: badges checked {seen}");
        }
    }
}
