"""Words a card player notices at once (issue 17, point 7), searched for in the whole output of full games.

Every game and variant is played to the end at the terminal (``atout play``, a player typing the bot's moves, asking
for help and the hint, typing a typo and an illegal card) and in the browser (each seat's web frame), in French and
in English; ``atout rules GAME`` is read in both languages too. None of these may appear:

* a singular count with a plural noun (``Écartez encore 1 cartes``), ``(s)`` plurals (``1 pli(s)``);
* ``de`` before a vowel (``le 8 de épées``), a card without its article after the verb (``Vous écartez 7 de pique``,
  ``You lay aside 3 of Hearts``);
* French spacing before ``;`` ``:`` ``!`` ``?`` in English;
* an option or action key (``left_of_dealer_must_play``, ``(no_concession to play)``) in a rules summary;
* an English citation (``[FFT rule 10]``) at a French table, the engine's ``[seed 004 …]`` at any table;
* French words at an English table (``qui n'a le sien``, ``la Belle``), English ones at a French table (``stop``);
* a hyphen for a minus sign in a score (``-12`` for ``−12``).
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
from atout.cli.play import Session
from atout.core.errors import IllegalAction, NotationError
from atout.core.protocol import game_info
from atout.present import Table, say_error
from atout.present.screen import action_label
from atout.web import views

UNITS_FR = r"cartes|plis|points|jetons|marques|atouts|triomphes|levées|joueurs"
UNITS_EN = r"cards|tricks|points|chips|marques|trumps|players"
RANKS_EN = r"King|Queen|Knight|Jack|Ace|Faon|\d+"
BAD: dict[str, list[tuple[str, re.Pattern[str]]]] = {
    "fr": [
        ("singular count, plural noun", re.compile(rf"(?<![\d,.])\b1 (?:{UNITS_FR})\b")),
        ("(s) plural", re.compile(r"\w\(s\)")),
        ("de before a vowel", re.compile(r"\bde (?!une?\b)[aeiouéèêAEIOUÉ]")),
        ("card without its article", re.compile(r"\b(?:écartez|écarte|jouez|joue) (?:\d+|Roi|Dame|Cavalier|Valet|As) d")),
        ("English citation", re.compile(r"\[[^\]]*\b(?:rule|rules)\b")),
        ("the engine's citation", re.compile(r"\[[^\]]*\bseed \d")),  # 'texte 004' (issue 17, second look 7)
        ("English word", re.compile(r"(?<![-\w'])stop(?![-\w])")),  # La Triomphe's 's'arrêter' (second look 6)
        ("hyphen for a minus", re.compile(r"(?:^|[\s(])-\d")),  # '−12', the true minus (second look 10)
    ],
    "en": [
        ("singular count, plural noun", re.compile(rf"(?<![\d,.])\b1 (?:{UNITS_EN})\b")),
        ("(s) plural", re.compile(r"\w\(s\)")),
        ("card without its article", re.compile(rf"\b(?:lay aside|lays aside|play|plays|discard) (?:{RANKS_EN}) of\b")),
        ("French spacing in English", re.compile(r"\w[ \u202f\xa0][;:!?](?:\s|$)")),
        ("the engine's citation", re.compile(r"\[[^\]]*\bseed \d")),  # 'text 004' (issue 17, second look 7)
        ("French words", re.compile(r"qui n'a le sien|\bla Belle\b|\(la triomphe\)|\(le chien\)|Tarot de 1637")),
        ("hyphen for a minus", re.compile(r"(?:^|[\s(])-\d")),  # '−12', the true minus (second look 10)
    ],
}
KEY = re.compile(r"\b[a-z]+_[a-z_]+\b")


def _bad(text: str, lang: str) -> list[str]:
    out = []
    for line in text.splitlines():
        for name, pattern in BAD[lang]:
            if pattern.search(line):
                out.append(f"{name}: {line.strip()!r}")
    return out


class _Player(Console):
    """A terminal whose player types the bot's moves, with help, hints, a typo and a card he may not play."""

    def __init__(self) -> None:
        super().__init__(file=io.StringIO(), width=240, color_system=None, force_terminal=False)
        self.session: Session | None = None
        self.turns = 0

    def input(self, prompt: Any = "", **kwargs: Any) -> str:
        self.print(prompt)
        s = self.session
        assert s is not None
        self.turns += 1
        extra = {1: "?", 2: "indice" if s.lang == "fr" else "hint", 3: "zzz"}.get(self.turns % 9)
        if extra:
            return extra
        obs = s.state.observation(s.me)
        if self.turns % 9 == 4:  # a card of the hand that may not be played now, if any: its refusal
            legal = {str(a) for a in obs.legal_actions}
            bad = next((c.code for c in obs.hand if f"play {c.code}" not in legal), None)
            if bad is not None and any(a.startswith("play ") for a in legal):
                return bad
        return action_label(s.bots[s.me].act(obs), s.lang, s.game)


