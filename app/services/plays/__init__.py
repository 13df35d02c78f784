"""Recorded plays and played games (SPEC section 14): placed by pure rules, logged by the
owner, carried by the group's export, and brought in from files (a BG Stats export, a CSV)."""
