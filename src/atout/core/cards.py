"""Cards: one model for every pack in atout (tarot, piquet, prime).

A card is identified by a small integer, the same in every pack, so that sets of cards are
Python ints used as bitmasks (see ``cardset``):

* ``0..55``  plain cards, ``id = suit * 14 + (rank - 1)``: suit 0 spades, 1 hearts, 2 diamonds,
  3 clubs; rank 1 ace … 10, 11 jack (valet), 12 knight (cavalier), 13 queen, 14 king;
* ``56..76`` tarot trumps 1..21 (``id = 55 + number``);
* ``77``     the Excuse (le Mat, the Fool).

The 78-card tarot pack is exactly ``0..77``; every other pack is a subset.

>>> Card.parse("kh").code
'KH'
>>> Card.parse("T21") > Card.parse("T1")
True
>>> repr(Card.parse("ex"))
"Card.parse('EX')"
"""

from __future__ import annotations

import enum
import functools
from typing import Final

from atout.core.errors import NotationError, clip

PLAIN_CARDS: Final = 56
TRUMP_BASE: Final = 55  # trump n has id TRUMP_BASE + n
EXCUSE_ID: Final = 77
CARD_COUNT: Final = 78


class Suit(enum.IntEnum):
    """The four suits; an Italian-suited pack maps swords→S, cups→H, coins→D, batons→C."""

    SPADES = 0
    HEARTS = 1
    DIAMONDS = 2
    CLUBS = 3

    @property
    def letter(self) -> str:
        """The ASCII letter used in card codes."""
        return "SHDC"[self]

    @property
    def symbol(self) -> str:
        return "♠♥♦♣"[self]

    def display(self, lang: str = "fr", italian: bool = False) -> str:
        """The suit's name in French or English, French- or Italian-suited."""
        if italian:
            names = _ITALIAN_SUIT_NAMES
        else:
            names = _FRENCH_SUIT_NAMES
        return names[lang][self]

    @classmethod
    def parse(cls, text: str) -> Suit:
        """Parse a letter, a symbol or a French/English/Italian name, case-insensitively.

        >>> Suit.parse("♥") is Suit.HEARTS
        True
        >>> Suit.parse("deniers") is Suit.DIAMONDS
        True
        """
        if not isinstance(text, str):
            raise NotationError(f"a suit is a letter such as 'S', not {clip(text)}")
        key = text.strip().lower()
        try:
            return _SUIT_ALIASES[key]
        except KeyError:
            raise NotationError(f"unknown suit {clip(text)} (expected one of S H D C)") from None


_FRENCH_SUIT_NAMES = {
    "fr": ("pique", "cœur", "carreau", "trèfle"),
    "en": ("spades", "hearts", "diamonds", "clubs"),
}
_ITALIAN_SUIT_NAMES = {
    "fr": ("épées", "coupes", "deniers", "bâtons"),
    "en": ("swords", "cups", "coins", "batons"),
}
_SUIT_ALIASES: dict[str, Suit] = {}
for _s in Suit:
    for _alias in (
        _s.letter,
        _s.symbol,
        _s.name,
        _FRENCH_SUIT_NAMES["fr"][_s],
        _FRENCH_SUIT_NAMES["en"][_s],
        _ITALIAN_SUIT_NAMES["fr"][_s],
        _ITALIAN_SUIT_NAMES["en"][_s],
        ("SW", "CU", "CO", "BA")[_s],
    ):
        _SUIT_ALIASES[_alias.lower()] = _s
_SUIT_ALIASES.update({"coeur": Suit.HEARTS, "trefle": Suit.CLUBS, "epees": Suit.SPADES, "batons": Suit.CLUBS})
_SUIT_ALIASES.update({"♤": Suit.SPADES, "♡": Suit.HEARTS, "♢": Suit.DIAMONDS, "♧": Suit.CLUBS})


class Rank(enum.IntEnum):
    """Ranks of plain cards; their *order* in play belongs to each game, not to the rank."""

    ACE = 1
    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    KNIGHT = 12
    QUEEN = 13
    KING = 14

    @property
    def code(self) -> str:
        """ASCII code: A 2 … 10 J N Q K (N = knight, cavalier)."""
        return _RANK_CODES[self - 1]

    def display(self, lang: str = "fr") -> str:
        return _RANK_NAMES[lang][self - 1]

    @classmethod
    def parse(cls, text: str) -> Rank:
        """Parse a rank code case-insensitively; ``1`` is accepted for the ace (tarot numbering).

        >>> Rank.parse("n") is Rank.KNIGHT
        True
        """
        if not isinstance(text, str):
            raise NotationError(f"a rank is a code such as 'K' or '10', not {clip(text)}")
        key = text.strip().upper()
        if key == "1":
            return cls.ACE
        try:
            return cls(_RANK_CODES.index(key) + 1)
        except ValueError:
            raise NotationError(f"unknown rank {clip(text)} (expected A 2-10 J N Q K)") from None


_RANK_CODES = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "N", "Q", "K")
_RANK_NAMES = {
    "fr": ("As", "2", "3", "4", "5", "6", "7", "8", "9", "10", "Valet", "Cavalier", "Dame", "Roi"),
    "en": ("Ace", "2", "3", "4", "5", "6", "7", "8", "9", "10", "Jack", "Knight", "Queen", "King"),
}


