#!/usr/bin/env bash
# Installs what the browser tests need, idempotently: Debian's chromium (and librsvg2-bin for
# rsvg-convert, used to look at the SVG pictures) through apt, and Python's playwright package
# into the project's virtual environment. Playwright is pointed at the system chromium by the
# tests (executable_path); `playwright install` is never run (it would download a browser).
#
# Usage: scripts/install-browser.sh [path/to/venv]   (default .venv)
set -euo pipefail
VENV="${1:-.venv}"

need_apt=()
command -v chromium >/dev/null 2>&1 || need_apt+=(chromium)
command -v rsvg-convert >/dev/null 2>&1 || need_apt+=(librsvg2-bin)
if [ "${#need_apt[@]}" -gt 0 ]; then
    SUDO=""
    if [ "$(id -u)" != "0" ]; then
        SUDO="sudo"
    fi
    export DEBIAN_FRONTEND=noninteractive
    $SUDO apt-get update -q
    $SUDO apt-get install -y -q --no-install-recommends "${need_apt[@]}"
fi

if ! "$VENV/bin/python" -c "import playwright" >/dev/null 2>&1; then
    "$VENV/bin/pip" install --quiet playwright
fi

echo "browser tools ready: $(command -v chromium) ($(chromium --version 2>/dev/null || echo '?')), playwright $("$VENV/bin/python" -c 'from importlib.metadata import version; print(version("playwright"))')"
