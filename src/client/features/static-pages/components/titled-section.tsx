import type { ReactNode } from "react";

/** A section of an info page under its h2, e.g. 'Our audience' on Advertise With Us. */
export function TitledSection({
  id,
  title,
  spacing = "mb-5",
  children,
}: {
  id: string;
  title: string;
  spacing?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className={`${spacing} text-2xl font-bold tracking-tight`}>
        {title}
      </h2>
      {children}
    </section>
  );
}
