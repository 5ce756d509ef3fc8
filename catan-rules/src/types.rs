//! The vocabulary of the game: resources, terrains, development cards, harbours,
//! players, and maps keyed by them.

use core::fmt;
use core::ops::{Index, IndexMut};
use serde::{Deserialize, Serialize};

/// The largest number of players any game of the family supports (5–6 player extension).
pub const MAX_PLAYERS: usize = 6;

macro_rules! closed_enum {
    ($(#[$m:meta])* $name:ident { $($(#[$vm:meta])* $var:ident = $s:literal $(| $alias:literal)*),+ $(,)? }) => {
        $(#[$m])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
        #[serde(rename_all = "snake_case")]
        pub enum $name {
            $($(#[$vm])* $(#[serde(alias = $alias)])* $var),+
        }

        impl $name {
            /// Every value, in declaration order (which is also the order of [`Self::index`]).
            pub const ALL: [$name; [$($name::$var),+].len()] = [$($name::$var),+];
            /// How many values there are.
            pub const COUNT: usize = Self::ALL.len();

            /// The dense index of this value, `0..COUNT`.
            #[inline]
            pub const fn index(self) -> usize {
                self as usize
            }

            /// The value with this dense index, if any.
            #[inline]
            pub const fn from_index(i: usize) -> Option<Self> {
                if i < Self::COUNT { Some(Self::ALL[i]) } else { None }
            }

            /// The name used in the wire format (`snake_case`).
            pub const fn name(self) -> &'static str {
                match self { $($name::$var => $s),+ }
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.name())
            }
        }
    };
}

closed_enum! {
    /// One of the five resources. Zip! names (`wood`, `wheat`) are accepted as input.
    Resource {
        /// From hills.
        Brick = "brick",
        /// From forest (Zip!: wood).
        Lumber = "lumber" | "wood",
        /// From pasture.
        Wool = "wool",
        /// From fields (Zip!: wheat).
        Grain = "grain" | "wheat",
        /// From mountains.
        Ore = "ore",
    }
}

closed_enum! {
    /// The kind of a hex.
    Terrain {
        /// Produces brick.
        Hills = "hills",
        /// Produces lumber.
        Forest = "forest",
        /// Produces wool.
        Pasture = "pasture",
        /// Produces grain.
        Fields = "fields",
        /// Produces ore.
        Mountains = "mountains",
        /// Produces nothing; the robber starts here.
        Desert = "desert",
        /// Not land; harbours face it.
        Sea = "sea",
        /// Seafarers gold field: a resource of the owner's choice (reserved for Seafarers).
        Gold = "gold",
    }
}

closed_enum! {
    /// A development card kind. Zip! calls Year of Plenty "Invention".
    DevCard {
        /// Move the robber and steal; counts towards Largest Army.
        Knight = "knight",
        /// Build two roads for free.
        RoadBuilding = "road_building",
        /// Take two resources of your choice from the bank.
        YearOfPlenty = "year_of_plenty" | "invention",
        /// Take every card of one resource from the other players.
        Monopoly = "monopoly",
        /// One hidden victory point.
        VictoryPoint = "victory_point",
    }
}

closed_enum! {
    /// A harbour: `generic` trades 3:1, the others trade their resource 2:1.
    Harbor {
        /// 3:1 for any resource.
        Generic = "generic" | "3:1",
        /// 2:1 brick.
        Brick = "brick",
        /// 2:1 lumber.
        Lumber = "lumber" | "wood",
        /// 2:1 wool.
        Wool = "wool",
        /// 2:1 grain.
        Grain = "grain" | "wheat",
        /// 2:1 ore.
        Ore = "ore",
    }
}

closed_enum! {
    /// A piece a player builds.
    Piece {
        /// A road on an edge.
        Road = "road",
        /// A settlement on a node.
        Settlement = "settlement",
        /// A city on a node (replaces a settlement).
        City = "city",
        /// A Seafarers ship on an edge (reserved for Seafarers).
        Ship = "ship",
    }
}

impl Terrain {
    /// The resource this terrain produces, if any.
    pub const fn resource(self) -> Option<Resource> {
        match self {
            Terrain::Hills => Some(Resource::Brick),
            Terrain::Forest => Some(Resource::Lumber),
            Terrain::Pasture => Some(Resource::Wool),
            Terrain::Fields => Some(Resource::Grain),
            Terrain::Mountains => Some(Resource::Ore),
            Terrain::Desert | Terrain::Sea | Terrain::Gold => None,
        }
    }

    /// Whether pieces can stand around this hex (everything but sea).
    pub const fn is_land(self) -> bool {
        !matches!(self, Terrain::Sea)
    }
}

impl Harbor {
    /// The resource traded 2:1 here, or `None` for a generic 3:1 harbour.
    pub const fn resource(self) -> Option<Resource> {
        match self {
            Harbor::Generic => None,
            Harbor::Brick => Some(Resource::Brick),
            Harbor::Lumber => Some(Resource::Lumber),
            Harbor::Wool => Some(Resource::Wool),
            Harbor::Grain => Some(Resource::Grain),
            Harbor::Ore => Some(Resource::Ore),
        }
    }

    /// The 2:1 harbour for a resource.
    pub const fn for_resource(r: Resource) -> Harbor {
        match r {
            Resource::Brick => Harbor::Brick,
            Resource::Lumber => Harbor::Lumber,
            Resource::Wool => Harbor::Wool,
            Resource::Grain => Harbor::Grain,
            Resource::Ore => Harbor::Ore,
        }
    }

    /// Bit of this harbour in a harbour set (`1 << index`).
    #[inline]
    pub const fn bit(self) -> u8 {
        1 << self.index()
    }
}

/// A seat at the table, `0..players`. Seat 0 moves first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Player(pub u8);

impl Player {
    /// The seat as an index.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// Bit of this player in a [`PlayerSet`].
    #[inline]
    pub const fn bit(self) -> u8 {
        1 << self.0
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "player {}", self.0)
    }
}

/// A set of players as a bitmask (bit `i` = seat `i`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct PlayerSet(pub u8);

impl PlayerSet {
    /// The empty set.
    pub const EMPTY: PlayerSet = PlayerSet(0);

    /// Whether `p` is in the set.
    #[inline]
    pub const fn contains(self, p: Player) -> bool {
        self.0 & p.bit() != 0
    }

    /// The set with `p` added.
    #[inline]
    pub const fn with(self, p: Player) -> PlayerSet {
        PlayerSet(self.0 | p.bit())
    }

    /// The set with `p` removed.
    #[inline]
    pub const fn without(self, p: Player) -> PlayerSet {
        PlayerSet(self.0 & !p.bit())
    }

    /// Whether the set is empty.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// How many players are in the set.
    #[inline]
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// The players in the set, lowest seat first.
    pub fn iter(self) -> impl Iterator<Item = Player> {
        (0..8u8).filter(move |i| self.0 & (1 << i) != 0).map(Player)
    }
}

macro_rules! typed_map {
    ($(#[$m:meta])* $name:ident, $key:ident, $n:expr) => {
        $(#[$m])*
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
        pub struct $name<T>(pub [T; $n]);

        impl<T> Index<$key> for $name<T> {
            type Output = T;
            #[inline]
            fn index(&self, k: $key) -> &T {
                &self.0[k.index()]
            }
        }

        impl<T> IndexMut<$key> for $name<T> {
            #[inline]
            fn index_mut(&mut self, k: $key) -> &mut T {
                &mut self.0[k.index()]
            }
        }

        impl<T: Copy> $name<T> {
            /// A map with every entry set to `v`.
            pub const fn splat(v: T) -> Self {
                $name([v; $n])
            }
        }
    };
}

typed_map!(
    /// A value for each resource, e.g. a hand of cards (`ByResource<u8>`).
    ByResource, Resource, 5
);
typed_map!(
    /// A value for each development card kind.
    ByDevCard, DevCard, 5
);
typed_map!(
    /// A value for each seat (room for six).
    ByPlayer, Player, MAX_PLAYERS
);

/// Resource counts: a hand, a cost, one side of a trade.
pub type Resources = ByResource<u8>;

impl ByResource<u8> {
    /// No cards.
    pub const EMPTY: Resources = ByResource([0; 5]);

    /// Counts from `[brick, lumber, wool, grain, ore]`.
    pub const fn new(brick: u8, lumber: u8, wool: u8, grain: u8, ore: u8) -> Resources {
        ByResource([brick, lumber, wool, grain, ore])
    }

    /// One card of `r`.
    pub const fn one(r: Resource) -> Resources {
        let mut a = [0; 5];
        a[r as usize] = 1;
        ByResource(a)
    }

    /// The five counts in the low five bytes of a word (the others 0), read as four bytes
    /// and one: the shape [`Resources::set_word`] writes, so that a read right after a
    /// write takes its bytes from the pending writes (a read that spans writes of another
    /// shape waits for them to reach the cache).
    #[inline(always)]
    pub(crate) const fn word(&self) -> u64 {
        let b = &self.0;
        u32::from_le_bytes([b[0], b[1], b[2], b[3]]) as u64 | (b[4] as u64) << 32
    }

    /// The counts in the low five bytes of `w` (the inverse of [`Resources::word`]).
    #[inline(always)]
    pub(crate) const fn from_word(w: u64) -> Resources {
        let [b0, b1, b2, b3, b4, ..] = w.to_le_bytes();
        ByResource([b0, b1, b2, b3, b4])
    }

    /// Sets the counts to the low five bytes of `w`, written as four bytes and one (see
    /// [`Resources::word`]).
    #[inline(always)]
    pub(crate) fn set_word(&mut self, w: u64) {
        *self = Resources::from_word(w);
    }

    /// Total number of cards.
    #[inline]
    pub fn total(&self) -> u32 {
        self.0.iter().map(|&c| c as u32).sum()
    }

    /// Whether every count is zero.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.0 == [0; 5]
    }

    /// Whether `self` holds at least `other` of every resource.
    #[inline(always)]
    pub fn contains(&self, other: &Resources) -> bool {
        let (a, b) = (self.0, other.0);
        // Without short-circuits: five compares and no branch.
        (a[0] >= b[0]) & (a[1] >= b[1]) & (a[2] >= b[2]) & (a[3] >= b[3]) & (a[4] >= b[4])
    }

    /// Whether some resource is non-zero in both.
    #[inline]
    pub fn overlaps(&self, other: &Resources) -> bool {
        self.0
            .iter()
            .zip(other.0.iter())
            .any(|(a, b)| *a > 0 && *b > 0)
    }

    /// Adds `other` (saturating; callers check limits first).
    #[inline]
    pub fn add(&mut self, other: &Resources) {
        for (a, b) in self.0.iter_mut().zip(other.0.iter()) {
            *a = a.saturating_add(*b);
        }
    }

    /// Subtracts `other` (saturating; callers check `contains` first).
    #[inline]
    pub fn sub(&mut self, other: &Resources) {
        for (a, b) in self.0.iter_mut().zip(other.0.iter()) {
            *a = a.saturating_sub(*b);
        }
    }
}

impl ByDevCard<u8> {
    /// Total number of cards.
    #[inline]
    pub fn total(&self) -> u32 {
        self.0.iter().map(|&c| c as u32).sum()
    }
}

// ---- serde: typed maps as JSON objects keyed by name ----

macro_rules! map_serde {
    ($name:ident, $key:ident) => {
        impl<T: Serialize + Default + PartialEq> Serialize for $name<T> {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                use serde::ser::SerializeMap;
                let mut m = s.serialize_map(Some($key::COUNT))?;
                for k in $key::ALL {
                    m.serialize_entry(k.name(), &self[k])?;
                }
                m.end()
            }
        }

        impl<'de, T: Deserialize<'de> + Default> Deserialize<'de> for $name<T> {
            fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                struct V<T>(core::marker::PhantomData<T>);
                impl<'de, T: Deserialize<'de> + Default> serde::de::Visitor<'de> for V<T> {
                    type Value = $name<T>;
                    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                        write!(f, "an object keyed by {} names", stringify!($key))
                    }
                    fn visit_map<A: serde::de::MapAccess<'de>>(
                        self,
                        mut a: A,
                    ) -> Result<Self::Value, A::Error> {
                        let mut out: $name<T> = $name(Default::default());
                        let mut seen = [false; $key::COUNT];
                        while let Some(k) = a.next_key::<$key>()? {
                            if core::mem::replace(&mut seen[k.index()], true) {
                                return Err(serde::de::Error::custom(format_args!(
                                    "duplicate key `{}`",
                                    k
                                )));
                            }
                            out[k] = a.next_value()?;
                        }
                        Ok(out)
                    }
                }
                d.deserialize_map(V(core::marker::PhantomData))
            }
        }
    };
}

map_serde!(ByResource, Resource);
map_serde!(ByDevCard, DevCard);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn resources_round_trip_and_accept_zip_names() {
        let r = Resources::new(1, 2, 0, 3, 0);
        let j = serde_json::to_string(&r).unwrap();
        assert_eq!(j, r#"{"brick":1,"lumber":2,"wool":0,"grain":3,"ore":0}"#);
        let back: Resources = serde_json::from_str(r#"{"wood":2,"wheat":3,"brick":1}"#).unwrap();
        assert_eq!(back, r);
        assert!(serde_json::from_str::<Resources>(r#"{"gold":1}"#).is_err());
        assert!(serde_json::from_str::<Resources>(r#"{"ore":1,"ore":2}"#).is_err());
    }

    #[test]
    fn harbor_accepts_ratio_alias() {
        let h: Harbor = serde_json::from_str("\"3:1\"").unwrap();
        assert_eq!(h, Harbor::Generic);
        assert_eq!(serde_json::to_string(&Harbor::Grain).unwrap(), "\"grain\"");
    }
}
