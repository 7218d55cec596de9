"""Everyday roster work in a real browser at phone size: edit, undo, order, the starting
five, and the screen defects found at 390 px."""

import json
import urllib.request

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.select import Select

from test_brief_story import champions_ready, roster_names, wait


def open_player(browser, name):
    browser.find_element(By.XPATH, f"//a[.//span[text()='{name}']]").click()
    wait(browser).until(EC.presence_of_element_located((By.CSS_SELECTOR, ".detail h1")))


def group_names(browser, lineup):
    return browser.execute_script(
        "return [...document.querySelectorAll(`.roster[data-lineup='${arguments[0]}'] .pseudo`)]"
        ".map(e => e.textContent)", lineup)


def add_player(browser, name, position="Mid"):
    browser.find_element(By.CSS_SELECTOR, "[aria-label='Add player']").click()
    wait(browser).until(lambda _: browser.find_element(By.ID, "add-dialog").is_displayed())
    browser.find_element(By.ID, "name").send_keys(name)
    Select(browser.find_element(By.ID, "position")).select_by_visible_text(position)
    browser.find_element(By.XPATH, "//dialog[@id='add-dialog']//button[normalize-space()='Add']").click()
    wait(browser).until(lambda b: name in roster_names(b))


def page_width(browser):
    return browser.execute_script(
        "return Math.max(document.documentElement.scrollWidth, document.body.scrollWidth)")


def test_edit_a_players_role_in_the_sheet(server, browser):
    browser.get(server + "/")
    open_player(browser, "Caliste")
    detail_url = browser.current_url
    browser.find_element(By.ID, "edit-player").click()
    dialog = browser.find_element(By.ID, "edit-dialog")
    wait(browser).until(lambda _: dialog.is_displayed())
    assert browser.current_url == detail_url  # a sheet, not a new page
    assert dialog.find_element(By.ID, "name").get_attribute("value") == "Caliste"
    Select(dialog.find_element(By.ID, "position")).select_by_visible_text("Support")
    dialog.find_element(By.XPATH, ".//button[normalize-space()='Save']").click()
    wait(browser).until(
        lambda b: b.find_element(By.CSS_SELECTOR, ".detail .role").text == "Support")
    assert browser.find_element(By.CSS_SELECTOR, ".detail h1").text == "Caliste"


def test_undo_a_removal(server, browser):
    browser.get(server + "/")
    open_player(browser, "Canna")
    browser.find_element(By.XPATH, "//button[normalize-space()='Delete player']").click()
    confirm = browser.find_element(By.ID, "delete-dialog")
    wait(browser).until(lambda _: confirm.is_displayed())
    confirm.find_element(By.XPATH, ".//button[normalize-space()='Delete']").click()
    wait(browser).until(lambda b: "removed=" in b.current_url)
    assert roster_names(browser) == ["Caliste", "Targamas"]
    undo = browser.find_element(By.ID, "undo")
    assert undo.is_displayed()
    undo.click()
    wait(browser).until(lambda b: len(roster_names(b)) == 3)
    assert roster_names(browser) == ["Canna", "Caliste", "Targamas"]
    assert "Canna is back" in browser.find_element(By.ID, "status").text


def test_recently_removed_lists_and_restores(server, browser):
    browser.get(server + "/")
    open_player(browser, "Targamas")
    browser.find_element(By.XPATH, "//button[normalize-space()='Delete player']").click()
    browser.find_element(By.XPATH, "//dialog[@id='delete-dialog']//button[normalize-space()='Delete']").click()
    wait(browser).until(lambda b: "removed=" in b.current_url)
    browser.find_element(By.LINK_TEXT, "Recently removed (1)").click()
    wait(browser).until(lambda b: b.current_url.endswith("/trash"))
    assert "Targamas" in browser.find_element(By.CSS_SELECTOR, ".trash .roster").text
    browser.find_element(By.CSS_SELECTOR, "[aria-label='Restore Targamas']").click()
    wait(browser).until(lambda b: len(roster_names(b)) == 3)
    assert roster_names(browser) == ["Canna", "Caliste", "Targamas"]


