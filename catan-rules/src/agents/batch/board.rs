//! The base game in the batch: [`BatchGame`] for [`Game`], its acting seat, masks and the
//! compact `i16` observation ([`Batch::observe`], laid out in the [module notes](super)).

use super::{check_len, Batch, BatchError, BatchGame, Slot};
use crate::action::Action;
use crate::action_space::{ActionSpace, Block};
use crate::game::{answer, Game, Phase, F_BUILT, NONE};
use crate::rules::Rules;
use crate::types::Player;

/// Fixed part of the observation (before the per-seat values).
pub const OBS_HEADER: usize = 47;
/// Values per seat in the observation.
pub const OBS_PER_SEAT: usize = 10;

/// The seat the next id of `g` is for (see the module notes).
pub fn acting_seat(g: &Game) -> Player {
    if g.phase == Phase::Discard {
        if let Some(p) = (0..g.rules.players).find(|&p| g.discard[p as usize] > 0) {
            return Player(p);
        }
    }
    if let Some(p) = (0..g.rules.players).find(|&p| g.gold[p as usize] > 0) {
        return Player(p);
    }
    if let Some(o) = &g.offer {
        if let Some(p) = (0..g.rules.players).find(|&p| o.answers[p as usize] == answer::PENDING) {
            return Player(p);
        }
        return Player(o.from);
    }
    Player(g.current)
}

/// The seat an id's action is taken by in `g`.
pub(super) fn id_seat(space: &ActionSpace, g: &Game, id: u32) -> u8 {
    match space.block_of(id) {
        Some((Block::Accept | Block::Reject, i)) => i as u8,
        Some((Block::Discard | Block::Gold, i)) => (i / 5) as u8,
        _ => g.current,
    }
}

/// Writes the acting seat's mask of `g` into `row` (`space.words()` words), with or
/// without the domestic offers.
fn actor_mask(space: &ActionSpace, g: &Game, row: &mut [u64], offers: bool) {
    g.legal_mask_with(space, row, offers);
    let actor = acting_seat(g).0;
    if g.to_act().len() <= 1 && actor == g.current {
        return;
    }
    for (w, word) in row.iter_mut().enumerate() {
        let mut bits = *word;
        while bits != 0 {
            let b = bits.trailing_zeros();
            bits &= bits - 1;
            let id = (w * 64) as u32 + b;
            if id_seat(space, g, id) != actor {
                *word &= !(1u64 << b);
            }
        }
    }
}

#[inline]
fn rel(p: u8, actor: u8, players: u8) -> i16 {
    if p == NONE {
        -1
    } else {
        ((p + players - actor) % players) as i16
    }
}

/// Writes the acting seat's observation of `g` into `out` ([`Batch::obs_len`] values).
pub fn write_observation(g: &Game, out: &mut [i16]) {
    let n = g.rules.players;
    let actor = acting_seat(g).0;
    let r = |p: u8| rel(p, actor, n);
    let clamp = |v: u32| v.min(i16::MAX as u32) as i16;
    out.fill(0);
    let me = &g.seats[actor as usize];
    out[0] = actor as i16;
    out[1] = r(g.current);
    out[2] = g.phase as i16;
    out[3] = clamp(g.turn);
    out[4] = g.dice[0] as i16;
    out[5] = g.dice[1] as i16;
    out[6] = if g.robber == NONE {
        -1
    } else {
        g.robber as i16
    };
    out[7] = g.development_card_played() as i16;
    out[8] = (g.flags & F_BUILT != 0) as i16;
    out[9] = g.road_building_left as i16;
    for k in 0..5 {
        out[10 + k] = g.bank.0[k] as i16;
        out[18 + k] = me.hand.0[k] as i16;
        out[23 + k] = me.dev.0[k] as i16;
        out[28 + k] = me.new_dev.0[k] as i16;
    }
    out[15] = clamp(g.deck.0.iter().map(|&c| c as u32).sum());
    out[16] = r(g.longest_road);
    out[17] = r(g.largest_army);
    out[33] = g.points(Player(actor)) as i16;
    out[35] = -1;
    out[36] = -1;
    if let Some(o) = &g.offer {
        out[34] = 1;
        out[35] = r(o.from);
        out[36] = o.to.map_or(-1, r);
        for k in 0..5 {
            out[37 + k] = o.give.0[k] as i16;
            out[42 + k] = o.get.0[k] as i16;
        }
    }
    for p in 0..n {
        let s = &g.seats[p as usize];
        let base = OBS_HEADER + OBS_PER_SEAT * r(p) as usize;
        let v = &mut out[base..base + OBS_PER_SEAT];
        v[0] = g.public_points(Player(p)) as i16;
        v[1] = clamp(s.hand.total());
        v[2] = clamp(s.dev.0.iter().chain(&s.new_dev.0).map(|&c| c as u32).sum());
        v[3] = s.knights as i16;
        v[4] = g.longest_road_of(Player(p)) as i16;
        v[5] = g.discard[p as usize] as i16;
        v[6] = s.roads as i16;
        v[7] = s.settlements as i16;
        v[8] = s.cities as i16;
        v[9] = g.offer.as_ref().map_or(0, |o| o.answers[p as usize] as i16);
    }
    let nodes = OBS_HEADER + OBS_PER_SEAT * n as usize;
    let node_count = g.board.nodes().len();
    for (k, slot) in out[nodes..nodes + node_count].iter_mut().enumerate() {
        if let Some((p, city)) = g.building(crate::board::NodeId(k as u8)) {
            *slot = 1 + r(p.0) + if city { n as i16 } else { 0 };
        }
    }
    let edges = nodes + node_count;
    let edge_count = g.board.edges().len();
    for (k, slot) in out[edges..edges + edge_count].iter_mut().enumerate() {
        let e = crate::board::EdgeId(k as u16);
        if let Some(p) = g.road(e) {
            *slot = 1 + r(p.0);
        } else if let Some(p) = g.ship(e) {
            *slot = 1 + r(p.0) + n as i16;
        }
    }
}

