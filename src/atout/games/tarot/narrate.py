"""Tarot's events (language-free, for :mod:`atout.present`), derived lazily so that playouts stay fast;
and the coded refusal of a card (:func:`play_refusal`).

A state plays with ``_narrate`` off: its hot path emits nothing. :meth:`NarrateMixin.events` then
replays the match log through a *narrating* twin (``_narrate`` on), fed incrementally, and returns
that twin's events: the same events, at no cost to simulations that never ask for them.

Event kinds (``data`` keys): ``deal_started`` (deal, dealer), ``redeal`` (reason, holder),
``bid`` (contract), ``passed``, ``contract`` (contract, taker), ``called`` (called),
``talon_shown`` (cards), ``talon_hidden`` (contract), ``called_in_talon`` (called), ``ecart_made``
(cards; to the taker only), ``ecart_done`` (count, shown_cards), ``announced`` (announcement),
``poignee_shown`` (announcement, cards, count), ``card_played`` (card, trick), ``partner_revealed``
(called), ``trick_won`` (trick, leader, cards, seats, points, winner_points, winner_side, attack_tricks,
defence_tricks, excuse, excuse_to, attack_points, exchange and exchange_side: the Excuse's owner and his side
when that side gave a ½-point card for it as the trick ended, or, at five, the first trick after the partner is
known when it gave it before), ``excuse_settled`` (owner, excuse_to, side, owner_side, exchange,
points: after the last trick, where the Excuse ended), ``petit_au_bout`` (side), ``slam`` (side, announced), ``deal_scored``
(every scoring component, see :func:`score_components`), ``match_over`` (totals).

>>> import atout
>>> g = atout.new_game("tarot", players=4, seed=3, dealer=3)
>>> g.apply("pass")
>>> [e.kind for e in g.events()]
['deal_started', 'passed']
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any, Self

from atout.core.actions import Action
from atout.core.cards import CARDS
from atout.core.cardset import codes
from atout.core.errors import IllegalAction
from atout.core.events import Event
from atout.core.protocol import DealLog, Score, check_events_args, json_number
from atout.games.tarot.fields import TarotFields
from atout.games.tarot.rules import (
    ANNOUNCE_VALUES,
    EXCUSE,
    MULTIPLIERS,
    OUDLERS,
    POIGNEE_KINDS,
    TARGETS,
    VALUE2,
    TarotRules,
    legal_play_mask,
    play_rule_code,
)
from atout.games.tarot.scoring import card_points2
from atout.games.tarot.view import public_partner

_SIDES = ("attack", "defence")


class NarrateMixin:
    """Events for :class:`TarotState`: emitted only by a narrating twin, read through :meth:`events`."""

    _narrate: bool = False  # True only in the twin built by _narrator(); playouts never pay for events
    _events: list[Event]
    # what the twin is built from, provided by the state (annotations only: no attribute shadows the state's)
    rules: TarotRules
    seed: int
    log: list[DealLog]
    deals_limit: int
    redeal_void: bool
    given_deals: list[Any]
    apply: Callable[[Action | str], None]

    def _emit(self, kind: str, seat: int | None = None, to: int | None = None, **data: Any) -> None:
        if self._narrate:
            self._events.append(Event(kind, seat, data, to))

    def _narrator(self) -> Self:
        """The narrating twin, brought up to date with the log (built on first use)."""
        me = self
        twin: Self | None = me.__dict__.get("_twin")
        if twin is None:
            twin = object.__new__(type(self))
            twin._narrate = True
            twin.__init__(me.rules, seed=me.seed, deal=[e.deal for e in me.log],  # type: ignore[misc]
                          dealer=me.log[0].dealer, deals=me.deals_limit, redeal_void=me.redeal_void)
            me.__dict__["_twin"] = twin
        twin.given_deals = [e.deal for e in me.log]
        while True:
            i = len(twin.log) - 1
            done, todo = twin.log[i].actions, me.log[i].actions
            if len(done) >= len(todo):
                return twin
            twin.apply(todo[len(done)][1])

    def events(self, seat: int | None = None, since: int = 0) -> list[Event]:
        """Events from index ``since`` that ``seat`` may see (None: a spectator, public events only)."""
        check_events_args(self, seat, since)  # type: ignore[arg-type]  # True is not seat 1 (issue 6)
        source = self._events if self._narrate else self._narrator()._events
        return [e for e in source[since:] if e.to is None or e.to == seat]

    @property
    def event_count(self) -> int:
        source = self._events if self._narrate else self._narrator()._events
        return len(source)


def trick_data(state: TarotFields, wside: int, ex_seat: int, excuse_to: str | None = None,
               gave: bool = False) -> dict[str, Any]:
    """The ``trick_won`` data: its cards by seat, its card points, the running count of each side.

    ``points`` counts every card of the trick; with an Excuse, ``excuse_to`` says where it goes: ``"owner"``
    (it stays with its owner's side, §9.3), ``"opposite"`` (FFT, last trick: it changes sides, D20) or
    ``"winner"`` (seed, last trick; or it wins the trick in a slam, §9.4): only then do its points stay
    with the trick's winner. ``gave``: the Excuse's side gave the other a ½-point card for it as this trick
    ended (§9.3, D11; in this trick, or in the first it won after): ``exchange`` names the Excuse's owner, so
    that the running count's extra ½ point is said where it happens (a newcomer read 1.5 points, then 2).
    """
    n = state.players
    seats = [(state.leader + i) % n for i in range(len(state.trick))]
    points2 = sum(VALUE2[c] for c in state.trick)
    won = list(state.tricks_won)
    won[wside] += 1
    data: dict[str, Any] = {
        "trick": state.trick_no + 1,
        "leader": state.leader,
        "cards": [CARDS[c].code for c in state.trick],
        "seats": seats,
        "points": json_number(Fraction(points2, 2)),
        # What the winner's side keeps of it: without an Excuse that goes elsewhere.
        "winner_points": json_number(Fraction(points2 - (VALUE2[EXCUSE] if excuse_to in ("owner", "opposite") else 0),
                                              2)),
        "winner_side": _SIDES[wside],
        "attack_tricks": won[0],
        "defence_tricks": won[1],
        "excuse": ex_seat if ex_seat >= 0 else None,
        "excuse_to": excuse_to,
        "attack_points": json_number(Fraction(card_points2(state.piles[0]), 2)),  # cards won so far (not the écart)
    }
    owner = (ex_seat if ex_seat >= 0 else excuse_owner(state)) if gave else None
    if owner is None and not _exchange_said(state):
        owner = _exchange_given(state)  # given while the partner was unknown (at five): said now that he is
    data.update(exchange=owner, exchange_side=None if owner is None else _SIDES[state.side[owner]])
    if public_partner(state)[1] is None and state.called >= 0:
        # At five, until the called card shows the partner, nobody may know which side won a trick (nor, by
        # an exchange, which side the trick's winner shares with the Excuse's owner).
        data.update(winner_side=None, attack_tricks=None, defence_tricks=None, attack_points=None, exchange=None,
                    exchange_side=None)
    return data


def excuse_trick(state: TarotFields) -> tuple[int, int, int] | None:
    """The finished trick of this deal the Excuse was played to: (its index, who played it, who won the trick),
    or None (not played yet, still in the trick, or left in the talon)."""
    for t, (leader, cards, winner) in enumerate(state.history):
        if EXCUSE in cards:
            return t, (leader + cards.index(EXCUSE)) % state.players, winner
    return None


def excuse_owner(state: TarotFields) -> int | None:
    """Who played the Excuse in a finished trick of this deal, or None."""
    found = excuse_trick(state)
    return None if found is None else found[1]


def _exchange_given(state: TarotFields) -> int | None:
    """The Excuse's owner when its side has given the ½-point card for it in a finished trick (§9.3, D11)."""
    found = excuse_trick(state)
    if found is None:
        return None
    _, owner, winner = found
    return owner if state.side[winner] != state.side[owner] and state.debt < 0 else None


def _exchange_said(state: TarotFields) -> bool:
    """Whether a ``trick_won`` of this deal has said the Excuse's exchange already (the narrating state's events)."""
    for e in reversed(getattr(state, "_events", ())):
        if e.kind == "deal_started":
            return False
        if e.kind == "trick_won" and e.data.get("exchange") is not None:
            return True
    return False


def excuse_settled(state: TarotFields) -> dict[str, Any] | None:
    """Where the Excuse ended, once the last trick is played (the ``excuse_settled`` data), or None when it was
    not played (left in the talon) or went with the trick it was played to.

    ``owner``: who played it; ``excuse_to``: ``"owner"`` (kept by its side, §9.3) or ``"opposite"`` (FFT, D20);
    ``side``: the side that counts it; ``exchange``: ``"given"`` (its side gave a ½-point card to the other,
    §9.3), ``"none_won"`` (its side won no trick: nothing to give, D11) or None (nothing owed: the trick went to
    its own side, or it changed sides).
    """
    found = excuse_trick(state)
    if found is None:
        return None
    t, owner, winner = found
    last = t == len(state.history) - 1
    if winner == owner or (last and not state.fft):
        return None  # with the trick, in its points (a slam's last trick; the seed's last trick)
    oside = state.side[owner]
    if last:
        return {"owner": owner, "excuse_to": "opposite", "side": _SIDES[1 - oside], "owner_side": _SIDES[oside],
                "exchange": None, "points": json_number(Fraction(VALUE2[EXCUSE], 2))}
    owed = state.side[winner] != oside
    exchange = None if not owed else "none_won" if state.debt == oside else "given"
    return {"owner": owner, "excuse_to": "owner", "side": _SIDES[oside], "owner_side": _SIDES[oside],
            "exchange": exchange, "points": json_number(Fraction(VALUE2[EXCUSE], 2))}


def _round_away(d2: int) -> int:
    return (d2 + 1) // 2 if d2 >= 0 else -((1 - d2) // 2)


def score_components(state: TarotFields, row: list[Score]) -> dict[str, Any]:
    """Every number a player needs to check a deal's score by hand (seed §11, FFT rule 2).

    ``per_defender`` is what each defender pays the attack (negative: receives) before the seed's
    announcement ledger; ``announcements`` lists each with its value and who gains it.
    """
    outcome = state.outcome or {}
    variant = state.variant
    contract = state.contract or ""
    m = MULTIPLIERS[variant][contract]
    points = Fraction(outcome.get("attack_points", 0))
    oudlers = int(outcome.get("attack_oudlers", 0))
    needed = TARGETS[oudlers]
    pab_side = outcome.get("petit_au_bout")
    pab = 1 if pab_side == "attack" else -1 if pab_side == "defence" else 0
    slam = outcome.get("slam", "none")
    d2 = int(points * 2) - 2 * needed
    partner = state.partner if state.partner >= 0 and state.partner != state.taker else None
    attack_pile = int(outcome.get("attack_pile", 0))
    visible = state.played | (state.talon if state.talon_shown else 0)
    data: dict[str, Any] = {
        "deal": state.deal_index + 1,
        "variant": variant,
        "contract": contract,
        "multiplier": m,
        "taker": state.taker,
        "partner": partner,
        "called": CARDS[state.called].code if state.called >= 0 else None,
        "points": json_number(points),
        # the attack's card points in its tricks (its running count after the last one): the rest of ``points``
        # was laid aside (the écart, or the talon at a garde sans), said apart by the breakdown; the literal
        # count of seed 001 is not split so (its pairs cross the two)
        "trick_points": None if state.rules.count_method == "seed_literal"
        else json_number(Fraction(card_points2(state.piles[0]), 2)),
        "oudlers": oudlers,
        "bouts": codes(attack_pile & OUDLERS & visible),  # only cards everyone saw (a blind talon stays hidden)
        "defence_bouts": codes(int(outcome.get("defence_pile", 0)) & OUDLERS & visible),
        "excuse_to": (excuse_settled(state) or {}).get("excuse_to"),  # "opposite": it changed sides at the last trick
        "needed": needed,
        "difference": json_number(Fraction(d2, 2)),
        "petit_au_bout": pab_side,
        "slam": slam,
        "slam_announced": state.slam_announced,
        "attack_tricks": state.tricks_won[0],
        "defence_tricks": state.tricks_won[1],
    }
    if variant == "seed":
        e = _round_away(d2 + 20 * pab)
        made = e >= 0
        contract_part = (e + 25) * m if made else e * m
        if state.slam_announced:
            slam_part = state.rules.capot_value if slam == "attack" else -state.rules.capot_value
        else:
            slam_part = state.rules.capot_value // 2 if slam == "attack" else 0
        data.update(pab_points=10 * pab, result=e, made=made, base=25 if made else 0, contract_points=contract_part,
                    slam_points=slam_part, per_defender=contract_part + slam_part)
        anns = []
        for seat, kind, _ in state.announcements:
            if kind in ("capot", "chelem"):
                continue
            attack_side = seat == state.taker or seat == partner
            gains = not attack_side or made
            anns.append({"seat": seat, "kind": kind, "value": ANNOUNCE_VALUES[kind], "gains": gains})
        data["announcements"] = anns
    else:
        d = _round_away(d2)
        made = d >= 0
        base = (25 + abs(d)) * m
        handfuls = sum(ANNOUNCE_VALUES[k] for _, k, _ in state.announcements if k in POIGNEE_KINDS)
        slam_part = 0
        if slam == "attack":
            slam_part = 400 if state.slam_announced else 200
        elif state.slam_announced:
            slam_part = -200
        if slam == "defence":
            slam_part -= 200
        total = (base if made else -base) + 10 * m * pab + (handfuls if made else -handfuls) + slam_part
        data.update(result=d, made=made, base=25, contract_points=base if made else -base, pab_points=10 * m * pab,
                    handfuls=handfuls if made else -handfuls, slam_points=slam_part, per_defender=total,
                    announcements=[{"seat": s, "kind": k, "value": ANNOUNCE_VALUES[k], "gains": made}
                                   for s, k, _ in state.announcements if k in POIGNEE_KINDS])
    data["share"] = "alone" if partner is None else ("halves" if variant == "seed" else "thirds")
    data["row"] = [json_number(x) for x in row]
    data["totals"] = [json_number(x) for x in state.returns()]
    return data


def play_refusal(state: TarotFields, text: str, c: int, allowed: int) -> IllegalAction:
    """The refusal of card ``c`` (not in ``allowed``), naming the rule with its code and citation."""
    hand = state.hands[state.current_player]  # type: ignore[index]
    plain_legal = legal_play_mask(hand, state.led, state.best) >> c & 1
    params: dict[str, object]
    if plain_legal and c == EXCUSE:
        rule = "FFT rule 5: the chelem announcer plays his Excuse to the last trick"
        code, params = "excuse_last_in_chelem", {"cite": "FFT rule 5"}
    elif plain_legal:
        rule = "FFT rule 10: the called suit may not be led at the first trick, except with the called card"
        code, params = "called_suit_first_trick", {"called": CARDS[state.called].code, "cite": "FFT rule 10"}
    else:
        rule, code, params = play_rule_code(hand, state.led, state.best)
    params = {**params, "played": CARDS[c].code, "cards": codes(allowed)}
    return IllegalAction(f"{text}: {rule}; you may play {' '.join(codes(allowed))}", code=code, params=params)
