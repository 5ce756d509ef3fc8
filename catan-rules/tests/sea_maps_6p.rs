//! The Seafarers scenarios' maps for 5 and 6 players, as data.
//!
//! Source: the JSettlers2 6-player maps (`SOCBoardAtServer`: Heading for New Shores, "The
//! Six Islands", The Fog Islands, Through the Desert), lower confidence: the printed maps of
//! the Seafarers 5–6 player extension were not found (docs/rulings.md §42). The land areas,
//! the terrain and number pools, the harbour places and the unexplored spaces are that
//! source's; its outermost ring of hexes is the frame; the harbour kinds are the 5–6 player
//! extension's set (5–6 player extension rules, components); the targets are the 3- and
//! 4-player scenarios' (Seafarers rules, each scenario; docs/rulings.md §42).

use catan_rules::board::{Board, HexCoord, SeaMap};
use catan_rules::scenario::Scenario;
use catan_rules::{Harbor, Rng, Terrain};
use std::collections::BTreeSet;

fn js(id: u16) -> HexCoord {
    HexCoord::from_jsettlers(id).unwrap()
}

fn set(ids: &[u16]) -> BTreeSet<HexCoord> {
    ids.iter().map(|&i| js(i)).collect()
}

/// What the source gives for one 6-player map.
struct Expect {
    scenario: Scenario,
    /// The hexes of each land area, in the map's area order (JSettlers2 ids).
    areas: &'static [&'static [u16]],
    /// Whether each area is a start area, and its special victory points.
    start: &'static [bool],
    special_vp: &'static [u8],
    /// Sea hexes inside the frame (unexplored spaces apart).
    sea: usize,
    /// Every land hex's terrain, face up: hills, mountains, pasture, fields, forest, gold,
    /// desert.
    terrains: [usize; 7],
    /// Every face-up number, sorted.
    numbers: &'static [u8],
    harbors: usize,
    robber: Option<u16>,
    pirate: Option<u16>,
    target: u8,
}

