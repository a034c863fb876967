#!/usr/bin/env node
// Reference Chu Shogi perft for Kirin, built on lishogi's rules library shogiops (pinned
// to 0.18.0 in package.json).  Used by ../xcheck/ref_shogiops.py (scripts/crosscheck.py);
// also usable by hand.
//
// Install once:   npm ci --prefix scripts/shogiops      (or: cd scripts/shogiops && npm install)
//
// ---------------------------------------------------------------------------- usage
// Command line (one command per invocation):
//
//   node perft.mjs perft  [--sfen SFEN|startpos] [--moves "M1 M2 ..."] --depth D [--divide] [--usi]
//   node perft.mjs legal  [--sfen SFEN] [--moves "..."] [--usi]   legal moves, one line, sorted
//   node perft.mjs show   [--sfen SFEN] [--moves "..."]           SFEN, Kirin FEN, moves, outcome
//   node perft.mjs selftest [--depth D]                           see selfTest() below
//   node perft.mjs serve                                          JSON lines on stdin (below)
//   Options --bare-king and --kk-draw add game ends (see "game end" below).
//
//   With no command and stdin not a terminal, `serve` is assumed.  `perft --divide` prints
//   "MOVE: COUNT" lines, an empty line and "Nodes searched: N" -- the format of
//   `kirin perft --divide`, so the two outputs can be diffed directly.  Moves are printed in
//   Kirin's notation unless --usi is given (then shogiops/lishogi USI).  --moves accepts
//   either notation (a move starting with a digit is USI, with a letter Kirin's).
//   --debug-perft uses shogiops's own debug.perft instead (see "lion moves" below).
//
// serve: every stdin line is one JSON request, answered by exactly one JSON line:
//   {"cmd":"legal",  "sfen":S, "moves":[..]}            -> {..., "moves":[kirin..], "usi":[..], "over"}
//   {"cmd":"play",   "sfen":S, "moves":[..]}            -> {..., "over"}
//   {"cmd":"divide", "sfen":S, "moves":[..], "depth":D} -> {..., "divide":{kirinMove:count}, "nodes", "ms"}
//   where "..." = "sfen", "fen", "lionCapture" of the position reached by the moves.
//   {"cmd":"config", "bareKing":bool, "draw":bool}   -> {"bareKing","draw"}  (game ends, below)
//   {"cmd":"quit"}
//   "sfen" may be omitted or "startpos"; "moves" is optional.  Errors: {"error": "..."}.
//   "fen" is the position in Kirin's FEN (see below); "lionCapture" says that the SFEN's third
//   field records a Lion just captured by a non-Lion (docs/rules/shogi.md §3.5, L3), state
//   that Kirin's FEN cannot express -- give Kirin the previous position plus the last move
//   instead.
//
// ---------------------------------------------------------------------------- notation
// shogiops squares: index = file + 16*rank, file 0 = the RIGHTMOST SFEN column (USI file
// "1"), rank 0 = the TOP SFEN row (USI rank "a"); USI square = (file+1) + "abcdefghijkl"[rank],
// e.g. the top-left square is "12a", the bottom-left "12l".
// Kirin squares: a1..l12, file a = the LEFTMOST SFEN column, rank 1 = the BOTTOM row
// (sente's side; Kirin's White = sente = uppercase = moves first).  Hence
//     kirin file = 11 - shogiops file,   kirin rank = 12 - shogiops rank.
// Example: the start-position pawn push 12i12h (USI) = a4a5 (Kirin).
// Kirin moves: "e4e5"; promotion "e9e10+"; a two-leg (lion power) move is written
// "FROM MID,MID TO", e.g. "f3e4,e4f5"; igui / pass return to the origin: "f5f6,f6f5".
// Kirin FEN: the SFEN board unchanged (same letters, "+x" for promoted, top rank first,
// leftmost character = file a), then the side "w" for sente ("b" in SFEN) or "b" for gote
// ("w" in SFEN), then "- - 0 1".  The SFEN's third field (last Lion capture square, L3) is
// lost (see "lionCapture" above).
//
// ---------------------------------------------------------------------------- lion moves
// shogiops's debug.perft builds lion double moves as {from, to: FIRST step, midStep: FINAL
// square} while Position.play / isLegal read midStep as the intermediate square and to as
// the final one.  Up to depth 3 from the start that is harmless (a double move only appears
// at the last ply, where it is counted, not played) but deeper it plays wrong moves.  This
// perft builds the moves itself, with shogiops's rule functions:
//   * single moves: every `to` in pos.moveDests(from); promotion choices exactly as
//     debug.perft (pieceCanPromote -> promote, and also not-promote unless pieceForcePromote);
//   * double moves of lion-power roles (lion, lionpromoted, eagle, falcon): for every
//     `mid` in moveDests(from) and every `final` in secondLionStepDests(pos, from, mid), the
//     move {from, midStep: mid, to: final} -- never promoting.  A path through an empty
//     square is a different move from the jump to the same square (as in Kirin).
//
// ---------------------------------------------------------------------------- game end
// shogiops's perft ignores the end of the game; Kirin's perft has no moves once the game
// is over.  This perft therefore counts no moves (0 children) in a position where
//   * either side has no royal, King or Crown Prince (Chushogi.kingsOf(color).isEmpty()) --
//     always;
//   * with --bare-king (serve: {"cmd":"config","bareKing":true}): shogiops's
//     Chushogi.isBareKing() holds for either side (lishogi's bare-king rule: a lone royal,
//     dead pawns/lances aside, against a royal that is not in check plus at least one piece
//     other than a pawn, go-between or dead lance, and not a single such piece the bare
//     royal can capture at once);
//   * with --kk-draw ({"cmd":"config","draw":true}): shogiops's Chushogi.isDraw() (royal
//     against royal, dead pawns/lances aside, neither attacked).
// Off by default; the cross-check (../xcheck/ref_shogiops.py) switches them on to match what
// the Kirin binary does (it probes Kirin).  A position without legal moves simply has none, so "stalemate" needs
// no special case.  Repetition is ignored by both perfts.

