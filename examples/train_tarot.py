"""Train a Tarot agent on a CPU in minutes: masked PPO (sb3-contrib) against atout's random and heuristic bots.

Usage (the extra ``atout[train]``: sb3-contrib, and through it PyTorch; a CPU-only PyTorch wheel is enough)::

    python examples/train_tarot.py --steps 200000 --out tarot_ppo.zip
    ATOUT_TAROT_PPO=tarot_ppo.zip atout tournament tarot --bots ppo,random --deals 400 --seed 1 --players 4

One seat of a 4-player Tarot table (seed variant) learns through ``gymnasium.make("atout/Tarot-v0")``; the other
three seats are atout bots, ``random`` at half of the parallel tables and ``heuristic`` at the other half. The
observation is the environment layer's tensor (``docs/envs.md``); illegal actions are masked out of the policy
(``action_masks``), so the agent only ever plays legal moves. The reward is the deal's score in hundreds of
points. The training curve (mean score per deal against each opponent, over training) is saved as a CSV and a PNG.
"""

from __future__ import annotations

import argparse
import csv
import time
from pathlib import Path
from typing import Any

import gymnasium
import numpy as np
import torch
from sb3_contrib import MaskablePPO
from stable_baselines3.common.callbacks import BaseCallback
from stable_baselines3.common.vec_env import DummyVecEnv

import atout.envs.gym  # noqa: F401  (registers atout/Tarot-v0)

SCALE = 100.0  # rewards in hundreds of points: PPO's value loss stays of order one


class Scaled(gymnasium.RewardWrapper):  # type: ignore[type-arg]
    """The deal's score divided by :data:`SCALE` (the action mask passes through: ``action_masks``)."""

    def reward(self, reward: Any) -> float:
        return float(reward) / SCALE

    def action_masks(self) -> np.ndarray:
        return self.env.unwrapped.action_masks()  # type: ignore[attr-defined, no-any-return]


def make_env(opponents: str, players: int, variant: str) -> Any:
    def make() -> Any:
        return Scaled(gymnasium.make("atout/Tarot-v0", players=players, variant=variant, opponents=opponents))

    return make


class Curve(BaseCallback):
    """Each finished deal's score (points) by opponent, with the training step it ended at."""

    def __init__(self, labels: list[str]) -> None:
        super().__init__()
        self.labels = labels
        self.rows: list[tuple[int, str, float]] = []
        self.totals = [0.0] * len(labels)

    def _on_step(self) -> bool:
        for i, (reward, done) in enumerate(zip(self.locals["rewards"], self.locals["dones"], strict=True)):
            self.totals[i] += float(reward) * SCALE
            if done:
                self.rows.append((self.num_timesteps, self.labels[i], self.totals[i]))
                self.totals[i] = 0.0
        return True


def plot(rows: list[tuple[int, str, float]], path: Path, window: int) -> None:
    """Rolling mean score per deal against each opponent, over training steps."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(7, 4))
    for label in sorted({r[1] for r in rows}):
        steps = np.array([r[0] for r in rows if r[1] == label])
        scores = np.array([r[2] for r in rows if r[1] == label])
        if len(scores) < window:
            continue
        mean = np.convolve(scores, np.ones(window) / window, mode="valid")
        ax.plot(steps[window - 1:], mean, label=f"vs {label}")
    ax.axhline(0, color="grey", lw=0.5)
    ax.set_xlabel("training steps (the agent's decisions)")
    ax.set_ylabel(f"score per deal, mean of {window} deals")
    ax.set_title("Masked PPO, Tarot 4 players: the learning seat's score")
    ax.legend()
    fig.tight_layout()
    fig.savefig(path, dpi=100)


def main(argv: list[str] | None = None) -> dict[str, float]:
    """Train, save the weights and the curve; the mean score of the last deals against each opponent."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--steps", type=int, default=200_000, help="training steps (default 200,000)")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--variant", default="seed")
    parser.add_argument("--envs", type=int, default=4, help="parallel tables (default 4)")
    parser.add_argument("--opponents", default="random,heuristic",
                        help="the other seats' bot at each parallel table, in turn (default random,heuristic)")
    parser.add_argument("--ent-coef", type=float, default=0.01, help="PPO's entropy bonus (default 0.01)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", default="tarot_ppo.zip", help="where the weights go (default tarot_ppo.zip)")
    parser.add_argument("--curve", default="train_tarot.png", help="the training curve's PNG")
    parser.add_argument("--window", type=int, default=200, help="deals averaged in the curve (default 200)")
    parser.add_argument("--rollout", type=int, default=512, help="steps per table between two updates")
    args = parser.parse_args(argv)
    torch.set_num_threads(1)
    names = args.opponents.split(",")
    labels = [names[i % len(names)] for i in range(args.envs)]
    env = DummyVecEnv([make_env(o, args.players, args.variant) for o in labels])
    env.seed(args.seed)
    model = MaskablePPO("MultiInputPolicy", env, n_steps=args.rollout, batch_size=min(256, args.rollout * args.envs),
                        n_epochs=4, learning_rate=3e-4, gamma=1.0, gae_lambda=0.95, ent_coef=args.ent_coef,
                        seed=args.seed, device="cpu",
                        policy_kwargs={"net_arch": [128, 128]}, verbose=0)
    curve = Curve(labels)
    start = time.perf_counter()
    model.learn(total_timesteps=args.steps, callback=curve)
    elapsed = time.perf_counter() - start
    model.save(args.out)
    with open(Path(args.curve).with_suffix(".csv"), "w", newline="") as f:
        csv.writer(f).writerows([("step", "opponents", "score"), *curve.rows])
    plot(curve.rows, Path(args.curve), args.window)
    last = {label: [r[2] for r in curve.rows if r[1] == label][-args.window:] for label in set(labels)}
    print(f"{args.steps} steps in {elapsed:.0f} s ({args.steps / elapsed:.0f} steps/s), {len(curve.rows)} deals")
    for label, scores in sorted(last.items()):
        print(f"last {len(scores)} deals vs {label}: mean score {np.mean(scores):+.1f} points")
    print(f"weights: {args.out}; curve: {args.curve}")
    return {label: float(np.mean(scores)) if scores else 0.0 for label, scores in last.items()}


if __name__ == "__main__":
    main()
