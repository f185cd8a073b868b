"""Cards for people: French and English names, short symbols for the screen, forgiving input.

A card is said in full in sentences (``Roi de cœur``, ``21 d'atout``, ``l'Excuse``), shown short on
screen (``R♥``, ``10♠``, ``21``, ``Exc``), and read from many spellings: the codes (``KH``, ``T21``),
symbols (``R♥``, ``10♠``), the French rank letters R D C V (Roi, Dame, Cavalier, Valet), French
words (``roi de coeur``, ``21 d'atout``, ``excuse``), accents optional.

>>> card_name("KH", "fr"), card_name("T21", "fr"), card_name("EX", "en")
('Roi de cœur', "21 d'atout", 'the Excuse')
>>> short("KH", "fr"), short("10S", "en"), short("T21", "fr")
('R♥', '10♠', '21')
>>> [parse_card(t).code for t in ("R♥", "10♠", "CD", "21", "roi de coeur", "excuse")]
['KH', '10S', 'ND', 'T21', 'KH', 'EX']
"""

from __future__ import annotations

import re
import unicodedata

from atout.core.cards import CARD_COUNT, CARDS, EXCUSE_ID, TRUMP_BASE, Card
from atout.core.errors import NotationError
from atout.present.catalogs import text

ALL_CARDS = (1 << CARD_COUNT) - 1

SUIT_SYMBOLS = "♠♥♦♣"  # spades, hearts, diamonds, clubs (suit index 0..3)


def fold(text: str) -> str:
    """Lower case without accents, for forgiving comparisons: ``'Écarter'`` → ``'ecarter'``.

    >>> fold("Cœur Écarté")
    'coeur ecarte'
    """
    text = text.replace("œ", "oe").replace("Œ", "OE")
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch)).lower().strip()


def _card(code: str | Card) -> Card:
    return code if isinstance(code, Card) else Card.parse(code)


def card_name(code: str | Card, lang: str = "fr", italian: bool = False) -> str:
    """The card's full name, for sentences: ``Roi de cœur``, ``King of Hearts``, ``21 d'atout`` (catalog ``cards``).

    A suit's template carries its own preposition (``{rank} de cœur``, ``{rank} d'épées``): no elision in code.
    """
    c = _card(code)
    if c.is_excuse:
        return text("common", "cards", "fool" if italian else "excuse", lang)
    if c.trump_number is not None:
        return text("common", "cards", "trump", lang).format(n=c.trump_number)
    assert c.rank is not None and c.suit is not None
    rank = text("common", "cards", f"rank/{c.rank.code}", lang)
    suit = "SHDC"[c.suit] + ("/italian" if italian else "")
    return text("common", "cards", f"of/{suit}", lang).format(rank=rank)


def card_names(codes: list[str] | tuple[str, ...], lang: str = "fr", italian: bool = False) -> str:
    """Several cards in a sentence: ``Roi de cœur, 7 de pique et l'Excuse``.

    >>> card_names(["KH", "7S", "EX"], "en")
    'King of Hearts, 7 of Spades and the Excuse'
    """
    names = [card_name(c, lang, italian) for c in codes]
    return join_words(names, lang)


def join_words(words: list[str], lang: str = "fr", how: str = "and") -> str:
    """``a, b et c`` / ``a, b and c`` (``how="or"``: ``a, b ou c``), from the catalog's ``lists`` section."""
    if len(words) <= 1:
        return "".join(words)
    head = text("common", "lists", "comma", lang).join(words[:-1])
    return text("common", "lists", how, lang).format(head=head, last=words[-1])


def short(code: str | Card, lang: str = "fr", game: str = "common") -> str:
    """A card in two or three characters for the screen: ``R♥``, ``10♠``, ``21`` (a trump), ``Exc``; a game's
    catalog may write a rank its own way (the Tarot's Ace is its ``1``, seed 001: "le 1 (l'As)")."""
    c = _card(code)
    if c.is_excuse:
        return text(game, "cards", "short/excuse", lang)
    if c.trump_number is not None:
        return str(c.trump_number)
    assert c.rank is not None and c.suit is not None
    rank = text(game, "cards", f"short/{c.rank.code}", lang) if c.rank >= 11 or c.rank == 1 else c.rank.code
    return rank + SUIT_SYMBOLS[c.suit]


def suit_colour(code: str | Card) -> str:
    """A rich style for a card: red hearts and diamonds, blue trumps, bold Excuse."""
    c = _card(code)
    if c.is_excuse:
        return "bold magenta"
    if c.is_trump:
        return "bold blue"
    assert c.suit is not None
    return "red" if c.suit in (1, 2) else ""


