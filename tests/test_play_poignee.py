"""Issue 17, point 3: the poignée at the terminal table, typed whole in one line, its count shown as it grows.

Rules: seed 001 §7 (/work/shared/rules/tarot.md, "Handful thresholds"): at four players a poignée shows exactly
10 (simple), 13 (double) or 15 (triple) trumps; the Excuse counts as a trump but may be shown only with every
trump one holds. The deals below are written by hand: seat 0 (the eldest, dealer 3) holds the trumps named.
"""

from __future__ import annotations

import argparse
import io
import os
import re
import sys
from pathlib import Path

import pytest
from rich.console import Console

import atout
from atout.core.actions import Action
from atout.core.errors import IllegalAction, NotationError
from atout.present.poignee import choice_labels, plan, progress, read_line

PLAIN = [f"{r}{s}" for s in "SHDC" for r in ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "N", "Q", "K")]
TRUMPS = [f"T{n}" for n in range(1, 22)]


def _deal(mine: list[str]) -> dict[str, list[list[str]] | list[str]]:
    """Seat 0 holds ``mine`` and plain cards up to 18; the rest dealt in order (4 players, talon of 6)."""
    rest = [c for c in [*PLAIN, *TRUMPS, "EX"] if c not in mine]
    hand0 = mine + [c for c in rest if c in PLAIN][: 18 - len(mine)]
    rest = [c for c in rest if c not in hand0]
    return {"hands": [hand0, rest[0:18], rest[18:36], rest[36:54]], "talon": rest[54:60]}


def _at_announcements(mine: list[str], variant: str = "seed") -> atout.GameState:
    """Seat 0 bids 'garde sans' (no écart), the others pass: the announcements open at seat 0 (seed 001 §7, D7)."""
    g = atout.new_game("tarot", players=4, variant=variant, deal=_deal(mine), dealer=3)
    g.apply(Action.parse("bid garde_sans"))
    while g.phase == "bidding":
        g.apply(Action.parse("pass"))
    assert g.phase == "annonces" and g.current_player == 0
    return g


def test_read_line_french_and_english() -> None:
    assert read_line("annoncer poignée 21 20 excuse", "fr") is not None
    line = read_line("Annoncer la poignée 21, 20, excuse", "fr")
    assert line is not None and (line.level, line.cards) == (None, ["T21", "T20", "EX"])
    line = read_line("announce handful double", "en")
    assert line is not None and (line.level, line.cards) == (1, [])
    line = read_line("poignée", "fr")
    assert line is not None and (line.level, line.cards) == (None, [])
    assert read_line("garde", "fr") is None and read_line("announce capot", "en") is None
    with pytest.raises(NotationError, match="«\xa0truc\xa0»"):
        read_line("annoncer poignée truc", "fr")


def test_the_poignee_a_hand_makes_is_its_lowest_ten_trumps() -> None:
    """Eleven trumps (T1…T11) and no Excuse at four: only the simple poignée (10); the lowest ten are shown,
    from the highest down, and the show is closed ('done')."""
    g = _at_announcements(TRUMPS[:11])
    steps = plan(read_line("annoncer poignée", "fr"), g.observation(0), "fr")  # type: ignore[arg-type]
    assert [str(a) for a in steps] == [f"announce poignee T{n}" for n in range(10, 0, -1)] + ["done"]


def test_several_sizes_ask_which() -> None:
    """Thirteen trumps at four make a simple (10) or a double (13) poignée: the table asks which, and
    'double' shows the thirteen."""
    g = _at_announcements(TRUMPS[:13])
    obs = g.observation(0)
    with pytest.raises(NotationError) as exc:
        plan(read_line("annoncer poignée", "fr"), obs, "fr")  # type: ignore[arg-type]
    said = str(exc.value).replace("\xa0", " ")  # French guillemets hold non-breaking spaces
    assert "« annoncer poignée simple » (10 atouts)" in said and "« annoncer poignée double » (13 atouts)" in said
    with pytest.raises(NotationError, match="'announce handful double' \\(13 trumps\\)"):
        plan(read_line("announce handful", "en"), obs, "en")  # type: ignore[arg-type]
    steps = plan(read_line("announce handful double", "en"), obs, "en")  # type: ignore[arg-type]
    assert len(steps) == 14 and steps[-1] == Action("done", ())


