/**
 * How values are written as text: names echoed back in error messages, lengths in Unicode code
 * points, text Postgres can store, and timestamps on the wire. Pure.
 */

/** A name or value echoed in an error message: control characters replaced, at most 60 characters. */
export function printableName(name: string): string {
  // Control characters on purpose: they are what must not be echoed back.
  const clean = name.replace(/[\u0000-\u001f\u007f]/g, "?");
  return clean.length > 60 ? `${clean.slice(0, 60)}…` : clean;
}

/** Length in Unicode code points (a surrogate pair counts once). */
export function codePoints(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) i++;
    }
    n++;
  }
  return n;
}

/** Postgres text and jsonb refuse NUL and unpaired surrogates; refusing them here keeps them from becoming a 500. */
export function storableText(s: string): boolean {
  return !s.includes("\u0000") && !LONE_SURROGATE.test(s);
}
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Timestamps on the wire: ISO 8601 UTC with millisecond precision (docs/contributors.md "Shapes"). */
export function isoMs(d: Date): string {
  return d.toISOString();
}

const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** HTML-escapes text for element content and quoted attribute values. */
export function esc(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
}
