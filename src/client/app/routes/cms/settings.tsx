import { CheckCircle2, CircleAlert, KeyRound, Loader2, Mail, Save, Settings } from "lucide-react";
import { useEffect, useId, useMemo, useState, type FormEvent } from "react";
import { CONTENT_DEFAULTS } from "@contract/content";
import { SEASON_LENGTH_SETTING } from "@contract/leaderboard-constants";
import { DIRECT_MESSAGES_SETTING, directMessagesEnabled } from "@contract/direct-messages-constants";
import { ALLOW_SEARCH_ENGINES_SETTING } from "@contract/pages";
import { CLOUD_SAVE_QUOTA_KIB, CLOUD_SAVE_QUOTA_MESSAGE, CLOUD_SAVE_QUOTA_SETTING, parseCloudSaveQuotaKib } from "@contract/saves-constants";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/components/ui/use-toast";
import { errorMessage } from "@/lib/api-client";
import { useSettings } from "@/features/cms/settings/api/get-settings";
import { settingsSaveError, useUpdateSettings } from "@/features/cms/settings/api/update-settings";
import { CmsPageHeader } from "@/features/cms/shared/components/cms-page-header";
import { Field, fieldAria } from "@/features/cms/shared/components/field";
import { MessagesCard } from "@/features/cms/settings/components/messages-card";
import { SeasonLengthCard } from "@/features/cms/settings/components/season-length-card";
import { CommunitySafetyCard } from "@/features/cms/settings/components/community-safety-card";
import { COMMUNITY_SAFETY_SETTINGS } from "@contract/community-constants";

/** The site.* keys the public site reads (D1, D40), always offered even before they are stored. */
const KNOWN_SITE_KEYS: Array<{ key: string; label: string; hint: string }> = [
  { key: "name", label: "Site name", hint: "Shown in the header, footer and every page title." },
  { key: "tagline", label: "Tagline", hint: "The home page title: '{name} - {tagline}'." },
];

function StatusRow({ icon, title, ok, children }: { icon: React.ReactNode; title: string; ok: boolean; children: React.ReactNode }) {
  return (
    <div className="flex items-start gap-3 rounded-lg border p-4">
      <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary [&_svg]:size-4">{icon}</span>
      <div className="min-w-0 flex-1 space-y-1">
        <div className="flex flex-wrap items-center gap-2">
          <p className="font-medium">{title}</p>
          {ok ? (
            <Badge variant="new">
              <CheckCircle2 aria-hidden="true" />
              Configured
            </Badge>
          ) : (
            <Badge variant="secondary">
              <CircleAlert aria-hidden="true" />
              Not configured
            </Badge>
          )}
        </div>
        <p className="text-sm text-muted-foreground">{children}</p>
      </div>
    </div>
  );
}

type SiteSwitch = {
  /** the site.* key it stores "true" or "false" under */
  setting: string;
  /** whether a stored value (or none) means on */
  isOn: (stored: string | undefined) => boolean;
  title: string;
  description: string;
  label: string;
  hint: (on: boolean) => string;
  saved: (on: boolean) => string;
};

/** An on/off site setting, saved as soon as it changes; the box follows the click at once and a failed save puts it back. */
function SiteSwitchCard({ setting, isOn, title, description, label, hint, saved }: SiteSwitch) {
  const id = useId();
  const settings = useSettings();
  const save = useUpdateSettings();
  const stored = settings.data?.content.find((i) => i.key === setting)?.value;
  const [choice, setChoice] = useState<boolean | null>(null);
  const on = choice ?? isOn(stored);
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>
        {settings.data ? (
          <div className="flex items-start gap-3 rounded-lg border p-4">
            <input
              id={id}
              type="checkbox"
              className="mt-1 size-4 shrink-0 accent-primary"
              checked={on}
              disabled={save.isPending}
              aria-describedby={`${id}-hint`}
              onChange={(e) => {
                const next = e.target.checked;
                setChoice(next);
                save.mutate(
                  { site: { [setting]: next ? "true" : "false" } },
                  {
                    onSuccess: () => toast({ title: saved(next) }),
                    onError: (err) => toast({ title: "Error", description: `Failed to save settings: ${errorMessage(err)}`, variant: "destructive" }),
                    onSettled: () => setChoice(null),
                  },
                );
              }}
            />
            <div className="space-y-1">
              <label htmlFor={id} className="font-medium">
                {label}
              </label>
              <p id={`${id}-hint`} className="text-sm text-muted-foreground">
                {hint(on)}
              </p>
            </div>
          </div>
        ) : settings.isError ? null : (
          <Skeleton className="h-20 w-full" />
        )}
      </CardContent>
    </Card>
  );
}

