//! The card game's own vocabulary: six resources (the base game's five plus gold), the
//! ten piles, the faces of the event die, and small typed maps.
//!
//! The base game's [`crate::Resource`] has five values and is used by every board
//! structure; the card game adds gold ("Card Game rules, 'Laying Out the Playing Area'":
//! the sixth starting landscape is a gold field). Rather than widen the shared enum for one
//! game, the card game has its own six-valued [`CardResource`] that converts to and from
//! [`crate::Resource`] for the five shared values ([`CardResource::from_base`],
//! [`CardResource::base`]). Players, the generator and the chance mode are the shared ones.

use crate::types::{Player, Resource};
use serde::{Deserialize, Serialize};

/// One of the six card-game resources, in a fixed order (also the order of
/// [`CardResources`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CardResource {
    /// From hills (the rules' "clay fields").
    Brick,
    /// From forests ("timber").
    Lumber,
    /// From pastures ("sheep fields").
    Wool,
    /// From fields ("wheatfields").
    Grain,
    /// From mountains.
    Ore,
    /// From the gold field: only for trading.
    Gold,
}

impl CardResource {
    /// Every resource, in index order.
    pub const ALL: [CardResource; 6] = [
        CardResource::Brick,
        CardResource::Lumber,
        CardResource::Wool,
        CardResource::Grain,
        CardResource::Ore,
        CardResource::Gold,
    ];

    /// The dense index `0..6`.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The resource with this index.
    pub const fn from_index(i: usize) -> Option<CardResource> {
        if i < 6 {
            Some(Self::ALL[i])
        } else {
            None
        }
    }

    /// The wire name (`snake_case`).
    pub const fn name(self) -> &'static str {
        match self {
            CardResource::Brick => "brick",
            CardResource::Lumber => "lumber",
            CardResource::Wool => "wool",
            CardResource::Grain => "grain",
            CardResource::Ore => "ore",
            CardResource::Gold => "gold",
        }
    }

    /// Parses a wire name (the base game's Zip! aliases `wood` and `wheat` too).
    pub fn parse(s: &str) -> Option<CardResource> {
        Some(match s {
            "brick" => CardResource::Brick,
            "lumber" | "wood" | "timber" => CardResource::Lumber,
            "wool" => CardResource::Wool,
            "grain" | "wheat" => CardResource::Grain,
            "ore" => CardResource::Ore,
            "gold" => CardResource::Gold,
            _ => return None,
        })
    }

    /// The shared base-game resource, `None` for gold.
    pub const fn base(self) -> Option<Resource> {
        match self {
            CardResource::Brick => Some(Resource::Brick),
            CardResource::Lumber => Some(Resource::Lumber),
            CardResource::Wool => Some(Resource::Wool),
            CardResource::Grain => Some(Resource::Grain),
            CardResource::Ore => Some(Resource::Ore),
            CardResource::Gold => None,
        }
    }

    /// The card-game resource for a base-game resource.
    pub const fn from_base(r: Resource) -> CardResource {
        match r {
            Resource::Brick => CardResource::Brick,
            Resource::Lumber => CardResource::Lumber,
            Resource::Wool => CardResource::Wool,
            Resource::Grain => CardResource::Grain,
            Resource::Ore => CardResource::Ore,
        }
    }

    /// The landscape that stores this resource (`hills`, `forest`, ...).
    pub const fn landscape(self) -> &'static str {
        match self {
            CardResource::Brick => "hills",
            CardResource::Lumber => "forest",
            CardResource::Wool => "pasture",
            CardResource::Grain => "fields",
            CardResource::Ore => "mountains",
            CardResource::Gold => "gold field",
        }
    }
}

impl core::fmt::Display for CardResource {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(self.name())
    }
}

/// An amount of each resource (a cost, or a player's stock), serialized as a map that
/// leaves out zeros: `{"brick": 2, "lumber": 1}`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct CardResources(pub [u8; 6]);

impl CardResources {
    /// Nothing.
    pub const EMPTY: CardResources = CardResources([0; 6]);

    /// The amount of one resource.
    #[inline]
    pub const fn get(&self, r: CardResource) -> u8 {
        self.0[r as usize]
    }

    /// Sets the amount of one resource.
    #[inline]
    pub fn set(&mut self, r: CardResource, n: u8) {
        self.0[r as usize] = n;
    }

    /// The total number of units.
    pub fn total(&self) -> u32 {
        self.0.iter().map(|&x| x as u32).sum()
    }

