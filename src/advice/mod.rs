//! The council: eight advisors, each seeing the position its own way, each
//! proposing a move with one plain sentence built from what the search
//! found; their consensus weighted by strength; and the cost of a played
//! move against the best one, for the after-game review.
//!
//! UI-free: the panel renders [`CouncilReport`] from a search [`Analysis`]
//! (run the search with `SearchConfig::all_moves` so every move is ranked).

use crate::engine::{BAO_ROW, Move, Position, Side, Variant, possessive};
use crate::search::{
    self, Analysis, Bound, Line, SearchConfig, WIN, children_in_tree, eval, is_decisive,
    seeds_taken,
};
use std::time::Duration;

/// How an advisor looks at the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Style {
    /// The search's best move, as deep as it has read.
    Elder,
    /// The biggest capture (En Gehé) or raid (Bao la Kimasai) right now.
    Raider,
    /// The move after which the opponent's best immediate take is smallest.
    Guardian,
    /// En Gehé: the best tempo count; Bao la Kimasai: the most seeds kept in
    /// the outer row, to play later.
    TempoCounter,
    /// The most own holes left to move from, against the opponent's.
    Herder,
    /// Take now minus the opponent's best answer: one reply ahead.
    Scout,
    /// The best-looking board right after the move (static evaluation).
    Youth,
    /// The most seeds kept at home: En Gehé's own row, Bao's inner row.
    Keeper,
}

/// One member of the council.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Advisor {
    pub name: &'static str,
    /// One line of character.
    pub character: &'static str,
    /// Voting strength.
    pub weight: u32,
    pub style: Style,
}

/// The eight advisors, strongest first.
pub const COUNCIL: [Advisor; 8] = [
    Advisor {
        name: "The Elder",
        character: "Reads the game deepest and speaks last; has seen every trick twice.",
        weight: 5,
        style: Style::Elder,
    },
    Advisor {
        name: "The Scout",
        character: "Never takes a step without looking at the answer it invites.",
        weight: 3,
        style: Style::Scout,
    },
    Advisor {
        name: "The Guardian",
        character: "Counts what the other team could take next, and leaves it the least.",
        weight: 2,
        style: Style::Guardian,
    },
    Advisor {
        name: "The Youth",
        character: "Quick of eye: trusts how the board looks right after the move.",
        weight: 2,
        style: Style::Youth,
    },
    Advisor {
        name: "The Raider",
        character: "Grabs the biggest capture on the board now and worries later.",
        weight: 1,
        style: Style::Raider,
    },
    Advisor {
        name: "The Tempo-Counter",
        character: "Counts how long each side can wait (En Gehé: tempo; Bao la Kimasai: seeds kept in the outer row), and keeps ours longest.",
        weight: 1,
        style: Style::TempoCounter,
    },
    Advisor {
        name: "The Herder",
        character: "Keeps the herd spread out so there is always a hole to move from.",
        weight: 1,
        style: Style::Herder,
    },
    Advisor {
        name: "The Keeper",
        character: "Would rather keep seeds at home than chase the other team's.",
        weight: 1,
        style: Style::Keeper,
    },
];

/// What is known about one legal move, from the search and a shallow look.
#[derive(Clone, Debug)]
pub struct MoveFacts {
    pub mv: Move,
    /// Seeds taken at once.
    pub taken: u32,
    /// The search's line for the move, if it has one.
    pub line: Option<Line>,
    /// The opponent's answer that takes most at once, and how much.
    pub best_reply: Option<(Move, u32)>,
    /// The answer the search expects (second move of the line), and what it takes.
    pub expected_reply: Option<(Move, u32)>,
    /// En Gehé: tempo count mine minus theirs after the move; Bao la
    /// Kimasai: seeds in my outer row.
    pub tempo: i32,
    /// Occupied holes, mine minus theirs, after the move.
    pub mobility: i32,
    /// Static evaluation right after the move, for the mover.
    pub static_eval: i32,
    /// En Gehé: seeds in my row after the move; Bao la Kimasai: seeds in my inner row.
    pub kept: u32,
    /// The move ends the game (the opponent cannot move): `static_eval`
    /// is then its exact result.
    pub ends_game: bool,
    /// Plies from the position to the game's end along the search's
    /// line, when the line ends the game (the move itself is ply 1).
    pub line_ends_in: Option<usize>,
}

impl MoveFacts {
    fn reply_take(&self) -> u32 {
        self.best_reply.map_or(0, |r| r.1)
    }
    fn score(&self) -> i32 {
        self.line.as_ref().map_or(i32::MIN / 2, |l| l.score)
    }
}

/// One advisor's proposal.
#[derive(Clone, Debug)]
pub struct Advice {
    pub advisor: Advisor,
    pub mv: Move,
    /// Notation of the move (`7`, `i3`).
    pub move_name: String,
    /// One plain sentence.
    pub reason: String,
}

/// Votes for one move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Vote {
    pub mv: Move,
    pub weight: u32,
    /// Indexes into [`COUNCIL`] of the advisors who chose it.
    pub advisors: Vec<usize>,
}

/// The council's combined view.
#[derive(Clone, Debug)]
pub struct Consensus {
    /// Moves with votes, most weight first (ties: the search's order).
    pub votes: Vec<Vote>,
    pub total_weight: u32,
}

impl Consensus {
    pub fn chosen(&self) -> Option<Move> {
        self.votes.first().map(|v| v.mv)
    }
    /// The split as text, e.g. `7: 10/16, 12: 4/16, 3: 2/16`.
    pub fn split(&self, variant: Variant) -> String {
        self.votes
            .iter()
            .map(|v| {
                format!(
                    "{}: {}/{}",
                    variant.move_name(v.mv),
                    v.weight,
                    self.total_weight
                )
            })
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// The moves that share the most weight (the chosen one first, then
    /// in the search's order): more than one where the vote is tied.
    pub fn tied(&self) -> Vec<Move> {
        let top = self.votes.first().map_or(0, |v| v.weight);
        self.votes
            .iter()
            .take_while(|v| v.weight == top)
            .map(|v| v.mv)
            .collect()
    }

    /// The council's choice for `team` with the split, and how a tie was
    /// broken: "The council advises Ilkisongo to play hole i8 (i8: 6/16,
    /// i6: 6/16, o7: 4/16): i8 and i6 tie, and the search ranks i8 higher."
    pub fn describe(&self, variant: Variant, team: &str) -> Option<String> {
        let chosen = self.chosen()?;
        let mut text = format!(
            "The council advises {team} to play {} ({})",
            move_label(variant, chosen),
            self.split(variant)
        );
        let tied: Vec<String> = self
            .tied()
            .into_iter()
            .map(|mv| variant.move_name(mv))
            .collect();
        if let [first, .., last] = &tied[..] {
            let rest = &tied[1..tied.len() - 1];
            let most = if tied.len() == 2 { "higher" } else { "highest" };
            let mut names = vec![first.as_str()];
            names.extend(rest.iter().map(String::as_str));
            text += &format!(
                ": {} and {last} tie, and the search ranks {first} {most}",
                names.join(", ")
            );
        }
        text.push('.');
        Some(text)
    }
}

/// Everything the council panel shows.
#[derive(Clone, Debug)]
pub struct CouncilReport {
    pub advice: Vec<Advice>,
    pub consensus: Consensus,
    /// Facts per legal move, in the search's order (best first).
    pub facts: Vec<MoveFacts>,
}

impl CouncilReport {
    /// Said under the consensus when the search's best move is another
    /// ("The search ranks hole 17 first: …"): the headline named the
    /// vote's move alone, over a table that put another move first.
    pub fn search_differs(&self, variant: Variant) -> Option<String> {
        let chosen = self.consensus.chosen()?;
        let first = self.facts.first().filter(|f| f.line.is_some())?;
        let voted = self.facts.iter().find(|f| f.mv == chosen)?;
        // (A vote for a move the search scores as high is no departure.)
        (voted.score() < first.score()).then(|| {
            format!(
                "The search ranks {} first (Every move, best first): the advisors weigh \
                 more than its score.",
                move_label(variant, first.mv)
            )
        })
    }
}

/// A move as a sentence names it: "hole 12", "hole i6".
pub fn move_label(variant: Variant, mv: Move) -> String {
    match variant {
        Variant::EnGehe { .. } => format!("hole {}", mv.hole() + 1),
        // "hole i6", so that a sentence can begin "Hole i6" (not "I6").
        Variant::BaoLaKimasai => format!("hole {}", variant.move_name(mv)),
    }
}

fn take_verb(pos: &Position) -> &'static str {
    if pos.variant().is_en_gehe() {
        "captures"
    } else {
        "raids"
    }
}

