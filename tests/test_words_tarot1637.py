"""The 1637 tarot as a player reads it (issue 17, point 5), on both tables, in French and English.

Worked by hand from seed 000 (/work/shared/seeds/000_*.txt) and /work/shared/rules/tarot-1637.md:
§5, every hand is brought to 20 cards, the dealer (24 cards) lays aside 4, the others (21) 1; §6.2, ten
triumphs shown are worth 1 marque from each; §9, par is 25 and the loser pays one marque per 5 points short.
"""

from __future__ import annotations

import argparse
import io
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

import atout
from atout.cli.play import Session
from atout.core.events import Event
from atout.present import Table, breakdown, say
from atout.present.games.tarot1637 import cards
from atout.web import views

# Seat 0 (eldest) holds ten triumphs, II to XI, and no other combination; seat 2 deals (24 cards).
H0 = "T2 T3 T4 T5 T6 T7 T8 T9 T10 T11 4S 5S 6S 7S 8S 9S 2H 3H 4H 5H 6H".split()
H1 = "T12 T13 T14 T15 T16 T17 T18 T19 T20 10S 7H AH 2D 3D 4D 5D 6D 7D AD 10C 9C".split()
H2 = "T21 T1 EX KS QS NS JS KH QH NH JH KD QD ND JD KC QC NC JC 8C 7C 6C 5C 4C".split()


def _game() -> atout.GameState:
    return atout.new_game("tarot1637", players=3, dealer=2, deal={"hands": [H0, H1, H2]}, seed=1)


def _plain(text: str) -> str:
    return text.replace("\u202f", " ").replace("\xa0", " ")


LEFT = {"fr": ["Il reste {n} cartes à écarter, une à la fois ; ni Tarot ni triomphe.",  # "encore" before the
               "Il reste 1 carte à écarter ; ni Tarot ni triomphe."],  # first read oddly
        "en": ["{n} cards left to lay aside, one at a time; no Tarot, no trump.",
               "1 card left to lay aside; no Tarot, no trump."]}


def _left(lang: str, n: int) -> str:
    return LEFT[lang][1] if n == 1 else LEFT[lang][0].format(n=n)


def _session(lang: str, seat: int, tmp_path: Path) -> tuple[Session, Console]:
    console = Console(file=io.StringIO(), width=200, color_system=None)
    args = argparse.Namespace(game="tarot1637", players=3, variant="printed", seed=1, seat=seat, bot="heuristic",
                              lang=lang, deals=None, target=None, speed="0", records=str(tmp_path), option=[])
    session = Session(console, args)
    return session, console


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_dealer_is_told_how_many_cards_are_left_to_lay_aside_at_each_step(lang: str, tmp_path: Path) -> None:
    g = _game()
    assert [_plain(x) for x in views.frame(g, 0, lang, {})["facts"]] == [_left(lang, 1)]  # 21 cards: 1
    g.apply("discard 9S")
    g.apply("discard 10S")
    session, console = _session(lang, 2, tmp_path)
    session.state = g
    for left, card in zip((4, 3, 2, 1), ("8C", "7C", "6C", "5C"), strict=True):  # the dealer: 24 cards, 4 to lay aside
        assert [_plain(x) for x in views.frame(g, 2, lang, {})["facts"]] == [_left(lang, left)]
        console.file = io.StringIO()
        session.render(g.observation(2))
        assert _left(lang, left) in _plain(console.file.getvalue())
        g.apply(f"discard {card}")
    assert views.frame(g, 2, lang, {})["facts"] == []  # 20 cards: nothing left to lay aside


DECLARED = {"fr": "Joueur 1 déclare 10 triomphes et montre {cards} : 1 marque de chacun.",
            "en": "Player 1 declares 10 trumps, showing {cards}: 1 marque from each."}
#: The declarer reads his own declaration as his moves: "Vous déclarez" (a newcomer read "Joueur 1 (vous) déclare").
DECLARED_YOU = {"fr": "Vous déclarez 10 triomphes et montrez {cards} : 1 marque de chacun.",
                "en": "You declare 10 trumps, showing {cards}: 1 marque from each."}


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_declaration_of_triumphs_names_their_count_and_shows_them(lang: str, tmp_path: Path) -> None:
    g = _game()
    for a in ("discard 9S", "discard 10S", "discard 8C", "discard 7C", "discard 6C", "discard 5C"):
        g.apply(a)
    g.apply("declare triomphes")
    expected = DECLARED[lang].format(cards=cards(H0[:10], lang))  # the ten shown, public from now on
    assert "(dix, quinze" not in expected and "(ten, fifteen" not in expected
    web = [_plain(x) for x in views.frame(g, 1, lang, {})["narration"]]  # another seat reads it too
    assert _plain(expected) in web
    expected = DECLARED_YOU[lang].format(cards=cards(H0[:10], lang))
    session, console = _session(lang, 0, tmp_path)
    session.state = g
    session._narrate()
    assert _plain(expected) in _plain(console.file.getvalue())


