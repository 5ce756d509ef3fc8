//! Built-in players ("bots") for testing agents and for matches between them.
//!
//! Every bot plays any game that implements [`AgentGame`] (the base game, the default, and
//! the Card Game: `Bot<CardGame>`, [`BotKind::build_for`], [`play_match_of`]).
//!
//! A bot chooses an action for one seat from what that seat may know. It is handed a
//! [`Perspective`]: the seat's view ([`crate::view::PlayerView`] in the base game), its own
//! legal actions, and [`Perspective::determinize`] — a full game drawn at random among those
//! the seat cannot tell apart from the real one ([`Game::resample_hidden`],
//! [`crate::agents::cards::determinize`]). There is no other way to reach
//! the real game from a bot, so a bot cannot peek at other hands, the deck or the dice to
//! come.
//!
//! | bot | how it plays | cost per decision |
//! | --- | --- | --- |
//! | [`RandomBot`] | uniform among its legal actions | one enumeration |
//! | [`WeightedBot`] | random, weighted by kind: cities and settlements first, then maritime trades and development cards, then roads, ending the turn last ([`weighted::weight`]) | one enumeration |
//! | [`GreedyBot`] | one-ply lookahead on one determinized sample, choosing the action whose result has the best [`greedy::position_value`] | one clone and apply per legal action |
//! | [`SearchBot`] | Monte-Carlo search over determinized samples with greedy playouts to a fixed horizon scored by the value of the position: by default flat, the greedy ranking's best few actions each played out in the same samples (common random numbers); optionally an information-set tree (UCB1 with availability counts, progressive widening in the greedy ranking's order) ([`search`]) | about `playouts × depth` greedy decisions |
//!
//! Bots never make domestic trade offers (they answer offers: [`GreedyBot`] and
//! [`SearchBot`] accept when the trade raises their value, the random bots at random). With
//! external chance they choose their seat's decision only, never an outcome
//! ([`Perspective::legal_actions`]).
//!
//! ```
//! use catan_rules::bots::{play_match, BotKind};
//! use catan_rules::Rules;
//!
//! let kinds = [BotKind::Greedy, BotKind::Random, BotKind::Random];
//! let result = play_match(Rules { players: 3, ..Rules::default() }, 1, &kinds).unwrap();
//! assert_eq!(result.scores.len(), 3);
//! ```

pub mod greedy;
pub mod random;
pub mod search;
pub mod weighted;

pub use greedy::GreedyBot;
pub use random::RandomBot;
pub use search::{Method, Rollout, SearchBot, SearchConfig};
pub use weighted::WeightedBot;

use super::AgentGame;
use crate::board::Board;
use crate::game::{Decision, Game, NewGameError, Phase};
use crate::rng::Rng;
use crate::rules::{ChanceMode, Rules};
use crate::types::{Player, Resources};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;
use std::sync::Arc;

/// What one seat may know and do: the only window a [`Bot`] has on a game.
#[derive(Debug)]
pub struct Perspective<'a, G: AgentGame = Game> {
    game: &'a G,
    seat: Player,
}

impl<G: AgentGame> Clone for Perspective<'_, G> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<G: AgentGame> Copy for Perspective<'_, G> {}

impl<'a, G: AgentGame> Perspective<'a, G> {
    /// The window of `seat` on `game`.
    pub fn new(game: &'a G, seat: Player) -> Perspective<'a, G> {
        Perspective { game, seat }
    }

    /// The seat.
    pub fn seat(&self) -> Player {
        self.seat
    }

    /// Everything the seat may know ([`crate::engine::Engine::view`]).
    pub fn view(&self) -> G::View {
        self.game.view(Some(self.seat))
    }

    /// The seat's legal actions now, trade offers left out (answers to an open offer stay
    /// in). Empty when the seat has nothing to do ([`AgentGame::choices`]).
    ///
    /// With external chance these are the seat's *choices*: a roll without its dice, a
    /// steal without the card, a purchase without the card bought. The outcomes the
    /// referee's list names depend on hidden cards, so a bot never sees them; the referee
    /// adds the outcome to the choice the bot returns.
    pub fn legal_actions(&self, out: &mut Vec<G::Action>) {
        self.game.choices(self.seat, out);
    }

    /// A full game consistent with the seat's view, hidden information drawn with `rng`
    /// ([`AgentGame::determinize`]). Its chance is always drawn by its own generator, also
    /// when the real game's comes from outside: the sample plays the seat's choices
    /// ([`Perspective::legal_actions`]) with outcomes drawn for it.
    pub fn determinize(&self, rng: &mut Rng) -> G {
        self.game.determinize(self.seat, rng)
    }
}

impl<'a> Perspective<'a, Game> {
    /// The rules of the game.
    pub fn rules(&self) -> &Rules {
        self.game.rules()
    }