fn occupied(pos: &Position, side: Side) -> i32 {
    pos.row(side).iter().filter(|&&c| c > 0).count() as i32
}

/// Gathers the facts of every move the analysis searched (the legal moves
/// of `pos`, less any it left undecided), in the analysis's order.
///
/// This runs on the window's thread, so nothing here proves a move endless
/// (that can take tens of seconds): the moves are the analysis's, which
/// the search has already seen end, and the replies are those that end
/// within the search tree's lap cap.
pub fn move_facts(pos: &Position, analysis: &Analysis) -> Vec<MoveFacts> {
    let me = pos.turn();
    let mut facts: Vec<MoveFacts> = analysis
        .lines
        .iter()
        .filter_map(|l| {
            let mut next = *pos;
            next.apply_fast(l.mv).ok().map(|()| (l.mv, next))
        })
        .map(|(mv, next)| {
            let replies = children_in_tree(&next);
            let best_reply = replies
                .iter()
                .map(|(r, after)| (*r, seeds_taken(&next, after)))
                .max_by_key(|&(r, t)| (t, std::cmp::Reverse(r)));
            let line = analysis.line(mv).cloned();
            let expected_reply = line.as_ref().and_then(|l| l.pv.get(1)).and_then(|&r| {
                replies
                    .iter()
                    .find(|(m, _)| *m == r)
                    .map(|(m, after)| (*m, seeds_taken(&next, after)))
            });
            let (tempo, kept) = match pos.variant() {
                Variant::EnGehe { .. } => (
                    -next.tempo_deficit(me) as i32,
                    next.row(me).iter().map(|&c| c as u32).sum(),
                ),
                Variant::BaoLaKimasai => (
                    next.row(me)[BAO_ROW..].iter().map(|&c| c as i32).sum(),
                    next.row(me)[..BAO_ROW].iter().map(|&c| c as u32).sum(),
                ),
            };
            // Bao la Kimasai: an emptied inner row decides the game, for the
            // mover when it is the opponent's, against him when his own
            // (RULES.md); `bao_decided` scores it for the side to move next.
            let decided = match pos.variant() {
                Variant::EnGehe { .. } => None,
                Variant::BaoLaKimasai => eval::bao_decided(&next, 0).map(|s| -s),
            };
            let ends_game = next.candidate_moves().next().is_none();
            let line_ends_in = line.as_ref().and_then(|l| plies_to_the_end(pos, &l.pv));
            let static_eval = if let Some(score) = decided {
                score
            } else if ends_game {
                // The opponent cannot move: the game is over. (Replies that
                // only sow past the cap leave the game open.)
                match pos.variant() {
                    Variant::EnGehe { .. } => -eval::en_gehe_final(&next),
                    Variant::BaoLaKimasai => WIN,
                }
            } else {
                -eval::evaluate(&next)
            };
            MoveFacts {
                mv,
                taken: seeds_taken(pos, &next),
                line,
                best_reply,
                expected_reply,
                tempo,
                mobility: occupied(&next, me) - occupied(&next, me.opponent()),
                static_eval,
                kept,
                ends_game,
                line_ends_in,
            }
        })
        .collect();
    facts.sort_by_key(|f| {
        analysis
            .lines
            .iter()
            .position(|l| l.mv == f.mv)
            .unwrap_or(usize::MAX)
    });
    facts
}

/// The score as people read it. En Gehé's is seeds; Bao la Kimasai's,
/// which is won by emptying an inner row, is the search's points (mostly
/// seeds held, weighed with the inner rows' safety), so it says "points".
pub fn describe_score(score: i32, bound: Bound, variant: Variant) -> String {
    if let Some(plies) = search::decided_plies(score) {
        // Plies (turns of either side), as the solver counts them.
        let what = if score > 0 { "a win" } else { "a loss" };
        return match plies {
            0 | 1 => format!("{what} at once"),
            n => format!("{what} in {n} plies"),
        };
    }
    let q = if bound == Bound::Upper {
        "at most "
    } else {
        ""
    };
    let amount = |tenths: i32| amount_words(tenths, variant);
    if score > 0 {
        format!("{q}{} ahead", amount(score))
    } else if score < 0 {
        format!("{q}{} behind", amount(-score))
    } else {
        format!("{q}level")
    }
}

/// What the sentences need besides the facts: the position, and the
/// teams' names as the window shows them (the New game dialog's, e.g.
/// "Ilkisongo"; "South" and "North" by default).
struct Speech<'a> {
    pos: &'a Position,
    v: Variant,
    /// The team that answers our move.
    them: &'a str,
}

impl Speech<'_> {
    /// The game's word for taking seeds, as a verb's base form: En Gehé
    /// "capture", Bao la Kimasai "raid".
    fn verb(&self) -> &'static str {
        if self.v.is_en_gehe() {
            "capture"
        } else {
            "raid"
        }
    }
    /// "captures", "raids".
    fn verbs(&self) -> &'static str {
        take_verb(self.pos)
    }
}

/// Which of the other side's answers a sentence speaks of.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Answer {
    /// The biggest take it has in reply (the Raider's, the Scout's and the
    /// Guardian's worst case).
    Biggest,
    /// The answer the search expects (the Elder's line), said as such.
    Expected,
}

/// The other side's answer to `f` as a clause: "North can capture 7 in
/// reply, from hole 16" (the biggest take it has), or "North's expected
/// answer, hole 44, captures 6" (the search's line). `either` adds "either"
/// where the answer takes nothing after a move that took nothing. `None`
/// when the game is over after the move.
fn answer_clause(sp: &Speech, f: &MoveFacts, which: Answer, either: bool) -> Option<String> {
    let them = sp.them;
    let either = if either { " either" } else { "" };
    let expected = match which {
        Answer::Expected => f.expected_reply,
        Answer::Biggest => None,
    };
    Some(match (expected, f.best_reply?) {
        (Some((r, t)), _) if t > 0 => format!(
            "{} expected answer, {}, {} {t}",
            possessive(them),
            move_label(sp.v, r),
            sp.verbs()
        ),
        (Some((r, _)), _) => format!(
            "{} expected answer, {}, {} nothing{either}",
            possessive(them),
            move_label(sp.v, r),
            sp.verbs()
        ),
        (None, (r, t)) if t > 0 => format!(
            "{them} can {} {t} in reply, from {}",
            sp.verb(),
            move_label(sp.v, r)
        ),
        (None, _) => format!("{them} has nothing to {} in reply{either}", sp.verb()),
    })
}

/// Bao la Kimasai: whether the other team's answer to `f` may raid at all
/// (both reserves empty after the move); always in En Gehé. While it
/// cannot, "North has nothing to raid in reply" says nothing of the move.
fn reply_may_raid(sp: &Speech, f: &MoveFacts) -> bool {
    sp.v.is_en_gehe()
        || sp
            .pos
            .try_play(f.mv)
            .is_ok_and(|after| after.raids_allowed())
}

/// Said where neither the move nor its answer may raid.
const NO_RAIDS_YET: &str = "no raids before both reserves are empty";

