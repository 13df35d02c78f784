"""groups, their roster and the bank; a match's place, note, banking time and rematch

Revision ID: dde09ebb789f
Revises: 45f0f871b81d
Create Date: 2026-12-01 10:00:00.000000

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = 'dde09ebb789f'
down_revision = '45f0f871b81d'
branch_labels = None
depends_on = None

# SQLite copies `match` and `seat` here (batch mode): migrations/env.py turns its foreign keys off
# meanwhile, so dropping the old copy of `match` deletes nothing that points at it.

match = sa.table(
    'match',
    sa.column('id', sa.String()),
    sa.column('ended', sa.String()),
    sa.column('updated_at', sa.DateTime(timezone=True)),
    sa.column('banked_at', sa.DateTime(timezone=True)),
)
change = sa.table(
    'change',
    sa.column('match_id', sa.String()),
    sa.column('action', sa.String()),
    sa.column('at', sa.DateTime(timezone=True)),
)


def upgrade():
    op.create_table('group',
    sa.Column('id', sa.String(length=24), nullable=False),
    sa.Column('name', sa.String(length=80), nullable=False),
    sa.Column('version', sa.Integer(), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('updated_at', sa.DateTime(timezone=True), nullable=False),
    sa.CheckConstraint('version >= 1', name=op.f('ck_group_version')),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_group'))
    )
    op.create_table('group_token',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('group_id', sa.String(length=24), nullable=False),
    sa.Column('secret', sa.String(length=64), nullable=False),
    sa.Column('role', sa.String(length=5), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.CheckConstraint("role IN ('owner', 'view')", name=op.f('ck_group_token_role')),
    sa.ForeignKeyConstraint(['group_id'], ['group.id'], name=op.f('fk_group_token_group_id_group'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_group_token')),
    sa.UniqueConstraint('group_id', 'role', name=op.f('uq_group_token_group_id_role')),
    sa.UniqueConstraint('secret', name=op.f('uq_group_token_secret'))
    )
    op.create_table('player',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('group_id', sa.String(length=24), nullable=False),
    sa.Column('name', sa.String(length=40), nullable=False),
    sa.Column('folded', sa.String(length=120), nullable=False),
    sa.ForeignKeyConstraint(['group_id'], ['group.id'], name=op.f('fk_player_group_id_group'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_player')),
    sa.UniqueConstraint('group_id', 'folded', name=op.f('uq_player_group_id_folded'))
    )

    with op.batch_alter_table('match', schema=None) as batch_op:
        batch_op.add_column(sa.Column('group_id', sa.String(length=24), nullable=True))
        batch_op.add_column(sa.Column('place', sa.String(length=80), nullable=True))
        batch_op.add_column(sa.Column('note', sa.String(length=500), nullable=True))
        batch_op.add_column(sa.Column('banked_at', sa.DateTime(timezone=True), nullable=True))
        # A plain '0' (false on SQLite and PostgreSQL alike): see 5e0c7f3a91d2.
        batch_op.add_column(sa.Column('taken_out', sa.Boolean(), server_default='0',
                                      nullable=False))
        batch_op.add_column(sa.Column('round_count', sa.Integer(), nullable=True))
        batch_op.add_column(sa.Column('next_id', sa.String(length=24), nullable=True))
        batch_op.create_index(batch_op.f('ix_match_group_id'), ['group_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_match_next_id'), ['next_id'], unique=False)
        batch_op.create_foreign_key(batch_op.f('fk_match_group_id_group'), 'group',
                                    ['group_id'], ['id'], ondelete='SET NULL')
        batch_op.create_foreign_key(batch_op.f('fk_match_next_id_match'), 'match',
                                    ['next_id'], ['id'], ondelete='SET NULL')

    with op.batch_alter_table('seat', schema=None) as batch_op:
        batch_op.add_column(sa.Column('player_id', sa.Integer(), nullable=True))
        batch_op.add_column(sa.Column('side', sa.Integer(), nullable=True))
        batch_op.add_column(sa.Column('total', sa.BigInteger(), nullable=True))
        batch_op.add_column(sa.Column('rank', sa.Integer(), nullable=True))
        batch_op.add_column(sa.Column('winner', sa.Boolean(), nullable=True))
        batch_op.create_index(batch_op.f('ix_seat_player_id'), ['player_id'], unique=False)
        batch_op.create_unique_constraint(batch_op.f('uq_seat_match_id_player_id'),
                                          ['match_id', 'player_id'])
        batch_op.create_foreign_key(batch_op.f('fk_seat_player_id_player'), 'player',
                                    ['player_id'], ['id'], ondelete='SET NULL')

    # A match banked before was banked when its log says so (else at its last change).
    banked = (sa.select(sa.func.max(change.c.at))
              .where(change.c.match_id == match.c.id, change.c.action == 'bank')
              .scalar_subquery())
    op.execute(match.update().where(match.c.ended == 'banked')
               .values(banked_at=sa.func.coalesce(banked, match.c.updated_at)))


def downgrade():
    with op.batch_alter_table('seat', schema=None) as batch_op:
        batch_op.drop_constraint(batch_op.f('fk_seat_player_id_player'), type_='foreignkey')
        batch_op.drop_constraint(batch_op.f('uq_seat_match_id_player_id'), type_='unique')
        batch_op.drop_index(batch_op.f('ix_seat_player_id'))
        for column in ('winner', 'rank', 'total', 'side', 'player_id'):
            batch_op.drop_column(column)

    with op.batch_alter_table('match', schema=None) as batch_op:
        batch_op.drop_constraint(batch_op.f('fk_match_next_id_match'), type_='foreignkey')
        batch_op.drop_constraint(batch_op.f('fk_match_group_id_group'), type_='foreignkey')
        batch_op.drop_index(batch_op.f('ix_match_next_id'))
        batch_op.drop_index(batch_op.f('ix_match_group_id'))
        for column in ('next_id', 'round_count', 'taken_out', 'banked_at', 'note', 'place',
                       'group_id'):
            batch_op.drop_column(column)

    op.drop_table('player')
    op.drop_table('group_token')
    op.drop_table('group')
