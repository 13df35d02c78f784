"""A group's bank: groups and their links (groups.py), the roster (roster.py), banking a match
and reading the bank (banking.py), its statistics (stats.py), exports and imports. The names the
pages and the API use are offered by app.services itself."""
