"""La Prime (seed 004; spec prime.md): the coup's phases, settlement, chips, hidden information, records.

Seats: A = 0, B = 1, C = 2, D = 3; the dealer is the last seat, so A is eldest and speaks first.
Expected chips are worked out by hand from the seed's sentences quoted at each test.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

import atout
from atout.core.cardset import codes
from atout.core.packs import PRIME40
from atout.games.prime import PrimeRules, PrimeState, evaluate
from conftest import codes_in, random_playout

RECORDS = Path(__file__).parent / "records" / "prime"


def deal_for(first: list[list[str]], completions: dict[int, list[str]], eldest: int = 0) -> dict[str, Any]:
    """An explicit deal: two cards per seat, then a stock that completes the given participants (in
    turn order from eldest, one card at a time) with the listed cards; the rest in pack order."""
    n = len(first)
    order = [(eldest + k) % n for k in range(n) if (eldest + k) % n in completions]
    stock: list[str] = []
    for i in range(max((len(v) for v in completions.values()), default=0)):
        stock += [completions[s][i] for s in order if i < len(completions[s])]
    used = {c for h in first for c in h} | set(stock)
    assert len(used) == 2 * n + len(stock), "a card twice in the hand-written deal"
    stock += [c.code for c in PRIME40.cards if c.code not in used]
    return {"hands": first, "stock": stock}


def new(**kwargs: Any) -> PrimeState:
    """``atout.new_game("prime", …)``, typed as the Prime state."""
    state = atout.new_game("prime", **kwargs)
    assert isinstance(state, PrimeState)
    return state


def play(state: atout.GameState, *actions: str) -> None:
    for a in actions:
        state.apply(a)


def snapshot(state: atout.GameState) -> str:
    return json.dumps([state.to_record(), state.observation(0).to_json(), state.returns()], sort_keys=True)


# --- worked examples of the spec (seed 004) -------------------------------------------------------------
def test_prime3_equal_primes_at_the_top_nobody_wins_or_loses() -> None:
    """PRIME-3. Seed: "personne ne gagne ni perd, lorsque ces égalités sont supérieures au jeu des autres"."""
    deal = deal_for(
        [["7H", "6S"], ["7S", "7D"], ["JD", "2D"]],
        {0: ["AD", "5C"], 1: ["6H", "KC"], 2: ["4D", "KH"]},
    )
    g = atout.new_game("prime", players=3, deal=deal, dealer=2, seed=1)
    play(g, "bet 4", "accept", "accept")
    assert [sorted(c.code for c in g.observation(s).hand) for s in range(3)] == [
        ["5C", "6S", "7H", "AD"], ["6H", "7D", "7S", "KC"], ["2D", "4D", "JD", "KH"]]
    # A (eldest) holds a prime: he must show it (seed 004), so the hands are compared at once.
    assert [str(a) for a in g.legal_actions()] == ["show"]
    play(g, "show")
    assert g.is_terminal() and g.returns() == [0, 0, 0]
    scored = [e for e in g.events() if e.kind == "deal_scored"][-1].data
    assert scored["tie"] == [0, 1] and scored["winner"] is None and scored["shown_early"] == 0
    assert [(h["category"], h["value"]) for h in scored["hands"]] == [("prime", 70), ("prime", 70), ("point", 36)]


def test_prime5_settlement_the_best_hand_wins_the_stake_from_every_other() -> None:
    """PRIME-5. Seed: "celui qui a les meilleures, gagne sur tous les autres ce qui a été parié"."""
    deal = deal_for(
        [["7D", "5D"], ["6C", "4C"], ["7S", "6S"], ["2H", "3H"]],
        {0: ["KS", "2S"], 1: ["3C", "QD"], 2: ["AS", "2D"]},  # A point 36, B point 45, C the 55
    )
    g = new(players=4, deal=deal, dealer=3, seed=1)
    play(g, "bet 5", "accept", "accept", "decline")
    assert g.pot == 15 and g.chips_total() == 400
    play(g, "no_show", "no_show", "no_show", "discard", "discard", "discard")
    assert g.returns() == [-5, -5, 10, 0]
    scored = [e for e in g.events() if e.kind == "deal_scored"][-1].data
    assert scored["winner"] == 2 and scored["pot"] == 15 and scored["declined"] == [3]
    assert scored["row"] == [-5, -5, 10, 0] and scored["stacks"] == [95, 95, 110, 100]


def test_prime6_consolation_when_nobody_accepts() -> None:
    """PRIME-6. Seed: "on donne à celui qui parie une consolation … Chacun des Joueurs doit la donner"."""
    g = atout.new_game("prime", players=4, seed=3, dealer=3, consolation=1)
    play(g, "bet 3", "decline", "decline", "decline")
    assert g.returns() == [3, -1, -1, -1]
    scored = [e for e in g.events() if e.kind == "deal_scored"][-1].data
    assert scored["consolation"] == [0, 1, 1, 1] and scored["hands"] == []


def test_prime7_partnerships_score_per_team() -> None:
    """PRIME-7. Seed: "on peut jouer en société de deux à deux"; D10: individual play, team scoring."""
    deal = deal_for(
        [["2S", "3S"], ["7H", "7D"], ["4S", "JS"], ["2C", "3D"]],
        {0: ["QD", "KC"], 1: ["7C", "5S"], 2: ["2H", "KH"], 3: ["4H", "5H"]},  # B: prime 78, the best
    )
    g = atout.new_game("prime", players=4, variant="societe", deal=deal, dealer=3, seed=2)
    play(g, "bet 2", "accept", "accept", "accept")
    play(g, "no_show", "show")  # A: point 25, nothing to show; B must show his prime 78 (seed 004)
    assert g.returns() == [-2, 6, -2, -2]
    assert isinstance(g, PrimeState) and g.team_returns() == [-4, 4]  # team AC -4, team BD +4
    assert [e for e in g.events() if e.kind == "deal_scored"][-1].data["teams"] == [-4, 4]
    # B's partner D called and paid B: the breakdown says partners play their own hands (a newcomer's partner
    # "took his chip" and he looked for the rule)
    from atout.present import Table, breakdown

    scored = [e for e in g.events() if e.kind == "deal_scored"][-1]
    assert "  (each plays his own hand, even against his partner: what two partners pay each other cancels out in " \
           "their side)" in breakdown(scored, "en", Table("prime", 4))


def test_prime1_flux_beats_55_at_the_table() -> None:
    """PRIME-1 played: A holds the 55, B the flux 54; C declines."""
    deal = deal_for([["7H", "6H"], ["2C", "3C"], ["JD", "QD"]], {0: ["AH", "KS"], 1: ["4C", "5C"]})
    g = atout.new_game("prime", players=3, deal=deal, dealer=2, seed=1)
    play(g, "bet 2", "accept", "decline")
    assert [str(a) for a in g.legal_actions()] == ["no_show"]  # A's 55 may not be shown early (seed 004)
    play(g, "no_show", "show")  # B shows his flux: straight to the showdown (D8)
    assert g.is_terminal() and g.returns() == [-2, 2, 0]


SHOWN = ("no_show", "show")  # A has no prime or flux; B holds one and must show it (seed 004)
KEPT = ("no_show", "no_show", "discard", "discard")  # no made hand: both keep their cards


@pytest.mark.parametrize(
    ("name", "a", "b", "moves", "expected"),
    [
        ("PRIME-1", "7H 6H AH KS", "2C 3C 4C 5C", SHOWN, [-2, 2, 0]),  # flux 54 beats the 55
        ("PRIME-2", "AS 6S 7S 2D", "7H 7D 7C 5S", SHOWN, [2, -2, 0]),  # the 55 beats prime 78
        ("PRIME-4", "7D 5D KS 2H", "6C 4C 3C QD", KEPT, [-2, 2, 0]),  # point 36 against point 45
        ("PRIME-4b", "7S 6S 7H 6H", "5C 4C 3C KD", KEPT, [-2, 2, 0]),  # 39 (the better pair) against 42
    ],
)
def test_two_hand_examples_at_the_table(name: str, a: str, b: str, moves: tuple[str, ...], expected: list[int]) -> None:
    """PRIME-1, 2, 4 played: A bets 2, B accepts, C declines; a prime or flux is shown (seed 004), else
    nobody discards. Either way the four cards dealt are the ones compared."""
    ha, hb = a.split(), b.split()
    rest = [c.code for c in PRIME40.cards if c.code not in ha + hb]
    g = atout.new_game("prime", players=3, deal=deal_for([ha[:2], hb[:2], rest[:2]], {0: ha[2:], 1: hb[2:]}), dealer=2, seed=1)
    play(g, "bet 2", "accept", "decline", *moves)
    assert g.is_terminal() and g.returns() == expected, name


# --- rules of the coup --------------------------------------------------------------------------------
def test_nobody_bets_the_coup_is_void_and_the_deal_passes() -> None:
    """D5: a void coup; the deal passes to the next player (spec §1)."""
    g = atout.new_game("prime", players=3, seed=4, dealer=0, deals=2)
    play(g, "pass", "pass", "pass")
    assert g.sheet() == [[0, 0, 0]] and g.dealer == 1 and g.current_player == 2


def test_a_passer_lays_aside_and_is_completed_to_four() -> None:
    """Seed: "Celui qui n'a rien, passe, & si ses deux cartes sont toutes les deux mauvaises, il les écarte.
    S'il y en a une bonne la retient"; then the dealer gives cards up to four (D7)."""
    g = atout.new_game("prime", players=3, seed=5, dealer=2)
    a_cards = [c.code for c in g.observation(0).hand]
    legal = {str(a) for a in g.legal_actions()}
    assert {"pass", f"pass {a_cards[0]}", f"pass {a_cards[1]}", f"pass {a_cards[0]} {a_cards[1]}"} <= legal
    play(g, f"pass {a_cards[0]} {a_cards[1]}", "bet 1", "decline", "accept")
    assert g.phase == "show" and len(g.observation(0).hand) == 4 and len(g.observation(1).hand) == 4
    assert not {a_cards[0], a_cards[1]} & {c.code for c in g.observation(0).hand}
    assert g.observation(1).public["laid_aside"] == [2, 0, 0]  # the count is public, the cards are not
    assert g.public_action(f"pass {a_cards[0]}") == "pass (1 hidden)"