def add_through_the_api(server, name, position, lineup=None, champions=()):
    body = {"name": name, "position": position} | ({"lineup": lineup} if lineup else {})
    if champions:
        body["favoriteChampions"] = list(champions)
    request = urllib.request.Request(
        server + "/api/players", data=json.dumps(body).encode(), method="POST",
        headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=10) as answer:
        return json.load(answer)


def with_two_substitutes(server):
    """The brief's three and a Jungle and a Mid start; S1 (Top) and S2 (Mid) wait."""
    for name, position in [("Jungler", "Jungle"), ("Midlaner", "Mid"), ("S1", "Top"),
                           ("S2", "Mid")]:
        add_through_the_api(server, name, position)


def test_move_a_player_with_the_keyboard_buttons(server, browser):
    with_two_substitutes(server)
    browser.get(server + "/")
    # A mark that a reload would erase: the order changes in place.
    browser.execute_script("window.stillTheSamePage = true")
    button = browser.find_element(By.CSS_SELECTOR, "[aria-label='Move down S1']")
    browser.execute_script("arguments[0].focus()", button)
    button.send_keys(Keys.ENTER)
    wait(browser).until(lambda b: group_names(b, "substitute") == ["S2", "S1"])
    # The renewed page from the event stream: the order saved, focus on S1's other button
    # (the one pressed is disabled now), and no reload.
    wait(browser).until(lambda b: b.find_element(
        By.CSS_SELECTOR, "[aria-label='Move down S1']").get_attribute("disabled") is not None)
    assert browser.execute_script("return window.stillTheSamePage") is True
    assert browser.switch_to.active_element.get_attribute("aria-label") == "Move up S1"
    browser.switch_to.active_element.send_keys(Keys.ENTER)
    wait(browser).until(lambda b: group_names(b, "substitute") == ["S1", "S2"])
    # Saved once the renewed page came back: S1's "Move up" is disabled by the server's page.
    wait(browser).until(lambda b: b.find_element(
        By.CSS_SELECTOR, "[aria-label='Move up S1']").get_attribute("disabled") is not None)
    assert browser.execute_script("return window.stillTheSamePage") is True
    browser.refresh()
    assert group_names(browser, "substitute") == ["S1", "S2"]  # saved


DRAG = """
    const [from, to, top] = arguments;
    const data = new DataTransfer();
    const box = to.getBoundingClientRect();
    from.dispatchEvent(new DragEvent('dragstart', {bubbles: true, dataTransfer: data}));
    const over = new DragEvent('dragover', {bubbles: true, cancelable: true,
      dataTransfer: data, clientY: top ? box.top + 2 : box.bottom - 2});
    to.dispatchEvent(over);
    // As in a real drag within a list, the pointer is now over the dragged row itself: the
    // drop lands there, and only does if its dragover was accepted.
    const target = to.parentElement === from.parentElement ? from : to;
    const last = new DragEvent('dragover', {bubbles: true, cancelable: true, dataTransfer: data});
    target.dispatchEvent(last);
    if (last.defaultPrevented) {
      target.dispatchEvent(new DragEvent('drop', {bubbles: true, cancelable: true, dataTransfer: data}));
    }
    from.dispatchEvent(new DragEvent('dragend', {bubbles: true, dataTransfer: data}));
"""


def row(browser, name):
    return browser.find_element(By.XPATH, f"//li[@data-id][.//span[@class='pseudo'][text()='{name}']]")


