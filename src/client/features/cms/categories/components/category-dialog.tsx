import { Save } from "lucide-react";
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input, Textarea } from "@/components/ui/input";
import { toast } from "@/components/ui/use-toast";
import { Field, fieldAria } from "@/features/cms/shared/components/field";
import { FormDialogFooter } from "@/features/cms/shared/components/form-dialog-footer";
import { ImageField } from "@/features/cms/shared/components/image-field";
import { errorMessage } from "@/lib/api-client";
import type { Category } from "@contract/categories";
import { useCreateCategory } from "../api/create-category";
import { useUpdateCategory } from "../api/update-category";

/** 'Board Games!' → 'board-games' (the server's slug rule: lowercase letters, digits, single hyphens). */
export function slugify(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 64)
    .replace(/-+$/g, "");
}

type CategoryForm = { name: string; slug: string; description: string; imageUrl: string };
type FieldName = "name" | "slug";

/**
 * Add Category and Edit Category (D46): name, slug (suggested from the name while adding),
 * description and an image by URL or upload. `category` undefined = closed, null = add.
 */
export function CategoryDialog({
  category,
  onOpenChange,
}: {
  category: Category | null | undefined;
  onOpenChange: (open: boolean) => void;
}) {
  const uid = useId();
  const editing = category ?? null;
  const [form, setForm] = useState<CategoryForm>({ name: "", slug: "", description: "", imageUrl: "" });
  const [slugTouched, setSlugTouched] = useState(false);
  const [error, setError] = useState<{ field: FieldName; message: string } | null>(null);
  const nameRef = useRef<HTMLInputElement>(null);
  const slugRef = useRef<HTMLInputElement>(null);
  const create = useCreateCategory();
  const update = useUpdateCategory();
  const pending = create.isPending || update.isPending;
  const open = category !== undefined;

  useEffect(() => {
    if (!open) return;
    setForm(
      editing
        ? { name: editing.name, slug: editing.slug, description: editing.description, imageUrl: editing.imageUrl }
        : { name: "", slug: "", description: "", imageUrl: "" },
    );
    setSlugTouched(Boolean(editing));
    setError(null);
    create.reset();
    update.reset();
    // Reset when the dialog opens or another category is opened, not when the mutations or the list re-render.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- keyed on the opened category on purpose (ADR 006)
  }, [open, editing?.id]);

  function setName(name: string) {
    setForm((f) => ({ ...f, name, slug: slugTouched ? f.slug : slugify(name) }));
    if (error) setError(null);
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    const body = {
      name: form.name.trim(),
      slug: form.slug.trim(),
      description: form.description.trim(),
      imageUrl: form.imageUrl.trim(),
    };
    const problem: { field: FieldName; message: string } | null = !body.name
      ? { field: "name", message: "Name is required" }
      : !body.slug
        ? { field: "slug", message: "Slug is required" }
        : !/^[a-z0-9]+(-[a-z0-9]+)*$/.test(body.slug)
          ? {
              field: "slug",
              message: "Slug may contain only lowercase letters, digits and single hyphens (e.g. board-games)",
            }
          : null;
    setError(problem);
    if (problem) {
      (problem.field === "name" ? nameRef : slugRef).current?.focus();
      return;
    }
    if (editing) {
      update.mutate(
        { id: editing.id, patch: body },
        {
          onSuccess: () => {
            toast({ title: "Category updated" });
            onOpenChange(false);
          },
          onError: (err) =>
            toast({
              title: "Error",
              description: `Failed to update category: ${errorMessage(err)}`,
              variant: "destructive",
            }),
        },
      );
    } else {
      create.mutate(body, {
        onSuccess: () => {
          toast({ title: "Category created" });
          onOpenChange(false);
        },
        onError: (err) =>
          toast({
            title: "Error",
            description: `Failed to create category: ${errorMessage(err)}`,
            variant: "destructive",
          }),
      });
    }
  }

  const id = (n: string) => `${uid}-${n}`;
  const errorOf = (f: FieldName) => (error?.field === f ? error.message : undefined);
  return (
    <Dialog open={open} onOpenChange={(o) => !pending && onOpenChange(o)}>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>{editing ? "Edit Category" : "Add Category"}</DialogTitle>
          <DialogDescription>
            {editing
              ? `Change the details of "${editing.name}".`
              : "A new category appears in the site's category lists and at /category/{slug}."}
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="grid gap-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <Field id={id("name")} label="Name" error={errorOf("name")}>
              <Input
                id={id("name")}
                ref={nameRef}
                value={form.name}
                maxLength={50}
                onChange={(e) => setName(e.target.value)}
                {...fieldAria(id("name"), errorOf("name"))}
              />
            </Field>
            <Field
              id={id("slug")}
              label="Slug"
              error={errorOf("slug")}
              hint={form.slug ? `/category/${form.slug}` : "e.g. board-games"}
            >
              <Input
                id={id("slug")}
                ref={slugRef}
                value={form.slug}
                maxLength={64}
                onChange={(e) => {
                  setSlugTouched(true);
                  setForm((f) => ({ ...f, slug: e.target.value }));
                  if (error) setError(null);
                }}
                {...fieldAria(id("slug"), errorOf("slug"), true)}
              />
            </Field>
          </div>
          <Field id={id("description")} label="Description">
            <Textarea
              id={id("description")}
              rows={3}
              maxLength={500}
              value={form.description}
              onChange={(e) => setForm((f) => ({ ...f, description: e.target.value }))}
            />
          </Field>
          <ImageField
            id={id("image")}
            label="Image"
            value={form.imageUrl}
            onChange={(v) => setForm((f) => ({ ...f, imageUrl: v }))}
            previewAlt="Category image preview"
            hint="PNG, JPEG, WebP or GIF up to 5 MB. Paste an image URL or upload a file."
          />
          <FormDialogFooter pending={pending} onCancel={() => onOpenChange(false)} icon={Save}>
            {pending ? (editing ? "Saving..." : "Creating...") : editing ? "Save Changes" : "Add Category"}
          </FormDialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
