//! The Fog Islands: discovering unexplored spaces.
//!
//! Seafarers rules, 'The Fog Islands': a road or ship placed so that it touches a corner of
//! an unexplored space discovers it: the top hex of the face-down stack is laid there; land
//! takes the top number token of the face-down number stack and pays its discoverer one
//! resource of its terrain from the bank; sea stays sea. Our rulings (docs/rulings.md §41):
//! each newly reached space is discovered once, in hex-id order when one piece reaches
//! several; set-up pieces discover too and pay (unless [`Rules::fog_setup_unpaid`]); a moved
//! ship discovers like a built one; a discovered gold field pays nothing until gold fields
//! are played (its choice belongs to them); a discovered desert pays nothing; the bank
//! pays only what it holds.
//!
//! Chance: with [`ChanceMode::Seeded`] the stacks, dealt face down when the game began, are
//! taken from the top. With [`ChanceMode::External`] the game knows only what the stacks
//! hold: the building action puts the discovered spaces in waiting, and the referee supplies
//! each one's hex and number with [`Action::RevealHex`] (lowest space first) before anything
//! else is legal — as the dice of a roll come from outside.
//!
//! The state stays fixed-size: the stacks and the discovered spaces are a small array in
//! the game. The board, shared by clones, is rebuilt when land is discovered (the space's
//! nodes and edges keep their ids: an unexplored space is on the board as sea from the
//! start), so production, roads, ships, views and drawing see the new hex with no change.
//! That rebuild is the one allocation of a Fog Islands game's `apply`, at most once per
//! space (12 in a game).
//!
//! | rule | check | effect | enumeration | ids |
//! | --- | --- | --- | --- | --- |
//! | discovery | — | `discover` (after a road, ship or moved ship) | — | — |
//! | external reveal | `check_reveal` | `reveal` | `push_reveals` | [`Block::Reveal`] |

use super::{Game, Phase};
use crate::action::Action;
use crate::action_space::{ActionSpace, Block};
use crate::board::{Board, EdgeId, HexId, MAX_FOG_SPACES};
use crate::error::RuleError;
use crate::event::{Event, EventSink};
use crate::game::legal::Out;
use crate::rules::ChanceMode;
use crate::types::{Player, Resources, Terrain};
use std::sync::Arc;

#[cfg(doc)]
use crate::rules::Rules;

/// A stack of up to 32 small values (terrain indexes, number tokens), four bits each, the
/// top last (stored as bytes, so that the game state needs no padding for it).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub(crate) struct Nibbles {
    bits: [u8; 16],
    len: u8,
}

impl Nibbles {
    const EMPTY: Nibbles = Nibbles {
        bits: [0; 16],
        len: 0,
    };

    #[inline]
    fn word(&self) -> u128 {
        u128::from_le_bytes(self.bits)
    }

    /// The `i`-th value from the bottom.
    #[inline]
    fn get(&self, i: usize) -> u8 {
        (self.word() >> (4 * i) & 0xf) as u8
    }

    fn push(&mut self, v: u8) {
        if (self.len as usize) < MAX_FOG_SPACES {
            let w = self.word() | u128::from(v & 0xf) << (4 * self.len as u32);
            self.bits = w.to_le_bytes();
            self.len += 1;
        }
    }

    /// Removes the topmost copy of `v`; whether there was one.
    fn remove(&mut self, v: u8) -> bool {
        let Some(i) = (0..self.len as usize).rev().find(|&i| self.get(i) == v) else {
            return false;
        };
        let w = self.word();
        let low = w & ((1u128 << (4 * i)) - 1);
        let high = if i + 1 >= 32 {
            0
        } else {
            (w >> (4 * (i + 1))) << (4 * i)
        };
        self.bits = (low | high).to_le_bytes();
        self.len -= 1;
        true
    }

    /// The values, top first.
    fn top_first(&self) -> impl Iterator<Item = u8> + '_ {
        (0..self.len as usize).rev().map(|i| self.get(i))
    }

    fn top(&self) -> Option<u8> {
        (self.len > 0).then(|| self.get(self.len as usize - 1))
    }
}

