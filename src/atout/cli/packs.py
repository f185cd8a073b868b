"""``atout packs``: list the packs, show one in its order with its names, render its SVG faces.

``atout packs`` lists them; ``atout packs show NAME [--order A|A-florence|B|C|savoy] [--play ORDER]
[--lang fr|it|en]`` prints a pack high to low; ``atout packs orders`` lists Dummett's trump orders
(seed 000, decks.md §6); ``atout packs render NAME --out DIR`` writes one SVG per card and a back.
"""

from __future__ import annotations

import argparse
import errno
import json
from typing import Any

from atout.cli.said import refusal
from atout.core.errors import clip
from atout.core.history import ORDERS, TRUMP_NAMES, TrumpOrder, find_order
from atout.core.packs import PACKS, Pack, find_pack

#: The words of this command (descriptions, headings, the list's columns) are in the gettext catalogs, domain
#: ``packs`` (``atout/present/locale/<lang>/LC_MESSAGES/packs.po``, French, English and Italian), like the tables'.
DOMAIN = "packs"


def _t(ctx: str, key: str, lang: str) -> str:
    """One word of the ``packs`` catalog in ``lang`` (English where that language has none)."""
    from atout.present.catalogs import lookup

    found = lookup((DOMAIN,), ctx, key, lang)
    if found is None:
        raise KeyError(f"no message {ctx}/{key} in {DOMAIN} ({lang})")
    return str(found)


def _words(ctx: str, lang: str) -> dict[str, str]:
    """A section of the ``packs`` catalog as a dict (``show``, ``list``), with its punctuation (``col``, ``sep``)."""
    keys = {"show": ("cards", "order", "sources", "high_to_low", "excuse", "play", "no_play"),
            "list": ("cards", "orders", "used_by", "usage")}[ctx]
    out = {k: _t(ctx, k, lang) for k in keys}
    out["col"], out["sep"] = _t("punct", "colon", lang), _t("punct", "semicolon", lang)
    return out


def _say(text: str, lang: str) -> str:
    """A pack's English description in ``lang`` when the catalog has it (the names stay the pack's own)."""
    from atout.present.catalogs import lookup

    return str(lookup((DOMAIN,), "about", text, lang) or text)


def _trumps_word(word: str, lang: str) -> str:
    """The plural of a pack's word for its trumps, from the catalog (``trump_plural``), else the word + s."""
    from atout.present.catalogs import lookup

    return str(lookup((DOMAIN,), "trump_plural", word, lang) or word + "s")


def _print(text: str, indent: str = "    ") -> None:
    """A line wrapped at the terminal's width between words, never inside one (issue 7)."""
    import shutil
    import sys
    import textwrap

    if not sys.stdout.isatty():  # piped or captured: one line per item, for grep and scripts
        print(text)
        return
    width = max(40, shutil.get_terminal_size((100, 24)).columns)
    print(textwrap.fill(text, width=width, subsequent_indent=indent, break_long_words=False, break_on_hyphens=False))


def add_parser(sub: Any) -> None:
    """Add the ``packs`` command and its sub-commands to the ``atout`` parser."""
    p = sub.add_parser("packs", help="list the packs, show one in its order, render SVG card faces")
    p.add_argument("--json", action="store_true", help="print JSON instead of a table")
    p.add_argument("--lang", choices=("fr", "it", "en"), default=None, dest="list_lang",
                   help="language of the output, before or after the sub-command (default fr)")
    psub = p.add_subparsers(dest="packs_command", metavar="SUBCOMMAND")
    q = psub.add_parser("list", help="list the packs (the same as 'atout packs')")
    q.add_argument("--lang", choices=("fr", "it", "en"), default=argparse.SUPPRESS, dest="sub_lang",
                   help="language of the list (default fr)")
    q.add_argument("--json", action="store_true", default=argparse.SUPPRESS, help="print JSON instead of a table")
    q = psub.add_parser("show", help="print a pack high to low with its names")
    q.add_argument("name", help="pack name (see 'atout packs')")
    q.add_argument("--order", help="historical trump order: A (Bologna), A-florence, B (Ferrara), C (Marseille), savoy")
    q.add_argument("--play", help="order of play of the suits (see 'atout packs'); default the pack's first")
    q.add_argument("--lang", choices=("fr", "it", "en"), default=argparse.SUPPRESS, dest="sub_lang",
                   help="language of the names (default fr)")
    q.add_argument("--json", action="store_true", default=argparse.SUPPRESS, help="print JSON instead of text")
    q = psub.add_parser("orders", help="list Dummett's trump orders A, B, C and the Savoy hybrid with sources")
    q.add_argument("--lang", choices=("fr", "it", "en"), default=argparse.SUPPRESS, dest="sub_lang",
                   help="language of the notes (default fr; it shows the English notes, the names stay Italian)")
    q.add_argument("--json", action="store_true", default=argparse.SUPPRESS, help="print JSON instead of text")
    q = psub.add_parser("render", help="write an SVG face for every card of a pack, and a back")
    q.add_argument("name", help="pack name (see 'atout packs')")
    q.add_argument("--out", required=True, metavar="DIR", help="directory to write CODE.svg files into")
    q.add_argument("--lang", choices=("fr", "it", "en"), default=argparse.SUPPRESS, dest="sub_lang",
                   help="language of the names (default fr)")


