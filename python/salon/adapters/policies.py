"""The small policy interface the adapters use for "the other seats".

A policy is either a callable ``(state) -> action`` or an object with a ``step(state)`` method
(OpenSpiel's bots and salon's native ``salon.Bot`` have one).
Policies are only asked at decision nodes (never at chance nodes or terminal states).
"""

from __future__ import annotations

from typing import Any, Callable, Protocol, Union, runtime_checkable

from salon import _core
from salon._splitmix import SplitMix64

_MASK63 = (1 << 63) - 1


@runtime_checkable
class SteppingBot(Protocol):
    """An object with OpenSpiel's bot method ``step(state) -> action``."""

    def step(self, state: Any) -> int: ...


PolicyLike = Union[Callable[[_core.State], int], SteppingBot]


class UniformRandomPolicy:
    """Uniformly random legal moves from its own seeded generator (SplitMix64, stable across versions)."""

    def __init__(self, seed: int | None = 0) -> None:
        self._rng = SplitMix64(0)
        self.seed(seed)

    def seed(self, seed: int | None) -> None:
        """Restarts the generator; ``None`` keeps a fixed default (0) so that runs stay reproducible."""
        self._rng = SplitMix64(0 if seed is None else int(seed) & ((1 << 64) - 1))

    def __call__(self, state: _core.State) -> int:
        legal = state.legal_actions()
        if not legal:
            raise _core.WrongNodeError("no legal action: the state is terminal or a chance node")
        return legal[self._rng.below(len(legal))]

    def step(self, state: _core.State) -> int:
        return self(state)

    def __repr__(self) -> str:
        return "UniformRandomPolicy()"


def as_policy(policy: PolicyLike) -> Callable[[_core.State], int]:
    """A plain callable for a policy given as a callable or as an object with ``step(state)``."""
    step = getattr(policy, "step", None)
    if callable(step) and not isinstance(policy, UniformRandomPolicy):
        return lambda state: int(step(state))
    if callable(policy):
        return lambda state: int(policy(state))
    raise TypeError(f"a policy is a callable (state) -> action or has a step(state) method, not {policy!r}")


def reseed(policy: object, seed: int) -> bool:
    """Reseeds a policy that has a ``reseed(int)`` method (``salon.Bot``) or a ``seed(int)``
    method (:class:`UniformRandomPolicy`, many third-party bots); leaves any other policy alone.
    Returns whether the policy was reseeded."""
    for name in ("reseed", "seed"):
        method = getattr(policy, name, None)
        if callable(method):
            method(int(seed))
            return True
    return False


def derive_seed(*parts: int) -> int:
    """A 63-bit seed from integers (SplitMix64 over them), for per-game and per-seat seeds."""
    x = 0x5A10
    for p in parts:
        x = SplitMix64(x ^ (int(p) & ((1 << 64) - 1))).next_u64()
    return x & _MASK63
