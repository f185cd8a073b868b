"""The rollout path (issue 11): the Tarot kernel plays exactly the API's games; the generic rollout for every game.

The reference is the public API driven by the same policy and :class:`RolloutRng` (``api_trace``): for each
seeded case, from a fresh deal and from random mid-deal states of every phase, the kernel's chosen indices
and returns must be equal. ``ATOUT_SLOW=1`` plays 2,000 cases per table instead of 60.
"""

from __future__ import annotations

import os
from fractions import Fraction
from typing import Any

import numpy as np
import pytest

import atout
from atout.core.rollout import POLICIES, RolloutRng, api_rollout, api_trace, choose, rollout
from atout.games.tarot import _kernel as K
from atout.games.tarot.rollout import encode, pack, python_kernel, random_deals, rollout_trace, run_encoded

CASES = 2000 if os.environ.get("ATOUT_SLOW") else 60
TABLES = [(p, v, opts) for v in ("seed", "fft") for p in (3, 4, 5)
          for opts in ({}, {"count_method": "seed_literal", "capot_value": 1000, "italian": True})]


def _advance(game: Any, rng: RolloutRng, steps: int) -> None:
    for _ in range(steps):
        if game.is_terminal():
            return
        actions = game.legal_actions()
        game.apply(actions[rng.below(len(actions))])


def _snapshot(game: Any) -> Any:
    return (game.to_record(), [str(a) for a in game.legal_actions()], list(game.hands), game.phase)


# --- the generator -------------------------------------------------------------------------------------
def test_splitmix64_reference_values() -> None:
    # Vigna's splitmix64.c seeded with 0: the first outputs (the reference values quoted for xoshiro seeding).
    r = RolloutRng(0)
    assert [r.next() for _ in range(3)] == [0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4, 0x06C45D188009454F]


def test_kernel_generator_is_the_python_generator() -> None:
    for seed in (0, 1, 2**63 + 5, 2**64 - 1):
        py, word = RolloutRng(seed), np.array([seed], np.uint64)
        assert [py.next() for _ in range(20)] == [int(K.next_word(word)) for _ in range(20)]
        for n in (1, 2, 3, 7, 22, 78):
            assert py.below(n) == K.below(word, n)
        assert py.state == int(word[0])


def test_below_is_in_range_and_roughly_uniform() -> None:
    r = RolloutRng(3)
    counts = [0] * 6
    for _ in range(6000):
        counts[r.below(6)] += 1
    assert min(counts) > 850 and max(counts) < 1150  # 1000 each, ~4 standard deviations
    assert RolloutRng(9).clone().next() == RolloutRng(9).next()


@pytest.mark.parametrize("bad", [0, -1, 1.5, True])
def test_below_refuses_a_bad_bound(bad: Any) -> None:
    with pytest.raises(ValueError, match="positive integer"):
        RolloutRng(1).below(bad)


def test_bad_seed_and_policy_are_refused() -> None:
    with pytest.raises(ValueError, match="seed must be an integer"):
        RolloutRng("1")  # type: ignore[arg-type]
    g = atout.new_game("tarot", seed=1)
    with pytest.raises(ValueError, match="unknown rollout policy 'greedy'"):
        rollout_trace(g, "greedy", RolloutRng(1))
    with pytest.raises(ValueError, match="unknown rollout policy"):
        api_rollout(g, "greedy", RolloutRng(1))
    with pytest.raises(ValueError, match="not an index below"):
        api_rollout(g, lambda state, actions, rng: 99, RolloutRng(1))


