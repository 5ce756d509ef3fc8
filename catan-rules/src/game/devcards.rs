//! Development cards: buying, and playing a knight, Road Building, Year of Plenty or
//! Monopoly (one card a turn, not one bought this turn; before or after the roll).
//! Victory point cards are never played: they count in the awards family's points.
//!
//! Catan base rules, 5th ed., 'Development Cards'.
//!
//! | rule | check | effect | enumeration | ids |
//! | --- | --- | --- | --- | --- |
//! | buy | `check_buy_card` | `buy_card` | `push_buy_card` | `encode_buy_card` ([`Block::BuyCard`], [`Block::BuyCardKind`]) |
//! | any card | `check_card` | `play_card` | `push_card_plays` | — |
//! | knight | `check_knight` (+ robber family's `check_robber`) | `play_knight` | `push_robber_moves` (robber family) | robber family's `encode_robber` ([`Block::Knight`], [`Block::KnightSteal`]) |
//! | Road Building | `check_card` | `play_road_building`, `after_free_road` | `push_card_plays` | [`Block::RoadBuilding`] |
//! | stopping Road Building early | `check_finish_road_building` | `finish_road_building` | `push_finish_road_building` | [`Block::FinishRoadBuilding`] |
//! | Year of Plenty | `check_year_of_plenty` | `play_year_of_plenty` | `push_year_of_plenty` | `encode_year_of_plenty`, `decode_year_of_plenty` ([`Block::YearOfPlenty`]) |
//! | Monopoly | `check_card` | `play_monopoly` | `push_card_plays` | [`Block::Monopoly`] |
//!
//! Decoding ids of this family is `decode_devcard`.

use super::{Game, Phase, F_BUILT, F_DEV_PLAYED};
use crate::action::Action;
use crate::action_space::{ActionSpace, Block};
use crate::board::HexId;
use crate::error::RuleError;
use crate::event::{Event, EventSink};
use crate::game::build::covers;
use crate::game::legal::Out;
use crate::game::memo::Spots;
use crate::rules::ChanceMode;
use crate::types::{DevCard, Player, Resource, Resources, MAX_PLAYERS};

/// Cost of a development card.
pub const DEV_CARD_COST: Resources = Resources::new(0, 0, 1, 1, 1);

impl Game {
    /// Buying a card: in the main phase, from a non-empty deck, at its cost; the card
    /// drawn given from outside exactly when chance is external.
    #[inline(always)]
    pub(super) fn check_buy_card(
        &self,
        action: &Action,
        p: u8,
        card: Option<DevCard>,
    ) -> Result<(), RuleError> {
        if !self.building_open() {
            return Err(self.wrong_phase(action));
        }
        if self.deck.total() == 0 {
            return Err(RuleError::DeckEmpty);
        }
        let hand = self.seats[p as usize].hand;
        if !hand.contains(&DEV_CARD_COST) {
            return Err(RuleError::NotEnoughResources {
                need: DEV_CARD_COST,
            });
        }
        let external = self.rules.chance == ChanceMode::External;
        match (card, external) {
            (None, true) => Err(RuleError::OutcomeRequired),
            (Some(_), false) => Err(RuleError::OutcomeNotAllowed),
            (Some(c), true) if self.deck[c] == 0 => Err(RuleError::ImpossibleOutcome {
                reason: "that card is not left in the deck",
            }),
            _ => Ok(()),
        }
    }

    /// Buys a card: the given one, or drawn from the deck. It is playable from the next
    /// turn.
    #[inline(always)]
    pub(super) fn buy_card<S: EventSink>(&mut self, p: u8, card: Option<DevCard>, sink: &mut S) {
        self.pay(p, &DEV_CARD_COST);
        let c = card.unwrap_or_else(|| {
            DevCard::ALL[self
                .rng
                .weighted_array(&self.deck.0)
                .expect("deck not empty")]
        });
        self.deck[c] -= 1;
        self.seats[p as usize].new_dev[c] += 1;
        self.flags |= F_BUILT;
        sink.push(Event::DevelopmentCardBought {
            player: Player(p),
            card: Some(c),
        });
    }

