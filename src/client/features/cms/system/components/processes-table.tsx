import { Badge } from "@/components/ui/badge";
import { DataTable, MessageRow, SkeletonRows, Td, Th, Tr } from "@/features/cms/shared/components/data-table";
import { cn } from "@/lib/utils";
import type { ProcessRole, SystemStatusView } from "@contract/admin/system";
import { WARN_SURFACE, When } from "./status-card";

const HEADERS = ["Process", "Version", "Started", "Last seen"];
const ROLE_LABELS: Record<ProcessRole, string> = { site: "the site", games: "the games", jobs: "jobs" };

/* Below md each row is a card (as in the jobs table), so that a phone reads it without scrolling sideways. */
const cardTable = "max-md:block max-md:[&_tbody]:block";
const cardRow =
  "max-md:flex max-md:flex-wrap max-md:items-center max-md:gap-x-3 max-md:gap-y-1 max-md:border-b max-md:px-4 max-md:py-3";
const cardCell = "max-md:block max-md:border-0 max-md:p-0";

/** D164: the server processes whose heartbeat arrived in the last minute; their versions in amber when they differ. */
export function ProcessesTable({ status, loading }: { status: SystemStatusView | undefined; loading: boolean }) {
  const processes = status?.processes;
  const mixed = new Set(processes?.map((p) => p.version)).size > 1;
  return (
    <DataTable label="Processes" tableClassName={cardTable}>
      <thead className="max-md:sr-only">
        <tr>
          {HEADERS.map((h) => (
            <Th key={h}>{h}</Th>
          ))}
        </tr>
      </thead>
      <tbody>
        {loading || !status ? (
          <SkeletonRows columns={HEADERS.length} rows={2} />
        ) : !processes || processes.length === 0 ? (
          <MessageRow columns={HEADERS.length}>No process has reported in the last minute.</MessageRow>
        ) : (
          processes.map((p) => {
            const self = p.host === status.thisProcess.host && p.pid === status.thisProcess.pid;
            return (
              <Tr key={p.id} className={cardRow}>
                <Td className={cn(cardCell, "max-md:basis-full")}>
                  <span className="break-all font-medium">{p.host}</span>
                  <span className="text-muted-foreground"> · pid {p.pid}</span>
                  {self ? (
                    <Badge variant="secondary" className="ml-2">
                      Answered this page
                    </Badge>
                  ) : null}
                  <span className="block text-xs text-muted-foreground">
                    Runs {p.roles.map((role) => ROLE_LABELS[role]).join(", ")}
                  </span>
                </Td>
                <Td className={cardCell}>
                  <span
                    className={cn(
                      "rounded-md px-1.5 py-0.5 font-mono text-xs",
                      mixed ? cn("border", WARN_SURFACE) : "bg-muted",
                    )}
                  >
                    {p.version}
                  </span>
                </Td>
                <Td className={cn(cardCell, "whitespace-nowrap text-sm text-muted-foreground")}>
                  <span className="md:hidden">Started </span>
                  <When at={p.startedAt} now={status.checkedAt} />
                </Td>
                <Td className={cn(cardCell, "whitespace-nowrap text-sm text-muted-foreground")}>
                  <span className="md:hidden">Seen </span>
                  <When at={p.seenAt} now={status.checkedAt} />
                </Td>
              </Tr>
            );
          })
        )}
      </tbody>
    </DataTable>
  );
}
