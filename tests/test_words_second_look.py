"""Issue 17, second look: what a newcomer still found odd after playing both tables (the terminal's words, the
engine-side words, the catalogs). Each test names the point of the report it checks."""

from __future__ import annotations

import re

import pytest

import atout
from atout.core.protocol import game_info


@pytest.mark.parametrize("game", [info.name for info in atout.list_games()])
def test_english_rules_summaries_read_as_english(game: str) -> None:
    """Point 5: no spec decision numbers (``D8``), no 'after seed 001', no gloss left in French word order."""
    text = game_info(game).rules_text("en")
    assert not re.search(r"\bD\d+\b", text), text
    assert not re.search(r"\bseed \d{3}\b", text), text
    assert "turned card for* one of his" not in text and "(*turned card for*" not in text
    assert "spec's" not in text and "decision" not in text.lower()
