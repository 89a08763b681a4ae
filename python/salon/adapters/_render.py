"""Renderings shared by the adapters: text (ANSI), the engine's SVG drawing, and its pixels.

Every mode shows the referee's view (the full table, hidden cards included)."""

from __future__ import annotations

from typing import Any
from xml.sax.saxutils import escape

from salon import _core

#: The render modes of both adapters: "human" prints the text and returns None.
RENDER_MODES = ("human", "ansi", "svg", "rgb_array")


def check_mode(render_mode: str | None) -> None:
    if render_mode is not None and render_mode not in RENDER_MODES:
        raise ValueError(f"render_mode must be one of {RENDER_MODES} or None, not {render_mode!r}")


def render(state: _core.State, render_mode: str, *, width: int | None = None) -> Any:
    """The rendering of ``state`` in ``render_mode`` (one of :data:`RENDER_MODES`)."""
    if render_mode == "human":
        print(ansi(state), flush=True)
        return None
    if render_mode == "rgb_array":
        return rgb(state, width=width)
    return svg(state) if render_mode == "svg" else ansi(state)


def rgb(state: _core.State, *, width: int | None = None) -> Any:
    """The engine's drawing as an ``H x W x 3`` uint8 array (``State.render_rgb``)."""
    return state.render_rgb(width=width)


def ansi(state: _core.State) -> str:
    """The state's full text (every hidden card included: this is the referee's view)."""
    return str(state)


def svg(state: _core.State, *, font_size: int = 12) -> str:
    """The state as SVG: the engine's own drawing (``State.render_svg``, the referee's view) where
    the built module has it, else :func:`text_svg`."""
    render = getattr(state, "render_svg", None)
    if callable(render):
        return str(render())
    return text_svg(state, font_size=font_size)


def text_svg(state: _core.State, *, font_size: int = 12) -> str:
    """A plain SVG showing the state's text line by line in a monospace font (a picture of :func:`ansi`)."""
    lines = str(state).splitlines() or [""]
    line_h = int(font_size * 1.25)
    width = max(len(line) for line in lines) * font_size * 0.6 + 2 * font_size
    height = len(lines) * line_h + 2 * font_size
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{height}" '
        f'font-family="monospace" font-size="{font_size}">',
        f'<rect width="100%" height="100%" fill="white"/>',
    ]
    for i, line in enumerate(lines):
        y = font_size + (i + 1) * line_h
        out.append(f'<text x="{font_size}" y="{y}" xml:space="preserve">{escape(line)}</text>')
    out.append("</svg>")
    return "\n".join(out)
