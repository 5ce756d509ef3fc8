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
//! | [`Block::Discard`] | `P D` | per player `q`: `q D + rank` (below) |
//! | [`Block::Ship`] | `S` | edge (Seafarers) |
//! | [`Block::MoveShip`] | `S E` | move the ship on edge `from` to edge `to`: `from E + to` (Seafarers) |
//!
//! `S` is `E` on an open-sea (Seafarers) map and 0 elsewhere, so a base-game space has no
//! ship ids and its numbering is unchanged.
//!
//! **Discards.** A discard is one atomic multiset of exactly the owed number `k` of cards.
//! Its id is its rank among *all* multisets of `k` cards over the five resources, in
//! lexicographic order of the counts `(brick, lumber, wool, grain, ore)` ascending — the
//! order [`Game::legal_actions`] lists them in. There are `C(k+4, 4)` such multisets, so a
//! block of `D = C(cap+4, 4)` ids per player holds every discard of up to `cap` cards
//! (default [`DEFAULT_DISCARD_CAP`] = 8: `D = 495`, hands of up to 17 cards). Ids are
//! relative to the amount owed: decoding one needs the game (which says how many cards the
//! seat owes), and the same id means different cards for different amounts. How often the
//! cap bites: in 5,000 games of random play (no domestic offers), 1.0 % of the 109,970
//! discards were of more than 8 cards, 0.19 % of more than 10, the largest 17; pick the cap
//! with [`ActionSpace::with_discard_cap`] (10: 1,001 ids per player; 12: 1,820).
//!
//! **Not representable** (encode gives `None`; [`Game::legal_mask`] counts such legal
//! actions in its return value so a caller can fall back to [`Game::legal_actions`]):
//! discards of more than `cap` cards, domestic offers other than the 1-for-1 offers to
//! everyone, offers to one player, and counter-offers. Every other action, legal or not, has
//! an id; maritime trades at every rate (2, 3, 4) have ids although the mask, like
//! [`Game::legal_actions`], lists only each pair's best rate.
//!
//! The mask is built from the same enumeration as [`Game::legal_actions`], so its bits are
//! exactly the ids of the listed legal actions.

use crate::action::Action;
use crate::board::{Board, HexId};
use crate::error::RuleError;
use crate::event::EventSink;
use crate::game::legal::Out;
use crate::game::robber::binom;
use crate::game::Game;
use crate::types::{Player, Resource};

pub use crate::game::robber::{discard_rank, discard_unrank};

/// Default largest discard (in cards) that has ids: 8, for hands of up to 17 cards.
pub const DEFAULT_DISCARD_CAP: u8 = 8;

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
    /// Discard, per player × multiset rank.
    Discard,
    /// Build a ship, per edge (open-sea maps only; empty elsewhere).
    Ship,
    /// Move a ship: old edge × new edge (open-sea maps only; empty elsewhere).
    MoveShip,
}

impl Block {
    /// Every block, in id order.
    pub const ALL: [Block; 24] = [
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
        Block::Ship,
        Block::MoveShip,
    ];
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
    pub(crate) discard_cap: u8,
    pub(crate) per_discard: u32,
    hex_to_land: Vec<u8>,
    pub(crate) land_to_hex: Vec<u8>,
    offsets: [u32; BLOCKS + 1],
}

impl ActionSpace {
    /// The action space of games on `board` with `players` seats, with the default
    /// discard cap ([`DEFAULT_DISCARD_CAP`]).
    pub fn new(board: &Board, players: u8) -> ActionSpace {
        ActionSpace::with_discard_cap(board, players, DEFAULT_DISCARD_CAP)
    }

