import { useEffect, useLayoutEffect, useState, type ComponentProps } from "react";
import { initials } from "@/lib/format";
import { cn } from "@/lib/utils";

type ImageStatus = "loading" | "loaded" | "error";

/**
 * The picture's loading status, asked of a detached image: the <img> is shown only once it has loaded, so that a
 * broken or slow picture never shows as a broken image. Nothing is loaded on the server (no picture in its HTML).
 */
function useImageStatus(src: string | null | undefined): ImageStatus {
  const [status, setStatus] = useState<ImageStatus>("loading");
  // A layout effect, so that a picture already in the cache shows in the first paint after hydration.
  useLayoutEffect(() => {
    if (!src) {
      setStatus("error");
      return;
    }
    const image = new window.Image();
    const settle = () => setStatus(image.naturalWidth > 0 ? "loaded" : "error");
    const fail = () => setStatus("error");
    image.addEventListener("load", settle);
    image.addEventListener("error", fail);
    image.src = src;
    if (image.complete) settle();
    else setStatus("loading");
    return () => {
      image.removeEventListener("load", settle);
      image.removeEventListener("error", fail);
      setStatus("loading");
    };
  }, [src]);
  return status;
}

/** With a picture, the initials wait this long for it before they show (no flash of initials before a quick picture). */
const FALLBACK_DELAY_MS = 300;

function useDelayPassed(delayMs: number | undefined): boolean {
  const [passed, setPassed] = useState(delayMs === undefined);
  useEffect(() => {
    if (delayMs === undefined) return;
    const timer = window.setTimeout(() => setPassed(true), delayMs);
    return () => window.clearTimeout(timer);
  }, [delayMs]);
  return passed;
}

/**
 * Avatar with the spec's fallback: first two letters of the username, upper case ('GU' for a guest). Its own code
 * rather than Radix Avatar's (the same markup and timing): it is in the header of every page (D73).
 */
export function UserAvatar({
  username,
  src,
  className,
  ...props
}: ComponentProps<"span"> & { username?: string | null; src?: string | null }) {
  const status = useImageStatus(src);
  const fallbackDelayPassed = useDelayPassed(src ? FALLBACK_DELAY_MS : undefined);
  return (
    <span
      className={cn("relative flex size-9 shrink-0 overflow-hidden rounded-full bg-muted select-none", className)}
      {...props}
    >
      {src && status === "loaded" ? <img src={src} alt="" className="aspect-square size-full object-cover" /> : null}
      {fallbackDelayPassed && status !== "loaded" ? (
        <span className="flex size-full items-center justify-center bg-gradient-to-br from-primary to-brand-2 text-xs font-bold text-white">
          {initials(username)}
        </span>
      ) : null}
    </span>
  );
}
