"""Independent black-box rules check of ``mistigri`` (cascaret, pamphile), from the texts only.

Written from seed 003 (Boussac 1896, ``shared/seeds/003_c74d790f3aa35c16.txt``) and the spec
``shared/rules/mistigri.md`` without reading the engine or its own tests. Every expected value is
built by hand in the test (the arithmetic is in a comment); the reference model at the end of the
file is a second, small formulation of the play obligations (D10), the trick winner (§7) and the
pool's payout (§8, D11, D12, D13) compared with the engine over hundreds of seeded coups.
Seats: with A (seat 0) dealing, the speaking and playing order is B, C, D, A (seats 1, 2, 3, 0).
"""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest

import atout
from atout import IllegalAction

RANKS = ["7", "8", "9", "10", "A", "J", "Q", "K"]  # plain order, low to high (§2)
SUITS = {"spades": "S", "hearts": "H", "diamonds": "D", "clubs": "C"}
PACK = [r + s for s in "SHDC" for r in RANKS]
CARD_RE = re.compile(r"\b(?:10|[789AJQK])[SHDC]\b")


# --------------------------------------------------------------------------- helpers


def deal(hands: list[str], fille: str, retourne: str, talon: str | None = None) -> dict[str, Any]:
    """An explicit deal from space-separated card lists (docs/mistigri.md ``DEAL``)."""
    d: dict[str, Any] = {"hands": [h.split() for h in hands], "fille": fille.split(),
                         "retourne": retourne}
    if talon is not None:
        d["talon"] = talon.split()
    return d


def game(deals: Any, dealer: int = 0, players: int = 4, n: int = 1, **opts: Any) -> Any:
    """A mistigri state from explicit deals (a list for several coups)."""
    return atout.new_game("mistigri", players=players, deal=deals, dealer=dealer, deals=n, **opts)


def run(g: Any, *steps: tuple[int, str]) -> None:
    """Apply (seat, action) steps, checking that the seat is the one to act."""
    for seat, text in steps:
        assert g.current_player == seat, (seat, text, g.current_player, g.phase)
        g.apply(text)


def plays(g: Any, *cards: str) -> None:
    """Play the given cards in order, each by the seat to act."""
    for c in cards:
        g.apply("play " + c)


def scored(g: Any) -> list[dict[str, Any]]:
    """The data of every ``deal_scored`` event so far."""
    return [e.data for e in g.events() if e.kind == "deal_scored"]


def legal_texts(g: Any) -> set[str]:
    return {str(a) for a in g.legal_actions()}


def chips(g: Any) -> int:
    """Stacks + pool + pending bête payments + carry: the chips on the table (§3, D12)."""
    return int(sum(g.stacks) + g.pool + sum(g.pending) + g.carry)


def coup_events(g: Any, k: int, kind: str) -> list[Any]:
    """Events of one kind in coup number k (counted by ``coup_started``)."""
    out, n = [], -1
    for e in g.events():
        if e.kind == "coup_started":
            n += 1
        elif n == k and e.kind == kind:
            out.append(e)
    return out


def refused(g: Any, text: str) -> IllegalAction:
    """Apply an illegal action: IllegalAction citing the rule (seed 003 or, for the play obligations
    that Boussac does not give, the spec's D10), the state (record, observations) unchanged."""
    before = (json.dumps(g.to_record(), sort_keys=True),
              [json.dumps(g.observation(s).to_json(), sort_keys=True, default=str)
               for s in range(len(g.stacks))],
              g.current_player, g.phase)
    with pytest.raises(IllegalAction) as info:
        g.apply(text)
    after = (json.dumps(g.to_record(), sort_keys=True),
             [json.dumps(g.observation(s).to_json(), sort_keys=True, default=str)
              for s in range(len(g.stacks))],
             g.current_player, g.phase)
    assert before == after
    cite = str(info.value.params.get("cite", ""))
    assert cite and cite in str(info.value)  # the rule named in the message and in params["cite"]
    assert "003" in cite or "mistigri.md" in cite
    return info.value


# ------------------------------------------------------------------ worked examples

# MIS-1: trumps hearts (retourne 7H); nobody but B holds a trump. B: JC KS QS 7D 7C; C: KD QD JD 8C 10C;
# D: 8D 10D QC AC 9C; A: 9D 7S 8S 9S 10S. Tricks by hand (order B C D A):
# T1 B JC (trump lead, nobody has a trump: any card) C 10C, D AC, A 7S -> B (the Mistigri's trick)
# T2 B KS; C, D void (no trump: any), A must follow spades 8S -> B
# T3 B 7D; C must beat: KD; D cannot beat KD: 8D; A 9D -> C
# T4 C QD; D follows 10D; A void 9S; B void QS -> C
# T5 C 8C; D must beat 8C: QC; A void 10S; B follows 7C -> D
MIS1 = deal(["9D 7S 8S 9S 10S", "JC KS QS 7D 7C", "KD QD JD 8C 10C", "8D 10D QC AC 9C"],
            "8H 9H 10H JH QH", "7H", "KH AH JS AS AD KC")
MIS1_PLAYS = ["JC", "10C", "AC", "7S", "KS", "JD", "9C", "8S", "7D", "KD", "8D", "9D",
              "QD", "10D", "9S", "QS", "8C", "QC", "10S", "7C"]

# MIS-2: B (1) deals, trumps diamonds (retourne 7D); order C D A B. C: 9S JS AS KC 8H; D passes;
# A takes the fille JC KD QD 7C 8C; B: 7S QH 9H 10H 8S, exchanges the retourne 7D against 8S.
# T1 C 9S; A void in spades, must trump: JC; B follows 7S (trick trumped: any spade) -> A (Mistigri)
# T2 A KD (trumps led); B must trump: 7D; C no trump: JS -> A
# T3 A QD; B 9H; C AS -> A
# T4 A 7C; B void: 10H; C must beat 7C: KC -> C
# T5 C 8H; A void: 8C; B must beat 8H: QH -> B
MIS2 = deal(["10S QS KS 7H JH", "7S QH 9H 10H 8S", "9S JS AS KC 8H", "KH AH 8D 9D 10D"],
            "JC KD QD 7C 8C", "7D", "JD AD 9C 10C QC AC")
MIS2_PLAYS = ["9S", "JC", "7S", "KD", "7D", "JS", "QD", "9H", "AS", "7C", "10H", "KC",
              "8H", "8C", "QH"]


def test_mis1_first_coup_noce_one_bete() -> None:
    """MIS-1 (mistigri.md worked example; seed 003 'chaque joueur ramasse autant de jetons qu'il a
    fait de levées celui qui a fait la levée du Mistigri en ramasse deux', 'mettent chacun six jetons').

    P = 6, v = 6 // 6 = 1; B 2 tricks (one the Mistigri's): 1 + 2 = 3; C 2 x 1 = 2; D 1; A bête pays 6.
    Stacks: A 30 - 6 (stake) - 6 (bête) = 18, B 33, C 32, D 31; next pool 6 (A's bête) + 6 (B's stake) = 12.
    """
    g = game([MIS1, MIS2], dealer=0, n=2)
    assert g.pool == 6 and list(g.stacks) == [24, 30, 30, 30]
    assert g.observation(1).public["noce"] is True
    assert "pass" not in legal_texts(g)  # §3: coup de noce, everybody plays
    run(g, (1, "play_hand"), (2, "play_hand"), (3, "play_hand"), (0, "play_hand"))
    plays(g, *MIS1_PLAYS)
    s = scored(g)[0]
    assert s["tricks_won"] == [0, 2, 2, 1]
    assert s["trick_value"] == 1 and s["pool"] == 6
    assert s["takings"] == [0, 3, 2, 1]
    assert s["betes"] == [{"seat": 0, "pays": 6}]
    assert s["stacks"] == [18, 33, 32, 31]
    assert s["next_pool"] == 6  # the bêtes' payments; B's stake comes with the next coup
    assert s["privileged"] == "JC"
    assert g.pool == 12 and g.dealer == 1


def test_mis2_second_coup_passing_allowed() -> None:
    """MIS-2 (mistigri.md §5, §9; seed 003 'A ce second tour, s'il y a des bêtes, personne n'est forcé
    d'y aller'; the dealer 's'il ne prend pas la fille, il a le droit de changer la retourne').

    P = 12, v = 2: A 3 tricks with the Mistigri's = 3 x 2 + 2 = 8; C 2; B 2; nobody bête.
    A 18 + 8 = 26; B 33 - 6 (stake) + 2 = 29; C 32 + 2 = 34; D 31 (passed: nothing); total 120.
    Next pool: C's stake 6, no bête -> coup de noce (the match ends after two coups).
    """
    g = game([MIS1, MIS2], dealer=0, n=2)
    run(g, (1, "play_hand"), (2, "play_hand"), (3, "play_hand"), (0, "play_hand"))
    plays(g, *MIS1_PLAYS)
    pub = g.observation(2).public
    assert pub["pool"] == 12 and pub["noce"] is False and pub["trick_value"] == 2
    assert "pass" in legal_texts(g)
    run(g, (2, "play_hand"), (3, "pass"), (0, "take_fille"), (1, "exchange_retourne 8S"),
        (1, "play_hand"))
    assert g.observation(0).public["engaged"] == [2, 0, 1]
    assert g.current_player == 2  # D9: first engaged player in speaking order leads
    plays(g, *MIS2_PLAYS)
    s = scored(g)[1]
    assert s["tricks_won"] == [3, 1, 1, 0]
    assert s["takings"] == [8, 2, 2, 0]
    assert s["betes"] == []
    assert s["stacks"] == [26, 29, 34, 31] and sum(s["stacks"]) == 120
    assert s["next_pool"] == 0
    assert g.is_terminal()
    assert g.returns() == [-4, -1, 4, 1]
    assert atout.replay(g.to_record()).returns() == g.returns()


