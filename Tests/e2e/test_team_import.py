"""An import into one team, in a real browser: KC Blue's editor brings in the file French
Excel saves on Windows (`;`, Windows-1252, French headers, `Soutien`, `31/08/2027`). The
preview lists only what really changes; KCorp is never touched; the Riot IDs and image names
the file has no column for stay; one Undo puts the team back as it was; a replacing import
sends whoever it drops to Recently removed."""

import json
import os
import subprocess
import tempfile

from selenium.webdriver.common.by import By

from conftest import KCORP, chrome, serving
from test_accessibility import violations
from test_brief_story import roster_names, wait
from test_organisation import sign_in

SPREADSHEET = (
    "Pseudo;Rôle;Statut;Champions;Fin de contrat\r\n"
    "Kamiloo;Jungle;Titulaire;Vi, Lee Sin;31/08/2027\r\n"
    "Tao;Milieu;Remplaçant;Ahri;\r\n"
    "Nayo;Soutien;Titulaire;Rell;31/08/2027\r\n"
)


def kcorp(database, *arguments, stdin=None):
    return subprocess.run([str(KCORP), *arguments, "--db", database], input=stdin,
                          check=True, capture_output=True, text=True).stdout


def players(database, team):
    return {p["name"]: p for p in json.loads(kcorp(database, "players", "--team", team, "--json"))}


def test_kc_blues_editor_imports_a_french_excel_file_into_kc_blue_and_undoes_it():
    with tempfile.TemporaryDirectory() as folder:
        database = os.path.join(folder, "roster.sqlite")
        kcorp(database, "teams", "add", "KC Blue", "--tag", "KCB", "--parent", "KC")
        kcorp(database, "players", "add", "--name", "Kamiloo", "--position", "Jungle", "--team",
              "KCB", "--image", "kamiloo", "--riot-id", "Kamiloo#EUW", "--champion", "vi",
              "--champion", "leesin")
        kcorp(database, "players", "add", "--name", "Tao", "--position", "Mid", "--team", "KCB",
              "--status", "substitute", "--riot-id", "Tao#KCB", "--champion", "ahri")
        kcorp(database, "users", "add", "bluecoach", "--role", "editor", "--team", "KCB",
              "--password-stdin", stdin="bluecoach password\n")
        kcorp_before = players(database, "KC")
        blue_before = players(database, "KCB")
        spreadsheet = os.path.join(folder, "effectif.csv")
        with open(spreadsheet, "wb") as file:
            file.write(SPREADSHEET.encode("cp1252"))

        with serving("--require-login", "--db", database) as url:
            browser = chrome(language="fr-FR")
            try:
                sign_in(browser, url, "bluecoach", "bluecoach password")
                browser.get(url + "/teams/KCB")
                browser.find_element(By.CSS_SELECTOR, "a[href='/teams/KCB/import']").click()
                assert violations(browser) == []
                browser.find_element(By.ID, "import-file").send_keys(spreadsheet)
                browser.find_element(By.CSS_SELECTOR, ".import-form button[type=submit]").click()
                preview = wait(browser).until(
                    lambda b: b.find_elements(By.CSS_SELECTOR, ".import-preview")).pop().text
                assert violations(browser) == []
                # Only what changes: Kamiloo's contract, Nayo's arrival; Tao is as he was.
                assert "Ajoutés (1)" in preview and "Nayo, Support" in preview
                assert "Modifiés (1)" in preview and "Kamiloo" in preview
                assert "Fin de contrat : — → 2027-08-31" in preview.replace("\u202f", " ")
                assert "Tao" not in preview.split("Modifiés")[1]
                assert "1 joueur du fichier reste tel quel." in preview
                assert "\ufffd" not in preview
                browser.find_element(By.ID, "confirm-import").click()
                wait(browser).until(lambda b: "Nayo" in roster_names(b))
                status = browser.find_element(By.ID, "status").text.replace("\u202f", " ")
                assert "Importé dans KC Blue : 1 ajouté(s), 1 modifié(s), 0 supprimé(s)." in status

                after = players(database, "KCB")
                assert players(database, "KC") == kcorp_before
                assert after["Kamiloo"]["riotID"] == "Kamiloo#EUW"
                assert after["Kamiloo"]["image"] == "kamiloo"
                assert after["Kamiloo"]["contractEnd"] == "2027-08-31"
                assert after["Tao"]["riotID"] == "Tao#KCB"
                assert after["Nayo"]["position"] == "Support"

                # One Undo: the team as it was.
                browser.find_element(By.ID, "undo").click()
                wait(browser).until(lambda b: "undone=" in b.current_url)
                assert "Nayo" not in roster_names(browser)
                assert "L’import a été annulé" in browser.find_element(By.ID, "status").text
                assert players(database, "KCB") == blue_before
                assert players(database, "KC") == kcorp_before

                # A replacing import: whoever the file leaves out goes to Recently removed.
                browser.get(url + "/teams/KCB/import")
                browser.find_element(By.ID, "import-content").send_keys(
                    "Pseudo;Rôle\nKamiloo;Jungle\n")
                browser.find_element(By.ID, "mode-replace").click()
                browser.find_element(By.CSS_SELECTOR, ".import-form button[type=submit]").click()
                preview = wait(browser).until(
                    lambda b: b.find_elements(By.CSS_SELECTOR, ".import-preview")).pop().text
                assert "Supprimés, vers Supprimés récemment (1)" in preview and "Tao" in preview
                browser.find_element(By.ID, "confirm-import").click()
                wait(browser).until(lambda b: "imported=" in b.current_url)
                assert roster_names(browser) == ["Kamiloo"]
                browser.get(url + "/trash")
                assert "Tao" in browser.find_element(By.TAG_NAME, "main").text
                assert players(database, "KC") == kcorp_before
            finally:
                browser.quit()


def test_a_team_import_and_its_undo_work_without_javascript(server, browser_without_javascript):
    browser = browser_without_javascript
    browser.get(server + "/")
    browser.find_element(By.LINK_TEXT, "Import").click()
    assert browser.current_url.endswith("/teams/KC/import")
    browser.find_element(By.ID, "import-content").send_keys("name,position\nCanna,Mid\nSaken,Mid\n")
    browser.find_element(By.CSS_SELECTOR, ".import-form button[type=submit]").click()
    preview = wait(browser).until(
        lambda b: b.find_elements(By.CSS_SELECTOR, ".import-preview")).pop().text
    assert "Role: Top → Mid" in preview and "Added (1)" in preview
    browser.find_element(By.ID, "confirm-import").click()
    wait(browser).until(lambda b: "imported=" in b.current_url)
    names = [e.text for e in browser.find_elements(By.CSS_SELECTOR, ".roster .pseudo")]
    assert "Saken" in names
    assert "Imported into KCorp: 1 added, 1 changed" in browser.find_element(By.ID, "status").text
    browser.find_element(By.ID, "undo").click()
    wait(browser).until(lambda b: "undone=" in b.current_url)
    names = [e.text for e in browser.find_elements(By.CSS_SELECTOR, ".roster .pseudo")]
    assert "Saken" not in names and "Canna" in names
    assert "The import was undone" in browser.find_element(By.ID, "status").text
