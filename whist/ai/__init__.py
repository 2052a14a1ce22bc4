"""The computer players and the solvers: each player decides from an observation only.

Rule-based play (:mod:`~whist.ai.leads`, :mod:`~whist.ai.follow`), the Contract Whist
bidder, Monte Carlo play over sampled deals, the double-dummy solvers and the hand review;
and :mod:`~whist.ai.play`, the one loop that plays a game with a player in each seat.
"""
