import { AD_FORMATS } from "../texts/advertising";
import { TitledSection } from "./titled-section";

/** Advertise With Us: 'Ways to advertise'. */
export function AdFormats() {
  return (
    <TitledSection id="formats" title="Ways to advertise" spacing="mb-4">
      <ul className="space-y-4">
        {AD_FORMATS.map(({ title, text, icon: Icon }) => (
          <li key={title} className="flex gap-3">
            <span
              className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-gradient-to-br from-primary to-brand-2 text-white [&_svg]:size-4"
              aria-hidden="true"
            >
              <Icon />
            </span>
            <div>
              <h3 className="font-semibold">{title}</h3>
              <p className="text-sm text-muted-foreground">{text}</p>
            </div>
          </li>
        ))}
      </ul>
    </TitledSection>
  );
}
