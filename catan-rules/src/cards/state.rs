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
    /// With [`CardRules::choose_landscapes`]: `player` turns `n` units of `resource` on
    /// his landscape cards of it, one `choose_card` per unit — down for units paid or
    /// given (`up` false), up for units received. Queued by the action that pays or
    /// receives, before anything else it queues; made only while more than one card could
    /// turn (otherwise the engine turns them at once).
    Turn {
        /// Whose cards.
        player: Player,
        /// The resource.
        resource: CardResource,
        /// Units still to turn.
        n: u8,
        /// Received (turned up) rather than paid (turned down).
        up: bool,
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
    /// The seat turns its own landscape cards: a unit paid, lost to the opponent or
    /// received that more than one card could give or take becomes a [`Pending::Turn`]
    /// step, answered by `choose_card` with the card ("Card Game rules, 'Recording Raw
    /// Material Levels'"; docs/cards.md, "Paying and receiving by choice"). Off (the
    /// default): the engine turns them. Left out of the JSON when off.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub choose_landscapes: bool,
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
    /// | `choose_landscapes` | either |
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
            choose_landscapes: false,
        }
    }
}

/// The whole state of a card game (see [`super::CardGame`] for its API). `Clone` is
/// written out so that `clone_from` reuses the vectors' buffers.
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct State {
    pub cat: Arc<Catalogue>,
    pub rules: CardRules,
    pub rng: Rng,
    /// Both principalities. Private: every change goes through [`State::set_cell`] or
    /// [`State::set_stock`], which keep [`State::counts`] up to date.
    grid: [[[Cell; COLS]; ROWS]; 2],
    /// Per seat, the counts derived from its principality (see [`Counts`]).
    counts: [Counts; 2],
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

/// The counts every rule asks about, derived from one principality and kept up to date
/// cell by cell as the grid changes ([`State::set_cell`], [`State::set_stock`]), so that
/// a query is a read instead of a walk over the grid (docs/performance.md, "The Card
/// Game"). Each field is defined by the cells it adds up; [`Counts::of`] recounts them
/// from scratch, and a debug build compares the two after every action.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Counts {
    /// Units stored on the landscape cells, per resource (cards with a resource).
    pub stock: CardResources,
    /// Landscape cards on the landscape cells, per resource stored (gold without one).
    pub lands: [u8; 6],
    /// Those of [`Counts::lands`] with room for one more unit.
    pub room: [u8; 6],
    /// Cards on the upgrade cells, per effect.
    pub effects: [u8; EFFECTS],
    /// Upgrades with the 2:1 trade effect, per resource.
    pub fleets: [u8; 6],
    /// Upgrades that are knights.
    pub knights: u8,
    /// Cards anywhere in the grid, per upgrade class (building, knight, fleet).
    pub classes: [u8; 3],
    /// The knights' printed strength, added up.
    pub strength: u16,
    /// The upgrades' tournament points, added up.
    pub tournament: u16,
    /// The upgrades' trade points, added up.
    pub trade: u16,
    /// Victory points of the cards in the middle row and on the upgrade cells.
    pub points: u16,
    /// A bit per occupied middle-row column.
    pub middle: u32,
    /// A bit per middle-row column holding a settlement or a town.
    pub settled: u32,
    /// A bit per middle-row column holding a town.
    pub towns: u32,
    /// A bit per column holding a landscape card, in the landscape row above the middle
    /// and in the one below.
    pub land_cols: [u32; 2],
    /// Per resource stored, a bit per landscape card: bit `col` for the row above the
    /// middle, bit `32 + col` for the row below (so that bit order is the fixed order).
    pub lands_of: [u64; 6],
    /// Per production number (1–6 at index 0–5), a bit per landscape card bearing it, as
    /// in [`Counts::lands_of`]: production visits only the cards the die names.
    pub lands_at: [u64; 6],
}

/// The number of [`Effect`]s (the size of [`Counts::effects`]).
pub(crate) const EFFECTS: usize = Effect::ShuffleEventPile as usize + 1;

