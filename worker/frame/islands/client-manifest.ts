/**
 * Where the client build put each file (hashed names). Written by
 * scripts/build-client.mjs before the worker is bundled.
 */
import manifest from "../../../dist/client-manifest.json";

export interface ClientManifest {
  runtime: string;
  css: string;
  fonts: string[];
  islands: Record<string, string>;
}

export const clientManifest: ClientManifest = manifest;
