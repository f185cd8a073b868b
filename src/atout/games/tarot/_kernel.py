"""The compiled Tarot rollout kernel (issue 11): one deal played to its end over small arrays, no objects.

Compiled by numba (``@njit(cache=True)``) when it is installed; the same source runs as plain Python
otherwise (slow, but the same games). Every function mirrors one piece of :class:`TarotState` and cites it:
the legal lists must have exactly the API's length and order (``TarotState.legal_actions()``), so a policy
index means the same action on both paths. Rules: seed 001 and spec ``shared/rules/tarot.md``.

One module on purpose, although longer than the house's ~600 lines: numba's cache checks only the source
file of the function it compiled, so a kernel split over two files could keep running a stale copy of a
function from the other file after an edit.

Encoding (see :func:`atout.games.tarot.rollout.encode`):

* ``own[c]`` (int8, card id 0..77, :mod:`atout.core.cards`): 0..4 in that seat's hand, ``TALON`` in the unseen
  talon, ``ECART`` laid aside by the taker, ``GONE`` played (in the trick or a pile);
* ``pile[c]`` (int8): the side owning a played card, 0 attack, 1 defence, -1 none (yet);
* ``showing[c]``: the trumps of a poignée being shown one card at a time (§7, FFT rule 4);
* ``sv`` (int64): the scalars, indexed by the constants below; ``side``, ``flags``, ``poig`` per seat;
* action codes: ``0..77`` play a card, ``DISCARD + c``, ``CALL + c``, ``SHOW + c`` (announce poignee c),
  ``BID + k`` (contract index in ``CONTRACTS[variant]``), then ``PASS``, ``DONE``, ``PETIT_SEC`` …
* the generator is splitmix64 on a one-word uint64 array (the same stream as
  :class:`atout.core.rollout.RolloutRng`).
"""

from __future__ import annotations

from typing import Any

import numpy as np

try:  # pragma: no branch
    if globals().get("_NO_JIT"):  # set by rollout.python_kernel(): this copy runs as plain Python
        raise ImportError
    from numba import njit

    COMPILED = True  # the functions below are compiled
except ImportError:  # no numba: the same functions, interpreted
    COMPILED = False

    def njit(*args: Any, **kwargs: Any) -> Any:  # type: ignore[no-redef]
        """Stand-in for ``numba.njit``: returns the function unchanged."""
        if args and callable(args[0]):
            return args[0]
        return lambda f: f


# --- generator: splitmix64 (atout.core.rollout.RolloutRng) ------------------------------------------
GOLDEN = np.uint64(0x9E3779B97F4A7C15)
MIX1 = np.uint64(0xBF58476D1CE4E5B9)
MIX2 = np.uint64(0x94D049BB133111EB)
S27, S30, S31 = np.uint64(27), np.uint64(30), np.uint64(31)
ZERO64 = np.uint64(0)

# --- card locations in ``own`` ----------------------------------------------------------------------
TALON, ECART, GONE = 5, 6, 7
PETIT, T21, EXCUSE = 56, 76, 77

# --- action codes ----------------------------------------------------------------------------------
DISCARD, CALL, SHOW, BID = 100, 200, 300, 400
PASS, DONE, PETIT_SEC, NO_PETIT_SEC, CAPOT, CHELEM, SANS_ATOUTS, SANS_POINTS = 500, 501, 502, 503, 504, 505, 506, 507

# --- phases ----------------------------------------------------------------------------------------
PH_PETIT_SEC, PH_BIDDING, PH_CALL, PH_ECART, PH_ANNONCES, PH_PLAY = 0, 1, 2, 3, 4, 5

# --- scalar slots of ``sv`` ------------------------------------------------------------------------
(NP, FFT, NEED, NTRICKS, CAPOT_VALUE, LITERAL, PHASE, CUR, ELDEST, NBIDS, BEST_BID, TAKER, CALLED, PARTNER,
 SLAM, ANN_COUNT, SHOWER, SHOW_COUNT, LEADER, TRICK_LEN, LED, BEST, WIN, EX_SEAT, TRICK_NO, TW0, TW1, DEBT,
 PREV_PETIT_WIN, ECART_N, NPICKS, DECISIONS) = range(32)
NSV = 32