    /// As [`ActionSpace::new`], giving ids to discards of up to `cap` cards
    /// (`C(cap+4, 4)` ids per player).
    pub fn with_discard_cap(board: &Board, players: u8, cap: u8) -> ActionSpace {
        let mut hex_to_land = vec![NO_LAND; board.hexes().len()];
        let mut land_to_hex = Vec::new();
        for h in board.land_hexes() {
            hex_to_land[h.index()] = land_to_hex.len() as u8;
            land_to_hex.push(h.0);
        }
        let n = board.nodes().len() as u32;
        let e = board.edges().len() as u32;
        let s = if board.open_sea() { e } else { 0 };
        let l = land_to_hex.len() as u32;
        let p = players as u32;
        let per_discard = binom(cap as u32 + 4, 4);
        let sizes = |b: Block| -> u32 {
            match b {
                Block::Roll | Block::EndTurn | Block::BuyCard => 1,
                Block::RollDice => 36,
                Block::Settlement | Block::City => n,
                Block::Road => e,
                Block::BuyCardKind => 5,
                Block::MoveRobber | Block::Knight => l * (p + 1),
                Block::MoveRobberSteal | Block::KnightSteal => 5 * l * p,
                Block::RoadBuilding | Block::Cancel => 1,
                Block::YearOfPlenty => 21,
                Block::Monopoly => 5,
                Block::Maritime => 60,
                Block::Offer => 20,
                Block::Accept | Block::Reject | Block::Confirm => p,
                Block::Discard => p * per_discard,
                Block::Ship => s,
                Block::MoveShip => s * e,
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
            discard_cap: cap,
            per_discard,
            hex_to_land,
            land_to_hex,
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

    /// The largest discard, in cards, that has ids.
    pub fn discard_cap(&self) -> u8 {
        self.discard_cap
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

    /// The id of an action, or `None` if it has none (see the module notes). The acting
    /// player is not part of the id except in the per-player blocks.
    ///
    /// Each rule family numbers its own actions, next to its rules in `game/`.
    #[inline]
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
        }
    }

    /// The action with this id in `game`: the acting player is the one the game waits
    /// for (the current player; for per-player blocks, the seat in the id), and a discard's
    /// size is what that seat owes. `None` for ids out of range or meaningless now (a
    /// discard id for a seat that owes nothing).
    pub fn decode(&self, game: &Game, id: u32) -> Option<Action> {
        let (b, i) = self.block_of(id)?;
        let player = game.current_player();
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
            | Block::YearOfPlenty
            | Block::Monopoly => ActionSpace::decode_devcard(b, i, player),
            Block::Maritime
            | Block::Offer
            | Block::Accept
            | Block::Reject
            | Block::Confirm
            | Block::Cancel => ActionSpace::decode_trade(b, i, player),
            Block::Discard => return self.decode_discard(game, i),
            Block::Ship | Block::MoveShip => self.decode_ship(b, i, player),
        })
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
}

impl Out for MaskOut<'_> {
    #[inline]
    fn push(&mut self, a: Action) {
        match self.space.encode(&a) {
            Some(id) => self.mask[id as usize >> 6] |= 1 << (id & 63),
            None => self.missing += 1,
        }
    }

    #[inline]
    fn offers(&mut self, _: Player, give: Resource) {
        // The four ids `give 4 + 0..4` of the offer block.
        let id = self.space.offers_of(give);
        for k in id..id + 4 {
            self.mask[k as usize >> 6] |= 1 << (k & 63);
        }
    }
}

impl Game {
    /// Writes the legal actions as a bitset over `space`'s ids (bit `id % 64` of word
    /// `id / 64`; the first [`ActionSpace::words`] words are overwritten). The bits are
    /// exactly the ids of [`Game::legal_actions`]' list. Returns how many listed legal
    /// actions have no id (over-cap discards; see [`crate::action_space`]): normally 0.
    ///
    /// # Panics
    /// If `mask` is shorter than [`ActionSpace::words`].
    pub fn legal_mask(&self, space: &ActionSpace, mask: &mut [u64]) -> u32 {
        let words = space.words();
        assert!(mask.len() >= words, "mask needs {words} words");
        mask[..words].fill(0);
        let mut out = MaskOut {
            space,
            mask,
            missing: 0,
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
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn discard_ranks_are_a_bijection_in_enumeration_order() {
        for k in 0..=10u8 {
            let n = binom(k as u32 + 4, 4);
            let mut prev: Option<[u8; 5]> = None;
            for r in 0..n {
                let m = discard_unrank(r, k).expect("rank in range");
                assert_eq!(m.total(), k as u32);
                assert_eq!(discard_rank(&m), r);
                if let Some(p) = prev {
                    assert!(p < m.0, "lexicographic order");
                }
                prev = Some(m.0);
            }
            assert_eq!(discard_unrank(n, k), None);
        }
    }

    #[test]
    fn standard_board_sizes() {
        let g = Game::new(crate::Rules::default(), 1).unwrap();
        let s = ActionSpace::new(g.board(), 4);
        // 1+36+1 + 54+54+72 + 1+5 + 95+380 + 95+380 + 1+21+5+60+20 + 4+4+4+1 + 4*495
        assert_eq!(s.len(), 1294 + 4 * 495);
        for id in 0..s.len() as u32 {
            let (b, i) = s.block_of(id).unwrap();
            assert_eq!(s.offset(b) + i, id);
        }
        assert_eq!(s.block_of(s.len() as u32), None);
    }
}
