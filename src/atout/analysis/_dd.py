"""The double-dummy search kernel for French Tarot: alpha-beta over small integer arrays, no objects.

Compiled by numba (``@njit(cache=True)``) when it is installed; the same source runs as plain Python
otherwise (:func:`atout.analysis.solver.python_kernel`). Every rule mirrors one piece of
:class:`atout.games.tarot.state.TarotState` (``_play_mask``/``legal_play_mask``, ``_end_trick``,
``_settle_excuse``, ``_petit_au_bout``) and is checked against it by brute force (tests/test_solver.py).

One module on purpose, although longer than the house's ~600 lines: numba's cache checks only the source
file of the function it compiled (a documented limitation of its cache invalidation), so a kernel split over
two files could keep running a stale copy of a function from the other file after an edit.

Encoding:

* a hand is two words: ``hp`` the plain cards (card id 0..55 is bit ``id``), ``ht`` the trumps (id 56..76
  is bit ``id - 56``) and the Excuse (bit 21);
* ``cfg`` (int64): the deal's constants, indexed by the ``C_*`` slots below;
* ``st`` (int64, one row per card played since the root, ``st[ply]`` the position at that ply): the
  position's scalars, indexed by the ``S_*`` slots (each ply copies its parent's row, so nothing is undone
  but the hands);
* values: ``score * 65536 + points2 * 256 + code`` where ``score`` is the attack's total (taker and partner)
  in quarter points, ``points2`` the attack's card points in half points and ``code`` = ``oudlers * 9 +
  pab * 3 + slam`` (pab, slam: 0 none, 1 attack, 2 defence): the attack maximises it, the defence
  minimises it. ``score`` comes from a table the engine's own :func:`~atout.games.tarot.scoring.score_quarters`
  filled, indexed by ``((points2 * 4 + oudlers) * 3 + pab) * 3 + slam``, and after it (from ``TAB_EXT``)
  each outcome's extremes for the bounds.
* the transposition table (at trick boundaries): ``tk`` (keys: two Zobrist words of the hands, the
  position's other scalars, a generation), ``tv`` (lower bound, upper bound, best card).
"""

from __future__ import annotations

from typing import Any

import numpy as np

try:  # pragma: no branch
    if globals().get("_NO_JIT"):  # set by solver.python_kernel(): this copy runs as plain Python
        raise ImportError
    from numba import njit

    COMPILED = True
except ImportError:  # no numba: the same functions, interpreted
    COMPILED = False

    def njit(*args: Any, **kwargs: Any) -> Any:  # type: ignore[no-redef]
        """Stand-in for ``numba.njit``: returns the function unchanged."""
        if args and callable(args[0]):
            return args[0]
        return lambda f: f


PETIT, T21, EXCUSE = 56, 76, 77
EXB = 1 << 21  # the Excuse in a trump word
SUIT = (1 << 14) - 1  # one plain suit in a plain word, shifted by 14 * suit
INF = 1 << 60
NUMERALS = sum(((1 << 10) - 1) << (14 * s) for s in range(4))  # the cards 1 to 10 of each suit, plain word
MID_TRUMPS = ((1 << 20) - 1) & ~1  # the trumps 2 to 20 in a trump word

TAB_EXT = 183 * 4 * 9  # the score table's second part: each outcome's extremes (solver.outcome_extremes)
O_PAB, O_SLAM_ATT, O_SLAM_DEF = 1, 2, 4  # outcomes a position may still see: a petit au bout, a chelem of a side

# --- cfg slots ------------------------------------------------------------------------------------
C_NP, C_FFT, C_TAKER, C_CALLED, C_SLAM, C_NTRICKS, C_SIDE, C_NODES, C_MASK, C_GEN, C_UNIT = 0, 1, 2, 3, 4, 5, 6, 11, 12, 13, 14
C_PASSES, C_PROBES, C_HITS, C_BCUTS = 15, 16, 17, 18  # statistics: null-window searches, table probes, hits, bound cuts
C_LIMIT, C_ABORT = 19, 20  # the nodes a solve may visit; set to 1 when it passed them (nothing it says then holds)
NCFG = 21  # (C_SIDE .. C_SIDE + 4: the side of each seat, 0 attack, 1 defence)

# --- st slots (one row per ply) ------------------------------------------------------------------
(S_CUR, S_LEADER, S_TLEN, S_LED, S_BEST, S_WIN, S_EXS, S_TNO, S_AP2, S_AOUD, S_TW0, S_TW1, S_DEBT, S_LOW0,
 S_LOW1, S_PPW, S_H1, S_H2, S_OCCP, S_OCCT, S_T0) = range(21)
NST = S_T0 + 5  # S_T0 .. S_T0 + 4: the cards of the trick in play order
# (S_OCCP, S_OCCT: the cards in the hands and the trick, as a plain word and a trump word: the hands' at the
# trick's start, the same all through it, so no node walks the hands to know which cards are still out)