/// What the move takes and what the answer takes: "captures 9 now, but
/// North can capture 14 in reply, from hole 12" ([`Answer::Biggest`]) or
/// "captures 9 now, but North's expected answer, hole 12, captures 3"
/// ([`Answer::Expected`]); "…, and ends the game".
fn exchange(sp: &Speech, f: &MoveFacts, which: Answer) -> String {
    if f.best_reply.is_some() && !reply_may_raid(sp, f) {
        // (Nor may the move itself: reserves only empty.)
        return format!("{} nothing ({NO_RAIDS_YET})", sp.verbs());
    }
    let now = taken_now(sp, f);
    match answer_clause(sp, f, which, f.taken == 0) {
        // "but" where the answer takes something back.
        Some(answer) => {
            let takes = match which {
                Answer::Expected => f.expected_reply.or(f.best_reply),
                Answer::Biggest => f.best_reply,
            };
            let but = if takes.is_some_and(|(_, t)| t > 0) {
                "but"
            } else {
                "and"
            };
            format!("{now}, {but} {answer}")
        }
        // The game is over after it (a row emptied, or nothing left to move).
        None => format!("{now}, and ends the game"),
    }
}

/// "captures 9 now" or "captures nothing now" ("raids" in Bao la Kimasai).
fn taken_now(sp: &Speech, f: &MoveFacts) -> String {
    if f.taken > 0 {
        format!("{} {} now", sp.verbs(), f.taken)
    } else {
        format!("{} nothing now", sp.verbs())
    }
}

/// Where a score leaves us against the other team: "8 seeds ahead of
/// North", "level with North", "at most 1 seed ahead of North"; a proved
/// result as [`describe_score`] says it ("a win in 5 plies").
fn standing(score: i32, bound: Bound, v: Variant, them: &str) -> String {
    let words = describe_score(score, bound, v);
    if search::decided_plies(score).is_some() {
        words
    } else if score > 0 {
        format!("{words} of {them}")
    } else if score < 0 {
        format!("{words} {them}")
    } else {
        format!("{words} with {them}")
    }
}

/// The search's verdict on a move: what it expects the move to leave us
/// with ("the search expects us to end up 4.1 seeds behind North"), not
/// how far it falls behind the best move.
fn verdict(f: &MoveFacts, v: Variant, them: &str) -> String {
    match &f.line {
        Some(l) if search::decided_plies(l.score).is_some() => {
            format!("the search sees {}", describe_score(l.score, l.bound, v))
        }
        Some(l) => format!(
            "the search expects us to end up {}",
            standing(l.score, l.bound, v, them)
        ),
        None => "the search has not rated it yet".into(),
    }
}

