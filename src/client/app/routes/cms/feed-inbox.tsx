import { Check, ChevronLeft, ChevronRight, Inbox, Loader2, X } from "lucide-react";
import { useEffect, useId, useMemo, useState } from "react";
import { useSearch } from "wouter";
import { Button } from "@/components/ui/button";
import { Input, Label } from "@/components/ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { toast } from "@/components/ui/use-toast";
import {
  INBOX_PAGE_SIZE,
  useApproveItems,
  useFeedItems,
  useFeeds,
  useRejectItems,
  type InboxFilters,
} from "@/features/cms/feeds/api/feeds";
import { BackToFeeds } from "@/features/cms/feeds/components/back-to-feeds";
import { STATUS_LABELS } from "@/features/cms/feeds/components/feed-texts";
import { InboxTable } from "@/features/cms/feeds/components/inbox-table";
import { CmsPageHeader } from "@/features/cms/shared/components/cms-page-header";
import { LoadError } from "@/features/cms/shared/components/list-screen";
import { SearchInput } from "@/features/cms/shared/components/search-input";
import { errorMessage } from "@/lib/api-client";
import { formatNumber } from "@/lib/format";
import { useDebouncedValue } from "@/lib/use-debounced-value";
import { FEED_ITEM_STATUSES, type FeedItemStatus } from "@contract/feeds-constants";

const TYPING_DEBOUNCE_MS = 300;
/** Radix's select takes no empty value: "any" in the feed, status and mobile filters. */
const ANY = "any";

const MOBILE_CHOICES = [
  { value: ANY, label: "Any" },
  { value: "true", label: "Mobile" },
  { value: "false", label: "Not mobile" },
] as const;

/** The filters the page opens with: status new, and the feed of `?feedId=` (a feed's page links here with it). */
function initialFilters(search: string): InboxFilters {
  const feedId = new URLSearchParams(search).get("feedId");
  return {
    feedId: feedId && /^\d+$/.test(feedId) ? feedId : "",
    status: "new",
    search: "",
    tag: "",
    category: "",
    mobile: "",
  };
}

/** What the server answered to the last approve or reject. */
type Outcome = { text: string };

/**
 * /cms/feeds/inbox (D111, admins only): the feeds' items a page at a time, filtered by title, feed, status (new by
 * default), tag, category and mobile flag; the items chosen are approved (published at once or by the feed's quota)
 * or rejected together, and the counts the server answered are shown.
 */
