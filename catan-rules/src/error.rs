//! Errors: malformed input ([`ParseError`]) apart from legal-but-not-here
//! ([`RuleError`]).

use crate::board::{EdgeId, HexId, NodeId};
use crate::types::{DevCard, Piece, Player, Resource, Resources};
use serde::Serialize;

/// What kind of malformation a [`ParseError`] is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ParseErrorKind {
    /// Not JSON at all (bad syntax).
    Syntax,
    /// The text ended in the middle of a value.
    Eof,
    /// An unknown `type` tag (no such action or event).
    UnknownType,
    /// A field this type does not have.
    UnknownField,
    /// A required field is absent.
    MissingField,
    /// A field holds a value of the wrong kind or out of range (an unknown resource name,
    /// a negative count, ...).
    InvalidValue,
}

/// Malformed JSON input: not JSON, unknown action type, missing or unknown field, wrong
/// value. Says nothing about the rules.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error, Serialize)]
#[error("malformed input{}: {message}", if *.line > 0 { format!(" at line {line} column {column}") } else { String::new() })]
pub struct ParseError {
    /// What kind of malformation.
    pub kind: ParseErrorKind,
    /// What is wrong.
    pub message: String,
    /// Line (1-based; 0 when the problem is not tied to a place in the text).
    pub line: usize,
    /// Column (1-based; 0 when the problem is not tied to a place in the text).
    pub column: usize,
}

/// The longest message a [`ParseError`] carries, in bytes: the parser quotes the offending
/// input, and a caller's megabyte of text must not come back as a megabyte of error.
pub const MAX_ERROR_MESSAGE: usize = 240;

/// `s` cut to at most `max` bytes at a character boundary, with `…` when cut.
pub fn truncate_for_message(s: &str, max: usize) -> String {
    if s.len() <= max {
        return s.to_string();
    }
    let mut end = max.saturating_sub('…'.len_utf8());
    while !s.is_char_boundary(end) {
        end -= 1;
    }
    format!("{}…", &s[..end])
}

/// Resource counts for people: `2 brick and 1 lumber`, `nothing`.
pub(crate) fn resource_list(r: &Resources) -> String {
    let parts: Vec<String> = Resource::ALL
        .into_iter()
        .filter(|&k| r[k] > 0)
        .map(|k| format!("{} {k}", r[k]))
        .collect();
    match parts.len() {
        0 => "nothing".to_string(),
        1 => parts[0].clone(),
        n => format!("{} and {}", parts[..n - 1].join(", "), parts[n - 1]),
    }
}

/// serde's type names (`expected u8`, `expected a sequence`) in words for people.
fn humanize(message: &str) -> String {
    const WORDS: [(&str, &str); 10] = [
        ("expected u8", "expected a whole number from 0 to 255"),
        ("expected u16", "expected a whole number from 0 to 65535"),
        (
            "expected u32",
            "expected a whole number from 0 to 4294967295",
        ),
        ("expected u64", "expected a whole number from 0 to 2^64 - 1"),
        ("expected i32", "expected a whole number"),
        ("expected usize", "expected a whole number"),
        ("expected a sequence", "expected a list"),
        ("expected a map", "expected an object"),
        ("expected a boolean", "expected true or false"),
        ("expected an array of length", "expected a list of length"),
    ];
    let mut out = message.to_string();
    for (from, to) in WORDS {
        if out.contains(from) {
            out = out.replace(from, to);
        }
    }
    out
}

