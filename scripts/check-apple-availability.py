#!/usr/bin/env python3
"""What Linux cannot see about the Apple build, checked from the source text.

1. Every declaration of the stand-in SwiftUI (Checks/SwiftUIInterface) carries the
   `@available` Apple documents (or says why it has none), and none is newer than the
   platforms Package.swift declares.
2. A declaration unavailable on one of those platforms is used in the Apple-built code
   (TeamUI, KCorpApp, the exercise) only inside an `#if os(...)` block that leaves that
   platform out.
3. No type or global function of the toolchain's own modules (Swift, _Concurrency,
   Synchronization, Observation) newer than those platforms is named in the Apple-built code
   (TeamKit, TeamStore, TeamPhoto, TeamClient, TeamUI, KCorpApp, the exercise): their
   interfaces carry Apple's availability.
4. Every `#if os(...)` block of the Apple-built views (parts Linux never type-checks) is
   listed in docs/APPLE.md, by file and first line.
5. The exercise (Apple/Exercise.swiftpm, an app package with platforms of its own) is held to
   its own platforms: 2 to 4 cover its sources too, and no stand-in declaration newer than
   its platforms is named in them (a name declared several times counts at its oldest).

Exit status 1 with one line per problem; 0 with a summary.
"""

import json
import os
import pathlib
import re
import subprocess
import sys

# The repository to check: this one, or $KCORP_ROOT (the checker's own tests use copies).
ROOT = pathlib.Path(os.environ.get("KCORP_ROOT") or pathlib.Path(__file__).resolve().parents[1])
STAND_INS = [ROOT / "Checks/SwiftUIInterface/SwiftUI.swift", ROOT / "Checks/PhotosUIInterface/PhotosUI.swift"]
EXERCISE = ROOT / "Apple/Exercise.swiftpm"
VIEWS = [ROOT / "Sources/TeamUI", ROOT / "Sources/KCorpApp", EXERCISE]
APPLE_BUILT = [
    ROOT / "Sources" / name
    for name in ("TeamKit", "TeamStore", "TeamPhoto", "TeamClient", "TeamUI", "KCorpApp")
] + [EXERCISE]
TOOLCHAIN_MODULES = ["Swift", "_Concurrency", "Synchronization", "Observation"]
APPLE_DOC = ROOT / "docs/APPLE.md"
PLATFORMS = {"iOS", "macOS"}

DECLARATION = re.compile(
    r"^\s*(?:(?:@\w+(?:\([^)]*\))?|public|open|nonisolated|static|mutating|final|override|"
    r"indirect)\s+)*(?P<kind>func|var|let|init|struct|class|enum|protocol|extension|"
    r"typealias|case|subscript|associatedtype|macro)\b\s*(?P<name>[A-Za-z_][A-Za-z0-9_]*)?")
AVAILABLE = re.compile(r"@available\((?P<body>[^)]*)\)")


def version(text):
    """`15.0` as (15, 0, 0), so that versions compare whatever their number of parts."""
    parts = [int(part) for part in text.split(".")]
    return tuple(parts + [0] * (3 - len(parts)))


def floors(manifest=ROOT / "Package.swift"):
    """The platforms a manifest declares: {"macOS": (15, 0, 0), "iOS": (18, 0, 0)}."""
    text = manifest.read_text()
    found = {name: version(number) for name, number in re.findall(r"\.(macOS|iOS)\(\.v(\d+)\)", text)}
    if set(found) != PLATFORMS:
        sys.exit(f"check-apple-availability: {manifest.relative_to(ROOT)} declares {found}, expected iOS and macOS")
    return found


def shown_name(path):
    """A file as docs/APPLE.md names it: by its name, or under Apple/ with its package."""
    apple = ROOT / "Apple"
    return str(path.relative_to(apple)) if apple in path.parents else path.name


def parse_available(lines):
    """(introduced versions, unavailable platforms) from a declaration's attribute lines."""
    introduced, unavailable = {}, set()
    for line in lines:
        for match in AVAILABLE.finditer(line):
            parts = [part.strip() for part in match.group("body").split(",")]
            if len(parts) >= 2 and parts[1] == "unavailable":
                unavailable.add(parts[0])
                continue
            for part in parts:
                words = part.split()
                if len(words) == 2 and words[0] in PLATFORMS:
                    introduced[words[0]] = version(words[1])
    return introduced, unavailable


def stand_in_declarations(stand_in):
    """Each public declaration of a stand-in: (line number, kind, name, attributes, comments)."""
    declarations = []
    pending, comments = [], []
    for number, line in enumerate(stand_in.read_text().splitlines(), 1):
        stripped = line.strip()
        if stripped.startswith("@available"):
            pending.append(stripped)
            continue
        if stripped.startswith("//"):
            comments.append(stripped)
            continue
        match = DECLARATION.match(line)
        # An extension that only groups members needs no attribute; one adding a conformance does.
        kind = match.group("kind") if match else None
        conformance = kind == "extension" and ":" in re.split(r"\bwhere\b|\{", line)[0]
        # A type's `typealias Body` or `associatedtype` follows its type's availability.
        member_type = kind in ("typealias", "associatedtype") and line.startswith(" ")
        if match and not member_type and ("public " in line or conformance or kind == "case"):
            declarations.append((number, match.group("kind"), match.group("name") or "", pending, comments))
        if stripped and not stripped.startswith("@"):
            pending, comments = [], []
    return declarations


