"""The presentation layer: what a person at the table hears and sees, in French and English.

The engine speaks no language: games emit :class:`~atout.core.events.Event` values (``kind``, ``seat``,
``data``, ``to``) and raise ``IllegalAction(message, code, params)``. This package turns them into
sentences (:func:`say`, :func:`say_error`), score breakdowns (:func:`breakdown`) and card names
(:func:`card_name`). The terminal table (``atout play``) and the web table both use it.

>>> from atout.core.events import Event
>>> t = Table("tarot", players=4, names=("Anne", "Bernard", "Claire", "Vous"), me=3)
>>> say(Event("card_played", seat=0, data={"card": "KH"}), "fr", t)
'Anne joue le Roi de cœur.'
>>> say(Event("card_played", seat=3, data={"card": "T21"}), "en", t)
'You play trump 21.'
>>> say(Event("trick_won", seat=1, data={"cards": ["KH", "7H"], "trick": 1, "points": 5.5}), "fr", t)
'Bernard remporte le pli 1 (5,5 points).'

How a game adds its phrases: a catalog (no registration call)
--------------------------------------------------------------
The words live in gettext catalogs read with Babel (:mod:`atout.present.catalogs`):
``src/atout/present/locale/<lang>/LC_MESSAGES/<game_name>.po`` (the name of ``atout.list_games()``), one per
language, over ``common.po`` whose entries it overrides. Messages are **keyed**: ``msgctxt`` names the
section, ``msgid`` a stable key, and every language (English included) translates the same keys; a plural
entry's ``msgid_plural`` names the placeholder that counts and its forms follow the catalog's
``Plural-Forms``. Adding a language is adding a directory of catalogs (docs/play.md, "Languages and
catalogs"); :data:`LANGS` lists the languages found. The sections:

* ``events``: event kind -> template, e.g. ``bid`` -> ``{seat} annonce {contract}.``. A key
  ``<kind>/you`` is used when the event's seat is the human (``table.me``): ``Vous jouez {card}.``.
  Placeholders are the event's ``data`` keys plus ``seat``; values are shown by their key's name:
  ``card``, ``called`` or any key ending in ``_card`` -> a card with its article (``le Roi de cœur``);
  ``cards`` or ``*_cards`` -> a list of cards (``the_cards``: the ``cards`` each with its article);
  ``seat``, ``winner``, ``taker``, ``partner``, ``leader``,
  ``dealer``, ``by`` -> a seat name; ``seats`` -> seat names; other strings -> looked up in ``words``
  (so ``contract="garde_sans"`` reads ``Garde sans``); numbers by Babel for the language (``2,5``).
  ``-`` says nothing (an event not worth saying).
* ``errors``: error code -> template over ``IllegalAction.params`` (the same conventions); the seed
  citation ``params["cite"]`` is appended in brackets by :func:`say_error`.
* ``words``: game words -> their name (contracts, announcements, phases, verbs shown on screen).
* ``verbs``: a language's typed words (accent-free, lower case) -> canonical action text, e.g.
  ``passe`` -> ``pass``: what :func:`atout.present.inputs.interpret` accepts.
* ``labels``: full action text or verb -> template (``{cards}`` short cards, ``{words}`` translated
  words): how the table lists a choice (:func:`atout.present.screen.action_label`); a label shown is also
  accepted as typed input.
* ``says``, ``breakdown``, ``reasons``…: the templates of the game module's own sentences.
* ``variants`` (``<variant>/title``, ``<variant>/about``), ``hints``, ``marked``, ``play`` (``title``,
  ``game_help``): what the lobby, the web table and ``atout play`` show.

The game's module ``src/atout/present/games/<game_name>.py`` (imported by :func:`phrases` on first use)
holds only code: ``SAYERS`` (kind -> ``function(event, lang, table) -> str | None`` for sentences a template
cannot build, from the catalog's templates through :meth:`Phrases.say`), ``breakdown(event, lang, table)``
(the lines of a ``deal_scored`` event; the default lists each seat's row), ``PACK`` (the bitmask of the
game's cards, so that input reads ``CD`` as a Cavalier only where there are Cavaliers), and display hooks
(``SHORT``, ``ORDER``, ``CARD_NAME``). Its ``EVENTS``, ``ERRORS``, ``WORDS``… are the catalog's sections
seen as ``lang -> {key: text}`` dicts (:class:`atout.present.catalogs.Section`).

Phrases shared by every game (``card_played``, ``trick_won``, ``deal_scored``, ``match_over``, the
core error codes ``not_in_hand``, ``notation``, ``game_over``…, card and seat names, lists, punctuation)
live in the ``common`` domain. French typography (a no-break space before ``:`` and inside « », a narrow
one before ``; ! ?``) is the French catalog's ``typography`` section, applied as the catalogs are read.
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from string import Formatter
from types import ModuleType
from typing import Any

from babel.numbers import format_decimal

from atout.core.cards import Card
from atout.core.errors import IllegalAction, NotationError
from atout.core.events import Event
from atout.present import catalogs, common
from atout.present.cards import card_name, card_names, fold, join_words, parse_card, short

LANGS: Sequence[str] = catalogs.Languages()
#: An event's template that says nothing (an empty msgstr would read as "not translated yet").
SILENT = "-"
SEAT_KEYS = frozenset({"seat", "winner", "taker", "partner", "leader", "dealer", "by", "holder"})
#: List keys read as alternatives (``8, 10 ou 13``) rather than a conjunction.
OR_KEYS = frozenset({"thresholds"})


@dataclass(frozen=True)
class Table:
    """Who sits where, for sentences: the game, the seat names and the human's seat (``me``).

    >>> Table("triomphe", 2).seat_name(1, "fr"), Table("triomphe", 2, me=0).seat_name(0, "en")
    ('Joueur 2', 'Player 1 (you)')
    """

    game: str
    players: int
    names: tuple[str, ...] | None = None
    me: int | None = None
    italian: bool = False

    def seat_name(self, seat: int | None, lang: str = "fr") -> str:
        """A seat's name: ``Joueur 3`` by default, ``Joueur 1 (vous)`` for the human (``me``)."""
        if seat is None:
            return "—"
        if self.names is not None and 0 <= seat < len(self.names):
            return self.names[seat]
        base = catalogs.text("common", "people", "seat", lang).format(n=seat + 1)
        if seat == self.me:  # third person, so that any sentence stays grammatical ("<kind>/you" says "vous")
            return catalogs.text("common", "people", "seat/you", lang).format(name=base)
        return base


