"""In a real browser (Debian's Chromium through Playwright): the replay of a finished Tarot deal shows its
analysis with every card seen (issue 20): a button, then an SVG chart of the value card by card (one dot per
card, the costly ones marked) and each card's cost in the page's language.

Skipped without Chromium or Playwright, like tests/test_web_e2e.py (a failure in CI, ``CI=true``).
"""

from __future__ import annotations

import json
from itertools import pairwise
from pathlib import Path
from typing import TYPE_CHECKING

import httpx
import pytest

# The guard is tests/test_web_e2e.py's (imported first: it runs); the server and browser: tests/browser_fixtures.py.
from test_web_e2e import IMG, Browser, Server
from test_web_room_e2e import axe_serious

if TYPE_CHECKING:
    from playwright.sync_api import Route

pytestmark = [pytest.mark.xdist_group("web_e2e_analysis"), pytest.mark.web_server(http_rate=50.0, replay_rate=50.0)]
TIMEOUT = 30_000  # ms: the worker's first solve loads the compiled solver
PAB = Path(__file__).parent / "records" / "tarot" / "seed_petit_au_bout_won.json"


@pytest.mark.parametrize(("lang", "button", "summary", "foreign"), [
    ("fr", "Analyser la donne, toutes cartes vues", "Toutes cartes vues depuis le pli {first}, l'attaque fait",
     ("attack", "cost", "nothing lost")),
    ("en", "Analyse the deal, every card seen", "With every card seen from trick {first}, the attack makes",
     ("attaque", "coûté", "rien perdu")),
])
def test_the_replay_draws_the_deals_value_and_each_cards_cost(browser: Browser, server: Server, lang: str, button: str,
                                                             summary: str, foreign: tuple[str, ...]) -> None:
    r = httpx.post(server.url + "/api/records", content=PAB.read_bytes(), headers={"content-type": "application/json"},
                   timeout=60)  # a loaded machine: the worker process may still be starting
    assert r.status_code == 200, r.text
    page = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
    page.set_default_timeout(TIMEOUT)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server.url + "/")
    page.evaluate(f"localStorage.setItem('atout.lang', '{lang}')")
    page.goto(server.url + r.json()["url"])
    assert page.locator("#analyse").inner_text() == button
    # a replay: nobody thinks or is online (a newcomer read "Robot … réfléchit…" on a finished game)
    assert page.locator(".turn-cue[data-cue='bot'], .seat .dot.on").count() == 0
    # the hands as dealt: each hand's 18 cards in one row on a desktop (beside a long name the 18th wrapped alone)
    rows = page.evaluate("() => [...document.querySelectorAll('.hands .mini-hand')].map((h) => "
                         "new Set([...h.querySelectorAll('.card')].map((c) => Math.round(c.getBoundingClientRect().top))).size)")
    assert rows == [1, 1, 1, 1], rows
    page.locator("#analyse").focus()
    page.keyboard.press("ArrowRight")  # the replay moves (and re-renders): the focused button is not replaced
    page.wait_for_function("document.getElementById('r-count').textContent.split(' ')[1] === '1'")
    assert page.evaluate("document.activeElement.id") == "analyse"
    page.keyboard.press("Enter")  # by the keyboard: the focus then lands on the answer, not the page's top
    page.wait_for_selector("#analysis-chart")
    assert page.evaluate("document.activeElement.id") == "analysis-summary"
    # the last 5 tricks at least, and earlier ones within the server's budget of nodes (this deal: several)
    first = int(page.locator("#analysis-cards h3").first.inner_text().split()[-1])
    assert first < 14, first
    count = 4 * (18 - first + 1)  # 4 cards a trick
    assert page.locator("#analysis-summary").inner_text().startswith(summary.format(first=first))
    assert page.locator("#analysis-chart circle:not(.hit)").count() == count  # a dot a card
    hits = page.eval_on_selector_all("#analysis-chart rect.hit",
                                     "rs => rs.map((r) => [r.x.baseVal.value, r.width.baseVal.value])")
    assert len(hits) == count  # each dot with its target: strips that tile the chart (a phone's round ones overlapped)
    assert all(abs(a[0] + a[1] - b[0]) < 0.01 for a, b in pairwise(hits)), hits
    assert page.locator("#analysis-chart path.value-line").count() == 1
    assert page.locator("#analysis-chart path.needed-line").count() == 1  # the target by the bouts held, dashed
    ticks = page.eval_on_selector_all("#analysis-chart text.trick-tick", "ts => ts.map((t) => t.textContent)")
    # each trick's number under its first card's dot ("Plis (chacun à sa première carte)"), not the card before
    tick_x = page.eval_on_selector_all("#analysis-chart text.trick-tick", "ts => ts.map((t) => +t.getAttribute('x'))")
    dot_x = page.eval_on_selector_all("#analysis-chart circle:not(.hit)", "cs => cs.map((c) => +c.getAttribute('cx'))")
    assert tick_x == [dot_x[i] for i in range(0, count, 4)], (tick_x, dot_x)  # four cards a trick
    assert ticks == [str(n) for n in range(first, 19)], ticks  # the x axis marked by tricks
    assert page.locator(".analysis-legend span").count() == 3  # the value, the target, the red dots: each said
    items = page.locator("#analysis-cards li")
    assert items.count() == count
    costly = page.locator("#analysis-cards li.cost").count()
    assert page.locator("#analysis-chart circle.cost").count() == costly  # a dot marked for each costly card
    heads = page.locator("#analysis-cards h3").all_inner_texts()  # the cards trick by trick, as the terminal says them
    assert heads == [f"{'Pli' if lang == 'fr' else 'Trick'} {n}" for n in range(first, 19)], heads
    assert axe_serious(page) == []
    page.locator("#analysis").screenshot(path=str(IMG / f"web-analysis-{lang}.png"))  # docs/img with ATOUT_SCREENSHOTS=1
    text = page.locator("#analysis").inner_text()
    assert not any(w in text for w in foreign)
    taker = page.locator("#analysis-taker").inner_text()  # who took, named as the replay's seats are
    name = page.locator(".seat[data-seat='0'] .nm").inner_text()  # seat 0 bid garde sans (the record's first action)
    assert taker == (f"Preneur\u00a0: {name} — Garde sans le chien" if lang == "fr"
                     else f"Taker: {name} — Garde sans"), taker
    # a tap on the chart, between two dots but nearer the 6th: the replay goes to the 6th card
    strip = page.locator("#analysis-chart rect.hit").nth(5).bounding_box()
    assert strip is not None
    page.mouse.click(strip["x"] + strip["width"] * 0.8, strip["y"] + strip["height"] / 2)
    sixth = page.locator("#analysis-cards .to-move").nth(5).get_attribute("data-step")
    page.wait_for_function(f"document.getElementById('r-count').textContent.split(' ')[1] === '{sixth}'")
    # a card of the list takes the replay to the moment just before it was played, its player's view (move
    # 8 + (first - 1) × 4 + 2: two cards of the first trick down), marked as the one shown; by the keyboard too
    step = 8 + (first - 1) * 4 + 2
    page.locator("#analysis-cards .to-move").nth(2).click()
    page.wait_for_function(f"document.getElementById('r-count').textContent.split(' ')[1] === '{step}'")
    assert page.locator("#analysis-cards [aria-current='step']").get_attribute("data-step") == str(step)
    # the navigation says the trick too, as the analysis and the journal count (a newcomer could not match them)
    assert page.inner_text("#r-where") == (f"Donne 1 · pli {first}" if lang == "fr" else f"Deal 1 · trick {first}")
    # the page goes up to the table, the card's line above it (the list is a screen or more below the table)
    page.wait_for_selector("#analysis-chosen:not([hidden])")
    chosen = page.locator("#analysis-chosen .chosen-text").inner_text()
    assert chosen.startswith(f"Pli {first} · " if lang == "fr" else f"Trick {first} · "), chosen
    assert chosen.endswith(page.locator("#analysis-cards .to-move").nth(2).inner_text().split(" — ", 1)[1]), chosen
    bar = page.locator("#analysis-chosen").bounding_box()
    assert bar is not None and -2 <= bar["y"] <= 2, bar  # scrolled to the top of the screen
    page.locator("#analysis-back").click()  # and back to the list, on the card chosen
    assert page.evaluate("document.activeElement.dataset.step") == str(step)
    page.locator("#r-next").click()  # the replay moves on: the chosen card's line goes
    page.wait_for_selector("#analysis-chosen", state="hidden")
    page.locator("#analysis-cards .to-move").nth(count - 1).focus()
    page.keyboard.press("Enter")
    page.wait_for_function("document.getElementById('r-count').textContent.split(' ')[1] === '79'")
    assert page.locator("#analysis-cards [aria-current='step']").get_attribute("data-step") == "79"
    # the last card of the deal, before it: three cards of trick 18 down, the fourth still in its hand
    assert page.inner_text("#r-where") == ("Donne 1 · pli 18" if lang == "fr" else "Deal 1 · trick 18")
    assert page.locator("#trick-zone figure.played").count() == 3
    if lang == "fr":  # the language switched: the analysis said again in English, not dropped
        page.locator("#langbox button.lang").click()
        page.wait_for_function("(document.getElementById('analysis-summary') || {}).textContent?.startsWith('With every')")
        assert page.locator("#analysis-cards h3").first.inner_text() == f"Trick {first}"
    page.locator("#r-first").click()
    page.wait_for_function("document.getElementById('r-count').textContent.split(' ')[1] === '0'")
    page.locator("#r-next").click()  # the replay moves on: the analysis stays (same deal)
    page.wait_for_timeout(300)
    assert page.locator("#analysis-chart").count() == 1
    page.locator("body").press("End")  # End and Home jump to the last and the first move, as the buttons do
    page.wait_for_function("document.getElementById('r-count').textContent.match(/(\\d+)\\D+(\\d+)$/)[1] !== '1'")
    count = page.locator("#r-count").inner_text().split()
    assert count[1] == count[-1] != "0", count
    page.locator("body").press("Home")
    page.wait_for_function("document.getElementById('r-count').textContent.split(' ')[1] === '0'")
    assert errors == []


