//! Rules that variant data alone cannot express. Each is one module, switched on by its own
//! ini keys so that a user can reuse it in a variant of their own, and each owns its
//! configuration, its state, its hash keys and its FEN syntax:
//!
//! | module | ini keys | what |
//! |---|---|---|
//! | [`hia`] | `hia`, `hiaEnemyOnly` | the Bodyguard's zone that stops slides (Short Sliders, Hiashatar) |
//! | [`pool`] | `poolPromotion`, `poolLines` | pawns promote to captured pieces (Short Sliders) |
//! | [`partner`] | `promoteUnless.X`, `unique` | promotion only without a partner or a twin (Sorcerer/Wizard) |
//! | [`lion`] | `lions`, `lionBridgeExempt`, `okazaki`, `lionVictimProtects`, `lionRecaptureOnSquare` | Chu Shogi's Lion trading |
//! | [`once`] | `{once:...}` in XBetza, `onceMovesAttack` | a move usable once per game (Bat chess King) |
//! | [`bare_king`] | `bareKing`, `bareKingCounter`, `bareKingStrict`, `bareKingIgnore` | a side left with its royals alone |
//! | [`perpetual`] | `perpetualCheck` | the perpetual checker's repetition result (Sho Shogi) |
//! | [`citadel`] | `citadels`, `citadelEnemyEntry`, `citadelOwnEntry`, `citadelExchange`, `citadelCaptureExchange` | squares only some pieces may enter; entering the enemy's draws, or exchanges (Tamerlane) |
//! | [`swap`] | `swap` | the King's once-per-game exchange of places when nothing else is legal (Tamerlane) |
//! | [`placement`] | `placement` | a piece put on a square where it forks or traps (Tamerlane's Pawn of Pawns) |
//! | [`cage`] | `cages`, `cageForbidden`, `cageInsertionCounts`, `cageRelocationMayCheck` | rim squares that exist only where a cage stands; cages relocate and shift lines (Slide-chess) |
//! | (data) | `immune` | pieces that cannot be captured |
//!
//! The core calls the rules only at these hook points of [`RuleSet`], with static dispatch
//! (an `Option` per rule: a variant without the rule pays one predictable branch):
//!
//! | hook | called from | rules |
//! |---|---|---|
//! | [`RuleSet::generated_slides`], [`RuleSet::pawn_capture_exempt`], [`RuleSet::no_promotion_squares`] (compile time) | `Rules::new` | hia, citadel, cage |
//! | [`RuleSet::walls`] | move generation, attacks (`Position::blockers`), FEN | cage |
//! | [`RuleSet::slide_zone`] | move generation | hia |
//! | [`RuleSet::once_available`] | move generation, attacks, pins | once |
//! | [`RuleSet::pool_promoter`], [`RuleSet::pool_promotions`], [`RuleSet::allows_promotion`] | promotion | pool, partner |
//! | [`RuleSet::immune`] | move generation, check | citadel, `immune` |
//! | [`RuleSet::extra_moves`], [`RuleSet::forbids_check`] | move generation | citadel (enter and exchange), placement, cage (relocation, insertion) |
//! | [`RuleSet::fallback_moves`] | move generation, when nothing else is legal | swap |
//! | [`RuleSet::filter`] | legal move generation | lion, citadel, cage |
//! | [`RuleSet::after_make`], [`RuleSet::after_unmake`] | make / unmake | once, lion, pool, partner, swap, cage |
//! | [`RuleSet::immediate_end`] | game end | bare_king, citadel |
//! | [`RuleSet::repetition_needs_checks`], [`RuleSet::repetition_value`] | game end | perpetual |
//! | FEN: [`RuleSet::read_board_extra`], [`RuleSet::write_board_extra`], [`RuleSet::read_castling_mark`], [`RuleSet::write_castling_marks`], [`RuleSet::validate`] | FEN | pool, once, swap, cage |
//! | [`RuleSet::key`] | hash key from scratch | lion, once, pool, swap, cage |
//!
//! A rule reads the position only through the [`Board`] trait, which the position
//! implements, and changes it on make only through the [`AfterMake`] context the core hands
//! it: no rule module imports the core, so the core's calls into the rules are the only
//! arrows between them.
//!
//! Adding a rule: a module here with its configuration (built from `Variant` by `new`,
//! `None` when the variant does not use it), a field in [`RuleSet`], its calls in the hooks
//! it needs, a slot in [`RuleState`] (per-move state) or [`RuleData`] (large state undone
//! from [`RuleUndo`]), its keys as a named range in `zobrist.rs`, and a new hook only where
//! none of these fits.

