"""Setup: players, markers, the two decks shuffled from the seed, the deal, the row, the first keep."""
import pytest

from py_engine.core.fairness import Chance
from py_engine.core.game import PRIVATE, IllegalAction
from py_engine.games.milehollow import GAME
from py_engine.games.milehollow.data import MAILS, OX, mail_list, wagon_list

from .helpers import SEED, new_game


def test_two_to_five_players_no_options_two_bot_levels():
    """Jogue de 2 a 5 em uma mesa."""
    assert (GAME.min_players, GAME.max_players) == (2, 5)
    assert GAME.normalize_options({}) == {}
    assert {"easy", "normal"} <= set(GAME.bot_levels)
    for n in (1, 6):
        with pytest.raises(IllegalAction):
            GAME.new_initial_state(n, {}, Chance(SEED))


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_45_markers_4_wagon_cards_3_mail_cards_each(n):
    """Você lidera uma guilda de carregadores com 45 marcos. Você começa com 4 cartas de carroça e 3 cartas lacradas."""
    s = new_game(n)
    assert s.markers == [45] * n
    assert [sum(h) for h in s.hands] == [4] * n
    assert [len(p) for p in s.pending] == [3] * n
    assert sum(1 for c in s.row if c >= 0) == 5
    total = [0] * 9
    for h in s.hands:
        for c in range(9):
            total[c] += h[c]
    for c in s.deck + [c for c in s.row if c >= 0]:
        total[c] += 1
    for c in range(9):
        total[c] += s.discards[c]
    assert total == [12] * 8 + [14]
    assert len(s.mail_deck) == 30 - 3 * n


def test_decks_and_first_player_come_from_their_own_labels():
    """Uma semente secreta decide quem começa e a ordem dos dois baralhos: setup/first, setup/wagons, setup/mail."""
    n = 3
    ch = Chance(SEED)
    first = ch.stream("setup/first").below(n)
    wagons = wagon_list()
    ch.stream("setup/wagons").shuffle(wagons)
    mail = mail_list()
    ch.stream("setup/mail").shuffle(mail)
    s = new_game(n)
    assert s.first == first and s.current == first
    # deal: from the first player round the table, 4 cards each from the top; then slots 1-5
    top = 0
    for k in range(n):
        seat = (first + k) % n
        hand = [0] * 9
        for c in wagons[top:top + 4]:
            hand[c] += 1
        assert s.hands[seat] == hand
        top += 4
    if wagons[top:top + 5].count(OX) < 3:
        assert s.row == wagons[top:top + 5]
        assert list(reversed(s.deck)) == wagons[top + 5:]
    for k in range(n):
        seat = (first + k) % n
        assert s.pending[seat] == mail[3 * k:3 * k + 3]
    assert s.mail_deck == mail[3 * n:]


def test_different_seeds_shuffle_differently():
    """Uma semente secreta decide a ordem dos dois baralhos."""
    a, b = new_game(3, "11" * 32), new_game(3, "22" * 32)
    assert (a.deck, a.mail_deck) != (b.deck, b.mail_deck)


def test_first_keep_is_one_private_decision_for_every_seat():
    """Você ... fica com pelo menos 2 delas: a private decision for every seat, taken together."""
    s = new_game(3)
    d = s.decision()
    assert d.kind == "keep-deal" and d.visibility == PRIVATE and d.timer == 60
    assert d.players == tuple((s.first + k) % 3 for k in range(3))
    seat = d.players[1]
    legal = s.legal_actions(seat)
    ids = sorted(MAILS[m].id for m in s.pending[seat])
    assert legal == [f"keep:{ids[0]},{ids[1]}", f"keep:{ids[0]},{ids[2]}", f"keep:{ids[1]},{ids[2]}",
                     f"keep:{ids[0]},{ids[1]},{ids[2]}"]
    with pytest.raises(IllegalAction, match="at least 2"):
        s.apply_action(f"keep:{ids[0]}", seat)
    other = next(p for p in range(3) if p != seat)
    theirs = sorted(MAILS[m].id for m in s.pending[other])
    with pytest.raises(IllegalAction, match="not one of"):
        s.apply_action(f"keep:{theirs[0]},{theirs[1]}", seat)
    s.apply_action(legal[0], seat)              # any seat may answer first
    assert s.decision().players == tuple(p for p in d.players if p != seat)
    with pytest.raises(IllegalAction, match="already kept"):
        s.apply_action(legal[3], seat)
    assert s.legal_actions(seat) == []


def test_returned_deal_cards_go_under_the_mail_deck_in_seat_order_from_the_first_player():
    """Cards not kept go to the bottom of the mail deck in the order drawn. At the deal, players return theirs
    in seat order (from the first player), once every seat has kept — so the order players answer in does not matter."""
    def play(order):
        s = new_game(3)
        dealt = {p: list(s.pending[p]) for p in range(3)}
        deck = list(s.mail_deck)
        for p in order:
            keep = sorted(MAILS[m].id for m in dealt[p][1:])      # return the first dealt card
            s.apply_action("keep:" + ",".join(keep), p)
        return s, dealt, deck
    s1, dealt, deck = play([0, 1, 2])
    s2, _, _ = play([2, 0, 1])
    assert s1.mail_deck == s2.mail_deck
    first = s1.first
    assert s1.mail_deck == deck + [dealt[(first + k) % 3][0] for k in range(3)]
    assert s1.phase == "turn" and s1.current == first
    assert s1.mail_from[-3:] == [(first + k) % 3 for k in range(3)]


def test_before_every_seat_has_kept_nobody_takes_a_turn():
    """Before the first turn, every player keeps their dealt mail."""
    s = new_game(2)
    for a in ("deck", "row:1", "mail"):
        with pytest.raises(IllegalAction):
            s.apply_action(a, s.first)


def test_a_record_with_the_initial_keeps_out_of_seat_order_replays_and_verifies():
    """The notation: a reader accepts the initial keeps in any seat order (docs/rules/milehollow.md,
    Records and notation); the table itself plays them in seat order from the first player."""
    from py_engine.core.table import Seat, Table
    from py_engine.registry import get_game
    t = Table(get_game("milehollow"), [Seat("a"), Seat("b"), Seat("c")], seed="5a" * 32)
    order = list(reversed(t.decision().players))
    for p in order:
        t.play(t.state.legal_actions(p)[0], p)
    t.play_timeout(t.decision().players[0])
    r = t.to_record(reveal_seed=True)
    again = Table.from_record(r, get_game)
    assert again.state.observation("all") == t.state.observation("all")
    assert [a[0] for a in r["actors"][:3]] == order
