"""Tables over days (docs/records.md, "Tables over days"): the pace options, the times every action
carries and the move chain binds, the clock (deadlines, banks, holidays, days given, several seats at
once), claims, days given and the table's timer moves at and only after a deadline, holidays within
their yearly limit, and what verify and a guest's witness say when a time is changed."""
from __future__ import annotations

import json

import pytest

from py_engine.core import controls as ctl
from py_engine.core import record as rec
from py_engine.core.commitments import chain, terms
from py_engine.core.days import DAY, YEAR, TooEarly
from py_engine.core.fairness import commitment
from py_engine.core.game import PACE, IllegalAction
from py_engine.core.table import Seat, Table
from py_engine.core.verify import verify
from py_engine.jointplay import Page
from py_engine.registry import get_game
from tests.core.toygame import Tally

SEED = "d4" * 32
T0 = 1_767_225_600          # 2026-01-01 00:00 UTC
H = 3600


class TallyDays(Tally):
    options = Tally.options + PACE


TALLY = TallyDays()


def lookup(name):
    return TALLY if name == "tally" else get_game(name)


def elderwood(options=None, seats=None, **kw):
    opts = {"move_days": 2, "bank_days": 1, "holiday_days": 5} if options is None else options
    return Table(get_game("elderwood"), seats or [Seat("Ana"), Seat("João")], opts, SEED, "test", words=True,
                 started=T0, **kw)


def first_move(t, seat, at):
    t.play(t.state.legal_actions(seat)[0], seat, at=at)


def to_mover(t):
    return t.decision().players[0]


# --- the pace options -----------------------------------------------------------------------------
def test_the_pace_options_are_omitted_at_their_default_and_checked_together():
    g = get_game("milehollow")
    assert g.normalize_options({"move_days": 0, "bank_days": 0, "holiday_days": 0}) == {}
    assert g.normalize_options({"move_days": 3, "bank_days": 7, "holiday_days": 14}) == \
        {"move_days": 3, "bank_days": 7, "holiday_days": 14}
    for bad in ({"bank_days": 2}, {"holiday_days": 3}, {"move_days": 4}, {"move_days": True}, {"bank_days": 4,
                                                                                               "move_days": 1}):
        with pytest.raises(IllegalAction):
            g.normalize_options(bad)
    for name in ("elderwood", "hollowmere", "milehollow", "wickerfair"):
        specs = {o.name: o for o in get_game(name).options}
        assert all(specs[n].across_devices_only and specs[n].omit_default for n in ("move_days", "bank_days",
                                                                                    "holiday_days"))
        assert not any(o.across_devices_only for o in specs.values() if o.name not in ("move_days", "bank_days",
                                                                                     "holiday_days"))


def test_the_pace_is_in_the_terms_and_the_record_and_sealed():
    t = elderwood()
    joint = [{"who": "Ana", "commitment": commitment("01" * 32)}]
    assert terms("elderwood", "test", t.options, [s.to_json() for s in t.seats], True, joint)["options"] == \
        {"move_days": 2, "bank_days": 1, "holiday_days": 5}
    r = t.to_record(reveal_seed=True)
    assert r["options"] == {"move_days": 2, "bank_days": 1, "holiday_days": 5}
    assert r["started"] == T0 and r["times"] == []
    # A table not over days has neither; an existing record reads as it always did.
    plain = Table(get_game("elderwood"), [Seat("A"), Seat("B")], {}, SEED, "test").to_record(reveal_seed=True)
    assert "times" not in plain and "started" not in plain and plain["options"] == {}


def test_a_time_is_needed_over_days_and_refused_elsewhere_and_never_goes_back():
    with pytest.raises(IllegalAction, match="time it started"):
        Table(get_game("elderwood"), [Seat("A"), Seat("B")], {"move_days": 1}, SEED, "test")
    with pytest.raises(IllegalAction, match="only a table over days"):
        Table(get_game("elderwood"), [Seat("A"), Seat("B")], {}, SEED, "test", started=T0)
    with pytest.raises(IllegalAction, match="without timers"):
        Table(get_game("elderwood"), [Seat("A"), Seat("B")], {"move_days": 1}, SEED, "test", timers=False, started=T0)
    t = elderwood()
    s = to_mover(t)
    with pytest.raises(IllegalAction, match="carries its time"):
        first_move(t, s, None)
    first_move(t, s, T0 + H)
    with pytest.raises(IllegalAction, match="never go back"):
        first_move(t, to_mover(t), T0 + H - 1)
    assert t.times == [T0 + H] and len(t.actions) == 1                  # the refusal changed nothing
    plain = Table(get_game("elderwood"), [Seat("A"), Seat("B")], {}, SEED, "test")
    with pytest.raises(IllegalAction, match="not over days"):
        first_move(plain, to_mover(plain), T0)


