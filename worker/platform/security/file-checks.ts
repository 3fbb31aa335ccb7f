/**
 * Upload checks shared by every form that takes a file (review photos and
 * avatars, request attachments, the account avatar). The type is decided from
 * the file's first bytes, never from its name or the browser's claim, and only
 * PNG, JPEG, GIF (and PDF where a form allows it) are accepted, so nothing
 * scriptable (SVG, HTML) is ever stored or served back.
 */
import type { Translator } from "../../../shared/i18n/translator";
import { maxUploadBytes, uploadLimit } from "../../../shared/upload-limit";

export type ImageType = "image/png" | "image/jpeg" | "image/gif";
export type UploadType = ImageType | "application/pdf";

export const IMAGE_TYPES: readonly UploadType[] = ["image/png", "image/jpeg", "image/gif"];
export const IMAGE_OR_PDF_TYPES: readonly UploadType[] = [...IMAGE_TYPES, "application/pdf"];

/** The type the bytes really are, or null for anything else. */
export function sniffUploadType(bytes: Uint8Array): UploadType | null {
  const starts = (...sig: number[]) => bytes.length >= sig.length && sig.every((b, i) => bytes[i] === b);
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return "image/png";
  if (starts(0xff, 0xd8, 0xff)) return "image/jpeg";
  if (starts(0x47, 0x49, 0x46, 0x38) && (bytes[4] === 0x37 || bytes[4] === 0x39) && bytes[5] === 0x61) {
    return "image/gif";
  }
  if (starts(0x25, 0x50, 0x44, 0x46, 0x2d)) return "application/pdf"; // "%PDF-"
  return null;
}

/** The hint beside every file field: "PNG, JPG, GIF up to 5MB" (spec section 5), in the page's language. */
export function uploadHint(env: Pick<Env, "UPLOAD_MAX_BYTES">, t: Translator, withPdf = false): string {
  const { total, units } = uploadLimit(maxUploadBytes(env.UPLOAD_MAX_BYTES));
  const hint = t.fill(t.m.forms.uploadHint, { total, units: t.m.visitorForms.sizeUnits[units] });
  return withPdf ? t.fill(t.m.visitorForms.orPdf, { hint }) : hint;
}

/** The upload limit as the hint writes it ("5MB", "5 ميغابايت"), for the islands' messages about a file over it. */
export function uploadSize(env: Pick<Env, "UPLOAD_MAX_BYTES">, t: Translator): string {
  return formatSize(maxUploadBytes(env.UPLOAD_MAX_BYTES), t);
}

export interface CheckedFile {
  bytes: Uint8Array;
  contentType: UploadType;
  size: number;
  /** The name the visitor's file had, cleaned for display (never used as a key). */
  name: string;
}

export type UploadCheck = { ok: true; file: CheckedFile | null } | { ok: false; message: string };

export interface UploadRules {
  accept: readonly UploadType[];
  maxBytes: number;
  required?: boolean;
  /** The page's language, which the messages are written in. */
  t: Translator;
}

/** A part the browser sends for a file input left empty: a File with no name and no bytes. */
export function isEmptyPart(value: unknown): boolean {
  if (value === undefined || value === null || value === "") return true;
  return value instanceof File && value.size === 0 && value.name === "";
}

function describe(rules: UploadRules): string {
  const texts = rules.t.m.uploadErrors;
  return rules.accept.includes("application/pdf") ? texts.imageOrPdf : texts.image;
}

/** A size as the hints write it: "5MB", "5 ميغابايت". */
function formatSize(bytes: number, t: Translator): string {
  const { total, units } = uploadLimit(bytes);
  return t.fill(t.m.visitorForms.fileSize, { total, units: t.m.visitorForms.sizeUnits[units] });
}

export function cleanFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? "";
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what we strip
  return base.replace(/[\u0000-\u001f\u007f<>"]/g, "").slice(0, 120) || "file";
}

/** Checks one form value against the rules; reads the bytes only when the size is allowed. */
export async function checkUpload(value: unknown, rules: UploadRules): Promise<UploadCheck> {
  const { t } = rules;
  const texts = t.m.uploadErrors;
  if (isEmptyPart(value)) {
    return rules.required
      ? { ok: false, message: t.fill(texts.chooseFile, { kinds: describe(rules) }) }
      : { ok: true, file: null };
  }
  if (!(value instanceof File)) return { ok: false, message: texts.usePicker };
  const file = cleanFileName(value.name);
  if (value.size === 0) return { ok: false, message: t.fill(texts.empty, { file }) };
  if (value.size > rules.maxBytes) {
    const size = formatSize(value.size, t);
    return { ok: false, message: t.fill(texts.tooLarge, { file, size, max: formatSize(rules.maxBytes, t) }) };
  }
  const bytes = new Uint8Array(await value.arrayBuffer());
  const contentType = sniffUploadType(bytes);
  if (!contentType || !rules.accept.includes(contentType)) {
    return { ok: false, message: t.fill(texts.notAllowed, { file, kinds: describe(rules) }) };
  }
  return { ok: true, file: { bytes, contentType, size: bytes.byteLength, name: cleanFileName(value.name) } };
}

/** Checks several files of one field (e.g. review photos): each must pass, and at most `max` of them. */
export async function checkUploads(
  values: unknown[],
  rules: UploadRules & { max: number },
): Promise<{ ok: true; files: CheckedFile[] } | { ok: false; message: string }> {
  const given = values.filter((v) => !isEmptyPart(v));
  if (given.length > rules.max) {
    return { ok: false, message: rules.t.fill(rules.t.m.visitorForms.tooManyPhotos, { max: rules.max }) };
  }
  const files: CheckedFile[] = [];
  for (const value of given) {
    const checked = await checkUpload(value, { ...rules, required: true });
    if (!checked.ok) return checked;
    if (checked.file) files.push(checked.file);
  }
  return { ok: true, files };
}
