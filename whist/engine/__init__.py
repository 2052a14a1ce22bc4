"""The rules engine: cards, seats, deals, tricks, the auction, each game's rules and the game state.

Pure Python with the standard library; nothing here knows about players, the page or the
command line. :class:`whist.engine.state.GameState` is the one state machine of every game.
"""
