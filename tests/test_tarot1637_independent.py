"""Independent rules check of ``tarot1637``, written from the texts only (black box).

The tests here were written from seed 000 (the printed "Règles dv iev des tarots", Nevers 1637, and
Augustin Dupuy's manuscript addition) and the spec ``shared/rules/tarot-1637.md`` (sections §1–§13,
decisions D1–D21, worked examples T1637-1..7), without reading the engine or its own tests. The game
is driven only through the public API: ``atout.new_game("tarot1637", deal=..., dealer=...)``,
``legal_actions()``, ``apply()``, ``observation()``, ``events()``, ``returns()``, ``to_record()``.

Seats: with ``dealer=0`` the spec's players are A = 0 (dealer), B = 1 (eldest, on the dealer's right),
C = 2. An explicit deal lists each hand in dealing order; the dealer's last card is the bottom card
of the pack (§4). Card codes (docs/notation.md): Swords ``S``, Batons ``C``, Cups ``H``, Coins ``D``,
Knight ``N``, Faon (Jack) ``J``, trumps ``T1`` (Bagat) … ``T21`` (Monde), the Mat ``EX``.

The second half of the file is a small reference model (legal cards, trick winner, declarations,
tribute and ransom, card points and their settlement) compared with the engine over a few hundred
seeded random deals.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterable, Sequence
from typing import Any

import pytest

import atout
from atout import IllegalAction
from atout.core.protocol import GameState
from conftest import codes_in

GAME = "tarot1637"

# --- the pack, from the texts (seed 000: "oster douze cartes inutiles"; spec §2) ------------------
LONG_ORDER = ["K", "Q", "N", "J", "10", "9", "8", "7", "6", "5", "4"]  # Swords, Batons: high → low
ROUND_ORDER = ["K", "Q", "N", "J", "A", "2", "3", "4", "5", "6", "7"]  # Cups, Coins: inverted numerals
ORDER = {"S": LONG_ORDER, "C": LONG_ORDER, "H": ROUND_ORDER, "D": ROUND_ORDER}
SUIT_NAMES = {"S": "epees", "C": "batons", "H": "coupes", "D": "deniers"}
PLAIN = [r + s for s in "SCHD" for r in ORDER[s]]
TRUMPS = [f"T{n}" for n in range(21, 0, -1)]
PACK = PLAIN + TRUMPS + ["EX"]
TAROTS = frozenset({"T21", "EX", "T1", "KS", "KH", "KD", "KC"})  # the seven Tarots (seed 000)
KEYS = frozenset({"T21", "EX", "T1"})  # Monde, Mat, Bagat
BELLE = "AD"  # la Belle: the Ace of Coins
NUMERALS = frozenset(c for c in PLAIN if c[:-1] not in "KQNJ")


def suit(card: str) -> str:
    """'S', 'C', 'H', 'D', 'T' (trump) or 'X' (the Mat)."""
    if card == "EX":
        return "X"
    return "T" if card.startswith("T") else card[-1]


def strength(card: str) -> int:
    """Higher is stronger within its suit (trumps by number)."""
    if suit(card) == "T":
        return int(card[1:])
    return len(ORDER[card[-1]]) - ORDER[card[-1]].index(card[:-1])


def value(card: str) -> int:
    """Card value for the count (seed 000: Tarots 5, Queens 4, Knights 3, Faons 2; others 1, §9)."""
    if card in TAROTS:
        return 5
    return {"Q": 4, "N": 3, "J": 2}.get(card[:-1], 1) if suit(card) not in "TX" else 1


def is_triumph(card: str) -> bool:
    """The 21 trumps and the Mat ("vingt-deux" triomphes, seed 000)."""
    return suit(card) in "TX"


# --- building explicit deals ---------------------------------------------------------------------


def fill(partial: Sequence[Sequence[str]], dealer: int = 0,
         ok: Callable[[int, str], bool] | None = None, bottom: str | None = None) -> list[list[str]]:
    """Complete partial hands to 24 (dealer) / 21 cards with the rest of the pack, dealt round.

    The dealer's hand is ordered so that no Tarot lies in his first packet or at the bottom (no
    bottom-card bonus) unless ``bottom`` names the card to put last.
    """
    n = len(partial)
    hands = [list(h) for h in partial]
    if bottom is not None and bottom not in hands[dealer]:
        hands[dealer].append(bottom)
    used = {c for h in hands for c in h}
    assert len(used) == sum(len(h) for h in hands), "a card given twice"
    sizes = [24 if s == dealer else 21 for s in range(n)]
    turn = 0
    for card in PACK:
        if card in used:
            continue
        turn += 1
        for s in [(turn + k) % n for k in range(n)]:
            if len(hands[s]) < sizes[s] and (ok is None or ok(s, card)):
                hands[s].append(card)
                break
        else:
            if n == 3:
                raise AssertionError(f"no room for {card}")
    d = hands[dealer]
    plain = [c for c in d if c not in TAROTS and c != bottom]  # trumps II-XX included
    tarots = [c for c in d if c in TAROTS and c != bottom]
    hands[dealer] = plain[:5] + tarots + plain[5:] + ([bottom] if bottom else [])
    assert all(len(h) == sizes[s] for s, h in enumerate(hands)), [len(h) for h in hands]
    return hands


def new(hands: list[list[str]], dealer: int = 0, **options: Any) -> GameState:
    """A single deal from an explicit deal."""
    return atout.new_game(GAME, deal={"hands": hands}, dealer=dealer, **options)


def scores(g: GameState) -> list[int]:
    """The running marques (public)."""
    return list(g.observation(0).to_json()["public"]["scores"])


def delta(before: Sequence[int], after: Sequence[int]) -> list[int]:
    return [a - b for a, b in zip(after, before, strict=True)]


def texts(actions: Iterable[Any]) -> set[str]:
    return {str(a) for a in actions}


def snapshot(g: GameState) -> str:
    """Everything observable, to check that a refused action leaves the state unchanged."""
    obs = [g.observation(s).to_json() for s in range(g.to_record()["players"])]
    return json.dumps([g.to_record(), obs, texts(g.legal_actions()).__repr__(), g.phase,
                       g.current_player], sort_keys=True, default=str)


def refused(g: GameState, action: str) -> str:
    """Apply an action that must be refused; check the state is unchanged; return the message."""
    before = snapshot(g)
    with pytest.raises(IllegalAction) as info:
        g.apply(action)
    assert snapshot(g) == before
    return str(info.value)


def default_discard(g: GameState) -> str:
    """A numeral if possible (keeps honours, and so Impériales, in hand), else the first legal."""
    legal = [str(a) for a in g.legal_actions()]
    for a in legal:
        if a.split()[1] in NUMERALS:
            return a
    return legal[0]


def discard_all(g: GameState, wanted: dict[int, list[str]] | None = None) -> None:
    """Play the discard phase: the given cards for each seat, else a numeral."""
    wanted = {s: list(c) for s, c in (wanted or {}).items()}
    while g.phase == "discard":
        seat = g.current_player
        assert seat is not None
        if wanted.get(seat):
            g.apply(f"discard {wanted[seat].pop(0)}")
        else:
            g.apply(default_discard(g))


def play(g: GameState, seat: int, card: str) -> None:
    """Seat plays a card (declining any declaration first)."""
    if g.phase == "declarations" and g.current_player == seat:
        g.apply("done")
    assert g.current_player == seat, (g.current_player, seat, g.phase)
    g.apply(f"play {card}")


def play_trick(g: GameState, plays: Sequence[tuple[int, str]]) -> list[int]:
    """Play one trick card by card; return the change of the marques over it."""
    before = scores(g)
    for seat, card in plays:
        play(g, seat, card)
    return delta(before, scores(g))


def decline_to_play(g: GameState) -> None:
    """If the seat to act is declaring, say done."""
    if g.phase == "declarations":
        g.apply("done")


def hand(g: GameState, seat: int) -> list[str]:
    return list(g.observation(seat).to_json()["hand"])


def public(g: GameState) -> dict[str, Any]:
    return dict(g.observation(0).to_json()["public"])


def legal_cards(g: GameState) -> set[str]:
    return {str(a).split()[1] for a in g.legal_actions() if str(a).startswith("play ")}


# === §2, §4: the pack and the deal ===============================================================


@pytest.mark.parametrize("packets", [3, 5])
@pytest.mark.parametrize("players", [3, 2])
def test_pack_of_66_and_hand_sizes(players: int, packets: int) -> None:
    """Seed 000: remove the 10, 9, 8 of Cups and Coins and the 3, 2, Ace of Swords and Batons (66
    cards, spec §2); the dealer gets 24 cards, each other player 21, dealt "trois a trois ou cinq a
    cinq" (§4); with two, the Mort gets 21 (§11, D19)."""
    for seed in range(5):
        g = atout.new_game(GAME, players=players, seed=seed, deal_packets=packets)
        deal = g.to_record()["deal"]
        dealer = g.to_record()["dealer"]
        hands = deal["hands"] + ([deal["mort"]] if players == 2 else [])
        cards = [c for h in hands for c in h]
        assert sorted(cards) == sorted(PACK) and len(cards) == 66
        assert [len(h) for h in deal["hands"]] == [24 if s == dealer else 21 for s in range(players)]
        if players == 2:
            assert len(deal["mort"]) == 21


