//! The game state: two principalities (grids of cards), two hands, ten piles, the pending
//! decisions, and the queries every rule uses (stock, points, strength, trade, hand limit).
//!
//! A principality is a grid of [`ROWS`] × [`COLS`] cells. Row [`MIDDLE`] holds the
//! settlements and towns (even columns) and the roads between them (odd columns); rows
//! `MIDDLE ± 1` hold the landscapes (odd columns, diagonally next to the settlements) and
//! the inner upgrade slots (even columns, directly above and below a settlement or town);
//! rows `MIDDLE ± 2` hold a town's outer upgrade slots ("Card Game rules, 'Development of
//! the Principality'": 2 upgrades on a settlement, 4 on a town).

use super::catalogue::{CardKind, Catalogue, Effect, UpgradeClass};
use super::error::CardRulesError;
use super::types::{opponent, CardId, CardResource, CardResources, PileId};
use crate::rng::Rng;
use crate::types::Player;
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// Columns of a principality grid.
pub const COLS: usize = 27;
/// Rows of a principality grid.
pub const ROWS: usize = 5;
/// The middle row (settlements, towns, roads).
pub const MIDDLE: usize = 2;
/// The column of the first starting settlement (the road is at +1, the second at +2).
pub const START_COL: usize = 12;
/// Most units a landscape stores ("Card Game rules, 'Recording Raw Material Levels'").
pub const MAX_STOCK: u8 = 3;
/// Capacity reserved for a hand (no allocation when it grows).
pub const HAND_CAPACITY: usize = 24;
/// Most pending steps at once.
pub const QUEUE_CAPACITY: usize = 24;

/// One cell of a principality: a card (or none), the units stored on a landscape, and the
/// settlement lying under a town.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Cell {
    /// The card, if any.
    pub card: Option<CardId>,
    /// Units stored (landscapes only), `0..=3`.
    pub stock: u8,
    /// Under a town: the settlement it upgraded.
    pub under: Option<CardId>,
}

/// A card in a hand, and whether it was taken this turn (then it cannot be played:
/// "Card Game rules, 'Changing a Card'").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct HandCard {
    /// The card.
    pub card: CardId,
    /// Taken this turn.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub fresh: bool,
}

/// Where the game is, when no pending step is waiting.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    /// Waiting for the starting player (external chance only).
    Start,
    /// The opening choice of three cards.
    Opening,
    /// The player to move rolls both dice.
    Roll,
    /// Action cards, trade, building, then replenishing.
    Main,
    /// The game is over.
    Over,
}

/// What a searched pile is searched for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Purpose {
    /// The opening choice of 3 cards.
    Opening,
    /// Replenishing the hand, paid with resources.
    Replenish,
    /// The Master Builder event.
    MasterBuilder,
}

/// An attack by action card that the defender may counter and a die decides.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Attack {
    /// Black Knight: a knight goes back to its owner's hand.
    BlackKnight,
    /// Arsonist: a building goes back to its owner's hand.
    Arsonist,
    /// Raid: two resources change hands.
    Raid,
}

/// Which cards of a principality a choice may pick.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Target {
    /// A knight.
    Knight,
    /// A knight or a fleet, not protected by a church on its town (civil war).
    CivilWarUnit,
    /// A building upgrade (green building or any red upgrade).
    Building,
}

