"""French Tarot random playouts through the public API: full deals per second, per player count and variant.

Usage: python benchmarks/bench_tarot.py [--deals 3000] [--seed 1] [--repeat 3]
Measures: new_game, then legal_actions() / random choice / apply() until terminal, on one core.
Prints the best of ``--repeat`` runs (CPU time of this process) and a calibration loop's time, so
that numbers from machines of different speed can be compared.
"""

from __future__ import annotations

import argparse
import random
import time

import atout


def bench(variant: str, players: int, deals: int, seed: int) -> float:
    """Deals per second for ``deals`` single-deal games played with random legal actions."""
    rng = random.Random(seed)
    choice = rng.choice
    start = time.process_time()
    for i in range(deals):
        state = atout.new_game("tarot", players=players, variant=variant, seed=seed + i)
        while not state.is_terminal():
            state.apply(choice(state.legal_actions()))
    return deals / (time.process_time() - start)


def calibration() -> float:
    """Seconds for a fixed pure-Python loop of one million steps (machine speed reference)."""
    start = time.process_time()
    x = 0
    for i in range(1_000_000):
        x += i & 7
    return time.process_time() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--deals", type=int, default=3000, help="deals per configuration (default 3000)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=3, help="runs per configuration; the best is shown")
    args = parser.parse_args()
    bench("seed", 4, 200, args.seed)  # warm the lazily filled action tables
    print(f"calibration loop: {calibration() * 1000:.0f} ms (1e6 steps)")
    for players in (3, 4, 5):
        for variant in ("seed", "fft"):
            rate = max(bench(variant, players, args.deals, args.seed) for _ in range(args.repeat))
            print(f"tarot {variant:4} {players} players: {rate:8.0f} deals/s")


if __name__ == "__main__":
    main()
