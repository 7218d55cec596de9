#!/usr/bin/python3
"""`make bench`: kcorp's speed, memory and scaling, measured side by side with nginx and the
sqlite3 shell in one run, on loopback only. Prints a table and writes docs/BENCHMARKS.md.

Every process it starts is stopped on exit; every loop is bounded in count and time.
Uses only Debian packages: wrk, nginx-light, sqlite3, postgresql and this Python's standard
library.
"""

import datetime
import http.client
import json
import os
import pathlib
import platform
import re
import select
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parents[1]
KCORP = ROOT / ".build" / "release" / "kcorp"
KCORP_PORT = 18480
# The team a new database starts with (TeamKit's Team.first), which the shell's rows join.
FIRST_TEAM = "C04B0000-0000-4000-8000-000000007E01"
# nginx serves the same bytes from files in each configuration tried, one port each: its
# default (`sendfile on`), then the variants that can make it faster, of which the fastest on
# each route is "nginx at its best".
NGINX_VARIANTS = {
    "sendfile on": ("sendfile on;", 18481),
    "sendfile off": ("sendfile off;", 18483),
    "sendfile on, open_file_cache": ("sendfile on; " + "open_file_cache max=100 inactive=60s; open_file_cache_valid 60s;", 18484),
    "sendfile off, open_file_cache": ("sendfile off; " + "open_file_cache max=100 inactive=60s; open_file_cache_valid 60s;", 18485),
}
NGINX_PORT = NGINX_VARIANTS["sendfile on"][1]
NGINX_GZIP_PORT = 18482  # the same files, compressed by nginx on each request (`gzip on`)
# kcorp's own compressed bytes written beside the files (`gzip_static on`), per variant.
NGINX_GZIP_STATIC_PORTS = {name: port + 10 for name, (_, port) in NGINX_VARIANTS.items()}
TRIAL_SECONDS = 3
HOST = "127.0.0.1"

WRK_THREADS, WRK_CONNECTIONS, WRK_SECONDS, WARMUP_SECONDS = 2, 64, 10, 2
# Reads alternate the servers in rounds of this many seconds; each is reported by its median
# round, so that a moment of the machine's noise falls on one round, not on one server.
READ_ROUNDS, READ_SECONDS = 3, 5
WRITES = 1000
WRITE_ROUNDS = 4
START_RUNS = 20
LEAK_REQUESTS = 100_000
SIZES = (10, 1000, 10_000)

started = []  # every process this script started, stopped at exit
work = pathlib.Path(tempfile.mkdtemp(prefix="kcorp-bench-"))
work.chmod(0o755)  # nginx workers run as an unprivileged user


# MARK: - Processes


def start(arguments, **options):
    process = subprocess.Popen(arguments, **options)
    started.append(process)
    return process


def stop(process):
    if process.poll() is None:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def stop_all():
    for process in reversed(started):
        stop(process)
    shutil.rmtree(work, ignore_errors=True)


def serve(database, port=KCORP_PORT, preload=None):
    """Starts `kcorp serve` on a file, or on the PostgreSQL database a `postgresql://` URL
    names (with a library preloaded, when given), and returns once it listens."""
    environment = dict(os.environ, LD_PRELOAD=str(preload)) if preload else None
    where = (["--database", database] if str(database).startswith("postgresql://")
             else ["--db", str(database)])
    process = start([str(KCORP), "serve", "--port", str(port), *where],
                    stdout=subprocess.PIPE, text=True, env=environment)
    ready, _, _ = select.select([process.stdout], [], [], 10)
    line = process.stdout.readline() if ready else ""
    if not line.startswith("Listening on"):
        raise SystemExit(f"kcorp serve did not start: {line!r}")
    return process


def wait_for_port(port, seconds=10):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        with socket.socket() as probe:
            if probe.connect_ex((HOST, port)) == 0:
                return
        time.sleep(0.01)
    raise SystemExit(f"nothing listens on port {port}")


def get(port, path, method="GET", body=None, headers=None):
    connection = http.client.HTTPConnection(HOST, port, timeout=30)
    connection.request(method, path, body=body, headers=headers or {})
    response = connection.getresponse()
    data = response.read()
    connection.close()
    return response.status, dict(response.getheaders()), data


def rss_kib(process, field="VmRSS"):
    """The process's resident memory in KiB: all of it (`VmRSS`), or its anonymous part
    (`RssAnon`: its own heap and stacks) or file-backed part (`RssFile`: mapped code and data,
    clean pages the kernel shares with its cache)."""
    for line in pathlib.Path(f"/proc/{process.pid}/status").read_text().splitlines():
        if line.startswith(field + ":"):
            return int(line.split()[1])
    return 0


def kcorp(*arguments):
    subprocess.run([str(KCORP), *arguments], check=True, stdout=subprocess.DEVNULL)


# MARK: - wrk


def wrk(url, seconds=WRK_SECONDS, connections=WRK_CONNECTIONS, threads=WRK_THREADS, script=(),
        headers=()):
    """Runs wrk; returns requests/s, p50 and p99 latency in ms, and the request count
    (and the script's writes when it counts them)."""
    output = subprocess.run(
        ["wrk", f"-t{threads}", f"-c{connections}", f"-d{seconds}s", "--latency",
         *(item for header in headers for item in ("-H", header)),
         *(("-s", str(script[0])) if script else ()), url, *(("--", *script[1:]) if script else ())],
        check=True, capture_output=True, text=True, timeout=seconds + 30).stdout
    errors = re.search(r"Non-2xx or 3xx responses: (\d+)", output)
    if errors:
        raise SystemExit(f"wrk saw {errors.group(1)} error responses from {url}"
                         + (f" ({' '.join(str(part) for part in script)})" if script else ""))
    writes = re.search(r"^writes: (\d+)$", output, re.M)

    def latency(percent):
        value, unit = re.search(rf"^\s+{percent}%\s+([\d.]+)(us|ms|s)\s*$", output, re.M).groups()
        return float(value) * {"us": 0.001, "ms": 1, "s": 1000}[unit]

    return {
        "rps": float(re.search(r"Requests/sec:\s+([\d.]+)", output).group(1)),
        "p50": latency(50),
        "p99": latency(99),
        "requests": int(re.search(r"(\d+) requests in", output).group(1)),
        "writes": int(writes.group(1)) if writes else 0,
    }


# MARK: - 1. Reads under load, beside nginx


