//! Position: board state, make/unmake, Zobrist hashing and FEN.
//!
//! The board is kept three ways: a mailbox (`board`), per-colour-and-type bitboards, and
//! per-colour occupancy. Every change goes through `put`/`remove`, which keep them and the
//! hash key in step and log the old contents of the square, so `unmake` is the same for
//! every kind of move (castling, two-leg captures, e.p., later cage shifts): restore the
//! logged squares in reverse order and the saved [`State`].
//!
//! Rules that data cannot express live in `crate::rules`; the position keeps their state
//! ([`RuleState`] in each [`State`], [`RuleData`] beside the board) and calls their hooks.
//!
//! * `fen.rs`: reading and writing FENs, the ASCII diagram;
//! * `make.rs`: make/unmake and the hash key from scratch;
//! * `history.rs`: the positions since the last irreversible move (repetitions);
//! * `rule_board.rs`: the position as the rules see it (`rules::Board`).

mod fen;
mod flip;
mod history;
mod make;
mod rule_board;

pub use fen::{FenError, parse_board};

use crate::attacks::Tables;
use crate::bitboard::Bitboard;
use crate::moves::Move;
use crate::piece::Piece;
use crate::rules::{RuleData, RuleSet, RuleState, RuleUndo};
use crate::square::{Color, NUM_SQUARES, Square};
use crate::values::{Score, Values};
use crate::variant::{MAX_PIECE_TYPES, PieceType, Variant};
use arrayvec::ArrayVec;
use std::fmt;
use std::sync::Arc;

/// A variant together with its compiled tables and derived facts. Shared by all positions
/// (and search threads) of that variant.
#[derive(Debug)]
pub struct Rules {
    pub variant: Variant,
    pub tables: Tables,
    /// The rules that data cannot express, with their hooks.
    pub hooks: RuleSet,
    /// Board of the start position (decides which pieces count as unmoved in a FEN).
    pub start_board: Vec<Piece>,
    /// Bit `t` set for royal types.
    pub royal_mask: u64,
    /// Bit `t` set for types whose moves reset the n-move counter.
    pub pawn_mask: u64,
    /// Bit `t` set for types with initial-only moves other than castling.
    pub initial_mask: u64,
    /// Bit `t` set for types that can castle.
    pub castler_mask: u64,
    /// Bit `t` set for types that may be castling partners (all types when unrestricted).
    pub castling_partner_mask: u64,
    /// Promotion zone per colour.
    pub zones: [Bitboard; 2],
    /// Last rank per colour (for `promoteOnLastRank`).
    pub last_ranks: [Bitboard; 2],
    /// Bit `t` set for types in `promoteOnLastRank`.
    pub last_rank_promoter_mask: u64,
    /// Bit `t` set for types in `promoteByCaptureOnly`.
    pub capture_promoter_mask: u64,
    /// A rule changes which squares exist or may be captured on (walls, immune pieces,
    /// pieces that never take a royal); also in `Tables::dynamic_targets`.
    pub dynamic_targets: bool,
    /// A rule adds moves of its own (extra or fallback moves): generation asks for them.
    pub rule_moves: bool,
    /// Evaluation values and piece-square tables.
    pub values: Values,
}

