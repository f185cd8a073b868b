"""Packs: named subsets of the one card universe, with their names, symbols, card orders and values.

Each pack (decks.md Part 1) knows how to name its cards in French, Italian and English (its
:class:`PackStyle`), the orders its cards take in play (:class:`CardOrder`, high to low, one per context)
and the card values the games count. The historical trump orders live in :mod:`atout.core.history`.

>>> len(PIQUET32), len(TAROT78_FRENCH), len(TAROT66_1637), len(PRIME40)
(32, 78, 66, 40)
>>> PIQUET32.contains(Card.parse("7S")), PIQUET32.contains(Card.parse("6S"))
(True, False)
>>> TAROT66_1637.display(Card.parse("JD"), "fr"), TAROT78_ITALIAN.display(Card.parse("T16"), "it")
('Faon de deniers', 'La Saetta')
>>> TAROT66_1637.order().beats(Card.parse("AH"), Card.parse("7H"))  # Cups: Ace above 7 (seed 000, n. 42)
True
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from fractions import Fraction
from types import MappingProxyType

from atout.core.cards import CARD_COUNT, CARDS, EXCUSE_ID, Card, Rank, Suit
from atout.core.cardset import mask, to_cards
from atout.core.history import LANGS, MARSEILLE_NUMERALS, ORDERS, TRUMP_NAMES, TrumpOrder, find_order

_R = Rank


@dataclass(frozen=True, eq=False)
class PackStyle:
    """How a pack names and marks its cards in ``fr``, ``it`` and ``en``.

    ``suits`` and ``suit_symbols`` are indexed by :class:`Suit` (S H D C, i.e. swords, cups, coins, batons
    for Italian suits); ``ranks`` and ``index`` by ``Rank - 1`` (ace … king); ``trumps`` gives the 22 trump
    names (index 0 the Excuse / Mat) or numbers only when a language has no entry.
    """

    key: str
    italian: bool
    suits: Mapping[str, tuple[str, str, str, str]]
    suit_symbols: tuple[str, str, str, str]
    ranks: Mapping[str, tuple[str, ...]]
    index: Mapping[str, tuple[str, ...]]
    trump_word: Mapping[str, str]
    trumps: Mapping[str, tuple[str, ...]]
    roman: bool = False  # trumps numbered in Roman (Marseille) numerals

    def trump_numeral(self, number: int) -> str:
        """The number printed on trump ``number``: Marseille numerals for Italian packs, digits otherwise."""
        return MARSEILLE_NUMERALS[number] if self.roman else str(number)


def _by_lang(fr: str, it: str, en: str) -> Mapping[str, tuple[str, ...]]:
    return MappingProxyType({"fr": tuple(fr.split(",")), "it": tuple(it.split(",")), "en": tuple(en.split(","))})


def _suits(fr: str, it: str, en: str) -> Mapping[str, tuple[str, str, str, str]]:
    out = {lang: tuple(text.split(",")) for lang, text in zip(LANGS, (fr, it, en), strict=True)}
    assert all(len(v) == 4 for v in out.values())
    return MappingProxyType(out)  # type: ignore[arg-type]


_NUMS = "2,3,4,5,6,7,8,9,10"
_FRENCH_SUITS = _suits("pique,cœur,carreau,trèfle", "picche,cuori,quadri,fiori", "spades,hearts,diamonds,clubs")
_ITALIAN_SUITS = _suits("épées,coupes,deniers,bâtons", "spade,coppe,denari,bastoni", "swords,cups,coins,batons")
_ITALIAN_SYMBOLS = ("⚔", "🏆", "🪙", "🪵")  # swords, cups, coins, batons (the faces draw their own shapes)


def _marseille_trumps() -> Mapping[str, tuple[str, ...]]:
    """Trump titles of an Italian-suited (Marseille-type) pack, by language (decks.md §7, D6)."""
    return MappingProxyType({lang: tuple(TRUMP_NAMES[n].name(lang) for n in range(22)) for lang in LANGS})


# French-suited tarot (decks.md §1): trumps are plain numbers; only the Petit and the Excuse have names.
FRENCH_TAROT_STYLE = PackStyle(
    "french-tarot",
    italian=False,
    suits=_FRENCH_SUITS,
    suit_symbols=("♠", "♥", "♦", "♣"),
    ranks=_by_lang(f"As,{_NUMS},Valet,Cavalier,Dame,Roi", f"Asso,{_NUMS},Fante,Cavallo,Donna,Re",
                   f"Ace,{_NUMS},Jack,Knight,Queen,King"),
    index=_by_lang(f"1,{_NUMS},V,C,D,R", f"1,{_NUMS},F,C,D,R", f"1,{_NUMS},J,Kn,Q,K"),
    trump_word=MappingProxyType({"fr": "atout", "it": "tarocco", "en": "trump"}),
    trumps=MappingProxyType({
        "fr": ("l'Excuse", "le Petit") + ("",) * 20,
        "it": ("la Scusa",) + ("",) * 21,
        "en": ("the Excuse",) + ("",) * 21,
    }),
)
# A French piquet or prime pack: no trumps, the ace indexed A.
FRENCH_STYLE = PackStyle(
    "french",
    italian=False,
    suits=_FRENCH_SUITS,
    suit_symbols=("♠", "♥", "♦", "♣"),
    ranks=FRENCH_TAROT_STYLE.ranks,
    index=_by_lang(f"A,{_NUMS},V,C,D,R", f"A,{_NUMS},F,C,D,R", f"A,{_NUMS},J,Kn,Q,K"),
    trump_word=FRENCH_TAROT_STYLE.trump_word,
    trumps=MappingProxyType({}),
)
# Italian-suited tarot, Marseille type (decks.md §2): trumps titled, Roman numerals.
ITALIAN_STYLE = PackStyle(
    "italian",
    italian=True,
    suits=_ITALIAN_SUITS,
    suit_symbols=_ITALIAN_SYMBOLS,
    ranks=FRENCH_TAROT_STYLE.ranks,
    index=FRENCH_TAROT_STYLE.index,
    trump_word=MappingProxyType({"fr": "atout", "it": "trionfo", "en": "trump"}),
    trumps=_marseille_trumps(),
    roman=True,
)
# The 1637 pack (seed 000): "le Roy, la Royne, le Cheualier, & le Faon", the triomphes, le Monde, le Math,
# le Bagat (footnotes 36-38). Other trumps keep their Marseille titles (Noblet, Paris, c. 1650).
_T1637 = {lang: list(ITALIAN_STYLE.trumps[lang]) for lang in LANGS}
for _lang, (_mat, _bagat, _monde) in {
    "fr": ("le Mat", "le Bagat", "le Monde"),
    "it": ("il Matto", "il Bagatto", "il Mondo"),
    "en": ("the Mat (Fool)", "the Bagat", "the World"),
}.items():
    _T1637[_lang][0], _T1637[_lang][1], _T1637[_lang][21] = _mat, _bagat, _monde
STYLE_1637 = PackStyle(
    "italian-1637",
    italian=True,
    suits=_ITALIAN_SUITS,
    suit_symbols=_ITALIAN_SYMBOLS,
    ranks=_by_lang(f"As,{_NUMS},Faon,Chevalier,Reine,Roi", f"Asso,{_NUMS},Fante,Cavallo,Donna,Re",
                   f"Ace,{_NUMS},Jack,Knight,Queen,King"),
    index=_by_lang(f"1,{_NUMS},F,Ch,Rn,R", f"1,{_NUMS},F,C,D,R", f"1,{_NUMS},J,Kn,Q,K"),
    trump_word=MappingProxyType({"fr": "triomphe", "it": "trionfo", "en": "triumph"}),
    trumps=MappingProxyType({lang: tuple(names) for lang, names in _T1637.items()}),
    roman=True,
)


@dataclass(frozen=True, eq=False)
class CardOrder:
    """An order of play: each suit's ranks high to low; trumps above every suit, 21 high; the Excuse unranked.

    A plain suit may be made trumps (``trump=``), and ``wild`` names a card that is always the highest trump
    and belongs to no suit (Mistigri's J♣, seed 003).

    >>> PIQUET32.order("triomphe").beats(Card.parse("JH"), Card.parse("AH"))
    True
    >>> PIQUET32.order("mistigri").beats(Card.parse("JC"), Card.parse("KH"), trump=Suit.HEARTS)
    True
    """

    key: str
    about: str
    cite: str
    suits: tuple[tuple[Rank, ...], tuple[Rank, ...], tuple[Rank, ...], tuple[Rank, ...]]
    wild: str = ""  # code of the card that is always the top trump, if any

    def strength(self, card: Card) -> int | None:
        """Higher is stronger within a suit; trumps 100 + number; the wild card 1000; None for the Excuse or a
        card not ranked."""
        if card.is_excuse:
            return None
        if card.code == self.wild:
            return 1000
        number = card.trump_number
        if number is not None:
            return 100 + number
        assert card.suit is not None and card.rank is not None
        ranks = self.suits[card.suit]
        return len(ranks) - ranks.index(card.rank) if card.rank in ranks else None

    def is_trump(self, card: Card, trump: Suit | None = None) -> bool:
        """A tarot trump, the wild card, or a card of the trump suit (the wild card belongs to no suit)."""
        return card.is_trump or card.code == self.wild or (trump is not None and card.suit == trump)

    def trumps(self, cards: Iterable[Card], trump: Suit | None = None) -> list[Card]:
        """The trumps among ``cards``, highest first."""
        found = [c for c in cards if self.is_trump(c, trump)]
        return sorted(found, key=lambda c: -(self.strength(c) or 0))

    def beats(self, a: Card, b: Card, trump: Suit | None = None) -> bool | None:
        """Whether ``a`` beats ``b``: a trump beats any other card, a card beats a lower one of its suit;
        None when they cannot be compared (two plain suits, the Excuse, a card outside the order)."""
        sa, sb = self.strength(a), self.strength(b)
        if sa is None or sb is None:
            return None
        ta, tb = self.is_trump(a, trump), self.is_trump(b, trump)
        if ta != tb:
            return ta
        if not ta and a.suit != b.suit:
            return None
        return sa > sb

    def high_to_low(self, suit: Suit) -> tuple[Rank, ...]:
        """The suit's ranks from high to low (the wild card, if of this suit, keeps its place here)."""
        return self.suits[suit]


def _ranks(text: str) -> tuple[Rank, ...]:
    return tuple(Rank.parse(r) for r in text.split())


def _order(key: str, about: str, cite: str, spades: str, hearts: str = "", diamonds: str = "",
           clubs: str = "") -> CardOrder:
    s = _ranks(spades)
    h = _ranks(hearts) if hearts else s
    return CardOrder(key, about, cite, (s, h, _ranks(diamonds) if diamonds else h, _ranks(clubs) if clubs else s))


_TAROT_PLAY = "K Q N J 10 9 8 7 6 5 4 3 2 1"
_INVERTED = "K Q N J 1 2 3 4 5 6 7 8 9 10"  # Cups and Coins, seed 000 footnote 42


@dataclass(frozen=True, eq=False)
class CardValues:
    """Card values a game counts (exact fractions), with the rule they come from."""

    key: str
    about: str
    cite: str
    values: Mapping[int, Fraction]  # card id -> value; cards not listed are worth 0

    def of(self, card: Card) -> Fraction:
        return self.values.get(card.id, Fraction(0))

    def total(self, cards: Iterable[Card]) -> Fraction:
        return sum((self.of(c) for c in cards), Fraction(0))


@dataclass(frozen=True)
class Pack:
    """A pack: its name, its cards (as a bitmask), its names and symbols, its orders of play and values.

    >>> [c.code for c in TAROT66_1637.ordered()[:3]], TAROT66_1637.ordered()[-1].code
    (['T21', 'T20', 'T19'], '4C')
    """

    name: str
    mask: int
    italian: bool = False
    description: str = ""
    style: PackStyle = field(default=FRENCH_STYLE, compare=False)
    orders: tuple[CardOrder, ...] = field(default=(), compare=False)  # the first is the default
    values: tuple[CardValues, ...] = field(default=(), compare=False)
    used_by: tuple[str, ...] = ()
    cite: str = ""

    @property
    def cards(self) -> list[Card]:
        """The pack's cards, by id."""
        return to_cards(self.mask)

    def contains(self, card: Card) -> bool:
        return bool(self.mask >> card.id & 1)

    def __len__(self) -> int:
        return self.mask.bit_count()

    @property
    def has_trumps(self) -> bool:
        return bool(self.mask >> 56)

    def order(self, key: str | None = None) -> CardOrder:
        """The order of play named ``key`` (default: the pack's first); ValueError names the known ones."""
        if not self.orders:
            raise ValueError(f"pack {self.name} has no order of play (decks.md)")
        if key is None:
            return self.orders[0]
        for order in self.orders:
            if order.key == key.strip().lower():
                return order
        raise ValueError(f"pack {self.name} has no order {key!r} (known: {', '.join(o.key for o in self.orders)})")

    def value(self, key: str | None = None) -> CardValues:
        """The card values named ``key`` (default: the first)."""
        if not self.values:
            raise ValueError(f"pack {self.name} has no card values")
        found = [v for v in self.values if key is None or v.key == key]
        if not found:
            raise ValueError(f"pack {self.name} has no values {key!r} (known: {', '.join(v.key for v in self.values)})")
        return found[0]

    def ordered(self, order: str | None = None, trump_order: str | TrumpOrder | None = None) -> list[Card]:
        """The pack from high to low: trumps (in a historical order if given), the Excuse, then each suit.

        A historical order lacking a subject (Florence has no Popess) leaves that card out.
        """
        out: list[Card] = []
        if self.has_trumps:
            torder = _as_trump_order(trump_order)
            out += [CARDS[55 + n] for n in torder.top_first() if self.contains(CARDS[55 + n])]
            if self.contains(CARDS[EXCUSE_ID]):
                out.append(CARDS[EXCUSE_ID])
        if self.orders:
            card_order = self.order(order)
            for suit in Suit:
                out += [c for r in card_order.high_to_low(suit) if self.contains(c := CARDS[suit * 14 + r - 1])]
        else:  # no order of play (La Prime): each suit by value, high to low
            values = self.values[0] if self.values else None
            for suit in Suit:
                group = [c for c in self.cards if c.suit == suit]
                out += sorted(group, key=lambda c: (-(values.of(c) if values else 0), -c.id))
        return out

    def display(self, card: Card, lang: str = "fr", trump_order: str | TrumpOrder | None = None) -> str:
        """A card's full name in this pack's style: 'Faon de deniers', 'Re di spade', 'The Tower'.

        With a historical ``trump_order``, Italian names follow that order's source ('Saetta' in Bologna).
        """
        _check_lang(lang)
        number = card.trump_number
        if card.is_excuse or number is not None:
            return self.trump_name(card, lang, trump_order) or self.trump_label(card, lang)
        assert card.suit is not None and card.rank is not None
        rank, suit = self.style.ranks[lang][card.rank - 1], self.style.suits[lang][card.suit]
        if lang == "fr":
            return f"{rank} d'{suit}" if suit[0] in "aeéiou" else f"{rank} de {suit}"
        if lang == "it":
            return f"{rank} di {suit}"
        return f"{rank} of {suit.capitalize()}"

    def trump_name(self, card: Card, lang: str = "fr", trump_order: str | TrumpOrder | None = None) -> str:
        """The title of a trump or of the Excuse in this pack ('' when the pack prints none, as on XIII)."""
        number = 0 if card.is_excuse else card.trump_number
        if number is None:
            raise ValueError(f"{card.code} is not a trump")
        if trump_order is not None and lang == "it" and self.style.italian:
            return _as_trump_order(trump_order).name(number, "it")
        names = self.style.trumps.get(lang)
        return names[number] if names else ""

    def trump_label(self, card: Card, lang: str = "fr") -> str:
        """A trump by number: '21 d'atout', 'trionfo XXI', 'Trump 21'; the Excuse's name for the Excuse."""
        if card.is_excuse:
            return self.trump_name(card, lang) or "Excuse"
        number = card.trump_number
        assert number is not None
        numeral, word = self.style.trump_numeral(number), self.style.trump_word[lang]
        if lang == "fr":
            return f"{numeral} d'{word}" if word[0] in "aeiou" else f"{numeral} de {word}"
        return f"{word.capitalize()} {numeral}"

    def suit_name(self, suit: Suit, lang: str = "fr") -> str:
        _check_lang(lang)
        return self.style.suits[lang][suit]

    def suit_symbol(self, suit: Suit) -> str:
        return self.style.suit_symbols[suit]

    def index(self, card: Card, lang: str = "fr") -> str:
        """The short corner index of a card: 'R', '10', 'XXI' (Italian trumps), '21', '★' for the Excuse."""
        _check_lang(lang)
        if card.is_excuse:
            return "★"
        number = card.trump_number
        if number is not None:
            return self.style.trump_numeral(number)
        assert card.rank is not None
        return self.style.index[lang][card.rank - 1]


def _check_lang(lang: str) -> None:
    if lang not in LANGS:
        raise ValueError(f"unknown language {lang!r} (expected fr, it or en)")


def _as_trump_order(order: str | TrumpOrder | None) -> TrumpOrder:
    if order is None:
        return ORDERS["C"]
    return order if isinstance(order, TrumpOrder) else find_order(order)


def _plain(ranks: set[Rank], suits: tuple[Suit, ...] = tuple(Suit)) -> int:
    return mask(c for c in CARDS[:56] if c.rank in ranks and c.suit in suits)


def _values(key: str, about: str, cite: str, of: Mapping[int, Fraction]) -> CardValues:
    return CardValues(key, about, cite, MappingProxyType(dict(of)))


_ALL_RANKS = set(Rank)
_PIQUET_RANKS = {Rank.SEVEN, Rank.EIGHT, Rank.NINE, Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING, Rank.ACE}
_TAROT_ORDER = _order("play", "every suit K Q N J 10 … 1; trumps 21 … 1", "decks.md §1; seed 001", _TAROT_PLAY)
_COURT_HALF = {Rank.KING: Fraction(9, 2), Rank.QUEEN: Fraction(7, 2), Rank.KNIGHT: Fraction(5, 2),
               Rank.JACK: Fraction(3, 2)}
_TAROT_HALF_POINTS = _values(
    "points", "oudlers and Kings 4.5, Queens 3.5, Knights 2.5, Jacks 1.5, others 0.5; total 91",
    "decks.md §1 (half-point method); seed 001",
    {c.id: (Fraction(9, 2) if c.id in (56, 76, 77) else _COURT_HALF.get(c.rank, Fraction(1, 2)))  # type: ignore[arg-type]
     for c in CARDS},
)

PIQUET32 = Pack(
    "piquet32", _plain(_PIQUET_RANKS), description="32-card piquet pack: 7-10, J, Q, K, A",
    style=FRENCH_STYLE,
    orders=(
        _order("triomphe", "every suit K Q J A 10 9 8 7", "decks.md §4; seed 002", "K Q J A 10 9 8 7"),
        _order("as-qui-pille", "every suit A K Q J 10 9 8 7 (Triomphe à l'As qui pille)", "decks.md §4; seed 002",
               "A K Q J 10 9 8 7"),
        replace(_order("mistigri", "K Q J A 10 9 8 7; J♣ (Mistigri) is the top trump and never a club",
                       "decks.md §4; seed 003", "K Q J A 10 9 8 7"), wild="JC"),
    ),
    used_by=("triomphe", "mistigri"),
    cite="decks.md §4",
)
TAROT78_FRENCH = Pack(
    "tarot78-french", (1 << CARD_COUNT) - 1, description="French-suited tarot: 4 x 14 cards, 21 trumps, Excuse",
    style=FRENCH_TAROT_STYLE, orders=(_TAROT_ORDER,), values=(_TAROT_HALF_POINTS,), used_by=("tarot",),
    cite="decks.md §1",
)
TAROT78_ITALIAN = Pack(
    "tarot78-italian", (1 << CARD_COUNT) - 1, italian=True, description="Italian-suited tarot (Marseille type)",
    style=ITALIAN_STYLE,
    orders=(
        _order("modern", "as the French-suited tarot: every suit K Q N J 10 … 1 (decks.md D4)",
               "decks.md §2, D4; seed 001", _TAROT_PLAY),
        _order("traditional", "Swords, Batons K Q N J 10 … 1; Cups, Coins K Q N J 1 … 10",
               "decks.md §2; seed 000 footnote 42", _TAROT_PLAY, _INVERTED),
    ),
    values=(_TAROT_HALF_POINTS,),
    used_by=("tarot",),
    cite="decks.md §2",
)

# The 1637 pack (decks.md §3, seed 000): the Italian-suited tarot less the 10, 9, 8 of Cups (H) and Coins (D)
# and the 3, 2, Ace of Swords (S) and Batons (C): 4 x 11 suit cards, 21 trumps, the Mat. 66 cards.
_TAROTS_1637 = {77, 56, 76} | {suit * 14 + 13 for suit in range(4)}  # Monde, Mat, Bagat, the four Kings
_POINTS_1637 = {Rank.QUEEN: 4, Rank.KNIGHT: 3, Rank.JACK: 2}
TAROT66_1637 = Pack(
    "tarot66-1637",
    TAROT78_ITALIAN.mask
    & ~_plain({Rank.TEN, Rank.NINE, Rank.EIGHT}, (Suit.HEARTS, Suit.DIAMONDS))
    & ~_plain({Rank.THREE, Rank.TWO, Rank.ACE}, (Suit.SPADES, Suit.CLUBS)),
    italian=True,
    description="the 1637 tarot pack (Marolles): 66 cards, Italian suits",
    style=STYLE_1637,
    orders=(
        _order("1637", "Swords, Batons K Q N J 10 … 4; Cups, Coins K Q N J 1 … 7", "decks.md §3; seed 000 n. 42",
               "K Q N J 10 9 8 7 6 5 4", "K Q N J 1 2 3 4 5 6 7"),
    ),
    values=(
        _values(
            "points", "Tarots 5, Queens 4, Knights 3, Jacks 2, others 1, less 2/3 a card; total 74",
            "decks.md §3; seed 000 (the count by threes)",
            {c.id: Fraction(5 if c.id in _TAROTS_1637 else _POINTS_1637.get(c.rank, 1)) - Fraction(2, 3)  # type: ignore[arg-type]
             for c in CARDS},
        ),
    ),
    used_by=("tarot1637",),
    cite="decks.md §3; seed 000",
)
# La Prime (decks.md §5, seed 004): a French pack without 8, 9, 10: A, 2-7, J, Q, K in four suits. 40 cards.
_PRIME_VALUES = {_R.SEVEN: 21, _R.SIX: 18, _R.ACE: 16, _R.FIVE: 15, _R.FOUR: 14, _R.THREE: 13, _R.TWO: 12}
PRIME40 = Pack(
    "prime40",
    _plain(_ALL_RANKS - {Rank.EIGHT, Rank.NINE, Rank.TEN, Rank.KNIGHT}),
    description="40-card pack for La Prime: A, 2-7, J, Q, K",
    style=FRENCH_STYLE,
    values=(
        _values("prime", "7 = 21, 6 = 18, A = 16, 5 = 15, 4 = 14, 3 = 13, 2 = 12, J Q K = 10; total 556",
                "decks.md §5; seed 004", {c.id: Fraction(_PRIME_VALUES.get(c.rank, 10)) for c in CARDS[:56]}),  # type: ignore[arg-type]
    ),
    used_by=("prime",),
    cite="decks.md §5; seed 004",
)

PACKS: dict[str, Pack] = {p.name: p for p in (PIQUET32, TAROT78_FRENCH, TAROT78_ITALIAN, TAROT66_1637, PRIME40)}


def register_pack(pack: Pack) -> Pack:
    """Add a pack defined by a game package (e.g. the 1637 66-card pack)."""
    PACKS[pack.name] = pack
    return pack


def find_pack(name: str) -> Pack:
    """A pack by name, case-insensitively; ValueError lists the known packs.

    >>> find_pack("Piquet32").name
    'piquet32'
    """
    pack = PACKS.get(name.strip().lower())
    if pack is None:
        raise ValueError(f"unknown pack {name!r} (known: {', '.join(PACKS)})")
    return pack


def packs_used_by(game: str) -> list[Pack]:
    """The packs a game deals from (decks.md "Used by"), e.g. for the web table's faces.

    >>> [p.name for p in packs_used_by("tarot")]
    ['tarot78-french', 'tarot78-italian']
    """
    return [p for p in PACKS.values() if game in p.used_by]


__all__ = [
    "ORDERS", "PACKS", "PIQUET32", "PRIME40", "TAROT66_1637", "TAROT78_FRENCH", "TAROT78_ITALIAN",
    "CardOrder", "CardValues", "Pack", "PackStyle", "find_pack", "packs_used_by", "register_pack",
]  # fmt: skip
