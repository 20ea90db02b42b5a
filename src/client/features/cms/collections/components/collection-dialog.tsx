import { Save } from "lucide-react";
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input, Textarea } from "@/components/ui/input";
import { toast } from "@/components/ui/use-toast";
import { slugify } from "@/features/cms/categories/components/category-dialog";
import { Field, fieldAria } from "@/features/cms/shared/components/field";
import { FormDialogFooter } from "@/features/cms/shared/components/form-dialog-footer";
import { ImageField } from "@/features/cms/shared/components/image-field";
import { errorMessage } from "@/lib/api-client";
import type { Collection } from "@contract/collections";
import { useCreateCollection } from "../api/create-collection";
import { useUpdateCollection } from "../api/update-collection";

type CollectionForm = { title: string; slug: string; description: string; imageUrl: string; sortOrder: string };
type FieldName = "title" | "slug" | "sortOrder";

const EMPTY: CollectionForm = { title: "", slug: "", description: "", imageUrl: "", sortOrder: "0" };

/** The form's first problem, checked as the server checks (D83); null when the form can be sent. */
export function collectionFormProblem(form: CollectionForm): { field: FieldName; message: string } | null {
  if (!form.title.trim()) return { field: "title", message: "Title is required" };
  if (!form.slug.trim()) return { field: "slug", message: "Slug is required" };
  if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(form.slug.trim()))
    return {
      field: "slug",
      message: "Slug may contain only lowercase letters, digits and single hyphens (e.g. board-games)",
    };
  if (!/^-?\d{1,7}$/.test(form.sortOrder.trim()) || Math.abs(Number(form.sortOrder)) > 1_000_000)
    return { field: "sortOrder", message: "Order must be a whole number between -1,000,000 and 1,000,000" };
  return null;
}

/**
 * Add Collection and Edit Collection (D83): title, slug (suggested from the title while adding), description,
 * picture (URL or upload) and order (lower first). `collection` undefined = closed, null = add.
 */
export function CollectionDialog({
  collection,
  onOpenChange,
}: {
  collection: Collection | null | undefined;
  onOpenChange: (open: boolean) => void;
}) {
  const uid = useId();
  const editing = collection ?? null;
  const [form, setForm] = useState<CollectionForm>(EMPTY);
  const [slugTouched, setSlugTouched] = useState(false);
  const [error, setError] = useState<{ field: FieldName; message: string } | null>(null);
  const refs = {
    title: useRef<HTMLInputElement>(null),
    slug: useRef<HTMLInputElement>(null),
    sortOrder: useRef<HTMLInputElement>(null),
  };
  const create = useCreateCollection();
  const update = useUpdateCollection();
  const pending = create.isPending || update.isPending;
  const open = collection !== undefined;

  useEffect(() => {
    if (!open) return;
    setForm(
      editing
        ? {
            title: editing.title,
            slug: editing.slug,
            description: editing.description,
            imageUrl: editing.imageUrl,
            sortOrder: String(editing.sortOrder),
          }
        : EMPTY,
    );
    setSlugTouched(Boolean(editing));
    setError(null);
    create.reset();
    update.reset();
    // Reset when the dialog opens or another collection is opened, not when the mutations or the list re-render.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- keyed on the opened collection on purpose (ADR 006)
  }, [open, editing?.id]);

  function set(field: keyof CollectionForm, value: string) {
    setForm((f) => ({ ...f, [field]: value, ...(field === "title" && !slugTouched ? { slug: slugify(value) } : {}) }));
    if (error?.field === field) setError(null);
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    const problem = collectionFormProblem(form);
    setError(problem);
    if (problem) {
      refs[problem.field].current?.focus();
      return;
    }
    const body = {
      title: form.title.trim(),
      slug: form.slug.trim(),
      description: form.description.trim(),
      imageUrl: form.imageUrl.trim(),
      sortOrder: Number(form.sortOrder.trim()),
    };
    const outcome = (done: string, failed: string) => ({
      onSuccess: () => {
        toast({ title: done });
        onOpenChange(false);
      },
      onError: (err: unknown) =>
        toast({ title: "Error", description: `${failed}: ${errorMessage(err)}`, variant: "destructive" as const }),
    });
    if (editing)
      update.mutate({ id: editing.id, patch: body }, outcome("Collection updated", "Failed to update collection"));
    else create.mutate(body, outcome("Collection created", "Failed to create collection"));
  }

  const id = (n: string) => `${uid}-${n}`;
  const errorOf = (f: FieldName) => (error?.field === f ? error.message : undefined);
  return (
    <Dialog open={open} onOpenChange={(o) => !pending && onOpenChange(o)}>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>{editing ? "Edit Collection" : "Add Collection"}</DialogTitle>
          <DialogDescription>
            {editing
              ? `Change the details of "${editing.title}". Tag games with it in each game's form.`
              : "A new collection appears as a tile on the home page and at /collection/{slug}. Tag games with it in each game's form."}
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="grid gap-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <Field id={id("title")} label="Title" error={errorOf("title")}>
              <Input
                id={id("title")}
                ref={refs.title}
                value={form.title}
                maxLength={60}
                onChange={(e) => set("title", e.target.value)}
                {...fieldAria(id("title"), errorOf("title"))}
              />
            </Field>
            <Field
              id={id("slug")}
              label="Slug"
              error={errorOf("slug")}
              hint={form.slug ? `/collection/${form.slug}` : "e.g. retro-arcade"}
            >
              <Input
                id={id("slug")}
                ref={refs.slug}
                value={form.slug}
                maxLength={64}
                onChange={(e) => {
                  setSlugTouched(true);
                  set("slug", e.target.value);
                }}
                {...fieldAria(id("slug"), errorOf("slug"), true)}
              />
            </Field>
          </div>
          <Field id={id("description")} label="Description">
            <Textarea
              id={id("description")}
              rows={2}
              maxLength={300}
              value={form.description}
              onChange={(e) => set("description", e.target.value)}
            />
          </Field>
          <ImageField
            id={id("image")}
            label="Image"
            value={form.imageUrl}
            onChange={(v) => set("imageUrl", v)}
            previewAlt="Collection image preview"
            hint="The tile's picture (16:9 works best). Paste an image URL or upload a file."
          />
          <Field
            id={id("order")}
            label="Order"
            error={errorOf("sortOrder")}
            hint="Lower numbers come first on the home page."
            className="grid gap-2 sm:max-w-40"
          >
            <Input
              id={id("order")}
              ref={refs.sortOrder}
              type="number"
              inputMode="numeric"
              step={1}
              value={form.sortOrder}
              onChange={(e) => set("sortOrder", e.target.value)}
              {...fieldAria(id("order"), errorOf("sortOrder"), true)}
            />
          </Field>
          <FormDialogFooter pending={pending} onCancel={() => onOpenChange(false)} icon={Save}>
            {pending ? (editing ? "Saving..." : "Creating...") : editing ? "Save Changes" : "Add Collection"}
          </FormDialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