class _ByLang(Mapping[str, dict[str, str]]):
    """A section of the game's catalog merged over the common one, by language (read on first use)."""

    def __init__(self, game: str, ctx: str) -> None:
        self.game, self.ctx = game, ctx

    def __getitem__(self, lang: str) -> dict[str, str]:
        if lang not in LANGS:
            raise KeyError(lang)
        return _merged(self.game, self.ctx, lang)

    def __iter__(self) -> Iterator[str]:
        return iter(LANGS)

    def __len__(self) -> int:
        return len(LANGS)


@lru_cache(maxsize=512)
def _merged(game: str, ctx: str, lang: str) -> dict[str, str]:
    common_part = catalogs.entries("common", ctx, lang)
    return {**common_part, **catalogs.entries(game, ctx, lang)} if game != "common" else dict(common_part)


catalogs.on_reset(_merged.cache_clear)


class Phrases:
    """A game's phrase book: its catalog (domain ``<game>``) merged over the common one, and its module's functions."""

    def __init__(self, game: str, module: ModuleType | None) -> None:
        self.game = game
        self.module = module
        self.events: Mapping[str, dict[str, str]] = _ByLang(game, "events")
        self.errors: Mapping[str, dict[str, str]] = _ByLang(game, "errors")
        self.words: Mapping[str, dict[str, str]] = _ByLang(game, "words")
        self.verbs: Mapping[str, dict[str, str]] = _ByLang(game, "verbs")
        self.sayers: dict[str, Callable[[Event, str, Table], str | None]] = dict(getattr(module, "SAYERS", {}))
        self._breakdown: Callable[[Event, str, Table], list[str]] | None = getattr(module, "breakdown", None)

    def word(self, word: str, lang: str) -> str:
        """A game word in ``lang`` (the word itself when the book has none)."""
        return self.words[lang].get(word, word.replace("_", " "))

    def choice_word(self, word: str, lang: str) -> str:
        """A game word as a choice names it: glossed where the narration is not ("Petite (small)" on the button,
        "Petite" in every line of the journal, where the gloss repeated itself: a newcomer's report)."""
        return self.words[lang].get(f"{word}/choice") or self.word(word, lang)

    def section(self, ctx: str, lang: str) -> dict[str, str]:
        """Every message of a section (``labels``, ``hints``, ``says``…) in ``lang``, the game's over the common ones."""
        return _merged(self.game, ctx, lang)

    def t(self, ctx: str, key: str, lang: str, n: float | None = None) -> str:
        """One message's template: the form for ``n`` when it is a plural entry (KeyError when no catalog has it)."""
        return catalogs.text(self.game, ctx, key, lang, n)

    def say(self, ctx: str, key: str, lang: str, count: float | None = None, /, **fields: Any) -> str:
        """One message filled with ``fields`` as they are; ``count`` picks a plural entry's form.

        Numbers among ``fields`` are written in the language's style (``2,5``); other values as given. Without
        ``count``, a plural entry counts the field its ``msgid_plural`` names (``1 jeton``, ``2 jetons``).
        """
        if count is None:
            domains = (self.game, "common") if self.game != "common" else ("common",)
            raw = catalogs.lookup(domains, ctx, key, lang)
            if isinstance(raw, catalogs.Plural) and isinstance(fields.get(raw.count_key), int | float | Fraction):
                count = fields[raw.count_key]
        shown = {k: number(v, lang) if isinstance(v, int | float | Fraction) and not isinstance(v, bool) else v
                 for k, v in fields.items()}
        return self.t(ctx, key, lang, count).format(**shown)


