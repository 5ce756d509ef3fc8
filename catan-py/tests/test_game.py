"""The Game API: construction, queries, the live legal-action view, apply, repr."""

from __future__ import annotations

import json
import random

import pytest

import catan_rules
from catan_rules import Action, Board, Event, Game, LegalActions

from conftest import play, play_until


def test_quick_start_from_the_readme_terminates() -> None:
    # Exactly the README's Python quick start (random play, domestic offers included).
    game = catan_rules.Game(players=4, map="beginner", seed=7)  # Rules options as keywords
    while game.winner is None:
        game.apply(random.choice(list(game.legal_actions)))
    print(game.winner, game.scores)
    assert game.scores[game.winner] >= 10
    assert game.phase == "game_over"
    assert game.to_act == []
    assert len(game.legal_actions) == 0


def test_defaults_and_rules_keywords() -> None:
    g = Game()
    assert g.rules["players"] == 4 and g.rules["map"] == "beginner"
    # The default seed comes from the operating system: default games differ.
    assert g.seed is not None and Game().seed != g.seed
    g = Game(players=3, map="random", seed=11, vp_target=8, strict_phases=True)
    assert g.rules["players"] == 3
    assert g.rules["vp_target"] == 8
    assert g.rules["strict_phases"] is True
    assert g.rules["map"] == "random"
    assert len(g.scores) == 3


def test_from_rules_json() -> None:
    g = Game.from_rules_json('{"players": 3, "map": "variable"}', seed=3)
    assert g.rules["players"] == 3 and g.rules["map"] == "variable" and g.seed == 3
    assert Game.from_rules_json("{}").rules["map"] == "random"


def test_same_seed_same_game() -> None:
    a = play(Game(map="random", seed=5), 300, seed=1)
    b = play(Game(map="random", seed=5), 300, seed=1)
    assert a == b
    assert a.board == b.board
    assert Game(map="random", seed=5).board != Game(map="random", seed=6).board


def test_queries(game: Game) -> None:
    assert game.phase == "roll"
    assert game.decision == {"type": "roll", "player": 0}
    assert game.to_act == [0]
    assert game.current_player == 0
    assert game.turn == 1
    assert game.winner is None
    assert game.scores == [2, 2, 2, 2]
    assert [game.points(p) for p in range(4)] == game.scores
    hand = game.hand(0)
    assert set(hand) == {"brick", "lumber", "wool", "grain", "ore"}
    assert all(isinstance(v, int) for v in hand.values())
    assert game.dice is None
    assert isinstance(game.robber, int)
    assert sum(game.bank.values()) + sum(sum(game.hand(p).values()) for p in range(4)) == 95
    with pytest.raises(ValueError):
        game.hand(4)
    with pytest.raises(ValueError):
        game.points(-1)
    game.apply(Action("roll", player=0))
    assert game.dice is not None and 2 <= sum(game.dice) <= 12


def test_decision_lists_seats() -> None:
    g = play_until(Game(seed=3), lambda g: g.phase == "discard", seed=2)
    d = g.decision
    assert d["type"] == "discard"
    assert d["players"] == g.to_act
    assert len(d["amounts"]) == 4
    assert all(d["amounts"][p] > 0 for p in d["players"])


def test_legal_actions_is_a_live_view(game: Game) -> None:
    view = game.legal_actions
    assert isinstance(view, LegalActions)
    assert len(view) == 1
    assert view[0] == Action("roll", player=0)
    assert view[-1] == view[0]
    assert view[:] == list(view) and view[1:] == []
    assert list(view) == [Action("roll", player=0)]
    assert view.to_list() == list(view)
    assert Action("roll", player=0) in view
    assert {"type": "roll", "player": 0} in view
    assert Action("end_turn", player=0) not in view
    assert "not an action" not in view  # a malformed JSON string is not legal either...
    assert 42 not in view  # ...and neither is any other object
    with pytest.raises(IndexError):
        view[1]
    game.apply(view[0])
    # The same view object now shows the new state.
    assert Action("roll", player=0) not in view
    assert Action("end_turn", player=0) in view
    assert all(game.is_legal(a) for a in view)
    assert "LegalActions" in repr(view)


def test_in_checks_legality_beyond_the_listed_offers() -> None:
    g = play_until(
        Game(seed=7),
        lambda g: g.phase == "main" and sum(g.hand(g.current_player).values()) >= 2,
    )
    p = g.current_player
    hand = g.hand(p)
    give = {r: 0 for r in hand}
    have = [r for r, n in hand.items() if n > 0]
    give[have[0]] = 1
    want = {r: 0 for r in hand}
    want[next(r for r in hand if r != have[0])] = 3
    offer = Action("offer_trade", player=p, to=(p + 1) % 4, give=give, get=want)
    assert offer not in list(g.legal_actions)  # outside the listed family...
    assert offer in g.legal_actions  # ...but legal, and applicable
    [event] = g.apply(offer)
    assert event.type == "trade_offered" and event.to == (p + 1) % 4


