//! The pictures and words of `catan_rules::render`: the SVG is well-formed and shows every
//! hex, token (with its pips, Base rules "Number Tokens"), harbour, the robber and the
//! pieces in seat colours; the terminal picture shows every token; event text honours the
//! output vocabulary (docs/rulings.md §22).

use catan_rules::board::{Board, BoardSpec, HarborSpec, HexSpec, Side};
use catan_rules::render::{
    board_ascii, board_svg, board_svg_with, describe_event, describe_event_on, dev_card_name, pips,
    resource_name, SvgOptions, PLAYER_COLOURS,
};
use catan_rules::{
    layouts, Action, DevCard, Event, Game, Harbor, MapKind, Player, Resource, Resources, Rng,
    Rules, Terrain, Vocabulary,
};
use std::sync::Arc;

// ---------------------------------------------------------------- a tiny XML checker

/// Checks that `s` is one well-formed XML element (with an optional prolog and comments):
/// tags nest and match, attributes are quoted and unique, text has no raw `<` and every
/// `&` starts a known entity. Returns the number of elements.
fn check_xml(s: &str) -> Result<usize, String> {
    let b = s.as_bytes();
    let mut i = 0;
    let mut stack: Vec<&str> = Vec::new();
    let mut elements = 0;
    let mut roots = 0;
    let check_text = |t: &str| -> Result<(), String> {
        let mut rest = t;
        while let Some(k) = rest.find('&') {
            rest = &rest[k..];
            let ok = ["&amp;", "&lt;", "&gt;", "&quot;", "&apos;"]
                .iter()
                .any(|e| rest.starts_with(e));
            if !ok {
                return Err(format!("bad entity near {:?}", &rest[..rest.len().min(12)]));
            }
            rest = &rest[1..];
        }
        Ok(())
    };
    while i < b.len() {
        if b[i] != b'<' {
            let end = s[i..].find('<').map_or(b.len(), |k| i + k);
            let text = &s[i..end];
            if stack.is_empty() && !text.trim().is_empty() {
                return Err(format!("text outside the root: {text:?}"));
            }
            check_text(text)?;
            i = end;
            continue;
        }
        if s[i..].starts_with("<?") {
            i += s[i..].find("?>").ok_or("unclosed <?")? + 2;
            continue;
        }
        if s[i..].starts_with("<!--") {
            i += s[i..].find("-->").ok_or("unclosed comment")? + 3;
            continue;
        }
        let end = i + s[i..].find('>').ok_or("unclosed tag")?;
        let tag = &s[i + 1..end];
        i = end + 1;
        if let Some(name) = tag.strip_prefix('/') {
            let open = stack.pop().ok_or(format!("stray </{name}>"))?;
            if open != name.trim() {
                return Err(format!("<{open}> closed by </{name}>"));
            }
            continue;
        }
        let (body, empty) = match tag.strip_suffix('/') {
            Some(t) => (t, true),
            None => (tag, false),
        };
        let name_end = body.find(|c: char| c.is_whitespace()).unwrap_or(body.len());
        let name = &body[..name_end];
        if name.is_empty()
            || !name
                .chars()
                .all(|c| c.is_alphanumeric() || "-_:".contains(c))
        {
            return Err(format!("bad tag name {name:?}"));
        }
        // Attributes: name="value" pairs, unique names.
        let mut rest = body[name_end..].trim_start();
        let mut seen: Vec<&str> = Vec::new();
        while !rest.is_empty() {
            let eq = rest
                .find('=')
                .ok_or(format!("attribute without value in <{name}>"))?;
            let an = rest[..eq].trim();
            if an.is_empty() || an.contains(char::is_whitespace) || seen.contains(&an) {
                return Err(format!("bad or repeated attribute {an:?} in <{name}>"));
            }
            seen.push(an);
            let v = rest[eq + 1..].trim_start();
            let q = v.chars().next().ok_or("missing attribute value")?;
            if q != '"' && q != '\'' {
                return Err(format!("unquoted attribute {an} in <{name}>"));
            }
            let close = v[1..].find(q).ok_or("unterminated attribute")? + 1;
            let value = &v[1..close];
            if value.contains('<') {
                return Err(format!("'<' in attribute {an}"));
            }
            check_text(value)?;
            rest = v[close + 1..].trim_start();
        }
        elements += 1;
        if stack.is_empty() {
            roots += 1;
        }
        if !empty {
            stack.push(name);
        }
    }
    if let Some(open) = stack.pop() {
        return Err(format!("<{open}> never closed"));
    }
    if roots != 1 {
        return Err(format!("{roots} root elements"));
    }
    Ok(elements)
}

