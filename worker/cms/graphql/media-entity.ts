import type { MediaRow } from "./loaders";

/** A media row in Strapi v4's upload-file envelope. */
export function mediaEntity(row: MediaRow | undefined) {
  if (!row) return null;
  const ext = row.name.includes(".") ? `.${row.name.split(".").pop()}` : null;
  return {
    id: String(row.id),
    attributes: {
      name: row.name,
      alternativeText: row.alternative_text,
      caption: null,
      width: row.width,
      height: row.height,
      formats: null,
      ext,
      mime: row.mime,
      size: null,
      url: row.url,
      provider: "local",
    },
  };
}
