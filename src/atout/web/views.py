"""What the server sends: a seat's frame (its own observation only) and a spectator's (public facts only).

Built on the public protocol alone (``observation(seat).to_json()``, ``public_action``, ``events``,
``sheet``), so every registered game is shown with no change here. A spectator's ``public`` keeps only
the facts every seat's observation states alike: a fact one seat alone sees (the taker's own écart) is
dropped, whatever the game calls it.

>>> import atout
>>> g = atout.new_game("triomphe", players=2, seed=3)
>>> spectator_observation(g)["hand"], spectator_observation(g)["legal_actions"]
([], [])
"""

from __future__ import annotations

import logging
import re
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from atout import present
from atout.core.actions import parse_action
from atout.core.cards import Card, is_card
from atout.core.errors import NotationError
from atout.core.events import Event
from atout.core.protocol import GameState, json_number
from atout.present import catalogs
from atout.present import sheet as sheet_mod
from atout.present.screen import in_display_order, in_play_order
from atout.web import choices, seats
from atout.web.deal_end import DealEnd
from atout.web.public import people, spectator_observation

log = logging.getLogger("atout.web")
RECENT_EVENTS = 400  # at most this many narration lines per frame (a deal of Tarot says about 100)


def moves_seen(state: GameState, viewer: int | None) -> list[dict[str, Any]]:
    """The current deal's moves as ``viewer`` may see them (another seat's écart stays hidden)."""
    if type(state).public_action is GameState.public_action:  # the protocol's rule: the text and the game's hidden verbs
        hidden = state.hidden_action_args
        return [{"seat": seat, "action": text if seat == viewer else _public_text(hidden, text)}
                for seat, text in state.log[-1].actions]
    return [{"seat": seat, "action": text if seat == viewer else state.public_action(text)}
            for seat, text in state.log[-1].actions]


@lru_cache(maxsize=16384)
def _public_text(hidden: frozenset[str], text: str) -> str:
    """``GameState.public_action`` of ``text`` for a game hiding the arguments of ``hidden`` (cached: every frame
    shows the deal's every move to every viewer)."""
    parsed = parse_action(text)
    return f"{parsed.kind} ({len(parsed.args)} hidden)" if parsed.kind in hidden else str(parsed)


Said = dict[tuple[int, int | None, str], Any]  # (event's position, viewer, language) -> its sentence(s)


def narration(state: GameState, viewer: int | None, lang: str, said: Said | None = None,
              ended: bool = False, meta: dict[str, Any] | None = None) -> tuple[list[str], list[list[str]], Event | None]:
    """The current deal's sentences ``viewer`` may hear, the breakdown lines of every scored deal (via
    atout.present), and the last ``deal_scored`` event.

    ``ended``: the match's events stop at the last deal scored (the next deal, already dealt in ``state``,
    is not told yet). ``said`` caches sentences across frames (events are only ever appended to a match).
    """
    said = {} if said is None else said
    if len(said) > 50_000:  # a very long match: forget old sentences rather than grow without bound
        said.clear()
    events: Sequence[Event] = told(state.events(viewer), ended)
    last_scored = next((i for i in range(len(events) - 1, -1, -1) if events[i].kind == "deal_scored"), None)
    table = people(state, viewer, lang, meta)
    lines: list[str] = []
    # The whole current deal (from its deal_started event), at most RECENT_EVENTS lines.
    begun = next((i for i in range(len(events) - 1, -1, -1) if events[i].kind == "deal_started"), 0)
    start = max(begun, len(events) - RECENT_EVENTS)
    for i, e in enumerate(events[start:], start):
        key = (i, viewer, lang)
        if key not in said:
            try:
                said[key] = present.say(e, lang, table)
            except (KeyError, ValueError, IndexError) as exc:  # a phrase not written yet: say nothing, note it
                log.debug("no phrase for %s: %s", e.kind, exc)
                said[key] = None
        if said[key]:
            lines.append(said[key])
    breakdowns: list[list[str]] = []
    for i in _scored(events, viewer, said):
        e = events[i]
        if e.kind == "deal_scored":
            key = (-1 - i, viewer, lang)
            if key not in said:
                try:
                    said[key] = present.breakdown(e, lang, table)
                except (KeyError, ValueError, IndexError) as exc:
                    log.debug("no breakdown for %s: %s", state.game_name, exc)
                    said[key] = []
            breakdowns.append(said[key])
    scored = events[last_scored] if last_scored is not None and last_scored > begun else None
    if scored is None:  # a deal that ended unscored (everybody passed): its end said by its redeal
        scored = next((e for e in reversed(events[begun:]) if e.kind == "redeal"), None)
    return lines, breakdowns, scored


