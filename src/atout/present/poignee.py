"""The Tarot poignée at the terminal: a whole show typed in one line, the show a hand makes, the count so far.

The engine shows a poignée one card at a time (``announce poignee T21``, …, then ``done``; seed 001 §7,
FFT rule 4). A player types it whole: ``annoncer poignée 21 20 19 …`` (the cards), ``annoncer poignée``
alone (the show his hand makes: the lowest trumps for the smallest count, or every trump and the Excuse),
or ``annoncer poignée double`` (a level). :func:`read_line` reads such a line, :func:`plan` turns it into
the engine's one-card actions; the table applies them to a copy first and refuses the whole line if one
step is refused, so that nothing changes.

>>> from atout.core.cards import cards
>>> from atout.core.cardset import mask
>>> hand = mask(cards("T1 T3 T4 T5 T6 T7 T12 T13 T15 T19 EX 2S"))
>>> show = show_for(hand, 0, 0, 4, "seed")  # ten trumps at four: the simple poignée, the Excuse kept hidden
>>> [CARDS[c].code for c in range(77, 55, -1) if show >> c & 1]
['T19', 'T15', 'T13', 'T12', 'T7', 'T6', 'T5', 'T4', 'T3', 'T1']
>>> [s.bit_count() for s in shows(hand, 0, 4, "seed")]
[10]
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from atout.core.actions import Action
from atout.core.cards import CARDS, Card
from atout.core.errors import NotationError
from atout.core.protocol import Observation
from atout.games.tarot.rules import EXCUSE_BIT, POIGNEE_THRESHOLDS, TRUMPS, poignee_level
from atout.present import LANGS, number, phrases
from atout.present.cards import fold, parse_card
from atout.present.inputs import _pack

EXCUSE = 77  # the Excuse's card id (trumps are 56..76, T1..T21)


class PoigneeLine:
    """A typed poignée: its level word (None: not said) and its cards (empty: not named)."""

    def __init__(self, level: int | None, cards: list[str]) -> None:
        self.level, self.cards = level, cards

    def __repr__(self) -> str:
        return f"PoigneeLine({self.level!r}, {self.cards!r})"


def read_line(text: str, lang: str, game: str = "tarot") -> PoigneeLine | None:
    """``annoncer poignée [simple|double|triple] [CARTES…]`` (or ``poignée …``, ``announce handful …``) read;
    None when the line is not a poignée. A word that is neither a level nor a card raises NotationError.

    >>> read_line("annoncer poignée 21 20 excuse", "fr")
    PoigneeLine(None, ['T21', 'T20', 'EX'])
    >>> read_line("announce handful double", "en"), read_line("garde", "fr")
    (PoigneeLine(1, []), None)
    >>> read_line("announce poignée (handful) 5", "en")  # the label the English screen shows
    PoigneeLine(None, ['T5'])
    """
    if game != "tarot":
        return None
    text = re.sub(r"\([^()]*\)", " ", text)  # a label's gloss, as the screen shows it: "announce poignée (handful) 5"
    tokens = [t for t in fold(text).replace(",", " ").split() if t not in ("le", "la", "les", "the", "a", "de", "of")]
    book = phrases(game)
    verbs = {fold(k): v for lang_ in (lang, "fr", "en") for k, v in book.verbs[lang_].items()}
    rest: list[str] | None = None
    if tokens and verbs.get(tokens[0]) == "announce poignee":  # "poignée …", "handful …"
        rest = tokens[1:]
    elif len(tokens) > 1 and verbs.get(tokens[0]) == "announce" and verbs.get(tokens[1]) == "announce poignee":
        rest = tokens[2:]
    if rest is None:
        return None
    level = _level_words().get(rest[0]) if rest else None
    if level is not None:
        rest = rest[1:]
    out: list[str] = []
    for word in rest:
        try:
            out.append(parse_card(word, _pack(game)).code)
        except NotationError:
            raise NotationError(book.say("input", "poignee_word", lang, word=word)) from None
    return PoigneeLine(level, out)


def _level_words() -> dict[str, int]:
    """The level words a player may type after ``poignée``, in every language (catalog ``input/poignee_levels``)."""
    out: dict[str, int] = {}
    for lang in LANGS:
        for level, word in enumerate(phrases("tarot").t("input", "poignee_levels", lang).split("|")):
            out.setdefault(fold(word), level)
    return out


def _or(items: Sequence[str], lang: str) -> str:
    """``10, 13 ou 15``: a list joined by the catalog's ``lists/or``."""
    if len(items) == 1:
        return items[0]
    return phrases("tarot").t("lists", "or", lang).format(head=", ".join(items[:-1]), last=items[-1])


