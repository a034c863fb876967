//! The UCI tokenizer: one input line to one [`UciCommand`], or an error message. Moves and
//! FENs stay strings here; the engine checks them against the position, so nothing is ever
//! dropped or truncated silently (unlike vampirc-uci, see the module doc of `uci`).

/// Parameters of `go`. Times in milliseconds (negative clocks read as 0).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct GoParams {
    pub wtime: Option<u64>,
    pub btime: Option<u64>,
    pub winc: Option<u64>,
    pub binc: Option<u64>,
    pub movestogo: Option<u32>,
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    pub movetime: Option<u64>,
    pub mate: Option<u32>,
    pub infinite: bool,
    pub ponder: bool,
    pub searchmoves: Vec<String>,
    pub perft: Option<u32>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum UciCommand {
    Uci,
    IsReady,
    UciNewGame,
    SetOption {
        name: String,
        value: String,
    },
    /// `fen` is None for `startpos`.
    Position {
        fen: Option<String>,
        moves: Vec<String>,
    },
    Go(GoParams),
    Stop,
    PonderHit,
    Quit,
    /// Fairy-Stockfish's `d`: show the board.
    Display,
    /// Stockfish's `eval`: the static evaluation and its terms.
    Eval,
    /// Stockfish's `flip`: the colours swapped, the board mirrored (a symmetry check).
    Flip,
    /// Stockfish's `bench [ttSize] [threads] [depth]`; what is not given keeps the
    /// engine's table and threads and the bench's own depth.
    Bench {
        hash: Option<usize>,
        threads: Option<usize>,
        depth: Option<i32>,
    },
    Debug,
    Register,
    Empty,
}

fn number<T: std::str::FromStr>(args: &[&str], i: usize) -> Result<T, String> {
    let key = args[i];
    let s = args.get(i + 1).ok_or_else(|| format!("go {key} needs a value"))?;
    s.parse::<T>().map_err(|_| format!("bad value '{s}' for go {key}"))
}

fn millis(args: &[&str], i: usize) -> Result<u64, String> {
    let key = args[i];
    let s = args.get(i + 1).ok_or_else(|| format!("go {key} needs a value"))?;
    // GUIs may send a slightly negative clock when they are late: treat it as zero.
    s.parse::<i64>().map(|v| v.max(0) as u64).map_err(|_| format!("bad value '{s}' for go {key}"))
}

/// Parses the arguments of `go`.
pub fn parse_go(args: &[&str]) -> Result<GoParams, String> {
    let mut g = GoParams::default();
    let mut i = 0;
    while i < args.len() {
        match args[i] {
            "wtime" => g.wtime = Some(millis(args, i)?),
            "btime" => g.btime = Some(millis(args, i)?),
            "winc" => g.winc = Some(millis(args, i)?),
            "binc" => g.binc = Some(millis(args, i)?),
            "movestogo" => g.movestogo = Some(number(args, i)?),
            "depth" => g.depth = Some(number(args, i)?),
            "nodes" => g.nodes = Some(number(args, i)?),
            "movetime" => g.movetime = Some(millis(args, i)?),
            "mate" => g.mate = Some(number(args, i)?),
            "perft" => g.perft = Some(number(args, i).map_err(|_| "go perft needs a depth".to_string())?),
            "infinite" => {
                g.infinite = true;
                i += 1;
                continue;
            }
            "ponder" => {
                g.ponder = true;
                i += 1;
                continue;
            }
            "searchmoves" => {
                // Everything up to the next keyword is a move.
                i += 1;
                while i < args.len() && !is_go_keyword(args[i]) {
                    g.searchmoves.push(args[i].to_string());
                    i += 1;
                }
                continue;
            }
            other => return Err(format!("unknown go parameter '{other}'")),
        }
        i += 2;
    }
    Ok(g)
}

fn is_go_keyword(s: &str) -> bool {
    matches!(
        s,
        "wtime"
            | "btime"
            | "winc"
            | "binc"
            | "movestogo"
            | "depth"
            | "nodes"
            | "movetime"
            | "mate"
            | "perft"
            | "infinite"
            | "ponder"
    )
}

/// `bench [hash] [threads] [depth]`, in Stockfish's order (`bench 16 1 13`).
fn bench(args: &[&str]) -> Result<UciCommand, String> {
    use crate::protocol::cli::{MAX_HASH_MB, MAX_THREADS, bounded};
    if args.len() > 3 {
        return Err("bench takes at most: hash (MB), threads, depth".into());
    }
    let arg = |i: usize, what: &str, lo: usize, hi: usize| -> Result<Option<usize>, String> {
        args.get(i).map(|t| bounded(t, lo, hi).map_err(|e| format!("bench {what}: {e}"))).transpose()
    };
    Ok(UciCommand::Bench {
        hash: arg(0, "hash", 1, MAX_HASH_MB)?,
        threads: arg(1, "threads", 1, MAX_THREADS)?,
        depth: arg(2, "depth", 1, 60)?.map(|d| d as i32),
    })
}

