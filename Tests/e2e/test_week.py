"""The team's week in real browsers: staff plan a scrim, a player marks himself away from
his phone, a second browser sees the verdict change live, the result is logged, and the
calendar feed parses in an independent parser (icalendar) and imports into a calendar
program (calcurse) at the right local time; a revoked address gets 404."""

import datetime
import os
import subprocess
import tempfile
import urllib.error
import urllib.request
import zoneinfo

import icalendar
import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.support.select import Select

from conftest import KCORP, chrome, serving
from test_accessibility import violations
from test_brief_story import wait
from test_organisation import sign_in

PARIS = zoneinfo.ZoneInfo("Europe/Paris")


@pytest.fixture
def week_server():
    """A team with a Jungle starter (Bo), a Mid starter and Yike, a substitute Jungle; an
    editor (coach), and Bo's and Yike's own accounts (bo, yike)."""
    with tempfile.TemporaryDirectory() as folder:
        database = os.path.join(folder, "roster.sqlite")

        def kcorp(*arguments, password=None):
            subprocess.run([str(KCORP), *arguments, "--db", database], check=True,
                           capture_output=True, input=password)

        kcorp("players", "add", "--name", "Bo", "--position", "Jungle")
        kcorp("players", "add", "--name", "Vladi", "--position", "Mid")
        kcorp("players", "add", "--name", "Yike", "--position", "Jungle", "--status", "substitute")
        kcorp("users", "add", "coach", "--role", "editor", "--password-stdin",
              password=b"coach password\n")
        kcorp("users", "add", "bo", "--role", "player", "--player", "Bo", "--password-stdin",
              password=b"bo password\n")
        kcorp("users", "add", "yike", "--role", "player", "--player", "Yike", "--password-stdin",
              password=b"yike password\n")
        with serving("--require-login", "--db", database) as url:
            yield url


def next_thursday():
    today = datetime.datetime.now(PARIS).date()
    return today + datetime.timedelta(days=(3 - today.weekday()) % 7 or 7)


def day_verdict(browser, day):
    return browser.find_element(
        By.CSS_SELECTOR, f"li[aria-labelledby='day-{day}'] .event .verdict").text