# Flags per seat (annonces.FLAG).
F_SANS_ATOUTS, F_SANS_POINTS, F_POIGNEE, F_CAPOT, F_CHELEM = 1, 2, 4, 8, 16
#: Poignée thresholds by players (rules.POIGNEE_THRESHOLDS; rows 0..2 unused).
THRESHOLDS = np.array([[99, 99, 99]] * 3 + [[13, 15, 18], [10, 13, 15], [8, 10, 13]], dtype=np.int64)
#: Contract indices in the text order of the legal list ("bid garde" < "bid garde_contre" < … < "pass").
BID_ORDER_SEED = np.array([2, 4, 3, 1, 0], dtype=np.int64)  # prise0 pousse1 garde2 garde_sans3 garde_contre4
BID_ORDER_FFT = np.array([1, 3, 2, 0], dtype=np.int64)  # petite0 garde1 garde_sans2 garde_contre3
MULT_SEED = np.array([1, 2, 4, 8, 12], dtype=np.int64)
MULT_FFT = np.array([1, 2, 4, 6], dtype=np.int64)
TARGETS = np.array([56, 51, 41, 36], dtype=np.int64)  # points needed with 0..3 oudlers (§10)
HAND_SIZES = np.array([0, 0, 0, 24, 18, 15], dtype=np.int64)
MAX_ACTIONS = 128
MAX_PICKS = 512  # decisions in one deal: at most ~300 (every poignée shown card by card)


@njit(cache=True)
def next_word(rng: Any) -> Any:
    """The next splitmix64 word; ``rng`` is a one-element uint64 array."""
    s = rng[0] + GOLDEN
    rng[0] = s
    z = (s ^ (s >> S30)) * MIX1
    z = (z ^ (z >> S27)) * MIX2
    return z ^ (z >> S31)


@njit(cache=True)
def below(rng: Any, n: int) -> int:
    """Uniform in 0..n-1 by rejecting the ``2**64 % n`` lowest words (RolloutRng.below)."""
    un = np.uint64(n)
    threshold = (ZERO64 - un) % un  # == 2**64 % n
    while True:
        x = next_word(rng)
        if x >= threshold:
            return int(np.int64(x % un))


@njit(cache=True)
def value2(c: int) -> int:
    """Half-point value (rules.VALUE2, §2.1, D3): oudler or King 9, Queen 7, Knight 5, Jack 3, else 1."""
    if c >= PETIT:
        return 9 if c == PETIT or c == T21 or c == EXCUSE else 1
    r = c % 14
    return 9 if r == 13 else 7 if r == 12 else 5 if r == 11 else 3 if r == 10 else 1