def test_explicit_deal_of_a_wrong_pack_is_refused() -> None:
    """Spec §2: the 66-card pack; a deal holding a removed card (the 10 of Cups) is bad input."""
    hands = fill([[], [], []])
    hands[1][0] = "10H"
    with pytest.raises(atout.AtoutError):
        new(hands)


def test_bottom_card_bonus_printed() -> None:
    """Seed 000: "s'il se trouue vn Tarot sous la main de celuy qui donne, il luy vaudra vne marque de
    chacun" (§4, D3 printed reading): a Tarot as the dealer's last (bottom) card → 1 from each."""
    g = new(fill([[], [], []], bottom="KS"))
    assert scores(g) == [2, -1, -1]  # A +1 from B and +1 from C
    g = new(fill([["T21"], [], []], bottom="7S"))  # a Tarot in hand, but not at the bottom
    assert scores(g) == [0, 0, 0]
    g = new(fill([[], [], []], dealer=2, bottom="EX"), dealer=2)
    assert scores(g) == [-1, -1, 2]


@pytest.mark.parametrize("packets,position,paid", [(3, 0, True), (3, 2, True), (3, 3, False),
                                                     (5, 4, True), (5, 5, False)])
def test_bottom_card_bonus_manuscript_first_packet(packets: int, position: int, paid: bool) -> None:
    """Seed 000, manuscript: "S'il se trouve un Tarot a la premiere main de celui qui donne il lui
    vaudra une marque de chacun" (spec §12, D3): a Tarot in the dealer's first packet (3 or 5 cards)."""
    hands = fill([[], [], []], bottom="7S")
    dealer_hand = [c for c in hands[0] if c != "KC"]
    dealer_hand.insert(position, "KC")
    others = [h for h in hands[1:]]
    if "KC" not in hands[0]:  # KC was dealt elsewhere: swap it with a numeral of the dealer's
        holder = next(h for h in others if "KC" in h)
        swap = next(c for c in dealer_hand[6:-1] if c in NUMERALS and c != "7S")
        dealer_hand.remove(swap)
        holder[holder.index("KC")] = swap
    g = new([dealer_hand, *others], variant="manuscript", deal_packets=packets)
    assert scores(g) == ([2, -1, -1] if paid else [0, 0, 0])


