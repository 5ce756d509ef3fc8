//! Positions: the whole state as plain JSON (`{"format": "catan-cards-position",
//! "version": 1, ...}`), cards named by the catalogue's ids, validated on the way in with
//! every problem reported at once.

use super::catalogue::{CardKind, Catalogue};
use super::error::CardRulesError;
use super::state::*;
use super::types::{CardId, PileId};
use crate::rng::Rng;
use crate::types::Player;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::sync::Arc;

/// The position format's name.
pub const POSITION_FORMAT: &str = "catan-cards-position";
/// The position format's version.
pub const POSITION_VERSION: u32 = 1;

/// A card on the table in a position.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PosCell {
    /// Row `0..5` (2 is the middle row).
    pub row: u8,
    /// Column `0..27`.
    pub col: u8,
    /// The card's id.
    pub card: String,
    /// Units stored (landscapes).
    #[serde(default)]
    pub stock: u8,
    /// The settlement under a town.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub under: Option<String>,
}

/// A card in a hand in a position.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PosHandCard {
    /// The card's id.
    pub card: String,
    /// Taken this turn.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub fresh: bool,
}

/// The whole state of a game as plain data (the referee's: it holds both hands and every
/// pile's order). [`super::CardGame::from_json`] validates it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CardPosition {
    /// Always [`POSITION_FORMAT`].
    pub format: String,
    /// Always [`POSITION_VERSION`].
    pub version: u32,
    /// The catalogue's name.
    pub catalogue: String,
    /// The rules.
    pub rules: CardRules,
    /// The generator's state.
    pub rng: Rng,
    /// Both principalities.
    pub principalities: [Vec<PosCell>; 2],
    /// Both hands.
    pub hands: [Vec<PosHandCard>; 2],
    /// The ten piles, top first.
    pub piles: Vec<Vec<String>>,
    /// Action cards played by each seat.
    pub played: [Vec<String>; 2],
    /// Per seat, a bit per pile whose order it knows.
    pub known: [u16; 2],
    /// The starting player.
    pub starter: Option<Player>,
    /// The player to move.
    pub current: Player,
    /// The turn number.
    pub turn: u16,
    /// The phase.
    pub phase: Phase,
    /// The dice of this turn.
    pub dice: Option<(u8, u8)>,
    /// An Alchemist's production die.
    pub alchemist: Option<u8>,
    /// The player to move has built this turn.
    pub built: bool,
    /// The player to move has changed a card.
    pub exchanged: bool,
    /// The player to move is replenishing.
    pub replenishing: bool,
    /// The Knight token's holder.
    pub knight_token: Option<Player>,
    /// The Mill token's holder.
    pub mill_token: Option<Player>,
    /// The winner.
    pub winner: Option<Player>,
    /// Pending steps, first first.
    pub pending: Vec<Pending>,
    /// Landscapes drawn for a new settlement, not laid yet.
    pub drawn: Vec<String>,
    /// A trade offer.
    pub offer: Option<Offer>,
    /// The pile chosen first in the opening.
    pub opening_pile: Option<PileId>,
}

/// One problem of a position.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum CardPositionError {
    /// Not JSON of the position's shape.
    #[error("malformed position: {message}")]
    Malformed {
        /// The parser's message.
        message: String,
    },
    /// Wrong format, version or catalogue.
    #[error("wrong format: {found}")]
    WrongFormat {
        /// What was found.
        found: String,
    },
    /// A card id the catalogue does not know.
    #[error("unknown card `{card}`")]
    UnknownCard {
        /// The id.
        card: String,
    },
    /// A card appears more or less often than the catalogue's count.
    #[error("card `{card}` appears {found} times, the set has {expected}")]
    CardCount {
        /// The id.
        card: String,
        /// How often it appears.
        found: usize,
        /// The catalogue's count.
        expected: usize,
    },
    /// A card where it cannot lie.
    #[error("seat {player}, row {row}, col {col}: {reason}")]
    BadCell {
        /// The principality.
        player: u8,
        /// Row.
        row: u8,
        /// Column.
        col: u8,
        /// Why.
        reason: String,
    },
    /// A pile holds a card of the wrong kind, or there are not ten piles.
    #[error("pile {pile}: {reason}")]
    BadPile {
        /// The pile.
        pile: u8,
        /// Why.
        reason: String,
    },
    /// Something else inconsistent (tokens, winner, seats, sizes, phase and turn).
    #[error("{reason}")]
    Inconsistent {
        /// Why.
        reason: String,
    },
    /// Rules that cannot be played ([`super::CardRules::validate`]).
    #[error("rules: {error}")]
    Rules {
        /// The problem.
        error: CardRulesError,
    },
    /// A pending step that names a seat, pile, column or count the game cannot have, or
    /// that cannot stand where it is.
    #[error("pending step {index}: {reason}")]
    BadStep {
        /// Its index in `pending` (0 is the decision waited for).
        index: usize,
        /// Why.
        reason: String,
    },
}