def test_a_scrim_a_player_away_a_live_verdict_a_result_and_the_calendar(
        week_server, desktop_browser, second_browser, tmp_path, screenshots):
    staff, watcher = desktop_browser, second_browser
    thursday = next_thursday()
    monday = thursday - datetime.timedelta(days=3)
    sign_in(staff, week_server, "coach", "coach password")
    # The staff reads the week from New York: times are said in their zone, Paris's beside.
    staff.execute_cdp_cmd("Emulation.setTimezoneOverride", {"timezoneId": "America/New_York"})
    staff.get(f"{week_server}/week?from={monday}")
    # The form waits folded near the top; Thursday's "+" opens it on Thursday, at 20:00.
    assert staff.find_element(By.ID, "plan").get_attribute("open") is None
    staff.find_element(By.CSS_SELECTOR, f"a.plan-day[href*='plan={thursday}']").click()
    wait(staff).until(lambda b: b.find_element(By.ID, "plan").get_attribute("open") is not None)
    assert staff.find_element(By.ID, "start").get_attribute("value") == f"{thursday}T20:00"
    Select(staff.find_element(By.ID, "eventType")).select_by_value("scrim")
    staff.find_element(By.ID, "opponent").send_keys("G2 Esports")
    Select(staff.find_element(By.ID, "format")).select_by_value("bo3")
    staff.find_element(By.XPATH, "//button[normalize-space()='Plan']").click()
    wait(staff).until(lambda b: "Planned" in b.find_element(By.CSS_SELECTOR, "main .status").text)
    event_page = staff.current_url.split("?")[0]
    # Five on paper, nobody has said yes yet: not a full five.
    assert staff.find_element(By.CSS_SELECTOR, "main .verdict").text == \
        "Five available, 0 of 5 confirmed"
    new_york = zoneinfo.ZoneInfo("America/New_York")
    start = datetime.datetime.combine(thursday, datetime.time(20), PARIS).astimezone(new_york)
    local = f"{start:%H:%M}–{start + datetime.timedelta(hours=2):%H:%M}"
    assert staff.find_element(By.CSS_SELECTOR, "time[data-zone]").text.endswith(local)
    assert staff.find_element(By.CSS_SELECTOR, ".when .zone").text == "· 20:00–22:00 (Paris time)"

    # A second browser watches the week.
    sign_in(watcher, week_server, "coach", "coach password")
    watcher.get(f"{week_server}/week?from={monday}")
    assert day_verdict(watcher, thursday) == "Five available, 0 of 5 confirmed"
    watcher.execute_script("window.unchanged = true")

    # Bo, on his phone, is away that Thursday.
    player = chrome()
    try:
        sign_in(player, week_server, "bo", "bo password")
        player.get(f"{week_server}/week")
        player.find_element(By.XPATH, "//a[normalize-space()='When you can play']").click()
        wait(player).until(lambda b: b.find_elements(By.ID, "away"))
        player.find_element(By.ID, "away").send_keys(str(thursday))
        player.find_element(By.CSS_SELECTOR, ".availability-form button[type=submit]").click()
        wait(player).until(lambda b: "Saved." in b.find_element(By.CSS_SELECTOR, "main .status").text)
        assert violations(player) == []
    finally:
        player.quit()

    # The watcher's week follows, without a reload.
    wait(watcher).until(lambda b: day_verdict(b, thursday) == "With subs: Yike for Jungle")
    assert watcher.execute_script("return window.unchanged") is True
    assert violations(watcher) == []

    # Yike, whom the verdict names, is invited, and says yes from his phone.
    player = chrome()
    try:
        sign_in(player, week_server, "yike", "yike password")
        player.get(event_page)
        player.find_element(By.NAME, "comment").send_keys("on time")
        player.find_element(By.CSS_SELECTOR, "button[aria-label='Yike: Yes']").click()
        wait(player).until(
            lambda b: b.find_elements(By.CSS_SELECTOR, "button[aria-label='Yike: Yes'][aria-pressed='true']"))
        assert "on time" in player.find_element(By.CSS_SELECTOR, ".invited .comment").text
        assert violations(player) == []
    finally:
        player.quit()

    # Two games, with champions: Yike, not Bo, is credited with the Jungle.
    staff.get(event_page)
    assert "With subs: Yike for Jungle" in staff.find_element(By.CSS_SELECTOR, "main .verdict").text
    staff.find_element(By.XPATH, "//summary[normalize-space()='Log the result']").click()
    Select(staff.find_element(By.NAME, "result1")).select_by_value("win")
    Select(staff.find_element(By.NAME, "side1")).select_by_value("blue")
    for position, champion in (("Top", "K'Sante"), ("Jungle", "Vi"), ("Mid", "Ahri"),
                               ("ADC", "Jinx"), ("Support", "Rell")):
        staff.find_element(By.NAME, f"champion1-{position}").send_keys(champion)
    Select(staff.find_element(By.NAME, "result2")).select_by_value("loss")
    Select(staff.find_element(By.NAME, "side2")).select_by_value("red")
    staff.find_element(By.XPATH, "//button[normalize-space()='Save the result']").click()
    wait(staff).until(lambda b: b.find_elements(By.CSS_SELECTOR, "ol.games li"))
    games = staff.find_elements(By.CSS_SELECTOR, "ol.games > li")
    assert [game.find_element(By.CLASS_NAME, "game-head").text for game in games] == [
        "Game 1: Win · Blue side", "Game 2: Loss · Red side"]
    # Each champion as a picture of at least 40 px, with its name and who played it.
    picks = games[0].find_elements(By.CSS_SELECTOR, "ul.picks > li")
    assert [(pick.find_element(By.CLASS_NAME, "pick-name").text,
             pick.find_element(By.CLASS_NAME, "played").text) for pick in picks] == [
        ("K'Sante", "Canna"), ("Vi", "Yike"), ("Ahri", "Vladi"), ("Jinx", "Caliste"),
        ("Rell", "Targamas")]
    assert all(pick.find_element(By.CLASS_NAME, "avatar").size["width"] >= 40 for pick in picks)
    assert not games[1].find_elements(By.CSS_SELECTOR, "ul.picks")
    staff.execute_script("arguments[0].scrollIntoView({block: 'center'})", games[0])
    staff.save_screenshot(str(screenshots / "event-desktop.png"))
    assert violations(staff) == []

    # The team's calendar feed.
    staff.get(f"{week_server}/week?from={monday}")
    staff.save_screenshot(str(screenshots / "week-desktop.png"))
    # No verdict drawn as a pill breaks over lines, in the seven narrow columns either.
    assert staff.execute_script("""
        return [...document.querySelectorAll('.verdict')].filter(pill => {
          const style = getComputedStyle(pill);
          const filled = style.backgroundColor !== 'rgba(0, 0, 0, 0)';
          return filled && pill.getBoundingClientRect().height > 1.8 * parseFloat(style.fontSize);
        }).length""") == 0
    staff.find_element(By.XPATH, "//button[normalize-space()='Make a calendar address']").click()
    wait(staff).until(lambda b: b.find_elements(By.CSS_SELECTOR, "a.feed-link"))
    link = staff.find_element(By.CSS_SELECTOR, "a.feed-link").get_attribute("href")
    assert link.startswith("webcal://")
    address = "http://" + link.removeprefix("webcal://")
    feed = urllib.request.urlopen(address).read()
    calendar = icalendar.Calendar.from_ical(feed)
    (event,) = calendar.walk("VEVENT")
    assert str(event["SUMMARY"]) == "Scrim vs G2 Esports"
    start = event["DTSTART"].dt
    assert start.astimezone(PARIS) == datetime.datetime(
        thursday.year, thursday.month, thursday.day, 20, 0, tzinfo=PARIS)
    assert event["UID"].endswith("@kcorp-team-manager") and "DTSTAMP" in event
    assert "Result: 1–1" in str(event["DESCRIPTION"])

    # Imported into calcurse, read in Paris: 20:00 on that Thursday.
    file = tmp_path / "team.ics"
    file.write_bytes(feed)
    data = tmp_path / "calcurse"
    data.mkdir()
    environment = {**os.environ, "TZ": "Europe/Paris", "HOME": str(tmp_path)}
    subprocess.run(["calcurse", "-D", str(data), "-i", str(file)], check=True,
                   capture_output=True, env=environment)
    agenda = subprocess.run(
        ["calcurse", "-D", str(data), "-Q", "--from", thursday.strftime("%m/%d/%Y"),
         "--days", "1"], check=True, capture_output=True, text=True, env=environment).stdout
    assert "20:00" in agenda and "Scrim vs G2 Esports" in agenda, agenda

    # Revoked: the address answers 404.
    staff.find_element(By.XPATH, "//form[contains(@action, '/calendar/revoke')]//button").click()
    wait(staff).until(lambda b: not b.find_elements(By.CSS_SELECTOR, "a.feed-link"))
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(address)
    assert refused.value.code == 404


