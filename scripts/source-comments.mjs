// The comments of a source file, for the docs check (scripts/check-docs.mjs): a small scanner of
// JavaScript, TypeScript, CSS and SQL that knows strings, templates and regular expressions well
// enough not to take a `//` inside them for a comment.

/** The comments of a source file: [offset, text] pairs. Strings, templates and regular expressions are skipped. */
export function comments(text, sql) {
  const found = [];
  const templates = []; // brace depth at which each open template's `${` resumes it
  let depth = 0;
  let last = ""; // the last significant character of code, to tell a regular expression from a division
  let word = "";
  let i = 0;
  const skipString = (quote) => {
    for (i++; i < text.length && text[i] !== quote && text[i] !== "\n"; i++) if (text[i] === "\\") i++;
    i++;
  };
  const skipTemplate = () => {
    for (; i < text.length; i++) {
      if (text[i] === "\\") i++;
      else if (text[i] === "`") return void i++;
      else if (text[i] === "$" && text[i + 1] === "{") {
        templates.push(depth++);
        i += 2;
        return;
      }
    }
  };
  while (i < text.length) {
    const c = text[i];
    const next = text[i + 1];
    if ((c === "/" && next === "/") || (sql && c === "-" && next === "-")) {
      const end = text.indexOf("\n", i);
      const stop = end < 0 ? text.length : end;
      found.push([i, text.slice(i, stop)]);
      i = stop;
    } else if (c === "/" && next === "*") {
      const end = text.indexOf("*/", i + 2);
      const stop = end < 0 ? text.length : end + 2;
      found.push([i, text.slice(i, stop)]);
      i = stop;
    } else if (c === '"' || c === "'") {
      skipString(c);
      last = "a";
    } else if (c === "`" && !sql) {
      i++;
      skipTemplate();
      last = "a";
    } else if (c === "}" && templates.length > 0 && templates.at(-1) === depth - 1) {
      templates.pop();
      depth--;
      i++;
      skipTemplate();
      last = "a";
    } else if (
      c === "/" &&
      !sql &&
      (last === "" ||
        "(,=:[!&|?{};+-*%<>~^".includes(last) ||
        /^(return|typeof|case|in|of|new|delete|void|throw|else|yield|await)$/.test(word))
    ) {
      let inClass = false;
      for (i++; i < text.length && text[i] !== "\n"; i++) {
        if (text[i] === "\\") i++;
        else if (text[i] === "[") inClass = true;
        else if (text[i] === "]") inClass = false;
        else if (text[i] === "/" && !inClass) break;
      }
      i++;
      last = "a";
    } else {
      if (c === "{") depth++;
      else if (c === "}") depth--;
      if (/\s/.test(c)) {
        i++;
        continue;
      }
      if (/[\w$]/.test(c)) {
        word = /[\w$]/.test(last) ? word + c : c;
      } else word = "";
      last = c;
      i++;
    }
  }
  return found;
}
