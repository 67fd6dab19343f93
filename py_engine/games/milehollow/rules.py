"""A Milehollow position and the turn: draw wagon cards, pave a road, or draw mail.

Setup (docs/rules/milehollow.md, *Setup*, says it for players):
* the first player is ``chance.stream("setup/first").below(seats)``;
* the 110 wagon cards, in card order, are shuffled with ``chance.stream("setup/wagons")``, the 30 mail
  cards in id order with ``chance.stream("setup/mail")``; the first element is the top;
* from the first player round the table, each player takes the top 4 wagon cards, then slots 1–5 of
  the row are turned from the top (Oxen reset), then each player takes the top 3 mail cards;
* every seat keeps at least 2 of its 3 in one private decision that all seats answer; the returned
  cards go under the mail deck once every seat has kept, seat by seat from the first player.

Internally the wagon deck keeps its top at the END of the list (``pop()``); the mail deck keeps its top
first, because returned mail goes under it and its size never passes 30.
"""
from __future__ import annotations

from typing import Any, ClassVar

from py_engine.core.fairness import Chance, Stream
from py_engine.core.game import PRIVATE, PUBLIC, Decision, Game, GameState, IllegalAction

from . import notation as nt
from .data import (CARD_NAMES, COLOURS, END_TRIGGER, GREY, MAILS, NCARD, NROADS, OX, ROAD_POINTS, ROADS,
                    SETUP, mail_list, wagon_list)
from .scoring import final_scores
from itertools import combinations

TIMER = 60
ROW = SETUP["rowSize"]
MARKERS = SETUP["markers"]
OXEN_RESET_AT = SETUP["oxenResetAt"]
MAX_RESETS = 3                    # Oxen resets in a row after one deal or refill (our cap: it always ends)
TWIN_CLOSES = SETUP["twinClosesUpToPlayers"]
_PAVE_TEXTS: dict[tuple[int, int, int, int], str] = {}


def _pave_text(road: int, colour: int, n: int, oxen: int) -> str:
    """``notation.pave_text``, each spelling made once (a few thousand exist)."""
    key = (road, colour, n, oxen)
    text = _PAVE_TEXTS.get(key)
    if text is None:
        text = _PAVE_TEXTS[key] = nt.pave_text(road, colour, n, oxen)
    return text

SETUP_KEEP, TURN, DRAW2, KEEP, OVER = "keep-deal", "turn", "draw", "keep", "over"


