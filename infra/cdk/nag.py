"""cdk-nag (AwsSolutions) findings this stack accepts, each with the reason it is accepted.

Everything else cdk-nag reports fails the synth; the infrastructure tests synthesize the app
with the checks on, so a new finding cannot slip in unnoticed.
"""

from __future__ import annotations

from aws_cdk import Acknowledgment, Stack, Validations

NAG = "AwsSolutions::AwsSolutions-"

#: rule (with its granular part) → why this stack accepts it
ACCEPTED: dict[str, str] = {
    "IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/"
    "AWSLambdaBasicExecutionRole]":
        "The AWS managed basic execution role only lets a function write its own CloudWatch "
        "logs; a hand-written copy would say the same thing.",
    "IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/"
    "AmazonAPIGatewayPushToCloudWatchLogs]":
        "API Gateway's account logging role: the AWS managed policy is the documented one "
        "for it (create and write its own log groups); a copy would say the same thing.",
    "IAM5[Resource::*]":
        "X-Ray's PutTraceSegments and PutTelemetryRecords (active tracing), DynamoDB "
        "ListStreams (the outbox function's stream mapping; the records themselves are read "
        "from the table's one stream) and S3 ListAllMyBuckets (the CDK's bucket deployment) "
        "accept no resource narrower than *; nor does CloudWatch PutMetricData (the timers "
        "count a lost dead letter), which a condition holds to the stage's own namespace.",
    "IAM5[Resource::arn:<AWS::Partition>:execute-api:<AWS::Region>:<AWS::AccountId>:"
    "<RealtimeApiD4415F9E>/live/POST/@connections/*]":
        "Sending to players: connection ids are made at run time; the grant is this API's "
        "one stage and the POST method only (infra/cdk/access.py).",
    "IAM5[Resource::arn:<AWS::Partition>:execute-api:<AWS::Region>:<AWS::AccountId>:"
    "<RealtimeApiD4415F9E>/live/GET/@connections/*]":
        "$connect asks whether a player's older connections are open (the connection cap); "
        "ids are made at run time; this API's one stage and the GET method only.",
    "IAM5[Resource::arn:<AWS::Partition>:execute-api:<AWS::Region>:<AWS::AccountId>:"
    "<RealtimeApiD4415F9E>/live/DELETE/@connections/*]":
        "Signing a device out closes its open connections; ids are made at run time; this "
        "API's one stage and the DELETE method only, for the identity function alone.",
    "IAM5[Resource::<FunctionsTimer00A11A4E.Arn>:*]":
        "The state machine invokes the timer function; the :* covers its versions only.",
    "L1":
        "Only the CDK's own bucket-deployment function, whose runtime aws-cdk-lib chooses; "
        "the game's functions run the newest Python (a test checks every one of them).",
    "APIG4":
        "WebSocket authorization happens once, on $connect (the ticket authorizer); message "
        "routes ride that authorized connection, and the handlers act only for the "
        "connection's own player. The identity API is public by design: it creates guests, "
        "tickets, codes and the device list require a signed token of a device still signed "
        "in, a code's redeem is the code itself (single use, ten minutes, rate limited), and "
        "a match's summary holds only what anyone with its link may see.",
    "SMG4":
        "The signing key is rotated by hand, with the old key still listed so nobody is "
        "signed out, and removed after the tokens' 180 days (docs/operations.md); a "
        "scheduled rotation would need the same two steps.",
    "SQS3":
        "The timers' dead-letter queue is itself the dead-letter path (nothing consumes it "
        "automatically; it is alarmed on and read by an operator), so it has no DLQ of its "
        "own.",
    "SF1":
        "The timers log errors only: one execution per turn at level ALL was about 3.5 KB of "
        "CloudWatch Logs each (docs/cost.md); a failed execution is logged, alarmed on and "
        "its input kept in the dead-letter queue.",
    "SF2":
        "X-Ray is off unless -c tracing=on: Lambda's fixed sampling traces every call below a "
        "call a second, which alone was $1.83 per 1,000 matches (docs/cost.md); the logs, "
        "metrics, alarms and the dashboard cover the timers, and tracing is one setting away "
        "for an investigation.",
    "CFR1": "The game is open to players everywhere: no geographic restriction.",
    "CFR2":
        "The site is static files behind CloudFront; a WAF would cost more than the whole "
        "backend at this scale. The WebSocket API has stage throttling.",
    "CFR4":
        "The distribution uses the default *.cloudfront.net certificate (TLS 1.2 is still "
        "negotiated by every current browser) until a custom domain and ACM certificate are "
        "configured (docs/operations.md).",
    "IAM5[Action::s3:GetObject*]": "The CDK's bucket deployment copies the site's assets.",
    "IAM5[Action::s3:GetBucket*]": "The CDK's bucket deployment copies the site's assets.",
    "IAM5[Action::s3:List*]": "The CDK's bucket deployment copies the site's assets.",
    "IAM5[Action::s3:DeleteObject*]": "The CDK's bucket deployment prunes old site files.",
    "IAM5[Action::s3:Abort*]": "The CDK's bucket deployment uploads the site's files.",
    "IAM5[Resource::arn:<AWS::Partition>:s3:::cdk-hnb659fds-assets-<AWS::AccountId>-"
    "<AWS::Region>/*]": "The CDK's bucket deployment reads the staged site assets.",
    "IAM5[Resource::<SiteBucket978D4AEB.Arn>/*]":
        "The CDK's bucket deployment writes the site's files into its bucket.",
}


def per_stack(stack: Stack) -> dict[str, str]:
    """Findings whose resource names the stack (so each stage has its own)."""
    return {
        "IAM5[Resource::arn:<AWS::Partition>:states:<AWS::Region>:<AWS::AccountId>:"
        f"execution:{stack.stack_name}-timers:*]":
            "The game stops the timer of a turn that ended early: execution names are made "
            "at run time; the grant is this one state machine's executions, StopExecution "
            "only.",
    }


def acknowledge(stack: Stack) -> None:
    Validations.of(stack).acknowledge(*[
        Acknowledgment(id=NAG + rule, reason=reason)
        for rule, reason in {**ACCEPTED, **per_stack(stack)}.items()])