def test_calling_goes_round_from_the_bettor_including_passers() -> None:
    """Spec §4.3: after a bet every other player in turn, passers included, accepts or declines."""
    g = atout.new_game("prime", players=5, seed=6, dealer=4)
    play(g, "pass", "pass", "bet 3")
    assert [g.current_player] == [3] and g.phase == "calling"
    play(g, "accept", "decline", "decline")
    assert g.current_player == 1  # round to the player before the bettor
    play(g, "accept")
    assert g.phase == "show" and g.observation(0).public["participants"] == [1, 2, 3]


def test_second_discard_replaces_one_for_one() -> None:
    """Seed: "Il écarte une, deux, trois, & même toutes ses 4 cartes. Le distributeur … remplace"."""
    g = atout.new_game("prime", players=3, seed=7, dealer=2)
    play(g, "bet 1", "accept", "accept")
    while g.phase == "show":
        g.apply("no_show")
    hand = [c.code for c in g.observation(0).hand]
    g.apply("discard " + " ".join(hand))
    new = [c.code for c in g.observation(0).hand]
    assert len(new) == 4 and not set(new) & set(hand)
    assert len(g.legal_actions()) == 16  # 0 to 4 cards of four: 2**4 ways


def test_stock_runs_out_dead_cards_are_reused() -> None:
    """D9: six players discarding everything need more than 40 cards; the discards come back. A deal
    where someone holds a prime or a flux after the completion has no second discard (seed 004: it is
    shown), so only the others can run the stock out: at least a third of 30 deals do."""
    renewed = 0
    for seed in range(30):
        g = new(players=6, seed=seed, dealer=5)
        hands0 = [[c.code for c in g.observation(s).hand] for s in range(6)]
        play(g, *[f"pass {' '.join(h)}" for h in hands0[:5]], "bet 1", *["accept"] * 5)
        while g.phase == "show":
            g.apply(g.legal_actions()[0])  # no_show, or show when it is the only action
        second = g.phase == "second_discard"
        while not g.is_terminal():
            g.apply(g.legal_actions()[-1])  # the last: discard all four
        assert any(e.kind == "stock_renewed" for e in g.events()) == second, seed
        renewed += second
        assert sum(g.returns()) == 0 and g.chips_total() == 600
    assert renewed >= 10


