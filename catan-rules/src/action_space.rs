//! An integer action space: every action a player can take, numbered `0..len()` for one
//! board and player count, for learning agents and search code that want masks and ids
//! instead of [`Action`] values.
//!
//! ```
//! use catan_rules::{action_space::ActionSpace, Game, Rules};
//!
//! let mut game = Game::new(Rules::default(), 7).unwrap();
//! let space = ActionSpace::new(game.board(), game.players());
//! let mut mask = vec![0u64; space.words()];
//! let mut pick = 1u64;
//! while game.winner().is_none() && game.turn() < 30 {
//!     let missing = game.legal_mask(&space, &mut mask);
//!     assert_eq!(missing, 0);
//!     let ids: Vec<u32> = (0..space.len() as u32)
//!         .filter(|&i| mask[i as usize / 64] >> (i % 64) & 1 != 0)
//!         .collect();
//!     pick = pick.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
//!     let id = ids[(pick >> 33) as usize % ids.len()];
//!     game.apply_id(&space, id, &mut ()).unwrap();
//! }
//! ```
//!
//! # Numbering
//!
//! Ids are laid out in blocks, in this order. `N` nodes, `E` edges, `L` land hexes (in hex-id
//! order), `P` players, resources in the order brick, lumber, wool, grain, ore (index
//! `0..5`). The player of an action is implied (the player to act) except where a block is
//! "per player". [`ActionSpace::offset`] gives each block's first id.
//!
//! | block | size | id within the block |
//! | --- | --- | --- |
//! | [`Block::Roll`] | 1 | roll with seeded dice |
//! | [`Block::RollDice`] | 36 | external dice `[a, b]`: `6(a-1) + (b-1)` |
//! | [`Block::EndTurn`] | 1 | |
//! | [`Block::Settlement`] | `N` | node |
//! | [`Block::City`] | `N` | node |
//! | [`Block::Road`] | `E` | edge |
//! | [`Block::BuyCard`] | 1 | buy with a seeded draw |
//! | [`Block::BuyCardKind`] | 5 | external draw: card kind (knight, road building, year of plenty, monopoly, VP) |
//! | [`Block::MoveRobber`] | `L (P+1)` | `land (P+1) + v`; `v = 0`: nobody robbed, `v = q+1`: rob seat `q` |
//! | [`Block::MoveRobberSteal`] | `5 L P` | external steal: `(land P + q) 5 + resource` |
//! | [`Block::Knight`] | `L (P+1)` | as `MoveRobber`, playing a knight |
//! | [`Block::KnightSteal`] | `5 L P` | as `MoveRobberSteal`, playing a knight |
//! | [`Block::RoadBuilding`] | 1 | |
//! | [`Block::YearOfPlenty`] | 21 | the 15 pairs `{a ≤ b}` in order `(0,0), (0,1), …, (4,4)`; then 5 single cards (the bank holds one card); then the empty take (the bank is empty) |
//! | [`Block::Monopoly`] | 5 | resource |
//! | [`Block::Maritime`] | 60 | `(give 4 + get') 3 + (rate - 2)`, `get'` the index of `get` among the four resources other than `give` |
//! | [`Block::Offer`] | 20 | one card of `give` for one of `get`, offered to everyone: `give 4 + get'` |
//! | [`Block::Accept`] | `P` | per player: accept the open offer |
//! | [`Block::Reject`] | `P` | per player: reject the open offer |
//! | [`Block::Confirm`] | `P` | close the open offer with seat `with` |
//! | [`Block::Cancel`] | 1 | withdraw the open offer |
//! | [`Block::Discard`] | `5 P` | per player `q`: discard one card, `5 q + resource` |
//! | [`Block::FinishRoadBuilding`] | 1 | stop placing Road Building's free roads |
//! | [`Block::Ship`] | `S` | edge (Seafarers) |
//! | [`Block::MoveShip`] | `S E` | move the ship on edge `from` to edge `to`: `from E + to` (Seafarers) |
//! | [`Block::MovePirate`] | `W (P+1)` | as `MoveRobber` over the sea hexes: `sea (P+1) + v` (Seafarers) |
//! | [`Block::MovePirateSteal`] | `5 W P` | as `MoveRobberSteal`: `(sea P + q) 5 + resource` (Seafarers) |
//! | [`Block::KnightPirate`] | `W (P+1)` | as `MovePirate`, playing a knight (Seafarers) |
//! | [`Block::KnightPirateSteal`] | `5 W P` | as `MovePirateSteal`, playing a knight (Seafarers) |
//! | [`Block::Gold`] | `5 P` or 0 | per player `q`: take one card for a gold field, `5 q + resource` (maps with a gold field; empty elsewhere) |
//!
//! `S` is `E` on an open-sea (Seafarers) map and 0 elsewhere; `W` is the number of sea
//! hexes inside the frame (in hex-id order) on an open-sea map and 0 elsewhere. So a
//! base-game space has no ship or pirate ids and its numbering is unchanged.
//!
//! **Discards, one card at a time.** A seat that owes `k` cards after a 7 makes `k`
//! one-card discards, each its own decision with its own observation (the core accepts a
//! discard of any part of what is owed, reducing what is still owed:
//! docs/rulings.md §38). The mask offers, for each seat that owes cards, one id per
//! resource it holds. This encoding is complete — every way to discard is a sequence of
//! these ids, whatever the hand size — and small (5 ids per seat, where one id per whole
//! discard needs `C(k+4, 4)` ids for `k` cards and cannot cover every hand). The cost is
//! up to `k` decisions instead of one; the seat's observation shows what it still owes.
//! [`Game::legal_actions`] lists whole discards instead (a person chooses the cards
//! together); both are legal.
//!
//! **Gold, one card at a time.** Gold-field choices (Seafarers) are numbered as discards
//! are: each seat that owes picks gets one id per resource the bank holds, and makes its
//! picks card by card (docs/rulings.md §40).
//!
//! **Not representable** (encode gives `None`): discards and gold choices of several cards
//! at once (made card by card instead), domestic offers other than the 1-for-1 offers to everyone, offers
//! to one player, and counter-offers. None of these is ever needed: whenever someone must
//! act, the mask has a legal id ([`Game::legal_mask`] and [`Game::legal_mask_for`] never
//! come back empty while the game is on). Every other action, legal or not, has an id;
//! maritime trades at every rate (2, 3, 4) have ids although the mask, like
//! [`Game::legal_actions`], lists only each pair's best rate.
//!
//! **Offers.** The domestic offers ([`Block::Offer`]) are part of the space but can be left
//! out of a mask ([`Game::legal_mask_with`], [`crate::batch::Batch`]'s `offers` option):
//! they never end a turn, so a learning agent that can offer may loop; most training leaves
//! them out.
//!
//! **The id table.** [`ActionSpace::describe`] turns any id into an [`IdInfo`] (block,
//! node/edge/hex, seat, resources, rate, dice), and [`ActionSpace::table`] lists them all,
//! in id order: the same data the C (`catan_action_table_json`) and Python
//! (`Game.action_table()`) skins give.
//!
//! The mask is built from the same enumeration as [`Game::legal_actions`], so its bits are
//! exactly the ids of the listed legal actions, discards excepted (one-card ids instead of
//! whole discards).
//! [`Game::legal_ids_with`] gives the same ids as a sorted list (cheaper than a mask when a
//! caller wants the handful of legal ids), and [`Game::apply_masked_id`] applies one of them
//! without checking it again.

