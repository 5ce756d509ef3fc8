"""The two calls of a playout loop, `legal_id_list` and `step`, in every form they take.

The plain call (`game.legal_id_list(False)`, `game.step(ids[k])` with an `int`) has an
entry of its own; every other form (keywords, NumPy scalars, `int` subclasses, wrong
arguments, a game busy in another call) must behave exactly as the plain pyo3 method does:
the same lists, the same game, the same typed errors, and no change on an error.
"""

from __future__ import annotations

import inspect
import random
from typing import Any, Callable, Union

import numpy as np
import pytest

import catan_rules

AnyGame = Union[catan_rules.Game, catan_rules.CardGame]

GAMES: dict[str, Callable[[int], AnyGame]] = {
    "Game": lambda seed: catan_rules.Game(players=4, map="random", seed=seed),
    "CardGame": lambda seed: catan_rules.CardGame(seed=seed),
}


class Id(int):
    """An `int` subclass: not the plain call's exact `int`."""


@pytest.mark.parametrize("make", GAMES.values(), ids=GAMES.keys())
def test_every_form_of_the_calls_lists_and_steps_alike(make: Callable[[int], AnyGame]) -> None:
    # Whatever form an id or `offers` comes in, the lists are the checked listing's and
    # a step gives the game `apply_id` gives, move for move.
    game = make(31)
    twin = game.copy()
    rng = random.Random(31)
    forms: list[Callable[[int], Any]] = [int, np.uint32, np.int64, Id, lambda i: i]
    done, steps = False, 0
    while not done:
        expected = [int(i) for i in game.legal_ids(False)]
        assert game.legal_id_list(offers=False) == expected
        assert game.legal_id_list(np.False_) == expected  # type: ignore[arg-type]
        assert game.legal_id_list(False) == expected
        everything = [int(i) for i in game.legal_ids()]
        assert game.legal_id_list() == game.legal_id_list(offers=True) == everything
        ids = game.legal_id_list(False)
        k = ids[rng.randrange(len(ids))]
        done = game.step(forms[steps % len(forms)](k))
        assert done is (game.winner is not None)
        twin.apply_id(k)
        assert game == twin
        steps += 1
    assert steps > 100


@pytest.mark.parametrize("make", GAMES.values(), ids=GAMES.keys())
def test_calls_out_of_the_plain_shape_raise_as_before(make: Callable[[int], AnyGame]) -> None:
    game = make(8)
    other: AnyGame = (
        catan_rules.CardGame(seed=1)
        if isinstance(game, catan_rules.Game)
        else catan_rules.Game(seed=1)
    )
    ids = game.legal_id_list(False)
    before = game.copy()
    kind = type(game)
    bad: list[tuple[Callable[[], object], type[BaseException]]] = [
        (lambda: game.step(), TypeError),  # type: ignore[call-arg]
        (lambda: game.step(ids[0], 1), TypeError),  # type: ignore[call-arg]
        (lambda: game.step(id=ids[0]), TypeError),  # type: ignore[call-arg]
        (lambda: game.step("0"), TypeError),  # type: ignore[arg-type]
        (lambda: game.step(0.0), TypeError),  # type: ignore[arg-type]
        (lambda: game.step(-1), OverflowError),
        (lambda: game.step(2**32), OverflowError),
        (lambda: game.step(2**70), OverflowError),
        (lambda: game.step(game.action_space_size), ValueError),
        (lambda: game.legal_id_list(1), TypeError),  # type: ignore[arg-type]
        (lambda: game.legal_id_list(None), TypeError),  # type: ignore[arg-type]
        (lambda: game.legal_id_list(False, 1), TypeError),  # type: ignore[call-arg]
        (lambda: game.legal_id_list(every=False), TypeError),  # type: ignore[call-arg]
        (lambda: kind.step(other, ids[0]), TypeError),  # type: ignore[arg-type]
        (lambda: kind.legal_id_list(other), TypeError),  # type: ignore[arg-type]
    ]
    for call, error in bad:
        with pytest.raises(error):
            call()
        assert game == before
    # The listing before the errors still stands: its ids apply unchecked.
    game.step(ids[0])
    before.apply_id(ids[0])
    assert game == before


@pytest.mark.parametrize("make", GAMES.values(), ids=GAMES.keys())
def test_a_bool_id_is_the_int_it_equals(make: Callable[[int], AnyGame]) -> None:
    # `True` is an `int` to Python: `step(True)` is `step(1)` (applied, or the same error).
    for seed in range(4):
        a, b = make(seed), make(seed)
        outcomes: list[object] = []
        for g, i in ((a, True), (b, 1)):
            g.legal_id_list(False)
            try:
                outcomes.append(g.step(i))
            except catan_rules.CatanError as e:
                outcomes.append(type(e))
        assert outcomes[0] == outcomes[1]
        assert a == b


@pytest.mark.parametrize("make", GAMES.values(), ids=GAMES.keys())
def test_the_methods_keep_their_names_signatures_and_docs(
    make: Callable[[int], AnyGame],
) -> None:
    kind = type(make(1))
    step = inspect.signature(kind.step)
    assert list(step.parameters) == ["self", "id"]
    assert step.parameters["id"].kind is inspect.Parameter.POSITIONAL_ONLY
    listing = inspect.signature(kind.legal_id_list)
    assert list(listing.parameters) == ["self", "offers"]
    assert listing.parameters["offers"].default is True
    assert kind.step.__name__ == "step"
    assert kind.step.__qualname__ == f"{kind.__name__}.step"
    assert kind.legal_id_list.__qualname__ == f"{kind.__name__}.legal_id_list"
    assert (kind.step.__doc__ or "").startswith("Applies")
    assert "list" in (kind.legal_id_list.__doc__ or "")


@pytest.mark.parametrize("make", GAMES.values(), ids=GAMES.keys())
def test_a_call_made_while_the_game_is_busy_is_refused(make: Callable[[int], AnyGame]) -> None:
    # A finalizer run while a listing refills a pooled list (the caller left an object of
    # its own in it) calls the same game again: the game is busy, so those calls raise
    # pyo3's borrow error and change nothing, and the listing completes.
    game = make(4)
    seen: list[object] = []

    class Probe:
        def __del__(self) -> None:
            calls = (lambda: game.step(listed[0]), lambda: game.legal_id_list(False))
            for call in calls:
                try:
                    call()
                    seen.append(None)
                except RuntimeError as e:
                    seen.append(type(e))

    listed = list(game.legal_id_list(False))
    # Both pooled lists of this length in the caller's hands, then one of them handed
    # back holding a probe: the next listing of this length refills that one.
    a, b = game.legal_id_list(False), game.legal_id_list(False)
    a[0] = Probe()  # type: ignore[call-overload]
    del a
    before = game.copy()
    again = game.legal_id_list(False)
    assert seen == [RuntimeError, RuntimeError]
    assert game == before
    assert again == b == listed
    # The listing stands: its ids apply unchecked.
    game.step(again[0])
    before.apply_id(again[0])
    assert game == before
