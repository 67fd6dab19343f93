"""What every Valley Tables game shares: the game protocol, the fairness seal,
records, tables, verification and bot helpers. Imports no game."""
from .fairness import Chance, Stream, fingerprint, new_seed
from .game import Bot, Decision, Game, GameState, IllegalAction, OptionSpec
from .record import BadRecord
from .table import Seat, Table
from .verify import Report, verify

__all__ = ["Chance", "Stream", "fingerprint", "new_seed", "Bot", "Decision", "Game", "GameState",
           "IllegalAction", "OptionSpec", "BadRecord", "Seat", "Table", "Report", "verify"]
