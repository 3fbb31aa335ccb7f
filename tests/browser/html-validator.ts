import { HtmlValidate } from "html-validate";
import { nuChecks } from "./html-validator-rules";

/**
 * The HTML validator the tests hold every page to (decision 0104): html-validate's rules that are
 * the HTML standard itself (`html-validate:standard`: content models, allowed attributes and values,
 * ids, autocomplete tokens) and a whole document's (`html-validate:document`: doctype, heading levels,
 * references that point at nothing), plus the rules of `html-validate:recommended` that the Nu Html
 * Checker also reports or that the shop holds itself to. The rules of `:recommended` left out are
 * about how markup is spelled (quotes, case, void and boolean style, inline style, trailing spaces),
 * which React decides and no browser or checker cares about.
 */
const validator = new HtmlValidate({
  extends: ["html-validate:standard", "html-validate:document"],
  plugins: [nuChecks],
  rules: {
    // What the Nu checker reports and html-validate has no rule for (tests/browser/html-validator-rules.ts).
    "nu/input-role": "error",
    "nu/unique-search-landmark": "error",
    // The Nu checker's "attribute not allowed on element input at this point" (e.g. autocomplete on a checkbox).
    "input-attributes": "error",
    // One unlabelled landmark of a kind per page, or each labelled apart: a screen reader's landmark list.
    "unique-landmark": "error",
    "empty-heading": "error",
    "empty-title": "error",
    "no-redundant-for": "error",
    "wcag/h32": "error",
    "wcag/h36": "error",
    "wcag/h37": "error",
    "wcag/h63": "error",
    "wcag/h67": "error",
    "wcag/h71": "error",
    // Subresource integrity is for scripts and styles from other origins; the shop serves its own.
    "require-sri": "off",
  },
});

/** The page's errors as `rule: message (line:column)`; none for a valid page. */
export async function htmlErrors(html: string): Promise<string[]> {
  const report = await validator.validateString(html);
  return report.results.flatMap((result) =>
    result.messages.map((m) => `${m.ruleId}: ${m.message} (${m.line}:${m.column}) ${m.selector ?? ""}`),
  );
}
