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
tribute and ransom, the Mat, card points and their settlement, the Mort) compared with the engine
action by action over 490 seeded deals (random play and the heuristic bot; ten times as many with
``ATOUT_SLOW=1``).
"""

from __future__ import annotations

import json
import os
import random
import shutil
import subprocess
import sys
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any

import pytest

import atout
from atout import IllegalAction
from atout.bots import make_bot
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
    rest = [c for c in PACK if c not in used]
    # The most constrained cards first (fewest seats accept them), then round the table.
    rest.sort(key=lambda c: sum(ok is None or ok(s, c) for s in range(n)))
    turn = 0
    for card in rest:
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


def refused(g: GameState, action: str, rule: bool = True) -> str:
    """Apply an action that must be refused; check the state is unchanged and, for a rule of the
    seed (``rule``), that the error carries a specific code and the seed citation; return the message."""
    before = snapshot(g)
    with pytest.raises(IllegalAction) as info:
        g.apply(action)
    assert snapshot(g) == before
    error = info.value
    assert error.code and error.code != "illegal" and action.split()[-1] in str(error)
    if rule:
        assert "seed 000" in str(error.params.get("cite")), (action, error.params)
    return str(error)


def default_discard(g: GameState, keep: Iterable[str] = ()) -> str:
    """A numeral not in ``keep`` if possible (keeps honours, and so Impériales), else the first legal."""
    legal = [str(a) for a in g.legal_actions()]
    keep = set(keep)
    for a in legal:
        if a.split()[1] in NUMERALS and a.split()[1] not in keep:
            return a
    return legal[0]


def discard_all(g: GameState, wanted: dict[int, list[str]] | None = None,
                keep: Iterable[str] = ()) -> None:
    """Play the discard phase: the given cards for each seat, else a numeral not in ``keep``."""
    wanted = {s: list(c) for s, c in (wanted or {}).items()}
    keep = set(keep)
    while g.phase == "discard":
        seat = g.current_player
        assert seat is not None
        if wanted.get(seat):
            g.apply(f"discard {wanted[seat].pop(0)}")
        else:
            g.apply(default_discard(g, keep))


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
    assert public(g)["shown"] == ["KS"]  # shown to claim it
    g = new(fill([["T21"], [], []], bottom="7S"))  # a Tarot in hand, but not at the bottom
    assert scores(g) == [0, 0, 0]
    assert public(g)["shown"] == []  # a plain bottom card stays the dealer's secret
    g = new(fill([[], [], []], dealer=2, bottom="EX"), dealer=2)
    assert scores(g) == [-1, -1, 2]


@pytest.mark.parametrize("packets,position,paid", [(3, 0, True), (3, 2, True), (3, 3, False),
                                                     (5, 4, True), (5, 5, False)])
def test_bottom_card_bonus_manuscript_first_packet(packets: int, position: int, paid: bool) -> None:
    """Seed 000, manuscript: "S'il se trouve un Tarot a la premiere main de celui qui donne il lui
    vaudra une marque de chacun" (spec §12, D3): a Tarot in the dealer's first packet (3 or 5 cards)."""
    hands = fill([["KC"], [], []], bottom="7S", ok=lambda s, c: s != 0 or c not in TAROTS)
    dealer_hand = [c for c in hands[0] if c != "KC"]  # no other Tarot
    dealer_hand.insert(position, "KC")
    g = new([dealer_hand, *hands[1:]], variant="manuscript", deal_packets=packets)
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
    refused(g, f"discard {other}", rule=False)
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


# === §6: declarations =============================================================================


def eldest_declaring(holding: Sequence[str], **options: Any) -> GameState:
    """A deal where the eldest (seat 1) holds ``holding`` and otherwise only numerals (no Belle),
    brought to his declarations (he is the first to play, spec §6.1, D6)."""
    hands: list[list[str]] = [[], list(holding), []]
    g = new(fill(hands, ok=lambda s, c: s != 1 or (c in NUMERALS and c != BELLE)), **options)
    discard_all(g)
    assert g.current_player == 1
    return g


def offered(g: GameState) -> set[str]:
    """The declaration items offered to the seat to act."""
    return {str(a).split()[1] for a in g.legal_actions() if str(a).startswith("declare ")}


def declare(g: GameState, item: str) -> list[int]:
    """Declare an item; return the change of the marques (each item is paid at once, §6.1)."""
    before = scores(g)
    g.apply(f"declare {item}")
    return delta(before, scores(g))


def from_each(seat: int, amount: int, players: int = 3) -> list[int]:
    """The row of "``amount`` marques from each" other player to ``seat`` (spec §1, D21)."""
    return [amount * (players - 1) if s == seat else -amount for s in range(players)]


KINGS = ["KS", "KH", "KD", "KC"]

# Spec §6.3's reference table (decision D8), one row per holding among the seven Tarots and la
# Belle: the value from each of the King/Tarot line (K_core + T(n)) plus Monde-Mat-Bagat (3).
REFERENCE_63 = [
    (["KS", "KH", "KD"], 1),  # K_core 1 + T(3) 0
    (KINGS, 4),  # 3 + T(4) 1
    ([*KINGS, "T21"], 5),  # 3 + T(5) 2  ("ne valent que trois" with five Tarots)
    ([*KINGS, "T21", "T1"], 6),  # 3 + T(6) 3
    (["KS", "KH", "EX"], 1),  # 2 Kings & the Mat: 1 + T(3) 0
    (["KS", "KH", "KD", "EX"], 2),  # 3 Kings & the Mat: 1 + T(4) 1
    ([*KINGS, "EX"], 6),  # 4 Kings & the Mat: 4 + T(5) 2
    ([*KINGS, "EX", "T21"], 7),  # 4 + T(6) 3
    (["T21", "EX", "T1"], 3),  # Monde, Mat & Bagat 3, T(3) 0
    (["T21", "EX", "T1", "KS"], 4),  # 3 + T(4) 1
    ([*KINGS, "T21", "EX", "T1"], 11),  # 4 + T(7) 4 + 3
    ([*KINGS, "T21", "EX", "T1", BELLE], 12),  # 4 + 5 (seven Tarots & la Belle) + 3
    (["KS", "T21", "T1"], 0),  # nothing (but qui n'a le sien, §6.4)
    (["KS", "KH", "T21", "T1"], 1),  # "Quatre Tarots, vn": K_core 0 + T(4) 1
    (["KS", "KH"], 0),  # two Kings alone are nothing
]


@pytest.mark.parametrize("variant", ["printed", "manuscript"])
@pytest.mark.parametrize("holding,amount", REFERENCE_63, ids=lambda x: "+".join(x) if isinstance(x, list) else str(x))
def test_kings_and_tarots_reference_table(holding: list[str], amount: int, variant: str) -> None:
    """Seed 000: "Trois Roys valent vne marque de chacun. Quatre Roys valent quatre ... autrement si
    l'on vouloit compter cinq ou six Tarots, lesdicts quatre Roys ne valent que trois ... Deux Roys &
    le Math ... vne ... Trois Roys & le Math deux. Quatre Roys & le Math six. Le Monde, le Math & le
    Bagat, trois. Quatre Tarots, vn. Cinq ... deux. Six ... trois. Sept ... quatre. Les sept Tarots &
    la belle, cinq" — spec §6.2, §6.3 (decision D8) reference values, from each other player. The
    manuscript states no reduction for four Kings; the spec keeps the same model (§12, D8)."""
    g = eldest_declaring(holding, variant=variant)
    items = offered(g) & {"rois", "monde_mat_bagat"}
    total = [0, 0, 0]
    for item in sorted(items):
        total = [t + d for t, d in zip(total, declare(g, item), strict=True)]
    assert total == from_each(1, amount)
    assert (amount == 0) == (not items)