def test_records_with_restocks_replay_exactly() -> None:
    """D9's reshuffle comes from the seed and the deal's number: a replay (explicit deals, dealer given)
    draws the same cards as the game that was played with a dealer drawn by lot."""
    renewed = 0
    for seed in range(12):
        g = new(players=6, seed=seed, deals=3)
        rng = random.Random(seed)
        while not g.is_terminal():
            acts = g.legal_actions()
            accept = [a for a in acts if a.kind == "accept"]
            g.apply(rng.choice(accept) if accept else acts[-1] if acts[-1].kind == "discard" else rng.choice(acts))
        renewed += any(e.kind == "stock_renewed" for e in g.events())
        again = atout.replay(atout.loads(atout.dumps(g.to_record())))
        assert again.to_record() == g.to_record()
    assert renewed >= 6  # most matches restock at least once (a shown prime or flux skips the discard)


def test_show_only_a_prime_or_flux() -> None:
    """Seed: "Avant le second écart, on ne peut montrer que la prime ou flux"."""
    deal = deal_for([["7H", "6H"], ["2C", "3C"], ["JD", "QD"]], {0: ["AH", "KS"], 1: ["4C", "5C"]})
    g = atout.new_game("prime", players=3, deal=deal, dealer=2, seed=1)
    play(g, "bet 2", "accept", "decline")
    before = snapshot(g)
    with pytest.raises(atout.IllegalAction) as err:
        g.apply("show")
    assert err.value.code == "no_made_hand" and "seed 004" in str(err.value.params["cite"])
    assert snapshot(g) == before


