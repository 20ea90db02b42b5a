import { Save } from "lucide-react";
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input, Textarea } from "@/components/ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { toast } from "@/components/ui/use-toast";
import { Field, fieldAria } from "@/features/cms/shared/components/field";
import { FormDialogFooter } from "@/features/cms/shared/components/form-dialog-footer";
import { ImageField } from "@/features/cms/shared/components/image-field";
import { errorMessage } from "@/lib/api-client";
import { contentValueTypeSchema, type ContentItem, type ContentValueType } from "@contract/content";
import { useCreateContent } from "../api/create-content";
import { useUpdateContent } from "../api/update-content";

export type ContentForm = { section: string; key: string; value: string; valueType: ContentValueType };
export type ContentField = "section" | "key" | "value";

/** Spec §5: section, key, value are required (in this order). */
export function validateContent(form: ContentForm): { field: ContentField; message: string } | null {
  if (!form.section.trim()) return { field: "section", message: "Section is required" };
  if (!form.key.trim()) return { field: "key", message: "Key is required" };
  if (!form.value.trim()) return { field: "value", message: "Value is required" };
  return null;
}

export const VALUE_TYPE_LABELS: Record<ContentValueType, string> = {
  text: "Text",
  html: "HTML",
  image: "Image",
  link: "Link",
};

const EMPTY: ContentForm = { section: "", key: "", value: "", valueType: "text" };

/** Section and key: where the site uses the item (read-only in edit). */
const PLACE_FIELDS = [
  { name: "section", label: "Section", placeholder: "home" },
  { name: "key", label: "Key", placeholder: "hero_title" },
] as const;

/**
 * Add Content and Edit Content (D40). In edit, section and key are read-only.
 * `item` undefined = closed, null = add. `defaultSection` pre-fills the section while adding.
 */
export function ContentDialog({
  item,
  defaultSection,
  onOpenChange,
}: {
  item: ContentItem | null | undefined;
  defaultSection?: string;
  onOpenChange: (open: boolean) => void;
}) {
  const uid = useId();
  const open = item !== undefined;
  const editing = item ?? null;
  const [form, setForm] = useState<ContentForm>(EMPTY);
  const [error, setError] = useState<{ field: ContentField; message: string } | null>(null);
  const refs = {
    section: useRef<HTMLInputElement>(null),
    key: useRef<HTMLInputElement>(null),
    value: useRef<HTMLTextAreaElement & HTMLInputElement>(null),
  };
  const create = useCreateContent();
  const update = useUpdateContent();
  const pending = create.isPending || update.isPending;

  useEffect(() => {
    if (!open) return;
    setForm(
      editing
        ? { section: editing.section, key: editing.key, value: editing.value, valueType: editing.valueType }
        : { ...EMPTY, section: defaultSection ?? "" },
    );
    setError(null);
    create.reset();
    update.reset();
    // Reset when the dialog opens or another item is opened, not when the mutations or the list re-render.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- keyed on the opened item on purpose (ADR 006)
  }, [open, editing?.id]);

  const set = <K extends keyof ContentForm>(k: K, v: ContentForm[K]) => {
    setForm((f) => ({ ...f, [k]: v }));
    if (error?.field === k) setError(null);
  };
  const errorOf = (f: ContentField) => (error?.field === f ? error.message : undefined);

  function submit(e: FormEvent) {
    e.preventDefault();
    const problem = validateContent(form);
    setError(problem);
    if (problem) {
      refs[problem.field].current?.focus();
      return;
    }
    if (editing) {
      update.mutate(
        { id: editing.id, patch: { value: form.value, valueType: form.valueType } },
        {
          onSuccess: () => {
            toast({ title: "Content updated" });
            onOpenChange(false);
          },
          onError: (err) =>
            toast({
              title: "Error",
              description: `Failed to update content: ${errorMessage(err)}`,
              variant: "destructive",
            }),
        },
      );
    } else {
      create.mutate(
        { section: form.section.trim(), key: form.key.trim(), value: form.value, valueType: form.valueType },
        {
          onSuccess: () => {
            toast({ title: "Content created" });
            onOpenChange(false);
          },
          onError: (err) =>
            toast({
              title: "Error",
              description: `Failed to create content: ${errorMessage(err)}`,
              variant: "destructive",
            }),
        },
      );
    }
  }

  const id = (n: string) => `${uid}-${n}`;
  return (
    <Dialog open={open} onOpenChange={(o) => !pending && onOpenChange(o)}>
      <DialogContent
        className="max-w-xl"
        onOpenAutoFocus={(e) => {
          // In edit, section and key are read-only: start in the value.
          if (!editing) return;
          e.preventDefault();
          refs.value.current?.focus();
        }}
      >
        <DialogHeader>
          <DialogTitle>{editing ? "Edit Content" : "Add Content"}</DialogTitle>
          <DialogDescription>
            {editing
              ? "Section and key identify where the site uses this item; only its value and type can change."
              : "A text, HTML, image or link item the site can show (e.g. section home, key hero_title)."}
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="grid gap-4">
          <div className="grid gap-4 sm:grid-cols-2">
            {PLACE_FIELDS.map(({ name, label, placeholder }) => (
              <Field key={name} id={id(name)} label={label} error={errorOf(name)}>
                <Input
                  id={id(name)}
                  ref={refs[name]}
                  value={form[name]}
                  readOnly={Boolean(editing)}
                  className={editing ? "bg-muted text-muted-foreground" : undefined}
                  placeholder={placeholder}
                  maxLength={64}
                  onChange={(e) => set(name, e.target.value)}
                  {...fieldAria(id(name), errorOf(name))}
                />
              </Field>
            ))}
          </div>
          <Field id={id("type")} label="Type">
            <Select value={form.valueType} onValueChange={(v) => set("valueType", contentValueTypeSchema.parse(v))}>
              <SelectTrigger id={id("type")}>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {contentValueTypeSchema.options.map((t) => (
                  <SelectItem key={t} value={t}>
                    {VALUE_TYPE_LABELS[t]}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </Field>
          {form.valueType === "image" ? (
            <ImageField
              id={id("value")}
              label="Value"
              value={form.value}
              onChange={(v) => set("value", v)}
              error={errorOf("value")}
              inputRef={refs.value}
              hint="An image URL or an uploaded image."
            />
          ) : (
            <Field
              id={id("value")}
              label="Value"
              error={errorOf("value")}
              hint={
                form.valueType === "html"
                  ? "HTML is sanitised when saved: scripts and event handlers are removed."
                  : form.valueType === "link"
                    ? "A site path such as /games or an http(s) URL."
                    : undefined
              }
            >
              <Textarea
                id={id("value")}
                ref={refs.value}
                rows={form.valueType === "html" ? 8 : 4}
                className={form.valueType === "html" ? "font-mono text-xs" : undefined}
                value={form.value}
                onChange={(e) => set("value", e.target.value)}
                {...fieldAria(id("value"), errorOf("value"), form.valueType === "html" || form.valueType === "link")}
              />
            </Field>
          )}
          <FormDialogFooter pending={pending} onCancel={() => onOpenChange(false)} icon={Save}>
            {pending ? "Saving..." : editing ? "Save Changes" : "Add Content"}
          </FormDialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