# --- transposition table -------------------------------------------------------------------------
K_H1, K_H2, K_ACC, K_GEN = 0, 1, 2, 3  # (K_GEN: generation << 8 | tricks left, for replacement)
WAYS = 4  # entries per bucket: a position may sit in any of them
V_LO, V_HI, V_MOVE = 0, 1, 2
# --- search frames (one row per ply) --------------------------------------------------------------
F_A, F_B, F_A0, F_B0, F_BEST, F_BM, F_K, F_I, F_SLOT, F_ACC = range(10)
NFR = 10


@njit(cache=True)
def value2(c: int) -> int:
    """Half-point value (rules.VALUE2): oudler or King 9, Queen 7, Knight 5, Jack 3, any other card 1.

    A copy of ``games.tarot._kernel.value2`` on purpose: numba's cache checks only the source file of the
    function it compiled, so an imported njit function edited later could run stale (test_solver checks
    that the copies agree)."""
    if c >= PETIT:
        return 9 if c == PETIT or c == T21 or c == EXCUSE else 1
    r = c % 14
    return 9 if r == 13 else 7 if r == 12 else 5 if r == 11 else 3 if r == 10 else 1


@njit(cache=True)
def has(hp: Any, ht: Any, seat: int, c: int) -> bool:
    if c < PETIT:
        return (hp[seat] >> c) & 1 == 1
    return (ht[seat] >> (c - PETIT)) & 1 == 1