use crate::action::Action;
use crate::board::{Board, HexId};
use crate::error::RuleError;
use crate::event::EventSink;
use crate::game::legal::Out;
use crate::game::memo::Spots;
use crate::game::{Game, ListingMemo};
use crate::types::{Player, Resource};

/// The blocks of the numbering, in id order (see the [module notes](self)).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Block {
    /// Roll (seeded dice).
    Roll,
    /// Roll with external dice.
    RollDice,
    /// End the turn.
    EndTurn,
    /// Build a settlement, per node.
    Settlement,
    /// Build a city, per node.
    City,
    /// Build a road, per edge.
    Road,
    /// Buy a development card (seeded draw).
    BuyCard,
    /// Buy a development card with an external draw, per kind.
    BuyCardKind,
    /// Move the robber: land hex × victim (or nobody).
    MoveRobber,
    /// Move the robber with an external steal: land hex × victim × resource.
    MoveRobberSteal,
    /// Play a knight: land hex × victim (or nobody).
    Knight,
    /// Play a knight with an external steal: land hex × victim × resource.
    KnightSteal,
    /// Play Road Building.
    RoadBuilding,
    /// Play Year of Plenty.
    YearOfPlenty,
    /// Play Monopoly, per resource.
    Monopoly,
    /// Maritime trade: give × get × rate.
    Maritime,
    /// One-for-one offer to everyone: give × get.
    Offer,
    /// Accept the open offer, per player.
    Accept,
    /// Reject the open offer, per player.
    Reject,
    /// Confirm the open offer with a partner, per partner.
    Confirm,
    /// Withdraw the open offer.
    Cancel,
    /// Discard one card, per player × resource.
    Discard,
    /// Stop placing Road Building's free roads.
    FinishRoadBuilding,
    /// Build a ship, per edge (open-sea maps only; empty elsewhere).
    Ship,
    /// Move a ship: old edge × new edge (open-sea maps only; empty elsewhere).
    MoveShip,
    /// Move the pirate: sea hex × victim (or nobody) (open-sea maps only).
    MovePirate,
    /// Move the pirate with an external steal: sea hex × victim × resource.
    MovePirateSteal,
    /// Play a knight moving the pirate: sea hex × victim (or nobody).
    KnightPirate,
    /// Play a knight moving the pirate with an external steal.
    KnightPirateSteal,
    /// Take one card of one's choice for a gold field, per player × resource (maps with a
    /// gold field only).
    Gold,
    /// The referee's reveal of a discovered space (The Fog Islands, external chance):
    /// unexplored space × terrain × number (maps with unexplored spaces only; empty
    /// elsewhere).
    Reveal,
}

