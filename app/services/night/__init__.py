"""Game nights (SPEC section 7): a group's evening at several tables, seated again and again.
`seating.py` is the pure seating (sizes, who sits where), `access.py` the night's links,
`nights.py` its writes and `reads.py` the night as its links see it."""
