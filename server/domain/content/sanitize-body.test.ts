// The article body allow-list against hostile input: nothing that runs script, loads a resource
// or styles the page survives; allowed markup and safe links do.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { articleHrefKind as safeHref } from "../../../protocol/article-html";
import { hasText, sanitizeBody } from "./sanitize-body";

describe("sanitizeBody", () => {
  it.each([
    ["script", "<p>a<script>alert(1)</script>b</p>", "<p>ab</p>"],
    ["script, upper case", "<SCRIPT>alert(1)</SCRIPT><p>x</p>", "<p>x</p>"],
    ["img onerror", '<p>a<img src="x" onerror="alert(1)">b</p>', "<p>ab</p>"],
    ["event attributes", '<p onclick="x()" onmouseover="y()">t</p>', "<p>t</p>"],
    ["style element", "<style>body{display:none}</style><p>t</p>", "<p>t</p>"],
    ["style attribute", '<p style="position:fixed">t</p>', "<p>t</p>"],
    ["iframe", '<iframe src="https://evil.example"></iframe><p>t</p>', "<p>t</p>"],
    ["svg with script", "<svg><script>alert(1)</script><circle /></svg><p>t</p>", "<p>t</p>"],
    ["svg onload", '<svg onload="alert(1)"></svg>', ""],
    ["object and embed", '<object data="x"></object><embed src="y"><p>t</p>', "<p>t</p>"],
    [
      "form",
      '<form action="https://evil.example"><input name="q"><button>go</button></form>',
      "go",
    ],
    [
      "meta refresh",
      '<meta http-equiv="refresh" content="0;url=https://evil.example"><p>t</p>',
      "<p>t</p>",
    ],
    ["base", '<base href="https://evil.example/"><p>t</p>', "<p>t</p>"],
    ["class and id", '<p class="x" id="y">t</p>', "<p>t</p>"],
    ["comments", "<p>a<!-- <script>x</script> -->b</p>", "<p>ab</p>"],
    ["unknown tags keep text", "<div><span>t</span></div>", "t"],
  ])("removes %s", (_, input, expected) => {
    expect(sanitizeBody(input)).toBe(expected);
  });

  it.each([
    ["javascript:", '<a href="javascript:alert(1)">x</a>'],
    ["javascript: with entities", '<a href="java&#x73;cript:alert(1)">x</a>'],
    ["javascript: upper case", '<a href="JAVASCRIPT:alert(1)">x</a>'],
    ["javascript: with a tab", '<a href="java\tscript:alert(1)">x</a>'],
    ["data:", '<a href="data:text/html,<script>alert(1)</script>">x</a>'],
    ["vbscript:", '<a href="vbscript:msgbox(1)">x</a>'],
    ["plain http", '<a href="http://example.com">x</a>'],
    ["protocol-relative", '<a href="//evil.example">x</a>'],
    ["backslash-relative", '<a href="/\\evil.example">x</a>'],
    ["in-app with a tab", '<a href="/\t/evil.example">x</a>'],
    ["leading space", '<a href=" https://example.com">x</a>'],
    ["mailto", '<a href="mailto:a@b.example">x</a>'],
    ["no href", "<a>x</a>"],
  ])("drops the href (an inert <a>) but keeps the text for %s", (_, input) => {
    expect(sanitizeBody(input)).toBe("<a>x</a>");
  });

  it("keeps https links, adding rel and target, and in-app links as they are", () => {
    expect(
      sanitizeBody(
        '<p><a href="https://example.com/a?b=1" target="_self" rel="opener" onclick="x">out</a> ' +
          '<a href="/data/detail?id=privacy-policy" target="_blank">in</a></p>',
      ),
    ).toBe(
      '<p><a href="https://example.com/a?b=1" rel="noopener noreferrer" target="_blank">out</a> ' +
        '<a href="/data/detail?id=privacy-policy">in</a></p>',
    );
  });

  it("keeps every allowed tag", () => {
    const html =
      "<h2>A</h2><h3>B</h3><p><strong>s</strong> <em>e</em><br />x</p>" +
      "<ul><li>1</li></ul><ol><li>2</li></ol><blockquote>q</blockquote>";
    expect(sanitizeBody(html)).toBe(html);
  });

  it("never lets a tag, attribute or scheme outside the allow-list through", () => {
    const allowed = new Set([
      "p",
      "h2",
      "h3",
      "ul",
      "ol",
      "li",
      "strong",
      "em",
      "a",
      "blockquote",
      "br",
    ]);
    const piece = fc.oneof(
      fc.string(),
      fc.constantFrom(
        "<script>",
        "</script>",
        "<img src=x onerror=alert(1)>",
        '<a href="javascript:x">',
        '<a href="https://ok.example">',
        "</a>",
        "<p>",
        "</p>",
        "<svg>",
        "<style>",
        "<!--",
        "-->",
        "<iframe>",
        '"',
        "<",
        ">",
      ),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 20 }), (pieces) => {
        // Not idempotent on mangled input (nested anchors re-parse as siblings), so not checked.
        const once = sanitizeBody(pieces.join(""));
        for (const [, tag] of once.matchAll(/<\/?([a-zA-Z][a-zA-Z0-9]*)/g)) {
          expect(allowed.has((tag ?? "").toLowerCase()), once).toBe(true);
        }
        expect(once).not.toMatch(/\son[a-z]+=|javascript:|style=/i);
      }),
    );
  });
});

