"""Suit symbols and emblems drawn as plain SVG shapes, in a unit box centred on the origin.

Every shape is original, drawn here from circles, polygons and Bézier curves; nothing is traced from a
printed pack. Italian suits get distinct colours and silhouettes because swords and batons are easily
confused on period cards (seed 000: "épées et bâtons se confondent facilement").

>>> suit_shape(0, italian=True, x=10, y=20, size=16).startswith('<g transform="translate(10 20) scale(16)"')
True
"""

from __future__ import annotations

from typing import Final

# Suit colours, indexed S H D C: French black/red; Italian swords blue, cups red, coins gold, batons green.
FRENCH_COLOURS: Final = ("#1a1a1a", "#c8102e", "#c8102e", "#1a1a1a")
ITALIAN_COLOURS: Final = ("#1f4e9a", "#b3261e", "#8a6200", "#2e6b2e")
INK: Final = "#222222"

# French suits (unit box, height 1).
_HEART = (
    "M0,0.45 C-0.1,0.33 -0.5,0.1 -0.5,-0.15 C-0.5,-0.38 -0.3,-0.48 -0.15,-0.45 C-0.07,-0.43 0,-0.35 0,-0.28 "
    "C0,-0.35 0.07,-0.43 0.15,-0.45 C0.3,-0.48 0.5,-0.38 0.5,-0.15 C0.5,0.1 0.1,0.33 0,0.45 Z"
)
_DIAMOND = "M0,-0.5 L0.37,0 L0,0.5 L-0.37,0 Z"
_SPADE = (
    "M0,-0.5 C0.1,-0.36 0.5,-0.15 0.5,0.1 C0.5,0.3 0.32,0.4 0.16,0.36 C0.08,0.34 0.03,0.28 0.02,0.22 "
    "C0.04,0.34 0.1,0.44 0.2,0.5 L-0.2,0.5 C-0.1,0.44 -0.04,0.34 -0.02,0.22 C-0.03,0.28 -0.08,0.34 -0.16,0.36 "
    "C-0.32,0.4 -0.5,0.3 -0.5,0.1 C-0.5,-0.15 -0.1,-0.36 0,-0.5 Z"
)
_CLUB_STEM = "M-0.05,0.05 L0.05,0.05 C0.06,0.3 0.12,0.42 0.2,0.5 L-0.2,0.5 C-0.12,0.42 -0.06,0.3 -0.05,0.05 Z"


def _french(suit: int, colour: str) -> str:
    if suit == 1:
        return f'<path d="{_HEART}" fill="{colour}"/>'
    if suit == 2:
        return f'<path d="{_DIAMOND}" fill="{colour}"/>'
    if suit == 0:
        return f'<path d="{_SPADE}" fill="{colour}"/>'
    lobes = "".join(f'<circle cx="{x}" cy="{y}" r="0.22"/>' for x, y in ((0, -0.26), (-0.25, 0.07), (0.25, 0.07)))
    return f'<g fill="{colour}">{lobes}<circle cx="0" cy="0" r="0.12"/><path d="{_CLUB_STEM}"/></g>'


def _sword(colour: str) -> str:
    """A straight sword, point up: blade with a fuller, crossguard, grip, pommel."""
    return (
        f'<path d="M0,-0.5 L0.11,-0.36 L0.11,0.16 L-0.11,0.16 L-0.11,-0.36 Z" fill="#c9d7ec" stroke="{colour}" '
        'stroke-width="0.04" stroke-linejoin="round"/>'
        f'<path d="M0,-0.4 L0,0.12" stroke="{colour}" stroke-width="0.04"/>'
        f'<rect x="-0.28" y="0.16" width="0.56" height="0.09" rx="0.04" fill="{colour}"/>'
        '<rect x="-0.045" y="0.24" width="0.09" height="0.17" fill="#6b4423"/>'
        f'<circle cx="0" cy="0.44" r="0.065" fill="{colour}"/>'
    )


