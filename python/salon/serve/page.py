"""The static page files (``static/``): plain HTML, CSS and JavaScript, no build step, no CDN.

They are all read once, when the app is made, from the package's ``static/`` folder (the
files of known types there, no sub-folders); a request only looks its name up among them, so no
request makes the server open a file. They are served with a Content-Security-Policy that
allows scripts and styles of this server only (the engine's SVG drawings use style attributes)."""

from __future__ import annotations

from functools import lru_cache
from importlib import resources

from starlette.responses import Response

from salon.serve.errors import ServeError

_TYPES = {".html": "text/html; charset=utf-8", ".js": "text/javascript; charset=utf-8", ".css": "text/css; charset=utf-8"}
SECURITY_HEADERS = {
    "Content-Security-Policy": "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
    "img-src 'self' data:; connect-src 'self'; form-action 'none'; frame-ancestors 'none'; base-uri 'none'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-store",
}


class StaticFileNotFoundError(ServeError):
    """No page file of that name."""

    status = 404


def _suffix(name: str) -> str:
    return name[name.rfind(".") :] if "." in name else ""


@lru_cache(maxsize=1)
def files() -> dict[str, bytes]:
    """Every page file, by name, read once."""
    folder = resources.files("salon.serve").joinpath("static")
    return {
        entry.name: entry.read_bytes()
        for entry in folder.iterdir()
        if entry.is_file() and not entry.name.startswith(".") and _suffix(entry.name) in _TYPES
    }


def static_file(name: str) -> Response:
    """A page file by its name (one of ``files()``; anything else is a 404)."""
    body = files().get(name)
    if body is None:
        shown = name if len(name) <= 40 else name[:40] + "..."
        raise StaticFileNotFoundError(f"no page file {shown!r}")
    return Response(body, media_type=_TYPES[_suffix(name)], headers=SECURITY_HEADERS)