const RULES = 'chushogi';
const FILES = 'abcdefghijkl';
const LION_POWER = new Set(['lion', 'lionpromoted', 'eagle', 'falcon']);

let so;
try {
  const [sfen, util, chu, vutil, debug] = await Promise.all([
    import('shogiops/sfen'),
    import('shogiops/util'),
    import('shogiops/variant/chushogi'),
    import('shogiops/variant/util'),
    import('shogiops/debug'),
  ]);
  so = { ...sfen, ...util, ...chu, ...vutil, debug };
} catch (e) {
  process.stderr.write(
    `perft.mjs: cannot load the npm package shogiops (${e.code || e.message}).\n` +
      `Install it with:  npm ci --prefix scripts/shogiops   (or: cd scripts/shogiops && npm install)\n`
  );
  process.exit(3);
}

const canPromote = so.pieceCanPromote(RULES);
const forcePromote = so.pieceForcePromote(RULES);
const START_SFEN = so.initialSfen(RULES);

// ---------------------------------------------------------------------------- notation

function kirinSquare(sq) {
  return FILES[11 - so.squareFile(sq)] + String(12 - so.squareRank(sq));
}

function parseKirinSquare(s) {
  const m = /^([a-l])(\d{1,2})$/.exec(s);
  if (!m) return undefined;
  const f = 11 - FILES.indexOf(m[1]),
    r = 12 - parseInt(m[2], 10);
  if (r < 0 || r > 11) return undefined;
  return f + 16 * r;
}

function kirinMove(m) {
  if (m.midStep !== undefined) {
    const mid = kirinSquare(m.midStep);
    return `${kirinSquare(m.from)}${mid},${mid}${kirinSquare(m.to)}`;
  }
  return kirinSquare(m.from) + kirinSquare(m.to) + (m.promotion ? '+' : '');
}

function usiMove(m) {
  return so.makeUsi(m);
}

// Kirin or USI text -> {from, to, midStep?, promotion}
function parseMove(text) {
  if (/^\d/.test(text)) {
    const m = so.parseUsi(text);
    if (!m || m.role) throw new Error(`bad USI move ${text}`);
    return { from: m.from, to: m.to, midStep: m.midStep, promotion: !!m.promotion };
  }
  let m = /^([a-l]\d{1,2})([a-l]\d{1,2}),([a-l]\d{1,2})([a-l]\d{1,2})$/.exec(text);
  if (m) {
    if (m[2] !== m[3]) throw new Error(`two-leg move ${text}: the second leg must start where the first ends`);
    const [from, mid, to] = [m[1], m[2], m[4]].map(parseKirinSquare);
    if ([from, mid, to].includes(undefined)) throw new Error(`bad move ${text}`);
    return { from, to, midStep: mid, promotion: false };
  }
  m = /^([a-l]\d{1,2})([a-l]\d{1,2})(\+?)$/.exec(text);
  if (m) {
    const from = parseKirinSquare(m[1]),
      to = parseKirinSquare(m[2]);
    if (from === undefined || to === undefined) throw new Error(`bad move ${text}`);
    return { from, to, promotion: m[3] === '+' };
  }
  throw new Error(`cannot parse move ${text}`);
}

