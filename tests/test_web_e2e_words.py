"""In a real browser (Debian's Chromium through Playwright): the table page shows the game's facts (issue 17,
point 4): at La Prime en société, the partner named and every seat's chips, in French and in English.

Skipped without Chromium or Playwright, like tests/test_web_e2e.py (a failure in CI, ``CI=true``).
"""

from __future__ import annotations

import re

import pytest

# The guard (skip without Playwright or Chromium; a failure in CI) is tests/test_web_e2e.py's: importing it runs
# the guard before anything imports Playwright here. The server and browser fixtures: tests/browser_fixtures.py.
from test_web_e2e import Browser, Server

pytestmark = pytest.mark.web_server(http_rate=50.0)
TIMEOUT = 20_000  # ms


@pytest.mark.parametrize(("lang", "partner", "chips"), [
    ("fr", "Votre partenaire : Robot moyen 3.", r"Jetons Vous : \d+ · Robot moyen 2 : \d+"),  # a bot named by its level
    ("en", "Your partner: Medium bot 3.", r"Chips You: \d+ · Medium bot 2: \d+"),
])
def test_the_page_names_the_partner_and_the_chips_at_la_prime_en_societe(browser: Browser, server: Server, lang: str,
                                                                         partner: str, chips: str) -> None:
    page = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
    page.set_default_timeout(TIMEOUT)
    page.goto(server.url + "/")
    page.evaluate(f"localStorage.setItem('atout.lang', '{lang}')")
    page.reload()
    page.select_option("#f-game", "prime")
    page.select_option("#f-variant", "societe")
    page.select_option("#f-players", "4")
    page.select_option("#f-mode", "bots")
    page.click("#create")
    page.wait_for_selector("#your-turn, #over")
    text = " ".join(page.inner_text("#situation").replace("\u202f", " ").replace("\xa0", " ").split())
    assert partner in text, text  # seat 0's partner is seat 2 (teams 0–2, 1–3: D10)
    # each seat's chips in the side panel's own row, and not said a second time above it
    facts = " ".join(page.inner_text("#facts").replace("\u202f", " ").replace("\xa0", " ").split())
    assert re.search(chips, facts) and "Jetons —" not in text and "Chips —" not in text, (facts, text)
