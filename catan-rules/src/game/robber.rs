//! A 7: discards over the hand limit, moving the robber and stealing. The knight (in the
//! development-card family) moves the robber through the same check and effect.
//!
//! Catan base rules, 5th ed., 'Rolling a 7 and Activating the Robber'; the friendly
//! robber house rule per the game's `Rules::friendly_robber`.
//!
//! | rule | check | effect | enumeration | ids |
//! | --- | --- | --- | --- | --- |
//! | discards owed | — | `seven` | — | — |
//! | discard | `check_discard_phase` | `discard` | `push_all_discards`, `push_discards` | `encode_discard`, `decode_discard` ([`Block::Discard`], one card at a time) |
//! | move the robber, steal | `check_move_robber`, `check_robber` | `robber_moved`, `move_robber` | `push_robber_moves` | `encode_robber`, `decode_robber` ([`Block::MoveRobber`], [`Block::MoveRobberSteal`], and the knight's [`Block::Knight`], [`Block::KnightSteal`]) |

use super::{Game, Phase};
use crate::action::Action;
use crate::action_space::{ActionSpace, Block};
use crate::board::{HexId, NodeId, MAX_HEXES};
use crate::error::RuleError;
use crate::event::{Event, EventSink};
use crate::game::legal::Out;
use crate::game::memo::Spots;
use crate::rules::ChanceMode;
use crate::types::{ByResource, Player, PlayerSet, Resource, Resources};

impl Game {
    /// After a 7: who must discard half their hand, then the robber.
    pub(super) fn seven<S: EventSink>(&mut self, sink: &mut S) {
        let mut any = false;
        for p in 0..self.rules.players as usize {
            let t = self.seats[p].hand.total();
            if t > self.rules.discard_limit as u32 {
                self.discard[p] = (t / 2) as u8;
                any = true;
            }
        }
        if any {
            sink.push(Event::DiscardsRequired {
                amounts: self.discard,
            });
            self.phase = Phase::Discard;
        } else {
            self.phase = Phase::MoveRobber;
        }
    }

    /// Players who still owe a discard.
    pub(super) fn discarders(&self) -> PlayerSet {
        let mut s = PlayerSet::EMPTY;
        for p in 0..self.rules.players {
            if self.discard[p as usize] > 0 {
                s = s.with(Player(p));
            }
        }
        s
    }

    /// Everything in the discard phase: only discards, each by a seat that owes one, of
    /// cards it holds, at least one and at most the number still owed. A seat may give its
    /// cards all at once or in parts (one card at a time, as the fixed action ids do): each
    /// part reduces what it owes (docs/rulings.md §38).
    #[inline(always)]
    pub(super) fn check_discard_phase(&self, action: &Action) -> Result<(), RuleError> {
        let player = action.player();
        let p = player.0;
        match *action {
            Action::Discard { resources, .. } => {
                let need = self.discard[p as usize];
                if need == 0 {
                    return Err(RuleError::NotYourTurn { player });
                }
                let given = resources.total();
                if given == 0 || given > need as u32 {
                    return Err(RuleError::WrongDiscard {
                        need,
                        given: given.min(255) as u8,
                    });
                }
                let hand = self.seats[p as usize].hand;
                if !hand.contains(&resources) {
                    return Err(RuleError::NotEnoughResources { need: resources });
                }
                Ok(())
            }
            _ if p != self.current => Err(RuleError::NotYourTurn { player }),
            _ => Err(self.wrong_phase(action)),
        }
    }

    /// A discard (all that is owed or a part of it); the robber moves once every discard is
    /// in.
    #[inline(always)]
    pub(super) fn discard<S: EventSink>(&mut self, p: u8, resources: Resources, sink: &mut S) {
        self.seats[p as usize].hand.sub(&resources);
        self.bank.add(&resources);
        self.discard[p as usize] -= resources.total() as u8;
        sink.push(Event::Discarded {
            player: Player(p),
            resources,
        });
        if self.discard.iter().all(|&d| d == 0) {
            self.phase = Phase::MoveRobber;
        }
    }

    /// Moving the robber after a 7.
    #[inline(always)]
    pub(super) fn check_move_robber(
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
        self.check_robber(p, hex, victim, resource)
    }

