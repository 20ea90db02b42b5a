import { Gamepad2 } from "lucide-react";
import { useState } from "react";
import { cn } from "@/lib/utils";

/** How many covers at the top of a list get GameImage `priority`: those in view on a desktop's first screen. */
export const PRIORITY_COVERS = 4;

/**
 * Cover image with a branded placeholder when the URL is empty or fails to load. `priority` for the few covers
 * that are in view when the page opens (the first cards of a list, the game page's cover): loaded at once with
 * high priority instead of lazily, as they are the page's largest paint (Lighthouse lcp-lazy-loaded, D73).
 */
export function GameImage({
  src,
  alt,
  className,
  imgClassName,
  priority = false,
}: {
  src: string | null | undefined;
  alt: string;
  className?: string;
  imgClassName?: string;
  priority?: boolean;
}) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const broken = !src || failedSrc === src;
  return (
    <div className={cn("relative overflow-hidden bg-muted", className)}>
      {broken ? (
        <div
          role={alt ? "img" : undefined}
          aria-label={alt || undefined}
          className="flex size-full items-center justify-center bg-gradient-to-br from-primary/25 via-brand-2/15 to-muted"
        >
          <Gamepad2 className="size-10 text-primary/60" aria-hidden="true" />
        </div>
      ) : (
        <img
          src={src}
          alt={alt}
          loading={priority ? "eager" : "lazy"}
          fetchPriority={priority ? "high" : undefined}
          decoding="async"
          onError={() => setFailedSrc(src)}
          className={cn("size-full object-cover", imgClassName)}
        />
      )}
    </div>
  );
}
