"""The carrier: Normal's planner (bots.py) with what thousands of games against Normal showed it lacks
(bench/tuning/milehollow.py, paired seeds):

* the Longest Road's 10 points: a road chosen without mail to work for, or for its points at the end,
  also counts what it changes of who holds the Longest Road (Normal ignores it);
* a face-up Ox is never taken: it is the whole draw, one card for two (Normal takes it when one or two
  colours are wanted);
* Normal's other numbers stay: each was tried higher and lower and none did measurably better.

Everything is counted in slabs, cards and turns with + - * / only (no ``exp``), so the move is the same
in CPython and in Pyodide.
"""
from __future__ import annotations

from typing import Any

from py_engine.core.fairness import Stream
from py_engine.core.search import smooth_step

from .board import CARD_INDEX, GREY, LONGEST_ROAD_POINTS, MAIL_INDEX, MAILS, NROADS, OX, ROAD_POINTS, ROADS
from .bots import INF, MARKERS, MilehollowBot, Table, colour_bias, delivered_now, needs, pay, plan
from .notation import offered_moves, parse
from .scoring import longest_trail

END_AT = 2


class CarrierBot(MilehollowBot):
    level = "carrier"

    # Normal's numbers, each open to tuning
    prior_rate = 1.1
    prior_turns = 6
    risk_margin = 2.0
    risk_scale = 2.5
    slabs_per_pave = 2.9
    rush_factor = 1.3
    slab_worth = 0.3
    mail_slack = 7.0
    mail_markers = 12
    #: Turns kept in hand against surprises when judging the first keep (Normal: risk_margin).
    deal_margin = 2.0
    #: Extra turns of margin per card kept beyond the fewest allowed.
    extra_card_margin = 0.0
    touch_bonus = 0.8
    #: Score mode: turns a slab is worth (markers run out: points per marker matter as well as per turn).
    slab_turns = 0.0
    #: How much the Longest Road's 10 points weigh when choosing a road without mail to work for.
    longest_weight = 2.0
    #: The same when paving the road worth most at once (the last turn, the end near); Normal: 0.
    longest_final = 2.0
    #: Turns beyond those left a plan may need before its cheapest card is given up.
    drop_slack = 1.0
    #: Turns left at which the plan gives way to the paving worth most at once.
    late_turns = 1.5
    #: Worth of a face-up Ox (the whole draw) when one or two colours are wanted (a wanted face-up card: 1+).
    ox_worth = 0.0
    #: A face-up card is taken only when the plan lacks at least this many of its colour (else the deck's).
    face_up_need = 0.0
    #: New mail: drawn when the best card of the three is expected to add at least this many points
    #: (None: Normal's rule, by turns and markers left).
    mail_gain_min: float | None = None
    #: New mail may be drawn while some of mine is still on its way (else only once all is delivered).
    mail_anytime = False
    #: Delivered mail is counted as sure points when judging a keep (Normal weighs it by the risk of the rest).
    delivered_sure = False

    def __init__(self, seat: int, **settings: Any) -> None:
        super().__init__(seat)
        for k, v in settings.items():
            if not hasattr(type(self), k):
                raise AttributeError(k)
            setattr(self, k, v)

    # --- the clock ---------------------------------------------------------------------------------
    def turns_left(self, t: Table) -> float:
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

    def expected(self, t: Table, mail: list[int], left: float, margin: float) -> float:
        sure = 0.0
        if self.delivered_sure:
            done = set(delivered_now(t, []))
            sure = float(sum(MAILS[m].value for m in mail if m in done))
            mail = [m for m in mail if m not in done]
            if not mail:
                return sure
        roads, cost, lost = plan(t, mail)
        if cost > t.markers:
            p = 0.0
        else:
            slack = left - (sum(needs(t, roads)) / 2.0 + len(roads)) - margin
            p = smooth_step(slack / self.risk_scale)
        value = 0.0
        for m in mail:
            v = MAILS[m].value
            value += -v if m in lost else v * (2 * p - 1)
        return sure + value + self.slab_worth * cost * p

    def mail_gain(self, t: Table, left: float) -> float:
        """What drawing new mail is expected to add: the best of the three cards (the one kept at least), each
        card judged by what it adds to the worth of the mail still on its way, the unseen cards equally likely."""
        done = set(delivered_now(t, []))
        mail = [m for m in t.mail if m not in done]
        base = self.expected(t, mail, left - 1, self.risk_margin) if mail else 0.0
        known = {int(i): MAIL_INDEX[m] for i, m in t.obs.get("mail_deck_known", [])}
        placed = set(known.values())
        pool = [m for m in range(len(MAILS)) if m not in t.mail and m not in placed]
        size = min(3, t.obs["mail_deck"])
        sure = [known[i] for i in range(size) if i in known]
        blind = size - len(sure)
        gains = sorted((self.expected(t, mail + [m], left - 1, self.risk_margin) - base for m in pool), reverse=True)
        floor = max((self.expected(t, mail + [m], left - 1, self.risk_margin) - base for m in sure), default=-INF)
        if blind <= 0 or not gains:
            return floor
        n = len(gains)
        blind = min(blind, n)
        # the k-th best of n is the best of ``blind`` drawn when the others come from below it
        total = 0.0
        ways = _choose(n, blind)
        for k, g in enumerate(gains):
            total += max(g, floor) * _choose(n - k - 1, blind - 1) / ways
        return total

    # --- mail -----------------------------------------------------------------------------------------
    def keep(self, t: Table, legal: list[str]) -> str:
        deal = t.obs["decision"] == "keep-deal"
        left = self.turns_left(t) - (0 if deal else 1)
        least = t.obs.get("keep_min", 1)
        best, best_score = legal[0], -INF
        for a in legal:
            combo = [MAIL_INDEX[m] for m in a[5:].split(",")]
            margin = (self.deal_margin if deal else self.risk_margin) + self.extra_card_margin * (len(combo) - least)
            score = self.expected(t, t.mail + combo, left, margin)
            if score > best_score + 1e-9:
                best, best_score = a, score
        return best

    def goal(self, t: Table) -> tuple[set[int], list[float]]:
        left = self.turns_left(t)
        mail = [m for m in t.mail if m not in delivered_now(t, [])]
        bias = colour_bias(t)
        roads, _cost, lost = plan(t, mail, bias)
        mail = [m for m in mail if m not in lost]
        while mail and (sum(needs(t, roads)) / 2.0 + len(roads)) > left + self.drop_slack:
            mail.remove(min(mail, key=lambda m: (MAILS[m].value, m)))
            roads, _cost, _lost = plan(t, mail, bias)
        return roads, needs(t, roads)

    # --- a turn -----------------------------------------------------------------------------------------
    def choose(self, observation: dict[str, Any], legal: list[str], stream: Stream) -> str:
        legal = offered_moves(legal)
        if len(legal) == 1:
            return legal[0]
        t = Table(observation, self.seat)
        kind = observation["decision"]
        if kind in ("keep-deal", "keep"):
            return self.keep(t, legal)
        if kind == "draw":
            return self.draw(t, legal, self.goal(t)[1])
        return self.turn(t, legal)

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
        if (roads and self.mail_anytime and self.mail_gain_min is not None and "mail" in legal
                and self.mail_gain(t, left) >= self.mail_gain_min):
            return "mail"
        if roads:
            if left <= self.late_turns and paves:
                return self.best_points(t, paves, final=False) or self.draw(t, legal, want)
            return self.draw(t, legal, want)
        if self.mail_gain_min is None:
            if "mail" in legal and left >= self.mail_slack and t.markers >= self.mail_markers:
                return "mail"
        elif "mail" in legal and self.mail_gain(t, left) >= self.mail_gain_min:
            return "mail"
        return self.score_mode(t, legal, paves, left)

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
            if m > theirs:
                return 1.0
            if m == theirs:
                return 0.0
            return -1.0
        return (worth(after) - worth(mine)) * LONGEST_ROAD_POINTS / 2

    def best_points(self, t: Table, paves: list[str], final: bool) -> str | None:
        best, best_value = None, -INF
        done = set(delivered_now(t, []))
        touched = {ROADS[r].a for r in t.mine} | {ROADS[r].b for r in t.mine}
        for a in paves:
            p = parse(a)
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

    def score_mode(self, t: Table, legal: list[str], paves: list[str], left: float) -> str:
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


def _choose(n: int, k: int) -> int:
    if k < 0 or k > n:
        return 0
    out = 1
    for i in range(k):
        out = out * (n - i) // (i + 1)
    return out


__all__ = ["CarrierBot"]
