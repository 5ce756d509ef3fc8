//! Events as readable text, in either output vocabulary.

use super::{
    dev_card_name, largest_army_name, longest_road_name, resource_name, resources_text,
    terrain_name,
};
use crate::board::{Board, HexId};
use crate::event::Event;
use crate::rules::Vocabulary;
use crate::types::{DevCard, Player, Resource, Resources};

/// One event as a line of English, in the given vocabulary: `"player 0 rolled 3 + 4 = 7"`,
/// `"player 2 received 2 wheat, 1 ore"`, `"player 1 played Invention"`, ...
///
/// Hexes, nodes and edges are named by id (`"hex 5"`), as in the board's JSON; see
/// [`describe_event_on`] to also say what is on a hex. Redacted fields (a stolen card or a
/// bought card hidden from the viewer) are said without the card.
pub fn describe_event(e: &Event, v: Vocabulary) -> String {
    describe(e, None, v)
}

/// [`describe_event`], naming hexes with their terrain and number token from `board`:
/// `"player 0 moved the robber to hex 12 (fields, 6)"`.
pub fn describe_event_on(e: &Event, board: &Board, v: Vocabulary) -> String {
    describe(e, Some(board), v)
}

/// `"hex 12"`, or `"hex 12 (fields, 6)"` with a board.
fn hex_text(h: HexId, board: Option<&Board>) -> String {
    match board.and_then(|b| b.hexes().get(h.index())) {
        Some(info) => match info.number {
            Some(n) => format!("{h} ({}, {n})", terrain_name(info.terrain)),
            None => format!("{h} ({})", terrain_name(info.terrain)),
        },
        None => h.to_string(),
    }
}

fn describe(e: &Event, board: Option<&Board>, v: Vocabulary) -> String {
    let res = |r: &Resources| resources_text(r, v);
    let rname = |r: Resource| resource_name(r, v);
    match *e {
        Event::DiceRolled {
            player,
            dice,
            total,
        } => format!("{player} rolled {} + {} = {total}", dice[0], dice[1]),
        Event::ResourcesProduced { player, resources } => {
            format!("{player} received {}", res(&resources))
        }
        Event::Shortage {
            resource,
            claimants,
            paid,
        } => shortage(rname(resource), claimants, paid),
        Event::RobberBlocked { hex } => {
            format!("the robber blocks production on {}", hex_text(hex, board))
        }
        Event::StartingResources { player, resources } => {
            format!("{player} receives starting resources: {}", res(&resources))
        }
        Event::DiscardsRequired { amounts } => discards_required(&amounts),
        Event::Discarded { player, resources } => {
            format!("{player} discarded {}", res(&resources))
        }
        Event::RobberMoved { player, hex } => {
            format!("{player} moved the robber to {}", hex_text(hex, board))
        }
        Event::GoldOwed { amounts } => gold_owed(&amounts),
        Event::GoldChosen { player, resources } => {
            format!("{player} took {} for gold", res(&resources))
        }
        Event::GoldShortage { claimants, paid } => match paid {
            Some(p) => format!("the bank is short of cards for gold: {p} takes what is left"),
            None => format!(
                "the bank is short of cards for gold: none of {claimants} players takes any"
            ),
        },
        Event::PirateMoved { player, hex } => {
            format!("{player} moved the pirate to {}", hex_text(hex, board))
        }
        Event::Stole {
            thief,
            victim,
            resource,
        } => match resource {
            Some(r) => format!("{thief} stole 1 {} from {victim}", rname(r)),
            None => format!("{thief} stole a card from {victim}"),
        },
        Event::SettlementBuilt { player, node } => {
            format!("{player} built a settlement on {node}")
        }
        Event::CityBuilt { player, node } => format!("{player} built a city on {node}"),
        Event::ShipBuilt { player, edge } => format!("{player} built a ship on {edge}"),
        Event::SpecialVictoryPoints {
            player,
            area,
            points,
        } => {
            let name = board
                .and_then(|b| b.spec().areas.get(area as usize))
                .filter(|a| !a.name.is_empty())
                .map_or(String::new(), |a| format!(" ({})", a.name));
            format!(
                "{player} settled land area {area}{name} first and earns {points} special victory points"
            )
        }
        Event::HexDiscovered {
            player,
            hex,
            terrain,
            number,
            resource,
        } => {
            let found = match number {
                Some(n) => format!("{} with number {n}", terrain_name(terrain)),
                None => terrain_name(terrain).to_string(),
            };
            match resource {
                Some(r) => format!(
                    "{player} discovered {hex}: {found}, and takes 1 {}",
                    rname(r)
                ),
                None => format!("{player} discovered {hex}: {found}"),
            }
        }
        Event::ShipMoved { player, from, to } => {
            format!("{player} moved a ship from {from} to {to}")
        }
        Event::RoadBuilt { player, edge } => format!("{player} built a road on {edge}"),
        Event::DevelopmentCardBought { player, card } => match card {
            Some(c) => format!(
                "{player} bought a development card ({})",
                dev_card_name(c, v)
            ),
            None => format!("{player} bought a development card"),
        },
        Event::DevelopmentCardPlayed { player, card } => {
            format!("{player} played {}", dev_card_name(card, v))
        }
        Event::RoadBuildingFinished { player, unplaced } => format!(
            "{player} stopped {}, giving up {unplaced} free road{}",
            dev_card_name(DevCard::RoadBuilding, v),
            if unplaced == 1 { "" } else { "s" }
        ),
        Event::YearOfPlentyTaken { player, resources } => format!(
            "{player} took {} from the bank ({})",
            res(&resources),
            dev_card_name(DevCard::YearOfPlenty, v)
        ),
        Event::MonopolyTaken {
            player,
            resource,
            taken,
        } => monopoly_taken(player, rname(resource), &taken),
        Event::MaritimeTraded {
            player,
            give,
            get,
            rate,
        } => format!(
            "{player} traded {rate} {} for 1 {} with the bank ({rate}:1)",
            rname(give),
            rname(get)
        ),
        Event::TradeOffered {
            player,
            to,
            give,
            get,
        } => {
            let to = to.map_or_else(|| "everyone".to_owned(), |p| p.to_string());
            format!("{player} offers {} for {} to {to}", res(&give), res(&get))
        }
        Event::TradeAccepted { player } => format!("{player} accepts the offer"),
        Event::TradeRejected { player } => format!("{player} declines the offer"),
        Event::TradeCountered { player, give, get } => {
            format!("{player} counters: gives {} for {}", res(&give), res(&get))
        }
        Event::TradeClosed { player } => format!("{player}'s offer is closed without a trade"),
        Event::Traded {
            player,
            partner,
            gave,
            got,
        } => format!(
            "{player} traded {} to {partner} for {}",
            res(&gave),
            res(&got)
        ),
        Event::LongestRoadChanged { from, to, length } => {
            longest_road_changed(longest_road_name(v), from, to, length)
        }
        Event::LargestArmyChanged { from, to, knights } => {
            let award = largest_army_name(v);
            match from {
                None => format!("{to} takes {award} ({knights} knights)"),
                Some(f) => format!("{to} takes {award} from {f} ({knights} knights)"),
            }
        }
        Event::TurnEnded { player } => format!("{player} ends the turn"),
        Event::TurnStarted { player, turn } => format!("turn {turn}: {player} to play"),
        Event::SpecialBuildStarted { player } => {
            format!("special build phase after {player}'s turn")
        }
        Event::SpecialBuildPassed { player } => format!("{player} is done building"),
        Event::SpecialBuildEnded { player } => {
            format!("special build phase after {player}'s turn is over")
        }
        Event::SetupFinished => "set-up finished; play begins".to_owned(),
        Event::GameWon { player, points } => format!("{player} wins with {points} points"),
    }
}

