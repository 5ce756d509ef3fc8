//! The turn: phases, who must decide what, ending a turn and starting the next.
//!
//! Catan base rules, 5th ed., 'Turn Overview': roll, then trade and build in any order, then
//! pass the dice to the left. A development card may be played before the roll.
//!
//! | rule | check | effect | enumeration | ids |
//! | --- | --- | --- | --- | --- |
//! | end turn | `check_end_turn` | `end_turn`, `start_turn` | last in the main phase (`legal.rs`) | `encode_end_turn` ([`Block::EndTurn`]) |

use super::{Game, F_ROLLED};
use crate::action::Action;
use crate::action_space::{ActionSpace, Block};
use crate::board::{HexId, NodeId};
use crate::error::RuleError;
use crate::event::{Event, EventSink};
use crate::types::{Player, PlayerSet, MAX_PLAYERS};
use serde::{Deserialize, Serialize};

/// The stage a game is in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    /// Set-up: the current player places a settlement (Base rules, "Set-up Phase").
    SetupSettlement,
    /// Set-up: the current player places a road at the settlement just placed.
    SetupRoad,
    /// Start of a turn: roll (a development card may be played first).
    Roll,
    /// After a 7: players over the limit discard, all at once.
    Discard,
    /// After a 7: the current player moves the robber.
    MoveRobber,
    /// Trade and build, play a card, end the turn.
    Main,
    /// Placing the free roads of Road Building.
    RoadBuilding,
    /// The game is won; nothing is legal.
    GameOver,
    /// After a turn, the other players build in turn (5–6 players, or the
    /// `special_build_phase` option): the current player is the one building.
    SpecialBuild,
}

impl std::fmt::Display for Phase {
    /// The phase in words (`set-up settlement`, `main`, `Road Building`, ...).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Phase::SetupSettlement => "set-up settlement",
            Phase::SetupRoad => "set-up road",
            Phase::Roll => "roll",
            Phase::Discard => "discard",
            Phase::MoveRobber => "robber",
            Phase::Main => "main",
            Phase::RoadBuilding => "Road Building",
            Phase::GameOver => "game over",
            Phase::SpecialBuild => "Special Build Phase",
        })
    }
}

impl Phase {
    pub(crate) const fn waiting_for(self) -> &'static str {
        match self {
            Phase::SetupSettlement => "waiting for a set-up settlement",
            Phase::SetupRoad => "waiting for a set-up road",
            Phase::Roll => "roll the dice first",
            Phase::Discard => "waiting for discards",
            Phase::MoveRobber => "the robber must be moved",
            Phase::Main => "the dice are already rolled",
            Phase::RoadBuilding => "place the Road Building roads first",
            Phase::GameOver => "the game is over",
            Phase::SpecialBuild => "only building and buying in the Special Build Phase",
        }
    }
}

/// What the game waits for, and from whom.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Decision {
    /// Place a set-up settlement.
    SetupSettlement {
        /// Who.
        player: Player,
        /// 0 for the first round, 1 for the second.
        round: u8,
    },
    /// Place a set-up road at `node`.
    SetupRoad {
        /// Who.
        player: Player,
        /// The settlement just placed.
        node: NodeId,
    },
    /// Roll (or play a development card first).
    Roll {
        /// Who.
        player: Player,
    },
    /// Several players discard at once.
    Discard {
        /// Who still has to.
        #[serde(with = "crate::seat::player_list")]
        players: PlayerSet,
        /// How many each must return.
        amounts: [u8; MAX_PLAYERS],
    },
    /// Move the robber.
    MoveRobber {
        /// Who.
        player: Player,
    },
    /// Trade, build, play, end the turn.
    Main {
        /// Who.
        player: Player,
    },
    /// Place free roads, or stop placing them (`finish_road_building`).
    RoadBuilding {
        /// Who.
        player: Player,
        /// Roads still to place.
        left: u8,
    },
    /// Players answer an open offer; the offerer may confirm or withdraw at any time.
    TradeResponses {
        /// The offerer.
        player: Player,
        /// Who has not answered yet.
        #[serde(with = "crate::seat::player_list")]
        pending: PlayerSet,
    },
    /// Finished.
    GameOver {
        /// The winner.
        winner: Player,
    },
    /// Build or buy in the Special Build Phase, or pass (end turn).
    SpecialBuild {
        /// Who is building.
        player: Player,
        /// The player whose turn the phase follows.
        after: Player,
    },
    /// Several players take resources of their choice for gold fields, at once (Seafarers
    /// rules, 'Gold fields'); the phase goes on when all have.
    GoldChoice {
        /// Who still has to.
        #[serde(with = "crate::seat::player_list")]
        players: PlayerSet,
        /// How many cards each still takes.
        amounts: [u8; MAX_PLAYERS],
    },
    /// The referee reveals a discovered space (The Fog Islands, external chance:
    /// `reveal_hex`).
    Reveal {
        /// The discoverer.
        player: Player,
        /// The space.
        hex: HexId,
    },
}

