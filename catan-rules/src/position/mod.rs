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

use crate::board::{Board, BoardErrors, BoardSpec, EdgeId, HexId, NodeId};
use crate::error::ParseError;
use crate::game::{answer, Game, Offer, Phase, CITY, F_BUILT, F_DEV_PLAYED, F_ROLLED, NONE};
use crate::rng::Rng;
use crate::rules::{Rules, RulesError};
use crate::types::{ByDevCard, DevCard, Harbor, Piece, Player, Resource, Resources, MAX_PLAYERS};
use serde::{Deserialize, Serialize};
use std::sync::Arc;

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
    /// Whose turn it is (during set-up: who places next).
    pub current: Player,
    /// Turn number: 0 during set-up, then 1, 2, ...
    pub turn: u16,
    /// The dice rolled this turn; `null` before the roll.
    #[serde(default)]
    pub dice: Option<[u8; 2]>,
    /// Whether a development card was played this turn (`RULINGS` 14).
    #[serde(default)]
    pub dev_card_played: bool,
    /// Whether anything was built or bought this turn (no trading after it with
    /// `strict_phases`, `RULINGS` 1).
    #[serde(default)]
    pub built_this_turn: bool,
    /// Harbours the current player reached this turn by building a settlement (not usable
    /// until their next turn with `strict_phases`, `RULINGS` 1).
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
    /// The open domestic trade offer of the current player, if any.
    #[serde(default)]
    pub trade: Option<TradeOffer>,
    /// Where the robber stands (`null`: off the board, on a map without a desert).
    pub robber: Option<HexId>,
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
    /// turn on (`RULINGS` 14).
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
    /// Nodes with this player's settlements.
    #[serde(default)]
    pub settlements: Vec<NodeId>,
    /// Nodes with this player's cities.
    #[serde(default)]
    pub cities: Vec<NodeId>,
}

/// An open domestic trade offer, made by the current player (`RULINGS` 17).
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