/// The moves an advisor's "no other move …" speaks of: every move, or,
/// where the choice within reason passed over a move that does better by
/// the advisor's own measure, the moves it chose among ("no other winning
/// move raids more"; it said "no other move" of a raid of 1 while another
/// move raided 2 and was proved lost).
#[derive(Clone, Copy)]
struct Among(&'static str);

impl Among {
    const EVERY: Among = Among("move");
    const WINS: Among = Among("winning move");
    const NOT_LOST: Among = Among("move not proved lost");
    const AS_GOOD_AS_THE_WIN: Among = Among("move that scores as well as the game won now");
}

/// Plies along `line` from `pos` until the game ends, if it ends there
/// (a Bao la Kimasai inner row emptied decides it too).
fn plies_to_the_end(pos: &Position, line: &[Move]) -> Option<usize> {
    let mut p = *pos;
    for (ply, &mv) in line.iter().enumerate() {
        p.apply_fast(mv).ok()?;
        let decided =
            matches!(p.variant(), Variant::BaoLaKimasai) && eval::bao_decided(&p, 0).is_some();
        if decided || p.candidate_moves().next().is_none() {
            return Some(ply + 1);
        }
    }
    None
}

fn sentence(
    sp: &Speech,
    advisor: &Advisor,
    f: &MoveFacts,
    analysis: &Analysis,
    among: Among,
) -> String {
    let m = among.0;
    let v = sp.v;
    let label = move_label(v, f.mv);
    let mut label_cap = label.clone();
    if let Some(c) = label_cap.get_mut(0..1) {
        c.make_ascii_uppercase();
    }
    let them = sp.them;
    let verdict = verdict(f, v, them);
    // En Gehé: a move that ends the game leaves nothing to wait for, herd
    // or keep ("so we can wait longer" was said of a move that ends it).
    if f.ends_game
        && v.is_en_gehe()
        && matches!(
            advisor.style,
            Style::TempoCounter | Style::Herder | Style::Keeper
        )
    {
        let end = match f.static_eval {
            0 => "a draw".to_string(),
            e if e > 0 => format!("we win by {}", amount_words(e, v)),
            e => format!("{them} wins by {}", amount_words(-e, v)),
        };
        return format!("{label_cap} ends the game now: {end}.");
    }
    match advisor.style {
        Style::Elder => {
            // A line that ends the game short of the search's depth is
            // read to its end ("24 plies ahead" was said of a game over
            // in 4).
            let reading = match f.line_ends_in {
                Some(1) => "Reading to the game's end, 1 ply ahead".to_string(),
                Some(n) if (n as u64) < u64::from(analysis.depth) => {
                    format!("Reading to the game's end, {n} plies ahead")
                }
                _ => format!("Reading {} plies ahead", analysis.depth),
            };
            format!(
                "{reading}, {label} is best: it {}; {verdict}.",
                exchange(sp, f, Answer::Expected)
            )
        }
        Style::Raider => {
            if f.taken > 0 {
                format!(
                    "{label_cap} {}; no other {m} {} more.",
                    exchange(sp, f, Answer::Biggest),
                    sp.verbs()
                )
            } else {
                raider_empty_handed(sp, f, &label, among)
            }
        }
        Style::Guardian => match f.best_reply {
            Some((r, t)) if t > 0 => format!(
                "After {label} the most {them} can {} in reply is {t}, from {}; no other {m} leaves less.",
                sp.verb(),
                move_label(v, r)
            ),
            Some(_) if !reply_may_raid(sp, f) => {
                format!("After {label} {them} cannot raid in reply ({NO_RAIDS_YET}).")
            }
            Some(_) => format!(
                "After {label} {them} has nothing to {} in reply.",
                sp.verb()
            ),
            None => format!("After {label} the game is over."),
        },
        Style::TempoCounter => match v {
            Variant::EnGehe { .. } => tempo_sentence(&label_cap, them, f.tempo, among),
            // With nothing left in the outer row there is nothing to keep
            // for later: say so rather than say it keeps none.
            Variant::BaoLaKimasai if f.tempo > 0 => format!(
                "{label_cap} keeps {} in our outer row to play later (no {m} keeps more).",
                seeds(f.tempo)
            ),
            Variant::BaoLaKimasai => format!(
                "No {m} leaves a seed in our outer row to play later, so we play the search's choice, {label}."
            ),
        },
        Style::Herder => {
            let herd = match f.mobility {
                0 => format!("as many occupied holes as {them}"),
                1 => format!("1 more occupied hole than {them}"),
                -1 => format!("1 occupied hole fewer than {them}"),
                n if n > 0 => format!("{n} more occupied holes than {them}"),
                n => format!("{} occupied holes fewer than {them}", -n),
            };
            format!("{label_cap} leaves us {herd} (no {m} leaves a wider herd).")
        }
        Style::Scout => {
            // The net counts the biggest take in reply (not the answer the
            // search expects), and the sentence names that one.
            let net = f.taken as i32 - f.reply_take() as i32;
            format!(
                "{label_cap} nets {} at once: it {}.",
                signed(net),
                exchange(sp, f, Answer::Biggest)
            )
        }
        Style::Youth => {
            let look = if search::decided_plies(f.static_eval).is_some() {
                describe_score(f.static_eval, Bound::Exact, v)
            } else {
                format!(
                    "right after it we look {}",
                    standing(f.static_eval, Bound::Exact, v, them)
                )
            };
            format!("At a glance {label} leaves the board best for us: {look}.")
        }
        Style::Keeper => match v {
            Variant::EnGehe { .. } => format!(
                "{label_cap} keeps {} in our own row (no {m} keeps more); {verdict}.",
                seeds(f.kept)
            ),
            Variant::BaoLaKimasai => format!(
                "{label_cap} keeps {} in our inner row (no {m} keeps a stronger front); {verdict}.",
                seeds(f.kept)
            ),
        },
    }
}

/// "1 seed", "3 seeds".
fn seeds(n: impl Into<i64>) -> String {
    let n = n.into();
    format!("{n} seed{}", if n == 1 { "" } else { "s" })
}

/// The Tempo-Counter's En Gehé sentence: the reason it gives depends on
/// whether the best tempo count leaves us ahead, level or behind (being
/// behind is no reason to wait; the move only loses the least time).
fn tempo_sentence(label_cap: &str, them: &str, tempo: i32, among: Among) -> String {
    let m = among.0;
    match tempo {
        t if t > 0 => format!(
            "{label_cap} leaves our tempo count {} against {} (no {m} leaves it better), so we can wait longer.",
            signed(t),
            possessive(them)
        ),
        0 => format!(
            "{label_cap} leaves our tempo count level with {} (no {m} leaves it better), so neither side can outwait the other yet.",
            possessive(them)
        ),
        t => format!(
            "{label_cap} leaves us {} behind {them} in tempo, the least of any {m}, so it gives away the least waiting time.",
            -t
        ),
    }
}

/// The Raider's sentence when no move takes anything (it then plays the
/// search's choice): why nothing can be taken, in the game's own terms
/// (Bao la Kimasai has no raids while herding, nor while the other team
/// still has seeds in reserve), then the biggest take in reply, as when
/// it raids.
fn raider_empty_handed(sp: &Speech, f: &MoveFacts, label: &str, among: Among) -> String {
    let m = among.0;
    let me = sp.pos.turn();
    let them = sp.them;
    let why = match sp.v {
        Variant::EnGehe { .. } => format!("No {m} captures anything now"),
        Variant::BaoLaKimasai if sp.pos.herding(me) => {
            "There are no raids while herding".to_string()
        }
        Variant::BaoLaKimasai if !sp.pos.raids_allowed() => {
            format!("There are no raids while {them} still has seeds in reserve")
        }
        Variant::BaoLaKimasai => format!("No {m} raids anything now"),
    };
    match answer_clause(sp, f, Answer::Biggest, true) {
        // Nor any in reply: nothing more to say of it.
        Some(_) if !reply_may_raid(sp, f) => {
            format!("{why}, so we play the search's choice, {label}.")
        }
        Some(answer) => format!("{why}, so we play the search's choice, {label}; {answer}."),
        None => format!("{why}, so we play the search's choice, {label}, which ends the game."),
    }
}

/// A signed number as the council writes it: "+3", "0", "−3", with the
/// minus sign (U+2212) rather than a hyphen, as the council's table
/// writes what an answer takes back ("(then −6)").
pub fn signed(x: i32) -> String {
    match x {
        x if x > 0 => format!("+{x}"),
        0 => "0".to_string(),
        x => format!("\u{2212}{}", x.unsigned_abs()),
    }
}

/// The move an advisor picks from the facts (ties go to the search's order),
/// and the moves it picked among, as its sentence names them.
fn pick(advisor: &Advisor, facts: &[MoveFacts]) -> (usize, Among) {
    let key = |f: &MoveFacts| -> (i64, i64) {
        let s = f.score() as i64;
        match advisor.style {
            Style::Elder => (s, 0),
            Style::Raider => (f.taken as i64, s),
            Style::Guardian => (-(f.reply_take() as i64), s),
            Style::TempoCounter => (f.tempo as i64, s),
            Style::Herder => (f.mobility as i64, s),
            Style::Scout => (f.taken as i64 - f.reply_take() as i64, s),
            Style::Youth => (f.static_eval as i64, s),
            Style::Keeper => (f.kept as i64, s),
        }
    };
    // Style within reason: no advisor proposes a move the search proved
    // lost while another is not, nor passes over a proved win (the
    // Raider's raid that loses in 4 plies carried the vote over a move
    // that holds out; Bao la Kimasai, where the search proves such ends).
    let proved = |f: &MoveFacts| {
        f.line
            .as_ref()
            .and_then(|l| search::decided_plies(l.score).map(|_| l.score.signum()))
            .unwrap_or(0)
    };
    let standing = facts.iter().map(proved).max().unwrap_or(0);
    // En Gehé: a move that ends the game won has a sure margin, and no
    // advisor passes over it for a move the search expects to do worse
    // (the Tempo-Counter "waited" with a move scored −2 beside a win by 6
    // at once).
    let value = |f: &MoveFacts| {
        if f.ends_game {
            f.static_eval
        } else {
            f.score()
        }
    };
    let won_now = facts
        .iter()
        // (A Bao la Kimasai ending is a proved win, handled above.)
        .filter(|f| f.ends_game && f.static_eval > 0 && proved(f) == 0)
        .map(|f| f.static_eval)
        .max();
    let allowed = |f: &MoveFacts| {
        won_now.is_none_or(|won| value(f) >= won)
            && match standing {
                // Some move wins: only wins.
                1 => proved(f) == 1,
                // Some move is not proved lost: not the proved losses.
                0 => proved(f) >= 0,
                // Every move loses: the advisors' own choice among them.
                _ => true,
            }
    };
    let mut best: Option<usize> = None;
    for (i, f) in facts.iter().enumerate() {
        if !allowed(f) {
            continue;
        }
        // Strictly better only: earlier (better searched) moves win ties.
        if best.is_none_or(|b| key(f) > key(&facts[b])) {
            best = Some(i);
        }
    }
    let best = best.unwrap_or(0);
    // A move left out that does better by the advisor's own measure: its
    // "no other move" speaks of the moves it chose among.
    let passed_over = facts
        .iter()
        .any(|f| !allowed(f) && key(f).0 > key(&facts[best]).0);
    let among = match standing {
        _ if !passed_over => Among::EVERY,
        1 => Among::WINS,
        _ if won_now.is_some() => Among::AS_GOOD_AS_THE_WIN,
        _ => Among::NOT_LOST,
    };
    (best, among)
}

/// The council's report on `pos`, from an analysis of it (ideally one that
/// ranks every move), naming the sides "South" and "North". `None` when
/// the side to move has no legal move.
pub fn council(pos: &Position, analysis: &Analysis) -> Option<CouncilReport> {
    council_of_teams(pos, analysis, [Side::South.title(), Side::North.title()])
}

/// [`council`] with the sides named by their teams' names, South's first,
/// as the window names them ("Ilkisongo", "Ilpurko").
pub fn council_of_teams(
    pos: &Position,
    analysis: &Analysis,
    teams: [&str; 2],
) -> Option<CouncilReport> {
    let facts = move_facts(pos, analysis);
    if facts.is_empty() {
        return None;
    }
    let v = pos.variant();
    let sp = Speech {
        pos,
        v,
        them: teams[pos.turn().opponent().index()],
    };
    let advice: Vec<Advice> = COUNCIL
        .iter()
        .map(|a| {
            let (i, among) = pick(a, &facts);
            let f = &facts[i];
            Advice {
                advisor: *a,
                mv: f.mv,
                move_name: v.move_name(f.mv),
                reason: sentence(&sp, a, f, analysis, among),
            }
        })
        .collect();
    let mut votes: Vec<Vote> = Vec::new();
    for (i, a) in advice.iter().enumerate() {
        match votes.iter_mut().find(|v| v.mv == a.mv) {
            Some(v) => {
                v.weight += a.advisor.weight;
                v.advisors.push(i);
            }
            None => votes.push(Vote {
                mv: a.mv,
                weight: a.advisor.weight,
                advisors: vec![i],
            }),
        }
    }
    let order = |mv: Move| facts.iter().position(|f| f.mv == mv).unwrap_or(usize::MAX);
    votes.sort_by_key(|v| (std::cmp::Reverse(v.weight), order(v.mv)));
    let total_weight = COUNCIL.iter().map(|a| a.weight).sum();
    Some(CouncilReport {
        advice,
        consensus: Consensus {
            votes,
            total_weight,
        },
        facts,
    })
}

/// A search score's tenths in words: En Gehé "1 seed", "4 seeds",
/// "3.5 seeds"; Bao la Kimasai the same in points (see [`describe_score`]).
pub fn amount_words(tenths: i32, variant: Variant) -> String {
    let unit = if variant.is_en_gehe() {
        "seed"
    } else {
        "point"
    };
    // A negative amount (none of the council's sentences says one, but
    // this is public) with the minus sign, as [`signed`] writes it.
    let minus = if tenths < 0 { "\u{2212}" } else { "" };
    let abs = tenths.unsigned_abs();
    if abs.is_multiple_of(10) {
        let n = abs / 10;
        format!("{minus}{n} {unit}{}", if n == 1 { "" } else { "s" })
    } else {
        format!("{minus}{:.1} {unit}s", search::seeds(tenths).abs())
    }
}

/// What a played move cost against the best one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveCost {
    pub played: Move,
    pub best: Move,
    /// Tenths of a seed lost (never negative).
    pub loss: i32,
    /// The played move was only bounded, so the loss is at least this.
    pub at_least: bool,
    /// What the search proved of the best and the played move, where it
    /// proved a win or a loss (Bao la Kimasai): the note then speaks of
    /// that rather than of seeds.
    pub outcome: Option<OutcomeChange>,
    /// Plies the search looked ahead.
    pub depth: u32,
}

