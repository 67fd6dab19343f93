"""A participant's witness (docs/records.md): what a guest's page was promised before it revealed
and shown while the game was played, held against the record the host hands over at the end.

The guest's page is played here the way the browser's is: it receives a snapshot of its own seat
each time its view changes (the host sends nothing else), keeps the move chain's value from each
and the log entries it was shown, and at the end verifies the record with that witness. A host that
changed the terms after the seed was fixed, or rewrote a move — its own hidden ones included —
is named by the verdict; an honest game of every game verifies with every check passed.
"""
from __future__ import annotations

import json

import pytest

from py_engine.jointplay import Page
from py_engine.core.commitments import first_difference, terms_digest
from py_engine.core.fairness import commitment
from py_engine.core.game import IllegalAction
from py_engine.core.table import Seat, Table
from py_engine.core.verify import verify
from py_engine.registry import get_game

HOST, GUEST, OTHER = "11" * 32, "22" * 32, "33" * 32


def joint_of(*people):
    return [{"who": who, "commitment": commitment(c), "contribution": c} for who, c in people]


#: What a guest's (or a spectator's) page keeps, as the browser's does: the terms it revealed against,
#: each chain value with the number of log entries it then held, and the log entries it was shown.
GuestPage = Page


def play_out(table: Table, pages: list[GuestPage], limit: int = 3000) -> None:
    """Every seat plays as the first bot level would; each page looks after every step."""
    for _ in range(limit):
        table.play_forced()
        for p in pages:
            p.look()
        d = table.decision()
        if d is None:
            return
        seat = d.players[0]
        table.play(table.bot_choice(seat), seat)
        for p in pages:
            p.look()
    raise AssertionError("the game did not end")


def live_game(game: str, seats: list[Seat], joint: list[dict], seat: int = 1, options=None):
    table = Table(get_game(game), seats, options or {}, None, "test", words=True, joint=joint)
    guest, watcher = GuestPage(table, seat), GuestPage(table, None)
    play_out(table, [guest, watcher])
    return table, guest, watcher


TWO = [Seat("Hosta", False, None), Seat("Bea", False, None)]
JOINT2 = joint_of(("Hosta", HOST), ("Bea", GUEST))


@pytest.mark.parametrize("game,seats,joint", [
    ("elderwood", TWO, JOINT2),
    ("hollowmere", TWO, JOINT2),
    ("milehollow", [Seat("Hosta", False, None), Seat("Bea", False, None), Seat("Bot", True, "easy")], JOINT2),
    ("wickerfair", TWO, JOINT2),
])
def test_an_honest_game_verifies_with_every_promise_kept_for_a_guest_and_a_spectator(game, seats, joint):
    table, guest, watcher = live_game(game, seats, joint)
    record = table.to_record()
    for page, keys in ((guest, ["own", "host", "terms", "moves", "record"]), (watcher, ["host", "terms", "moves", "record"])):
        report = verify(page.record(record), get_game, "test", bots=True)
        assert report.ok, report.summary
        checks = report.details["checks"]
        assert [c["key"] for c in checks] == keys and all(c["ok"] for c in checks), checks
        assert len(page.witness["commitments"]) >= 2
    if game == "wickerfair":
        # Multi-step actions are one log entry each; the record counts their steps.
        assert len(guest.witness["shown"]) < len(record["actions"])


def test_the_witness_is_outside_the_seal_and_read_strictly():
    table, guest, _ = live_game("elderwood", TWO, JOINT2)
    record = guest.record(table.to_record())
    assert verify(record, get_game, "test").ok                       # the host's seal still holds
    for edit, field in (
            (lambda w: w.update(extra=1), "witness"),
            (lambda w: w.update(seat=5), "witness.seat"),
            (lambda w: w.update(own=None), "witness.own"),
            (lambda w: w["commitments"].append([0, "x"]), "witness.commitments"),
            (lambda w: w["commitments"].extend([[0, "00" * 32]] * 20_001), "witness.commitments"),
            (lambda w: w["commitments"].reverse(), "witness.commitments"),
            (lambda w: w["shown"].append([9, None]), "witness.shown"),
            (lambda w: w["terms"].update(timers="yes"), "witness.terms"),
            (lambda w: w.update(earlier=["zz"]), "witness.earlier")):
        bad = json.loads(json.dumps(record))
        edit(bad["witness"])
        report = verify(bad, get_game, "test")
        assert not report.ok and report.field == field, (field, report.summary)
    # A record shorter than what the page was shown: the moves check names it (the witness reads).
    short = json.loads(json.dumps(record))
    short["actions"], short["actors"] = short["actions"][:3], short["actors"][:3]
    report = verify(short, get_game, "test")
    assert not report.ok and report.field != "witness", report.summary
    assert [c["key"] for c in report.details["checks"] if not c["ok"]][0] == "moves", report.details["checks"]
    # Only a finished joint record of version 4 carries one.
    old = json.loads(json.dumps(record))
    old["version"] = 3
    assert verify(old, get_game, "test").field == "witness"