def nginx_config(root):
    locations = """
    location = / { default_type text/html; charset utf-8; try_files /index.html =404; }
    location /players/ { default_type text/html; charset utf-8; }
    location /api/ { default_type "application/json"; }"""
    servers = [f"""
  server {{
    listen {HOST}:{port};
    root {root};
    {directives}
    {gzip}{locations}
  }}""" for directives, port, gzip in (
        *((directives, port, "") for directives, port in NGINX_VARIANTS.values()),
        *((NGINX_VARIANTS[name][0], NGINX_GZIP_STATIC_PORTS[name], "gzip_static on; gzip_vary on;")
          for name in NGINX_VARIANTS),
        (NGINX_VARIANTS["sendfile on"][0], NGINX_GZIP_PORT,
         # as kcorp: smaller bodies go as they are
         "gzip on; gzip_min_length 1024; gzip_types application/json; gzip_vary on;"))]
    return f"""
worker_processes 2;
pid {work}/nginx.pid;
error_log {work}/nginx-error.log;
daemon off;
events {{ worker_connections 1024; }}
http {{
  access_log off;
  keepalive_requests 1000000;{"".join(servers)}
}}
"""


def first_load(path):
    """What a browser's first visit of `path` costs: the body plain and in gzip, and the
    requests and gzip bytes of the page with what it loads at once (stylesheet, script,
    every picture it fetches, lazy or not, but the closed add sheet's preview; the champion
    row its script fetches)."""
    plain = get(KCORP_PORT, path)[2]
    gzip = {"Accept-Encoding": "gzip"}
    compressed = get(KCORP_PORT, path, headers=gzip)[2]
    loads = set()
    for tag in re.findall(r"<(?:img|script|link)\b[^>]*>", plain.decode("utf-8", "replace")):
        if 'id="image-preview"' in tag or (tag.startswith("<link") and "stylesheet" not in tag):
            continue
        address = re.search(r'\s(?:src|href)="([^"]+)"', tag)
        if address and address.group(1).startswith("/"):
            loads.add(address.group(1).replace("&amp;", "&"))
    loads.update(re.findall(r'data-more="([^"]+)"', plain.decode("utf-8", "replace")))
    total = len(compressed) + sum(len(get(KCORP_PORT, item, headers=gzip)[2]) for item in loads)
    return {"plain": len(plain), "gzip": len(compressed), "requests": 1 + len(loads),
            "first_load": total}


def reads(player_id):
    database = work / "reads.sqlite"
    server = serve(database)
    routes = {"GET /": "/", "GET /players/{id}": f"/players/{player_id}",
              "GET /api/players": "/api/players"}
    files = {"/": "index.html", f"/players/{player_id}": f"players/{player_id}",
             "/api/players": "api/players"}
    root = work / "static"
    gzip = {"Accept-Encoding": "gzip"}
    for path, name in files.items():
        target = root / name
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(get(KCORP_PORT, path)[2])
        _, headers, compressed = get(KCORP_PORT, path, headers=gzip)
        if {key.lower(): value for key, value in headers.items()}.get("content-encoding"):
            target.with_name(target.name + ".gz").write_bytes(compressed)
    (work / "nginx.conf").write_text(nginx_config(root))
    nginx = start(["nginx", "-c", str(work / "nginx.conf"), "-p", str(work)],
                  stderr=subprocess.DEVNULL)
    wait_for_port(NGINX_PORT)
    for path, name in files.items():
        plain = (root / name).read_bytes()
        for _, port in NGINX_VARIANTS.values():
            assert get(port, path)[2] == plain, (port, path)
        # All answer browsers alike (kcorp compresses once per version, nginx per request
        # or from kcorp's own compressed bytes).
        encodings = []
        for port in (KCORP_PORT, NGINX_GZIP_PORT, *NGINX_GZIP_STATIC_PORTS.values()):
            status, headers, _ = get(port, path, headers=gzip)
            assert status == 200, (port, path)
            encodings.append({name.lower(): value for name, value in headers.items()}.get(
                "content-encoding"))
        assert len(set(encodings)) == 1, (path, encodings)

    results = {"wire": {route: first_load(path) for route, path in routes.items()}}
    for route, path in routes.items():
        # nginx at its best on this route: each configuration tried, the fastest kept.
        trials = {}
        for name, (_, port) in NGINX_VARIANTS.items():
            wrk(f"http://{HOST}:{port}{path}", seconds=1)
            trials[name] = wrk(f"http://{HOST}:{port}{path}", seconds=TRIAL_SECONDS)["rps"]
        best = max(trials, key=trials.get)
        runs = (("kcorp", KCORP_PORT, ()), ("nginx", NGINX_PORT, ()),
                ("nginx best", NGINX_VARIANTS[best][1], ()),
                ("kcorp gzip", KCORP_PORT, ("Accept-Encoding: gzip",)),
                ("nginx gzip", NGINX_GZIP_PORT, ("Accept-Encoding: gzip",)),
                ("nginx best gzip", NGINX_GZIP_STATIC_PORTS[best], ("Accept-Encoding: gzip",)))
        # Alternate the servers so that the machine's noise falls on all alike.
        for name, port, headers in runs:
            wrk(f"http://{HOST}:{port}{path}", seconds=WARMUP_SECONDS, headers=headers)
        rounds = {name: [] for name, _, _ in runs}
        for _ in range(READ_ROUNDS):
            for name, port, headers in runs:
                rounds[name].append(wrk(f"http://{HOST}:{port}{path}", seconds=READ_SECONDS,
                                        headers=headers))
        results[route] = {name: median_round(measured) for name, measured in rounds.items()}
        results[route]["best"] = {"name": best, "trials": trials}
    stop(nginx)
    stop(server)
    return results