    /// The robber's move and steal, for a 7 and for a knight: another land hex (not a
    /// protected one while an unprotected one is left, under the friendly robber), a
    /// victim exactly when someone there holds cards, and a stolen card from outside exactly
    /// when chance is external.
    pub(super) fn check_robber(
        &self,
        p: u8,
        hex: HexId,
        victim: Option<Player>,
        resource: Option<Resource>,
    ) -> Result<(), RuleError> {
        if hex.index() >= self.board.hexes().len() || !self.board.hex(hex).terrain.is_land() {
            return Err(RuleError::NoSuchHex { hex });
        }
        if hex.0 == self.robber {
            return Err(RuleError::RobberMustMove);
        }
        if self.rules.friendly_robber
            && self.hex_protected(p, hex)
            && self.robber_targets_unprotected(p)
        {
            return Err(RuleError::RobberProtectedHex { hex });
        }
        self.check_steal(self.robber_victims(p, hex), victim, resource)
    }

    /// The steal of a robber or pirate move: a victim exactly when someone in `victims`
    /// may be robbed, and a stolen card from outside exactly when chance is external.
    pub(super) fn check_steal(
        &self,
        victims: PlayerSet,
        victim: Option<Player>,
        resource: Option<Resource>,
    ) -> Result<(), RuleError> {
        match victim {
            None if !victims.is_empty() => return Err(RuleError::VictimRequired),
            Some(v) if v.0 >= self.rules.players || !victims.contains(v) => {
                return Err(RuleError::InvalidVictim { victim: v })
            }
            _ => {}
        }
        let external = self.rules.chance == ChanceMode::External;
        match (victim, resource, external) {
            (Some(_), None, true) => Err(RuleError::OutcomeRequired),
            (_, Some(_), false) => Err(RuleError::OutcomeNotAllowed),
            (None, Some(_), true) => Err(RuleError::ImpossibleOutcome {
                reason: "nothing is stolen here",
            }),
            (Some(v), Some(r), true) if self.seats[v.index()].hand[r] == 0 => {
                Err(RuleError::ImpossibleOutcome {
                    reason: "the victim holds no such card",
                })
            }
            _ => Ok(()),
        }
    }

    /// Opponents of `p` with a building at `hex` (a land hex) and cards in hand.
    pub(crate) fn robber_victims(&self, p: u8, hex: HexId) -> PlayerSet {
        // Bit `v & 7` for each corner holding `v`: bit 0 the empty corners, bit `q + 1`
        // seat `q`'s buildings. No branch on the corners, each read at the word and shift
        // the board worked out for it (as production reads them); each owner's hand is
        // looked at once.
        let mut owners = 0u8;
        let (words, shifts) = self.board.hex(hex).land_corner_nibbles();
        for (w, s) in words.into_iter().zip(shifts) {
            owners |= 1 << (self.nodes.at(w, s) & 7);
        }
        let mut owners = (owners >> 1) & !(1 << p);
        let mut s = PlayerSet::EMPTY;
        while owners != 0 {
            let q = owners.trailing_zeros() as u8;
            owners &= owners - 1;
            if !self.seats[q as usize].hand.is_empty() {
                s = s.with(Player(q));
            }
        }
        s
    }

    /// Under the friendly robber: whether `hex` touches an opponent of `p` with fewer than
    /// 3 public points.
    pub(crate) fn hex_protected(&self, p: u8, hex: HexId) -> bool {
        self.board.hex(hex).nodes().any(|n| {
            let v = self.nodes.get(n.index());
            v != 0 && (v & 7) - 1 != p && self.public_points(Player((v & 7) - 1)) < 3
        })
    }

    /// Whether `p` has an unprotected hex to move the robber to.
    pub(crate) fn robber_targets_unprotected(&self, p: u8) -> bool {
        self.board
            .land_hexes()
            .any(|h| h.0 != self.robber && !self.hex_protected(p, h))
    }

    /// The robber moved after a 7: then the main phase.
    #[inline(always)]
    pub(super) fn robber_moved<S: EventSink>(
        &mut self,
        p: u8,
        hex: HexId,
        victim: Option<Player>,
        resource: Option<Resource>,
        sink: &mut S,
    ) {
        self.move_robber(p, hex, victim, resource, sink);
        self.phase = Phase::Main;
    }

