"""Organiser accounts and sessions; entry codes hashed with lockout (issue 11, item 8).

The per-tournament organiser key and the plain 6-hex-digit entry keys are dropped: a
tournament belongs to an organiser account (``stammtisch tournament owner`` assigns the ones
created before), and entry codes are issued anew (stored as argon2 hashes).

Revision ID: sk0002
Revises: sk0001
Create Date: 2026-11-25 17:00:00
"""
import sqlalchemy as sa
from alembic import op

revision = 'sk0002'
down_revision = 'sk0001'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table('sk_organiser',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('name', sa.String(length=80), nullable=False),
    sa.Column('password_hash', sa.String(length=255), nullable=False),
    sa.Column('failed_logins', sa.Integer(), nullable=False),
    sa.Column('locked_until', sa.DateTime(), nullable=True),
    sa.Column('created_at', sa.DateTime(), nullable=False),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('name')
    )
    op.create_table('sk_session',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('token_hash', sa.String(length=64), nullable=False),
    sa.Column('organiser_id', sa.Integer(), nullable=True),
    sa.Column('table_id', sa.Integer(), nullable=True),
    sa.Column('created_at', sa.DateTime(), nullable=False),
    sa.Column('expires_at', sa.DateTime(), nullable=False),
    sa.ForeignKeyConstraint(['organiser_id'], ['sk_organiser.id'], ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['table_id'], ['sk_table.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('token_hash')
    )
    with op.batch_alter_table('sk_session', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_sk_session_organiser_id'), ['organiser_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_sk_session_table_id'), ['table_id'], unique=False)
    with op.batch_alter_table('sk_tournament', schema=None) as batch_op:
        batch_op.add_column(sa.Column('organiser_id', sa.Integer(), nullable=True))
        batch_op.create_index(batch_op.f('ix_sk_tournament_organiser_id'), ['organiser_id'], unique=False)
        batch_op.create_foreign_key('fk_sk_tournament_organiser', 'sk_organiser', ['organiser_id'], ['id'])
        batch_op.drop_column('organiser_key')
    with op.batch_alter_table('sk_table', schema=None) as batch_op:
        batch_op.add_column(sa.Column('code_hash', sa.String(length=255), nullable=True))
        batch_op.add_column(sa.Column('failed_codes', sa.Integer(), nullable=False, server_default='0'))
        batch_op.add_column(sa.Column('locked_until', sa.DateTime(), nullable=True))
        batch_op.drop_column('entry_key')


def downgrade() -> None:
    with op.batch_alter_table('sk_table', schema=None) as batch_op:
        batch_op.add_column(sa.Column('entry_key', sa.String(length=64), nullable=False, server_default=''))
        batch_op.drop_column('locked_until')
        batch_op.drop_column('failed_codes')
        batch_op.drop_column('code_hash')
    with op.batch_alter_table('sk_tournament', schema=None) as batch_op:
        batch_op.add_column(sa.Column('organiser_key', sa.String(length=128), nullable=False, server_default=''))
        batch_op.drop_constraint('fk_sk_tournament_organiser', type_='foreignkey')
        batch_op.drop_index(batch_op.f('ix_sk_tournament_organiser_id'))
        batch_op.drop_column('organiser_id')
    with op.batch_alter_table('sk_session', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_sk_session_table_id'))
        batch_op.drop_index(batch_op.f('ix_sk_session_organiser_id'))
    op.drop_table('sk_session')
    op.drop_table('sk_organiser')
