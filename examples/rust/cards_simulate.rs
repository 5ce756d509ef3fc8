//! `simulate --game cards`: random games of the Catan Card Game with rule counts and speed.
//!
//! ```sh
//! cargo run --release --example simulate -- --game cards --games 1000 --seed 1
//! ```
//!
//! Options: `--games N` (default 1000), `--seed S` (game `i` uses seed `S + i`),
//! `--vp N` (victory points to win, default 12), `--json` (the last line is one JSON object
//! with the figures: the base game's keys — `games`, `players`, `threads`, `seconds`,
//! `games_per_s`, `turns_per_s`, `actions_per_s`, `actions_per_game`, `turns_per_game`,
//! `unfinished` — then the Card Game's own counts), `--quiet`, `--threads N` (default 1:
//! the games split into N contiguous ranges on a rayon pool; the figures other than time
//! do not depend on N), `--unchecked` (apply the listed actions with
//! `CardGame::apply_legal`; the default is the checked `apply_with`, as in the base game's
//! `simulate`). Random players choose uniformly among the legal actions and make a trade
//! offer to the opponent about one time in 25.
//!
//! The loop is the library's [`catan_rules::sim::playout`], the one the base game's
//! `simulate` runs: this file holds only the Card Game's rule counts (an event sink) and
//! its players' choice.

use catan_rules::cards::{
    CardAction, CardEvent, CardEventSink, CardGame, CardRules, EventFace, Token,
};
use catan_rules::sim::{playout, Limits};
use std::time::Instant;

#[derive(Clone, Default)]
struct Counts {
    actions: u64,
    turns: u64,
    faces: [u64; 5],
    event_cards: u64,
    produced: u64,
    robberies: u64,
    tournaments_won: u64,
    action_cards: u64,
    counters: u64,
    attacks_won: u64,
    attacks_failed: u64,
    returned_to_hand: u64,
    built: u64,
    bank_trades: u64,
    offers: u64,
    offers_accepted: u64,
    token_changes: [u64; 2],
    searches: u64,
    draws: u64,
    put_under: u64,
    shuffles: u64,
    wins: [u64; 2],
    unfinished: u64,
}

impl Counts {
    /// Adds the counts of another range of games.
    fn merge(&mut self, o: &Counts) {
        let add = |a: &mut [u64], b: &[u64]| a.iter_mut().zip(b).for_each(|(x, y)| *x += y);
        for (a, b) in [
            (&mut self.actions, o.actions),
            (&mut self.turns, o.turns),
            (&mut self.event_cards, o.event_cards),
            (&mut self.produced, o.produced),
            (&mut self.robberies, o.robberies),
            (&mut self.tournaments_won, o.tournaments_won),
            (&mut self.action_cards, o.action_cards),
            (&mut self.counters, o.counters),
            (&mut self.attacks_won, o.attacks_won),
            (&mut self.attacks_failed, o.attacks_failed),
            (&mut self.returned_to_hand, o.returned_to_hand),
            (&mut self.built, o.built),
            (&mut self.bank_trades, o.bank_trades),
            (&mut self.offers, o.offers),
            (&mut self.offers_accepted, o.offers_accepted),
            (&mut self.searches, o.searches),
            (&mut self.draws, o.draws),
            (&mut self.put_under, o.put_under),
            (&mut self.shuffles, o.shuffles),
            (&mut self.unfinished, o.unfinished),
        ] {
            *a += b;
        }
        add(&mut self.faces, &o.faces);
        add(&mut self.token_changes, &o.token_changes);
        add(&mut self.wins, &o.wins);
    }
}