def run(args: argparse.Namespace) -> int:
    """Run ``atout packs …``; bad names raise ValueError, which the caller turns into exit 2."""
    command = getattr(args, "packs_command", None)
    # 'atout packs --lang en show X' and 'atout packs show X --lang en' alike (the sub-command's wins)
    args.lang = getattr(args, "sub_lang", None) or getattr(args, "list_lang", None) or "fr"
    if command == "show":
        return _show(_pack(args.name), args.order, args.play, args.lang, args.json)
    if command == "orders":
        return _orders(args.json, args.lang)
    if command == "render":
        from atout.faces import render

        pack = _pack(args.name)
        try:
            paths = render(pack, args.out, args.lang)
        except OSError as exc:
            raise refusal("faces_write", out=clip(args.out), why=exc.strerror or str(exc),
                          reason=errno.errorcode.get(exc.errno or 0, "")) from None
        print(f"{args.name}: {len(paths)} SVG files written to {args.out}")
        return 0
    return _list(args.json, args.lang)


def _pack(name: str) -> Pack:
    """A pack by name, or the refusal that lists the packs (said in the command's language)."""
    try:
        return find_pack(name)
    except ValueError:
        raise refusal("unknown_pack", name=clip(name), known=", ".join(PACKS)) from None


def _list(as_json: bool, lang: str = "fr") -> int:
    """``atout packs [list]``: one line per pack in ``lang`` (suits by their names in it); --json is language-free.

    >>> _list(False, "en")  # doctest: +ELLIPSIS
    piquet32         32 cards  spades/hearts/diamonds/clubs; orders: triomphe, as-qui-pille, mistigri; used by ...
    ...
    """
    rows: list[dict[str, Any]] = [
        {
            "pack": p.name,
            "cards": len(p),
            "suits": list(p.style.suits["en"]),
            "trumps": p.has_trumps,
            "orders": [o.key for o in p.orders],
            "values": [v.key for v in p.values],
            "used_by": list(p.used_by),
            "about": p.description,
            "cite": p.cite,
        }
        for p in PACKS.values()
    ]
    if as_json:
        print(json.dumps(rows, ensure_ascii=False))
        return 0
    w = _words("list", lang)
    width = max(len(r["pack"]) for r in rows)
    for p, r in zip(PACKS.values(), rows, strict=True):
        orders = ", ".join(r["orders"]) or "-"
        _print(f"{r['pack']:<{width}}  {r['cards']:>2} {w['cards']}  {'/'.join(p.style.suits[lang])}{w['sep']}"
               f"{w['orders']}{w['col']} {orders}{w['sep']}{w['used_by']} {', '.join(r['used_by'])}. "
               f"{_say(r['about'], lang)}", " " * (width + 2))
    print("\n" + w["usage"])
    return 0


