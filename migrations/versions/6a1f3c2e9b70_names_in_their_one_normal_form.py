"""names in their one normal form: players', seats', matches' and groups' names, places, notes

Revision ID: 6a1f3c2e9b70
Revises: dde09ebb789f
Create Date: 2026-12-02 04:20:00.000000

SPEC section 6: every name is kept NFKC, with nothing invisible and runs of spaces made one.
Names stored before are brought to that form here. Nothing is merged silently: where two names
on one roster become one (say "Ana" and "Ana\u200b"), or a name would be left empty, the later
one is kept as it was and named in the log, for the group's owner to merge or rename.
"""
import logging

import sqlalchemy as sa
from alembic import op

from app.services.text import fold, normal_text

# revision identifiers, used by Alembic.
revision = '6a1f3c2e9b70'
down_revision = 'dde09ebb789f'
branch_labels = None
depends_on = None

log = logging.getLogger("alembic.runtime.migration")


def _normalise(connection, table: str, column: str, lines: bool = False,
               empty_is_none: bool = False) -> None:
    rows = connection.execute(sa.text(
        f'SELECT id, "{column}" FROM "{table}" WHERE "{column}" IS NOT NULL')).all()
    for row_id, value in rows:
        normal = normal_text(value, lines=lines)
        if normal == value:
            continue
        if not normal and not empty_is_none:
            log.warning("%s %s: its %s %r would be empty; kept as it was.", table, row_id,
                        column, value)
            continue
        connection.execute(sa.text(f'UPDATE "{table}" SET "{column}" = :value WHERE id = :id'),
                           {"value": normal or None, "id": row_id})


def upgrade():
    connection = op.get_bind()
    _normalise(connection, "group", "name")
    _normalise(connection, "match", "name")
    _normalise(connection, "match", "place", empty_is_none=True)
    _normalise(connection, "match", "note", lines=True, empty_is_none=True)
    _normalise(connection, "seat", "name")
    players = connection.execute(sa.text(
        'SELECT id, group_id, name, folded FROM player ORDER BY group_id, id')).all()
    taken: dict[tuple[str, str], tuple[int, str]] = {}
    for _player_id, group_id, _name, folded in players:
        taken.setdefault((group_id, folded), (_player_id, _name))
    changed = []
    for player_id, group_id, name, folded in players:
        normal = normal_text(name)
        new_fold = fold(normal) if normal else folded
        if normal == name and new_fold == folded:
            continue
        twin = taken.get((group_id, new_fold))
        if not normal or (twin is not None and twin[0] != player_id):
            log.warning("group %s: player %s %r is one name with player %s %r once written "
                        "alike; kept as it was, for the owner to merge.", group_id, player_id,
                        name, *(twin or (None, None)))
            continue
        taken.pop((group_id, folded), None)
        taken[(group_id, new_fold)] = (player_id, normal)
        changed.append((player_id, normal, new_fold))
    # Two steps, so that the unique (group, folded) never sees two rows swap their names.
    for player_id, _normal, _fold in changed:
        connection.execute(sa.text("UPDATE player SET folded = :folded WHERE id = :id"),
                           {"folded": f"\x01{player_id}", "id": player_id})
    for player_id, normal, new_fold in changed:
        connection.execute(sa.text("UPDATE player SET name = :name, folded = :folded "
                                   "WHERE id = :id"),
                           {"name": normal, "folded": new_fold, "id": player_id})


def downgrade():
    # The names as they were typed are not kept: the normal form stays.
    pass
