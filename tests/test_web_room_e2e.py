"""The card room in a real browser (issue 18; its server side: tests/test_web_room.py).

Whole games of every game and table size played by clicking, in French and English, on a desktop and a
phone, with layout assertions (seats, trick and hand inside the screen, nothing to scroll on a phone) and
axe-core (0 serious or critical violation) on the table, the lobby and the replay; the end-of-deal panel,
partners and sides, the several-card selection, the tempo, the keyboard, refusals and forced moves.

Bots at delay 0 and the table's tempo "instant" (tests/test_web_e2e.py ``new_page``) keep it fast, except in
the tempo test. Screenshots of each game (desktop and phone, both languages) go to docs/img/room-*.png with
ATOUT_SCREENSHOTS=1.
"""

from __future__ import annotations

import itertools
import time

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from atout.core.cards import CARDS

# The guard is tests/test_web_e2e.py's: importing it runs it before anything imports Playwright here. The server
# and browser fixtures: tests/browser_fixtures.py.
from test_web_e2e import (
    IMG,
    PREFER,
    Browser,
    Page,
    Server,
    create_from_lobby,
    new_page,
    seed_where_we_make_the_ecart,
)

pytestmark = [pytest.mark.xdist_group("web_room"), pytest.mark.web_server(bot_delay=0), pytest.mark.usefixtures("close_pages")]
CODES = {c.code for c in CARDS}

PHONE = (390, 844)
DESKTOP = (1280, 900)
STEP_TIMEOUT = 20_000
#: Where a finger taps a card of an overlapping hand: its left strip, the part left uncovered by the next card.
VISIBLE = {"x": 6, "y": 30}


def axe_serious(page: Page) -> list[str]:
    """axe-core's serious and critical violations on the page as it is (the axe-playwright-python package)."""
    from axe_playwright_python.sync_playwright import Axe

    results = Axe().run(page)
    bad = [v for v in results.response["violations"] if v.get("impact") in ("serious", "critical")]
    return [f"{v['id']}: {v['help']} — {[n['target'] for n in v['nodes'][:3]]}" for v in bad]


def in_language(where: Browser | Page, server: Server, lang: str, size: tuple[int, int]) -> Page:
    """The lobby in ``lang`` (kept by the browser, as the language button does), on a new page or ``where``."""
    page = where if isinstance(where, Page) else new_page(where, *size)
    page.goto(server.url + "/")
    page.evaluate(f"() => localStorage.setItem('atout.lang', '{lang}')")
    page.reload()
    page.wait_for_selector("#new-table")
    return page


def state_key(page: Page) -> str:
    """What changes when the table moves on: the frame shown and whether a deal's end waits for us."""
    return page.evaluate("() => `${document.querySelector('#controls')?.dataset.n}|${!!document.querySelector('#continue')}`")


def wait_mine(page: Page) -> str:
    """Wait until this page has something to do: its turn, a deal's end to continue from, or the match over."""
    page.wait_for_selector("#your-turn, #over, #continue", timeout=STEP_TIMEOUT)
    if page.locator("#over").count():
        return "over"
    return "continue" if page.locator("#continue").count() else "turn"


def choose_cards(page: Page) -> None:
    """A several-card choice (frame.select): click cards until the counter is within [min, max], confirm once."""
    sel = page.evaluate("() => T.frame.select")
    chosen = set(page.eval_on_selector_all("#hand .card-btn.chosen", "els => els.map(e => e.dataset.card)"))
    done, low, high = sel["done"], sel["min"], sel["max"]
    for code in sel["cards"]:
        if done + len(chosen) >= low:
            break
        if code not in chosen:
            page.mouse.move(0, 0)  # a hovered card rises over its neighbour's strip: the pointer leaves it first
            page.click(f'#hand .card-btn[data-card="{code}"]', position=VISIBLE)
            chosen.add(code)
    for code in list(chosen):
        if done + len(chosen) <= high:
            break
        page.mouse.move(0, 0)
        page.click(f'#hand .card-btn[data-card="{code}"]', position=VISIBLE)
        chosen.discard(code)
    page.click("#confirm-pick")


def room_move(page: Page) -> bool:
    """One move by clicking, as a person would: continue, a several-card choice, a card, or a button (False:
    nothing to click, the page being between two frames)."""
    before = state_key(page)
    if page.locator("#continue").count():
        page.click("#continue")
    elif page.evaluate("() => !!T.frame.select"):
        choose_cards(page)
    elif page.locator(".card-btn.legal").count():
        page.locator(".card-btn.legal").first.click(position=VISIBLE)
        if page.locator("#confirm-pick").count():
            page.click("#confirm-pick")
    elif page.locator("#confirm-select").count():
        first = page.locator("#legal-list option").first.get_attribute("value") or ""
        for code in [tok for tok in first.split() if tok in CODES]:
            page.click(f'.card-btn[data-card="{code}"]')
        page.click("#confirm-select")
    else:
        buttons = page.locator("#actions button.act[data-action]")
        actions = [buttons.nth(i).get_attribute("data-action") for i in range(buttons.count())]
        if not actions:
            page.wait_for_timeout(50)
            return False
        choice = next((a for p in PREFER for a in actions if a == p), actions[0])
        page.click(f'#actions button[data-action="{choice}"]')
    page.wait_for_function("(k) => `${document.querySelector('#controls')?.dataset.n}|${!!document.querySelector('#continue')}`"
                           " !== k || document.querySelector('#over') !== null", arg=before, timeout=STEP_TIMEOUT)
    return True