def test_bottom_card_bonus_manuscript_counts_once() -> None:
    """Seed 000, manuscript: "un Tarot ... une marque de chacun" — one marque however many Tarots the
    first packet holds (spec §12, D3). The bottom card plays no part in the manuscript reading."""
    hands = fill([["KS", "KH", "KD"], [], []], bottom="KC")
    hands[0] = ["KS", "KH", "KD"] + [c for c in hands[0] if c not in ("KS", "KH", "KD")]
    g = new(hands, variant="manuscript")
    assert scores(g) == [2, -1, -1]
    hands = fill([[], [], []], bottom="KC")  # printed bonus card, manuscript rules: nothing
    assert scores(new(hands, variant="manuscript")) == [0, 0, 0]


# === §5: the discard ==============================================================================


def test_discard_legal_sets_and_counts() -> None:
    """Seed 000: "vingt-quatre a celuy qui faict, & vingt & vne a chacun des autres. Cette vne, & ses
    quatre de plus que les vingt estant pour faire les escarts, sans ... escarter aucun des sept Tarots,
    ou des triomphes" (spec §5): one card for the others, four for the dealer, never a Tarot or a
    triumph; afterwards every hand holds 20 cards."""
    hands = fill([[], [], []])
    g = new(hands)
    seen = set()
    while g.phase == "discard":
        seat = g.current_player
        assert seat is not None
        held = set(hand(g, seat))
        expected = {f"discard {c}" for c in held if c not in TAROTS and not is_triumph(c)}
        assert texts(g.legal_actions()) == expected
        seen.add(seat)
        g.apply(sorted(expected)[0])
    assert seen == {0, 1, 2}
    assert public(g)["hand_sizes"] == [20, 20, 20]
    assert [len(hand(g, s)) for s in range(3)] == [20, 20, 20]


