//! The pirate (Seafarers): on a 7 or a knight the mover moves the robber or the pirate.
//! The pirate goes to another sea hex and its mover steals one random card from a player
//! with a ship on a side of that hex (the robber's choice and card rules); no ship is
//! built on, moved to or moved from a side of the pirate's hex; harbours are unaffected.
//!
//! Seafarers rules, 'The pirate'; docs/rulings.md §39.
//!
//! | rule | check | effect | enumeration | ids |
//! | --- | --- | --- | --- | --- |
//! | move the pirate, steal | `check_move_pirate`, `check_pirate` (the knight's in the development-card family) | `pirate_moved`, `move_pirate` | `push_pirate_moves` | `encode_pirate`, `decode_pirate` ([`Block::MovePirate`], [`Block::MovePirateSteal`], [`Block::KnightPirate`], [`Block::KnightPirateSteal`]) |
//! | the pirate blocks ships | `pirate_blocks` (in the ship family's checks) | — | `pirate_sides` (taken out of `ship_spots`) | — |

use super::{Game, Phase, NONE, SHIP};
use crate::action::Action;
use crate::action_space::{ActionSpace, Block};
use crate::board::{EdgeId, HexId};
use crate::error::RuleError;
use crate::event::{Event, EventSink};
use crate::game::legal::Out;
use crate::rules::ChanceMode;
use crate::types::{Player, PlayerSet, Resource, Terrain};

impl Game {
    /// The sides of `hex` that are edges of the board (all six for a sea hex of an
    /// open-sea map).
    #[inline]
    pub(crate) fn hex_sides(&self, hex: HexId) -> impl Iterator<Item = EdgeId> + '_ {
        self.board.hex_sides(hex)
    }

    /// Whether `edge` is a side of the pirate's hex.
    #[inline]
    pub(crate) fn pirate_blocks(&self, edge: EdgeId) -> bool {
        if self.pirate == NONE {
            return false;
        }
        let info = self.board.hex(HexId(self.pirate));
        self.board
            .edge(edge)
            .nodes
            .iter()
            .all(|&n| info.nodes().any(|m| m == n))
    }

    /// Moving the pirate after a 7 (instead of the robber).
    #[inline]
    pub(super) fn check_move_pirate(
        &self,
        action: &Action,
        p: u8,
        hex: HexId,
        victim: Option<Player>,
        resource: Option<Resource>,
    ) -> Result<(), RuleError> {
        if self.phase != Phase::MoveRobber {
            return Err(self.wrong_phase(action));
        }
        self.check_pirate(p, hex, victim, resource)
    }

    /// The pirate's move and steal, for a 7 and for a knight: another sea hex, a victim
    /// exactly when someone with a ship on a side of it holds cards, a stolen card from
    /// outside exactly when chance is external.
    pub(super) fn check_pirate(
        &self,
        p: u8,
        hex: HexId,
        victim: Option<Player>,
        resource: Option<Resource>,
    ) -> Result<(), RuleError> {
        if !self.board.open_sea() {
            return Err(RuleError::ShipsNotInPlay);
        }
        if hex.index() >= self.board.hexes().len()
            || self.board.hex(hex).terrain != Terrain::Sea
            || self.is_unexplored(hex)
        {
            return Err(RuleError::NoSuchHex { hex });
        }
        if hex.0 == self.pirate {
            return Err(RuleError::PirateMustMove);
        }
        self.check_steal(self.pirate_victims(p, hex), victim, resource)
    }

    /// Opponents of `p` with a ship on a side of `hex` and cards in hand.
    pub(crate) fn pirate_victims(&self, p: u8, hex: HexId) -> PlayerSet {
        let mut s = PlayerSet::EMPTY;
        for e in self.hex_sides(hex) {
            let v = self.edges.get(e.index());
            if v & SHIP != 0 {
                let q = (v & 7) - 1;
                if q != p && self.seats[q as usize].hand.total() > 0 {
                    s = s.with(Player(q));
                }
            }
        }
        s
    }

    /// The opponents of `p` holding cards, as bits of a [`PlayerSet`].
    #[inline]
    fn holding_cards_but(&self, p: u8) -> u8 {
        let mut holding = 0u8;
        for q in 0..self.rules.players {
            if q != p && self.seats[q as usize].hand.total() > 0 {
                holding |= PlayerSet::EMPTY.with(Player(q)).0;
            }
        }
        holding
    }

    /// The pirate moved after a 7: then the main phase.
    #[inline]
    pub(super) fn pirate_moved<S: EventSink>(
        &mut self,
        p: u8,
        hex: HexId,
        victim: Option<Player>,
        resource: Option<Resource>,
        sink: &mut S,
    ) {
        self.move_pirate(p, hex, victim, resource, sink);
        self.phase = Phase::Main;
    }

    /// Moves the pirate and steals one card (the given one, or drawn from the victim's
    /// hand).
    pub(super) fn move_pirate<S: EventSink>(
        &mut self,
        p: u8,
        hex: HexId,
        victim: Option<Player>,
        resource: Option<Resource>,
        sink: &mut S,
    ) {
        self.pirate = hex.0;
        self.sea_pirate_moved();
        sink.push(Event::PirateMoved {
            player: Player(p),
            hex,
        });
        self.steal(p, victim, resource, sink);
    }

    /// Every pirate move of `player` (as a knight when `knight`): each sea hex but the
    /// pirate's, in hex order, with each eligible victim (and each stealable resource when
    /// chance is external), or nobody. Nothing on a map without open sea.
    pub(super) fn push_pirate_moves<O: Out>(&self, player: Player, knight: bool, out: &mut O) {
        if !self.board.open_sea() {
            return;
        }
        let external = self.rules.chance == ChanceMode::External;
        // [`Game::pirate_victims`] of every sea hex, from the seats with a ship on its
        // sides (kept in the sea state).
        let holding = self.holding_cards_but(player.0);
        let aboard = &self.sea_pieces().aboard;
        for &hex in self.board.sea_hexes() {
            if hex.0 == self.pirate || self.is_unexplored(hex) {
                continue;
            }
            let make = |victim: Option<Player>, resource: Option<Resource>| {
                if knight {
                    Action::PlayKnightPirate {
                        player,
                        hex,
                        victim,
                        resource,
                    }
                } else {
                    Action::MovePirate {
                        player,
                        hex,
                        victim,
                        resource,
                    }
                }
            };
            let victims = PlayerSet(aboard[hex.index()] & holding);
            debug_assert_eq!(victims, self.pirate_victims(player.0, hex));
            if victims.is_empty() {
                out.push(make(None, None));
                continue;
            }
            for v in victims.iter() {
                if external {
                    let hand = self.seats[v.index()].hand;
                    for r in Resource::ALL {
                        if hand[r] > 0 {
                            out.push(make(Some(v), Some(r)));
                        }
                    }
                } else {
                    out.push(make(Some(v), None));
                }
            }
        }
    }
}