STARTS = ("deal_started", "coup_started")  # the events that open a deal (La Prime's is a coup)


def told(events: Sequence[Event], ended: bool) -> Sequence[Event]:
    """The events told in a frame. ``ended`` (a deal ended, the next one already dealt in the state, not told
    yet): up to the ended deal's score, or, when it ended unscored (everybody passed), up to the next deal's
    start (cut at the last score before, the frame told the deal before it again, its score and its journal)."""
    if not ended:
        return events
    starts = [i for i, e in enumerate(events) if e.kind in STARTS]
    last_scored = next((i for i in range(len(events) - 1, -1, -1) if events[i].kind == "deal_scored"), None)
    if len(starts) >= 2 and (last_scored is None or last_scored < starts[-2]):  # the ended deal has no score
        return events[:starts[-1]]
    return events if last_scored is None else events[:last_scored + 1]


def _scored(events: Sequence[Event], viewer: int | None, said: Said) -> list[int]:
    """The positions of the ``deal_scored`` events among ``events`` (the viewer's, only ever appended to: the match's
    earlier ones are kept in ``said``, so a frame looks only at the events new since the last one)."""
    key = (-1, viewer, "scored")  # never an event's key: those hold a language
    seen, found = said.get(key) or (0, [])
    if seen > len(events):  # fewer events than before (the events of an ended deal): counted again
        seen, found = 0, []
    found = found + [i for i in range(seen, len(events)) if events[i].kind == "deal_scored"]
    said[key] = (len(events), found)
    return found


_HIDDEN = re.compile(r"(.*\S)\s*\((\d+) hidden\)")


@lru_cache(maxsize=8192)
def label(game: str, text: str, lang: str) -> str:
    """An action or a game word as a person reads it (atout.present's words; cards by their short name, a trump
    by its name: "10 d'atout 15 d'atout", never a bare "10 15"), with a capital first letter, as every button."""
    return _capital(_label(game, text, lang))


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _label(game: str, text: str, lang: str) -> str:
    book = present.phrases(game)
    if text in book.words[lang]:
        return book.words[lang][text]
    hidden = _HIDDEN.fullmatch(text)  # another seat's écart: "discard (2 hidden)"
    if hidden:
        n = int(hidden.group(2))
        return f"{_label(game, hidden.group(1), lang)} ({book.say('moves', 'hidden', lang, n, n=n)})"
    rank = book.section("ranks", lang).get(text)  # a public order of ranks (La Triomphe: K Q J A 10 …)
    if rank is not None:
        return rank
    public = catalogs.entries("web", "public", lang)  # the public facts' own names ("showing": the poignée shown)
    if text in public:
        return public[text]
    out: list[str] = []
    for tok in text.split():
        if is_card(tok):
            card = Card.parse(tok)
            name = present.card_name(card, lang) if card.is_trump else present.short(tok, lang)
            out.append(name[:1].lower() + name[1:] if out and card.is_trump else name)
        else:
            out.append(book.word(tok, lang))
    return " ".join(out)


def _strings(value: Any, depth: int = 0) -> set[str]:
    """The short strings inside a JSON value (the words of bids, contracts, announcements…)."""
    if isinstance(value, str):
        return {value} if len(value) <= 40 else set()
    if depth >= 3:  # deeper lists are tricks and the like: card codes, nothing to label
        return set()
    items = value.values() if isinstance(value, dict) else value if isinstance(value, list | tuple) else ()
    out: set[str] = set()
    for v in items:
        out |= _strings(v, depth + 1)
    return out


def labels(state: GameState, obs: dict[str, Any], moves: list[dict[str, Any]], lang: str) -> dict[str, str]:
    """Labels for the words a frame shows: legal actions, moves, the phase, public words (contract…)."""
    words = set(obs["legal_actions"]) | {m["action"] for m in moves} | {obs["phase"]}
    words |= {w for w in _strings(obs["public"]) if not is_card(w)}
    book = present.phrases(state.game_name)
    glossed = book.words[lang]  # a choice's own words: "petite/choice"
    chosen = {tok for a in obs["legal_actions"] for tok in a.split()[1:2] if f"{tok}/choice" in glossed}  # of "bid petite"
    words |= {tok for a in obs["legal_actions"] for tok in a.split()[:2] if not is_card(tok)}
    out = {}
    for w in sorted(words):
        try:
            out[w] = label(state.game_name, w, lang)
        except (KeyError, ValueError, IndexError):
            out[w] = w
        if w in chosen:  # a choice's word glossed on its button ("Petite (small)"), bare in the facts after
            out[w] = _capital(book.choice_word(w, lang))
        elif w in obs["legal_actions"] and w.count(" ") == 1 and w.split()[1] in chosen:  # "Bid Petite (small)"
            verb, arg = w.split()
            out[w] = _capital(f"{_label(state.game_name, verb, lang)} {book.choice_word(arg, lang)}")
    return out