    /// The board (public).
    pub fn board(&self) -> &Arc<Board> {
        self.game.board()
    }

    /// The phase (public).
    pub fn phase(&self) -> Phase {
        self.game.phase()
    }

    /// What the game waits for (public).
    pub fn decision(&self) -> Decision {
        self.game.decision()
    }

    /// The seat's own hand.
    pub fn hand(&self) -> Resources {
        self.game.hand(self.seat)
    }
}

/// A player: chooses one action for its seat of a game of kind `G` (the base game unless
/// named).
pub trait Bot<G: AgentGame = Game>: Send + Sync {
    /// A short name (`"random"`, `"greedy"`, ...).
    fn name(&self) -> String;

    /// One legal action of `at`'s seat, or `None` when the seat has nothing to do.
    fn choose(&mut self, at: &Perspective<'_, G>) -> Option<G::Action>;
}

/// The built-in bots by name, for matches and tournaments. Parsed from `random`,
/// `weighted`, `greedy`, `search`, `search:N` (`N` playouts per decision) or `search:Nms`
/// (`N` milliseconds of wall-clock time per decision: the strength then depends on the
/// machine, so results are not reproducible).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum BotKind {
    /// [`RandomBot`].
    Random,
    /// [`WeightedBot`].
    Weighted,
    /// [`GreedyBot`].
    Greedy,
    /// [`SearchBot`] (flat, [`SearchConfig::default`]) with this many playouts per decision.
    Search {
        /// Playouts per decision.
        playouts: u32,
    },
    /// [`SearchBot`] with a wall-clock budget per decision
    /// ([`SearchConfig::time_budget`]) instead of a playout count.
    SearchTime {
        /// Milliseconds per decision.
        millis: u32,
    },
}

impl BotKind {
    /// The [`SearchBot`] with its default budget.
    pub const SEARCH: BotKind = BotKind::Search {
        playouts: SearchConfig::DEFAULT_PLAYOUTS,
    };

    /// A new bot of this kind with its own generator seeded by `seed`. A search budget
    /// above the maximum ([`SearchConfig::MAX_PLAYOUTS`], [`SearchConfig::MAX_MILLIS`],
    /// which parsing refuses) is played at the maximum.
    pub fn build(self, seed: u64) -> Box<dyn Bot> {
        self.build_for::<Game>(seed)
    }

    /// As [`BotKind::build`], for a game of kind `G` (the base game or the Card Game).
    pub fn build_for<G: AgentGame>(self, seed: u64) -> Box<dyn Bot<G>> {
        match self.capped() {
            BotKind::Random => Box::new(RandomBot::<G>::new(seed)),
            BotKind::Weighted => Box::new(WeightedBot::<G>::new(seed)),
            BotKind::Greedy => Box::new(GreedyBot::<G>::new(seed)),
            BotKind::Search { playouts } => Box::new(SearchBot::<G>::with_config(
                seed,
                SearchConfig {
                    playouts,
                    ..G::search_config()
                },
            )),
            BotKind::SearchTime { millis } => Box::new(SearchBot::<G>::with_config(
                seed,
                SearchConfig {
                    playouts: u32::MAX,
                    time_budget: Some(std::time::Duration::from_millis(u64::from(millis))),
                    ..G::search_config()
                },
            )),
        }
    }
}

impl BotKind {
    /// The kind with its search budget capped at the maximum.
    fn capped(self) -> BotKind {
        match self {
            BotKind::Search { playouts } => BotKind::Search {
                playouts: playouts.clamp(1, SearchConfig::MAX_PLAYOUTS),
            },
            BotKind::SearchTime { millis } => BotKind::SearchTime {
                millis: millis.clamp(1, SearchConfig::MAX_MILLIS),
            },
            k => k,
        }
    }
}

impl fmt::Display for BotKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BotKind::Random => f.write_str("random"),
            BotKind::Weighted => f.write_str("weighted"),
            BotKind::Greedy => f.write_str("greedy"),
            BotKind::Search { playouts } if *playouts == SearchConfig::DEFAULT_PLAYOUTS => {
                f.write_str("search")
            }
            BotKind::Search { playouts } => write!(f, "search:{playouts}"),
            BotKind::SearchTime { millis } => write!(f, "search:{millis}ms"),
        }
    }
}

