"""The static page files (``static/``): plain HTML, CSS and JavaScript, no build step, no CDN.

They are read once from the package and served with a Content-Security-Policy that allows
scripts and styles of this server only (the engine's SVG drawings use style attributes)."""

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


@lru_cache(maxsize=None)
def _read(name: str) -> bytes:
    return resources.files("salon.serve").joinpath("static", name).read_bytes()


def static_file(name: str) -> Response:
    """A file of ``static/`` (no sub-folders, known types only)."""
    suffix = name[name.rfind(".") :] if "." in name else ""
    if "/" in name or "\\" in name or name.startswith(".") or suffix not in _TYPES:
        raise StaticFileNotFoundError(f"no page file {name!r}")
    try:
        body = _read(name)
    except (FileNotFoundError, IsADirectoryError):
        raise StaticFileNotFoundError(f"no page file {name!r}") from None
    return Response(body, media_type=_TYPES[suffix], headers=SECURITY_HEADERS)