/// Every problem of a rejected position.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CardPositionErrors(pub Vec<CardPositionError>);

impl core::fmt::Display for CardPositionErrors {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "{} position problem(s)", self.0.len())?;
        for p in &self.0 {
            write!(f, "; {p}")?;
        }
        Ok(())
    }
}

impl std::error::Error for CardPositionErrors {}

pub(crate) fn to_position(s: &State) -> CardPosition {
    let name = |id: CardId| s.spec(id).id.clone();
    let principality = |p: usize| {
        cells()
            .filter_map(|(r, c)| {
                let cell = s.grid()[p][r][c];
                cell.card.map(|id| PosCell {
                    row: r as u8,
                    col: c as u8,
                    card: name(id),
                    stock: cell.stock,
                    under: cell.under.map(name),
                })
            })
            .collect()
    };
    let hand = |p: usize| {
        s.hands[p]
            .iter()
            .map(|h| PosHandCard {
                card: name(h.card),
                fresh: h.fresh,
            })
            .collect()
    };
    CardPosition {
        format: POSITION_FORMAT.into(),
        version: POSITION_VERSION,
        catalogue: s.cat.name.clone(),
        rules: s.rules,
        rng: s.rng,
        principalities: [principality(0), principality(1)],
        hands: [hand(0), hand(1)],
        piles: s
            .piles
            .iter()
            .map(|p| p.iter().map(|&c| name(c)).collect())
            .collect(),
        played: [0, 1].map(|p| s.played[p].iter().map(|&c| name(c)).collect()),
        known: s.known,
        starter: s.starter,
        current: s.current,
        turn: s.turn,
        phase: s.phase,
        dice: s.dice,
        alchemist: s.alchemist,
        built: s.built,
        exchanged: s.exchanged,
        replenishing: s.replenishing,
        knight_token: s.knight_token,
        mill_token: s.mill_token,
        winner: s.winner,
        pending: s.queue.clone(),
        drawn: s.drawn.iter().flatten().map(|&c| name(c)).collect(),
        offer: s.offer,
        opening_pile: s.opening_pile,
    }
}

struct Loader<'a> {
    cat: &'a Catalogue,
    errs: Vec<CardPositionError>,
    seen: BTreeMap<CardId, usize>,
}

impl Loader<'_> {
    fn card(&mut self, id: &str) -> Option<CardId> {
        match self.cat.find(id) {
            Some(c) => {
                *self.seen.entry(c).or_default() += 1;
                Some(c)
            }
            None => {
                self.errs
                    .push(CardPositionError::UnknownCard { card: id.into() });
                None
            }
        }
    }

    fn bad_cell(&mut self, p: usize, c: &PosCell, reason: &str) {
        self.errs.push(CardPositionError::BadCell {
            player: p as u8,
            row: c.row,
            col: c.col,
            reason: reason.into(),
        });
    }
}