def test_move_a_player_by_drag_and_drop(server, browser):
    with_two_substitutes(server)
    browser.get(server + "/")
    browser.execute_script("window.stillTheSamePage = true")
    etag = browser.find_element(By.TAG_NAME, "main").get_attribute("data-order-etag")
    browser.execute_script(DRAG, row(browser, "S2"), row(browser, "S1"), True)
    # Saved, and the page renewed in place by the event stream.
    wait(browser).until(lambda b: b.execute_script(
        "return document.querySelector('main').dataset.orderEtag !== arguments[0]", etag))
    assert group_names(browser, "substitute") == ["S2", "S1"]
    assert browser.execute_script("return window.stillTheSamePage") is True
    browser.refresh()
    assert group_names(browser, "substitute") == ["S2", "S1"]


def test_a_substitute_dropped_on_a_starter_swaps_them(server, browser):
    with_two_substitutes(server)
    browser.get(server + "/")
    browser.execute_script(DRAG, row(browser, "S2"), row(browser, "Midlaner"), True)
    wait(browser).until(lambda b: "S2" in group_names(b, "starter"))
    assert group_names(browser, "substitute") == ["S1", "Midlaner"]
    assert "complete" in browser.find_element(By.CSS_SELECTOR, ".lineup").text
    # Or from the substitute's page: "Swap with" the starter of the lane.
    open_player(browser, "S1")
    browser.find_element(By.XPATH, "//button[normalize-space()='Swap with Canna']").click()
    wait(browser).until(lambda b: b.find_element(By.ID, "player-status").text == "Starter")
    # And back the same way: Canna, on the bench now, is the one offered.
    assert browser.find_element(By.XPATH, "//button[normalize-space()='Swap with Canna']")


def test_make_a_substitute_a_starter(server, browser):
    browser.get(server + "/")
    for name, position in [("Jungler", "Jungle"), ("Midlaner", "Mid"), ("Sixth", "Top")]:
        add_player(browser, name, position)
    assert group_names(browser, "substitute") == ["Sixth"]
    assert "complete" in browser.find_element(By.CSS_SELECTOR, ".lineup").text
    open_player(browser, "Sixth")
    browser.find_element(By.ID, "lineup-toggle").click()
    wait(browser).until(lambda b: "Move to substitutes" in b.find_element(By.ID, "lineup-toggle").text)
    browser.find_element(By.CSS_SELECTOR, "[aria-label='Back']").click()
    wait(browser).until(lambda b: "Sixth" in group_names(b, "starter"))
    assert "two Top starters" in browser.find_element(By.CSS_SELECTOR, ".lineup").text


def test_long_pseudos_never_widen_the_phone_page(server, browser):
    browser.get(server + "/")
    viewport = browser.execute_script("return window.innerWidth")
    for name in ["KarmineCorpAcademyMidlan", "W" * 24]:
        add_player(browser, name)
        assert page_width(browser) <= viewport, name
    open_player(browser, "W" * 24)
    assert page_width(browser) <= viewport
    heading = browser.find_element(By.CSS_SELECTOR, ".detail h1")
    box = browser.execute_script("return arguments[0].getBoundingClientRect().toJSON()", heading)
    assert box["left"] >= 0 and box["right"] <= viewport
    browser.find_element(By.ID, "edit-player").click()
    save = browser.find_element(By.XPATH, "//dialog[@id='edit-dialog']//button[normalize-space()='Save']")
    wait(browser).until(lambda _: save.is_displayed())
    right = browser.execute_script("return arguments[0].getBoundingClientRect().right", save)
    assert right <= viewport
    assert page_width(browser) <= viewport


def test_back_returns_to_where_the_user_was(server, browser):
    browser.get(server + "/")
    # Enough players for a second page: added through the API, as a script would.
    browser.set_script_timeout(30)
    browser.execute_async_script(
        """
        const done = arguments[arguments.length - 1];
        (async () => {
          for (let i = 1; i <= 52; i++) {
            await fetch('/api/players', {method: 'POST', headers: {'Content-Type': 'application/json'},
              body: JSON.stringify({name: 'Bench ' + i, position: 'Mid'})});
          }
          done();
        })();
        """)
    browser.get(server + "/?page=2")
    open_player(browser, "Bench 52")
    browser.find_element(By.CSS_SELECTOR, "[aria-label='Back']").click()
    wait(browser).until(lambda b: "page=2" in b.current_url)
    assert "Bench 52" in roster_names(browser)
    browser.get(server + "/")
    browser.find_element(By.CSS_SELECTOR, "[aria-label='Add player']").click()
    browser.find_element(By.ID, "name").send_keys("Latecomer")
    browser.find_element(By.XPATH, "//dialog[@id='add-dialog']//button[normalize-space()='Add']").click()
    wait(browser).until(lambda b: "added=" in b.current_url)
    assert "page=2" in browser.current_url  # the page that holds the new player
    assert "Latecomer" in roster_names(browser)
    assert browser.find_element(By.CSS_SELECTOR, ".just-added .pseudo").text == "Latecomer"


