//! Position: board state, make/unmake, Zobrist hashing and FEN.
//!
//! The board is kept three ways: a mailbox (`board`), per-colour-and-type bitboards, and
//! per-colour occupancy. Every change goes through `put`/`remove`, which keep them and the
//! hash key in step and log the old contents of the square, so `unmake` is the same for
//! every kind of move (castling, two-leg captures, e.p., later cage shifts): restore the
//! logged squares in reverse order and the saved [`State`].

use crate::attacks::Tables;
use crate::bitboard::Bitboard;
use crate::moves::{Move, MoveKind};
use crate::piece::Piece;
use crate::square::{Color, NUM_SQUARES, Square};
use crate::values::{Score, Values};
use crate::variant::{EndValue, MAX_PIECE_TYPES, PieceType, Variant};
use crate::zobrist::KEYS;
use arrayvec::ArrayVec;
use std::fmt;
use std::sync::Arc;

/// A variant together with its compiled tables and derived facts. Shared by all positions
/// (and search threads) of that variant.
#[derive(Debug)]
pub struct Rules {
    pub variant: Variant,
    pub tables: Tables,
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
    pub partner_mask: u64,
    /// Promotion zone per colour.
    pub zones: [Bitboard; 2],
    /// Last rank per colour (for `promoteOnLastRank`).
    pub last_ranks: [Bitboard; 2],
    /// Bit `t` set for types in `promoteOnLastRank`.
    pub last_rank_promoter_mask: u64,
    /// Bit `t` set for types in `promoteByCaptureOnly`.
    pub capture_promoter_mask: u64,
    /// Bit `t` set for pool promoters (`poolPromotion`).
    pub pool_promoter_mask: u64,
    /// Bit `l` of entry `t` set when type `t` belongs to pool line `l`; all zero without a pool.
    pub pool_line_mask: [u32; MAX_PIECE_TYPES],
    /// Bit `t` set for types a side may have only one of (`unique`).
    pub unique_mask: u64,
    /// Bit `t` set for pieces with the Hia power.
    pub hia_mask: u64,
    /// Entry `t`: the types whose presence stops `t` from promoting (`promoteUnless`).
    pub promote_unless: [u64; MAX_PIECE_TYPES],
    /// Bit `t` set when entry `t` of `promote_unless` is not empty.
    pub partner_promoter_mask: u64,
    /// Bit `t` set for Lion types (lion-trading rules).
    pub lion_mask: u64,
    /// Bit `t` set for victims that do not make a bridge (lion-trading rules).
    pub lion_bridge_exempt_mask: u64,
    /// Bit `t` set for types in `bareKingIgnore`.
    pub bare_king_ignore_mask: u64,
    /// The variant has once-per-game moves (`{once:...}`); a used one is written `X`/`x`
    /// in the FEN castling field (no mark: still available).
    pub has_once: bool,
    /// Record in each state whether the side to move's royal is attacked (needed by the
    /// perpetual-check rule).
    pub track_checks: bool,
    /// Evaluation values and piece-square tables.
    pub values: Values,
}

impl Rules {
    /// Compiles a variant and checks its start position.
    pub fn new(variant: Variant) -> Result<Arc<Rules>, FenError> {
        let tables = Tables::build(&variant);
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
        let partner_mask = match &variant.castling_partners {
            Some(list) => list.iter().fold(0u64, |m, t| m | (1 << t)),
            None => !0,
        };
        let zones = [variant.promotion_zone_of(false), variant.promotion_zone_of(true)];
        let last_ranks =
            [Bitboard::rank_mask(variant.ranks - 1) & variant.board, Bitboard::rank_mask(0) & variant.board];
        let mask_of = |list: &[PieceType]| list.iter().fold(0u64, |m, t| m | (1u64 << t));
        let last_rank_promoter_mask = mask_of(&variant.promote_on_last_rank);
        let capture_promoter_mask = mask_of(&variant.promote_by_capture_only);
        let pool_promoter_mask = mask_of(&variant.pool_promoters);
        let unique_mask = mask_of(&variant.unique);
        let hia_mask = mask_of(&variant.hia);
        let mut promote_unless = [0u64; MAX_PIECE_TYPES];
        let mut partner_promoter_mask = 0u64;
        for (t, list) in &variant.promote_unless {
            promote_unless[*t as usize] = mask_of(list);
            partner_promoter_mask |= 1 << t;
        }
        let mut pool_line_mask = [0u32; MAX_PIECE_TYPES];
        for (l, line) in variant.pool_lines.iter().enumerate() {
            for &t in line {
                pool_line_mask[t as usize] |= 1 << l;
            }
        }
        let lion_mask = mask_of(&variant.lions);
        let lion_bridge_exempt_mask = mask_of(&variant.lion_bridge_exempt);
        let bare_king_ignore_mask = mask_of(&variant.bare_king_ignore);
        let track_checks = variant.perpetual_check.is_some();
        let has_once = variant.pieces.iter().any(|p| p.moves.iter().any(|m| m.once));
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
            start_board,
            royal_mask,
            pawn_mask,
            initial_mask,
            castler_mask,
            partner_mask,
            zones,
            last_ranks,
            last_rank_promoter_mask,
            capture_promoter_mask,
            pool_promoter_mask,
            pool_line_mask,
            unique_mask,
            hia_mask,
            promote_unless,
            partner_promoter_mask,
            lion_mask,
            lion_bridge_exempt_mask,
            bare_king_ignore_mask,
            has_once,
            track_checks,
            values,
        });
        // The start position must be a valid position of the variant.
        Position::from_fen(rules.clone(), &fen)?;
        Ok(rules)
    }
}