def os_blocks(path):
    """For each line, the set of platforms it is compiled for (None: all), and the blocks."""
    stack, platforms_of_line, blocks = [], [], []
    for number, line in enumerate(path.read_text().splitlines(), 1):
        stripped = line.strip()
        if stripped.startswith("#if"):
            names = set(re.findall(r"os\((\w+)\)", stripped))
            only = names if names and "!" not in stripped and "&&" not in stripped else None
            # `#if !os(macOS)`: the iOS side, which Linux compiles too (so it is type-checked).
            negated = re.fullmatch(r"#if\s+!os\((\w+)\)", stripped)
            if negated:
                only = PLATFORMS - {negated.group(1)}
            stack.append(only)
            if names:
                blocks.append({"line": number, "condition": stripped, "first": None})
        elif stripped.startswith("#elseif") or stripped.startswith("#else"):
            stack[-1] = None
        elif stripped.startswith("#endif"):
            stack.pop()
        elif blocks and blocks[-1]["first"] is None and stack and stack[-1] is not None and stripped:
            blocks[-1]["first"] = stripped
        current = None
        for only in stack:
            if only is not None:
                current = only if current is None else current & only
        platforms_of_line.append(current)
    return platforms_of_line, blocks


def toolchain_interfaces():
    """The public .swiftinterface files of the toolchain's modules (Linux)."""
    info = json.loads(subprocess.run(
        ["swift", "-print-target-info"], capture_output=True, text=True, check=True).stdout)
    folder = pathlib.Path(info["paths"]["runtimeResourcePath"]) / "linux"
    interfaces = [
        interface for module in TOOLCHAIN_MODULES
        for interface in (folder / f"{module}.swiftmodule").glob("*-linux-gnu.swiftinterface")]
    if len(interfaces) < len(TOOLCHAIN_MODULES):
        sys.exit(f"check-apple-availability: no interfaces of {TOOLCHAIN_MODULES} in {folder}")
    return interfaces


def toolchain_newer_names(floor, interfaces):
    """Types and global functions of the toolchain's modules introduced after `floor`."""
    names = {}
    for interface in interfaces:
        module = interface.parent.name.removesuffix(".swiftmodule")
        if True:
            attributes = []
            for line in interface.read_text().splitlines():
                stripped = line.strip()
                if stripped.startswith("@available"):
                    attributes.append(stripped)
                    continue
                match = re.match(
                    r"^(?:@\w+(?:\([^)]*\))?\s+)*(?:public|open)\s+(?:final\s+)?"
                    r"(?:struct|class|enum|protocol|actor|typealias|func)\s+(~?\w+)", line)
                if match and attributes and not line.startswith((" ", "\t")):
                    introduced, _ = parse_available(attributes)
                    newer = [p for p, v in introduced.items() if v > floor[p]]
                    if newer and not match.group(1).startswith("_"):
                        names[match.group(1)] = f"{module}: {' '.join(attributes)}"
                if stripped and not stripped.startswith("@"):
                    attributes = []
    return names


def swift_files(folders):
    """The sources of the folders: not a package's manifest, nor what a build leaves in .build."""
    for folder in folders:
        yield from sorted(
            path for path in folder.rglob("*.swift")
            if path.name != "Package.swift"
            and not any(part.startswith(".") for part in path.relative_to(folder).parts))


def check_stand_in(stand_in, declarations, floor, unavailable_names, problems):
    """Checks one stand-in's attributes; returns how many declarations carry @available."""
    annotated = 0
    lines = stand_in.read_text().splitlines()
    # What each top-level declaration (types and extensions alike) lacks, by line number.
    enclosing, pending = {}, []
    for number, line in enumerate(lines, 1):
        if line.startswith("@available"):
            pending.append(line)
        elif DECLARATION.match(line) and not line.startswith(" "):
            enclosing[number] = parse_available(pending)[1]
            pending = []
        elif line.strip() and not line.startswith(("@", "//", "///")):
            pending = []
    for number, kind, name, attributes, comments in declarations:
        member = lines[number - 1].startswith(" ")
        type_unavailable = enclosing[max(n for n in enclosing if n <= number)] if member else set()
        where = f"{stand_in.relative_to(ROOT)}:{number}"
        # Without an attribute, only what Apple does not document (conformances of the
        # standard library's types, underscored types) or enum cases (an attribute on a case
        # stops CaseIterable's synthesis) may go with a note.
        explained = any(
            c.startswith("// availability:") and ("not documented by Apple" in c or kind == "case")
            for c in comments)
        if not attributes and not explained:
            problems.append(f"{where}: {kind} {name} has no @available (nor a note that Apple documents none)")
            continue
        annotated += bool(attributes)
        introduced, unavailable = parse_available(attributes)
        for platform, since in introduced.items():
            if since > floor[platform]:
                problems.append(
                    f"{where}: {name} needs {platform} {'.'.join(map(str, since))}, "
                    f"newer than Package.swift's {platform} {floor[platform][0]}")
        # A member of a type a platform lacks is found through its type's name.
        unavailable &= PLATFORMS
        if unavailable and name and kind != "extension" and not (member and unavailable <= type_unavailable):
            unavailable_names.setdefault(name, set()).update(unavailable)
    return annotated


