import { ExternalLink, Loader2, X } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { HOUSE_AD_SKIP_MS } from "@contract/ads-constants";
import type { AdOutcome, AdViewProps, ClientAdProvider, CreativeOf } from "./types";
import { fetchVast, track, type VastAd } from "./vast-document";

/**
 * D152: a VAST tag's video over the game. The browser fetches the tag (vast-document.ts), plays its first linear
 * MP4 or WebM, and tells the ad server impression, start, complete, skip and click. Skippable at the VAST's
 * skipoffset, else after 5 s; a rewarded one is earned only at the video's end. No ad, a bad document or a video
 * that fails to play is no ad shown.
 */
function VastAdView({ ad, rewarded, onClick, onDone }: AdViewProps<CreativeOf<"vast">>) {
  const [vast, setVast] = useState<VastAd | null>(null);
  const [skippable, setSkippable] = useState(false);
  const [left, setLeft] = useState<number | null>(null);
  const done = useRef(false);
  const started = useRef(false);
  const finish = useRef(onDone);
  finish.current = onDone;
  const end = (outcome: AdOutcome) => {
    if (done.current) return;
    done.current = true;
    finish.current(outcome);
  };

  useEffect(() => {
    let live = true;
    void fetchVast(ad.tagUrl).then((result) => {
      if (!live) return;
      if ("notShown" in result) end({ completed: false, dismissed: false, notShown: result.notShown });
      else setVast(result);
    });
    return () => {
      live = false;
    };
  }, [ad.tagUrl]);

  useEffect(() => {
    if (!vast) return;
    const skipAt = vast.skipOffsetMs ?? HOUSE_AD_SKIP_MS;
    const startedAt = Date.now();
    const tick = setInterval(() => {
      const remaining = Math.max(0, Math.ceil((skipAt - (Date.now() - startedAt)) / 1000));
      setLeft(remaining);
      if (remaining === 0) setSkippable(true);
    }, 250);
    return () => clearInterval(tick);
  }, [vast]);

  const skip = () => {
    if (vast) track(vast.tracking.skip);
    end({ completed: false, dismissed: true });
  };
  const click = () => {
    if (vast) track(vast.tracking.click);
    onClick();
  };

  return (
    <div
      role="dialog"
      aria-modal="true"
      aria-label="Advertisement"
      className="absolute inset-0 z-20 flex flex-col bg-neutral-950 text-white"
    >
      <div className="flex items-center justify-between gap-2 px-3 py-2 text-sm">
        <span className="rounded bg-white/15 px-2 py-0.5 text-xs font-semibold uppercase tracking-wide">Ad</span>
        {vast && skippable ? (
          <Button
            size="sm"
            variant="secondary"
            onClick={skip}
            aria-label={rewarded ? "Skip ad (no reward)" : "Skip ad"}
          >
            <X aria-hidden="true" />
            Skip ad
          </Button>
        ) : vast && left !== null ? (
          <span aria-live="polite" className="tabular-nums text-white/80">
            {rewarded ? `Reward at the end · skip in ${left} s` : `Skip in ${left} s`}
          </span>
        ) : null}
      </div>
      <div className="flex min-h-0 flex-1 items-center justify-center px-3">
        {vast ? (
          <video
            src={vast.mediaUrl}
            autoPlay
            muted
            playsInline
            data-testid="vast-video"
            onPlaying={() => {
              if (started.current) return;
              started.current = true;
              track(vast.tracking.impression);
              track(vast.tracking.start);
            }}
            onEnded={() => {
              track(vast.tracking.complete);
              end({ completed: true, dismissed: false });
            }}
            onError={() => end({ completed: false, dismissed: false, notShown: "error" })}
            className="max-h-full max-w-full rounded-lg"
          />
        ) : (
          <Loader2 className="size-8 animate-spin text-white/70" aria-label="Loading the ad" />
        )}
      </div>
      {vast?.clickThrough && (
        <div className="flex justify-center px-3 py-2">
          <a
            href={vast.clickThrough}
            target="_blank"
            rel="noopener noreferrer"
            onClick={click}
            className="inline-flex items-center gap-1 text-sm font-medium underline underline-offset-4"
          >
            Learn more
            <ExternalLink aria-hidden="true" className="size-4" />
          </a>
        </div>
      )}
    </div>
  );
}

export const vastAds: ClientAdProvider = {
  id: "vast",
  needsConsent: true,
  View: (props) => (props.ad.provider === "vast" ? <VastAdView {...props} ad={props.ad} /> : null),
};