# --- legality (one function per phase, as in state.py) ----------------------------------------------
@njit(cache=True)
def play_list(own: Any, sv: Any, seat: int, acts: Any, k: int) -> int:
    """Append the legal cards (rules.legal_play_mask; state._play_mask for the FFT's extras), by id."""
    led, best = sv[LED], sv[BEST]
    n_follow = n_trumps = n_higher = n_hand = 0
    has_ex = own[EXCUSE] == seat
    for c in range(77):
        if own[c] == seat:
            n_hand += 1
            if c >= PETIT:
                n_trumps += 1
                if c > best:
                    n_higher += 1
            elif c // 14 == led:
                n_follow += 1
    # mode: 0 every card, 1 the led suit, 2 trumps above best, 3 trumps, 4 all but the called suit (+ the Excuse)
    mode = 0
    called = sv[CALLED]
    if sv[FFT] and led < 0 and sv[TRICK_NO] == 0 and called >= 0:
        mode = 4  # FFT rule 10: the called suit is not led at the first trick, except with the called card
        cs = called // 14
        n_ok = 0
        for c in range(78):
            if own[c] == seat and (c >= PETIT or c // 14 != cs or c == called):
                n_ok += 1
        if n_ok == 0:
            mode = 0
    elif led < 0:
        mode = 0  # nothing fixes the suit yet: any card
    elif led < 4 and n_follow > 0:
        mode = 1  # must follow the led suit (seed 001 §9.1)
    elif n_trumps == 0:
        mode = 0  # neither the suit nor a trump: any card
    elif best >= PETIT and n_higher > 0:
        mode = 2  # must overtrump (seed 001: "monter")
    else:
        mode = 3  # must trump, or play under ("pisser")
    start = k
    cs = called // 14 if called >= 0 else -1
    for c in range(77):
        if own[c] != seat:
            continue
        if mode == 0:
            ok = True
        elif mode == 1:
            ok = c < PETIT and c // 14 == led
        elif mode == 2:
            ok = c >= PETIT and c > best
        elif mode == 3:
            ok = c >= PETIT
        else:
            ok = c >= PETIT or c // 14 != cs or c == called
        if ok:
            acts[k] = c
            k += 1
    if has_ex:
        # FFT rule 5: the chelem announcer keeps his Excuse for the last trick (unless it is all he may play).
        if not (sv[FFT] and sv[SLAM] and seat == sv[TAKER] and k > start):
            acts[k] = EXCUSE
            k += 1
    return k


@njit(cache=True)
def can_finish(k: int, shown_ex: bool, trumps: int, has_ex: bool, players: int, fft: int) -> bool:
    """rules.poignee_can_finish: can ``k`` shown cards still grow into a valid show (§7, FFT rule 4)?"""
    if not shown_ex:
        for i in range(3):
            t = THRESHOLDS[players, i]
            if k <= t <= trumps:
                return True
    if has_ex:
        n = trumps + 1  # the only show with the Excuse: every trump and it
        for i in range(3):
            if n == THRESHOLDS[players, i]:
                return True
        return (not fft) and n >= THRESHOLDS[players, 0]
    return False


@njit(cache=True)
def poignee_list(own: Any, showing: Any, sv: Any, flags: Any, seat: int, acts: Any, k: int) -> int:
    """Append ``announce poignee C`` for each card after which a valid show stays reachable (poignee_next_cards)."""
    if flags[seat] & F_POIGNEE:
        return k
    players, fft = sv[NP], sv[FFT]
    trumps = 0
    left = 0
    shown_ex = showing[EXCUSE]
    for c in range(PETIT, 78):
        if own[c] == seat:
            if c < EXCUSE:
                trumps += 1
            if not showing[c]:
                left += 1
    has_ex = own[EXCUSE] == seat
    shown = sv[SHOW_COUNT]
    if shown == 0 and left < THRESHOLDS[players, 0]:
        return k
    for c in range(PETIT, 78):
        if own[c] == seat and not showing[c]:
            if can_finish(shown + 1, shown_ex or c == EXCUSE, trumps, has_ex, players, fft):
                acts[k] = SHOW + c
                k += 1
    return k


@njit(cache=True)
def poignee_level(own: Any, showing: Any, sv: Any, seat: int) -> int:
    """rules.poignee_level for the cards shown so far: 0 simple, 1 double, 2 triple, -1 not (yet) valid."""
    players = sv[NP]
    n = sv[SHOW_COUNT]
    if showing[EXCUSE]:
        for c in range(PETIT, EXCUSE):
            if own[c] == seat and not showing[c]:
                return -1  # the Excuse goes with every trump held (seed 001, §7)
        if not sv[FFT] and n >= THRESHOLDS[players, 0]:
            level = 0
            for i in range(3):
                if n >= THRESHOLDS[players, i]:
                    level = i
            return level
    for i in range(3):
        if n == THRESHOLDS[players, i]:
            return i
    return -1


@njit(cache=True)
def legal(own: Any, showing: Any, sv: Any, flags: Any, acts: Any) -> int:
    """Fill ``acts`` with the codes of TarotState.legal_actions(), same length and order; return the count."""
    phase = sv[PHASE]
    seat = sv[CUR]
    k = 0
    if phase == PH_PLAY:
        if sv[FFT] and sv[TRICK_NO] == 0:  # the FFT poignée before one's first card (rule 4)
            k = poignee_list(own, showing, sv, flags, seat, acts, 0)
            if sv[SHOWER] == seat:
                if poignee_level(own, showing, sv, seat) >= 0:
                    acts[k] = DONE
                    k += 1
                return k
        return play_list(own, sv, seat, acts, k)
    if phase == PH_BIDDING:
        order = BID_ORDER_FFT if sv[FFT] else BID_ORDER_SEED
        for i in range(order.shape[0]):
            if order[i] > sv[BEST_BID]:
                acts[k] = BID + order[i]
                k += 1
        acts[k] = PASS
        return k + 1
    if phase == PH_ANNONCES:
        f = flags[seat]
        if sv[FFT]:
            if not f & F_CHELEM:
                acts[k] = CHELEM
                k += 1
            acts[k] = DONE
            return k + 1
        if sv[SHOWER] == seat:
            k = poignee_list(own, showing, sv, flags, seat, acts, 0)
            if poignee_level(own, showing, sv, seat) >= 0:
                acts[k] = DONE
                k += 1
            return k
        if seat == sv[TAKER] and not f & F_CAPOT:
            acts[k] = CAPOT
            k += 1
        k = poignee_list(own, showing, sv, flags, seat, acts, k)
        no_trump = no_points = True
        for c in range(78):
            if own[c] == seat:
                if c >= PETIT:
                    no_trump = False
                if c == PETIT or c == T21 or c == EXCUSE or (c < PETIT and c % 14 >= 10):
                    no_points = False
        if not f & F_SANS_ATOUTS and no_trump:
            acts[k] = SANS_ATOUTS  # seed 001: "ni atouts ni l'Excuse"
            k += 1
        if not f & F_SANS_POINTS and no_points:
            acts[k] = SANS_POINTS  # seed 001: "ni Oudlers ni Figures"
            k += 1
        acts[k] = DONE
        return k + 1
    if phase == PH_ECART:
        return ecart_list(own, sv, acts)
    if phase == PH_CALL:
        # rules.callable_cards: a King; a Queen if he holds the four Kings, … (seed: one he does not hold, D9)
        for r in (13, 12, 11, 10):
            held = 0
            for s in range(4):
                if own[s * 14 + r] == seat:
                    held += 1
            if held < 4:
                for s in range(4):
                    if sv[FFT] or own[s * 14 + r] != seat:
                        acts[k] = CALL + s * 14 + r
                        k += 1
                return k
        return k
    if phase == PH_PETIT_SEC:
        acts[0] = NO_PETIT_SEC
        acts[1] = PETIT_SEC
        return 2
    return 0


@njit(cache=True)
def ecart_list(own: Any, sv: Any, acts: Any) -> int:
    """rules.ecart_next_cards: the cards after which a legal écart stays reachable (§6, D6, FFT rule 9)."""
    taker, need = sv[TAKER], sv[NEED]
    plain = 0  # plain cards other than Kings, in the hand or already laid
    for c in range(56):
        if c % 14 != 13 and (own[c] == taker or own[c] == ECART):
            plain += 1
    must_plain = plain < need  # then every such card must go, and middle trumps complete
    k = 0
    if must_plain:
        left = 0
        for c in range(56):
            if c % 14 != 13 and own[c] == taker:
                left += 1
        if left > 0 and left >= need - sv[ECART_N]:
            for c in range(56):
                if c % 14 != 13 and own[c] == taker:
                    acts[k] = DISCARD + c
                    k += 1
            return k
    for c in range(56):
        if c % 14 != 13 and own[c] == taker:
            acts[k] = DISCARD + c
            k += 1
    if must_plain:
        for c in range(PETIT + 1, T21):
            if own[c] == taker:
                acts[k] = DISCARD + c
                k += 1
    return k


# --- applying an action (state.apply and the phase handlers) ----------------------------------------
@njit(cache=True)
def open_annonces(sv: Any) -> None:
    """annonces._open_annonces: seed, each player from the eldest (D7); FFT, the taker alone."""
    sv[PHASE] = PH_ANNONCES
    sv[CUR] = sv[TAKER] if sv[FFT] else sv[ELDEST]
    sv[ANN_COUNT] = 0


@njit(cache=True)
def open_play(sv: Any) -> None:
    """state._open_play: the eldest leads (D10); FFT rule 5: the chelem announcer does."""
    lead = sv[TAKER] if sv[FFT] and sv[SLAM] else sv[ELDEST]
    sv[PHASE] = PH_PLAY
    sv[CUR] = lead
    sv[LEADER] = lead


@njit(cache=True)
def after_call(own: Any, sv: Any) -> None:
    """state._after_call: a blind contract keeps the talon face down; otherwise the taker takes it."""
    blind = sv[BEST_BID] >= (2 if sv[FFT] else 3)  # garde sans / garde contre
    if blind:
        open_annonces(sv)
        return
    taker = sv[TAKER]
    for c in range(78):
        if own[c] == TALON:
            own[c] = taker
    sv[PHASE] = PH_ECART
    sv[CUR] = taker


@njit(cache=True)
def finish_poignee(own: Any, showing: Any, sv: Any, flags: Any, poig: Any, seat: int) -> None:
    """annonces._finish_poignee: record the level shown."""
    poig[seat] = poignee_level(own, showing, sv, seat)
    flags[seat] |= F_POIGNEE
    sv[SHOWER] = -1
    sv[SHOW_COUNT] = 0
    for c in range(PETIT, 78):
        showing[c] = False


@njit(cache=True)
def apply(own: Any, pile: Any, showing: Any, sv: Any, side: Any, flags: Any, poig: Any, trick: Any, row: Any,
          a: int) -> int:
    """Apply action code ``a``: -1 to go on, 0 when the deal is scored (``row``), 1 for a petit-sec redeal."""
    seat = sv[CUR]
    players = sv[NP]
    nxt = (seat + 1) % players
    if a < 78:  # play a card (state.apply): the suit led, the winning card and its seat (§9.1, §9.2)
        own[a] = GONE
        trick[sv[TRICK_LEN]] = a
        sv[TRICK_LEN] += 1
        if a < PETIT:
            if sv[LED] < 0:
                sv[LED] = a // 14
                sv[BEST] = a
                sv[WIN] = seat
            elif a > sv[BEST] and sv[LED] == a // 14:
                sv[BEST] = a
                sv[WIN] = seat
        elif a < EXCUSE:
            if a > sv[BEST]:
                sv[BEST] = a
                sv[WIN] = seat
                if sv[LED] < 0:
                    sv[LED] = 4
        else:
            sv[EX_SEAT] = seat
        if sv[TRICK_LEN] < players:
            sv[CUR] = nxt
            return -1
        return end_trick(own, pile, sv, side, flags, poig, trick, row)
    if a >= SHOW and a < BID:  # one card of a poignée (annonces._show_step)
        sv[SHOWER] = seat
        showing[a - SHOW] = True
        sv[SHOW_COUNT] += 1
        tmp = np.empty(32, np.int64)
        if poignee_list(own, showing, sv, flags, seat, tmp, 0) == 0:
            finish_poignee(own, showing, sv, flags, poig, seat)  # no card can follow: complete
        return -1
    if a >= DISCARD and a < CALL:  # one card of the écart (ecart._lay_aside)
        own[a - DISCARD] = ECART
        sv[ECART_N] += 1
        if sv[ECART_N] >= sv[NEED]:
            open_annonces(sv)
        return -1
    if BID <= a <= PASS:  # bidding, one round (state._apply_bid, §4)
        if a != PASS:
            sv[BEST_BID] = a - BID
            sv[TAKER] = seat
        sv[NBIDS] += 1
        if sv[NBIDS] < players:
            sv[CUR] = nxt
            return -1
        if sv[TAKER] < 0:  # all passed: a void deal (seed 001)
            for s in range(players):
                row[s] = 0
            return 0
        side[sv[TAKER]] = 0
        if players == 5:
            sv[PHASE] = PH_CALL
            sv[CUR] = sv[TAKER]
        else:
            after_call(own, sv)
        return -1
    if a >= CALL and a < SHOW:  # the call at five (state._apply_call, §5)
        c = a - CALL
        sv[CALLED] = c
        holder = own[c]
        if holder < 5 and holder != sv[TAKER]:
            sv[PARTNER] = holder
            side[holder] = 0
        after_call(own, sv)
        return -1
    if a == DONE:
        if sv[SHOWER] == seat:
            finish_poignee(own, showing, sv, flags, poig, seat)
            return -1
        sv[ANN_COUNT] += 1
        if sv[FFT] or sv[ANN_COUNT] == players:
            open_play(sv)
        else:
            sv[CUR] = nxt
        return -1
    if a == CAPOT or a == CHELEM:
        flags[seat] |= F_CAPOT if a == CAPOT else F_CHELEM
        sv[SLAM] = 1
        return -1
    if a == SANS_ATOUTS:
        flags[seat] |= F_SANS_ATOUTS
        return -1
    if a == SANS_POINTS:
        flags[seat] |= F_SANS_POINTS
        return -1
    if a == NO_PETIT_SEC:
        sv[PHASE] = PH_BIDDING
        sv[CUR] = sv[ELDEST]
        return -1
    return 1  # PETIT_SEC: the deal is annulled and dealt again (seed 001, D15)


@njit(cache=True)
def end_trick(own: Any, pile: Any, sv: Any, side: Any, flags: Any, poig: Any, trick: Any, row: Any) -> int:
    """state._end_trick: the trick to its winner's side, the Excuse rules (§9.3, §9.4, D11, D12, D20)."""
    players = sv[NP]
    fft = sv[FFT]
    winner = sv[WIN]
    last = sv[TRICK_NO] == sv[NTRICKS] - 1
    ex_seat = sv[EX_SEAT]
    has_petit = False
    for i in range(players):
        if trick[i] == PETIT:
            has_petit = True
    if ex_seat < 0:
        wside = side[winner]
        for i in range(players):
            pile[trick[i]] = wside
    else:
        owner = side[ex_seat]
        won_other = sv[TW1] if owner == 0 else sv[TW0]
        if last and won_other == 0 and (fft or owner == 0):
            winner = ex_seat  # the Excuse wins the last trick of a capot (D12; FFT rule 5)
            wside = owner
            for i in range(players):
                pile[trick[i]] = owner
        elif last:
            wside = side[winner]
            for i in range(players):
                pile[trick[i]] = wside
            if fft:
                pile[EXCUSE] = 1 - owner  # D20: it changes sides, no low card owed
        else:
            wside = side[winner]
            for i in range(players):
                pile[trick[i]] = wside
            pile[EXCUSE] = owner  # it stays with its owner's side (§9.3)
            if owner != wside:
                sv[DEBT] = owner
        sv[EX_SEAT] = -1
    debtor = sv[DEBT]
    if debtor >= 0:  # state._settle_excuse: a ½-point card once the side has won one (D11)
        for c in range(77):
            if pile[c] == debtor and value2(c) == 1:
                pile[c] = 1 - debtor
                sv[DEBT] = -1
                break
    pab = 0
    if last:  # state._petit_au_bout (D13; FFT rules 3 and 5)
        sgn = 1 if side[winner] == 0 else -1
        if not fft:
            if winner != ex_seat and sv[BEST] == PETIT:
                pab = sgn
        elif has_petit:
            pab = sgn
        elif winner == ex_seat and sv[PREV_PETIT_WIN] >= 0:
            pab = 1 if side[sv[PREV_PETIT_WIN]] == 0 else -1
    if wside == 0:
        sv[TW0] += 1
    else:
        sv[TW1] += 1
    sv[PREV_PETIT_WIN] = winner if has_petit else -1
    sv[TRICK_LEN] = 0
    sv[TRICK_NO] += 1
    sv[LED] = -1
    sv[BEST] = -1
    if last:
        score(own, pile, sv, flags, poig, pab, row)
        return 0
    sv[LEADER] = winner
    sv[CUR] = winner
    return -1


@njit(cache=True)
def round_away(d2: int) -> int:
    """Half points to points, a half away from zero (D4, FFT rule 6)."""
    return (d2 + 1) // 2 if d2 >= 0 else -((1 - d2) // 2)


@njit(cache=True)
def score(own: Any, pile: Any, sv: Any, flags: Any, poig: Any, pab: int, row: Any) -> None:
    """state._end_play and scoring.score_quarters: each seat's score in quarter points."""
    players, fft, contract = sv[NP], sv[FFT], sv[BEST_BID]
    sans = 2 if fft else 3  # garde sans: the talon counts for the taker; garde contre: for the defence
    points2 = oudlers = 0
    honours = np.zeros(11, np.int64)  # seed_literal: count of honours by value (10, 8, 6, 4)
    pairs = numerals = 0
    for c in range(78):
        mine = pile[c] == 0 or (own[c] == TALON and contract == sans) or (own[c] == ECART and contract < sans)
        if not mine:
            continue
        v = value2(c)
        points2 += v
        if c == PETIT or c == T21 or c == EXCUSE:
            oudlers += 1
        if v > 1:
            honours[v + 1] += 1
        elif c > PETIT and c < T21:
            pairs += 1
        elif c < PETIT:
            numerals += 1
    if sv[LITERAL]:  # D3 "seed_literal": an honour counts only paired with a middle trump, highest first
        points2 = numerals
        for v in (10, 8, 6, 4):
            take = min(pairs, honours[v])
            points2 += take * v
            pairs -= take
    taker, partner = sv[TAKER], sv[PARTNER]
    slam = 1 if sv[TW1] == 0 else -1 if sv[TW0] == 0 else 0  # attack / defence / none
    announced = sv[SLAM]
    cv = sv[CAPOT_VALUE]
    m = MULT_FFT[contract] if fft else MULT_SEED[contract]
    d2 = points2 - 2 * TARGETS[oudlers]
    if not fft:
        e = round_away(d2 + 20 * pab)  # §11.1: the petit au bout before the made/failed test (D13)
        made = e >= 0
        amount = (e + 25) * m if made else e * m
        q = 4 * amount
        if announced:
            q += 4 * cv if slam == 1 else -4 * cv  # §11.4, not multiplied (D14)
        elif slam == 1:
            q += 2 * cv
    else:
        d = round_away(d2)
        made = d >= 0
        base = (25 + abs(d)) * m  # FFT rule 2
        amount = (base if made else -base) + 10 * m * pab
        handfuls = 0
        for s in range(players):
            if poig[s] >= 0:
                handfuls += 20 + 10 * poig[s]
        amount += handfuls if made else -handfuls  # rule 4
        if slam == 1:
            amount += 400 if announced else 200  # rule 5
        elif announced:
            amount -= 200
        if slam == -1:
            amount -= 200
        q = 4 * amount
    for s in range(players):
        row[s] = -q
    if partner < 0:
        row[taker] = q * (players - 1)
    else:
        total = q * (players - 2)
        share = total // 2 if not fft else total // 3  # 1.5/1.5 (seed) or 2/3-1/3 (FFT)
        row[partner] = share
        row[taker] = total - share
    if not fft:  # §11.3, D8: announcements, the attack's paid only if the contract is made
        for seat in range(players):
            for kind in range(3):
                if kind == 0:
                    v = 40 if flags[seat] & F_SANS_ATOUTS else 0
                elif kind == 1:
                    v = 40 if flags[seat] & F_SANS_POINTS else 0
                else:
                    v = 4 * (20 + 10 * poig[seat]) if poig[seat] >= 0 else 0
                if v == 0:
                    continue
                if (seat == taker or seat == partner) and not made:
                    v = -v
                for s in range(players):
                    row[s] -= v
                row[seat] += v * players


# --- driving a deal ----------------------------------------------------------------------------------
@njit(cache=True)
def run(own: Any, pile: Any, showing: Any, sv: Any, side: Any, flags: Any, poig: Any, trick: Any, rng: Any,
        policy: int, picks: Any, row: Any) -> int:
    """Play to the end of the deal with ``policy`` (0 random, 1 first); 0 scored, 1 petit-sec redeal."""
    acts = np.empty(MAX_ACTIONS, np.int64)
    while True:
        n = legal(own, showing, sv, flags, acts)
        i = below(rng, n) if policy == 0 else 0
        picks[sv[NPICKS]] = i
        sv[NPICKS] += 1
        sv[DECISIONS] += 1
        status = apply(own, pile, showing, sv, side, flags, poig, trick, row, acts[i])
        if status >= 0:
            return status


@njit(cache=True)
def reset(own: Any, pile: Any, showing: Any, sv: Any, side: Any, flags: Any, poig: Any, dealer: int) -> None:
    """state._reset_deal for a fresh deal (``own`` already dealt): every scalar at its start value."""
    players = sv[NP]
    for c in range(78):
        pile[c] = -1
        showing[c] = False
    for s in range(5):
        side[s] = 1
        flags[s] = 0
        poig[s] = -1
    eldest = (dealer + 1) % players
    for j, v in ((ELDEST, eldest), (NBIDS, 0), (BEST_BID, -1), (TAKER, -1), (CALLED, -1), (PARTNER, -1),
                 (SLAM, 0), (ANN_COUNT, 0), (SHOWER, -1), (SHOW_COUNT, 0), (LEADER, eldest), (TRICK_LEN, 0),
                 (LED, -1), (BEST, -1), (WIN, -1), (EX_SEAT, -1), (TRICK_NO, 0), (TW0, 0), (TW1, 0), (DEBT, -1),
                 (PREV_PETIT_WIN, -1), (ECART_N, 0), (NPICKS, 0)):
        sv[j] = v
    # Petit sec (§3.1, rules.is_petit_sec): the first seat whose only trump is the Petit, without the Excuse.
    holder = -1
    for s in range(players):
        if holder < 0 and own[PETIT] == s and own[EXCUSE] != s:
            alone = True
            for c in range(PETIT + 1, EXCUSE):
                if own[c] == s:
                    alone = False
            if alone:
                holder = s
    sv[PHASE] = PH_BIDDING
    sv[CUR] = eldest
    if holder >= 0:
        sv[PHASE] = PH_PETIT_SEC
        sv[CUR] = holder


@njit(cache=True)
def random_deals(players: int, fft: int, capot_value: int, literal: int, policy: int, n: int, rng: Any,
                 trace: bool, deals_out: Any, dealers_out: Any, ndeals_out: Any, picks_out: Any, npicks_out: Any,
                 rows: Any) -> int:
    """``n`` complete deals: shuffle, deal, play with ``policy``; rows[i] = deal i's scores (quarter points).

    With ``trace``: each game's first dealer, its dealt cards per (re)deal (``own`` codes: seat or TALON),
    and the chosen indices, so that a test can replay it through ``new_game(deal=[...], dealer=...)``.
    Returns the number of decisions taken.
    """
    own = np.empty(78, np.int8)
    pile = np.empty(78, np.int8)
    showing = np.zeros(78, np.bool_)
    sv = np.zeros(NSV, np.int64)
    side = np.empty(5, np.int64)
    flags = np.empty(5, np.int64)
    poig = np.empty(5, np.int64)
    trick = np.empty(5, np.int64)
    picks = np.empty(MAX_PICKS * 4, np.int64)
    row = np.zeros(5, np.int64)
    pack = np.arange(78)
    size = HAND_SIZES[players]
    sv[NP] = players
    sv[FFT] = fft
    sv[NEED] = 78 - players * size
    sv[NTRICKS] = size
    sv[CAPOT_VALUE] = capot_value
    sv[LITERAL] = literal
    decisions = 0
    for g in range(n):
        dealer = below(rng, players)  # seed 001: "le premier donneur tiré au sort"
        if trace:
            dealers_out[g] = dealer
        redeals = 0
        taken = 0
        while True:
            for i in range(77, 0, -1):  # Fisher-Yates with the rollout generator
                j = below(rng, i + 1)
                pack[i], pack[j] = pack[j], pack[i]
            for i in range(78):
                own[pack[i]] = i // size if i < players * size else TALON
            if trace:
                if redeals >= deals_out.shape[1]:
                    return -1  # more redeals than the trace holds (never seen: each needs a petit sec)
                for c in range(78):
                    deals_out[g, redeals, c] = own[c]
            redeals += 1
            reset(own, pile, showing, sv, side, flags, poig, dealer)
            if sv[PHASE] == PH_PETIT_SEC and fft:
                dealer = (dealer + 1) % players  # FFT rule 7 (D15): annulled at once, the next dealer deals
                continue
            sv[NPICKS] = taken
            status = run(own, pile, showing, sv, side, flags, poig, trick, rng, policy, picks, row)
            taken = sv[NPICKS]
            if status == 0:
                break
            # a petit sec claimed: the same dealer deals again (seed 001, D15)
        decisions += taken
        if trace:
            ndeals_out[g] = redeals
            npicks_out[g] = taken
            for i in range(taken):
                picks_out[g, i] = picks[i]
        for s in range(players):
            rows[g, s] = row[s]
    return decisions


# --- the packed state: one int64 array built by rollout.pack() (one cheap call instead of eight arrays) ---
#: Words of the packed state: 10 card masks as (bits 0..62, bits 63..77) pairs (hands of seats 0..4, the unseen
#: talon, the écart, the attack's pile, the defence's pile, the poignée being shown), then ``sv``, then
#: ``side``, ``flags``, ``poig`` and ``trick`` (5 words each).
MASKS = 10
M_HANDS, M_TALON, M_ECART, M_PILE0, M_PILE1, M_SHOWING = 0, 5, 6, 7, 8, 9
P_SV = 2 * MASKS
P_SIDE = P_SV + NSV
P_FLAGS, P_POIG, P_TRICK = P_SIDE + 5, P_SIDE + 10, P_SIDE + 15
PACKED = P_SIDE + 20


@njit(cache=True)
def _bit(p: Any, mask: int, c: int) -> bool:
    return (p[2 * mask + 1] >> (c - 63)) & 1 == 1 if c >= 63 else (p[2 * mask] >> c) & 1 == 1


@njit(cache=True)
def unpack(p: Any) -> Any:
    """The kernel's arrays (own, pile, showing, sv, side, flags, poig, trick) from a packed state."""
    own = np.full(78, GONE, np.int8)
    pile = np.full(78, -1, np.int8)
    showing = np.zeros(78, np.bool_)
    for c in range(78):
        if _bit(p, M_TALON, c):
            own[c] = TALON
        for s in range(5):
            if _bit(p, M_HANDS + s, c):
                own[c] = s
        if _bit(p, M_ECART, c):
            own[c] = ECART
        if _bit(p, M_PILE0, c):
            pile[c] = 0
        if _bit(p, M_PILE1, c):
            pile[c] = 1
        showing[c] = _bit(p, M_SHOWING, c)
    sv = p[P_SV:P_SV + NSV].copy()
    return (own, pile, showing, sv, p[P_SIDE:P_SIDE + 5].copy(), p[P_FLAGS:P_FLAGS + 5].copy(),
            p[P_POIG:P_POIG + 5].copy(), p[P_TRICK:P_TRICK + 5].copy())


@njit(cache=True)
def run_packed(p: Any, rng: Any, policy: int, picks: Any, row: Any) -> Any:
    """Unpack and play to the end of the deal: (status, number of picks); see :func:`run`."""
    own, pile, showing, sv, side, flags, poig, trick = unpack(p)
    status = run(own, pile, showing, sv, side, flags, poig, trick, rng, policy, picks, row)
    return status, sv[NPICKS]
