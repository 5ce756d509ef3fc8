//! [proptest](https://docs.rs/proptest) strategies for real Catan states, so that you can
//! fuzz your own code (a bot, a server, a renderer) against games the engine really reaches.
//! Compiled only with the `proptest` feature.
//!
//! * [`rules()`]: any playable [`Rules`] (2–6 players, every map, every option).
//! * [`action_sequence`]: a [`Playthrough`]: rules, a seed and a list of actions that are
//!   legal one after the other from [`Game::new`]. It shrinks towards fewer actions and
//!   simpler rules, and a failing case prints as that plain data (rules, seed, actions), from
//!   which [`Playthrough::replay`] rebuilds the game.
//! * [`game()`] / [`game_with`]: the game a playthrough reaches.
//! * [`game_and_legal_action()`]: a game and one of its legal actions.
//! * [`arbitrary_action`]: any well-formed [`Action`] for a table size and board size —
//!   mostly illegal in any given position, which is what error paths need.
//! * [`game_and_action()`]: a game with an action that is legal, a near miss of a legal
//!   action (another player, another id, other cards) or arbitrary.
//!
//! Everything random is drawn deterministically: a playthrough is a pure function of its
//! rules, seed and length (see [`random_legal_action`] for the policy).
//!
//! ```
//! use catan_rules::strategies;
//! use proptest::prelude::*;
//!
//! proptest!(ProptestConfig::with_cases(4), |(game in strategies::game())| {
//!     let bank = game.bank();
//!     let hands = (0..game.players())
//!         .map(|p| game.hand(catan_rules::Player(p)).total())
//!         .sum::<u32>();
//!     let supply = 5 * game.rules().bank_per_resource() as u32; // 19 each, 24 with 5–6
//!     prop_assert_eq!(bank.total() + hands, supply);
//! });
//! ```

use crate::action::Action;
use crate::board::{Board, EdgeId, HexId, NodeId};
use crate::game::{Decision, Game};
use crate::layouts::MapKind;
use crate::rng::Rng;
use crate::rules::{ChanceMode, Rules, Vocabulary};
use crate::types::{DevCard, Player, Resource, Resources, Terrain};
use proptest::prelude::*;
use proptest::sample::Index;

/// Longest playthrough [`game()`] generates: enough to reach every phase of the base game
/// (discards, robber, Road Building, trade answers) in many cases.
pub const DEFAULT_MAX_STEPS: usize = 400;

/// Any playable [`Rules`]: 2–6 players (5–6 on the extension's island), the beginner,
/// variable and random maps, combined or strict phases, the friendly robber, the Special
/// Build Phase by default, on or off, seeded or external chance, either vocabulary, and now
/// and then a low victory target (so that finished games are reached) or another discard
/// limit.
pub fn rules() -> impl Strategy<Value = Rules> {
    (
        2u8..=6,
        prop_oneof![
            Just(MapKind::Random),
            Just(MapKind::Variable),
            Just(MapKind::Beginner)
        ],
        prop_oneof![4 => Just(10u8), 1 => 3u8..=9],
        prop_oneof![4 => Just(7u8), 1 => 4u8..=12],
        any::<bool>(),
        any::<bool>(),
        prop_oneof![Just(Vocabulary::Standard), Just(Vocabulary::Zip)],
        prop_oneof![3 => Just(ChanceMode::Seeded), 1 => Just(ChanceMode::External)],
        prop_oneof![2 => Just(None), 1 => Just(Some(true)), 1 => Just(Some(false))],
    )
        .prop_map(
            |(
                players,
                map,
                vp_target,
                discard_limit,
                strict_phases,
                friendly_robber,
                vocabulary,
                chance,
                special_build_phase,
            )| Rules {
                players,
                map,
                island: crate::layouts::Island::Auto,
                special_build_phase,
                vp_target,
                discard_limit,
                strict_phases,
                friendly_robber,
                vocabulary,
                chance,
                scenario: None,
                older_edition: false,
                fog_setup_unpaid: false,
            },
        )
}