/// A supply shortage: who (if anyone) still receives the resource.
fn shortage(resource: &str, claimants: u8, paid: Option<Player>) -> String {
    match paid {
        Some(p) => format!(
            "the bank is short of {resource}: only {p} was owed it and receives what is left"
        ),
        None => format!(
            "the bank is short of {resource}: {claimants} players were owed it, so nobody receives it"
        ),
    }
}

/// Who must discard how many cards after a 7.
fn discards_required(amounts: &[u8]) -> String {
    let who: Vec<String> = amounts
        .iter()
        .enumerate()
        .filter(|(_, &n)| n > 0)
        .map(|(i, &n)| format!("{} must discard {n}", Player(i as u8)))
        .collect();
    if who.is_empty() {
        "nobody must discard".to_owned()
    } else {
        who.join(", ")
    }
}

/// Who must choose how many cards for gold.
fn gold_owed(amounts: &[u8]) -> String {
    let who: Vec<String> = amounts
        .iter()
        .enumerate()
        .filter(|(_, &n)| n > 0)
        .map(|(i, &n)| format!("{} chooses {n} for gold", Player(i as u8)))
        .collect();
    who.join(", ")
}

/// What a Monopoly took, and from whom.
fn monopoly_taken(player: Player, resource: &str, taken: &[u8]) -> String {
    let total: u32 = taken.iter().map(|&n| n as u32).sum();
    let from: Vec<String> = taken
        .iter()
        .enumerate()
        .filter(|(_, &n)| n > 0)
        .map(|(i, &n)| format!("{n} from {}", Player(i as u8)))
        .collect();
    if from.is_empty() {
        format!("{player} named {resource} but nobody had any")
    } else {
        format!("{player} took {total} {resource} ({})", from.join(", "))
    }
}

/// Longest Road (`award`, in the vocabulary) taken, passed on or set aside.
fn longest_road_changed(
    award: &str,
    from: Option<Player>,
    to: Option<Player>,
    length: u8,
) -> String {
    match (from, to) {
        (_, None) => format!("{award} is set aside (no single longest of 5 or more)"),
        (None, Some(p)) => format!("{p} takes {award} ({length} long)"),
        (Some(f), Some(p)) => format!("{p} takes {award} from {f} ({length} long)"),
    }
}
