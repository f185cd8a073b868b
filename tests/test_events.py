"""Events and error codes of every registered game (parametrised over ``atout.list_games()``).

* Hidden information: no event a seat (or a spectator) may see names a card outside what that seat
  knows (``known_cards`` just before or just after the action, plus the card the action shows).
* Determinism for a seed; clones keep independent event lists.
* Every event kind and error code a game produces has a French and an English phrase, and the French
  never contains English words.
"""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

import atout
from atout.bots import make_bot
from atout.core.actions import Action
from atout.core.cards import CARDS, Card
from atout.core.errors import IllegalAction, NotationError
from atout.core.events import Event
from atout.present import Table, breakdown, cite_in, phrases, say, say_error
from atout.sim import default_bot

GAMES = [g.name for g in atout.list_games()]
SEEDS = (1, 2, 3, 4)
CODES = {c.code for c in CARDS}
#: Words that betray English in a French sentence (card and game terms are French in both languages).
ENGLISH = re.compile(r"\b(the|and|wins?|plays?|tricks?|you|your|deal|score|scores|bids?|passes|player|of|with|"
                     r"must|hand|trumps?|discard|refused|allowed)\b", re.IGNORECASE)


def _configs(name: str) -> list[tuple[str, int]]:
    info = atout.game_info(name)
    return [(v, counts[0]) for v, counts in info.player_counts.items()] + [
        (info.default_variant, info.player_counts[info.default_variant][-1])]


def _cards_named(value: Any) -> set[str]:
    """Card codes anywhere in an event's data (strings that are exactly a card code)."""
    if isinstance(value, str):
        return {value} if value in CODES else set()
    if isinstance(value, dict):
        return set().union(*(_cards_named(v) for v in value.values())) if value else set()
    if isinstance(value, list | tuple):
        return set().union(*(_cards_named(v) for v in value)) if value else set()
    return set()


def _mask(codes: set[str]) -> int:
    out = 0
    for c in codes:
        out |= 1 << Card.parse(c).id
    return out


def _playout(name: str, variant: str, players: int, seed: int, check: bool = True) -> atout.GameState:
    """A random playout (seeded) that checks each new event against what its viewers know."""
    g = atout.new_game(name, players=players, variant=variant, seed=seed)
    rng = random.Random(seed)
    # Odd seeds: the game's own bot (random bidding at Tarot always ends in a Garde contre: no écart).
    bots = [make_bot(name, default_bot(name), seed=seed + s) for s in range(players)] if seed % 2 else None
    steps = 0
    while not g.is_terminal() and steps < 400:
        seat = g.current_player
        assert seat is not None
        action = bots[seat].act(g.observation(seat)) if bots else rng.choice(g.legal_actions())
        before = [g.known_cards(s) for s in range(players)]
        cursor = g.event_count
        deals = len(g.log)
        g.apply(action)
        steps += 1
        if not check:
            continue
        after = [g.known_cards(s) for s in range(players)]
        shown = 0 if action.kind in g.hidden_action_args else _mask(_cards_named(list(action.args)))
        mine = _mask(_cards_named(list(action.args)))
        for e in g.events(None, cursor) + [e for s in range(players) for e in g.events(s, cursor) if not e.public]:
            named = _mask(_cards_named(dict(e.data)))
            if len(g.log) != deals and e.kind.endswith("_shown"):
                continue  # a show that ends the deal: its cards were known in a deal the state has left
            viewers = range(players) if e.public else [e.to]
            for s in viewers:
                assert s is not None
                allowed = before[s] | after[s] | shown | (mine if s == seat else 0)
                leak = named & ~allowed
                assert not leak, f"{name} seed {seed}: event {e.kind} shows seat {s} cards it may not know: " \
                                 f"{[CARDS[i].code for i in range(78) if leak >> i & 1]}"
    return g


@pytest.mark.parametrize("name", GAMES)
def test_no_event_leaks_hidden_cards(name: str) -> None:
    for variant, players in _configs(name):
        for seed in SEEDS:
            g = _playout(name, variant, players, seed)
            for e in g.events(None):
                assert e.public, "a spectator sees public events only"


@pytest.mark.parametrize("name", GAMES)
def test_events_are_deterministic_for_a_seed(name: str) -> None:
    variant, players = _configs(name)[0]
    a = _playout(name, variant, players, 7, check=False)
    b = _playout(name, variant, players, 7, check=False)
    assert [e.to_json() for e in a.events(0)] == [e.to_json() for e in b.events(0)]
    assert a.events(0), "a whole deal says something"


@pytest.mark.parametrize("name", GAMES)
def test_clones_keep_independent_event_lists(name: str) -> None:
    variant, players = _configs(name)[0]
    g = atout.new_game(name, players=players, variant=variant, seed=11)
    rng = random.Random(11)
    for _ in range(6):
        if g.is_terminal():
            break
        g.apply(rng.choice(g.legal_actions()))
    if g.is_terminal():
        pytest.skip("the deal ended too soon")
    count = g.event_count
    seen = [e.to_json() for e in g.events(0)]
    c = g.clone()
    assert [e.to_json() for e in c.events(0)] == seen
    for _ in range(20):  # some actions say nothing (an announcement phase's "done")
        if c.is_terminal() or c.event_count > count:
            break
        c.apply(c.legal_actions()[0])
    assert c.event_count > count
    assert g.event_count == count and [e.to_json() for e in g.events(0)] == seen
    g.apply(g.legal_actions()[-1])
    assert [e.to_json() for e in c.events(0)][: len(seen)] == seen


