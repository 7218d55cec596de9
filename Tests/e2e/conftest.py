"""Fixtures for the browser walk: the real `kcorp serve` on a temporary database, and
headless Chromium at a phone-sized window."""

import atexit
import contextlib
import os
import pathlib
import selectors
import subprocess
import tempfile
import time

import pytest
from selenium import webdriver
from selenium.common.exceptions import WebDriverException
from selenium.webdriver.chrome.service import Service

ROOT = pathlib.Path(__file__).resolve().parents[2]
KCORP = pathlib.Path(os.environ.get("KCORP_BIN", ROOT / ".build" / "debug" / "kcorp"))


@pytest.fixture
def server():
    """Starts `kcorp serve --port 0` on a fresh database; yields its base URL."""
    with tempfile.TemporaryDirectory() as folder:
        with serving("--db", os.path.join(folder, "roster.sqlite")) as url:
            yield url


class Served(str):
    """A server's base URL, with an editor's API token for scripts."""
    token = ""


@pytest.fixture
def staff_server():
    """`kcorp serve --require-login` with an editor (coach), a viewer (analyst) and an
    editor's API token (scripts)."""
    with tempfile.TemporaryDirectory() as folder:
        database = os.path.join(folder, "roster.sqlite")
        for name, role in (("coach", "editor"), ("analyst", "viewer")):
            subprocess.run(
                [str(KCORP), "users", "add", name, "--role", role, "--password-stdin",
                 "--db", database],
                input=f"{name} password\n".encode(), check=True, capture_output=True)
        token = subprocess.run(
            [str(KCORP), "tokens", "create", "--name", "scripts", "--role", "editor",
             "--db", database], check=True, capture_output=True, text=True).stdout.strip()
        with serving("--require-login", "--db", database) as url:
            served = Served(url)
            served.token = token
            yield served


@contextlib.contextmanager
def serving(*arguments):
    """Runs `kcorp serve --port 0 ARGUMENTS...` until the block ends (it must then stop
    cleanly); yields its base URL."""
    process = subprocess.Popen(
        [str(KCORP), "serve", "--port", "0", *arguments], stdout=subprocess.PIPE)
    try:
        line = first_line(process, timeout=20)
        assert line.startswith("Listening on http://"), line
        yield line.removeprefix("Listening on ")
    finally:
        process.terminate()
        assert process.wait(timeout=10) == 0


def first_line(process, timeout):
    """The first line the process prints, or what it printed when `timeout` seconds pass."""
    selector = selectors.DefaultSelector()
    selector.register(process.stdout, selectors.EVENT_READ)
    deadline = time.monotonic() + timeout
    line = b""
    while not line.endswith(b"\n") and time.monotonic() < deadline:
        if not selector.select(timeout=max(0, deadline - time.monotonic())):
            break
        byte = os.read(process.stdout.fileno(), 1)
        if not byte:
            break
        line += byte
    return line.decode().strip()


class Chromium(webdriver.Chrome):
    """A headless Chromium that `quit()` keeps for the next test of this worker that wants
    one of its kind: starting one costs about a second of a core. The next test gets it as a
    new one would be: one new tab (no page, no history, none of the last test's emulation),
    no cookie and nothing cached (the app keeps nothing else in the browser), the
    WebDriver timeouts at their defaults."""

    kind = None

    def quit(self):
        try:
            self.switch_to.new_window("tab")
            tab = self.current_window_handle
            for handle in self.window_handles:
                if handle != tab:
                    self.switch_to.window(handle)
                    self.close()
            self.switch_to.window(tab)
            self.execute_cdp_cmd("Network.clearBrowserCookies", {})
            self.execute_cdp_cmd("Network.clearBrowserCache", {})
            self.implicitly_wait(0)
            self.set_script_timeout(30)
            self.set_page_load_timeout(300)
        except WebDriverException:
            # Left in a state a new tab does not clear (a dialog open, the browser gone).
            super().quit()
            return
        KEPT.setdefault(self.kind, []).append(self)


# The Chromium processes kept by kind, each really quit when the worker ends.
KEPT = {}
atexit.register(lambda: [webdriver.Chrome.quit(driver) for kept in KEPT.values()
                         for driver in kept])


def chrome(javascript=True, desktop=False, language="en-US"):
    """Headless Chromium whose user reads `language` (its Accept-Language)."""
    kind = (javascript, desktop, language)
    if KEPT.get(kind):
        return KEPT[kind].pop()
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                     f"--lang={language}"):
        options.add_argument(argument)
    prefs = {"intl.accept_languages": language}
    if desktop:
        options.add_argument("--window-size=1440,900")
    elif javascript:
        # A phone's viewport (headless windows cannot be narrower than 500 px).
        options.add_experimental_option(
            "mobileEmulation", {"deviceMetrics": {"width": 390, "height": 844, "pixelRatio": 2}})
    else:
        # chromedriver's clicks hang under mobile emulation when scripts are off.
        options.add_argument("--window-size=500,900")
        prefs["profile.managed_default_content_settings.javascript"] = 2
    options.add_experimental_option("prefs", prefs)
    # The browser's own controls (a file input's button) follow its interface language.
    service = Service("/usr/bin/chromedriver", env={**os.environ, "LANGUAGE": language.replace("-", "_")})
    driver = Chromium(service=service, options=options)
    driver.kind = kind
    return driver


@pytest.fixture
def browser():
    driver = chrome()
    yield driver
    driver.quit()


@pytest.fixture
def desktop_browser():
    """A 1440 px desktop window."""
    driver = chrome(desktop=True)
    yield driver
    driver.quit()


@pytest.fixture
def french_browser():
    driver = chrome(language="fr-FR")
    yield driver
    driver.quit()


@pytest.fixture
def second_browser():
    driver = chrome()
    yield driver
    driver.quit()


@pytest.fixture
def browser_without_javascript():
    driver = chrome(javascript=False)
    yield driver
    driver.quit()


@pytest.fixture
def screenshots():
    """Where screenshots go: $KCORP_SCREENSHOTS (the README's docs/ folder) or a temp dir."""
    folder = os.environ.get("KCORP_SCREENSHOTS") or tempfile.mkdtemp(prefix="kcorp-shots-")
    os.makedirs(folder, exist_ok=True)
    return pathlib.Path(folder)