_BOOKS: dict[str, Phrases] = {}


def phrases(game: str) -> Phrases:
    """The phrase book of ``game``, importing ``atout.present.games.<game>`` on first use."""
    book = _BOOKS.get(game)
    if book is None:
        try:
            module: ModuleType | None = importlib.import_module(f"atout.present.games.{game}")
        except ModuleNotFoundError as exc:
            if exc.name != f"atout.present.games.{game}":
                raise
            module = None
        book = _BOOKS[game] = Phrases(game, module)
    return book


def _check_lang(lang: str) -> None:
    if lang not in LANGS:
        raise catalogs.lang_error(lang)


def number(x: Any, lang: str = "fr") -> str:
    """A score as players write it, by Babel's rules for ``lang``: ``2,5`` in French, ``2.5`` in English, a
    negative with the true minus sign (U+2212, the catalog's ``typography/minus``).

    >>> number(Fraction(5, 2), "fr"), number(-13, "en"), number(1250, "fr")
    ('2,5', '\u221213', '1250')
    """
    if isinstance(x, Fraction):
        x = int(x) if x.denominator == 1 else float(x)
    if isinstance(x, float) and x.is_integer():
        x = int(x)
    if not isinstance(x, int | float):
        return str(x)
    text = format_decimal(x, locale=catalogs.number_locale(lang), group_separator=False)
    return catalogs.minus_sign(lang) + text[1:] if text.startswith("-") else text


