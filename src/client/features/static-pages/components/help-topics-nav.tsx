import type { FaqTopic } from "../texts/help-topics";

/** Help Center: one tile per topic, linking to its section. */
export function HelpTopicsNav({ topics }: { topics: readonly FaqTopic[] }) {
  return (
    <nav aria-label="Help topics" className="mb-10">
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
        {topics.map(({ id, title, icon: Icon }) => (
          <li key={id}>
            <a
              href={`#${id}`}
              className="flex h-full items-center gap-3 rounded-xl border bg-card p-3.5 text-sm font-medium shadow-sm transition-colors hover:border-primary/50 hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            >
              <span
                className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary [&_svg]:size-4"
                aria-hidden="true"
              >
                <Icon />
              </span>
              {title}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
