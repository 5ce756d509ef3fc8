//! Pictures of both principalities (ASCII and SVG) and events told as sentences.

use super::catalogue::CardKind;
use super::event::CardEvent;
use super::state::*;
use super::types::{CardId, CardResource};
use crate::types::Player;
use std::fmt::Write;

/// Options of the SVG picture.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SvgStyle {
    /// Width of a card in pixels.
    pub card_width: u32,
    /// Height of a card in pixels.
    pub card_height: u32,
}

impl Default for SvgStyle {
    fn default() -> Self {
        SvgStyle {
            card_width: 64,
            card_height: 44,
        }
    }
}

fn short(s: &State, id: CardId, stock: u8) -> String {
    let spec = s.spec(id);
    match spec.kind {
        CardKind::Landscape => {
            let r = spec.resource.unwrap_or(CardResource::Gold);
            let letter = match r {
                CardResource::Brick => 'B',
                CardResource::Lumber => 'L',
                CardResource::Wool => 'W',
                CardResource::Grain => 'G',
                CardResource::Ore => 'O',
                CardResource::Gold => '$',
            };
            format!("{letter}{}:{stock}", spec.die.unwrap_or(0))
        }
        CardKind::Road => "==".into(),
        CardKind::Settlement => "Sett".into(),
        CardKind::Town => "TOWN".into(),
        _ => spec
            .name
            .chars()
            .filter(|c| c.is_alphanumeric())
            .take(6)
            .collect(),
    }
}

fn used_cols(s: &State) -> (usize, usize) {
    let mut lo = COLS;
    let mut hi = 0;
    for p in 0..2 {
        for (r, c) in cells() {
            if s.grid()[p][r][c].card.is_some() {
                lo = lo.min(c);
                hi = hi.max(c);
            }
        }
    }
    (lo.min(hi), hi)
}

pub(crate) fn ascii(s: &State) -> String {
    let (lo, hi) = used_cols(s);
    let mut out = String::new();
    for p in [Player(1), Player(0)] {
        let _ = writeln!(
            out,
            "seat {} — {} VP, strength {}, tournament {}, trade {}, hand {}/{}{}{}",
            p.0,
            s.points(p),
            s.strength(p),
            s.tournament(p),
            s.trade_points(p),
            s.hands[p.index()].len(),
            s.hand_limit(p),
            if s.knight_token == Some(p) {
                ", Knight token"
            } else {
                ""
            },
            if s.mill_token == Some(p) {
                ", Mill token"
            } else {
                ""
            },
        );
        for r in 0..ROWS {
            let mut line = String::new();
            for c in lo..=hi {
                let cell = s.grid()[p.index()][r][c];
                let txt = cell
                    .card
                    .map(|id| short(s, id, cell.stock))
                    .unwrap_or_default();
                let _ = write!(line, "{txt:^8}|");
            }
            let _ = writeln!(out, "  |{line}");
        }
        out.push('\n');
    }
    let sizes: Vec<String> = s
        .piles
        .iter()
        .enumerate()
        .map(|(i, p)| format!("{}:{}", super::types::PileId(i as u8).name(), p.len()))
        .collect();
    let _ = writeln!(out, "piles {}", sizes.join(" "));
    out
}

fn escape(t: &str) -> String {
    t.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

pub(crate) fn svg(s: &State, st: &SvgStyle) -> String {
    let (lo, hi) = used_cols(s);
    let (w, h) = (st.card_width, st.card_height);
    let ncols = (hi - lo + 1) as u32;
    let width = ncols * w + 20;
    let height = 2 * (ROWS as u32 * h + 30) + 20;
    let mut o = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" font-family=\"sans-serif\" font-size=\"11\">\n"
    );
    for (k, p) in [Player(1), Player(0)].into_iter().enumerate() {
        let y0 = 10 + k as u32 * (ROWS as u32 * h + 30);
        let _ = writeln!(
            o,
            "<text x=\"10\" y=\"{}\">seat {}: {} VP</text>",
            y0 + 12,
            p.0,
            s.points(p)
        );
        for (r, c) in cells() {
            if c < lo || c > hi {
                continue;
            }
            let cell = s.grid()[p.index()][r][c];
            let Some(id) = cell.card else { continue };
            let x = 10 + (c - lo) as u32 * w;
            let y = y0 + 20 + r as u32 * h;
            let fill = match s.spec(id).kind {
                CardKind::Landscape => "#d9f0c0",
                CardKind::Road => "#cccccc",
                CardKind::Settlement | CardKind::Town => "#f5deb3",
                CardKind::TownUpgrade => "#f4b6b6",
                _ => "#b6e3b6",
            };
            let _ = writeln!(
                o,
                "<rect x=\"{x}\" y=\"{y}\" width=\"{}\" height=\"{}\" rx=\"4\" fill=\"{fill}\" stroke=\"#333\"/><text x=\"{}\" y=\"{}\" text-anchor=\"middle\">{}</text>",
                w - 4,
                h - 4,
                x + w / 2 - 2,
                y + h / 2,
                escape(&short(s, id, cell.stock))
            );
        }
    }
    o.push_str("</svg>\n");
    o
}

