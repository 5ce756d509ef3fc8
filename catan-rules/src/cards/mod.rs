//! # The Catan Card Game (1996, two players)
//!
//! A second game of the engine, in its own module tree: two principalities of cards, an
//! event die and a production die, landscapes storing 0–3 units, roads, settlements and
//! towns with upgrades, knights and fleets, action and event cards, the Knight and Mill
//! tokens, 12 victory points to win. It shares with the base game the players
//! ([`crate::Player`], [`crate::PlayerSet`]), the generator ([`crate::Rng`], stored in the
//! state), the chance modes ([`crate::ChanceMode`]) and the conventions (typed errors and
//! events as `snake_case` tagged JSON, atomic `apply`, per-seat views, positions that report
//! every problem); it has its own resources (the base five plus gold, [`CardResource`]).
//!
//! Cards are data ([`Catalogue`], `catalogue.json` compiled in, or a user's own); effects
//! are code (`effects.rs`, one function per effect). Rules are cited from the 1997 English
//! translation of the rules as "Card Game rules, 'Section'"; `docs/cards.md` lists every
//! rule, its citation and its test.
//!
//! The public API has the same shape as [`crate::Game`]:
//!
//! ```
//! use catan_rules::cards::{CardGame, CardRules, CardAction};
//!
//! let mut game = CardGame::new(CardRules::default(), 7);
//! let mut legal: Vec<CardAction> = Vec::new();
//! let mut x = 7u64;
//! while game.winner().is_none() && game.turn() < 400 {
//!     game.legal_actions(&mut legal);
//!     let choices: Vec<_> = legal.iter().filter(|a| !a.is_offer()).collect();
//!     x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
//!     let a = *choices[(x >> 33) as usize % choices.len()];
//!     game.apply(a).unwrap();
//! }
//! assert_eq!(game.total_cards(), 120);
//! ```

mod action;
mod build;
mod catalogue;
mod choices;
mod effects;
mod engine;
mod error;
mod event;
mod legal;
mod masks;
mod position;
mod render;
mod seat;
mod state;
mod trade;
mod turn;
mod turning;
mod types;
mod view;

pub use action::CardAction;
pub use catalogue::{
    CardKind, CardSpec, Catalogue, CatalogueErrors, CatalogueProblem, Effect, UpgradeClass,
    CATALOGUE_FORMAT, CATALOGUE_VERSION, DEFAULT_CATALOGUE_JSON,
};
pub use engine::{CardEngineError, CardSpace};
pub use error::{CardError, CardRulesError};
pub use event::{CardEvent, CardEventSink, Token};
pub use legal::{action_from_id, action_id, ACTION_SPACE, HAND_SLOTS, PILE_SLOTS, SCOUT_SLOTS};
pub use position::{
    CardPosition, CardPositionError, CardPositionErrors, PosCell, PosHandCard, POSITION_FORMAT,
    POSITION_VERSION,
};
pub use render::SvgStyle;
pub use state::{
    Attack, CardRules, Cell, HandCard, Offer, Pending, Phase, Purpose, Target, COLS, MAX_STOCK,
    MIDDLE, ROWS, START_COL,
};
pub use turning::{Turns, MAX_TURNS};
pub use types::{opponent, CardId, CardResource, CardResources, EventFace, PileId, Side};
pub(crate) use view::{sees_drawn, sees_opponent_hand};
pub use view::{CardView, PrincipalityView};

use crate::types::{Player, PlayerSet};
use serde::Serialize;
use state::State;
use std::sync::Arc;

/// What the game waits for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum CardDecision {
    /// External chance: who starts.
    Starter,
    /// `player` rolls (or plays an Alchemist first).
    Roll {
        /// The player to move.
        player: Player,
    },
    /// `player` plays action cards, trades, builds, then replenishes.
    Main {
        /// The player to move.
        player: Player,
    },
    /// A step: a choice made by `player` (maybe the opponent of the player to move).
    Step {
        /// Who decides.
        player: Player,
        /// The step.
        step: Pending,
    },
    /// The game is over.
    GameOver {
        /// The winner.
        winner: Player,
    },
}

/// A game of the Catan Card Game. Cloning copies the whole state (the catalogue is shared);
/// `clone_from` into an existing game reuses its buffers (no allocation once they are large
/// enough), as a search's scratch copy needs.
#[derive(Debug, PartialEq, Eq)]
pub struct CardGame {
    s: State,
}

