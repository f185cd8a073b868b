"""The reasons of the hints that are not a card played: bids, calls, discards, concessions, bets, declarations.

Each is a code and facts read from the seat's own hand and the public table (counts of trumps, bouts and
Kings, the hand's point at La Prime…): true of the hand, whatever the bot weighed. See :mod:`atout.present.hints`.
"""

from __future__ import annotations

from typing import Any

from atout.core.actions import Action
from atout.core.cards import Card
from atout.core.errors import NotationError
from atout.core.protocol import Observation
from atout.present.hint_facts import TRUMPS, Reason, Strength, group


def _cards(action: Action) -> list[Card]:
    out = []
    for a in action.args:
        try:
            out.append(Card.parse(a))
        except NotationError:
            pass
    return out


def _trumps(obs: Observation, game: str) -> list[Card]:
    return [c for c in obs.hand if group(c, obs, game) == TRUMPS]


def _tarot(action: Action, obs: Observation) -> Reason | None:
    """Seed 001 §5-§7: the hand's trumps, bouts (21, Petit, Excuse) and Kings; the call; the écart; announcements."""
    kind = action.kind
    trumps = sum(1 for c in obs.hand if c.is_trump)
    bouts = sum(1 for c in obs.hand if c.code in ("T1", "T21", "EX"))
    kings = sum(1 for c in obs.hand if c.code[:-1] == "K" and c.suit is not None)
    hand = {"trumps": trumps, "bouts": bouts, "kings": kings}
    if kind == "pass":
        return "pass", hand
    if kind == "bid" and action.args:
        return "bid", {**hand, "contract": action.args[0]}
    if kind == "call" and action.args:
        return _call(action.args[0], obs)
    if kind == "discard":
        return _ecart(_cards(action), obs)
    if kind == "announce" and action.args[:1] == ("poignee",):
        return _poignee(obs, trumps)
    if kind == "announce" and action.args:
        return "announce", {"what": action.args[0], "trumps": trumps}
    if kind == "done":
        return "done", {}
    return None


def _call(called: str, obs: Observation) -> Reason:
    """Seed 001 §5: the King called (a Queen when one holds the four Kings), said by what the hand holds of its
    suit: none (the partner holds the suit the taker will trump), or how many cards."""
    card = Card.parse(called)
    if any(c.code == called for c in obs.hand):
        return "call_self", {"called": called}
    suit = "SHDC"[card.suit] if card.suit is not None else ""
    n = sum(1 for c in obs.hand if c.suit == card.suit and not c.is_trump and not c.is_excuse)
    kings = sum(1 for c in obs.hand if c.code[:-1] == "K" and c.suit is not None)
    if kings == 4 and card.code[:-1] != "K":
        return "call_four_kings", {"called": called}
    return ("call_void" if n == 0 else "call_suit"), {"called": called, "suit": suit, "n": n}


def _ecart(cards: list[Card], obs: Observation) -> Reason:
    """Seed 001 §6: a card laid aside, by what it does to the hand: a suit emptied (trumps then cut it), a court
    card's points kept for the taker (the écart counts for him), or a small card, the suit shortened."""
    if len(cards) != 1 or cards[0].suit is None or cards[0].is_trump:
        return "ecart", {"cards": [c.code for c in cards]}
    card = cards[0]
    assert card.suit is not None
    left = sum(1 for c in obs.hand if c.suit == card.suit and c != card and not c.is_trump and not c.is_excuse)
    facts: dict[str, Any] = {"card": card.code, "suit": "SHDC"[card.suit], "left": left}
    if left == 0:
        return "ecart_void", facts
    if card.code[:-1] in ("Q", "N", "J"):
        return "ecart_points", facts
    return ("ecart_small" if left <= 2 else "ecart_low"), facts  # two cards left or fewer: a short suit


def _poignee(obs: Observation, trumps: int) -> Reason:
    """Seed 001 §7: the largest poignée the hand makes (the Excuse counts as a trump), its count and its bonus."""
    from atout.games.tarot.rules import ANNOUNCE_VALUES, POIGNEE_KINDS, POIGNEE_THRESHOLDS

    held = trumps + sum(1 for c in obs.hand if c.is_excuse)
    counts = POIGNEE_THRESHOLDS[int(obs.rules["players"])]
    level = max((i for i, t in enumerate(counts) if held >= t), default=0)
    what = POIGNEE_KINDS[level]
    code = "poignee/excuse" if held > trumps else "poignee"  # the Excuse counts as a trump
    return code, {"held": held, "what": what, "count": counts[level], "bonus": ANNOUNCE_VALUES[what]}