pub mod bare_king;
pub mod cage;
pub mod citadel;
pub mod hia;
pub mod lion;
pub mod once;
pub mod partner;
pub mod perpetual;
pub mod placement;
pub mod pool;
pub mod side_flags;
pub mod swap;

use crate::bitboard::Bitboard;
use crate::moves::Move;
use crate::piece::Piece;
use crate::square::{Color, Square};
use crate::variant::{EndValue, MAX_PIECE_TYPES, PieceType, Variant};

/// What the rules read from a position: the board, attack queries and the rules' own
/// state. (A move's side effects go through [`AfterMake`] instead.)
pub trait Board {
    fn side_to_move(&self) -> Color;
    fn piece_at(&self, sq: Square) -> Piece;
    fn occupied(&self) -> Bitboard;
    fn color_bb(&self, c: Color) -> Bitboard;
    /// The pieces of `c` of every type in `mask`.
    fn pieces_of(&self, c: Color, mask: u64) -> Bitboard;
    fn count(&self, c: Color, t: PieceType) -> u16;
    fn total(&self, c: Color) -> u16;
    fn royal_count(&self, c: Color) -> u16;
    fn royal_squares(&self, c: Color) -> Bitboard;
    /// All pieces of `by` attacking `sq`, with `occ` as occupancy for slides.
    fn attackers(&self, sq: Square, by: Color, occ: Bitboard) -> Bitboard;
    fn is_attacked(&self, sq: Square, by: Color, occ: Bitboard) -> bool;
    /// The piece on `sq` has a move from there on an empty board (pawns on their last rank
    /// have none).
    fn is_mobile(&self, sq: Square) -> bool;
    /// The squares a piece of colour `c` and type `t` on `sq` captures on with its plain
    /// leaps (a pawn's capture squares).
    fn capture_targets(&self, c: Color, t: PieceType, sq: Square) -> Bitboard;
    /// After the move `m` (not necessarily legal), has the piece then on `sq` a
    /// pseudo-legal move (its own royal's safety ignored, the rules' filters applied)?
    fn has_pseudo_move_after(&self, m: Move, sq: Square) -> bool;
    fn rule_state(&self) -> &RuleState;
    fn rule_data(&self) -> &RuleData;
}

/// What a move's side effects may read and change: the board after the move (read only),
/// the move's log of changed squares, the rules' state and data, and the hash key. A rule
/// that changes a piece returns the change (see [`RuleSet::after_make`]), so that the core
/// logs and hashes it like any other.
pub struct AfterMake<'a> {
    pub made: MadeMove,
    /// The squares the move changed, with their old contents, in order.
    pub changes: &'a [(Square, Piece)],
    /// The piece bitboards by colour and type.
    pub pieces: &'a [[Bitboard; MAX_PIECE_TYPES]; 2],
    /// The promotion zone of each colour.
    pub zones: &'a [Bitboard; 2],
    pub state: &'a mut RuleState,
    pub data: &'a mut RuleData,
    pub key: &'a mut u64,
}

impl AfterMake<'_> {
    /// The pieces of `c` of every type in `mask`.
    pub fn pieces_of(&self, c: Color, mut mask: u64) -> Bitboard {
        let mut b = Bitboard::EMPTY;
        while mask != 0 {
            let t = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            b |= self.pieces[c.index()][t];
        }
        b
    }
}

/// Rule state saved and restored wholesale with every move: one slot per rule that has
/// per-move state.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RuleState {
    pub lion: lion::LionState,
    pub once: once::OnceState,
    pub swap: swap::SwapState,
    pub cage: cage::CageState,
}

/// Rule state too large to copy with every move; a move's changes to it are undone from
/// its [`RuleUndo`].
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RuleData {
    pub pool: pool::PoolCounts,
}

/// What unmake needs to restore [`RuleData`].
#[derive(Clone, Copy, Debug, Default)]
pub struct RuleUndo {
    pub pool: pool::PoolUndo,
}

/// Why the `[...]` part of a FEN's board field was rejected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FenExtraError {
    /// A character that is no piece letter.
    Piece(String),
    /// Pieces the variant does not allow there.
    NotAllowed,
    /// A part the variant needs is missing.
    Missing(String),
}

/// A game end decided by a rule: `value` for the side `side`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RuleEnd {
    pub side: Color,
    pub value: EndValue,
    pub reason: &'static str,
}

/// A move just made, as the rules see it after the core has moved the pieces.
#[derive(Clone, Copy, Debug)]
pub struct MadeMove {
    pub m: Move,
    /// The side that made it.
    pub side: Color,
    /// The moving piece, before any promotion.
    pub mover: Piece,
    /// The first piece the move captured (`Piece::NONE` for none).
    pub captured: Piece,
}

