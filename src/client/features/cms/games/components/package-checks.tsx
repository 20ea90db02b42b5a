import { AlertTriangle, CheckCircle2, Loader2, Play, XCircle } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { errorMessage } from "@/lib/api-client";
import { formatDateTime, formatNumber } from "@/lib/format";
import { cn } from "@/lib/utils";
import type { BootResult, PackageCheck, StaticReport } from "@contract/admin/build-checks";
import { BOOT_TEST, DETECTED_SDK_LABELS, type CheckStatus } from "@contract/admin/build-checks-constants";
import { usePackageCheck, useSaveBootResult } from "../api/package-checks";
import { BootRecorder, bootFrameUrl, frameOriginOf } from "../boot-test";
import { formatBytes } from "./package-info";

const STATUS_TEXT: Record<CheckStatus, string> = { pass: "Pass", warning: "Warning", fail: "Fail" };

function StatusIcon({ status }: { status: CheckStatus }) {
  const Icon = status === "pass" ? CheckCircle2 : status === "warning" ? AlertTriangle : XCircle;
  return (
    <Icon
      aria-hidden="true"
      className={cn(
        "mt-0.5 size-4 shrink-0",
        status === "pass" && "text-emerald-600 dark:text-emerald-400",
        status === "warning" && "text-amber-600 dark:text-amber-400",
        status === "fail" && "text-destructive",
      )}
    />
  );
}

function StatusBadge({ status }: { status: CheckStatus }) {
  return (
    <Badge
      variant={status === "fail" ? "destructive" : "outline"}
      className={cn(
        status === "pass" && "border-emerald-600/50 text-emerald-700 dark:text-emerald-300",
        status === "warning" && "border-amber-600/50 text-amber-700 dark:text-amber-300",
      )}
    >
      {STATUS_TEXT[status]}
    </Badge>
  );
}

/** "320 ms" or "1.4 s". */
export function formatMs(ms: number): string {
  return ms < 1000 ? `${ms} ms` : `${(Math.round(ms / 100) / 10).toFixed(1)} s`;
}

const FIRST_FRAME_BY: Record<NonNullable<BootResult["firstFrameBy"]>, string> = {
  canvas: "first drawing on a canvas",
  dom: "page ready and painted",
  load: "frame loaded",
};

