"""The cost of one call of catan_rules from Python: each hot call of a playout loop timed
over the positions of recorded random games, less the cost of the bare Python loop.

Usage: PYTHONPATH=<our package> python bench/python_calls.py [GAMES] [PASSES]
Prints ns per call, the best of PASSES passes (default 5) over GAMES games (default 30).
"""
import random
import sys
import time

import catan_rules

GAMES = int(sys.argv[1]) if len(sys.argv) > 1 else 30
PASSES = int(sys.argv[2]) if len(sys.argv) > 2 else 5


def record(seed):
    """The ids of one random game (offers left out), as the bench loop picks them."""
    rng = random.Random(seed)
    game = catan_rules.Game(players=4, map="random", seed=seed)
    seq, done = [], False
    while not done:
        ids = game.legal_id_list(False)
        i = ids[rng.randrange(len(ids))]
        seq.append(i)
        done = game.step(i)
    return seq


GAMES_IDS = [(s, record(s)) for s in range(1, GAMES + 1)]
STEPS = sum(len(q) for _, q in GAMES_IDS)


def bare(g, seq):
    for i in seq:
        pass


def step(g, seq):
    for i in seq:
        g.step(i)


def apply_id_kw(g, seq):
    for i in seq:
        g.apply_id(i, events=False)


def apply_id_pos(g, seq):
    for i in seq:
        g.apply_id(i, False)


def legal_kw(g, seq):
    for i in seq:
        g.legal_id_list(offers=False)
        g.step(i)


def legal_pos(g, seq):
    for i in seq:
        g.legal_id_list(False)
        g.step(i)


def winner(g, seq):
    for i in seq:
        g.winner
        g.step(i)


def randrange(g, seq):
    r = random.Random(1)
    for i in seq:
        r.randrange(7)
        g.step(i)


def best(loop):
    times = []
    for _ in range(PASSES):
        t = 0.0
        for seed, seq in GAMES_IDS:
            g = catan_rules.Game(players=4, map="random", seed=seed)
            t0 = time.perf_counter()
            loop(g, seq)
            t += time.perf_counter() - t0
        times.append(t)
    return min(times) / STEPS * 1e9


base, st = best(bare), best(step)
print(f"{STEPS} steps of {GAMES} games, best of {PASSES} passes; ns per call, the bare loop "
      f"({base:.0f} ns) taken off")
rows = [
    ("game.step(i)", st - base),
    ("game.apply_id(i, events=False)", best(apply_id_kw) - base),
    ("game.apply_id(i, False)", best(apply_id_pos) - base),
    ("game.legal_id_list(offers=False)", best(legal_kw) - st),
    ("game.legal_id_list(False)", best(legal_pos) - st),
    ("game.winner", best(winner) - st),
    ("rng.randrange(7) (the loop's own Python)", best(randrange) - st),
]
for name, ns in rows:
    print(f"{name:45s} {ns:6.0f}")