# --- reading a card ---------------------------------------------------------------------------------
_RANK_WORDS: dict[str, int] = {
    # codes and French letters (R D C V), then words; value = rank (1 ace .. 14 king)
    "a": 1, "1": 1, "as": 1, "ace": 1, "j": 11, "v": 11, "valet": 11, "jack": 11, "n": 12, "c": 12,
    "cavalier": 12, "knight": 12, "q": 13, "d": 13, "dame": 13, "queen": 13, "k": 14, "r": 14, "roi": 14,
    "king": 14,
}
_RANK_WORDS.update({str(n): n for n in range(2, 11)})
# Ranks in words (issue 7: "huit de carreau", "eight of diamonds").
_RANK_WORDS.update(dict(zip(("deux", "trois", "quatre", "cinq", "six", "sept", "huit", "neuf", "dix"), range(2, 11),
                            strict=True)))
_RANK_WORDS.update(dict(zip(("two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"), range(2, 11),
                            strict=True)))
# The 1637 pack's names and indexes (atout.core.packs: Reine, Chevalier, Faon; Rn, Ch, F).
_RANK_WORDS.update({"reine": 13, "rn": 13, "chevalier": 12, "ch": 12, "faon": 11, "f": 11})
#: The Petit (trump 1, a bout) by its name (issue 7).
_PETIT_WORDS = frozenset({"petit", "le petit", "petit d'atout", "the petit"})
_SUIT_WORDS: dict[str, int] = {
    "s": 0, "♠": 0, "♤": 0, "pique": 0, "piques": 0, "spade": 0, "spades": 0, "epee": 0, "epees": 0, "sw": 0,
    "swords": 0, "h": 1, "♥": 1, "♡": 1, "coeur": 1, "coeurs": 1, "heart": 1, "hearts": 1, "coupe": 1,
    "coupes": 1, "cu": 1, "cups": 1, "d": 2, "♦": 2, "♢": 2, "carreau": 2, "carreaux": 2, "diamond": 2,
    "diamonds": 2, "denier": 2, "deniers": 2, "co": 2, "coins": 2, "c": 3, "♣": 3, "♧": 3, "trefle": 3,
    "trefles": 3, "club": 3, "clubs": 3, "baton": 3, "batons": 3, "ba": 3,
}
_EXCUSE_WORDS = frozenset({"ex", "exc", "excuse", "l'excuse", "the excuse", "mat", "le mat", "fool", "the fool", "0"})
_RANK_RE = "|".join(sorted((re.escape(k) for k in _RANK_WORDS), key=len, reverse=True))
_SUIT_RE = "|".join(sorted((re.escape(k) for k in _SUIT_WORDS), key=len, reverse=True))
_PLAIN = re.compile(rf"^({_RANK_RE})\s*(?:(?:de|d'|of)\s*)?({_SUIT_RE})$")
_TRUMP = re.compile(r"^(?:t|atout|trump)?\s*(\d{1,2})(?:\s*(?:d'atout|atout|a))?$")


def parse_card(text: str, pack: int = ALL_CARDS) -> Card:
    """Read a card in any accepted spelling, among the cards of ``pack`` (a bitmask; default every card).

    A bare number is a trump when the pack has trumps. Raises :class:`NotationError` naming the text.

    >>> parse_card("Dame de trèfle").code, parse_card("t1").code, parse_card("10 ♥").code
    ('QC', 'T1', '10H')
    """
    key = fold(text)
    found = _read(key, pack)
    if found is None or not pack >> found.id & 1:
        raise NotationError(f"not a card of this game: {text!r}")
    return found


def _read(key: str, pack: int) -> Card | None:
    if key in _EXCUSE_WORDS and pack >> EXCUSE_ID & 1:
        return CARDS[EXCUSE_ID]
    if key in _PETIT_WORDS and pack >> (TRUMP_BASE + 1) & 1:
        return CARDS[TRUMP_BASE + 1]
    m = _PLAIN.match(key)
    if m:
        rank, suit = _RANK_WORDS[m.group(1)], _SUIT_WORDS[m.group(2)]
        return CARDS[suit * 14 + rank - 1]
    m = _TRUMP.match(key)
    if m and pack >> (TRUMP_BASE + 1) & 1:
        n = int(m.group(1))
        if 1 <= n <= 21:
            return CARDS[TRUMP_BASE + n]
    try:
        return Card.parse(key)
    except NotationError:
        return None


def is_card_text(text: str, pack: int = ALL_CARDS) -> bool:
    """Whether ``text`` reads as a card of the pack."""
    try:
        parse_card(text, pack)
    except NotationError:
        return False
    return True