@pytest.mark.parametrize(("lang", "said"), [
    ("fr", "Aucune carte n'a été jouée dans cette donne : rien à analyser. La donne 2 a été jouée : avancez jusqu'à "
           "elle (Suivant ▶) pour l'analyser."),
    ("en", "No card was played in this deal: nothing to analyse. Deal 2 was played: move on to it (Next ▶) to "
           "analyse it."),
])
def test_a_void_first_deal_says_where_the_played_deal_is(browser: Browser, server: Server, lang: str, said: str) -> None:
    """A newcomer's replay opened on deal 1, everybody passed, with no analysis and no word of where to go."""
    from test_web_analysis import void_then_played

    r = httpx.post(server.url + "/api/records", content=json.dumps(void_then_played()).encode(),
                   headers={"content-type": "application/json"}, timeout=60)
    assert r.status_code == 200, r.text
    page = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
    page.set_default_timeout(TIMEOUT)
    page.goto(server.url + "/")
    page.evaluate(f"localStorage.setItem('atout.lang', '{lang}')")
    page.goto(server.url + r.json()["url"])
    page.wait_for_selector("#analysis-none")
    assert page.inner_text("#analysis-none").replace("\u00a0", " ").replace("\u202f", " ") == said
    page.locator("body").press("End")  # the played deal, at its end: the analysis is offered
    page.wait_for_selector("#analyse")


