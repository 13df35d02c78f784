"""A player's page (SPEC section 8) against a brute-force count over random banks: per game,
runs of wins, the nemesis (who finished ahead of them most often over at least three matches
both played) and the partner they won with most."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta

from hypothesis import given, settings
from hypothesis import strategies as st

from app.services.bank.banking import Bank, Finish, Summary
from app.services.bank.players import player_view

START = datetime(2026, 11, 1, 19, tzinfo=UTC)
PEOPLE = 5


@st.composite
def banks(draw) -> Bank:
    """Matches of two games: free sheets (one seat a side) and partnerships (two a side);
    ranks drawn freely (ties too), winners those ranked first; some taken out; banked in an
    order the ids do not follow."""
    matches = []
    for number in range(draw(st.integers(0, 30))):
        partners = draw(st.booleans())
        seated = draw(st.permutations(range(1, PEOPLE + 1)))[:4 if partners else
                                                               draw(st.integers(2, 4))]
        sides = ([seated[0:2], seated[2:4]] if partners else [[pid] for pid in seated])
        ranks = [draw(st.integers(1, len(sides))) for _ in sides]
        ranks = [1 + sum(r < mine for r in ranks) for mine in ranks]  # 1, 1, 3 as SPEC's
        finishes, seat = [], 0
        for side, (team, rank) in enumerate(zip(sides, ranks, strict=True)):
            for pid in team:
                finishes.append(Finish(pid, f"P{pid}", seat, side,
                                       draw(st.integers(-20, 60)), rank, rank == 1))
                seat += 1
        at = START + timedelta(minutes=draw(st.integers(0, 10_000)))
        matches.append(Summary(f"m{number:03}", "banakil" if partners else "generic", "x", at,
                               at, 1, None, None, draw(st.booleans()) and number % 3 == 0,
                               "v", tuple(finishes)))
    matches.sort(key=lambda m: (m.banked_at, m.id), reverse=True)  # the bank: newest first
    return Bank("g", "G", 1, tuple((pid, f"P{pid}") for pid in range(1, PEOPLE + 1)),
                tuple(matches), False)


def brute(bank: Bank, me: int) -> dict:
    counted = [m for m in bank.matches if not m.taken_out]
    oldest_first = sorted(counted, key=lambda m: (m.banked_at, m.id))
    games: dict[str, list[tuple[bool, int]]] = {}
    letters = ""
    for match in oldest_first:
        for f in match.players:
            if f.player == me:
                games.setdefault(match.game, []).append((f.winner, f.total))
                letters += "W" if f.winner else "L"
    lines = {game: (len(rows), sum(1 for won, _ in rows if won),
                    max(total for _, total in rows),
                    round(sum(total for _, total in rows) / len(rows), 2))
             for game, rows in games.items()}
    runs = [len(run) for run in re.findall("W+", letters)]
    current = len(letters) - len(letters.rstrip("W"))
    beaten, shared, won_with = {}, {}, {}
    for other in range(1, PEOPLE + 1):
        if other == me:
            continue
        for match in counted:
            mine = [f for f in match.players if f.player == me]
            theirs = [f for f in match.players if f.player == other]
            if mine and theirs:
                shared[other] = shared.get(other, 0) + 1
                if theirs[0].rank < mine[0].rank:
                    beaten[other] = beaten.get(other, 0) + 1
                if theirs[0].side == mine[0].side and mine[0].winner:
                    won_with[other] = won_with.get(other, 0) + 1
    most = max([beaten.get(o, 0) for o in shared if shared[o] >= 3] + [0])
    return {"lines": lines, "longest": max(runs + [0]), "current": current,
            "nemesis_beat": most,
            "nemeses": {o for o in shared if shared[o] >= 3 and most and beaten.get(o) == most},
            "partners": {o for o, n in won_with.items() if n == max(won_with.values())},
            "partner_won": max(won_with.values(), default=0)}


@settings(max_examples=40, deadline=None)
@given(banks(), st.integers(1, PEOPLE))
def test_a_players_page_equals_a_brute_force_count(bank, me):
    page = player_view(bank, me)
    want = brute(bank, me)
    assert {g["game"]: (g["played"], g["won"], g["best"], g["mean"]) for g in page["games"]} == \
        want["lines"]
    for g in page["games"]:
        assert g["win_rate"] == round(g["won"] / g["played"], 4)
    assert page["runs"] == {"current": want["current"], "longest": want["longest"]}
    if want["nemeses"]:
        assert page["nemesis"]["player"] in want["nemeses"]
        assert page["nemesis"]["beat"] == want["nemesis_beat"]
    else:
        assert page["nemesis"] is None
    if want["partner_won"]:
        assert page["partner"]["player"] in want["partners"]
        assert page["partner"]["won"] == want["partner_won"]
    else:
        assert page["partner"] is None
    mine = [m for m in bank.matches if not m.taken_out
            and any(f.player == me for f in m.players)]
    assert [m["id"] for m in page["latest"]] == [m.id for m in mine[:10]]
    assert page["ratings"] is None  # ratings off
