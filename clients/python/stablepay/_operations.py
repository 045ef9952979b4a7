# Generated from openapi.json by scripts/generate-python-client.py. Do not edit.

"""One method per operation of the contract (openapi.json), named after its operation id."""

from __future__ import annotations

from typing import Any, Dict, Iterator, List, Literal, Optional, Union

from .models import *  # noqa: F401,F403 (the annotations name them)


class Operations:
    """Mixed into `Stablepay`, which provides `_call` (HTTP, retries, errors) and `_iterate` (pages)."""

    def get_health(self) -> Dict[str, Any]:
        """GET /health: Liveness."""
        return self._call("GET", "/health", {}, query={}, headers={}, body=None, models={'200': None})

    def get_readiness(self) -> Dict[str, Any]:
        """GET /ready: Readiness."""
        return self._call("GET", "/ready", {}, query={}, headers={}, body=None, models={'200': None})

    def get_merchant(self, id: str) -> Merchant:
        """GET /v1/merchants/{id}: Get a merchant."""
        return self._call("GET", "/v1/merchants/{id}", {"id": id}, query={}, headers={}, body=None, models={'200': 'Merchant'})

    def update_merchant(self, id: str, *, business_name: Optional[str] = None, email: Optional[str] = None, settlement_schedule: Optional[Union[Literal["weekly_monday"], Literal["daily"], Literal["manual"], Dict[str, Any]]] = None, bank_account: Optional[Dict[str, Any]] = None, metadata: Optional[Dict[str, Any]] = None, default_payment_address_type: Optional[Literal["shared", "deposit"]] = None, underpayment_tolerance: Optional[float] = None, idempotency_key: Optional[str] = None) -> Dict[str, Any]:
        """POST /v1/merchants/{id}: Update a merchant."""
        return self._call("POST", "/v1/merchants/{id}", {"id": id}, query={}, headers={}, body={"business_name": business_name, "email": email, "settlement_schedule": settlement_schedule, "bank_account": bank_account, "metadata": metadata, "default_payment_address_type": default_payment_address_type, "underpayment_tolerance": underpayment_tolerance}, models={'200': None}, idempotency_key=idempotency_key)

    def get_merchant_balance(self, id: str, *, chain: Optional[Literal["base", "ethereum", "arbitrum", "optimism", "polygon"]] = None, token: Optional[Literal["USDC", "USDT"]] = None) -> Balance:
        """GET /v1/merchants/{id}/balance: Get a merchant balance."""
        return self._call("GET", "/v1/merchants/{id}/balance", {"id": id}, query={"chain": chain, "token": token}, headers={}, body=None, models={'200': 'Balance'})

    def list_merchant_balances(self, id: str) -> BalanceList:
        """GET /v1/merchants/{id}/balances: List a merchant's balances, one per pair."""
        return self._call("GET", "/v1/merchants/{id}/balances", {"id": id}, query={}, headers={}, body=None, models={'200': 'BalanceList'})

    def create_merchant(self, *, business_name: str, email: str, owner_address: str, payout_address: str, bank_account: Dict[str, Any], settlement_schedule: Optional[Union[Literal["weekly_monday"], Literal["daily"], Literal["manual"], Dict[str, Any]]] = None, metadata: Optional[Dict[str, Any]] = None, idempotency_key: Optional[str] = None) -> Dict[str, Any]:
        """POST /v1/merchants: Create a merchant."""
        return self._call("POST", "/v1/merchants", {}, query={}, headers={}, body={"business_name": business_name, "email": email, "owner_address": owner_address, "payout_address": payout_address, "settlement_schedule": settlement_schedule, "bank_account": bank_account, "metadata": metadata}, models={'200': None, '201': None}, idempotency_key=idempotency_key)

    def list_merchants(self, *, limit: Optional[int] = None, starting_after: Optional[str] = None) -> Dict[str, Any]:
        """GET /v1/merchants: List merchants."""
        return self._call("GET", "/v1/merchants", {}, query={"limit": limit, "starting_after": starting_after}, headers={}, body=None, models={'200': None})

    def iter_merchants(self, *, limit: Optional[int] = None) -> Iterator[Dict[str, Any]]:
        """Every item of `list_merchants`, page after page (`starting_after` set for you; `limit` is the page size)."""
        return self._iterate(lambda starting_after: self.list_merchants(limit=limit, starting_after=starting_after))

    def create_payment_intent(self, *, amount: float, currency: str, merchant_id: str, metadata: Optional[Dict[str, Any]] = None, ttl: Optional[int] = None, chain: Optional[Literal["base", "ethereum", "arbitrum", "optimism", "polygon"]] = None, token: Optional[Literal["USDC", "USDT"]] = None, payment_address_type: Optional[Literal["shared", "deposit"]] = None, idempotency_key: Optional[str] = None) -> PaymentIntent:
        """POST /v1/payment-intents: Create a payment intent."""
        return self._call("POST", "/v1/payment-intents", {}, query={}, headers={}, body={"amount": amount, "currency": currency, "merchant_id": merchant_id, "metadata": metadata, "ttl": ttl, "chain": chain, "token": token, "payment_address_type": payment_address_type}, models={'200': 'PaymentIntent', '201': 'PaymentIntent'}, idempotency_key=idempotency_key)

    def list_payment_intents(self, *, merchant_id: Optional[str] = None, status: Optional[Literal["awaiting_payment", "confirmed", "expired", "cancelled", "settled"]] = None, chain: Optional[Literal["base", "ethereum", "arbitrum", "optimism", "polygon"]] = None, token: Optional[Literal["USDC", "USDT"]] = None, payment_link: Optional[str] = None, created_after: Optional[str] = None, created_before: Optional[str] = None, limit: Optional[int] = None, starting_after: Optional[str] = None) -> PaymentIntentList:
        """GET /v1/payment-intents: List payment intents."""
        return self._call("GET", "/v1/payment-intents", {}, query={"merchant_id": merchant_id, "status": status, "chain": chain, "token": token, "payment_link": payment_link, "created_after": created_after, "created_before": created_before, "limit": limit, "starting_after": starting_after}, headers={}, body=None, models={'200': 'PaymentIntentList'})

    def iter_payment_intents(self, *, merchant_id: Optional[str] = None, status: Optional[Literal["awaiting_payment", "confirmed", "expired", "cancelled", "settled"]] = None, chain: Optional[Literal["base", "ethereum", "arbitrum", "optimism", "polygon"]] = None, token: Optional[Literal["USDC", "USDT"]] = None, payment_link: Optional[str] = None, created_after: Optional[str] = None, created_before: Optional[str] = None, limit: Optional[int] = None) -> Iterator[PaymentIntentListItem]:
        """Every item of `list_payment_intents`, page after page (`starting_after` set for you; `limit` is the page size)."""
        return self._iterate(lambda starting_after: self.list_payment_intents(merchant_id=merchant_id, status=status, chain=chain, token=token, payment_link=payment_link, created_after=created_after, created_before=created_before, limit=limit, starting_after=starting_after))

    def get_payment_intent(self, id: str) -> PaymentIntent:
        """GET /v1/payment-intents/{id}: Get a payment intent."""
        return self._call("GET", "/v1/payment-intents/{id}", {"id": id}, query={}, headers={}, body=None, models={'200': 'PaymentIntent'})

    def cancel_payment_intent(self, id: str, *, idempotency_key: Optional[str] = None) -> CancelledPaymentIntent:
        """POST /v1/payment-intents/{id}/cancel: Cancel a payment intent."""
        return self._call("POST", "/v1/payment-intents/{id}/cancel", {"id": id}, query={}, headers={}, body=None, models={'200': 'CancelledPaymentIntent'}, idempotency_key=idempotency_key)

    def get_payment_intent_qr_image(self, payment_intent_id: str) -> bytes:
        """GET /v1/qr/{payment_intent_id}.png: QR image of a payment intent."""
        return self._call("GET", "/v1/qr/{payment_intent_id}.png", {"payment_intent_id": payment_intent_id}, query={}, headers={}, body=None, models={'200': '$raw'})

    def get_hosted_payment_page(self, id: str) -> bytes:
        """GET /pay/{id}: Hosted payment page of a payment intent."""
        return self._call("GET", "/pay/{id}", {"id": id}, query={}, headers={}, body=None, models={'200': '$raw'})

    def get_payment_intent_authorization(self, id: str) -> TransferAuthorization:
        """GET /v1/payment-intents/{id}/authorization: Typed data to pay a payment intent by signature."""
        return self._call("GET", "/v1/payment-intents/{id}/authorization", {"id": id}, query={}, headers={}, body=None, models={'200': 'TransferAuthorization'})

    def submit_payment_intent_authorization(self, id: str, *, payer: str, signature: str, valid_after: str, valid_before: str, nonce: str, idempotency_key: Optional[str] = None) -> TransferAuthorizationSubmission:
        """POST /v1/payment-intents/{id}/authorization: Pay a payment intent by signature."""
        return self._call("POST", "/v1/payment-intents/{id}/authorization", {"id": id}, query={}, headers={}, body={"payer": payer, "signature": signature, "valid_after": valid_after, "valid_before": valid_before, "nonce": nonce}, models={'200': 'TransferAuthorizationSubmission'}, idempotency_key=idempotency_key)

    def test_helper_pay_payment_intent(self, id: str, *, amount: Optional[float] = None, idempotency_key: Optional[str] = None) -> PaymentIntent:
        """POST /v1/test_helpers/payment_intents/{id}/pay: Pay a payment intent (sandbox)."""
        return self._call("POST", "/v1/test_helpers/payment_intents/{id}/pay", {"id": id}, query={}, headers={}, body={"amount": amount}, models={'200': 'PaymentIntent'}, idempotency_key=idempotency_key)

    def test_helper_expire_payment_intent(self, id: str, *, idempotency_key: Optional[str] = None) -> PaymentIntent:
        """POST /v1/test_helpers/payment_intents/{id}/expire: Make a payment intent due now (sandbox)."""
        return self._call("POST", "/v1/test_helpers/payment_intents/{id}/expire", {"id": id}, query={}, headers={}, body=None, models={'200': 'PaymentIntent'}, idempotency_key=idempotency_key)

    def test_helper_approve_refund(self, id: str, *, idempotency_key: Optional[str] = None) -> Refund:
        """POST /v1/test_helpers/refunds/{id}/approve: Approve a refund as its merchant's owner (sandbox)."""
        return self._call("POST", "/v1/test_helpers/refunds/{id}/approve", {"id": id}, query={}, headers={}, body=None, models={'200': 'Refund'}, idempotency_key=idempotency_key)

    def test_helper_set_refund_budget(self, id: str, *, amount_per_day: float, chain: Optional[Literal["base", "ethereum", "arbitrum", "optimism", "polygon"]] = None, token: Optional[Literal["USDC", "USDT"]] = None, idempotency_key: Optional[str] = None) -> RefundBudget:
        """POST /v1/test_helpers/merchants/{id}/refund_budget: Grant or revoke a refund budget as the merchant's owner (sandbox)."""
        return self._call("POST", "/v1/test_helpers/merchants/{id}/refund_budget", {"id": id}, query={}, headers={}, body={"amount_per_day": amount_per_day, "chain": chain, "token": token}, models={'200': 'RefundBudget'}, idempotency_key=idempotency_key)

    def get_transaction(self, id: str) -> Transaction:
        """GET /v1/transactions/{id}: Get a transaction."""
        return self._call("GET", "/v1/transactions/{id}", {"id": id}, query={}, headers={}, body=None, models={'200': 'Transaction'})

    def list_transactions(self, *, merchant_id: Optional[str] = None, status: Optional[Literal["confirmed", "settled", "failed"]] = None, chain: Optional[Literal["base", "ethereum", "arbitrum", "optimism", "polygon"]] = None, token: Optional[Literal["USDC", "USDT"]] = None, date_from: Optional[str] = None, date_to: Optional[str] = None, settlement: Optional[str] = None, deposit_address_id: Optional[str] = None, limit: Optional[int] = None, starting_after: Optional[str] = None) -> TransactionList:
        """GET /v1/transactions: List transactions."""
        return self._call("GET", "/v1/transactions", {}, query={"merchant_id": merchant_id, "status": status, "chain": chain, "token": token, "date_from": date_from, "date_to": date_to, "settlement": settlement, "deposit_address_id": deposit_address_id, "limit": limit, "starting_after": starting_after}, headers={}, body=None, models={'200': 'TransactionList'})

    def iter_transactions(self, *, merchant_id: Optional[str] = None, status: Optional[Literal["confirmed", "settled", "failed"]] = None, chain: Optional[Literal["base", "ethereum", "arbitrum", "optimism", "polygon"]] = None, token: Optional[Literal["USDC", "USDT"]] = None, date_from: Optional[str] = None, date_to: Optional[str] = None, settlement: Optional[str] = None, deposit_address_id: Optional[str] = None, limit: Optional[int] = None) -> Iterator[TransactionListItem]:
        """Every item of `list_transactions`, page after page (`starting_after` set for you; `limit` is the page size)."""
        return self._iterate(lambda starting_after: self.list_transactions(merchant_id=merchant_id, status=status, chain=chain, token=token, date_from=date_from, date_to=date_to, settlement=settlement, deposit_address_id=deposit_address_id, limit=limit, starting_after=starting_after))

    def test_helper_advance_settlements(self, *, merchant_id: Optional[str] = None, idempotency_key: Optional[str] = None) -> Dict[str, Any]:
        """POST /v1/test_helpers/settlements/advance: Advance settlements (sandbox)."""
        return self._call("POST", "/v1/test_helpers/settlements/advance", {}, query={}, headers={}, body={"merchant_id": merchant_id}, models={'200': None}, idempotency_key=idempotency_key)

    def list_events(self, *, type: Optional[Literal["payment_intent.confirmed", "payment_intent.expired", "transaction.created", "settlement.completed", "refund.created", "refund.updated", "refund.succeeded", "refund.failed", "payment_link.deactivated", "payment_link.used_up", "webhook_endpoint.disabled"]] = None, chain: Optional[Literal["base", "ethereum", "arbitrum", "optimism", "polygon"]] = None, token: Optional[Literal["USDC", "USDT"]] = None, created_after: Optional[str] = None, created_before: Optional[str] = None, limit: Optional[int] = None, starting_after: Optional[str] = None) -> EventList:
        """GET /v1/events: List events."""
        return self._call("GET", "/v1/events", {}, query={"type": type, "chain": chain, "token": token, "created_after": created_after, "created_before": created_before, "limit": limit, "starting_after": starting_after}, headers={}, body=None, models={'200': 'EventList'})

    def iter_events(self, *, type: Optional[Literal["payment_intent.confirmed", "payment_intent.expired", "transaction.created", "settlement.completed", "refund.created", "refund.updated", "refund.succeeded", "refund.failed", "payment_link.deactivated", "payment_link.used_up", "webhook_endpoint.disabled"]] = None, chain: Optional[Literal["base", "ethereum", "arbitrum", "optimism", "polygon"]] = None, token: Optional[Literal["USDC", "USDT"]] = None, created_after: Optional[str] = None, created_before: Optional[str] = None, limit: Optional[int] = None) -> Iterator[Event]:
        """Every item of `list_events`, page after page (`starting_after` set for you; `limit` is the page size)."""
        return self._iterate(lambda starting_after: self.list_events(type=type, chain=chain, token=token, created_after=created_after, created_before=created_before, limit=limit, starting_after=starting_after))

    def get_event(self, id: str) -> Event:
        """GET /v1/events/{id}: Get an event."""
        return self._call("GET", "/v1/events/{id}", {"id": id}, query={}, headers={}, body=None, models={'200': 'Event'})

    def resend_event(self, id: str, *, endpoint_id: Optional[str] = None, idempotency_key: Optional[str] = None) -> WebhookDeliveryList:
        """POST /v1/events/{id}/resend: Resend an event."""
        return self._call("POST", "/v1/events/{id}/resend", {"id": id}, query={}, headers={}, body={"endpoint_id": endpoint_id}, models={'200': 'WebhookDeliveryList'}, idempotency_key=idempotency_key)

    def create_webhook_endpoint(self, *, url: str, enabled_events: List[Literal["payment_intent.confirmed", "payment_intent.expired", "transaction.created", "settlement.completed", "refund.created", "refund.updated", "refund.succeeded", "refund.failed", "payment_link.deactivated", "payment_link.used_up", "webhook_endpoint.disabled", "*"]], description: Optional[str] = None, metadata: Optional[Dict[str, Any]] = None, idempotency_key: Optional[str] = None) -> WebhookEndpointWithSecret:
        """POST /v1/webhook_endpoints: Create a webhook endpoint."""
        return self._call("POST", "/v1/webhook_endpoints", {}, query={}, headers={}, body={"url": url, "enabled_events": enabled_events, "description": description, "metadata": metadata}, models={'200': 'WebhookEndpointWithSecret', '201': 'WebhookEndpointWithSecret'}, idempotency_key=idempotency_key)

    def list_webhook_endpoints(self, *, limit: Optional[int] = None, starting_after: Optional[str] = None) -> WebhookEndpointList:
        """GET /v1/webhook_endpoints: List webhook endpoints."""
        return self._call("GET", "/v1/webhook_endpoints", {}, query={"limit": limit, "starting_after": starting_after}, headers={}, body=None, models={'200': 'WebhookEndpointList'})

    def iter_webhook_endpoints(self, *, limit: Optional[int] = None) -> Iterator[WebhookEndpoint]:
        """Every item of `list_webhook_endpoints`, page after page (`starting_after` set for you; `limit` is the page size)."""
        return self._iterate(lambda starting_after: self.list_webhook_endpoints(limit=limit, starting_after=starting_after))

    def get_webhook_endpoint(self, id: str) -> WebhookEndpoint:
        """GET /v1/webhook_endpoints/{id}: Get a webhook endpoint."""
        return self._call("GET", "/v1/webhook_endpoints/{id}", {"id": id}, query={}, headers={}, body=None, models={'200': 'WebhookEndpoint'})

    def update_webhook_endpoint(self, id: str, *, url: Optional[str] = None, enabled_events: Optional[List[Literal["payment_intent.confirmed", "payment_intent.expired", "transaction.created", "settlement.completed", "refund.created", "refund.updated", "refund.succeeded", "refund.failed", "payment_link.deactivated", "payment_link.used_up", "webhook_endpoint.disabled", "*"]]] = None, description: Optional[str] = None, metadata: Optional[Dict[str, Any]] = None, disabled: Optional[bool] = None, idempotency_key: Optional[str] = None) -> WebhookEndpoint:
        """POST /v1/webhook_endpoints/{id}: Update a webhook endpoint."""
        return self._call("POST", "/v1/webhook_endpoints/{id}", {"id": id}, query={}, headers={}, body={"url": url, "enabled_events": enabled_events, "description": description, "metadata": metadata, "disabled": disabled}, models={'200': 'WebhookEndpoint'}, idempotency_key=idempotency_key)

    def delete_webhook_endpoint(self, id: str) -> DeletedWebhookEndpoint:
        """DELETE /v1/webhook_endpoints/{id}: Delete a webhook endpoint."""
        return self._call("DELETE", "/v1/webhook_endpoints/{id}", {"id": id}, query={}, headers={}, body=None, models={'200': 'DeletedWebhookEndpoint'})

    def rotate_webhook_endpoint_secret(self, id: str, *, idempotency_key: Optional[str] = None) -> WebhookEndpointWithSecret:
        """POST /v1/webhook_endpoints/{id}/rotate_secret: Rotate a webhook endpoint's secret."""
        return self._call("POST", "/v1/webhook_endpoints/{id}/rotate_secret", {"id": id}, query={}, headers={}, body={}, models={'200': 'WebhookEndpointWithSecret'}, idempotency_key=idempotency_key)

    def send_webhook_endpoint_test_event(self, id: str, *, event_type: Optional[Literal["payment_intent.confirmed", "payment_intent.expired", "transaction.created", "settlement.completed", "refund.created", "refund.updated", "refund.succeeded", "refund.failed", "payment_link.deactivated", "payment_link.used_up", "webhook_endpoint.disabled"]] = None, idempotency_key: Optional[str] = None) -> WebhookTestResult:
        """POST /v1/webhook_endpoints/{id}/test: Send a test event to a webhook endpoint."""
        return self._call("POST", "/v1/webhook_endpoints/{id}/test", {"id": id}, query={}, headers={}, body={"event_type": event_type}, models={'200': 'WebhookTestResult'}, idempotency_key=idempotency_key)

    def recover_webhook_endpoint_deliveries(self, id: str, *, since: Optional[str] = None, idempotency_key: Optional[str] = None) -> WebhookEndpointRecovery:
        """POST /v1/webhook_endpoints/{id}/recover: Resend a webhook endpoint's failed deliveries."""
        return self._call("POST", "/v1/webhook_endpoints/{id}/recover", {"id": id}, query={}, headers={}, body={"since": since}, models={'200': 'WebhookEndpointRecovery'}, idempotency_key=idempotency_key)

    def list_webhook_endpoint_deliveries(self, id: str, *, limit: Optional[int] = None, starting_after: Optional[str] = None) -> WebhookDeliveryList:
        """GET /v1/webhook_endpoints/{id}/deliveries: List deliveries of a webhook endpoint."""
        return self._call("GET", "/v1/webhook_endpoints/{id}/deliveries", {"id": id}, query={"limit": limit, "starting_after": starting_after}, headers={}, body=None, models={'200': 'WebhookDeliveryList'})

    def iter_webhook_endpoint_deliveries(self, id: str, *, limit: Optional[int] = None) -> Iterator[WebhookDelivery]:
        """Every item of `list_webhook_endpoint_deliveries`, page after page (`starting_after` set for you; `limit` is the page size)."""
        return self._iterate(lambda starting_after: self.list_webhook_endpoint_deliveries(id, limit=limit, starting_after=starting_after))

    def list_settlements(self, *, merchant_id: Optional[str] = None, status: Optional[Literal["pending", "in_transit", "completed", "failed"]] = None, created_after: Optional[str] = None, created_before: Optional[str] = None, limit: Optional[int] = None, starting_after: Optional[str] = None) -> Dict[str, Any]:
        """GET /v1/settlements: List settlements."""
        return self._call("GET", "/v1/settlements", {}, query={"merchant_id": merchant_id, "status": status, "created_after": created_after, "created_before": created_before, "limit": limit, "starting_after": starting_after}, headers={}, body=None, models={'200': None})

    def iter_settlements(self, *, merchant_id: Optional[str] = None, status: Optional[Literal["pending", "in_transit", "completed", "failed"]] = None, created_after: Optional[str] = None, created_before: Optional[str] = None, limit: Optional[int] = None) -> Iterator[Settlement]:
        """Every item of `list_settlements`, page after page (`starting_after` set for you; `limit` is the page size)."""
        return self._iterate(lambda starting_after: self.list_settlements(merchant_id=merchant_id, status=status, created_after=created_after, created_before=created_before, limit=limit, starting_after=starting_after))

    def create_settlement(self, *, merchant_id: Optional[str] = None, amount: Optional[float] = None, idempotency_key: Optional[str] = None) -> Settlement:
        """POST /v1/settlements: Cash out (manual settlement)."""
        return self._call("POST", "/v1/settlements", {}, query={}, headers={}, body={"merchant_id": merchant_id, "amount": amount}, models={'200': 'Settlement', '201': 'Settlement'}, idempotency_key=idempotency_key)

    def get_settlement(self, id: str) -> Settlement:
        """GET /v1/settlements/{id}: Get a settlement."""
        return self._call("GET", "/v1/settlements/{id}", {"id": id}, query={}, headers={}, body=None, models={'200': 'Settlement'})

    def get_refund(self, id: str) -> Refund:
        """GET /v1/refunds/{id}: Get a refund."""
        return self._call("GET", "/v1/refunds/{id}", {"id": id}, query={}, headers={}, body=None, models={'200': 'Refund'})

    def list_refunds(self, *, payment_intent: Optional[str] = None, merchant_id: Optional[str] = None, status: Optional[Literal["requires_approval", "pending", "succeeded", "failed", "cancelled", "canceled"]] = None, limit: Optional[int] = None, starting_after: Optional[str] = None) -> RefundList:
        """GET /v1/refunds: List refunds."""
        return self._call("GET", "/v1/refunds", {}, query={"payment_intent": payment_intent, "merchant_id": merchant_id, "status": status, "limit": limit, "starting_after": starting_after}, headers={}, body=None, models={'200': 'RefundList'})

    def iter_refunds(self, *, payment_intent: Optional[str] = None, merchant_id: Optional[str] = None, status: Optional[Literal["requires_approval", "pending", "succeeded", "failed", "cancelled", "canceled"]] = None, limit: Optional[int] = None) -> Iterator[Refund]:
        """Every item of `list_refunds`, page after page (`starting_after` set for you; `limit` is the page size)."""
        return self._iterate(lambda starting_after: self.list_refunds(payment_intent=payment_intent, merchant_id=merchant_id, status=status, limit=limit, starting_after=starting_after))

    def create_refund(self, *, recipient_address: str, payment_intent: Optional[str] = None, transaction: Optional[str] = None, amount: Optional[float] = None, reason: Optional[Literal["duplicate", "fraudulent", "requested_by_customer"]] = None, metadata: Optional[Dict[str, Any]] = None, idempotency_key: Optional[str] = None) -> Refund:
        """POST /v1/refunds: Create a refund."""
        return self._call("POST", "/v1/refunds", {}, query={}, headers={}, body={"payment_intent": payment_intent, "transaction": transaction, "amount": amount, "recipient_address": recipient_address, "reason": reason, "metadata": metadata}, models={'200': 'Refund', '201': 'Refund'}, idempotency_key=idempotency_key)

    def get_refund_authorization(self, id: str) -> RefundAuthorization:
        """GET /v1/refunds/{id}/authorization: Get what the owner signs to approve a refund."""
        return self._call("GET", "/v1/refunds/{id}/authorization", {"id": id}, query={}, headers={}, body=None, models={'200': 'RefundAuthorization'})

    def cancel_refund(self, id: str, *, idempotency_key: Optional[str] = None) -> Refund:
        """POST /v1/refunds/{id}/cancel: Cancel a refund."""
        return self._call("POST", "/v1/refunds/{id}/cancel", {"id": id}, query={}, headers={}, body=None, models={'200': 'Refund'}, idempotency_key=idempotency_key)

    def approve_refund(self, id: str, *, signature: Optional[str] = None, deadline: Optional[Union[str, int]] = None, idempotency_key: Optional[str] = None) -> Refund:
        """POST /v1/refunds/{id}/approve: Approve a refund with the owner's signature."""
        return self._call("POST", "/v1/refunds/{id}/approve", {"id": id}, query={}, headers={}, body={"signature": signature, "deadline": deadline}, models={'200': 'Refund'}, idempotency_key=idempotency_key)

    def create_payment_link(self, *, merchant_id: Optional[str] = None, amount: Optional[float] = None, amount_options: Optional[Dict[str, Any]] = None, currency: Optional[str] = None, chain: Optional[Literal["base", "ethereum", "arbitrum", "optimism", "polygon"]] = None, token: Optional[Literal["USDC", "USDT"]] = None, max_uses: Optional[Union[str, int]] = None, expires_at: Optional[str] = None, after_completion: Optional[Dict[str, Any]] = None, metadata: Optional[Dict[str, Any]] = None, idempotency_key: Optional[str] = None) -> PaymentLink:
        """POST /v1/payment_links: Create a payment link."""
        return self._call("POST", "/v1/payment_links", {}, query={}, headers={}, body={"merchant_id": merchant_id, "amount": amount, "amount_options": amount_options, "currency": currency, "chain": chain, "token": token, "max_uses": max_uses, "expires_at": expires_at, "after_completion": after_completion, "metadata": metadata}, models={'200': 'PaymentLink', '201': 'PaymentLink'}, idempotency_key=idempotency_key)

    def list_payment_links(self, *, merchant_id: Optional[str] = None, limit: Optional[int] = None, starting_after: Optional[str] = None) -> PaymentLinkList:
        """GET /v1/payment_links: List payment links."""
        return self._call("GET", "/v1/payment_links", {}, query={"merchant_id": merchant_id, "limit": limit, "starting_after": starting_after}, headers={}, body=None, models={'200': 'PaymentLinkList'})

    def iter_payment_links(self, *, merchant_id: Optional[str] = None, limit: Optional[int] = None) -> Iterator[PaymentLink]:
        """Every item of `list_payment_links`, page after page (`starting_after` set for you; `limit` is the page size)."""
        return self._iterate(lambda starting_after: self.list_payment_links(merchant_id=merchant_id, limit=limit, starting_after=starting_after))

    def get_payment_link(self, id: str) -> PaymentLink:
        """GET /v1/payment_links/{id}: Get a payment link."""
        return self._call("GET", "/v1/payment_links/{id}", {"id": id}, query={}, headers={}, body=None, models={'200': 'PaymentLink'})

    def update_payment_link(self, id: str, *, active: Optional[bool] = None, metadata: Optional[Dict[str, Any]] = None, after_completion: Optional[Dict[str, Any]] = None, idempotency_key: Optional[str] = None) -> PaymentLink:
        """POST /v1/payment_links/{id}: Update a payment link."""
        return self._call("POST", "/v1/payment_links/{id}", {"id": id}, query={}, headers={}, body={"active": active, "metadata": metadata, "after_completion": after_completion}, models={'200': 'PaymentLink'}, idempotency_key=idempotency_key)

    def get_payment_link_page(self, id: str) -> bytes:
        """GET /pay/links/{id}: Public page of a payment link."""
        return self._call("GET", "/pay/links/{id}", {"id": id}, query={}, headers={}, body=None, models={'200': '$raw'})

    def create_deposit_address(self, *, customer_reference: str, merchant_id: Optional[str] = None, metadata: Optional[Dict[str, Any]] = None, idempotency_key: Optional[str] = None) -> DepositAddress:
        """POST /v1/deposit_addresses: Create a customer's deposit address."""
        return self._call("POST", "/v1/deposit_addresses", {}, query={}, headers={}, body={"merchant_id": merchant_id, "customer_reference": customer_reference, "metadata": metadata}, models={'200': 'DepositAddress', '201': 'DepositAddress'}, idempotency_key=idempotency_key)

    def list_deposit_addresses(self, *, merchant_id: Optional[str] = None, customer_reference: Optional[str] = None, limit: Optional[int] = None, starting_after: Optional[str] = None) -> DepositAddressList:
        """GET /v1/deposit_addresses: List customers' deposit addresses."""
        return self._call("GET", "/v1/deposit_addresses", {}, query={"merchant_id": merchant_id, "customer_reference": customer_reference, "limit": limit, "starting_after": starting_after}, headers={}, body=None, models={'200': 'DepositAddressList'})

    def iter_deposit_addresses(self, *, merchant_id: Optional[str] = None, customer_reference: Optional[str] = None, limit: Optional[int] = None) -> Iterator[DepositAddress]:
        """Every item of `list_deposit_addresses`, page after page (`starting_after` set for you; `limit` is the page size)."""
        return self._iterate(lambda starting_after: self.list_deposit_addresses(merchant_id=merchant_id, customer_reference=customer_reference, limit=limit, starting_after=starting_after))

    def get_deposit_address(self, id: str) -> DepositAddress:
        """GET /v1/deposit_addresses/{id}: Get a customer's deposit address."""
        return self._call("GET", "/v1/deposit_addresses/{id}", {"id": id}, query={}, headers={}, body=None, models={'200': 'DepositAddress'})

    def create_terminal(self, *, name: str, merchant_id: Optional[str] = None, tip_percentages: Optional[List[Union[str, int]]] = None, metadata: Optional[Dict[str, Any]] = None, idempotency_key: Optional[str] = None) -> Terminal:
        """POST /v1/terminals: Create a terminal."""
        return self._call("POST", "/v1/terminals", {}, query={}, headers={}, body={"merchant_id": merchant_id, "name": name, "tip_percentages": tip_percentages, "metadata": metadata}, models={'200': 'Terminal', '201': 'Terminal'}, idempotency_key=idempotency_key)

    def list_terminals(self, *, merchant_id: Optional[str] = None, limit: Optional[int] = None, starting_after: Optional[str] = None) -> TerminalList:
        """GET /v1/terminals: List terminals."""
        return self._call("GET", "/v1/terminals", {}, query={"merchant_id": merchant_id, "limit": limit, "starting_after": starting_after}, headers={}, body=None, models={'200': 'TerminalList'})

    def iter_terminals(self, *, merchant_id: Optional[str] = None, limit: Optional[int] = None) -> Iterator[Terminal]:
        """Every item of `list_terminals`, page after page (`starting_after` set for you; `limit` is the page size)."""
        return self._iterate(lambda starting_after: self.list_terminals(merchant_id=merchant_id, limit=limit, starting_after=starting_after))

    def get_terminal(self, id: str) -> Terminal:
        """GET /v1/terminals/{id}: Get a terminal."""
        return self._call("GET", "/v1/terminals/{id}", {"id": id}, query={}, headers={}, body=None, models={'200': 'Terminal'})

    def update_terminal(self, id: str, *, name: Optional[str] = None, tip_percentages: Optional[List[Union[str, int]]] = None, metadata: Optional[Dict[str, Any]] = None, idempotency_key: Optional[str] = None) -> Terminal:
        """POST /v1/terminals/{id}: Update a terminal."""
        return self._call("POST", "/v1/terminals/{id}", {"id": id}, query={}, headers={}, body={"name": name, "tip_percentages": tip_percentages, "metadata": metadata}, models={'200': 'Terminal'}, idempotency_key=idempotency_key)

    def get_terminal_page(self, id: str) -> bytes:
        """GET /pay/terminals/{id}: Public static link of a terminal."""
        return self._call("GET", "/pay/terminals/{id}", {"id": id}, query={}, headers={}, body=None, models={'200': '$raw'})

    def get_terminal_receipt(self, id: str, intent_id: str) -> bytes:
        """GET /pay/terminals/{id}/receipts/{intent_id}: Receipt of a register's payment."""
        return self._call("GET", "/pay/terminals/{id}/receipts/{intent_id}", {"id": id, "intent_id": intent_id}, query={}, headers={}, body=None, models={'200': '$raw'})