def shows(hand: int, shown: int, players: int, variant: str) -> list[int]:
    """The smallest show of each level that this hand makes, keeping the cards already ``shown``
    (the lowest trumps added; or every trump and the Excuse): valid by the engine's rule (seed 001 §7)."""
    out: list[int] = []
    for level in range(len(POIGNEE_THRESHOLDS[players])):
        show = show_for(hand, shown, level, players, variant)
        if show and show not in out:
            out.append(show)
    return out


def show_for(hand: int, shown: int, level: int, players: int, variant: str) -> int:
    """The smallest show of ``level`` from ``hand`` that keeps ``shown``; 0 when there is none."""
    t = POIGNEE_THRESHOLDS[players][level]
    show = shown & ~EXCUSE_BIT
    free = hand & TRUMPS & ~show
    while show.bit_count() < t and free:
        low = free & -free  # the lowest trump: the high ones stay hidden
        show |= low
        free ^= low
    candidates = [show] if show.bit_count() == t else []
    if hand & EXCUSE_BIT:
        candidates.append(hand & TRUMPS | EXCUSE_BIT)  # every trump and the Excuse (seed 001 §7)
    for c in candidates:
        if c & shown == shown and poignee_level(hand, c, c.bit_count(), players, variant)[0] == level:
            return c
    return 0


def plan(line: PoigneeLine, obs: Observation, lang: str) -> list[Action]:
    """The engine's one-card actions for a typed poignée: trumps from the highest, the Excuse last, then
    ``done`` when the cards make a whole show (the table drops it if the engine closed the show itself); fewer
    cards are shown so far, the rest to follow. NotationError when the line names no show (no poignée in this
    hand, or several sizes and none chosen: the message asks which)."""
    book = phrases("tarot")
    hand = sum(1 << c.id for c in obs.hand)
    players, variant = int(obs.rules["players"]), str(obs.rules["variant"])
    shown = _shown(obs)
    if line.cards:
        target = shown | sum(1 << Card.parse(c).id for c in line.cards)
    else:
        options = shows(hand, shown, players, variant)
        chosen = options
        if line.level is not None:  # a level asked: that one (else the question lists those the hand makes)
            chosen = [s for s in options if poignee_level(hand, s, s.bit_count(), players, variant)[0] == line.level]
        if not options:
            held = (hand & (TRUMPS | EXCUSE_BIT)).bit_count()
            raise NotationError(book.say("input", "poignee_none", lang, held, n=held,
                                         counts=_counts(players, lang)))
        if len(chosen) != 1:
            raise NotationError(book.say("input", "poignee_which", lang,
                                         choices=_which(options, hand, players, variant, lang)))
        options = chosen
        target = options[0]
    new = [c for c in sorted(range(56, 78), key=lambda i: (i == EXCUSE, -i)) if target >> c & 1 and not shown >> c & 1]
    steps = [Action("announce", ("poignee", CARDS[c].code)) for c in new]
    if poignee_level(hand, target, target.bit_count(), players, variant)[0] >= 0:
        steps.append(Action("done", ()))  # a whole show: closed; fewer cards: shown so far, the count on screen
    return steps


def _shown(obs: Observation) -> int:
    showing: Any = obs.public.get("showing")
    if not showing or showing.get("seat") != obs.seat:
        return 0
    return sum(1 << Card.parse(c).id for c in showing.get("cards", []))


def _counts(players: int, lang: str) -> str:
    return _or([number(t, lang) for t in POIGNEE_THRESHOLDS[players]], lang)


def _which(options: Sequence[int], hand: int, players: int, variant: str, lang: str) -> str:
    book = phrases("tarot")
    out = []
    for s in options:
        level = poignee_level(hand, s, s.bit_count(), players, variant)[0]
        typed = book.t("input", "poignee_levels", lang).split("|")[level]
        out.append(book.say("input", "poignee_level_choice", lang, s.bit_count(), n=s.bit_count(), typed=typed))
    return book.t("lists", "semicolon", lang).join(out)


def progress(obs: Observation, lang: str) -> str | None:
    """``Poignée : 7/10 atouts montrés (21 20 …)``, while this seat shows a poignée card by card; else None."""
    shown = _shown(obs)
    if not shown:
        return None
    players = int(obs.rules["players"])
    n = shown.bit_count()
    goal = next((t for t in POIGNEE_THRESHOLDS[players] if t >= n), POIGNEE_THRESHOLDS[players][-1])
    from atout.present.cards import short

    cards = " ".join(short(CARDS[c].code, lang) for c in sorted(range(56, 78), key=lambda i: (i == EXCUSE, -i))
                     if shown >> c & 1)
    return phrases("tarot").say("input", "poignee_progress", lang, goal, n=n, goal=goal, cards=cards)


