"""a change records whether it opened its round

Revision ID: 5e0c7f3a91d2
Revises: 224fbfd34b0c
Create Date: 2026-11-30 21:40:00.000000

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '5e0c7f3a91d2'
down_revision = '224fbfd34b0c'
branch_labels = None
depends_on = None

change = sa.table(
    'change',
    sa.column('id', sa.Integer()),
    sa.column('match_id', sa.String()),
    sa.column('action', sa.String()),
    sa.column('round_number', sa.Integer()),
    sa.column('undoes', sa.Integer()),
    sa.column('opened_round', sa.Boolean()),
)


def upgrade():
    # A plain '0' (false on SQLite and PostgreSQL alike), not sa.false(): SQLite adds a column
    # with a constant default in place, where an expression makes batch mode copy the table.
    with op.batch_alter_table('change', schema=None) as batch_op:
        batch_op.add_column(sa.Column('opened_round', sa.Boolean(), server_default='0',
                                      nullable=False))

    connection = op.get_bind()
    rows = connection.execute(
        sa.select(change.c.id, change.c.match_id, change.c.action, change.c.round_number,
                  change.c.undoes).order_by(change.c.match_id, change.c.id))
    opened = opened_parts(rows)
    for start in range(0, len(opened), 500):
        connection.execute(change.update().where(change.c.id.in_(opened[start:start + 500]))
                           .values(opened_round=True))


def opened_parts(rows) -> list[int]:
    """The set_part changes that opened their round, found as undo used to find them: each
    match's log, read in order, counts its rounds; a part typed for the round after the last
    one opened it."""
    opened, match_id, count, moved = [], None, 0, {}
    for row in rows:
        if row.match_id != match_id:
            match_id, count, moved = row.match_id, 0, {}
        if row.action == 'add_round':
            step = 1
        elif row.action == 'delete_round':
            step = -1
        elif row.action == 'set_part':
            step = 1 if row.round_number == count + 1 else 0
            if step:
                opened.append(row.id)
        elif row.action == 'undo':
            step = -moved.get(row.undoes, 0)
        else:
            step = 0
        moved[row.id] = step
        count += step
    return opened


def downgrade():
    # SQLite drops a column by copying the table; dropping the old copy, with foreign keys on,
    # sets every undo's link to the change it took back to NULL: put the links back after.
    connection = op.get_bind()
    links = connection.execute(
        sa.select(change.c.id, change.c.undoes).where(change.c.undoes.is_not(None))).all()
    with op.batch_alter_table('change', schema=None) as batch_op:
        batch_op.drop_column('opened_round')
    for row in links:
        connection.execute(change.update().where(change.c.id == row.id)
                           .values(undoes=row.undoes))
