"""The command line's own refusals, said in the command's language (catalog ``common``, section ``cli``).

A French table shows no English word, its refusals included: ``atout play`` (and ``replay``'s narration and
analysis) speak French unless told otherwise, so their bad arguments are refused in French, as is any command's
when ``--lang`` is given (read as argparse reads it: the last one, ``--lan`` too). Without ``--lang``, the other
commands keep their plain English errors (scripts read them).

Three kinds of refusal are said here:

* argparse's own (``invalid choice``, ``unrecognized arguments``…): argparse looks its messages up with
  gettext's ``_`` and ``ngettext`` at the moment it refuses (Python's "How to translate the argparse output"),
  so :func:`argparse_in` lends it the catalog's words for the parse, and gives argparse back its own after;
* the command line's checks, raised as :class:`CliRefusal` (a code and its params, English for the API);
* a table that cannot be set up (an unknown game, variant, option, a table size): said from data by
  :func:`atout.web.refusals.setup_refusal`, as the browser's lobby says it.

>>> say("flag_range", "fr", flag="--deals", low=1, high=10000, value=20000)
'--deals va de 1 à 10000, pas 20000'
>>> with argparse_in("fr"):
...     (argparse._("unrecognized arguments: %s") % "--x").startswith("arguments inconnus")
True
>>> argparse._("unrecognized arguments: %s") % "--x"
'unrecognized arguments: --x'
"""

from __future__ import annotations

import argparse
import contextvars
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import NoReturn

from atout.core.errors import AtoutError
from atout.present import LANGS, catalogs

#: argparse's messages (Python 3.11 to 3.13) and their keys in the catalog; any other is left in English.
ARGPARSE = {
    "argument %(argument_name)s: %(message)s": "arg",
    "invalid %(type)s value: %(value)r": "invalid_value",
    "invalid choice: %(value)r (choose from %(choices)s)": "invalid_choice",
    "unrecognized arguments: %s": "unrecognized",
    "the following arguments are required: %s": "required",
    "one of the arguments %s is required": "one_required",
    "expected one argument": "expected_one",
    "expected at most one argument": "expected_at_most_one",
    "expected at least one argument": "expected_at_least_one",
    "ambiguous option: %(option)s could match %(matches)s": "ambiguous",
    "not allowed with argument %s": "not_allowed_with",
    "ignored explicit argument %r": "ignored_explicit",
    "unexpected option string: %s": "unexpected_option",
}

#: argparse's words of a ``--help``, lent only where the help itself is in the language (``play``: play_help).
ARGPARSE_HELP = {
    "usage: ": "usage",
    "positional arguments": "positionals",
    "options": "options",
    "show this help message and exit": "help",
}

#: The language refusals are said in while a command line is read and run (None: the plain English).
CURRENT: contextvars.ContextVar[str | None] = contextvars.ContextVar("atout_cli_lang", default=None)


class CliRefusal(AtoutError, ValueError):
    """A value the command line refuses: the English message for logs and scripts, ``code`` and ``params``
    to say it in the command's language (keys of the catalog section ``cli``)."""

    def __init__(self, message: str, code: str, /, **params: object) -> None:
        super().__init__(message)
        self.code = code
        self.params = params


def say(key: str, lang: str | None, /, **params: object) -> str:
    """The message ``key`` of the section ``cli`` in ``lang`` (None: English), filled with ``params``; a value
    quoted as Python quotes it (``'x'``) is quoted as the language quotes (« x »)."""
    if lang and lang != "en":
        quote = catalogs.text("common", "cite", "quote", lang)
        params = {k: quote.format(q=v[1:-1]) if isinstance(v, str) and len(v) > 1 and v[0] == v[-1] == "'" else v
                  for k, v in params.items()}
    return catalogs.text("common", "cli", key, lang or "en").format(**params)


def refusal(code: str, /, **params: object) -> CliRefusal:
    """A :class:`CliRefusal` whose English is the catalog's own, so that the two never drift apart."""
    return CliRefusal(say(code, "en", **params), code, **params)


def refused(exc: CliRefusal, lang: str | None) -> str:
    """A refusal as the command's language says it; the system's reason for a failed file operation (its errno
    name under ``reason``) in the words a record's reader uses."""
    if not lang:
        return str(exc)
    params = dict(exc.params)
    if params.get("reason"):
        from atout.present.records import read_reason

        params["why"] = read_reason(str(params["reason"]), lang)
    return say(exc.code, lang, **params)


class _Reader(argparse.ArgumentParser):
    """A first look at the command line for its language: silent, whatever it finds wrong."""

    def error(self, message: str) -> NoReturn:
        raise ValueError(message)


#: ``replay``'s options that make it speak French by default (the narration and the analysis: docs/play.md).
REPLAY_FRENCH = ("--step", "--analyse", "--analyze", "--plot", "--tricks", "--deal")


def command_lang(command: str, argv: Sequence[str]) -> str | None:
    """The language a command's refusals are said in: its ``--lang`` when given, read as argparse reads it (the
    last one wins, ``--lan en`` and ``--lang=en`` alike), else French for ``play`` and for ``replay``'s narration
    and analysis (the table's language when none is given) and for ``packs`` without ``--json`` (its output's
    default; ``--lang it``, which has no words for the command line, refuses in French too), else None (the
    plain English)."""
    reader = _Reader(add_help=False, exit_on_error=False)
    reader.add_argument("--lang", action="append", default=[])
    reader.add_argument("--json", action="store_true")
    for flag in REPLAY_FRENCH:
        reader.add_argument(flag, nargs="?", action="append")
    try:
        found, _ = reader.parse_known_args(list(argv))
    except (argparse.ArgumentError, ValueError):  # an ambiguous or valueless flag: the real parse says why
        found = argparse.Namespace(lang=[])
    if found.lang and found.lang[-1] in LANGS:
        return str(found.lang[-1])
    if command == "play" or (command == "replay" and any(getattr(found, f[2:], None) for f in REPLAY_FRENCH)) \
            or (command == "packs" and not found.json):
        return "fr"
    return None


def _in(lang: str, singular: str, plural: str | None = None, n: int = 1, helps: bool = False) -> str:
    """argparse's message in ``lang`` (its own English when the catalog has no key for it); with ``helps``,
    the words of a ``--help`` too."""
    key = ARGPARSE.get(singular) or (ARGPARSE_HELP.get(singular) if helps else None)
    if key is None:
        return singular if plural is None or n == 1 else plural
    return catalogs.text("common", "cli", "argparse_" + key, lang)


@contextmanager
def argparse_in(lang: str | None, helps: bool = False) -> Iterator[None]:
    """Read a command line with argparse's refusals in ``lang`` and the command's checks told the language;
    argparse's own gettext functions are given back after (None: nothing lent, plain English). ``helps``: the
    headings of a ``--help`` too (a parser built, or a help printed, inside)."""
    token = CURRENT.set(lang)
    own = argparse._, argparse.ngettext  # type: ignore[attr-defined]
    if lang is not None and lang != "en":
        argparse._ = lambda message: _in(lang, message, helps=helps)  # type: ignore[attr-defined]
        argparse.ngettext = lambda singular, plural, n: _in(lang, singular, plural, n)  # type: ignore[attr-defined]
    try:
        yield
    finally:
        argparse._, argparse.ngettext = own  # type: ignore[attr-defined]
        CURRENT.reset(token)


def type_refusal(key: str, /, **params: object) -> argparse.ArgumentTypeError:
    """A value an option's type refuses (``--players x``), said in the language of the line being read."""
    return argparse.ArgumentTypeError(say(key, CURRENT.get(), **params))
