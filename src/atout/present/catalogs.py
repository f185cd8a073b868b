"""The phrase books as gettext catalogs: ``.po`` files read with Babel, one domain per game plus ``common``.

A catalog lives at ``<dir>/<lang>/LC_MESSAGES/<domain>.po``; the package's own directory is
``atout/present/locale``. Messages are keyed, not written in a source language: ``msgctxt`` names the
section (``events``, ``errors``, ``words``, ``labels``, ``verbs``, ``variants``, ``hints``, ``says``…) and
``msgid`` the stable key (an event kind, an error code, a game word), so that every language, English
included, is a translation of the same keys. A plural entry's ``msgid_plural`` names the placeholder that
counts (``count``, ``n``…); its forms follow the catalog's ``Plural-Forms`` header.

Adding a language is adding a directory of catalogs (``de/LC_MESSAGES/common.po`` and one per game): it is
found at the next start, or at once with :func:`add_locale_dir`; no code names the languages.

>>> "fr" in languages() and "en" in languages()
True
>>> text("common", "events", "match_over", "fr")
'Fin de la partie.'
>>> text("common", "units", "points", "fr", 1).format(n=1), text("common", "units", "points", "en", 3).format(n=3)
('1 point', '3 points')
"""

from __future__ import annotations

import gettext
import os
import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import overload

from babel import Locale, UnknownLocaleError
from babel.messages.pofile import read_po

#: Where the catalogs are looked for, the package's own first; more with :func:`add_locale_dir` or the
#: environment variable ``ATOUT_LOCALE_DIRS`` (paths separated by the OS path separator).
LOCALE_DIRS: list[Path] = [Path(__file__).with_name("locale")]
LOCALE_DIRS += [Path(p) for p in os.environ.get("ATOUT_LOCALE_DIRS", "").split(os.pathsep) if p]
#: The languages shown first, in this order; any other catalog found follows, sorted.
FIRST = ("fr", "en")
#: The language a missing message falls back to (a new catalog may be incomplete).
FALLBACK = "en"


class Plural(str):
    """A plural message: a string (its first form) that also knows its forms and the placeholder that counts.

    ``fill`` picks the form for the number found under ``count_key``.
    """

    forms: tuple[str, ...]
    count_key: str
    rule: Callable[[int], int]
    locale: Locale

    def __new__(cls, forms: tuple[str, ...], count_key: str, rule: Callable[[int], int], locale: Locale) -> Plural:
        self = super().__new__(cls, forms[0])
        self.forms, self.count_key, self.rule, self.locale = forms, count_key, rule, locale
        return self

    def form(self, n: float) -> str:
        """The form for ``n``; negatives count as their size.

        Gettext's rules count whole numbers only: a fraction takes the form of 1 when the language's CLDR rule
        (Babel) puts it in the category of 1 (French ``1,5 point``), else the form of 5 (English ``1.5 points``).
        """
        n = abs(n)
        if n != int(n):
            index = self.rule(1) if self.locale.plural_form(n) == self.locale.plural_form(1) else self.rule(5)
        else:
            index = self.rule(int(n))
        return self.forms[min(index, len(self.forms) - 1)]


@dataclass(frozen=True)
class Book:
    """One catalog read: ``(context, key) -> text or Plural``, its language's plural rule and number locale."""

    lang: str
    messages: Mapping[tuple[str, str], str]
    locale: Locale


def add_locale_dir(path: str | os.PathLike[str]) -> None:
    """Look for catalogs in ``path`` too (a language of one's own, the tests' pseudo-locale); clears the caches."""
    p = Path(path)
    if p not in LOCALE_DIRS:
        LOCALE_DIRS.append(p)
    reset()


def remove_locale_dir(path: str | os.PathLike[str]) -> None:
    """Stop looking in ``path`` (undoes :func:`add_locale_dir`)."""
    p = Path(path)
    if p in LOCALE_DIRS[1:]:
        LOCALE_DIRS.remove(p)
    reset()


def reset() -> None:
    """Forget the catalogs read (after adding or editing one)."""
    _book.cache_clear()
    _typography_rules.cache_clear()
    _languages.cache_clear()
    entries.cache_clear()
    for hook in _RESET_HOOKS:
        hook()


_RESET_HOOKS: list[Callable[[], None]] = []


def on_reset(hook: Callable[[], None]) -> None:
    """Call ``hook`` whenever the catalogs are read again (caches built over them)."""
    _RESET_HOOKS.append(hook)