def test_tie_refers_only_to_the_top() -> None:
    """D11 / seed: ties below the best hand do not matter; everyone else pays the best."""
    deal = deal_for(
        [["7H", "6H"], ["7S", "5S"], ["7D", "5D"]],
        {0: ["AH", "KS"], 1: ["KD", "2C"], 2: ["KC", "2H"]},  # A the 55; B and C point 36 each
    )
    g = atout.new_game("prime", players=3, deal=deal, dealer=2, seed=1)
    play(g, "bet 6", "accept", "accept", "no_show", "no_show", "no_show", "discard", "discard", "discard")
    assert g.returns() == [12, -6, -6]


def test_two_cards_each_and_eldest_speaks_first() -> None:
    """Seed: the dealer "en donne deux à chacun des Joueurs"; D2: eldest is the dealer's right (seat + 1)."""
    for players in (3, 4, 5, 6):
        g = atout.new_game("prime", players=players, seed=players, dealer=1)
        assert [len(g.observation(s).hand) for s in range(players)] == [2] * players
        assert g.current_player == 2 % players and g.phase == "opening"
        record = g.to_record()
        assert len(record["deal"]["stock"]) == 40 - 2 * players


def test_consolation_is_paid_only_with_chips_one_has() -> None:
    """Seed: each player gives the consolation; ours: nobody pays chips he has not (table stakes)."""
    g = atout.new_game("prime", players=4, seed=1, dealer=3, chips=3, consolation=5)
    play(g, "bet 1", "decline", "decline", "decline")
    assert g.returns() == [9, -3, -3, -3]
    assert isinstance(g, PrimeState) and g.chips_total() == 12


def test_a_player_who_cannot_cover_the_stake_may_only_decline() -> None:
    """Ours: table stakes. B loses 8 of his 10 chips, then cannot accept a bet of 5."""
    first = deal_for([["7H", "6H"], ["2C", "3D"], ["JD", "QD"]], {0: ["AH", "5H"], 1: ["KS", "4D"]})
    g = atout.new_game("prime", players=3, deal=[first], dealer=2, seed=3, chips=10, deals=2)
    play(g, "bet 8", "accept", "decline", "show")  # A's flux of hearts (70) is shown at once (seed 004)
    assert g.sheet() == [[8, -8, 0]] and g.dealer == 0 and g.current_player == 1
    play(g, "pass", "bet 5", "accept")  # C bets, A accepts; B (2 chips) speaks last
    assert [str(a) for a in g.legal_actions()] == ["decline"]
    before = snapshot(g)
    with pytest.raises(atout.IllegalAction) as err:
        g.apply("accept")
    assert err.value.code == "cannot_cover" and err.value.params["stack"] == 2
    assert snapshot(g) == before


