"""Mistigri: every worked example of the spec (MIS-1..MIS-8) played through the public API.

Sources: seed 003 (``shared/seeds/003_c74d790f3aa35c16.txt``, Boussac 1896, the truth) and the spec
``shared/rules/mistigri.md``. Expected values are the spec's, worked by hand from the rules; the
hands were built so that the tricks fall as each example says (the play is checked trick by trick).
Seats: A = 0, B = 1, C = 2, D = 3; with A dealing the speaking order is B, C, D, A.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import atout
from atout.games.mistigri import share_pool
from atout.games.mistigri.chips import next_pool, trick_value

A, B, C, D = 0, 1, 2, 3
RECORDS = Path(__file__).parent / "records" / "mistigri"


def deal(a: str, b: str, c: str, d: str, fille: str, retourne: str, talon: str = "") -> dict[str, object]:
    """An explicit deal from space-separated hands (seat order A, B, C, D); the talon defaults to the rest."""
    out: dict[str, object] = {"hands": [h.split() for h in (a, b, c, d)], "fille": fille.split(), "retourne": retourne}
    if talon:
        out["talon"] = talon.split()
    return out


# MIS-1: A deals a coup de noce; B wins two tricks (one with the Mistigri), C two, D one, A none.
MIS1 = deal(
    a="AS 9S 8S 7S 7C", b="JC KS 7D 8D 9D", c="KD QD 10D 9C 8C", d="KC AC QS JS 10S",
    fille="7H 9H 10H JD AD", retourne="8H", talon="JH QH KH AH 10C QC",
)
MIS1_TRICKS = ["JC 8C AC 8S", "KS 10D 10S 7S", "7D KD JS 9S", "QD QS AS 8D", "9C KC 7C 9D"]
MIS1_WINNERS = [B, B, C, C, D]
# MIS-2: B deals, P = 12. C plays, D passes, A takes the fille, B exchanges the retourne then plays.
MIS2 = deal(
    a="8S 9S JH AH 10D", b="7C 7H 8H 9D 10C", c="AC 9H 10H KD QD", d="10S JS QS JD AD",
    fille="JC KH QH 7D 8D", retourne="7S", talon="KS AS 8C 9C QC KC",
)
MIS2_TRICKS = ["AC JC 7C", "KH 7H 9H", "QH 8H 10H", "7D 9D KD", "QD 8D 7S"]  # A, B, C to the right
MIS2_WINNERS = [A, A, A, C, B]
# MIS-6: B deals, P = 12; the Mistigri stays in the fille; D (KH), A (10H), B (8H) go in, C passes.
MIS6 = deal(
    a="10H KD QD 7C 10C", b="8H 9D 8D KC AC", c="JS QS AS JH JD", d="KH KS 7D 8S 9S",
    fille="JC 7S 10S 9H 10D", retourne="7H", talon="QH AH AD 8C 9C QC",
)
MIS6_TRICKS = ["KH 10H 8H", "KS 10C AC", "7D KD 9D", "QD 8D 8S", "7C KC 9S"]
MIS6_WINNERS = [D, D, A, A, B]


def mis1_game(second: dict[str, object], deals: int = 2) -> atout.GameState:
    g = atout.new_game("mistigri", players=4, seed=1, dealer=A, deals=deals, deal=[MIS1, second])
    assert g.pool == 6 and g.observation(0).public["noce"]  # seed 003: "à cette première donne [...] point de bête"
    for _ in range(4):
        g.apply("play_hand")  # a coup de noce: "tout le monde est obligé de jouer"
    for cards, winner in zip(MIS1_TRICKS, MIS1_WINNERS, strict=True):
        for card in cards.split():
            g.apply(f"play {card}")
        if g.deal_index == 0:
            assert g.observation(0).public["tricks"][-1]["winner"] == winner
    return g


def test_mis1_first_coup_with_one_bete() -> None:
    """MIS-1 (seed 003; mistigri.md §3, §8): v = 1; B 1 + 2 = 3, C 2, D 1; A bête pays 6.
    Balances A 18, B 33, C 32, D 31; next pool 6 (A's bête) + 6 (B's stake) = 12."""
    g = mis1_game(MIS2)
    assert g.log[0].result == [-12, 3, 2, 1]
    assert [30 + x for x in g.log[0].result] == [18, 33, 32, 31]
    assert g.dealer == B and g.pool == 12 and not g.observation(0).public["noce"]
    scored = next(e for e in g.events() if e.kind == "deal_scored").data
    assert scored["takings"] == [0, 3, 2, 1] and scored["privileged"] == "JC"
    assert scored["betes"] == [{"seat": A, "pays": 6}] and scored["trick_value"] == 1


def test_mis2_second_coup_passing_allowed() -> None:
    """MIS-2 (seed 003 "s'il y a des bêtes, personne n'est forcé d'y aller"; §5, §8): v = 2;
    A 3×2 + 2 = 8, C 2, B 2; nobody bête. Balances A 26, B 29, C 34, D 31; next pool 6."""
    g = mis1_game(MIS2)
    g.apply("play_hand")  # C
    g.apply("pass")  # D
    g.apply("take_fille")  # A
    g.apply("exchange_retourne 10C")  # B: the retourne against a card (D5: first), then
    g.apply("play_hand")
    for cards in MIS2_TRICKS:
        for card in cards.split():
            g.apply(f"play {card}")
    assert g.is_terminal()
    assert g.log[1].result == [8, -4, 2, 0]
    assert [30 + x for x in g.returns()] == [26, 29, 34, 31] and sum(g.returns()) == 0
    tricks = [t["winner"] for t in [e for e in g.events() if e.kind == "deal_scored"][1].data["tricks"]]
    assert tricks == MIS2_WINNERS
    assert g.chips_in_play() == 120


def test_mis2_record_replays() -> None:
    """The MIS-1 + MIS-2 match as a record (docs/records.md) replays to the same chips."""
    record = json.loads((RECORDS / "mis1_mis2.json").read_text(encoding="utf-8"))
    state = atout.replay(record)
    assert [30 + x for x in state.returns()] == [26, 29, 34, 31]


def test_mis3_boussacs_escalation() -> None:
    """MIS-3 (seed 003: "il y aurait dix-huit jetons au jeu [...] Les levées seront donc de trois jetons
    chacune, et le Mistigri [...] aura droit à six jetons"; "il devra en mettre dix-huit [...] cela fera
    vingt-quatre"): pool 6 + 2 bêtes of 6 = 18; v 3; double 6; a bête pays 18; next pool 24."""
    assert next_pool(6, [6, 6], 0) == 18
    tricks = [[atout.Card.parse(c).id for c in t.split()] for t in ("JC 7S 8S", "KS 9S 10S", "KD 7D 8D", "QD 9D 10D", "AD JD QS")]
    payout = share_pool(18, tricks, trump=1)
    assert trick_value(18) == 3 and payout.shares == (6, 3, 3, 3, 3) and payout.carry == 0
    assert next_pool(6, [18], payout.carry) == 24


def test_mis3_played_two_betes_then_all_pass_mis7() -> None:
    """MIS-3's first step and MIS-7 (seed 003 "si tout le monde passe, le donneur étant seul ramasse tout"):
    a coup de noce with two bêtes gives a pool of 18; all three non-dealers pass: the dealer takes 18,
    nobody plays, nobody is bête, and the next pool is 6 (a coup de noce)."""
    first = deal(
        a="AS 8S 7S AD JD", b="JC KS 7D 8D 9D", c="KD QD 10D 9C 8C", d="7C QS JS 10S 9S",
        fille="7H 9H 10H JH QH", retourne="8H", talon="KH AH 10C QC KC AC",
    )
    g = atout.new_game("mistigri", players=4, seed=5, dealer=A, deals=3, deal=[first])
    for _ in range(4):
        g.apply("play_hand")
    for cards in ["JC 8C 9S 7S", "KS 10D 10S 8S", "7D KD JS AD", "QD QS JD 8D", "9C 7C AS 9D"]:
        for card in cards.split():
            g.apply(f"play {card}")
    assert g.log[0].result == [-12, 3, 3, -6]  # v = 1: B 1 + 2, C 3; A (with the stake) and D bête
    assert g.dealer == B and g.pool == 18  # 6 + two bêtes of 6
    for _ in range(3):
        g.apply("pass")  # C, D, A; the dealer is not asked
    assert g.log[1].result == [0, 12, 0, 0]  # B staked 6 and took 18
    assert g.dealer == C and g.pool == 6 and g.observation(0).public["noce"]
    assert not [e for e in g.events() if e.kind == "bete" and e.data["pays"] == 18]


def test_mis4_lanturlu_in_a_coup_de_noce() -> None:
    """MIS-4 (seed 003 "si le coup était un coup de noce [...] tout le monde serait bête, excepté celui qui
    aurait fait voir Lanturlu"; "quatre [...] cœurs avec le valet de trèfle"): C +6; A, B, D bête 6 each;
    next pool 6 (B's stake) + 18 = 24."""
    g = mis4_game()
    assert g.log[0].result == [-12, -6, 6, -6]
    assert g.dealer == B and g.pool == 24


MIS4 = deal(
    a="7S 8S 9S AD 10C", b="KS QS JS 7D 8D", c="7H 9H QH KH JC", d="10S AS 9D 10D JD",
    fille="QD KD 7C 8C 9C", retourne="8H",
)
MIS5 = deal(
    a="8H 9D AS 7C QC", b="10H KD 8S 9C 10C", c="7S 9S 10S QS JC", d="AH JD 8C KC AC",
    fille="7H 9H JH QH KH", retourne="7D", talon="JS KS 8D 10D QD AD",
)


def mis4_game() -> atout.GameState:
    g = atout.new_game("mistigri", players=4, seed=2, dealer=A, deals=3, deal=[MIS4, MIS5])
    g.apply("play_hand")  # B
    assert "reveal_lanturlu" in {str(a) for a in g.legal_actions()}
    g.apply("reveal_lanturlu")  # C shows at once (seed 003: "le montre de suite")
    return g


def test_mis5_lanturlu_after_passing() -> None:
    """MIS-5 (seed 003 "celui qui a Lanlurlu passe-t-il toujours [...] il montre son Lanturlu et ramasse ce qui
    est au jeu"; "ceux qui y sont allés sur ce coup sont seuls bêtes"): B deals, P = 24; C passes, D plays,
    A draws 2, B plays; C reveals at the end of the round: C +24; D, A, B bête 24 each; next pool 78."""
    g = mis4_game()
    assert g.current_player == C
    g.apply("pass")
    g.apply("play_hand")  # D
    g.apply("draw 7C QC")  # A
    assert g.current_player == B
    g.apply("play_hand")
    assert g.phase == "reveal" and g.current_player == C
    g.apply("reveal_lanturlu")
    assert g.log[1].result == [-24, -30, 24, -24]  # B also staked 6
    assert g.dealer == C and g.pool == 78  # 6 (C's stake) + 72
    assert g.chips_in_play() == 120


def test_mis6_the_king_inherits_the_double_trick() -> None:
    """MIS-6 (seed 003 "Quand le Mistigri est resté à la fille [...] le roi d'atout le remplace dans toutes
    ses prérogatives"; D11): P = 12; D 2×2 + 2 = 6, A 4, B 2; nobody bête."""
    g = mis1_game(MIS6)
    g.apply("pass")  # C
    for _ in range(3):
        g.apply("play_hand")  # D, A, B (the dealer keeps his hand)
    assert g.current_player == D  # D9: the first engaged player in speaking order leads
    for cards in MIS6_TRICKS:
        for card in cards.split():
            g.apply(f"play {card}")
    assert g.log[1].result == [4, -4, 0, 6]  # B: stake 6, takes 2
    scored = [e for e in g.events() if e.kind == "deal_scored"][1].data
    assert scored["privileged"] == "KH" and scored["takings"] == [4, 2, 0, 6] and scored["betes"] == []
    assert [t["winner"] for t in scored["tricks"]] == MIS6_WINNERS


def test_mis8_a_remainder_is_carried() -> None:
    """MIS-8 (mistigri.md D12): P = 14 with the Mistigri in play: v = 2, 12 paid out, 2 carried."""
    tricks = [[atout.Card.parse(c).id for c in t.split()] for t in ("JC 7S", "KS 9S", "KD 7D", "QD 9D", "AD JD")]
    payout = share_pool(14, tricks, trump=2)
    assert (payout.trick_value, payout.paid, payout.carry) == (2, 12, 2)
    assert next_pool(6, [], payout.carry) == 8  # D12: a carry alone keeps the next coup a coup de noce


@pytest.mark.parametrize("name", ["mistigri", "cascaret", "pamphile", "Cascaret"])
def test_the_three_names(name: str) -> None:
    """Seed 003: "Tantôt, c'est le pamphile ; d'autres fois, c'est le mistigri ; d'autres fois encore, c'est
    le cascaret [...] c'est toujours le même jeu"."""
    assert atout.new_game(name, seed=1).game_name == "mistigri"


@pytest.mark.parametrize(
    ("name", "rows"),
    [("mis1_mis2", {0: [-12, 3, 2, 1], 1: [8, -4, 2, 0]}),
     ("mis1_mis6_king", {0: [-12, 3, 2, 1], 1: [4, -4, 0, 6]}),
     ("mis4_mis5_lanturlu", {0: [-12, -6, 6, -6], 1: [-24, -30, 24, -24]})],
)
def test_records_replay_with_the_examples_rows(name: str, rows: dict[int, list[int]]) -> None:
    """The examples as atout-record/1 files (then bots empty the pool, D16): replay checks every stated row."""
    state = atout.replay(json.loads((RECORDS / f"{name}.json").read_text(encoding="utf-8")))
    assert state.is_terminal() and sum(state.returns()) == 0
    for i, row in rows.items():
        assert state.log[i].result == row
