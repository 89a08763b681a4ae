"""A tiny, fixed pseudo-random sequence for choosing moves in tests and goldens.

Python's ``random`` module may change its algorithms between versions; golden files must not.
"""

from __future__ import annotations

_MASK = (1 << 64) - 1


class SplitMix64:
    """SplitMix64 (Steele, Lea and Flood, 2014)."""

    def __init__(self, seed: int) -> None:
        self._x = seed & _MASK

    def next_u64(self) -> int:
        self._x = (self._x + 0x9E3779B97F4A7C15) & _MASK
        z = self._x
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, bound: int) -> int:
        """An integer in ``[0, bound)`` (modulo bias is irrelevant for choosing moves)."""
        return self.next_u64() % bound
