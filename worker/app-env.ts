import type { Locale } from "../shared/constants";

/** The signed-in shopper as the session resolved them (null: anonymous). */
export interface SessionUser {
  id: number;
  username: string;
  email: string;
}

/** Per-request values set by middleware and read by pages. */
export interface AppVariables {
  /** CSP nonce for this response's own inline scripts. */
  nonce: string;
  locale: Locale;
  user: SessionUser | null;
  /** Set by the `noindex` route middleware: the page also gets a robots meta tag. */
  noindex?: boolean;
}

export interface AppEnv {
  Bindings: Env;
  Variables: AppVariables;
}
