/**
 * Writing checked files to R2 (env.UPLOADS) so that a form's record is never
 * half-saved: the objects go first, the D1 rows follow in one batch, and when
 * the batch fails (or stores nothing, e.g. a duplicate) the objects are
 * deleted again.
 */

import { log } from "../log/log";
import type { CheckedFile } from "../security/file-checks";

export interface StoredFile extends CheckedFile {
  key: string;
}

/** A random key under a prefix ("reviews/…", "requests/…"): unguessable, never from the visitor's file name. */
export function newObjectKey(prefix: string): string {
  return `${prefix}/${crypto.randomUUID().replaceAll("-", "")}`;
}

export async function putFiles(
  bucket: R2Bucket,
  prefix: string,
  files: readonly CheckedFile[],
  metadata: Record<string, string> = {},
): Promise<StoredFile[]> {
  const stored: StoredFile[] = [];
  try {
    for (const file of files) {
      const key = newObjectKey(prefix);
      await bucket.put(key, file.bytes, {
        httpMetadata: { contentType: file.contentType },
        customMetadata: { ...metadata, originalName: file.name },
      });
      stored.push({ ...file, key });
    }
  } catch (error) {
    await deleteFiles(bucket, stored);
    throw error;
  }
  return stored;
}

export async function deleteFiles(bucket: R2Bucket, files: readonly { key: string }[]): Promise<void> {
  if (files.length === 0) return;
  try {
    await bucket.delete(files.map((f) => f.key));
  } catch (error) {
    // Orphans cost a little storage; the record they belonged to was not saved, so nothing points at them.
    log.error("Could not delete uploads after a failed save", { error });
  }
}

/**
 * Stores the files, then runs `save` (the D1 batch). Answers what `save`
 * answers; removes the files when it throws or says nothing was kept.
 */
export async function saveWithFiles<T extends { kept: boolean }>(
  bucket: R2Bucket,
  prefix: string,
  files: readonly CheckedFile[],
  save: (stored: StoredFile[]) => Promise<T>,
): Promise<T> {
  const stored = await putFiles(bucket, prefix, files);
  let result: T;
  try {
    result = await save(stored);
  } catch (error) {
    await deleteFiles(bucket, stored);
    throw error;
  }
  if (!result.kept) await deleteFiles(bucket, stored);
  return result;
}