/// Why a FEN was rejected.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FenError {
    Empty,
    RankCount { found: usize, expected: usize },
    RankWidth { rank: usize, found: usize, expected: usize },
    UnknownPiece { token: String },
    PieceOnHole { square: String },
    Holdings,
    SideToMove(String),
    Castling(String),
    EnPassant(String),
    Number { field: &'static str, value: String },
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FenError::Empty => write!(f, "empty FEN"),
            FenError::RankCount { found, expected } => {
                write!(f, "FEN has {found} ranks, the board has {expected}")
            }
            FenError::RankWidth { rank, found, expected } => {
                write!(f, "FEN rank {rank} describes {found} squares, the board has {expected} files")
            }
            FenError::UnknownPiece { token } => write!(f, "unknown piece '{token}' in FEN"),
            FenError::PieceOnHole { square } => {
                write!(f, "piece on {square}, which is not part of the board")
            }
            FenError::Holdings => write!(f, "pieces in hand (or this pool piece) are not allowed in this variant"),
            FenError::SideToMove(s) => write!(f, "side to move must be 'w' or 'b', found '{s}'"),
            FenError::Castling(s) => write!(f, "bad castling field '{s}'"),
            FenError::EnPassant(s) => write!(f, "bad en-passant field '{s}'"),
            FenError::Number { field, value } => write!(f, "bad {field} '{value}'"),
        }
    }
}

impl std::error::Error for FenError {}

/// Reads the board field of a FEN (ranks from the top, multi-digit empty counts, `+X`
/// promoted pieces, `X'`/`X!` dressed letters, `*` for non-existent squares).
pub fn parse_board(v: &Variant, s: &str) -> Result<Vec<Piece>, FenError> {
    let mut board = vec![Piece::NONE; NUM_SQUARES];
    let s = s.trim();
    if s.is_empty() {
        return Err(FenError::Empty);
    }
    let (s, holdings) = match s.find('[') {
        Some(i) => (&s[..i], Some(&s[i..])),
        None => (s, None),
    };
    if let Some(h) = holdings
        && v.pool_lines.is_empty()
    {
        let inner = h.trim_start_matches('[').trim_end_matches(']');
        if !(inner.is_empty() || inner == "-") {
            return Err(FenError::Holdings);
        }
    }
    let rows: Vec<&str> = s.split('/').collect();
    if rows.len() != v.ranks as usize {
        return Err(FenError::RankCount { found: rows.len(), expected: v.ranks as usize });
    }
    for (ri, row) in rows.iter().enumerate() {
        let rank = v.ranks as usize - 1 - ri;
        let b = row.as_bytes();
        let mut file = 0usize;
        let mut i = 0;
        while i < b.len() {
            let c = b[i];
            if c.is_ascii_digit() {
                let mut n = 0usize;
                while i < b.len() && b[i].is_ascii_digit() {
                    n = n * 10 + (b[i] - b'0') as usize;
                    i += 1;
                    if n > 64 {
                        break;
                    }
                }
                file += n;
                continue;
            }
            if c == b'*' {
                file += 1;
                i += 1;
                continue;
            }
            let start = i;
            let mut tok = String::new();
            if c == b'+' {
                tok.push('+');
                i += 1;
            }
            if i >= b.len() || !b[i].is_ascii_alphabetic() {
                return Err(FenError::UnknownPiece {
                    token: String::from_utf8_lossy(&b[start..(i + 1).min(b.len())]).into_owned(),
                });
            }
            let black = b[i].is_ascii_lowercase();
            tok.push(b[i].to_ascii_uppercase() as char);
            i += 1;
            if i < b.len() && (b[i] == b'\'' || b[i] == b'!') {
                tok.push(b[i] as char);
                i += 1;
            }
            if i < b.len() && b[i] == b'~' {
                i += 1;
            }
            let Some(t) = v.type_by_token(&tok) else {
                let shown = if black { tok.to_ascii_lowercase() } else { tok };
                return Err(FenError::UnknownPiece { token: shown });
            };
            if file >= v.files as usize {
                file += 1;
                continue;
            }
            let sq = Square::new(file as u8, rank as u8);
            if !v.board.contains(sq) {
                return Err(FenError::PieceOnHole { square: sq.to_string() });
            }
            board[sq.index()] = Piece::new(if black { Color::Black } else { Color::White }, t);
            file += 1;
        }
        if file != v.files as usize {
            return Err(FenError::RankWidth { rank: rank + 1, found: file, expected: v.files as usize });
        }
    }
    Ok(board)
}