fn class_index(c: UpgradeClass) -> usize {
    match c {
        UpgradeClass::Building => 0,
        UpgradeClass::Knight => 1,
        UpgradeClass::Fleet => 2,
    }
}

impl Counts {
    /// Counts a principality from scratch.
    pub fn of(cat: &Catalogue, grid: &[[Cell; COLS]; ROWS]) -> Counts {
        let mut n = Counts::default();
        for (r, c) in cells() {
            n.tally(cat, r, c, grid[r][c], true);
        }
        n
    }

    /// Adds (or takes away) what the cell at `(r, c)` holding `cell` contributes.
    fn tally(&mut self, cat: &Catalogue, r: usize, c: usize, cell: Cell, add: bool) {
        let Some(id) = cell.card else { return };
        let spec = cat.card(id);
        // Wrapping: a position being loaded may hold out-of-range values before it is refused.
        let bump8 = |x: &mut u8, n: u8| {
            *x = if add {
                x.wrapping_add(n)
            } else {
                x.wrapping_sub(n)
            }
        };
        let bump16 = |x: &mut u16, n: u8| {
            *x = if add {
                x.wrapping_add(n.into())
            } else {
                x.wrapping_sub(n.into())
            }
        };
        if let Some(class) = spec.class {
            bump8(&mut self.classes[class_index(class)], 1);
        }
        if r == MIDDLE {
            bump16(&mut self.points, spec.victory_points);
            let bit = 1u32 << c;
            let flip = |m: &mut u32| *m = if add { *m | bit } else { *m & !bit };
            flip(&mut self.middle);
            match spec.kind {
                CardKind::Town => {
                    flip(&mut self.settled);
                    flip(&mut self.towns);
                }
                CardKind::Settlement => flip(&mut self.settled),
                _ => {}
            }
        } else if c % 2 == 0 {
            bump16(&mut self.points, spec.victory_points);
            bump8(&mut self.effects[spec.effect as usize], 1);
            if matches!(
                spec.kind,
                CardKind::SettlementUpgrade | CardKind::TownUpgrade
            ) {
                bump16(&mut self.tournament, spec.tournament);
                bump16(&mut self.trade, spec.trade);
                if spec.class == Some(UpgradeClass::Knight) {
                    bump8(&mut self.knights, 1);
                    bump16(&mut self.strength, spec.strength);
                }
                if spec.effect == Effect::TradeTwoForOne {
                    if let Some(res) = spec.resource {
                        bump8(&mut self.fleets[res.index()], 1);
                    }
                }
            }
        } else if r == MIDDLE - 1 || r == MIDDLE + 1 {
            if let Some(res) = spec.resource {
                bump8(&mut self.stock.0[res.index()], cell.stock);
            }
            if spec.kind == CardKind::Landscape {
                let bits = &mut self.land_cols[usize::from(r > MIDDLE)];
                *bits = if add {
                    *bits | 1 << c
                } else {
                    *bits & !(1 << c)
                };
                let res = spec.resource.unwrap_or(CardResource::Gold).index();
                let bit = 1u64 << (usize::from(r > MIDDLE) * 32 + c);
                let of = &mut self.lands_of[res];
                *of = if add { *of | bit } else { *of & !bit };
                let die = spec
                    .die
                    .map_or(usize::MAX, |d| usize::from(d).wrapping_sub(1));
                if let Some(at) = self.lands_at.get_mut(die) {
                    *at = if add { *at | bit } else { *at & !bit };
                }
                bump8(&mut self.lands[res], 1);
                if cell.stock < MAX_STOCK {
                    bump8(&mut self.room[res], 1);
                }
            }
        }
    }
}

impl Clone for State {
    fn clone(&self) -> State {
        let mut s = State::blank(self.cat.clone(), self.rules, self.rng);
        s.clone_from(self);
        s
    }

