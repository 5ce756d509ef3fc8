//! Rolling the dice and resource production, with the supply shortage rule. A 7 hands
//! over to the robber family.
//!
//! Catan base rules, 5th ed., 'Resource Production'; the shortage rule per
//! docs/rulings.md §6.
//!
//! | rule | check | effect | enumeration | ids |
//! | --- | --- | --- | --- | --- |
//! | roll | `check_roll` | `roll_dice`, `roll` | `push_rolls` | `encode_roll`, `decode_roll` ([`Block::Roll`], [`Block::RollDice`]) |
//! | production, shortage | — | `produce` | — | — |

use super::{Game, Phase, CITY, F_ROLLED};
use crate::action::Action;
use crate::action_space::{ActionSpace, Block};
use crate::error::RuleError;
use crate::event::{Event, EventSink};
use crate::game::legal::Out;
use crate::rules::ChanceMode;
use crate::types::{Player, Resource, Resources, Terrain, MAX_PLAYERS};

/// What a corner holding the nibble `v` earns (Base rules "Resource Production"): 0 when
/// empty, 1 for a settlement (`v` = owner + 1), 2 for a city (the same with [`CITY`] set).
/// One load per corner instead of working it out (docs/performance.md, "Eighth round: the
/// main phase").
const EARNS: [u8; 16] = {
    let mut t = [0; 16];
    let mut v = 1;
    while v < 16 {
        t[v] = if v as u8 & CITY != 0 { 2 } else { 1 };
        v += 1;
    }
    t
};

/// [`EARNS`]`[v]` in byte `v & 7` of a word (the slot of `produce`'s shares: 0 for an
/// empty corner, the owner plus one otherwise), so that a hex's corners are summed in one
/// register, a byte a slot: at most 12 a slot (six cities), no carry between bytes.
const EARNS_AT: [u64; 16] = {
    let mut t = [0; 16];
    let mut v = 0;
    while v < 16 {
        t[v] = (EARNS[v] as u64) << (8 * (v & 7));
        v += 1;
    }
    t
};

impl Game {
    /// A roll: in the roll phase; external dice exactly when chance is external.
    #[inline(always)]
    pub(super) fn check_roll(
        &self,
        action: &Action,
        dice: Option<[u8; 2]>,
    ) -> Result<(), RuleError> {
        if self.phase != Phase::Roll {
            return Err(self.wrong_phase(action));
        }
        let external = self.rules.chance == ChanceMode::External;
        match (dice, external) {
            (None, true) => Err(RuleError::OutcomeRequired),
            (Some(_), false) => Err(RuleError::OutcomeNotAllowed),
            (Some([a, b]), true) if !(1..=6).contains(&a) || !(1..=6).contains(&b) => {
                Err(RuleError::ImpossibleOutcome {
                    reason: "each die shows 1 to 6",
                })
            }
            _ => Ok(()),
        }
    }

    /// Rolls the given dice, or draws them from the game's generator.
    #[inline(always)]
    pub(super) fn roll_dice<S: EventSink>(&mut self, dice: Option<[u8; 2]>, sink: &mut S) {
        let d = dice.unwrap_or_else(|| [self.rng.die(), self.rng.die()]);
        self.roll(d, sink);
    }

    fn roll<S: EventSink>(&mut self, d: [u8; 2], sink: &mut S) {
        self.dice = d;
        self.flags |= F_ROLLED;
        let total = d[0] + d[1];
        sink.push(Event::DiceRolled {
            player: Player(self.current),
            dice: d,
            total,
        });
        if total == 7 {
            self.seven(sink);
            return;
        }
        self.produce(total, sink);
        self.phase = Phase::Main;
    }

