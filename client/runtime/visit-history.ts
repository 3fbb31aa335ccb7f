/**
 * Visit history (spec section 2): every visited path appended to a list in
 * localStorage, newest last, at most VISIT_HISTORY_LIMIT long. A reload of the
 * same page is not a new visit. Islands read it for "back" links.
 */
import { VISIT_HISTORY_KEY, VISIT_HISTORY_LIMIT } from "../../shared/constants";

export function readVisitHistory(): string[] {
  try {
    const list: unknown = JSON.parse(localStorage.getItem(VISIT_HISTORY_KEY) || "[]");
    return Array.isArray(list) ? list : [];
  } catch {
    return [];
  }
}

export function recordVisit(path = location.pathname + location.search): void {
  const list = readVisitHistory();
  if (list.at(-1) !== path) list.push(path);
  try {
    localStorage.setItem(VISIT_HISTORY_KEY, JSON.stringify(list.slice(-VISIT_HISTORY_LIMIT)));
  } catch {
    // Storage full or blocked: history is a nicety.
  }
}