    /// Copies `o` into `self` without allocating once `self`'s vectors are large enough.
    fn clone_from(&mut self, o: &State) {
        if !Arc::ptr_eq(&self.cat, &o.cat) {
            self.cat = o.cat.clone();
        }
        self.rules = o.rules;
        self.rng = o.rng;
        self.grid = o.grid;
        self.counts = o.counts;
        for (a, b) in self.hands.iter_mut().zip(&o.hands) {
            a.clone_from(b);
        }
        for (a, b) in self.piles.iter_mut().zip(&o.piles) {
            a.clone_from(b);
        }
        for (a, b) in self.played.iter_mut().zip(&o.played) {
            a.clone_from(b);
        }
        self.known = o.known;
        self.starter = o.starter;
        self.current = o.current;
        self.turn = o.turn;
        self.phase = o.phase;
        self.dice = o.dice;
        self.alchemist = o.alchemist;
        self.built = o.built;
        self.exchanged = o.exchanged;
        self.replenishing = o.replenishing;
        self.knight_token = o.knight_token;
        self.mill_token = o.mill_token;
        self.winner = o.winner;
        self.queue.clone_from(&o.queue);
        self.drawn = o.drawn;
        self.offer = o.offer;
        self.opening_pile = o.opening_pile;
    }
}

/// The cells of one seat's landscape cards (from [`Counts::land_cols`]), the row above the
/// middle first, each row left to right.
pub(crate) struct LandCells {
    bits: [u32; 2],
    row: usize,
}

impl Iterator for LandCells {
    type Item = (usize, usize);

    #[inline]
    fn next(&mut self) -> Option<(usize, usize)> {
        while self.row < 2 {
            let b = self.bits[self.row];
            if b != 0 {
                self.bits[self.row] = b & (b - 1);
                let r = if self.row == 0 {
                    MIDDLE - 1
                } else {
                    MIDDLE + 1
                };
                return Some((r, b.trailing_zeros() as usize));
            }
            self.row += 1;
        }
        None
    }
}

