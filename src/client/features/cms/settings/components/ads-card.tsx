import { Ban, Film, Image as ImageIcon, Loader2, Megaphone, Save, Trash2, Upload, Zap } from "lucide-react";
import { useId, useRef, useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { RadioCard } from "@/components/ui/radio-card";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/components/ui/use-toast";
import { Field, fieldAria } from "@/features/cms/shared/components/field";
import { ApiError, errorMessage } from "@/lib/api-client";
import { HOUSE_AD_LIMITS } from "@contract/ads-constants";
import { useAdsOverview, useDeleteHouseAd, useSaveAdSettings, useUploadHouseAd, type AdsOverview } from "../api/ads";

const PROVIDERS = [
  { value: "none", label: "None", hint: "No ads anywhere (the default).", icon: <Ban /> },
  { value: "house", label: "House ads", hint: "Your own images and videos.", icon: <Megaphone /> },
  {
    value: "google",
    label: "Google H5 Games Ads",
    hint: "Google's ads inside the game frame, after consent.",
    icon: <Zap />,
  },
  { value: "vast", label: "VAST tag", hint: "Video ads from your ad server, after consent.", icon: <Film /> },
] as const;

function saveError(setError: (message: string) => void) {
  return (err: unknown) =>
    err instanceof ApiError && err.status < 500
      ? setError(err.serverMessage)
      : toast({ title: "Error", description: errorMessage(err), variant: "destructive" });
}

/** The provider and the policy (D152, D153). */
function AdSettingsForm({ settings }: { settings: AdsOverview["settings"] }) {
  const id = useId();
  const save = useSaveAdSettings();
  const [provider, setProvider] = useState(settings.provider);
  const [first, setFirst] = useState(String(settings.firstAdAfterSeconds));
  const [gap, setGap] = useState(String(settings.minSecondsBetweenAds));
  const [reward, setReward] = useState(settings.rewardWhenOff);
  const [gamesOff, setGamesOff] = useState(settings.gamesOff.join(", "));
  const [clientId, setClientId] = useState(settings.googleClientId);
  const [hint, setHint] = useState(String(settings.googleFrequencyHintSeconds));
  const [testMode, setTestMode] = useState(settings.googleTestMode);
  const [vastTag, setVastTag] = useState(settings.vastTagUrl);
  const [error, setError] = useState<string | undefined>();

  function submit(e: FormEvent) {
    e.preventDefault();
    const ids = gamesOff
      .split(/[\s,]+/)
      .filter(Boolean)
      .map(Number);
    if (ids.some((n) => !Number.isInteger(n) || n <= 0)) {
      setError("Games without ads: write game ids (whole numbers) separated by commas");
      return;
    }
    save.mutate(
      {
        provider,
        firstAdAfterSeconds: Number(first),
        minSecondsBetweenAds: Number(gap),
        rewardWhenOff: reward,
        gamesOff: ids,
        googleClientId: clientId.trim(),
        googleFrequencyHintSeconds: Number(hint),
        googleTestMode: testMode,
        vastTagUrl: vastTag.trim(),
      },
      { onSuccess: () => toast({ title: "Ad settings saved" }), onError: saveError(setError) },
    );
  }

  return (
    <form onSubmit={submit} noValidate className="grid gap-4" aria-label="Ad settings">
      <fieldset>
        <legend className="mb-3 text-sm font-medium">Provider</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {PROVIDERS.map((p) => (
            <RadioCard
              key={p.value}
              name={`${id}-provider`}
              value={p.value}
              checked={provider === p.value}
              disabled={save.isPending}
              onSelect={() => setProvider(p.value)}
              icon={p.icon}
              label={p.label}
              hint={p.hint}
            />
          ))}
        </div>
      </fieldset>
      {provider === "google" && (
        <fieldset className="grid gap-4 rounded-lg border p-4">
          <legend className="px-1 text-sm font-medium">Google H5 Games Ads</legend>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field id={`${id}-client`} label="Client id" hint="Your AdSense publisher id, ca-pub-…">
              <Input
                id={`${id}-client`}
                value={clientId}
                placeholder="ca-pub-1234567890123456"
                onChange={(e) => setClientId(e.target.value)}
              />
            </Field>
            <Field
              id={`${id}-hint`}
              label="Frequency hint (seconds)"
              hint="Google's own gap between ads, 30 s or more."
            >
              <Input
                id={`${id}-hint`}
                type="number"
                min={30}
                max={3600}
                value={hint}
                onChange={(e) => setHint(e.target.value)}
              />
            </Field>
          </div>
          <label className="inline-flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              checked={testMode}
              onChange={(e) => setTestMode(e.target.checked)}
              className="accent-primary"
            />
            Test mode: Google shows test ads only (no earnings)
          </label>
        </fieldset>
      )}
      {provider === "vast" && (
        <Field
          id={`${id}-vast`}
          label="VAST tag address"
          hint="The player's browser asks it for a video ad; its host is added to the site's security policy."
        >
          <Input
            id={`${id}-vast`}
            type="url"
            value={vastTag}
            placeholder="https://ads.example.net/vast?…"
            onChange={(e) => setVastTag(e.target.value)}
          />
        </Field>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id={`${id}-first`} label="First ad after (seconds)">
          <Input
            id={`${id}-first`}
            type="number"
            min={0}
            max={3600}
            value={first}
            onChange={(e) => setFirst(e.target.value)}
          />
        </Field>
        <Field id={`${id}-gap`} label="At most one ad every (seconds)">
          <Input
            id={`${id}-gap`}
            type="number"
            min={0}
            max={3600}
            value={gap}
            onChange={(e) => setGap(e.target.value)}
          />
        </Field>
      </div>
      <fieldset>
        <legend className="mb-2 text-sm font-medium">When no ad can be shown, a rewarded ad</legend>
        <div className="flex flex-wrap gap-4 text-sm">
          {(["grant", "refuse"] as const).map((v) => (
            <label key={v} className="inline-flex items-center gap-2">
              <input
                type="radio"
                name={`${id}-reward`}
                value={v}
                checked={reward === v}
                onChange={() => setReward(v)}
                className="accent-primary"
              />
              {v === "grant" ? "grants the reward" : "gives no reward"}
            </label>
          ))}
        </div>
      </fieldset>
      <Field
        id={`${id}-games`}
        label="Games without ads (ids)"
        hint="No ads ever on these games. School mode turns every ad off."
        error={error}
      >
        <Input
          id={`${id}-games`}
          value={gamesOff}
          placeholder="e.g. 3, 12"
          onChange={(e) => {
            setGamesOff(e.target.value);
            setError(undefined);
          }}
          {...fieldAria(`${id}-games`, error, true)}
        />
      </Field>
      <div>
        <Button type="submit" variant="gradient" disabled={save.isPending}>
          {save.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Save aria-hidden="true" />}
          {save.isPending ? "Saving..." : "Save Ad Settings"}
        </Button>
      </div>
    </form>
  );
}

/** Uploading a house ad: an image or a video, its link, weight and dates. */
function HouseAdUpload() {
  const id = useId();
  const upload = useUploadHouseAd();
  const formRef = useRef<HTMLFormElement>(null);
  const [error, setError] = useState<string | undefined>();
  const accept = [...HOUSE_AD_LIMITS.imageTypes, ...HOUSE_AD_LIMITS.videoTypes].join(",");

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setError(undefined);
    const form = new FormData(e.currentTarget);
    upload.mutate(form, {
      onSuccess: () => {
        formRef.current?.reset();
        toast({ title: "House ad added" });
      },
      onError: saveError(setError),
    });
  }

  return (
    <form ref={formRef} onSubmit={submit} noValidate className="grid gap-3" aria-label="Add a house ad">
      <h3 className="text-sm font-semibold">Add a house ad</h3>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field id={`${id}-title`} label="Title">
          <Input id={`${id}-title`} name="title" required maxLength={HOUSE_AD_LIMITS.maxTitleChars} />
        </Field>
        <Field id={`${id}-link`} label="Link (opens in a new tab)">
          <Input id={`${id}-link`} name="link" type="url" required placeholder="https://" />
        </Field>
        <Field id={`${id}-weight`} label="Weight (1 to 100)">
          <Input id={`${id}-weight`} name="weight" type="number" min={1} max={100} defaultValue={1} />
        </Field>
        <Field
          id={`${id}-media`}
          label="Image or video"
          hint="PNG, JPEG, WebP or GIF up to 2 MB; MP4 or WebM up to 20 MB."
        >
          <Input id={`${id}-media`} name="media" type="file" accept={accept} required />
        </Field>
        <Field id={`${id}-start`} label="From (optional)">
          <Input id={`${id}-start`} name="startsOn" type="date" />
        </Field>
        <Field id={`${id}-end`} label="Until (optional)">
          <Input id={`${id}-end`} name="endsOn" type="date" />
        </Field>
      </div>
      {error ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
      <div>
        <Button type="submit" variant="outline" disabled={upload.isPending}>
          {upload.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Upload aria-hidden="true" />}
          {upload.isPending ? "Uploading..." : "Upload House Ad"}
        </Button>
      </div>
    </form>
  );
}

function dates(ad: AdsOverview["houseAds"][number]) {
  if (!ad.startsOn && !ad.endsOn) return "always";
  return `${ad.startsOn ?? "…"} to ${ad.endsOn ?? "…"}`;
}

function HouseAdList({ ads }: { ads: AdsOverview["houseAds"] }) {
  const remove = useDeleteHouseAd();
  if (!ads.length) return <p className="text-sm text-muted-foreground">No house ads yet.</p>;
  return (
    <ul className="grid gap-2" aria-label="House ads">
      {ads.map((ad) => (
        <li key={ad.id} className="flex items-center gap-3 rounded-lg border p-2">
          {ad.kind === "image" ? (
            <img src={ad.mediaUrl} alt="" className="size-12 shrink-0 rounded object-cover" />
          ) : (
            <span className="grid size-12 shrink-0 place-items-center rounded bg-muted text-xs">video</span>
          )}
          <div className="min-w-0 flex-1 text-sm">
            <p className="truncate font-medium">{ad.title}</p>
            <p className="truncate text-xs text-muted-foreground">
              weight {ad.weight} · {dates(ad)} · {ad.link}
            </p>
          </div>
          <Button
            variant="ghost"
            size="icon"
            aria-label={`Delete ${ad.title}`}
            disabled={remove.isPending}
            onClick={() => remove.mutate(ad.id)}
          >
            <Trash2 aria-hidden="true" />
          </Button>
        </li>
      ))}
    </ul>
  );
}

/** D153: the daily counts as a plain table (the chart is later work). */
function AdStatsTable({ rows }: { rows: AdsOverview["stats"] }) {
  if (!rows.length) return <p className="text-sm text-muted-foreground">No ads counted in the last 30 days.</p>;
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-xs tabular-nums">
        <caption className="sr-only">Ad events per day, game and placement</caption>
        <thead className="text-muted-foreground">
          <tr>
            {["Day", "Game", "Placement", "Shown", "No fill", "Skipped", "Rewards", "Clicks"].map((h) => (
              <th key={h} scope="col" className="px-2 py-1 font-medium">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={`${r.day}-${r.gameId}-${r.placement}`} className="border-t">
              <td className="px-2 py-1 whitespace-nowrap">{r.day}</td>
              <td className="px-2 py-1">{r.gameTitle}</td>
              <td className="px-2 py-1">{r.placement}</td>
              <td className="px-2 py-1">{r.impressions}</td>
              <td className="px-2 py-1">{r.noFills}</td>
              <td className="px-2 py-1">{r.dismissals}</td>
              <td className="px-2 py-1">{r.rewards}</td>
              <td className="px-2 py-1">{r.clicks}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Settings → Ads (D152, D153): the provider, the policy, house ads and their counts. */
export function AdsCard() {
  const overview = useAdsOverview();
  const data = overview.data;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <ImageIcon className="size-5" aria-hidden="true" />
          Ads
        </CardTitle>
        <CardDescription>
          Which ads games may show, and how often. Never in school mode; house ads set no cookies.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        {data ? (
          <>
            <AdSettingsForm key={JSON.stringify(data.settings)} settings={data.settings} />
            <div className="grid gap-3 border-t pt-4">
              <HouseAdList ads={data.houseAds} />
              <HouseAdUpload />
            </div>
            <div className="grid gap-2 border-t pt-4">
              <h3 className="text-sm font-semibold">Last 30 days</h3>
              <AdStatsTable rows={data.stats} />
            </div>
          </>
        ) : overview.isError ? null : (
          <Skeleton className="h-40 w-full" />
        )}
      </CardContent>
    </Card>
  );
}
