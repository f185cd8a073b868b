"""French Tarot (seed 001): placeholder until the game lands."""
