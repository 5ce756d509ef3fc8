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
        if knight {
            self.push_pirate_moves_as::<true, O>(player, out);
        } else {
            self.push_pirate_moves_as::<false, O>(player, out);
        }
    }

    /// [`Game::push_pirate_moves`] of a knight (`KNIGHT`) or after a 7: the kind chosen
    /// once, not at each move; and the unexplored spaces looked up only on a map that has
    /// them.
    fn push_pirate_moves_as<const KNIGHT: bool, O: Out>(&self, player: Player, out: &mut O) {
        let external = self.rules.chance == ChanceMode::External;
        let fogged = !self.board.fog_hexes().is_empty();
        // [`Game::pirate_victims`] of every sea hex, from the seats with a ship on its
        // sides (kept in the sea state).
        let holding = self.holding_cards_but(player.0);
        let aboard = &self.sea_pieces().aboard;
        for &hex in self.board.sea_hexes() {
            if hex.0 == self.pirate || (fogged && self.is_unexplored(hex)) {
                continue;
            }
            let make = |victim: Option<Player>, resource: Option<Resource>| {
                if KNIGHT {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;
    use crate::rules::Rules;
    use crate::scenario::Scenario;

    /// The pirate's moves of `player` ([`Action::MovePirate`], or a knight's) that
    /// [`Game::is_legal`] accepts, over every hex and every victim: by hex, then nobody,
    /// then the seats in order (seeded chance: no resource named).
    fn legal_pirate_moves(g: &Game, player: Player, knight: bool) -> Vec<Action> {
        let mut v = Vec::new();
        for h in 0..g.board.hexes().len() {
            let hex = HexId(h as u8);
            let victims =
                std::iter::once(None).chain((0..g.rules.players).map(|q| Some(Player(q))));
            for victim in victims {
                let a = if knight {
                    Action::PlayKnightPirate {
                        player,
                        hex,
                        victim,
                        resource: None,
                    }
                } else {
                    Action::MovePirate {
                        player,
                        hex,
                        victim,
                        resource: None,
                    }
                };
                if g.is_legal(&a) {
                    v.push(a);
                }
            }
        }
        v
    }

    /// Seafarers rules, 'The pirate' (another sea hex, a victim with a ship on its sides
    /// and cards in hand, or nobody when there is none) and 'The Fog Islands' (an
    /// unexplored space is no sea hex yet): the listed pirate moves after a 7 and of a
    /// knight are exactly the ones `is_legal` accepts, in hex and seat order, at every
    /// step where they are listed, in New Shores and Fog Islands games.
    #[test]
    fn listed_pirate_moves_are_the_legal_ones() {
        let (mut sevens, mut knights, mut fogged) = (0, 0, 0);
        let mut legal = Vec::new();
        for seed in 0..16 {
            let scenario = [Scenario::NewShores, Scenario::FogIslands][seed as usize % 2];
            let mut g = Game::new(Rules::scenario(scenario), seed).unwrap();
            let mut rng = Rng::new(seed ^ 0x91a7);
            for _ in 0..3000 {
                if g.winner().is_some() {
                    break;
                }
                g.legal_actions(&mut legal);
                let p = Player(g.current);
                for knight in [false, true] {
                    let listed: Vec<Action> = legal
                        .iter()
                        .copied()
                        .filter(|a| match a {
                            Action::MovePirate { .. } => !knight,
                            Action::PlayKnightPirate { .. } => knight,
                            _ => false,
                        })
                        .collect();
                    let listing = if knight {
                        legal.iter().any(|a| matches!(a, Action::PlayKnight { .. }))
                    } else {
                        g.phase == Phase::MoveRobber && g.offer.is_none()
                    };
                    if !listing {
                        assert!(listed.is_empty());
                        continue;
                    }
                    assert_eq!(listed, legal_pirate_moves(&g, p, knight), "seed {seed}");
                    if knight {
                        knights += 1;
                    } else {
                        sevens += 1;
                    }
                    let unexplored = g.board.sea_hexes().iter().any(|&h| g.is_unexplored(h));
                    fogged += usize::from(unexplored);
                }
                let a = legal[rng.below(legal.len() as u32) as usize];
                g.apply(a).unwrap();
            }
        }
        assert!(
            sevens > 200 && knights > 30 && fogged > 50,
            "{sevens} after a 7, {knights} of a knight, {fogged} with unexplored sea hexes"
        );
    }
}