@lru_cache(maxsize=1)
def _languages() -> tuple[str, ...]:
    found: set[str] = set()
    for d in LOCALE_DIRS:
        if d.is_dir():
            found |= {x.name for x in d.iterdir() if (x / "LC_MESSAGES" / "common.po").is_file()}
    return tuple([x for x in FIRST if x in found] + sorted(found - set(FIRST)))


def languages() -> tuple[str, ...]:
    """The languages that have a ``common`` catalog, French and English first."""
    return _languages()


class Languages(Sequence[str]):
    """``LANGS``: a live view of :func:`languages` (a catalog added later is a language at once)."""

    def __contains__(self, lang: object) -> bool:
        return lang in languages()

    def __iter__(self) -> Iterator[str]:
        return iter(languages())

    def __len__(self) -> int:
        return len(languages())

    @overload
    def __getitem__(self, i: int) -> str: ...
    @overload
    def __getitem__(self, i: slice) -> Sequence[str]: ...
    def __getitem__(self, i: int | slice) -> str | Sequence[str]:
        return languages()[i]

    def __repr__(self) -> str:
        return repr(languages())


def _path(lang: str, domain: str) -> Path | None:
    for d in reversed(LOCALE_DIRS):  # a directory added later overrides the package's own
        p = d / lang / "LC_MESSAGES" / f"{domain}.po"
        if p.is_file():
            return p
    return None


def _babel_locale(lang: str) -> Locale:
    """Babel's locale for numbers; a language Babel does not know (a pseudo-locale) counts as English."""
    try:
        return Locale.parse(lang.replace("-", "_"))
    except (UnknownLocaleError, ValueError):
        return Locale("en")


NBSP, NNBSP = "\u00a0", "\u202f"  # no-break space; narrow no-break space


@lru_cache(maxsize=64)
def _typography_rules(lang: str) -> dict[str, str]:
    """The common catalog's ``typography`` section in ``lang`` (empty without a catalog)."""
    path = _path(lang, "common")
    if path is None:
        return {}
    with path.open("rb") as f:
        catalog = read_po(f, locale=None, domain="common")
    return {str(m.id): str(m.string) for m in catalog if m.context == "typography" and m.id and m.string}


def _typography(lang: str) -> tuple[str, str, str]:
    """The language's spacing rules, from its common catalog's ``typography`` section (French: a no-break space
    before ``:`` and inside « », a narrow one before ``; ! ?``; English: none).

    Returns (marks after a no-break space, marks after a narrow one, quotes whose inside gets a no-break space).
    """
    rules = _typography_rules(lang)
    return rules.get("nbsp_before", ""), rules.get("narrow_nbsp_before", ""), rules.get("nbsp_inside", "")


def minus_sign(lang: str) -> str:
    """The sign a displayed negative number takes (the ``typography/minus`` entry: U+2212 in French and English;
    a hyphen-minus where a catalog names none). Records and JSON keep the ASCII ``-``.

    >>> minus_sign("fr") == minus_sign("en") == "\u2212"
    True
    """
    return _typography_rules(lang).get("minus", "-")


def typeset(text: str, lang: str) -> str:
    """``text`` spaced by ``lang``'s typography: ``Donne 1 : …`` gets a no-break space before the colon in French.

    >>> typeset("Vous jouez ? Oui : « R♥ » ; fin !", "fr") == "Vous jouez\u202f? Oui\u00a0: «\u00a0R♥\u00a0» ;".replace(
    ...     " ;", "\u202f;") + " fin\u202f!"
    True
    >>> typeset("Score: 3; done!", "en")
    'Score: 3; done!'
    """
    wide, narrow, quotes = _typography(lang)
    for marks, space in ((wide, NBSP), (narrow, NNBSP)):
        if marks:
            text = re.sub(f" (?=[{re.escape(marks)}])", space, text)
    if len(quotes) == 2:
        text = text.replace(quotes[0] + " ", quotes[0] + NBSP).replace(" " + quotes[1], NBSP + quotes[1])
    return text