# --- Tarot: the kernel plays the API's games ----------------------------------------------------------
@pytest.mark.parametrize(("players", "variant", "opts"), TABLES)
def test_kernel_equals_api_from_fresh_and_mid_deal_states(players: int, variant: str, opts: dict[str, Any]) -> None:
    """Every phase (bidding, petit sec, call, écart steps, annonces, poignée steps, play): same moves, same scores."""
    phases = set()
    for k in range(CASES):
        game = atout.new_game("tarot", players=players, variant=variant, seed=k, **opts)
        walk = RolloutRng(1000 + k)
        _advance(game, walk, 0 if k % 3 == 0 else walk.below(16 if k % 3 == 1 else 100))  # early phases too
        if game.is_terminal():
            continue
        phases.add(game.phase + ("+showing" if game.shower >= 0 else ""))
        policy = "first" if k % 7 == 6 else "random"
        before = _snapshot(game)
        expected = api_trace(game, policy, RolloutRng(k))
        rng = RolloutRng(k)
        got = rollout_trace(game, policy, rng)
        assert got == expected, (players, variant, opts, k, game.phase)
        assert _snapshot(game) == before  # the state is left unchanged
        assert sum(got[0]) == 0  # zero-sum (seed §11, FFT rule 2)
    assert {"bidding", "play"} <= phases  # (the short phases are sought out in test_kernel_equals_api_in_rare_positions)


def test_rng_ends_in_the_same_position_on_both_paths() -> None:
    g = atout.new_game("tarot", players=4, seed=11)
    a, b = RolloutRng(5), RolloutRng(5)
    api_trace(g, "random", a)
    rollout_trace(g, "random", b)
    assert a.state == b.state


def _find(players: int, variant: str, want: Any, tries: int = 3000) -> Any:
    """A state reached by random play where ``want(state)`` holds (deterministic: fixed seeds)."""
    for k in range(tries):
        g = atout.new_game("tarot", players=players, variant=variant, seed=k)
        walk = RolloutRng(k)
        for _ in range(200):
            if g.is_terminal():
                break
            if want(g):
                return g
            actions = g.legal_actions()
            g.apply(actions[walk.below(len(actions))])
    raise AssertionError("no such state")


@pytest.mark.parametrize(("players", "variant", "want", "label"), [
    (4, "seed", lambda g: g.phase == "annonces" and g.shower >= 0, "seed poignée shown card by card (§7)"),
    (5, "fft", lambda g: g.phase == "play" and g.shower >= 0, "FFT poignée at the first card (FFT rule 4)"),
    (5, "seed", lambda g: g.phase == "call", "the call at five (§5, D9)"),
    (5, "fft", lambda g: g.phase == "call", "the FFT call (FFT rule 10)"),
    (4, "seed", lambda g: g.phase == "petit_sec", "a petit sec to claim or not (seed 001 §3.1)"),
    (3, "seed", lambda g: g.phase == "ecart" and g.ecart, "an écart half laid (§6, D6)"),
    (5, "fft", lambda g: g.phase == "ecart", "the FFT écart (FFT rule 9)"),
    (4, "seed", lambda g: g.phase == "annonces" and g.ann_count == 2, "the seed's announcements (§7, D7)"),
    (3, "fft", lambda g: g.phase == "annonces", "the FFT chelem announcement (FFT rule 5)"),
    (4, "fft", lambda g: g.slam_announced and g.phase == "play", "an announced chelem (FFT rule 5)"),
    (4, "seed", lambda g: g.phase == "play" and g.debt >= 0, "an Excuse owing its low card (§9.3, D11)"),
    (5, "seed", lambda g: g.phase == "play" and len(g.trick) == 3, "mid-trick"),
])
def test_kernel_equals_api_in_rare_positions(players: int, variant: str, want: Any, label: str) -> None:
    game = _find(players, variant, want)
    for k in range(40):
        policy = POLICIES[k % 2]
        assert rollout_trace(game, policy, RolloutRng(k)) == api_trace(game, policy, RolloutRng(k)), label


def test_petit_sec_claim_and_multi_deal_matches_go_back_to_the_api() -> None:
    """A claimed petit sec redeals from the state's own generator (seed 001, D15); deals=3 plays three deals."""
    game = _find(4, "seed", lambda g: g.phase == "petit_sec")
    claimed = 0
    for k in range(30):
        got = rollout_trace(game, "random", RolloutRng(k))
        assert got == api_trace(game, "random", RolloutRng(k))
        claimed += got[1][0] == 1  # index 1 = 'petit_sec'
    assert claimed > 0
    for variant in ("seed", "fft"):
        match = atout.new_game("tarot", players=4, variant=variant, seed=3, deals=3)
        for k in range(10):
            assert rollout_trace(match, "random", RolloutRng(k)) == api_trace(match, "random", RolloutRng(k))


