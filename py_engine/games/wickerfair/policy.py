"""A quick rule-based player: the Normal bot's idea of how the rest of its own turn goes.

Deterministic and cheap (no look-ahead): the planner plays it to the end of the turn after each
candidate step to judge that step. It reads the rebuilt position directly (built from the bot's own
observation, so it knows nothing the bot may not).
"""
from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING

from .board import occupancy, owned_resources, steps, structure_owner
from .clan import HOME, UNBUILT
from .data import (ADJ, BOTTOMS, BOTTOM_RES, HEX_IDS, HEX_INDEX, IS_LAKE, IS_PLATE, IS_VILLAGE, IS_VISITOR_SPOT,
                   MAT_BOTTOM_COL, MAT_COLUMNS, MISSION_IDS, NEAR_LAKE, OLD_MILL, PRIZES, PRODUCE, RES, RES_INDEX, RING,
                   VILLAGE_MAKES, VISITOR_IDS, VISITORS)
from .evaluate import dist_from, win_chance
from .evaluate import fight_strength
from .scoring import mission_met

if TYPE_CHECKING:
    from .state import WickerfairState

PIN_ORDER = ("U1", "U2", "U3", "U5", "U4", "U6")
STRUCTURE_ORDER = ("monument", "barn", "watchtower", "well")
WALKER_ORDER = (2, 0, 3, 1)                     # movement, stream, confrontation, speed (slot indices)
MILL_ORDER = ("MC3", "MC5", "MC8", "MC1", "MC7", "MC6", "MC2", "MC4")
GAIN_WORTH = {"coins": 1.0, "goodwill": 1.6, "courage": 0.45, "cards": 0.9, "grain": 0.7, "wood": 0.7, "clay": 0.7,
              "wool": 0.7, "any": 0.8, "farmers": 1.3}


def needs(s: "WickerfairState", me: int) -> list[int]:
    """Resources the clan is short of for its four bottom actions (per type, by current cost)."""
    c = s.clans[me]
    owned = owned_resources(s, me)
    cols = MAT_COLUMNS[c.mat]
    out = [0, 0, 0, 0]
    for b in range(len(BOTTOMS)):
        r = BOTTOM_RES[b]
        cost = cols[MAT_BOTTOM_COL[c.mat][b]].cost - c.slots[b]
        out[r] = max(out[r], cost - owned[r])
    return out


def offer_worth(s: "WickerfairState", me: int, card: int, letter: str) -> float:
    o = VISITORS[card]["offers"][letter]
    v = 0.0
    for what, n in o["gain"].items():
        if what == "free":
            v += 3.5
        elif what == "fortune":
            v += 1.0
        else:
            v += GAIN_WORTH.get(what, 0.5) * n
    for what, n in o["cost"].items():
        v -= (1.0 if what == "coins" else 2.2) * n
    return v


def move_score(s: "WickerfairState", me: int, key: str, pos: int, dest: int, load_f: int = 0) -> float:
    """How much a quick player likes this one step (no look-ahead)."""
    c = s.clans[me]
    occ = occupancy(s)
    bit = 1 << me
    score = 0.0
    if pos >= 0:
        left = (c.herald == pos) + sum(1 for w in c.walkers if w == pos) + c.farmers[pos] - 1 - load_f
        if left <= 0 and structure_owner(s)[pos] != me:
            score -= 1.4 + 0.3 * sum(s.res[4 * pos:4 * pos + 4])
    mine_dest = occ[dest] & bit or (occ[dest] == 0 and structure_owner(s)[dest] == me)
    enemy = occ[dest] & ~bit
    if not mine_dest and not IS_LAKE[dest]:
        score += 1.6 + 0.3 * sum(s.res[4 * dest:4 * dest + 4])
        if IS_VILLAGE[dest] and (key[0] == "F" or load_f):
            score += 1.0
        elif PRODUCE[dest] >= 0 and (key[0] == "F" or load_f):
            score += 0.4
    if enemy and key[0] != "F":
        strong_enemy = any(p == dest for q in s.clans if q.seat != me for _, p in q.strong_units())
        if strong_enemy:
            opp = next(q.seat for q in s.clans if q.seat != me and any(p == dest for _, p in q.strong_units()))
            p_win = win_chance(s, me, opp, dest, True)
            score += 6 * p_win - 5 * (1 - p_win)
        else:
            lone = sum(q.farmers[dest] for q in s.clans if q.seat != me)
            score -= 1.6 * lone
    if key[0] == "F" and pos == HOME:
        score += 0.8
    if key == "H":
        if s.tokens[dest]:
            score += 4.0
        else:
            tokens = [h for h in range(len(s.tokens)) if s.tokens[h]]
            if tokens:
                before = min(dist_from(c.clan, pos, h) for h in tokens)
                after = min(dist_from(c.clan, dest, h) for h in tokens)
                score += 0.8 * (before - after)
        if not c.mill_visited and s.mill_pile:
            if dest == OLD_MILL:
                score += 4.0
            else:
                score += 0.4 * (dist_from(c.clan, pos, OLD_MILL) - dist_from(c.clan, dest, OLD_MILL))
    return score


