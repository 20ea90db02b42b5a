import { describe, expect, it } from "vitest";
import { sanitizeHtml } from "./html-sanitiser";

describe("html sanitiser (D40)", () => {
  it("keeps the allowlist and removes scripts, event handlers, styles and javascript: links", () => {
    expect(sanitizeHtml("<p>Hi <strong>there</strong><br><em>x</em></p>")).toBe(
      "<p>Hi <strong>there</strong><br><em>x</em></p>",
    );
    expect(sanitizeHtml("<p>a<script>alert(1)</script>b</p>")).toBe("<p>ab</p>");
    expect(sanitizeHtml('<img src=x onerror="alert(1)">ok')).toBe("ok");
    expect(sanitizeHtml('<p onclick="alert(1)" style="color:red" class="x">t</p>')).toBe("<p>t</p>");
    expect(sanitizeHtml('<a href="javascript:alert(1)">x</a>')).not.toMatch(/javascript/i);
    expect(sanitizeHtml('<a href="jav&#x61;script:alert(1)">x</a>')).not.toMatch(/script:/i);
    expect(sanitizeHtml('<a href="https://example.com/" title="t" target="_blank">x</a>')).toBe(
      '<a href="https://example.com/" title="t">x</a>',
    );
    expect(sanitizeHtml('<a href="mailto:hi@example.com">mail</a>')).toBe('<a href="mailto:hi@example.com">mail</a>');
    expect(sanitizeHtml("<style>p{}</style><iframe src='https://evil'></iframe><h2>T</h2>")).toBe("<h2>T</h2>");
    expect(sanitizeHtml("<svg><script>alert(1)</script></svg><ul><li>a</li></ul>")).toBe("<ul><li>a</li></ul>");
  });
});
