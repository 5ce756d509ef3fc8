"""Shared helpers for the catan_rules tests."""

from __future__ import annotations

import pathlib
import random
from collections.abc import Callable

import pytest

import catan_rules

REPO = pathlib.Path(__file__).resolve().parents[2]
GOLDEN = REPO / "catan-rules" / "tests" / "data" / "golden_seed7.jsonl"


def play(game: catan_rules.Game, steps: int, seed: int = 0) -> catan_rules.Game:
    """Applies up to `steps` random legal actions (fewer if the game ends)."""
    rng = random.Random(seed)
    for _ in range(steps):
        if game.winner is not None:
            break
        game.apply(rng.choice(list(game.legal_actions)))
    return game


def play_until(
    game: catan_rules.Game, done: Callable[[catan_rules.Game], bool], seed: int = 0
) -> catan_rules.Game:
    """Plays random legal actions until `done(game)` or the game ends."""
    rng = random.Random(seed)
    while not done(game) and game.winner is None:
        game.apply(rng.choice(list(game.legal_actions)))
    return game


@pytest.fixture
def game() -> catan_rules.Game:
    return catan_rules.Game(players=4, map="beginner", seed=7)