@pytest.mark.parametrize("trumps,amount", [
    (["T5", "T7", "T9", "T10", "T11", "T12", "T13", "T14", "T15"], 0),  # nine: nothing
    (["T5", "T7", "T9", "T10", "T11", "T12", "T13", "T14", "T15", "EX"], 1),  # ten with the Mat
    ([f"T{n}" for n in range(2, 16)] + ["EX"], 2),  # fifteen
    ([f"T{n}" for n in range(2, 21)] + ["EX"], 3),  # twenty
])
def test_triumph_counts(trumps: list[str], amount: int) -> None:
    """Seed 000: "Dix triomphes valent vne marque de chacun. Quinze triomphes, deux. Vingts
    triomphes, trois"; the Mat is one of the 22 triomphes (spec §2, §6.2: "Mat included"); the
    highest line only; showing them makes them public ("Si quelqu'vn ne montre point ses dix ...")."""
    g = eldest_declaring(trumps)
    if amount == 0:
        assert "triomphes" not in offered(g)
        return
    assert declare(g, "triomphes") == from_each(1, amount)
    shown = set(public(g)["shown"])
    assert {t for t in trumps if is_triumph(t)} <= shown  # shown to the table (D6)
    assert "triomphes" not in offered(g)  # paid once


@pytest.mark.parametrize("s", "SCHD")
def test_imperiale_of_a_suit(s: str) -> None:
    """Seed 000: "Qui a les quatre honneurs de chaque point ce qui s'apelle Imperiale gaigne vne marque
    de chacun" — King, Queen, Knight and Faon of one suit (spec §6.2, "point" = suit)."""
    g = eldest_declaring([r + s for r in "KQNJ"])
    assert declare(g, f"imperiale_{SUIT_NAMES[s]}") == from_each(1, 1)


def test_imperiale_lost_by_discarding_an_honour() -> None:
    """Spec §6.1: declarations are checked against the hand after the discard; the Faon laid aside
    breaks the Impériale of Swords (seed 000: "les quatre honneurs")."""
    hands: list[list[str]] = [[], ["KS", "QS", "NS", "JS"], []]
    g = new(fill(hands, ok=lambda s, c: s != 1 or (c in NUMERALS and c != BELLE)))
    discard_all(g, {1: ["JS"]})
    assert "imperiale_epees" not in offered(g)


@pytest.mark.parametrize("rank,name", [("Q", "dames"), ("N", "cavaliers"), ("J", "faons")])
def test_imperiale_of_a_rank(rank: str, name: str) -> None:
    """Seed 000: "Qui a les quatre Roynes les quatre Cheualiers, ou les quatre Faons, qui s'appellent
    aussi Imperiale, gaigne pareillement vne marque de chacun" (spec §6.2). Three are nothing."""
    g = eldest_declaring([rank + s for s in "SCHD"])
    assert declare(g, f"imperiale_{name}") == from_each(1, 1)
    g = eldest_declaring([rank + s for s in "SCH"])
    assert not any(i.startswith("imperiale") for i in offered(g))


@pytest.mark.parametrize("length,amount", [(3, 0), (4, 1), (5, 2), (6, 3), (7, 3)])
@pytest.mark.parametrize("end", ["hautes", "basses"])
def test_brizigole(end: str, length: int, amount: int) -> None:
    """Seed 000: "les quatre hautes ou les quatre basses de triomphes, ce qui s'appelle Brizigole ...
    vne marque ... les cinq ... deux ... les six ... trois" (spec §6.2); longer runs capped at 3 (D20)."""
    run = [f"T{21 - k}" for k in range(length)] if end == "hautes" else [f"T{1 + k}" for k in range(length)]
    g = eldest_declaring(run)
    if amount == 0:
        assert f"brizigole_{end}" not in offered(g)
    else:
        assert declare(g, f"brizigole_{end}") == from_each(1, amount)


def test_brizigole_top_and_bottom_both_score_and_mat_is_not_in_a_run() -> None:
    """Spec D20: the top and the bottom runs score separately; the Mat (unnumbered) is never part of a
    Brizigole, so XXI-XX-XIX and the Mat are no Brizigole of four."""
    g = eldest_declaring(["T21", "T20", "T19", "T18", "T17", "T1", "T2", "T3", "T4"])
    assert declare(g, "brizigole_hautes") == from_each(1, 2)
    assert declare(g, "brizigole_basses") == from_each(1, 1)
    g = eldest_declaring(["T21", "T20", "T19", "EX"])
    assert "brizigole_hautes" not in offered(g)


def test_qui_n_a_le_sien() -> None:
    """Seed 000: "Si quelqu'vn n'a l'vn des trois Tarots, Monde, Math, & Bagat, il paye vne marque a
    celuy qui en a deux, & cela s'appelle qui n'a le sien" (spec §6.4, D9): only the player holding
    none pays, 1 marque, to the holder of exactly two who claims it."""
    # B (eldest) holds Monde and Mat, C holds the Bagat, A holds none: A pays B 1.
    hands: list[list[str]] = [[], ["T21", "EX"], ["T1"]]
    g = new(fill(hands, ok=lambda s, c: c not in KEYS and (s != 1 or c in NUMERALS)))
    discard_all(g)
    assert declare(g, "qui_n_a_le_sien") == [-1, 1, 0]
    # Holder of one, or of all three: no claim (the three are Monde-Mat-Bagat, D9).
    for holding in (["T21"], ["T21", "EX", "T1"]):
        assert "qui_n_a_le_sien" not in offered(eldest_declaring(holding))


def test_worked_example_t1637_1_declarations() -> None:
    """Spec T1637-1 (seed 000 table, D8, D9): A (dealer) holds the four Kings, the Mat and the Monde,
    12 triumphs with the Mat, and King-Queen-Knight-Faon of Swords; B holds the Bagat; C none of the
    three. A declares everything: K_core 4 + T(6) 3 = 7, ten triumphs 1, Impériale of Swords 1 → 9 from
    each (A +18, B -9, C -9); qui n'a le sien: C pays A 1. Expected A +19, B -9, C -10."""
    trumps = ["T21", "T19", "T17", "T16", "T15", "T14", "T13", "T12", "T11", "T10", "T9"]  # no Brizigole
    a_hand = ["4C", "5C", "6C", *KINGS, "EX", *trumps, "QS", "NS", "JS", "8C", "7C"]
    assert len(a_hand) == 24 and sum(is_triumph(c) for c in a_hand) == 12
    b_hand = ["T1"]
    g = new(fill([a_hand, b_hand, []], ok=lambda s, c: s == 1 or c in NUMERALS or c.startswith("T")))
    assert g.to_record()["deal"]["hands"][0][-1] == "7C"  # no bottom-card bonus
    discard_all(g, {0: ["4C", "5C", "6C", "7C"]})
    # B leads, C follows; then A declares before his first card.
    for seat in (1, 2):
        decline_to_play(g)
        assert g.current_player == seat
        g.apply(g.legal_actions()[0])
    assert g.current_player == 0 and g.phase == "declarations"
    assert offered(g) == {"rois", "triomphes", "imperiale_epees", "qui_n_a_le_sien"}
    before = scores(g)
    paid = {item: declare(g, item) for item in ["rois", "triomphes", "imperiale_epees", "qui_n_a_le_sien"]}
    assert paid == {"rois": from_each(0, 7), "triomphes": from_each(0, 1),
                    "imperiale_epees": from_each(0, 1), "qui_n_a_le_sien": [1, 0, -1]}
    assert delta(before, scores(g)) == [19, -9, -10]


def test_declarations_only_before_ones_first_card() -> None:
    """Seed 000: "si quelqu'vn oublie aucune de ses Imperialles, Brizigoles, trois Roys ... n'est plus
    receu à s'en souuenir" (spec §6.1, D6): after 'done' or one's first card, no declaration is
    offered and one is refused; an item not held is refused too."""
    g = eldest_declaring(["KS", "KH", "KD"])
    refused(g, "declare monde_mat_bagat")  # not held
    refused(g, "declare triomphes")
    g.apply("done")
    assert g.phase == "play" and not offered(g)
    refused(g, "declare rois")
    g.apply(g.legal_actions()[0])
    while g.current_player != 1:
        decline_to_play(g)
        g.apply(g.legal_actions()[0])
    assert not offered(g)
    refused(g, "declare rois")


def test_a_declared_item_is_paid_once() -> None:
    """Spec §6.1: each declared item is paid immediately, once."""
    g = eldest_declaring(["KS", "KH", "KD"])
    assert declare(g, "rois") == from_each(1, 1)
    assert "rois" not in offered(g)
    refused(g, "declare rois")


# === §7: trick play ===============================================================================


