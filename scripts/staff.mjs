// `npm run staff -- grant <email> [--remote]` / `npm run staff -- revoke <email> [--remote]`:
// gives an existing account of the embedded CMS the Staff role (or takes it back), in the local
// D1 or, with --remote, in production's. The staff desk asks the CMS for the role on every
// request, so the change counts from the next one. With a real Strapi, give the role in
// Strapi's admin instead (docs/cms.md, "Staff").
import { execFileSync } from "node:child_process";
import { resolve } from "node:path";

const root = resolve(import.meta.dirname, "..");
const args = process.argv.slice(2);
const remote = args.includes("--remote");
const [verb, email] = args.filter((arg) => arg !== "--remote");
const usage = "Usage: npm run staff -- grant <email> [--remote]   |   npm run staff -- revoke <email> [--remote]";

if (!["grant", "revoke"].includes(verb ?? "") || !email) {
  console.error(usage);
  process.exit(2);
}
const address = email.trim().toLowerCase();
if (!/^[^\s@'"]+@[^\s@'"]+\.[^\s@'"]+$/.test(address)) {
  console.error(`"${email}" is not an e-mail address. ${usage}`);
  process.exit(2);
}

function d1(sql) {
  const out = execFileSync(
    "npx",
    ["wrangler", "d1", "execute", "DB", remote ? "--remote" : "--local", "--json", "--command", sql],
    {
      cwd: root,
      encoding: "utf8",
      env: { ...process.env, WRANGLER_SEND_METRICS: "false" },
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  return JSON.parse(out)[0]?.results ?? [];
}

// The address was checked above to hold no quote, so it is safe inside the literal.
const role = verb === "grant" ? "staff" : "authenticated";
const [user] = d1(`SELECT id, username, role FROM cms_users WHERE email = '${address}'`);
if (!user) {
  console.error(`No account uses ${address}${remote ? " (remote)" : " (local)"}: sign up first, then grant the role.`);
  process.exit(1);
}
d1(`UPDATE cms_users SET role = '${role}' WHERE id = ${Number(user.id)}`);
console.log(
  verb === "grant"
    ? `${address} (${user.username}) is staff now${remote ? " in production" : ""}: the desk is at /staff.`
    : `${address} (${user.username}) is no longer staff${remote ? " in production" : ""}.`,
);
