//! Cards are data: the catalogue gives every card of the set (name, kind, cost, points,
//! count, effect, source and confidence). The default catalogue (`catalogue.json`, compiled
//! in) is the best reading of the Card Game rules and the public facts; a user loads their
//! own to match their printed edition with [`Catalogue::from_json`], which reports every
//! problem at once.
//!
//! The effects are code ([`Effect`], one function each in `effects.rs`); a catalogue only
//! names them.

use super::types::{CardId, CardResource, CardResources};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::sync::{Arc, OnceLock};

/// The catalogue format's name in JSON.
pub const CATALOGUE_FORMAT: &str = "catan-cards-catalogue";
/// The catalogue format version this engine reads and writes.
pub const CATALOGUE_VERSION: u32 = 1;
/// The default catalogue's JSON text.
pub const DEFAULT_CATALOGUE_JSON: &str = include_str!("catalogue.json");
/// At most this many cards in a set (all counts added up).
pub const MAX_CARDS: usize = 200;

/// What kind of card this is ("Card Game rules, 'Laying Out the Playing Area'" and the
/// card lists).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CardKind {
    /// A road (centre card, road pile).
    Road,
    /// A settlement (centre card, settlement pile).
    Settlement,
    /// A town, laid on a settlement (town pile).
    Town,
    /// A landscape storing 0–3 units of its resource, with a production number.
    Landscape,
    /// An action card (yellow text field), development pile.
    Action,
    /// An event card (blue text field), event pile.
    Event,
    /// A green upgrade: on a settlement or a town (development pile).
    SettlementUpgrade,
    /// A red upgrade: on a town only (development pile).
    TownUpgrade,
}

/// What an upgrade is: a building, or a unit (knight or fleet).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum UpgradeClass {
    /// A building (every red upgrade is one).
    Building,
    /// A knight: strength and tournament points.
    Knight,
    /// A trade fleet.
    Fleet,
}

/// The effect a card has: each is one function in `effects.rs`, named after what it does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Effect {
    /// No rule beyond its points.
    None,
    /// Production upgrade: neighbouring landscapes of `resource` produce double.
    DoubleAdjacentProduction,
    /// Trade fleet: trade 2 of `resource` for 1 of any other.
    TradeTwoForOne,
    /// Fortified warehouse: its 2 neighbours are not counted (nor robbed) on a robbery.
    ProtectAdjacentFromRobbery,
    /// Smithy: each of the owner's knights has 1 more strength.
    RaiseKnightStrength,
    /// Cloister, library: the hand limit is 1 higher (counts for the Progress event).
    RaiseHandLimit,
    /// Bath house: the 4 landscapes next to this town are safe from the plague.
    ProtectTownLandsFromPlague,
    /// Waterworks: every landscape of the principality is safe from the plague.
    ProtectPrincipalityFromPlague,
    /// Town hall: searching a pile costs 1 resource instead of 2.
    CheaperSearch,
    /// Church: the knights and fleets on this town are safe from the civil war.
    ProtectTownUnitsFromCivilWar,
    /// Mint: trade 1 gold for 1 of any other resource.
    TradeGoldOneForOne,
    /// Black Knight (action).
    SendOpponentKnightHome,
    /// Arsonist (action).
    SendOpponentBuildingHome,
    /// Spy (action).
    StealPlayableCard,
    /// Herbalist (counter to the Black Knight).
    CounterBlackKnight,
    /// Raid (action).
    StealTwoResources,
    /// Scout (action, when a settlement is built).
    ChooseSettlementLandscapes,
    /// Bishop (counter to the Raid and the Arsonist).
    CounterRaidOrArson,
    /// Alchemist (action, before the roll).
    SetProductionDie,
    /// Trader (action).
    TakeTwoGiveOne,
    /// Caravan (action).
    ExchangeTwoForTwo,
    /// Plague (event).
    PlagueLandsNextToTowns,
    /// Master Builder (event).
    MasterBuilderSwap,
    /// Civil War (event).
    CivilWarReturnUnit,
    /// Bumper Harvest (event).
    HarvestNextToWarehouses,
    /// Conflict (event).
    KnightHolderReturnsTwoCards,
    /// Progress (event).
    ResourcePerProgressBuilding,
    /// New Year (event).
    ShuffleEventPile,
}

