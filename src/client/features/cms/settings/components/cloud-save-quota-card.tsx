import { Loader2, Save } from "lucide-react";
import { useId, useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/components/ui/use-toast";
import { Field, fieldAria } from "@/features/cms/shared/components/field";
import {
  CLOUD_SAVE_QUOTA_KIB,
  CLOUD_SAVE_QUOTA_MESSAGE,
  CLOUD_SAVE_QUOTA_SETTING,
  parseCloudSaveQuotaKib,
} from "@contract/saves-constants";
import { useSettings } from "../api/get-settings";
import { settingsSaveError, useUpdateSettings } from "../api/update-settings";

/** D76: how many KiB of cloud saves each player may keep per game (site.cloud_save_quota_kib). */
export function CloudSaveQuotaCard() {
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
