"""The CDK app: the whole game on AWS, one construct per capability (``cdk deploy``)."""
