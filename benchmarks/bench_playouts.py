"""Random legal playouts through the public API: full deals per second, per game, variant and player count.

Usage: python benchmarks/bench_playouts.py [--game triomphe] [--deals 2000] [--seed 1]
Measures: new_game, then legal_actions() / random choice / apply() until terminal, on one core.
"""

from __future__ import annotations

import argparse
import random
import time

import atout


def bench(game: str, variant: str, players: int, deals: int, seed: int) -> float:
    """Deals per second for ``deals`` single-deal games played with random legal actions."""
    rng = random.Random(seed)
    start = time.perf_counter()
    for i in range(deals):
        state = atout.new_game(game, players=players, variant=variant, seed=seed + i)
        while not state.is_terminal():
            state.apply(rng.choice(state.legal_actions()))
    return deals / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--game", help="only this game (default: every registered game)")
    parser.add_argument("--deals", type=int, default=2000, help="deals per configuration (default 2000)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    for info in atout.list_games():
        if args.game and info.name != args.game:
            continue
        for variant in info.variants:
            for players in info.player_counts[variant]:
                rate = bench(info.name, variant, players, args.deals, args.seed)
                print(f"{info.name:10} {variant:16} {players} players: {rate:8.0f} deals/s")


if __name__ == "__main__":
    main()