/// How a played move changed a proved outcome (a win or loss within the
/// search's depth), against the best move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OutcomeChange {
    /// Both win; the played move more slowly.
    SlowerWin,
    /// Both lose; the played move sooner.
    SoonerLoss,
    /// The best move forces a win; the played one forces none the search saw.
    MissesTheWin,
    /// The played move lets the other side force a win the best one does not.
    AllowsALoss,
}

impl MoveCost {
    pub fn seeds(&self) -> f64 {
        search::seeds(self.loss)
    }

    /// The note for the move list, e.g. `cost 3.5 seeds (best was hole 12)`.
    pub fn describe(&self, variant: Variant) -> String {
        if self.loss == 0 {
            return "best move".to_string();
        }
        // "hole 2": a bare "best was 2" read as two seeds.
        let best = move_label(variant, self.best);
        if let Some(change) = self.outcome {
            let what = match change {
                OutcomeChange::SlowerWin => "wins more slowly",
                OutcomeChange::SoonerLoss => "loses sooner",
                OutcomeChange::MissesTheWin => "misses the forced win",
                OutcomeChange::AllowsALoss => "allows a forced loss",
            };
            return format!("{what} (best was {best})");
        }
        // A search's estimate, not a proof: "about", and whole seeds
        // without a ".0" ("about 1 seed", "about 3.5 seeds").
        let q = if self.at_least { "at least" } else { "about" };
        format!(
            "cost {q} {} (best was {best})",
            amount_words(self.loss, variant)
        )
    }
}

/// Seeds lost by `played` against the best move, from an analysis of the
/// position it was played in. `None` if the analysis does not know the move.
pub fn cost(analysis: &Analysis, played: Move) -> Option<MoveCost> {
    let best = analysis.best()?;
    let line = analysis.line(played)?;
    let loss = (best.score - line.score).max(0);
    Some(MoveCost {
        played,
        best: best.mv,
        loss,
        at_least: line.bound == Bound::Upper,
        outcome: outcome_change(best.score, line.score).filter(|_| loss > 0),
        depth: analysis.depth,
    })
}

/// How the played move's score compares with the best one's where either
/// is a proved win or loss (a heuristic score proves neither).
fn outcome_change(best: i32, played: i32) -> Option<OutcomeChange> {
    let wins = |s: i32| is_decisive(s) && s > 0;
    let loses = |s: i32| is_decisive(s) && s < 0;
    match () {
        _ if wins(best) && wins(played) => Some(OutcomeChange::SlowerWin),
        _ if loses(best) && loses(played) => Some(OutcomeChange::SoonerLoss),
        _ if wins(best) => Some(OutcomeChange::MissesTheWin),
        _ if loses(played) => Some(OutcomeChange::AllowsALoss),
        _ => None,
    }
}

/// The after-game review: the cost of every move of a game, each position
/// searched to `depth` with every move ranked. Entry `i` belongs to move `i`.
pub fn review(start: &Position, moves: &[Move], depth: u32) -> Vec<Option<MoveCost>> {
    let mut pos = *start;
    let mut seen = Vec::new();
    let mut out = Vec::with_capacity(moves.len());
    for &mv in moves {
        let config = review_config(depth, None, seen.clone());
        let analysis = search::search(&pos, config);
        out.push(cost(&analysis, mv));
        seen.push(pos);
        if pos.play(mv).is_err() {
            break;
        }
    }
    out
}

/// The search that reviews one move: every move ranked, to `depth` plies
/// or, with `time`, as deep as that time allows up to `depth` (one
/// thread: a review runs beside the council); `history` is the game's
/// positions before it.
pub fn review_config(depth: u32, time: Option<Duration>, history: Vec<Position>) -> SearchConfig {
    SearchConfig {
        max_depth: Some(depth),
        movetime: time,
        threads: 1,
        history,
        ..SearchConfig::default()
    }
    .all_moves()
}

#[cfg(test)]
mod tests {
    use super::{OutcomeChange, Style, council, outcome_change};
    use crate::engine::notation::parse_position;
    use crate::engine::{GameOptions, Position};
    use crate::search::{self, SearchConfig, WIN};

    /// A fixed pseudo-random choice among `n` (the same games every run).
    fn picker(seed: u64) -> impl FnMut(usize) -> usize {
        let mut state = seed;
        move |n| {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (state >> 33) as usize % n
        }
    }

    /// What `advisor` says of `pos`, the council reading 2 plies ahead.
    fn says(pos: &str, advisor: Style) -> String {
        let pos = parse_position(pos).unwrap();
        let analysis = search::search(&pos, SearchConfig::depth(2).all_moves());
        let report = council(&pos, &analysis).expect("a report");
        let advice = report.advice.iter().find(|a| a.advisor.style == advisor);
        advice.expect("every advisor speaks").reason.clone()
    }

    #[test]
    fn signed_numbers_take_the_minus_sign_not_a_hyphen() {
        use super::{amount_words, signed};
        assert_eq!(signed(4), "+4");
        assert_eq!(signed(0), "0");
        assert_eq!(signed(-4), "\u{2212}4");
        assert_eq!(signed(i32::MIN), "\u{2212}2147483648");
        assert_eq!(amount_words(-5, EN_GEHE), "\u{2212}0.5 seeds");
        assert_eq!(amount_words(-10, EN_GEHE), "\u{2212}1 seed");
        assert_eq!(amount_words(-35, EN_GEHE), "\u{2212}3.5 seeds");
    }

    #[test]
    fn the_scout_writes_a_loss_with_the_minus_sign() {
        assert_eq!(
            says(
                "en-gehe south=7,1,1,2,3,2 north=1,2,1,3,0,2 captured=12,11 turn=south",
                Style::Scout
            ),
            "Hole 3 nets \u{2212}3 at once: it captures nothing now, but North can capture 3 \
             in reply, from hole 2."
        );
    }