def variant_text(game: str, variant: str, lang: str) -> tuple[str, str]:
    """A variant's title and one-line description in ``lang`` (the game's ``VARIANTS`` phrases).

    >>> variant_text("prime", "societe", "fr")[0]
    'En société'
    """
    book = present.phrases(game)
    table = getattr(book.module, "VARIANTS", {}).get(lang, {})
    if variant in table:
        title, about = table[variant]
        return str(title), str(about)
    return variant.replace("_", " "), ""


def variant_texts(game: str, variant: str) -> dict[str, dict[str, str]]:
    """Both languages' title and description of a variant, for the lobby and the table's header."""
    out = {}
    for lang in present.LANGS:
        title, about = variant_text(game, variant, lang)
        out[lang] = {"title": title, "about": about}
    return out


@lru_cache(maxsize=16)
def _pack(name: str | None) -> Any:
    """The card pack named ``name`` (atout.core.packs), or None."""
    if name is None:
        return None
    from atout.core.packs import PACKS

    return PACKS.get(name)


def card_names_in(value: Any, pack_name: str | None, lang: str) -> dict[str, str]:
    """Each card code a frame shows -> its name in the game's own pack (Italian suits, le Faon, le Mat…).

    Only codes already in the frame are named: the names add no card to what the seat may see.

    >>> card_names_in({"hand": ["NC", "T21"]}, "tarot66-1637", "fr")
    {'NC': 'Chevalier de bâtons', 'T21': 'le Monde'}
    """
    out: dict[str, str] = {}

    def walk(v: Any) -> None:
        t = type(v)
        if t is str:
            for tok in _cards_of(v):  # cached: a frame's strings recur from move to move
                if tok not in out:
                    out[tok] = _card_name(tok, pack_name, lang)
        elif t is dict:
            for x in v.values():
                walk(x)
        elif t is list or t is tuple:
            for x in v:
                walk(x)
        elif isinstance(v, str | dict | list | tuple):  # a subclass: as its base
            walk(str(v) if isinstance(v, str) else dict(v) if isinstance(v, dict) else list(v))

    walk(value)
    return out


@lru_cache(maxsize=16384)
def _cards_of(text: str) -> tuple[str, ...]:
    """The card codes among the words of ``text`` (cached: a frame's strings recur from move to move)."""
    return tuple(tok for tok in text.split() if is_card(tok))


@lru_cache(maxsize=8192)
def _card_name(code: str, pack_name: str | None, lang: str) -> str:
    """A card's name in its game's pack (:func:`card_names_in`), cached: a frame names its every card each time."""
    pack = _pack(pack_name)
    card = Card.parse(code)
    try:
        own = pack is not None and pack.contains(card)
        return str(pack.display(card, lang) if own else present.card_name(card, lang))
    except (KeyError, ValueError, IndexError):
        return str(present.card_name(card, lang))


def bids_by_strength(state: GameState, legal: list[str]) -> list[str]:
    """The legal actions as a person reads them: 'pass' first, then bids weakest to strongest; among
    announcements, 'done' (nothing to announce) first, so that a tap on the first button never announces a
    chelem (a newcomer's −600).

    The engine's own order is left alone; only the order shown changes (as ``atout play`` lists them).
    """
    if "done" in legal and any(a.startswith("announce ") for a in legal):
        return ["done"] + [a for a in legal if a != "done"]
    contracts = list(getattr(getattr(state, "rules", None), "contracts", ()) or ())
    if not contracts or not any(a.startswith("bid ") for a in legal):
        return legal

    def key(a: str) -> tuple[int, int]:
        if a == "pass":
            return (0, 0)
        word = a.split()[1] if a.startswith("bid ") and len(a.split()) > 1 else ""
        return (1, contracts.index(word)) if word in contracts else (2, 0)

    return sorted(legal, key=key)