const EXPECT: [Expect; 4] = [
    // Heading for New Shores, 6 players: the 30-hex 5–6 island (the 5–6 set: 5 hills, 5
    // mountains, 6 pasture, 6 fields, 6 forest, 2 deserts; the 28 tokens A–Zc), and ten
    // small-island hexes (hills 2, mountains 2, pasture, fields, forest, gold 3; 2, 3, 4, 5,
    // 6, 8, 9, 10, 11, 12).
    Expect {
        scenario: Scenario::NewShores,
        areas: &[
            &[
                0x0906, 0x0707, 0x0508, 0x0309, 0x030B, 0x030D, 0x050E, 0x070F, 0x0910, 0x0B0F,
                0x0D0E, 0x0F0D, 0x0F0B, 0x0F09, 0x0D08, 0x0B07, 0x0908, 0x0709, 0x050A, 0x050C,
                0x070D, 0x090E, 0x0B0D, 0x0D0C, 0x0D0A, 0x0B09, 0x090A, 0x070B, 0x090C, 0x0B0B,
            ],
            &[0x0305, 0x0504, 0x0703],
            &[0x0B03, 0x0D04, 0x0F05],
            &[0x0311],
            &[0x0713],
            &[0x0B13],
            &[0x0F11],
        ],
        start: &[true, false, false, false, false, false, false],
        special_vp: &[0, 2, 2, 2, 2, 2, 2],
        sea: 20,
        terrains: [7, 7, 7, 7, 7, 3, 2],
        numbers: &[
            2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 6, 6, 6, 6, 8, 8, 8, 8, 9, 9, 9, 9, 10,
            10, 10, 10, 11, 11, 11, 11, 12, 12, 12,
        ],
        harbors: 11,
        // JSettlers2 starts this map without a robber: ours starts on the first desert of
        // the printed 5–6 island (docs/rulings.md §42).
        robber: Some(0x030D),
        pirate: None,
        target: 14,
    },
    // "The Six Islands": 32 hexes over six islands, no desert.
    Expect {
        scenario: Scenario::FourIslands,
        areas: &[
            &[0x0305, 0x0307, 0x0504, 0x0506, 0x0703, 0x0705],
            &[0x030B, 0x050A, 0x050C, 0x0709, 0x070B],
            &[0x030F, 0x0311, 0x0510, 0x0512, 0x0711],
            &[0x0B05, 0x0D04, 0x0D06, 0x0F05, 0x0F07],
            &[0x0B0B, 0x0B0D, 0x0D0A, 0x0D0C, 0x0F0B],
            &[0x0B11, 0x0B13, 0x0D10, 0x0D12, 0x0F0F, 0x0F11],
        ],
        start: &[true; 6],
        special_vp: &[2; 6],
        sea: 28,
        terrains: [6, 6, 7, 6, 7, 0, 0],
        numbers: &[
            2, 2, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 6, 6, 6, 6, 8, 8, 8, 9, 9, 9, 9, 10, 10, 10, 10,
            11, 11, 12, 12,
        ],
        harbors: 11,
        robber: None,
        // JSettlers2's pirate hex 0x0902 is on the frame.
        pirate: None,
        target: 13,
    },
    // The Fog Islands, 6 players: a 24-hex northern island (one desert), two fixed gold
    // corners (gold 4, gold 10), 25 unexplored spaces.
    Expect {
        scenario: Scenario::FogIslands,
        areas: &[
            &[
                0x0305, 0x0307, 0x0309, 0x030B, 0x030D, 0x030F, 0x0311, 0x0313, 0x0506, 0x0508,
                0x050A, 0x050C, 0x050E, 0x0510, 0x0512, 0x0707, 0x0709, 0x070B, 0x070D, 0x070F,
                0x0711, 0x090A, 0x090C, 0x090E,
            ],
            &[0x0F05, 0x0F13],
        ],
        start: &[true, false],
        special_vp: &[0, 0],
        sea: 16,
        terrains: [5, 5, 4, 5, 4, 2, 1],
        numbers: &[
            2, 3, 3, 3, 4, 4, 4, 5, 5, 6, 6, 6, 8, 8, 8, 9, 9, 10, 10, 10, 11, 11, 11, 12, 12,
        ],
        harbors: 9,
        robber: None, // on the desert, wherever dealt: checked below
        pirate: Some(0x0912),
        target: 12,
    },
    // Through the Desert, 6 players.
    Expect {
        scenario: Scenario::ThroughTheDesert,
        areas: &[
            &[
                0x0709, 0x070B, 0x070D, 0x070F, 0x0904, 0x0906, 0x0908, 0x090A, 0x090C, 0x090E,
                0x0910, 0x0B03, 0x0B05, 0x0B07, 0x0B09, 0x0B0B, 0x0B0D, 0x0B0F, 0x0D04, 0x0D06,
                0x0F05,
            ],
            &[
                0x0506, 0x0504, 0x0305, 0x0307, 0x0309, 0x030D, 0x030F, 0x0311, 0x0313,
            ],
            &[0x0508, 0x050A, 0x050C, 0x050E, 0x0510],
            &[0x0F09, 0x0F0B],
            &[0x0F0F],
            &[0x0F13, 0x0D12, 0x0D14, 0x0B15],
            &[0x0715],
        ],
        start: &[true, false, false, false, false, false, false],
        special_vp: &[0, 2, 0, 2, 2, 2, 2],
        sea: 24,
        // Main and beyond: hills 7, mountains 6, pasture 5, fields 5, forest 6, gold 1;
        // small islands: mountains 1, pasture 2, fields 2, forest 1, gold 2; 5 deserts.
        terrains: [7, 7, 7, 7, 7, 3, 5],
        numbers: &[
            2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 6, 6, 6, 6, 8, 8, 8, 8, 9, 9, 9, 9, 10,
            10, 10, 10, 11, 11, 11, 11, 12, 12, 12,
        ],
        harbors: 11,
        robber: Some(0x0510),
        pirate: Some(0x0F11),
        target: 14,
    },
];

fn terrain_counts(board: &Board) -> [usize; 7] {
    use Terrain::*;
    [Hills, Mountains, Pasture, Fields, Forest, Gold, Desert]
        .map(|t| board.hexes().iter().filter(|h| h.terrain == t).count())
}

