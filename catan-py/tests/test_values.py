"""Action and Event values: fields, dict/JSON round trips, repr, equality, hashing."""

from __future__ import annotations

import json
import pickle

import pytest

import catan_rules
from catan_rules import Action, Event, Game

from conftest import play

ACTIONS = [
    Action("roll", player=0),
    Action("roll", player=1, dice=[3, 4]),
    Action("build_road", player=1, edge=17),
    Action("build_settlement", player=2, node=9),
    Action("buy_development_card", player=3),
    Action("discard", player=0, resources={"brick": 1, "ore": 2}),
    Action("move_robber", player=0, hex=4, victim=2),
    Action("play_knight", player=0, hex=4),
    Action("play_year_of_plenty", player=1, resources={"wool": 2}),
    Action("play_monopoly", player=1, resource="ore"),
    Action("maritime_trade", player=0, give="grain", get="ore", rate=4),
    Action("offer_trade", player=0, give={"brick": 1}, get={"ore": 1}),
    Action("offer_trade", player=0, to=2, give={"brick": 1}, get={"ore": 1}),
    Action("counter_offer", player=2, give={"ore": 1}, get={"brick": 2}),
    Action("accept_trade", player=1),
    # `with` is a Python keyword: build it from a dict (or `Action("confirm_trade", **{...})`).
    Action.from_dict({"type": "confirm_trade", "player": 0, "with": 1}),
    Action("confirm_trade", player=0, **{"with": 2}),
    Action("end_turn", player=3),
]


@pytest.mark.parametrize("a", ACTIONS, ids=lambda a: a.type)
def test_action_round_trips(a: Action) -> None:
    assert Action.from_dict(a.to_dict()) == a
    assert Action.from_json(a.to_json()) == a
    assert json.loads(a.to_json()) == a.to_dict()
    assert list(a.to_dict())[0] == "type"
    assert a.to_dict()["type"] == a.type
    assert hash(Action.from_json(a.to_json())) == hash(a)
    assert pickle.loads(pickle.dumps(a)) == a
    back = eval(repr(a), {"Action": Action})
    assert back == a and repr(back) == repr(a)


def test_action_fields_as_attributes() -> None:
    a = Action("build_road", player=1, edge=17)
    assert (a.type, a.player, a.edge) == ("build_road", 1, 17)
    assert a.fields == ["player", "edge"]
    assert "edge" in dir(a)
    assert repr(a) == "Action('build_road', player=1, edge=17)"
    assert a.to_json() == '{"type":"build_road","player":1,"edge":17}'
    r = Action("roll", player=0)
    assert r.dice is None  # optional field, absent
    with pytest.raises(AttributeError):
        a.node
    d = Action("discard", player=0, resources={"ore": 2})
    assert d.resources == {"brick": 0, "lumber": 0, "wool": 0, "grain": 0, "ore": 2}


def test_actions_are_frozen_and_hashable() -> None:
    a = Action("end_turn", player=0)
    with pytest.raises(AttributeError):
        a.player = 2  # type: ignore[attr-defined]
    assert len({a, Action("end_turn", player=0), Action("end_turn", player=1)}) == 2
    assert a != Action("end_turn", player=1)
    assert a != "end_turn"


def test_zip_names_are_accepted_as_input() -> None:
    a = Action("play_monopoly", player=0, resource="wheat")
    assert a.resource == "grain"


def test_events_round_trip_over_a_whole_game() -> None:
    g = Game(seed=3, map="random")
    seen: set[str] = set()
    for _ in range(4000):
        if g.winner is not None:
            break
        for e in g.apply(list(g.legal_actions)[-1 if g.turn % 3 else 0]):
            seen.add(e.type)
            assert Event.from_dict(e.to_dict()) == e
            assert Event.from_json(e.to_json()) == e
            assert eval(repr(e), {"Event": Event}) == e
            assert pickle.loads(pickle.dumps(e)) == e
            for f in e.fields:
                assert getattr(e, f) == e.to_dict().get(f)
    assert {"dice_rolled", "turn_started", "turn_ended"} <= seen


def test_event_constructor() -> None:
    e = Event("road_built", player=1, edge=17)
    assert e.type == "road_built" and e.edge == 17
    assert Event("setup_finished").to_dict() == {"type": "setup_finished"}
    assert repr(Event("setup_finished")) == "Event('setup_finished')"


def test_malformed_values_raise_parse_error() -> None:
    with pytest.raises(catan_rules.ParseError):
        Action("fly", player=0)
    with pytest.raises(catan_rules.ParseError):
        Action("build_road", player=0)  # missing edge
    with pytest.raises(catan_rules.ParseError):
        Action("end_turn", player=0, colour="red")  # unknown field
    with pytest.raises(catan_rules.ParseError):
        Action("end_turn", player=-1)
    with pytest.raises(catan_rules.ParseError):
        Action.from_json("{")
    with pytest.raises(catan_rules.ParseError):
        Event.from_dict({"type": "dice_rolled"})
    with pytest.raises(TypeError):
        Action.from_dict([1, 2])  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        Action("end_turn", player=object())


def test_played_actions_round_trip() -> None:
    g = play(Game(seed=1, map="random"), 400, seed=8)
    for a in g.legal_actions:
        assert Action.from_json(a.to_json()) == a
