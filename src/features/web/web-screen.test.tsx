import { act, screen } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import type { LinkItem } from "../../../protocol";
import { saveLinks } from "../../db/public-data";
import { reportReachability } from "../../sync/online";
import { useScreenTest, renderAtRoute } from "../../test/screen-test";
import { WebScreen } from "./web-screen";

const LINKS: LinkItem[] = [
  { id: "partner-x", alias: "partner", title: "Partner X", url: "https://x.example/page" },
  {
    id: "framed",
    alias: "partner",
    title: "Framed page",
    url: "https://framed.example/",
    frameable: true,
  },
  { id: "live-chat", alias: "live-chat", title: "Write to us", url: "mailto:help@x.example" },
];

async function mount(id: string | undefined) {
  await renderAtRoute("/web", () => <WebScreen id={id} />);
}

describe("<WebScreen>", () => {
  useScreenTest();
  beforeEach(async () => {
    reportReachability(true);
  });

  it("says so when offline before the links were ever loaded", async () => {
    reportReachability(false);
    await mount("partner-x");
    expect((await screen.findByTestId("web-offline")).textContent).toContain("offline");
  });

  it("says an id is not an operator link, and offers nothing to open", async () => {
    await saveLinks("en", LINKS, '"e1"', null);
    await mount("no-such-link");
    expect((await screen.findByTestId("web-unknown")).textContent).toContain("no-such-link");
    expect(screen.queryByTestId("web-open")).toBeNull();
  });

  it("shows the whole URL and opens a link that may not be framed in the browser", async () => {
    await saveLinks("en", LINKS, '"e1"', null);
    await mount("partner-x");
    expect((await screen.findByTestId("web-url")).textContent).toBe("https://x.example/page");
    expect(screen.getByTestId("web-open").getAttribute("href")).toBe("https://x.example/page");
    expect(screen.queryByTestId("web-frame")).toBeNull();
  });

  it("frames a link the server marked frameable, only while online", async () => {
    await saveLinks("en", LINKS, '"e1"', null);
    await mount("framed");
    expect((await screen.findByTestId("web-frame")).getAttribute("src")).toBe(
      "https://framed.example/",
    );
    act(() => reportReachability(false));
    expect(screen.queryByTestId("web-frame")).toBeNull();
    expect(screen.getByTestId("web-offline")).toBeTruthy();
  });

  it("opens a mail link in the mail app, never in a frame", async () => {
    await saveLinks("en", LINKS, '"e1"', null);
    await mount("live-chat");
    expect((await screen.findByTestId("web-open")).getAttribute("href")).toBe(
      "mailto:help@x.example",
    );
    expect(screen.queryByTestId("web-frame")).toBeNull();
  });
});
