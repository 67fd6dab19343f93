"""The contract every game keeps, checked over the registry (a new game is covered from its first commit).

For each game: many seeded games between random players and between the game's own bots, with
invariants that hold for any correct engine —
- no crash, and every game ends;
- the record survives a JSON round trip and rebuilds the same position; it verifies, and with
  ``bots=True`` every bot move is re-derived;
- a clone goes on exactly like the original; a table reloaded from its save mid-game and played on
  ends exactly like the same table played straight through;
- every illegal action is refused with ``IllegalAction`` and leaves the state unchanged;
- privacy: for every seat (and a spectator), two states that differ only in what that seat may not
  see (``resample_hidden``) give it the same observation, view, legal list, words and snapshot; no
  snapshot of a running table holds the seed or the record.

``VT_CONTRACT_SCALE`` multiplies the number of games (default 1: a few hundred per game).
"""
from __future__ import annotations

import hashlib
import json
import os
from collections import Counter

import pytest

from py_engine import bridge
from py_engine.core import record as rec
from py_engine.core.fairness import Chance, Stream
from py_engine.core.game import ALL_SEATS, IllegalAction
from py_engine.core.table import Seat, Table
from py_engine.core.verify import verify
from py_engine.registry import available, get_game

from .random_play import random_step

SCALE = float(os.environ.get("VT_CONTRACT_SCALE", "1"))
GAMES = available()
MAX_ACTIONS = 20_000


def seed_of(*parts) -> str:
    return hashlib.sha256("/".join(map(str, ("contract",) + parts)).encode()).hexdigest()


def n_games(base: int) -> int:
    return max(1, int(base * SCALE))


def players(game, i: int) -> int:
    return game.min_players + i % (game.max_players - game.min_players + 1)


def options_for(game, i: int) -> dict:
    """Game i's table options: every combination comes round in turn (the pace of a table over days
    aside: its own tests play those, each action with its time)."""
    out = {}
    for spec in game.options:
        if spec.across_devices_only:
            continue
        out[spec.name] = spec.choices[i % len(spec.choices)]
        i //= len(spec.choices)
    return out


def random_table(name: str, i: int, words: bool = False) -> Table:
    """A table whose seats are all marked as bots, driven here by random players."""
    game = get_game(name)
    n = players(game, i)
    seats = [Seat(f"R{k + 1}", True, game.bot_levels[0]) for k in range(n)]
    return Table(game, seats, options_for(game, i), seed_of(name, "random", i), "contract", words=words)


def sampled_decisions(name: str, tag: str, games: int, one_in: int):
    """Random games ``tag`` of the game: at each decision, drawn one time in ``one_in`` from the game's
    stream, ``(i, t, d)`` (game ``i`` of ``n_games(games)``) for the caller to judge before the random
    player moves on."""
    for i in range(n_games(games)):
        t = random_table(name, i)
        stream = Chance(seed_of(name, tag, i)).stream("random")
        while True:
            t.play_forced()
            d = t.decision()
            if d is None:
                break
            if stream.below(one_in) == 0:
                yield i, t, d
            if not random_step(t, stream):
                break


def snapshot_of(t: Table, viewer):
    return bridge.snapshot("t", t, viewer)


def everything(state) -> str:
    """A fingerprint of the whole state as the game exposes it (every hand included)."""
    d = state.decision()
    return json.dumps([state.observation(ALL_SEATS), None if d is None else [d.kind, list(d.players), d.visibility],
                       state.scores(), state.is_terminal(),
                       [state.legal_actions(p) for p in range(state.num_players)]], sort_keys=True)


# --- whole games -----------------------------------------------------------------------------------
@pytest.mark.parametrize("name", GAMES)
def test_random_games_end_round_trip_and_verify(name):
    for i in range(n_games(120)):
        t = random_table(name, i)
        stream = Chance(seed_of(name, "players", i)).stream("random")
        for _ in range(MAX_ACTIONS):
            if not random_step(t, stream):
                break
        assert t.state.is_terminal(), f"{name} game {i} did not end in {MAX_ACTIONS} actions"
        record = t.to_record()
        text = json.dumps(record, ensure_ascii=False)
        again = Table.from_record(rec.parse(text), get_game, "contract")
        assert everything(again.state) == everything(t.state)
        report = verify(rec.parse(text), get_game, "contract")
        assert report.ok, (name, i, report.summary)
        # random players sat in seats marked as bots: re-deriving bot moves must catch them
        if any(by == rec.BY_SEAT for _, by in record["actors"]):
            assert not verify(record, get_game, "contract", bots=True).ok


