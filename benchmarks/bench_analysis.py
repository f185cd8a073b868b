"""How long a post-deal analysis takes (issue 20, docs/analysis.md): the last ``--tricks`` tricks of finished
4-player Tarot deals (heuristic play, seeded), every position solved with each card's value. ``--grow N``
(a node budget, as the browser's and the terminal's default of 3 million): after the last 5 tricks, the
earlier tricks added within N nodes; prints where each analysis starts, its nodes and its CPU time.

    python benchmarks/bench_analysis.py --deals 10 --tricks 4,5,6,7
    python benchmarks/bench_analysis.py --deals 16 --grow 3000000
"""

from __future__ import annotations

import argparse
import statistics
import time

import atout
from atout.analysis.deal import analyse
from atout.analysis.solver import solve
from atout.bots import make_bot


def played_deal(seed: int, players: int, variant: str) -> list[tuple[object, str]] | None:
    """A deal played by the heuristic at every seat, as (state before, card) pairs; None if all passed."""
    g = atout.new_game("tarot", players=players, variant=variant, seed=seed)
    bots = [make_bot("tarot", "heuristic", seed=seed + s) for s in range(players)]
    plays: list[tuple[object, str]] = []
    while g.current_player is not None and g.deal_index == 0:
        seat = g.current_player
        a = bots[seat].act(g.observation(seat))
        if g.phase == "play" and a.kind == "play":
            plays.append((g.clone(), a.args[0]))
        g.apply(a)
    return plays or None


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--deals", type=int, default=10, help="deals measured (1 or more)")
    p.add_argument("--tricks", default="4,5,6", help="comma-separated numbers of last tricks analysed")
    p.add_argument("--players", type=int, default=4, choices=(3, 4, 5))
    p.add_argument("--variant", default="fft", choices=("fft", "seed"))
    p.add_argument("--grow", type=int, default=0, metavar="N",
                   help="node budget for earlier tricks after the last 5 (0: --tricks instead)")
    args = p.parse_args()
    deals = []
    seed = 0
    while len(deals) < args.deals:
        seed += 1
        d = played_deal(seed, args.players, args.variant)
        if d:
            deals.append(d)
    solve(deals[0][-1][0])  # type: ignore[arg-type]  # the compiled kernel loaded before timing
    if args.grow:
        grown(deals, args)
        return
    for tricks in (int(t) for t in args.tricks.split(",")):
        times = []
        for d in deals:
            t0 = time.perf_counter()
            analyse(d, 0, tricks)  # type: ignore[arg-type]
            times.append(time.perf_counter() - t0)
        print(f"{args.players}p {args.variant} last {tricks} tricks: median {statistics.median(times):.3f} s, "
              f"max {max(times):.3f} s over {len(times)} deals", flush=True)


def grown(deals: list[list[tuple[object, str]]], args: argparse.Namespace) -> None:
    """Each deal's analysis grown within ``--grow`` nodes: its first trick, tricks, nodes and CPU time."""
    firsts, counts, cpus = [], [], []
    for i, d in enumerate(deals):
        t0 = time.process_time()
        a = analyse(d, 0, 5, None, args.grow)  # type: ignore[arg-type]
        cpu = time.process_time() - t0
        nodes = sum(c.nodes for c in a.cards)
        firsts.append(a.first_trick)
        counts.append(a.tricks - a.first_trick + 1)
        cpus.append(cpu)
        print(f"deal {i + 1}: from trick {a.first_trick} ({counts[-1]} tricks), {nodes} nodes kept, "
              f"{cpu:.2f} s CPU", flush=True)
    print(f"{args.players}p {args.variant} grown within {args.grow} nodes: tricks analysed median "
          f"{statistics.median(counts)} (min {min(counts)}, max {max(counts)}), first trick {min(firsts)} to "
          f"{max(firsts)}; CPU median {statistics.median(cpus):.2f} s, max {max(cpus):.2f} s over {len(deals)} deals")


if __name__ == "__main__":
    main()