def signed(x: Any, lang: str = "fr") -> str:
    """A gain or a loss as a score sheet writes it: ``+3``, ``\u22122``, ``0`` (the true minus, see :func:`number`).

    >>> signed(3, "fr"), signed(-2.5, "fr"), signed(0, "en")
    ('+3', '\u22122,5', '0')
    """
    text = number(x, lang)
    return "+" + text if isinstance(x, int | float | Fraction) and x > 0 else text


def by_name(entries: Iterable[tuple[str, str]], lang: str) -> str:
    """Values after their names and a colon, ``·`` between entries: a bare "Joueur 1 98" read as one name.

    >>> by_name([("Joueur 1", "98"), ("Joueur 2 (vous)", "100")], "fr")
    'Joueur 1\u00a0: 98 · Joueur 2 (vous)\u00a0: 100'
    """
    colon = catalogs.text("common", "punct", "colon", lang)
    return " · ".join(f"{name}{colon}{value}" for name, value in entries)


def the_card(code: str, lang: str, italian: bool = False) -> str:
    """A card with its article, for sentences: ``le Roi de cœur``, ``le 21 d'atout``, ``l'Excuse``."""
    c = Card.parse(code)
    if c.trump_number == 1:  # le Petit, one of the three bouts
        return catalogs.text("common", "cards", "the_petit", lang)
    name = card_name(code, lang, italian)
    if c.is_excuse:
        key = "the/excuse"
    elif c.trump_number is not None:
        key = "the/trump"
    else:
        assert c.rank is not None
        key = f"the/{c.rank.code}"
    # {n}: the trump's number, for a language whose article goes before it ("le 8 d'atout"; English says
    # "trump 8", as "the Petit (trump 1)")
    return catalogs.text("common", "cards", key, lang).format(name=name, n=c.trump_number)


def trumps_apart(codes: Sequence[str]) -> tuple[list[str], list[str], list[str]] | None:
    """A list of cards as :func:`short_list` says it: (the suits' cards, the trumps, the Excuse), in their order;
    None when the trumps need no name of their own (no trump, or nothing but trumps: a poignée)."""
    cards = [Card.parse(c) for c in codes]
    trumps = [c.code for c in cards if c.trump_number is not None]
    others = [c.code for c in cards if c.trump_number is None and not c.is_excuse]
    if not trumps or not others:
        return None
    return others, trumps, [c.code for c in cards if c.is_excuse]


def short_list(codes: list[str], lang: str, game: str | None = None) -> str:
    """A long list of cards in the screen's short forms (the table's own Ace: ``1♠`` at Tarot), its trumps
    named as such after the suits: ``10♠ 2♥ 6♦, atouts 5 18 21, Exc``; a bare ``5`` beside ``1♠`` read as
    a lost suit (a newcomer's report)."""
    from atout.present.screen import short_in  # (screen reads this module's phrases)

    def shorts(cs: Sequence[str]) -> str:
        return " ".join(short_in(c, lang, game) for c in cs)

    apart = trumps_apart(codes)
    if apart is None:
        return shorts(codes)
    others, trumps, excuse = apart
    parts = [shorts(others), catalogs.text("common", "cards", "trumps_in_list", lang, len(trumps)).format(cards=shorts(trumps))]
    if excuse:
        parts.append(shorts(excuse))
    return catalogs.text("common", "punct", "comma", lang).join(parts)


