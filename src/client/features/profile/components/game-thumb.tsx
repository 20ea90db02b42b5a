import { Gamepad2 } from "lucide-react";
import { useState } from "react";
import { cn } from "@/lib/utils";

/** Small decorative game cover with a placeholder when the image is missing or broken. */
export function GameThumb({ src, className }: { src: string; className?: string }) {
  const [broken, setBroken] = useState(!src);
  return (
    <div className={cn("relative shrink-0 overflow-hidden rounded-lg bg-muted", className)}>
      {broken ? (
        <div className="flex size-full items-center justify-center bg-gradient-to-br from-primary/25 via-brand-2/15 to-muted">
          <Gamepad2 className="size-5 text-primary/60" aria-hidden="true" />
        </div>
      ) : (
        <img
          src={src}
          alt=""
          loading="lazy"
          decoding="async"
          onError={() => setBroken(true)}
          className="size-full object-cover"
        />
      )}
    </div>
  );
}
