"""A local server in Riot Data Dragon's layout, with generated pictures: what the tests
sync from instead of Riot's servers.

    api/versions.json
    cdn/VERSION/data/en_US/champion.json, cdn/VERSION/data/fr_FR/champion.json
    cdn/VERSION/img/champion/ID.png
"""

import contextlib
import functools
import http.server
import json
import pathlib
import struct
import threading
import zlib

VERSION = "99.1.1"

# (Data Dragon id, English name, French name, tags): three of the catalog, one with a French
# name of its own, and one released after this build.
CHAMPIONS = [
    ("Jax", "Jax", "Jax", ["Fighter"]),
    ("KSante", "K'Sante", "K'Santé", ["Tank", "Fighter"]),
    ("Nunu", "Nunu & Willump", "Nunu et Willump", ["Tank", "Mage"]),
    ("Zyrette", "Zyrette", "Zyrette", ["Mage", "Support"]),
]


def png(width, height, rgb):
    """A PNG of one colour with a diagonal stripe, so that no two pictures are alike."""
    def chunk(kind, data):
        return (struct.pack(">I", len(data)) + kind + data
                + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))
    rows = b""
    for y in range(height):
        rows += b"\x00" + b"".join(
            bytes((255 - rgb[0], 255 - rgb[1], 255 - rgb[2])) if abs(x - y) < 6 else bytes(rgb)
            for x in range(width))
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
            + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b""))


def build(folder, champions=CHAMPIONS, version=VERSION, broken=None):
    """Writes the layout into `folder`; `broken` names a champion whose picture is left out."""
    root = pathlib.Path(folder)
    (root / "api").mkdir(parents=True, exist_ok=True)
    (root / "api" / "versions.json").write_text(json.dumps([version, "98.1.1"]))
    for language, index in (("en_US", 1), ("fr_FR", 2)):
        data = {
            id: {"id": id, "key": str(n), "name": names[index - 1],
                 "title": f"title of {id}", "tags": tags}
            for n, (id, *names, tags) in enumerate(
                [(c[0], c[1], c[2], c[3]) for c in champions], start=1)
        }
        path = root / "cdn" / version / "data" / language
        path.mkdir(parents=True, exist_ok=True)
        (path / "champion.json").write_text(
            json.dumps({"type": "champion", "version": version, "data": data}))
    pictures = root / "cdn" / version / "img" / "champion"
    pictures.mkdir(parents=True, exist_ok=True)
    for n, (id, *_rest) in enumerate(champions):
        if id != broken:
            (pictures / f"{id}.png").write_bytes(
                png(120, 120, ((n * 70) % 256, (n * 130 + 60) % 256, (n * 40 + 120) % 256)))


@contextlib.contextmanager
def serving(folder):
    """Serves `folder` on loopback; yields the base address."""
    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *args):
            pass
    handler = functools.partial(Quiet, directory=str(folder))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()
