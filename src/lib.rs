//! Kirin: a fairy-chess engine on 256-bit boards.
//!
//! Layers, lowest first (a layer only uses the ones below it):
//! `square`/`bitboard` → `variant` (data, ini, XBetza) → `attacks` (compiled tables) →
//! `rules` (what data cannot express, behind hook points) → `position` (state,
//! make/unmake, FEN) → `movegen` (moves, attacks, legality) → `game_end` → `perft`,
//! `search`, `engine`, `protocol`.

pub mod allocator;
pub mod attacks;
pub mod bitboard;
pub mod catalog;
pub mod engine;
pub mod game_end;
pub mod leap_shape;
pub mod movegen;
pub mod moves;
pub mod nnue;
pub mod notation;
pub mod perft;
pub mod piece;
pub mod position;
pub mod protocol;
pub mod rules;
pub mod search;
pub mod square;
pub mod tune;
pub mod values;
pub mod variant;
pub mod zobrist;
