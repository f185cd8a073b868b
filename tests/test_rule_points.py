"""Rule points found by independent referees (issue 16, point 11), each decided, tested against the seed or
the spec that says it, and documented (docs/mistigri.md, docs/tarot1637.md, docs/prime.md)."""

from __future__ import annotations

from collections import Counter

import pytest

import atout
from atout.cli.main import main
from atout.core.cardset import codes
from atout.core.errors import IllegalAction
from atout.games.tarot1637.rules import PACK
from atout.present import say_error
from atout.sim import simulate, whole_tours

# --- (a) Mistigri: "chaque tour commencé doit être terminé" ---------------------------------------------


@pytest.mark.parametrize(("players", "asked", "played"), [(3, 5, 6), (3, 6, 6), (4, 5, 8), (5, 1, 5)])
def test_mistigri_simulate_finishes_the_tour_begun(players: int, asked: int, played: int) -> None:
    # seed 003 (Boussac): "La partie se compose de tours ; chaque tour commencé doit être terminé [...] Si le
    # tour commencé n'était pas achevé, certains joueurs auraient fait plus de donnes que d'autres" (mistigri.md
    # §11, D15). simulate --deals N plays whole tours: N rounded up to a multiple of the players.
    result = simulate("mistigri", players=players, deals=asked, seed=4)
    assert result.deals == played == whole_tours("mistigri", players, asked)
    state = result.state
    assert state is not None
    staked = [d.dealer for d in state.log][:played]  # the emptying coups without a stake (D16) come after
    assert Counter(staked) == dict.fromkeys(range(players), played // players)  # each dealt and staked as often


def test_mistigri_simulate_says_it_rounded_up(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "mistigri", "--players", "3", "--deals", "5", "--seed", "1", "--lang", "en"]) == 0
    out = capsys.readouterr().out
    assert "--deals 5 rounded up to 6, whole tours" in out and "chaque tour commencé doit être terminé" in out
    assert main(["simulate", "tarot", "--deals", "5", "--seed", "1", "--lang", "en"]) == 0
    assert "rounded up" not in capsys.readouterr().out  # games not played in tours keep --deals as asked


# --- (b) 1637: the forced face-up discard (seed 000 §5, spec D4) -------------------------------------------
DEALER = "T1 T2 T3 T4 T5 T6 T7 T8 T9 T10 T11 T12 T13 T14 T15 T16 T17 T18 T19 T20 T21 EX KS KH".split()
REST = [c for c in codes(PACK) if c not in DEALER]


def forced() -> atout.GameState:
    """The dealer (seat 0) holds only Tarots and triomphes and must lay aside four: T2 T3 T4 T5 (D4)."""
    g = atout.new_game("tarot1637", deal={"hands": [DEALER, REST[:21], REST[21:]]}, dealer=0, seed=0)
    g.apply("discard 4S")
    g.apply("discard 2D")
    return g


def test_1637_forced_discard_refusal_names_the_forced_cards_not_the_ban() -> None:
    # seed 000 forbids discarding Tarots and triomphes; tarot-1637.md D4: "if a player cannot comply (more than
    # 20 Tarots/triumphs), he lays aside his lowest trumps, face up" (II, III, IIII, V here: the Bagat is a
    # Tarot), one card at a time from the lowest. The ban cannot be what refuses T3 then: T3 is owed, T2 first.
    g = forced()
    before = g.to_record()
    assert [str(a) for a in g.legal_actions()] == ["discard T2"]
    for card in ("T3", "T9", "KS", "T1"):
        with pytest.raises(IllegalAction) as exc:
            g.apply(f"discard {card}")
        said = str(exc.value)
        assert exc.value.code == "discard_lowest_trumps" and "D4" in said, said
        assert "(T2 T3 T4 T5): T2 now" in said and "may not be discarded" not in said, said
        assert "(T2 T3 T4 T5)\u00a0: T2 maintenant" in say_error(exc.value, "fr", game="tarot1637")
        assert "from the lowest (T2 T3 T4 T5): T2 now" in say_error(exc.value, "en", game="tarot1637")
    assert g.to_record() == before  # nothing changed
    g.apply("discard T2")
    with pytest.raises(IllegalAction, match=r"\(T3 T4 T5\): T3 now"):
        g.apply("discard T5")
    for card in ("T3", "T4", "T5"):
        g.apply(f"discard {card}")
    assert g.observation(1).public["discards_face_up_by_seat"][0] == ["T2", "T3", "T4", "T5"]


def test_1637_a_hand_with_other_cards_still_meets_the_ban() -> None:
    g = atout.new_game("tarot1637", deal={"hands": [DEALER, REST[:21], REST[21:]]}, dealer=0, seed=0)
    g.apply("discard 4S")  # B
    with pytest.raises(IllegalAction) as exc:  # C holds plain cards: a Tarot (his King) breaks the seed's ban
        g.apply("discard KD")
    assert exc.value.code == "discard_forbidden" and "seed 000" in str(exc.value)


# --- (c) 1637: the match length (spec D15) -----------------------------------------------------------------
@pytest.mark.parametrize(("players", "deals"), [(3, 1), (3, 3), (3, 9), (2, 1), (2, 2), (2, 4)])
def test_1637_match_of_whole_rounds_of_the_deal(players: int, deals: int) -> None:
    # tarot-1637.md D15: "a fixed number of deals, a multiple of 3 (each player deals equally)"; with the Mort
    # (§11, D19) only the two live players deal, so a multiple of 2 (D15's review note). One deal alone is a deal.
    assert atout.new_game("tarot1637", players=players, deals=deals, seed=1).deals_limit == deals  # type: ignore[attr-defined]


@pytest.mark.parametrize(("players", "deals"), [(3, 2), (3, 5), (3, 10), (2, 3), (2, 5)])
def test_1637_match_length_not_a_whole_round_is_refused(players: int, deals: int) -> None:
    with pytest.raises(ValueError, match=rf"multiple of {players}, so that each player deals as often "
                                         rf"\(tarot-1637.md D15\), not {deals}"):
        atout.new_game("tarot1637", players=players, deals=deals, seed=1)


def test_1637_cli_refuses_a_match_length_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "tarot1637", "--deals", "5", "--seed", "1"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "multiple of 3" in err and "D15" in err, err


# --- (d) La Prime: a broke player pays no consolation (our chips, not the seed) --------------------------
def test_prime_broke_player_pays_no_consolation() -> None:
    # seed 004: "une consolation qu'on limite à un écu" is paid by each player to a bettor nobody calls; the
    # seed has no stacks. atout's stacks (docs/prime.md, "Decisions of ours") add: nobody pays chips he has
    # not, so a broke player pays nothing (and the bettor gets less).
    g = atout.new_game("prime", players=3, seed=1, deals=2, chips=2, consolation=2)
    while not g.is_terminal():
        acts = [str(a) for a in g.legal_actions()]
        g.apply("bet 1" if "bet 1" in acts else "decline" if "decline" in acts else "pass")
    paid = [e.data["paid"] for e in g.events() if e.kind == "consolation"]
    assert paid == [[2, 0, 2], [0, 0, 0]]  # coup 2: seats 0 and 2 have no chips left and pay nothing
    assert g.returns() == [-2, 4, -2]
