"""fastcatan's Python loop (the peer bench's `notrade` loop) and ours (`bench/peers`'s
stepped loop over fixed ids), interleaved in one process so that the machine's load drifts
over both alike; prints the median ratio of games/s.

Usage: PYTHONPATH=<our package> <python with fastcatan> bench/interleave_python.py ROUNDS GAMES
(fastcatan as installed by bench/peers: ~/.cache/catan-peers/fastcatan/bin/python).
"""
import random, statistics, sys, time
import fastcatan as fc
import catan_rules
TRADE_COMPOSE = set(range(268, 279))
def fc_games(n, seed):
    rng = random.Random(seed); env = fc.Env(); t0 = time.perf_counter()
    for g in range(n):
        env.reset(seed * 1000 + g + 1); done = False
        while not done:
            legal = [a for a in env.legal_actions() if a not in TRADE_COMPOSE]
            done = env.step(rng.choice(legal))
    return n / (time.perf_counter() - t0)
def ours_games(n, seed):
    rng = random.Random(seed); t0 = time.perf_counter()
    for g in range(n):
        game = catan_rules.Game(players=4, map="random", seed=seed * 1000 + g)
        done = False
        while not done:
            ids = game.legal_id_list(False)
            done = game.step(ids[rng.randrange(len(ids))])
    return n / (time.perf_counter() - t0)
rounds, n = int(sys.argv[1]), int(sys.argv[2])
ratios, fs, os_ = [], [], []
for r in range(rounds):
    f = fc_games(n, r + 1); o = ours_games(n, r + 1)
    fs.append(f); os_.append(o); ratios.append(o / f)
print(f"fastcatan {statistics.median(fs):.0f} games/s, ours {statistics.median(os_):.0f} games/s, "
      f"ratio median {statistics.median(ratios):.2f} (min {min(ratios):.2f}, max {max(ratios):.2f}) over {rounds} rounds of {n} games")
