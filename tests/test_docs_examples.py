"""The docs' first Python examples run as written, and say what they print (a researcher copied them: the envs
example used ``np`` without importing it, the analysis example's loop and comment misled)."""

from __future__ import annotations

import re
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

DOCS = Path(__file__).resolve().parent.parent / "docs"


def _first_block(name: str) -> str:
    found = re.search(r"```python\n(.*?)```", (DOCS / name).read_text(encoding="utf-8"), re.S)
    assert found, f"{name} has no python example"
    return found.group(1)


def test_the_solver_example_runs_and_says_what_it_gives() -> None:
    pytest.importorskip("numba")
    scope: dict[str, Any] = {}
    exec(compile(_first_block("analysis.md"), "docs/analysis.md", "exec"), scope)
    s, g = scope["s"], scope["g"]
    assert g.phase == "play" and len(g.history) == 12 and not g.trick  # trick 13's lead
    assert s.returns == tuple(Fraction(x) for x in (20, 20, -60, 20))
    assert g.taker == 2  # "Player 3's prise"
    assert s.cards["play 4C"].returns == tuple(Fraction(x) for x in (18, 18, -54, 18))
    assert s.best_cards() == ["play JS", "play 8D", "play JC", "play T16"]


def test_the_environments_example_runs() -> None:
    pytest.importorskip("pyspiel", reason="pip install 'atout[rl]'")
    pytest.importorskip("pettingzoo", reason="pip install 'atout[rl]'")
    scope: dict[str, Any] = {}
    exec(compile(_first_block("envs.md"), "docs/envs.md", "exec"), scope)
    assert scope["world"].information_state_string(scope["state"].current_player()) == \
        scope["state"].information_state_string(scope["state"].current_player())
