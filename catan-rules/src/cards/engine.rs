//! The card game behind the shared [`Engine`] interface (docs/architecture.md, 'The one
//! interface the skins use'), so that a skin written against [`Engine`] serves it as it
//! serves the base game.

use super::action::CardAction;
use super::error::{CardError, CardRulesError};
use super::event::CardEvent;
use super::legal::{action_from_id, action_id, ACTION_SPACE};
use super::position::CardPositionErrors;
use super::state::CardRules;
use super::view::CardView;
use super::CardGame;
use crate::engine::Engine;
use crate::types::{Player, PlayerSet};
use crate::ChanceMode;
use serde::Serialize;

/// The card game's integer action space: one fixed numbering of [`ACTION_SPACE`] ids for
/// every game (the card game has one table and two seats), so it carries no data.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CardSpace;

/// Why the card game refused an input given through [`Engine`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error, Serialize)]
#[serde(tag = "kind", content = "error", rename_all = "snake_case")]
pub enum CardEngineError {
    /// Malformed JSON (rules or an action).
    #[error("malformed JSON: {message}")]
    Parse {
        /// The parser's message.
        message: String,
    },
    /// Rules that cannot be played ([`CardRules::validate`]).
    #[error(transparent)]
    Rules(#[from] CardRulesError),
    /// A well-formed action that breaks a rule now.
    #[error(transparent)]
    Rule(#[from] CardError),
    /// Position JSON that is malformed or describes an impossible game.
    #[error(transparent)]
    Load(#[from] CardPositionErrors),
    /// An id that names no action.
    #[error("action id {id} names no action here")]
    UnknownId {
        /// The id given.
        id: u32,
    },
}

impl From<serde_json::Error> for CardEngineError {
    fn from(e: serde_json::Error) -> CardEngineError {
        CardEngineError::Parse {
            message: e.to_string(),
        }
    }
}

impl Engine for CardGame {
    const NAME: &'static str = "catan-cards";
    const MAX_SEATS: u8 = 2;
    type Action = CardAction;
    type Event = CardEvent;
    type View = CardView;
    type Space = CardSpace;
    type Error = CardEngineError;

    /// Card rules JSON (`{}` is the default game: 12 points, hand limit 3, seeded chance)
    /// with the default catalogue.
    fn from_rules_json(rules: &str, seed: u64) -> Result<CardGame, CardEngineError> {
        let rules: CardRules = serde_json::from_str(rules)?;
        Ok(CardGame::try_new(rules, seed)?)
    }

    fn players(&self) -> u8 {
        2
    }

    fn to_act(&self) -> PlayerSet {
        CardGame::to_act(self)
    }

    fn external_chance(&self) -> bool {
        self.rules().chance == ChanceMode::External
    }

    #[inline]
    fn legal_actions(&self, out: &mut Vec<CardAction>) {
        CardGame::legal_actions(self, out)
    }

    fn parse_action(json: &str) -> Result<CardAction, CardEngineError> {
        Ok(CardAction::from_json(json)?)
    }

    #[inline]
    fn apply(
        &mut self,
        action: CardAction,
        events: &mut Vec<CardEvent>,
    ) -> Result<(), CardEngineError> {
        Ok(self.apply_with(action, events)?)
    }

    fn apply_quiet(&mut self, action: CardAction) -> Result<(), CardEngineError> {
        Ok(self.apply_with(action, &mut ())?)
    }

    /// The seat gate of [`CardGame::check_as`], then [`CardGame::apply`]: the errors of
    /// `check_as` (the two differ only for an external-chance `roll`, which `check_as`
    /// accepts as the seat's choice and `apply` refuses without its outcome).
    fn apply_as(
        &mut self,
        seat: Player,
        action: CardAction,
        events: &mut Vec<CardEvent>,
    ) -> Result<(), CardEngineError> {
        Ok(self.apply_as_with(seat, action, events)?)
    }

    fn check(&self, action: &CardAction) -> Result<(), CardEngineError> {
        Ok(CardGame::check(self, action)?)
    }

    fn check_as(&self, seat: Player, action: &CardAction) -> Result<(), CardEngineError> {
        Ok(CardGame::check_as(self, seat, action)?)
    }

    fn legal_actions_for(&self, seat: Player, out: &mut Vec<CardAction>) {
        CardGame::legal_actions_for(self, seat, out);
    }

    fn events_for(events: &[CardEvent], viewer: Option<Player>) -> Vec<CardEvent> {
        CardGame::events_for(events, viewer)
    }

    fn action_space(&self) -> CardSpace {
        CardSpace
    }

    fn space_len(_: &CardSpace) -> usize {
        ACTION_SPACE as usize
    }

    fn legal_ids(&self, _: &CardSpace, out: &mut Vec<u32>) -> u32 {
        out.clear();
        let mut missing = 0;
        super::legal::for_each_legal(&self.s, |a| match action_id(&a) {
            Some(id) => out.push(id),
            None => missing += 1,
        });
        missing
    }

    fn apply_id(
        &mut self,
        _: &CardSpace,
        id: u32,
        events: &mut Vec<CardEvent>,
    ) -> Result<(), CardEngineError> {
        let seat = self.id_seat();
        let a = action_from_id(id, seat).ok_or(CardEngineError::UnknownId { id })?;
        Ok(self.apply_with(a, events)?)
    }

    fn view(&self, seat: Option<Player>) -> CardView {
        CardGame::view(self, seat)
    }

    fn position_json(&self) -> String {
        self.to_json()
    }

    fn from_position_json(json: &str) -> Result<CardGame, CardEngineError> {
        Ok(CardGame::from_json(json)?)
    }

    fn winner(&self) -> Option<Player> {
        CardGame::winner(self)
    }
}
