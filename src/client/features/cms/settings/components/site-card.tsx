import { Loader2, Save } from "lucide-react";
import { useEffect, useId, useMemo, useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/components/ui/use-toast";
import { Field, fieldAria } from "@/features/cms/shared/components/field";
import { errorMessage } from "@/lib/api-client";
import { COMMUNITY_SAFETY_SETTINGS } from "@contract/community-constants";
import { CONSENT_SCRIPT_SETTINGS } from "@contract/consent-constants";
import { CONTENT_DEFAULTS } from "@contract/content";
import { DIRECT_MESSAGES_SETTING } from "@contract/direct-messages-constants";
import { SEASON_LENGTH_SETTING } from "@contract/leaderboard-constants";
import { ALLOW_SEARCH_ENGINES_SETTING } from "@contract/pages";
import { CLOUD_SAVE_QUOTA_SETTING } from "@contract/saves-constants";
import { useSettings } from "../api/get-settings";
import { useUpdateSettings } from "../api/update-settings";

/** The site.* keys the public site reads (D1), always offered even before they are stored. */
const KNOWN_SITE_KEYS: Array<{ key: string; label: string; hint: string }> = [
  { key: "name", label: "Site name", hint: "Shown in the header, footer and every page title." },
  { key: "tagline", label: "Tagline", hint: "The home page title: '{name} - {tagline}'." },
];

/** Site settings with a card of their own, left out of this card's list of other text items. */
const SETTINGS_WITH_THEIR_OWN_CARD = new Set([
  ALLOW_SEARCH_ENGINES_SETTING,
  CLOUD_SAVE_QUOTA_SETTING,
  DIRECT_MESSAGES_SETTING,
  SEASON_LENGTH_SETTING,
  ...CONSENT_SCRIPT_SETTINGS,
]);

/** The site's name, tagline and other site.* text items (D47). */
export function SiteCard() {
  const uid = useId();
  const settings = useSettings();
  const save = useUpdateSettings();
  const [values, setValues] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});

  const rows = useMemo(() => {
    const stored = new Map((settings.data?.content ?? []).map((i) => [i.key, i]));
    const known = KNOWN_SITE_KEYS.map((k) => ({ ...k, stored: stored.get(k.key)?.value }));
    const others = (settings.data?.content ?? [])
      .filter(
        (i) =>
          !KNOWN_SITE_KEYS.some((k) => k.key === i.key) &&
          !SETTINGS_WITH_THEIR_OWN_CARD.has(i.key) &&
          i.valueType === "text",
      )
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
        onError: (err) =>
          toast({
            title: "Error",
            description: `Failed to save settings: ${errorMessage(err)}`,
            variant: "destructive",
          }),
      },
    );
  }

  return (
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
  );
}
