"""The carrier: Normal's planner (bots.py) with what thousands of games against Normal showed it lacks
(bench/tuning/milehollow.py, paired seeds):

* routes over fewer, longer roads: a paving is a turn of its own and a long road scores more per slab
  (15 points for 6 slabs, 6 for three roads of 2), so in a route a road costs its slabs, plus
  ``road_turn``, less ``long_bonus`` per point it scores beyond its slabs (Normal: the fewest slabs);
* a plan's turns count ``need_factor`` cards drawn per card it lacks: a blind card is seldom of the one
  colour a long road wants (Normal counts one, and so keeps mail it cannot finish and holds on to
  cards it gives up too late);
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

from py_engine.core.search import smooth_step

from .board import MAIL_INDEX, MAILS, OX, ROAD_POINTS, ROADS
from .bots import INF, MARKERS, MilehollowBot, Table, colour_bias, delivered_now, needs, pay, plan

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
    #: The Longest Road's 10 points weigh in when choosing a road without mail to work for, and when
    #: paving the road worth most at once (the last turn, the end near); Normal ignores them.
    longest_weight = 2.0
    longest_final = 2.0
    #: Turns beyond those left a plan may need before its cheapest card is given up.
    drop_slack = 1.0
    #: Turns left at which the plan gives way to the paving worth most at once.
    late_turns = 1.5
    #: A face-up Ox is never taken: it is the whole draw, one card for two (Normal: 0.9, taken when one or
    #: two colours are wanted). The other numbers of a draw, a road's worth and the score mode are Normal's.
    ox_worth = 0.0
    #: New mail: drawn when the best card of the three is expected to add at least this many points
    #: (None: Normal's rule, by turns and markers left).
    mail_gain_min: float | None = None
    #: New mail may be drawn while some of mine is still on its way (else only once all is delivered).
    mail_anytime = False
    #: Delivered mail is counted as sure points when judging a keep (Normal weighs it by the risk of the rest).
    delivered_sure = False
    #: Routes: each road of a path costs this many slabs more (a paving is a turn of its own), and a road
    #: costs ``long_bonus`` slabs less per point it scores beyond its slabs (Normal: the shortest in slabs).
    road_turn = 2.0
    long_bonus = 0.6

    def __init__(self, seat: int, **settings: Any) -> None:
        super().__init__(seat)
        for k, v in settings.items():
            if not hasattr(type(self), k):
                raise AttributeError(k)
            setattr(self, k, v)
        self.road_bias = [self.road_turn - self.long_bonus * (ROAD_POINTS[r.len] - r.len) for r in ROADS]

    #: Cards drawn per card the plan lacks when counting the turns a plan needs (Normal: 1, as if every blind
    #: card were of a wanted colour).
    need_factor = 1.6

    def turns_needed(self, t: Table, roads: set[int]) -> float:
        return sum(needs(t, roads)) * self.need_factor / 2.0 + len(roads)

    def route_bias(self, t: Table | None = None) -> list[float]:
        """What each road costs beyond its slabs in a route; with ``t``, plus Normal's tie-break towards the
        colours in hand."""
        if t is None:
            return self.road_bias
        return [a + b for a, b in zip(self.road_bias, colour_bias(t))]

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
        roads, cost, lost = plan(t, mail, self.road_bias)
        if cost > t.markers:
            p = 0.0
        else:
            slack = left - self.turns_needed(t, roads) - margin
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
        bias = self.route_bias(t)
        roads, _cost, lost = plan(t, mail, bias)
        mail = [m for m in mail if m not in lost]
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


def _choose(n: int, k: int) -> int:
    if k < 0 or k > n:
        return 0
    out = 1
    for i in range(k):
        out = out * (n - i) // (i + 1)
    return out


__all__ = ["CarrierBot"]
