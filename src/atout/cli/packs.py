"""``atout packs``: list the packs, show one in its order with its names, render its SVG faces.

``atout packs`` lists them; ``atout packs show NAME [--order A|A-florence|B|C|savoy] [--play ORDER]
[--lang fr|it|en]`` prints a pack high to low; ``atout packs orders`` lists Dummett's trump orders
(seed 000, decks.md §6); ``atout packs render NAME --out DIR`` writes one SVG per card and a back.
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from atout.core.history import ORDERS, TRUMP_NAMES, TrumpOrder, find_order
from atout.core.packs import PACKS, Pack, find_pack

_PLURAL = {"tarocco": "tarocchi", "trionfo": "trionfi"}


def add_parser(sub: Any) -> None:
    """Add the ``packs`` command and its sub-commands to the ``atout`` parser."""
    p = sub.add_parser("packs", help="list the packs, show one in its order, render SVG card faces")
    p.add_argument("--json", action="store_true", help="print JSON instead of a table")
    psub = p.add_subparsers(dest="packs_command", metavar="SUBCOMMAND")
    q = psub.add_parser("show", help="print a pack high to low with its names")
    q.add_argument("name", help="pack name (see 'atout packs')")
    q.add_argument("--order", help="historical trump order: A (Bologna), A-florence, B (Ferrara), C (Marseille), savoy")
    q.add_argument("--play", help="order of play of the suits (see 'atout packs'); default the pack's first")
    q.add_argument("--lang", choices=("fr", "it", "en"), default="fr", help="language of the names (default fr)")
    q.add_argument("--json", action="store_true", help="print JSON instead of text")
    q = psub.add_parser("orders", help="list Dummett's trump orders A, B, C and the Savoy hybrid with sources")
    q.add_argument("--json", action="store_true", help="print JSON instead of text")
    q = psub.add_parser("render", help="write an SVG face for every card of a pack, and a back")
    q.add_argument("name", help="pack name (see 'atout packs')")
    q.add_argument("--out", required=True, metavar="DIR", help="directory to write CODE.svg files into")
    q.add_argument("--lang", choices=("fr", "it", "en"), default="fr", help="language of the names (default fr)")


def run(args: argparse.Namespace) -> int:
    """Run ``atout packs …``; bad names raise ValueError, which the caller turns into exit 2."""
    command = getattr(args, "packs_command", None)
    if command == "show":
        return _show(find_pack(args.name), args.order, args.play, args.lang, args.json)
    if command == "orders":
        return _orders(args.json)
    if command == "render":
        from atout.faces import render

        pack = find_pack(args.name)
        try:
            paths = render(pack, args.out, args.lang)
        except OSError as exc:
            raise ValueError(f"cannot write the faces into {args.out!r}: {exc.strerror or exc}") from None
        print(f"{args.name}: {len(paths)} SVG files written to {args.out}")
        return 0
    return _list(args.json)


def _list(as_json: bool) -> int:
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
    width = max(len(r["pack"]) for r in rows)
    for r in rows:
        orders = ", ".join(r["orders"]) or "-"
        print(f"{r['pack']:<{width}}  {r['cards']:>2} cards  {'/'.join(r['suits'])}; orders: {orders}; "
              f"used by {', '.join(r['used_by'])}. {r['about']}")
    print("\n'atout packs show NAME [--order A|A-florence|B|C|savoy] [--lang fr|it|en]'; 'atout packs orders'")
    return 0


def _show(pack: Pack, order_key: str | None, play: str | None, lang: str, as_json: bool) -> int:
    order: TrumpOrder | None = None
    if order_key is not None:
        if not pack.has_trumps:
            raise ValueError(f"pack {pack.name} has no trumps: --order applies to the tarot packs")
        order = find_order(order_key)
    if play is not None:
        pack.order(play)  # ValueError names the known orders
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
        data["order_info"] = {"label": order.label, "region": order.region, "note": order.note,
                              "sources": list(order.sources), "cite": order.cite}
    if as_json:
        print(json.dumps(data, ensure_ascii=False))
        return 0
    print(f"{pack.name} ({len(pack)} cards): {pack.description}")
    if order is not None:
        print(f"trump order {order.label}: {order.region}. {order.note}")
        print(f"  sources: {'; '.join(order.sources)} ({order.cite})")
    if trumps:
        print(f"{_PLURAL.get(pack.style.trump_word[lang], pack.style.trump_word[lang] + 's')}, high to low:")
        for row in data["trumps"]:
            subject = f"  [{row['subject']}]" if row["subject"] and lang != "en" else ""
            print(f"  {row['rank']:>2}. {row['card']:<4} {row['numeral']:>6}  {row['name']}{subject}")
    for row in data["excuse"]:
        print(f"  --  {row['card']:<4} {'':>6}  {row['name']} (no rank: the excuse)")
    if data["play"]:
        print(f"order of play: {data['play']} ({pack.order(play).about})")
    elif pack.values:
        print(f"no order of play; each suit by value: {pack.values[0].about}")
    for suit_name, group in data["suits"].items():
        print(f"{suit_name}: " + ", ".join(f"{c['name']} ({c['card']})" for c in group))
    return 0


def _orders(as_json: bool) -> int:
    rows = [
        {"order": o.key, "label": o.label, "region": o.region, "top_first": [list(t) for t in o.tiers],
         "names_it": [o.name(n, "it") for n in o.top_first()], "note": o.note, "sources": list(o.sources),
         "cite": o.cite}
        for o in ORDERS.values()
    ]
    if as_json:
        print(json.dumps(rows, ensure_ascii=False))
        return 0
    for o in ORDERS.values():
        tiers = " > ".join(" = ".join(o.name(n, "it") for n in tier) for tier in o.tiers)
        print(f"{o.key} — {o.label}: {o.region}\n  {tiers}\n  {o.note}\n  sources: {'; '.join(o.sources)}")
    return 0
