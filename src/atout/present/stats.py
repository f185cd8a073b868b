"""Simple statistics of a played match, language-free (for ``atout simulate`` and its ``--json``).

Built from the score sheet and the ``deal_scored`` events: the mean score per seat and, for games
with contracts (Tarot), the contracts taken by kind with their success rate; for Triomphe, how the
deals ended.

>>> import atout, random
>>> g = atout.new_game("tarot", players=4, seed=2, deals=3)
>>> rng = random.Random(2)
>>> while not g.is_terminal():
...     g.apply(rng.choice(g.legal_actions()))
>>> s = match_stats(g)
>>> len(s["mean_per_seat"]), sum(c["taken"] for c in s.get("contracts", {}).values()) <= 3
(4, True)
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from typing import Any

from atout.core.protocol import GameState, json_number
from atout.present import catalogs
from atout.present.catalogs import Section

#: The lines of ``atout simulate``'s report, by language (seats named as the rest of the CLI names them:
#: ``Joueur 1`` is seat 0). ``played`` heads a match that played more deals than asked (Mistigri's extra
#: coups without stake, mistigri.md D16): the means are then per deal played, and the report says so.
REPORT: Section = Section("common", "report")
#: Bot names as words (the names typed after --bots stay the same in both languages).
BOT_WORDS: Section = Section("common", "bot_words")


def match_stats(state: GameState) -> dict[str, Any]:
    """``{"deals", "mean_per_seat", "contracts"?, "endings"?}`` for a match (finished or not)."""
    sheet = state.sheet()
    n = state.players
    means = [json_number(Fraction(sum((Fraction(r[s]) for r in sheet), Fraction(0)), len(sheet))) if sheet else 0
             for s in range(n)]
    out: dict[str, Any] = {"deals": len(sheet), "mean_per_seat": [round(float(m), 3) for m in means]}
    taken: Counter[str] = Counter()
    made: Counter[str] = Counter()
    endings: Counter[str] = Counter()
    for e in state.events(None):
        if e.kind != "deal_scored":
            continue
        if "contract" in e.data and "made" in e.data:
            taken[e.data["contract"]] += 1
            made[e.data["contract"]] += bool(e.data["made"])
        if "reason" in e.data:
            endings[str(e.data["reason"])] += 1
    if taken:
        order = list(getattr(state.rules, "contracts", ())) or sorted(taken)
        out["contracts"] = {k: {"taken": taken[k], "made": made[k], "success_rate": round(made[k] / taken[k], 3)}
                            for k in order if taken[k]}
        out["all_passed"] = sum(1 for d in state.log if d.note.startswith("all passed"))
    if endings:
        out["endings"] = dict(sorted(endings.items()))
    return out


def report(run: dict[str, Any], stats: dict[str, Any], lang: str = "fr") -> list[str]:
    """The lines ``atout simulate`` prints, in ``lang``: the run (``SimResult.to_json()``) and its statistics.

    >>> run = {"game": "tarot", "variant": "seed", "players": 4, "deals": 2, "seconds": 0.5, "deals_per_second": 4.0,
    ...        "bots": ["random"] * 4, "seed": 7, "totals": [3, -1, -1, -1], "records": None}
    >>> stats = {"mean_per_seat": [1.5, -0.5, -0.5, -0.5], "contracts": {"garde": {"taken": 2, "made": 1,
    ...          "success_rate": 0.5}}, "all_passed": 0}
    >>> for line in report(run, stats, "fr")[1:]:
    ...     print(line)
    graine 7
      Joueur 1\u00a0: 3 (moyenne par donne 1,5)
      Joueur 2\u00a0: \u22121 (moyenne par donne \u22120,5)
      Joueur 3\u00a0: \u22121 (moyenne par donne \u22120,5)
      Joueur 4\u00a0: \u22121 (moyenne par donne \u22120,5)
      Garde\u00a0: prise 2 fois, réussie 1 fois (50 %)
      donnes où tout le monde a passé (nulles, redistribuées)\u00a0: 0
    >>> report(run, stats, "en")[0]
    'tarot (seed, 4 players): 2 deals in 0.50 s (4 deals/s), bots random, random, random, random'
    """
    from atout.present import Table, number, phrases

    if lang not in REPORT:
        raise catalogs.lang_error(lang)
    say, book = REPORT[lang], phrases(run["game"])
    variant = _variant(run["game"], run["variant"], lang)
    seconds = _decimals(run["seconds"], "0.00", lang)
    bots = ", ".join(BOT_WORDS[lang].get(b, b) for b in run["bots"])
    played = stats.get("deals", run["deals"])
    deals = say["played" if played != run["deals"] else "deals"].format(deals=run["deals"], played=played)
    lines = [say["head"].format(game=run["game"], variant=variant, players=run["players"], deals=deals,
                                seconds=seconds,
                                rate=f"{run['deals_per_second']:.0f}", bots=bots),
             say["seed"].format(seed=run["seed"])]
    means = stats.get("mean_per_seat", [None] * len(run["totals"]))
    table = Table(run["game"], run["players"])
    for seat, total in enumerate(run["totals"]):
        mean = "—" if means[seat] is None else number(means[seat], lang)
        lines.append(say["seat" if played == run["deals"] else "seat_played"].format(
            seat=table.seat_name(seat, lang), total=number(total, lang), mean=mean))
    for kind, c in stats.get("contracts", {}).items():  # the contracts are feminine: "prise", "réussie"
        lines.append(say["contract"].format(contract=book.word(kind, lang), taken=c["taken"], made=c["made"],
                                            percent=f"{100 * c['success_rate']:.0f}"))
    if "all_passed" in stats:
        lines.append(say["all_passed"].format(count=stats["all_passed"]))
    if stats.get("endings"):
        lines.append(say["endings"])
    for reason, count in stats.get("endings", {}).items():
        lines.append(say["ending"].format(reason=book.word(reason, lang), count=count))
    if run.get("records"):
        lines.append(say["record"].format(path=run["records"]))
    return lines


#: The words of ``atout tournament``'s report, by language (the ``--json`` report is language-free).
TOURNAMENT: Section = Section("common", "tournament")


def _decimals(x: float, pattern: str, lang: str) -> str:
    """``x`` by a Babel number pattern in ``lang``'s style (``0.00`` -> ``0,50`` in French)."""
    from babel.numbers import format_decimal

    from atout.present.catalogs import minus_sign, number_locale

    text = format_decimal(x, format=pattern, locale=number_locale(lang))
    return text.replace("-", minus_sign(lang))  # the true minus sign, as the score sheets write it


