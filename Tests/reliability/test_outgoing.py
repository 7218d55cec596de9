"""Outgoing calls against hostile mirrors on loopback: `kcorp champions sync` waiting on a
mirror that never answers spends no CPU (it sleeps in the kernel), and a versions.json of
1.5 GiB, announced or not, is cut at the limit: the CLI's memory stays far below the file
and the mirror gets to send little more than the limit."""

import http.server
import os
import pathlib
import subprocess
import tempfile
import threading
import time

ROOT = pathlib.Path(__file__).resolve().parents[2]
KCORP = pathlib.Path(os.environ.get("KCORP_BIN", ROOT / ".build" / "debug" / "kcorp"))
HUGE = 3 << 29  # 1.5 GiB
CHUNK = b" " * (1 << 20)
LIMIT = 8 << 20  # the sync's limit per file (Photo.maxBytes)


class Mirror(http.server.ThreadingHTTPServer):
    daemon_threads = True

    def __init__(self):
        super().__init__(("127.0.0.1", 0), Handler)
        self.sent = 0
        self.lock = threading.Lock()
        self.release = threading.Event()
        threading.Thread(target=self.serve_forever, daemon=True).start()

    @property
    def base(self):
        return f"http://127.0.0.1:{self.server_address[1]}"

    def stop(self):
        self.release.set()
        self.shutdown()
        self.server_close()


class Handler(http.server.BaseHTTPRequestHandler):
    def log_message(self, *args):
        pass

    def do_GET(self):
        mirror = self.server
        if self.path.startswith("/silent/"):
            mirror.release.wait(20)  # never answers while the test watches
            return
        announced = self.path.startswith("/announced/")
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        if announced:
            self.send_header("Content-Length", str(HUGE))
        else:
            self.close_connection = True  # the body ends when the connection does
        self.end_headers()
        self.wfile.write(b"[")
        deadline = time.monotonic() + 30
        sent = 0
        try:
            while sent < HUGE and time.monotonic() < deadline:
                self.wfile.write(CHUNK)
                sent += len(CHUNK)
                with mirror.lock:
                    mirror.sent += len(CHUNK)
        except OSError:
            pass  # the client hung up: what these tests want


def cpu_seconds(pid):
    """User and system time of a process, from /proc."""
    fields = pathlib.Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def peak_while_running(process):
    """The process's peak resident memory, read from /proc until it ends: VmHWM is of the
    program itself, not of the test's process it was forked from (wait4's ru_maxrss would
    count that too)."""
    peak = 0
    while process.poll() is None:
        try:
            for line in pathlib.Path(f"/proc/{process.pid}/status").read_text().splitlines():
                if line.startswith("VmHWM:"):
                    peak = max(peak, int(line.split()[1]) * 1024)
        except (FileNotFoundError, ProcessLookupError, ValueError):
            pass
        time.sleep(0.005)
    return peak


def sync(base, database):
    return subprocess.Popen(
        [str(KCORP), "--db", database, "champions", "sync", "--from", base],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE)


def test_waiting_on_a_silent_mirror_spends_no_cpu():
    mirror = Mirror()
    with tempfile.TemporaryDirectory() as folder:
        process = sync(mirror.base + "/silent", os.path.join(folder, "roster.sqlite"))
        try:
            time.sleep(1.5)  # started, connected, waiting for the answer
            assert process.poll() is None
            before = cpu_seconds(process.pid)
            time.sleep(4)
            used = cpu_seconds(process.pid) - before
            assert used <= 0.08, f"{used:.2f} s of CPU in 4 s of waiting"
        finally:
            process.kill()
            process.wait()
            mirror.stop()


def test_a_huge_versions_file_is_cut_at_the_limit():
    for kind in ("announced", "unannounced"):
        mirror = Mirror()
        with tempfile.TemporaryDirectory() as folder:
            process = sync(f"{mirror.base}/{kind}", os.path.join(folder, "roster.sqlite"))
            try:
                peak = peak_while_running(process)
                stderr = process.stderr.read().decode()
            finally:
                if process.poll() is None:
                    process.kill()
                mirror.stop()
            assert process.returncode != 0, kind
            assert f"over {LIMIT} bytes" in stderr, (kind, stderr)
            assert len(stderr.strip().splitlines()) == 1, stderr
            assert peak < 96 << 20, f"{kind}: the CLI peaked at {peak >> 20} MiB"
            # What the mirror could write: the limit and the sockets' buffers, never the file.
            assert mirror.sent < LIMIT + (48 << 20), f"{kind}: {mirror.sent >> 20} MiB sent"
