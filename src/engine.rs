//! The engine facade used by every protocol: loaded variants, the current variant, the
//! game (start position plus moves) and options. Protocol modules translate text into
//! calls on this type and never touch chess logic themselves.

use crate::catalog::Catalog;
use crate::moves::Move;
use crate::position::{Position, Rules};
use std::path::PathBuf;
use std::sync::Arc;

/// Name of the variant selected when nothing else is asked for.
pub const DEFAULT_VARIANT: &str = "chess";

pub struct Engine {
    pub catalog: Catalog,
    /// User variant files loaded after the embedded ones.
    pub variant_files: Vec<PathBuf>,
    pub rules: Arc<Rules>,
    /// Position the game started from.
    pub root: Position,
    /// Moves played since `root`.
    pub moves: Vec<Move>,
    /// `root` with `moves` played.
    pub pos: Position,
}

impl Engine {
    /// Engine with the embedded variants and the default variant's start position.
    pub fn new() -> Engine {
        Engine::with_catalog(Catalog::embedded(), Vec::new())
    }

    pub fn with_catalog(catalog: Catalog, variant_files: Vec<PathBuf>) -> Engine {
        let rules = catalog.get(DEFAULT_VARIANT).or_else(|| catalog.rules.first().cloned()).unwrap_or_else(|| {
            // The embedded file always defines chess; a test guards that.
            let c = Catalog::embedded();
            c.get(DEFAULT_VARIANT).expect("embedded variants.ini defines chess")
        });
        let root = Position::startpos(rules.clone());
        Engine { catalog, variant_files, rules, pos: root.clone(), root, moves: Vec::new() }
    }

    /// Loads user variant files (in addition to the embedded file). On success returns
    /// the problems found in them (broken sections are skipped, not fatal).
    pub fn load_variant_files(&mut self, files: Vec<PathBuf>) -> Vec<String> {
        let cat = Catalog::with_files(&files);
        let errors = cat.errors.clone();
        self.catalog = cat;
        self.variant_files = files;
        // Keep the current variant if it still exists (possibly redefined).
        let name = self.rules.variant.name.clone();
        match self.catalog.get(&name) {
            Some(r) => self.rules = r,
            None => {
                if let Some(r) = self.catalog.get(DEFAULT_VARIANT).or_else(|| self.catalog.rules.first().cloned()) {
                    self.rules = r;
                }
            }
        }
        self.new_game();
        errors
    }

    /// Switches variant and resets to its start position.
    pub fn set_variant(&mut self, name: &str) -> Result<(), String> {
        let rules = self.catalog.get(name).ok_or_else(|| format!("unknown variant '{name}'"))?;
        self.rules = rules;
        self.new_game();
        Ok(())
    }

    /// Start position of the current variant, no moves.
    pub fn new_game(&mut self) {
        self.root = Position::startpos(self.rules.clone());
        self.pos = self.root.clone();
        self.moves.clear();
    }

    /// Sets the game to `fen` (or the start position) followed by `moves`. On any error
    /// the previous game is kept unchanged.
    pub fn set_position(&mut self, fen: Option<&str>, moves: &[&str]) -> Result<(), String> {
        let root = match fen {
            Some(f) => Position::from_fen(self.rules.clone(), f).map_err(|e| format!("bad FEN: {e}"))?,
            None => Position::startpos(self.rules.clone()),
        };
        let mut pos = root.clone();
        let mut played = Vec::with_capacity(moves.len());
        for s in moves {
            let m = pos.parse_move(s).map_err(|e| e.to_string())?;
            pos.make_move(m);
            played.push(m);
        }
        self.root = root;
        self.pos = pos;
        self.moves = played;
        Ok(())
    }
}

impl Default for Engine {
    fn default() -> Self {
        Engine::new()
    }
}
