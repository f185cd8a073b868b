"""The packs and their history (issue 8, part B), tested against decks.md and seed 000.

Expected values are written by hand from the spec's tables, never read back from the data modules.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from atout.core.cards import Card, Rank, Suit, cards
from atout.core.history import MARSEILLE_NUMERALS, ORDERS, TRUMP_NAMES, find_order
from atout.core.packs import PACKS, PIQUET32, PRIME40, TAROT66_1637, TAROT78_FRENCH, TAROT78_ITALIAN, find_pack

C = Card.parse

# Trump subjects by their usual English name -> Marseille number (decks.md §7), typed in by hand so that the
# order tables below read like the spec's.
SUBJECT = {
    "Magician": 1, "Popess": 2, "Empress": 3, "Emperor": 4, "Pope": 5, "Love": 6, "Chariot": 7, "Justice": 8,
    "Hermit": 9, "Wheel": 10, "Fortitude": 11, "Hanged": 12, "Death": 13, "Temperance": 14, "Devil": 15,
    "Tower": 16, "Star": 17, "Moon": 18, "Sun": 19, "Angel": 20, "World": 21,
}  # fmt: skip


def subjects(text: str) -> list[int]:
    return [SUBJECT[word] for word in text.split()]


# --- Part 1: the packs ------------------------------------------------------------------------------------


def test_deck_1_french_tarot_78_cards_91_points_3_oudlers_16_courts() -> None:
    """decks.md DECK-1 (§1): 78 distinct cards, half-point total 91, 3 oudlers, 16 courts."""
    pack = TAROT78_FRENCH
    assert len(pack) == 78 and len(set(pack.cards)) == 78
    assert pack.value("points").total(pack.cards) == 91
    oudlers = [c for c in pack.cards if pack.value().of(c) == Fraction(9, 2) and c.rank is None]
    assert [c.code for c in oudlers] == ["T1", "T21", "EX"]
    assert sum(1 for c in pack.cards if c.rank in (Rank.KING, Rank.QUEEN, Rank.KNIGHT, Rank.JACK)) == 16
    # §1 values one by one: King 4.5, Queen 3.5, Knight 2.5, Jack 1.5, others 0.5.
    assert [pack.value().of(c) for c in cards("KS QH NC JD 10S T2 T20")] == [
        Fraction(9, 2), Fraction(7, 2), Fraction(5, 2), Fraction(3, 2), Fraction(1, 2), Fraction(1, 2), Fraction(1, 2)]


def test_deck_2_the_1637_pack() -> None:
    """decks.md DECK-2 (§3), seed 000: "oster douze cartes… les dix, neuf, & huict des couppes & deniers,
    & les trois, deux & az d'espées & bastons"; footnote 42: Cups and Coins run Ace high, 10 low."""
    pack = TAROT66_1637
    assert len(pack) == 66
    for code in ("AS", "2S", "3S", "AC", "2C", "3C", "10H", "9H", "8H", "10D", "9D", "8D"):
        assert not pack.contains(C(code)), code
    order = pack.order()
    assert order.beats(C("AH"), C("7H")) is True  # Ace of Cups beats 7 of Cups
    assert order.beats(C("7S"), C("4S")) is True  # 7 of Swords beats 4 of Swords
    assert order.beats(C("AD"), C("JD")) is False  # the Ace of Coins (la Belle) comes below the Jack
    assert order.beats(C("T1"), C("KS")) is True  # any trump beats any suit card
    assert order.beats(C("KS"), C("KH")) is None and order.beats(C("EX"), C("T1")) is None
    # Card points: Tarots 5, Queens 4, Knights 3, Jacks 2, others 1, less 2/3 a card: total 74.
    assert pack.value().total(pack.cards) == 74
    assert [pack.value().of(c) for c in cards("T21 EX T1 KD QS NC JH AD")] == [
        Fraction(13, 3), Fraction(13, 3), Fraction(13, 3), Fraction(13, 3), Fraction(10, 3), Fraction(7, 3),
        Fraction(4, 3), Fraction(1, 3)]