@njit(cache=True)
def legal(hp: Any, ht: Any, cfg: Any, row: Any, seat: int) -> Any:
    """The legal cards of ``seat`` as (plain word, trump word): rules.legal_play_mask and, for the FFT,
    state._play_mask (rule 10: the called suit at the first trick; rule 5: the chelem announcer's Excuse)."""
    p, t = hp[seat], ht[seat]
    led, best, fft = row[S_LED], row[S_BEST], cfg[C_FFT]
    called = cfg[C_CALLED]
    if fft and led < 0 and row[S_TNO] == 0 and called >= 0:
        # FFT rule 10: nobody leads the called suit at the first trick except with the called card.
        cs = SUIT << (14 * (called // 14))
        ap = (p & ~cs) | (p & (1 << called))
        at = t
        if ap == 0 and at == 0:
            ap = p
    elif led < 0:
        ap, at = p, t  # nothing fixes the suit yet: any card
    else:
        ap, at = -1, -1
        if led < 4:
            follow = p & (SUIT << (14 * led))
            if follow:
                ap, at = follow, t & EXB  # follow the led suit (the Excuse may always be played)
        if ap < 0:
            if t & ~EXB == 0:
                ap, at = p, t  # no trump: any card
            else:
                ap = 0
                at = t
                if best >= PETIT:
                    higher = t & ~EXB & ~((1 << (best - PETIT + 1)) - 1)
                    if higher:
                        at = higher | (t & EXB)  # must overtrump when able
    if fft and cfg[C_SLAM] and seat == cfg[C_TAKER]:
        if ap != 0 or (at & ~EXB) != 0:
            at = at & ~EXB  # FFT rule 5: the chelem announcer keeps his Excuse for the last trick
    return ap, at


@njit(cache=True)
def moves(hp: Any, ht: Any, cfg: Any, row: Any, seat: int, out: Any) -> int:
    """The legal cards of ``seat`` into ``out``, one per class of equivalent cards (the lowest): same suit,
    same value (so the same points) and no card between them still out (in another hand or in the trick)."""
    ap, at = legal(hp, ht, cfg, row, seat)
    op = row[S_OCCP] & ~hp[seat]  # the cards out: in another hand or in the trick
    ot = row[S_OCCT] & ~ht[seat]
    k = 0
    last = -1
    x = ap
    while x:  # the legal plain cards, lowest first
        low = x & -x
        x ^= low
        c = popcount(low - 1)
        if last >= 0 and last // 14 == c // 14 and value2(last) == 1 and value2(c) == 1:
            if op & ((1 << c) - 1) & ~((1 << (last + 1)) - 1) == 0:
                continue  # equivalent to ``last``: no card between them is out
        out[k] = c
        k += 1
        last = c
    last = -1
    x = at
    while x:
        low = x & -x
        x ^= low
        b = popcount(low - 1)
        c = b + PETIT
        if last > PETIT and c < T21:
            if ot & ((1 << b) - 1) & ~((1 << (last - PETIT + 1)) - 1) == 0:
                continue
        out[k] = c
        k += 1
        last = c
    return k


@njit(cache=True)
def play(hp: Any, ht: Any, cfg: Any, row: Any, seat: int, c: int, z1: Any, z2: Any) -> None:
    """Play ``c`` from ``seat``'s hand into the trick of ``row`` (state.apply's card path)."""
    if c < PETIT:
        hp[seat] ^= 1 << c
    else:
        ht[seat] ^= 1 << (c - PETIT)
    row[S_T0 + row[S_TLEN]] = c
    row[S_TLEN] += 1
    led = row[S_LED]
    if c < PETIT:
        if led < 0:
            row[S_LED], row[S_BEST], row[S_WIN] = c // 14, c, seat
        elif c > row[S_BEST] and led == c // 14:
            row[S_BEST], row[S_WIN] = c, seat
    elif c < EXCUSE:
        if c > row[S_BEST]:
            row[S_BEST], row[S_WIN] = c, seat
            if led < 0:
                row[S_LED] = 4
    else:
        row[S_EXS] = seat
    row[S_CUR] = (seat + 1) % cfg[C_NP]


@njit(cache=True)
def give(row: Any, wside: int, c: int) -> None:
    """Card ``c`` goes to side ``wside``'s pile (attack points, oudlers and ½-point cards counted)."""
    v = value2(c)
    if wside == 0:
        row[S_AP2] += v
        if v == 9 and (c == PETIT or c == T21 or c == EXCUSE):
            row[S_AOUD] += 1
    if v == 1:
        row[S_LOW0 + wside] += 1


@njit(cache=True)
def end_trick(cfg: Any, row: Any) -> int:
    """state._end_trick on the counts: the trick to its side, the Excuse's rules (§9.3, §9.4, D11, D12, D20),
    the petit au bout (D13; FFT rules 3, 5). Returns the leaf's value after the last trick, else -INF."""
    n = cfg[C_NP]
    fft = cfg[C_FFT]
    winner = row[S_WIN]
    last = row[S_TNO] == cfg[C_NTRICKS] - 1
    exs = row[S_EXS]
    has_petit = False
    for i in range(n):
        if row[S_T0 + i] == PETIT:
            has_petit = True
    if exs < 0:
        wside = cfg[C_SIDE + winner]
        for i in range(n):
            give(row, wside, row[S_T0 + i])
    else:
        owner = cfg[C_SIDE + exs]
        won_other = row[S_TW1] if owner == 0 else row[S_TW0]
        if last and won_other == 0 and (fft or owner == 0):
            winner = exs  # the Excuse wins the last trick of a chelem (D12; FFT rule 5)
            wside = owner
            for i in range(n):
                give(row, wside, row[S_T0 + i])
        elif last:
            wside = cfg[C_SIDE + winner]
            for i in range(n):
                c = row[S_T0 + i]
                give(row, 1 - owner if fft and c == EXCUSE else wside, c)  # D20: it changes sides (FFT)
        else:
            wside = cfg[C_SIDE + winner]
            for i in range(n):
                c = row[S_T0 + i]
                give(row, owner if c == EXCUSE else wside, c)  # it stays with its owner's side (§9.3)
            if owner != wside:
                row[S_DEBT] = owner
        row[S_EXS] = -1
    debtor = row[S_DEBT]
    if debtor >= 0 and row[S_LOW0 + debtor] > 0:  # state._settle_excuse: a ½-point card (D11)
        row[S_LOW0 + debtor] -= 1
        row[S_LOW0 + 1 - debtor] += 1
        row[S_AP2] += -1 if debtor == 0 else 1
        row[S_DEBT] = -1
    pab = 0
    if last:
        ps = 1 if cfg[C_SIDE + winner] == 0 else 2
        if not fft:
            if winner != exs and row[S_BEST] == PETIT:
                pab = ps  # seed D13: the Petit wins the last trick
        elif has_petit:
            pab = ps  # FFT rule 3: the Petit is in the last trick
        elif winner == exs and row[S_PPW] >= 0:
            pab = 1 if cfg[C_SIDE + row[S_PPW]] == 0 else 2  # rule 5: the next-to-last trick counts
    if wside == 0:
        row[S_TW0] += 1
    else:
        row[S_TW1] += 1
    row[S_PPW] = winner if has_petit else -1
    for i in range(n):  # the trick's cards are out of play
        c = row[S_T0 + i]
        if c < PETIT:
            row[S_OCCP] &= ~(1 << c)
        else:
            row[S_OCCT] &= ~(1 << (c - PETIT))
    row[S_TLEN] = 0
    row[S_TNO] += 1
    row[S_LED] = -1
    row[S_BEST] = -1
    row[S_LEADER] = winner
    row[S_CUR] = winner
    if not last:
        return -INF
    slam = 1 if row[S_TW1] == 0 else 2 if row[S_TW0] == 0 else 0
    return pab * 3 + slam + 16  # (decoded by ``leaf``)


@njit(cache=True)
def leaf(row: Any, tab: Any, code: int) -> int:
    """The value of the finished deal: the engine's score from ``tab``, then points and outcome (tie-breaks)."""
    p2, oud = row[S_AP2], row[S_AOUD]
    pab_slam = code - 16
    out = oud * 9 + pab_slam
    return tab[(p2 * 4 + oud) * 9 + pab_slam] * 65536 + p2 * 256 + out


@njit(cache=True)
def last_trick(hp: Any, ht: Any, cfg: Any, row: Any, tmp: Any, tab: Any) -> int:
    """The value of a position in the last trick: every seat still to play holds one card, so every card is
    forced (state.legal_actions offers a lone card whatever the trick): play them, count the trick, score."""
    tmp[:] = row
    n = cfg[C_NP]
    seat = row[S_CUR]
    for _ in range(n - row[S_TLEN]):
        p, t = hp[seat], ht[seat]
        c = popcount((p & -p) - 1) if p else PETIT + popcount((t & -t) - 1)
        play(hp, ht, cfg, tmp, seat, c, hp, ht)
        seat = tmp[S_CUR]
    v = leaf(tmp, tab, end_trick(cfg, tmp))
    for i in range(row[S_TLEN], n):  # the hands as they were
        c = tmp[S_T0 + i]
        undo(hp, ht, (row[S_LEADER] + i) % n, c)
    return v


@njit(cache=True)
def acc_key(row: Any) -> int:
    """Every scalar of a trick boundary the rest of the deal depends on, packed in one word."""
    return (row[S_AP2] | row[S_AOUD] << 8 | min(row[S_TW0], 1) << 10 | min(row[S_TW1], 1) << 11
            | (row[S_DEBT] + 1) << 12 | min(row[S_LOW0], 1) << 14 | min(row[S_LOW1], 1) << 15
            | (row[S_PPW] + 1) << 16 | row[S_LEADER] << 20)


@njit(cache=True)
def order(cfg: Any, row: Any, seat: int, mv: Any, k: int, first: int, keys: Any) -> None:
    """Move ordering: the transposition table's best card, then cards that take the trick (most points
    first), then the others (least points first, or most when one's own side holds the trick)."""
    me = cfg[C_SIDE + seat]
    tlen = row[S_TLEN]
    mine = tlen > 0 and cfg[C_SIDE + row[S_WIN]] == me
    for i in range(k):
        c = mv[i]
        v = value2(c)
        if c == first:
            keys[i] = -1000
            continue
        if c == EXCUSE:
            keys[i] = 500
            continue
        best = row[S_BEST]
        led = row[S_LED]
        if tlen == 0:
            wins = True
        elif c >= PETIT:
            wins = c > best
        else:
            wins = best < PETIT and led == c // 14 and c > best
        if tlen == 0:
            keys[i] = -v * 40 + (c % 14 if c < PETIT else 20 + c - PETIT)  # lead the most points first
        elif wins:
            keys[i] = -100 - v * 4 + (c - PETIT if c >= PETIT else 0)  # cheapest trump that wins
        elif mine:
            keys[i] = -v
        else:
            keys[i] = v * 4 + (c - PETIT if c >= PETIT else c % 14)
    for i in range(1, k):  # insertion sort: a handful of moves
        kk, cc = keys[i], mv[i]
        j = i - 1
        while j >= 0 and keys[j] > kk:
            keys[j + 1] = keys[j]
            mv[j + 1] = mv[j]
            j -= 1
        keys[j + 1] = kk
        mv[j + 1] = cc


if COMPILED:
    from numba import types
    from numba.extending import intrinsic

    @intrinsic
    def _ctpop(typingctx: Any, x: Any) -> Any:
        """LLVM's ``ctpop`` on a 64-bit word: one instruction where the processor has it."""
        def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
            return builder.ctpop(args[0])
        return types.int64(types.int64), codegen

    @njit(cache=True)
    def popcount(x: int) -> int:
        """The number of bits set in a non-negative word below 2**63."""
        return _ctpop(np.int64(x))  # type: ignore[call-arg]
else:
    def popcount(x: int) -> int:  # type: ignore[misc]
        """The number of bits set in a non-negative word below 2**63."""
        return int(x).bit_count()


KINGS = (1 << 13) | (1 << 27) | (1 << 41) | (1 << 55)  # the ranks in a plain word (rank r of suit s: bit 14 s + r)
QUEENS, KNIGHTS, JACKS = KINGS >> 1, KINGS >> 2, KINGS >> 3
BIG_TRUMPS = 1 | (1 << 20) | EXB  # the Petit, the 21 and the Excuse in a trump word


@njit(cache=True)
def points2(p: int, t: int) -> int:
    """The half points of the cards of a plain word and a trump word (rules.VALUE2 summed)."""
    return (popcount(p) + 8 * popcount(p & KINGS) + 6 * popcount(p & QUEENS) + 4 * popcount(p & KNIGHTS)
            + 2 * popcount(p & JACKS) + popcount(t) + 8 * popcount(t & BIG_TRUMPS))


@njit(cache=True)
def quick(hp: Any, ht: Any, n: int, leader: int) -> Any:
    """Quick tricks of the seat on lead (DDS's idea): in each plain suit, its cards above every other card of
    the suit still out win one round each, for as many rounds as every other seat holding a trump can follow
    (§9.1: a seat void in the suit must trump; one without trumps discards); winning, the leader keeps the
    lead and cashes the next. Returns the half points of the leader's cards so cashed, and how many tricks.
    Every other card of those tricks goes to the leader's side too (the caller counts ½ point each)."""
    gain = 0
    rounds = 0
    for s in range(4):
        mask = SUIT << (14 * s)
        mine = hp[leader] & mask
        if mine == 0:
            continue
        others = 0
        follow = 99
        for o in range(n):
            if o != leader:
                others |= hp[o] & mask
                if ht[o] & ~EXB:
                    follow = min(follow, popcount(hp[o] & mask))
        top = mine
        if others:
            b = 0
            while (others >> (b + 1)) != 0:
                b += 1
            top = mine & ~((1 << (b + 1)) - 1)  # above every other card of the suit
        r = min(popcount(top), follow)
        rounds += r
        for _ in range(r):  # the r highest of them
            b = 0
            while (top >> (b + 1)) != 0:
                b += 1
            gain += value2(b)
            top ^= 1 << b
    return gain, rounds


@njit(cache=True)
def bounds(hp: Any, ht: Any, cfg: Any, row: Any, tab: Any) -> Any:
    """Bounds on the value of a position. The attack ends with at least its points so far (less a ½-point
    card if it already owes one for its Excuse) and at most those plus every card in the hands and the trick
    (plus a ½-point card if the defence already owes one; an Excuse still to play is exchanged against its
    own 4.5 points, so it adds nothing beyond); its oudlers so far and at most every oudler still out; a
    petit au bout only while the Petit is out or fell in the last trick; a chelem only for a side that has
    lost no trick. The score is monotone in the points for each of those (checked when the table is built),
    so the extremes bound the value.

    Sure cards narrow them: a trump in a hand of a side that has already won a trick, above every trump of
    the other side's hands and of the trick, wins the trick it falls in, so its points (and the 21, an
    oudler) go to its side (only the Excuse of a chelem can take the last trick, and a side that has won a
    trick makes no chelem against it: D12, FFT rule 5)."""
    n = cfg[C_NP]
    rem = 0
    ouds = 0
    petit = False
    top0 = 0  # each side's trumps (no Excuse) in the hands, as one word
    top1 = 0
    attackers = 0
    ex_def = False  # the Excuse in a defender's hand
    ex_att = False  # the Excuse in an attacker's hand
    for s in range(n):
        p, t = hp[s], ht[s]
        rem += points2(p, t)
        if cfg[C_SIDE + s] == 0:
            top0 |= t & ~EXB
            attackers += 1
            if t & EXB:
                ex_att = True
        else:
            top1 |= t & ~EXB
            if t & EXB:
                ex_def = True
        ouds += popcount(t & BIG_TRUMPS)
        if t & 1:
            petit = True
    trick_trumps = 0
    for i in range(row[S_TLEN]):
        c = row[S_T0 + i]
        rem += value2(c)
        if c == PETIT or c == T21 or c == EXCUSE:
            ouds += 1
            if c == PETIT:
                petit = True
        if PETIT <= c < EXCUSE:
            trick_trumps |= 1 << (c - PETIT)
    sure0 = 0
    sure1 = 0
    sure0_cards = 0
    oud0 = 0
    oud1 = 0
    for side in range(2):
        if (row[S_TW0] if side == 0 else row[S_TW1]) == 0:
            continue
        mine = top0 if side == 0 else top1
        theirs = (top1 if side == 0 else top0) | trick_trumps
        if mine == 0:
            continue
        sure = mine
        if theirs:
            top = 0
            while (theirs >> (top + 1)) != 0:
                top += 1
            sure = mine & ~((1 << (top + 1)) - 1)  # above their best trump
        if sure:
            v = popcount(sure) + 8 * popcount(sure & BIG_TRUMPS)
            o = popcount(sure & BIG_TRUMPS)
            if side == 0:
                sure0, oud0, sure0_cards = v, o, sure
            else:
                sure1, oud1 = v, o
    # The Excuse moves a ½-point card only from its side's pile, its own 9 half points going there too: so
    # beyond the cards out, only a debt already owed (state._settle_excuse) can still move points.
    tricks0 = 0
    if sure0 and attackers == 1 and row[S_TLEN] == 0:
        # A lone taker plays one card a trick: each sure trump wins a trick of its own, with a card of
        # every defender in it (½ point at least; the defence's Excuse, kept by its side, gives nothing).
        tricks0 = popcount(sure0_cards)
    if row[S_TLEN] == 0 and row[S_TNO] > 0:
        leader = row[S_LEADER]
        qside = cfg[C_SIDE + leader]
        if (row[S_TW0] if qside == 0 else row[S_TW1]) > 0:
            qv, qr = quick(hp, ht, n, leader)
            if qside == 0:  # tricks apart from the sure trumps' (the taker leads his plain winners first)
                sure0 += qv
                tricks0 += qr
            elif qr:
                sure1 += qv + (n - 1) * qr - (1 if ex_att else 0)
    if tricks0:
        sure0 += (n - 1) * tricks0 - (1 if ex_def else 0)
    p2lo = max(row[S_AP2] + sure0 - (1 if row[S_DEBT] == 0 else 0), 0)
    p2hi = min(row[S_AP2] + rem - sure1 + (1 if row[S_DEBT] == 1 else 0), 182)
    olo = row[S_AOUD] + oud0
    ohi = min(row[S_AOUD] + ouds - oud1, 3)
    outcomes = 0
    if petit or row[S_PPW] >= 0:  # else the Petit is gone and did not fall in the last trick: no petit au bout
        outcomes |= O_PAB
    if row[S_TW1] == 0:
        outcomes |= O_SLAM_ATT
    if row[S_TW0] == 0:
        outcomes |= O_SLAM_DEF
    lo = INF
    hi = -INF
    for oud in range(olo, ohi + 1):  # each outcome's extremes, from the table (solver.outcome_extremes)
        lo = min(lo, tab[TAB_EXT + ((p2lo * 4 + oud) * 8 + outcomes) * 2] + p2lo * 256)
        hi = max(hi, tab[TAB_EXT + ((p2hi * 4 + oud) * 8 + outcomes) * 2 + 1] + p2hi * 256)
    return lo, hi


@njit(cache=True)
def undo(hp: Any, ht: Any, seat: int, c: int) -> None:
    """Put card ``c`` back into ``seat``'s hand."""
    if c < PETIT:
        hp[seat] ^= 1 << c
    else:
        ht[seat] ^= 1 << (c - PETIT)


@njit(cache=True)
def update(cfg: Any, st: Any, fr: Any, ply: int, v: int, c: int) -> None:
    """A child's value ``v`` (card ``c``) reaches the node at ``ply``: its best value and its window."""
    if cfg[C_SIDE + st[ply, S_CUR]] == 0:
        if v > fr[ply, F_BEST]:
            fr[ply, F_BEST], fr[ply, F_BM] = v, c
            if v > fr[ply, F_A]:
                fr[ply, F_A] = v
    elif v < fr[ply, F_BEST]:
        fr[ply, F_BEST], fr[ply, F_BM] = v, c
        if v < fr[ply, F_B]:
            fr[ply, F_B] = v


@njit(cache=True)
def canon_hash(hp: Any, ht: Any, n: int, z1: Any, z2: Any, row: Any) -> Any:
    """Two Zobrist words of the hands up to rank equivalence (DDS's relative ranks): each numeral of a suit
    (1 to 10: ½ point each) and each trump 2 to 20 is renamed by its rank among those still in the hands,
    the Kings, Queens, Knights, Jacks, the Petit, the 21 and the Excuse keep their names. Two deals alike
    by this key play alike at a trick boundary: the same cards follow, win and carry the same points."""
    h1 = 0
    h2 = 0
    num = row[S_OCCP] & NUMERALS  # (at a trick boundary: the cards in the hands)
    mid = row[S_OCCT] & MID_TRUMPS
    for s in range(n):
        x = hp[s]
        while x:  # each card of the hand: its bit's index, renamed if a numeral
            low = x & -x
            x ^= low
            c = popcount(low - 1)
            k = c
            if c % 14 < 10:  # a numeral: its rank among the numerals of its suit still out
                base = 14 * (c // 14)
                k = base + popcount(num & (low - 1) & (SUIT << base))
            h1 ^= z1[s, k]
            h2 ^= z2[s, k]
        x = ht[s]
        while x:
            low = x & -x
            x ^= low
            b = popcount(low - 1)
            k = PETIT + b
            if 0 < b < 20:  # a trump 2 to 20: its rank among those still out
                k = PETIT + 1 + popcount(mid & (low - 1))
            h1 ^= z1[s, k]
            h2 ^= z2[s, k]
    return h1, h2


@njit(cache=True)
def enter(cfg: Any, st: Any, ply: int, hp: Any, ht: Any, tk: Any, tv: Any, buf: Any, fr: Any, tab: Any, z1: Any,
          z2: Any) -> bool:
    """Open the node at ``ply`` (window in ``fr``): True when the transposition table decides it (its value
    in ``fr[ply, F_BEST]``), else its ordered moves are in ``buf[ply]`` and its frame is set."""
    cfg[C_NODES] += 1
    if cfg[C_NODES] > cfg[C_LIMIT]:  # past the solve's limit: abandoned (search and mtdf return at once)
        cfg[C_ABORT] = 1
        fr[ply, F_BEST] = 0
        return True
    row = st[ply]
    seat = row[S_CUR]
    alpha, beta = fr[ply, F_A], fr[ply, F_B]
    slot = -1
    first = -1
    acc = 0
    if row[S_TNO] == cfg[C_NTRICKS] - 1:
        fr[ply, F_BEST] = last_trick(hp, ht, cfg, row, st[ply + 1], tab)
        return True
    if row[S_TLEN] == 0:
        cfg[C_PROBES] += 1
        lo, hi = bounds(hp, ht, cfg, row, tab)  # first: when they decide, the table's key is not needed
        if lo >= beta or hi <= alpha:
            cfg[C_BCUTS] += 1
            fr[ply, F_BEST] = lo if lo >= beta else hi
            return True
        acc = acc_key(row)
        row[S_H1], row[S_H2] = canon_hash(hp, ht, cfg[C_NP], z1, z2, row)
        slot = (int(row[S_H1]) ^ (acc * 0x5851F42D4C957F2D)) & cfg[C_MASK] & ~(WAYS - 1)
        e = find(tk, slot, row, acc, cfg[C_GEN])
        if e >= 0:
            cfg[C_HITS] += 1
            lo, hi = max(lo, tv[e, V_LO]), min(hi, tv[e, V_HI])
            if lo >= beta or lo == hi:
                fr[ply, F_BEST] = lo
                return True
            if hi <= alpha:
                fr[ply, F_BEST] = hi
                return True
            first = tv[e, V_MOVE]
        alpha = max(alpha, lo)
        beta = min(beta, hi)
    mv = buf[ply, 0:24]
    k = moves(hp, ht, cfg, row, seat, mv)
    order(cfg, row, seat, mv, k, first, buf[ply, 24:48])
    fr[ply, F_A], fr[ply, F_B], fr[ply, F_A0], fr[ply, F_B0] = alpha, beta, alpha, beta
    fr[ply, F_BEST] = -INF if cfg[C_SIDE + seat] == 0 else INF
    fr[ply, F_BM], fr[ply, F_K], fr[ply, F_I], fr[ply, F_SLOT], fr[ply, F_ACC] = mv[0], k, 0, slot, acc
    return False


@njit(cache=True)
def store(cfg: Any, st: Any, ply: int, tk: Any, tv: Any, fr: Any) -> None:
    """Record the finished node's bounds (fail-soft, in the window it was searched with) in the table."""
    slot = fr[ply, F_SLOT]
    if slot < 0 or cfg[C_ABORT]:  # (an abandoned search's values are not bounds: never kept)
        return
    row = st[ply]
    acc = fr[ply, F_ACC]
    best = fr[ply, F_BEST]
    gen = cfg[C_GEN]
    e = find(tk, slot, row, acc, gen)
    if e >= 0:
        lo, hi = tv[e, V_LO], tv[e, V_HI]
    else:
        lo, hi = -INF, INF
        e = slot  # the victim: an entry of an older generation, else the one with the fewest cards left
        for j in range(slot, slot + WAYS):
            if tk[j, K_GEN] >> 8 != gen:
                e = j
                break
            if tk[j, K_GEN] & 255 < tk[e, K_GEN] & 255:
                e = j
    if best <= fr[ply, F_A0]:
        hi = min(hi, best)
    elif best >= fr[ply, F_B0]:
        lo = max(lo, best)
    else:
        lo = hi = best
    tk[e, K_H1], tk[e, K_H2], tk[e, K_ACC] = row[S_H1], row[S_H2], acc
    tk[e, K_GEN] = gen << 8 | (cfg[C_NTRICKS] - row[S_TNO])
    tv[e, V_LO], tv[e, V_HI], tv[e, V_MOVE] = lo, hi, fr[ply, F_BM]


@njit(cache=True)
def find(tk: Any, slot: int, row: Any, acc: int, gen: int) -> int:
    """The entry of the bucket at ``slot`` that holds this position (this generation), else -1."""
    for j in range(slot, slot + WAYS):
        if tk[j, K_H1] == row[S_H1] and tk[j, K_H2] == row[S_H2] and tk[j, K_ACC] == acc \
                and tk[j, K_GEN] >> 8 == gen:
            return j
    return -1


@njit(cache=True)
def search(hp: Any, ht: Any, cfg: Any, st: Any, base: int, tab: Any, z1: Any, z2: Any, tk: Any, tv: Any,
           buf: Any, fr: Any, alpha: int, beta: int) -> int:
    """Alpha-beta (fail-soft) value of position ``st[base]`` in the window (alpha, beta).

    Iterative, one frame per ply in ``fr`` (numba cannot cache a recursive function): a node is entered,
    tries its moves one at a time, and hands its value to its parent when done."""
    n = cfg[C_NP]
    ply = base
    fr[ply, F_A], fr[ply, F_B] = alpha, beta
    entering = True
    while True:
        if cfg[C_ABORT]:  # past the node limit: the hands are left as they are (the caller drops them)
            return 0
        if entering:
            entering = False
            if enter(cfg, st, ply, hp, ht, tk, tv, buf, fr, tab, z1, z2):
                v = fr[ply, F_BEST]
                if ply == base:
                    return v
                ply -= 1
                c = buf[ply, fr[ply, F_I] - 1]
                undo(hp, ht, st[ply, S_CUR], c)
                update(cfg, st, fr, ply, v, c)
                continue
        i = fr[ply, F_I]
        if i < fr[ply, F_K] and fr[ply, F_A] < fr[ply, F_B]:
            row = st[ply]
            seat = row[S_CUR]
            c = buf[ply, i]
            fr[ply, F_I] = i + 1
            child = st[ply + 1]
            child[:] = row
            play(hp, ht, cfg, child, seat, c, z1, z2)
            if child[S_TLEN] == n:
                code = end_trick(cfg, child)
                if code >= 0:
                    undo(hp, ht, seat, c)
                    update(cfg, st, fr, ply, leaf(child, tab, code), c)
                    continue
            fr[ply + 1, F_A], fr[ply + 1, F_B] = fr[ply, F_A], fr[ply, F_B]
            ply += 1
            entering = True
            continue
        store(cfg, st, ply, tk, tv, fr)
        v = fr[ply, F_BEST]
        if ply == base:
            return v
        ply -= 1
        c = buf[ply, fr[ply, F_I] - 1]
        undo(hp, ht, st[ply, S_CUR], c)
        update(cfg, st, fr, ply, v, c)


@njit(cache=True)
def mtdf(hp: Any, ht: Any, cfg: Any, st: Any, base: int, tab: Any, z1: Any, z2: Any, tk: Any, tv: Any, buf: Any,
         fr: Any, guess: int) -> int:
    """The exact value of ``st[base]`` by null-window searches (MTD(f) with steps): from ``guess``, steps
    doubling from ``cfg[C_UNIT]`` (about a card point) until the value is bracketed, then bisection; each
    fail-soft answer is a bound (the table keeps the work between searches). From the second fail high on,
    the step is at least half the way to the position's upper bound (:func:`bounds`): a first guess that is
    right (the attack wins nothing more) still costs 2 searches, a far one fewer."""
    lower, upper = -INF, INF
    beta = guess
    up = dn = cfg[C_UNIT]
    top = INF  # the position's upper bound (at a trick boundary)
    if st[base, S_TLEN] == 0:
        top = bounds(hp, ht, cfg, st[base], tab)[1]
    while True:
        cfg[C_PASSES] += 1
        g = search(hp, ht, cfg, st, base, tab, z1, z2, tk, tv, buf, fr, beta - 1, beta)
        if cfg[C_ABORT]:
            return 0
        if g >= beta:
            lower = g
        else:
            upper = g
        if lower >= upper:
            return g
        if upper == INF:
            beta = lower + up
            if top < INF and lower > -INF and up > cfg[C_UNIT]:
                beta = max(beta, lower + (top - lower) // 2)  # a second fail high: halfway to the bound
            up *= 2
        elif lower == -INF:
            beta = upper - dn
            dn *= 2
        else:
            beta = lower + (upper - lower + 1) // 2


@njit(cache=True)
def root(hp: Any, ht: Any, cfg: Any, st: Any, tab: Any, z1: Any, z2: Any, tk: Any, tv: Any, buf: Any,
         fr: Any, cards: Any, vals: Any, every: bool) -> int:
    """Solve ``st[0]``. With ``every``: the exact value of each legal card of the seat to play into
    ``cards``/``vals`` (equivalent cards share their class's value; returns how many), else the
    position's value alone in ``vals[0]`` (returns 0)."""
    row = st[0]
    if not every:
        vals[0] = mtdf(hp, ht, cfg, st, 0, tab, z1, z2, tk, tv, buf, fr, vals[0])
        return 0
    seat = row[S_CUR]
    reps = np.empty(24, np.int64)
    k = moves(hp, ht, cfg, row, seat, reps)
    rv = np.empty(24, np.int64)
    child = st[1]
    guess = vals[0]
    for i in range(k):
        c = reps[i]
        child[:] = row
        play(hp, ht, cfg, child, seat, c, z1, z2)
        code = -INF
        if child[S_TLEN] == cfg[C_NP]:
            code = end_trick(cfg, child)
        if code >= 0:
            rv[i] = leaf(child, tab, code)
        else:
            rv[i] = mtdf(hp, ht, cfg, st, 1, tab, z1, z2, tk, tv, buf, fr, guess)
            if cfg[C_ABORT]:
                return 0
        guess = rv[i]
        undo(hp, ht, seat, c)
    ap, at = legal(hp, ht, cfg, row, seat)
    m = 0
    for c in range(78):
        if (c < PETIT and (ap >> c) & 1) or (c >= PETIT and (at >> (c - PETIT)) & 1):
            j = -1
            for i in range(k):  # its class: the highest representative not above it
                if reps[i] <= c and (j < 0 or reps[i] > reps[j]):
                    j = i
            cards[m] = c
            vals[m] = rv[j]
            m += 1
    return m
