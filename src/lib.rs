//! maasai-mancala: a study program for the Maasai mancala games En Gehé and
//! Bao la Kimasai. The `engine` module is the shared, UI-free rules engine;
//! `app` is the desktop window over it.

pub mod advice;
pub mod app;
pub mod cli;
pub mod engine;
pub mod files;
pub mod search;