def test_the_week_at_phone_size(week_server, browser, screenshots):
    sign_in(browser, week_server, "coach", "coach password")
    thursday = next_thursday()
    browser.get(f"{week_server}/week?from={thursday - datetime.timedelta(days=3)}&plan={thursday}")
    Select(browser.find_element(By.ID, "eventType")).select_by_value("training")
    browser.execute_script("arguments[0].value = arguments[1]",
                           browser.find_element(By.ID, "start"), f"{thursday}T18:00")
    browser.find_element(By.XPATH, "//button[normalize-space()='Plan']").click()
    wait(browser).until(lambda b: "Planned" in b.find_element(By.CSS_SELECTOR, "main .status").text)
    browser.get(f"{week_server}/week?from={thursday - datetime.timedelta(days=3)}")
    days = browser.find_elements(By.CSS_SELECTOR, ".week-days > li")
    assert len(days) == 7
    # One under the other: each day as wide as the page.
    widths = {day.size["width"] for day in days}
    assert len(widths) == 1 and widths.pop() > 300
    browser.save_screenshot(str(screenshots / "week-phone.png"))
    assert violations(browser) == []


def test_hours_are_painted_on_the_grid_at_phone_size(week_server, browser):
    sign_in(browser, week_server, "bo", "bo password")
    browser.get(f"{week_server}/week")
    browser.find_element(By.XPATH, "//a[normalize-space()='When you can play']").click()
    wait(browser).until(lambda b: b.find_elements(By.CSS_SELECTOR, ".hour-grid"))
    assert browser.execute_script("return document.documentElement.scrollWidth") <= 390
    # One stroke of the thumb across Monday to Wednesday at 18:00, then a tap on Thursday 20:00.
    cells = [browser.find_element(By.CSS_SELECTOR, f".hour-grid input[value='{day}-18']")
             for day in (1, 2, 3)]
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", cells[0])
    ActionChains(browser).move_to_element(cells[0]).click_and_hold() \
        .move_to_element(cells[1]).move_to_element(cells[2]).release().perform()
    assert [cell.is_selected() for cell in cells] == [True, True, True]
    tap = browser.find_element(By.CSS_SELECTOR, ".hour-grid input[value='4-20']")
    tap.click()
    assert tap.is_selected()
    browser.find_element(By.CSS_SELECTOR, ".hour-grid-form button[type=submit]").click()
    wait(browser).until(lambda b: "Saved." in b.find_element(By.CSS_SELECTOR, "main .status").text)
    assert browser.find_element(By.ID, "weekly").get_attribute("value") == \
        "Mon 18:00-19:00, Tue 18:00-19:00, Wed 18:00-19:00, Thu 20:00-21:00"
    assert violations(browser) == []