def test_a_refused_add_keeps_the_sheet_and_focuses_the_error(server, browser):
    browser.get(server + "/")
    browser.find_element(By.CSS_SELECTOR, "[aria-label='Add player']").click()
    name = browser.find_element(By.ID, "name")
    assert name.get_attribute("maxlength") == "24"
    name.send_keys("canna")
    browser.find_element(By.XPATH, "//dialog[@id='add-dialog']//button[normalize-space()='Add']").click()
    wait(browser).until(EC.presence_of_element_located((By.ID, "name-error")))
    dialog = browser.find_element(By.ID, "add-dialog")
    assert dialog.is_displayed()
    assert browser.execute_script("return arguments[0].matches(':modal')", dialog)
    assert dialog.find_element(By.ID, "form-title").text == "New player"
    assert browser.switch_to.active_element == browser.find_element(By.ID, "name")
    # Cancel clears the form: opening it again shows it empty.
    dialog.find_element(By.XPATH, ".//a[normalize-space()='Cancel']").click()
    wait(browser).until(lambda b: not b.find_element(By.ID, "add-dialog").is_displayed())
    browser.find_element(By.CSS_SELECTOR, "[aria-label='Add player']").click()
    assert browser.find_element(By.ID, "name").get_attribute("value") == ""


def visible_champions(browser):
    return browser.execute_script(
        "return [...document.querySelectorAll('#add-dialog label.champion')]"
        ".filter(l => !l.hidden).map(l => l.querySelector('input').value)")


def test_the_champion_search_narrows_the_row_however_names_are_typed(server, browser):
    browser.get(server + "/")
    browser.find_element(By.CSS_SELECTOR, "[aria-label='Add player']").click()
    dialog = browser.find_element(By.ID, "add-dialog")
    wait(browser).until(lambda _: dialog.is_displayed())
    champions_ready(browser)
    assert len(visible_champions(browser)) == 173  # every champion of the game
    search = dialog.find_element(By.CSS_SELECTOR, ".champion-search")

    search.send_keys("ksan")
    wait(browser).until(lambda b: visible_champions(b)[:1] == ["ksante"])
    search.clear()
    search.send_keys("fiddlestiks")  # one typo
    wait(browser).until(lambda b: visible_champions(b) == ["fiddlesticks"])
    dialog.find_element(By.XPATH, ".//label[@class='champion'][input[@value='fiddlesticks']]").click()

    # What players type finds the champion; a search that finds nobody says so.
    search.clear()
    search.send_keys("j4")
    wait(browser).until(lambda b: visible_champions(b) == ["fiddlesticks", "jarvaniv"])
    search.clear()
    search.send_keys("zzzz")
    no_match = dialog.find_element(By.CSS_SELECTOR, ".no-match")
    wait(browser).until(lambda _: no_match.text == "No champion matches “zzzz”.")
    assert no_match.get_attribute("role") == "status"

    # A selected champion stays first whatever is searched next.
    search.clear()
    search.send_keys("wukong" + Keys.ENTER)  # Enter searches, never sends the form
    wait(browser).until(lambda b: visible_champions(b) == ["fiddlesticks", "monkeyking"])
    assert dialog.is_displayed()
    dialog.find_element(By.XPATH, ".//label[@class='champion'][input[@value='monkeyking']]").click()

    # The class filter, one tap away.
    search.clear()
    Select(dialog.find_element(By.CSS_SELECTOR, ".champion-class")).select_by_visible_text("Support")
    wait(browser).until(lambda b: "braum" in visible_champions(b) and "jax" not in visible_champions(b))

    browser.find_element(By.ID, "name").send_keys("Searcher")
    Select(browser.find_element(By.ID, "position")).select_by_visible_text("Top")
    dialog.find_element(By.XPATH, ".//button[normalize-space()='Add']").click()
    wait(browser).until(lambda b: "Searcher" in roster_names(b))
    open_player(browser, "Searcher")
    champions = [e.text for e in browser.find_elements(By.CSS_SELECTOR, ".champions li span")]
    assert champions == ["Fiddlesticks", "Wukong"]


