"""Powertools logger, metrics and tracer shared by every handler."""

from __future__ import annotations

from aws_lambda_powertools import Logger, Metrics, Tracer

SERVICE = "vanlexis"

logger = Logger(service=SERVICE)
metrics = Metrics(namespace="Vanlexis", service=SERVICE)
tracer = Tracer(service=SERVICE)
