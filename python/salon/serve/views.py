"""What a seat's page may receive: its own drawing, its own view as data, its own legal moves,
and the moves of the game described so that no card hidden from it is named.

A move's text may name a hidden card ("deal B07 to player 1", "keep patron The Banker"). The
hidden values are found without any game's rules: the texts (card and patron names) that the
whole position (``to_dict``) holds more often than the seat's view (``observation_dict``).
A move whose text names one of them right after it was made is shown to that seat by its kind
only. Bots' search statistics name candidate moves, so only their counts are sent.
"""

from __future__ import annotations

import re
import time
from collections import Counter
from typing import TYPE_CHECKING, Any

from salon import _core

if TYPE_CHECKING:
    from salon.analysis import Analysis
    from salon.serve.tables import Table

SPECTATOR = -1


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


def _winners(table: Table) -> list[int]:
    state = table.state
    if table.stopped and not state.is_terminal():
        return []  # a table of bots stopped by its creator: no winner
    if table.resigned is None:
        returns = state.returns()
        best = max(returns)
        return [p for p, r in enumerate(returns) if r == best and r > 0]
    scores = state.scores()
    others = [p for p in range(len(table.seats)) if p != table.resigned]
    best_score = max(scores[p] for p in others)
    return [p for p in others if scores[p] == best_score]


def seat_payload(table: Table, seat: int) -> dict[str, Any]:
    """Everything a seat's page receives about its table (a spectator, at a table of bots only,
    sees the whole table)."""
    state = table.state
    game = table.game
    whole = seat == SPECTATOR
    to_move = None if table.over or state.is_chance_node() else state.current_player()
    your_turn = to_move is not None and to_move == seat
    thinking = None
    if table.thinking is not None:
        thinking = {
            "seat": table.thinking.seat,
            "elapsed": round(time.monotonic() - table.thinking.started, 3),
            "budget": table.thinking.budget,
        }
    moves = []
    if your_turn:
        moves = [{"action": m.action, "kind": m.kind, "fields": m.fields, "text": m.text} for m in state.legal_moves]
    result = None
    if table.over:
        result = {
            "scores": state.scores(),
            "returns": state.returns(),
            "winners": _winners(table),
            "resigned": table.resigned,
            "stopped": table.stopped,
        }
    return {
        "table": table.id,
        "seat": seat,
        "version": table.version,
        "game": {
            "name": game.name,
            "title": game.long_name,
            "spec": str(game),
            "perfect_information": game.perfect_information,
        },
        "players": [
            {"seat": p, "label": spec.label(), "kind": spec.kind, "human": spec.human, "budget": spec.budget()}
            for p, spec in enumerate(table.seats)
        ],
        "ply": state.ply,
        "games_played": table.games_played,
        "to_move": to_move,
        "chance": state.is_chance_node() and not table.over,
        "your_turn": your_turn,
        "thinking": thinking,
        "last_search": {
            str(p): {"seconds": round(t.seconds, 3), "simulations": t.simulations, "cut": t.cut}
            for p, t in table.last_thought.items()
        },
        "svg": state.render_svg() if whole else state.render_svg(seat),
        "observation": state.to_dict() if whole else state.observation_dict(seat),
        "moves": moves,
        "log": [{"actor": e.actor, "text": e.text if whole else e.shown[seat]} for e in table.log],
        "can_undo": table.undo_refusal(seat) is None,
        "hints": table.hints and seat != SPECTATOR,
        "can_hint": table.may_hint(seat),
        "new_game_asked": sorted(table.new_game_asks),
        "bot_only": table.bot_only,
        "can_stop": whole and table.bot_only and not table.over,
        "paused": table.paused,
        "over": table.over,
        "result": result,
        "failure": table.failure,
        "pace": table.pace,
    }
