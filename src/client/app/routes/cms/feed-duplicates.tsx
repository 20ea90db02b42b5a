import { Copy, GitMerge, Loader2, Split } from "lucide-react";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/use-toast";
import { useFeedDuplicates, useResolveDuplicate } from "@/features/cms/feeds/api/feeds";
import { BackToFeeds } from "@/features/cms/feeds/components/back-to-feeds";
import { STATUS_LABELS } from "@/features/cms/feeds/components/feed-texts";
import { CmsPageHeader } from "@/features/cms/shared/components/cms-page-header";
import { ImagePreview } from "@/features/cms/shared/components/image-field";
import { LoadError } from "@/features/cms/shared/components/list-screen";
import { errorMessage } from "@/lib/api-client";
import { ALIKE_COVER_BITS, type FeedDuplicate, type FeedItemView } from "@contract/admin/feeds";

function likeness(distance: number | null): string {
  if (distance === null) return "Covers not compared yet";
  return distance <= ALIKE_COVER_BITS ? "Covers look alike" : "Covers differ";
}

function Side({ item }: { item: FeedItemView }) {
  return (
    <div className="flex min-w-0 items-start gap-3">
      <ImagePreview src={item.coverUrl ?? ""} alt={`${item.title} cover`} className="h-16 w-20 shrink-0" />
      <div className="min-w-0 text-sm">
        <p className="font-medium break-words">{item.title}</p>
        <p className="text-muted-foreground">
          {item.feedName} · {STATUS_LABELS[item.status]}
        </p>
        <a href={item.embedUrl} target="_blank" rel="noopener noreferrer" className="text-primary hover:underline">
          Open the game<span className="sr-only">: {item.title}</span>
        </a>
      </div>
    </div>
  );
}

function Pair({ pair }: { pair: FeedDuplicate }) {
  const resolve = useResolveDuplicate();
  const [first, second] = pair.items;
  const done = (text: string) => () => toast({ title: text });
  const failed = (err: unknown) => toast({ title: errorMessage(err), variant: "destructive" });
  const keep = (kept: FeedItemView, other: FeedItemView) =>
    resolve.mutate(
      { merge: { keepId: kept.id, otherId: other.id } },
      { onSuccess: done(`Kept ${kept.title} from ${kept.feedName}`), onError: failed },
    );
  return (
    <li
      className="grid gap-4 rounded-xl border bg-card p-4 shadow-sm"
      aria-label={`${first.title}: a suggested duplicate`}
    >
      <div className="grid gap-4 md:grid-cols-2">
        <Side item={first} />
        <Side item={second} />
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <span className="mr-auto text-sm text-muted-foreground">{likeness(pair.coverDistance)}</span>
        {resolve.isPending ? <Loader2 className="size-4 animate-spin" aria-label="Saving" /> : null}
        <Button size="sm" variant="outline" disabled={resolve.isPending} onClick={() => keep(first, second)}>
          <GitMerge className="size-4" aria-hidden="true" />
          Keep {first.feedName}&apos;s
        </Button>
        <Button size="sm" variant="outline" disabled={resolve.isPending} onClick={() => keep(second, first)}>
          <GitMerge className="size-4" aria-hidden="true" />
          Keep {second.feedName}&apos;s
        </Button>
        <Button
          size="sm"
          variant="ghost"
          disabled={resolve.isPending}
          onClick={() =>
            resolve.mutate(
              { keepApart: [first.id, second.id] },
              { onSuccess: done("Kept as two different games"), onError: failed },
            )
          }
        >
          <Split className="size-4" aria-hidden="true" />
          Different games
        </Button>
      </div>
    </li>
  );
}

/**
 * /cms/feeds/duplicates (D113, admins only): the same game offered by two feeds, its titles read the same, with how
 * alike the covers are. Keeping one rejects the other (its published game is hidden as a duplicate, its scores kept);
 * "Different games" stops the suggestion.
 */
export function CmsFeedDuplicatesScreen() {
  const duplicates = useFeedDuplicates();
  const pairs = duplicates.data ?? [];
  return (
    <>
      <BackToFeeds />
      <CmsPageHeader
        title="Duplicates"
        description="The same game from two feeds: keep one, or say they are different games."
        icon={<Copy />}
      />
      <LoadError what="the duplicates" query={duplicates} />
      {duplicates.isPending ? (
        <p className="text-sm text-muted-foreground">Loading the duplicates...</p>
      ) : pairs.length === 0 && !duplicates.isError ? (
        <p className="rounded-xl border bg-card p-6 text-sm text-muted-foreground">No suggested duplicates.</p>
      ) : (
        <ul aria-label="Suggested duplicates" className="grid gap-4">
          {pairs.map((pair) => (
            <Pair key={`${pair.items[0].id}-${pair.items[1].id}`} pair={pair} />
          ))}
        </ul>
      )}
    </>
  );
}
