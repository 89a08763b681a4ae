"""What a seat may read of a move and of a hint, so that no card hidden from it is named.

A move's text may name a hidden card ("deal B07 to player 1", "deal patron The Banker to P2").
What each seat may read of it is the engine's to say: ``State.action_to_string(player, action)``
(OpenSpiel's ``ActionToString(player, action)``) leaves out what that player may not see, and
the engine's conformance check holds every game's texts against each seat's view of the
position. This module asks it and guesses nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from salon import _core

if TYPE_CHECKING:
    from salon.analysis import Analysis


def move_texts(state_before: _core.State, action: int, seats: int) -> list[str]:
    """The text of ``action`` as each of ``seats`` seats may read it, from the state before it."""
    return [state_before.action_to_string(p, action) for p in range(seats)]


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
