/**
 * Every error the API can answer, as a closed union of codes with one map to HTTP status and type
 * (docs/contributors.md "Errors"). Services and routes throw ApiError; the one handler in api/app.ts
 * renders it. Lives in domain/ because services below the HTTP layer raise these too.
 */
export const ERROR_CODES = {
  parameter_missing: [400, "invalid_request_error"],
  parameter_invalid: [400, "invalid_request_error"],
  parameter_unknown: [400, "invalid_request_error"],
  amount_out_of_range: [400, "invalid_request_error"],
  currency_unsupported: [400, "invalid_request_error"],
  ttl_out_of_range: [400, "invalid_request_error"],
  metadata_invalid: [400, "invalid_request_error"],
  merchant_not_active: [400, "invalid_request_error"],
  url_not_allowed: [400, "invalid_request_error"],
  event_not_deliverable: [400, "invalid_request_error"],
  nothing_to_settle: [400, "invalid_request_error"],
  amount_above_available: [400, "invalid_request_error"],
  payout_provider_missing: [400, "invalid_request_error"],
  merchant_not_settleable: [400, "invalid_request_error"],
  bank_account_invalid: [400, "invalid_request_error"],
  mode_not_configured: [400, "invalid_request_error"],
  intent_not_paid: [400, "invalid_request_error"],
  amount_exceeds_refundable: [400, "invalid_request_error"],
  insufficient_account_balance: [400, "invalid_request_error"],
  recipient_address_invalid: [400, "invalid_request_error"],
  account_version_unsupported: [400, "invalid_request_error"],
  owner_key_unknown: [400, "invalid_request_error"],
  authorization_unsupported: [400, "invalid_request_error"],
  authorization_expired: [400, "invalid_request_error"],
  authorization_invalid: [400, "invalid_request_error"],
  signature_invalid: [400, "invalid_request_error"],
  insufficient_funds: [400, "invalid_request_error"],
  authorization_rejected: [400, "invalid_request_error"],
  relay_gas_above_cap: [400, "invalid_request_error"],
  resource_missing: [404, "invalid_request_error"],
  unsupported_content_type: [415, "invalid_request_error"],
  api_key_missing: [401, "authentication_error"],
  api_key_invalid: [401, "authentication_error"],
  permission_missing: [403, "invalid_request_error"],
  idempotency_key_reused: [409, "idempotency_error"],
  intent_not_cancellable: [409, "invalid_request_error"],
  too_many_open_intents: [409, "invalid_request_error"],
  intent_not_payable: [409, "invalid_request_error"],
  authorization_used: [409, "invalid_request_error"],
  refund_not_cancellable: [409, "invalid_request_error"],
  refund_not_approvable: [409, "invalid_request_error"],
  body_too_large: [413, "invalid_request_error"],
  rate_limited: [429, "rate_limit_error"],
  payer_relays_in_flight: [429, "rate_limit_error"],
  internal_error: [500, "api_error"],
  service_unavailable: [503, "api_error"],
  gas_price_above_ceiling: [503, "api_error"],
  relay_budget_exhausted: [503, "api_error"],
  relay_pending: [503, "api_error"],
} as const satisfies Record<string, readonly [number, string]>;

export type ErrorCode = keyof typeof ERROR_CODES;

export interface ErrorBody {
  error: { type: string; message: string; code: ErrorCode; param?: string };
}

export class ApiError extends Error {
  readonly status: number;
  readonly type: string;
  /** 400 resource_missing names the body field; 404 resource_missing is a path id. */
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly param?: string,
    status?: number,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    const [defaultStatus, type] = ERROR_CODES[code];
    this.status = status ?? defaultStatus;
    this.type = type;
  }

  toBody(): ErrorBody {
    return {
      error: { type: this.type, message: this.message, code: this.code, ...(this.param !== undefined ? { param: this.param } : {}) },
    };
  }
}

export const notFound = (what: string, id: string) => new ApiError("resource_missing", `No such ${what}: '${id}'`);

/** Seconds a client should wait before retrying a 503 (database or dependency unavailable). */
export const RETRY_AFTER_SECONDS = 2;

export const serviceUnavailable = (what: string) =>
  new ApiError("service_unavailable", `${what} Retry in a few seconds.`, undefined, 503, { "retry-after": String(RETRY_AFTER_SECONDS) });

/** A `starting_after` that is not an item of the list (docs/contributors.md "Lists"). */
export function badCursor() {
  return new ApiError("parameter_invalid", "Invalid starting_after: must be the id of an item of this list.", "starting_after");
}
