"""Hand-written Tarot records (tests/records/tarot/*.json): each replays through ``apply`` and gives the
returns computed by hand in its builder's docstring (seed 001; spec tarot.md).

Each record is built from an explicit deal and scripted play; the test checks the stored file replays
to the expected returns, and that the builder still produces exactly the stored file (golden record).
Regenerate with ``python tests/test_tarot_records.py`` after a deliberate change.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import atout
from atout.core.cards import Card
from atout.games.tarot.state import TarotState
from test_tarot_rules import deal, finish, run, top_trump_first

RECORDS = Path(__file__).parent / "records" / "tarot"


def lowest(legal: list[str]) -> str:
    return min(legal, key=lambda c: Card.parse(c).id)


def start(players: int, variant: str, fixed: dict[int, str], talon: str | None = None, **kw: Any) -> TarotState:
    g = atout.new_game("tarot", players=players, variant=variant, deal=deal(players, fixed, talon), dealer=players - 1,
                       seed=2026, **kw)
    assert isinstance(g, TarotState)
    return g


def seed_capot_excuse_last_trick() -> TarotState:
    """Seed 001 §9.4, D12, §11.4: seat 0 holds T5..T21 and the Excuse, bids Garde sans and announces the capot.

    It leads its trumps from the top (T1..T4 fall), then the Excuse to the last trick, which it wins ('Cette
    carte remporte alors le pli'). Attack: 91 points, 3 oudlers; A = (55 + 25) x 8 + 600 = 1240:
    taker +3720, each defender -1240.
    """
    g = start(4, "seed", {0: "T5 T6 T7 T8 T9 T10 T11 T12 T13 T14 T15 T16 T17 T18 T19 T20 T21 EX",
                          1: "T1 T2 AS 2S 3S 4S 5S 6S 7S", 2: "T3 T4 8S 9S 10S JS NS QS KS"})
    run(g, "bid garde_sans", "pass", "pass", "pass", "announce capot", "done", "done", "done", "done")
    finish(g, {0: top_trump_first})
    return g


def seed_excuse_last_trick_no_capot() -> TarotState:
    """Seed 001 §9.3: 'l'Excuse, si elle est jouée au dernier pli, revient au gagnant de ce pli'.

    Seat 0 (Garde sans, T6..T21, the Excuse and 2S) loses trick 1 (2S KS 3S 4S), trumps the AS lead, draws
    the trumps (the Petit falls), and leads the Excuse to trick 18: 10H (seat 1), 9D, 8C: seat 1 wins it
    and takes the Excuse. Defence: 6 + 6 = 12; attack 79 with 2 oudlers: e = 38, A = 63 x 8 = 504:
    taker +1512, each defender -504.
    """
    g = start(4, "seed", {0: "T6 T7 T8 T9 T10 T11 T12 T13 T14 T15 T16 T17 T18 T19 T20 T21 EX 2S",
                          1: "KS AS 5S 6S 7S 8S T1 T2", 2: "3S 9S 10S T3 T4", 3: "4S JS NS QS T5"})
    run(g, "bid garde_sans", "pass", "pass", "pass", "done", "done", "done", "done")
    run(g, "play 2S", "play KS", "play 3S", "play 4S")
    finish(g, {0: top_trump_first})
    return g


def seed_petit_au_bout_won() -> TarotState:
    """Seed 001: 'remporter le dernier Pli avec le Petit permet d'acquérir une Prime de 10 points' (D13).

    Seat 0 (Garde sans, T1 T6..T21 and 2S) draws the trumps, leads 2S (seat 3 wins with KS: 2S JH 9D KS =
    7 points, the defence's only trick), then seat 3 leads the Excuse and seat 0's Petit wins the last trick;
    the Excuse goes to that trick's winner. Attack 84 with 3 oudlers: e = 48 + 10 = 58, A = 83 x 8 = 664:
    taker +1992, each defender -664.
    """
    g = start(4, "seed", {0: "T1 T6 T7 T8 T9 T10 T11 T12 T13 T14 T15 T16 T17 T18 T19 T20 T21 2S",
                          1: "T2 T3 AS 3S 4S 5S", 2: "T4 T5 6S 7S 8S 9S", 3: "10S JS NS QS KS EX"})
    run(g, "bid garde_sans", "pass", "pass", "pass", "done", "done", "done", "done")

    def taker(legal: list[str]) -> str:
        others = [c for c in legal if c != "T1"]
        return top_trump_first(others) if others else "T1"

    def seat3(legal: list[str]) -> str:  # keeps the King of spades and the Excuse for the end
        return lowest([c for c in legal if c not in ("KS", "EX")] or [c for c in legal if c == "KS"] or legal)

    finish(g, {0: taker, 3: seat3})
    return g


def fft_petit_au_bout_lost() -> TarotState:
    """FFT rule 3: the Petit in the last trick scores 10 x multiplier for the side that wins that trick.

    Three players; seat 0 (Garde sans) draws nine rounds of trumps (seat 1 keeps its T2), cashes fourteen
    plain masters (seat 1 follows, and plays its Excuse when out of clubs), then leads the Petit: seat 1's
    T2 wins it. Defence: Excuse, Petit, T2 (7C given for the Excuse) = 9.5; attack 81.5 with one oudler:
    d = 30.5, rounded for the scorer to 31; S = (25 + 31) x 4 - 10 x 4 = 184: taker +368, defenders -184.
    """
    fixed = {0: "T1 T13 T14 T15 T16 T17 T18 T19 T20 T21 KS QS NS JS KH QH NH JH KD QD ND KC QC NC",
             1: "T2 T3 T4 T5 T6 T7 T8 T9 T10 T11 EX AS 2S 3S 4S AH 2H 3H 4H AD 2D 3D AC 2C",
             2: "5S 6S 7S 8S 9S 10S 5H 6H 7H 8H 9H 10H 4D 5D 6D 7D 8D 9D 10D 3C 4C 5C 6C 7C"}
    g = start(3, "fft", fixed, talon="T12 JD JC 10C 9C 8C")
    run(g, "bid garde_sans", "pass", "pass", "done")

    def taker(legal: list[str]) -> str:
        others = [c for c in legal if c != "T1"]
        return top_trump_first(others) if others else "T1"

    def seat1(legal: list[str]) -> str:
        rest = [c for c in legal if c != "T2"] or legal
        return max(rest, key=lambda c: (c != "EX", Card.parse(c).id))

    finish(g, {0: taker, 1: seat1, 2: lowest})
    return g


def seed_called_king_in_talon() -> TarotState:
    """Spec §5, D9: the called King lies in the (shown) talon: the taker plays alone, 4A against 4 x -A.

    Five players; seat 0 (T7..T21) takes a Prise and calls KH, which the talon (KH 2H 3H) shows. Ecart 2H 3H
    and the T7, shown (D6). Trick 1: KH is trumped by seat 1's Petit (KH T1 AH 7H 10H); seat 2 throws its
    Excuse at trick 3 and gives AH for it (D11). Defence: 4.5 + 4.5 + 0.5 + 0.5 + 4.5 = 14.5; attack 76.5,
    one oudler: d = 25.5 -> 26, A = 51: taker +204, each defender -51.
    """
    fixed = {0: "T7 T8 T9 T10 T11 T12 T13 T14 T15 T16 T17 T18 T19 T20 T21",
             1: "T1 T2 AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS NS QS",
             2: "T3 EX AH 4H 5H 6H KS AD 2D 3D 4D 5D 6D 7D 8D",
             3: "T4 T5 7H 8H 9H 9D 10D JD ND QD KD AC 2C 3C 4C",
             4: "T6 10H JH NH QH 5C 6C 7C 8C 9C 10C JC NC QC KC"}
    g = start(5, "seed", fixed, talon="KH 2H 3H")
    run(g, "bid prise", "pass", "pass", "pass", "pass", "call KH", "discard 2H 3H T7")
    run(g, "done", "done", "done", "done", "done")
    run(g, "play KH", "play T1", "play AH", "play 7H", "play 10H")

    def seat2(legal: list[str]) -> str:
        return "EX" if g.trick_no == 2 and "EX" in legal else lowest(legal)

    finish(g, {0: top_trump_first, 1: lowest, 2: seat2, 3: lowest, 4: lowest})
    return g


def seed_poignee_losing_taker() -> TarotState:
    """Seed 001: 'Les annonces du preneur … ne lui seront payées que s'il réussit son contrat. Dans le cas
    contraire, c'est lui qui paiera aux autres joueurs la valeur des annonces qu'il aura faites.'

    Seat 0 takes a Prise with T2..T10 and the Excuse, shows them all as a simple poignée (9 trumps + the
    Excuse = 10, seed 001 'S'il montre l'Excuse…'), lays the talon back (AH..6H), and wins no trick; its
    Excuse, played at trick 2, stays with it without exchange (D11). Attack 4.5 + 3 = 7.5, one oudler:
    e = -44 (D4): taker -132, defenders +44; plus the poignée, 20 paid to each: taker -192, defenders +64.
    """
    fixed = {0: "T2 T3 T4 T5 T6 T7 T8 T9 T10 EX AS 2S 3S 4S 5S 6S 7S 8S",
             1: "T1 T11 T12 T13 T14 T15 T16 T17 T18 T19 T20 T21 9S 10S JS NS QS KS",
             2: "7H 8H 9H 10H JH NH QH KH AD 2D 3D 4D 5D 6D 7D 8D 9D 10D"}
    g = start(4, "seed", fixed, talon="AH 2H 3H 4H 5H 6H")
    run(g, "bid prise", "pass", "pass", "pass", "discard AH 2H 3H 4H 5H 6H")
    run(g, "announce poignee T10 T9 T8 T7 T6 T5 T4 T3 T2 EX", "done", "done", "done", "done")
    run(g, "play AS", "play KS", "play 7H", "play JD")  # seat 1 wins; seat 2, 3 are void of spades and trumps

    def seat0(legal: list[str]) -> str:
        return "EX" if g.trick_no == 1 else min((c for c in legal if c != "EX"), key=lambda c: Card.parse(c).id)

    def seat1(legal: list[str]) -> str:
        trumps = [c for c in legal if c.startswith("T") and c != "T1"]
        return max(trumps, key=lambda c: int(c[1:])) if trumps else top_trump_first(legal)

    finish(g, {0: seat0, 1: seat1, 2: lowest, 3: lowest})
    return g


def seed_petit_sec_redeal() -> TarotState:
    """Seed 001: 'Si un joueur n'a que le Petit comme atout, il peut réclamer l'annulation du tour … la Main
    ne tourne pas et le joueur qui a donné donne à nouveau'. The second deal is passed out (void, 0)."""
    first = deal(4, {1: "T1 2S 3S", 0: "EX T2 T3 T4 T5 T6 T7 T8 T9 T10 T11 T12 T13 T14 T15 T16 T17 T18"})
    g = atout.new_game("tarot", players=4, variant="seed", deal=[first, deal(4, {})], dealer=3, seed=2026)
    assert isinstance(g, TarotState)
    run(g, "petit_sec", "pass", "pass", "pass", "pass")
    return g


def fft_petit_sec_redeal() -> TarotState:
    """FFT rule 7, D15: a petit sec annuls the deal at once; the next dealer deals (no action recorded)."""
    first = deal(4, {1: "T1 2S 3S", 0: "EX T2 T3 T4 T5 T6 T7 T8 T9 T10 T11 T12 T13 T14 T15 T16 T17 T18"})
    g = atout.new_game("tarot", players=4, variant="fft", deal=[first, deal(4, {})], dealer=3, seed=2026)
    assert isinstance(g, TarotState)
    run(g, "pass", "pass", "pass", "pass")
    return g


def check_capot(g: TarotState) -> None:
    assert g.outcome is not None and g.outcome["slam"] == "attack" and g.history[-1][2] == 0
    assert g.announcements == [(0, "capot", 0)]


def check_excuse_to_winner(g: TarotState) -> None:
    ex = 1 << Card.parse("EX").id
    assert g.outcome is not None and g.outcome["defence_pile"] & ex and g.outcome["slam"] == "none"
    assert g.history[-1][2] == 1


def check_pab_won(g: TarotState) -> None:
    assert g.outcome is not None and g.outcome["petit_au_bout"] == "attack" and g.history[-1][2] == 0


def check_pab_lost(g: TarotState) -> None:
    assert g.outcome is not None and g.outcome["petit_au_bout"] == "defence"
    assert g.outcome["defence_pile"] >> Card.parse("T1").id & 1


def check_alone(g: TarotState) -> None:
    assert g.partner == -1 and g.observation(3).public["taker_alone"] is True
    assert g.observation(2).public["ecart_trumps"] == ["T7"]


def check_poignee(g: TarotState) -> None:
    assert g.tricks_won == [0, 18] and g.announcements[0][1] == "poignee_simple"


def check_seed_redeal(g: TarotState) -> None:
    assert len(g.log) == 2 and g.log[0].result is None and g.log[1].dealer == g.log[0].dealer == 3


def check_fft_redeal(g: TarotState) -> None:
    assert len(g.log) == 2 and g.log[0].actions == [] and g.log[1].dealer == 0


CASES: dict[str, tuple[Callable[[], TarotState], list[int], Callable[[TarotState], None]]] = {
    "seed_capot_excuse_last_trick": (seed_capot_excuse_last_trick, [3720, -1240, -1240, -1240], check_capot),
    "seed_excuse_last_trick_no_capot": (seed_excuse_last_trick_no_capot, [1512, -504, -504, -504],
                                        check_excuse_to_winner),
    "seed_petit_au_bout_won": (seed_petit_au_bout_won, [1992, -664, -664, -664], check_pab_won),
    "fft_petit_au_bout_lost": (fft_petit_au_bout_lost, [368, -184, -184], check_pab_lost),
    "seed_called_king_in_talon": (seed_called_king_in_talon, [204, -51, -51, -51, -51], check_alone),
    "seed_poignee_losing_taker": (seed_poignee_losing_taker, [-192, 64, 64, 64], check_poignee),
    "seed_petit_sec_redeal": (seed_petit_sec_redeal, [0, 0, 0, 0], check_seed_redeal),
    "fft_petit_sec_redeal": (fft_petit_sec_redeal, [0, 0, 0, 0], check_fft_redeal),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_record_replays_to_the_hand_computed_returns(name: str) -> None:
    _, expected, check = CASES[name]
    state = atout.read_record(RECORDS / f"{name}.json")
    assert isinstance(state, TarotState) and state.is_terminal()
    assert state.returns() == expected
    check(state)


@pytest.mark.parametrize("name", sorted(CASES))
def test_record_file_is_what_the_builder_plays(name: str) -> None:
    build, expected, check = CASES[name]  # the builder plays the record again
    built = build()
    assert built.returns() == expected
    check(built)
    stored = json.loads((RECORDS / f"{name}.json").read_text(encoding="utf-8"))
    assert json.loads(json.dumps(built.to_record())) == stored


def test_a_tampered_record_is_refused() -> None:
    """records: a stated result the rules do not give is a RecordError (the replay checks every action)."""
    stored = json.loads((RECORDS / "seed_called_king_in_talon.json").read_text(encoding="utf-8"))
    stored["result"]["returns"] = [200, -50, -50, -50, -50]
    with pytest.raises(atout.RecordError, match="the rules give"):
        atout.replay(stored)
    stored = json.loads((RECORDS / "seed_called_king_in_talon.json").read_text(encoding="utf-8"))
    stored["actions"][6]["action"] = "discard 2H 3H KH"
    with pytest.raises(atout.RecordError, match="no King"):
        atout.replay(stored)


def record_text(record: dict[str, Any]) -> str:
    """JSON with one line per hand, talon, action and result (readable in review)."""
    text = json.dumps(record, indent=1, ensure_ascii=False)
    flat = re.sub(r"\[\s*((?:\"[^\"]*\"|-?[\d.]+)(?:,\s*(?:\"[^\"]*\"|-?[\d.]+))*)\s*\]",
                  lambda m: "[" + re.sub(r",\s+", ", ", m.group(1)) + "]", text)
    flat = re.sub(r"\{\s*(\"seat\": \d+),\s*(\"action\": \"[^\"]*\")\s*\}", r"{\1, \2}", flat)
    return flat + "\n"


if __name__ == "__main__":
    RECORDS.mkdir(parents=True, exist_ok=True)
    for record_name, (builder, _, _) in CASES.items():
        (RECORDS / f"{record_name}.json").write_text(record_text(builder().to_record()), encoding="utf-8")
        print("wrote", record_name)
