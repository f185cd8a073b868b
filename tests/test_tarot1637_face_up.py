"""The 1637 tarot's forced face-up discard (spec tarot-1637.md §5, D4): whose it is, seen by all, nothing more.

Seed 000 forbids Tarots and triumphs in the discard; D4 lets a player who holds nothing else lay aside his
lowest trumps II–XX face up. The cards are public, so every seat's observation says whose they are; the
face-down discards of the others stay hidden. Expected values are worked out by hand from the deal below.
"""

from __future__ import annotations

import atout
from atout.core.cardset import codes
from atout.core.protocol import GameState
from atout.games.tarot1637.rules import PACK
from atout.present import Table, say

A, B, C = 0, 1, 2  # the spec's players: A deals, B is eldest (dealer's right), C
# A holds the 22 trumps (Mat included) and two Kings: only Tarots and triumphs, 24 cards, so he must lay
# aside four (D4): the lowest trumps after the Bagat (a Tarot), II, III, IIII, V.
DEALER = "T1 T2 T3 T4 T5 T6 T7 T8 T9 T10 T11 T12 T13 T14 T15 T16 T17 T18 T19 T20 T21 EX KS KH".split()
REST = [c for c in codes(PACK) if c not in DEALER]
B_HAND, C_HAND = REST[:21], REST[21:]


def dealt() -> GameState:
    """The deal with B and C's discards made (each lays aside the first card he may: 4S for B, 2D for C)."""
    g = atout.new_game("tarot1637", deal={"hands": [DEALER, B_HAND, C_HAND]}, dealer=A, seed=0)
    g.apply("discard 4S")  # B, eldest, first
    g.apply("discard 2D")  # then C; the dealer last
    return g


def test_face_up_discard_says_whose_in_every_observation_d4() -> None:
    # tarot-1637.md §5 D4: "he lays aside his lowest trumps, face up" — public, so each seat sees it is A's.
    g = dealt()
    for card in ("T2", "T3", "T4", "T5"):
        g.apply(f"discard {card}")
    for seat in (A, B, C):
        public = g.observation(seat).public
        assert public["discards_face_up_by_seat"] == [["T2", "T3", "T4", "T5"], [], []]
        assert public["discards_face_up"] == ["T2", "T3", "T4", "T5"]


def test_face_up_by_seat_grows_card_by_card() -> None:
    # Each card is shown as it is laid aside (one 'discard' action per card, D4).
    g = dealt()
    g.apply("discard T2")
    assert g.observation(C).public["discards_face_up_by_seat"] == [["T2"], [], []]
    g.apply("discard T3")
    assert g.observation(B).public["discards_face_up_by_seat"] == [["T2", "T3"], [], []]


def test_face_down_discards_stay_hidden() -> None:
    # seed 000 §5 / tarot-1637.md §5: ordinary discards are face down; only one's own is in one's observation.
    g = dealt()
    for card in ("T2", "T3", "T4", "T5"):
        g.apply(f"discard {card}")
    for seat, own in ((A, "T2"), (B, "4S"), (C, "2D")):
        text = repr(g.observation(seat).to_json()["public"])
        others = {"4S", "2D"} - {own}
        assert not any(f"'{c}'" in text for c in others), (seat, others)


def test_narration_names_the_seat_laying_aside_face_up() -> None:
    # The narration of D4's discard names its owner for the others and says "vous" to the owner.
    g = dealt()
    g.apply("discard T2")
    event = next(e for e in g.events(B) if e.kind == "discard_face_up")
    assert event.seat == A and event.data == {"card": "T2"}
    names = ("Anne", "Bernard", "Claire")
    assert say(event, "fr", Table("tarot1637", 3, names=names, me=B)) == (
        "Anne n'a que des Tarots et des triomphes\u00a0: il écarte la Papesse à découvert.")
    assert say(event, "en", Table("tarot1637", 3, names=names, me=C)) == (
        "Anne holds only Tarots and trumps: lays aside the Popess face up.")
    assert say(event, "fr", Table("tarot1637", 3, me=A)) == (
        "Vous n'avez que des Tarots et des triomphes\u00a0: vous écartez la Papesse à découvert.")
    assert say(event, "en", Table("tarot1637", 3, me=A)) == (
        "You hold only Tarots and trumps: you lay aside the Popess face up.")
