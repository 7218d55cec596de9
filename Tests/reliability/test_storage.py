"""Broken storage under `kcorp serve`: a full disk, a read-only file system at start, the file
deleted or replaced while serving, a damaged file at start. Each case
gets its clear error, the server keeps serving reads, and nothing acknowledged is lost.

The disk cases need a small tmpfs, which only root may mount; elsewhere they are skipped
with the reason printed."""

import http.client
import json
import os
import pathlib
import sqlite3
import subprocess
import tempfile

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
KCORP = pathlib.Path(os.environ.get("KCORP_BIN", ROOT / ".build" / "debug" / "kcorp"))


def start_server(database):
    process = subprocess.Popen(
        [str(KCORP), "serve", "--port", "0", "--db", database],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    line = process.stdout.readline().decode().strip()
    assert line.startswith("Listening on http://127.0.0.1:"), (line, process.stderr.read1())
    return process, int(line.rsplit(":", 1)[1])


def stop_server(process):
    process.terminate()
    process.wait(timeout=10)
    return process.stderr.read().decode()


def call(port, method, path, body=None):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    headers = {"Content-Type": "application/json"} if body is not None else {}
    connection.request(method, path, json.dumps(body) if body is not None else None, headers)
    response = connection.getresponse()
    data = response.read()
    connection.close()
    return response.status, json.loads(data) if data.startswith((b"{", b"[")) else data


def add(port, name):
    return call(port, "POST", "/api/players", {"name": name, "position": "Mid"})


def names_in(database):
    with sqlite3.connect(database) as db:
        assert db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        return {row[0] for row in db.execute("SELECT name FROM player WHERE removed_at IS NULL")}


@pytest.fixture
def tmpfs():
    """A 1 MiB tmpfs of our own, unmounted afterwards."""
    if os.geteuid() != 0:
        pytest.skip("mounting a small tmpfs needs root; the disk-full and read-only-folder cases did not run")
    folder = tempfile.mkdtemp(prefix="kcorp-tmpfs-")
    result = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", folder], capture_output=True)
    if result.returncode != 0:
        os.rmdir(folder)
        pytest.skip(f"cannot mount a tmpfs here: {result.stderr.decode().strip()}")
    yield folder
    subprocess.run(["umount", "-l", folder], check=True)
    os.rmdir(folder)


def test_a_full_disk_refuses_writes_clearly_and_loses_nothing_acknowledged(tmpfs):
    database = os.path.join(tmpfs, "roster.sqlite")
    server, port = start_server(database)
    acknowledged, refusal = set(), None
    for index in range(5000):  # 1 MiB fills long before
        name = f"Full{index}-" + "x" * 12
        status, body = add(port, name)
        if status == 201:
            acknowledged.add(name)
        else:
            refusal = (status, body)
            break
    assert refusal is not None, "the disk never filled"
    status, body = refusal
    assert status == 507, refusal
    assert "disk" in body["detail"] and "full" in body["detail"], body
    assert call(port, "GET", "/api/players")[0] == 200  # reads go on
    log = stop_server(server)
    assert "full" in log, log
    subprocess.run(["mount", "-o", "remount,size=8m", tmpfs], check=True)
    assert acknowledged <= names_in(database)
    server, port = start_server(database)  # and the server starts again on it
    assert add(port, "AfterFull")[0] == 201
    stop_server(server)


def test_a_database_on_a_read_only_file_system_is_refused_at_start_clearly(tmpfs):
    database = os.path.join(tmpfs, "roster.sqlite")
    server, port = start_server(database)
    assert add(port, "BeforeReadOnly")[0] == 201
    stop_server(server)
    # A read-only view of the same folder: its file and the folder itself cannot be written.
    view = tempfile.mkdtemp(prefix="kcorp-ro-")
    subprocess.run(["mount", "--bind", "-o", "ro", tmpfs, view], check=True)
    try:
        read_only = os.path.join(view, "roster.sqlite")
        started = subprocess.run([str(KCORP), "serve", "--port", "0", "--db", read_only],
                                 capture_output=True, timeout=10)
        message = started.stderr.decode()
        assert started.returncode == 74, (started.returncode, message)
        assert read_only in message and "cannot be written" in message, message
        assert message.count("\n") == 1 and "Traceback" not in message
        listed = subprocess.run([str(KCORP), "--db", read_only, "players", "add", "--name", "X", "--position", "Mid"],
                                capture_output=True, timeout=10)
        assert listed.returncode == 74 and "cannot be written" in listed.stderr.decode(), listed
    finally:
        subprocess.run(["umount", view], check=True)
        os.rmdir(view)
    assert "BeforeReadOnly" in names_in(database)


def test_a_file_deleted_or_replaced_while_serving_is_never_written_again(tmp_path):
    for replace in (False, True):
        database = str(tmp_path / f"roster-{replace}.sqlite")
        server, port = start_server(database)
        assert add(port, "Kept")[0] == 201
        for suffix in ("", "-wal", "-shm"):
            if os.path.exists(database + suffix):
                os.unlink(database + suffix)
        if replace:
            with sqlite3.connect(database) as db:
                db.execute("CREATE TABLE other (x)")
        status, body = add(port, "Lost")
        assert status == 503 and "removed or replaced" in body["detail"], (status, body)
        assert call(port, "GET", "/api/players")[0] == 200
        log = stop_server(server)
        assert "removed or replaced" in log, log


def test_a_damaged_file_is_refused_at_start_with_its_name_and_left_untouched(tmp_path):
    database = str(tmp_path / "roster.sqlite")
    server, port = start_server(database)
    for index in range(40):
        assert add(port, f"Player{index}")[0] == 201
    stop_server(server)
    data = bytearray(pathlib.Path(database).read_bytes())
    data[4096:4098] = b"\x2a\x2a"  # the second page's b-tree header: an invalid page type
    pathlib.Path(database).write_bytes(bytes(data))
    started = subprocess.run([str(KCORP), "serve", "--port", "0", "--db", database],
                             capture_output=True, timeout=10)
    message = started.stderr.decode()
    assert started.returncode == 65 or started.returncode == 74, (started.returncode, message)
    assert database in message and "kcorp restore" in message, message
    assert pathlib.Path(database).read_bytes() == bytes(data)