impl Block {
    /// Every block, in id order.
    pub const ALL: [Block; 31] = [
        Block::Roll,
        Block::RollDice,
        Block::EndTurn,
        Block::Settlement,
        Block::City,
        Block::Road,
        Block::BuyCard,
        Block::BuyCardKind,
        Block::MoveRobber,
        Block::MoveRobberSteal,
        Block::Knight,
        Block::KnightSteal,
        Block::RoadBuilding,
        Block::YearOfPlenty,
        Block::Monopoly,
        Block::Maritime,
        Block::Offer,
        Block::Accept,
        Block::Reject,
        Block::Confirm,
        Block::Cancel,
        Block::Discard,
        Block::FinishRoadBuilding,
        Block::Ship,
        Block::MoveShip,
        Block::MovePirate,
        Block::MovePirateSteal,
        Block::KnightPirate,
        Block::KnightPirateSteal,
        Block::Gold,
        Block::Reveal,
    ];
}

impl Block {
    /// The block's name, `snake_case` (`"move_robber_steal"`), as in the id tables.
    pub const fn name(self) -> &'static str {
        match self {
            Block::Roll => "roll",
            Block::RollDice => "roll_dice",
            Block::EndTurn => "end_turn",
            Block::Settlement => "settlement",
            Block::City => "city",
            Block::Road => "road",
            Block::BuyCard => "buy_card",
            Block::BuyCardKind => "buy_card_kind",
            Block::MoveRobber => "move_robber",
            Block::MoveRobberSteal => "move_robber_steal",
            Block::Knight => "knight",
            Block::KnightSteal => "knight_steal",
            Block::RoadBuilding => "road_building",
            Block::YearOfPlenty => "year_of_plenty",
            Block::Monopoly => "monopoly",
            Block::Maritime => "maritime",
            Block::Offer => "offer",
            Block::Accept => "accept",
            Block::Reject => "reject",
            Block::Confirm => "confirm",
            Block::Cancel => "cancel",
            Block::Discard => "discard",
            Block::FinishRoadBuilding => "finish_road_building",
            Block::Ship => "ship",
            Block::MoveShip => "move_ship",
            Block::MovePirate => "move_pirate",
            Block::MovePirateSteal => "move_pirate_steal",
            Block::KnightPirate => "knight_pirate",
            Block::KnightPirateSteal => "knight_pirate_steal",
            Block::Gold => "gold",
            Block::Reveal => "reveal",
        }
    }
}

/// What one id means, independent of any game: one row of the id table
/// ([`ActionSpace::describe`], [`ActionSpace::table`]). Fields that do not apply are `-1`
/// (`resources` is all zeros). The acting seat is the seat the game waits for, except in
/// the per-seat blocks, where it is `seat`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct IdInfo {
    /// The id.
    pub id: u32,
    /// The block ([`Block::name`] on the wire).
    #[serde(serialize_with = "block_name")]
    pub block: Block,
    /// The index within the block.
    pub index: u32,
    /// The action type's wire name ([`Action::kind`]).
    pub kind: &'static str,
    /// The seat of a per-seat block (accept, reject, discard), or the partner of a confirm;
    /// `-1` where the acting seat is the seat the game waits for.
    pub seat: i8,
    /// Node (settlement, city).
    pub node: i16,
    /// Edge (road, ship; the ship moved for `move_ship`).
    pub edge: i16,
    /// Where a moved ship goes (`move_ship`).
    pub to_edge: i16,
    /// Hex (robber and pirate moves, knights).
    pub hex: i16,
    /// Robbed seat (robber moves and knights with a victim).
    pub victim: i8,
    /// Resource index (monopoly; stolen card of an external steal; discarded card).
    pub resource: i8,
    /// Resource given (maritime trade, offer).
    pub give: i8,
    /// Resource received (maritime trade, offer).
    pub get: i8,
    /// Maritime rate (2, 3, 4).
    pub rate: i8,
    /// External dice.
    pub dice: [i8; 2],
    /// Development card kind of an external draw (knight, road building, year of plenty,
    /// monopoly, victory point: `0..5`).
    pub card: i8,
    /// The cards of a Year of Plenty or a discard, by resource.
    pub resources: [u8; 5],
    /// Terrain index of a revealed hex (`reveal`: hills, forest, pasture, fields,
    /// mountains, desert, sea, gold: `0..8`).
    pub terrain: i8,
    /// Number token of a revealed hex (`reveal`; `-1`: none).
    pub number: i8,
}