def _triomphe(action: Action, obs: Observation, strength: Strength) -> Reason | None:
    """Seed 002: the concession of a point (§4), the vole (§7), the pillage of the turn-up (l'As qui pille)."""
    trumps = _trumps(obs, "triomphe")
    kings = sum(1 for c in obs.hand if c.code[:-1] == "K")
    facts: dict[str, Any] = {"trumps": len(trumps), "kings": kings}
    if action.kind in ("concede", "no_concession", "accept", "refuse", "stop", "vole"):
        return action.kind, facts
    if action.kind == "pillage" and action.args:
        card = Card.parse(action.args[0])
        weakest = min(obs.hand, key=lambda c: (c in trumps, strength(c)))
        return ("pillage_low" if card == weakest else "pillage"), {"card": card.code}
    return None


def _mistigri(action: Action, obs: Observation) -> Reason | None:
    """Seed 003: speaking (play one's hand, take the fille, draw, pass), the retourne, the trump named."""
    trumps = _trumps(obs, "mistigri")
    facts: dict[str, Any] = {"trumps": len(trumps), "mistigri": any(c.code == "JC" for c in obs.hand)}
    kind = action.kind
    if kind in ("pass", "play_hand", "take_fille", "reveal_lanturlu", "no_reveal"):
        return kind, facts
    if kind == "draw":
        cards = _cards(action)
        keeps = not any(c in trumps for c in cards)
        return ("draw_no_trump" if keeps else "draw"), {**facts, "n": len(cards), "cards": [c.code for c in cards]}
    if kind == "exchange_retourne":
        return kind, {"card": action.args[0] if action.args else "", "retourne": obs.public.get("retourne") or ""}
    if kind == "name_trump" and action.args:
        from atout.core.cards import Suit

        suit = Suit.parse(action.args[0])
        n = sum(1 for c in obs.hand if c.suit == suit.value)
        longest = all(n >= sum(1 for c in obs.hand if c.suit == s) for s in range(4))
        return ("name_trump_longest" if longest else "name_trump"), {"suit": suit.letter, "n": n}
    return None


def _prime(action: Action, obs: Observation) -> Reason | None:
    """Seed 004: the hand's point (its best suit's values: 7 = 21, 6 = 18, A = 16…), its class when it has four."""
    from atout.games.prime.evaluate import VALUES, Category, evaluate

    by_suit = [sum(VALUES[c.id] for c in obs.hand if c.suit == s) for s in range(4)]
    facts: dict[str, Any] = {"points": max(by_suit, default=0)}
    if len(obs.hand) == 4:
        value = evaluate(list(obs.hand))
        facts["class"] = Category(value.category).name.lower()
    kind = action.kind
    if kind in ("bet", "accept", "decline", "pass", "show", "no_show"):
        return (kind + ("/class" if "class" in facts else "")), facts
    if kind == "discard":
        cards = _cards(action)
        return ("discard" if cards else "discard_none"), {**facts, "n": len(cards), "cards": [c.code for c in cards]}
    return None


def _tarot1637(action: Action, obs: Observation) -> Reason | None:
    """Seed 000: the dealer's discard (§5: cards that count one point), the declarations (§6)."""
    from atout.games.tarot1637.marques import declaration_value
    from atout.games.tarot1637.rules import VALUE

    if action.kind == "discard":
        cards = _cards(action)
        facts: dict[str, Any] = {"cards": [c.code for c in cards], "n": len(cards)}
        if len(cards) == 1 and cards[0].suit is not None and not cards[0].is_trump:
            left = sum(1 for c in obs.hand if c.suit == cards[0].suit and c != cards[0] and not c.is_trump)
            if left == 0:
                return "discard_void", {**facts, "suit": "SHDC"[cards[0].suit]}
        low = all(VALUE[c.id] == 1 for c in cards)
        return ("discard_low" if low else "discard"), facts
    if action.kind == "declare" and action.args:
        item = action.args[0]
        value = declaration_value(item, sum(1 << c.id for c in obs.hand))
        return ("declare_sien" if item == "qui_n_a_le_sien" else "declare_paid"), {"what": item, "n": value}
    if action.kind == "done":
        return "done_declaring", {}
    return None


def other_reason(action: Action, obs: Observation, game: str, strength: Strength) -> Reason:
    """A non-card action's reason (``"other"`` only for an action no game offers)."""
    found: Reason | None = None
    if game == "tarot":
        found = _tarot(action, obs)
    elif game == "triomphe":
        found = _triomphe(action, obs, strength)
    elif game == "mistigri":
        found = _mistigri(action, obs)
    elif game == "prime":
        found = _prime(action, obs)
    elif game == "tarot1637":
        found = _tarot1637(action, obs)
    return found or ("other", {})
