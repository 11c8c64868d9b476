"""the replay page's analyses kept on disk: ``server_analyses`` (record hash, seat, budget -> result)

Revision ID: 0003_server_analyses
Revises: 0002_server_account_key
"""
import sqlalchemy as sa
from alembic import op

revision = "0003_server_analyses"
down_revision = "0002_server_account_key"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "server_analyses",
        sa.Column("record_hash", sa.String(64), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("budget", sa.String(64), primary_key=True),
        sa.Column("result", sa.JSON, nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("server_analyses")