impl Rules {
    /// Compiles a variant and checks its start position.
    pub fn new(variant: Variant) -> Result<Arc<Rules>, FenError> {
        let mut tables =
            Tables::build(&variant, RuleSet::generated_slides(&variant), RuleSet::pawn_capture_exempt(&variant));
        let hooks = RuleSet::new(&variant);
        let dynamic_targets = hooks.cage.is_some() || hooks.has_immunity() || !variant.no_check.is_empty();
        tables.dynamic_targets = dynamic_targets;
        let rule_moves = hooks.has_extra_moves() || hooks.swap.is_some();
        let mut royal_mask = 0u64;
        let mut pawn_mask = 0u64;
        let mut initial_mask = 0u64;
        let mut castler_mask = 0u64;
        for (i, p) in variant.pieces.iter().enumerate() {
            if p.royal {
                royal_mask |= 1 << i;
            }
            if p.pawn {
                pawn_mask |= 1 << i;
            }
            if p.moves.iter().any(|m| m.initial && m.castle.is_none()) {
                initial_mask |= 1 << i;
            }
            if p.moves.iter().any(|m| m.castle.is_some()) {
                castler_mask |= 1 << i;
            }
        }
        let castling_partner_mask = match &variant.castling_partners {
            Some(list) => list.iter().fold(0u64, |m, t| m | (1 << t)),
            None => !0,
        };
        let no_promotion = RuleSet::no_promotion_squares(&variant);
        let zones = [
            variant.promotion_zone_of(false).without(no_promotion),
            variant.promotion_zone_of(true).without(no_promotion),
        ];
        let last_ranks =
            [Bitboard::rank_mask(variant.ranks - 1) & variant.board, Bitboard::rank_mask(0) & variant.board];
        let mask_of = |list: &[PieceType]| list.iter().fold(0u64, |m, t| m | (1u64 << t));
        let last_rank_promoter_mask = mask_of(&variant.promote_on_last_rank);
        let capture_promoter_mask = mask_of(&variant.promote_by_capture_only);
        let eval_pawns =
            if pawn_mask != 0 { pawn_mask } else { variant.type_by_token("P").map(|t| 1u64 << t).unwrap_or(0) };
        let mut values = Values::build(&variant, &tables, eval_pawns, &variant.value_overrides);
        let fen = variant.start_fen.clone();
        let board_part = fen.split_whitespace().next().unwrap_or("");
        let start_board = parse_board(&variant, board_part)?;
        values.max_phase = start_board
            .iter()
            .filter(|p| p.is_some())
            .map(|p| values.phase_weight[p.kind() as usize])
            .sum::<i32>()
            .max(1);
        let rules = Arc::new(Rules {
            variant,
            tables,
            hooks,
            start_board,
            royal_mask,
            pawn_mask,
            initial_mask,
            castler_mask,
            castling_partner_mask,
            zones,
            last_ranks,
            last_rank_promoter_mask,
            capture_promoter_mask,
            dynamic_targets,
            rule_moves,
            values,
        });
        // The start position must be a valid position of the variant.
        Position::from_fen(rules.clone(), &fen)?;
        Ok(rules)
    }
}

/// State that make/unmake saves and restores wholesale.
#[derive(Clone, Copy, Debug)]
pub struct State {
    pub key: u64,
    /// Plies since the last capture or pawn move.
    pub rule50: u32,
    /// Squares an e.p. capture may land on.
    pub ep: Bitboard,
    /// The piece that would be captured e.p.
    pub ep_victim: Square,
    /// Unmoved pieces whose status matters (castling, initial moves).
    pub virgin: Bitboard,
    /// The move that led here (Move::NONE at the root).
    pub last_move: Move,
    /// Piece captured by the last move (first capture for two-leg moves).
    pub captured: Piece,
    pub plies_from_null: u32,
    /// The rules' per-move state.
    pub rules: RuleState,
}

/// The most squares one move changes: room for a whole line shifted by one square (a
/// Slide-chess insertion moves up to 7 pieces: 14 removes and puts) plus a capture.
const MAX_CHANGES: usize = 32;

#[derive(Clone, Debug)]
struct Undo {
    state: State,
    changes: ArrayVec<(Square, Piece), MAX_CHANGES>,
    rules: RuleUndo,
}

/// A position of a variant.
#[derive(Clone)]
pub struct Position {
    rules: Arc<Rules>,
    board: [Piece; NUM_SQUARES],
    pcs: [[Bitboard; MAX_PIECE_TYPES]; 2],
    by_color: [Bitboard; 2],
    occ: Bitboard,
    counts: [[u16; MAX_PIECE_TYPES]; 2],
    totals: [u16; 2],
    royals: [u16; 2],
    /// Sum of piece-square values (White minus Black), kept incrementally.
    psq: Score,
    /// Sum of phase weights of the pieces on the board.
    phase: i32,
    side: Color,
    st: State,
    history: Vec<Undo>,
    /// Full-move number of the root, from the FEN.
    start_fullmove: u32,
    /// Black was to move at the root.
    root_black: bool,
    /// The current move's log of changed squares and their old contents.
    changes: ArrayVec<(Square, Piece), MAX_CHANGES>,
    /// The rules' state that is not copied with every move.
    rule_data: RuleData,
}

impl Position {
    pub fn rules(&self) -> &Arc<Rules> {
        &self.rules
    }

    pub fn variant(&self) -> &Variant {
        &self.rules.variant
    }

    #[inline]
    pub fn tables(&self) -> &Tables {
        &self.rules.tables
    }

    #[inline]
    pub fn side_to_move(&self) -> Color {
        self.side
    }

    #[inline]
    pub fn piece_at(&self, sq: Square) -> Piece {
        self.board[sq.index()]
    }

    /// The piece on every square (`NONE` where empty), by square index.
    #[inline]
    pub fn squares(&self) -> &[Piece; NUM_SQUARES] {
        &self.board
    }

    #[inline]
    pub fn occupied(&self) -> Bitboard {
        self.occ
    }

    #[inline]
    pub fn color_bb(&self, c: Color) -> Bitboard {
        self.by_color[c.index()]
    }

    #[inline]
    pub fn pieces(&self, c: Color, t: PieceType) -> Bitboard {
        self.pcs[c.index()][t as usize]
    }

