"""Seafarers scenarios from Python: the ``scenario`` keyword (Seafarers rules, 'Heading for
New Shores', 'The Four Islands', 'The Fog Islands', 'Through the Desert'; docs/rulings.md
§41)."""

from __future__ import annotations

import json
import random

import pytest

import catan_rules
from catan_rules import Game


@pytest.mark.parametrize(
    ("scenario", "target"),
    [("new_shores", 14), ("four_islands", 13), ("fog_islands", 12), ("through_the_desert", 14)],
)
def test_a_scenario_is_a_keyword_and_brings_its_target(scenario: str, target: int) -> None:
    game = Game(players=3, scenario=scenario, seed=2)
    assert game.rules["scenario"] == scenario
    assert game.rules["vp_target"] == target
    # A target given is kept.
    assert Game(players=4, scenario=scenario, vp_target=15, seed=2).rules["vp_target"] == 15


def test_a_new_shores_game_plays_with_its_special_points() -> None:
    game = Game(players=4, scenario="new_shores", map="random", seed=5)
    rng = random.Random(5)
    steps = 0
    while game.winner is None and steps < 4000:
        game.apply(rng.choice(list(game.legal_actions)))
        steps += 1
    view = game.view(0)
    for p in view["players"]:
        # Special points are public and part of the public points.
        assert p.get("special_victory_points", 0) <= p["public_points"]
        assert p.get("special_victory_points", 0) % 2 == 0
    if game.winner is not None:
        assert game.scores[game.winner] >= 14


def test_scenarios_are_for_three_to_six_players() -> None:
    # 5 and 6 players take the scenario's 6-player map (docs/rulings.md §42); 2 have none.
    with pytest.raises(catan_rules.RulesError):
        Game(players=2, scenario="four_islands", seed=1)
    assert Game(players=5, scenario="four_islands", seed=1).rules["players"] == 5


def test_the_older_new_shores_plays_to_thirteen() -> None:
    game = Game(players=3, scenario="new_shores", older_edition=True, seed=1)
    assert game.rules["vp_target"] == 13
    with pytest.raises(catan_rules.RulesError):
        Game(players=3, scenario="fog_islands", older_edition=True, seed=1)


def test_fog_islands_hide_the_stacks_from_views() -> None:
    game = Game(players=3, scenario="fog_islands", seed=3)
    view = game.view(0)
    assert len(view["unexplored"]) == 12
    assert view["fog_stacks_left"] == [12, 10]
    assert '"fog"' in game.to_json()
    assert '"numbers"' not in json.dumps(view)


ISLANDS = {
    "name": "three islands",
    "victory_points": 9,
    "hexes": [
        {"q": 0, "r": 0, "terrain": "forest", "number": 8, "area": 0, "pool": 0},
        {"q": 1, "r": 0, "terrain": "hills", "number": 5, "area": 0, "pool": 0},
        {"q": 0, "r": 1, "terrain": "pasture", "number": 4, "area": 0, "pool": 0},
        {"q": 2, "r": 0, "terrain": "sea"},
        {"q": 3, "r": 0, "terrain": "gold", "number": 6, "area": 1},
        {"q": 1, "r": 1, "terrain": "sea"},
        {"q": 2, "r": 1, "terrain": "fields", "number": 9, "area": 2},
        {"q": 3, "r": 1, "terrain": "mountains", "number": 10, "area": 2},
    ],
    "areas": [
        {"name": "home", "start": True},
        {"name": "gold isle", "special_vp": 2},
        {"name": "east", "special_vp": 2},
    ],
    "pirate": {"q": 2, "r": 0},
}