/// Reads the pool of captured pieces from the `[...]` part of a FEN board field (upper case:
/// White's pieces taken by Black; `Q'`-style marks allowed). Only pool-line types may be in
/// it, and only in variants with a pool.
fn parse_pool(rules: &Rules, s: &str) -> Result<[[u8; MAX_PIECE_TYPES]; 2], FenError> {
    let mut pool = [[0u8; MAX_PIECE_TYPES]; 2];
    let Some(i) = s.find('[') else { return Ok(pool) };
    if rules.variant.pool_lines.is_empty() {
        return Ok(pool); // parse_board has judged it
    }
    let inner = s[i + 1..].trim_end_matches(']');
    let b = inner.as_bytes();
    let mut k = 0;
    while k < b.len() {
        let c = b[k];
        if c == b'-' {
            k += 1;
            continue;
        }
        if !c.is_ascii_alphabetic() {
            return Err(FenError::UnknownPiece { token: (c as char).to_string() });
        }
        let mut tok = (c.to_ascii_uppercase() as char).to_string();
        k += 1;
        if k < b.len() && (b[k] == b'\'' || b[k] == b'!') {
            tok.push(b[k] as char);
            k += 1;
        }
        let black = c.is_ascii_lowercase();
        match rules.variant.type_by_token(&tok) {
            Some(t) if rules.pool_line_mask[t as usize] != 0 => {
                let n = &mut pool[black as usize][t as usize];
                *n = n.saturating_add(1);
            }
            _ => return Err(FenError::Holdings),
        }
    }
    Ok(pool)
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
    /// Square where the last move captured a Lion with a non-Lion (255 = none).
    pub lion_capture: u8,
    /// The side to move's royal is attacked here (recorded when `Rules::track_checks`).
    pub checked: bool,
    /// Bit `c` set when colour `c` has used its once-per-game move.
    pub once_used: u8,
}

impl State {
    /// The square of the last capture of a Lion by a non-Lion, if the last move was one.
    pub fn last_lion_capture(&self) -> Option<Square> {
        if self.lion_capture == 255 { None } else { Some(Square::from_index(self.lion_capture as usize)) }
    }
}

#[derive(Clone, Debug)]
struct Undo {
    state: State,
    changes: ArrayVec<(Square, Piece), 16>,
    /// The pool member a pool promotion used up (255 = none).
    pool_used: u8,
    /// `changes` up to here are the move's own; later ones are a freed partner's promotion.
    captures_end: u8,
}

/// The up to 8 squares next to `s`.
pub fn neighbours(s: Square) -> Bitboard {
    let mut b = Bitboard::EMPTY;
    for (dx, dy) in [(-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1)] {
        if let Some(n) = s.offset(dx, dy) {
            b.set(n);
        }
    }
    b
}