impl Effect {
    /// The card kinds this effect can sit on.
    pub fn fits(self, kind: CardKind) -> bool {
        use CardKind as K;
        use Effect as E;
        match self {
            E::None => !matches!(kind, K::Action | K::Event),
            E::DoubleAdjacentProduction
            | E::TradeTwoForOne
            | E::ProtectAdjacentFromRobbery
            | E::RaiseKnightStrength => matches!(kind, K::SettlementUpgrade | K::TownUpgrade),
            E::RaiseHandLimit | E::TradeGoldOneForOne | E::CheaperSearch => {
                matches!(kind, K::SettlementUpgrade | K::TownUpgrade)
            }
            E::ProtectTownLandsFromPlague | E::ProtectTownUnitsFromCivilWar => {
                kind == K::TownUpgrade
            }
            E::ProtectPrincipalityFromPlague => {
                matches!(kind, K::SettlementUpgrade | K::TownUpgrade)
            }
            E::SendOpponentKnightHome
            | E::SendOpponentBuildingHome
            | E::StealPlayableCard
            | E::CounterBlackKnight
            | E::StealTwoResources
            | E::ChooseSettlementLandscapes
            | E::CounterRaidOrArson
            | E::SetProductionDie
            | E::TakeTwoGiveOne
            | E::ExchangeTwoForTwo => kind == K::Action,
            E::PlagueLandsNextToTowns
            | E::MasterBuilderSwap
            | E::CivilWarReturnUnit
            | E::HarvestNextToWarehouses
            | E::KnightHolderReturnsTwoCards
            | E::ResourcePerProgressBuilding
            | E::ShuffleEventPile => kind == K::Event,
        }
    }

    /// Whether the effect needs the card's `resource`.
    pub fn needs_resource(self) -> bool {
        matches!(
            self,
            Effect::DoubleAdjacentProduction | Effect::TradeTwoForOne
        )
    }
}

/// One card of the set (one row of the catalogue; `count` copies).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CardSpec {
    /// A stable `snake_case` key (`"road"`, `"forest_4"`, `"black_knight"`).
    pub id: String,
    /// The English name.
    pub name: String,
    /// The German name, where known.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name_de: Option<String>,
    /// The kind.
    pub kind: CardKind,
    /// For upgrades: building, knight or fleet.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub class: Option<UpgradeClass>,
    /// A landscape's resource; the resource a production upgrade doubles or a fleet trades.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub resource: Option<CardResource>,
    /// A landscape's production number, 1–6.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub die: Option<u8>,
    /// What it costs to build (roads, settlements, towns: the cost on the back).
    #[serde(default)]
    pub cost: CardResources,
    /// Victory points.
    #[serde(default)]
    pub victory_points: u8,
    /// Strength points (knights; the iron glove).
    #[serde(default)]
    pub strength: u8,
    /// Tournament points (knights; red numbers).
    #[serde(default)]
    pub tournament: u8,
    /// Trade points (the mill in a circle).
    #[serde(default)]
    pub trade: u8,
    /// Copies in the whole set, starting principalities included.
    pub count: u8,
    /// Copies in each starting principality (`[first set, second set]`).
    #[serde(default)]
    pub start: [u8; 2],
    /// The effect (code).
    pub effect: Effect,
    /// Where the facts come from.
    #[serde(default)]
    pub source: String,
    /// How sure the values are: `confirmed` (the rules say so), `later_edition`, `fan`,
    /// `guess`.
    #[serde(default)]
    pub confidence: String,
    /// Which values are guesses and why (absent: nothing guessed).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub guess: Option<String>,
}

/// A validated catalogue.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Catalogue {
    /// Always [`CATALOGUE_FORMAT`].
    pub format: String,
    /// Always [`CATALOGUE_VERSION`].
    pub version: u32,
    /// The catalogue's name (stored in positions).
    pub name: String,
    /// Free text.
    #[serde(default)]
    pub description: String,
    /// The six landscapes of each starting principality, in positions 1–6 (upper row left
    /// to right, then lower row).
    pub starting_landscapes: [Vec<String>; 2],
    /// Every card.
    pub cards: Vec<CardSpec>,
    #[serde(skip)]
    start_ids: [[CardId; 6]; 2],
}

