//! Positions: any game state as plain, unvalidated data ("our FEN").
//!
//! A [`Position`] has public fields and may describe an impossible game. It becomes a
//! [`Game`] only through [`Game::from_position`], which checks it and reports every problem
//! at once as [`PositionErrors`]. Any game can be written back out with
//! [`Game::to_position`]; loading that position gives an equal game that continues exactly
//! as the original would (the random generator's state is part of the position).
//!
//! The JSON form is `snake_case`, pieces are lists of ids (see [`crate::board`] for how ids
//! are numbered) and the object starts with `{"format": "catan-position", "version": 1}`.
//! Unknown fields are rejected.
//!
//! ```
//! use catan_rules::{Game, Rules};
//!
//! let game = Game::new(Rules::default(), 3).unwrap();
//! let json = game.to_json();
//! assert!(json.starts_with(r#"{"format":"catan-position","version":1,"#));
//! let back = Game::from_json(&json).unwrap();
//! assert_eq!(back, game);
//! ```

//!
//! The code: this file holds the data types and errors, `json.rs` writes a game out
//! ([`Game::to_position`], [`Game::to_json`], [`Game::from_json`]), `validate.rs` checks
//! a position's own numbers and builds the game ([`Game::from_position`]), and `place.rs`
//! places its pieces and checks what needs them.

mod json;
mod place;
mod validate;

use crate::board::{BoardErrors, BoardSpec, EdgeId, HexId, NodeId};
use crate::error::ParseError;
#[cfg(doc)]
use crate::game::Game;
use crate::game::Phase;
use crate::rng::Rng;
use crate::rules::{Rules, RulesError};
use crate::types::{ByDevCard, DevCard, Harbor, Piece, Player, Resource, Resources, Terrain};
use serde::{Deserialize, Serialize};

/// The value of [`Position::format`].
pub const FORMAT: &str = "catan-position";
/// The position format version this crate writes and reads.
pub const VERSION: u32 = 1;

/// A whole game state as plain data. Nothing here is checked until
/// [`Game::from_position`].
///
/// Turn state: `dice` is `null` until the current player has rolled this turn;
/// `dev_card_played` and `built_this_turn` say whether a development card was played and
/// whether anything was built or bought this turn. During the set-up phase `turn` is 0 and
/// `setup_step` counts the set-up placements (settlement and road) already finished; after
/// it, `setup_step` is twice the number of players.
///
/// ```
/// use catan_rules::position::Position;
/// use catan_rules::{Game, Rules};
///
/// let game = Game::new(Rules { players: 3, ..Rules::default() }, 11).unwrap();
/// let pos: Position = game.to_position();
/// assert_eq!(pos.players.len(), 3);
/// assert_eq!(pos.turn, 0);
/// let json = serde_json::to_string_pretty(&pos).unwrap();
/// let again: Position = serde_json::from_str(&json).unwrap();
/// assert_eq!(Game::from_position(again).unwrap(), game);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Position {
    /// Always [`FORMAT`] (`"catan-position"`).
    pub format: String,
    /// Always [`VERSION`].
    pub version: u32,
    /// Which game is played.
    pub rules: Rules,
    /// The map (hexes, numbers, harbours, the robber's starting hex).
    pub board: BoardSpec,
    /// The stage of the game.
    pub phase: Phase,
    /// Whose turn it is (during set-up: who places next; in the Special Build Phase: who
    /// builds).
    pub current: Player,
    /// Turn number: 0 during set-up, then 1, 2, ...
    pub turn: u32,
    /// The dice rolled this turn; `null` before the roll.
    #[serde(default)]
    pub dice: Option<[u8; 2]>,
    /// Whether a development card was played this turn (docs/rulings.md §14).
    #[serde(default)]
    pub dev_card_played: bool,
    /// Whether anything was built or bought this turn (no trading after it with
    /// `strict_phases`, docs/rulings.md §1).
    #[serde(default)]
    pub built_this_turn: bool,
    /// Harbours the current player reached this turn by building a settlement (not usable
    /// until their next turn with `strict_phases`, docs/rulings.md §1).
    #[serde(default)]
    pub harbors_gained_this_turn: Vec<Harbor>,
    /// Set-up placements already finished (twice the number of players once set-up is
    /// over).
    pub setup_step: u8,
    /// In the `setup_road` phase: the settlement just placed, where the road must go.
    #[serde(default)]
    pub setup_node: Option<NodeId>,
    /// Free roads still to place in the `road_building` phase.
    #[serde(default)]
    pub road_building_left: u8,
    /// In the `special_build` phase: the player whose turn it follows (`current` is the
    /// player building; docs/rulings.md §19).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub special_build_after: Option<Player>,
    /// Whether the current player has moved a ship this turn (Seafarers; left out when
    /// false).
    #[serde(default, skip_serializing_if = "core::ops::Not::not")]
    pub ship_moved: bool,
    /// Edges of the ships the current player built this turn, which may not move
    /// (Seafarers; left out when empty).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub ships_built_this_turn: Vec<EdgeId>,
    /// The open domestic trade offer of the current player, if any.
    #[serde(default)]
    pub trade: Option<TradeOffer>,
    /// Where the robber stands (`null`: off the board, on a map without a desert).
    pub robber: Option<HexId>,
    /// Where the pirate stands: a sea hex of an open-sea map (Seafarers; left out when off
    /// the board, on the frame).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pirate: Option<HexId>,
    /// Cards in the bank.
    pub bank: Resources,
    /// Development cards left in the deck, by kind.
    pub deck: ByDevCard<u8>,
    /// The random generator's state (16 hex digits).
    pub rng: Rng,
    /// One entry per seat, seat 0 first.
    pub players: Vec<PlayerPosition>,
    /// Who holds Longest Road.
    #[serde(default)]
    pub longest_road: Option<Player>,
    /// Who holds Largest Army.
    #[serde(default)]
    pub largest_army: Option<Player>,
    /// The winner, once the game is over.
    #[serde(default)]
    pub winner: Option<Player>,
    /// The Fog Islands: what is still unexplored and the face-down stacks (left out on
    /// maps without unexplored spaces).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fog: Option<FogPosition>,
}