def frame(state: GameState, viewer: int | None, lang: str, table: dict[str, Any], undo: bool = False,
          said: Said | None = None, ended: DealEnd | None = None) -> dict[str, Any]:
    """The ``state`` frame for one seat (or a spectator, ``viewer=None``): nothing it may not know.

    ``ended``: a deal ended and not yet continued from (atout.web.deal_end): the frame shows its last
    position (no legal action, nothing of the next deal, which ``state`` already holds) and ``deal_end``.
    """
    shown = ended.view if ended is not None else state
    obs = shown.observation(viewer).to_json() if viewer is not None else spectator_observation(shown)
    waiting = ended is not None and not ended.final
    if waiting:
        obs.update(legal_actions=[], current_player=None)
    obs["legal_actions"] = bids_by_strength(shown, [str(a) for a in in_play_order(
        [parse_action(a) for a in obs["legal_actions"]], shown.card_strength)])
    obs["hand"] = in_display_order(obs.get("hand") or [], shown.card_strength)  # the game's order, as on the terminal
    lines, breakdowns, scored = narration(state, viewer, lang, said, waiting, table)
    moves = moves_seen(shown, viewer)
    totals = [json_number(x) for x in shown.returns()]
    trick, last_trick = seats.tricks(shown, obs)
    end = ended.describe(viewer, lang, table, scored) if ended is not None else None
    if waiting and end is not None and end["last_trick"] is not None:
        trick = last_trick = end["last_trick"]
    side_list = seats.sides(shown, viewer, obs, table, lang, totals)
    over = state.is_terminal()
    return {
        "type": "state",
        "n": sum(len(d.actions) for d in state.log),
        "you": viewer,
        "table": table,
        "obs": obs,
        "moves": moves,
        "labels": labels(shown, obs, moves, lang),
        "sheet": [[json_number(x) for x in row] for row in shown.sheet()],
        "sheet_void": sheet_mod.void_rows(shown),
        "sheet_totals": [json_number(x) for x in sheet_mod.sheet_totals(shown)],  # under the rows: their sums
        "totals": totals,
        "deal": shown.deal_index,
        "deal_word": str(present.phrases(state.game_name).section("play_labels", lang)["deal"]),  # Prime: "Coup"
        "dealer": shown.dealer,
        "over": over,
        "narration": lines,
        "breakdowns": breakdowns,
        "can_undo": undo and ended is None,
        "names": card_names_in([obs, moves, end], table.get("faces"), lang),
        "examples": typed_examples(shown, obs["legal_actions"][:3], lang),
        "hints": hints(shown.game_name, obs["legal_actions"], lang),
        "marks": marks(shown.game_name, obs, lang),
        "facts": facts(shown, viewer, obs, lang, over, table),
        "seats": seats.seats(shown, viewer, obs, table, lang),
        "trick": trick,
        "last_trick": last_trick,
        "sides": side_list,
        "winner_side": seats.winner_side(state, side_list) if over else None,
        "select": choices.select(shown, viewer, obs, lang),
        "explain": choices.explain(shown, obs["legal_actions"], lang),
        "deal_end": end,
        "shown_by": shown_by(state, viewer, waiting),
        "seating": [],
    }


def seating_frame(state: GameState, viewer: int | None, lang: str, table: dict[str, Any],
                  empty: list[int]) -> dict[str, Any]:
    """The frame of a table for friends before every seat is taken: who sits where, no card at all.

    The deal exists in the engine (drawn from the table's seed) but is dealt to nobody yet: no hand, no
    public fact, no legal action; ``seating`` lists the seats still empty.
    """
    obs: dict[str, Any] = {"game": state.game_name, "seat": viewer, "phase": "seating", "current_player": None, "hand": [],
           "legal_actions": [], "public": {}, "history": [], "rules": state.table_rules()}
    people = [{**s, "cards": None, "turn": False, "badges": [b for b in s["badges"] if b == "you"],
               "badge_words": {b: w for b, w in s["badge_words"].items() if b == "you"}, "chips": None, "stake": None,
               "side": None}
              for s in seats.seats(state, viewer, {"public": {}, "current_player": None}, table, lang)]
    return {
        "type": "state", "n": 0, "you": viewer, "table": table, "obs": obs, "moves": [], "labels": {},
        "sheet": [], "sheet_void": [], "sheet_totals": [0] * state.players, "totals": [0] * state.players, "deal": 0,
        "dealer": None, "over": False, "narration": [],
        "breakdowns": [], "can_undo": False, "names": {}, "examples": [], "hints": {}, "marks": {}, "facts": [],
        "seats": people, "trick": None, "last_trick": None, "sides": None, "winner_side": None, "select": None,
        "explain": {}, "deal_end": None, "shown_by": [], "seating": empty,
    }


