import { describe, expect, it } from "vitest";
import { articleHrefKind } from "../../../protocol";
import { sanitizeArticleBody } from "./sanitize-article";

/** Parses the sanitised HTML back, to assert on structure instead of exact strings. */
function parse(html: string): HTMLElement {
  const host = document.createElement("div");
  host.innerHTML = sanitizeArticleBody(html);
  return host;
}

describe("sanitizeArticleBody", () => {
  it("keeps the allow-listed structure and text", () => {
    const html =
      "<h2>Title</h2><p>One <strong>bold</strong> and <em>soft</em><br>line</p>" +
      "<ul><li>a</li></ul><ol><li>b</li></ol><blockquote>q</blockquote><h3>Sub</h3>";
    expect(sanitizeArticleBody(html)).toBe(html);
  });

  it("removes scripts, styles, frames, images, forms and event handlers", () => {
    const host = parse(
      `<p onclick="alert(1)" style="color:red" class="x" id="y" data-x="1">ok</p>` +
        `<script>alert(1)</script><style>p{}</style><iframe src="https://evil.example"></iframe>` +
        `<img src=x onerror="alert(1)"><svg onload="alert(1)"><circle /></svg>` +
        `<form action="https://evil.example"><input name="a"><button>go</button></form>` +
        `<object data="x"></object><embed src="x"><math><mi>x</mi></math>` +
        `<template><p>hidden</p></template><video src="x"></video>`,
    );
    expect(host.querySelectorAll("*").length).toBe(1);
    const p = host.querySelector("p");
    expect(p?.attributes.length).toBe(0);
    expect(host.innerHTML).not.toMatch(/alert|script|style|onerror|onload|iframe|img|svg/i);
    expect(host.textContent).toContain("ok");
  });

  it("survives mutation-XSS shapes without leaving an element with a handler", () => {
    const payloads = [
      `<p><svg><style><img src=x onerror=alert(1)></style></svg></p>`,
      `<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>`,
      `<noscript><p title="</noscript><img src=x onerror=alert(1)>">`,
      `<a href="https://ok.example"><img src=x onerror=alert(1)></a>`,
      `<p>x</p><!--><img src=x onerror=alert(1)>-->`,
    ];
    for (const payload of payloads) {
      const host = parse(payload);
      for (const element of host.querySelectorAll("*")) {
        for (const attribute of element.attributes) {
          expect(attribute.name, payload).toMatch(/^(href|target|rel)$/);
        }
        expect(["img", "svg", "style", "math", "noscript"]).not.toContain(element.localName);
      }
    }
  });

  it("opens https links in a new tab without the opener, whatever the input said", () => {
    const a = parse(
      `<a href="https://ethereum.org" target="_self" rel="opener">E</a>`,
    ).querySelector("a");
    expect(a?.getAttribute("href")).toBe("https://ethereum.org");
    expect(a?.getAttribute("target")).toBe("_blank");
    expect(a?.getAttribute("rel")).toBe("noopener noreferrer");
  });

  it("keeps in-app paths as plain links that the screen routes itself", () => {
    const a = parse(`<a href="/data/detail?id=privacy-policy" target="_blank">P</a>`).querySelector(
      "a",
    );
    expect(a?.getAttribute("href")).toBe("/data/detail?id=privacy-policy");
    expect(a?.hasAttribute("target")).toBe(false);
    expect(a?.hasAttribute("rel")).toBe(false);
  });

  it.each([
    "javascript:alert(1)",
    "JaVaScRiPt:alert(1)",
    " javascript:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "vbscript:msgbox(1)",
    "http://plain.example",
    "//evil.example",
    "/\\evil.example",
    "/\t/evil.example",
    "mailto:someone@example.org",
    "https://",
    "relative/path",
  ])("drops the href %j but keeps the link text", (href) => {
    const host = parse(`<p><a href="${href.replace(/"/g, "&quot;")}">text</a></p>`);
    const a = host.querySelector("a");
    expect(a?.hasAttribute("href") ?? false).toBe(false);
    expect(host.textContent).toBe("text");
  });
});

describe("articleHrefKind", () => {
  it("knows the two kinds of link an article may hold", () => {
    expect(articleHrefKind("https://example.org/a?b=c")).toBe("https");
    expect(articleHrefKind("/data?category=help")).toBe("in-app");
    expect(articleHrefKind("//example.org")).toBeNull();
    expect(articleHrefKind("http://example.org")).toBeNull();
  });
});
