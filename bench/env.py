"""The environment a bench's handlers run in, set when imported — before the handlers are:
Powertools reads its metric namespace and log level when ``functions.handlers.observability``
makes its Metrics and Logger, and boto3 its region and credentials when a client is made.
Nothing reaches AWS: the benches run on moto."""

from __future__ import annotations

import os

os.environ.update({"AWS_DEFAULT_REGION": "us-east-1", "AWS_ACCESS_KEY_ID": "bench",
                   "AWS_SECRET_ACCESS_KEY": "bench",
                   "POWERTOOLS_METRICS_NAMESPACE": "Bench", "POWERTOOLS_LOG_LEVEL": "INFO"})
