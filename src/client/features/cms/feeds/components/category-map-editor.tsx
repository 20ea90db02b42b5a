import { Loader2, Save } from "lucide-react";
import { useEffect, useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { useAdminCategories } from "@/features/cms/categories/api/get-admin-categories";
import { toastOutcome } from "@/features/cms/shared/components/list-screen";
import { formatNumber } from "@/lib/format";
import type { FeedCategoryMap, FeedDetail } from "@contract/admin/feeds";
import { useUpdateFeed } from "../api/feeds";

/** Radix's select takes no empty value: the choice of no category. */
const NONE = "none";

/** Each distributor category's choice: as mapped, else our category suggested by its name, else none. */
function choicesOf(feed: FeedDetail): Record<string, string> {
  return Object.fromEntries(
    feed.categories.map((c) => [c.name, String(feed.categoryMap[c.name] ?? c.suggestedCategoryId ?? NONE)]),
  );
}

/** The map to save: the names not listed here kept, each listed one as chosen (none: unmapped). */
export function categoryMapOf(feed: FeedDetail, choices: Record<string, string>): FeedCategoryMap {
  const map: FeedCategoryMap = { ...feed.categoryMap };
  for (const [name, choice] of Object.entries(choices)) {
    if (choice === NONE) delete map[name];
    else map[name] = Number(choice);
  }
  return map;
}

/**
 * D110: which of our categories each of the distributor's categories publishes into. An unmapped one shows our
 * category of the same name, pre-chosen; the map is saved as a whole (PATCH categoryMap).
 */
export function CategoryMapEditor({ feed }: { feed: FeedDetail }) {
  const categories = useAdminCategories();
  const update = useUpdateFeed();
  const [choices, setChoices] = useState(() => choicesOf(feed));
  const saved = JSON.stringify(feed.categoryMap);
  useEffect(() => {
    setChoices(choicesOf(feed));
    // Reset when the stored map or the list of names changes (a save, a sync), not on every refetch.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- keyed on the stored map on purpose (ADR 006)
  }, [feed.id, saved, feed.categories.length]);

  return (
    <Card>
      <CardHeader>
        <CardTitle>Category map</CardTitle>
        <CardDescription>
          Which of our categories each of the feed&apos;s categories publishes into. A game whose categories are all
          unmapped goes to our category of the same name, else to the first.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {feed.categories.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            No categories yet: the feed&apos;s items name none, or it has not synced.
          </p>
        ) : (
          <form
            className="grid gap-4"
            onSubmit={(e) => {
              e.preventDefault();
              update.mutate(
                { id: feed.id, patch: { categoryMap: categoryMapOf(feed, choices) } },
                toastOutcome("Category map saved", "Could not save the category map"),
              );
            }}
          >
            <ul className="divide-y rounded-lg border">
              {feed.categories.map((c) => {
                const suggested = feed.categoryMap[c.name] === undefined && c.suggestedCategoryId !== null;
                return (
                  <li
                    key={c.name}
                    className="flex flex-col gap-2 px-3 py-2.5 sm:flex-row sm:items-center sm:justify-between"
                  >
                    <div className="min-w-0">
                      <span className="font-medium break-words">{c.name}</span>
                      <span className="ml-2 text-xs text-muted-foreground tabular-nums">
                        {formatNumber(c.items)} {c.items === 1 ? "item" : "items"}
                      </span>
                      {suggested && choices[c.name] === String(c.suggestedCategoryId) ? (
                        <Badge variant="secondary" className="ml-2">
                          Suggested
                        </Badge>
                      ) : null}
                    </div>
                    <Select
                      value={choices[c.name] ?? NONE}
                      onValueChange={(v) => setChoices((all) => ({ ...all, [c.name]: v }))}
                    >
                      <SelectTrigger aria-label={`Our category for ${c.name}`} className="sm:w-60">
                        <SelectValue />
                      </SelectTrigger>
                      <SelectContent>
                        <SelectItem value={NONE}>Not mapped</SelectItem>
                        {(categories.data ?? []).map((ours) => (
                          <SelectItem key={ours.id} value={String(ours.id)}>
                            {ours.name}
                          </SelectItem>
                        ))}
                      </SelectContent>
                    </Select>
                  </li>
                );
              })}
            </ul>
            <div>
              <Button type="submit" variant="gradient" disabled={update.isPending}>
                {update.isPending ? (
                  <Loader2 className="animate-spin" aria-hidden="true" />
                ) : (
                  <Save aria-hidden="true" />
                )}
                Save the category map
              </Button>
            </div>
          </form>
        )}
      </CardContent>
    </Card>
  );
}