def test_nine_trumps_and_the_excuse_show_all_of_them() -> None:
    """Nine trumps and the Excuse at four: the Excuse completes the ten, shown last with every trump (seed 001 §7)."""
    g = _at_announcements([*TRUMPS[:9], "EX"])
    steps = plan(read_line("poignée", "fr"), g.observation(0), "fr")  # type: ignore[arg-type]
    assert [a.args[1] for a in steps[:-1]] == [f"T{n}" for n in range(9, 0, -1)] + ["EX"]


def test_no_poignee_says_the_counts() -> None:
    g = _at_announcements(TRUMPS[:9])  # nine trumps, no Excuse: no poignée at four (10 needed)
    assert not any(a.args[:1] == ("poignee",) for a in g.legal_actions())
    with pytest.raises(NotationError, match=r"il faut 10, 13 ou 15 atouts .*vous en avez 9"):
        plan(read_line("poignée", "fr"), g.observation(0), "fr")  # type: ignore[arg-type]


def _session(state: atout.GameState, lang: str, tmp_path: Path) -> tuple[object, io.StringIO]:
    from atout.cli.play import Session

    args = argparse.Namespace(game="tarot", players=4, variant=None, seed=5, lang=lang, option=[], deals=None,
                              target=None, seat=0, bot=None, speed="0", records=str(tmp_path))
    out = io.StringIO()
    session = Session(Console(file=out, width=200), args)
    session.state = state
    return session, out


def test_a_whole_line_is_shown_or_refused_whole(tmp_path: Path) -> None:
    """The terminal turns one line into the engine's one-card steps; a line with one card the engine refuses
    (T12 is not in the hand) changes nothing; a shorter line shows its cards and the count '3/10'."""
    from atout.cli.play import Session

    g = _at_announcements(TRUMPS[:11])
    session, _ = _session(g, "fr", tmp_path)
    assert isinstance(session, Session)
    obs = g.observation(0)
    before = g.to_record()
    with pytest.raises(IllegalAction):
        session._poignee("annoncer poignée 11 10 9 8 7 6 5 4 3 12", obs, g.legal_actions())
    assert g.to_record() == before and g.observation(0).public.get("showing") is None
    assert session._poignee("annoncer poignée 11 10 9", obs, g.legal_actions())
    obs = g.observation(0)
    assert progress(obs, "fr") == "Poignée\u00a0: 3/10 atouts montrés (11 10 9)."
    assert progress(obs, "en") == "Poignée (handful): 3/10 trumps shown (11 10 9)."
    assert choice_labels(obs, "fr") == ("annoncer poignée ATOUT (un de plus)", "fini (montrer ces 3 atouts)")
    assert session._poignee("annoncer poignée 8 7 6 5 4 3 2", obs, g.legal_actions())
    shown = [e for e in g.events(None) if e.kind == "poignee_shown"]
    assert len(shown) == 1 and shown[0].data["count"] == 10 and shown[0].data["announcement"] == "poignee_simple"
    assert g.current_player == 0 and g.phase == "annonces"  # his turn of announcements goes on (capot, done)


def test_the_choices_suggest_the_show(tmp_path: Path) -> None:
    g = _at_announcements(TRUMPS[:11])
    for lang, label, line in (("fr", "annoncer poignée (10 atouts)", "« annoncer poignée » montre 10 9 8 7 6 5 4 3 2 1"),
                              ("en", "announce handful (10 trumps)", "'announce handful' shows 10 9 8 7 6 5 4 3 2 1")):
        session, out = _session(g, lang, tmp_path)
        session._choices(g.observation(0))  # type: ignore[attr-defined]
        text = out.getvalue().replace("\xa0", " ")
        assert label in text and line in text and "CARTE" not in text and "CARD" not in text


PROMPT = {"fr": r"Votre jeu \(\? aide, q quitter\) > ", "en": r"Your move \(\? help, q quit\) > "}


@pytest.mark.parametrize(("lang", "bid", "typed", "said"), [
    ("fr", "garde sans", "annoncer poignée", "Vous montrez une poignée simple de 10 atouts"),
    ("en", "garde sans", "announce handful", "You show a single poignée (handful) of 10 trumps"),
])
def test_terminal_accepts_annoncer_poignee_alone(lang: str, bid: str, typed: str, said: str, tmp_path: Path) -> None:
    """Seed 331 at four: seat 0 holds ten trumps and the Excuse (11): 'annoncer poignée' alone shows the
    simple poignée (10 trumps, seed 001 §7), in one line."""
    pexpect = pytest.importorskip("pexpect")
    env = dict(os.environ, NO_COLOR="1", TERM="xterm", COLUMNS="200", LINES="50", PYTHONIOENCODING="utf-8")
    child = pexpect.spawn(sys.executable, ["-m", "atout.cli.main", "play", "tarot", "--players", "4", "--seed", "331",
                                           "--lang", lang, "--speed", "0", "--records", str(tmp_path)],
                          env=env, encoding="utf-8", timeout=30, dimensions=(50, 200))
    child.expect(PROMPT[lang])
    child.sendline(bid)
    child.expect("10 " + ("atouts" if lang == "fr" else "trumps") + r"\)")
    child.expect(PROMPT[lang])
    child.sendline(typed)
    child.expect(re.escape(said))
    child.expect(PROMPT[lang])
    child.sendline("q")
    child.sendline("o" if lang == "fr" else "y")
    child.expect(pexpect.EOF)


