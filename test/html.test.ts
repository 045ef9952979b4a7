/** lib/html.ts: escaping by default, markup only from template text. */
import { describe, expect, test } from "bun:test";
import { html, joinHtml } from "../src/lib/html.ts";

describe("html", () => {
  test("every value is escaped, in text and in attributes", () => {
    const name = `<script>alert("x")</script> & 'y'`;
    expect(html`<p title="${name}">${name}</p>`.text).toBe(
      `<p title="&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;y&#39;">&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;y&#39;</p>`,
    );
  });
  test("Html nests as markup, once; arrays join; null, undefined and false are nothing; numbers and bigints are text", () => {
    const item = (s: string) => html`<li>${s}</li>`;
    expect(html`<ul>${["a<", "b"].map(item)}</ul>`.text).toBe("<ul><li>a&lt;</li><li>b</li></ul>");
    expect(html`${null}${undefined}${false}${0}${12n}`.text).toBe("012");
    expect(joinHtml([html`<b>1</b>`, "2>"], ", ").text).toBe("<b>1</b>, 2&gt;");
  });
  test("an Html is never turned into a string by accident", () => {
    const h = html`<b>x</b>`;
    expect(() => `${h}`).toThrow();
    expect(() => [h, h].join("")).toThrow();
  });
});
