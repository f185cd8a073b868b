"""The double-dummy solver's speed (issue 20): median time to solve a position, and nodes per second.

Usage: python benchmarks/bench_solver.py [--positions 20] [--seed 1] [--python] [--value-only] [--each] [--only 4p8]
                                        [--repeat R]

Positions: random deals (seeded; random bids, écart and announcements, as tests/test_solver.py makes them)
played at random to a trick boundary with N cards a hand, or the first lead of the play phase ("whole
deal"). Each is solved once with ``cards=False`` (the value of the position) and once with ``cards=True``
(also the value of every legal card), each solve from an empty transposition table. The numba kernel is
compiled (or loaded from its cache) before timing; ``--python`` times the plain Python fallback instead.
The times have a long tail (a few positions cost 100 times the median), so the median of a few positions
moves a lot with the sample: the quartiles are printed beside it. ``--repeat R`` keeps each position's least
time of R solves (a shared machine's noise only adds time). Times are the CPU time of this process
(``time.process_time``: the machine is shared), with the wall time and a calibration loop (a fixed
pure-Python loop of 10**6 steps, as bench_engine.py prints) beside them.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time

import atout
from atout.analysis import solve
from atout.analysis import solver as S
from atout.games.tarot.state import TarotState

#: name -> (players, cards a hand; 0 = the first lead of the play phase)
SETS = {"4p8": (4, 8), "3p8": (3, 8), "5p8": (5, 8), "4p9": (4, 9), "4p10": (4, 10), "4p11": (4, 11),
        "4p12": (4, 12), "4p": (4, 0), "3p": (3, 0), "5p": (5, 0)}


def position(seed: int, players: int, cards: int, variant: str) -> TarotState:
    """A seeded random deal at a trick boundary with ``cards`` cards a hand (0: the first lead)."""
    rng = random.Random(seed)
    g: TarotState = atout.new_game("tarot", players=players, variant=variant, seed=seed)  # type: ignore[assignment]
    while g.phase != "play" or g.trick or (cards and max(h.bit_count() for h in g.hands) > cards):
        if g.phase == "play" and not cards and not g.trick and g.trick_no == 0 and \
                all(str(a).startswith("play") for a in g.legal_actions()):
            break
        g.apply(rng.choice([a for a in g.legal_actions() if not str(a).startswith("announce poignee")]
                           or g.legal_actions()))
        if g.current_player is None:  # everybody passed: deal again
            g = atout.new_game("tarot", players=players, variant=variant, seed=rng.randrange(10**9))  # type: ignore[assignment]
    return g


def fresh_table() -> None:
    """Empty every transposition table (a new generation: its entries no longer match), so each timed solve
    starts cold, as a solve of a new deal does; the tables' memory is kept, as the process keeps it."""
    for table in S._TABLES.values():
        table.owner = None


def bench(name: str, positions: int, seed: int, python: bool, value_only: bool = False, each: bool = False,
          repeat: int = 1) -> None:
    players, cards = SETS[name]
    for every in (False,) if value_only else (False, True):
        times: list[float] = []
        walls: list[float] = []
        nodes: list[int] = []
        for i in range(positions):
            g = position(seed + i, players, cards, "seed" if i % 2 else "fft")
            best = (float("inf"), float("inf"))
            for _ in range(repeat):  # the least of ``repeat`` solves: a shared machine only ever adds time
                fresh_table()
                wall, start = time.perf_counter(), time.process_time()
                s = solve(g, cards=every, python=python)
                best = min(best, (time.process_time() - start, time.perf_counter() - wall))
            times.append(best[0])
            walls.append(best[1])
            nodes.append(s.nodes)
            if each:
                print(f"  {name} seed {seed + i}: {1000 * times[-1]:.1f} ms cpu, {s.nodes} nodes", flush=True)
        rate = sum(nodes) / sum(times)
        what = "every card" if every else "value only"
        q1, _, q3 = statistics.quantiles(times, n=4) if positions > 1 else (times[0],) * 3
        print(f"{name:5} {what:10} {positions} positions: median {1000 * statistics.median(times):9.1f} ms, "
              f"quartiles {1000 * q1:.1f}-{1000 * q3:.1f} ms, "
              f"max {1000 * max(times):9.1f} ms (cpu; wall median {1000 * statistics.median(walls):.1f} ms), "
              f"median nodes {statistics.median(nodes):>10.0f}, "
              f"{rate:10.0f} nodes/s", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--positions", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--python", action="store_true", help="the plain Python kernel (no numba)")
    parser.add_argument("--value-only", action="store_true", help="skip the solves of every card")
    parser.add_argument("--each", action="store_true", help="print every position's time as it is solved")
    parser.add_argument("--only", choices=sorted(SETS), action="append", help="only these sets (repeatable)")
    parser.add_argument("--repeat", type=int, default=1, choices=range(1, 11), metavar="R",
                        help="solve each position R times (1 to 10) and keep the least time (default 1)")
    args = parser.parse_args()
    start = time.process_time()
    x = 0
    for i in range(1_000_000):
        x += i & 7
    print(f"calibration loop: {1000 * (time.process_time() - start):.0f} ms (1e6 steps); load: {os.getloadavg()}")
    start = time.perf_counter()
    solve(position(0, 4, 2, "fft"))  # compile, or load the compiled kernel from numba's cache
    print(f"warm-up (compile or load the kernel): {time.perf_counter() - start:.1f} s")
    for name in args.only or list(SETS):
        bench(name, args.positions, args.seed, args.python, args.value_only, args.each, args.repeat)


if __name__ == "__main__":
    main()
