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


def test_card_rules_are_keywords() -> None:
    """Every field of ``CardRules`` is a keyword of ``CardGame`` (docs/cards.md, "Rules";
    Card Game rules, 'Replenishing Your Hand': the limit is 3 unless a card raises it)."""
    game = catan_rules.CardGame(seed=4, hand_limit=5, choose_landscapes=True)
    assert game.rules["hand_limit"] == 5
    assert game.rules["choose_landscapes"] is True
    assert game.hand_limit(0) == 5
    assert "choose_landscapes" not in catan_rules.CardGame(seed=4).rules
    with pytest.raises(catan_rules.RulesError):
        catan_rules.CardGame(seed=4, hand_limit=0)


def test_landscape_picks_go_by_id() -> None:
    """With ``choose_landscapes`` a town bought by id waits for the seat to turn its
    fields: the mask holds one ``choose_card`` id per field that can pay, and the id picked
    turns exactly that card ("he must rotate the corresponding land cards": Card Game
    rules, 'Development of the Principality')."""
    game, p, cells = _two_fields(1)
    pos = json.loads(game.to_json())
    pos["rules"]["choose_landscapes"] = True
    game = catan_rules.CardGame.from_json(json.dumps(pos))
    game.apply_id(game.id_for_action({"type": "build_town", "player": p, "col": 12}))
    d = game.decision
    assert d["type"] == "step" and d["player"] == p
    assert d["step"] == {"step": "turn", "player": p, "resource": "grain", "n": 2, "up": False}
    assert game.to_act == [p]
    picks = [game.action_for_id(i) for i in game.legal_id_list()]
    want = [
        {"type": "choose_card", "player": p, "col": c["col"], "row": c["row"]}
        for c in sorted((cells["full"], cells["second"]), key=lambda c: (c["row"], c["col"]))
    ]
    assert picks == want
    assert int(game.legal_mask().sum()) == 2
    before = game.to_json()
    with pytest.raises(catan_rules.IllegalActionError):
        game.apply({"type": "choose_card", "player": p, **_at(cells["ore"])})
    assert game.to_json() == before
    second = {"type": "choose_card", "player": p, **_at(cells["second"])}
    game.apply_id(game.id_for_action(second))
    assert game.decision["type"] == "main"
    assert [_stock(game, p, cells[k]) for k in ("full", "second", "ore")] == [2, 0, 0]