function sameMove(a, b) {
  return a.from === b.from && a.to === b.to && a.midStep === b.midStep && !!a.promotion === !!b.promotion;
}

function kirinFen(pos) {
  const [board, turn] = so.makeSfen(pos).split(' ');
  return `${board} ${turn === 'b' ? 'w' : 'b'} - - 0 1`;
}

// ---------------------------------------------------------------------------- rules

function loadPosition(sfen) {
  const text = !sfen || sfen === 'startpos' ? START_SFEN : sfen;
  const res = so.parseSfen(RULES, text, false);
  if (res.isErr) throw new Error(`bad SFEN "${text}": ${res.error.message}`);
  return res.value;
}

const ENDS = { bareKing: false, draw: false };

function gameOver(pos) {
  return (
    pos.kingsOf('sente').isEmpty() ||
    pos.kingsOf('gote').isEmpty() ||
    (ENDS.bareKing && pos.isBareKing()) ||
    (ENDS.draw && pos.isDraw())
  );
}

// All legal moves (see the header): single moves with promotion choices, then the
// lion-power double moves with midStep = the intermediate square and to = the final one.
function generateMoves(pos) {
  const out = [];
  if (gameOver(pos)) return out;
  for (const [from, dests] of pos.allMoveDests()) {
    const piece = pos.board.get(from);
    for (const to of dests) {
      if (canPromote(piece, from, to, pos.board.get(to))) {
        out.push({ from, to, promotion: true });
        if (!forcePromote(piece, to)) out.push({ from, to, promotion: false });
      } else out.push({ from, to, promotion: false });
    }
    if (LION_POWER.has(piece.role)) {
      for (const mid of dests) {
        for (const to of so.secondLionStepDests(pos, from, mid)) {
          out.push({ from, to, midStep: mid, promotion: false });
        }
      }
    }
  }
  return out;
}

function child(pos, m) {
  const c = pos.clone();
  c.play(m);
  return c;
}

function perft(pos, depth) {
  if (depth < 1) return 1;
  const moves = generateMoves(pos);
  if (depth === 1) return moves.length;
  let n = 0;
  for (const m of moves) n += perft(child(pos, m), depth - 1);
  return n;
}

// [[move, count], ...] for the position's moves
function divide(pos, depth, debugPerft = false) {
  if (debugPerft) return debugDivide(pos, depth);
  return generateMoves(pos).map(m => [m, depth <= 1 ? 1 : perft(child(pos, m), depth - 1)]);
}

// shogiops's own debug.perft (with its swapped lion fields), for comparison only; its
// root moves are rebuilt the way debug.perft builds them and then named correctly.
function debugDivide(pos, depth) {
  const out = [];
  for (const [from, dests] of pos.allMoveDests()) {
    const piece = pos.board.get(from);
    for (const to of dests) {
      const promos = canPromote(piece, from, to, pos.board.get(to))
        ? forcePromote(piece, to) ? [true] : [true, false]
        : [false];
      for (const promotion of promos) {
        const m = { from, to, promotion };
        out.push([m, so.debug.perft(child(pos, m), depth - 1, false)]);
      }
      if (LION_POWER.has(piece.role)) {
        for (const x of so.secondLionStepDests(pos, from, to)) {
          const played = { from, to, midStep: x }; // as debug.perft plays it
          out.push([{ from, to: x, midStep: to, promotion: false, debugPlayed: played },
            so.debug.perft(child(pos, played), depth - 1, false)]);
        }
      }
    }
  }
  return out;
}

function applyMoves(pos, moves, strict = true) {
  for (const text of moves || []) {
    const m = parseMove(text);
    if (strict) {
      const legal = generateMoves(pos);
      if (!legal.some(l => sameMove(l, m))) {
        throw new Error(`illegal move ${text} in ${so.makeSfen(pos)}`);
      }
    }
    pos.play(m);
  }
  return pos;
}

function sortedNames(moves, usi) {
  return moves.map(m => (usi ? usiMove(m) : kirinMove(m))).sort();
}

// ---------------------------------------------------------------------------- commands