pub(crate) fn from_position(
    pos: &CardPosition,
    cat: Arc<Catalogue>,
) -> Result<State, CardPositionErrors> {
    let mut s = super::turn::new_state(cat.clone(), pos.rules, 0);
    let mut l = Loader {
        cat: &cat,
        errs: Vec::new(),
        seen: BTreeMap::new(),
    };
    if pos.format != POSITION_FORMAT || pos.version != POSITION_VERSION || pos.catalogue != cat.name
    {
        l.errs.push(CardPositionError::WrongFormat {
            found: format!(
                "format `{}` version {} catalogue `{}` (expected `{POSITION_FORMAT}` {POSITION_VERSION} `{}`)",
                pos.format, pos.version, pos.catalogue, cat.name
            ),
        });
    }
    s.clear_grid();
    for p in 0..2 {
        for c in &pos.principalities[p] {
            load_cell(&mut l, &mut s, p, c);
        }
    }
    for p in 0..2 {
        s.hands[p].clear();
        for h in &pos.hands[p] {
            if let Some(card) = l.card(&h.card) {
                s.hands[p].push(HandCard {
                    card,
                    fresh: h.fresh,
                });
            }
        }
        s.played[p].clear();
        for id in &pos.played[p] {
            if let Some(card) = l.card(id) {
                s.played[p].push(card);
            }
        }
    }
    load_piles(&mut l, &mut s, pos);
    s.drawn = [None; 2];
    for (i, id) in pos.drawn.iter().enumerate().take(2) {
        s.drawn[i] = l.card(id);
    }
    check_counts(&mut l);
    s.rng = pos.rng;
    s.known = pos.known;
    s.starter = pos.starter;
    s.current = pos.current;
    s.turn = pos.turn;
    s.phase = pos.phase;
    s.dice = pos.dice;
    s.alchemist = pos.alchemist;
    s.built = pos.built;
    s.exchanged = pos.exchanged;
    s.replenishing = pos.replenishing;
    s.knight_token = pos.knight_token;
    s.mill_token = pos.mill_token;
    s.winner = pos.winner;
    s.queue.clear();
    s.queue.extend_from_slice(&pos.pending);
    s.offer = pos.offer;
    s.opening_pile = pos.opening_pile;
    if let Err(error) = pos.rules.validate() {
        l.errs.push(CardPositionError::Rules { error });
    }
    check_consistency(&mut l, &s);
    check_turn(&mut l, &s, pos);
    for (index, &step) in pos.pending.iter().enumerate() {
        if let Err(reason) = check_step(&s, index, step) {
            l.errs.push(CardPositionError::BadStep { index, reason });
        }
    }
    if l.errs.is_empty() {
        check_settled(&mut l, &s);
    }
    if l.errs.is_empty() {
        Ok(s)
    } else {
        Err(CardPositionErrors(l.errs))
    }
}