/// A step the game waits for (or, for the automatic ones, runs at once). Steps run in
/// order; the first one is the current decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "step", rename_all = "snake_case")]
pub enum Pending {
    /// Automatic: production after the event ("Course of the Game: Overview", step 2).
    Production,
    /// Automatic: both players discard above their hand limit.
    CheckHands,
    /// Automatic: the roller draws and resolves the top event card.
    EventCard,
    /// `player` chooses `n` resources to receive, one at a time.
    Gain {
        /// Who receives.
        player: Player,
        /// How many are left.
        n: u8,
    },
    /// `taker` chooses `n` resources to take from `victim`.
    Steal {
        /// Who takes.
        taker: Player,
        /// From whom.
        victim: Player,
        /// How many are left.
        n: u8,
    },
    /// `giver` chooses `n` of his resources to give to `receiver`.
    Give {
        /// Who gives.
        giver: Player,
        /// Who receives.
        receiver: Player,
        /// How many are left.
        n: u8,
    },
    /// `player` chooses `n` of his resources to give up.
    Spend {
        /// Who pays.
        player: Player,
        /// How many are left.
        n: u8,
    },
    /// `player` discards one card above the limit under a development pile of his choice.
    Discard {
        /// Who discards.
        player: Player,
    },
    /// `player` chooses a development pile to look through.
    ChoosePile {
        /// Who chooses.
        player: Player,
        /// Why.
        purpose: Purpose,
    },
    /// `player` looks through `pile` and takes `n` more cards from it.
    Search {
        /// Who searches.
        player: Player,
        /// The pile.
        pile: PileId,
        /// Why.
        purpose: Purpose,
        /// Cards still to take.
        n: u8,
    },
    /// Master Builder: `player` slips one card of his hand under a development pile.
    PutBack {
        /// Who gives a card back.
        player: Player,
    },
    /// `chooser` picks a card of `owner`'s principality that goes back to `owner`'s hand.
    ChooseCard {
        /// Who chooses.
        chooser: Player,
        /// Whose card.
        owner: Player,
        /// Which cards qualify.
        target: Target,
    },
    /// `defender` may answer an attack with a counter card.
    Counter {
        /// Who may counter.
        defender: Player,
        /// The attack.
        attack: Attack,
    },
    /// The attacker rolls the die for an attack.
    AttackDie {
        /// Who attacks.
        attacker: Player,
        /// The attack.
        attack: Attack,
        /// Whether it was countered.
        countered: bool,
    },
    /// Spy: `player` looks at the opponent's hand and takes a card he can play, or none.
    Spy {
        /// Who spies.
        player: Player,
    },
    /// Conflict: `chooser` returns `n` more cards of the opponent's hand under piles.
    Conflict {
        /// The Knight token holder.
        chooser: Player,
        /// How many are left.
        n: u8,
    },
    /// A settlement was built at `col`: draw its two landscapes, or play a Scout.
    Landscapes {
        /// The builder.
        player: Player,
        /// The settlement's column.
        col: u8,
    },
    /// The two drawn landscapes: the builder says which goes above.
    PlaceDrawn {
        /// The builder.
        player: Player,
        /// The settlement's column.
        col: u8,
    },
    /// Scout: the builder picks the two landscapes from the pile.
    ScoutPick {
        /// The builder.
        player: Player,
        /// The settlement's column.
        col: u8,
    },
    /// External chance: the shuffle of `pile`, one position at a time; the first `placed`
    /// cards are already in their new places.
    Shuffle {
        /// The player to move (who reports the outcome).
        player: Player,
        /// The pile being shuffled.
        pile: PileId,
        /// Positions already decided.
        placed: u8,
    },
    /// The opponent answers the trade offer.
    Answer {
        /// Who answers.
        player: Player,
    },
}

/// A trade offer from the player to move to the opponent.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Offer {
    /// What the offering player gives.
    pub give: CardResources,
    /// What he asks for.
    pub get: CardResources,
}

/// Variant rules of the card game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct CardRules {
    /// Victory points to win ("Card Game rules, 'End of the Game'": 12; fewer for a shorter
    /// game, as the rules' tip suggests).
    pub vp_target: u8,
    /// The base hand limit ("Card Game rules, 'Replenishing Your Hand'": 3).
    pub hand_limit: u8,
    /// Where dice and the starting player come from.
    pub chance: crate::ChanceMode,
}

impl CardRules {
    /// The lowest accepted victory target: 3. The two starting settlements give each seat
    /// 2 points, so a target of 1 or 2 is won before anyone acts.
    pub const MIN_VP_TARGET: u8 = 3;
    /// The highest accepted victory target: 14 (the rules play to 12). A principality has
    /// room for only so many cards, so a higher target can leave a game without end: in
    /// 300 random games each (seeds 0–299, players choosing uniformly among the actions
    /// that are not offers, at most 200,000 actions), targets 12 to 14 ended every game,
    /// 15 left 1 unfinished, 16 left 6 and 20 left 95.
    pub const MAX_VP_TARGET: u8 = 14;
    /// The lowest accepted hand limit: 1 (with 0 nobody ever holds a card to play).
    pub const MIN_HAND_LIMIT: u8 = 1;
    /// The highest accepted hand limit: 7. With the two libraries and two cloisters of
    /// the set a hand then holds at most 11 cards after replenishing, well within the hand
    /// indices of the action space ([`super::HAND_SLOTS`]).
    pub const MAX_HAND_LIMIT: u8 = 7;

