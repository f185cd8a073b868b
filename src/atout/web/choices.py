"""Choosing several cards at once, and plain words for every choice (issue 18, points 5 and 11).

A multi-card choice is a run of one-card actions of one verb (the Tarot's écart and poignée, the 1637
discards, La Triomphe's pillage) or one action naming several cards (Mistigri's draws, La Prime's first
discard, laid aside when passing or after calling, and its second discard). :func:`select` describes it
for the page: which cards may be picked, how many, the counter and the actions the page sends on confirm.
How many is worked out by trying the run on a copy of the state with the seat's own legal actions
(only the count is kept: no card of the copy is shown).

>>> import atout
>>> g = atout.new_game("triomphe", players=4, variant="as_qui_pille", seed=1)
>>> select(g, None, {"legal_actions": []}, "fr") is None
True
"""

from __future__ import annotations

from typing import Any

from atout.core.cards import is_card
from atout.core.protocol import GameState
from atout.present import catalogs, short

#: verb -> the kind of multi-card choice it starts (for the one-card runs).
RUNS = {"discard": "ecart", "pillage": "pillage", "announce poignee": "poignee"}
#: verbs whose one action names several cards (La Prime's ``discard`` is its first discard in that phase,
#: and its opening ``pass`` lays 0-2 cards aside: both are counted like the second discard).
JOINED = {"draw": "draw", "discard": "second_discard", "pass": "pass_aside"}
#: one-card runs shown as a choice even for a single card (the 1637's non-dealer discards one: "0/1").
ALWAYS_RUN = frozenset({"discards_1637"})
MAX_RUN = 30  # at most this many steps tried on the copy (a Tarot hand at three holds 24 cards)


def _word(key: str, lang: str, **params: Any) -> str:
    text = catalogs.text("web", "frame", key, lang, n=params.get("n"))
    return text.format(**params) if params else text


def _verb(action: str) -> tuple[str, list[str]]:
    """An action's verb (one or two words) and its card arguments: ``announce poignee T2`` -> ('announce poignee', ['T2'])."""
    words = action.split()
    i = 0
    while i < len(words) and not is_card(words[i]):
        i += 1
    cards = words[i:]
    if not all(is_card(c) for c in cards):
        return action, []
    return " ".join(words[:i]), cards


def _trailing(state: GameState, seat: int, verb: str) -> int:
    """How many of the deal's last moves were ``seat``'s own ``verb`` moves, one after the other."""
    n = 0
    for s, text in reversed(state.log[-1].actions):
        if s != seat or _verb(text)[0] != verb:
            break
        n += 1
    return n


def _run_length(state: GameState, seat: int, verb: str) -> tuple[int, int, str | None]:
    """(min, max, finish) of a run of ``verb`` from now, tried on a copy with the seat's own first choices:
    ``max`` the steps while the verb is offered, ``min`` the first step (after the first, for a run that
    once begun must go on: the poignée) where the seat may stop, ``finish`` the action that stops it ('stop')."""
    copy = state.clone()
    exits: list[int] = []
    finish: str | None = None
    steps = 0
    while steps < MAX_RUN and copy.current_player == seat and not copy.is_terminal():
        legal = [str(a) for a in copy.legal_actions()]
        mine = [a for a in legal if _verb(a)[0] == verb and _verb(a)[1]]
        if any(a not in mine for a in legal):
            exits.append(steps)
            if "stop" in legal:
                finish = "stop"
        if not mine:
            break
        copy.apply(mine[0])
        steps += 1
    if not exits or exits[-1] != steps:
        exits.append(steps)  # the run ends the seat's turn: it may stop there
    low = exits[0]
    if low == 0 and len(exits) > 1 and exits[1] > 1:
        low = exits[1]  # stopping at once is declining; once begun, the run goes to its first stop
    return low, steps, finish


