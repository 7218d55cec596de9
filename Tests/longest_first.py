"""A pytest plugin for the browser and reliability suites run together on several workers
(`make test`): the test that runs for minutes starts first, so that the other workers run
the rest meanwhile, instead of it running alone at the end."""

# Schemathesis' run of the API's contract: two minutes of one core.
LONGEST = ("test_contract.py",)


def pytest_collection_modifyitems(items):
    items.sort(key=lambda item: item.path.name not in LONGEST)
