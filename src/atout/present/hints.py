"""A one-line "why" for a suggested action, from what the seat sees (never hidden cards).

The bots do not explain themselves; :func:`reason` describes the suggestion in the game's own terms as a
code with its facts (data: the cards, counts and suits it speaks of), each a property the action has here:
"the smallest of your ♣" is said only of the smallest ♣ in hand, "takes the trick" only of a card that
beats every card played to it so far (in the game's order, ``GameState.card_strength``). :func:`why` turns
the code into a sentence through the catalogs (``common.po``'s ``why`` section, a game's own ``why``
entries over it: the 1637 tarot's triomphes).

>>> import atout
>>> from atout.core.actions import Action
>>> g = atout.new_game("tarot", players=4, seed=3, dealer=3)
>>> reason(Action.parse("pass"), g.observation(g.current_player), "tarot")
('pass', {'trumps': 5, 'bouts': 1, 'kings': 1})
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from atout.core.actions import Action
from atout.core.cards import Card
from atout.core.errors import NotationError
from atout.core.protocol import Observation
from atout.present.hint_facts import EXCUSE, TRUMPS, Reason, Strength, group
from atout.present.hint_games import other_reason


def _trick(obs: Observation) -> list[tuple[int, Card]]:
    out = []
    for item in obs.public.get("trick") or []:
        seat, code = item
        out.append((int(seat), Card.parse(code)))
    return out


def led_group(trick: Sequence[tuple[int, Card]], obs: Observation, game: str) -> str | None:
    """The suit led: that of the first card that is not the Excuse (seed 001 §9.1)."""
    return next((g for g in (group(c, obs, game) for _, c in trick) if g != EXCUSE), None)


def trick_key(c: Card, led: str | None, obs: Observation, game: str, strength: Strength) -> tuple[int, int]:
    """How a card ranks in a trick led in ``led``: trumps over the suit led over the rest; the Excuse never wins."""
    g = group(c, obs, game)
    if g == EXCUSE:
        return (-1, 0)
    if g == TRUMPS:
        return (2, strength(c))
    return (1, strength(c)) if g == led or led is None else (0, 0)


def _partner(obs: Observation, seat: int) -> bool:
    """Whether ``seat`` is known to play on the same side (La Triomphe's public sides)."""
    sides = obs.public.get("sides")
    return isinstance(sides, list) and seat != obs.seat and 0 <= seat < len(sides) and sides[seat] == sides[obs.seat]


def play_reason(card: Card, obs: Observation, game: str, strength: Strength) -> Reason:
    """Why play ``card``: a code and its facts, each true of this card in this position."""
    plays = [Card.parse(a.args[0]) for a in obs.legal_actions if a.kind == "play" and len(a.args) == 1]
    if len(plays) <= 1:
        return "only", {"card": card.code}
    g = group(card, obs, game)
    if g == EXCUSE:
        return "excuse", {"card": card.code}
    same = [c for c in obs.hand if group(c, obs, game) == g]
    facts: dict[str, Any] = {"card": card.code, "suit": g, "count": len(same)}
    top = max(same, key=strength) == card
    bottom = min(same, key=strength) == card
    trick = _trick(obs)
    if not trick:
        if g == TRUMPS and len(same) == 1:
            return "lead_only_trump", facts  # a lone trump is no "highest of your trumps"
        if g == TRUMPS:
            return ("lead_top_trump" if top else "lead_low_trump" if bottom else "lead_trump"), facts
        if len(same) == 1:
            return "lead_single", facts
        return ("lead_high" if top else "lead_low" if bottom else "lead_middle"), facts
    led = led_group(trick, obs, game)
    facts["led"] = led or g
    keys = [(trick_key(c, led, obs, game, strength), s) for s, c in trick]
    best_key, best_seat = max(keys, key=lambda k: k[0])
    mine = trick_key(card, led, obs, game, strength)
    winners = [c for c in plays if trick_key(c, led, obs, game, strength) > best_key]
    if mine > best_key:
        last = len(trick) == len(obs.public.get("hand_sizes") or []) - 1
        if last:
            return "take_last", facts
        if g == TRUMPS and led != TRUMPS:
            return "ruff", facts
        if min(winners, key=lambda c: trick_key(c, led, obs, game, strength)) == card:
            return "take_cheap", facts
        return "take", facts
    facts["seat"] = best_seat
    if _partner(obs, best_seat):
        return "partner_holds", facts
    in_led = [c for c in obs.hand if group(c, obs, game) == led]
    if g == led:
        if not winners and bottom:
            return "cannot_win_low", facts
        return ("follow_low" if bottom else "follow"), facts
    if g == TRUMPS:
        return ("trump_low" if winners else "trump_under"), facts
    if not in_led:
        has_trump = any(group(c, obs, game) == TRUMPS for c in obs.hand)
        if led == TRUMPS:
            return "discard_trumps_out", facts
        return ("discard" if has_trump else "discard_no_trump"), facts
    return "follow", facts  # not reached: a card of another suit while holding the suit led is refused


def reason(action: Action, obs: Observation, game: str = "tarot", strength: Strength | None = None) -> Reason:
    """Why a player might choose ``action`` here: a reason code and its facts (see the module's doc)."""

    key = strength or (lambda c: c.id)
    if action.kind == "play" and len(action.args) == 1:
        try:
            card = Card.parse(action.args[0])
        except NotationError:
            card = None
        if card is not None:
            return play_reason(card, obs, game, key)
    return other_reason(action, obs, game, key)


def _fill(facts: Mapping[str, Any], lang: str, game: str) -> dict[str, Any]:
    """The facts as words: cards by their short names, suits by their symbols, seats by their numbers."""
    from atout.present.screen import short_in

    out: dict[str, Any] = {}
    for k, v in facts.items():
        if k in ("card", "called", "retourne") and isinstance(v, str) and v:
            out[k] = short_in(v, lang, game)
        elif k == "cards" and isinstance(v, list):
            out[k] = " ".join(short_in(c, lang, game) for c in v)
        elif k in ("suit", "led") and isinstance(v, str):
            out[k] = "♠♥♦♣"["SHDC".index(v)] if v in "SHDC" and len(v) == 1 else v
        elif k == "seat" and isinstance(v, int):
            out[k] = v + 1
        else:
            out[k] = v
    return out


def why(action: Action, obs: Observation, lang: str = "fr", game: str = "tarot",
        strength: Strength | None = None) -> str:
    """Why a player might choose ``action`` here, in one short sentence, in the game's own terms.

    >>> import atout
    >>> from atout.core.actions import Action
    >>> g = atout.new_game("tarot", players=4, seed=3, dealer=3)
    >>> why(Action.parse("pass"), g.observation(g.current_player), "fr")
    'main trop faible pour prendre (atouts\xa0: 5, bouts\xa0: 1, Rois\xa0: 1).'
    """
    from atout.present import phrases

    code, facts = reason(action, obs, game, strength)
    book = phrases(game)
    filled = _fill(facts, lang, game)
    for key in ("suit", "led"):
        if filled.get(key) == TRUMPS:
            filled[key] = book.t("why", "trumps_word", lang)
    for key in ("what", "contract"):  # game words: 'poignée', 'garde sans'
        if isinstance(filled.get(key), str):
            filled[key] = book.word(filled[key], lang)
    if isinstance(filled.get("class"), str):  # La Prime's classes, with their article: 'un flux'
        filled["class"] = book.t("why", f"class/{filled['class']}", lang)
    return book.say("why", code, lang, **filled)
