"""Games on the local network: a server announces itself by mDNS/DNS-SD (zeroconf), and the client's network
screen lists the servers it hears.

Which way is used is :func:`backend`'s choice, from ``BERSERK_NET_DISCOVERY``: ``mdns`` (the default: the
real local network), ``memory`` (announcements kept inside this process: the tests, which never send a
packet to the network) or ``off``. :func:`addresses` gives this machine's addresses to tell the other player,
read from its interfaces (nothing is sent anywhere to learn them).
"""

from __future__ import annotations

import os
import socket
import threading
from dataclasses import dataclass
from typing import Any

from net.protocol import PROTOCOL

SERVICE = "_berserk-table._tcp.local."
ENV = "BERSERK_NET_DISCOVERY"


@dataclass(frozen=True)
class Found:
    """A server heard on the local network: its name, where to connect and its protocol version."""

    name: str
    host: str
    port: int
    version: int = PROTOCOL

    @property
    def address(self) -> str:
        return f"[{self.host}]:{self.port}" if ":" in self.host else f"{self.host}:{self.port}"


def backend() -> str:
    value = os.environ.get(ENV, "mdns").strip().lower()
    return value if value in ("mdns", "memory", "off") else "mdns"


def addresses() -> list[str]:
    """This machine's IPv4 addresses another computer could reach (loopback last), from its interfaces."""
    try:
        import ifaddr

        found = [ip.ip for a in ifaddr.get_adapters() for ip in a.ips if isinstance(ip.ip, str)]
    except Exception:  # noqa: BLE001 - no list of interfaces: loopback still works for a second window
        found = []
    outside = sorted({ip for ip in found if not ip.startswith(("127.", "169.254."))})
    return outside + ["127.0.0.1"]


# ---------------------------------------------------------------------- in this process (tests)
_memory: dict[str, Found] = {}
_memory_lock = threading.Lock()


def _txt(name: str) -> dict[str, str]:
    return {"v": str(PROTOCOL), "name": name[:60]}


def from_txt(properties: dict[Any, Any], host: str, port: int, fallback: str) -> Found | None:
    """A server from its announcement's TXT properties (bytes or text), or None when it is not ours or
    speaks another protocol."""
    props = {(k.decode("utf-8", "replace") if isinstance(k, bytes) else str(k)):
             (v.decode("utf-8", "replace") if isinstance(v, bytes) else str(v or "")) for k, v in properties.items()}
    if not props.get("v", "").isdigit() or not 0 < port < 65536:
        return None
    name = props.get("name", "").strip() or fallback
    return Found(name=name[:60], host=host, port=port, version=int(props["v"]))


class Announcer:
    """Says on the local network that a server listens on ``port`` (until :meth:`stop`)."""

    def __init__(self, port: int, name: str = "") -> None:
        self.port = port
        self.name = (name or socket.gethostname() or "Berserk Table")[:60]
        self._zc: Any = None
        self._info: Any = None

    def start(self) -> None:
        kind = backend()
        if kind == "memory":
            with _memory_lock:
                _memory[self.name] = Found(self.name, "127.0.0.1", self.port)
        elif kind == "mdns":
            from zeroconf import IPVersion, ServiceInfo, Zeroconf

            ips = [ip for ip in addresses() if not ip.startswith("127.")] or ["127.0.0.1"]
            self._info = ServiceInfo(SERVICE, f"{self.name}.{SERVICE}", port=self.port, properties=_txt(self.name),
                                     addresses=[socket.inet_aton(ip) for ip in ips],
                                     server=f"{socket.gethostname() or 'berserk'}.local.")
            self._zc = Zeroconf(ip_version=IPVersion.V4Only)
            self._zc.register_service(self._info)

    def stop(self) -> None:
        if backend() == "memory":
            with _memory_lock:
                _memory.pop(self.name, None)
        if self._zc is not None:
            try:
                self._zc.unregister_service(self._info)
            finally:
                self._zc.close()
                self._zc = None


class Browser:
    """Listens for servers on the local network; :meth:`found` is what has been heard so far."""

    def __init__(self) -> None:
        self._zc: Any = None
        self._browser: Any = None
        self._found: dict[str, Found] = {}
        self._lock = threading.Lock()

    def start(self) -> Browser:
        if backend() == "mdns":
            try:
                from zeroconf import IPVersion, ServiceBrowser, Zeroconf

                self._zc = Zeroconf(ip_version=IPVersion.V4Only)
                self._browser = ServiceBrowser(self._zc, SERVICE, handlers=[self._changed])
            except Exception:  # noqa: BLE001 - no multicast here: the list stays empty, typing an address works
                self.stop()
        return self

    def _changed(self, zeroconf: Any, service_type: str, name: str, state_change: Any) -> None:
        from zeroconf import ServiceStateChange

        if state_change is ServiceStateChange.Removed:
            with self._lock:
                self._found.pop(name, None)
            return
        info = zeroconf.get_service_info(service_type, name, timeout=1500)
        if info is None:
            return
        ips = info.parsed_addresses()
        found = from_txt(info.properties or {}, ips[0], info.port or 0, name.split(".")[0]) if ips else None
        if found is not None:
            with self._lock:
                self._found[name] = found

    def found(self) -> list[Found]:
        if backend() == "memory":
            with _memory_lock:
                return sorted(_memory.values(), key=lambda f: f.name)
        with self._lock:
            return sorted(self._found.values(), key=lambda f: f.name)

    def stop(self) -> None:
        if self._zc is not None:
            try:
                self._zc.close()
            finally:
                self._zc = None
                self._browser = None
