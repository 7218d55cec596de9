"""Photo uploads against `kcorp serve` and the CLI, with real files made here by Pillow: JPEG,
PNG and WebP are re-encoded as a JPEG square of at most 512 px without metadata (the GPS of
the original is gone); a decompression bomb, a JPEG of ten thousand scans, a polyglot, a
truncated file, a text file named .png, an SVG and an oversized upload each get their 4xx, nothing is stored, and the
server stays healthy."""

import http.client
import io
import json
import os
import pathlib
import subprocess
import tempfile
import zlib
import socket
import struct
import time

import pytest
from PIL import Image

ROOT = pathlib.Path(__file__).resolve().parents[2]
KCORP = pathlib.Path(os.environ.get("KCORP_BIN", ROOT / ".build" / "debug" / "kcorp"))
CANNA = "C04B0000-0000-4000-8000-000000000001"


def picture(format, size=(1200, 800), exif=None, mode="RGB"):
    image = Image.new(mode, size, (200, 30, 60) if mode == "RGB" else (200, 30, 60, 128))
    output = io.BytesIO()
    options = {"exif": exif} if exif is not None else {}
    image.save(output, format=format, **options)
    return output.getvalue()


def gps_exif():
    exif = Image.Exif()
    exif[0x010F] = "PhoneMaker"  # Make
    gps = exif.get_ifd(0x8825)
    gps[1] = "N"
    gps[2] = (48.0, 51.0, 24.0)  # Paris
    gps[3] = "E"
    gps[4] = (2.0, 21.0, 3.0)
    return exif


def png_bomb(width=30000, height=30000):
    """A valid PNG header claiming 900 megapixels, with a tiny compressed body."""
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    header = struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)
    rows = zlib.compress(b"\x00" * (width + 1) * 16, 9)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", rows) + chunk(b"IEND", b"")


def many_scan_jpeg(scans=10_000):
    """A progressive JPEG whose last scan is repeated until it holds `scans` scans: each costs
    a decoder a pass over the image, so such a file, a few hundred kilobytes, would hold a
    core for minutes."""
    output = io.BytesIO()
    Image.new("RGB", (64, 64), (10, 120, 200)).save(output, format="JPEG", progressive=True)
    data = output.getvalue()
    last = data.rfind(b"\xff\xda")
    body, scan = data[:last], data[last:-2]  # the scan up to EOI
    existing = data.count(b"\xff\xda")
    return body + scan * (scans - existing + 1) + b"\xff\xd9"