/// One thing wrong with a [`Position`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
#[non_exhaustive]
pub enum PositionError {
    /// `format` is not `"catan-position"`.
    #[error("format must be \"{FORMAT}\", not {found:?}")]
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
    /// Buildings on adjacent nodes (`seeds/000` "Distance Rule"; `RULINGS` 12).
    #[error("buildings on {node} and {neighbor} break the distance rule")]
    DistanceRule {
        /// One building.
        node: NodeId,
        /// The adjacent one.
        neighbor: NodeId,
    },
    /// A road not joined through the player's roads to one of their buildings (`RULINGS`
    /// 12).
    #[error("{player}'s road on {edge} is not connected to their buildings")]
    RoadNotConnected {
        /// Whose road.
        player: Player,
        /// The road.
        edge: EdgeId,
    },
    /// A building without one of its owner's roads next to it (every settlement is placed
    /// at, or followed in set-up by, its owner's road).
    #[error("{player}'s building on {node} has none of their roads next to it")]
    BuildingNotConnected {
        /// Whose building.
        player: Player,
        /// The building.
        node: NodeId,
    },
    /// More pieces than a player owns (`RULINGS` 12: 15 roads, 5 settlements, 4 cities).
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
    /// Bank and hands do not add up to the supply of a resource (`RULINGS` 6).
    #[error("{resource}: bank and hands hold {total} cards, the game has {expected}")]
    ResourcesNotConserved {
        /// The resource.
        resource: Resource,
        /// Bank plus hands.
        total: u32,
        /// The supply (19, or 24 with 5–6 players).
        expected: u8,
    },
    /// Deck, hands and played knights do not fit the development deck (`RULINGS` 13):
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
    /// nobody may hold it only while no single player is longest with ≥ 5 (`seeds/000`
    /// "Longest Road"; `RULINGS` 15).
    #[error("Longest Road held by {holder:?} with length {holder_length}, but the longest road is {longest}")]
    LongestRoadInconsistent {
        /// The holder given.
        holder: Option<Player>,
        /// Their road length (0 for nobody).
        holder_length: u8,
        /// The longest road of any player.
        longest: u8,
    },
    /// Largest Army held wrongly: the holder needs ≥ 3 knights and nobody strictly more;
    /// nobody may hold it only while nobody has 3 (`seeds/000`; `RULINGS` 16).
    #[error("Largest Army held by {holder:?} with {holder_knights} knights, but the most knights played is {most}")]
    LargestArmyInconsistent {
        /// The holder given.
        holder: Option<Player>,
        /// Their knights (0 for nobody).
        holder_knights: u8,
        /// The most knights any player played.
        most: u8,
    },
    /// Dice that are not two values 1–6.
    #[error("dice {dice:?} are not two values 1 to 6")]
    BadDice {
        /// The dice given.
        dice: [u8; 2],
    },
    /// A discard owed that does not match the player's hand (half of it, rounded down, over
    /// the limit, `RULINGS` 9), or owed outside the discard phase.
    #[error("{player} owes {owed} cards to discard, expected {expected}")]
    DiscardInconsistent {
        /// Who.
        player: Player,
        /// The amount given.
        owed: u8,
        /// The amount their hand implies.
        expected: u8,
    },
    /// Turn and phase fields that cannot occur together.
    #[error("phase {phase:?}: {reason}")]
    PhaseInconsistent {
        /// The phase given.
        phase: Phase,
        /// What does not fit.
        reason: &'static str,
    },
    /// An open trade offer that cannot occur (`RULINGS` 17).
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
    /// the winner is the current player with at least the target, `RULINGS` 4).
    #[error("winner {winner:?}: {reason}")]
    WinnerInconsistent {
        /// The winner given.
        winner: Option<Player>,
        /// What does not fit.
        reason: &'static str,
    },
    /// The current player holds the target but the game goes on; the engine would have
    /// declared the win (`RULINGS` 4).
    #[error("{player} has {points} points on their own turn but has not won")]
    UndeclaredWin {
        /// The current player.
        player: Player,
        /// Their points.
        points: u8,
    },
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

fn opt(p: u8) -> Option<Player> {
    (p != NONE).then_some(Player(p))
}

fn harbor_list(bits: u8) -> Vec<Harbor> {
    Harbor::ALL
        .into_iter()
        .filter(|h| bits & h.bit() != 0)
        .collect()
}

impl Game {
    /// The game as a [`Position`]: plain data that [`Game::from_position`] turns back into
    /// an equal game, which continues identically (same random generator state).
    ///
    /// Piece lists are in increasing id order.
    ///
    /// ```
    /// use catan_rules::{Game, Rules, Player};
    /// let mut game = Game::new(Rules::default(), 5).unwrap();
    /// let mut legal = Vec::new();
    /// game.legal_actions(&mut legal);
    /// game.apply(legal[0]).unwrap(); // the first set-up settlement
    /// let pos = game.to_position();
    /// assert_eq!(pos.players[0].settlements.len(), 1);
    /// assert_eq!(pos.current, Player(0));
    /// assert_eq!(Game::from_position(pos).unwrap(), game);
    /// ```
    pub fn to_position(&self) -> Position {
        let n = self.rules.players as usize;
        let mut players: Vec<PlayerPosition> = self.seats[..n]
            .iter()
            .zip(self.discard.iter())
            .map(|(s, &d)| PlayerPosition {
                hand: s.hand,
                dev_cards: s.dev,
                new_dev_cards: s.new_dev,
                knights: s.knights,
                discard_owed: d,
                ..PlayerPosition::default()
            })
            .collect();
        for (i, v) in self.edges.iter(self.board.edges().len()).enumerate() {
            if v != 0 {
                players[(v - 1) as usize].roads.push(EdgeId(i as u16));
            }
        }
        for (i, v) in self.nodes.iter(self.board.nodes().len()).enumerate() {
            if v != 0 {
                let pp = &mut players[((v & 7) - 1) as usize];
                if v & CITY != 0 {
                    pp.cities.push(NodeId(i as u8));
                } else {
                    pp.settlements.push(NodeId(i as u8));
                }
            }
        }
        let setup = matches!(self.phase, Phase::SetupSettlement | Phase::SetupRoad);
        let cur = &self.seats[self.current as usize];
        let gained = if setup {
            0
        } else {
            cur.harbors & !cur.harbors_at_start
        };
        Position {
            format: FORMAT.to_string(),
            version: VERSION,
            rules: self.rules,
            board: self.board.spec().clone(),
            phase: self.phase,
            current: Player(self.current),
            turn: self.turn,
            dice: self.dice(),
            dev_card_played: self.flags & F_DEV_PLAYED != 0,
            built_this_turn: self.flags & F_BUILT != 0,
            harbors_gained_this_turn: harbor_list(gained),
            setup_step: self.setup_step,
            setup_node: (self.setup_node != NONE).then_some(NodeId(self.setup_node)),
            road_building_left: self.road_building_left,
            trade: self.offer.as_ref().map(|o| TradeOffer {
                to: o.to.map(Player),
                give: o.give,
                get: o.get,
                answers: (0..n)
                    .filter_map(|q| {
                        let player = Player(q as u8);
                        match o.answers[q] {
                            answer::PENDING => Some(TradeAnswer::Pending { player }),
                            answer::ACCEPTED => Some(TradeAnswer::Accepted { player }),
                            answer::REJECTED => Some(TradeAnswer::Rejected { player }),
                            answer::COUNTERED => Some(TradeAnswer::Countered {
                                player,
                                give: o.counters[q].0,
                                get: o.counters[q].1,
                            }),
                            _ => None,
                        }
                    })
                    .collect(),
            }),
            robber: self.robber(),
            bank: self.bank,
            deck: self.deck,
            rng: self.rng,
            players,
            longest_road: opt(self.longest_road),
            largest_army: opt(self.largest_army),
            winner: opt(self.winner),
        }
    }

