import { Loader2, Send, Trash2 } from "lucide-react";
import { useId, useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Label, Textarea } from "@/components/ui/input";
import { toast } from "@/components/ui/use-toast";
import { ApiError } from "@/lib/api-client";
import { formatNumber } from "@/lib/format";
import type { CurrentUser } from "@/lib/session";
import type { Review } from "@contract/reviews";
import { useDeleteReview } from "../api/delete-review";
import { useSubmitReview } from "../api/submit-review";
import { StarInput } from "./star-input";

/** D30: a comment of at most 2,000 characters (the server refuses longer ones). */
export const MAX_COMMENT_LENGTH = 2000;

const pleaseLogIn = () =>
  toast({ title: "Please log in", description: "You need to be logged in to submit a review", variant: "destructive" });

/**
 * Write or edit the signed-in user's review (D30). Without a review:
 * 'Write a Review' and 'Submit'; with one: 'Edit Your Review', 'Update' and 'Delete', prefilled.
 * The parent remounts it (key) when the own review appears or disappears, which also clears it after
 * a delete. Toasts follow the spec's catalogue; mutateAsync keeps them even if the tab is left.
 */
export function ReviewForm({
  gameId,
  user,
  existing,
}: {
  gameId: number;
  user: CurrentUser | null;
  existing: Review | null;
}) {
  const [rating, setRating] = useState(existing?.rating ?? 0);
  const [comment, setComment] = useState(existing?.comment ?? "");
  const submit = useSubmitReview(gameId);
  const remove = useDeleteReview(gameId);
  const headingId = useId();
  const ratingLabelId = useId();
  const commentId = useId();
  const busy = submit.isPending || remove.isPending;
  // D96: a refusal that names its rule ("You are muted until …") is shown by the buttons; the review is kept.
  const [refusal, setRefusal] = useState("");

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (!user) return pleaseLogIn();
    if (rating < 1) {
      toast({ title: "Rating required", description: "Please select a star rating", variant: "destructive" });
      return;
    }
    setRefusal("");
    try {
      const result = await submit.mutateAsync({ userId: user.id, rating, comment });
      toast({
        title: result.created ? "Review submitted!" : "Review updated!",
        description: "Thanks for sharing your opinion.",
      });
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) return pleaseLogIn();
      // a mute (403), a blocked word (400): the server's words by the buttons, the review kept
      if (err instanceof ApiError && (err.status === 403 || err.status === 400)) return setRefusal(err.serverMessage);
      console.warn("Could not submit the review", err);
      toast({ title: "Error submitting review", description: "Please try again later", variant: "destructive" });
    }
  }

  async function onDelete() {
    if (!user || !existing) return;
    try {
      await remove.mutateAsync(user.id);
      setRating(0);
      setComment("");
      toast({ title: "Review deleted", description: "Your review has been removed." });
    } catch (err) {
      console.warn("Could not delete the review", err);
      toast({ title: "Error deleting review", description: "Please try again later", variant: "destructive" });
    }
  }

  return (
    <form
      onSubmit={onSubmit}
      aria-labelledby={headingId}
      className="space-y-4 rounded-xl border bg-muted/40 p-4 sm:p-5"
      noValidate
    >
      <h3 id={headingId} className="text-lg font-semibold">
        {existing ? "Edit Your Review" : "Write a Review"}
      </h3>
      <div className="space-y-1.5">
        <span id={ratingLabelId} className="text-sm font-medium">
          Your rating
        </span>
        <StarInput value={rating} onChange={setRating} disabled={busy} labelledBy={ratingLabelId} />
      </div>
      <div className="space-y-1.5">
        <Label htmlFor={commentId}>Your review (optional)</Label>
        <Textarea
          id={commentId}
          value={comment}
          onChange={(e) => setComment(e.target.value)}
          maxLength={MAX_COMMENT_LENGTH}
          placeholder="Share your thoughts about this game..."
          disabled={busy}
          rows={4}
        />
        <p className="text-right text-xs text-muted-foreground">
          {formatNumber(comment.length)}/{formatNumber(MAX_COMMENT_LENGTH)}
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <Button type="submit" variant="gradient" disabled={busy}>
          {submit.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Send aria-hidden="true" />}
          {existing ? "Update" : "Submit"}
        </Button>
        {existing ? (
          <Button
            type="button"
            variant="outline"
            onClick={onDelete}
            disabled={busy}
            className="text-destructive hover:text-destructive"
          >
            {remove.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Trash2 aria-hidden="true" />}
            Delete
          </Button>
        ) : null}
        {refusal ? (
          <p role="alert" className="text-sm font-medium text-destructive dark:text-red-400">
            {refusal}
          </p>
        ) : null}
      </div>
    </form>
  );
}
