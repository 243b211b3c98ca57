"""The local stack: moto in server mode, a local API Gateway (WebSocket and HTTP), the timer
runner and the static site, all on 127.0.0.1, running the very same handlers."""