    /// Production with the supply-shortage rule (Base rules "Resource Production";
    /// docs/rulings.md §6).
    fn produce<S: EventSink>(&mut self, total: u8, sink: &mut S) {
        // `shares[p]` collects player `p`'s share, a byte a resource and three spare: read
        // as a `u64`, a share is summed or tested for nothing in one operation. A hex's
        // corners are summed in a register first, a byte a slot (`EARNS_AT`: slot 0 the
        // empty corners' nothing, slot `p + 1` player `p`'s), with no branch on who holds a
        // corner; then each seat's byte is moved to its resource's place in its share.
        // Every share is written and read whole, a word at a time: adding corner by corner
        // into bytes of memory made each addition wait for the one before it at the same
        // place, and reading a share as a word that was written a byte at a time waited for
        // the bytes to reach the cache (docs/performance.md, "Sixteenth round").
        let mut shares = [0u64; MAX_PLAYERS];
        let mut gold = false;
        let board = &*self.board;
        for &h in board.hexes_with_number(total) {
            let hex = board.hex(h);
            let Some(r) = hex.terrain.resource() else {
                gold |= hex.terrain == Terrain::Gold;
                continue;
            };
            if h.0 == self.robber {
                if hex
                    .land_corners()
                    .iter()
                    .any(|&n| self.nodes.get(n as usize) != 0)
                {
                    sink.push(Event::RobberBlocked { hex: h });
                }
                continue;
            }
            // Each corner's owner read at its word and shift, worked out with the board.
            let (words, shifts) = hex.land_corner_nibbles();
            let mut earned = 0u64;
            for (w, s) in words.into_iter().zip(shifts) {
                earned += EARNS_AT[self.nodes.at(w, s) as usize];
            }
            let at = 8 * r.index();
            for (p, share) in shares.iter_mut().enumerate() {
                *share += ((earned >> (8 * (p + 1))) & 0xff) << at;
            }
        }
        // The shares summed a byte at a time with no carry between bytes: a roll pays at
        // most 234 of a resource (every seat's 4 cities and 5 settlements at 3 hexes each).
        // Every seat's slot is summed, in play or not, with no test of the seat count: a
        // seat not in play has no building, so its share is nothing.
        let mut need: u64 = shares.iter().sum();
        let n = self.rules.players as usize;
        let owed = &mut shares[..n];
        // Whether the bank holds the whole roll, a byte at a time: with every count below
        // 128 (the bank holds at most its supply of a resource, 19 or 24),
        // `(bank | HIGH) - need` keeps a byte's high bit exactly where the bank holds at
        // least the roll's count, and no byte borrows from the next. A count of the roll of
        // 128 or more is more than the bank holds.
        const HIGH: u64 = 0x80_8080_8080;
        let bank = self.bank.word();
        debug_assert!(bank & HIGH == 0, "a bank count over 127: {:?}", self.bank);
        if need & HIGH != 0 || ((bank | HIGH) - need) & HIGH != HIGH {
            need = self.apply_shortage(owed, sink).word();
        }
        // The bank pays the whole roll at once: it holds it all, so no byte borrows.
        self.bank.set_word(bank - need);
        for (p, &share) in owed.iter().enumerate() {
            // Adding nothing changes nothing: only the event needs the test.
            let resources = Resources::from_word(share);
            // Without saturating, a word at a time (a byte-wise addition reads the shares
            // sixteen bytes at a time, across two of them): a hand and the bank together
            // hold at most the supply of a resource (below 128), so no byte carries into
            // the next.
            let hand = &mut self.seats[p].hand;
            debug_assert!(Resource::ALL
                .iter()
                .all(|&r| u16::from(hand[r]) + u16::from(resources[r]) < 256));
            hand.set_word(hand.word() + share);
            if share != 0 {
                sink.push(Event::ResourcesProduced {
                    player: Player(p as u8),
                    resources,
                });
            }
        }
        if gold {
            // Seafarers: gold fields pay picks of the owners' choice, after the rest.
            self.produce_gold(total, sink);
        }
    }

    /// Cuts what is owed where the bank cannot pay a resource in full: a single claimant
    /// gets what is left, several get nothing (docs/rulings.md §6). Returns what is owed
    /// in all now, which the bank holds.
    #[cold]
    fn apply_shortage<S: EventSink>(&self, owed: &mut [u64], sink: &mut S) -> Resources {
        for r in Resource::ALL {
            let at = 8 * r.index();
            let mut need = 0u32;
            let mut claimants = 0u8;
            let mut last = 0usize;
            for (p, &o) in owed.iter().enumerate() {
                let count = (o >> at) as u8;
                if count > 0 {
                    need += count as u32;
                    claimants += 1;
                    last = p;
                }
            }
            if need == 0 || need <= self.bank[r] as u32 {
                continue;
            }
            if claimants == 1 {
                owed[last] = owed[last] & !(0xff << at) | u64::from(self.bank[r]) << at;
                sink.push(Event::Shortage {
                    resource: r,
                    claimants,
                    paid: Some(Player(last as u8)),
                });
            } else {
                for o in owed.iter_mut() {
                    *o &= !(0xff << at);
                }
                sink.push(Event::Shortage {
                    resource: r,
                    claimants,
                    paid: None,
                });
            }
        }
        Resources::from_word(owed.iter().sum())
    }

    /// The roll: seeded, or all 36 ordered dice when chance is external.
    #[inline(always)]
    pub(super) fn push_rolls<O: Out>(&self, player: Player, out: &mut O) {
        if self.rules.chance == ChanceMode::External {
            self.push_external_rolls(player, out);
        } else {
            out.push(Action::Roll { player, dice: None });
        }
    }

    /// [`Game::push_rolls`] when chance is seeded and `out` has room for the roll without
    /// allocating; `false` (nothing listed) otherwise.
    #[inline(always)]
    pub(super) fn push_seeded_roll<O: Out>(&self, player: Player, out: &mut O) -> bool {
        self.rules.chance != ChanceMode::External
            && out.push_if_room(Action::Roll { player, dice: None })
    }

    /// Every roll when chance is external: the 36 ordered dice. Out of line, so that the
    /// seeded roll's listing keeps a small frame.
    #[cold]
    #[inline(never)]
    fn push_external_rolls<O: Out>(&self, player: Player, out: &mut O) {
        {
            for a in 1..=6 {
                for b in 1..=6 {
                    out.push(Action::Roll {
                        player,
                        dice: Some([a, b]),
                    });
                }
            }
        }
    }
}

impl ActionSpace {
    /// The id of a roll: seeded, or the external dice `[a, b]` at `6(a-1) + (b-1)`.
    #[inline]
    pub(crate) fn encode_roll(&self, dice: Option<[u8; 2]>) -> Option<u32> {
        match dice {
            None => Some(self.offset(Block::Roll)),
            Some([x, y]) => {
                if !(1..=6).contains(&x) || !(1..=6).contains(&y) {
                    return None;
                }
                Some(self.offset(Block::RollDice) + 6 * (x as u32 - 1) + (y as u32 - 1))
            }
        }
    }

    /// The roll with index `i` in block `b` ([`Block::Roll`] or [`Block::RollDice`]).
    #[inline]
    pub(crate) fn decode_roll(b: Block, i: u32, player: Player) -> Action {
        if b == Block::Roll {
            return Action::Roll { player, dice: None };
        }
        Action::Roll {
            player,
            dice: Some([(i / 6) as u8 + 1, (i % 6) as u8 + 1]),
        }
    }
}