/// The land hexes of each area of a dealt map.
fn area_hexes(map: &SeaMap, dealt: &catan_rules::board::DealtMap) -> Vec<BTreeSet<HexCoord>> {
    (0..map.areas.len() as u8)
        .map(|a| {
            dealt
                .board
                .hexes
                .iter()
                .zip(&dealt.hex_area)
                .filter(|(_, &x)| x == Some(a))
                .map(|(h, _)| HexCoord::new(h.q, h.r))
                .collect()
        })
        .collect()
}

#[test]
fn five_and_six_players_share_the_six_player_map() {
    // The 5–6 player extension plays 5 and 6 players on one board; 2 and 7 have no map.
    for s in Scenario::ALL {
        assert_eq!(s.map(5), s.map(6), "{s:?}");
        assert!(s.map(5).is_some() && s.map(2).is_none() && s.map(7).is_none());
        assert_ne!(s.map(5), s.map(4), "{s:?}");
    }
}

#[test]
fn six_player_maps_are_the_source_maps() {
    for e in &EXPECT {
        let what = format!("{:?}", e.scenario);
        let map = e.scenario.map(6).unwrap();
        let dealt = map.deal(None).unwrap();
        let board = Board::new(dealt.board.clone()).unwrap();
        assert!(board.open_sea(), "{what}");
        // Land areas: exactly the source's hexes, start areas and special points.
        let areas = area_hexes(&map, &dealt);
        let want: Vec<BTreeSet<HexCoord>> = e.areas.iter().map(|a| set(a)).collect();
        assert_eq!(areas, want, "{what}");
        for (a, ids) in e.areas.iter().enumerate() {
            assert_eq!(
                areas[a].len(),
                ids.len(),
                "{what}: area {a} lists a hex twice"
            );
        }
        let start: Vec<bool> = dealt.areas.iter().map(|a| a.start).collect();
        assert_eq!(start, e.start, "{what}");
        let svp: Vec<u8> = dealt.areas.iter().map(|a| a.special_vp).collect();
        assert_eq!(svp, e.special_vp, "{what}");
        // Land, sea and unexplored spaces fill the frame's inside.
        let land: usize = e.areas.iter().map(|a| a.len()).sum();
        assert_eq!(board.land_hexes().count(), land, "{what}");
        assert_eq!(
            board.hexes().len() - land - dealt.fog_spaces.len(),
            e.sea,
            "{what}"
        );
        assert_eq!(terrain_counts(&board), e.terrains, "{what}");
        let mut numbers: Vec<u8> = board.hexes().iter().filter_map(|h| h.number).collect();
        numbers.sort();
        assert_eq!(numbers, e.numbers, "{what}");
        // Harbours: on land, the 5–6 player set (five 3:1, two wool, one each of the other
        // resources), or on the Fog Islands four 3:1 and one of each resource.
        assert_eq!(dealt.board.harbors.len(), e.harbors, "{what}");
        let kind = |k: Harbor| dealt.board.harbors.iter().filter(|h| h.kind == k).count();
        let generic = if e.harbors == 11 { 5 } else { 4 };
        assert_eq!(kind(Harbor::Generic), generic, "{what}");
        assert_eq!(kind(Harbor::Wool), if e.harbors == 11 { 2 } else { 1 });
        for k in [Harbor::Brick, Harbor::Lumber, Harbor::Grain, Harbor::Ore] {
            assert_eq!(kind(k), 1, "{what}");
        }
        let at = |h: Option<catan_rules::HexId>| h.map(|h| board.hex(h).coord);
        if e.scenario == Scenario::FogIslands {
            let robber = board.robber_start().expect("on the desert");
            assert_eq!(board.hex(robber).terrain, Terrain::Desert, "{what}");
        } else {
            assert_eq!(at(board.robber_start()), e.robber.map(js), "{what}");
        }
        assert_eq!(at(board.pirate_start()), e.pirate.map(js), "{what}");
        assert_eq!(dealt.victory_points, e.target, "{what}");
        assert_eq!(map.victory_points, e.scenario.target(false), "{what}");
    }
}

