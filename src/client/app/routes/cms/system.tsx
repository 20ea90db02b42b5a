import {
  Archive,
  CircleCheck,
  Cpu,
  Database,
  GitCommitHorizontal,
  HardDrive,
  Layers,
  ListChecks,
  RefreshCw,
  Server,
  TriangleAlert,
} from "lucide-react";
import { Link } from "wouter";
import { Button } from "@/components/ui/button";
import { CmsPageHeader } from "@/features/cms/shared/components/cms-page-header";
import { LoadError } from "@/features/cms/shared/components/list-screen";
import { useSystemStatus } from "@/features/cms/system/api/system";
import { ProcessesTable } from "@/features/cms/system/components/processes-table";
import { Fact, StatusCard, WARN_SURFACE, When } from "@/features/cms/system/components/status-card";
import {
  formatBytes,
  formatDuration,
  systemWarnings,
  type SystemWarningKind,
} from "@/features/cms/system/components/system-texts";
import { formatNumber } from "@/lib/format";
import { cn } from "@/lib/utils";
import type { SystemStatusView } from "@contract/admin/system";

const STORAGE_KINDS: Record<string, string> = { disk: "Disk (DATA_DIR)", s3: "Object storage (S3)" };
const unknown = <span className="text-muted-foreground">Unknown</span>;

/**
 * /cms/system (D164, admins only): the install at a glance. What needs attention first (migrations not applied, a job
 * failed in the last day, no backup in 36 hours, processes on different versions), then one card each for the version,
 * migrations, database, storage, jobs and backups, then the processes seen in the last minute and this one's memory.
 * Times are relative to when the server read them, the exact time on hover. The screen asks again every 30 s.
 */
export function CmsSystemScreen() {
  const query = useSystemStatus();
  const status = query.data;
  const loading = query.isPending;
  const warnings = status ? systemWarnings(status) : [];
  const warningOf = (kind: SystemWarningKind) => warnings.find((w) => w.kind === kind)?.text;

  return (
    <>
      <CmsPageHeader
        title="System"
        description="This install at a glance: its version, database, storage, background work, backups and the processes serving it."
        icon={<Server />}
        actions={
          <Button variant="outline" size="sm" disabled={query.isFetching} onClick={() => void query.refetch()}>
            <RefreshCw aria-hidden="true" className={cn(query.isFetching && "motion-safe:animate-spin")} />
            Refresh
          </Button>
        }
      />
      <LoadError what="the system status" query={query} />
      {status ? <Health warnings={warnings.map((w) => w.text)} /> : null}

      <section aria-label="Status" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        <StatusCard title="Version" icon={<GitCommitHorizontal />} loading={loading} headline={status?.version.version}>
          {status ? (
            <>
              <Fact label="Commit">
                {status.version.commit ? (
                  <span className="font-mono" title={status.version.commit}>
                    {status.version.commit.slice(0, 7)}
                  </span>
                ) : (
                  unknown
                )}
              </Fact>
              <Fact label="Node.js">{status.thisProcess.nodeVersion}</Fact>
            </>
          ) : null}
        </StatusCard>

        <MigrationsCard status={status} loading={loading} warning={warningOf("migrations")} />

        <StatusCard
          title="Database"
          icon={<Database />}
          loading={loading}
          headline={status?.database.bytes == null ? "—" : formatBytes(status.database.bytes)}
        >
          {status ? (
            <>
              <Fact label="Kind">{status.database.kind === "postgres" ? "PostgreSQL" : "Embedded (PGlite)"}</Fact>
              {status.database.folderBytes !== null ? (
                <Fact label="Folder on disk, with its log">{formatBytes(status.database.folderBytes)}</Fact>
              ) : null}
            </>
          ) : null}
        </StatusCard>

        <StorageCard status={status} loading={loading} />
        <JobsCard status={status} loading={loading} warning={warningOf("jobs")} />
        <BackupCard status={status} loading={loading} warning={warningOf("backup")} />
      </section>

      <section aria-labelledby="system-processes" className="grid gap-3">
        <div>
          <h2 id="system-processes" className="text-lg font-semibold">
            Processes
          </h2>
          <p className="text-sm text-muted-foreground">
            Every server process reports every 15 seconds; those heard from in the last minute.
          </p>
        </div>
        {warningOf("versions") ? (
          <p className={cn("rounded-lg border px-3 py-2 text-sm", WARN_SURFACE)}>{warningOf("versions")}</p>
        ) : null}
        <div className="grid gap-4 xl:grid-cols-3">
          <div className="min-w-0 xl:col-span-2">
            <ProcessesTable status={status} loading={loading} />
          </div>
          <StatusCard
            title="This process"
            icon={<Cpu />}
            loading={loading}
            headline={status ? `${formatBytes(status.thisProcess.rssBytes)} memory` : null}
          >
            {status ? (
              <>
                <Fact label="Up for">{formatDuration(status.thisProcess.uptimeSeconds)}</Fact>
                <Fact label="JavaScript heap">
                  {formatBytes(status.thisProcess.heapUsedBytes)} of {formatBytes(status.thisProcess.heapTotalBytes)}
                </Fact>
                <Fact label="Host">
                  {status.thisProcess.host} · pid {status.thisProcess.pid}
                </Fact>
              </>
            ) : null}
          </StatusCard>
        </div>
      </section>
    </>
  );
}