def best_moves(s: "WickerfairState", me: int) -> list[tuple[float, str, int, int]]:
    """(score, unit key, dest, farmers carried) for every single step of the current Travel, best first."""
    ctx = s.ctx
    out = []
    c = s.clans[me]
    for key in s.movable_units(me, ctx["mode"], ctx["moved"], ctx["fmoved"]):
        pos = s.unit_pos(me, key)
        for dest in steps(s, me, key[0], pos):
            out.append((move_score(s, me, key, pos, dest), key, dest, 0))
        if key[0] == "W" and pos >= 0:
            free = c.farmers[pos] - dict(ctx["fmoved"]).get(pos, 0)
            if free >= 2:
                for dest in steps(s, me, "W", pos, True):
                    out.append((move_score(s, me, key, pos, dest, 1) + 0.8, key, dest, 1))
    out.sort(key=lambda m: (-m[0], m[1], m[2]))
    return out


class QuickPlayer:
    """``act(s)`` → one legal step for the seat to act, by fixed rules."""

    def __init__(self, me: int) -> None:
        self.me = me

    def act(self, s: "WickerfairState") -> str:
        legal = s.legal_actions(self.me)
        if len(legal) == 1:
            return legal[0]
        a = getattr(self, "_" + s.dk)(s, legal)
        return a if a in legal else legal[-1] if legal[-1] in ("skip", "end", "none", "hide", "blank") else legal[0]

    # --- each kind ---------------------------------------------------------------------------------
    def _CHOOSE_COLUMN(self, s, legal):
        return legal[0]

    def _SHOW_MISSION(self, s, legal):
        return legal[0]

    def _TOP_OPTION(self, s, legal):
        me, c = self.me, s.clans[self.me]
        if "move" in legal:
            s2 = s.clone()
            s2.apply_action("move", me)
            moves = best_moves(s2, me)
            return "move" if moves and moves[0][0] > 0.5 else "coin"
        if "harvest" in legal:
            return "harvest"
        if "goods" in legal:
            b = MAT_COLUMNS[c.mat][s.col - 1].b if s.col <= 4 else None
            short = needs(s, me)
            if b is not None and 0 < short[BOTTOM_RES[b]] <= 3:
                return "goods"
            return "goodwill" if c.goodwill < 18 else "goods"
        if "courage" in legal:
            return "cards" if c.courage >= 14 or len(c.hand) < 1 else "courage"
        for a in legal:
            if a == "mill" or a.startswith("chaff:"):
                return a
        return "skip"

    def _TRAVEL_UNIT(self, s, legal):
        me, ctx = self.me, s.ctx
        if ctx["unit"] is None:
            moves = best_moves(s, me)
            if not moves or moves[0][0] <= 0.5:
                return "end"
            return f"unit:{moves[0][1]}"
        key, pos = ctx["unit"], ctx["pos"]
        if ctx["taken"] == 0:
            cands = [m for m in best_moves(s, me) if m[1] == key]
            if not cands:
                return "back"
            _, _, dest, carry = cands[0]
            if carry and ctx["load"][0] < carry and "load:farmer" in legal:
                return "load:farmer"
            return f"to:{HEX_IDS[dest]}"
        # a Long Haul under way: go on while it helps, else stop here
        best, where = 0.3, None
        for dest in steps(s, me, key[0], pos, any(ctx["load"])):
            v = move_score(s, me, key, pos, dest, ctx["load"][0])
            if v > best:
                best, where = v, dest
        return f"to:{HEX_IDS[where]}" if where is not None else "end"

    def _HARVEST_HEXES(self, s, legal):
        me, c = self.me, s.clans[self.me]
        if "barn" in legal:
            return "barn"
        hexes = [a for a in legal if a.startswith("hex:")]
        if hexes:
            def worth(a):
                h = HEX_INDEX[a[4:]]
                n = c.farmers[h]
                return (n * (1.3 if PRODUCE[h] == VILLAGE_MAKES and c.supply else 1.0), -h)
            return max(hexes, key=worth)
        return "ok" if "ok" in legal else "skip"

    def _mix(self, s, legal):
        if "ok" in legal:
            return "ok"
        short = needs(s, self.me)
        owned = owned_resources(s, self.me)
        mix = s.ctx["mix"]
        for r in RES:
            short[RES_INDEX[r]] -= mix.count(r)
        r = max(range(4), key=lambda i: (short[i], -owned[i], -i))
        return f"+{RES[r]}"

    def _TRADE_MIX(self, s, legal):
        return self._mix(s, legal)

    def _BOTTOM_DO(self, s, legal):
        return "do"

    def _TRINKET(self, s, legal):
        if "pay" in legal:
            return "pay"
        return next(a for a in legal if a.startswith("trinket:"))

    def _placement(self, s, legal):
        me, c, ctx = self.me, s.clans[self.me], s.ctx
        b, pick = ctx["b"], ctx["pick"]
        if pick is None:
            if b == 0:
                order = PIN_ORDER
                return next((f"pin:{u}" for u in order if f"pin:{u}" in legal), legal[0])
            if b == 1:
                return next((f"walker:W{i + 1}" for i in WALKER_ORDER if f"walker:W{i + 1}" in legal), legal[0])
            if b == 2:
                return next((f"structure:{n}" for n in STRUCTURE_ORDER if f"structure:{n}" in legal), legal[0])
            used = {0: 6, 1: 4, 2: 4, 3: 4}
            helpers = [a for a in legal if a.startswith("helper:")]
            return max(helpers, key=lambda a: used[BOTTOMS.index(a[7:])])
        if b == 0:
            slots = [a for a in legal if a.startswith("slot:")]
            return max(slots, key=lambda a: s.bottom_cost(me, BOTTOMS.index(a[5:])))
        if b == 3:
            if c.goodwill < 18 and "bonus:goodwill" in legal:
                return "bonus:goodwill"
            return next(a for a in legal if a.startswith("bonus:"))
        spots = [a for a in legal if a.startswith("at:")]
        if b == 2:
            return max(spots, key=lambda a: (prize_fit(s, me, HEX_INDEX[a[3:]]), -HEX_INDEX[a[3:]]))
        return spots[0]

    _IMPROVE_PIN = _ERECT_PLACE = _BUILD_PLACE = _RECRUIT_PICK = _placement

    def _CONFRONT_ORDER(self, s, legal):
        return legal[0]

    def _COURAGE_COMMIT(self, s, legal):
        return commit_step(s, self.me, legal)

    def _VISITOR_OFFER(self, s, legal):
        if s.ctx["offer"] is not None:
            return self._mix(s, legal)
        offers = [a for a in legal if a.startswith("offer:")]
        if not offers:
            return "none"
        best = max(offers, key=lambda a: offer_worth(s, self.me, s.ctx["card"], a[6:]))
        return best if offer_worth(s, self.me, s.ctx["card"], best[6:]) > 0 else "none"

    def _SONGLINE_PICK(self, s, legal):
        def worth(a):
            v = VISITOR_IDS.index(a[5:])
            return max(offer_worth(s, self.me, v, x) for x in "ABC")
        return max(legal, key=worth)

    def _MISSION_KEEP(self, s, legal):
        for a in legal:
            if mission_met(s, self.me, MISSION_IDS.index(a[5:])):
                return a
        return legal[0]

    def _MILL_PICK(self, s, legal):
        return next((f"mill:{m}" for m in MILL_ORDER if f"mill:{m}" in legal), legal[0])