    /// Whether every amount of `other` is available here.
    pub fn contains(&self, other: &CardResources) -> bool {
        self.0.iter().zip(other.0).all(|(&a, b)| a >= b)
    }

    /// One unit of one resource.
    ///
    /// Read from a table: writing the one byte into a zeroed array and then moving the
    /// array as a whole stalls on store forwarding, and the legal lists build one for every
    /// offer listed.
    #[inline]
    pub const fn one(r: CardResource) -> CardResources {
        const ONE: [CardResources; 6] = {
            let mut t = [CardResources::EMPTY; 6];
            let mut i = 0;
            while i < 6 {
                t[i].0[i] = 1;
                i += 1;
            }
            t
        };
        ONE[r as usize]
    }
}

impl Serialize for CardResources {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let n = self.0.iter().filter(|&&x| x > 0).count();
        let mut m = s.serialize_map(Some(n))?;
        for r in CardResource::ALL {
            if self.get(r) > 0 {
                m.serialize_entry(r.name(), &self.get(r))?;
            }
        }
        m.end()
    }
}

impl<'de> Deserialize<'de> for CardResources {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let m = std::collections::BTreeMap::<String, u8>::deserialize(d)?;
        let mut out = CardResources::EMPTY;
        for (k, v) in m {
            let r = CardResource::parse(&k)
                .ok_or_else(|| serde::de::Error::custom(format!("unknown resource `{k}`")))?;
            out.set(r, v);
        }
        Ok(out)
    }
}

/// The ten piles between the principalities ("Card Game rules, 'Laying Out the Playing
/// Area'", step 3): events, roads, settlements, towns, landscapes and five development
/// piles. Serialized as its index `0..10`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct PileId(pub u8);

impl PileId {
    /// The event pile.
    pub const EVENTS: PileId = PileId(0);
    /// The road pile.
    pub const ROADS: PileId = PileId(1);
    /// The settlement pile.
    pub const SETTLEMENTS: PileId = PileId(2);
    /// The town pile.
    pub const TOWNS: PileId = PileId(3);
    /// The landscape pile.
    pub const LANDSCAPES: PileId = PileId(4);
    /// How many piles there are.
    pub const COUNT: usize = 10;
    /// How many development piles there are.
    pub const DEVELOPMENT: u8 = 5;

    /// The development pile `i` (`0..5`).
    pub const fn development(i: u8) -> PileId {
        PileId(5 + i)
    }

    /// Whether this is one of the five development piles.
    pub const fn is_development(self) -> bool {
        self.0 >= 5 && self.0 < 10
    }

    /// The index `0..10`.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// A short name: `events`, `roads`, ..., `dev1`..`dev5`.
    pub const fn name(self) -> &'static str {
        match self.0 {
            0 => "events",
            1 => "roads",
            2 => "settlements",
            3 => "towns",
            4 => "landscapes",
            5 => "dev1",
            6 => "dev2",
            7 => "dev3",
            8 => "dev4",
            9 => "dev5",
            _ => "?",
        }
    }
}

/// The result of the event die ("Card Game rules, 'Obeying the Event Die Roll'"). The die
/// has five symbols, the "?" twice: faces 1 tournament, 2 trade advantage, 3 robbery,
/// 4 successful year, 5 and 6 event card (the order of faces does not matter for play).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EventFace {
    /// a) The tournament.
    Tournament,
    /// b) Advantageous trade.
    TradeAdvantage,
    /// c) Robbery.
    Robbery,
    /// d) Successful year (the sun).
    SuccessfulYear,
    /// e) Event card (the "?").
    EventCard,
}

impl EventFace {
    /// The face shown by die value `1..=6`.
    pub const fn from_die(v: u8) -> Option<EventFace> {
        Some(match v {
            1 => EventFace::Tournament,
            2 => EventFace::TradeAdvantage,
            3 => EventFace::Robbery,
            4 => EventFace::SuccessfulYear,
            5 | 6 => EventFace::EventCard,
            _ => return None,
        })
    }
}

/// The other seat of a two-player game.
#[inline]
pub const fn opponent(p: Player) -> Player {
    Player(1 - p.0)
}

/// Which end of the middle row a road or settlement is built at.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Side {
    /// The left end.
    Left,
    /// The right end.
    Right,
}

/// A card kind: an index into the catalogue's list of cards.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct CardId(pub u8);
