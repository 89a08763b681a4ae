"""What a seat's page may receive: its own drawing, its own view as data, its own legal moves,
and the moves of the game as that seat may read them (``salon.serve.visibility``). Bots'
search statistics name candidate moves, so only their counts are sent.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

from salon import _core

if TYPE_CHECKING:
    from salon.serve.tables import Table

SPECTATOR = -1


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
