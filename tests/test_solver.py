"""The double-dummy solver (issue 20) against a plain minimax over the engine's own ``legal_actions`` and
``apply``, with the engine's scoring at every leaf (``TarotState.returns()`` and ``outcome``).

Random endgames (seeded) of 3, 4 and 5 players, ``seed`` and ``fft`` rules, up to 5 cards a hand, some in
the middle of a trick: the solver's value of the position and of every legal card must equal the minimax's,
score, card points, oudlers, petit au bout and chelem alike (0 disagreements). CI runs a few hundred;
``ATOUT_SLOW=1`` runs thousands. Rules: seed 001 (shared/seeds/), shared/rules/tarot.md.
"""

from __future__ import annotations

import os
import random
from fractions import Fraction

import numpy as np
import pytest

import atout
from atout.analysis import SolverError, solve
from atout.analysis.solver import PAB, SLAM
from atout.core.cards import CARDS
from atout.games.tarot.rules import LOW_CARDS
from atout.games.tarot.scoring import card_points2, oudlers_in
from atout.games.tarot.state import TarotState

SLOW = bool(os.environ.get("ATOUT_SLOW"))

Key = tuple[Fraction, Fraction, int]


def leaf_key(g: TarotState) -> tuple[Key, tuple[Fraction, ...]]:
    """The engine's own end of the deal: (attack score, attack points, outcome code) and the returns."""
    assert g.outcome is not None
    returns = tuple(g.returns())
    score = sum(returns[s] for s in range(g.players) if g.side[s] == 0)
    o = g.outcome
    code = o["attack_oudlers"] * 9 + PAB.index(o["petit_au_bout"]) * 3 + SLAM.index(o["slam"])
    return (Fraction(score), Fraction(o["attack_points"]), code), returns


def minimax(g: TarotState, alpha: Key | None = None, beta: Key | None = None) -> tuple[Key, tuple[Fraction, ...]]:
    """Plain alpha-beta minimax over clones of the engine: the attack maximises (score, points, code)."""
    if g.current_player is None:
        return leaf_key(g)
    maxi = g.side[g.current_player] == 0
    best: tuple[Key, tuple[Fraction, ...]] | None = None
    for a in g.legal_actions():
        child = g.clone()
        child.apply(a)
        v = minimax(child, alpha, beta)
        if best is None or (v[0] > best[0] if maxi else v[0] < best[0]):
            best = v
        if maxi and (alpha is None or best[0] > alpha):
            alpha = best[0]
        if not maxi and (beta is None or best[0] < beta):
            beta = best[0]
        if alpha is not None and beta is not None and alpha >= beta:
            break
    assert best is not None
    return best


def endgame(seed: int, players: int, variant: str, cards: int) -> TarotState:
    """A random deal (random bids, écart and announcements), played at random down to ``cards`` cards a hand,
    then 0 to players-1 more cards (the middle of a trick)."""
    rng = random.Random(seed)
    g = atout.new_game("tarot", players=players, variant=variant, seed=seed, dealer=seed % players)
    while g.phase != "play" or max(h.bit_count() for h in g.hands) > cards:
        g.apply(rng.choice(g.legal_actions()))
        if g.current_player is None:  # everybody passed: the (one-deal) match is over; deal again
            g = atout.new_game("tarot", players=players, variant=variant, seed=rng.randrange(10**9))
    for _ in range(rng.randrange(players)):
        g.apply(rng.choice(g.legal_actions()))
    return g  # type: ignore[return-value]


def check(g: TarotState, python: bool = False) -> int:
    """Compare solver and minimax on ``g`` and on every legal card; return the number of cards compared."""
    s = solve(g, python=python)
    (score, points, code), returns = minimax(g)
    assert (s.attack_score, s.attack_points) == (score, points), g.log[-1].actions
    assert s.attack_oudlers * 9 + PAB.index(s.petit_au_bout) * 3 + SLAM.index(s.slam) == code
    assert s.returns == returns
    assert sorted(s.cards) == sorted(str(a) for a in g.legal_actions())
    for a in g.legal_actions():
        child = g.clone()
        child.apply(a)
        key, child_returns = minimax(child)
        v = s.cards[str(a)]
        assert (v.attack_score, v.attack_points, v.returns) == (key[0], key[1], child_returns), (g.log[-1].actions, a)
    return len(s.cards)


CASES = [(players, variant) for players in (3, 4, 5) for variant in ("seed", "fft")]


@pytest.mark.parametrize(("players", "variant"), CASES)
def test_agrees_with_minimax_on_random_endgames(players: int, variant: str) -> None:
    count = 400 if SLOW else 40
    top = 5 if SLOW or players == 3 else 4
    for i in range(count):
        check(endgame(1000 * players + i, players, variant, 1 + i % top))