/// A game in the making: the rules, the seed passed to [`Game::new`] and actions, each legal
/// after the ones before it. [`Playthrough::replay`] rebuilds the game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Playthrough {
    /// The rules of the game.
    pub rules: Rules,
    /// The seed of [`Game::new`] (board and chance).
    pub seed: u64,
    /// The actions, in order.
    pub actions: Vec<Action>,
}

impl Playthrough {
    /// Plays up to `steps` actions from `Game::new(rules, seed)`, each chosen by
    /// [`random_legal_action`] with a generator seeded from `seed`; stops early when the game
    /// is over. Returns the playthrough and the game it reaches.
    ///
    /// # Panics
    /// If `rules` are not playable ([`Rules::validate`]).
    pub fn generate(rules: Rules, seed: u64, steps: usize) -> (Playthrough, Game) {
        let mut game = Game::new(rules, seed).expect("playable rules");
        let mut policy = Rng::new(seed ^ 0x5EED_0FA1_1C0D_E5EE);
        let mut actions = Vec::with_capacity(steps);
        for _ in 0..steps {
            let Some(a) = random_legal_action(&game, &mut policy) else {
                break;
            };
            game.apply_with(a, &mut ())
                .expect("enumerated actions are legal");
            actions.push(a);
        }
        let p = Playthrough {
            rules,
            seed,
            actions,
        };
        (p, game)
    }

    /// The game before any action.
    ///
    /// # Panics
    /// If the rules are not playable.
    pub fn start(&self) -> Game {
        Game::new(self.rules, self.seed).expect("playable rules")
    }

    /// The game after every action.
    ///
    /// # Panics
    /// If the rules are not playable or an action is illegal where it is played.
    pub fn replay(&self) -> Game {
        let mut g = self.start();
        for (i, &a) in self.actions.iter().enumerate() {
            if let Err(e) = g.apply_with(a, &mut ()) {
                panic!("action {i} ({}) is illegal: {e}", a.to_json());
            }
        }
        g
    }
}

/// One legal action of `game`, drawn with `rng`, or `None` when nothing is legal (game over).
///
/// The policy: uniform among the listed legal actions that are not domestic-trade offers; an
/// offer is made only one time in sixteen, so that turns end. Half of those offers are
/// reshaped beyond the listed one-for-one family (addressed to one player, or asking for two
/// cards). While an offer is open, one time in four a player who has not answered makes a
/// counter-offer (one card of theirs for one or two of another resource); otherwise the
/// answers, confirmations and the withdrawal are drawn uniformly. Every action returned is
/// legal ([`Game::is_legal`]).
pub fn random_legal_action(game: &Game, rng: &mut Rng) -> Option<Action> {
    if let Decision::TradeResponses { pending, .. } = game.decision() {
        if !pending.is_empty() && rng.below(4) == 0 {
            let who = pending
                .iter()
                .nth(rng.below(pending.len() as u32) as usize)
                .expect("a pending player");
            let hand = game.hand(who);
            let give = Resource::ALL[rng.below(5) as usize];
            let get = Resource::ALL[rng.below(5) as usize];
            let mut wanted = Resources::EMPTY;
            wanted[get] = 1 + rng.below(2) as u8;
            let a = Action::CounterOffer {
                player: who,
                give: Resources::one(give),
                get: wanted,
            };
            if hand[give] > 0 && game.is_legal(&a) {
                return Some(a);
            }
        }
    }
    let legal = game.legal_actions_vec();
    let offers = legal.iter().filter(|a| a.is_trade_offer()).count();
    let others = legal.len() - offers;
    let take_offer = offers > 0 && (others == 0 || rng.below(16) == 0);
    let mut pool = legal
        .into_iter()
        .filter(|a| a.is_trade_offer() == take_offer);
    let n = if take_offer { offers } else { others };
    if n == 0 {
        return None;
    }
    let a = pool.nth(rng.below(n as u32) as usize)?;
    if let Action::OfferTrade {
        player, give, get, ..
    } = a
    {
        let reshaped = match rng.below(4) {
            0 => Action::OfferTrade {
                player,
                to: Some(Player(rng.below(game.players() as u32) as u8)),
                give,
                get,
            },
            1 => {
                let mut more = get;
                for r in Resource::ALL {
                    more[r] *= 2;
                }
                Action::OfferTrade {
                    player,
                    to: None,
                    give,
                    get: more,
                }
            }
            _ => a,
        };
        if game.is_legal(&reshaped) {
            return Some(reshaped);
        }
    }
    Some(a)
}

