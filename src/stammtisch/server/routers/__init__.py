"""The server's routers (one module per area), included by :func:`stammtisch.server.app.create_app`."""