def ref_legal(held: Iterable[str], trick: Sequence[str]) -> set[str]:
    """Legal cards (spec §7, D11): the Mat always; follow the suit led; else trump; else anything.
    The suit to follow is fixed by the first card that is not the Mat."""
    held = set(held)
    led = next((c for c in trick if c != "EX"), None)
    if led is None:
        return held  # leading, or the Mat was led: free (D11)
    same = {c for c in held if suit(c) == suit(led)}
    if same:
        return same | (held & {"EX"})  # follow, no duty to beat
    trumps = {c for c in held if suit(c) == "T"}
    if trumps:
        return trumps | (held & {"EX"})  # void: trump, no duty to overtrump
    return held


def ref_winner(trick: Sequence[str]) -> int:
    """Index of the winning card (spec §7): the highest trump, else the highest card of the suit led;
    the Mat never wins ("ne prent point", seed 000)."""
    live = [(i, c) for i, c in enumerate(trick) if c != "EX"]
    trumps = [(strength(c), i) for i, c in live if suit(c) == "T"]
    if trumps:
        return max(trumps)[1]
    led = suit(live[0][1])
    return max((strength(c), i) for i, c in live if suit(c) == led)[1]


def test_reference_card_order_is_the_seed_order() -> None:
    """Seed 000, footnote 42: in Cups and Coins the numerals run from the Ace (just below the Faon)
    down to the 10, so the 7 is the lowest kept; Swords and Batons run 10 … 4 (spec §2)."""
    assert ref_winner(["7H", "AH", "2H"]) == 1
    assert ref_winner(["JH", "AH", "KH"]) == 2
    assert ref_winner(["4S", "10S", "9S"]) == 1
    assert ref_winner(["KS", "T2", "QS"]) == 1
    assert ref_winner(["EX", "4S", "5S"]) == 2
    assert ref_winner(["7D", "KC", "6D"]) == 2  # another suit never wins


def to_first_trick(hands: list[list[str]], discards: dict[int, list[str]] | None = None,
                   keep: Iterable[str] = (), **options: Any) -> GameState:
    """Discard (never a card of ``keep``), decline declarations: the eldest is to lead."""
    g = new(hands, **options)
    discard_all(g, discards, keep)
    decline_to_play(g)
    return g


def test_follow_suit_without_duty_to_beat() -> None:
    """Seed 000: "il n'est non plus permis de renoncer" (spec §7 rule 2, D11): holding the suit led,
    one must follow it, with a lower card as freely as a higher one; the Mat may always be played."""
    hands = fill([["QS", "4S"], ["10S", "EX"], ["KC", "8S"]])
    g = to_first_trick(hands, keep=["QS", "4S", "10S", "8S"])
    assert g.current_player == 1  # eldest leads the first trick (D10)
    assert legal_cards(g) == set(hand(g, 1))
    play(g, 1, "10S")
    decline_to_play(g)
    c_hand = hand(g, 2)
    assert legal_cards(g) == {c for c in c_hand if suit(c) == "S"}  # the Mat is with B
    refused(g, "play KC")
    play(g, 2, "8S")
    decline_to_play(g)
    a_hand = hand(g, 0)
    assert {"QS", "4S"} <= legal_cards(g)  # higher or lower, both legal
    assert legal_cards(g) == {c for c in a_hand if suit(c) == "S"} | ({"EX"} & set(a_hand))
    refused(g, f"play {next(c for c in a_hand if suit(c) not in 'SX')}")


def test_void_must_trump_without_duty_to_overtrump() -> None:
    """Seed 000: "auec les triomphes on surmonte tous les efforts des quatres peintures, quand on y
    fait des renonces" (spec §7 rule 3, D11): void in the suit led, one must play a trump if one has
    one, but need not overtrump."""
    no_spades = lambda s, c: s == 1 or suit(c) != "S"  # noqa: E731
    hands = fill([["T20", "T3", "4C"], ["10S"], ["T15", "5C"]], ok=no_spades)
    g = to_first_trick(hands, {0: ["4C"], 2: ["5C"]})
    play(g, 1, "10S")
    decline_to_play(g)
    assert legal_cards(g) == {c for c in hand(g, 2) if suit(c) in "TX"}
    refused(g, f"play {next(c for c in hand(g, 2) if suit(c) not in 'TX')}")
    play(g, 2, "T15")
    decline_to_play(g)
    assert {"T20", "T3"} <= legal_cards(g)  # under-trumping is allowed
    assert legal_cards(g) == {c for c in hand(g, 0) if suit(c) in "TX"}
    before = scores(g)
    play(g, 0, "T3")
    assert public(g)["tricks"][-1]["winner"] == 2  # T15 beats T3
    assert scores(g) == before  # no Tarot, no Belle in this trick


def test_void_in_suit_and_trumps_plays_anything() -> None:
    """Spec §7 rule 5 (D11): void in the suit led and without trumps, any card."""
    hands = fill([[], ["10S"], []], ok=lambda s, c: s != 2 or (suit(c) in "CHD" and c != BELLE))
    g = to_first_trick(hands, keep=["10S"])
    play(g, 1, "10S")
    decline_to_play(g)
    assert legal_cards(g) == set(hand(g, 2))


def test_trumps_led_must_trump_any_trump() -> None:
    """Spec §7 rule 4 (D11): trumps led, a player with trumps must play one, not necessarily higher."""
    hands = fill([["T21", "T2"], ["T10"], []])
    g = to_first_trick(hands)
    play(g, 1, "T10")
    decline_to_play(g)
    c_hand = hand(g, 2)
    assert legal_cards(g) == ref_legal(c_hand, ["T10"])
    play(g, 2, sorted(legal_cards(g))[0])
    decline_to_play(g)
    assert {"T21", "T2"} <= legal_cards(g)
    assert legal_cards(g) == {c for c in hand(g, 0) if suit(c) in "TX"}


def test_mat_led_next_card_fixes_the_suit() -> None:
    """Spec §7 (D11): "If the Mat is led, the next card played fixes the suit to follow"; the Mat
    never takes the trick (seed 000: "qui ne prent point & ne peut estre pris")."""
    hands = fill([["6S", "QS", "T9"], ["EX"], ["5S"]])
    g = to_first_trick(hands, keep=["6S", "QS", "5S"])
    play(g, 1, "EX")
    decline_to_play(g)
    assert legal_cards(g) == set(hand(g, 2))  # free
    play(g, 2, "5S")
    decline_to_play(g)
    assert legal_cards(g) == {c for c in hand(g, 0) if suit(c) == "S"} | ({"EX"} & set(hand(g, 0)))
    refused(g, "play T9")
    before = scores(g)
    play(g, 0, "QS")
    trick = public(g)["tricks"][-1]
    assert trick["winner"] == 0  # QS beats 5S; the Mat does not compete
    assert delta(before, scores(g)) == [-1, 2, -1]  # the Mat excused: its owner +1 from each (§8)


def test_card_order_in_play_and_winner_leads() -> None:
    """Seed 000 footnote 42 (spec §2, §7): in Cups the Ace is the highest numeral and the 7 the
    lowest; in Swords the 10 is the highest numeral. The winner of a trick leads the next."""
    hands = fill([["2H", "9S"], ["7H", "4S"], ["AH", "10S"]])
    g = to_first_trick(hands, keep=["2H", "9S", "7H", "4S", "AH", "10S"])
    play_trick(g, [(1, "7H"), (2, "AH"), (0, "2H")])
    assert public(g)["tricks"][-1]["winner"] == 2
    decline_to_play(g)
    assert g.current_player == 2
    play_trick(g, [(2, "10S"), (0, "9S"), (1, "4S")])
    assert public(g)["tricks"][-1]["winner"] == 2
    assert g.current_player == 2


def test_revoke_is_refused_and_state_unchanged() -> None:
    """Seed 000: "il n'est non plus permis de renoncer a ce ieu" (spec §7, §13): a card that fails to
    follow is refused with a typed error naming the rule; nothing changes."""
    hands = fill([["6S"], ["10S"], ["5S", "T4"]])
    g = to_first_trick(hands, keep=["6S", "10S", "5S"])
    play(g, 1, "10S")
    decline_to_play(g)
    message = refused(g, "play T4")
    assert "T4" in message
    refused(g, "play 6S", rule=False)  # not his card
    refused(g, "discard 5S", rule=False)  # wrong phase
    with pytest.raises(atout.AtoutError):
        g.apply("play ZZ")