    /// Checks that the rules describe a game that can be played and can end:
    ///
    /// | field | accepted |
    /// | --- | --- |
    /// | `vp_target` | [`CardRules::MIN_VP_TARGET`] (3) to [`CardRules::MAX_VP_TARGET`] (14) |
    /// | `hand_limit` | [`CardRules::MIN_HAND_LIMIT`] (1) to [`CardRules::MAX_HAND_LIMIT`] (7) |
    /// | `chance` | either mode |
    ///
    /// [`super::CardGame::try_new`], the position loader and every skin call it.
    ///
    /// ```
    /// use catan_rules::cards::{CardRules, CardRulesError};
    /// let r = CardRules { hand_limit: 0, ..CardRules::default() };
    /// assert_eq!(r.validate(), Err(CardRulesError::HandLimit { hand_limit: 0 }));
    /// ```
    ///
    /// # Errors
    /// The first problem found (the victory target first).
    pub fn validate(&self) -> Result<(), CardRulesError> {
        if !(Self::MIN_VP_TARGET..=Self::MAX_VP_TARGET).contains(&self.vp_target) {
            return Err(CardRulesError::VpTarget {
                vp_target: self.vp_target,
            });
        }
        if !(Self::MIN_HAND_LIMIT..=Self::MAX_HAND_LIMIT).contains(&self.hand_limit) {
            return Err(CardRulesError::HandLimit {
                hand_limit: self.hand_limit,
            });
        }
        Ok(())
    }
}

impl Default for CardRules {
    fn default() -> Self {
        CardRules {
            vp_target: 12,
            hand_limit: 3,
            chance: crate::ChanceMode::Seeded,
        }
    }
}

/// The whole state of a card game (see [`super::CardGame`] for its API).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct State {
    pub cat: Arc<Catalogue>,
    pub rules: CardRules,
    pub rng: Rng,
    pub grid: [[[Cell; COLS]; ROWS]; 2],
    pub hands: [Vec<HandCard>; 2],
    pub piles: [Vec<CardId>; PileId::COUNT],
    /// Action cards each seat has played (face up, out of the game).
    pub played: [Vec<CardId>; 2],
    /// Per seat, a bit per pile whose order the seat has seen and still knows.
    pub known: [u16; 2],
    pub starter: Option<Player>,
    pub current: Player,
    pub turn: u16,
    pub phase: Phase,
    pub dice: Option<(u8, u8)>,
    pub alchemist: Option<u8>,
    pub built: bool,
    pub exchanged: bool,
    pub replenishing: bool,
    pub knight_token: Option<Player>,
    pub mill_token: Option<Player>,
    pub winner: Option<Player>,
    pub queue: Vec<Pending>,
    pub drawn: [Option<CardId>; 2],
    pub offer: Option<Offer>,
    pub opening_pile: Option<PileId>,
}

/// Cells of a grid in the fixed order used for every automatic choice: upper rows first,
/// left to right.
pub(crate) fn cells() -> impl Iterator<Item = (usize, usize)> {
    (0..ROWS).flat_map(|r| (0..COLS).map(move |c| (r, c)))
}

/// The cells where landscapes lie (rows next to the middle, odd columns), in the fixed order.
pub(crate) fn landscape_cells() -> impl Iterator<Item = (usize, usize)> {
    [MIDDLE - 1, MIDDLE + 1]
        .into_iter()
        .flat_map(|r| (1..COLS).step_by(2).map(move |c| (r, c)))
}

/// The cells where upgrades lie (rows other than the middle, even columns).
pub(crate) fn upgrade_cells() -> impl Iterator<Item = (usize, usize)> {
    [MIDDLE - 2, MIDDLE - 1, MIDDLE + 1, MIDDLE + 2]
        .into_iter()
        .flat_map(|r| (0..COLS).step_by(2).map(move |c| (r, c)))
}

impl State {
    #[inline]
    pub fn spec(&self, id: CardId) -> &super::catalogue::CardSpec {
        self.cat.card(id)
    }

    #[inline]
    pub fn cell(&self, p: Player, row: usize, col: usize) -> &Cell {
        &self.grid[p.index()][row][col]
    }

