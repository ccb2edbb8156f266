//! UI tests of the board's drawing (egui_kittest): the badge of the seeds
//! in hand during a sowing hides no hole's number and stays by its hole,
//! on close-set En Gehé rows (2×40 to 2×50) and on Bao la Kimasai, in a
//! small and a large window; and a row of hole numbers at an edge the
//! board runs past (zoomed in) is drawn over the edge's fade, not under it.

mod common;
use common::{click_at, click_at_then, fine_harness, harness_at, shape_texts, start_paused};
use egui::Rect;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use maasai_mancala::app::{AppCommand, MaasaiApp};
use maasai_mancala::engine::{GameOptions, Position, Side};

const SMALL: [f32; 2] = [1024.0, 680.0];
const LARGE: [f32; 2] = [1600.0, 1000.0];

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

#[test]
fn hole_numbers_at_an_edge_the_board_runs_past_are_drawn_over_its_fade() {
    // A 2×50 row zoomed in, in an area lower than the board: the board
    // runs past the area's top and bottom, which fade into the panel's
    // colour. The fade lay over the whole row of numbers there (in the
    // light theme, dark-brown numbers faded to near white).
    // (Zoomed past the height the council, at its least, and the tempo
    // plot leave a zoomed board: at 1.4 the council now gives way.)
    for zoom in [2.15, 2.2] {
        let mut h = harness_at(common::en_gehe(50), SMALL);
        // The council and the tempo plot under the board leave it its
        // least height.
        let app = h.state_mut();
        app.settings.show_tempo_plot = true;
        app.settings.show_council = true;
        app.settings.council_dock = maasai_mancala::app::settings::CouncilDock::Bottom;
        app.council.max_depth = Some(1);
        h.state_mut().settings.zoom = zoom;
        h.run();
        let (_, board) = h.state().rt.board_area.expect("the board is drawn");
        let image = h.render().expect("rendering with wgpu");
        let scale = image.width() as f32 / SMALL[0];
        // The darkest pixel within a rectangle (the least of red, green
        // and blue summed).
        let darkest = |rect: Rect| {
            let (w, h) = image.dimensions();
            let at = |v: f32, most: u32| ((v * scale).max(0.0) as u32).min(most);
            let mut least = u32::MAX;
            for y in at(rect.top(), h)..at(rect.bottom(), h) {
                for x in at(rect.left(), w)..at(rect.right(), w) {
                    let p = image.get_pixel(x, y);
                    least = least.min(u32::from(p[0]) + u32::from(p[1]) + u32::from(p[2]));
                }
            }
            least
        };
        let holes = holes(&h);
        // The board runs past the area's top and bottom: its top row's
        // holes lie 0.85 pitch under the board's top edge (name strip and
        // margin), more than the area shows.
        let top_hole = holes
            .iter()
            .map(|hole| hole.rect)
            .min_by(|a, b| a.top().total_cmp(&b.top()))
            .expect("holes");
        let p = top_hole.width() / 0.88;
        assert!(
            top_hole.top() - board.top() < 0.85 * p - 1.0,
            "at {zoom}: the board fits its area ({board:?}, a hole at {top_hole:?})"
        );
        let mut checked = 0;
        for hole in &holes {
            let name = name_rect(hole.rect, board.center().y);
            // A number wholly in view, within the fades' depth of the edge
            // and clear of the side fades.
            let edge = (name.top() - board.top()).min(board.bottom() - name.bottom());
            if !board.contains_rect(name) || edge > 20.0 {
                continue;
            }
            if name.left() < board.left() + 40.0 || name.right() > board.right() - 40.0 {
                continue;
            }
            // The label's ink (58, 36, 18) sums to 112; the plank (196,
            // 150, 98) to 444, the panel to about 740.
            let ink = darkest(name);
            assert!(
                ink < 250,
                "at {zoom}: the number of {} ({name:?}) is faded: darkest {ink}",
                hole.name
            );
            checked += 1;
        }
        assert!(checked >= 40, "at {zoom}: numbers checked {checked}");
    }
}

/// The hover text shown for a hole, if any: its rectangle and text (the
/// tooltip is nested under its hole in the accessibility tree).
fn hole_tip(h: &Harness<'_, MaasaiApp>, hole: &str) -> Option<(Rect, String)> {
    let node = h.get_by_label(hole);
    let tip = node.query_by(|n| n.role() == egui::accesskit::Role::Label && n.value().is_some())?;
    let text = tip.accesskit_node().value().unwrap_or_default();
    Some((tip.rect(), text))
}