def play_until(page: Page, ready: str, moves: int = 8) -> None:
    """Play on by clicking (:func:`room_move`) until ``ready`` (a JavaScript predicate) holds at our turn."""
    for _ in range(moves):
        assert wait_mine(page) == "turn"
        if page.evaluate(ready):
            return
        room_move(page)
    raise AssertionError(f"not reached in {moves} moves: {ready}")


LAYOUT_JS = """() => {
  const r = (e) => { const b = e.getBoundingClientRect();
    return {x: b.left, y: b.top, r: b.right, b: b.bottom, w: b.width, h: b.height}; };
  const q = (s) => [...document.querySelectorAll(s)].map(r);
  const one = (s) => { const e = document.querySelector(s); return e ? r(e) : null; };
  return {vw: innerWidth, vh: innerHeight, scroll: document.documentElement.scrollWidth, seats: q('[data-zone=seat]'),
    hand: one('[data-zone=hand]'), trick: one('[data-zone=trick]'), cards: q('#hand .card-btn'), played: q('.played .card'),
    felt: one('#felt'), turn: one('#your-turn')};
}"""


def inside(box: dict[str, float], w: float, h: float, what: str) -> None:
    assert box["x"] >= -1 and box["y"] >= -1 and box["r"] <= w + 1 and box["b"] <= h + 1, f"{what} outside {w}x{h}: {box}"


def check_layout(page: Page, players: int, phone: bool, mort: bool = False) -> None:
    """Seats, trick and hand inside the screen; on a phone, the trick, the hand and whose turn without scrolling."""
    page.evaluate("() => window.scrollTo(0, 0)")
    page.wait_for_timeout(60)  # the hand measures its room after a resize
    lay = page.evaluate(LAYOUT_JS)
    w, h = lay["vw"], lay["vh"]
    assert lay["scroll"] <= w + 1, f"the page scrolls sideways: {lay['scroll']} > {w}"
    assert len(lay["seats"]) == players + (1 if mort else 0)
    for i, s in enumerate(lay["seats"]):
        inside(s, w, h, f"seat {i}")
        inside(s, lay["felt"]["r"] + 1, lay["felt"]["b"] + 1, f"seat {i} (felt)")
    for i, a in enumerate(lay["seats"]):  # no chip over another
        for b in lay["seats"][i + 1:]:
            assert a["r"] <= b["x"] + 2 or b["r"] <= a["x"] + 2 or a["b"] <= b["y"] + 2 or b["b"] <= a["y"] + 2, (a, b)
    assert lay["hand"] is not None and lay["trick"] is not None
    inside(lay["trick"], w, h, "trick")
    for c in lay["played"]:
        inside(c, w, h, "a card of the trick")
    for c in lay["cards"]:
        assert c["x"] >= -1 and c["r"] <= w + 1, f"a card of the hand outside the width: {c}"
    if phone:
        inside(lay["hand"], w, h, "hand")
        assert lay["turn"] is not None
        inside(lay["turn"], w, h, "whose turn")


#: (game, players, variant or None, language, size): every game and table size; each game in both languages
#: and on both screens across its sizes.
GAMES = [
    ("tarot", 3, None, "fr", PHONE), ("tarot", 4, None, "en", DESKTOP), ("tarot", 5, None, "en", PHONE),
    ("triomphe", 2, None, "en", PHONE), ("triomphe", 4, None, "fr", DESKTOP), ("triomphe", 6, None, "fr", PHONE),
    ("mistigri", 3, None, "en", DESKTOP), ("mistigri", 4, None, "fr", PHONE), ("mistigri", 5, None, "en", PHONE),
    ("prime", 3, None, "fr", DESKTOP), ("prime", 4, "societe", "en", PHONE), ("prime", 5, None, "en", DESKTOP),
    ("prime", 6, None, "fr", PHONE),
    ("tarot1637", 2, None, "en", PHONE), ("tarot1637", 3, None, "fr", DESKTOP),
]
WORD = {"fr": ("À vous de jouer", "Your turn"), "en": ("Your turn", "À vous de jouer")}


@pytest.mark.parametrize(("game", "players", "variant", "lang", "size"), GAMES,
                         ids=[f"{g}-{n}{'-' + v if v else ''}-{lang}-{'phone' if s == PHONE else 'desktop'}"
                              for g, n, v, lang, s in GAMES])
