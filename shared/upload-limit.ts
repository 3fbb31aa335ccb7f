/**
 * The configured upload limit (UPLOAD_MAX_BYTES) as the hint shows it:
 * "PNG, JPG, GIF up to {total}{units}", e.g. 5242880 → { total: 5, units: "MB" }.
 */
export function uploadLimit(bytes: number): { total: number; units: "MB" | "KB" } {
  if (bytes >= 1024 * 1024) return { total: Math.round((bytes / (1024 * 1024)) * 10) / 10, units: "MB" };
  return { total: Math.max(1, Math.round(bytes / 1024)), units: "KB" };
}

/** UPLOAD_MAX_BYTES from the environment, or 5 MB when unset or not a positive number. */
export function maxUploadBytes(configured: string | undefined): number {
  const value = Number(configured);
  return Number.isFinite(value) && value > 0 ? Math.floor(value) : 5 * 1024 * 1024;
}
