"""A sheet for any game (SPEC section 10): designs as data, and the one engine that scores them.

`GAME` is the engine, named "custom"; a match keeps its design's canonical JSON in its options'
`design`. The rest is what the services and pages ask of a design: read it (parse_design), write
it back (design_json), work out a formula (parse_formula, work_out), the places with their
tie-breaks (places), how many rounds a match may hold (most_rounds), and the gallery.
"""

from .canonical import design_json
from .design import kept_design, parse_design
from .engine import GAME, MatchDetail, RoundDetail, design_of, lowest_wins, most_rounds
from .formula import Formula, OutOfRange, parse_formula, work_out
from .gallery import gallery
from .model import (
    CheckRow,
    ChoiceRow,
    CountRow,
    Design,
    FormulaRow,
    Labels,
    NumberRow,
    Option,
    RankRow,
    Row,
    Tiebreak,
)
from .standings import places, standings
from .values import rank_points, round_values

__all__ = ["GAME", "CheckRow", "ChoiceRow", "CountRow", "Design", "Formula", "FormulaRow",
           "Labels", "MatchDetail", "NumberRow", "Option", "OutOfRange", "RankRow", "Row",
           "RoundDetail", "Tiebreak", "design_json", "design_of", "gallery", "kept_design",
           "lowest_wins", "most_rounds", "parse_design", "parse_formula", "places",
           "rank_points", "round_values", "standings", "work_out"]
