//! The Seafarers scenario layer: games on a scenario's map or a sea map of one's own, set-up
//! in the start areas only, and the special victory points of land areas.
//!
//! Seafarers rules, 'Heading for New Shores', 'The Four Islands', 'The Fog Islands',
//! 'Through the Desert'; docs/rulings.md §41.
//!
//! * **Start areas.** A set-up settlement must touch a hex of a start area (New Shores:
//!   the main island; The Four Islands: any island; The Fog Islands: either face-up
//!   island; Through the Desert: the main part of the big island).
//! * **Special victory points.** A player's first settlement in a land area pays the
//!   area's special points (2; 1 in New Shores' older edition), once per area and player,
//!   whoever else settled there before. The areas of a player's set-up settlements are
//!   that player's home areas and never pay (The Four Islands' home islands; elsewhere the
//!   start areas pay nothing anyway). A settlement is in every area whose hex it touches.
//! * The points count toward victory like any other; the target is the map's.
//!
//! | rule | check | effect |
//! | --- | --- | --- |
//! | start areas | `check_settlement_site` (build family), [`crate::board::Board::in_start_area`] | — |
//! | special victory points | — | `settle_areas` |
//! | the game | [`Game::with_sea_map`], `Game::new` with [`Rules::scenario`] | `on_sea_map`, `on_scenario_map` |

use super::{Game, NewGameError};
use crate::board::{Board, Deal, DealFrame, NodeId, SeaMap};
use crate::event::{Event, EventSink};
use crate::layouts::MapKind;
use crate::rng::Rng;
use crate::rules::{Rules, RulesError};
use crate::scenario::Scenario;
use crate::types::Player;
use std::sync::{Arc, OnceLock};

/// A scenario's map for one player count, ready for new games: its deal frame, and
/// whether that many players can always finish the set-up phase on it (every deal of a
/// map leaves the same ground to set-up settlements: land and start areas stay where they
/// are printed). Worked out once per process.
struct ScenarioFrame {
    deal: DealFrame,
    setup_room: bool,
}

impl ScenarioFrame {
    /// The frame of `scenario`'s map for `players` (3 to 6).
    fn of(scenario: Scenario, players: u8) -> &'static ScenarioFrame {
        static FRAMES: [OnceLock<ScenarioFrame>; 4 * 8] = [const { OnceLock::new() }; 4 * 8];
        FRAMES[scenario as usize * 8 + (players as usize & 7)].get_or_init(|| {
            let map = scenario
                .map_ref(players)
                .expect("validated: 3 to 6 players");
            let deal = DealFrame::new(map).expect("the official maps are valid");
            let setup_room = NewGameError::check_setup_room(deal.printed_board(), players).is_ok();
            ScenarioFrame { deal, setup_room }
        })
    }
}

impl Game {
    /// A new game on a Seafarers map of one's own: its land areas, start areas, special
    /// victory points, unexplored spaces and target come with it. `rules.map` `beginner`
    /// plays the map as printed; `random` and `variable` deal its pools (see
    /// [`SeaMap::deal`]). The map's `victory_points` replace `rules.vp_target`.
    ///
    /// ```
    /// use catan_rules::board::SeaMap;
    /// use catan_rules::{Game, MapKind, Rules, Scenario};
    /// let map = Scenario::NewShores.map(3).unwrap();
    /// let rules = Rules { players: 3, map: MapKind::Beginner, ..Rules::default() };
    /// let game = Game::with_sea_map(rules, &map, 1).unwrap();
    /// assert_eq!(game.rules().vp_target, 14);
    /// assert!(game.board().open_sea());
    /// ```
    ///
    /// # Errors
    /// [`NewGameError::Rules`] if the rules cannot be played (a `scenario` set as well:
    /// [`RulesError::ScenarioAndMap`]); [`NewGameError::Map`] for an invalid map;
    /// [`NewGameError::SetupCannotFinish`] if its start areas are too small.
    pub fn with_sea_map(rules: Rules, map: &SeaMap, seed: u64) -> Result<Game, NewGameError> {
        if rules.scenario.is_some() {
            return Err(RulesError::ScenarioAndMap.into());
        }
        let rules = Rules {
            vp_target: map.victory_points,
            ..rules
        };
        rules.validate_up_to(Rules::MAX_SEA_MAP_VP_TARGET)?;
        Game::on_sea_map(rules, map, Rng::new(seed))
    }

