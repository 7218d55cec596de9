"""The app's text follows Dynamic Type up to the accessibility sizes, and a pseudo is never
cut: a check of the views' source (SwiftUI runs only on Apple systems)."""

import pathlib
import re

ROOT = pathlib.Path(__file__).resolve().parents[2]
VIEWS = sorted((ROOT / "Sources/TeamUI").glob("*.swift")) + sorted((ROOT / "Sources/KCorpApp").glob("*.swift"))


def test_text_uses_text_styles_and_is_never_cut():
    for path in VIEWS:
        text = path.read_text()
        # A fixed size does not grow with Dynamic Type: only the drawn pictures' letters,
        # which scale with their picture, may have one.
        for match in re.finditer(r"\.font\(\.system\(size:", text):
            assert path.name == "PictureView.swift", f"{path.name}: a fixed font size"
        # One line and a cut would hide the end of a long pseudo at large sizes.
        assert ".lineLimit(" not in text, f"{path.name}: a line limit"
        assert ".minimumScaleFactor(" not in text, f"{path.name}: shrinking text"


def test_a_roster_row_stacks_at_the_accessibility_sizes():
    roster = (ROOT / "Sources/TeamUI/RosterView.swift").read_text()
    row = roster[roster.index("struct PlayerRow"):]
    assert "@Environment(\\.dynamicTypeSize)" in row and "isAccessibilitySize" in row
    assert "VStack(alignment: .leading" in row.split("} else {")[0]


def test_every_icon_button_has_a_label():
    found = 0
    for path in VIEWS:
        text = path.read_text()
        # A button whose label is only an image says what it does to VoiceOver.
        for match in re.finditer(r"label: \{\s*Image\(systemName: \"[^\"]+\"\)\s*\}", text):
            after = text[match.end():match.end() + 200]
            assert ".accessibilityLabel(" in after, f"{path.name}: an icon button without a label"
            found += 1
    assert found >= 3  # the back, add, server and dismiss buttons