/// The labels of South's holes in view with seeds: the leftmost, one in
/// the middle and the rightmost.
fn south_holes_to_hover(h: &Harness<'_, MaasaiApp>) -> Vec<String> {
    let mut south: Vec<(f32, String)> = h
        .get_all_by(|n| {
            n.role() == egui::accesskit::Role::Button
                && n.label().is_some_and(|l| {
                    l.starts_with("South ") && l.contains(" seed") && !l.contains(": 0 seeds")
                })
        })
        .map(|n| {
            let label = n.accesskit_node().label().unwrap_or_default();
            (n.rect().center().x, label)
        })
        .collect();
    south.sort_by(|a, b| a.0.total_cmp(&b.0));
    let last = south.len() - 1;
    [0, last / 2, last]
        .into_iter()
        .map(|k| south[k].1.clone())
        .collect()
}

#[test]
fn a_holes_hover_text_covers_no_hole_of_the_board() {
    // A hole's hover text (the move's preview) lay under the hole, over
    // the other side's holes, counts and numbers on a long board (and over
    // its own row's numbers). Now it goes above the board for a hole in
    // its upper half, under it for one in its lower half; South is to
    // move, on top when the board is flipped.
    let boards = [
        ("2×45", common::en_gehe(45)),
        (
            "Bao la Kimasai",
            GameOptions::bao_la_kimasai().start().unwrap(),
        ),
    ];
    for (board, start) in boards {
        for size in [SMALL, LARGE] {
            for flipped in [false, true] {
                for zoom in [1.0, 1.6] {
                    let mut h = harness_at(start, size);
                    h.state_mut().settings.flipped = flipped;
                    h.state_mut().settings.zoom = zoom;
                    h.run();
                    for hole in south_holes_to_hover(&h) {
                        let what =
                            format!("{board} at {size:?}, flipped {flipped}, zoom {zoom}: {hole}");
                        h.get_by_label(&hole).hover();
                        h.run_steps(4);
                        // In the lower row the preview is said under the
                        // board alone: a hover text there said it again,
                        // just under that line.
                        let Some((tip, text)) = hole_tip(&h, &hole) else {
                            assert!(!flipped, "{what}: no hover text shown");
                            let preview = h.state().rt.preview.as_ref().expect("a preview");
                            assert!(preview.text.contains(" lap"), "{what}: {}", preview.text);
                            assert!(
                                h.query_by_label(&preview.text).is_some(),
                                "{what}: the preview is not said under the board"
                            );
                            continue;
                        };
                        assert!(flipped, "{what}: the preview said twice under the board");
                        assert!(text.contains(" lap"), "{what}: {text}");
                        let (_, rows) = h.state().rt.board_area.expect("the board is drawn");
                        assert!(
                            !tip.intersects(rows),
                            "{what}: the hover text ({tip:?}) lies over the board ({rows:?})"
                        );
                        // (A hole at the area's edge is drawn in part:
                        // what is in view.)
                        for other in holes(&h) {
                            assert!(
                                !tip.intersects(other.rect.intersect(rows)),
                                "{what}: the hover text ({tip:?}) covers {} ({:?})",
                                other.name,
                                other.rect
                            );
                        }
                        // South's rows are on top when flipped.
                        assert_eq!(
                            tip.bottom() <= rows.top(),
                            flipped,
                            "{what}: the hover text ({tip:?}) is not on the hole's side \
                             of the board ({rows:?})"
                        );
                    }
                }
            }
        }
    }
}

/// A Bao la Kimasai game at the least window size with the council, the
/// solver, the plots and the move list open: the board's area is at its
/// narrowest there.
fn bao_with_every_panel() -> Harness<'static, MaasaiApp> {
    let mut h = common::every_panel_at(GameOptions::bao_la_kimasai().start().unwrap(), SMALL);
    h.run_steps(8);
    h
}