    #[test]
    fn the_raider_with_nothing_to_take_says_why_in_the_game_s_terms() {
        // Whole sentences, each with its verb ("we play"), in the game's
        // words: raids in Bao la Kimasai, captures in En Gehé.
        // Bao la Kimasai, herding: no raids in phase 1.
        assert_eq!(
            says(
                "bao-la-kimasai south=1,1,0,1,0,0,1,2,0,2,1,1,2,1,1,0 \
                 north=0,0,1,0,0,2,3,1,1,2,0,1,0,2,1,1 reserve=18,17 turn=south opening=no",
                Style::Raider
            ),
            "There are no raids while herding, so we play the search's choice, hole i2."
        );
        // Nor any in reply: the others do not speak of raids as if any
        // could be (it read "it raids nothing now, and North raids nothing
        // either").
        let herding = "bao-la-kimasai south=1,1,0,1,0,0,1,2,0,2,1,1,2,1,1,0 \
                       north=0,0,1,0,0,2,3,1,1,2,0,1,0,2,1,1 reserve=18,17 turn=south opening=no";
        let scout = says(herding, Style::Scout);
        assert!(
            scout.ends_with(": it raids nothing (no raids before both reserves are empty)."),
            "{scout}"
        );
        let guardian = says(herding, Style::Guardian);
        assert!(
            guardian
                .ends_with("North cannot raid in reply (no raids before both reserves are empty)."),
            "{guardian}"
        );
        // Set up with our reserve empty and North's not: we sow as in
        // phase 2, without raids.
        assert_eq!(
            says(
                "bao-la-kimasai south=0,1,3,6,1,2,1,1,2,1,2,1,0,1,7,2 \
                 north=0,1,2,4,1,2,4,2,1,1,1,2,1,2,0,8 reserve=0,1 turn=south opening=no",
                Style::Raider
            ),
            "There are no raids while North still has seeds in reserve, so we play the \
             search's choice, hole o2."
        );
        // Raiding, but no move raids.
        assert_eq!(
            says(
                "bao-la-kimasai south=2,1,0,0,0,0,1,0,1,0,2,1,0,0,1,0 \
                 north=1,14,2,10,3,1,1,3,4,2,0,7,4,1,0,2 reserve=0,0 turn=south opening=no",
                Style::Raider
            ),
            "No move raids anything now, so we play the search's choice, hole i1; \
             North can raid 2 in reply, from hole i2."
        );
        // En Gehé with no capture on the board: the answer takes nothing
        // either, takes something, or there is none.
        assert_eq!(
            says(
                "en-gehe south=0,0,3,0,0,0 north=0,2,0,2,0,0 captured=16,25 turn=south",
                Style::Raider
            ),
            "No move captures anything now, so we play the search's choice, hole 3; \
             North has nothing to capture in reply either."
        );
        assert_eq!(
            says(
                "en-gehe south=7,1,1,2,3,2 north=1,2,1,3,0,2 captured=12,11 turn=south",
                Style::Raider
            ),
            "No move captures anything now, so we play the search's choice, hole 3; \
             North can capture 3 in reply, from hole 2."
        );
        assert_eq!(
            says(
                "en-gehe south=0,0,0,0,0,0 north=0,0,1,1,0,0 captured=21,25 turn=north",
                Style::Raider
            ),
            "No move captures anything now, so we play the search's choice, hole 3, which \
             ends the game."
        );
    }

    /// 2×50 after South 41 and North 34, South to move.
    const AFTER_41_34: &str = "en-gehe \
        south=5,5,5,5,0,0,5,5,5,0,5,5,5,5,0,5,5,5,5,0,5,5,5,5,0,5,5,5,5,0,5,5,5,5,0,5,5,5,5,0,1,6,6,6,0,5,5,5,5,0 \
        north=5,5,5,5,0,0,5,5,5,0,5,5,5,5,0,5,5,5,5,0,5,5,5,5,0,5,5,5,5,0,5,5,5,0,1,6,6,6,0,1,6,6,6,6,0,5,5,5,5,0 \
        captured=6,6 turn=south";

    #[test]
    fn the_raider_names_the_biggest_capture_in_reply() {
        // After South 4 (which captures 7) North can capture 7 from hole
        // 16, 22 or 28, and 6 from hole 44, the answer the search expected
        // and the Raider used to name as if it were the worst.
        let raider = says(AFTER_41_34, Style::Raider);
        assert_eq!(
            raider,
            "Hole 4 captures 7 now, but North can capture 7 in reply, from hole 16; \
             no other move captures more."
        );
    }

    #[test]
    fn every_reply_clause_is_true_of_the_move_it_follows() {
        // Positions met in games played by a fixed pseudo-random choice:
        // whatever an advisor says the other side "can capture in reply"
        // is the most any reply takes, from a hole that takes it; an
        // "expected answer" is the second move of the search's line for
        // the move, and takes what it says.
        use crate::engine::Move;
        let mut pick = picker(99);
        let number_after = |text: &str, words: &str| -> Option<u32> {
            let at = text.find(words)? + words.len();
            text[at..]
                .split(|c: char| !c.is_ascii_digit())
                .next()?
                .parse()
                .ok()
        };
        let hole_after = |text: &str, words: &str| -> Option<String> {
            let at = text.find(words)? + words.len();
            let rest = &text[at..];
            Some(rest.split([',', ';', '.', ' ']).next()?.to_string())
        };
        let mut checked = [0; 2];
        for start in [
            GameOptions::en_gehe(8).start().unwrap(),
            GameOptions::bao_la_kimasai().start().unwrap(),
        ] {
            let mut pos: Position = start;
            for _ply in 0..120 {
                let legal = pos.legal_moves();
                if legal.is_empty() {
                    break;
                }
                let v = pos.variant();
                let analysis = search::search(&pos, SearchConfig::depth(3).all_moves());
                let report = council(&pos, &analysis).expect("a report");
                for advice in &report.advice {
                    let text = &advice.reason;
                    let mut after = pos;
                    after.play(advice.mv).unwrap();
                    let takes = |r: Move| {
                        let mut next = after;
                        next.play(r)
                            .map_or(0, |()| search::seeds_taken(&after, &next))
                    };
                    let most = after.legal_moves().into_iter().map(takes).max();
                    let verb = if v.is_en_gehe() { "capture" } else { "raid" };
                    if let Some(n) = number_after(text, &format!("can {verb} ")) {
                        assert_eq!(Some(n), most, "{pos}\n{}: {text}", advice.advisor.name);
                        let hole = hole_after(text, "in reply, from hole ").unwrap();
                        let r = v.parse_move(&hole).unwrap();
                        assert_eq!(takes(r), n, "{pos}\n{}: {text}", advice.advisor.name);
                        checked[0] += 1;
                    }
                    if text.contains(&format!("nothing to {verb} in reply")) {
                        assert_eq!(most, Some(0), "{pos}\n{}: {text}", advice.advisor.name);
                    }
                    if let Some(hole) = hole_after(text, "expected answer, hole ") {
                        let r = v.parse_move(&hole).unwrap();
                        let line = analysis.line(advice.mv).unwrap();
                        assert_eq!(line.pv.get(1), Some(&r), "{pos}\n{text}");
                        let n = number_after(text, &format!("{hole}, {verb}s ")).unwrap_or(0);
                        assert_eq!(takes(r), n, "{pos}\n{}: {text}", advice.advisor.name);
                        checked[1] += 1;
                    }
                }
                if pos.play(legal[pick(legal.len())]).is_err() {
                    break;
                }
            }
        }
        assert!(checked[0] > 0 && checked[1] > 0, "{checked:?}");
    }