fn block_name<S: serde::Serializer>(b: &Block, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(b.name())
}

const BLOCKS: usize = Block::ALL.len();
const NO_LAND: u8 = u8::MAX;

/// The fixed numbering of every action for one board and player count.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ActionSpace {
    pub(crate) players: u8,
    pub(crate) nodes: u32,
    pub(crate) edges: u32,
    land: u32,
    hex_to_land: Vec<u8>,
    pub(crate) land_to_hex: Vec<u8>,
    hex_to_sea: Vec<u8>,
    pub(crate) sea_to_hex: Vec<u8>,
    /// Unexplored spaces at the start (The Fog Islands), and their hexes.
    pub(crate) fog: u32,
    pub(crate) fog_to_hex: Vec<u8>,
    offsets: [u32; BLOCKS + 1],
}

impl ActionSpace {
    /// The action space of games on `board` with `players` seats.
    pub fn new(board: &Board, players: u8) -> ActionSpace {
        let mut hex_to_land = vec![NO_LAND; board.hexes().len()];
        let mut land_to_hex = Vec::new();
        // Unexplored spaces count as land hexes (the robber may go where land is
        // discovered), so that ids do not move when a space is discovered.
        let fog_to_hex: Vec<u8> = board.fog_hexes().iter().map(|h| h.0).collect();
        for (i, info) in board.hexes().iter().enumerate() {
            if info.terrain.is_land() || fog_to_hex.contains(&(i as u8)) {
                hex_to_land[i] = land_to_hex.len() as u8;
                land_to_hex.push(i as u8);
            }
        }
        // The pirate's hexes: the sea inside the frame of an open-sea map, unexplored
        // spaces included (sea may be discovered there), so that ids do not move when a
        // space is discovered.
        let mut hex_to_sea = vec![NO_LAND; board.hexes().len()];
        let mut sea_to_hex = Vec::new();
        if board.open_sea() {
            for (i, h) in board.hexes().iter().enumerate() {
                if h.terrain == crate::types::Terrain::Sea || fog_to_hex.contains(&(i as u8)) {
                    hex_to_sea[i] = sea_to_hex.len() as u8;
                    sea_to_hex.push(i as u8);
                }
            }
        }
        let w = sea_to_hex.len() as u32;
        // Gold picks: on maps with a gold field, or unexplored spaces that may hide one.
        let gold = !fog_to_hex.is_empty()
            || board
                .hexes()
                .iter()
                .any(|h| h.terrain == crate::types::Terrain::Gold);
        let f = fog_to_hex.len() as u32;
        let n = board.nodes().len() as u32;
        let e = board.edges().len() as u32;
        let s = if board.open_sea() { e } else { 0 };
        let l = land_to_hex.len() as u32;
        let p = players as u32;
        let sizes = |b: Block| -> u32 {
            match b {
                Block::Roll | Block::EndTurn | Block::BuyCard => 1,
                Block::RollDice => 36,
                Block::Settlement | Block::City => n,
                Block::Road => e,
                Block::BuyCardKind => 5,
                Block::MoveRobber | Block::Knight => l * (p + 1),
                Block::MoveRobberSteal | Block::KnightSteal => 5 * l * p,
                Block::RoadBuilding | Block::Cancel | Block::FinishRoadBuilding => 1,
                Block::YearOfPlenty => 21,
                Block::Monopoly => 5,
                Block::Maritime => 60,
                Block::Offer => 20,
                Block::Accept | Block::Reject | Block::Confirm => p,
                Block::Discard => 5 * p,
                Block::Ship => s,
                Block::MoveShip => s * e,
                Block::MovePirate | Block::KnightPirate => w * (p + 1),
                Block::MovePirateSteal | Block::KnightPirateSteal => 5 * w * p,
                Block::Gold => {
                    if gold {
                        5 * p
                    } else {
                        0
                    }
                }
                Block::Reveal => f * 8 * 13,
            }
        };
        let mut offsets = [0u32; BLOCKS + 1];
        for (i, b) in Block::ALL.iter().enumerate() {
            offsets[i + 1] = offsets[i] + sizes(*b);
        }
        ActionSpace {
            players,
            nodes: n,
            edges: e,
            land: l,
            hex_to_land,
            land_to_hex,
            hex_to_sea,
            sea_to_hex,
            fog: f,
            fog_to_hex,
            offsets,
        }
    }

