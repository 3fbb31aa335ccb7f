/** A file's text imported with Vite's `?raw` (the runbook's SQL that tests/worker/invoices-after-restore.test.ts runs). */
declare module "*.sql?raw" {
  const text: string;
  export default text;
}
