import { Code2, FileText } from "lucide-react";
import { useMemo, useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { useDeleteContent } from "@/features/cms/content/api/delete-content";
import { useWebsiteContent } from "@/features/cms/content/api/get-website-content";
import { ContentDialog, VALUE_TYPE_LABELS } from "@/features/cms/content/components/content-dialog";
import { ACTIONS_COLUMN, AdminTable, RowActions, type AdminColumn } from "@/features/cms/shared/components/admin-table";
import { CmsPageHeader } from "@/features/cms/shared/components/cms-page-header";
import { ConfirmDialog } from "@/features/cms/shared/components/confirm-dialog";
import { Td, Tr } from "@/features/cms/shared/components/data-table";
import { ImagePreview } from "@/features/cms/shared/components/image-field";
import { AddButton, LoadError, toastOutcome } from "@/features/cms/shared/components/list-screen";
import { SearchInput } from "@/features/cms/shared/components/search-input";
import { formatDate } from "@/lib/format";
import type { ContentItem } from "@contract/content";

const ALL = "__all__";
const COLUMNS: AdminColumn[] = [
  { header: "Section" },
  { header: "Key" },
  { header: "Value" },
  { header: "Type" },
  { header: "Last Updated" },
  ACTIONS_COLUMN,
];

/** Spec §2: search over section, key and value (case-insensitive), within the chosen section tab. */
export function filterContent(items: ContentItem[], search: string, section: string): ContentItem[] {
  const q = search.trim().toLowerCase();
  return items.filter(
    (i) =>
      (section === ALL || i.section === section) &&
      (!q ||
        i.section.toLowerCase().includes(q) ||
        i.key.toLowerCase().includes(q) ||
        i.value.toLowerCase().includes(q)),
  );
}

function ValueCell({ item }: { item: ContentItem }) {
  if (item.valueType === "image") {
    return (
      <div className="flex items-center gap-2">
        <ImagePreview src={item.value} alt={`${item.section}.${item.key}`} className="size-10" />
        <span className="truncate text-xs text-muted-foreground">{item.value}</span>
      </div>
    );
  }
  if (item.valueType === "html") {
    return (
      <span className="flex items-center gap-2 text-muted-foreground">
        <Code2 className="size-4 shrink-0 text-primary" aria-label="HTML" />
        <span className="line-clamp-1">
          {item.value
            .replace(/<[^>]*>/g, " ")
            .replace(/\s+/g, " ")
            .trim() || "HTML content"}
        </span>
      </span>
    );
  }
  return <span className="line-clamp-2 break-words">{item.value}</span>;
}

/** /cms/website-content (D40): the items the public site reads. */
export function CmsWebsiteContentScreen() {
  const content = useWebsiteContent();
  const [search, setSearch] = useState("");
  const [section, setSection] = useState(ALL);
  const [editing, setEditing] = useState<ContentItem | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<ContentItem | null>(null);
  const del = useDeleteContent();
  const sections = useMemo(
    () => Array.from(new Set((content.data ?? []).map((i) => i.section))).sort(),
    [content.data],
  );
  const activeSection = section === ALL || sections.includes(section) ? section : ALL;
  const shown = content.data ? filterContent(content.data, search, activeSection) : [];
  const table = (
    <AdminTable
      label="Website content"
      columns={COLUMNS}
      rows={shown}
      loading={content.isPending}
      loadingText="Loading content..."
      empty="No content found."
      renderRow={(item) => (
        <Tr key={item.id}>
          <Td className="whitespace-nowrap font-medium">{item.section}</Td>
          <Td className="whitespace-nowrap">
            <code className="rounded bg-muted px-1.5 py-0.5 text-xs">{item.key}</code>
          </Td>
          <Td className="min-w-64 max-w-md">
            <ValueCell item={item} />
          </Td>
          <Td>
            <Badge variant="outline">{VALUE_TYPE_LABELS[item.valueType]}</Badge>
          </Td>
          <Td className="whitespace-nowrap text-muted-foreground">
            <time dateTime={item.updatedAt}>{formatDate(item.updatedAt)}</time>
          </Td>
          <RowActions
            name={`${item.section}.${item.key}`}
            onEdit={() => setEditing(item)}
            onDelete={() => setDeleting(item)}
          />
        </Tr>
      )}
    />
  );

  function confirmDelete() {
    if (!deleting) return;
    del.mutate(
      deleting.id,
      toastOutcome("Content deleted", "Failed to delete content", () => setDeleting(null)),
    );
  }

  return (
    <>
      <CmsPageHeader
        title="Website Content"
        description="Texts, HTML, images and links the public site shows."
        icon={<FileText />}
        actions={<AddButton onClick={() => setEditing(null)}>Add Content</AddButton>}
      />
      <Tabs value={activeSection} onValueChange={setSection} className="grid min-w-0 grid-cols-1 gap-4">
        <div className="flex flex-col gap-3 lg:flex-row lg:items-center lg:justify-between">
          <TabsList aria-label="Sections" className="max-w-full justify-start overflow-x-auto">
            <TabsTrigger value={ALL}>All Sections</TabsTrigger>
            {sections.map((s) => (
              <TabsTrigger key={s} value={s} className="capitalize">
                {s}
              </TabsTrigger>
            ))}
          </TabsList>
          <SearchInput
            value={search}
            onChange={setSearch}
            label="Search content by section, key or value"
            placeholder="Search content..."
          />
        </div>
        <LoadError what="content" query={content} />
        {[ALL, ...sections].map((s) => (
          <TabsContent key={s} value={s} className="mt-0">
            {table}
          </TabsContent>
        ))}
      </Tabs>
      <ContentDialog
        item={editing}
        defaultSection={activeSection === ALL ? undefined : activeSection}
        onOpenChange={(o) => !o && setEditing(undefined)}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(o) => !o && !del.isPending && setDeleting(null)}
        title="Delete content"
        description={
          deleting
            ? `Are you sure you want to delete "${deleting.section}.${deleting.key}"? This action cannot be undone. The site falls back to its built-in default where it has one.`
            : ""
        }
        pending={del.isPending}
        onConfirm={confirmDelete}
      />
    </>
  );
}
