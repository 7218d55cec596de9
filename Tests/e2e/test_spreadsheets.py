"""The roster for French Excel, read by an independent reader: `/export.fr.csv` opens in
columns (Python's csv module guesses its `;` as a spreadsheet does), with French headers,
statuses and dates; a French reader's footer offers it first."""

import csv
import io
import os
import subprocess
import tempfile
import urllib.request

from selenium.webdriver.common.by import By

from conftest import KCORP, chrome, serving


def test_the_french_excel_export_opens_in_columns_and_is_offered_first_in_french():
    with tempfile.TemporaryDirectory() as folder:
        database = os.path.join(folder, "roster.sqlite")
        subprocess.run(
            [str(KCORP), "players", "add", "--name", "Tao", "--position", "milieu", "--lineup",
             "remplaçant", "--real-name", "Taoufik Belkacem", "--birth-date", "29/02/2008",
             "--contract-end", "31/08/2027", "--db", database],
            check=True, capture_output=True)
        with serving("--db", database) as url:
            with urllib.request.urlopen(url + "/export.fr.csv") as response:
                assert response.headers["Content-Type"] == "text/csv; charset=utf-8"
                assert ".fr.csv" in response.headers["Content-Disposition"]
                body = response.read()
            assert body.startswith(b"\xef\xbb\xbf")  # UTF-8 with its byte-order mark
            text = body.decode("utf-8-sig")
            dialect = csv.Sniffer().sniff(text.splitlines()[0])
            assert dialect.delimiter == ";"
            rows = list(csv.DictReader(io.StringIO(text), dialect=dialect))
            assert list(rows[0].keys())[:4] == ["Identifiant", "Pseudo", "Rôle", "Statut"]
            tao = next(row for row in rows if row["Pseudo"] == "Tao")
            assert tao["Rôle"] == "Mid" and tao["Statut"] == "remplaçant"
            assert tao["Date de naissance"] == "29/02/2008"
            assert tao["Fin de contrat"] == "31/08/2027"
            assert tao["Nom réel"] == "Taoufik Belkacem"
            assert len(rows) == 4 and all(len(row) == 13 for row in rows)

            # The first export offered: the French Excel one to a French reader.
            for language, first in (("fr-FR", "CSV pour Excel (français)"),
                                    ("en-US", "Export CSV")):
                browser = chrome(language=language)
                try:
                    browser.get(url + "/")
                    links = [link.text for link in
                             browser.find_elements(By.CSS_SELECTOR, "a[href^='/export']")]
                    assert links[0] == first, (language, links)
                finally:
                    browser.quit()
