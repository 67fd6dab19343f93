"""Tally's rules and state (the game's words: the package's ``__init__``)."""
from __future__ import annotations

from typing import Any

from py_engine.core.fairness import Chance, Stream
from py_engine.core.game import ALL_SEATS, PRIVATE, SECRET, Decision, GameState, IllegalAction

from .notation import BIDS


class TallyState(GameState):
    def __init__(self, game: "Tally", n: int, options: dict[str, Any], chance: Chance) -> None:
        self.num_players = n
        self.chance = chance
        self.deck = list(range(1, 13 if not options["short"] else 5))
        chance.stream("setup/deck").shuffle(self.deck)
        self.bids: list[int | None] = [None] * n
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.turn = 0
        self.bidding = True

    def clone(self) -> "TallyState":
        c = TallyState.__new__(TallyState)
        c.num_players, c.chance = self.num_players, self.chance.clone()
        c.deck, c.bids, c.hands = list(self.deck), list(self.bids), [list(h) for h in self.hands]
        c.turn, c.bidding = self.turn, self.bidding
        return c

    def decision(self) -> Decision | None:
        if self.bidding:
            waiting = tuple(p for p in range(self.num_players) if self.bids[p] is None)
            return Decision("bid", waiting, 45, SECRET)
        if not self.deck:
            return None
        return Decision("turn", (self.turn,), 60, PRIVATE)

    def secrets_revealed(self) -> bool:
        return not self.bidding

    def describe(self, action: str, lang: str = "en", viewer: int | str | None = ALL_SEATS) -> str:
        if action == "take" and (viewer == ALL_SEATS or viewer == self.turn):
            return f"take {self.deck[-1]}"
        return action

    def resample_hidden(self, viewer: int | None, stream: Stream) -> "TallyState":
        s = self.clone()
        unseen = list(s.deck)
        owners = [p for p in range(s.num_players) if p != viewer]
        for p in owners:
            unseen += s.hands[p]
        stream.shuffle(unseen)
        for p in owners:
            n = len(s.hands[p])
            s.hands[p], unseen = unseen[:n], unseen[n:]
        s.deck = unseen
        if s.bidding:
            for p in owners:
                if s.bids[p] is not None:
                    s.bids[p] = stream.below(4)
        return s

    @classmethod
    def from_observation(cls, observation: dict[str, Any], seat: int, stream: Stream) -> "TallyState":
        """``Game.sample_state``: the cards the seat has not seen dealt afresh, others' hidden bids drawn."""
        s = cls.__new__(cls)
        n = s.num_players = len(observation["hand_sizes"])
        s.chance = Chance(stream.read(32).hex())
        total = observation["deck"] + sum(observation["hand_sizes"])
        own = list(observation["hand"])
        unseen = [c for c in range(1, total + 1) if c not in own]
        stream.shuffle(unseen)
        s.hands = []
        for p in range(n):
            if p == seat:
                s.hands.append(own)
            else:
                k = observation["hand_sizes"][p]
                s.hands.append(unseen[:k])
                unseen = unseen[k:]
        s.deck = unseen
        s.bidding = observation["turn"] is None
        if observation["bids"] is not None:
            s.bids = list(observation["bids"])
        else:
            s.bids = [observation["my_bid"] if p == seat else (stream.below(4) if observation["bid_in"][p] else None)
                      for p in range(n)]
        s.turn = observation["turn"] or 0
        return s

    def legal_actions(self, player: int | None = None) -> list[str]:
        d = self.decision()
        if player is None:
            player = self.current_player()
        if d is None or player not in d.players:
            return []
        if self.bidding:
            return list(BIDS)
        return ["take", "pass"] if self.hands[player] else ["take"]

    def apply_action(self, action: str, player: int | None = None) -> None:
        if player is None:
            player = self.current_player()
        if action not in self.legal_actions(player):
            raise IllegalAction(f"{action!r} is not legal now")
        if self.bidding:
            self.bids[player] = int(action[4:])
            if all(b is not None for b in self.bids):
                self.bidding = False
                best = max(self.bids)  # type: ignore[type-var]
                self.turn = self.bids.index(best)
            return
        if action == "take":
            self.hands[player].append(self.deck.pop())
        self.turn = (self.turn + 1) % self.num_players

    def timeout_action(self, player: int) -> str:
        legal = self.legal_actions(player)
        return "bid:0" if self.bidding else legal[-1]

    def is_forced(self, player: int) -> bool:
        return not self.bidding and not self.hands[player]

    def is_terminal(self) -> bool:
        return not self.bidding and not self.deck

    def scores(self) -> list[int]:
        return [sum(h) - (b or 0) for h, b in zip(self.hands, self.bids)]

    def winners(self) -> list[int]:
        if not self.is_terminal():
            return []
        s = self.scores()
        return [p for p in range(self.num_players) if s[p] == max(s)]

    def observation(self, player: int | str | None) -> dict[str, Any]:
        revealed = not self.bidding
        seat = player if isinstance(player, int) else None
        return {
            "deck": len(self.deck),
            "hand_sizes": [len(h) for h in self.hands],
            "hand": list(self.hands[seat]) if seat is not None else None,
            "hands": [list(h) for h in self.hands] if player == ALL_SEATS else None,
            "bids": list(self.bids) if revealed or player == ALL_SEATS else None,
            "bid_in": [b is not None for b in self.bids],
            "my_bid": self.bids[seat] if seat is not None else None,
            "turn": None if self.bidding else self.turn,
        }
