import { Loader2, SendHorizontal } from "lucide-react";
import { useId, useLayoutEffect, useRef, useState, type FormEvent, type KeyboardEvent } from "react";
import { Button } from "@/components/ui/button";
import { inputClasses } from "@/components/ui/input";
import { errorMessage } from "@/lib/api-client";
import { cn } from "@/lib/utils";
import { DIRECT_MESSAGE_COUNTER_FROM, DIRECT_MESSAGE_MAX_LENGTH } from "@contract/direct-messages-constants";

/** The composer grows with its text up to this height (px), then scrolls. */
const MAX_HEIGHT = 160;

/**
 * D88: writes a direct message. Enter sends, Shift+Enter starts a new line (and Enter while an input method
 * is composing a character does neither); the characters left show near the limit; the server's refusal
 * (403: not friends, blocked, turned off; 429: too fast) is shown under the box, and the text is kept.
 */
export function Composer({
  recipient,
  onSend,
  disabledReason,
}: {
  recipient: string;
  /** sends the trimmed text; rejects with the API's error */
  onSend: (body: string) => Promise<unknown>;
  /** why the player cannot write here (the box is then replaced by this text) */
  disabledReason?: string | null;
}) {
  const id = useId();
  const [draft, setDraft] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const box = useRef<HTMLTextAreaElement>(null);
  // Two Enters faster than a render must not send twice.
  const sending = useRef(false);
  const left = DIRECT_MESSAGE_MAX_LENGTH - draft.length;

  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    el.style.height = "auto";
    el.style.height = `${Math.min(el.scrollHeight, MAX_HEIGHT)}px`;
  }, [draft]);

  if (disabledReason) {
    return (
      <p
        role="status"
        className="rounded-lg border border-dashed bg-muted/40 px-4 py-3 text-center text-sm text-muted-foreground"
      >
        {disabledReason}
      </p>
    );
  }

  async function submit(event?: FormEvent) {
    event?.preventDefault();
    const body = draft.trim();
    if (!body || sending.current) return;
    sending.current = true;
    setPending(true);
    setError(null);
    try {
      await onSend(body);
      setDraft("");
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      sending.current = false;
      setPending(false);
      box.current?.focus();
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key !== "Enter" || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void submit();
  }

  return (
    <form onSubmit={(e) => void submit(e)} className="grid gap-1.5" aria-busy={pending || undefined}>
      <div className="flex items-end gap-2">
        <label htmlFor={id} className="sr-only">
          Message {recipient}
        </label>
        <textarea
          id={id}
          ref={box}
          rows={1}
          value={draft}
          maxLength={DIRECT_MESSAGE_MAX_LENGTH}
          placeholder={`Message ${recipient}…`}
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : `${id}-hint`}
          onChange={(e) => {
            setDraft(e.target.value);
            if (error) setError(null);
          }}
          onKeyDown={onKeyDown}
          className={cn(inputClasses, "h-auto min-h-10 resize-none py-2 leading-6")}
          style={{ maxHeight: MAX_HEIGHT }}
        />
        <Button
          type="submit"
          variant="gradient"
          size="icon"
          className="size-10 shrink-0"
          disabled={pending || !draft.trim()}
          aria-label="Send message"
        >
          {pending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <SendHorizontal aria-hidden="true" />}
        </Button>
      </div>
      {/* On a phone the keyboard hint is left out: the row only shows for an error or the counter. */}
      <div
        className={cn(
          "min-h-4 items-start justify-between gap-3 text-xs",
          error || draft.length >= DIRECT_MESSAGE_COUNTER_FROM ? "flex" : "hidden sm:flex",
        )}
      >
        {error ? (
          <p id={`${id}-error`} role="alert" className="text-destructive">
            {error}
          </p>
        ) : (
          <p id={`${id}-hint`} className="text-muted-foreground">
            Enter to send, Shift+Enter for a new line
          </p>
        )}
        {draft.length >= DIRECT_MESSAGE_COUNTER_FROM ? (
          <p
            className={cn(
              "ml-auto shrink-0 tabular-nums",
              left <= 50 ? "font-medium text-destructive" : "text-muted-foreground",
            )}
            aria-live="polite"
          >
            {left === 1 ? "1 character left" : `${left} characters left`}
          </p>
        ) : null}
      </div>
    </form>
  );
}