    /// Checks a [`Position`] and makes it a game, recomputing what the game caches (road
    /// lengths, harbours reached).
    ///
    /// # Errors
    /// [`PositionErrors`] listing every problem found: ids off the board, two pieces in one
    /// place, the distance rule, roads not connected, pieces over the limits, resources or
    /// development cards not conserved, Longest Road or Largest Army held wrongly, turn and
    /// phase fields that cannot occur together, a wrong winner. When the rules, the board or
    /// the number of players are unusable, the checks that need them are skipped.
    ///
    /// # Examples
    /// ```
    /// use catan_rules::position::PositionError;
    /// use catan_rules::{Game, MapKind, Resource, Rules};
    ///
    /// // The beginners' set-up: play starts at once (no set-up phase).
    /// let game = Game::new(Rules { map: MapKind::Beginner, ..Rules::default() }, 9).unwrap();
    /// let mut pos = game.to_position();
    /// pos.bank[Resource::Ore] = 18; // one ore card vanished
    /// pos.players[3].knights = 1; // a knight played that no one could have held
    /// let errors = Game::from_position(pos).unwrap_err().0;
    /// assert_eq!(errors.len(), 2);
    /// assert!(matches!(errors[0], PositionError::ResourcesNotConserved { resource: Resource::Ore, .. }));
    /// assert!(matches!(errors[1], PositionError::DevCardsNotConserved { .. }));
    /// ```
    pub fn from_position(pos: Position) -> Result<Game, PositionErrors> {
        let mut errs = Vec::new();
        if pos.format != FORMAT {
            errs.push(PositionError::Format {
                found: pos.format.clone(),
            });
        }
        if pos.version != VERSION {
            errs.push(PositionError::Version { found: pos.version });
        }
        if let Err(error) = pos.rules.validate() {
            errs.push(PositionError::Rules { error });
            return Err(PositionErrors(errs));
        }
        let rules = pos.rules;
        let n = rules.players as usize;
        if pos.players.len() != n {
            errs.push(PositionError::PlayerCount {
                expected: rules.players,
                found: pos.players.len(),
            });
        }
        let board = match Board::new(pos.board.clone()) {
            Ok(b) => Some(Arc::new(b)),
            Err(errors) => {
                errs.push(PositionError::Board { errors });
                None
            }
        };
        if pos.players.len() != n {
            return Err(PositionErrors(errs));
        }
        check_players_named(&pos, &mut errs);
        check_counts(&pos, &mut errs);
        check_turn(&pos, &mut errs);
        check_trade(&pos, &mut errs);
        let Some(board) = board else {
            return Err(PositionErrors(errs));
        };
        let mut g = Game::blank(rules, board, pos.rng);
        let before = errs.len();
        place(&pos, &mut g, &mut errs);
        // Distance, connection, awards and victory are only meaningful with every piece
        // placed where the position says.
        if errs.len() == before {
            check_placed(&pos, &g, &mut errs);
        }
        if errs.is_empty() {
            Ok(g)
        } else {
            Err(PositionErrors(errs))
        }
    }

