"""designs of sheets for any game, in versions

Revision ID: c1ac4fedf42c
Revises: 74703f7d5e5d
Create Date: 2026-12-04 05:12:01.809593

SPEC section 10: designs of sheets for any game, each version kept (a match copies the one it
begins with); a match's and a night's design and version it came from; and, in a banked match's
summary, each seat's side's total of each row (statistics by row).

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = 'c1ac4fedf42c'
down_revision = '74703f7d5e5d'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table('design',
    sa.Column('id', sa.String(length=24), nullable=False),
    sa.Column('owner', sa.String(length=64), nullable=False),
    sa.Column('version', sa.Integer(), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('updated_at', sa.DateTime(timezone=True), nullable=False),
    sa.CheckConstraint('version >= 1', name=op.f('ck_design_version')),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_design')),
    sa.UniqueConstraint('owner', name=op.f('uq_design_owner'))
    )
    op.create_table('design_version',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('design_id', sa.String(length=24), nullable=False),
    sa.Column('number', sa.Integer(), nullable=False),
    sa.Column('body', sa.JSON(), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.CheckConstraint('number >= 1', name=op.f('ck_design_version_number')),
    sa.ForeignKeyConstraint(['design_id'], ['design.id'], name=op.f('fk_design_version_design_id_design'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_design_version')),
    sa.UniqueConstraint('design_id', 'number', name=op.f('uq_design_version_design_id_number'))
    )
    with op.batch_alter_table('match', schema=None) as batch_op:
        batch_op.add_column(sa.Column('design_id', sa.String(length=24), nullable=True))
        batch_op.add_column(sa.Column('design_version', sa.Integer(), nullable=True))
        batch_op.create_index(batch_op.f('ix_match_design_id'), ['design_id'], unique=False)

    with op.batch_alter_table('night', schema=None) as batch_op:
        batch_op.add_column(sa.Column('design_id', sa.String(length=24), nullable=True))
        batch_op.add_column(sa.Column('design_version', sa.Integer(), nullable=True))

    with op.batch_alter_table('seat', schema=None) as batch_op:
        batch_op.add_column(sa.Column('rows', sa.JSON(), nullable=True))


def downgrade():
    with op.batch_alter_table('seat', schema=None) as batch_op:
        batch_op.drop_column('rows')

    with op.batch_alter_table('night', schema=None) as batch_op:
        batch_op.drop_column('design_version')
        batch_op.drop_column('design_id')

    with op.batch_alter_table('match', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_match_design_id'))
        batch_op.drop_column('design_version')
        batch_op.drop_column('design_id')

    op.drop_table('design_version')
    op.drop_table('design')
