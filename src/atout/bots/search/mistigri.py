"""Worlds for Mistigri: the hidden hands, la fille, le talon and the discards dealt as one seat observed.

Seed 003 / mistigri.md §5: each player in turn plays his hand, takes the fille (the spare hand; his
own goes face down), draws from the top of the talon (the stock) after laying face down as many cards,
or passes; the dealer may first take the retourne (the turned-up card, public) against a card of his
hand. So a seat knows its hand, its own laid-aside cards, the retourne, who did what and how many
cards each drew; a world rebuilds the rest: each other seat's hand (its current cards and the cards
it played), the discards, the fille, the talon in the order the draws consumed it. D10 (the Rams
rules) makes play informative: a seat that did not follow, did not beat, or did not trump or overtrump
when it had to holds no card that would have obliged it (``voids``).

A coup after the first starts from a public pool, stacks and *noce* flag (bêtes paid in); ``new_game``
always starts a first coup, so :func:`rebuild` sets those public facts before replaying the history.

>>> import random, atout
>>> g = atout.new_game("mistigri", players=4, seed=3)
>>> world = sample_world(g.observation(g.current_player), random.Random(1))
>>> world is not None and world.observation(2).hand == g.observation(2).hand
True
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from atout.bots.base import Bot, make_bot, register_bot
from atout.bots.search import BUDGETS, Budget, SearchBot, cautious_choice, paired_scores, register_sampler, sample_world
from atout.bots.search.worlds import assign, codes_mask, plays_in_history
from atout.core.actions import Action
from atout.core.cards import Card
from atout.core.cardset import codes, mask
from atout.core.errors import AtoutError
from atout.core.packs import PIQUET32
from atout.core.protocol import DealLog, GameState, Observation, new_game
from atout.games.mistigri.rules import MISTIGRI, STRENGTH, legal_cards, trump_mask
from atout.games.mistigri.state import MAX_EXTRA_COUPS

SUITS = ("spades", "hearts", "diamonds", "clubs")
ALL = PIQUET32.mask
PACK = tuple(c.id for c in PIQUET32.cards)


def _ids(m: int) -> list[int]:
    return [c for c in PACK if m >> c & 1]


def obliged(card: int, trick: list[int], trump: int) -> int:
    """The cards whose presence in the hand would have made ``card`` illegal on ``trick`` (D10).

    The Rams rules are monotone: a card is refused only because the hand holds a card of a higher
    duty (the suit, a higher card of it, a trump, a higher trump), so one card at a time tells them all.
    """
    out = 0
    for x in PACK:
        if x != card and not legal_cards(1 << card | 1 << x, trick, trump)[0] >> card & 1:
            out |= 1 << x
    return out


def voids(obs: Observation) -> list[int]:
    """Per seat, the cards it cannot hold any more, from the tricks played so far (D10, §10)."""
    pub = obs.public
    n = int(obs.rules["players"])
    out = [0] * n
    if pub["trump"] is None:
        return out
    trump = SUITS.index(pub["trump"])
    engaged: list[int] = pub["engaged"]
    tricks = [(t["leader"], [Card.parse(c).id for c in t["cards"]]) for t in pub["tricks"]]
    if pub["trick"]:
        tricks.append((pub["trick"][0][0], [Card.parse(c).id for _, c in pub["trick"]]))
    for k, (leader, cards) in enumerate(tricks):
        first = engaged.index(leader)
        for i, c in enumerate(cards):
            seat = engaged[(first + i) % len(engaged)]
            if i == 0:
                if k == 1 and obs.rules.get("cascaret_trump_second") and not trump_mask(trump) >> c & 1:
                    out[seat] |= trump_mask(trump)  # §10: the second lead is a trump when one is held
                continue
            out[seat] |= obliged(c, cards[:i], trump)
    return out


def sample(obs: Observation, rng: random.Random) -> tuple[dict[str, Any], dict[int, str]] | None:
    """A deal consistent with ``obs`` (hands, fille, retourne, talon) and the texts of hidden discards."""
    pub = obs.public
    n = int(obs.rules["players"])
    me, dealer = obs.seat, pub["dealer"]
    hand = mask(c.id for c in obs.hand)
    played_by = plays_in_history(obs.history, n)
    played = 0
    for m in played_by:
        played |= m
    retourne = Card.parse(pub["retourne"]).id
    ret_bit = 1 << retourne
    taker: int | None = pub["fille_taker"]
    drawers: list[int] = []  # in the order the draws took the talon's top cards
    draw_at: dict[int, int] = {}
    exch_at: dict[int, int] = {}
    mine_x = mine_disc = 0
    for i, (s, text) in enumerate(obs.history):
        kind = text.split(" ", 1)[0]
        if kind == "draw":
            drawers.append(s)
            draw_at[s] = i
            if s == me:
                mine_disc = codes_mask(text.split()[1:])
        elif kind == "exchange_retourne":
            exch_at[s] = i
            if s == me:
                mine_x = codes_mask(text.split()[1:])
    drawn: list[int] = pub["drawn"]
    void = voids(obs)
    hidden_ret = dealer != me and dealer in exch_at and not played >> retourne & 1
    known = hand | codes_mask(pub["laid_aside"]) | played | codes_mask(pub["lanturlu"])
    if not hidden_ret:
        known |= ret_bit
    cards = _ids(ALL & ~known)
    # Slots: (owner, what, size, allowed); the retourne may only be in the exchanging dealer's hand or discards.
    slots: list[tuple[int, str, int, int]] = []
    for s in range(n):
        if s == me:
            continue
        ret_ok = ret_bit if (hidden_ret and s == dealer) else 0
        slots.append((s, "cur", pub["hand_sizes"][s], (ALL & ~ret_bit & ~void[s]) | (ret_ok & ~void[s])))
        if s in draw_at:
            slots.append((s, "disc", drawn[s], (ALL & ~ret_bit) | ret_ok))
        if s == taker:
            slots.append((s, "given", 5, ALL & ~ret_bit))
        if s in exch_at:
            slots.append((s, "x", 1, ALL & ~ret_bit))
    if taker is None:
        slots.append((-1, "fille", 5, ALL & ~ret_bit))
    slots.append((-1, "talon", pub["talon_size"], ALL & ~ret_bit))
    dealt = assign(cards, [sl[2] for sl in slots], [sl[3] for sl in slots], rng)
    if dealt is None:
        return None
    got = {(sl[0], sl[1]): m for sl, m in zip(slots, dealt, strict=True)}
    initial = [0] * n
    received: dict[int, list[int]] = {}
    fille = got.get((-1, "fille"), 0)
    fills: dict[int, str] = {}
    for s in range(n):
        final = (hand if s == me else got[(s, "cur")]) | played_by[s]
        disc = mine_disc if s == me else got.get((s, "disc"), 0)
        x = mine_x if s == me else got.get((s, "x"), 0)
        if s == taker:
            initial[s] = codes_mask(pub["laid_aside"]) if s == me else got[(s, "given")]
            fille = final
            continue
        pre = final
        if s in draw_at:
            fresh = _ids(final & ~(ret_bit if s in exch_at else 0))
            if len(fresh) < drawn[s]:
                return None  # the exchanging dealer who drew five laid the retourne down: not in his hand
            take = rng.sample(fresh, drawn[s])
            received[s] = take
            pre = final & ~mask(take) | disc
            if s != me:
                fills[draw_at[s]] = "draw " + " ".join(codes(disc))
        if s in exch_at:
            pre = pre & ~ret_bit | x
            if s != me:
                fills[exch_at[s]] = "exchange_retourne " + Card(x.bit_length() - 1).code
        initial[s] = pre
    rest = _ids(got[(-1, "talon")])
    rng.shuffle(rest)
    talon = [c for s in drawers for c in received[s]] + rest
    deal = {"hands": [codes(h) for h in initial], "fille": codes(fille), "retourne": Card(retourne).code,
            "talon": [Card(c).code for c in talon]}
    return deal, fills


def _restore_coup(state: GameState, pub: Mapping[str, Any]) -> None:
    """Set the public facts a coup starts from (pool, stacks, noce, how many coups before it).

    ``new_game`` deals a first coup with the dealer's stake and no bête (a coup de noce); a later coup
    starts from the pool the bêtes and the carry made, which the observation shows. These are all public.
    """
    st: Any = state
    st.stacks = list(pub["stacks"])
    st.pool = pub["pool"]
    st.noce = pub["noce"]
    st.deals_limit, st.extra = st.regular, MAX_EXTRA_COUPS  # the world ends with this coup (see coup_playout)
    before = [DealLog(dealer=pub["dealer"], deal={}) for _ in range(pub["deal"])]
    if before:
        before[-1].result = pub["last_row"]
    st.log = before + st.log


def rebuild(obs: Observation, deal: dict[str, Any], fills: dict[int, str], seed: int) -> GameState | None:
    """The world of a sampled deal: the coup's public start, then the seat's history replayed; None if refused."""
    rules = dict(obs.rules)
    players, variant = rules.pop("players", None), rules.pop("variant", None)
    pub = obs.public
    try:
        state = new_game(obs.game, players=players, variant=variant, seed=seed, deal=deal,
                         dealer=pub["dealer"], **rules)
        _restore_coup(state, pub)
        for i, (seat, text) in enumerate(obs.history):
            if state.current_player != seat:
                return None
            state.apply(fills.get(i, text))
    except (AtoutError, ValueError):
        return None
    if state.current_player != obs.seat or state.phase != obs.phase or state.deal_index != pub["deal"]:
        return None
    if state.observation(obs.seat).hand != obs.hand:
        return None
    return state


def _weakness(card: int, trump: int) -> tuple[int, int]:
    is_trump = trump_mask(trump) >> card & 1
    return (is_trump, STRENGTH[card] + (10 if card == MISTIGRI else 0))


def candidates(obs: Observation, legal: list[Action], base: Action) -> list[Action]:
    """The actions searched: all but the draws, of which the k weakest cards for each k (and the heuristic's)."""
    draws = [a for a in legal if a.kind == "draw"]
    if not draws or obs.public["trump"] is None:
        return legal
    trump = SUITS.index(obs.public["trump"])
    order = sorted((c.id for c in obs.hand), key=lambda c: _weakness(c, trump))
    wanted = {Action("draw", tuple(codes(mask(order[:k])))) for k in range(1, len(order) + 1)}
    wanted.add(base)
    return [a for a in legal if a.kind != "draw" or a in wanted]


class MistigriSearch(SearchBot):
    """PIMC over sampled Mistigri worlds, each action judged by the chips of this coup.

    The playout ends with the coup: a seat's result is what its tricks or the pool paid it, less its
    bête payment (that money waits in the next pool, shared by everybody). Each action is compared with
    the heuristic's choice world by world; it replaces it only when the mean gain exceeds ``MARGIN``
    standard errors of the paired differences (a coup is a few chips, the best of many noisy means is luck).
    """

    MARGIN = 1.5

    def act(self, obs: Observation) -> Action:
        legal = list(obs.legal_actions)
        if len(legal) <= 1:
            return super().act(obs)
        base = self.fallback.act(obs)
        cands = candidates(obs, legal, base)
        players = int(obs.rules["players"])
        policies = [make_bot("mistigri", self.policy_name, seed=self.rng.getrandbits(32)) for _ in range(players)]
        scores = paired_scores(obs, self.rng, self.budget, cands, lambda sim: coup_playout(sim, obs.seat, policies))
        return cautious_choice(base, cands, scores, self.MARGIN)


def coup_playout(state: GameState, me: int, policies: list[Bot]) -> float:
    """Play the coup out with the policies; my takings less my bête payment, against the others' mean."""
    coup, since = state.deal_index, state.event_count
    while not state.is_terminal() and state.deal_index == coup:
        seat = state.current_player
        assert seat is not None
        state.apply(policies[seat].act(state.observation(seat)))
    for event in state.events(None, since):
        if event.kind == "deal_scored":
            pays = {b["seat"]: b["pays"] for b in event.data["betes"]}
            net = [t - pays.get(s, 0) for s, t in enumerate(event.data["takings"])]
            others = [x for s, x in enumerate(net) if s != me]
            return net[me] - sum(others) / len(others)
    return 0.0


def _search_factory(budget: Budget) -> Any:
    return lambda seed: MistigriSearch(seed, "mistigri", budget)


register_sampler("mistigri", sample, rebuild)
for _name, _budget in BUDGETS.items():
    register_bot("mistigri", _name, _search_factory(_budget))

__all__ = ["MistigriSearch", "candidates", "coup_playout", "obliged", "rebuild", "sample", "sample_world",
           "voids"]