#[test]
fn new_shores_6p_main_island_is_the_five_six_beginners_map() {
    // The main island carries the printed 5–6 "Starting Set-up for 5–6 New Players" (5–6
    // player extension rules), row by row onto the JSettlers2 island: its first row is
    // hills 10, pasture 6, desert; its last hills 9, pasture 12, mountains 8.
    let dealt = Scenario::NewShores.map(6).unwrap().deal(None).unwrap();
    let hex = |id: u16| {
        let c = js(id);
        let h = dealt
            .board
            .hexes
            .iter()
            .find(|h| h.q == c.q && h.r == c.r)
            .unwrap();
        (h.terrain, h.number)
    };
    use Terrain::*;
    assert_eq!(hex(0x0309), (Hills, Some(10)));
    assert_eq!(hex(0x030B), (Pasture, Some(6)));
    assert_eq!(hex(0x030D), (Desert, None));
    assert_eq!(hex(0x0906), (Desert, None));
    assert_eq!(hex(0x0F09), (Hills, Some(9)));
    assert_eq!(hex(0x0F0B), (Pasture, Some(12)));
    assert_eq!(hex(0x0F0D), (Mountains, Some(8)));
}

#[test]
fn fog_islands_6p_has_its_unexplored_arc_and_stacks() {
    // 25 unexplored spaces; the face-down stack: sea 12, hills 2, mountains 2, pasture 3,
    // fields 2, forest 3, gold 1; numbers 2, 2, 3, 4, 5, 5, 6, 8, 9, 9, 10, 11, 12.
    use Terrain::*;
    let map = Scenario::FogIslands.map(6).unwrap();
    let dealt = map.deal(None).unwrap();
    let spaces: BTreeSet<HexCoord> = dealt.fog_spaces.iter().copied().collect();
    assert_eq!(
        spaces,
        set(&[
            0x0703, 0x0715, 0x0904, 0x0914, 0x0B03, 0x0B05, 0x0B07, 0x0B11, 0x0B13, 0x0B15, 0x0D04,
            0x0D06, 0x0D08, 0x0D0A, 0x0D0C, 0x0D0E, 0x0D10, 0x0D12, 0x0D14, 0x0F07, 0x0F09, 0x0F0B,
            0x0F0D, 0x0F0F, 0x0F11,
        ])
    );
    let count = |t: Terrain| dealt.fog_terrains.iter().filter(|&&x| x == t).count();
    assert_eq!(
        [Sea, Hills, Mountains, Pasture, Fields, Forest, Gold].map(count),
        [12, 2, 2, 3, 2, 3, 1]
    );
    let mut numbers = dealt.fog_numbers.clone();
    numbers.sort();
    assert_eq!(numbers, [2, 2, 3, 4, 5, 5, 6, 8, 9, 9, 10, 11, 12]);
    // The gold corners stay put (gold 4 and gold 10) in every deal.
    for seed in 0..5 {
        let d = map.deal(Some(&mut Rng::new(seed))).unwrap();
        let at = |id: u16| {
            let c = js(id);
            let h = d.board.hexes.iter().find(|h| h.q == c.q && h.r == c.r);
            h.map(|h| (h.terrain, h.number))
        };
        assert_eq!(at(0x0F05), Some((Gold, Some(4))));
        assert_eq!(at(0x0F13), Some((Gold, Some(10))));
    }
}

