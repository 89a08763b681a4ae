"""Text renderings shared by the adapters: ANSI (the state's own text) and a plain SVG of that text."""

from __future__ import annotations

from xml.sax.saxutils import escape

from salon import _core


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