    /// A game on `map`, printed (`rules.map` beginner) or dealt with `rng`, which then
    /// drives the game. The rules are valid. A map of one's own is dealt the long way
    /// ([`SeaMap::deal_and_build`], which also finds what is wrong with it); a scenario's
    /// map, through the frame the process keeps for it ([`Game::on_scenario_map`]), which
    /// deals the same boards with the same draws.
    pub(super) fn on_sea_map(
        rules: Rules,
        map: &SeaMap,
        mut rng: Rng,
    ) -> Result<Game, NewGameError> {
        let printed = rules.map == MapKind::Beginner;
        let (dealt, board) = map.deal_and_build((!printed).then_some(&mut rng))?;
        let deal = Deal {
            board,
            fog_terrains: dealt.fog_terrains,
            fog_numbers: dealt.fog_numbers,
        };
        Game::on_deal(rules, deal, None, rng)
    }

    /// A game on a scenario's map for `rules.players` ([`Game::on_sea_map`] of
    /// [`Scenario::map`](crate::Scenario::map)), from the frame the process keeps for it.
    /// The rules are valid.
    pub(super) fn on_scenario_map(
        rules: Rules,
        scenario: Scenario,
        mut rng: Rng,
    ) -> Result<Game, NewGameError> {
        let frame = ScenarioFrame::of(scenario, rules.players);
        let deal = frame
            .deal
            .deal((rules.map != MapKind::Beginner).then_some(&mut rng));
        Game::on_deal(rules, deal, Some(frame.setup_room), rng)
    }

    /// A game on a dealt (or printed) sea map whose draws came from `rng`, which then
    /// drives the game; `setup_room`, when known, whether the players can always finish
    /// the set-up phase on it. The rules are valid.
    fn on_deal(
        rules: Rules,
        deal: Deal,
        setup_room: Option<bool>,
        mut rng: Rng,
    ) -> Result<Game, NewGameError> {
        let Deal {
            mut board,
            mut fog_terrains,
            mut fog_numbers,
        } = deal;
        if rules.older_edition {
            // Older editions of New Shores: 1 special point per island.
            let mut spec = board.spec().clone();
            for a in &mut spec.areas {
                a.special_vp = a.special_vp.min(1);
            }
            board = Board::new(spec)?;
        }
        if rules.map == MapKind::Beginner {
            // The printed map fixes the face-up hexes; the face-down stacks are shuffled
            // all the same (Seafarers rules, 'The Fog Islands', set-up).
            rng.shuffle(&mut fog_terrains);
            rng.shuffle(&mut fog_numbers);
        }
        let board = Arc::new(board);
        if rules.older_edition || setup_room != Some(true) {
            NewGameError::check_setup_room(&board, rules.players)?;
        }
        let mut g = Game::blank(rules, board, rng);
        g.fog = super::fog::Fog::new(&fog_terrains, &fog_numbers);
        Ok(g)
    }

    /// A settlement of `p` on `node` settles the areas it touches: in set-up they become
    /// home areas, which never pay; later each area new to `p` pays its special points.
    pub(super) fn settle_areas<S: EventSink>(
        &mut self,
        p: u8,
        node: NodeId,
        setup: bool,
        sink: &mut S,
    ) {
        let touched = self.board.node_areas(node);
        let new = touched & !self.settled[p as usize];
        if new == 0 {
            return;
        }
        self.settled[p as usize] |= new;
        if setup {
            return;
        }
        let vp = self.board.area_special_vp();
        let mut rest = new;
        while rest != 0 {
            let a = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let points = vp.get(a).copied().unwrap_or(0);
            if points > 0 {
                let s = &mut self.special_vp[p as usize];
                *s = s.saturating_add(points);
                sink.push(Event::SpecialVictoryPoints {
                    player: Player(p),
                    area: a as u8,
                    points,
                });
            }
        }
    }

    /// Special victory points a player has earned (Seafarers scenarios; public).
    pub fn special_victory_points(&self, p: Player) -> u8 {
        self.special_vp[p.index()]
    }

    /// The land areas a player has settled (bit `a`: area `a` of the board's `areas`),
    /// home areas included (public).
    pub fn settled_areas(&self, p: Player) -> u16 {
        self.settled[p.index()]
    }
}