# --- the clock ------------------------------------------------------------------------------------
def test_a_deadline_is_the_time_per_move_plus_the_bank_and_waiting_past_it_spends_the_bank():
    t = elderwood()                                        # 2 days a move, 1 day of bank
    a = to_mover(t)
    b = 1 - a
    assert t.days_clock()["deadlines"][a] == T0 + 3 * DAY and t.days_clock()["deadlines"][b] is None
    first_move(t, a, T0 + 2 * DAY + 6 * H)                 # 6 hours over: taken from the bank
    clock = t.days_clock()
    assert clock["bank_left"][a] == DAY - 6 * H and clock["bank_left"][b] == DAY
    assert clock["deadlines"][b] == T0 + 2 * DAY + 6 * H + 3 * DAY and clock["deadlines"][a] is None
    first_move(t, b, T0 + 2 * DAY + 7 * H)                 # within its time: its bank is whole
    assert t.days_clock()["bank_left"][b] == DAY
    # a's next deadline: two days and what is left of its bank
    assert t.days_clock()["deadlines"][a] == T0 + 2 * DAY + 7 * H + 2 * DAY + DAY - 6 * H


def test_a_holiday_stops_the_clock_and_the_record_says_so():
    t = elderwood()
    a = to_mover(t)
    b = 1 - a
    t.play(f"{ctl.HOLIDAY}3", b, at=T0 + H)                # off its turn, for itself
    t.play(f"{ctl.HOLIDAY}2", a, at=T0 + 2 * H)            # on its turn: its deadline moves two days
    clock = t.days_clock(T0 + 2 * H)
    assert clock["deadlines"][a] == T0 + 3 * DAY + 2 * DAY
    assert clock["holiday_until"] == [T0 + 2 * H + 2 * DAY if s == a else T0 + H + 3 * DAY for s in range(2)]
    assert clock["holiday_left"][a] == 3 and clock["holiday_left"][b] == 2
    log = t.log(None)
    assert log[-1]["words"] == {"en": "On holiday for 2 days", "pt": "De férias por 2 dias"}
    assert log[-2]["words"]["en"] == "On holiday for 3 days" and log[-1]["time"] == T0 + 2 * H
    # Moving three days after its decision began costs no bank: it counted one day, the rest was a holiday.
    first_move(t, a, T0 + 3 * DAY)
    assert t.days_clock()["bank_left"][a] == DAY
    # b's decision began in the last hour of its holiday: that hour does not count.
    assert t.days_clock()["deadlines"][b] == T0 + 3 * DAY + H + 3 * DAY
    r = t.to_record(reveal_seed=True)
    assert [a for a in r["actions"] if a.startswith("@")] == ["@holiday:3", "@holiday:2"]


def test_holidays_are_limited_each_year_and_never_overlap():
    t = elderwood({"move_days": 14, "holiday_days": 3})
    a = to_mover(t)
    b = 1 - a
    with pytest.raises(IllegalAction, match="3 days of holiday left"):
        t.play(f"{ctl.HOLIDAY}4", b, at=T0)
    t.play(f"{ctl.HOLIDAY}2", b, at=T0)
    with pytest.raises(IllegalAction, match="on holiday until"):
        t.play(f"{ctl.HOLIDAY}1", b, at=T0 + DAY)
    t.play(f"{ctl.HOLIDAY}1", b, at=T0 + 2 * DAY)
    assert f"{ctl.HOLIDAY}1" not in t.controls(b, T0 + 4 * DAY)
    with pytest.raises(IllegalAction, match="0 days of holiday left"):
        t.play(f"{ctl.HOLIDAY}1", b, at=T0 + 4 * DAY)
    # A new year of the table (365 days from its start) brings the days back.
    assert t.controls(b, T0 + YEAR)[-3:] == ["@holiday:1", "@holiday:2", "@holiday:3"]
    for bad in ("@holiday:0", "@holiday:01", "@holiday:x"):
        with pytest.raises(IllegalAction):
            t.play(bad, b, at=T0 + YEAR)
    with pytest.raises(IllegalAction, match="only for a table"):
        Table(get_game("elderwood"), [Seat("A"), Seat("B")], {"holiday_days": 3}, SEED, "test", started=T0)


