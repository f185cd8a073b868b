"""The protocol every game implements: a registry, the state interface, observations, the match log.

A *state* is the whole truth of a match in progress (a match is one or more deals, *donnes*).
Bots, the CLI, records and RL adapters use only this interface.
"""

from __future__ import annotations

import abc
import copy
import functools
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, fields
from importlib.resources import files
from typing import TYPE_CHECKING, Any, ClassVar, Protocol

from atout.core.actions import Action, parse_action
from atout.core.cards import CARDS, Card
from atout.core.cardset import ids
from atout.core.errors import IllegalAction, NotationError, RecordError, UnknownGame, as_typed, clip, notation_refusal
from atout.core.events import Event
from atout.core.options import check_int, check_seat_arg
from atout.core.score import Score, json_number

if TYPE_CHECKING:
    from atout.core.rollout import Policy, RolloutRng

#: The record format written by :meth:`GameState.to_record` (read and replayed by :mod:`atout.records`).
RECORD_FORMAT = "atout-record/1"
#: The most explicit deals a match may be given (each is checked at creation): an absurd list is refused at once.
MAX_GIVEN_DEALS = 100_000
#: The most deals a match may be asked to play (``deals=N``), whatever path the number comes by (the API,
#: ``--deals``, a web table's ``options``): ``simulate --deals 2000`` fits, a runaway count does not
#: (issue 16: ``deals=100000`` through a table's options made every frame grow by the score sheet). A web
#: table caps it lower (100, docs/web.md); Mistigri's ``tours`` are capped by its rules (20 tours).
MAX_DEALS = 10_000
#: The highest ``target`` score (La Triomphe plays until a side reaches it): the web table's cap too.
MAX_TARGET = 10_000
#: The cap of each shared match argument that is a count.
MATCH_CAPS = {"deals": MAX_DEALS, "target": MAX_TARGET}



