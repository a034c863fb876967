//! Variants as data.
//!
//! A [`Variant`] holds everything that differs between games: board size, pieces (with
//! their XBetza moves), promotion, royalty and end-of-game rules. Code elsewhere branches
//! on these fields, never on a variant's name. The built-in definitions live in
//! `variants.ini` at the crate root, embedded with `include_str!`; a user file can add
//! variants or override built-in ones (same section name).

pub mod betza;
pub mod ini;

use crate::bitboard::Bitboard;
use crate::square::Square;
use betza::BetzaMove;
use ini::{IniError, Origin, Section};
use std::cell::RefCell;
use std::collections::HashMap;
use std::fmt;

/// The built-in variant file.
pub const EMBEDDED_INI: &str = include_str!("../../variants.ini");
/// Most piece types a variant may define (both colours share the type numbers).
pub const MAX_PIECE_TYPES: usize = 64;

/// Index of a piece type in `Variant::pieces`.
pub type PieceType = u8;

/// How a game ends, from the point of view of the side concerned.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EndValue {
    Draw,
    Loss,
    Win,
    /// A share of the point for the side concerned (`2/5`): Bat chess stalemate scoring.
    Points(u8, u8),
}

impl EndValue {
    /// The same result seen from the other side.
    pub fn flipped(self) -> EndValue {
        match self {
            EndValue::Win => EndValue::Loss,
            EndValue::Loss => EndValue::Win,
            EndValue::Draw => EndValue::Draw,
            EndValue::Points(n, d) => EndValue::Points(d - n, d),
        }
    }

    fn parse(s: &str) -> Option<EndValue> {
        match s.to_ascii_lowercase().as_str() {
            "draw" => Some(EndValue::Draw),
            "loss" | "lose" => Some(EndValue::Loss),
            "win" => Some(EndValue::Win),
            other => {
                let (n, d) = other.split_once('/')?;
                let (n, d): (u8, u8) = (n.trim().parse().ok()?, d.trim().parse().ok()?);
                (d > 0 && n <= d).then_some(EndValue::Points(n, d))
            }
        }
    }
}

/// Which moves may promote.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PromotionStyle {
    /// The move ends in the zone (chess).
    End,
    /// The move starts or ends in the zone (shogi).
    StartOrEnd,
    /// The move enters the zone, or captures while starting or ending in it (Chu Shogi, CSRM).
    EntryOrCapture,
    /// The move ends in the zone, or captures anywhere (Short Sliders' pieces,
    /// `docs/rules/short-sliders.md` §4.1).
    EndOrCapture,
}

/// When promotion is forced.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mandatory {
    /// Every qualifying move promotes (chess pawns).
    Always,
    /// Optional, except where the unpromoted piece could never move again (shogi).
    Immobile,
    /// Always optional.
    Never,
}

/// Where the castling partner lands (`castlingRook`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CastlingRook {
    /// On the square next to the royal's destination that the royal crossed (chess).
    Inside,
    /// Beyond the royal's destination, without crossing it (Short Sliders' prose reading).
    /// Such castling is written royal-to-partner (`g1l1`): a one-square castling would
    /// otherwise read as a plain royal step.
    Outside,
    /// Free castling (Gleeman Chess): on any square from the royal's origin (inclusive) to
    /// its destination (exclusive), each choice a move of its own, written as two legs,
    /// royal then partner (`e1g1,i1f1`).
    Free,
}

/// Which squares an enemy must not attack for castling (`castlingSafeSquares`); the
/// royal must never castle out of check.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CastlingSafe {
    /// The squares the royal crosses and lands on (chess).
    King,
    /// Every square strictly between royal and partner (Gleeman Chess, the seed's words).
    Between,
}

/// One piece type.
#[derive(Debug, Clone)]
pub struct PieceDef {
    /// Lower-case name without spaces (`pawn`, `drunk-elephant`).
    pub name: String,
    /// White's FEN token: an upper-case letter, optionally preceded by `+` (shogi-promoted
    /// form) and/or followed by `'` or `!` (XBoard's dressed letters for more than 26 types).
    pub token: String,
    /// XBetza move description as written in the ini.
    pub betza: String,
    pub moves: Vec<BetzaMove>,
    /// Loses the game when all royal pieces of a side are gone; protected by the check rule.
    pub royal: bool,
    /// Moves of this piece reset the n-move counter.
    pub pawn: bool,
    /// Types this piece may promote to (each a separate move).
    pub promotions: Vec<PieceType>,
    /// For `+X` tokens: the type `X` this is the promoted form of.
    pub base: Option<PieceType>,
}

impl PieceDef {
    /// Token of this piece for `color` (Black is lower case).
    pub fn token_for(&self, black: bool) -> String {
        if black { self.token.to_ascii_lowercase() } else { self.token.clone() }
    }

    /// The letter used as promotion suffix in coordinate notation.
    pub fn suffix_letter(&self) -> String {
        self.token.trim_start_matches('+').to_ascii_lowercase()
    }
}