#[test]
fn the_bao_board_stays_put_from_move_to_move_in_the_smallest_window() {
    // The side line above the board ("North • to move | reserve 24 |
    // herding (phase 1)") wrapped its last words to a second line in the
    // narrow area when North was to move, and the board jumped down a
    // line on every move (and the line under it likewise for South). The
    // lines are cut with "…" instead (whole on hover).
    let mut h = bao_with_every_panel();
    let (_, rows) = h.state().rt.board_area.expect("the board is drawn");
    let row = h
        .ctx
        .fonts_mut(|f| f.row_height(&egui::FontId::proportional(14.0)));
    for hole in ["i6", "i7", "i8"] {
        let mv = h.state().rt.game.variant().parse_move(hole).unwrap();
        h.state_mut().queue(AppCommand::PlayMove(mv));
        h.run_steps(8);
        let (_, now) = h.state().rt.board_area.expect("the board is drawn");
        // (Nor does it shrink as the lines under it take more rows.)
        assert!(
            (now.min - rows.min).length() < 0.5 && (now.max - rows.max).length() < 0.5,
            "the board moved after {hole}: {rows:?} to {now:?}"
        );
        for phase in h.query_all_by_label_contains("herding (phase 1)") {
            assert!(
                phase.rect().height() <= row + 2.0,
                "after {hole} the side line wrapped: {:?}",
                phase.rect()
            );
        }
    }
    // The side to move's line is the one cut short: its phase, hovered,
    // is said whole.
    let phases = || h.query_all_by_label_contains("herding (phase 1)");
    let cut = phases()
        .map(|n| n.rect())
        .min_by(|a, b| a.width().total_cmp(&b.width()))
        .expect("the phase is said");
    let whole = phases().map(|n| n.rect().width()).fold(0.0, f32::max);
    assert!(cut.width() + 1.0 < whole, "no side line was cut short");
    let shown = phases().count();
    h.hover_at(cut.center());
    h.run_steps(4);
    assert!(
        h.query_all_by_label_contains("herding (phase 1)").count() > shown,
        "no hover text for the cut side line"
    );
}

#[test]
fn the_panels_under_a_long_board_keep_still_between_the_game_and_an_earlier_position() {
    // The status line under a 2×50 board took one row in the live game
    // and two on an earlier position ("Viewing the position after move 1
    // of 2 — click a hole to play from here instead, or press End or pick
    // the last move to return"), and the council docked under the board
    // moved down and up a line with it. The status keeps the room of its
    // longest text.
    let mut h = common::every_panel_at(common::en_gehe(50), SMALL);
    h.run_steps(8);
    for hole in ["9", "35"] {
        let mv = h.state().rt.game.variant().parse_move(hole).unwrap();
        h.state_mut().queue(AppCommand::PlayMove(mv));
        h.run_steps(8);
    }
    let place = |h: &Harness<'_, MaasaiApp>| {
        let council = h.get_by_label("The council").rect();
        let (_, board) = h.state().rt.board_area.expect("the board is drawn");
        (council, board)
    };
    let live = place(&h);
    let (council, board) = live;
    assert!(
        council.top() > board.bottom(),
        "the council is under the board"
    );
    for (what, view) in [
        ("after move 1", AppCommand::ViewMove(0)),
        ("the start", AppCommand::ViewStart),
        ("the game again", AppCommand::ViewLive),
    ] {
        h.state_mut().queue(view);
        h.run_steps(8);
        assert!(
            h.query_by_label_contains("Viewing the").is_some() != what.ends_with("again"),
            "{what}: the status line"
        );
        assert_eq!(place(&h), live, "{what}: the council or the board moved");
    }
}

#[test]
fn with_no_room_by_the_board_the_result_goes_over_the_plots_rather_than_the_board() {
    // At 1024×680 with the solver, the plots and the move list open, the
    // Bao la Kimasai board fills its area: the result window went over
    // its lower rows and the line under it, while the plots under the
    // board (a finished game's curves) were there to be covered instead.
    let start: Position = "bao-la-kimasai south=1,1,1,0,0,1,0,0,0,0,0,0,0,0,0,0 \
                           north=1,0,2,0,0,1,2,0,0,0,0,0,0,0,0,0 reserve=0,0 turn=south opening=no"
        .parse()
        .unwrap();
    let mut h = harness_at(start, SMALL);
    let app = h.state_mut();
    app.settings.speed = maasai_mancala::app::anim::INSTANT_SPEED;
    app.settings.show_solver = true;
    app.settings.show_tempo_plot = true;
    app.settings.show_move_list = true;
    h.run_steps(8);
    for hole in ["i1", "i1", "i2"] {
        let mv = h.state().rt.game.variant().parse_move(hole).unwrap();
        h.state_mut().queue(AppCommand::PlayMove(mv));
        h.run_steps(8);
    }
    assert!(
        h.state().rt.result().is_some(),
        "South's raids end the game"
    );
    let (area, board) = h.state().rt.board_area.expect("the board is drawn");
    let plot = h.state().rt.plot_rect.expect("the plots are shown");
    let window = h.get_by_label("Game over").rect();
    let beside = area.left() + (board.left() - area.left()).max(area.right() - board.right());
    assert!(
        beside - area.left() < 300.0,
        "the area has room beside the board: {area:?} {board:?}"
    );
    assert!(
        !window.intersects(board),
        "{window:?} over the board {board:?}"
    );
    assert!(
        window.intersects(plot),
        "{window:?} not over the plots {plot:?}"
    );
}