# MIS-3 first coup: trumps hearts (7H); B: JC KH QH KS 7D leads everything; C: KD QS JS 7C 8C;
# D: AS 10S 9C 10C 8D; A: 9S 8S 7S QC KC (no heart, no diamond).
# T1 B JC: nobody else has a trump: C 7C, D 9C, A QC -> B;  T2 B KH: C 8C, D 10C, A KC -> B
# T3 B QH: C JS, D 10S, A 9S -> B; T4 B KS: C QS, D AS, A 8S (follow, cannot beat) -> B
# T5 B 7D: C must beat: KD; D 8D (cannot beat KD); A void: 7S -> C.   B 4, C 1, D 0, A 0: two bêtes.
MIS3A = deal(["9S 8S 7S QC KC", "JC KH QH KS 7D", "KD QS JS 7C 8C", "AS 10S 9C 10C 8D"],
             "8H 9H 10H JH AH", "7H", "QD JD AD 10D 9D AC")
MIS3A_PLAYS = ["JC", "7C", "9C", "QC", "KH", "8C", "10C", "KC", "QH", "JS", "10S", "9S",
               "KS", "QS", "AS", "8S", "7D", "KD", "8D", "7S"]
# MIS-3 second coup: B (1) deals, P = 18; trumps spades (retourne 7S); order C D A B.
# C: JC KS QS KH 7D (not four spades and the Jack: that would be a Lanturlu); D and A pass;
# B (dealer) plays 8H 9H 10H 8D 9D (no trump).
# T1 C JC (trumps led; B has none): B 8H -> C; T2 C KS: B 9H -> C; T3 C QS: B 10H -> C;
# T4 C KH: B has no heart left, no trump: 8D -> C; T5 C 7D: B must beat 7D: 9D -> B.
MIS3B = deal(["QC KC AC 10C AH", "8H 9H 10H 8D 9D", "JC KS QS KH 7D", "9C JH QH 7C 8C"],
             "AS JS 10S 9S 8S", "7S", "10D JD QD KD AD 7H")


def test_mis3_boussac_escalation() -> None:
    """MIS-3 (seed 003 's'il y avait eu deux bêtes ... dix-huit jetons au jeu ... levées de trois jetons
    chacune, et le Mistigri ... six jetons'; 'sur les dix-huit jetons, il devra en mettre dix-huit ...
    cela fera vingt-quatre'; mistigri.md §3, §8, D13).

    Coup 1: P = 6, v = 1: B 4 tricks (one the Mistigri's) = 5, C 1; D, A bête 6 each.
    Next pool 6 (B's stake) + 6 + 6 = 18. Coup 2: v = 18 // 6 = 3, Mistigri trick 6:
    C 4 tricks with the Mistigri's = 3 x 3 + 6 = 15; B 1 trick = 3 (not bête); 15 + 3 = 18 paid out.
    The bête on 18 is test_mis3_bete_pays_eighteen.
    """
    g = game([MIS3A, MIS3B], dealer=0, n=2)
    run(g, (1, "play_hand"), (2, "play_hand"), (3, "play_hand"), (0, "play_hand"))
    plays(g, *MIS3A_PLAYS)
    s = scored(g)[0]
    assert s["tricks_won"] == [0, 4, 1, 0]
    assert s["takings"] == [0, 5, 1, 0]  # 3 x 1 + 2 = 5; 1
    assert sorted(b["seat"] for b in s["betes"]) == [0, 3] and all(b["pays"] == 6 for b in s["betes"])
    pub = g.observation(2).public
    assert pub["pool"] == 18 and pub["trick_value"] == 3 and pub["noce"] is False
    run(g, (2, "play_hand"), (3, "pass"), (0, "pass"), (1, "play_hand"))
    plays(g, "JC", "8H", "KS", "9H", "QS", "10H", "KH", "8D", "7D", "9D")
    s2 = scored(g)[1]
    assert s2["tricks_won"] == [0, 1, 4, 0]
    assert s2["takings"] == [0, 3, 15, 0]  # 3 x 3 + 6 = 15; 3
    assert s2["carry"] == 0 and s2["betes"] == []


def test_mis3_bete_pays_eighteen() -> None:
    """MIS-3, the bête on 18 (seed 003 'sur les dix-huit jetons, il devra en mettre dix-huit au coup
    suivant, avec la mise du donneur, cela fera vingt-quatre'; mistigri.md D13).

    Coup 2 as above but B's 9D is replaced so B takes no trick: C wins all five: 3 x 4 + 6 = 18,
    B bête pays 18; next pool 6 (C's stake) + 18 = 24.
    """
    b2 = deal(["QC KC AC 10C AH", "8H 9H 10H 8D 7D", "JC KS QS KH 9D", "9C JH QH 7C 8C"],
              "AS JS 10S 9S 8S", "7S", "10D JD QD KD AD 7H")
    g = game([MIS3A, b2, MIS1], dealer=0, n=3)
    run(g, (1, "play_hand"), (2, "play_hand"), (3, "play_hand"), (0, "play_hand"))
    plays(g, *MIS3A_PLAYS)
    run(g, (2, "play_hand"), (3, "pass"), (0, "pass"), (1, "play_hand"))
    # T5: C leads 9D, B holds 7D: cannot beat -> C
    plays(g, "JC", "8H", "KS", "9H", "QS", "10H", "KH", "8D", "9D", "7D")
    s2 = scored(g)[1]
    assert s2["tricks_won"] == [0, 0, 5, 0]
    assert s2["takings"] == [0, 0, 18, 0]  # 4 x 3 + 6 = 18
    assert s2["betes"] == [{"seat": 1, "pays": 18}]
    assert g.pool == 24  # C's stake 6 + 18
    # stacks: B 30 + 5 (coup 1) - 6 (stake) - 18 = 11
    assert s2["stacks"][1] == 11


# MIS-4: A deals, trumps spades (7S). C holds 7H 9H QH KH and JC: a Lanturlu (four hearts + the Jack).
MIS4 = deal(["8S 9S 10S JS AH", "KS AS 8H 10H JH", "7H 9H QH KH JC", "7D 8D 9D 10D QS"],
            "QD KD AD 7C 8C", "7S", "9C 10C QC KC AC JD")


def test_mis4_lanturlu_in_coup_de_noce() -> None:
    """MIS-4 (seed 003 'si le coup était un coup de noce ... tout le monde serait bête, excepté celui qui
    aurait fait voir Lanturlu'; 'quatre cœurs avec le valet de trèfle, a également Lanlurlu';
    mistigri.md §6).

    C takes the pool of 6: C 30 + 6 = 36; A 30 - 6 (stake) - 6 = 18; B, D 30 - 6 = 24.
    Next pool 6 (B's stake) + 3 x 6 = 24.
    """
    g = game([MIS4, MIS2], dealer=0, n=2)
    run(g, (1, "play_hand"))
    assert "reveal_lanturlu" in legal_texts(g)
    run(g, (2, "reveal_lanturlu"))
    s = scored(g)[0]
    assert s["stacks"] == [18, 24, 36, 24]
    assert sorted(b["seat"] for b in s["betes"]) == [0, 1, 3]
    assert all(b["pays"] == 6 for b in s["betes"])
    assert g.pool == 24  # B's stake 6 + 3 x 6
    shown = [e.data for e in g.events() if e.kind == "lanturlu_shown"]
    assert shown and sorted(shown[0]["cards"]) == sorted(["7H", "9H", "QH", "KH", "JC"])


# MIS-5: B (1) deals, P = 24; C (2) holds five diamonds; D plays; A draws two; B plays.
MIS5 = deal(["7C 8C 9C 10C 7H", "KC AC QC 8H 9H", "7D 8D 9D 10D JD", "QD KD AD 10H JH"],
            "QH KH AH 7S 8S", "9S", "10S JS QS KS AS JC")


