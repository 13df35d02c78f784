"""The one bridge between stored rows and the game engines: pages and the API both come here,
each importing the module it means. A match's own services are in `match/`, a group's bank in
`bank/`, a game night in `night/`; `text.py` holds the names every one of them reads."""