    /// Moves the robber and steals one card (the given one, or drawn from the victim's
    /// hand).
    pub(super) fn move_robber<S: EventSink>(
        &mut self,
        p: u8,
        hex: HexId,
        victim: Option<Player>,
        resource: Option<Resource>,
        sink: &mut S,
    ) {
        self.robber = hex.0;
        sink.push(Event::RobberMoved {
            player: Player(p),
            hex,
        });
        self.steal(p, victim, resource, sink);
    }

    /// `p` steals one card from `victim` (the given one, or drawn from the victim's hand).
    #[inline]
    pub(super) fn steal<S: EventSink>(
        &mut self,
        p: u8,
        victim: Option<Player>,
        resource: Option<Resource>,
        sink: &mut S,
    ) {
        if let Some(v) = victim {
            let r = resource.unwrap_or_else(|| {
                Resource::ALL[self
                    .rng
                    .weighted_array(&self.seats[v.index()].hand.0)
                    .expect("victim has cards")]
            });
            self.seats[v.index()].hand[r] -= 1;
            self.seats[p as usize].hand[r] += 1;
            sink.push(Event::Stole {
                thief: Player(p),
                victim: v,
                resource: Some(r),
            });
        }
    }

    /// Every robber move of `player` (as a knight when `knight`): each land hex but the
    /// robber's, with each eligible victim (and each stealable resource when chance is
    /// external), or nobody.
    /// The hexes' owners come from `memo` ([`Spots::hex_owners`]), and in the common case
    /// (the robber neither friendly nor external, someone to rob) the moves themselves
    /// ([`Spots::robber_moves`], listed by [`Game::push_common_robber_moves`]).
    pub(super) fn push_robber_moves<O: Out, M: Spots>(
        &self,
        player: Player,
        knight: bool,
        memo: &mut M,
        out: &mut O,
    ) {
        let p = player.0;
        let eligible = self.robber_eligible(p);
        let external = self.rules.chance == ChanceMode::External;
        let friendly = self.rules.friendly_robber && self.robber_targets_unprotected(p);
        if !(external || friendly) && eligible != 0 {
            return memo.robber_moves(self, player, knight, eligible, out);
        }
        // One copy of the loop for each kind of action, so that no test of `knight` runs
        // per move listed.
        if knight {
            memo.hex_owners(self, eligible, |owners| {
                self.push_robber_moves_as::<true, O>(player, eligible, owners, friendly, out)
            })
        } else {
            memo.hex_owners(self, eligible, |owners| {
                self.push_robber_moves_as::<false, O>(player, eligible, owners, friendly, out)
            })
        }
    }

    #[inline(always)]
    fn push_robber_moves_as<const KNIGHT: bool, O: Out>(
        &self,
        player: Player,
        eligible: u8,
        owners: &[u8; MAX_HEXES],
        friendly: bool,
        out: &mut O,
    ) {
        let board = &*self.board;
        let p = player.0;
        let make = |hex: HexId, victim: Option<Player>, resource: Option<Resource>| {
            robber_action(KNIGHT, player, hex, victim, resource)
        };
        let external = self.rules.chance == ChanceMode::External;
        if external || friendly {
            for &hex in board.land() {
                if hex.0 == self.robber || (friendly && self.hex_protected(p, hex)) {
                    continue;
                }
                let mut victims = owners[hex.index()] & eligible;
                if !external {
                    victims |= ((victims == 0) as u8) << 7;
                    while victims != 0 {
                        let v = victims.trailing_zeros() as u8;
                        victims &= victims - 1;
                        out.push(make(hex, (v != 7).then_some(Player(v)), None));
                    }
                    continue;
                }
                if victims == 0 {
                    out.push(make(hex, None, None));
                }
                while victims != 0 {
                    let v = Player(victims.trailing_zeros() as u8);
                    victims &= victims - 1;
                    let hand = self.seats[v.index()].hand;
                    for r in Resource::ALL {
                        if hand[r] > 0 {
                            out.push(make(hex, Some(v), Some(r)));
                        }
                    }
                }
            }
            return;
        }
        self.push_common_robber_moves::<KNIGHT, O>(
            player,
            eligible,
            owners,
            self.robber,
            out,
            |_, _| {},
        );
    }