impl CardEventSink for Counts {
    fn push(&mut self, e: CardEvent) {
        match e {
            CardEvent::TurnStarted { .. } => self.turns += 1,
            CardEvent::DiceRolled { face, .. } => {
                let i = match face {
                    EventFace::Tournament => 0,
                    EventFace::TradeAdvantage => 1,
                    EventFace::Robbery => 2,
                    EventFace::SuccessfulYear => 3,
                    EventFace::EventCard => 4,
                };
                self.faces[i] += 1;
            }
            CardEvent::EventCardDrawn { .. } => self.event_cards += 1,
            CardEvent::Produced { amount, .. } => self.produced += amount as u64,
            CardEvent::Robbed { .. } => self.robberies += 1,
            CardEvent::Tournament { winner: Some(_) } => self.tournaments_won += 1,
            CardEvent::CardPlayed { .. } => self.action_cards += 1,
            CardEvent::Countered { .. } => self.counters += 1,
            CardEvent::AttackRolled { success, .. } => {
                if success {
                    self.attacks_won += 1
                } else {
                    self.attacks_failed += 1
                }
            }
            CardEvent::ReturnedToHand { .. } => self.returned_to_hand += 1,
            CardEvent::Built { .. } => self.built += 1,
            CardEvent::BankTraded { .. } => self.bank_trades += 1,
            CardEvent::Offered { .. } => self.offers += 1,
            CardEvent::OfferAnswered { accepted: true, .. } => self.offers_accepted += 1,
            CardEvent::TokenChanged { token, .. } => {
                self.token_changes[(token == Token::Mill) as usize] += 1
            }
            CardEvent::Searched { .. } => self.searches += 1,
            CardEvent::DrewCard { .. } => self.draws += 1,
            CardEvent::PutUnder { .. } => self.put_under += 1,
            CardEvent::Shuffled { .. } => self.shuffles += 1,
            CardEvent::Won { player, .. } => self.wins[player.index()] += 1,
            _ => {}
        }
    }
}

fn usage(msg: &str) -> ! {
    eprintln!("simulate --game cards: {msg}");
    eprintln!(
        "usage: simulate --game cards [--games N] [--seed S] [--vp N] [--json] [--quiet] \
         [--threads N] [--unchecked]"
    );
    std::process::exit(2)
}

/// Plays games `range` (game `i`: deal and chance from seed `seed + i`, choices from its
/// own stream) and counts what happened.
fn play(
    rules: CardRules,
    seed: u64,
    range: std::ops::Range<u64>,
    limits: Limits,
    show: bool,
) -> Counts {
    let mut c = Counts::default();
    let mut legal: Vec<CardAction> = Vec::with_capacity(4096);
    let total = range.end;
    for i in range {
        let mut g = CardGame::new(rules, seed.wrapping_add(i));
        let mut x = seed.wrapping_add(i) ^ 0x9E37_79B9;
        // Uniform among the actions that are not offers, and about one time in 25
        // uniform among all (offers included).
        let choose = |legal: &[CardAction]| {
            let offers = legal.iter().filter(|a| a.is_offer()).count();
            let plain = legal.len() - offers;
            x = x
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let r = (x >> 33) as usize;
            if plain == 0 || r % 25 == 0 {
                (r / 25) % legal.len()
            } else if offers == 0 {
                (r / 25) % plain
            } else {
                // The position of the k-th action that is not an offer (counted without a
                // branch per action: offers and bank trades alternate unpredictably).
                let k = (r / 25) % plain;
                let mut seen = 0;
                legal
                    .iter()
                    .position(|a| {
                        seen += usize::from(!a.is_offer());
                        seen > k
                    })
                    .unwrap_or(0)
            }
        };
        let n = playout(&mut g, limits, &mut legal, &mut c, choose);
        c.actions += u64::from(n);
        if g.winner().is_none() {
            c.unfinished += 1;
        }
        if show && (i + 1) % 100 == 0 {
            eprint!("\r{} / {total} games", i + 1);
        }
    }
    c
}