def test_mis5_lanturlu_after_passing() -> None:
    """MIS-5 (seed 003 'Quand bien même le joueur qui aurait Lanturlu aurait passé, il n'en mettrait pas
    moins à la mouche tous les joueurs qui y seraient allés ... il montre son Lanturlu et ramasse ce qui
    est au jeu'; mistigri.md §6, D7).

    Pool 24 (B's stake 6 + MIS-4's bêtes 18): C +24; D, A, B bête 24 each; next pool 6 (C's stake) + 72 = 78.
    Stacks after MIS-4: A 18, B 24, C 36, D 24; B stakes 6 -> 18. After MIS-5: A 18 - 24 = -6 (D14),
    B 18 - 24 = -6, C 36 + 24 = 60, D 24 - 24 = 0: 48 in the stacks + 72 pending = 120.
    """
    g = game([MIS4, MIS5, MIS1], dealer=0, n=3)
    run(g, (1, "play_hand"), (2, "reveal_lanturlu"))
    assert g.pool == 24 and g.dealer == 1
    run(g, (2, "pass"), (3, "play_hand"), (0, "draw 10C 7H"), (1, "play_hand"))
    assert g.phase == "reveal" and g.current_player == 2
    assert legal_texts(g) == {"reveal_lanturlu", "no_reveal"}
    g.apply("reveal_lanturlu")
    s = scored(g)[1]
    assert s["stacks"] == [-6, -6, 60, 0]
    assert sorted(b["seat"] for b in s["betes"]) == [0, 1, 3]
    assert all(b["pays"] == 24 for b in s["betes"])
    assert g.pool == 78  # C's stake 6 + 3 x 24
    assert chips(g) == 120


def test_mis6_king_of_trumps_inherits_double_trick() -> None:
    """MIS-6 (seed 003 'Quand le Mistigri est resté à la fille (qui n'a pas été prise), ou au talon, le
    roi d'atout le remplace dans toutes ses prérogatives'; mistigri.md §8, D11).

    P = 12, v = 2; D 2 tricks, one with K♥ (privileged): 2 + 4 = 6; A 2 tricks: 4; B 1: 2; 12 paid out.
    """
    # Coup 2 (B deals): trumps hearts (7H), JC in the fille; order C D A B; C passes.
    # A: 10H KS QS 9C 8C; B: 8H AS 10D 9D 10C; D: KH 9S 7S JD 8D.
    m6 = deal(["10H KS QS 9C 8C", "8H AS 10D 9D 10C", "AH AC AD QC KC", "KH 9S 7S JD 8D"],
              "JC JH QH 9H 10S", "7H", "7C 7D 8S JS QD KD")
    g = game([MIS1, m6], dealer=0, n=2)
    run(g, (1, "play_hand"), (2, "play_hand"), (3, "play_hand"), (0, "play_hand"))
    plays(g, *MIS1_PLAYS)
    assert g.pool == 12
    run(g, (2, "pass"), (3, "play_hand"), (0, "play_hand"), (1, "play_hand"))
    assert g.current_player == 3
    # T1 D KH, A 10H, B 8H -> D; T2 D 9S, A KS, B AS -> A; T3 A QS, B 10D? B void spades, no trump
    # left: any -> 10D; D 7S -> A; T4 A 9C, B 10C (must beat) , D void: 8D -> B;
    # T5 B 9D, D must beat 9D: JD; A 8C -> D.   D 2 (KH, JD), A 2, B 1.
    plays(g, "KH", "10H", "8H", "9S", "KS", "AS", "QS", "10D", "7S", "9C", "10C", "8D",
          "9D", "JD", "8C")
    s = scored(g)[1]
    assert s["tricks_won"] == [2, 1, 0, 2]
    assert s["privileged"] == "KH"
    assert s["takings"] == [4, 2, 0, 6]  # A 2 x 2; B 2; D 2 + 2 x 2
    assert s["betes"] == [] and s["carry"] == 0


# MIS-7: P = 18 (the MIS-3 first coup gives two bêtes of 6); B deals; C, D, A pass.
def test_mis7_everybody_passes() -> None:
    """MIS-7 (seed 003 'Si tout le monde passe, le donneur étant seul ramasse tout ce qui est sur le
    jeu'; mistigri.md §5).

    B (dealer) takes 18 without play; nobody bête; next pool 6 (C's stake) -> coup de noce.
    B: 35 (after MIS-3's first coup) - 6 (stake) + 18 = 47.
    """
    g = game([MIS3A, MIS3B, MIS1], dealer=0, n=3)
    run(g, (1, "play_hand"), (2, "play_hand"), (3, "play_hand"), (0, "play_hand"))
    plays(g, *MIS3A_PLAYS)
    assert g.pool == 18
    run(g, (2, "pass"), (3, "pass"), (0, "pass"))
    s = scored(g)[1]
    assert s["betes"] == []
    assert s["stacks"][1] == 47
    assert g.pool == 6
    assert g.dealer == 2 and g.observation(3).public["noce"] is True
    assert coup_events(g, 1, "card_played") == []


def test_mis8_remainder_carried() -> None:
    """MIS-8 (mistigri.md §8, D12: v = floor(P/6), the remainder carried into the next pool).

    P = 14 (here the dealer's stake of a first coup, option ``dealer_stake=14``), the Mistigri in play
    (MIS-1's deal and plays): v = 14 // 6 = 2; B 2 tricks with the Mistigri's = 2 + 4 = 6, C 2 x 2 = 4,
    D 2; 6 + 4 + 2 = 12 paid out; carry 14 - 12 = 2; A bête pays 14. Next pool: B's stake (14 under
    this option) + 14 + 2 = 30. Stacks: A 30 - 14 - 14 = 2, B 36, C 34, D 32; + 28 pending/carried.
    """
    g = game([MIS1, MIS2], dealer=0, n=2, dealer_stake=14)
    assert g.pool == 14 and g.observation(1).public["trick_value"] == 2
    run(g, (1, "play_hand"), (2, "play_hand"), (3, "play_hand"), (0, "play_hand"))
    plays(g, *MIS1_PLAYS)
    s = scored(g)[0]
    assert s["takings"] == [0, 6, 4, 2]
    assert s["carry"] == 2
    assert s["betes"] == [{"seat": 0, "pays": 14}]
    assert s["stacks"] == [2, 36, 34, 32]
    assert g.pool == 30 and chips(g) == 120


def test_d12_no_trump_in_play_extra_share_carried() -> None:
    """D12 (mistigri.md §8 'plus v more when no engaged player holds any trump'): coup 1 = MIS-1 (A bête
    6) -> P = 12, v = 2. Coup 2 (B deals, trumps hearts, the Mistigri and every heart out of play):
    C plays KS QS JS AS 8D against D's 7S 8S 9S KD 7D and wins all five: 5 x 2 = 10, no double
    trick; carry 12 - 10 = 2; D bête pays 12; next pool 6 (C's stake) + 12 + 2 = 20.
    """
    c2 = deal(["10S 9D 10D JD 9C", "AD KC QC 10C QD", "KS QS JS AS 8D", "7S 8S 9S KD 7D"],
              "8C AC 8H 9H 10H", "7H", "JH QH KH AH JC 7C")
    g = game([MIS1, c2, MIS1], dealer=0, n=3)
    run(g, (1, "play_hand"), (2, "play_hand"), (3, "play_hand"), (0, "play_hand"))
    plays(g, *MIS1_PLAYS)
    assert g.pool == 12
    run(g, (2, "play_hand"), (3, "play_hand"), (0, "pass"), (1, "pass"))
    # T1 C KS, D 9S; T2 QS, 8S; T3 JS, 7S; T4 AS, D void and no trump: KD; T5 8D, D cannot
    # beat: 7D. All five are C's.
    plays(g, "KS", "9S", "QS", "8S", "JS", "7S", "AS", "KD", "8D", "7D")
    s = scored(g)[1]
    assert s["tricks_won"] == [0, 0, 5, 0]
    assert s["takings"] == [0, 0, 10, 0]
    assert s["carry"] == 2
    assert s["betes"] == [{"seat": 3, "pays": 12}]
    assert g.pool == 20 and g.observation(3).public["noce"] is False
    assert chips(g) == 120


# ------------------------------------------------------------------ reference model


def is_trump(card: str, trump: str) -> bool:
    """§2: the Mistigri (J♣) is always a trump and never a club; the other trumps are of the trump suit."""
    return card == "JC" or (card[-1] == trump and card != "JC")


def power(card: str, trump: str) -> int:
    """§2: Mistigri > K Q J A 10 9 8 7 of trumps > the plain suits' K Q J A 10 9 8 7."""
    if card == "JC":
        return 200
    idx = RANKS.index(card[:-1])
    return 100 + idx if card[-1] == trump else idx


def ref_legal(hand: list[str], trick: list[str], trump: str) -> set[str]:
    """§7 / D10, Rams obligations: follow and beat ('forcer'), else trump and overtrump, else any."""
    if not trick:
        return set(hand)
    my_trumps = [c for c in hand if is_trump(c, trump)]
    played_trumps = [c for c in trick if is_trump(c, trump)]
    top_trump = max((power(c, trump) for c in played_trumps), default=-1)
    if is_trump(trick[0], trump):  # rule 4: trumps led
        if not my_trumps:
            return set(hand)
        over = {c for c in my_trumps if power(c, trump) > top_trump}
        return over or set(my_trumps)
    led = trick[0][-1]
    follow = [c for c in hand if c[-1] == led and not is_trump(c, trump)]
    if follow:  # rule 2: follow, and beat if the trick is not trumped
        if played_trumps:
            return set(follow)
        top = max(power(c, trump) for c in trick if c[-1] == led and not is_trump(c, trump))
        return {c for c in follow if power(c, trump) > top} or set(follow)
    if my_trumps:  # rule 3: trump, overtrumping if he can, else a lower trump
        over = {c for c in my_trumps if power(c, trump) > top_trump}
        return over or set(my_trumps)
    return set(hand)  # rule 5