    /// The pieces of `c` of every type in `mask` (bit `t` set for type `t`).
    #[inline]
    pub fn pieces_of(&self, c: Color, mut mask: u64) -> Bitboard {
        let mut b = Bitboard::EMPTY;
        while mask != 0 {
            let t = mask.trailing_zeros() as PieceType;
            mask &= mask - 1;
            b |= self.pieces(c, t);
        }
        b
    }

    #[inline]
    pub fn count(&self, c: Color, t: PieceType) -> u16 {
        self.counts[c.index()][t as usize]
    }

    /// Number of pieces of a colour.
    #[inline]
    pub fn total(&self, c: Color) -> u16 {
        self.totals[c.index()]
    }

    /// Number of royal pieces of a colour.
    #[inline]
    pub fn royal_count(&self, c: Color) -> u16 {
        self.royals[c.index()]
    }

    /// Piece-square sum (White minus Black).
    #[inline]
    pub fn psq(&self) -> Score {
        self.psq
    }

    /// Remaining non-pawn, non-royal material (for tapering the evaluation).
    #[inline]
    pub fn phase(&self) -> i32 {
        self.phase
    }

    #[inline]
    pub fn state(&self) -> &State {
        &self.st
    }

    /// The rules' per-move state.
    #[inline]
    pub fn rule_state(&self) -> &RuleState {
        &self.st.rules
    }

    /// The rules' state that is not copied with every move.
    #[inline]
    pub fn rule_data(&self) -> &RuleData {
        &self.rule_data
    }

    /// The variant's rules that data cannot express.
    #[inline]
    pub fn hooks(&self) -> &RuleSet {
        &self.rules.hooks
    }

    #[inline]
    pub fn key(&self) -> u64 {
        self.st.key
    }

    #[inline]
    pub fn is_virgin(&self, sq: Square) -> bool {
        self.st.virgin.contains(sq)
    }

    /// Plies of the whole game: those before the root (from the FEN's move number and
    /// side to move) and those made since. The time plan weighs a move by it, and the
    /// FEN's move number is written from it.
    pub fn plies_of_game(&self) -> usize {
        2 * (self.start_fullmove.max(1) as usize - 1) + usize::from(self.root_black) + self.history.len()
    }

    /// Keys of earlier positions, most recent first (the current one excluded).
    pub fn key_history(&self) -> impl Iterator<Item = &State> {
        self.history.iter().rev().map(|u| &u.state)
    }

    /// Royal pieces of a colour.
    pub fn royal_squares(&self, c: Color) -> Bitboard {
        self.pieces_of(c, self.rules.royal_mask)
    }

    fn empty(rules: Arc<Rules>) -> Position {
        Position {
            rules,
            board: [Piece::NONE; NUM_SQUARES],
            pcs: [[Bitboard::EMPTY; MAX_PIECE_TYPES]; 2],
            by_color: [Bitboard::EMPTY; 2],
            occ: Bitboard::EMPTY,
            counts: [[0; MAX_PIECE_TYPES]; 2],
            totals: [0; 2],
            royals: [0; 2],
            psq: Score::default(),
            phase: 0,
            side: Color::White,
            st: State {
                key: 0,
                rule50: 0,
                ep: Bitboard::EMPTY,
                ep_victim: Square::from_index(0),
                virgin: Bitboard::EMPTY,
                last_move: Move::NONE,
                captured: Piece::NONE,
                plies_from_null: 0,
                rules: RuleState::default(),
            },
            history: Vec::new(),
            start_fullmove: 1,
            root_black: false,
            changes: ArrayVec::new(),
            rule_data: RuleData::default(),
        }
    }

    /// A copy of the position without its history, to try a move on: repetition and
    /// the moves before it are gone, everything else is the same.
    pub fn scratch(&self) -> Position {
        Position {
            rules: self.rules.clone(),
            board: self.board,
            pcs: self.pcs,
            by_color: self.by_color,
            occ: self.occ,
            counts: self.counts,
            totals: self.totals,
            royals: self.royals,
            psq: self.psq,
            phase: self.phase,
            side: self.side,
            st: self.st,
            history: Vec::new(),
            start_fullmove: self.start_fullmove,
            root_black: self.root_black,
            changes: ArrayVec::new(),
            rule_data: self.rule_data.clone(),
        }
    }

    /// The variant's start position.
    pub fn startpos(rules: Arc<Rules>) -> Position {
        let fen = rules.variant.start_fen.clone();
        // `Rules::new` has already checked that the start FEN parses.
        Position::from_fen(rules, &fen).unwrap_or_else(|e| unreachable!("start FEN validated by Rules::new: {e}"))
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({})", self.fen())
    }
}