/** D72: the switch "Allow search engines" (on unless set to "false"). */
const SEARCH_ENGINES_SWITCH: SiteSwitch = {
  setting: ALLOW_SEARCH_ENGINES_SETTING,
  isOn: (stored) => stored?.trim().toLowerCase() !== "false",
  title: "Search engines",
  description: "Whether search engines may list this site's pages.",
  label: "Allow search engines",
  hint: (on) =>
    on
      ? "Pages can be indexed; robots.txt and the sitemap list them."
      : "Every page asks not to be indexed and robots.txt disallows everything (for private installs, such as a school's).",
  saved: (on) => (on ? "Search engines allowed" : "Search engines turned away"),
};

/** D88: the switch "Direct messages" (on unless set to "false"). */
const DIRECT_MESSAGES_SWITCH: SiteSwitch = {
  setting: DIRECT_MESSAGES_SETTING,
  isOn: directMessagesEnabled,
  title: "Direct messages",
  description: "Whether friends can send each other private messages.",
  label: "Allow direct messages",
  hint: (on) =>
    on
      ? "Players can message their friends."
      : "Nobody can send a message (for sites such as a school's); players can still read the messages they already have.",
  saved: (on) => (on ? "Direct messages turned on" : "Direct messages turned off"),
};

/** Site settings with a card of their own, left out of the Site form's list of other text items. */
const SETTINGS_WITH_THEIR_OWN_CARD = new Set([ALLOW_SEARCH_ENGINES_SETTING, CLOUD_SAVE_QUOTA_SETTING, DIRECT_MESSAGES_SETTING, SEASON_LENGTH_SETTING]);

/** D76: how many KiB of cloud saves each player may keep per game (site.cloud_save_quota_kib). */
function CloudSaveQuotaCard() {
  const id = useId();
  const settings = useSettings();
  const save = useUpdateSettings();
  const stored = settings.data?.content.find((i) => i.key === CLOUD_SAVE_QUOTA_SETTING)?.value;
  const current = String(parseCloudSaveQuotaKib(stored ?? "") ?? CLOUD_SAVE_QUOTA_KIB.default);
  const [value, setValue] = useState<string | null>(null);
  const [error, setError] = useState<string | undefined>();
  const shown = value ?? current;

  function submit(e: FormEvent) {
    e.preventDefault();
    const kib = parseCloudSaveQuotaKib(shown);
    if (kib === undefined) {
      setError(CLOUD_SAVE_QUOTA_MESSAGE);
      document.getElementById(id)?.focus();
      return;
    }
    save.mutate(
      { site: { [CLOUD_SAVE_QUOTA_SETTING]: String(kib) } },
      {
        onSuccess: () => {
          setValue(null);
          toast({ title: "Cloud save quota saved" });
        },
        onError: settingsSaveError(setError),
      },
    );
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Cloud saves</CardTitle>
        <CardDescription>The space each signed-in player has for a game's saved data.</CardDescription>
      </CardHeader>
      <CardContent>
        {settings.data ? (
          <form onSubmit={submit} noValidate className="grid gap-4">
            <Field
              id={id}
              label="Cloud save quota per player and game (KiB)"
              hint={`From ${CLOUD_SAVE_QUOTA_KIB.min} to ${CLOUD_SAVE_QUOTA_KIB.max} KiB; ${CLOUD_SAVE_QUOTA_KIB.default} KiB (1 MiB) by default. Lowering it deletes nothing: a player over it can only shrink their data.`}
              error={error}
            >
              <Input
                id={id}
                type="number"
                inputMode="numeric"
                min={CLOUD_SAVE_QUOTA_KIB.min}
                max={CLOUD_SAVE_QUOTA_KIB.max}
                step={1}
                value={shown}
                onChange={(e) => {
                  setValue(e.target.value);
                  setError(undefined);
                }}
                {...fieldAria(id, error, true)}
              />
            </Field>
            <div>
              <Button type="submit" variant="gradient" disabled={save.isPending}>
                {save.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Save aria-hidden="true" />}
                {save.isPending ? "Saving..." : "Save Quota"}
              </Button>
            </div>
          </form>
        ) : settings.isError ? null : (
          <Skeleton className="h-20 w-full" />
        )}
      </CardContent>
    </Card>
  );
}