/// A bot name that is not one of [`BotKind`]'s.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "unknown bot \"{0}\": expected random, weighted, greedy, search, search:N (N from 1 to \
     100000 playouts) or search:Nms (N from 1 to 60000 milliseconds)"
)]
pub struct UnknownBot(pub String);

impl UnknownBot {
    /// The error for the name `s`, quoting at most its first 64 bytes.
    fn new(s: &str) -> UnknownBot {
        UnknownBot(crate::error::truncate_for_message(s, 64))
    }
}

impl FromStr for BotKind {
    type Err = UnknownBot;
    fn from_str(s: &str) -> Result<BotKind, UnknownBot> {
        let t = s.trim().to_ascii_lowercase();
        match t.as_str() {
            "random" => Ok(BotKind::Random),
            "weighted" => Ok(BotKind::Weighted),
            "greedy" => Ok(BotKind::Greedy),
            "search" | "mcts" => Ok(BotKind::SEARCH),
            _ => match t.strip_prefix("search:") {
                Some(n) if n.ends_with("ms") => match n[..n.len() - 2].parse::<u32>() {
                    Ok(millis) if (1..=SearchConfig::MAX_MILLIS).contains(&millis) => {
                        Ok(BotKind::SearchTime { millis })
                    }
                    _ => Err(UnknownBot::new(s)),
                },
                Some(n) => match n.parse::<u32>() {
                    Ok(playouts) if (1..=SearchConfig::MAX_PLAYOUTS).contains(&playouts) => {
                        Ok(BotKind::Search { playouts })
                    }
                    _ => Err(UnknownBot::new(s)),
                },
                None => Err(UnknownBot::new(s)),
            },
        }
    }
}

/// Longest base game a match plays before stopping it without a winner (turns);
/// [`AgentGame::MATCH_MAX_TURNS`] for every game.
pub const MATCH_MAX_TURNS: u32 = <Game as AgentGame>::MATCH_MAX_TURNS;

/// How one match between bots ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MatchResult {
    /// The winning seat (`None`: stopped at [`AgentGame::MATCH_MAX_TURNS`]).
    pub winner: Option<Player>,
    /// Points of every seat at the end (hidden cards included).
    pub scores: Vec<u8>,
    /// Turns played.
    pub turns: u32,
    /// Decisions each seat's bot took (actions applied).
    pub decisions: Vec<u32>,
    /// Time each seat's bot spent choosing, in nanoseconds.
    pub think_ns: Vec<u64>,
}

/// Plays one base game between bots: seat `i` is played by `kinds[i]` (seeded from `seed`
/// and `i`); the game's board and chance come from `seed`. A match has no referee to supply
/// chance outcomes, so its game always draws them itself: `rules.chance` is played as
/// [`ChanceMode::Seeded`].
///
/// # Errors
/// [`NewGameError`] if `rules` (with `players` set to `kinds.len()`) cannot be played.
pub fn play_match(rules: Rules, seed: u64, kinds: &[BotKind]) -> Result<MatchResult, NewGameError> {
    let rules = Rules {
        players: kinds.len() as u8,
        chance: ChanceMode::Seeded,
        ..rules
    };
    let game = Game::new(rules, seed)?;
    Ok(play_match_of(game, seed, kinds))
}

/// Plays `game` (of any kind, with seeded chance) between bots: seat `i` is played by
/// `kinds[i]`, seeded from `seed` and `i` as [`play_match`] seeds them.
///
/// ```
/// use catan_rules::bots::{play_match_of, BotKind};
/// use catan_rules::cards::{CardGame, CardRules};
///
/// let game = CardGame::new(CardRules::default(), 3);
/// let result = play_match_of(game, 3, &[BotKind::Greedy, BotKind::Random]);
/// assert_eq!(result.scores.len(), 2);
/// ```
///
/// # Panics
/// As [`run_match`]; also if `kinds` has fewer entries than the game has seats.
pub fn play_match_of<G: AgentGame>(mut game: G, seed: u64, kinds: &[BotKind]) -> MatchResult {
    let mut bots: Vec<Box<dyn Bot<G>>> = kinds
        .iter()
        .enumerate()
        .map(|(i, k)| k.build_for::<G>(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ (i as u64 + 1)))
        .collect();
    run_match(&mut game, &mut bots)
}