    /// Number of ids: every id is `< len()`.
    #[inline]
    pub fn len(&self) -> usize {
        self.offsets[BLOCKS] as usize
    }

    /// Always false: every space has at least the roll and end-turn ids.
    #[inline]
    pub fn is_empty(&self) -> bool {
        false
    }

    /// `u64` words in a mask (`len()` bits).
    #[inline]
    pub fn words(&self) -> usize {
        self.len().div_ceil(64)
    }

    /// The player count.
    pub fn players(&self) -> u8 {
        self.players
    }

    /// The first id of a block.
    #[inline]
    pub fn offset(&self, b: Block) -> u32 {
        self.offsets[b as usize]
    }

    /// The block an id falls in and its index within the block.
    pub fn block_of(&self, id: u32) -> Option<(Block, u32)> {
        if id as usize >= self.len() {
            return None;
        }
        let i = self.offsets[1..].partition_point(|&o| o <= id);
        Some((Block::ALL[i], id - self.offsets[i]))
    }

    /// The land index of a hex (hexes numbered in id order, water skipped).
    #[inline]
    pub(crate) fn land(&self, hex: HexId) -> Option<u32> {
        match self.hex_to_land.get(hex.index()) {
            Some(&l) if l != NO_LAND => Some(l as u32),
            _ => None,
        }
    }

    /// The sea index of a hex (the sea hexes of an open-sea map in id order).
    #[inline]
    pub(crate) fn sea(&self, hex: HexId) -> Option<u32> {
        match self.hex_to_sea.get(hex.index()) {
            Some(&w) if w != NO_LAND => Some(w as u32),
            _ => None,
        }
    }

    /// The id of an action, or `None` if it has none (see the module notes). The acting
    /// player is not part of the id except in the per-player blocks.
    ///
    /// Each rule family numbers its own actions, next to its rules in `game/`.
    // Always inlined: a listing pushes actions of a kind known where it pushes them, so
    // the match folds to that kind's arithmetic (docs/performance.md, "Eighth round: one
    // game stepped from Python").
    #[inline(always)]
    pub fn encode(&self, a: &Action) -> Option<u32> {
        match *a {
            Action::Roll { dice, .. } => self.encode_roll(dice),
            Action::EndTurn { .. } => Some(self.encode_end_turn()),
            Action::BuildSettlement { node, .. } => self.encode_node(Block::Settlement, node),
            Action::BuildCity { node, .. } => self.encode_node(Block::City, node),
            Action::BuildRoad { edge, .. } => self.encode_road(edge),
            Action::BuildShip { edge, .. } => self.encode_ship(edge),
            Action::MoveShip { from, to, .. } => self.encode_move_ship(from, to),
            Action::BuyDevelopmentCard { card, .. } => Some(self.encode_buy_card(card)),
            Action::MoveRobber {
                hex,
                victim,
                resource,
                ..
            } => self.encode_robber(false, hex, victim, resource),
            Action::PlayKnight {
                hex,
                victim,
                resource,
                ..
            } => self.encode_robber(true, hex, victim, resource),
            Action::PlayRoadBuilding { .. } => Some(self.offset(Block::RoadBuilding)),
            Action::FinishRoadBuilding { .. } => Some(self.offset(Block::FinishRoadBuilding)),
            Action::PlayYearOfPlenty { resources, .. } => self.encode_year_of_plenty(&resources),
            Action::PlayMonopoly { resource, .. } => {
                Some(self.offset(Block::Monopoly) + resource.index() as u32)
            }
            Action::MaritimeTrade {
                give, get, rate, ..
            } => self.encode_maritime(give, get, rate),
            Action::OfferTrade { to, give, get, .. } => self.encode_offer(to, &give, &get),
            Action::AcceptTrade { .. }
            | Action::RejectTrade { .. }
            | Action::ConfirmTrade { .. }
            | Action::CancelTrade { .. } => self.encode_answer(a),
            Action::Discard { player, resources } => self.encode_discard(player, &resources),
            Action::CounterOffer { .. } => None,
            Action::MovePirate {
                hex,
                victim,
                resource,
                ..
            } => self.encode_pirate(false, hex, victim, resource),
            Action::PlayKnightPirate {
                hex,
                victim,
                resource,
                ..
            } => self.encode_pirate(true, hex, victim, resource),
            Action::ChooseGold { player, resources } => self.encode_gold(player, &resources),
            Action::RevealHex {
                hex,
                terrain,
                number,
                ..
            } => self.encode_reveal(hex, terrain, number),
        }
    }