# === §7.1, §8: the Mat, tribute and ransom, la Belle, the ultimo ===================================


def test_worked_example_t1637_2_tribute_ransom_and_the_mat() -> None:
    """Spec T1637-2 (seed 000: "il leur faut payer le tribut ou eux mesmes sont contraints de payer la
    rençon s'ils tombent entre les mains de leurs ennemis, c'est à dire que celuy qui les perd donne vne
    marque à chacun"; the Mat "ne prent point & ne peut estre pris"; §8, D13):
    B leads the King of Swords, C plays the 6 of Swords, A (void) trumps with XII and wins → B pays 1
    to A and to C (A +1, B -2, C +1). C leads XXI, A plays II, B plays the Mat; C wins → C +1 from A
    and from B (Monde), B +1 from A and from C (Mat excused) → A -2, B +1, C +1. (The spec's tricks 5
    and 9 are played here as tricks 1 and 3: neither is the last, which is all that matters, §8.)"""
    hands = fill([["T12", "T2", "7H"], ["KS", "5H", "EX"], ["6S", "QH", "T21"]],
                 ok=lambda s, c: s != 0 or suit(c) != "S")
    g = to_first_trick(hands, keep=["7H", "5H", "6S", "QH"])
    assert play_trick(g, [(1, "KS"), (2, "6S"), (0, "T12")]) == [1, -2, 1]
    assert public(g)["tricks"][-1]["winner"] == 0
    # A leads the 7 of Cups (lowest), B follows with the 5, C wins with the Queen: no payment.
    assert play_trick(g, [(0, "7H"), (1, "5H"), (2, "QH")]) == [0, 0, 0]
    assert play_trick(g, [(2, "T21"), (0, "T2"), (1, "EX")]) == [-2, 1, 1]
    assert public(g)["tricks"][-1]["winner"] == 2


def trick_number(g: GameState) -> int:
    return len(public(g)["tricks"]) + 1


def play_out(g: GameState, script: dict[tuple[int, int], str], reserved: dict[int, str],
             greedy_seat: int) -> dict[int, list[int]]:
    """Play to the end: the scripted (trick, seat) cards; ``greedy_seat`` plays its highest legal
    trump; the others their first legal card, keeping their ``reserved`` card for the last trick.
    Returns, per trick, the marques paid during it, card points excluded (events ``marques``)."""
    paid: dict[int, list[int]] = {}
    while not g.is_terminal():
        decline_to_play(g)
        seat = g.current_player
        assert seat is not None
        n = trick_number(g)
        legal = sorted(legal_cards(g), key=PACK.index)
        if (n, seat) in script:
            card = script[(n, seat)]
        elif seat == greedy_seat:
            card = max((c for c in legal if suit(c) == "T"), key=strength, default=legal[0])
        else:
            card = next((c for c in legal if c != reserved.get(seat)), legal[0])
        assert card in legal, (n, seat, card, legal)
        cursor = g.event_count
        g.apply(f"play {card}")
        for e in g.events(None, since=cursor):
            if e.kind == "marques" and e.data.get("reason") != "cards":
                row = paid.setdefault(n, [0] * len(e.data["row"]))
                paid[n] = [a + b for a, b in zip(row, e.data["row"], strict=True)]
    return paid


def cards_event(g: GameState) -> dict[str, Any]:
    """The card-count line of the deal (its ``marques`` event with reason ``cards``)."""
    return dict(next(e.data for e in g.events(None) if e.kind == "marques" and e.data.get("reason") == "cards"))


def a_takes_all(b_extra: Sequence[str], c_extra: Sequence[str],
                c_ok: Callable[[str], bool] = lambda c: True) -> list[list[str]]:
    """A (dealer) holds trumps XX … I and four low Swords to discard; B and C share everything else."""
    a_hand = ["4S", "5S", "6S"] + [f"T{n}" for n in range(20, 0, -1)] + ["7S"]
    return fill([a_hand, list(b_extra), list(c_extra)], ok=lambda s, c: s != 2 or c_ok(c))


def test_worked_example_t1637_3_and_a_whole_deal_counted_by_hand() -> None:
    """Spec T1637-3 (seed 000: "S'il fait le Bagat, ou vn Roy le dernier il en gaigne six"; "Celuy qui
    à laz de deniers ... gaigne vne marque de chacun en la joüant soit qu'on la perde ou qu'on ne la
    perde pas"; §8, D13): A leads the Bagat to the 20th trick, B (no trumps) plays la Belle, C (no
    trumps) the Queen of Cups; A wins. Belle B +1 from each; Bagat tribute A +1 from each; ultimo A +6
    from each → A +13, B -5, C -8.

    The whole deal by hand (spec §4, §7.1, §8, §9, D5, D12, D16): A holds XX … I, B the Monde, KS, KC and
    la Belle, C the Mat, KH, KD. Trick 1: B leads XXI, C plays the Mat, A XX: B +1 from each (Monde),
    C +1 from each (Mat excused) → A -2, B +1, C +1. A trumps or leads every later trick and wins it:
    the four Kings are captured → B pays 2 to each, C pays 2 to each → A +4, B -2, C -2.
    Card points: B = XXI, XX + discard QS: 5+1+4 - 2 = 8; C = Mat + discard NS: 5+3 - 4/3 = 6.67 → 7;
    A = the other 61 cards: (118 - 10 - 8) - 122/3 = 59.33 → 59 (8 + 7 + 59 = 74). B loses 17 → 3,
    C loses 18 → 3, both to A → A +6, B -3, C -3.
    Total: A -2 + 4 + 13 + 6 = 21; B 1 - 2 - 5 - 3 = -9; C 1 - 2 - 8 - 3 = -12."""
    hands = a_takes_all(["T21", "KS", "KC", BELLE, "QS"], ["EX", "KH", "KD", "QH", "NS"])
    g = new(hands)
    assert scores(g) == [0, 0, 0]  # bottom card 7S: no bonus
    discard_all(g, {0: ["4S", "5S", "6S", "7S"], 1: ["QS"], 2: ["NS"]})
    paid = play_out(g, {(1, 1): "T21", (1, 2): "EX", (1, 0): "T20", (2, 1): "KS"},
                    {1: BELLE, 2: "QH"}, greedy_seat=0)
    last = public(g)["tricks"][-1]
    assert [c for _, c in last["cards"]] == ["T1", BELLE, "QH"] and last["winner"] == 0
    assert paid[20] == [13, -5, -8]
    assert paid[1] == [-2, 1, 1]
    assert sum(p[0] for n, p in paid.items() if 1 < n < 20) == 4
    counted = cards_event(g)
    assert counted["points"] == [59, 8, 7]
    assert counted["row"] == [6, -3, -3]
    assert g.returns() == [21, -9, -12]


def test_worked_example_t1637_6a_mat_kept_to_the_last_trick() -> None:
    """Spec T1637-6(a), §7.1, D12 (seed 000: "Celuy qui ne s'est point excusé en joüant en paye deux à
    chacun"; manuscript: "& le garde a la derniere paie deux marques a chacun"): B plays the Mat to the
    20th trick → B pays 2 to each, no tribute (A +2, B -4, C +2), and the Mat still returns to B.
    With A's Bagat tribute (+1 from each) and ultimo (+6 from each) the 20th trick pays
    A 2+2+12 = 16, B -4-1-6 = -11, C 2-1-6 = -5.
    Card points: B = discard (a numeral) + the Mat: 1+5 - 4/3 = 4.67 → 5; C = trick 1 (8S, XXI, XX)
    + a numeral discard: 8 - 8/3 = 5.33 → 5; A = 60 cards: 104 - 40 = 64."""
    hands = a_takes_all(["EX", "8S"], ["T21", "4H"], c_ok=lambda c: suit(c) != "S")
    g = new(hands)
    discard_all(g, {0: ["4S", "5S", "6S", "7S"]}, keep=["8S", "4H"])
    start = g.event_count
    paid = play_out(g, {(1, 1): "8S", (1, 2): "T21", (1, 0): "T20"}, {1: "EX", 2: "4H"}, greedy_seat=0)
    last = public(g)["tricks"][-1]
    assert [c for _, c in last["cards"]] == ["T1", "EX", "4H"] and last["winner"] == 0
    assert paid[20] == [16, -11, -5]
    mat_lines = [e.data for e in g.events(None, since=start) if e.kind == "marques" and e.data.get("card") == "EX"]
    assert [line["row"] for line in mat_lines] == [[2, -4, 2]]
    assert cards_event(g)["points"] == [64, 5, 5]


