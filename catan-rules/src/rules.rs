//! [`Rules`]: which game is played, as one plain value.

use crate::layouts::{Island, MapKind};
use serde::{Deserialize, Serialize};

/// Output vocabulary (docs/rulings.md §22). Input always accepts both.
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
    /// Number of players: 3–4, or 5–6 with the 5–6 player extension (2 as a house rule,
    /// docs/rulings.md §23). See [`Rules::validate`] for every accepted range.
    pub players: u8,
    /// The map of a new game.
    pub map: MapKind,
    /// The island of a new game: by default the one that fits the player count (19 hexes
    /// for 2–4 players, the extension's 30 for 5–6). Naming the other is a [`RulesError`].
    #[serde(skip_serializing_if = "is_auto")]
    pub island: Island,
    /// The Special Build Phase after every turn (docs/rulings.md §19): `None` (the default)
    /// turns it on with 5–6 players only; `Some(b)` turns it on or off for any count.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub special_build_phase: Option<bool>,
    /// Victory points needed to win (Base rules, "Ending the Game": 10); 1 to
    /// [`Rules::MAX_VP_TARGET`].
    pub vp_target: u8,
    /// Hands larger than this discard half on a 7 (Base rules, "Rolling a 7": 7). With 5–6
    /// players, many groups play the house rule of 9 instead of the Special Build Phase
    /// (Clarifications, "Resource loss"; docs/rulings.md §9). At least
    /// [`Rules::MIN_DISCARD_LIMIT`].
    pub discard_limit: u8,
    /// Roll → trade → build, with no trade after the first build and no use of a harbour
    /// built this turn (docs/rulings.md §1). Default: the combined trade/build phase.
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
            island: Island::Auto,
            special_build_phase: None,
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
    /// Player count outside 2–6.
    #[error("the game is for 2–6 players (3–4 in the base game, 5–6 with the extension, 2 as a house rule), not {players}")]
    Players {
        /// The count given.
        players: u8,
    },
    /// An island that does not fit the player count: 5–6 players need the extension's
    /// 30-hex island and 2–4 play on the base game's 19 hexes (a map of one's own, given
    /// to [`crate::Game::with_board`], may be any).
    #[error("{players} players cannot play on the {island} island ({need})")]
    Island {
        /// The count given.
        players: u8,
        /// The island asked for.
        island: Island,
        /// What would fit.
        need: &'static str,
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

    /// Cards of each resource in the bank (docs/rulings.md §6): 19, or 24 with 5–6 players
    /// (Clarifications, "Resource gain").
    pub const fn bank_per_resource(&self) -> u8 {
        if self.players > 4 {
            24
        } else {
            19
        }
    }

    /// Development deck composition (docs/rulings.md §13; 5–6 player extension rules (2015),
    /// components): knights, road building, year of
    /// plenty, monopoly, victory points.
    pub const fn dev_deck(&self) -> [u8; 5] {
        if self.players > 4 {
            [20, 3, 3, 3, 5]
        } else {
            [14, 2, 2, 2, 5]
        }
    }

    /// Whether a Special Build Phase follows every turn (docs/rulings.md §19): the
    /// `special_build_phase` option, on by default with 5–6 players.
    pub const fn special_build(&self) -> bool {
        match self.special_build_phase {
            Some(b) => b,
            None => self.players > 4,
        }
    }

    /// Pieces per player: roads, settlements, cities (docs/rulings.md §12), the same for the
    /// two extension colours (5–6 player extension rules (2015), components).
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
        if !(2..=6).contains(&self.players) {
            return Err(RulesError::Players {
                players: self.players,
            });
        }
        let five_six = self.players > 4;
        if self.island != Island::Auto && self.island.is_five_six(self.players) != five_six {
            return Err(RulesError::Island {
                players: self.players,
                island: self.island,
                need: if five_six {
                    "5–6 players need the 5–6 player extension's 30-hex island"
                } else {
                    "the 30-hex island is for 5–6 players"
                },
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

fn is_auto(i: &Island) -> bool {
    *i == Island::Auto
}