@pytest.fixture(scope="module")
def server():
    with tempfile.TemporaryDirectory() as folder:
        database = os.path.join(folder, "roster.sqlite")
        process = subprocess.Popen(
            [str(KCORP), "serve", "--port", "0", "--db", database],
            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        line = process.stdout.readline().decode().strip()
        assert line.startswith("Listening on http://127.0.0.1:"), line
        yield int(line.rsplit(":", 1)[1]), database
        process.terminate()
        assert process.wait(timeout=10) == 0


def call(port, method, path, body=None, content_type=None):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    headers = {"Content-Type": content_type} if content_type else {}
    connection.request(method, path, body, headers)
    response = connection.getresponse()
    data = response.read()
    connection.close()
    return response.status, dict((k.lower(), v) for k, v in response.getheaders()), data


def upload(port, data, content_type):
    return call(port, "PUT", f"/api/players/{CANNA}/photo", data, content_type)


@pytest.mark.parametrize("format,content_type", [
    ("JPEG", "image/jpeg"), ("PNG", "image/png"), ("WEBP", "image/webp")])
def test_a_photo_is_re_encoded_as_a_small_square_without_metadata(server, format, content_type):
    port, _ = server
    status, _, body = upload(port, picture(format, exif=gps_exif()), content_type)
    assert status == 200, body
    path = json.loads(body)["photoURL"]
    assert path.startswith("/photos/") and path.endswith(".jpg")
    _, _, listing = call(port, "GET", "/api/players")
    assert path in [player.get("photoURL") for player in json.loads(listing)]
    status, headers, jpeg = call(port, "GET", path)
    assert status == 200 and headers["content-type"] == "image/jpeg"
    assert "immutable" in headers["cache-control"] and "max-age=31536000" in headers["cache-control"]
    stored = Image.open(io.BytesIO(jpeg))
    assert stored.format == "JPEG" and stored.size == (512, 512)
    exif = stored.getexif()
    assert 0x8825 not in exif and 0x010F not in exif, dict(exif)  # GPS and the rest: gone
    assert b"PhoneMaker" not in jpeg
    # The player's picture now leads to it.
    status, headers, _ = call(port, "GET", f"/players/{CANNA}/picture")
    assert status == 302 and headers["location"] == path


def test_refused_uploads_get_their_4xx_store_nothing_and_the_server_stays_healthy(server):
    port, _ = server
    upload(port, picture("PNG", size=(300, 300)), "image/png")
    _, headers, _ = call(port, "GET", f"/players/{CANNA}/picture")
    before = headers["location"]
    polyglot = picture("PNG", size=(64, 64)) + b"<html><script>alert(1)</script></html>"
    truncated = picture("JPEG")[:2000]
    cases = [
        (png_bomb(), "image/png", 422, "megapixels"),
        (truncated, "image/jpeg", 422, "could not be read"),
        (b"just some text, named .png", "image/png", 422, "not one"),
        (b'<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', "image/png", 422, "not one"),
        (picture("PNG"), "image/svg+xml", 415, "image/jpeg"),
        (picture("GIF"), "image/gif", 415, "image/jpeg"),
        (many_scan_jpeg(), "image/jpeg", 422, "passes"),
    ]
    for data, content_type, expected, words in cases:
        status, _, body = upload(port, data, content_type)
        assert status == expected, (content_type, status, body[:200])
        assert words in json.loads(body)["detail"], body
        _, headers, _ = call(port, "GET", f"/players/{CANNA}/picture")
        assert headers["location"] == before  # nothing stored
    # The many-scan JPEG is refused before it is decoded: at once.
    started = time.monotonic()
    status, _, _ = upload(port, many_scan_jpeg(), "image/jpeg")
    assert status == 422 and time.monotonic() - started < 1.0
    # Over 8 MiB: refused from its Content-Length, before the body is read.
    with socket.create_connection(("127.0.0.1", port), timeout=10) as raw:
        raw.sendall(f"PUT /api/players/{CANNA}/photo HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                    f"Content-Type: image/jpeg\r\nContent-Length: {8 * 1024 * 1024 + 1}\r\n\r\n".encode())
        answer = raw.recv(65536)
    assert answer.startswith(b"HTTP/1.1 413") and b"8 MiB" in answer, answer[:300]
    # A polyglot decodes as a PNG: what is stored is a clean JPEG, the HTML gone.
    status, _, body = upload(port, polyglot, "image/png")
    assert status == 200
    _, _, jpeg = call(port, "GET", json.loads(body)["photoURL"])
    assert b"<script>" not in jpeg and jpeg[:2] == b"\xff\xd8"
    assert call(port, "GET", "/api/players")[0] == 200


def test_removing_a_photo_brings_back_the_drawing(server):
    port, _ = server
    upload(port, picture("JPEG"), "image/jpeg")
    status, _, _ = call(port, "DELETE", f"/api/players/{CANNA}/photo")
    assert status == 204
    status, headers, body = call(port, "GET", f"/players/{CANNA}/picture")
    assert status == 200 and headers["content-type"] == "image/svg+xml" and b">CA</text>" in body


def test_the_cli_sets_and_removes_a_photo(tmp_path):
    database = str(tmp_path / "roster.sqlite")
    photo = tmp_path / "canna.jpg"
    photo.write_bytes(picture("JPEG", exif=gps_exif()))
    run = subprocess.run([str(KCORP), "--db", database, "players", "photo", "Canna", str(photo)],
                         capture_output=True, text=True, timeout=30)
    assert run.returncode == 0 and "Canna's photo is set" in run.stdout, run
    text = tmp_path / "notes.png"
    text.write_text("not a picture")
    run = subprocess.run([str(KCORP), "--db", database, "players", "photo", "Canna", str(text)],
                         capture_output=True, text=True, timeout=30)
    assert run.returncode == 65 and run.stderr.count("\n") == 1 and "JPEG, PNG" in run.stderr, run
    run = subprocess.run([str(KCORP), "--db", database, "players", "photo", "Canna", "--none"],
                         capture_output=True, text=True, timeout=30)
    assert run.returncode == 0 and "no photo now" in run.stdout, run


def test_a_json_export_carries_the_photos_and_an_import_brings_them_back(tmp_path):
    import sqlite3
    source, target = str(tmp_path / "source.sqlite"), str(tmp_path / "target.sqlite")
    photo = tmp_path / "canna.png"
    photo.write_bytes(picture("PNG", size=(700, 700)))
    kcorp = lambda *arguments: subprocess.run([str(KCORP), *arguments], capture_output=True, timeout=60)
    assert kcorp("--db", source, "players", "photo", "Canna", str(photo)).returncode == 0
    exported = kcorp("--db", source, "export").stdout
    players = json.loads(exported)["players"]
    assert "photo" in players[0] and "photo" not in players[1]
    csv = kcorp("--db", source, "export", "--format", "csv").stdout
    assert b"photo" not in csv.splitlines()[0] and len(csv) < 1000  # text only
    file = tmp_path / "roster.json"
    file.write_bytes(exported)
    run = kcorp("--db", target, "import", str(file))
    assert run.returncode == 0, run
    with sqlite3.connect(target) as db:
        (jpeg,) = db.execute(
            "SELECT jpeg FROM photo WHERE player_id = ?", (players[0]["id"],)).fetchone()
    assert Image.open(io.BytesIO(jpeg)).size == (512, 512)
    # A photo that is not one refuses the whole file, naming the player.
    players[0]["photo"] = "bm90IGEgcGljdHVyZQ=="  # "not a picture"
    file.write_text(json.dumps(players))
    run = kcorp("--db", target, "import", str(file))
    assert run.returncode == 65 and b"Player 1 (\xe2\x80\x9cCanna\xe2\x80\x9d)" in run.stderr, run


def test_without_libvips_uploads_get_a_503_that_says_so_and_the_rest_works(tmp_path):
    """The server run with libvips hidden (a private mount namespace, root only)."""
    library = subprocess.run(["sh", "-c", "readlink -f $(ldconfig -p | awk '/libvips.so.42 /{print $NF; exit}')"],
                             capture_output=True, text=True).stdout.strip()
    if os.geteuid() != 0 or not library:
        pytest.skip("hiding libvips needs root and the library's path; this case did not run")
    database = str(tmp_path / "roster.sqlite")
    script = (f"mount --bind /dev/null {library} && exec {KCORP} serve --port 0 --db {database}")
    process = subprocess.Popen(["unshare", "-m", "sh", "-c", script],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        line = process.stdout.readline().decode().strip()
        if not line.startswith("Listening on"):
            pytest.skip(f"cannot hide libvips here: {process.stderr.read1().decode().strip()}")
        port = int(line.rsplit(":", 1)[1])
        status, _, body = upload(port, picture("JPEG"), "image/jpeg")
        assert status == 503 and "libvips" in json.loads(body)["detail"], body
        assert call(port, "GET", "/api/players")[0] == 200
        assert call(port, "POST", "/api/players", json.dumps({"name": "Still", "position": "Mid"}),
                    "application/json")[0] == 201
    finally:
        process.terminate()
        process.wait(timeout=10)