/// A [`Playthrough`] of 0 to `max_steps` legal actions under any [`rules()`]. Shrinks
/// towards fewer actions, a smaller seed and simpler rules.
pub fn action_sequence(max_steps: usize) -> impl Strategy<Value = Playthrough> {
    action_sequence_with(rules(), max_steps)
}

/// Like [`action_sequence`], under rules drawn from `rules`.
pub fn action_sequence_with(
    rules: impl Strategy<Value = Rules>,
    max_steps: usize,
) -> impl Strategy<Value = Playthrough> {
    (rules, any::<u64>(), 0..=max_steps)
        .prop_map(|(r, seed, steps)| Playthrough::generate(r, seed, steps).0)
}

/// A game reached by up to [`DEFAULT_MAX_STEPS`] random legal actions from a random seed,
/// under any [`rules()`].
pub fn game() -> impl Strategy<Value = Game> {
    game_with(rules(), DEFAULT_MAX_STEPS)
}

/// A game reached by up to `max_steps` random legal actions under rules drawn from `rules`.
pub fn game_with(
    rules: impl Strategy<Value = Rules>,
    max_steps: usize,
) -> impl Strategy<Value = Game> {
    (rules, any::<u64>(), 0..=max_steps)
        .prop_map(|(r, seed, steps)| Playthrough::generate(r, seed, steps).1)
}

/// A game that is not over, with one of its legal actions (every listed action equally
/// likely).
pub fn game_and_legal_action() -> impl Strategy<Value = (Game, Action)> {
    (game(), any::<Index>()).prop_filter_map("the game is over", |(g, i)| {
        let legal = g.legal_actions_vec();
        (!legal.is_empty()).then(|| {
            let a = legal[i.index(legal.len())];
            (g, a)
        })
    })
}

/// The id ranges of a board, for [`arbitrary_action`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoardSize {
    /// Number of nodes.
    pub nodes: usize,
    /// Number of edges.
    pub edges: usize,
    /// Number of hexes, land and sea.
    pub hexes: usize,
}

impl BoardSize {
    /// The sizes of `board`.
    pub fn of(board: &Board) -> BoardSize {
        BoardSize {
            nodes: board.nodes().len(),
            edges: board.edges().len(),
            hexes: board.hexes().len(),
        }
    }
}

fn resource() -> impl Strategy<Value = Resource> + Clone {
    (0..Resource::COUNT).prop_map(|i| Resource::ALL[i])
}

fn dev_card() -> impl Strategy<Value = DevCard> + Clone {
    (0..DevCard::COUNT).prop_map(|i| DevCard::ALL[i])
}

/// A bundle of cards: empty, one card, or up to three of each resource.
fn resources() -> impl Strategy<Value = Resources> {
    prop_oneof![
        1 => Just(Resources::EMPTY),
        2 => resource().prop_map(Resources::one),
        3 => prop::array::uniform5(0u8..=3).prop_map(crate::types::ByResource),
    ]
}