# --- refusals: typed, citing the seed, state unchanged --------------------------------------------------
@pytest.mark.parametrize(
    ("actions", "bad", "code"),
    [
        ([], "bet 11", "stake_out_of_range"),  # max_stake 10 (seed 004: "le plus fort pari n'ira pas au-delà")
        ([], "bet 0", "stake_out_of_range"),
        ([], "bet x", "bad_stake"),
        ([], "accept", "not_now"),
        ([], "pass KS QS 2S", "too_many_cards"),
        ([], "discard", "not_now"),
        (["bet 2"], "bet 3", "not_now"),  # D6: one bet, no raise
        (["bet 2"], "pass", "not_now"),
        (["bet 2", "accept", "accept"], "discard", "not_now"),
    ],
)
def test_bad_actions_are_refused(actions: list[str], bad: str, code: str) -> None:
    g = atout.new_game("prime", players=3, seed=11, dealer=2)
    play(g, *actions)
    before = snapshot(g)
    with pytest.raises(atout.IllegalAction) as err:
        g.apply(bad)
    assert err.value.code == code, str(err.value)
    assert "seed 004" in str(err.value) or "D7" in str(err.value)
    assert snapshot(g) == before


def test_passing_a_card_not_in_hand_is_refused() -> None:
    g = atout.new_game("prime", players=3, seed=11, dealer=2)
    mine = {c.code for c in g.observation(0).hand}
    other = next(c.code for c in PRIME40.cards if c.code not in mine)
    with pytest.raises(atout.IllegalAction) as err:
        g.apply(f"pass {other}")
    assert err.value.code == "not_in_hand" and err.value.params["cards"] == [other]


def test_a_player_cannot_stake_chips_he_has_not() -> None:
    """Ours: table stakes, no credit; the bet limit is also the stack."""
    g = atout.new_game("prime", players=3, seed=1, dealer=2, chips=3)
    assert [str(a) for a in g.legal_actions() if a.kind == "bet"] == ["bet 1", "bet 2", "bet 3"]
    with pytest.raises(atout.IllegalAction) as err:
        g.apply("bet 4")
    assert err.value.code == "stake_over_stack"


def test_bad_options_and_deals() -> None:
    with pytest.raises(ValueError):
        atout.new_game("prime", players=3, variant="societe")
    with pytest.raises(ValueError):
        atout.new_game("prime", players=5, partnerships=True)
    with pytest.raises(ValueError):
        atout.new_game("prime", players=3, max_stake=0)
    with pytest.raises(ValueError):
        atout.new_game("prime", players=3, first_discard="never")
    with pytest.raises(atout.RecordError, match="not in the 40-card pack"):
        atout.new_game("prime", players=3, deal={"hands": [["8H", "2H"], ["3H", "4H"], ["5H", "6H"]]})
    with pytest.raises(atout.RecordError, match="twice"):
        atout.new_game("prime", players=3, deal={"hands": [["7H", "2H"], ["7H", "4H"], ["5H", "6H"]]})


# --- the spec's D7 reading as an option ------------------------------------------------------------------
def test_first_discard_after_calling_option() -> None:
    """Spec D7: every participant may lay aside 0-2 cards after the calling round."""
    g = atout.new_game("prime", players=3, seed=9, dealer=2, first_discard="after_calling")
    assert [str(a) for a in g.legal_actions() if a.kind == "pass"] == ["pass"]
    play(g, "pass", "bet 2", "accept", "accept")
    assert g.phase == "first_discard" and g.current_player == 0
    hand = [c.code for c in g.observation(0).hand]
    play(g, f"discard {hand[0]}", "discard", "discard")
    assert g.phase == "show" and len(g.observation(0).hand) == 4


# --- showing a made hand: compulsory by the seed (default), optional by the spec's D8 (option) --------------
PRIME3 = deal_for([["7H", "6S"], ["7S", "7D"], ["JD", "2D"]], {0: ["AD", "5C"], 1: ["6H", "KC"], 2: ["4D", "KH"]})