impl ActionSpace {
    /// The id of a pirate move (a knight's when `knight`): `sea (P+1) + v` in the move
    /// blocks, `(sea P + q) 5 + resource` in the external-steal blocks (the robber's
    /// arithmetic, [`ActionSpace::encode_thief`]).
    #[inline]
    pub(crate) fn encode_pirate(
        &self,
        knight: bool,
        hex: HexId,
        victim: Option<Player>,
        resource: Option<Resource>,
    ) -> Option<u32> {
        let blocks = if knight {
            (Block::KnightPirate, Block::KnightPirateSteal)
        } else {
            (Block::MovePirate, Block::MovePirateSteal)
        };
        self.encode_thief(self.sea(hex)?, blocks, victim, resource)
    }

    /// The pirate move (or knight) with index `i` in block `b`, one of the four pirate
    /// blocks.
    pub(crate) fn decode_pirate(&self, b: Block, i: u32, player: Player) -> Action {
        let steal = matches!(b, Block::MovePirateSteal | Block::KnightPirateSteal);
        let (w, victim, resource) = self.decode_thief(steal, i);
        let hex = HexId(self.sea_to_hex[w as usize]);
        if matches!(b, Block::KnightPirate | Block::KnightPirateSteal) {
            Action::PlayKnightPirate {
                player,
                hex,
                victim,
                resource,
            }
        } else {
            Action::MovePirate {
                player,
                hex,
                victim,
                resource,
            }
        }
    }
}
