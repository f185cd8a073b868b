"""What the table shows: a hand sorted by suit with symbols and colours, actions labelled as one types them.

Used by the terminal table; the web table may use the plain-text forms.

>>> hand_plain(["KH", "7H", "AS", "T21", "EX"], "fr")
'♠ A  |  ♥ R 7  |  Atouts 21  |  Excuse'
>>> from atout.core.actions import Action
>>> action_label(Action.parse("bid garde_sans"), "fr", "tarot"), action_label(Action.parse("play KH"), "en", "tarot")
('garde sans', 'K♥')
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from rich.text import Text

from atout.core.actions import Action
from atout.core.cards import Card
from atout.core.errors import NotationError
from atout.present import phrases, trumps_apart
from atout.present.cards import SUIT_SYMBOLS, short, suit_colour
from atout.present.catalogs import text as catalog_text


def _hook(game: str | None, name: str) -> object:
    """A game's display hook from its present module (``SHORT``, ``TRUMPS``, ``EXCUSE``), or None."""
    return getattr(phrases(game).module, name, None) if game else None


def short_in(code: str, lang: str, game: str | None = None) -> str:
    """A card's short form at ``game``'s table: its own pack's index where it has one (``Rn♠`` in 1637)."""
    hook = _hook(game, "SHORT")
    return hook(code, lang) if callable(hook) else short(code, lang)


#: How strong a card is in its suit in the game being played (``GameState.card_strength``): higher first.
Strength = Callable[[Card], int]


def _group_of(c: Card) -> int:
    """The card's group on screen: spades, hearts, diamonds, clubs (0..3), trumps (4), the Excuse (5)."""
    return 5 if c.is_excuse else 4 if c.is_trump or c.suit is None else c.suit


def display_key(c: Card, strength: Strength | None = None) -> tuple[int, int, int]:
    """Where a card stands on screen: by group, then strongest first in the game's order (``strength``: the
    state's ``card_strength``; without it the pack's natural order, King high, Ace low)."""
    return (_group_of(c), -(strength(c) if strength else c.id), -c.id)


def in_display_order(codes: Sequence[str], strength: Strength | None = None) -> list[str]:
    """Card codes as the hand shows them (:func:`display_key`): ``['JC', 'AC', '9C']`` at La Triomphe.

    >>> from atout.core.cards import Card
    >>> triomphe = {"K": 8, "Q": 7, "J": 6, "A": 5, "10": 4, "9": 3, "8": 2, "7": 1}
    >>> in_display_order(["AC", "9C", "JC"], lambda c: triomphe[c.code[:-1]])
    ['JC', 'AC', '9C']
    """
    return sorted(codes, key=lambda code: display_key(Card.parse(code), strength))


def in_play_order(legal: Sequence[Action], strength: Strength | None = None) -> list[Action]:
    """The choices as the hand shows them: cards played (one card each) in :func:`display_key` order, after
    the other actions in the game's own order (those keep their place relative to each other)."""

    def key(item: tuple[int, Action]) -> tuple[int, tuple[int, int, int], int]:
        i, a = item
        if a.kind == "play" and len(a.args) == 1:
            try:
                return (1, display_key(Card.parse(a.args[0]), strength), i)
            except NotationError:
                pass
        return (0, (0, 0, 0), i)

    return [a for _, a in sorted(enumerate(legal), key=key)]


def _groups(codes: Sequence[str], lang: str, game: str | None = None,
            strength: Strength | None = None) -> list[tuple[str, list[Card]]]:
    """Cards grouped: spades, hearts, diamonds, clubs, trumps, Excuse; strongest first in each, in the game's own
    order (``strength``, the state's ``card_strength``: K Q J A 10 … at La Triomphe, Cups and Coins K Q C J 1 2 …
    7 in 1637)."""
    cards = [Card.parse(c) for c in in_display_order(codes, strength)]
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


def hand_plain(codes: Sequence[str], lang: str = "fr", strength: Strength | None = None) -> str:
    """A hand as plain text, grouped by suit (the suit symbol once, then the ranks, strongest first)."""
    parts = []
    for label, group in _groups(codes, lang, None, strength):
        parts.append(" ".join([label, *(_rank_only(c, lang) for c in group)]))
    return "  |  ".join(parts)