def test_1637_orders_high_to_low() -> None:
    """decks.md §3 table (seed 000 n. 42): Swords/Batons K Q Knight Faon 10…4, Cups/Coins K Q Knight Jack Ace, 2…7."""
    order = TAROT66_1637.order("1637")
    assert [r.code for r in order.high_to_low(Suit.SPADES)] == "K Q N J 10 9 8 7 6 5 4".split()
    assert [r.code for r in order.high_to_low(Suit.CLUBS)] == "K Q N J 10 9 8 7 6 5 4".split()
    assert [r.code for r in order.high_to_low(Suit.HEARTS)] == "K Q N J A 2 3 4 5 6 7".split()
    assert [r.code for r in order.high_to_low(Suit.DIAMONDS)] == "K Q N J A 2 3 4 5 6 7".split()
    shown = [c.code for c in TAROT66_1637.ordered()]
    assert shown[:2] == ["T21", "T20"] and shown[20:22] == ["T1", "EX"]
    assert shown[22:27] == ["KS", "QS", "NS", "JS", "10S"] and shown[33:39] == ["KH", "QH", "NH", "JH", "AH", "2H"]


def test_deck_3_piquet_orders() -> None:
    """decks.md DECK-3 (§4, seed 002): Triomphe J♥ beats A♥; at l'As qui pille A♥ beats K♥."""
    assert len(PIQUET32) == 32
    assert PIQUET32.order("triomphe").beats(C("JH"), C("AH")) is True
    assert PIQUET32.order("as-qui-pille").beats(C("AH"), C("KH")) is True
    assert PIQUET32.order("triomphe").beats(C("AH"), C("KH")) is False
    assert [r.code for r in PIQUET32.order("mistigri").high_to_low(Suit.HEARTS)] == "K Q J A 10 9 8 7".split()


def test_deck_4_mistigri_jack_of_clubs() -> None:
    """decks.md DECK-4 (§4, seed 003): with hearts trumps J♣ beats K♥ and is a trump, not a club; with clubs
    trumps there are 8 trumps, otherwise 9."""
    order = PIQUET32.order("mistigri")
    assert order.beats(C("JC"), C("KH"), trump=Suit.HEARTS) is True
    assert order.is_trump(C("JC"), Suit.HEARTS) and order.beats(C("JC"), C("AC"), trump=Suit.HEARTS) is True
    assert order.beats(C("7H"), C("KC"), trump=Suit.HEARTS) is True  # any trump beats a club
    assert len(order.trumps(PIQUET32.cards, Suit.CLUBS)) == 8
    for suit in (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS):
        assert len(order.trumps(PIQUET32.cards, suit)) == 9
    assert [c.code for c in order.trumps(PIQUET32.cards, Suit.HEARTS)[:3]] == ["JC", "KH", "QH"]
    assert PIQUET32.order("triomphe").beats(C("JC"), C("KH"), trump=Suit.HEARTS) is False  # no wild card there


def test_prime_pack_is_shown_by_value() -> None:
    """decks.md §5: no order of play; the pack is listed by Prime value, 7 first."""
    assert [c.code for c in PRIME40.ordered()[:10]] == "7S 6S AS 5S 4S 3S 2S KS QS JS".split()


def test_italian_tarot_modern_and_traditional_orders() -> None:
    """decks.md §2 and D4: modern play ranks every suit K…1; the traditional order inverts Cups and Coins."""
    assert TAROT78_ITALIAN.order().key == "modern"
    assert TAROT78_ITALIAN.order("modern").beats(C("10H"), C("AH")) is True
    assert TAROT78_ITALIAN.order("traditional").beats(C("AH"), C("10H")) is True
    assert TAROT78_ITALIAN.order("traditional").beats(C("10S"), C("AS")) is True
    assert TAROT78_FRENCH.order().beats(C("NH"), C("JH")) is True  # the Knight between Queen and Jack