/// Parses one line.
pub fn parse(line: &str) -> Result<UciCommand, String> {
    let tokens: Vec<&str> = line.split_whitespace().collect();
    let Some(&cmd) = tokens.first() else { return Ok(UciCommand::Empty) };
    let args = &tokens[1..];
    Ok(match cmd {
        "uci" => UciCommand::Uci,
        "isready" => UciCommand::IsReady,
        "ucinewgame" => UciCommand::UciNewGame,
        "stop" => UciCommand::Stop,
        "ponderhit" => UciCommand::PonderHit,
        "quit" => UciCommand::Quit,
        "d" => UciCommand::Display,
        "eval" => UciCommand::Eval,
        "flip" => UciCommand::Flip,
        "debug" => UciCommand::Debug,
        "register" => UciCommand::Register,
        "bench" => bench(args)?,
        "setoption" => {
            if args.first() != Some(&"name") || args.len() < 2 {
                return Err("setoption needs 'name'".into());
            }
            let vpos = args.iter().position(|t| *t == "value");
            let name = args[1..vpos.unwrap_or(args.len())].join(" ");
            let value = vpos.map(|p| args[p + 1..].join(" ")).unwrap_or_default();
            UciCommand::SetOption { name, value }
        }
        "position" => {
            let mpos = args.iter().position(|t| *t == "moves");
            let (head, moves) = match mpos {
                Some(p) => (&args[..p], &args[p + 1..]),
                None => (args, &args[args.len()..]),
            };
            let fen = match head.first() {
                Some(&"startpos") if head.len() == 1 => None,
                Some(&"fen") if head.len() > 1 => Some(head[1..].join(" ")),
                _ => return Err("position needs 'startpos' or 'fen <FEN>'".into()),
            };
            UciCommand::Position { fen, moves: moves.iter().map(|s| s.to_string()).collect() }
        }
        "go" => UciCommand::Go(parse_go(args)?),
        other => return Err(format!("unknown command '{other}'")),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn large_board_moves_and_fens_survive() {
        let c = parse("position startpos moves e2e4 a10a11 e7e5 l15l16 b2g7+ e7e8c i7j6,j6i7").unwrap();
        assert_eq!(
            c,
            UciCommand::Position {
                fen: None,
                moves: ["e2e4", "a10a11", "e7e5", "l15l16", "b2g7+", "e7e8c", "i7j6,j6i7"].map(String::from).to_vec()
            }
        );
        let c = parse("position fen rnebmk1wbenr/1ppppp1pppp1/6f5/p5p4p/P5P4P/6F5/1PPPPP1PPPP1/RNEBMK1WBENR w - - 0 1")
            .unwrap();
        assert!(
            matches!(c, UciCommand::Position { fen: Some(f), .. } if f.starts_with("rnebmk1wbenr") && f.ends_with("w - - 0 1"))
        );
    }

    #[test]
    fn go_parameters() {
        let g = parse_go(
            &"depth 1234 nodes 99999999999 wtime -5 btime 100 searchmoves a10a11 e2e4 infinite"
                .split(' ')
                .collect::<Vec<_>>(),
        )
        .unwrap();
        assert_eq!(g.depth, Some(1234));
        assert_eq!(g.nodes, Some(99_999_999_999));
        assert_eq!(g.wtime, Some(0));
        assert_eq!(g.searchmoves, vec!["a10a11", "e2e4"]);
        assert!(g.infinite);
        assert!(parse_go(&["depth"]).is_err());
        assert!(parse_go(&["depth", "x"]).is_err());
        assert!(parse_go(&["frob"]).is_err());
        assert_eq!(parse_go(&["perft", "3"]).unwrap().perft, Some(3));
    }

    /// Stockfish's order: table size, threads, depth.
    #[test]
    fn bench_arguments() {
        assert!(matches!(
            parse("bench 16 1 13").unwrap(),
            UciCommand::Bench { hash: Some(16), threads: Some(1), depth: Some(13) }
        ));
        assert!(matches!(parse("bench").unwrap(), UciCommand::Bench { hash: None, threads: None, depth: None }));
        assert!(matches!(parse("bench 64").unwrap(), UciCommand::Bench { hash: Some(64), threads: None, depth: None }));
        for bad in ["bench 16 1 0", "bench 16 0", "bench x", "bench 16 1 13 default.epd", "bench 16 1 61"] {
            assert!(parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn errors() {
        assert!(parse("position").is_err());
        assert!(parse("position fen").is_err());
        assert!(parse("setoption").is_err());
        assert!(parse("xyzzy").is_err());
        assert_eq!(parse("   ").unwrap(), UciCommand::Empty);
        assert_eq!(
            parse("setoption name UCI_Variant value courier").unwrap(),
            UciCommand::SetOption { name: "UCI_Variant".into(), value: "courier".into() }
        );
    }
}
