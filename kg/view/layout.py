"""A deterministic force layout (Fruchterman–Reingold with gravity) on numpy alone.

networkx's ``spring_layout`` switches to a scipy solver at 500 nodes and scipy is not a kg
dependency; this one is dense, bounded by ``max_concepts``, and always the same for the same
input: a seeded start, a fixed number of steps, and rounded output.
"""

from __future__ import annotations

import numpy as np


def force_layout(
    n: int,
    links: list[tuple[int, int, float]],
    *,
    iterations: int | None = None,
    gravity: float = 0.15,
    seed: int = 0,
) -> list[tuple[float, float]]:
    """Return `n` positions in the unit square for nodes 0..n-1 joined by weighted `links`.

    Parameters
    ----------
    n : number of nodes.
    links : ``(i, j, weight)`` triples; heavier links pull harder.
    iterations : fixed number of cooling steps (no convergence test, so runs never differ);
        by default 300, fewer above 500 nodes, where each step costs n² work.
    gravity : pull towards the centre that keeps disconnected parts on the map.
    seed : start positions come from ``numpy.random.default_rng(seed)``.

    Examples
    --------
    >>> pos = force_layout(3, [(0, 1, 1.0), (1, 2, 1.0)])
    >>> len(pos), all(0 <= x <= 1 and 0 <= y <= 1 for x, y in pos)
    (3, True)
    """
    if n == 0:
        return []
    if n == 1:
        return [(0.5, 0.5)]
    if iterations is None:
        iterations = 300 if n <= 500 else max(60, 150_000 // n)
    rng = np.random.default_rng(seed)
    pos = rng.random((n, 2))
    A = np.zeros((n, n))
    for i, j, w in links:
        if i != j:
            A[i, j] = A[j, i] = max(A[i, j], float(w))
    k = 1.0 / np.sqrt(n)
    t = 0.1
    dt = t / (iterations + 1)
    for _ in range(iterations):
        delta = pos[:, None, :] - pos[None, :, :]
        dist = np.sqrt((delta**2).sum(axis=-1))
        np.clip(dist, 0.01, None, out=dist)
        # repulsion k²/d between all pairs, attraction w·d²/k along links
        force = k * k / dist**2 - A * dist / k
        disp = np.einsum("ijk,ij->ik", delta, force)
        disp -= gravity * n * k * (pos - pos.mean(axis=0))
        length = np.sqrt((disp**2).sum(axis=1))
        np.clip(length, 0.01, None, out=length)
        pos += disp * (t / length)[:, None]
        t -= dt
    lo, hi = pos.min(axis=0), pos.max(axis=0)
    span = float((hi - lo).max()) or 1.0
    # one scale for both axes keeps distances honest; the narrower axis is centred
    pos = (pos - lo) / span + (1.0 - (hi - lo) / span) / 2
    return [(round(float(x), 4), round(float(y), 4)) for x, y in pos]
