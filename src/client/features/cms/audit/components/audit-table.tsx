import { ChevronDown } from "lucide-react";
import { Fragment, useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { DataTable, MessageRow, SkeletonRows, Td, Th, Tr } from "@/features/cms/shared/components/data-table";
import { formatDateTime } from "@/lib/format";
import { cn } from "@/lib/utils";
import type { AuditEntry } from "@contract/audit-constants";

const HEADERS = ["Time", "Actor", "Action", "Target", "Changes"];

/*
 * Below md the table is a list of cards (the rows and cells are blocks, the header is left to screen readers): on a
 * phone an entry reads in full without sideways scrolling, and its before/after fit the screen.
 */
const cardTable = "max-md:block max-md:[&_tbody]:block";
const cardRow =
  "max-md:grid max-md:grid-cols-[1fr_auto] max-md:gap-x-3 max-md:gap-y-1 max-md:border-b max-md:px-4 max-md:py-3";
const cardCell = "max-md:col-start-1 max-md:block max-md:border-0 max-md:p-0";

/** A state as pretty JSON, shown as text (never as HTML); "(nothing)" when there is none. */
export function prettyState(value: unknown): string {
  if (value === null || value === undefined) return "(nothing)";
  try {
    return JSON.stringify(value, null, 2) ?? String(value);
  } catch {
    return String(value);
  }
}

/** "user #12" for a row's id, "route GET /api/admin/settings" for any other key. */
function targetText(kind: string, id: string | null): string {
  if (!id) return kind;
  return /^\d+$/.test(id) ? `${kind} #${id}` : `${kind} ${id}`;
}

function State({ label, value }: { label: string; value: unknown }) {
  return (
    <div className="min-w-0">
      <p className="mb-1 text-xs font-semibold uppercase tracking-wide text-muted-foreground">{label}</p>
      <pre className="max-h-80 overflow-auto whitespace-pre-wrap break-all rounded-lg border bg-muted/40 p-3 font-mono text-xs">
        {prettyState(value)}
      </pre>
    </div>
  );
}

/**
 * D99: the audit log as a table, newest first: when, who (and their role), what, to what; each row opens to the
 * state before and after (and where the request came from).
 */
export function AuditTable({
  entries,
  loading,
  empty,
}: {
  entries: AuditEntry[] | undefined;
  loading: boolean;
  empty: string;
}) {
  const [openIds, setOpenIds] = useState<ReadonlySet<number>>(new Set());
  const toggle = (id: number) =>
    setOpenIds((prev) => {
      const next = new Set(prev);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  return (
    <DataTable label="Audit log" tableClassName={cardTable}>
      <thead className="max-md:sr-only">
        <tr>
          {HEADERS.map((h) => (
            <Th key={h} className={h === "Changes" ? "text-right" : undefined}>
              {h}
            </Th>
          ))}
        </tr>
      </thead>
      <tbody>
        {loading ? (
          <SkeletonRows columns={HEADERS.length} />
        ) : !entries || entries.length === 0 ? (
          <MessageRow columns={HEADERS.length}>{empty}</MessageRow>
        ) : (
          entries.map((e) => {
            const open = openIds.has(e.id);
            const detailsId = `audit-entry-${e.id}`;
            return (
              <Fragment key={e.id}>
                <Tr className={cn(cardRow, open && "[&>td]:border-b-0 max-md:border-b-0")}>
                  <Td className={cn(cardCell, "whitespace-nowrap text-muted-foreground max-md:text-xs")}>
                    <time dateTime={e.createdAt}>{formatDateTime(e.createdAt)}</time>
                  </Td>
                  <Td className={cn(cardCell, "md:min-w-40")}>
                    <div className="flex flex-wrap items-center gap-1.5">
                      <span className="font-medium">{e.actor.label}</span>
                      {e.actor.role ? (
                        <Badge variant={e.actor.role === "admin" ? "default" : "secondary"}>{e.actor.role}</Badge>
                      ) : null}
                      {e.actor.id !== null ? (
                        <span className="text-xs text-muted-foreground">#{e.actor.id}</span>
                      ) : null}
                    </div>
                  </Td>
                  <Td className={cardCell}>
                    <code className="break-all rounded bg-muted px-1.5 py-0.5 font-mono text-xs">{e.action}</code>
                  </Td>
                  <Td className={cn(cardCell, "break-words")}>
                    {e.targetKind ? (
                      targetText(e.targetKind, e.targetId)
                    ) : (
                      <span className="text-muted-foreground">—</span>
                    )}
                  </Td>
                  <Td className="text-right max-md:col-start-2 max-md:row-span-4 max-md:row-start-1 max-md:block max-md:self-center max-md:border-0 max-md:p-0">
                    <Button
                      variant="ghost"
                      size="sm"
                      aria-expanded={open}
                      aria-controls={open ? detailsId : undefined}
                      onClick={() => toggle(e.id)}
                    >
                      <ChevronDown aria-hidden="true" className={cn("transition-transform", open && "rotate-180")} />
                      {open ? "Hide" : "Show"}
                      <span className="sr-only"> the changes of entry {e.id}</span>
                    </Button>
                  </Td>
                </Tr>
                {open ? (
                  <tr id={detailsId} className="max-md:block">
                    <td colSpan={HEADERS.length} className="border-b bg-muted/20 px-4 pb-4 pt-1 max-md:block">
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
          })
        )}
      </tbody>
    </DataTable>
  );
}