def test_whole_game_played_by_clicking(server: Server, browser: Browser, game: str, players: int, variant: str | None,
                                       lang: str, size: tuple[int, int]) -> None:
    page = in_language(browser, server, lang, size)
    if variant:
        page.select_option("#f-game", game)
        page.select_option("#f-variant", variant)
    # La Triomphe: a deal number at which the first deal is played out (a concession may end one before our card)
    table_id = create_from_lobby(page, server, game, players, deals=1, **({"seed": SEED4} if game == "triomphe" else {}))
    checked = False
    moves = 0
    while (what := wait_mine(page)) != "over":
        # Our first card to play (La Prime: its first choice with a hand): the table as it is then.
        playing = page.locator(".card-btn.legal").count() or (game == "prime" and page.locator("#hand .card-btn").count())
        if what == "turn" and not checked and playing:
            yours, other = WORD[lang]
            assert page.inner_text("#your-turn").startswith(yours) and other not in page.inner_text("#table")
            for s, is_phone in ((PHONE, True), (DESKTOP, False)):
                page.set_viewport_size({"width": s[0], "height": s[1]})
                check_layout(page, players, is_phone, mort=game == "tarot1637" and players == 2)
                if os_screens() and (s == size or game not in SHOT):
                    page.screenshot(path=str(IMG / f"room-{game}-{'phone' if is_phone else 'desktop'}-{lang}.png"))
            SHOT.add(game)
            page.set_viewport_size({"width": size[0], "height": size[1]})
            assert axe_serious(page) == []
            checked = True
        if what == "continue" and game in ("mistigri", "prime"):  # their deals are coups: "Fin du coup 1" below
            assert page.inner_text(".controls .banner") == ("Coup terminé" if lang == "fr" else "Deal over")
        room_move(page)
        moves += 1
        assert moves < 400, "the game did not end"
    assert checked, "never our turn to play a card"
    state = server.app.state.hub.tables[table_id].state
    assert state.is_terminal()
    assert page.locator("#sheet tbody tr").count() >= 1 and page.locator("#download").count() == 1
    assert page.locator("#last-trick").count() == 0  # game over: the last trick is on the felt already
    if game == "tarot" and " · " in page.inner_text("#my-side"):  # the side's score is the last deal's: said so
        assert ("sur cette donne" if lang == "fr" else "this deal") in page.inner_text("#my-side")
    totals = page.locator("#deal-totals, #final-total")
    assert totals.count() == 1  # said once: the last deal's panel, or the game's box (it was said in both)
    total = totals.first.inner_text()
    # each seat's total after its name and a colon ("Robot débutant 2 0" read as a name): "Vous : −240 · Robot 2 : +80"
    assert total.replace("\u00a0", " ").count(" : " if lang == "fr" else ": ") >= state.players, total
    if any(x < 0 for x in state.returns()):  # a zero-sum score: each gain with its "+"
        plain = total.replace("\u202f", "").replace("\u00a0", " ")
        assert all(f" +{float(x):g}".replace(".", "," if lang == "fr" else ".") in plain for x in state.returns() if x > 0), total
    assert not page.errors  # type: ignore[attr-defined]


SHOT: set[str] = set()


def os_screens() -> bool:
    return IMG.name == "img"


SEED4 = 5  # a deal number at which the first deal of La Triomphe at four is played to its last trick


