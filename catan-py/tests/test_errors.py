"""Exceptions: the hierarchy, `.kind`/`.detail`, and a failed call changing nothing."""

from __future__ import annotations

import pickle
import random
from collections.abc import Iterator
from typing import TypeVar

import pytest

import catan_rules
from catan_rules import Action, Game

from conftest import play_until

RULE_CLASSES = [
    catan_rules.GameOverError,
    catan_rules.NotYourTurnError,
    catan_rules.WrongPhaseError,
    catan_rules.NotEnoughResourcesError,
    catan_rules.PlacementError,
    catan_rules.SupplyError,
    catan_rules.DevelopmentCardError,
    catan_rules.DiscardError,
    catan_rules.RobberError,
    catan_rules.TradeError,
    catan_rules.ChanceError,
]


def test_hierarchy() -> None:
    assert issubclass(catan_rules.CatanError, Exception)
    for value_error in (catan_rules.ParseError, catan_rules.RulesError):
        assert issubclass(value_error, catan_rules.CatanError)
        assert issubclass(value_error, ValueError)
    assert issubclass(catan_rules.IllegalActionError, catan_rules.CatanError)
    assert not issubclass(catan_rules.IllegalActionError, ValueError)
    for cls in RULE_CLASSES:
        assert issubclass(cls, catan_rules.IllegalActionError), cls
        assert cls.__module__ == "catan_rules"
        assert cls.__doc__
    assert set(c.__name__ for c in RULE_CLASSES) <= set(catan_rules.__all__)


def snapshot(g: Game) -> tuple[object, ...]:
    return (g.copy(), g.__reduce__(), list(g.legal_actions), g.decision, g.scores)


def assert_unchanged(g: Game, before: tuple[object, ...]) -> None:
    assert snapshot(g)[0] == before[0]
    assert snapshot(g)[1:] == before[1:]


E = TypeVar("E", bound=BaseException)


def expect(g: Game, action: object, cls: type[E]) -> E:
    before = snapshot(g)
    with pytest.raises(cls) as info:
        g.apply(action)  # type: ignore[arg-type]
    assert_unchanged(g, before)
    if isinstance(info.value, catan_rules.IllegalActionError):
        assert not g.is_legal(action)  # type: ignore[arg-type]
        with pytest.raises(cls):
            g.check(action)  # type: ignore[arg-type]
    return info.value


def test_rule_errors_carry_kind_and_detail(game: Game) -> None:
    e: catan_rules.IllegalActionError
    e = expect(game, Action("roll", player=1), catan_rules.NotYourTurnError)
    assert e.kind == "not_your_turn"
    assert e.detail == {"player": 1}
    assert "player 1" in str(e)
    e = expect(game, Action("end_turn", player=0), catan_rules.WrongPhaseError)
    assert e.kind == "wrong_phase"
    assert e.detail == {"action": "end_turn", "reason": "roll the dice first"}
    # A seat that is not in the game is its own error, not "not your turn".
    e = expect(game, Action("roll", player=7), catan_rules.NoSuchPlayerError)
    assert e.kind == "no_such_player"
    assert not isinstance(e, catan_rules.NotYourTurnError)
    e = expect(game, Action("roll", player=0, dice=[3, 4]), catan_rules.ChanceError)
    assert e.kind == "outcome_not_allowed"
    e = expect(game, Action("play_monopoly", player=0, resource="ore"), catan_rules.DevelopmentCardError)
    assert e.kind == "no_such_card"
    game.apply(Action("roll", player=0))
    if game.phase == "main":
        e = expect(game, Action("build_road", player=0, edge=999), catan_rules.PlacementError)
        assert e.kind == "no_such_edge"
        e = expect(game, Action("maritime_trade", player=0, give="ore", get="ore", rate=4), catan_rules.TradeError)


def test_malformed_input_is_a_parse_error(game: Game) -> None:
    for bad in ['{"type": "roll"', '{"type": "roll"}', {"type": "roll", "player": "zero"}, "[]"]:
        e = expect(game, bad, catan_rules.ParseError)
        assert isinstance(e, ValueError)
        assert e.kind == "parse"
        assert "message" in e.detail
    e = expect(game, '{"type": "roll"', catan_rules.ParseError)
    assert e.detail["line"] == 1
    expect(game, 3.5, TypeError)


