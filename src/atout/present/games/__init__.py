"""One module per game with its phrases in French and English (see :mod:`atout.present` for the shape).

The module's name is the game's registry name: ``tarot.py`` for ``"tarot"``, ``triomphe.py`` for
``"triomphe"``; :func:`atout.present.phrases` imports it on first use.
"""