/// A complete variant definition.
#[derive(Debug, Clone)]
pub struct Variant {
    pub name: String,
    pub title: String,
    pub source: String,
    /// Other names under which protocols may ask for this variant (`sho` for shoshogi).
    pub aliases: Vec<String>,
    /// The name of this variant among XBoard's built-in variants (`normal`, `courier`...):
    /// under CECP it is offered and selected by that name, and XBoard knows its rules.
    pub xboard_name: Option<String>,
    /// False when XBoard's own legality checks cannot follow the rules (several royals,
    /// pieces XBetza cannot describe...): host such variants with `-testLegality false`.
    pub xboard_legality: bool,
    /// The variant Cute Chess means by this name: under CECP with the `GUI` option set to
    /// Cute Chess, `variant NAME` selects this one. Cute Chess starts its built-in variants
    /// from its own default position and sends no `setboard` for it, so where that differs
    /// from XBoard's (courier) the two GUIs need different variants behind one name.
    pub cutechess_name: Option<String>,
    /// Parent variant named in XBoard's `setup` line (default: `shogi` when the variant has
    /// shogi-style promoted pieces, else `fairy`).
    pub xboard_parent: Option<String>,
    pub files: u8,
    pub ranks: u8,
    /// The squares of the board.
    pub board: Bitboard,
    /// Squares inside the rectangle that do not exist.
    pub holes: Bitboard,
    pub pieces: Vec<PieceDef>,
    pub start_fen: String,
    /// Squares where the last royal may not be left attacked; off = royal capture game.
    pub check_rule: bool,
    pub promotion_zone: u8,
    pub promotion_style: PromotionStyle,
    pub promotion_mandatory: Mandatory,
    /// A side with only royal pieces left, against a side with more, suffers this value.
    pub bare_king: Option<EndValue>,
    /// The bared side may answer by baring the opponent (Fairy-Stockfish `extinctionClaim`).
    pub bare_king_counter: bool,
    /// Chu-style bare king (lishogi): pieces that cannot move again (pawns on the last rank)
    /// do not count for either side, these types do not count for the baring side
    /// (`bareKingIgnore = P I`), the baring side must not be in check, and a single
    /// remaining piece that the bare royal can capture does not bare it.
    pub bare_king_strict: bool,
    pub bare_king_ignore: Vec<PieceType>,
    /// Value for the side to move that has no legal move and is not in check.
    pub stalemate: EndValue,
    /// Search score (centipawns) of a whole point more than half (`pointsValue`): a result
    /// of `Points(n, d)` is scored `(2n/d - 1) * points_value`.
    pub points_value: i32,
    /// Plies/2 without capture or pawn move that end the game (0 = no rule).
    pub n_move_rule: u32,
    /// Number of occurrences of a position that ends the game (0 = no rule).
    pub n_fold: u32,
    pub n_fold_value: EndValue,
    /// When the repetition was forced by perpetual check, the checking side gets this value.
    pub perpetual_check: Option<EndValue>,
    /// Piece types that may castle with a royal (default: whatever stands on the edge).
    pub castling_partners: Option<Vec<PieceType>>,
    /// Where the partner lands: inside (chess), outside (Short Sliders prose reading,
    /// `docs/rules/short-sliders.md` §5.2) or anywhere the royal crossed (free castling,
    /// Gleeman Chess).
    pub castling_rook: CastlingRook,
    /// Which squares must not be attacked when castling.
    pub castling_safe: CastlingSafe,
    /// `value.X = N` lines: evaluation values that replace the derived ones.
    pub value_overrides: Vec<(PieceType, i32)>,
    /// `valueMg.X = N` lines: a piece's value in the middlegame alone, where it differs from
    /// `value.X` (Fairy-Stockfish's pawn counts 0.6 of its endgame value there); the
    /// endgame, exchanges and pruning keep `value.X`.
    pub value_mg_overrides: Vec<(PieceType, i32)>,
    /// `eval.NAME = N` lines: evaluation weights that replace the defaults (index into
    /// `search::eval_weights::NAMES`, value).
    pub eval_weights: Vec<(usize, i32)>,
    /// `search.NAME = N` lines: this game's values of the search's tunable numbers
    /// (index into `search::params`), where the `Search Params` option leaves them unnamed.
    pub search_params: Vec<(usize, i32)>,
    /// `imbalance.A.B = N` and `imbalanceVs.A.B = N` lines: the evaluation's material
    /// imbalance terms (`search::imbalance`).
    pub imbalance: Vec<crate::search::imbalance::Term>,
    /// `nnue = FILE`: the evaluation network (`crate::nnue`), a correction added to the
    /// hand-written evaluation or a whole one in its place; `none` (or no key): none.
    pub nnue: Option<std::sync::Arc<crate::nnue::Network>>,
    /// Two-leg moves are distinct per path (first-leg square), even when the first leg
    /// captures nothing; otherwise such moves merge with ordinary moves to the same square.
    pub two_leg_paths: bool,
    /// Pieces that may promote on reaching the last rank even when the promotion style
    /// would not allow it (Chu Shogi pawns and lances).
    pub promote_on_last_rank: Vec<PieceType>,
    /// Pieces that promote only by capturing an enemy piece other than a pawn, wherever
    /// they stand (Short Sliders' Guard, `docs/rules/short-sliders.md` §4.2).
    pub promote_by_capture_only: Vec<PieceType>,
    /// Pool promotion (Short Sliders, `docs/rules/short-sliders.md` §3.3): these pieces
    /// promote from the pool of their side's captured pieces instead of from a fixed list.
    pub pool_promoters: Vec<PieceType>,
    /// The lines of the pool: each a starter followed by its promoted stages. A captured
    /// member of a line makes its starter available; a captured promoted member also its
    /// first-stage type (last rank only).
    pub pool_lines: Vec<Vec<PieceType>>,
    /// Types a side may have at most one of on the board (Short Sliders' Thaumaturge).
    pub unique: Vec<PieceType>,
    /// `promoteUnless.X = Y ...`: X may promote only while its side has no Y on the board;
    /// when a capture takes the last of them and an X stands in its side's zone, that X
    /// promotes at once (Short Sliders' Sorcerer and Wizard, `docs/rules/short-sliders.md` §4.3).
    pub promote_unless: Vec<(PieceType, Vec<PieceType>)>,
    /// Pieces with the Hia power (`docs/rules/short-sliders.md` §2.6, `docs/rules/hiashatar.md`
    /// §3.3): a sliding move may not pass through a square next to one (it may end there),
    /// and starting next to one it goes one step only. Leaps are unaffected; a Hia piece is
    /// not hindered by its own zone.
    pub hia: Vec<PieceType>,
    /// The Hia power hinders only the enemy's sliders (an option of Short Sliders,
    /// `docs/rules/short-sliders.md` §2.6; Hiashatar's default, `docs/rules/hiashatar.md` §3.3).
    pub hia_enemy_only: bool,
    /// Pieces whose attacks never count against a royal (`noCheck`, Hiashatar's
    /// Bodyguard): they give no check, pin nothing, and cannot capture a royal, so a royal
    /// may stand next to them.
    pub no_check: Vec<PieceType>,
    /// Pieces that cannot be captured (`immune`, Tamerlane's Pawn of Pawns on its last rank).
    pub immune: Vec<PieceType>,
    /// `royalCount = after`: the check rule protects a side's royal when it is the only one
    /// after the move, so a move that makes a second royal may leave the first attacked
    /// (Tamerlane). Default `before`: the count before the move decides, as in
    /// Fairy-Stockfish (Sho Shogi).
    pub royal_count_after: bool,
    /// `promotionSuffix = choice`: coordinate notation writes a promotion's suffix only
    /// where the player had a choice (several types, or not promoting); a forced one is
    /// written bare and read either way (Tamerlane). Default `always`.
    pub promotion_suffix_on_choice: bool,
    /// Tamerlane's citadels (rules/citadel.rs): `citadels = WHITE BLACK`, the squares.
    pub citadels: Option<[Square; 2]>,
    /// The types that may step into the enemy citadel (`citadelEnemyEntry`).
    pub citadel_enemy_entry: Vec<PieceType>,
    /// The types that may step into their own citadel (`citadelOwnEntry`).
    pub citadel_own_entry: Vec<PieceType>,
    /// The types an enemy-citadel entry may exchange places with (`citadelExchange`).
    pub citadel_exchange: Vec<PieceType>,
    /// An entry into the enemy citadel that captures may be made as an exchange too
    /// (`citadelCaptureExchange`).
    pub citadel_capture_exchange: bool,
    /// The King swap (rules/swap.rs): the types that may swap places with an own piece once
    /// per game when their side has no other legal move (`swap`).
    pub swap: Vec<PieceType>,
    /// Placement by fork or trap (rules/placement.rs): the types whose only moves are such
    /// placements, becoming their `promote.X` type (`placement`).
    pub placement: Vec<PieceType>,
    /// Slide-chess's cages (rules/cage.rs): `cages = rim`, the board's outer frame exists
    /// only where a cage stands.
    pub cages: bool,
    /// The types that may never stand in a cage (`cageForbidden`).
    pub cage_forbidden: Vec<PieceType>,
    /// An insertion counts as a relocation for the no-two-in-a-row rule
    /// (`cageInsertionCounts`).
    pub cage_insertion_counts: bool,
    /// A relocation may give check (`cageRelocationMayCheck`).
    pub cage_relocation_may_check: bool,
    /// Lion-trading rules (rules/lion.rs): the lion types; empty = off.
    pub lions: Vec<PieceType>,
    /// Victims whose capture on the first leg does not make a "bridge" (pawns, go-betweens).
    pub lion_bridge_exempt: Vec<PieceType>,
    /// Okazaki rule: counterstrike allowed against an unprotected lion.
    pub okazaki: bool,
    /// L2: whether the piece a Lion captures on its first leg still protects the Lion it
    /// captures on the second (lishogi: yes; HaChu: no, it is gone).
    pub lion_victim_protects: bool,
    /// L3: whether a non-Lion may re-capture, on the square of the capture, the Lion that
    /// has just taken a Lion (lishogi: yes, a Kirin that promoted while capturing; HaChu:
    /// no).
    pub lion_recapture_on_square: bool,
    /// An unused once-per-game move attacks the squares it could capture on
    /// (`docs/rules/bat-chess.md` §3.5).
    pub once_moves_attack: bool,
    /// Where the definition was read (for messages).
    pub origin: Origin,
}