def shown_by(state: GameState, viewer: int | None, ended: bool = False) -> list[dict[str, Any]]:
    """Cards shown this deal with their owner (the 1637 declarations: "triomphes" shows its trumps), from the
    events the viewer may see: ``[{"seat", "cards", "what"}]`` (issue 18: shown cards named without their owner)."""
    events = told(state.events(viewer), ended)
    begun = next((i for i in range(len(events) - 1, -1, -1)
                  if events[i].kind in STARTS or (not ended and events[i].kind == "deal_scored")), -1)
    out = []
    for e in events[begun + 1:]:
        cards = e.data.get("cards")
        if e.kind == "marques" and e.seat is not None and isinstance(cards, list) and cards:
            out.append({"seat": e.seat, "cards": [str(c) for c in cards], "what": str(e.data.get("item", ""))})
    return out


def facts(state: GameState, viewer: int | None, obs: dict[str, Any], lang: str, over: bool | None = None,
          meta: dict[str, Any] | None = None) -> list[str]:
    """The game's facts as sentences (La Prime's stake, pot, chips and sides), and, once over, the winning side."""
    from atout.present import situation

    table = people(state, viewer, lang, meta)
    # every seat's chips have their own row in the side panel (``stacks``): a sentence above it said them twice
    public = {k: v for k, v in obs["public"].items() if k != "stacks"}
    out = situation.facts(state.game_name, public, lang, table)
    if state.is_terminal() if over is None else over:
        teams = state.observation(0).public.get("teams")
        result = situation.match_result(state.game_name, list(state.returns()),
                                         list(teams) if isinstance(teams, list | tuple) else None, lang, table)
        out += result or []
    return out


def hints(game: str, legal: list[str], lang: str) -> dict[str, str]:
    """One-line hints for the choices offered (the game's ``HINTS`` phrases), by action or by verb."""
    book = present.phrases(game).section("hints", lang)
    out = {}
    for text in legal:
        for key in (text, text.split()[0]):
            if key in book:
                out[key] = str(book[key])
    return out


def marks(game: str, obs: dict[str, Any], lang: str) -> dict[str, str]:
    """Cards of the seat's hand that carry a mark (the game's ``MARKED``: Mistigri's valet de trèfle)."""
    marked = present.phrases(game).section("marked", lang)
    return {c: marked[c] for c in obs.get("hand", []) if c in marked}


def typed_examples(state: GameState, legal: list[str], lang: str) -> list[str]:
    """A few legal actions as a person may type them in the notation box (atout.present's labels)."""
    from atout.core.actions import parse_action
    from atout.present.screen import action_label

    out = []
    for text in legal:
        try:
            out.append(action_label(parse_action(text), lang, state.game_name))
        except (KeyError, ValueError, IndexError, NotationError):
            out.append(text)
    return out


def full_view(state: GameState, lang: str, table: dict[str, Any] | None = None) -> dict[str, Any]:
    """A finished game's position for the replay page: the spectator frame plus every hand (all is public now)."""
    table = table or {}
    out = frame(state, None, lang, table)
    # in the order the live table shows a hand (the game's order, high first), not the code's: a newcomer saw
    # his hand one way as he played it and the other way in the replay
    out["hands"] = [in_display_order([c.code for c in state.observation(s).hand], state.card_strength)
                    for s in range(state.players)]
    out["moves"] = [{"seat": s, "action": a} for s, a in state.log[-1].actions]
    out["names"] = {**out["names"], **card_names_in([out["hands"], out["moves"]], table.get("faces"), lang)}
    return out


def page_texts() -> str:
    """The web page's phrase book as a script: ``const TEXTS = {"fr": {...}, "en": {...}, ...};`` from the
    catalog domain ``web`` (section ``page``) of every language installed; a new catalog is a new language.

    >>> "const TEXTS = " in page_texts() and '"newTable": "Nouvelle table"' in page_texts()
    True
    """
    import json

    from atout.present import catalogs

    texts = {lang: catalogs.entries("web", "page", lang) for lang in present.LANGS}
    return "// The page's words, from the gettext catalogs (domain web): atout.web.views.page_texts.\n" \
        f"const TEXTS = {json.dumps(texts, ensure_ascii=False, sort_keys=True)};\n"
