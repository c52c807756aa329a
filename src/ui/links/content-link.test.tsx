import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from "@tanstack/react-router";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { loadRouter } from "../../test/screen-test";
import { ContentLink, linkKind } from "./content-link";

describe("linkKind", () => {
  it("tells in-app paths from pages elsewhere and refuses anything else", () => {
    expect(linkKind("/data/detail?id=privacy-policy")).toBe("in-app");
    expect(linkKind("https://ethereum.org")).toBe("external");
    expect(linkKind("mailto:support@quanta.example")).toBe("external");
    expect(linkKind("//evil.example")).toBe("none");
    expect(linkKind("javascript:alert(1)")).toBe("none");
    expect(linkKind("http://plain.example")).toBe("none");
  });
});

describe("<ContentLink>", () => {
  beforeAll(() => {
    // React's act() and the router's scroll restoration, which jsdom only stubs noisily.
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
    window.scrollTo = () => undefined;
  });
  afterEach(cleanup);

  async function mount(url: string) {
    const root = createRootRoute({ component: () => <Outlet /> });
    const home = createRoute({
      getParentRoute: () => root,
      path: "/",
      component: () => (
        <ContentLink url={url} testId="link">
          Go
        </ContentLink>
      ),
    });
    const data = createRoute({
      getParentRoute: () => root,
      path: "/data",
      component: () => <p data-testid="data-screen">data</p>,
    });
    const router = createRouter({
      routeTree: root.addChildren([home, data]),
      history: createMemoryHistory({ initialEntries: ["/"] }),
    });
    await act(async () => {
      render(<RouterProvider router={router} />);
    });
    await loadRouter(router);
    return router;
  }

  it("navigates inside the app for an in-app path, search included", async () => {
    const router = await mount("/data?category=help");
    await act(async () => {
      fireEvent.click(await screen.findByTestId("link"));
    });
    await screen.findByTestId("data-screen");
    expect(router.state.location.pathname).toBe("/data");
    expect(router.state.location.search).toEqual({ category: "help" });
  });

  it("opens https pages in a new tab without the opener, and mail links in place", async () => {
    await mount("https://ethereum.org");
    const page = await screen.findByTestId("link");
    expect(page.getAttribute("target")).toBe("_blank");
    expect(page.getAttribute("rel")).toBe("noopener noreferrer");
    cleanup();
    await mount("mailto:support@quanta.example");
    expect((await screen.findByTestId("link")).hasAttribute("target")).toBe(false);
  });

  it("shows a link to anywhere else as plain text", async () => {
    await mount("javascript:alert(1)");
    const text = await screen.findByTestId("link");
    expect(text.tagName).toBe("SPAN");
    expect(text.hasAttribute("href")).toBe(false);
  });
});