def test_apply_accepts_actions_dicts_and_json(game: Game) -> None:
    a = game.copy()
    b = game.copy()
    c = game.copy()
    ea = a.apply(Action("roll", player=0))
    eb = b.apply({"type": "roll", "player": 0})
    ec = c.apply('{"type": "roll", "player": 0}')
    assert ea == eb == ec
    assert all(isinstance(e, Event) for e in ea)
    assert ea[0].type == "dice_rolled"
    assert a == b == c
    with pytest.raises(TypeError):
        game.apply(17)  # type: ignore[arg-type]


def test_is_legal_agrees_with_apply() -> None:
    g = play(Game(seed=9, map="random"), 120, seed=4)
    p = g.current_player
    candidates = [Action("end_turn", player=q) for q in range(4)]
    candidates += [Action("build_road", player=p, edge=e) for e in range(72)]
    candidates += [Action("build_settlement", player=p, node=n) for n in range(54)]
    for a in candidates:
        h = g.copy()
        try:
            h.apply(a)
            applied = True
        except catan_rules.IllegalActionError:
            applied = False
        assert g.is_legal(a) == applied, a


def test_board(game: Game) -> None:
    board = game.board
    assert isinstance(board, Board)
    hexes, nodes, edges = board.hexes, board.nodes, board.edges
    assert [h["id"] for h in hexes] == list(range(len(hexes)))
    assert [n["id"] for n in nodes] == list(range(54))
    assert [e["id"] for e in edges] == list(range(72))
    land = [h for h in hexes if h["terrain"] != "sea"]
    assert len(land) == 19
    assert all({"q", "r", "x", "y", "terrain", "number", "nodes"} <= set(h) for h in hexes)
    assert all({"x", "y", "hexes", "neighbors", "edges", "harbor"} <= set(n) for n in nodes)
    assert all(len(e["nodes"]) == 2 for e in edges)
    assert len(board.harbors) == 9
    assert board.robber_start is not None
    assert hexes[board.robber_start]["terrain"] == "desert"
    assert board.to_dict()["nodes"] == nodes
    assert json.loads(board.to_json()) == board.to_dict()
    assert "54 nodes" in repr(board)


def test_svg(game: Game) -> None:
    for svg in (game.board._repr_svg_(), game.board.to_svg(), game._repr_svg_(), game.to_svg()):
        assert svg.startswith("<svg") and svg.rstrip().endswith("</svg>")
        assert svg.count('<polygon class="hex"') == len(game.board.hexes)
    assert game.to_svg().count('class="settlement"') == 8
    assert game.to_svg().count('class="road"') == 8


def test_repr_tells_what_it_is(game: Game) -> None:
    r = repr(game)
    assert r == (
        "<Game players=4 map='beginner' turn=1 phase='roll' to_act=[0] scores=[2, 2, 2, 2]>"
    )


def test_games_are_unhashable_and_compare_by_state(game: Game) -> None:
    with pytest.raises(TypeError):
        hash(game)
    other = game.copy()
    assert other == game
    other.apply(Action("roll", player=0))
    assert other != game
    assert game != "a game"


def test_svg_options_and_event_sentences() -> None:
    # Id labels (the numbers of the actions) and the seat legend, for picking a move from
    # the picture in a notebook; events as sentences in the game's vocabulary.
    game = Game(players=3, map="beginner", seed=7)
    plain = game.to_svg()
    assert 'class="node-ids"' not in plain and 'class="legend"' not in plain
    labelled = game.to_svg(ids=True, legend=True)
    for group in ("node-ids", "edge-ids", "hex-ids", "legend"):
        assert f'class="{group}"' in labelled
    only_edges = game.to_svg(edge_ids=True)
    assert 'class="edge-ids"' in only_edges and 'class="node-ids"' not in only_edges
    assert labelled.count('<g class="seat"') == 3
    assert game._repr_svg_() == plain
    board = game.board.to_svg(ids=True)
    assert 'class="hex-ids"' in board and 'class="legend"' not in board
    events = game.apply({"type": "roll", "player": 0})
    text = game.describe_event(events[0])
    d = events[0].to_dict()
    assert text == f"player 0 rolled {d['dice'][0]} + {d['dice'][1]} = {d['total']}"
    zip_game = Game(players=3, map="beginner", seed=7, vocabulary="zip")
    assert isinstance(zip_game.describe_event(events[0]), str)
