"""``atout play --help`` in the table's language: the command that speaks French by default explains itself in
French too (catalog ``common``, section ``play_help``; argparse's own headings through :mod:`atout.cli.said`)."""

from __future__ import annotations

from typing import TypedDict

from atout.present import catalogs


class Words(TypedDict):
    """An option's words for ``add_argument``: its help and its value's placeholder."""

    help: str
    metavar: str


def word(key: str, lang: str | None, **params: object) -> str:
    """One line of ``play --help`` in ``lang`` (None: English), spaced as the language spaces; a literal ``%``
    doubled, as argparse formats each help with ``%``."""
    text = catalogs.text("common", "play_help", key, lang or "en").format(**params)
    return catalogs.typeset(text, lang or "en").replace("%", "%%")


def bot_help(lang: str | None) -> str:
    """``--bot``: each game's bots from the registry, and the default one (atout.sim.default_bot)."""
    from atout.bots.base import bot_names
    from atout.core.protocol import list_games
    from atout.sim import default_bot

    games = [catalogs.text("common", "play_help", "bot_game", lang or "en").format(
        game=g.name, bots=", ".join(bot_names(g.name)), default=default_bot(g.name)) for g in list_games()]
    return word("bot", lang, games=catalogs.text("common", "play_help", "bot_join", lang or "en").join(games))


def target_help(lang: str | None) -> str:
    """``--target``: the games whose creation takes a target score, and its real default (none)."""
    from atout.cli.play_options import target_defaults

    takes = target_defaults()
    given = {d for d in takes.values() if d is not None}
    default = ", ".join(f"{name} {d}" for name, d in takes.items() if d is not None) if given else \
        catalogs.text("common", "play_help", "target_none", lang or "en")
    return word("target", lang, games=", ".join(takes) or "—", default=default)


__all__ = ["Words", "bot_help", "target_help", "word"]