def test_partners_sides_and_the_deal_end_panel(server: Server, browser: Browser) -> None:
    """La Triomphe at 4 (classic: partners facing): the partner marked on its seat, the score by side, the
    end-of-deal panel with the last trick, every hand and "Continuer", then the next deal; the winning side named."""
    page = in_language(browser, server, "fr", DESKTOP)
    table_id = create_from_lobby(page, server, "triomphe", 4, deals=2, seed=SEED4)
    page.wait_for_selector('[data-zone=seat][data-seat="2"] .b-partner')
    partner = page.locator('[data-zone=seat][data-seat="2"]')
    assert "partenaire" in partner.inner_text(), partner.inner_text()
    for s in (1, 3):
        assert "partenaire" not in page.inner_text(f'[data-zone=seat][data-seat="{s}"]')
    assert page.locator("#sides tr").count() == 2
    assert "votre camp" in page.inner_text("#sides")
    page.click("#rules summary")  # the rules at the table: in La Triomphe the King beats the Ace (seed 002)
    page.wait_for_selector("#rules .order strong")
    first = page.inner_text("#rules .order >> nth=0")
    assert first.index("R") < first.index("D") < first.index("V") < first.index("A") < first.index("10"), first
    rules = page.inner_text("#rules")
    assert "Ordre des cartes" in rules and "object" not in rules.lower(), rules
    assert "Cœur" in rules or "Coeur" in rules, rules  # each suit named, its cards after it
    while wait_mine(page) == "turn":
        room_move(page)
    assert wait_mine(page) == "continue", "a match of two deals waits after the first"
    panel = page.inner_text("#deal-end")
    assert "Fin de la donne 1" in panel and "Continuer" in panel
    assert page.locator(".hold-note").count() == 0  # the panel's "Continuer" only, no "Cliquez pour continuer" too
    assert page.locator("#last-trick").count() == 0  # the panel shows the last trick: not offered again
    last = page.evaluate("() => T.frame.deal_end.last_trick")
    assert last and len(last["cards"]) == 4, last  # SEED4: the deal went to its fifth trick
    assert page.locator("#deal-end .de-card").count() == 4  # the last trick, one card per seat, its winner marked
    assert page.locator("#deal-end .de-card.win").count() == 1
    assert page.locator("#deal-end .de-hand").count() >= 1
    assert axe_serious(page) == []
    if os_screens():
        page.screenshot(path=str(IMG / "room-deal-end-fr.png"), full_page=True)
    page.reload()  # the server keeps the deal's end: the same panel after a reload
    assert wait_mine(page) == "continue" and "Fin de la donne 1" in page.inner_text("#deal-end")
    room_move(page)
    while wait_mine(page) != "over":
        room_move(page)
    state = server.app.state.hub.tables[table_id].state
    assert state.is_terminal() and state.deal_index == 1
    page.wait_for_timeout(300)
    assert page.locator(".hold-note").count() == 0  # "Partie terminée": nothing to click on to go on to
    sides = page.evaluate("() => T.frame.sides")
    assert [sd["seats"] for sd in sides] == [[0, 2], [1, 3]]
    totals = [sd["total"] for sd in sides]
    assert totals == [sum(state.returns()[s] for s in (0, 2)) / 2, sum(state.returns()[s] for s in (1, 3)) / 2]
    if totals[0] != totals[1]:  # the side ahead is named the winner
        best = sides[0 if totals[0] > totals[1] else 1]["name"]
        assert page.inner_text("#winner-side") == f"{best} — partie gagnée"  # no verb to agree with a side of several
    assert not page.errors  # type: ignore[attr-defined]


def test_ecart_chosen_in_the_hand_with_a_counter(server: Server, browser: Browser) -> None:
    """Tarot at 4, the taker's écart: six cards picked in the hand, the counter follows, one confirm sends six discards."""
    page = in_language(browser, server, "fr", DESKTOP)
    table_id = create_from_lobby(page, server, "tarot", 4, seed=seed_where_we_make_the_ecart(4))
    play_until(page, "() => !!T.frame.select")
    sel = page.evaluate("() => T.frame.select")
    assert sel["kind"] == "ecart" and sel["need"] == 6
    # the bid's button is gone: the focus went to the écart's first control (the hand), not to <body>
    page.wait_for_function("() => document.activeElement && document.activeElement.closest('#controls') !== null")
    assert "une à une" not in page.inner_text("#controls")  # select, then confirm once: the help says so
    assert page.inner_text("#select-counter") == "0/6 écartées"
    assert "24 cartes en main" in page.inner_text("#pick-hint")  # 18 + the chien's 6
    # the chien taken up is shown by the choice, its six cards (a newcomer on a phone never saw them)
    talon = page.evaluate("() => T.frame.obs.public.talon")
    assert len(talon) == 6 and page.inner_text("#chien-line").startswith("Le chien pris")
    assert [page.locator("#chien-line .card").nth(i).get_attribute("data-card") for i in range(6)] == talon
    assert page.locator("#confirm-pick").is_disabled()
    n = int(page.get_attribute("#controls", "data-n") or 0)
    for k, code in enumerate(sel["cards"][:6], 1):
        page.click(f'#hand .card-btn[data-card="{code}"]')
        assert page.inner_text("#select-counter") == f"{k}/6 écartées"
    assert "18 cartes en main" in page.inner_text("#pick-hint")
    assert int(page.get_attribute("#controls", "data-n") or 0) == n  # nothing sent yet
    page.click(f'#hand .card-btn[data-card="{sel["cards"][7]}"]')  # a seventh is refused by the counter
    assert page.inner_text("#select-counter") == "6/6 écartées"
    # and said (a newcomer's seventh tap did nothing he could see)
    assert "Vous avez déjà choisi 6 cartes" in page.inner_text("#toast")
    if os_screens():
        page.screenshot(path=str(IMG / "room-ecart-fr.png"))
    page.click("#confirm-pick")
    page.wait_for_function("() => !T.frame.select || T.frame.select.kind !== 'ecart'")
    assert page.locator("#toast").is_hidden()  # the seventh card's warning went with the écart (it stayed 8 s)
    wait_mine(page)  # the next phase: the focus is on its first control again
    page.wait_for_function("() => document.activeElement && document.activeElement.closest('#controls') !== null")
    made = [a for s, a in server.app.state.hub.tables[table_id].state.log[-1].actions if s == 0 and a.startswith("discard ")]
    assert sorted(a.split()[1] for a in made) == sorted(sel["cards"][:6])
    assert not page.errors  # type: ignore[attr-defined]