/// A variant's rules that data cannot express, compiled from its definition.
#[derive(Debug, Default)]
pub struct RuleSet {
    pub hia: Option<hia::Hia>,
    pub pool: Option<pool::PoolRule>,
    pub partner: Option<partner::Partner>,
    pub lion: Option<lion::Lion>,
    pub once: Option<once::Once>,
    pub bare_king: Option<bare_king::BareKing>,
    pub perpetual: Option<perpetual::Perpetual>,
    pub citadel: Option<citadel::Citadel>,
    pub swap: Option<swap::Swap>,
    pub placement: Option<placement::Placement>,
    pub cage: Option<cage::Cage>,
    /// The `immune` types.
    immune_mask: u64,
    /// Some piece may be immune (`immune` types, or citadels).
    has_immunity: bool,
    /// Some rule adds moves ([`RuleSet::extra_moves`]).
    has_extra_moves: bool,
}

impl RuleSet {
    pub fn new(v: &Variant) -> RuleSet {
        let citadel = citadel::Citadel::new(v);
        let off_board = citadel.as_ref().map_or(Bitboard::EMPTY, |c| c.squares());
        let placement = placement::Placement::new(v);
        let cage = cage::Cage::new(v);
        let immune_mask = mask_of(&v.immune);
        RuleSet {
            hia: hia::Hia::new(v),
            pool: pool::PoolRule::new(v),
            partner: partner::Partner::new(v),
            lion: lion::Lion::new(v),
            once: once::Once::new(v),
            bare_king: bare_king::BareKing::new(v),
            perpetual: perpetual::Perpetual::new(v),
            swap: swap::Swap::new(v, off_board),
            has_immunity: immune_mask != 0 || citadel.is_some(),
            has_extra_moves: citadel.is_some() || placement.is_some() || cage.is_some(),
            citadel,
            placement,
            cage,
            immune_mask,
        }
    }

    /// Compile time: slides must be generated move by move to find attacks (a zone rule
    /// changes them with the position).
    pub fn generated_slides(v: &Variant) -> bool {
        hia::Hia::new(v).is_some()
    }

    /// Compile time: squares a pawn never captures on (the citadels).
    pub fn pawn_capture_exempt(v: &Variant) -> Bitboard {
        citadel::Citadel::new(v).map_or(Bitboard::EMPTY, |c| c.squares())
    }

    /// Compile time: squares where nothing promotes (the cages' rim).
    pub fn no_promotion_squares(v: &Variant) -> Bitboard {
        cage::Cage::new(v).map_or(Bitboard::EMPTY, |c| c.rim())
    }

    /// Squares of the board that do not exist now (the rim's walls): they block every move.
    /// `None`: the board is the board.
    #[inline]
    pub fn walls(&self, st: &RuleState) -> Option<Bitboard> {
        self.cage.as_ref().map(|c| c.walls(&st.cage))
    }

    /// Does a rule forbid the move `m` to give check (a cage's relocation)?
    #[inline]
    pub fn forbids_check(&self, m: Move) -> bool {
        self.cage.as_ref().is_some_and(|c| c.forbids_check(m))
    }

    /// Checks a position read from a FEN against the rules (no piece on a wall ...).
    pub fn validate<B: Board>(&self, b: &B) -> Result<(), String> {
        match &self.cage {
            Some(c) => c.validate(b),
            None => Ok(()),
        }
    }

    /// The pieces of `c` that cannot be captured (`None`: no rule makes any immune). They
    /// are never a capture's target, and a royal among them is never in check.
    #[inline]
    pub fn immune<B: Board>(&self, b: &B, c: Color) -> Option<Bitboard> {
        if !self.has_immunity {
            return None;
        }
        let mut bb = b.pieces_of(c, self.immune_mask);
        if let Some(ci) = &self.citadel {
            bb |= ci.immune(b, c);
        }
        Some(bb)
    }

    /// Does a rule add moves ([`RuleSet::extra_moves`])?
    #[inline]
    pub fn has_extra_moves(&self) -> bool {
        self.has_extra_moves
    }

    /// Can any piece be immune? (Then the check rule tests every move by making it.)
    #[inline]
    pub fn has_immunity(&self) -> bool {
        self.has_immunity
    }

    /// Is the piece of `c` on `sq` immune?
    #[inline]
    pub fn is_immune<B: Board>(&self, b: &B, c: Color, sq: Square) -> bool {
        self.immune(b, c).is_some_and(|i| i.contains(sq))
    }

