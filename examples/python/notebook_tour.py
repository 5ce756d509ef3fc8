# %% [markdown]
# # A tour of `catan_rules`
#
# A notebook-style script: each `# %%` is a cell (VS Code, Jupyter via jupytext, or plain
# `python examples/python/notebook_tour.py`). It plays a seeded game, looks at the state,
# and writes the board as SVG.
#
# Usage: `python notebook_tour.py [OUTPUT.svg]` (default: `board.svg` in a temporary folder;
# in a notebook always the default, since the kernel's own arguments are not this script's).

# %%
import pathlib
import random
import sys
import tempfile

import catan_rules

game = catan_rules.Game(players=4, map="beginner", seed=7)
game  # in a notebook: the board with its pieces (`_repr_svg_`)

# %% Who acts, and what may they do?
print(repr(game))
print("decision:", game.decision)
print("legal:", list(game.legal_actions))

# %% One step: roll the dice. `apply` returns what happened, as typed events.
for event in game.apply(game.legal_actions[0]):
    print(event)

# %% Illegal actions raise a typed error and change nothing.
try:
    game.apply(catan_rules.Action("build_city", player=0, node=0))
except catan_rules.IllegalActionError as e:
    print(f"{type(e).__name__} ({e.kind}): {e}")

# %% Play the game out with random players (domestic trade offers left out).
rng = random.Random(1)
counts: dict[str, int] = {}
while game.winner is None:
    legal = [a for a in game.legal_actions if a.type != "offer_trade"]
    for event in game.apply(rng.choice(legal)):
        counts[event.type] = counts.get(event.type, 0) + 1

print(f"player {game.winner} wins on turn {game.turn}")
print("scores:", game.scores)
print("hands:", [sum(game.hand(p).values()) for p in range(4)])
print("most frequent events:", sorted(counts.items(), key=lambda kv: -kv[1])[:5])

# %% A game server: each seat acts through `apply_as` and sees only its own options and
# its own redacted events (docs/security.md). Without `seed=` the seed comes from the OS.
served = catan_rules.Game(players=3, map="beginner")
seat = served.to_act[0]
mine = served.legal_actions_for(seat)
events = served.apply_as(seat, mine[0])
for viewer in range(3):
    print(f"to seat {viewer}:", catan_rules.Game.events_for(events, viewer))
theirs = served.legal_actions_for(served.to_act[0])[0]
try:
    served.check_as((theirs.player + 1) % 3, theirs)
except catan_rules.NotYourSeatError as e:
    print("another seat's action:", e)

# %% Many games at once, in Rust, across threads.
summaries = catan_rules.simulate(200, seed=1, map="random")
wins = [sum(1 for s in summaries if s["winner"] == p) for p in range(4)]
print("wins by seat over 200 random games:", wins)
print("mean turns:", sum(s["turns"] for s in summaries) / len(summaries))

# %% Write the board with its pieces as SVG.
# A Jupyter kernel runs cells with its own command line (`ipykernel_launcher.py -f
# kernel.json`), so the first argument is taken only outside a kernel.
in_kernel = "ipykernel" in sys.modules
out = (
    pathlib.Path(sys.argv[1])
    if len(sys.argv) > 1 and not in_kernel
    else pathlib.Path(tempfile.gettempdir()) / "board.svg"
)
out.write_text(game.to_svg())
print(f"wrote {out} ({out.stat().st_size} bytes)")