    /// The action with this id in `game`: the acting player is the one the game waits
    /// for (the current player; for per-player blocks, the seat in the id). `None` for ids
    /// out of range.
    pub fn decode(&self, game: &Game, id: u32) -> Option<Action> {
        self.decode_as(id, game.current_player())
    }

    /// The action with this id, `player` acting outside the per-seat blocks.
    fn decode_as(&self, id: u32, player: Player) -> Option<Action> {
        let (b, i) = self.block_of(id)?;
        Some(match b {
            Block::Roll | Block::RollDice => ActionSpace::decode_roll(b, i, player),
            Block::EndTurn => Action::EndTurn { player },
            Block::Settlement | Block::City | Block::Road => {
                ActionSpace::decode_build(b, i, player)
            }
            Block::MoveRobber | Block::MoveRobberSteal | Block::Knight | Block::KnightSteal => {
                self.decode_robber(b, i, player)
            }
            Block::BuyCard
            | Block::BuyCardKind
            | Block::RoadBuilding
            | Block::FinishRoadBuilding
            | Block::YearOfPlenty
            | Block::Monopoly => ActionSpace::decode_devcard(b, i, player),
            Block::Maritime
            | Block::Offer
            | Block::Accept
            | Block::Reject
            | Block::Confirm
            | Block::Cancel => ActionSpace::decode_trade(b, i, player),
            Block::Discard => self.decode_discard(i),
            Block::Ship | Block::MoveShip => self.decode_ship(b, i, player),
            Block::MovePirate
            | Block::MovePirateSteal
            | Block::KnightPirate
            | Block::KnightPirateSteal => self.decode_pirate(b, i, player),
            Block::Gold => self.decode_gold(i),
            Block::Reveal => self.decode_reveal(i, player),
        })
    }
}

impl ActionSpace {
    /// The row of the id table for `id`, or `None` out of range. Decoding is the inverse:
    /// `describe(encode(a)?)` names exactly `a`'s fields.
    pub fn describe(&self, id: u32) -> Option<IdInfo> {
        let (block, index) = self.block_of(id)?;
        let a = self.decode_as(id, Player(0))?;
        let mut d = IdInfo {
            id,
            block,
            index,
            kind: a.kind(),
            seat: -1,
            node: -1,
            edge: -1,
            to_edge: -1,
            hex: -1,
            victim: -1,
            resource: -1,
            give: -1,
            get: -1,
            rate: -1,
            dice: [-1, -1],
            card: -1,
            resources: [0; 5],
            terrain: -1,
            number: -1,
        };
        let ri = |r: Resource| r.index() as i8;
        match a {
            Action::Roll { dice, .. } => {
                if let Some([x, y]) = dice {
                    d.dice = [x as i8, y as i8];
                }
            }
            Action::BuildSettlement { node, .. } | Action::BuildCity { node, .. } => {
                d.node = node.0 as i16;
            }
            Action::BuildRoad { edge, .. } | Action::BuildShip { edge, .. } => {
                d.edge = edge.0 as i16;
            }
            Action::MoveShip { from, to, .. } => {
                d.edge = from.0 as i16;
                d.to_edge = to.0 as i16;
            }
            Action::BuyDevelopmentCard { card, .. } => {
                if let Some(c) = card {
                    d.card = c as i8;
                }
            }
            Action::MoveRobber {
                hex,
                victim,
                resource,
                ..
            }
            | Action::PlayKnight {
                hex,
                victim,
                resource,
                ..
            }
            | Action::MovePirate {
                hex,
                victim,
                resource,
                ..
            }
            | Action::PlayKnightPirate {
                hex,
                victim,
                resource,
                ..
            } => {
                d.hex = hex.0 as i16;
                d.victim = victim.map_or(-1, |v| v.0 as i8);
                d.resource = resource.map_or(-1, ri);
            }
            Action::PlayYearOfPlenty { resources, .. } => d.resources = resources.0,
            Action::PlayMonopoly { resource, .. } => d.resource = ri(resource),
            Action::MaritimeTrade {
                give, get, rate, ..
            } => {
                d.give = ri(give);
                d.get = ri(get);
                d.rate = rate as i8;
            }
            Action::OfferTrade { give, get, .. } => {
                d.give = give.0.iter().position(|&c| c > 0).map_or(-1, |i| i as i8);
                d.get = get.0.iter().position(|&c| c > 0).map_or(-1, |i| i as i8);
            }
            Action::AcceptTrade { player } | Action::RejectTrade { player } => {
                d.seat = player.0 as i8;
            }
            Action::ConfirmTrade { with, .. } => d.seat = with.0 as i8,
            Action::Discard { player, resources } | Action::ChooseGold { player, resources } => {
                d.seat = player.0 as i8;
                d.resources = resources.0;
                d.resource = resources
                    .0
                    .iter()
                    .position(|&c| c > 0)
                    .map_or(-1, |i| i as i8);
            }
            Action::PlayRoadBuilding { .. }
            | Action::FinishRoadBuilding { .. }
            | Action::CancelTrade { .. }
            | Action::EndTurn { .. }
            | Action::CounterOffer { .. } => {}
            Action::RevealHex {
                hex,
                terrain,
                number,
                ..
            } => {
                d.hex = hex.0 as i16;
                d.terrain = terrain.index() as i8;
                d.number = number.map_or(-1, |n| n as i8);
            }
        }
        Some(d)
    }