impl Game {
    /// What the game waits for.
    pub fn decision(&self) -> Decision {
        let player = Player(self.current);
        // A waiting discovery comes first (the referee reveals it), then gold picks.
        if let (Some((hex, player)), false) = (self.reveal_pending(), self.phase == Phase::GameOver)
        {
            return Decision::Reveal { player, hex };
        }
        if self.gold_pending() && self.phase != Phase::GameOver {
            return Decision::GoldChoice {
                players: self.gold_choosers(),
                amounts: self.gold,
            };
        }
        match self.phase {
            Phase::GameOver => Decision::GameOver {
                winner: Player(self.winner),
            },
            Phase::SetupSettlement => Decision::SetupSettlement {
                player,
                round: self.setup_step / self.rules.players,
            },
            Phase::SetupRoad => Decision::SetupRoad {
                player,
                node: NodeId(self.setup_node),
            },
            Phase::Roll => Decision::Roll { player },
            Phase::Discard => Decision::Discard {
                players: self.discarders(),
                amounts: self.discard,
            },
            Phase::MoveRobber => Decision::MoveRobber { player },
            Phase::RoadBuilding => Decision::RoadBuilding {
                player,
                left: self.road_building_left,
            },
            Phase::SpecialBuild => Decision::SpecialBuild {
                player,
                after: Player(self.special_after),
            },
            Phase::Main => match &self.offer {
                Some(o) => Decision::TradeResponses {
                    player,
                    pending: o.pending(),
                },
                None => Decision::Main { player },
            },
        }
    }

    /// Everyone who may act now (several during discards, trade answers and gold-field
    /// choices; nobody while a Fog Islands discovery waits for the referee's `reveal_hex`).
    pub fn to_act(&self) -> PlayerSet {
        match self.decision() {
            Decision::GameOver { .. } => PlayerSet::EMPTY,
            Decision::Discard { players, .. } | Decision::GoldChoice { players, .. } => players,
            Decision::TradeResponses { player, pending } => pending.with(player),
            // The referee reveals a discovery: no seat acts.
            Decision::Reveal { .. } => PlayerSet::EMPTY,
            _ => PlayerSet::EMPTY.with(Player(self.current)),
        }
    }

    /// The error for an action that does not fit the phase (or the open offer).
    pub(super) fn wrong_phase(&self, a: &Action) -> RuleError {
        let reason = if self.offer.is_some() {
            "a trade offer is open"
        } else if self.gold_pending() {
            "waiting for gold-field choices"
        } else {
            self.phase.waiting_for()
        };
        RuleError::WrongPhase {
            action: a.kind(),
            reason,
        }
    }

    /// The turn may end in the main phase only (after the roll and the robber); in the
    /// Special Build Phase the same action passes.
    #[inline(always)]
    pub(super) fn check_end_turn(&self, action: &Action) -> Result<(), RuleError> {
        if !self.building_open() {
            return Err(self.wrong_phase(action));
        }
        Ok(())
    }

    /// Ends `p`'s turn and starts the next player's (to the left), with a Special Build
    /// Phase in between when the rules have one; in that phase, `p` passes.
    #[inline(always)]
    pub(super) fn end_turn<S: EventSink>(&mut self, p: u8, sink: &mut S) {
        if self.phase == Phase::SpecialBuild {
            return self.special_build_pass(p, sink);
        }
        sink.push(Event::TurnEnded { player: Player(p) });
        if self.rules.special_build() {
            return self.open_special_build(p, sink);
        }
        // The next seat to the left, without a division.
        let next = self.current + 1;
        let next = if next == self.rules.players { 0 } else { next };
        self.start_turn(next, sink);
    }

    /// The phase after a development card played outside the main phase's own flow: back
    /// to the roll if the dice have not been rolled yet.
    #[inline]
    pub(super) fn after_card_phase(&self) -> Phase {
        if self.flags & F_ROLLED != 0 {
            Phase::Main
        } else {
            Phase::Roll
        }
    }

    /// Starts `p`'s turn: cards bought last turn become playable, the harbours settle.
    #[inline]
    pub(super) fn start_turn<S: EventSink>(&mut self, p: u8, sink: &mut S) {
        self.current = p;
        // Saturates at `Game::MAX_TURN` instead of wrapping back to the set-up's 0: a game
        // that long goes on, numbered as its last turn (docs/security.md).
        self.turn = self.turn.saturating_add(1);
        self.flags = 0;
        self.clear_fresh_ships();
        self.dice = [0, 0];
        self.phase = Phase::Roll;
        let s = &mut self.seats[p as usize];
        let bought = std::mem::take(&mut s.new_dev);
        for (d, b) in s.dev.0.iter_mut().zip(bought.0) {
            *d += b;
        }
        // Only the current player's harbours change during a turn, so every seat's are
        // settled here; refreshing them all keeps the state canonical (a saved position
        // restores it exactly). Only the current player's are ever read (docs/rulings.md §1).
        for s in self.seats.iter_mut() {
            s.harbors_at_start = s.harbors;
        }
        sink.push(Event::TurnStarted {
            player: Player(p),
            turn: self.turn,
        });
        // Points reached on another player's turn win now (docs/rulings.md §4).
        self.check_win(sink);
    }
}

impl ActionSpace {
    /// The id of ending the turn.
    #[inline]
    pub(crate) fn encode_end_turn(&self) -> u32 {
        self.offset(Block::EndTurn)
    }
}