/// Runs the card-game simulation with the arguments after `--game cards`.
pub fn run(args: Vec<String>) {
    let (mut games, mut seed, mut vp, mut json, mut quiet) = (1000u64, 1u64, 12u8, false, false);
    let (mut threads, mut unchecked) = (1u64, false);
    let mut it = args.into_iter();
    while let Some(a) = it.next() {
        let mut num = |name: &str| -> u64 {
            it.next()
                .and_then(|v| v.parse().ok())
                .unwrap_or_else(|| usage(&format!("{name} takes a number")))
        };
        match a.as_str() {
            "--games" => games = num("--games"),
            "--seed" => seed = num("--seed"),
            "--vp" => vp = num("--vp").clamp(1, 60) as u8,
            "--threads" => threads = num("--threads").max(1),
            "--unchecked" => unchecked = true,
            "--json" => json = true,
            "--quiet" => quiet = true,
            "-h" | "--help" => usage("help"),
            o => usage(&format!("unknown option `{o}`")),
        }
    }
    let rules = CardRules {
        vp_target: vp,
        ..CardRules::default()
    };
    if let Err(e) = rules.validate() {
        usage(&e.to_string());
    }
    // Checked as the base game's `simulate` (`--unchecked`: the card game's `apply_legal`).
    let limits = Limits {
        checked: !unchecked,
        max_actions: 100_000,
        ..Limits::default()
    };
    let threads = threads.min(games.max(1));
    let start = Instant::now();
    let c = if threads <= 1 {
        play(rules, seed, 0..games, limits, !quiet)
    } else {
        let parts = super::in_ranges(games, threads, |range| {
            play(rules, seed, range, limits, false)
        });
        let mut all = Counts::default();
        parts.iter().for_each(|p| all.merge(p));
        all
    };
    let secs = start.elapsed().as_secs_f64().max(1e-9);
    if !quiet {
        eprintln!();
    }
    let g = games.max(1) as f64;
    println!(
        "Catan Card Game: {games} random games (seed {seed}, {vp} VP), {threads} thread(s), {}",
        if unchecked {
            "unchecked"
        } else {
            "every action checked"
        }
    );
    println!(
        "  {:.1} games/s, {:.0} actions/s",
        games as f64 / secs,
        c.actions as f64 / secs
    );
    println!(
        "  per game: {:.1} turns, {:.1} actions",
        c.turns as f64 / g,
        c.actions as f64 / g
    );
    println!(
        "  event die: tournament {}, trade advantage {}, robbery {}, successful year {}, event card {}",
        c.faces[0], c.faces[1], c.faces[2], c.faces[3], c.faces[4]
    );
    println!(
        "  event cards {}, robberies {}, tournaments won {}, units produced {}",
        c.event_cards, c.robberies, c.tournaments_won, c.produced
    );
    println!(
        "  action cards {}, counters {}, attacks won/failed {}/{}, cards back to hand {}",
        c.action_cards, c.counters, c.attacks_won, c.attacks_failed, c.returned_to_hand
    );
    println!(
        "  cards laid {}, bank trades {}, offers {} ({} accepted)",
        c.built, c.bank_trades, c.offers, c.offers_accepted
    );
    println!(
        "  knight token changes {}, mill token changes {}",
        c.token_changes[0], c.token_changes[1]
    );
    println!(
        "  draws {}, searches {}, cards put under piles {}, shuffles {}",
        c.draws, c.searches, c.put_under, c.shuffles
    );
    println!(
        "  wins: seat 0 {}, seat 1 {}, unfinished {}",
        c.wins[0], c.wins[1], c.unfinished
    );
    if json {
        println!(
            "{{\"games\":{games},\"players\":2,\"threads\":{threads},\"seconds\":{secs:.6},\"games_per_s\":{:.3},\"turns_per_s\":{:.1},\
             \"actions_per_s\":{:.1},\"actions_per_game\":{:.2},\"turns_per_game\":{:.2},\"unfinished\":{},\"game\":\"cards\",\
             \"vp_target\":{vp},\"checked\":{},\"wins\":[{},{}],\"event_faces\":{:?},\"event_cards\":{},\"robberies\":{},\
             \"tournaments_won\":{},\"units_produced\":{},\"action_cards\":{},\"counters\":{},\"cards_laid\":{},\
             \"bank_trades\":{},\"offers\":{},\"offers_accepted\":{},\"searches\":{},\"draws\":{},\"put_under\":{},\"shuffles\":{}}}",
            games as f64 / secs,
            c.turns as f64 / secs,
            c.actions as f64 / secs,
            c.actions as f64 / g,
            c.turns as f64 / g,
            c.unfinished,
            !unchecked,
            c.wins[0],
            c.wins[1],
            c.faces,
            c.event_cards,
            c.robberies,
            c.tournaments_won,
            c.produced,
            c.action_cards,
            c.counters,
            c.built,
            c.bank_trades,
            c.offers,
            c.offers_accepted,
            c.searches,
            c.draws,
            c.put_under,
            c.shuffles,
        );
    }
}
