"""AWS clients, made from one botocore session per container.

botocore alone, not boto3: boto3's import (with s3transfer, which it pulls in for S3) cost
every cold start about 100 ms, and the functions only need plain clients. The endpoint, the
region and the credentials come from the environment as usual (``AWS_ENDPOINT_URL`` points
the local stack's functions at its moto server)."""

from __future__ import annotations

import functools
from typing import Any


@functools.cache
def _session() -> Any:
    import botocore.session

    return botocore.session.get_session()


def client(service: str, **kwargs: Any) -> Any:
    return _session().create_client(service, **kwargs)


class Lazy:
    """A client made on its first call: a cold start pays only for the clients its function
    really uses (each costs tens of milliseconds to make; the game's message functions never
    start a timer, ``$connect`` seldom asks the management API anything)."""

    def __init__(self, service: str, **kwargs: Any) -> None:
        self._service, self._kwargs = service, kwargs
        self._client: Any = None

    def __getattr__(self, name: str) -> Any:
        if self._client is None:
            self._client = client(self._service, **self._kwargs)
        return getattr(self._client, name)
