"""The WebSocket protocol: every client message and server frame as a pydantic model."""