    /// Playing `card`: before or after the roll, one card a turn, one held since before
    /// this turn.
    #[inline]
    pub(super) fn check_card(&self, p: u8, card: DevCard, a: &Action) -> Result<(), RuleError> {
        if self.phase != Phase::Roll && self.phase != Phase::Main {
            return Err(self.wrong_phase(a));
        }
        let s = &self.seats[p as usize];
        if self.flags & F_DEV_PLAYED != 0 {
            return Err(RuleError::CardAlreadyPlayed);
        }
        if s.dev[card] == 0 {
            return Err(if s.new_dev[card] > 0 {
                RuleError::CardBoughtThisTurn { card }
            } else {
                RuleError::NoSuchCard { card }
            });
        }
        Ok(())
    }

    /// A knight: the card, then the robber's move and steal.
    #[inline(always)]
    pub(super) fn check_knight(
        &self,
        action: &Action,
        p: u8,
        hex: HexId,
        victim: Option<Player>,
        resource: Option<Resource>,
    ) -> Result<(), RuleError> {
        self.check_card(p, DevCard::Knight, action)?;
        self.check_robber(p, hex, victim, resource)
    }

    /// A knight moving the pirate (Seafarers): the card, then the pirate's move and steal.
    #[inline]
    pub(super) fn check_knight_pirate(
        &self,
        action: &Action,
        p: u8,
        hex: HexId,
        victim: Option<Player>,
        resource: Option<Resource>,
    ) -> Result<(), RuleError> {
        self.check_card(p, DevCard::Knight, action)?;
        self.check_pirate(p, hex, victim, resource)
    }