def test_showing_is_compulsory_by_default() -> None:
    """Seed 004: "Si dans cette distribution de cartes, il ne se trouve pas un jeu fait, & qu'on puisse
    montrer, chacun écarte une seconde fois": the second discard is only for a table without a prime or a
    flux, so whoever holds one shows it. Over random coups (3-6 players), in the show round the legal
    actions are exactly ["show"] with a prime or a flux in hand and ["no_show"] otherwise."""
    assert PrimeRules().show == "compulsory"
    seen = {"show": 0, "no_show": 0}
    for seed in range(120):
        g = new(players=3 + seed % 4, seed=seed, deals=2)
        rng = random.Random(seed)
        while not g.is_terminal():
            if g.phase == "show":
                seat = g.current_player
                assert seat is not None
                made = evaluate(g.observation(seat).hand).category.word in ("prime", "flux")
                legal = [str(a) for a in g.legal_actions()]
                assert legal == (["show"] if made else ["no_show"]), (seed, legal)
                seen[legal[0]] += 1
            acts = g.legal_actions()
            accept = [a for a in acts if a.kind == "accept"]
            g.apply(accept[0] if accept else rng.choice(acts))
    assert min(seen.values()) >= 20, seen


def test_no_show_with_a_made_hand_is_refused_and_changes_nothing() -> None:
    """Seed 004 (the same sentence): PRIME-3's A holds a prime 70 after the completion; `no_show` is
    refused with the code `must_show`, citing the seed, and the state is unchanged."""
    g = new(players=3, deal=PRIME3, dealer=2, seed=1)
    play(g, "bet 4", "accept", "accept")
    before = snapshot(g)
    with pytest.raises(atout.IllegalAction) as err:
        g.apply("no_show")
    assert err.value.code == "must_show" and "seed 004" in str(err.value)
    assert "jeu fait" in str(err.value.params["cite"])
    assert snapshot(g) == before and g.phase == "show" and g.current_player == 0
    from atout.present import cite_in, say_error

    assert say_error(err.value, "fr", "prime").startswith("Vous avez une prime ou un flux\u00a0: il faut le montrer")
    assert say_error(err.value, "en", "prime").endswith(f"[{cite_in(err.value.params['cite'], 'en')}]")


def test_showing_is_optional_with_the_spec_d8_option() -> None:
    """Spec D8 ("Whether showing is compulsory is not said; here it is optional"), option show="optional":
    PRIME-3 with both primes kept quiet, nobody discarding; the same hands, the same tie: all 0."""
    g = new(players=3, deal=PRIME3, dealer=2, seed=1, show="optional")
    play(g, "bet 4", "accept", "accept")
    assert [str(a) for a in g.legal_actions()] == ["no_show", "show"]
    play(g, "no_show", "no_show", "no_show", "discard", "discard", "discard")
    assert g.is_terminal() and g.returns() == [0, 0, 0]
    scored = [e for e in g.events() if e.kind == "deal_scored"][-1].data
    assert scored["tie"] == [0, 1] and scored["shown_early"] is None


@pytest.mark.parametrize("bad", ["sometimes", "", True, None, 1])
def test_the_show_option_is_checked(bad: Any) -> None:
    """The option takes only the two readings; anything else is a ValueError naming the option."""
    with pytest.raises(ValueError, match="option 'show' must be one of 'compulsory', 'optional'"):
        new(players=3, seed=1, show=bad)
    with pytest.raises(ValueError, match="show must be one of compulsory, optional"):
        PrimeRules(players=3, show=bad)


@pytest.mark.parametrize("show", ["compulsory", "optional"])
def test_records_replay_under_both_show_rules(show: str) -> None:
    """A record states the show rule in its options and replays under it; a record of the optional
    reading where a prime was kept quiet does not replay under the seed's rule (a RecordError)."""
    for seed in range(10):
        g = new(players=4, seed=seed, deals=3, show=show)
        rng = random.Random(seed)
        while not g.is_terminal():
            acts = g.legal_actions()
            accept = [a for a in acts if a.kind == "accept"]
            g.apply(accept[0] if accept else rng.choice(acts))
        record = atout.loads(atout.dumps(g.to_record()))
        assert record["options"]["show"] == show
        assert atout.replay(record).to_record() == g.to_record()
    g = new(players=3, deal=PRIME3, dealer=2, seed=1, show="optional")
    play(g, "bet 4", "accept", "accept", "no_show", "no_show", "no_show", "discard", "discard", "discard")
    record = g.to_record()
    assert atout.replay(record).returns() == [0, 0, 0]
    record["options"]["show"] = "compulsory"
    with pytest.raises(atout.RecordError, match="no_show"):
        atout.replay(record)


# --- random play: chips conserved, cards accounted for, zero-sum, hidden information ------------------------
CONFIGS = [("chacun_pour_soi", 3), ("chacun_pour_soi", 4), ("chacun_pour_soi", 5), ("chacun_pour_soi", 6), ("societe", 4)]