class MilehollowRules(GameState):
    """The position and the turn: everything but what seats see and read (state.py adds those)."""

    game: ClassVar[Game]

    def __init__(self, num_players: int, chance: Chance | None, first: int, wagons: list[int],
                 mail: list[int]) -> None:
        """A fresh table from shuffled decks (``wagons`` and ``mail`` top first): deal, row, mail, keep."""
        n = self.num_players = num_players
        self.chance = chance
        self.first = first
        self.deck = wagons[::-1]                    # top last
        self.discards = [0] * NCARD
        self.row = [-1] * ROW
        self.hands = [[0] * NCARD for _ in range(n)]
        self.seen = [[0] * NCARD for _ in range(n)]  # cards everyone knows are in each hand
        self.reshuffles = 0
        self.mail_deck = list(mail)                 # top first
        self.mail_from = [-1] * len(mail)           # who put each mail card there (-1: the shuffle)
        self.mail = [[] for _ in range(n)]          # kept mail, in the order kept
        self.pending = [[] for _ in range(n)]       # drawn or dealt, not kept yet
        self.returning = [[] for _ in range(n)]     # returned at the deal, waiting for every seat
        self.markers = [MARKERS] * n
        self.owner = [-1] * NROADS
        self.paved = [[] for _ in range(n)]          # road indices, in the order paved
        self.points = [0] * n
        self.phase = SETUP_KEEP
        self.current = first
        self.end_left = -1                          # turns still to play once the end is triggered
        self.end_by = -1
        self.passes = 0
        self.turns = 0
        self.n_actions = 0
        self.events: list[dict[str, Any]] = []
        self.this_turn: dict[str, Any] | None = None
        self.last_turn: dict[str, Any] | None = None
        #: The first card of the draw under way is the one the timer takes (see timeout_continues).
        self.timer_draw = False
        self.final: dict[str, Any] | None = None
        for s in self.order_from(first):
            for _ in range(SETUP["startWagonCards"]):
                self.hands[s][self.deck.pop()] += 1
        self._fill_row()
        for s in self.order_from(first):
            self.pending[s] = [self.mail_deck.pop(0) for _ in range(SETUP["startMailDealt"])]
            del self.mail_from[:SETUP["startMailDealt"]]

    @classmethod
    def setup(cls, num_players: int, chance: Chance, seat_one_first: bool = False) -> "MilehollowRules":
        first = 0 if seat_one_first else chance.stream("setup/first").below(num_players)
        wagons = wagon_list()
        chance.stream("setup/wagons").shuffle(wagons)
        mail = mail_list()
        chance.stream("setup/mail").shuffle(mail)
        return cls(num_players, chance, first, wagons, mail)

    def clone(self) -> "MilehollowRules":
        s = type(self).__new__(type(self))
        s.num_players, s.chance, s.first = self.num_players, self.chance, self.first
        s.deck, s.discards, s.row = self.deck[:], self.discards[:], self.row[:]
        s.hands = [h[:] for h in self.hands]
        s.seen = [h[:] for h in self.seen]
        s.reshuffles = self.reshuffles
        s.mail_deck, s.mail_from = self.mail_deck[:], self.mail_from[:]
        s.mail = [m[:] for m in self.mail]
        s.pending = [m[:] for m in self.pending]
        s.returning = [m[:] for m in self.returning]
        s.markers, s.owner = self.markers[:], self.owner[:]
        s.paved = [p[:] for p in self.paved]
        s.points = self.points[:]
        s.phase, s.current, s.end_left, s.end_by = self.phase, self.current, self.end_left, self.end_by
        s.passes, s.turns, s.n_actions = self.passes, self.turns, self.n_actions
        s.events = self.events[:]                  # events are never changed once written
        s.this_turn = copy_turn(self.this_turn)
        s.last_turn = copy_turn(self.last_turn)
        s.timer_draw = self.timer_draw
        s.final = self.final
        return s

    def order_from(self, seat: int) -> list[int]:
        n = self.num_players
        return [(seat + i) % n for i in range(n)]

    # --- wagon cards -------------------------------------------------------------------
    def _event(self, kind: str, **data: Any) -> None:
        self.events.append({"kind": kind, **data, "after_action": self.n_actions})

    def can_take_from_deck(self) -> bool:
        return bool(self.deck) or any(self.discards)

    def _deck_top(self) -> int:
        """The top wagon card; an empty deck is first rebuilt from the discards (-1 if both are empty)."""
        if not self.deck:
            if not any(self.discards):
                return -1
            self.reshuffles += 1
            cards = [c for c in range(NCARD) for _ in range(self.discards[c])]
            self._shuffle_stream(f"deck/reshuffle/{self.reshuffles}").shuffle(cards)
            self.deck = cards[::-1]
            self.discards = [0] * NCARD
            self._event("reshuffle", number=self.reshuffles, cards=len(cards))
        return self.deck.pop()

    def _shuffle_stream(self, label: str) -> Stream:
        if self.chance is None:
            raise IllegalAction("this position has no seed to reshuffle the discards with")
        return self.chance.fresh(label)

    def _fill_row(self) -> None:
        """Fill the empty slots left to right from the deck, then apply the Oxen reset."""
        filled = False
        for i in range(ROW):
            if self.row[i] < 0:
                c = self._deck_top()
                if c < 0:
                    break
                self.row[i] = c
                filled = True
        if not filled:
            return
        for _ in range(MAX_RESETS):
            if self.row.count(OX) < OXEN_RESET_AT:
                return
            gone = [CARD_NAMES[c] for c in self.row if c >= 0]
            for c in self.row:
                if c >= 0:
                    self.discards[c] += 1
            self.row = [-1] * ROW
            for i in range(ROW):
                c = self._deck_top()
                if c < 0:
                    break
                self.row[i] = c
            self._event("oxen-reset", discarded=gone, row=[CARD_NAMES[c] if c >= 0 else None for c in self.row])

    def second_draws(self) -> list[str]:
        out = [f"row:{i + 1}" for i, c in enumerate(self.row) if c >= 0 and c != OX]
        if self.can_take_from_deck():
            out.append("deck")
        return out

    # --- paving ----------------------------------------------------------------------------
    def closed(self, road: int) -> bool:
        """The other road of a double closes for everyone once one is paved, with 2 or 3 players."""
        twin = ROADS[road].twin
        return twin >= 0 and self.num_players <= TWIN_CLOSES and self.owner[twin] >= 0

    def why_not_road(self, seat: int, road: int) -> str | None:
        """Why ``seat`` may not pave ``road`` whatever its cards (None: it may)."""
        r = ROADS[road]
        if self.owner[road] >= 0:
            return f"{r.id} is already paved"
        if r.twin >= 0 and self.owner[r.twin] == seat:
            return f"you paved {ROADS[r.twin].id}, and a player paves only one road of a double"
        if self.closed(road):
            return f"{r.id} closed when {ROADS[r.twin].id} was paved (2 or 3 players)"
        if self.markers[seat] < r.len:
            return f"{r.id} needs {r.len} markers and you have {self.markers[seat]}"
        return None

    def may_pave(self, seat: int, road: int) -> bool:
        """:meth:`why_not_road` is None, without its words (asked for every road at every turn of a playout)."""
        r = ROADS[road]
        owner = self.owner
        if owner[road] >= 0 or self.markers[seat] < r.len:
            return False
        twin = r.twin
        return twin < 0 or (owner[twin] != seat and not (self.num_players <= TWIN_CLOSES and owner[twin] >= 0))

    def pave_mixes(self, seat: int, road: int) -> list[tuple[int, int, int]]:
        """Every (colour, n, oxen) that pays for ``road`` from ``seat``'s hand; Oxen spent last come first.

        For each usable colour, in card order, from the fewest Oxen up; then Oxen alone.
        """
        r, hand = ROADS[road], self.hands[seat]
        colours = range(OX) if r.colour == GREY else (r.colour,)
        out = []
        for c in colours:
            need = max(0, r.len - hand[c])
            for ox in range(need, min(hand[OX], r.len - 1) + 1):
                out.append((c, r.len - ox, ox))
        if hand[OX] >= r.len:
            out.append((-1, 0, r.len))
        return out

    def proposals(self, seat: int, road: int) -> list[tuple[int, int, int]]:
        """The mixes the move list offers: each usable colour with the fewest Oxen (the first of its
        mixes in :meth:`pave_mixes`), or Oxen alone only when no colour can pay."""
        r, hand = ROADS[road], self.hands[seat]
        most = min(hand[OX], r.len - 1)
        out = []
        for c in (range(OX) if r.colour == GREY else (r.colour,)):
            need = max(0, r.len - hand[c])
            if need <= most:
                out.append((c, r.len - need, need))
        if not out and hand[OX] >= r.len:
            out.append((-1, 0, r.len))
        return out

    def pave_actions(self, seat: int, offered: bool = False, roads: Any = None) -> list[str]:
        """Every legal paving of ``seat``, road by road, each road's mixes as :meth:`pave_mixes` orders
        them; ``offered``: only the move list's (:meth:`proposals`, what :func:`notation.offered_moves` keeps);
        ``roads``: only those (None: every road)."""
        if offered and roads is None:
            return self._offered_paves(seat)
        out = []
        for road in (range(NROADS) if roads is None else roads):
            if self.may_pave(seat, road):
                mixes = self.proposals(seat, road) if offered else self.pave_mixes(seat, road)
                out += [nt.pave_text(road, c, n, ox) for c, n, ox in mixes]
        return out

    def _offered_paves(self, seat: int) -> list[str]:
        """:meth:`pave_actions` of every road, the move list's only: :meth:`may_pave` and :meth:`proposals`
        in one pass (the bots' playouts ask it at every turn they play)."""
        hand, owner, markers = self.hands[seat], self.owner, self.markers[seat]
        oxen = hand[OX]
        closes = self.num_players <= TWIN_CLOSES
        out = []
        for road, r in enumerate(ROADS):
            n = r.len
            if owner[road] >= 0 or markers < n:
                continue
            twin = r.twin
            if twin >= 0 and (owner[twin] == seat or (closes and owner[twin] >= 0)):
                continue
            most = min(oxen, n - 1)
            found = False
            for c in (range(OX) if r.colour == GREY else (r.colour,)):
                need = max(0, n - hand[c])
                if need <= most:
                    out.append(_pave_text(road, c, n - need, need))
                    found = True
            if not found and oxen >= n:
                out.append(_pave_text(road, -1, 0, n))
        return out

    # --- protocol: whose turn ---------------------------------------------------------------
    def decision(self) -> Decision | None:
        if self.phase == OVER:
            return None
        if self.phase == SETUP_KEEP:
            return Decision("keep-deal", tuple(s for s in self.order_from(self.first) if self.pending[s]),
                            TIMER, PRIVATE)
        if self.phase == KEEP:
            return Decision("keep", (self.current,), TIMER, PRIVATE)
        if self.phase == DRAW2:
            return Decision("draw", (self.current,), TIMER, PUBLIC)
        if self.nothing_to_do():
            return Decision("pass", (self.current,), 0, PUBLIC)
        return Decision("turn", (self.current,), TIMER, PUBLIC)

    def nothing_to_do(self) -> bool:
        if any(c >= 0 for c in self.row) or self.can_take_from_deck() or self.mail_deck:
            return False
        return not any(self.why_not_road(self.current, r) is None and self.pave_mixes(self.current, r)
                       for r in range(NROADS))

    def is_forced(self, player: int) -> bool:
        return self.phase == TURN and player == self.current and self.nothing_to_do()

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def reveals_to(self, action: str, seat: int) -> bool:
        """Whether ``action`` draws anything nobody has seen or ends the game. A wagon card from the deck
        (a draw, or a face-up slot refilled: after a draw from the row, after a paving that leaves a slot
        empty, after an Oxen reset), a reshuffle of the discards, mail drawn, and the end (the final
        count shows every seat's mail) all show the seat something; a keep, a paving that refills
        nothing and a pass that does not end the game show nothing. Played on a copy: the lengths of the
        decks and the phase are public, so the answer is the same in every position the seat's view allows."""
        c = self.clone()
        c.apply_action(action, seat)
        return (c.phase == OVER or c.reshuffles != self.reshuffles or len(c.deck) != len(self.deck)
                or len(c.mail_deck) < len(self.mail_deck))

    def _actor(self, player: int | None) -> int:
        d = self.decision()
        if d is None:
            raise IllegalAction("the game is over")
        if player is None:
            if len(d.players) != 1:
                raise IllegalAction("every seat keeps its mail now; say which seat acts")
            return d.players[0]
        if player not in d.players:
            if self.phase == SETUP_KEEP:
                raise IllegalAction(f"seat {player + 1} has already kept its mail")
            raise IllegalAction(f"it is seat {self.current + 1}'s turn, not seat {player + 1}'s")
        return player

    def keep_min(self) -> int:
        return SETUP["startMailKeepMin"] if self.phase == SETUP_KEEP else SETUP["mailKeepMin"]

    def legal_actions(self, player: int | None = None) -> list[str]:
        try:
            seat = self._actor(player)
        except IllegalAction:
            return []
        return self._legal(seat)

    def _legal(self, seat: int, roads: Any = None, offered: bool = False) -> list[str]:
        """The legal list; ``roads``: only these roads' pavings (judging one paving or a draw needs
        no other road priced), None: all, and ``pass`` when nothing else is legal; ``offered``: the
        move list's pavings only (:meth:`proposals`: what ``notation.offered_moves`` keeps of it)."""
        if self.phase in (SETUP_KEEP, KEEP):
            return keep_choices(self.pending[seat], self.keep_min())
        if self.phase == DRAW2:
            return self.second_draws()
        out = [f"row:{i + 1}" for i, c in enumerate(self.row) if c >= 0]
        if self.can_take_from_deck():
            out.append("deck")
        if self.mail_deck:
            out.append("mail")
        out += self.pave_actions(seat, offered=offered, roads=roads)
        if not out and roads is None:
            return ["pass"]
        return out

    def timeout_action(self, player: int) -> str:
        """What the table plays when the timer runs out (docs/rules/milehollow.md, *Timers*).

        Keep: the fewest cards allowed, lowest ids. Draw: the deck; else the leftmost face-up card
        (an Ox only when nothing else shows). Only when nothing can be drawn: pave the road worth the
        most points (first in road order on a tie) with the proposed mix; else draw mail; else pass.
        """
        seat = self._actor(player)
        if self.phase in (SETUP_KEEP, KEEP):
            return nt.keep_text(sorted(self.pending[seat])[:self.keep_min()])
        if self.can_take_from_deck():
            return "deck"
        for i, c in enumerate(self.row):
            if c >= 0 and c != OX:
                return f"row:{i + 1}"
        if self.phase == TURN:
            if OX in self.row:
                return f"row:{self.row.index(OX) + 1}"
            best = None
            for road in range(NROADS):
                if self.why_not_road(seat, road) is None and self.pave_mixes(seat, road):
                    if best is None or ROADS[road].len > ROADS[best].len:
                        best = road
            if best is not None:
                return nt.pave_text(best, *self.proposed_mix(seat, best))
            if self.mail_deck:
                return "mail"
            return "pass"
        raise IllegalAction("no draw is left")   # unreachable: a second draw is offered only when legal

    def timeout_continues(self, player: int) -> bool:
        """A timed-out drawing turn is one whole draw by the table ("a mesa saca do baralho por você").

        True when ``player`` owes the second card of a draw whose first card was the one the timer
        takes (the deck; with the deck and discards empty, the leftmost face-up card). The state
        cannot know who played that first card, and need not: the table asks only right after its
        own timer play. Being part of the position, the mark replays from the record like any other.
        """
        return self.phase == DRAW2 and player == self.current and self.timer_draw

    def proposed_mix(self, seat: int, road: int) -> tuple[int, int, int]:
        """The mix offered first for ``road``: Oxen spent last, and on a grey road the colour held most
        (card order on a tie)."""
        props = self.proposals(seat, road)
        hand = self.hands[seat]
        return min(props, key=lambda m: (m[2], -(hand[m[0]] if m[0] >= 0 else 0), m[0]))

    # --- protocol: playing -----------------------------------------------------------------------
    def apply_action(self, action: str, player: int | None = None) -> None:
        """Play ``action``: legal exactly when :meth:`legal_actions` lists it (one judgement for both;
        :meth:`why_not` only puts a refusal in words)."""
        seat = self._actor(player)
        a = nt.parse(action)
        roads = (a.road,) if isinstance(a, nt.Pave) else None if isinstance(a, nt.Pass) else ()
        if action not in self._legal(seat, roads):
            raise IllegalAction(self.why_not(seat, action))
        # The action's number is counted first, so every event it causes names it (a reshuffle too).
        self.n_actions += 1
        phase = self.phase
        if phase in (SETUP_KEEP, KEEP):
            self._keep(seat, a.mail)
        elif phase == DRAW2:
            if isinstance(a, nt.Row):
                self._take_row(seat, a.slot)
            else:
                self._take_deck(seat)
            self._end_turn()
        elif isinstance(a, (nt.Row, nt.Deck)):
            # Asked before the draw changes anything; cheap here (a draw is legal, so no road is priced).
            self.timer_draw = self.timeout_action(seat) == action
            self.this_turn = {"seat": seat, "kind": "draw", "draws": []}
            if isinstance(a, nt.Row):
                ox = self.row[a.slot] == OX
                self._take_row(seat, a.slot)
            else:
                ox = False
                self._take_deck(seat)
            self._after_first_draw(ox)
        elif isinstance(a, nt.Pave):
            self._pave(seat, a)
        elif isinstance(a, nt.MailDraw):
            k = min(SETUP["mailDraw"], len(self.mail_deck))
            self.pending[seat] = self.mail_deck[:k]
            del self.mail_deck[:k]
            del self.mail_from[:k]
            self.this_turn = {"seat": seat, "kind": "mail", "drawn": k}
            self._event("mail", seat=seat, drawn=k, cards=[MAILS[m].id for m in self.pending[seat]])
            self.phase = KEEP
        else:                                                   # pass
            self.passes += 1
            self.this_turn = {"seat": seat, "kind": "pass"}
            self._event("pass", seat=seat)
            self._end_turn()

    def why_not(self, seat: int, action: object) -> str:
        """Words for a refused action: the rule it breaks (nothing here decides legality)."""
        try:
            a = nt.parse(action)
        except IllegalAction as e:
            return str(e)
        phase = self.phase
        if phase in (SETUP_KEEP, KEEP):
            if not isinstance(a, nt.Keep):
                return "keep your mail cards first: keep:IDS"
            pending = self.pending[seat]
            for m in a.mail:
                if m not in pending:
                    return (f"{MAILS[m].id} is not one of the mail cards you were "
                            f"{'dealt' if phase == SETUP_KEEP else 'just drew'}")
            return f"keep at least {self.keep_min()} of your mail cards"
        if isinstance(a, nt.Keep):
            return "keep: is played only after drawing mail"
        if phase == DRAW2 and not isinstance(a, (nt.Row, nt.Deck)):
            return "take your second wagon card: from the row (not an Ox) or from the deck"
        if isinstance(a, nt.Row):
            if self.row[a.slot] < 0:
                return f"slot {a.slot + 1} is empty"
            return "a face-up Ox may only be the first card of a draw"
        if isinstance(a, nt.Deck):
            return "the deck and the discards are both empty"
        if isinstance(a, nt.MailDraw):
            return "the mail deck is empty"
        if isinstance(a, nt.Pass):
            return "you can still draw, pave or take mail, so you may not pass"
        road = ROADS[a.road]
        why = self.why_not_road(seat, a.road)
        if why is not None:
            return why
        if a.n + a.oxen != road.len:
            return f"{road.id} has {road.len} slabs, so it takes {road.len} cards, not {a.n + a.oxen}"
        if a.colour >= 0 and road.colour != GREY and a.colour != road.colour:
            return (f"{road.id} is {COLOURS[road.colour]}: pay with {COLOURS[road.colour]} cards "
                    "and Oxen (only a grey road takes any one colour)")
        hand = self.hands[seat]
        if a.colour >= 0 and hand[a.colour] < a.n:
            return f"you have {hand[a.colour]} {COLOURS[a.colour]} cards, not {a.n}"
        if hand[OX] < a.oxen:
            return f"you have {hand[OX]} Oxen, not {a.oxen}"
        return f"{road.id} cannot be paid with {nt.cards_text(a.colour, a.n, a.oxen)}"

    def _take_row(self, seat: int, slot: int) -> None:
        card = self.row[slot]
        self.hands[seat][card] += 1
        self.seen[seat][card] += 1
        self.row[slot] = -1
        self.this_turn["draws"].append({"from": "row", "slot": slot + 1, "card": CARD_NAMES[card]})
        self._fill_row()

    def _take_deck(self, seat: int) -> None:
        card = self._deck_top()
        self.hands[seat][card] += 1
        self.this_turn["draws"].append({"from": "deck", "card": CARD_NAMES[card]})
        self._event("deck", seat=seat, card=CARD_NAMES[card])

    def _after_first_draw(self, ox: bool) -> None:
        if ox or not self.second_draws():
            self._end_turn()
        else:
            self.phase = DRAW2

    def _pave(self, seat: int, a: nt.Pave) -> None:
        road = ROADS[a.road]
        hand = self.hands[seat]
        spent = []
        if a.colour >= 0:
            hand[a.colour] -= a.n
            self.discards[a.colour] += a.n
            self.seen[seat][a.colour] -= min(self.seen[seat][a.colour], a.n)
            spent.append((a.colour, a.n))
        if a.oxen:
            hand[OX] -= a.oxen
            self.discards[OX] += a.oxen
            self.seen[seat][OX] -= min(self.seen[seat][OX], a.oxen)
        self.owner[a.road] = seat
        self.paved[seat].append(a.road)
        self.markers[seat] -= road.len
        points = ROAD_POINTS[road.len]
        self.points[seat] += points
        cards = nt.cards_text(a.colour, a.n, a.oxen)
        self.this_turn = {"seat": seat, "kind": "pave", "road": road.id, "cards": cards, "points": points}
        self._event("pave", seat=seat, road=road.id, len=road.len, cards=cards, points=points,
                    markers=self.markers[seat])
        self._fill_row()
        self._end_turn()

    def _keep(self, seat: int, kept: tuple[int, ...]) -> None:
        pending = self.pending[seat]
        back = [m for m in pending if m not in kept]
        self.mail[seat] += list(kept)
        self.pending[seat] = []
        self._event("keep", seat=seat, kept=len(kept), returned=len(back), cards=[MAILS[m].id for m in kept])
        if self.phase == SETUP_KEEP:
            self.returning[seat] = back
            if not any(self.pending):
                for s in self.order_from(self.first):
                    self.mail_deck += self.returning[s]
                    self.mail_from += [s] * len(self.returning[s])
                    self.returning[s] = []
                self.phase = TURN
                self.current = self.first
            return
        self.mail_deck += back
        self.mail_from += [seat] * len(back)
        self.this_turn["kept"] = len(kept)
        self._end_turn()

    def _end_turn(self) -> None:
        """The turn is over: the end trigger, the last round, the next player."""
        seat = self.current
        if self.this_turn is None or self.this_turn.get("kind") != "pass":
            self.passes = 0
        self.last_turn, self.this_turn = self.this_turn, None
        self.timer_draw = False
        self.turns += 1
        self.phase = TURN
        if self.end_left > 0:
            self.end_left -= 1
        elif self.markers[seat] <= END_TRIGGER:
            self.end_left = self.num_players
            self.end_by = seat
            self._event("last-round", seat=seat, markers=self.markers[seat])
        if self.end_left == 0 or self.passes >= self.num_players:
            self._finish()
            return
        self.current = (seat + 1) % self.num_players

    def _finish(self) -> None:
        self.phase = OVER
        self.final = final_scores(self.num_players, self.paved, self.mail)
        for seat in self.final["seats"]:
            s = seat["seat"]
            for item in seat["mail"]:
                self._event("mail-score", seat=s, mail=item["id"], value=item["value"],
                            delivered=item["delivered"], points=item["points"])
            if seat["longest_road"]["points"]:
                self._event("longest-road", seat=s, length=seat["longest_road"]["length"],
                            points=seat["longest_road"]["points"])
        self._event("result", scores=self.final["totals"], winners=self.final["winners"],
                    tie_break=self.final["tie_break"], all_passed=self.passes >= self.num_players)

    # --- the end ----------------------------------------------------------------------------------------
    def scores(self) -> list[int]:
        return self.final["totals"][:] if self.final is not None else self.points[:]

    def winners(self) -> list[int]:
        return self.final["winners"][:] if self.final is not None else []


def keep_choices(pending: list[int], least: int) -> list[str]:
    """Every legal keep of ``pending``: fewer cards first, then by ids."""
    cards = sorted(pending)
    least = min(least, len(cards))
    return [nt.keep_text(combo) for k in range(least, len(cards) + 1) for combo in combinations(cards, k)]


def copy_turn(turn: dict[str, Any] | None) -> dict[str, Any] | None:
    """A turn's record copied deep enough (its draws too) that changing one copy never reaches the other."""
    if turn is None:
        return None
    out = dict(turn)
    if "draws" in out:
        out["draws"] = [dict(d) for d in out["draws"]]
    return out