def test_claim_give_a_day_and_the_timer_move_come_at_and_only_after_the_deadline():
    t = elderwood({"move_days": 1})
    a = to_mover(t)
    b = 1 - a
    deadline = T0 + DAY
    assert t.late(deadline - 1) == [] and t.controls(b, deadline - 1) == []
    for action in (f"{ctl.CLAIM}{a + 1}", f"{ctl.EXTEND}{a + 1}"):
        with pytest.raises(TooEarly) as e:
            t.play(action, b, at=deadline - 1)
        assert e.value.deadline == deadline
    with pytest.raises(TooEarly):
        t.play_timeout(a, deadline - 1)
    assert t.actions == []
    assert t.late(deadline) == [a]
    assert t.controls(b, deadline) == [f"{ctl.CLAIM}{a + 1}", f"{ctl.EXTEND}{a + 1}"]
    assert ctl.RESIGN in t.controls(a, deadline) and ctl.PAUSE not in t.controls(a, deadline)
    t.play(f"{ctl.EXTEND}{a + 1}", b, at=deadline)
    assert t.days_clock(deadline)["deadlines"][a] == deadline + DAY and t.late(deadline) == []
    assert t.log(None)[-1]["words"]["en"] == f"Gave seat {a + 1} one more day"
    with pytest.raises(TooEarly):
        t.play_timeout(a, deadline + DAY - 1)
    t.play_timeout(a, deadline + DAY)                      # the table plays for it, as its timer would
    assert t.actors[-1] == [a, "timer"] and t.times[-1] == deadline + DAY
    # a's next decision starts with no bank and no day given
    b_deadline = t.days_clock()["deadlines"][b]
    assert b_deadline == deadline + DAY + DAY
    t.play(f"{ctl.CLAIM}{b + 1}", a, at=b_deadline)
    assert t.state.is_terminal() and t.state.winners() == [a] and t.state.outcome() == "win"
    assert t.state.view(None)["table_end"]["reason"] == "claimed"
    r = json.loads(json.dumps(t.to_record()))
    assert verify(r, get_game, "test").ok and verify(r, get_game, "test", bots=True).ok


def test_nobody_claims_against_a_bot_a_bot_claims_nothing_and_a_seat_not_against_itself():
    t = elderwood({"move_days": 1}, seats=[Seat("Ana"), Seat("Bot", True, "easy")])
    assert t.days_clock()["deadlines"][1] is None and t.days_clock()["bank_left"][1] is None
    t.play_bots()                                          # a bot never waits: it moves at the table's time
    assert to_mover(t) == 0
    late = T0 + 5 * DAY
    assert t.late(late) == [0]
    with pytest.raises(IllegalAction, match="itself"):
        t.play(f"{ctl.CLAIM}1", 0, at=late)
    with pytest.raises(IllegalAction, match="a bot never waits"):
        t.play(f"{ctl.CLAIM}1", 1, at=late)
    first_move(t, 0, late)
    assert t.late(late + 10 * DAY) == [] and t.controls(0, late + 10 * DAY) == []
    with pytest.raises(IllegalAction, match="nobody claims against it"):
        t.play(f"{ctl.CLAIM}2", 0, at=late + 10 * DAY)
    with pytest.raises(TooEarly):
        t.play_timeout(1, late + 10 * DAY)


