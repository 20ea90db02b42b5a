import { useId, useState } from "react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/components/ui/use-toast";
import { errorMessage } from "@/lib/api-client";
import { useSettings } from "../api/get-settings";
import { useUpdateSettings } from "../api/update-settings";

export type SiteSwitch = {
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
export function SiteSwitchCard({ setting, isOn, title, description, label, hint, saved }: SiteSwitch) {
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
                    onError: (err) =>
                      toast({
                        title: "Error",
                        description: `Failed to save settings: ${errorMessage(err)}`,
                        variant: "destructive",
                      }),
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
