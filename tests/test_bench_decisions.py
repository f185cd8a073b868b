"""``benchmarks/bench_decisions.py`` (the per-decision CPU time of docs/bots.md) runs and times what it says."""

from __future__ import annotations

import runpy
from pathlib import Path
from typing import Any

import atout
from atout.bots import make_bot


def _bench() -> Any:
    """The benchmark script's functions (it is a script, not a module of the package)."""
    return runpy.run_path(str(Path(__file__).resolve().parents[1] / "benchmarks" / "bench_decisions.py"))


def test_times_exactly_seat_zero_decisions_with_a_choice() -> None:
    times = _bench()["bench"]("triomphe", "classic", 2, "search", deals=2, seed=11)
    # The same two deals replayed: seat 0's decisions with more than one legal action, counted here.
    expected = 0
    for i in range(2):
        state = atout.new_game("triomphe", players=2, variant="classic", seed=11 + i)
        bots = [make_bot("triomphe", "search", seed=11 + i), make_bot("triomphe", "heuristic", seed=12 + i)]
        while not state.is_terminal():
            seat = state.current_player
            assert seat is not None
            obs = state.observation(seat)
            expected += seat == 0 and len(obs.legal_actions) > 1
            state.apply(bots[seat].act(obs))
    assert expected > 0 and len(times) == expected
    assert all(t >= 0 for t in times)