@pytest.mark.parametrize(("variant", "players"), CONFIGS)
def test_chips_are_never_created_or_lost(variant: str, players: int) -> None:
    """Property over 1,000 seeded random deals per configuration: stacks + pot constant after every
    action, the 40 cards always in exactly one place, legal actions only, the rows add to returns."""
    pack = PRIME40.mask
    for seed in range(250):
        g = atout.new_game("prime", players=players, variant=variant, seed=seed, deals=4, chips=40)
        assert isinstance(g, PrimeState)
        rng = random.Random(seed)
        total = g.chips_total()
        while not g.is_terminal():
            g.apply(rng.choice(g.legal_actions()))
            assert g.chips_total() == total and min(g.stacks) >= 0
            places = [*g.hands, sum(1 << c for c in g.stock), sum(1 << c for c in g.dead)]
            assert sum(m.bit_count() for m in places) == 40
            union = 0
            for m in places:
                union |= m
            assert union == pack
        assert sum(g.returns()) == 0
        assert [sum(col) for col in zip(*g.sheet(), strict=True)] == g.returns()


@pytest.mark.parametrize(("variant", "players"), CONFIGS)
def test_events_hide_what_the_seat_may_not_see(variant: str, players: int) -> None:
    """A seat's events hold only cards it holds or laid aside; public events only shown hands."""
    for seed in range(40):
        g = new(players=players, variant=variant, seed=seed)
        rng = random.Random(seed)
        seen: list[set[str]] = [set(codes(g.known_cards(s))) for s in range(players)]
        while True:
            for s in range(players):
                seen[s] |= set(codes(g.known_cards(s)))
            shown = set().union(*(set(codes(m)) for m in g.shown))
            for e in g.events():
                cards = codes_in(json.dumps(e.to_json()))
                allowed = shown if e.to is None else seen[e.to]
                assert cards <= allowed, f"seed {seed}: {e.kind} to {e.to} shows {cards - allowed}"
            if g.is_terminal():
                break
            g.apply(rng.choice(g.legal_actions()))


def test_simulate_is_deterministic_and_conserves_chips() -> None:
    from atout.sim import simulate

    a = simulate("prime", players=5, deals=150, seed=1)
    b = simulate("prime", players=5, deals=150, seed=1)
    assert a.totals == b.totals and sum(a.totals) == 0
    assert a.state is not None and b.state is not None and a.state.to_record() == b.state.to_record()


# --- records ------------------------------------------------------------------------------------------
@pytest.mark.parametrize("path", sorted(RECORDS.glob("*.json")), ids=lambda p: p.stem)
def test_records_replay(path: Path) -> None:
    record = atout.loads(path.read_text(encoding="utf-8"))
    state = atout.replay(record)
    assert state.returns() == record["result"]["returns"]


# --- the presentation layer: every event and refusal said in French and English ----------------------------
def test_every_event_and_error_is_said_in_both_languages() -> None:
    from atout.present import Table, breakdown, phrases, say, say_error

    kinds: set[str] = set()
    for variant, players in CONFIGS:
        for opt in ("pass", "after_calling"):
            g = random_playout(atout.new_game("prime", players=players, variant=variant, seed=5, deals=40, first_discard=opt), 5)
            for e in g.events():
                kinds.add(e.kind)
                for lang in ("fr", "en"):
                    for me in (None, e.seat):
                        say(e, lang, Table("prime", players, me=me))
                    if e.kind == "deal_scored":
                        lines = breakdown(e, lang, Table("prime", players))
                        assert len(lines) >= 2
    assert {"bet", "accept", "decline", "consolation", "showdown", "show", "deal_scored", "discard", "pass"} <= kinds
    codes_raised = {"bad_stake", "stake_out_of_range", "stake_over_stack", "not_now", "too_many_cards", "duplicate_card",
                    "not_in_hand", "not_a_card", "cannot_cover", "no_made_hand", "must_show"}
    book = phrases("prime")
    for lang in ("fr", "en"):
        assert codes_raised <= set(book.errors[lang])
    g = atout.new_game("prime", players=3, seed=1)
    with pytest.raises(atout.IllegalAction) as err:
        g.apply("bet 99")
    assert say_error(err.value, "fr", "prime").startswith("Le pari va de 1 à 10 jetons. [texte 004")


