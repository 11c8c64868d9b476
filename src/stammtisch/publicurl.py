"""The address people reach a server at: ``stammtisch serve --public-url`` and its fallback.

Table cards, their QR codes and the Origin checks need the address a phone on the club's
Wi-Fi (or anybody, behind a domain) opens -- never ``localhost``. Given no ``--public-url``,
a server that listens on the network (``--host 0.0.0.0`` or a network address) is reachable
at the machine's network address; one that listens on a loopback address is reachable from
this machine only.

>>> normalise_public_url("https://Cup.Example.org/")
'https://cup.example.org'
>>> normalise_public_url("cup.example.org")
Traceback (most recent call last):
...
ValueError: the public address must start with http:// or https:// (got 'cup.example.org')
>>> is_loopback("http://localhost:8000/"), is_loopback("http://127.0.0.2"), is_loopback("http://[::1]:80")
(True, True, True)
>>> is_loopback("http://192.168.1.20:8000"), is_loopback("https://cup.example.org")
(False, False)
>>> public_base("127.0.0.1", 8000, None) is None
True
>>> public_base("192.168.1.20", 8000, None)
'http://192.168.1.20:8000'
>>> public_base("0.0.0.0", 8000, "https://cup.example.org")
'https://cup.example.org'
"""

from __future__ import annotations

import ipaddress
import socket
from urllib.parse import urlsplit

__all__ = ["normalise_public_url", "is_loopback", "network_addresses", "public_base", "LOOPBACK_NAMES"]

LOOPBACK_NAMES = ("localhost", "localhost.localdomain", "ip6-localhost")
_ANY = ("0.0.0.0", "::", "")


def normalise_public_url(url: str) -> str:
    """``url`` checked (http or https, a host, no query or fragment) and without a trailing slash.

    :raises ValueError: naming what is wrong
    """
    text = url.strip()
    parts = urlsplit(text)
    if parts.scheme.lower() not in ("http", "https"):
        raise ValueError(f"the public address must start with http:// or https:// (got {text!r})")
    if not parts.hostname:
        raise ValueError(f"the public address names no host (got {text!r})")
    if parts.query or parts.fragment or parts.username or parts.password:
        raise ValueError(f"the public address has no query, fragment or user (got {text!r})")
    try:
        port = parts.port
    except ValueError:
        raise ValueError(f"the public address has a bad port (got {text!r})") from None
    host = parts.hostname.lower()
    shown = f"[{host}]" if ":" in host else host
    netloc = shown + (f":{port}" if port is not None else "")
    return f"{parts.scheme.lower()}://{netloc}{parts.path.rstrip('/')}"


def is_loopback(url: str) -> bool:
    """Whether ``url`` names this machine only (``localhost``, 127.0.0.0/8, ``::1``): no phone opens it."""
    host = (urlsplit(url).hostname or "").lower()
    if host in LOOPBACK_NAMES or host.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def network_addresses() -> list[str]:
    """This machine's network (non-loopback) IPv4 addresses, the default route's first; empty when none.

    The default route's address is read from a UDP socket ``connect`` (which sends nothing);
    the others from the host name's addresses.
    """
    found: list[str] = []
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.connect(("10.254.254.254", 1))
            found.append(s.getsockname()[0])
    except OSError:
        pass
    try:
        for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET):
            found.append(str(info[4][0]))
    except OSError:
        pass
    out: list[str] = []
    for a in found:
        try:
            ip = ipaddress.ip_address(a)
        except ValueError:
            continue
        if not (ip.is_loopback or ip.is_unspecified or ip.is_link_local) and a not in out:
            out.append(a)
    return out


def public_base(host: str, port: int, public_url: str | None) -> str | None:
    """The address printed on table cards: ``public_url`` when given, else -- when the server listens on
    the network -- ``http://<network address>:<port>``; ``None`` when it listens on loopback only."""
    if public_url:
        return normalise_public_url(public_url)
    if host in _ANY:
        found = network_addresses()
        return f"http://{found[0]}:{port}" if found else None
    try:
        ip = ipaddress.ip_address(host.strip("[]"))
    except ValueError:
        return None if host.lower() in LOOPBACK_NAMES else f"http://{host}:{port}"
    if ip.is_loopback:
        return None
    return f"http://[{ip}]:{port}" if ip.version == 6 else f"http://{ip}:{port}"
