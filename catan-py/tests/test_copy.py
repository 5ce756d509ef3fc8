"""copy(), copy.copy, copy.deepcopy and pickle: independent games that continue identically."""

from __future__ import annotations

import copy
import pickle
import random
from collections.abc import Callable

import pytest

from catan_rules import Game

from conftest import play


def continue_both(a: Game, b: Game, seed: int, steps: int = 400) -> None:
    ra, rb = random.Random(seed), random.Random(seed)
    for _ in range(steps):
        if a.winner is not None:
            break
        la, lb = list(a.legal_actions), list(b.legal_actions)
        assert la == lb
        assert a.apply(ra.choice(la)) == b.apply(rb.choice(lb))
    assert a == b
    assert a.scores == b.scores and a.winner == b.winner


@pytest.mark.parametrize(
    "clone",
    [
        lambda g: g.copy(),
        copy.copy,
        copy.deepcopy,
        lambda g: pickle.loads(pickle.dumps(g)),
        lambda g: pickle.loads(pickle.dumps(g, protocol=0)),
    ],
    ids=["copy", "copy.copy", "deepcopy", "pickle", "pickle-0"],
)
@pytest.mark.parametrize("steps", [0, 50, 600])
def test_clones_continue_identically(clone: Callable[[Game], Game], steps: int) -> None:
    g = play(Game(seed=21, map="random"), steps, seed=3)
    c = clone(g)
    assert c == g and c is not g
    assert repr(c) == repr(g)
    assert c.seed == g.seed and c.rules == g.rules
    continue_both(g, c, seed=steps)


def test_clones_are_independent() -> None:
    g = play(Game(seed=2), 30, seed=1)
    c = g.copy()
    before = g.copy()
    play(c, 50, seed=9)
    assert g == before
    assert c != g
    # The original moves on without disturbing the copy either.
    snapshot = c.copy()
    play(g, 50, seed=4)
    assert c == snapshot


def test_pickle_of_a_finished_game() -> None:
    g = play(Game(seed=8), 100_000, seed=8)
    assert g.winner is not None
    h = pickle.loads(pickle.dumps(g))
    assert h == g and h.winner == g.winner and h.phase == "game_over"


def test_copy_from_puts_a_game_in_another_state_in_place() -> None:
    root = Game(seed=11)
    play(root, 40, seed=1)
    scratch = root.copy()
    stranger = Game(players=3, map="beginner", seed=5)
    for src in (root, stranger, root):
        # A fresh legal list and action-id cache on the scratch must not survive the copy.
        assert scratch.legal_actions is not None and scratch.legal_ids() is not None
        scratch.copy_from(src)
        assert scratch == src
        assert list(scratch.legal_actions) == list(src.legal_actions)
        assert list(scratch.legal_ids()) == list(src.legal_ids())
        probe = src.copy()
        continue_both(scratch, probe, seed=3, steps=60)
        scratch.copy_from(src)
    root.copy_from(root)
    assert root == scratch


def test_copy_from_rejects_other_types() -> None:
    game = Game(seed=2)
    before = game.copy()
    with pytest.raises(TypeError):
        game.copy_from("not a game")  # type: ignore[arg-type]
    assert game == before
