"""atout's games as research environments (issue 19): fixed action spaces, tensors, PettingZoo, Gymnasium,
OpenSpiel, and a batch engine (:mod:`atout.envs.batch`)."""