    /// Appends the pseudo-legal moves the rules add to those of the pieces in
    /// `moves[start..]` (enter and exchange, placements); `board` is the variant's board.
    #[inline]
    pub fn extra_moves<B: Board>(&self, b: &B, board: Bitboard, moves: &mut Vec<Move>, start: usize) {
        if !self.has_extra_moves {
            return;
        }
        if let Some(c) = &self.citadel {
            c.exchanges(b, moves, start);
        }
        if let Some(p) = &self.placement {
            let immune = self.immune(b, !b.side_to_move()).unwrap_or(Bitboard::EMPTY);
            p.moves(b, board, immune, moves);
        }
        if let Some(c) = &self.cage {
            c.moves(b, moves);
        }
    }

    /// Moves allowed only when the side to move has no other legal move (the King swap),
    /// before the test that the moving royal is not attacked after them.
    #[inline]
    pub fn fallback_moves<B: Board>(&self, b: &B, out: &mut Vec<Move>) {
        if let Some(s) = &self.swap {
            s.moves(b, out);
        }
    }

    /// The Lion types (empty mask without the Lion rules).
    #[inline]
    pub fn lion_mask(&self) -> u64 {
        self.lion.as_ref().map_or(0, |l| l.mask)
    }

    /// Squares that stop the slides and lame steps of `c`'s piece on `from` (it may end on
    /// the first it enters; starting on one it goes one step only). `None`: nothing stops
    /// them.
    #[inline]
    pub fn slide_zone<B: Board>(&self, b: &B, c: Color, from: Square) -> Option<Bitboard> {
        self.hia.as_ref().map(|h| h.zone(b, c, from)).filter(|z| z.any())
    }

    /// May `c` still make its once-per-game move?
    #[inline]
    pub fn once_available(&self, st: &RuleState, c: Color) -> bool {
        self.once.is_some() && st.once.available(c)
    }

    /// Does `t` promote from the pool of captured pieces?
    #[inline]
    pub fn pool_promoter(&self, t: PieceType) -> bool {
        self.pool.as_ref().is_some_and(|p| p.promotes(t))
    }

    /// The choices of a pool promoter `p` whose move ends in its zone (on its last rank
    /// when `last_rank`). No choice on the last rank: the move is illegal.
    pub fn pool_promotions<B: Board>(&self, b: &B, v: &Variant, p: Piece, last_rank: bool) -> PoolMoves {
        match &self.pool {
            Some(pool) => pool.choices(b, v, self.partner.as_ref(), p, last_rank),
            None => PoolMoves { plain: true, ..PoolMoves::default() },
        }
    }

    /// May `c` promote a `t` to `target` now (no partner or twin on the board)?
    #[inline]
    pub fn allows_promotion<B: Board>(&self, b: &B, c: Color, t: PieceType, target: PieceType) -> bool {
        match &self.partner {
            Some(p) => p.allows(b, c, t, target),
            None => true,
        }
    }

    /// Removes the moves in `moves[start..]` that a rule forbids.
    #[inline]
    pub fn filter<B: Board>(&self, b: &B, moves: &mut Vec<Move>, start: usize) {
        if let Some(l) = &self.lion {
            l.filter(b, moves, start);
        }
        if let Some(c) = &self.citadel {
            c.filter(b, moves, start);
        }
        if let Some(c) = &self.cage {
            c.filter(b, moves, start);
        }
    }

    /// Side effects of a move, after the core has moved the pieces and switched sides: the
    /// rules' state, data and key change in `ctx`; a piece a rule changes (a freed partner's
    /// promotion) is returned for the core to put on the board.
    #[inline]
    pub fn after_make(&self, ctx: &mut AfterMake) -> (RuleUndo, Option<(Square, Piece)>) {
        if let Some(o) = &self.once {
            o.after_make(ctx);
        }
        if let Some(s) = &self.swap {
            s.after_make(ctx);
        }
        if let Some(c) = &self.cage {
            c.after_make(ctx);
        }
        if let Some(l) = &self.lion {
            l.after_make(ctx);
        }
        let mut undo = RuleUndo::default();
        if let Some(p) = &self.pool {
            undo.pool = p.after_make(ctx);
        }
        let change = self.partner.as_ref().and_then(|p| p.after_make(ctx));
        (undo, change)
    }

    /// Whether any rule has side effects on make (the core skips the hook otherwise).
    #[inline]
    pub fn has_move_effects(&self) -> bool {
        self.once.is_some()
            || self.lion.is_some()
            || self.pool.is_some()
            || self.partner.is_some()
            || self.swap.is_some()
            || self.cage.is_some()
    }

