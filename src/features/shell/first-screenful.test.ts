import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { firstScreenfulHtml } from "./first-screenful";

// jsdom lays nothing out: each element's top in the viewport comes from its data-top, and
// data-position stands for its computed position.
beforeEach(() => {
  vi.spyOn(Element.prototype, "getBoundingClientRect").mockImplementation(function (this: Element) {
    const top = Number(this.getAttribute("data-top") ?? "0");
    return DOMRect.fromRect({ x: 0, y: top, width: 100, height: 10 });
  });
  const computed = window.getComputedStyle.bind(window);
  vi.spyOn(window, "getComputedStyle").mockImplementation((element, pseudo) => {
    const style = computed(element, pseudo);
    const position = element.getAttribute("data-position");
    return position === null ? style : ({ ...style, position } as CSSStyleDeclaration);
  });
  vi.spyOn(window, "innerHeight", "get").mockReturnValue(800);
});
afterEach(() => {
  vi.restoreAllMocks();
  window.scrollY = 0;
  document.body.innerHTML = "";
});

function screen(html: string): Element {
  document.body.innerHTML = `<div id="app">${html}</div>`;
  const app = document.getElementById("app");
  if (app === null) throw new Error("no #app");
  return app;
}

describe("firstScreenfulHtml", () => {
  it("drops the elements that start below the first screenful and its margin, keeps the rest", () => {
    const app = screen(
      '<h1 data-top="0">Assets</h1>' +
        '<ul data-top="100">' +
        '<li data-top="100">one</li><li data-top="990">two</li><li data-top="1000">three</li>' +
        "</ul>" +
        '<footer data-top="2400">more</footer>',
    );
    // 800 px high, 25% margin: 1000 px and beyond are not kept.
    expect(firstScreenfulHtml(app)).toBe(
      '<h1 data-top="0">Assets</h1>' +
        '<ul data-top="100"><li data-top="100">one</li><li data-top="990">two</li></ul>',
    );
    // The live screen itself is untouched.
    expect(app.querySelectorAll("li")).toHaveLength(3);
  });

  it("measures from the document's top, not the scrolled viewport's", () => {
    const app = screen('<p data-top="-500">top</p><p data-top="400">lower</p>');
    window.scrollY = 700;
    expect(firstScreenfulHtml(app)).toBe('<p data-top="-500">top</p>');
  });

  it("keeps fixed and sticky elements whole, wherever the page was scrolled", () => {
    const app = screen(
      '<header data-top="0" data-position="sticky"><b data-top="0">title</b></header>' +
        '<p data-top="-2000">first</p><p data-top="0">far down</p>' +
        '<nav data-top="760" data-position="fixed"><a data-top="760">tab</a></nav>',
    );
    window.scrollY = 2000;
    expect(firstScreenfulHtml(app)).toBe(
      '<header data-top="0" data-position="sticky"><b data-top="0">title</b></header>' +
        '<p data-top="-2000">first</p>' +
        '<nav data-top="760" data-position="fixed"><a data-top="760">tab</a></nav>',
    );
  });

  it("keeps text and elements that take no room (nothing laid out below)", () => {
    const app = screen('text <span hidden>x</span><i data-top="10">y</i>');
    expect(firstScreenfulHtml(app)).toBe('text <span hidden="">x</span><i data-top="10">y</i>');
  });
});
