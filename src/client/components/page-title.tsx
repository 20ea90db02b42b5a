import { useContent } from "@/lib/site-content";
import { documentTitle, metaDescription } from "@contract/pages";

/**
 * D1: the home title is `{site.name} - {site.tagline}` (Arcadium - Play, Chat, Compete); every other
 * page is `{page} - {site.name}`. Rendered with React 19 <title>/<meta> hoisting into <head>.
 */
export function PageTitle({ title, description }: { title?: string; description?: string }) {
  const content = useContent();
  const name = content("site.name");
  const text = documentTitle(name, content("site.tagline"), title);
  return (
    <>
      <title>{text}</title>
      {description ? <meta name="description" content={metaDescription(description)} /> : null}
    </>
  );
}
