"""CPU time a bot takes per decision, per game, variant and player count (mean, 95th percentile, worst).

Usage: python benchmarks/bench_decisions.py [--bot search] [--game tarot] [--deals 4] [--seed 1]

The bot sits at seat 0 of single-deal games whose other seats play ``heuristic``; only decisions with
more than one legal action are timed (a lone action is answered at once). Issue 11 asks that the level
``hard`` (the ``search`` bot) decide within 1 s on this machine; the figures are in docs/bots.md.
"""

from __future__ import annotations

import argparse
import statistics
import time

import atout
from atout.bots import make_bot


def bench(game: str, variant: str, players: int, bot: str, deals: int, seed: int) -> list[float]:
    """CPU seconds of each timed decision of ``bot`` over ``deals`` deals (seeds ``seed``, ``seed + 1``…)."""
    times: list[float] = []
    for i in range(deals):
        state = atout.new_game(game, players=players, variant=variant, seed=seed + i)
        bots = [make_bot(game, bot, seed=seed + i)] + [make_bot(game, "heuristic", seed=seed + i + s)
                                                       for s in range(1, players)]
        while not state.is_terminal():
            seat = state.current_player
            assert seat is not None
            obs = state.observation(seat)
            if seat == 0 and len(obs.legal_actions) > 1:
                start = time.process_time()
                action = bots[0].act(obs)
                times.append(time.process_time() - start)
            else:
                action = bots[seat].act(obs)
            state.apply(action)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--bot", default="search", help="bot at seat 0 (default search, the level hard)")
    parser.add_argument("--game", help="only this game (default: every registered game)")
    parser.add_argument("--players", type=int, help="only this player count")
    parser.add_argument("--deals", type=int, default=4, help="deals per configuration (default 4)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(f"{'game':10} {'variant':16} {'players':>7} {'decisions':>9} {'mean ms':>8} {'p95 ms':>7} {'worst ms':>8}")
    for info in atout.list_games():
        if args.game and info.name != args.game:
            continue
        for variant in info.variants:
            for players in info.player_counts[variant]:
                if args.players and players != args.players:
                    continue
                t = bench(info.name, variant, players, args.bot, args.deals, args.seed)
                if not t:
                    continue
                p95 = statistics.quantiles(t, n=20, method="inclusive")[-1] if len(t) > 1 else t[0]
                print(f"{info.name:10} {variant:16} {players:7} {len(t):9} {1000 * statistics.fmean(t):8.0f} "
                      f"{1000 * p95:7.0f} {1000 * max(t):8.0f}", flush=True)


if __name__ == "__main__":
    main()