function handle(req) {
  if (req.cmd === 'config') {
    if ('bareKing' in req) ENDS.bareKing = !!req.bareKing;
    if ('draw' in req) ENDS.draw = !!req.draw;
    return { ...ENDS };
  }
  const pos = applyMoves(loadPosition(req.sfen), req.moves);
  const base = { sfen: so.makeSfen(pos), fen: kirinFen(pos), lionCapture: pos.lastLionCapture !== undefined };
  switch (req.cmd) {
    case 'legal': {
      const moves = generateMoves(pos);
      return { ...base, moves: sortedNames(moves, false), usi: sortedNames(moves, true), over: gameOver(pos) };
    }
    case 'play':
      return { ...base, over: gameOver(pos) };
    case 'divide': {
      const depth = req.depth ?? 1;
      if (!Number.isInteger(depth) || depth < 1) throw new Error(`bad depth ${depth}`);
      const t0 = performance.now();
      const rows = divide(pos, depth);
      const div = {};
      let nodes = 0;
      for (const [m, n] of rows) {
        const name = kirinMove(m);
        if (name in div) throw new Error(`move ${name} generated twice`);
        div[name] = n;
        nodes += n;
      }
      return { ...base, divide: div, nodes, ms: Math.round(performance.now() - t0) };
    }
    default:
      throw new Error(`unknown cmd ${req.cmd}`);
  }
}

async function serve() {
  const readline = await import('node:readline');
  const rl = readline.createInterface({ input: process.stdin, crlfDelay: Infinity, terminal: false });
  for await (const line of rl) {
    if (!line.trim()) continue;
    let reply;
    try {
      const req = JSON.parse(line);
      if (req.cmd === 'quit') break;
      reply = handle(req);
    } catch (e) {
      reply = { error: String(e.message || e) };
    }
    process.stdout.write(JSON.stringify(reply) + '\n');
  }
}

function parseArgs(argv) {
  const opts = { depth: undefined, divide: false, usi: false, debugPerft: false, moves: [], sfen: undefined };
  const rest = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const val = () => {
      if (i + 1 >= argv.length) throw new Error(`${a} needs a value`);
      return argv[++i];
    };
    if (a === '--sfen' || a === '--fen') opts.sfen = val();
    else if (a === '--moves') opts.moves = val().split(/\s+/).filter(Boolean);
    else if (a === '--depth' || a === '-d') opts.depth = parseInt(val(), 10);
    else if (a === '--divide') opts.divide = true;
    else if (a === '--usi') opts.usi = true;
    else if (a === '--debug-perft') opts.debugPerft = true;
    else if (a === '--bare-king') ENDS.bareKing = true;
    else if (a === '--kk-draw') ENDS.draw = true;
    else if (a === '-h' || a === '--help') opts.help = true;
    else rest.push(a);
  }
  return [rest, opts];
}

function cmdPerft(opts) {
  if (!Number.isInteger(opts.depth) || opts.depth < 1) throw new Error('perft needs --depth D (D >= 1)');
  const pos = applyMoves(loadPosition(opts.sfen), opts.moves);
  const t0 = performance.now();
  let nodes = 0;
  if (opts.divide || opts.debugPerft) {
    const lines = [];
    for (const [m, n] of divide(pos, opts.depth, opts.debugPerft)) {
      lines.push(`${opts.usi ? usiMove(m) : kirinMove(m)}: ${n}`);
      nodes += n;
    }
    if (opts.divide) console.log(lines.join('\n') + '\n');
  } else nodes = perft(pos, opts.depth);
  console.log(`Nodes searched: ${nodes}`);
  process.stderr.write(`(${((performance.now() - t0) / 1000).toFixed(2)} s)\n`);
}

function cmdLegal(opts) {
  const pos = applyMoves(loadPosition(opts.sfen), opts.moves);
  console.log(sortedNames(generateMoves(pos), opts.usi).join(' '));
}

function cmdShow(opts) {
  const pos = applyMoves(loadPosition(opts.sfen), opts.moves);
  const moves = generateMoves(pos);
  console.log(`SFEN: ${so.makeSfen(pos)}`);
  console.log(`Kirin FEN: ${kirinFen(pos)}`);
  console.log(`Side to move: ${pos.turn} (Kirin: ${pos.turn === 'sente' ? 'White' : 'Black'})`);
  console.log(`Last lion capture (L3): ${pos.lastLionCapture === undefined ? '-' : kirinSquare(pos.lastLionCapture)}`);
  console.log(`Game over (applied ends: no royal${ENDS.bareKing ? ', bare king' : ''}${ENDS.draw ? ', K vs K draw' : ''}): ${gameOver(pos)}`);
  const out = pos.outcome();
  console.log(`shogiops outcome(): ${out ? JSON.stringify(out) : '-'}`);
  console.log(`Legal moves (${moves.length}): ${sortedNames(moves, false).join(' ')}`);
}