def test_deck_5_prime_40_cards_556() -> None:
    """decks.md DECK-5 (§5, seed 004): 40 cards, no 8, 9, 10; values total 4 x 139 = 556."""
    assert len(PRIME40) == 40
    assert not any(c.rank in (Rank.EIGHT, Rank.NINE, Rank.TEN, Rank.KNIGHT) for c in PRIME40.cards)
    values = PRIME40.value("prime")
    assert values.total(PRIME40.cards) == 4 * (21 + 18 + 16 + 15 + 14 + 13 + 12 + 10 + 10 + 10) == 556
    assert [values.of(c) for c in cards("7S 6H AD 5C 4S 3S 2S JH QH KH")] == [21, 18, 16, 15, 14, 13, 12, 10, 10, 10]


@pytest.mark.parametrize(
    ("pack", "lang", "suits"),
    [
        ("piquet32", "fr", "pique cœur carreau trèfle"),
        ("piquet32", "it", "picche cuori quadri fiori"),
        ("tarot78-french", "en", "spades hearts diamonds clubs"),
        ("tarot78-italian", "fr", "épées coupes deniers bâtons"),
        ("tarot78-italian", "it", "spade coppe denari bastoni"),
        ("tarot66-1637", "en", "swords cups coins batons"),
        ("prime40", "fr", "pique cœur carreau trèfle"),
    ],
)
def test_suit_names_in_three_languages(pack: str, lang: str, suits: str) -> None:
    """decks.md §1-§5: French suits pique/cœur/carreau/trèfle; Italian épées/bâtons/coupes/deniers (S H D C)."""
    assert [find_pack(pack).suit_name(s, lang) for s in Suit] == suits.split()


def test_suit_symbols() -> None:
    assert [TAROT78_FRENCH.suit_symbol(s) for s in Suit] == ["♠", "♥", "♦", "♣"]
    assert len({TAROT78_ITALIAN.suit_symbol(s) for s in Suit}) == 4


def test_1637_names_follow_the_seed() -> None:
    """Seed 000: "le Roy, la Royne, le Cheualier, & le Faon"; n. 38: the Monde (21), the Math, the Bagat (1);
    n. 36: "triomphe" is the word for trump."""
    d = TAROT66_1637.display
    assert [d(C(x), "fr") for x in ("KD", "QS", "NC", "JH")] == [
        "Roi de deniers", "Reine d'épées", "Chevalier de bâtons", "Faon de coupes"]
    assert [d(C(x), "fr") for x in ("T21", "EX", "T1")] == ["le Monde", "le Mat", "le Bagat"]
    assert d(C("JD"), "en") == "Jack of Coins" and d(C("JD"), "it") == "Fante di denari"
    assert TAROT66_1637.trump_label(C("T13"), "fr") == "XIII de triomphe"


def test_display_in_three_languages() -> None:
    """Marseille titles for the Italian pack (decks.md §7, D6: Maison Dieu for the Marseille pattern)."""
    assert TAROT78_ITALIAN.display(C("T16"), "fr") == "La Maison Dieu"
    assert TAROT78_ITALIAN.display(C("T16"), "it") == "La Saetta"
    assert TAROT78_ITALIAN.display(C("T16"), "en") == "The Tower"
    assert TAROT78_ITALIAN.display(C("T13"), "fr") == "XIII d'atout"  # the Marseille XIII carries no title
    assert TAROT78_FRENCH.display(C("T21"), "fr") == "21 d'atout"
    assert TAROT78_FRENCH.display(C("T1"), "fr") == "le Petit"
    assert TAROT78_FRENCH.display(C("EX"), "en") == "the Excuse"
    assert TAROT78_FRENCH.display(C("KH"), "en") == "King of Hearts"
    assert PIQUET32.display(C("AS"), "it") == "Asso di picche"
    assert TAROT78_ITALIAN.display(C("T20"), "it", trump_order="A") == "Angelo"  # Bolognese name