def test_a_tapped_card_on_a_phone_does_not_cover_its_neighbours_index(server: Server, browser: Browser) -> None:
    """A newcomer's écart on a phone: the card last tapped stayed lifted over the next one (a touch screen keeps
    :hover on it), hiding that card's index. On a touch screen a card is lifted only when chosen, and the next
    card's corner is still the next card's."""
    page = new_page(browser, *PHONE, touch=True)
    page.goto(server.url + "/")
    page.evaluate("() => localStorage.setItem('atout.lang', 'fr')")
    create_from_lobby(page, server, "tarot", 4, seed=seed_where_we_make_the_ecart(4))
    play_until(page, "() => !!T.frame.select")
    sel = page.evaluate("() => T.frame.select")
    assert sel["kind"] == "ecart"
    for code in sel["cards"][:3]:
        card = f'#hand .card-btn[data-card="{code}"]'
        page.tap(card)
        covered = page.evaluate("""(sel) => {
            const b = document.querySelector(sel), next = b.nextElementSibling;
            if (!next) return null;  // the last of its row: nothing to its right
            const r = next.getBoundingClientRect();
            const at = document.elementFromPoint(r.left + 4, r.top + 14);  // the next card's index, top left
            return at && !next.contains(at) ? at.closest('.card-btn')?.dataset.card || at.tagName : '';
        }""", card)
        assert covered in ("", None), (code, covered)
        assert page.evaluate(f"() => getComputedStyle(document.querySelector('{card}')).zIndex") == "auto"
        # chosen is said by a tick at the middle of the card's left edge, in sight, not by the border's colour alone
        assert page.evaluate(f"() => getComputedStyle(document.querySelector('{card}'), '::after').content") == '"✓"'
        seen = page.evaluate("""(sel) => { const b = document.querySelector(sel), r = b.getBoundingClientRect();
            return b.contains(document.elementFromPoint(r.left + 8, r.top + r.height / 2)); }""", card)
        assert seen, code
    assert page.inner_text("#select-counter") == "3/6 écartées"
    # a card that may not be laid aside is faded on a white card of its own, not over the card beneath it
    # (a newcomer read "181" for a faded 18 over a 1)
    assert page.locator("#hand .card-btn.dim").count() > 0
    assert page.evaluate("() => getComputedStyle(document.querySelector('#hand .card-btn.dim')).backgroundColor") == \
        "rgb(255, 255, 255)"
    if os_screens():
        page.screenshot(path=str(IMG / "room-ecart-phone-fr.png"))
    assert not page.errors  # type: ignore[attr-defined]


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_slam_is_asked_again_before_it_is_announced(server: Server, browser: Browser, lang: str) -> None:
    """Seed 001, "Le Capot" (the FFT's chelem, rule 5: +400 / −200): an announced capot is worth its value from
    or to each defender. A newcomer's first tap among the announcements had announced one; now the button asks
    again, with what it commits to, the focus on "No", and nothing is sent until "Yes"."""
    page = in_language(browser, server, lang, PHONE)
    table_id = create_from_lobby(page, server, "tarot", 4, seed=seed_where_we_make_the_ecart(4))
    chelem = '#actions button[data-action="announce capot"]'  # the lobby's variant: the seed's (its chelem is "capot")
    play_until(page, f"() => !!document.querySelector('{chelem}')", 12)
    n = int(page.get_attribute("#controls", "data-n") or 0)
    page.click(chelem)
    page.wait_for_selector("#confirm-weighty")
    question = page.inner_text("#confirm-question").replace("\u00a0", " ").replace("\u202f", " ")
    assert question == ("Vraiment : annoncer le capot ? Vous vous engagez à faire toutes les levées : chaque défenseur "
                        "vous paie la valeur du capot (600 d'ordinaire) si vous les faites ; sinon vous la payez à chacun "
                        "d'eux (règles traditionnelles, « Le Capot »)." if lang == "fr" else
                        "Really: announce the capot (slam)? You undertake to win every trick: each defender pays you the "
                        "capot's value (600 as a rule) if you do; if not, you pay it to each of them (traditional rules, \"Le "
                        'Capot").'), question
    assert page.evaluate("() => document.activeElement.id") == "confirm-no"
    assert page.locator(chelem).count() == 0  # the other choices wait behind the question
    assert int(page.get_attribute("#controls", "data-n") or 0) == n  # nothing sent
    assert axe_serious(page) == []
    page.keyboard.press("Enter")  # "No": back to the choices, the focus on the slam's button again
    page.wait_for_selector(chelem)
    assert page.evaluate("() => document.activeElement.dataset.action") == "announce capot"
    assert page.locator("#confirm-weighty").count() == 0
    assert not server.app.state.hub.tables[table_id].state.slam_announced
    page.click(chelem)
    page.click("#confirm-yes")
    page.wait_for_function("(n) => Number(document.querySelector('#controls').dataset.n) > n", arg=n)
    assert server.app.state.hub.tables[table_id].state.slam_announced
    assert not page.errors  # type: ignore[attr-defined]


