"""What a seat may read of a move and of a hint, so that no card hidden from it is named.

A move's text may name a hidden card ("deal B07 to player 1", "keep patron The Banker"). The
hidden values are found without any game's rules: the texts (card and patron names) that the
whole position (``to_dict``) holds more often than the seat's view (``observation_dict``).
A move whose text names one of them right after it was made is shown to that seat by its kind
only. (The engine saying itself what each player may read of a move is the architecture
issue's work; this module is where it will be called.)
"""

from __future__ import annotations

import re
from collections import Counter
from typing import TYPE_CHECKING, Any

from salon import _core

if TYPE_CHECKING:
    from salon.analysis import Analysis


def _texts(value: Any, out: Counter[str]) -> Counter[str]:
    if isinstance(value, dict):
        for v in value.values():
            _texts(v, out)
    elif isinstance(value, list):
        for v in value:
            _texts(v, out)
    elif isinstance(value, str):
        out[value] += 1
    return out


def hidden_values(state: _core.State, seat: int) -> set[str]:
    """The texts of the position that ``seat`` may not see (card and patron names)."""
    if state.game().perfect_information:
        return set()
    whole = _texts(state.to_dict(), Counter())
    seen = _texts(state.observation_dict(seat), Counter())
    return set((whole - seen).keys())


def names_any(text: str, values: set[str]) -> bool:
    """Whether ``text`` names one of ``values`` as a whole word ("The Muse" is not in "The Museum")."""
    return any(re.search(r"(?<!\w)" + re.escape(v) + r"(?!\w)", text) for v in values if v)


def describe(state_after: _core.State, seat: int, actor: int, kind: str, text: str) -> str:
    """The text of a move as ``seat`` may read it, given the state right after the move."""
    if actor == seat or not names_any(text, hidden_values(state_after, seat)):
        return text
    if actor == _core.CHANCE:
        return "a card you cannot see is dealt or drawn"
    return kind.replace("_", " ") + " (a card you cannot see)"


def hint_payload(analysis: Analysis, perfect_information: bool) -> dict[str, Any]:
    """A hint as the person to move receives it. The search read only that seat's information;
    beyond the first move, its principal variation is played on drawn hidden cards, which are
    guesses that could name a card the seat cannot see, so a game with hidden information keeps
    only the first move."""
    data = analysis.to_dict()
    if not perfect_information:
        data["principal_variation"] = data["principal_variation"][:1]
        data["principal_variation_text"] = data["principal_variation_text"][:1]
    return data