def _show(pack: Pack, order_key: str | None, play: str | None, lang: str, as_json: bool) -> int:
    order: TrumpOrder | None = None
    if order_key is not None:
        if not pack.has_trumps:
            raise refusal("no_trumps", pack=pack.name)
        try:
            order = find_order(order_key)
        except ValueError:
            raise refusal("unknown_order", order=clip(order_key), known=", ".join(ORDERS)) from None
    if play is not None and play.strip().lower() not in {o.key for o in pack.orders}:
        raise refusal("unknown_play", pack=pack.name, play=clip(play),
                      known=", ".join(o.key for o in pack.orders) or "—")
    cards = pack.ordered(play, order)
    shown = order or (find_order("C") if pack.has_trumps else None)
    trumps = [c for c in cards if c.is_trump]
    suits = {s: [c for c in cards if c.suit == s] for s in sorted({c.suit for c in cards if c.suit is not None})}
    excuse = [c for c in cards if c.is_excuse]
    data: dict[str, Any] = {
        "pack": pack.name,
        "lang": lang,
        "about": pack.description,
        "play": pack.order(play).key if pack.orders else None,
        "order": shown.key if shown else None,
        "trumps": [
            {
                "rank": shown.rank(c.trump_number or 0) if shown else None,
                "card": c.code,
                "numeral": pack.style.trump_numeral(c.trump_number or 0),
                "name": pack.display(c, lang, order),
                # The subject's English name as a gloss (French-suited trumps have numbers, not subjects).
                "subject": TRUMP_NAMES[c.trump_number or 0].name("en") if pack.style.italian else "",
            }
            for c in trumps
        ],
        "excuse": [{"card": c.code, "name": pack.display(c, lang)} for c in excuse],
        "suits": {
            pack.suit_name(s, lang): [{"card": c.code, "name": pack.display(c, lang)} for c in group]
            for s, group in suits.items()
        },
    }
    if order is not None:
        data["order_info"] = {"label": order.text("label", lang), "region": order.text("region", lang),
                              "note": order.text("note", lang), "sources": list(order.sources_in(lang)),
                              "cite": order.text("cite", lang)}
    if as_json:
        print(json.dumps(data, ensure_ascii=False))
        return 0
    w = _words("show", lang)
    _print(f"{pack.name} ({len(pack)} {w['cards']}){w['col']} {_say(pack.description, lang)}")
    if order is not None:
        info = data["order_info"]  # in the chosen language (history.ORDERS_FR), the names unchanged
        sep = w["sep"]
        _print(f"{w['order']} {info['label']}{w['col']} {info['region']}. {info['note']}")
        _print(f"  {w['sources']}{w['col']} {sep.join(info['sources'])} ({info['cite']})")
    if trumps:
        print(f"{_trumps_word(pack.style.trump_word[lang], lang)}, {w['high_to_low']}{w['col']}")
        for row in data["trumps"]:
            subject = f"  [{row['subject']}]" if row["subject"] and lang == "it" else ""  # an English gloss, not in French
            print(f"  {row['rank']:>2}. {row['card']:<4} {row['numeral']:>6}  {row['name']}{subject}")
    for row in data["excuse"]:
        print(f"  --  {row['card']:<4} {'':>6}  {row['name']} ({w['excuse']})")
    if data["play"]:
        _print(f"{w['play']}{w['col']} {data['play']} ({_say(pack.order(play).about, lang)})")
    elif pack.values:
        _print(f"{w['no_play']}{w['col']} {_say(pack.values[0].about, lang)}")
    for suit_name, group in data["suits"].items():
        _print(f"{suit_name}{w['col']} " + ", ".join(f"{c['name']} ({c['card']})" for c in group))
    return 0


def _orders(as_json: bool, lang: str = "fr") -> int:
    rows: list[dict[str, Any]] = [
        {"order": o.key, "label": o.text("label", lang), "region": o.text("region", lang),
         "top_first": [list(t) for t in o.tiers], "names_it": [o.name(n, "it") for n in o.top_first()],
         "note": o.text("note", lang), "sources": list(o.sources_in(lang)), "cite": o.text("cite", lang)}
        for o in ORDERS.values()
    ]
    if as_json:
        print(json.dumps(rows, ensure_ascii=False))
        return 0
    w = _words("show", lang)
    sep = w["sep"]
    for o, row in zip(ORDERS.values(), rows, strict=True):
        tiers = " > ".join(" = ".join(o.name(n, "it") for n in tier) for tier in o.tiers)
        print(f"{o.key} — {row['label']}{w['col']} {row['region']}\n  {tiers}\n  {row['note']}\n"
              f"  {w['sources']}{w['col']} {sep.join(row['sources'])}")
    return 0
