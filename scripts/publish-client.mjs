// Puts a finished client build (built aside in a staging folder) into
// dist/client without ever leaving the running shop a missing file. `npm start`
// serves dist/client while `npm test` or `npm run build` rebuilds: deleting the
// folder first made every asset answer 500 until the build ended.
//
// Each file moves in by rename (atomic on one file system), so a fixed name
// (_headers, the sharing image) is always the old or the new file, never half.
// Hashed assets of the previous build stay, so pages the running worker renders
// still find them; files older than that are pruned.
import { existsSync } from "node:fs";
import { mkdir, readdir, readFile, rename, rm, unlink, writeFile } from "node:fs/promises";
import { dirname, join, relative } from "node:path";

/** Every file under `dir`, as paths relative to it. */
async function listFiles(dir) {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => relative(dir, join(e.parentPath ?? e.path, e.name)));
}

/** Writes a file by rename, so a reader sees the old content or the new, whole. */
export async function writeFileAtomic(path, content) {
  const temporary = `${path}.${process.pid}.tmp`;
  await writeFile(temporary, content);
  await rename(temporary, path);
}

/**
 * Moves every file of `stage` into `target`, then deletes files that neither
 * this build nor the one before it made (their list is kept in `listFile`).
 */
export async function publishClient(stage, target, listFile) {
  const previous = existsSync(listFile) ? JSON.parse(await readFile(listFile, "utf8")) : [];
  const current = await listFiles(stage);
  for (const file of current) {
    await mkdir(dirname(join(target, file)), { recursive: true });
    await rename(join(stage, file), join(target, file));
  }
  await rm(stage, { recursive: true, force: true });
  const keep = new Set([...current, ...previous]);
  for (const file of await listFiles(target)) {
    if (!keep.has(file)) await unlink(join(target, file));
  }
  await writeFileAtomic(listFile, `${JSON.stringify(current, null, 2)}\n`);
}
