"""A roster walk through the Python client openapi-python-client generated from
`/api/openapi.json` with its default settings. Run by test_generated_client.py as
`python client_walk.py URL`, with the generated package on the path."""

import sys

from k_corp_team_manager_api_client import Client
from k_corp_team_manager_api_client.api.default import (
    add_player, delete_player, edit_player, get_history, get_lineup, get_player,
    list_champions, list_players, list_removed_players, restore_player)
from k_corp_team_manager_api_client.models import (
    Player, PlayerEdit, PlayerInput, PlayerInputFavoriteChampionsType0Item, Position)

client = Client(base_url=sys.argv[1], raise_on_unexpected_status=True)

players = list_players.sync(client=client)
assert [player.name for player in players] == ["Canna", "Caliste", "Targamas"], players

added = add_player.sync(client=client, body=PlayerInput(
    name="Saken", position=Position.MID,
    favorite_champions=[PlayerInputFavoriteChampionsType0Item("viktor")]))
assert isinstance(added, Player) and added.name == "Saken", added
alias = add_player.sync(client=client, body=PlayerInput(name="Yike", position="jgl"))
assert isinstance(alias, Player) and alias.position == Position.JUNGLE, alias

fetched = get_player.sync(added.id, client=client)
assert fetched.name == "Saken" and fetched.position == Position.MID, fetched

edited = edit_player.sync(added.id, client=client, body=PlayerEdit(position=Position.TOP))
assert isinstance(edited, Player) and edited.position == Position.TOP, edited

history = get_history.sync(client=client, limit=10)
assert [str(change.kind) for change in history][:3] == ["edited", "added", "added"], history
assert history[0].player == "Saken"

lineup = get_lineup.sync(client=client)
assert lineup.complete is False, lineup  # two Top, no Mid
assert [str(role) for role in lineup.missing] == ["Mid"], lineup

found = list_champions.sync(client=client, q="ksan")
assert found[0].id == "ksante", found

assert delete_player.sync_detailed(added.id, client=client).status_code == 204
removed = list_removed_players.sync(client=client)
assert [removal.player.name for removal in removed] == ["Saken"], removed
restored = restore_player.sync(added.id, client=client)
assert isinstance(restored, Player) and restored.name == "Saken", restored
assert "Saken" in [player.name for player in list_players.sync(client=client)]
print("walked")