/// The unexplored spaces of a game and its face-down stacks (The Fog Islands): the
/// referee's knowledge, never shown to a seat.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FogPosition {
    /// The spaces still unexplored (`sea` on the board until discovered), among the
    /// board's `fog` (left out when none).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub unexplored: Vec<HexId>,
    /// Discovered spaces waiting for the referee's `reveal_hex` (external chance; left out
    /// when none).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub pending: Vec<HexId>,
    /// Who discovered the waiting spaces.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub discoverer: Option<Player>,
    /// The face-down hex stack, top first: one hex per unexplored space (left out when
    /// empty).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub hexes: Vec<Terrain>,
    /// The face-down number stack, top first: one token per producing hex in `hexes` (left
    /// out when empty).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub numbers: Vec<u8>,
}

/// One seat in a [`Position`].
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlayerPosition {
    /// Resource cards in hand.
    pub hand: Resources,
    /// Development cards the player may play (victory point cards included).
    pub dev_cards: ByDevCard<u8>,
    /// Development cards bought during the player's latest turn, playable from their next
    /// turn on (docs/rulings.md §14).
    #[serde(default)]
    pub new_dev_cards: ByDevCard<u8>,
    /// Knights played.
    #[serde(default)]
    pub knights: u8,
    /// Cards still to discard after a 7 (only in the `discard` phase).
    #[serde(default)]
    pub discard_owed: u8,
    /// Edges with this player's roads.
    #[serde(default)]
    pub roads: Vec<EdgeId>,
    /// Edges with this player's ships (Seafarers; left out when empty).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub ships: Vec<EdgeId>,
    /// Cards still to take for gold fields (Seafarers; left out when 0).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub gold_owed: u8,
    /// Nodes with this player's settlements.
    #[serde(default)]
    pub settlements: Vec<NodeId>,
    /// Nodes with this player's cities.
    #[serde(default)]
    pub cities: Vec<NodeId>,
    /// Special victory points earned (Seafarers scenarios; left out when 0).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub special_victory_points: u8,
    /// The land areas (indexes into the board's `areas`) where this player has a
    /// building, home areas included (Seafarers scenarios; left out when empty). Must
    /// match the buildings.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub settled_areas: Vec<u8>,
}

