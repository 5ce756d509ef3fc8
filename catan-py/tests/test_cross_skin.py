"""The seeded game of `catan-ffi/tests/cross_skin.rs`, played through the C ABI and stored
in `catan-ffi/tests/data/ids_seed7.jsonl`, replayed from Python: the same fixed ids are
legal and chosen, and every seat sees the same events (`Game.events_for`) as in C."""

from __future__ import annotations

import json

from catan_rules import Game

from conftest import REPO

IDS = REPO / "catan-ffi" / "tests" / "data" / "ids_seed7.jsonl"


def test_c_and_python_agree_on_ids_and_per_seat_events() -> None:
    lines = [json.loads(line) for line in IDS.read_text().splitlines()]
    assert len(lines) > 100, IDS
    game = Game(players=4, map="random", seed=7, vp_target=6)
    for step, line in enumerate(lines):
        assert line["step"] == step
        ids = game.legal_id_list(offers=False)
        assert ids, "a mask is never empty while the game is on"
        assert ids[(step * 7919) % len(ids)] == line["id"], f"step {step}"
        events = game.apply_id(line["id"])
        assert events is not None
        for viewer, want in zip([None, 0, 1, 2, 3], line["events"]):
            seen = [e.to_dict() for e in Game.events_for(events, viewer)]
            assert seen == want, f"step {step}, viewer {viewer}"
    assert game.winner is not None