@pytest.mark.parametrize("card", ["KS", "EX", "T21", "T1", "T7"])
def test_discarding_a_tarot_or_triumph_is_refused(card: str) -> None:
    """Seed 000: "sans toutesfois qu'il soit loysible d'escarter aucun des sept Tarots, ou des
    triomphes sur peine de deux marques a chacun" — the program refuses it (spec §5, §13)."""
    g = new(fill([[], [card], []]))
    while g.current_player != 1 and g.phase == "discard":
        g.apply(default_discard(g))
    assert g.current_player == 1
    refused(g, f"discard {card}")


def test_discarding_a_card_not_held_or_two_at_once_is_refused() -> None:
    """Spec §5: `DISCARD(cards)` from one's own hand only; the count is validated (§13: no wrong
    number of discards in a program)."""
    hands = fill([[], [], []])
    g = new(hands)
    seat = g.current_player
    assert seat is not None
    other = next(c for c in hands[(seat + 1) % 3] if c in NUMERALS)
    refused(g, f"discard {other}")
    mine = [c for c in hand(g, seat) if c in NUMERALS][:2]
    with pytest.raises(atout.AtoutError):
        g.apply(f"discard {mine[0]} {mine[1]}")


def test_discard_forced_lowest_trump_face_up_no_penalty() -> None:
    """Spec §5, D4 (and its review note): a player holding only Tarots and triumphs lays aside his
    lowest trump other than the Bagat (a Tarot), face up; no 2-marque penalty."""
    eldest = ["T1"] + [f"T{n}" for n in range(2, 21)] + ["EX"]  # 21 triumphs/Tarots, no plain card
    g = new(fill([[], eldest, []]))
    while g.current_player != 1:
        g.apply(default_discard(g))
    before = scores(g)
    assert texts(g.legal_actions()) == {"discard T2"}
    g.apply("discard T2")
    assert scores(g) == before  # no penalty
    discard_all(g)
    assert "T2" in public(g)["discards_face_up"]
    for s in (0, 2):  # the face-up discard is public
        assert "T2" in json.dumps(g.observation(s).to_json()["public"])


def test_dealer_forced_discards_take_plain_cards_first_then_lowest_trumps() -> None:
    """Spec §5, D4: the dealer with two plain cards and 22 Tarots/triumphs lays aside the two plain
    cards, then his two lowest trumps above the Bagat (T2, T3)."""
    dealer = ["4S", "5S"] + ["KS", "KH", "KD", "KC", "EX", "T1"] + [f"T{n}" for n in range(2, 18)]
    g = new(fill([dealer, [], []], bottom="5S"))
    while g.current_player != 0:
        g.apply(default_discard(g))
    assert texts(g.legal_actions()) == {"discard 4S", "discard 5S"}
    g.apply("discard 4S")
    g.apply("discard 5S")
    assert texts(g.legal_actions()) == {"discard T2"}
    g.apply("discard T2")
    assert texts(g.legal_actions()) == {"discard T3"}
    g.apply("discard T3")
    assert sorted(public(g)["discards_face_up"]) == ["T2", "T3"]