#: What of the trick a person cannot see: a name (tried across its width) covered by anything but its own caption,
#: a card's corner index covered by a seat's chip (a later card of the trick may lie on it: a pile).
TRICK_HIDDEN_JS = """() => [...document.querySelectorAll('.trick .played')].flatMap((f) => {
  const name = f.querySelector('figcaption span:not(.no):not(.win-mark)').getBoundingClientRect();
  const named = [0.05, 0.25, 0.5, 0.75, 0.95].every((at) => {
    const hit = document.elementFromPoint(name.left + at * name.width, name.top + name.height / 2);
    return hit && f.querySelector('figcaption').contains(hit); });
  const card = f.querySelector('.card').getBoundingClientRect();
  const corner = document.elementFromPoint(card.left + 6, card.top + 8);
  const seen = corner && corner.closest('.played') !== null;
  return [...(named ? [] : ['name of seat ' + f.dataset.seat]), ...(seen ? [] : ['card of seat ' + f.dataset.seat])]; })"""


def test_a_concession_is_asked_again_before_it_is_made(server: Server, browser: Browser) -> None:
    """Seed 002 §4: before the lead a side may give the game; accepted, the deal ends there. A newcomer's stray
    click on "Concede", the first button of a deal, ended his match: it is now offered last and asked again, "No"
    focused."""
    page = in_language(browser, server, "fr", DESKTOP)
    table_id = create_from_lobby(page, server, "triomphe", 2, seed=5)
    concede = '#actions button[data-action="concede"]'
    play_until(page, f"() => !!document.querySelector('{concede}')", 12)
    n = int(page.get_attribute("#controls", "data-n") or 0)
    buttons = page.eval_on_selector_all("#actions button", "(bs) => bs.map((b) => b.dataset.action)")
    assert buttons[-1] == "concede" and "no_concession" in buttons, buttons  # offered last, not first
    page.click(concede)
    page.wait_for_selector("#confirm-weighty")
    question = page.inner_text("#confirm-question").replace("\u00a0", " ").replace("\u202f", " ")
    assert question.startswith("Vraiment : concéder ? Donner le jeu : si l'autre camp accepte"), question
    assert page.evaluate("() => document.activeElement.id") == "confirm-no"
    assert int(page.get_attribute("#controls", "data-n") or 0) == n  # nothing sent
    page.keyboard.press("Enter")
    page.wait_for_selector(concede)
    assert server.app.state.hub.tables[table_id].state.current_player is not None
    assert int(page.get_attribute("#controls", "data-n") or 0) == n
    assert not page.errors  # type: ignore[attr-defined]


def test_tempo_holds_the_trick_and_shows_one_move_at_a_time(server: Server, browser: Browser) -> None:
    """At the normal tempo a finished trick stays until a click (or about 2 s), bots' moves are shown one by one
    at least the tempo's step apart; the tempo chosen is kept by the browser."""
    page = in_language(new_page(browser, *DESKTOP, tempo="normal"), server, "en", DESKTOP)
    create_from_lobby(page, server, "tarot", 5, seed=4)
    page.evaluate("""() => { window.__shown = []; new MutationObserver(() => {
        const n = Number(document.querySelector('#controls')?.dataset.n);
        const last = window.__shown[window.__shown.length - 1];
        if (!last || last[0] !== n) window.__shown.push([n, performance.now()]);
      }).observe(document.getElementById('table'), {subtree: true, attributes: true, childList: true}); }""")
    held = False
    for _ in range(80):
        what = wait_mine(page)
        assert what == "turn"
        if page.locator(".hold-note").count():
            held = True
            assert page.locator(".trick .played").count() == 5
            time.sleep(0.8)
            assert page.locator(".hold-note").count() == 1, "released before the hold was over"
            assert page.inner_text(".hold-note") == "Click to go on"  # a mouse: "click" (a touch screen: "Tap to go on")
            # above the felt, in the caption's line: on the cloth it covered the bottom seat's "Your turn"
            assert page.locator("#trick-caption .hold-note").count() == 1
            # each card's name can be read (a later card covered the name of the seat across the table, a side
            # seat's chip its own card's name), and no chip covers a card of the trick; a desktop, then a small one
            for size in (DESKTOP, (1024, 768)):
                page.set_viewport_size({"width": size[0], "height": size[1]})
                page.wait_for_timeout(100)
                assert page.evaluate(TRICK_HIDDEN_JS) == [], f"trick names or cards covered at {size}"
            page.set_viewport_size({"width": DESKTOP[0], "height": DESKTOP[1]})
            page.click(".hold-note")
            page.wait_for_selector(".hold-note", state="detached", timeout=2000)
            break
        room_move(page)
    assert held, "no trick was held"
    shown = page.evaluate("() => window.__shown")
    gaps = [(b[1] - a[1], a[0], b[0]) for a, b in itertools.pairwise(shown) if b[0] == a[0] + 1]
    assert gaps and all(b == a + 1 for _, a, b in gaps)
    bots = [g for g, a, b in gaps if g > 0]
    assert max(bots) >= 600, gaps  # bots' moves, one at a time, not faster than the step (700 ms at normal)
    page.select_option("#tempo", "slow")
    page.reload()
    page.wait_for_selector("#tempo")
    assert page.input_value("#tempo") == "slow"
    assert page.evaluate("() => localStorage.getItem('atout.tempo')") == "slow"
    assert not page.errors  # type: ignore[attr-defined]