/// The unexplored spaces of a game and the face-down stacks (fixed size: 44 bytes).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Fog {
    /// Discovered spaces (bit `i`: the `i`-th of the board's `fog_hexes`).
    pub revealed: u32,
    /// Discovered spaces waiting for their hex from outside (external chance).
    pub pending: u32,
    /// Who discovered the waiting spaces.
    pub discoverer: u8,
    /// The face-down hex stack (terrain indexes).
    terrains: Nibbles,
    /// The face-down number stack.
    numbers: Nibbles,
}

impl Default for Fog {
    fn default() -> Fog {
        Fog::EMPTY
    }
}

/// Whether a terrain takes a number token.
#[inline]
pub(crate) fn produces(t: Terrain) -> bool {
    t.resource().is_some() || t == Terrain::Gold
}

impl Fog {
    /// No unexplored space.
    pub(crate) const EMPTY: Fog = Fog {
        revealed: 0,
        pending: 0,
        discoverer: 0,
        terrains: Nibbles::EMPTY,
        numbers: Nibbles::EMPTY,
    };

    /// Stacks given top first (at most [`MAX_FOG_SPACES`] each are kept; a board's stacks
    /// fit its spaces, which are at most that many).
    pub(crate) fn new(terrains: &[Terrain], numbers: &[u8]) -> Fog {
        let mut f = Fog::EMPTY;
        for &t in terrains.iter().rev() {
            f.terrains.push(t.index() as u8);
        }
        for &n in numbers.iter().rev() {
            f.numbers.push(n);
        }
        f
    }

    /// Hexes left in the stack.
    pub(crate) fn terrains_left(&self) -> u8 {
        self.terrains.len
    }

    /// Numbers left in the stack.
    pub(crate) fn numbers_left(&self) -> u8 {
        self.numbers.len
    }

    /// The hex stack, top first.
    pub(crate) fn terrain_stack(&self) -> impl Iterator<Item = Terrain> + '_ {
        self.terrains
            .top_first()
            .map(|t| Terrain::ALL[t as usize % Terrain::COUNT])
    }

    /// The number stack, top first.
    pub(crate) fn number_stack(&self) -> impl Iterator<Item = u8> + '_ {
        self.numbers.top_first()
    }

    /// The same stacks in a fresh order drawn from `rng` (what a seat may suppose of
    /// face-down stacks: their contents, not their order). Draws nothing when neither
    /// stack holds two items.
    pub(crate) fn reshuffled(&self, rng: &mut crate::rng::Rng) -> Fog {
        let mut f = *self;
        for (stack, out) in [
            (&self.terrains, &mut f.terrains),
            (&self.numbers, &mut f.numbers),
        ] {
            if stack.len < 2 {
                continue;
            }
            let mut buf = [0u8; MAX_FOG_SPACES];
            let n = stack.len as usize;
            for (slot, x) in buf.iter_mut().zip(stack.top_first()) {
                *slot = x;
            }
            let v = &mut buf[..n];
            // Sorted first, so that only the contents, not the real order, feed the draw.
            v.sort_unstable();
            rng.shuffle(v);
            *out = Nibbles::EMPTY;
            for &x in v.iter() {
                out.push(x);
            }
        }
        f
    }

    /// The top hex.
    fn top_terrain(&self) -> Option<Terrain> {
        self.terrains
            .top()
            .map(|t| Terrain::ALL[t as usize % Terrain::COUNT])
    }
}

