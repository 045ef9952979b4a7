"""Python client of the stablecoin payment-intent service's /v1 API (standard library only).

    from stablepay import Stablepay
    client = Stablepay("http://localhost:3000", api_key="sk_test_...")
    intent = client.create_payment_intent(amount=12.5, currency="usd", merchant_id="mer_...")
    for refund in client.iter_refunds(payment_intent=intent.id):
        ...
"""
from . import models, webhooks
from ._client import USER_AGENT, Stablepay, parse_retry_after
from ._version import API_VERSION, VERSION
from .errors import APIConnectionError, StablepayError, WebhookVerificationError
from .models import *  # noqa: F401,F403

__version__ = VERSION

__all__ = [
    "API_VERSION",
    "APIConnectionError",
    "Stablepay",
    "StablepayError",
    "USER_AGENT",
    "VERSION",
    "WebhookVerificationError",
    "models",
    "parse_retry_after",
    "webhooks",
    *models.__all__,
]
