"""simulate(): bulk random games in Rust, deterministic whatever the thread count."""

from __future__ import annotations

import threading
import time

import catan_rules

KEYS = {
    "seed",
    "winner",
    "turns",
    "actions",
    "scores",
    "sevens",
    "steals",
    "discards",
    "shortages",
    "longest_road_changes",
    "largest_army_changes",
    "trades",
    "maritime_trades",
}


def test_summaries() -> None:
    out = catan_rules.simulate(6, seed=10, players=3)
    assert len(out) == 6
    for i, s in enumerate(out):
        assert set(s) == KEYS
        assert s["seed"] == 10 + i
        assert len(s["scores"]) == 3
        assert s["scores"][s["winner"]] >= 10
        assert s["actions"] > s["turns"] > 0
        assert s["trades"] == 0  # no domestic trade by default


def test_deterministic_across_thread_counts() -> None:
    one = catan_rules.simulate(8, seed=4, threads=1, domestic_trade=True)
    for threads in (2, 3, 8, None):
        assert catan_rules.simulate(8, seed=4, threads=threads, domestic_trade=True) == one
    assert catan_rules.simulate(4, seed=6, threads=2, domestic_trade=True) == one[2:6]


def test_rules_options_and_maps() -> None:
    for m in ("beginner", "variable", "random"):
        [s] = catan_rules.simulate(1, map=m, vp_target=5)
        assert s["scores"][s["winner"]] >= 5
    assert catan_rules.simulate(0) == []


def test_releases_the_gil() -> None:
    # While Rust plays, another Python thread keeps running.
    ticks = 0
    stop = False

    def tick() -> None:
        nonlocal ticks
        while not stop:
            ticks += 1
            time.sleep(0.001)

    t = threading.Thread(target=tick)
    t.start()
    start = time.perf_counter()
    catan_rules.simulate(1000, threads=1)
    elapsed = time.perf_counter() - start
    stop = True
    t.join()
    if elapsed > 0.1:  # long enough for the ticker to have run several times
        assert ticks > 5
