"""The static site: a private bucket behind CloudFront (origin access control), with the
``config.json`` that tells the browser where the APIs are."""

from __future__ import annotations

from pathlib import Path

from aws_cdk import RemovalPolicy
from aws_cdk import aws_cloudfront as cloudfront
from aws_cdk import aws_cloudfront_origins as origins
from aws_cdk import aws_s3 as s3
from aws_cdk import aws_s3_deployment as deployment
from constructs import Construct

FRONTEND = Path(__file__).resolve().parents[2] / "frontend"


class Site(Construct):
    def __init__(self, scope: Construct, name: str) -> None:
        super().__init__(scope, name)
        self.logs = s3.Bucket(
            self, "Logs", block_public_access=s3.BlockPublicAccess.BLOCK_ALL,
            encryption=s3.BucketEncryption.S3_MANAGED, enforce_ssl=True,
            object_ownership=s3.ObjectOwnership.OBJECT_WRITER,
            removal_policy=RemovalPolicy.RETAIN)
        self.bucket = s3.Bucket(
            self, "Bucket", block_public_access=s3.BlockPublicAccess.BLOCK_ALL,
            encryption=s3.BucketEncryption.S3_MANAGED, enforce_ssl=True,
            server_access_logs_bucket=self.logs, server_access_logs_prefix="bucket/",
            removal_policy=RemovalPolicy.RETAIN)
        self.distribution = cloudfront.Distribution(
            self, "Cdn",
            default_behavior=cloudfront.BehaviorOptions(
                origin=origins.S3BucketOrigin.with_origin_access_control(self.bucket),
                viewer_protocol_policy=cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
                response_headers_policy=cloudfront.ResponseHeadersPolicy.SECURITY_HEADERS),
            default_root_object="index.html",
            minimum_protocol_version=cloudfront.SecurityPolicyProtocol.TLS_V1_2_2021,
            enable_logging=True, log_bucket=self.logs, log_file_prefix="cdn/",
        )

    @property
    def url(self) -> str:
        return f"https://{self.distribution.distribution_domain_name}"

    def publish(self, config: dict[str, str]) -> None:
        """Upload the frontend and its config.json, and refresh the CDN."""
        deployment.BucketDeployment(
            self, "Deploy", destination_bucket=self.bucket, distribution=self.distribution,
            sources=[deployment.Source.asset(str(FRONTEND)),
                     deployment.Source.json_data("config.json", config)],
        )