/// A 1024×680 window with the plots open, after up to `moves` moves (the
/// first legal one each time) of En Gehé on rows of `holes`.
fn plotted_game(holes: u8, moves: usize) -> Harness<'static, MaasaiApp> {
    let mut h = harness_at(
        GameOptions::en_gehe(holes).start().unwrap(),
        [1024.0, 680.0],
    );
    let app = h.state_mut();
    app.settings.speed = maasai_mancala::app::anim::INSTANT_SPEED;
    app.settings.show_tempo_plot = true;
    h.run_steps(3);
    for _ in 0..moves {
        let mv = h.state().rt.game.current().legal_moves()[0];
        h.state_mut().queue(AppCommand::PlayMove(mv));
        h.run_steps(2);
        if h.state().rt.result().is_some() {
            break;
        }
    }
    h
}

#[test]
fn a_click_on_the_plots_views_the_position_after_that_many_moves() {
    // A long game's far moves took a hundred keys; the plots span them all.
    let mut h = plotted_game(12, 40);
    let moves = h.state().rt.game.moves().len();
    assert!(moves >= 20, "{moves} moves");
    assert_eq!(h.state().rt.view, moves);
    // Left of the tempo chart's middle: an earlier position.
    let plot = h.state().rt.plot_rect.expect("the plots are shown");
    let at = egui::pos2(plot.left() + plot.width() * 0.2, plot.center().y);
    click_at(&mut h, at);
    let view = h.state().rt.view;
    assert!(view < moves / 2, "viewing after {view} of {moves} moves");
    assert!(h.state().rt.shown_replay().is_none_or(|r| r.at_end()));
    // The other chart (captured seeds) at its right end: the last move.
    let at = egui::pos2(plot.right() - 30.0, plot.center().y);
    click_at(&mut h, at);
    assert!(h.state().rt.view > moves - 5, "{}", h.state().rt.view);
}

/// The move a hover label over the plots names ("… after 12 moves: …").
fn plot_label_move(h: &Harness<'_, MaasaiApp>) -> Option<usize> {
    // (The last such label drawn, as the frame shows it.)
    fn count(words: &str) -> Option<&str> {
        let (_, rest) = words.split_once("after ")?;
        let (n, _) = rest.split_once(" move")?;
        words.contains("click to view it").then_some(n)
    }
    let texts = shape_texts(h);
    let n = texts.iter().rev().find_map(|words| count(words))?;
    n.parse().ok()
}

#[test]
fn a_click_on_the_plots_views_the_move_their_label_names() {
    // Near a line the label names the nearest point's move, and a click
    // went to the move under the pointer's x: "after 657 moves" was
    // shown, and the click viewed move 661.
    // (Many moves to a pixel, as in a long game, where they differ most.)
    let mut h = plotted_game(50, 400);
    let plot = h.state().rt.plot_rect.expect("the plots are shown");
    // Points across the tempo chart, above and below its lines.
    let mut labelled = 0;
    for i in 1..24 {
        for j in 2..9 {
            let at = egui::pos2(
                plot.left() + plot.width() * 0.02 * i as f32,
                plot.top() + plot.height() * 0.1 * j as f32,
            );
            h.hover_at(at);
            h.run();
            let Some(named) = plot_label_move(&h) else {
                continue;
            };
            labelled += 1;
            click_at(&mut h, at);
            assert_eq!(h.state().rt.view, named, "clicked at {at:?}");
        }
    }
    assert!(labelled > 20, "{labelled} labels seen");
}

