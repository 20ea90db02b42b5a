import { CalendarDays, CalendarRange, Infinity as Endless, Loader2, Save } from "lucide-react";
import { useId, useState, type FormEvent, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { RadioCard } from "@/components/ui/radio-card";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/components/ui/use-toast";
import { useCurrentSeason } from "@/features/cms/scores/api/get-seasons";
import {
  DEFAULT_SEASON_LENGTH,
  parseSeasonLength,
  SEASON_LENGTH_SETTING,
  seasonLabel,
  type SeasonLength,
} from "@contract/leaderboard-constants";
import { useSettings } from "../api/get-settings";
import { settingsSaveError, useUpdateSettings } from "../api/update-settings";

const OPTIONS: Array<{ value: SeasonLength; label: string; hint: string; icon: ReactNode }> = [
  { value: "week", label: "Weekly", hint: "A new season every Monday.", icon: <CalendarDays /> },
  { value: "month", label: "Monthly", hint: "A new season on the 1st.", icon: <CalendarRange /> },
  { value: "none", label: "None", hint: "One endless season.", icon: <Endless /> },
];

export const SEASON_LENGTH_EXPLANATION =
  "Seasons turn at 00:00 UTC on Mondays (weekly) or on the 1st (monthly). Changing the length ends the current season at the next boundary of the new length.";

const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
/** "Mon 30 Nov 2026 at 00:00 UTC": a season's end, in UTC as seasons turn (the same on the server's render and in any browser). */
function seasonEnd(iso: string): string {
  const d = new Date(iso);
  const hm = `${String(d.getUTCHours()).padStart(2, "0")}:${String(d.getUTCMinutes()).padStart(2, "0")}`;
  return `${WEEKDAYS[d.getUTCDay()]} ${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()} at ${hm} UTC`;
}

/** The open season, and when it ends (in UTC, as seasons turn at 00:00 UTC). */
function CurrentSeason() {
  const season = useCurrentSeason();
  if (!season.data) return null;
  const s = season.data;
  return (
    <p className="text-sm text-muted-foreground" data-testid="current-season">
      Current season: <span className="font-medium text-foreground">{seasonLabel(s)}</span>
      {s.endsAt === null ? ", no end" : `, ends ${seasonEnd(s.endsAt)}`}.
    </p>
  );
}

/**
 * D91: the site's season length (site.season_length: week, the default, month or none), saved through the settings
 * PATCH, which reschedules the open season's end. The server's refusal shows by the choices.
 */
export function SeasonLengthCard() {
  const id = useId();
  const settings = useSettings();
  const save = useUpdateSettings();
  const stored = settings.data?.content.find((i) => i.key === SEASON_LENGTH_SETTING)?.value;
  const current = parseSeasonLength(stored ?? "") ?? DEFAULT_SEASON_LENGTH;
  const [choice, setChoice] = useState<SeasonLength | null>(null);
  const [error, setError] = useState<string | undefined>();
  const shown = choice ?? current;

  function submit(e: FormEvent) {
    e.preventDefault();
    save.mutate(
      { site: { [SEASON_LENGTH_SETTING]: shown } },
      {
        onSuccess: () => {
          setChoice(null);
          toast({ title: `Season length set to ${OPTIONS.find((o) => o.value === shown)!.label.toLowerCase()}` });
        },
        onError: settingsSaveError(setError),
      },
    );
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Seasons</CardTitle>
        <CardDescription>
          How long a season of the leaderboards lasts before its standings are archived.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {settings.data ? (
          <form onSubmit={submit} noValidate className="grid gap-4">
            <fieldset aria-describedby={`${id}-hint${error ? ` ${id}-error` : ""}`}>
              <legend className="mb-3 text-sm font-medium">Season length</legend>
              <div className="grid gap-2 sm:grid-cols-3">
                {OPTIONS.map((o) => {
                  const checked = shown === o.value;
                  return (
                    <RadioCard
                      key={o.value}
                      name={`${id}-length`}
                      value={o.value}
                      checked={checked}
                      disabled={save.isPending}
                      onSelect={() => {
                        setChoice(o.value);
                        setError(undefined);
                      }}
                      icon={o.icon}
                      label={o.label}
                      hint={o.hint}
                    />
                  );
                })}
              </div>
              <p id={`${id}-hint`} className="mt-3 text-xs text-muted-foreground">
                {SEASON_LENGTH_EXPLANATION}
              </p>
              {error ? (
                <p id={`${id}-error`} role="alert" className="mt-2 text-sm font-medium text-destructive">
                  {error}
                </p>
              ) : null}
            </fieldset>
            <CurrentSeason />
            <div>
              <Button type="submit" variant="gradient" disabled={save.isPending || shown === current}>
                {save.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Save aria-hidden="true" />}
                {save.isPending ? "Saving..." : "Save Season Length"}
              </Button>
            </div>
          </form>
        ) : settings.isError ? null : (
          <Skeleton className="h-32 w-full" />
        )}
      </CardContent>
    </Card>
  );
}