def _levels(obs: Observation) -> list[tuple[int, int]]:
    """(level, count) of each show this hand makes now, smallest first: ``[(0, 10), (1, 13)]`` with 13 trumps
    at four (the counts from the rules for the table's size, seed 001 §7)."""
    hand = sum(1 << c.id for c in obs.hand)
    players, variant = int(obs.rules["players"]), str(obs.rules["variant"])
    out = []
    for s in shows(hand, _shown(obs), players, variant):
        out.append((poignee_level(hand, s, s.bit_count(), players, variant)[0], s.bit_count()))
    return sorted(out)


def typed(obs: Observation, lang: str, level: int | None = None) -> str | None:
    """What to type for a show: ``annoncer poignée`` when the hand makes one size, ``annoncer poignée double``
    when it makes several (``level``: that one; None: the largest); None when it makes none."""
    levels = _levels(obs)
    if not levels:
        return None
    book = phrases("tarot")
    command = book.t("input", "poignee_command", lang)
    if len(levels) == 1:
        return command
    chosen = levels[-1][0] if level is None else level
    return f"{command} {book.t('input', 'poignee_levels', lang).split('|')[chosen]}"


def suggestion(obs: Observation, lang: str) -> str | None:
    """The choices' line for the poignée: ``annoncer poignée (10 atouts)`` when this hand makes one size;
    ``annoncer poignée simple (10 atouts) · annoncer poignée double (13 atouts)`` when it makes several (what
    the table then asks for); None if none."""
    if not any(is_step(a) for a in obs.legal_actions):
        return None
    levels = _levels(obs)
    if not levels:
        return None
    book = phrases("tarot")
    if len(levels) == 1:
        n = levels[0][1]
        return book.say("input", "poignee_choice", lang, n, counts=number(n, lang))
    return " · ".join(book.say("input", "poignee_level_label", lang, n, typed=typed(obs, lang, level), n=n)
                      for level, n in levels)


def is_step(action: Action) -> bool:
    """Whether ``action`` shows one card of a poignée (``announce poignee T5``)."""
    return action.kind == "announce" and action.args[:1] == ("poignee",)


def choice_labels(obs: Observation, lang: str) -> tuple[str | None, str | None]:
    """The choices' labels for the poignée now: (the show's own label, the label of ``done``); None where the
    usual label stands. Before a show: ``annoncer poignée (10 atouts)``; during one: one more trump, and
    ``fini (montrer ces 10 atouts)`` instead of a bare ``fini``."""
    book = phrases("tarot")
    shown = _shown(obs)
    if shown:
        n = shown.bit_count()
        return book.t("input", "poignee_step", lang), book.say("input", "poignee_done", lang, n, n=n)
    return suggestion(obs, lang), None


def hint(obs: Observation, lang: str) -> str | None:
    """The line under the choices that says how to show the poignée in one line, with this hand's own cards."""
    from atout.present.cards import short

    if _shown(obs) or not any(is_step(a) for a in obs.legal_actions):
        return None
    hand = sum(1 << c.id for c in obs.hand)
    options = shows(hand, 0, int(obs.rules["players"]), str(obs.rules["variant"]))
    if not options:
        return None
    book = phrases("tarot")
    order = sorted(range(56, 78), key=lambda i: (i == EXCUSE, -i))
    top = [short(CARDS[c].code, lang) for c in order if hand >> c & 1 and c != EXCUSE][:3]
    levels = _levels(obs)
    each = [book.say("input", "poignee_shows", lang, typed=typed(obs, lang, level),
                     cards=" ".join(short(CARDS[c].code, lang) for c in order if show >> c & 1))
            for (level, _), show in zip(levels, sorted(options, key=int.bit_count), strict=True)]
    return book.say("input", "poignee_hint_shows", lang, shows=book.t("lists", "semicolon", lang).join(each),
                    example=" ".join([*top, "…"]))


def advice(action: Action, obs: Observation, lang: str) -> str | None:
    """The hint's words for a poignée card the bot would show: the whole show, the largest this hand makes
    (``annoncer poignée double``), never one trump at a time; None for any other action."""
    if not is_step(action) or _shown(obs):
        return None
    return typed(obs, lang)
