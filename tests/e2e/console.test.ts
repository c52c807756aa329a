// The operator console end to end (issue 22): a new operator signs in at /admin with the password
// the CLI printed, enrols TOTP with a code computed here from the secret the console shows, sees
// the ten recovery codes once, and approves a user's identity seeing its photo. The user's
// submission comes from Node through the real API, as the app's outbox would send it.
import { randomUUID } from "node:crypto";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { totpCode } from "../../server/domain/auth/totp";
import { useE2E } from "./harness/fixtures";
import { api, createOperatorLogin, signInFromNode } from "./helpers/accounts";

const e2e = useE2E();

let operator: { username: string; password: string };
let userToken: string;

/** A user's identity submission with a real PNG photo: the id of the submission. */
async function submitIdentity(token: string): Promise<void> {
  const png = await sharp({
    create: { width: 640, height: 400, channels: 3, background: "#8aa1c1" },
  })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append("purpose", "identity");
  form.append("file", new Blob([new Uint8Array(png)], { type: "image/png" }), "passport.png");
  const upload = await fetch(`${e2e.server.url}/api/v1/storage/upload`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const uploaded = (await upload.json()) as { Data: { id: string } };
  expect(upload.status).toBe(200);
  const created = await api(e2e.server, "POST", "profile/identity/create", {
    token,
    idempotencyKey: randomUUID(),
    json: { name: "Grace Hopper", idNumber: "P1234567", idType: 1, photo: uploaded.Data.id },
  });
  expect(created.status).toBe(200);
}

beforeAll(async () => {
  operator = await createOperatorLogin(e2e.server, "e2e-console");
  userToken = await signInFromNode(e2e.server);
  await submitIdentity(userToken);
});

describe("operator console", () => {
  it("enrols TOTP on the first sign-in and approves an identity with its photo", async () => {
    const { page } = e2e;
    await page.goto("/admin");
    await page.getByTestId("admin-username").fill(operator.username);
    await page.getByTestId("admin-password").fill(operator.password);
    await page.getByTestId("admin-signin-submit").click();

    // Enrolment: the QR code carries the otpauth:// URI of the secret shown as text.
    const secret = (await page.getByTestId("admin-enrol-secret").textContent()) ?? "";
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    const uri = await page.getByTestId("admin-enrol-qr").getAttribute("data-qr-text");
    expect(uri).toContain(`secret=${secret}`);
    await page.getByTestId("admin-enrol-code").fill(totpCode(secret, Date.now()));
    await page.getByTestId("admin-enrol-submit").click();
    await expect
      .poll(() => page.getByTestId("admin-recovery-codes").locator("li").count())
      .toBe(10);
    await page.getByTestId("admin-recovery-done").click();
    await page.getByTestId("admin-console").waitFor();

    // The identity queue: the submission with its photo, fetched with the operator token.
    await page.getByRole("link", { name: "Identity", exact: true }).click();
    const item = page.locator('[data-testid^="queue-item-"]').filter({ hasText: "Grace Hopper" });
    await item.waitFor();
    const photo = item.locator('img[data-testid^="identity-photo-"]');
    await photo.waitFor();
    expect(await photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await item.locator('[data-testid^="approve-"]').click();
    await page.getByTestId("queue-empty").waitFor();

    const identity = await api<{ status: number }>(e2e.server, "GET", "profile/identity", {
      token: userToken,
    });
    expect(identity.body.Data.status).toBe(1);
    // Only the console's own (operator) requests carried a token to /admin: nothing was stored.
    const stored = await page.evaluate(() => Object.keys(localStorage).join(","));
    expect(stored).not.toContain("operator");
  });
});
