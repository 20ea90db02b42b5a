import { Loader2, Save } from "lucide-react";
import { useId, useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/components/ui/use-toast";
import { Field, fieldAria } from "@/features/cms/shared/components/field";
import {
  CONSENT_TOOL_URL_SETTING,
  parseScriptUrl,
  SCRIPT_URL_MESSAGE,
  STATISTICS_SCRIPT_URL_SETTING,
} from "@contract/consent-constants";
import { useSettings } from "../api/get-settings";
import { settingsSaveError, useUpdateSettings } from "../api/update-settings";

const FIELDS = [
  {
    key: CONSENT_TOOL_URL_SETTING,
    label: "IAB TCF consent tool script",
    hint: "The script address your consent tool (CMP) gives you. While set, it replaces the site's cookie notice, and games reach it through the TCF locator. Leave empty to use the built-in notice.",
  },
  {
    key: STATISTICS_SCRIPT_URL_SETTING,
    label: "Statistics script",
    hint: "An analytics script, loaded only for visitors who allow statistics. Leave empty for none.",
  },
] as const;

type Key = (typeof FIELDS)[number]["key"];

/** D150: the consent tool and the statistics script (site.consent_tool_url, site.statistics_script_url). */
export function ConsentCard() {
  const id = useId();
  const settings = useSettings();
  const save = useUpdateSettings();
  const stored = (key: Key) => settings.data?.content.find((i) => i.key === key)?.value ?? "";
  const [values, setValues] = useState<Partial<Record<Key, string>>>({});
  const [errors, setErrors] = useState<Partial<Record<Key, string>>>({});
  const shown = (key: Key) => values[key] ?? stored(key);

  function submit(e: FormEvent) {
    e.preventDefault();
    const found: Partial<Record<Key, string>> = {};
    for (const f of FIELDS) if (parseScriptUrl(shown(f.key)) === undefined) found[f.key] = SCRIPT_URL_MESSAGE;
    setErrors(found);
    const first = FIELDS.find((f) => found[f.key]);
    if (first) {
      document.getElementById(`${id}-${first.key}`)?.focus();
      return;
    }
    save.mutate(
      { site: Object.fromEntries(FIELDS.map((f) => [f.key, parseScriptUrl(shown(f.key)) ?? ""])) },
      {
        onSuccess: () => {
          setValues({});
          toast({ title: "Consent settings saved" });
        },
        onError: settingsSaveError((message) => setErrors({ [CONSENT_TOOL_URL_SETTING]: message })),
      },
    );
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Consent</CardTitle>
        <CardDescription>
          Who decides which optional cookies and scripts a visitor allows: the built-in cookie notice, or an IAB TCF
          consent tool.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {settings.data ? (
          <form onSubmit={submit} noValidate className="grid gap-4">
            {FIELDS.map((f) => {
              const fieldId = `${id}-${f.key}`;
              return (
                <Field key={f.key} id={fieldId} label={f.label} hint={f.hint} error={errors[f.key]}>
                  <Input
                    id={fieldId}
                    type="url"
                    inputMode="url"
                    placeholder="https://"
                    value={shown(f.key)}
                    onChange={(e) => {
                      setValues((v) => ({ ...v, [f.key]: e.target.value }));
                      setErrors((v) => ({ ...v, [f.key]: undefined }));
                    }}
                    {...fieldAria(fieldId, errors[f.key], true)}
                  />
                </Field>
              );
            })}
            <div>
              <Button type="submit" variant="gradient" disabled={save.isPending}>
                {save.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Save aria-hidden="true" />}
                {save.isPending ? "Saving..." : "Save Consent Settings"}
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
