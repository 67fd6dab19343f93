"""The valley: laid tiles, features (incremental union-find), Wardens and scoring.

This module knows the rules of *where* a tile may go and *what scores*; the
turn sequence (draw, Veil, set aside, whose turn) lives in ``state.py``.

Features are tracked as a union-find over region instances (``cell * 8 +
region index``): laying a tile creates its instances and joins each slot to the
slot it meets (design §1.4–§1.5). A feature record keeps its distinct cells,
seals, open-slot count and Warden counts, so completion is ``open == 0`` and
scoring never walks the board. Rivers and mountain areas are not in the
union-find: nothing scores a mountain area, and aquifers are measured on the
river graph of tiles once, at the end.

Rules about "the feature" of a region of the tile being laid (may a Warden go there?) are decided
on the feature as it will be *after* the lay: two regions of the new tile that both meet one
existing feature become one feature, so a Warden reached through either is on both
(:meth:`Valley.joins`).

Feature records are shared between clones and copied on first write (each
valley holds an ownership token), which makes :meth:`Valley.clone` cost a few
list/dict copies instead of a deep copy.
"""
from __future__ import annotations

from typing import Any

from .data import DISTINCT_R, MAX_REGIONS, NPLACE, REGION_SLOTS, SIDES, SLOT_REGION, START, START_TYPE, TYPES

W = 41                      # the valley is W x W cells
NCELLS = W * W
R = MAX_REGIONS

ROLES = {"burgh": "steward", "trail": "pathfinder", "shrine": "keeper", "river": "well-keeper",
         "meadow": "grazier"}


def cell(x: int, y: int) -> int:
    return y * W + x


def xy(c: int) -> tuple[int, int]:
    return c % W, c // W


def _neighbours(c: int) -> tuple[int, int, int, int]:
    x, y = xy(c)
    return (cell(x, y - 1) if y > 0 else -1, cell(x + 1, y) if x < W - 1 else -1,
            cell(x, y + 1) if y < W - 1 else -1, cell(x - 1, y) if x > 0 else -1)


def _ring(c: int) -> tuple[int, ...]:
    x, y = xy(c)
    return tuple(cell(x + dx, y + dy) for dy in (-1, 0, 1) for dx in (-1, 0, 1)
                 if (dx or dy) and 0 <= x + dx < W and 0 <= y + dy < W)


NEIGH = [_neighbours(c) for c in range(NCELLS)]
RING = [_ring(c) for c in range(NCELLS)]      # surrounding cells inside the valley (< 8 at the rim)

# Per placement p = type * 4 + r.
P_MOUNTAIN = [TYPES[p >> 2].mountain for p in range(NPLACE)]
P_SHRINE = [TYPES[p >> 2].shrine for p in range(NPLACE)]
P_SPRING = [TYPES[p >> 2].river >= 0 and TYPES[p >> 2].regions[TYPES[p >> 2].river].spring for p in range(NPLACE)]
P_RIVER_DIRS = [tuple(d for d in range(4) if SIDES[p][d] == "river") for p in range(NPLACE)]

#: [meadows on?][type] -> (region, is its own feature) for every region a Warden may ever take, in
#: region order. A shrine or a pool is a feature by itself, so on a new tile it is always free.
POSTS = [[tuple((ri, reg.kind == "shrine" or reg.kind == "river")
                for ri, reg in enumerate(t.regions)
                if reg.kind in ("burgh", "trail", "shrine") or (reg.kind == "river" and reg.aquifer)
                or (reg.kind == "meadow" and meadows))
          for t in TYPES] for meadows in (False, True)]

#: (type, constraint) -> rotations that fit; a constraint is the side type each neighbour demands.
_FIT: dict[tuple[int, tuple], tuple[int, ...]] = {}


def fitting_rotations(t: int, cons: tuple) -> tuple[int, ...]:
    key = (t, cons)
    rs = _FIT.get(key)
    if rs is None:
        rs = tuple(r for r in range(4)
                   if all(need is None or SIDES[t * 4 + r][d] == need for d, need in enumerate(cons)))
        _FIT[key] = rs
    return rs


