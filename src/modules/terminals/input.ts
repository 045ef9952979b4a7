/**
 * The refine steps of a terminal's bodies, for what their schemas (model.ts) cannot say, and the
 * register's charge arithmetic (pure: bigint base units, rounded to the cent).
 */
import { ApiError } from "../../domain/errors.ts";
import { storableText } from "../../domain/text.ts";
import { parseMetadata } from "../payment-intents/input.ts";

export const NAME_MAX = 100;
export const TIPS_MAX = 4;
export const TIP_PERCENT_MAX = 100;
const CENT = 10_000n;

export interface TerminalInput {
  name?: string;
  tipPercentages?: number[];
  metadata?: Record<string, string>;
}

export function refineTerminal(body: { name?: string; tip_percentages?: number[]; metadata?: Record<string, string> }): TerminalInput {
  const out: TerminalInput = {};
  if (body.name !== undefined) {
    const name = body.name.trim();
    if (name === "" || !storableText(name)) throw new ApiError("parameter_invalid", "Invalid name: must be 1 to 100 printable characters.", "name");
    out.name = name;
  }
  if (body.tip_percentages !== undefined) {
    if (new Set(body.tip_percentages).size !== body.tip_percentages.length) throw new ApiError("parameter_invalid", "Invalid tip_percentages: a percentage is given twice.", "tip_percentages");
    // Shown in this order on the register, so the customer reads them from least to most.
    out.tipPercentages = [...body.tip_percentages].sort((a, b) => a - b);
  }
  if (body.metadata !== undefined) out.metadata = parseMetadata(body.metadata);
  return out;
}

/**
 * The tip of a percentage of the subtotal, rounded half up to the cent: the customer pays whole
 * cents, like every amount typed on the keypad.
 */
export function tipOf(subtotalUnits: bigint, percent: number): bigint {
  const exact = subtotalUnits * BigInt(percent);
  return ((exact + (CENT * 100n) / 2n) / (CENT * 100n)) * CENT;
}