def test_terms_changed_after_the_reveals_are_named_field_by_field():
    """The host committed to one set-up and played another (who moves first, chosen once the
    seed was known): the verdict names the field, with the value promised and the one played."""
    seats = [Seat("Hosta", False, None), Seat("Bea", False, None)]
    promised = Table(get_game("milehollow"), seats, {}, None, "test", joint=JOINT2).terms
    table = Table(get_game("milehollow"), seats, {"first": "seat-1"}, None, "test", words=True, joint=JOINT2)
    assert promised != table.terms and terms_digest(promised) != terms_digest(table.terms)
    guest = GuestPage(table, 1, terms=promised)
    play_out(table, [guest])
    report = verify(guest.record(table.to_record()), get_game, "test")
    assert not report.ok and report.field == "terms.options.first", report.summary
    assert report.expected is None and report.found == "seat-1"    # the default is left out of the options
    assert "options.first" in report.words["en"] and "options.first" in report.words["pt"]
    rows = {c["key"]: c["ok"] for c in report.details["checks"]}
    assert rows == {"own": True, "host": True, "terms": False, "moves": True, "record": True}, rows
    # The same game's record without the witness verifies: only the participant can tell.
    assert verify(table.to_record(), get_game, "test").ok


def rewrite_hidden(record: dict, seat: int) -> tuple[dict, int]:
    """The host's own first hidden choice replaced by another legal one after the game, the rest of
    the game replayed as it was played: the record of a game the guest could not tell apart."""
    game = get_game(record["game"])
    t = Table.from_record(record, get_game, "test", upto=0)
    k = next(i for i, (a, (s, _)) in enumerate(zip(record["actions"], record["actors"]))
             if s == seat and t.entries is not None and _hidden_at(record, i, seat))
    before = Table.from_record(record, get_game, "test", upto=k)
    for other in before.state.legal_actions(seat):
        if other == record["actions"][k]:
            continue
        fake = Table(game, before.seats, record["options"], record["seed"], record["engine"], record["timers"],
                     joint=record["joint"])
        try:
            for i, (a, (s, by)) in enumerate(zip(record["actions"], record["actors"])):
                fake.play(other if i == k else a, s, by)
        except IllegalAction:
            continue
        if fake.state.is_terminal():
            return fake.to_record(), k
    raise AssertionError("no other hidden choice replays this game")


def _hidden_at(record: dict, i: int, seat: int) -> bool:
    t = Table.from_record(record, get_game, "test", upto=i + 1)
    return t.entries[-1].visibility != "public" and t.entries[-1].seat == seat


def test_a_hidden_move_rewritten_in_the_final_record_is_named():
    """The issue's attack: at the end, the host hands over a record in which its own first keep is
    another, every move the guest could see being the same. The log the guest was shown matches;
    the move chain does not, and the verdict names the host's keep."""
    seats = [Seat("Hosta", False, None), Seat("Bea", False, None)]
    table = Table(get_game("milehollow"), seats, {}, None, "test", words=True, joint=JOINT2)
    guest = GuestPage(table, 1)
    play_out(table, [guest])
    honest = table.to_record()
    fake, k = rewrite_hidden(honest, 0)
    assert fake["actions"][k] != honest["actions"][k] and verify(fake, get_game, "test").ok
    report = verify(guest.record(fake), get_game, "test")
    assert not report.ok and report.field == f"actions[{k}]" and report.move == k + 1, report.summary
    assert f"move {k + 1} (Hosta's, seat 1)" in report.words["en"] and f"jogada {k + 1} (de Hosta, lugar 1)" in report.words["pt"]
    assert verify(guest.record(honest), get_game, "test").ok


def test_a_visible_move_shown_otherwise_than_played_is_named():
    table, guest, _ = live_game("elderwood", TWO, JOINT2)
    record = guest.record(table.to_record())
    w = record["witness"]
    w["shown"][2][1] = "not what was played"
    report = verify(record, get_game, "test")
    assert not report.ok and report.field == "witness.shown[2]", report.summary
    w["shown"] = w["shown"][:-1]
    assert verify(record, get_game, "test").field == "witness.shown"


def test_a_restart_after_the_reveals_is_named():
    table, guest, _ = live_game("elderwood", TWO, JOINT2)
    record = guest.record(table.to_record())
    record["witness"]["earlier"] = ["ab" * 32]
    report = verify(record, get_game, "test")
    assert not report.ok and report.field == "witness.earlier"
    assert "started over after the seed was fixed" in report.words["en"]
    assert "recomeçou" in report.words["pt"]