def test_a_sea_map_of_ones_own_plays_from_python() -> None:
    # Game.from_sea_map is Game::with_sea_map (docs/rulings.md §41): a dict or its JSON give
    # the same game, the map's target applies, its areas come with the board.
    game = Game.from_sea_map(ISLANDS, players=2, map="random", seed=4)
    assert game == Game.from_sea_map(json.dumps(ISLANDS), players=2, map="random", seed=4)
    assert game.rules["vp_target"] == 9
    board = game.board.to_dict()
    assert [a["name"] for a in board["areas"]] == ["home", "gold isle", "east"]
    assert [a["special_vp"] for a in board["areas"]] == [0, 2, 2]
    assert "source" not in board  # a map of one's own names none
    rng = random.Random(4)
    for _ in range(200):
        if game.winner is not None:
            break
        game.apply(rng.choice(list(game.legal_actions)))
    assert Game.from_json(game.to_json()) == game


def test_a_bad_sea_map_names_every_problem() -> None:
    bad = dict(ISLANDS, victory_points=40)
    bad["areas"] = [dict(a, special_vp=200) for a in ISLANDS["areas"]]  # type: ignore[attr-defined]
    with pytest.raises(catan_rules.RulesError) as info:
        Game.from_sea_map(bad, players=2, seed=1)
    assert info.value.kind == "map"
    kinds = [e["type"] for e in info.value.detail["errors"]]
    assert "bad_target" in kinds and "board" in kinds
    with pytest.raises(catan_rules.RulesError) as info:
        Game.from_sea_map("{", players=2, seed=1)
    assert info.value.kind == "map"
    with pytest.raises(catan_rules.RulesError):
        Game.from_sea_map(ISLANDS, players=3, scenario="new_shores", seed=1)


def test_jsettlers_ids_and_pieces_left_from_python() -> None:
    # HexCoord::from_jsettlers / to_jsettlers: 0x0B07 is the New Shores 4-player desert at
    # (1, 5); an even row names no hex. Ships: 15 each on a Seafarers map (Seafarers rules,
    # 'Ships'), none on the base game's.
    assert catan_rules.hex_from_jsettlers(0x0B07) == (1, 5)
    assert catan_rules.hex_to_jsettlers(1, 5) == 0x0B07
    with pytest.raises(ValueError):
        catan_rules.hex_from_jsettlers(0x0A07)
    with pytest.raises(ValueError):
        catan_rules.hex_to_jsettlers(0, -1)
    for game, ships in [(Game(players=3, scenario="new_shores", seed=3), 15), (Game(seed=3), 0)]:
        rng = random.Random(3)
        for _ in range(150):
            game.apply(rng.choice(list(game.legal_actions)))
        state = json.loads(game.to_json())
        for seat, p in enumerate(state["players"]):
            left = game.pieces_left(seat)
            assert left["ships"] == ships - len(p.get("ships", []))
            assert left["roads"] == 15 - len(p.get("roads", []))
            assert set(left) == {"roads", "settlements", "cities", "ships"}
        with pytest.raises(catan_rules.NoSuchPlayerError):
            game.pieces_left(7)


def test_the_board_dict_has_areas_fog_source_and_jsettlers_ids() -> None:
    # docs/rulings.md §42: the 5–6 player maps are JSettlers2's, of lower confidence; the
    # printed 3–4 player maps high. The Fog Islands' board lists its unexplored spaces.
    fog = Game(players=4, scenario="fog_islands", seed=2).board.to_dict()
    assert fog["source"]["confidence"] == "high"
    assert len(fog["fog"]) == 12
    assert all(fog["hexes"][h]["terrain"] == "sea" for h in fog["fog"])
    assert len(fog["areas"]) == 2 and all(a["start"] for a in fog["areas"])
    for h in fog["hexes"]:
        assert catan_rules.hex_from_jsettlers(h["jsettlers"]) == (h["q"], h["r"])
    six = Game(players=6, scenario="fog_islands", seed=2).board.to_dict()
    assert six["source"]["confidence"] == "lower"
    assert "JSettlers2" in six["source"]["name"]
    base = Game(seed=2).board.to_dict()
    for key in ["areas", "fog", "source"]:
        assert key not in base