class _Fields(Mapping[str, str]):
    """An event's data shown by key name (see the package docstring), for ``str.format_map``."""

    def __init__(self, data: Mapping[str, Any], lang: str, table: Table, book: Phrases) -> None:
        self.data, self.lang, self.table, self.book = data, lang, table, book

    def __getitem__(self, key: str) -> str:
        if key == "the_cards" and isinstance(self.data.get("cards"), list):  # each with its article: "le 2 de cœur"
            own = getattr(self.book.module, "CARD_NAME", None)
            name = own if callable(own) else lambda c, lang: the_card(c, lang, self.table.italian)
            return join_words([name(c, self.lang) for c in self.data["cards"]], self.lang)
        if key not in self.data:  # a phrase asking for data the event lacks: a dash, never a crash at the table
            return "—"
        value = self.data[key]
        lang, italian = self.lang, self.table.italian
        if value is None:
            return "—"
        if key in SEAT_KEYS and isinstance(value, int):
            return self.table.seat_name(value, lang)
        if key == "seats" and isinstance(value, list):
            return join_words([self.table.seat_name(s, lang) for s in value], lang)
        own = getattr(self.book.module, "CARD_NAME", None)  # a pack of its own (1637: "le Faon de deniers")
        if (key in ("card", "called", "turnup") or key.endswith("_card")) and isinstance(value, str):
            return own(value, lang) if callable(own) else the_card(value, lang, italian)
        if (key in ("cards", "allowed") or key.endswith("_cards")) and isinstance(value, list):
            if callable(own):
                return join_words([own(c, lang) for c in value], lang)
            if len(value) > 4:  # a long list reads better in the short forms of the screen
                return short_list(value, lang, self.book.game)
            return card_names(value, lang, italian)
        if isinstance(value, bool):
            return self.book.word("yes" if value else "no", lang)
        if isinstance(value, int | float | Fraction):
            return number(value, lang)
        if isinstance(value, str):
            return self.book.word(value, lang)
        if key in OR_KEYS and isinstance(value, list):  # alternatives: "8, 10 ou 13 atouts"
            words = [number(v, lang) if isinstance(v, int | float) else str(v) for v in value]
            return join_words(words, lang, "or")
        if isinstance(value, list):
            return join_words([number(v, lang) if isinstance(v, int | float) else self.book.word(str(v), lang)
                               for v in value], lang)
        return str(value)

    def __iter__(self) -> Any:
        return iter(self.data)

    def __len__(self) -> int:
        return len(self.data)


def fill(template: str, data: Mapping[str, Any], lang: str, table: Table, book: Phrases | None = None) -> str:
    """Fill a phrase template with event data shown by key name."""
    book = book or phrases(table.game)
    if isinstance(template, catalogs.Plural):  # the form for the number its msgid_plural names
        count = data.get(template.count_key)
        template = template.form(float(count) if isinstance(count, int | float | Fraction) else len(count or ()))
    return Formatter().vformat(template, (), _Fields(data, lang, table, book))


def say(event: Event, lang: str = "fr", table: Table | None = None) -> str | None:
    """The sentence for one event in ``lang``, or None when the event is not worth saying.

    Unknown kinds raise ``KeyError`` naming the game and kind: the shared test makes every game
    cover every kind it emits.
    """
    _check_lang(lang)
    if table is None:
        raise ValueError("say() needs a Table (the game and the seat names)")
    book = phrases(table.game)
    sayer = book.sayers.get(event.kind)
    if sayer is not None:
        return sayer(event, lang, table)
    templates = book.events[lang]
    template = None
    if event.seat is not None and event.seat == table.me:
        template = templates.get(event.kind + "/you")
    if template is None:
        if event.kind not in templates:
            raise KeyError(f"{table.game}: no {lang} phrase for event {event.kind!r}")
        template = templates[event.kind]
    if not template or template == SILENT:
        return None
    data = {"seat": event.seat, **event.data}
    text = fill(template, data, lang, table, book)
    return text[:1].upper() + text[1:]


