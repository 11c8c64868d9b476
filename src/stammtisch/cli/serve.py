"""``stammtisch serve``: the table server and web client."""

from __future__ import annotations

import errno
import signal
import socket
from collections.abc import Callable
from pathlib import Path
from typing import Any, Optional

import typer

from .helptext import DATA, LANG, check_lang


def register(app: typer.Typer) -> None:
    """Add the `serve` command to ``app``."""
    app.command()(serve)


def serve(
    host: str = typer.Option("127.0.0.1", metavar="ADDRESS",
                             help="address to listen on (0.0.0.0 for the whole network)"),
    port: int = typer.Option(8000, metavar="N", help="port to listen on"),
    data: Path = typer.Option(Path("data"), metavar="FOLDER", help=DATA),
    database_url: Optional[str] = typer.Option(None, "--database-url", envvar="STAMMTISCH_DATABASE_URL", metavar="URL",
                                               help="SQLAlchemy URL instead of SQLite in --data, e.g. "
                                                    "postgresql+psycopg://user@host/db (extra postgres)"),
    bot_delay: float = typer.Option(0.6, metavar="SECONDS", help="seconds a computer player waits before moving"),
    grace: float = typer.Option(45.0, metavar="SECONDS",
                                help="seconds before a computer player stands in for an absent person"),
    log_level: str = typer.Option("warning", metavar="LEVEL", help="uvicorn log level: critical, error, warning, "
                                                                   "info, debug or trace"),
    search_processes: Optional[int] = typer.Option(None, metavar="N",
                                                   help="worker processes for search computer players "
                                                        "(default: one per core; 0: a thread)"),
    search_levels: str = typer.Option("easy,medium,hard", metavar="LEVELS",
                                      help="search strengths a table may ask for, comma-separated: easy, medium, "
                                           "hard, strong"),
    create_burst: int = typer.Option(10, metavar="N", help="tables one client address may open at once"),
    create_per_minute: float = typer.Option(6.0, metavar="N",
                                            help="tables one client address may open per minute after that"),
    max_body: int = typer.Option(65536, metavar="BYTES", help="largest request body on any HTTP route"),
    max_sockets_per_client: int = typer.Option(64, metavar="N", help="open table sockets one client address may hold"),
    max_http_per_client: int = typer.Option(128, metavar="N",
                                            help="open HTTP connections (and requests under way) one client "
                                                 "address may hold"),
    public_url: Optional[str] = typer.Option(None, "--public-url", envvar="STAMMTISCH_PUBLIC_URL", metavar="URL",
                                             help="the address phones and browsers reach this server at, printed "
                                                  "on the scorekeeper's table cards (e.g. http://192.168.1.20:8000 "
                                                  "on a club's Wi-Fi, https://cup.example.org behind a domain); "
                                                  "default: the machine's network address with --host 0.0.0.0; "
                                                  "requests and sockets from it count as the server's own"),
    trusted_proxies: str = typer.Option("", metavar="ADDRESSES",
                                        help="addresses of reverse proxies whose X-Forwarded-For is "
                                             "believed (comma-separated); none by default"),
    lang: str = typer.Option("de", "--lang", metavar="de|en|fr|it",
                             callback=check_lang,
                             help="the pages' language for a visitor whose browser asks for none of ours: "
                                  + LANG + "; a browser's own choice wins"),
    workers: int = typer.Option(1, metavar="N", help="server processes on this port sharing the tables "
                                                     "(needs PostgreSQL)"),
    cluster: bool = typer.Option(False, help="share the tables with the servers of other machines on the same "
                                             "PostgreSQL (implied by --workers above 1)"),
) -> None:
    """Run the table server; open the printed address in a browser."""
    from ..server import ServerConfig
    from ..i18n import language
    from ..storage import database_url as resolve_url
    from .commands import fail

    from ..publicurl import public_base

    try:
        public = public_base(host, port, public_url)
    except ValueError as e:
        fail(f"--public-url: {e}")
        raise  # pragma: no cover - fail() exits
    # bind first: a busy port fails with one line and exit 1, before anything says "serving at"
    sock = listen(host, port, fail)
    url = resolve_url(data, database_url)
    # one database for both: the tables' server and the scorekeeper (its own tables and migrations)
    levels = tuple(x.strip() for x in search_levels.split(",") if x.strip())
    from ..bots.search import LEVELS

    unknown = [x for x in levels if x not in LEVELS]
    if unknown:
        print(f"error: unknown search level(s) {', '.join(unknown)} (known: {', '.join(LEVELS)})")
        raise typer.Exit(1)
    from ..server.guard import origin_of

    if public_url is not None and origin_of(public_url) is None:
        fail(f"--public-url must be an http:// or https:// address, e.g. https://karten.example.org (not "
             f"{public_url[:80]!r})")
    shared = cluster or workers > 1
    if shared and not url.startswith("postgresql"):
        fail("several server processes share their tables through PostgreSQL: give --database-url "
             "postgresql+psycopg://...")
    if workers > 1 and search_processes is None:  # the cores are shared by the workers' search pools
        from ..server.botpool import default_processes

        search_processes = max(1, default_processes() // workers)
    config = ServerConfig(bot_delay=bot_delay, grace=grace, gc_tuning=True, search_processes=search_processes,
                          search_levels=levels, create_burst=create_burst, create_per_minute=create_per_minute,
                          max_body=max_body, max_sockets_per_client=max_sockets_per_client, cluster=shared,
                          max_http_per_client=max_http_per_client, default_lang=language(lang),
                          public_url=public)
    if workers > 1:
        from ..server.workers import run_workers

        print(f"stammtisch is serving at http://{host}:{port}/ with {workers} processes", flush=True)
        for line in address_lines(host, port, public):
            print(line, flush=True)
        ucfg = uvicorn_config(None, host, port, log_level, trusted_proxies, config)
        from ..scorekeeper.store import Store as ScoreStore

        run_workers(config, url, sock, workers, "stammtisch.cli.serve:worker_app", (ScoreStore,), log_level=log_level,
                    ws_max_size=ucfg.ws_max_size, ws_ping_interval=ucfg.ws_ping_interval,
                    ws_ping_timeout=ucfg.ws_ping_timeout, ws_per_message_deflate=False,
                    proxy_headers=ucfg.proxy_headers, forwarded_allow_ips=ucfg.forwarded_allow_ips,
                    http="stammtisch.server.timeouts:HeaderTimeoutProtocol", timeout_graceful_shutdown=1,
                    timeout_keep_alive=ucfg.timeout_keep_alive, limit_concurrency=ucfg.limit_concurrency)
        return
    from .database import database_problems

    with database_problems(url, fail):
        app = _app(url, config)
    shown = "localhost" if host in ("127.0.0.1", "0.0.0.0", "::") else host
    where = url if not url.startswith("sqlite") else url.split("///", 1)[-1]
    print(f"stammtisch is serving at http://{shown}:{port}/  (database: {where})", flush=True)
    print(f"scorekeeper and tournaments: http://{shown}:{port}/scorekeeper/", flush=True)
    for line in address_lines(host, port, public):
        print(line, flush=True)
    for line in missing_extras():
        print(line, flush=True)
    from .interrupts import end_children, guarded, stop

    server = StoppingServer(uvicorn_config(app, host, port, log_level, trusted_proxies, config))
    try:
        with guarded():
            server.run(sockets=[sock])
    except KeyboardInterrupt as e:  # uvicorn shut down and raised the signal again: the children, one line
        stop(e, "the server is down")
    if server.stopped_by is not None:  # a signal whose raising again did nothing (SIGINT ignored, as under nohup)
        from ..bots.pool import Terminated

        stop(Terminated() if server.stopped_by == signal.SIGTERM else KeyboardInterrupt(), "the server is down")
    end_children()


def missing_extras() -> list[str]:
    """One line per feature of the server that runs without what it uses, saying what to run."""
    import importlib.util

    out = []
    if importlib.util.find_spec("numba") is None:
        out.append("note: the search players run without Numba, many times slower: run `bash scripts/setup fast` "
                   "in the checkout (scripts/start does)")
    if importlib.util.find_spec("reportlab") is None:
        out.append("note: the scorekeeper's PDF exports need reportlab: run `bash scripts/setup pdf` in the "
                   "checkout (scripts/start does)")
    return out


def _stopping_server_class() -> type:
    import uvicorn

    class Stopping(uvicorn.Server):
        """uvicorn's server that, at the first Ctrl-C or SIGTERM, ends the child processes (the
        search workers) at once instead of after the shutdown: nothing thinks on while the
        sockets close, and a worker ended mid-job is no news now (warnings are off)."""

        stopped_by: int | None = None

        def handle_exit(self, sig: int, frame: Any) -> None:
            if self.stopped_by is None:
                self.stopped_by = sig
            if not self.should_exit:
                import logging
                import multiprocessing

                logging.disable(logging.WARNING)
                for child in multiprocessing.active_children():
                    child.terminate()
            super().handle_exit(sig, frame)

    return Stopping


def StoppingServer(config: Any) -> Any:  # noqa: N802 - a class made on first use (uvicorn imported late)
    """A :class:`uvicorn.Server` that ends the child processes at the first signal."""
    return _stopping_server_class()(config)


def worker_app() -> object:
    """The app of one ``serve --workers N`` process (uvicorn calls it in each worker)."""
    from ..server.workers import worker_settings

    url, config = worker_settings()
    return _app(url, config)


def _app(url: str, config: Any) -> Any:
    """The table server with the scorekeeper's router and the online cups (``/cup/api``) on one database."""
    from ..cup.api import routers as cup_routers
    from ..cup.api import startup as cup_startup
    from ..scorekeeper.api import make_router
    from ..scorekeeper.store import Store as ScoreStore
    from ..server import create_app

    scores = ScoreStore(url)
    return create_app(database_url=url, config=config, routers=[make_router(scores), *cup_routers],
                      startup=[cup_startup(scores)])


def address_lines(host: str, port: int, public: str | None) -> list[str]:
    """What ``serve`` says about the address phones use (the scorekeeper's table cards print it)."""
    from ..publicurl import network_addresses

    if public:
        lines = [f"phones and table cards use: {public}/"]
        if host in ("0.0.0.0", "::", ""):
            lines += [f"  also reachable on this network at: http://{a}:{port}/" for a in network_addresses()
                      if f"http://{a}:{port}" != public]
        return lines
    return ["listening on this machine only: phones cannot open its pages or the table cards' address; "
            "for a cup on the club's Wi-Fi start with --host 0.0.0.0 (and --public-url http://<this machine's "
            "address>:<port>), see docs/scorekeeper.md"]


def uvicorn_config(app: object, host: str, port: int, log_level: str = "warning", trusted_proxies: str = "",
                   config: object = None):
    """The uvicorn configuration of ``serve``.

    X-Forwarded-For is believed only from ``trusted_proxies``: uvicorn's default trusts it from
    127.0.0.1, so any local client (or a proxy that passes the header through) could name itself
    another address at every request and walk past every per-client limit (table creation,
    logins, entry codes). See ``docs/server.md``, "Attacker's pass (merged)".

    Idle and slow connections are closed (``ServerConfig.header_seconds``, ``keep_alive_seconds``;
    :mod:`stammtisch.server.timeouts`) and one process serves at most ``max_connections`` at once.
    """
    import uvicorn

    from ..server import ServerConfig
    from ..server.timeouts import slow_client_protocol

    cfg = config if isinstance(config, ServerConfig) else ServerConfig()
    proxies = ",".join(x.strip() for x in trusted_proxies.split(",") if x.strip())
    # timeout_graceful_shutdown: Ctrl-C closes the open table sockets within a second, not when the
    # last browser leaves (every action is logged already; the browsers reconnect to the next start)
    return uvicorn.Config(app, host=host, port=port, log_level=log_level, ws_max_size=65536, ws_ping_interval=20,
                          ws_per_message_deflate=False, ws_ping_timeout=20, proxy_headers=bool(proxies),
                          forwarded_allow_ips=proxies or None, timeout_graceful_shutdown=1,
                          http=slow_client_protocol(cfg.header_seconds, cfg.body_seconds, cfg.max_http_per_client),
                          timeout_keep_alive=cfg.keep_alive_seconds,
                          limit_concurrency=cfg.max_connections)


def listen(host: str, port: int, fail: Callable[[str], None]) -> socket.socket:
    """A listening socket on ``host:port``; ``fail`` (one line, exit 1) when it cannot be had."""
    try:
        family = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)[0][0]
        sock = socket.socket(family, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        if family == socket.AF_INET6:
            sock.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY, 0)
        sock.bind((host, port))
        sock.listen(2048)
    except OSError as e:
        reason = "the port is in use (another server running? choose another with --port)" \
            if e.errno == errno.EADDRINUSE else (e.strerror or str(e))
        fail(f"cannot listen on {host}:{port}: {reason}")
        raise  # pragma: no cover - fail() exits
    sock.set_inheritable(True)
    return sock
