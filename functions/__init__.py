"""The serverless backend: WebSocket route handlers, services, storage and the protocol."""