fn is_zero(n: &u8) -> bool {
    *n == 0
}

/// An open domestic trade offer, made by the current player (docs/rulings.md §17).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TradeOffer {
    /// The one player asked; everyone else when `null`.
    #[serde(default)]
    pub to: Option<Player>,
    /// What the offerer gives.
    pub give: Resources,
    /// What the offerer asks for.
    pub get: Resources,
    /// One answer per player asked.
    pub answers: Vec<TradeAnswer>,
}

/// How a player asked has answered an open offer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "answer", rename_all = "snake_case", deny_unknown_fields)]
pub enum TradeAnswer {
    /// Not answered yet.
    Pending {
        /// Who.
        player: Player,
    },
    /// Agrees to the offer as made.
    Accepted {
        /// Who.
        player: Player,
    },
    /// Declined.
    Rejected {
        /// Who.
        player: Player,
    },
    /// Proposed other terms, from the answering player's side.
    Countered {
        /// Who.
        player: Player,
        /// What the answering player would give.
        give: Resources,
        /// What the answering player would get.
        get: Resources,
    },
}

impl TradeAnswer {
    /// The player who answers.
    pub const fn player(&self) -> Player {
        match *self {
            TradeAnswer::Pending { player }
            | TradeAnswer::Accepted { player }
            | TradeAnswer::Rejected { player }
            | TradeAnswer::Countered { player, .. } => player,
        }
    }
}

/// A seat, or "nobody", for messages.
fn seat_or_nobody(p: &Option<Player>) -> String {
    p.map_or_else(|| "nobody".to_owned(), |p| p.to_string())
}