def ref_winner(played: list[tuple[int, str]], trump: str) -> int:
    """§7: the highest trump, else the highest card of the suit led."""
    led = played[0][1]
    trumps = [(power(c, trump), s) for s, c in played if is_trump(c, trump)]
    if trumps:
        return max(trumps)[1]
    return max((power(c, trump), s) for s, c in played
               if c[-1] == led[-1] and not is_trump(c, trump))[1]


def ref_payout(pool: int, tricks: list[tuple[int, list[str]]], trump: str,
               players: int) -> tuple[list[int], int]:
    """§8, D11, D12: v = P // 6 a trick, 2v for the privileged card's trick; the rest is carried."""
    v = pool // 6
    played = [c for _, cards in tricks for c in cards]
    trumps = [c for c in played if is_trump(c, trump)]
    privileged = max(trumps, key=lambda c: power(c, trump)) if trumps else None
    takings = [0] * players
    for winner, cards in tricks:
        takings[winner] += 2 * v if privileged in cards else v
    return takings, pool - sum(takings)


def drive(seed: int, players: int, check: Any, **kw: Any) -> Any:
    """Play one seeded match with random legal actions, calling check(g) before every action."""
    g = atout.new_game("mistigri", players=players, seed=seed, **kw)
    rng = random.Random(seed * 7 + players)
    while not g.is_terminal():
        check(g)
        g.apply(rng.choice(g.legal_actions()))
    check(g)
    return g


@pytest.mark.parametrize("players", [3, 4, 5])
def test_reference_model_agrees(players: int) -> None:
    """§7 (legal cards, D10; the winner), §8 (D11, D12, D13: the payout and the bêtes) and §3 (chips are
    never created or lost): a second formulation written from the texts agrees with the engine on every
    card offered, every trick and every coup of many seeded random matches (seed 003)."""
    total = 30 * players
    counts = {"plays": 0, "tricks": 0, "coups": 0}
    seen = [0]

    def check(g: Any) -> None:
        assert chips(g) == total  # §3: chips never created or lost
        if g.phase == "play":
            seat = g.current_player
            obs = g.observation(seat)
            trump = SUITS[obs.public["trump"]]
            hand = [c.code for c in obs.hand]
            trick = [c for _, c in obs.public["trick"]]
            offered = {str(a)[5:] for a in g.legal_actions()}
            assert offered == ref_legal(hand, trick, trump), (hand, trick, trump)
            counts["plays"] += 1
        evs = g.events()
        for e in evs[seen[0]:]:
            if e.kind == "coup_started":
                state["trump"] = None
                state["tricks"] = []
                state["stake_dealer"] = (e.seat, e.data["stake"])
            elif e.kind == "play_started":
                state["engaged"] = list(e.data["engaged"])
            elif e.kind == "trick_won":
                played = [(s, c) for s, c in e.data["played"]]
                state["tricks"].append((e.seat, [c for _, c in played]))
                assert ref_winner(played, state["trump"]) == e.seat
                counts["tricks"] += 1
            elif e.kind == "deal_scored" and e.data["how"] == "tricks":
                pool = e.data["pool"]
                takings, carry = ref_payout(pool, state["tricks"], state["trump"], players)
                assert e.data["takings"] == takings
                assert e.data["carry"] == carry
                won = [sum(1 for w, _ in state["tricks"] if w == s) for s in range(players)]
                betes = sorted(s for s in state["engaged"] if won[s] == 0)
                assert sorted(b["seat"] for b in e.data["betes"]) == betes
                assert all(b["pays"] == pool for b in e.data["betes"])  # D13: exactly P
                dealer, stake = state["stake_dealer"]
                row = [takings[s] - (pool if s in betes else 0) - (stake if s == dealer else 0)
                       for s in range(players)]
                # D16: at the very end the pending bêtes are refunded and the carry given away
                refunds = e.data["refunds"]
                row = [row[s] + refunds[s] + (carry if e.data["carry_to"] == s else 0)
                       for s in range(players)]
                assert e.data["row"] == row, (e.data, row)
                counts["coups"] += 1
            elif e.kind in ("retourne_shown", "trump_named", "play_started") and state.get("trump") is None:
                pass
        seen[0] = len(evs)
        if g.phase in ("play", "speaking", "reveal") and g.current_player is not None:
            t = g.observation(g.current_player).public["trump"]
            if t is not None:
                state["trump"] = SUITS[t]

    state: dict[str, Any] = {}
    for seed in range(300 if players == 4 else 200):
        seen[0] = 0
        g = drive(seed, players, check)
        assert sum(g.returns()) == 0
    assert counts["plays"] > 1000 and counts["tricks"] > 200 and counts["coups"] > 40


# ------------------------------------------------------------------ names, deal, card order


@pytest.mark.parametrize("name", ["mistigri", "cascaret", "pamphile"])
def test_three_names_one_game(name: str) -> None:
    """Seed 003 'Tantôt, c'est le pamphile ; d'autres fois, c'est le mistigri ; d'autres fois encore,
    c'est le cascaret ... c'est toujours le même jeu': the three names give the same game and deal."""
    g = atout.new_game(name, players=4, seed=11)
    ref = atout.new_game("mistigri", players=4, seed=11)
    assert g.to_record()["deal"] == ref.to_record()["deal"]
    assert legal_texts(g) == legal_texts(ref)


@pytest.mark.parametrize("players,talon", [(3, 11), (4, 6), (5, 1)])
def test_deal_sizes_fille_retourne_talon(players: int, talon: int) -> None:
    """Seed 003 'Chacun ayant reçu cinq cartes', the fille ('il y a un pour le Mort'), 'celui qui les
    distribue retourne' the next card; 'il ne reste donc qu'une carte au talon' at five; mistigri.md §4,
    D1, D3: 5 cards a hand and the fille, the retourne, the talon 32 - 5 x (n + 1) - 1."""
    for seed in range(20):
        g = atout.new_game("mistigri", players=players, seed=seed)
        d = g.to_record()["deal"]
        assert all(len(h) == 5 for h in d["hands"]) and len(d["hands"]) == players
        assert len(d["fille"]) == 5 and len(d["talon"]) == talon
        cards = [c for h in d["hands"] for c in h] + d["fille"] + [d["retourne"]] + d["talon"]
        assert sorted(cards) == sorted(PACK)
        pub = g.observation(0).public
        assert pub["talon_size"] == talon and pub["retourne"] == d["retourne"]
        if d["retourne"] != "JC":
            assert SUITS[pub["trump"]] == d["retourne"][-1]  # 'la couleur dont il retourne'
        assert pub["order"] == [(g.dealer + k) % players for k in range(1, players + 1)]  # D2


# Obligations deal: trumps hearts (7H); A deals; order B C D A; a coup de noce, everybody plays.
OBL = deal(["8S AH 10D JD QD", "9S 8D 7C QC KC", "7S 10S KS 8H 9D", "JC 9H 8C 10C AD"],
           "JS QS AS 10H JH", "7H", "QH KH 7D KD 9C AC")


def start_obl(**opts: Any) -> Any:
    g = game(OBL, dealer=0, **opts)
    run(g, (1, "play_hand"), (2, "play_hand"), (3, "play_hand"), (0, "play_hand"))
    return g


def test_play_obligations_exact_sets() -> None:
    """§7 / D10 (Rams obligations; seed 003 gives the card order 'Le valet de trèfle ... Le roi, La dame,
    Le valet, L'as, Le dix ...'): exact legal sets at each card of a hand-played coup.

    T1 B 9S: C must beat ('forcer') {10S, KS}; D void in spades must trump {JC, 9H}; A must follow,
       the trick trumped: {8S}. D wins with 9H.
    T2 D JC (trumps led): A must play a trump {AH}; B has none: any (8D); C {8H}. D wins.
    T3 D 8C: A void, no trump: any; B must beat 8C {QC, KC}; C void, no trump: any. B wins (QC).
    T4 B KC: C any {7S, KS}; D follows {10C}; A any {JD, QD}. B wins.
    T5 B 7C: C {KS}; D {AD}; A {QD}: nobody else has a club or a trump: B wins.
    B 3 tricks, D 2; A and C are bête.
    """
    g = start_obl()
    expected = [
        ("9S", {"9S", "8D", "7C", "QC", "KC"}), ("10S", {"10S", "KS"}), ("9H", {"JC", "9H"}),
        ("8S", {"8S"}),
        ("JC", {"JC", "8C", "10C", "AD"}), ("AH", {"AH"}), ("8D", {"8D", "7C", "QC", "KC"}),
        ("8H", {"8H"}),
        ("8C", {"8C", "10C", "AD"}), ("10D", {"10D", "JD", "QD"}), ("QC", {"QC", "KC"}),
        ("9D", {"7S", "KS", "9D"}),
        ("KC", {"7C", "KC"}), ("7S", {"7S", "KS"}), ("10C", {"10C"}), ("JD", {"JD", "QD"}),
        ("7C", {"7C"}), ("KS", {"KS"}), ("AD", {"AD"}), ("QD", {"QD"}),
    ]
    for card, legal in expected:
        assert {str(a)[5:] for a in g.legal_actions()} == legal, (card, g.current_player)
        g.apply("play " + card)
    s = scored(g)[0]
    # D: T1, T2; B: T3, T4, T5; A and C no trick.
    assert s["tricks_won"] == [0, 3, 0, 2]
    assert sorted(b["seat"] for b in s["betes"]) == [0, 2]