/// Plays `game` to the end (or [`AgentGame::MATCH_MAX_TURNS`]) with `bots[i]` for seat `i`.
///
/// # Panics
/// If a bot returns an illegal action or nothing while its seat must act (a bug in the bot),
/// if `bots` has fewer entries than the game has seats, or if the game's chance is
/// external (a bot returns its choice without an outcome, which only a referee can add).
pub fn run_match<G: AgentGame>(game: &mut G, bots: &mut [Box<dyn Bot<G>>]) -> MatchResult {
    let n = game.players() as usize;
    assert!(bots.len() >= n, "one bot per seat");
    assert!(
        !game.external_chance(),
        "a match has no referee to supply chance outcomes"
    );
    let mut decisions = vec![0u32; n];
    let mut think_ns = vec![0u64; n];
    while game.winner().is_none() && game.turns() < G::MATCH_MAX_TURNS {
        let Some(seat) = game.to_act().iter().next() else {
            break;
        };
        let start = std::time::Instant::now();
        let action = bots[seat.index()]
            .choose(&Perspective::new(game, seat))
            .unwrap_or_else(|| {
                panic!(
                    "{} had no action for seat {}",
                    bots[seat.index()].name(),
                    seat.0
                )
            });
        think_ns[seat.index()] += start.elapsed().as_nanos() as u64;
        decisions[seat.index()] += 1;
        if let Err(e) = game.apply_quiet(action) {
            panic!(
                "{} chose an illegal action {action:?}: {e}",
                bots[seat.index()].name()
            );
        }
    }
    MatchResult {
        winner: game.winner(),
        scores: game.scores(),
        turns: game.turns(),
        decisions,
        think_ns,
    }
}

