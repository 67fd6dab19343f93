"""What the browser table draws besides the observation: the static valley and cards (fetched once),
and per view the hex controllers, what a choice will cost before it is confirmed, the score sheet's
extra columns and how the fair ended.

The static data is everything that never changes in a game (map geometry, clans, mats, cards, rules
numbers, the words shown when a person points at a part of the board), so a view stays small. A
payment preview is worked out by paying on a clone (§5.7 picks the sources itself), so the table never
re-implements the payment rule.
"""
from __future__ import annotations

from typing import Any

from . import kinds as K
from .actions import upgraded
from .board import controls
from .data import (BOARD_BONUSES, BOLSTER_COST, BOTTOM_RES, BOTTOMS, CARDS, CLAN_LIST, CLAN_NAMES, COURAGE_DECK,
                   DIAL_MAX, HARVEST_COSTS, HEX_IDS, MAP, MAT_COLUMNS, MAT_LIST, MILL, MISSIONS, PRIZES, RES, RIBBONS,
                   RIBBON_NAMES, RULES, SCORING, START_CARDS, START_COINS, START_COURAGE, START_GOODWILL, STRUCTURES,
                   STRUCTURE_NAMES, TERRAIN_NAMES, TEXTS, TRADE_COST, UPGRADES, VISITORS, WALKERS, harvest_cost,
                   tier)
from .notation import offer_words
from .position import WickerfairPosition

LANGS = ("en", "pt")
TERRAIN_PLURAL = {"FI": {"en": "fields", "pt": "campos"}, "WO": {"en": "woods", "pt": "bosques"},
                  "CL": {"en": "clay pits", "pt": "barreiros"}, "PA": {"en": "pasture", "pt": "pastos"},
                  "VI": {"en": "villages", "pt": "povoados"}}


def _walker_text(clan: int, slot: int) -> dict[str, str]:
    w = WALKERS[clan][slot]
    kind = CLAN_LIST[clan]["walkers"][slot]["slot"]
    if kind == "stream":
        out = {}
        for lang in LANGS:
            terr = (" ou " if lang == "pt" else " or ").join(TERRAIN_PLURAL[t][lang] for t in w["terrains"])
            out[lang] = TEXTS["walker_slots"]["stream"][lang].format(terrains=terr)
        return out
    if kind == "speed":
        return {lang: TEXTS["walker_slots"]["speed"][lang].format(steps=w["steps"]) for lang in LANGS}
    return dict(TEXTS["walker_kinds"][w["kind"]])


