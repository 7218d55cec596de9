"""Imports at the sizes an attacker or a large organisation sends: an 8 MiB CSV preview keeps
the server's memory within a few times the file and other requests answered meanwhile; an
import's cost grows with its rows, not with their square."""

import http.client
import os
import pathlib
import resource
import subprocess
import threading
import time

ROOT = pathlib.Path(__file__).resolve().parents[2]
KCORP = pathlib.Path(os.environ.get("KCORP_BIN", ROOT / ".build" / "debug" / "kcorp"))
MIB = 1024 * 1024
POSITIONS = ["Top", "Jungle", "Mid", "ADC", "Support"]


def start_server(database):
    process = subprocess.Popen(
        [str(KCORP), "serve", "--port", "0", "--db", str(database)],
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    line = process.stdout.readline().decode().strip()
    assert line.startswith("Listening on http://127.0.0.1:"), line
    return process, int(line.rsplit(":", 1)[1])


def stop_server(process):
    process.terminate()
    process.wait(timeout=10)


def call(port, method, path, body=None, content_type="text/csv", timeout=120):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    connection.request(method, path, body, {"Content-Type": content_type} if body else {})
    response = connection.getresponse()
    data = response.read()
    connection.close()
    return response.status, data


def memory_kib(process, field):
    for line in pathlib.Path(f"/proc/{process.pid}/status").read_text().splitlines():
        if line.startswith(field + ":"):
            return int(line.split()[1])
    raise AssertionError(f"no {field} for {process.pid}")


def previewed(tmp_path, csv):
    """Previews `csv` as an import into KC while another client reads: the answer, how much
    the server's memory grew, how long the other requests waited and the preview took."""
    server, port = start_server(tmp_path / "roster.sqlite")
    try:
        assert call(port, "GET", "/api/players")[0] == 200
        before = memory_kib(server, "VmRSS")
        answer = {}

        def preview():
            answer["began"] = time.monotonic()
            answer["status"], answer["body"] = call(port, "POST", "/api/teams/KC/import", csv)
            answer["ended"] = time.monotonic()

        thread = threading.Thread(target=preview)
        thread.start()
        waits = []
        while thread.is_alive():
            began = time.monotonic()
            assert call(port, "GET", "/api/players", timeout=10)[0] == 200
            waits.append(time.monotonic() - began)
            time.sleep(0.02)
        thread.join()
        grown = (memory_kib(server, "VmHWM") - before) * 1024
        print(f"preview {answer['status']} in {answer['ended'] - answer['began']:.2f} s, "
              f"memory +{grown / MIB:.1f} MiB for {len(csv) / MIB:.1f} MiB, "
              f"slowest other request {max(waits, default=0):.3f} s")
        assert grown <= 4 * len(csv), f"memory grew by {grown / MIB:.1f} MiB"
        assert max(waits, default=0) < 1.0, waits
        assert answer["ended"] - answer["began"] < 10
        return answer["status"], answer["body"]
    finally:
        stop_server(server)


def test_an_8_mib_csv_preview_keeps_memory_within_a_few_times_the_file(tmp_path):
    rows, size, index = ["name,position\n"], len("name,position\n"), 0
    while size < 8 * MIB - 64:  # the import's body limit is 8 MiB
        row = f"P{index},{POSITIONS[index % 5]}\n"
        rows.append(row)
        size += len(row)
        index += 1
    status, body = previewed(tmp_path, "".join(rows).encode())
    # Refused, and said why: more rows than an organisation holds.
    assert status == 422, body[:300]
    assert b"more than 10,000 players" in body, body[:300]


def test_blank_lines_and_lone_separators_cost_no_more_than_their_text(tmp_path):
    """Under the organisation's limit of rows, but 8 MiB of blank lines, or one row of
    8 MiB of separators: the preview is answered, the memory bounded all the same."""
    head = "name,position\nCanna,Top\n"
    for filler in ("\n", ","):
        body = (head + filler * (8 * MIB - 64 - len(head))).encode()
        folder = tmp_path / filler.encode().hex()
        folder.mkdir()
        status, answer = previewed(folder, body)
        assert status == 200, answer[:300]


def kcorp(database, *arguments):
    result = subprocess.run([str(KCORP), "--db", str(database), *arguments],
                            capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr
    return result


def replace_seconds(folder, size):
    """The processor's seconds (the command's own, whatever else the machine runs meanwhile)
    to import `size` players over `size` others (every one removed, every one added), spread
    over teams of 190 (fewer than a team holds): the case that was quadratic (each row looked
    up by a scan of the roster)."""
    database = folder / f"roster-{size}.sqlite"
    tags = ["KC"] + [f"T{index}" for index in range(1, size // 190 + 1)]
    for tag in tags[1:]:
        kcorp(database, "teams", "add", f"Team {tag}", "--tag", tag)

    def file(prefix):
        path = folder / f"{prefix}-{size}.csv"
        path.write_text("name,position,team\n" + "".join(
            f"{prefix}{index},{POSITIONS[index % 5]},{tags[index // 190]}\n"
            for index in range(size)))
        return path

    kcorp(database, "import", "--replace", str(file("First")))
    second = file("Second")
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    kcorp(database, "import", "--replace", str(second))
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def test_an_import_four_times_larger_costs_about_four_times_as_much(tmp_path):
    small = replace_seconds(tmp_path, 2000)
    large = replace_seconds(tmp_path, 8000)
    print(f"2,000 rows {small:.2f} s, 8,000 rows {large:.2f} s of the processor: ×{large / small:.1f}")
    assert large <= 5.5 * small, (small, large)