def select(state: GameState, viewer: int | None, obs: dict[str, Any], lang: str) -> dict[str, Any] | None:
    """The multi-card choice the viewer is in, or None (see the module's docstring; the contract of issue 18)."""
    legal: list[str] = list(obs.get("legal_actions") or [])
    if viewer is None or not legal or state.current_player != viewer:
        return None
    by_verb: dict[str, list[str]] = {}
    for a in legal:
        verb, cards = _verb(a)
        if cards:
            by_verb.setdefault(verb, []).append(a)
    game = state.game_name
    for verb, kind in RUNS.items():
        if verb in by_verb and all(len(_verb(a)[1]) == 1 for a in by_verb[verb]):
            if game == "tarot1637" and verb == "discard":
                kind = "discards_1637"
            done = _trailing(state, viewer, verb)
            if kind == "pillage":
                # Each pillage turns the next stock card, hidden until then: only this step is known, so the
                # count never depends on the stock (attack 2); the next frame offers the next step, if any.
                low, high, finish = 0, 1, "stop" if "stop" in legal else None
            else:
                low, high, finish = _run_length(state, viewer, verb)
            if high < 2 and done == 0 and kind != "pillage" and kind not in ALWAYS_RUN:
                continue  # a single card to choose: the hand's own click is enough
            actions = {_verb(a)[1][0]: a for a in by_verb[verb]}
            cards = list(actions)
            need = done + (low or high)
            pre = cards if kind == "poignee" else []
            return _described(kind, need, done + low, done + high, done, cards, pre, actions, finish, None, lang, game)
    for verb, kind in JOINED.items():
        many = [a for a in by_verb.get(verb, []) if len(_verb(a)[1]) > 1]
        if many:
            if kind == "second_discard" and state.phase == "first_discard":
                kind = "first_discard"
            sizes = [len(_verb(a)[1]) for a in by_verb[verb]]
            if verb in legal:
                sizes.append(0)
            cards = sorted({c for a in by_verb[verb] for c in _verb(a)[1]}, key=legal_order(legal))
            actions = {c: f"{verb} {c}" for c in cards if f"{verb} {c}" in legal}
            return _described(kind, max(sizes), min(sizes), max(sizes), 0, cards, [], actions, None, verb, lang, game)
    return None


def legal_order(legal: list[str]) -> Any:
    """A sort key keeping cards in the order the legal actions name them (the game's order)."""
    seen: dict[str, int] = {}
    for a in legal:
        for c in _verb(a)[1]:
            seen.setdefault(c, len(seen))
    return lambda c: seen.get(c, len(seen))


def _described(kind: str, need: int, low: int, high: int, done: int, cards: list[str], pre: list[str],
               actions: dict[str, str], finish: str | None, joined: str | None, lang: str, game: str) -> dict[str, Any]:
    return {
        "kind": kind, "need": need, "min": low, "max": high, "done": done, "cards": cards, "preselected": pre,
        "actions": actions, "finish": finish, "joined": joined,
        "title": _word(f"select_{kind}", lang, n=need),
        "counter": _word(f"counter_{kind}", lang),
        "confirm": _word(f"confirm_{kind}", lang),
    }


def explain(state: GameState, legal: list[str], lang: str) -> dict[str, str]:
    """Each legal action in plain words: what it does (``piller A♠`` puts the Ace under the stock…).

    From the web catalog's ``explain`` section, by ``game.verb`` then ``verb``, the cards named by their
    short names; an action with no sentence of its own gets the game's hint for its verb, else nothing.
    """
    from atout.present import phrases

    book = catalogs.entries("web", "explain", lang)
    hints = phrases(state.game_name).section("hints", lang)
    out: dict[str, str] = {}
    for action in legal:
        verb, cards = _verb(action)
        head, *rest = verb.split()  # a verb with a number ("bet 3"): the sentence of "bet", the number as {arg}
        key = verb.replace(" ", "_")
        game = state.game_name
        template = ((not cards and book.get(f"{game}.{key}_none")) or book.get(f"{game}.{key}") or book.get(key)
                    or (rest and all(r.isdigit() for r in rest) and book.get(f"{game}.{head}")) or None)
        names = " ".join(short(c, lang) for c in cards)
        if template:
            out[action] = template.format(cards=names, n=len(cards), arg=" ".join(rest))
        elif action in hints:
            out[action] = str(hints[action])
        elif verb in hints:
            out[action] = str(hints[verb])
    return out
