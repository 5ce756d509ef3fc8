"""Random self-play spread over a Ray cluster, with win rates by seat.

Each Ray task plays a contiguous block of games with ``catan_rules.simulate`` (Rust, all
the task's cores, GIL released); the driver gathers the summaries and aggregates them.
Game ``i`` always has seed ``seed + i``, so the result is the same on one laptop or a
hundred machines, and ``--check`` verifies it against a single local ``simulate`` call.

    python examples/python/ray_selfplay.py --games 2000 --chunk 100          # this machine
    python examples/python/ray_selfplay.py --address auto --games 1000000    # a cluster
    python examples/python/ray_selfplay.py --local --games 40 --check        # CI smoke test

On a cluster: ``ray start --head`` on one machine, ``ray start --address=HEAD:6379`` on the
others (each with ``pip install catan-rules ray``), then run this with ``--address auto``
on any of them (see docs/performance.md, "Running on a cluster").
"""

from __future__ import annotations

import argparse
import collections
import time
from typing import Any

import ray

import catan_rules


@ray.remote
def play_block(first_seed: int, games: int, players: int, threads: int | None) -> list[dict[str, Any]]:
    """Plays games ``first_seed .. first_seed + games - 1`` on one worker."""
    return catan_rules.simulate(games, seed=first_seed, players=players, threads=threads)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--chunk", type=int, default=100, help="games per Ray task")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--threads", type=int, default=None, help="threads per task (default: all)")
    ap.add_argument("--address", default=None, help="Ray cluster address ('auto' to join)")
    ap.add_argument(
        "--local",
        action="store_true",
        help="start a private one-node Ray with 2 CPUs (Ray >= 2.4x has no local_mode)",
    )
    ap.add_argument("--check", action="store_true", help="compare with one local simulate()")
    args = ap.parse_args()

    if args.local:
        ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    else:
        ray.init(address=args.address, include_dashboard=False)

    start = time.perf_counter()
    blocks = [
        play_block.remote(args.seed + first, min(args.chunk, args.games - first), args.players, args.threads)
        for first in range(0, args.games, args.chunk)
    ]
    summaries = [s for block in ray.get(blocks) for s in block]
    elapsed = time.perf_counter() - start

    wins: collections.Counter[int] = collections.Counter()
    unfinished = 0
    for s in summaries:
        if s["winner"] is None:
            unfinished += 1
        else:
            wins[s["winner"]] += 1
    turns = sum(s["turns"] for s in summaries) / max(1, len(summaries))
    print(f"{len(summaries)} games in {len(blocks)} Ray tasks, {elapsed:.2f} s "
          f"({len(summaries) / elapsed:.0f} games/s), mean {turns:.1f} turns")
    for seat in range(args.players):
        print(f"seat {seat}: {wins[seat] / max(1, len(summaries)):.3f} win rate ({wins[seat]} wins)")
    if unfinished:
        print(f"{unfinished} games stopped at the turn limit")

    if args.check:
        local = catan_rules.simulate(args.games, seed=args.seed, players=args.players)
        assert summaries == local, "Ray results differ from a local simulate()"
        print("check: identical to a local simulate()")
    ray.shutdown()


if __name__ == "__main__":
    main()
