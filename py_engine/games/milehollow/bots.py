"""Milehollow bots. They read only their observation (their hand and mail, the public table).

* **easy** — keeps the cheapest mail it is dealt, never draws more, routes each card on its own
  over shortest paths, paves a road of its routes when it can (or a random affordable road when it
  has none), and draws cards from the deck or a matching face-up card; one move in ten is random.
* **normal** — plans one network for all its mail (each card routed over shortest paths through the
  roads it owns or has planned already, dearest card first), keeps mail by what the whole network is
  then likely to be worth in the turns it has left, draws the colours the plan lacks (a face-up Ox
  when few colours are missing), pays grey roads with the colour the plan needs least, draws new mail
  only when its mail is delivered and time and markers are left, and races the end: it guesses the
  turns left from each opponent's markers, pace and hand size, drops the cards it cannot finish in
  time, then paves the road worth most points per turn it can still finish, and in the last round
  the paving worth most at once.

Everything is counted in slabs and cards, never in time, so a bot plays the same move on any machine.
"""
from __future__ import annotations

import heapq
import math
from typing import Any

from py_engine.core.fairness import Stream
from py_engine.core.game import Bot

from .data import (ADJ, CARD_INDEX, GREY, LONGEST_ROAD_POINTS, MAIL_INDEX, MAILS, NROADS, NTOWNS, OX, ROAD_INDEX,
                    ROAD_POINTS, ROADS, SETUP)
from .notation import Pave, cards_text, keep_text, offered_moves, parse
from .scoring import delivered, longest_trail

INF = math.inf
MARKERS = SETUP["markers"]
END_AT = 2                 # the end comes when a player ends a turn with this many markers or fewer
PRIOR_RATE, PRIOR_TURNS = 1.1, 6   # markers a turn a player is assumed to spend, and how much that guess weighs
RISK_MARGIN, RISK_SCALE = 2.0, 2.5   # turns kept in hand against surprises, and how sharply risk grows
SLABS_PER_PAVE = 2.9       # slabs an average paving spends
RUSH_FACTOR = 1.3          # how much slower than flat out an opponent is assumed to race for the end
SLAB_WORTH = 0.3           # what a planned slab adds to keeping a card (its road points, beyond what paving anyway gives)
MAIL_SLACK = 7.0           # turns left, at least, to draw more mail once all mine is delivered
MAIL_MARKERS = 12          # markers left, at least, to draw more mail


#: Each road's slabs still to pave for a seat, by (seat, players, owners): shared by the readings of one
#: game (never changed: :meth:`Table.costs` copies it).
_BASE_COSTS: dict[tuple, list[float]] = {}


class Table:
    """The bot's reading of one observation: who owns what, its hand, what it may still pave."""

    def __init__(self, obs: dict[str, Any], seat: int) -> None:
        self.obs = obs
        self.seat = seat
        self.n = obs["players"]
        self.owner = [-1] * NROADS
        for rid, s in obs["roads"].items():
            self.owner[ROAD_INDEX[rid]] = s
        self.hand = [0] * (OX + 1)
        for name, k in obs.get("hand", {}).items():
            self.hand[CARD_INDEX[name]] = k
        self.markers = obs["markers"][seat]
        self.mine = [r for r in range(NROADS) if self.owner[r] == seat]
        self.mail = [MAIL_INDEX[m] for m in obs.get("mail", [])]
        self._costs: list[float] | None = None

    def open_to_me(self, r: int) -> bool:
        road = ROADS[r]
        if self.owner[r] >= 0:
            return False
        if road.twin >= 0:
            t = self.owner[road.twin]
            if t == self.seat or (t >= 0 and self.n <= SETUP["twinClosesUpToPlayers"]):
                return False
        return True

    def costs(self, planned: set[int] = frozenset()) -> list[float]:
        """Slabs still to pave per road for me: 0 for mine or planned, inf for roads I can never pave."""
        base = self._costs
        if base is None:
            # The roads' owners never change in one reading: every plan starts from the same costs, and
            # a playout reads the same owners turn after turn.
            key = (self.seat, self.n, tuple(self.owner))
            base = _BASE_COSTS.get(key)
            if base is None:
                if len(_BASE_COSTS) >= 4096:
                    _BASE_COSTS.clear()
                base = _BASE_COSTS[key] = [0.0 if self.owner[r] == self.seat else float(ROADS[r].len)
                                           if self.open_to_me(r) else INF for r in range(NROADS)]
            self._costs = base
        out = base[:]
        for r in planned:
            out[r] = 0.0
        return out

    def affordable(self, r: int) -> bool:
        road = ROADS[r]
        if not self.open_to_me(r) or self.markers < road.len:
            return False
        if road.colour == GREY:
            return max(self.hand[:OX]) + self.hand[OX] >= road.len
        return self.hand[road.colour] + self.hand[OX] >= road.len


