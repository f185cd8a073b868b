"""What the table shows: a hand sorted by suit with symbols and colours, actions labelled as one types them.

Used by the terminal table; the web table may use the plain-text forms.

>>> hand_plain(["KH", "7H", "AS", "T21", "EX"], "fr")
'♠ A  |  ♥ R 7  |  Atouts 21  |  Excuse'
>>> from atout.core.actions import Action
>>> action_label(Action.parse("bid garde_sans"), "fr", "tarot"), action_label(Action.parse("play KH"), "en", "tarot")
('garde sans', 'K♥')
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text

from atout.core.actions import Action
from atout.core.cards import Card
from atout.core.errors import NotationError
from atout.present import phrases
from atout.present.cards import SUIT_SYMBOLS, short, suit_colour


def _hook(game: str | None, name: str) -> object:
    """A game's display hook from its present module (``SHORT``, ``ORDER``, ``TRUMPS``, ``EXCUSE``), or None."""
    return getattr(phrases(game).module, name, None) if game else None


def short_in(code: str, lang: str, game: str | None = None) -> str:
    """A card's short form at ``game``'s table: its own pack's index where it has one (``Rn♠`` in 1637)."""
    hook = _hook(game, "SHORT")
    return hook(code, lang) if callable(hook) else short(code, lang)


def _groups(codes: Sequence[str], lang: str, game: str | None = None) -> list[tuple[str, list[Card]]]:
    """Cards grouped: spades, hearts, diamonds, clubs, trumps, Excuse; high cards first in each (in the game's
    own order of play when its present module gives one, e.g. Cups and Coins K Q C J 1 2 … 7 in 1637)."""
    order = _hook(game, "ORDER")
    rank = {c: i for i, c in enumerate(order)} if isinstance(order, list | tuple) else None
    cards = sorted((Card.parse(c) for c in codes), key=lambda c: rank.get(c.code, -c.id) if rank else -c.id)
    out: list[tuple[str, list[Card]]] = []
    words = phrases(game or "common").section("cards", lang)  # a pack of its own names its groups (1637: épées)
    for suit in range(4):
        group = [c for c in cards if c.suit is not None and c.suit == suit]
        if group:
            out.append((words.get(f"suit_label/{'SHDC'[suit]}", SUIT_SYMBOLS[suit]), group))
    trumps = [c for c in cards if c.is_trump]
    if trumps:
        out.append((words["trumps_label"], trumps))
    if any(c.is_excuse for c in cards):
        out.append((words["excuse_label"], []))
    return out


def _rank_only(c: Card, lang: str, game: str | None = None) -> str:
    text = short_in(c.code, lang, game)
    return text[:-1] if c.suit is not None else text


def hand_plain(codes: Sequence[str], lang: str = "fr") -> str:
    """A hand as plain text, grouped by suit (the suit symbol once, then the ranks)."""
    parts = []
    for label, group in _groups(codes, lang):
        parts.append(" ".join([label, *(_rank_only(c, lang) for c in group)]))
    return "  |  ".join(parts)


def hand_text(codes: Sequence[str], lang: str = "fr", game: str | None = None) -> Text:
    """A hand for the terminal: each group coloured (red hearts and diamonds, blue trumps)."""
    out = Text()
    for i, (label, group) in enumerate(_groups(codes, lang, game)):
        if i:
            out.append("  │  ", style="dim")
        style = suit_colour(group[0]) if group else "bold magenta"
        out.append(label, style=style)
        for c in group:
            out.append(" " + _rank_only(c, lang, game), style=style)
    return out


def card_text(code: str, lang: str = "fr", game: str | None = None) -> Text:
    """One card, short and coloured: ``R♥`` in red."""
    try:
        return Text(short_in(code, lang, game), style=suit_colour(code))
    except NotationError:
        return Text(code)


def action_label(action: Action, lang: str = "fr", game: str = "tarot") -> str:
    """An action as the player may type it in ``lang``: ``garde sans``, ``R♥``, ``écarter 2♥ 3♥``.

    A game's ``LABELS`` dict (lang -> full action text or verb -> template with ``{cards}`` and
    ``{words}``) names its actions; cards are shown short, other words through ``WORDS``.
    """
    book = phrases(game)
    labels: dict[str, str] = dict(getattr(book.module, "LABELS", {}).get(lang, {}))
    cards: list[str] = []
    words: list[str] = []
    for arg in action.args:
        try:
            cards.append(short_in(arg, lang, game))
        except NotationError:
            words.append(book.word(arg, lang))
    template = labels.get(str(action)) or labels.get(action.kind)
    if template is None:
        if action.kind == "play" and cards:
            return " ".join(cards)
        verb = book.word(action.kind, lang)
        return " ".join([verb, *words, *cards])
    return template.format(cards=" ".join(cards), words=" ".join(words)).strip()
