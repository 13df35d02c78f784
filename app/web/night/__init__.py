"""A game night's pages: starting one from the group (start.py), the owner's night page
(owner.py), the pages its own links open, a player's phone that follows them from table to table
and the big screen (links.py); what they share in view.py."""
