import { Plus, Save } from "lucide-react";
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { toast } from "@/components/ui/use-toast";
import { Field, fieldAria } from "@/features/cms/shared/components/field";
import { FormDialogFooter } from "@/features/cms/shared/components/form-dialog-footer";
import { errorMessage } from "@/lib/api-client";
import { FEED_KINDS, FEED_MAPPED_FIELDS, type FeedKind, type FeedView } from "@contract/admin/feeds";
import { FEED_SCHEDULES, type FeedSchedule } from "@contract/feeds-constants";
import { useCreateFeed, useUpdateFeed } from "../api/feeds";
import {
  carriesAdsByDefault,
  createPayload,
  EMPTY_FEED_FORM,
  feedFormOf,
  MAPPED_FIELD_LABELS,
  patchPayload,
  REQUIRED_MAPPED_FIELDS,
  validateFeedForm,
  type FeedForm,
  type FeedFormError,
  type FeedFormField,
} from "./feed-form";
import { DEFAULT_ADDRESSES, KIND_LABELS, SCHEDULE_LABELS } from "./feed-texts";

const REQUIRED = new Set<string>(REQUIRED_MAPPED_FIELDS);
/** The required paths first, then the others in the contract's order. */
const MAPPED_FIELDS_SHOWN = [...REQUIRED_MAPPED_FIELDS, ...FEED_MAPPED_FIELDS.filter((f) => !REQUIRED.has(f))];
/** Examples of where a feed keeps what it must map. */
const PLACEHOLDERS: Partial<Record<string, string>> = {
  externalId: "e.g. id",
  title: "e.g. title",
  embedUrl: "e.g. links.play",
};

/** "(required)" to a screen reader, an asterisk to the eye (the mapping's note says what it means). */
function Required() {
  return (
    <>
      <span aria-hidden="true" className="text-destructive">
        {" *"}
      </span>
      <span className="sr-only"> (required)</span>
    </>
  );
}

/**
 * Add feed (POST /api/admin/feeds) and Edit feed (PATCH /api/admin/feeds/{id}, D110): the kind, a name, the
 * address (a distributor's own when left empty), GamePix's publisher id, the schedule, whether its games carry their
 * own ads (D115) and, for a JSON feed, where each of our fields is in its items. A refusal is shown in the form, with
 * everything typed kept.
 */