def static_data() -> dict[str, Any]:
    """The valley, the clans, the mats (with the recorded balance changes), the cards and the words for them."""
    hexes = [{"id": h["id"], "q": h["q"], "r": h["r"], "ring": h["ring"], "terrain": h["terrain"],
              "plate": h["plate"], "visitor_spot": h["visitor_spot"], "old_mill": h["old_mill"]} for h in MAP["hexes"]]
    clans = []
    for i, c in enumerate(CLAN_LIST):
        ab = c["ability"]
        clans.append({
            "name": {"en": CLAN_NAMES["en"][i], "pt": CLAN_NAMES["pt"][i]}, "colour": c["colour"], "home": c["home"],
            "courage": START_COURAGE[i], "cards": START_CARDS[i],
            "ability": {"id": ab["id"], "name": ab["name"], "text": TEXTS["clan_abilities"][ab["id"]]},
            "walkers": [{"name": WALKERS[i][k]["name"], "slot": CLAN_LIST[i]["walkers"][k]["slot"],
                         "text": _walker_text(i, k)} for k in range(len(WALKERS[i]))],
        })
    mats = []
    for m, mat in enumerate(MAT_LIST):
        mats.append({"number": mat["number"], "name": mat["name"], "goodwill": START_GOODWILL[m], "coins": START_COINS[m],
                     "columns": [{"top": col.top, "bottom": col.bottom, "cost": col.cost, "min": col.min,
                                  "slots": col.slots, "coins": col.coins, "helper": col.helper} for col in MAT_COLUMNS[m]]})
    return {
        "hexes": hexes,
        "terrains": {code: {"name": name, "produces": next(t["produces"] for t in MAP["terrains"] if t["code"] == code)}
                     for code, name in TERRAIN_NAMES.items()},
        "streams": MAP["streams"], "homes": MAP["homes"], "cycle": MAP["cycle"],
        "old_mill_value": MAP["old_mill_hex_value"],
        "clans": clans, "mats": mats,
        "resources": list(RES),
        "bottoms": list(BOTTOMS), "bottom_resource": {b: RES[BOTTOM_RES[i]] for i, b in enumerate(BOTTOMS)},
        "tops": TEXTS["tops"], "bottom_texts": TEXTS["bottoms"],
        "helper": TEXTS["helper"], "helper_bonus": TEXTS["helper_bonus"],
        "upgrades": [{"id": u["id"], "space": TEXTS["upgrades"][u["id"]], "base": u["base"], "upgraded": u["upgraded"]}
                     for u in UPGRADES],
        "bonuses": [{"id": b["id"], "text": TEXTS["bonuses"][b["id"]]} for b in BOARD_BONUSES],
        "structures": [{"id": sid, "name": {lang: STRUCTURE_NAMES[lang][i] for lang in LANGS},
                        "text": TEXTS["structures"][sid]} for i, sid in enumerate(STRUCTURES)],
        "visitors": [{"id": v["id"], "name": v["name"],
                      "offers": {x: {"en": offer_words(o, "en"), "pt": offer_words(o, "pt"), "cost": o["cost"]}
                                 for x, o in v["offers"].items()}} for v in VISITORS],
        "mill": [{"id": m["id"], "name": m["name"], "top": TEXTS["mill"][m["id"]]["top"],
                  "bottom": TEXTS["mill"][m["id"]]["bottom"], "long_haul": m["bottom"].get("kind") == "long_haul"}
                 for m in MILL],
        "long_haul": TEXTS["long_haul"],
        "missions": [{"id": m["id"], "name": m["name"], "text": TEXTS["missions"][m["id"]]} for m in MISSIONS],
        "prizes": [{"id": p["id"], "name": p["name"], "count": TEXTS["prizes"][p["id"]], "payout": p["payout"]}
                   for p in PRIZES],
        "ribbons": [{"id": r, "name": {lang: RIBBON_NAMES[lang][i] for lang in LANGS}, "text": TEXTS["ribbons"][r],
                     "most": RULES["ribbons"][i].get("most", 1)} for i, r in enumerate(RIBBONS)],
        "courage_deck": {str(v): COURAGE_DECK.count(v) for v in sorted(set(COURAGE_DECK))},
        "rules": {"harvest_costs": [{"farmers": [lo, hi], "cost": cost} for lo, hi, cost in HARVEST_COSTS],
                  "trade_cost": TRADE_COST, "bolster_cost": BOLSTER_COST, "dial_max": DIAL_MAX,
                  "caps": RULES["caps"], "last_day": RULES["last_day"], "ribbons_to_end": RULES["ribbons_to_end"],
                  "scoring": SCORING, "timers": RULES["timers"], "pieces": RULES["pieces"]},
        "visitor_tokens": CARDS["visitor_tokens"],
    }


# --- per view ------------------------------------------------------------------------------------