def test_the_roster_goes_to_a_spreadsheet_and_back(server, browser, tmp_path):
    browser.get(server + "/")
    # The export the "Export CSV" link downloads, as the browser fetches it.
    exported = browser.execute_async_script(
        "const done = arguments[0];"
        "fetch(document.querySelector(\"a[href='/export.csv']\").href).then(r => r.text()).then(done)")
    assert exported.startswith("id,name,position,lineup,image,favoriteChampions")  # BOM decoded
    # Edited as a spreadsheet would: one player renamed, one added with champions as typed.
    edited = exported.replace(",Caliste,", ",Calistë,") + ",Saken,Mid,substitute,,\"k'sante; fiddlestiks\"\r\n"
    file = tmp_path / "roster.csv"
    file.write_text(edited, encoding="utf-8")

    browser.find_element(By.LINK_TEXT, "Import").click()
    browser.find_element(By.ID, "import-file").send_keys(str(file))
    browser.find_element(By.XPATH, "//button[normalize-space()='Preview']").click()
    wait(browser).until(EC.presence_of_element_located((By.CSS_SELECTOR, ".import-preview")))
    preview = browser.find_element(By.CSS_SELECTOR, ".import-preview").text
    assert "Added (1)" in preview and "Changed (1)" in preview and "Removed" not in preview
    assert "Pseudo: Caliste → Calistë" in preview
    browser.find_element(By.ID, "confirm-import").click()
    wait(browser).until(lambda b: "Saken" in roster_names(b))
    assert roster_names(browser) == ["Canna", "Calistë", "Targamas", "Saken"]
    assert ("Imported into KCorp: 1 added, 1 changed, 0 removed."
            in browser.find_element(By.ID, "status").text)


def add_with_a_photo(browser, server, name, position, photo):
    """Adds a player with `photo` through the sheet; returns where their picture ends up,
    once their page shows it as the server's re-encoded 512 px square."""
    browser.get(server + "/")
    browser.find_element(By.CSS_SELECTOR, "[aria-label='Add player']").click()
    dialog = browser.find_element(By.ID, "add-dialog")
    wait(browser).until(lambda _: dialog.is_displayed())
    browser.find_element(By.ID, "name").send_keys(name)
    Select(browser.find_element(By.ID, "position")).select_by_visible_text(position)
    dialog.find_element(By.ID, "photo").send_keys(str(photo))
    dialog.find_element(By.XPATH, ".//button[normalize-space()='Add']").click()
    wait(browser).until(lambda b: name in roster_names(b))
    open_player(browser, name)
    picture = browser.find_element(By.CSS_SELECTOR, ".detail-identity > img.avatar")
    wait(browser).until(lambda b: b.execute_script(
        "return arguments[0].complete && arguments[0].naturalWidth", picture) == 512)
    return browser.execute_async_script(
        "const done = arguments[1]; fetch(arguments[0].src).then(r => done(r.url))", picture)


