//! [`Rules`]: which game is played, as one plain value.

use crate::layouts::{Island, MapKind};
use crate::scenario::Scenario;
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
///
/// A Seafarers scenario is one field; its target comes with it when `vp_target` is not
/// given (in Rust, [`Rules::scenario`] sets both):
///
/// ```
/// use catan_rules::{Rules, Scenario};
/// let r: Rules = serde_json::from_str(r#"{"players": 3, "scenario": "new_shores"}"#).unwrap();
/// assert_eq!((r.scenario, r.vp_target), (Some(Scenario::NewShores), 14));
/// assert_eq!(r, Rules { players: 3, ..Rules::scenario(Scenario::NewShores) });
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields, from = "RulesInput")]
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
    /// Where dice, steals and card draws come from (and, in The Fog Islands, the hexes
    /// discovered).
    pub chance: ChanceMode,
    /// A Seafarers scenario (`"new_shores"`, `"four_islands"`, `"fog_islands"`,
    /// `"through_the_desert"`), played on its map for 3, 4, or 5–6 players: `map`
    /// `"beginner"` deals the printed map, `"random"` and `"variable"` the scenario's
    /// variable set-up. In JSON, `vp_target` defaults to the scenario's target (14, 13, 12,
    /// 14). See `docs/seafarers.md`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub scenario: Option<Scenario>,
    /// Heading for New Shores as older editions played it: 13 points to win (the JSON
    /// default target) and 1 special victory point per small island instead of 2 (the
    /// older rules of New Shores). Only with `scenario` `"new_shores"`.
    #[serde(skip_serializing_if = "core::ops::Not::not")]
    pub older_edition: bool,
    /// The Fog Islands: a hex discovered by a set-up road or ship is revealed but pays no
    /// resource, as older rules had it (docs/rulings.md §41). Off (the default), set-up
    /// discoveries pay like any other.
    #[serde(skip_serializing_if = "core::ops::Not::not")]
    pub fog_setup_unpaid: bool,
}

/// [`Rules`] as read from JSON: `vp_target` may be left out, and then is the scenario's
/// target (10 without a scenario).
#[derive(Deserialize)]
#[serde(default, deny_unknown_fields)]
struct RulesInput {
    players: u8,
    map: MapKind,
    island: Island,
    special_build_phase: Option<bool>,
    vp_target: Option<u8>,
    discard_limit: u8,
    strict_phases: bool,
    friendly_robber: bool,
    vocabulary: Vocabulary,
    chance: ChanceMode,
    scenario: Option<Scenario>,
    older_edition: bool,
    fog_setup_unpaid: bool,
}

impl Default for RulesInput {
    fn default() -> RulesInput {
        let r = Rules::default();
        RulesInput {
            players: r.players,
            map: r.map,
            island: r.island,
            special_build_phase: r.special_build_phase,
            vp_target: None,
            discard_limit: r.discard_limit,
            strict_phases: r.strict_phases,
            friendly_robber: r.friendly_robber,
            vocabulary: r.vocabulary,
            chance: r.chance,
            scenario: r.scenario,
            older_edition: r.older_edition,
            fog_setup_unpaid: r.fog_setup_unpaid,
        }
    }
}

