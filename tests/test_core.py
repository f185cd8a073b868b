"""Cards, notation, actions and packs (issue 2, point 2; docs/notation.md)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from atout import Action, Card, NotationError, Rank, Suit
from atout.core.cards import CARDS, cards
from atout.core.cardset import SUIT_MASKS, TRUMPS_MASK, count, ids, mask, to_cards
from atout.core.packs import PIQUET32, TAROT78_FRENCH, TAROT78_ITALIAN


def test_every_card_code_round_trips() -> None:
    assert len({c.code for c in CARDS}) == 78
    for c in CARDS:
        assert Card.parse(c.code) is c
        assert Card.parse(c.code.lower()) is c
        assert eval(repr(c), {"Card": Card}) is c


@pytest.mark.parametrize(
    ("text", "code"),
    [("kh", "KH"), ("10s", "10S"), ("1H", "AH"), ("nc", "NC"), ("t21", "T21"), ("Ex", "EX"), ("KCO", "KD"), ("1SW", "AS")],
)
def test_parse_is_forgiving_and_prints_canonically(text: str, code: str) -> None:
    assert Card.parse(text).code == code


@pytest.mark.parametrize("bad", ["", "ZZ", "T22", "T0X", "11H", "KX", "K", "H"])
def test_bad_card_codes_are_refused(bad: str) -> None:
    with pytest.raises(NotationError):
        Card.parse(bad)


def test_card_properties() -> None:
    kh = Card.parse("KH")
    assert kh.suit is Suit.HEARTS and kh.rank is Rank.KING and not kh.is_trump
    t1 = Card.parse("T1")
    assert t1.is_trump and t1.trump_number == 1 and t1.suit is None
    assert Card.parse("EX").is_excuse and Card.parse("EX").trump_number is None
    assert Card.parse("NC").rank is Rank.KNIGHT


def test_display_names_follow_the_pack_style() -> None:
    assert Card.parse("KH").display("fr") == "Roi de cœur"
    assert Card.parse("KH").display("en", italian=True) == "King of Cups"
    assert Card.parse("QC").display("fr", italian=True) == "Dame de bâtons"
    assert Card.parse("EX").display("fr", italian=True) == "le Mat"


def test_suit_parser_accepts_symbols_and_names() -> None:
    assert Suit.parse("♥") is Suit.HEARTS
    assert Suit.parse("Trèfle") is Suit.CLUBS
    assert Suit.parse("épées") is Suit.SPADES
    with pytest.raises(NotationError):
        Suit.parse("stars")


def test_packs() -> None:
    """decks.md §1, §4: 78-card tarot pack, 32-card piquet pack (7 to Ace)."""
    assert len(TAROT78_FRENCH) == 78 and len(PIQUET32) == 32
    assert {c.rank for c in PIQUET32.cards} == {Rank(r) for r in (1, 7, 8, 9, 10, 11, 13, 14)}
    assert TAROT78_ITALIAN.italian and TAROT78_ITALIAN.mask == TAROT78_FRENCH.mask
    assert count(TRUMPS_MASK) == 21 and all(count(m) == 14 for m in SUIT_MASKS)


@given(st.sets(st.integers(0, 77)))
def test_bitmask_helpers_round_trip(some: set[int]) -> None:
    m = mask(some)
    assert list(ids(m)) == sorted(some)
    assert [c.id for c in to_cards(m)] == sorted(some)


@given(st.lists(st.sampled_from([c.code for c in CARDS]), max_size=6), st.sampled_from(["play", "discard", "call"]))
def test_action_text_round_trips(args: list[str], kind: str) -> None:
    action = Action(kind, tuple(args))
    assert Action.parse(str(action)) == action
    assert Action.parse(str(action).lower()) == action


def test_action_parse() -> None:
    assert str(Action.parse("  PLAY   kh ")) == "play KH"
    assert str(Action.parse("bid GARDE_SANS")) == "bid garde_sans"
    assert Action.of("play", Card.parse("T21")) == Action.parse("play t21")
    assert cards("ks, 10h") == [Card.parse("KS"), Card.parse("10H")]
    for bad in ("", "   ", "!!"):
        with pytest.raises(NotationError):
            Action.parse(bad)