    /// The common case of [`Game::push_robber_moves`] (the robber neither friendly nor
    /// external): every land hex but `skip`, in the board's order, each with its victims
    /// among `eligible` (from `owners`, [`Game::hex_owners`]) or nobody; `done(hex, out)`
    /// is called after each hex's moves. With `skip` not a land hex, every land hex is
    /// listed (a [`ListingMemo`](super::ListingMemo) keeps that list and leaves out the
    /// robber's hex as it copies it).
    #[inline(always)]
    pub(crate) fn push_common_robber_moves<const KNIGHT: bool, O: Out>(
        &self,
        player: Player,
        eligible: u8,
        owners: &[u8; MAX_HEXES],
        skip: u8,
        out: &mut O,
        mut done: impl FnMut(HexId, &O),
    ) {
        // Bit 7 stands for "no victim" when there is none, so that both cases run through
        // one loop (no branch on whether the hex has victims).
        for &hex in self.board.land() {
            let mut victims = owners[hex.index()] & eligible;
            victims |= ((victims == 0) as u8) << 7;
            // The skipped hex (the robber's own) lists nothing.
            victims &= 0u8.wrapping_sub((hex.0 != skip) as u8);
            while victims != 0 {
                let v = victims.trailing_zeros() as u8;
                victims &= victims - 1;
                out.push(robber_action(
                    KNIGHT,
                    player,
                    hex,
                    (v != 7).then_some(Player(v)),
                    None,
                ));
            }
            done(hex, out);
        }
    }

    /// Players who could be robbed by `p` at all, as bits: opponents holding cards.
    #[inline(always)]
    fn robber_eligible(&self, p: u8) -> u8 {
        // Every seat's bit without a branch, then `p`'s taken out.
        let mut holding = 0u8;
        for (q, s) in self.seats[..self.rules.players as usize].iter().enumerate() {
            holding |= u8::from(!s.hand.is_empty()) << q;
        }
        holding & !(1 << p)
    }

    /// Marks in `owners` the owners of buildings around each hex, as bits, from the (few)
    /// occupied nodes: the robber's victims before the "holds cards" filter.
    #[inline(always)]
    pub(crate) fn hex_owners(&self, owners: &mut [u8; MAX_HEXES]) {
        let board = &*self.board;
        self.nodes.for_each_nonzero(board.nodes().len(), |n, v| {
            let bit = 1u8 << ((v & 7) - 1);
            for h in board.node(NodeId(n as u8)).hexes_padded() {
                owners[h as usize] |= bit;
            }
        });
    }

    /// Every discard of every seat that owes one: each whole discard (every multiset of
    /// the owed size), or, for a sink that lists discards one card at a time (the
    /// fixed-id masks), each single card the seat holds.
    #[inline(always)]
    pub(super) fn push_all_discards<O: Out>(&self, out: &mut O) {
        let single = out.single_discards();
        for p in 0..self.rules.players {
            let need = self.discard[p as usize];
            if need == 0 {
                continue;
            }
            if single {
                let hand = self.seats[p as usize].hand;
                for r in Resource::ALL {
                    if hand[r] > 0 {
                        out.push(Action::Discard {
                            player: Player(p),
                            resources: Resources::one(r),
                        });
                    }
                }
            } else {
                self.push_discards(Player(p), need, out);
            }
        }
    }

