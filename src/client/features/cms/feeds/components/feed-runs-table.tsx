import { Badge } from "@/components/ui/badge";
import { DataTable, MessageRow, Td, Th, Tr } from "@/features/cms/shared/components/data-table";
import { formatDateTime } from "@/lib/format";
import { cn } from "@/lib/utils";
import type { FeedRunView } from "@contract/admin/feeds";
import { RUN_STATE_LABELS } from "./feed-texts";
import { RUN_STATE_BADGES } from "./feeds-table";

const HEADERS = ["Started", "State", "Pages", "New", "Updated", "Gone", "Invalid", "Error"];
const NUMBERS = new Set(["Pages", "New", "Updated", "Gone", "Invalid"]);

/* Below md a run is a card: its time and state, then its counts in a row, then its error. */
const cardTable = "max-md:block max-md:[&_tbody]:block";
const cardRow =
  "max-md:flex max-md:flex-wrap max-md:items-center max-md:gap-x-3 max-md:gap-y-1 max-md:border-b max-md:px-4 max-md:py-3";
const cardCell = "max-md:block max-md:border-0 max-md:p-0";

/** D113: a feed's last runs, newest first, with their counts and the reason a run failed or items were set aside. */
export function FeedRunsTable({ runs }: { runs: FeedRunView[] }) {
  return (
    <DataTable label="Runs" tableClassName={cardTable}>
      <thead className="max-md:sr-only">
        <tr>
          {HEADERS.map((h) => (
            <Th key={h} className={NUMBERS.has(h) ? "text-right" : undefined}>
              {h}
            </Th>
          ))}
        </tr>
      </thead>
      <tbody>
        {runs.length === 0 ? (
          <MessageRow columns={HEADERS.length}>No runs yet: sync the feed to read it.</MessageRow>
        ) : (
          runs.map((run) => (
            <Tr key={run.id} className={cardRow}>
              <Td className={cn(cardCell, "whitespace-nowrap text-sm")}>{formatDateTime(run.startedAt)}</Td>
              <Td className={cardCell}>
                <Badge variant={RUN_STATE_BADGES[run.state]}>{RUN_STATE_LABELS[run.state]}</Badge>
              </Td>
              {(
                [
                  [run.pages === 1 ? "page" : "pages", run.pages],
                  ["new", run.newItems],
                  ["updated", run.updatedItems],
                  ["gone", run.goneItems],
                  ["invalid", run.invalidItems],
                ] as const
              ).map(([what, count]) => (
                <Td key={what} className={cn(cardCell, "text-right tabular-nums max-md:text-sm")}>
                  {count}
                  <span className="md:hidden"> {what}</span>
                </Td>
              ))}
              <Td
                className={cn(cardCell, "max-w-sm max-md:max-w-none max-md:basis-full", !run.error && "max-md:hidden")}
              >
                {run.error ? (
                  <span className="line-clamp-3 break-words font-mono text-xs text-destructive" title={run.error}>
                    {run.error}
                  </span>
                ) : (
                  <span className="text-muted-foreground">—</span>
                )}
              </Td>
            </Tr>
          ))
        )}
      </tbody>
    </DataTable>
  );
}