@pytest.mark.parametrize("king", ["KS", "KH"])
def test_ultimo_with_a_king(king: str) -> None:
    """Seed 000: "S'il fait le Bagat, ou vn Roy le dernier il en gaigne six" (spec §8): a King that
    wins the 20th trick earns its tribute (1 from each) and the ultimo (6 from each), B and C holding
    no trump any more: A +2+12 = 14, B -1-6 = -7, C -1-6 = -7."""
    a_hand = ["4S", "5S", "6S"] + [f"T{n}" for n in range(20, 1, -1)] + [king, "7S"]
    hands = fill([a_hand, ["T21", "T1", "4H"], ["EX", "5H"]])
    g = new(hands)
    discard_all(g, {0: ["4S", "5S", "6S", "7S"]}, keep=["4H", "5H"])
    # Trick 1: B leads XXI, C plays the Mat, A XX. Trick 2: B leads I, A takes it with XIX. Then A
    # leads XVIII … II and the King last.
    paid = play_out(g, {(1, 1): "T21", (1, 2): "EX", (1, 0): "T20", (2, 1): "T1", (2, 0): "T19"},
                    {1: "4H", 2: "5H"}, greedy_seat=0)
    last = public(g)["tricks"][-1]
    assert last["cards"] == [[0, king], [1, "4H"], [2, "5H"]] and last["winner"] == 0
    assert paid[20] == [14, -7, -7]
    assert paid[2] == [1, -2, 1]  # the Bagat captured: B pays 1 to each (ransom)


# === §9: card points and their settlement (reference functions and worked examples) ===============


def ref_points(pile: Sequence[str]) -> int:
    """Spec §9, D16: sum of values − 2/3 × cards, rounded to the nearest (x.33 down, x.67 up)."""
    thirds = 3 * sum(value(c) for c in pile) - 2 * len(pile)
    return (thirds + 1) // 3


