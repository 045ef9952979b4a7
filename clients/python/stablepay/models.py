# Generated from openapi.json by scripts/generate-python-client.py. Do not edit.

"""Typed models: one dataclass per component schema of the contract (openapi.json).

Every model reads a JSON object leniently: a field the service adds later lands in `extra`, and a
field the object does not carry (its shape depends on its status) is None. `to_dict()` gives the
object as the service sent it. A `Literal` names the values the contract knew when this was
generated; a newer service may add values (new statuses, event types): compare, never exhaust."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Dict, List, Literal, Optional, Union

from ._model import Model

__all__ = ["ApproveRefundRequest", "Balance", "BalanceList", "CancelledPaymentIntent", "CreateDepositAddressRequest", "CreateMerchantRequest", "CreatePaymentIntentRequest", "CreatePaymentLinkRequest", "CreateRefundRequest", "CreateSettlementRequest", "CreateTerminalRequest", "CreateWebhookEndpointRequest", "DeletedWebhookEndpoint", "DepositAddress", "DepositAddressList", "Error", "Event", "EventList", "Merchant", "PairBalance", "PaymentIntent", "PaymentIntentConfirmedEventData", "PaymentIntentExpiredEventData", "PaymentIntentList", "PaymentIntentListItem", "PaymentLink", "PaymentLinkList", "RecoverWebhookEndpointDeliveriesRequest", "Refund", "RefundAuthorization", "RefundBudget", "RefundList", "ResendEventRequest", "SendWebhookEndpointTestEventRequest", "Settlement", "Terminal", "TerminalList", "Transaction", "TransactionList", "TransactionListItem", "TransferAuthorization", "TransferAuthorizationSubmission", "UpdateMerchantRequest", "UpdatePaymentLinkRequest", "UpdateTerminalRequest", "UpdateWebhookEndpointRequest", "WebhookDelivery", "WebhookDeliveryList", "WebhookEndpoint", "WebhookEndpointList", "WebhookEndpointRecovery", "WebhookEndpointWithSecret", "WebhookTestResult"]


@dataclass
class ApproveRefundRequest(Model):
    """Both fields are required (checked after the refund's id, so an unknown id is 404 whatever the body)."""

    # Required. The owner's 65-byte signature of `typed_data` (from GET …/authorization) with...
    signature: Optional[str] = None
    # Required. The `deadline` the owner signed (Unix seconds): not passed, and at most 7 day...
    deadline: Optional[Union[str, int]] = None
    extra: Dict[str, Any] = field(default_factory=dict, repr=False)

    _json_names = {"signature": "signature", "deadline": "deadline"}
    _conversions = {}

@dataclass
class Balance(Model):
    """Balance."""

    object: Literal["balance"]
    merchant_id: str
    # Net of the confirmed payments held in the merchant account and in no settlement (platfo...
    available: float
    # Withdrawn from the merchant account, on its way to the bank.
    pending_settlement: float
    currency: Literal["usd"]
    payment_address: str
    # The chain of the figures (the sandbox's test network is named as the chain it stands in...
    chain: Literal["base", "ethereum", "arbitrum", "optimism", "polygon"]
    last_updated: str
    extra: Dict[str, Any] = field(default_factory=dict, repr=False)

    _json_names = {"object": "object", "merchant_id": "merchant_id", "available": "available", "pending_settlement": "pending_settlement", "currency": "currency", "payment_address": "payment_address", "chain": "chain", "last_updated": "last_updated"}
    _conversions = {}

@dataclass
class BalanceList(Model):
    """BalanceList."""

    object: Literal["list"]
    # One item per enabled pair of the key's mode, in the order the configuration lists them.
    data: List[PairBalance]
    # True when more results follow; pass the last item's id as `starting_after`.
    has_more: bool
    # The number of enabled pairs.
    total_count: Union[str, int]
    extra: Dict[str, Any] = field(default_factory=dict, repr=False)

    _json_names = {"object": "object", "data": "data", "has_more": "has_more", "total_count": "total_count"}
    _conversions = {"data": ["list", ["model", "PairBalance"]]}

@dataclass
class CancelledPaymentIntent(Model):
    """CancelledPaymentIntent."""

    id: str
    object: Literal["payment_intent"]
    status: Literal["cancelled"]
    # Payment amount in USD.
    amount: float
    currency: Literal["usd"]
    merchant_id: str
    # Cancellation time.
    cancelled_at: str
    # The key-value pairs attached at creation, returned unchanged. At most 10 keys of up to...
    metadata: Dict[str, Any]
    # Creation time.
    created_at: str
    extra: Dict[str, Any] = field(default_factory=dict, repr=False)

    _json_names = {"id": "id", "object": "object", "status": "status", "amount": "amount", "currency": "currency", "merchant_id": "merchant_id", "cancelled_at": "cancelled_at", "metadata": "metadata", "created_at": "created_at"}
    _conversions = {}

@dataclass
class CreateDepositAddressRequest(Model):
    """Any other field is refused with 400 `parameter_unknown`."""

    # The merchant's own name for the customer (an account number, an email address), 1 to 20...
    customer_reference: str
    # The merchant the address pays. Required unless the API key is scoped to a single merchant.
    merchant_id: Optional[str] = None
    # At most 10 keys of up to 40 characters, string values of up to 500 characters. Copied o...
    metadata: Optional[Dict[str, Any]] = None
    extra: Dict[str, Any] = field(default_factory=dict, repr=False)

    _json_names = {"customer_reference": "customer_reference", "merchant_id": "merchant_id", "metadata": "metadata"}
    _conversions = {}

@dataclass
class CreateMerchantRequest(Model):
    """CreateMerchantRequest."""

    business_name: str
    email: str
    # The merchant's wallet: controls the account contract (and alone can change the payout a...
    owner_address: str
    # Where settlements withdraw the merchant's tokens to before the ACH transfer.
    payout_address: str
    # Either `token`, or (sandbox) `routing_number` and `account_number`.
    bank_account: Dict[str, Any]
    # `weekly_monday` (default), `daily`, `manual` (cash-out only), or `{cron, time_zone}`: a...
    settlement_schedule: Optional[Union[Literal["weekly_monday"], Literal["daily"], Literal["manual"], Dict[str, Any]]] = None
    # Up to 10 string values.
    metadata: Optional[Dict[str, Any]] = None
    extra: Dict[str, Any] = field(default_factory=dict, repr=False)

    _json_names = {"business_name": "business_name", "email": "email", "owner_address": "owner_address", "payout_address": "payout_address", "bank_account": "bank_account", "settlement_schedule": "settlement_schedule", "metadata": "metadata"}
    _conversions = {}

@dataclass
class CreatePaymentIntentRequest(Model):
    """Any other field is refused with 400 `parameter_unknown`."""

    # Amount in USD as a JSON number, 0.01 to 10000 inclusive, at most 2 decimal places. Stri...
    amount: float
    # Only `usd` (any case).
    currency: str
    # The merchant receiving the payment, `mer_*`.
    merchant_id: str
    # The key-value pairs attached at creation, returned unchanged. At most 10 keys of up to...
    metadata: Optional[Dict[str, Any]] = None
    # Seconds until the intent expires. Default 300.
    ttl: Optional[int] = None
    # Sending the same key again within 24 hours (same account and mode) returns the existing...
    idempotency_key: Optional[str] = None
    # The network the customer pays on. Default `base`. Only the pairs enabled on this servic...
    chain: Optional[Literal["base", "ethereum", "arbitrum", "optimism", "polygon"]] = None
    # The token the customer pays in, on that chain. Default `USDC`. Only the pairs enabled o...
    token: Optional[Literal["USDC", "USDT"]] = None
    payment_address_type: Optional[Literal["shared", "deposit"]] = None
    extra: Dict[str, Any] = field(default_factory=dict, repr=False)

    _json_names = {"amount": "amount", "currency": "currency", "merchant_id": "merchant_id", "metadata": "metadata", "ttl": "ttl", "idempotency_key": "idempotency_key", "chain": "chain", "token": "token", "payment_address_type": "payment_address_type"}
    _conversions = {}

@dataclass
class CreatePaymentLinkRequest(Model):
    """Any other field is refused with 400 `parameter_unknown`."""

    # The merchant paid through the link. Required unless the API key is scoped to a single m...
    merchant_id: Optional[str] = None
    # A fixed amount in USD, 0.01 to 10000, at most 2 decimals. Give this or `amount_options`.
    amount: Optional[float] = None
    # The customer types the amount, within these bounds (each 0.01 to 10000, at most 2 decim...
    amount_options: Optional[Dict[str, Any]] = None
    # Only `usd`.
    currency: Optional[str] = None
    # The network its intents are paid on. Default `base`. Only the pairs enabled on this ser...
    chain: Optional[Literal["base", "ethereum", "arbitrum", "optimism", "polygon"]] = None
    # The token its intents are paid in. Default `USDC`. Only the pairs enabled on this servi...
    token: Optional[Literal["USDC", "USDT"]] = None
    # At most this many intents of the link are confirmed; then it shows "used up". No limit...
    max_uses: Optional[Union[str, int]] = None
    # ISO 8601, in the future. From then on the link shows "expired".
    expires_at: Optional[str] = None
    after_completion: Optional[Dict[str, Any]] = None
    # At most 10 keys of up to 40 characters, string values of up to 500 characters. The link...
    metadata: Optional[Dict[str, Any]] = None
    extra: Dict[str, Any] = field(default_factory=dict, repr=False)

    _json_names = {"merchant_id": "merchant_id", "amount": "amount", "amount_options": "amount_options", "currency": "currency", "chain": "chain", "token": "token", "max_uses": "max_uses", "expires_at": "expires_at", "after_completion": "after_completion", "metadata": "metadata"}
    _conversions = {}

@dataclass
class CreateRefundRequest(Model):
    """Any other field is refused with 400 `parameter_unknown`."""

    # Where the refund is paid on the payment's chain (an EVM address). Required: the service...
    recipient_address: str
    # The paid intent (`confirmed` or `settled`) whose payment to refund, `pi_*`. Required un...
    payment_intent: Optional[str] = None
    # The payment to refund, `txn_*`: any confirmed payment, including a late one or one that...
    transaction: Optional[str] = None
    # USD to refund, up to 6 decimal places. Default: everything still refundable (the amount...
    amount: Optional[float] = None
    reason: Optional[Literal["duplicate", "fraudulent", "requested_by_customer"]] = None
    # Key-value pairs for your own use, returned unchanged. At most 10 keys of up to 40 chara...
    metadata: Optional[Dict[str, Any]] = None
    # Sending the same key again within 24 hours returns the refund it created (200, `Idempot...
    idempotency_key: Optional[str] = None
    extra: Dict[str, Any] = field(default_factory=dict, repr=False)

    _json_names = {"recipient_address": "recipient_address", "payment_intent": "payment_intent", "transaction": "transaction", "amount": "amount", "reason": "reason", "metadata": "metadata", "idempotency_key": "idempotency_key"}
    _conversions = {}

@dataclass
class CreateSettlementRequest(Model):
    """CreateSettlementRequest."""

    # The merchant. Required unless the key is scoped to a single merchant.
    merchant_id: Optional[str] = None
    # USD. Default: the whole available balance. If sent, it must equal the available balance...
    amount: Optional[float] = None
    extra: Dict[str, Any] = field(default_factory=dict, repr=False)

    _json_names = {"merchant_id": "merchant_id", "amount": "amount"}
    _conversions = {}

@dataclass
class CreateTerminalRequest(Model):
    """Any other field is refused with 400 `parameter_unknown`."""

    # What the register and its receipts call it, 1 to 100 characters.
    name: str
    # The merchant the register takes payments for. Required unless the API key is scoped to...
    merchant_id: Optional[str] = None
    # The tip percentages the register offers the customer after the amount (whole percents,...
    tip_percentages: Optional[List[Union[str, int]]] = None
    # At most 10 keys of up to 40 characters, string values of up to 500 characters.
    metadata: Optional[Dict[str, Any]] = None
    extra: Dict[str, Any] = field(default_factory=dict, repr=False)

    _json_names = {"name": "name", "merchant_id": "merchant_id", "tip_percentages": "tip_percentages", "metadata": "metadata"}
    _conversions = {}

@dataclass
class CreateWebhookEndpointRequest(Model):
    """CreateWebhookEndpointRequest."""

    # Where events are POSTed. Live: https, and a host that is not (and does not resolve to)...
    url: str
    # Event types to receive, or `["*"]` for every type (including types added later).
    enabled_events: List[Literal["payment_intent.confirmed", "payment_intent.expired", "transaction.created", "settlement.completed", "refund.created", "refund.updated", "refund.succeeded", "refund.failed", "payment_link.deactivated", "payment_link.used_up", "webhook_endpoint.disabled", "*"]]
    description: Optional[str] = None
    # Up to 10 string values (keys up to 40, values up to 500 characters).
    metadata: Optional[Dict[str, Any]] = None
    extra: Dict[str, Any] = field(default_factory=dict, repr=False)

    _json_names = {"url": "url", "enabled_events": "enabled_events", "description": "description", "metadata": "metadata"}
    _conversions = {}

@dataclass
class DeletedWebhookEndpoint(Model):
    """DeletedWebhookEndpoint."""

    id: str
    object: Literal["webhook_endpoint"]
    deleted: bool
    # Pending deliveries given up (each has a `dropped` attempt).
    dropped_deliveries: Union[str, int]
    extra: Dict[str, Any] = field(default_factory=dict, repr=False)

    _json_names = {"id": "id", "object": "object", "deleted": "deleted", "dropped_deliveries": "dropped_deliveries"}
    _conversions = {}

@dataclass
class DepositAddress(Model):
    """DepositAddress."""

    # `dep_*`
    id: str
    object: Literal["deposit_address"]
    # Where the customer sends, as often as they like (checksummed). The same address on ever...
    address: str
    customer_reference: str
    merchant_id: str
    # Where a payment to the address is taken: the chains and tokens enabled in this mode on...
    networks: List[Dict[str, Any]]
    # What its payments that did not fail add up to, in USD, over every chain and token.
    amount_received: float
    # How many payments (transactions) it received that did not fail.
    payment_count: Union[str, int]
    # At most 10 keys of up to 40 characters, string values of up to 500 characters. Copied o...
    metadata: Dict[str, Any]
    livemode: bool
    created_at: str
    extra: Dict[str, Any] = field(default_factory=dict, repr=False)

    _json_names = {"id": "id", "object": "object", "address": "address", "customer_reference": "customer_reference", "merchant_id": "merchant_id", "networks": "networks", "amount_received": "amount_received", "payment_count": "payment_count", "metadata": "metadata", "livemode": "livemode", "created_at": "created_at"}
    _conversions = {}

@dataclass
class DepositAddressList(Model):
    """DepositAddressList."""

    object: Literal["list"]
    # Newest first: `created_at` descending, then `id` descending.
    data: List[DepositAddress]
    # True when more results follow; pass the last item's id as `starting_after`.
    has_more: bool
    total_count: Union[str, int]
    extra: Dict[str, Any] = field(default_factory=dict, repr=False)

    _json_names = {"object": "object", "data": "data", "has_more": "has_more", "total_count": "total_count"}
    _conversions = {"data": ["list", ["model", "DepositAddress"]]}

@dataclass
class Error(Model):
    """Error."""

    error: Dict[str, Any]
    extra: Dict[str, Any] = field(default_factory=dict, repr=False)

    _json_names = {"error": "error"}
    _conversions = {}

@dataclass
class Event(Model):
    """Exactly the body delivered (or that would be delivered) to webhook endpoints."""

    # `evt_*`; also the `webhook-id` header of its deliveries.
    id: str
    object: Literal["event"]
    type: Literal["payment_intent.confirmed", "payment_intent.expired", "transaction.created", "settlement.completed", "refund.created", "refund.updated", "refund.succeeded", "refund.failed", "payment_link.deactivated", "payment_link.used_up", "webhook_endpoint.disabled"]
    created_at: str
    # The object the event is about, exactly as delivered (each event type's payload: the doc...
    data: Dict[str, Any]
    extra: Dict[str, Any] = field(default_factory=dict, repr=False)

    _json_names = {"id": "id", "object": "object", "type": "type", "created_at": "created_at", "data": "data"}
    _conversions = {}

@dataclass
class EventList(Model):
    """EventList."""

    object: Literal["list"]
    # Newest first: `created_at` descending, then `id` descending.
    data: List[Event]
    # True when more results follow; pass the last item's id as `starting_after`.
    has_more: bool
    # Events matching the filters, ignoring the cursor.
    total_count: Union[str, int]
    extra: Dict[str, Any] = field(default_factory=dict, repr=False)

    _json_names = {"object": "object", "data": "data", "has_more": "has_more", "total_count": "total_count"}
    _conversions = {"data": ["list", ["model", "Event"]]}

@dataclass
class Merchant(Model):
    """Merchant."""

    id: str
    object: Literal["merchant"]
    business_name: str
    email: str
    status: str
    kyc_status: str
    payout_method: str
    bank_account: Dict[str, Any]
    payment_address: str
    chain: Literal["base"]
    settlement_schedule: str
    fee_rate: float
    # What a payment intent created without `payment_address_type` gets: `shared` (the defaul...
    default_payment_address_type: Literal["shared", "deposit"]
    # USD a payment to a deposit address may fall short of the intent's amount and still conf...
    underpayment_tolerance: float
    # The integrator's own key-value data (up to 10 keys); `{}` when none.
    metadata: Dict[str, Any]
    created_at: str
    extra: Dict[str, Any] = field(default_factory=dict, repr=False)

    _json_names = {"id": "id", "object": "object", "business_name": "business_name", "email": "email", "status": "status", "kyc_status": "kyc_status", "payout_method": "payout_method", "bank_account": "bank_account", "payment_address": "payment_address", "chain": "chain", "settlement_schedule": "settlement_schedule", "fee_rate": "fee_rate", "default_payment_address_type": "default_payment_address_type", "underpayment_tolerance": "underpayment_tolerance", "metadata": "metadata", "created_at": "created_at"}
    _conversions = {}

@dataclass
class PairBalance(Model):
    """The balance of one enabled (chain, token) pair: the balance object plus `token`."""

    object: Literal["balance"]
    merchant_id: str
    # Net of the confirmed payments held in the merchant account and in no settlement (platfo...
    available: float
    # Withdrawn from the merchant account, on its way to the bank.
    pending_settlement: float
    currency: Literal["usd"]
    payment_address: str
    # The chain of the figures (the sandbox's test network is named as the chain it stands in...
    chain: Literal["base", "ethereum", "arbitrum", "optimism", "polygon"]
    last_updated: str
    # The token of the figures.
    token: Literal["USDC", "USDT"]
    extra: Dict[str, Any] = field(default_factory=dict, repr=False)

    _json_names = {"object": "object", "merchant_id": "merchant_id", "available": "available", "pending_settlement": "pending_settlement", "currency": "currency", "payment_address": "payment_address", "chain": "chain", "last_updated": "last_updated", "token": "token"}
    _conversions = {}

@dataclass
class PaymentIntent(Model):
    """A payment intent. `qr_payload` names the contract of its `token` on its `chain` (`<usdc>` below: that token's contract) and that chain's id. Create response and get in `awaiting_payment` or `expired`: the fields through `created_at` (`amount_received` for deposit intents only). Get in `cancelled`: plus `cancelled_at`. Get in `confirmed` or `settled`: plus `net_amount`, `fee`, `tx_hash`, `confir..."""

    # `pi_*`
    id: str
    object: Literal["payment_intent"]
    # `awaiting_payment` on creation; `expired`, `cancelled` and `settled` are final.
    status: Literal["awaiting_payment", "confirmed", "expired", "cancelled", "settled"]
    # Payment amount in USD.
    amount: float
    currency: Literal["usd"]
    merchant_id: str
    # Where the customer sends the intent's token (checksummed): the merchant's on-chain acco...
    payment_address: str
    # `shared`: `payment_address` is the merchant's account and the QR asks for the amount pl...
    payment_address_type: Literal["shared", "deposit"]
    # The network, by name. The chain id is in `qr_payload`; in the sandbox a test network ca...
    chain: Literal["base", "ethereum", "arbitrum", "optimism", "polygon"]
    # The token paid in, by symbol.
    token: Literal["USDC", "USDT"]
    # EIP-681 URI: `ethereum:<usdc>@<chainId>/transfer?address=<payment_address>&uint256=<exp...
    qr_payload: str
    # Hosted 400x400 PNG of `qr_payload`, `/v1/qr/{id}.png`; public, no key needed.
    qr_image_url: str
    # Creation time plus ttl.
    expires_at: str
    # The key-value pairs attached at creation, returned unchanged. At most 10 keys of up to...
    metadata: Dict[str, Any]
    # Creation time.
    created_at: str
    # Deposit intents only: USD received at the intent's address in its token on its chain, e...
    amount_received: Optional[float] = None
    # Present once cancelled.
    cancelled_at: Optional[str] = None
    # Present once confirmed (`confirmed`, `settled`). Amount minus fee.
    net_amount: Optional[float] = None
    # Present once confirmed. round_half_up(amount × fee_rate) at 6 decimals.
    fee: Optional[float] = None
    # Present once confirmed. On-chain transaction hash.
    tx_hash: Optional[str] = None
    # Present once confirmed.
    confirmed_at: Optional[str] = None
    # Present once confirmed. USD refunded of the intent's payment: its refunds that are not...
    amount_refunded: Optional[float] = None
    extra: Dict[str, Any] = field(default_factory=dict, repr=False)

    _json_names = {"id": "id", "object": "object", "status": "status", "amount": "amount", "currency": "currency", "merchant_id": "merchant_id", "payment_address": "payment_address", "payment_address_type": "payment_address_type", "chain": "chain", "token": "token", "qr_payload": "qr_payload", "qr_image_url": "qr_image_url", "expires_at": "expires_at", "metadata": "metadata", "created_at": "created_at", "amount_received": "amount_received", "cancelled_at": "cancelled_at", "net_amount": "net_amount", "fee": "fee", "tx_hash": "tx_hash", "confirmed_at": "confirmed_at", "amount_refunded": "amount_refunded"}
    _conversions = {}

@dataclass
class PaymentIntentConfirmedEventData(Model):
    """`data` of `payment_intent.confirmed`: the confirmed intent's payment, with its metadata."""

    # `pi_*`
    id: str
    object: Literal["payment_intent"]
    # `awaiting_payment` on creation; `expired`, `cancelled` and `settled` are final.
    status: Literal["awaiting_payment", "confirmed", "expired", "cancelled", "settled"]
    # Payment amount in USD.
    amount: float
    currency: Literal["usd"]
    # Present once confirmed (`confirmed`, `settled`). Amount minus fee.
    net_amount: float
    # Present once confirmed. round_half_up(amount × fee_rate) at 6 decimals.
    fee: float
    merchant_id: str
    # Present once confirmed. On-chain transaction hash.
    tx_hash: str
    # The network, by name. The chain id is in `qr_payload`; in the sandbox a test network ca...
    chain: Literal["base", "ethereum", "arbitrum", "optimism", "polygon"]
    # The token paid in, by symbol.
    token: Literal["USDC", "USDT"]
    # Present once confirmed.
    confirmed_at: str
    # The key-value pairs attached at creation, returned unchanged. At most 10 keys of up to...
    metadata: Dict[str, Any]
    extra: Dict[str, Any] = field(default_factory=dict, repr=False)

    _json_names = {"id": "id", "object": "object", "status": "status", "amount": "amount", "currency": "currency", "net_amount": "net_amount", "fee": "fee", "merchant_id": "merchant_id", "tx_hash": "tx_hash", "chain": "chain", "token": "token", "confirmed_at": "confirmed_at", "metadata": "metadata"}
    _conversions = {}

@dataclass
class PaymentIntentExpiredEventData(Model):
    """`data` of `payment_intent.expired`: the intent that expired unpaid."""

    # `pi_*`
    id: str
    object: Literal["payment_intent"]
    # `awaiting_payment` on creation; `expired`, `cancelled` and `settled` are final.
    status: Literal["awaiting_payment", "confirmed", "expired", "cancelled", "settled"]
    # Payment amount in USD.
    amount: float
    currency: Literal["usd"]
    merchant_id: str
    # Where the customer sends the intent's token (checksummed): the merchant's on-chain acco...
    payment_address: str
    # Creation time plus ttl.
    expires_at: str
    # The key-value pairs attached at creation, returned unchanged. At most 10 keys of up to...
    metadata: Dict[str, Any]
    # Creation time.
    created_at: str
    extra: Dict[str, Any] = field(default_factory=dict, repr=False)

    _json_names = {"id": "id", "object": "object", "status": "status", "amount": "amount", "currency": "currency", "merchant_id": "merchant_id", "payment_address": "payment_address", "expires_at": "expires_at", "metadata": "metadata", "created_at": "created_at"}
    _conversions = {}

@dataclass
class PaymentIntentList(Model):
    """PaymentIntentList."""

    object: Literal["list"]
    # Newest first: `created_at` descending, then `id` descending.
    data: List[PaymentIntentListItem]
    # True when more results follow; pass the last item's id as `starting_after`.
    has_more: bool
    # Every intent matching the filters, ignoring the cursor.
    total_count: int
    extra: Dict[str, Any] = field(default_factory=dict, repr=False)

    _json_names = {"object": "object", "data": "data", "has_more": "has_more", "total_count": "total_count"}
    _conversions = {"data": ["list", ["model", "PaymentIntentListItem"]]}

@dataclass
class PaymentIntentListItem(Model):
    """List item: no address, QR or `expires_at` fields; confirmation fields once confirmed, `cancelled_at` once cancelled."""

    id: str
    object: Literal["payment_intent"]
    # `awaiting_payment` on creation; `expired`, `cancelled` and `settled` are final.
    status: Literal["awaiting_payment", "confirmed", "expired", "cancelled", "settled"]
    # Payment amount in USD.
    amount: float
    currency: Literal["usd"]
    merchant_id: str
    # `shared`: `payment_address` is the merchant's account and the QR asks for the amount pl...
    payment_address_type: Literal["shared", "deposit"]
    # The network, by name. The chain id is in `qr_payload`; in the sandbox a test network ca...
    chain: Literal["base", "ethereum", "arbitrum", "optimism", "polygon"]
    # The token paid in, by symbol.
    token: Literal["USDC", "USDT"]
    # The key-value pairs attached at creation, returned unchanged. At most 10 keys of up to...
    metadata: Dict[str, Any]
    # Creation time.
    created_at: str
    # Deposit intents only: USD received at the intent's address in its token on its chain, e...
    amount_received: Optional[float] = None
    # Present once confirmed (`confirmed`, `settled`). Amount minus fee.
    net_amount: Optional[float] = None
    # Present once confirmed. round_half_up(amount × fee_rate) at 6 decimals.
    fee: Optional[float] = None
    # Present once confirmed. On-chain transaction hash.
    tx_hash: Optional[str] = None
    # Present once confirmed.
    confirmed_at: Optional[str] = None
    # Present once confirmed. USD refunded of the intent's payment: its refunds that are not...
    amount_refunded: Optional[float] = None
    # Present once cancelled.
    cancelled_at: Optional[str] = None
    extra: Dict[str, Any] = field(default_factory=dict, repr=False)

    _json_names = {"id": "id", "object": "object", "status": "status", "amount": "amount", "currency": "currency", "merchant_id": "merchant_id", "payment_address_type": "payment_address_type", "chain": "chain", "token": "token", "metadata": "metadata", "created_at": "created_at", "amount_received": "amount_received", "net_amount": "net_amount", "fee": "fee", "tx_hash": "tx_hash", "confirmed_at": "confirmed_at", "amount_refunded": "amount_refunded", "cancelled_at": "cancelled_at"}
    _conversions = {}

@dataclass
class PaymentLink(Model):
    """PaymentLink."""

    # `plink_*`
    id: str
    object: Literal["payment_link"]
    # The public page to share (a QR code, an NFC tag, a message): each visit gets its own pa...
    url: str
    active: bool
    amount: Optional[float]
    amount_options: Optional[Dict[str, Any]]
    currency: Literal["usd"]
    merchant_id: str
    # The network, by name. The chain id is in `qr_payload`; in the sandbox a test network ca...
    chain: Literal["base", "ethereum", "arbitrum", "optimism", "polygon"]
    # The token paid in, by symbol.
    token: Literal["USDC", "USDT"]
    max_uses: Optional[Union[str, int]]
    # How many of its intents were confirmed.
    uses: Union[str, int]
    expires_at: Optional[str]
    after_completion: Optional[Dict[str, Any]]
    # At most 10 keys of up to 40 characters, string values of up to 500 characters. The link...
    metadata: Dict[str, Any]
    livemode: bool
    created_at: str
    extra: Dict[str, Any] = field(default_factory=dict, repr=False)

    _json_names = {"id": "id", "object": "object", "url": "url", "active": "active", "amount": "amount", "amount_options": "amount_options", "currency": "currency", "merchant_id": "merchant_id", "chain": "chain", "token": "token", "max_uses": "max_uses", "uses": "uses", "expires_at": "expires_at", "after_completion": "after_completion", "metadata": "metadata", "livemode": "livemode", "created_at": "created_at"}
    _conversions = {}

@dataclass
class PaymentLinkList(Model):
    """PaymentLinkList."""

    object: Literal["list"]
    # Newest first: `created_at` descending, then `id` descending.
    data: List[PaymentLink]
    # True when more results follow; pass the last item's id as `starting_after`.
    has_more: bool
    total_count: Union[str, int]
    extra: Dict[str, Any] = field(default_factory=dict, repr=False)

    _json_names = {"object": "object", "data": "data", "has_more": "has_more", "total_count": "total_count"}
    _conversions = {"data": ["list", ["model", "PaymentLink"]]}

@dataclass
class RecoverWebhookEndpointDeliveriesRequest(Model):
    """RecoverWebhookEndpointDeliveriesRequest."""

    # Required. ISO 8601 timestamp (or a date): resend the failed deliveries created at or af...
    since: Optional[str] = None
    extra: Dict[str, Any] = field(default_factory=dict, repr=False)

    _json_names = {"since": "since"}
    _conversions = {}

@dataclass
class Refund(Model):
    """A refund: money paid back from the merchant's account to `recipient_address`."""

    # `re_*`
    id: str
    object: Literal["refund"]
    # `requires_approval`: no refund budget of the owner covers it, it waits for the owner's...
    status: Literal["requires_approval", "pending", "succeeded", "failed", "cancelled"]
    # USD refunded (in the payment's token, 1 USD = 1 token).
    amount: float
    currency: Literal["usd"]
    # The intent of the refunded payment; null for a payment that matched no intent.
    payment_intent: Optional[str]
    # The refunded payment, `txn_*`.
    transaction: str
    merchant_id: str
    # The network, by name. The chain id is in `qr_payload`; in the sandbox a test network ca...
    chain: Literal["base", "ethereum", "arbitrum", "optimism", "polygon"]
    # The token paid in, by symbol.
    token: Literal["USDC", "USDT"]
    # Where the refund is paid (checksummed).
    recipient_address: str
    reason: Optional[Literal["duplicate", "fraudulent", "requested_by_customer"]]
    # Key-value pairs for your own use, returned unchanged. At most 10 keys of up to 40 chara...
    metadata: Dict[str, Any]
    # The refund's on-chain transaction: set once it succeeded.
    tx_hash: Optional[str]
    # Why it failed (status `failed`); null otherwise.
    failure_reason: Optional[str]
    created_at: str
    extra: Dict[str, Any] = field(default_factory=dict, repr=False)

    _json_names = {"id": "id", "object": "object", "status": "status", "amount": "amount", "currency": "currency", "payment_intent": "payment_intent", "transaction": "transaction", "merchant_id": "merchant_id", "chain": "chain", "token": "token", "recipient_address": "recipient_address", "reason": "reason", "metadata": "metadata", "tx_hash": "tx_hash", "failure_reason": "failure_reason", "created_at": "created_at"}
    _conversions = {}

@dataclass
class RefundAuthorization(Model):
    """RefundAuthorization."""

    object: Literal["refund_authorization"]
    # The refund, `re_*`.
    refund: str
    # Who must sign: the merchant account's owner (checksummed).
    signer: str
    # Unix seconds: the signature pays nothing after this (24 hours from the request).
    deadline: Union[str, int]
    # The EIP-712 message, as `eth_signTypedData_v4` takes it.
    typed_data: Dict[str, Any]
    extra: Dict[str, Any] = field(default_factory=dict, repr=False)

    _json_names = {"object": "object", "refund": "refund", "signer": "signer", "deadline": "deadline", "typed_data": "typed_data"}
    _conversions = {}

@dataclass
class RefundBudget(Model):
    """RefundBudget."""

    object: Literal["refund_budget"]
    merchant_id: str
    # The network, by name. The chain id is in `qr_payload`; in the sandbox a test network ca...
    chain: Literal["base", "ethereum", "arbitrum", "optimism", "polygon"]
    # The token paid in, by symbol.
    token: Literal["USDC", "USDT"]
    # The budget granted: USD per rolling 24 hours (0: none).
    amount_per_day: float
    # What the operator may refund now (the budget less the refunds of the last 24 to 25 hours).
    available: float
    # When the budget ends; null when revoked.
    until: Optional[str]
    # The owner's transaction that granted or revoked it.
    tx_hash: str
    extra: Dict[str, Any] = field(default_factory=dict, repr=False)

    _json_names = {"object": "object", "merchant_id": "merchant_id", "chain": "chain", "token": "token", "amount_per_day": "amount_per_day", "available": "available", "until": "until", "tx_hash": "tx_hash"}
    _conversions = {}

@dataclass
class RefundList(Model):
    """RefundList."""

    object: Literal["list"]
    # Newest first: `created_at` descending, then `id` descending.
    data: List[Refund]
    # True when more results follow; pass the last item's id as `starting_after`.
    has_more: bool
    # Every refund matching the filters, ignoring the cursor.
    total_count: int
    extra: Dict[str, Any] = field(default_factory=dict, repr=False)

    _json_names = {"object": "object", "data": "data", "has_more": "has_more", "total_count": "total_count"}
    _conversions = {"data": ["list", ["model", "Refund"]]}

@dataclass
class ResendEventRequest(Model):
    """ResendEventRequest."""

    # Only this endpoint (`we_*`). Default: every enabled endpoint of the key's account that...
    endpoint_id: Optional[str] = None
    extra: Dict[str, Any] = field(default_factory=dict, repr=False)

    _json_names = {"endpoint_id": "endpoint_id"}
    _conversions = {}

@dataclass
class SendWebhookEndpointTestEventRequest(Model):
    """SendWebhookEndpointTestEventRequest."""

    event_type: Optional[Literal["payment_intent.confirmed", "payment_intent.expired", "transaction.created", "settlement.completed", "refund.created", "refund.updated", "refund.succeeded", "refund.failed", "payment_link.deactivated", "payment_link.used_up", "webhook_endpoint.disabled"]] = None
    extra: Dict[str, Any] = field(default_factory=dict, repr=False)

    _json_names = {"event_type": "event_type"}
    _conversions = {}

@dataclass
class Settlement(Model):
    """Settlement."""

    id: str
    object: Literal["settlement"]
    merchant_id: str
    # USD paid to the bank: the net amount of its transactions.
    amount: float
    currency: Literal["usd"]
    status: Literal["pending", "in_transit", "completed", "failed"]
    method: Literal["ach"]
    transaction_count: Union[str, int]
    bank_account: Dict[str, Any]
    initiated_at: str
    expected_arrival_date: Optional[str]
    completed_at: Optional[str]
    # The settlement's withdrawals from the merchant account, one per (chain, token) pair it...
    withdrawals: List[Dict[str, Any]]
    extra: Dict[str, Any] = field(default_factory=dict, repr=False)

    _json_names = {"id": "id", "object": "object", "merchant_id": "merchant_id", "amount": "amount", "currency": "currency", "status": "status", "method": "method", "transaction_count": "transaction_count", "bank_account": "bank_account", "initiated_at": "initiated_at", "expected_arrival_date": "expected_arrival_date", "completed_at": "completed_at", "withdrawals": "withdrawals"}
    _conversions = {}

@dataclass
class Terminal(Model):
    """Terminal."""

    # `term_*`
    id: str
    object: Literal["terminal"]
    # The register's static link (print it as a QR code, write it to an NFC tag at the counte...
    url: str
    merchant_id: str
    name: str
    tip_percentages: List[Union[str, int]]
    # The intent the register is charging now, while it awaits payment; null otherwise.
    current_payment_intent: Optional[str]
    # At most 10 keys of up to 40 characters, string values of up to 500 characters.
    metadata: Dict[str, Any]
    livemode: bool
    created_at: str
    extra: Dict[str, Any] = field(default_factory=dict, repr=False)

    _json_names = {"id": "id", "object": "object", "url": "url", "merchant_id": "merchant_id", "name": "name", "tip_percentages": "tip_percentages", "current_payment_intent": "current_payment_intent", "metadata": "metadata", "livemode": "livemode", "created_at": "created_at"}
    _conversions = {}

@dataclass
class TerminalList(Model):
    """TerminalList."""

    object: Literal["list"]
    # Newest first: `created_at` descending, then `id` descending.
    data: List[Terminal]
    # True when more results follow; pass the last item's id as `starting_after`.
    has_more: bool
    total_count: Union[str, int]
    extra: Dict[str, Any] = field(default_factory=dict, repr=False)

    _json_names = {"object": "object", "data": "data", "has_more": "has_more", "total_count": "total_count"}
    _conversions = {"data": ["list", ["model", "Terminal"]]}

@dataclass
class Transaction(Model):
    """A transaction: the record of a confirmed on-chain payment."""

    # `txn_*`
    id: str
    object: Literal["transaction"]
    # The intent the payment matched, `pi_*`; null for a payment that matched no intent (it i...
    payment_intent_id: Optional[str]
    merchant_id: str
    # `confirmed` once recorded; `settled` once paid out to the merchant's bank.
    status: Literal["confirmed", "settled", "failed"]
    # The amount received in USD (what arrived on-chain).
    amount: float
    currency: Literal["usd"]
    # Amount after fee: amount minus fee.
    net_amount: float
    # Fee in USD: round_half_up(amount × fee_rate) at 6 decimals.
    fee: float
    # The network, by name. The chain id is in `qr_payload`; in the sandbox a test network ca...
    chain: Literal["base", "ethereum", "arbitrum", "optimism", "polygon"]
    # The token paid in, by symbol.
    token: Literal["USDC", "USDT"]
    # On-chain transaction hash.
    tx_hash: str
    # `pending` until a settlement takes the funds, `in_transit` during the ACH transfer, `pa...
    settlement_status: Literal["pending", "in_transit", "paid", "failed"]
    # When the payment was confirmed on-chain.
    confirmed_at: str
    # Metadata of the payment intent; `{}` when there is none.
    metadata: Dict[str, Any]
    # USD refunded of this payment: its refunds that are not `failed` or `cancelled` (see Ref...
    amount_refunded: float
    # Fee rate applied (0.01 = 1%).
    fee_rate: float
    # Block that holds the transfer.
    block_number: Union[str, int]
    # The payer's on-chain address.
    sender_address: str
    # The merchant's on-chain account that received the payment.
    payment_address: str
    # Only on a payment to a customer's reusable deposit address (`dep_*`, see Deposit addres...
    deposit_address_id: Optional[str] = None
    extra: Dict[str, Any] = field(default_factory=dict, repr=False)

    _json_names = {"id": "id", "object": "object", "payment_intent_id": "payment_intent_id", "merchant_id": "merchant_id", "status": "status", "amount": "amount", "currency": "currency", "net_amount": "net_amount", "fee": "fee", "chain": "chain", "token": "token", "tx_hash": "tx_hash", "settlement_status": "settlement_status", "confirmed_at": "confirmed_at", "metadata": "metadata", "amount_refunded": "amount_refunded", "fee_rate": "fee_rate", "block_number": "block_number", "sender_address": "sender_address", "payment_address": "payment_address", "deposit_address_id": "deposit_address_id"}
    _conversions = {}

@dataclass
class TransactionList(Model):
    """TransactionList."""

    object: Literal["list"]
    # Newest first: `confirmed_at` descending, then `id` descending.
    data: List[TransactionListItem]
    # True when more results follow; pass the last item's id as `starting_after`.
    has_more: bool
    # Every transaction matching the filters, ignoring the cursor.
    total_count: Union[str, int]
    extra: Dict[str, Any] = field(default_factory=dict, repr=False)

    _json_names = {"object": "object", "data": "data", "has_more": "has_more", "total_count": "total_count"}
    _conversions = {"data": ["list", ["model", "TransactionListItem"]]}

@dataclass
class TransactionListItem(Model):
    """List item: the transaction without `fee_rate`, `block_number`, `sender_address` and `payment_address`."""

    # `txn_*`
    id: str
    object: Literal["transaction"]
    # The intent the payment matched, `pi_*`; null for a payment that matched no intent (it i...
    payment_intent_id: Optional[str]
    merchant_id: str
    # `confirmed` once recorded; `settled` once paid out to the merchant's bank.
    status: Literal["confirmed", "settled", "failed"]
    # The amount received in USD (what arrived on-chain).
    amount: float
    currency: Literal["usd"]
    # Amount after fee: amount minus fee.
    net_amount: float
    # Fee in USD: round_half_up(amount × fee_rate) at 6 decimals.
    fee: float
    # The network, by name. The chain id is in `qr_payload`; in the sandbox a test network ca...
    chain: Literal["base", "ethereum", "arbitrum", "optimism", "polygon"]
    # The token paid in, by symbol.
    token: Literal["USDC", "USDT"]
    # On-chain transaction hash.
    tx_hash: str
    # `pending` until a settlement takes the funds, `in_transit` during the ACH transfer, `pa...
    settlement_status: Literal["pending", "in_transit", "paid", "failed"]
    # When the payment was confirmed on-chain.
    confirmed_at: str
    # Metadata of the payment intent; `{}` when there is none.
    metadata: Dict[str, Any]
    # USD refunded of this payment: its refunds that are not `failed` or `cancelled` (see Ref...
    amount_refunded: float
    # Only on a payment to a customer's reusable deposit address (`dep_*`, see Deposit addres...
    deposit_address_id: Optional[str] = None
    extra: Dict[str, Any] = field(default_factory=dict, repr=False)

    _json_names = {"id": "id", "object": "object", "payment_intent_id": "payment_intent_id", "merchant_id": "merchant_id", "status": "status", "amount": "amount", "currency": "currency", "net_amount": "net_amount", "fee": "fee", "chain": "chain", "token": "token", "tx_hash": "tx_hash", "settlement_status": "settlement_status", "confirmed_at": "confirmed_at", "metadata": "metadata", "amount_refunded": "amount_refunded", "deposit_address_id": "deposit_address_id"}
    _conversions = {}

@dataclass
class TransferAuthorization(Model):
    """TransferAuthorization."""

    object: Literal["transfer_authorization"]
    # Pass as the second parameter of `eth_signTypedData_v4` (JSON.stringify).
    typed_data: Dict[str, Any]
    extra: Dict[str, Any] = field(default_factory=dict, repr=False)

    _json_names = {"object": "object", "typed_data": "typed_data"}
    _conversions = {}

@dataclass
class TransferAuthorizationSubmission(Model):
    """TransferAuthorizationSubmission."""

    object: Literal["transfer_authorization_submission"]
    payment_intent_id: str
    # `mined`: the relay is in a block (the intent confirms once the block has its confirmati...
    status: Literal["submitted", "mined", "superseded", "cancelled", "reverted"]
    # The operator's relay transaction.
    tx_hash: str
    extra: Dict[str, Any] = field(default_factory=dict, repr=False)

    _json_names = {"object": "object", "payment_intent_id": "payment_intent_id", "status": "status", "tx_hash": "tx_hash"}
    _conversions = {}

@dataclass
class UpdateMerchantRequest(Model):
    """UpdateMerchantRequest."""

    business_name: Optional[str] = None
    email: Optional[str] = None
    # `weekly_monday` (default), `daily`, `manual` (cash-out only), or `{cron, time_zone}`: a...
    settlement_schedule: Optional[Union[Literal["weekly_monday"], Literal["daily"], Literal["manual"], Dict[str, Any]]] = None
    # Either `token`, or (sandbox) `routing_number` and `account_number`.
    bank_account: Optional[Dict[str, Any]] = None
    # Up to 10 string values.
    metadata: Optional[Dict[str, Any]] = None
    default_payment_address_type: Optional[Literal["shared", "deposit"]] = None
    # USD, 0 to 10000, at most 2 decimal places: how far short of its amount a payment to a d...
    underpayment_tolerance: Optional[float] = None
    extra: Dict[str, Any] = field(default_factory=dict, repr=False)

    _json_names = {"business_name": "business_name", "email": "email", "settlement_schedule": "settlement_schedule", "bank_account": "bank_account", "metadata": "metadata", "default_payment_address_type": "default_payment_address_type", "underpayment_tolerance": "underpayment_tolerance"}
    _conversions = {}

@dataclass
class UpdatePaymentLinkRequest(Model):
    """UpdatePaymentLinkRequest."""

    # false: the link takes no more payments (its page says so; intents already open can stil...
    active: Optional[bool] = None
    # At most 10 keys of up to 40 characters, string values of up to 500 characters. The link...
    metadata: Optional[Dict[str, Any]] = None
    # null removes the redirect.
    after_completion: Optional[Dict[str, Any]] = None
    extra: Dict[str, Any] = field(default_factory=dict, repr=False)

    _json_names = {"active": "active", "metadata": "metadata", "after_completion": "after_completion"}
    _conversions = {}

@dataclass
class UpdateTerminalRequest(Model):
    """UpdateTerminalRequest."""

    # What the register and its receipts call it, 1 to 100 characters.
    name: Optional[str] = None
    # The tip percentages the register offers the customer after the amount (whole percents,...
    tip_percentages: Optional[List[Union[str, int]]] = None
    # At most 10 keys of up to 40 characters, string values of up to 500 characters.
    metadata: Optional[Dict[str, Any]] = None
    extra: Dict[str, Any] = field(default_factory=dict, repr=False)

    _json_names = {"name": "name", "tip_percentages": "tip_percentages", "metadata": "metadata"}
    _conversions = {}

@dataclass
class UpdateWebhookEndpointRequest(Model):
    """UpdateWebhookEndpointRequest."""

    # Where events are POSTed. Live: https, and a host that is not (and does not resolve to)...
    url: Optional[str] = None
    # Event types to receive, or `["*"]` for every type (including types added later).
    enabled_events: Optional[List[Literal["payment_intent.confirmed", "payment_intent.expired", "transaction.created", "settlement.completed", "refund.created", "refund.updated", "refund.succeeded", "refund.failed", "payment_link.deactivated", "payment_link.used_up", "webhook_endpoint.disabled", "*"]]] = None
    description: Optional[str] = None
    # Up to 10 string values (keys up to 40, values up to 500 characters).
    metadata: Optional[Dict[str, Any]] = None
    # true: no deliveries are attempted (pending ones are held); false: enabled again.
    disabled: Optional[bool] = None
    extra: Dict[str, Any] = field(default_factory=dict, repr=False)

    _json_names = {"url": "url", "enabled_events": "enabled_events", "description": "description", "metadata": "metadata", "disabled": "disabled"}
    _conversions = {}

@dataclass
class WebhookDelivery(Model):
    """WebhookDelivery."""

    id: str
    object: Literal["webhook_delivery"]
    event_id: str
    event_type: Optional[str]
    endpoint_id: str
    status: Literal["pending", "succeeded", "failed"]
    attempt_count: Union[str, int]
    next_attempt_at: Optional[str]
    created_at: str
    finished_at: Optional[str]
    attempts: List[Dict[str, Any]]
    extra: Dict[str, Any] = field(default_factory=dict, repr=False)

    _json_names = {"id": "id", "object": "object", "event_id": "event_id", "event_type": "event_type", "endpoint_id": "endpoint_id", "status": "status", "attempt_count": "attempt_count", "next_attempt_at": "next_attempt_at", "created_at": "created_at", "finished_at": "finished_at", "attempts": "attempts"}
    _conversions = {}

@dataclass
class WebhookDeliveryList(Model):
    """WebhookDeliveryList."""

    object: Literal["list"]
    # Newest first.
    data: List[WebhookDelivery]
    # True when more results follow; pass the last item's id as `starting_after`.
    has_more: bool
    total_count: Union[str, int]
    extra: Dict[str, Any] = field(default_factory=dict, repr=False)

    _json_names = {"object": "object", "data": "data", "has_more": "has_more", "total_count": "total_count"}
    _conversions = {"data": ["list", ["model", "WebhookDelivery"]]}

@dataclass
class WebhookEndpoint(Model):
    """WebhookEndpoint."""

    id: str
    object: Literal["webhook_endpoint"]
    url: str
    enabled_events: List[Literal["payment_intent.confirmed", "payment_intent.expired", "transaction.created", "settlement.completed", "refund.created", "refund.updated", "refund.succeeded", "refund.failed", "payment_link.deactivated", "payment_link.used_up", "webhook_endpoint.disabled", "*"]]
    description: Optional[str]
    # Up to 10 string values (keys up to 40, values up to 500 characters).
    metadata: Dict[str, Any]
    status: Literal["enabled", "disabled"]
    # Why it is disabled (through the API, or an HTTP 410 Gone from the URL).
    disabled_reason: Optional[str]
    livemode: bool
    created_at: str
    extra: Dict[str, Any] = field(default_factory=dict, repr=False)

    _json_names = {"id": "id", "object": "object", "url": "url", "enabled_events": "enabled_events", "description": "description", "metadata": "metadata", "status": "status", "disabled_reason": "disabled_reason", "livemode": "livemode", "created_at": "created_at"}
    _conversions = {}

@dataclass
class WebhookEndpointList(Model):
    """WebhookEndpointList."""

    object: Literal["list"]
    # Newest first.
    data: List[WebhookEndpoint]
    # True when more results follow; pass the last item's id as `starting_after`.
    has_more: bool
    total_count: Union[str, int]
    extra: Dict[str, Any] = field(default_factory=dict, repr=False)

    _json_names = {"object": "object", "data": "data", "has_more": "has_more", "total_count": "total_count"}
    _conversions = {"data": ["list", ["model", "WebhookEndpoint"]]}

@dataclass
class WebhookEndpointRecovery(Model):
    """WebhookEndpointRecovery."""

    object: Literal["webhook_endpoint_recovery"]
    endpoint_id: str
    since: str
    # New deliveries made, due now (held while the endpoint is disabled).
    recovered: Union[str, int]
    # More failed deliveries are left than one call resends: call again with the same `since`.
    has_more: bool
    extra: Dict[str, Any] = field(default_factory=dict, repr=False)

    _json_names = {"object": "object", "endpoint_id": "endpoint_id", "since": "since", "recovered": "recovered", "has_more": "has_more"}
    _conversions = {}

@dataclass
class WebhookEndpointWithSecret(Model):
    """WebhookEndpointWithSecret."""

    id: str
    object: Literal["webhook_endpoint"]
    url: str
    enabled_events: List[Literal["payment_intent.confirmed", "payment_intent.expired", "transaction.created", "settlement.completed", "refund.created", "refund.updated", "refund.succeeded", "refund.failed", "payment_link.deactivated", "payment_link.used_up", "webhook_endpoint.disabled", "*"]]
    description: Optional[str]
    # Up to 10 string values (keys up to 40, values up to 500 characters).
    metadata: Dict[str, Any]
    status: Literal["enabled", "disabled"]
    # Why it is disabled (through the API, or an HTTP 410 Gone from the URL).
    disabled_reason: Optional[str]
    livemode: bool
    created_at: str
    # `whsec_…`: the signing secret. Shown only in this response (a create's idempotent repla...
    secret: str
    extra: Dict[str, Any] = field(default_factory=dict, repr=False)

    _json_names = {"id": "id", "object": "object", "url": "url", "enabled_events": "enabled_events", "description": "description", "metadata": "metadata", "status": "status", "disabled_reason": "disabled_reason", "livemode": "livemode", "created_at": "created_at", "secret": "secret"}
    _conversions = {}

@dataclass
class WebhookTestResult(Model):
    """WebhookTestResult."""

    object: Literal["webhook_endpoint_test"]
    endpoint_id: str
    # The test event's id (the `webhook-id` header it was sent with); it is not stored.
    event_id: str
    # `webhook_endpoint.test`, or the `event_type` asked for.
    event_type: Literal["webhook_endpoint.test", "payment_intent.confirmed", "payment_intent.expired", "transaction.created", "settlement.completed", "refund.created", "refund.updated", "refund.succeeded", "refund.failed", "payment_link.deactivated", "payment_link.used_up", "webhook_endpoint.disabled"]
    # The endpoint answered 2xx.
    succeeded: bool
    status_code: Optional[Union[str, int]]
    duration_ms: Union[str, int]
    error: Optional[str]
    response_snippet: Optional[str]
    extra: Dict[str, Any] = field(default_factory=dict, repr=False)

    _json_names = {"object": "object", "endpoint_id": "endpoint_id", "event_id": "event_id", "event_type": "event_type", "succeeded": "succeeded", "status_code": "status_code", "duration_ms": "duration_ms", "error": "error", "response_snippet": "response_snippet"}
    _conversions = {}


MODELS: Dict[str, type] = {"ApproveRefundRequest": ApproveRefundRequest, "Balance": Balance, "BalanceList": BalanceList, "CancelledPaymentIntent": CancelledPaymentIntent, "CreateDepositAddressRequest": CreateDepositAddressRequest, "CreateMerchantRequest": CreateMerchantRequest, "CreatePaymentIntentRequest": CreatePaymentIntentRequest, "CreatePaymentLinkRequest": CreatePaymentLinkRequest, "CreateRefundRequest": CreateRefundRequest, "CreateSettlementRequest": CreateSettlementRequest, "CreateTerminalRequest": CreateTerminalRequest, "CreateWebhookEndpointRequest": CreateWebhookEndpointRequest, "DeletedWebhookEndpoint": DeletedWebhookEndpoint, "DepositAddress": DepositAddress, "DepositAddressList": DepositAddressList, "Error": Error, "Event": Event, "EventList": EventList, "Merchant": Merchant, "PairBalance": PairBalance, "PaymentIntent": PaymentIntent, "PaymentIntentConfirmedEventData": PaymentIntentConfirmedEventData, "PaymentIntentExpiredEventData": PaymentIntentExpiredEventData, "PaymentIntentList": PaymentIntentList, "PaymentIntentListItem": PaymentIntentListItem, "PaymentLink": PaymentLink, "PaymentLinkList": PaymentLinkList, "RecoverWebhookEndpointDeliveriesRequest": RecoverWebhookEndpointDeliveriesRequest, "Refund": Refund, "RefundAuthorization": RefundAuthorization, "RefundBudget": RefundBudget, "RefundList": RefundList, "ResendEventRequest": ResendEventRequest, "SendWebhookEndpointTestEventRequest": SendWebhookEndpointTestEventRequest, "Settlement": Settlement, "Terminal": Terminal, "TerminalList": TerminalList, "Transaction": Transaction, "TransactionList": TransactionList, "TransactionListItem": TransactionListItem, "TransferAuthorization": TransferAuthorization, "TransferAuthorizationSubmission": TransferAuthorizationSubmission, "UpdateMerchantRequest": UpdateMerchantRequest, "UpdatePaymentLinkRequest": UpdatePaymentLinkRequest, "UpdateTerminalRequest": UpdateTerminalRequest, "UpdateWebhookEndpointRequest": UpdateWebhookEndpointRequest, "WebhookDelivery": WebhookDelivery, "WebhookDeliveryList": WebhookDeliveryList, "WebhookEndpoint": WebhookEndpoint, "WebhookEndpointList": WebhookEndpointList, "WebhookEndpointRecovery": WebhookEndpointRecovery, "WebhookEndpointWithSecret": WebhookEndpointWithSecret, "WebhookTestResult": WebhookTestResult}
