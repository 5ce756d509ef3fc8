//! Victory points, the two special cards (Longest Road, Largest Army) and winning.
//!
//! Catan base rules, 5th ed., 'Longest Road', 'Largest Army', 'Ending the Game'; a tie for
//! a broken Longest Road per docs/rulings.md §15, winning on one's own turn per
//! docs/rulings.md §4, hidden victory point cards per docs/rulings.md §5.
//!
//! The awards follow the actions that change them (a road, a settlement that breaks a
//! road, a knight); no action of its own, so no check, enumeration or ids.
//!
//! | rule | effect |
//! | --- | --- |
//! | points | `public_points`, `points`, `scores` |
//! | Longest Road | `update_longest_road` (lengths: the `roads` module) |
//! | Largest Army | `update_largest_army` |
//! | victory | `check_win` |

use super::{opt, Game, Phase, NONE};
use crate::event::{Event, EventSink};
use crate::types::{DevCard, Player};

impl Game {
    /// Victory points that everyone can see: buildings, special cards and (Seafarers
    /// scenarios) special victory points. Counted in a wider type, so no sum wraps (boards
    /// bound each area's special points, `board::MAX_AREA_SPECIAL_VP`, which keeps every
    /// total far below `u8::MAX`; past it the count would stop there).
    pub fn public_points(&self, p: Player) -> u8 {
        u8::try_from(self.public_points_wide(p)).unwrap_or(u8::MAX)
    }

    /// [`Game::public_points`] before it is cut to `u8::MAX`.
    #[inline(always)]
    fn public_points_wide(&self, p: Player) -> u16 {
        let s = &self.seats[p.index()];
        let mut v = u16::from(s.settlements)
            + 2 * u16::from(s.cities)
            + u16::from(self.special_vp[p.index()]);
        if self.longest_road == p.0 {
            v += 2;
        }
        if self.largest_army == p.0 {
            v += 2;
        }
        v
    }

    /// All victory points, hidden VP cards included (docs/rulings.md §5). Cut to
    /// `u8::MAX` once, at the end: the same as cutting the public points first, since the
    /// cards only add.
    pub fn points(&self, p: Player) -> u8 {
        let s = &self.seats[p.index()];
        let v = self.public_points_wide(p)
            + u16::from(s.dev[DevCard::VictoryPoint])
            + u16::from(s.new_dev[DevCard::VictoryPoint]);
        u8::try_from(v).unwrap_or(u8::MAX)
    }

    /// Points of every seat (hidden cards included).
    pub fn scores(&self) -> Vec<u8> {
        (0..self.rules.players)
            .map(|p| self.points(Player(p)))
            .collect()
    }

    /// Longest Road after any change (Base rules, "Longest Road", special case;
    /// docs/rulings.md §15).
    #[inline]
    pub(super) fn update_longest_road<S: EventSink>(&mut self, sink: &mut S) {
        // Open-sea games may keep some routes between bounds: those the decision depends
        // on are measured first.
        if self.sea.is_some() {
            crate::roads::settle_for_award(self);
        }
        // One pass: the longest length, its first holder, and whether another ties it.
        let (mut max, mut leader, mut tied) = (0u8, NONE, false);
        for (i, s) in self.seats[..self.rules.players as usize].iter().enumerate() {
            if s.road_len > max {
                (max, leader, tied) = (s.road_len, i as u8, false);
            } else if s.road_len == max {
                tied = true;
            }
        }
        let holder = self.longest_road;
        if holder != NONE {
            let hl = self.seats[holder as usize].road_len;
            if hl >= 5 && hl == max {
                return;
            }
        }
        let unique = if max >= 5 && !tied { leader } else { NONE };
        if unique != holder {
            self.longest_road = unique;
            sink.push(Event::LongestRoadChanged {
                from: opt(holder),
                to: opt(unique),
                length: if unique == NONE { 0 } else { max },
            });
        }
    }

    /// Largest Army after `p` played a knight: the first to 3, then whoever has more than
    /// the holder.
    #[inline]
    pub(super) fn update_largest_army<S: EventSink>(&mut self, p: u8, sink: &mut S) {
        let k = self.seats[p as usize].knights;
        let holder = self.largest_army;
        if k >= 3 && holder != p && (holder == NONE || k > self.seats[holder as usize].knights) {
            self.largest_army = p;
            sink.push(Event::LargestArmyChanged {
                from: opt(holder),
                to: Player(p),
                knights: k,
            });
        }
    }

    /// A player wins on their own turn as soon as they hold the target, never during a
    /// Special Build Phase (docs/rulings.md §4, §19).
    pub(super) fn check_win<S: EventSink>(&mut self, sink: &mut S) {
        if matches!(
            self.phase,
            Phase::SetupSettlement | Phase::SetupRoad | Phase::GameOver | Phase::SpecialBuild
        ) {
            return;
        }
        let points = self.points(Player(self.current));
        if points >= self.rules.vp_target {
            self.winner = self.current;
            self.phase = Phase::GameOver;
            self.offer = None;
            sink.push(Event::GameWon {
                player: Player(self.current),
                points,
            });
        }
    }
}
