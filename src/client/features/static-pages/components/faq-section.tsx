import { cn } from "@/lib/utils";
import type { FaqAnswer, FaqTopic } from "../texts/help-topics";
import { proseClasses } from "./prose";
import { RichBlock, RichText } from "./rich-text";

function Answer({ answer }: { answer: FaqAnswer }) {
  if (typeof answer === "string") return <p>{answer}</p>;
  return <div>{"ul" in answer ? <RichBlock block={answer} /> : <RichText text={answer} />}</div>;
}

/** Help Center: a topic under its h2, each question a disclosure that opens on its answer. */
export function FaqSection({ topic }: { topic: FaqTopic }) {
  return (
    <section aria-labelledby={topic.id} className="scroll-mt-24">
      <h2 id={topic.id} className="mb-4 scroll-mt-24 text-xl font-bold tracking-tight">
        {topic.title}
      </h2>
      <div className="divide-y overflow-hidden rounded-xl border bg-card">
        {topic.items.map((item) => (
          <details key={item.q} className="group">
            <summary className="flex cursor-pointer list-none items-center justify-between gap-4 px-4 py-3.5 font-medium transition-colors hover:bg-accent/60 focus-visible:bg-accent/60 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-ring [&::-webkit-details-marker]:hidden">
              {item.q}
              <span
                aria-hidden="true"
                className="flex size-6 shrink-0 items-center justify-center rounded-full bg-muted text-muted-foreground transition-transform group-open:rotate-45"
              >
                +
              </span>
            </summary>
            <div className={cn(proseClasses, "px-4 pb-4 text-sm text-muted-foreground [&_li]:text-muted-foreground")}>
              <Answer answer={item.a} />
            </div>
          </details>
        ))}
      </div>
    </section>
  );
}