@pytest.mark.parametrize(("lang", "said"), [
    ("fr", "Aucune carte n'a été jouée dans cette donne : rien à analyser."),
    ("en", "No card was played in this deal: nothing to analyse."),
])
def test_a_deal_without_a_card_played_offers_no_analysis(browser: Browser, server: Server, lang: str, said: str) -> None:
    # a newcomer was offered "Analyser la donne" on a deal everybody passed, and only then told why not
    void = Path(__file__).parent / "records" / "tarot" / "fft_petit_sec_redeal.json"
    r = httpx.post(server.url + "/api/records", content=void.read_bytes(), headers={"content-type": "application/json"},
                   timeout=60)
    assert r.status_code == 200, r.text
    page = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
    page.set_default_timeout(TIMEOUT)
    page.goto(server.url + "/")
    page.evaluate(f"localStorage.setItem('atout.lang', '{lang}')")
    busy: list[str] = []  # the replays' worker busy at the first request (a loaded server): the page asks once more

    def once_busy(route: Route) -> None:
        if busy:
            route.continue_()
        else:
            busy.append(route.request.url)
            route.fulfill(status=503, headers={"Retry-After": "1"}, content_type="application/json",
                          body='{"error": "busy", "message": "busy"}')

    page.route("**/replay?n=0*", once_busy)
    page.goto(server.url + r.json()["url"])
    page.wait_for_selector("#analysis-none")
    assert len(busy) == 1
    assert page.inner_text("#analysis-none").replace("\u00a0", " ") == said
    page.locator("body").press("End")  # the deal everybody passed, at its end: still nothing offered
    page.wait_for_function("document.getElementById('r-count').textContent.split(' ')[1] === '4'")
    assert page.locator("#analyse").count() == 0 and page.locator("#analysis-none").count() == 1