impl Clone for CardGame {
    fn clone(&self) -> CardGame {
        CardGame { s: self.s.clone() }
    }

    fn clone_from(&mut self, o: &CardGame) {
        self.s.clone_from(&o.s);
    }
}

impl CardGame {
    /// A new game with the default catalogue, dealt from `seed` (the starting player too,
    /// unless chance is external).
    ///
    /// # Panics
    /// When `rules` fail [`CardRules::validate`]: use [`CardGame::try_new`] for rules that
    /// come from outside the program (every skin does).
    pub fn new(rules: CardRules, seed: u64) -> CardGame {
        Self::with_catalogue(rules, Catalogue::default_shared(), seed)
    }

    /// A new game with a given (validated) catalogue.
    ///
    /// # Panics
    /// As [`CardGame::new`]; [`CardGame::try_with_catalogue`] returns the error instead.
    pub fn with_catalogue(rules: CardRules, catalogue: Arc<Catalogue>, seed: u64) -> CardGame {
        match Self::try_with_catalogue(rules, catalogue, seed) {
            Ok(g) => g,
            Err(e) => panic!("CardGame::new: {e}"),
        }
    }

    /// A new game with the default catalogue, after checking the rules.
    ///
    /// ```
    /// use catan_rules::cards::{CardGame, CardRules, CardRulesError};
    /// let r = CardRules { vp_target: 0, ..CardRules::default() };
    /// assert_eq!(CardGame::try_new(r, 7).err(), Some(CardRulesError::VpTarget { vp_target: 0 }));
    /// ```
    ///
    /// # Errors
    /// The [`CardRulesError`] of [`CardRules::validate`].
    pub fn try_new(rules: CardRules, seed: u64) -> Result<CardGame, CardRulesError> {
        Self::try_with_catalogue(rules, Catalogue::default_shared(), seed)
    }

    /// A new game with a given (validated) catalogue, after checking the rules.
    ///
    /// # Errors
    /// The [`CardRulesError`] of [`CardRules::validate`].
    pub fn try_with_catalogue(
        rules: CardRules,
        catalogue: Arc<Catalogue>,
        seed: u64,
    ) -> Result<CardGame, CardRulesError> {
        rules.validate()?;
        let mut s = turn::new_state(catalogue, rules, seed);
        turn::start(&mut s, &mut ());
        Ok(CardGame { s })
    }

    /// The rules.
    pub fn rules(&self) -> &CardRules {
        &self.s.rules
    }

    /// The catalogue.
    pub fn catalogue(&self) -> &Arc<Catalogue> {
        &self.s.cat
    }

    /// What the game waits for.
    pub fn decision(&self) -> CardDecision {
        decision_of(&self.s)
    }

    /// Who may act now: empty when the game is over and, with external chance, while the
    /// referee owes an outcome — the starting player, the die of an attack, the next card of
    /// a shuffle. (The roll is the seat's choice: the player to move acts, and the referee
    /// adds the dice.)
    pub fn to_act(&self) -> PlayerSet {
        if self.outcome_owed() {
            return PlayerSet::EMPTY;
        }
        match self.decision() {
            CardDecision::Starter | CardDecision::GameOver { .. } => PlayerSet::EMPTY,
            CardDecision::Roll { player }
            | CardDecision::Main { player }
            | CardDecision::Step { player, .. } => PlayerSet::EMPTY.with(player),
        }
    }

    /// Whether, with external chance, the first pending step is an outcome only the
    /// referee supplies (an attack's die, a shuffle step).
    fn outcome_owed(&self) -> bool {
        self.s.rules.chance == crate::ChanceMode::External
            && matches!(
                self.s.head(),
                Some(Pending::AttackDie { .. } | Pending::Shuffle { .. })
            )
    }

    /// The seat an action id is decoded for: the seat to act, or the seat an owed outcome
    /// is applied for (the attacker, the player to move for a shuffle).
    pub(crate) fn id_seat(&self) -> Player {
        match self.decision() {
            CardDecision::Roll { player }
            | CardDecision::Main { player }
            | CardDecision::Step { player, .. } => player,
            CardDecision::Starter | CardDecision::GameOver { .. } => Player(0),
        }
    }