@lru_cache(maxsize=256)
def _book(domain: str, lang: str) -> Book:
    path = _path(lang, domain)
    messages: dict[tuple[str, str], str] = {}
    if path is None:
        return Book(lang, messages, _babel_locale(lang))
    with path.open("rb") as f:
        catalog = read_po(f, locale=None, domain=domain, abort_invalid=True)
    rule = gettext.c2py(catalog.plural_expr)
    locale = _babel_locale(lang)
    for m in catalog:
        if not m.id or m.fuzzy:
            continue
        ctx = m.context or ""
        if isinstance(m.id, tuple | list):
            forms = tuple(typeset(str(x or ""), lang) for x in m.string) if isinstance(m.string, tuple | list) \
                else (typeset(str(m.string), lang),)
            if all(forms):
                messages[ctx, str(m.id[0])] = Plural(forms, str(m.id[1]), rule, locale)
        elif m.string:
            messages[ctx, str(m.id)] = typeset(str(m.string), lang) if ctx != "typography" else str(m.string)
    return Book(lang, messages, locale)


def book(domain: str, lang: str) -> Book:
    """The catalog ``domain`` in ``lang`` (empty when there is none)."""
    return _book(domain, lang)


def lookup(domains: tuple[str, ...], ctx: str, key: str, lang: str) -> str | None:
    """The first text for ``(ctx, key)`` among ``domains`` in ``lang``, then in the fallback language; or None."""
    for language in (lang, FALLBACK) if lang != FALLBACK else (lang,):
        for domain in domains:
            found = _book(domain, language).messages.get((ctx, key))
            if found is not None:
                return found
    return None


def text(domain: str, ctx: str, key: str, lang: str, n: float | None = None) -> str:
    """One message of ``domain`` (then ``common``): the form for ``n`` when it is a plural entry.

    Raises ``KeyError`` naming the message when no catalog has it (a bypass is a bug, not a blank).
    """
    domains = (domain, "common") if domain != "common" else ("common",)
    found = lookup(domains, ctx, key, lang)
    if found is None:
        raise KeyError(f"no message {ctx}/{key} in {domain} ({lang})")
    if isinstance(found, Plural):
        return found.form(1 if n is None else n)
    return found


@lru_cache(maxsize=1024)
def entries(domain: str, ctx: str, lang: str) -> dict[str, str]:
    """Every message of a section in ``lang``, English filling the gaps of an incomplete catalog (do not mutate)."""
    out: dict[str, str] = {}
    for language in (FALLBACK, lang) if lang != FALLBACK else (lang,):
        if language == FALLBACK and lang != FALLBACK and ctx == "verbs":  # typed words are the language's own
            continue
        out.update({k: v for (c, k), v in _book(domain, language).messages.items() if c == ctx})
    return out


class Section(Mapping[str, dict[str, str]]):
    """A section of a catalog seen as the old phrase-book dict: ``lang -> {key: text}`` (read on first use).

    >>> Section("common", "words")["fr"]["yes"]
    'oui'
    """

    def __init__(self, domain: str, ctx: str) -> None:
        self.domain, self.ctx = domain, ctx

    def __getitem__(self, lang: str) -> dict[str, str]:
        if lang not in languages():
            raise KeyError(lang)
        return entries(self.domain, self.ctx, lang)

    def __iter__(self) -> Iterator[str]:
        return iter(languages())

    def __len__(self) -> int:
        return len(languages())


class PairSection(Mapping[str, dict[str, tuple[str, str]]]):
    """Variants as ``lang -> {variant: (title, one line)}``, from the keys ``<variant>/title`` and ``<variant>/about``."""

    def __init__(self, domain: str, ctx: str = "variants") -> None:
        self.domain, self.ctx = domain, ctx

    def __getitem__(self, lang: str) -> dict[str, tuple[str, str]]:
        if lang not in languages():
            raise KeyError(lang)
        flat = entries(self.domain, self.ctx, lang)
        names = [k[: -len("/title")] for k in flat if k.endswith("/title")]
        return {v: (flat[v + "/title"], flat.get(v + "/about", "")) for v in names}

    def __iter__(self) -> Iterator[str]:
        return iter(languages())

    def __len__(self) -> int:
        return len(languages())


def number_locale(lang: str) -> Locale:
    """The Babel locale whose rules write numbers in ``lang``."""
    return _book("common", lang).locale


def lang_error(lang: object) -> ValueError:
    """The refusal of a language that has no catalog: ``lang must be 'fr' or 'en', not 'de'``."""
    known = [repr(x) for x in languages()]
    names = ", ".join(known[:-1]) + " or " + known[-1] if len(known) > 1 else "".join(known)
    return ValueError(f"lang must be {names}, not {lang!r}")
