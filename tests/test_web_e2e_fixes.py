"""In a real browser (Debian's Chromium through Playwright): a French lobby says an upload's refusal in French,
and the log panel shows line numbers of three and four digits whole.

Skipped without Chromium or Playwright, like tests/test_web_e2e.py (a failure in CI, ``CI=true``).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import atout

# The guard (skip without Playwright or Chromium; a failure in CI) is tests/test_web_e2e.py's: importing it runs
# the guard before anything imports Playwright here. The server and browser fixtures: tests/browser_fixtures.py.
from test_web_e2e import Browser, Page, Server

pytestmark = pytest.mark.web_server(http_rate=50.0)
TIMEOUT = 20_000  # ms
ENGLISH = re.compile(r"\b(the|record|must|follow|illegal|move|deal|seat|not|refused|playable|Ace|Clubs|line)\b")


def page_in(browser: Browser, url: str, lang: str) -> Page:
    """A page whose saved language is ``lang`` (the lobby's switch stores it in localStorage)."""
    page = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
    page.set_default_timeout(TIMEOUT)
    page.goto(url + "/")
    page.evaluate(f"localStorage.setItem('atout.lang', '{lang}')")
    page.reload()
    page.wait_for_selector("#upload")
    return page


def upload(page: Page, tmp_path: Path, text: str) -> str:
    """Upload ``text`` as a record file from the lobby; the refusal shown under the form."""
    path = tmp_path / "record.json"
    path.write_text(text, encoding="utf-8")
    page.set_input_files("#upload-file", str(path))
    page.click("#upload button[type=submit]")
    page.wait_for_selector("#upload-error:not([hidden])")
    return page.inner_text("#upload-error")


def test_french_lobby_refuses_an_upload_in_french(browser: Browser, server: Server, tmp_path: Path) -> None:
    page = page_in(browser, server.url, "fr")
    shown = upload(page, tmp_path, '{"a": 1,')
    assert shown == "Enregistrement refusé\u00a0: Ce fichier n'est pas du JSON (ligne 1, colonne 9)."
    # An illegal move (seed 002 §5: holding the A♣ on a club lead, a heart may not be played).
    g = atout.new_game("triomphe", players=2, seed=5)
    for move in ("no_concession", "no_concession", "play 9C"):
        g.apply(move)
    rec = g.to_record()
    rec["actions"].append({"seat": 1, "action": "play 8H"})
    page.reload()
    page.wait_for_selector("#upload")
    shown = upload(page, tmp_path, json.dumps(rec))
    # French spacing (no-break spaces) from the catalogs and the page's own colon (issue 17).
    assert shown == ("Enregistrement refusé\u00a0: Coup 4 (donne 1, «\u00a08♥\u00a0») refusé\u00a0: Il faut fournir et "
                     "monter sur la carte maîtresse\u202f; jouables\u00a0: As de trèfle. [texte 002, §5]")
    assert not ENGLISH.search(shown.replace("[texte 002, §5]", ""))


def test_english_lobby_refuses_in_english(browser: Browser, server: Server, tmp_path: Path) -> None:
    page = page_in(browser, server.url, "en")
    assert upload(page, tmp_path, '{"a": 1,') == "Record refused: This file is not JSON (line 1, column 9)."


def log_room(page: Page) -> list[float]:
    """[left padding of the log, width its longest number needs ("123. "), number of lines]."""
    return page.evaluate("""() => {
      const ol = document.querySelector('#log');
      const li = ol.lastElementChild;
      const ctx = document.createElement('canvas').getContext('2d');
      ctx.font = getComputedStyle(li).font;
      const need = ctx.measureText(String(ol.children.length) + '. ').width;
      return [parseFloat(getComputedStyle(ol).paddingLeft), need, ol.children.length];
    }""")


def test_log_shows_three_digit_line_numbers(browser: Browser, server: Server) -> None:
    # A whole Tarot deal at four says well over 100 lines; its replay's last step shows them all.
    g = atout.new_game("tarot", players=4, seed=21)
    while not g.is_terminal():
        g.apply(g.legal_actions()[0])
    page = page_in(browser, server.url, "fr")
    up = page.evaluate("async (rec) => (await fetch('/api/records?lang=fr', {method: 'POST', "
                       "headers: {'Content-Type': 'application/json'}, body: rec})).json()",
                       json.dumps(g.to_record()))
    page.goto(server.url + up["url"])
    page.wait_for_selector("#r-last")
    page.click("#r-last")
    page.wait_for_function("() => document.querySelectorAll('#log li').length >= 100")
    # The replay's journal is not numbered (its lines are not the moves its navigation counts, "Coup N"):
    assert page.eval_on_selector("#log", "ol => getComputedStyle(ol).listStyleType") == "none"
    assert page.inner_text("#r-where") == "Donne 1 · pli 18"  # the deal's end, its last trick on the felt
    # The table's journal is: the same list out of the replay's page (the table's rule for .log) keeps room
    # for its numbers, the component having set --log-digits from its 100-odd lines.
    page.evaluate("() => { document.getElementById('replay').id = 'table-like'; }")
    padding, need, lines = log_room(page)
    assert lines >= 100 and padding >= need, (padding, need, lines)
    # Four digits: the same list made 1,200 lines long keeps room for "1200. ".
    page.evaluate("""() => {
      const ol = document.querySelector('#log');
      while (ol.children.length < 1200) ol.append(ol.firstElementChild.cloneNode(true));
      ol.style.setProperty('--log-digits', String(String(ol.children.length).length));
    }""")
    padding, need, lines = log_room(page)
    assert lines == 1200 and padding >= need, (padding, need, lines)


@pytest.mark.parametrize(("lang", "choose", "none"), [("fr", "Choisir un fichier…", "Aucun fichier choisi"),
                                                       ("en", "Choose a file…", "No file chosen")])
def test_the_file_picker_speaks_the_pages_language(browser: Browser, server: Server, tmp_path: Path, lang: str,
                                                   choose: str, none: str) -> None:
    """The browser's own file button says "Choose File / No file chosen" whatever the page's language (a newcomer
    saw it on the French lobby): it is hidden, and the page's words open it and name the file chosen."""
    page = page_in(browser, server.url, lang)
    assert page.inner_text("#upload .file-pick") == choose
    assert page.inner_text("#upload-chosen") == none
    box = page.locator("#upload-file").bounding_box()
    assert box is not None and box["width"] <= 1 and box["height"] <= 1  # the browser's own words are not seen
    page.click("#upload button[type=submit]")  # no file yet: said, not silent
    assert page.inner_text("#upload-error") == {"fr": "Choisissez d'abord un fichier d'enregistrement (.json).",
                                                "en": "Choose a record file (.json) first."}[lang]
    path = tmp_path / "ma-partie.json"
    path.write_text("{}", encoding="utf-8")
    page.set_input_files("#upload-file", str(path))
    assert page.inner_text("#upload-chosen") == "ma-partie.json"
    with page.expect_file_chooser():  # the page's label opens the browser's chooser
        page.click("#upload .file-pick")


def test_a_spectator_hears_the_seats_names_from_the_first_frame(browser: Browser, server: Server) -> None:
    """The live region (what a screen reader says) named seats "Joueur 4" on a spectator's first frame while
    the seats read "Robot moyen 4": it now names them as the seats do from the first word, in the journal's
    sentences ("Robot moyen 2 passe."), not the buttons' words ("Enchère Prise", "Écarter 4♦")."""
    page = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
    page.set_default_timeout(TIMEOUT)
    page.add_init_script("""window.__said = [];
      document.addEventListener('DOMContentLoaded', () => {
        const box = document.getElementById('announce');
        const said = () => window.__said.push(box.textContent);
        if (box) new MutationObserver(said).observe(box, { childList: true, characterData: true, subtree: true });
      });""")
    page.goto(server.url + "/")
    page.evaluate("localStorage.setItem('atout.lang', 'fr')")
    page.reload()
    page.select_option("#f-game", "tarot")
    page.select_option("#f-mode", "watch")
    page.click("#create")
    page.wait_for_function("() => window.__said && window.__said.length >= 3")
    said = page.evaluate("window.__said")
    names = page.eval_on_selector_all(".seat .nm", "els => els.map((e) => e.textContent)")
    assert all(n.startswith("Robot") for n in names), names
    assert not any("Joueur" in s for s in said), said
    assert any(n in said[0] for n in names), (said[0], names)
    # the table's own sentences, as the journal says them, not the buttons' words ("Enchère Prise", "Terminé")
    assert not [s for s in said if any(w in s for w in ("Enchère", "Écarter", "Terminé", "Annoncer"))], said
    assert any(s.split(". ")[0] in page.inner_text("#log") for s in said[1:]), said
    # a robot's turn is not said: its card follows at once ("Au tour de Robot 3" after every line was noise)
    assert not [s for s in said if "Au tour de" in s], said