    /// Undoes what `after_make` changed outside [`RuleState`], after the core has restored
    /// the board; `changes` is the move's log, `us` the side that had moved.
    #[inline]
    pub fn after_unmake(&self, data: &mut RuleData, undo: RuleUndo, changes: &[(Square, Piece)], us: Color) {
        if let Some(p) = &self.pool {
            p.after_unmake(&mut data.pool, undo.pool, changes, us);
        }
    }

    /// A game end that holds before any move is considered.
    #[inline]
    pub fn immediate_end<B: Board>(&self, b: &B) -> Option<RuleEnd> {
        self.bare_king.as_ref().and_then(|k| k.end(b)).or_else(|| self.citadel.as_ref().and_then(|c| c.end(b)))
    }

    /// Does [`RuleSet::repetition_value`] need to know where royals were attacked?
    #[inline]
    pub fn repetition_needs_checks(&self) -> bool {
        self.perpetual.is_some()
    }

    /// The value of a repetition for the side to move when a rule overrides the variant's
    /// `nFoldValue`; `checked(k)` tells whether the side to move `k` plies ago had a royal
    /// attacked, for `k` in `0..cycle`.
    pub fn repetition_value(&self, cycle: usize, checked: impl Fn(usize) -> bool) -> Option<EndValue> {
        self.perpetual.as_ref().and_then(|p| p.value(cycle, checked))
    }

    /// Reads the `[...]` part of a FEN's board field (`None`: there is none) into `data`
    /// and `st`; `holes` are the squares the board field marks `*`. Without a rule that
    /// reads it, the part must be empty.
    pub fn read_board_extra(
        &self,
        v: &Variant,
        text: Option<&str>,
        holes: Bitboard,
        data: &mut RuleData,
        st: &mut RuleState,
    ) -> Result<(), FenExtraError> {
        if let Some(c) = &self.cage {
            return c.read_fen(text, holes, &mut st.cage);
        }
        let Some(text) = text else { return Ok(()) };
        match &self.pool {
            Some(p) => p.read_fen(v, text, &mut data.pool),
            None => {
                let inner = text.trim_start_matches('[').trim_end_matches(']');
                if inner.is_empty() || inner == "-" { Ok(()) } else { Err(FenExtraError::NotAllowed) }
            }
        }
    }

    /// The `[...]` part of a FEN's board field (empty when there is none).
    pub fn write_board_extra(&self, v: &Variant, data: &RuleData, st: &RuleState) -> String {
        if let Some(c) = &self.cage {
            return c.write_fen(&st.cage);
        }
        match &self.pool {
            Some(p) => p.write_fen(v, &data.pool),
            None => String::new(),
        }
    }

    /// A mark in the FEN's castling field that a rule reads (`X` / `x`: the once-per-game
    /// move used); false when no rule knows the mark.
    pub fn read_castling_mark(&self, ch: char, st: &mut RuleState) -> bool {
        (self.once.is_some() && once::Once::read_mark(ch, &mut st.once))
            || (self.swap.is_some() && swap::Swap::read_mark(ch, &mut st.swap))
            || (self.cage.is_some() && cage::Cage::read_mark(ch, &mut st.cage))
    }

    /// The marks a rule adds to the castling field of colour `c`.
    pub fn write_castling_marks(&self, st: &RuleState, c: Color, out: &mut String) {
        if self.once.is_some() {
            once::Once::write_mark(&st.once, c, out);
        }
        if self.swap.is_some() {
            swap::Swap::write_mark(&st.swap, c, out);
        }
        if self.cage.is_some() {
            cage::Cage::write_mark(&st.cage, c, out);
        }
    }

    /// The rules' share of the hash key, from scratch.
    pub fn key(&self, st: &RuleState, data: &RuleData) -> u64 {
        let mut k = lion::Lion::key(&st.lion) ^ once::Once::key(&st.once) ^ swap::Swap::key(&st.swap);
        if self.pool.is_some() {
            k ^= pool::PoolRule::key(&data.pool);
        }
        if self.cage.is_some() {
            k ^= cage::Cage::key(&st.cage);
        }
        k
    }
}

/// The pool promotion choices of one move: `promote` types, and whether the move may also
/// be played without promoting.
#[derive(Clone, Debug, Default)]
pub struct PoolMoves {
    pub promote: arrayvec::ArrayVec<PieceType, 64>,
    pub plain: bool,
}

/// Bit mask of a type list.
pub(crate) fn mask_of(list: &[PieceType]) -> u64 {
    list.iter().fold(0u64, |m, &t| m | (1u64 << t))
}