def preview(s: "WickerfairPosition", seat: int, cost: dict[str, int],
            trinket: tuple[int, str] | None = None) -> list[dict[str, Any]]:
    """What paying ``cost`` now takes and from where (§5.7), as [{what, n, at}] (at: a hex, "home", or
    None for coins and tracks); worked out by paying on a clone."""
    if not cost or not any(cost.values()):
        return []
    c = s.clone()
    mark = len(c.events)
    c._pay(seat, cost, trinket)
    out: list[dict[str, Any]] = []
    if trinket is not None:
        out.append({"what": "card", "n": 1, "value": trinket[0], "instead": trinket[1], "at": None})
    for e in c.events[mark:]:
        if e["kind"] != "pay":
            continue
        for item in e["paid"]:
            if "@" in item:
                what, at = item.split("@")
                last = out[-1] if out else None
                if last and last["what"] == what and last["at"] == at:
                    last["n"] += 1
                else:
                    out.append({"what": what, "n": 1, "at": at})
            else:
                n, what = item.split(" ", 1)
                if int(n):
                    out.append({"what": what, "n": int(n), "at": None})
    return out


def _pay_view(s: "WickerfairPosition", p: int) -> dict[str, Any] | None:
    """The payment the acting seat's current choice will make, shown before it is confirmed (§9)."""
    kind, ctx, c = s.dk, s.ctx, s.clans[p]
    if kind == K.TOP_OPTION:
        top = s.top_kind()
        out: dict[str, Any] = {}
        # Only a cost the seat can pay is previewed: an option it cannot afford is not on offer.
        if top == "harvest" and s.payable(p, harvest_cost(c.farmers_on_map())):
            out["harvest"] = preview(s, p, harvest_cost(c.farmers_on_map()))
        elif top == "trade" and s.payable(p, {"coins": TRADE_COST}):
            out["goods"] = out["goodwill"] = preview(s, p, {"coins": TRADE_COST})
        elif top == "bolster" and s.payable(p, {"coins": BOLSTER_COST}):
            out["courage"] = out["cards"] = preview(s, p, {"coins": BOLSTER_COST})
        elif top == "mill" and c.mill >= 0 and MILL[c.mill]["top"].get("cost") and s.payable(p, MILL[c.mill]["top"]["cost"]):
            out["mill"] = preview(s, p, MILL[c.mill]["top"]["cost"])
        return {"options": out}
    if kind == K.HARVEST_HEXES and ctx["mode"] == "harvest":
        return {"cost": preview(s, p, harvest_cost(c.farmers_on_map()))}
    if kind == K.TRADE_MIX:
        cost = {"coins": TRADE_COST} if ctx["purpose"] == "trade" else MILL[c.mill]["top"]["cost"]
        return {"cost": preview(s, p, cost)}
    if kind in (K.BOTTOM_DO, K.TRINKET):
        plan = s.bottom_plan(p)
        if plan is None:
            return None
        full = plan[1]
        out = {"cost": preview(s, p, full) if s.payable(p, full) else None}
        if kind == K.TRINKET:
            out["trinkets"] = {f"trinket:{v}:{w}": preview(s, p, full, (v, w)) for v, w in s.trinket_options(p, full)}
        return out
    if kind in K.PLACEMENT and not ctx["free"]:
        if ctx["source"] == "mill":
            cost = MILL[c.mill]["bottom"]["cost"]
        else:
            cost = {RES[BOTTOM_RES[ctx["b"]]]: s.bottom_cost(p, ctx["b"])}
        return {"cost": preview(s, p, cost, ctx["trinket"])}
    return None


SHEET_COLUMNS = [
    {"key": "coins", "label": {"en": "Coins", "pt": "Moedas"}},
    {"key": "ribbons", "label": {"en": "Ribbons", "pt": "Fitas"}},
    {"key": "courage", "label": {"en": "Courage", "pt": "Coragem"}},
]
END_COLUMNS = [
    {"key": "coins", "label": {"en": "Coins", "pt": "Moedas"}},
    {"key": "for_ribbons", "label": {"en": "Ribbons", "pt": "Fitas"}},
    {"key": "for_hexes", "label": {"en": "Hexes", "pt": "Hexág."}},
    {"key": "for_pairs", "label": {"en": "Goods", "pt": "Bens"}},
    {"key": "prize", "label": {"en": "Prize", "pt": "Prêmio"}},
]