export function CmsFeedInboxScreen() {
  const uid = useId();
  const opened = useSearch();
  // The address gives the first filters only: after that they are the page's own.
  const [draft, setDraft] = useState<InboxFilters>(() => initialFilters(opened));
  const typed = useDebouncedValue(
    useMemo(() => ({ search: draft.search.trim(), tag: draft.tag.trim(), category: draft.category.trim() }), [draft]),
    TYPING_DEBOUNCE_MS,
  );
  const filters: InboxFilters = { ...draft, ...typed };
  const filterKey = JSON.stringify(filters);
  const [offset, setOffset] = useState(0);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  useEffect(() => {
    setOffset(0);
    setSelected(new Set());
  }, [filterKey]);

  const feeds = useFeeds();
  const page = useFeedItems(filters, offset);
  const approve = useApproveItems();
  const reject = useRejectItems();
  const items = page.data?.items;
  const total = page.data?.total;
  const onPage = items?.map((i) => i.id) ?? [];
  const allOnPage = onPage.length > 0 && onPage.every((id) => selected.has(id));
  const someOnPage = onPage.some((id) => selected.has(id));
  const ids = [...selected];
  const busy = approve.isPending || reject.isPending;
  const filtered =
    filters.feedId || filters.status !== "new" || filters.search || filters.tag || filters.category || filters.mobile;

  const set = <K extends keyof InboxFilters>(key: K, value: InboxFilters[K]) =>
    setDraft((d) => ({ ...d, [key]: value }));
  const toggle = (id: number, on: boolean) =>
    setSelected((s) => {
      const next = new Set(s);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const toggleAll = (on: boolean) => setSelected(on ? new Set(onPage) : new Set());
  const goTo = (next: number) => {
    setOffset(next);
    setSelected(new Set());
  };

  function act(kind: "approve" | "reject") {
    const done = (text: string) => {
      setOutcome({ text });
      setSelected(new Set());
      toast({ title: text });
    };
    const failed = (err: unknown) =>
      toast({
        title: "Error",
        description: `Could not ${kind} the items: ${errorMessage(err)}`,
        variant: "destructive",
      });
    if (kind === "approve")
      approve.mutate(ids, {
        onSuccess: ({ approved, published }) =>
          done(`${plural(approved, "item")} approved, ${formatNumber(published)} published`),
        onError: failed,
      });
    else
      reject.mutate(ids, {
        onSuccess: ({ rejected }) => done(`${plural(rejected, "item")} rejected`),
        onError: failed,
      });
  }

  return (
    <>
      <BackToFeeds />
      <CmsPageHeader
        title="Inbox"
        description="The feeds' games before they are published: open one to try it, then approve or reject."
        icon={<Inbox />}
      />
      <form
        aria-label="Filter the inbox"
        onSubmit={(e) => e.preventDefault()}
        className="grid grid-cols-2 gap-3 rounded-xl border bg-card p-4 shadow-sm lg:grid-cols-3 xl:grid-cols-7"
      >
        <div className="col-span-2 grid gap-1.5 lg:col-span-3 xl:col-span-2">
          <p aria-hidden="true" className="text-sm font-medium leading-none">
            Title
          </p>
          <SearchInput
            value={draft.search}
            onChange={(v) => set("search", v)}
            label="Search items by title"
            placeholder="Search titles..."
          />
        </div>
        <FilterSelect
          id={`${uid}-feed`}
          label="Feed"
          value={draft.feedId || ANY}
          onChange={(v) => set("feedId", v === ANY ? "" : v)}
          choices={[
            { value: ANY, label: "All feeds" },
            ...(feeds.data ?? []).map((f) => ({ value: String(f.id), label: f.name })),
            // A feed named in the address before the list has come
            ...(draft.feedId && !feeds.data?.some((f) => String(f.id) === draft.feedId)
              ? [{ value: draft.feedId, label: `Feed #${draft.feedId}` }]
              : []),
          ]}
        />
        <FilterSelect
          id={`${uid}-status`}
          label="Status"
          value={draft.status || ANY}
          onChange={(v) => set("status", v === ANY ? "" : (v as FeedItemStatus))}
          choices={[
            { value: ANY, label: "Any status" },
            ...FEED_ITEM_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] })),
          ]}
        />
        <div className="grid gap-1.5">
          <Label htmlFor={`${uid}-tag`}>Tag</Label>
          <Input
            id={`${uid}-tag`}
            value={draft.tag}
            maxLength={60}
            placeholder="Any"
            onChange={(e) => set("tag", e.target.value)}
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${uid}-category`}>Category</Label>
          <Input
            id={`${uid}-category`}
            value={draft.category}
            maxLength={60}
            placeholder="Any"
            onChange={(e) => set("category", e.target.value)}
          />
        </div>
        <FilterSelect
          id={`${uid}-mobile`}
          label="Mobile"
          value={draft.mobile || ANY}
          onChange={(v) => set("mobile", v === ANY ? "" : (v as "true" | "false"))}
          choices={[...MOBILE_CHOICES]}
        />
      </form>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2 rounded-xl border bg-card px-4 py-2.5 shadow-sm">
        <label className="flex cursor-pointer items-center gap-2 text-sm font-medium">
          <input
            type="checkbox"
            className="size-4 accent-primary"
            checked={allOnPage}
            ref={(el) => {
              if (el) el.indeterminate = someOnPage && !allOnPage;
            }}
            disabled={onPage.length === 0}
            onChange={(e) => toggleAll(e.target.checked)}
          />
          Select all on this page
        </label>
        <span className="text-sm text-muted-foreground tabular-nums">{formatNumber(selected.size)} selected</span>
        <div className="flex gap-2 sm:ml-auto">
          <Button size="sm" variant="gradient" disabled={selected.size === 0 || busy} onClick={() => act("approve")}>
            {approve.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Check aria-hidden="true" />}
            Approve
          </Button>
          <Button size="sm" variant="outline" disabled={selected.size === 0 || busy} onClick={() => act("reject")}>
            {reject.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <X aria-hidden="true" />}
            Reject
          </Button>
        </div>
        <p role="status" className="basis-full text-sm font-medium text-primary empty:hidden">
          {outcome?.text}
        </p>
      </div>
      <LoadError what="the inbox" query={page} />
      <InboxTable
        items={items}
        loading={page.isPending}
        empty={filtered ? "No items match these filters." : "The inbox is empty: new items arrive when a feed syncs."}
        selected={selected}
        onToggle={toggle}
      />
      {total !== undefined && total > 0 ? (
        <nav aria-label="Pages of the inbox" className="flex flex-wrap items-center justify-between gap-2">
          <p className="text-sm text-muted-foreground tabular-nums" aria-live="polite">
            {formatNumber(offset + 1)}–{formatNumber(Math.min(offset + INBOX_PAGE_SIZE, total))} of{" "}
            {formatNumber(total)}
          </p>
          <div className="flex gap-2">
            <Button
              size="sm"
              variant="outline"
              disabled={offset === 0 || page.isFetching}
              onClick={() => goTo(Math.max(0, offset - INBOX_PAGE_SIZE))}
            >
              <ChevronLeft aria-hidden="true" />
              Previous
            </Button>
            <Button
              size="sm"
              variant="outline"
              disabled={offset + INBOX_PAGE_SIZE >= total || page.isFetching}
              onClick={() => goTo(offset + INBOX_PAGE_SIZE)}
            >
              Next
              <ChevronRight aria-hidden="true" />
            </Button>
          </div>
        </nav>
      ) : null}
    </>
  );
}

function plural(n: number, word: string): string {
  return `${formatNumber(n)} ${n === 1 ? word : `${word}s`}`;
}

function FilterSelect({
  id,
  label,
  value,
  onChange,
  choices,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  choices: Array<{ value: string; label: string }>;
}) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Select value={value} onValueChange={onChange}>
        <SelectTrigger id={id}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {choices.map((c) => (
            <SelectItem key={c.value} value={c.value}>
              {c.label}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}