#[test]
fn six_player_maps_deal_within_their_pools() {
    // Each area keeps its land and each deal keeps the pools' contents; sea, the deserts of
    // Through the Desert and the fixed gold corners never move; dealt numbers keep the
    // variable set-up's rules (no 6 or 8 next to another, Catan base rules, 5th ed.,
    // 'Set-up, Variable'; the scenarios' bans); Through the Desert's big-island gold field
    // stays beyond the deserts (JSettlers2 forces it there); harbour kinds are shuffled over
    // the same places.
    for e in &EXPECT {
        let map = e.scenario.map(6).unwrap();
        let printed = map.deal(None).unwrap();
        let mut moved = false;
        for seed in 0..20 {
            let d = map.deal(Some(&mut Rng::new(seed))).unwrap();
            let board = Board::new(d.board.clone()).unwrap();
            assert_eq!(terrain_counts(&board), e.terrains, "{:?}", e.scenario);
            assert_eq!(area_hexes(&map, &d), area_hexes(&map, &printed));
            let mut numbers: Vec<u8> = d.board.hexes.iter().filter_map(|h| h.number).collect();
            numbers.sort();
            assert_eq!(numbers, e.numbers);
            for (h, p) in d.board.hexes.iter().zip(&printed.board.hexes) {
                assert_eq!((h.q, h.r), (p.q, p.r));
                let fixed_desert =
                    e.scenario == Scenario::ThroughTheDesert && p.terrain == Terrain::Desert;
                if p.terrain == Terrain::Sea || fixed_desert {
                    assert_eq!(h.terrain, p.terrain, "{:?}", e.scenario);
                }
                for ban in &map.number_bans {
                    if h.terrain == ban.terrain {
                        assert!(!ban.numbers.contains(&h.number.unwrap()));
                    }
                }
                moved |= h.terrain != p.terrain;
            }
            let red: Vec<HexCoord> = d
                .board
                .hexes
                .iter()
                .filter(|h| matches!(h.number, Some(6 | 8)))
                .map(|h| HexCoord::new(h.q, h.r))
                .collect();
            for x in &red {
                assert!(
                    red.iter().all(|y| x.distance(*y) != 1),
                    "{:?} seed {seed}",
                    e.scenario
                );
            }
            if e.scenario == Scenario::ThroughTheDesert {
                let beyond = set(e.areas[1]);
                let golds: Vec<HexCoord> = d
                    .board
                    .hexes
                    .iter()
                    .filter(|h| h.terrain == Terrain::Gold)
                    .map(|h| HexCoord::new(h.q, h.r))
                    .filter(|c| set(e.areas[0]).contains(c) || beyond.contains(c))
                    .collect();
                assert_eq!(golds.len(), 1);
                assert!(beyond.contains(&golds[0]));
            }
            let mut kinds: Vec<Harbor> = d.board.harbors.iter().map(|h| h.kind).collect();
            let mut printed_kinds: Vec<Harbor> =
                printed.board.harbors.iter().map(|h| h.kind).collect();
            let places: Vec<_> = d.board.harbors.iter().map(|h| (h.q, h.r, h.side)).collect();
            let printed_places: Vec<_> = printed
                .board
                .harbors
                .iter()
                .map(|h| (h.q, h.r, h.side))
                .collect();
            assert_eq!(places, printed_places);
            kinds.sort_by_key(|k| format!("{k:?}"));
            printed_kinds.sort_by_key(|k| format!("{k:?}"));
            assert_eq!(kinds, printed_kinds);
        }
        assert!(moved, "{:?}: the deal moved nothing", e.scenario);
    }
}

#[test]
fn six_player_maps_round_trip_through_json() {
    for s in Scenario::ALL {
        let map = s.map(6).unwrap();
        let back = SeaMap::from_json(&serde_json::to_string(&map).unwrap()).unwrap();
        assert_eq!(back, map);
    }
}

#[test]
fn unmeetable_bans_deal_without_panicking() {
    // A pool whose bans no deal meets (every number banned on the only producing terrain)
    // falls back to dealing numbers hex by hex; the deal still ends and keeps its last try.
    // A pool with a number too many (refused when checked) deals without a panic.
    let ok = r#"{"name": "bans", "victory_points": 10, "hexes": [
        {"q": 0, "r": 0, "terrain": "forest", "number": 2, "pool": 0},
        {"q": 1, "r": 0, "terrain": "forest", "number": 12, "pool": 0},
        {"q": 2, "r": 0, "terrain": "sea"}],
        "number_bans": [{"terrain": "forest", "numbers": [2, 12]}]}"#;
    let map = SeaMap::from_json(ok).unwrap();
    for seed in 0..5 {
        let d = map.deal(Some(&mut Rng::new(seed))).unwrap();
        let mut n: Vec<u8> = d.board.hexes.iter().filter_map(|h| h.number).collect();
        n.sort();
        assert_eq!(n, [2, 12]);
    }
    let mut bad: SeaMap = serde_json::from_str(ok).unwrap();
    bad.hexes[1].terrain = Terrain::Desert;
    assert!(bad.validate().is_err());
    for seed in 0..5 {
        let d = bad.deal(Some(&mut Rng::new(seed))).unwrap();
        assert_eq!(d.board.hexes.iter().filter_map(|h| h.number).count(), 1);
    }
}
