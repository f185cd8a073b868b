"""The card room's leftovers in a real browser (Debian's Chromium through Playwright), French and English:
the écart's confirm kept in view beside a 30-card hand (1280×800 and a phone), the score sheet headed by the
seats' names, La Triomphe's debts hidden while nobody owes.

Skipped without Chromium or Playwright, like tests/test_web_e2e.py (a failure in CI, ``CI=true``).
"""

from __future__ import annotations

from typing import Any

import pytest

# The guard (skip without Playwright or Chromium; a failure in CI) is tests/test_web_e2e.py's: importing it runs
# the guard before anything imports Playwright here. The server and browser fixtures: tests/browser_fixtures.py.
from test_web_e2e import IMG, Browser, Page, Server, create_from_lobby, seed_where_we_make_the_ecart
from test_web_room_e2e import in_language, play_until

pytestmark = [pytest.mark.xdist_group("web_polish"), pytest.mark.web_server(bot_delay=0), pytest.mark.usefixtures("close_pages")]


def inside(box: dict[str, float], width: int, height: int) -> bool:
    return box["x"] >= 0 and box["y"] >= 0 and box["x"] + box["width"] <= width and box["y"] + box["height"] <= height


def overlap(a: dict[str, float], b: dict[str, float]) -> bool:
    return (a["x"] < b["x"] + b["width"] and b["x"] < a["x"] + a["width"]
            and a["y"] < b["y"] + b["height"] and b["y"] < a["y"] + a["height"])


def card_boxes(page: Page) -> list[dict[str, Any]]:
    return page.eval_on_selector_all("#hand .card-btn", "els => els.map(e => { const r = e.getBoundingClientRect(); "
                                     "return {x: r.x, y: r.y, width: r.width, height: r.height}; })")


SHEET = {"fr": ["Donne", "Vous", "Robot débutant 2", "Robot débutant 3"],
         "en": ["Deal", "You", "Beginner bot 2", "Beginner bot 3"]}


@pytest.mark.parametrize(("lang", "size"), [("fr", (1280, 800)), ("en", (1280, 800)), ("fr", (390, 844))],
                         ids=["fr-1280x800", "en-1280x800", "fr-phone"])
def test_the_ecart_confirm_stays_in_view_beside_thirty_cards(server: Server, browser: Browser, lang: str,
                                                             size: tuple[int, int]) -> None:
    """Tarot at three, our écart: 24 cards + the chien's 6 in hand. The counter and the confirm sit in view at once
    (they were below the fold at 1280×800), over no card, and stay in view when the hand is scrolled to its end."""
    width, height = size
    page = in_language(browser, server, lang, size)
    create_from_lobby(page, server, "tarot", 3, seed=seed_where_we_make_the_ecart(3))
    play_until(page, "() => !!T.frame.select")
    assert page.evaluate("() => T.frame.select.kind") == "ecart"
    assert page.locator("#hand .card-btn").count() == 30
    page.mouse.move(0, 0)  # no card raised by the pointer
    confirm = page.locator("#confirm-pick").bounding_box()
    bar = page.locator("#pick-bar").bounding_box()
    assert confirm is not None and bar is not None
    assert inside(confirm, width, height), (confirm, size)
    assert inside(page.locator("#select-counter").bounding_box() or {}, width, height)
    assert not [c for c in card_boxes(page) if overlap(bar, c)], "the bar lies over a card of the hand"
    page.locator("#hand .card-btn").last.scroll_into_view_if_needed()
    assert inside(page.locator("#confirm-pick").bounding_box() or {}, width, height)
    page.evaluate("() => document.querySelector('#hand').scrollIntoView({block: 'start'})")  # the hand at the top
    assert inside(page.locator("#confirm-pick").bounding_box() or {}, width, height)
    # the score sheet is headed by the seats' names as the table shows them, never "J2 J3"
    heads = [" ".join(h.split()) for h in page.eval_on_selector_all("#sheet thead th", "els => els.map(e => e.innerText)")]
    assert heads == SHEET[lang]
    assert not page.errors  # type: ignore[attr-defined]
    if IMG.name == "img":
        page.evaluate("() => window.scrollTo(0, 0)")
        page.screenshot(path=str(IMG / f"polish-ecart-{lang}-{width}.png"))


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_la_triomphe_shows_no_debts_while_nobody_owes(server: Server, browser: Browser, lang: str) -> None:
    page = in_language(browser, server, lang, (1280, 900))
    create_from_lobby(page, server, "triomphe", 2)
    page.wait_for_selector("#facts")
    assert page.evaluate("() => T.frame.obs.public.debts") == [0, 0]
    word = {"fr": "Dettes", "en": "Debts"}[lang]
    assert word not in page.inner_text("#facts")
    # a debt owed is still said, by seat (the page's own function on a frame's value)
    said = page.evaluate("() => factValue('debts', [0, 3], 0, 2, null)")
    assert said.replace("\u00a0", " ") == {"fr": "Vous : 0 · Robot débutant 2 : 3", "en": "You: 0 · Beginner bot 2: 3"}[lang]
    assert not page.errors  # type: ignore[attr-defined]


@pytest.mark.parametrize(("lang", "name", "said"), [
    ("fr", "Robot moyen 2", "ce nom est un de ceux que la table donne"),
    ("en", "Medium bot 2", "this name is one the table gives"),
])
def test_the_lobby_says_a_refused_nickname_in_its_language(server: Server, browser: Browser, lang: str, name: str,
                                                           said: str) -> None:
    """A nickname the table gives (a bot's name) is refused by the server, and the lobby shows the server's sentence in
    the page's language (once "name: a name may not be…" in English on a French page)."""
    page = in_language(browser, server, lang, (1280, 800))
    page.fill("#f-name", name)
    page.click("#create")
    page.wait_for_selector("#create-error:not([hidden])")
    text = page.inner_text("#create-error")
    assert said in text, text
    assert not page.errors  # type: ignore[attr-defined]