def _variant(game: str, variant: str, lang: str) -> str:
    """A variant in a report: its title or its code, as the catalog's ``report/variant`` template says."""
    from atout.present import phrases

    title = phrases(game).section("variants", lang).get(f"{variant}/title", variant)
    return REPORT[lang]["variant"].format(title=title, code=variant)


def _signed(x: float, lang: str) -> str:
    """A margin with its sign and two decimals: ``+0,52`` in French, ``+0.52`` in English."""
    return _decimals(x, "+0.00;-0.00", lang)


def _interval(ci: list[float] | None, lang: str) -> str:
    """A 95% interval: ``[+0,10 ; +0,90]`` in French (the decimal comma), ``[+0.10, +0.90]`` in English."""
    if ci is None:
        return TOURNAMENT[lang]["n_a"]
    return TOURNAMENT[lang]["ci"].format(low=_signed(ci[0], lang), high=_signed(ci[1], lang))


def tournament_report(data: dict[str, Any], lang: str = "fr") -> tuple[str, list[str], list[list[str]], list[str]]:
    """``atout tournament``'s report in ``lang`` from its JSON (``TournamentReport.to_json()``): the title,
    the column heads, a row per bot and a line per pair.

    >>> data = {"game": "triomphe", "variant": "classic", "players": 2, "deals": 2, "seed": 5,
    ...         "table": [{"bot": "heuristic", "mean": 0.5, "ci95": [0.1, 0.9], "elo": 1540.2},
    ...                   {"bot": "random", "mean": -0.5, "ci95": [-0.9, -0.1], "elo": 1459.8}],
    ...         "pairs": [{"bots": ["heuristic", "random"], "margin": 1.0, "ci95": [0.2, 1.8], "clear": True}]}
    >>> title, heads, rows, pairs = tournament_report(data, "fr")
    >>> title
    'triomphe (Classique, en deux camps, 2 joueurs), 2 donnes dupliquées, graine 5'
    >>> rows[0]
    ['heuristique', '+0,50', '[+0,10\\u202f; +0,90]', '1540']
    >>> pairs[0]
    "  heuristique − aléatoire\\xa0: +1,00 par donne [+0,20\\u202f; +1,80] (zéro hors de l'intervalle)"
    >>> tournament_report(data, "en")[3][0]
    '  heuristic - random: +1.00 per deal [+0.20, +1.80] (clear)'
    """

    if lang not in TOURNAMENT:
        raise catalogs.lang_error(lang)
    say = TOURNAMENT[lang]
    variant = _variant(data["game"], data["variant"], lang)
    deals = say["deal"] if data["deals"] == 1 else say["deals"].format(deals=data["deals"])
    title = say["title"].format(game=data["game"], variant=variant, players=data["players"], deals=deals,
                                seed=data["seed"])
    heads = [say["bot"], say["mean"], say["interval"], say["elo"]]

    def word(bot: str) -> str:
        return BOT_WORDS[lang].get(bot, bot)

    rows = [[word(r["bot"]), _signed(r["mean"], lang), _interval(r["ci95"], lang), f"{r['elo']:.0f}"]
            for r in data["table"]]
    pairs = [say["pair"].format(a=word(p["bots"][0]), b=word(p["bots"][1]), margin=_signed(p["margin"], lang),
                                interval=_interval(p["ci95"], lang),
                                verdict=say["clear" if p["clear"] else "not_clear"])
             for p in data["pairs"]]
    return title, heads, rows, pairs