def _configurations() -> Iterator[tuple[str, str, int]]:
    """Each game and variant once, at its usual number of players (five for the French Tarot's called King)."""
    for info in atout.list_games():
        for variant in info.variants:
            counts = info.player_counts[variant]
            yield info.name, variant, 5 if 5 in counts else counts[0]


def _terminal(game: str, variant: str, players: int, lang: str, seed: int, records: Path) -> str:
    console = _Player()
    args = argparse.Namespace(game=game, players=players, variant=variant, seed=seed, seat=0, bot="heuristic",
                              lang=lang, deals=None, target=None, speed="0", records=str(records), option=[])
    session = Session(console, args)
    console.session = session
    assert session.run() == 0
    return str(console.file.getvalue())  # type: ignore[attr-defined]


def _web(game: str, variant: str, players: int, lang: str, seed: int) -> str:
    state = atout.new_game(game, variant=variant, players=players, seed=seed)
    rng = random.Random(seed)
    texts: list[str] = []
    step = 0
    while not state.is_terminal():
        seat = state.current_player
        if step % 5 == 0:
            frame = views.frame(state, seat, lang, {})
            texts += [*frame["facts"], *frame["examples"], *frame["labels"].values(), *frame["hints"].values()]
            table = Table(game, players, me=seat)
            for text in ("play KH", "pass", "discard 7S", "bid garde", "concede"):
                if text not in {str(a) for a in state.legal_actions()}:
                    try:
                        state.clone().apply(text)
                    except (IllegalAction, NotationError) as exc:
                        texts.append(say_error(exc, lang, game, table))
                        break
        state.apply(rng.choice(state.legal_actions()))
        step += 1
    for viewer in [*range(players), None]:
        frame = views.frame(state, viewer, lang, {})
        texts += [*frame["narration"], *(line for b in frame["breakdowns"] for line in b), *frame["facts"]]
    return "\n".join(texts)


@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize(("game", "variant", "players"), list(_configurations()))
def test_full_games_say_it_right_on_both_tables(game: str, variant: str, players: int, lang: str,
                                                tmp_path: Path) -> None:
    found = []
    for seed in (3, 11):
        found += _bad(_terminal(game, variant, players, lang, seed, tmp_path), lang)
        found += _bad(_web(game, variant, players, lang, seed), lang)
    assert not found, "\n".join(sorted(set(found))[:30])


@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize("game", [info.name for info in atout.list_games()])
def test_rules_summaries_use_words_not_option_keys(game: str, lang: str) -> None:
    text = game_info(game).rules_text(lang)
    text = re.sub(r"-o \w+=\w+", "", text)  # an option as typed on the command line is a command, not a word
    assert not KEY.findall(text), KEY.findall(text)
    assert not _bad(text, lang)


@pytest.mark.parametrize(("lang", "cite"), [("fr", "[règle FFT 10]"), ("en", "[FFT rule 10]")])
def test_a_refusal_cites_the_rule_in_the_tables_language(lang: str, cite: str) -> None:
    """FFT rule 10: at five, the taker calls a King; one he may not call is refused, citing the rule."""
    exc = IllegalAction("call QH: you may call KS KH KD KC (FFT rule 10)", code="call_not_allowed",
                        params={"card": "QH", "cards": ["KS", "KH", "KD", "KC"], "cite": "FFT rule 10"})
    text = say_error(exc, lang, "tarot", Table("tarot", 5))
    assert text.endswith(cite), text


@pytest.mark.parametrize("game", ["tarot", "triomphe", "prime", "mistigri", "tarot1637"])
def test_the_french_rules_summaries_keep_french_spacing(game: str) -> None:
    """The rules summary (``règles``, the web's rules page) in French: a no-break space before ':' and '»', a
    narrow one before ';', '!' and '?', never a plain space a narrow terminal could break at ("… s'il réussit"
    then a line starting "; sinon", a newcomer's report); the English summary keeps its own spacing."""
    from atout.core.protocol import game_info

    fr = game_info(game).rules_text("fr")
    assert not re.findall(r" [:;!?»]|« ", fr)
    assert fr.count("\u00a0:") >= 5 and "\u202f;" in fr
    assert "\u00a0" not in game_info(game).rules_text("en") and "\u202f" not in game_info(game).rules_text("en")
    # the seed variant is named as the table titles it (Tarot traditionnel), never by its id: "graine" is the deal's seed
    assert "graine" not in fr and "seed variant" not in game_info(game).rules_text("en").lower()
