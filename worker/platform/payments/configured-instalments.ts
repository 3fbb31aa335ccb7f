import { INSTALMENT_PROVIDERS, type InstalmentProviderId } from "../../../shared/instalments";
import type { InstalmentProvider } from "./instalment-provider";
import { tabbyProvider } from "./tabby";
import { tamaraProvider } from "./tamara";

/** An instalment provider when its keys are configured (decision 0119); built per request from the env. */
export function instalmentProvider(env: Env, id: InstalmentProviderId): InstalmentProvider | null {
  if (id === "tabby") {
    const publicKey = env.TABBY_PUBLIC_KEY;
    const secretKey = env.TABBY_SECRET_KEY;
    const merchantCode = env.TABBY_MERCHANT_CODE;
    if (!publicKey || !secretKey || !merchantCode) return null;
    return tabbyProvider({ publicKey, secretKey, merchantCode, apiBase: env.TABBY_API_BASE || "https://api.tabby.ai" });
  }
  const apiToken = env.TAMARA_API_TOKEN;
  const notificationToken = env.TAMARA_NOTIFICATION_TOKEN;
  if (!apiToken || !notificationToken) return null;
  return tamaraProvider({ apiToken, notificationToken, apiBase: env.TAMARA_API_BASE || "https://api.tamara.co" });
}

/** The providers whose keys are configured, in the order the checkout lists them. */
export function configuredInstalments(env: Env): InstalmentProviderId[] {
  return INSTALMENT_PROVIDERS.filter((id) => instalmentProvider(env, id) !== null);
}