@pytest.mark.parametrize(("players", "variant"), CASES)
def test_python_kernel_agrees(players: int, variant: str) -> None:
    """The same kernel interpreted (the fallback without numba) on a few endgames."""
    for i in range(4):
        check(endgame(7000 + players * 10 + i, players, variant, 3), python=True)


def test_the_random_endgames_reach_the_rules_that_matter() -> None:
    """The sample is not blind to the rules that break "score follows points": among the solved lines some
    end with a petit au bout (seed D13, FFT rule 3) and some with the Excuse still in a hand at the start
    (§9.3, D11, D12; FFT D20); a chelem is reached too (FFT rule 5, seed §11.4)."""
    pab = excuse = slam = 0
    for i in range(120):
        players, variant = CASES[i % len(CASES)]
        g = endgame(50_000 + i, players, variant, 2 + i % 3)
        s = solve(g)
        pab += s.petit_au_bout is not None
        excuse += any(h >> 77 & 1 for h in g.hands)
        slam += s.slam != "none" or any(v.slam != "none" for v in s.cards.values())
    assert pab > 0 and excuse > 0 and slam > 0, (pab, excuse, slam)


def test_refuses_what_it_cannot_solve_with_one_message() -> None:
    g = atout.new_game("tarot", players=4, seed=1)
    with pytest.raises(SolverError, match="play phase"):
        solve(g)  # type: ignore[arg-type]
    literal = endgame(3, 4, "seed", 3)
    literal.rules = type(literal.rules)(players=4, variant="seed", count_method="seed_literal")
    with pytest.raises(SolverError, match="count_method"):
        solve(literal)
    with pytest.raises(SolverError, match="Tarot state"):
        solve(atout.new_game("mistigri"))  # type: ignore[arg-type]


# --- positions worked by hand --------------------------------------------------------------------------
# A random 4-player deal is played to the start of its 17th trick (the taker to lead, each side having won a
# trick, no Excuse owed, no chelem announced (FFT rule 5 would keep the Excuse for the last trick), no oudler
# left in the hands, a Petite or a Garde so that the écart counts for the
# attack: §10), then the eight cards in the hands are swapped for the ones a test wants (taken from the
# tricks won, so the pack stays whole). The last two tricks are then counted by hand from the rules
# (shared/rules/tarot.md §2.1: King 4.5, oudler 4.5, low card 0.5; §9.1 follow suit, trump when void;
# §9.3 and FFT rule 12 / D20 the Excuse; D13 and FFT rule 3 the petit au bout).
CODE = {c.code: i for i, c in enumerate(CARDS)}
PLAIN_DEAL = {"bid garde_sans", "bid garde_contre", "announce chelem"}  # never chosen while dealing for these


def ending(variant: str, wanted: tuple[str, str, str, str]) -> TarotState:
    """The deal described above; ``wanted[k]`` (two cards) goes to the seat ``k`` places after the taker."""
    need = [CODE[c] for cards in wanted for c in cards.split()]
    for seed in range(400):
        g: TarotState = atout.new_game("tarot", players=4, variant=variant, seed=seed, dealer=0)  # type: ignore[assignment]
        rng = random.Random(seed)
        while g.current_player is not None and (g.phase != "play" or g.trick_no < 16 or g.trick):
            legal = g.legal_actions()
            g.apply(rng.choice([a for a in legal if str(a) not in PLAIN_DEAL] or legal))
        if g.current_player is None or g.phase != "play" or g.contract not in ("petite", "garde"):
            continue
        held = [c for s in range(4) for c in range(78) if g.hands[s] >> c & 1]
        won = g.piles[0] | g.piles[1]
        if (g.leader != g.taker or g.slam_announced or 0 in g.tricks_won or g.debt >= 0 or any(c in held for c in (56, 76, 77))
                or not g.piles[0] & LOW_CARDS or any(c not in held and not won >> c & 1 for c in need)):
            continue
        g.piles = list(g.piles)
        for old, new in zip([c for c in held if c not in need], [c for c in need if c not in held], strict=True):
            side = 0 if g.piles[0] >> new & 1 else 1
            g.piles[side] ^= (1 << new) | (1 << old)
            g.played ^= (1 << new) | (1 << old)
        for k, cards in enumerate(wanted):
            g.hands[(g.taker + k) % 4] = sum(1 << CODE[c] for c in cards.split())
        g._lcache, g._lmask = None, 0
        if g.piles[0] & LOW_CARDS:
            return g
    raise AssertionError("no seed fits")


def attack_now(g: TarotState) -> tuple[Fraction, int]:
    """The attack's card points and oudlers so far: its tricks and the écart (§10, a Petite or a Garde)."""
    mine = g.piles[0] | g.ecart
    return Fraction(card_points2(mine), 2), oudlers_in(mine)


