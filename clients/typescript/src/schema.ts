// Generated from the service's OpenAPI document by scripts/generate-client.ts (openapi-typescript). Do not edit.
export interface paths {
    "/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Liveness
         * @description The process answers, and each of its worker loops finished a round within its allowance (3 times its interval and longest backoff, at least 2 minutes); 503 names the loops that did not (restart the process). Public.
         */
        get: operations["getHealth"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/ready": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Readiness
         * @description The process can serve requests: Postgres answers within 2 s (503 otherwise; 503 with `draining: true` at once from the moment the process is told to stop). Also reports, per chain, whether its RPC answers, the head and indexed blocks and the indexer's lag (`starting` before its first checkpoint, `catching_up` when more than 5 blocks behind), and whether the operator's transactions (fee collection, withdrawals, account deployments) are `stuck` (the oldest unconfirmed one waited 2 minutes or more; `operator_unconfirmed_s` says how long); these do not change the status code. Public.
         */
        get: operations["getReadiness"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/merchants/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a merchant
         * @description The merchant profile, onboarding status and configuration.
         */
        get: operations["getMerchant"];
        put?: never;
        /**
         * Update a merchant
         * @description Changes business_name, email, settlement_schedule, bank_account, metadata, default_payment_address_type or underpayment_tolerance. Fields that exist but do not change here are 400 `parameter_invalid` saying why (payout_address: on-chain by the owner; fee_rate: the platform's; …); anything else unknown is `parameter_unknown`.
         */
        post: operations["updateMerchant"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/merchants/{id}/balance": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a merchant balance
         * @description The balance of one (chain, token) pair: `base`/`USDC` when called without parameters; `?chain=…&token=…` (either defaults as on create) answers the same shape for that pair, and a pair not enabled for the key's mode is 400 `parameter_invalid` naming the allowed pairs. Every pair at once: `GET /v1/merchants/{id}/balances`. `available`: the net of the confirmed payments in that token held in the merchant's account contract and in no settlement (checked against the chain at the newest block whose payments are all recorded). `pending_settlement`: withdrawn and on its way to the bank. Amounts are USD.
         */
        get: operations["getMerchantBalance"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/merchants/{id}/balances": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List a merchant's balances, one per pair
         * @description How an integrator reads every pair: a list (`{object: "list", data: [...]}`, never paginated) of the merchant's balance in each (chain, token) pair enabled for the key's mode, each exactly the balance of `GET /v1/merchants/{id}/balance?chain=…&token=…` plus its `token`: the pairs the operator enables (USDC and USDT on `base` and further chains).
         */
        get: operations["listMerchantBalances"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/merchants": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List merchants
         * @description The merchants of the key's integrator account in its mode, newest first (a scoped key: its one merchant).
         */
        get: operations["listMerchants"];
        put?: never;
        /**
         * Create a merchant
         * @description Onboards a merchant for the key's integrator account (keys scoped to a merchant cannot). Sandbox: approved at once; its account contract is deployed and it becomes `active` (answered `pending` if the deployment takes longer than 1.5 s; poll GET until `active`). Live: `pending` with `kyc_status: pending` until the operator approves it. The fee rate is the platform's. Bank account: a payout-provider token, or in the sandbox routing and account numbers (ABA checksum), tokenized: only the bank name and last 4 digits are kept. Idempotent with `Idempotency-Key`.
         */
        post: operations["createMerchant"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/payment-intents": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List payment intents
         * @description Intents of one merchant, newest first (`created_at` descending, then `id` descending). Time filters are strict. `total_count` counts every match, ignoring the cursor.
         */
        get: operations["listPaymentIntents"];
        put?: never;
        /**
         * Create a payment intent
         * @description Creates an intent in `awaiting_payment` and reserves its expected value at the merchant's payment address: the amount plus a tag (0 when no other intent holds the amount; always below the tag width, 10,000 base units = one cent by default) not held by another open or recently closed intent of that merchant. At most that many intents of one amount hold a value at once per merchant: beyond, 409 `too_many_open_intents`. With `payment_address_type: deposit` (or the merchant's default) the intent gets an address of its own instead (the same on every chain), reserves no value, and its QR asks for exactly the amount: every transfer to that address counts toward it, whatever the amounts. `expires_at` is creation time plus `ttl`. Idempotent with `idempotency_key` or the `Idempotency-Key` header.
         */
        post: operations["createPaymentIntent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/payment-intents/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a payment intent
         * @description The current state of the intent, including the payment's fee breakdown and transaction hash once confirmed.
         */
        get: operations["getPaymentIntent"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/payment-intents/{id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cancel a payment intent
         * @description Cancels an intent in `awaiting_payment`. No body (an empty JSON object is accepted). Any other status is 409 `intent_not_cancellable`, naming the current status. The expected value stays reserved for 24 hours, so a late payment is still linked to this intent (recorded as a transaction, no `payment_intent.confirmed`). No event is sent.
         */
        post: operations["cancelPaymentIntent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/qr/{payment_intent_id}.png": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * QR image of a payment intent
         * @description A 400x400 PNG of exactly the intent's `qr_payload` (error correction level M, with quiet zone), the target of `qr_image_url`. Public: no API key is needed, so a checkout page can put it in an `<img>`. Query parameters are ignored.
         */
        get: operations["getPaymentIntentQrImage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/pay/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Hosted payment page of a payment intent
         * @description An HTML page for the customer: merchant name, amount in USD and the exact value to send in the intent's token (tag included), network, the QR code of `qr_payload`, the payment address and amount with copy buttons, an "Open in wallet" link (the EIP-681 `qr_payload`), a countdown to `expires_at`, payment with a browser wallet (EIP-1193), and the status live (server-sent events from `/pay/{id}/events`, polling `/pay/{id}/status` as a fallback). Public: no API key is needed; link customers to `{PUBLIC_BASE_URL}/pay/{payment_intent_id}`. Served with `Content-Security-Policy: default-src 'self'`; every asset comes from this service. An unknown id is an HTML 404 page.
         */
        get: operations["getHostedPaymentPage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/payment-intents/{id}/authorization": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Typed data to pay a payment intent by signature
         * @description The EIP-3009 `TransferWithAuthorization` the payer signs with `eth_signTypedData_v4` to pay this intent without holding ETH for gas: from the payer, to the intent's `payment_address`, the intent's exact `amount` in base units (no tag), valid until the intent's `expires_at`, and a nonce derived from the intent and the payer (one intent is never paid twice by one payer's signatures). The domain is read from the token itself. Then POST the signature to the same path. Public, like the QR image: the intent id is the capability. Intents whose token does not take authorizations (USDT) answer 400 `authorization_unsupported`: pay those with a transfer.
         */
        get: operations["getPaymentIntentAuthorization"];
        put?: never;
        /**
         * Pay a payment intent by signature
         * @description Submits the payer's signature of the typed data from GET. Everything is verified before any transaction is sent: the intent is open, the nonce is the intent's for this payer, `valid_before` is no later than the intent's expiry and not past, the signature is the payer's (an account, or a contract wallet through ERC-1271) over exactly this intent's amount, recipient, token and chain, the nonce is unused on chain, the payer holds the amount besides its other relays on their way, the call simulates within the operator's gas cap, the gas price is under the ceiling, and the operator's relay budgets (per payer in flight, per merchant and in all per hour) allow it. Then the service sends `transferWithAuthorization` and pays its gas. The answer says what became of it within a few seconds: `mined`, `submitted` (not mined yet: never a failure; the intent confirms from the chain), `superseded` (someone else sent the same authorization first: the intent confirms from theirs), `cancelled` (the payer cancelled it on chain first: nothing was paid) or `reverted`. Submitting the same authorization again (at once or later) sends nothing new: the answer names the same transaction. The answer comes within the request's deadline: a 503 that says `Nothing was sent` is certain; `relay_pending` means the relay may be out (wait, do not pay again).
         */
        post: operations["submitPaymentIntentAuthorization"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/test_helpers/payment_intents/{id}/pay": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Pay a payment intent (sandbox)
         * @description Sends the intent's test token (USDC or USDT) from the sandbox's funded payer wallet to the intent's payment address on the intent's sandbox chain and waits until the transfer is mined. Answers with the intent in its get shape: it is still `awaiting_payment` until the service confirms the payment like any other (usually within a second or two). Any status may be paid, which is how a late payment to an expired intent is tried. Sandbox keys only.
         */
        post: operations["testHelperPayPaymentIntent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/test_helpers/payment_intents/{id}/expire": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Make a payment intent due now (sandbox)
         * @description Sets `expires_at` to now if the intent is still `awaiting_payment` (otherwise nothing changes). The service then expires it as it would at the end of its ttl, usually within a second, and sends `payment_intent.expired`. Answers with the intent in its get shape at the time of the call. No body. Sandbox keys only.
         */
        post: operations["testHelperExpirePaymentIntent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/test_helpers/refunds/{id}/approve": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Approve a refund as its merchant's owner (sandbox)
         * @description Stands in for the owner's wallet: signs the refund's EIP-712 authorization (valid one hour) with the owner key the sandbox knows (the demo merchant's, and that of any test merchant onboarded with the sandbox payer as owner) and hands it to the service, which submits it on chain: the refund is `pending` in the answer, then `succeeded` (`refund.updated`, then `refund.succeeded`). Only a refund in `requires_approval` (409 `refund_not_approvable` otherwise, a cancelled one included). No body. Sandbox keys only.
         */
        post: operations["testHelperApproveRefund"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/test_helpers/merchants/{id}/refund_budget": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Grant or revoke a refund budget as the merchant's owner (sandbox)
         * @description Stands in for the owner's wallet: sends grantRefundBudget(token, amount_per_day, now + 365 days) to the merchant's version 2 account with the owner key the sandbox knows, or revokeRefundBudget(token) for 0. Refunds the budget covers are then `pending` at once and sent by the service (refundFromBudget); the contract keeps the operator's refunds in that token within the amount in any 24 hours. Answers with the budget as the contract now has it. Sandbox keys only.
         */
        post: operations["testHelperSetRefundBudget"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/transactions/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a transaction
         * @description The full record of a confirmed on-chain payment: on-chain data, fee breakdown and settlement status.
         */
        get: operations["getTransaction"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/transactions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List transactions
         * @description Transactions of a merchant, newest first (`confirmed_at` descending, then `id` descending), including payments that matched no intent (`payment_intent_id: null`). Unknown query parameters are refused with 400 `parameter_unknown`.
         */
        get: operations["listTransactions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/test_helpers/settlements/advance": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Advance settlements (sandbox)
         * @description Runs the settlements of the merchants the key may see (or of `merchant_id`): their available balance is settled now as if the schedule were due, the funds are withdrawn on the sandbox chain to the payout address, the ACH transfer is started, and the sandbox clock is advanced until the transfers arrive (1 to 3 US business days), so they complete: intents and transactions become `settled`, `settlement_status` becomes `paid`, and `settlement.completed` is sent. Answers with a list of the settlements that were created or changed, in their get shape. Sandbox keys only.
         */
        post: operations["testHelperAdvanceSettlements"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List events
         * @description Events of the last 30 days the key may see, newest first: those about its account's intents and those about its account's merchants (payments without an intent, settlements), in its mode. A key scoped to a merchant sees only that merchant's events. Each item is exactly the body delivered to webhook endpoints.
         */
        get: operations["listEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/events/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get an event
         * @description The event as delivered (or as it would be delivered) to webhook endpoints. Kept 30 days.
         */
        get: operations["getEvent"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/events/{id}/resend": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Resend an event
         * @description A new delivery of the event, due now, to every enabled endpoint of the key's account that subscribes to its type (or only to `endpoint_id`). Same `webhook-id`, so receivers that already have it dedupe. Answers with the new deliveries. Not idempotent by design: each call is one more delivery, which receivers dedupe.
         */
        post: operations["resendEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhook_endpoints": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List webhook endpoints
         * @description The account's endpoints in the key's mode, newest first. Secrets are never listed.
         */
        get: operations["listWebhookEndpoints"];
        put?: never;
        /**
         * Create a webhook endpoint
         * @description Registers a URL for the key's account and mode. The answer carries the `whsec_` signing secret, shown only here and in a replay of this create. Idempotent with the `Idempotency-Key` header (a replay answers 200 with the endpoint's current state and the secret the first answer showed). Keys scoped to a merchant cannot manage endpoints (404).
         */
        post: operations["createWebhookEndpoint"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhook_endpoints/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a webhook endpoint
         * @description The endpoint, without its secret.
         */
        get: operations["getWebhookEndpoint"];
        put?: never;
        /**
         * Update a webhook endpoint
         * @description Changes the given fields. `disabled: true` stops deliveries (pending ones are held and sent once enabled again, for up to 7 days); `disabled: false` enables it again. The URL rules are those of create.
         */
        post: operations["updateWebhookEndpoint"];
        /**
         * Delete a webhook endpoint
         * @description The endpoint receives nothing more and is no longer shown. Its pending deliveries are dropped: each becomes `failed` with a `dropped` attempt in its log.
         */
        delete: operations["deleteWebhookEndpoint"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhook_endpoints/{id}/rotate_secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Rotate a webhook endpoint's secret
         * @description A new `whsec_` secret, shown only in this response. For 24 hours deliveries carry a signature with each secret still valid (space-separated in `webhook-signature`, as Standard Webhooks allows), then the replaced one stops. Rotating again within 24 hours keeps every replaced secret until its own 24 hours end.
         */
        post: operations["rotateWebhookEndpointSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhook_endpoints/{id}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a test event to a webhook endpoint
         * @description POSTs one test event to the endpoint now, signed like every delivery (Standard Webhooks, with each secret still valid), and answers with what came back: status, time, the first 1 KiB of the body. By default a `webhook_endpoint.test` event; with `event_type`, a sample event of that type, its `data` shaped exactly as the real one's, with made-up ids. Every test event carries `"test": true` in its envelope, which real events never do. The test event is not stored, listed or retried, no other endpoint receives it, and a disabled endpoint receives it too (it is how you check a receiver before enabling it). Live URLs pass the URL rules again first. The answer waits at most 4 s for the endpoint.
         */
        post: operations["sendWebhookEndpointTestEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhook_endpoints/{id}/recover": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Resend a webhook endpoint's failed deliveries
         * @description Resends every delivery to this endpoint that failed (ran out of attempts, answered 410, or was held too long while disabled) and was created at or after `since`: one new delivery per event, due now, with the same `webhook-id`. Idempotent: an event that already has a delivery to this endpoint pending or succeeded is not resent, so calling again resends nothing new until those fail again. Only events still kept (30 days) and of a type the endpoint takes today. A disabled endpoint's new deliveries are held until it is enabled. At most 5,000 per call (`has_more`: call again).
         */
        post: operations["recoverWebhookEndpointDeliveries"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhook_endpoints/{id}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List deliveries of a webhook endpoint
         * @description Deliveries to this endpoint, newest first, each with its attempts: outcome, HTTP status, latency, the first 1 KiB of the response, and when the next attempt is due. Paged like every list: `limit`, and `starting_after` (the last delivery id of the previous page) while `has_more` is true; `total_count` counts them all.
         */
        get: operations["listWebhookEndpointDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/settlements": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List settlements
         * @description Settlements of one merchant, newest first. Their transactions: `GET /v1/transactions?settlement=stl_…`.
         */
        get: operations["listSettlements"];
        put?: never;
        /**
         * Cash out (manual settlement)
         * @description Settles the merchant's available balance now, whatever its schedule: one settlement of every available transaction, paid by ACH to its bank account. Answers 201 with the settlement (`pending`); it moves to `in_transit` once withdrawn and the transfer started, then `completed` (`settlement.completed`). Idempotent with `Idempotency-Key`. Two cash-outs at once settle the balance once: the other is 400 `nothing_to_settle`.
         */
        post: operations["createSettlement"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/settlements/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a settlement
         * @description The settlement object: its status, amount, bank account and dates.
         */
        get: operations["getSettlement"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/refunds/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a refund
         * @description The refund now: its status, and once it succeeded the hash of its on-chain transaction.
         */
        get: operations["getRefund"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/refunds": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List refunds
         * @description Refunds of one intent (`payment_intent`) or of one merchant, newest first (`created_at` descending, then `id` descending). `total_count` counts every match, ignoring the cursor.
         */
        get: operations["listRefunds"];
        put?: never;
        /**
         * Create a refund
         * @description Refunds a payment (`payment_intent` of a `confirmed` or `settled` intent, or `transaction`), in whole or in part, from the merchant's account to `recipient_address`, on the payment's chain and in its token. Refundable: the amount received less the payment's other refunds (those not `failed` or `cancelled`); the platform fee is not returned. The merchant's account must hold it: `available` (payments not yet settled, less other refunds) and the token on chain. Covered by the owner's refund budget, the refund is `pending` and sent at once; otherwise it is `requires_approval` until the owner signs it. `refund.created` is sent. Refunds need a version 2 merchant account (`account_version_unsupported` otherwise). Two refunds of one payment at once: each is checked against what the other left. Idempotent with `idempotency_key` or the `Idempotency-Key` header.
         */
        post: operations["createRefund"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/refunds/{id}/authorization": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get what the owner signs to approve a refund
         * @description For a refund in `requires_approval`: the EIP-712 message the merchant account's owner signs (`eth_signTypedData_v4` with `typed_data`, from the wallet of `signer`), valid until `deadline` (24 hours). Send the signature to `POST /v1/refunds/{id}/approve`. The signature is the owner's consent, bounded by the contract: it pays this amount of this token to this recipient once, from this account on this chain. Any other status: 409 `refund_not_approvable`.
         */
        get: operations["getRefundAuthorization"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/refunds/{id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cancel a refund
         * @description Cancels a refund in `requires_approval` (nothing was sent); what it held is refundable and available again. No body (an empty JSON object is accepted). `refund.updated` is sent. Any other status is 409 `refund_not_cancellable`, naming the current status: a `pending` refund is being paid.
         */
        post: operations["cancelRefund"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/refunds/{id}/approve": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Approve a refund with the owner's signature
         * @description Hands the owner's signature of the refund's authorization (`GET /v1/refunds/{id}/authorization`) to the service: checked against the merchant's owner, stored, and the refund becomes `pending` (`refund.updated`); the service submits it on chain (anyone may; the operator pays the gas) and it becomes `succeeded` or `failed`. Only a refund in `requires_approval` (409 `refund_not_approvable` otherwise, a cancelled one included).
         */
        post: operations["approveRefund"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/payment_links": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List payment links
         * @description Links newest first, with `uses` as of now. Paged like every list: `limit`, and `starting_after` (the last link id of the previous page) while `has_more` is true.
         */
        get: operations["listPaymentLinks"];
        put?: never;
        /**
         * Create a payment link
         * @description A public `url` that takes payments for the merchant without code: each visit mints one payment intent (metadata `payment_link`) and sends the customer to its hosted page; the same browser coming back while that intent is open gets it again. A fixed `amount`, or `amount_options` for an amount the customer types within bounds. `max_uses` caps the confirmed intents: a use is held from the visit until its intent expires or is confirmed, so the customer who cannot have the last use is told before paying; when the last use is confirmed, `payment_link.used_up` is sent. An intent of a link counts against the per-amount ceiling of open intents like any other. Idempotent with the `Idempotency-Key` header.
         */
        post: operations["createPaymentLink"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/payment_links/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a payment link
         * @description The link, with `uses` as of now.
         */
        get: operations["getPaymentLink"];
        put?: never;
        /**
         * Update a payment link
         * @description Changes the given fields. `active: false` turns the link off: its page says it is no longer active and mints nothing (intents already minted stay payable until they expire), and a `payment_link.deactivated` event is sent. `active: true` turns it on again.
         */
        post: operations["updatePaymentLink"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/pay/links/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Public page of a payment link
         * @description The `url` of a payment link. Mints one payment intent per visit and answers 303 to its hosted page (`/pay/{payment_intent_id}`); the same browser (a cookie per link) coming back while that intent awaits payment is sent to the same intent. An open-amount link first shows a form asking the amount within its bounds (it comes back with `?amount=`; an amount outside them is shown the form again, 400). An inactive (410), expired (410) or used-up (410) link shows a page saying so with the merchant's name and no amount; when the last use of a link with `max_uses` is held by another customer's open intent, a page says so (409) before anything is paid. Public: no API key.
         */
        get: operations["getPaymentLinkPage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/deposit_addresses": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List customers' deposit addresses
         * @description Customers' deposit addresses newest first, with what each received as of now; `customer_reference` finds one customer's. Paged like every list: `limit`, and `starting_after` (the last id of the previous page) while `has_more` is true. A customer's payments: `GET /v1/transactions?deposit_address_id=`.
         */
        get: operations["listDepositAddresses"];
        put?: never;
        /**
         * Create a customer's deposit address
         * @description A reusable address for one of the merchant's customers, for payers who send again and again (an exchange's address book, a B2B payer's treasury): the same address on every chain, known at once (nothing is deployed until its first sweep). Every transfer to it is a payment of its own: a transaction with `deposit_address_id` (and no `payment_intent_id`), announced by `transaction.created`, whatever the amount; there is no amount to match and no expiry. Its money is swept into the merchant's account like an intent's deposit address (once what waits there reaches 1 USD), and its fee is collected then. A refund of such a payment always waits for the owner's approval (the sender is often an exchange's shared wallet). Idempotent by `customer_reference`: naming a reference the merchant already has an address for answers that address (200) as it is, `metadata` unchanged.
         */
        post: operations["createDepositAddress"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/deposit_addresses/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a customer's deposit address
         * @description The address, with what it received as of now.
         */
        get: operations["getDepositAddress"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/terminals": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List terminals
         * @description Terminals newest first. Paged like every list: `limit`, and `starting_after` (the last terminal id of the previous page) while `has_more` is true.
         */
        get: operations["listTerminals"];
        put?: never;
        /**
         * Create a terminal
         * @description A register for a shop's counter. The dashboard's Register page charges through it: the cashier types the amount, the customer picks a tip among `tip_percentages` (when there are any), and the service computes the total and creates the payment intent (metadata `terminal`). The terminal's `url` is a static link to print or write to an NFC tag at the counter: it always opens the hosted page of the intent the register is charging now, and says to ask the cashier when there is none. Idempotent with the `Idempotency-Key` header.
         */
        post: operations["createTerminal"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/terminals/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a terminal
         * @description The terminal, with the intent its register is charging now.
         */
        get: operations["getTerminal"];
        put?: never;
        /**
         * Update a terminal
         * @description Changes the given fields: `name`, `tip_percentages` (an empty list removes the tip step), `metadata`. The register uses them from its next charge.
         */
        post: operations["updateTerminal"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/pay/terminals/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Public static link of a terminal
         * @description The `url` of a terminal, to print as a QR code or write to an NFC tag at the counter. While the register is charging an intent that awaits payment, answers 303 to that intent's hosted page (`/pay/{payment_intent_id}`); otherwise a page asking the customer to ask the cashier (200), which never shows an amount. Public: no API key.
         */
        get: operations["getTerminalPage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/pay/terminals/{id}/receipts/{intent_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Receipt of a register's payment
         * @description The receipt of one payment taken at a terminal: merchant, register, amount, tip, total (as the service computed them), when it was paid and its transaction. Says "Not paid" while the intent is not confirmed. Public: no API key; the customer opens it from the paid screen, the cashier prints it.
         */
        get: operations["getTerminalReceipt"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface webhooks {
    "payment_intent.confirmed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * payment_intent.confirmed
         * @description A payment for the intent is confirmed on chain, at the chain's confirmation depth. Sent to the webhook endpoints subscribed to `payment_intent.confirmed` (docs/webhooks.md): at least once, unordered; answer any 2xx within the delivery timeout (10 s by default).
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The event's id (`evt_*`): the same on every delivery of it; dedupe on it. */
                    "webhook-id": string;
                    /** @description Unix seconds of this attempt; refuse one far from now. */
                    "webhook-timestamp": string;
                    /** @description `v1,` and the base64 HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{body}` with the endpoint's secret (Standard Webhooks); several, space-separated, while a rotated secret is still valid. */
                    "webhook-signature": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /**
                         * @description `evt_*`; also the `webhook-id` header of its deliveries.
                         * @example evt_1Nv0FGQ9RKHgCVdK6Pq3xWzA
                         */
                        id: string;
                        /** @constant */
                        object: "event";
                        /** @constant */
                        type: "payment_intent.confirmed";
                        /** Format: date-time */
                        created_at: string;
                        data: components["schemas"]["PaymentIntentConfirmedEventData"];
                    };
                };
            };
            responses: {
                /** @description Any 2xx acknowledges the delivery; anything else, or no answer in time, is retried. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "payment_intent.expired": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * payment_intent.expired
         * @description An intent expired without a payment. Sent to the webhook endpoints subscribed to `payment_intent.expired` (docs/webhooks.md): at least once, unordered; answer any 2xx within the delivery timeout (10 s by default).
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The event's id (`evt_*`): the same on every delivery of it; dedupe on it. */
                    "webhook-id": string;
                    /** @description Unix seconds of this attempt; refuse one far from now. */
                    "webhook-timestamp": string;
                    /** @description `v1,` and the base64 HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{body}` with the endpoint's secret (Standard Webhooks); several, space-separated, while a rotated secret is still valid. */
                    "webhook-signature": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /**
                         * @description `evt_*`; also the `webhook-id` header of its deliveries.
                         * @example evt_1Nv0FGQ9RKHgCVdK6Pq3xWzA
                         */
                        id: string;
                        /** @constant */
                        object: "event";
                        /** @constant */
                        type: "payment_intent.expired";
                        /** Format: date-time */
                        created_at: string;
                        data: components["schemas"]["PaymentIntentExpiredEventData"];
                    };
                };
            };
            responses: {
                /** @description Any 2xx acknowledges the delivery; anything else, or no answer in time, is retried. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "transaction.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * transaction.created
         * @description A payment to a merchant was recorded: every payment, late and unmatched ones (`payment_intent_id: null`) included. Sent to the webhook endpoints subscribed to `transaction.created` (docs/webhooks.md): at least once, unordered; answer any 2xx within the delivery timeout (10 s by default).
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The event's id (`evt_*`): the same on every delivery of it; dedupe on it. */
                    "webhook-id": string;
                    /** @description Unix seconds of this attempt; refuse one far from now. */
                    "webhook-timestamp": string;
                    /** @description `v1,` and the base64 HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{body}` with the endpoint's secret (Standard Webhooks); several, space-separated, while a rotated secret is still valid. */
                    "webhook-signature": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /**
                         * @description `evt_*`; also the `webhook-id` header of its deliveries.
                         * @example evt_1Nv0FGQ9RKHgCVdK6Pq3xWzA
                         */
                        id: string;
                        /** @constant */
                        object: "event";
                        /** @constant */
                        type: "transaction.created";
                        /** Format: date-time */
                        created_at: string;
                        data: components["schemas"]["TransactionListItem"];
                    };
                };
            };
            responses: {
                /** @description Any 2xx acknowledges the delivery; anything else, or no answer in time, is retried. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "settlement.completed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * settlement.completed
         * @description A settlement reached the merchant's bank. Sent to the webhook endpoints subscribed to `settlement.completed` (docs/webhooks.md): at least once, unordered; answer any 2xx within the delivery timeout (10 s by default).
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The event's id (`evt_*`): the same on every delivery of it; dedupe on it. */
                    "webhook-id": string;
                    /** @description Unix seconds of this attempt; refuse one far from now. */
                    "webhook-timestamp": string;
                    /** @description `v1,` and the base64 HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{body}` with the endpoint's secret (Standard Webhooks); several, space-separated, while a rotated secret is still valid. */
                    "webhook-signature": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /**
                         * @description `evt_*`; also the `webhook-id` header of its deliveries.
                         * @example evt_1Nv0FGQ9RKHgCVdK6Pq3xWzA
                         */
                        id: string;
                        /** @constant */
                        object: "event";
                        /** @constant */
                        type: "settlement.completed";
                        /** Format: date-time */
                        created_at: string;
                        data: components["schemas"]["Settlement"];
                    };
                };
            };
            responses: {
                /** @description Any 2xx acknowledges the delivery; anything else, or no answer in time, is retried. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "refund.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * refund.created
         * @description A refund was created. Sent to the webhook endpoints subscribed to `refund.created` (docs/webhooks.md): at least once, unordered; answer any 2xx within the delivery timeout (10 s by default).
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The event's id (`evt_*`): the same on every delivery of it; dedupe on it. */
                    "webhook-id": string;
                    /** @description Unix seconds of this attempt; refuse one far from now. */
                    "webhook-timestamp": string;
                    /** @description `v1,` and the base64 HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{body}` with the endpoint's secret (Standard Webhooks); several, space-separated, while a rotated secret is still valid. */
                    "webhook-signature": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /**
                         * @description `evt_*`; also the `webhook-id` header of its deliveries.
                         * @example evt_1Nv0FGQ9RKHgCVdK6Pq3xWzA
                         */
                        id: string;
                        /** @constant */
                        object: "event";
                        /** @constant */
                        type: "refund.created";
                        /** Format: date-time */
                        created_at: string;
                        data: components["schemas"]["Refund"];
                    };
                };
            };
            responses: {
                /** @description Any 2xx acknowledges the delivery; anything else, or no answer in time, is retried. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "refund.updated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * refund.updated
         * @description A refund was approved, sent back to approval, or cancelled. Sent to the webhook endpoints subscribed to `refund.updated` (docs/webhooks.md): at least once, unordered; answer any 2xx within the delivery timeout (10 s by default).
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The event's id (`evt_*`): the same on every delivery of it; dedupe on it. */
                    "webhook-id": string;
                    /** @description Unix seconds of this attempt; refuse one far from now. */
                    "webhook-timestamp": string;
                    /** @description `v1,` and the base64 HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{body}` with the endpoint's secret (Standard Webhooks); several, space-separated, while a rotated secret is still valid. */
                    "webhook-signature": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /**
                         * @description `evt_*`; also the `webhook-id` header of its deliveries.
                         * @example evt_1Nv0FGQ9RKHgCVdK6Pq3xWzA
                         */
                        id: string;
                        /** @constant */
                        object: "event";
                        /** @constant */
                        type: "refund.updated";
                        /** Format: date-time */
                        created_at: string;
                        data: components["schemas"]["Refund"];
                    };
                };
            };
            responses: {
                /** @description Any 2xx acknowledges the delivery; anything else, or no answer in time, is retried. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "refund.succeeded": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * refund.succeeded
         * @description A refund was mined at the chain's confirmation depth. Sent to the webhook endpoints subscribed to `refund.succeeded` (docs/webhooks.md): at least once, unordered; answer any 2xx within the delivery timeout (10 s by default).
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The event's id (`evt_*`): the same on every delivery of it; dedupe on it. */
                    "webhook-id": string;
                    /** @description Unix seconds of this attempt; refuse one far from now. */
                    "webhook-timestamp": string;
                    /** @description `v1,` and the base64 HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{body}` with the endpoint's secret (Standard Webhooks); several, space-separated, while a rotated secret is still valid. */
                    "webhook-signature": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /**
                         * @description `evt_*`; also the `webhook-id` header of its deliveries.
                         * @example evt_1Nv0FGQ9RKHgCVdK6Pq3xWzA
                         */
                        id: string;
                        /** @constant */
                        object: "event";
                        /** @constant */
                        type: "refund.succeeded";
                        /** Format: date-time */
                        created_at: string;
                        data: components["schemas"]["Refund"];
                    };
                };
            };
            responses: {
                /** @description Any 2xx acknowledges the delivery; anything else, or no answer in time, is retried. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "refund.failed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * refund.failed
         * @description A refund failed: nothing was paid. Sent to the webhook endpoints subscribed to `refund.failed` (docs/webhooks.md): at least once, unordered; answer any 2xx within the delivery timeout (10 s by default).
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The event's id (`evt_*`): the same on every delivery of it; dedupe on it. */
                    "webhook-id": string;
                    /** @description Unix seconds of this attempt; refuse one far from now. */
                    "webhook-timestamp": string;
                    /** @description `v1,` and the base64 HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{body}` with the endpoint's secret (Standard Webhooks); several, space-separated, while a rotated secret is still valid. */
                    "webhook-signature": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /**
                         * @description `evt_*`; also the `webhook-id` header of its deliveries.
                         * @example evt_1Nv0FGQ9RKHgCVdK6Pq3xWzA
                         */
                        id: string;
                        /** @constant */
                        object: "event";
                        /** @constant */
                        type: "refund.failed";
                        /** Format: date-time */
                        created_at: string;
                        data: components["schemas"]["Refund"];
                    };
                };
            };
            responses: {
                /** @description Any 2xx acknowledges the delivery; anything else, or no answer in time, is retried. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "payment_link.deactivated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * payment_link.deactivated
         * @description A payment link was turned off (`active: false`): its page mints nothing more. Sent to the webhook endpoints subscribed to `payment_link.deactivated` (docs/webhooks.md): at least once, unordered; answer any 2xx within the delivery timeout (10 s by default).
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The event's id (`evt_*`): the same on every delivery of it; dedupe on it. */
                    "webhook-id": string;
                    /** @description Unix seconds of this attempt; refuse one far from now. */
                    "webhook-timestamp": string;
                    /** @description `v1,` and the base64 HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{body}` with the endpoint's secret (Standard Webhooks); several, space-separated, while a rotated secret is still valid. */
                    "webhook-signature": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /**
                         * @description `evt_*`; also the `webhook-id` header of its deliveries.
                         * @example evt_1Nv0FGQ9RKHgCVdK6Pq3xWzA
                         */
                        id: string;
                        /** @constant */
                        object: "event";
                        /** @constant */
                        type: "payment_link.deactivated";
                        /** Format: date-time */
                        created_at: string;
                        data: components["schemas"]["PaymentLink"];
                    };
                };
            };
            responses: {
                /** @description Any 2xx acknowledges the delivery; anything else, or no answer in time, is retried. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "payment_link.used_up": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * payment_link.used_up
         * @description A payment link with `max_uses` confirmed its last use. Sent to the webhook endpoints subscribed to `payment_link.used_up` (docs/webhooks.md): at least once, unordered; answer any 2xx within the delivery timeout (10 s by default).
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The event's id (`evt_*`): the same on every delivery of it; dedupe on it. */
                    "webhook-id": string;
                    /** @description Unix seconds of this attempt; refuse one far from now. */
                    "webhook-timestamp": string;
                    /** @description `v1,` and the base64 HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{body}` with the endpoint's secret (Standard Webhooks); several, space-separated, while a rotated secret is still valid. */
                    "webhook-signature": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /**
                         * @description `evt_*`; also the `webhook-id` header of its deliveries.
                         * @example evt_1Nv0FGQ9RKHgCVdK6Pq3xWzA
                         */
                        id: string;
                        /** @constant */
                        object: "event";
                        /** @constant */
                        type: "payment_link.used_up";
                        /** Format: date-time */
                        created_at: string;
                        data: components["schemas"]["PaymentLink"];
                    };
                };
            };
            responses: {
                /** @description Any 2xx acknowledges the delivery; anything else, or no answer in time, is retried. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "webhook_endpoint.disabled": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * webhook_endpoint.disabled
         * @description One of the account's webhook endpoints was disabled by the service: every attempt failed for 3 days (at least 10 attempts), or it answered 410 Gone. Sent to the account's other enabled endpoints; not sent when the endpoint is disabled through the API or the dashboard. Sent to the webhook endpoints subscribed to `webhook_endpoint.disabled` (docs/webhooks.md): at least once, unordered; answer any 2xx within the delivery timeout (10 s by default).
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The event's id (`evt_*`): the same on every delivery of it; dedupe on it. */
                    "webhook-id": string;
                    /** @description Unix seconds of this attempt; refuse one far from now. */
                    "webhook-timestamp": string;
                    /** @description `v1,` and the base64 HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{body}` with the endpoint's secret (Standard Webhooks); several, space-separated, while a rotated secret is still valid. */
                    "webhook-signature": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /**
                         * @description `evt_*`; also the `webhook-id` header of its deliveries.
                         * @example evt_1Nv0FGQ9RKHgCVdK6Pq3xWzA
                         */
                        id: string;
                        /** @constant */
                        object: "event";
                        /** @constant */
                        type: "webhook_endpoint.disabled";
                        /** Format: date-time */
                        created_at: string;
                        data: components["schemas"]["WebhookEndpoint"];
                    };
                };
            };
            responses: {
                /** @description Any 2xx acknowledges the delivery; anything else, or no answer in time, is retried. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface components {
    schemas: {
        Error: {
            error: {
                /** @enum {string} */
                type: "invalid_request_error" | "authentication_error" | "idempotency_error" | "rate_limit_error" | "api_error";
                /** @description Human-readable text. */
                message: string;
                /** @enum {string} */
                code: "parameter_missing" | "parameter_invalid" | "parameter_unknown" | "amount_out_of_range" | "currency_unsupported" | "ttl_out_of_range" | "metadata_invalid" | "merchant_not_active" | "url_not_allowed" | "event_not_deliverable" | "nothing_to_settle" | "amount_above_available" | "payout_provider_missing" | "merchant_not_settleable" | "bank_account_invalid" | "mode_not_configured" | "intent_not_paid" | "amount_exceeds_refundable" | "insufficient_account_balance" | "recipient_address_invalid" | "account_version_unsupported" | "owner_key_unknown" | "authorization_unsupported" | "authorization_expired" | "authorization_invalid" | "signature_invalid" | "insufficient_funds" | "authorization_rejected" | "relay_gas_above_cap" | "resource_missing" | "unsupported_content_type" | "api_key_missing" | "api_key_invalid" | "permission_missing" | "idempotency_key_reused" | "intent_not_cancellable" | "too_many_open_intents" | "intent_not_payable" | "authorization_used" | "refund_not_cancellable" | "refund_not_approvable" | "body_too_large" | "rate_limited" | "payer_relays_in_flight" | "internal_error" | "service_unavailable" | "gas_price_above_ceiling" | "relay_budget_exhausted" | "relay_pending";
                /** @description The offending parameter, for parameter errors. */
                param?: string;
            };
        };
        Merchant: {
            /** @example mer_7Hx2Qm9LpR4tVb8NcZ1aWd3K */
            id: string;
            /** @constant */
            object: "merchant";
            business_name: string;
            email: string;
            /** @example active */
            status: string;
            /** @example approved */
            kyc_status: string;
            /** @example bank_account */
            payout_method: string;
            bank_account: {
                bank_name: string;
                last_4: string;
                /** @example verified */
                status: string;
            };
            /** @example 0x5FbDB2315678afecb367f032d93F642f64180aa3 */
            payment_address: string;
            /** @constant */
            chain: "base";
            /** @example weekly_monday */
            settlement_schedule: string;
            /** @example 0.01 */
            fee_rate: number;
            /**
             * @description What a payment intent created without `payment_address_type` gets: `shared` (the default) or `deposit`.
             * @example shared
             */
            default_payment_address_type: "shared" | "deposit";
            /**
             * @description USD a payment to a deposit address may fall short of the intent's amount and still confirm it (an exchange's fee deducted from what it sends); what arrived is recorded. Default 0.
             * @example 0
             */
            underpayment_tolerance: number;
            /** @description The integrator's own key-value data (up to 10 keys); `{}` when none. */
            metadata: {
                [key: string]: string;
            };
            /** Format: date-time */
            created_at: string;
        };
        /**
         * @example {
         *       "settlement_schedule": "daily"
         *     }
         * @example {
         *       "default_payment_address_type": "deposit",
         *       "underpayment_tolerance": 0.5
         *     }
         */
        UpdateMerchantRequest: {
            /** @example Corner Coffee */
            business_name?: string;
            /** @example owner@corner.example */
            email?: string;
            /** @description `weekly_monday` (default), `daily`, `manual` (cash-out only), or `{cron, time_zone}`: a cron expression read in an IANA time zone. */
            settlement_schedule?: "weekly_monday" | "daily" | "manual" | {
                /** @example 0 9 * * 1-5 */
                cron: string;
                /** @example America/New_York */
                time_zone: string;
            };
            /** @description Either `token`, or (sandbox) `routing_number` and `account_number`. */
            bank_account?: {
                /** @description The payout provider's token of an already linked bank account. */
                token?: string;
                /**
                 * @description Sandbox only: 9-digit ABA routing number (checksum verified); tokenized, never stored.
                 * @example 011000015
                 */
                routing_number?: string;
                /**
                 * @description Sandbox only: 4 to 17 digits; only the last 4 are kept.
                 * @example 000123456789
                 */
                account_number?: string;
                /** @description Sandbox only: the bank's name, shown on settlements. */
                bank_name?: string;
            };
            /** @description Up to 10 string values. */
            metadata?: {
                [key: string]: string;
            };
            /** @enum {string} */
            default_payment_address_type?: "shared" | "deposit";
            /**
             * @description USD, 0 to 10000, at most 2 decimal places: how far short of its amount a payment to a deposit address still confirms the intent.
             * @example 0.5
             */
            underpayment_tolerance?: number;
        };
        Balance: {
            /** @constant */
            object: "balance";
            /** @example mer_7Hx2Qm9LpR4tVb8NcZ1aWd3K */
            merchant_id: string;
            /**
             * @description Net of the confirmed payments held in the merchant account and in no settlement (platform fees not counted): exactly what the next settlement run takes.
             * @example 1234.56
             */
            available: number;
            /**
             * @description Withdrawn from the merchant account, on its way to the bank.
             * @example 0
             */
            pending_settlement: number;
            /** @constant */
            currency: "usd";
            /** @example 0x5FbDB2315678afecb367f032d93F642f64180aa3 */
            payment_address: string;
            /**
             * @description The chain of the figures (the sandbox's test network is named as the chain it stands in for).
             * @default base
             * @example base
             * @enum {string}
             */
            chain: "base" | "ethereum" | "arbitrum" | "optimism" | "polygon";
            /** Format: date-time */
            last_updated: string;
        };
        /** @description The balance of one enabled (chain, token) pair: the balance object plus `token`. */
        PairBalance: {
            /** @constant */
            object: "balance";
            /** @example mer_7Hx2Qm9LpR4tVb8NcZ1aWd3K */
            merchant_id: string;
            /**
             * @description Net of the confirmed payments held in the merchant account and in no settlement (platform fees not counted): exactly what the next settlement run takes.
             * @example 1234.56
             */
            available: number;
            /**
             * @description Withdrawn from the merchant account, on its way to the bank.
             * @example 0
             */
            pending_settlement: number;
            /** @constant */
            currency: "usd";
            /** @example 0x5FbDB2315678afecb367f032d93F642f64180aa3 */
            payment_address: string;
            /**
             * @description The chain of the figures (the sandbox's test network is named as the chain it stands in for).
             * @default base
             * @example base
             * @enum {string}
             */
            chain: "base" | "ethereum" | "arbitrum" | "optimism" | "polygon";
            /** Format: date-time */
            last_updated: string;
            /**
             * @description The token of the figures.
             * @default USDC
             * @example USDC
             * @enum {string}
             */
            token: "USDC" | "USDT";
        };
        /**
         * @example {
         *       "object": "list",
         *       "data": [
         *         {
         *           "object": "balance",
         *           "merchant_id": "mer_7Hx2Qm9LpR4tVb8NcZ1aWd3K",
         *           "available": 1234.56,
         *           "pending_settlement": 0,
         *           "currency": "usd",
         *           "payment_address": "0x5FbDB2315678afecb367f032d93F642f64180aa3",
         *           "chain": "base",
         *           "last_updated": "2026-04-01T12:00:00.000Z",
         *           "token": "USDC"
         *         }
         *       ],
         *       "has_more": false,
         *       "total_count": 1
         *     }
         */
        BalanceList: {
            /** @constant */
            object: "list";
            /** @description One item per enabled pair of the key's mode, in the order the configuration lists them. */
            data: components["schemas"]["PairBalance"][];
            /** @description True when more results follow; pass the last item's id as `starting_after`. */
            has_more: boolean;
            /**
             * @description The number of enabled pairs.
             * @example 1
             */
            total_count: string | number;
        };
        /**
         * @example {
         *       "business_name": "Corner Coffee",
         *       "email": "owner@corner.example",
         *       "owner_address": "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
         *       "payout_address": "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
         *       "settlement_schedule": {
         *         "cron": "0 9 * * 1-5",
         *         "time_zone": "America/New_York"
         *       },
         *       "bank_account": {
         *         "routing_number": "011000015",
         *         "account_number": "000123456789",
         *         "bank_name": "Federal Reserve Bank"
         *       },
         *       "metadata": {
         *         "crm_id": "C-1042"
         *       }
         *     }
         */
        CreateMerchantRequest: {
            /** @example Corner Coffee */
            business_name: string;
            /** @example owner@corner.example */
            email: string;
            /**
             * @description The merchant's wallet: controls the account contract (and alone can change the payout address, on-chain).
             * @example 0x70997970C51812dc3A010C7d01b50e0d17dc79C8
             */
            owner_address: string;
            /**
             * @description Where settlements withdraw the merchant's tokens to before the ACH transfer.
             * @example 0x70997970C51812dc3A010C7d01b50e0d17dc79C8
             */
            payout_address: string;
            /** @description `weekly_monday` (default), `daily`, `manual` (cash-out only), or `{cron, time_zone}`: a cron expression read in an IANA time zone. */
            settlement_schedule?: "weekly_monday" | "daily" | "manual" | {
                /** @example 0 9 * * 1-5 */
                cron: string;
                /** @example America/New_York */
                time_zone: string;
            };
            /** @description Either `token`, or (sandbox) `routing_number` and `account_number`. */
            bank_account: {
                /** @description The payout provider's token of an already linked bank account. */
                token?: string;
                /**
                 * @description Sandbox only: 9-digit ABA routing number (checksum verified); tokenized, never stored.
                 * @example 011000015
                 */
                routing_number?: string;
                /**
                 * @description Sandbox only: 4 to 17 digits; only the last 4 are kept.
                 * @example 000123456789
                 */
                account_number?: string;
                /** @description Sandbox only: the bank's name, shown on settlements. */
                bank_name?: string;
            };
            /** @description Up to 10 string values. */
            metadata?: {
                [key: string]: string;
            };
        };
        /**
         * @description A payment intent. `qr_payload` names the contract of its `token` on its `chain` (`<usdc>` below: that token's contract) and that chain's id. Create response and get in `awaiting_payment` or `expired`: the fields through `created_at` (`amount_received` for deposit intents only). Get in `cancelled`: plus `cancelled_at`. Get in `confirmed` or `settled`: plus `net_amount`, `fee`, `tx_hash`, `confirmed_at`, `amount_refunded`.
         * @example {
         *       "id": "pi_3MtwBwLkdIwHu7ix28a3tqPa",
         *       "object": "payment_intent",
         *       "status": "awaiting_payment",
         *       "amount": 12.5,
         *       "currency": "usd",
         *       "merchant_id": "mer_7Hx2Qm9LpR4tVb8NcZ1aWd3K",
         *       "payment_address": "0x5FbDB2315678afecb367f032d93F642f64180aa3",
         *       "payment_address_type": "shared",
         *       "chain": "base",
         *       "token": "USDC",
         *       "qr_payload": "ethereum:0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913@8453/transfer?address=0x5FbDB2315678afecb367f032d93F642f64180aa3&uint256=12500000",
         *       "qr_image_url": "https://api.example.com/v1/qr/pi_3MtwBwLkdIwHu7ix28a3tqPa.png",
         *       "expires_at": "2026-04-01T12:10:00.000Z",
         *       "metadata": {
         *         "order_id": "order_1042",
         *         "register": "front-1"
         *       },
         *       "created_at": "2026-04-01T12:00:00.000Z"
         *     }
         * @example {
         *       "id": "pi_3MtwBwLkdIwHu7ix28a3tqPa",
         *       "object": "payment_intent",
         *       "status": "confirmed",
         *       "amount": 12.5,
         *       "currency": "usd",
         *       "merchant_id": "mer_7Hx2Qm9LpR4tVb8NcZ1aWd3K",
         *       "payment_address": "0x5FbDB2315678afecb367f032d93F642f64180aa3",
         *       "payment_address_type": "shared",
         *       "chain": "base",
         *       "token": "USDC",
         *       "qr_payload": "ethereum:0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913@8453/transfer?address=0x5FbDB2315678afecb367f032d93F642f64180aa3&uint256=12500000",
         *       "qr_image_url": "https://api.example.com/v1/qr/pi_3MtwBwLkdIwHu7ix28a3tqPa.png",
         *       "expires_at": "2026-04-01T12:10:00.000Z",
         *       "metadata": {
         *         "order_id": "order_1042",
         *         "register": "front-1"
         *       },
         *       "created_at": "2026-04-01T12:00:00.000Z",
         *       "net_amount": 12.375,
         *       "fee": 0.125,
         *       "tx_hash": "0x9f2c4e0b7a1d3c5e6f708192a3b4c5d6e7f8091a2b3c4d5e6f708192a3b4c5d6",
         *       "confirmed_at": "2026-04-01T12:01:12.345Z",
         *       "amount_refunded": 0
         *     }
         */
        PaymentIntent: {
            /**
             * @description `pi_*`
             * @example pi_3MtwBwLkdIwHu7ix28a3tqPa
             */
            id: string;
            /** @constant */
            object: "payment_intent";
            /** @description `awaiting_payment` on creation; `expired`, `cancelled` and `settled` are final. */
            status: "awaiting_payment" | "confirmed" | "expired" | "cancelled" | "settled";
            /**
             * @description Payment amount in USD.
             * @example 12.5
             */
            amount: number;
            /** @constant */
            currency: "usd";
            /** @example mer_7Hx2Qm9LpR4tVb8NcZ1aWd3K */
            merchant_id: string;
            /**
             * @description Where the customer sends the intent's token (checksummed): the merchant's on-chain account, or the intent's own deposit address (`payment_address_type`).
             * @example 0x5FbDB2315678afecb367f032d93F642f64180aa3
             */
            payment_address: string;
            /**
             * @description `shared`: `payment_address` is the merchant's account and the QR asks for the amount plus a tag. `deposit`: `payment_address` is the intent's own address, matched by address whatever the amount.
             * @example shared
             */
            payment_address_type: "shared" | "deposit";
            /**
             * @description Deposit intents only: USD received at the intent's address in its token on its chain, every transfer summed (a partial payment shows here while the intent awaits the rest).
             * @example 0
             */
            amount_received?: number;
            /**
             * @description The network, by name. The chain id is in `qr_payload`; in the sandbox a test network carries the name of the chain it stands in for.
             * @default base
             * @example base
             * @enum {string}
             */
            chain: "base" | "ethereum" | "arbitrum" | "optimism" | "polygon";
            /**
             * @description The token paid in, by symbol.
             * @default USDC
             * @example USDC
             * @enum {string}
             */
            token: "USDC" | "USDT";
            /**
             * @description EIP-681 URI: `ethereum:<usdc>@<chainId>/transfer?address=<payment_address>&uint256=<expected value in base units>`. The expected value is the amount plus a tag below the tag width (10,000 base units, less than a cent, by default) that tells apart open intents of one merchant for the same amount; it is 0 unless another intent holds that amount. A deposit intent asks for exactly its amount.
             * @example ethereum:0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913@8453/transfer?address=0x5FbDB2315678afecb367f032d93F642f64180aa3&uint256=12500000
             */
            qr_payload: string;
            /**
             * @description Hosted 400x400 PNG of `qr_payload`, `/v1/qr/{id}.png`; public, no key needed.
             * @example https://api.example.com/v1/qr/pi_3MtwBwLkdIwHu7ix28a3tqPa.png
             */
            qr_image_url: string;
            /**
             * Format: date-time
             * @description Creation time plus ttl.
             * @example 2026-04-01T12:00:00.000Z
             */
            expires_at: string;
            /**
             * @description The key-value pairs attached at creation, returned unchanged. At most 10 keys of up to 40 characters, string values of up to 500 characters (Unicode code points).
             * @example {
             *       "order_id": "order_1042",
             *       "register": "front-1"
             *     }
             */
            metadata: {
                [key: string]: string;
            };
            /**
             * Format: date-time
             * @description Creation time.
             * @example 2026-04-01T12:00:00.000Z
             */
            created_at: string;
            /**
             * Format: date-time
             * @description Present once cancelled.
             * @example 2026-04-01T12:00:00.000Z
             */
            cancelled_at?: string;
            /**
             * @description Present once confirmed (`confirmed`, `settled`). Amount minus fee.
             * @example 12.375
             */
            net_amount?: number;
            /**
             * @description Present once confirmed. round_half_up(amount × fee_rate) at 6 decimals.
             * @example 0.125
             */
            fee?: number;
            /**
             * @description Present once confirmed. On-chain transaction hash.
             * @example 0x9f2c4e0b7a1d3c5e6f708192a3b4c5d6e7f8091a2b3c4d5e6f708192a3b4c5d6
             */
            tx_hash?: string;
            /**
             * Format: date-time
             * @description Present once confirmed.
             * @example 2026-04-01T12:00:00.000Z
             */
            confirmed_at?: string;
            /**
             * @description Present once confirmed. USD refunded of the intent's payment: its refunds that are not `failed` or `cancelled` (see Refunds).
             * @example 0
             */
            amount_refunded?: number;
        };
        /**
         * @description Any other field is refused with 400 `parameter_unknown`.
         * @example {
         *       "amount": 12.5,
         *       "currency": "usd",
         *       "merchant_id": "mer_7Hx2Qm9LpR4tVb8NcZ1aWd3K",
         *       "metadata": {
         *         "order_id": "order_1042",
         *         "register": "front-1"
         *       },
         *       "ttl": 600
         *     }
         */
        CreatePaymentIntentRequest: {
            /**
             * @description Amount in USD as a JSON number, 0.01 to 10000 inclusive, at most 2 decimal places. Strings are refused.
             * @example 12.5
             */
            amount: number;
            /**
             * @description Only `usd` (any case).
             * @example usd
             */
            currency: string;
            /**
             * @description The merchant receiving the payment, `mer_*`.
             * @example mer_7Hx2Qm9LpR4tVb8NcZ1aWd3K
             */
            merchant_id: string;
            /**
             * @description The key-value pairs attached at creation, returned unchanged. At most 10 keys of up to 40 characters, string values of up to 500 characters (Unicode code points).
             * @example {
             *       "order_id": "order_1042",
             *       "register": "front-1"
             *     }
             */
            metadata?: {
                [key: string]: string;
            };
            /**
             * @description Seconds until the intent expires. Default 300.
             * @default 300
             * @example 600
             */
            ttl?: number;
            /**
             * @description Sending the same key again within 24 hours (same account and mode) returns the existing intent with HTTP 200 and `Idempotent-Replayed: true` instead of creating another; with different parameters it is refused with 409 `idempotency_key_reused`. May also be sent as the `Idempotency-Key` header (both must then be equal).
             * @example order_1042-attempt-1
             */
            idempotency_key?: string;
            /**
             * @description The network the customer pays on. Default `base`. Only the pairs enabled on this service for the key's mode are accepted; any other value is 400 `parameter_invalid` with this `param`, and the message names the allowed pairs (today: `base`/`USDC` in both modes).
             * @example base
             * @enum {string}
             */
            chain?: "base" | "ethereum" | "arbitrum" | "optimism" | "polygon";
            /**
             * @description The token the customer pays in, on that chain. Default `USDC`. Only the pairs enabled on this service for the key's mode are accepted; any other value is 400 `parameter_invalid` with this `param`, and the message names the allowed pairs (today: `base`/`USDC` in both modes).
             * @example USDC
             * @enum {string}
             */
            token?: "USDC" | "USDT";
            /** @enum {string} */
            payment_address_type?: "shared" | "deposit";
        };
        /**
         * @description List item: no address, QR or `expires_at` fields; confirmation fields once confirmed, `cancelled_at` once cancelled.
         * @example {
         *       "id": "pi_3MtwBwLkdIwHu7ix28a3tqPa",
         *       "object": "payment_intent",
         *       "status": "confirmed",
         *       "amount": 12.5,
         *       "currency": "usd",
         *       "merchant_id": "mer_7Hx2Qm9LpR4tVb8NcZ1aWd3K",
         *       "payment_address_type": "shared",
         *       "chain": "base",
         *       "token": "USDC",
         *       "metadata": {
         *         "order_id": "order_1042",
         *         "register": "front-1"
         *       },
         *       "created_at": "2026-04-01T12:00:00.000Z",
         *       "net_amount": 12.375,
         *       "fee": 0.125,
         *       "tx_hash": "0x9f2c4e0b7a1d3c5e6f708192a3b4c5d6e7f8091a2b3c4d5e6f708192a3b4c5d6",
         *       "confirmed_at": "2026-04-01T12:01:12.345Z",
         *       "amount_refunded": 0
         *     }
         */
        PaymentIntentListItem: {
            /** @example pi_3MtwBwLkdIwHu7ix28a3tqPa */
            id: string;
            /** @constant */
            object: "payment_intent";
            /** @description `awaiting_payment` on creation; `expired`, `cancelled` and `settled` are final. */
            status: "awaiting_payment" | "confirmed" | "expired" | "cancelled" | "settled";
            /**
             * @description Payment amount in USD.
             * @example 12.5
             */
            amount: number;
            /** @constant */
            currency: "usd";
            /** @example mer_7Hx2Qm9LpR4tVb8NcZ1aWd3K */
            merchant_id: string;
            /**
             * @description `shared`: `payment_address` is the merchant's account and the QR asks for the amount plus a tag. `deposit`: `payment_address` is the intent's own address, matched by address whatever the amount.
             * @example shared
             */
            payment_address_type: "shared" | "deposit";
            /**
             * @description Deposit intents only: USD received at the intent's address in its token on its chain, every transfer summed (a partial payment shows here while the intent awaits the rest).
             * @example 0
             */
            amount_received?: number;
            /**
             * @description The network, by name. The chain id is in `qr_payload`; in the sandbox a test network carries the name of the chain it stands in for.
             * @default base
             * @example base
             * @enum {string}
             */
            chain: "base" | "ethereum" | "arbitrum" | "optimism" | "polygon";
            /**
             * @description The token paid in, by symbol.
             * @default USDC
             * @example USDC
             * @enum {string}
             */
            token: "USDC" | "USDT";
            /**
             * @description The key-value pairs attached at creation, returned unchanged. At most 10 keys of up to 40 characters, string values of up to 500 characters (Unicode code points).
             * @example {
             *       "order_id": "order_1042",
             *       "register": "front-1"
             *     }
             */
            metadata: {
                [key: string]: string;
            };
            /**
             * Format: date-time
             * @description Creation time.
             * @example 2026-04-01T12:00:00.000Z
             */
            created_at: string;
            /**
             * @description Present once confirmed (`confirmed`, `settled`). Amount minus fee.
             * @example 12.375
             */
            net_amount?: number;
            /**
             * @description Present once confirmed. round_half_up(amount × fee_rate) at 6 decimals.
             * @example 0.125
             */
            fee?: number;
            /**
             * @description Present once confirmed. On-chain transaction hash.
             * @example 0x9f2c4e0b7a1d3c5e6f708192a3b4c5d6e7f8091a2b3c4d5e6f708192a3b4c5d6
             */
            tx_hash?: string;
            /**
             * Format: date-time
             * @description Present once confirmed.
             * @example 2026-04-01T12:00:00.000Z
             */
            confirmed_at?: string;
            /**
             * @description Present once confirmed. USD refunded of the intent's payment: its refunds that are not `failed` or `cancelled` (see Refunds).
             * @example 0
             */
            amount_refunded?: number;
            /**
             * Format: date-time
             * @description Present once cancelled.
             * @example 2026-04-01T12:00:00.000Z
             */
            cancelled_at?: string;
        };
        /**
         * @example {
         *       "object": "list",
         *       "data": [
         *         {
         *           "id": "pi_3MtwBwLkdIwHu7ix28a3tqPa",
         *           "object": "payment_intent",
         *           "status": "confirmed",
         *           "amount": 12.5,
         *           "currency": "usd",
         *           "merchant_id": "mer_7Hx2Qm9LpR4tVb8NcZ1aWd3K",
         *           "payment_address_type": "shared",
         *           "chain": "base",
         *           "token": "USDC",
         *           "metadata": {
         *             "order_id": "order_1042",
         *             "register": "front-1"
         *           },
         *           "created_at": "2026-04-01T12:00:00.000Z",
         *           "net_amount": 12.375,
         *           "fee": 0.125,
         *           "tx_hash": "0x9f2c4e0b7a1d3c5e6f708192a3b4c5d6e7f8091a2b3c4d5e6f708192a3b4c5d6",
         *           "confirmed_at": "2026-04-01T12:01:12.345Z",
         *           "amount_refunded": 0
         *         }
         *       ],
         *       "has_more": false,
         *       "total_count": 1
         *     }
         */
        PaymentIntentList: {
            /** @constant */
            object: "list";
            /** @description Newest first: `created_at` descending, then `id` descending. */
            data: components["schemas"]["PaymentIntentListItem"][];
            /** @description True when more results follow; pass the last item's id as `starting_after`. */
            has_more: boolean;
            /**
             * @description Every intent matching the filters, ignoring the cursor.
             * @example 1
             */
            total_count: number;
        };
        /**
         * @example {
         *       "id": "pi_3MtwBwLkdIwHu7ix28a3tqPa",
         *       "object": "payment_intent",
         *       "status": "cancelled",
         *       "amount": 12.5,
         *       "currency": "usd",
         *       "merchant_id": "mer_7Hx2Qm9LpR4tVb8NcZ1aWd3K",
         *       "cancelled_at": "2026-04-01T12:03:00.000Z",
         *       "metadata": {
         *         "order_id": "order_1042",
         *         "register": "front-1"
         *       },
         *       "created_at": "2026-04-01T12:00:00.000Z"
         *     }
         */
        CancelledPaymentIntent: {
            /** @example pi_3MtwBwLkdIwHu7ix28a3tqPa */
            id: string;
            /** @constant */
            object: "payment_intent";
            /** @constant */
            status: "cancelled";
            /**
             * @description Payment amount in USD.
             * @example 12.5
             */
            amount: number;
            /** @constant */
            currency: "usd";
            /** @example mer_7Hx2Qm9LpR4tVb8NcZ1aWd3K */
            merchant_id: string;
            /**
             * Format: date-time
             * @description Cancellation time.
             * @example 2026-04-01T12:00:00.000Z
             */
            cancelled_at: string;
            /**
             * @description The key-value pairs attached at creation, returned unchanged. At most 10 keys of up to 40 characters, string values of up to 500 characters (Unicode code points).
             * @example {
             *       "order_id": "order_1042",
             *       "register": "front-1"
             *     }
             */
            metadata: {
                [key: string]: string;
            };
            /**
             * Format: date-time
             * @description Creation time.
             * @example 2026-04-01T12:00:00.000Z
             */
            created_at: string;
        };
        /**
         * @example {
         *       "object": "transfer_authorization",
         *       "typed_data": {
         *         "domain": {
         *           "name": "USD Coin",
         *           "version": "2",
         *           "chainId": 8453,
         *           "verifyingContract": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913"
         *         },
         *         "types": {
         *           "EIP712Domain": [
         *             {
         *               "name": "name",
         *               "type": "string"
         *             },
         *             {
         *               "name": "version",
         *               "type": "string"
         *             },
         *             {
         *               "name": "chainId",
         *               "type": "uint256"
         *             },
         *             {
         *               "name": "verifyingContract",
         *               "type": "address"
         *             }
         *           ],
         *           "TransferWithAuthorization": [
         *             {
         *               "name": "from",
         *               "type": "address"
         *             },
         *             {
         *               "name": "to",
         *               "type": "address"
         *             },
         *             {
         *               "name": "value",
         *               "type": "uint256"
         *             },
         *             {
         *               "name": "validAfter",
         *               "type": "uint256"
         *             },
         *             {
         *               "name": "validBefore",
         *               "type": "uint256"
         *             },
         *             {
         *               "name": "nonce",
         *               "type": "bytes32"
         *             }
         *           ]
         *         },
         *         "primaryType": "TransferWithAuthorization",
         *         "message": {
         *           "from": "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
         *           "to": "0x5FbDB2315678afecb367f032d93F642f64180aa3",
         *           "value": "12500000",
         *           "validAfter": "0",
         *           "validBefore": "1775045100",
         *           "nonce": "0x3f1c0e5b5e3d8a5c0f6a7b1d2e9c4b8a7f6e5d4c3b2a19081726354453627180"
         *         }
         *       }
         *     }
         */
        TransferAuthorization: {
            /** @constant */
            object: "transfer_authorization";
            /** @description Pass as the second parameter of `eth_signTypedData_v4` (JSON.stringify). */
            typed_data: {
                /** @description The token's EIP-712 domain, read from the token. */
                domain: {
                    name: string;
                    version: string;
                    chainId: string | number;
                    verifyingContract: string;
                };
                types: {
                    EIP712Domain: {
                        name: string;
                        type: string;
                    }[];
                    TransferWithAuthorization: {
                        name: string;
                        type: string;
                    }[];
                };
                /** @constant */
                primaryType: "TransferWithAuthorization";
                message: {
                    /** @description The payer. */
                    from: string;
                    /** @description The intent's payment_address (the merchant's account). */
                    to: string;
                    /** @description The intent's amount in base units, a decimal string. */
                    value: string;
                    /** @description Unix seconds, a decimal string. */
                    validAfter: string;
                    /** @description Unix seconds, a decimal string: the intent's expiry. */
                    validBefore: string;
                    /** @description bytes32, 0x-hex: derived from the intent and the payer. */
                    nonce: string;
                };
            };
        };
        /**
         * @example {
         *       "object": "transfer_authorization_submission",
         *       "payment_intent_id": "pi_3MtwBwLkdIwHu7ix28a3tqPa",
         *       "status": "mined",
         *       "tx_hash": "0x8f3c2b1a0e9d8c7b6a5f4e3d2c1b0a9f8e7d6c5b4a3f2e1d0c9b8a7f6e5d4c3b"
         *     }
         */
        TransferAuthorizationSubmission: {
            /** @constant */
            object: "transfer_authorization_submission";
            payment_intent_id: string;
            /** @description `mined`: the relay is in a block (the intent confirms once the block has its confirmations). `submitted`: sent, not mined within the answer's wait; never a failure. `superseded`: someone else sent the same authorization first; the intent confirms from their transaction. `cancelled`: the payer cancelled the authorization on chain before the relay was mined; nothing was paid. `reverted`: the relay was mined and failed. */
            status: "submitted" | "mined" | "superseded" | "cancelled" | "reverted";
            /** @description The operator's relay transaction. */
            tx_hash: string;
        };
        /**
         * @description A refund: money paid back from the merchant's account to `recipient_address`.
         * @example {
         *       "id": "re_3NxQm2LpR4tVb8NcZ1aWd3Kq",
         *       "object": "refund",
         *       "status": "succeeded",
         *       "amount": 5,
         *       "currency": "usd",
         *       "payment_intent": "pi_3MtwBwLkdIwHu7ix28a3tqPa",
         *       "transaction": "txn_4fQm8ZpX2LbR7cVt1NwKd9Ya",
         *       "merchant_id": "mer_7Hx2Qm9LpR4tVb8NcZ1aWd3K",
         *       "chain": "base",
         *       "token": "USDC",
         *       "recipient_address": "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
         *       "reason": "requested_by_customer",
         *       "metadata": {
         *         "order_id": "order_1042"
         *       },
         *       "tx_hash": "0x5e1d3a0c7b9f2e4d6a8c0b1f3e5d7a9c2b4e6f8a0c1d3e5f7a9b2c4d6e8f0a1b",
         *       "failure_reason": null,
         *       "created_at": "2026-04-01T12:05:00.000Z"
         *     }
         * @example {
         *       "id": "re_3NxQm2LpR4tVb8NcZ1aWd3Kq",
         *       "object": "refund",
         *       "status": "requires_approval",
         *       "amount": 5,
         *       "currency": "usd",
         *       "payment_intent": "pi_3MtwBwLkdIwHu7ix28a3tqPa",
         *       "transaction": "txn_4fQm8ZpX2LbR7cVt1NwKd9Ya",
         *       "merchant_id": "mer_7Hx2Qm9LpR4tVb8NcZ1aWd3K",
         *       "chain": "base",
         *       "token": "USDC",
         *       "recipient_address": "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
         *       "reason": "requested_by_customer",
         *       "metadata": {
         *         "order_id": "order_1042"
         *       },
         *       "tx_hash": null,
         *       "failure_reason": null,
         *       "created_at": "2026-04-01T12:05:00.000Z"
         *     }
         */
        Refund: {
            /**
             * @description `re_*`
             * @example re_3NxQm2LpR4tVb8NcZ1aWd3Kq
             */
            id: string;
            /** @constant */
            object: "refund";
            /** @description `requires_approval`: no refund budget of the owner covers it, it waits for the owner's signature; `pending`: paid from the budget or with the owner's signature, being sent; `succeeded`: mined at the chain's confirmation depth (`tx_hash`); `failed`: reverted or refused (`failure_reason`), nothing paid (a signed one whose authorization is submitted on chain after all becomes `succeeded`); `cancelled`: withdrawn before it was sent. */
            status: "requires_approval" | "pending" | "succeeded" | "failed" | "cancelled";
            /**
             * @description USD refunded (in the payment's token, 1 USD = 1 token).
             * @example 5
             */
            amount: number;
            /** @constant */
            currency: "usd";
            /**
             * @description The intent of the refunded payment; null for a payment that matched no intent.
             * @example pi_3MtwBwLkdIwHu7ix28a3tqPa
             */
            payment_intent: string | null;
            /**
             * @description The refunded payment, `txn_*`.
             * @example txn_4fQm8ZpX2LbR7cVt1NwKd9Ya
             */
            transaction: string;
            /** @example mer_7Hx2Qm9LpR4tVb8NcZ1aWd3K */
            merchant_id: string;
            /**
             * @description The network, by name. The chain id is in `qr_payload`; in the sandbox a test network carries the name of the chain it stands in for.
             * @default base
             * @example base
             * @enum {string}
             */
            chain: "base" | "ethereum" | "arbitrum" | "optimism" | "polygon";
            /**
             * @description The token paid in, by symbol.
             * @default USDC
             * @example USDC
             * @enum {string}
             */
            token: "USDC" | "USDT";
            /**
             * @description Where the refund is paid (checksummed).
             * @example 0x70997970C51812dc3A010C7d01b50e0d17dc79C8
             */
            recipient_address: string;
            /** @example requested_by_customer */
            reason: ("duplicate" | "fraudulent" | "requested_by_customer") | null;
            /**
             * @description Key-value pairs for your own use, returned unchanged. At most 10 keys of up to 40 characters, string values of up to 500 characters.
             * @example {
             *       "order_id": "order_1042"
             *     }
             */
            metadata: {
                [key: string]: string;
            };
            /**
             * @description The refund's on-chain transaction: set once it succeeded.
             * @example 0x5e1d3a0c7b9f2e4d6a8c0b1f3e5d7a9c2b4e6f8a0c1d3e5f7a9b2c4d6e8f0a1b
             */
            tx_hash: string | null;
            /**
             * @description Why it failed (status `failed`); null otherwise.
             * @example null
             */
            failure_reason: string | null;
            /**
             * Format: date-time
             * @example 2026-04-01T12:05:00.000Z
             */
            created_at: string;
        };
        /**
         * @example {
         *       "object": "refund_budget",
         *       "merchant_id": "mer_7Hx2Qm9LpR4tVb8NcZ1aWd3K",
         *       "chain": "base",
         *       "token": "USDC",
         *       "amount_per_day": 500,
         *       "available": 500,
         *       "until": "2027-04-01T12:00:00.000Z",
         *       "tx_hash": "0x5e1d3a0c7b9f2e4d6a8c0b1f3e5d7a9c2b4e6f8a0c1d3e5f7a9b2c4d6e8f0a1b"
         *     }
         */
        RefundBudget: {
            /** @constant */
            object: "refund_budget";
            /** @example mer_7Hx2Qm9LpR4tVb8NcZ1aWd3K */
            merchant_id: string;
            /**
             * @description The network, by name. The chain id is in `qr_payload`; in the sandbox a test network carries the name of the chain it stands in for.
             * @default base
             * @example base
             * @enum {string}
             */
            chain: "base" | "ethereum" | "arbitrum" | "optimism" | "polygon";
            /**
             * @description The token paid in, by symbol.
             * @default USDC
             * @example USDC
             * @enum {string}
             */
            token: "USDC" | "USDT";
            /**
             * @description The budget granted: USD per rolling 24 hours (0: none).
             * @example 500
             */
            amount_per_day: number;
            /**
             * @description What the operator may refund now (the budget less the refunds of the last 24 to 25 hours).
             * @example 500
             */
            available: number;
            /**
             * @description When the budget ends; null when revoked.
             * @example 2027-04-01T12:00:00.000Z
             */
            until: string | null;
            /**
             * @description The owner's transaction that granted or revoked it.
             * @example 0x5e1d3a0c7b9f2e4d6a8c0b1f3e5d7a9c2b4e6f8a0c1d3e5f7a9b2c4d6e8f0a1b
             */
            tx_hash: string;
        };
        /**
         * @description A transaction: the record of a confirmed on-chain payment.
         * @example {
         *       "id": "txn_4fQm8ZpX2LbR7cVt1NwKd9Ya",
         *       "object": "transaction",
         *       "payment_intent_id": "pi_3MtwBwLkdIwHu7ix28a3tqPa",
         *       "merchant_id": "mer_7Hx2Qm9LpR4tVb8NcZ1aWd3K",
         *       "status": "confirmed",
         *       "amount": 12.5,
         *       "currency": "usd",
         *       "net_amount": 12.375,
         *       "fee": 0.125,
         *       "chain": "base",
         *       "token": "USDC",
         *       "tx_hash": "0x9f2c4e0b7a1d3c5e6f708192a3b4c5d6e7f8091a2b3c4d5e6f708192a3b4c5d6",
         *       "settlement_status": "pending",
         *       "confirmed_at": "2026-04-01T12:01:12.345Z",
         *       "metadata": {
         *         "order_id": "order_1042",
         *         "register": "front-1"
         *       },
         *       "amount_refunded": 0,
         *       "fee_rate": 0.01,
         *       "block_number": 28411023,
         *       "sender_address": "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
         *       "payment_address": "0x5FbDB2315678afecb367f032d93F642f64180aa3"
         *     }
         */
        Transaction: {
            /**
             * @description `txn_*`
             * @example txn_4fQm8ZpX2LbR7cVt1NwKd9Ya
             */
            id: string;
            /** @constant */
            object: "transaction";
            /**
             * @description The intent the payment matched, `pi_*`; null for a payment that matched no intent (it is still the merchant's money and is recorded).
             * @example pi_3MtwBwLkdIwHu7ix28a3tqPa
             */
            payment_intent_id: string | null;
            /** @example mer_7Hx2Qm9LpR4tVb8NcZ1aWd3K */
            merchant_id: string;
            /** @description `confirmed` once recorded; `settled` once paid out to the merchant's bank. */
            status: "confirmed" | "settled" | "failed";
            /**
             * @description The amount received in USD (what arrived on-chain).
             * @example 12.5
             */
            amount: number;
            /** @constant */
            currency: "usd";
            /**
             * @description Amount after fee: amount minus fee.
             * @example 12.375
             */
            net_amount: number;
            /**
             * @description Fee in USD: round_half_up(amount × fee_rate) at 6 decimals.
             * @example 0.125
             */
            fee: number;
            /**
             * @description The network, by name. The chain id is in `qr_payload`; in the sandbox a test network carries the name of the chain it stands in for.
             * @default base
             * @example base
             * @enum {string}
             */
            chain: "base" | "ethereum" | "arbitrum" | "optimism" | "polygon";
            /**
             * @description The token paid in, by symbol.
             * @default USDC
             * @example USDC
             * @enum {string}
             */
            token: "USDC" | "USDT";
            /**
             * @description On-chain transaction hash.
             * @example 0x9f2c4e0b7a1d3c5e6f708192a3b4c5d6e7f8091a2b3c4d5e6f708192a3b4c5d6
             */
            tx_hash: string;
            /** @description `pending` until a settlement takes the funds, `in_transit` during the ACH transfer, `paid` once it completes. */
            settlement_status: "pending" | "in_transit" | "paid" | "failed";
            /**
             * Format: date-time
             * @description When the payment was confirmed on-chain.
             * @example 2026-04-01T12:01:12.345Z
             */
            confirmed_at: string;
            /**
             * @description Metadata of the payment intent; `{}` when there is none.
             * @example {
             *       "order_id": "order_1042",
             *       "register": "front-1"
             *     }
             */
            metadata: {
                [key: string]: string;
            };
            /**
             * @description USD refunded of this payment: its refunds that are not `failed` or `cancelled` (see Refunds).
             * @example 0
             */
            amount_refunded: number;
            /**
             * @description Only on a payment to a customer's reusable deposit address (`dep_*`, see Deposit addresses): which one. Such a payment has no intent (`payment_intent_id` null), and its `metadata` is the address's.
             * @example dep_3Kq8ZpX2LbQ7cVm1NwKd9YaB
             */
            deposit_address_id?: string;
            /**
             * @description Fee rate applied (0.01 = 1%).
             * @example 0.01
             */
            fee_rate: number;
            /**
             * @description Block that holds the transfer.
             * @example 28411023
             */
            block_number: string | number;
            /**
             * @description The payer's on-chain address.
             * @example 0x70997970C51812dc3A010C7d01b50e0d17dc79C8
             */
            sender_address: string;
            /**
             * @description The merchant's on-chain account that received the payment.
             * @example 0x5FbDB2315678afecb367f032d93F642f64180aa3
             */
            payment_address: string;
        };
        /**
         * @description List item: the transaction without `fee_rate`, `block_number`, `sender_address` and `payment_address`.
         * @example {
         *       "id": "txn_4fQm8ZpX2LbR7cVt1NwKd9Ya",
         *       "object": "transaction",
         *       "payment_intent_id": "pi_3MtwBwLkdIwHu7ix28a3tqPa",
         *       "merchant_id": "mer_7Hx2Qm9LpR4tVb8NcZ1aWd3K",
         *       "status": "confirmed",
         *       "amount": 12.5,
         *       "currency": "usd",
         *       "net_amount": 12.375,
         *       "fee": 0.125,
         *       "chain": "base",
         *       "token": "USDC",
         *       "tx_hash": "0x9f2c4e0b7a1d3c5e6f708192a3b4c5d6e7f8091a2b3c4d5e6f708192a3b4c5d6",
         *       "settlement_status": "pending",
         *       "confirmed_at": "2026-04-01T12:01:12.345Z",
         *       "metadata": {
         *         "order_id": "order_1042",
         *         "register": "front-1"
         *       },
         *       "amount_refunded": 0
         *     }
         */
        TransactionListItem: {
            /**
             * @description `txn_*`
             * @example txn_4fQm8ZpX2LbR7cVt1NwKd9Ya
             */
            id: string;
            /** @constant */
            object: "transaction";
            /**
             * @description The intent the payment matched, `pi_*`; null for a payment that matched no intent (it is still the merchant's money and is recorded).
             * @example pi_3MtwBwLkdIwHu7ix28a3tqPa
             */
            payment_intent_id: string | null;
            /** @example mer_7Hx2Qm9LpR4tVb8NcZ1aWd3K */
            merchant_id: string;
            /** @description `confirmed` once recorded; `settled` once paid out to the merchant's bank. */
            status: "confirmed" | "settled" | "failed";
            /**
             * @description The amount received in USD (what arrived on-chain).
             * @example 12.5
             */
            amount: number;
            /** @constant */
            currency: "usd";
            /**
             * @description Amount after fee: amount minus fee.
             * @example 12.375
             */
            net_amount: number;
            /**
             * @description Fee in USD: round_half_up(amount × fee_rate) at 6 decimals.
             * @example 0.125
             */
            fee: number;
            /**
             * @description The network, by name. The chain id is in `qr_payload`; in the sandbox a test network carries the name of the chain it stands in for.
             * @default base
             * @example base
             * @enum {string}
             */
            chain: "base" | "ethereum" | "arbitrum" | "optimism" | "polygon";
            /**
             * @description The token paid in, by symbol.
             * @default USDC
             * @example USDC
             * @enum {string}
             */
            token: "USDC" | "USDT";
            /**
             * @description On-chain transaction hash.
             * @example 0x9f2c4e0b7a1d3c5e6f708192a3b4c5d6e7f8091a2b3c4d5e6f708192a3b4c5d6
             */
            tx_hash: string;
            /** @description `pending` until a settlement takes the funds, `in_transit` during the ACH transfer, `paid` once it completes. */
            settlement_status: "pending" | "in_transit" | "paid" | "failed";
            /**
             * Format: date-time
             * @description When the payment was confirmed on-chain.
             * @example 2026-04-01T12:01:12.345Z
             */
            confirmed_at: string;
            /**
             * @description Metadata of the payment intent; `{}` when there is none.
             * @example {
             *       "order_id": "order_1042",
             *       "register": "front-1"
             *     }
             */
            metadata: {
                [key: string]: string;
            };
            /**
             * @description USD refunded of this payment: its refunds that are not `failed` or `cancelled` (see Refunds).
             * @example 0
             */
            amount_refunded: number;
            /**
             * @description Only on a payment to a customer's reusable deposit address (`dep_*`, see Deposit addresses): which one. Such a payment has no intent (`payment_intent_id` null), and its `metadata` is the address's.
             * @example dep_3Kq8ZpX2LbQ7cVm1NwKd9YaB
             */
            deposit_address_id?: string;
        };
        /**
         * @example {
         *       "object": "list",
         *       "data": [
         *         {
         *           "id": "txn_4fQm8ZpX2LbR7cVt1NwKd9Ya",
         *           "object": "transaction",
         *           "payment_intent_id": "pi_3MtwBwLkdIwHu7ix28a3tqPa",
         *           "merchant_id": "mer_7Hx2Qm9LpR4tVb8NcZ1aWd3K",
         *           "status": "confirmed",
         *           "amount": 12.5,
         *           "currency": "usd",
         *           "net_amount": 12.375,
         *           "fee": 0.125,
         *           "chain": "base",
         *           "token": "USDC",
         *           "tx_hash": "0x9f2c4e0b7a1d3c5e6f708192a3b4c5d6e7f8091a2b3c4d5e6f708192a3b4c5d6",
         *           "settlement_status": "pending",
         *           "confirmed_at": "2026-04-01T12:01:12.345Z",
         *           "metadata": {
         *             "order_id": "order_1042",
         *             "register": "front-1"
         *           },
         *           "amount_refunded": 0
         *         }
         *       ],
         *       "has_more": false,
         *       "total_count": 1
         *     }
         */
        TransactionList: {
            /** @constant */
            object: "list";
            /** @description Newest first: `confirmed_at` descending, then `id` descending. */
            data: components["schemas"]["TransactionListItem"][];
            /** @description True when more results follow; pass the last item's id as `starting_after`. */
            has_more: boolean;
            /**
             * @description Every transaction matching the filters, ignoring the cursor.
             * @example 1
             */
            total_count: string | number;
        };
        /**
         * @description Exactly the body delivered (or that would be delivered) to webhook endpoints.
         * @example {
         *       "id": "evt_1Nv0FGQ9RKHgCVdK6Pq3xWzA",
         *       "object": "event",
         *       "type": "payment_intent.confirmed",
         *       "created_at": "2026-04-01T12:00:05.000Z",
         *       "data": {
         *         "id": "pi_3MtwBwLkdIwHu7ix28a3tqPa",
         *         "object": "payment_intent",
         *         "status": "confirmed",
         *         "amount": 25,
         *         "currency": "usd"
         *       }
         *     }
         */
        Event: {
            /**
             * @description `evt_*`; also the `webhook-id` header of its deliveries.
             * @example evt_1Nv0FGQ9RKHgCVdK6Pq3xWzA
             */
            id: string;
            /** @constant */
            object: "event";
            type: "payment_intent.confirmed" | "payment_intent.expired" | "transaction.created" | "settlement.completed" | "refund.created" | "refund.updated" | "refund.succeeded" | "refund.failed" | "payment_link.deactivated" | "payment_link.used_up" | "webhook_endpoint.disabled";
            /** Format: date-time */
            created_at: string;
            /** @description The object the event is about, exactly as delivered (each event type's payload: the document's `webhooks`). */
            data: {
                [key: string]: unknown;
            };
        };
        /**
         * @example {
         *       "object": "list",
         *       "data": [
         *         {
         *           "id": "evt_1Nv0FGQ9RKHgCVdK6Pq3xWzA",
         *           "object": "event",
         *           "type": "payment_intent.confirmed",
         *           "created_at": "2026-04-01T12:00:05.000Z",
         *           "data": {
         *             "id": "pi_3MtwBwLkdIwHu7ix28a3tqPa",
         *             "object": "payment_intent",
         *             "status": "confirmed",
         *             "amount": 25,
         *             "currency": "usd"
         *           }
         *         }
         *       ],
         *       "has_more": false,
         *       "total_count": 1
         *     }
         */
        EventList: {
            /** @constant */
            object: "list";
            /** @description Newest first: `created_at` descending, then `id` descending. */
            data: components["schemas"]["Event"][];
            /** @description True when more results follow; pass the last item's id as `starting_after`. */
            has_more: boolean;
            /** @description Events matching the filters, ignoring the cursor. */
            total_count: string | number;
        };
        /**
         * @example {
         *       "id": "wd_0f1e2d3c4b5a69788796a5b4c3d2e1f0",
         *       "object": "webhook_delivery",
         *       "event_id": "evt_1Nv0FGQ9RKHgCVdK6Pq3xWzA",
         *       "event_type": "payment_intent.confirmed",
         *       "endpoint_id": "we_9Kx2Qm4LpR7tVb1NcZ8aWd3Y",
         *       "status": "pending",
         *       "attempt_count": 1,
         *       "next_attempt_at": "2026-04-01T12:05:05.000Z",
         *       "created_at": "2026-04-01T12:00:05.000Z",
         *       "finished_at": null,
         *       "attempts": [
         *         {
         *           "attempt_number": 1,
         *           "started_at": "2026-04-01T12:00:05.010Z",
         *           "duration_ms": 812,
         *           "outcome": "retry_scheduled",
         *           "status_code": 503,
         *           "error": "HTTP 503",
         *           "response_snippet": "upstream unavailable",
         *           "next_attempt_at": "2026-04-01T12:05:05.000Z"
         *         }
         *       ]
         *     }
         */
        WebhookDelivery: {
            id: string;
            /** @constant */
            object: "webhook_delivery";
            event_id: string;
            event_type: string | null;
            endpoint_id: string;
            status: "pending" | "succeeded" | "failed";
            attempt_count: string | number;
            next_attempt_at: string | null;
            /** Format: date-time */
            created_at: string;
            finished_at: string | null;
            attempts: {
                attempt_number: string | number;
                /** Format: date-time */
                started_at: string;
                duration_ms: (string | number) | null;
                outcome: "succeeded" | "retry_scheduled" | "failed" | "endpoint_gone" | "lease_expired" | "dropped";
                status_code: (string | number) | null;
                error: string | null;
                response_snippet: string | null;
                next_attempt_at: string | null;
            }[];
        };
        /**
         * @example {
         *       "object": "list",
         *       "data": [
         *         {
         *           "id": "wd_0f1e2d3c4b5a69788796a5b4c3d2e1f0",
         *           "object": "webhook_delivery",
         *           "event_id": "evt_1Nv0FGQ9RKHgCVdK6Pq3xWzA",
         *           "event_type": "payment_intent.confirmed",
         *           "endpoint_id": "we_9Kx2Qm4LpR7tVb1NcZ8aWd3Y",
         *           "status": "pending",
         *           "attempt_count": 1,
         *           "next_attempt_at": "2026-04-01T12:05:05.000Z",
         *           "created_at": "2026-04-01T12:00:05.000Z",
         *           "finished_at": null,
         *           "attempts": [
         *             {
         *               "attempt_number": 1,
         *               "started_at": "2026-04-01T12:00:05.010Z",
         *               "duration_ms": 812,
         *               "outcome": "retry_scheduled",
         *               "status_code": 503,
         *               "error": "HTTP 503",
         *               "response_snippet": "upstream unavailable",
         *               "next_attempt_at": "2026-04-01T12:05:05.000Z"
         *             }
         *           ]
         *         }
         *       ],
         *       "has_more": false,
         *       "total_count": 1
         *     }
         */
        WebhookDeliveryList: {
            /** @constant */
            object: "list";
            /** @description Newest first. */
            data: components["schemas"]["WebhookDelivery"][];
            /** @description True when more results follow; pass the last item's id as `starting_after`. */
            has_more: boolean;
            total_count: string | number;
        };
        /** @example {} */
        ResendEventRequest: {
            /**
             * @description Only this endpoint (`we_*`). Default: every enabled endpoint of the key's account that subscribes to the event's type.
             * @example we_9Kx2Qm4LpR7tVb1NcZ8aWd3Y
             */
            endpoint_id?: string;
        };
        /**
         * @example {
         *       "id": "we_9Kx2Qm4LpR7tVb1NcZ8aWd3Y",
         *       "object": "webhook_endpoint",
         *       "url": "https://example.com/webhooks/stablepay",
         *       "enabled_events": [
         *         "payment_intent.confirmed",
         *         "settlement.completed"
         *       ],
         *       "description": "Order service",
         *       "metadata": {
         *         "team": "payments"
         *       },
         *       "status": "enabled",
         *       "disabled_reason": null,
         *       "livemode": false,
         *       "created_at": "2026-04-01T12:00:00.000Z",
         *       "secret": "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"
         *     }
         */
        WebhookEndpointWithSecret: {
            /** @example we_9Kx2Qm4LpR7tVb1NcZ8aWd3Y */
            id: string;
            /** @constant */
            object: "webhook_endpoint";
            url: string;
            enabled_events: ("payment_intent.confirmed" | "payment_intent.expired" | "transaction.created" | "settlement.completed" | "refund.created" | "refund.updated" | "refund.succeeded" | "refund.failed" | "payment_link.deactivated" | "payment_link.used_up" | "webhook_endpoint.disabled" | "*")[];
            description: string | null;
            /** @description Up to 10 string values (keys up to 40, values up to 500 characters). */
            metadata: {
                [key: string]: string;
            };
            status: "enabled" | "disabled";
            /** @description Why it is disabled (through the API, or an HTTP 410 Gone from the URL). */
            disabled_reason: string | null;
            livemode: boolean;
            /** Format: date-time */
            created_at: string;
            /**
             * @description `whsec_…`: the signing secret. Shown only in this response (a create's idempotent replay answers the same secret).
             * @example whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw
             */
            secret: string;
        };
        /**
         * @example {
         *       "url": "https://example.com/webhooks/stablepay",
         *       "enabled_events": [
         *         "payment_intent.confirmed",
         *         "settlement.completed"
         *       ],
         *       "description": "Order service",
         *       "metadata": {
         *         "team": "payments"
         *       }
         *     }
         */
        CreateWebhookEndpointRequest: {
            /**
             * @description Where events are POSTed. Live: https, and a host that is not (and does not resolve to) a loopback, private, link-local or metadata address. Sandbox: http or https, any host.
             * @example https://example.com/webhooks/stablepay
             */
            url: string;
            /** @description Event types to receive, or `["*"]` for every type (including types added later). */
            enabled_events: ("payment_intent.confirmed" | "payment_intent.expired" | "transaction.created" | "settlement.completed" | "refund.created" | "refund.updated" | "refund.succeeded" | "refund.failed" | "payment_link.deactivated" | "payment_link.used_up" | "webhook_endpoint.disabled" | "*")[];
            description?: string | null;
            /** @description Up to 10 string values (keys up to 40, values up to 500 characters). */
            metadata?: {
                [key: string]: string;
            };
        };
        /**
         * @example {
         *       "id": "we_9Kx2Qm4LpR7tVb1NcZ8aWd3Y",
         *       "object": "webhook_endpoint",
         *       "url": "https://example.com/webhooks/stablepay",
         *       "enabled_events": [
         *         "payment_intent.confirmed",
         *         "settlement.completed"
         *       ],
         *       "description": "Order service",
         *       "metadata": {
         *         "team": "payments"
         *       },
         *       "status": "enabled",
         *       "disabled_reason": null,
         *       "livemode": false,
         *       "created_at": "2026-04-01T12:00:00.000Z"
         *     }
         */
        WebhookEndpoint: {
            /** @example we_9Kx2Qm4LpR7tVb1NcZ8aWd3Y */
            id: string;
            /** @constant */
            object: "webhook_endpoint";
            url: string;
            enabled_events: ("payment_intent.confirmed" | "payment_intent.expired" | "transaction.created" | "settlement.completed" | "refund.created" | "refund.updated" | "refund.succeeded" | "refund.failed" | "payment_link.deactivated" | "payment_link.used_up" | "webhook_endpoint.disabled" | "*")[];
            description: string | null;
            /** @description Up to 10 string values (keys up to 40, values up to 500 characters). */
            metadata: {
                [key: string]: string;
            };
            status: "enabled" | "disabled";
            /** @description Why it is disabled (through the API, or an HTTP 410 Gone from the URL). */
            disabled_reason: string | null;
            livemode: boolean;
            /** Format: date-time */
            created_at: string;
        };
        /**
         * @example {
         *       "object": "list",
         *       "data": [
         *         {
         *           "id": "we_9Kx2Qm4LpR7tVb1NcZ8aWd3Y",
         *           "object": "webhook_endpoint",
         *           "url": "https://example.com/webhooks/stablepay",
         *           "enabled_events": [
         *             "payment_intent.confirmed",
         *             "settlement.completed"
         *           ],
         *           "description": "Order service",
         *           "metadata": {
         *             "team": "payments"
         *           },
         *           "status": "enabled",
         *           "disabled_reason": null,
         *           "livemode": false,
         *           "created_at": "2026-04-01T12:00:00.000Z"
         *         }
         *       ],
         *       "has_more": false,
         *       "total_count": 1
         *     }
         */
        WebhookEndpointList: {
            /** @constant */
            object: "list";
            /** @description Newest first. */
            data: components["schemas"]["WebhookEndpoint"][];
            /** @description True when more results follow; pass the last item's id as `starting_after`. */
            has_more: boolean;
            total_count: string | number;
        };
        /**
         * @example {
         *       "disabled": true
         *     }
         */
        UpdateWebhookEndpointRequest: {
            /**
             * @description Where events are POSTed. Live: https, and a host that is not (and does not resolve to) a loopback, private, link-local or metadata address. Sandbox: http or https, any host.
             * @example https://example.com/webhooks/stablepay
             */
            url?: string;
            /** @description Event types to receive, or `["*"]` for every type (including types added later). */
            enabled_events?: ("payment_intent.confirmed" | "payment_intent.expired" | "transaction.created" | "settlement.completed" | "refund.created" | "refund.updated" | "refund.succeeded" | "refund.failed" | "payment_link.deactivated" | "payment_link.used_up" | "webhook_endpoint.disabled" | "*")[];
            description?: string | null;
            /** @description Up to 10 string values (keys up to 40, values up to 500 characters). */
            metadata?: {
                [key: string]: string;
            };
            /** @description true: no deliveries are attempted (pending ones are held); false: enabled again. */
            disabled?: boolean;
        };
        /**
         * @example {
         *       "id": "we_9Kx2Qm4LpR7tVb1NcZ8aWd3Y",
         *       "object": "webhook_endpoint",
         *       "deleted": true,
         *       "dropped_deliveries": 0
         *     }
         */
        DeletedWebhookEndpoint: {
            id: string;
            /** @constant */
            object: "webhook_endpoint";
            /** @constant */
            deleted: true;
            /** @description Pending deliveries given up (each has a `dropped` attempt). */
            dropped_deliveries: string | number;
        };
        /**
         * @example {
         *       "object": "webhook_endpoint_test",
         *       "endpoint_id": "we_9Kx2Qm4LpR7tVb1NcZ8aWd3Y",
         *       "event_id": "evt_4Qm8ZpX2LbR7cVt1NwKd9YaB",
         *       "event_type": "webhook_endpoint.test",
         *       "succeeded": true,
         *       "status_code": 200,
         *       "duration_ms": 84,
         *       "error": null,
         *       "response_snippet": "ok"
         *     }
         */
        WebhookTestResult: {
            /** @constant */
            object: "webhook_endpoint_test";
            endpoint_id: string;
            /** @description The test event's id (the `webhook-id` header it was sent with); it is not stored. */
            event_id: string;
            /** @description `webhook_endpoint.test`, or the `event_type` asked for. */
            event_type: "webhook_endpoint.test" | "payment_intent.confirmed" | "payment_intent.expired" | "transaction.created" | "settlement.completed" | "refund.created" | "refund.updated" | "refund.succeeded" | "refund.failed" | "payment_link.deactivated" | "payment_link.used_up" | "webhook_endpoint.disabled";
            /** @description The endpoint answered 2xx. */
            succeeded: boolean;
            status_code: (string | number) | null;
            duration_ms: string | number;
            error: string | null;
            response_snippet: string | null;
        };
        /**
         * @example {}
         * @example {
         *       "event_type": "payment_intent.confirmed"
         *     }
         */
        SendWebhookEndpointTestEventRequest: {
            /** @enum {string} */
            event_type?: "payment_intent.confirmed" | "payment_intent.expired" | "transaction.created" | "settlement.completed" | "refund.created" | "refund.updated" | "refund.succeeded" | "refund.failed" | "payment_link.deactivated" | "payment_link.used_up" | "webhook_endpoint.disabled";
        };
        /**
         * @example {
         *       "object": "webhook_endpoint_recovery",
         *       "endpoint_id": "we_9Kx2Qm4LpR7tVb1NcZ8aWd3Y",
         *       "since": "2026-04-01T12:00:00.000Z",
         *       "recovered": 42,
         *       "has_more": false
         *     }
         */
        WebhookEndpointRecovery: {
            /** @constant */
            object: "webhook_endpoint_recovery";
            endpoint_id: string;
            /** Format: date-time */
            since: string;
            /** @description New deliveries made, due now (held while the endpoint is disabled). */
            recovered: string | number;
            /** @description More failed deliveries are left than one call resends: call again with the same `since`. */
            has_more: boolean;
        };
        /**
         * @example {
         *       "since": "2026-04-01T12:00:00.000Z"
         *     }
         */
        RecoverWebhookEndpointDeliveriesRequest: {
            /**
             * @description Required. ISO 8601 timestamp (or a date): resend the failed deliveries created at or after it. At most 30 days ago (events are kept 30 days), not in the future.
             * @example 2026-04-01T12:00:00.000Z
             */
            since?: string;
        };
        /**
         * @example {
         *       "id": "stl_4fQm2Lx9RtVb8NcZ1aWd3KpH",
         *       "object": "settlement",
         *       "merchant_id": "mer_7Hx2Qm9LpR4tVb8NcZ1aWd3K",
         *       "amount": 1234.56,
         *       "currency": "usd",
         *       "status": "pending",
         *       "method": "ach",
         *       "transaction_count": 12,
         *       "bank_account": {
         *         "bank_name": "Chase",
         *         "last_4": "6789"
         *       },
         *       "initiated_at": "2026-04-01T12:00:00.000Z",
         *       "expected_arrival_date": null,
         *       "completed_at": null,
         *       "withdrawals": [
         *         {
         *           "chain": "base",
         *           "token": "USDC",
         *           "amount": 1000.5,
         *           "status": "withdrawn",
         *           "tx_hash": "0x8d1e0f6a4c2b7e9d3f5a1c8b6e4d2f0a9c7b5e3d1f8a6c4b2e0d9f7a5c3b1e8d",
         *           "withdrawn_at": "2026-04-01T12:00:03.000Z"
         *         },
         *         {
         *           "chain": "base",
         *           "token": "USDT",
         *           "amount": 234.06,
         *           "status": "pending",
         *           "tx_hash": null,
         *           "withdrawn_at": null
         *         }
         *       ]
         *     }
         */
        Settlement: {
            /** @example stl_4fQm2Lx9RtVb8NcZ1aWd3KpH */
            id: string;
            /** @constant */
            object: "settlement";
            /** @example mer_7Hx2Qm9LpR4tVb8NcZ1aWd3K */
            merchant_id: string;
            /**
             * @description USD paid to the bank: the net amount of its transactions.
             * @example 1234.56
             */
            amount: number;
            /** @constant */
            currency: "usd";
            status: "pending" | "in_transit" | "completed" | "failed";
            /** @constant */
            method: "ach";
            /** @example 12 */
            transaction_count: string | number;
            bank_account: {
                bank_name: string;
                last_4: string;
            };
            /** Format: date-time */
            initiated_at: string;
            expected_arrival_date: string | null;
            completed_at: string | null;
            /** @description The settlement's withdrawals from the merchant account, one per (chain, token) pair it takes. One run withdraws every pair and pays one bank transfer for the total (`amount`), after every pair is withdrawn: while one pair's withdrawal is retried the settlement stays `pending`. */
            withdrawals: {
                /**
                 * @default base
                 * @example base
                 * @enum {string}
                 */
                chain: "base" | "ethereum" | "arbitrum" | "optimism" | "polygon";
                /**
                 * @default USDC
                 * @example USDC
                 * @enum {string}
                 */
                token: "USDC" | "USDT";
                /**
                 * @description USD of this pair in the settlement: the net amount of its transactions.
                 * @example 1000.5
                 */
                amount: number;
                /** @description `pending`: the withdrawal from the merchant account is on its way (or retried after an error); `withdrawn`: mined at the chain's confirmation depth (or nothing to withdraw: the money was already at the payout address); `failed`: the account refused it, nothing of this pair moved, and its payments are back in `available` for the next run (not counted in the settlement's `amount`). */
                status: "pending" | "withdrawn" | "failed";
                /** @description The withdrawal's transaction, once withdrawn. */
                tx_hash: string | null;
                withdrawn_at: string | null;
            }[];
        };
        /**
         * @example {
         *       "merchant_id": "mer_7Hx2Qm9LpR4tVb8NcZ1aWd3K"
         *     }
         */
        CreateSettlementRequest: {
            /**
             * @description The merchant. Required unless the key is scoped to a single merchant.
             * @example mer_7Hx2Qm9LpR4tVb8NcZ1aWd3K
             */
            merchant_id?: string;
            /**
             * @description USD. Default: the whole available balance. If sent, it must equal the available balance (a settlement takes every available transaction; partial cash-outs are not offered).
             * @example 1234.56
             */
            amount?: number;
        };
        /**
         * @example {
         *       "object": "list",
         *       "data": [
         *         {
         *           "id": "re_3NxQm2LpR4tVb8NcZ1aWd3Kq",
         *           "object": "refund",
         *           "status": "succeeded",
         *           "amount": 5,
         *           "currency": "usd",
         *           "payment_intent": "pi_3MtwBwLkdIwHu7ix28a3tqPa",
         *           "transaction": "txn_4fQm8ZpX2LbR7cVt1NwKd9Ya",
         *           "merchant_id": "mer_7Hx2Qm9LpR4tVb8NcZ1aWd3K",
         *           "chain": "base",
         *           "token": "USDC",
         *           "recipient_address": "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
         *           "reason": "requested_by_customer",
         *           "metadata": {
         *             "order_id": "order_1042"
         *           },
         *           "tx_hash": "0x5e1d3a0c7b9f2e4d6a8c0b1f3e5d7a9c2b4e6f8a0c1d3e5f7a9b2c4d6e8f0a1b",
         *           "failure_reason": null,
         *           "created_at": "2026-04-01T12:05:00.000Z"
         *         }
         *       ],
         *       "has_more": false,
         *       "total_count": 1
         *     }
         */
        RefundList: {
            /** @constant */
            object: "list";
            /** @description Newest first: `created_at` descending, then `id` descending. */
            data: components["schemas"]["Refund"][];
            /** @description True when more results follow; pass the last item's id as `starting_after`. */
            has_more: boolean;
            /**
             * @description Every refund matching the filters, ignoring the cursor.
             * @example 1
             */
            total_count: number;
        };
        /**
         * @description Any other field is refused with 400 `parameter_unknown`.
         * @example {
         *       "payment_intent": "pi_3MtwBwLkdIwHu7ix28a3tqPa",
         *       "amount": 5,
         *       "recipient_address": "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
         *       "reason": "requested_by_customer",
         *       "metadata": {
         *         "order_id": "order_1042"
         *       }
         *     }
         */
        CreateRefundRequest: {
            /**
             * @description The paid intent (`confirmed` or `settled`) whose payment to refund, `pi_*`. Required unless `transaction` is given.
             * @example pi_3MtwBwLkdIwHu7ix28a3tqPa
             */
            payment_intent?: string;
            /**
             * @description The payment to refund, `txn_*`: any confirmed payment, including a late one or one that matched no intent. With `payment_intent`, it must be a payment of that intent.
             * @example txn_4fQm8ZpX2LbR7cVt1NwKd9Ya
             */
            transaction?: string;
            /**
             * @description USD to refund, up to 6 decimal places. Default: everything still refundable (the amount received less the payment's other refunds). The platform fee is not returned: it is the merchant's cost.
             * @example 5
             */
            amount?: number;
            /**
             * @description Where the refund is paid on the payment's chain (an EVM address). Required: the service never assumes the sender's address (an exchange pays from shared wallets); confirm it with the customer. The transaction's `sender_address` is the payer's.
             * @example 0x70997970C51812dc3A010C7d01b50e0d17dc79C8
             */
            recipient_address: string;
            /** @enum {string} */
            reason?: "duplicate" | "fraudulent" | "requested_by_customer";
            /**
             * @description Key-value pairs for your own use, returned unchanged. At most 10 keys of up to 40 characters, string values of up to 500 characters.
             * @example {
             *       "order_id": "order_1042"
             *     }
             */
            metadata?: {
                [key: string]: string;
            };
            /**
             * @description Sending the same key again within 24 hours returns the refund it created (200, `Idempotent-Replayed: true`); with other parameters, 409 `idempotency_key_reused`. Or the `Idempotency-Key` header.
             * @example refund-order_1042-1
             */
            idempotency_key?: string;
        };
        /**
         * @example {
         *       "object": "refund_authorization",
         *       "refund": "re_3NxQm2LpR4tVb8NcZ1aWd3Kq",
         *       "signer": "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
         *       "deadline": 1775131200,
         *       "typed_data": {
         *         "types": {
         *           "EIP712Domain": [
         *             {
         *               "name": "name",
         *               "type": "string"
         *             },
         *             {
         *               "name": "version",
         *               "type": "string"
         *             },
         *             {
         *               "name": "chainId",
         *               "type": "uint256"
         *             },
         *             {
         *               "name": "verifyingContract",
         *               "type": "address"
         *             }
         *           ],
         *           "Refund": [
         *             {
         *               "name": "refundId",
         *               "type": "bytes32"
         *             },
         *             {
         *               "name": "ref",
         *               "type": "bytes32"
         *             },
         *             {
         *               "name": "token",
         *               "type": "address"
         *             },
         *             {
         *               "name": "to",
         *               "type": "address"
         *             },
         *             {
         *               "name": "amount",
         *               "type": "uint256"
         *             },
         *             {
         *               "name": "deadline",
         *               "type": "uint256"
         *             }
         *           ]
         *         },
         *         "primaryType": "Refund",
         *         "domain": {
         *           "name": "StablePay MerchantAccount",
         *           "version": "2",
         *           "chainId": 8453,
         *           "verifyingContract": "0x5FbDB2315678afecb367f032d93F642f64180aa3"
         *         },
         *         "message": {
         *           "refundId": "0x8b1a944cf13a9a1c08facb2c9e98623ef3254d2ddb48113885c3e8e97fec8db9",
         *           "ref": "0x1f0c3b2a6d4e5f708192a3b4c5d6e7f8091a2b3c4d5e6f708192a3b4c5d6e7f8",
         *           "token": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
         *           "to": "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
         *           "amount": "5000000",
         *           "deadline": "1775131200"
         *         }
         *       }
         *     }
         */
        RefundAuthorization: {
            /** @constant */
            object: "refund_authorization";
            /**
             * @description The refund, `re_*`.
             * @example re_3NxQm2LpR4tVb8NcZ1aWd3Kq
             */
            refund: string;
            /**
             * @description Who must sign: the merchant account's owner (checksummed).
             * @example 0x70997970C51812dc3A010C7d01b50e0d17dc79C8
             */
            signer: string;
            /**
             * @description Unix seconds: the signature pays nothing after this (24 hours from the request).
             * @example 1775131200
             */
            deadline: string | number;
            /** @description The EIP-712 message, as `eth_signTypedData_v4` takes it. */
            typed_data: {
                types: {
                    EIP712Domain: {
                        name: string;
                        type: string;
                    }[];
                    Refund: {
                        name: string;
                        type: string;
                    }[];
                };
                /** @constant */
                primaryType: "Refund";
                /** @description The merchant account on the payment's chain. */
                domain: {
                    name: string;
                    version: string;
                    chainId: string | number;
                    verifyingContract: string;
                };
                message: {
                    refundId: string;
                    ref: string;
                    token: string;
                    to: string;
                    /** @description Base units of the token. */
                    amount: string;
                    deadline: string;
                };
            };
        };
        /**
         * @description Both fields are required (checked after the refund's id, so an unknown id is 404 whatever the body).
         * @example {
         *       "signature": "0xababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababab",
         *       "deadline": 1775131200
         *     }
         */
        ApproveRefundRequest: {
            /**
             * @description Required. The owner's 65-byte signature of `typed_data` (from GET …/authorization) with this `deadline`, as `eth_signTypedData_v4` returns it.
             * @example 0xababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababab
             */
            signature?: string;
            /**
             * @description Required. The `deadline` the owner signed (Unix seconds): not passed, and at most 7 days ahead. A signed refund that fails keeps its amount held until this deadline.
             * @example 1775131200
             */
            deadline?: string | number;
        };
        /**
         * @example {
         *       "id": "plink_4Rt8ZpX2LbQ7cVm1NwKd9YaB",
         *       "object": "payment_link",
         *       "url": "https://api.example.com/pay/links/plink_4Rt8ZpX2LbQ7cVm1NwKd9YaB",
         *       "active": true,
         *       "amount": 25,
         *       "amount_options": null,
         *       "currency": "usd",
         *       "merchant_id": "mer_7Hx2Qm9LpR4tVb8NcZ1aWd3K",
         *       "chain": "base",
         *       "token": "USDC",
         *       "max_uses": 100,
         *       "uses": 3,
         *       "expires_at": null,
         *       "after_completion": {
         *         "redirect_url": "https://shop.example.com/thanks"
         *       },
         *       "metadata": {
         *         "product": "tote-bag"
         *       },
         *       "livemode": false,
         *       "created_at": "2026-04-01T12:00:00.000Z"
         *     }
         */
        PaymentLink: {
            /**
             * @description `plink_*`
             * @example plink_4Rt8ZpX2LbQ7cVm1NwKd9YaB
             */
            id: string;
            /** @constant */
            object: "payment_link";
            /** @description The public page to share (a QR code, an NFC tag, a message): each visit gets its own payment intent, and a reload in the same browser gets the same one while it is open. */
            url: string;
            active: boolean;
            amount: number | null;
            amount_options: {
                minimum: number;
                maximum: number;
                preset: number | null;
            } | null;
            /** @constant */
            currency: "usd";
            /** @example mer_7Hx2Qm9LpR4tVb8NcZ1aWd3K */
            merchant_id: string;
            /**
             * @description The network, by name. The chain id is in `qr_payload`; in the sandbox a test network carries the name of the chain it stands in for.
             * @default base
             * @example base
             * @enum {string}
             */
            chain: "base" | "ethereum" | "arbitrum" | "optimism" | "polygon";
            /**
             * @description The token paid in, by symbol.
             * @default USDC
             * @example USDC
             * @enum {string}
             */
            token: "USDC" | "USDT";
            max_uses: (string | number) | null;
            /** @description How many of its intents were confirmed. */
            uses: string | number;
            expires_at: string | null;
            after_completion: {
                redirect_url: string;
            } | null;
            /** @description At most 10 keys of up to 40 characters, string values of up to 500 characters. The link's own: its intents carry `payment_link` in theirs. */
            metadata: {
                [key: string]: string;
            };
            livemode: boolean;
            /** Format: date-time */
            created_at: string;
        };
        /**
         * @description Any other field is refused with 400 `parameter_unknown`.
         * @example {
         *       "merchant_id": "mer_7Hx2Qm9LpR4tVb8NcZ1aWd3K",
         *       "amount": 25,
         *       "max_uses": 100,
         *       "after_completion": {
         *         "redirect_url": "https://shop.example.com/thanks"
         *       },
         *       "metadata": {
         *         "product": "tote-bag"
         *       }
         *     }
         * @example {
         *       "merchant_id": "mer_7Hx2Qm9LpR4tVb8NcZ1aWd3K",
         *       "amount_options": {
         *         "minimum": 5,
         *         "maximum": 500,
         *         "preset": 20
         *       }
         *     }
         */
        CreatePaymentLinkRequest: {
            /**
             * @description The merchant paid through the link. Required unless the API key is scoped to a single merchant.
             * @example mer_7Hx2Qm9LpR4tVb8NcZ1aWd3K
             */
            merchant_id?: string;
            /**
             * @description A fixed amount in USD, 0.01 to 10000, at most 2 decimals. Give this or `amount_options`.
             * @example 25
             */
            amount?: number;
            /** @description The customer types the amount, within these bounds (each 0.01 to 10000, at most 2 decimals). Give this or `amount`. */
            amount_options?: {
                /**
                 * @description The least the customer may type, in USD.
                 * @example 25
                 */
                minimum: number;
                /**
                 * @description The most the customer may type, in USD.
                 * @example 25
                 */
                maximum: number;
                /**
                 * @description What the amount field shows first, within the bounds.
                 * @example 25
                 */
                preset?: number;
            };
            /**
             * @description Only `usd`.
             * @example usd
             */
            currency?: string;
            /**
             * @description The network its intents are paid on. Default `base`. Only the pairs enabled on this service for the key's mode are accepted; any other value is 400 `parameter_invalid` with this `param`, and the message names the allowed pairs (today: `base`/`USDC` in both modes).
             * @example base
             * @enum {string}
             */
            chain?: "base" | "ethereum" | "arbitrum" | "optimism" | "polygon";
            /**
             * @description The token its intents are paid in. Default `USDC`. Only the pairs enabled on this service for the key's mode are accepted; any other value is 400 `parameter_invalid` with this `param`, and the message names the allowed pairs (today: `base`/`USDC` in both modes).
             * @example USDC
             * @enum {string}
             */
            token?: "USDC" | "USDT";
            /**
             * @description At most this many intents of the link are confirmed; then it shows "used up". No limit when absent.
             * @example 1
             */
            max_uses?: string | number;
            /**
             * @description ISO 8601, in the future. From then on the link shows "expired".
             * @example 2026-12-31T23:59:59.000Z
             */
            expires_at?: string;
            after_completion?: {
                /**
                 * @description An absolute http(s) URL. After the payment is confirmed, the hosted page sends the customer there.
                 * @example https://shop.example.com/thanks
                 */
                redirect_url: string;
            };
            /** @description At most 10 keys of up to 40 characters, string values of up to 500 characters. The link's own: its intents carry `payment_link` in theirs. */
            metadata?: {
                [key: string]: string;
            };
        };
        /**
         * @example {
         *       "object": "list",
         *       "data": [
         *         {
         *           "id": "plink_4Rt8ZpX2LbQ7cVm1NwKd9YaB",
         *           "object": "payment_link",
         *           "url": "https://api.example.com/pay/links/plink_4Rt8ZpX2LbQ7cVm1NwKd9YaB",
         *           "active": true,
         *           "amount": 25,
         *           "amount_options": null,
         *           "currency": "usd",
         *           "merchant_id": "mer_7Hx2Qm9LpR4tVb8NcZ1aWd3K",
         *           "chain": "base",
         *           "token": "USDC",
         *           "max_uses": 100,
         *           "uses": 3,
         *           "expires_at": null,
         *           "after_completion": {
         *             "redirect_url": "https://shop.example.com/thanks"
         *           },
         *           "metadata": {
         *             "product": "tote-bag"
         *           },
         *           "livemode": false,
         *           "created_at": "2026-04-01T12:00:00.000Z"
         *         }
         *       ],
         *       "has_more": false,
         *       "total_count": 1
         *     }
         */
        PaymentLinkList: {
            /** @constant */
            object: "list";
            /** @description Newest first: `created_at` descending, then `id` descending. */
            data: components["schemas"]["PaymentLink"][];
            /** @description True when more results follow; pass the last item's id as `starting_after`. */
            has_more: boolean;
            total_count: string | number;
        };
        /**
         * @example {
         *       "active": false
         *     }
         */
        UpdatePaymentLinkRequest: {
            /** @description false: the link takes no more payments (its page says so; intents already open can still be paid). true: on again. */
            active?: boolean;
            /** @description At most 10 keys of up to 40 characters, string values of up to 500 characters. The link's own: its intents carry `payment_link` in theirs. */
            metadata?: {
                [key: string]: string;
            };
            /** @description null removes the redirect. */
            after_completion?: {
                /**
                 * @description An absolute http(s) URL. After the payment is confirmed, the hosted page sends the customer there.
                 * @example https://shop.example.com/thanks
                 */
                redirect_url: string;
            } | null;
        };
        /**
         * @example {
         *       "id": "dep_3Kq8ZpX2LbQ7cVm1NwKd9YaB",
         *       "object": "deposit_address",
         *       "address": "0x5FC8d32690cc91D4c39d9d3abcBD16989F875707",
         *       "customer_reference": "customer-4711",
         *       "merchant_id": "mer_7Hx2Qm9LpR4tVb8NcZ1aWd3K",
         *       "networks": [
         *         {
         *           "chain": "base",
         *           "tokens": [
         *             "USDC",
         *             "USDT"
         *           ]
         *         },
         *         {
         *           "chain": "arbitrum",
         *           "tokens": [
         *             "USDC",
         *             "USDT"
         *           ]
         *         }
         *       ],
         *       "amount_received": 1250.5,
         *       "payment_count": 3,
         *       "metadata": {
         *         "plan": "wholesale"
         *       },
         *       "livemode": false,
         *       "created_at": "2026-04-01T12:00:00.000Z"
         *     }
         */
        DepositAddress: {
            /**
             * @description `dep_*`
             * @example dep_3Kq8ZpX2LbQ7cVm1NwKd9YaB
             */
            id: string;
            /** @constant */
            object: "deposit_address";
            /**
             * @description Where the customer sends, as often as they like (checksummed). The same address on every chain: give it once to an exchange's address book.
             * @example 0x5FC8d32690cc91D4c39d9d3abcBD16989F875707
             */
            address: string;
            /** @example customer-4711 */
            customer_reference: string;
            /** @example mer_7Hx2Qm9LpR4tVb8NcZ1aWd3K */
            merchant_id: string;
            /** @description Where a payment to the address is taken: the chains and tokens enabled in this mode on which the merchant's account exists. A transfer elsewhere (another chain the service indexes, another token) is still recorded, and waits at the address until the account exists there. */
            networks: {
                /**
                 * @description The network, by name. The chain id is in `qr_payload`; in the sandbox a test network carries the name of the chain it stands in for.
                 * @default base
                 * @example base
                 * @enum {string}
                 */
                chain: "base" | "ethereum" | "arbitrum" | "optimism" | "polygon";
                tokens: ("USDC" | "USDT")[];
            }[];
            /** @description What its payments that did not fail add up to, in USD, over every chain and token. */
            amount_received: number;
            /** @description How many payments (transactions) it received that did not fail. */
            payment_count: string | number;
            /** @description At most 10 keys of up to 40 characters, string values of up to 500 characters. Copied onto every payment to the address (the transaction's `metadata`). */
            metadata: {
                [key: string]: string;
            };
            livemode: boolean;
            /** Format: date-time */
            created_at: string;
        };
        /**
         * @description Any other field is refused with 400 `parameter_unknown`.
         * @example {
         *       "merchant_id": "mer_7Hx2Qm9LpR4tVb8NcZ1aWd3K",
         *       "customer_reference": "customer-4711",
         *       "metadata": {
         *         "plan": "wholesale"
         *       }
         *     }
         */
        CreateDepositAddressRequest: {
            /**
             * @description The merchant the address pays. Required unless the API key is scoped to a single merchant.
             * @example mer_7Hx2Qm9LpR4tVb8NcZ1aWd3K
             */
            merchant_id?: string;
            /**
             * @description The merchant's own name for the customer (an account number, an email address), 1 to 200 characters, no control characters. One address per merchant and reference: a create naming a reference the merchant has already given an address answers that address (200), never a second one.
             * @example customer-4711
             */
            customer_reference: string;
            /** @description At most 10 keys of up to 40 characters, string values of up to 500 characters. Copied onto every payment to the address (the transaction's `metadata`). */
            metadata?: {
                [key: string]: string;
            };
        };
        /**
         * @example {
         *       "object": "list",
         *       "data": [
         *         {
         *           "id": "dep_3Kq8ZpX2LbQ7cVm1NwKd9YaB",
         *           "object": "deposit_address",
         *           "address": "0x5FC8d32690cc91D4c39d9d3abcBD16989F875707",
         *           "customer_reference": "customer-4711",
         *           "merchant_id": "mer_7Hx2Qm9LpR4tVb8NcZ1aWd3K",
         *           "networks": [
         *             {
         *               "chain": "base",
         *               "tokens": [
         *                 "USDC",
         *                 "USDT"
         *               ]
         *             },
         *             {
         *               "chain": "arbitrum",
         *               "tokens": [
         *                 "USDC",
         *                 "USDT"
         *               ]
         *             }
         *           ],
         *           "amount_received": 1250.5,
         *           "payment_count": 3,
         *           "metadata": {
         *             "plan": "wholesale"
         *           },
         *           "livemode": false,
         *           "created_at": "2026-04-01T12:00:00.000Z"
         *         }
         *       ],
         *       "has_more": false,
         *       "total_count": 1
         *     }
         */
        DepositAddressList: {
            /** @constant */
            object: "list";
            /** @description Newest first: `created_at` descending, then `id` descending. */
            data: components["schemas"]["DepositAddress"][];
            /** @description True when more results follow; pass the last item's id as `starting_after`. */
            has_more: boolean;
            total_count: string | number;
        };
        /**
         * @example {
         *       "id": "term_8Kd2Lq7ZpX4RtVb9NcW1aYmB",
         *       "object": "terminal",
         *       "url": "https://api.example.com/pay/terminals/term_8Kd2Lq7ZpX4RtVb9NcW1aYmB",
         *       "merchant_id": "mer_7Hx2Qm9LpR4tVb8NcZ1aWd3K",
         *       "name": "Front counter",
         *       "tip_percentages": [
         *         10,
         *         15,
         *         20
         *       ],
         *       "current_payment_intent": "pi_3Fv9Lq2ZpX7RtVb4NcW8aYmK",
         *       "metadata": {},
         *       "livemode": false,
         *       "created_at": "2026-04-01T12:00:00.000Z"
         *     }
         */
        Terminal: {
            /**
             * @description `term_*`
             * @example term_8Kd2Lq7ZpX4RtVb9NcW1aYmB
             */
            id: string;
            /** @constant */
            object: "terminal";
            /** @description The register's static link (print it as a QR code, write it to an NFC tag at the counter): it opens the hosted page of the intent the register is charging now, or a page saying to ask the cashier when there is none. */
            url: string;
            /** @example mer_7Hx2Qm9LpR4tVb8NcZ1aWd3K */
            merchant_id: string;
            name: string;
            tip_percentages: (string | number)[];
            /** @description The intent the register is charging now, while it awaits payment; null otherwise. */
            current_payment_intent: string | null;
            /** @description At most 10 keys of up to 40 characters, string values of up to 500 characters. */
            metadata: {
                [key: string]: string;
            };
            livemode: boolean;
            /** Format: date-time */
            created_at: string;
        };
        /**
         * @description Any other field is refused with 400 `parameter_unknown`.
         * @example {
         *       "merchant_id": "mer_7Hx2Qm9LpR4tVb8NcZ1aWd3K",
         *       "name": "Front counter",
         *       "tip_percentages": [
         *         10,
         *         15,
         *         20
         *       ]
         *     }
         */
        CreateTerminalRequest: {
            /**
             * @description The merchant the register takes payments for. Required unless the API key is scoped to a single merchant.
             * @example mer_7Hx2Qm9LpR4tVb8NcZ1aWd3K
             */
            merchant_id?: string;
            /**
             * @description What the register and its receipts call it, 1 to 100 characters.
             * @example Front counter
             */
            name: string;
            /**
             * @description The tip percentages the register offers the customer after the amount (whole percents, 1 to 100, at most 4, no repeats). Empty or absent: no tip step.
             * @example [
             *       10,
             *       15,
             *       20
             *     ]
             */
            tip_percentages?: (string | number)[];
            /** @description At most 10 keys of up to 40 characters, string values of up to 500 characters. */
            metadata?: {
                [key: string]: string;
            };
        };
        /**
         * @example {
         *       "object": "list",
         *       "data": [
         *         {
         *           "id": "term_8Kd2Lq7ZpX4RtVb9NcW1aYmB",
         *           "object": "terminal",
         *           "url": "https://api.example.com/pay/terminals/term_8Kd2Lq7ZpX4RtVb9NcW1aYmB",
         *           "merchant_id": "mer_7Hx2Qm9LpR4tVb8NcZ1aWd3K",
         *           "name": "Front counter",
         *           "tip_percentages": [
         *             10,
         *             15,
         *             20
         *           ],
         *           "current_payment_intent": "pi_3Fv9Lq2ZpX7RtVb4NcW8aYmK",
         *           "metadata": {},
         *           "livemode": false,
         *           "created_at": "2026-04-01T12:00:00.000Z"
         *         }
         *       ],
         *       "has_more": false,
         *       "total_count": 1
         *     }
         */
        TerminalList: {
            /** @constant */
            object: "list";
            /** @description Newest first: `created_at` descending, then `id` descending. */
            data: components["schemas"]["Terminal"][];
            /** @description True when more results follow; pass the last item's id as `starting_after`. */
            has_more: boolean;
            total_count: string | number;
        };
        /**
         * @example {
         *       "tip_percentages": [
         *         5,
         *         10
         *       ]
         *     }
         */
        UpdateTerminalRequest: {
            /**
             * @description What the register and its receipts call it, 1 to 100 characters.
             * @example Front counter
             */
            name?: string;
            /**
             * @description The tip percentages the register offers the customer after the amount (whole percents, 1 to 100, at most 4, no repeats). Empty or absent: no tip step.
             * @example [
             *       10,
             *       15,
             *       20
             *     ]
             */
            tip_percentages?: (string | number)[];
            /** @description At most 10 keys of up to 40 characters, string values of up to 500 characters. */
            metadata?: {
                [key: string]: string;
            };
        };
        /** @description `data` of `payment_intent.confirmed`: the confirmed intent's payment, with its metadata. */
        PaymentIntentConfirmedEventData: {
            /**
             * @description `pi_*`
             * @example pi_3MtwBwLkdIwHu7ix28a3tqPa
             */
            id: string;
            /** @constant */
            object: "payment_intent";
            /** @description `awaiting_payment` on creation; `expired`, `cancelled` and `settled` are final. */
            status: "awaiting_payment" | "confirmed" | "expired" | "cancelled" | "settled";
            /**
             * @description Payment amount in USD.
             * @example 12.5
             */
            amount: number;
            /** @constant */
            currency: "usd";
            /**
             * @description Present once confirmed (`confirmed`, `settled`). Amount minus fee.
             * @example 12.375
             */
            net_amount: number;
            /**
             * @description Present once confirmed. round_half_up(amount × fee_rate) at 6 decimals.
             * @example 0.125
             */
            fee: number;
            /** @example mer_7Hx2Qm9LpR4tVb8NcZ1aWd3K */
            merchant_id: string;
            /**
             * @description Present once confirmed. On-chain transaction hash.
             * @example 0x9f2c4e0b7a1d3c5e6f708192a3b4c5d6e7f8091a2b3c4d5e6f708192a3b4c5d6
             */
            tx_hash: string;
            /**
             * @description The network, by name. The chain id is in `qr_payload`; in the sandbox a test network carries the name of the chain it stands in for.
             * @default base
             * @example base
             * @enum {string}
             */
            chain: "base" | "ethereum" | "arbitrum" | "optimism" | "polygon";
            /**
             * @description The token paid in, by symbol.
             * @default USDC
             * @example USDC
             * @enum {string}
             */
            token: "USDC" | "USDT";
            /**
             * Format: date-time
             * @description Present once confirmed.
             * @example 2026-04-01T12:00:00.000Z
             */
            confirmed_at: string;
            /**
             * @description The key-value pairs attached at creation, returned unchanged. At most 10 keys of up to 40 characters, string values of up to 500 characters (Unicode code points).
             * @example {
             *       "order_id": "order_1042",
             *       "register": "front-1"
             *     }
             */
            metadata: {
                [key: string]: string;
            };
        };
        /** @description `data` of `payment_intent.expired`: the intent that expired unpaid. */
        PaymentIntentExpiredEventData: {
            /**
             * @description `pi_*`
             * @example pi_3MtwBwLkdIwHu7ix28a3tqPa
             */
            id: string;
            /** @constant */
            object: "payment_intent";
            /** @description `awaiting_payment` on creation; `expired`, `cancelled` and `settled` are final. */
            status: "awaiting_payment" | "confirmed" | "expired" | "cancelled" | "settled";
            /**
             * @description Payment amount in USD.
             * @example 12.5
             */
            amount: number;
            /** @constant */
            currency: "usd";
            /** @example mer_7Hx2Qm9LpR4tVb8NcZ1aWd3K */
            merchant_id: string;
            /**
             * @description Where the customer sends the intent's token (checksummed): the merchant's on-chain account, or the intent's own deposit address (`payment_address_type`).
             * @example 0x5FbDB2315678afecb367f032d93F642f64180aa3
             */
            payment_address: string;
            /**
             * Format: date-time
             * @description Creation time plus ttl.
             * @example 2026-04-01T12:00:00.000Z
             */
            expires_at: string;
            /**
             * @description The key-value pairs attached at creation, returned unchanged. At most 10 keys of up to 40 characters, string values of up to 500 characters (Unicode code points).
             * @example {
             *       "order_id": "order_1042",
             *       "register": "front-1"
             *     }
             */
            metadata: {
                [key: string]: string;
            };
            /**
             * Format: date-time
             * @description Creation time.
             * @example 2026-04-01T12:00:00.000Z
             */
            created_at: string;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    getHealth: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "ok"
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        status: "ok";
                    };
                };
            };
            /** @description Unexpected error on our side; the body never contains internals. */
            500: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A worker loop of this process is wedged: restart it */
            503: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "stalled",
                     *       "stalled": [
                     *         {
                     *           "role": "dispatcher",
                     *           "seconds_since_last_round": 184.2
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        status: "stalled";
                        stalled: {
                            role: string;
                            seconds_since_last_round: number;
                        }[];
                    };
                };
            };
        };
    };
    getReadiness: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "ready",
                     *       "checks": {
                     *         "database": "ok",
                     *         "chains": [
                     *           {
                     *             "chain_id": 31337,
                     *             "rpc": "ok",
                     *             "head_block": 1204,
                     *             "indexed_block": 1204,
                     *             "indexer_lag_blocks": 0,
                     *             "indexer": "ok",
                     *             "operator": "ok",
                     *             "operator_unconfirmed_s": null
                     *           }
                     *         ]
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @enum {string} */
                        status: "ready" | "unavailable";
                        checks: {
                            /** @enum {string} */
                            database: "ok" | "unreachable";
                            chains: {
                                chain_id: string | number;
                                /** @enum {string} */
                                rpc: "ok" | "unreachable";
                                head_block: (string | number) | null;
                                indexed_block: (string | number) | null;
                                indexer_lag_blocks: (string | number) | null;
                                /** @enum {string} */
                                indexer: "ok" | "catching_up" | "starting" | "unknown";
                                /** @enum {string} */
                                operator: "ok" | "stuck";
                                operator_unconfirmed_s: number | null;
                            }[];
                        };
                    };
                };
            };
            /** @description Unexpected error on our side; the body never contains internals. */
            500: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not ready */
            503: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "unavailable",
                     *       "checks": {
                     *         "database": "unreachable",
                     *         "chains": []
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @enum {string} */
                        status: "ready" | "unavailable";
                        checks: {
                            /** @enum {string} */
                            database: "ok" | "unreachable";
                            chains: {
                                chain_id: string | number;
                                /** @enum {string} */
                                rpc: "ok" | "unreachable";
                                head_block: (string | number) | null;
                                indexed_block: (string | number) | null;
                                indexer_lag_blocks: (string | number) | null;
                                /** @enum {string} */
                                indexer: "ok" | "catching_up" | "starting" | "unknown";
                                /** @enum {string} */
                                operator: "ok" | "stuck";
                                operator_unconfirmed_s: number | null;
                            }[];
                        };
                        /**
                         * @description The process is stopping (SIGTERM): route elsewhere; no check was run.
                         * @constant
                         */
                        draining?: true;
                    };
                };
            };
        };
    };
    getMerchant: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The merchant. */
            200: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "mer_7Hx2Qm9LpR4tVb8NcZ1aWd3K",
                     *       "object": "merchant",
                     *       "business_name": "string",
                     *       "email": "string",
                     *       "status": "active",
                     *       "kyc_status": "approved",
                     *       "payout_method": "bank_account",
                     *       "bank_account": {
                     *         "bank_name": "string",
                     *         "last_4": "string",
                     *         "status": "verified"
                     *       },
                     *       "payment_address": "0x5FbDB2315678afecb367f032d93F642f64180aa3",
                     *       "chain": "base",
                     *       "settlement_schedule": "weekly_monday",
                     *       "fee_rate": 0.01,
                     *       "default_payment_address_type": "shared",
                     *       "underpayment_tolerance": 0,
                     *       "metadata": {},
                     *       "created_at": "2026-04-01T12:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Merchant"];
                };
            };
            /** @description Missing or invalid API key. */
            401: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such object, or one the key may not see. */
            404: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Over the key's rate limit; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    /**
                     * @description Seconds to wait before the next request is allowed.
                     * @example 1
                     */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error on our side; the body never contains internals. */
            500: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateMerchant: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateMerchantRequest"];
            };
        };
        responses: {
            /** @description The updated merchant. */
            200: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "mer_7Hx2Qm9LpR4tVb8NcZ1aWd3K",
                     *       "object": "merchant",
                     *       "business_name": "Corner Coffee",
                     *       "email": "owner@corner.example",
                     *       "status": "active",
                     *       "kyc_status": "approved",
                     *       "payout_method": "bank_account",
                     *       "bank_account": {
                     *         "bank_name": "Federal Reserve Bank",
                     *         "last_4": "6789",
                     *         "status": "verified"
                     *       },
                     *       "payment_address": "0x5FbDB2315678afecb367f032d93F642f64180aa3",
                     *       "chain": "base",
                     *       "settlement_schedule": "weekly_monday",
                     *       "fee_rate": 0.01,
                     *       "default_payment_address_type": "shared",
                     *       "underpayment_tolerance": 0,
                     *       "metadata": {
                     *         "crm_id": "C-1042"
                     *       },
                     *       "created_at": "2026-04-01T12:00:00.000Z"
                     *     }
                     */
                    "application/json": {
                        /** @example mer_7Hx2Qm9LpR4tVb8NcZ1aWd3K */
                        id: string;
                        /** @constant */
                        object: "merchant";
                        business_name: string;
                        email: string;
                        /** @example active */
                        status: string;
                        /** @example approved */
                        kyc_status: string;
                        /** @example bank_account */
                        payout_method: string;
                        bank_account: {
                            bank_name: string;
                            last_4: string;
                            /** @example verified */
                            status: string;
                        };
                        /** @example 0x5FbDB2315678afecb367f032d93F642f64180aa3 */
                        payment_address: string;
                        /** @constant */
                        chain: "base";
                        /** @example weekly_monday */
                        settlement_schedule: string;
                        /** @example 0.01 */
                        fee_rate: number;
                        /**
                         * @description What a payment intent created without `payment_address_type` gets: `shared` (the default) or `deposit`.
                         * @example shared
                         */
                        default_payment_address_type: "shared" | "deposit";
                        /**
                         * @description USD a payment to a deposit address may fall short of the intent's amount and still confirm it (an exchange's fee deducted from what it sends); what arrived is recorded. Default 0.
                         * @example 0
                         */
                        underpayment_tolerance: number;
                        /** @description The integrator's own key-value data (up to 10 keys); `{}` when none. */
                        metadata: {
                            [key: string]: string;
                        };
                        /** Format: date-time */
                        created_at: string;
                    };
                };
            };
            /** @description Invalid request: see `code` and `param`. */
            400: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid API key. */
            401: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such object, or one the key may not see. */
            404: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Over the key's rate limit; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    /**
                     * @description Seconds to wait before the next request is allowed.
                     * @example 1
                     */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error on our side; the body never contains internals. */
            500: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getMerchantBalance: {
        parameters: {
            query?: {
                chain?: "base" | "ethereum" | "arbitrum" | "optimism" | "polygon";
                token?: "USDC" | "USDT";
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The merchant's balance in the pair asked for (`base`/`USDC` when none is named). */
            200: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "object": "balance",
                     *       "merchant_id": "mer_7Hx2Qm9LpR4tVb8NcZ1aWd3K",
                     *       "available": 1234.56,
                     *       "pending_settlement": 0,
                     *       "currency": "usd",
                     *       "payment_address": "0x5FbDB2315678afecb367f032d93F642f64180aa3",
                     *       "chain": "base",
                     *       "last_updated": "2026-04-01T12:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Balance"];
                };
            };
            /** @description Invalid request: see `code` and `param`. */
            400: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid API key. */
            401: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such object, or one the key may not see. */
            404: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Over the key's rate limit; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    /**
                     * @description Seconds to wait before the next request is allowed.
                     * @example 1
                     */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error on our side; the body never contains internals. */
            500: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listMerchantBalances: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One balance per enabled (chain, token) pair of the key's mode; each item is the balance object plus `token`. */
            200: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "object": "list",
                     *       "data": [
                     *         {
                     *           "object": "balance",
                     *           "merchant_id": "mer_7Hx2Qm9LpR4tVb8NcZ1aWd3K",
                     *           "available": 1234.56,
                     *           "pending_settlement": 0,
                     *           "currency": "usd",
                     *           "payment_address": "0x5FbDB2315678afecb367f032d93F642f64180aa3",
                     *           "chain": "base",
                     *           "last_updated": "2026-04-01T12:00:00.000Z",
                     *           "token": "USDC"
                     *         }
                     *       ],
                     *       "has_more": false,
                     *       "total_count": 1
                     *     }
                     */
                    "application/json": components["schemas"]["BalanceList"];
                };
            };
            /** @description Invalid request: see `code` and `param`. */
            400: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid API key. */
            401: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such object, or one the key may not see. */
            404: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Over the key's rate limit; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    /**
                     * @description Seconds to wait before the next request is allowed.
                     * @example 1
                     */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error on our side; the body never contains internals. */
            500: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listMerchants: {
        parameters: {
            query?: {
                limit?: number;
                starting_after?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of merchants. */
            200: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "object": "list",
                     *       "data": [
                     *         {
                     *           "id": "mer_7Hx2Qm9LpR4tVb8NcZ1aWd3K",
                     *           "object": "merchant",
                     *           "business_name": "Corner Coffee",
                     *           "email": "owner@corner.example",
                     *           "status": "active",
                     *           "kyc_status": "approved",
                     *           "payout_method": "bank_account",
                     *           "bank_account": {
                     *             "bank_name": "Federal Reserve Bank",
                     *             "last_4": "6789",
                     *             "status": "verified"
                     *           },
                     *           "payment_address": "0x5FbDB2315678afecb367f032d93F642f64180aa3",
                     *           "chain": "base",
                     *           "settlement_schedule": "weekly_monday",
                     *           "fee_rate": 0.01,
                     *           "default_payment_address_type": "shared",
                     *           "underpayment_tolerance": 0,
                     *           "metadata": {
                     *             "crm_id": "C-1042"
                     *           },
                     *           "created_at": "2026-04-01T12:00:00.000Z"
                     *         }
                     *       ],
                     *       "has_more": false,
                     *       "total_count": 1
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        object: "list";
                        /** @description Newest first: `created_at` descending, then `id` descending. */
                        data: {
                            /** @example mer_7Hx2Qm9LpR4tVb8NcZ1aWd3K */
                            id: string;
                            /** @constant */
                            object: "merchant";
                            business_name: string;
                            email: string;
                            /** @example active */
                            status: string;
                            /** @example approved */
                            kyc_status: string;
                            /** @example bank_account */
                            payout_method: string;
                            bank_account: {
                                bank_name: string;
                                last_4: string;
                                /** @example verified */
                                status: string;
                            };
                            /** @example 0x5FbDB2315678afecb367f032d93F642f64180aa3 */
                            payment_address: string;
                            /** @constant */
                            chain: "base";
                            /** @example weekly_monday */
                            settlement_schedule: string;
                            /** @example 0.01 */
                            fee_rate: number;
                            /**
                             * @description What a payment intent created without `payment_address_type` gets: `shared` (the default) or `deposit`.
                             * @example shared
                             */
                            default_payment_address_type: "shared" | "deposit";
                            /**
                             * @description USD a payment to a deposit address may fall short of the intent's amount and still confirm it (an exchange's fee deducted from what it sends); what arrived is recorded. Default 0.
                             * @example 0
                             */
                            underpayment_tolerance: number;
                            /** @description The integrator's own key-value data (up to 10 keys); `{}` when none. */
                            metadata: {
                                [key: string]: string;
                            };
                            /** Format: date-time */
                            created_at: string;
                        }[];
                        /** @description True when more results follow; pass the last item's id as `starting_after`. */
                        has_more: boolean;
                        total_count: string | number;
                    };
                };
            };
            /** @description Invalid request: see `code` and `param`. */
            400: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid API key. */
            401: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Over the key's rate limit; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    /**
                     * @description Seconds to wait before the next request is allowed.
                     * @example 1
                     */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error on our side; the body never contains internals. */
            500: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createMerchant: {
        parameters: {
            query?: never;
            header?: {
                /** @description Same meaning as the `idempotency_key` body field; if both are given they must be equal. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateMerchantRequest"];
            };
        };
        responses: {
            /** @description Replay of an earlier create with the same idempotency key: that merchant now. */
            200: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    /** @description `true` on a replay of an earlier create with the same idempotency key. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "mer_7Hx2Qm9LpR4tVb8NcZ1aWd3K",
                     *       "object": "merchant",
                     *       "business_name": "Corner Coffee",
                     *       "email": "owner@corner.example",
                     *       "status": "active",
                     *       "kyc_status": "approved",
                     *       "payout_method": "bank_account",
                     *       "bank_account": {
                     *         "bank_name": "Federal Reserve Bank",
                     *         "last_4": "6789",
                     *         "status": "verified"
                     *       },
                     *       "payment_address": "0x5FbDB2315678afecb367f032d93F642f64180aa3",
                     *       "chain": "base",
                     *       "settlement_schedule": "weekly_monday",
                     *       "fee_rate": 0.01,
                     *       "default_payment_address_type": "shared",
                     *       "underpayment_tolerance": 0,
                     *       "metadata": {
                     *         "crm_id": "C-1042"
                     *       },
                     *       "created_at": "2026-04-01T12:00:00.000Z"
                     *     }
                     */
                    "application/json": {
                        /** @example mer_7Hx2Qm9LpR4tVb8NcZ1aWd3K */
                        id: string;
                        /** @constant */
                        object: "merchant";
                        business_name: string;
                        email: string;
                        /** @example active */
                        status: string;
                        /** @example approved */
                        kyc_status: string;
                        /** @example bank_account */
                        payout_method: string;
                        bank_account: {
                            bank_name: string;
                            last_4: string;
                            /** @example verified */
                            status: string;
                        };
                        /** @example 0x5FbDB2315678afecb367f032d93F642f64180aa3 */
                        payment_address: string;
                        /** @constant */
                        chain: "base";
                        /** @example weekly_monday */
                        settlement_schedule: string;
                        /** @example 0.01 */
                        fee_rate: number;
                        /**
                         * @description What a payment intent created without `payment_address_type` gets: `shared` (the default) or `deposit`.
                         * @example shared
                         */
                        default_payment_address_type: "shared" | "deposit";
                        /**
                         * @description USD a payment to a deposit address may fall short of the intent's amount and still confirm it (an exchange's fee deducted from what it sends); what arrived is recorded. Default 0.
                         * @example 0
                         */
                        underpayment_tolerance: number;
                        /** @description The integrator's own key-value data (up to 10 keys); `{}` when none. */
                        metadata: {
                            [key: string]: string;
                        };
                        /** Format: date-time */
                        created_at: string;
                    };
                };
            };
            /** @description The new merchant. */
            201: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "mer_7Hx2Qm9LpR4tVb8NcZ1aWd3K",
                     *       "object": "merchant",
                     *       "business_name": "Corner Coffee",
                     *       "email": "owner@corner.example",
                     *       "status": "active",
                     *       "kyc_status": "approved",
                     *       "payout_method": "bank_account",
                     *       "bank_account": {
                     *         "bank_name": "Federal Reserve Bank",
                     *         "last_4": "6789",
                     *         "status": "verified"
                     *       },
                     *       "payment_address": "0x5FbDB2315678afecb367f032d93F642f64180aa3",
                     *       "chain": "base",
                     *       "settlement_schedule": "weekly_monday",
                     *       "fee_rate": 0.01,
                     *       "default_payment_address_type": "shared",
                     *       "underpayment_tolerance": 0,
                     *       "metadata": {
                     *         "crm_id": "C-1042"
                     *       },
                     *       "created_at": "2026-04-01T12:00:00.000Z"
                     *     }
                     */
                    "application/json": {
                        /** @example mer_7Hx2Qm9LpR4tVb8NcZ1aWd3K */
                        id: string;
                        /** @constant */
                        object: "merchant";
                        business_name: string;
                        email: string;
                        /** @example active */
                        status: string;
                        /** @example approved */
                        kyc_status: string;
                        /** @example bank_account */
                        payout_method: string;
                        bank_account: {
                            bank_name: string;
                            last_4: string;
                            /** @example verified */
                            status: string;
                        };
                        /** @example 0x5FbDB2315678afecb367f032d93F642f64180aa3 */
                        payment_address: string;
                        /** @constant */
                        chain: "base";
                        /** @example weekly_monday */
                        settlement_schedule: string;
                        /** @example 0.01 */
                        fee_rate: number;
                        /**
                         * @description What a payment intent created without `payment_address_type` gets: `shared` (the default) or `deposit`.
                         * @example shared
                         */
                        default_payment_address_type: "shared" | "deposit";
                        /**
                         * @description USD a payment to a deposit address may fall short of the intent's amount and still confirm it (an exchange's fee deducted from what it sends); what arrived is recorded. Default 0.
                         * @example 0
                         */
                        underpayment_tolerance: number;
                        /** @description The integrator's own key-value data (up to 10 keys); `{}` when none. */
                        metadata: {
                            [key: string]: string;
                        };
                        /** Format: date-time */
                        created_at: string;
                    };
                };
            };
            /** @description Invalid request: see `code` and `param`. */
            400: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid API key. */
            401: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such object, or one the key may not see. */
            404: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state. */
            409: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Over the key's rate limit; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    /**
                     * @description Seconds to wait before the next request is allowed.
                     * @example 1
                     */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error on our side; the body never contains internals. */
            500: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listPaymentIntents: {
        parameters: {
            query?: {
                merchant_id?: string;
                status?: "awaiting_payment" | "confirmed" | "expired" | "cancelled" | "settled";
                chain?: "base" | "ethereum" | "arbitrum" | "optimism" | "polygon";
                token?: "USDC" | "USDT";
                payment_link?: string;
                created_after?: string;
                created_before?: string;
                limit?: number;
                starting_after?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of payment intents. */
            200: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "object": "list",
                     *       "data": [
                     *         {
                     *           "id": "pi_3MtwBwLkdIwHu7ix28a3tqPa",
                     *           "object": "payment_intent",
                     *           "status": "confirmed",
                     *           "amount": 12.5,
                     *           "currency": "usd",
                     *           "merchant_id": "mer_7Hx2Qm9LpR4tVb8NcZ1aWd3K",
                     *           "payment_address_type": "shared",
                     *           "chain": "base",
                     *           "token": "USDC",
                     *           "metadata": {
                     *             "order_id": "order_1042",
                     *             "register": "front-1"
                     *           },
                     *           "created_at": "2026-04-01T12:00:00.000Z",
                     *           "net_amount": 12.375,
                     *           "fee": 0.125,
                     *           "tx_hash": "0x9f2c4e0b7a1d3c5e6f708192a3b4c5d6e7f8091a2b3c4d5e6f708192a3b4c5d6",
                     *           "confirmed_at": "2026-04-01T12:01:12.345Z",
                     *           "amount_refunded": 0
                     *         }
                     *       ],
                     *       "has_more": false,
                     *       "total_count": 1
                     *     }
                     */
                    "application/json": components["schemas"]["PaymentIntentList"];
                };
            };
            /** @description Invalid request: see `code` and `param`. */
            400: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid API key. */
            401: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such object, or one the key may not see. */
            404: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Over the key's rate limit; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    /**
                     * @description Seconds to wait before the next request is allowed.
                     * @example 1
                     */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error on our side; the body never contains internals. */
            500: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createPaymentIntent: {
        parameters: {
            query?: never;
            header?: {
                /** @description Same meaning as the `idempotency_key` body field; if both are given they must be equal. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        /** @description Any other field is refused with 400 `parameter_unknown`. */
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreatePaymentIntentRequest"];
            };
        };
        responses: {
            /** @description Replay of an earlier create with the same idempotency key: that intent in its current state (get shape). */
            200: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    /** @description `true` on a replay of an earlier create with the same idempotency key. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "pi_3MtwBwLkdIwHu7ix28a3tqPa",
                     *       "object": "payment_intent",
                     *       "status": "awaiting_payment",
                     *       "amount": 12.5,
                     *       "currency": "usd",
                     *       "merchant_id": "mer_7Hx2Qm9LpR4tVb8NcZ1aWd3K",
                     *       "payment_address": "0x5FbDB2315678afecb367f032d93F642f64180aa3",
                     *       "payment_address_type": "shared",
                     *       "chain": "base",
                     *       "token": "USDC",
                     *       "qr_payload": "ethereum:0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913@8453/transfer?address=0x5FbDB2315678afecb367f032d93F642f64180aa3&uint256=12500000",
                     *       "qr_image_url": "https://api.example.com/v1/qr/pi_3MtwBwLkdIwHu7ix28a3tqPa.png",
                     *       "expires_at": "2026-04-01T12:10:00.000Z",
                     *       "metadata": {
                     *         "order_id": "order_1042",
                     *         "register": "front-1"
                     *       },
                     *       "created_at": "2026-04-01T12:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["PaymentIntent"];
                };
            };
            /** @description The new payment intent, status `awaiting_payment`. */
            201: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "pi_3MtwBwLkdIwHu7ix28a3tqPa",
                     *       "object": "payment_intent",
                     *       "status": "awaiting_payment",
                     *       "amount": 12.5,
                     *       "currency": "usd",
                     *       "merchant_id": "mer_7Hx2Qm9LpR4tVb8NcZ1aWd3K",
                     *       "payment_address": "0x5FbDB2315678afecb367f032d93F642f64180aa3",
                     *       "payment_address_type": "shared",
                     *       "chain": "base",
                     *       "token": "USDC",
                     *       "qr_payload": "ethereum:0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913@8453/transfer?address=0x5FbDB2315678afecb367f032d93F642f64180aa3&uint256=12500000",
                     *       "qr_image_url": "https://api.example.com/v1/qr/pi_3MtwBwLkdIwHu7ix28a3tqPa.png",
                     *       "expires_at": "2026-04-01T12:10:00.000Z",
                     *       "metadata": {
                     *         "order_id": "order_1042",
                     *         "register": "front-1"
                     *       },
                     *       "created_at": "2026-04-01T12:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["PaymentIntent"];
                };
            };
            /** @description Invalid request: see `code` and `param`. */
            400: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid API key. */
            401: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state. */
            409: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body over 64 KiB. */
            413: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body is not `application/json`. */
            415: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Over the key's rate limit; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    /**
                     * @description Seconds to wait before the next request is allowed.
                     * @example 1
                     */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error on our side; the body never contains internals. */
            500: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getPaymentIntent: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The payment intent. */
            200: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "pi_3MtwBwLkdIwHu7ix28a3tqPa",
                     *       "object": "payment_intent",
                     *       "status": "awaiting_payment",
                     *       "amount": 12.5,
                     *       "currency": "usd",
                     *       "merchant_id": "mer_7Hx2Qm9LpR4tVb8NcZ1aWd3K",
                     *       "payment_address": "0x5FbDB2315678afecb367f032d93F642f64180aa3",
                     *       "payment_address_type": "shared",
                     *       "chain": "base",
                     *       "token": "USDC",
                     *       "qr_payload": "ethereum:0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913@8453/transfer?address=0x5FbDB2315678afecb367f032d93F642f64180aa3&uint256=12500000",
                     *       "qr_image_url": "https://api.example.com/v1/qr/pi_3MtwBwLkdIwHu7ix28a3tqPa.png",
                     *       "expires_at": "2026-04-01T12:10:00.000Z",
                     *       "metadata": {
                     *         "order_id": "order_1042",
                     *         "register": "front-1"
                     *       },
                     *       "created_at": "2026-04-01T12:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["PaymentIntent"];
                };
            };
            /** @description Invalid request: see `code` and `param`. */
            400: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid API key. */
            401: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such object, or one the key may not see. */
            404: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Over the key's rate limit; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    /**
                     * @description Seconds to wait before the next request is allowed.
                     * @example 1
                     */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error on our side; the body never contains internals. */
            500: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    cancelPaymentIntent: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The cancelled intent. */
            200: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "pi_3MtwBwLkdIwHu7ix28a3tqPa",
                     *       "object": "payment_intent",
                     *       "status": "cancelled",
                     *       "amount": 12.5,
                     *       "currency": "usd",
                     *       "merchant_id": "mer_7Hx2Qm9LpR4tVb8NcZ1aWd3K",
                     *       "cancelled_at": "2026-04-01T12:03:00.000Z",
                     *       "metadata": {
                     *         "order_id": "order_1042",
                     *         "register": "front-1"
                     *       },
                     *       "created_at": "2026-04-01T12:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["CancelledPaymentIntent"];
                };
            };
            /** @description Invalid request: see `code` and `param`. */
            400: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid API key. */
            401: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such object, or one the key may not see. */
            404: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state. */
            409: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Over the key's rate limit; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    /**
                     * @description Seconds to wait before the next request is allowed.
                     * @example 1
                     */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error on our side; the body never contains internals. */
            500: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getPaymentIntentQrImage: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The payment intent's id (the URL ends in `.png`). */
                payment_intent_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The PNG. Served with `Cache-Control: public, max-age=31536000, immutable` and an ETag. */
            200: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /** @example public, max-age=31536000, immutable */
                    "Cache-Control"?: string;
                    ETag?: string;
                    [name: string]: unknown;
                };
                content: {
                    "image/png": string;
                };
            };
            /** @description Not modified (`If-None-Match` matched the ETag). */
            304: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No such object, or one the key may not see. */
            404: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            429: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Seconds to wait before the next request is allowed.
                     * @example 1
                     */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error on our side; the body never contains internals. */
            500: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getHostedPaymentPage: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The page. */
            200: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description No such payment intent: a friendly HTML page. */
            404: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Too many requests from this client address (RATE_LIMIT_PUBLIC_PER_SECOND; production): an HTML page asking to reload after `Retry-After` seconds. */
            429: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description Seconds to wait before the next request is allowed.
                     * @example 1
                     */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Unexpected error on our side; the body never contains internals. */
            500: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getPaymentIntentAuthorization: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The typed data, ready for `eth_signTypedData_v4`. */
            200: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "object": "transfer_authorization",
                     *       "typed_data": {
                     *         "domain": {
                     *           "name": "USD Coin",
                     *           "version": "2",
                     *           "chainId": 8453,
                     *           "verifyingContract": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913"
                     *         },
                     *         "types": {
                     *           "EIP712Domain": [
                     *             {
                     *               "name": "name",
                     *               "type": "string"
                     *             },
                     *             {
                     *               "name": "version",
                     *               "type": "string"
                     *             },
                     *             {
                     *               "name": "chainId",
                     *               "type": "uint256"
                     *             },
                     *             {
                     *               "name": "verifyingContract",
                     *               "type": "address"
                     *             }
                     *           ],
                     *           "TransferWithAuthorization": [
                     *             {
                     *               "name": "from",
                     *               "type": "address"
                     *             },
                     *             {
                     *               "name": "to",
                     *               "type": "address"
                     *             },
                     *             {
                     *               "name": "value",
                     *               "type": "uint256"
                     *             },
                     *             {
                     *               "name": "validAfter",
                     *               "type": "uint256"
                     *             },
                     *             {
                     *               "name": "validBefore",
                     *               "type": "uint256"
                     *             },
                     *             {
                     *               "name": "nonce",
                     *               "type": "bytes32"
                     *             }
                     *           ]
                     *         },
                     *         "primaryType": "TransferWithAuthorization",
                     *         "message": {
                     *           "from": "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
                     *           "to": "0x5FbDB2315678afecb367f032d93F642f64180aa3",
                     *           "value": "12500000",
                     *           "validAfter": "0",
                     *           "validBefore": "1775045100",
                     *           "nonce": "0x3f1c0e5b5e3d8a5c0f6a7b1d2e9c4b8a7f6e5d4c3b2a19081726354453627180"
                     *         }
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["TransferAuthorization"];
                };
            };
            /** @description Invalid request: see `code` and `param`. */
            400: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such object, or one the key may not see. */
            404: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state. */
            409: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            429: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error on our side; the body never contains internals. */
            500: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    submitPaymentIntentAuthorization: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description The address that signed (`typed_data.message.from`).
                     * @example 0x70997970C51812dc3A010C7d01b50e0d17dc79C8
                     */
                    payer: string;
                    /**
                     * @description The signature from `eth_signTypedData_v4`, 0x-hex (65 bytes for an account; a contract wallet's may be longer).
                     * @example 0x1b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1b
                     */
                    signature: string;
                    /**
                     * @description `typed_data.message.validAfter`, a decimal string.
                     * @example 0
                     */
                    valid_after: string;
                    /**
                     * @description `typed_data.message.validBefore`, a decimal string; no later than the intent's expiry.
                     * @example 1775045100
                     */
                    valid_before: string;
                    /**
                     * @description `typed_data.message.nonce`, 0x-hex.
                     * @example 0x3f1c0e5b5e3d8a5c0f6a7b1d2e9c4b8a7f6e5d4c3b2a19081726354453627180
                     */
                    nonce: string;
                };
            };
        };
        responses: {
            /** @description The relay's transaction and what became of it. */
            200: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "object": "transfer_authorization_submission",
                     *       "payment_intent_id": "pi_3MtwBwLkdIwHu7ix28a3tqPa",
                     *       "status": "mined",
                     *       "tx_hash": "0x8f3c2b1a0e9d8c7b6a5f4e3d2c1b0a9f8e7d6c5b4a3f2e1d0c9b8a7f6e5d4c3b"
                     *     }
                     */
                    "application/json": components["schemas"]["TransferAuthorizationSubmission"];
                };
            };
            /** @description Invalid request: see `code` and `param`. */
            400: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such object, or one the key may not see. */
            404: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state. */
            409: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            429: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error on our side; the body never contains internals. */
            500: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            503: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    testHelperPayPaymentIntent: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /**
                     * @description USD to send, up to 6 decimal places (0.000001 to 100000). Default: the intent's exact expected value (amount plus tag).
                     * @example 12.5
                     */
                    amount?: number;
                };
            };
        };
        responses: {
            /** @description The intent in its get shape (still `awaiting_payment` until the payment is confirmed). */
            200: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "pi_3MtwBwLkdIwHu7ix28a3tqPa",
                     *       "object": "payment_intent",
                     *       "status": "awaiting_payment",
                     *       "amount": 12.5,
                     *       "currency": "usd",
                     *       "merchant_id": "mer_7Hx2Qm9LpR4tVb8NcZ1aWd3K",
                     *       "payment_address": "0x5FbDB2315678afecb367f032d93F642f64180aa3",
                     *       "payment_address_type": "shared",
                     *       "chain": "base",
                     *       "token": "USDC",
                     *       "qr_payload": "ethereum:0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913@8453/transfer?address=0x5FbDB2315678afecb367f032d93F642f64180aa3&uint256=12500000",
                     *       "qr_image_url": "https://api.example.com/v1/qr/pi_3MtwBwLkdIwHu7ix28a3tqPa.png",
                     *       "expires_at": "2026-04-01T12:10:00.000Z",
                     *       "metadata": {
                     *         "order_id": "order_1042",
                     *         "register": "front-1"
                     *       },
                     *       "created_at": "2026-04-01T12:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["PaymentIntent"];
                };
            };
            /** @description Invalid request: see `code` and `param`. */
            400: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid API key. */
            401: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such object, or one the key may not see. */
            404: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Over the key's rate limit; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    /**
                     * @description Seconds to wait before the next request is allowed.
                     * @example 1
                     */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error on our side; the body never contains internals. */
            500: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    testHelperExpirePaymentIntent: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The intent in its get shape. */
            200: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "pi_3MtwBwLkdIwHu7ix28a3tqPa",
                     *       "object": "payment_intent",
                     *       "status": "awaiting_payment",
                     *       "amount": 12.5,
                     *       "currency": "usd",
                     *       "merchant_id": "mer_7Hx2Qm9LpR4tVb8NcZ1aWd3K",
                     *       "payment_address": "0x5FbDB2315678afecb367f032d93F642f64180aa3",
                     *       "payment_address_type": "shared",
                     *       "chain": "base",
                     *       "token": "USDC",
                     *       "qr_payload": "ethereum:0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913@8453/transfer?address=0x5FbDB2315678afecb367f032d93F642f64180aa3&uint256=12500000",
                     *       "qr_image_url": "https://api.example.com/v1/qr/pi_3MtwBwLkdIwHu7ix28a3tqPa.png",
                     *       "expires_at": "2026-04-01T12:10:00.000Z",
                     *       "metadata": {
                     *         "order_id": "order_1042",
                     *         "register": "front-1"
                     *       },
                     *       "created_at": "2026-04-01T12:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["PaymentIntent"];
                };
            };
            /** @description Invalid request: see `code` and `param`. */
            400: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid API key. */
            401: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such object, or one the key may not see. */
            404: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Over the key's rate limit; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    /**
                     * @description Seconds to wait before the next request is allowed.
                     * @example 1
                     */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error on our side; the body never contains internals. */
            500: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    testHelperApproveRefund: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The refund, `pending`. */
            200: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "re_3NxQm2LpR4tVb8NcZ1aWd3Kq",
                     *       "object": "refund",
                     *       "status": "succeeded",
                     *       "amount": 5,
                     *       "currency": "usd",
                     *       "payment_intent": "pi_3MtwBwLkdIwHu7ix28a3tqPa",
                     *       "transaction": "txn_4fQm8ZpX2LbR7cVt1NwKd9Ya",
                     *       "merchant_id": "mer_7Hx2Qm9LpR4tVb8NcZ1aWd3K",
                     *       "chain": "base",
                     *       "token": "USDC",
                     *       "recipient_address": "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
                     *       "reason": "requested_by_customer",
                     *       "metadata": {
                     *         "order_id": "order_1042"
                     *       },
                     *       "tx_hash": "0x5e1d3a0c7b9f2e4d6a8c0b1f3e5d7a9c2b4e6f8a0c1d3e5f7a9b2c4d6e8f0a1b",
                     *       "failure_reason": null,
                     *       "created_at": "2026-04-01T12:05:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Refund"];
                };
            };
            /** @description Invalid request: see `code` and `param`. */
            400: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid API key. */
            401: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such object, or one the key may not see. */
            404: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state. */
            409: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Over the key's rate limit; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    /**
                     * @description Seconds to wait before the next request is allowed.
                     * @example 1
                     */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error on our side; the body never contains internals. */
            500: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    testHelperSetRefundBudget: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description USD the operator may refund in any 24 hours from now on, until the budget ends (365 days after the grant). 0 revokes the budget at once. Up to 6 decimal places.
                     * @example 500
                     */
                    amount_per_day: number;
                    /**
                     * @description The chain of the budget. Default `base`. Only the pairs enabled on this service for the key's mode are accepted; any other value is 400 `parameter_invalid` with this `param`, and the message names the allowed pairs (today: `base`/`USDC` in both modes).
                     * @example base
                     * @enum {string}
                     */
                    chain?: "base" | "ethereum" | "arbitrum" | "optimism" | "polygon";
                    /**
                     * @description The token of the budget (budgets are per token). Default `USDC`. Only the pairs enabled on this service for the key's mode are accepted; any other value is 400 `parameter_invalid` with this `param`, and the message names the allowed pairs (today: `base`/`USDC` in both modes).
                     * @example USDC
                     * @enum {string}
                     */
                    token?: "USDC" | "USDT";
                };
            };
        };
        responses: {
            /** @description The budget now. */
            200: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "object": "refund_budget",
                     *       "merchant_id": "mer_7Hx2Qm9LpR4tVb8NcZ1aWd3K",
                     *       "chain": "base",
                     *       "token": "USDC",
                     *       "amount_per_day": 500,
                     *       "available": 500,
                     *       "until": "2027-04-01T12:00:00.000Z",
                     *       "tx_hash": "0x5e1d3a0c7b9f2e4d6a8c0b1f3e5d7a9c2b4e6f8a0c1d3e5f7a9b2c4d6e8f0a1b"
                     *     }
                     */
                    "application/json": components["schemas"]["RefundBudget"];
                };
            };
            /** @description Invalid request: see `code` and `param`. */
            400: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid API key. */
            401: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such object, or one the key may not see. */
            404: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Over the key's rate limit; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    /**
                     * @description Seconds to wait before the next request is allowed.
                     * @example 1
                     */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error on our side; the body never contains internals. */
            500: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getTransaction: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The transaction. */
            200: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "txn_4fQm8ZpX2LbR7cVt1NwKd9Ya",
                     *       "object": "transaction",
                     *       "payment_intent_id": "pi_3MtwBwLkdIwHu7ix28a3tqPa",
                     *       "merchant_id": "mer_7Hx2Qm9LpR4tVb8NcZ1aWd3K",
                     *       "status": "confirmed",
                     *       "amount": 12.5,
                     *       "currency": "usd",
                     *       "net_amount": 12.375,
                     *       "fee": 0.125,
                     *       "chain": "base",
                     *       "token": "USDC",
                     *       "tx_hash": "0x9f2c4e0b7a1d3c5e6f708192a3b4c5d6e7f8091a2b3c4d5e6f708192a3b4c5d6",
                     *       "settlement_status": "pending",
                     *       "confirmed_at": "2026-04-01T12:01:12.345Z",
                     *       "metadata": {
                     *         "order_id": "order_1042",
                     *         "register": "front-1"
                     *       },
                     *       "amount_refunded": 0,
                     *       "fee_rate": 0.01,
                     *       "block_number": 28411023,
                     *       "sender_address": "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
                     *       "payment_address": "0x5FbDB2315678afecb367f032d93F642f64180aa3"
                     *     }
                     */
                    "application/json": components["schemas"]["Transaction"];
                };
            };
            /** @description Invalid request: see `code` and `param`. */
            400: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid API key. */
            401: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such object, or one the key may not see. */
            404: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Over the key's rate limit; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    /**
                     * @description Seconds to wait before the next request is allowed.
                     * @example 1
                     */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error on our side; the body never contains internals. */
            500: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listTransactions: {
        parameters: {
            query?: {
                merchant_id?: string;
                status?: "confirmed" | "settled" | "failed";
                chain?: "base" | "ethereum" | "arbitrum" | "optimism" | "polygon";
                token?: "USDC" | "USDT";
                date_from?: string;
                date_to?: string;
                settlement?: string;
                deposit_address_id?: string;
                limit?: number;
                starting_after?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of transactions. */
            200: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "object": "list",
                     *       "data": [
                     *         {
                     *           "id": "txn_4fQm8ZpX2LbR7cVt1NwKd9Ya",
                     *           "object": "transaction",
                     *           "payment_intent_id": "pi_3MtwBwLkdIwHu7ix28a3tqPa",
                     *           "merchant_id": "mer_7Hx2Qm9LpR4tVb8NcZ1aWd3K",
                     *           "status": "confirmed",
                     *           "amount": 12.5,
                     *           "currency": "usd",
                     *           "net_amount": 12.375,
                     *           "fee": 0.125,
                     *           "chain": "base",
                     *           "token": "USDC",
                     *           "tx_hash": "0x9f2c4e0b7a1d3c5e6f708192a3b4c5d6e7f8091a2b3c4d5e6f708192a3b4c5d6",
                     *           "settlement_status": "pending",
                     *           "confirmed_at": "2026-04-01T12:01:12.345Z",
                     *           "metadata": {
                     *             "order_id": "order_1042",
                     *             "register": "front-1"
                     *           },
                     *           "amount_refunded": 0
                     *         }
                     *       ],
                     *       "has_more": false,
                     *       "total_count": 1
                     *     }
                     */
                    "application/json": components["schemas"]["TransactionList"];
                };
            };
            /** @description Invalid request: see `code` and `param`. */
            400: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid API key. */
            401: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such object, or one the key may not see. */
            404: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Over the key's rate limit; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    /**
                     * @description Seconds to wait before the next request is allowed.
                     * @example 1
                     */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error on our side; the body never contains internals. */
            500: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    testHelperAdvanceSettlements: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /**
                     * @description Only this merchant. Default: every merchant the key may see.
                     * @example mer_7Hx2Qm9LpR4tVb8NcZ1aWd3K
                     */
                    merchant_id?: string;
                };
            };
        };
        responses: {
            /** @description The affected settlements, newest first. */
            200: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "object": "list",
                     *       "data": [
                     *         {
                     *           "id": "stl_4fQm2Lx9RtVb8NcZ1aWd3KpH",
                     *           "object": "settlement",
                     *           "merchant_id": "mer_7Hx2Qm9LpR4tVb8NcZ1aWd3K",
                     *           "amount": 1234.56,
                     *           "currency": "usd",
                     *           "status": "pending",
                     *           "method": "ach",
                     *           "transaction_count": 12,
                     *           "bank_account": {
                     *             "bank_name": "string",
                     *             "last_4": "string"
                     *           },
                     *           "initiated_at": "2026-04-01T12:00:00.000Z",
                     *           "expected_arrival_date": "2026-04-03",
                     *           "completed_at": "2026-04-01T12:00:00.000Z",
                     *           "withdrawals": [
                     *             {
                     *               "chain": "base",
                     *               "token": "USDC",
                     *               "amount": 1000.5,
                     *               "status": "pending",
                     *               "tx_hash": "0x8d1e0f6a4c2b7e9d3f5a1c8b6e4d2f0a9c7b5e3d1f8a6c4b2e0d9f7a5c3b1e8d",
                     *               "withdrawn_at": "2026-04-01T12:00:00.000Z"
                     *             }
                     *           ]
                     *         }
                     *       ],
                     *       "has_more": true,
                     *       "total_count": 0
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        object: "list";
                        data: {
                            /** @example stl_4fQm2Lx9RtVb8NcZ1aWd3KpH */
                            id: string;
                            /** @constant */
                            object: "settlement";
                            /** @example mer_7Hx2Qm9LpR4tVb8NcZ1aWd3K */
                            merchant_id: string;
                            /**
                             * @description USD paid to the bank: the net amount of its transactions.
                             * @example 1234.56
                             */
                            amount: number;
                            /** @constant */
                            currency: "usd";
                            status: "pending" | "in_transit" | "completed" | "failed";
                            /** @constant */
                            method: "ach";
                            /** @example 12 */
                            transaction_count: string | number;
                            bank_account: {
                                bank_name: string;
                                last_4: string;
                            };
                            /** Format: date-time */
                            initiated_at: string;
                            expected_arrival_date: string | null;
                            completed_at: string | null;
                            /** @description The settlement's withdrawals from the merchant account, one per (chain, token) pair it takes. One run withdraws every pair and pays one bank transfer for the total (`amount`), after every pair is withdrawn: while one pair's withdrawal is retried the settlement stays `pending`. */
                            withdrawals: {
                                /**
                                 * @default base
                                 * @example base
                                 * @enum {string}
                                 */
                                chain: "base" | "ethereum" | "arbitrum" | "optimism" | "polygon";
                                /**
                                 * @default USDC
                                 * @example USDC
                                 * @enum {string}
                                 */
                                token: "USDC" | "USDT";
                                /**
                                 * @description USD of this pair in the settlement: the net amount of its transactions.
                                 * @example 1000.5
                                 */
                                amount: number;
                                /** @description `pending`: the withdrawal from the merchant account is on its way (or retried after an error); `withdrawn`: mined at the chain's confirmation depth (or nothing to withdraw: the money was already at the payout address); `failed`: the account refused it, nothing of this pair moved, and its payments are back in `available` for the next run (not counted in the settlement's `amount`). */
                                status: "pending" | "withdrawn" | "failed";
                                /** @description The withdrawal's transaction, once withdrawn. */
                                tx_hash: string | null;
                                withdrawn_at: string | null;
                            }[];
                        }[];
                        has_more: boolean;
                        total_count: string | number;
                    };
                };
            };
            /** @description Invalid request: see `code` and `param`. */
            400: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid API key. */
            401: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such object, or one the key may not see. */
            404: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Over the key's rate limit; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    /**
                     * @description Seconds to wait before the next request is allowed.
                     * @example 1
                     */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error on our side; the body never contains internals. */
            500: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listEvents: {
        parameters: {
            query?: {
                type?: "payment_intent.confirmed" | "payment_intent.expired" | "transaction.created" | "settlement.completed" | "refund.created" | "refund.updated" | "refund.succeeded" | "refund.failed" | "payment_link.deactivated" | "payment_link.used_up" | "webhook_endpoint.disabled";
                chain?: "base" | "ethereum" | "arbitrum" | "optimism" | "polygon";
                token?: "USDC" | "USDT";
                created_after?: string;
                created_before?: string;
                limit?: number;
                starting_after?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of events. */
            200: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "object": "list",
                     *       "data": [
                     *         {
                     *           "id": "evt_1Nv0FGQ9RKHgCVdK6Pq3xWzA",
                     *           "object": "event",
                     *           "type": "payment_intent.confirmed",
                     *           "created_at": "2026-04-01T12:00:05.000Z",
                     *           "data": {
                     *             "id": "pi_3MtwBwLkdIwHu7ix28a3tqPa",
                     *             "object": "payment_intent",
                     *             "status": "confirmed",
                     *             "amount": 25,
                     *             "currency": "usd"
                     *           }
                     *         }
                     *       ],
                     *       "has_more": false,
                     *       "total_count": 1
                     *     }
                     */
                    "application/json": components["schemas"]["EventList"];
                };
            };
            /** @description Invalid request: see `code` and `param`. */
            400: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid API key. */
            401: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Over the key's rate limit; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    /**
                     * @description Seconds to wait before the next request is allowed.
                     * @example 1
                     */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error on our side; the body never contains internals. */
            500: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getEvent: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The event. */
            200: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "evt_1Nv0FGQ9RKHgCVdK6Pq3xWzA",
                     *       "object": "event",
                     *       "type": "payment_intent.confirmed",
                     *       "created_at": "2026-04-01T12:00:05.000Z",
                     *       "data": {
                     *         "id": "pi_3MtwBwLkdIwHu7ix28a3tqPa",
                     *         "object": "payment_intent",
                     *         "status": "confirmed",
                     *         "amount": 25,
                     *         "currency": "usd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Event"];
                };
            };
            /** @description Missing or invalid API key. */
            401: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such object, or one the key may not see. */
            404: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Over the key's rate limit; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    /**
                     * @description Seconds to wait before the next request is allowed.
                     * @example 1
                     */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error on our side; the body never contains internals. */
            500: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    resendEvent: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ResendEventRequest"];
            };
        };
        responses: {
            /** @description The deliveries created. */
            200: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "object": "list",
                     *       "data": [
                     *         {
                     *           "id": "wd_0f1e2d3c4b5a69788796a5b4c3d2e1f0",
                     *           "object": "webhook_delivery",
                     *           "event_id": "evt_1Nv0FGQ9RKHgCVdK6Pq3xWzA",
                     *           "event_type": "payment_intent.confirmed",
                     *           "endpoint_id": "we_9Kx2Qm4LpR7tVb1NcZ8aWd3Y",
                     *           "status": "pending",
                     *           "attempt_count": 1,
                     *           "next_attempt_at": "2026-04-01T12:05:05.000Z",
                     *           "created_at": "2026-04-01T12:00:05.000Z",
                     *           "finished_at": null,
                     *           "attempts": [
                     *             {
                     *               "attempt_number": 1,
                     *               "started_at": "2026-04-01T12:00:05.010Z",
                     *               "duration_ms": 812,
                     *               "outcome": "retry_scheduled",
                     *               "status_code": 503,
                     *               "error": "HTTP 503",
                     *               "response_snippet": "upstream unavailable",
                     *               "next_attempt_at": "2026-04-01T12:05:05.000Z"
                     *             }
                     *           ]
                     *         }
                     *       ],
                     *       "has_more": false,
                     *       "total_count": 1
                     *     }
                     */
                    "application/json": components["schemas"]["WebhookDeliveryList"];
                };
            };
            /** @description Invalid request: see `code` and `param`. */
            400: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid API key. */
            401: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such object, or one the key may not see. */
            404: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Over the key's rate limit; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    /**
                     * @description Seconds to wait before the next request is allowed.
                     * @example 1
                     */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error on our side; the body never contains internals. */
            500: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listWebhookEndpoints: {
        parameters: {
            query?: {
                limit?: number;
                starting_after?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of endpoints. */
            200: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "object": "list",
                     *       "data": [
                     *         {
                     *           "id": "we_9Kx2Qm4LpR7tVb1NcZ8aWd3Y",
                     *           "object": "webhook_endpoint",
                     *           "url": "https://example.com/webhooks/stablepay",
                     *           "enabled_events": [
                     *             "payment_intent.confirmed",
                     *             "settlement.completed"
                     *           ],
                     *           "description": "Order service",
                     *           "metadata": {
                     *             "team": "payments"
                     *           },
                     *           "status": "enabled",
                     *           "disabled_reason": null,
                     *           "livemode": false,
                     *           "created_at": "2026-04-01T12:00:00.000Z"
                     *         }
                     *       ],
                     *       "has_more": false,
                     *       "total_count": 1
                     *     }
                     */
                    "application/json": components["schemas"]["WebhookEndpointList"];
                };
            };
            /** @description Invalid request: see `code` and `param`. */
            400: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid API key. */
            401: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such object, or one the key may not see. */
            404: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Over the key's rate limit; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    /**
                     * @description Seconds to wait before the next request is allowed.
                     * @example 1
                     */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error on our side; the body never contains internals. */
            500: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: {
                /** @description Same meaning as the `idempotency_key` body field; if both are given they must be equal. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateWebhookEndpointRequest"];
            };
        };
        responses: {
            /** @description Replay of an earlier create with the same idempotency key, with the secret the first answer showed. */
            200: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    /** @description `true` on a replay of an earlier create with the same idempotency key. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "we_9Kx2Qm4LpR7tVb1NcZ8aWd3Y",
                     *       "object": "webhook_endpoint",
                     *       "url": "https://example.com/webhooks/stablepay",
                     *       "enabled_events": [
                     *         "payment_intent.confirmed",
                     *         "settlement.completed"
                     *       ],
                     *       "description": "Order service",
                     *       "metadata": {
                     *         "team": "payments"
                     *       },
                     *       "status": "enabled",
                     *       "disabled_reason": null,
                     *       "livemode": false,
                     *       "created_at": "2026-04-01T12:00:00.000Z",
                     *       "secret": "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"
                     *     }
                     */
                    "application/json": components["schemas"]["WebhookEndpointWithSecret"];
                };
            };
            /** @description The new endpoint, with its secret. */
            201: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "we_9Kx2Qm4LpR7tVb1NcZ8aWd3Y",
                     *       "object": "webhook_endpoint",
                     *       "url": "https://example.com/webhooks/stablepay",
                     *       "enabled_events": [
                     *         "payment_intent.confirmed",
                     *         "settlement.completed"
                     *       ],
                     *       "description": "Order service",
                     *       "metadata": {
                     *         "team": "payments"
                     *       },
                     *       "status": "enabled",
                     *       "disabled_reason": null,
                     *       "livemode": false,
                     *       "created_at": "2026-04-01T12:00:00.000Z",
                     *       "secret": "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"
                     *     }
                     */
                    "application/json": components["schemas"]["WebhookEndpointWithSecret"];
                };
            };
            /** @description Invalid request: see `code` and `param`. */
            400: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid API key. */
            401: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such object, or one the key may not see. */
            404: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state. */
            409: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Over the key's rate limit; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    /**
                     * @description Seconds to wait before the next request is allowed.
                     * @example 1
                     */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error on our side; the body never contains internals. */
            500: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The endpoint. */
            200: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "we_9Kx2Qm4LpR7tVb1NcZ8aWd3Y",
                     *       "object": "webhook_endpoint",
                     *       "url": "https://example.com/webhooks/stablepay",
                     *       "enabled_events": [
                     *         "payment_intent.confirmed",
                     *         "settlement.completed"
                     *       ],
                     *       "description": "Order service",
                     *       "metadata": {
                     *         "team": "payments"
                     *       },
                     *       "status": "enabled",
                     *       "disabled_reason": null,
                     *       "livemode": false,
                     *       "created_at": "2026-04-01T12:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["WebhookEndpoint"];
                };
            };
            /** @description Missing or invalid API key. */
            401: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such object, or one the key may not see. */
            404: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Over the key's rate limit; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    /**
                     * @description Seconds to wait before the next request is allowed.
                     * @example 1
                     */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error on our side; the body never contains internals. */
            500: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateWebhookEndpointRequest"];
            };
        };
        responses: {
            /** @description The updated endpoint. */
            200: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "we_9Kx2Qm4LpR7tVb1NcZ8aWd3Y",
                     *       "object": "webhook_endpoint",
                     *       "url": "https://example.com/webhooks/stablepay",
                     *       "enabled_events": [
                     *         "payment_intent.confirmed",
                     *         "settlement.completed"
                     *       ],
                     *       "description": "Order service",
                     *       "metadata": {
                     *         "team": "payments"
                     *       },
                     *       "status": "enabled",
                     *       "disabled_reason": null,
                     *       "livemode": false,
                     *       "created_at": "2026-04-01T12:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["WebhookEndpoint"];
                };
            };
            /** @description Invalid request: see `code` and `param`. */
            400: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid API key. */
            401: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such object, or one the key may not see. */
            404: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Over the key's rate limit; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    /**
                     * @description Seconds to wait before the next request is allowed.
                     * @example 1
                     */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error on our side; the body never contains internals. */
            500: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted. */
            200: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "we_9Kx2Qm4LpR7tVb1NcZ8aWd3Y",
                     *       "object": "webhook_endpoint",
                     *       "deleted": true,
                     *       "dropped_deliveries": 0
                     *     }
                     */
                    "application/json": components["schemas"]["DeletedWebhookEndpoint"];
                };
            };
            /** @description Missing or invalid API key. */
            401: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such object, or one the key may not see. */
            404: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Over the key's rate limit; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    /**
                     * @description Seconds to wait before the next request is allowed.
                     * @example 1
                     */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error on our side; the body never contains internals. */
            500: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    rotateWebhookEndpointSecret: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": Record<string, never>;
            };
        };
        responses: {
            /** @description The endpoint with its new secret. */
            200: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "we_9Kx2Qm4LpR7tVb1NcZ8aWd3Y",
                     *       "object": "webhook_endpoint",
                     *       "url": "https://example.com/webhooks/stablepay",
                     *       "enabled_events": [
                     *         "payment_intent.confirmed",
                     *         "settlement.completed"
                     *       ],
                     *       "description": "Order service",
                     *       "metadata": {
                     *         "team": "payments"
                     *       },
                     *       "status": "enabled",
                     *       "disabled_reason": null,
                     *       "livemode": false,
                     *       "created_at": "2026-04-01T12:00:00.000Z",
                     *       "secret": "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"
                     *     }
                     */
                    "application/json": components["schemas"]["WebhookEndpointWithSecret"];
                };
            };
            /** @description Invalid request: see `code` and `param`. */
            400: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid API key. */
            401: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such object, or one the key may not see. */
            404: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Over the key's rate limit; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    /**
                     * @description Seconds to wait before the next request is allowed.
                     * @example 1
                     */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error on our side; the body never contains internals. */
            500: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    sendWebhookEndpointTestEvent: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SendWebhookEndpointTestEventRequest"];
            };
        };
        responses: {
            /** @description What the endpoint answered (or why nothing did). */
            200: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "object": "webhook_endpoint_test",
                     *       "endpoint_id": "we_9Kx2Qm4LpR7tVb1NcZ8aWd3Y",
                     *       "event_id": "evt_4Qm8ZpX2LbR7cVt1NwKd9YaB",
                     *       "event_type": "webhook_endpoint.test",
                     *       "succeeded": true,
                     *       "status_code": 200,
                     *       "duration_ms": 84,
                     *       "error": null,
                     *       "response_snippet": "ok"
                     *     }
                     */
                    "application/json": components["schemas"]["WebhookTestResult"];
                };
            };
            /** @description Invalid request: see `code` and `param`. */
            400: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid API key. */
            401: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such object, or one the key may not see. */
            404: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Over the key's rate limit; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    /**
                     * @description Seconds to wait before the next request is allowed.
                     * @example 1
                     */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error on our side; the body never contains internals. */
            500: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    recoverWebhookEndpointDeliveries: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RecoverWebhookEndpointDeliveriesRequest"];
            };
        };
        responses: {
            /** @description How many deliveries were made. */
            200: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "object": "webhook_endpoint_recovery",
                     *       "endpoint_id": "we_9Kx2Qm4LpR7tVb1NcZ8aWd3Y",
                     *       "since": "2026-04-01T12:00:00.000Z",
                     *       "recovered": 42,
                     *       "has_more": false
                     *     }
                     */
                    "application/json": components["schemas"]["WebhookEndpointRecovery"];
                };
            };
            /** @description Invalid request: see `code` and `param`. */
            400: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid API key. */
            401: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such object, or one the key may not see. */
            404: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Over the key's rate limit; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    /**
                     * @description Seconds to wait before the next request is allowed.
                     * @example 1
                     */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error on our side; the body never contains internals. */
            500: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listWebhookEndpointDeliveries: {
        parameters: {
            query?: {
                limit?: number;
                starting_after?: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of deliveries. */
            200: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "object": "list",
                     *       "data": [
                     *         {
                     *           "id": "wd_0f1e2d3c4b5a69788796a5b4c3d2e1f0",
                     *           "object": "webhook_delivery",
                     *           "event_id": "evt_1Nv0FGQ9RKHgCVdK6Pq3xWzA",
                     *           "event_type": "payment_intent.confirmed",
                     *           "endpoint_id": "we_9Kx2Qm4LpR7tVb1NcZ8aWd3Y",
                     *           "status": "pending",
                     *           "attempt_count": 1,
                     *           "next_attempt_at": "2026-04-01T12:05:05.000Z",
                     *           "created_at": "2026-04-01T12:00:05.000Z",
                     *           "finished_at": null,
                     *           "attempts": [
                     *             {
                     *               "attempt_number": 1,
                     *               "started_at": "2026-04-01T12:00:05.010Z",
                     *               "duration_ms": 812,
                     *               "outcome": "retry_scheduled",
                     *               "status_code": 503,
                     *               "error": "HTTP 503",
                     *               "response_snippet": "upstream unavailable",
                     *               "next_attempt_at": "2026-04-01T12:05:05.000Z"
                     *             }
                     *           ]
                     *         }
                     *       ],
                     *       "has_more": false,
                     *       "total_count": 1
                     *     }
                     */
                    "application/json": components["schemas"]["WebhookDeliveryList"];
                };
            };
            /** @description Invalid request: see `code` and `param`. */
            400: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid API key. */
            401: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such object, or one the key may not see. */
            404: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Over the key's rate limit; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    /**
                     * @description Seconds to wait before the next request is allowed.
                     * @example 1
                     */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error on our side; the body never contains internals. */
            500: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listSettlements: {
        parameters: {
            query?: {
                merchant_id?: string;
                status?: "pending" | "in_transit" | "completed" | "failed";
                created_after?: string;
                created_before?: string;
                limit?: number;
                starting_after?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of settlements. */
            200: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "object": "list",
                     *       "data": [
                     *         {
                     *           "id": "stl_4fQm2Lx9RtVb8NcZ1aWd3KpH",
                     *           "object": "settlement",
                     *           "merchant_id": "mer_7Hx2Qm9LpR4tVb8NcZ1aWd3K",
                     *           "amount": 1234.56,
                     *           "currency": "usd",
                     *           "status": "pending",
                     *           "method": "ach",
                     *           "transaction_count": 12,
                     *           "bank_account": {
                     *             "bank_name": "Chase",
                     *             "last_4": "6789"
                     *           },
                     *           "initiated_at": "2026-04-01T12:00:00.000Z",
                     *           "expected_arrival_date": null,
                     *           "completed_at": null,
                     *           "withdrawals": [
                     *             {
                     *               "chain": "base",
                     *               "token": "USDC",
                     *               "amount": 1000.5,
                     *               "status": "withdrawn",
                     *               "tx_hash": "0x8d1e0f6a4c2b7e9d3f5a1c8b6e4d2f0a9c7b5e3d1f8a6c4b2e0d9f7a5c3b1e8d",
                     *               "withdrawn_at": "2026-04-01T12:00:03.000Z"
                     *             },
                     *             {
                     *               "chain": "base",
                     *               "token": "USDT",
                     *               "amount": 234.06,
                     *               "status": "pending",
                     *               "tx_hash": null,
                     *               "withdrawn_at": null
                     *             }
                     *           ]
                     *         }
                     *       ],
                     *       "has_more": false,
                     *       "total_count": 1
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        object: "list";
                        /** @description Newest first: `initiated_at` descending, then `id` descending. */
                        data: components["schemas"]["Settlement"][];
                        /** @description True when more results follow; pass the last item's id as `starting_after`. */
                        has_more: boolean;
                        total_count: string | number;
                    };
                };
            };
            /** @description Invalid request: see `code` and `param`. */
            400: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid API key. */
            401: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such object, or one the key may not see. */
            404: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Over the key's rate limit; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    /**
                     * @description Seconds to wait before the next request is allowed.
                     * @example 1
                     */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error on our side; the body never contains internals. */
            500: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createSettlement: {
        parameters: {
            query?: never;
            header?: {
                /** @description Same meaning as the `idempotency_key` body field; if both are given they must be equal. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateSettlementRequest"];
            };
        };
        responses: {
            /** @description Replay of an earlier cash-out with the same idempotency key: that settlement now. */
            200: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    /** @description `true` on a replay of an earlier create with the same idempotency key. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "stl_4fQm2Lx9RtVb8NcZ1aWd3KpH",
                     *       "object": "settlement",
                     *       "merchant_id": "mer_7Hx2Qm9LpR4tVb8NcZ1aWd3K",
                     *       "amount": 1234.56,
                     *       "currency": "usd",
                     *       "status": "pending",
                     *       "method": "ach",
                     *       "transaction_count": 12,
                     *       "bank_account": {
                     *         "bank_name": "Chase",
                     *         "last_4": "6789"
                     *       },
                     *       "initiated_at": "2026-04-01T12:00:00.000Z",
                     *       "expected_arrival_date": null,
                     *       "completed_at": null,
                     *       "withdrawals": [
                     *         {
                     *           "chain": "base",
                     *           "token": "USDC",
                     *           "amount": 1000.5,
                     *           "status": "withdrawn",
                     *           "tx_hash": "0x8d1e0f6a4c2b7e9d3f5a1c8b6e4d2f0a9c7b5e3d1f8a6c4b2e0d9f7a5c3b1e8d",
                     *           "withdrawn_at": "2026-04-01T12:00:03.000Z"
                     *         },
                     *         {
                     *           "chain": "base",
                     *           "token": "USDT",
                     *           "amount": 234.06,
                     *           "status": "pending",
                     *           "tx_hash": null,
                     *           "withdrawn_at": null
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["Settlement"];
                };
            };
            /** @description The new settlement. */
            201: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "stl_4fQm2Lx9RtVb8NcZ1aWd3KpH",
                     *       "object": "settlement",
                     *       "merchant_id": "mer_7Hx2Qm9LpR4tVb8NcZ1aWd3K",
                     *       "amount": 1234.56,
                     *       "currency": "usd",
                     *       "status": "pending",
                     *       "method": "ach",
                     *       "transaction_count": 12,
                     *       "bank_account": {
                     *         "bank_name": "Chase",
                     *         "last_4": "6789"
                     *       },
                     *       "initiated_at": "2026-04-01T12:00:00.000Z",
                     *       "expected_arrival_date": null,
                     *       "completed_at": null,
                     *       "withdrawals": [
                     *         {
                     *           "chain": "base",
                     *           "token": "USDC",
                     *           "amount": 1000.5,
                     *           "status": "withdrawn",
                     *           "tx_hash": "0x8d1e0f6a4c2b7e9d3f5a1c8b6e4d2f0a9c7b5e3d1f8a6c4b2e0d9f7a5c3b1e8d",
                     *           "withdrawn_at": "2026-04-01T12:00:03.000Z"
                     *         },
                     *         {
                     *           "chain": "base",
                     *           "token": "USDT",
                     *           "amount": 234.06,
                     *           "status": "pending",
                     *           "tx_hash": null,
                     *           "withdrawn_at": null
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["Settlement"];
                };
            };
            /** @description Invalid request: see `code` and `param`. */
            400: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid API key. */
            401: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state. */
            409: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Over the key's rate limit; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    /**
                     * @description Seconds to wait before the next request is allowed.
                     * @example 1
                     */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error on our side; the body never contains internals. */
            500: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getSettlement: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The settlement. */
            200: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "stl_4fQm2Lx9RtVb8NcZ1aWd3KpH",
                     *       "object": "settlement",
                     *       "merchant_id": "mer_7Hx2Qm9LpR4tVb8NcZ1aWd3K",
                     *       "amount": 1234.56,
                     *       "currency": "usd",
                     *       "status": "pending",
                     *       "method": "ach",
                     *       "transaction_count": 12,
                     *       "bank_account": {
                     *         "bank_name": "Chase",
                     *         "last_4": "6789"
                     *       },
                     *       "initiated_at": "2026-04-01T12:00:00.000Z",
                     *       "expected_arrival_date": null,
                     *       "completed_at": null,
                     *       "withdrawals": [
                     *         {
                     *           "chain": "base",
                     *           "token": "USDC",
                     *           "amount": 1000.5,
                     *           "status": "withdrawn",
                     *           "tx_hash": "0x8d1e0f6a4c2b7e9d3f5a1c8b6e4d2f0a9c7b5e3d1f8a6c4b2e0d9f7a5c3b1e8d",
                     *           "withdrawn_at": "2026-04-01T12:00:03.000Z"
                     *         },
                     *         {
                     *           "chain": "base",
                     *           "token": "USDT",
                     *           "amount": 234.06,
                     *           "status": "pending",
                     *           "tx_hash": null,
                     *           "withdrawn_at": null
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["Settlement"];
                };
            };
            /** @description Missing or invalid API key. */
            401: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such object, or one the key may not see. */
            404: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Over the key's rate limit; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    /**
                     * @description Seconds to wait before the next request is allowed.
                     * @example 1
                     */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error on our side; the body never contains internals. */
            500: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getRefund: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The refund. */
            200: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "re_3NxQm2LpR4tVb8NcZ1aWd3Kq",
                     *       "object": "refund",
                     *       "status": "succeeded",
                     *       "amount": 5,
                     *       "currency": "usd",
                     *       "payment_intent": "pi_3MtwBwLkdIwHu7ix28a3tqPa",
                     *       "transaction": "txn_4fQm8ZpX2LbR7cVt1NwKd9Ya",
                     *       "merchant_id": "mer_7Hx2Qm9LpR4tVb8NcZ1aWd3K",
                     *       "chain": "base",
                     *       "token": "USDC",
                     *       "recipient_address": "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
                     *       "reason": "requested_by_customer",
                     *       "metadata": {
                     *         "order_id": "order_1042"
                     *       },
                     *       "tx_hash": "0x5e1d3a0c7b9f2e4d6a8c0b1f3e5d7a9c2b4e6f8a0c1d3e5f7a9b2c4d6e8f0a1b",
                     *       "failure_reason": null,
                     *       "created_at": "2026-04-01T12:05:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Refund"];
                };
            };
            /** @description Invalid request: see `code` and `param`. */
            400: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid API key. */
            401: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such object, or one the key may not see. */
            404: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Over the key's rate limit; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    /**
                     * @description Seconds to wait before the next request is allowed.
                     * @example 1
                     */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error on our side; the body never contains internals. */
            500: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listRefunds: {
        parameters: {
            query?: {
                payment_intent?: string;
                merchant_id?: string;
                status?: "requires_approval" | "pending" | "succeeded" | "failed" | "cancelled" | "canceled";
                limit?: number;
                starting_after?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of refunds. */
            200: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "object": "list",
                     *       "data": [
                     *         {
                     *           "id": "re_3NxQm2LpR4tVb8NcZ1aWd3Kq",
                     *           "object": "refund",
                     *           "status": "succeeded",
                     *           "amount": 5,
                     *           "currency": "usd",
                     *           "payment_intent": "pi_3MtwBwLkdIwHu7ix28a3tqPa",
                     *           "transaction": "txn_4fQm8ZpX2LbR7cVt1NwKd9Ya",
                     *           "merchant_id": "mer_7Hx2Qm9LpR4tVb8NcZ1aWd3K",
                     *           "chain": "base",
                     *           "token": "USDC",
                     *           "recipient_address": "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
                     *           "reason": "requested_by_customer",
                     *           "metadata": {
                     *             "order_id": "order_1042"
                     *           },
                     *           "tx_hash": "0x5e1d3a0c7b9f2e4d6a8c0b1f3e5d7a9c2b4e6f8a0c1d3e5f7a9b2c4d6e8f0a1b",
                     *           "failure_reason": null,
                     *           "created_at": "2026-04-01T12:05:00.000Z"
                     *         }
                     *       ],
                     *       "has_more": false,
                     *       "total_count": 1
                     *     }
                     */
                    "application/json": components["schemas"]["RefundList"];
                };
            };
            /** @description Invalid request: see `code` and `param`. */
            400: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid API key. */
            401: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such object, or one the key may not see. */
            404: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Over the key's rate limit; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    /**
                     * @description Seconds to wait before the next request is allowed.
                     * @example 1
                     */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error on our side; the body never contains internals. */
            500: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createRefund: {
        parameters: {
            query?: never;
            header?: {
                /** @description Same meaning as the `idempotency_key` body field; if both are given they must be equal. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        /** @description Any other field is refused with 400 `parameter_unknown`. */
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateRefundRequest"];
            };
        };
        responses: {
            /** @description Replay of an earlier create with the same idempotency key: that refund now. */
            200: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    /** @description `true` on a replay of an earlier create with the same idempotency key. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "re_3NxQm2LpR4tVb8NcZ1aWd3Kq",
                     *       "object": "refund",
                     *       "status": "succeeded",
                     *       "amount": 5,
                     *       "currency": "usd",
                     *       "payment_intent": "pi_3MtwBwLkdIwHu7ix28a3tqPa",
                     *       "transaction": "txn_4fQm8ZpX2LbR7cVt1NwKd9Ya",
                     *       "merchant_id": "mer_7Hx2Qm9LpR4tVb8NcZ1aWd3K",
                     *       "chain": "base",
                     *       "token": "USDC",
                     *       "recipient_address": "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
                     *       "reason": "requested_by_customer",
                     *       "metadata": {
                     *         "order_id": "order_1042"
                     *       },
                     *       "tx_hash": "0x5e1d3a0c7b9f2e4d6a8c0b1f3e5d7a9c2b4e6f8a0c1d3e5f7a9b2c4d6e8f0a1b",
                     *       "failure_reason": null,
                     *       "created_at": "2026-04-01T12:05:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Refund"];
                };
            };
            /** @description The new refund: `pending` (covered by the owner's budget) or `requires_approval`. */
            201: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "re_3NxQm2LpR4tVb8NcZ1aWd3Kq",
                     *       "object": "refund",
                     *       "status": "succeeded",
                     *       "amount": 5,
                     *       "currency": "usd",
                     *       "payment_intent": "pi_3MtwBwLkdIwHu7ix28a3tqPa",
                     *       "transaction": "txn_4fQm8ZpX2LbR7cVt1NwKd9Ya",
                     *       "merchant_id": "mer_7Hx2Qm9LpR4tVb8NcZ1aWd3K",
                     *       "chain": "base",
                     *       "token": "USDC",
                     *       "recipient_address": "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
                     *       "reason": "requested_by_customer",
                     *       "metadata": {
                     *         "order_id": "order_1042"
                     *       },
                     *       "tx_hash": "0x5e1d3a0c7b9f2e4d6a8c0b1f3e5d7a9c2b4e6f8a0c1d3e5f7a9b2c4d6e8f0a1b",
                     *       "failure_reason": null,
                     *       "created_at": "2026-04-01T12:05:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Refund"];
                };
            };
            /** @description Invalid request: see `code` and `param`. */
            400: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid API key. */
            401: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            403: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state. */
            409: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body over 64 KiB. */
            413: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body is not `application/json`. */
            415: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Over the key's rate limit; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    /**
                     * @description Seconds to wait before the next request is allowed.
                     * @example 1
                     */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error on our side; the body never contains internals. */
            500: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getRefundAuthorization: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description What to sign. */
            200: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "object": "refund_authorization",
                     *       "refund": "re_3NxQm2LpR4tVb8NcZ1aWd3Kq",
                     *       "signer": "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
                     *       "deadline": 1775131200,
                     *       "typed_data": {
                     *         "types": {
                     *           "EIP712Domain": [
                     *             {
                     *               "name": "name",
                     *               "type": "string"
                     *             },
                     *             {
                     *               "name": "version",
                     *               "type": "string"
                     *             },
                     *             {
                     *               "name": "chainId",
                     *               "type": "uint256"
                     *             },
                     *             {
                     *               "name": "verifyingContract",
                     *               "type": "address"
                     *             }
                     *           ],
                     *           "Refund": [
                     *             {
                     *               "name": "refundId",
                     *               "type": "bytes32"
                     *             },
                     *             {
                     *               "name": "ref",
                     *               "type": "bytes32"
                     *             },
                     *             {
                     *               "name": "token",
                     *               "type": "address"
                     *             },
                     *             {
                     *               "name": "to",
                     *               "type": "address"
                     *             },
                     *             {
                     *               "name": "amount",
                     *               "type": "uint256"
                     *             },
                     *             {
                     *               "name": "deadline",
                     *               "type": "uint256"
                     *             }
                     *           ]
                     *         },
                     *         "primaryType": "Refund",
                     *         "domain": {
                     *           "name": "StablePay MerchantAccount",
                     *           "version": "2",
                     *           "chainId": 8453,
                     *           "verifyingContract": "0x5FbDB2315678afecb367f032d93F642f64180aa3"
                     *         },
                     *         "message": {
                     *           "refundId": "0x8b1a944cf13a9a1c08facb2c9e98623ef3254d2ddb48113885c3e8e97fec8db9",
                     *           "ref": "0x1f0c3b2a6d4e5f708192a3b4c5d6e7f8091a2b3c4d5e6f708192a3b4c5d6e7f8",
                     *           "token": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
                     *           "to": "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
                     *           "amount": "5000000",
                     *           "deadline": "1775131200"
                     *         }
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["RefundAuthorization"];
                };
            };
            /** @description Invalid request: see `code` and `param`. */
            400: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid API key. */
            401: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such object, or one the key may not see. */
            404: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state. */
            409: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Over the key's rate limit; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    /**
                     * @description Seconds to wait before the next request is allowed.
                     * @example 1
                     */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error on our side; the body never contains internals. */
            500: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    cancelRefund: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The cancelled refund. */
            200: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "re_3NxQm2LpR4tVb8NcZ1aWd3Kq",
                     *       "object": "refund",
                     *       "status": "succeeded",
                     *       "amount": 5,
                     *       "currency": "usd",
                     *       "payment_intent": "pi_3MtwBwLkdIwHu7ix28a3tqPa",
                     *       "transaction": "txn_4fQm8ZpX2LbR7cVt1NwKd9Ya",
                     *       "merchant_id": "mer_7Hx2Qm9LpR4tVb8NcZ1aWd3K",
                     *       "chain": "base",
                     *       "token": "USDC",
                     *       "recipient_address": "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
                     *       "reason": "requested_by_customer",
                     *       "metadata": {
                     *         "order_id": "order_1042"
                     *       },
                     *       "tx_hash": "0x5e1d3a0c7b9f2e4d6a8c0b1f3e5d7a9c2b4e6f8a0c1d3e5f7a9b2c4d6e8f0a1b",
                     *       "failure_reason": null,
                     *       "created_at": "2026-04-01T12:05:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Refund"];
                };
            };
            /** @description Invalid request: see `code` and `param`. */
            400: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid API key. */
            401: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            403: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such object, or one the key may not see. */
            404: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state. */
            409: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Over the key's rate limit; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    /**
                     * @description Seconds to wait before the next request is allowed.
                     * @example 1
                     */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error on our side; the body never contains internals. */
            500: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    approveRefund: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        /** @description Both fields are required (checked after the refund's id, so an unknown id is 404 whatever the body). */
        requestBody: {
            content: {
                "application/json": components["schemas"]["ApproveRefundRequest"];
            };
        };
        responses: {
            /** @description The refund, `pending`. */
            200: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "re_3NxQm2LpR4tVb8NcZ1aWd3Kq",
                     *       "object": "refund",
                     *       "status": "succeeded",
                     *       "amount": 5,
                     *       "currency": "usd",
                     *       "payment_intent": "pi_3MtwBwLkdIwHu7ix28a3tqPa",
                     *       "transaction": "txn_4fQm8ZpX2LbR7cVt1NwKd9Ya",
                     *       "merchant_id": "mer_7Hx2Qm9LpR4tVb8NcZ1aWd3K",
                     *       "chain": "base",
                     *       "token": "USDC",
                     *       "recipient_address": "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
                     *       "reason": "requested_by_customer",
                     *       "metadata": {
                     *         "order_id": "order_1042"
                     *       },
                     *       "tx_hash": "0x5e1d3a0c7b9f2e4d6a8c0b1f3e5d7a9c2b4e6f8a0c1d3e5f7a9b2c4d6e8f0a1b",
                     *       "failure_reason": null,
                     *       "created_at": "2026-04-01T12:05:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Refund"];
                };
            };
            /** @description Invalid request: see `code` and `param`. */
            400: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid API key. */
            401: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            403: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such object, or one the key may not see. */
            404: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state. */
            409: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Over the key's rate limit; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    /**
                     * @description Seconds to wait before the next request is allowed.
                     * @example 1
                     */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error on our side; the body never contains internals. */
            500: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listPaymentLinks: {
        parameters: {
            query?: {
                merchant_id?: string;
                limit?: number;
                starting_after?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of links. */
            200: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "object": "list",
                     *       "data": [
                     *         {
                     *           "id": "plink_4Rt8ZpX2LbQ7cVm1NwKd9YaB",
                     *           "object": "payment_link",
                     *           "url": "https://api.example.com/pay/links/plink_4Rt8ZpX2LbQ7cVm1NwKd9YaB",
                     *           "active": true,
                     *           "amount": 25,
                     *           "amount_options": null,
                     *           "currency": "usd",
                     *           "merchant_id": "mer_7Hx2Qm9LpR4tVb8NcZ1aWd3K",
                     *           "chain": "base",
                     *           "token": "USDC",
                     *           "max_uses": 100,
                     *           "uses": 3,
                     *           "expires_at": null,
                     *           "after_completion": {
                     *             "redirect_url": "https://shop.example.com/thanks"
                     *           },
                     *           "metadata": {
                     *             "product": "tote-bag"
                     *           },
                     *           "livemode": false,
                     *           "created_at": "2026-04-01T12:00:00.000Z"
                     *         }
                     *       ],
                     *       "has_more": false,
                     *       "total_count": 1
                     *     }
                     */
                    "application/json": components["schemas"]["PaymentLinkList"];
                };
            };
            /** @description Invalid request: see `code` and `param`. */
            400: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid API key. */
            401: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such object, or one the key may not see. */
            404: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Over the key's rate limit; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    /**
                     * @description Seconds to wait before the next request is allowed.
                     * @example 1
                     */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error on our side; the body never contains internals. */
            500: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createPaymentLink: {
        parameters: {
            query?: never;
            header?: {
                /** @description Same meaning as the `idempotency_key` body field; if both are given they must be equal. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        /** @description Any other field is refused with 400 `parameter_unknown`. */
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreatePaymentLinkRequest"];
            };
        };
        responses: {
            /** @description Replay of an earlier create with the same idempotency key: that link now. */
            200: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    /** @description `true` on a replay of an earlier create with the same idempotency key. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "plink_4Rt8ZpX2LbQ7cVm1NwKd9YaB",
                     *       "object": "payment_link",
                     *       "url": "https://api.example.com/pay/links/plink_4Rt8ZpX2LbQ7cVm1NwKd9YaB",
                     *       "active": true,
                     *       "amount": 25,
                     *       "amount_options": null,
                     *       "currency": "usd",
                     *       "merchant_id": "mer_7Hx2Qm9LpR4tVb8NcZ1aWd3K",
                     *       "chain": "base",
                     *       "token": "USDC",
                     *       "max_uses": 100,
                     *       "uses": 3,
                     *       "expires_at": null,
                     *       "after_completion": {
                     *         "redirect_url": "https://shop.example.com/thanks"
                     *       },
                     *       "metadata": {
                     *         "product": "tote-bag"
                     *       },
                     *       "livemode": false,
                     *       "created_at": "2026-04-01T12:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["PaymentLink"];
                };
            };
            /** @description The new link. */
            201: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "plink_4Rt8ZpX2LbQ7cVm1NwKd9YaB",
                     *       "object": "payment_link",
                     *       "url": "https://api.example.com/pay/links/plink_4Rt8ZpX2LbQ7cVm1NwKd9YaB",
                     *       "active": true,
                     *       "amount": 25,
                     *       "amount_options": null,
                     *       "currency": "usd",
                     *       "merchant_id": "mer_7Hx2Qm9LpR4tVb8NcZ1aWd3K",
                     *       "chain": "base",
                     *       "token": "USDC",
                     *       "max_uses": 100,
                     *       "uses": 3,
                     *       "expires_at": null,
                     *       "after_completion": {
                     *         "redirect_url": "https://shop.example.com/thanks"
                     *       },
                     *       "metadata": {
                     *         "product": "tote-bag"
                     *       },
                     *       "livemode": false,
                     *       "created_at": "2026-04-01T12:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["PaymentLink"];
                };
            };
            /** @description Invalid request: see `code` and `param`. */
            400: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid API key. */
            401: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state. */
            409: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Over the key's rate limit; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    /**
                     * @description Seconds to wait before the next request is allowed.
                     * @example 1
                     */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error on our side; the body never contains internals. */
            500: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getPaymentLink: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The link. */
            200: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "plink_4Rt8ZpX2LbQ7cVm1NwKd9YaB",
                     *       "object": "payment_link",
                     *       "url": "https://api.example.com/pay/links/plink_4Rt8ZpX2LbQ7cVm1NwKd9YaB",
                     *       "active": true,
                     *       "amount": 25,
                     *       "amount_options": null,
                     *       "currency": "usd",
                     *       "merchant_id": "mer_7Hx2Qm9LpR4tVb8NcZ1aWd3K",
                     *       "chain": "base",
                     *       "token": "USDC",
                     *       "max_uses": 100,
                     *       "uses": 3,
                     *       "expires_at": null,
                     *       "after_completion": {
                     *         "redirect_url": "https://shop.example.com/thanks"
                     *       },
                     *       "metadata": {
                     *         "product": "tote-bag"
                     *       },
                     *       "livemode": false,
                     *       "created_at": "2026-04-01T12:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["PaymentLink"];
                };
            };
            /** @description Missing or invalid API key. */
            401: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such object, or one the key may not see. */
            404: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Over the key's rate limit; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    /**
                     * @description Seconds to wait before the next request is allowed.
                     * @example 1
                     */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error on our side; the body never contains internals. */
            500: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updatePaymentLink: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdatePaymentLinkRequest"];
            };
        };
        responses: {
            /** @description The updated link. */
            200: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "plink_4Rt8ZpX2LbQ7cVm1NwKd9YaB",
                     *       "object": "payment_link",
                     *       "url": "https://api.example.com/pay/links/plink_4Rt8ZpX2LbQ7cVm1NwKd9YaB",
                     *       "active": true,
                     *       "amount": 25,
                     *       "amount_options": null,
                     *       "currency": "usd",
                     *       "merchant_id": "mer_7Hx2Qm9LpR4tVb8NcZ1aWd3K",
                     *       "chain": "base",
                     *       "token": "USDC",
                     *       "max_uses": 100,
                     *       "uses": 3,
                     *       "expires_at": null,
                     *       "after_completion": {
                     *         "redirect_url": "https://shop.example.com/thanks"
                     *       },
                     *       "metadata": {
                     *         "product": "tote-bag"
                     *       },
                     *       "livemode": false,
                     *       "created_at": "2026-04-01T12:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["PaymentLink"];
                };
            };
            /** @description Invalid request: see `code` and `param`. */
            400: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid API key. */
            401: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such object, or one the key may not see. */
            404: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Over the key's rate limit; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    /**
                     * @description Seconds to wait before the next request is allowed.
                     * @example 1
                     */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error on our side; the body never contains internals. */
            500: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getPaymentLinkPage: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The amount form of an open-amount link. */
            200: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description To the hosted page of this visitor's intent. */
            303: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The amount form again, saying why the amount was refused. */
            400: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description No such link: an HTML page. */
            404: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description The last use is being paid by someone else: an HTML page. */
            409: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Inactive, expired or used up: an HTML page with the merchant's name. */
            410: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Too many new visits from this address or to this link at once (a returning visitor is never refused): an HTML page, with `Retry-After`. */
            429: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description Seconds to wait before the next request is allowed.
                     * @example 1
                     */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Unexpected error on our side; the body never contains internals. */
            500: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The intent's create refused it (the merchant cannot take payments now, or every value of the amount is held): an HTML page. */
            503: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
        };
    };
    listDepositAddresses: {
        parameters: {
            query?: {
                merchant_id?: string;
                customer_reference?: string;
                limit?: number;
                starting_after?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of deposit addresses. */
            200: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "object": "list",
                     *       "data": [
                     *         {
                     *           "id": "dep_3Kq8ZpX2LbQ7cVm1NwKd9YaB",
                     *           "object": "deposit_address",
                     *           "address": "0x5FC8d32690cc91D4c39d9d3abcBD16989F875707",
                     *           "customer_reference": "customer-4711",
                     *           "merchant_id": "mer_7Hx2Qm9LpR4tVb8NcZ1aWd3K",
                     *           "networks": [
                     *             {
                     *               "chain": "base",
                     *               "tokens": [
                     *                 "USDC",
                     *                 "USDT"
                     *               ]
                     *             },
                     *             {
                     *               "chain": "arbitrum",
                     *               "tokens": [
                     *                 "USDC",
                     *                 "USDT"
                     *               ]
                     *             }
                     *           ],
                     *           "amount_received": 1250.5,
                     *           "payment_count": 3,
                     *           "metadata": {
                     *             "plan": "wholesale"
                     *           },
                     *           "livemode": false,
                     *           "created_at": "2026-04-01T12:00:00.000Z"
                     *         }
                     *       ],
                     *       "has_more": false,
                     *       "total_count": 1
                     *     }
                     */
                    "application/json": components["schemas"]["DepositAddressList"];
                };
            };
            /** @description Invalid request: see `code` and `param`. */
            400: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid API key. */
            401: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such object, or one the key may not see. */
            404: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Over the key's rate limit; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    /**
                     * @description Seconds to wait before the next request is allowed.
                     * @example 1
                     */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error on our side; the body never contains internals. */
            500: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createDepositAddress: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description Any other field is refused with 400 `parameter_unknown`. */
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateDepositAddressRequest"];
            };
        };
        responses: {
            /** @description The address this customer reference already has (unchanged). */
            200: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "dep_3Kq8ZpX2LbQ7cVm1NwKd9YaB",
                     *       "object": "deposit_address",
                     *       "address": "0x5FC8d32690cc91D4c39d9d3abcBD16989F875707",
                     *       "customer_reference": "customer-4711",
                     *       "merchant_id": "mer_7Hx2Qm9LpR4tVb8NcZ1aWd3K",
                     *       "networks": [
                     *         {
                     *           "chain": "base",
                     *           "tokens": [
                     *             "USDC",
                     *             "USDT"
                     *           ]
                     *         },
                     *         {
                     *           "chain": "arbitrum",
                     *           "tokens": [
                     *             "USDC",
                     *             "USDT"
                     *           ]
                     *         }
                     *       ],
                     *       "amount_received": 1250.5,
                     *       "payment_count": 3,
                     *       "metadata": {
                     *         "plan": "wholesale"
                     *       },
                     *       "livemode": false,
                     *       "created_at": "2026-04-01T12:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["DepositAddress"];
                };
            };
            /** @description The new address. */
            201: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "dep_3Kq8ZpX2LbQ7cVm1NwKd9YaB",
                     *       "object": "deposit_address",
                     *       "address": "0x5FC8d32690cc91D4c39d9d3abcBD16989F875707",
                     *       "customer_reference": "customer-4711",
                     *       "merchant_id": "mer_7Hx2Qm9LpR4tVb8NcZ1aWd3K",
                     *       "networks": [
                     *         {
                     *           "chain": "base",
                     *           "tokens": [
                     *             "USDC",
                     *             "USDT"
                     *           ]
                     *         },
                     *         {
                     *           "chain": "arbitrum",
                     *           "tokens": [
                     *             "USDC",
                     *             "USDT"
                     *           ]
                     *         }
                     *       ],
                     *       "amount_received": 1250.5,
                     *       "payment_count": 3,
                     *       "metadata": {
                     *         "plan": "wholesale"
                     *       },
                     *       "livemode": false,
                     *       "created_at": "2026-04-01T12:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["DepositAddress"];
                };
            };
            /** @description Invalid request: see `code` and `param`. */
            400: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid API key. */
            401: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Over the key's rate limit; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    /**
                     * @description Seconds to wait before the next request is allowed.
                     * @example 1
                     */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error on our side; the body never contains internals. */
            500: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getDepositAddress: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The deposit address. */
            200: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "dep_3Kq8ZpX2LbQ7cVm1NwKd9YaB",
                     *       "object": "deposit_address",
                     *       "address": "0x5FC8d32690cc91D4c39d9d3abcBD16989F875707",
                     *       "customer_reference": "customer-4711",
                     *       "merchant_id": "mer_7Hx2Qm9LpR4tVb8NcZ1aWd3K",
                     *       "networks": [
                     *         {
                     *           "chain": "base",
                     *           "tokens": [
                     *             "USDC",
                     *             "USDT"
                     *           ]
                     *         },
                     *         {
                     *           "chain": "arbitrum",
                     *           "tokens": [
                     *             "USDC",
                     *             "USDT"
                     *           ]
                     *         }
                     *       ],
                     *       "amount_received": 1250.5,
                     *       "payment_count": 3,
                     *       "metadata": {
                     *         "plan": "wholesale"
                     *       },
                     *       "livemode": false,
                     *       "created_at": "2026-04-01T12:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["DepositAddress"];
                };
            };
            /** @description Missing or invalid API key. */
            401: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such object, or one the key may not see. */
            404: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Over the key's rate limit; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    /**
                     * @description Seconds to wait before the next request is allowed.
                     * @example 1
                     */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error on our side; the body never contains internals. */
            500: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listTerminals: {
        parameters: {
            query?: {
                merchant_id?: string;
                limit?: number;
                starting_after?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of terminals. */
            200: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "object": "list",
                     *       "data": [
                     *         {
                     *           "id": "term_8Kd2Lq7ZpX4RtVb9NcW1aYmB",
                     *           "object": "terminal",
                     *           "url": "https://api.example.com/pay/terminals/term_8Kd2Lq7ZpX4RtVb9NcW1aYmB",
                     *           "merchant_id": "mer_7Hx2Qm9LpR4tVb8NcZ1aWd3K",
                     *           "name": "Front counter",
                     *           "tip_percentages": [
                     *             10,
                     *             15,
                     *             20
                     *           ],
                     *           "current_payment_intent": "pi_3Fv9Lq2ZpX7RtVb4NcW8aYmK",
                     *           "metadata": {},
                     *           "livemode": false,
                     *           "created_at": "2026-04-01T12:00:00.000Z"
                     *         }
                     *       ],
                     *       "has_more": false,
                     *       "total_count": 1
                     *     }
                     */
                    "application/json": components["schemas"]["TerminalList"];
                };
            };
            /** @description Invalid request: see `code` and `param`. */
            400: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid API key. */
            401: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such object, or one the key may not see. */
            404: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Over the key's rate limit; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    /**
                     * @description Seconds to wait before the next request is allowed.
                     * @example 1
                     */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error on our side; the body never contains internals. */
            500: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createTerminal: {
        parameters: {
            query?: never;
            header?: {
                /** @description Same meaning as the `idempotency_key` body field; if both are given they must be equal. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        /** @description Any other field is refused with 400 `parameter_unknown`. */
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateTerminalRequest"];
            };
        };
        responses: {
            /** @description Replay of an earlier create with the same idempotency key: that terminal now. */
            200: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    /** @description `true` on a replay of an earlier create with the same idempotency key. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "term_8Kd2Lq7ZpX4RtVb9NcW1aYmB",
                     *       "object": "terminal",
                     *       "url": "https://api.example.com/pay/terminals/term_8Kd2Lq7ZpX4RtVb9NcW1aYmB",
                     *       "merchant_id": "mer_7Hx2Qm9LpR4tVb8NcZ1aWd3K",
                     *       "name": "Front counter",
                     *       "tip_percentages": [
                     *         10,
                     *         15,
                     *         20
                     *       ],
                     *       "current_payment_intent": "pi_3Fv9Lq2ZpX7RtVb4NcW8aYmK",
                     *       "metadata": {},
                     *       "livemode": false,
                     *       "created_at": "2026-04-01T12:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Terminal"];
                };
            };
            /** @description The new terminal. */
            201: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "term_8Kd2Lq7ZpX4RtVb9NcW1aYmB",
                     *       "object": "terminal",
                     *       "url": "https://api.example.com/pay/terminals/term_8Kd2Lq7ZpX4RtVb9NcW1aYmB",
                     *       "merchant_id": "mer_7Hx2Qm9LpR4tVb8NcZ1aWd3K",
                     *       "name": "Front counter",
                     *       "tip_percentages": [
                     *         10,
                     *         15,
                     *         20
                     *       ],
                     *       "current_payment_intent": "pi_3Fv9Lq2ZpX7RtVb4NcW8aYmK",
                     *       "metadata": {},
                     *       "livemode": false,
                     *       "created_at": "2026-04-01T12:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Terminal"];
                };
            };
            /** @description Invalid request: see `code` and `param`. */
            400: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid API key. */
            401: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state. */
            409: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Over the key's rate limit; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    /**
                     * @description Seconds to wait before the next request is allowed.
                     * @example 1
                     */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error on our side; the body never contains internals. */
            500: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getTerminal: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The terminal. */
            200: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "term_8Kd2Lq7ZpX4RtVb9NcW1aYmB",
                     *       "object": "terminal",
                     *       "url": "https://api.example.com/pay/terminals/term_8Kd2Lq7ZpX4RtVb9NcW1aYmB",
                     *       "merchant_id": "mer_7Hx2Qm9LpR4tVb8NcZ1aWd3K",
                     *       "name": "Front counter",
                     *       "tip_percentages": [
                     *         10,
                     *         15,
                     *         20
                     *       ],
                     *       "current_payment_intent": "pi_3Fv9Lq2ZpX7RtVb4NcW8aYmK",
                     *       "metadata": {},
                     *       "livemode": false,
                     *       "created_at": "2026-04-01T12:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Terminal"];
                };
            };
            /** @description Missing or invalid API key. */
            401: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such object, or one the key may not see. */
            404: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Over the key's rate limit; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    /**
                     * @description Seconds to wait before the next request is allowed.
                     * @example 1
                     */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error on our side; the body never contains internals. */
            500: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateTerminal: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateTerminalRequest"];
            };
        };
        responses: {
            /** @description The updated terminal. */
            200: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "term_8Kd2Lq7ZpX4RtVb9NcW1aYmB",
                     *       "object": "terminal",
                     *       "url": "https://api.example.com/pay/terminals/term_8Kd2Lq7ZpX4RtVb9NcW1aYmB",
                     *       "merchant_id": "mer_7Hx2Qm9LpR4tVb8NcZ1aWd3K",
                     *       "name": "Front counter",
                     *       "tip_percentages": [
                     *         10,
                     *         15,
                     *         20
                     *       ],
                     *       "current_payment_intent": "pi_3Fv9Lq2ZpX7RtVb4NcW8aYmK",
                     *       "metadata": {},
                     *       "livemode": false,
                     *       "created_at": "2026-04-01T12:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Terminal"];
                };
            };
            /** @description Invalid request: see `code` and `param`. */
            400: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid API key. */
            401: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such object, or one the key may not see. */
            404: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Over the key's rate limit; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    /**
                     * @description Seconds to wait before the next request is allowed.
                     * @example 1
                     */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error on our side; the body never contains internals. */
            500: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    /**
                     * @description The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).
                     * @example 2026-11-29
                     */
                    "API-Version"?: string;
                    /**
                     * @description Requests the key's bucket holds when full (the burst: twice the per-second rate).
                     * @example 50
                     */
                    "RateLimit-Limit"?: number;
                    /**
                     * @description Requests left in the bucket now.
                     * @example 49
                     */
                    "RateLimit-Remaining"?: number;
                    /**
                     * @description Seconds until the bucket is full again.
                     * @example 1
                     */
                    "RateLimit-Reset"?: number;
                    /**
                     * @description The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).
                     * @example 50;w=2
                     */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getTerminalPage: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Ask the cashier: no payment is waiting at this register. */
            200: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description To the hosted page of the register's current intent. */
            303: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No such terminal. */
            404: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Unexpected error on our side; the body never contains internals. */
            500: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getTerminalReceipt: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                intent_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The receipt. */
            200: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description No such payment at this register. */
            404: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Unexpected error on our side; the body never contains internals. */
            500: {
                headers: {
                    /**
                     * @description Unique id of this request; quote it when reporting a problem.
                     * @example req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60
                     */
                    "Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
}