def test_queen_beats_ace_and_trick_winner() -> None:
    """Seed 003 card order 'Le roi, La dame, Le valet, L'as, Le dix' (§2, plain suits too): the Queen
    and the Jack beat the Ace; with no trump the highest card of the suit led wins (§7)."""
    g = start_obl()
    plays(g, "9S", "10S", "9H", "8S", "JC", "AH", "KC", "8H", "AD")
    # T3: D leads AD: A must beat AD with JD or QD (both above the Ace); B void, no trump; C must
    # beat with... C holds 9D: cannot beat AD -> 9D.
    assert {str(a)[5:] for a in g.legal_actions()} == {"JD", "QD"}
    plays(g, "JD", "8D", "9D")
    assert g.observation(0).public["tricks"][-1]["winner"] == 0


def test_refusals_name_the_rule_state_unchanged() -> None:
    """§7 obligations refused (D10) and speaking out of turn (seed 003 'Il en est de même de celui qui
    parle avant son tour'): IllegalAction, the state unchanged, seed 003 cited."""
    g = game(OBL, dealer=0)
    refused(g, "pass")  # coup de noce (§3): 'tout le monde est obligé de jouer'
    refused(g, "play 9S")  # speaking round first
    refused(g, "exchange_retourne 9S")  # the dealer's right only (§5)
    refused(g, "draw 7H")  # not in hand
    refused(g, "name_trump spades")  # the retourne is not the Mistigri
    run(g, (1, "play_hand"), (2, "play_hand"), (3, "play_hand"), (0, "play_hand"))
    g.apply("play 9S")
    e = refused(g, "play 7S")  # must beat ('forcer')
    assert e.code == "must_beat"
    g.apply("play 10S")
    assert refused(g, "play 8C").code == "must_trump"
    g.apply("play 9H")
    assert refused(g, "play JD").code == "must_follow"
    refused(g, "play KS")  # not his card


def test_mistigri_is_no_club() -> None:
    """Seed 003 'le valet de trèfle n'étant d'aucune couleur'; 'à trèfle, où il n'y en a que huit';
    §7 rule 1: with hearts trumps, a club led must be followed with a club, not the J♣."""
    d = deal(["9C AC QC 7S JD", "8C KS QS JS 7D", "JC 7C 8H 9D 10D", "AS 10S 9S 8S 8D"],
             "9H 10H JH QH KH", "7H", "AH QD KD AD 10C KC")
    g = game(d, dealer=0)
    run(g, (1, "play_hand"), (2, "play_hand"), (3, "play_hand"), (0, "play_hand"))
    g.apply("play 8C")
    assert {str(a)[5:] for a in g.legal_actions()} == {"7C"}
    assert refused(g, "play JC").code in ("must_follow", "must_beat")


def test_clubs_trumps_mistigri_above_king() -> None:
    """Seed 003 'excepté néanmoins à trèfle, où il n'y en a que huit mais là, comme ailleurs, le
    Mistigri est toujours le plus fort' (§2): clubs trumps, K♣ led, the J♣ is the only card that beats it."""
    d = deal(["QC AS KS 10S JS", "KC 9S 8S 7S 7D", "JC 8H 9H 10H 8D", "AC KH QH 9D 10D"],
             "AH JH 7H QS JD", "7C", "QD KD AD 8C 9C 10C")
    g = game(d, dealer=0)
    assert g.observation(0).public["trump"] == "clubs"
    run(g, (1, "play_hand"), (2, "play_hand"), (3, "play_hand"), (0, "play_hand"))
    g.apply("play KC")
    assert {str(a)[5:] for a in g.legal_actions()} == {"JC"}
    g.apply("play JC")
    assert {str(a)[5:] for a in g.legal_actions()} == {"AC"}
    plays(g, "AC", "QC")
    assert g.observation(0).public["tricks"][0]["winner"] == 2


def test_overtrump_and_undertrump() -> None:
    """§7 rule 3 (D10: 'if void, trump, overtrumping or undertrumping'): void in the suit led, a player
    must overtrump if he can, else play a lower trump rather than discard."""
    # trumps hearts (7H). B leads KS; C void in spades trumps with 10H (holds 10H, 8H); D void in
    # spades holds QH and 9H: must overtrump {QH}; A void in spades holds only 8D.. and JH? no: A holds
    # 9D and a low trump? all hearts listed: A holds none -> see the set.
    d = deal(["8D 9D 10D JD 7C", "KS QS JS 7D 8C", "10H 8H KD QD AD", "QH 9H 9C 10C AC"],
             "AS 10S 9S 8S 7S", "7H", "JH KH AH QC KC JC")
    g = game(d, dealer=0)
    run(g, (1, "play_hand"), (2, "play_hand"), (3, "play_hand"), (0, "play_hand"))
    g.apply("play KS")
    assert {str(a)[5:] for a in g.legal_actions()} == {"10H", "8H"}  # no spade: any trump
    g.apply("play 10H")
    assert {str(a)[5:] for a in g.legal_actions()} == {"QH"}  # must overtrump the 10
    g.apply("play QH")
    assert {str(a)[5:] for a in g.legal_actions()} == {"8D", "9D", "10D", "JD", "7C"}
    g.apply("play 8D")
    # T2 D leads 9H (trumps): A none -> any; B none -> any; C holds 8H: cannot beat, must play it.
    g.apply("play 9H")
    g.apply("play 9D")
    g.apply("play QS")
    assert {str(a)[5:] for a in g.legal_actions()} == {"8H"}  # undertrump when he cannot overtrump


# ------------------------------------------------------------------ the speaking round (§5)


def draws(texts: set[str]) -> set[frozenset[str]]:
    return {frozenset(t.split()[1:]) for t in texts if t.startswith("draw ")}


def subsets(cards: list[str], most: int) -> set[frozenset[str]]:
    out: set[frozenset[str]] = set()
    for mask in range(1, 1 << len(cards)):
        pick = frozenset(c for i, c in enumerate(cards) if mask >> i & 1)
        if len(pick) <= most:
            out.add(pick)
    return out


def test_speaking_options_in_coup_de_noce() -> None:
    """Seed 003: the first player 'joue avec ce jeu; sinon il a le droit de prendre la fille, ou de
    demander des cartes' ('soit une, soit plus, jusqu'à cinq s'il en reste'); 'tout le monde est obligé
    de jouer' at the first deal (§3, §5, D4): B's exact options are play_hand, take_fille and the 31
    draws of 1..5 of his cards; no pass."""
    g = game(MIS1, dealer=0)
    t = legal_texts(g)
    assert {x for x in t if not x.startswith("draw ")} == {"play_hand", "take_fille"}
    assert draws(t) == subsets(["JC", "KS", "QS", "7D", "7C"], 5)


def test_draw_takes_from_the_talon_top_and_bottom_card_stays() -> None:
    """Seed 003 'jusqu'à cinq s'il en reste'; D4: the talon's bottom card is never drawn (5 of 6 at
    four players). B draws 5 and receives the five top cards; then nobody may draw."""
    g = game(MIS1, dealer=0)
    g.apply("draw JC KS QS 7D 7C")
    assert sorted(c.code for c in g.observation(1).hand) == sorted("KH AH JS AS AD".split())
    assert g.observation(2).public["talon_size"] == 1
    assert draws(legal_texts(g)) == set()
    assert refused(g, "draw KD").code in ("talon_empty", "draw_count")
    assert legal_texts(g) == {"play_hand", "take_fille"}


def test_draw_limited_to_what_is_left() -> None:
    """Seed 003 'Le troisième joueur ... a tous les droits des deux premiers, dans la limite de ce qui
    reste' (D4): after B draws 3 of the 5 drawable cards, C may draw 1 or 2 only."""
    g = game(MIS1, dealer=0)
    g.apply("draw 7D 7C QS")
    assert sorted(c.code for c in g.observation(1).hand) == sorted("JC KS KH AH JS".split())
    assert draws(legal_texts(g)) == subsets(["KD", "QD", "JD", "8C", "10C"], 2)
    assert refused(g, "draw KD QD JD").code in ("draw_count", "talon_empty")


def test_take_fille_once_and_hand_becomes_fille() -> None:
    """Seed 003 'S'il déclare prendre la fille, il changera ses cinq cartes contre les cinq qui ont été
    servies à cette fille'; the next 'peut également prendre la fille, si cela n'a pas été fait' (§5)."""
    g = game(MIS2, dealer=0)  # MIS2's fille JC KD QD 7C 8C; B holds 7S QH 9H 10H 8S
    g.apply("take_fille")
    assert sorted(c.code for c in g.observation(1).hand) == sorted("JC KD QD 7C 8C".split())
    assert g.observation(1).public["laid_aside"] == ["7S", "QH", "9H", "10H", "8S"] or sorted(
        g.observation(1).public["laid_aside"]) == sorted("7S QH 9H 10H 8S".split())
    assert "take_fille" not in legal_texts(g)
    assert refused(g, "take_fille").code == "fille_unavailable"


