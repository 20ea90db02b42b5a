import { Archive, CalendarClock, DatabaseBackup } from "lucide-react";
import { Button } from "@/components/ui/button";
import { useBackups, useStartBackup } from "@/features/cms/backups/api/backups";
import { BackupsTable } from "@/features/cms/backups/components/backups-table";
import { CmsPageHeader } from "@/features/cms/shared/components/cms-page-header";
import { LoadError, toastOutcome } from "@/features/cms/shared/components/list-screen";
import { formatDateTime } from "@/lib/format";

/**
 * /cms/backups (D160, admins only): the archives the daily job keeps in the file store, newest first, with their size
 * and a download each; "Back up now" queues one at once. Restoring is a command on the server (README, Backups).
 */
export function CmsBackupsScreen() {
  const backups = useBackups();
  const start = useStartBackup();
  const page = backups.data;

  return (
    <>
      <CmsPageHeader
        title="Backups"
        description="Every stored file and every row of the database in one archive, written each day while the site runs."
        icon={<DatabaseBackup />}
      />
      <section
        aria-labelledby="backup-schedule"
        className="flex flex-wrap items-start justify-between gap-3 rounded-xl border bg-card p-4 shadow-sm"
      >
        <div className="grid min-w-0 gap-1">
          <h2 id="backup-schedule" className="font-medium">
            Daily backup
          </h2>
          <p className="text-sm text-muted-foreground">
            <CalendarClock className="mr-1 inline size-4 align-[-3px]" aria-hidden="true" />
            {page
              ? `Next: ${formatDateTime(page.nextRunAt)}. The newest ${page.keep} are kept.`
              : "Every day at 03:30 UTC."}
          </p>
          <p className="text-sm text-muted-foreground">
            To restore one, download it and run{" "}
            <code className="rounded bg-muted px-1 font-mono text-xs">npm run restore -- FILE</code> on a new, empty
            installation.
          </p>
        </div>
        <Button
          size="sm"
          disabled={start.isPending}
          onClick={() =>
            start.mutate(
              undefined,
              toastOutcome("A backup will be made now; it appears here once written", "Could not start a backup"),
            )
          }
        >
          <Archive aria-hidden="true" />
          Back up now
        </Button>
      </section>
      <section aria-labelledby="backup-list" className="grid gap-3">
        <h2 id="backup-list" className="text-lg font-semibold">
          Kept backups
        </h2>
        <LoadError what="the backups" query={backups} />
        <BackupsTable backups={page?.backups} loading={backups.isPending} />
      </section>
    </>
  );
}