def median_round(runs):
    """The round with the median rate, with every round's rate beside it."""
    median = sorted(runs, key=lambda run: run["rps"])[len(runs) // 2]
    return dict(median, rounds=[run["rps"] for run in runs])


# MARK: - 2. Durable writes, beside the sqlite3 shell


def writes():
    """kcorp's POSTs and the sqlite3 shell's transactions, alternating in rounds so that the
    disk's ups and downs fall on both alike. Returns the total seconds of each."""
    database = work / "writes.sqlite"
    add_teams(("--db", str(database)), WRITES)
    shell_database = work / "shell.sqlite"
    kcorp("--db", str(shell_database), "players")
    server = serve(database)
    requests = player_posts(WRITES)
    connection = socket.create_connection((HOST, KCORP_PORT), timeout=30)
    connection.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    pragmas = "PRAGMA journal_mode=WAL; PRAGMA synchronous=FULL; PRAGMA foreign_keys=ON;\n"
    totals = {"kcorp": 0.0, "sqlite3": 0.0}
    per_round = WRITES // WRITE_ROUNDS
    for first in range(0, WRITES, per_round):
        totals["kcorp"] += post_one_at_a_time(connection, requests[first:first + per_round])

        # The same work as kcorp's add: the player's row and its history entry, one transaction.
        script = pragmas + "\n".join(
            "BEGIN IMMEDIATE; INSERT INTO player (id, name, name_key, position, image, lineup, team_id, "
            "joined, sort_order) "
            f"VALUES ('{n:08d}-0000-4000-8000-000000000000', 'W{n}', 'w{n}', 'Mid', "
            f"'player_default', 'substitute', '{FIRST_TEAM}', date('now'), "
            "(SELECT coalesce(max(sort_order), 0) + 1 FROM player)); "
            "INSERT INTO history (at, author, kind, player_id, player_name, after) VALUES "
            f"(julianday('now') * 86400 - 210866760000, 'local', 'added', '{n:08d}-0000-4000-8000-000000000000', 'W{n}', "
            f"'{{\"name\":\"W{n}\"}}'); COMMIT;"
            for n in range(first, first + per_round))
        began = time.perf_counter()
        subprocess.run(["sqlite3", str(shell_database)], input=script, text=True, check=True,
                       stdout=subprocess.DEVNULL, timeout=300)
        totals["sqlite3"] += time.perf_counter() - began
    connection.close()
    stop(server)
    return totals


# A team holds at most 200 players (TeamKit's PlayerLimits): runs that add more spread them
# over teams of this many, the first team (which starts with three) included.
PER_TEAM = 190


def team_tags(count):
    """The tags of the teams `count` players spread over: the first team's, then W1, W2…."""
    return ["KC"] + [f"W{index}" for index in range(1, (count - 1) // PER_TEAM + 1)]


def add_teams(database_options, count):
    """Adds to the database the teams `count` players need beside the first."""
    kcorp(*database_options, "players")  # creates and migrates the database
    for tag in team_tags(count)[1:]:
        kcorp(*database_options, "teams", "add", f"Team {tag}", "--tag", tag)


def player_posts(count):
    """`count` requests adding a player each, spread over ``team_tags(count)``, prepared
    beforehand: sent on one raw keep-alive socket, the client's own work (http.client parses
    headers in Python) stays out of the figure."""
    requests = []
    tags = team_tags(count)
    for n in range(count):
        body = json.dumps({"name": f"W{n}", "position": "Mid", "team": tags[n // PER_TEAM]}).encode()
        requests.append(
            b"POST /api/players HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
            + f"Content-Length: {len(body)}\r\n\r\n".encode() + body)
    return requests


def post_one_at_a_time(connection, requests):
    """Sends each request once the one before is answered; returns the seconds it took."""
    began = time.perf_counter()
    for request in requests:
        connection.sendall(request)
        assert read_response(connection).startswith(b"HTTP/1.1 201"), "a write failed"
    return time.perf_counter() - began


# MARK: - 3. Writes under contention


MIXED_SCRIPT = ROOT / "scripts" / "bench-mixed.lua"
MIXED_WRITE_SHARE = 10  # percent of the requests
SLOW_WRITES = 500  # one at a time, with 2 ms more a sync


def contention():
    """64 connections writing only, then 64 connections of which 10 % of the requests write
    (adds, and removals of added players), each on a fresh database; then reading only on the
    roster the mixed load left (its reads' ceiling: the roster grows and shrinks as it runs)."""
    results = {}
    for name, share in (("writes", 100), ("mixed", MIXED_WRITE_SHARE)):
        # Not the durable-writes run's database: its first team is nearly full.
        server = serve(work / f"contention-{name}.sqlite")
        run = wrk(f"http://{HOST}:{KCORP_PORT}", script=(MIXED_SCRIPT, str(share)))
        run["writes_per_second"] = run["writes"] / WRK_SECONDS
        results[name] = run
        if name == "mixed":
            results["reads"] = wrk(f"http://{HOST}:{KCORP_PORT}", script=(MIXED_SCRIPT, "0"))
            results["reads"]["players"] = len(json.loads(get(KCORP_PORT, "/api/players")[2]))
        stop(server)
    results["sync"] = sync_seconds()
    results["slow"] = slow_disk()
    return results


def slow_disk():
    """One write at a time, writes only and the mixed load again, with every disk sync of
    `kcorp serve` made 2 ms longer (scripts/slow-sync.c, preloaded)."""
    library = work / "slow-sync.so"
    subprocess.run(["gcc", "-shared", "-fPIC", "-O2", "-o", str(library),
                    str(ROOT / "scripts" / "slow-sync.c"), "-ldl"], check=True)
    add_teams(("--db", str(work / "slow-one.sqlite")), SLOW_WRITES)
    server = serve(work / "slow-one.sqlite", preload=library)
    connection = socket.create_connection((HOST, KCORP_PORT), timeout=30)
    connection.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    results = {"alone": SLOW_WRITES / post_one_at_a_time(connection, player_posts(SLOW_WRITES))}
    connection.close()
    stop(server)
    for name, share in (("writes", 100), ("mixed", MIXED_WRITE_SHARE)):
        server = serve(work / f"slow-{name}.sqlite", preload=library)
        run = wrk(f"http://{HOST}:{KCORP_PORT}", script=(MIXED_SCRIPT, str(share)))
        run["writes_per_second"] = run["writes"] / WRK_SECONDS
        results[name] = run
        stop(server)
    return results


def sync_seconds(count=500):
    """The median time of one disk sync in the benchmark's folder: a 4 KiB write and its
    fdatasync, as a commit's WAL append does."""
    path = work / "sync-probe"
    descriptor = os.open(path, os.O_CREAT | os.O_WRONLY, 0o644)
    times = []
    try:
        for n in range(count):
            began = time.perf_counter()
            os.pwrite(descriptor, b"x" * 4096, (n % 16) * 4096)
            os.fdatasync(descriptor)
            times.append(time.perf_counter() - began)
    finally:
        os.close(descriptor)
        path.unlink()
    return statistics.median(times)


def read_response(connection):
    """Reads one HTTP response with a Content-Length body; returns its bytes."""
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = connection.recv(65536)
        if not chunk:
            raise SystemExit("the server closed the connection")
        data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    length = int(re.search(rb"(?i)content-length: *(\d+)", head).group(1))
    while len(body) < length:
        chunk = connection.recv(65536)
        if not chunk:
            raise SystemExit("the server closed the connection")
        body += chunk
    return head


# MARK: - 3. Start and memory


def start_and_memory():
    database = work / "start.sqlite"
    kcorp("--db", str(database), "players")
    times = []
    for _ in range(START_RUNS):
        began = time.perf_counter()
        process = start([str(KCORP), "serve", "--port", str(KCORP_PORT), "--db", str(database)],
                        stdout=subprocess.DEVNULL)
        deadline = began + 10
        while time.perf_counter() < deadline:
            try:
                if get(KCORP_PORT, "/")[0] == 200:
                    break
            except OSError:
                time.sleep(0.0005)
        times.append((time.perf_counter() - began) * 1000)
        stop(process)

    server = serve(database)
    get(KCORP_PORT, "/")
    time.sleep(1)
    idle = rss_kib(server)
    idle_parts = (rss_kib(server, "RssAnon"), rss_kib(server, "RssFile"))
    served = 0
    for _ in range(20):  # bounded: at most 20 runs of 5 s
        if served >= LEAK_REQUESTS:
            break
        served += wrk(f"http://{HOST}:{KCORP_PORT}/", seconds=5)["requests"]
    after_first = rss_kib(server)
    served_again = 0
    for _ in range(20):
        if served_again >= LEAK_REQUESTS:
            break
        served_again += wrk(f"http://{HOST}:{KCORP_PORT}/", seconds=5)["requests"]
    after_second = rss_kib(server)
    stop(server)
    return {"start_ms": statistics.median(times), "idle_kib": idle, "idle_parts": idle_parts,
            "after_kib": after_first, "after_again_kib": after_second,
            "requests": served, "requests_again": served_again}


# MARK: - 4. Scaling


def scaling():
    results = {}
    for size in SIZES:
        database = work / f"scale-{size}.sqlite"
        add_teams(("--db", str(database)), size)
        tags = team_tags(size)
        roster = [{"name": f"Player {n}", "position": ["Top", "Jungle", "Mid", "ADC", "Support"][n % 5],
                   "favoriteChampions": ["jax", "braum"], "team": tags[n // PER_TEAM]}
                  for n in range(size)]
        file = work / f"roster-{size}.json"
        file.write_text(json.dumps(roster))
        kcorp("--db", str(database), "import", "--replace", str(file))
        server = serve(database)
        results[size] = {}
        for route, path in (("GET /api/players", "/api/players"), ("GET /", "/")):
            began = time.perf_counter()  # the first request renders; later ones are cached
            status, _, body = get(KCORP_PORT, path)
            first = (time.perf_counter() - began) * 1000
            assert status == 200
            wrk(f"http://{HOST}:{KCORP_PORT}{path}", seconds=1, connections=1, threads=1)
            run = wrk(f"http://{HOST}:{KCORP_PORT}{path}", seconds=3, connections=1, threads=1)
            results[size][route] = {"p50": run["p50"], "first": first, "bytes": len(body)}
        if size == SIZES[0]:
            results["wire"] = first_load("/")  # target: ≤ 8 KB in gzip, ≤ 10 requests
        stop(server)
    return results


# MARK: - Report


# MARK: - 5. Live subscribers and sign-in attacks

SUBSCRIBERS = 250  # the server keeps at most 256 live connections (half its 512)
ATTACKERS, ATTACK_SECONDS = 50, 10


def open_subscriber(source, port=KCORP_PORT):
    """An open `GET /api/events` from loopback address `source` (the server allows 16 live
    connections per address, so subscribers come from several)."""
    sock = socket.socket()
    sock.bind((source, 0))
    sock.connect((HOST, port))
    sock.sendall(f"GET /api/events HTTP/1.1\r\nHost: {HOST}:{port}\r\n\r\n".encode())
    sock.settimeout(10)
    received = b""
    while b"retry:" not in received:
        chunk = sock.recv(4096)
        if not chunk:
            raise SystemExit("an event stream closed before it opened")
        received += chunk
    sock.setblocking(False)
    return sock


def wait_for_subscribers(subscribers, began):
    """Milliseconds from `began` until each subscriber has read `event: change`."""
    waiting = {sock: b"" for sock in subscribers}
    delays = []
    deadline = began + 10
    while waiting and time.monotonic() < deadline:
        ready, _, _ = select.select(list(waiting), [], [], 0.1)
        for sock in ready:
            waiting[sock] += sock.recv(65536)
            if b"event: change" in waiting[sock]:
                delays.append((time.monotonic() - began) * 1000)
                del waiting[sock]
    if waiting:
        raise SystemExit(f"{len(waiting)} subscribers never got the event")
    delays.sort()
    return {"p50": statistics.median(delays), "p99": delays[int(len(delays) * 0.99) - 1]}


def live():
    """Live subscribers on /api/events; one change; how long until each has the event."""
    database = work / "live.sqlite"
    server = serve(database)
    idle = rss_kib(server)
    subscribers = [open_subscriber(f"127.0.0.{2 + index // 16}") for index in range(SUBSCRIBERS)]
    time.sleep(0.5)
    with_subscribers = rss_kib(server)
    began = time.monotonic()
    status = get(KCORP_PORT, "/api/players", "POST",
                 json.dumps({"name": "Live", "position": "Mid"}),
                 {"Content-Type": "application/json"})[0]
    if status != 201:
        raise SystemExit(f"POST /api/players answered {status}")
    delays = wait_for_subscribers(subscribers, began)
    for sock in subscribers:
        sock.close()
    stop(server)
    return dict(delays, idle_kib=idle, with_kib=with_subscribers)


# MARK: - 6. PostgreSQL and two servers


POSTGRES_SCRIPT = ROOT / "scripts" / "test-postgres"
SECOND_PORT = 18482


def postgres():
    """On a PostgreSQL server of its own (scripts/test-postgres: loopback, fsync on): durable
    adds through the API against the same inserts by psql, one transaction each; reads from
    one server and from two on the same database; a change through one server until 250
    subscribers of the other have it."""
    folder, url = subprocess.run([str(POSTGRES_SCRIPT), "start"], check=True, text=True,
                                 capture_output=True).stdout.split()
    try:
        return postgres_runs(folder, url)
    finally:
        for process in list(started):
            stop(process)
        subprocess.run([str(POSTGRES_SCRIPT), "stop", folder], capture_output=True)


def new_database(folder):
    return subprocess.run([str(POSTGRES_SCRIPT), "createdb", folder], check=True, text=True,
                          capture_output=True).stdout.strip()


def postgres_runs(folder, url):
    results = {}
    api_url, shell_url = new_database(folder), new_database(folder)
    add_teams(("--database", api_url), WRITES)
    server = serve(api_url, KCORP_PORT)
    kcorp("--database", shell_url, "players")  # the schema, for psql's rows
    requests = player_posts(WRITES)
    connection = socket.create_connection((HOST, KCORP_PORT), timeout=30)
    connection.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    totals = {"kcorp": 0.0, "psql": 0.0}
    per_round = WRITES // WRITE_ROUNDS
    for first in range(0, WRITES, per_round):
        totals["kcorp"] += post_one_at_a_time(connection, requests[first:first + per_round])
        # The same work as kcorp's add: the player's row and its history entry, one transaction.
        script = "\n".join(
            "BEGIN; INSERT INTO player (id, name, name_key, position, image, lineup, team_id, "
            "joined, sort_order) "
            f"VALUES ('{n:08d}-0000-4000-8000-000000000000', 'W{n}', 'w{n}', 'Mid', "
            f"'player_default', 'substitute', '{FIRST_TEAM}', current_date::text, "
            "(SELECT coalesce(max(sort_order), 0) + 1 FROM player)); "
            "INSERT INTO history (at, author, kind, player_id, player_name, after) VALUES "
            f"(extract(epoch from now()), 'local', 'added', '{n:08d}-0000-4000-8000-000000000000', "
            f"'W{n}', '{{\"name\":\"W{n}\"}}'); COMMIT;"
            for n in range(first, first + per_round))
        began = time.perf_counter()
        subprocess.run(["psql", "--quiet", "--no-psqlrc", "-v", "ON_ERROR_STOP=1", shell_url],
                       input=script, text=True, check=True, stdout=subprocess.DEVNULL, timeout=300)
        totals["psql"] += time.perf_counter() - began
    connection.close()
    results["writes"] = totals
    stop(server)

    # Reads of the default roster, as on SQLite: one server, then two on the same database,
    # each with its own wrk at once.
    read_url = new_database(folder)
    server = serve(read_url, KCORP_PORT)
    results["one"] = wrk(f"http://{HOST}:{KCORP_PORT}/api/players")
    second = serve(read_url, SECOND_PORT)
    halves = [subprocess.Popen(
        ["wrk", "-t1", f"-c{WRK_CONNECTIONS // 2}", f"-d{WRK_SECONDS}s", "--latency",
         f"http://{HOST}:{port}/api/players"], stdout=subprocess.PIPE, text=True)
        for port in (KCORP_PORT, SECOND_PORT)]
    outputs = [half.communicate(timeout=WRK_SECONDS + 30)[0] for half in halves]
    results["two"] = sum(float(re.search(r"Requests/sec:\s+([\d.]+)", output).group(1))
                         for output in outputs)

    # A change through the first server, until every subscriber of the second has it.
    subscribers = [open_subscriber(f"127.0.0.{2 + index // 16}", SECOND_PORT)
                   for index in range(SUBSCRIBERS)]
    time.sleep(0.5)
    began = time.monotonic()
    status = get(KCORP_PORT, "/api/players", "POST",
                 json.dumps({"name": "Crossing", "position": "Mid"}),
                 {"Content-Type": "application/json"})[0]
    if status != 201:
        raise SystemExit(f"POST /api/players answered {status}")
    results["live"] = wait_for_subscribers(subscribers, began)
    for sock in subscribers:
        sock.close()
    stop(second)
    stop(server)
    return results


def report_postgres(result, read, write):
    sqlite_reads = read["GET /api/players"]["kcorp"]["rps"]
    writes = result["writes"]
    return "\n".join([
        f"| on PostgreSQL ({WRITES:,} durable adds, one at a time) | kcorp `POST /api/players` | psql, one transaction each | ratio (≤ 1.1) |",
        "| --- | ---: | ---: | ---: |",
        f"| total time | {writes['kcorp']:.2f} s | {writes['psql']:.2f} s | {writes['kcorp'] / writes['psql']:.2f} "
        f"{'met' if writes['kcorp'] <= 1.1 * writes['psql'] else 'MISSED'} |",
        f"| beside the same on SQLite (above) | {writes['kcorp']:.2f} s | {write['kcorp']:.2f} s on SQLite | {writes['kcorp'] / write['kcorp']:.2f} |",
        "",
        f"| `GET /api/players`, {WRK_CONNECTIONS} connections | req/s | × the SQLite server's ({sqlite_reads:,.0f}) |",
        "| --- | ---: | ---: |",
        f"| one server on PostgreSQL | {result['one']['rps']:,.0f} | {result['one']['rps'] / sqlite_reads:.2f} |",
        f"| two servers on the same PostgreSQL, half the connections each | {result['two']:,.0f} | {result['two'] / sqlite_reads:.2f} |",
        "",
        f"| a change through server A until {SUBSCRIBERS} live subscribers of server B have it | value |",
        "| --- | ---: |",
        f"| p50 | {result['live']['p50']:.1f} ms |",
        f"| p99 | {result['live']['p99']:.1f} ms |",
    ])


def sign_in(port, name, password, source="127.0.0.1"):
    """Signs in through the form; returns (status, cookies)."""
    connection = http.client.HTTPConnection(HOST, port, timeout=30, source_address=(source, 0))
    connection.request("GET", "/signin")
    response = connection.getresponse()
    page = response.read().decode()
    csrf = response.getheader("Set-Cookie").split(";")[0]
    token = re.search(r'name="csrf" value="([0-9a-f]{64})"', page).group(1)
    body = f"csrf={token}&name={name}&password={password.replace(' ', '+')}&next=%2F"
    connection.request("POST", "/signin", body=body, headers={
        "Content-Type": "application/x-www-form-urlencoded", "Cookie": csrf,
        "Origin": f"http://{HOST}:{port}"})
    response = connection.getresponse()
    response.read()
    session = (response.getheader("Set-Cookie") or "").split(";")[0]
    connection.close()
    return response.status, f"{csrf}; {session}"


def wrong_passwords():
    """Page p99 for a signed-in user, alone and while 50 connections send wrong passwords."""
    import threading

    database = work / "signin.sqlite"
    subprocess.run([str(KCORP), "users", "add", "coach", "--role", "owner", "--password-stdin",
                    "--db", str(database)], input=b"coach password\n", check=True,
                   stdout=subprocess.DEVNULL)
    process = start([str(KCORP), "serve", "--port", str(KCORP_PORT), "--db", str(database),
                     "--require-login"], stdout=subprocess.PIPE, text=True)
    process.stdout.readline()
    status, cookies = sign_in(KCORP_PORT, "coach", "coach password")
    if status != 303:
        raise SystemExit(f"sign-in answered {status}")

    def page_p99():
        output = subprocess.run(
            ["wrk", "-t2", "-c16", f"-d{ATTACK_SECONDS}s", "--latency", "-H", f"Cookie: {cookies}",
             f"http://{HOST}:{KCORP_PORT}/"], check=True, capture_output=True, text=True,
            timeout=ATTACK_SECONDS + 30).stdout
        value, unit = re.search(r"^\s+99%\s+([\d.]+)(us|ms|s)\s*$", output, re.M).groups()
        return float(value) * {"us": 0.001, "ms": 1, "s": 1000}[unit]

    alone = page_p99()
    stop_at = time.monotonic() + ATTACK_SECONDS + 2
    answers = {}
    lock = threading.Lock()

    def attack(index):
        source = f"127.0.1.{1 + index}"  # one address each: the per-address limit still bites
        while time.monotonic() < stop_at:
            status, _ = sign_in(KCORP_PORT, "coach", f"wrong guess {index}", source)
            with lock:
                answers[status] = answers.get(status, 0) + 1

    attackers = [threading.Thread(target=attack, args=(i,), daemon=True) for i in range(ATTACKERS)]
    for thread in attackers:
        thread.start()
    time.sleep(1)
    under_attack = page_p99()
    for thread in attackers:
        thread.join(timeout=30)
    stop(process)
    return {"alone": alone, "attacked": under_attack, "answers": answers}


def machine():
    model = "unknown"
    for line in pathlib.Path("/proc/cpuinfo").read_text().splitlines():
        if line.startswith("model name"):
            model = line.split(":", 1)[1].strip()
            break
    memory = pathlib.Path("/proc/meminfo").read_text().split()[1]
    return (f"{model}, {os.cpu_count()} cores, {int(memory) // 1024 // 1024} GiB, "
            f"Linux {platform.release()}")


def report_staff(live_result, attack):
    ok = lambda good: "met" if good else "MISSED"
    ratio = attack["attacked"] / attack["alone"]
    answers = ", ".join(f"{count:,} × {status}" for status, count in sorted(attack["answers"].items()))
    return "\n".join([
        f"| {SUBSCRIBERS} live subscribers (`/api/events`), one change | value |",
        "| --- | ---: |",
        f"| time until every subscriber has the event: p50 | {live_result['p50']:.1f} ms |",
        f"| p99 | {live_result['p99']:.1f} ms |",
        f"| RSS idle → with {SUBSCRIBERS} open | {live_result['idle_kib'] / 1024:.1f} MiB → {live_result['with_kib'] / 1024:.1f} MiB |",
        "",
        f"| signed-in `GET /` while {ATTACKERS} connections send wrong passwords | p99 | target |",
        "| --- | ---: | --- |",
        f"| alone | {attack['alone']:.2f} ms | |",
        f"| under attack | {attack['attacked']:.2f} ms | ≤ 2 × alone: ×{ratio:.2f} {ok(ratio <= 2)} |",
        f"| the attack's answers | {answers} | |",
    ])


def report_contention(write, results):
    ok = lambda good: "met" if good else "MISSED"
    alone = WRITES / write["kcorp"]
    writes, mixed = results["writes"], results["mixed"]
    lines = [
        "| writes under contention | req/s | p99 | writes/s | × one at a time |",
        "| --- | ---: | ---: | ---: | ---: |",
        f"| one at a time: {WRITES:,} `POST`s on one connection (above) | {alone:,.0f} | — | {alone:,.0f} | 1.0 |",
        f"| 64 connections, writes only | {writes['rps']:,.0f} | {writes['p99']:.2f} ms | "
        f"{writes['writes_per_second']:,.0f} | {writes['writes_per_second'] / alone:.1f} |",
        f"| 64 connections, {100 - MIXED_WRITE_SHARE} % reads, {MIXED_WRITE_SHARE} % adds/removes | {mixed['rps']:,.0f} | "
        f"{mixed['p99']:.2f} ms (≤ 20 ms) {ok(mixed['p99'] <= 20)} | {mixed['writes_per_second']:,.0f} | "
        f"{mixed['writes_per_second'] / alone:.1f} (≥ 3) {ok(mixed['writes_per_second'] >= 3 * alone)} |",
        f"| 64 connections, reads only (`GET /api/players`, the {results['reads']['players']} players "
        f"the mixed load left) | {results['reads']['rps']:,.0f} | {results['reads']['p99']:.2f} ms | — | — |",
    ]
    # At 10 % writes, 3× the one-at-a-time rate needs ten times as many requests in all; were
    # writes as cheap as reads, the mixed load would serve as many requests as reading alone.
    needed = 3 * alone * 100 / MIXED_WRITE_SHARE
    ceiling = results["reads"]["rps"] * MIXED_WRITE_SHARE / 100
    lines += ["", f"3× in the mixed load means {needed:,.0f} req/s in all, "
              f"{needed * (100 - MIXED_WRITE_SHARE) / 100:,.0f} of them reads. Reading alone, on the "
              f"roster the mixed load left, serves {results['reads']['rps']:,.0f} req/s on the same "
              f"cores: were writes as cheap as reads, the mixed load would make {ceiling:,.0f} "
              f"writes/s ({ceiling / alone:.1f}× the one-at-a-time rate). One disk sync (a 4 KiB write "
              f"and its `fdatasync` in the same folder, median of 500) takes {results['sync'] * 1000:.2f} ms: "
              f"one write at a time ({1000 / alone:.2f} ms each) waits mostly for the round trip, "
              f"not the disk."]
    slow = results["slow"]
    slow_alone, slow_writes, slow_mixed = slow["alone"], slow["writes"], slow["mixed"]
    lines += [
        "",
        "| the same, each disk sync 2 ms longer (`scripts/slow-sync.c`) | req/s | p99 | writes/s | × one at a time |",
        "| --- | ---: | ---: | ---: | ---: |",
        f"| one at a time: {SLOW_WRITES:,} `POST`s on one connection | {slow_alone:,.0f} | — | {slow_alone:,.0f} | 1.0 |",
        f"| 64 connections, writes only | {slow_writes['rps']:,.0f} | {slow_writes['p99']:.2f} ms | "
        f"{slow_writes['writes_per_second']:,.0f} | {slow_writes['writes_per_second'] / slow_alone:.1f} |",
        f"| 64 connections, {100 - MIXED_WRITE_SHARE} % reads, {MIXED_WRITE_SHARE} % adds/removes | {slow_mixed['rps']:,.0f} | "
        f"{slow_mixed['p99']:.2f} ms (≤ 20 ms) {ok(slow_mixed['p99'] <= 20)} | {slow_mixed['writes_per_second']:,.0f} | "
        f"{slow_mixed['writes_per_second'] / slow_alone:.1f} (≥ 3) {ok(slow_mixed['writes_per_second'] >= 3 * slow_alone)} |",
    ]
    return "\n".join(lines)


def report(read, write, memory, scale):
    ok = lambda good: "met" if good else "MISSED"
    lines = []
    lines.append("| route | kcorp req/s | nginx, default req/s | nginx at its best req/s | ratio to default | ratio to best (≥ 1.0) | kcorp p50 | kcorp p99 (≤ 5 ms) | best nginx p50 | best nginx p99 | rounds: kcorp / default / best req/s |")
    lines.append("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |")
    tried = []
    for route, runs in read.items():
        if route == "wire":
            continue
        best = runs["best"]["name"]
        for suffix, label in (("", f" (best: {best})"),
                              (" gzip", f", in gzip (default: `gzip on`; best: `gzip_static` with kcorp's bytes, {best})")):
            k, n, b = runs["kcorp" + suffix], runs["nginx" + suffix], runs["nginx best" + suffix]
            lines.append(
                f"| `{route}`{label} | {k['rps']:,.0f} | {n['rps']:,.0f} | {b['rps']:,.0f} | "
                f"{k['rps'] / n['rps']:.2f} | {k['rps'] / b['rps']:.2f} {ok(k['rps'] >= b['rps'])} | "
                f"{k['p50']:.2f} ms | {k['p99']:.2f} ms {ok(k['p99'] <= 5)} | {b['p50']:.2f} ms | "
                f"{b['p99']:.2f} ms | {', '.join(f'{r:,.0f}' for r in k['rounds'])} / "
                f"{', '.join(f'{r:,.0f}' for r in n['rounds'])} / "
                f"{', '.join(f'{r:,.0f}' for r in b['rounds'])} |")
        tried.append(f"`{route}`: " + ", ".join(
            f"{name} {rps:,.0f}" for name, rps in runs["best"]["trials"].items()))
    lines.append("")
    lines.append(f"nginx's configurations tried, req/s in {TRIAL_SECONDS} s after 1 s of warm-up: "
                 + "; ".join(tried) + ".")
    lines.append("")
    lines.append("| screen (brief's roster) | body | in gzip | first load: requests | first load: bytes on the wire |")
    lines.append("| --- | ---: | ---: | ---: | ---: |")
    for route, wire in read["wire"].items():
        lines.append(f"| `{route}` | {wire['plain']:,} | {wire['gzip']:,} | {wire['requests']} | "
                     f"{wire['first_load']:,} |")
    wire = scale["wire"]
    lines.append(f"| `GET /`, {SIZES[0]} players (≤ 8 KB in gzip, ≤ 10 requests) | {wire['plain']:,} | "
                 f"{wire['gzip']:,} {ok(wire['gzip'] <= 8 * 1024)} | {wire['requests']} "
                 f"{ok(wire['requests'] <= 10)} | {wire['first_load']:,} |")
    lines.append("")
    ratio = write["kcorp"] / write["sqlite3"]
    lines.append("| durable writes (1,000, one at a time) | kcorp `POST /api/players` | sqlite3 shell | ratio (≤ 1.1) |")
    lines.append("| --- | ---: | ---: | ---: |")
    lines.append(f"| total time | {write['kcorp']:.2f} s | {write['sqlite3']:.2f} s | {ratio:.2f} {ok(ratio <= 1.1)} |")
    lines.append("")
    growth = (memory["after_kib"] - memory["idle_kib"]) / memory["idle_kib"] * 100
    steady = (memory["after_again_kib"] - memory["after_kib"]) / memory["after_kib"] * 100
    lines.append("| start and memory | value | target |")
    lines.append("| --- | ---: | --- |")
    lines.append(f"| start, exec to first 200 on `/` (median of {START_RUNS}) | {memory['start_ms']:.1f} ms | ≤ 20 ms {ok(memory['start_ms'] <= 20)} |")
    lines.append(f"| RSS idle | {memory['idle_kib'] / 1024:.1f} MiB | ≤ 20 MiB {ok(memory['idle_kib'] <= 20 * 1024)} |")
    anonymous, mapped = memory["idle_parts"]
    lines.append(f"| of which anonymous (heap, stacks) / file-backed (mapped code and data) | {anonymous / 1024:.1f} MiB / {mapped / 1024:.1f} MiB | |")
    lines.append(f"| RSS after {memory['requests']:,} requests | {memory['after_kib'] / 1024:.1f} MiB | growth ≤ 10 %: {growth:+.1f} % {ok(growth <= 10)} |")
    lines.append(f"| RSS after {memory['requests_again']:,} more | {memory['after_again_kib'] / 1024:.1f} MiB | steady-state growth {steady:+.1f} % |")
    lines.append("")
    lines.append("| players | `GET /api/players` first (renders) | then p50 | bytes | `GET /` first (renders) | then p50 | bytes |")
    lines.append("| ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    for size, routes in scale.items():
        if size == "wire":
            continue
        api, page = routes["GET /api/players"], routes["GET /"]
        lines.append(f"| {size:,} | {api['first']:.2f} ms | {api['p50']:.2f} ms | {api['bytes']:,} | "
                     f"{page['first']:.2f} ms | {page['p50']:.2f} ms | {page['bytes']:,} |")
    lines.append("")
    for key, label in (("first", "first request"), ("p50", "cached p50")):
        small = scale[SIZES[1]]["GET /api/players"][key]
        large = scale[SIZES[2]]["GET /api/players"][key]
        growth = large / small
        verdict = "no faster than linear" if growth <= (SIZES[2] / SIZES[1]) * 1.2 else "FASTER THAN LINEAR"
        lines.append(f"- `GET /api/players`, {label}, {SIZES[1]:,} → {SIZES[2]:,} players: ×{growth:.1f} "
                     f"for ×{SIZES[2] // SIZES[1]} the data ({verdict}).")
    return "\n".join(lines)


def main():
    if sys.argv[1:] == ["reads"]:  # one part alone, while working on it
        try:
            print(json.dumps(reads(json.loads(get_players_once())[0]["id"]), indent=1))
        finally:
            stop_all()
        return
    if sys.argv[1:] == ["writes"]:
        try:
            print(writes())
        finally:
            stop_all()
        return
    if sys.argv[1:] == ["contention"]:
        try:
            print(report_contention(writes(), contention()))
        finally:
            stop_all()
        return
    if sys.argv[1:] == ["postgres"]:
        try:
            server = serve(work / "reads.sqlite")
            read = {"GET /api/players": {"kcorp": wrk(f"http://{HOST}:{KCORP_PORT}/api/players")}}
            stop(server)
            print(report_postgres(postgres(), read, writes()))
        finally:
            stop_all()
        return
    if sys.argv[1:] == ["staff"]:
        try:
            print(report_staff(live(), wrong_passwords()))
        finally:
            stop_all()
        return
    if not KCORP.exists():
        raise SystemExit(f"{KCORP} is missing: build it with `swift build -c release`")
    try:
        began = time.monotonic()
        player = json.loads(get_players_once())[0]["id"]
        read = reads(player)
        write = writes()
        contended = contention()
        memory = start_and_memory()
        scale = scaling()
        table = (report(read, write, memory, scale) + "\n\n" + report_contention(write, contended)
                 + "\n\n" + report_staff(live(), wrong_passwords())
                 + "\n\n" + report_postgres(postgres(), read, write))
        seconds = time.monotonic() - began
    finally:
        stop_all()
    print(table)
    write_document(table, seconds)


def get_players_once():
    database = work / "ids.sqlite"
    server = serve(database)
    body = get(KCORP_PORT, "/api/players")[2]
    stop(server)
    return body


def write_document(table, seconds):
    path = ROOT / "docs" / "BENCHMARKS.md"
    notes_marker = "## Findings"
    notes = ""
    if path.exists() and notes_marker in path.read_text():
        notes = path.read_text()[path.read_text().index(notes_marker):]
    path.write_text(f"""# Benchmarks

Written by `make bench` ({datetime.date.today().isoformat()}, {seconds:.0f} s). Machine: {machine()}.
kcorp is the release build; every server listens on 127.0.0.1 and the load comes from the
same machine, so kcorp, nginx and wrk share its cores.

## How

- Reads: `wrk -t{WRK_THREADS} -c{WRK_CONNECTIONS} -d{READ_SECONDS}s --latency` after a {WARMUP_SECONDS} s warm-up, against
  `kcorp serve` (default roster) and, alternating with it, nginx-light (2 workers, access log
  off) serving the byte-identical HTML and JSON from files, in its default configuration
  (`sendfile on`) and at its best: each route is first tried with `sendfile` on and off, with
  and without `open_file_cache`, and the fastest is kept. Then all again with
  `Accept-Encoding: gzip`: kcorp sending what it compressed once per roster version, nginx
  compressing with `gzip on` (level 1, per request) by default, and at its best sending
  kcorp's own compressed bytes from files (`gzip_static on`). The six alternate in
  {READ_ROUNDS} rounds; each is reported by its median round, its rate and latencies (every
  round's rate in the last column).
- Screens: each page's body plain and in gzip, and its first load: the page and what a
  browser fetches with it (stylesheet, script, the champion row its script fetches, every
  picture it links, lazy or not, but the closed add sheet's preview), in gzip; for the
  brief's roster, and for the roster of {SIZES[0]} players of the scaling runs.
- Durable writes: {WRITES:,} `POST /api/players` one after another on one keep-alive
  connection, each answered after its commit, against the same {WRITES:,} rows (and their
  history entries) inserted by the
  `sqlite3` shell in {WRITES:,} transactions (`BEGIN IMMEDIATE … COMMIT`) with the same pragmas
  (WAL, synchronous=FULL) into the same schema, on the same disk; the two alternate in
  {WRITE_ROUNDS} rounds of {WRITES // WRITE_ROUNDS}.
- Writes under contention: `wrk -c{WRK_CONNECTIONS} -d{WRK_SECONDS}s` with `scripts/bench-mixed.lua` on a fresh
  database, writes only (half `POST /api/players`, half `DELETE` of a player the same
  wrk thread added; each thread keeps at most 40 of its players, as a team holds 200), then {100 - MIXED_WRITE_SHARE} % `GET /api/players` and {MIXED_WRITE_SHARE} % such writes, then reads only on the
  roster the mixed load left; beside the one-at-a-time rate of the durable-writes run (one
  write per disk sync). Then {SLOW_WRITES} writes one at a time, writes only and the mixed load
  again with `scripts/slow-sync.c` preloaded into `kcorp serve`: each `fsync` and `fdatasync`
  takes 2 ms more, as on a disk whose cache flush costs that.
- Start: exec of `kcorp serve` to the first 200 on `/`, median of {START_RUNS} runs. Memory:
  VmRSS idle, then after {LEAK_REQUESTS:,} requests to `/`, then after {LEAK_REQUESTS:,} more (the
  growth between the last two shows a leak; the first load grows the thread pool's arenas).
- Scaling: rosters of {', '.join(f'{s:,}' for s in SIZES)} players imported with `kcorp import`, spread over teams
  of {PER_TEAM} (a team holds at most 200, the organisation 10,000), median latency of
  `GET /api/players` (one team's) and of the organisation's page (`GET /`, 50 players a page)
  with one connection.
- Live: {SUBSCRIBERS} connections to `/api/events` (from 127.0.0.2–17: the server allows 16 live
  connections per address), then one `POST /api/players`; the time from sending it until each subscriber has
  read `event: change`, and the server's VmRSS before and with the subscribers.
- PostgreSQL (a server of the bench's own on loopback, `scripts/test-postgres`, fsync on):
  {WRITES:,} `POST /api/players` one at a time against the same rows and history entries
  inserted by `psql`, one transaction each, alternating in {WRITE_ROUNDS} rounds; `GET /api/players`
  with {WRK_CONNECTIONS} connections on one server, then {WRK_CONNECTIONS // 2} on each of two servers on the same
  database at once (the same two cores serve both, and wrk); then one change through the first
  server until each of {SUBSCRIBERS} subscribers of the second has read `event: change`.
- Sign-in attacks: a signed-in `GET /` with `wrk -c16 -d{ATTACK_SECONDS}s`, alone, then while {ATTACKERS} threads (each
  from its own loopback address) post wrong passwords to `/signin` as fast as answered.

## Results

{table}

{notes}""")
    print(f"\nWrote {path.relative_to(ROOT)}")


if __name__ == "__main__":
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(1))
    main()
