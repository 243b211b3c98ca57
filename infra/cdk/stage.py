"""One app, several deployments: a stage names everything that must not collide between them
in one account (the stack, the dashboard, the metric namespace, the APIs), and says where
alarms go.

``-c stage=dev`` (letters, digits and hyphens, up to 16) deploys the stack ``Vanlexis-dev``
with the dashboard ``Vanlexis-dev`` and the metric namespace ``Vanlexis-dev``; the default
stage, ``prod``, keeps the plain names (``Vanlexis``). ``-c alarmEmail=ops@example.com``
subscribes that address to the stage's alarm topic (it must confirm the first mail).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from constructs import Node

_NAME = re.compile(r"^[a-z][a-z0-9-]{0,15}$")
_EMAIL = re.compile(r"^[^@\s]+@[^@\s]+\.[^@\s]+$")
DEFAULT = "prod"


class StageError(ValueError):
    pass


@dataclass(frozen=True)
class Stage:
    name: str = DEFAULT
    alarm_email: str | None = None

    @classmethod
    def from_context(cls, node: Node) -> Stage:
        name = str(node.try_get_context("stage") or DEFAULT)
        if not _NAME.match(name):
            raise StageError(f"stage {name!r}: lowercase letters, digits and hyphens, "
                             "starting with a letter, at most 16")
        email = node.try_get_context("alarmEmail")
        if email is not None and not _EMAIL.match(str(email)):
            raise StageError(f"alarmEmail {email!r} is not an e-mail address")
        return cls(name, str(email) if email else None)

    def named(self, base: str) -> str:
        """``base`` for the default stage, ``base-<stage>`` for the others."""
        return base if self.name == DEFAULT else f"{base}-{self.name}"

    @property
    def stack_name(self) -> str:
        return self.named("Vanlexis")

    @property
    def metric_namespace(self) -> str:
        return self.named("Vanlexis")
