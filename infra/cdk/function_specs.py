"""The functions the stack deploys: each one's handler, memory, timeout and purpose. Plain data,
so the tests and the benchmarks read it without loading the CDK."""

from __future__ import annotations

#: name → (handler, memory MB, timeout s, what it is). Lambda's CPU share grows with memory
#: (one core at 1,769 MB): the two functions on every player's way in get 1 GB so their cold
#: start is not several times slower than the game's; they run a few ms warm, so the larger
#: size costs about what the smaller one did.
SPECS: dict[str, tuple[str, int, int, str]] = {
    "Authorizer": ("functions.handlers.authorizer.handler", 1024, 5, "$connect ticket check"),
    "Connect": ("functions.handlers.connection.connect", 512, 10, "$connect"),
    "Disconnect": ("functions.handlers.connection.disconnect", 512, 10, "$disconnect"),
    "Game": ("functions.handlers.websocket.game", 1024, 29, "match actions"),
    "Lobby": ("functions.handlers.websocket.lobby", 1024, 29, "lobby actions"),
    "DefaultRoute": ("functions.handlers.websocket.default", 512, 10, "$default"),
    "Timer": ("functions.handlers.timer.handler", 1024, 60,
              "turn timeouts, queue fill, the overdue-turn sweep"),
    "Outbox": ("functions.handlers.outbox.handler", 1024, 60,
               "after a match write: timers and the other seats' frames (table stream)"),
    "Identity": ("functions.handlers.identity_api.handler", 1024, 5,
                 "POST /guest, /ticket; GET /match/{id}"),
}