/** /cms/settings (D47): the site.* content, whether mail and Google sign-in are configured, and the messages inbox. */
export function CmsSettingsScreen() {
  const uid = useId();
  const settings = useSettings();
  const save = useUpdateSettings();
  const [values, setValues] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});

  const rows = useMemo(() => {
    const stored = new Map((settings.data?.content ?? []).map((i) => [i.key, i]));
    const known = KNOWN_SITE_KEYS.map((k) => ({ ...k, stored: stored.get(k.key)?.value }));
    const others = (settings.data?.content ?? [])
      .filter((i) => !KNOWN_SITE_KEYS.some((k) => k.key === i.key) && !SETTINGS_WITH_THEIR_OWN_CARD.has(i.key) && i.valueType === "text")
      // D98: the Community safety card edits these
      .filter((i) => !COMMUNITY_SAFETY_SETTINGS.includes(i.key))
      .map((i) => ({ key: i.key, label: i.key, hint: `site.${i.key}`, stored: i.value as string | undefined }));
    return [...known, ...others];
  }, [settings.data]);

  // The form shows the stored values (or the built-in defaults) whenever they load or change.
  useEffect(() => {
    if (!settings.data) return;
    setValues(Object.fromEntries(rows.map((r) => [r.key, r.stored ?? CONTENT_DEFAULTS[`site.${r.key}`] ?? ""])));
    setErrors({});
  }, [settings.data, rows]);

  function submit(e: FormEvent) {
    e.preventDefault();
    const nextErrors: Record<string, string> = {};
    for (const r of rows) if (!(values[r.key] ?? "").trim()) nextErrors[r.key] = "Value is required";
    setErrors(nextErrors);
    if (Object.keys(nextErrors).length > 0) {
      document.getElementById(`${uid}-${Object.keys(nextErrors)[0]}`)?.focus();
      return;
    }
    const site = Object.fromEntries(rows.map((r) => [r.key, values[r.key].trim()]));
    save.mutate(
      { site },
      {
        onSuccess: () => toast({ title: "Settings saved" }),
        onError: (err) => toast({ title: "Error", description: `Failed to save settings: ${errorMessage(err)}`, variant: "destructive" }),
      },
    );
  }

  return (
    <>
      <CmsPageHeader title="Settings" description="Site identity, seasons, integrations and messages from visitors." icon={<Settings />} />
      <div className="grid gap-6 lg:grid-cols-2">
        <div className="grid content-start gap-6">
          <Card>
            <CardHeader>
              <CardTitle>Site</CardTitle>
              <CardDescription>The name and tagline the public site shows (website content, section site).</CardDescription>
            </CardHeader>
            <CardContent>
              {settings.isPending ? (
                <div className="space-y-4">
                  <Skeleton className="h-10 w-full" />
                  <Skeleton className="h-10 w-full" />
                </div>
              ) : settings.isError ? (
                <p role="alert" className="text-sm text-destructive">
                  Failed to load settings: {errorMessage(settings.error)}
                </p>
              ) : (
                <form onSubmit={submit} noValidate className="grid gap-4">
                  {rows.map((r) => {
                    const id = `${uid}-${r.key}`;
                    return (
                      <Field key={r.key} id={id} label={r.label} hint={r.hint} error={errors[r.key]}>
                        <Input
                          id={id}
                          value={values[r.key] ?? ""}
                          onChange={(e) => {
                            const v = e.target.value;
                            setValues((prev) => ({ ...prev, [r.key]: v }));
                            if (errors[r.key]) setErrors(({ [r.key]: _, ...rest }) => rest);
                          }}
                          {...fieldAria(id, errors[r.key], true)}
                        />
                      </Field>
                    );
                  })}
                  <div>
                    <Button type="submit" variant="gradient" disabled={save.isPending}>
                      {save.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Save aria-hidden="true" />}
                      {save.isPending ? "Saving..." : "Save Settings"}
                    </Button>
                  </div>
                </form>
              )}
            </CardContent>
          </Card>
          <SeasonLengthCard />
        </div>
        <div className="grid content-start gap-6">
          <Card>
            <CardHeader>
              <CardTitle>Integrations</CardTitle>
              <CardDescription>Set through the server's environment; shown here read-only.</CardDescription>
            </CardHeader>
            <CardContent className="grid gap-3">
              {settings.data ? (
                <>
                  <StatusRow icon={<Mail />} title="Mail (SMTP)" ok={settings.data.mail.configured}>
                    {settings.data.mail.configured
                      ? `Sign-in codes are sent by email from ${settings.data.mail.from}.`
                      : "SMTP_URL is not set: sign-in codes are printed to the server log instead of being emailed."}
                  </StatusRow>
                  <StatusRow icon={<KeyRound />} title="Google sign-in" ok={settings.data.google.configured}>
                    {settings.data.google.configured
                      ? "Players can sign in with Google."
                      : "Set GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET to offer 'Continue with Google'."}
                  </StatusRow>
                </>
              ) : settings.isError ? null : (
                <>
                  <Skeleton className="h-20 w-full" />
                  <Skeleton className="h-20 w-full" />
                </>
              )}
            </CardContent>
          </Card>
          <SiteSwitchCard {...SEARCH_ENGINES_SWITCH} />
          <CloudSaveQuotaCard />
          <SiteSwitchCard {...DIRECT_MESSAGES_SWITCH} />
          <CommunitySafetyCard />
        </div>
      </div>
      <MessagesCard />
    </>
  );
}
