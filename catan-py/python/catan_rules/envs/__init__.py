"""Reinforcement-learning environments over ``catan_rules`` (optional extra: ``pip install
catan-rules[rl]``, which brings Gymnasium, PettingZoo and NumPy).

* :class:`catan_rules.envs.gymnasium.CatanEnv` — a Gymnasium env: one learning seat,
  the other seats played by the built-in bots.
* :func:`catan_rules.envs.gymnasium.make_vector_env` — several of them as a Gymnasium
  vector env (each finished game's final observation is kept by Gymnasium's autoreset).
* :class:`catan_rules.envs.pettingzoo.CatanAECEnv` — a PettingZoo AEC env: every seat an
  agent.
* :class:`catan_rules.envs.cards_gymnasium.CardsEnv` and
  :class:`catan_rules.envs.cards_pettingzoo.CardsAECEnv` — the same two for the Card Game
  (observations ``catan_rules.card_observation``, ids of ``CardGame.action_space_size``).

Every environment refuses ``chance="external"``: its games draw their own chance.

Actions are the fixed ids of ``Game.action_space_size``; masks come from the game and
hold only the acting seat's legal ids. Observations are ``catan_rules.observation``
(with the board; its version is in the layout).

The modules import Gymnasium and PettingZoo, so import them explicitly:
``from catan_rules.envs.gymnasium import CatanEnv``.
"""