@dataclass(frozen=True)
class Observation:
    """What one seat may know: its own cards, public information, and its legal actions.

    ``public`` holds game-specific public facts (tricks played, the turn-up, scores…) as plain
    JSON-able values; it never holds another seat's hidden cards.
    """

    game: str
    seat: int
    phase: str
    current_player: int | None
    hand: tuple[Card, ...]
    legal_actions: tuple[Action, ...]
    public: Mapping[str, Any] = field(default_factory=dict)
    #: The current deal's actions as this seat saw them: (seat, text), other seats' hidden arguments
    #: dropped (``public_action``). Search bots rebuild consistent worlds by replaying it.
    history: tuple[tuple[int, str], ...] = ()
    #: The table's rules, public knowledge: ``{"variant", "players", **rule options}`` as in a record.
    rules: Mapping[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        """A JSON-able dict (cards as codes, actions as text)."""
        return {
            "game": self.game,
            "seat": self.seat,
            "phase": self.phase,
            "current_player": self.current_player,
            "hand": [c.code for c in self.hand],
            "legal_actions": [str(a) for a in self.legal_actions],
            "public": dict(self.public),
            "history": [[s, a] for s, a in self.history],
            "rules": dict(self.rules),
        }


@dataclass
class DealLog:
    """One deal of a match as it was played: who dealt, the explicit deal, the actions, the result."""

    dealer: int
    deal: dict[str, Any]
    actions: list[tuple[int, str]] = field(default_factory=list)
    result: list[Score] | None = None
    note: str = ""


class GameState(abc.ABC):
    """Base class of every game's state. Subclasses implement the abstract methods.

    ``apply`` parses text, then calls :meth:`_apply`, which must check legality *before*
    changing anything and raise :class:`IllegalAction` naming the rule.
    """

    game_name: ClassVar[str]
    #: Verbs whose arguments other seats must not see (the écart, a card put under the stock).
    hidden_action_args: ClassVar[frozenset[str]] = frozenset({"discard"})
    #: Protocol methods whose first argument is a seat: the base class checks it for every game
    #: (ValueError for -1, 99, True, "0"…), so that no game can answer for a seat that is not there.
    seat_methods: ClassVar[tuple[str, ...]] = ("observation", "known_cards")

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        for name in cls.seat_methods:
            method = cls.__dict__.get(name)
            if callable(method) and not getattr(method, "_seat_checked", False):
                setattr(cls, name, _seat_checked(method))
    variant: str
    players: int
    seed: int
    log: list[DealLog]
    rules: Any

    # --- the protocol -------------------------------------------------------------------------
    @property
    @abc.abstractmethod
    def current_player(self) -> int | None:
        """The seat to act, or None when the match is over."""

    @abc.abstractmethod
    def legal_actions(self) -> list[Action]:
        """The current player's legal actions in the game's fixed canonical order; empty when terminal."""

    @abc.abstractmethod
    def _apply(self, action: Action) -> None:
        """Check and apply one parsed action (state unchanged if it raises)."""

    @abc.abstractmethod
    def returns(self) -> list[Score]:
        """Each seat's score over the match so far (exact: int or Fraction)."""

    @abc.abstractmethod
    def observation(self, seat: int) -> Observation:
        """What ``seat`` may know now."""

    @abc.abstractmethod
    def known_cards(self, seat: int) -> int:
        """Bitmask of the cards whose whereabouts ``seat`` may know now (its hand, cards shown or played…).

        Observations must mention no other card: the shared hidden-information test checks it.
        """

    @abc.abstractmethod
    def clone(self) -> GameState:
        """An independent copy (same RNG position)."""

    @property
    @abc.abstractmethod
    def phase(self) -> str:
        """The current phase's name ('bidding', 'play', 'over'…)."""

    def card_strength(self, card: Card) -> int:
        """How strong ``card`` is in its suit (trumps among trumps) in this game's order: higher beats lower.

        The tables sort a hand, its choices and the hints by it. The default is the pack's natural order
        (King high, Ace low, trumps by number: the French Tarot's); a game with another order overrides it.
        """
        return card.id

    def rollout(self, policy: Policy, rng: RolloutRng) -> list[Score]:
        """Play a copy of this state to the end of the match with ``policy`` and return its returns.

        The state itself is unchanged. This generic path goes through ``legal_actions``/``apply`` on a
        clone; a game may override it with a faster path that plays exactly the same games (Tarot does).
        See :mod:`atout.core.rollout` for the policies and the generator.
        """
        from atout.core.rollout import api_rollout

        return api_rollout(self, policy, rng)

    # --- shared behaviour ----------------------------------------------------------------------
    def apply(self, action: Action | str) -> None:
        """Apply an action given as an :class:`Action` or as text; raise IllegalAction if refused."""
        try:
            parsed = parse_action(action)
        except NotationError as exc:
            raise notation_refusal(action, exc) from None
        seat = self.current_player
        if seat is None:
            raise IllegalAction(f"{parsed}: the game is over", code="game_over")
        entry = self.log[-1]  # captured first: the action may end this deal and deal the next
        try:
            self._apply(parsed)
        except NotationError as exc:  # an argument that is no card or number: unreadable, as above
            raise notation_refusal(action, exc) from None
        except IllegalAction as exc:
            raise as_typed(exc, action, parsed) from None
        entry.actions.append((seat, str(parsed)))

    def public_action(self, action: Action | str) -> str:
        """The text of an action as the other seats may see it (hidden arguments dropped)."""
        parsed = parse_action(action)
        if parsed.kind in self.hidden_action_args:
            return f"{parsed.kind} ({len(parsed.args)} hidden)"
        return str(parsed)

    def _observation(self, seat: int, hand: int, public: dict[str, Any]) -> Observation:
        """Build a seat's observation: its hand (a mask) and public facts; legal actions only on its turn."""
        mine = seat == self.current_player
        return Observation(
            game=self.game_name,
            seat=seat,
            phase=self.phase,
            current_player=self.current_player,
            hand=tuple(CARDS[c] for c in ids(hand)),
            legal_actions=tuple(self.legal_actions()) if mine else (),
            public=public,
            history=self.seen_history(seat),
            rules=self.table_rules(),
        )

    def table_rules(self) -> dict[str, Any]:
        """The rules as a record states them (variant, players, options); computed once per state."""
        found: dict[str, Any] | None = self.__dict__.get("_table_rules")
        if found is None:
            found = self.__dict__["_table_rules"] = {"variant": self.variant, "players": self.players, **self.options()}
        return found

    def seen_history(self, seat: int) -> tuple[tuple[int, str], ...]:
        """The current deal's actions as ``seat`` saw them (others' hidden arguments dropped)."""
        check_seat(self, seat)
        actions = self.log[-1].actions
        cache: dict[int, tuple[list[tuple[int, str]], tuple[tuple[int, str], ...]]]
        cache = self.__dict__.setdefault("_seen_cache", {})
        found = cache.get(seat)
        start = 0
        seen: tuple[tuple[int, str], ...] = ()
        if found is not None and found[0] is actions and len(found[1]) <= len(actions):
            start, seen = len(found[1]), found[1]  # actions are only appended within a deal: extend
            if start == len(actions):
                return seen
        hidden = self.hidden_action_args
        seen += tuple(
            (s, a if s == seat or a.split(" ", 1)[0] not in hidden else self.public_action(a))
            for s, a in actions[start:]
        )
        cache[seat] = (actions, seen)
        return seen

    def is_terminal(self) -> bool:
        return self.current_player is None

    # --- events (language-free; atout.present says them) -----------------------------------------
    #: Every event of the match so far, in order. Games append with :meth:`_emit` (or override
    #: :meth:`events` to derive them lazily); ``clone`` must copy the list.
    _events: list[Event]

    def _emit(self, kind: str, seat: int | None = None, to: int | None = None, **data: Any) -> None:
        """Record an event (``to``: the only seat that may see it; None for a public one)."""
        self.__dict__.setdefault("_events", []).append(Event(kind, seat, data, to))

    @property
    def event_count(self) -> int:
        """How many events the match has had: a cursor for :meth:`events` (``since``)."""
        return len(self.__dict__.get("_events", ()))

    def events(self, seat: int | None = None, since: int = 0) -> list[Event]:
        """Events from index ``since`` on that ``seat`` may see (None: a spectator, public events only)."""
        check_events_args(self, seat, since)
        return [e for e in self.__dict__.get("_events", [])[since:] if e.to is None or e.to == seat]

    @property
    def deal_index(self) -> int:
        """0-based number of the deal in progress (or of the last one when the match is over)."""
        return len(self.log) - 1

    @property
    def dealer(self) -> int:
        return self.log[-1].dealer

    def last_row(self) -> list[Score] | None:
        """The score row of the most recent finished deal (None before the first one ends)."""
        for entry in reversed(self.log):
            if entry.result is not None:
                return list(entry.result)
        return None

    def sheet(self) -> list[list[Score]]:
        """The score sheet: one row per finished deal, one column per seat."""
        return [list(d.result) for d in self.log if d.result is not None]

    def options(self) -> dict[str, Any]:
        """The rule options as a JSON-able dict (for records)."""
        out: dict[str, Any] = {}
        for f in fields(self.rules):
            value = getattr(self.rules, f.name)
            out[f.name] = list(value) if isinstance(value, tuple) else value
        return out

    def to_record(self) -> dict[str, Any]:
        """This match as an ``atout-record/1`` dict (see docs/records.md): a copy, never the state's own lists.

        Header, options, then each deal with its dealer, explicit deal, actions and result.
        """
        options = self.options()
        options.pop("players", None)
        record: dict[str, Any] = {
            "format": RECORD_FORMAT,
            "game": self.game_name,
            "variant": self.variant,
            "players": self.players,
            "options": options,
            "seed": self.seed,
            "match": copy.deepcopy(self.match_header()),
        }
        entries = []
        for d in self.log:
            entry: dict[str, Any] = {
                "dealer": d.dealer,
                "deal": copy.deepcopy(d.deal),  # the caller may edit the record: never the state's lists
                "actions": [{"seat": s, "action": a} for s, a in d.actions],
            }
            if d.result is not None:
                entry["result"] = {"returns": [json_number(x) for x in d.result]}
            entries.append(entry)
        if len(entries) == 1:
            record.update(entries[0])
            record.pop("result", None)
        else:
            record["deals"] = entries
        if self.is_terminal():
            record["result"] = {"returns": [json_number(x) for x in self.returns()]}
        return record

    def match_header(self) -> dict[str, Any]:
        """Extra creation arguments a record needs to rebuild this match (deals, target…)."""
        return {}

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.game_name} {self.variant} players={self.players} phase={self.phase}>"