def test_keyboard_play_live_region_and_your_turn(server: Server, browser: Browser) -> None:
    """Arrows choose a card, Enter plays it; the focus stays in the hand; the live region says the card and the
    turn; the title carries the turn badge."""
    page = in_language(browser, server, "en", DESKTOP)
    create_from_lobby(page, server, "triomphe", 2, deals=1)
    for _ in range(20):
        assert wait_mine(page) == "turn"
        if page.locator(".card-btn.legal").count() and not page.locator("#actions button.act").count():
            break
        room_move(page)
    assert page.title().startswith("● Your turn")
    first = page.locator("#hand .card-btn").first
    first.focus()
    page.keyboard.press("ArrowRight")
    focused = page.evaluate("() => document.activeElement.dataset.card")
    assert focused == page.locator("#hand .card-btn").nth(1).get_attribute("data-card")
    legal = page.eval_on_selector_all("#hand .card-btn.legal", "els => els.map(e => e.dataset.card)")
    hand = page.eval_on_selector_all("#hand .card-btn", "els => els.map(e => e.dataset.card)")
    target = hand.index(legal[0])
    for _ in range(abs(target - 1)):
        page.keyboard.press("ArrowRight" if target > 1 else "ArrowLeft")
    n = int(page.get_attribute("#controls", "data-n") or 0)
    page.keyboard.press("Enter")
    page.wait_for_function(f"() => Number(document.querySelector('#controls').dataset.n) > {n}")
    assert legal[0] not in page.eval_on_selector_all("#hand .card-btn", "els => els.map(e => e.dataset.card)")
    page.wait_for_function("() => document.activeElement && document.activeElement.closest('#hand') !== null")
    said = page.inner_text("#announce")
    # (a deal of unknown seed may end on the bot's answer: the region then says its card and the game's end);
    # a robot's turn is not said, its card follows at once
    assert said.startswith("You") or "Your turn" in said or "Match over" in said, said
    assert "Waiting" not in said, said
    assert page.inner_text("#langbox .lang") == "Français"  # the button names the other language, and follows it
    page.click("#langbox .lang")
    page.wait_for_function("() => document.documentElement.lang === 'fr'")
    assert page.inner_text("#langbox .lang") == "English"
    page.click("#langbox .lang")
    page.wait_for_function("() => document.documentElement.lang === 'en'")
    assert page.inner_text("#langbox .lang") == "Français"
    assert not page.errors  # type: ignore[attr-defined]


def test_lobby_and_replay_are_axe_clean(server: Server, browser: Browser) -> None:
    page = in_language(browser, server, "fr", DESKTOP)
    assert axe_serious(page) == []
    page.select_option("#f-game", "triomphe")
    page.select_option("#f-mode", "watch")
    page.click("#create")
    page.wait_for_selector("#over", timeout=60_000)
    table_id = page.url.rsplit("/", 1)[-1]
    assert axe_serious(page) == []  # a spectator's table, the match over
    page.goto(f"{server.url}/r/{table_id}")
    page.wait_for_selector("#r-count")
    page.click("#r-next")
    assert page.locator("#hands .mini-hand").count() == 2
    assert axe_serious(page) == []
    assert not page.errors  # type: ignore[attr-defined]



