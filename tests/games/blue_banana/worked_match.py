"""A whole Blue Banana match worked by hand: played on the pages through the test client
(`pages/test_blue_banana_pages.py`) and, its first rounds by taps, on a phone
(`browser/test_phone_blue_banana.py`)."""

from __future__ import annotations

PLAYERS = ("Ana", "Ben", "Cy")
# Each round: the two task cards (motif, colour), then each player's line (correct, incorrect,
# banana). Alternating mode: odd rounds on the green check, even rounds on the red X.
ROUNDS = [
    ([("flamingo", "green"), ("banana", "blue")],
     [(2, 0, None), (1, 1, None), (3, 0, "correct")]),
    ([("strawberry", "blue"), ("top_hat", "orange")],
     [(3, 1, None), (4, 0, "correct"), (1, 1, None)]),
    ([("frog", "red"), ("whale", "yellow")],
     [(2, 0, "early"), (2, 1, None), (3, 0, None)]),
    ([("eggplant", "black"), ("basketball", "pink")],
     [(4, 0, "correct"), (1, 0, None), (2, 1, None)]),
    ([("banana", "purple"), ("frog", "orange")],
     [(1, 2, None), (3, 0, "correct"), (2, 0, None)]),
    ([("whale", "green"), ("strawberry", "black")],
     [(2, 0, None), (0, 1, "early"), (3, 0, None)]),
    ([("top_hat", "yellow"), ("eggplant", "red")],
     [(3, 0, "correct"), (2, 0, None), (0, 2, None)]),
    ([("basketball", "blue"), ("flamingo", "purple")],
     [(1, 1, None), (2, 0, None), (4, 0, "correct")]),
]

# Worked by hand (SPEC: penalty = mistakes × chips held before the round; + 2 for a correct
# banana; never below 0; the highest total(s) take a chip). Chips start 1, 1, 1.
# R1: Ana 2; Ben 1 − 1×1 = 0; Cy 3 + 2 = 5.            totals 2, 0, 5   Cy's chip → 1, 1, 2
# R2: Ana 2+3−1×1 = 4; Ben 0+4+2 = 6; Cy 5+1−1×2 = 4.    totals 4, 6, 4   Ben's    → 1, 2, 2
# R3: Ana 4+2−1×1 (too early) = 5; Ben 6+2−1×2 = 6;
#     Cy 4+3 = 7.                                        totals 5, 6, 7   Cy's     → 1, 2, 3
# R4: Ana 5+4+2 = 11; Ben 6+1 = 7; Cy 7+2−1×3 = 6.      totals 11, 7, 6  Ana's    → 2, 2, 3
# R5: Ana 11+1−2×2 = 8; Ben 7+3+2 = 12; Cy 6+2 = 8.     totals 8, 12, 8  Ben's    → 2, 3, 3
# R6: Ana 8+2 = 10; Ben 12+0−(1+1 too early)×3 = 6;
#     Cy 8+3 = 11.                                       totals 10, 6, 11 Cy's     → 2, 3, 4
# R7: Ana 10+3+2 = 15; Ben 6+2 = 8; Cy 11+0−2×4 = 3.    totals 15, 8, 3  Ana's    → 3, 3, 4
# R8: Ana 15+1−1×3 = 13; Ben 8+2 = 10; Cy 3+4+2 = 9.    totals 13, 10, 9 Ana's    → 4, 3, 4
TOTALS = [[2, 0, 5], [4, 6, 4], [5, 6, 7], [11, 7, 6], [8, 12, 8], [10, 6, 11], [15, 8, 3],
          [13, 10, 9]]
CHIPS = [[1, 1, 2], [1, 2, 2], [1, 2, 3], [2, 2, 3], [2, 3, 3], [2, 3, 4], [3, 3, 4],
         [4, 3, 4]]
# What the last round turned over: a blue basketball seeks orange and whales, a purple
# flamingo pink and eggplants.
LAST_TURNED_OVER = ("Turned over: sought were all cards showing none of colours orange, pink and "
                    "motifs whale, eggplant.")


def chips_label(n: int) -> str:
    return "a large chip (5)" if n >= 5 else f"{n} small chip" + ("" if n == 1 else "s")


def round_body(number: int) -> dict:
    """Round `number`'s task cards and lines, as API v1 takes them."""
    cards, lines = ROUNDS[number - 1]
    return {"task": [{"motif": motif, "color": color} for motif, color in cards],
            "players": [{"correct": correct, "incorrect": incorrect, "banana": banana}
                        for correct, incorrect, banana in lines]}
