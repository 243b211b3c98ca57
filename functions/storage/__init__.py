"""Data access: one DynamoDB table behind a repository class."""
