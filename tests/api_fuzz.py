"""What the API's fuzz tests share: hypothesis strategies for JSON, text and headers as a hostile
client sends them, and the checks every answer passes (SPEC section 2's shape, no 5xx)."""

from __future__ import annotations

import json
from urllib.parse import quote

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

# Modest counts: the whole file runs in about ten seconds.
FUZZ = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


# Strings a parser trips on: lone surrogates, NUL, digits int() refuses, direction marks.
ODD_TEXT = st.sampled_from(["\ud800", "a\udfff", "\x00", "²", "١", "\u202e", " ", "", "-1",
                            "1e9", "NaN", "null", "x" * 41])


TEXT = st.text(max_size=12) | ODD_TEXT


KEYS = st.sampled_from(["scores", "score", "game", "players", "options", "name", "target",
                        "rounds", "lowest_wins", "allow_negative", "dead", "seat"]) | TEXT


SCALARS = (st.none() | st.booleans() | st.integers() | TEXT
           | st.floats(allow_nan=False, allow_infinity=False)
           | st.sampled_from([10**400, -(10**30), 1_000_000_000, 1_000_000_001, 2**63, 1e300]))


JSON = st.recursive(SCALARS, lambda kids: st.lists(kids, max_size=4)
                    | st.dictionaries(KEYS, kids, max_size=4), max_leaves=12)


NOT_JSON = st.one_of(
    st.sampled_from([b"NaN", b'{"scores": [Infinity]}', b'{"score": -Infinity}', b"",
                     b'{"scores": [1,', b"{'score': 1}", b'{"score": 1} 2',
                     b"[" * 50_000 + b"]" * 50_000, '{"score": 1}'.encode("utf-16")]),
    st.binary(max_size=40),
    st.none(),
)


def mostly(usual, odd, times: int = 4) -> st.SearchStrategy:
    """`usual` about `times` times as often as `odd`, so that sequences get somewhere."""
    # one_of() folds repeated branches into one, so the weighing is done by sampled_from.
    return st.sampled_from([True] * times + [False]).flatmap(lambda u: usual if u else odd)


def encoded(values) -> st.SearchStrategy[bytes | None]:
    """Mostly JSON text; sometimes bytes that are not JSON at all."""
    return mostly(values.map(lambda v: json.dumps(v).encode()), NOT_JSON)


HEADER_TEXT = st.text(st.characters(min_codepoint=0x20, max_codepoint=0xFF,
                                    exclude_characters="\x7f"), max_size=30)


def check_answer(response, method: str = "POST") -> dict | None:
    """Below 500 always; an error in SPEC's body; a match's ETag its version. Answers the JSON."""
    assert response.status_code < 500, response.get_data(as_text=True)
    if response.status_code == 304 or method == "HEAD":
        return None
    body = response.get_json(silent=True)
    if response.status_code >= 400:
        assert isinstance(body, dict) and set(body) == {"error"}, response.data[:200]
        assert isinstance(body["error"]["code"], str) and body["error"]["code"]
        assert isinstance(body["error"]["message"], str) and body["error"]["message"]
    elif "version" in body:
        assert response.headers["ETag"] == f'"{body["version"]}"'
        check_match(body)
    return body


def check_match(body: dict) -> None:
    """What must hold of any match a client is shown."""
    sides, options = len(body["sides"]), body["options"]
    lowest = 0 if options["allow_negative"] is False else -1_000_000_000
    assert [r["number"] for r in body["rounds"]] == list(range(1, len(body["rounds"]) + 1))
    totals, complete = [0] * sides, 0
    for round_ in body["rounds"]:
        if round_["status"] == "complete":
            assert len(round_["cells"]) == sides
            assert all(lowest <= cell <= 1_000_000_000 for cell in round_["cells"])
            totals = [t + c for t, c in zip(totals, round_["cells"], strict=True)]
            complete += 1
        else:
            assert round_["cells"] is None
    assert body["totals"] == totals
    if body["status"] in ("active", "abandoned"):
        assert body["winners"] == []
    else:
        assert body["winners"]
    reached = (options["target"] is not None and max(totals, default=0) >= options["target"]
               or options["rounds"] is not None and complete >= options["rounds"])
    if body["status"] in ("active", "over"):
        assert reached == (body["status"] == "over")


WILD_NUMBER = st.integers(-3, 10**30).map(str) | TEXT


def segment(text: str) -> str:
    """A path segment as a client would send it, lone surrogates and all."""
    return quote(text, safe="", errors="surrogatepass") or "x"
