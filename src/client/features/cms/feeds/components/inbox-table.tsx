import { ExternalLink, Smartphone } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { DataTable, MessageRow, SkeletonRows, Td, Th, Tr } from "@/features/cms/shared/components/data-table";
import { ImagePreview } from "@/features/cms/shared/components/image-field";
import { cn } from "@/lib/utils";
import type { FeedItemView } from "@contract/admin/feeds";
import { STATUS_LABELS } from "./feed-texts";

const HEADERS = ["Select", "Game", "Tags", "Mobile", "Status", "Actions"];
const TAGS_SHOWN = 6;

/* Below md an item is a card: its checkbox and cover beside its title, then its tags and the link to the game. */
const cardTable = "max-md:block max-md:[&_tbody]:block";
const cardRow =
  "max-md:flex max-md:flex-wrap max-md:items-center max-md:gap-x-3 max-md:gap-y-2 max-md:border-b max-md:px-4 max-md:py-3";
const cardCell = "max-md:block max-md:border-0 max-md:p-0";

/**
 * D111, D112: a page of the inbox. The cover is our copy (a neutral placeholder until it is fetched: nothing is
 * loaded from the distributor's image host); the game opens at its embed address in a new tab.
 */
export function InboxTable({
  items,
  loading,
  empty,
  selected,
  onToggle,
}: {
  items: FeedItemView[] | undefined;
  loading: boolean;
  empty: string;
  selected: ReadonlySet<number>;
  onToggle: (id: number, on: boolean) => void;
}) {
  return (
    <DataTable label="Feed items" tableClassName={cardTable}>
      <thead className="max-md:sr-only">
        <tr>
          {HEADERS.map((h) => (
            <Th key={h} className={cn(h === "Actions" && "text-right", h === "Select" && "w-10")}>
              {h === "Select" ? <span className="sr-only">{h}</span> : h}
            </Th>
          ))}
        </tr>
      </thead>
      <tbody>
        {loading ? (
          <SkeletonRows columns={HEADERS.length} />
        ) : !items || items.length === 0 ? (
          <MessageRow columns={HEADERS.length}>{empty}</MessageRow>
        ) : (
          items.map((item) => (
            <Tr key={item.id} className={cn(cardRow, selected.has(item.id) && "bg-primary/5")}>
              <Td className={cardCell}>
                <input
                  type="checkbox"
                  className="size-4 accent-primary"
                  aria-label={`Select ${item.title}`}
                  checked={selected.has(item.id)}
                  onChange={(e) => onToggle(item.id, e.target.checked)}
                />
              </Td>
              <Td className={cn(cardCell, "min-w-64 max-md:min-w-0 max-md:flex-1")}>
                <div className="flex items-center gap-3">
                  <ImagePreview src={item.coverUrl ?? ""} alt={`${item.title} cover`} className="h-12 w-16" />
                  <div className="min-w-0">
                    <p className="font-medium break-words">{item.title}</p>
                    <p className="truncate text-xs text-muted-foreground">{item.feedName}</p>
                  </div>
                </div>
              </Td>
              <Td
                className={cn(
                  cardCell,
                  "max-w-xs max-md:max-w-none max-md:basis-full",
                  item.tags.length === 0 && "max-md:hidden",
                )}
              >
                {item.tags.length ? (
                  <ul aria-label="Tags" className="flex flex-wrap gap-1">
                    {item.tags.slice(0, TAGS_SHOWN).map((tag) => (
                      <li key={tag}>
                        <Badge variant="outline">{tag}</Badge>
                      </li>
                    ))}
                    {item.tags.length > TAGS_SHOWN ? (
                      <li className="text-xs text-muted-foreground">+{item.tags.length - TAGS_SHOWN} more</li>
                    ) : null}
                  </ul>
                ) : (
                  <span className="text-muted-foreground">—</span>
                )}
              </Td>
              <Td className={cn(cardCell, "whitespace-nowrap text-sm")}>
                {item.mobile === null ? (
                  <span className="text-muted-foreground max-md:hidden">Not said</span>
                ) : item.mobile ? (
                  <span className="inline-flex items-center gap-1">
                    <Smartphone className="size-4" aria-hidden="true" />
                    Mobile
                  </span>
                ) : (
                  <span className="text-muted-foreground">Desktop only</span>
                )}
              </Td>
              <Td className={cardCell}>
                <Badge
                  variant={
                    item.status === "new"
                      ? "new"
                      : item.status === "rejected" || item.status === "gone"
                        ? "outline"
                        : "secondary"
                  }
                >
                  {STATUS_LABELS[item.status]}
                </Badge>
              </Td>
              <Td className={cn(cardCell, "text-right max-md:ml-auto")}>
                <a
                  href={item.embedUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="inline-flex items-center gap-1 whitespace-nowrap text-sm font-medium text-primary hover:underline"
                >
                  Open the game
                  <ExternalLink className="size-3.5" aria-hidden="true" />
                  <span className="sr-only">: {item.title} (opens in a new tab)</span>
                </a>
              </Td>
            </Tr>
          ))
        )}
      </tbody>
    </DataTable>
  );
}
