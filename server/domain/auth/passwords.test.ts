import { describe, expect, it } from "vitest";
import { hashPassword, verifyPassword } from "./passwords";

describe("passwords", () => {
  it("hashes with a fresh salt each time and verifies only the right password", async () => {
    const [a, b] = await Promise.all([
      hashPassword("hunter2 hunter2"),
      hashPassword("hunter2 hunter2"),
    ]);
    expect(a).toMatch(/^scrypt\$15\$8\$3\$[\w-]{22}\$[\w-]{43}$/);
    expect(a).not.toBe(b);
    expect(await verifyPassword("hunter2 hunter2", a)).toBe(true);
    expect(await verifyPassword("hunter2 hunter2", b)).toBe(true);
    expect(await verifyPassword("hunter2 hunter3", a)).toBe(false);
    expect(await verifyPassword("", a)).toBe(false);
  });

  it("treats canonically equal Unicode spellings as one password", async () => {
    const composed = "caf\u00e9 au lait";
    const decomposed = "cafe\u0301 au lait";
    expect(await verifyPassword(decomposed, await hashPassword(composed))).toBe(true);
  });

  it("never matches a malformed or tampered hash", async () => {
    const hash = await hashPassword("hunter2 hunter2");
    const [, , r, p, salt, key] = hash.split("$");
    for (const stored of [
      "",
      "hunter2 hunter2",
      hash.replace("scrypt", "bcrypt"),
      `scrypt$30$${r}$${p}$${salt}$${key}`, // a memory bomb: refused, not computed
      `scrypt$15$${r}$${p}$${salt}$${key?.slice(0, -4)}AAAA`,
      `scrypt$14$${r}$${p}$${salt}$${key}`,
    ]) {
      expect(await verifyPassword("hunter2 hunter2", stored)).toBe(false);
    }
  });
});
