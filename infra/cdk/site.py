"""The static site: a private bucket behind CloudFront (origin access control), with the
``config.json`` that tells the browser where the APIs are."""

from __future__ import annotations

from pathlib import Path

from aws_cdk import Duration, RemovalPolicy, Stack
from aws_cdk import aws_cloudfront as cloudfront
from aws_cdk import aws_cloudfront_origins as origins
from aws_cdk import aws_s3 as s3
from aws_cdk import aws_s3_deployment as deployment
from constructs import Construct

FRONTEND = Path(__file__).resolve().parents[2] / "frontend"
#: what the site is not: notes for whoever reads the repository
#: Not the site: the docs, and the type check's configuration and declarations (the page is
#: checked against them by ``make js``, and ships as the plain files it is).
NOT_PUBLISHED = ["README.md", "*.md", "tsconfig.json", "*.d.ts"]
#: Files the browser must look for afresh on every visit, "no-cache" (asked again, answered
#: "not modified" when unchanged): the service worker, whose change is how a new deployment
#: reaches an installed site, and the manifest. The rest of the site keeps the CDN's defaults.
FRESH = {"sw.js": "text/javascript; charset=utf-8",
         "manifest.webmanifest": "application/manifest+json"}


def content_security_policy(region: str) -> str:
    """The page's own files and nothing else; it talks only to this region's API Gateway
    (the WebSocket and the identity API)."""
    apis = f"*.execute-api.{region}.amazonaws.com"
    return "; ".join([
        "default-src 'self'", "script-src 'self'", "style-src 'self'", "img-src 'self' data:",
        "font-src 'self'", f"connect-src 'self' https://{apis} wss://{apis}",
        "worker-src 'self'", "manifest-src 'self'", "object-src 'none'", "base-uri 'self'",
        "form-action 'self'", "frame-ancestors 'none'"])


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
        headers = cloudfront.ResponseHeadersPolicy(
            self, "Headers", comment="Vanlexis: the page's security headers",
            security_headers_behavior=cloudfront.ResponseSecurityHeadersBehavior(
                content_security_policy=cloudfront.ResponseHeadersContentSecurityPolicy(
                    content_security_policy=content_security_policy(Stack.of(self).region),
                    override=True),
                content_type_options=cloudfront.ResponseHeadersContentTypeOptions(
                    override=True),
                frame_options=cloudfront.ResponseHeadersFrameOptions(
                    frame_option=cloudfront.HeadersFrameOption.DENY, override=True),
                referrer_policy=cloudfront.ResponseHeadersReferrerPolicy(
                    referrer_policy=cloudfront.HeadersReferrerPolicy.SAME_ORIGIN,
                    override=True),
                strict_transport_security=cloudfront.ResponseHeadersStrictTransportSecurity(
                    access_control_max_age=Duration.days(365), include_subdomains=True,
                    override=True)))
        self.distribution = cloudfront.Distribution(
            self, "Cdn",
            default_behavior=cloudfront.BehaviorOptions(
                origin=origins.S3BucketOrigin.with_origin_access_control(self.bucket),
                viewer_protocol_policy=cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
                response_headers_policy=headers),
            default_root_object="index.html",
            minimum_protocol_version=cloudfront.SecurityPolicyProtocol.TLS_V1_2_2021,
            enable_logging=True, log_bucket=self.logs, log_file_prefix="cdn/",
        )

    @property
    def url(self) -> str:
        return f"https://{self.distribution.distribution_domain_name}"

    def publish(self, config: dict[str, str]) -> None:
        """Upload the frontend and its config.json, and refresh the CDN; then the service
        worker and the manifest, each with its own headers. They go last, so that a browser
        that finds the new worker finds the whole shell it lists already there. (The site's
        upload leaves them be: what a deployment excludes, its pruning keeps.)"""
        site = deployment.BucketDeployment(
            self, "Deploy", destination_bucket=self.bucket, distribution=self.distribution,
            sources=[deployment.Source.asset(str(FRONTEND), exclude=[*NOT_PUBLISHED, *FRESH]),
                     deployment.Source.json_data("config.json", config)],
        )
        for name, content_type in FRESH.items():
            fresh = deployment.BucketDeployment(
                self, f"Deploy-{name}", destination_bucket=self.bucket,
                distribution=self.distribution, distribution_paths=[f"/{name}"], prune=False,
                sources=[deployment.Source.data(
                    name, (FRONTEND / name).read_text(encoding="utf-8"))],
                cache_control=[deployment.CacheControl.no_cache()],
                content_type=content_type)
            fresh.node.add_dependency(site)