impl From<serde_json::Error> for ParseError {
    fn from(e: serde_json::Error) -> ParseError {
        use serde_json::error::Category;
        let full = e.to_string();
        let raw = match full.rfind(" at line ") {
            Some(i) => &full[..i],
            None => &full[..],
        };
        let message = truncate_for_message(&humanize(raw), MAX_ERROR_MESSAGE);
        let kind = match e.classify() {
            Category::Syntax | Category::Io => ParseErrorKind::Syntax,
            Category::Eof => ParseErrorKind::Eof,
            Category::Data if raw.starts_with("unknown field") => ParseErrorKind::UnknownField,
            Category::Data if raw.starts_with("missing field") => ParseErrorKind::MissingField,
            // An unknown tag lists the known ones; every action and event list has `roll`
            // or `dice_rolled` among them.
            Category::Data
                if raw.starts_with("unknown variant")
                    && (raw.contains("`roll`") || raw.contains("`dice_rolled`")) =>
            {
                ParseErrorKind::UnknownType
            }
            Category::Data => ParseErrorKind::InvalidValue,
        };
        ParseError {
            kind,
            message,
            line: e.line(),
            column: e.column(),
        }
    }
}

#[cfg(test)]
mod parse_tests {
    use super::*;
    use crate::Action;

    #[test]
    fn parse_errors_are_classified() {
        let kind = |s: &str| Action::from_json(s).unwrap_err().kind;
        assert_eq!(kind("{"), ParseErrorKind::Eof);
        assert_eq!(kind("nope"), ParseErrorKind::Syntax);
        assert_eq!(
            kind(r#"{"type":"fly","player":1}"#),
            ParseErrorKind::UnknownType
        );
        assert_eq!(
            kind(r#"{"type":"end_turn","player":1,"x":2}"#),
            ParseErrorKind::UnknownField
        );
        assert_eq!(
            kind(r#"{"type":"build_road","player":1}"#),
            ParseErrorKind::MissingField
        );
        assert_eq!(
            kind(r#"{"type":"play_monopoly","player":1,"resource":"gold"}"#),
            ParseErrorKind::InvalidValue
        );
        assert_eq!(
            kind(r#"{"type":"end_turn","player":-1}"#),
            ParseErrorKind::InvalidValue
        );
        let e = Action::from_json(r#"{"type":"build_road","player":1}"#).unwrap_err();
        assert_eq!(e.to_string(), "malformed input: missing field `edge`");
    }

    /// Messages are written for people: no Rust type names.
    #[test]
    fn parse_messages_name_no_rust_types() {
        let e = Action::from_json(r#"{"type":"end_turn","player":"one"}"#).unwrap_err();
        assert!(!e.message.contains("u8"), "{}", e.message);
        assert!(
            e.message.contains("whole number from 0 to 255"),
            "{}",
            e.message
        );
        let e = Action::from_json(r#"{"type":"end_turn","player":300}"#).unwrap_err();
        assert!(!e.message.contains("u8"), "{}", e.message);
    }

    /// An error quotes at most `MAX_ERROR_MESSAGE` bytes of its input, however long the
    /// input (a 10 MB action once gave a 10 MB message).
    #[test]
    fn parse_messages_are_bounded() {
        let huge = format!(r#"{{"type":"{}","player":1}}"#, "x".repeat(1 << 20));
        let e = Action::from_json(&huge).unwrap_err();
        assert!(e.message.len() <= MAX_ERROR_MESSAGE, "{}", e.message.len());
        assert_eq!(e.kind, ParseErrorKind::UnknownType);
        let huge = format!(
            r#"{{"type":"play_monopoly","player":1,"resource":"{}"}}"#,
            "é".repeat(1 << 18)
        );
        let e = Action::from_json(&huge).unwrap_err();
        assert!(e.message.len() <= MAX_ERROR_MESSAGE);
        assert!(e.message.ends_with('…'));
    }

    #[test]
    fn resources_read_as_words() {
        assert_eq!(resource_list(&Resources::EMPTY), "nothing");
        assert_eq!(
            resource_list(&Resources::new(0, 0, 1, 1, 1)),
            "1 wool, 1 grain and 1 ore"
        );
        assert_eq!(resource_list(&Resources::new(2, 0, 0, 0, 0)), "2 brick");
        let e = RuleError::NotEnoughResources {
            need: Resources::new(1, 1, 0, 0, 0),
        };
        assert_eq!(
            e.to_string(),
            "not enough resources: the action needs 1 brick and 1 lumber"
        );
    }
}

/// An action that is well formed but not allowed now. Each variant names the rule broken.
/// A failed [`crate::Game::apply`] changes nothing.
///
/// Exhaustive on purpose: the skins (C status codes, Python exception classes) map every
/// variant in one `match`, so a new variant must be given its mapping there.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum RuleError {
    /// The game is over: nothing is legal (docs/rulings.md §3).
    #[error("the game is over")]
    GameOver,
    /// No such seat in this game.
    #[error("there is no {player} in this game")]
    NoSuchPlayer {
        /// The seat named.
        player: Player,
    },
    /// It is not this player's decision now.
    #[error("it is not {player}'s decision now")]
    NotYourTurn {
        /// The seat that tried.
        player: Player,
    },
    /// A seat-scoped call ([`crate::Game::check_as`], [`crate::Game::apply_as`]) was given
    /// an action of another seat. Refused before anything else is looked at, so it says
    /// nothing about the game.
    #[error("{seat} may not act for {player}")]
    NotYourSeat {
        /// The seat the call was made for.
        seat: Player,
        /// The seat the action names.
        player: Player,
    },
    /// This kind of action is not allowed at this point of the turn.
    #[error("`{action}` is not allowed now ({reason})")]
    WrongPhase {
        /// The action type.
        action: &'static str,
        /// What the game is waiting for.
        reason: &'static str,
    },
    /// No such node on this board.
    #[error("{node} is not on this board")]
    NoSuchNode {
        /// The node named.
        node: NodeId,
    },
    /// No such edge on this board.
    #[error("{edge} is not on this board")]
    NoSuchEdge {
        /// The edge named.
        edge: EdgeId,
    },
    /// No such land hex on this board.
    #[error("{hex} is not a land hex of this board")]
    NoSuchHex {
        /// The hex named.
        hex: HexId,
    },
    /// The node is taken.
    #[error("{node} is already occupied")]
    NodeOccupied {
        /// The node.
        node: NodeId,
    },
    /// Too close to another settlement or city (Catan base rules, 5th ed., "Distance Rule").
    #[error("{node} is next to a settlement or city (distance rule)")]
    DistanceRule {
        /// The node.
        node: NodeId,
    },
    /// A settlement must touch one of the player's roads (Catan base rules, 5th ed., "Settlement").
    #[error("{node} is not connected to your road")]
    SettlementNotConnected {
        /// The node.
        node: NodeId,
    },
    /// The edge is taken.
    #[error("{edge} already has a road")]
    EdgeOccupied {
        /// The edge.
        edge: EdgeId,
    },
    /// A road must continue one's road, settlement or city, and not through an opponent's
    /// building (Catan base rules, 5th ed., "Road"; docs/rulings.md §12).
    #[error("{edge} does not connect to your network (or only through an opponent's building)")]
    RoadNotConnected {
        /// The edge.
        edge: EdgeId,
    },
    /// In the set-up phase the road must touch the settlement just placed (docs/rulings.md §8).
    #[error("the set-up road must touch the settlement just placed at {node}")]
    SetupRoadNotAtSettlement {
        /// The settlement just placed.
        node: NodeId,
    },
    /// A city replaces one's own settlement (Catan base rules, 5th ed., "City").
    #[error("{node} is not your settlement")]
    NotYourSettlement {
        /// The node.
        node: NodeId,
    },
    /// Not enough cards. Names what the action needs and never what the seat holds, so
    /// the error can be shown to anyone who may see the action.
    #[error("not enough resources: the action needs {}", resource_list(.need))]
    NotEnoughResources {
        /// What is needed.
        need: Resources,
    },
    /// Ships sail only on a Seafarers map (one with open sea).
    #[error("this map has no open sea: ships are not in play")]
    ShipsNotInPlay,
    /// A road on a Seafarers map must run along land, not between two sea hexes
    /// (Seafarers rules, 'Ships').
    #[error("{edge} runs between two sea hexes: only a ship may go there")]
    RoadAtSea {
        /// The edge.
        edge: EdgeId,
    },
    /// A settlement stands on a corner of land, not in open sea.
    #[error("{node} is in open sea: no settlement may stand there")]
    SettlementAtSea {
        /// The node.
        node: NodeId,
    },
    /// A ship stands on a sea edge or a coast, never between two land hexes (Seafarers
    /// rules, 'Ships').
    #[error("{edge} runs between two land hexes: a ship may not go there")]
    ShipOnLand {
        /// The edge.
        edge: EdgeId,
    },
    /// A ship must continue one of the player's ships, or leave one of their settlements
    /// or cities; ships and roads join only at the player's own building (Seafarers rules,
    /// 'Ships').
    #[error("{edge} does not connect to your ships or your settlement or city (ships join roads only at your own building)")]
    ShipNotConnected {
        /// The edge.
        edge: EdgeId,
    },
    /// At most one ship is moved a turn (Seafarers rules, 'Ships').
    #[error("a ship has already been moved this turn")]
    ShipAlreadyMoved,
    /// Only one's own ship at the open end of a route, not built this turn, may be moved
    /// (Seafarers rules, 'Ships'; docs/rulings.md §21).
    #[error("the ship on {edge} may not be moved: {reason}")]
    ShipNotMovable {
        /// The ship's edge.
        edge: EdgeId,
        /// Why not.
        reason: &'static str,
    },
    /// The player has no piece of this kind left (docs/rulings.md §12).
    #[error("no {piece} left in the supply")]
    NoPieceLeft {
        /// The piece.
        piece: Piece,
    },
    /// The development deck is empty (docs/rulings.md §13).
    #[error("the development deck is empty")]
    DeckEmpty,
    /// The player holds no playable card of this kind.
    #[error("no playable {card} card in hand")]
    NoSuchCard {
        /// The card.
        card: DevCard,
    },
    /// Cards bought this turn cannot be played this turn (Catan base rules, 5th ed., "Development Cards").
    #[error("a {card} bought this turn cannot be played until your next turn")]
    CardBoughtThisTurn {
        /// The card.
        card: DevCard,
    },
    /// One development card per turn (Catan base rules, 5th ed., "Development Cards").
    #[error("a development card was already played this turn")]
    CardAlreadyPlayed,
    /// Victory point cards are never played; they count from purchase (docs/rulings.md §5).
    #[error("victory point cards count from purchase and are never played")]
    VictoryPointNotPlayable,
    /// A discard of the wrong size (Catan base rules, 5th ed., "Rolling a 7": half, rounded down).
    #[error("must discard exactly {need} cards, not {given}")]
    WrongDiscard {
        /// Cards owed.
        need: u8,
        /// Cards given.
        given: u8,
    },
    /// The robber must move to a different hex (Catan base rules, 5th ed., "Rolling a 7").
    #[error("the robber must move to a different hex")]
    RobberMustMove,
    /// Friendly-robber house rule: that hex touches a player with fewer than 3 points.
    #[error("{hex} is protected by the friendly-robber rule")]
    RobberProtectedHex {
        /// The hex.
        hex: HexId,
    },
    /// The steal target is not allowed (docs/rulings.md §10; for the pirate §39).
    #[error(
        "{victim} cannot be robbed here (needs a building on the hex, or a ship beside it for \
         the pirate, a card, and not be you)"
    )]
    InvalidVictim {
        /// The seat named.
        victim: Player,
    },
    /// Someone can be robbed, so a victim must be chosen (docs/rulings.md §10).
    #[error("a victim must be chosen: someone at this hex has cards")]
    VictimRequired,
    /// The bank lacks what was asked for (docs/rulings.md §7).
    #[error("the bank has no {resource} left")]
    BankEmpty {
        /// The resource.
        resource: Resource,
    },
    /// Year of Plenty takes exactly two cards, or what the bank has if fewer (docs/rulings.md §7).
    #[error("Year of Plenty takes {need} cards here, not {given}")]
    WrongYearOfPlenty {
        /// Cards to take.
        need: u8,
        /// Cards asked for.
        given: u8,
    },
    /// A maritime rate the player has no access to (Catan base rules, 5th ed., "Maritime Trade").
    #[error("no access to a {rate}:1 rate for {give}")]
    RateUnavailable {
        /// The resource given.
        give: Resource,
        /// The rate asked.
        rate: u8,
    },
    /// A trade must exchange different resources, and give something on each side
    /// (Catan base rules, 5th ed., "Domestic Trade").
    #[error("invalid trade terms: {reason}")]
    InvalidTrade {
        /// What is wrong.
        reason: &'static str,
    },
    /// There is no open offer.
    #[error("there is no open trade offer")]
    NoOpenOffer,
    /// This player was not asked, or has already answered.
    #[error("{player} cannot answer this offer (not asked, or already answered)")]
    CannotAnswer {
        /// The seat.
        player: Player,
    },
    /// The partner has not accepted the offer nor countered it.
    #[error("{partner} has not accepted the offer")]
    NotAccepted {
        /// The seat.
        partner: Player,
    },
    /// In strict phases, trading ends with the first build (docs/rulings.md §1).
    #[error("no trading after building in strict phases")]
    TradeAfterBuild,
    /// A chance outcome is needed because chance is external.
    #[error("this game takes chance from outside: the action must carry its outcome")]
    OutcomeRequired,
    /// A chance outcome was given but the game draws its own.
    #[error("this game draws its own chance: the action must not carry an outcome")]
    OutcomeNotAllowed,
    /// The outcome given cannot happen (die not 1–6, card not in the deck, resource not
    /// in the victim's hand).
    #[error("impossible chance outcome: {reason}")]
    ImpossibleOutcome {
        /// What is impossible.
        reason: &'static str,
    },
    // Seafarers: the pirate and gold fields (appended).
    /// The pirate must move to a different sea hex (Seafarers rules, 'The pirate', as the
    /// robber: docs/rulings.md §39).
    #[error("the pirate must move to a different sea hex")]
    PirateMustMove,
    /// No ship may be built on, moved to or moved from a side of the pirate's hex
    /// (Seafarers rules, 'The pirate').
    #[error("the pirate blocks {edge}: no ship is built or moved next to it")]
    PirateBlocksShip {
        /// The edge.
        edge: EdgeId,
    },
    /// A gold-field choice takes at least one card and at most the picks still owed
    /// (Seafarers rules, 'Gold fields'; docs/rulings.md §40).
    #[error("a gold choice takes 1 to {need} cards, not {given}")]
    WrongGoldChoice {
        /// Picks still owed.
        need: u8,
        /// Cards named.
        given: u8,
    },
    // --- Seafarers scenarios.
    /// A set-up settlement outside the map's start areas (Seafarers rules, each
    /// scenario's set-up: e.g. New Shores, on the main island only).
    #[error("{node} is not in a start area: set-up settlements go in the start areas only")]
    NotStartArea {
        /// The node.
        node: NodeId,
    },
    /// A discovery is waiting to be revealed (The Fog Islands, external chance): the only
    /// legal action is `reveal_hex` with the discovered hex.
    #[error("{hex} was discovered: the referee reveals it first (reveal_hex)")]
    RevealPending {
        /// The space waiting.
        hex: HexId,
    },
    /// `reveal_hex` with nothing to reveal, or for another space than the one waiting.
    #[error("no discovery of {hex} is waiting to be revealed")]
    NothingToReveal {
        /// The space named.
        hex: HexId,
    },
}
