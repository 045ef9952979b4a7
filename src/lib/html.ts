/**
 * HTML with escaping by default: html`<p>${value}</p>` escapes every interpolated value (& < > " ')
 * unless it is itself Html (built by `html`), so markup is only ever written in template text and a
 * forgotten escape cannot happen. Arrays are joined; null, undefined and false render as nothing.
 */
import { esc } from "../domain/text.ts";

export class Html {
  constructor(readonly text: string) {}
  /** Never a string by accident (a plain template or a join would escape it or lose its safety). */
  toString(): string {
    throw new Error("Html used as a string: interpolate it in html`` or read .text");
  }
}

export type HtmlValue = Html | string | number | bigint | boolean | null | undefined | readonly HtmlValue[];

function render(value: HtmlValue): string {
  if (value instanceof Html) return value.text;
  if (Array.isArray(value)) return value.map(render).join("");
  if (value === null || value === undefined || value === false) return "";
  return esc(String(value));
}

export function html(strings: TemplateStringsArray, ...values: HtmlValue[]): Html {
  let out = strings[0]!;
  for (let i = 0; i < values.length; i++) out += render(values[i]!) + strings[i + 1]!;
  return new Html(out);
}

/** The items one after another with `separator` (text, escaped) between them. */
export function joinHtml(items: readonly HtmlValue[], separator: string): Html {
  return new Html(items.map(render).join(render(separator)));
}