class Card:
    """An immutable playing card; instances are interned, so ``Card.parse('KH') is Card.parse('kh')``."""

    __slots__ = ("code", "id")
    id: int
    code: str

    def __new__(cls, card_id: int) -> Card:
        if type(card_id) is not int or not 0 <= card_id < CARD_COUNT:
            raise NotationError(f"no card has id {clip(card_id)} (ids are 0..77)")
        return _CARDS[card_id]

    @classmethod
    def _make(cls, card_id: int) -> Card:
        self = object.__new__(cls)
        object.__setattr__(self, "id", card_id)
        object.__setattr__(self, "code", _code_of(card_id))
        return self

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Card is immutable")

    def __reduce__(self) -> tuple[type[Card], tuple[int]]:
        return (Card, (self.id,))

    @classmethod
    def parse(cls, text: str) -> Card:
        """Parse a card code case-insensitively: ``KS``, ``10h``, ``NC``, ``T21``, ``EX``.

        >>> Card.parse("10h")
        Card.parse('10H')
        """
        found = _BY_CODE.get(text) if type(text) is str else None  # canonical codes: one look-up
        if found is not None:
            return found
        if not isinstance(text, str):
            raise NotationError(f"a card is a code such as 'KS' or 'T21', not {clip(text)}")
        key = text.strip().upper()
        found = _BY_CODE.get(key)
        if found is not None:
            return found
        if key[:1] == "T" and key[1:].isdigit():
            raise NotationError(f"no trump {clip(text)}: trumps are T1..T21")
        raise NotationError(
            f"not a card: {clip(text)} (rank A 2-10 J N Q K then suit S H D C, e.g. KS 10H; trumps T1..T21; EX)"
        )

    @property
    def suit(self) -> Suit | None:
        """The plain suit, or None for trumps and the Excuse."""
        return Suit(self.id // 14) if self.id < PLAIN_CARDS else None

    @property
    def rank(self) -> Rank | None:
        return Rank(self.id % 14 + 1) if self.id < PLAIN_CARDS else None

    @property
    def trump_number(self) -> int | None:
        """1..21 for a tarot trump, None otherwise."""
        return self.id - TRUMP_BASE if PLAIN_CARDS <= self.id < EXCUSE_ID else None

    @property
    def is_trump(self) -> bool:
        return PLAIN_CARDS <= self.id < EXCUSE_ID

    @property
    def is_excuse(self) -> bool:
        return self.id == EXCUSE_ID

    @property
    def bit(self) -> int:
        """This card as a one-card bitmask."""
        return 1 << self.id

    def display(self, lang: str = "fr", italian: bool = False) -> str:
        """A human name: 'Roi de cœur', 'King of Cups', '21 d'atout', "l'Excuse"."""
        if self.id == EXCUSE_ID:
            if italian:
                return "le Mat" if lang == "fr" else "the Fool"
            return "l'Excuse" if lang == "fr" else "the Excuse"
        number = self.trump_number
        if number is not None:
            return f"{number} d'atout" if lang == "fr" else f"Trump {number}"
        assert self.rank is not None and self.suit is not None
        rank, suit = self.rank.display(lang), self.suit.display(lang, italian)
        if lang == "fr":
            return f"{rank} de {suit}"
        return f"{rank} of {suit.capitalize()}"

    def __repr__(self) -> str:
        return f"Card.parse({self.code!r})"

    def __str__(self) -> str:
        return self.code

    def __eq__(self, other: object) -> bool:
        return self is other or (isinstance(other, Card) and other.id == self.id)

    def __hash__(self) -> int:
        return self.id

    def __lt__(self, other: Card) -> bool:
        return self.id < other.id

    def __le__(self, other: Card) -> bool:
        return self.id <= other.id

    def __gt__(self, other: Card) -> bool:
        return self.id > other.id

    def __ge__(self, other: Card) -> bool:
        return self.id >= other.id


def _code_of(card_id: int) -> str:
    if card_id == EXCUSE_ID:
        return "EX"
    if card_id >= PLAIN_CARDS:
        return f"T{card_id - TRUMP_BASE}"
    return _RANK_CODES[card_id % 14] + "SHDC"[card_id // 14]


_CARDS: tuple[Card, ...] = tuple(Card._make(i) for i in range(CARD_COUNT))
CARDS: Final = _CARDS
_BY_CODE: dict[str, Card] = {c.code: c for c in _CARDS}
# Extra spellings: tarot "1" for the ace, Italian suit codes (KCO = King of Coins), the Excuse as 0.
_BY_CODE.update({"T0": _CARDS[EXCUSE_ID], "EXCUSE": _CARDS[EXCUSE_ID], "MAT": _CARDS[EXCUSE_ID]})
for _c in _CARDS[:PLAIN_CARDS]:
    _rank_code, _letter = _c.code[:-1], _c.code[-1]
    _ital = ("SW", "CU", "CO", "BA")["SHDC".index(_letter)]
    for _rank_alias in {_rank_code, "1" if _rank_code == "A" else _rank_code}:
        _BY_CODE.setdefault(_rank_alias + _letter, _c)
        _BY_CODE.setdefault(_rank_alias + _ital, _c)


def card(code: str) -> Card:
    """Shorthand for :meth:`Card.parse`."""
    return Card.parse(code)


@functools.lru_cache(maxsize=8192)
def is_card(word: str) -> bool:
    """True when ``word`` parses as a card (an action's word: a card, or a verb or option). Cached: every web
    frame asks it of every word it shows.

    >>> is_card("10h"), is_card("pass")
    (True, False)
    """
    try:
        Card.parse(word)
    except NotationError:
        return False
    return True


def cards(text: str | list[str] | tuple[str, ...]) -> list[Card]:
    """Parse several codes, separated by spaces or commas, or given as a list.

    >>> [c.code for c in cards("ks 10h, t1")]
    ['KS', '10H', 'T1']
    """
    if isinstance(text, str):
        text = text.replace(",", " ").split()
    elif not isinstance(text, list | tuple):
        raise NotationError(f"cards are codes in a text or a list, not {clip(text)}")
    return [Card.parse(t) for t in text]