def _cup(colour: str) -> str:
    """A goblet: a deep bowl with a pale rim, a knotted stem, a wide foot."""
    return (
        f'<path d="M-0.33,-0.38 L0.33,-0.38 C0.33,-0.08 0.2,0.06 0.06,0.09 L0.06,0.27 C0.06,0.33 0.2,0.37 0.27,0.44 '
        f'L0.27,0.5 L-0.27,0.5 L-0.27,0.44 C-0.2,0.37 -0.06,0.33 -0.06,0.27 L-0.06,0.09 C-0.2,0.06 -0.33,-0.08 '
        f'-0.33,-0.38 Z" fill="{colour}"/>'
        f'<ellipse cx="0" cy="-0.38" rx="0.33" ry="0.07" fill="#f0b8b2" stroke="{colour}" stroke-width="0.03"/>'
        f'<ellipse cx="0" cy="0.18" rx="0.1" ry="0.045" fill="{colour}"/>'
    )


def _coin(colour: str) -> str:
    """A coin: a gold disc, an inner ring and a four-petalled rosette."""
    petals = "".join(
        f'<ellipse cx="0" cy="-0.13" rx="0.06" ry="0.13" fill="{colour}" transform="rotate({a})"/>'
        for a in (0, 90, 180, 270)
    )
    return (
        f'<circle cx="0" cy="0" r="0.46" fill="#f2c230" stroke="{colour}" stroke-width="0.05"/>'
        f'<circle cx="0" cy="0" r="0.33" fill="none" stroke="{colour}" stroke-width="0.03"/>'
        f"{petals}"
        '<circle cx="0" cy="0" r="0.06" fill="#f2c230"/>'
    )


def _baton(colour: str) -> str:
    """A knotty cudgel, tilted, thicker at the top, with cut-off twigs."""
    return (
        '<g transform="rotate(25)">'
        f'<path d="M-0.06,0.5 L0.06,0.5 L0.11,-0.44 C0.11,-0.52 -0.11,-0.52 -0.11,-0.44 Z" fill="{colour}"/>'
        f'<path d="M0.09,-0.2 L0.22,-0.28 M-0.08,0.06 L-0.21,0.0 M0.07,0.26 L0.18,0.2" stroke="{colour}" '
        'stroke-width="0.06" stroke-linecap="round"/>'
        '<ellipse cx="0" cy="-0.45" rx="0.08" ry="0.035" fill="#a8d5a2"/>'
        "</g>"
    )


def suit_shape(suit: int, italian: bool, x: float, y: float, size: float, rotate: int = 0) -> str:
    """The suit's symbol as an SVG group centred at (x, y), ``size`` user units high (suit 0..3 = S H D C)."""
    turn = f" rotate({rotate})" if rotate else ""
    if italian:
        colour = ITALIAN_COLOURS[suit]
        body = (_sword, _cup, _coin, _baton)[suit](colour)
    else:
        body = _french(suit, FRENCH_COLOURS[suit])
    return f'<g transform="translate({_n(x)} {_n(y)}) scale({_n(size)}){turn}">{body}</g>'


def star(x: float, y: float, radius: float, fill: str, points: int = 5, inner: float = 0.42) -> str:
    """A star polygon (the Excuse's emblem, the trumps' medallion)."""
    from math import cos, pi, sin

    coords = []
    for k in range(2 * points):
        r = radius if k % 2 == 0 else radius * inner
        angle = -pi / 2 + k * pi / points
        coords.append(f"{_n(x + r * cos(angle))},{_n(y + r * sin(angle))}")
    return f'<polygon points="{" ".join(coords)}" fill="{fill}"/>'


def crown(x: float, y: float, width: float, fill: str, spikes: int) -> str:
    """A simple crown or coronet for the court cards: ``spikes`` points on a band."""
    h = width * 0.55
    left, base = x - width / 2, y + h / 2
    step = width / (2 * spikes)
    pts = [f"{_n(left)},{_n(base)}", f"{_n(left)},{_n(y - h / 2)}"]
    for k in range(1, 2 * spikes):
        py = y - h / 2 if k % 2 == 0 else y
        pts.append(f"{_n(left + k * step)},{_n(py)}")
    pts += [f"{_n(left + width)},{_n(y - h / 2)}", f"{_n(left + width)},{_n(base)}"]
    return f'<polygon points="{" ".join(pts)}" fill="{fill}" stroke="{INK}" stroke-width="1" stroke-linejoin="round"/>'


def _n(value: float) -> str:
    """A number in the shortest stable form (deterministic output: no float noise)."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text
