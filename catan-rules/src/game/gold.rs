//! Gold fields (Seafarers): when a gold field's number is rolled, each settlement next to it
//! takes one resource of its owner's choice and each city two, from what the bank holds; a
//! second set-up settlement takes one for each gold field next to it. Every owner chooses at
//! the same time, before the turn goes on, one card at a time or several at once (as
//! discards are, docs/rulings.md §38).
//!
//! Seafarers rules, 'Gold fields'; the bank's limits and who sees what per
//! docs/rulings.md §40.
//!
//! | rule | check | effect | enumeration | ids |
//! | --- | --- | --- | --- | --- |
//! | gold owed after a roll, the shortage | — | `produce_gold`, `owe_gold` | — | — |
//! | gold owed in set-up | — | `give_starting_gold` | — | — |
//! | a choice | `check_gold_phase` | `choose_gold` | `push_all_gold` | `encode_gold`, `decode_gold` ([`Block::Gold`], one card at a time) |
//!
//! While gold is owed the game is in the phase it would go on with (`main` after the roll,
//! `setup_road` in set-up) and accepts only the choices, as an open trade offer accepts
//! only answers.

use super::{Game, MAX_PLAYERS};
use crate::action::Action;
use crate::action_space::{ActionSpace, Block};
use crate::board::NodeId;
use crate::error::RuleError;
use crate::event::{Event, EventSink};
use crate::game::legal::Out;
use crate::types::{Player, PlayerSet, Resource, Resources, Terrain};

impl Game {
    /// Whether anybody still owes a gold-field choice.
    #[inline(always)]
    pub(crate) fn gold_pending(&self) -> bool {
        self.gold != [0; MAX_PLAYERS]
    }

    /// Players who still owe a gold-field choice.
    pub(crate) fn gold_choosers(&self) -> PlayerSet {
        let mut s = PlayerSet::EMPTY;
        for p in 0..self.rules.players {
            if self.gold[p as usize] > 0 {
                s = s.with(Player(p));
            }
        }
        s
    }

    /// What the gold fields numbered `total` owe after a roll: one pick per settlement and
    /// two per city next to each, nothing from a field under the robber.
    #[cold]
    pub(super) fn produce_gold<S: EventSink>(&mut self, total: u8, sink: &mut S) {
        let mut owed = [0u8; MAX_PLAYERS];
        let board = &*self.board;
        for &h in board.hexes_with_number(total) {
            let hex = board.hex(h);
            if hex.terrain != Terrain::Gold {
                continue;
            }
            let corners = hex.land_corners();
            if h.0 == self.robber {
                // A gold field under the robber pays nothing (Base rules, 'Robber').
                if corners.iter().any(|&n| self.nodes.get(n as usize) != 0) {
                    sink.push(Event::RobberBlocked { hex: h });
                }
                continue;
            }
            for n in corners {
                let v = self.nodes.get(n as usize);
                if v != 0 {
                    owed[((v & 7) - 1) as usize] += 1 + (v >> 3);
                }
            }
        }
        self.owe_gold(owed, sink);
    }

    /// Sets what each seat owes, cut to what the bank can give: if the bank holds fewer
    /// cards than all the picks owed, a single claimant takes as many as there are and
    /// several claimants take nothing, as for any resource (docs/rulings.md §6, §40). Also
    /// the way in for other gold payments (a discovered gold field, Seafarers scenarios).
    pub(super) fn owe_gold<S: EventSink>(&mut self, mut owed: [u8; MAX_PLAYERS], sink: &mut S) {
        let need: u32 = owed.iter().map(|&o| o as u32).sum();
        if need == 0 {
            return;
        }
        let held = self.bank.total();
        if need > held {
            let claimants = owed.iter().filter(|&&o| o > 0).count() as u8;
            let paid = if claimants == 1 {
                let p = owed.iter().position(|&o| o > 0).expect("one claimant");
                owed[p] = held as u8;
                Some(Player(p as u8))
            } else {
                owed = [0; MAX_PLAYERS];
                None
            };
            sink.push(Event::GoldShortage { claimants, paid });
        }
        if owed != [0; MAX_PLAYERS] {
            self.gold = owed;
            sink.push(Event::GoldOwed { amounts: owed });
        }
    }

