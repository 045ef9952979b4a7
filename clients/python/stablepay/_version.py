# Generated from openapi.json by scripts/generate-python-client.py. Do not edit.
"""The package's version (clients/python/pyproject.toml) and the API version of the contract it was generated from."""

VERSION = "0.1.0"
API_VERSION = "2026-11-29"
