/**
 * A live session whose holder the CMS could not name just now (decision 0135): /users/me failed
 * twice (down, slow, rate-limited; not a refusal of the token) and no profile was seen in the
 * last minutes. Thrown by the session middleware (session.ts), so no route serves the signed-in
 * shopper as a visitor; the error handler answers it with a 503 and a sentence in the layout
 * (worker/frame/document/account-unknown.tsx). The session and its cookies are kept.
 */
export class SessionUserUnknown extends Error {
  constructor(cause: unknown) {
    super("The CMS could not say who holds this session", { cause });
    this.name = "SessionUserUnknown";
  }
}