    /// A second set-up settlement next to gold fields: one pick for each (Seafarers rules,
    /// 'Gold fields', with Base rules 'Set-up Phase').
    pub(super) fn give_starting_gold<S: EventSink>(&mut self, p: u8, node: NodeId, sink: &mut S) {
        let picks = self
            .board
            .node(node)
            .hexes()
            .filter(|&h| self.board.hex(h).terrain == Terrain::Gold)
            .count() as u8;
        if picks > 0 {
            let mut owed = [0u8; MAX_PLAYERS];
            owed[p as usize] = picks;
            self.owe_gold(owed, sink);
        }
    }

    /// Everything while gold is owed: only choices, each by a seat that owes one, of cards
    /// the bank holds, at least one and at most the number still owed.
    #[inline]
    pub(super) fn check_gold_phase(&self, action: &Action) -> Result<(), RuleError> {
        let player = action.player();
        let p = player.0;
        match *action {
            Action::ChooseGold { resources, .. } => {
                let need = self.gold[p as usize];
                if need == 0 {
                    return Err(RuleError::NotYourTurn { player });
                }
                let given = resources.total();
                if given == 0 || given > need as u32 {
                    return Err(RuleError::WrongGoldChoice {
                        need,
                        given: given.min(255) as u8,
                    });
                }
                if let Some(r) = Resource::ALL
                    .into_iter()
                    .find(|&r| resources[r] > self.bank[r])
                {
                    return Err(RuleError::BankEmpty { resource: r });
                }
                Ok(())
            }
            _ if p != self.current => Err(RuleError::NotYourTurn { player }),
            _ => Err(self.wrong_phase(action)),
        }
    }

    /// A choice (all that is owed or a part of it), taken from the bank.
    pub(super) fn choose_gold<S: EventSink>(&mut self, p: u8, resources: Resources, sink: &mut S) {
        self.bank.sub(&resources);
        self.seats[p as usize].hand.add(&resources);
        self.gold[p as usize] -= resources.total() as u8;
        sink.push(Event::GoldChosen {
            player: Player(p),
            resources,
        });
    }

    /// Every choice of every seat that owes one: each whole choice (every multiset of the
    /// owed size from the bank), or, for a sink that lists one card at a time (the fixed-id
    /// masks), each single card the bank holds.
    pub(super) fn push_all_gold<O: Out>(&self, out: &mut O) {
        let single = out.single_discards();
        for p in 0..self.rules.players {
            let need = self.gold[p as usize];
            if need == 0 {
                continue;
            }
            let player = Player(p);
            if single {
                for r in Resource::ALL {
                    if self.bank[r] > 0 {
                        out.push(Action::ChooseGold {
                            player,
                            resources: Resources::one(r),
                        });
                    }
                }
            } else {
                let mut cur = Resources::EMPTY;
                self.push_gold_sets(player, need, 0, &mut cur, out);
            }
        }
    }

    /// Every multiset of `left` more cards from the bank's resources `from..`, in
    /// lexicographic order of the counts (brick first).
    fn push_gold_sets<O: Out>(
        &self,
        player: Player,
        left: u8,
        from: usize,
        cur: &mut Resources,
        out: &mut O,
    ) {
        if from == Resource::COUNT - 1 {
            let r = Resource::ALL[from];
            if left <= self.bank[r] {
                cur[r] = left;
                out.push(Action::ChooseGold {
                    player,
                    resources: *cur,
                });
                cur[r] = 0;
            }
            return;
        }
        let r = Resource::ALL[from];
        for k in 0..=left.min(self.bank[r]) {
            cur[r] = k;
            self.push_gold_sets(player, left - k, from + 1, cur, out);
        }
        cur[r] = 0;
    }
}

impl ActionSpace {
    /// The id of a one-card gold choice: `5 q + resource`. Choices of several cards have no
    /// id (they are made one card at a time).
    #[inline]
    pub(crate) fn encode_gold(&self, player: Player, resources: &Resources) -> Option<u32> {
        if player.0 >= self.players || resources.total() != 1 || !self.gold_in_play() {
            return None;
        }
        let r = resources.0.iter().position(|&c| c == 1)? as u32;
        Some(self.offset(Block::Gold) + player.0 as u32 * 5 + r)
    }

    /// Whether the space has gold ids (a map with a gold field).
    #[inline]
    fn gold_in_play(&self) -> bool {
        self.len() as u32 > self.offset(Block::Gold)
    }

    /// The one-card gold choice with index `i` in [`Block::Gold`].
    pub(crate) fn decode_gold(&self, i: u32) -> Action {
        Action::ChooseGold {
            player: Player((i / 5) as u8),
            resources: Resources::one(Resource::ALL[(i % 5) as usize]),
        }
    }
}
