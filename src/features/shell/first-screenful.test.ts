import { afterEach, describe, expect, it } from "vitest";
import { firstScreenfulHtml } from "./first-screenful";

/** Gives each element with data-top/data-height that box (jsdom lays nothing out). */
function layOut(root: Element): void {
  for (const element of root.querySelectorAll<HTMLElement>("[data-top]")) {
    const top = Number(element.dataset["top"]);
    const height = Number(element.dataset["height"]);
    element.getBoundingClientRect = () =>
      ({ top, bottom: top + height, left: 0, right: 100, width: 100, height }) as DOMRect;
  }
}

afterEach(() => {
  document.body.innerHTML = "";
});

describe("firstScreenfulHtml", () => {
  it("drops what starts below the limit, keeps what reaches into it down to the limit", () => {
    document.body.innerHTML = `<div id="app">
      <header data-top="0" data-height="80">head</header>
      <main data-top="80" data-height="3000">
        <section data-top="80" data-height="500">first</section>
        <section data-top="580" data-height="500">second</section>
        <section data-top="1080" data-height="500">third</section>
      </main>
      <nav data-top="1200" data-height="80" style="position: fixed">tabs</nav>
      <footer data-top="3080" data-height="100">foot</footer>
      <i hidden>no box</i>
    </div>`;
    const app = document.getElementById("app");
    if (app === null) throw new Error("no #app");
    layOut(app);
    const html = firstScreenfulHtml(app, 1000, 0);
    expect(html).toContain("head");
    expect(html).toContain("first");
    expect(html).toContain("second");
    expect(html).not.toContain("third");
    expect(html).not.toContain("foot");
    // Fixed elements stay wherever they are; an element without a box is kept.
    expect(html).toContain("tabs");
    expect(html).toContain("no box");
    // The live screen is not touched.
    expect(app.textContent).toContain("third");
  });

  it("counts from the top of the page when the screen is scrolled", () => {
    document.body.innerHTML = `<div id="app"><p data-top="-500" data-height="10">a</p>
      <p data-top="400" data-height="10">b</p></div>`;
    const app = document.getElementById("app");
    if (app === null) throw new Error("no #app");
    layOut(app);
    expect(firstScreenfulHtml(app, 600, 600)).toContain(">a<");
    expect(firstScreenfulHtml(app, 600, 600)).not.toContain(">b<");
  });
});
