"""Reading what a player types: French or English verbs, cards in any spelling, bare cards, accents optional.

:func:`interpret` turns a line into an :class:`~atout.core.actions.Action` using the legal actions of the
moment to resolve short forms (a bare card means the only verb that takes cards; ``garde`` means
``bid garde``); the state then checks the action as usual. Unknown or ambiguous input raises
:class:`InputProblem`, whose message (in the table's language) lists what would be accepted.

>>> from atout.core.actions import Action
>>> legal = [Action.parse(a) for a in ("play KH", "play 7H", "play T21")]
>>> str(interpret("R♥", legal, "fr", "tarot")), str(interpret("jouer 21", legal, "fr", "tarot"))
('play KH', 'play T21')
>>> bids = [Action.parse(a) for a in ("bid garde", "bid garde_sans", "pass")]
>>> str(interpret("Passe", bids, "fr", "tarot")), str(interpret("garde sans", bids, "fr", "tarot"))
('pass', 'bid garde_sans')
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from atout.core.actions import Action
from atout.core.cards import Card, is_card
from atout.core.errors import NotationError
from atout.present import LANGS, catalogs, phrases
from atout.present.cards import ALL_CARDS, fold, parse_card, short

#: Articles a player may type before a card ("jouer le 21", "play the K♥"); ignored.
_ARTICLES = frozenset({"le", "la", "les", "the", "un", "une"})


class InputProblem(NotationError):
    """Input that names no action; the message is in the table's language and says what is accepted."""


def _pack(game: str) -> int:
    module = phrases(game).module
    pack = getattr(module, "PACK", ALL_CARDS)
    return int(pack)


def _cards_in(tokens: list[str], pack: int) -> list[str] | None:
    """Read tokens as cards, joining up to three tokens per card (``roi de coeur``); None if one is not."""
    out: list[str] = []
    i = 0
    while i < len(tokens):
        for span in (3, 2, 1):
            if i + span > len(tokens):
                continue
            try:
                out.append(parse_card(" ".join(tokens[i : i + span]), pack).code)
            except NotationError:
                continue
            i += span
            break
        else:
            return None
    return out


def _args(tokens: list[str], pack: int) -> list[str]:
    """Arguments: cards where they read as cards, other words as typed (accent-free)."""
    out: list[str] = []
    i = 0
    while i < len(tokens):
        for span in (3, 2, 1):
            if i + span > len(tokens):
                continue
            try:
                out.append(parse_card(" ".join(tokens[i : i + span]), pack).code)
            except NotationError:
                continue
            i += span
            break
        else:
            out.append(tokens[i])
            i += 1
    return out


def _verbs(game: str, lang: str) -> dict[str, str]:
    """Typed verbs of both languages (the table's own first): the other language is accepted too."""
    book = phrases(game)
    other = [x for x in LANGS if x != lang]
    merged: dict[str, str] = {}
    for x in [*other, lang]:
        merged.update({fold(k): v for k, v in book.verbs[x].items()})
    return merged


def _choose(candidates: list[Action], legal: Sequence[Action]) -> Action:
    """The first candidate that is legal, or that prefixes exactly one legal action; else the first."""
    legal_set = set(legal)
    for a in candidates:
        if a in legal_set:
            return a
    for a in candidates:
        longer = [x for x in legal if x.kind == a.kind and x.args[: len(a.args)] == a.args]
        if len(longer) == 1:
            return longer[0]
    return candidates[0]


def interpret(text: str, legal: Sequence[Action], lang: str = "fr", game: str = "tarot") -> Action:
    """The action meant by ``text``, given the legal actions now (see the module docstring)."""
    if lang not in LANGS:
        raise catalogs.lang_error(lang)
    if len(text) > 1000:  # an absurd size, refused at once and echoed cut (issue 6: Rich took 31 s on 80,000)
        raise InputProblem(_problem(text[:60] + "…", legal, lang, game))
    key = " ".join(fold(text).replace(",", " ").split()).rstrip(".!")
    if not key:
        raise InputProblem(_problem(text, legal, lang, game))
    pack = _pack(game)
    # Exactly what the screen shows for one legal action ("garde sans", "R♥", a game's own label).
    from atout.present.screen import action_label

    shown = [a for a in legal
             if key in {" ".join(fold(action_label(a, x, game)).replace(",", " ").split()).rstrip(".!") for x in LANGS}]
    if len(shown) == 1:
        return shown[0]
    ask = _clubs_or_hearts(key, legal, lang, pack)
    if ask:
        raise InputProblem(ask)
    verbs = _verbs(game, lang)
    # A whole phrase that is a verb: "passe", "garde sans", "pas de concession".
    if key in verbs:
        return _choose([Action.parse(v) for v in verbs[key].split("|")], legal)
    tokens = [t for t in key.split() if t not in _ARTICLES]
    by_rank = _rank_reading(tokens, legal, lang, game)
    if by_rank is not None:
        return by_rank
    # A verb, then arguments: "jouer R♥", "ecarter 2H 3H …", "appeler roi de coeur".
    for n in (3, 2, 1):
        head = " ".join(tokens[:n])
        if len(tokens) > n and head in verbs:
            args = _args(tokens[n:], pack)
            candidates = [Action.parse(" ".join([v, *args])) for v in verbs[head].split("|")]
            return _choose([*_joined(candidates, game), *candidates], legal)
    # Bare cards: the only verb of the moment that takes cards.
    cards = _cards_in(tokens, pack)
    if cards:
        kinds = sorted({a.kind for a in legal if a.args and all(is_card(x) for x in a.args)})
        if len(kinds) == 1:
            return _choose([Action(kinds[0], tuple(cards))], legal)
        if not kinds:
            raise InputProblem(_problem(text, legal, lang, game, no_cards=True))
        raise InputProblem(_problem(text, legal, lang, game))
    # A legal action's own words: "bid garde", "garde_sans", "announce poignee".
    flat = key.replace(" ", "_")
    matches = [a for a in legal if flat in (str(a).replace(" ", "_"), "_".join(a.args))]
    if len(matches) == 1:
        return matches[0]
    try:
        parsed = Action.parse(" ".join(_args(tokens, pack)))
    except NotationError:
        raise InputProblem(_problem(text, legal, lang, game)) from None
    if parsed.kind in {a.kind for a in legal}:
        return _choose([parsed], legal)
    raise InputProblem(_problem(text, legal, lang, game))