def test_the_card_count_is_said_in_plain_words() -> None:
    """§9: par 25; A counts 28, B 26, C 20: C is 5 short and pays 1 marque to A (the gainer)."""
    line = {"reason": "cards", "seat": None, "row": [1, 0, -1], "points": [28, 26, 20], "raw_thirds": [84, 79, 59],
            "pile_sizes": [36, 16, 14], "par": 25, "settlement": [{"payer": 2, "payee": 0, "marques": 1, "loss": 5}]}
    event = Event("deal_scored", seat=2, data={"deal": 1, "lines": [line], "row": [1, 0, -1]})
    t = Table("tarot1637", 3, me=0)
    fr = [_plain(x) for x in breakdown(event, "fr", t)]
    en = breakdown(event, "en", t)
    assert "  Joueur 3 : 14 cartes, qui valent 19,67 comptées par trois, soit 20 points (il en faut 25)" in fr
    assert ("  Joueur 3 paie 1 marque à Joueur 1 (vous) : 5 points de moins que le compte requis, une marque par "
            "5 points manquants") in fr
    assert "  Player 3: 14 cards, worth 19.67 counted by threes, that is 20 points (25 needed)" in en
    assert ("  Player 3 pays Player 1 (you) 1 marque: 5 points short of the count required, one marque per 5 points "
            "short") in en
    assert not any("(par " in x or "(perte" in x or "(loss" in x for x in fr + en)
    assert say(event, "en", t) is not None


def test_each_breakdown_line_names_the_seats_and_their_marques() -> None:
    """Issue 18: a marque line ends with each seat's marques by name ("Joueur 1 (vous) +1"), not "[+1 +0 −1]"."""
    line = {"reason": "cards", "seat": None, "row": [1, 0, -1], "points": [28, 26, 20], "raw_thirds": [84, 79, 59],
            "pile_sizes": [36, 16, 14], "par": 25, "settlement": [{"payer": 2, "payee": 0, "marques": 1, "loss": 5}]}
    event = Event("deal_scored", seat=2, data={"deal": 1, "lines": [line], "row": [1, 0, -1]})
    t = Table("tarot1637", 3, me=0)
    fr = [_plain(x) for x in breakdown(event, "fr", t)]
    en = [_plain(x) for x in breakdown(event, "en", t)]
    assert fr[0].endswith(" — Joueur 1 (vous) +1, Joueur 2 +0, Joueur 3 −1")
    assert en[0].endswith(" — Player 1 (you) +1, Player 2 +0, Player 3 −1")
    assert not any("[" in x for x in fr + en)


class _Typist(Console):
    """A terminal whose player asks for help once, then types the bot's moves."""

    def __init__(self) -> None:
        super().__init__(file=io.StringIO(), width=200, color_system=None, force_terminal=False)
        self.session: Session | None = None
        self.asked = False

    def input(self, prompt: Any = "", **kwargs: Any) -> str:
        from atout.present.screen import action_label

        if not self.asked:
            self.asked = True
            return "?"
        s = self.session
        assert s is not None
        return action_label(s.bots[s.me].act(s.state.observation(s.me)), s.lang, s.game)


@pytest.mark.parametrize(("lang", "suits", "modern"), [
    ("fr", "S = épées, H = coupes, D = deniers, C = bâtons", "S = pique"),
    ("en", "S swords, H cups, D coins, C batons", "S spades"),
])
def test_the_help_names_the_italian_suits(lang: str, suits: str, modern: str, tmp_path: Path) -> None:
    console = _Typist()
    args = argparse.Namespace(game="tarot1637", players=3, variant="printed", seed=1, seat=0, bot="heuristic",
                              lang=lang, deals=None, target=None, speed="0", records=str(tmp_path), option=[])
    session = Session(console, args)
    console.session = session
    assert session.run() == 0
    screen = " ".join(console.file.getvalue().split())
    assert suits in screen and modern not in screen


def test_the_discard_refusal_quotes_the_rule() -> None:
    """seed 000 (« Cette vne, & ses quatre de plus que les vingt estant pour faire les escarts »): a newcomer who
    typed the hint's own form was told "[texte 000]" and nothing more; the refusal now quotes the rule."""
    from atout.core.errors import IllegalAction
    from atout.present import say_error

    g = atout.new_game("tarot1637", players=3, seed=3)
    with pytest.raises(IllegalAction) as exc:
        g.apply("pass")
    said = _plain(say_error(exc.value, "fr", "tarot1637"))
    assert said.endswith("[texte 000 : « Cette vne, & ses quatre de plus que les vingt estant pour faire les escarts »]")
