//! Which GUI hosts Kirin over CECP, as the `GUI` option says, and what a built-in variant
//! name means to it. XBoard and Cute Chess agree on the name `courier` but not on its start:
//! XBoard (and Fairy-Max) start from the array with every pawn on the second rank, Cute
//! Chess from the position after the four compulsory moves. Neither sends `setboard` for its
//! own start. What tells them apart is the handshake: every XBoard and WinBoard since
//! protocol 2 accepts `feature playother=1`, Cute Chess answers `rejected playother`. So by
//! default (`auto`) a host that rejects it is taken for Cute Chess, the user can say which
//! GUI it is, and a first move that only fits the other GUI's start says so.

use crate::catalog::Catalog;
use crate::position::Position;
use crate::protocol::xboard::{cecp_name, is_engine_definable};

/// A GUI that hosts Kirin over CECP.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum CecpGui {
    XBoard,
    CuteChess,
}

/// The `GUI` option's setting: a GUI, or `auto` (None), which decides from the handshake.
pub type GuiSetting = Option<CecpGui>;

/// The option's values, as XBoard's `-combo` lists them (the default starred).
pub const COMBO: &str = "*auto /// XBoard /// Cute Chess";

/// Reads an option value: `Some(setting)`, or None when it is no value of the option.
pub fn parse_setting(s: &str) -> Option<GuiSetting> {
    let squeezed: String = s.chars().filter(|c| !c.is_whitespace()).collect();
    match squeezed.to_ascii_lowercase().as_str() {
        "auto" => Some(None),
        "xboard" | "winboard" => Some(Some(CecpGui::XBoard)),
        "cutechess" => Some(Some(CecpGui::CuteChess)),
        _ => None,
    }
}

/// The GUI a setting means, given whether the host answered `rejected playother`.
pub fn resolve(setting: GuiSetting, rejected_playother: bool) -> CecpGui {
    match setting {
        Some(gui) => gui,
        None if rejected_playother => CecpGui::CuteChess,
        None => CecpGui::XBoard,
    }
}

impl CecpGui {
    pub fn label(self) -> &'static str {
        match self {
            CecpGui::XBoard => "XBoard",
            CecpGui::CuteChess => "Cute Chess",
        }
    }

    fn other(self) -> CecpGui {
        match self {
            CecpGui::XBoard => CecpGui::CuteChess,
            CecpGui::CuteChess => CecpGui::XBoard,
        }
    }

    /// Kirin's variant for the CECP variant name `name` under this GUI.
    pub fn variant_for(self, catalog: &Catalog, name: &str) -> Option<String> {
        let n = name.to_ascii_lowercase();
        if self == CecpGui::CuteChess
            && let Some(r) = catalog.rules.iter().find(|r| r.variant.cutechess_name.as_deref() == Some(n.as_str()))
        {
            return Some(r.variant.name.clone());
        }
        if let Some(r) = catalog.rules.iter().find(|r| cecp_name(&r.variant).as_deref() == Some(n.as_str())) {
            return Some(r.variant.name.clone());
        }
        if !is_engine_definable(&n) {
            return None;
        }
        catalog.get(&n).map(|r| r.variant.name.clone())
    }

    /// Called with a move the GUI sent at the start of a game that Kirin found illegal:
    /// if the other GUI's reading of the same variant name makes it legal, the line that
    /// tells the user which `GUI` to set.
    pub fn hint_for_refused_move(self, catalog: &Catalog, cecp_variant: &str, text: &str) -> Option<String> {
        let here = self.variant_for(catalog, cecp_variant)?;
        let other = self.other();
        let there = other.variant_for(catalog, cecp_variant)?;
        if here == there {
            return None;
        }
        let mut start = Position::startpos(catalog.get(&there)?);
        start.parse_move(text).ok()?;
        Some(format!(
            "tellusererror Kirin: {text} fits {}'s start position of {cecp_variant}, not {}'s: \
             set Kirin's option GUI to {} (Cute Chess: option.GUI=\"Cute Chess\")",
            other.label(),
            self.label(),
            other.label()
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// rules.md §7b: XBoard's `courier` starts before the compulsory moves, Fairy-Stockfish's
    /// (and Cute Chess's) after them.
    #[test]
    fn courier_means_a_different_start_in_each_gui() {
        let cat = Catalog::embedded();
        assert_eq!(CecpGui::XBoard.variant_for(&cat, "courier").as_deref(), Some("courier-xboard"));
        assert_eq!(CecpGui::CuteChess.variant_for(&cat, "courier").as_deref(), Some("courier"));
        for gui in [CecpGui::XBoard, CecpGui::CuteChess] {
            assert_eq!(gui.variant_for(&cat, "normal").as_deref(), Some("chess"));
            assert_eq!(gui.variant_for(&cat, "shatranj").as_deref(), Some("shatranj"));
            assert_eq!(gui.variant_for(&cat, "chushogi").as_deref(), Some("chushogi"));
        }
    }

    #[test]
    fn a_move_from_the_other_start_names_the_option() {
        let cat = Catalog::embedded();
        // The Fers stands on g3 only after the compulsory moves (Cute Chess's start).
        let hint = CecpGui::XBoard.hint_for_refused_move(&cat, "courier", "g3f4").unwrap();
        assert!(hint.starts_with("tellusererror") && hint.contains("GUI to Cute Chess"), "{hint}");
        // a2a3 is legal only in XBoard's array, where the a-pawn still stands on a2.
        let back = CecpGui::CuteChess.hint_for_refused_move(&cat, "courier", "a2a3").unwrap();
        assert!(back.contains("GUI to XBoard"), "{back}");
        // Illegal in both starts, or a variant both GUIs read alike: nothing to say.
        assert!(CecpGui::XBoard.hint_for_refused_move(&cat, "courier", "a1a5").is_none());
        assert!(CecpGui::XBoard.hint_for_refused_move(&cat, "normal", "e2e5").is_none());
    }

    #[test]
    fn option_values_and_auto() {
        assert_eq!(parse_setting("Cute Chess"), Some(Some(CecpGui::CuteChess)));
        assert_eq!(parse_setting("cutechess"), Some(Some(CecpGui::CuteChess)));
        assert_eq!(parse_setting(" XBoard "), Some(Some(CecpGui::XBoard)));
        assert_eq!(parse_setting("auto"), Some(None));
        assert_eq!(parse_setting("arena"), None);
        assert_eq!(resolve(None, false), CecpGui::XBoard);
        assert_eq!(resolve(None, true), CecpGui::CuteChess);
        assert_eq!(resolve(Some(CecpGui::XBoard), true), CecpGui::XBoard);
    }
}
