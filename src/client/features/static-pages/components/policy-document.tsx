import type { PolicyText } from "../rich-text";
import { Prose } from "./prose";
import { RichBlocks } from "./rich-text";

/** A policy: intro, sections and an 'On this page' list at desktop widths. */
export function PolicyDocument({ intro, sections }: PolicyText) {
  return (
    <div className="grid grid-cols-1 gap-10 lg:grid-cols-[14rem_minmax(0,1fr)] xl:gap-14">
      <nav aria-label="On this page" className="hidden lg:block">
        <div className="sticky top-24">
          <p className="mb-3 text-xs font-semibold uppercase tracking-wider text-muted-foreground">On this page</p>
          <ol className="space-y-1 border-l text-sm">
            {sections.map((s) => (
              <li key={s.id}>
                <a
                  href={`#${s.id}`}
                  className="-ml-px block border-l border-transparent py-1 pl-3 text-muted-foreground transition-colors hover:border-primary hover:text-foreground focus-visible:border-primary focus-visible:text-foreground focus-visible:outline-none"
                >
                  {s.title}
                </a>
              </li>
            ))}
          </ol>
        </div>
      </nav>
      <Prose>
        <div className="space-y-4 text-lg text-foreground">
          <RichBlocks blocks={intro} />
        </div>
        {sections.map((s) => (
          <section key={s.id} aria-labelledby={s.id} className="space-y-4">
            <h2 id={s.id}>{s.title}</h2>
            <RichBlocks blocks={s.body} />
          </section>
        ))}
      </Prose>
    </div>
  );
}