#[test]
fn the_xml_checker_catches_mistakes() {
    assert_eq!(check_xml(r#"<a x="1"><b/><c>t &amp; u</c></a>"#), Ok(3));
    for bad in [
        "<a><b></a>",
        "<a>",
        "<a x=1/>",
        r#"<a x="1" x="2"/>"#,
        "<a>&</a>",
        "<a/><b/>",
        "</a>",
    ] {
        assert!(check_xml(bad).is_err(), "{bad} should be rejected");
    }
}

// ---------------------------------------------------------------- helpers

fn beginner_game() -> Game {
    Game::new(
        Rules {
            map: MapKind::Beginner,
            ..Rules::default()
        },
        7,
    )
    .unwrap()
}

/// Plays seeded random legal actions (no trade offers) until `stop` says so.
fn play_until(game: &mut Game, seed: u64, mut stop: impl FnMut(&Game) -> bool) -> Vec<Event> {
    let mut rng = Rng::new(seed);
    let mut legal: Vec<Action> = Vec::new();
    let mut events = Vec::new();
    while !stop(game) && game.winner().is_none() {
        game.legal_actions(&mut legal);
        legal.retain(|a| !a.is_trade_offer());
        let a = legal[rng.below(legal.len() as u32) as usize];
        events.extend(game.apply(a).unwrap());
    }
    events
}

/// The text of the `<g class="token" data-hex="{hex}" ...>` group.
fn token_group(svg: &str, hex: usize) -> Option<&str> {
    let start = svg.find(&format!(r#"<g class="token" data-hex="{hex}" "#))?;
    let len = svg[start..].find("</g>")?;
    Some(&svg[start..start + len])
}

// ---------------------------------------------------------------- SVG

#[test]
fn svg_is_well_formed_for_every_standard_map() {
    for map in [MapKind::Beginner, MapKind::Variable, MapKind::Random] {
        for seed in 0..5 {
            let game = Game::new(
                Rules {
                    map,
                    ..Rules::default()
                },
                seed,
            )
            .unwrap();
            for svg in [
                game.to_svg(),
                game.to_svg_with(&SvgOptions::with_ids()),
                board_svg(game.board()),
            ] {
                assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
                check_xml(&svg).unwrap_or_else(|e| panic!("{map:?} seed {seed}: {e}"));
            }
        }
    }
}

#[test]
fn svg_and_ascii_of_finished_games() {
    // Every table size, 5–6 on the extension's island.
    for seed in 0..10 {
        let players = 2 + (seed % 5) as u8;
        let mut game = Game::new(
            Rules {
                players,
                vocabulary: if seed % 2 == 0 {
                    Vocabulary::Zip
                } else {
                    Vocabulary::Standard
                },
                ..Rules::default()
            },
            seed,
        )
        .unwrap();
        play_until(&mut game, seed, |_| false);
        let svg = game.to_svg();
        check_xml(&svg).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        let (mut settlements, mut cities, mut roads) = (0, 0, 0);
        for p in 0..players {
            let (r, s, c) = game.pieces_on_board(Player(p));
            roads += r as usize;
            settlements += s as usize;
            cities += c as usize;
        }
        assert_eq!(
            svg.matches(r#"<polygon class="settlement""#).count(),
            settlements
        );
        assert_eq!(svg.matches(r#"<polygon class="city""#).count(), cities);
        assert_eq!(svg.matches(r#"<g class="road""#).count(), roads);
        let ascii = map_part(&game.to_ascii());
        assert_eq!(ascii.matches('C').count(), cities, "seed {seed}\n{ascii}");
        let s_marks = (0..players)
            .map(|p| ascii.matches(&format!("s{p}")).count())
            .sum::<usize>();
        assert_eq!(s_marks, settlements, "seed {seed}\n{ascii}");
    }
}

#[test]
fn svg_has_one_polygon_per_hex_coloured_by_terrain() {
    let game = beginner_game();
    let board = game.board();
    let svg = game.to_svg();
    assert_eq!(
        svg.matches(r#"<polygon class="hex""#).count(),
        board.hexes().len()
    );
    assert_eq!(board.hexes().len(), 37, "19 land and 18 sea hexes");
    for (i, h) in board.hexes().iter().enumerate() {
        let tag = format!(
            r#"<polygon class="hex" data-hex="{i}" data-terrain="{}""#,
            h.terrain
        );
        let at = svg
            .find(&tag)
            .unwrap_or_else(|| panic!("no polygon for hex {i}"));
        let rest = &svg[at..at + svg[at..].find("/>").unwrap()];
        let fill = catan_rules::render::terrain_fill(h.terrain);
        assert!(
            rest.contains(&format!(r#"fill="{fill}""#)),
            "hex {i}: {rest}"
        );
    }
    assert_eq!(svg.matches(r#"data-terrain="sea""#).count(), 18);
}

#[test]
fn every_numbered_hex_has_a_token_with_its_pips() {
    // Base rules "Number Tokens": the dots count the ways to roll the number.
    assert_eq!(pips(2), 1);
    assert_eq!(pips(12), 1);
    assert_eq!(pips(6), 5);
    assert_eq!(pips(8), 5);
    assert_eq!(pips(3), 2);
    assert_eq!(pips(11), 2);
    for map in [MapKind::Beginner, MapKind::Random] {
        let game = Game::new(
            Rules {
                map,
                ..Rules::default()
            },
            3,
        )
        .unwrap();
        let svg = game.to_svg();
        let mut tokens = 0;
        for (i, h) in game.board().hexes().iter().enumerate() {
            match h.number {
                Some(n) => {
                    tokens += 1;
                    let g = token_group(&svg, i).unwrap_or_else(|| panic!("no token on hex {i}"));
                    assert!(g.contains(&format!(r#"data-number="{n}""#)));
                    assert!(g.contains(&format!(">{n}</text>")));
                    let dots = g.matches(r#"class="pip""#).count();
                    let ways = (1..=6)
                        .flat_map(|a| (1..=6).map(move |b| a + b))
                        .filter(|&s| s == n)
                        .count();
                    assert_eq!(dots, ways, "hex {i} number {n}");
                    let red = n == 6 || n == 8;
                    assert_eq!(
                        g.contains("#c0161b"),
                        red,
                        "6 and 8 in red, others not: {n}"
                    );
                }
                None => assert!(token_group(&svg, i).is_none(), "hex {i} has no number"),
            }
        }
        assert_eq!(tokens, 18);
        assert_eq!(svg.matches(r#"<g class="token""#).count(), 18);
    }
}

#[test]
fn svg_shows_the_robber_where_it_is() {
    let mut game = beginner_game();
    let desert = game.board().robber_start().unwrap();
    assert_eq!(game.board().hex(desert).terrain, Terrain::Desert);
    let svg = game.to_svg();
    assert_eq!(svg.matches(r#"class="robber""#).count(), 1);
    assert!(svg.contains(&format!(r#"<g class="robber" data-hex="{}">"#, desert.0)));
    // Play until the robber has moved, and look again.
    play_until(&mut game, 11, |g| g.robber() != Some(desert));
    let now = game.robber().unwrap();
    assert_ne!(now, desert);
    let svg = game.to_svg();
    assert!(svg.contains(&format!(r#"<g class="robber" data-hex="{}">"#, now.0)));
    assert_eq!(svg.matches(r#"class="robber""#).count(), 1);
}

#[test]
fn svg_draws_harbours_with_their_labels_and_piers() {
    let game = beginner_game();
    let svg = game.to_svg();
    assert_eq!(svg.matches(r#"<g class="harbor""#).count(), 9);
    assert_eq!(svg.matches(r#"class="pier""#).count(), 18);
    assert_eq!(svg.matches(">3:1</text>").count(), 4);
    assert_eq!(svg.matches(">2:1</text>").count(), 5);
    for name in ["grain", "ore", "wool", "brick", "lumber"] {
        assert!(svg.contains(&format!(">{name}</text>")), "{name}");
    }
    // Each pier ends at a node that has that harbour.
    let board = game.board();
    for part in svg.split(r#"class="pier" data-node=""#).skip(1) {
        let n: usize = part[..part.find('"').unwrap()].parse().unwrap();
        assert!(board.nodes()[n].harbor.is_some(), "node {n}");
    }
    // Zip names on a Zip game.
    let zip = Game::new(
        Rules {
            map: MapKind::Beginner,
            vocabulary: Vocabulary::Zip,
            ..Rules::default()
        },
        7,
    )
    .unwrap()
    .to_svg();
    assert!(zip.contains(">wheat</text>") && zip.contains(">wood</text>"));
    assert!(!zip.contains(">grain</text>") && !zip.contains(">lumber</text>"));
}

#[test]
fn svg_draws_pieces_in_player_colours() {
    let mut game = Game::new(Rules::default(), 5).unwrap();
    assert_eq!(game.to_svg().matches(r#"class="settlement""#).count(), 0);
    play_until(&mut game, 2, |g| g.turn() > 0);
    let svg = game.to_svg();
    let board = game.board().clone();
    let mut buildings = 0;
    for n in 0..board.nodes().len() {
        if let Some((p, city)) = game.building(catan_rules::NodeId(n as u8)) {
            buildings += 1;
            let kind = if city { "city" } else { "settlement" };
            let tag = format!(
                r#"<polygon class="{kind}" data-node="{n}" data-player="{}""#,
                p.0
            );
            let at = svg
                .find(&tag)
                .unwrap_or_else(|| panic!("no {kind} at node {n}"));
            let el = &svg[at..at + svg[at..].find("/>").unwrap()];
            assert!(el.contains(&format!(r#"fill="{}""#, PLAYER_COLOURS[p.index()].1)));
            assert!(el.contains(r##"stroke="#1a1a1a""##), "dark outline: {el}");
        }
    }
    assert_eq!(buildings, 8, "two set-up settlements each");
    let mut roads = 0;
    for e in 0..board.edges().len() {
        if let Some(p) = game.road(catan_rules::EdgeId(e as u16)) {
            roads += 1;
            let tag = format!(r#"<g class="road" data-edge="{e}" data-player="{}">"#, p.0);
            let at = svg
                .find(&tag)
                .unwrap_or_else(|| panic!("no road at edge {e}"));
            let el = &svg[at..at + svg[at..].find("</g>").unwrap()];
            assert!(el.contains(PLAYER_COLOURS[p.index()].1));
        }
    }
    assert_eq!(roads, 8);
    assert_eq!(svg.matches(r#"<g class="road""#).count(), 8);
    assert_eq!(PLAYER_COLOURS[2], ("white", "#ffffff"));

    // Play on until someone has a city.
    play_until(&mut game, 3, |g| {
        (0..4).any(|p| g.pieces_on_board(Player(p)).2 > 0)
    });
    let svg = game.to_svg();
    assert!(svg.contains(r#"<polygon class="city""#));
    check_xml(&svg).unwrap();
}

#[test]
fn svg_works_on_an_odd_map_and_is_deterministic() {
    // A thin island, no sea hexes, a harbour and a gold field; the robber off the board.
    let spec = BoardSpec {
        hexes: vec![
            HexSpec {
                q: 0,
                r: 0,
                terrain: Terrain::Forest,
                number: Some(8),
            },
            HexSpec {
                q: 1,
                r: 0,
                terrain: Terrain::Gold,
                number: Some(2),
            },
            HexSpec {
                q: 2,
                r: -1,
                terrain: Terrain::Mountains,
                number: Some(12),
            },
            HexSpec {
                q: -5,
                r: 4,
                terrain: Terrain::Fields,
                number: Some(5),
            },
        ],
        harbors: vec![HarborSpec {
            q: 0,
            r: 0,
            side: Side::W,
            kind: Harbor::Ore,
        }],
        robber: None,
        ..Default::default()
    };
    let board = Board::new(spec).unwrap();
    let svg = board_svg(&board);
    check_xml(&svg).unwrap();
    assert_eq!(svg.matches(r#"<polygon class="hex""#).count(), 4);
    assert!(!svg.contains("robber"));
    assert_eq!(svg, board_svg(&board), "deterministic");
    let with_ids = board_svg_with(&board, &SvgOptions::with_ids());
    check_xml(&with_ids).unwrap();
    for n in 0..board.nodes().len() {
        assert!(with_ids.contains(&format!(">{n}</text>")));
    }
    assert!(with_ids.contains(">h3</text>"));
    let ascii = board_ascii(&board);
    for t in [
        "(8)", "(2)", "(12)", "(5)", "FOR", "GLD", "MTN", "FLD", "2:1", "ore",
    ] {
        assert!(ascii.contains(t), "{t} in\n{ascii}");
    }
    // The game on it draws the same way twice (two players: four could block its
    // set-up, and such a game is refused).
    let rules = Rules {
        players: 2,
        ..Rules::default()
    };
    let game = Game::with_board(rules, Arc::new(board), 1).unwrap();
    assert_eq!(game.to_svg(), game.to_svg());
}

#[test]
fn svg_of_a_big_map() {
    // A radius-5 hexagon of land inside a sea ring: 91 land hexes and 36 sea hexes.
    let mut hexes = Vec::new();
    let terrains = [
        Terrain::Hills,
        Terrain::Forest,
        Terrain::Pasture,
        Terrain::Fields,
        Terrain::Mountains,
    ];
    let numbers = [2, 3, 4, 5, 6, 8, 9, 10, 11, 12];
    let mut k = 0;
    for r in -6i8..=6 {
        for q in -6i8..=6 {
            let d = (q.abs() + r.abs() + (q + r).abs()) / 2;
            if d > 6 {
                continue;
            }
            let (terrain, number) = if d == 6 {
                (Terrain::Sea, None)
            } else {
                k += 1;
                (terrains[k % 5], Some(numbers[k % 10]))
            };
            hexes.push(HexSpec {
                q,
                r,
                terrain,
                number,
            });
        }
    }
    let board = Board::new(BoardSpec {
        hexes,
        harbors: vec![],
        robber: None,
        ..Default::default()
    })
    .unwrap();
    let svg = board_svg(&board);
    check_xml(&svg).unwrap();
    assert_eq!(svg.matches(r#"<polygon class="hex""#).count(), 127);
    assert_eq!(svg.matches(r#"<g class="token""#).count(), 91);
    let ascii = board_ascii(&board);
    assert_eq!(ascii.matches("(12)").count(), 9);
}

// ---------------------------------------------------------------- ASCII

/// The picture without its legend lines.
fn map_part(s: &str) -> String {
    s.lines()
        .filter(|l| !l.starts_with("R robber") && !l.starts_with("harbour "))
        .collect::<Vec<_>>()
        .join("\n")
}

/// Every `(n)` token written in a terminal picture, sorted.
fn ascii_tokens(s: &str) -> Vec<u8> {
    let mut out: Vec<u8> = s
        .split('(')
        .skip(1)
        .filter_map(|part| part.split(')').next()?.parse().ok())
        .collect();
    out.sort_unstable();
    out
}

#[test]
fn ascii_shows_every_token_of_the_beginner_board() {
    let game = beginner_game();
    let ascii = game.to_ascii();
    let mut want: Vec<u8> = game
        .board()
        .hexes()
        .iter()
        .filter_map(|h| h.number)
        .collect();
    want.sort_unstable();
    assert_eq!(want.len(), 18);
    assert_eq!(ascii_tokens(&ascii), want, "\n{ascii}");
    // Terrains, the robber on the desert, the printed pieces of four seats.
    for t in ["HIL", "FOR", "PAS", "FLD", "MTN", "DES R", "3:1", "2:1"] {
        assert!(ascii.contains(t), "{t}");
    }
    for p in 0..4 {
        assert_eq!(ascii.matches(&format!("s{p}")).count(), 2, "seat {p}");
    }
    assert!(!map_part(&ascii).contains('C'), "no city yet");
    // Readable in 80 columns.
    assert!(ascii.lines().all(|l| l.len() <= 100), "\n{ascii}");
    assert!(ascii
        .lines()
        .take_while(|l| !l.starts_with('R'))
        .all(|l| l.len() <= 80));
    // The board alone has no pieces.
    let bare = board_ascii(game.board());
    assert!(!bare.contains("s0"));
    assert_eq!(ascii_tokens(&bare), want);
}

#[test]
fn ascii_shows_cities_and_roads() {
    let mut game = beginner_game();
    play_until(&mut game, 9, |g| {
        (0..4).any(|p| g.pieces_on_board(Player(p)).2 > 0)
    });
    let ascii = game.to_ascii();
    let cities: u8 = (0..4).map(|p| game.pieces_on_board(Player(p)).2).sum();
    assert!(cities > 0);
    assert_eq!(
        map_part(&ascii).matches('C').count(),
        cities as usize,
        "\n{ascii}"
    );
}

// ---------------------------------------------------------------- words

#[test]
fn names_follow_the_vocabulary() {
    // docs/rulings.md §22 (Zip! rules): Zip! says wheat, wood, Invention, Longest Route.
    assert_eq!(resource_name(Resource::Grain, Vocabulary::Zip), "wheat");
    assert_eq!(resource_name(Resource::Lumber, Vocabulary::Zip), "wood");
    assert_eq!(
        resource_name(Resource::Grain, Vocabulary::Standard),
        "grain"
    );
    assert_eq!(
        resource_name(Resource::Lumber, Vocabulary::Standard),
        "lumber"
    );
    assert_eq!(resource_name(Resource::Ore, Vocabulary::Zip), "ore");
    assert_eq!(
        dev_card_name(DevCard::YearOfPlenty, Vocabulary::Zip),
        "Invention"
    );
    assert_eq!(
        dev_card_name(DevCard::YearOfPlenty, Vocabulary::Standard),
        "Year of Plenty"
    );

    let e = Event::ResourcesProduced {
        player: Player(1),
        resources: Resources::new(0, 1, 0, 2, 0),
    };
    assert_eq!(
        describe_event(&e, Vocabulary::Zip),
        "player 1 received 1 wood, 2 wheat"
    );
    assert_eq!(
        describe_event(&e, Vocabulary::Standard),
        "player 1 received 1 lumber, 2 grain"
    );
    let e = Event::LongestRoadChanged {
        from: None,
        to: Some(Player(0)),
        length: 5,
    };
    assert_eq!(
        describe_event(&e, Vocabulary::Zip),
        "player 0 takes Longest Route (5 long)"
    );
    assert_eq!(
        describe_event(&e, Vocabulary::Standard),
        "player 0 takes Longest Road (5 long)"
    );
    let e = Event::DevelopmentCardPlayed {
        player: Player(2),
        card: DevCard::YearOfPlenty,
    };
    assert_eq!(
        describe_event(&e, Vocabulary::Zip),
        "player 2 played Invention"
    );
    let board = Board::new(layouts::beginner()).unwrap();
    let desert = board.robber_start().unwrap();
    let e = Event::RobberMoved {
        player: Player(1),
        hex: desert,
    };
    assert_eq!(
        describe_event_on(&e, &board, Vocabulary::Zip),
        format!("player 1 moved the robber to hex {} (desert)", desert.0)
    );
    // The beginners' top-left hex is mountains with a 10 (Base rules beginners' map).
    let top_left = board
        .hex_at(catan_rules::board::HexCoord::new(0, -2))
        .unwrap();
    let e = Event::RobberBlocked { hex: top_left };
    assert_eq!(
        describe_event_on(&e, &board, Vocabulary::Standard),
        format!(
            "the robber blocks production on hex {} (mountains, 10)",
            top_left.0
        )
    );
    let e = Event::Stole {
        thief: Player(0),
        victim: Player(3),
        resource: None,
    };
    assert_eq!(
        describe_event(&e, Vocabulary::Zip),
        "player 0 stole a card from player 3"
    );
}

#[test]
fn a_whole_zip_game_reads_in_zip_words() {
    let rules = Rules {
        map: MapKind::Beginner,
        vocabulary: Vocabulary::Zip,
        ..Rules::default()
    };
    let mut all = String::new();
    let mut standard = String::new();
    for seed in 0..6 {
        let mut game = Game::new(rules, seed).unwrap();
        for e in play_until(&mut game, seed + 100, |_| false) {
            all.push_str(&game.describe_event(&e));
            all.push('\n');
            standard.push_str(&describe_event(&e, Vocabulary::Standard));
            standard.push('\n');
        }
        all.push_str(&game.to_ascii());
    }
    assert!(all.contains("wheat"));
    assert!(all.contains("wood"));
    for word in ["grain", "lumber", "Year of Plenty", "Longest Road"] {
        assert!(!all.contains(word), "{word} in Zip output");
    }
    assert!(standard.contains("grain") && standard.contains("lumber"));
    assert!(!standard.contains("wheat") && !standard.contains("wood"));
    if all.contains("Longest Route") {
        assert!(standard.contains("Longest Road"));
    }
}

#[test]
fn every_event_kind_has_words() {
    let p = Player(0);
    let q = Player(1);
    let r = Resources::new(1, 0, 0, 0, 0);
    let events = [
        Event::DiceRolled {
            player: p,
            dice: [3, 4],
            total: 7,
        },
        Event::Shortage {
            resource: Resource::Ore,
            claimants: 2,
            paid: None,
        },
        Event::Shortage {
            resource: Resource::Ore,
            claimants: 1,
            paid: Some(q),
        },
        Event::RobberBlocked {
            hex: catan_rules::HexId(4),
        },
        Event::StartingResources {
            player: p,
            resources: r,
        },
        Event::DiscardsRequired {
            amounts: [0, 4, 0, 5, 0, 0],
        },
        Event::Discarded {
            player: q,
            resources: r,
        },
        Event::RobberMoved {
            player: p,
            hex: catan_rules::HexId(4),
        },
        Event::Stole {
            thief: p,
            victim: q,
            resource: Some(Resource::Wool),
        },
        Event::SettlementBuilt {
            player: p,
            node: catan_rules::NodeId(3),
        },
        Event::CityBuilt {
            player: p,
            node: catan_rules::NodeId(3),
        },
        Event::RoadBuilt {
            player: p,
            edge: catan_rules::EdgeId(3),
        },
        Event::DevelopmentCardBought {
            player: p,
            card: Some(DevCard::Knight),
        },
        Event::DevelopmentCardBought {
            player: p,
            card: None,
        },
        Event::YearOfPlentyTaken {
            player: p,
            resources: r,
        },
        Event::MonopolyTaken {
            player: p,
            resource: Resource::Brick,
            taken: [0, 2, 1, 0, 0, 0],
        },
        Event::MonopolyTaken {
            player: p,
            resource: Resource::Brick,
            taken: [0; 6],
        },
        Event::MaritimeTraded {
            player: p,
            give: Resource::Ore,
            get: Resource::Brick,
            rate: 3,
        },
        Event::TradeOffered {
            player: p,
            to: None,
            give: r,
            get: Resources::one(Resource::Ore),
        },
        Event::TradeOffered {
            player: p,
            to: Some(q),
            give: r,
            get: Resources::EMPTY,
        },
        Event::TradeAccepted { player: q },
        Event::TradeRejected { player: q },
        Event::TradeCountered {
            player: q,
            give: r,
            get: r,
        },
        Event::TradeClosed { player: p },
        Event::Traded {
            player: p,
            partner: q,
            gave: r,
            got: r,
        },
        Event::LongestRoadChanged {
            from: Some(p),
            to: None,
            length: 0,
        },
        Event::LongestRoadChanged {
            from: Some(p),
            to: Some(q),
            length: 7,
        },
        Event::LargestArmyChanged {
            from: None,
            to: q,
            knights: 3,
        },
        Event::LargestArmyChanged {
            from: Some(q),
            to: p,
            knights: 4,
        },
        Event::TurnEnded { player: p },
        Event::TurnStarted { player: q, turn: 2 },
        Event::SetupFinished,
        Event::GameWon {
            player: q,
            points: 10,
        },
        Event::SpecialBuildStarted { player: q },
        Event::SpecialBuildPassed { player: p },
        Event::SpecialBuildEnded { player: q },
    ];
    let mut seen = std::collections::BTreeSet::new();
    for e in events {
        let s = describe_event(&e, Vocabulary::Standard);
        assert!(!s.is_empty() && !s.contains('{'), "{s}");
        assert!(seen.insert(s.clone()), "two events read the same: {s}");
    }
    assert_eq!(
        describe_event(&events[0], Vocabulary::Standard),
        "player 0 rolled 3 + 4 = 7"
    );
    assert_eq!(
        describe_event(&events[17], Vocabulary::Standard),
        "player 0 traded 3 ore for 1 brick with the bank (3:1)"
    );
    assert_eq!(
        describe_event(&events[15], Vocabulary::Standard),
        "player 0 took 3 brick (2 from player 1, 1 from player 2)"
    );
    assert_eq!(
        describe_event(&events[events.len() - 3], Vocabulary::Standard),
        "special build phase after player 1's turn"
    );
    let _ = layouts::beginner();
}

/// The seat legend and score panel: one box per seat with its colour, name and public
/// counts (never a hidden victory point card), the seat to act marked, the picture wider
/// by the panel; off by default.
#[test]
fn svg_legend_shows_every_seat_and_public_scores_only() {
    let mut game = beginner_game();
    play_until(&mut game, 4, |g| g.turn() >= 40);
    let plain = game.to_svg();
    assert!(!plain.contains(r#"class="legend""#));
    let svg = game.to_svg_with(&SvgOptions {
        legend: true,
        ..SvgOptions::default()
    });
    check_xml(&svg).unwrap();
    assert_eq!(svg.matches(r#"<g class="seat""#).count(), 4);
    let view = game.view(None);
    for (i, p) in view.players.iter().enumerate() {
        let (name, fill) = PLAYER_COLOURS[i];
        let start = svg
            .find(&format!(r#"<g class="seat" data-player="{i}">"#))
            .unwrap();
        let seat = &svg[start..start + svg[start..].find("</g>").unwrap()];
        assert!(seat.contains(&format!("Seat {i} ({name})")), "{seat}");
        assert!(seat.contains(&format!(r#"fill="{fill}""#)));
        assert!(
            seat.contains(&format!(": {} points<", p.public_points)),
            "{seat}"
        );
        assert!(seat.contains(&format!("{} cards,", p.resource_cards)));
        // The marker of the seat to act.
        let acting = game.to_act().contains(Player(i as u8));
        assert_eq!(seat.contains('\u{25c0}'), acting, "{seat}");
    }
    let width = |s: &str| -> f64 {
        let w = s.split(r#"width=""#).nth(1).unwrap();
        w[..w.find('"').unwrap()].parse().unwrap()
    };
    assert!(width(&svg) > width(&plain) + 200.0);
    // A board alone has no seats: no panel.
    let board = board_svg_with(
        game.board(),
        &SvgOptions {
            legend: true,
            ..SvgOptions::default()
        },
    );
    assert!(!board.contains(r#"class="legend""#));
}
