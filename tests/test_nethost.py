"""The hosted server's folder (its port file and log, ui/nethost.py) is removed when the server stops, so hosting
games leaves nothing behind in the temporary folder. A tiny stand-in server plays ``main.py serve``: it writes
the port file it is given, or fails at once."""

from __future__ import annotations

import sys
import time

import pytest

from ui import nethost

SERVE = ("import sys, time\n"
         "args = sys.argv[1:]\n"
         "open(args[args.index('--port-file') + 1], 'w').write('4242')\n"
         "time.sleep(60)\n")
FAIL = "import sys; print('no such deck'); sys.exit(3)"


@pytest.fixture()
def fake_server(monkeypatch):
    def use(script: str) -> None:
        monkeypatch.setattr(nethost, "server_command", lambda: [sys.executable, "-c", script])

    monkeypatch.setenv("BERSERK_NET_DISCOVERY", "off")  # no announcing on the network
    yield use
    nethost.stop()


def _poll(h: nethost.HostedServer, want: str) -> None:
    end = time.monotonic() + 20
    while h.poll() != want:
        assert time.monotonic() < end, f"the stand-in server never became {want!r}"
        time.sleep(0.05)


def test_stopping_a_hosted_server_removes_its_folder(fake_server):
    fake_server(SERVE)
    h = nethost.host(0)
    _poll(h, "ready")
    assert h.port == 4242 and h.folder.is_dir() and h.port_file.is_file()
    nethost.stop()
    assert h.proc.poll() is not None
    assert not h.folder.exists()
    assert nethost.hosted() is None


def test_a_server_that_failed_leaves_its_reason_then_its_folder_goes_when_hosting_again(fake_server):
    fake_server(FAIL)
    failed = nethost.host(0)
    _poll(failed, "failed")
    assert failed.why() == "no such deck"  # read while the folder is still there
    fake_server(SERVE)
    again = nethost.host(0)
    assert again is not failed
    assert not failed.folder.exists()
    _poll(again, "ready")
    assert again.folder.is_dir()