impl Game {
    /// The spaces still unexplored (waiting ones included), in hex-id order.
    pub fn unexplored(&self) -> impl Iterator<Item = HexId> + '_ {
        let open = !self.fog.revealed;
        self.board
            .fog_hexes()
            .iter()
            .enumerate()
            .filter(move |(i, _)| open >> i & 1 != 0)
            .map(|(_, &h)| h)
    }

    /// Whether `hex` is a space still unexplored (waiting ones included): sea on the board,
    /// but no place for the pirate until discovered.
    #[inline]
    pub(crate) fn is_unexplored(&self, hex: HexId) -> bool {
        self.board
            .fog_hexes()
            .iter()
            .position(|&h| h == hex)
            .is_some_and(|i| self.fog.revealed >> i & 1 == 0)
    }

    /// The space discovered and waiting for its hex from the referee (external chance),
    /// and its discoverer.
    pub fn reveal_pending(&self) -> Option<(HexId, Player)> {
        let i = self.fog.pending.trailing_zeros() as usize;
        (self.fog.pending != 0).then(|| (self.board.fog_hexes()[i], Player(self.fog.discoverer)))
    }

    /// Hexes and number tokens left in the face-down stacks (public counts).
    pub fn fog_stacks_left(&self) -> (u8, u8) {
        (self.fog.terrains_left(), self.fog.numbers_left())
    }

    /// After `p`'s road or ship on `edge`: every unexplored space at a corner of the edge
    /// not yet discovered is discovered, in hex-id order.
    /// Boards without unexplored spaces (every board but The Fog Islands') return at once,
    /// without a call.
    #[inline(always)]
    pub(super) fn discover<S: EventSink>(&mut self, p: u8, edge: EdgeId, sink: &mut S) {
        if !self.board.fog_hexes().is_empty() {
            self.discover_on_fog_board(p, edge, sink);
        }
    }

    /// [`Game::discover`] on a board with unexplored spaces.
    #[inline(never)]
    fn discover_on_fog_board<S: EventSink>(&mut self, p: u8, edge: EdgeId, sink: &mut S) {
        let fog = self.fog.revealed | self.fog.pending;
        if fog == u32::MAX {
            return;
        }
        let [a, b] = self.board.edge(edge).nodes;
        let found = (self.board.node_fog(a) | self.board.node_fog(b)) & !fog;
        if found == 0 {
            return;
        }
        if self.rules.chance == ChanceMode::External {
            self.fog.pending |= found;
            self.fog.discoverer = p;
            return;
        }
        let mut rest = found;
        while rest != 0 {
            let i = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let terrain = self.fog.top_terrain().unwrap_or(Terrain::Sea);
            let number = self.fog.numbers.top().filter(|_| produces(terrain));
            self.lay_hex(p, i, terrain, number, sink);
        }
    }

    /// Lays `terrain` (with `number`) on the `i`-th unexplored space, takes them from the
    /// stacks and pays the discoverer.
    fn lay_hex<S: EventSink>(
        &mut self,
        p: u8,
        i: usize,
        terrain: Terrain,
        number: Option<u8>,
        sink: &mut S,
    ) {
        let hex = self.board.fog_hexes()[i];
        self.fog.revealed |= 1 << i;
        self.fog.pending &= !(1 << i);
        if self.fog.pending == 0 {
            // Canonical: no discoverer without a waiting discovery.
            self.fog.discoverer = 0;
        }
        self.fog.terrains.remove(terrain.index() as u8);
        if let Some(v) = number {
            self.fog.numbers.remove(v);
        }
        if terrain.is_land() {
            let mut spec = self.board.spec().clone();
            let h = &mut spec.hexes[hex.index()];
            h.terrain = terrain;
            h.number = number;
            // The same hexes, nodes and edges with one hex turned to land: valid as the
            // board it replaces was (a harbour may face an unexplored space).
            let board = Board::new(spec).expect("a discovered hex keeps the board valid");
            self.board = Arc::new(board);
            // The sea hexes changed: the sea state's pirate victims follow them.
            self.rebuild_sea();
        }
        let setup = matches!(self.phase, Phase::SetupSettlement | Phase::SetupRoad);
        let resource = terrain
            .resource()
            .filter(|&r| self.bank[r] > 0 && !(setup && self.rules.fog_setup_unpaid));
        if let Some(r) = resource {
            let one = Resources::one(r);
            self.bank.sub(&one);
            self.seats[p as usize].hand.add(&one);
        }
        sink.push(Event::HexDiscovered {
            player: Player(p),
            hex,
            terrain,
            number,
            resource,
        });
        // A discovered gold field pays one resource of the discoverer's choice, through the
        // gold-field picks (docs/rulings.md §41).
        if terrain == Terrain::Gold && !(setup && self.rules.fog_setup_unpaid) {
            let mut owed = self.gold;
            owed[p as usize] = owed[p as usize].saturating_add(1);
            self.owe_gold(owed, sink);
        }
    }

    /// The referee's reveal of the waiting space (external chance): that space, a hex left
    /// in the stack, a number left in the stack exactly when the hex produces.
    pub(super) fn check_reveal(
        &self,
        player: Player,
        hex: HexId,
        terrain: Terrain,
        number: Option<u8>,
    ) -> Result<(), RuleError> {
        let Some((waiting, by)) = self.reveal_pending() else {
            return Err(RuleError::NothingToReveal { hex });
        };
        if hex != waiting {
            return Err(RuleError::NothingToReveal { hex });
        }
        if player != by {
            return Err(RuleError::NotYourTurn { player });
        }
        if !self.fog.terrain_stack().any(|t| t == terrain) {
            return Err(RuleError::ImpossibleOutcome {
                reason: "that hex is not left in the face-down stack",
            });
        }
        match number {
            Some(v) if produces(terrain) && self.fog.number_stack().any(|n| n == v) => Ok(()),
            None if !produces(terrain) || self.fog.numbers_left() == 0 => Ok(()),
            _ => Err(RuleError::ImpossibleOutcome {
                reason: "a producing hex takes a number token left in the face-down stack, any other none",
            }),
        }
    }

    /// Carries out a checked reveal.
    pub(super) fn reveal<S: EventSink>(
        &mut self,
        p: u8,
        hex: HexId,
        terrain: Terrain,
        number: Option<u8>,
        sink: &mut S,
    ) {
        let i = self
            .board
            .fog_hexes()
            .iter()
            .position(|&h| h == hex)
            .expect("checked");
        self.lay_hex(p, i, terrain, number, sink);
    }

    /// Every possible reveal of the waiting space: each kind of hex left, with each number
    /// left when it produces.
    pub(super) fn push_reveals<O: Out>(&self, out: &mut O) {
        let Some((hex, player)) = self.reveal_pending() else {
            return;
        };
        let mut seen_t = 0u16;
        for terrain in self.fog.terrain_stack() {
            let bit = 1u16 << terrain.index();
            if seen_t & bit != 0 {
                continue;
            }
            seen_t |= bit;
            if produces(terrain) && self.fog.numbers_left() > 0 {
                let mut seen_n = 0u16;
                for v in self.fog.number_stack() {
                    if seen_n & (1 << v) != 0 {
                        continue;
                    }
                    seen_n |= 1 << v;
                    out.push(Action::RevealHex {
                        player,
                        hex,
                        terrain,
                        number: Some(v),
                    });
                }
            } else {
                out.push(Action::RevealHex {
                    player,
                    hex,
                    terrain,
                    number: None,
                });
            }
        }
    }
}

impl ActionSpace {
    /// The id of a reveal: `(space 8 + terrain) 13 + number` (number 0: none), the space
    /// being the index among the board's unexplored spaces.
    pub(crate) fn encode_reveal(
        &self,
        hex: HexId,
        terrain: Terrain,
        number: Option<u8>,
    ) -> Option<u32> {
        let i = self.fog_to_hex.iter().position(|&h| h == hex.0)? as u32;
        let v = match number {
            None => 0,
            Some(v) if (2..=12).contains(&v) && v != 7 => v as u32,
            Some(_) => return None,
        };
        Some(self.offset(Block::Reveal) + (i * 8 + terrain.index() as u32) * 13 + v)
    }

    /// The reveal with index `i` in [`Block::Reveal`].
    pub(crate) fn decode_reveal(&self, i: u32, player: Player) -> Action {
        let v = i % 13;
        let t = (i / 13) % 8;
        let space = (i / 13 / 8) as usize;
        Action::RevealHex {
            player,
            hex: HexId(self.fog_to_hex[space]),
            terrain: Terrain::ALL[t as usize],
            number: (v != 0).then_some(v as u8),
        }
    }
}
