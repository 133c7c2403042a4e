"""Swiss pairing by minimum-cost perfect matching.

Objective
=========
Each round we choose, among all ways of pairing the active players (plus a
bye when the count is odd), the one that is lexicographically best on:

1. **Rematches** - the fewest previous meetings among the new pairs (a pair
   that already met ``k`` times costs ``k``). Rematches are therefore only
   ever produced when no pairing without one exists; they are reported as a
   warning, never an error.
2. **The bye** - it may only go to a player with the fewest byes so far (so
   nobody gets a second bye while another active player has none: a hard
   constraint), and among those to the lowest-ranked one *whose bye still lets
   everybody else be paired with the minimal number of rematches* (tier 1
   dominates tier 2). Design decision: the bye is chosen "before the others
   are paired" in the sense that no score-difference saving elsewhere can
   move the bye up the standings; only avoiding a rematch can.
3. **Score disparity** - the sum over pairs of the squared match-point
   difference. Squaring makes one long pair-down (9 vs 3: 36) worse than two
   short ones (9 vs 6 and 6 vs 3: 9 + 9), so a player who must be paired down
   meets the nearest possible score group.
4. **Seeded random tie-break** - among equally good pairings one is chosen
   at random from the event seed (and round number), so the same input always
   gives the same pairings.

The four tiers are folded into one integer cost per edge
``((rematch * M2 + bye_penalty) * M3 + squared_diff) * M4 + random`` with each
multiplier larger than the largest possible total of all lower tiers, and
``rustworkx.max_weight_matching(max_cardinality=True)`` maximises
``BIG - cost``; since every perfect matching has the same number of edges this
minimises the summed cost exactly (Python ints; rustworkx uses 128-bit
integers).

Scaling (why it is fast at 16,384 players and still optimal)
=============================================================
The blossom algorithm is cubic, so at most ``exact_limit`` players are ever
put in one dense graph. Bigger fields are cut into *pieces*: players are
sorted by points (randomly within equal points, from the seed), the bye
candidate is set aside, and the list is cut at even positions - preferably at
score-group boundaries - into contiguous pieces of about ``chunk_size``
players. Each piece is paired optimally on its own (complete graph).

Lower bound: without the rematch constraint, the cheapest perfect matching of
numbers on a line under the convex cost ``(x - y)**2`` pairs sorted neighbours
(1-2, 3-4, ...): any crossing or nested pair can be uncrossed without raising
the cost. Call that cost ``L0``. Because the cuts are at even positions,
``L0(all) = sum(L0(piece))``.

Certificate: a piece is *certified* when its pairing has no rematch, gives
the bye (if it holds it) to the overall best bye candidate, and costs exactly
its ``L0``. If every piece is certified the whole pairing has 0 rematches, the
best possible bye and disparity equal to the global lower bound - it is
optimal on tiers 1-3 for the whole event, not just per piece.

End blocks: the top (or bottom) piece often carries a cost the bound above
cannot see - e.g. the two leaders already met, so both must be paired down.
Such a piece ``T`` is certified by a boundary bound instead. Let ``t`` be the
highest score below the cut. For any edge crossing the cut, ``(a - b)**2 >=
(a - t)**2 + (t - b)**2`` (``a >= t >= b``), so its cost can be split between
the two sides. ``R(T)`` is the cheapest way to pair ``T`` when any member may
instead be *exported* across the cut at price ``(p - t)**2`` (or, for a bye
candidate, at its bye penalty; a bye vertex held by ``T`` exports for free);
it is computed exactly with dummy vertices in one more matching. On the
other side of the cut (all pieces certified as above) the number of exported
vertices is even - the cut is at an even position - and pairing them
consecutively shows ``(t - x)**2 + (t - y)**2 >= (x - y)**2``, so those pieces
still cost at least their ``L0``. Hence ``R(T) + sum(L0(rest))`` is a lower
bound for every pairing of the whole field, and ``T`` is certified when its
own optimum equals ``R(T)``. The same holds mirrored for the bottom piece;
with both end blocks certified this way, an edge from top to bottom crossing
the middle leaves the middle ``(t1 - t2)**2``, which covers the one odd
exported pair ``(x - y)**2 <= (t1 - t2)**2`` it may cause. A bye edge
crossing a cut always costs a bye penalty of at least 1 (the best candidate
sits in its own piece), so it can never beat a certified pairing whose bye
penalty is 0.

Widening fallback: a piece that is not certified is merged with its neighbour
and the union is re-solved, repeatedly, until it is certified or reaches
``merge_limit`` players (or is the whole field, in which case it is exactly
optimal by construction). Only if a piece hits ``merge_limit`` uncertified is
the result reported with ``optimal=False`` (and a warning); this needs a
history so constrained that no rematch-free, minimal-disparity pairing exists
among hundreds of neighbouring players.

Fast path: before running the blossom algorithm on a piece, the piece's own
sorted-neighbour pairing (random within score groups) is tried a few times
with fresh shuffles; if it has no rematch it already meets the lower bound,
hence is optimal, and it is a uniformly random choice among such pairings.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

import rustworkx as rx

from .models import DEFAULT_SCORING, History, MatchRecord, PairingError, Player, Scoring, validate_and_tally
from .standings import rank_order

#: fields up to this size are always solved as one complete graph (exact).
EXACT_LIMIT = 96
#: target piece size above EXACT_LIMIT.
CHUNK_SIZE = 48
#: an uncertified piece is widened (merged) up to this many players.
MERGE_LIMIT = 320
#: an end block failing the sorted-neighbour bound is tried against the
#: boundary bound up to this many players.
BOUNDARY_LIMIT = 200
#: shuffles tried on the fast path before falling back to the blossom solver.
FAST_TRIES = 3
_RANDOM_BITS = 16


@dataclass(frozen=True)
class Pairing:
    """One table. ``b is None`` is the bye (``table`` None).

    ``a`` is the higher-ranked player of the two. ``explanation`` says why the
    pair was made; ``rematch`` is True if the two met before.
    """

    table: int | None
    a: str
    b: str | None
    explanation: str = ""
    rematch: bool = False


@dataclass(frozen=True)
class PairingResult:
    """Outcome of :func:`pair_swiss`.

    ``pairings`` is ordered by table (table 1 = highest points); the bye, if
    any, comes last. ``warnings`` are human-readable notes for the organiser
    (rematches, second byes, uncertified optimality) - never errors.
    ``rematches`` counts rematch pairs, ``unequal`` the pairs whose match
    points differ, ``disparity`` the sum of squared point differences.
    ``optimal`` is True when the result is proven optimal (see module doc).
    """

    pairings: tuple[Pairing, ...]
    warnings: tuple[str, ...] = ()
    rematches: int = 0
    unequal: int = 0
    disparity: int = 0
    optimal: bool = True


@dataclass
class _Ctx:
    """Per-group pairing context (internal)."""

    ids: list[str]
    points: dict[str, int]
    met: dict[str, dict[str, int]]
    rank: dict[str, int]
    byes: dict[str, int]
    rng: random.Random
    bye_pen: dict[str, int] = field(default_factory=dict)
    exact_limit: int = EXACT_LIMIT
    chunk_size: int = CHUNK_SIZE
    merge_limit: int = MERGE_LIMIT
    boundary_limit: int = 0


@dataclass
class _Solution:
    pairs: list[tuple[str, str | None]]
    rematch_cost: int
    bye_pen: int
    disparity: int
    certified: bool

    @property
    def cost(self) -> tuple[int, int, int]:
        """Tiers 1-3 of the objective: (rematches, bye penalty, squared diffs)."""
        return (self.rematch_cost, self.bye_pen, self.disparity)


def _l0(points_desc: list[int]) -> int:
    """Lower bound: cost of pairing sorted neighbours (list must be even)."""
    return sum((points_desc[i] - points_desc[i + 1]) ** 2 for i in range(0, len(points_desc), 2))


def _met(ctx: _Ctx, a: str, b: str) -> int:
    return ctx.met.get(a, {}).get(b, 0)


def _evaluate(ctx: _Ctx, pairs: list[tuple[str, str | None]]) -> tuple[int, int, int]:
    rem = pen = sq = 0
    for a, b in pairs:
        if b is None:
            pen += ctx.bye_pen[a]
        else:
            rem += _met(ctx, a, b)
            sq += (ctx.points[a] - ctx.points[b]) ** 2
    return rem, pen, sq


def _solve_dense(ctx: _Ctx, members: list[str], with_bye: bool) -> list[tuple[str, str | None]]:
    """Exact lexicographic optimum on the complete graph of ``members``."""
    m = len(members)
    pts = [ctx.points[x] for x in members]
    npairs = (m + (1 if with_bye else 0)) // 2
    max_sq = (max(pts) - min(pts)) ** 2 if pts else 0
    m4 = npairs * (1 << _RANDOM_BITS) + 1
    m3 = npairs * max_sq + 1
    cands = [i for i, x in enumerate(members) if x in ctx.bye_pen] if with_bye else []
    m2 = max([ctx.bye_pen[members[i]] for i in cands], default=0) + 1
    rng = ctx.rng
    bits = _RANDOM_BITS
    edges: list[tuple[int, int, int]] = []
    costs: list[int] = []
    for i in range(m):
        mi = ctx.met.get(members[i], {})
        pi = pts[i]
        for j in range(i + 1, m):
            c = ((mi.get(members[j], 0) * m2) * m3 + (pi - pts[j]) ** 2) * m4 + rng.getrandbits(bits)
            edges.append((i, j, c))
            costs.append(c)
    for i in cands:
        c = (ctx.bye_pen[members[i]] * m3) * m4
        edges.append((i, m, c))
        costs.append(c)
    big = max(costs, default=0) + 1
    g = rx.PyGraph()
    g.add_nodes_from(range(m + (1 if with_bye else 0)))
    g.add_edges_from([(i, j, big - c) for i, j, c in edges])
    matching = rx.max_weight_matching(g, max_cardinality=True, weight_fn=lambda w: w)
    pairs: list[tuple[str, str | None]] = []
    for i, j in matching:
        i, j = min(i, j), max(i, j)
        pairs.append((members[i], None if j == m else members[j]))
    if 2 * len(pairs) != m + (1 if with_bye else 0):  # pragma: no cover - complete graph
        raise PairingError("internal error: no perfect matching found")
    return pairs


def _group_shuffle(ctx: _Ctx, members: list[str]) -> list[str]:
    """Members sorted by points (desc), shuffled within equal points."""
    out = list(members)
    ctx.rng.shuffle(out)
    out.sort(key=lambda x: -ctx.points[x])
    return out


def _solve_piece(ctx: _Ctx, members: list[str], bye_player: str | None, exact: bool) -> _Solution:
    """Pair one piece. ``bye_player`` is the best bye candidate if the piece
    holds the bye (then the piece has an odd number of members)."""
    with_bye = bye_player is not None
    rest = [x for x in members if x != bye_player]
    bound = _l0(sorted((ctx.points[x] for x in rest), reverse=True))
    if not exact:
        # Fast path: sorted-neighbour pairing meets the lower bound; if it has
        # no rematch it is optimal (tiers 1-3), see module docstring.
        for _ in range(FAST_TRIES):
            order = _group_shuffle(ctx, rest)
            pairs: list[tuple[str, str | None]] = [(order[i], order[i + 1]) for i in range(0, len(order), 2)]
            if all(_met(ctx, a, b) == 0 for a, b in pairs):  # type: ignore[arg-type]
                if with_bye:
                    pairs.append((bye_player, None))  # type: ignore[arg-type]
                rem, pen, sq = _evaluate(ctx, pairs)
                return _Solution(pairs, rem, pen, sq, certified=True)
    pairs = _solve_dense(ctx, members, with_bye)
    rem, pen, sq = _evaluate(ctx, pairs)
    bye_ok = (not with_bye) or any(b is None and a == bye_player for a, b in pairs)
    certified = exact or (rem == 0 and bye_ok and sq == bound)
    return _Solution(pairs, rem, pen, sq, certified)


def _cut(ctx: _Ctx, order: list[str]) -> list[list[str]]:
    """Cut an even-length sorted list at even positions into pieces of about
    ``chunk_size``, preferring score-group boundaries."""
    size = ctx.chunk_size
    n = len(order)
    pieces: list[list[str]] = []
    start = 0
    while start < n:
        if n - start < size * 3 // 2:
            pieces.append(order[start:])
            break
        cut = None
        for pos in range(start + size, min(n, start + 2 * size) + 1, 2):
            if pos == n or ctx.points[order[pos - 1]] != ctx.points[order[pos]]:
                cut = pos
                break
        if cut is None:
            cut = start + size
        pieces.append(order[start:cut])
        start = cut
    return pieces


def _solve_group(ctx: _Ctx) -> tuple[list[tuple[str, str | None]], bool]:
    """Pair one pairing group; returns pairs and whether proven optimal."""
    n = len(ctx.ids)
    if n == 0:
        return [], True
    with_bye = n % 2 == 1
    best_bye: str | None = None
    if with_bye:
        fewest = min(ctx.byes[x] for x in ctx.ids)
        cands = sorted((x for x in ctx.ids if ctx.byes[x] == fewest), key=lambda x: -ctx.rank[x])
        ctx.bye_pen = {x: k for k, x in enumerate(cands)}
        best_bye = cands[0]
    if n == 1:
        return [(ctx.ids[0], None)], True
    if n <= ctx.exact_limit:
        sol = _solve_piece(ctx, list(ctx.ids), best_bye, exact=True)
        return sol.pairs, True

    order = _group_shuffle(ctx, [x for x in ctx.ids if x != best_bye])
    pieces = _cut(ctx, order)
    holder: int | None = None
    if best_bye is not None:
        # put the bye candidate into the piece where it sorts by points
        p = ctx.points[best_bye]
        holder = len(pieces) - 1
        for k, piece in enumerate(pieces):
            if ctx.points[piece[-1]] <= p:
                holder = k
                break
        pieces[holder] = pieces[holder] + [best_bye]

    solutions: list[_Solution | None] = [None] * len(pieces)
    kinds: list[str] = [""] * len(pieces)  # how each accepted piece was certified
    optimal = True
    i = 0
    while i < len(pieces):
        whole = len(pieces) == 1
        sol = _solve_piece(ctx, pieces[i], best_bye if holder == i else None, exact=whole)
        kind = "exact" if whole else ("L0" if sol.certified else "")
        if not kind and len(pieces[i]) <= ctx.boundary_limit:
            # End blocks may carry a cost the sorted-neighbour bound cannot see
            # (e.g. the two leaders already met): certify them with the
            # boundary bound instead (module docstring, "End blocks").
            last = len(pieces) - 1
            if i == 0:
                t = max(ctx.points[x] for x in pieces[1])
                if _boundary_certified(ctx, pieces[0], holder == 0, t, target=sol.cost):
                    kind = "R"
            elif i == last and (last >= 2 or kinds[0] != "R"):
                t = min(ctx.points[x] for x in pieces[last - 1])
                if _boundary_certified(ctx, pieces[i], holder == i, t, target=sol.cost):
                    kind = "R"
        if kind or len(pieces[i]) >= ctx.merge_limit:
            if not kind:
                optimal = False
            solutions[i] = sol
            kinds[i] = kind
            i += 1
            continue
        # widen: merge with the next piece (or the previous one at the end)
        j = i + 1 if i + 1 < len(pieces) else i - 1
        lo, hi = min(i, j), max(i, j)
        pieces[lo] = pieces[lo] + pieces[hi]
        del pieces[hi]
        del solutions[hi]
        del kinds[hi]
        if holder is not None and holder in (lo, hi):
            holder = lo
        elif holder is not None and holder > hi:
            holder -= 1
        solutions[lo] = None
        kinds[lo] = ""
        i = lo
    pairs = [pr for s in solutions if s is not None for pr in s.pairs]
    return pairs, optimal


def _boundary_certified(
    ctx: _Ctx,
    members: list[str],
    holds_bye: bool,
    t: int,
    *,
    target: tuple[int, int, int],
) -> bool:
    """True if no pairing of the whole group can beat ``target`` on this end
    block: computes the block's boundary bound R (see module docstring) with
    exports across the cut priced ``(p - t)**2`` and checks R == target."""
    m = len(members)
    outside_cands = bool(ctx.bye_pen) and any(x not in members for x in ctx.bye_pen)
    # vertex list: real members, then the bye vertex if this block holds it
    verts: list[str | None] = list(members) + ([None] if holds_bye else [])
    export: dict[int, tuple[int, int, int]] = {}
    for k, x in enumerate(verts):
        if x is None:
            if outside_cands:
                export[k] = (0, 0, 0)
            continue
        opts = [(0, 0, (ctx.points[x] - t) ** 2)]
        if not holds_bye and x in ctx.bye_pen:
            opts.append((0, ctx.bye_pen[x], 0))
        e = min(opts)
        if e < target:  # exporting x alone already costs >= target: never better
            export[k] = e
    if not export:
        return True  # no export can help: R is the block's own optimum
    nv = len(verts)
    edges: list[tuple[int, int, tuple[int, int, int]]] = []
    for a in range(nv):
        xa = verts[a]
        for b in range(a + 1, nv):
            xb = verts[b]
            if xa is None or xb is None:
                y = xb if xa is None else xa
                if y in ctx.bye_pen:
                    edges.append((a, b, (0, ctx.bye_pen[y], 0)))
                continue
            edges.append((a, b, (_met(ctx, xa, xb), 0, (ctx.points[xa] - ctx.points[xb]) ** 2)))
    dummies = list(range(nv, nv + len(export) + (len(export) % 2)))
    for d, (k, e) in zip(dummies, export.items()):
        edges.append((k, d, e))
    for a in range(len(dummies)):
        for b in range(a + 1, len(dummies)):
            edges.append((dummies[a], dummies[b], (0, 0, 0)))
    total = nv + len(dummies)
    half = total // 2 + 1
    m3 = half * max((c[2] for _, _, c in edges), default=0) + 1
    m2 = half * max((c[1] for _, _, c in edges), default=0) + 1
    scal = [((c[0] * m2 + c[1]) * m3 + c[2]) for _, _, c in edges]
    big = max(scal, default=0) + 1
    g = rx.PyGraph()
    g.add_nodes_from(range(total))
    g.add_edges_from([(a, b, big - w) for (a, b, _), w in zip(edges, scal)])
    matching = rx.max_weight_matching(g, max_cardinality=True, weight_fn=lambda w: w)
    if 2 * len(matching) != total:  # pragma: no cover - complete real part
        return False
    cost_of = {(min(a, b), max(a, b)): c for a, b, c in edges}
    r = [0, 0, 0]
    for a, b in matching:
        c = cost_of[(min(a, b), max(a, b))]
        r[0] += c[0]
        r[1] += c[1]
        r[2] += c[2]
    return tuple(r) == target


def _seeded_round_one(ctx: _Ctx, seeding_rank: dict[str, int]) -> list[tuple[str, str | None]]:
    """Round 1 by the organiser's seeding: top half meets bottom half
    (seed 1 vs seed N/2+1, ...); the bye goes to the lowest seed."""
    order = sorted(ctx.ids, key=lambda x: seeding_rank[x])
    pairs: list[tuple[str, str | None]] = []
    if len(order) % 2:
        pairs.append((order.pop(), None))
    half = len(order) // 2
    pairs[:0] = [(order[k], order[k + half]) for k in range(half)]
    return pairs


def pair_swiss(
    players: Sequence[Player],
    rounds: Sequence[Iterable[MatchRecord]],
    *,
    scoring: Scoring = DEFAULT_SCORING,
    seed: object = 0,
    groups: bool = False,
    seeding: Sequence[str] | None = None,
    tiebreakers: str = "mlp",
    exact_limit: int = EXACT_LIMIT,
    chunk_size: int = CHUNK_SIZE,
    merge_limit: int = MERGE_LIMIT,
    boundary_limit: int = BOUNDARY_LIMIT,
) -> PairingResult:
    """Pair the next Swiss round.

    * ``players`` - everybody registered; dropped players are never paired.
      A late entrant simply appears with their starting ``points``.
    * ``rounds`` - the rounds played so far, each a list of
      :class:`MatchRecord` (validated; bad input raises :class:`PairingError`).
    * ``scoring`` - the event's points table (MLP floor rules: win 3, loss 1,
      draw 1, bye 3 - pass :data:`MLP_SCORING`).
    * ``seed`` - the event's seed: same input and seed, same pairings.
    * ``groups`` - pair only within each player's ``group`` (draft pods);
      each group with an odd count gets its own bye.
    * ``seeding`` - organiser's seeding (player ids, best first) used for the
      first round when no round has been played: seed 1 meets seed N/2+1 and
      so on; without it round 1 is random from ``seed``.
    * ``tiebreakers`` - standings system used to rank players for the bye and
      for table order.

    ``exact_limit``/``chunk_size``/``merge_limit``/``boundary_limit`` tune the decomposition of
    large fields (see module docstring); defaults suit events of any size.
    """
    if chunk_size < 2 or chunk_size % 2:
        raise PairingError("chunk_size must be an even number >= 2")
    history: History = validate_and_tally(players, rounds, scoring)
    round_no = history.rounds_played + 1
    active = [p for p in players if not p.dropped]
    rank = {pid: k for k, pid in enumerate(rank_order(history, seed=seed, tiebreakers=tiebreakers), start=1)}
    seeding_rank: dict[str, int] | None = None
    if seeding is not None:
        seeding_rank = {}
        for k, pid in enumerate(seeding):
            if pid not in history.players:
                raise PairingError(f"seeding: unknown player id {pid!r}")
            if pid in seeding_rank:
                raise PairingError(f"seeding: player {pid!r} is listed twice")
            seeding_rank[pid] = k
        # unseeded players after the seeded ones, in standings order
        for pid in sorted(history.players, key=lambda x: rank[x]):
            seeding_rank.setdefault(pid, len(seeding_rank))
        if history.rounds_played == 0:
            rank = {pid: k + 1 for k, pid in enumerate(sorted(rank, key=lambda x: seeding_rank[x]))}

    buckets: dict[str | None, list[str]] = {}
    for p in active:
        buckets.setdefault(p.group if groups else None, []).append(p.id)

    points = {pid: r.points for pid, r in history.records.items()}
    byes = {pid: r.byes for pid, r in history.records.items()}
    warnings: list[str] = []
    all_pairs: list[tuple[str, str | None, str]] = []
    optimal = True
    total_rem = total_unequal = total_sq = 0

    for gname in sorted(buckets, key=lambda g: (g is not None, str(g))):
        ids = buckets[gname]
        ctx = _Ctx(
            ids=ids,
            points=points,
            met=history.met,
            rank=rank,
            byes=byes,
            rng=random.Random(f"swiss\x00{seed}\x00{round_no}\x00{gname}"),
            exact_limit=max(exact_limit, 2),
            chunk_size=chunk_size,
            merge_limit=merge_limit,
            boundary_limit=boundary_limit,
        )
        label = f"group {gname!r}: " if groups and gname is not None else ""
        seeded = seeding_rank is not None and history.rounds_played == 0
        if seeded:
            assert seeding_rank is not None
            pairs = _seeded_round_one(ctx, seeding_rank)
            if len(ids) % 2:
                ctx.bye_pen = {pairs[-1][0]: 0}
            group_optimal = True
        else:
            pairs, group_optimal = _solve_group(ctx)
        optimal = optimal and group_optimal
        n_in_group: dict[int, int] = {}
        bye_player = next((a for a, b in pairs if b is None), None)
        for x in ids:
            if x != bye_player:
                n_in_group[points[x]] = n_in_group.get(points[x], 0) + 1
        group_rem = 0
        for a, b in pairs:
            if b is None:
                expl = _explain_bye(ctx, a, seeded)
                if byes[a] > 0:
                    warnings.append(
                        f"{label}{a} receives bye number {byes[a] + 1}: every active player has had a bye"
                    )
                all_pairs.append((a, None, expl))
                continue
            if rank[b] < rank[a]:
                a, b = b, a
            k = _met(ctx, a, b)
            if k:
                group_rem += 1
            if points[a] != points[b]:
                total_unequal += 1
                total_sq += (points[a] - points[b]) ** 2
            expl = _explain_pair(ctx, a, b, k, n_in_group, seeded, seeding_rank, round_no, group_optimal)
            all_pairs.append((a, b, expl))
        if group_rem:
            total_rem += group_rem
            if group_optimal:
                everyone_met = all(_met(ctx, x, y) for i, x in enumerate(ids) for y in ids[i + 1 :])
                why = "all possible pairings were played" if everyone_met else "no pairing without a rematch exists"
                warnings.append(f"{label}{group_rem} rematch(es): {why}")
            else:
                warnings.append(f"{label}{group_rem} rematch(es): no rematch-free pairing was found")
        if not group_optimal:
            warnings.append(f"{label}pairing could not be proven optimal (very constrained history)")

    def table_key(t: tuple[str, str | None, str]) -> tuple:
        a, b, _ = t
        if b is None:
            return (1, 0, 0, rank[a])
        return (0, -max(points[a], points[b]), -min(points[a], points[b]), min(rank[a], rank[b]))

    all_pairs.sort(key=table_key)
    result: list[Pairing] = []
    table = 0
    for a, b, expl in all_pairs:
        if b is None:
            result.append(Pairing(None, a, None, expl, False))
        else:
            table += 1
            result.append(Pairing(table, a, b, expl, _met(ctx, a, b) > 0))
    return PairingResult(
        pairings=tuple(result),
        warnings=tuple(warnings),
        rematches=total_rem,
        unequal=total_unequal,
        disparity=total_sq,
        optimal=optimal,
    )


def _pts(n: int) -> str:
    return f"{n} point" if n in (1, -1) else f"{n} points"


def _explain_bye(ctx: _Ctx, a: str, seeded: bool) -> str:
    if seeded:
        return "bye: lowest seed (round 1 by seeding)"
    pen = ctx.bye_pen.get(a, 0)
    if ctx.byes[a] > 0:
        base = f"bye: every active player has had a bye; lowest-ranked player with the fewest byes ({ctx.byes[a]})"
    else:
        base = "bye: lowest-ranked player without a bye"
    if pen:
        base += f" whose bye leaves a pairing with the fewest rematches ({pen} lower-ranked would force more)"
    return base


def _explain_pair(
    ctx: _Ctx,
    a: str,
    b: str,
    met: int,
    n_at: dict[int, int],
    seeded: bool,
    seeding_rank: dict[str, int] | None,
    round_no: int,
    optimal: bool,
) -> str:
    pa, pb = ctx.points[a], ctx.points[b]
    parts: list[str] = []
    if seeded and seeding_rank is not None:
        parts.append(f"round 1 by seeding: seed {seeding_rank[a] + 1} vs seed {seeding_rank[b] + 1}")
    elif round_no == 1 and pa == pb and len(n_at) == 1:
        parts.append("round 1: random pairing from the event seed")
    elif pa == pb:
        parts.append(f"same score group ({_pts(pa)})")
    else:
        hi, lo = max(pa, pb), min(pa, pb)
        if n_at.get(hi, 0) % 2:
            reason = f"odd number of players at {_pts(hi)} ({n_at[hi]})"
        else:
            reason = f"no unplayed opponent left at {_pts(hi)}"
        between = sorted((p for p in n_at if lo < p < hi), reverse=True)
        if between:
            reason += f"; none available at {', '.join(map(str, between))} points either"
        parts.append(f"paired down from {hi} to {_pts(lo)}: {reason}")
    if met:
        times = "once" if met == 1 else f"{met} times"
        why = "no pairing without a rematch exists" if optimal else "no rematch-free pairing was found"
        parts.append(f"rematch (met {times} before): {why}")
    return "; ".join(parts)
