"""Card Game input that cannot be played, from Python: rules out of range raise
``RulesError`` (docs/cards.md, "Rules"), a position whose pending step names a seat or pile
that does not exist raises ``PositionError`` naming the step (docs/cards.md, "Positions")."""

import json

import pytest

import catan_rules


@pytest.mark.parametrize("vp_target", [0, 2, 15, 255])
def test_victory_targets_out_of_range(vp_target: int) -> None:
    with pytest.raises(catan_rules.RulesError) as e:
        catan_rules.CardGame(seed=1, vp_target=vp_target)
    assert e.value.kind == "vp_target"
    assert e.value.detail["vp_target"] == vp_target


def test_a_step_naming_seat_7_is_refused() -> None:
    game = catan_rules.CardGame(seed=1)
    pos = json.loads(game.to_json())
    pos["pending"].append({"step": "gain", "player": 7, "n": 1})
    pos["pending"].append({"step": "search", "player": 0, "pile": 200, "purpose": "replenish", "n": 1})
    with pytest.raises(catan_rules.PositionError) as e:
        catan_rules.CardGame.from_json(json.dumps(pos))
    text = str(e.value)
    n = len(pos["pending"])
    assert f"pending step {n - 2}" in text and f"pending step {n - 1}" in text