def test_dealer_exchanges_the_retourne() -> None:
    """Seed 003 the dealer 's'il ne prend pas la fille, il a le droit de changer la retourne contre une
    de ses cartes'; D5 exchange first, then play or draw (§5)."""
    g = game(MIS1, dealer=0)
    run(g, (1, "play_hand"), (2, "play_hand"), (3, "play_hand"))
    hand = ["9D", "7S", "8S", "9S", "10S"]
    t = legal_texts(g)
    assert {x for x in t if x.startswith("exchange_retourne")} == {"exchange_retourne " + c for c in hand}
    assert {"play_hand", "take_fille"} <= t and "pass" not in t
    g.apply("exchange_retourne 7S")
    assert sorted(c.code for c in g.observation(0).hand) == sorted("9D 7H 8S 9S 10S".split())
    assert g.current_player == 0 and "play_hand" in legal_texts(g)
    assert not any(x.startswith("exchange_retourne") for x in legal_texts(g))
    assert draws(legal_texts(g))  # D5: he may still draw
    g.apply("draw 8S 9S")
    assert sorted(c.code for c in g.observation(0).hand) == sorted("9D 7H 10S KH AH".split())
    assert g.phase == "play" and g.current_player == 1


def test_dealer_taking_fille_loses_the_exchange() -> None:
    """Seed 003 'S'il prend la fille, ce droit ne lui appartient plus, car il n'a que les droits qu'avait
    la dite fille' (§5, D6): taking the fille ends the dealer's turn; only the retourne is not his."""
    g = game(MIS1, dealer=0)
    run(g, (1, "play_hand"), (2, "play_hand"), (3, "play_hand"), (0, "take_fille"))
    assert g.phase in ("play", "reveal")
    assert "7H" not in [c.code for c in g.observation(0).hand]


def test_only_the_dealer_exchanges() -> None:
    """§5: EXCHANGE_RETOURNE is the dealer's right alone (seed 003 'Le dernier à parler, qui est ... le
    donneur ... a le droit de changer la retourne')."""
    g = game(MIS1, dealer=0)
    assert refused(g, "exchange_retourne JC").code in ("dealer_only", "unexpected_action")


def test_named_trump_when_the_mistigri_is_turned() -> None:
    """Seed 003 'Quand le donneur tourne le Mistigri, il choisit la couleur de l'atout, après avoir vu
    son jeu' (§4): the dealer names any of the four suits."""
    d = deal(["9D 7S 8S 9S 10S", "KC KS QS 7D 7C", "KD QD JD 8C 10C", "8D 10D QC AC 9C"],
             "8H 9H 10H JH QH", "JC", "KH AH JS AS AD 7H")
    g = game(d, dealer=0)
    assert g.phase == "trump" and g.current_player == 0
    assert legal_texts(g) == {"name_trump " + s for s in ("spades", "hearts", "diamonds", "clubs")}
    refused(g, "play_hand")
    g.apply("name_trump diamonds")
    assert g.observation(1).public["trump"] == "diamonds" and g.current_player == 1


def test_five_players_no_drawing() -> None:
    """Seed 003 'Quand on est cinq joueurs ... il ne reste donc qu'une carte au talon ... dans ce cas, on
    ne donne pas de cartes, on ne peut que prendre la fille' (§4, D4)."""
    for seed in range(15):
        g = atout.new_game("mistigri", players=5, seed=seed)
        rng = random.Random(seed)
        while g.phase in ("speaking", "trump"):
            assert not draws(legal_texts(g))
            g.apply(rng.choice(g.legal_actions()))


def test_three_players_talon_eleven() -> None:
    """D1 (3 players, talon 11) and D4 (bottom card kept): at most five a player and ten in all."""
    g = atout.new_game("mistigri", players=3, seed=5)
    assert g.observation(0).public["talon_size"] == 11
    first = g.current_player
    assert first is not None
    hand = [c.code for c in g.observation(first).hand]
    assert max(len(x) for x in draws(legal_texts(g))) == 5
    g.apply("draw " + " ".join(hand))
    second = g.current_player
    assert second is not None and second != first
    hand2 = [c.code for c in g.observation(second).hand]
    assert max(len(x) for x in draws(legal_texts(g))) == 5
    g.apply("draw " + " ".join(hand2))
    assert not draws(legal_texts(g))  # 1 card left: the bottom one


def mis1_then(second: dict[str, Any], **opts: Any) -> Any:
    """MIS-1 played out (A bête), then a second coup dealt by B on a pool of 12: passing allowed."""
    g = game([MIS1, second, MIS1], dealer=0, n=3, **opts)
    run(g, (1, "play_hand"), (2, "play_hand"), (3, "play_hand"), (0, "play_hand"))
    plays(g, *MIS1_PLAYS)
    return g


def test_left_of_dealer_must_play_convention() -> None:
    """Seed 003 'Dans certains pays, le joueur qui est l'avant-dernier à parler ... est obligé de prendre
    la fille ou de jouer avec son jeu, lorsque tout le monde est passé' (§10): with the option, A (left
    of dealer B) after C and D passed may only play his hand or take the fille; without, he may pass."""
    g = mis1_then(MIS3B, left_of_dealer_must_play=True)
    run(g, (2, "pass"), (3, "pass"))
    assert legal_texts(g) == {"play_hand", "take_fille"}
    assert refused(g, "pass").code == "left_must_play"
    g2 = mis1_then(MIS3B)
    run(g2, (2, "pass"), (3, "pass"))
    assert "pass" in legal_texts(g2) and draws(legal_texts(g2))
    g3 = mis1_then(MIS3B, left_of_dealer_must_play=True)
    run(g3, (2, "play_hand"), (3, "pass"))
    assert "pass" in legal_texts(g3)  # somebody went in: no obligation


def test_lone_player_takes_the_pool_d18() -> None:
    """D18 (after seed 003 'le donneur étant seul ramasse tout'): C alone goes in, D, A and the dealer B
    pass: C takes the 12 without play; nobody bête."""
    g = mis1_then(MIS3B)
    run(g, (2, "play_hand"), (3, "pass"), (0, "pass"), (1, "pass"))
    s = scored(g)[1]
    assert s["betes"] == []
    # C: 32 (after MIS-1) + 12 = 44; B: 33 - 6 = 27
    assert s["stacks"] == [18, 27, 44, 31]
    assert coup_events(g, 1, "card_played") == []
    assert chips(g) == 120


def test_passed_player_neither_wins_nor_pays() -> None:
    """Seed 003 'ceux qui passent déposent leur jeu sur la table'; §8 'passed players neither win nor
    pay' (D17): in MIS-2, D passed and ends at 31 as he began (checked there); here A passes too."""
    g = mis1_then(MIS2)
    run(g, (2, "play_hand"), (3, "pass"), (0, "pass"), (1, "play_hand"))
    obs = g.observation(0).public
    assert obs["engaged"] == [2, 1]
    assert g.current_player == 2


# ------------------------------------------------------------------ Lanturlu (§6)


def test_lanturlu_definition() -> None:
    """Seed 003 'Cinq carreaux ou cinq piques ou cinq cœurs ou cinq trèfles forment un Lanturlu. Ces
    cartes n'ont pas besoin de se suivre. Celui qui a quatre ... avec le valet de trèfle, a également
    Lanlurlu' (§6): five of a suit, or four and the J♣, in any order; four and another card is not one."""
    five = deal(["8S AH 10D JD QD", "7S 9S JS KS AS", "7H 9H QH KH JC", "7C 8C 9C 10C 8D"],
                "QS 10S 8H 10H JH", "9D", "AD KD 7D QC KC AC")
    g = game(five, dealer=0)
    assert "reveal_lanturlu" in legal_texts(g)  # B: five spades, not in sequence
    g.apply("play_hand")
    assert "reveal_lanturlu" in legal_texts(g)  # C: four hearts and the Jack of clubs
    g.apply("play_hand")
    assert "reveal_lanturlu" not in legal_texts(g)  # D: four clubs and a diamond
    assert refused(g, "reveal_lanturlu").code == "not_lanturlu"


def test_lanturlu_in_the_fille() -> None:
    """Seed 003 'Si celui qui prend la fille y trouve un Lanturlu, il a tous les droits qu'il aurait eus
    si le dit Lanturlu avait été dans son premier jeu' (§6, D7): B takes MIS-1's fille (five hearts) and
    shows it at the end of the round: he takes the 6; in a coup de noce A, C and D are bête."""
    g = game([MIS1, MIS2], dealer=0, n=2)
    run(g, (1, "take_fille"), (2, "play_hand"), (3, "play_hand"), (0, "play_hand"))
    assert g.phase == "reveal" and g.current_player == 1
    g.apply("reveal_lanturlu")
    s = scored(g)[0]
    assert sorted(b["seat"] for b in s["betes"]) == [0, 2, 3]
    # B 30 + 6 = 36; A 30 - 6 - 6 = 18; C, D 24
    assert s["stacks"] == [18, 36, 24, 24]
    assert g.pool == 24  # B's stake 6 + 18


