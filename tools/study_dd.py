"""The double-dummy study of issue 20 (docs/analysis.md, "Study"): over random Tarot deals bid by the heuristic,
how often each contract is made with every card seen, and how far real play falls short of that value.

Each deal (seed ``--seed + i``) is bid, its écart made and played by the ``heuristic`` bot at every seat up to
the first card of trick ``ntricks - tricks + 1`` (``--tricks``; all of them: the whole deal from the first
lead). From that position: its double-dummy value (:func:`atout.analysis.solve`), then the rest played on by
the heuristic at every seat, and by the search (``search``) at every seat. Written: one JSON line per deal
(``--out``), and with ``--report`` the table (Markdown) and a PNG plot (Matplotlib, ``atout[plot]``).

    python tools/study_dd.py --deals 10000 --tricks 18 --seed 1 --out study.jsonl   # the issue's study
    python tools/study_dd.py --report study.jsonl --plot docs/img/analysis-study.png
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections import defaultdict
from fractions import Fraction
from pathlib import Path
from typing import Any

import atout
from atout.analysis import Value, solve
from atout.analysis.deal import margin
from atout.bots import make_bot

CONTRACTS = ("petite", "prise", "garde", "garde_sans", "garde_contre")


def _made(variant: str, outcome: dict[str, Any]) -> tuple[float, int]:
    """(attack points, margin) of a finished deal from the engine's outcome."""
    v = Value((), Fraction(outcome["attack_points"]), Fraction(0), int(outcome["attack_oudlers"]),
              outcome["petit_au_bout"], str(outcome["slam"]))
    return float(v.attack_points), margin(variant, v)


def play_on(state: Any, bots: list[Any]) -> dict[str, Any]:
    """``state`` played to the end of the deal by ``bots`` (one per seat); the engine's outcome."""
    while state.outcome is None and state.current_player is not None:
        seat = state.current_player
        state.apply(bots[seat].act(state.observation(seat)))
    assert state.outcome is not None
    return dict(state.outcome)


def one_deal(seed: int, players: int, variant: str, tricks: int) -> dict[str, Any]:
    """One deal of the study (see the module docstring), as a JSON-ready dict."""
    g = atout.new_game("tarot", players=players, variant=variant, seed=seed, dealer=seed % players)
    heur = [make_bot("tarot", "heuristic", seed=seed * 10 + s) for s in range(players)]
    start = g.rules.hand_size - tricks  # tricks played before the analysed position
    while g.current_player is not None and not (g.phase == "play" and g.trick_no == start and not g.trick):
        seat = g.current_player
        g.apply(heur[seat].act(g.observation(seat)))
        if g.deal_index > 0:
            break
    if g.contract is None or g.phase != "play" or g.deal_index > 0:
        return {"seed": seed, "contract": None}
    t0 = time.perf_counter()
    dd = solve(g, cards=False)
    took = time.perf_counter() - t0
    out: dict[str, Any] = {"seed": seed, "contract": g.contract, "taker": g.taker, "first_trick": start + 1,
                           "dd_points": float(dd.attack_points),
                           "dd_margin": margin(variant, dd), "solve_s": round(took, 4), "nodes": dd.nodes}
    h = play_on(g.clone(), heur)
    out["heuristic_points"], out["heuristic_margin"] = _made(variant, h)
    search = [make_bot("tarot", "search", seed=seed * 10 + s) for s in range(players)]
    s = play_on(g.clone(), search)
    out["search_points"], out["search_margin"] = _made(variant, s)
    return out


def report(rows: list[dict[str, Any]]) -> str:
    """The Markdown table: per contract, deals, made double-dummy / by the heuristic / by the search, and the
    mean shortfall of real play (double-dummy points minus the points made, the attack's side)."""
    by: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for r in rows:
        by[r["contract"] or "pass"].append(r)
    lines = ["| contract | deals | made dd | made heuristic | made search | dd − heuristic (pts) | "
             "dd − search (pts) | heuristic: attack / defence short | search: attack / defence short |",
             "|---|---:|---:|---:|---:|---:|---:|---:|---:|"]
    played = [r for r in rows if r["contract"]]
    for name in (*CONTRACTS, "all"):
        rs = played if name == "all" else by.get(name, [])
        if not rs:
            continue
        lines.append(f"| {name} | {len(rs)} | {_pct(rs, 'dd_margin')} | {_pct(rs, 'heuristic_margin')} | "
                     f"{_pct(rs, 'search_margin')} | {_gap(rs, 'heuristic_points')} | {_gap(rs, 'search_points')} | "
                     f"{_short(rs, 'heuristic_points')} | {_short(rs, 'search_points')} |")
    lines.append(f"\nDeals: {len(rows)}, all passed: {len(by.get('pass', []))}.")
    return "\n".join(lines)


