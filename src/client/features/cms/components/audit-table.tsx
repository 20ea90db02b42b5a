import { ChevronDown } from "lucide-react";
import { Fragment, useState } from "react";
import type { AuditEntry } from "@contract/audit-constants";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { formatDateTime } from "@/lib/format";
import { cn } from "@/lib/utils";
import { ACTIONS_COLUMN, AdminTable, type AdminColumn } from "./admin-table";
import { Td, Tr } from "./data-table";

const COLUMNS: AdminColumn[] = [{ header: "Time" }, { header: "Actor" }, { header: "Action" }, { header: "Target" }, { ...ACTIONS_COLUMN, header: "Changes" }];

/** A state as pretty JSON, shown as text (never as HTML); "(nothing)" when there is none. */
export function prettyState(value: unknown): string {
  if (value === null || value === undefined) return "(nothing)";
  try {
    return JSON.stringify(value, null, 2) ?? String(value);
  } catch {
    return String(value);
  }
}

function State({ label, value }: { label: string; value: unknown }) {
  return (
    <div className="min-w-0">
      <p className="mb-1 text-xs font-semibold uppercase tracking-wide text-muted-foreground">{label}</p>
      <pre className="max-h-80 overflow-auto whitespace-pre-wrap break-all rounded-lg border bg-muted/40 p-3 font-mono text-xs">{prettyState(value)}</pre>
    </div>
  );
}

/**
 * D99: the audit log as a table, newest first: when, who (and their role), what, to what; each row opens to the
 * state before and after (and where the request came from).
 */
export function AuditTable({ entries, loading, empty }: { entries: AuditEntry[] | undefined; loading: boolean; empty: string }) {
  const [openIds, setOpenIds] = useState<ReadonlySet<number>>(new Set());
  const toggle = (id: number) =>
    setOpenIds((prev) => {
      const next = new Set(prev);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  return (
    <AdminTable
      label="Audit log"
      columns={COLUMNS}
      rows={entries}
      loading={loading}
      empty={empty}
      renderRow={(e) => {
        const open = openIds.has(e.id);
        const detailsId = `audit-entry-${e.id}`;
        return (
          <Fragment key={e.id}>
            <Tr className={cn(open && "[&>td]:border-b-0")}>
              <Td className="whitespace-nowrap text-muted-foreground">
                <time dateTime={e.createdAt}>{formatDateTime(e.createdAt)}</time>
              </Td>
              <Td className="min-w-40">
                <div className="flex flex-wrap items-center gap-1.5">
                  <span className="font-medium">{e.actor.label}</span>
                  {e.actor.role ? <Badge variant={e.actor.role === "admin" ? "default" : "secondary"}>{e.actor.role}</Badge> : null}
                  {e.actor.id !== null ? <span className="text-xs text-muted-foreground">#{e.actor.id}</span> : null}
                </div>
              </Td>
              <Td>
                <code className="whitespace-nowrap rounded bg-muted px-1.5 py-0.5 font-mono text-xs">{e.action}</code>
              </Td>
              <Td className="whitespace-nowrap">
                {e.targetKind ? `${e.targetKind}${e.targetId ? ` #${e.targetId}` : ""}` : <span className="text-muted-foreground">—</span>}
              </Td>
              <Td sticky className="text-right">
                <Button variant="ghost" size="sm" aria-expanded={open} aria-controls={open ? detailsId : undefined} onClick={() => toggle(e.id)}>
                  <ChevronDown aria-hidden="true" className={cn("transition-transform", open && "rotate-180")} />
                  {open ? "Hide" : "Show"}
                  <span className="sr-only"> the changes of entry {e.id}</span>
                </Button>
              </Td>
            </Tr>
            {open ? (
              <tr id={detailsId}>
                <td colSpan={COLUMNS.length} className="border-b bg-muted/20 px-4 pb-4 pt-1">
                  <div className="grid gap-3 md:grid-cols-2">
                    <State label="Before" value={e.before} />
                    <State label="After" value={e.after} />
                  </div>
                  {e.ip ? <p className="mt-2 text-xs text-muted-foreground">From {e.ip}</p> : null}
                </td>
              </tr>
            ) : null}
          </Fragment>
        );
      }}
    />
  );
}
