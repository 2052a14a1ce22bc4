"""The session the page plays: one game at a table, you in the South seat, computers elsewhere.

:class:`Table` owns the game state and the computer players and takes the page's
commands; the page reads what it shows from the table's view.
"""

from whist.table import catalog
from whist.table.session import Choice, Hint, PlayResult, SavedGameError, Table, game_choices
from whist.table.view import TableView, sort_hand, suit_order
from whist.table.words import revoke_words

__all__ = ["Choice", "Hint", "PlayResult", "SavedGameError", "Table", "TableView", "catalog", "game_choices",
           "revoke_words", "sort_hand", "suit_order"]