def oldest_availability(declarations):
    """For each stand-in name, the oldest version per platform at which some declaration of it
    is available; a name one of whose declarations has no attribute is left out (unknown)."""
    oldest, unknown = {}, set()
    for _, kind, name, attributes, _ in declarations:
        if not name or kind in ("extension", "init"):
            continue
        introduced, _ = parse_available(attributes)
        if not introduced:
            unknown.add(name)
            continue
        versions = oldest.setdefault(name, {})
        for platform, since in introduced.items():
            versions[platform] = min(versions.get(platform, since), since)
    return {name: versions for name, versions in oldest.items() if name not in unknown}


def main():
    floor = floors()
    exercise_floor = floors(EXERCISE / "Package.swift")
    problems = []

    # 1. The stand-ins' declarations.
    unavailable_names = {}
    declarations = []
    annotated = 0
    for stand_in in STAND_INS:
        found = stand_in_declarations(stand_in)
        declarations += found
        annotated += check_stand_in(stand_in, found, floor, unavailable_names, problems)

    # 2. Uses of what a platform lacks, in the views.
    all_blocks = []
    for path in swift_files(VIEWS):
        platforms_of_line, blocks = os_blocks(path)
        all_blocks += [(path, block) for block in blocks]
        for number, line in enumerate(path.read_text().splitlines(), 1):
            code = line.split("//")[0]
            for name, missing_on in unavailable_names.items():
                if re.search(rf"(?<![\w]){re.escape(name)}\b", code):
                    compiled_for = platforms_of_line[number - 1] or PLATFORMS
                    if compiled_for & missing_on:
                        problems.append(
                            f"{path.relative_to(ROOT)}:{number}: {name} is unavailable on "
                            f"{', '.join(sorted(missing_on))}; put it inside #if os(...) without them")

    # 3. The toolchain's newer types and functions, in all Apple-built code.
    interfaces = toolchain_interfaces()
    newer = toolchain_newer_names(floor, interfaces)
    exercise_newer = toolchain_newer_names(exercise_floor, interfaces)
    for path in swift_files(APPLE_BUILT):
        names = exercise_newer if EXERCISE in path.parents else newer
        for number, line in enumerate(path.read_text().splitlines(), 1):
            code = line.split("//")[0]
            for word in set(re.findall(r"[A-Za-z_]\w*", code)) & set(names):
                problems.append(f"{path.relative_to(ROOT)}:{number}: {word} is newer than the platforms ({names[word]})")

    # 4. The #if os blocks, listed in docs/APPLE.md.
    apple_doc = APPLE_DOC.read_text() if APPLE_DOC.exists() else ""
    for path, block in all_blocks:
        listed = shown_name(path) in apple_doc and (block["first"] or "") in apple_doc
        if not listed:
            problems.append(
                f"{path.relative_to(ROOT)}:{block['line']}: the block `{block['condition']}` "
                f"(first line `{block['first']}`) is not listed in docs/APPLE.md")

    # 5. The stand-ins' declarations newer than the exercise's platforms, in its sources (the
    # others are held to Package.swift's by 1). String literals are left out: labels are words.
    oldest = oldest_availability(declarations)
    for path in swift_files([EXERCISE]):
        for number, line in enumerate(path.read_text().splitlines(), 1):
            code = re.sub(r'"[^"]*"', '""', line.split("//")[0])
            for word in sorted(set(re.findall(r"[A-Za-z_]\w*", code)) & set(oldest)):
                too_new = [
                    f"{platform} {'.'.join(map(str, since[:2]))}"
                    for platform, since in sorted(oldest[word].items())
                    if since > exercise_floor[platform]]
                if too_new:
                    problems.append(
                        f"{path.relative_to(ROOT)}:{number}: {word} needs {', '.join(too_new)}, newer than "
                        f"{(EXERCISE / 'Package.swift').relative_to(ROOT)}'s iOS {exercise_floor['iOS'][0]}, "
                        f"macOS {exercise_floor['macOS'][0]}")

    for problem in problems:
        print(problem)
    if problems:
        print(f"check-apple-availability: {len(problems)} problem(s)")
        return 1
    print(
        f"check-apple-availability: {len(declarations)} stand-in declarations "
        f"({annotated} with @available), {len(unavailable_names)} platform-only APIs guarded, "
        f"{len(newer)} newer toolchain names absent, {len(all_blocks)} #if os blocks listed; "
        f"floor iOS {floor['iOS'][0]}, macOS {floor['macOS'][0]} "
        f"(the exercise: iOS {exercise_floor['iOS'][0]}, macOS {exercise_floor['macOS'][0]})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