def route(a: int, b: int, cost: list[float], bias: list[float] | None = None) -> tuple[float, list[int]]:
    """The cheapest path from town a to town b: (cost, road indices). ``bias`` breaks ties between equal paths."""
    # The bias counts only on roads still to pave (cost > 0); a road never paved stays out.
    weight = cost if bias is None else [c + x if 0.0 < c < INF else c for c, x in zip(cost, bias)]
    dist = [INF] * NTOWNS
    via: list[tuple[int, int]] = [(-1, -1)] * NTOWNS
    dist[a] = 0.0
    heap = [(0.0, a)]
    pop, push = heapq.heappop, heapq.heappush
    while heap:
        d, u = pop(heap)
        if u == b:
            break
        if d > dist[u]:
            continue
        for r, v in ADJ[u]:
            w = weight[r]
            if w == INF:
                continue
            w += d
            if w < dist[v] - 1e-9:
                dist[v] = w
                via[v] = (r, u)
                push(heap, (w, v))
    if dist[b] == INF:
        return INF, []
    path, t = [], b
    while t != a:
        r, t = via[t]
        path.append(r)
    return sum(cost[r] for r in path), path


def plan(t: Table, mail: list[int], bias: list[float] | None = None) -> tuple[set[int], float, list[int]]:
    """One network for ``mail``: each card routed over what is owned or planned, dearest first.

    Returns (roads to pave, slabs to pave, the cards that cannot be delivered any more).
    """
    planned: set[int] = set()
    lost = []
    for m in sorted(mail, key=lambda m: -MAILS[m].value):
        c, path = route(MAILS[m].a, MAILS[m].b, t.costs(planned), bias)
        if c == INF:
            lost.append(m)
            continue
        planned |= {r for r in path if t.owner[r] != t.seat}
    return planned, float(sum(ROADS[r].len for r in planned)), lost


def colour_bias(t: Table) -> list[float]:
    """A small preference for roads whose colour the hand already holds (ties between equal routes)."""
    hand, ox = t.hand, t.hand[OX]
    most = max(hand[:OX])
    return [0.05 * (r.len - min(r.len, (most if r.colour == GREY else hand[r.colour]) + ox)) / r.len for r in ROADS]


def needs(t: Table, roads: set[int]) -> list[float]:
    """How many more cards of each colour the planned roads want (grey roads ask for the colour held most)."""
    want = [0.0] * OX
    hand = t.hand[:OX]
    for r in sorted(roads, key=lambda r: -ROADS[r].len):
        road = ROADS[r]
        if road.colour != GREY:
            want[road.colour] += road.len
    for r in sorted(roads, key=lambda r: -ROADS[r].len):
        road = ROADS[r]
        if road.colour == GREY:
            spare = [hand[c] - want[c] for c in range(OX)]
            c = max(range(OX), key=lambda c: (spare[c], -c))
            want[c] += road.len
    return [max(0.0, want[c] - hand[c]) for c in range(OX)]


def pay(t: Table, r: int, reserved: list[float]) -> str:
    """The cards for road ``r``: the colour the rest of the plan needs least, Oxen spent last."""
    road = ROADS[r]
    hand = t.hand
    colours = range(OX) if road.colour == GREY else (road.colour,)
    best = None
    for c in colours:
        n = min(hand[c], road.len)
        ox = road.len - n
        if n == 0 or ox > hand[OX]:
            continue
        key = (ox, reserved[c] - (hand[c] - n), -hand[c], c)
        if best is None or key < best[0]:
            best = (key, c, n, ox)
    if best is None:
        return f"pave:{road.id}:{cards_text(-1, 0, road.len)}"
    _, c, n, ox = best
    return f"pave:{road.id}:{cards_text(c, n, ox)}"


def delivered_now(t: Table, extra: list[int]) -> list[int]:
    """Mail cards joined by my roads plus ``extra``."""
    roads = t.mine + extra
    return [m for m, ok in zip(t.mail, delivered(roads, t.mail)) if ok]


def turns_left(t: Table) -> float:
    """Normal's guess of my turns before the game ends (:meth:`MilehollowBot.turns_left`)."""
    return NORMAL.turns_left(t)