class PhasedState(GameState):
    """A state whose turn and phase are plain attributes and whose moves are dispatched by phase.

    A game sets ``_to_move`` (None when the match is over) and ``_phase``, and names in
    :attr:`PHASE_HANDLERS` the method that checks and applies a move in each phase, so that the rule
    for a move is found by opening one method.
    """

    #: Phase name -> the name of the method applying one move in that phase.
    PHASE_HANDLERS: ClassVar[Mapping[str, str]] = {}
    _to_move: int | None
    _phase: str

    @property
    def current_player(self) -> int | None:
        return self._to_move

    @property
    def phase(self) -> str:
        return self._phase

    def _apply(self, action: Action) -> None:
        handler = self.PHASE_HANDLERS.get(self._phase)
        if handler is None:  # guarded by apply(): only 'over' has no handler, and then nobody is to move
            raise IllegalAction(f"{action}: nothing to do in phase {self._phase}", code="game_over")
        getattr(self, handler)(action)


@dataclass(frozen=True)
class GameInfo:
    """A registry entry: how to create a game and what it offers."""

    name: str
    title: str
    player_counts: dict[str, tuple[int, ...]]  # variant -> allowed player counts
    default_variant: str
    default_players: int
    factory: Callable[..., GameState]
    variant_help: dict[str, str]
    rules_text: Callable[[str], str]
    aliases: tuple[str, ...] = ()  # other names new_game accepts ("cascaret", "pamphile" for mistigri)
    #: The game's ``Rules`` dataclass (its rule options; see :mod:`atout.core.options`), if it has one.
    rules: type | None = None

    @property
    def variants(self) -> list[str]:
        return list(self.player_counts)