    /// The game as position JSON (compact; see [`Game::to_position`]).
    pub fn to_json(&self) -> String {
        serde_json::to_string(&self.to_position()).expect("positions always serialize")
    }

    /// A game from position JSON.
    ///
    /// # Errors
    /// [`LoadError::Parse`] if the text is not a well-formed position,
    /// [`LoadError::Invalid`] with every problem if it cannot occur.
    pub fn from_json(s: &str) -> Result<Game, LoadError> {
        let pos: Position = serde_json::from_str(s).map_err(ParseError::from)?;
        Ok(Game::from_position(pos)?)
    }
}

fn is_setup(phase: Phase) -> bool {
    matches!(phase, Phase::SetupSettlement | Phase::SetupRoad)
}

/// Every field that names a seat names one in the game.
fn check_players_named(pos: &Position, errs: &mut Vec<PositionError>) {
    let n = pos.rules.players;
    let mut named = vec![
        ("current", Some(pos.current)),
        ("longest_road", pos.longest_road),
        ("largest_army", pos.largest_army),
        ("winner", pos.winner),
    ];
    if let Some(t) = &pos.trade {
        named.push(("trade.to", t.to));
        named.extend(
            t.answers
                .iter()
                .map(|a| ("trade.answers", Some(a.player()))),
        );
    }
    for (field, p) in named {
        if let Some(player) = p.filter(|p| p.0 >= n) {
            errs.push(PositionError::NoSuchPlayer { field, player });
        }
    }
}

/// Piece limits and the conservation of cards.
fn check_counts(pos: &Position, errs: &mut Vec<PositionError>) {
    let rules = &pos.rules;
    let (max_roads, max_settlements, max_cities) = rules.pieces();
    for (i, pp) in pos.players.iter().enumerate() {
        let player = Player(i as u8);
        for (piece, count, limit) in [
            (Piece::Road, pp.roads.len(), max_roads),
            (Piece::Settlement, pp.settlements.len(), max_settlements),
            (Piece::City, pp.cities.len(), max_cities),
        ] {
            if count > limit as usize {
                errs.push(PositionError::TooManyPieces {
                    player,
                    piece,
                    count,
                    limit,
                });
            }
        }
    }
    let supply = rules.bank_per_resource();
    for r in Resource::ALL {
        let total = pos.bank[r] as u32 + pos.players.iter().map(|p| p.hand[r] as u32).sum::<u32>();
        if total != supply as u32 {
            errs.push(PositionError::ResourcesNotConserved {
                resource: r,
                total,
                expected: supply,
            });
        }
    }
    let composition = rules.dev_deck();
    for c in DevCard::ALL {
        let mut counted = pos.deck[c] as u32
            + pos
                .players
                .iter()
                .map(|p| p.dev_cards[c] as u32 + p.new_dev_cards[c] as u32)
                .sum::<u32>();
        if c == DevCard::Knight {
            counted += pos.players.iter().map(|p| p.knights as u32).sum::<u32>();
        }
        let exact = matches!(c, DevCard::Knight | DevCard::VictoryPoint);
        let want = composition[c.index()] as u32;
        if counted > want || (exact && counted != want) {
            errs.push(PositionError::DevCardsNotConserved {
                card: c,
                counted,
                composition: composition[c.index()],
            });
        }
    }
}

/// Turn, phase and set-up fields that must fit together.
fn check_turn(pos: &Position, errs: &mut Vec<PositionError>) {
    let phase = pos.phase;
    let n = pos.rules.players;
    let mut bad =
        |reason: &'static str| errs.push(PositionError::PhaseInconsistent { phase, reason });
    let rolled = pos.dice.is_some();
    let setup = is_setup(phase);
    if setup {
        if pos.turn != 0 {
            bad("the set-up phase is turn 0");
        }
        if pos.setup_step >= 2 * n {
            bad("set-up is over after two placements per player");
        } else if pos.current.0 != setup_player(n, pos.setup_step) {
            bad("the current player is not the one whose set-up placement it is");
        }
        if rolled || pos.dev_card_played || pos.built_this_turn {
            bad("nothing is rolled, played or built during set-up");
        }
        if !pos.harbors_gained_this_turn.is_empty() {
            bad("harbours gained this turn are counted from the first turn on");
        }
        if pos.deck.0 != pos.rules.dev_deck()
            || pos
                .players
                .iter()
                .any(|p| p.dev_cards.total() + p.new_dev_cards.total() + p.knights as u32 > 0)
        {
            bad("no development card is bought during set-up");
        }
        match (phase, pos.setup_node) {
            (Phase::SetupRoad, None) => bad("the set-up road needs the settlement just placed"),
            (Phase::SetupSettlement, Some(_)) => {
                bad("setup_node is only set while the set-up road is placed")
            }
            _ => {}
        }
        if pos.setup_step < 2 * n {
            for (q, pp) in pos.players.iter().enumerate() {
                let done = (0..pos.setup_step)
                    .filter(|&s| setup_player(n, s) == q as u8)
                    .count();
                let placing = usize::from(phase == Phase::SetupRoad && pos.current.0 == q as u8);
                if pp.settlements.len() != done + placing
                    || pp.roads.len() != done
                    || !pp.cities.is_empty()
                {
                    bad("the pieces on the board do not match the set-up placements made");
                    break;
                }
            }
        }
    } else {
        if pos.setup_step != 2 * n {
            bad("after set-up, setup_step is twice the number of players");
        }
        if pos.setup_node.is_some() {
            bad("setup_node is only set while the set-up road is placed");
        }
        if pos.turn == 0 {
            bad("turns after set-up are numbered from 1");
        }
        let seven = pos.dice.is_some_and(|[a, b]| a as u16 + b as u16 == 7);
        match phase {
            Phase::Roll if rolled => bad("the dice are already rolled"),
            Phase::Discard | Phase::MoveRobber if !seven => bad("only a rolled 7 moves the robber"),
            Phase::Discard if pos.players.iter().all(|p| p.discard_owed == 0) => {
                bad("nobody owes a discard")
            }
            Phase::Main if !rolled => bad("the main phase comes after the roll"),
            Phase::RoadBuilding if !pos.dev_card_played => {
                bad("road building follows a development card played this turn")
            }
            Phase::RoadBuilding if !(1..=2).contains(&pos.road_building_left) => {
                bad("road building places 1 or 2 roads")
            }
            _ => {}
        }
        if matches!(phase, Phase::Discard | Phase::MoveRobber) && pos.built_this_turn {
            bad("nothing is built before the robber is moved");
        }
        if !rolled && pos.built_this_turn {
            bad("nothing is built before the roll");
        }
        let cur = pos.players.get(pos.current.index());
        if cur.is_some_and(|p| p.new_dev_cards.total() > 0) && !pos.built_this_turn {
            bad("the current player bought a card this turn, so built_this_turn is set");
        }
        if !pos.harbors_gained_this_turn.is_empty() && !pos.built_this_turn {
            bad("a harbour is gained by building, so built_this_turn is set");
        }
    }
    if pos.road_building_left > 0 && !matches!(phase, Phase::RoadBuilding | Phase::GameOver)
        || pos.road_building_left > 2
    {
        bad("road_building_left is 1 or 2 in the road building phase only");
    }
    if let Some(dice) = pos.dice {
        if !dice.iter().all(|d| (1..=6).contains(d)) {
            errs.push(PositionError::BadDice { dice });
        }
    }
    for (i, pp) in pos.players.iter().enumerate() {
        let total = pp.hand.total();
        let expected = if phase == Phase::Discard && total > pos.rules.discard_limit as u32 {
            (total / 2) as u8
        } else {
            0
        };
        if pp.discard_owed != 0 && pp.discard_owed != expected {
            errs.push(PositionError::DiscardInconsistent {
                player: Player(i as u8),
                owed: pp.discard_owed,
                expected,
            });
        }
    }
    let over = phase == Phase::GameOver;
    match pos.winner {
        None if over => errs.push(PositionError::WinnerInconsistent {
            winner: None,
            reason: "a finished game has a winner",
        }),
        Some(_) if !over => errs.push(PositionError::WinnerInconsistent {
            winner: pos.winner,
            reason: "only a finished game has a winner",
        }),
        Some(w) if w != pos.current => errs.push(PositionError::WinnerInconsistent {
            winner: pos.winner,
            reason: "a player wins only on their own turn",
        }),
        _ => {}
    }
}

/// The open offer, if any (`RULINGS` 17).
fn check_trade(pos: &Position, errs: &mut Vec<PositionError>) {
    let Some(t) = &pos.trade else { return };
    let mut bad = |reason: &'static str| errs.push(PositionError::TradeInconsistent { reason });
    let n = pos.rules.players;
    let me = pos.current;
    if pos.phase != Phase::Main {
        bad("offers are open only in the main phase");
    }
    if pos.rules.strict_phases && pos.built_this_turn {
        bad("no trading after building with strict phases");
    }
    if t.give.is_empty() || t.get.is_empty() || t.give.overlaps(&t.get) {
        bad("each side gives at least one card and no resource is on both sides");
    }
    if pos
        .players
        .get(me.index())
        .is_some_and(|p| !p.hand.contains(&t.give))
    {
        bad("the offerer does not hold what they offer");
    }
    if t.to == Some(me) {
        bad("the offerer cannot ask themselves");
    }
    let mut asked = 0u8;
    for q in 0..n {
        if q != me.0 && t.to.is_none_or(|to| to.0 == q) {
            asked |= 1 << q;
        }
    }
    let mut listed = 0u8;
    let mut open = false;
    for a in &t.answers {
        let q = a.player();
        if q.0 >= n {
            continue; // reported as NoSuchPlayer
        }
        if listed & q.bit() != 0 {
            bad("a player answers twice");
        }
        listed |= q.bit();
        let hand = pos.players[q.index()].hand;
        match *a {
            TradeAnswer::Rejected { .. } => {}
            TradeAnswer::Pending { .. } => open = true,
            TradeAnswer::Accepted { .. } => {
                open = true;
                if !hand.contains(&t.get) {
                    bad("a player accepted without holding what is asked");
                }
            }
            TradeAnswer::Countered { give, get, .. } => {
                open = true;
                if give.is_empty() || get.is_empty() || give.overlaps(&get) {
                    bad("a counter-offer gives nothing, asks nothing or names a resource twice");
                }
                if !hand.contains(&give) {
                    bad("a player countered with cards they do not hold");
                }
            }
        }
    }
    if listed != asked {
        bad("the answers are not exactly the players asked");
    }
    if !open {
        bad("an offer everyone declined is closed");
    }
}

fn setup_player(n: u8, step: u8) -> u8 {
    if step < n {
        step
    } else {
        (2 * n).saturating_sub(1 + step)
    }
}

/// Puts the pieces and cards on a blank game, reporting ids off the board and doubles.
fn place(pos: &Position, g: &mut Game, errs: &mut Vec<PositionError>) {
    let nodes = g.board.nodes().len();
    let edges = g.board.edges().len();
    for (i, pp) in pos.players.iter().enumerate() {
        let player = Player(i as u8);
        let tag = i as u8 + 1;
        for &edge in &pp.roads {
            if edge.index() >= edges {
                errs.push(PositionError::NoSuchEdge { player, edge });
            } else if g.edges.get(edge.index()) != 0 {
                errs.push(PositionError::EdgeOccupied { edge });
            } else {
                g.edges.set(edge.index(), tag);
            }
        }
        for (list, bits) in [(&pp.settlements, tag), (&pp.cities, tag | CITY)] {
            for &node in list {
                if node.index() >= nodes {
                    errs.push(PositionError::NoSuchNode { player, node });
                } else if g.nodes.get(node.index()) != 0 {
                    errs.push(PositionError::NodeOccupied { node });
                } else {
                    g.nodes.set(node.index(), bits);
                }
            }
        }
        let s = &mut g.seats[i];
        s.hand = pp.hand;
        s.dev = pp.dev_cards;
        s.new_dev = pp.new_dev_cards;
        s.knights = pp.knights;
        s.roads = pp.roads.len().min(255) as u8;
        s.settlements = pp.settlements.len().min(255) as u8;
        s.cities = pp.cities.len().min(255) as u8;
        g.discard[i] = pp.discard_owed;
    }
    match pos.robber {
        Some(hex) => {
            if hex.index() >= g.board.hexes().len() || !g.board.hex(hex).terrain.is_land() {
                errs.push(PositionError::NoSuchHex {
                    field: "robber",
                    hex,
                });
            }
            g.robber = hex.0;
        }
        None => {
            if g.board.robber_start().is_some() {
                errs.push(PositionError::RobberMissing);
            }
            g.robber = NONE;
        }
    }
    if let Some(node) = pos.setup_node {
        let mine =
            node.index() < nodes && g.nodes.get(node.index()) as u16 == pos.current.0 as u16 + 1;
        if pos.phase == Phase::SetupRoad && !mine {
            errs.push(PositionError::PhaseInconsistent {
                phase: pos.phase,
                reason: "setup_node is not a settlement of the current player",
            });
        }
        g.setup_node = node.0;
    }
    g.phase = pos.phase;
    g.current = pos.current.0;
    g.turn = pos.turn;
    for (set, bit) in [
        (pos.dice.is_some(), F_ROLLED),
        (pos.dev_card_played, F_DEV_PLAYED),
        (pos.built_this_turn, F_BUILT),
    ] {
        if set {
            g.flags |= bit;
        }
    }
    g.dice = pos.dice.unwrap_or([0, 0]);
    g.setup_step = pos.setup_step;
    g.road_building_left = pos.road_building_left;
    g.winner = pos.winner.map_or(NONE, |p| p.0);
    g.longest_road = pos.longest_road.map_or(NONE, |p| p.0);
    g.largest_army = pos.largest_army.map_or(NONE, |p| p.0);
    g.bank = pos.bank;
    g.deck = pos.deck;
    g.offer = pos.trade.as_ref().map(|t| {
        let mut o = Offer {
            from: pos.current.0,
            to: t.to.map(|p| p.0),
            give: t.give,
            get: t.get,
            answers: [answer::NOT_ASKED; MAX_PLAYERS],
            counters: [(Resources::EMPTY, Resources::EMPTY); MAX_PLAYERS],
        };
        for a in &t.answers {
            let q = a.player().index().min(MAX_PLAYERS - 1);
            o.answers[q] = match *a {
                TradeAnswer::Pending { .. } => answer::PENDING,
                TradeAnswer::Accepted { .. } => answer::ACCEPTED,
                TradeAnswer::Rejected { .. } => answer::REJECTED,
                TradeAnswer::Countered { give, get, .. } => {
                    o.counters[q] = (give, get);
                    answer::COUNTERED
                }
            };
        }
        o
    });
    // Derived: harbours reached and road lengths.
    for (i, v) in g.nodes.iter(nodes).enumerate() {
        if v != 0 {
            if let Some(h) = g.board.node(NodeId(i as u8)).harbor {
                g.seats[((v & 7) - 1) as usize].harbors |= h.bit();
            }
        }
    }
    let setup = is_setup(pos.phase);
    let mut gained = 0u8;
    let current_harbors = g.seats.get(g.current as usize).map_or(0, |s| s.harbors);
    for &h in &pos.harbors_gained_this_turn {
        gained |= h.bit();
        if current_harbors & h.bit() == 0 {
            errs.push(PositionError::HarborNotOwned { harbor: h });
        }
    }
    for (i, s) in g.seats[..pos.players.len()].iter_mut().enumerate() {
        s.harbors_at_start = if setup {
            0
        } else if i == g.current as usize {
            s.harbors & !gained
        } else {
            s.harbors
        };
    }
    for p in 0..pos.players.len() as u8 {
        g.seats[p as usize].road_len = g.road_length(p);
    }
}

/// Rules that need the pieces in place: distance, connection, awards, victory.
fn check_placed(pos: &Position, g: &Game, errs: &mut Vec<PositionError>) {
    let board = &*g.board;
    let n = pos.players.len();
    for (i, v) in g.nodes.iter(board.nodes().len()).enumerate() {
        if v == 0 {
            continue;
        }
        let node = NodeId(i as u8);
        for neighbor in board.node(node).neighbors() {
            if neighbor > node && g.nodes.get(neighbor.index()) != 0 {
                errs.push(PositionError::DistanceRule { node, neighbor });
            }
        }
    }
    for p in 0..n as u8 {
        let tag = p + 1;
        let player = Player(p);
        // Every road joins one of the player's buildings through their own roads. A trail may
        // run through a building an opponent put there later, so connection ignores owners.
        let mut reached = vec![false; board.edges().len()];
        let mut stack: Vec<NodeId> = Vec::new();
        for (i, v) in g.nodes.iter(board.nodes().len()).enumerate() {
            if v != 0 && v & 7 == tag {
                let node = NodeId(i as u8);
                stack.push(node);
                let placing = pos.phase == Phase::SetupRoad && pos.setup_node == Some(node);
                if !placing
                    && !board
                        .node(node)
                        .edges()
                        .any(|e| g.edges.get(e.index()) == tag)
                {
                    errs.push(PositionError::BuildingNotConnected { player, node });
                }
            }
        }
        while let Some(at) = stack.pop() {
            for e in board.node(at).edges() {
                if g.edges.get(e.index()) == tag && !reached[e.index()] {
                    reached[e.index()] = true;
                    stack.push(board.edge(e).other(at));
                }
            }
        }
        for (i, v) in g.edges.iter(board.edges().len()).enumerate() {
            if v == tag && !reached[i] {
                errs.push(PositionError::RoadNotConnected {
                    player,
                    edge: EdgeId(i as u16),
                });
            }
        }
    }

    // Longest Road (`RULINGS` 15).
    let lens: Vec<u8> = g.seats[..n].iter().map(|s| s.road_len).collect();
    let longest = lens.iter().copied().max().unwrap_or(0);
    let leaders = lens.iter().filter(|&&l| l == longest).count();
    let holder_length = pos
        .longest_road
        .map_or(0, |h| lens.get(h.index()).copied().unwrap_or(0));
    let ok = match pos.longest_road {
        Some(h) if h.index() >= n => true, // reported as NoSuchPlayer
        Some(_) => holder_length >= 5 && holder_length == longest,
        None => longest < 5 || leaders > 1,
    };
    if !ok {
        errs.push(PositionError::LongestRoadInconsistent {
            holder: pos.longest_road,
            holder_length,
            longest,
        });
    }
    // Largest Army (`RULINGS` 16).
    let most = pos.players.iter().map(|p| p.knights).max().unwrap_or(0);
    let holder_knights = pos
        .largest_army
        .map_or(0, |h| pos.players.get(h.index()).map_or(0, |p| p.knights));
    let ok = match pos.largest_army {
        Some(h) if h.index() >= n => true, // reported as NoSuchPlayer
        Some(_) => holder_knights >= 3 && holder_knights == most,
        None => most < 3,
    };
    if !ok {
        errs.push(PositionError::LargestArmyInconsistent {
            holder: pos.largest_army,
            holder_knights,
            most,
        });
    }

    // Road Building ends early when no road can be placed (`RULINGS` 14).
    if pos.phase == Phase::RoadBuilding && pos.current.index() < n {
        let p = pos.current.0;
        let left = pos
            .rules
            .pieces()
            .0
            .saturating_sub(g.seats[p as usize].roads);
        if pos.road_building_left > left || !g.has_road_spot(p) {
            errs.push(PositionError::PhaseInconsistent {
                phase: pos.phase,
                reason: "the free roads left cannot all be placed",
            });
        }
    }

    // Victory (`RULINGS` 4).
    if !is_setup(pos.phase) && pos.current.index() < n {
        let points = g.points(pos.current);
        let target = pos.rules.vp_target;
        if pos.phase == Phase::GameOver {
            if points < target {
                errs.push(PositionError::WinnerInconsistent {
                    winner: pos.winner,
                    reason: "the winner has fewer points than the target",
                });
            }
        } else if points >= target {
            errs.push(PositionError::UndeclaredWin {
                player: pos.current,
                points,
            });
        }
    }
}
