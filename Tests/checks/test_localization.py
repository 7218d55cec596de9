"""The French catalog (data/localization/fr.json) holds every message the code says, and
only those, in French a reader of the scene expects."""

import json
import pathlib
import re
import subprocess

ROOT = pathlib.Path(__file__).resolve().parents[2]
FRENCH = json.loads((ROOT / "data/localization/fr.json").read_text())

# A one-line Swift literal; an interpolation may hold quotes and one level of parentheses.
LITERAL = r'"((?:[^"\\\n]|\\\((?:[^()]|\([^()]*\))*\)|\\.)*)"'
# Where the code names a message: our own lookups, messages kept for later, the HTTP layer's
# own refusals and reasons (looked up by the web app), and SwiftUI's text-taking views and
# modifiers, which look their literal up in the app's String Catalog.
CALLS = [
    r"\blocalized\(\s*" + LITERAL,
    r"\bMessage\(\s*" + LITERAL,
    r"\bHTTPError\(\s*\d+,\s*" + LITERAL,
    r'\bcase \d+: ' + LITERAL,
]
# The CLI's declarations, put in the user's language when help is printed.
CLI_DECLARATIONS = [
    r"static let abstract =\s*" + LITERAL,
    r"\bhelp:\s*" + LITERAL,
    r'Option\.flag\(\s*"[^"]*",\s*' + LITERAL,
]
SWIFTUI_CALLS = [
    # Both sides of a ternary of literals (`LocalizedStringKey(flag ? "A" : "B")`).
    r"\?\s*" + LITERAL + r"\s*:",
    r"\?\s*" + LITERAL[:0] + r'"(?:[^"\\\n]|\\.)*"\s*:\s*' + LITERAL,
    r"\b(?:Text|Button|Label|TextField|SecureField|Picker|Section|PhotosPicker|Toggle)\(\s*" + LITERAL,
    r"\.(?:navigationTitle|accessibilityLabel|accessibilityHint|confirmationDialog|alert)\(\s*" + LITERAL,
]


def unescape(literal):
    """A Swift literal's text, with each interpolation as a String Catalog names it (%@)."""
    text = re.sub(r"\\\((?:[^()]|\([^()]*\))*\)", "%@", literal)
    return text.replace('\\"', '"').replace("\\n", "\n").replace("\\\\", "\\")


def keys_in(folder, patterns):
    found = {}
    for path in sorted((ROOT / folder).rglob("*.swift")):
        text = path.read_text()
        for pattern in patterns:
            for match in re.finditer(pattern, text):
                found.setdefault(unescape(match.group(1)), f"{path.relative_to(ROOT)}")
    return found


# The web app: the door and its kit, and each feature's module.
WEB = sorted(f"Sources/{path.name}" for path in (ROOT / "Sources").iterdir()
             if path.name.endswith("Web") or path.name == "WebBase")


# Every other Swift module but the app's (a C module holds no Swift file).
CORE = sorted(f"Sources/{path.name}" for path in (ROOT / "Sources").iterdir()
              if path.is_dir() and any(path.rglob("*.swift"))
              and f"Sources/{path.name}" not in WEB
              and path.name not in ("kcorp", "TeamUI", "KCorpApp"))


def used_keys():
    keys = {}
    for folder in CORE + ["Sources/kcorp", *WEB]:
        keys.update(keys_in(folder, CALLS))
        # A feature's commands are its own module's: their declarations wherever they are.
        keys.update(keys_in(folder, CLI_DECLARATIONS))
    for path in sorted(path for folder in CORE + ["Sources/kcorp", *WEB]
                       for path in (ROOT / folder).rglob("*.swift")):
        # Multi-line discussions: the lines as the literal holds them, without the indentation.
        for match in re.finditer(r'static let discussion = """\n(.*?)\n( *)"""', path.read_text(), re.S):
            indent = len(match.group(2))
            keys["\n".join(line[indent:] for line in match.group(1).split("\n"))] = str(path.relative_to(ROOT))
    for folder in ("Sources/TeamUI", "Sources/KCorpApp"):
        keys.update(keys_in(folder, SWIFTUI_CALLS + CALLS))
    # Text shown as it is (a bare argument) needs no translation.
    return {key: where for key, where in keys.items() if key != "%@"}


def test_the_generated_tables_are_what_the_catalog_gives():
    run = subprocess.run(["/usr/bin/python3", str(ROOT / "scripts/generate-localizations.py"), "--check"],
                         capture_output=True, text=True)
    assert run.returncode == 0, run.stdout + run.stderr