function Facts({ report }: { report: StaticReport }) {
  return (
    <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
      <dt className="text-muted-foreground">Initial download</dt>
      <dd className="tabular-nums">
        {formatBytes(report.initialDownload.bytes)} in {formatNumber(report.initialDownload.files.length)}{" "}
        {report.initialDownload.files.length === 1 ? "file" : "files"}
      </dd>
      <dt className="text-muted-foreground">Unpacked</dt>
      <dd className="tabular-nums">
        {formatBytes(report.unpackedBytes)}, {formatNumber(report.fileCount)}{" "}
        {report.fileCount === 1 ? "file" : "files"}
      </dd>
      <dt className="text-muted-foreground">SDK</dt>
      <dd>{report.sdks.length ? report.sdks.map((s) => DETECTED_SDK_LABELS[s]).join(", ") : "None found"}</dd>
      <dt className="text-muted-foreground">Outside hosts</dt>
      <dd>
        {report.outsideHosts.length === 0 ? (
          "None"
        ) : (
          <ul className="grid gap-1" aria-label="Outside hosts">
            {report.outsideHosts.map((h) => (
              <li key={h.host} className="min-w-0">
                <span className="font-medium break-all">{h.host}</span>
                {h.scripts.length ? (
                  <span className="block text-xs break-all text-muted-foreground">scripts: {h.scripts.join(", ")}</span>
                ) : null}
                {h.files.length ? (
                  <span className="block text-xs break-all text-muted-foreground">named in {h.files.join(", ")}</span>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </dd>
    </dl>
  );
}

function BootResultView({ boot }: { boot: BootResult }) {
  return (
    <div className="grid gap-2 text-sm" data-testid="boot-result">
      <p className="flex items-center gap-2 font-medium">
        <StatusIcon status={boot.started ? (boot.errors.length ? "warning" : "pass") : "fail"} />
        {boot.started ? "Started" : "Did not start within 20 s"}
      </p>
      <dl className="grid gap-x-4 gap-y-1 sm:grid-cols-[auto_1fr]">
        <dt className="text-muted-foreground">First frame</dt>
        <dd className="tabular-nums">
          {boot.firstFrameMs === null
            ? "not seen"
            : `${formatMs(boot.firstFrameMs)}${boot.firstFrameBy ? ` (${FIRST_FRAME_BY[boot.firstFrameBy]})` : ""}`}
        </dd>
        <dt className="text-muted-foreground">gameplayStart</dt>
        <dd className="tabular-nums">
          {boot.gameplayStartMs === null ? "not called" : formatMs(boot.gameplayStartMs)}
        </dd>
        <dt className="text-muted-foreground">Errors</dt>
        <dd>
          {boot.errors.length === 0 ? (
            "None"
          ) : (
            <ul className="grid gap-1" aria-label="Errors">
              {boot.errors.map((e, i) => (
                <li key={i} className="font-mono text-xs break-all text-destructive">
                  {e}
                </li>
              ))}
            </ul>
          )}
        </dd>
      </dl>
      {boot.picture ? (
        <img
          src={boot.picture}
          alt="The game's canvas at the end of the boot test"
          className="max-h-48 w-auto max-w-full self-start rounded border"
        />
      ) : boot.pictureNote ? (
        <p className="text-xs text-muted-foreground">{boot.pictureNote}</p>
      ) : null}
      <p className="text-xs text-muted-foreground">
        Run {boot.ranBy ? `by ${boot.ranBy} ` : ""}on {formatDateTime(boot.ranAt)} in {boot.userAgent || "a browser"}
      </p>
    </div>
  );
}

/** After gameplayStart, how long the test still listens for errors; without an SDK, how long after the first frame. */
const AFTER_START_MS = 1000;
const AFTER_FRAME_NO_SDK_MS = 3000;
const PICTURE_WAIT_MS = 2000;

/**
 * D132's "Run boot test": loads the game in a frame that is rendered (so that the browser paints it) but not seen,
 * hears it through BootRecorder, and keeps the result with the report.
 */
function BootTest({ frameUrl, gameId, check }: { frameUrl: string; gameId: number; check: PackageCheck }) {
  const save = useSaveBootResult(gameId);
  const [running, setRunning] = useState(false);
  const frameRef = useRef<HTMLIFrameElement>(null);
  const recorder = useRef<BootRecorder | null>(null);
  const usesSdk = check.report.sdks.length > 0;

  function run() {
    const startedAt = performance.now();
    recorder.current = new BootRecorder(frameUrl, () => performance.now() - startedAt);
    save.reset();
    setRunning(true);
  }

  useEffect(() => {
    const rec = recorder.current;
    if (!running || !rec) return;
    const onMessage = (event: MessageEvent) => void rec.hear(event, frameRef.current?.contentWindow);
    window.addEventListener("message", onMessage);
    let finishing = false;
    let pictureTimer: ReturnType<typeof setInterval> | undefined;
    const done = () => {
      clearInterval(pictureTimer);
      save.mutate(rec.result(check.packageHash, usesSdk, navigator.userAgent));
      setRunning(false);
    };
    const finish = () => {
      finishing = true;
      const origin = frameOriginOf(frameUrl);
      if (origin) frameRef.current?.contentWindow?.postMessage({ arcadiumBootProbe: 1, type: "picture" }, origin);
      const askedAt = rec.now();
      pictureTimer = setInterval(() => {
        if (rec.picture || rec.now() - askedAt >= PICTURE_WAIT_MS) done();
      }, 50);
    };
    const watch = setInterval(() => {
      if (finishing) return;
      const now = rec.now();
      const first = rec.firstFrameAt;
      if (rec.gameplayStartAt !== null && now >= rec.gameplayStartAt + AFTER_START_MS) finish();
      else if (!usesSdk && first !== null && now >= first + AFTER_FRAME_NO_SDK_MS) finish();
      else if (now >= BOOT_TEST.timeoutMs) finish();
    }, 100);
    return () => {
      clearInterval(watch);
      clearInterval(pictureTimer);
      window.removeEventListener("message", onMessage);
    };
    // save is stable enough: its mutate is only called once per run
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one run per click (ADR 006)
  }, [running]);

  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap items-center gap-2">
        <Button type="button" size="sm" variant="outline" onClick={run} disabled={running || save.isPending}>
          {running ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Play aria-hidden="true" />}
          {running ? "Running boot test…" : "Run boot test"}
        </Button>
        <span className="text-xs text-muted-foreground">
          Loads the game here, unseen, for up to 20 s: time to the first frame and to gameplayStart, and its errors.
        </span>
      </div>
      {running ? (
        <iframe
          ref={frameRef}
          src={bootFrameUrl(frameUrl)}
          title="Boot test"
          aria-hidden="true"
          tabIndex={-1}
          onLoad={() => recorder.current?.frameLoaded()}
          sandbox="allow-scripts allow-same-origin"
          // Rendered in the window (an off-screen frame of another origin may not be painted), but not seen.
          className="pointer-events-none fixed right-0 bottom-0 h-[360px] w-[640px] border-0 opacity-0"
        />
      ) : null}
      {save.isError ? (
        <p role="alert" className="text-sm text-destructive">
          Could not keep the boot test: {errorMessage(save.error)}
        </p>
      ) : null}
      {check.boot && !running ? <BootResultView boot={check.boot} /> : null}
    </div>
  );
}

/** D132: the latest check report of a game's package in the game editor, and its boot test. */
export function PackageChecks({ gameId, frameUrl }: { gameId: number; frameUrl: string }) {
  const query = usePackageCheck(gameId);
  const check = query.data;
  return (
    <section
      aria-labelledby={`checks-${gameId}`}
      className="grid gap-3 rounded-lg border p-3"
      data-testid="package-checks"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={`checks-${gameId}`} className="text-sm font-semibold">
          Checks
        </h3>
        {check ? (
          <span className="flex items-center gap-2 text-xs text-muted-foreground">
            {formatDateTime(check.checkedAt)}
            <StatusBadge status={check.report.status} />
          </span>
        ) : null}
      </div>
      {query.isPending ? (
        <p className="text-sm text-muted-foreground">Loading the check report…</p>
      ) : query.isError ? (
        <p role="alert" className="text-sm text-destructive">
          Could not load the check report: {errorMessage(query.error)}
        </p>
      ) : !check ? (
        <p className="text-sm text-muted-foreground">
          No check report yet: packages are checked when they are uploaded.
        </p>
      ) : (
        <>
          <ul className="grid gap-1.5" aria-label="Findings">
            {check.report.findings.map((f) => (
              <li key={f.id} className="flex gap-2 text-sm">
                <StatusIcon status={f.status} />
                <span className="min-w-0">
                  <span className="sr-only">{STATUS_TEXT[f.status]}: </span>
                  {f.message}
                </span>
              </li>
            ))}
          </ul>
          <Facts report={check.report} />
          <BootTest frameUrl={frameUrl} gameId={gameId} check={check} />
        </>
      )}
    </section>
  );
}