def test_first_difference_walks_the_terms_in_a_fixed_order():
    a = {"game": "g", "engine": "1", "options": {"b": 1, "a": 2}, "seats": [{"name": "x"}], "timers": True,
         "participants": []}
    assert first_difference(a, a) is None
    assert first_difference(a, {**a, "timers": False, "game": "h"})[0] == "game"
    assert first_difference(a, {**a, "options": {"b": 2, "a": 3}})[0] == "options.a"
    assert first_difference(a, {**a, "seats": [{"name": "x"}, {"name": "y"}]}) == ("seats[1]", None, {"name": "y"})
    assert first_difference(a, {**a, "timers": 1})[0] == "timers"      # true is not 1


@pytest.mark.parametrize("game,seats", [
    ("elderwood", TWO), ("hollowmere", TWO),
    ("milehollow", [Seat("Hosta", False, None), Seat("Bea", False, None), Seat("Bot", True, "easy")]),
    ("wickerfair", TWO),
])
def test_two_moves_of_one_seat_swapped_name_the_first_move_that_differs(game, seats):
    """Whether or not the swapped record still replays, the verdict names the first index at which the
    record's actions differ from what the commitments bind (never a later move the replay did not reach,
    nor a move the page was shown as the record has it)."""
    table, guest, watcher = live_game(game, seats, JOINT2)
    honest = table.to_record()
    tried = 0
    for seat in (0, 1):
        own = [i for i, (s, by) in enumerate(honest["actors"]) if s == seat and by == "seat"]
        for a, b in list(zip(own, own[1:]))[1::5]:
            if honest["actions"][a] == honest["actions"][b]:
                continue
            swapped = json.loads(json.dumps(honest))
            swapped["actions"][a], swapped["actions"][b] = swapped["actions"][b], swapped["actions"][a]
            for page in (guest, watcher):
                report = verify(page.record(swapped), get_game, "test")
                assert not report.ok and report.field == f"actions[{a}]" and report.move == a + 1, \
                    (seat, a, b, page.seat, report.summary)
                assert report.found == swapped["actions"][a]
                tried += 1
    assert tried >= 8


#: docs/records.md, "The log": after a Wickerfair step of kind K, the same seat's next decision of kind D
#: and of K's visibility goes on with the same action exactly for these pairs (a courage commit's
#: `commit` or `blank` ends it).
GOES_ON = {
    "TOP_OPTION": {"TRAVEL_UNIT", "HARVEST_HEXES", "TRADE_MIX"},
    "BOTTOM_DO": {"TRINKET", "IMPROVE_PIN", "ERECT_PLACE", "BUILD_PLACE", "RECRUIT_PICK", "TRAVEL_UNIT"},
    "TRINKET": {"TRINKET", "IMPROVE_PIN", "ERECT_PLACE", "BUILD_PLACE", "RECRUIT_PICK"},
    **{k: {k} for k in ("TRAVEL_UNIT", "HARVEST_HEXES", "TRADE_MIX", "IMPROVE_PIN", "ERECT_PLACE", "BUILD_PLACE",
                        "RECRUIT_PICK", "VISITOR_OFFER", "COURAGE_COMMIT")},
}


def test_wickerfair_s_log_entries_are_the_ones_the_documented_rule_gives():
    """A stranger who replays a Wickerfair record with the decision kinds of docs/rules/wickerfair.md and
    gathers steps by the rule of docs/records.md gets the engine's log entries (and so the `entries` a
    guest's page counts), timer moves and the table's forced steps included."""
    from py_engine.core.log import log_groups
    from py_engine.games.wickerfair.kinds import VISIBILITY
    game = get_game("wickerfair")
    for k, (n, level) in enumerate([(2, "easy"), (3, "normal"), (4, "easy")]):
        t = Table(game, [Seat(f"S{i}", False, None) for i in range(n)], {}, f"{k + 7:02x}" * 32, "test")
        for i in range(n):
            t._bots[i] = game.make_bot(level, i)
        groups, open_ = [], {}
        while (d := t.state.decision()) is not None:
            seat = d.players[0]
            if len(d.players) == 1 and t.state.is_forced(seat):
                action, by = t.state.timeout_action(seat), "table"
            elif len(t.actions) % 17 == 5:
                action, by = t.state.timeout_action(seat), "timer"
            else:
                action, by = t.bot_choice(seat), "seat"
            t.play(action, seat, by)
            open_.setdefault(seat, []).append(len(t.actions) - 1)
            nd = t.state.decision()
            goes_on = (nd is not None and seat in nd.players and VISIBILITY[nd.kind] == VISIBILITY[d.kind]
                       and nd.kind in GOES_ON.get(d.kind, ()) and not (d.kind == "COURAGE_COMMIT"
                                                                      and action in ("commit", "blank")))
            if not goes_on:
                groups.append(open_.pop(seat))
        assert not open_
        engine = [[t.entries[p].index for p in g] for _, _, _, g in log_groups(t.entries, 0)]
        assert groups == engine and any(len(g) > 3 for g in groups)