def _rank_reading(tokens: list[str], legal: Sequence[Action], lang: str, game: str) -> Action | None:
    """A lone rank name (``as``, ``roi``; after ``jouer`` too) as the one legal card of that rank: ``as`` is also
    the code of the Ace of spades (AS), but a French player who types it means an Ace, the one he may play
    (issue 17). None when the word is no rank name or no single legal card has that rank (the usual reading
    then answers); InputProblem naming the cards when several may be meant."""
    verbs = _verbs(game, lang)
    if len(tokens) == 2 and verbs.get(tokens[0]) == "play":
        tokens = tokens[1:]
    if len(tokens) != 1:
        return None
    ranks = {fold(name): code for code, name in phrases(game).section("ranks", lang).items()}
    rank = ranks.get(tokens[0])
    if rank is None or rank.isdigit():
        return None
    plays = [a for a in legal if a.kind == "play" and len(a.args) == 1 and is_card(a.args[0])]
    same = [a for a in plays if not Card.parse(a.args[0]).is_trump and a.args[0][:-1] == rank]
    if len(same) == 1:
        return same[0]
    if len(same) > 1:
        from atout.present.screen import action_label

        book = phrases(game)
        examples = book.t("lists", "semicolon", lang).join(action_label(a, lang, game) for a in same)
        raise InputProblem(book.say("input", "which_rank", lang, text=tokens[0], examples=examples))
    return None


def _joined(candidates: list[Action], game: str) -> list[Action]:
    """Multi-word names as one argument: ``annoncer sans points`` -> ``announce sans_points`` (a game word)."""
    book = phrases(game)
    known = {k for lang in LANGS for k in book.words[lang]}
    out = []
    for a in candidates:
        words = [x for x in a.args if not is_card(x)]
        if len(words) > 1 and a.args[: len(words)] == tuple(words) and "_".join(words) in known:
            out.append(Action(a.kind, ("_".join(words), *a.args[len(words):])))
    return out


_CODE_IN_C = re.compile(r"^(10|[2-9]|[ravdcjqkn1])c$")


def _clubs_or_hearts(key: str, legal: Sequence[Action], lang: str, pack: int) -> str | None:
    """At a French table ``8C`` reads as the 8 of clubs (the project's codes: C = trèfle), but a French player
    may mean the 8 of hearts (cœur): ask only when both cards may be played now (issue 7)."""
    m = _CODE_IN_C.match(key.replace(" ", ""))
    if not m or "clubs_or_hearts" not in catalogs.entries("common", "input_only", lang):
        return None  # only where the catalog says C is also the initial of the hearts (French: cœur)
    try:
        clubs, hearts = parse_card(m.group(1) + "c", pack), parse_card(m.group(1) + "h", pack)
    except NotationError:
        return None
    playable = {a.args[0] for a in legal if a.kind == "play" and len(a.args) == 1}
    if clubs.code in playable and hearts.code in playable:
        from atout.present.cards import card_name

        return phrases("common").say("input", "clubs_or_hearts", lang, typed=key.upper(), clubs=card_name(clubs.code, lang),
                                      clubs_code=clubs.code, hearts=card_name(hearts.code, lang), hearts_code=hearts.code,
                                      example=short(hearts.code, lang))
    return None


def _problem(text: str, legal: Sequence[Action], lang: str, game: str, no_cards: bool = False) -> str:
    """A short message: what was not understood, and examples of what is accepted now."""
    from atout.present.screen import action_label

    examples = [action_label(a, lang, game) for a in legal[:8]]
    book = phrases(game)
    more = " …" if len(legal) > 8 else ""
    head = book.say("input", "no_card_now" if no_cards else "not_understood", lang, text=text)
    return book.say("input", "possible", lang, head=head, examples=book.t("lists", "semicolon", lang).join(examples) + more)
