"""What a network bot thinks of a position: ``Bot("network").analyse(state)``.

Everything here comes from the search of the player to move, which reads only that player's
information (hidden cards are drawn afresh from what the player can know); the move texts of
the principal variation beyond the first are written on such a drawn state, so they name no
card the player cannot see.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from salon._core import State

__all__ = ["Analysis", "MoveAnalysis"]


@dataclass(frozen=True)
class MoveAnalysis:
    """One legal move at the root: its prior (the network's probability), the simulations
    through it and their mean value for the player to move (a win share; ``None`` when no
    simulation tried the move)."""

    action: int
    text: str
    prior: float
    visits: int
    value: float | None


@dataclass(frozen=True)
class Analysis:
    player: int
    #: Every legal move, the most visited first (then by prior).
    moves: list[MoveAnalysis]
    chosen: int
    chosen_text: str
    #: The chosen move, then the most visited reply at each decision below it.
    principal_variation: list[int]
    principal_variation_text: list[str]
    #: The root's mean value of every player (win shares).
    root_values: list[float]
    simulations: int

    @classmethod
    def _from_core(cls, state: State, d: dict[str, Any]) -> "Analysis":
        player = int(d["player"])
        moves = [MoveAnalysis(int(a), state.action_to_string(int(a)), float(p), int(n), None if v is None else float(v))
                 for a, p, n, v in d["moves"]]
        moves.sort(key=lambda m: (-m.visits, -m.prior, m.action))
        pv = [int(a) for a in d["principal_variation"]]
        return cls(player=player, moves=moves, chosen=int(d["chosen"]), chosen_text=state.action_to_string(int(d["chosen"])),
                   principal_variation=pv, principal_variation_text=_variation_texts(state, player, pv),
                   root_values=[float(v) for v in d["root_values"]], simulations=int(d["simulations"]))

    def to_dict(self) -> dict[str, Any]:
        """Plain data (JSON-ready)."""
        return {
            "player": self.player, "chosen": self.chosen, "chosen_text": self.chosen_text,
            "simulations": self.simulations, "root_values": list(self.root_values),
            "principal_variation": list(self.principal_variation),
            "principal_variation_text": list(self.principal_variation_text),
            "moves": [{"action": m.action, "text": m.text, "prior": m.prior, "visits": m.visits, "value": m.value}
                      for m in self.moves],
        }

    def __str__(self) -> str:
        lines = [f"player {self.player} to move; {self.simulations} simulations; chosen: {self.chosen_text}",
                 "root values: " + ", ".join(f"player {p} {v:.3f}" for p, v in enumerate(self.root_values)),
                 "principal variation: " + " | ".join(self.principal_variation_text),
                 f"  {'visits':>6} {'prior':>6} {'value':>6}  move"]
        for m in self.moves:
            value = "-" if m.value is None else f"{m.value:.3f}"
            lines.append(f"  {m.visits:>6} {m.prior:>6.3f} {value:>6}  {m.text}")
        return "\n".join(lines)


def _variation_texts(state: State, player: int, pv: list[int]) -> list[str]:
    """The moves' texts, each written at the state it is played in: a state the player may
    believe (drawn from their information) when the game hides anything."""
    texts: list[str] = []
    s = state.clone() if state.game().perfect_information else state.resample_from_infostate(player, seed=0)
    for a in pv:
        if s.is_chance_node() or s.is_terminal() or a not in s.legal_actions():
            break
        texts.append(s.action_to_string(a))
        s.apply_action(a)
    return texts