def test_lanturlu_made_by_the_retourne() -> None:
    """Seed 003 'Le donneur qui a quatre cartes de la même couleur, si, lorsqu'il en a écarté une, en a
    cinq pareilles, il a également Lanlurlu' (§6): A holds four hearts, takes the 7H turned up against
    his spade and shows: A takes the pool, B, C, D bête."""
    d = deal(["8H 9H 10H JH 7S", "KS QS JS AS 7D", "KD QD JD AD 7C", "8C 9C 10C QC 8D"],
             "KC AC JC 9D 10D", "7H", "QH KH AH 8S 9S 10S")
    g = game(d, dealer=0)
    run(g, (1, "play_hand"), (2, "play_hand"), (3, "play_hand"))
    assert "reveal_lanturlu" not in legal_texts(g)
    g.apply("exchange_retourne 7S")
    assert "reveal_lanturlu" in legal_texts(g)
    g.apply("reveal_lanturlu")
    s = scored(g)[0]
    assert s["stacks"] == [30, 24, 24, 24]  # A 24 + 6; the others bête 6
    assert sorted(b["seat"] for b in s["betes"]) == [1, 2, 3]


def test_two_lanturlus_first_shown_wins() -> None:
    """D8 (seed 003 silent): the first Lanturlu shown wins; in a coup de noce B shows at once ('celui qui
    a Lanlurlu le montre de suite') and C, who holds one too, is bête with the rest."""
    two = deal(["8S AH 10D JD QD", "7S 9S JS KS AS", "7H 9H QH KH JC", "7C 8C 9C 10C 8D"],
               "QS 10S 8H 10H JH", "9D", "AD KD 7D QC KC AC")
    g = game(two, dealer=0)
    g.apply("reveal_lanturlu")
    s = scored(g)[0]
    assert sorted(b["seat"] for b in s["betes"]) == [0, 2, 3]
    assert s["stacks"] == [18, 36, 24, 24]


def test_two_lanturlus_end_of_round_speaking_order() -> None:
    """D8: end-of-round reveals go in speaking order. B deals on 12 (after MIS-1); C and D both hold a
    Lanturlu and pass; A and B go in. C is asked first and shows: C takes 12; A and B bête (12 each);
    D passed: neither wins nor pays (D17)."""
    d = deal(["8S AH 10D JD QD", "KD 10S 8H 10H JH", "7S 9S JS KS AS", "7H 9H QH KH JC"],
             "QS 7C 8C 9C 10C", "9D", "AD 8D 7D QC KC AC")
    g = mis1_then(d)
    run(g, (2, "pass"), (3, "pass"), (0, "play_hand"), (1, "play_hand"))
    assert g.phase == "reveal" and g.current_player == 2
    g.apply("reveal_lanturlu")
    s = scored(g)[1]
    assert sorted(b["seat"] for b in s["betes"]) == [0, 1]
    assert all(b["pays"] == 12 for b in s["betes"])
    # A 18 - 12 = 6; B 33 - 6 - 12 = 15; C 32 + 12 = 44; D 31
    assert s["stacks"] == [6, 15, 44, 31]


def test_lanturlu_beats_the_lone_player_d18() -> None:
    """D18 with §6: a passed Lanturlu shown at the end of the round comes first: the lone engaged
    player is bête. B deals on 12; C passes with a Lanturlu; D alone goes in; A, B pass; C shows."""
    d = deal(["8S AH 10D JD QD", "KD 10S 8H 10H JH", "7S 9S JS KS AS", "7H 9H QH KH 8D"],
             "QS 7C 8C 9C 10C", "9D", "AD JC 7D QC KC AC")
    g = mis1_then(d)
    run(g, (2, "pass"), (3, "play_hand"), (0, "pass"), (1, "pass"))
    assert g.phase == "reveal" and g.current_player == 2
    g.apply("reveal_lanturlu")
    s = scored(g)[1]
    assert s["betes"] == [{"seat": 3, "pays": 12}]
    assert s["stacks"] == [18, 27, 44, 19]  # C 32 + 12; D 31 - 12; B 33 - 6


def test_unrevealed_lanturlu_is_played() -> None:
    """D7: 'a holder who never reveals simply plays the hand'."""
    d = deal(["8S AH 10D JD QD", "KD 10S 8H 10H JH", "7S 9S JS KS AS", "7H 9H QH KH 8D"],
             "QS 7C 8C 9C 10C", "9D", "AD JC 7D QC KC AC")
    g = mis1_then(d)
    run(g, (2, "play_hand"), (3, "play_hand"), (0, "pass"), (1, "pass"))
    assert g.phase == "reveal" and legal_texts(g) == {"reveal_lanturlu", "no_reveal"}
    g.apply("no_reveal")
    assert g.phase == "play" and g.current_player == 2


# ------------------------------------------------------------------ the double trick's heir (D11)


def test_queen_inherits_when_king_out_of_play() -> None:
    """Seed 003 'à défaut du roi, c'est la dame, ensuite le valet, l'as, etc.' (§8, D11): J♣ and K♥
    in the fille; D's Q♥ trick pays double. Same play as MIS-6 with the Queen: D 2 + 4 = 6, A 4, B 2."""
    m = deal(["10H KS QS 9C 8C", "8H AS 10D 9D 10C", "AH AC AD QC KC", "QH 9S 7S JD 8D"],
             "JC JH KH 9H 10S", "7H", "7C 7D 8S JS QD KD")
    g = mis1_then(m)
    run(g, (2, "pass"), (3, "play_hand"), (0, "play_hand"), (1, "play_hand"))
    plays(g, "QH", "10H", "8H", "9S", "KS", "AS", "QS", "10D", "7S", "9C", "10C", "8D",
          "9D", "JD", "8C")
    s = scored(g)[1]
    assert s["privileged"] == "QH"
    assert s["takings"] == [4, 2, 0, 6]


def test_mistigri_in_a_passed_hand_king_inherits() -> None:
    """D11 reviewer's note: the replacement also applies to a Mistigri in a passed player's hand
    (seed 003 names only 'la fille (qui n'a pas été prise), ou au talon' — an extension the spec
    decides). C passes holding J♣; D's K♥ trick pays double."""
    m = deal(["10H KS QS 9C 8C", "8H AS 10D 9D 10C", "JC AH AD QC KC", "KH 9S 7S JD 8D"],
             "AC JH QH 9H 10S", "7H", "7C 7D 8S JS QD KD")
    g = mis1_then(m)
    run(g, (2, "pass"), (3, "play_hand"), (0, "play_hand"), (1, "play_hand"))
    plays(g, "KH", "10H", "8H", "9S", "KS", "AS", "QS", "10D", "7S", "9C", "10C", "8D",
          "9D", "JD", "8C")
    s = scored(g)[1]
    assert s["privileged"] == "KH"
    assert s["takings"] == [4, 2, 0, 6]


# ------------------------------------------------------------------ conventions (§10)


def test_cascaret_trump_second() -> None:
    """Seed 003 'Au cascaret, on convient souvent qu'on sera obligé de jouer atout en second, c'est-à-dire
    que le premier joueur qui aura fait une levée devra battre atout' (§7, §10): D wins the first trick
    (OBL) and must lead a trump to the second: {JC}; without the option any of his four cards."""
    g = start_obl(cascaret_trump_second=True)
    plays(g, "9S", "10S", "9H", "8S")
    assert g.current_player == 3
    assert {str(a)[5:] for a in g.legal_actions()} == {"JC"}
    assert refused(g, "play 8C").code == "must_lead_trump"
    g2 = start_obl()
    plays(g2, "9S", "10S", "9H", "8S")
    assert {str(a)[5:] for a in g2.legal_actions()} == {"JC", "8C", "10C", "AD"}


# ------------------------------------------------------------------ hidden information


def card_tokens(obj: Any) -> set[str]:
    return set(CARD_RE.findall(json.dumps(obj, default=str)))


@pytest.mark.parametrize("players", [4, 5])
def test_hidden_information(players: int) -> None:
    """Seed 003 'Celui qui fait voir son jeu est bête' (hands are secret); the fille, the talon, the
    discards and a passed hand (D17) are never shown: an observation or an event a seat may see names
    only cards it held or laid aside, the retourne, and the cards played or shown as a Lanturlu."""
    for seed in range(40):
        g = atout.new_game("mistigri", players=players, seed=seed)
        rng = random.Random(seed)
        held: list[set[str]] = [set() for _ in range(players)]
        public: set[str] = set()
        cursors = [0] * (players + 1)
        while True:
            for e in g.events(None, since=cursors[players]):
                if e.kind in ("card_played", "lanturlu_shown", "retourne_shown"):
                    public |= card_tokens(e.data)
            for s in range(players):
                obs = g.observation(s)
                held[s] |= {c.code for c in obs.hand} | set(obs.public.get("laid_aside", []))
            spectator = card_tokens([e.to_json() for e in g.events(None, since=cursors[players])])
            assert spectator <= public, spectator - public
            cursors[players] = g.event_count
            for s in range(players):
                seen = card_tokens(g.observation(s).to_json())
                seen |= card_tokens([e.to_json() for e in g.events(s, since=cursors[s])])
                cursors[s] = g.event_count
                assert seen <= held[s] | public, (s, seen - held[s] - public)
            if g.is_terminal():
                break
            g.apply(rng.choice(g.legal_actions()))