export function FeedDialog({
  open,
  feed,
  onOpenChange,
}: {
  open: boolean;
  /** the feed edited; none: a new feed */
  feed?: FeedView | null;
  onOpenChange: (open: boolean) => void;
}) {
  const uid = useId();
  const id = (name: string) => `${uid}-${name}`;
  const editing = feed ?? null;
  const [form, setForm] = useState<FeedForm>(() => (editing ? feedFormOf(editing) : EMPTY_FEED_FORM));
  const [error, setError] = useState<FeedFormError | null>(null);
  const [refused, setRefused] = useState<string | null>(null);
  const inputs = useRef<Partial<Record<FeedFormField, HTMLInputElement | null>>>({});
  const create = useCreateFeed();
  const update = useUpdateFeed();
  const pending = create.isPending || update.isPending;

  useEffect(() => {
    setForm(editing ? feedFormOf(editing) : EMPTY_FEED_FORM);
    setError(null);
    setRefused(null);
    // Reset only when another feed is opened (not on every refetch of the list).
    // eslint-disable-next-line react-hooks/exhaustive-deps -- keyed on the opened feed on purpose (ADR 006)
  }, [editing?.id, open]);

  const set = <K extends keyof FeedForm>(key: K, value: FeedForm[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    if (error?.field === key) setError(null);
  };
  const setPath = (field: keyof FeedForm["fields"], value: string) => {
    setForm((f) => ({ ...f, fields: { ...f.fields, [field]: value } }));
    if (error?.field === field) setError(null);
  };
  const errorOf = (field: FeedFormField) => (error?.field === field ? error.message : undefined);
  const ref = (field: FeedFormField) => (el: HTMLInputElement | null) => {
    inputs.current[field] = el;
  };

  function close(next: boolean) {
    if (!next && pending) return;
    onOpenChange(next);
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    const problem = validateFeedForm(form);
    setError(problem);
    setRefused(null);
    if (problem) {
      inputs.current[problem.field]?.focus();
      return;
    }
    const done = (title: string) => () => {
      toast({ title });
      onOpenChange(false);
    };
    const failed = (err: unknown) => setRefused(errorMessage(err));
    if (editing) {
      update.mutate({ id: editing.id, patch: patchPayload(form) }, { onSuccess: done("Feed saved"), onError: failed });
    } else {
      create.mutate(createPayload(form), { onSuccess: done("Feed added"), onError: failed });
    }
  }

  const distributor = form.kind === "json" ? null : form.kind;
  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{editing ? "Edit feed" : "Add feed"}</DialogTitle>
          <DialogDescription>
            {editing
              ? `Change how "${editing.name}" is read and when it syncs.`
              : "A distributor's catalogue, or any JSON feed, read into the inbox for you to approve."}
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="grid gap-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <Field
              id={id("kind")}
              label="Kind"
              hint={editing ? "A feed's kind cannot change: add another feed instead." : undefined}
            >
              <Select
                value={form.kind}
                disabled={editing !== null}
                onValueChange={(v) => {
                  const kind = v as FeedKind;
                  setForm((f) => ({ ...f, kind, carriesAds: carriesAdsByDefault(kind) }));
                  setError(null);
                }}
              >
                <SelectTrigger id={id("kind")} {...fieldAria(id("kind"), undefined, editing !== null)}>
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {FEED_KINDS.map((kind) => (
                    <SelectItem key={kind} value={kind}>
                      {KIND_LABELS[kind]}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </Field>
            <Field id={id("name")} label="Name" error={errorOf("name")}>
              <Input
                id={id("name")}
                ref={ref("name")}
                value={form.name}
                maxLength={80}
                placeholder={distributor ? KIND_LABELS[distributor] : "e.g. Partner games"}
                onChange={(e) => set("name", e.target.value)}
                {...fieldAria(id("name"), errorOf("name"))}
              />
            </Field>
          </div>
          <Field
            id={id("url")}
            label={
              <>
                Address
                <span className="font-normal text-muted-foreground">{distributor ? " (optional)" : " (required)"}</span>
              </>
            }
            error={errorOf("url")}
            hint={
              distributor ? (
                <>
                  Leave empty for {KIND_LABELS[distributor]}&apos;s public feed:{" "}
                  <span className="break-all font-mono">{DEFAULT_ADDRESSES[distributor]}</span>
                </>
              ) : (
                "The address of the feed's first page, e.g. https://partner.example/games.json"
              )
            }
          >
            <Input
              id={id("url")}
              ref={ref("url")}
              type="url"
              placeholder="https://"
              value={form.url}
              onChange={(e) => set("url", e.target.value)}
              {...fieldAria(id("url"), errorOf("url"), true)}
            />
          </Field>
          {form.kind === "gamepix" ? (
            <Field
              id={id("publisher")}
              label="Publisher id"
              error={errorOf("publisherId")}
              hint="Your GamePix sid; required unless you give the address."
            >
              <Input
                id={id("publisher")}
                ref={ref("publisherId")}
                value={form.publisherId}
                maxLength={100}
                onChange={(e) => set("publisherId", e.target.value)}
                {...fieldAria(id("publisher"), errorOf("publisherId"), true)}
              />
            </Field>
          ) : null}
          <div className="grid gap-4 sm:grid-cols-2">
            <Field id={id("schedule")} label="Schedule">
              <Select value={form.schedule} onValueChange={(v) => set("schedule", v as FeedSchedule)}>
                <SelectTrigger id={id("schedule")}>
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {FEED_SCHEDULES.map((schedule) => (
                    <SelectItem key={schedule} value={schedule}>
                      {SCHEDULE_LABELS[schedule]}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </Field>
            <div className="grid content-end gap-3 pb-2">
              <label htmlFor={id("ads")} className="flex cursor-pointer items-center gap-2 text-sm font-medium">
                <input
                  id={id("ads")}
                  type="checkbox"
                  className="size-4 accent-primary"
                  checked={form.carriesAds}
                  onChange={(e) => set("carriesAds", e.target.checked)}
                />
                Carries its own ads
              </label>
              {editing ? (
                <label htmlFor={id("paused")} className="flex cursor-pointer items-center gap-2 text-sm font-medium">
                  <input
                    id={id("paused")}
                    type="checkbox"
                    className="size-4 accent-primary"
                    checked={form.paused}
                    onChange={(e) => set("paused", e.target.checked)}
                  />
                  Paused (no scheduled syncs)
                </label>
              ) : null}
            </div>
          </div>
          {form.kind === "json" ? (
            <fieldset className="grid gap-4 rounded-xl border p-4">
              <legend className="px-1 text-sm font-semibold">Mapping</legend>
              <p className="-mt-2 text-xs text-muted-foreground">
                Where each of our fields is in an item: names joined by dots, with [n] for an index (e.g.
                media.images[0].url). The fields marked * are required.
              </p>
              <div className="grid gap-4 sm:grid-cols-2">
                <Field
                  id={id("items")}
                  label="Items path"
                  hint="Where the list is in a page; empty: the page is the list."
                >
                  <Input
                    id={id("items")}
                    value={form.itemsPath}
                    placeholder="e.g. data.games"
                    onChange={(e) => set("itemsPath", e.target.value)}
                    {...fieldAria(id("items"), undefined, true)}
                  />
                </Field>
                <Field
                  id={id("next")}
                  label="Next page path"
                  hint="Where a page gives the next page's address, if it does."
                >
                  <Input
                    id={id("next")}
                    value={form.nextUrlPath}
                    placeholder="e.g. links.next"
                    onChange={(e) => set("nextUrlPath", e.target.value)}
                    {...fieldAria(id("next"), undefined, true)}
                  />
                </Field>
                {MAPPED_FIELDS_SHOWN.map((field) => (
                  <Field
                    key={field}
                    id={id(`path-${field}`)}
                    label={
                      <>
                        {MAPPED_FIELD_LABELS[field]} path
                        {REQUIRED.has(field) ? <Required /> : null}
                      </>
                    }
                    error={errorOf(field)}
                  >
                    <Input
                      id={id(`path-${field}`)}
                      ref={ref(field)}
                      value={form.fields[field]}
                      placeholder={PLACEHOLDERS[field] ?? "Not mapped"}
                      onChange={(e) => setPath(field, e.target.value)}
                      {...fieldAria(id(`path-${field}`), errorOf(field))}
                    />
                  </Field>
                ))}
              </div>
            </fieldset>
          ) : null}
          {refused ? (
            <p
              role="alert"
              className="rounded-lg border border-destructive/40 bg-destructive/10 p-3 text-sm text-destructive"
            >
              {editing ? "The feed was not saved" : "The feed was not added"}: {refused}
            </p>
          ) : null}
          <FormDialogFooter pending={pending} onCancel={() => close(false)} icon={editing ? Save : Plus}>
            {editing ? (pending ? "Saving..." : "Save feed") : pending ? "Adding..." : "Add feed"}
          </FormDialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