    /// The whole state, for the agent layer's determinization
    /// ([`crate::agents::cards::determinize`]), which moves hidden cards among hidden
    /// places and so keeps every derived count.
    pub(crate) fn state_mut(&mut self) -> &mut State {
        &mut self.s
    }

    /// The winner, once there is one.
    pub fn winner(&self) -> Option<Player> {
        self.s.winner
    }

    /// The player whose turn it is.
    pub fn current_player(&self) -> Player {
        self.s.current
    }

    /// The turn number (1 = the starting player's first turn; 0 before).
    pub fn turn(&self) -> u16 {
        self.s.turn
    }

    /// The phase.
    pub fn phase(&self) -> Phase {
        self.s.phase
    }

    /// The dice of this turn (event die 1–6, production die 1–6).
    pub fn dice(&self) -> Option<(u8, u8)> {
        self.s.dice
    }

    /// Victory points of a seat (tokens included).
    pub fn points(&self, p: Player) -> u32 {
        self.s.points(p)
    }

    /// The stock of each resource of a seat.
    pub fn stock(&self, p: Player) -> CardResources {
        self.s.stock(p)
    }

    /// Strength points (Knight token).
    pub fn strength(&self, p: Player) -> u32 {
        self.s.strength(p)
    }

    /// Tournament points.
    pub fn tournament_points(&self, p: Player) -> u32 {
        self.s.tournament(p)
    }

    /// Trade points (0 without a town).
    pub fn trade_points(&self, p: Player) -> u32 {
        self.s.trade_points(p)
    }

    /// The hand limit of a seat.
    pub fn hand_limit(&self, p: Player) -> usize {
        self.s.hand_limit(p)
    }

    /// The Knight token's holder.
    pub fn knight_token(&self) -> Option<Player> {
        self.s.knight_token
    }

    /// The Mill token's holder.
    pub fn mill_token(&self) -> Option<Player> {
        self.s.mill_token
    }

    /// A seat's hand (the referee's view: use [`CardGame::view`] for a seat).
    pub fn hand(&self, p: Player) -> &[HandCard] {
        &self.s.hands[p.index()]
    }

    /// A pile, top first (the referee's view).
    pub fn pile(&self, pile: PileId) -> &[CardId] {
        &self.s.piles[pile.index()]
    }

    /// A cell of a principality.
    pub fn cell(&self, p: Player, row: usize, col: usize) -> Cell {
        self.s.grid()[p.index()][row][col]
    }

    /// Action cards a seat has played.
    pub fn played(&self, p: Player) -> &[CardId] {
        &self.s.played[p.index()]
    }

    /// Every card of the game, wherever it is (table, hands, piles, played): always the
    /// catalogue's total.
    pub fn total_cards(&self) -> usize {
        let s = &self.s;
        let table: usize = (0..2)
            .map(|p| {
                state::cells()
                    .map(|(r, c)| {
                        let cell = s.grid()[p][r][c];
                        cell.card.is_some() as usize + cell.under.is_some() as usize
                    })
                    .sum::<usize>()
            })
            .sum();
        table
            + s.hands.iter().map(Vec::len).sum::<usize>()
            + s.piles.iter().map(Vec::len).sum::<usize>()
            + s.played.iter().map(Vec::len).sum::<usize>()
            + s.drawn.iter().flatten().count()
    }

    /// Writes every legal action into `out` (cleared first). Offers to the opponent are
    /// listed one for one; any offer can be checked and applied.
    pub fn legal_actions(&self, out: &mut Vec<CardAction>) {
        legal::legal_actions(&self.s, out)
    }

    /// Checks an action without applying it.
    ///
    /// # Errors
    /// The [`CardError`] naming the rule broken.
    pub fn check(&self, action: &CardAction) -> Result<(), CardError> {
        legal::check(&self.s, action)
    }

    /// Whether `action` is legal now: exactly when [`CardGame::apply`] would succeed.
    pub fn is_legal(&self, action: &CardAction) -> bool {
        self.check(action).is_ok()
    }

    /// Applies an action atomically (on error nothing changes) and returns its events.
    ///
    /// # Errors
    /// As [`CardGame::check`].
    pub fn apply(&mut self, action: CardAction) -> Result<Vec<CardEvent>, CardError> {
        let mut ev = Vec::new();
        self.apply_with(action, &mut ev)?;
        Ok(ev)
    }

