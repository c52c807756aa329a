// Change log helpers for server tests: GET /sync as the app calls it, following pages, and data
// written the way it was before the change log existed (no entries), for baseline tests.
import { randomUUID } from "node:crypto";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { expect } from "vitest";
import { API_BASE } from "../../../protocol/paths";
import type { SyncChange, SyncPage } from "../../../protocol/sync";
import type { Queryable } from "../../../server/db/db";
import { bearer } from "./sessions";

export function getSync(
  app: FastifyInstance,
  session: { token: string },
  cursor?: string,
): Promise<LightMyRequestResponse> {
  const query = cursor === undefined ? "" : `?cursor=${encodeURIComponent(cursor)}`;
  return app.inject({ method: "GET", url: `${API_BASE}/sync${query}`, headers: bearer(session) });
}

export async function syncPage(
  app: FastifyInstance,
  session: { token: string },
  cursor?: string,
): Promise<SyncPage> {
  const response = await getSync(app, session, cursor);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ Data: SyncPage }>().Data;
}

/** Follows hasMore to the end: every change from `cursor` on, the final cursor, the pages. */
export async function syncAll(
  app: FastifyInstance,
  session: { token: string },
  cursor = "",
): Promise<{ changes: SyncChange[]; cursor: string; pages: number }> {
  const changes: SyncChange[] = [];
  let pages = 0;
  for (;;) {
    const page = await syncPage(app, session, cursor);
    pages += 1;
    changes.push(...page.changes);
    cursor = page.cursor;
    if (!page.hasMore) return { changes, cursor, pages };
  }
}

/** entity:id for each change, in order: what most assertions compare. */
export function keys(changes: readonly SyncChange[]): string[] {
  return changes.map((c) => `${c.entity}:${c.id}`);
}

export async function logRows(db: Queryable, userId: string) {
  return db.query<{ seq: string; entity: string; entity_id: string; op: string }>(
    "SELECT seq, entity, entity_id, op FROM change_log WHERE user_id = $1 ORDER BY seq",
    [userId],
  );
}

export async function headCount(db: Queryable): Promise<number> {
  const [row] = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM change_heads");
  return row?.n ?? -1;
}

/** An identity submission and messages written straight into the tables, as data from before
 * the change log looks: no entries. Answers the message ids, oldest first. */
export async function legacyData(db: Queryable, userId: string, messages = 2): Promise<string[]> {
  const upload = randomUUID();
  await db.query(
    `INSERT INTO uploads (id, user_id, purpose, mime, size, width, height, sha256)
     VALUES ($1, $2, 'identity', 'image/png', 100, 1, 1, $3)`,
    [upload, userId, "0".repeat(64)],
  );
  await db.query(
    `INSERT INTO identity_submissions (user_id, name, id_number, id_type, photo_upload_id)
     VALUES ($1, 'Ada Lovelace', 'AB1234567', 1, $2)`,
    [userId, upload],
  );
  const ids: string[] = [];
  for (let i = 0; i < messages; i++) {
    const [row] = await db.query<{ id: string }>(
      `INSERT INTO messages (user_id, title, body) VALUES ($1, $2, $3) RETURNING id`,
      [userId, `Old message ${i + 1}`, `Written before the change log (${i + 1}).`],
    );
    ids.push(row?.id ?? "");
  }
  return ids;
}