class Feat:
    """One burgh, trail, meadow or shrine feature (the record lives at its union-find root)."""

    __slots__ = ("kind", "cells", "seals", "open", "wardens", "done", "touches", "owner")

    def __init__(self, kind: str, cells: set[int], seals: int, open_: int, touches: set[int] | None,
                 owner: object) -> None:
        self.kind = kind
        self.cells = cells
        self.seals = seals
        self.open = open_
        self.wardens: dict[int, int] = {}
        self.done = False          # scored during play (complete burgh/trail, full shrine)
        self.touches = touches     # meadows: burgh instances this meadow borders
        self.owner = owner

    def copy(self, owner: object) -> "Feat":
        f = Feat.__new__(Feat)
        f.kind, f.cells, f.seals, f.open = self.kind, set(self.cells), self.seals, self.open
        f.wardens, f.done, f.owner = dict(self.wardens), self.done, owner
        f.touches = set(self.touches) if self.touches is not None else None
        return f


class Valley:
    """The board and the score sheet."""

    def __init__(self, num_players: int, meadows: bool, wardens: int = 7) -> None:
        self.n = num_players
        self.meadows = meadows
        self.token = object()
        self.grid = [-1] * NCELLS
        self.parent: dict[int, int] = {}
        self.feats: dict[int, Feat] = {}
        self.frontier: set[int] = set()
        self.lays: list[tuple[int, int, int, int]] = []   # (cell, placement, seat or -1, warden region or -1)
        self.standing: list[tuple[int, int, int]] = []    # Wardens on the board: (cell, region, seat)
        self.aquifer_warden: dict[int, int] = {}          # aquifer cell -> seat of its Well-keeper
        self.wardens_left = [wardens] * num_players
        self.scores = [0] * num_players
        self.events: list[dict[str, Any]] = []
        self.quiet = False      # bots' look-ahead copies keep scores but write no events
        self._put(cell(START["x"], START["y"]), START_TYPE.index * 4 + START["r"], -1, -1, 0)

    def clone(self) -> "Valley":
        v = Valley.__new__(Valley)
        v.n, v.meadows = self.n, self.meadows
        self.token = object()   # both sides copy shared feature records before writing
        v.token = object()
        v.grid = self.grid[:]
        v.parent = dict(self.parent)
        v.feats = dict(self.feats)
        v.frontier = set(self.frontier)
        v.lays = self.lays[:]
        v.standing = self.standing[:]
        v.aquifer_warden = dict(self.aquifer_warden)
        v.wardens_left = self.wardens_left[:]
        v.scores = self.scores[:]
        v.quiet = self.quiet
        v.events = [] if self.quiet else self.events[:]
        return v

    # --- union-find ---------------------------------------------------------------
    def find(self, i: int) -> int:
        parent = self.parent
        root = i
        while parent[root] != root:
            root = parent[root]
        while parent[i] != root:
            parent[i], i = root, parent[i]
        return root

    def _own(self, root: int) -> Feat:
        f = self.feats[root]
        if f.owner is not self.token:
            f = self.feats[root] = f.copy(self.token)
        return f

    def feature(self, c: int, ri: int) -> Feat | None:
        """The feature of region ``ri`` of the tile at ``c`` (None for rivers and mountains)."""
        i = c * R + ri
        if i not in self.parent:
            return None
        return self.feats[self.find(i)]

    def _tracked(self, kind: str) -> bool:
        return kind in ("burgh", "trail", "shrine") or (kind == "meadow" and self.meadows)

    # --- where a tile may go ------------------------------------------------------
    def constraint(self, c: int) -> tuple:
        grid = self.grid
        out = []
        for d, n in enumerate(NEIGH[c]):
            out.append(SIDES[grid[n]][(d + 2) % 4] if n >= 0 and grid[n] >= 0 else None)
        return tuple(out)

    def placements(self, t: int) -> list[tuple[int, int]]:
        """Every distinct (cell, r) where tile type ``t`` may be laid, by row, column, then r."""
        distinct = DISTINCT_R[t]
        out = []
        for c in sorted(self.frontier):
            for r in fitting_rotations(t, self.constraint(c)):
                if r in distinct:
                    out.append((c, r))
        return out

    def fits_somewhere(self, t: int) -> bool:
        return any(fitting_rotations(t, self.constraint(c)) for c in self.frontier)

    def why_not(self, c: int, p: int) -> str | None:
        """None when placement ``p`` may be laid at ``c``, else the reason in words."""
        if self.grid[c] >= 0:
            return "that cell already holds a tile"
        if c not in self.frontier:
            return "a tile must share a side with a laid tile"
        for d, need in enumerate(self.constraint(c)):
            if need is not None and SIDES[p][d] != need:
                return (f"its {'north east south west'.split()[d]} side ({SIDES[p][d]}) "
                        f"would meet {need}")
        return None

    def _meetings(self, c: int, p: int) -> tuple[dict[int, int], list[tuple[int, int]]]:
        """What laying placement ``p`` at ``c`` (not laid yet) would join, slot by slot.

        Returns ``met``, each existing feature root the new tile meets -> the first region of
        the tile meeting it, and ``pairs``, (region, region) of the new tile that meet one same
        feature and so become one feature with it. This is the union-find step of :meth:`_put`
        on the new tile's regions alone, so asking costs no copy of the valley.
        """
        met: dict[int, int] = {}
        pairs: list[tuple[int, int]] = []
        parent = self.parent
        for ra, i in self._facing(c, p):
            b = parent.get(i)
            if b is None:           # a river or mountain slot (sides match, so ours is too)
                continue
            if parent[b] != b:
                b = self.find(b)
            first = met.setdefault(b, ra)
            if first != ra:
                pairs.append((first, ra))
        return met, pairs

    def _facing(self, c: int, p: int) -> list[tuple[int, int]]:
        """Each slot where placement ``p`` at ``c`` meets a laid tile, side by side, three a side:
        (the region of ``p`` there, the neighbour's region key ``n * R + region`` facing it)."""
        grid = self.grid
        slot_region = SLOT_REGION[p]
        out: list[tuple[int, int]] = []
        for d, n in enumerate(NEIGH[c]):
            if n < 0 or grid[n] < 0:
                continue
            other = SLOT_REGION[grid[n]]
            od = ((d + 2) % 4) * 3
            for k in range(3):
                out.append((slot_region[d * 3 + k], n * R + other[od + 2 - k]))
        return out

    def joins(self, c: int, p: int) -> list[list[int]]:
        """For each region of placement ``p`` laid at ``c`` (not laid yet), the regions of the
        same tile that will be one feature with it once the tile is down (itself included).

        Two regions of one tile become one feature when both meet one existing feature: a
        Twin-bends tile whose two trails run into one trail, a fork whose two meadows open onto
        one field, Twin walls between two arms of one burgh.
        """
        n = len(TYPES[p >> 2].regions)
        group = [{ri} for ri in range(n)]
        for a, b in self._meetings(c, p)[1]:
            if group[a] is not group[b]:
                merged = group[a] | group[b]
                for ri in merged:
                    group[ri] = merged
        return [sorted(g) for g in group]

    def warden_options(self, c: int, p: int, seat: int) -> list[int]:
        """Regions of placement ``p`` at ``c`` that may take one of ``seat``'s Wardens (not laid yet).

        A region is free when its feature *after the lay* holds no Warden. That feature may reach
        a Warden through another region of the same tile (see :meth:`joins`), so a region is
        blocked when it meets a held feature or is joined to a region that does.
        """
        if self.wardens_left[seat] <= 0:
            return []
        met, pairs = self._meetings(c, p)
        feats = self.feats
        blocked = {ra for b, ra in met.items() if feats[b].wardens}
        if blocked and pairs:
            grew = True
            while grew:             # at most a few rounds: a tile has at most 12 slot pairs
                grew = False
                for a, b in pairs:
                    if (a in blocked) != (b in blocked):
                        blocked.add(a)
                        blocked.add(b)
                        grew = True
        posts = POSTS[self.meadows][p >> 2]
        if not blocked:
            return [ri for ri, _own in posts]
        return [ri for ri, own in posts if own or ri not in blocked]

    def why_no_warden(self, c: int, p: int, ri: int, seat: int) -> str | None:
        """None when region ``ri`` of placement ``p`` at ``c`` may take ``seat``'s Warden, else why not.

        The words name a Warden in the way and, when that Warden is reached only through another
        region of the tile (the lay makes the two regions one feature), that region too.
        """
        if ri in self.warden_options(c, p, seat):
            return None
        tt = TYPES[p >> 2]
        reg = tt.regions[ri]
        if self.wardens_left[seat] <= 0:
            return "you have no Wardens left"
        if reg.kind in ("river", "mountain"):
            return f"a Warden cannot stand on a {'spring or river' if reg.kind == 'river' else 'mountain'}"
        if reg.kind == "meadow" and not self.meadows:
            return "Graziers need meadow scoring, which is off at this table"
        # the region's own slots first, then the regions the lay joins it to
        for j in sorted(self.joins(c, p)[ri], key=lambda j: j != ri):
            for b in self._met_by(c, p, j):
                if self.feats[b].wardens:
                    held = f"a {reg.kind} that already holds a Warden ({self._warden_on(b)})"
                    if j == ri:
                        return f"the {reg.kind} {reg.id} joins {held}"
                    return (f"once the tile is laid, its {reg.kind} {reg.id} is one {reg.kind} with "
                            f"{tt.regions[j].id}, which joins {held}")
        raise AssertionError("a region refused with no Warden in the way")

    def _met_by(self, c: int, p: int, ri: int) -> list[int]:
        """Roots of the existing features region ``ri`` of the new tile meets by its own slots."""
        out: list[int] = []
        grid = self.grid
        for s in REGION_SLOTS[p][ri]:
            d, k = divmod(s, 3)
            n = NEIGH[c][d]
            if n >= 0 and grid[n] >= 0:
                b = self.find(n * R + SLOT_REGION[grid[n]][((d + 2) % 4) * 3 + 2 - k])
                if b not in out:
                    out.append(b)
        return out

    def _warden_on(self, root: int) -> str:
        """The first Warden posted on the feature at ``root``, in words: "seat 2's Pathfinder at 21,20"."""
        for c, ri, seat in self.standing:
            i = c * R + ri
            if i in self.parent and self.find(i) == root:
                x, y = xy(c)
                role = ROLES[TYPES[self.grid[c] >> 2].regions[ri].kind].capitalize()
                return f"seat {seat + 1}'s {role} at {x},{y}"
        raise AssertionError("a feature with Wardens but none standing")

    # --- laying -------------------------------------------------------------------
    def lay(self, c: int, p: int, ri: int, seat: int, after: int) -> None:
        """Lay placement ``p`` at ``c`` (already checked), post a Warden on ``ri`` (-1: none), score."""
        self._put(c, p, ri, seat, after)
        self._score_play(c, after)

    def _put(self, c: int, p: int, ri: int, seat: int, after: int) -> None:
        grid, parent, feats, token = self.grid, self.parent, self.feats, self.token
        grid[c] = p
        self.frontier.discard(c)
        for n in NEIGH[c]:
            if n >= 0 and grid[n] < 0:
                self.frontier.add(n)
        self.lays.append((c, p, seat, ri))
        tt = TYPES[p >> 2]
        regs = tt.regions
        base = c * R
        for i, reg in enumerate(regs):
            if self._tracked(reg.kind):
                touches = {base + b for b in reg.touches} if reg.kind == "meadow" else None
                parent[base + i] = base + i
                feats[base + i] = Feat(reg.kind, {c}, 1 if reg.seal else 0, len(reg.slots), touches, token)
        for ra, i in self._facing(c, p):
            if base + ra not in parent:
                continue
            a = self.find(base + ra)
            b = self.find(i)
            self._own(a).open -= 1
            self._own(b).open -= 1
            if a != b:
                self._union(a, b)
        if ri >= 0:
            self._post(c, p, ri, seat)

    def _union(self, a: int, b: int) -> None:
        fa, fb = self._own(a), self._own(b)
        if len(fa.cells) < len(fb.cells):
            a, b, fa, fb = b, a, fb, fa
        fa.cells |= fb.cells
        fa.seals += fb.seals
        fa.open += fb.open
        for s, k in fb.wardens.items():
            fa.wardens[s] = fa.wardens.get(s, 0) + k
        if fb.touches:
            fa.touches |= fb.touches  # type: ignore[operator]
        fa.done = fa.done or fb.done
        self.parent[b] = a
        del self.feats[b]

    def _post(self, c: int, p: int, ri: int, seat: int) -> None:
        reg = TYPES[p >> 2].regions[ri]
        self.wardens_left[seat] -= 1
        self.standing.append((c, ri, seat))
        if reg.kind == "river":
            self.aquifer_warden[c] = seat
        else:
            f = self._own(self.find(c * R + ri))
            f.wardens[seat] = f.wardens.get(seat, 0) + 1

    # --- scoring ------------------------------------------------------------------
    def boost(self, tiles: list[int] | set[int]) -> list[int]:
        """Laid mountain tiles sharing a side with some scored tile other than themselves (§7.5)."""
        grid = self.grid
        found: set[int] = set()
        for t in tiles:
            for n in NEIGH[t]:
                if n >= 0 and grid[n] >= 0 and P_MOUNTAIN[grid[n]]:
                    found.add(n)
        return sorted(found)

    def _pay(self, kind: str, when: str, tiles: list[int], seals: int, value: int, wardens: dict[int, int],
             after: int) -> dict[str, Any]:
        scorers: list[int] = []
        mountains: list[int] = []
        points = 0
        if value > 0 and wardens:
            top = max(wardens.values())
            scorers = sorted(s for s, k in wardens.items() if k == top)
            if kind != "meadow":
                mountains = self.boost(tiles)
            points = value + len(mountains)
            for s in scorers:
                self.scores[s] += points
        if self.quiet:
            return {}
        event = {
            "kind": "score", "when": when, "feature": kind,
            "tiles": [list(xy(t)) for t in tiles], "seals": seals,
            "boost": len(mountains), "mountains": [list(xy(m)) for m in mountains],
            "value": value, "wardens": {str(s): k for s, k in sorted(wardens.items())},
            "scorers": scorers, "points": points, "after_action": after,
        }
        self.events.append(event)
        return event

    def _return(self, root: int | None, aquifer_cell: int | None, event: dict[str, Any]) -> None:
        """Send home every Warden of the feature that just scored, Graziers excepted."""
        keep, back = [], []
        for c, ri, seat in self.standing:
            kind = TYPES[self.grid[c] >> 2].regions[ri].kind
            if kind == "meadow":
                mine = False
            elif kind == "river":
                mine = c == aquifer_cell
            else:
                mine = root is not None and self.find(c * R + ri) == root
            if mine:
                self.wardens_left[seat] += 1
                back.append([*xy(c), TYPES[self.grid[c] >> 2].regions[ri].id, seat])
            else:
                keep.append((c, ri, seat))
        self.standing = keep
        if root is not None and self.feats[root].wardens:
            self._own(root).wardens = {}
        event["returned"] = back

    def _score_play(self, c: int, after: int) -> None:
        p = self.grid[c]
        seen = set()
        for ri, reg in enumerate(TYPES[p >> 2].regions):
            if reg.kind not in ("burgh", "trail"):
                continue
            root = self.find(c * R + ri)
            if root in seen:
                continue
            seen.add(root)
            f = self.feats[root]
            if f.open == 0 and not f.done:
                tiles = sorted(f.cells)
                value = 2 * len(tiles) + 2 * f.seals if f.kind == "burgh" else len(tiles)
                ev = self._pay(f.kind, "play", tiles, f.seals, value, f.wardens, after)
                self._own(root).done = True
                self._return(root, None, ev)
        grid = self.grid
        for s in (c, *RING[c]):
            if grid[s] < 0:
                continue
            sri = P_SHRINE[grid[s]]
            if sri < 0:
                continue
            f = self.feats[s * R + sri]
            if f.done or len(RING[s]) < 8 or any(grid[n] < 0 for n in RING[s]):
                continue
            ev = self._pay("shrine", "play", [s], 0, 9, f.wardens, after)
            self._own(s * R + sri).done = True
            self._return(s * R + sri, None, ev)

    def shrine_end_value(self, s: int) -> int:
        return 1 + sum(1 for n in RING[s] if self.grid[n] >= 0)

    def end_value(self, f: Feat) -> int:
        """What an unscored feature is worth at the end of the game (before the boost)."""
        if f.kind == "burgh":
            return len(f.cells) + f.seals
        if f.kind == "trail":
            return len(f.cells)
        if f.kind == "shrine":
            return self.shrine_end_value(next(iter(f.cells)))
        if f.kind == "meadow":
            return 3 * len(self.completed_burghs(f))
        return 0

    def completed_burghs(self, f: Feat) -> set[int]:
        out = set()
        for b in f.touches or ():
            root = self.find(b)
            if self.feats[root].open == 0:
                out.add(root)
        return out

    def river_path(self, a: int) -> list[int]:
        """Tiles from the furthest spring feeding aquifer cell ``a`` to ``a`` (§7.4); [] if none feeds it."""
        grid = self.grid
        dist = {a: 1}
        queue = [a]
        for u in queue:
            for d in P_RIVER_DIRS[grid[u]]:
                n = NEIGH[u][d]
                if n >= 0 and grid[n] >= 0 and n not in dist:
                    dist[n] = dist[u] + 1
                    queue.append(n)
        springs = [u for u in queue if P_SPRING[grid[u]]]
        if not springs:
            return []
        far = max(dist[s] for s in springs)
        best: list[int] = []
        best_boost = -1

        def walk(u: int, path: list[int]) -> None:
            nonlocal best, best_boost
            if u == a:
                b = len(self.boost(path))
                if b > best_boost:
                    best, best_boost = path[:], b
                return
            for d in P_RIVER_DIRS[grid[u]]:
                n = NEIGH[u][d]
                if n >= 0 and dist.get(n) == dist[u] - 1:
                    path.append(n)
                    walk(n, path)
                    path.pop()

        for s in springs:
            if dist[s] == far:
                walk(s, [s])
        return best

    def end_scoring(self, after: int) -> None:
        """Score every aquifer, every feature not scored yet and, with the option, every meadow.

        Only features with a Warden can score; each is scored once, in the order its first
        Warden was posted. Every Warden but the Graziers then goes home.
        """
        groups: dict[Any, list[tuple[int, int, int]]] = {}
        for c, ri, seat in self.standing:
            if TYPES[self.grid[c] >> 2].regions[ri].kind == "river":
                key: Any = ("aquifer", c)
            else:
                key = self.find(c * R + ri)
            groups.setdefault(key, []).append((c, ri, seat))
        keep = []
        for key, members in groups.items():
            if isinstance(key, tuple):
                a = key[1]
                path = self.river_path(a)
                ev = self._pay("aquifer", "end", path or [a], 0, len(path), {self.aquifer_warden[a]: 1}, after)
            else:
                f = self.feats[key]
                ev = self._pay(f.kind, "end", sorted(f.cells), f.seals, self.end_value(f), f.wardens, after)
                if f.kind == "meadow":
                    if not self.quiet:
                        ev["burghs"] = len(self.completed_burghs(f))
                        ev["returned"] = []
                    keep += members
                    continue
            if not self.quiet:
                ev["returned"] = [[*xy(c), TYPES[self.grid[c] >> 2].regions[ri].id, seat]
                                  for c, ri, seat in members]
            for _c, _ri, seat in members:
                self.wardens_left[seat] += 1
        self.standing = keep