    /// Year of Plenty: two cards the bank holds (fewer when the bank holds fewer).
    #[inline(always)]
    pub(super) fn check_year_of_plenty(
        &self,
        action: &Action,
        p: u8,
        resources: Resources,
    ) -> Result<(), RuleError> {
        self.check_card(p, DevCard::YearOfPlenty, action)?;
        let need = self.bank.total().min(2) as u8;
        let given = resources.total();
        if given != need as u32 {
            return Err(RuleError::WrongYearOfPlenty {
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

    #[inline]
    fn play_card<S: EventSink>(&mut self, p: u8, card: DevCard, sink: &mut S) {
        self.seats[p as usize].dev[card] -= 1;
        self.flags |= F_DEV_PLAYED;
        sink.push(Event::DevelopmentCardPlayed {
            player: Player(p),
            card,
        });
    }

    /// A knight moves the robber and may win Largest Army.
    #[inline(always)]
    pub(super) fn play_knight<S: EventSink>(
        &mut self,
        p: u8,
        hex: HexId,
        victim: Option<Player>,
        resource: Option<Resource>,
        sink: &mut S,
    ) {
        self.play_card(p, DevCard::Knight, sink);
        self.move_robber(p, hex, victim, resource, sink);
        self.seats[p as usize].knights += 1;
        self.update_largest_army(p, sink);
    }

    /// A knight moving the pirate (Seafarers): as [`Game::play_knight`], the pirate moved.
    #[inline]
    pub(super) fn play_knight_pirate<S: EventSink>(
        &mut self,
        p: u8,
        hex: HexId,
        victim: Option<Player>,
        resource: Option<Resource>,
        sink: &mut S,
    ) {
        self.play_card(p, DevCard::Knight, sink);
        self.move_pirate(p, hex, victim, resource, sink);
        self.seats[p as usize].knights += 1;
        self.update_largest_army(p, sink);
    }

    /// Road Building: up to two free roads, as many as the player has pieces and room for.
    #[inline(always)]
    pub(super) fn play_road_building<S: EventSink>(&mut self, p: u8, sink: &mut S) {
        self.play_card(p, DevCard::RoadBuilding, sink);
        // Seafarers: roads, ships or one of each.
        let left = self.free_route_pieces_left(p).min(2);
        if left > 0 && self.has_free_route_spot(p) {
            self.road_building_left = left;
            self.phase = Phase::RoadBuilding;
        }
    }

    /// After a free road: Road Building ends when both are placed or no spot is left.
    #[inline(always)]
    pub(super) fn after_free_road(&mut self, p: u8) {
        if self.road_building_left == 0 || !self.has_free_route_spot(p) {
            self.road_building_left = 0;
            self.phase = self.after_card_phase();
        }
    }

    /// Stopping Road Building before its free roads are all placed: only while they are
    /// being placed (Catan base rules, 5th ed., 'Progress Cards': the player *may*
    /// place two free roads; docs/rulings.md §29).
    #[inline(always)]
    pub(super) fn check_finish_road_building(&self, action: &Action) -> Result<(), RuleError> {
        if self.phase != Phase::RoadBuilding {
            return Err(RuleError::WrongPhase {
                action: action.kind(),
                reason: "no Road Building roads are being placed",
            });
        }
        Ok(())
    }

    /// Gives up the free roads not yet placed; the turn goes on where the card was played.
    #[inline(always)]
    pub(super) fn finish_road_building<S: EventSink>(&mut self, p: u8, sink: &mut S) {
        sink.push(Event::RoadBuildingFinished {
            player: Player(p),
            unplaced: self.road_building_left,
        });
        self.road_building_left = 0;
        self.phase = self.after_card_phase();
    }

    /// Stopping Road Building, listed after the free roads.
    #[inline]
    pub(super) fn push_finish_road_building<O: Out>(&self, player: Player, out: &mut O) {
        out.push(Action::FinishRoadBuilding { player });
    }

    /// Year of Plenty: the chosen cards from the bank.
    #[inline(always)]
    pub(super) fn play_year_of_plenty<S: EventSink>(
        &mut self,
        p: u8,
        resources: Resources,
        sink: &mut S,
    ) {
        self.play_card(p, DevCard::YearOfPlenty, sink);
        self.bank.sub(&resources);
        self.seats[p as usize].hand.add(&resources);
        sink.push(Event::YearOfPlentyTaken {
            player: Player(p),
            resources,
        });
    }

    /// Monopoly: every card of `resource` from every other hand.
    #[inline(always)]
    pub(super) fn play_monopoly<S: EventSink>(&mut self, p: u8, resource: Resource, sink: &mut S) {
        self.play_card(p, DevCard::Monopoly, sink);
        let mut taken = [0u8; MAX_PLAYERS];
        let mut total = 0u8;
        let n = self.rules.players as usize;
        for (q, (t, seat)) in taken
            .iter_mut()
            .zip(self.seats.iter_mut())
            .enumerate()
            .take(n)
        {
            if q != p as usize {
                *t = std::mem::take(&mut seat.hand[resource]);
                total += *t;
            }
        }
        self.seats[p as usize].hand[resource] += total;
        sink.push(Event::MonopolyTaken {
            player: Player(p),
            resource,
            taken,
        });
    }

    /// Buying a card: seeded, or each kind left in the deck when chance is external.
    #[inline(always)]
    pub(super) fn push_buy_card<O: Out>(&self, player: Player, out: &mut O) {
        let s = &self.seats[player.index()];
        // The hand first: most hands cannot pay, and its test is cheaper than the deck's.
        if !covers(s.hand.word(), DEV_CARD_COST.word()) || self.deck.0 == [0; 5] {
            return;
        }
        if self.rules.chance == ChanceMode::External {
            for card in DevCard::ALL {
                if self.deck[card] > 0 {
                    out.push(Action::BuyDevelopmentCard {
                        player,
                        card: Some(card),
                    });
                }
            }
        } else {
            out.push(Action::BuyDevelopmentCard { player, card: None });
        }
    }

    /// Every card play of `player`: knights (with every robber move), Road Building, each
    /// Monopoly resource, each Year of Plenty take.
    #[inline(always)]
    pub(super) fn push_card_plays<O: Out, M: Spots>(
        &self,
        player: Player,
        memo: &mut M,
        out: &mut O,
    ) {
        // Nothing to play (most listings): one test of the four playable kinds at once,
        // inlined into the listing; the plays themselves are listed out of line.
        if self.holds_card_to_play(player) {
            self.push_held_card_plays(player, memo, out);
        }
    }

    /// Whether `player` may play a card now: none played this turn, and one of the four
    /// playable kinds held (one test of the four at once).
    #[inline(always)]
    pub(super) fn holds_card_to_play(&self, player: Player) -> bool {
        let d = self.seats[player.index()].dev.0;
        !self.development_card_played() && u32::from_le_bytes([d[0], d[1], d[2], d[3]]) != 0
    }

    /// [`Game::push_card_plays`] once `player` holds a card to play.
    #[inline(never)]
    fn push_held_card_plays<O: Out, M: Spots>(&self, player: Player, memo: &mut M, out: &mut O) {
        let s = &self.seats[player.index()];
        if s.dev[DevCard::Knight] > 0 {
            self.push_robber_moves(player, true, memo, out);
            // The pirate's listing lists nothing without open sea: tested here, base games
            // make no call.
            if self.board.open_sea() {
                self.push_pirate_moves(player, true, out);
            }
        }
        if s.dev[DevCard::RoadBuilding] > 0 {
            out.push(Action::PlayRoadBuilding { player });
        }
        if s.dev[DevCard::Monopoly] > 0 {
            for resource in Resource::ALL {
                out.push(Action::PlayMonopoly { player, resource });
            }
        }
        if s.dev[DevCard::YearOfPlenty] > 0 {
            self.push_year_of_plenty(player, out);
        }
    }

    /// Every Year of Plenty take: each pair the bank holds, in order; the one card or the
    /// empty take when the bank holds fewer than two.
    fn push_year_of_plenty<O: Out>(&self, player: Player, out: &mut O) {
        let bank = self.bank;
        match bank.total() {
            0 => out.push(Action::PlayYearOfPlenty {
                player,
                resources: Resources::EMPTY,
            }),
            1 => out.push(Action::PlayYearOfPlenty {
                player,
                resources: bank,
            }),
            _ => {
                for a in 0..5 {
                    for b in a..5 {
                        let mut r = Resources::EMPTY;
                        r.0[a] += 1;
                        r.0[b] += 1;
                        if bank.contains(&r) {
                            out.push(Action::PlayYearOfPlenty {
                                player,
                                resources: r,
                            });
                        }
                    }
                }
            }
        }
    }
}

/// The 15 Year of Plenty pairs `{a ≤ b}`, in id order.
const YOP_PAIRS: [(u8, u8); 15] = {
    let mut out = [(0, 0); 15];
    let mut k = 0;
    let mut a = 0;
    while a < 5 {
        let mut b = a;
        while b < 5 {
            out[k] = (a, b);
            k += 1;
            b += 1;
        }
        a += 1;
    }
    out
};

impl ActionSpace {
    /// The id of buying a card: seeded, or the external draw by kind.
    #[inline]
    pub(crate) fn encode_buy_card(&self, card: Option<DevCard>) -> u32 {
        match card {
            None => self.offset(Block::BuyCard),
            Some(c) => self.offset(Block::BuyCardKind) + c.index() as u32,
        }
    }

    /// The id of a Year of Plenty take: a pair, one card, or none.
    #[inline]
    pub(crate) fn encode_year_of_plenty(&self, resources: &Resources) -> Option<u32> {
        let i = match resources.total() {
            0 => 20,
            1 => 15 + resources.0.iter().position(|&c| c == 1)? as u32,
            2 => {
                let a = resources.0.iter().position(|&c| c > 0)? as u8;
                let b = if resources.0[a as usize] == 2 {
                    a
                } else {
                    resources.0.iter().rposition(|&c| c > 0)? as u8
                };
                YOP_PAIRS.iter().position(|&x| x == (a, b))? as u32
            }
            _ => return None,
        };
        Some(self.offset(Block::YearOfPlenty) + i)
    }

    /// The card action with index `i` in block `b` (buying, Road Building, Year of Plenty,
    /// Monopoly; knights decode with the robber's blocks).
    pub(crate) fn decode_devcard(b: Block, i: u32, player: Player) -> Action {
        match b {
            Block::BuyCard => Action::BuyDevelopmentCard { player, card: None },
            Block::BuyCardKind => Action::BuyDevelopmentCard {
                player,
                card: Some(DevCard::ALL[i as usize]),
            },
            Block::RoadBuilding => Action::PlayRoadBuilding { player },
            Block::FinishRoadBuilding => Action::FinishRoadBuilding { player },
            Block::YearOfPlenty => {
                let mut resources = Resources::EMPTY;
                match i {
                    0..15 => {
                        let (a, b) = YOP_PAIRS[i as usize];
                        resources.0[a as usize] += 1;
                        resources.0[b as usize] += 1;
                    }
                    15..20 => resources.0[i as usize - 15] = 1,
                    _ => {}
                }
                Action::PlayYearOfPlenty { player, resources }
            }
            _ => Action::PlayMonopoly {
                player,
                resource: Resource::ALL[i as usize],
            },
        }
    }
}