pub(crate) fn describe(s: &State, e: &CardEvent) -> String {
    let name = |c: &Option<CardId>| match c {
        Some(id) => s.spec(*id).name.clone(),
        None => "a card".into(),
    };
    let n = |id: &CardId| s.spec(*id).name.clone();
    match e {
        CardEvent::StarterChosen { player } => format!("{player} starts"),
        CardEvent::Searched { player, pile } => {
            format!("{player} looks through pile {}", pile.name())
        }
        CardEvent::TookCard { player, pile, card } => {
            format!("{player} takes {} from pile {}", name(card), pile.name())
        }
        CardEvent::DrewCard { player, pile, card } => {
            format!("{player} draws {} from pile {}", name(card), pile.name())
        }
        CardEvent::PutUnder {
            player, pile, card, ..
        } => {
            format!("{} of {player} goes under pile {}", name(card), pile.name())
        }
        CardEvent::TurnStarted { player, turn } => format!("— turn {turn}: {player} —"),
        CardEvent::DiceRolled {
            player,
            event_die,
            face,
            production,
        } => {
            format!("{player} rolls event {event_die} ({face:?}) and production {production}")
        }
        CardEvent::Produced {
            player,
            resource,
            amount,
        } => format!("{player} gets {amount} {resource}"),
        CardEvent::Gained { player, resource } => format!("{player} receives 1 {resource}"),
        CardEvent::Lost {
            player,
            resource,
            amount,
        } => format!("{player} loses {amount} {resource}"),
        CardEvent::Transferred {
            from,
            to,
            resource,
            received,
        } => format!(
            "1 {resource} goes from {from} to {to}{}",
            if *received { "" } else { " (no room: lost)" }
        ),
        CardEvent::Tournament { winner } => match winner {
            Some(w) => format!("{w} wins the tournament"),
            None => "the tournament is a tie".into(),
        },
        CardEvent::Robbed { player, counted } => {
            format!("{player} has {counted} units and is robbed of ore and wool")
        }
        CardEvent::EventCardDrawn { player, card } => {
            format!("{player} turns up the event {}", n(card))
        }
        CardEvent::Shuffled { pile } => format!("pile {} is shuffled", pile.name()),
        CardEvent::CardPlayed { player, card } => format!("{player} plays {}", n(card)),
        CardEvent::Countered { player, card } => format!("{player} counters with {}", n(card)),
        CardEvent::AttackRolled {
            player,
            attack,
            value,
            success,
        } => format!(
            "{player} rolls {value} for the {attack:?}: {}",
            if *success { "success" } else { "it backfires" }
        ),
        CardEvent::ReturnedToHand { player, card } => {
            format!("{} goes back to {player}'s hand", n(card))
        }
        CardEvent::TookFromHand { player, card } => {
            format!("{player} takes {} from the opponent's hand", name(card))
        }
        CardEvent::SpyPassed { player } => {
            format!("{player}'s Spy takes nothing from the opponent's hand")
        }
        CardEvent::Built {
            player,
            card,
            col,
            row,
        } => format!("{player} lays {} at ({row}, {col})", n(card)),
        CardEvent::BankTraded {
            player,
            give,
            rate,
            get,
        } => format!("{player} trades {rate} {give} for 1 {get}"),
        CardEvent::Offered { player } => format!("{player} offers a trade"),
        CardEvent::OfferAnswered { player, accepted } => {
            format!(
                "{player} {} the offer",
                if *accepted { "accepts" } else { "rejects" }
            )
        }
        CardEvent::TokenChanged { token, holder } => match holder {
            Some(h) => format!("the {token:?} token goes to {h}"),
            None => format!("the {token:?} token is set aside"),
        },
        CardEvent::Won { player, points } => format!("{player} wins with {points} VP"),
    }
}
