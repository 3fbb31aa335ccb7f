/**
 * Where the client build put each file (hashed names). Written by
 * scripts/build-client.mjs before the worker is bundled.
 */

import manifest from "../../../dist/client-manifest.json";
import type { TextLocale } from "../../../shared/i18n/locales";

export interface ClientManifest {
  runtime: string;
  css: string;
  /** The fonts a page preloads, per language (its body text and headings). */
  fonts: Record<TextLocale, string[]>;
  islands: Record<string, string>;
}

export const clientManifest: ClientManifest = manifest;