/// Any well-formed action for a table of `players` on a board of `size`: every kind, every
/// field. Players and ids are drawn slightly past the end of their ranges now and then, so
/// that "no such player/node/edge/hex" errors are reached too. Mostly illegal in any given
/// position.
pub fn arbitrary_action(players: u8, size: BoardSize) -> impl Strategy<Value = Action> {
    let player = (0..players.saturating_add(1)).prop_map(Player);
    let node = (0..size.nodes.saturating_add(2).min(256)).prop_map(|n| NodeId(n as u8));
    let edge = (0..size.edges.saturating_add(2)).prop_map(|e| EdgeId(e as u16));
    let hex = (0..size.hexes.saturating_add(2).min(256)).prop_map(|h| HexId(h as u8));
    let die = prop_oneof![8 => 1u8..=6, 1 => 0u8..=7];
    let dice = prop::option::of([die.clone(), die]);
    let victim = prop::option::of(player.clone());
    let stolen = prop::option::of(resource());
    let robber = (player.clone(), hex, victim, stolen);
    prop_oneof![
        (player.clone(), dice).prop_map(|(player, dice)| Action::Roll { player, dice }),
        (player.clone(), node.clone())
            .prop_map(|(player, node)| Action::BuildSettlement { player, node }),
        (player.clone(), edge).prop_map(|(player, edge)| Action::BuildRoad { player, edge }),
        (player.clone(), node).prop_map(|(player, node)| Action::BuildCity { player, node }),
        (player.clone(), prop::option::of(dev_card()))
            .prop_map(|(player, card)| Action::BuyDevelopmentCard { player, card }),
        (player.clone(), resources())
            .prop_map(|(player, resources)| Action::Discard { player, resources }),
        robber
            .clone()
            .prop_map(|(player, hex, victim, resource)| Action::MoveRobber {
                player,
                hex,
                victim,
                resource
            }),
        robber.prop_map(|(player, hex, victim, resource)| Action::PlayKnight {
            player,
            hex,
            victim,
            resource
        }),
        player
            .clone()
            .prop_map(|player| Action::PlayRoadBuilding { player }),
        player
            .clone()
            .prop_map(|player| Action::FinishRoadBuilding { player }),
        (player.clone(), resources())
            .prop_map(|(player, resources)| Action::PlayYearOfPlenty { player, resources }),
        (player.clone(), resource())
            .prop_map(|(player, resource)| Action::PlayMonopoly { player, resource }),
        (player.clone(), resource(), resource(), 1u8..=5).prop_map(|(player, give, get, rate)| {
            Action::MaritimeTrade {
                player,
                give,
                get,
                rate,
            }
        }),
        (
            player.clone(),
            prop::option::of(player.clone()),
            resources(),
            resources()
        )
            .prop_map(|(player, to, give, get)| Action::OfferTrade {
                player,
                to,
                give,
                get
            }),
        (player.clone(), resources(), resources())
            .prop_map(|(player, give, get)| Action::CounterOffer { player, give, get }),
        player
            .clone()
            .prop_map(|player| Action::AcceptTrade { player }),
        player
            .clone()
            .prop_map(|player| Action::RejectTrade { player }),
        (player.clone(), player.clone())
            .prop_map(|(player, with)| Action::ConfirmTrade { player, with }),
        player
            .clone()
            .prop_map(|player| Action::CancelTrade { player }),
        player.prop_map(|player| Action::EndTurn { player }),
    ]
}

