"""The shared golden game (written by `catan-rules/tests/golden.rs`), replayed from Python."""

from __future__ import annotations

import json

from catan_rules import Action, Event, Game

from conftest import GOLDEN


def test_golden_seed7() -> None:
    lines = [json.loads(line) for line in GOLDEN.read_text().splitlines()]
    assert lines, GOLDEN
    game = Game(players=4, map="beginner", seed=7)
    for step, line in enumerate(lines):
        assert line["step"] == step
        legal = [a for a in game.legal_actions if a.type != "offer_trade"]
        action = legal[(step * 7919) % len(legal)]
        assert action == Action.from_dict(line["action"]), f"step {step}"
        assert action.to_json() == json.dumps(line["action"], separators=(",", ":"))
        events = game.apply(action)
        assert events == [Event.from_dict(e) for e in line["events"]], f"step {step}"
        assert [e.to_dict() for e in events] == line["events"]
    assert game.winner is not None