/// Zobrist key of having `n` pieces of type `t` and colour `c` in the pool (0 for none).
fn pool_key(c: Color, t: u8, n: u8) -> u64 {
    if n == 0 {
        return 0;
    }
    let mut z =
        KEYS.extra[512 + c.index() * MAX_PIECE_TYPES + t as usize] ^ (n as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
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
    changes: ArrayVec<(Square, Piece), 16>,
    /// Pool of captured pieces per colour (pieces of that colour taken by the opponent),
    /// counted by type; only kept in variants with pool lines (Short Sliders).
    pool: [[u8; MAX_PIECE_TYPES]; 2],
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

    #[inline]
    pub fn key(&self) -> u64 {
        self.st.key
    }

    /// Has colour `c` used its once-per-game move?
    #[inline]
    pub fn once_used(&self, c: Color) -> bool {
        self.st.once_used & (1 << c.index()) != 0
    }

    #[inline]
    pub fn is_virgin(&self, sq: Square) -> bool {
        self.st.virgin.contains(sq)
    }

    /// Number of moves made since the root.
    pub fn game_ply(&self) -> usize {
        self.history.len()
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
                lion_capture: 255,
                checked: false,
                once_used: 0,
            },
            history: Vec::new(),
            start_fullmove: 1,
            root_black: false,
            changes: ArrayVec::new(),
            pool: [[0; MAX_PIECE_TYPES]; 2],
        }
    }

    /// The variant's start position.
    pub fn startpos(rules: Arc<Rules>) -> Position {
        let fen = rules.variant.start_fen.clone();
        // `Rules::new` has already checked that the start FEN parses.
        Position::from_fen(rules, &fen).unwrap_or_else(|e| unreachable!("start FEN validated by Rules::new: {e}"))
    }

    /// Reads a FEN. Missing trailing fields take their defaults; the shogi-style tail
    /// `w 0 1` (no castling and e.p. fields) is accepted, as by Fairy-Stockfish.
    pub fn from_fen(rules: Arc<Rules>, fen: &str) -> Result<Position, FenError> {
        let mut fields = fen.split_whitespace();
        let board_str = fields.next().ok_or(FenError::Empty)?;
        let board = parse_board(&rules.variant, board_str)?;
        let pool = parse_pool(&rules, board_str)?;
        let mut pos = Position::empty(rules);
        pos.pool = pool;
        for (i, p) in board.iter().enumerate() {
            if p.is_some() {
                pos.add_piece(Square::from_index(i), *p);
            }
        }
        let rest: Vec<&str> = fields.collect();
        let mut idx = 0;
        if let Some(s) = rest.first() {
            pos.side = match *s {
                "w" | "W" => Color::White,
                "b" | "B" => Color::Black,
                other => return Err(FenError::SideToMove(other.to_string())),
            };
            idx = 1;
        }
        let is_num = |s: &str| s.chars().all(|c| c.is_ascii_digit());
        let mut castling = "-";
        let mut ep = "-";
        if idx < rest.len() && !is_num(rest[idx]) {
            castling = rest[idx];
            idx += 1;
            if idx < rest.len() && !is_num(rest[idx]) {
                ep = rest[idx];
                idx += 1;
            }
        }
        let mut rule50 = 0u32;
        if idx < rest.len() {
            rule50 = rest[idx]
                .parse()
                .map_err(|_| FenError::Number { field: "halfmove clock", value: rest[idx].to_string() })?;
            idx += 1;
        }
        if idx < rest.len() {
            let n: u32 = rest[idx]
                .parse()
                .map_err(|_| FenError::Number { field: "fullmove number", value: rest[idx].to_string() })?;
            pos.start_fullmove = n.max(1);
        }
        pos.st.rule50 = rule50;
        pos.root_black = pos.side == Color::Black;
        pos.set_virgins(castling)?;
        pos.set_ep(ep)?;
        pos.st.key = pos.compute_key();
        Ok(pos)
    }

    /// Unmoved status: castling rights from the FEN field; pieces with other initial moves
    /// are unmoved when they stand where the start position has the same piece.
    fn set_virgins(&mut self, castling: &str) -> Result<(), FenError> {
        let rules = self.rules.clone();
        let v = &rules.variant;
        let mut virgin = Bitboard::EMPTY;
        for sq in self.occ {
            let p = self.board[sq.index()];
            if rules.initial_mask & (1 << p.kind()) != 0 && rules.start_board[sq.index()] == p {
                virgin.set(sq);
            }
        }
        // Once-per-game moves are available unless the field marks them used (X / x), so that
        // ordinary FENs (XBoard's included) mean "still available".
        if castling != "-" {
            for ch in castling.chars() {
                let color = if ch.is_ascii_uppercase() { Color::White } else { Color::Black };
                let up = ch.to_ascii_uppercase();
                if rules.has_once && up == 'X' {
                    self.st.once_used |= 1 << color.index();
                    continue;
                }
                if !matches!(up, 'K' | 'Q' | 'A'..='P') {
                    return Err(FenError::Castling(castling.to_string()));
                }
                // The castling royal of that colour: a castler on its start square if possible.
                let castlers: Vec<Square> = self
                    .color_bb(color)
                    .iter()
                    .filter(|s| rules.castler_mask & (1 << self.board[s.index()].kind()) != 0)
                    .collect();
                let Some(&ksq) = castlers
                    .iter()
                    .find(|s| rules.start_board[s.index()] == self.board[s.index()])
                    .or(castlers.first())
                else {
                    // No castling piece: ignore the right, as Fairy-Stockfish does.
                    continue;
                };
                let rank = ksq.rank();
                let f = match up {
                    'K' => v.files - 1,
                    'Q' => 0,
                    _ => up as u8 - b'A',
                };
                if f >= v.files {
                    return Err(FenError::Castling(castling.to_string()));
                }
                let psq = Square::new(f, rank);
                let pp = self.board[psq.index()];
                if pp.is_some() && pp.color() == color && rules.partner_mask & (1 << pp.kind()) != 0 && psq != ksq {
                    virgin.set(psq);
                    virgin.set(ksq);
                }
            }
        }
        self.st.virgin = virgin;
        Ok(())
    }

    fn set_ep(&mut self, ep: &str) -> Result<(), FenError> {
        if ep == "-" {
            return Ok(());
        }
        let b = ep.as_bytes();
        let mut i = 0;
        let them = !self.side;
        while i < b.len() {
            let Some((sq, n)) = Square::parse_prefix(&b[i..]) else {
                return Err(FenError::EnPassant(ep.to_string()));
            };
            i += n;
            if !self.rules.variant.board.contains(sq) || self.occ.contains(sq) {
                continue;
            }
            // The victim is the nearest enemy piece ahead of the square in the mover's direction.
            let dy = them.forward();
            let mut victim = None;
            for k in 1..=3 {
                if let Some(s) = sq.offset(0, dy * k)
                    && self.board[s.index()].is_some()
                {
                    if self.board[s.index()].color() == them {
                        victim = Some(s);
                    }
                    break;
                }
            }
            if let Some(vs) = victim
                && self.ep_capturable(sq, self.side)
            {
                self.st.ep.set(sq);
                self.st.ep_victim = vs;
            }
        }
        Ok(())
    }

    /// True if a piece of `by` could capture e.p. onto `sq`.
    fn ep_capturable(&self, sq: Square, by: Color) -> bool {
        let t = &self.rules.tables;
        for (kind, rev) in &t.ep_rev[by.index()] {
            if t.pool[*rev as usize][sq.index()].intersects(self.pcs[by.index()][*kind as usize]) {
                return true;
            }
        }
        false
    }

    /// The hash key recomputed from scratch (the incremental key must always equal it).
    pub fn compute_key(&self) -> u64 {
        let mut k = 0u64;
        for sq in self.occ {
            k ^= KEYS.piece[self.board[sq.index()].index()][sq.index()];
        }
        for sq in self.st.ep {
            k ^= KEYS.ep[sq.index()];
        }
        for sq in self.st.virgin {
            k ^= KEYS.virgin[sq.index()];
        }
        if self.st.lion_capture != 255 {
            k ^= KEYS.extra[self.st.lion_capture as usize];
        }
        for c in Color::BOTH {
            if self.st.once_used & (1 << c.index()) != 0 {
                k ^= KEYS.extra[256 + c.index()];
            }
        }
        if self.side == Color::Black {
            k ^= KEYS.side;
        }
        for c in Color::BOTH {
            for (t, &n) in self.pool[c.index()].iter().enumerate() {
                k ^= pool_key(c, t as u8, n);
            }
        }
        k
    }

    /// Writes a Fairy-Stockfish compatible FEN.
    pub fn fen(&self) -> String {
        let v = self.variant();
        let mut s = String::new();
        for r in (0..v.ranks).rev() {
            let mut empty = 0;
            for f in 0..v.files {
                let sq = Square::new(f, r);
                let p = self.board[sq.index()];
                if v.holes.contains(sq) {
                    if empty > 0 {
                        s.push_str(&empty.to_string());
                        empty = 0;
                    }
                    s.push('*');
                } else if p.is_none() {
                    empty += 1;
                } else {
                    if empty > 0 {
                        s.push_str(&empty.to_string());
                        empty = 0;
                    }
                    s.push_str(&v.pieces[p.kind() as usize].token_for(p.color() == Color::Black));
                }
            }
            if empty > 0 {
                s.push_str(&empty.to_string());
            }
            if r > 0 {
                s.push('/');
            }
        }
        if self.pool.iter().any(|c| c.iter().any(|&n| n > 0)) {
            s.push('[');
            for c in Color::BOTH {
                for (t, &n) in self.pool[c.index()].iter().enumerate() {
                    for _ in 0..n {
                        s.push_str(&v.pieces[t].token_for(c == Color::Black));
                    }
                }
            }
            s.push(']');
        }
        s.push(' ');
        s.push(if self.side == Color::White { 'w' } else { 'b' });
        s.push(' ');
        s.push_str(&self.castling_string());
        s.push(' ');
        if self.st.ep.is_empty() {
            s.push('-');
        } else {
            for sq in self.st.ep {
                s.push_str(&sq.to_string());
            }
        }
        let fullmove = self.start_fullmove as usize + (self.history.len() + usize::from(self.root_black)) / 2;
        s.push_str(&format!(" {} {}", self.st.rule50, fullmove));
        s
    }

    fn castling_string(&self) -> String {
        let v = self.variant();
        let mut out = String::new();
        for c in Color::BOTH {
            let mut rights = String::new();
            for ksq in self.color_bb(c) & self.st.virgin {
                if self.rules.castler_mask & (1 << self.board[ksq.index()].kind()) == 0 {
                    continue;
                }
                let rank = ksq.rank();
                for (f, letter) in [(v.files - 1, 'K'), (0, 'Q')] {
                    let psq = Square::new(f, rank);
                    if psq != ksq
                        && self.st.virgin.contains(psq)
                        && self.board[psq.index()].is_some()
                        && self.board[psq.index()].color() == c
                    {
                        rights.push(if c == Color::White { letter } else { letter.to_ascii_lowercase() });
                    }
                }
            }
            if self.rules.has_once && self.once_used(c) {
                rights.push(if c == Color::White { 'X' } else { 'x' });
            }
            out.push_str(&rights);
        }
        if out.is_empty() { "-".into() } else { out }
    }

    // ---- board mutation -------------------------------------------------------------

    /// Places a piece on an empty square (setup only; no logging, no hashing).
    fn add_piece(&mut self, sq: Square, p: Piece) {
        let (c, t) = (p.color().index(), p.kind() as usize);
        self.board[sq.index()] = p;
        self.pcs[c][t].set(sq);
        self.by_color[c].set(sq);
        self.occ.set(sq);
        self.counts[c][t] += 1;
        self.totals[c] += 1;
        if self.rules.royal_mask & (1 << t) != 0 {
            self.royals[c] += 1;
        }
        let vals = &self.rules.values;
        self.psq += vals.psq[p.index()][sq.index()];
        self.phase += vals.phase_weight[t];
    }

    fn drop_piece(&mut self, sq: Square) {
        let p = self.board[sq.index()];
        let (c, t) = (p.color().index(), p.kind() as usize);
        self.board[sq.index()] = Piece::NONE;
        self.pcs[c][t].clear(sq);
        self.by_color[c].clear(sq);
        self.occ.clear(sq);
        self.counts[c][t] -= 1;
        self.totals[c] -= 1;
        if self.rules.royal_mask & (1 << t) != 0 {
            self.royals[c] -= 1;
        }
        let vals = &self.rules.values;
        self.psq -= vals.psq[p.index()][sq.index()];
        self.phase -= vals.phase_weight[t];
    }

    /// Puts `p` on an empty square, logging and hashing.
    #[inline]
    fn put(&mut self, sq: Square, p: Piece) {
        self.changes.push((sq, Piece::NONE));
        self.add_piece(sq, p);
        self.st.key ^= KEYS.piece[p.index()][sq.index()];
    }

    /// Empties an occupied square, logging and hashing.
    #[inline]
    fn remove(&mut self, sq: Square) {
        let p = self.board[sq.index()];
        self.changes.push((sq, p));
        self.st.key ^= KEYS.piece[p.index()][sq.index()];
        self.drop_piece(sq);
    }

    #[inline]
    fn clear_virgin(&mut self, sq: Square) {
        if self.st.virgin.contains(sq) {
            self.st.virgin.clear(sq);
            self.st.key ^= KEYS.virgin[sq.index()];
        }
    }

    // ---- make / unmake ----------------------------------------------------------------

    /// Plays a move that `generate` produced (or that passed `is_pseudo_legal`).
    pub fn make_move(&mut self, m: Move) {
        let saved = self.st;
        self.changes.clear();
        let us = self.side;
        let them = !us;
        for sq in self.st.ep {
            self.st.key ^= KEYS.ep[sq.index()];
        }
        self.st.ep = Bitboard::EMPTY;
        self.st.rule50 += 1;
        self.st.plies_from_null += 1;
        self.st.captured = Piece::NONE;
        self.st.checked = false;
        if self.st.lion_capture != 255 {
            self.st.key ^= KEYS.extra[self.st.lion_capture as usize];
            self.st.lion_capture = 255;
        }
        let pawn_mask = self.rules.pawn_mask;
        let lion_mask = self.rules.lion_mask;
        let mover = self.board[m.from.index()];
        let mover_is_lion = lion_mask & (1u64 << self.board[m.from.index()].kind()) != 0;
        match m.kind {
            MoveKind::Normal | MoveKind::EpStep | MoveKind::Once => {
                if m.kind == MoveKind::Once && self.st.once_used & (1 << us.index()) == 0 {
                    self.st.once_used |= 1 << us.index();
                    self.st.key ^= KEYS.extra[256 + us.index()];
                }
                let p = self.board[m.from.index()];
                let cap = self.board[m.to.index()];
                if cap.is_some() && m.to != m.from {
                    self.st.captured = cap;
                    self.remove(m.to);
                    self.st.rule50 = 0;
                    if lion_mask & (1u64 << cap.kind()) != 0 && !mover_is_lion {
                        self.note_lion_capture(m.to);
                    }
                }
                if m.to != m.from {
                    self.remove(m.from);
                    let np = match m.promotion() {
                        Some(t) => Piece::new(us, t),
                        None => p,
                    };
                    self.put(m.to, np);
                } else if let Some(t) = m.promotion() {
                    self.remove(m.from);
                    self.put(m.to, Piece::new(us, t));
                }
                if pawn_mask & (1 << p.kind()) != 0 {
                    self.st.rule50 = 0;
                }
                self.clear_virgin(m.from);
                self.clear_virgin(m.to);
                if m.kind == MoveKind::EpStep {
                    self.set_ep_after_step(m.from, m.to, them);
                }
            }
            MoveKind::EnPassant => {
                let p = self.board[m.from.index()];
                let vsq = saved.ep_victim;
                self.st.captured = self.board[vsq.index()];
                self.remove(vsq);
                self.remove(m.from);
                self.put(
                    m.to,
                    match m.promotion() {
                        Some(t) => Piece::new(us, t),
                        None => p,
                    },
                );
                self.st.rule50 = 0;
                self.clear_virgin(m.from);
                self.clear_virgin(vsq);
            }
            MoveKind::Castle => {
                let k = self.board[m.from.index()];
                let r = self.board[m.aux.index()];
                let right = m.to.file() > m.from.file();
                let rto = if right != self.rules.variant.castling_rook_outside {
                    Square::new(m.to.file() - 1, m.to.rank())
                } else {
                    Square::new(m.to.file() + 1, m.to.rank())
                };
                self.remove(m.from);
                self.remove(m.aux);
                self.put(m.to, k);
                self.put(rto, r);
                self.clear_virgin(m.from);
                self.clear_virgin(m.aux);
            }
            MoveKind::TwoLeg => {
                let p = self.board[m.from.index()];
                self.remove(m.from);
                let mid = self.board[m.aux.index()];
                if mid.is_some() && m.aux != m.from {
                    self.st.captured = mid;
                    self.remove(m.aux);
                    self.st.rule50 = 0;
                    if lion_mask & (1u64 << mid.kind()) != 0 && !mover_is_lion {
                        self.note_lion_capture(m.aux);
                    }
                }
                let cap = self.board[m.to.index()];
                if cap.is_some() {
                    if self.st.captured.is_none() {
                        self.st.captured = cap;
                    }
                    self.remove(m.to);
                    self.st.rule50 = 0;
                    if lion_mask & (1u64 << cap.kind()) != 0 && !mover_is_lion {
                        self.note_lion_capture(m.to);
                    }
                }
                self.put(
                    m.to,
                    match m.promotion() {
                        Some(t) => Piece::new(us, t),
                        None => p,
                    },
                );
                if pawn_mask & (1 << p.kind()) != 0 {
                    self.st.rule50 = 0;
                }
                self.clear_virgin(m.from);
                self.clear_virgin(m.aux);
                self.clear_virgin(m.to);
            }
            MoveKind::Null => {
                self.st.plies_from_null = 0;
            }
        }
        let pool_used = if self.rules.variant.pool_lines.is_empty() { 255 } else { self.update_pool(m, mover) };
        let captures_end = self.changes.len() as u8;
        if self.rules.partner_promoter_mask != 0 && self.st.captured.is_some() {
            self.promote_freed_partner(them, self.st.captured.kind());
        }
        self.st.last_move = m;
        self.side = them;
        self.st.key ^= KEYS.side;
        let changes = std::mem::take(&mut self.changes);
        self.history.push(Undo { state: saved, changes, pool_used, captures_end });
    }

    /// The Hia zone that hinders the slides of colour `c`'s piece on `from`: the squares next
    /// to the Hia pieces (the enemy's only, with `hiaEnemyOnly`), except the piece's own.
    pub fn hia_zone(&self, c: Color, from: Square) -> Bitboard {
        let mask = self.rules.hia_mask;
        let mut sources = self.pieces_of(!c, mask);
        if !self.rules.variant.hia_enemy_only {
            sources |= self.pieces_of(c, mask);
        }
        let mut zone = Bitboard::EMPTY;
        for s in sources {
            if s != from {
                zone |= neighbours(s);
            }
        }
        zone & self.rules.variant.board
    }

    /// Whether colour `c` may promote a `t` now: no piece of the `promoteUnless` types and,
    /// for a unique target, none of that either.
    pub fn partner_allows(&self, c: Color, t: PieceType, target: PieceType) -> bool {
        let mut blockers = self.rules.promote_unless[t as usize];
        if self.rules.unique_mask & (1u64 << target) != 0 {
            blockers |= 1u64 << target;
        }
        let mut b = blockers;
        while b != 0 {
            let x = b.trailing_zeros() as PieceType;
            b &= b - 1;
            if self.counts[c.index()][x as usize] > 0 {
                return false;
            }
        }
        true
    }

    /// After a capture of `c`'s piece of type `lost`: a `promoteUnless` piece of `c` standing
    /// in `c`'s zone promotes at once when `lost` was the last of its partners (rules.md 1d,
    /// Sorcerer/Wizard: "when the last counterpart is captured"). Losing the Thaumaturge that
    /// stood in the way does not promote it: that is no capture of the counterpart.
    fn promote_freed_partner(&mut self, c: Color, lost: PieceType) {
        let mut mask = self.rules.partner_promoter_mask;
        while mask != 0 {
            let t = mask.trailing_zeros() as PieceType;
            mask &= mask - 1;
            if self.rules.promote_unless[t as usize] & (1u64 << lost) == 0 {
                continue;
            }
            let Some(&target) = self.rules.variant.pieces[t as usize].promotions.first() else { continue };
            if !self.partner_allows(c, t, target) {
                continue;
            }
            if let Some(sq) = (self.pcs[c.index()][t as usize] & self.rules.zones[c.index()]).lsb() {
                self.remove(sq);
                self.put(sq, Piece::new(c, target));
                return;
            }
        }
    }

    /// After a move in a pool variant: captured line members join their side's pool, and a
    /// pool promotion uses one up (returned, 255 = none).
    fn update_pool(&mut self, m: Move, mover: Piece) -> u8 {
        let us = mover.color();
        for i in 0..self.changes.len() {
            let old = self.changes[i].1;
            if old.is_some() && old.color() != us && self.rules.pool_line_mask[old.kind() as usize] != 0 {
                self.pool_add(old.color(), old.kind(), 1);
            }
        }
        if let Some(t) = m.promotion()
            && self.rules.pool_promoter_mask & (1u64 << mover.kind()) != 0
            && let Some(u) = self.pool_member_for(us, t)
        {
            self.pool_add(us, u, -1);
            return u;
        }
        255
    }

    fn pool_add(&mut self, c: Color, t: PieceType, d: i8) {
        let n = &mut self.pool[c.index()][t as usize];
        let old = *n;
        *n = n.saturating_add_signed(d);
        let new = *n;
        self.st.key ^= pool_key(c, t, old) ^ pool_key(c, t, new);
    }

    /// The pool members of colour `c`: how many pieces of type `t` the opponent captured.
    pub fn pool_count(&self, c: Color, t: PieceType) -> u8 {
        self.pool[c.index()][t as usize]
    }

    /// The pool member a promotion of colour `c` to `t` uses up, if `t` is available
    /// (rules.md 1d): to a line's starter, its starter if captured, else its lowest
    /// captured promoted stage; to a first-stage type, that type if captured, else a
    /// captured later stage. `None` when no line makes `t` available.
    pub fn pool_member_for(&self, c: Color, t: PieceType) -> Option<PieceType> {
        let v = &self.rules.variant;
        let pool = &self.pool[c.index()];
        for line in &v.pool_lines {
            let Some(stage) = line.iter().position(|&x| x == t) else { continue };
            if stage > 1 {
                continue;
            }
            if let Some(&u) = line[stage..].iter().find(|&&u| pool[u as usize] > 0) {
                return Some(u);
            }
        }
        None
    }

    fn note_lion_capture(&mut self, sq: Square) {
        if self.st.lion_capture != 255 {
            self.st.key ^= KEYS.extra[self.st.lion_capture as usize];
        }
        self.st.lion_capture = sq.index() as u8;
        self.st.key ^= KEYS.extra[sq.index()];
    }

    /// Takes back the last move.
    pub fn unmake_move(&mut self) {
        let Some(u) = self.history.pop() else { return };
        for &(sq, old) in u.changes.iter().rev() {
            if self.board[sq.index()].is_some() {
                self.drop_piece(sq);
            }
            if old.is_some() {
                self.add_piece(sq, old);
            }
        }
        self.st = u.state;
        self.side = !self.side;
        if !self.rules.variant.pool_lines.is_empty() {
            let us = self.side;
            for &(_, old) in &u.changes[..u.captures_end as usize] {
                if old.is_some() && old.color() != us && self.rules.pool_line_mask[old.kind() as usize] != 0 {
                    let n = &mut self.pool[old.color().index()][old.kind() as usize];
                    *n = n.saturating_sub(1);
                }
            }
            if u.pool_used != 255 {
                self.pool[us.index()][u.pool_used as usize] += 1;
            }
        }
    }

    /// After an initial multi-step from `from` to `to`, the squares passed become e.p.
    /// squares if an enemy piece could capture there (X-FEN convention, as Fairy-Stockfish).
    fn set_ep_after_step(&mut self, from: Square, to: Square, them: Color) {
        let (dx, dy) = (to.file() as i32 - from.file() as i32, to.rank() as i32 - from.rank() as i32);
        let n = dx.abs().max(dy.abs());
        if !(dx == 0 || dy == 0 || dx.abs() == dy.abs()) || n < 2 {
            return;
        }
        let (ux, uy) = (dx.signum(), dy.signum());
        for k in 1..n {
            if let Some(s) = from.offset(ux * k, uy * k)
                && self.ep_capturable(s, them)
            {
                self.st.ep.set(s);
                self.st.key ^= KEYS.ep[s.index()];
                self.st.ep_victim = to;
            }
        }
    }

    /// The number of times the current position occurred before (same side to move),
    /// looking back no further than the last irreversible move.
    pub fn repetitions(&self) -> usize {
        let mut n = 0;
        let limit = self.st.rule50.min(self.st.plies_from_null) as usize;
        let mut i = 2;
        let len = self.history.len();
        while i <= limit && i <= len {
            if self.history[len - i].state.key == self.st.key {
                n += 1;
            }
            i += 2;
        }
        n
    }

    /// Draw by repetition for search purposes: the position occurred before within the
    /// last `ply` plies (inside the search tree), or twice before that (game history).
    pub fn is_repetition(&self, ply: usize) -> bool {
        let limit = self.st.rule50.min(self.st.plies_from_null) as usize;
        let len = self.history.len();
        let mut seen = 0;
        let mut i = 2;
        while i <= limit && i <= len {
            if self.history[len - i].state.key == self.st.key {
                if i <= ply {
                    return true;
                }
                seen += 1;
                if seen >= 2 {
                    return true;
                }
            }
            i += 2;
        }
        false
    }

    /// Records whether the side to move's royal is attacked (see `Rules::track_checks`).
    pub fn set_checked(&mut self, v: bool) {
        self.st.checked = v;
    }

    /// Outcome of a repetition of the current position, for the side to move, if the
    /// position occurred before: within the last `ply` plies (inside a search tree), or at
    /// least `needed` earlier times in all (game rules: `nFoldRule - 1`).
    ///
    /// The side that completed the repetition (the one that just moved) gets
    /// `nFoldValue`, unless one side checked on every move of the cycle: that side gets
    /// `perpetualCheck` (when the variant has that rule).
    pub fn repetition_value(&self, ply: usize, needed: usize) -> Option<EndValue> {
        let limit = self.st.rule50.min(self.st.plies_from_null) as usize;
        let len = self.history.len();
        let mut found = None;
        let mut count = 0;
        let mut i = 2;
        while i <= limit && i <= len {
            if self.history[len - i].state.key == self.st.key {
                count += 1;
                if found.is_none() {
                    found = Some(i);
                }
                if i <= ply || count >= needed {
                    break;
                }
            }
            i += 2;
        }
        let cycle = found?;
        if !(cycle <= ply || count >= needed) {
            return None;
        }
        let v = &self.rules.variant;
        if let Some(pv) = v.perpetual_check {
            let checked = |k: usize| if k == 0 { self.st.checked } else { self.history[len - k].state.checked };
            // The last mover checked on every move of the cycle: we were in check at 0, 2, ...
            let last_mover_perpetual = (0..cycle).step_by(2).all(checked);
            let our_perpetual = (1..cycle).step_by(2).all(checked);
            if last_mover_perpetual && !our_perpetual {
                return Some(flip(pv));
            }
            if our_perpetual && !last_mover_perpetual {
                return Some(pv);
            }
        }
        Some(flip(v.n_fold_value))
    }

    /// An ASCII diagram of the board (White at the bottom).
    pub fn diagram(&self) -> String {
        let v = self.variant();
        let mut s = String::new();
        for r in (0..v.ranks).rev() {
            s.push_str(&format!("{:>3} ", r + 1));
            for f in 0..v.files {
                let sq = Square::new(f, r);
                let p = self.board[sq.index()];
                let cell = if v.holes.contains(sq) {
                    " ##".to_string()
                } else if p.is_none() {
                    "  .".to_string()
                } else {
                    format!("{:>3}", v.pieces[p.kind() as usize].token_for(p.color() == Color::Black))
                };
                s.push_str(&cell);
            }
            s.push('\n');
        }
        s.push_str("    ");
        for f in 0..v.files {
            s.push_str(&format!("  {}", (b'a' + f) as char));
        }
        s.push('\n');
        s
    }
}

/// The same result seen from the other side.
fn flip(v: EndValue) -> EndValue {
    match v {
        EndValue::Win => EndValue::Loss,
        EndValue::Loss => EndValue::Win,
        EndValue::Draw => EndValue::Draw,
        EndValue::Points(n, d) => EndValue::Points(d - n, d),
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({})", self.fen())
    }
}
