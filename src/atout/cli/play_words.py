"""``atout play``'s words and orders: the choices as the terminal lists and names them, the places of a ranking,
the record's free file name. Kept apart from the session (:mod:`atout.cli.play`) so that each reads in one sitting."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from atout.core.actions import Action
from atout.core.cards import is_card
from atout.core.protocol import GameState
from atout.present import phrases
from atout.present.screen import action_label, in_play_order

#: Choices asked again before they are played (the Tarot's slam: +400 or −200 a defender, seed 001's capot; La
#: Triomphe's concession, seed 002 §4: accepted, it ends the deal, and a newcomer's stray tap ended his match).
WEIGHTY = frozenset({"announce chelem", "announce capot", "concede"})


def free_path(folder: Path, stem: str) -> Path:
    """``folder/stem.json``, or ``stem-2.json``, ``-3``…: the first that does not exist yet.

    A game played again with the same seed keeps the earlier record instead of writing over it.

    >>> import tempfile
    >>> d = Path(tempfile.mkdtemp())
    >>> free_path(d, "a").name
    'a.json'
    >>> _ = (d / "a.json").write_text("{}")
    >>> free_path(d, "a").name
    'a-2.json'
    """
    path, n = folder / f"{stem}.json", 1
    while path.exists():
        n += 1
        path = folder / f"{stem}-{n}.json"
    return path


def punct(key: str, lang: str) -> str:
    """Punctuation as the language spaces it (the catalog's ``punct``): `` : `` in French, ``: `` in English."""
    return phrases("common").t("punct", key, lang)


def ranking(totals: list[Any]) -> list[tuple[int, int, Any]]:
    """(place, seat, total) from the best total down; equal totals share a place.

    >>> ranking([-216, 72, 72, 72])
    [(1, 1, 72), (1, 2, 72), (1, 3, 72), (4, 0, -216)]
    """
    order = sorted(range(len(totals)), key=lambda s: (-totals[s], s))
    out: list[tuple[int, int, Any]] = []
    for i, seat in enumerate(order):
        place = out[-1][0] if out and totals[seat] == out[-1][2] else i + 1
        out.append((place, seat, totals[seat]))
    return out


def choice_labels(legal: list[Action], lang: str, game: str) -> list[str]:
    """The choices as labels; a verb offered with many sets of cards (Mistigri's 31 écarts) is said once:
    ``écarter CARTES (1 à 5 cartes)``, not every combination (issue 7)."""
    by_kind: dict[str, list[Action]] = {}
    for a in legal:
        by_kind.setdefault(a.kind, []).append(a)
    out: list[str] = []
    done: set[str] = set()
    for a in legal:
        group = by_kind[a.kind]
        counts = {len([x for x in b.args if is_card(x)]) for b in group}
        if a.kind == "play" or len(group) <= 6 or not counts - {0}:
            out.append(action_label(a, lang, game))
            continue
        if a.kind in done:
            continue
        done.add(a.kind)
        verb = action_label(Action(a.kind, ()), lang, game)
        low, high = min(counts), max(counts)
        book = phrases("common")
        word = book.t("play_labels", "cards_word", lang, high)
        span = book.say("play_labels", "cards_span", lang, high, low=low, high=high) if low != high else \
            book.say("units", "cards", lang, low, n=low)
        out.append(f"{verb} {word} ({span})")
    return out


def variant_title(game: str, variant: str, lang: str) -> str:
    """A variant's name in the table's language: its title in the present module's VARIANTS, else its word."""

    titles = getattr(phrases(game).module, "VARIANTS", {}).get(lang, {})
    return titles[variant][0] if variant in titles else game_word(game, variant, lang)


def game_word(game: str, word: str, lang: str) -> str:

    return phrases(game).word(word, lang)


def ordered(legal: list[Action], state: GameState) -> list[Action]:
    """Bids in rank order (weakest first, then 'pass'); cards played in the hand's order (the game's own: K Q J A
    10 … at La Triomphe); other actions as the game lists them, a weighty one (a concession, a slam) last, so that
    the first choice offered is never the one that ends the deal."""
    legal = sorted(in_play_order(legal, state.card_strength), key=lambda a: str(a) in WEIGHTY)
    contracts = list(getattr(state.rules, "contracts", ()))
    if not contracts or not any(a.kind == "bid" for a in legal):
        return legal

    def key(a: Action) -> tuple[int, int]:
        if a.kind == "bid" and a.args and a.args[0] in contracts:
            return (0, contracts.index(a.args[0]))
        return (1, 0)

    return sorted(legal, key=key)
