"""The command-line tools: game records (``python -m whist``), the bot protocol
(``python -m whist.bot``), the double-dummy solver (``python -m whist.solve``) and the
arena (``python -m whist.arena``). The page never imports them.
"""