def ref_settlement(points: Sequence[int], eldest: int) -> list[int]:
    """Spec §9 (seed 000: "s'il en perd cinq il payera vne marque à celuy qui les gaignera ...") and
    D17: each player below par 25 pays floor(loss / 5); the players above 25 receive it, shared in
    proportion to their surplus by largest remainder (ties: larger surplus, then nearer eldest).
    Two players (§11, D19): the weaker pays floor(difference / 2 / 5) to the other."""
    n = len(points)
    if n == 2:
        diff = abs(points[0] - points[1])
        stronger = 0 if points[0] > points[1] else 1
        paid = diff // 10
        return [paid if s == stronger else -paid for s in range(2)] if diff else [0, 0]
    owed = [max(0, 25 - p) // 5 for p in points]
    gainers = [s for s in range(n) if points[s] > 25]
    total = sum(owed)
    row = [-o for o in owed]
    if total == 0:
        return [0] * n
    surplus = {s: points[s] - 25 for s in gainers}
    whole = sum(surplus.values())
    shares = {s: total * surplus[s] // whole for s in gainers}
    left = total - sum(shares.values())
    by_remainder = sorted(gainers, key=lambda s: (-(total * surplus[s] % whole), -surplus[s], (s - eldest) % n))
    for s in by_remainder[:left]:
        shares[s] += 1
    for s in gainers:
        row[s] += shares[s]
    return row


def test_reference_count_worked_example_t1637_4() -> None:
    """Spec T1637-4 (seed 000: "chacun des sept Tarots vaut cinq points, s'il est joinct auec deux
    autres cartes de nulle valeur. Les Roynes valent quatre : les Cheualiers trois, & les Faons deux
    ... Et vne main toute simple vaut vn point"): A's 22 cards = Monde, KS, KH, QD, NC, JS and 16
    valueless: (5+5+5+4+3+2) + 16 − 44/3 = 25.33 → 25. With B 32 and C 17 (total 74): A loses
    nothing, C loses 8 → 1 marque, all to B, the only player above 25 → A 0, B +1, C −1."""
    valueless = ["4S", "5S", "6S", "7S", "8S", "9S", "10S", "4C", "5C", "6C", "7C", "8C", "T2", "T3", "T4", "T5"]
    pile = ["T21", "KS", "KH", "QD", "NC", "JS", *valueless]
    assert len(pile) == 22 and ref_points(pile) == 25
    assert ref_points(["2H"] * 3) == 1 and ref_points(["2H"]) == 0 and ref_points(["2H"] * 2) == 1
    assert ref_settlement([25, 32, 17], eldest=1) == [0, 1, -1]


def test_reference_settlement_worked_example_t1637_5_and_schedule() -> None:
    """Spec T1637-5, D17: points A 30, B 29, C 15; C loses 10 → 2 marques; surpluses 5 and 4, quotas
    1.11 and 0.89 → A 1, B 1. The seed's schedule: "s'il n'en perd que trois ou quatre il ne payera
    rien ... sept, huict, ou neuf ... qu'vne marque"; manuscript "12, 13, ou 14 ... 2 marques";
    "s'il en perd quinze, il payera trois"."""
    assert ref_settlement([30, 29, 15], eldest=1) == [1, 1, -2]
    # D17 ties: equal surpluses and one marque → the gainer nearer eldest (eldest first, then his right).
    assert ref_settlement([18, 28, 28], eldest=0) == [-1, 1, 0]
    assert ref_settlement([18, 28, 28], eldest=2) == [-1, 0, 1]
    for loss, marques in [(3, 0), (4, 0), (5, 1), (7, 1), (9, 1), (10, 2), (12, 2), (14, 2), (15, 3)]:
        assert ref_settlement([25 + loss, 49 - loss, 25 - loss][:3], eldest=1)[2] == -marques


def test_reference_settlement_worked_example_t1637_7_mort() -> None:
    """Spec T1637-7 (§11, D19): with the Mort, A 44 and B 28 → B's loss (44 − 28)/2 = 8 → 1 marque."""
    assert ref_settlement([44, 28], eldest=1) == [1, -1]


# === the reference model, compared with the engine over random seeded deals ========================


def ref_items(held: set[str], others: Sequence[set[str]]) -> dict[str, int]:
    """Declarable items and their value from each (spec §6.2–§6.4, D8, D9, D20); ``others`` are the
    other players' hands after the discard (the Mort is no player)."""
    items: dict[str, int] = {}
    kings = sum(k in held for k in KINGS)
    mat = "EX" in held
    n = len(held & TAROTS)
    t = {4: 1, 5: 2, 6: 3, 7: 4}.get(n, 0)
    if n == 7 and BELLE in held:
        t = 5
    k = (4 if mat else 3) if kings == 4 else 1 if kings == 3 or (kings == 2 and mat) else 0
    if k + t:
        items["rois"] = k + t
    if KEYS <= held:
        items["monde_mat_bagat"] = 3
    tri = sum(is_triumph(c) for c in held)
    if tri >= 10:
        items["triomphes"] = 3 if tri >= 20 else 2 if tri >= 15 else 1
    for s in "SCHD":
        if all(r + s in held for r in "KQNJ"):
            items[f"imperiale_{SUIT_NAMES[s]}"] = 1
    for r, name in (("Q", "dames"), ("N", "cavaliers"), ("J", "faons")):
        if all(r + s in held for s in "SCHD"):
            items[f"imperiale_{name}"] = 1
    for name, first, step in (("hautes", 21, -1), ("basses", 1, 1)):
        length = 0
        while f"T{first + step * length}" in held:
            length += 1
        if length >= 4:
            items[f"brizigole_{name}"] = min(length, 6) - 3
    # Three players: someone always holds none of the three. Two players: the engine offers the claim
    # whenever the holder has exactly two, paid only if the other live player has none (the Mort
    # pays nothing, §11); a claim worth nothing is harmless, so the reference follows it.
    if len(held & KEYS) == 2 and (len(others) == 1 or any(not (o & KEYS) for o in others)):
        items["qui_n_a_le_sien"] = 1
    return items


class Shadow:
    """An independent re-play of one deal: legal actions, trick winners, every payment, card points."""

    def __init__(self, record: dict[str, Any]) -> None:
        self.n = record["players"]
        self.dealer = record["dealer"]
        self.eldest = (self.dealer + 1) % self.n
        deal = record["deal"]
        self.held = [set(h) for h in deal["hands"]]
        self.row = [0] * self.n
        self.discards: list[list[str]] = [[] for _ in range(self.n)]
        self.piles: list[list[str]] = [[] for _ in range(self.n)]
        self.trick: list[tuple[int, str]] = []
        self.tricks = 0
        self.winners: list[int] = []
        self.declared: list[set[str]] = [set() for _ in range(self.n)]
        self.after_discard: list[set[str]] | None = None
        self.exchange = bool(record["options"].get("mat_exchange_card", False))
        self.mat_went: tuple[int, int] | None = None  # (owner, winner of the trick it went to)
        self.seen: Counter[str] = Counter()  # which rules this deal exercised
        packet = record["options"]["deal_packets"]
        dealt = deal["hands"][self.dealer]
        bonus = (any(c in TAROTS for c in dealt[:packet]) if record["variant"] == "manuscript"
                 else dealt[-1] in TAROTS)  # D3
        if bonus:
            self.pay(self.dealer, 1)

    def pay(self, seat: int, amount: int) -> None:
        """``amount`` from each other player to ``seat`` (negative: to each, D21)."""
        for s in range(self.n):
            self.row[s] += amount * (self.n - 1) if s == seat else -amount

    def legal(self, seat: int, phase: str) -> set[str]:
        held = self.held[seat]
        if phase != "discard" and self.after_discard is None:
            self.after_discard = [set(h) for h in self.held]
        if phase == "discard":
            free = {c for c in held if c not in TAROTS and not is_triumph(c)}
            forced = min((c for c in held if suit(c) == "T" and c != "T1"), key=strength, default=None)
            return {f"discard {c}" for c in free} if free else {f"discard {forced}"}
        if phase == "declarations":
            assert self.after_discard is not None
            others = [h for s, h in enumerate(self.after_discard) if s != seat]
            items = set(ref_items(held, others)) - self.declared[seat]
            return {f"declare {i}" for i in items} | {"done"}
        return {f"play {c}" for c in ref_legal(held, [c for _, c in self.trick])}

    def apply(self, seat: int, text: str, mort_card: str | None) -> None:
        verb, *args = text.split()
        if verb != "discard" and self.after_discard is None:
            self.after_discard = [set(h) for h in self.held]
        if verb == "discard":
            self.held[seat].remove(args[0])
            self.discards[seat].append(args[0])
        elif verb == "declare":
            assert self.after_discard is not None
            others = [h for s, h in enumerate(self.after_discard) if s != seat]
            amount = ref_items(self.held[seat], others)[args[0]]
            self.declared[seat].add(args[0])
            self.seen[f"declare {args[0]}"] += 1
            if args[0] == "qui_n_a_le_sien":
                payer = next((s for s in range(self.n) if s != seat and not (self.after_discard[s] & KEYS)), None)
                if payer is not None:
                    self.row[seat] += 1
                    self.row[payer] -= 1
            else:
                self.pay(seat, amount)
        elif verb == "play":
            self.held[seat].remove(args[0])
            self.trick.append((seat, args[0]))
            if len(self.trick) == min(self.n, 3) and (self.n == 3 or mort_card is not None):
                self.end_trick(mort_card)

    def end_trick(self, mort_card: str | None) -> None:
        """Spec §7, §7.1, §8 (D12, D13) and §11 (D19: the Mort's card does not compete, pays nothing)."""
        last = self.tricks == 19
        cards = [c for _, c in self.trick]
        winner = self.trick[ref_winner(cards)][0]
        for seat, card in self.trick:
            if card == "EX":
                self.pay(seat, -2 if last else 1)  # kept to the end: 2 to each; else excused
                self.seen["mat kept to the end" if last else "mat excused"] += 1
                self.piles[seat].append(card)  # the Mat returns to its owner (seed 000, D12)
                self.mat_went = (seat, winner)
                continue
            if card in TAROTS:
                self.pay(seat, 1 if seat == winner else -1)  # tribute / ransom
                self.seen["tribute" if seat == winner else "ransom"] += 1
            if card == BELLE:
                self.pay(seat, 1)
                self.seen["belle"] += 1
            self.piles[winner].append(card)
        win_card = cards[ref_winner(cards)]
        if last and (win_card == "T1" or win_card in KINGS):
            self.pay(winner, 6)  # ultimo
            self.seen["ultimo"] += 1
        if mort_card is not None:
            self.piles[winner].append(mort_card)
        self.winners.append(winner)
        self.trick = []
        self.tricks += 1

    def points(self) -> list[int]:
        piles = [self.piles[s] + self.discards[s] for s in range(self.n)]
        if self.exchange and self.mat_went is not None:
            # D7 option: the owner gives the trick's winner his lowest-value card (a won card, else
            # one of his discard: docs/tarot1637.md); only its value matters to the count.
            owner, winner = self.mat_went
            won = [c for c in self.piles[owner] if c != "EX"]
            given = min(won or self.discards[owner], key=value)
            piles[owner].remove(given)
            piles[winner].append(given)
        return [ref_points(p) for p in piles]

    def result(self) -> list[int]:
        settle = ref_settlement(self.points(), self.eldest)
        return [r + x for r, x in zip(self.row, settle, strict=True)]


def shadow_playout(g: GameState, seed: int, bot: str = "random") -> tuple[Shadow, list[str]]:
    """Play a deal with random legal actions (or the given bot at every seat), checking every legal
    set against the shadow; return the shadow and a list of disagreements (empty when they agree)."""
    rng = random.Random(seed)
    players = g.to_record()["players"]
    bots = [make_bot(GAME, bot, seed=seed * 10 + s) for s in range(players)] if bot != "random" else []
    shadow = Shadow(g.to_record())
    problems: list[str] = []
    while not g.is_terminal():
        seat = g.current_player
        assert seat is not None
        legal = texts(g.legal_actions())
        expected = shadow.legal(seat, g.phase)
        if legal != expected:
            problems.append(f"seed {seed} {g.phase} seat {seat}: engine {sorted(legal - expected)} "
                            f"extra, {sorted(expected - legal)} missing")
            return shadow, problems
        action = str(bots[seat].act(g.observation(seat))) if bots else rng.choice(sorted(legal))
        cursor = g.event_count
        g.apply(action)
        mort = next((e.data["card"] for e in g.events(None, since=cursor) if e.kind == "mort_card"), None)
        shadow.apply(seat, action, mort)
        if action.startswith("play") and not shadow.trick:
            engine_winner = public(g)["tricks"][-1]["winner"] if not g.is_terminal() else None
            if engine_winner is not None and engine_winner != shadow.winners[-1]:
                problems.append(f"seed {seed} trick {shadow.tricks}: winner {engine_winner} vs {shadow.winners[-1]}")
    tricks = g.observation(0).to_json()["public"]["tricks"]
    if [t["winner"] for t in tricks] != shadow.winners:
        problems.append(f"seed {seed}: winners {[t['winner'] for t in tricks]} vs {shadow.winners}")
    counted = cards_event(g)
    if counted["points"] != shadow.points():
        problems.append(f"seed {seed}: points {counted['points']} vs {shadow.points()}")
    if list(g.returns()) != shadow.result():
        problems.append(f"seed {seed}: returns {list(g.returns())} vs {shadow.result()}")
    return shadow, problems


SLOW = os.environ.get("ATOUT_SLOW") == "1"  # ten times the deals


@pytest.mark.parametrize("options,seeds", [
    ({}, range(150)),
    ({"variant": "manuscript", "deal_packets": 5}, range(1000, 1060)),
    ({"deal_packets": 5}, range(2000, 2040)),
    ({"players": 2}, range(3000, 3080)),
    ({"mat_exchange_card": True}, range(4000, 4040)),
    ({"players": 2, "variant": "manuscript", "mat_exchange_card": True}, range(5000, 5030)),
])
def test_reference_model_agrees_over_random_deals(options: dict[str, Any], seeds: range) -> None:
    """Spec §4–§9, §11, §12 (seed 000 throughout): over random seeded deals with random legal play,
    the legal actions (discards, declarations, cards), the trick winners, every payment (bottom card,
    declarations, tribute, ransom, la Belle, the Mat, ultimo), the card points and the settlement all
    match the reference model above; every deal is zero-sum; three-handed counts total 74 (§9)."""
    problems: list[str] = []
    two_gainers = ties = 0
    seen: Counter[str] = Counter()
    for seed in range(seeds.start, seeds.start + len(seeds) * (10 if SLOW else 1)):
        g = atout.new_game(GAME, seed=seed, **options)
        shadow, found = shadow_playout(g, seed)
        problems += found
        seen += shadow.seen
        assert sum(g.returns()) == 0
        points = shadow.points()
        if shadow.n == 3:
            assert sum(points) == (73 if shadow.exchange else 74)
            surplus = [p - 25 for p in points if p > 25]
            two_gainers += len(surplus) == 2
            ties += len(surplus) == 2 and surplus[0] == surplus[1] and sum(max(0, 25 - p) // 5 for p in points) % 2 == 1
    assert not problems, "\n".join(problems[:10])
    if options == {}:
        assert two_gainers >= 5 and ties >= 1  # the D17 sharing and its tie-break were exercised
        exercised = {"tribute", "ransom", "belle", "mat excused", "mat kept to the end", "ultimo",
                     "declare rois", "declare triomphes", "declare qui_n_a_le_sien"}
        assert exercised <= set(seen), exercised - set(seen)


@pytest.mark.parametrize("players,deals", [(3, 60), (2, 30)])
def test_reference_model_agrees_with_heuristic_bots_playing(players: int, deals: int) -> None:
    """The same comparison as above with the heuristic bot at every seat: it declares everything and
    plays for tricks, the ultimo and its Tarots, lines random play rarely reaches (spec §6–§9, §11)."""
    problems: list[str] = []
    seen: Counter[str] = Counter()
    for seed in range(6000, 6000 + deals * (10 if SLOW else 1)):
        g = atout.new_game(GAME, players=players, seed=seed)
        shadow, found = shadow_playout(g, seed, bot="heuristic")
        problems += found
        seen += shadow.seen
        assert sum(g.returns()) == 0
    assert not problems, "\n".join(problems[:10])
    assert {"declare rois", "declare triomphes", "declare qui_n_a_le_sien", "tribute"} <= set(seen)


# === invariants over random deals: hidden information, piles, records, the Mort ==================


def hidden_from(g: GameState, seat: int, discards: list[list[str]], face_up: set[str]) -> set[str]:
    """Cards ``seat`` may not know: the others' hands except what was shown, their face-down
    discards, and the Mort's undrawn cards (seed 000: the dealer may look only at the bottom card)."""
    record = g.to_record()
    n = record["players"]
    pub = public(g)
    shown = set(pub["shown"]) | face_up
    hidden: set[str] = set()
    for other in range(n):
        if other != seat:
            hidden |= set(hand(g, other)) - shown
            hidden |= set(discards[other]) - face_up
    if n == 2:
        drawn = {c for t in pub["tricks"] for p, c in t["cards"] if p == -1}
        hidden |= set(record["deal"]["mort"]) - drawn
    return hidden


@pytest.mark.parametrize("options", [{}, {"players": 2}, {"variant": "manuscript", "deal_packets": 5}])
def test_no_hidden_card_in_any_observation_or_event(options: dict[str, Any]) -> None:
    """Spec §4 (seed 000: "n'est pas permis de les regarder sinon celle de dessous"), §5 (discards face
    down), §11 (the Mort face down): at every step, no observation, no event a seat may see and no
    ``known_cards`` of a seat holds another seat's hidden card, a face-down discard or an undrawn card
    of the Mort."""
    for seed in range(12):
        g = atout.new_game(GAME, seed=500 + seed, **options)
        n = g.to_record()["players"]
        rng = random.Random(seed)
        discards: list[list[str]] = [[] for _ in range(n)]
        seen_events = 0
        while not g.is_terminal():
            face_up = set(public(g)["discards_face_up"])
            for seat in range(n):
                hidden = hidden_from(g, seat, discards, face_up)
                obs = g.observation(seat).to_json()
                others = {k: v for k, v in obs.items() if k != "hand"}
                leak = codes_in(json.dumps(others)) & hidden
                assert not leak, (seed, seat, leak)
                assert not g.known_cards(seat) & sum(atout.Card.parse(c).bit for c in hidden)
                for e in g.events(seat, since=seen_events):  # public ones included
                    if e.kind == "cut":
                        continue  # cut before the shuffle: see test_the_cut_reveals_nothing
                    leak = codes_in(json.dumps(e.to_json())) & hidden
                    assert not leak, (seed, seat, e, leak)
            seen_events = g.event_count
            actor = g.current_player
            assert actor is not None
            action = rng.choice(sorted(texts(g.legal_actions())))
            if action.startswith("discard"):
                discards[actor].append(action.split()[1])
            g.apply(action)


@pytest.mark.parametrize("exchange", [False, True])
def test_pile_sizes_and_total_points(exchange: bool) -> None:
    """Spec §9 (test invariant) and §7.1 (D7): discards 1, 1, 4 and tricks of three, the Mat going back
    to its owner: the piles hold 3k+2, 3k and 3k+1 cards and the rounded counts total 74; with
    ``mat_exchange_card=True`` every pile holds 3k+1 cards and they total 73."""
    for seed in range(40):
        g = atout.new_game(GAME, seed=seed, mat_exchange_card=exchange)
        rng = random.Random(seed)
        while not g.is_terminal():
            g.apply(rng.choice(sorted(texts(g.legal_actions()))))
        counted = cards_event(g)
        sizes = counted["pile_sizes"]
        assert sum(sizes) == 66
        if exchange:
            assert sorted(s % 3 for s in sizes) == [1, 1, 1] and sum(counted["points"]) == 73
        else:
            assert sorted(s % 3 for s in sizes) == [0, 1, 2] and sum(counted["points"]) == 74
        assert sum(g.returns()) == 0


def test_mort_cards_drawn_once_each_and_count_for_nobody_when_set_aside() -> None:
    """Spec §11 (seed 000: "le Mort, duquel l'on tire selon le hazard autant de cartes que les autres
    font de mains pour estre emportées par celuy qui est le plus fort"; D19): every trick holds one
    card of the Mort's hand, 20 different ones; the 21st is set aside and counted for nobody; the
    piles hold 65 cards; marques flow only between the two live players (zero-sum)."""
    for seed in range(20):
        g = atout.new_game(GAME, players=2, seed=seed)
        mort = set(g.to_record()["deal"]["mort"])
        rng = random.Random(seed)
        while not g.is_terminal():
            g.apply(rng.choice(sorted(texts(g.legal_actions()))))
        tricks = public(g)["tricks"]
        drawn = [c for t in tricks for p, c in t["cards"] if p == -1]
        assert len(tricks) == 20 and len(drawn) == 20 and len(set(drawn)) == 20 and set(drawn) <= mort
        assert all(sorted(p for p, _ in t["cards"]) == [-1, 0, 1] for t in tricks)
        assert sum(cards_event(g)["pile_sizes"]) == 65
        assert sum(g.returns()) == 0


def test_record_round_trip_and_replay() -> None:
    """Records (docs/records.md): a finished deal's record replays to the same returns, for each
    ruleset and player count."""
    for options in ({}, {"players": 2}, {"variant": "manuscript"}, {"deals": 3}):
        g = atout.new_game(GAME, seed=77, **options)
        rng = random.Random(77)
        while not g.is_terminal():
            g.apply(rng.choice(sorted(texts(g.legal_actions()))))
        record = atout.loads(atout.dumps(g.to_record()))
        assert list(atout.replay(record).returns()) == list(g.returns())


def test_deal_scored_event_holds_every_component() -> None:
    """The project's brief (deal_scored) and spec §9: the deal's scored event holds every line (each
    with its row) and the card points, so the score can be checked by hand; the lines add up."""
    g = atout.new_game(GAME, seed=8)
    rng = random.Random(8)
    while not g.is_terminal():
        g.apply(rng.choice(sorted(texts(g.legal_actions()))))
    scored = [e.data for e in g.events(None) if e.kind == "deal_scored"]
    assert len(scored) == 1
    lines = scored[0]["lines"]
    assert [sum(col) for col in zip(*(line["row"] for line in lines), strict=True)] == list(g.returns())
    assert any(line["reason"] == "cards" and "points" in line for line in lines)


def test_match_dealer_rotation_and_totals() -> None:
    """Spec §3 ("After each deal the deal passes to the next player (anticlockwise)") and §10 (D15):
    over three deals each player deals once; the totals are the sum of the deals' rows."""
    g = atout.new_game(GAME, seed=5, deals=3)
    rng = random.Random(5)
    dealers = [g.dealer]
    while not g.is_terminal():
        g.apply(rng.choice(sorted(texts(g.legal_actions()))))
        if not g.is_terminal() and g.dealer != dealers[-1]:
            dealers.append(g.dealer)
    assert dealers == [dealers[0], (dealers[0] + 1) % 3, (dealers[0] + 2) % 3]
    sheet = g.sheet()
    assert len(sheet) == 3
    assert [sum(col) for col in zip(*sheet, strict=True)] == list(g.returns())


def cut_rank(card: str) -> int:
    """Seed 000: "s'il se rencontre quelque triomphe elle sera plus estimée qu'aucune des cartes du
    point, sinon le Math qui ne vaut rien du tout en ce rencontre" (spec §3, D1: suits equal)."""
    if card == "EX":
        return 0
    return 100 + strength(card) if suit(card) == "T" else strength(card)


@pytest.mark.parametrize("players", [3, 2])
def test_cut_for_the_deal(players: int) -> None:
    """Spec §3, D1: each player cuts; the highest card deals (a trump beats every suit card, the Mat
    is worth nothing); a tie for the highest is cut again (suits equal: the 4 of Cups ties the 7 of
    Swords, both eighth of their suit)."""
    recuts = 0
    for seed in range(60):
        g = atout.new_game(GAME, players=players, seed=seed)
        cuts = [e.data for e in g.events(None) if e.kind == "cut"]
        assert len(cuts) == 1  # the spec allows a draw by lot instead; this engine cuts (its doc)
        rounds = cuts[0]["rounds"]
        recuts += len(rounds) > 1
        for i, rnd in enumerate(rounds):
            ranks = [cut_rank(c) for _, c in rnd]
            top = max(ranks)
            if i < len(rounds) - 1:
                assert ranks.count(top) > 1  # recut only on a tie
            else:
                assert ranks.count(top) == 1
                assert cuts[0]["dealer"] == rnd[ranks.index(top)][0] == g.dealer
    assert recuts >= 1  # the tie rule was exercised


def test_the_cut_reveals_nothing_about_the_deal() -> None:
    """Spec §3: the cut is public, but the pack is then shuffled and dealt: the card a player cut is
    in his own hand about as often as chance gives (21 or 24 of 66 cards), not always."""
    own = total = 0
    for seed in range(300):
        g = atout.new_game(GAME, seed=seed)
        cuts = [e.data for e in g.events(None) if e.kind == "cut"]
        hands = g.to_record()["deal"]["hands"]
        for rnd in cuts[0]["rounds"]:
            for seat, card in rnd:
                own += card in hands[seat]
                total += 1
    assert total >= 900 and 0.2 < own / total < 0.5  # chance: 22/66 = 0.33


def test_bad_options_are_refused() -> None:
    """Spec options: players 3 or 2 (§11), deal_packets 3 or 5 (seed 000: "trois a trois ou cinq a
    cinq"), ruleset printed or manuscript (§12): anything else is a ValueError naming the choices."""
    for bad in ({"players": 4}, {"deal_packets": 4}, {"variant": "modern"}):
        with pytest.raises(ValueError):
            atout.new_game(GAME, seed=1, **bad)


# === §12 misdeal, §11 the Mort from an explicit deal ===============================================


def test_worked_example_t1637_6b_misdeal() -> None:
    """Spec T1637-6(b), §12 (seed 000: "Si l'on donne mal tout de mesme, on perd le coup"; manuscript:
    "Qui donne mal pert le coup, & paie une marque a chacun"): a recorded misdeal by A; manuscript:
    A -2, B +1, C +1; printed: 0 for everyone. Either way A loses the deal: B deals next (§3)."""
    nxt = {"hands": fill([[], [], []], dealer=1)}
    for variant, row in (("manuscript", [-2, 1, 1]), ("printed", [0, 0, 0])):
        g = atout.new_game(GAME, deal=[{"misdeal": True}, nxt], dealer=0, deals=3, variant=variant)
        assert g.sheet()[0] == row
        assert g.dealer == 1 and g.phase == "discard"


def test_mort_from_an_explicit_deal() -> None:
    """Spec §11, D19 (seed 000: "le Mort, duquel l'on tire selon le hazard autant de cartes que les
    autres font de mains pour estre emportées par celuy qui est le plus fort"): the Mort's first card
    is set aside unseen and never played; its card in a trick does not compete and earns or costs
    nothing (its King is no tribute, no ransom); the bottom-card bonus is paid by the other live player
    only (1 from each = 1 from B)."""
    a_hand = ["5C", "6C", "7C"]
    b_hand = ["4C"]
    hands = fill([a_hand, b_hand], bottom="KC", ok=lambda s, c: c not in ("KS", "KH"))
    used = {c for h in hands for c in h}
    mort = ["KS", "KH"] + [c for c in PACK if c not in used and c not in ("KS", "KH")]
    assert len(mort) == 21
    g = atout.new_game(GAME, players=2, deal={"hands": hands, "mort": mort}, dealer=0)
    assert scores(g) == [1, -1]
    discard_all(g, keep=["5C", "4C"])
    decline_to_play(g)
    assert play_trick(g, [(1, "4C"), (0, "5C")]) == [0, 0]  # A's 5 of Batons beats the 4
    trick = public(g)["tricks"][-1]
    assert trick["cards"] == [[1, "4C"], [0, "5C"], [-1, "KH"]] and trick["winner"] == 0
    rng = random.Random(1)
    while not g.is_terminal():
        g.apply(rng.choice(sorted(texts(g.legal_actions()))))
    played = {c for t in public(g)["tricks"] for _, c in t["cards"]}
    assert "KS" not in played
    assert not [e for e in g.events(None) if e.kind == "marques" and e.data.get("card") in ("KS", "KH")]


# === the CLI, black box ============================================================================

RECORD = Path(__file__).parent / "records" / "tarot1637-independent" / "a_takes_all_t1637_3.json"


def run_cli(*args: str) -> subprocess.CompletedProcess[str]:
    """The installed ``atout`` command, as a user runs it."""
    command = shutil.which("atout") or str(Path(sys.executable).with_name("atout"))
    return subprocess.run([command, *args], capture_output=True, text=True, timeout=120, check=False)


def test_cli_replays_the_hand_counted_record_and_refuses_a_wrong_one(tmp_path: Path) -> None:
    """Records (docs/records.md) and the brief's "never a traceback in the CLI (exit 2)": the deal of
    test_worked_example_t1637_3_and_a_whole_deal_counted_by_hand, written as a record with its result
    counted by hand (A +21, B -9, C -12), replays; a wrong stated result or an illegal card is refused
    with exit 2, a message, and no traceback."""
    done = run_cli("replay", str(RECORD), "--json")
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["returns"] == [21, -9, -12]
    record = json.loads(RECORD.read_text())
    wrong_result = dict(record, result={"returns": [20, -9, -11]})
    wrong_card = json.loads(json.dumps(record))
    first_play = next(a for a in wrong_card["actions"] if a["action"].startswith("play"))
    assert first_play == {"seat": 1, "action": "play T21"}
    first_play["action"] = "play 4H"  # C's card, not B's
    for bad, said in ((wrong_result, "[21, -9, -12]"), (wrong_card, "4H")):
        path = tmp_path / "bad.json"
        path.write_text(json.dumps(bad))
        out = run_cli("replay", str(path))
        assert out.returncode == 2
        assert "Traceback" not in out.stderr + out.stdout
        assert said in out.stderr + out.stdout