def test_refusal_in_the_flow_with_its_why_and_forced_moves_played_for_us(server: Server, browser: Browser) -> None:
    """A greyed card clicked: the refusal sits above the tools (over no button), its source behind "pourquoi ?";
    with "Jouer mes coups forcés" on, a move that is our only legal one is played by the page (the deal's last card)."""
    page = in_language(browser, server, "fr", DESKTOP)
    page.evaluate("() => localStorage.setItem('atout.autoplay', '1')")  # as the table's checkbox "Jouer mes coups forcés" does
    table_id = create_from_lobby(page, server, "tarot", 5, deals=1)
    refused = False
    clicks = 0
    for _ in range(300):  # a deal is far fewer steps: a page that stops moving fails here, it does not hang CI
        if wait_mine(page) == "over":
            break
        if page.evaluate("() => T.frame.obs.legal_actions.length === 1"):  # the page plays it: no click
            page.wait_for_function("(n) => T.frame.n !== n || T.over", arg=page.evaluate("() => T.frame.n"))
            continue
        dim = page.locator("#hand .card-btn.dim")
        if not refused and dim.count():
            page.evaluate("() => { T.toast = null; draw(); }")
            page.mouse.move(0, 0)  # a hovered card rises over its neighbour's strip: the pointer leaves it first
            try:  # on the card's visible strip (its centre lies under the next card of the fanned hand)
                dim.first.click(position=VISIBLE, timeout=3000)
            except PlaywrightTimeout:  # a new frame came between the count and the click: a move, then try again
                clicks += room_move(page)
                continue
            page.wait_for_selector("#toast:not([hidden])")
            assert page.locator("#toast .why summary").inner_text().replace("\u202f", " ") == "pourquoi ?"
            toast = page.locator("#toast").bounding_box()
            assert toast is not None
            for b in page.locator("#controls button:visible").all():
                box = b.bounding_box()
                if box is None or b.evaluate("e => e.closest('#toast') !== null"):
                    continue
                apart = (box["x"] + box["width"] <= toast["x"] or toast["x"] + toast["width"] <= box["x"]
                         or box["y"] + box["height"] <= toast["y"] or toast["y"] + toast["height"] <= box["y"])
                assert apart, (box, toast)
            page.click("#toast .why summary")
            assert page.locator("#toast .why").inner_text().strip() != "pourquoi ?"  # the citation, now open
            refused = True
        clicks += room_move(page)
    assert wait_mine(page) == "over"
    mine = [a for s, a in server.app.state.hub.tables[table_id].state.log[-1].actions if s == 0]
    assert refused, "no greyed card met"
    assert len(mine) > clicks, (len(mine), clicks)  # at least the last card was played for us
    assert not page.errors  # type: ignore[attr-defined]


def test_a_guest_joins_a_friends_table_under_the_name_typed(server: Server, browser: Browser) -> None:
    """A friends' table (seats left open): the guest's nickname, typed in the lobby or beside the seat offers,
    is sent with the join and named on the seat."""
    import httpx

    made = httpx.post(server.url + "/api/tables", json={"game": "triomphe", "players": 2, "fill": False, "name": "Hôte"})
    table_id = made.json()["id"]
    page = in_language(browser, server, "fr", PHONE)
    page.evaluate("() => localStorage.setItem('atout.name', 'Émile')")  # as the lobby keeps it
    page.goto(f"{server.url}/t/{table_id}")
    page.wait_for_selector("#join-name")
    assert page.input_value("#join-name") == "Émile"
    page.fill("#join-name", "Émilie")
    page.click('.take-seat[data-seat="1"]')
    page.wait_for_function("() => T.seat === 1")
    assert server.app.state.hub.tables[table_id].names[1] == "Émilie"
    page.wait_for_function("() => T.frame.seats[1].name === 'Émilie'", timeout=5000)
    assert not page.errors  # type: ignore[attr-defined]


def test_a_new_decision_takes_the_focus_off_a_card_that_cannot_be_played(server: Server, browser: Browser) -> None:
    """Playing by the keyboard, the focus stays in the hand after a card (on its neighbour); when the next
    decision comes, a neighbour that cannot be played gives the focus to the playable card nearest to it (a
    newcomer pressed an arrow seven times from a greyed card), and to the first action when no card is to be
    played. Within a decision the arrows still walk the whole hand."""
    page = in_language(browser, server, "en", DESKTOP)
    create_from_lobby(page, server, "tarot", 4, deals=1)
    checked = 0
    walked = False
    for _ in range(120):
        mine = wait_mine(page)
        if mine == "over":
            break
        playing = page.locator("#hand .card-btn.legal").count() > 0 and not page.evaluate("() => !!T.frame.select")
        if not playing or page.locator("#continue").count():
            room_move(page)
            continue
        page.wait_for_timeout(100)  # the frame drawn: the focus moved, if it was to
        active = page.evaluate("() => document.activeElement && document.activeElement.closest('#hand') ? "
                               "document.activeElement.className : null")
        if active is not None:
            assert "legal" in active.split(), active  # never left on a card that cannot be played
            checked += 1
        else:
            page.locator("#hand .card-btn.legal").first.focus()
        if not walked and page.locator("#hand .card-btn:not(.legal)").count():  # the arrows still reach them
            for _ in range(page.locator("#hand .card-btn").count()):
                page.keyboard.press("ArrowRight")
                if "legal" not in (page.evaluate("() => document.activeElement.className") or "").split():
                    walked = True
                    break
            page.locator("#hand .card-btn.legal").first.focus()
        n = int(page.get_attribute("#controls", "data-n") or 0)
        page.keyboard.press("Enter")
        page.wait_for_function(f"() => Number(document.querySelector('#controls').dataset.n) > {n}")
    assert checked >= 5, checked
    assert not page.errors  # type: ignore[attr-defined]
