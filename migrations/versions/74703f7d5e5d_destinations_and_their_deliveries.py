"""destinations and the outbox of deliveries

Revision ID: 74703f7d5e5d
Revises: 07b6515165b5
Create Date: 2026-12-04 05:12:03.193818

SPEC section 12: where a group is told what happens at its tables (a notify URL or a signed
webhook); the outbox, written with the write that made each event happen; and the deliveries
the worker makes of it, one per destination.

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '74703f7d5e5d'
down_revision = '07b6515165b5'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table('destination',
    sa.Column('id', sa.String(length=24), nullable=False),
    sa.Column('group_id', sa.String(length=24), nullable=False),
    sa.Column('kind', sa.String(length=7), nullable=False),
    sa.Column('url', sa.String(length=2000), nullable=False),
    sa.Column('shown', sa.String(length=300), nullable=False),
    sa.Column('secret', sa.String(length=64), nullable=True),
    sa.Column('events', sa.JSON(), nullable=False),
    sa.Column('language', sa.String(length=2), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.CheckConstraint("(kind = 'webhook') = (secret IS NOT NULL)", name=op.f('ck_destination_secret')),
    sa.CheckConstraint("kind IN ('notify', 'webhook')", name=op.f('ck_destination_kind')),
    sa.ForeignKeyConstraint(['group_id'], ['group.id'], name=op.f('fk_destination_group_id_group'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_destination'))
    )
    with op.batch_alter_table('destination', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_destination_group_id'), ['group_id'], unique=False)

    op.create_table('told',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('group_id', sa.String(length=24), nullable=False),
    sa.Column('event', sa.String(length=20), nullable=False),
    sa.Column('part', sa.Text(), nullable=False),
    sa.Column('occurred_at', sa.DateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['group_id'], ['group.id'], name=op.f('fk_told_group_id_group'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_told'))
    )
    op.create_table('delivery',
    sa.Column('id', sa.String(length=36), nullable=False),
    sa.Column('destination_id', sa.String(length=24), nullable=False),
    sa.Column('event', sa.String(length=20), nullable=False),
    sa.Column('body', sa.Text(), nullable=False),
    sa.Column('occurred_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('status', sa.String(length=9), nullable=False),
    sa.Column('attempts', sa.Integer(), nullable=False),
    sa.Column('next_attempt_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('last_attempt_at', sa.DateTime(timezone=True), nullable=True),
    sa.Column('code', sa.Integer(), nullable=True),
    sa.CheckConstraint("status IN ('pending', 'retrying', 'delivered', 'failed')", name=op.f('ck_delivery_status')),
    sa.ForeignKeyConstraint(['destination_id'], ['destination.id'], name=op.f('fk_delivery_destination_id_destination'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_delivery'))
    )
    with op.batch_alter_table('delivery', schema=None) as batch_op:
        batch_op.create_index('ix_delivery_due', ['status', 'next_attempt_at'], unique=False)
        batch_op.create_index('ix_delivery_latest', ['destination_id', 'occurred_at'], unique=False)



def downgrade():
    with op.batch_alter_table('delivery', schema=None) as batch_op:
        batch_op.drop_index('ix_delivery_latest')
        batch_op.drop_index('ix_delivery_due')

    op.drop_table('delivery')
    op.drop_table('told')
    with op.batch_alter_table('destination', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_destination_group_id'))

    op.drop_table('destination')