    /// The whole id table, in id order (`len()` rows).
    pub fn table(&self) -> Vec<IdInfo> {
        (0..self.len() as u32)
            .map(|id| self.describe(id).expect("id in range"))
            .collect()
    }
}

/// Why [`Game::apply_id`] failed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum IdError {
    /// The id names no action in this game now.
    #[error("action id {0} names no action here")]
    Unknown(u32),
    /// The action is illegal.
    #[error(transparent)]
    Rule(#[from] RuleError),
}

struct MaskOut<'a> {
    space: &'a ActionSpace,
    mask: &'a mut [u64],
    missing: u32,
    offers: bool,
}

impl Out for MaskOut<'_> {
    #[inline(always)]
    fn push(&mut self, a: Action) {
        match self.space.encode(&a) {
            Some(id) => self.mask[id as usize >> 6] |= 1 << (id & 63),
            None => self.missing += 1,
        }
    }

    #[inline]
    fn single_discards(&self) -> bool {
        true
    }

    #[inline]
    fn offers(&mut self, _: Player, give: Resource) {
        if !self.offers {
            return;
        }
        // The four ids `give 4 + 0..4` of the offer block.
        let id = self.space.offers_of(give);
        for k in id..id + 4 {
            self.mask[k as usize >> 6] |= 1 << (k & 63);
        }
    }
}

/// Enumeration into ids: each listed action's id, in listing order, those without one
/// counted ([`Game::legal_ids_with`], and the `Engine` trait's `legal_ids`). `SINGLE`: the
/// discards are listed one card at a time (as the masks list them), not whole.
pub(crate) struct IdsOut<'a, const SINGLE: bool> {
    pub(crate) space: &'a ActionSpace,
    pub(crate) out: &'a mut Vec<u32>,
    pub(crate) missing: u32,
    /// Whether the domestic offers are listed.
    pub(crate) offers: bool,
}

impl<const SINGLE: bool> Out for IdsOut<'_, SINGLE> {
    // Always inlined, as `ActionSpace::encode`: the pushed action's kind is known here.
    #[inline(always)]
    fn push(&mut self, a: Action) {
        match self.space.encode(&a) {
            Some(id) => self.out.push(id),
            None => self.missing += 1,
        }
    }

    #[inline]
    fn single_discards(&self) -> bool {
        SINGLE
    }

    #[inline]
    fn offers(&mut self, _: Player, give: Resource) {
        if self.offers {
            let id = self.space.offers_of(give);
            self.out.extend(id..id + 4);
        }
    }
}

impl Game {
    /// Writes the ids of [`Game::legal_mask_with`]'s set bits into `ids` (cleared first),
    /// ascending: the same ids without a mask to clear and scan, for a caller that wants the
    /// few legal ids of a large space. Reusing one buffer makes it allocation-free once the
    /// buffer has grown.
    pub fn legal_ids_with(&self, space: &ActionSpace, ids: &mut Vec<u32>, offers: bool) {
        self.list_ids(space, &mut (), ids, offers);
    }