@pytest.mark.parametrize("variant", ["fft", "seed"])
def test_hand_worked_the_king_first_makes_six_points(variant: str) -> None:
    """Taker KH 2H; then 3H 4H / 5H 6H / 7H T3. KH first: everyone follows hearts (§9.1), the King wins
    4.5 + 3 × 0.5 = 6 points; then 2H loses to T3 (void in hearts, he must trump). 2H first: 7H wins it
    (7H's holder must still follow), then T3 trumps the King: 0 points."""
    g = ending(variant, ("KH 2H", "3H 4H", "5H 6H", "7H T3"))
    base, ouds = attack_now(g)
    s = solve(g)
    assert s.attack_points == base + 6 and s.attack_oudlers == ouds
    assert s.cards["play KH"].attack_points == base + 6
    assert s.cards["play 2H"].attack_points == base
    assert s.best_cards() == ["play KH"]


@pytest.mark.parametrize("variant", ["fft", "seed"])
def test_hand_worked_the_excuse_is_kept_before_the_last_trick(variant: str) -> None:
    """Taker EX KH; then 3H 4H / 5H 6H / 7H 8H. The Excuse first: a heart wins the trick, the Excuse stays
    with the attack (4.5, an oudler) for a low card (−0.5, §9.3), then the King takes the last trick
    (4.5 + 1.5): +10 points and one oudler more. The King first: +6, then the Excuse on the last trick
    goes to the defence (§9.3: to the trick's winner, a defender; FFT rule 12 / D20: to the other side)."""
    g = ending(variant, ("EX KH", "3H 4H", "5H 6H", "7H 8H"))
    base, ouds = attack_now(g)
    s = solve(g)
    assert (s.attack_points, s.attack_oudlers) == (base + 10, ouds + 1)
    assert (s.cards["play KH"].attack_points, s.cards["play KH"].attack_oudlers) == (base + 6, ouds)
    assert s.best_cards() == ["play EX"]


@pytest.mark.parametrize("variant", ["fft", "seed"])
def test_hand_worked_the_petit_is_kept_for_the_last_trick(variant: str) -> None:
    """Taker T1 KH; then 3H 4H / 5H 6H / 7H 8H (no trump among the defenders). Either order wins both tricks:
    4.5 + 1.5 twice, 12 points and the Petit. KH first leaves the Petit to win the last trick: the petit au
    bout for the attack (seed D13: the Petit wins the last trick; FFT rule 3: the Petit is in it), worth
    10 points (× the multiplier at the FFT), so the solver, which plays for the score, leads the King."""
    g = ending(variant, ("T1 KH", "3H 4H", "5H 6H", "7H 8H"))
    base, ouds = attack_now(g)
    s = solve(g)
    t1, kh = s.cards["play T1"], s.cards["play KH"]
    assert (t1.attack_points, t1.attack_oudlers, t1.petit_au_bout) == (base + 12, ouds + 1, None)
    assert (kh.attack_points, kh.attack_oudlers, kh.petit_au_bout) == (base + 12, ouds + 1, "attack")
    assert kh.attack_score > t1.attack_score
    assert s.best_cards() == ["play KH"] and s.petit_au_bout == "attack"


@pytest.mark.parametrize("players", [3, 4, 5])
def test_deeper_positions_agree_with_their_children(players: int) -> None:
    """Beyond the brute force's reach (6 cards a hand), the solver agrees with itself: each legal card's value
    is the value of the position after it, solved afresh, and a best card keeps the position's value down
    to the end of the deal, where the engine scores it (``returns()``)."""
    for i in range(2):
        g = endgame(90_000 + 10 * players + i, players, ("fft", "seed")[i], 6)
        s = solve(g)
        for a in g.legal_actions():
            child = g.clone()
            child.apply(a)
            if child.current_player is not None:
                c = solve(child, cards=False)
                assert (c.attack_score, c.attack_points, c.returns) == (
                    s.cards[str(a)].attack_score, s.cards[str(a)].attack_points, s.cards[str(a)].returns)
        while g.current_player is not None:
            s = solve(g)
            g.apply(s.best_cards()[0])
            if g.current_player is not None:
                assert solve(g, cards=False).returns == s.returns
        assert tuple(g.returns()) == s.returns


def test_the_kernel_counts_cards_as_the_rules_do() -> None:
    """The kernel's card values (a copy of the rollout kernel's, kept apart for numba's cache) are §2.1's
    half points; its word counts (bounds) add them up."""
    from atout.analysis import _dd
    from atout.games.tarot import _kernel
    from atout.games.tarot.rules import VALUE2

    assert [_dd.value2(c) for c in range(78)] == [_kernel.value2(c) for c in range(78)] == list(VALUE2)
    hand = random.Random(3).sample(range(78), 30)
    p = sum(1 << c for c in hand if c < 56)
    t = sum(1 << (c - 56) for c in hand if c >= 56)
    assert _dd.points2(p, t) == sum(VALUE2[c] for c in hand)
    assert _dd.points2((1 << 56) - 1, (1 << 22) - 1) == 182  # the whole pack: 91 points (§2.1)


