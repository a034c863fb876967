//! Reading PGN files: the games' tags and main-line moves, as GUIs, cutechess-cli,
//! scripts/match.py and `kirin analyse --play --pgn` write them. Comments (`{...}` and `;`
//! to the end of the line), variations, NAGs (`$1`) and move numbers are skipped; the
//! moves stay text, to be read in the game's position (coordinate notation or SAN).

/// One game of a PGN file.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct PgnGame {
    pub tags: Vec<(String, String)>,
    pub moves: Vec<String>,
}

impl PgnGame {
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags.iter().find(|(n, _)| n.eq_ignore_ascii_case(name)).map(|(_, v)| v.as_str())
    }

    fn is_empty(&self) -> bool {
        self.tags.is_empty() && self.moves.is_empty()
    }
}

/// Every game of `text`, in order. A game ends at its result (`1-0`, `0-1`, `1/2-1/2`,
/// `*`) or where the next game's tags begin.
pub fn read_games(text: &str) -> Vec<PgnGame> {
    let mut games = Vec::new();
    let mut game = PgnGame::default();
    let mut in_moves = false;
    let mut comment_depth = 0usize;
    let mut variation_depth = 0usize;
    for raw in text.lines() {
        let line = raw.trim();
        if comment_depth == 0 && variation_depth == 0 && line.starts_with('[') {
            if in_moves {
                games.push(std::mem::take(&mut game));
                in_moves = false;
            }
            if let Some(tag) = parse_tag(line) {
                game.tags.push(tag);
            }
            continue;
        }
        if comment_depth == 0 && line.starts_with('%') {
            continue; // an escape line
        }
        let mut token = String::new();
        for c in line.chars() {
            if comment_depth > 0 {
                if c == '}' {
                    comment_depth -= 1;
                }
                continue;
            }
            match c {
                '{' => {
                    finish(&mut token, &mut game, &mut games, &mut in_moves, variation_depth);
                    comment_depth = 1;
                }
                ';' => {
                    finish(&mut token, &mut game, &mut games, &mut in_moves, variation_depth);
                    break; // comment to the end of the line
                }
                '(' => {
                    finish(&mut token, &mut game, &mut games, &mut in_moves, variation_depth);
                    variation_depth += 1;
                }
                ')' => {
                    finish(&mut token, &mut game, &mut games, &mut in_moves, variation_depth);
                    variation_depth = variation_depth.saturating_sub(1);
                }
                c if c.is_whitespace() => finish(&mut token, &mut game, &mut games, &mut in_moves, variation_depth),
                c => token.push(c),
            }
        }
        finish(&mut token, &mut game, &mut games, &mut in_moves, variation_depth);
    }
    if !game.is_empty() {
        games.push(game);
    }
    games
}

/// `[Name "Value"]` -> (Name, Value), with `\"` and `\\` unescaped.
fn parse_tag(line: &str) -> Option<(String, String)> {
    let inner = line.strip_prefix('[')?.trim_end().strip_suffix(']')?;
    let (name, rest) = inner.split_once(char::is_whitespace)?;
    let value = rest.trim().strip_prefix('"')?.strip_suffix('"')?;
    Some((name.to_string(), value.replace("\\\"", "\"").replace("\\\\", "\\")))
}

/// A finished token of the move text: a move of the main line, or a result that ends
/// the game; move numbers and NAGs are dropped.
fn finish(token: &mut String, game: &mut PgnGame, games: &mut Vec<PgnGame>, in_moves: &mut bool, variation: usize) {
    let t = std::mem::take(token);
    if t.is_empty() || variation > 0 {
        return;
    }
    if matches!(t.as_str(), "1-0" | "0-1" | "1/2-1/2" | "*") {
        games.push(std::mem::take(game));
        *in_moves = false;
        return;
    }
    // `12.`, `12...`, `12.e4` (no space after the number); castling may be written `0-0`.
    let t = if t.starts_with("0-0") { t.as_str() } else { t.trim_start_matches(|c: char| c.is_ascii_digit()) };
    let t = t.trim_start_matches('.');
    if t.is_empty() || t.starts_with('$') {
        return;
    }
    game.moves.push(t.to_string());
    *in_moves = true;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tags_moves_comments_variations() {
        let pgn = r#"[Event "test"]
[Variant "courier"]
[FEN "rnebmk1wbenr/1ppppp1pppp1/6f5/p5p4p/P5P4P/6F5/1PPPPP1PPPP1/RNEBMK1WBENR w - - 0 1"]

1. Eh3 {book} Eh6 2. Fh4 (2. Nf3 Nf6) $1 Fh5 ; a comment
3.Nk3 0-0 1/2-1/2

[Event "second"]

1. e2e4 e7e5 {a comment
over two lines} 2. g1f3 *
"#;
        let games = read_games(pgn);
        assert_eq!(games.len(), 2);
        assert_eq!(games[0].tag("variant"), Some("courier"));
        assert_eq!(games[0].moves, ["Eh3", "Eh6", "Fh4", "Fh5", "Nk3", "0-0"]);
        assert_eq!(games[1].tag("Event"), Some("second"));
        assert_eq!(games[1].moves, ["e2e4", "e7e5", "g1f3"]);
    }

    #[test]
    fn a_game_without_result_ends_at_the_next_tags() {
        let games = read_games("[White \"a\"]\n1. e4 e5\n[White \"b\"]\n1. d4\n");
        assert_eq!(games.len(), 2);
        assert_eq!(games[0].moves, ["e4", "e5"]);
        assert_eq!(games[1].moves, ["d4"]);
        assert_eq!(read_games(""), Vec::<PgnGame>::new());
    }
}
