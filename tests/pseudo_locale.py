"""A pseudo-locale built from the English catalogs: every message ``[wrapped and åççéñţéð]``, placeholders kept.

Registered as the language ``xx`` with :func:`atout.present.catalogs.add_locale_dir` (a directory of catalogs,
no code), it shows which words reach a player without passing through a catalog: :func:`bypasses` finds any
letter left once every ``[…]`` is taken out.
"""

from __future__ import annotations

import re
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po

from atout.present import catalogs

LANG = "xx"
_ACCENTS = str.maketrans("abcdeghijklnorstuwyzABCDEGHIJKLNORSTUWYZ", "åƀçðéĝĥîĵķļñöŕšţûŵýžÅƁÇÐÉĜĤÎĴĶĻÑÖŔŠŢÛŴÝŽ")
_FIELD = re.compile(r"(\{[^{}]*\})")
#: Sections whose texts are not shown but read: typed words -> actions, the answers to "quit?".
KEEP = frozenset({"verbs"})


def accent(text: str) -> str:
    """``Player {n}`` -> ``[Þļåýéŕ {n}]``: letters accented outside the ``{placeholders}``, the whole wrapped."""
    if text == "-" or not re.search(r"[^\W\d_]", _FIELD.sub("", text)):
        return text  # a silent event, or punctuation only (", ")
    parts = _FIELD.split(text)
    return "[" + "".join(p if _FIELD.fullmatch(p) else p.translate(_ACCENTS) for p in parts) + "]"


def build(root: Path) -> Path:
    """Write the ``xx`` catalogs under ``root`` from the package's English ones; returns ``root``."""
    source = catalogs.LOCALE_DIRS[0] / "en" / "LC_MESSAGES"
    out = root / LANG / "LC_MESSAGES"
    out.mkdir(parents=True, exist_ok=True)
    for po in sorted(source.glob("*.po")):
        with po.open("rb") as f:
            en = read_po(f)
        xx = Catalog(locale=None, domain=po.stem, charset="utf-8")
        xx._num_plurals, xx._plural_expr = en.num_plurals, en.plural_expr  # English's plural rule
        for m in en:
            if not m.id:
                continue
            if m.context in KEEP or (m.context == "play_labels" and m.id == "yes"):
                string = m.string
            elif isinstance(m.string, tuple | list):
                string = tuple(accent(s) for s in m.string)
            else:
                string = accent(m.string)
            xx.add(m.id, string=string, context=m.context)
        with (out / po.name).open("wb") as f:
            write_po(f, xx, width=0)
    return root


_WRAPPED = re.compile(r"\[[^\[\]]*\]")
_LETTER = re.compile(r"[^\W\d_]")


def bypasses(text: str, allowed: frozenset[str] = frozenset()) -> str | None:
    """What of ``text`` is left once the catalogs' ``[…]`` are taken out, when it holds a letter; else None.

    >>> bypasses("[Ĵöüéûŕ 2] [ĵöûé] 10♥."), bypasses("Player 2 [ĵöûé]")
    (None, 'Player 2')
    """
    rest = text
    while True:
        shorter = _WRAPPED.sub(" ", rest)
        if shorter == rest:
            break
        rest = shorter
    for word in allowed:
        rest = rest.replace(word, " ")
    return rest.strip() if _LETTER.search(rest) else None