def turns_needed(t: Table, roads: set[int]) -> float:
    """Normal's turns to pave ``roads`` (:meth:`MilehollowBot.turns_needed`)."""
    return NORMAL.turns_needed(t, roads)


def expected(t: Table, mail: list[int], left: float) -> float:
    """Normal's worth of a set of mail cards with ``left`` turns (:meth:`MilehollowBot.expected`)."""
    return NORMAL.expected(t, mail, left)


class MilehollowBot(Bot):
    level = "normal"

    # Normal's numbers; a stronger planner (carrier.py) sets some of them otherwise.
    prior_rate, prior_turns = PRIOR_RATE, PRIOR_TURNS
    risk_margin, risk_scale = RISK_MARGIN, RISK_SCALE
    slabs_per_pave = SLABS_PER_PAVE
    rush_factor = RUSH_FACTOR
    slab_worth = SLAB_WORTH
    mail_slack, mail_markers = MAIL_SLACK, MAIL_MARKERS
    #: Turns beyond those left a plan may need before its cheapest card is given up.
    drop_slack = 1
    #: Turns left at which the plan gives way to the paving worth most at once.
    late_turns = 1.5
    #: Cards drawn per card a plan lacks, in the turns it needs (every blind card counted as a wanted one).
    need_factor = 1.0
    #: What each road costs in a route beyond its slabs (None: nothing, the fewest slabs).
    road_bias: list[float] | None = None
    #: Points per slab of a road that joins my network, when no mail is left to work for.
    touch_bonus = 0.8
    #: Turns a slab of such a road costs beyond the turns to gather its cards (markers run out too).
    slab_turns = 0.0
    #: Weight of the Longest Road's points: choosing a road with no mail to work for / the paving worth most at once.
    longest_weight = 0.0
    longest_final = 0.0
    #: Worth of a face-up Ox (the whole draw) when one or two colours are wanted (a wanted face-up card: 1+).
    ox_worth = 0.9
    #: A face-up card is taken only when the plan lacks at least this many of its colour.
    face_up_need = 0.0

    def __init__(self, seat: int) -> None:
        self.seat = seat

    # --- the clock and the odds -------------------------------------------------------------------------
    def turns_left(self, t: Table) -> float:
        """My turns before the game ends, guessed from each opponent's markers: the pace it has kept so far,
        and how fast it could go from the cards it holds (the hand sizes are public)."""
        if t.obs["last_round"] is not None:
            return 1.0
        each = t.obs["turns"] / t.n
        best = INF
        for s, m in enumerate(t.obs["markers"]):
            if s == t.seat:
                continue
            to_spend = max(0.0, m - END_AT)
            rate = (MARKERS - m + self.prior_rate * self.prior_turns) / (each + self.prior_turns)
            paced = to_spend / max(rate, 0.5)
            hand = t.obs["hand_counts"][s]
            rush = to_spend / self.slabs_per_pave + max(0.0, to_spend - hand) / 2.0
            best = min(best, paced, self.rush_factor * rush)
        mine = max(0.0, t.markers - END_AT) / 1.2
        return min(best, mine + 4) + 1.0

    def turns_needed(self, t: Table, roads: set[int]) -> float:
        """Turns to pave ``roads``: a drawing turn per two cards drawn for what the hand lacks, one turn a road."""
        return sum(needs(t, roads)) * self.need_factor / 2.0 + len(roads)

    def chance(self, x: float) -> float:
        """The chance of finishing a network with ``x`` risk scales of turns to spare."""
        return 1.0 / (1.0 + math.exp(-x))

    def expected(self, t: Table, mail: list[int], left: float) -> float:
        """What a set of mail cards is worth with ``left`` turns: each card +value if delivered, −value
        if not, plus the slabs' points, weighed by a rough chance of finishing the whole network in time."""
        roads, cost, lost = plan(t, mail, self.road_bias)
        if cost > t.markers:
            p = 0.0
        else:
            slack = left - self.turns_needed(t, roads) - self.risk_margin
            p = self.chance(slack / self.risk_scale)
        value = 0.0
        for m in mail:
            v = MAILS[m].value
            value += -v if m in lost else v * (2 * p - 1)
        return value + self.slab_worth * cost * p

    def route_bias(self, t: Table) -> list[float]:
        """What each road costs beyond its slabs when planning a turn: :attr:`road_bias` and a small
        preference for the colours in hand."""
        extra = colour_bias(t)
        return extra if self.road_bias is None else [a + b for a, b in zip(self.road_bias, extra)]

    def choose(self, observation: dict[str, Any], legal: list[str], stream: Stream) -> str:
        legal = offered_moves(legal)
        if len(legal) == 1:
            return legal[0]
        return self.decide(Table(observation, self.seat), observation["decision"], legal, stream)

    def decide(self, t: Table, kind: str, legal: list[str], stream: Stream) -> str:
        """The choice among two or more offered moves of a decision of ``kind``."""
        if kind in ("keep-deal", "keep"):
            return self.keep(t, legal)
        if kind == "draw":
            return self.draw(t, legal, self.goal(t)[1])
        return self.turn(t, legal)

    # --- mail -----------------------------------------------------------------------------------------
    def keep(self, t: Table, legal: list[str]) -> str:
        left = self.turns_left(t) - (0 if t.obs["decision"] == "keep-deal" else 1)
        best, best_score = legal[0], -INF
        for a in legal:
            combo = [MAIL_INDEX[m] for m in a[5:].split(",")]
            score = self.expected(t, t.mail + combo, left)
            if score > best_score + 1e-9:
                best, best_score = a, score
        return best

    def goal(self, t: Table) -> tuple[set[int], list[float]]:
        """The roads to pave for the mail that can still be delivered in time, and the cards they lack."""
        left = self.turns_left(t)
        mail = [m for m in t.mail if m not in delivered_now(t, [])]
        bias = self.route_bias(t)
        roads, _cost, lost = plan(t, mail, bias)
        mail = [m for m in mail if m not in lost]
        # drop the cards that cannot be finished in time, cheapest value first
        while mail and self.turns_needed(t, roads) > left + self.drop_slack:
            mail.remove(min(mail, key=lambda m: (MAILS[m].value, m)))
            roads, _cost, _lost = plan(t, mail, bias)
        return roads, needs(t, roads)

    # --- a turn -----------------------------------------------------------------------------------------
    def turn(self, t: Table, legal: list[str]) -> str:
        paves = [a for a in legal if a.startswith("pave:")]
        if t.obs["last_round"] is not None:
            return self.best_points(t, paves, final=True) or self.draw(t, legal, [0.0] * OX)
        left = self.turns_left(t)
        roads, want = self.goal(t)
        affordable = sorted((r for r in roads if t.affordable(r)), key=lambda r: (-ROADS[r].len, r))
        if affordable:
            r = affordable[0]
            return pay(t, r, self.reserve(roads - {r}))
        if roads:
            if left <= self.late_turns and paves:
                return self.best_points(t, paves, final=False) or self.draw(t, legal, want)
            return self.draw(t, legal, want)
        if "mail" in legal and left >= self.mail_slack and t.markers >= self.mail_markers:
            return "mail"
        return self.score_mode(t, legal, paves, left)

    def score_mode(self, t: Table, legal: list[str], paves: list[str], left: float) -> str:
        """No mail to work for: aim at the road worth most per turn that can be finished in time."""
        best, best_rate = -1, 0.0
        touched = {ROADS[r].a for r in t.mine} | {ROADS[r].b for r in t.mine}
        for r in range(NROADS):
            road = ROADS[r]
            if not t.open_to_me(r) or road.len > t.markers:
                continue
            have = (max(t.hand[:OX]) if road.colour == GREY else t.hand[road.colour]) + t.hand[OX]
            turns = max(0, road.len - have) / 2.0 + 1
            if turns > left:
                continue
            gain = ROAD_POINTS[road.len] + (self.touch_bonus * road.len if road.a in touched or road.b in touched
                                             else 0)
            if self.longest_weight:
                gain += self.longest_weight * self.longest_gain(t, r)
            rate = gain / (turns + self.slab_turns * road.len)
            if rate > best_rate:
                best, best_rate = r, rate
        if best >= 0 and t.affordable(best):
            return pay(t, best, [0.0] * OX)
        if best < 0:
            return self.best_points(t, paves, final=False) or self.draw(t, legal, [0.0] * OX)
        want = [0.0] * OX
        road = ROADS[best]
        if road.colour == GREY:
            c = max(range(OX), key=lambda c: (t.hand[c], -c))
            want[c] = road.len - t.hand[c]
        else:
            want[road.colour] = road.len - t.hand[road.colour]
        return self.draw(t, legal, want)

    def trails(self, t: Table) -> tuple[int, int]:
        """My Longest Road and the longest of the others', in slabs."""
        key = tuple(t.owner)
        if getattr(self, "_trails_key", None) != key:
            others = [[r for r in range(NROADS) if t.owner[r] == s] for s in range(t.n) if s != t.seat]
            self._trails = (longest_trail(t.mine), max(longest_trail(o) for o in others))
            self._trails_key = key
        return self._trails

    def longest_gain(self, t: Table, r: int) -> float:
        """What paving ``r`` changes of the Longest Road's points between me and the best of the others."""
        mine, theirs = self.trails(t)
        after = longest_trail(t.mine + [r])
        if after == mine:
            return 0.0

        def worth(m: int) -> float:
            return 1.0 if m > theirs else (0.0 if m == theirs else -1.0)
        return (worth(after) - worth(mine)) * LONGEST_ROAD_POINTS / 2

    def reserve(self, roads: set[int]) -> list[float]:
        want = [0.0] * OX
        for r in roads:
            if ROADS[r].colour != GREY:
                want[ROADS[r].colour] += ROADS[r].len
        return want

    def best_points(self, t: Table, paves: list[str], final: bool) -> str | None:
        """The paving worth most now: road points, mail it completes, a road that joins my network."""
        best, best_value = None, -INF
        done = set(delivered_now(t, []))
        touched = {ROADS[r].a for r in t.mine} | {ROADS[r].b for r in t.mine}
        for a in paves:
            p = parse(a)
            assert isinstance(p, Pave)
            road = ROADS[p.road]
            value = ROAD_POINTS[road.len] - 0.01 * p.oxen
            newly = [m for m in delivered_now(t, [p.road]) if m not in done]
            value += 2 * sum(MAILS[m].value for m in newly)
            if road.a in touched or road.b in touched:
                value += 0.5 * road.len
            if self.longest_final:
                value += self.longest_final * self.longest_gain(t, p.road)
            if value > best_value:
                best, best_value = a, value
        if best is None:
            return None
        return pay(t, parse(best).road, [0.0] * OX)

    def draw(self, t: Table, legal: list[str], want: list[float]) -> str:
        row = t.obs["row"]
        wanted = sum(1 for w in want if w > 0)
        best, best_value = None, 0.0
        for i, name in enumerate(row):
            a = f"row:{i + 1}"
            if name is None or a not in legal:
                continue
            c = CARD_INDEX[name]
            if c == OX:
                # an Ox is the whole draw: better than two blind cards when few colours are wanted
                value = self.ox_worth if 0 < wanted <= 2 else 0.0
            else:
                value = 1.0 + 0.1 * want[c] if want[c] > 0 and want[c] >= self.face_up_need else 0.0
            if value > best_value:
                best, best_value = a, value
        if best is not None:
            return best
        if "deck" in legal:
            return "deck"
        draws = [a for a in legal if a.startswith("row:")]
        return draws[0] if draws else legal[0]


