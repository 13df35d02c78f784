"""A finished match's places (the bank summary's ranks), as SPEC orders them: winners first,
then the game's own order of totals; ties share a rank and skip the next; partners share."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from app.games import GAMES, Result, Side
from app.services.bank.banking import places

GENERIC, BANAKIL = GAMES["generic"], GAMES["banakil"]


def result(totals, winners) -> Result:
    return Result(rounds=(), totals=tuple(totals), over=True, over_after=0,
                  winners=tuple(winners), leaders=tuple(winners), target=None)


def ranks(game, options, sides, totals, winners) -> list[int]:
    return [p.rank for p in places(game, options, sides, result(totals, winners))]


def seats(count: int) -> tuple[Side, ...]:
    return tuple(Side(i, f"P{i}", (i,)) for i in range(count))


def test_highest_first_ties_share_and_skip():
    options = {"lowest_wins": False}
    assert ranks(GENERIC, options, seats(4), [9, 5, 9, 1], [0, 2]) == [1, 3, 1, 4]
    assert ranks(GENERIC, options, seats(4), [9, 5, 5, 1], [0]) == [1, 2, 2, 4]


def test_lowest_first_where_lowest_wins():
    assert ranks(GENERIC, {"lowest_wins": True}, seats(3), [9, 5, 7], [1]) == [3, 1, 2]


def test_partners_share_their_sides_rank():
    sides = (Side(0, "Ana & Cy", (0, 2)), Side(1, "Ben & Dee", (1, 3)))
    finish = places(BANAKIL, {}, sides, result([120, 310], [1]))
    assert [(p.seat, p.side, p.total, p.rank, p.winner) for p in finish] == [
        (0, 0, 120, 3, False), (1, 1, 310, 1, True), (2, 0, 120, 3, False),
        (3, 1, 310, 1, True)]


def test_a_winner_ranks_first_whatever_its_total():
    # Banana Bandido: the seat whose character's symbols lie face up wins with 1 point
    assert ranks(GAMES["bandido"], {}, seats(3), [4, 1, 4], [1]) == [2, 1, 2]


@given(totals=st.lists(st.integers(-50, 50), min_size=1, max_size=8), lowest=st.booleans(),
       data=st.data())
def test_every_rank_is_one_more_than_the_seats_ahead(totals, lowest, data):
    best = min(totals) if lowest else max(totals)
    winners = [i for i, total in enumerate(totals) if total == best]
    if data.draw(st.booleans()):  # or a winner the totals do not name (Bandido)
        winners = [data.draw(st.sampled_from(range(len(totals))))]
    got = ranks(GENERIC, {"lowest_wins": lowest}, seats(len(totals)), totals, winners)

    assert all((rank == 1) == (seat in winners) for seat, rank in enumerate(got))
    assert all(rank == 1 + sum(other < rank for other in got) for rank in got)
    losers = sorted((t if lowest else -t, got[i]) for i, t in enumerate(totals)
                    if i not in winners)
    assert [rank for _, rank in losers] == sorted(rank for _, rank in losers)