/// Cells of a grid in the fixed order used for every automatic choice: upper rows first,
/// left to right.
pub(crate) fn cells() -> impl Iterator<Item = (usize, usize)> {
    (0..ROWS).flat_map(|r| (0..COLS).map(move |c| (r, c)))
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

    /// Both principalities (read only: changes go through [`State::set_cell`]).
    #[inline]
    pub fn grid(&self) -> &[[[Cell; COLS]; ROWS]; 2] {
        &self.grid
    }

    /// The derived counts of a seat's principality.
    #[inline]
    pub fn counts(&self, p: Player) -> &Counts {
        &self.counts[p.index()]
    }

    /// A state with empty principalities (the counts of an empty grid).
    pub fn blank(cat: Arc<Catalogue>, rules: CardRules, rng: Rng) -> State {
        State {
            rules,
            rng,
            grid: [[[Cell::default(); COLS]; ROWS]; 2],
            counts: [Counts::default(); 2],
            hands: [
                Vec::with_capacity(HAND_CAPACITY),
                Vec::with_capacity(HAND_CAPACITY),
            ],
            piles: core::array::from_fn(|_| Vec::with_capacity(cat.total_cards())),
            played: [Vec::with_capacity(32), Vec::with_capacity(32)],
            known: [0; 2],
            starter: None,
            current: Player(0),
            turn: 0,
            phase: Phase::Opening,
            dice: None,
            alchemist: None,
            built: false,
            exchanged: false,
            replenishing: false,
            knight_token: None,
            mill_token: None,
            winner: None,
            queue: Vec::with_capacity(QUEUE_CAPACITY),
            drawn: [None; 2],
            offer: None,
            opening_pile: None,
            cat,
        }
    }

    /// Puts `cell` at `(row, col)` of a principality, keeping the counts up to date. Every
    /// change of the grid goes through here or [`State::set_stock`].
    pub fn set_cell(&mut self, p: Player, row: usize, col: usize, cell: Cell) {
        let cat = &*self.cat;
        let counts = &mut self.counts[p.index()];
        let at = &mut self.grid[p.index()][row][col];
        counts.tally(cat, row, col, *at, false);
        *at = cell;
        counts.tally(cat, row, col, cell, true);
    }

    /// Sets the units stored on the landscape at `(row, col)`, keeping the counts up to
    /// date.
    pub fn set_stock(&mut self, p: Player, row: usize, col: usize, stock: u8) {
        // What `Counts::tally` would take away and add again, less what does not depend
        // on the units: the stock of the card's resource and, for a landscape, its room.
        let cell = &mut self.grid[p.index()][row][col];
        let old = core::mem::replace(&mut cell.stock, stock);
        let Some(id) = cell.card else { return };
        if row == MIDDLE || row.abs_diff(MIDDLE) != 1 || col % 2 == 0 {
            return;
        }
        let spec = self.cat.card(id);
        let n = &mut self.counts[p.index()];
        if let Some(res) = spec.resource {
            let x = &mut n.stock.0[res.index()];
            *x = x.wrapping_sub(old).wrapping_add(stock);
        }
        if spec.kind == CardKind::Landscape {
            let x = &mut n.room[spec.resource.unwrap_or(CardResource::Gold).index()];
            *x = x
                .wrapping_sub(u8::from(old < MAX_STOCK))
                .wrapping_add(u8::from(stock < MAX_STOCK));
        }
    }

    /// Empties both principalities.
    pub fn clear_grid(&mut self) {
        self.grid = [[[Cell::default(); COLS]; ROWS]; 2];
        self.counts = [Counts::default(); 2];
    }

    /// Whether the kept counts are those of the grid (a debug build checks this after
    /// every action).
    pub fn counts_are_true(&self) -> bool {
        (0..2).all(|p| self.counts[p] == Counts::of(&self.cat, &self.grid[p]))
    }

    /// The cells of a player's landscape cards, in the fixed order of [`cells`] (the
    /// landscape rows, rows `MIDDLE ± 1`, odd columns). The iterator borrows nothing.
    #[inline]
    pub fn land_cells(&self, p: Player) -> LandCells {
        LandCells {
            bits: self.counts[p.index()].land_cols,
            row: 0,
        }
    }

    /// The cells of a player's landscape cards bearing production number `die`, in the
    /// fixed order of [`cells`]. The iterator borrows nothing.
    #[inline]
    pub fn land_cells_at(&self, p: Player, die: u8) -> impl Iterator<Item = (usize, usize)> {
        let at = &self.counts[p.index()].lands_at;
        let mut bits = at
            .get(usize::from(die).wrapping_sub(1))
            .copied()
            .unwrap_or(0);
        core::iter::from_fn(move || {
            (bits != 0).then(|| {
                let i = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                if i < 32 {
                    (MIDDLE - 1, i)
                } else {
                    (MIDDLE + 1, i - 32)
                }
            })
        })
    }

    /// The resource a landscape cell stores.
    pub fn landscape_resource(&self, id: CardId) -> CardResource {
        self.spec(id).resource.unwrap_or(CardResource::Gold)
    }

    /// The player's stock of each resource (all landscapes added up).
    #[inline]
    pub fn stock(&self, p: Player) -> CardResources {
        self.counts[p.index()].stock
    }

    /// Whether one more unit of `r` fits on one of the player's landscapes.
    #[inline]
    pub fn has_room(&self, p: Player, r: CardResource) -> bool {
        self.counts[p.index()].room[r.index()] > 0
    }

    /// Adds one unit of `r`, turning the emptiest landscape of `r` (the first in the fixed
    /// order on a tie); `false` if none has room. The engine turns the cards for the
    /// player: receiving fills the emptiest card, paying empties the fullest (docs/cards.md,
    /// "Turning the landscapes").
    pub fn gain(&mut self, p: Player, r: CardResource) -> bool {
        match self.turned_landscape(p, r, false) {
            Some((row, col, n)) => {
                self.set_stock(p, row, col, n + 1);
                true
            }
            None => false,
        }
    }

    /// Turns the landscape at a cell up by one unit (the caller has checked the room).
    pub fn gain_at(&mut self, p: Player, row: usize, col: usize) {
        let n = self.cell(p, row, col).stock;
        self.set_stock(p, row, col, n + 1);
    }

    /// Turns the landscape at a cell down by one unit (the caller has checked the stock).
    pub fn spend_at(&mut self, p: Player, row: usize, col: usize) {
        let n = self.cell(p, row, col).stock;
        self.set_stock(p, row, col, n - 1);
    }

    /// Removes one unit of `r` from the fullest landscape of `r`; `false` if there is none.
    pub fn spend(&mut self, p: Player, r: CardResource) -> bool {
        match self.turned_landscape(p, r, true) {
            Some((row, col, n)) => {
                self.set_stock(p, row, col, n - 1);
                true
            }
            None => false,
        }
    }

    /// The landscape of `r` that paying (`fullest`: the fullest with a unit) or receiving
    /// (the emptiest with room) turns, the first in the fixed order on a tie, with its units.
    fn turned_landscape(
        &self,
        p: Player,
        r: CardResource,
        fullest: bool,
    ) -> Option<(usize, usize, u8)> {
        if !fullest && self.counts[p.index()].room[r.index()] == 0 {
            return None;
        }
        let g = &self.grid[p.index()];
        let mut best: Option<(usize, usize, u8)> = None;
        // The landscapes of `r`, in the fixed order, so a strict comparison keeps the
        // first on a tie.
        let mut bits = self.counts[p.index()].lands_of[r.index()];
        while bits != 0 {
            let i = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let (row, col) = if i < 32 {
                (MIDDLE - 1, i)
            } else {
                (MIDDLE + 1, i - 32)
            };
            let n = g[row][col].stock;
            let better = if fullest {
                n > 0 && best.is_none_or(|b| n > b.2)
            } else {
                n < MAX_STOCK && best.is_none_or(|b| n < b.2)
            };
            if better {
                best = Some((row, col, n));
            }
        }
        best
    }

    /// Pays a cost (the caller has checked the stock).
    pub fn pay(&mut self, p: Player, cost: &CardResources) {
        for r in CardResource::ALL {
            for _ in 0..cost.get(r) {
                self.spend(p, r);
            }
        }
    }

    /// How many of the player's upgrades have this effect.
    #[inline]
    pub fn count_effect(&self, p: Player, e: Effect) -> u8 {
        self.counts[p.index()].effects[e as usize]
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
    #[inline]
    pub fn has_town(&self, p: Player) -> bool {
        self.counts[p.index()].towns != 0
    }

    /// Strength points: knights plus one per knight for each smithy ("Card Game rules, 'List
    /// of Territorial Upgrade cards'", Smithy).
    #[inline]
    pub fn strength(&self, p: Player) -> u32 {
        let n = &self.counts[p.index()];
        let smithies = n.effects[Effect::RaiseKnightStrength as usize] as u32;
        n.strength as u32 + n.knights as u32 * smithies
    }

    /// Tournament points (knights' red numbers).
    #[inline]
    pub fn tournament(&self, p: Player) -> u32 {
        self.counts[p.index()].tournament as u32
    }

    /// Trade points; they count only with a town ("Card Game rules, 'Advantageous
    /// Trade'").
    #[inline]
    pub fn trade_points(&self, p: Player) -> u32 {
        if !self.has_town(p) {
            return 0;
        }
        self.counts[p.index()].trade as u32
    }

    /// Victory points: cards on the table plus the tokens.
    #[inline]
    pub fn points(&self, p: Player) -> u32 {
        let table = self.counts[p.index()].points as u32;
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
    #[inline]
    pub fn row_ends(&self, p: Player) -> (usize, usize) {
        let m = self.counts[p.index()].middle;
        if m == 0 {
            return (START_COL, START_COL);
        }
        (m.trailing_zeros() as usize, 31 - m.leading_zeros() as usize)
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