def test_with_three_seats_a_claimed_seat_is_out_and_the_game_goes_on():
    t = Table(TALLY, [Seat("A"), Seat("B"), Seat("C")], {"move_days": 1}, SEED, "test", words=True, started=T0)
    # Every seat bids at once: one start, a deadline each.
    assert t.days_clock()["deadlines"] == [T0 + DAY] * 3
    t.play("bid:1", 0, at=T0 + H)
    t.play("bid:2", 1, at=T0 + 2 * H)
    assert t.days_clock()["deadlines"] == [None, None, T0 + DAY]
    t.play(f"{ctl.CLAIM}3", 0, at=T0 + DAY)
    assert not t.state.is_terminal() and 2 in t.resigned
    t.play_forced(T0 + DAY)                               # its bid is the table's, at once
    assert t.actors[3] == [2, "timer"] and t.actions[3] == "bid:0" and t.times[3] == T0 + DAY
    for _ in range(200):
        t.play_forced(T0 + DAY)
        d = t.decision()
        if d is None:
            break
        t.play(t.state.legal_actions(d.players[0])[0], d.players[0], at=T0 + DAY)     # take
    assert t.state.is_terminal() and 2 not in t.state.winners()
    r = json.loads(json.dumps(t.to_record()))
    assert verify(r, lookup, "test").ok


def test_a_step_of_a_compound_choice_keeps_its_clock():
    t = Table(get_game("wickerfair"), [Seat("A"), Seat("B")], {"move_days": 1, "bank_days": 2}, SEED, "test",
              started=T0)
    t.play_forced(T0)
    seat = to_mover(t)
    start = t.days_clock()["deadlines"][seat]
    at = T0
    for _ in range(60):                                   # play until a step leaves the same decision open
        d = t.decision()
        p = d.players[0]
        legal = t.state.legal_actions(p)
        stepping = next((x for x in legal if not t.state.reveals_to(x, p)), None)
        if stepping is not None and d.since is not None:
            before = t.days_clock(at)["deadlines"][p]
            at += H
            t.play(stepping, p, at=at)
            if p in t.decision().players and t.decision().since == d.since:
                assert t.days_clock(at)["deadlines"][p] == before
                return
            continue
        at += H
        t.play(legal[0], p, at=at)
        t.play_forced(at)
    pytest.fail(f"no compound step found (first deadline {start})")


# --- the record, the chain, verify and the witness -------------------------------------------------
def test_times_are_read_strictly_naming_the_field():
    t = elderwood()
    a = to_mover(t)
    first_move(t, a, T0 + H)
    first_move(t, 1 - a, T0 + 2 * H)
    r = t.to_record(reveal_seed=True)

    def refused(change, field):
        bad = json.loads(json.dumps(r))
        change(bad)
        with pytest.raises(rec.BadRecord) as e:
            rec.check_shape(bad)
        assert e.value.field == field, e.value

    refused(lambda x: x["times"].__setitem__(1, T0), "times[1]")            # a time that goes back
    refused(lambda x: x["times"].__setitem__(0, T0 - 1), "times[0]")        # before the start
    refused(lambda x: x.pop("times"), "times")                              # missing
    refused(lambda x: x["times"].append(T0 + 3 * H), "times")               # one more than the actions
    refused(lambda x: x.__setitem__("started", "x"), "started")
    refused(lambda x: x["times"].__setitem__(0, True), "times[0]")
    plain = Table(get_game("elderwood"), [Seat("A"), Seat("B")], {}, SEED, "test").to_record(reveal_seed=True)
    with pytest.raises(rec.BadRecord) as e:
        rec.check_shape({**plain, "times": []})
    assert e.value.field == "times"


def test_the_move_chain_binds_each_time():
    actions, actors = ["wG1", "@holiday:2"], [[0, "seat"], [1, "seat"]]
    with_times = chain(SEED, actions, actors, [T0, T0 + 60])
    assert with_times[0] == chain(SEED, actions, actors)[0]
    assert with_times[1:] != chain(SEED, actions, actors)[1:]
    assert with_times[2] != chain(SEED, actions, actors, [T0, T0 + 61])[2]
    assert with_times[1] == chain(SEED, actions, actors, [T0, T0 + 61])[1]


