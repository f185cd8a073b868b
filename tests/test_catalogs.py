"""The phrase books as gettext catalogs: consistent across languages, plural forms and numbers by locale.

The words a player reads where the hand-written phrase books got them wrong (issue 17, point 7): "Écartez
encore 1 cartes", "1 pli(s)", "le 8 de épées", French spacing before ":" in English.
"""

from __future__ import annotations

import argparse
import io
import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from atout.core.events import Event
from atout.present import Table, breakdown, catalogs, number, say, the_card
from atout.present.catalogs import Plural

LOCALE = catalogs.LOCALE_DIRS[0]
_FIELD = re.compile(r"\{(\w*)[^{}]*\}")
#: Sections whose keys are each language's own: typed words, labels that only some languages need.
OWN_KEYS = frozenset({"verbs", "labels", "input_only", "play_labels", "reasons", "typography"})
#: Templates that choose among the values they are given (a report names a variant by its title or its code).
CHOOSING = frozenset({("report", "variant"), ("replay", "valid")})


def _catalog(lang: str, domain: str) -> dict[tuple[str, str], object]:
    with (LOCALE / lang / "LC_MESSAGES" / f"{domain}.po").open("rb") as f:
        cat = read_po(f)
    assert cat.num_plurals == 2 and not cat.fuzzy
    return {(m.context or "", m.id[0] if isinstance(m.id, tuple) else m.id): m.string for m in cat if m.id}


DOMAINS = sorted(p.stem for p in (LOCALE / "en" / "LC_MESSAGES").glob("*.po"))


def test_one_domain_per_game_plus_common() -> None:
    import atout

    assert set(DOMAINS) == {"common", "web", "packs", *(g.name for g in atout.list_games())}  # packs: atout packs
    assert {p.name for p in LOCALE.iterdir()} >= {"fr", "en"}


@pytest.mark.parametrize("domain", DOMAINS)
def test_french_and_english_say_the_same_keys_with_the_same_placeholders(domain: str) -> None:
    fr, en = _catalog("fr", domain), _catalog("en", domain)
    shared = {k for k in fr.keys() | en.keys() if k[0] not in OWN_KEYS}
    assert {k for k in shared if k not in fr} == set()
    assert {k for k in shared if k not in en} == set()
    for key in shared:
        a, b = fr[key], en[key]
        forms_a = a if isinstance(a, tuple | list) else (a,)
        forms_b = b if isinstance(b, tuple | list) else (b,)
        assert all(forms_a) and all(forms_b), key  # an empty msgstr would read as "not translated"
        fields = {f for t in forms_a for f in _FIELD.findall(str(t))}
        # A translation may leave a detail out, never ask for a value English does not have.
        assert key in CHOOSING or fields <= {f for t in forms_b for f in _FIELD.findall(str(t))}, (domain, key, a, b)


def test_plural_forms_come_from_the_catalog() -> None:
    units = catalogs.entries("common", "units", "fr")
    assert isinstance(units["cards"], Plural) and units["cards"].count_key == "n"
    cards = [catalogs.text("common", "units", "cards", lang, n).format(n=n) for lang in ("fr", "en") for n in (0, 1, 2)]
    assert cards == ["0 carte", "1 carte", "2 cartes", "0 cards", "1 card", "2 cards"]
    # A fraction takes the form Babel's CLDR rule gives it: French "1,5 point", English "1.5 points".
    t = Table("tarot", 4)
    won = Event("trick_won", seat=1, data={"cards": ["KH", "7H", "8H", "9H"], "trick": 1, "points": 1.5})
    assert say(won, "fr", t) == "Joueur 2 remporte le pli 1 (1,5 point)."
    assert say(won, "en", t) == "Player 2 wins trick 1 (1.5 points)."


def test_numbers_by_locale() -> None:
    assert (number(2.5, "fr"), number(2.5, "en"), number(-13, "fr"), number(1250, "en")) == ("2,5", "2.5", "\u221213",
                                                                                               "1250")  # true minus


def test_the_italian_suits_elide_the_french_way() -> None:
    # "le 8 de épées" (issue 17, point 7): the suit's template carries its own preposition.
    assert the_card("8S", "fr", italian=True) == "le 8 d'épées"
    assert the_card("8C", "fr", italian=True) == "le 8 de bâtons"
    assert the_card("8S", "en", italian=True) == "the 8 of Swords"


def test_mistigri_says_one_trick_and_three_tricks() -> None:
    data = {"pool": 12, "stake": 6, "how": "tricks", "trick_value": 2, "privileged": "JC", "tricks": [],
            "takings": [2, 6, 0], "tricks_won": [1, 3, 0], "betes": [], "carry": 0, "refunds": [0, 0, 0],
            "row": [2, 6, -8], "stacks": [20, 24, 16]}
    fr = breakdown(Event("deal_scored", seat=0, data=data), "fr", Table("mistigri", 3))
    en = breakdown(Event("deal_scored", seat=0, data=data), "en", Table("mistigri", 3))
    assert "Joueur 1 ramasse 2 (1 pli)" in fr and "Joueur 2 ramasse 6 (3 plis)" in fr  # not "1 pli(s)"
    assert "Player 1 takes 2 (1 trick)" in en and "Player 2 takes 6 (3 tricks)" in en


def _terminal(tmp_path: Path, lang: str, answers: list[str]) -> str:
    """A Tarot deal at the terminal: the player types the given lines, then the bot's moves."""
    from atout.cli.play import Session
    from test_pseudo_locale import _Player

    console = _Player(iter(answers), every=1)
    args = argparse.Namespace(game="tarot", players=4, variant="seed", seed=11, seat=0, bot="random", lang=lang,
                              deals=None, target=None, speed="0", records=str(tmp_path), option=[])
    session = Session(console, args)
    console.session = session
    session.run()
    assert isinstance(console.file, io.StringIO)
    return console.file.getvalue()


def test_english_is_spaced_the_english_way_at_the_terminal(tmp_path: Path) -> None:
    out = _terminal(tmp_path, "en", [])
    assert "Your hand: " in out and "Your turn!" in out and "Score sheet (1): " in out
    # each total after its player's name and a colon ("Player 2 0" read as one number)
    assert re.search(r"Score sheet \(1\): Player 1 \(you\):\u00a0[−+]?\d", out), out[-600:]
    assert not re.search(r"\w :", out.replace("(* led)", "")), [line for line in out.splitlines() if re.search(r"\w :", line)]
    assert "Game saved: " in out
    french = _terminal(tmp_path, "fr", [])
    assert "Votre main\u00a0: " in french and "À vous\u202f!" in french


def test_the_ecart_counts_its_cards_in_words(tmp_path: Path) -> None:
    from atout.cli.play import Session
    from test_pseudo_locale import _Player

    # The human (seat 0) bids, and at the first seed where he takes, makes the écart one card at a time.
    out = ""
    for seed in range(1, 40):
        console = _Player(iter(["prise", "garde"]), every=1)
        args = argparse.Namespace(game="tarot", players=4, variant="seed", seed=seed, seat=0, bot="random", lang="fr",
                                  deals=None, target=None, speed="0", records=str(tmp_path), option=[])
        session = Session(console, args)
        console.session = session
        session.run()
        assert isinstance(console.file, io.StringIO)
        out = console.file.getvalue()
        if "Écartez encore" in out:
            break
    assert "Écartez encore 6 cartes" in out and "Écartez encore 1 carte\u00a0:" in out
    assert "Écartez encore 1 cartes" not in out
