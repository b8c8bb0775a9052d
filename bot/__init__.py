"""Discord glue and the game service."""
