"""Sheets for any game (SPEC section 10): designs stored in versions, a match's copy of one, and
statistics by row."""