/// One problem found in a catalogue. [`Catalogue::from_json`] reports all of them.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum CatalogueProblem {
    /// The text is not JSON of the catalogue's shape.
    #[error("malformed catalogue: {message}")]
    Malformed {
        /// What the parser said.
        message: String,
    },
    /// Wrong `format` or `version`.
    #[error("not a version {CATALOGUE_VERSION} `{CATALOGUE_FORMAT}`: {found}")]
    WrongFormat {
        /// What was found.
        found: String,
    },
    /// A card names an effect this engine does not know.
    #[error("card `{card}`: unknown effect `{effect}`")]
    UnknownEffect {
        /// The card.
        card: String,
        /// The effect named.
        effect: String,
    },
    /// A field has a value this engine does not know (kind, class, resource).
    #[error("card `{card}`: unknown {field} `{value}`")]
    UnknownValue {
        /// The card.
        card: String,
        /// The field.
        field: String,
        /// The value.
        value: String,
    },
    /// Two cards share an id.
    #[error("duplicate card id `{card}`")]
    DuplicateId {
        /// The id.
        card: String,
    },
    /// A count that cannot be: zero copies, more copies in the starting principalities than
    /// in the set, a landscape with more than one copy, too many cards in all.
    #[error("card `{card}`: impossible count ({reason})")]
    ImpossibleCount {
        /// The card (or `*` for the whole set).
        card: String,
        /// Why.
        reason: String,
    },
    /// The effect does not fit the card's kind, or lacks its resource.
    #[error("card `{card}`: effect `{effect}` does not fit ({reason})")]
    EffectMismatch {
        /// The card.
        card: String,
        /// The effect.
        effect: String,
        /// Why.
        reason: String,
    },
    /// A landscape without resource or number 1–6, or an upgrade without its class.
    #[error("card `{card}`: {reason}")]
    BadCard {
        /// The card.
        card: String,
        /// Why.
        reason: String,
    },
    /// A starting principality lacks its road, its two settlements or its six landscapes.
    #[error("starting principality {set}: {reason}")]
    MissingStartingCards {
        /// 0 or 1.
        set: u8,
        /// What is missing.
        reason: String,
    },
}

/// Every problem of a rejected catalogue.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CatalogueErrors(pub Vec<CatalogueProblem>);

impl core::fmt::Display for CatalogueErrors {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "{} catalogue problem(s)", self.0.len())?;
        for p in &self.0 {
            write!(f, "; {p}")?;
        }
        Ok(())
    }
}

impl std::error::Error for CatalogueErrors {}

type Raw = BTreeMap<String, serde_json::Value>;

fn field_str(raw: &Raw, k: &str) -> Option<String> {
    raw.get(k).and_then(|v| v.as_str()).map(str::to_owned)
}

fn enum_from<T: for<'de> Deserialize<'de>>(s: &str) -> Option<T> {
    serde_json::from_value(serde_json::Value::String(s.to_owned())).ok()
}

impl Catalogue {
    /// The default catalogue (compiled in), shared.
    pub fn default_shared() -> Arc<Catalogue> {
        static CAT: OnceLock<Arc<Catalogue>> = OnceLock::new();
        CAT.get_or_init(|| {
            Arc::new(Catalogue::from_json(DEFAULT_CATALOGUE_JSON).expect("default catalogue"))
        })
        .clone()
    }

    /// Loads and validates a catalogue, reporting every problem at once.
    ///
    /// # Errors
    /// [`CatalogueErrors`] listing each problem.
    pub fn from_json(text: &str) -> Result<Catalogue, CatalogueErrors> {
        let mut probs = Vec::new();
        let top: BTreeMap<String, serde_json::Value> =
            serde_json::from_str(text).map_err(|e| CatalogueErrors(vec![Self::malformed(e)]))?;
        let format = top.get("format").and_then(|v| v.as_str()).unwrap_or("");
        let version = top.get("version").and_then(|v| v.as_u64()).unwrap_or(0);
        if format != CATALOGUE_FORMAT || version != CATALOGUE_VERSION as u64 {
            probs.push(CatalogueProblem::WrongFormat {
                found: format!("format `{format}`, version {version}"),
            });
        }
        let name = top
            .get("name")
            .and_then(|v| v.as_str())
            .unwrap_or("")
            .to_owned();
        let description = top
            .get("description")
            .and_then(|v| v.as_str())
            .unwrap_or("")
            .to_owned();
        let raws: Vec<Raw> = match top.get("cards").cloned().map(serde_json::from_value) {
            Some(Ok(v)) => v,
            Some(Err(e)) => return Err(CatalogueErrors(vec![Self::malformed(e)])),
            None => {
                return Err(CatalogueErrors(vec![CatalogueProblem::Malformed {
                    message: "missing field `cards`".into(),
                }]))
            }
        };
        let starting: [Vec<String>; 2] = match top
            .get("starting_landscapes")
            .cloned()
            .map(serde_json::from_value)
        {
            Some(Ok(v)) => v,
            _ => {
                probs.push(CatalogueProblem::Malformed {
                    message: "`starting_landscapes` must be two lists of card ids".into(),
                });
                [Vec::new(), Vec::new()]
            }
        };
        let mut cards = Vec::new();
        for raw in &raws {
            if let Some(c) = Self::parse_card(raw, &mut probs) {
                cards.push(c);
            }
        }
        let mut cat = Catalogue {
            format: CATALOGUE_FORMAT.into(),
            version: CATALOGUE_VERSION,
            name,
            description,
            starting_landscapes: starting,
            cards,
            start_ids: [[CardId(0); 6]; 2],
        };
        cat.validate(&mut probs);
        if probs.is_empty() {
            Ok(cat)
        } else {
            Err(CatalogueErrors(probs))
        }
    }