def test_a_callable_policy_takes_the_api_path() -> None:
    g = atout.new_game("tarot", players=3, seed=2)

    def last(state: Any, actions: list[Any], rng: RolloutRng) -> int:
        return len(actions) - 1

    assert rollout_trace(g, last, RolloutRng(0)) == api_trace(g, last, RolloutRng(0))


def test_the_kernel_without_jit_plays_the_same_games() -> None:
    """The kernel's source run as plain Python (as without numba) equals the compiled kernel."""
    assert not hasattr(python_kernel().run, "py_func")  # really interpreted
    for k, (players, variant) in enumerate([(3, "seed"), (4, "fft"), (5, "seed"), (5, "fft")]):
        g = atout.new_game("tarot", players=players, variant=variant, seed=k)
        _advance(g, RolloutRng(k), 3 * k)
        assert rollout_trace(g, "random", RolloutRng(k), python=True) == rollout_trace(g, "random", RolloutRng(k))
        py = random_deals(2, k, players, variant, python=True)
        jit = random_deals(2, k, players, variant)
        assert (py.rows == jit.rows).all() and py.decisions == jit.decisions


def test_determinism() -> None:
    g = atout.new_game("tarot", players=5, variant="fft", seed=8)
    assert rollout_trace(g, "random", RolloutRng(4)) == rollout_trace(g, "random", RolloutRng(4))
    a, b = random_deals(200, 7, 4, "seed"), random_deals(200, 7, 4, "seed")
    assert (a.rows == b.rows).all() and a.decisions == b.decisions
    assert not (a.rows == random_deals(200, 8, 4, "seed").rows).all()