/** Everything fine, or the list of what is not. */
function Health({ warnings }: { warnings: string[] }) {
  if (warnings.length === 0) {
    return (
      <p
        role="status"
        className="flex items-center gap-2 rounded-xl border border-emerald-300 bg-emerald-50 px-4 py-3 text-sm font-medium text-emerald-900 dark:border-emerald-500/50 dark:bg-emerald-500/10 dark:text-emerald-100"
      >
        <CircleCheck className="size-5 shrink-0" aria-hidden="true" />
        All is well: migrations applied, no failed jobs, a recent backup, one version running.
      </p>
    );
  }
  return (
    <section aria-labelledby="system-attention" className={cn("rounded-xl border px-4 py-3", WARN_SURFACE)}>
      <h2 id="system-attention" className="flex items-center gap-2 font-semibold">
        <TriangleAlert className="size-5 shrink-0" aria-hidden="true" />
        Needs attention
      </h2>
      <ul className="mt-2 list-disc space-y-1 pl-9 text-sm">
        {warnings.map((text) => (
          <li key={text}>{text}</li>
        ))}
      </ul>
    </section>
  );
}

type CardProps = { status: SystemStatusView | undefined; loading: boolean; warning?: string };

function MigrationsCard({ status, loading, warning }: CardProps) {
  const m = status?.migrations;
  return (
    <StatusCard
      title="Migrations"
      icon={<Layers />}
      loading={loading}
      warning={warning}
      headline={
        m ? (m.pending.length ? `${m.files - m.pending.length} of ${m.files} applied` : `${m.applied} applied`) : null
      }
    >
      {status && m ? (
        <>
          <Fact label="Newest">
            {m.newest ? <span className="font-mono text-xs">{m.newest.name ?? "not in this version"}</span> : "None"}
          </Fact>
          <Fact label="Applied">
            {m.newest?.appliedAt ? <When at={m.newest.appliedAt} now={status.checkedAt} /> : unknown}
          </Fact>
          {m.pending.length ? (
            <Fact label="Not applied" warn>
              <span className="font-mono text-xs">{m.pending.join(", ")}</span>
            </Fact>
          ) : null}
          {m.unknown ? <Fact label="From a newer version">{m.unknown}</Fact> : null}
        </>
      ) : null}
    </StatusCard>
  );
}

function StorageCard({ status, loading }: CardProps) {
  const s = status?.storage;
  return (
    <StatusCard
      title="Storage"
      icon={<HardDrive />}
      loading={loading}
      headline={s ? (s.bytes === null ? "Counting…" : formatBytes(s.bytes)) : null}
    >
      {status && s ? (
        <>
          <Fact label="Where">{STORAGE_KINDS[s.kind] ?? s.kind}</Fact>
          <Fact label="Files">{s.objects === null ? "—" : formatNumber(s.objects)}</Fact>
          <Fact label="Counted">
            {s.countedAt ? <When at={s.countedAt} now={status.checkedAt} /> : "not yet"}
            {s.counting && s.countedAt ? " (counting again)" : ""}
          </Fact>
          {s.error ? (
            <Fact label="Last count failed" warn>
              <span title={s.error}>{s.error}</span>
            </Fact>
          ) : null}
        </>
      ) : null}
    </StatusCard>
  );
}

function JobsCard({ status, loading, warning }: CardProps) {
  const j = status?.jobs;
  const waitedSeconds =
    status && j?.oldestWaitingSince ? (Date.parse(status.checkedAt) - Date.parse(j.oldestWaitingSince)) / 1000 : null;
  return (
    <StatusCard
      title="Jobs"
      icon={<ListChecks />}
      loading={loading}
      warning={warning}
      headline={j ? `${formatNumber(j.counts.queued)} queued, ${formatNumber(j.counts.running)} running` : null}
      footer={
        <Link href="~/cms/jobs" className="text-sm font-medium text-primary underline-offset-4 hover:underline">
          Open Jobs
        </Link>
      }
    >
      {j ? (
        <>
          <Fact label="Failed in the last 24 h" warn={j.failedLastDay > 0}>
            {formatNumber(j.failedLastDay)}
          </Fact>
          <Fact label="Longest wait">{waitedSeconds === null ? "Nothing due" : formatDuration(waitedSeconds)}</Fact>
        </>
      ) : null}
    </StatusCard>
  );
}

function BackupCard({ status, loading, warning }: CardProps) {
  const b = status?.lastBackup;
  return (
    <StatusCard
      title="Last backup"
      icon={<Archive />}
      loading={loading}
      warning={warning}
      headline={status ? b ? <When at={b.at} now={status.checkedAt} /> : "None yet" : null}
    >
      {b ? (
        <>
          <Fact label="Size">{formatBytes(b.bytes)}</Fact>
          <Fact label="File">
            <span className="font-mono text-xs" title={b.key}>
              {b.key.replace(/^backups\//, "")}
            </span>
          </Fact>
        </>
      ) : null}
    </StatusCard>
  );
}