# ------------------------------------------------------------------ the match (§11, D15, D16)


def test_complete_tours() -> None:
    """Seed 003 'La partie se compose de tours ; chaque tour commencé doit être terminé, et il est
    terminé lorsque la donne revient à celui qui le premier a distribué les cartes' (§11, D15, D2):
    with deals=None, tours x players staked coups, each seat dealing twice, the deal passing right."""
    for players in (4, 5):
        g = atout.new_game("mistigri", players=players, seed=3, deals=None, dealer=1)
        rng = random.Random(3)
        while not g.is_terminal():
            g.apply(rng.choice(g.legal_actions()))
        staked = [e for e in g.events() if e.kind == "coup_started" and e.data["stake"] == 6]
        dealers = [e.seat for e in staked]
        assert dealers == [(1 + k) % players for k in range(2 * players)]
        assert sum(g.returns()) == 0


def test_end_pot_refund_and_liquidate() -> None:
    """D16: after MIS-1 as the only staked coup, A's bête of 6 is pending. 'refund' gives it back:
    A 30 - 6 - 6 + 6 = 24 (-6), B +3, C +2, D +1. 'liquidate' deals a coup without stake on 6."""
    g = game(MIS1, dealer=0, n=1, end_pot="refund")
    run(g, (1, "play_hand"), (2, "play_hand"), (3, "play_hand"), (0, "play_hand"))
    plays(g, *MIS1_PLAYS)
    assert g.is_terminal()
    assert g.returns() == [-6, 3, 2, 1]
    g2 = game([MIS1, MIS2], dealer=0, n=1)
    run(g2, (1, "play_hand"), (2, "play_hand"), (3, "play_hand"), (0, "play_hand"))
    plays(g2, *MIS1_PLAYS)
    assert not g2.is_terminal()
    last = [e for e in g2.events() if e.kind == "coup_started"][-1]
    assert last.seat == 1 and last.data["stake"] == 0 and g2.pool == 6
    assert chips(g2) == 120


def test_balances_may_go_negative() -> None:
    """Seed 003 'Au Mistigri on ne fait pas de crédit ... on doit acheter des fiches aux gagnants et les
    payer comptant' (D14): stacks go below zero (MIS-5 leaves A and B at -6) and returns stay zero-sum."""
    g = game([MIS4, MIS5, MIS1], dealer=0, n=3)
    run(g, (1, "play_hand"), (2, "reveal_lanturlu"))
    run(g, (2, "pass"), (3, "play_hand"), (0, "draw 10C 7H"), (1, "play_hand"), (2, "reveal_lanturlu"))
    assert g.stacks[0] < 0 and g.stacks[1] < 0
    rng = random.Random(0)
    while not g.is_terminal():
        g.apply(rng.choice(g.legal_actions()))
    assert sum(g.returns()) == 0
    assert g.returns() == [s - 30 for s in g.stacks]
    assert atout.replay(g.to_record()).returns() == g.returns()


def test_carry_alone_keeps_coup_de_noce() -> None:
    """D12 'a carry alone does not stop the next coup from being a coup de noce' (§3: a coup de noce is
    one whose pool holds no bête payment). After MIS-1, B deals on 12; C and D play with no trump in
    play; C takes four tricks and D one (T5: C 8D, D must beat with KD): 4 x 2 + 2 = 10, carry 2,
    nobody bête. Next pool 6 (C's stake) + 2 = 8: a coup de noce (no pass), v = 8 // 6 = 1."""
    c2 = deal(["10S 9D 10D JD 9C", "AD KC QC 10C QD", "KS QS JS AS 8D", "7S 8S 9S KD 7D"],
              "8C AC 8H 9H 10H", "7H", "JH QH KH AH JC 7C")
    g = mis1_then(c2)
    run(g, (2, "play_hand"), (3, "play_hand"), (0, "pass"), (1, "pass"))
    plays(g, "KS", "9S", "QS", "8S", "JS", "7S", "AS", "7D", "8D", "KD")
    s = scored(g)[1]
    assert s["tricks_won"] == [0, 0, 4, 1] and s["takings"] == [0, 0, 8, 2]
    assert s["carry"] == 2 and s["betes"] == []
    pub = g.observation(3).public
    assert g.pool == 8 and pub["noce"] is True and pub["trick_value"] == 1
    assert "pass" not in legal_texts(g)


def test_everybody_passes_but_a_lanturlu() -> None:
    """§5 / D7 (seed 003 'celui qui a Lanturlu gagne tout ce qui est sur le jeu'): everybody before the
    dealer passes, C among them with a Lanturlu; C shows before the dealer collects: C takes the 12,
    nobody bête (nobody went in)."""
    d = deal(["8S AH 10D JD QD", "KD 10S 8H 10H JH", "7S 9S JS KS AS", "7H 9H QH KH 8D"],
             "QS 7C 8C 9C 10C", "9D", "AD JC 7D QC KC AC")
    g = mis1_then(d)
    run(g, (2, "pass"), (3, "pass"), (0, "pass"))
    assert g.phase == "reveal" and g.current_player == 2
    g.apply("reveal_lanturlu")
    s = scored(g)[1]
    assert s["betes"] == []
    assert s["stacks"] == [18, 27, 44, 31]


def test_cli_names() -> None:
    """Seed 003's three names on the command line: ``atout simulate cascaret`` plays mistigri
    (zero-sum), ``atout rules pamphile`` prints the summary; a bad option exits 2 without a traceback."""
    import shutil
    import subprocess
    import sys
    from pathlib import Path

    exe = shutil.which("atout") or str(Path(sys.executable).with_name("atout"))

    def cli(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([exe, *args], capture_output=True, text=True, timeout=120, check=False)

    r = cli("simulate", "cascaret", "--players", "4", "--deals", "3", "--seed", "1", "--json")
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    assert out["game"] == "mistigri" and out["zero_sum"] is True
    r = cli("rules", "pamphile", "--lang", "en")
    assert r.returncode == 0 and "Mistigri" in r.stdout
    r = cli("simulate", "pamphile", "--deals", "2", "-o", "dealer_stake=many")
    assert r.returncode == 2 and "Traceback" not in r.stderr


def test_lanturlu_at_ones_turn_only_the_engaged_are_bete() -> None:
    """Seed 003 'Si le coup où se produit un Lanlurlu est un coup où il avait des bêtes, ceux qui y sont
    allés sur ce coup sont seuls bêtes à nouveau' (§6, D7, D8): B deals on 12; C goes in (holding a
    Lanturlu he does not show), D shows his at his turn: only C, engaged, is bête; A and B had not
    spoken. D 31 + 12 = 43; C 32 - 12 = 20."""
    d = deal(["8S AH 10D JD QD", "KD 10S 8H 10H JH", "7S 9S JS KS AS", "7H 9H QH KH JC"],
             "QS 7C 8C 9C 10C", "9D", "AD 8D 7D QC KC AC")
    g = mis1_then(d)
    run(g, (2, "play_hand"), (3, "reveal_lanturlu"))
    s = scored(g)[1]
    assert s["betes"] == [{"seat": 2, "pays": 12}]
    assert s["stacks"] == [18, 27, 20, 43]


def test_determinism_from_the_seed() -> None:
    """The brief's determinism (every chance event from an explicit seed; seed 003's draw for the first
    dealer and the shuffle): the same seed gives the same dealer, deal and play; others differ."""
    def record(seed: int) -> Any:
        g = atout.new_game("mistigri", players=4, seed=seed)
        rng = random.Random(1)
        while not g.is_terminal():
            g.apply(rng.choice(g.legal_actions()))
        return g.to_record()

    assert record(5) == record(5)
    def first_deal(r: Any) -> str:
        return json.dumps(r["deals"][0]["deal"] if "deals" in r else r["deal"], sort_keys=True)

    assert len({first_deal(record(s)) for s in range(8)}) == 8


def test_options_and_bad_input() -> None:
    """§1 'chacun d'eux prend trente jetons', §3 'six jetons au jeu' as options (start_chips,
    dealer_stake); bad options are ValueError, bad explicit deals RecordError naming the card."""
    g = game(MIS1, dealer=0, start_chips=50)
    assert list(g.stacks) == [44, 50, 50, 50] and chips(g) == 200
    with pytest.raises(ValueError):
        atout.new_game("mistigri", players=4, seed=1, end_pot="burn")
    with pytest.raises(ValueError):
        atout.new_game("mistigri", players=6, seed=1)  # D1: at most five with the fille
    bad = deal(["9D 7S 8S 9S 9S", "JC KS QS 7D 7C", "KD QD JD 8C 10C", "8D 10D QC AC 9C"],
               "8H 9H 10H JH QH", "7H", "KH AH JS AS AD KC")
    with pytest.raises(atout.RecordError, match="9S"):
        game(bad, dealer=0)