    #[test]
    fn the_advisors_name_the_teams_as_the_window_does() {
        let pos = parse_position(AFTER_41_34).unwrap();
        let analysis = search::search(&pos, SearchConfig::depth(2).all_moves());
        let report = super::council_of_teams(&pos, &analysis, ["Ilkisongo", "Ilpurko"]).unwrap();
        for advice in &report.advice {
            let text = &advice.reason;
            assert!(
                !text.contains("North") && !text.contains("South"),
                "{}: {text}",
                advice.advisor.name
            );
        }
        let raider = &report
            .advice
            .iter()
            .find(|a| a.advisor.style == Style::Raider);
        assert!(
            raider
                .unwrap()
                .reason
                .contains("Ilpurko can capture 7 in reply"),
            "{raider:?}"
        );
        let consensus = report.consensus.describe(pos.variant(), "Ilkisongo");
        assert!(
            consensus
                .as_deref()
                .is_some_and(|c| c.starts_with("The council advises Ilkisongo to play hole ")),
            "{consensus:?}"
        );
    }

    #[test]
    fn the_search_s_verdict_is_where_the_move_leaves_us_not_a_gap_to_the_best() {
        use super::{Answer, MoveFacts, Speech, exchange, verdict};
        use crate::engine::{Move, Variant};
        use crate::search::{Bound, Line};
        let facts = |score, bound| MoveFacts {
            mv: Move(3),
            taken: 0,
            line: Some(Line {
                mv: Move(3),
                score,
                bound,
                depth: 7,
                pv: vec![Move(3), Move(1)],
                taken_now: 0,
            }),
            best_reply: Some((Move(0), 3)),
            expected_reply: Some((Move(1), 2)),
            tempo: 0,
            mobility: 0,
            static_eval: 0,
            kept: 0,
            ends_game: false,
            line_ends_in: None,
        };
        let v = Variant::EnGehe { holes: 6 };
        assert_eq!(
            verdict(&facts(-41, Bound::Exact), v, "Ilpurko"),
            "the search expects us to end up 4.1 seeds behind Ilpurko"
        );
        assert_eq!(
            verdict(&facts(80, Bound::Exact), v, "Ilpurko"),
            "the search expects us to end up 8 seeds ahead of Ilpurko"
        );
        assert_eq!(
            verdict(&facts(0, Bound::Exact), v, "Ilpurko"),
            "the search expects us to end up level with Ilpurko"
        );
        assert_eq!(
            verdict(&facts(10, Bound::Upper), v, "Ilpurko"),
            "the search expects us to end up at most 1 seed ahead of Ilpurko"
        );
        assert_eq!(
            verdict(&facts(WIN - 5, Bound::Exact), v, "Ilpurko"),
            "the search sees a win in 5 plies"
        );
        // The expected answer is said as the search's expectation, the
        // biggest take as what the other side can do.
        let pos =
            parse_position("en-gehe south=7,1,1,2,3,2 north=1,2,1,3,0,2 captured=12,11 turn=south")
                .unwrap();
        let sp = Speech {
            pos: &pos,
            v: pos.variant(),
            them: "Ilpurko",
        };
        let f = facts(0, Bound::Exact);
        assert_eq!(
            exchange(&sp, &f, Answer::Expected),
            "captures nothing now, but Ilpurko's expected answer, hole 2, captures 2"
        );
        assert_eq!(
            exchange(&sp, &f, Answer::Biggest),
            "captures nothing now, but Ilpurko can capture 3 in reply, from hole 1"
        );
        // A team named in the plural: "Purko Warriors'", not "…s's".
        let sp = Speech {
            them: "Purko Warriors",
            ..sp
        };
        assert_eq!(
            exchange(&sp, &f, Answer::Expected),
            "captures nothing now, but Purko Warriors' expected answer, hole 2, captures 2"
        );
    }

    #[test]
    fn the_search_s_own_first_move_is_named_when_the_vote_chose_another() {
        let pos = parse_position(
            "en-gehe south=4,4,4,4,4,4,4,4 north=4,4,4,4,4,4,4,4 captured=0,0 turn=south",
        )
        .unwrap();
        let analysis = search::search(&pos, SearchConfig::depth(2).all_moves());
        let mut report = council(&pos, &analysis).expect("a report");
        let first = report.facts[0].mv;
        let variant = pos.variant();
        // The vote's move first: nothing more to say.
        report.consensus.votes.sort_by_key(|v| v.mv != first);
        if report.consensus.chosen() != Some(first) {
            report.consensus.votes.insert(
                0,
                super::Vote {
                    mv: first,
                    weight: 16,
                    advisors: vec![0],
                },
            );
        }
        assert_eq!(report.search_differs(variant), None);
        // A move the search scores lower voted first: the search's is
        // named (one it scores as high would be no departure).
        let top = report.facts[0].score();
        let other = report
            .facts
            .iter()
            .find(|f| f.score() < top)
            .expect("a move scored lower")
            .mv;
        if let Some(tied) = report.facts[1..].iter().find(|f| f.score() == top) {
            let mut even = report.clone();
            even.consensus.votes.insert(
                0,
                super::Vote {
                    mv: tied.mv,
                    weight: 17,
                    advisors: vec![1],
                },
            );
            assert_eq!(even.search_differs(variant), None);
        }
        report.consensus.votes.insert(
            0,
            super::Vote {
                mv: other,
                weight: 17,
                advisors: vec![1],
            },
        );
        assert_eq!(
            report.search_differs(variant).as_deref(),
            Some(
                format!(
                    "The search ranks hole {} first (Every move, best first): the advisors \
                     weigh more than its score.",
                    first.hole() + 1
                )
                .as_str()
            )
        );
    }

    #[test]
    fn a_tied_vote_says_how_the_tie_is_broken() {
        use super::{Consensus, Vote};
        use crate::engine::{Move, Variant};
        let vote = |hole, weight| Vote {
            mv: Move(hole),
            weight,
            advisors: vec![0],
        };
        let bao = Variant::BaoLaKimasai;
        let name = |mv| bao.move_name(mv);
        let (i8, i6, o7) = (Move(7), Move(5), Move(9));
        assert_eq!(name(i8), "i8");
        assert_eq!(name(i6), "i6");
        assert_eq!(name(o7), "o7");
        let tied = Consensus {
            votes: vec![vote(7, 6), vote(5, 6), vote(9, 4)],
            total_weight: 16,
        };
        assert_eq!(
            tied.describe(bao, "Ilkisongo").unwrap(),
            "The council advises Ilkisongo to play hole i8 (i8: 6/16, i6: 6/16, o7: 4/16): \
             i8 and i6 tie, and the search ranks i8 higher."
        );
        let three = Consensus {
            votes: vec![vote(7, 5), vote(5, 5), vote(9, 5), vote(0, 1)],
            total_weight: 16,
        };
        assert_eq!(three.tied(), vec![i8, i6, o7]);
        assert!(
            three
                .describe(bao, "Ilkisongo")
                .unwrap()
                .ends_with(": i8, i6 and o7 tie, and the search ranks i8 highest."),
        );
        let clear = Consensus {
            votes: vec![vote(7, 10), vote(5, 6)],
            total_weight: 16,
        };
        assert_eq!(
            clear.describe(bao, "Ilkisongo").unwrap(),
            "The council advises Ilkisongo to play hole i8 (i8: 10/16, i6: 6/16)."
        );
    }

    #[test]
    fn the_elder_does_not_say_takes_nothing_twice_over() {
        // (The search's rating, after the semicolon, is the evaluation's.)
        let elder = says(
            "en-gehe south=0,0,3,0,0,0 north=0,2,0,2,0,0 captured=16,25 turn=south",
            Style::Elder,
        );
        assert!(
            elder.starts_with(
                "Reading 2 plies ahead, hole 3 is best: it captures nothing now, and North's \
                 expected answer, hole 4, captures nothing either; the search expects us to \
                 end up "
            ),
            "{elder}"
        );
    }

