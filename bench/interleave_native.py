"""fastcatan's native loop (the peer harness, `notrade`) and our `simulate` on the same
workload, run in turn ROUNDS times, each pinned to one core, so that the machine's load
drifts over both alike; prints each round's games/s and the median ratio.

Usage: python3 bench/interleave_native.py ROUNDS GAMES [OURS...]

OURS are `simulate` binaries (default: target/release/examples/simulate; build it with
`cargo build --release -p catan-rules --example simulate`). Several binaries (say a build
before and after a change) run in the same rounds, each against the same fastcatan run.
The harness is `$ANCHORS/bin/bench_fastcatan_native_x86-64-v2` (`ANCHORS` defaults to
~/.cache/catan-peers, where `bench/peers` installs the peers); `CORE` picks the core
(default 0).
"""
import json, os, statistics, subprocess, sys

rounds, games = int(sys.argv[1]), int(sys.argv[2])
ours = sys.argv[3:] or ["target/release/examples/simulate"]
anchors = os.environ.get("ANCHORS", os.path.expanduser("~/.cache/catan-peers"))
harness = os.path.join(anchors, "bin", "bench_fastcatan_native_x86-64-v2")
pin = ["taskset", "-c", os.environ.get("CORE", "0")]


def last_json(cmd):
    out = subprocess.run(pin + cmd, check=True, capture_output=True, text=True).stdout
    return json.loads(out.strip().splitlines()[-1])


ratios = {b: [] for b in ours}
for r in range(rounds):
    fc = last_json([harness, str(games), "1", "notrade", "gamesonly"])["games_per_s"]
    line = [f"round {r + 1}: fastcatan {fc:,.0f} games/s"]
    for b in ours:
        o = last_json([b, "--games", str(games), "--players", "4", "--map", "random",
                       "--no-domestic-trade", "--json", "--quiet", "--seed", str(r + 1)])
        ratios[b].append(o["games_per_s"] / fc)
        line.append(f"{b} {o['games_per_s']:,.0f} ({o['games_per_s'] / fc:.2f}x)")
    print(", ".join(line), flush=True)
for b, rs in ratios.items():
    print(f"{b}: ours / fastcatan median {statistics.median(rs):.2f}x "
          f"(min {min(rs):.2f}, max {max(rs):.2f}) over {rounds} rounds of {games} games")