def test_quick_tricks_count_what_the_leader_cashes() -> None:
    """The bound's quick tricks (``_dd.quick``), worked by hand from §9.1 (follow suit; void, trump; without
    trumps, discard). Four players, the leader (seat 0) holds the King, Queen and 5 of suit 0 and the King of
    suit 1; seat 1 holds the Knight and the 1 of suit 0 and a trump; seat 2 the 2 of suit 0 and the 3 of suit
    1; seat 3 the 4 and 5 of suit 1, no trump. In suit 0 the King and the Queen are above every other card
    and seat 1, the one seat with a trump, follows twice: 2 tricks, 4.5 + 3.5 points of the leader's (the 5 is
    below the Knight). In suit 1 seat 1 is void with a trump: he would trump the King, so it is no quick
    trick; without his trump it is one more (4.5 points)."""
    from atout.analysis import _dd

    def plain(*cards: tuple[int, int]) -> int:  # (suit, rank 0..13: 1 to 10, Jack, Knight, Queen, King)
        return sum(1 << (14 * s + r) for s, r in cards)

    hp = np.array([plain((0, 13), (0, 12), (0, 4), (1, 13)), plain((0, 11), (0, 0)), plain((0, 1), (1, 2)),
                   plain((1, 3), (1, 4)), 0], np.int64)
    ht = np.array([0, 1 << 4, 0, 0, 0], np.int64)  # seat 1: the 5 of trumps
    assert tuple(int(x) for x in _dd.quick(hp, ht, 4, 0)) == (9 + 7, 2)
    ht[1] = 0
    assert tuple(int(x) for x in _dd.quick(hp, ht, 4, 0)) == (9 + 7 + 9, 3)


def test_the_bounds_read_each_outcomes_extremes_from_the_table() -> None:
    """``_dd.bounds`` reads, for the points and oudlers it bounds, the least and greatest value over the
    petits au bout and chelems still possible (solver.outcome_extremes): each entry is the extreme of the
    pairs a position with those possibilities can reach, found here by trying them one by one."""
    from atout.analysis import _dd
    from atout.analysis.solver import score_table

    for variant, contract in (("fft", "garde"), ("seed", "prise")):
        tab = score_table(variant, 4, contract, 0, None, (), False, 200, (0,))
        for p2 in (0, 81, 101, 182):
            for oud in range(4):
                for outcomes in range(8):
                    pairs = [(pab, slam) for pab in (range(3) if outcomes & _dd.O_PAB else [0])
                             for slam in [0] + [1] * bool(outcomes & _dd.O_SLAM_ATT) + [2] * bool(outcomes & _dd.O_SLAM_DEF)]
                    values = [int(tab[((p2 * 4 + oud) * 3 + pab) * 3 + slam]) * 65536 + oud * 9 + pab * 3 + slam
                              for pab, slam in pairs]
                    at = _dd.TAB_EXT + ((p2 * 4 + oud) * 8 + outcomes) * 2
                    assert (tab[at], tab[at + 1]) == (min(values), max(values))
        # With neither a petit au bout nor a chelem possible, one outcome is left: least and greatest agree.
        at = _dd.TAB_EXT + ((101 * 4 + 2) * 8 + 0) * 2
        assert tab[at] == tab[at + 1] == int(tab[(101 * 4 + 2) * 9]) * 65536 + 2 * 9


@pytest.mark.parametrize("python", [False, True])
def test_a_node_limit_abandons_the_solve_and_leaves_the_table_exact(python: bool) -> None:
    """``max_nodes`` bounds a solve's work by a count every machine shares: past it the solve raises
    SolveLimit and says nothing; what it left in the transposition table is exact, so the next solve of the
    same deal (limited or not) still agrees with the brute force. A fresh table makes the count repeatable."""
    from atout.analysis.solver import SolveLimit

    g = endgame(77_001, 4, "fft", 5 if python else 6)
    full = solve(g, python=python, fresh=True)
    assert full.nodes > 50
    with pytest.raises(SolveLimit) as caught:
        solve(g, python=python, max_nodes=full.nodes // 3, fresh=True)
    assert caught.value.max_nodes == full.nodes // 3
    again = solve(g, python=python)  # the same generation: the abandoned solve's entries are read
    assert (again.attack_score, again.attack_points, again.returns, again.cards) == (
        full.attack_score, full.attack_points, full.returns, full.cards)
    assert again.nodes <= full.nodes
    assert solve(g, python=python, max_nodes=full.nodes, fresh=True).nodes == full.nodes  # enough: same search
    if python:
        check(g, python=True)