_REGISTRY: dict[str, GameInfo] = {}
_ALIASES: dict[str, str] = {}  # other name -> registered name


def register(info: GameInfo) -> GameInfo:
    _REGISTRY[info.name] = info
    _ALIASES.update(dict.fromkeys(info.aliases, info.name))
    return info


# The games register themselves when ``atout.games`` is imported, which the package ``atout`` does
# on import: the core never imports a game (dependencies point down only, see tests/test_layers.py).


def list_games() -> list[GameInfo]:
    """Every registered game, by name."""
    return [_REGISTRY[k] for k in sorted(_REGISTRY)]


def game_info(name: str) -> GameInfo:
    """The registry entry of a game, by name or alias (case-insensitive); UnknownGame names the known ones."""
    known = ", ".join(sorted(_REGISTRY))
    if not isinstance(name, str):
        raise UnknownGame(f"a game name is text such as 'tarot', not {clip(name)}; known games: {known}")
    try:
        return _REGISTRY[_ALIASES.get(name.lower(), name.lower())]
    except KeyError:
        raise UnknownGame(f"unknown game {clip(name)}; known games: {known}") from None


def new_game(
    name: str,
    players: int | None = None,
    variant: str | None = None,
    seed: int | None = None,
    **options: Any,
) -> GameState:
    """Create a game by name: a single deal by default; a match with ``deals=N`` or ``target=P``.

    ``deal=`` gives an explicit deal (or a list of them, one per deal of a match) instead of
    shuffling; ``dealer=`` fixes the first dealer instead of drawing him by lot.

    >>> g = new_game("triomphe", players=2, seed=7)
    >>> g.current_player in (0, 1)
    True
    """
    info = game_info(name)
    if variant is None:
        variant = info.default_variant
    if not isinstance(variant, str) or variant.lower() not in info.player_counts:
        raise ValueError(f"{info.name} has no variant {clip(variant)}; variants: {', '.join(info.variants)}")
    variant = variant.lower()
    allowed = info.player_counts[variant]
    if players is None:
        players = info.default_players if info.default_players in allowed else allowed[0]
    if not isinstance(players, int) or isinstance(players, bool) or players not in allowed:
        counts = ", ".join(map(str, allowed))
        raise ValueError(f"{info.name} ({variant}) is for {counts} players, not {clip(players)}")
    _check_match_args(players, seed, options)
    return info.factory(players=players, variant=variant, seed=seed, **options)