    fn malformed(e: serde_json::Error) -> CatalogueProblem {
        CatalogueProblem::Malformed {
            message: e.to_string(),
        }
    }

    /// Parses one card, checking the enumerated fields by hand so that every unknown value
    /// is reported (not only the first).
    fn parse_card(raw: &Raw, probs: &mut Vec<CatalogueProblem>) -> Option<CardSpec> {
        let id = field_str(raw, "id").unwrap_or_else(|| "?".into());
        let mut ok = true;
        let mut unknown = |field: &str, value: String, ok: &mut bool| {
            *ok = false;
            probs.push(CatalogueProblem::UnknownValue {
                card: id.clone(),
                field: field.into(),
                value,
            });
        };
        let mut cleaned = raw.clone();
        if let Some(v) = field_str(raw, "kind") {
            if enum_from::<CardKind>(&v).is_none() {
                unknown("kind", v, &mut ok);
            }
        }
        if let Some(v) = field_str(raw, "class") {
            if enum_from::<UpgradeClass>(&v).is_none() {
                unknown("class", v, &mut ok);
            }
        }
        if let Some(v) = field_str(raw, "resource") {
            if CardResource::parse(&v).is_none() {
                unknown("resource", v, &mut ok);
            }
        }
        if let Some(v) = field_str(raw, "effect") {
            if enum_from::<Effect>(&v).is_none() {
                ok = false;
                probs.push(CatalogueProblem::UnknownEffect {
                    card: id.clone(),
                    effect: v,
                });
                cleaned.insert("effect".into(), "none".into());
            }
        }
        if !ok {
            return None;
        }
        match serde_json::from_value::<CardSpec>(serde_json::to_value(&cleaned).ok()?) {
            Ok(c) => Some(c),
            Err(e) => {
                probs.push(CatalogueProblem::Malformed {
                    message: format!("card `{id}`: {e}"),
                });
                None
            }
        }
    }

    fn validate(&mut self, probs: &mut Vec<CatalogueProblem>) {
        let mut seen = BTreeMap::new();
        let mut total = 0usize;
        for c in &self.cards {
            if seen.insert(c.id.clone(), ()).is_some() {
                probs.push(CatalogueProblem::DuplicateId { card: c.id.clone() });
            }
            total += c.count as usize;
            Self::validate_card(c, probs);
        }
        if self.cards.len() > 250 || total > MAX_CARDS {
            probs.push(CatalogueProblem::ImpossibleCount {
                card: "*".into(),
                reason: format!(
                    "{total} cards in {} kinds (at most {MAX_CARDS})",
                    self.cards.len()
                ),
            });
        }
        self.validate_start(probs);
    }

