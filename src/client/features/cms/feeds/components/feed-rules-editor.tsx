import { Loader2, Save } from "lucide-react";
import { useEffect, useId, useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input, Label } from "@/components/ui/input";
import { Switch } from "@/components/ui/switch";
import { toast } from "@/components/ui/use-toast";
import { Field, fieldAria } from "@/features/cms/shared/components/field";
import { errorMessage } from "@/lib/api-client";
import type { FeedDetail, FeedRules } from "@contract/admin/feeds";
import { useUpdateFeed } from "../api/feeds";
import { parseList } from "./feed-texts";

/** The rules as the form holds them: the tags as typed, the quota as typed. */
export type RulesForm = {
  autoApprove: boolean;
  mobileOnly: boolean;
  requireTags: string;
  excludeTags: string;
  publish: "at-once" | "per-day";
  perDay: string;
};

export function rulesFormOf(rules: FeedRules): RulesForm {
  return {
    autoApprove: rules.autoApprove !== undefined,
    mobileOnly: rules.autoApprove?.mobile === true,
    requireTags: (rules.autoApprove?.requireTags ?? []).join(", "),
    excludeTags: (rules.autoApprove?.excludeTags ?? []).join(", "),
    publish: rules.publishPerDay === undefined ? "at-once" : "per-day",
    perDay: rules.publishPerDay === undefined ? "10" : String(rules.publishPerDay),
  };
}

/** The rules to save (D111), or the reason the quota cannot be: absent `autoApprove` approves nothing by itself. */
export function rulesOf(form: RulesForm): { rules: FeedRules } | { error: string } {
  let publishPerDay: number | undefined;
  if (form.publish === "per-day") {
    publishPerDay = Number(form.perDay.trim());
    if (!/^\d+$/.test(form.perDay.trim()) || publishPerDay < 1 || publishPerDay > 10_000)
      return { error: "Publish per day is a whole number from 1 to 10,000" };
  }
  const requireTags = parseList(form.requireTags);
  const excludeTags = parseList(form.excludeTags);
  return {
    rules: {
      ...(form.autoApprove
        ? {
            autoApprove: {
              ...(form.mobileOnly ? { mobile: true as const } : {}),
              ...(requireTags.length ? { requireTags } : {}),
              ...(excludeTags.length ? { excludeTags } : {}),
            },
          }
        : {}),
      ...(publishPerDay !== undefined ? { publishPerDay } : {}),
    },
  };
}

/**
 * D111: what the feed approves without a person (on or off; only mobile games, tags required, tags excluded) and how
 * approved items publish (at once, or at most N in 24 hours), saved as a whole (PATCH rules).
 */
export function FeedRulesEditor({ feed }: { feed: FeedDetail }) {
  const uid = useId();
  const id = (name: string) => `${uid}-${name}`;
  const update = useUpdateFeed();
  const [form, setForm] = useState(() => rulesFormOf(feed.rules));
  const [error, setError] = useState<string | null>(null);
  const saved = JSON.stringify(feed.rules);
  useEffect(() => {
    setForm(rulesFormOf(feed.rules));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reset when the stored rules change (ADR 006)
  }, [feed.id, saved]);
  const set = <K extends keyof RulesForm>(key: K, value: RulesForm[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    setError(null);
  };

  function submit(e: FormEvent) {
    e.preventDefault();
    const outcome = rulesOf(form);
    if ("error" in outcome) {
      setError(outcome.error);
      return;
    }
    update.mutate(
      { id: feed.id, patch: { rules: outcome.rules } },
      {
        onSuccess: () => toast({ title: "Rules saved" }),
        onError: (err) => setError(`The rules were not saved: ${errorMessage(err)}`),
      },
    );
  }

  const off = !form.autoApprove;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Rules</CardTitle>
        <CardDescription>
          What this feed approves without you, and how fast approved games are published. Tags are compared without
          regard to case.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} noValidate className="grid gap-5">
          <div className="flex items-center justify-between gap-4 rounded-lg border p-3">
            <div>
              <Label id={id("auto-label")}>Approve new items automatically</Label>
              <p className="mt-1 text-xs text-muted-foreground">Off: every new item waits in the inbox for you.</p>
            </div>
            <Switch
              aria-labelledby={id("auto-label")}
              checked={form.autoApprove}
              onCheckedChange={(v) => set("autoApprove", v)}
            />
          </div>
          <fieldset disabled={off} className="grid gap-4 disabled:opacity-60">
            <legend className="sr-only">Which items are approved automatically</legend>
            <label htmlFor={id("mobile")} className="flex cursor-pointer items-center gap-2 text-sm font-medium">
              <input
                id={id("mobile")}
                type="checkbox"
                className="size-4 accent-primary"
                checked={form.mobileOnly}
                onChange={(e) => set("mobileOnly", e.target.checked)}
              />
              Only games that play on mobile
            </label>
            <div className="grid gap-4 sm:grid-cols-2">
              <Field id={id("require")} label="Required tags" hint="Comma-separated: an item needs every one.">
                <Input
                  id={id("require")}
                  value={form.requireTags}
                  placeholder="e.g. puzzle, html5"
                  onChange={(e) => set("requireTags", e.target.value)}
                  {...fieldAria(id("require"), undefined, true)}
                />
              </Field>
              <Field
                id={id("exclude")}
                label="Excluded tags"
                hint="Comma-separated: an item with any is left in the inbox."
              >
                <Input
                  id={id("exclude")}
                  value={form.excludeTags}
                  placeholder="e.g. horror, shooter"
                  onChange={(e) => set("excludeTags", e.target.value)}
                  {...fieldAria(id("exclude"), undefined, true)}
                />
              </Field>
            </div>
          </fieldset>
          <fieldset className="grid gap-2">
            <legend className="mb-2 text-sm font-medium">Publish approved games</legend>
            <label className="flex cursor-pointer items-center gap-2 text-sm">
              <input
                type="radio"
                name={id("publish")}
                className="size-4 accent-primary"
                checked={form.publish === "at-once"}
                onChange={() => set("publish", "at-once")}
              />
              At once
            </label>
            <div className="flex flex-wrap items-center gap-2 text-sm">
              <label className="flex cursor-pointer items-center gap-2">
                <input
                  type="radio"
                  name={id("publish")}
                  className="size-4 accent-primary"
                  checked={form.publish === "per-day"}
                  onChange={() => set("publish", "per-day")}
                />
                At most
              </label>
              {/* Input is full width: a box of its own keeps it short */}
              <div className="w-24">
                <Input
                  id={id("per-day")}
                  aria-label="Games published per day"
                  inputMode="numeric"
                  value={form.perDay}
                  disabled={form.publish !== "per-day"}
                  onChange={(e) => set("perDay", e.target.value.replace(/\D/g, "").slice(0, 5))}
                  aria-invalid={error?.startsWith("Publish per day") ? true : undefined}
                />
              </div>
              <span>a day</span>
            </div>
          </fieldset>
          {error ? (
            <p role="alert" className="text-sm font-medium text-destructive">
              {error}
            </p>
          ) : null}
          <div>
            <Button type="submit" variant="gradient" disabled={update.isPending}>
              {update.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Save aria-hidden="true" />}
              Save the rules
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
