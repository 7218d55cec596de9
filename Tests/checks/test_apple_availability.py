"""The Apple availability check fails on what it is there to catch (on copies of the tree)."""

import os
import pathlib
import re
import shutil
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
CHECK = ROOT / "scripts" / "check-apple-availability.py"


@pytest.fixture
def tree(tmp_path):
    for part in ("Package.swift", "Checks", "Sources", "docs/APPLE.md", "Apple/Exercise.swiftpm"):
        source = ROOT / part
        target = tmp_path / part
        target.parent.mkdir(parents=True, exist_ok=True)
        if source.is_dir():
            shutil.copytree(source, target, ignore=shutil.ignore_patterns(".build", ".swiftpm"))
        else:
            shutil.copy(source, target)
    return tmp_path


def check(tree):
    return subprocess.run(
        ["/usr/bin/python3", str(CHECK)], env={**os.environ, "KCORP_ROOT": str(tree)},
        capture_output=True, text=True)


def edit(path, old, new):
    text = path.read_text()
    assert old in text, old
    path.write_text(text.replace(old, new, 1))


def test_the_tree_as_it_is_passes(tree):
    run = check(tree)
    assert run.returncode == 0, run.stdout


def test_an_api_newer_than_the_platforms_fails(tree):
    edit(tree / "Package.swift", ".macOS(.v15), .iOS(.v18)", ".macOS(.v14), .iOS(.v17)")
    run = check(tree)
    assert run.returncode == 1
    assert "Sources/TeamStore/RosterStore.swift" in run.stdout and "Mutex" in run.stdout


def test_a_stand_in_declaration_newer_than_the_platforms_fails(tree):
    edit(tree / "Checks/SwiftUIInterface/SwiftUI.swift",
         "@available(iOS 16.0, macOS 13.0, *)", "@available(iOS 26.0, macOS 26.0, *)")
    run = check(tree)
    assert run.returncode == 1
    assert "needs iOS 26.0.0" in run.stdout or "needs macOS 26.0.0" in run.stdout


def test_an_ios_only_api_outside_its_if_fails(tree):
    view = tree / "Sources/TeamUI/AddPlayerView.swift"
    text = view.read_text()
    view.write_text(re.sub(
        r"\n *#if !os\(macOS\)\n( *\.textInputAutocapitalization\(\.never\))\n *#endif", r"\n\1", text))
    assert "#if !os(macOS)\n" not in view.read_text()
    run = check(tree)
    assert run.returncode == 1
    assert "textInputAutocapitalization is unavailable on macOS" in run.stdout


def test_an_ios_only_api_in_a_block_for_macos_fails(tree):
    # `#if !os(macOS)` is the iOS side (and Linux's); `#if !os(iOS)` is macOS's.
    edit(tree / "Sources/TeamUI/RosterView.swift", "#if !os(macOS)", "#if !os(iOS)")
    run = check(tree)
    assert run.returncode == 1
    assert "EditButton is unavailable on macOS" in run.stdout


def test_a_declaration_without_availability_fails(tree):
    edit(tree / "Checks/SwiftUIInterface/SwiftUI.swift", "@available(iOS 14.0, macOS 11.0, *)\n@MainActor @preconcurrency public protocol App",
         "@MainActor @preconcurrency public protocol App")
    run = check(tree)
    assert run.returncode == 1
    assert "protocol App has no @available" in run.stdout


def test_an_unlisted_os_block_fails(tree):
    edit(tree / "docs/APPLE.md", "`import AppKit`", "`import Cocoa`")
    run = check(tree)
    assert run.returncode == 1
    assert "import AppKit" in run.stdout and "not listed in docs/APPLE.md" in run.stdout


def test_a_note_cannot_stand_for_an_attribute(tree):
    edit(tree / "Checks/SwiftUIInterface/SwiftUI.swift",
         "@available(iOS 14.0, macOS 11.0, *)\n@MainActor @preconcurrency public protocol App",
         "// availability: pretend iOS 26 only\n@MainActor @preconcurrency public protocol App")
    run = check(tree)
    assert run.returncode == 1
    assert "protocol App has no @available" in run.stdout


def test_the_photos_stand_in_is_checked_too(tree):
    edit(tree / "Checks/PhotosUIInterface/PhotosUI.swift",
         "@available(iOS 16.0, macOS 13.0, *)\npublic struct PhotosPickerItem",
         "@available(iOS 19.0, macOS 13.0, *)\npublic struct PhotosPickerItem")
    run = check(tree)
    assert run.returncode == 1
    assert "Checks/PhotosUIInterface/PhotosUI.swift" in run.stdout and "iOS 19.0" in run.stdout


def test_an_api_newer_than_the_exercise_platforms_fails(tree):
    # The exercise has platforms of its own: NavigationStack (iOS 16, macOS 13) sets them.
    edit(tree / "Apple/Exercise.swiftpm/Package.swift",
         "platforms: [.iOS(.v16), .macOS(.v13)]", "platforms: [.iOS(.v15), .macOS(.v12)]")
    run = check(tree)
    assert run.returncode == 1
    assert "Apple/Exercise.swiftpm/RosterView.swift" in run.stdout
    assert "NavigationStack needs iOS 16.0, macOS 13.0" in run.stdout


def test_a_toolchain_api_newer_than_the_exercise_platforms_fails(tree):
    # Mutex is iOS 18 / macOS 15: within the product's platforms, above the exercise's.
    edit(tree / "Apple/Exercise.swiftpm/ExerciseApp.swift",
         "class EsportTeam: ObservableObject {", "class EsportTeam: ObservableObject {\n  let lock = Mutex(0)")
    run = check(tree)
    assert run.returncode == 1
    assert "Apple/Exercise.swiftpm/ExerciseApp.swift" in run.stdout and "Mutex is newer" in run.stdout


def test_an_exercise_preview_is_listed_by_its_package(tree):
    # TeamUI's AddPlayerView.swift row does not stand for the exercise's file of that name.
    edit(tree / "docs/APPLE.md", "`Exercise.swiftpm/AddPlayerView.swift`", "`AddPlayerView.swift`")
    run = check(tree)
    assert run.returncode == 1
    assert "Apple/Exercise.swiftpm/AddPlayerView.swift" in run.stdout and "not listed" in run.stdout