# --- random_deals: whole deals inside the kernel --------------------------------------------------------
@pytest.mark.parametrize(("players", "variant", "opts"), TABLES)
def test_random_deals_replay_through_new_game(players: int, variant: str, opts: dict[str, Any]) -> None:
    """Each kernel deal (with its redeals) replayed through the API gives the same scores; invariants hold."""
    n = max(20, CASES // 2)
    r = random_deals(n, players * 100 + len(variant), players, variant, trace=True, **opts)
    assert r.deals is not None and r.dealers is not None and r.picks is not None
    for i in range(n):
        assert sum(r.returns(i)) == 0
        for deal in r.deals[i]:  # conservation: every card dealt once, the seed's sizes (§3)
            cards = [c for h in deal["hands"] for c in h] + list(deal["talon"])
            assert len(cards) == len(set(cards)) == 78
            assert {len(h) for h in deal["hands"]} == {atout.new_game("tarot", players=players).ntricks}
        game = atout.new_game("tarot", players=players, variant=variant, deal=r.deals[i], dealer=int(r.dealers[i]),
                              seed=0, **opts)
        for index in r.picks[i]:
            game.apply(game.legal_actions()[index])  # only legal moves: each index is in range
        assert game.is_terminal() and game.returns() == r.returns(i)
    assert r.decisions == sum(len(p) for p in r.picks)


def test_random_deals_refuses_bad_arguments() -> None:
    for kwargs, message in (({"n": -1}, "non-negative"), ({"players": 6}, "3, 4 or 5"),
                            ({"variant": "x"}, "no variant 'x'"), ({"policy": "greedy"}, "unknown rollout policy"),
                            ({"capot_value": 3}, "capot_value"), ({"colour": 1}, "colour")):
        args: dict[str, Any] = {"n": 1, "seed": 1, **kwargs}
        with pytest.raises(ValueError, match=message):
            random_deals(**args)


def test_encode_refuses_a_finished_deal() -> None:
    g = atout.new_game("tarot", seed=1)
    while not g.is_terminal():
        g.apply(g.legal_actions()[0])
    with pytest.raises(ValueError, match="deal is over"):
        encode(g)
    assert rollout_trace(g, "random", RolloutRng(0)) == (g.returns(), [])


# --- rules checked in the kernel directly, by hand -----------------------------------------------------
def _position(players: int, hands: dict[int, str], trick: str, leader: int) -> Any:
    """Kernel arrays for a play position: the given hands, ``trick`` already played from ``leader``."""
    from atout.core.cards import Card

    own = np.full(78, K.GONE, np.int8)
    for seat, text in hands.items():
        for code in text.split():
            own[Card.parse(code).id] = seat
    sv = np.zeros(K.NSV, np.int64)
    sv[K.NP], sv[K.PHASE], sv[K.LED], sv[K.BEST], sv[K.CALLED], sv[K.TAKER] = players, K.PH_PLAY, -1, -1, -1, 0
    sv[K.EX_SEAT], sv[K.SHOWER] = -1, -1
    enc = [own, np.full(78, -1, np.int8), np.zeros(78, np.bool_), sv, np.ones(5, np.int64), np.zeros(5, np.int64),
           np.full(5, -1, np.int64), np.zeros(5, np.int64)]
    sv[K.CUR] = leader
    row = np.zeros(5, np.int64)
    for code in trick.split():
        c = Card.parse(code).id
        own[c] = sv[K.CUR]
        K.apply(*enc, row, c)
    return enc


def _legal_codes(enc: Any) -> list[str]:
    from atout.core.cards import CARDS

    acts = np.empty(K.MAX_ACTIONS, np.int64)
    n = K.legal(enc[0], enc[2], enc[3], enc[5], acts)
    return [CARDS[int(a)].code for a in acts[:n]]


def test_kernel_must_overtrump_even_a_partner() -> None:
    # Seed 001 §9.1 "monter à l'atout": trumps led, T10 on the table; seat 1 holds T5 and T15: only T15 (and EX).
    enc = _position(4, {1: "T5 T15 KH EX"}, "T10", 0)
    assert _legal_codes(enc) == ["T15", "EX"]


def test_kernel_must_follow_then_trump_then_discard() -> None:
    # Seed 001 §9.1: follow the suit led without having to beat; void: trump (even under, "pisser"); else any card.
    assert _legal_codes(_position(4, {1: "3H KS T2"}, "QH", 0)) == ["3H"]
    assert _legal_codes(_position(4, {2: "KS T2 T3"}, "QH T9", 0)) == ["T2", "T3"]
    assert _legal_codes(_position(4, {1: "KS 4D"}, "QH", 0)) == ["KS", "4D"]
    assert _legal_codes(_position(4, {1: "3H T5"}, "EX", 0)) == ["3H", "T5"]  # a led Excuse fixes no suit (§9.3)


# --- the generic rollout, for every registered game ------------------------------------------------------
@pytest.mark.parametrize("info", atout.list_games(), ids=lambda i: i.name)
def test_generic_rollout_for_every_game(info: Any) -> None:
    for variant in info.variants:
        players = info.player_counts[variant][0]
        game = atout.new_game(info.name, players=players, variant=variant, seed=3)
        before = game.to_record()
        for policy in POLICIES:
            got = api_rollout(game, policy, RolloutRng(1))
            assert len(got) == players and all(isinstance(x, int | Fraction) for x in got)
            assert got == api_rollout(game, policy, RolloutRng(1))
            assert rollout(game, policy, RolloutRng(1)) == got  # the dispatcher: a fast path plays the same
            assert game.rollout(policy, RolloutRng(1)) == got  # the protocol's method (Tarot: the kernel)
        assert game.to_record() == before


def test_choose_follows_the_policy() -> None:
    g = atout.new_game("tarot", seed=1)
    actions = g.legal_actions()
    assert choose("first", g, actions, RolloutRng(0)) == 0
    assert choose("random", g, actions, RolloutRng(0)) == RolloutRng(0).below(len(actions))


def test_run_encoded_reports_a_petit_sec_claim() -> None:
    game = _find(4, "seed", lambda g: g.phase == "petit_sec")
    enc = encode(game)
    enc.sv[K.CUR] = game.current_player
    status, picks, _ = run_encoded(enc, 0, RolloutRng(next(k for k in range(99) if RolloutRng(k).below(2) == 1)))
    assert status == 1 and picks == [1]


def test_pack_layout_names_every_slot() -> None:
    """pack() writes the scalars in the order of the kernel's slot constants (read back from a mid-deal state)."""
    game = _find(5, "fft", lambda g: g.phase == "play" and g.trick_no == 2 and len(g.trick) == 2)
    words = pack(game)
    assert len(words) == K.PACKED
    sv = encode(game).sv
    for slot, value in ((K.NP, 5), (K.FFT, 1), (K.NEED, 3), (K.NTRICKS, 15), (K.CUR, game.current_player),
                        (K.TAKER, game.taker), (K.CALLED, game.called), (K.PARTNER, game.partner),
                        (K.LEADER, game.leader), (K.TRICK_LEN, 2), (K.LED, game.led), (K.BEST, game.best),
                        (K.WIN, game.win), (K.TRICK_NO, 2), (K.TW0, game.tricks_won[0]), (K.TW1, game.tricks_won[1]),
                        (K.DEBT, game.debt), (K.ECART_N, game.ecart.bit_count()), (K.PHASE, K.PH_PLAY)):
        assert sv[slot] == value, slot


def test_the_project_works_without_numba() -> None:
    """With numba not importable the kernel module runs as plain Python (slow, same games)."""
    import subprocess
    import sys

    code = ("import sys; sys.modules['numba'] = None\n"
            "import atout\n"
            "from atout.core.rollout import RolloutRng, api_trace\n"
            "from atout.games.tarot import _kernel\n"
            "from atout.games.tarot.rollout import rollout_trace\n"
            "assert not hasattr(_kernel.run, 'py_func')\n"
            "g = atout.new_game('tarot', players=5, variant='fft', seed=4)\n"
            "assert rollout_trace(g, 'random', RolloutRng(2)) == api_trace(g, 'random', RolloutRng(2))\n"
            "assert not _kernel.COMPILED  # so state.rollout takes the API path, faster than the interpreted kernel\n"
            "assert g.rollout('random', RolloutRng(3)) == api_trace(g, 'random', RolloutRng(3))[0]\n"
            "print('ok')\n")
    done = subprocess.run([sys.executable, "-W", "ignore", "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0 and done.stdout.strip() == "ok", done.stderr[-2000:]


def _score(players: int, fft: bool, contract: int, attack: str, taker: int, partner: int = -1,
           poig: dict[int, int] | None = None) -> list[Fraction]:
    """The kernel's score of a deal whose attack pile holds ``attack`` (the rest: the defence's), no slam."""
    from atout.core.cards import Card

    own = np.full(78, K.GONE, np.int8)
    pile = np.ones(78, np.int8)
    for code in attack.split():
        pile[Card.parse(code).id] = 0
    sv = np.zeros(K.NSV, np.int64)
    sv[K.NP], sv[K.FFT], sv[K.BEST_BID], sv[K.TAKER], sv[K.PARTNER] = players, int(fft), contract, taker, partner
    sv[K.TW0], sv[K.TW1], sv[K.CAPOT_VALUE] = 5, 10, 600
    levels = np.full(5, -1, np.int64)
    for seat, level in (poig or {}).items():
        levels[seat] = level
    row = np.zeros(5, np.int64)
    K.score(own, pile, sv, np.zeros(5, np.int64), levels, 0, row)
    return [Fraction(int(q), 4) for q in row[:players]]


def test_kernel_scores_by_hand() -> None:
    # Seed §10-§11, 4 players, Garde (x4): 45 points with 2 oudlers (T21, EX) against 41 needed: (4 + 25) x 4 =
    # 116 from each defender, 348 to the taker. Pile: 2 oudlers 9 + 4 Kings 18 + 4 Queens 14 + 8 small cards 4 = 45.
    attack = "T21 EX KS KH KD KC QS QH QD QC AS 2S 3S 4S 5S 6S 7S 8S"
    assert _score(4, False, 2, attack, taker=0) == [348, -116, -116, -116]
    # FFT rule 2, 5 players, Garde (x2), partner seat 1: 58 points with 1 oudler against 51: (25 + 7) x 2 = 64,
    # plus a simple poignée (rule 4: 20 to the winning side) = 84 from each defender; 252 split 2/3 - 1/3.
    attack = "T21 KS KH KD KC QS QH QD QC NS NH ND NC JS JH JD JC AS 2S 3S 4S 5S 6S 7S 8S 9S 10S AH"
    assert _score(5, True, 1, attack, taker=0, partner=1, poig={2: 0}) == [168, 84, -84, -84, -84]


def test_kernel_ecart_lays_trumps_only_when_unavoidable() -> None:
    # Seed 001 §6 "ni Roi, ni atout, ni Oudler"; D6: trumps only when the other cards do not suffice, so with three
    # plain cards the six-card écart takes all three and three middle trumps, in any order.
    from atout.core.cards import CARDS, Card

    own = np.full(78, K.GONE, np.int8)
    for code in "2S 3S 4S KS KH T1 T5 T6 T7 T8 T21 EX".split():
        own[Card.parse(code).id] = 0
    sv = np.zeros(K.NSV, np.int64)
    sv[K.NP], sv[K.NEED], sv[K.TAKER], sv[K.PHASE], sv[K.CUR] = 4, 6, 0, K.PH_ECART, 0
    acts = np.empty(K.MAX_ACTIONS, np.int64)

    def listed() -> list[str]:
        n = K.legal(own, np.zeros(78, np.bool_), sv, np.zeros(5, np.int64), acts)
        return [CARDS[int(a) - K.DISCARD].code for a in acts[:n]]

    assert listed() == ["2S", "3S", "4S", "T5", "T6", "T7", "T8"]
    for code in ("T5", "T6", "T7"):
        own[Card.parse(code).id] = K.ECART
        sv[K.ECART_N] += 1
    assert listed() == ["2S", "3S", "4S"]  # every slot left is owed to a plain card


# --- argument checks (a newcomer's findings, issue 11 docs review) ------------------------------------------

def _entry_points() -> list[tuple[str, Any]]:
    """Every rollout entry point, as (name, call(state, policy, rng))."""
    from atout.games.tarot import rollout as tarot_rollout

    return [
        ("core.rollout", rollout), ("api_rollout", api_rollout), ("api_trace", api_trace),
        ("GameState.rollout", lambda s, p, r: s.rollout(p, r)),
        ("tarot.rollout", tarot_rollout.rollout), ("tarot.rollout_trace", tarot_rollout.rollout_trace),
    ]


@pytest.mark.parametrize("bad", [42, None, "7", 1.5, True])
@pytest.mark.parametrize("policy", POLICIES)
def test_every_entry_point_refuses_an_rng_that_is_no_rolloutrng(bad: Any, policy: str) -> None:
    # None is refused even for "first" (which draws nothing): one rule for every policy and entry point.
    for game in ("tarot", "prime"):
        state = atout.new_game(game, players=4 if game == "tarot" else 3, seed=3)
        before = (state.phase, state.current_player, state.legal_actions())
        for name, call in _entry_points():
            if name.startswith("tarot.") and game != "tarot":
                continue
            with pytest.raises(ValueError, match=r"rng must be a RolloutRng .*not " + repr(bad).replace(".", r"\.")):
                call(state, policy, bad)
            assert (state.phase, state.current_player, state.legal_actions()) == before, name


def test_a_bare_seed_gets_a_hint() -> None:
    g = atout.new_game("prime", players=3, seed=1)
    with pytest.raises(ValueError, match=r"RolloutRng\(42\)"):
        rollout(g, "random", 42)  # type: ignore[arg-type]


def test_tarot_rollout_refuses_another_game() -> None:
    from atout.games.tarot import rollout as tarot_rollout

    g = atout.new_game("prime", players=3, seed=1)
    for call in (tarot_rollout.rollout, tarot_rollout.rollout_trace):
        with pytest.raises(ValueError, match="Tarot's rollout plays a Tarot state, not PrimeState"):
            call(g, "random", RolloutRng(1))  # type: ignore[arg-type]


def test_rolloutrng_reduces_its_seed_mod_2_64() -> None:
    # Documented choice: any integer seed, taken modulo 2**64 (the generator's 64-bit word).
    assert RolloutRng(-1).state == 2**64 - 1
    assert [RolloutRng(2**64 + 5).next() for _ in range(3)] == [RolloutRng(5).next() for _ in range(3)]
    assert RolloutRng(-(2**64) + 9).below(1000) == RolloutRng(9).below(1000)
    for bad in (None, 1.0, "5", True):
        with pytest.raises(ValueError, match="seed must be an integer"):
            RolloutRng(bad)  # type: ignore[arg-type]