def test_a_photo_from_the_phone_becomes_the_players_picture(server, browser, tmp_path):
    from PIL import Image
    photo = tmp_path / "IMG_0042.jpg"
    Image.new("RGB", (1600, 1200), (30, 144, 255)).save(photo, "JPEG")
    final = add_with_a_photo(browser, server, "Pictured", "Support", photo)
    # The picture is the re-encoded square, served under its content hash.
    assert "/photos/" in final and final.endswith(".jpg")


def in_view(browser, element):
    return browser.execute_script(
        "const box = arguments[0].getBoundingClientRect();"
        "return box.height > 0 && box.top >= 0 && box.bottom <= innerHeight", element)


def test_a_confirmation_is_seen_on_a_long_roster_and_after_an_edit(server, browser):
    for index in range(12):
        add_through_the_api(server, f"Player{index}", "Mid")
    browser.get(server + "/")
    add_player(browser, "Newcomer")
    status = browser.find_element(By.ID, "status")
    wait(browser).until(lambda _: status.text == "Newcomer was added.")
    # The page scrolled to the new player's row; the message is in view all the same, and
    # the row is not under the sticky header.
    assert browser.execute_script("return scrollY") > 0
    assert in_view(browser, status)
    row_top = browser.execute_script(
        "return document.querySelector('.just-added').getBoundingClientRect().top")
    header_bottom = browser.execute_script(
        "return document.querySelector('.topbar').getBoundingClientRect().bottom")
    assert row_top >= header_bottom
    # After an edit, the player's page says it was saved.
    open_player(browser, "Newcomer")
    browser.find_element(By.ID, "edit-player").click()
    dialog = browser.find_element(By.ID, "edit-dialog")
    wait(browser).until(lambda _: dialog.is_displayed())
    Select(dialog.find_element(By.ID, "position")).select_by_visible_text("Top")
    dialog.find_element(By.XPATH, ".//button[normalize-space()='Save']").click()
    wait(browser).until(lambda b: b.find_element(By.ID, "status").text == "Saved.")
    assert in_view(browser, browser.find_element(By.ID, "status"))


def test_a_desktop_uses_its_width(server, desktop_browser, screenshots):
    browser = desktop_browser
    for name, position, champions in [
            ("Closer", "Jungle", ["leesin", "viego", "maokai"]),
            ("Vladi", "Mid", ["viktor", "ahri", "taliyah"]),
            ("Yike", "Jungle", ["sejuani", "vi"]), ("Saken", "Mid", ["aurora", "sylas"])]:
        add_through_the_api(server, name, position, champions=champions)
    browser.get(server + "/")
    browser.save_screenshot(str(screenshots / "roster-desktop.png"))
    cards = browser.find_elements(By.CSS_SELECTOR, ".five > li")
    tops = {round(card.rect["y"]) for card in cards}
    assert len(cards) == 5 and len(tops) == 1  # the starting five side by side
    # Each lane card's champions are pictures of 40 px, not badges.
    icons = browser.find_elements(By.CSS_SELECTOR, ".five .champions .avatar")
    assert icons and all(icon.size["width"] >= 40 for icon in icons)
    assert browser.find_element(By.TAG_NAME, "main").rect["width"] > 1000
    # The add sheet's champions are a grid of rows, not a strip to scroll sideways.
    browser.find_element(By.CSS_SELECTOR, "[aria-label='Add player']").click()
    champions_ready(browser)
    grid = browser.execute_script("""
        const row = document.querySelector('#add-dialog .champion-row');
        const tops = new Set([...row.querySelectorAll('label.champion')].map((l) => l.offsetTop));
        return [getComputedStyle(row).display, tops.size, row.scrollWidth <= row.clientWidth,
                row.querySelectorAll('label.champion')[0].getBoundingClientRect().width];""")
    assert grid[0] == "grid" and grid[1] > 10 and grid[2] and grid[3] > 60
    browser.save_screenshot(str(screenshots / "add-desktop.png"))
    browser.find_element(By.CSS_SELECTOR, "#add-dialog [data-close]").click()
    open_player(browser, "Caliste")
    identity = browser.find_element(By.CSS_SELECTOR, ".detail-identity").rect
    more = browser.find_element(By.CSS_SELECTOR, ".detail-more").rect
    assert more["x"] >= identity["x"] + identity["width"]  # two columns
    # Delete (which only asks first) is an outline, not the page's loudest button.
    delete = browser.find_element(By.XPATH, "//button[normalize-space()='Delete player']")
    assert delete.value_of_css_property("background-color") in ("rgba(0, 0, 0, 0)", "transparent")
    assert delete.rect["width"] < 300
    browser.save_screenshot(str(screenshots / "player-desktop.png"))


