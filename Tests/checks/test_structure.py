"""The code's shape: files that each do one thing."""

import pathlib

ROOT = pathlib.Path(__file__).resolve().parents[2]
# Generated from data/localization/fr.json by scripts/generate-localizations.py.
GENERATED = {"Sources/TeamKit/Localizations.swift"}
MAX_LINES = 400


def code_lines(path):
    """Lines holding code: neither blank nor a comment."""
    return sum(1 for line in path.read_text().splitlines()
               if line.strip() and not line.strip().startswith("//"))


def test_no_source_file_holds_more_than_400_lines_of_code():
    long = {str(path.relative_to(ROOT)): code_lines(path)
            for path in sorted((ROOT / "Sources").rglob("*.swift"))
            if str(path.relative_to(ROOT)) not in GENERATED}
    over = {name: count for name, count in long.items() if count > MAX_LINES}
    assert not over, over


# The schema's versions, frozen: plain SQL and values, never the model's types, so that a
# migration gives the same rows whatever the model becomes.
MIGRATIONS = ("Migrations.swift", "SchemaSteps.swift", "SQLiteSteps.swift", "FirstRoster.swift",
              "PostgresBase.swift")


def test_migrations_use_no_application_types():
    store = ROOT / "Sources" / "TeamStore"
    importing = [name for name in MIGRATIONS if "import TeamKit" in (store / name).read_text()]
    assert not importing, importing


def test_the_store_reads_rows_by_column_name():
    """A query of several columns names them (`SQLColumns`): no read by a position past the
    first, which a change of the SELECT list would silently move."""
    import re
    positional = re.compile(r"\.(text|int|double|blob|isNull)\([1-9]")
    generic = {"Database.swift", "SQLite.swift", "PostgreSQL.swift", "Backup.swift"}
    found = [f"{path.name}:{number}"
             for path in sorted((ROOT / "Sources" / "TeamStore").glob("*.swift"))
             if path.name not in generic
             for number, line in enumerate(path.read_text().splitlines(), 1)
             if positional.search(line)]
    assert not found, found


MAX_FUNCTION_LINES = 60


def function_lengths():
    """Each function's (or initializer's) lines of code, by "path name": from its signature
    to its closing brace, blank lines and comments left out."""
    import re
    signature = re.compile(r"^\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|private|fileprivate|internal|"
                           r"package|static|mutating|nonisolated|override|final|convenience)\s+)*"
                           r"(?:func\s+(\w+)|(init)[?!]?)\s*[(<]")
    lengths = {}
    for path in sorted((ROOT / "Sources").rglob("*.swift")):
        name = str(path.relative_to(ROOT / "Sources"))
        if "Sources/" + name in GENERATED:
            continue
        lines = path.read_text().splitlines()
        for start, line in enumerate(lines):
            match = signature.match(line)
            if not match:
                continue
            depth, opened, count = 0, False, 0
            for code in lines[start:]:
                stripped = code.strip()
                if stripped and not stripped.startswith("//"):
                    count += 1
                code = re.sub(r'"(?:\\.|[^"\\])*"', '""', code).split("//")[0]
                for character in code:
                    if character == "{":
                        depth, opened = depth + 1, True
                    elif character == "}":
                        depth -= 1
                if opened and depth <= 0:
                    break
            key = f"{name} {match.group(1) or match.group(2)}"
            lengths[key] = max(lengths.get(key, 0), count)
    return lengths


def test_no_function_holds_more_than_60_lines_of_code():
    too_long = {key: count for key, count in function_lengths().items()
                if count > MAX_FUNCTION_LINES}
    assert not too_long, too_long


def test_only_the_clock_reads_the_system_time():
    """Every "now" comes from a clock that is passed down (`SystemClock`, the store's `now`, a
    test's): one instant per request, transaction or command, and tests that set the time."""
    import re
    reading = re.compile(r"\bDate\(\)|\bDate\.now\b|\bDate\.init\b|timeIntervalSinceNow")
    clock = ROOT / "Sources" / "TeamKit" / "SystemClock.swift"
    found = [f"{path.relative_to(ROOT)}:{number}"
             for path in sorted((ROOT / "Sources").rglob("*.swift")) if path != clock
             for number, line in enumerate(path.read_text().splitlines(), 1)
             if reading.search(line.split("//")[0])]
    assert not found, found


def test_routes_refuse_by_kind():
    """A route's refusal names its kind (`HTTPError(.notFound, …)`); its status comes from the
    one table (`ErrorKind.status`, answered in `Refusals.swift`)."""
    import re
    literal = re.compile(r"HTTPError\(\s*[0-9]{3}")
    # The door (WebApp.swift) refuses before any route: a name it does not answer to (421).
    routes = [path for path in sorted((ROOT / "Sources").rglob("*.swift"))
              if path.name != "WebApp.swift" and "router.route(" in path.read_text()]
    found = [f"{path.relative_to(ROOT)}:{path.read_text()[:match.start()].count(chr(10)) + 1}"
             for path in routes
             for match in literal.finditer(path.read_text())]
    assert not found, found


def test_handlers_never_hold_the_store():
    """A handler reads through its context's roster and reads, and writes through its scopes
    (`RequestContext`, `TeamScope`, `OrganisationScope`): the web app's store is private, and
    no file that adds routes or draws pages names the store's type, so none can be handed one."""
    import re
    app = (ROOT / "Sources" / "TeamWeb" / "WebApp.swift").read_text()
    assert re.search(r"^  private let store: RosterStore$", app, re.M)
    base = ROOT / "Sources" / "WebBase"
    for name in ("TeamScope.swift", "Scopes.swift", "Router.swift"):
        for match in re.finditer(r"^\s*(.*)\blet store: RosterStore", (base / name).read_text(),
                                 re.M):
            assert match.group(1).startswith("private"), f"{name}: {match.group(0).strip()}"
    # The door itself (WebApp.swift) holds the store, privately, and adds a few routes.
    faces = [path for path in sorted((ROOT / "Sources").rglob("*.swift"))
             if path.name != "WebApp.swift"
             and ("router.route(" in path.read_text() or "extension Pages" in path.read_text())]
    assert len(faces) >= 20
    found = [f"{path.relative_to(ROOT)}:{number}"
             for path in faces
             for number, line in enumerate(path.read_text().splitlines(), 1)
             if "RosterStore" in line.split("//")[0]]
    assert not found, found
