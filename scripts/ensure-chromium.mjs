// `npm test`'s first step: make sure the browser tests have a Chromium before
// anything slow runs. Found (scripts/chromium.mjs): nothing to do. Missing on
// Debian as root: apt-get installs Debian's chromium, as a fresh CI machine
// needs. Otherwise: stop at once with one line saying what to install.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { findChromium } from "./chromium.mjs";

const found = findChromium();
if (found) process.exit(0);

const isRoot = process.getuid?.() === 0;
if (isRoot && existsSync("/etc/debian_version")) {
  console.log("No Chromium found: installing Debian's chromium for the browser tests (apt-get)...");
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  execFileSync("apt-get", ["update", "-qq"], { stdio: "inherit", env });
  execFileSync("apt-get", ["install", "-y", "-qq", "chromium"], { stdio: ["ignore", "ignore", "inherit"], env });
  if (findChromium()) process.exit(0);
}
console.error(
  "npm test needs Chromium for the browser tests: install Debian's `chromium` (apt-get install chromium) or set CHROMIUM_PATH to a Chromium binary.",
);
process.exit(1);
