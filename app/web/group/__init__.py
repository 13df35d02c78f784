"""A group's pages: the group's page and its layout, a player's page, the roster, its links, import
and export."""