impl From<RulesInput> for Rules {
    fn from(i: RulesInput) -> Rules {
        let vp_target = i.vp_target.unwrap_or(match i.scenario {
            Some(s) => s.target(i.older_edition),
            None => 10,
        });
        Rules {
            players: i.players,
            map: i.map,
            island: i.island,
            special_build_phase: i.special_build_phase,
            vp_target,
            discard_limit: i.discard_limit,
            strict_phases: i.strict_phases,
            friendly_robber: i.friendly_robber,
            vocabulary: i.vocabulary,
            chance: i.chance,
            scenario: i.scenario,
            older_edition: i.older_edition,
            fog_setup_unpaid: i.fog_setup_unpaid,
        }
    }
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
            scenario: None,
            older_edition: false,
            fog_setup_unpaid: false,
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
        "the victory target must be 1 to {} (to {} in a Seafarers scenario, {} in The Fog Islands with 5–6 players), not {vp_target}",
        Rules::MAX_VP_TARGET,
        Rules::MAX_SCENARIO_VP_TARGET,
        Rules::MAX_FOG_FIVE_SIX_VP_TARGET
    )]
    VpTarget {
        /// The target given.
        vp_target: u8,
    },
    /// A Seafarers scenario for a player count it has no map for (3 and 4 players play the
    /// printed maps, 5 and 6 the 6-player map).
    #[error("{scenario:?} is played by 3 to 6 players (maps for 3, 4 and 5–6), not {players}")]
    ScenarioPlayers {
        /// The scenario.
        scenario: Scenario,
        /// The count given.
        players: u8,
    },
    /// A scenario named in the rules of a game on a map of one's own
    /// ([`crate::Game::with_sea_map`]): the scenario brings its own map.
    #[error("a game on a map of one's own cannot also name a scenario")]
    ScenarioAndMap,
    /// `older_edition` without Heading for New Shores, the only scenario it changes.
    #[error("older_edition applies to the new_shores scenario only")]
    OlderEdition,
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

    /// The highest accepted victory target in a Seafarers scenario: 15. The scenarios' own
    /// targets are 12 to 14; their maps have more room and pay special victory points. In
    /// 300 random games of each scenario for 3 and 4 players (no domestic trade), a target
    /// of 15 ended every game; 16 left 1 % of The Fog Islands' 4-player games stalled with
    /// the board full (`docs/seafarers.md`, "Targets").
    pub const MAX_SCENARIO_VP_TARGET: u8 = 15;

    /// The highest accepted victory target in The Fog Islands with 5–6 players: 13. Its
    /// 6-player map is crowded and pays no special points: in 300 random games with 6
    /// players, 14 left 1 stalled with the board full and 15 left 4 (with 5 players 15 left
    /// 2); 13 ended 2500 games each with 5 and 6 players, printed and dealt
    /// (docs/rulings.md §42). The other scenarios' 6-player maps ended every game at 15.
    pub const MAX_FOG_FIVE_SIX_VP_TARGET: u8 = 13;

    /// The highest accepted victory target on a map of one's own given with
    /// [`crate::Game::with_sea_map`]: the map names its target, 3 to 30.
    pub const MAX_SEA_MAP_VP_TARGET: u8 = 30;

    /// The rules of a Seafarers scenario for 4 players with its printed target (change
    /// `players` for 3).
    pub fn scenario(scenario: Scenario) -> Rules {
        let d = Rules::default();
        Rules {
            scenario: Some(scenario),
            vp_target: scenario.target(false),
            ..d
        }
    }

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
    /// | `players` | 2–6 (5 and 6: the 5–6 player extension) |
    /// | `vp_target` | 1 to [`Rules::MAX_VP_TARGET`] (12); with a `scenario`, to [`Rules::MAX_SCENARIO_VP_TARGET`] (15), The Fog Islands with 5–6 players to [`Rules::MAX_FOG_FIVE_SIX_VP_TARGET`] (13) |
    /// | `scenario` | 3–6 players (5 and 6 on the scenario's 6-player map), `island` automatic |
    /// | `older_edition` | with `scenario` `new_shores` only |
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
        let max = match self.scenario {
            Some(Scenario::FogIslands) if self.players > 4 => Rules::MAX_FOG_FIVE_SIX_VP_TARGET,
            Some(_) => Rules::MAX_SCENARIO_VP_TARGET,
            None => Rules::MAX_VP_TARGET,
        };
        self.validate_up_to(max)
    }

    /// [`Rules::validate`] with the highest victory target given (a sea map names its own).
    pub(crate) fn validate_up_to(&self, max_vp_target: u8) -> Result<(), RulesError> {
        if let Some(scenario) = self.scenario {
            if !(3..=6).contains(&self.players) {
                return Err(RulesError::ScenarioPlayers {
                    scenario,
                    players: self.players,
                });
            }
            if self.island != Island::Auto {
                return Err(RulesError::Island {
                    players: self.players,
                    island: self.island,
                    need: "a scenario is played on its own map",
                });
            }
        }
        if self.older_edition && self.scenario != Some(Scenario::NewShores) {
            return Err(RulesError::OlderEdition);
        }
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
        if !(1..=max_vp_target).contains(&self.vp_target) {
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
