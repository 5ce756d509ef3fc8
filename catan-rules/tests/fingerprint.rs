//! Determinism fingerprint: a hash of every event (and every chosen action) of many seeded
//! games under a fixed choice rule. The value is pinned, so any change to the rules'
//! behaviour, the order of legal actions, the random streams or the events shows up here.
//! Speed work must leave it unchanged; a deliberate rules change updates the constant (and
//! says why in its commit).

use catan_rules::{Action, ChanceMode, Event, Game, MapKind, Player, Rng, Rules};
use std::hash::{Hash, Hasher};

/// FNV-1a, 64-bit: stable across platforms and Rust versions (unlike `DefaultHasher`).
struct Fnv(u64);

impl Hasher for Fnv {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 ^= b as u64;
            self.0 = self.0.wrapping_mul(0x0000_0100_0000_01b3);
        }
    }
}

/// Plays `games` seeded games, choosing uniformly among all legal actions (domestic offers
/// included) with a seeded policy, and hashes everything that happened.
fn fingerprint(rules: Rules, games: u64, seed: u64) -> (u64, u64) {
    let mut h = Fnv(0xcbf2_9ce4_8422_2325);
    let mut legal: Vec<Action> = Vec::new();
    let mut events: Vec<Event> = Vec::new();
    let mut policy = Rng::new(seed ^ 0xf1f1);
    let mut actions = 0u64;
    for g in 0..games {
        let mut game = Game::new(rules, seed + g).unwrap();
        let mut steps = 0u32;
        while game.winner().is_none() && steps < 5_000 {
            game.legal_actions(&mut legal);
            legal.len().hash(&mut h);
            let a = legal[policy.below(legal.len() as u32) as usize];
            a.hash(&mut h);
            events.clear();
            game.apply_with(a, &mut events).unwrap();
            events.hash(&mut h);
            steps += 1;
            actions += 1;
        }
        game.winner().hash(&mut h);
        game.turn().hash(&mut h);
        game.rng().state().hash(&mut h);
    }
    (h.finish(), actions)
}

#[test]
fn two_hundred_standard_games_are_unchanged() {
    let (h, n) = fingerprint(Rules::default(), 200, 1);
    assert_eq!(
        (h, n),
        (0x0ba6_e387_e330_5455, 990_826),
        "fingerprint of 200 standard games: {h:#018x}, {n} actions"
    );
}

#[test]
fn variants_are_unchanged() {
    let mut out = Vec::new();
    for (players, map, strict, friendly, chance) in [
        (3, MapKind::Beginner, false, false, ChanceMode::Seeded),
        (2, MapKind::Variable, true, true, ChanceMode::Seeded),
        (4, MapKind::Random, false, true, ChanceMode::External),
        (3, MapKind::Random, true, false, ChanceMode::External),
    ] {
        let rules = Rules {
            players,
            map,
            strict_phases: strict,
            friendly_robber: friendly,
            chance,
            ..Rules::default()
        };
        out.push(fingerprint(rules, 20, 77));
    }
    let want = [
        (12_629_332_822_409_793_006, 88_064),
        (16_942_116_474_969_943_488, 88_137),
        (5_694_522_295_418_566_844, 95_105),
        (18_382_874_462_265_572_503, 92_340),
    ];
    assert_eq!(out, want, "fingerprints of the variants");
}

/// The playout fast paths are the same game: enumerating without offers equals enumerating
/// and dropping them, and `apply_legal` equals `apply_with` on listed actions.
#[test]
fn fast_paths_play_the_same_games() {
    let mut all: Vec<Action> = Vec::new();
    let mut fast: Vec<Action> = Vec::new();
    let mut policy = Rng::new(21);
    for seed in 0..40 {
        let mut a = Game::new(Rules::default(), seed).unwrap();
        let mut b = a.clone();
        let (mut ea, mut eb) = (Vec::new(), Vec::new());
        while a.winner().is_none() {
            a.legal_actions(&mut all);
            all.retain(|x| !x.is_trade_offer());
            b.legal_actions_without_offers(&mut fast);
            assert_eq!(all, fast);
            let x = all[policy.below(all.len() as u32) as usize];
            ea.clear();
            eb.clear();
            a.apply_with(x, &mut ea).unwrap();
            b.apply_legal(x, &mut eb);
            assert_eq!(ea, eb);
            assert_eq!(a, b);
        }
    }
}