#[test]
fn the_plots_label_away_from_the_lines_gives_both_sides_figures() {
    // It said only "after 15 moves (click to view it)".
    let mut h = plotted_game(12, 30);
    let plot = h.state().rt.plot_rect.expect("the plots are shown");
    let mut seen = 0;
    for i in 0..20 {
        for j in 1..10 {
            let at = egui::pos2(
                plot.left() + plot.width() * 0.022 * i as f32,
                plot.top() + plot.height() * 0.1 * j as f32,
            );
            h.hover_at(at);
            h.run();
            let texts = shape_texts(&h);
            // Never "after -0 moves", left of the axis.
            assert!(!texts.iter().any(|t| t.contains("after -")), "{texts:?}");
            // The label away from a line starts with the move.
            let Some(label) = texts.iter().find(|t| t.starts_with("after ")) else {
                continue;
            };
            let (n, _) = label["after ".len()..].split_once(' ').unwrap();
            let pos = h.state().rt.game.positions()[n.parse::<usize>().unwrap()];
            let tempo = |side| maasai_mancala::engine::group_digits(pos.tempo(side).into());
            assert!(
                label.contains(&format!(
                    ": South {}, North {}\n(click to view it)",
                    tempo(Side::South),
                    tempo(Side::North)
                )),
                "{label:?}"
            );
            seen += 1;
        }
    }
    assert!(seen > 5, "{seen} labels away from the lines");
    // Just left of the first move's mark: "after -0 moves".
    let mut zero = 0;
    for dx in 0..120 {
        h.hover_at(egui::pos2(
            plot.left() + dx as f32,
            plot.top() + plot.height() * 0.3,
        ));
        h.run();
        let texts = shape_texts(&h);
        assert!(!texts.iter().any(|t| t.contains("after -")), "{texts:?}");
        zero += texts.iter().filter(|t| t.contains("after 0 moves")).count();
    }
    assert!(zero > 0, "no label of the start seen");
}

#[test]
fn numbers_the_areas_side_edges_would_cut_are_left_out() {
    // A panned 2×50 row showed a lone "4" of hole 45 at its edge, and a
    // count cut in half reads as another count (at 246 % a "4" lost its
    // right half within the room its text's rectangle has beside it).
    fn walk(shape: &egui::Shape, clip: Rect, out: &mut Vec<(String, Rect)>) {
        match shape {
            egui::Shape::Text(t) if t.galley.job.text.parse::<u32>().is_ok() => {
                // The glyphs' own ink, not the text's rectangle.
                let r = t.galley.mesh_bounds.translate(t.pos.to_vec2());
                if r.intersects(clip)
                    && (r.left() < clip.left() - 0.5 || r.right() > clip.right() + 0.5)
                {
                    out.push((t.galley.job.text.clone(), r));
                }
            }
            egui::Shape::Vec(shapes) => shapes.iter().for_each(|s| walk(s, clip, out)),
            _ => {}
        }
    }
    for zoom in [2.0, 2.46, 3.07] {
        for pan in [-333.0, -120.0, -77.0, -41.0] {
            let mut h = harness_at(GameOptions::en_gehe(50).start().unwrap(), [1024.0, 680.0]);
            h.state_mut().settings.zoom = zoom;
            h.run_steps(3);
            h.state_mut().queue(AppCommand::Pan(egui::vec2(pan, 0.0)));
            h.run_steps(3);
            let (area, _) = h.state().rt.board_area.expect("drawn");
            let mut cut = Vec::new();
            let mut numbers = 0;
            for clipped in &h.output().shapes {
                if area.contains_rect(clipped.clip_rect.shrink(1.0)) {
                    numbers += 1;
                    walk(&clipped.shape, clipped.clip_rect, &mut cut);
                }
            }
            assert!(numbers > 50, "{numbers} shapes on the board");
            assert!(
                cut.is_empty(),
                "zoom {zoom}, pan {pan}: cut at the edge: {cut:?}"
            );
        }
    }
}

#[test]
fn the_council_under_a_long_board_has_half_the_room_the_tempo_plot_shares() {
    // At 1024×680 with every panel open, the tempo plot kept its default
    // 240 px and left the council under the board its least 140 px, where
    // its cards and ranked moves scrolled.
    let mut h = common::every_panel_at(common::en_gehe(50), SMALL);
    h.run_steps(8);
    let rt = &h.state().rt;
    let council = rt.council_rect.expect("the council is shown");
    let plot = rt.plot_rect.expect("the tempo plot is shown");
    let (_, board) = rt.board_area.expect("the board is drawn");
    assert!(
        council.top() > board.bottom(),
        "the council is under the board"
    );
    assert!(
        council.height() >= plot.height() - 1.0,
        "the council {council:?} has at least the plot's height {plot:?}"
    );
    assert!(council.height() > 160.0, "the council's height {council:?}");
}

