"""a night's seating by standings, and a group's seasons

Revision ID: 07b6515165b5
Revises: 7c2d4e6f8a10
Create Date: 2026-12-04 05:10:04.255362

SPEC section 11: how a night seats its later seatings ("mixed", as every night so far, or by
"standings"), and a group's seasons.

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '07b6515165b5'
down_revision = '7c2d4e6f8a10'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table('season',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('group_id', sa.String(length=24), nullable=False),
    sa.Column('name', sa.String(length=80), nullable=False),
    sa.Column('starts', sa.Date(), nullable=False),
    sa.Column('ends', sa.Date(), nullable=True),
    sa.Column('game', sa.String(length=20), nullable=True),
    sa.Column('best_of', sa.Integer(), nullable=True),
    sa.Column('at_least', sa.Integer(), nullable=True),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.CheckConstraint('at_least IS NULL OR at_least >= 1', name=op.f('ck_season_at_least')),
    sa.CheckConstraint('best_of IS NULL OR best_of >= 1', name=op.f('ck_season_best_of')),
    sa.CheckConstraint('ends IS NULL OR ends >= starts', name=op.f('ck_season_ends')),
    sa.ForeignKeyConstraint(['group_id'], ['group.id'], name=op.f('fk_season_group_id_group'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_season'))
    )
    with op.batch_alter_table('season', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_season_group_id'), ['group_id'], unique=False)

    with op.batch_alter_table('night', schema=None) as batch_op:
        batch_op.add_column(sa.Column('seating', sa.String(length=10), server_default='mixed',
                                      nullable=False))
        batch_op.create_check_constraint('seating', "seating IN ('mixed', 'standings')")



def downgrade():
    with op.batch_alter_table('night', schema=None) as batch_op:
        batch_op.drop_constraint(batch_op.f('ck_night_seating'), type_='check')
        batch_op.drop_column('seating')

    with op.batch_alter_table('season', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_season_group_id'))

    op.drop_table('season')
