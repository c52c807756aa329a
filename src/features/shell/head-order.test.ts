import { describe, expect, it } from "vitest";
import { orderHead, STARTER_SRC } from "./head-order";

const BUILT = `<head>
    <title>Quanta</title>
    <script type="module" crossorigin src="/assets/index-A.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/a-B.js">
    <link rel="modulepreload" crossorigin href="/assets/b-E.js">
    <link rel="stylesheet" crossorigin href="/assets/one-C.css">
    <link rel="stylesheet" crossorigin href="/assets/two-D.css">
  <link rel="manifest" href="/manifest.webmanifest"></head>
  <body>
    <div id="app"></div>
  </body>`;

describe("orderHead", () => {
  it("replaces the entry and its preloads by the starter, followed by the stylesheets in order", () => {
    const ordered = orderHead(BUILT);
    const at = (needle: string) => ordered.indexOf(needle);
    expect(ordered).toContain(
      `<script src="${STARTER_SRC}" data-entry="/assets/index-A.js" ` +
        `data-preload="/assets/a-B.js /assets/b-E.js"></script>`,
    );
    expect(ordered).not.toMatch(/type="module"|rel="modulepreload"/);
    expect(at(STARTER_SRC)).toBeGreaterThan(at("<title>"));
    expect(at(STARTER_SRC)).toBeLessThan(at("one-C.css"));
    expect(at("one-C.css")).toBeLessThan(at("two-D.css"));
    expect(ordered.match(/rel="stylesheet"/g)).toHaveLength(2);
    expect(ordered).toContain('<link rel="manifest" href="/manifest.webmanifest"></head>');
    // The painting tag: the same file, bare, right after #app.
    expect(ordered.match(/<script/g)).toHaveLength(2);
    expect(ordered).toContain(
      `<div id="app"></div><script src="${STARTER_SRC}"></script>` +
        `<template id="quanta-copy-painted"></template>`,
    );
    // Rendering waits for the element after the painting tag, from the head.
    const expectLink = at('<link rel="expect" href="#quanta-copy-painted" blocking="render">');
    expect(expectLink).toBeGreaterThan(at("<title>"));
    expect(expectLink).toBeLessThan(at("</head>"));
  });

  it("keeps one starter and one painting tag when the source page has its own tag", () => {
    const withTag = BUILT.replace(
      '<div id="app"></div>',
      `<div id="app"></div>\n    <script src="${STARTER_SRC}"></script>`,
    );
    expect(orderHead(withTag).match(/<script/g)).toHaveLength(2);
  });

  it("leaves a page without an entry module script alone", () => {
    const dev = BUILT.replace(/<script type="module"[^>]*><\/script>/, "");
    expect(orderHead(dev)).toBe(dev);
  });
});