    fn validate_card(c: &CardSpec, probs: &mut Vec<CatalogueProblem>) {
        let count = |reason: String| CatalogueProblem::ImpossibleCount {
            card: c.id.clone(),
            reason,
        };
        if c.count == 0 {
            probs.push(count("no copies".into()));
        }
        if c.start[0] as u16 + c.start[1] as u16 > c.count as u16 {
            probs.push(count(format!(
                "{} copies start in the principalities but the set has {}",
                c.start[0] as u16 + c.start[1] as u16,
                c.count
            )));
        }
        if c.kind == CardKind::Landscape && c.count != 1 {
            probs.push(count("a landscape card is unique (count 1)".into()));
        }
        let startable = matches!(
            c.kind,
            CardKind::Road | CardKind::Settlement | CardKind::Landscape
        );
        if !startable && c.start != [0, 0] {
            probs.push(count(
                "only roads, settlements and landscapes start in a principality".into(),
            ));
        }
        let bad = |reason: &str| CatalogueProblem::BadCard {
            card: c.id.clone(),
            reason: reason.into(),
        };
        match c.kind {
            CardKind::Landscape => {
                if c.resource.is_none() {
                    probs.push(bad("a landscape needs a resource"));
                }
                if !matches!(c.die, Some(1..=6)) {
                    probs.push(bad("a landscape needs a production number 1-6"));
                }
            }
            CardKind::SettlementUpgrade | CardKind::TownUpgrade => {
                if c.class.is_none() {
                    probs.push(bad("an upgrade needs a class (building, knight or fleet)"));
                }
                if c.kind == CardKind::TownUpgrade
                    && c.class.is_some()
                    && c.class != Some(UpgradeClass::Building)
                {
                    probs.push(bad("red town upgrades are buildings"));
                }
            }
            _ => {}
        }
        if !c.effect.fits(c.kind) {
            probs.push(CatalogueProblem::EffectMismatch {
                card: c.id.clone(),
                effect: format!("{:?}", c.effect),
                reason: format!("not an effect of a {:?} card", c.kind),
            });
        }
        if c.effect.needs_resource() && c.resource.is_none() {
            probs.push(CatalogueProblem::EffectMismatch {
                card: c.id.clone(),
                effect: format!("{:?}", c.effect),
                reason: "needs a `resource`".into(),
            });
        }
    }

    fn validate_start(&mut self, probs: &mut Vec<CatalogueProblem>) {
        for set in 0..2u8 {
            let s = set as usize;
            let mut missing =
                |reason: String| probs.push(CatalogueProblem::MissingStartingCards { set, reason });
            let of = |k: CardKind| -> u32 {
                self.cards
                    .iter()
                    .filter(|c| c.kind == k)
                    .map(|c| c.start[s] as u32)
                    .sum()
            };
            if of(CardKind::Road) != 1 {
                missing(format!("needs exactly 1 road, has {}", of(CardKind::Road)));
            }
            if of(CardKind::Settlement) != 2 {
                missing(format!(
                    "needs exactly 2 settlements, has {}",
                    of(CardKind::Settlement)
                ));
            }
            if of(CardKind::Landscape) != 6 {
                missing(format!(
                    "needs exactly 6 landscapes, has {}",
                    of(CardKind::Landscape)
                ));
            }
            let list = self.starting_landscapes[s].clone();
            if list.len() != 6 {
                missing(format!(
                    "`starting_landscapes` lists {} cards, not 6",
                    list.len()
                ));
                continue;
            }
            for (i, id) in list.iter().enumerate() {
                match self.find(id) {
                    Some(c)
                        if self.cards[c.0 as usize].kind == CardKind::Landscape
                            && self.cards[c.0 as usize].start[s] == 1 =>
                    {
                        self.start_ids[s][i] = c
                    }
                    _ => missing(format!("`{id}` is not a landscape that starts in this set")),
                }
            }
        }
        if self
            .cards
            .iter()
            .filter(|c| c.kind == CardKind::Town)
            .count()
            == 0
        {
            probs.push(CatalogueProblem::ImpossibleCount {
                card: "town".into(),
                reason: "the set has no town card".into(),
            });
        }
    }

    /// The card with this id.
    pub fn find(&self, id: &str) -> Option<CardId> {
        self.cards
            .iter()
            .position(|c| c.id == id)
            .map(|i| CardId(i as u8))
    }

    /// The card's data.
    #[inline]
    pub fn card(&self, id: CardId) -> &CardSpec {
        &self.cards[id.0 as usize]
    }

    /// The landscapes of starting set `set` (0 or 1), positions 1–6.
    pub fn starting_landscapes(&self, set: usize) -> [CardId; 6] {
        self.start_ids[set]
    }

    /// The first card of a kind (the road, settlement and town piles hold copies of one
    /// card each in the default set).
    pub fn first_of(&self, kind: CardKind) -> Option<CardId> {
        self.cards
            .iter()
            .position(|c| c.kind == kind)
            .map(|i| CardId(i as u8))
    }

    /// The number of cards in the whole set.
    pub fn total_cards(&self) -> usize {
        self.cards.iter().map(|c| c.count as usize).sum()
    }

    /// The catalogue as JSON (loads back with [`Catalogue::from_json`]).
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("catalogue serializes")
    }
}