/// One thing wrong with a [`Position`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
#[non_exhaustive]
pub enum PositionError {
    /// `format` is not `"catan-position"`.
    #[error("format must be \"{FORMAT}\", not \"{found}\"")]
    Format {
        /// The format given.
        found: String,
    },
    /// A version this crate cannot read.
    #[error("position version {found} is not supported (this crate reads {VERSION})")]
    Version {
        /// The version given.
        found: u32,
    },
    /// The rules cannot be played.
    #[error("bad rules: {error}")]
    Rules {
        /// What is wrong.
        error: RulesError,
    },
    /// The map is invalid; nothing that needs the board is checked.
    #[error("bad board: {errors}")]
    Board {
        /// What is wrong.
        errors: BoardErrors,
    },
    /// The map is too small for the players' set-up settlements: some order of set-up
    /// placements leaves no place under the distance rule before every player has placed
    /// two, so a game on it may never start (as [`crate::NewGameError::SetupCannotFinish`]).
    #[error(
        "set-up cannot always finish on this map: {blocked_after} settlements can leave no \
         place under the distance rule, and {players} players place {needed}"
    )]
    SetupCannotFinish {
        /// Seats in the game.
        players: u8,
        /// Settlements the set-up phase places (two per seat).
        needed: u8,
        /// How few settlements can leave no legal place.
        blocked_after: u8,
    },
    /// After the set-up phase a seat has fewer than the two buildings and two roads every
    /// seat placed in it; pieces never leave the board, a city replaces a settlement
    /// (Catan base rules, 5th ed., 'Set-up Phase').
    #[error(
        "{player} has {buildings} settlements and cities and {roads} roads and ships, but \
         set-up gave every player two of each and pieces never leave the board"
    )]
    SetupPiecesMissing {
        /// Whose.
        player: Player,
        /// Settlements and cities on the board.
        buildings: usize,
        /// Roads and ships on the board (a set-up road may be a ship on a sea map).
        roads: usize,
    },
    /// The list of players does not match the rules.
    #[error("the rules are for {expected} players, the position lists {found}")]
    PlayerCount {
        /// Players in the rules.
        expected: u8,
        /// Entries in `players`.
        found: usize,
    },
    /// A field names a seat that is not in the game.
    #[error("`{field}` names {player}, who is not in this game")]
    NoSuchPlayer {
        /// The field.
        field: &'static str,
        /// The seat named.
        player: Player,
    },
    /// A building on a node that is not on the board.
    #[error("{player} has a building on {node}, which is not on this board")]
    NoSuchNode {
        /// Whose building.
        player: Player,
        /// The node named.
        node: NodeId,
    },
    /// A road on an edge that is not on the board.
    #[error("{player} has a road on {edge}, which is not on this board")]
    NoSuchEdge {
        /// Whose road.
        player: Player,
        /// The edge named.
        edge: EdgeId,
    },
    /// A hex id that is not a land hex of the board.
    #[error("`{field}` names {hex}, which is not a land hex of this board")]
    NoSuchHex {
        /// The field.
        field: &'static str,
        /// The hex named.
        hex: HexId,
    },
    /// The robber is off a board on which it starts on a hex (it never leaves the board).
    #[error("the robber is missing from a board that has a starting hex for it")]
    RobberMissing,
    /// Two buildings on one node.
    #[error("two buildings on {node}")]
    NodeOccupied {
        /// The node.
        node: NodeId,
    },
    /// Two roads on one edge.
    #[error("two roads on {edge}")]
    EdgeOccupied {
        /// The edge.
        edge: EdgeId,
    },
    /// Buildings on adjacent nodes (Base rules "Distance Rule"; docs/rulings.md §12).
    #[error("buildings on {node} and {neighbor} break the distance rule")]
    DistanceRule {
        /// One building.
        node: NodeId,
        /// The adjacent one.
        neighbor: NodeId,
    },
    /// A road not joined through the player's roads to one of their buildings (docs/rulings.md
    /// 12).
    #[error("{player}'s road on {edge} is not connected to their buildings")]
    RoadNotConnected {
        /// Whose road.
        player: Player,
        /// The road.
        edge: EdgeId,
    },
    /// A building without one of its owner's roads (or ships) next to it (every settlement
    /// is placed at, or followed in set-up by, its owner's road or ship).
    #[error("{player}'s building on {node} has none of their roads or ships next to it")]
    BuildingNotConnected {
        /// Whose building.
        player: Player,
        /// The building.
        node: NodeId,
    },
    /// A piece where the ground forbids it: a ship between two land hexes or on a map
    /// without open sea, a road between two sea hexes, a settlement or city in open sea
    /// (Seafarers rules, 'Ships').
    #[error("{player}'s {piece} on {at} cannot stand there: {reason}")]
    WrongGround {
        /// Whose piece.
        player: Player,
        /// Which piece.
        piece: Piece,
        /// The edge or node, as text (`"edge 12"`, `"node 30"`).
        at: String,
        /// Why not.
        reason: &'static str,
    },
    /// A ship not joined through the player's ships to one of their buildings (Seafarers
    /// rules, 'Ships').
    #[error("{player}'s ship on {edge} is not connected to their buildings by their ships")]
    ShipNotConnected {
        /// Whose ship.
        player: Player,
        /// The ship.
        edge: EdgeId,
    },
    /// More pieces than a player owns (docs/rulings.md §12: 15 roads, 5 settlements, 4 cities).
    #[error("{player} has {count} pieces of kind {piece} on the board; the limit is {limit}")]
    TooManyPieces {
        /// Whose.
        player: Player,
        /// Which piece.
        piece: Piece,
        /// How many.
        count: usize,
        /// The limit.
        limit: u8,
    },
    /// Bank and hands do not add up to the supply of a resource (docs/rulings.md §6).
    #[error("{resource}: bank and hands hold {total} cards, the game has {expected}")]
    ResourcesNotConserved {
        /// The resource.
        resource: Resource,
        /// Bank plus hands.
        total: u32,
        /// The supply (19, or 24 with 5–6 players).
        expected: u8,
    },
    /// Deck, hands and played knights do not fit the development deck (docs/rulings.md §13):
    /// knights (deck + held + played) and victory points (deck + held) must add up exactly,
    /// the other kinds (whose plays are not recorded) to at most the composition.
    #[error("{card}: {counted} cards accounted for, the deck has {composition}")]
    DevCardsNotConserved {
        /// The card kind.
        card: DevCard,
        /// Deck + held (+ played knights).
        counted: u32,
        /// Cards of that kind in the game.
        composition: u8,
    },
    /// Longest Road held wrongly: the holder needs ≥ 5 roads and nobody strictly longer;
    /// nobody may hold it only while no single player is longest with ≥ 5 (Base rules
    /// "Longest Road"; docs/rulings.md §15).
    #[error("Longest Road held by {} with length {holder_length}, but the longest road is {longest}", seat_or_nobody(.holder))]
    LongestRoadInconsistent {
        /// The holder given.
        holder: Option<Player>,
        /// Their road length (0 for nobody).
        holder_length: u8,
        /// The longest road of any player.
        longest: u8,
    },
    /// Largest Army held wrongly: the holder needs ≥ 3 knights and nobody strictly more;
    /// nobody may hold it only while nobody has 3 (Base rules; docs/rulings.md §16).
    #[error("Largest Army held by {} with {holder_knights} knights, but the most knights played is {most}", seat_or_nobody(.holder))]
    LargestArmyInconsistent {
        /// The holder given.
        holder: Option<Player>,
        /// Their knights (0 for nobody).
        holder_knights: u8,
        /// The most knights any player played.
        most: u8,
    },
    /// Dice that are not two values 1–6.
    #[error("dice {} and {} are not two values 1 to 6", .dice[0], .dice[1])]
    BadDice {
        /// The dice given.
        dice: [u8; 2],
    },
    /// A discard owed that the player's hand cannot explain (more than half of it, rounded
    /// down: docs/rulings.md §9 and §38), or owed outside the discard phase.
    #[error("{player} owes {owed} cards to discard, at most {expected}")]
    DiscardInconsistent {
        /// Who.
        player: Player,
        /// The amount given.
        owed: u8,
        /// The most their hand allows (0 outside the discard phase).
        expected: u8,
    },
    /// Turn and phase fields that cannot occur together.
    #[error("in the {phase} phase: {reason}")]
    PhaseInconsistent {
        /// The phase given.
        phase: Phase,
        /// What does not fit.
        reason: &'static str,
    },
    /// An open trade offer that cannot occur (docs/rulings.md §17).
    #[error("trade offer: {reason}")]
    TradeInconsistent {
        /// What does not fit.
        reason: &'static str,
    },
    /// `harbors_gained_this_turn` names a harbour the current player does not have.
    #[error("the current player has no {harbor} harbour")]
    HarborNotOwned {
        /// The harbour.
        harbor: Harbor,
    },
    /// The winner does not fit the game (a winner exactly when the phase is `game_over`;
    /// the winner is the current player with at least the target, docs/rulings.md §4).
    #[error("winner {}: {reason}", seat_or_nobody(.winner))]
    WinnerInconsistent {
        /// The winner given.
        winner: Option<Player>,
        /// What does not fit.
        reason: &'static str,
    },
    /// Seafarers scenarios: `settled_areas` that do not match the player's buildings, or
    /// special victory points beyond what the settled areas pay.
    #[error("{player}: {reason}")]
    AreasInconsistent {
        /// Whose.
        player: Player,
        /// What does not fit.
        reason: &'static str,
    },
    /// The Fog Islands: unexplored spaces or face-down stacks that cannot occur.
    #[error("fog: {reason}")]
    FogInconsistent {
        /// What does not fit.
        reason: &'static str,
    },
    /// The current player holds the target but the game goes on; the engine would have
    /// declared the win (docs/rulings.md §4).
    #[error("{player} has {points} points on their own turn but has not won")]
    UndeclaredWin {
        /// The current player.
        player: Player,
        /// Their points.
        points: u8,
    },
    /// The pirate is off a board that starts it on a sea hex: once on the board it moves
    /// from sea hex to sea hex (Seafarers; docs/rulings.md §39).
    #[error("the pirate is missing from a board that starts it on a sea hex")]
    PirateMissing,
}

/// Every problem found in a [`Position`], in a stable order.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error, Serialize)]
#[error("invalid position: {}", .0.iter().map(|e| e.to_string()).collect::<Vec<_>>().join("; "))]
pub struct PositionErrors(pub Vec<PositionError>);

/// Why [`Game::from_json`] failed: the text is not a position at all, or it is one that
/// cannot occur.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum LoadError {
    /// Malformed JSON: syntax, unknown or missing fields, wrong values.
    #[error(transparent)]
    Parse {
        /// What is malformed.
        #[from]
        error: ParseError,
    },
    /// Well-formed, but not a possible game.
    #[error(transparent)]
    Invalid {
        /// Every problem.
        #[from]
        errors: PositionErrors,
    },
}
