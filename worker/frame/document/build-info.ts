export interface BuildInfo {
  id: string;
  timestamp: string;
}

/** The running deployment, from the version metadata binding. */
export function buildInfo(env: Env): BuildInfo {
  const meta = env.CF_VERSION_METADATA;
  return { id: meta?.id || "local", timestamp: meta?.timestamp || "" };
}