/// The phase, the turn, the seats, the dice and the flags of the turn fit together: turn 0
/// is before the first roll (`start`, `opening`); from turn 1 the starter moves in odd
/// turns, the opponent in even ones; `roll` has no dice yet, `main` has them.
fn check_turn(l: &mut Loader, s: &State, pos: &CardPosition) {
    let mut bad = |reason: &str| {
        l.errs.push(CardPositionError::Inconsistent {
            reason: reason.into(),
        })
    };
    let external = s.rules.chance == crate::ChanceMode::External;
    if s.known.iter().any(|k| k >> PileId::COUNT != 0) {
        bad("`known` has bits for piles beyond the ten");
    }
    let die = |v: u8| (1..=6).contains(&v);
    if s.dice.is_some_and(|(e, p)| !die(e) || !die(p)) || s.alchemist.is_some_and(|v| !die(v)) {
        bad("dice show 1 to 6");
    }
    if let (Some(a), Some((_, p))) = (s.alchemist, s.dice) {
        if a != p {
            bad("the production die differs from the Alchemist's choice");
        }
    }
    if s.opening_pile.is_some_and(|p| !p.is_development()) {
        bad("`opening_pile` is not a development pile (5 to 9)");
    }
    if s.turn == u16::MAX {
        bad("the turn number is at its maximum");
    }
    let before = matches!(s.phase, Phase::Start | Phase::Opening);
    if before && (s.turn != 0 || s.dice.is_some() || s.alchemist.is_some()) {
        bad("before the first turn (`start`, `opening`) the turn is 0 and there are no dice");
    }
    if before && (s.built || s.exchanged || s.replenishing || s.offer.is_some()) {
        bad("before the first turn nothing is built, changed, replenished or offered");
    }
    match s.phase {
        Phase::Start if !external || s.starter.is_some() || !pos.pending.is_empty() => {
            bad("phase `start` waits for the starting player: external chance, no starter, nothing pending");
        }
        Phase::Opening if s.starter.is_none() => bad("phase `opening` needs the starting player"),
        Phase::Roll | Phase::Main => {
            if s.turn == 0 {
                bad("phases `roll` and `main` come from turn 1");
            }
            match s.starter {
                None => bad("a game past the opening needs the starting player"),
                Some(st) if st.0 <= 1 => {
                    let mover = if s.turn % 2 == 1 {
                        st
                    } else {
                        super::types::opponent(st)
                    };
                    if s.current != mover {
                        bad("the player to move does not fit the turn number and the starting player");
                    }
                }
                Some(_) => {}
            }
            if s.phase == Phase::Roll
                && (s.dice.is_some()
                    || s.built
                    || s.exchanged
                    || s.replenishing
                    || s.offer.is_some())
            {
                bad("phase `roll` has no dice yet and nothing built, changed, replenished or offered");
            }
            if s.phase == Phase::Main && s.dice.is_none() {
                bad("phase `main` comes after the dice");
            }
        }
        _ => {}
    }
    if s.exchanged && !s.replenishing {
        bad("a changed card is part of replenishing");
    }
    let answering = s.queue.iter().any(|p| matches!(p, Pending::Answer { .. }));
    if s.offer.is_some() != answering {
        bad("an offer exactly while the opponent's answer is pending");
    }
    let placing = s
        .queue
        .iter()
        .any(|p| matches!(p, Pending::PlaceDrawn { .. }));
    if s.drawn.iter().any(Option::is_some) && !placing {
        bad("drawn landscapes only while their placing is pending");
    }
    for id in s.drawn.iter().flatten() {
        if s.spec(*id).kind != CardKind::Landscape {
            bad("a drawn card is not a landscape");
        }
    }
}

/// Most units or cards a pending step may still count (a hand's capacity).
const MAX_STEP_COUNT: u8 = HAND_CAPACITY as u8;