def say_error(exc: IllegalAction | NotationError, lang: str = "fr", game: str = "", table: Table | None = None,
              cite: bool = True) -> str:
    """A refusal in ``lang``, from the error's code and params, with the seed citation kept (``cite=False``: left
    out, for a page that shows it apart, behind a "pourquoi ?" detail).

    >>> say_error(IllegalAction("play 7H: must follow suit", code="must_follow",
    ...                         params={"suit": "S", "cards": ["KS", "7S"], "cite": "seed 002, §5"}), "fr", "triomphe")
    'Il faut fournir à la couleur demandée (pique)\\u202f; jouables\\xa0: Roi de pique et 7 de pique. [texte 002, §5]'
    """
    _check_lang(lang)
    table = table or Table(game, 0)
    book = phrases(game or table.game)
    code = getattr(exc, "code", "notation")
    params: dict[str, Any] = dict(getattr(exc, "params", {}))
    template = book.errors[lang].get(code)
    if template is None:  # no phrase yet: the engine's English message is better than nothing
        return book.say("errors", "untranslated", lang, message=str(exc))
    source = params.pop("cite", None)
    text = fill(template, params, lang, table, book)
    text = text[:1].upper() + text[1:]
    if not text.endswith((".", "!", "?", "»")):
        text += "."
    return f"{text} [{cite_in(str(source), lang)}]" if source and cite else text


_FFT_RULES = re.compile(r"FFT rules? (\d+(?:, \d+)*)")
_SEED = re.compile(r"\bseed (\d{3})\b")  # the engine names its five source texts "seed 000" … "seed 004"
_SPEC = re.compile(r"\b(?:spec )?[\w-]+\.md\b")  # a rules file of the project: "mistigri.md §5" is the spec's §5
_QUOTE = re.compile(r"'(.+?)'(?=$|[,;)]|\s*\(|\s+§)")  # a quotation of a source, up to its closing quote


def cite_in(cite: str, lang: str) -> str:
    """A citation in the table's language: ``FFT rule 10`` reads ``règle FFT 10`` at a French table, ``seed 004:
    'quote'`` reads ``texte 004 : « quote »`` (the catalog's ``cite`` section; issue 17).

    >>> cite_in("seed 004: 'le plus fort pari'", "fr") == "texte 004\u00a0: «\u00a0le plus fort pari\u00a0»"
    True
    >>> cite_in("seed 003, mistigri.md §5", "en")
    'text 003, spec §5'
    """
    def one(m: re.Match[str]) -> str:
        numbers = m.group(1)
        return catalogs.text("common", "cite", "fft_rule", lang, numbers.count(",") + 1).format(n=numbers)

    cite = _FFT_RULES.sub(one, cite)
    colon = catalogs.text("common", "punct", "colon", lang)  # "texte 004 : « … »" in French
    cite = _SEED.sub(lambda m: catalogs.text("common", "cite", "source", lang).format(n=m.group(1)), cite)
    cite = re.sub(r"(?<=\d): ", colon, cite).replace("; ", catalogs.text("common", "lists", "semicolon", lang))
    cite = _SPEC.sub("spec", cite)
    for key, word in catalogs.entries("common", "cite", lang).items():  # the citation's other words ("manuscript")
        if key.startswith("term/"):
            cite = re.sub(rf"\b{re.escape(key[5:])}(?!\w)", word, cite)
    quote = catalogs.text("common", "cite", "quote", lang)
    cite = _QUOTE.sub(lambda m: quote.format(q=m.group(1)), cite)
    return catalogs.typeset(cite, lang)


def breakdown(event: Event, lang: str = "fr", table: Table | None = None) -> list[str]:
    """The score breakdown of a ``deal_scored`` event, one line per step, as a player checks it."""
    _check_lang(lang)
    if table is None:
        raise ValueError("breakdown() needs a Table (the game and the seat names)")
    book = phrases(table.game)
    if book._breakdown is not None:
        return book._breakdown(event, lang, table)
    return common.default_breakdown(event, lang, table)


__all__ = [
    "LANGS",
    "Phrases",
    "Table",
    "breakdown",
    "card_name",
    "card_names",
    "fill",
    "fold",
    "number",
    "parse_card",
    "phrases",
    "say",
    "say_error",
    "short",
    "the_card",
]
