"""initial server schema: tables, seats, deals, action log, accounts, sessions

Revision ID: 0001_server
Revises:
"""
import sqlalchemy as sa
from alembic import op

revision = "0001_server"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "server_accounts",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("name", sa.String(64), nullable=False, unique=True),
        sa.Column("password_hash", sa.Text, nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "server_sessions",
        sa.Column("token_hash", sa.String(64), primary_key=True),
        sa.Column("account_id", sa.Integer, sa.ForeignKey("server_accounts.id", ondelete="CASCADE"), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "server_tables",
        sa.Column("number", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("public_id", sa.String(32), nullable=False, unique=True),
        sa.Column("game", sa.String(32), nullable=False),
        sa.Column("profile", sa.String(64), nullable=False),
        sa.Column("options", sa.JSON, nullable=False),
        sa.Column("max_deals", sa.Integer, nullable=True),
        sa.Column("bot_kind", sa.String(32), nullable=False),
        sa.Column("settings", sa.JSON, nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("finished_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("result", sa.JSON, nullable=True),
    )
    op.create_index("ix_server_tables_public_id", "server_tables", ["public_id"])
    op.create_index("ix_server_tables_status", "server_tables", ["status"])
    op.create_table(
        "server_seats",
        sa.Column("table_number", sa.Integer, sa.ForeignKey("server_tables.number", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("token_hash", sa.String(64), nullable=True),
        sa.Column("account_id", sa.Integer, sa.ForeignKey("server_accounts.id"), nullable=True),
    )
    op.create_index("ix_server_seats_token_hash", "server_seats", ["token_hash"])
    op.create_table(
        "server_deals",
        sa.Column("table_number", sa.Integer, sa.ForeignKey("server_tables.number", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("number", sa.Integer, primary_key=True),
        sa.Column("dealer", sa.Integer, nullable=False),
        sa.Column("deal", sa.JSON, nullable=False),
    )
    op.create_table(
        "server_actions",
        sa.Column("table_number", sa.Integer, sa.ForeignKey("server_tables.number", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("version", sa.Integer, primary_key=True),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("action", sa.String(64), nullable=False),
        sa.Column("actor", sa.String(16), nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    for t in ("server_actions", "server_deals", "server_seats", "server_tables", "server_sessions",
              "server_accounts"):
        op.drop_table(t)