/// One pending step names seats 0 and 1, piles that exist (development piles where a
/// development pile is meant), a settlement's column, and a count a hand can hold.
fn check_step(s: &State, index: usize, step: Pending) -> Result<(), String> {
    let seat = |p: Player| {
        if p.0 > 1 {
            Err(format!("there is no seat {}", p.0))
        } else {
            Ok(())
        }
    };
    // A count of 0 is a step the game drops when it comes first (it queues some).
    let count = |n: u8| {
        if n <= MAX_STEP_COUNT {
            Ok(())
        } else {
            Err(format!("a count of {n} (0 to {MAX_STEP_COUNT})"))
        }
    };
    let external = s.rules.chance == crate::ChanceMode::External;
    let head = index == 0;
    match step {
        Pending::Production | Pending::CheckHands | Pending::EventCard => Ok(()),
        Pending::Gain { player, n } | Pending::Spend { player, n } => {
            seat(player)?;
            count(n)
        }
        Pending::Steal { taker, victim, n }
        | Pending::Give {
            giver: taker,
            receiver: victim,
            n,
        } => {
            seat(taker)?;
            seat(victim)?;
            if taker == victim {
                return Err("a seat trades with itself".into());
            }
            count(n)
        }
        Pending::Discard { player }
        | Pending::PutBack { player }
        | Pending::Spy { player }
        | Pending::Answer { player }
        | Pending::ChoosePile { player, .. } => seat(player),
        Pending::Search {
            player, pile, n, ..
        } => {
            seat(player)?;
            if !pile.is_development() {
                return Err(format!(
                    "pile {} is not a development pile (5 to 9)",
                    pile.0
                ));
            }
            count(n)
        }
        Pending::ChooseCard { chooser, owner, .. } => {
            seat(chooser)?;
            seat(owner)
        }
        Pending::Counter { defender: p, .. } | Pending::AttackDie { attacker: p, .. } => seat(p),
        Pending::Conflict { chooser, n } => {
            seat(chooser)?;
            count(n)
        }
        Pending::Landscapes { player, col }
        | Pending::PlaceDrawn { player, col }
        | Pending::ScoutPick { player, col } => {
            seat(player)?;
            let c = col as usize;
            let outer =
                c % 2 == 0 && (2..COLS - 2).contains(&c) && c != START_COL && c != START_COL + 2;
            if !outer || !s.is_settled(player, c) {
                return Err(format!(
                    "column {col} is not a settlement of seat {} built beyond the starting ones",
                    player.0
                ));
            }
            let drawn = s.drawn.iter().flatten().count();
            if matches!(step, Pending::PlaceDrawn { .. }) && (!head || drawn == 0) {
                return Err("landscapes are placed first, once drawn".into());
            }
            Ok(())
        }
        Pending::Turn {
            player,
            resource,
            n,
            up,
        } => {
            seat(player)?;
            count(n)?;
            if !s.rules.choose_landscapes {
                return Err("a landscape turn step only with the rule `choose_landscapes`".into());
            }
            let leading = s.queue[..index]
                .iter()
                .all(|q| matches!(q, Pending::Turn { .. }));
            if n == 0 || !leading {
                return Err(
                    "a landscape turn step turns at least one unit, before any other step".into(),
                );
            }
            // The first one turns now: the seat holds the units it pays, or room for those
            // it receives.
            let (stock, lands) = (s.stock(player).get(resource), s.counts(player).lands);
            let room = lands[resource.index()] * MAX_STOCK - stock;
            if head && n > if up { room } else { stock } {
                return Err(format!(
                    "seat {} cannot turn {n} unit(s) of {resource:?} {}",
                    player.0,
                    if up { "up" } else { "down" }
                ));
            }
            Ok(())
        }
        Pending::Shuffle {
            player,
            pile,
            placed,
        } => {
            seat(player)?;
            if !external {
                return Err("a shuffle step comes from outside only with external chance".into());
            }
            match s.piles.get(pile.index()) {
                None => Err(format!("there is no pile {}", pile.0)),
                Some(cards) if placed as usize + 1 >= cards.len() => Err(format!(
                    "{placed} of the {} cards of pile {} already placed",
                    cards.len(),
                    pile.0
                )),
                Some(_) => Ok(()),
            }
        }
    }
}

/// A position is what the game is between two actions: the automatic steps have run, steps
/// with nothing to choose are gone and a reached victory target has ended the game. The
/// game's own loop is run on a copy; a position it would change is refused.
fn check_settled(l: &mut Loader, s: &State) {
    let mut t = s.clone();
    let mut events: Vec<super::event::CardEvent> = Vec::new();
    super::turn::settle(&mut t, &mut events);
    if t != *s {
        l.errs.push(CardPositionError::Inconsistent {
            reason: format!(
                "the position is not one the game waits in: an automatic step, a step with nothing to choose or a win is due ({} event(s) would follow)",
                events.len()
            ),
        });
    }
}

fn load_cell(l: &mut Loader, s: &mut State, p: usize, c: &PosCell) {
    let (r, col) = (c.row as usize, c.col as usize);
    let card = l.card(&c.card);
    let under = c.under.as_deref().and_then(|u| l.card(u));
    if r >= ROWS || col >= COLS {
        return l.bad_cell(p, c, "outside the grid");
    }
    let Some(card) = card else { return };
    if s.grid()[p][r][col].card.is_some() {
        return l.bad_cell(p, c, "two cards in one cell");
    }
    let kind = l.cat.card(card).kind;
    let ok = match kind {
        CardKind::Road => r == MIDDLE && col % 2 == 1,
        CardKind::Settlement | CardKind::Town => r == MIDDLE && col % 2 == 0,
        CardKind::Landscape => r != MIDDLE && r.abs_diff(MIDDLE) == 1 && col % 2 == 1,
        CardKind::SettlementUpgrade | CardKind::TownUpgrade => r != MIDDLE && col % 2 == 0,
        CardKind::Action | CardKind::Event => false,
    };
    if !ok {
        l.bad_cell(p, c, "this kind of card cannot lie here");
    }
    if c.stock > MAX_STOCK || (c.stock > 0 && kind != CardKind::Landscape) {
        l.bad_cell(p, c, "stock is 0-3 and only on landscapes");
    }
    if under.is_some() != (kind == CardKind::Town)
        || under.is_some_and(|u| l.cat.card(u).kind != CardKind::Settlement)
    {
        l.bad_cell(p, c, "a town (and only a town) lies on a settlement");
    }
    s.set_cell(
        Player(p as u8),
        r,
        col,
        Cell {
            card: Some(card),
            stock: c.stock,
            under,
        },
    );
}