def sheet(s: "WickerfairPosition", lang_names: bool = True) -> dict[str, Any]:
    """The score sheet's extra columns: each clan's coins, ribbons and courage while the fair runs; at the
    end the final coins per part (§8.3: coins, and the coins for ribbons, hexes, resource pairs, the prize)."""
    rows = []
    final = s.final if s.over else None
    for c in s.clans:
        values: dict[str, Any] = {"coins": c.coins, "ribbons": len(c.ribbons),
                                  "courage": c.courage}
        if final:
            b = final[c.seat]
            values.update({"for_ribbons": b["ribbons"], "for_hexes": b["hexes"], "for_pairs": b["pairs"],
                           "prize": b["prize"]})
        rows.append({"seat": c.seat, "values": values})
    return {"columns": END_COLUMNS if final else SHEET_COLUMNS, "rows": rows}


def ending(s: "WickerfairPosition") -> dict[str, str] | None:
    """How the fair ended, in words (§8.2)."""
    if not s.over:
        return None
    if s.end_reason == "ribbons":
        who = [c for c in s.clans if len(c.ribbons) >= RULES["ribbons_to_end"]]
        names = {lang: (" e " if lang == "pt" else " and ").join(CLAN_NAMES[lang][c.clan] for c in who) for lang in LANGS}
        return {"en": f"The {names['en']} placed a sixth ribbon on day {s.day}: the fair ended at once.",
                "pt": f"{'As' if who and who[0].clan in (0, 1, 4) else 'Os'} {names['pt']} puseram a sexta fita no dia "
                      f"{s.day}: a feira acabou na hora."}
    return {"en": f"Day {s.day} ended with no clan at six ribbons: the fair is over.",
            "pt": f"O dia {s.day} terminou sem nenhum clã com seis fitas: a feira acabou."}


def table_view(s: "WickerfairPosition", player: Any) -> dict[str, Any]:
    """The observation (less the task stack) plus each hex's controller, each clan's bottom-action costs
    (now and after one more pin), upgrade-space values and scoring rates,
    the acting seat's payment preview and the dial limits of a confrontation it is in, the score sheet and the ending."""
    out = s.observation(player)
    out.pop("tasks", None)
    ctrl = {}
    for p in range(s.num_players):
        for h in controls(s, p):
            ctrl[HEX_IDS[h]] = p
    out["control"] = ctrl
    # A bottom action's cost falls as pins fill its slots: the engine's own ``bottom_cost`` says it, per
    # clan and bottom action (in ``bottoms`` order), so the mat never works it out.
    # The same for what an open slot would cost after Improve's pin, each upgrade space's value (base while
    # its pin covers it) and the scoring rates at the clan's goodwill (§8.3): the rules' own functions say them.
    free = [set(s.free_slots(p)) for p in range(s.num_players)]
    for p, clan in enumerate(out["clans"]):
        clan["bottom_costs"] = [s.bottom_cost(p, b) for b in range(len(BOTTOMS))]
        clan["bottom_costs_after_pin"] = [s.bottom_cost(p, b, 1) if b in free[p] else None for b in range(len(BOTTOMS))]
        clan["upgrade_values"] = [upgraded(s.clans[p], u) for u in range(len(UPGRADES))]
        t = tier(s.clans[p].goodwill)
        clan["scoring"] = {k: SCORING[k][t] for k in ("per_ribbon", "per_hex", "per_pair")}
    acting = isinstance(player, int) and not s.over and player in s.dplayers
    if acting and s.dk is not None:
        pay = _pay_view(s, player)
        if pay is not None:
            out["pay"] = pay
    if s.dk == K.COURAGE_COMMIT and isinstance(player, int) and player in (s.ctx["starter"], s.ctx["defender"]):
        out["ctx"]["limits"] = {"dial_max": s.dial_max(player), "k": s.fighters(player, s.ctx["hex"])}
    out["sheet"] = sheet(s)
    end = ending(s)
    if end:
        out["ending"] = end
    return out