def prize_fit(s: "WickerfairState", me: int, h: int) -> int:
    kind = PRIZES[s.prize]["kind"]
    built = [x for x in s.clans[me].structures if x != UNBUILT]
    return int({"plate": IS_PLATE[h], "lakeside": NEAR_LAKE[h], "visitor_spot": IS_VISITOR_SPOT[h],
                "village": IS_VILLAGE[h] or any(IS_VILLAGE[n] for n in ADJ[h]), "rim": RING[h] == 3,
                "hedgerow": any(n in built for n in ADJ[h])}[kind])


# --- the courage commit --------------------------------------------------------------------------------
def commit_plan(s: "WickerfairState", me: int) -> tuple[int, tuple[int, ...]]:
    """The dial and cards to hand in: the cheapest that beats the opponent's likely total, or nothing
    when even everything would probably lose."""
    ctx = s.ctx
    h, starter = ctx["hex"], ctx["starter"]
    opp = ctx["defender"] if me == starter else starter
    theirs_exp, theirs_best = fight_strength(s, opp, h, opp != starter, me)
    need = 0 if me == starter else 1
    c = s.clans[me]
    k = s.fighters(me, h)
    dmax = s.dial_max(me)
    best = None
    hand = sorted(c.hand, reverse=True)
    options = {()}
    for n in range(1, min(k, len(hand)) + 1):
        options.update(tuple(sorted(x)) for x in combinations(hand, n))
    targets = [theirs_best + need, round(theirs_exp + 0.5) + need + 1, round(theirs_exp + 0.5) + need]
    for target in targets:
        for cards in sorted(options):
            mods = sum(v for _, v in s.modifiers(me, h, me != starter, len(cards)))
            dial = max(0, target - sum(cards) - mods)
            if dial > dmax:
                continue
            cost = 0.45 * dial + sum(1.0 + 0.12 * v for v in cards)
            if best is None or cost < best[0]:
                best = (cost, dial, cards)
        if best is not None:
            return best[1], best[2]
    return 0, ()


def commit_step(s: "WickerfairState", me: int, legal: list[str]) -> str:
    dial, cards = commit_plan(s, me)
    cur_dial, cur_cards = s.draft_of(me)
    if (dial, cards) == (0, ()):
        return "blank"
    if cur_dial != dial:
        return f"dial:{dial}"
    if cur_cards != cards:
        if all(cur_cards.count(v) <= cards.count(v) for v in cur_cards):
            missing = list(cards)
            for v in cur_cards:
                missing.remove(v)
            return f"card:{missing[0]}"
        return "clear"
    return "commit"


__all__ = ["QuickPlayer", "commit_step", "commit_plan", "best_moves", "move_score", "needs", "offer_worth"]
