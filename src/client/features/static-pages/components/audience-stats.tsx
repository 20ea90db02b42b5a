import { AUDIENCE_STATS } from "../texts/advertising";
import { IconCard } from "./icon-card";
import { TitledSection } from "./titled-section";

/** Advertise With Us: 'Our audience', the spec's four stats (spec §2). */
export function AudienceStats() {
  return (
    <TitledSection id="audience" title="Our audience">
      <ul className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        {AUDIENCE_STATS.map(({ value, label, icon: Icon }) => (
          <li key={label}>
            <IconCard
              icon={<Icon />}
              className="h-full"
              layout="flex flex-col gap-3 p-4 sm:p-5"
              badge="flex size-10 items-center justify-center rounded-xl bg-primary/10 text-primary [&_svg]:size-5"
            >
              <p className="text-2xl font-extrabold tracking-tight text-foreground sm:text-3xl">{value}</p>
              <p className="text-sm text-muted-foreground">{label}</p>
            </IconCard>
          </li>
        ))}
      </ul>
    </TitledSection>
  );
}