#[test]
fn a_big_move_s_counts_are_grouped_as_other_counts_are() {
    // 30,000 seeds on a 2×3 board: South 1 runs 14,541 laps. Its counts
    // read "lap 7060 of 14541" beside the tempo's "30,027".
    use maasai_mancala::app::anim::Replay;
    use maasai_mancala::app::state::Preview;
    use maasai_mancala::engine::{Move, notation::parse_position};
    let pos = parse_position(
        "en-gehe south=10000,10000,10000 north=10000,10000,10000 captured=0,0 turn=south",
    )
    .unwrap();
    let preview = Preview::of(&pos, Move(0)).unwrap();
    assert!(
        preview
            .text
            .starts_with("South 1: 14,541 laps, 144,682,637 seeds sown"),
        "{}",
        preview.text
    );
    let mut replay = Replay::new(0, pos.trace(Move(0)).unwrap());
    replay.set_step(70_618_904);
    assert!(
        replay.lap_counter().ends_with(" of 14,541"),
        "{}",
        replay.lap_counter()
    );
    assert_eq!(replay.seed_counter(), "seed 70,618,904 of 144,682,637");
    replay.set_step(12);
    assert_eq!(replay.caption(), "sowing 10,000 seeds, 9,988 in hand");
}

#[test]
fn a_hole_panned_out_of_sight_takes_no_click() {
    // At 600 % the board runs past its area: a South hole below it lay
    // under the lines under the board, and a click on them played it.
    let mut h = harness_at(common::en_gehe(8), SMALL);
    h.state_mut().settings.zoom = 6.0;
    h.run();
    let (_, board) = h.state().rt.board_area.expect("the board is drawn");
    let hidden = holes(&h)
        .into_iter()
        .filter(|hole| hole.name.starts_with("South "))
        .find(|hole| hole.rect.bottom() > board.bottom() + 40.0 && hole.rect.left() > board.left())
        .expect("a South hole runs past the board's foot");
    let at = egui::pos2(
        hole_x(&hidden, board),
        // Beyond the few points egui gives a pointer near a widget.
        (board.bottom() + 25.0).min(SMALL[1] - 1.0),
    );
    assert!(!board.contains(at) && hidden.rect.contains(at), "{at:?}");
    click_at_then(&mut h, at, |h| h.run_steps(2));
    assert!(
        h.state().rt.game.moves().is_empty(),
        "{} was played from outside the board",
        hidden.name
    );
}

/// A point across a hole, within the board's width.
fn hole_x(hole: &HoleOnScreen, board: Rect) -> f32 {
    hole.rect
        .center()
        .x
        .clamp(board.left() + 1.0, board.right() - 1.0)
}

#[test]
fn a_hovered_move_rings_red_the_hole_it_raids_where_the_last_move_ended() {
    // North's i4 ends in North i5; South's i3 then raids seven holes, i5
    // among them (a game's 98th move, checked with `trace`). The preview's
    // red ring went under the orange one left where the last move ended.
    let before = "bao-la-kimasai south=2,3,2,0,4,8,1,1,1,3,6,0,8,3,1,1 north=3,1,1,1,0,1,1,1,0,0,0,1,1,2,6,1 reserve=0,0 turn=north opening=no";
    let mut h = common::sowing_instantly_at(before.parse().unwrap(), SMALL);
    common::play(&mut h, "i4");
    let ended = h
        .state()
        .rt
        .shown_replay()
        .and_then(|r| r.trace.laps.last()?.sown.last());
    let n = h.state().rt.game.current().holes_per_side();
    assert_eq!(ended, Some(n + 4), "North's move ended in North i5");
    let label = |name: &str| {
        h.get_by(|node| {
            node.label()
                .is_some_and(|l| l.starts_with(&format!("{name}: ")))
        })
        .rect()
    };
    let raided = label("North i5");
    h.get_by(|node| node.label().is_some_and(|l| l.starts_with("South i3: ")))
        .hover();
    h.run();
    let preview = h.state().rt.preview.clone().expect("the move is previewed");
    assert!(
        preview.taken_from.contains(&(n + 4)),
        "{:?}",
        preview.taken_from
    );
    let image = h.render().expect("rendering with wgpu");
    let scale = image.width() as f32 / SMALL[0];
    // Pixels of the ring just outside the hole, by colour (light theme).
    let near =
        |p: [u8; 4], c: [u8; 3]| (0..3).all(|i| (i32::from(p[i]) - i32::from(c[i])).abs() < 40);
    let (mut red, mut orange) = (0, 0);
    let ring = raided.expand(raided.width() * 0.08);
    let (w, hgt) = image.dimensions();
    for y in (ring.top() * scale) as u32..((ring.bottom() * scale) as u32).min(hgt) {
        for x in (ring.left() * scale) as u32..((ring.right() * scale) as u32).min(w) {
            let (fx, fy) = (x as f32 / scale, y as f32 / scale);
            if raided.contains(egui::pos2(fx, fy)) {
                continue;
            }
            let p = image.get_pixel(x, y).0;
            red += usize::from(near(p, [220, 40, 30]));
            orange += usize::from(near(p, [240, 120, 0]));
        }
    }
    assert!(red > 20 && orange == 0, "red {red}, orange {orange}");
}

