import { shortDigest } from "../../../shared/bytes";

/**
 * The digest that names a kept record's variables (kv-records.ts), remembered by their text: a page
 * asks the same few queries with the same variables on every request, and a SHA-256 through
 * WebCrypto for each was a visible part of adding to the bag's CPU (docs/performance.md). What is
 * kept is settled text (variables of shared content and their digest, never a request's object or
 * a pending promise), at most MAX_REMEMBERED per isolate, each at most MAX_TEXT characters long.
 */
const remembered = new Map<string, string>();
const MAX_REMEMBERED = 500;
const MAX_TEXT = 2_000;

export async function variablesDigest(variables: unknown): Promise<string> {
  const text = JSON.stringify(variables) ?? "";
  const known = remembered.get(text);
  if (known !== undefined) return known;
  const digest = await shortDigest(text);
  if (text.length <= MAX_TEXT) {
    if (remembered.size >= MAX_REMEMBERED) remembered.clear();
    remembered.set(text, digest);
  }
  return digest;
}