def test_indexes() -> None:
    assert [TAROT78_FRENCH.index(C(x), "fr") for x in ("KH", "QH", "NH", "JH", "AH", "T21")] == [
        "R", "D", "C", "V", "1", "21"]
    assert [PIQUET32.index(C(x), "en") for x in ("KH", "QH", "JH", "AH")] == ["K", "Q", "J", "A"]
    assert TAROT78_ITALIAN.index(C("T19"), "fr") == "XIX" and TAROT66_1637.index(C("JD"), "fr") == "F"


def test_bad_arguments_are_clear_value_errors() -> None:
    with pytest.raises(ValueError, match="unknown pack 'tarot99'"):
        find_pack("tarot99")
    with pytest.raises(ValueError, match="unknown language 'de'"):
        TAROT78_FRENCH.display(C("KH"), "de")
    with pytest.raises(ValueError, match="no order 'mistigri'"):
        TAROT78_FRENCH.order("mistigri")
    with pytest.raises(ValueError, match="no order of play"):
        PRIME40.order()
    with pytest.raises(ValueError, match="unknown trump order 'D'"):
        find_order("D")


def test_every_pack_is_registered_and_consistent() -> None:
    assert list(PACKS) == ["piquet32", "tarot78-french", "tarot78-italian", "tarot66-1637", "prime40"]
    for pack in PACKS.values():
        for order in pack.orders:
            listed = [c for c in pack.ordered(order.key) if c.suit is not None]
            assert sorted(listed) == [c for c in pack.cards if c.suit is not None], (pack.name, order.key)
        for lang in ("fr", "it", "en"):
            assert all(pack.display(c, lang) for c in pack.cards)


# --- Part 2: history (decks.md §6, §7; seed 000) ----------------------------------------------------------

# decks.md §6.1, highest first, typed from the spec's tables.
ORDER_A_BOLOGNA = subjects(
    "Angel World Sun Moon Star Tower Devil Death Hanged Hermit Wheel Fortitude Justice Temperance Chariot Love "
    "Pope Emperor Empress Popess Magician"
)
ORDER_A_FLORENCE = subjects(
    "Angel World Sun Moon Star Tower Devil Death Hanged Hermit Wheel Chariot Justice Fortitude Temperance Love "
    "Pope Emperor Empress Magician"
)
# Order B is numbered from the bottom in the spec: 1 Bagatella … 21 World.
ORDER_B_BOTTOM_UP = subjects(
    "Magician Empress Emperor Popess Pope Temperance Love Chariot Fortitude Wheel Hermit Hanged Death Devil Tower "
    "Star Moon Sun Angel Justice World"
)
ORDER_C = list(range(21, 0, -1))  # "The number is the rank: XXI highest."
ORDER_SAVOY = subjects(
    "Angel World Sun Moon Star Tower Devil Temperance Death Hanged Fortitude Wheel Hermit Justice Chariot Love Pope "
    "Emperor Empress Popess Magician"
)


@pytest.mark.parametrize(
    ("key", "expected"),
    [
        ("A", ORDER_A_BOLOGNA),
        ("A-florence", ORDER_A_FLORENCE),
        ("B", ORDER_B_BOTTOM_UP[::-1]),
        ("C", ORDER_C),
        ("savoy", ORDER_SAVOY),
    ],
)
def test_each_order_matches_decks_md(key: str, expected: list[int]) -> None:
    """decks.md §6.1 (seed 000: Dummett's orders A, B, C and the Savoy hybrid of A and C)."""
    assert list(ORDERS[key].top_first()) == expected


@pytest.mark.parametrize("key", ["A", "B", "C", "savoy"])
def test_each_order_is_a_permutation_of_the_21_trumps(key: str) -> None:
    assert sorted(ORDERS[key].top_first()) == list(range(1, 22))


def test_florence_has_no_popess() -> None:
    """decks.md §6.1, D1: the Strambotti list has 20 trumps, no Popess."""
    assert sorted(ORDERS["A-florence"].top_first()) == [n for n in range(1, 22) if n != 2]
    assert ORDERS["A-florence"].rank(2) is None
    assert len(TAROT78_ITALIAN.ordered(trump_order="A-florence")) == 77