def hand_text(codes: Sequence[str], lang: str = "fr", game: str | None = None,
              strength: Strength | None = None) -> Text:
    """A hand for the terminal: each group coloured (red hearts and diamonds, blue trumps), strongest first."""
    out = Text()
    for i, group in enumerate(_group_texts(codes, lang, game, strength)):
        if i:
            out.append(GROUP_GAP, style="dim")
        out.append_text(group)
    return out


#: What stands between two suits of a hand on one line.
GROUP_GAP = "  │  "


def hand_lines(head: Text, codes: Sequence[str], lang: str, game: str | None, width: int | None,
               strength: Strength | None = None, indent: int = 4) -> list[Text]:
    """``head`` and the hand, in lines of at most ``width`` cells broken between two suits, never inside one
    (a 60-column terminal split ``♣ 10`` / ``7 5``); None: one line (a file or a pipe).

    >>> [t.plain for t in hand_lines(Text("Joueur 1 : "), ["KS", "2S", "KH", "3H", "2H"], "fr", "tarot", 24)]
    ['Joueur 1 : ♠ R 2', '    ♥ R 3 2']
    >>> [t.plain for t in hand_lines(Text("Main : "), ["KS", "2S", "T16", "T4", "EX"], "fr", "tarot", 24)]
    ['Main : ♠ R 2', '    Atouts 16 4  │  Excuse']
    """
    line = head.copy()
    out: list[Text] = []
    placed = False
    groups = _group_texts(codes, lang, game, strength)
    if "EX" in codes and len(groups) > 1:  # the Excuse stays beside the trumps: alone on a line it read as lost
        glued = groups[-2].copy()
        glued.append(GROUP_GAP, style="dim")
        glued.append_text(groups[-1])
        groups[-2:] = [glued]
    for group in groups:
        if placed and width is not None and line.cell_len + len(GROUP_GAP) + group.cell_len > width:
            out.append(line)
            line, placed = Text(" " * indent), False
        if placed:
            line.append(GROUP_GAP, style="dim")
        line.append_text(group)
        placed = True
    return [*out, line]


def _group_texts(codes: Sequence[str], lang: str, game: str | None, strength: Strength | None) -> list[Text]:
    """Each suit (or the trumps) of a hand as one coloured piece: its sign, then its ranks, strongest first."""
    out = []
    for label, group in _groups(codes, lang, game, strength):
        style = suit_colour(group[0]) if group else "bold magenta"
        piece = Text(label, style=style)
        for c in group:
            piece.append(" " + _rank_only(c, lang, game), style=style)
        out.append(piece)
    return out


def card_text(code: str, lang: str = "fr", game: str | None = None) -> Text:
    """One card, short and coloured: ``R♥`` in red."""
    try:
        return Text(short_in(code, lang, game), style=suit_colour(code))
    except NotationError:
        return Text(code)


def cards_line(codes: Sequence[str], lang: str = "fr", game: str | None = None) -> Text:
    """Cards short and coloured, as :func:`atout.present.short_list` says them: its trumps after the suits,
    named as trumps (``3♠ 4♥ 7♦, atouts 2 13``), the same words as the journal's line above it."""
    out = Text()

    def put(group: Sequence[str]) -> None:
        for i, code in enumerate(group):
            out.append(" " if i else "")
            out.append_text(card_text(code, lang, game))

    apart = trumps_apart(codes)
    if apart is None:
        put(codes)
        return out
    others, trumps, excuse = apart
    comma = catalog_text("common", "punct", "comma", lang)
    head, _, tail = catalog_text("common", "cards", "trumps_in_list", lang, len(trumps)).partition("{cards}")
    put(others)
    out.append(comma + head)
    put(trumps)
    out.append(tail)
    if excuse:
        out.append(comma)
        put(excuse)
    return out


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
            words.append(book.choice_word(arg, lang))
    template = labels.get(str(action)) or labels.get(action.kind)
    if template is None:
        if action.kind == "play" and cards:
            return " ".join(cards)
        verb = book.word(action.kind, lang)
        return " ".join([verb, *words, *cards])
    return template.format(cards=" ".join(cards), words=" ".join(words)).strip()