    fn push_discards<O: Out>(&self, player: Player, need: u8, out: &mut O) {
        // Every multiset of `need` cards from the hand, in lexicographic order of the counts
        // (brick first). Each count runs from what the later resources cannot cover to what
        // the hand holds, so every multiset visited is listed (no test in the inner loop).
        // The counts are kept as the bytes of one word (brick lowest): each run of the
        // last two (grain up by one, ore down by one) is one addition a discard, and the
        // first four counts are stored as one four-byte write.
        let h = self.seats[player.index()].hand.0.map(u32::from);
        let r3 = h[4];
        let r2 = r3 + h[3];
        let r1 = r2 + h[2];
        let r0 = r1 + h[1];
        let need = u32::from(need);
        // Grain up by one and ore down by one; past a run's end the borrow only reaches
        // bytes that are never stored.
        const STEP: u64 = (1u64 << 24).wrapping_sub(1 << 32);
        for a in need.saturating_sub(r0)..h[0].min(need) + 1 {
            let la = need - a;
            for b in la.saturating_sub(r1)..h[1].min(la) + 1 {
                let lb = la - b;
                let ab = u64::from(a) | u64::from(b) << 8;
                for c in lb.saturating_sub(r2)..h[2].min(lb) + 1 {
                    let lc = lb - c;
                    // Grain from what ore cannot cover to what the hand holds (at least
                    // one discard: `c`'s bounds leave no more than grain and ore hold).
                    let d = lc.saturating_sub(r3);
                    let n = h[3].min(lc) - d + 1;
                    let mut w =
                        ab | u64::from(c) << 16 | u64::from(d) << 24 | u64::from(lc - d) << 32;
                    for _ in 0..n {
                        let bytes = w.to_le_bytes();
                        let mut counts = [0; 5];
                        counts.copy_from_slice(&bytes[..5]);
                        out.push(Action::Discard {
                            player,
                            resources: ByResource(counts),
                        });
                        w = w.wrapping_add(STEP);
                    }
                }
            }
        }
    }
}

/// A robber move of `player`: a knight's when `knight`, else one after a 7.
#[inline(always)]
pub(super) fn robber_action(
    knight: bool,
    player: Player,
    hex: HexId,
    victim: Option<Player>,
    resource: Option<Resource>,
) -> Action {
    if knight {
        Action::PlayKnight {
            player,
            hex,
            victim,
            resource,
        }
    } else {
        Action::MoveRobber {
            player,
            hex,
            victim,
            resource,
        }
    }
}

impl ActionSpace {
    /// The id of a robber move (a knight's when `knight`): `land (P+1) + v` in the
    /// move blocks, `(land P + q) 5 + resource` in the external-steal blocks.
    #[inline]
    pub(crate) fn encode_robber(
        &self,
        knight: bool,
        hex: HexId,
        victim: Option<Player>,
        resource: Option<Resource>,
    ) -> Option<u32> {
        let blocks = if knight {
            (Block::Knight, Block::KnightSteal)
        } else {
            (Block::MoveRobber, Block::MoveRobberSteal)
        };
        self.encode_thief(self.land(hex)?, blocks, victim, resource)
    }

    /// The id arithmetic the robber's and the pirate's blocks share, for the `w`-th of the
    /// thief's hexes: `w (P+1) + v` (0: nobody, `q + 1`: seat `q`) in the move block,
    /// `(w P + q) 5 + resource` in the external-steal block.
    #[inline]
    pub(crate) fn encode_thief(
        &self,
        w: u32,
        (moves, steals): (Block, Block),
        victim: Option<Player>,
        resource: Option<Resource>,
    ) -> Option<u32> {
        let p = self.players as u32;
        match (victim, resource) {
            (None, None) => Some(self.offset(moves) + w * (p + 1)),
            (Some(v), None) if (v.0 as u32) < p => {
                Some(self.offset(moves) + w * (p + 1) + v.0 as u32 + 1)
            }
            (Some(v), Some(r)) if (v.0 as u32) < p => {
                Some(self.offset(steals) + (w * p + v.0 as u32) * 5 + r.index() as u32)
            }
            _ => None,
        }
    }

    /// The inverse of [`ActionSpace::encode_thief`] for index `i` of a move block
    /// (`steal` false) or an external-steal block: the hex's index among the thief's
    /// hexes, the victim and the card.
    #[inline]
    pub(crate) fn decode_thief(
        &self,
        steal: bool,
        i: u32,
    ) -> (u32, Option<Player>, Option<Resource>) {
        let p = self.players as u32;
        if !steal {
            let (w, v) = (i / (p + 1), i % (p + 1));
            (w, (v > 0).then(|| Player(v as u8 - 1)), None)
        } else {
            let (wq, r) = (i / 5, i % 5);
            let (w, q) = (wq / p, wq % p);
            (w, Some(Player(q as u8)), Some(Resource::ALL[r as usize]))
        }
    }

