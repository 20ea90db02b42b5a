import { Download } from "lucide-react";
import { buttonClasses } from "@/components/ui/button";
import { DataTable, MessageRow, SkeletonRows, Td, Th, Tr } from "@/features/cms/shared/components/data-table";
import { formatDateTime } from "@/lib/format";
import { cn } from "@/lib/utils";
import type { BackupView } from "@contract/admin/backups";
import { backupDownloadUrl } from "../api/backups";

const HEADERS = ["Backup", "Made", "Size", "Download"];

/** Below md the table is a list of cards, as the jobs table (features/cms/jobs). */
const cardTable = "max-md:block max-md:[&_tbody]:block";
const cardRow =
  "max-md:flex max-md:flex-wrap max-md:items-center max-md:gap-x-3 max-md:gap-y-1 max-md:border-b max-md:px-4 max-md:py-3";
const cardCell = "max-md:block max-md:border-0 max-md:p-0";

/** 1,234,567 → "1.2 MB". */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ["KB", "MB", "GB", "TB"];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toFixed(value < 10 ? 1 : 0)} ${units[unit]}`;
}

/** D160: the backups kept in the file store, newest first, each a download. */
export function BackupsTable({ backups, loading }: { backups: BackupView[] | undefined; loading: boolean }) {
  return (
    <DataTable label="Backups" tableClassName={cardTable}>
      <thead className="max-md:sr-only">
        <tr>
          {HEADERS.map((h) => (
            <Th key={h} className={h === "Download" ? "text-right" : h === "Size" ? "text-right" : undefined}>
              {h}
            </Th>
          ))}
        </tr>
      </thead>
      <tbody>
        {loading ? (
          <SkeletonRows columns={HEADERS.length} />
        ) : !backups || backups.length === 0 ? (
          <MessageRow columns={HEADERS.length}>
            No backups yet: the daily job writes the first one, or make one now.
          </MessageRow>
        ) : (
          backups.map((backup) => (
            <Tr key={backup.name} className={cardRow}>
              <Td className={cn(cardCell, "max-md:basis-full")}>
                <span className="break-all font-mono text-sm">{backup.name}</span>
              </Td>
              <Td className={cn(cardCell, "whitespace-nowrap text-sm text-muted-foreground")}>
                {formatDateTime(backup.createdAt)}
              </Td>
              <Td className={cn(cardCell, "text-right tabular-nums text-sm")}>{formatSize(backup.size)}</Td>
              <Td className={cn(cardCell, "text-right max-md:ml-auto")}>
                <a
                  href={backupDownloadUrl(backup.name)}
                  download={backup.name}
                  className={buttonClasses("outline", "sm")}
                >
                  <Download aria-hidden="true" />
                  Download<span className="sr-only">: {backup.name}</span>
                </a>
              </Td>
            </Tr>
          ))
        )}
      </tbody>
    </DataTable>
  );
}
