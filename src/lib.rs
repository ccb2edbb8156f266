//! maasai-mancala: a study program for the Maasai mancala games En Gehé and
//! Bao la Kimasai. The [`engine`] module is the shared, UI-free rules
//! engine (start there to write a bot or an analysis tool); [`app`] is the
//! desktop window over it.
//!
//! A complete game between two simple bots, one that takes the most seeds
//! it can and one that plays its first legal move:
//!
//! ```
//! use maasai_mancala::engine::{Game, GameOptions, Side, Status};
//!
//! let mut game = Game::new(GameOptions::en_gehe(6).start()?);
//! while !game.is_over() {
//!     let pos = *game.current();
//!     let mv = match pos.turn() {
//!         // Each legal move with the position it leaves.
//!         Side::South => pos
//!             .successors()
//!             .into_iter()
//!             .max_by_key(|(_, next)| next.captured(Side::South))
//!             .map(|(mv, _)| mv),
//!         Side::North => pos.legal_moves().first().copied(),
//!     }
//!     .expect("a game that is not over has a legal move");
//!     game.play(mv)?;
//! }
//! let Status::Over(result) = game.status() else { unreachable!() };
//! let [south, north] = result.score.expect("En Gehé is scored");
//! // No seed is ever lost: 2 rows of 6 holes of 4 seeds.
//! assert_eq!(south + north, 48);
//! println!("{} after {} moves", result.describe(), game.moves().len());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub mod advice;
pub mod app;
pub mod cli;
pub mod diagram;
pub mod engine;
pub mod files;
pub mod priority;
pub mod search;
pub mod solver;
pub mod study;
