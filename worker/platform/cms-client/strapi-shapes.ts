import type { Media } from "../../../shared/types/cms";
import { mediaUrl } from "./client";

/** Strapi v4 envelopes as they come over GraphQL, and their unwrapping. */
export interface MediaAttributes {
  url: string;
  alternativeText: string | null;
  width: number | null;
  height: number | null;
}
export interface MediaResponse {
  data: { attributes: MediaAttributes } | null;
}
export interface MediaCollection {
  data: { attributes: MediaAttributes }[];
}
export interface Entity<A> {
  id: string;
  attributes: A;
}
export interface EntityResponse<A> {
  data: Entity<A> | null;
}
export interface Collection<A> {
  data: Entity<A>[];
  meta: { pagination: { page: number; pageSize: number; pageCount: number; total: number } };
}

export function unwrapMedia(env: Env, media: MediaResponse | null | undefined): Media | null {
  const attributes = media?.data?.attributes;
  if (!attributes) return null;
  return { ...attributes, url: mediaUrl(env, attributes.url) };
}

export function unwrapMediaList(env: Env, media: MediaCollection | null | undefined): Media[] {
  return (media?.data ?? []).map((m) => ({ ...m.attributes, url: mediaUrl(env, m.attributes.url) }));
}

export const MEDIA_FIELDS = "data { attributes { url alternativeText width height } }";