// Payloads of the sanitize-html advisories fixed after 2.17.5, the version pinned for Node 20
// (later releases require Node 22). Our allow-list (no svg, math, noscript, iframe or meta) keeps
// each of them inert; this proves it, and fails if the allow-list ever widens into one of them.
describe("sanitizeBody against the advisories fixed after sanitize-html 2.17.5", () => {
  it.each([
    [
      "raw text in svg (GHSA 2.17.6)",
      "<svg><textarea><img src=x onerror=alert(1)></textarea></svg>",
    ],
    ["xmp in svg (GHSA 2.17.6)", "<svg><xmp><img src=x onerror=alert(1)></xmp></svg>"],
    ["raw text in math (GHSA 2.17.6)", "<math><xmp><img src=x onerror=alert(1)></xmp></math>"],
    [
      "svg animation of href (GHSA-g8qq-57p8-ggw5)",
      '<svg><a><animate attributeName="href" values="javascript:alert(1)"/><text>x</text></a></svg>',
    ],
    [
      "noscript closed early (GHSA-x3q4-9hxx-gx8m)",
      "<p><noscript></p><img src=x onerror=alert(1)></noscript>",
    ],
    [
      "noscript with a quoted end tag",
      '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>',
    ],
    [
      "nested iframe fallback (GHSA-c9rx-x947-fp3h)",
      "<iframe><iframe><iframe></iframe></iframe><img src=x onerror=alert(1)></iframe>",
    ],
    [
      "meta refresh to javascript (GHSA-cv27-6wvh-8x7j)",
      '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
    ],
  ])("leaves %s inert", (_, input) => {
    const out = sanitizeBody(input);
    expect(out).not.toMatch(/<(img|svg|math|animate|noscript|iframe|meta|textarea|xmp)\b/i);
    // Escaped text ("&lt;img onerror=…&gt;") is inert; an attribute inside a real tag is not.
    expect(out).not.toMatch(/<[^>]*(\son[a-z]+=|javascript:)/i);
  });
});

describe("safeHref and hasText", () => {
  it("classifies hrefs", () => {
    expect(safeHref("https://example.com")).toBe("https");
    expect(safeHref("/data")).toBe("in-app");
    expect(safeHref("/")).toBe("in-app");
    expect(safeHref("//x")).toBeNull();
    expect(safeHref("https://")).toBeNull();
  });

  it("finds no text in a body that sanitising emptied", () => {
    expect(hasText(sanitizeBody("<script>x</script><img src=x>"))).toBe(false);
    expect(hasText("<p>a</p>")).toBe(true);
  });
});
