//! Rules that variant data alone cannot express, each behind its own ini keys so that a
//! user can switch them on for a new variant (DESIGN.md principle 1).
//!
//! * [`lion`]: Chu Shogi's lion-trading rules (`lions = ...`).

pub mod lion;
