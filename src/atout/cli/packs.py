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
#: French for the packs' descriptions and orders (``atout packs show NAME --lang fr``: no English, issue 7).
_FR = {
    "32-card piquet pack: 7-10, J, Q, K, A": "jeu de piquet de 32 cartes : 7 à 10, V, D, R, As",
    "French-suited tarot: 4 x 14 cards, 21 trumps, Excuse": "tarot aux enseignes françaises : 4 × 14 cartes, 21 atouts, l'Excuse",
    "Italian-suited tarot (Marseille type)": "tarot aux enseignes italiennes (type de Marseille)",
    "the 1637 tarot pack (Marolles): 66 cards, Italian suits":
        "le jeu de tarots de 1637 (Marolles) : 66 cartes, enseignes italiennes",
    "40-card pack for La Prime: A, 2-7, J, Q, K": "jeu de 40 cartes de la Prime : As, 2 à 7, V, D, R",
    "every suit K Q J A 10 9 8 7": "chaque couleur R D V As 10 9 8 7",
    "every suit A K Q J 10 9 8 7 (Triomphe à l'As qui pille)": "chaque couleur As R D V 10 9 8 7 (Triomphe à l'As qui pille)",
    "K Q J A 10 9 8 7; J♣ (Mistigri) is the top trump and never a club":
        "R D V As 10 9 8 7 ; le V♣ (Mistigri) est le plus fort atout et jamais un trèfle",
    "every suit K Q N J 10 … 1; trumps 21 … 1": "chaque couleur R D C V 10 … 1 ; atouts 21 … 1",
    "as the French-suited tarot: every suit K Q N J 10 … 1 (decks.md D4)":
        "comme le tarot français : chaque couleur R D C V 10 … 1",
    "Swords, Batons K Q N J 10 … 1; Cups, Coins K Q N J 1 … 10":
        "épées, bâtons R D C V 10 … 1 ; coupes, deniers R D C V 1 … 10",
    "Swords, Batons K Q N J 10 … 4; Cups, Coins K Q N J 1 … 7":
        "épées, bâtons R Rn Ch F 10 … 4 ; coupes, deniers R Rn Ch F 1 … 7",
    "7 = 21, 6 = 18, A = 16, 5 = 15, 4 = 14, 3 = 13, 2 = 12, J Q K = 10; total 556":
        "7 = 21, 6 = 18, As = 16, 5 = 15, 4 = 14, 3 = 13, 2 = 12, V D R = 10 ; total 556",
}
_WORDS = {
    "fr": {"cards": "cartes", "order": "ordre des atouts", "sources": "sources",
           "high_to_low": "du plus fort au plus faible", "excuse": "sans rang : l'excuse",
           "play": "ordre de jeu", "no_play": "pas d'ordre de jeu ; chaque couleur par valeur", "col": " :"},
    "it": {"cards": "carte", "order": "ordine dei trionfi", "sources": "fonti",
           "high_to_low": "dal più alto al più basso", "excuse": "senza grado: la scusa",
           "play": "ordine di gioco", "no_play": "nessun ordine di gioco; ogni seme per valore", "col": ":"},
    "en": {"cards": "cards", "order": "trump order", "sources": "sources",
           "high_to_low": "high to low", "excuse": "no rank: the excuse",
           "play": "order of play", "no_play": "no order of play; each suit by value", "col": ":"},
}


def _say(text: str, lang: str) -> str:
    """A pack's English description in French when we have it (the names stay the pack's own)."""
    return _FR.get(text, text) if lang == "fr" else text


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
        return _show(find_pack(args.name), args.order, args.play, args.lang, args.json)
    if command == "orders":
        return _orders(args.json, args.lang)
    if command == "render":
        from atout.faces import render

        pack = find_pack(args.name)
        try:
            paths = render(pack, args.out, args.lang)
        except OSError as exc:
            raise ValueError(f"cannot write the faces into {args.out!r}: {exc.strerror or exc}") from None
        print(f"{args.name}: {len(paths)} SVG files written to {args.out}")
        return 0
    return _list(args.json, args.lang)


#: The list's words (``atout packs --lang fr``): pack names, order keys and games stay the words one types.
_LIST_WORDS = {
    "fr": {"cards": "cartes", "orders": "ordres de jeu (valeurs à taper après --play)", "used_by": "pour", "sep": " ; ",
           "col": " :",
           "usage": "'atout packs show NOM [--order A|A-florence|B|C|savoy] [--lang fr|it|en]' ; 'atout packs orders'"},
    "it": {"cards": "carte", "orders": "ordini di gioco (valori da scrivere dopo --play)", "used_by": "per", "sep": "; ",
           "col": ":",
           "usage": "'atout packs show NOME [--order A|A-florence|B|C|savoy] [--lang fr|it|en]'; 'atout packs orders'"},
    "en": {"cards": "cards", "orders": "orders", "used_by": "used by", "sep": "; ", "col": ":",
           "usage": "'atout packs show NAME [--order A|A-florence|B|C|savoy] [--lang fr|it|en]'; 'atout packs orders'"},
}


def _list(as_json: bool, lang: str = "fr") -> int:
    """``atout packs [list]``: one line per pack in ``lang`` (suits by their names in it); --json is language-free.

    >>> _list(False, "fr")  # doctest: +ELLIPSIS
    piquet32         32 cartes  pique/cœur/carreau/trèfle ; ordres de jeu (valeurs à taper après --play) : ...
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
    w = _LIST_WORDS[lang]
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
        data["order_info"] = {"label": order.text("label", lang), "region": order.text("region", lang),
                              "note": order.text("note", lang), "sources": list(order.sources_in(lang)),
                              "cite": order.text("cite", lang)}
    if as_json:
        print(json.dumps(data, ensure_ascii=False))
        return 0
    w = _WORDS[lang]
    _print(f"{pack.name} ({len(pack)} {w['cards']}){w['col']} {_say(pack.description, lang)}")
    if order is not None:
        info = data["order_info"]  # in the chosen language (history.ORDERS_FR), the names unchanged
        sep = " ; " if lang == "fr" else "; "
        _print(f"{w['order']} {info['label']}{w['col']} {info['region']}. {info['note']}")
        _print(f"  {w['sources']}{w['col']} {sep.join(info['sources'])} ({info['cite']})")
    if trumps:
        print(f"{_PLURAL.get(pack.style.trump_word[lang], pack.style.trump_word[lang] + 's')}, {w['high_to_low']}{w['col']}")
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
    w = _WORDS[lang]
    sep = " ; " if lang == "fr" else "; "
    for o, row in zip(ORDERS.values(), rows, strict=True):
        tiers = " > ".join(" = ".join(o.name(n, "it") for n in tier) for tier in o.tiers)
        print(f"{o.key} — {row['label']}{w['col']} {row['region']}\n  {tiers}\n  {row['note']}\n"
              f"  {w['sources']}{w['col']} {sep.join(row['sources'])}")
    return 0