impl Variant {
    pub fn piece_count(&self) -> usize {
        self.pieces.len()
    }

    /// Finds a piece type by White's FEN token (case-insensitive letter, exact marks).
    pub fn type_by_token(&self, token: &str) -> Option<PieceType> {
        let up = token.to_ascii_uppercase();
        self.pieces.iter().position(|p| p.token == up).map(|i| i as PieceType)
    }

    pub fn contains(&self, sq: Square) -> bool {
        self.board.contains(sq)
    }

    /// Promotion zone for a colour: the last `promotion_zone` ranks from its side.
    pub fn promotion_zone_of(&self, black: bool) -> Bitboard {
        let mut b = Bitboard::EMPTY;
        for i in 0..self.promotion_zone.min(self.ranks) {
            let r = if black { i } else { self.ranks - 1 - i };
            b |= Bitboard::rank_mask(r);
        }
        b & self.board
    }

    /// True if any piece is royal.
    pub fn has_royals(&self) -> bool {
        self.pieces.iter().any(|p| p.royal)
    }
}

/// A variant that could not be built, with the place and reason.
pub type BuildError = IniError;

/// Result of loading one or more ini texts.
#[derive(Debug)]
pub struct LoadResult<T = Variant> {
    pub variants: Vec<T>,
    pub errors: Vec<IniError>,
}

/// Loads variants from ini texts given as (file name, text), later files overriding
/// earlier ones section by section. Broken sections are reported and skipped.
pub fn load(files: &[(&str, &str)]) -> LoadResult {
    load_compiled(files, Ok)
}

/// [`load`], each variant also passed through `compile` (the caller's own check, such as
/// building its rules from the start position); a variant `compile` rejects is broken too.
///
/// A section that overrides an earlier one but is broken is reported and the earlier
/// definition stays: a mistake in a user file must not take away a variant that worked
/// (a missing network file once removed the embedded shatranj this way).
pub fn load_compiled<T>(files: &[(&str, &str)], compile: impl Fn(Variant) -> Result<T, IniError>) -> LoadResult<T> {
    // Each section's definitions, oldest first, in the order the names first appear.
    let mut all: Vec<Vec<Section>> = Vec::new();
    let mut place: HashMap<String, usize> = HashMap::new();
    let mut errors = Vec::new();
    for (name, text) in files {
        let (sections, errs) = ini::parse(text, name);
        errors.extend(errs);
        for s in sections {
            if let Some(&pos) = place.get(&s.name) {
                all[pos].push(s);
            } else {
                place.insert(s.name.clone(), all.len());
                all.push(vec![s]);
            }
        }
    }
    // Parents resolve to the definition in use: the newest until a fallback replaces it.
    let mut by_name: HashMap<&str, &Section> =
        all.iter().filter_map(|v| v.last()).map(|s| (s.name.as_str(), s)).collect();
    let mut variants = Vec::new();
    for versions in &all {
        let mut failed: Option<&Section> = None;
        for s in versions.iter().rev() {
            let built = resolve_chain(s, &by_name)
                .map_err(|e| vec![e])
                .and_then(|chain| build(s, &chain))
                .and_then(|v| compile(v).map_err(|e| vec![e]));
            match built {
                Ok(v) => {
                    if let Some(newest) = failed {
                        errors.push(IniError {
                            origin: newest.origin.clone(),
                            reason: format!("[{}] kept as defined at {}", s.name, s.origin),
                        });
                        by_name.insert(s.name.as_str(), s);
                    }
                    variants.push(v);
                    break;
                }
                Err(e) => {
                    errors.extend(e);
                    failed = failed.or(Some(s));
                }
            }
        }
    }
    LoadResult { variants, errors }
}