fn load_piles(l: &mut Loader, s: &mut State, pos: &CardPosition) {
    if pos.piles.len() != PileId::COUNT {
        l.errs.push(CardPositionError::BadPile {
            pile: pos.piles.len() as u8,
            reason: format!("there are {} piles, not 10", pos.piles.len()),
        });
    }
    for (i, pile) in pos.piles.iter().enumerate().take(PileId::COUNT) {
        s.piles[i].clear();
        for id in pile {
            let Some(card) = l.card(id) else { continue };
            let kind = l.cat.card(card).kind;
            let want = match i {
                0 => kind == CardKind::Event,
                1 => kind == CardKind::Road,
                2 => kind == CardKind::Settlement,
                3 => kind == CardKind::Town,
                4 => kind == CardKind::Landscape,
                _ => matches!(
                    kind,
                    CardKind::Action | CardKind::SettlementUpgrade | CardKind::TownUpgrade
                ),
            };
            if !want {
                l.errs.push(CardPositionError::BadPile {
                    pile: i as u8,
                    reason: format!("`{id}` does not belong in this pile"),
                });
            }
            s.piles[i].push(card);
        }
    }
}

fn check_counts(l: &mut Loader) {
    for (i, spec) in l.cat.cards.iter().enumerate() {
        let found = l.seen.get(&CardId(i as u8)).copied().unwrap_or(0);
        if found != spec.count as usize {
            l.errs.push(CardPositionError::CardCount {
                card: spec.id.clone(),
                found,
                expected: spec.count as usize,
            });
        }
    }
}

fn check_consistency(l: &mut Loader, s: &State) {
    let mut bad = |reason: String| l.errs.push(CardPositionError::Inconsistent { reason });
    for p in [s.current, s.starter.unwrap_or(Player(0))]
        .into_iter()
        .chain(s.knight_token)
        .chain(s.mill_token)
        .chain(s.winner)
    {
        if p.0 > 1 {
            bad(format!("there is no seat {}", p.0));
            return;
        }
    }
    if s.winner.is_some() != (s.phase == Phase::Over) {
        bad("a winner exactly when the phase is `over`".into());
    }
    if s.hands.iter().any(|h| h.len() > HAND_CAPACITY) || s.queue.len() > QUEUE_CAPACITY {
        bad("a hand or the pending steps are too long".into());
    }
    for p in 0..2u8 {
        let pl = Player(p);
        let c = START_COL;
        if !s.is_settled(pl, c) && !(0..COLS).any(|x| s.is_settled(pl, x)) {
            bad(format!("seat {p} has no settlement"));
        }
    }
    let mut t = s.clone();
    super::build::update_tokens(&mut t, &mut ());
    if t.knight_token != s.knight_token || t.mill_token != s.mill_token {
        bad("the tokens do not match strength and trade points".into());
    }
    for (p, cells) in s.grid().iter().enumerate() {
        for (r, row) in cells.iter().enumerate() {
            for (c, cell) in row.iter().enumerate() {
                let Some(id) = cell.card else { continue };
                let kind = s.spec(id).kind;
                if !matches!(kind, CardKind::SettlementUpgrade | CardKind::TownUpgrade) {
                    continue;
                }
                let pl = Player(p as u8);
                let town = s.is_town(pl, c);
                let inner = r.abs_diff(MIDDLE) == 1;
                let fits = if kind == CardKind::TownUpgrade {
                    town
                } else {
                    town || (inner && s.is_settled(pl, c))
                };
                if !fits {
                    bad(format!("seat {p}: the upgrade at row {r}, col {c} has no settlement or town to lie on"));
                }
            }
        }
    }
}
