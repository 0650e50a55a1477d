import { forOfficer, type ConsoleRoute } from "../../route";
import { readAudit, signInRefusals } from "@portal/adapters/console";
import { ok } from "../../respond";

const dateOf = (value: string | null): Date | undefined => {
  if (!value) return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
};

/**
 * The audit log, newest first, filtered by `officer` (id or part of a name), `action` (or its
 * area, `rates`), `entity` (an id), `from`/`to` (times) and paged with `before` (an entry id).
 * With the first page, `refusedSignIns`: the refused sign-ins of no known officer, counted per
 * address and hour (they are not lines of the log: anyone can cause them), in `from`/`to`.
 */
export const GET: ConsoleRoute = forOfficer("audit.view", async (context, call) => {
  const q = context.url.searchParams;
  const text = (name: string) => q.get(name)?.trim().slice(0, 120) || undefined;
  const before = Number(q.get("before"));
  const sql = await call.services.database.open();
  const rows = await readAudit(sql, {
    officer: text("officer"),
    action: text("action"),
    entityId: text("entity"),
    from: dateOf(q.get("from")),
    to: dateOf(q.get("to")),
    before: Number.isSafeInteger(before) && before > 0 ? before : undefined,
    limit: 50,
  });
  const refusedSignIns =
    before > 0
      ? []
      : await signInRefusals(sql).read({
          from: dateOf(q.get("from")),
          to: dateOf(q.get("to")),
        });
  return ok({ entries: rows, refusedSignIns });
});