    /// The landscape cells of a player, in the fixed order.
    pub fn landscapes(&self, p: Player) -> impl Iterator<Item = (usize, usize, CardId, u8)> + '_ {
        landscape_cells().filter_map(move |(r, c)| {
            let cell = self.grid[p.index()][r][c];
            let id = cell.card?;
            (self.spec(id).kind == CardKind::Landscape).then_some((r, c, id, cell.stock))
        })
    }

    /// The resource a landscape cell stores.
    pub fn landscape_resource(&self, id: CardId) -> CardResource {
        self.spec(id).resource.unwrap_or(CardResource::Gold)
    }

    /// The player's stock of each resource (all landscapes added up).
    pub fn stock(&self, p: Player) -> CardResources {
        let mut s = CardResources::EMPTY;
        let g = &self.grid[p.index()];
        for row in [&g[MIDDLE - 1], &g[MIDDLE + 1]] {
            for cell in row.iter().skip(1).step_by(2) {
                if let Some(id) = cell.card {
                    if cell.stock > 0 {
                        if let Some(r) = self.spec(id).resource {
                            s.0[r.index()] += cell.stock;
                        }
                    }
                }
            }
        }
        s
    }

    /// Whether one more unit of `r` fits on one of the player's landscapes.
    pub fn has_room(&self, p: Player, r: CardResource) -> bool {
        self.landscapes(p)
            .any(|(_, _, id, n)| self.landscape_resource(id) == r && n < MAX_STOCK)
    }

    /// Adds one unit of `r`, turning the emptiest landscape of `r` (the first in the fixed
    /// order on a tie); `false` if none has room. The engine turns the cards for the
    /// player: receiving fills the emptiest card, paying empties the fullest (docs/cards.md,
    /// "Turning the landscapes").
    pub fn gain(&mut self, p: Player, r: CardResource) -> bool {
        let best = self
            .landscapes(p)
            .filter(|&(_, _, id, n)| self.landscape_resource(id) == r && n < MAX_STOCK)
            .min_by_key(|&(row, col, _, n)| (n, row, col));
        match best {
            Some((row, col, _, _)) => {
                self.gain_at(p, row, col);
                true
            }
            None => false,
        }
    }

    /// Turns the landscape at a cell up by one unit (the caller has checked the room).
    pub fn gain_at(&mut self, p: Player, row: usize, col: usize) {
        self.grid[p.index()][row][col].stock += 1;
    }

    /// Turns the landscape at a cell down by one unit (the caller has checked the stock).
    pub fn spend_at(&mut self, p: Player, row: usize, col: usize) {
        self.grid[p.index()][row][col].stock -= 1;
    }

    /// Removes one unit of `r` from the fullest landscape of `r`; `false` if there is none.
    pub fn spend(&mut self, p: Player, r: CardResource) -> bool {
        let best = self
            .landscapes(p)
            .filter(|&(_, _, id, n)| self.landscape_resource(id) == r && n > 0)
            .max_by_key(|&(row, col, _, n)| (n, usize::MAX - row, usize::MAX - col));
        match best {
            Some((row, col, _, _)) => {
                self.spend_at(p, row, col);
                true
            }
            None => false,
        }
    }

    /// Pays a cost (the caller has checked the stock).
    pub fn pay(&mut self, p: Player, cost: &CardResources) {
        for r in CardResource::ALL {
            for _ in 0..cost.get(r) {
                self.spend(p, r);
            }
        }
    }

    /// The upgrade cards of a player with their cells.
    pub fn upgrades(&self, p: Player) -> impl Iterator<Item = (usize, usize, CardId)> + '_ {
        upgrade_cells().filter_map(move |(r, c)| {
            let id = self.grid[p.index()][r][c].card?;
            matches!(
                self.spec(id).kind,
                CardKind::SettlementUpgrade | CardKind::TownUpgrade
            )
            .then_some((r, c, id))
        })
    }

    /// How many of the player's upgrades have this effect.
    pub fn count_effect(&self, p: Player, e: Effect) -> u8 {
        let g = &self.grid[p.index()];
        let mut n = 0;
        for r in [MIDDLE - 2, MIDDLE - 1, MIDDLE + 1, MIDDLE + 2] {
            for cell in g[r].iter().step_by(2) {
                if let Some(id) = cell.card {
                    n += u8::from(self.spec(id).effect == e);
                }
            }
        }
        n
    }

    /// Whether the middle-row card at `col` is a town.
    pub fn is_town(&self, p: Player, col: usize) -> bool {
        self.grid[p.index()][MIDDLE][col]
            .card
            .is_some_and(|id| self.spec(id).kind == CardKind::Town)
    }

    /// Whether the middle-row card at `col` is a settlement or a town.
    pub fn is_settled(&self, p: Player, col: usize) -> bool {
        self.grid[p.index()][MIDDLE][col]
            .card
            .is_some_and(|id| matches!(self.spec(id).kind, CardKind::Settlement | CardKind::Town))
    }

    /// Whether the player has a town.
    pub fn has_town(&self, p: Player) -> bool {
        (0..COLS).any(|c| self.is_town(p, c))
    }

    /// Strength points: knights plus one per knight for each smithy ("Card Game rules, 'List
    /// of Territorial Upgrade cards'", Smithy).
    pub fn strength(&self, p: Player) -> u32 {
        let smithies = self.count_effect(p, Effect::RaiseKnightStrength) as u32;
        self.upgrades(p)
            .filter(|&(_, _, id)| self.spec(id).class == Some(UpgradeClass::Knight))
            .map(|(_, _, id)| self.spec(id).strength as u32 + smithies)
            .sum()
    }

    /// Tournament points (knights' red numbers).
    pub fn tournament(&self, p: Player) -> u32 {
        self.upgrades(p)
            .map(|(_, _, id)| self.spec(id).tournament as u32)
            .sum()
    }

    /// Trade points; they count only with a town ("Card Game rules, 'Advantageous
    /// Trade'").
    pub fn trade_points(&self, p: Player) -> u32 {
        if !self.has_town(p) {
            return 0;
        }
        self.upgrades(p)
            .map(|(_, _, id)| self.spec(id).trade as u32)
            .sum()
    }

    /// Victory points: cards on the table plus the tokens.
    pub fn points(&self, p: Player) -> u32 {
        let table: u32 = (0..COLS)
            .map(|c| (MIDDLE, c))
            .chain(upgrade_cells())
            .filter_map(|(r, c)| self.grid[p.index()][r][c].card)
            .map(|id| self.spec(id).victory_points as u32)
            .sum();
        table + (self.knight_token == Some(p)) as u32 + (self.mill_token == Some(p)) as u32
    }

    /// The hand limit: the base limit plus one per hand-limit card on the table.
    pub fn hand_limit(&self, p: Player) -> usize {
        self.rules.hand_limit as usize + self.count_effect(p, Effect::RaiseHandLimit) as usize
    }

    /// Whether the seat has acted in a turn of its own (action cards wait for both:
    /// "Card Game rules, 'Laying Out the Playing Area'", ATTENTION).
    pub fn first_round(&self) -> bool {
        self.turn < 3
    }

    /// The first (leftmost) and last occupied middle-row columns.
    pub fn row_ends(&self, p: Player) -> (usize, usize) {
        let occupied = |c: &usize| self.grid[p.index()][MIDDLE][*c].card.is_some();
        let lo = (0..COLS).find(occupied).unwrap_or(START_COL);
        let hi = (0..COLS).rev().find(occupied).unwrap_or(START_COL);
        (lo, hi)
    }

    /// Forgets the order of a pile for the seat that did not see the change.
    pub fn unseen_change(&mut self, pile: PileId, seen_by: Option<Player>) {
        for p in 0..2u8 {
            if seen_by != Some(Player(p)) {
                self.known[p as usize] &= !(1 << pile.0);
            }
        }
    }

    /// Marks a pile as seen by a seat.
    pub fn see(&mut self, p: Player, pile: PileId) {
        self.known[p.index()] |= 1 << pile.0;
    }

    /// The first pending step, if any.
    pub fn head(&self) -> Option<Pending> {
        self.queue.first().copied()
    }

    /// Puts steps in front of the queue, in order.
    pub fn push_front(&mut self, steps: &[Pending]) {
        for (i, s) in steps.iter().enumerate() {
            self.queue.insert(i, *s);
        }
    }

    /// The opponent of the player to move.
    pub fn other(&self) -> Player {
        opponent(self.current)
    }
}