def test_showdown_breakdown_names_each_hand() -> None:
    """The breakdown of PRIME-5 lets a player check the chips by hand."""
    from atout.present import Table, breakdown

    state = atout.replay(atout.loads((RECORDS / "prime5_settlement.json").read_text(encoding="utf-8")))
    scored = [e for e in state.events() if e.kind == "deal_scored"][-1]
    text = "\n".join(breakdown(scored, "en", Table("prime", 4)))
    assert "a point of 36" in text and "a point of 45" in text and "the fifty-five" in text
    assert "Player 3 wins 5 from each of the 2 others: +10" in text
    # which cards make each point (7♦ 21 + 5♦ 15 = 36; 6♣ 18 + 4♣ 14 + 3♣ 13 = 45), and why the 55 won over the
    # best point, 45 (seed 004: "On gagne par le point, par la Prime, par le 55. ou par le flux", weakest first)
    assert "a point of 36 (5 of Diamonds and 7 of Diamonds)" in text
    assert "a point of 45 (3 of Clubs, 4 of Clubs and 6 of Clubs)" in text
    assert "(the fifty-five beats a point, whatever the sums: the flux, then the fifty-five, then the prime, then " \
           "the point)" in text
    fr = "\n".join(breakdown(scored, "fr", Table("prime", 4))).replace("\u00a0", " ").replace("\u202f", " ")
    assert "(le cinquante-cinq bat un point, quelles que soient les sommes : le flux, puis le cinquante-cinq" in fr


# --- the command line -------------------------------------------------------------------------------------
def _cli(*args: str, stdin: str = "", records: Path | None = None) -> Any:
    import os
    import subprocess
    import sys

    atout_bin = Path(sys.executable).parent / "atout"
    env = {**os.environ, "ATOUT_RECORDS": str(records)} if records is not None else None
    return subprocess.run([str(atout_bin), *args], input=stdin, capture_output=True, text=True, timeout=120, check=False, env=env)


def test_cli_simulate_rules_replay_and_play(tmp_path: Path) -> None:
    out = _cli("simulate", "prime", "--players", "4", "--variant", "societe", "--deals", "300", "--seed", "1", "--json")
    assert out.returncode == 0, out.stderr
    result = json.loads(out.stdout)
    assert result["zero_sum"] and result["deals"] == 300 and len(result["totals"]) == 4
    for lang, word in (("fr", "Valeur des cartes"), ("en", "Card values")):
        out = _cli("rules", "prime", "--lang", lang)
        assert out.returncode == 0 and word in out.stdout
    out = _cli("replay", str(RECORDS / "prime7_partnership.json"))
    assert out.returncode == 0 and "[-2, 6, -2, -2]" in out.stdout
    bad = tmp_path / "bad.json"
    record = json.loads((RECORDS / "prime5_settlement.json").read_text(encoding="utf-8"))
    record["actions"][0]["action"] = "bet 11"
    bad.write_text(json.dumps(record), encoding="utf-8")
    out = _cli("replay", str(bad))
    assert out.returncode == 2 and "Traceback" not in out.stderr + out.stdout
    # A whole coup typed by a human at seat 0 (always the first legal action) against the heuristic bots.
    from atout.bots import make_bot

    seed = 6
    g = atout.new_game("prime", players=3, seed=seed)
    bots = [make_bot("prime", "heuristic", seed=seed * 1009 + s + 1) for s in range(3)]
    typed = []
    while not g.is_terminal():
        seat = g.current_player
        assert seat is not None
        a = g.legal_actions()[0] if seat == 0 else bots[seat].act(g.observation(seat))
        if seat == 0:
            typed.append(str(a))
        g.apply(a)
    saved = tmp_path / "saved"
    typed_text = "\n".join(typed) + "\n"
    out = _cli("play", "prime", "--players", "3", "--seed", str(seed), "--lang", "en", stdin=typed_text, records=saved)
    assert out.returncode == 0 and "Refused" not in out.stdout and "Traceback" not in out.stdout + out.stderr, out.stdout[-500:]
    for path in saved.glob("*.json"):  # the game the terminal saved replays to the same chips
        assert atout.replay(atout.loads(path.read_text(encoding="utf-8"))).returns() == g.returns()