def test_a_series_is_planned_by_tapping_its_days_and_its_rest_cancelled_at_phone_size(
        week_server, browser, screenshots):
    sign_in(browser, week_server, "coach", "coach password")
    thursday = next_thursday()
    tuesday = thursday + datetime.timedelta(days=5)
    last = thursday + datetime.timedelta(days=21)
    browser.get(f"{week_server}/week?from={thursday - datetime.timedelta(days=3)}&plan={thursday}")
    Select(browser.find_element(By.ID, "eventType")).select_by_value("scrim")
    browser.find_element(By.ID, "opponent").send_keys("Vitality")
    # Tuesday and Thursday, two taps on the day toggles, which fit the phone's width.
    toggles = {value: browser.find_element(
        By.CSS_SELECTOR, f"input[name=repeats][value={value}]") for value in ("tue", "thu")}
    for toggle in toggles.values():
        browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", toggle)
        toggle.click()
    assert [box.get_attribute("value") for box in browser.find_elements(
        By.CSS_SELECTOR, "input[name=repeats]") if box.is_selected()] == ["tue", "thu"]
    assert browser.execute_script("return document.documentElement.scrollWidth") <= 390
    browser.execute_script("arguments[0].value = arguments[1]",
                           browser.find_element(By.ID, "until"), str(last))
    assert violations(browser) == []
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'})",
                           browser.find_element(By.CSS_SELECTOR, "fieldset.repeat"))
    browser.save_screenshot(str(screenshots / "series-phone.png"))
    browser.find_element(By.XPATH, "//button[normalize-space()='Plan']").click()
    wait(browser).until(lambda b: "Planned" in b.find_element(By.CSS_SELECTOR, "main .status").text)
    # Thursday, then every Tuesday and Thursday for three weeks: seven events.
    assert browser.find_element(By.CSS_SELECTOR, "main .series").text.startswith("Series: 1 of 7")
    browser.find_element(By.LINK_TEXT, "Next in the series").click()
    wait(browser).until(lambda b: "Series: 2 of 7" in b.find_element(By.CSS_SELECTOR, "main .series").text)
    start = datetime.datetime.combine(tuesday, datetime.time(20), PARIS).astimezone(datetime.UTC)
    assert browser.find_element(By.CSS_SELECTOR, "time[data-zone]").get_attribute("datetime") == \
        f"{start:%Y-%m-%dT%H:%M:%S}Z"
    assert violations(browser) == []
    browser.find_element(
        By.XPATH, "//button[normalize-space()='Cancel this event and the 5 following']").click()
    wait(browser).until(lambda b: "Cancelled" in b.find_element(By.CSS_SELECTOR, "main .status").text)
    browser.get(f"{week_server}/api/week?from={thursday}&to={last}")
    text = browser.find_element(By.TAG_NAME, "body").text
    assert text.count('"kind":"scrim"') == 1