/// The 5–6 player game (the extension's island, 24 cards of each resource, 34 development
/// cards, the Special Build Phase), pinned like the base game.
#[test]
fn five_and_six_player_games_are_unchanged() {
    let mut out = Vec::new();
    for (players, map) in [
        (5, MapKind::Variable),
        (6, MapKind::Random),
        (6, MapKind::Beginner),
    ] {
        let rules = Rules {
            players,
            map,
            ..Rules::default()
        };
        out.push(fingerprint(rules, 10, 5));
    }
    let want: [(u64, u64); 3] = [
        (8_559_415_662_098_815_500, 46_151),
        (8_684_826_492_243_850_096, 48_724),
        (17_907_582_481_493_661_927, 49_105),
    ];
    assert_eq!(out, want, "fingerprints of the 5–6 player games");
}

/// Plays `games` seeded Card Games (`catan_rules::cards`), choosing uniformly among the
/// legal actions that are not offers and, about one time in 25, among all of them, and
/// hashes every legal list, chosen action and event, each seat's derived counts (points,
/// stock, strength, tournament and trade points, hand limit) after every action, and the
/// final position.
fn cards_fingerprint(chance: ChanceMode, games: u64, seed: u64) -> (u64, u64) {
    use catan_rules::cards::{CardAction, CardEvent, CardGame, CardRules};
    let mut h = Fnv(0xcbf2_9ce4_8422_2325);
    let mut legal: Vec<CardAction> = Vec::new();
    let mut plain: Vec<CardAction> = Vec::new();
    let mut events: Vec<CardEvent> = Vec::new();
    let mut policy = Rng::new(seed ^ 0xc4d5);
    let mut actions = 0u64;
    let rules = CardRules {
        chance,
        ..CardRules::default()
    };
    for g in 0..games {
        let mut game = CardGame::new(rules, seed + g);
        let mut steps = 0u32;
        while game.winner().is_none() && steps < 40_000 {
            game.legal_actions(&mut legal);
            legal.hash(&mut h);
            plain.clear();
            plain.extend(legal.iter().filter(|a| !a.is_offer()));
            let a = if plain.is_empty() || policy.below(25) == 0 {
                legal[policy.below(legal.len() as u32) as usize]
            } else {
                plain[policy.below(plain.len() as u32) as usize]
            };
            events.clear();
            game.apply_with(a, &mut events).unwrap();
            events.hash(&mut h);
            for p in [Player(0), Player(1)] {
                (
                    game.points(p),
                    game.stock(p).0,
                    game.strength(p),
                    game.tournament_points(p),
                    game.trade_points(p),
                    game.hand_limit(p),
                )
                    .hash(&mut h);
            }
            steps += 1;
            actions += 1;
        }
        game.winner().hash(&mut h);
        game.to_json().hash(&mut h);
    }
    (h.finish(), actions)
}

/// The Card Game pinned like the base game, in both chance modes (external chance: the
/// dice, the attack die and every shuffle step chosen by the same policy).
#[test]
fn card_games_are_unchanged() {
    let out = [
        cards_fingerprint(ChanceMode::Seeded, 8, 1),
        cards_fingerprint(ChanceMode::External, 4, 40),
    ];
    let want: [(u64, u64); 2] = [
        (5_841_184_888_254_972_326, 18_733),
        (11_960_057_395_104_523_463, 11_170),
    ];
    assert_eq!(out, want, "fingerprints of the Card Games");
}