/// A uniform float in `[0, 1)`.
#[inline]
pub(crate) fn unit(rng: &mut Rng) -> f64 {
    (rng.next_u64() >> 11) as f64 * (1.0 / (1u64 << 53) as f64)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layouts::MapKind;

    #[test]
    fn names_round_trip() {
        for k in [
            BotKind::Random,
            BotKind::Weighted,
            BotKind::Greedy,
            BotKind::SEARCH,
            BotKind::Search { playouts: 17 },
            BotKind::SearchTime { millis: 50 },
        ] {
            assert_eq!(k.to_string().parse::<BotKind>(), Ok(k));
        }
        assert_eq!(
            "search:50ms".parse::<BotKind>(),
            Ok(BotKind::SearchTime { millis: 50 })
        );
        assert!("search:0ms".parse::<BotKind>().is_err());
        // The budget has a documented maximum: a larger one is refused when parsed and
        // capped when built (a search of 2^32 − 1 playouts would never answer).
        let max = SearchConfig::MAX_PLAYOUTS;
        assert_eq!(
            format!("search:{max}").parse::<BotKind>(),
            Ok(BotKind::Search { playouts: max })
        );
        for name in [
            "search:4294967295".to_string(),
            format!("search:{}", max + 1),
            format!("search:{}ms", SearchConfig::MAX_MILLIS + 1),
            "search:4294967295ms".to_string(),
        ] {
            assert!(name.parse::<BotKind>().is_err(), "{name}");
        }
        assert_eq!(
            BotKind::Search { playouts: u32::MAX }.capped(),
            BotKind::Search { playouts: max }
        );
        assert_eq!(
            BotKind::SearchTime { millis: u32::MAX }.capped(),
            BotKind::SearchTime {
                millis: SearchConfig::MAX_MILLIS
            }
        );
        assert!("search:0".parse::<BotKind>().is_err());
        assert!("alphabeta".parse::<BotKind>().is_err());
    }

    /// Every bot plays whole games to a winner under every map and 2–4 seats, always
    /// choosing a legal action of its own seat (run_match panics otherwise).
    #[test]
    fn every_bot_finishes_games() {
        let kinds = [
            BotKind::Random,
            BotKind::Weighted,
            BotKind::Greedy,
            BotKind::Search { playouts: 8 },
        ];
        for (i, map) in [MapKind::Random, MapKind::Beginner].into_iter().enumerate() {
            for players in 2..=4usize {
                let seats: Vec<BotKind> =
                    (0..players).map(|s| kinds[(s + i + players) % 4]).collect();
                let rules = Rules {
                    map,
                    ..Rules::default()
                };
                let r = play_match(rules, 10 + players as u64, &seats).unwrap();
                let w = r.winner.expect("a winner");
                assert!(r.scores[w.index()] >= 10);
                assert!(r.decisions.iter().all(|&d| d > 0));
            }
        }
    }

    /// Strength, counted on seeded games (docs/agents.md has the full table): the search
    /// bot on a small budget and the greedy bot win at least 9 of 10 four-seat games
    /// against three uniform random bots.
    #[test]
    fn search_and_greedy_beat_random() {
        use crate::tournament::{run, TournamentConfig};
        for bot in [BotKind::Search { playouts: 8 }, BotKind::Greedy] {
            let config = TournamentConfig {
                games: 10,
                seed: 21,
                threads: 1,
                ..TournamentConfig::new(vec![
                    bot,
                    BotKind::Random,
                    BotKind::Random,
                    BotKind::Random,
                ])
            };
            let r = run(&config, |_| {}).unwrap();
            assert!(r.players[0].wins >= 9, "{bot}: {}", r.table());
        }
    }

    /// With external chance the outcome of a roll, a steal or a purchase is the referee's
    /// (rules.rs `ChanceMode::External`; docs/agents.md "Seeing only one seat's view"): the
    /// referee's list names outcomes that depend on hidden cards. Every bot chooses only
    /// its seat's decision — an action of `Game::legal_actions_for` (no outcome in it) —
    /// and the referee adds an outcome. Whole games are played this way to the end.
    #[test]
    fn bots_choose_no_outcome_with_external_chance() {
        use crate::seat::without_outcome;
        let kinds = [
            BotKind::Random,
            BotKind::Weighted,
            BotKind::Greedy,
            BotKind::Search { playouts: 4 },
        ];
        let rules = Rules {
            chance: ChanceMode::External,
            ..Rules::default()
        };
        let mut referee = Rng::new(5);
        let (mut choices, mut outcomes) = (Vec::new(), Vec::new());
        let mut bots: Vec<Box<dyn Bot>> = kinds.iter().map(|k| k.build(9)).collect();
        let mut game = Game::new(rules, 3).unwrap();
        let mut with_outcome = 0;
        while game.winner().is_none() && game.turn() < 300 {
            let Some(seat) = game.to_act().iter().next() else {
                // Nobody's choice (a hex to reveal): the referee's alone.
                game.legal_actions(&mut outcomes);
                let a = outcomes[referee.below(outcomes.len() as u32) as usize];
                game.apply(a).unwrap();
                continue;
            };
            let a = bots[seat.index()]
                .choose(&Perspective::new(&game, seat))
                .unwrap();
            game.legal_actions_for(seat, &mut choices);
            assert!(choices.contains(&a), "{a:?} is not a choice of {seat:?}");
            assert_eq!(without_outcome(a), a, "{a:?} names an outcome");
            // The referee draws an outcome among those of the bot's choice.
            game.legal_actions(&mut outcomes);
            outcomes.retain(|o| without_outcome(*o) == a);
            with_outcome += usize::from(outcomes.iter().any(|&o| o != a));
            let o = outcomes[referee.below(outcomes.len() as u32) as usize];
            game.apply(o).unwrap();
        }
        assert!(game.winner().is_some());
        assert!(
            with_outcome > 20,
            "only {with_outcome} choices had outcomes"
        );
    }

    /// A match has no referee: it plays external-chance rules with the game's own chance.
    #[test]
    fn matches_draw_their_own_chance() {
        let rules = Rules {
            chance: ChanceMode::External,
            players: 3,
            ..Rules::default()
        };
        let kinds = [BotKind::Greedy, BotKind::Random, BotKind::Random];
        let a = play_match(rules, 4, &kinds).unwrap();
        let seeded = Rules {
            chance: ChanceMode::Seeded,
            ..rules
        };
        let b = play_match(seeded, 4, &kinds).unwrap();
        assert!(a.winner.is_some());
        assert_eq!(
            (a.winner, a.scores, a.turns, a.decisions),
            (b.winner, b.scores, b.turns, b.decisions)
        );
    }

    /// A perspective lists only its own seat's actions, and they are legal.
    #[test]
    fn perspective_lists_own_actions() {
        let mut g = Game::new(Rules::default(), 4).unwrap();
        let mut bot = RandomBot::new(1);
        let mut legal = Vec::new();
        for _ in 0..300 {
            if g.winner().is_some() {
                break;
            }
            for seat in 0..4 {
                Perspective::new(&g, Player(seat)).legal_actions(&mut legal);
                assert!(legal
                    .iter()
                    .all(|a| a.player() == Player(seat) && g.is_legal(a)));
                assert_eq!(legal.is_empty(), !g.to_act().contains(Player(seat)));
            }
            let seat = g.to_act().iter().next().unwrap();
            let a = bot.choose(&Perspective::new(&g, seat)).unwrap();
            g.apply(a).unwrap();
        }
    }
}
