"""Simple statistics of a played match, language-free (for ``atout simulate`` and its ``--json``).

Built from the score sheet and the ``deal_scored`` events: the mean score per seat and, for games
with contracts (Tarot), the contracts taken by kind with their success rate; for Triomphe, how the
deals ended.

>>> import atout, random
>>> g = atout.new_game("tarot", players=4, seed=2, deals=3)
>>> rng = random.Random(2)
>>> while not g.is_terminal():
...     g.apply(rng.choice(g.legal_actions()))
>>> s = match_stats(g)
>>> len(s["mean_per_seat"]), sum(c["taken"] for c in s.get("contracts", {}).values()) <= 3
(4, True)
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from typing import Any

from atout.core.protocol import GameState, json_number


def match_stats(state: GameState) -> dict[str, Any]:
    """``{"deals", "mean_per_seat", "contracts"?, "endings"?}`` for a match (finished or not)."""
    sheet = state.sheet()
    n = state.players
    means = [json_number(Fraction(sum((Fraction(r[s]) for r in sheet), Fraction(0)), len(sheet))) if sheet else 0
             for s in range(n)]
    out: dict[str, Any] = {"deals": len(sheet), "mean_per_seat": [round(float(m), 3) for m in means]}
    taken: Counter[str] = Counter()
    made: Counter[str] = Counter()
    endings: Counter[str] = Counter()
    for e in state.events(None):
        if e.kind != "deal_scored":
            continue
        if "contract" in e.data and "made" in e.data:
            taken[e.data["contract"]] += 1
            made[e.data["contract"]] += bool(e.data["made"])
        if "reason" in e.data:
            endings[str(e.data["reason"])] += 1
    if taken:
        order = list(getattr(state.rules, "contracts", ())) or sorted(taken)
        out["contracts"] = {k: {"taken": taken[k], "made": made[k], "success_rate": round(made[k] / taken[k], 3)}
                            for k in order if taken[k]}
        out["all_passed"] = sum(1 for d in state.log if d.note.startswith("all passed"))
    if endings:
        out["endings"] = dict(sorted(endings.items()))
    return out