def test_every_message_the_code_says_is_in_french():
    used = used_keys()
    assert len(used) > 300  # the scan finds the messages
    missing = {key: where for key, where in used.items() if key not in FRENCH}
    assert not missing, "\n".join(f"{where}: {key}" for key, where in sorted(missing.items()))


def test_the_catalog_holds_no_message_the_code_no_longer_says():
    used = used_keys()
    # The HTTP reasons are named through HTTPError.reason, in TeamHTTP.
    reasons = set(re.findall(r'(?:case \d+|default): "([^"]+)"',
                             (ROOT / "Sources/TeamHTTP/HTTPResponse.swift").read_text()))
    stale = sorted(set(FRENCH) - set(used) - reasons)
    assert not stale, stale


def test_each_translation_keeps_its_arguments():
    for key, value in FRENCH.items():
        def arguments(text):
            positions = re.findall(r"%(\d+)\$@", text)
            return sorted(positions) if positions else ["@"] * len(re.findall(r"%@", text))
        if re.search(r"%\d+\$@", value) and not re.search(r"%\d+\$@", key):
            # A reordering translation numbers what the English gives in order.
            assert sorted(set(re.findall(r"%(\d+)\$@", value))) == [str(n) for n in range(1, key.count("%@") + 1)], key
        else:
            assert arguments(key) == arguments(value), key


def test_french_typography():
    for key, value in FRENCH.items():
        # A non-breaking space (U+00A0 or the narrow U+202F) before : ; ! ? and inside « ».
        assert not re.search(r" [:;!?]", value), f"plain space before punctuation: {value!r}"
        assert not re.search(r"«[^\u00a0\u202f]|[^\u00a0\u202f]»", value), f"guillemets: {value!r}"
        # Quotes are « guillemets », apostrophes typographic.
        assert '"' not in value and "“" not in value and "”" not in value, f"quotes: {value!r}"
        assert "'" not in value, f"straight apostrophe: {value!r}"
        # The same register everywhere: vous, never tu.
        assert not re.search(r"\b(tu|ton|ta|tes|toi)\b", value, re.IGNORECASE), f"tutoiement: {value!r}"


def test_the_scenes_words_are_kept():
    glossary = {
        "Favorite champions": "Champions favoris",
        "Recently removed": "Supprimés récemment",
        "Starting five": "Titulaires",
        "Substitutes": "Remplaçants",
        "Add player": "Ajouter un joueur",
        "New player": "Nouveau joueur",
        "Delete player": "Supprimer le joueur",
        "Undo": "Annuler la suppression",
        "Cancel": "Annuler",
        "Search a champion": "Rechercher un champion",
        "Marksman": "Tireur",
        "Fighter": "Combattant",
    }
    for english, french in glossary.items():
        assert FRENCH[english] == french


def test_no_request_state_rides_in_a_task_local():
    """The door hands each route its request's language and pictures (RequestContext); the
    core words its messages in the language it is given, never in one bound around it."""
    bound = [str(path.relative_to(ROOT)) for path in sorted((ROOT / "Sources").rglob("*.swift"))
             if "@TaskLocal" in path.read_text()]
    assert not bound, bound


def test_the_core_and_the_server_never_speak_the_process_language_unasked():
    """Only the faces that serve one person (the CLI, the app) speak the process's language;
    the server's modules word each message in the language of whoever reads it."""
    for folder in ("TeamKit", "TeamStore", "TeamAccess", "TeamPhoto", "TeamWeb", "TeamHTTP"):
        for path in sorted((ROOT / "Sources" / folder).rglob("*.swift")):
            text = path.read_text()
            assert "Language.system.localized" not in text, path
            assert not re.search(r"^func localized\(", text, re.M), path


def test_the_web_words_each_refusal_in_the_readers_language():
    """An error's description is the process's language (a log's, a command's); the web app
    words what it shows with `message.text(in:)`, in the request's. A feature's commands
    (the files on `CLIBase`) speak the process's language."""
    for path in sorted(path for folder in WEB for path in (ROOT / folder).rglob("*.swift")
                       if "import CLIBase" not in path.read_text()):
        for number, line in enumerate(path.read_text().splitlines(), 1):
            assert not re.search(r"\b(error|validation|problems?|refusal)\.description\b", line), \
                f"{path.relative_to(ROOT)}:{number}: {line.strip()}"
