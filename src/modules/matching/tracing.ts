/**
 * One trace per payment (when tracing is on, src/lib/tracing.ts): a root span per transfer the
 * matcher records, from the block's timestamp (when the payment happened on chain) to its recording,
 * so its length is what the indexer, the confirmation depth and the matcher took together. Its
 * traceparent goes on the transfer's events (record.ts), and the webhook deliveries of those events
 * continue the trace (workers/dispatcher.ts).
 */
import { endSpan, startSpan, tracingEnabled, traceparentOf, type Span } from "../../lib/tracing.ts";
import type { PreparedTransfer, RecordOutcome } from "./record.ts";

/** A span per prepared transfer, each written into its row; undefined when tracing is off. */
export function startTransferSpans(prepared: readonly PreparedTransfer[]): (Span | undefined)[] | undefined {
  if (!tracingEnabled()) return undefined;
  return prepared.map((p) => {
    const t = p.transfer;
    const span = startSpan("payment transfer", {
      root: true,
      startTime: t.blockTimestamp * 1000,
      attributes: {
        "stablepay.chain_id": t.chainId,
        "stablepay.tx_hash": t.txHash,
        "stablepay.log_index": t.logIndex,
        "stablepay.block_number": Number(t.blockNumber),
        "stablepay.token": t.token ?? "USDC",
      },
    });
    if (span) p.row.traceparent = traceparentOf(span);
    return span;
  });
}

/** Ends the transfers' spans with what became of each (or the error that stopped the write). */
export function endTransferSpans(spans: (Span | undefined)[] | undefined, outcomes: readonly RecordOutcome[] | undefined, error?: unknown): void {
  if (!spans) return;
  spans.forEach((span, i) => {
    const o = outcomes?.[i];
    if (span && o) {
      span.setAttribute("stablepay.outcome", o.kind);
      if ("transactionId" in o) span.setAttribute("stablepay.transaction_id", o.transactionId);
      if ("intentId" in o && o.intentId) span.setAttribute("stablepay.payment_intent_id", o.intentId);
    }
    endSpan(span, error);
  });
}