class EasyBot(MilehollowBot):
    level = "easy"

    def decide(self, t: Table, kind: str, legal: list[str], stream: Stream) -> str:
        observation = t.obs
        if kind in ("keep-deal", "keep"):
            # the fewest cards allowed, the cheapest on their own
            least = observation["keep_min"]
            pending = [MAIL_INDEX[m] for m in observation["pending"]]
            ranked = sorted(pending, key=lambda m: (route(MAILS[m].a, MAILS[m].b, t.costs())[0], m))
            return keep_text(ranked[:least])
        if stream.below(10) == 0:
            choices = [a for a in legal if a != "mail"] or legal
            return choices[stream.below(len(choices))]
        roads: set[int] = set()
        for m in t.mail:
            _c, path = route(MAILS[m].a, MAILS[m].b, t.costs())
            roads |= {r for r in path if t.owner[r] != self.seat}
        if kind == "turn":
            ok = [r for r in sorted(roads) if t.affordable(r)]
            if ok:
                r = ok[stream.below(len(ok))]
                return pay(t, r, [0.0] * OX)
            if not roads:
                paves = [a for a in legal if a.startswith("pave:")]
                if paves:
                    return paves[stream.below(len(paves))]
        want = needs(t, roads)
        row = observation["row"]
        matches = [f"row:{i + 1}" for i, name in enumerate(row)
                   if name is not None and name != "ox" and want[CARD_INDEX[name]] > 0 and f"row:{i + 1}" in legal]
        if matches:
            return matches[stream.below(len(matches))]
        if "deck" in legal:
            return "deck"
        draws = [a for a in legal if a.startswith("row:")]
        return draws[0] if draws else legal[0]


#: The Normal behind the module's functions (none of its methods reads its seat).
NORMAL = MilehollowBot(0)