/// The longest chain of parents a section may have. The embedded file goes three deep;
/// without a bound a 5,000-deep chain took 37 s and 2.45 GB to load.
pub const MAX_INHERITANCE: usize = 16;

/// Ancestors first, the section itself last.
fn resolve_chain<'a>(s: &'a Section, by_name: &HashMap<&str, &'a Section>) -> Result<Vec<&'a Section>, IniError> {
    let mut chain = vec![s];
    let mut cur = s;
    while let Some(p) = &cur.parent {
        let Some(parent) = by_name.get(p.to_ascii_lowercase().as_str()) else {
            return Err(IniError { origin: cur.origin.clone(), reason: format!("unknown parent variant '{p}'") });
        };
        if chain.iter().any(|c| c.name == parent.name) {
            return Err(IniError {
                origin: s.origin.clone(),
                reason: format!("inheritance cycle through '{}'", parent.name),
            });
        }
        if chain.len() > MAX_INHERITANCE {
            return Err(IniError {
                origin: s.origin.clone(),
                reason: format!("[{}] more than {MAX_INHERITANCE} generations of parents", s.name),
            });
        }
        chain.push(parent);
        cur = parent;
    }
    chain.reverse();
    Ok(chain)
}

fn is_valid_token(t: &str) -> bool {
    let b = t.as_bytes();
    let mut i = 0;
    if b.first() == Some(&b'+') {
        i = 1;
    }
    if i >= b.len() || !b[i].is_ascii_uppercase() {
        return false;
    }
    i += 1;
    if i < b.len() && (b[i] == b'\'' || b[i] == b'!') {
        i += 1;
    }
    i == b.len()
}

struct RawPiece {
    token: String,
    name: String,
    betza: String,
    origin: Origin,
}

fn parse_bool(s: &str) -> Option<bool> {
    match s.to_ascii_lowercase().as_str() {
        "true" | "1" | "yes" | "on" => Some(true),
        "false" | "0" | "no" | "off" => Some(false),
        _ => None,
    }
}

/// Every problem found in one section, so that a user fixes a file in one pass rather than
/// one error per load. A value that is wrong is reported and replaced by its default, so
/// that the checks after it still run; the section is not built if anything was reported.
struct Problems<'a> {
    section: &'a str,
    found: RefCell<Vec<IniError>>,
}

impl Problems<'_> {
    fn add(&self, origin: &Origin, reason: String) {
        self.found
            .borrow_mut()
            .push(IniError { origin: origin.clone(), reason: format!("[{}] {reason}", self.section) });
    }

    /// All problems in line order.
    fn into_errors(self) -> Vec<IniError> {
        let mut found = self.found.into_inner();
        found.sort_by(|a, b| (&a.origin.file, a.origin.line).cmp(&(&b.origin.file, b.origin.line)));
        found
    }

    /// All problems in line order, or none.
    fn into_result(self) -> Result<(), Vec<IniError>> {
        let found = self.into_errors();
        if found.is_empty() { Ok(()) } else { Err(found) }
    }
}

/// Keys a `[child:parent]` section does not take from its parents: the game's names and
/// title (its sources it shares: a child is mostly another form of the same game).
const NOT_INHERITED: [&str; 4] = ["title", "aliases", "xboardName", "cutechessName"];

