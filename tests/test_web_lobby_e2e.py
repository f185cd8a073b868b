"""The lobby in a real browser (issue 18, point 10): it opens on the Tarot, names rule options in the page's
language, sends the nickname and says a refused one in words, lists finished games with their players and
winner, and refreshes its lists by itself."""

from __future__ import annotations

import json
import urllib.request
from pathlib import Path

import pytest

from test_web_e2e import TIMEOUT, Server

pytestmark = pytest.mark.xdist_group("browser")

try:
    from playwright.sync_api import Browser, Page
except ImportError:  # pragma: no cover
    pytest.skip("playwright is not installed", allow_module_level=True)


def new_page(browser: Browser) -> Page:
    """A French browser's page (its language is the lobby's), page errors collected."""
    page = browser.new_context(locale="fr-FR", viewport={"width": 1280, "height": 900}).new_page()
    page.set_default_timeout(TIMEOUT)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.errors = errors  # type: ignore[attr-defined]
    return page


def post(url: str, body: dict[str, object]) -> dict[str, object]:
    req = urllib.request.Request(url, data=json.dumps(body).encode(), headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=10) as r:
        return json.loads(r.read())  # type: ignore[no-any-return]


def test_the_lobby_opens_on_tarot_labels_options_and_refuses_a_long_name(server: Server, browser: Browser) -> None:
    page = new_page(browser)
    page.goto(server.url + "/")
    page.evaluate("localStorage.setItem('atout.game', 'prime')")  # a last game chosen (older lobby): ignored
    page.select_option("#f-game", "prime")
    page.reload()
    assert page.input_value("#f-game") == "tarot"
    page.locator("details.options summary").click()
    assert page.locator("details.options label[for='opt-italian']").inner_text().startswith("Couleurs italiennes")
    page.evaluate("document.querySelector('#f-name').removeAttribute('maxlength')")  # a page that forgot the limit
    page.fill("#f-name", "x" * 30)
    page.click("#create")
    error = page.locator("#create-error")
    error.wait_for(state="visible")
    said = error.inner_text().replace("\u00a0", " ")
    assert said == "Nom refusé : un nom a de 1 à 24 caractères (espaces aux bouts non comptés)."
    assert page.url.rstrip("/") == server.url  # nothing created
    assert not page.errors  # type: ignore[attr-defined]


def test_the_lobby_lists_a_finished_game_with_its_players_and_winner_and_refreshes(server: Server, browser: Browser,
                                                                                   tmp_path: Path) -> None:
    page = new_page(browser)
    page.goto(server.url + "/")
    page.locator("#list-over").wait_for()
    t = post(server.url + "/api/tables", {"game": "triomphe", "players": 2, "seat": None, "seed": 4, "level": "easy"})
    ws_client = pytest.importorskip("websockets.sync.client")
    with ws_client.connect(f"ws://127.0.0.1:{server.port}/ws/{t['id']}") as ws:  # a bots-only table plays if watched
        ws.send(json.dumps({"type": "hello", "lang": "fr"}))
        while True:
            msg = json.loads(ws.recv(timeout=60))
            if msg.get("type") == "state" and msg["over"]:
                break
    row = page.locator(f"#list-over li:has(a[href='/r/{t['id']}'])")
    row.wait_for(timeout=30_000)  # appears without a reload (the lists refresh every 15 s)
    text = row.inner_text()
    assert "Robot débutant 1" in text and "Robot débutant 2" in text and "Gagnant" in text and "Jouée le" in text

