"""The end of the game: delivered mail, the Longest Road, totals and the winners (design §5)."""
from __future__ import annotations

from typing import Any

from .data import LONGEST_ROAD_POINTS, MAILS, NTOWNS, ROAD_POINTS, ROADS, TOWNS


def components(roads: list[int]) -> list[int]:
    """A label per town: towns joined by ``roads`` share a label (union-find)."""
    parent = list(range(NTOWNS))

    def find(x: int) -> int:
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    for ri in roads:
        r = ROADS[ri]
        a, b = find(r.a), find(r.b)
        if a != b:
            parent[a] = b
    return [find(t) for t in range(NTOWNS)]


def delivered(roads: list[int], mail: list[int]) -> list[bool]:
    """For each mail card, whether the player's own ``roads`` join its two towns."""
    comp = components(roads)
    return [comp[MAILS[m].a] == comp[MAILS[m].b] for m in mail]


def longest_trail(roads: list[int]) -> int:
    """The longest trail in slabs: distinct roads, each sharing a town with the next; towns may repeat.

    An exhaustive depth-first search from every town (a player owns at most 45 slabs of roads).
    """
    if not roads:
        return 0
    adj: dict[int, list[tuple[int, int, int]]] = {}
    for k, ri in enumerate(roads):
        r = ROADS[ri]
        adj.setdefault(r.a, []).append((k, r.b, r.len))
        adj.setdefault(r.b, []).append((k, r.a, r.len))
    used = [False] * len(roads)
    best = 0

    def walk(town: int, length: int) -> None:
        nonlocal best
        if length > best:
            best = length
        for k, other, n in adj[town]:
            if not used[k]:
                used[k] = True
                walk(other, length + n)
                used[k] = False

    for town in adj:
        walk(town, 0)
    return best


def final_scores(num_players: int, owned: list[list[int]], mail: list[list[int]]) -> dict[str, Any]:
    """Every itemised score of the end, the totals and the winners.

    ``owned``: each seat's road indices in the order paved; ``mail``: each seat's kept mail cards.
    """
    seats = []
    lengths = [longest_trail(owned[s]) for s in range(num_players)]
    top = max(lengths)
    for s in range(num_players):
        road_items = [{"road": ROADS[r].id, "len": ROADS[r].len, "points": ROAD_POINTS[ROADS[r].len]}
                      for r in owned[s]]
        done = delivered(owned[s], mail[s])
        mail_items = [{"id": MAILS[m].id, "a": TOWNS[MAILS[m].a].id, "b": TOWNS[MAILS[m].b].id,
                       "value": MAILS[m].value, "delivered": ok,
                       "points": MAILS[m].value if ok else -MAILS[m].value}
                      for m, ok in sorted(zip(mail[s], done))]
        longest = {"length": lengths[s], "points": LONGEST_ROAD_POINTS if top > 0 and lengths[s] == top else 0}
        road_points = sum(i["points"] for i in road_items)
        mail_points = sum(i["points"] for i in mail_items)
        seats.append({"seat": s, "roads": road_items, "road_points": road_points, "mail": mail_items,
                      "mail_points": mail_points, "longest_road": longest, "delivered": sum(done),
                      "total": road_points + mail_points + longest["points"]})
    totals = [x["total"] for x in seats]
    best = max(totals)
    tied = [s for s in range(num_players) if totals[s] == best]
    tie_break = None          # None: one clear winner on points
    if len(tied) > 1:
        most = max(seats[s]["delivered"] for s in tied)
        tied = [s for s in tied if seats[s]["delivered"] == most]
        if len(tied) == 1:
            tie_break = "mail"
        else:
            lr = [s for s in tied if seats[s]["longest_road"]["points"] > 0]
            if 0 < len(lr) < len(tied):
                tied = lr
            tie_break = "longest-road" if len(tied) == 1 else "shared"
    return {"seats": seats, "totals": totals, "winners": tied, "tie_break": tie_break, "longest": top}