fn build(s: &Section, chain: &[&Section]) -> Result<Variant, Vec<IniError>> {
    let problems = Problems { section: &s.name, found: RefCell::new(Vec::new()) };
    let err = |o: &Origin, r: String| problems.add(o, r);
    let mut raw_pieces: Vec<RawPiece> = Vec::new();
    let mut kv: HashMap<String, (String, Origin)> = HashMap::new();
    let mut promos: Vec<(String, String, Origin)> = Vec::new();
    let mut unless: Vec<(String, String, Origin)> = Vec::new();
    let mut values: Vec<(String, String, Origin)> = Vec::new();
    let mut values_mg: Vec<(String, String, Origin)> = Vec::new();
    let mut weights: Vec<(String, String, Origin)> = Vec::new();
    let mut search: Vec<(String, String, Origin)> = Vec::new();
    let mut imbalance: Vec<(String, String, Origin)> = Vec::new();
    for sec in chain {
        let inherited = !std::ptr::eq(*sec, s);
        for e in &sec.entries {
            let key = e.key.as_str();
            // What names a game is its own: a child is another game, which must not answer
            // to its parent's names (XBoard's `normal`, UCI's `standard`) or wear its title.
            if inherited && NOT_INHERITED.contains(&key) {
                continue;
            }
            match key {
                "piece" => {
                    let mut it = e.value.split_whitespace();
                    let (Some(token), Some(name)) = (it.next(), it.next()) else {
                        err(&e.origin, "piece needs 'TOKEN NAME XBETZA'".into());
                        continue;
                    };
                    let betza: String = it.collect::<Vec<_>>().join("");
                    if !is_valid_token(token) {
                        err(
                            &e.origin,
                            format!(
                                "bad piece token '{token}' (an upper-case letter, optionally '+' before and ' or ! after)"
                            ),
                        );
                        continue;
                    }
                    let rp = RawPiece {
                        token: token.to_string(),
                        name: name.to_ascii_lowercase(),
                        betza,
                        origin: e.origin.clone(),
                    };
                    if let Some(p) = raw_pieces.iter_mut().find(|p| p.token == token) {
                        *p = rp;
                    } else {
                        raw_pieces.push(rp);
                    }
                }
                "removePiece" => {
                    for t in e.value.split_whitespace() {
                        let before = raw_pieces.len();
                        raw_pieces.retain(|p| p.token != t);
                        if raw_pieces.len() == before {
                            err(&e.origin, format!("removePiece: no piece '{t}'"));
                        }
                    }
                }
                k if k.starts_with("value.") => {
                    values.retain(|(t, _, _)| t != &k[6..]);
                    values.push((k[6..].to_string(), e.value.clone(), e.origin.clone()));
                }
                k if k.starts_with("valueMg.") => {
                    values_mg.retain(|(t, _, _)| t != &k[8..]);
                    values_mg.push((k[8..].to_string(), e.value.clone(), e.origin.clone()));
                }
                k if k.starts_with("imbalance.") || k.starts_with("imbalanceVs.") => {
                    imbalance.retain(|(t, _, _)| t != k);
                    imbalance.push((k.to_string(), e.value.clone(), e.origin.clone()));
                }
                k if k.starts_with("eval.") => {
                    weights.retain(|(t, _, _)| t != &k[5..]);
                    weights.push((k[5..].to_string(), e.value.clone(), e.origin.clone()));
                }
                k if k.starts_with("search.") => {
                    search.retain(|(t, _, _)| t != &k[7..]);
                    search.push((k[7..].to_string(), e.value.clone(), e.origin.clone()));
                }
                k if k.starts_with("promoteUnless.") => {
                    unless.retain(|(t, _, _)| t != &k[14..]);
                    unless.push((k[14..].to_string(), e.value.clone(), e.origin.clone()));
                }
                k if k.starts_with("promote.") => {
                    promos.retain(|(t, _, _)| t != &k[8..]);
                    promos.push((k[8..].to_string(), e.value.clone(), e.origin.clone()));
                }
                "title"
                | "source"
                | "aliases"
                | "files"
                | "ranks"
                | "board"
                | "royal"
                | "pawns"
                | "promotionZone"
                | "promotionStyle"
                | "promotionMandatory"
                | "startFen"
                | "checkRule"
                | "bareKing"
                | "bareKingCounter"
                | "stalemate"
                | "nMoveRule"
                | "nFoldRule"
                | "nFoldValue"
                | "perpetualCheck"
                | "castlingPartners"
                | "castlingRook"
                | "castlingSafeSquares"
                | "noCheck"
                | "immune"
                | "royalCount"
                | "promotionSuffix"
                | "citadels"
                | "citadelEnemyEntry"
                | "citadelOwnEntry"
                | "citadelExchange"
                | "citadelCaptureExchange"
                | "swap"
                | "placement"
                | "cages"
                | "cageForbidden"
                | "cageInsertionCounts"
                | "cageRelocationMayCheck"
                | "holes"
                | "xboardName"
                | "xboardLegality"
                | "xboardParent"
                | "cutechessName"
                | "twoLegPaths"
                | "promoteOnLastRank"
                | "lions"
                | "lionBridgeExempt"
                | "okazaki"
                | "lionVictimProtects"
                | "lionRecaptureOnSquare"
                | "bareKingStrict"
                | "bareKingIgnore"
                | "pointsValue"
                | "onceMovesAttack"
                | "promoteByCaptureOnly"
                | "poolPromotion"
                | "poolLines"
                | "unique"
                | "hia"
                | "hiaEnemyOnly"
                | "nnue" => {
                    kv.insert(key.to_string(), (e.value.clone(), e.origin.clone()));
                }
                _ => err(&e.origin, format!("unknown key '{key}'")),
            }
        }
    }
    let get = |k: &str| kv.get(k).map(|(v, o)| (v.as_str(), o));
    let int = |k: &str, default: u32, max: u32| -> u32 {
        match get(k) {
            None => default,
            Some((v, o)) => match v.parse::<u32>() {
                Ok(n) if n <= max => n,
                _ => {
                    err(o, format!("{k} must be a whole number 0..={max}, found '{v}'"));
                    default
                }
            },
        }
    };
    let boolean = |k: &str, default: bool| -> bool {
        match get(k) {
            None => default,
            Some((v, o)) => parse_bool(v).unwrap_or_else(|| {
                err(o, format!("{k} must be true or false, found '{v}'"));
                default
            }),
        }
    };
    let endv = |k: &str| -> Option<EndValue> {
        match get(k) {
            None => None,
            Some((v, _)) if v.eq_ignore_ascii_case("none") => None,
            Some((v, o)) => EndValue::parse(v).or_else(|| {
                err(o, format!("{k} must be draw, loss, win or a share like 2/5, found '{v}'"));
                None
            }),
        }
    };

    // Board size.
    let (mut files, mut ranks) = (int("files", 8, 16), int("ranks", 8, 16));
    if let Some((v, o)) = get("board") {
        let parsed = v
            .split_once(['x', 'X'])
            .and_then(|(a, b)| Some((a.trim().parse::<u32>().ok()?, b.trim().parse::<u32>().ok()?)));
        match parsed {
            Some((f, r)) if (1..=16).contains(&f) && (1..=16).contains(&r) => {
                files = f;
                ranks = r;
            }
            _ => err(o, format!("board must be WxH with both 1..16, found '{v}'")),
        }
    }
    if files == 0 || ranks == 0 {
        err(&s.origin, "files and ranks must be 1..16".into());
        (files, ranks) = (files.max(1), ranks.max(1));
    }
    let board = Bitboard::board_mask(files as u8, ranks as u8);

    // Pieces.
    // Without pieces every later check would only repeat "no piece".
    if raw_pieces.is_empty() {
        err(&s.origin, "no pieces defined".into());
        return Err(problems.into_errors());
    }
    if raw_pieces.len() > MAX_PIECE_TYPES {
        err(&s.origin, format!("at most {MAX_PIECE_TYPES} piece types"));
        return Err(problems.into_errors());
    }
    let mut pieces = Vec::new();
    for rp in &raw_pieces {
        let moves = betza::parse(&rp.betza).unwrap_or_else(|e| {
            err(&rp.origin, format!("piece {}: {e}", rp.token));
            Vec::new()
        });
        pieces.push(PieceDef {
            name: rp.name.clone(),
            token: rp.token.clone(),
            betza: rp.betza.clone(),
            moves,
            royal: false,
            pawn: false,
            promotions: Vec::new(),
            base: None,
        });
    }
    let lookup = |t: &str| pieces.iter().position(|p| p.token == t).map(|i| i as PieceType);
    let list = |k: &str| -> Option<Vec<PieceType>> {
        let (v, o) = get(k)?;
        let mut out = Vec::new();
        for t in v.split(|c: char| c.is_whitespace() || c == ',').filter(|t| !t.is_empty()) {
            match lookup(t) {
                Some(i) => out.push(i),
                None => err(o, format!("{k}: no piece '{t}'")),
            }
        }
        Some(out)
    };
    let royal = list("royal").unwrap_or_default();
    let pawns = match list("pawns") {
        Some(p) => p,
        None => lookup("P").into_iter().collect(),
    };
    let castling_partners = list("castlingPartners");
    let castling_rook = match get("castlingRook") {
        None | Some(("inside", _)) => CastlingRook::Inside,
        Some(("outside", _)) => CastlingRook::Outside,
        Some(("free", _)) => CastlingRook::Free,
        Some((v, o)) => {
            err(o, format!("castlingRook must be inside, outside or free, found '{v}'"));
            CastlingRook::Inside
        }
    };
    let castling_safe = match get("castlingSafeSquares") {
        None | Some(("king", _)) => CastlingSafe::King,
        Some(("between", _)) => CastlingSafe::Between,
        Some((v, o)) => {
            err(o, format!("castlingSafeSquares must be king or between, found '{v}'"));
            CastlingSafe::King
        }
    };
    let no_check = list("noCheck").unwrap_or_default();
    let immune = list("immune").unwrap_or_default();
    let royal_count_after = match get("royalCount") {
        None | Some(("before", _)) => false,
        Some(("after", _)) => true,
        Some((v, o)) => {
            err(o, format!("royalCount must be before or after, found '{v}'"));
            false
        }
    };
    let promotion_suffix_on_choice = match get("promotionSuffix") {
        None | Some(("always", _)) => false,
        Some(("choice", _)) => true,
        Some((v, o)) => {
            err(o, format!("promotionSuffix must be always or choice, found '{v}'"));
            false
        }
    };
    let citadels = match get("citadels") {
        None => None,
        Some((v, o)) => {
            let sq: Vec<Option<Square>> = v.split_whitespace().map(Square::parse).collect();
            match sq.as_slice() {
                [Some(w), Some(b)] if board.contains(*w) && board.contains(*b) && w != b => Some([*w, *b]),
                _ => {
                    err(o, format!("citadels must be two squares of the board (White's, Black's), found '{v}'"));
                    None
                }
            }
        }
    };
    let citadel_enemy_entry = list("citadelEnemyEntry").unwrap_or_default();
    let citadel_own_entry = list("citadelOwnEntry").unwrap_or_default();
    let citadel_exchange = list("citadelExchange").unwrap_or_default();
    let swap = list("swap").unwrap_or_default();
    let placement = list("placement").unwrap_or_default();
    let cages = match get("cages") {
        None | Some(("none", _)) => false,
        Some(("rim", _)) => true,
        Some((v, o)) => {
            err(o, format!("cages must be rim or none, found '{v}'"));
            false
        }
    };
    let cage_forbidden = list("cageForbidden").unwrap_or_default();
    let promote_on_last_rank = list("promoteOnLastRank").unwrap_or_default();
    let promote_by_capture_only = list("promoteByCaptureOnly").unwrap_or_default();
    let pool_promoters = list("poolPromotion").unwrap_or_default();
    let unique = list("unique").unwrap_or_default();
    let hia = list("hia").unwrap_or_default();
    let hia_enemy_only = boolean("hiaEnemyOnly", false);
    let mut pool_lines = Vec::new();
    if let Some((v, o)) = get("poolLines") {
        for line in v.split(',') {
            let mut l = Vec::new();
            for t in line.split_whitespace() {
                match lookup(t) {
                    Some(i) => l.push(i),
                    None => err(o, format!("poolLines: no piece '{t}'")),
                }
            }
            if !l.is_empty() {
                pool_lines.push(l);
            }
        }
        if pool_lines.len() > 32 {
            err(o, "poolLines: at most 32 lines".to_string());
        }
    }
    if let Some((_, o)) = get("poolPromotion")
        && !pool_promoters.is_empty()
        && pool_lines.is_empty()
    {
        err(o, "poolPromotion needs poolLines".to_string());
    }
    let lions = list("lions").unwrap_or_default();
    let bare_king_ignore = list("bareKingIgnore").unwrap_or_default();
    let lion_bridge_exempt = list("lionBridgeExempt").unwrap_or_default();
    // '+X' tokens are promoted forms of X.
    let bases: Vec<Option<PieceType>> = pieces.iter().map(|p| p.token.strip_prefix('+').and_then(lookup)).collect();
    for (i, p) in pieces.iter().enumerate() {
        if p.token.starts_with('+') && bases[i].is_none() {
            err(&raw_pieces[i].origin, format!("'{}' is a promoted form of a piece that does not exist", p.token));
        }
    }
    // `promote.X = ...` and `promoteUnless.X = ...`: a piece and a list of pieces.
    let piece_lists = |key: &str, entries: &[(String, String, Origin)]| {
        let mut out = Vec::new();
        for (t, v, o) in entries {
            let Some(from) = lookup(t) else {
                err(o, format!("{key}.{t}: no piece '{t}'"));
                continue;
            };
            let mut to = Vec::new();
            for tt in v.split(|c: char| c.is_whitespace() || c == ',').filter(|x| !x.is_empty()) {
                match lookup(tt) {
                    Some(i) => to.push(i),
                    None => err(o, format!("{key}.{t}: no piece '{tt}'")),
                }
            }
            out.push((from, to));
        }
        out
    };
    let promo_lists = piece_lists("promote", &promos);
    let promote_unless = piece_lists("promoteUnless", &unless);
    let value_lines = |key: &str, lines: &[(String, String, Origin)]| {
        let mut out = Vec::new();
        for (t, v, o) in lines {
            let Some(k) = lookup(t) else {
                err(o, format!("{key}.{t}: no piece '{t}'"));
                continue;
            };
            match v.parse::<i32>() {
                Ok(n) if (-100_000..=100_000).contains(&n) => out.push((k, n)),
                _ => err(o, format!("{key}.{t} must be a whole number of centipawns, found '{v}'")),
            }
        }
        out
    };
    let value_overrides = value_lines("value", &values);
    let value_mg_overrides = value_lines("valueMg", &values_mg);
    let mut eval_weights = Vec::new();
    for (name, v, o) in &weights {
        let Some(i) = crate::search::eval_weights::index_of(name) else {
            let known = crate::search::eval_weights::NAMES.join(" ");
            err(o, format!("eval.{name}: no such evaluation weight (known: {known})"));
            continue;
        };
        match v.parse::<i32>() {
            Ok(n) if (-100_000..=100_000).contains(&n) => eval_weights.push((i, n)),
            _ => err(o, format!("eval.{name} must be a whole number from -100000 to 100000, found '{v}'")),
        }
    }
    let mut search_params = Vec::new();
    for (name, v, o) in &search {
        use crate::search::params;
        let Some(i) = params::index_of(name) else {
            err(o, format!("search.{name}: no such search parameter (`kirin search-params` lists them)"));
            continue;
        };
        match v.parse::<i32>().map_err(|_| format!("search.{name} must be a whole number, found '{v}'")) {
            Ok(n) => match params::check(i, n) {
                Ok(()) => search_params.push((i, n)),
                Err(e) => err(o, format!("search.{e}")),
            },
            Err(e) => err(o, e),
        }
    }
    let mut imbalance_terms = Vec::new();
    for (key, v, o) in &imbalance {
        let (prefix, pair) = key.split_once('.').unwrap_or((key, ""));
        let Some((a, b)) = pair.split_once('.') else {
            err(o, format!("{key}: the key names two pieces ({prefix}.A.B)"));
            continue;
        };
        let (Some(own), Some(other)) = (lookup(a), lookup(b)) else {
            err(o, format!("{key}: no piece '{}'", if lookup(a).is_none() { a } else { b }));
            continue;
        };
        match v.parse::<i32>() {
            Ok(n) if (-10_000..=10_000).contains(&n) => imbalance_terms.push(crate::search::imbalance::Term {
                own,
                other,
                against: prefix == "imbalanceVs",
                value: n,
            }),
            _ => err(o, format!("{key} must be a whole number of centipawns from -10000 to 10000, found '{v}'")),
        }
    }
    for (i, p) in pieces.iter_mut().enumerate() {
        p.base = bases[i];
        p.royal = royal.contains(&(i as PieceType));
        p.pawn = pawns.contains(&(i as PieceType));
    }
    for (from, to) in promo_lists {
        pieces[from as usize].promotions = to;
    }

    let promotion_style = match get("promotionStyle") {
        None => PromotionStyle::End,
        Some((v, o)) => match v {
            "end" => PromotionStyle::End,
            "shogi" | "startOrEnd" => PromotionStyle::StartOrEnd,
            "entry" | "entryOrCapture" => PromotionStyle::EntryOrCapture,
            "endOrCapture" => PromotionStyle::EndOrCapture,
            _ => {
                err(o, format!("promotionStyle must be end, shogi, entry or endOrCapture, found '{v}'"));
                PromotionStyle::End
            }
        },
    };
    let promotion_mandatory = match get("promotionMandatory") {
        None => Mandatory::Always,
        Some((v, o)) => match v {
            "always" | "true" => Mandatory::Always,
            "immobile" => Mandatory::Immobile,
            "never" | "false" => Mandatory::Never,
            _ => {
                err(o, format!("promotionMandatory must be always, immobile or never, found '{v}'"));
                Mandatory::Always
            }
        },
    };
    let start_fen = match get("startFen") {
        Some((fen, _)) => fen,
        None => {
            err(&s.origin, "startFen is missing".into());
            ""
        }
    };
    let stalemate = endv("stalemate").unwrap_or(EndValue::Draw);
    let mut holes = Bitboard::EMPTY;
    if let Some((v, o)) = get("holes") {
        for t in v.split(|c: char| c.is_whitespace() || c == ',').filter(|x| !x.is_empty()) {
            match Square::parse(t) {
                Some(sq) if board.contains(sq) => holes.set(sq),
                _ => err(o, format!("holes: '{t}' is not a square of the board")),
            }
        }
    }
    let nnue = match get("nnue") {
        None => None,
        Some((v, _)) if v.eq_ignore_ascii_case("none") => None,
        Some((v, o)) => match crate::nnue::load(v, &o.file, &pieces, files as usize, ranks as usize) {
            Ok(net) => Some(std::sync::Arc::new(net)),
            Err(e) => {
                err(o, format!("nnue: {e}"));
                None
            }
        },
    };
    let v = Variant {
        name: s.name.clone(),
        title: get("title").map(|(v, _)| v.to_string()).unwrap_or_else(|| s.name.clone()),
        source: get("source").map(|(v, _)| v.to_string()).unwrap_or_default(),
        aliases: get("aliases")
            .map(|(v, _)| {
                v.split(|c: char| c.is_whitespace() || c == ',')
                    .filter(|x| !x.is_empty())
                    .map(|x| x.to_ascii_lowercase())
                    .collect()
            })
            .unwrap_or_default(),
        xboard_name: get("xboardName").map(|(v, _)| v.to_ascii_lowercase()),
        xboard_legality: boolean("xboardLegality", true),
        xboard_parent: get("xboardParent").map(|(v, _)| v.to_ascii_lowercase()),
        cutechess_name: get("cutechessName").map(|(v, _)| v.to_ascii_lowercase()),
        files: files as u8,
        ranks: ranks as u8,
        board: board.without(holes),
        holes,
        pieces,
        start_fen: start_fen.to_string(),
        check_rule: boolean("checkRule", true),
        promotion_zone: int("promotionZone", 1, 16) as u8,
        promotion_style,
        promotion_mandatory,
        bare_king: endv("bareKing"),
        bare_king_counter: boolean("bareKingCounter", false),
        bare_king_strict: boolean("bareKingStrict", false),
        bare_king_ignore,
        stalemate,
        points_value: int("pointsValue", 600, 20_000) as i32,
        n_move_rule: int("nMoveRule", 50, 100_000),
        n_fold: int("nFoldRule", 3, 100),
        n_fold_value: endv("nFoldValue").unwrap_or(EndValue::Draw),
        perpetual_check: endv("perpetualCheck"),
        castling_partners,
        castling_rook,
        castling_safe,
        value_overrides,
        value_mg_overrides,
        eval_weights,
        search_params,
        imbalance: imbalance_terms,
        nnue,
        two_leg_paths: boolean("twoLegPaths", false),
        promote_on_last_rank,
        promote_by_capture_only,
        pool_promoters,
        pool_lines,
        unique,
        promote_unless,
        hia,
        hia_enemy_only,
        no_check,
        immune,
        royal_count_after,
        promotion_suffix_on_choice,
        citadels,
        citadel_enemy_entry,
        citadel_own_entry,
        citadel_exchange,
        citadel_capture_exchange: boolean("citadelCaptureExchange", true),
        swap,
        placement,
        cages,
        cage_forbidden,
        cage_insertion_counts: boolean("cageInsertionCounts", false),
        cage_relocation_may_check: boolean("cageRelocationMayCheck", false),
        lions,
        lion_bridge_exempt,
        okazaki: boolean("okazaki", false),
        lion_victim_protects: boolean("lionVictimProtects", true),
        lion_recapture_on_square: boolean("lionRecaptureOnSquare", true),
        once_moves_attack: boolean("onceMovesAttack", true),
        origin: s.origin.clone(),
    };
    problems.into_result().map(|()| v)
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({}x{})", self.name, self.files, self.ranks)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn embedded_variants_load_without_errors() {
        let r = load(&[("variants.ini", EMBEDDED_INI)]);
        assert!(r.errors.is_empty(), "{:?}", r.errors);
        for name in ["chess", "courier", "courier-modern", "shatranj", "shoshogi", "verney"] {
            assert!(r.variants.iter().any(|v| v.name == name), "missing {name}");
        }
    }

    #[test]
    fn user_file_overrides_and_inherits() {
        let user = "[chess]\nfiles = 8\nranks = 8\npiece = K king K\nroyal = K\nstartFen = 4k3/8/8/8/8/8/8/4K3 w - - 0 1\n\n[mini:chess]\nfiles = 6\n";
        let r = load(&[("variants.ini", EMBEDDED_INI), ("user.ini", user)]);
        assert!(r.errors.is_empty(), "{:?}", r.errors);
        let chess = r.variants.iter().find(|v| v.name == "chess").unwrap();
        assert_eq!(chess.pieces.len(), 1);
        let mini = r.variants.iter().find(|v| v.name == "mini").unwrap();
        assert_eq!(mini.files, 6);
        assert_eq!(mini.ranks, 8);
    }

    /// A variant derived from chess is another game: XBoard must be able to select it by
    /// its own name (not `normal`), UCI must not find it under `standard`.
    #[test]
    fn a_child_does_not_take_its_parents_names() {
        let user = "[archchess:chess]\npiece = A archbishop BN\nremovePiece = Q\npromote.P = A R B N\n\
                    startFen = rnbakbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBAKBNR w KQkq - 0 1\n";
        let r = load(&[("variants.ini", EMBEDDED_INI), ("user.ini", user)]);
        assert!(r.errors.is_empty(), "{:?}", r.errors);
        let arch = r.variants.iter().find(|v| v.name == "archchess").unwrap();
        assert_eq!((arch.xboard_name.as_deref(), arch.aliases.len()), (None, 0));
        assert_eq!(arch.title, "archchess");
        assert_eq!(arch.source, "FIDE Laws of Chess", "forms of a game share its sources");
        assert_eq!(arch.n_move_rule, 50, "the rules are inherited");
        let chess = r.variants.iter().find(|v| v.name == "chess").unwrap();
        assert_eq!(chess.xboard_name.as_deref(), Some("normal"));
    }

    #[test]
    fn broken_lines_are_reported_with_file_and_line() {
        let user = "[a]\npiece = P pawn fmWx\nstartFen = 8/8/8/8/8/8/8/8 w - - 0 1\n[b:nothere]\n[c]\nfiles = 40\n[d]\nfoo = bar\n";
        let r = load(&[("user.ini", user)]);
        let msgs: Vec<String> = r.errors.iter().map(|e| e.to_string()).collect();
        assert!(msgs.iter().any(|m| m.starts_with("user.ini:2: [a] piece P: XBetza error")), "{msgs:?}");
        assert!(msgs.iter().any(|m| m.starts_with("user.ini:4:") && m.contains("unknown parent")), "{msgs:?}");
        assert!(msgs.iter().any(|m| m.starts_with("user.ini:6:") && m.contains("files")), "{msgs:?}");
        assert!(msgs.iter().any(|m| m.starts_with("user.ini:8:") && m.contains("unknown key")), "{msgs:?}");
        assert!(r.variants.is_empty());
    }

    /// Issue 25, finding 9: a section with several mistakes reports each of them, in line
    /// order, not only the first.
    #[test]
    fn every_problem_of_a_section_is_reported() {
        let user = "[a]\nfoo = bar\npiece = K king K\npiece = Q queen Qx\nroyal = K Z\ncheckRule = maybe\n\
                    nMoveRule = -1\npromotionStyle = sideways\nholes = z99\n";
        let r = load(&[("user.ini", user)]);
        let msgs: Vec<String> = r.errors.iter().map(|e| e.to_string()).collect();
        let expect = [
            ("user.ini:1:", "startFen is missing"),
            ("user.ini:2:", "unknown key 'foo'"),
            ("user.ini:4:", "piece Q:"),
            ("user.ini:5:", "royal: no piece 'Z'"),
            ("user.ini:6:", "checkRule must be true or false"),
            ("user.ini:7:", "nMoveRule must be a whole number"),
            ("user.ini:8:", "promotionStyle must be"),
            ("user.ini:9:", "holes: 'z99'"),
        ];
        assert_eq!(msgs.len(), expect.len(), "{msgs:#?}");
        for ((place, text), m) in expect.iter().zip(&msgs) {
            assert!(m.starts_with(place) && m.contains(text), "{m} should be {place} ... {text}; all: {msgs:#?}");
        }
        assert!(r.variants.is_empty());
    }

    #[test]
    fn tokens() {
        assert!(is_valid_token("P"));
        assert!(is_valid_token("+P"));
        assert!(is_valid_token("N'"));
        assert!(is_valid_token("+N!"));
        assert!(!is_valid_token("p"));
        assert!(!is_valid_token("PP"));
        assert!(!is_valid_token("+"));
        assert!(!is_valid_token(""));
    }
}