    #[test]
    fn the_elder_reads_a_line_that_ends_the_game_to_its_end_not_the_depth() {
        // Hole 1 ends the game at once: "Reading 6 plies ahead" was said.
        let pos =
            parse_position("en-gehe south=1,0,2 north=0,3,0 captured=5,5 turn=south").unwrap();
        let analysis = search::search(&pos, SearchConfig::depth(6).all_moves());
        assert_eq!(analysis.depth, 6);
        let report = council(&pos, &analysis).expect("a report");
        let elder = report
            .advice
            .iter()
            .find(|a| a.advisor.style == Style::Elder)
            .expect("the Elder speaks");
        assert!(
            elder
                .reason
                .starts_with("Reading to the game's end, 1 ply ahead, hole 1 is best"),
            "{}",
            elder.reason
        );
        // A line that does not end the game is read to the depth.
        let open =
            parse_position("en-gehe south=4,4,4,4,4,4 north=4,4,4,4,4,4 captured=0,0 turn=south")
                .unwrap();
        let analysis = search::search(&open, SearchConfig::depth(3).all_moves());
        let report = council(&open, &analysis).expect("a report");
        let elder = report
            .advice
            .iter()
            .find(|a| a.advisor.style == Style::Elder)
            .expect("the Elder speaks");
        assert!(
            elder.reason.starts_with("Reading 3 plies ahead, "),
            "{}",
            elder.reason
        );
    }

    /// Whether `text` has an ASCII hyphen right before a digit ("-1").
    fn hyphen_before_a_digit(text: &str) -> bool {
        text.as_bytes()
            .windows(2)
            .any(|w| w[0] == b'-' && w[1].is_ascii_digit())
    }

    #[test]
    fn no_advisor_writes_a_hyphen_for_a_minus() {
        assert!(hyphen_before_a_digit("nets -1 at once"));
        assert!(!hyphen_before_a_digit("the Tempo-Counter: \u{2212}1"));
        // Games played out from the start by a fixed pseudo-random choice,
        // the council asked at every turn; some of its sentences must say
        // a negative number, or this proves nothing.
        let mut pick = picker(12345);
        let mut negatives = 0;
        for start in [
            GameOptions::en_gehe(6).start().unwrap(),
            GameOptions::en_gehe(24).start().unwrap(),
            GameOptions::bao_la_kimasai().start().unwrap(),
        ] {
            for _game in 0..2 {
                let mut pos: Position = start;
                for _ply in 0..80 {
                    let legal = pos.legal_moves();
                    if legal.is_empty() {
                        break;
                    }
                    let analysis = search::search(&pos, SearchConfig::depth(2).all_moves());
                    for advice in council(&pos, &analysis).expect("a report").advice {
                        assert!(
                            !hyphen_before_a_digit(&advice.reason),
                            "{pos}\n{}: {}",
                            advice.advisor.name,
                            advice.reason
                        );
                        negatives += advice.reason.contains('\u{2212}') as u32;
                    }
                    if pos.play(legal[pick(legal.len())]).is_err() {
                        break;
                    }
                }
            }
        }
        assert!(negatives > 0, "no sentence said a negative number");
    }

    #[test]
    fn a_move_cost_is_told_in_whole_seeds_where_it_is_whole() {
        use super::MoveCost;
        use crate::engine::{Move, Variant};
        let cost = |loss, at_least| MoveCost {
            played: Move(3),
            best: Move(0),
            loss,
            at_least,
            outcome: None,
            depth: 12,
        };
        let v = Variant::EnGehe { holes: 6 };
        assert_eq!(
            cost(10, false).describe(v),
            "cost about 1 seed (best was hole 1)"
        );
        assert_eq!(
            cost(40, false).describe(v),
            "cost about 4 seeds (best was hole 1)"
        );
        assert_eq!(
            cost(35, true).describe(v),
            "cost at least 3.5 seeds (best was hole 1)"
        );
        assert_eq!(cost(0, false).describe(v), "best move");
    }

    #[test]
    fn no_advisor_passes_over_a_game_won_at_once_for_a_worse_move() {
        // Hole 1 ends the game won by 6; hole 3 is scored −2. The
        // Tempo-Counter chose hole 3 "so we can wait longer", and the
        // Keeper for the seeds it keeps.
        let pos = "en-gehe south=1,0,2 north=0,3,0 captured=5,5 turn=south";
        let tempo = says(pos, Style::TempoCounter);
        assert_eq!(tempo, "Hole 1 ends the game now: we win by 6 seeds.");
        let keeper = says(pos, Style::Keeper);
        assert_eq!(keeper, "Hole 1 ends the game now: we win by 6 seeds.");
        let report = {
            let p = parse_position(pos).unwrap();
            let analysis = search::search(&p, SearchConfig::depth(2).all_moves());
            council(&p, &analysis).unwrap()
        };
        for a in &report.advice {
            assert_eq!(a.move_name, "1", "{:?}: {}", a.advisor.style, a.reason);
        }
    }

    #[test]
    fn the_tempo_counter_only_talks_of_waiting_longer_when_ahead() {
        use super::tempo_sentence;
        let ahead = tempo_sentence("Hole 2", "North", 12, super::Among::EVERY);
        assert!(
            ahead.contains("+12") && ahead.contains("wait longer"),
            "{ahead}"
        );
        let level = tempo_sentence("Hole 2", "North", 0, super::Among::EVERY);
        assert!(level.contains("level with North's"), "{level}");
        assert!(!level.contains("wait longer"), "{level}");
        let behind = tempo_sentence("Hole 2", "North", -27, super::Among::EVERY);
        assert!(behind.contains("27 behind North"), "{behind}");
        assert!(!behind.contains("wait longer"), "{behind}");
    }

    const EN_GEHE: crate::engine::Variant = crate::engine::Variant::EnGehe { holes: 6 };

    #[test]
    fn scores_are_seeds_in_en_gehe_and_points_in_bao_la_kimasai() {
        use super::describe_score;
        use crate::engine::Variant;
        use crate::search::Bound;
        assert_eq!(describe_score(70, Bound::Exact, EN_GEHE), "7 seeds ahead");
        assert_eq!(
            describe_score(-28, Bound::Exact, EN_GEHE),
            "2.8 seeds behind"
        );
        assert_eq!(
            describe_score(10, Bound::Upper, EN_GEHE),
            "at most 1 seed ahead"
        );
        let bao = Variant::BaoLaKimasai;
        assert_eq!(describe_score(396, Bound::Exact, bao), "39.6 points ahead");
        assert_eq!(describe_score(-10, Bound::Exact, bao), "1 point behind");
    }

    #[test]
    fn decisive_scores_are_told_in_plies() {
        use super::describe_score;
        use crate::search::Bound;
        assert_eq!(describe_score(WIN, Bound::Exact, EN_GEHE), "a win at once");
        assert_eq!(
            describe_score(WIN - 1, Bound::Exact, EN_GEHE),
            "a win at once"
        );
        assert_eq!(
            describe_score(-(WIN - 5), Bound::Exact, EN_GEHE),
            "a loss in 5 plies"
        );
    }

    #[test]
    fn a_slower_win_is_not_called_a_changed_result() {
        // Win in 3 against win in 5; a proved win against a heuristic score
        // (which proves nothing either way); a heuristic against a loss.
        assert_eq!(
            outcome_change(WIN - 3, WIN - 5),
            Some(OutcomeChange::SlowerWin)
        );
        assert_eq!(
            outcome_change(-WIN + 9, -WIN + 3),
            Some(OutcomeChange::SoonerLoss)
        );
        assert_eq!(
            outcome_change(WIN - 3, 753),
            Some(OutcomeChange::MissesTheWin)
        );
        assert_eq!(
            outcome_change(120, -WIN + 4),
            Some(OutcomeChange::AllowsALoss)
        );
        assert_eq!(outcome_change(120, 40), None);
    }
}
