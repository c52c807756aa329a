// The uploaded files on disk: DATA_DIR/uploads/<first 2 chars of the id>/<id>. Outside the web
// root (static-app serves only the built app), named by the server (a uuid, never the client's
// file name), and written atomically so a reader never sees half a file.
import { randomBytes } from "node:crypto";
import { createReadStream, type ReadStream } from "node:fs";
import { mkdir, open, rename, rm, stat } from "node:fs/promises";
import path from "node:path";

/** Where the uploads of a data directory live. */
export function uploadsDirOf(dataDir: string): string {
  return path.join(dataDir, "uploads");
}

/** Upload ids are lower-case uuids made by the server (randomUUID). */
export function isUploadId(id: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(id);
}

export class UploadFiles {
  constructor(readonly root: string) {}

  pathOf(id: string): string {
    // Ids are server-made uuids; anything else must never become a path (no "../" games).
    if (!isUploadId(id)) throw new Error(`Not an upload id: ${JSON.stringify(id)}`);
    return path.join(this.root, id.slice(0, 2), id);
  }

  /** Temp file + fsync + rename: the final name holds the whole file or does not exist. */
  async write(id: string, data: Buffer): Promise<void> {
    const target = this.pathOf(id);
    await mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
    const temp = `${target}.${randomBytes(6).toString("hex")}.tmp`;
    try {
      const file = await open(temp, "wx", 0o600);
      try {
        await file.writeFile(data);
        await file.sync();
      } finally {
        await file.close();
      }
      await rename(temp, target);
    } catch (err) {
      await rm(temp, { force: true });
      throw err;
    }
  }

  async remove(id: string): Promise<void> {
    await rm(this.pathOf(id), { force: true });
  }

  /** A stream of the file, or null when it is not on disk. */
  async read(id: string): Promise<ReadStream | null> {
    const file = this.pathOf(id);
    try {
      if (!(await stat(file)).isFile()) return null;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === "ENOENT") return null;
      throw err;
    }
    return createReadStream(file);
  }
}