def test_a_move_claimed_early_is_named_by_its_time():
    t = elderwood({"move_days": 1})
    a = to_mover(t)
    t.play(f"{ctl.CLAIM}{a + 1}", 1 - a, at=T0 + DAY)
    r = json.loads(json.dumps(t.to_record()))
    assert verify(r, get_game, "test").ok
    r["times"][0] = T0 + DAY - 60
    from py_engine.core.record import seal
    r["seal"] = seal(r, r["seed"])          # resealed: only the time says it was too early
    report = verify(r, get_game, "test")
    assert not report.ok and report.field == "times[0]" and report.move == 1
    assert report.expected == T0 + DAY and report.found == T0 + DAY - 60
    assert "too early" in report.words["en"] and "cedo demais" in report.words["pt"]


def test_a_holiday_beyond_the_limit_is_refused_by_verify():
    t = elderwood({"move_days": 3, "holiday_days": 3})
    a = to_mover(t)
    t.play(f"{ctl.HOLIDAY}3", a, at=T0)
    t.play(f"{ctl.RESIGN}", a, at=T0 + H)
    r = json.loads(json.dumps(t.to_record()))
    assert verify(r, get_game, "test").ok
    r["actions"][0] = "@holiday:5"
    from py_engine.core.record import seal
    r["seal"] = seal(r, r["seed"])
    report = verify(r, get_game, "test")
    assert not report.ok and report.field == "actions" and report.move == 1 and "holiday" in report.summary


def _joint_days_game():
    from py_engine.jointplay import play
    seats = [Seat("Ana"), Seat("João")]
    return play(get_game("elderwood"), seats, {0: "easy", 1: "easy"}, {"move_days": 1, "bank_days": 1,
                                                                      "holiday_days": 3},
                "test", contributions=["01" * 32, "02" * 32])


def test_a_guest_holds_the_host_to_the_times_it_was_shown():
    table, r = _joint_days_game()
    assert verify(json.loads(json.dumps(r)), get_game, "test").ok
    w = r["witness"]
    assert w["started"] == r["started"] and all(len(x) == 3 for x in w["shown"])
    assert any(a.startswith("@extend:") or a.startswith("@holiday:") for a in r["actions"])
    # A later time for one move in the host's record (resealed): the witness names it.
    k = len(r["actions"]) // 2
    bad = json.loads(json.dumps(r))
    for i in range(k, len(bad["times"])):
        bad["times"][i] += 60
    from py_engine.core.record import seal
    bad["seal"] = seal(bad, bad["seed"])
    report = verify(bad, get_game, "test")
    assert not report.ok and report.field == f"times[{k}]", report.summary
    assert report.found == r["times"][k] + 60 and report.expected == r["times"][k]
    # Without the witness, a record resealed with every later time moved by the same minute holds on its
    # own (no claim or timer move becomes early): what catches it is the guest's witness.
    assert verify({x: v for x, v in bad.items() if x != "witness"}, get_game, "test").ok
    # Another start than the one shown.
    moved = json.loads(json.dumps(r))
    moved["started"] -= 60
    moved["seal"] = seal(moved, moved["seed"])
    report = verify(moved, get_game, "test")
    assert not report.ok and report.field == "started" and report.expected == r["started"]


def test_a_guest_s_page_keeps_the_times_it_was_shown():
    table, r = _joint_days_game()
    page = Page(table, 1)
    assert page.witness["started"] == r["started"]
    log = table.log(1)
    assert [x[2] for x in page.witness["shown"]] == [e["time"] for e in log if not e.get("draft")]


def test_the_worked_clock_of_records_md():
    """docs/records.md, *Tables over days*: the worked clock, to the second."""
    t = elderwood({"colour": "ash", "move_days": 2, "bank_days": 1, "holiday_days": 3})
    assert t.started == 1767225600 and to_mover(t) == 0
    assert t.days_clock()["deadlines"][0] == 1767484800
    first_move(t, 0, 1767420000)
    assert t.days_clock()["bank_left"][0] == 64800 and t.days_clock()["deadlines"][1] == 1767679200
    t.play("@holiday:2", 1, at=1767423600)
    assert t.days_clock()["deadlines"][1] == 1767852000
    with pytest.raises(TooEarly):
        t.play("@claim:2", 0, at=1767851999)
    assert t.controls(0, 1767852000) == ["@claim:2", "@extend:2", "@holiday:1", "@holiday:2", "@holiday:3"]
    t.play("@extend:2", 0, at=1767852000)
    assert t.days_clock()["deadlines"][1] == 1767938400