    /// Like [`CardGame::apply`], writing events into a sink (`()` drops them).
    ///
    /// # Errors
    /// As [`CardGame::check`]; nothing is written on error.
    pub fn apply_with<S: CardEventSink>(
        &mut self,
        action: CardAction,
        sink: &mut S,
    ) -> Result<(), CardError> {
        self.check(&action)?;
        legal::execute(&mut self.s, action, sink);
        Ok(())
    }

    /// Applies an action known to be legal (just listed) without checking it again.
    pub fn apply_legal<S: CardEventSink>(&mut self, action: CardAction, sink: &mut S) {
        debug_assert_eq!(self.check(&action), Ok(()), "apply_legal: {action:?}");
        legal::execute(&mut self.s, action, sink);
    }

    /// The integer ids of the legal actions as a mask of [`ACTION_SPACE`] booleans.
    pub fn legal_mask(&self, mask: &mut [bool]) {
        mask.iter_mut().for_each(|m| *m = false);
        legal::for_each_legal(&self.s, |a| {
            if let Some(id) = action_id(&a) {
                if let Some(m) = mask.get_mut(id as usize) {
                    *m = true;
                }
            }
        });
    }

    /// Applies the action with integer id `id` for the seat to act (for an owed outcome,
    /// the seat it is applied for).
    ///
    /// # Errors
    /// [`CardError::NotYourTurn`] when nobody may act, or the action's error.
    pub fn apply_id(&mut self, id: u32) -> Result<Vec<CardEvent>, CardError> {
        let seat = self.id_seat();
        let a = action_from_id(id, seat).ok_or(CardError::WrongCard)?;
        self.apply(a)
    }

    /// What seat `seat` may know (`None`, or a seat the game does not have: a spectator).
    pub fn view(&self, seat: Option<Player>) -> CardView {
        view::view(&self.s, seat)
    }

    /// The events as seat `seat` may see them.
    pub fn events_for(events: &[CardEvent], seat: Option<Player>) -> Vec<CardEvent> {
        events.iter().map(|e| e.redacted_for(seat)).collect()
    }

    /// The whole position (the referee's; it holds hands and pile orders).
    pub fn to_position(&self) -> CardPosition {
        position::to_position(&self.s)
    }

    /// The position as JSON.
    pub fn to_json(&self) -> String {
        serde_json::to_string(&self.to_position()).expect("positions serialize")
    }

    /// A game from a position, validated against the default catalogue.
    ///
    /// # Errors
    /// Every problem of the position.
    pub fn from_json(text: &str) -> Result<CardGame, CardPositionErrors> {
        Self::from_json_with(text, Catalogue::default_shared())
    }

    /// A game from a position, validated against a catalogue.
    ///
    /// # Errors
    /// Every problem of the position.
    pub fn from_json_with(text: &str, cat: Arc<Catalogue>) -> Result<CardGame, CardPositionErrors> {
        let pos: CardPosition = serde_json::from_str(text).map_err(|e| {
            CardPositionErrors(vec![CardPositionError::Malformed {
                message: e.to_string(),
            }])
        })?;
        position::from_position(&pos, cat).map(|s| CardGame { s })
    }

    /// Both principalities as text.
    pub fn to_ascii(&self) -> String {
        render::ascii(&self.s)
    }

    /// Both principalities as an SVG picture.
    pub fn to_svg(&self, style: &SvgStyle) -> String {
        render::svg(&self.s, style)
    }

    /// One event told as a sentence.
    pub fn describe(&self, e: &CardEvent) -> String {
        render::describe(&self.s, e)
    }
}

/// What the game waits for (shared by the game and the views).
pub(crate) fn decision_of(s: &State) -> CardDecision {
    if let Some(w) = s.winner {
        return CardDecision::GameOver { winner: w };
    }
    if let Some(step) = s.head() {
        if let Some(player) = choices::actor(step) {
            return CardDecision::Step { player, step };
        }
    }
    match s.phase {
        Phase::Start | Phase::Opening | Phase::Over => CardDecision::Starter,
        Phase::Roll => CardDecision::Roll { player: s.current },
        Phase::Main => CardDecision::Main { player: s.current },
    }
}

#[cfg(test)]
mod tests;