def test_order_characteristics_named_by_the_seed() -> None:
    """Seed 000: order A puts the Angel (Judgement) at the top, above the World, and groups the virtues low;
    decks.md §6.1: order B puts Justice just below the World; Savoy keeps the Angel above the World."""
    a, b, c, savoy = ORDERS["A"], ORDERS["B"], ORDERS["C"], ORDERS["savoy"]
    assert a.rank(20) == 1 and a.beats(20, 21)
    assert {a.rank(8), a.rank(11), a.rank(14)} == {12, 13, 14}  # Fortitude, Justice, Temperance together
    assert b.rank(21) == 1 and b.rank(8) == 2 and b.beats(8, 20)
    assert c.beats(21, 20) and savoy.beats(20, 21) and savoy.beats(21, 19)


def test_bolognese_papi_rank_equal() -> None:
    """decks.md D3: the four Papi are of equal rank in Bologna (the last played wins)."""
    a = ORDERS["A"]
    assert a.rank(5) == a.rank(4) == a.rank(3) == a.rank(2) == 17
    assert a.beats(2, 5) is None and a.beats(5, 2) is None
    assert a.rank(1) == 18 and a.beats(2, 1) is True


def test_order_b_follows_the_sermon_d2() -> None:
    """decks.md D2: 2 Empress, 3 Emperor, 4 Popess, 7 Love, 8 Chariot (counted from the bottom)."""
    b = ORDERS["B"]
    from_bottom = {n: 22 - b.rank(n) for n in range(1, 22)}  # type: ignore[operator]
    assert (from_bottom[3], from_bottom[4], from_bottom[2], from_bottom[6], from_bottom[7]) == (2, 3, 4, 7, 8)


def test_local_italian_names() -> None:
    """decks.md §6.1: Bolognese names (Angelo … Bagattino), the Strambotti's (Vecchierello, Rota, Bagatello)."""
    a, florence = ORDERS["A"], ORDERS["A-florence"]
    assert [a.name(n) for n in ORDER_A_BOLOGNA[:6]] == ["Angelo", "Mondo", "Sole", "Luna", "Stella", "Saetta"]
    assert [a.name(n) for n in (12, 9, 10, 1)] == ["Traditore", "Vecchio", "Roda", "Bagattino"]
    assert [florence.name(n) for n in (9, 10, 11, 1)] == ["Vecchierello", "Rota", "Fortezza", "Bagatello"]
    assert ORDERS["B"].name(1) == "Bagatella"


def test_trump_names_table() -> None:
    """decks.md §7 and seed 000 on XVI: La Maison Dieu (Marseille), in Italian La Saetta (the commonest),
    la Casa del Diavolo, la Casa del dannato, Fuoco."""
    xvi = TRUMP_NAMES[16]
    assert xvi.fr == "La Maison Dieu" and xvi.it[0] == "La Saetta"
    assert {"Casa del Diavolo", "Casa del dannato", "Fuoco"} <= set(xvi.it)
    assert TRUMP_NAMES[13].fr == ""  # XIII: no name on the Marseille pack
    assert [TRUMP_NAMES[n].fr for n in (0, 1, 2, 21)] == ["Le Mat", "Le Bateleur", "La Papesse", "Le Monde"]
    assert TRUMP_NAMES[20].it[:2] == ("L'Angelo", "Giudizio") and TRUMP_NAMES[1].en[1] == "Pagat"
    assert sorted(TRUMP_NAMES) == list(range(22))
    # The Marseille numerals as the packs print them (§7): IIII, VIIII, XIIII.
    assert [MARSEILLE_NUMERALS[n] for n in (4, 9, 14, 19, 21)] == ["IIII", "VIIII", "XIIII", "XIX", "XXI"]


def test_find_order_is_forgiving() -> None:
    assert find_order("a").key == "A" and find_order("Florence").key == "A-florence"
    assert find_order("marseille").key == "C" and find_order("C′").key == "savoy"
