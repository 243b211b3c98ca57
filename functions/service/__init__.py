"""Service layer: the game's use cases, between the handlers and the engine/storage."""
