import type { Context } from "hono";
import type { ReactNode } from "react";
import { buildInfo } from "../../../frame/document/build-info";
import type { AppEnv } from "../../../platform/app-env";
import { readHealth } from "../../../platform/operations/health-read";
import {
  buildHealth,
  cronHealth,
  D1_LIMIT_BYTES,
  databaseHealth,
  type HealthSignal,
  outboxFailedHealth,
  outboxWaitingHealth,
  paymentTasksHealth,
  searchHealth,
  webhookHealth,
} from "../../../platform/operations/health-status";
import { counted } from "../desk/desk-words";
import { renderStaffList, StaffTable } from "../desk/staff-list";
import { staffDate } from "../desk/staff-page";

/**
 * `/staff/health`: is the shop running as it should? Each line a colour, the word it means and the
 * threshold it was judged by (worker/platform/operations/health-status.ts). Read only; for the
 * runbook's fixes, docs/operations.md.
 */

const LEVEL_CLASS = { green: "staff-health--green", amber: "staff-health--amber", red: "staff-health--red" } as const;

function when(iso: string | number | null): string {
  return iso === null ? "never" : staffDate.format(new Date(iso));
}

function megabytes(bytes: number): string {
  return `${(bytes / 1000 ** 2).toFixed(1)} MB`;
}

function Line({ label, signal, children }: { label: string; signal: HealthSignal; children: ReactNode }) {
  return (
    <tr>
      <th scope="row">{label}</th>
      <td>
        <span className={`staff-health ${LEVEL_CLASS[signal.level]}`}>{signal.word}</span>
      </td>
      <td>{children}</td>
      <td className="staff-health__rule">{signal.threshold}</td>
    </tr>
  );
}

export async function healthPage(c: Context<AppEnv>): Promise<Response> {
  const now = Date.now();
  const facts = await readHealth(c.env.DB, c.env.CMS_CACHE);
  const build = buildInfo(c.env);
  const { outbox, cron, webhook, search, database, paymentTasks } = facts;
  return renderStaffList(c, {
    title: "Health · Staff",
    section: "health",
    body: (
      <>
        <h1>Health</h1>
        <p className="lead">
          How the shop is running now. Each line says Good, Look or Act, and the rule it was judged by.
        </p>
        <StaffTable
          label="The shop's health"
          caption="The shop's health"
          className="staff-table--health"
          columns={["What", "State", "Now", "Rule"]}
        >
          <Line label="E-mails waiting" signal={outboxWaitingHealth(outbox.oldestWaiting, now)}>
            {outbox.waiting} waiting{outbox.oldestWaiting ? `, the oldest since ${when(outbox.oldestWaiting)}` : ""}
          </Line>
          <Line label="E-mails failed" signal={outboxFailedHealth(outbox.failed)}>
            {outbox.failed} failed (retry them in E-mails)
          </Line>
          <Line
            label="Instalment payments failing"
            signal={paymentTasksHealth(paymentTasks.failing, paymentTasks.oldest, now)}
          >
            {paymentTasks.failing} failing
            {paymentTasks.oldest ? `, the oldest queued ${when(paymentTasks.oldest)}` : ""} (each order's page says why
            and can try again)
          </Line>
          <Line label="Last cron run" signal={cronHealth(cron, now)}>
            {cron ? (
              <>
                {when(cron.at)}
                <ul className="staff-health__steps">
                  {cron.steps.map((step) => (
                    <li key={step.step}>
                      {step.step}: {step.ok ? `done, ${step.count} moved` : `failed: ${step.error ?? "unknown"}`}
                    </li>
                  ))}
                </ul>
              </>
            ) : (
              "none recorded"
            )}
          </Line>
          <Line label="Last CMS webhook" signal={webhookHealth(webhook, now)}>
            {webhook
              ? `${when(webhook.at)}: ${webhook.event} of ${webhook.model}, moved ${webhook.moved.join(", ") || "nothing"}`
              : "none received"}
          </Line>
          <Line label="Search index" signal={searchHealth(search.builtAt, search.products)}>
            built {when(search.builtAt)}; {counted(search.products, "product")}, {counted(search.documents, "document")}
          </Line>
          <Line label="Database size" signal={databaseHealth(database.bytes)}>
            {megabytes(database.bytes)} of {D1_LIMIT_BYTES / 1000 ** 3} GB (
            {((database.bytes / D1_LIMIT_BYTES) * 100).toFixed(2)} %)
          </Line>
          <Line label="Build" signal={buildHealth(build.id)}>
            deployment {build.id}
            {build.timestamp ? `, uploaded ${when(build.timestamp)}` : ""}; content version {facts.versions.content},
            stock version {facts.versions.stock}
          </Line>
        </StaffTable>
        <h2>Biggest tables</h2>
        <StaffTable
          label="Biggest tables"
          caption="Biggest tables by rows"
          className="staff-table--fit"
          columns={["Table", { label: "Rows", num: true }]}
        >
          {database.tables.map((table) => (
            <tr key={table.name}>
              <td>{table.name}</td>
              <td className="staff-table__num">{table.rows}</td>
            </tr>
          ))}
        </StaffTable>
      </>
    ),
  });
}
