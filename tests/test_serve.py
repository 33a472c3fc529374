"""`make run`'s supervisor (config/supervisord.conf, which bin/serve starts): with its settings
and stand-in commands, a process that dies is started again while the others keep running, and
SIGINT (Ctrl-C) stops all of them. Waits poll for what is awaited, with generous deadlines."""

from __future__ import annotations

import configparser
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from tests.providers import BASE_DIR, BIN_DIR

DEADLINE_SECONDS = 120


def stand_in(starts: Path, *, lives: float) -> str:
    """A command that writes its pid to `starts`, then lives `lives` seconds and fails."""
    script = (
        f"import os, sys, time; open({str(starts)!r}, 'a').write(f'{{os.getpid()}}\\n'); "
        f"time.sleep({lives}); sys.exit(1)"
    )
    return f"{sys.executable} -c {script!r}".replace("%", "%%")


def starts_of(path: Path) -> list[int]:
    return [int(pid) for pid in path.read_text().split()] if path.exists() else []


def wait_until(condition: Callable[[], bool], what: str, log: Path) -> None:
    deadline = time.monotonic() + DEADLINE_SECONDS
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"{what} did not happen:\n{log.read_text()}")
        time.sleep(0.2)


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


@pytest.fixture
def supervised(tmp_path: Path) -> Iterator[tuple[subprocess.Popen[bytes], Path]]:
    """supervisord with config/supervisord.conf's settings: the worker stands in by a process
    that dies after it counted as started, the identity provider by one that dies at once, the
    web server by one that lives."""
    config = configparser.RawConfigParser()
    config.read(BASE_DIR / "config/supervisord.conf")
    config["supervisord"].update(
        logfile=str(tmp_path / "supervisord.log"),
        pidfile=str(tmp_path / "supervisord.pid"),
        childlogdir=str(tmp_path),
    )
    lives = {"worker": config.getint("program:worker", "startsecs") + 1, "identity": 0, "web": 600}
    for name, seconds in lives.items():
        program = config[f"program:{name}"]
        program.update(command=stand_in(tmp_path / name, lives=seconds), directory=str(tmp_path))
        del program["environment"]
    with (tmp_path / "supervisord.conf").open("w") as written:
        config.write(written)
    log = tmp_path / "output.log"
    process = subprocess.Popen(
        [str(BIN_DIR / "supervisord"), "--configuration", str(tmp_path / "supervisord.conf")],
        stdout=log.open("ab"),
        stderr=subprocess.STDOUT,
        env={
            **os.environ,
            "PORT": "1",
            "IDENTITY_PORT": "2",
            "WEB_WORKERS": "1",
            "WEB_THREADS": "1",
        },
    )
    try:
        yield process, tmp_path
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()


def test_a_process_that_dies_is_started_again_and_the_others_keep_running(
    supervised: tuple[subprocess.Popen[bytes], Path],
) -> None:
    process, folder = supervised
    log = folder / "output.log"

    wait_until(lambda: len(starts_of(folder / "worker")) >= 2, "the worker's restart", log)
    wait_until(lambda: len(starts_of(folder / "identity")) >= 3, "the provider's restarts", log)

    assert len(starts_of(folder / "web")) == 1
    assert alive(starts_of(folder / "web")[0])
    output = log.read_text()
    assert "exited: worker (exit status 1; not expected)" in output
    assert "spawned: 'worker'" in output
    assert process.poll() is None


def test_ctrl_c_stops_every_process(supervised: tuple[subprocess.Popen[bytes], Path]) -> None:
    process, folder = supervised
    log = folder / "output.log"
    wait_until(lambda: bool(starts_of(folder / "web")), "the web server's start", log)

    process.send_signal(signal.SIGINT)

    assert process.wait(timeout=DEADLINE_SECONDS) == 0
    assert not alive(starts_of(folder / "web")[0])