    /// [`Game::legal_ids_with`] with the parts that depend on the pieces alone kept in
    /// `memo` from one call to the next (see [`Game::legal_actions_with`]): the same ids,
    /// whatever `memo` holds. A loop stepping one game by ids keeps one beside its buffer.
    pub fn legal_ids_memo(
        &self,
        space: &ActionSpace,
        memo: &mut ListingMemo,
        ids: &mut Vec<u32>,
        offers: bool,
    ) {
        self.list_ids(space, memo, ids, offers);
    }

    #[inline(always)]
    fn list_ids<M: Spots>(
        &self,
        space: &ActionSpace,
        memo: &mut M,
        ids: &mut Vec<u32>,
        offers: bool,
    ) {
        ids.clear();
        self.enumerate_with(
            memo,
            &mut IdsOut::<true> {
                space,
                out: ids,
                missing: 0,
                offers,
            },
        );
        // Families are listed in rule order, not id order (ending the turn comes last).
        ids.sort_unstable();
        ids.dedup();
    }

    /// Writes the legal actions as a bitset over `space`'s ids (bit `id % 64` of word
    /// `id / 64`; the first [`ActionSpace::words`] words are overwritten). The bits are
    /// exactly the ids of [`Game::legal_actions`]' list, except that discards are offered
    /// one card at a time (see [`crate::action_space`]). While the game is on the mask is
    /// never empty. Returns how many listed legal actions have no id: always 0 (kept as a
    /// check for callers).
    ///
    /// During discards every owing seat's ids are set; [`Game::legal_mask_for`] gives one
    /// seat's.
    ///
    /// # Panics
    /// If `mask` is shorter than [`ActionSpace::words`].
    pub fn legal_mask(&self, space: &ActionSpace, mask: &mut [u64]) -> u32 {
        self.legal_mask_with(space, mask, true)
    }

    /// As [`Game::legal_mask`]; `offers: false` leaves the domestic trade offers
    /// ([`Block::Offer`]) out of the mask.
    ///
    /// # Panics
    /// If `mask` is shorter than [`ActionSpace::words`].
    pub fn legal_mask_with(&self, space: &ActionSpace, mask: &mut [u64], offers: bool) -> u32 {
        let words = space.words();
        assert!(mask.len() >= words, "mask needs {words} words");
        mask[..words].fill(0);
        let mut out = MaskOut {
            space,
            mask,
            missing: 0,
            offers,
        };
        self.enumerate(&mut out);
        out.missing
    }

    /// Applies the action with id `id` (see [`ActionSpace::decode`]), writing events into
    /// `sink` (`&mut ()` drops them).
    ///
    /// # Errors
    /// [`IdError::Unknown`] if the id names no action now, [`IdError::Rule`] if the action
    /// is illegal (the game is then unchanged).
    pub fn apply_id<S: EventSink>(
        &mut self,
        space: &ActionSpace,
        id: u32,
        sink: &mut S,
    ) -> Result<(), IdError> {
        let a = space.decode(self, id).ok_or(IdError::Unknown(id))?;
        self.apply_with(a, sink)?;
        Ok(())
    }

    /// Applies the action with id `id`, an id of the mask [`Game::legal_mask_with`] wrote
    /// for this very state, without checking it again (every masked id applies): the fast
    /// path of a caller that keeps the mask, as [`Game::apply_legal`] is for listed actions.
    /// Debug builds still check and panic on an id that does not apply; release builds do
    /// not, and such an id then leaves the game in an unspecified (memory-safe) state. Use
    /// [`Game::apply_id`] for an id from outside.
    pub fn apply_masked_id<S: EventSink>(&mut self, space: &ActionSpace, id: u32, sink: &mut S) {
        match space.decode(self, id) {
            Some(a) => self.apply_legal(a, sink),
            None => debug_assert!(false, "apply_masked_id: id {id} names no action"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn standard_board_sizes() {
        let g = Game::new(crate::Rules::default(), 1).unwrap();
        let s = ActionSpace::new(g.board(), 4);
        // 1+36+1 + 54+54+72 + 1+5 + 95+380 + 95+380 + 1+21+5+60+20 + 4+4+4+1 + 4*5 + 1
        assert_eq!(s.len(), 1294 + 4 * 5 + 1);
        for id in 0..s.len() as u32 {
            let (b, i) = s.block_of(id).unwrap();
            assert_eq!(s.offset(b) + i, id);
        }
        assert_eq!(s.block_of(s.len() as u32), None);
    }
}