/// A near miss of `a`: the same action with one field changed by `k` (another player, a
/// neighbouring id, one card more or less, another rate, an outcome added or dropped).
fn nudge(a: Action, k: u64, players: u8) -> Action {
    let step = |x: u8| -> u8 {
        if k & 1 == 0 {
            x.wrapping_add(1 + (k >> 8) as u8 % 3)
        } else {
            x.wrapping_sub(1 + (k >> 8) as u8 % 3)
        }
    };
    let other = |p: Player| Player((p.0 + 1 + (k >> 16) as u8 % players.max(1)) % players.max(1));
    let r = Resource::ALL[(k >> 24) as usize % Resource::COUNT];
    let bump = |mut rs: Resources| {
        if k & 2 == 0 {
            rs[r] = rs[r].saturating_add(1);
        } else {
            rs[r] = rs[r].saturating_sub(1);
        }
        rs
    };
    let mut a = a;
    let me = a.player();
    if (k >> 4) % 3 == 0 {
        // Another player, same everything else.
        let p = other(a.player());
        return a.with_player(p);
    }
    match &mut a {
        Action::Roll { dice, .. } => {
            *dice = match *dice {
                Some([x, y]) if k & 4 == 0 => Some([step(x), y]),
                Some(_) => None,
                None => Some([1 + (k % 6) as u8, 1 + (k / 6 % 6) as u8]),
            };
        }
        Action::BuildSettlement { node, .. } | Action::BuildCity { node, .. } => {
            node.0 = step(node.0);
        }
        Action::BuildRoad { edge, .. } | Action::BuildShip { edge, .. } => {
            edge.0 = u16::from(step(edge.0 as u8)) | (edge.0 & 0xff00);
        }
        Action::MoveShip { from, to, .. } => {
            if k & 4 == 0 {
                from.0 = u16::from(step(from.0 as u8)) | (from.0 & 0xff00);
            } else {
                to.0 = u16::from(step(to.0 as u8)) | (to.0 & 0xff00);
            }
        }
        Action::BuyDevelopmentCard { card, .. } => {
            *card = match *card {
                Some(_) if k & 4 == 0 => None,
                _ => Some(DevCard::ALL[(k >> 12) as usize % DevCard::COUNT]),
            };
        }
        Action::Discard { resources, .. }
        | Action::PlayYearOfPlenty { resources, .. }
        | Action::ChooseGold { resources, .. } => {
            *resources = bump(*resources);
        }
        Action::MoveRobber {
            hex,
            victim,
            resource,
            ..
        }
        | Action::PlayKnight {
            hex,
            victim,
            resource,
            ..
        }
        | Action::MovePirate {
            hex,
            victim,
            resource,
            ..
        }
        | Action::PlayKnightPirate {
            hex,
            victim,
            resource,
            ..
        } => match k >> 2 & 3 {
            0 => hex.0 = step(hex.0),
            1 => *victim = victim.map_or(Some(Player(0)), |v| Some(other(v))),
            2 => *victim = None,
            _ => *resource = if resource.is_some() { None } else { Some(r) },
        },
        Action::PlayMonopoly { resource, .. } => *resource = r,
        Action::MaritimeTrade {
            give, get, rate, ..
        } => match k >> 2 & 3 {
            0 => *rate = step(*rate) % 6,
            1 => *give = r,
            2 => *get = r,
            _ => *rate = 2 + (k >> 12) as u8 % 3,
        },
        Action::OfferTrade { to, give, get, .. } => match k >> 2 & 3 {
            0 => *give = bump(*give),
            1 => *get = bump(*get),
            2 => *to = Some(other(me)),
            _ => *to = None,
        },
        Action::CounterOffer { give, get, .. } => {
            if k & 4 == 0 {
                *give = bump(*give)
            } else {
                *get = bump(*get)
            }
        }
        Action::ConfirmTrade { with, .. } => *with = other(*with),
        Action::RevealHex {
            hex,
            terrain,
            number,
            ..
        } => match k >> 2 & 3 {
            0 => hex.0 = step(hex.0),
            1 => *terrain = Terrain::ALL[(k >> 12) as usize % Terrain::COUNT],
            2 => *number = number.map_or(Some(2 + (k >> 12) as u8 % 11), |_| None),
            _ => *number = number.map(step),
        },
        Action::PlayRoadBuilding { .. }
        | Action::FinishRoadBuilding { .. }
        | Action::AcceptTrade { .. }
        | Action::RejectTrade { .. }
        | Action::CancelTrade { .. }
        | Action::EndTurn { .. } => {
            return a.with_player(other(me));
        }
    }
    a
}

/// A game reached as in [`game()`] and an action for it: a third of the time a legal action,
/// a third a near miss of a legal action (one field changed: often illegal, sometimes
/// another legal action that the enumeration may not list, such as a maritime trade at a
/// worse rate), and a third an [`arbitrary_action`].
pub fn game_and_action() -> impl Strategy<Value = (Game, Action)> {
    game().prop_flat_map(|g| {
        let size = BoardSize::of(g.board());
        let players = g.players();
        let legal = g.legal_actions_vec();
        let arbitrary = arbitrary_action(players, size).boxed();
        let action = if legal.is_empty() {
            arbitrary
        } else {
            let l1 = legal.clone();
            prop_oneof![
                any::<Index>().prop_map(move |i| l1[i.index(l1.len())]),
                (any::<Index>(), any::<u64>()).prop_map(move |(i, k)| nudge(
                    legal[i.index(legal.len())],
                    k,
                    players
                )),
                arbitrary,
            ]
            .boxed()
        };
        (Just(g), action)
    })
}
