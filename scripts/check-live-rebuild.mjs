// Proves a rebuild never breaks a running shop: starts the built shop, keeps
// requesting its page and every asset that page links to, runs `npm run build`
// meanwhile, and fails if any answer was not 200. `node scripts/check-live-rebuild.mjs`
// (after one `npm run build`); it takes about as long as a build.
import { spawn } from "node:child_process";
import { startFreshShop } from "./serve.mjs";

const { mf, url } = await startFreshShop();
const html = await (await fetch(`${url}/company`)).text();
const assets = [...new Set(html.match(/\/assets\/[^"' )]+/g) ?? [])];
const paths = ["/company", ...assets];
console.log(`Watching ${paths.length} paths while rebuilding...`);

let building = true;
const failures = [];
let checked = 0;
const build = new Promise((resolve, reject) => {
  const child = spawn("npm", ["run", "-s", "build"], { stdio: "inherit" });
  child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`build exited with ${code}`))));
});
build.finally(() => {
  building = false;
});

while (building) {
  await Promise.all(
    paths.map(async (path) => {
      const response = await fetch(url + path, { signal: AbortSignal.timeout(30_000) }).catch((e) => ({
        status: String(e),
        arrayBuffer: async () => {},
      }));
      await response.arrayBuffer();
      checked++;
      if (response.status !== 200) failures.push(`${path} ${response.status}`);
    }),
  );
}
await build;
await mf.dispose();
console.log(`${checked} answers during the build, ${failures.length} not 200.`);
if (failures.length) {
  console.error([...new Set(failures)].slice(0, 10).join("\n"));
  process.exit(1);
}
