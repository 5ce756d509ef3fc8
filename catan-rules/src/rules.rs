//! [`Rules`]: which game is played, as one plain value.

use crate::layouts::MapKind;
use serde::{Deserialize, Serialize};

/// Output vocabulary (`RULINGS` 22). Input always accepts both.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Vocabulary {
    /// The 5th-edition names: grain, lumber, Year of Plenty, Longest Road.
    #[default]
    Standard,
    /// Catan: Zip! names: wheat, wood, Invention, Longest Route.
    Zip,
}

/// Where chance outcomes come from.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ChanceMode {
    /// From the seeded generator stored in the game; actions must not carry outcomes.
    #[default]
    Seeded,
    /// From outside (a physical table's dice, a referee's steals and draws, a search that
    /// enumerates outcomes): every roll, steal and purchase carries its outcome.
    External,
}

/// Everything that decides which game is played. Every field has a default, so `{}` is the
/// standard 4-player base game on a random board.
///
/// ```
/// use catan_rules::Rules;
/// let r: Rules = serde_json::from_str(r#"{"players": 3, "map": "beginner"}"#).unwrap();
/// assert_eq!(r.vp_target, 10);
/// assert_eq!(r.validate(), Ok(()));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Rules {
    /// Number of players: 3–4 (2 as a house rule, `RULINGS` 23). See [`Rules::validate`]
    /// for every accepted range.
    pub players: u8,
    /// The map of a new game.
    pub map: MapKind,
    /// Victory points needed to win (Catan base rules, 5th ed., "Ending the Game": 10);
    /// 1 to [`Rules::MAX_VP_TARGET`].
    pub vp_target: u8,
    /// Hands larger than this discard half on a 7 (Catan base rules, 5th ed., "Rolling a
    /// 7": 7); at least [`Rules::MIN_DISCARD_LIMIT`].
    pub discard_limit: u8,
    /// Roll → trade → build, with no trade after the first build and no use of a harbour
    /// built this turn (`RULINGS` 1). Default: the combined trade/build phase.
    pub strict_phases: bool,
    /// House rule: the robber may not be moved next to a player with fewer than 3 visible
    /// points (unless every hex is so protected).
    pub friendly_robber: bool,
    /// Names used in output.
    pub vocabulary: Vocabulary,
    /// Where dice, steals and card draws come from.
    pub chance: ChanceMode,
}

impl Default for Rules {
    fn default() -> Rules {
        Rules {
            players: 4,
            map: MapKind::Random,
            vp_target: 10,
            discard_limit: 7,
            strict_phases: false,
            friendly_robber: false,
            vocabulary: Vocabulary::Standard,
            chance: ChanceMode::Seeded,
        }
    }
}

/// A [`Rules`] value that cannot be played.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum RulesError {
    /// Player count outside 2–4 for the base game.
    #[error("the base game is for 2–4 players (2 as a house rule), not {players}")]
    Players {
        /// The count given.
        players: u8,
    },
    /// A victory target of zero or beyond what one seat can always reach.
    #[error(
        "the victory target must be 1 to {}, not {vp_target}",
        Rules::MAX_VP_TARGET
    )]
    VpTarget {
        /// The target given.
        vp_target: u8,
    },
    /// A discard limit under which a 7 could ask for a discard of nothing.
    #[error(
        "the discard limit must be at least {}, not {discard_limit}",
        Rules::MIN_DISCARD_LIMIT
    )]
    DiscardLimit {
        /// The limit given.
        discard_limit: u8,
    },
}

impl Rules {
    /// The highest accepted victory target: 12. Points come from pieces on a board of
    /// limited room, so a high target can leave every seat boxed in short of it: in 300
    /// random games each on the beginner and random maps with 2, 3 and 4 players, a target
    /// of 12 ended every game, 13 left up to 7 % stalled with the board full (4 players),
    /// 15 up to 70 %. (Maps of later expansions that play to more points will raise it
    /// with the map.)
    pub const MAX_VP_TARGET: u8 = 12;

    /// The lowest accepted discard limit: 1. A hand of `limit + 1` cards must then give up
    /// half, rounded down — at least one card — so every seat named in a discard phase
    /// owes something and the phase always ends. With a limit of 0 a 7 against a one-card
    /// hand asked for a discard of nothing, and the game stalled.
    pub const MIN_DISCARD_LIMIT: u8 = 1;

    /// Cards of each resource in the bank (`RULINGS` 6).
    pub const fn bank_per_resource(&self) -> u8 {
        if self.players > 4 {
            24
        } else {
            19
        }
    }

    /// Development deck composition (`RULINGS` 13): knights, road building, year of
    /// plenty, monopoly, victory points.
    pub const fn dev_deck(&self) -> [u8; 5] {
        if self.players > 4 {
            [20, 3, 3, 3, 5]
        } else {
            [14, 2, 2, 2, 5]
        }
    }

    /// Pieces per player: roads, settlements, cities (`RULINGS` 12).
    pub const fn pieces(&self) -> (u8, u8, u8) {
        (15, 5, 4)
    }

    /// Checks that the rules describe a game that can always go on and can be won:
    ///
    /// | field | accepted |
    /// | --- | --- |
    /// | `players` | 2–4 |
    /// | `vp_target` | 1 to [`Rules::MAX_VP_TARGET`] (12) |
    /// | `discard_limit` | [`Rules::MIN_DISCARD_LIMIT`] (1) to 255 (a limit above the cards in the game means nobody ever discards) |
    /// | every other field | any value of its type |
    ///
    /// Every game constructor calls this; a value it accepts never stalls a game
    /// (`tests/random_rules.rs` plays random accepted values to the end).
    ///
    /// ```
    /// use catan_rules::{Rules, RulesError};
    /// let r = Rules { discard_limit: 0, ..Rules::default() };
    /// assert_eq!(r.validate(), Err(RulesError::DiscardLimit { discard_limit: 0 }));
    /// ```
    ///
    /// # Errors
    /// The first problem found.
    pub fn validate(&self) -> Result<(), RulesError> {
        if !(2..=4).contains(&self.players) {
            return Err(RulesError::Players {
                players: self.players,
            });
        }
        if !(1..=Rules::MAX_VP_TARGET).contains(&self.vp_target) {
            return Err(RulesError::VpTarget {
                vp_target: self.vp_target,
            });
        }
        if self.discard_limit < Rules::MIN_DISCARD_LIMIT {
            return Err(RulesError::DiscardLimit {
                discard_limit: self.discard_limit,
            });
        }
        Ok(())
    }
}
