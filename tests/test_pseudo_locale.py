"""Adding a language is a catalog, not code: the pseudo-locale ``xx`` over full games of every game, both tables.

The ``xx`` catalogs are built here from the English ones (tests/pseudo_locale.py) and registered as a directory;
bots play every game, variant and player count, and every string a player would read, at the terminal (the
narration, breakdowns, choices, hands, hints, refusals, what ``atout play`` prints) and in the browser (each
seat's frame from :func:`atout.web.views.frame`), must come from the catalogs: any letter outside a ``[…]``
wrapper fails the test, naming the string.
"""

from __future__ import annotations

import argparse
import io
import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

import atout
from atout import present
from atout.cli.play import Session
from atout.core.errors import IllegalAction, NotationError
from atout.present import catalogs
from atout.present.hints import why
from atout.present.inputs import InputProblem, interpret
from atout.present.screen import action_label, hand_plain, hand_text
from atout.web import views
from conftest import configurations
from pseudo_locale import LANG, build, bypasses

#: Words a player may see that are no catalog's: the game's own name as typed on the command line.
ALLOWED: frozenset[str] = frozenset()


@pytest.fixture(scope="module")
def xx(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    root = build(tmp_path_factory.mktemp("locales"))
    catalogs.add_locale_dir(root)
    try:
        yield LANG
    finally:
        catalogs.remove_locale_dir(root)


def _texts(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for v in value.values():
            yield from _texts(v)
    elif isinstance(value, list | tuple):
        for v in value:
            yield from _texts(v)


def _shown(frame: dict[str, Any]) -> Iterator[tuple[str, str]]:
    """The strings of a web frame that the page shows as they are (the rest are codes the page looks up)."""
    for key in ("narration", "breakdowns", "labels", "names", "examples", "hints", "marks", "facts"):
        for text in _texts(frame[key]):
            yield key, text


def _check(found: list[str], where: str, text: str | None) -> None:
    if text:
        left = bypasses(text, ALLOWED)
        if left is not None and len(found) < 40:
            found.append(f"{where}: {text!r} (left: {left!r})")


def _illegal(state: atout.GameState, rng: random.Random) -> IllegalAction | NotationError | None:
    """An action refused now (another seat's card, a verb of another phase), to read its refusal."""
    seat = state.current_player
    legal = set(map(str, state.legal_actions()))
    hand = [c.code for c in state.observation(seat).hand] if seat is not None else []
    tries = [f"play {c}" for c in hand] + ["pass", "play KH", "bid garde", "concede", "discard 7S"]
    rng.shuffle(tries)
    for text in tries:
        if text in legal:
            continue
        try:
            state.clone().apply(text)
        except (IllegalAction, NotationError) as exc:
            return exc
    return None


def play_and_collect(game: str, variant: str, players: int, lang: str, seed: int = 5) -> list[str]:
    """Play one match with random bots; every string shown on either table that bypasses the catalogs."""
    found: list[str] = []
    rng = random.Random(seed)
    kwargs: dict[str, Any] = {"variant": variant, "players": players, "seed": seed}
    state = atout.new_game(game, **kwargs)
    me = 0
    table = present.Table(game, players, me=me, italian=game == "tarot1637")
    seen = 0
    said: views.Said = {}
    step = 0
    _check(found, "variant", views.variant_text(game, variant, lang)[0])
    _check(found, "variant", views.variant_text(game, variant, lang)[1])
    while True:
        events = state.events(me)
        for e in events[seen:]:
            _check(found, f"say {e.kind}", present.say(e, lang, table))
            if e.kind == "deal_scored":
                for line in present.breakdown(e, lang, table):
                    _check(found, "breakdown", line)
        seen = len(events)
        if state.is_terminal():
            break
        seat = state.current_player
        legal = state.legal_actions()
        obs = state.observation(seat)
        for a in legal[:12]:
            _check(found, "label", action_label(a, lang, game))
        _check(found, "hand", hand_plain([c.code for c in obs.hand], lang))
        _check(found, "hand", hand_text([c.code for c in obs.hand], lang, game).plain)
        action = rng.choice(legal)
        _check(found, "why", why(action, obs, lang, game))
        if step % 7 == 0:
            exc = _illegal(state, rng)
            if exc is not None:
                _check(found, "error", present.say_error(exc, lang, game, table))
            try:
                interpret("zzz", legal, lang, game)
            except InputProblem as problem:
                _check(found, "input", str(problem))
            frame = views.frame(state, seat, lang, {}, said=said)
            for key, text in _shown(frame):
                _check(found, f"web {key}", text)
        state.apply(action)
        step += 1
    for viewer in [*range(players), None]:
        frame = views.frame(state, viewer, lang, {})
        for key, text in _shown(frame):
            _check(found, f"web end {key}", text)
    return found


@pytest.mark.parametrize(("game", "variant", "players"), list(configurations()))
def test_every_string_comes_from_a_catalog(xx: str, game: str, variant: str, players: int) -> None:
    found = play_and_collect(game, variant, players, xx)
    assert not found, "\n".join(found)


def test_the_pseudo_locale_is_a_language_without_code(xx: str, tmp_path: Path) -> None:
    assert xx in present.LANGS and xx in catalogs.languages()
    t = present.Table("triomphe", 2)
    assert t.seat_name(1, xx) == "[Pļåýéŕ 2]"
    with pytest.raises(ValueError, match="lang must be"):
        present.say(atout.new_game("triomphe", players=2, seed=1).events(0)[0], "zz", t)


class _Player(Console):
    """A terminal whose player types, at each turn, the bot's move as the table labels it (and asks for help)."""

    def __init__(self, answers: Iterator[str], every: int = 5) -> None:
        super().__init__(file=io.StringIO(), width=240, color_system=None, force_terminal=False)
        self.answers = answers
        self.every = every  # a scripted answer every so many prompts (1: all of them first)
        self.session: Session | None = None
        self.turns = 0

    def input(self, prompt: Any = "", **kwargs: Any) -> str:
        self.print(prompt)
        session = self.session
        assert session is not None
        self.turns += 1
        if self.every == 1 or self.turns % self.every == 1:  # now and then: help, hint, last trick, a typo
            extra = next(self.answers, None)
            if extra is not None:
                return extra
        seat = session.me
        action = session.bots[seat].act(session.state.observation(seat))
        return action_label(action, session.lang, session.game)


def play_at_the_terminal(game: str, variant: str, players: int, lang: str, records: Path, seed: int = 5) -> list[str]:
    """``atout play`` with a player who types the bot's moves: every printed line that bypasses the catalogs."""
    answers = iter(["?", "indice", "dernier", "zzz", "annuler", "?", "indice", "zzz"] * 50)
    console = _Player(answers)
    args = argparse.Namespace(game=game, players=players, variant=variant, seed=seed, seat=0, bot="random", lang=lang,
                              deals=None, target=None, speed="0", records=str(records), option=[])
    session = Session(console, args)
    console.session = session
    assert session.run() == 0
    found: list[str] = []
    saved = re.compile(re.escape(str(records)) + r"\S*")  # the record's file name, and the command to replay it
    for line in console.file.getvalue().splitlines():  # type: ignore[attr-defined]
        line = saved.sub(" ", line).replace(f"atout replay   --step --lang {lang}", " ")
        _check(found, "terminal", line)
    return found


@pytest.mark.parametrize(("game", "variant", "players"), list(configurations()))
def test_the_terminal_says_everything_through_the_catalogs(xx: str, game: str, variant: str, players: int,
                                                           tmp_path: Path) -> None:
    found = play_at_the_terminal(game, variant, players, xx, tmp_path)
    assert not found, "\n".join(found)


def test_the_web_pages_own_words_come_from_the_catalogs(xx: str) -> None:
    import json

    script = views.page_texts()
    texts = json.loads(script[script.index("{"): script.rindex("}") + 1])
    assert set(texts) >= {"fr", "en", xx} and texts[xx]["newTable"] == "[Ñéŵ ţåƀļé]"
    found: list[str] = []
    for key, text in texts[xx].items():
        _check(found, f"page {key}", text)
    assert not found, "\n".join(found)


def test_a_browser_in_the_pseudo_locale_gets_its_frames_in_it(xx: str) -> None:
    from fastapi.testclient import TestClient

    from atout.web import create_app

    with TestClient(create_app("sqlite://", bot_delay=0)) as client:
        t = client.post("/api/tables", json={"game": "triomphe", "players": 2, "seat": 0, "fill": True}).json()
        with client.websocket_connect(f"/ws/{t['id']}") as ws:
            ws.send_json({"type": "hello", "token": t["token"], "lang": xx})
            frames = [ws.receive_json() for _ in range(2)]
        state = next(f for f in frames if f["type"] == "state")
        found: list[str] = []
        for key, text in _shown(state):
            _check(found, f"ws {key}", text)
        assert state["narration"] and not found, "\n".join(found)
        assert xx in client.get("/texts.js").text


def test_a_triomphe_concession_awaiting_its_answer_is_labelled_from_the_catalogs(xx: str) -> None:
    """La Triomphe's concession (rules/triomphe.md §4, "donner le jeu"): while the other side answers, the public fact's stage
    ("answer"), then the answer ("accepted"/"refused") are words of the page; once shown as "Answer" on every
    table, French included (a frame seen in CI whenever a bot conceded)."""
    state = atout.new_game("triomphe", players=2, seed=0)
    while "concede" not in {str(a) for a in state.legal_actions()}:
        state.apply(str(state.legal_actions()[0]))
    state.apply("concede")
    seat = state.current_player
    assert seat is not None and {str(a) for a in state.legal_actions()} == {"accept", "refuse"}
    words = {"answer", "accepted", "refused", "offer"}
    said = {lang: {w: views.label("triomphe", w, lang) for w in words} for lang in ("fr", "en", xx)}
    assert said["fr"]["answer"] == "Réponse attendue à la concession"
    assert said["en"]["answer"] == "Concession awaiting an answer"
    assert said["fr"]["accepted"] == "Concession acceptée" and said["en"]["refused"] == "Concession refused"
    found: list[str] = []
    for w, text in said[xx].items():
        _check(found, f"label {w}", text)
    assert not found, "\n".join(found)