def test_fft_poignee_at_the_first_card(tmp_path: Path) -> None:
    """FFT rule 4: the poignée is shown just before one's first card, exactly 10 at four; the line works there
    too, and the card is played afterwards (the choices suggest it among the cards)."""
    g = atout.new_game("tarot", players=4, variant="fft", deal=_deal(TRUMPS[:11]), dealer=3)
    g.apply(Action.parse("bid garde_sans"))
    while g.phase == "bidding":
        g.apply(Action.parse("pass"))
    g.apply(Action.parse("done"))  # the taker's turn of announcements (no chelem)
    assert g.phase == "play" and g.current_player == 0
    session, out = _session(g, "en", tmp_path)
    session._choices(g.observation(0))  # type: ignore[attr-defined]
    assert "'announce handful' shows 10 9 8 7 6 5 4 3 2 1" in out.getvalue()  # the cards too many to list
    assert session._poignee("announce handful", g.observation(0), g.legal_actions())  # type: ignore[attr-defined]
    shown = [e for e in g.events(None) if e.kind == "poignee_shown"]
    assert len(shown) == 1 and shown[0].data["cards"] == [f"T{n}" for n in range(10, 0, -1)]
    assert g.phase == "play" and g.current_player == 0 and all(a.kind == "play" for a in g.legal_actions())


def test_a_show_that_could_go_on_is_closed_by_done(tmp_path: Path) -> None:
    """Thirteen trumps at four: after ten shown a double (13) is still reachable, so the engine waits for
    'done'; 'annoncer poignée simple' sends it and the simple poignée of ten is recorded (seed 001 §7)."""
    g = _at_announcements(TRUMPS[:13])
    session, _ = _session(g, "fr", tmp_path)
    assert session._poignee("annoncer poignée simple", g.observation(0), g.legal_actions())  # type: ignore[attr-defined]
    shown = [e for e in g.events(None) if e.kind == "poignee_shown"]
    assert len(shown) == 1 and shown[0].data["count"] == 10 and shown[0].data["cards"] == [f"T{n}" for n in range(10, 0, -1)]


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_capot_is_asked_again_before_it_is_announced(lang: str, tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """Seed 001, "Le Capot": announced, it is worth its value from or to each defender. A newcomer typed it to see
    what it was and found it announced (undo took it back). The terminal now asks again, with what it commits to;
    anything but yes announces nothing and asks for the move again."""
    from atout.cli.play import Session

    g = _at_announcements(TRUMPS[:5])
    session, out = _session(g, lang, tmp_path)
    assert isinstance(session, Session)
    typed = iter(["annoncer capot" if lang == "fr" else "announce capot", "n", "fini" if lang == "fr" else "done"])
    monkeypatch.setattr(session.console, "input", lambda prompt="": (out.write(str(prompt)), next(typed))[1])
    session._human_turn()
    said = " ".join(out.getvalue().replace("\u00a0", " ").replace("\u202f", " ").split())
    if lang == "fr":
        assert "Vraiment : annoncer le capot ? Vous vous engagez à faire toutes les levées : chaque défenseur" in said, said
        assert "(o/n)" in said and "Pas fait : annoncer le capot. Choisissez autre chose." in said
    else:
        assert "Really: announce the capot (slam)? You undertake to win every trick: each defender pays you" in said, said
        assert "(y/n)" in said and "Not done: announce the capot (slam). Choose something else." in said
    assert not g.slam_announced and g.current_player != 0  # "fini": nothing announced, the next seat announces
    g = _at_announcements(TRUMPS[:5])
    session, out = _session(g, lang, tmp_path)
    assert isinstance(session, Session)
    typed = iter(["annoncer capot" if lang == "fr" else "announce capot", "o" if lang == "fr" else "y"])
    monkeypatch.setattr(session.console, "input", lambda prompt="": (out.write(str(prompt)), next(typed))[1])
    session._human_turn()
    assert g.slam_announced