@pytest.mark.parametrize("name", GAMES)
def test_bot_games_verify_with_every_bot_move_rederived(name):
    game = get_game(name)
    for i in range(n_games(12)):
        n = players(game, i)
        # every level plays once; then the first (quickest), whose games are the longest
        level = game.bot_levels[i] if i < len(game.bot_levels) else game.bot_levels[0]
        t = Table(game, [Seat(f"B{k + 1}", True, level) for k in range(n)], options_for(game, i),
                  seed_of(name, "bots", i), "contract")
        t.play_bots(limit=MAX_ACTIONS)
        assert t.state.is_terminal(), f"{name} bot game {i} did not end"
        record = t.to_record()
        report = verify(record, get_game, "contract", bots=True)
        assert report.ok and report.details["bots_checked"], report.summary


@pytest.mark.parametrize("name", GAMES)
def test_reload_mid_game_then_continue_equals_straight_through(name):
    game = get_game(name)
    for i in range(n_games(8)):
        n = players(game, i)
        seats = [Seat(f"B{k + 1}", True, game.bot_levels[0]) for k in range(n)]
        straight = Table(game, seats, options_for(game, i), seed_of(name, "reload", i), "contract")
        straight.play_bots(limit=MAX_ACTIONS)
        for cut in (1, len(straight.actions) // 3, 2 * len(straight.actions) // 3):
            part = Table(game, seats, options_for(game, i), seed_of(name, "reload", i), "contract")
            for action, (seat, by) in zip(straight.actions[:cut], straight.actors[:cut]):
                part.play(action, seat, by)
            saved = json.dumps(part.to_record(reveal_seed=True))
            resumed = Table.from_record(rec.parse(saved), get_game, "contract")
            resumed.play_bots(limit=MAX_ACTIONS)
            assert resumed.actions == straight.actions, f"{name} game {i}: reload after {cut} moves changed the game"
            assert resumed.to_record() == straight.to_record()


@pytest.mark.parametrize("name", GAMES)
def test_a_clone_goes_on_like_the_original(name):
    for i in range(n_games(10)):
        t = random_table(name, i)
        stream = Chance(seed_of(name, "clone", i)).stream("random")
        for _ in range(stream.below(60)):
            if not random_step(t, stream):
                break
        clone = t.state.clone()
        before = everything(t.state)
        # play the clone to the end; the original must not move
        rest = []
        while not clone.is_terminal() and len(rest) < MAX_ACTIONS:
            d = clone.decision()
            seat = d.players[0]
            action = clone.timeout_action(seat) if clone.is_forced(seat) else clone.legal_actions(seat)[0]
            clone.apply_action(action, seat)
            rest.append((action, seat))
        assert everything(t.state) == before, f"{name}: playing a clone changed the original"
        for action, seat in rest:
            t.state.apply_action(action, seat)
        assert everything(t.state) == everything(clone)


# --- illegal actions ---------------------------------------------------------------------------------
def illegal_candidates(state, seat, history):
    legal = set(state.legal_actions(seat))
    out = ["", " ", "x", "🙂", "\x00", "9" * 40, "pass pass"]
    for a in sorted(legal)[:12]:
        out += [a + "x", a.upper(), a[:-1], " " + a, a + " "]
    for other in range(state.num_players):
        if other != seat:
            out += state.legal_actions(other)[:5]
    out += history[-8:]
    return [a for a in dict.fromkeys(out) if a not in legal]


@pytest.mark.parametrize("name", GAMES)
def test_every_illegal_action_is_refused_and_changes_nothing(name):
    checked = Counter()  # refusals seen, by game: every game must have some
    for i, t, d in sampled_decisions(name, "illegal", 12, 4):
        seat = d.players[0]
        before = everything(t.state)
        kept = t.state.clone()
        outcomes = None
        for bad in illegal_candidates(t.state, seat, t.actions):
            try:
                t.state.apply_action(bad, seat)
            except IllegalAction:
                assert everything(t.state) == before, f"{name}: the refused {bad!r} changed the state"
                checked[i] += 1
                continue
            # Accepted: only another spelling of a legal action may be (UHP references).
            if outcomes is None:
                outcomes = set()
                for a in kept.legal_actions(seat):
                    c = kept.clone()
                    c.apply_action(a, seat)
                    outcomes.add(everything(c))
            assert everything(t.state) in outcomes, f"{name}: {bad!r} is not legal but was played"
            t.state = kept.clone()
        outsider = next((p for p in range(t.state.num_players) if p not in d.players), None)
        if outsider is not None:
            with pytest.raises(IllegalAction):
                t.play(t.state.legal_actions(seat)[0], outsider)
            assert everything(t.state) == before
    assert len(checked) == n_games(12), f"{name}: a game without a refused action"


# --- privacy ---------------------------------------------------------------------------------------------
def shown_to(t: Table, state, viewer) -> str:
    """Everything a viewer is shown of a position: observation, view, legal list with words,
    events and the page's whole snapshot (the table's log is the same object for both states)."""
    saved = t.state
    t.state = state
    try:
        snap = snapshot_of(t, viewer)
        seat = viewer if isinstance(viewer, int) else None
        words = [[state.describe(a, lang, viewer) for lang in ("en", "pt")] for a in state.legal_actions(seat)] \
            if seat is not None else []
        return json.dumps([state.observation(viewer), state.view(viewer), snap, words,
                           state.events_since(0, viewer)], sort_keys=True)
    finally:
        t.state = saved


@pytest.mark.parametrize("name", GAMES)
def test_privacy_a_seat_sees_nothing_of_what_it_may_not_know(name):
    differed = 0
    for i in range(n_games(16)):
        t = random_table(name, i, words=True)
        stream = Chance(seed_of(name, "privacy", i)).stream("random")
        hidden = Chance(seed_of(name, "privacy-resample", i)).stream("resample")
        while True:
            t.play_forced()
            if t.state.is_terminal():
                break
            if stream.below(3) == 0:
                for viewer in [None, *range(t.state.num_players)]:
                    other = t.state.resample_hidden(viewer, hidden)
                    assert shown_to(t, t.state, viewer) == shown_to(t, other, viewer), \
                        f"{name} game {i}: what seat {viewer} may not know changed what it is shown"
                    if differs(t.state, other):
                        differed += 1
                    # the words others read for the acting seat's choices do not depend on its secrets
                    d = t.state.decision()
                    for p in d.players:
                        if p == viewer:
                            continue
                        both = set(t.state.legal_actions(p)) & set(other.legal_actions(p))
                        for a in sorted(both)[:6]:
                            assert t.state.describe(a, "en", None) == other.describe(a, "en", None)
                snap = snapshot_of(t, None)
                text = json.dumps(snap)
                assert t.seed not in text and "record" not in snap
                for seat in range(t.state.num_players):
                    assert t.seed not in json.dumps(snapshot_of(t, seat))
                with pytest.raises(IllegalAction):
                    t.check_viewer(ALL_SEATS)
            if not random_step(t, stream):
                break
    if has_hidden_information(name):
        assert differed, f"{name} hides information but resample_hidden never changed any of it"


def differs(a, b, steps: int = 4) -> bool:
    """Whether two states differ in what every seat sees now or after the same few table moves
    (a deck order shows only once cards are drawn)."""
    a, b = a.clone(), b.clone()
    for _ in range(steps):
        if a.observation(ALL_SEATS) != b.observation(ALL_SEATS):
            return True
        d = a.decision()
        if d is None:
            return False
        action = a.timeout_action(d.players[0])
        try:
            b.apply_action(action, d.players[0])
        except IllegalAction:
            return True
        a.apply_action(action, d.players[0])
    return a.observation(ALL_SEATS) != b.observation(ALL_SEATS)


def has_hidden_information(name: str) -> bool:
    """Every game but Elderwood hides something (Hollowmere: the supply order)."""
    return name != "elderwood"


@pytest.mark.parametrize("name", GAMES)
def test_the_finished_game_shows_every_seat(name):
    t = random_table(name, 0, words=True)
    stream = Chance(seed_of(name, "all", 0)).stream("random")
    while random_step(t, stream):
        pass
    snap = snapshot_of(t, ALL_SEATS)
    assert snap["terminal"] and snap["record"]["seed"] == t.seed
    assert all(e["action"] is not None for e in snap["log"])


@pytest.mark.parametrize("name", GAMES)
def test_no_two_listed_actions_read_the_same(name):
    """A player choosing from the list in words (the moves list, a screen reader) can tell every
    choice apart, in both languages: two places beside the same kind of tile read differently."""
    for i in range(n_games(2)):
        t = random_table(name, i)
        stream = Chance(seed_of(name, "words", i)).stream("random")
        for _ in range(400):
            t.play_forced()
            d = t.decision()
            if d is None:
                break
            for seat in d.players:
                legal = t.state.legal_actions(seat)
                for lang in ("en", "pt"):
                    said: dict[str, str] = {}
                    for a in legal:
                        w = t.state.describe(a, lang, seat)
                        assert w not in said, f"{name}: {a!r} and {said[w]!r} both read {w!r}"
                        said[w] = a
            if not random_step(t, stream):
                break


# --- one judgement: apply_action plays what legal_actions lists ------------------------------------------
@pytest.mark.parametrize("name", GAMES)
def test_every_listed_action_is_accepted(name):
    """apply_action accepts every action legal_actions lists (the refusals of everything else are
    test_every_illegal_action_is_refused_and_changes_nothing: together, exactly the list)."""
    tried = Counter()  # by game: every game must have tried some
    for i, t, d in sampled_decisions(name, "listed", 4, 5):
        for seat in d.players:
            legal = t.state.legal_actions(seat)
            for a in legal[:: max(1, len(legal) // 30)]:
                c = t.state.clone()
                c.apply_action(a, seat)
                tried[i] += 1
    assert len(tried) == n_games(4), f"{name}: a game without a listed action tried"


# --- conservation: pieces and cards never appear or vanish ---------------------------------------------------
def conserved(name: str, s) -> object:
    """What no action may change (cards and pieces counted wherever they are), after checking that
    nothing is below zero. Milehollow: 110 wagon cards by kind and the 30 mail cards, markers plus
    paved slabs; Wickerfair: the courage cards, every clan's 8 farmers; Hollowmere: the tiles;
    Elderwood: where each of the 22 tiles is."""
    if name == "milehollow":
        kinds = [s.deck.count(k) + s.discards[k] + s.row.count(k) + sum(h[k] for h in s.hands)
                 for k in range(len(s.discards))]
        assert min(s.discards) >= 0 and all(min(h) >= 0 for h in s.hands)
        mail = sorted(s.mail_deck + [m for seat in (s.mail, s.pending, s.returning) for ms in seat for m in ms])
        from py_engine.games.milehollow.data import ROADS
        markers = [s.markers[p] + sum(ROADS[r].len for r in s.paved[p]) for p in range(s.num_players)]
        return [kinds, sum(kinds), mail, markers]
    if name == "wickerfair":
        assert min(s.res) >= 0 and all(min(c.home) >= 0 for c in s.clans)
        assert all(c.coins >= 0 and c.goodwill >= 0 and c.courage >= 0 for c in s.clans)
        cards = sorted(s.courage_deck + s.courage_discard + [v for c in s.clans for v in c.hand])
        farmers = [c.supply + c.home_farmers + sum(c.farmers) for c in s.clans]
        assert all(c.supply >= 0 and c.home_farmers >= 0 and min(c.farmers) >= 0 for c in s.clans)
        return [cards, farmers]
    if name == "hollowmere":
        v = s.valley
        assert all(0 <= w for w in v.wardens_left)
        laid = sum(1 for g in v.grid if g >= 0)
        return laid + len(s.set_aside) + (s.hand >= 0) + len(s.supply) - s.top
    if name == "elderwood":
        p = s.pos
        on = sorted(tile for stack in p.stacks.values() for tile in stack)
        assert on == sorted(t for t, w in enumerate(p.where) if w >= 0)
        assert all(tile in p.stacks[w] for tile, w in enumerate(p.where) if w >= 0)
        return len(p.where)
    raise AssertionError(f"say what {name} conserves")


@pytest.mark.parametrize("name", GAMES)
def test_pieces_and_cards_are_conserved_after_every_action(name):
    for i in range(n_games(6)):
        t = random_table(name, i)
        stream = Chance(seed_of(name, "conserved", i)).stream("random")
        start = conserved(name, t.state)
        while True:
            t.play_forced()
            assert conserved(name, t.state) == start, f"{name} game {i}: after {t.actions[-1:]}"
            if not random_step(t, stream):
                break
            assert conserved(name, t.state) == start, f"{name} game {i}: after {t.actions[-1]}"
    if name == "milehollow":
        kinds, total, mail, _ = start
        assert total == 110 and mail == list(range(30))


# --- a secret's public trace ----------------------------------------------------------------------------------
def has_secret_choices(name: str) -> bool:
    return name == "wickerfair"


def trace(t: Table, viewer) -> str:
    return json.dumps([snapshot_of(t, viewer), t.log(viewer)], sort_keys=True)


def finish_choice(t: Table, seat: int, stream: Stream, quick: bool) -> list[str]:
    """Play ``seat``'s part of the secret choice on the table to its end: the timer's one step
    (quick) or a random walk through its steps; returns what the others were shown after each."""
    d = t.decision()
    key = d.action_key
    others = [v for v in [None, *range(len(t.seats))] if v != seat]
    shown = []
    for _ in range(60):
        d = t.decision()
        if d is None or seat not in d.players or d.action_key != key:
            break
        legal = t.state.legal_actions(seat)
        if quick or len(shown) >= 6:
            action = t.state.timeout_action(seat)
        else:
            action = legal[stream.below(len(legal))]
        t.play(action, seat)
        shown.append("\n".join(trace(t, v) for v in others))
    return shown


@pytest.mark.parametrize("name", GAMES)
def test_a_secret_choice_looks_the_same_to_the_others_whatever_it_is(name):
    """For every secret choice met in random games: the seat makes it in one step (the timer's) or in
    many (a random walk through dials and cards). Every other seat and a spectator is shown the same
    snapshots and log both ways, and nothing at all changes for them before the choice is complete."""
    checked = 0
    game = get_game(name)
    for i in range(n_games(6)):
        if checked >= 4 or not has_secret_choices(name):
            break
        # the game's own bots, who seek the confrontations random players rarely reach
        t = Table(game, [Seat(f"B{k + 1}", True, game.bot_levels[0]) for k in range(players(game, i))],
                  options_for(game, i), seed_of(name, "trace", i), "contract", words=True)
        stream = Chance(seed_of(name, "trace", i)).stream("random")
        for _ in range(MAX_ACTIONS):
            t.play_forced()
            d = t.decision()
            if d is None:
                break
            if d.secret:
                seat = d.players[0]
                others = [v for v in [None, *range(len(t.seats))] if v != seat]
                before = "\n".join(trace(t, v) for v in others)
                record = t.to_record(reveal_seed=True)
                quick = Table.from_record(record, get_game, "contract", words=True)
                slow = Table.from_record(record, get_game, "contract", words=True)
                one = finish_choice(quick, seat, stream, quick=True)
                many = finish_choice(slow, seat, stream, quick=False)
                assert one[-1] == many[-1], f"{name} game {i}: the others can tell the secret choices apart"
                assert all(s == before for s in many[:-1]), f"{name} game {i}: a step under way showed"
                checked += 1
                if checked >= 4:
                    break
            seat = d.players[0]
            t.play(t.bot_choice(seat), seat)
    if has_secret_choices(name):
        assert checked, f"{name}: no secret choice came up"


@pytest.mark.parametrize("name", GAMES)
def test_a_move_that_reveals_nothing_leaves_the_same_position_in_every_position_the_seat_allows(name):
    """``reveals_to(action, seat)`` False promises that the seat's observation, view, legal list and
    decision after the action are the same whatever it cannot see: checked against several
    ``sample_state`` positions of its observation (the answer itself must be the same in each), and
    against the real position. Seats and actions are drawn from random games, a few actions each."""
    game = get_game(name)
    checked = 0
    for i in range(n_games(2)):
        t = random_table(name, i)
        stream = Chance(seed_of(name, "reveals", i)).stream("random")
        while checked < 40 * (i + 1):
            t.play_forced()
            d = t.decision()
            if d is None:
                break
            seat = d.players[stream.below(len(d.players))]
            obs = t.state.observation(seat)
            legal = t.state.legal_actions(seat)
            for a in [legal[stream.below(len(legal))] for _ in range(2)]:
                if t.state.reveals_to(a, seat):
                    continue
                real = t.state.clone()
                real.apply_action(a, seat)
                want = after_move(real, seat)
                for k in range(3):
                    sample = game.sample_state(obs, seat, Chance(seed_of(name, "sample", i, checked, k)).stream("s"))
                    assert not sample.reveals_to(a, seat), f"{name}: reveals_to({a}) depends on what seat {seat} cannot see"
                    sample.apply_action(a, seat)
                    assert after_move(sample, seat) == want, \
                        f"{name} game {i}: {a} by seat {seat} said it reveals nothing, but what it shows depends on the hidden things"
                checked += 1
            if not random_step(t, stream):
                break
    assert checked, f"{name}: no move that reveals nothing came up"


def after_move(state, seat) -> str:
    d = state.decision()
    return json.dumps([state.observation(seat), state.view(seat), state.legal_actions(seat),
                       None if d is None else [d.kind, list(d.players), d.visibility]], sort_keys=True)