def _kinds_and_codes(name: str) -> tuple[dict[str, Event], dict[str, IllegalAction]]:
    """Every event kind seen in playouts, and the error codes of many refused actions."""
    kinds: dict[str, Event] = {}
    errors: dict[str, IllegalAction] = {}
    words = ["garde", "prise", "petite", "garde_sans", "poignee", "capot", "chelem", "sans_atouts", "sans_points", "zz"]
    verbs = ["play", "pass", "done", "bid", "call", "discard", "announce", "concede", "accept", "refuse", "stop",
             "vole", "pillage", "no_concession", "petit_sec", "draw", "bet"]
    for variant, players in _configs(name):
        for seed in SEEDS:
            g = atout.new_game(name, players=players, variant=variant, seed=seed)
            rng = random.Random(seed * 31)
            bots = [make_bot(name, default_bot(name), seed=seed + s) for s in range(players)] if seed % 2 else None
            while not g.is_terminal():
                seat = g.current_player
                assert seat is not None
                hand = [c.code for c in g.observation(seat).hand]
                for _ in range(3):
                    verb = rng.choice(verbs)
                    args = rng.sample(hand, min(len(hand), rng.choice((1, 1, 2, 3, 6)))) if hand else []
                    if verb in ("bid", "announce") and rng.random() < 0.6:
                        args = [rng.choice(words), *args[:rng.choice((0, 10))]]
                    if verb == "play" and rng.random() < 0.5:
                        args = [rng.choice(sorted(CODES))]
                    text = " ".join([verb, *args])
                    trial = g.clone()
                    try:
                        trial.apply(text)
                    except IllegalAction as exc:
                        errors.setdefault(exc.code, exc)
                    except NotationError:
                        pass
                g.apply(bots[seat].act(g.observation(seat)) if bots else rng.choice(g.legal_actions()))
            for s in range(players):
                for e in g.events(s):
                    kinds.setdefault(e.kind, e)
    return kinds, errors


@pytest.mark.parametrize("name", GAMES)
def test_every_event_and_error_has_french_and_english(name: str) -> None:
    kinds, errors = _kinds_and_codes(name)
    book = phrases(name)
    assert book.module is not None, f"add src/atout/present/games/{name}.py (see atout.present's docstring)"
    players = atout.game_info(name).player_counts[atout.game_info(name).default_variant][-1]
    for key, e in kinds.items():
        for me in (None, e.seat):  # as the others hear it, and as the seat itself hears it ("vous")
            table = Table(name, max(players, (e.seat or 0) + 1), me=me)
            for lang in ("fr", "en"):
                text = say(e, lang, table)  # raises KeyError naming a missing phrase
                assert text is None or (text and "{" not in text), (key, lang, text)
                if lang == "fr" and text:
                    assert not ENGLISH.search(text), f"English in the French table: {text!r} ({e.kind})"
            if e.kind == "deal_scored":
                fr = breakdown(e, "fr", table)
                assert fr and breakdown(e, "en", table)
                for line in fr:
                    assert not ENGLISH.search(line), f"English in a French breakdown: {line!r}"
    assert errors, "some refusals were tried"
    for code, exc in errors.items():
        assert code != "illegal", f"{name}: a refusal without a code: {exc}"
        for lang in ("fr", "en"):
            assert code in book.errors[lang], f"{name}: no {lang} phrase for error code {code!r} ({exc})"
            text = say_error(exc, lang, name)
            assert "{" not in text
        french = say_error(exc, "fr", name).split(" [")[0]
        assert not ENGLISH.search(french), f"English in a French refusal: {french!r} ({code})"
        if exc.params.get("cite"):
            assert cite_in(str(exc.params["cite"]), "en") in say_error(exc, "en", name), "the citation is kept"
            # at a French table in French words (issue 17: "[règle FFT 10]", not "[FFT rule 10]")
            assert cite_in(str(exc.params["cite"]), "fr") in say_error(exc, "fr", name), "the citation is kept"


def test_tarot_events_cost_nothing_until_asked() -> None:
    """Tarot derives its events from the log: a playout's state holds none until events() is called."""
    g = atout.new_game("tarot", players=4, seed=5)
    rng = random.Random(5)
    while not g.is_terminal():
        g.apply(rng.choice(g.legal_actions()))
    assert g._events == []
    kinds = [e.kind for e in g.events(0)]
    assert kinds[0] == "deal_started" and kinds[-1] == "match_over"


def test_a_played_card_is_an_action_everyone_sees() -> None:
    """Seed 001 §9: cards are played face up: each card_played event is public, in play order."""
    g = _playout("tarot", "seed", 4, 3, check=False)
    plays = [e for e in g.events(None) if e.kind == "card_played"]
    logged = [a for entry in g.log for _, a in entry.actions if a.startswith("play ")]
    assert [f"play {e.data['card']}" for e in plays] == logged
    assert all(str(Action.parse(a)) == a for a in logged)
