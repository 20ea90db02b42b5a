import { Gamepad2 } from "lucide-react";
import { useState } from "react";
import { cn } from "@/lib/utils";

/** Cover image with a branded placeholder when the URL is empty or fails to load. */
export function GameImage({ src, alt, className, imgClassName }: { src: string | null | undefined; alt: string; className?: string; imgClassName?: string }) {
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
        <img src={src} alt={alt} loading="lazy" decoding="async" onError={() => setFailedSrc(src)} className={cn("size-full object-cover", imgClassName)} />
      )}
    </div>
  );
}
