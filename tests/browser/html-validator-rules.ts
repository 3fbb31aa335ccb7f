import { type DOMReadyEvent, type HtmlElement, type Plugin, Rule } from "html-validate";

/**
 * Two checks the Nu Html Checker makes that html-validate has no rule for (decision 0104):
 * a role or aria-* attribute on an <input> whose type does not allow it (ARIA in HTML's table), and
 * more than one search landmark without names that tell them apart.
 */

/** The roles ARIA in HTML allows on an <input> with no list attribute, by type, as the Nu checker reads them. */
const INPUT_ROLES: Record<string, string[]> = {
  text: ["combobox", "searchbox", "spinbutton"],
  email: [],
  tel: [],
  url: [],
  search: [],
  password: [],
  number: [],
  checkbox: ["button", "menuitemcheckbox", "option", "switch"],
  radio: ["menuitemradio"],
};

class InputRole extends Rule {
  setup() {
    this.on("dom:ready", (event: DOMReadyEvent) => {
      for (const input of event.document.querySelectorAll("input")) {
        const type = (input.getAttributeValue("type") ?? "text").toLowerCase();
        const allowed = INPUT_ROLES[type];
        if (!allowed || input.hasAttribute("list")) continue;
        const role = input.getAttributeValue("role");
        if (role !== null && !allowed.includes(role)) {
          this.report(input, `Attribute "role" with value "${role}" is not allowed on <input type="${type}">`);
        }
        // A text field's own role (textbox, searchbox) has no expanded state; a combobox has.
        if (input.hasAttribute("aria-expanded") && (role !== "combobox" || !allowed.includes(role))) {
          this.report(
            input,
            `Attribute "aria-expanded" is not allowed on <input type="${type}"> with role ${role ?? "none"}`,
          );
        }
      }
    });
  }
}

function landmarkName(element: HtmlElement): string {
  const label = element.getAttributeValue("aria-label");
  if (label) return label.trim();
  const by = element.getAttributeValue("aria-labelledby");
  return by ? `#${by}` : "";
}

class UniqueSearchLandmark extends Rule {
  setup() {
    this.on("dom:ready", (event: DOMReadyEvent) => {
      const landmarks = event.document.querySelectorAll('search, [role="search"]');
      if (landmarks.length < 2) return;
      const names = landmarks.map(landmarkName);
      landmarks.forEach((landmark, i) => {
        if (names[i] === "" || names.filter((name) => name === names[i]).length > 1) {
          this.report(landmark, "A page with more than one search landmark must name each apart (aria-label)");
        }
      });
    });
  }
}

export const nuChecks: Plugin = {
  name: "nu-checks",
  rules: { "nu/input-role": InputRole, "nu/unique-search-landmark": UniqueSearchLandmark },
};