    /// The robber move (or knight) with index `i` in block `b`, one of the four robber
    /// blocks.
    pub(crate) fn decode_robber(&self, b: Block, i: u32, player: Player) -> Action {
        let steal = matches!(b, Block::MoveRobberSteal | Block::KnightSteal);
        let (l, victim, resource) = self.decode_thief(steal, i);
        let hex = HexId(self.land_to_hex[l as usize]);
        let knight = matches!(b, Block::Knight | Block::KnightSteal);
        robber_action(knight, player, hex, victim, resource)
    }

    /// The id of a one-card discard: `5 q + resource`. Discards of several cards have no
    /// id (they are made one card at a time).
    #[inline]
    pub(crate) fn encode_discard(&self, player: Player, resources: &Resources) -> Option<u32> {
        if player.0 >= self.players || resources.total() != 1 {
            return None;
        }
        let r = resources.0.iter().position(|&c| c == 1)? as u32;
        Some(self.offset(Block::Discard) + player.0 as u32 * 5 + r)
    }

    /// The one-card discard with index `i` in [`Block::Discard`].
    pub(crate) fn decode_discard(&self, i: u32) -> Action {
        Action::Discard {
            player: Player((i / 5) as u8),
            resources: Resources::one(Resource::ALL[(i % 5) as usize]),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Rules;

    /// The discards of `need` cards from `hand` worked out the slow way: every count of
    /// each resource up to the hand's, in lexicographic order (brick first), those of
    /// `need` cards kept.
    fn discards_by_brute_force(player: Player, need: u8, hand: Resources) -> Vec<Action> {
        let h = hand.0;
        let mut out = Vec::new();
        for a in 0..=h[0] {
            for b in 0..=h[1] {
                for c in 0..=h[2] {
                    for d in 0..=h[3] {
                        for e in 0..=h[4] {
                            if u32::from(a)
                                + u32::from(b)
                                + u32::from(c)
                                + u32::from(d)
                                + u32::from(e)
                                == u32::from(need)
                            {
                                out.push(Action::Discard {
                                    player,
                                    resources: Resources::new(a, b, c, d, e),
                                });
                            }
                        }
                    }
                }
            }
        }
        out
    }

    /// Catan base rules, 'Rolling a 7 and Activating the Robber' (each player with more
    /// than 7 cards discards half, choosing which) and docs/rulings.md §38: every multiset
    /// of the owed size from the hand is listed, once, in lexicographic order of the
    /// counts, for small hands of every shape and for large ones (the counts kept as the
    /// bytes of one word, each run of the last two stepped by one addition).
    #[test]
    fn discards_are_every_multiset_in_lexicographic_order() {
        let mut g = Game::new(Rules::default(), 3).unwrap();
        let p = Player(2);
        let mut largest = 0;
        let mut check = |g: &mut Game, hand: Resources, need: u8| {
            g.seats[2].hand = hand;
            let mut listed = Vec::new();
            g.push_discards(p, need, &mut listed);
            let expected = discards_by_brute_force(p, need, hand);
            assert_eq!(listed, expected, "hand {hand:?}, {need} cards");
            largest = largest.max(listed.len());
        };
        // Every hand of up to three of each resource, every size.
        for code in 0..4u32.pow(5) {
            let c = |i: u32| (code / 4u32.pow(i) % 4) as u8;
            let hand = Resources::new(c(0), c(1), c(2), c(3), c(4));
            for need in 1..=hand.total() as u8 {
                check(&mut g, hand, need);
            }
        }
        // Large hands: hundreds or thousands of discards.
        for (hand, need) in [
            (Resources::new(12, 11, 10, 9, 8), 25),
            (Resources::new(7, 6, 5, 0, 3), 10),
            (Resources::new(0, 9, 0, 9, 2), 10),
            (Resources::new(19, 0, 0, 0, 0), 9),
            (Resources::new(4, 4, 4, 4, 4), 10),
        ] {
            check(&mut g, hand, need);
        }
        assert!(largest > 1000, "{largest}");
    }
}