def test_rules_errors() -> None:
    with pytest.raises(catan_rules.RulesError) as info:
        Game(players=7)
    assert isinstance(info.value, ValueError)
    assert info.value.kind == "players"
    assert info.value.detail == {"players": 7}
    with pytest.raises(catan_rules.RulesError):
        Game(vp_target=0)
    with pytest.raises(catan_rules.RulesError):
        Game.from_rules_json('{"players": 6, "island": "standard"}')
    with pytest.raises(catan_rules.ParseError):
        Game(map="moon")
    with pytest.raises(catan_rules.ParseError):
        Game.from_rules_json('{"players": 3, "colour": "red"}')
    with pytest.raises(TypeError):
        Game(colour="red")
    with pytest.raises(catan_rules.RulesError):
        catan_rules.simulate(1, players=9)


def test_game_over(game: Game) -> None:
    rng = random.Random(5)
    while game.winner is None:
        game.apply(rng.choice(list(game.legal_actions)))
    e = expect(game, Action("end_turn", player=game.current_player), catan_rules.GameOverError)
    assert e.kind == "game_over"
    assert e.detail == {}


def candidates(g: Game) -> Iterator[Action]:
    """Plausible but mostly illegal actions for the seats that may act."""
    res = ["brick", "lumber", "wool", "grain", "ore"]
    n_hex = len(g.board.hexes)
    for p in sorted(set(g.to_act) | {g.current_player}):
        yield Action("build_city", player=p, node=(g.turn * 7) % 54)
        yield Action("build_settlement", player=p, node=(g.turn * 11) % 54)
        yield Action("build_road", player=p, edge=(g.turn * 13) % 72)
        yield Action("buy_development_card", player=p)
        yield Action("play_knight", player=p, hex=g.robber or 0)
        yield Action("play_road_building", player=p)
        yield Action("play_year_of_plenty", player=p, resources={"ore": 1})
        yield Action("move_robber", player=p, hex=(g.turn * 5) % n_hex)
        yield Action("discard", player=p, resources={"brick": 1})
        yield Action("maritime_trade", player=p, give=res[g.turn % 5], get=res[(g.turn + 1) % 5], rate=2)
        yield Action("offer_trade", player=p, give={"ore": 9}, get={"wool": 1})
        yield Action("accept_trade", player=p)
        yield Action("confirm_trade", player=p, **{"with": (p + 1) % g.rules["players"]})


def test_every_rule_error_class_is_raised_and_changes_nothing() -> None:
    """Random games, trying illegal actions at every step: each failure leaves the game
    exactly as it was, and every class of IllegalActionError shows up."""
    seen: dict[type, set[str]] = {}
    for seed in range(40):
        g = Game(seed=seed, map="random")
        rng = random.Random(seed)
        while g.winner is None and g.turn < 150:
            for a in candidates(g):
                if g.is_legal(a):
                    continue
                before = g.copy()
                try:
                    g.apply(a)
                except catan_rules.IllegalActionError as e:
                    seen.setdefault(type(e), set()).add(e.kind)
                    assert type(e) in RULE_CLASSES
                    assert isinstance(e.detail, dict)
                else:
                    raise AssertionError(f"{a!r} was applied although not legal")
                assert g == before
            g.apply(rng.choice([a for a in g.legal_actions if a.type != "offer_trade"]))
        if len(seen) >= len(RULE_CLASSES) - 3:
            break
    # GameOver, Chance and Supply errors need particular states (tested above or rare).
    wanted = set(RULE_CLASSES) - {
        catan_rules.GameOverError,
        catan_rules.ChanceError,
        catan_rules.SupplyError,
    }
    assert wanted <= set(seen), wanted - set(seen)


def test_exceptions_pickle(game: Game) -> None:
    with pytest.raises(catan_rules.NotYourTurnError) as info:
        game.apply(Action("roll", player=2))
    back = pickle.loads(pickle.dumps(info.value))
    assert type(back) is catan_rules.NotYourTurnError
    assert str(back) == str(info.value)
