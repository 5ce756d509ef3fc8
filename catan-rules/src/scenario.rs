//! The Seafarers scenarios: their names, their official maps as data and their settings.
//!
//! Maps are data: each official map is a [`SeaMap`] JSON file under `catan-rules/maps/`,
//! compiled in and checked like a user's map, and played with [`crate::Rules::scenario`] (see
//! `docs/seafarers.md`).
//!
//! | scenario | players | map file | source |
//! | --- | --- | --- | --- |
//! | Heading for New Shores | 3 | `new_shores_3p.json` | the printed New Shores 3-player map (Seafarers rulebook, 5th ed.) |
//! | Heading for New Shores | 4 | `new_shores_4p.json` | the printed New Shores 4-player map (Seafarers rulebook, 5th ed.) |
//! | The Four Islands | 3 | `four_islands_3p.json` | the printed Four Islands 3-player map |
//! | The Four Islands | 4 | `four_islands_4p.json` | the printed Four Islands 4-player map |
//! | The Fog Islands | 3 | `fog_islands_3p.json` | the printed Fog Islands 3-player map, turned half a turn |
//! | The Fog Islands | 4 | `fog_islands_4p.json` | the printed Fog Islands 4-player map, turned half a turn |
//! | Through the Desert | 3 | `through_the_desert_3p.json` | the printed Through the Desert 3-player map |
//! | Through the Desert | 4 | `through_the_desert_4p.json` | the printed Through the Desert 4-player map |
//! | Heading for New Shores | 5, 6 | `new_shores_6p.json` | the JSettlers2 6-player map (lower confidence) |
//! | The Four Islands ("The Six Islands") | 5, 6 | `four_islands_6p.json` | the JSettlers2 6-player map (lower confidence) |
//! | The Fog Islands | 5, 6 | `fog_islands_6p.json` | the JSettlers2 6-player map (lower confidence) |
//! | Through the Desert | 5, 6 | `through_the_desert_6p.json` | the JSettlers2 6-player map (lower confidence) |
//!
//! The printed maps of the Seafarers 5–6 player extension were not found: the 6-player maps
//! are those of JSettlers2 (`SOCBoardAtServer`), a mature open-source implementation, with
//! the choices `docs/rulings.md` §42 records. 5 and 6 players share one map, as the 5–6
//! player extension plays both counts on the same board.

use crate::board::SeaMap;
use serde::{Deserialize, Serialize};
use std::sync::OnceLock;

/// A Seafarers scenario (its name in JSON is the snake-case form, e.g. `"new_shores"`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Scenario {
    /// Heading for New Shores: start on the main island, 2 special victory points for a
    /// player's first settlement on each small island, 14 points to win (Seafarers
    /// rulebook, 'Heading for New Shores').
    NewShores,
    /// The Four Islands: start on one or two islands of one's choice (one's home islands),
    /// 2 special victory points for one's first settlement on each other island, 13 points
    /// to win (Seafarers rulebook, 'The Four Islands').
    FourIslands,
    /// The Fog Islands: start on either face-up island; a road or ship reaching an
    /// unexplored space reveals a hex from a face-down stack, and land pays its discoverer
    /// one resource; no special victory points, 12 points to win (Seafarers rulebook, 'The
    /// Fog Islands').
    FogIslands,
    /// Through the Desert: start on the main part of the big island, 2 special victory
    /// points for one's first settlement in each foreign region (each small island, the
    /// strip beyond the deserts), 14 points to win (Seafarers rulebook, 'Through the
    /// Desert').
    ThroughTheDesert,
}

impl Scenario {
    /// Every scenario, in rulebook order.
    pub const ALL: [Scenario; 4] = [
        Scenario::NewShores,
        Scenario::FourIslands,
        Scenario::FogIslands,
        Scenario::ThroughTheDesert,
    ];

    /// The scenario's name in JSON and on the command line.
    pub const fn name(self) -> &'static str {
        match self {
            Scenario::NewShores => "new_shores",
            Scenario::FourIslands => "four_islands",
            Scenario::FogIslands => "fog_islands",
            Scenario::ThroughTheDesert => "through_the_desert",
        }
    }

    /// The scenario of a name.
    pub fn from_name(name: &str) -> Option<Scenario> {
        Scenario::ALL.into_iter().find(|s| s.name() == name)
    }

    /// Points needed to win, as the current Seafarers rulebook prints them: 14 (New Shores,
    /// Through the Desert), 13 (The Four Islands), 12 (The Fog Islands); with
    /// `older_edition`, New Shores as older editions played it: 13 (Seafarers rules,
    /// 'Heading for New Shores'; the older rules of New Shores, 13 points and 1 special
    /// point per island).
    pub const fn target(self, older_edition: bool) -> u8 {
        match self {
            Scenario::NewShores if older_edition => 13,
            Scenario::NewShores | Scenario::ThroughTheDesert => 14,
            Scenario::FourIslands => 13,
            Scenario::FogIslands => 12,
        }
    }

    /// The scenario's map for a player count: the printed 3- or 4-player map, or for 5 and 6
    /// players the one 6-player map (the JSettlers2 6-player map, lower confidence: the
    /// printed maps of the Seafarers 5–6 player extension were not found; docs/rulings.md
    /// §42). `None` for other counts (2 players, or more than 6).
    pub fn map(self, players: u8) -> Option<SeaMap> {
        self.map_ref(players).cloned()
    }

    /// [`Scenario::map`], read once per process and lent out after that: a new game on it
    /// neither parses its JSON nor copies it.
    pub(crate) fn map_ref(self, players: u8) -> Option<&'static SeaMap> {
        let json = match (self, players) {
            (Scenario::NewShores, 3) => include_str!("../maps/new_shores_3p.json"),
            (Scenario::NewShores, 4) => include_str!("../maps/new_shores_4p.json"),
            (Scenario::FourIslands, 3) => include_str!("../maps/four_islands_3p.json"),
            (Scenario::FourIslands, 4) => include_str!("../maps/four_islands_4p.json"),
            (Scenario::FogIslands, 3) => include_str!("../maps/fog_islands_3p.json"),
            (Scenario::FogIslands, 4) => include_str!("../maps/fog_islands_4p.json"),
            (Scenario::ThroughTheDesert, 3) => include_str!("../maps/through_the_desert_3p.json"),
            (Scenario::ThroughTheDesert, 4) => include_str!("../maps/through_the_desert_4p.json"),
            (Scenario::NewShores, 5 | 6) => include_str!("../maps/new_shores_6p.json"),
            (Scenario::FourIslands, 5 | 6) => include_str!("../maps/four_islands_6p.json"),
            (Scenario::FogIslands, 5 | 6) => include_str!("../maps/fog_islands_6p.json"),
            (Scenario::ThroughTheDesert, 5 | 6) => {
                include_str!("../maps/through_the_desert_6p.json")
            }
            _ => return None,
        };
        static PARSED: [OnceLock<SeaMap>; 4 * 8] = [const { OnceLock::new() }; 4 * 8];
        let slot = &PARSED[self as usize * 8 + (players as usize & 7)];
        Some(slot.get_or_init(|| SeaMap::from_json(json).expect("the official maps are valid")))
    }
}
