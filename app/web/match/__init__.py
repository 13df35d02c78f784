"""A match's own pages: starting it, the sheet and table view, a seat's part and a round, moving
the line, its links, banking and the rematch, its details and downloads."""
