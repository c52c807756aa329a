// Identity verification end to end: the /verified form with a real photo, compressed in the
// browser, uploaded and submitted; an operator reviews it through the admin API; the app shows
// the outcome.
import type { Page } from "playwright-core";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import type { AdminIdentityItem, ListPage } from "../../protocol";
import { useE2E } from "./harness/fixtures";
import { generatePrivateKey } from "viem/accounts";
import { api, createOperator } from "./helpers/accounts";
import { signInThroughLogin, toastTexts } from "./helpers/login";

const e2e = useE2E();

/** A camera-sized document photo (2400 × 1800), so the browser has to scale it down. */
let photo: Buffer;
let operator: string;

beforeAll(async () => {
  const card = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="2400" height="1800">` +
      `<rect width="2400" height="1800" fill="#dfe7f2"/>` +
      `<rect x="200" y="300" width="700" height="900" fill="#8aa1c1"/>` +
      `<text x="1100" y="600" font-size="120" font-family="sans-serif">PASSPORT</text>` +
      `</svg>`,
  );
  photo = await sharp(card).png().toBuffer();
  operator = await createOperator(e2e.server, "e2e-reviewer");
});

async function openVerify(page: Page): Promise<void> {
  await page.getByTestId("menu-button").click();
  await page
    .getByRole("navigation", { name: "Main navigation" })
    .getByRole("link", { name: "Verified", exact: true })
    .click();
  await page.getByTestId("screen-verified").waitFor();
}

async function fillAndSubmit(page: Page, opts: { name: string; idNumber: string }): Promise<void> {
  await page.getByTestId("identity-name").fill(opts.name);
  await page.getByTestId("identity-type").selectOption({ label: "Passport" });
  await page.getByTestId("identity-number").fill(opts.idNumber);
  await page.getByTestId("photo-file").setInputFiles({
    name: "passport.png",
    mimeType: "image/png",
    buffer: photo,
  });
  await page.getByTestId("photo-preview").waitFor();
  await page.getByTestId("identity-submit").click();
}

async function pendingSubmissionOf(address: string): Promise<AdminIdentityItem> {
  const list = await api<ListPage<AdminIdentityItem>>(
    e2e.server,
    "GET",
    "admin/identity?status=0",
    {
      token: operator,
    },
  );
  expect(list.status).toBe(200);
  const item = list.body.Data.items.find((i) => i.address?.toLowerCase() === address.toLowerCase());
  if (!item) throw new Error(`No pending submission of ${address}: ${JSON.stringify(list.body)}`);
  return item;
}

const statusOf = (page: Page) =>
  page.getByTestId("identity-status").getAttribute("data-status", { timeout: 10_000 });

describe("identity verification", () => {
  it("asks for every field before sending anything", async () => {
    const { page } = e2e;
    await signInThroughLogin(page);
    await openVerify(page);
    const uploads: string[] = [];
    page.on("request", (r) => {
      if (r.url().includes("/storage/upload")) uploads.push(r.url());
    });
    await page.getByTestId("identity-submit").click();
    const form = page.locator("form");
    for (const text of [
      "Enter your full name as it is on the document.",
      "Choose the type of document.",
      "Enter the document number.",
      "Add a photo of the document.",
    ]) {
      await form.getByText(text).waitFor();
    }
    expect(uploads).toEqual([]);
  });

  it("submits with a compressed photo, and shows passed once an operator approves", async () => {
    const { page, wallet, server, log } = e2e;
    await signInThroughLogin(page);
    await openVerify(page);
    await fillAndSubmit(page, { name: "Ada Lovelace", idNumber: "P12345678" });

    await expect.poll(() => statusOf(page)).toBe("0");
    const status = page.getByTestId("identity-status");
    expect(await status.textContent()).toContain("Submissions are reviewed within 24 hours.");
    // Under review: no second submission is offered.
    expect(await page.getByTestId("identity-submit").count()).toBe(0);

    // The operator sees the real submission, with a photo the browser scaled to 1600 px.
    const item = await pendingSubmissionOf(wallet.address);
    expect(item).toMatchObject({ name: "Ada Lovelace", idNumber: "P12345678", idType: 1 });
    const image = await fetch(new URL(item.photoUrl, server.url), {
      headers: { authorization: `Bearer ${operator}` },
    });
    expect(image.status).toBe(200);
    const meta = await sharp(Buffer.from(await image.arrayBuffer())).metadata();
    expect([meta.width, meta.height]).toEqual([1600, 1200]);

    const approved = await api(server, "POST", `admin/identity/${item.id}/approve`, {
      token: operator,
    });
    expect(approved.status).toBe(200);
    await page.reload();
    await page.getByTestId("screen-verified").waitFor();
    await expect.poll(() => statusOf(page)).toBe("1");
    expect(await page.getByTestId("identity-status").textContent()).toContain(
      "Your identity has been verified.",
    );
    expect(await page.getByTestId("identity-submit").count()).toBe(0);
    expect(log.consoleErrors).toEqual([]);
    expect(log.pageErrors).toEqual([]);
  });

  it("shows the reason of a rejection and takes a new submission", async () => {
    const session = await e2e.newSession({ wallet: { privateKey: generatePrivateKey() } });
    const { page, wallet } = session;
    await signInThroughLogin(page);
    await openVerify(page);
    await fillAndSubmit(page, { name: "Grace Hopper", idNumber: "X98765432" });
    await expect.poll(() => statusOf(page)).toBe("0");

    const item = await pendingSubmissionOf(wallet.address);
    const reason = "The photo is blurred; please retake it in daylight.";
    const rejected = await api(e2e.server, "POST", `admin/identity/${item.id}/reject`, {
      token: operator,
      json: { reason },
    });
    expect(rejected.status).toBe(200);

    await page.reload();
    await expect.poll(() => statusOf(page)).toBe("2");
    expect(await page.getByTestId("identity-reason").textContent()).toBe(`Reason: ${reason}`);

    await fillAndSubmit(page, { name: "Grace Hopper", idNumber: "X98765432" });
    await expect
      .poll(() => toastTexts(page))
      .toContain("Submitted. Submissions are reviewed within 24 hours.");
    await expect.poll(() => statusOf(page)).toBe("0");
    expect((await pendingSubmissionOf(wallet.address)).id).not.toBe(item.id);
    expect(session.log.pageErrors).toEqual([]);
  });
});
