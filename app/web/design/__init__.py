"""A sheet for any game's own pages: its designs (shown, designed on a phone, imported) and the
choice of one that starts a match."""