#[test]
fn the_result_window_s_title_bar_spans_its_frame_where_it_is_narrowed() {
    // A Bao la Kimasai result beside the board at 1024×680 (the game of
    // the hover test above, won by South i3): the window was narrowed
    // below its two buttons' row, which widened its frame past its title
    // bar, leaving a notch at the top right.
    let before = "bao-la-kimasai south=2,3,2,0,4,8,1,1,1,3,6,0,8,3,1,1 north=3,1,1,1,0,1,1,1,0,0,0,1,1,2,6,1 reserve=0,0 turn=north opening=no";
    for size in [SMALL, [900.0, 600.0]] {
        let mut h = common::sowing_instantly_at(before.parse().unwrap(), size);
        common::play(&mut h, "i4");
        common::play(&mut h, "i3");
        h.run_steps(8);
        assert!(h.state().rt.result().is_some(), "South's i3 wins");
        let window = h.get_by_label("Game over").rect();
        let image = h.render().expect("rendering with wgpu");
        let scale = image.width() as f32 / size[0];
        let pixel = |x: f32, y: f32| image.get_pixel((x * scale) as u32, (y * scale) as u32).0;
        // The title bar's colour, by its left end (past the fold arrow),
        // and by its right end, a few points inside the frame.
        let y = window.top() + 6.0;
        let left = pixel(window.left() + 36.0, y);
        let right = pixel(window.right() - 5.0, y);
        assert_eq!(
            left, right,
            "{size:?}: the title bar stops short of {window:?}"
        );
    }
}

#[test]
fn a_tempo_note_too_long_for_its_line_keeps_its_number() {
    // Beside a 2×50 row with every panel open the note read "(North's
    // tem…" or a bare "(…": cut by letters, it said nothing.
    let pos: Position = "en-gehe south=0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,1,0,0,0,0,1,0,1,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,2,0,0,1,1,1,0,0 north=0,0,0,0,0,0,0,0,0,0,0,0,1,0,0,0,0,0,0,0,0,0,0,0,0,0,1,0,0,0,0,0,0,1,0,1,0,1,0,0,0,1,1,0,0,0,0,1,0,0 captured=0,0 turn=south"
        .parse()
        .unwrap();
    let mut cut = 0;
    for width in (600..=1100).step_by(25) {
        let mut h = harness_at(pos, [width as f32, 680.0]);
        h.state_mut().settings.show_council = true;
        h.state_mut().settings.show_solver = true;
        h.state_mut().settings.show_tempo_plot = true;
        h.run_steps(4);
        let notes: Vec<String> = h
            .query_all_by(|node| {
                node.value().is_some_and(|l| {
                    l.starts_with('(')
                        && (l.contains("tempo")
                            || l.contains("level")
                            || l.chars().any(|c| c.is_ascii_digit()))
                })
            })
            .map(|node| {
                node.accesskit_node()
                    .value()
                    .unwrap_or_default()
                    .to_string()
            })
            .collect();
        for note in &notes {
            assert!(note.ends_with(')'), "at {width} px: {note}");
            assert!(
                !note.ends_with("…)") || note.chars().rev().nth(2) != Some(' '),
                "at {width} px: {note}"
            );
            // Never without its number: cut by words it read "(North's…)"
            // on a short line; the standing in fewest words keeps it.
            assert!(
                note.chars().any(|c| c.is_ascii_digit()) || note.contains("level"),
                "at {width} px: {note}"
            );
            // Every whole note says "tempo"; the shortened ones do not.
            if !note.contains("tempo") {
                cut += 1;
            }
        }
    }
    assert!(
        cut > 0,
        "no width shortened a note: the test looks at nothing"
    );
}

