import { ExternalLink, X } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { HOUSE_AD_SKIP_MS } from "@contract/ads-constants";
import type { AdViewProps, ClientAdProvider, CreativeOf } from "./types";

/** An image closes by itself after this long, a video at its end or after this long: the game hears back in time (D151). */
export const HOUSE_IMAGE_MS = 15_000;
export const HOUSE_VIDEO_MAX_MS = 25_000;

/**
 * D152: an uploaded image or video over the game, skippable after 5 s; its link opens in a new tab. A rewarded one
 * is earned when watched: an image for 5 s (when it can be skipped), a video to its end.
 */
function HouseAdView({ ad, rewarded, onClick, onDone }: AdViewProps<CreativeOf<"house">>) {
  const [left, setLeft] = useState(Math.ceil(HOUSE_AD_SKIP_MS / 1000));
  const done = useRef(false);
  const finish = useRef(onDone);
  finish.current = onDone;
  const end = (completed: boolean, dismissed: boolean) => {
    if (done.current) return;
    done.current = true;
    finish.current({ completed, dismissed });
  };
  const skippable = left <= 0;

  useEffect(() => {
    const tick = setInterval(() => setLeft((n) => Math.max(0, n - 1)), 1000);
    const limit = setTimeout(() => end(true, false), ad.kind === "image" ? HOUSE_IMAGE_MS : HOUSE_VIDEO_MAX_MS);
    return () => {
      clearInterval(tick);
      clearTimeout(limit);
    };
  }, [ad.kind]);

  // an image is watched once it can be skipped; a video only at its end
  const skip = () => end(ad.kind === "image", true);

  return (
    <div
      role="dialog"
      aria-modal="true"
      aria-label="Advertisement"
      className="absolute inset-0 z-20 flex flex-col bg-neutral-950 text-white"
    >
      <div className="flex items-center justify-between gap-2 px-3 py-2 text-sm">
        <span className="rounded bg-white/15 px-2 py-0.5 text-xs font-semibold uppercase tracking-wide">Ad</span>
        {skippable ? (
          <Button
            size="sm"
            variant="secondary"
            onClick={skip}
            aria-label={rewarded && ad.kind === "video" ? "Skip ad (no reward)" : "Skip ad"}
          >
            <X aria-hidden="true" />
            Skip ad
          </Button>
        ) : (
          <span aria-live="polite" className="tabular-nums text-white/80">
            {rewarded ? `Reward in ${left} s` : `Skip in ${left} s`}
          </span>
        )}
      </div>
      <a
        href={ad.link}
        target="_blank"
        rel="noopener noreferrer"
        onClick={onClick}
        className="flex min-h-0 flex-1 items-center justify-center px-3"
        aria-label={`${ad.title} (opens in a new tab)`}
      >
        {ad.kind === "image" ? (
          <img src={ad.mediaUrl} alt={ad.title} className="max-h-full max-w-full rounded-lg object-contain" />
        ) : (
          <video
            src={ad.mediaUrl}
            autoPlay
            muted
            playsInline
            onEnded={() => end(true, false)}
            onError={() => end(false, false)}
            className="max-h-full max-w-full rounded-lg"
          />
        )}
      </a>
      <div className="flex justify-center px-3 py-2">
        <a
          href={ad.link}
          target="_blank"
          rel="noopener noreferrer"
          onClick={onClick}
          className="inline-flex items-center gap-1 text-sm font-medium underline underline-offset-4"
        >
          {ad.title}
          <ExternalLink aria-hidden="true" className="size-4" />
        </a>
      </div>
    </div>
  );
}

export const houseAds: ClientAdProvider = {
  id: "house",
  needsConsent: false,
  View: (props) => (props.ad.provider === "house" ? <HouseAdView {...props} ad={props.ad} /> : null),
};
