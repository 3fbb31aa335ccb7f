/**
 * A form's schema speaks the page's language: its messages come from the catalogue section the
 * form is given (the worker's `t.m`, an island's `texts`), so a schema is built per section.
 * `perTexts` builds it once per section object and keeps it (a settled value, no request data):
 * the worker's sections are the same object for every request of a locale, and an island's
 * section is one object for its page's life.
 */
export function perTexts<T extends object, S>(build: (texts: T) => S): (texts: T) => S {
  const built = new WeakMap<T, S>();
  return (texts) => {
    let schema = built.get(texts);
    if (schema === undefined) {
      schema = build(texts);
      built.set(texts, schema);
    }
    return schema;
  };
}
