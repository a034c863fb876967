//! Our UCI tokenizer agrees with vampirc-uci on standard-chess commands, which vampirc-uci
//! parses correctly, and keeps what vampirc-uci silently drops on large boards (the reason
//! it is not used for engine input: vampirc-uci 0.11.1 knows only files a-h and ranks 1-8).

use kirin::protocol::uci_parse::{GoParams, UciCommand, parse};
use vampirc_uci::{UciMessage, UciTimeControl, parse_one};

fn vampirc_position(line: &str) -> (Option<String>, Vec<String>) {
    match parse_one(line) {
        UciMessage::Position { startpos, fen, moves } => {
            let fen = if startpos { None } else { fen.map(|f| f.as_str().to_string()) };
            (fen, moves.iter().map(|m| m.to_string()).collect())
        }
        other => panic!("vampirc did not parse {line}: {other:?}"),
    }
}

#[test]
fn position_commands_agree() {
    for line in [
        "position startpos",
        "position startpos moves e2e4 e7e5 g1f3",
        "position startpos moves e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 b5a4 g8f6 e1g1",
        "position fen rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1 moves c7c5",
        "position fen 8/P7/8/8/8/8/8/k6K w - - 0 1 moves a7a8q",
    ] {
        let (vf, vm) = vampirc_position(line);
        match parse(line).unwrap() {
            UciCommand::Position { fen, moves } => {
                assert_eq!(fen, vf, "{line}");
                assert_eq!(moves, vm, "{line}");
            }
            other => panic!("{line}: {other:?}"),
        }
    }
}

#[test]
fn go_commands_agree() {
    for line in [
        "go wtime 60000 btime 55000 winc 1000 binc 1000 movestogo 20",
        "go wtime 300000 btime 300000",
        "go movetime 2500",
        "go depth 12",
        "go nodes 1000000",
        "go mate 3",
        "go infinite",
    ] {
        let ours = match parse(line).unwrap() {
            UciCommand::Go(g) => g,
            other => panic!("{line}: {other:?}"),
        };
        let UciMessage::Go { time_control, search_control } = parse_one(line) else { panic!("vampirc: {line}") };
        let mut theirs = GoParams::default();
        match time_control {
            Some(UciTimeControl::TimeLeft {
                white_time,
                black_time,
                white_increment,
                black_increment,
                moves_to_go,
            }) => {
                theirs.wtime = white_time.map(|d| d.num_milliseconds() as u64);
                theirs.btime = black_time.map(|d| d.num_milliseconds() as u64);
                theirs.winc = white_increment.map(|d| d.num_milliseconds() as u64);
                theirs.binc = black_increment.map(|d| d.num_milliseconds() as u64);
                theirs.movestogo = moves_to_go.map(u32::from);
            }
            Some(UciTimeControl::MoveTime(d)) => theirs.movetime = Some(d.num_milliseconds() as u64),
            Some(UciTimeControl::Infinite) => theirs.infinite = true,
            Some(UciTimeControl::Ponder) => theirs.ponder = true,
            None => {}
        }
        if let Some(sc) = search_control {
            theirs.depth = sc.depth.map(u32::from);
            theirs.nodes = sc.nodes;
            theirs.mate = sc.mate.map(u32::from);
        }
        assert_eq!(ours, theirs, "{line}");
    }
}

#[test]
fn setoption_agrees() {
    for line in ["setoption name Hash value 128", "setoption name UCI_Variant value chess", "setoption name Clear Hash"]
    {
        let UciMessage::SetOption { name, value } = parse_one(line) else { panic!("vampirc: {line}") };
        assert_eq!(parse(line).unwrap(), UciCommand::SetOption { name, value: value.unwrap_or_default() }, "{line}");
    }
}

#[test]
fn we_keep_what_vampirc_drops() {
    // vampirc truncates at the first square beyond h8; we keep every move.
    let line = "position startpos moves e2e4 a10a11 e7e5";
    let (_, vm) = vampirc_position(line);
    assert_eq!(vm, vec!["e2e4"]);
    assert_eq!(
        parse(line).unwrap(),
        UciCommand::Position { fen: None, moves: vec!["e2e4".into(), "a10a11".into(), "e7e5".into()] }
    );
    // vampirc reads "depth 1234" as 123.
    match parse("go depth 1234").unwrap() {
        UciCommand::Go(g) => assert_eq!(g.depth, Some(1234)),
        other => panic!("{other:?}"),
    }
    // Shogi promotion suffix and fairy promotion letters survive.
    match parse("position startpos moves b2g7+ e7e8c").unwrap() {
        UciCommand::Position { moves, .. } => assert_eq!(moves, vec!["b2g7+", "e7e8c"]),
        other => panic!("{other:?}"),
    }
}
