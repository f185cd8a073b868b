"""Shared helpers for the test-suite."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator

import pytest

import atout
from atout.core.protocol import GameState

pytest_plugins = ["browser_fixtures"]  # the browser tests' server, browser and page closing (tests/test_*e2e*.py)

# A card code as it appears in JSON text: plain cards, trumps T1..T21, the Excuse.
CARD_CODE = re.compile(r"(?<![A-Za-z0-9])(10|[2-9AJNQK])[SHDC](?![A-Za-z0-9])|(?<![A-Za-z0-9])(T\d{1,2}|EX)(?![A-Za-z0-9])")


def configurations() -> Iterator[tuple[str, str, int]]:
    """Every (game, variant, players) the registry offers."""
    for info in atout.list_games():
        for variant in info.variants:
            for players in info.player_counts[variant]:
                yield info.name, variant, players


def random_playout(state: GameState, seed: int) -> GameState:
    """Play random legal actions to the end; return the state."""
    rng = random.Random(seed)
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))
    return state


def codes_in(text: str) -> set[str]:
    """Card codes mentioned in a text."""
    return {m.group(0) for m in CARD_CODE.finditer(text)}


@pytest.fixture(autouse=True)
def _records_in_a_temporary_folder(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """``atout play`` saves a record on exit (default ~/.local/share/atout/records): never the home folder in tests."""
    monkeypatch.setenv("ATOUT_RECORDS", str(tmp_path_factory.mktemp("records")))


@pytest.fixture(autouse=True)
def _no_solver_warmup(monkeypatch: pytest.MonkeyPatch) -> None:
    """The many apps the tests start do not each load the analyses' solver (seconds of CPU): the first analysis does.
    The servers they start as processes (``atout serve``) inherit ``ATOUT_WARM_SOLVER=0``; a test of the warm-up
    itself sets ``replays.WARM_SOLVER`` back (tests/test_web_harden.py)."""
    from atout.web import replays

    monkeypatch.setattr(replays, "WARM_SOLVER", False)
    monkeypatch.setenv("ATOUT_WARM_SOLVER", "0")