impl BatchGame for Game {
    type Rules = Rules;
    const BATCH_MAX_TURNS: u32 = crate::sim::MAX_TURNS;

    fn batch_new(rules: Rules, seed: u64) -> Result<Game, BatchError> {
        Ok(Game::new(rules, seed)?)
    }

    fn acting_seat(&self) -> Player {
        acting_seat(self)
    }

    fn actor_mask(&self, space: &ActionSpace, row: &mut [u64], offers: bool) {
        actor_mask(space, self, row, offers);
    }

    fn decode_acting(&self, space: &ActionSpace, id: u32) -> Option<Action> {
        let actor = acting_seat(self);
        space.decode(self, id).filter(|a| {
            id_seat(space, self, id) == actor.0
                && self.is_legal(a)
                // Only ids the mask lists (maritime trades at their best rate).
                && !matches!(a, Action::MaritimeTrade { give, rate, .. }
                    if *rate != self.best_rate(actor, *give))
        })
    }

    /// Twice its board: a finished game is kept beside its replacement.
    fn batch_heap_bytes(&self) -> usize {
        2 * self.board().heap_bytes()
    }
}

impl Batch<Game> {
    /// `n` games of `rules`, game `i` with seed `seed + i`, stepped on up to `threads`
    /// threads (`0` counts as 1; clamped by [`super::batch_threads`]): [`Batch::with_rules`]
    /// for the base game.
    ///
    /// # Errors
    /// As [`Batch::with_rules`].
    pub fn new(rules: Rules, seed: u64, n: usize, threads: usize) -> Result<Batch, BatchError> {
        Batch::with_rules(rules, seed, n, threads)
    }

    /// Values per compact observation ([`Batch::observe`], see the [module notes](super)).
    pub fn obs_len(&self) -> usize {
        let g = &self.slots[0].game;
        OBS_HEADER
            + OBS_PER_SEAT * g.rules.players as usize
            + g.board().nodes().len()
            + g.board().edges().len()
    }

    /// Writes every game's mask (as [`Batch::observe_flat`]) and the acting seat's
    /// observation with the board ([`Game::observation`], [`crate::observation`]: `len() ×
    /// layout().len()` values, game `i` at `i × layout().len()`): [`Batch::observe_flat`]
    /// under the name the base game had first.
    ///
    /// # Errors
    /// [`BatchError::Length`] if a slice has the wrong length (nothing is written).
    pub fn observe_board(&self, masks: &mut [u64], obs: &mut [f32]) -> Result<(), BatchError> {
        self.observe_flat(masks, obs)
    }

    /// Writes every game's mask (`len() × space().words()` words, game `i` at
    /// `i × words`) and compact observation (`len() × obs_len()` values, see the
    /// [module notes](super)).
    ///
    /// # Errors
    /// [`BatchError::Length`] if a slice has the wrong length (nothing is written).
    pub fn observe(&self, masks: &mut [u64], obs: &mut [i16]) -> Result<(), BatchError> {
        let (n, words, ol) = (self.len(), self.mask_words(), self.obs_len());
        check_len("masks", masks.len(), n * words)?;
        check_len("obs", obs.len(), n * ol)?;
        let (space, offers) = (&self.space, self.offers);
        let work = |slots: &[Slot<Game>], masks: &mut [u64], obs: &mut [i16]| {
            for ((s, m), o) in slots
                .iter()
                .zip(masks.chunks_mut(words))
                .zip(obs.chunks_mut(ol))
            {
                actor_mask(space, &s.game, m, offers);
                write_observation(&s.game, o);
            }
        };
        self.per_game(masks, words, obs, ol, &work);
        Ok(())
    }
}
