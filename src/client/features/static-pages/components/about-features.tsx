import { ABOUT_FEATURES } from "../texts/about";
import { IconCard } from "./icon-card";
import { TitledSection } from "./titled-section";

/** About Us: 'What you will find', one card per feature of the site. */
export function AboutFeatures() {
  return (
    <TitledSection id="what-you-get" title="What you will find">
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {ABOUT_FEATURES.map(({ title, text, icon: Icon }) => (
          <li key={title}>
            <IconCard
              icon={<Icon />}
              className="h-full"
              layout="flex gap-4 p-5"
              badge="flex size-10 shrink-0 items-center justify-center rounded-xl bg-primary/10 text-primary [&_svg]:size-5"
            >
              <h3 className="font-semibold">{title}</h3>
              <p className="mt-1 text-sm text-muted-foreground">{text}</p>
            </IconCard>
          </li>
        ))}
      </ul>
    </TitledSection>
  );
}
