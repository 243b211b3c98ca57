"""Lambda entry points, one module per WebSocket route family or trigger."""