// Checks: perft 1-3 (or --depth) from the start = 36 / 1296 / 52599; every generated move
// is accepted by shogiops's Position.isLegal (which reads midStep as the intermediate
// square), on positions of a random-ish walk; this perft equals debug.perft where the
// latter is valid (same root moves; at depth 2 the same counts below every single root
// move, whose subtree then has double moves only at the last ply); notation round-trips.
function selfTest(opts) {
  let failures = 0;
  const check = (ok, what) => {
    console.log(`  ${ok ? 'ok  ' : 'FAIL'} ${what}`);
    if (!ok) failures++;
  };
  const start = loadPosition();
  const expected = [36, 1296, 52599];
  const maxDepth = opts.depth ?? 3;
  for (let d = 1; d <= maxDepth; d++) {
    const t0 = performance.now();
    const n = perft(start, d);
    const s = ((performance.now() - t0) / 1000).toFixed(2);
    check(d > expected.length || n === expected[d - 1], `start perft ${d} = ${n}${d <= expected.length ? ` (expected ${expected[d - 1]})` : ''}, ${s} s`);
  }
  check(kirinFen(start) === 'lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/PPPPPPPPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL w - - 0 1',
    'start Kirin FEN');
  check(kirinMove(parseMove('12i12h')) === 'a4a5' && usiMove(parseMove('a4a5')) === '12i12h', 'notation: 12i12h = a4a5');
  // walk: deterministic pseudo-random (LCG) choice, preferring lion-power moves
  let seed = 12345;
  const rnd = k => ((seed = (seed * 1103515245 + 12345) % 2147483648), seed % k);
  let pos = start, illegal = 0, checked = 0, roundtrip = 0, doubleMoves = 0, debugDiff = 0, ply = 0;
  for (ply = 0; ply < 120 && !gameOver(pos); ply++) {
    const moves = generateMoves(pos);
    if (!moves.length) break;
    for (const m of moves) {
      checked++;
      if (!pos.isLegal(m)) illegal++;
      if (!sameMove(parseMove(kirinMove(m)), m) || !sameMove(parseMove(usiMove(m)), m)) roundtrip++;
      if (m.midStep !== undefined) doubleMoves++;
    }
    if (ply % 10 === 0) {
      // debug.perft plays a root double move wrongly, so only its single root moves'
      // subtrees are comparable at depth 2 (double moves are then only counted at ply 2)
      const name = ([m, n]) => `${kirinMove(m)}:${m.midStep === undefined ? n : '?'}`;
      const a = divide(pos, 2).map(name).sort().join(' ');
      const b = debugDivide(pos, 2).map(name).sort().join(' ');
      if (a !== b) debugDiff++;
    }
    const doubles = moves.filter(m => m.midStep !== undefined);
    pos = child(pos, doubles.length && rnd(3) === 0 ? doubles[rnd(doubles.length)] : moves[rnd(moves.length)]);
  }
  check(illegal === 0, `${checked} generated moves (${doubleMoves} two-leg) on a ${ply}-ply walk all pass Position.isLegal (${illegal} rejected)`);
  check(roundtrip === 0, `Kirin and USI notation round-trip (${roundtrip} failures)`);
  check(debugDiff === 0, `divide 2 equals shogiops debug.perft divide 2 on the walk (single root moves) (${debugDiff} differ)`);
  console.log(`selftest: ${failures ? `${failures} FAILURES` : 'PASS'}`);
  return failures ? 1 : 0;
}

async function main() {
  const [rest, opts] = parseArgs(process.argv.slice(2));
  let cmd = rest[0];
  if (!cmd) cmd = opts.help || process.stdin.isTTY ? 'help' : 'serve';
  switch (cmd) {
    case 'serve':
      await serve();
      return 0;
    case 'perft':
      cmdPerft(opts);
      return 0;
    case 'legal':
      cmdLegal(opts);
      return 0;
    case 'show':
      cmdShow(opts);
      return 0;
    case 'selftest':
      return selfTest(opts);
    case 'help': {
      // the header comment of this file
      const fs = await import('node:fs');
      const lines = fs.readFileSync(new URL(import.meta.url), 'utf8').split('\n');
      const end = lines.findIndex(l => l.startsWith('const RULES'));
      console.log(lines.slice(1, end).map(l => l.replace(/^\/\/ ?/, '')).join('\n'));
      return 0;
    }
    default:
      throw new Error(`unknown command ${cmd} (perft, legal, show, selftest, serve, help)`);
  }
}

try {
  process.exitCode = await main();
} catch (e) {
  process.stderr.write(`perft.mjs: ${e.message || e}\n`);
  process.exitCode = 2;
}
