"""Issue 17, point 1 in a real browser: the web table draws the hand in the game's own order (Chromium).

Expected orders worked from the seeds in tests/test_present_order.py (La Triomphe K Q J A 10 …, seed 002;
Mistigri's valet de trèfle above all, seed 003; La Prime by the count's values, seed 004).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser

from atout.core.cards import Card
from test_present_order import expected_key
from test_web_e2e import Server, create_from_lobby, new_page


@pytest.mark.parametrize(("game", "players", "order"), [("triomphe", 2, "triomphe"), ("mistigri", 4, "mistigri"),
                                                        ("prime", 4, "prime")])
def test_the_page_draws_the_hand_in_the_games_order(server: Server, browser: Browser, game: str, players: int,
                                                    order: str, tmp_path: Path) -> None:
    page = new_page(browser)
    for seed in range(3, 30):
        create_from_lobby(page, server, game, players, seed=seed)
        page.wait_for_selector("#hand [data-card]")
        hand = page.eval_on_selector_all("#hand [data-card]", "els => els.map(e => e.dataset.card)")
        assert hand == sorted(hand, key=lambda c: expected_key(order, c)), hand
        if hand != sorted(hand, key=lambda c: ("SHDC".index(c[-1]), -Card.parse(c).id)):
            break  # a hand where the game's order differs from the pack's (an Ace among the low cards…)
    else:
        pytest.fail("no hand where the orders differ")
    assert not page.errors  # type: ignore[attr-defined]