def _pct(rs: list[dict[str, Any]], key: str) -> str:
    """The share of deals whose margin ``key`` is made (≥ 0)."""
    return f"{100 * sum(r[key] >= 0 for r in rs) / len(rs):.1f} %"


def _gap(rs: list[dict[str, Any]], key: str) -> str:
    """Mean double-dummy points minus the points made (``key``), with its 95% half-interval."""
    return _mean_ci([r["dd_points"] - r[key] for r in rs])


def _short(rs: list[dict[str, Any]], key: str) -> str:
    """Mean points each side left against perfect play: the attack's (dd above played) / the defence's (below)."""
    d = [r["dd_points"] - r[key] for r in rs]
    return f"{statistics.fmean(max(0.0, x) for x in d):.2f} / {statistics.fmean(max(0.0, -x) for x in d):.2f}"


def _mean_ci(xs: list[float]) -> str:
    m = statistics.fmean(xs)
    if len(xs) < 2:
        return f"{m:+.1f}"
    half = 1.96 * statistics.stdev(xs) / len(xs) ** 0.5
    return f"{m:+.1f} ± {half:.1f}"


def plot(rows: list[dict[str, Any]], path: str) -> None:
    """Histogram of the shortfall (double-dummy points minus points made) for the heuristic and the search."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    played = [r for r in rows if r["contract"]]
    fig, ax = plt.subplots(figsize=(8, 4), dpi=100)
    bins = list(range(-30, 31, 2))
    for key, label in (("heuristic_points", "heuristic"), ("search_points", "search")):
        ax.hist([r["dd_points"] - r[key] for r in played], bins=bins, alpha=0.55, label=label)
    ax.axvline(0, color="black", linewidth=0.8)
    ax.set_xlabel("double-dummy attack points − attack points as played (the attack's shortfall)")
    ax.set_ylabel("deals")
    first = played[0]["first_trick"] if played else 1
    ax.set_title(f"{len(played)} deals, from trick {first}: real play against perfect play")
    ax.legend()
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0], formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--deals", type=int, default=100, help="random deals, 1 or more (the issue: 10,000)")
    p.add_argument("--seed", type=int, default=1, help="seed of the first deal (deal i: seed + i)")
    p.add_argument("--players", type=int, choices=(3, 4, 5), default=4, help="players (default 4)")
    p.add_argument("--variant", choices=("fft", "seed"), default="fft", help="rules (default fft)")
    p.add_argument("--tricks", type=int, default=6,
                   help="the last tricks solved, 1 to the tricks of a deal (default 6; all: from the first lead)")
    p.add_argument("--out", default=None, help="append one JSON line per deal to this file (resumable)")
    p.add_argument("--report", default=None, metavar="FILE", help="print the table of a --out file instead")
    p.add_argument("--plot", default=None, metavar="FILE.png", help="with --report: the histogram as a PNG")
    args = p.parse_args(argv)
    if args.report:
        rows = [json.loads(line) for line in Path(args.report).read_text(encoding="utf-8").splitlines() if line]
        print(report(rows))
        if args.plot:
            plot(rows, args.plot)
        return 0
    if args.deals < 1:
        p.error("--deals must be 1 or more")
    hand = {3: 24, 4: 18, 5: 15}[args.players]
    if not 1 <= args.tricks <= hand:
        p.error(f"--tricks must be 1 to {hand}")
    done: set[int] = set()
    if args.out and Path(args.out).exists():
        done = {json.loads(line)["seed"] for line in Path(args.out).read_text(encoding="utf-8").splitlines() if line}
    for i in range(args.deals):
        seed = args.seed + i
        if seed in done:
            continue
        row = one_deal(seed, args.players, args.variant, args.tricks)
        line = json.dumps(row)
        if args.out:
            with open(args.out, "a", encoding="utf-8") as f:
                f.write(line + "\n")
        else:
            print(line, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
