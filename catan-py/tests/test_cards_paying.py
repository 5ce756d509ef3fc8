"""Paying and receiving by choice in the Card Game from Python (docs/cards.md, "Paying and
receiving by choice"): an action's ``landscapes`` names the landscape card turned for each
unit. Card Game rules, 'Recording Raw Material Levels': "If the player uses a unit of raw
materials, the corresponding land card must be rotated to show the next lowest number"."""

import json
import random
from typing import Any

import pytest

import catan_rules


def _main_phase(seed: int) -> catan_rules.CardGame:
    """A game in the main phase of turn 3 or later, nothing pending."""
    game = catan_rules.CardGame(seed=seed)
    rng = random.Random(seed)
    while True:
        d = game.decision
        if game.turn >= 3 and d["type"] == "main":
            return game
        game.apply(rng.choice([a for a in game.legal_actions() if a["type"] != "offer"]))


def _two_fields(seed: int) -> tuple[catan_rules.CardGame, int, dict[str, Any]]:
    """The player to move with two fields (3 grain and 1), mountains with 3 ore."""
    pos = json.loads(_main_phase(seed).to_json())
    p = pos["current"]
    land = [c for c in pos["principalities"][p] if c["row"] in (1, 3)]
    pasture = next(c for c in land if c["card"].startswith("pasture"))
    pile = pos["piles"][4]
    i = next(i for i, c in enumerate(pile) if c.startswith("fields"))
    pile[i], pasture["card"] = pasture["card"], pile[i]
    for c in land:
        c["stock"] = 0
    first = next(c for c in land if c["card"].startswith("fields") and c is not pasture)
    first["stock"] = 3
    pasture["stock"] = 1
    ore = next(c for c in land if c["card"].startswith("mountains"))
    ore["stock"] = 3
    pos["built"] = False
    cells = {"full": first, "second": pasture, "ore": ore}
    return catan_rules.CardGame.from_json(json.dumps(pos)), p, cells


def _stock(game: catan_rules.CardGame, p: int, cell: dict[str, Any]) -> int:
    pos = json.loads(game.to_json())
    return next(
        c["stock"]
        for c in pos["principalities"][p]
        if (c["row"], c["col"]) == (cell["row"], cell["col"])
    )


def _at(cell: dict[str, Any]) -> dict[str, int]:
    return {"row": cell["row"], "col": cell["col"]}


def test_a_town_paid_from_the_named_cards() -> None:
    game, p, cells = _two_fields(1)
    named = [_at(cells["ore"])] * 3 + [_at(cells["full"]), _at(cells["second"])]
    chosen = game.copy()
    chosen.apply({"type": "build_town", "player": p, "col": 12, "landscapes": named})
    assert [_stock(chosen, p, cells[k]) for k in ("full", "second", "ore")] == [2, 0, 0]
    # Without `landscapes` the engine empties the fuller field, as before.
    auto = game.copy()
    auto.apply({"type": "build_town", "player": p, "col": 12})
    assert [_stock(auto, p, cells[k]) for k in ("full", "second", "ore")] == [1, 1, 0]


def test_wrong_cards_are_refused_and_change_nothing() -> None:
    game, p, cells = _two_fields(2)
    before = game.to_json()
    wrong = [_at(cells["ore"])] * 3 + [_at(cells["second"])] * 2
    with pytest.raises(catan_rules.IllegalActionError):
        game.apply({"type": "build_town", "player": p, "col": 12, "landscapes": wrong})
    assert game.to_json() == before
    with pytest.raises(catan_rules.ParseError):
        game.apply(
            {"type": "build_town", "player": p, "col": 12, "landscapes": [{"row": 2, "col": 12}]}
        )


def test_listed_actions_keep_the_default_form() -> None:
    game, _, _ = _two_fields(3)
    assert game.legal_actions()
    assert all("landscapes" not in a for a in game.legal_actions())
