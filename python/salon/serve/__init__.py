"""``salon serve``: play the games in a browser (see ``docs/serve.md``).

A local Starlette app (run by uvicorn) serves a start page and one table page per browser tab;
each seat's page receives only what that seat may see. The web stack is the optional extra
``salon[serve]``: this module imports nothing from it, so ``salon serve`` can say how to
install it when it is missing.

Files, one concept each: ``app`` (routes and error responses), ``tables`` (table sessions),
``bots`` (bot specifications and the worker threads they think on), ``views`` (what a seat's
page may receive), ``review`` (uploaded records stepped through), ``page`` (the static page
files), ``errors`` (typed errors and their HTTP statuses), ``server`` (uvicorn).
"""

from __future__ import annotations

import importlib.util

INSTALL_HINT = (
    "pip install 'starlette>=1.10' 'uvicorn>=0.54' (the extra salon[serve]; in a clone: pip install -r requirements/serve.txt)"
)


def missing_dependencies() -> list[str]:
    """The packages of the ``serve`` extra that are not installed."""
    return [name for name in ("starlette", "uvicorn") if importlib.util.find_spec(name) is None]