#[test]
fn the_council_under_the_board_gets_its_height_back_after_the_window_grew_and_shrank() {
    // Bao la Kimasai with the council under the board at 1024×680: made
    // bigger and then 1024×680 again, the council came back 9 px lower
    // than before, and stayed so (egui keeps a panel's size and only ever
    // cuts it to the room there is).
    for sizes in [
        &[[1600.0, 1000.0], [1024.0, 680.0]][..],
        &[[1024.0, 600.0], [1024.0, 680.0]][..],
        &[[1600.0, 1000.0], [900.0, 620.0], [1024.0, 680.0]][..],
    ] {
        let mut h = harness_at(
            GameOptions::bao_la_kimasai().start().unwrap(),
            [1024.0, 680.0],
        );
        h.state_mut().settings.show_council = true;
        h.state_mut().settings.council_dock = maasai_mancala::app::settings::CouncilDock::Bottom;
        h.state_mut().council.max_depth = Some(2);
        h.run_steps(6);
        let before = h.state().rt.council_rect.expect("the council is shown");
        for size in sizes {
            h.set_size(egui::vec2(size[0], size[1]));
            h.run_steps(6);
        }
        let after = h.state().rt.council_rect.expect("the council is shown");
        assert!(
            (after.top() - before.top()).abs() < 0.5,
            "through {sizes:?} the council went from {before:?} to {after:?}"
        );
    }
}

#[test]
fn a_zoomed_board_takes_back_the_height_a_council_under_it_had_grown_to() {
    // At 100 % the council under a 2×50 board grows into the height the
    // row leaves empty; zoomed to 244 % the board kept 120 px of it, one
    // row in sight at a time.
    let mut h = harness_at(GameOptions::en_gehe(50).start().unwrap(), [1280.0, 800.0]);
    h.state_mut().settings.show_council = true;
    h.state_mut().council.max_depth = Some(1);
    h.run_steps(6);
    let council = h.state().rt.council_rect.expect("the council is shown");
    let (area, unzoomed) = h.state().rt.board_area.expect("drawn");
    assert!(
        council.top() >= area.bottom() - 1.0,
        "{council:?} under {area:?}"
    );
    assert!(council.height() > 400.0, "grown to {council:?}");
    h.state_mut().settings.zoom = 2.44;
    h.run_steps(6);
    // (The board's rect is what of it is in sight.)
    let (_, board) = h.state().rt.board_area.expect("drawn");
    assert!(
        board.height() >= 2.0 * unzoomed.height(),
        "the zoomed board has {board:?}, unzoomed {unzoomed:?}"
    );
    let council = h.state().rt.council_rect.expect("the council is shown");
    assert!(council.height() >= 140.0, "{council:?}");
}

#[test]
fn a_click_past_both_a_short_line_and_the_game_views_the_games_end() {
    // A game of 2 moves, its start on view with a dashed line of 1 move:
    // the chart spans 4 moves, and a click on its empty right end played
    // the line (or cut the game) instead of viewing the last position.
    use maasai_mancala::app::tempo_plot::{Continuation, PlotClick, plot_ui};
    let start = common::en_gehe(5);
    let mut game = maasai_mancala::engine::Game::new(start);
    for _ in 0..2 {
        let mv = game.current().legal_moves()[0];
        game.play(mv).unwrap();
    }
    let positions = game.positions().to_vec();
    let line = [start.legal_moves()[1]];
    let clicked = std::cell::Cell::new(None);
    let (width, height) = (800.0, 300.0);
    let mut h = Harness::builder()
        .with_size(egui::vec2(width, height))
        .build_ui(|ui| {
            let cont = Continuation {
                from: 0,
                start,
                moves: &line,
                name: "solver line",
                follow: "play the line to it",
                follow_replacing: None,
            };
            if let Some(c) = plot_ui(ui, &positions, 0, Some(cont)) {
                clicked.set(Some(c));
            }
        });
    h.run();
    let mut seen = 0;
    for i in 0..6 {
        // The right end of the tempo chart (the left half), past move 3.
        let at = egui::pos2(width / 2.0 * (0.90 + 0.012 * i as f32), height * 0.5);
        clicked.set(None);
        click_at(&mut h, at);
        if let Some(c) = clicked.get() {
            assert_eq!(c, PlotClick::Game(2), "clicked at {at:?}");
            seen += 1;
        }
    }
    assert!(seen > 0, "no click landed on the chart");
}