def _check_match_args(players: int, seed: Any, options: Mapping[str, Any]) -> None:
    """The creation arguments every game shares: seed, first dealer, deals and target (capped: MATCH_CAPS), explicit deal(s)."""
    if seed is not None:
        check_int("seed", seed, minimum=-(2**128), maximum=2**128)  # a record holds it (39 digits at most)
    if options.get("dealer") is not None:
        check_seat_arg("dealer", options["dealer"], players)
    for key, cap in MATCH_CAPS.items():
        if options.get(key) is not None:
            check_int(key, options[key], minimum=1, maximum=cap)
    deal = options.get("deal")
    if deal is None or isinstance(deal, dict):
        return
    if not isinstance(deal, list | tuple) or not deal:
        raise RecordError(f"deal must be a deal object or a non-empty list of them, not {clip(deal)}", "bad_deal")
    if len(deal) > MAX_GIVEN_DEALS:
        raise RecordError(f"{len(deal):,} explicit deals (at most {MAX_GIVEN_DEALS:,})", "too_many_deals",
                          {"count": len(deal), "limit": MAX_GIVEN_DEALS})
    for i, one in enumerate(deal):
        if not isinstance(one, dict):
            raise RecordError(f"deal {i} must be an object (hands…), not {clip(one)}", "bad_deal", {"deal": i})


def check_options(title: str, options: Mapping[str, Any], known: set[str]) -> None:
    """Refuse rule options a game does not have, naming the ones it has (see also ``core.options.build_rules``)."""
    unknown = sorted(str(k) for k in set(options) - known)
    if unknown:
        names = ", ".join(clip(k, 30) for k in unknown[:5]) + (", …" if len(unknown) > 5 else "")
        raise ValueError(f"unknown {title} option(s): {names}; known: {', '.join(sorted(known))}")


def packaged_rules_text(package: str, lang: str) -> str:
    """A game's rules summary shipped as ``rules_fr.md`` / ``rules_en.md`` in its package."""
    if lang not in ("fr", "en"):
        raise ValueError(f"rules are available in 'fr' and 'en', not {lang!r}")
    text = (files(package) / f"rules_{lang}.md").read_text(encoding="utf-8")
    if lang == "fr":  # French spacing, as the catalogs write it: no line may start with the ";" or ":" it follows
        text = re.sub(r" ([;!?])", "\u202f\\1", re.sub(r" ([:»])", "\u00a0\\1", text)).replace("« ", "«\u00a0")
    return text


def _seat_checked(method: Callable[..., Any]) -> Callable[..., Any]:
    """``method`` with its seat argument checked first (a bool, a float, a text or an absent seat refused)."""

    @functools.wraps(method)
    def checked(self: GameState, seat: Any, *args: Any, **kwargs: Any) -> Any:
        if type(seat) is not int or not 0 <= seat < self.players:
            check_seat(self, seat)
        return method(self, seat, *args, **kwargs)

    checked._seat_checked = True  # type: ignore[attr-defined]
    return checked


def check_events_args(state: GameState, seat: int | None, since: int) -> None:
    """Refuse a bad seat (``True`` would see seat 1's private events) or cursor for ``events()``."""
    if seat is not None:
        check_seat(state, seat)
    check_int("since", since, minimum=0)


class Seated(Protocol):
    """Anything with a table size (a state, or a game's own view of one)."""

    @property
    def players(self) -> int: ...


def check_seat(state: Seated, seat: int) -> None:
    """Refuse a seat number outside the table (a bool is not a seat: ``True`` is not seat 1)."""
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < state.players:
        raise ValueError(f"no seat {clip(seat)} at a table of {state.players} (seats are 0..{state.players - 1})")