def test_a_camera_photo_over_the_servers_limit_is_shrunk_in_the_browser(server, browser, tmp_path):
    from PIL import Image
    # A phone camera's photo: 6000 × 4500 of fine detail, saved at full quality, larger
    # than the 27 MB one the manager's phone took (the server takes 8 MiB).
    photo = tmp_path / "IMG_0043.jpg"
    Image.effect_noise((6000, 4500), 96).convert("RGB").save(photo, "JPEG", quality=100)
    assert photo.stat().st_size > 27_000_000
    assert "/photos/" in add_with_a_photo(browser, server, "Camera", "Top", photo)


def test_without_javascript_a_photo_over_the_limit_returns_the_form_with_everything_typed(
        server, browser_without_javascript, tmp_path):
    browser = browser_without_javascript
    photo = tmp_path / "IMG_0044.jpg"
    photo.write_bytes(b"\xff\xd8\xff\xe0" + bytes(range(256)) * (27 * 4096))  # 27 MB
    browser.get(server + "/players/new")
    browser.find_element(By.ID, "name").send_keys("Heavy")
    Select(browser.find_element(By.ID, "position")).select_by_visible_text("Support")
    browser.find_element(By.XPATH, "//label[input[@value='braum']]").click()
    browser.find_element(By.ID, "photo").send_keys(str(photo))
    browser.find_element(By.XPATH, "//button[normalize-space()='Add']").click()
    wait(browser).until(EC.presence_of_element_located((By.ID, "photo-error")))
    assert "Send a photo of at most 8 MiB (this one has 27.0 MiB)" in browser.find_element(
        By.ID, "photo-error").text
    assert browser.find_element(By.ID, "name").get_attribute("value") == "Heavy"
    assert Select(browser.find_element(By.ID, "position")).first_selected_option.text == "Support"
    assert browser.find_element(By.CSS_SELECTOR, "input[value=braum]").is_selected()
    # The message is by the photo, and focus is on it.
    assert browser.switch_to.active_element.get_attribute("id") == "photo"
    roster = json.load(urllib.request.urlopen(server + "/api/players"))
    assert "Heavy" not in [player["name"] for player in roster]


def test_the_photo_control_shows_the_photo_and_removes_it(server, browser, tmp_path):
    from PIL import Image
    photo = tmp_path / "IMG_0045.jpg"
    Image.new("RGB", (800, 800), (200, 30, 60)).save(photo, "JPEG")
    assert "/photos/" in add_with_a_photo(browser, server, "Framed", "Mid", photo)
    browser.find_element(By.ID, "edit-player").click()
    dialog = browser.find_element(By.ID, "edit-dialog")
    wait(browser).until(lambda _: dialog.is_displayed())
    preview = dialog.find_element(By.ID, "image-preview")
    assert "/photos/" in preview.get_attribute("src")
    # Removing shows the picture the file name names, before anything is saved.
    dialog.find_element(By.XPATH, ".//label[normalize-space()='Remove photo']").click()
    wait(browser).until(lambda _: "/images/player_default" in preview.get_attribute("src"))
    dialog.find_element(By.XPATH, ".//button[normalize-space()='Save']").click()
    wait(browser).until(lambda b: "Saved." in b.find_element(By.ID, "status").text)
    # Their drawing again, in the page.
    assert browser.find_elements(By.CSS_SELECTOR, ".detail-identity > svg.avatar")
