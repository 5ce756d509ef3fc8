//! The Special Build Phase of the 5–6 player extension: after each player's turn, every
//! other player in turn, starting with the one to the left, may build roads, settlements
//! and cities and buy development cards, or pass. Nothing else: no trade of any kind, no
//! development card played, and nobody wins during it — points reached there win at the
//! start of the player's own turn (docs/rulings.md §4, §19). A card bought in the phase is
//! playable from the buyer's next turn, like any card bought outside one's turn.
//!
//! Sources: 5–6 player extension rules (2015), "Special Build Phase"; the publisher's FAQ on
//! catan.com (no card played, no win in the phase); Clarifications, "Resource loss" (the
//! phase and the house rule of nine cards offered instead). On by default with 5–6 players,
//! an option for any count (`Rules::special_build_phase`).
//!
//! While the phase runs, [`Game::current_player`] is the player building and
//! [`Game::special_build_after`] the player whose turn it follows. Passing is
//! [`Action::EndTurn`] by the player building (same id, [`Block::EndTurn`](crate::action_space::Block::EndTurn)).
//!
//! | rule | check | effect | enumeration | ids |
//! | --- | --- | --- | --- | --- |
//! | who builds, in which order | `check` (the player building is the current player) | `open_special_build`, `special_build_pass` | — | — |
//! | builds and purchases allowed | `building_open` (in the build and card checks) | the builds' own effects | `push_special_build` | the build and buy ids |
//! | no trade, no card played | `trading_open`, `check_card` (main phase only) | — | not listed | — |
//! | no win in the phase | `check_win` (skips the phase) | the win at `start_turn` | — | — |
//! | passing | `check_end_turn` | `special_build_pass` | last | `encode_end_turn` ([`Block::EndTurn`](crate::action_space::Block::EndTurn)) |

use super::legal::Out;
use super::memo::Spots;
use super::{Game, Phase, NONE};
use crate::action::Action;
use crate::event::{Event, EventSink};
use crate::position::Position;
use crate::types::Player;

impl Game {
    /// Whether the player to act may build and buy now: in the main phase of their turn, or
    /// in their part of a Special Build Phase.
    #[inline]
    pub(super) fn building_open(&self) -> bool {
        matches!(self.phase, Phase::Main | Phase::SpecialBuild)
    }

    /// During a Special Build Phase, the player whose turn it follows (the player building
    /// is [`Game::current_player`]); `None` otherwise.
    #[inline]
    pub fn special_build_after(&self) -> Option<Player> {
        (self.special_after != NONE).then_some(Player(self.special_after))
    }

    /// After `p`'s turn: the phase opens for the player to `p`'s left.
    pub(super) fn open_special_build<S: EventSink>(&mut self, p: u8, sink: &mut S) {
        self.phase = Phase::SpecialBuild;
        self.special_after = p;
        self.dice = [0, 0];
        sink.push(Event::SpecialBuildStarted { player: Player(p) });
        self.next_builder((p + 1) % self.rules.players);
    }

    /// `p` builds next: their own turn flags, every seat's harbours settled (only the
    /// builder's can change now, and a saved position restores exactly that).
    fn next_builder(&mut self, p: u8) {
        self.current = p;
        self.flags = 0;
        for s in self.seats.iter_mut() {
            s.harbors_at_start = s.harbors;
        }
    }

    /// `p` is done building: the next player in turn builds, or, once everyone but the
    /// player whose turn it was has had their chance, the phase closes and the next turn
    /// starts (to the left of that player).
    pub(super) fn special_build_pass<S: EventSink>(&mut self, p: u8, sink: &mut S) {
        sink.push(Event::SpecialBuildPassed { player: Player(p) });
        let next = (p + 1) % self.rules.players;
        if next != self.special_after {
            return self.next_builder(next);
        }
        let after = self.special_after;
        self.special_after = NONE;
        sink.push(Event::SpecialBuildEnded {
            player: Player(after),
        });
        self.start_turn((after + 1) % self.rules.players, sink);
    }

    /// The Special Build Phase's legal actions for the player building: builds (roads,
    /// settlements, cities), buying a card, then passing.
    pub(super) fn push_special_build<O: Out, M: Spots>(
        &self,
        player: Player,
        memo: &mut M,
        out: &mut O,
    ) {
        self.push_builds(player, memo, out);
        self.push_ships(player, out);
        self.push_buy_card(player, out);
        out.push(Action::EndTurn { player });
    }
}

/// The Special Build Phase fields of a saved position: `special_build_after` is set exactly
/// in the phase, with rules that have it, names a seat, and is not the player building.
pub(crate) fn check_special_build_position(pos: &Position, bad: &mut impl FnMut(&'static str)) {
    let special = pos.phase == Phase::SpecialBuild;
    match pos.special_build_after {
        None if special => bad("the Special Build Phase names the player whose turn it follows"),
        Some(_) if !special => bad("special_build_after is set in the Special Build Phase only"),
        Some(after) if after.0 >= pos.rules.players => {
            bad("special_build_after is not a seat of this game")
        }
        Some(after) if after == pos.current => {
            bad("the player whose turn ended does not build in the Special Build Phase")
        }
        _ => {}
    }
    if special && !pos.rules.special_build() {
        bad("these rules have no Special Build Phase");
    }
}
