import { useId } from "react";
import { Switch } from "@/components/ui/switch";
import { toast } from "@/components/ui/use-toast";
import { errorMessage } from "@/lib/api-client";
import { useGameAds, useSetGameAds } from "../api/game-ads";

/** D153: the game's own ads switch, saved as soon as it is flipped (school mode and Settings → Ads still apply). */
export function GameAdsSwitch({ gameId }: { gameId: number }) {
  const uid = useId();
  const ads = useGameAds(gameId);
  const set = useSetGameAds(gameId);
  const on = set.isPending ? set.variables : ads.data?.adsOn;
  return (
    <section aria-labelledby={`${uid}-title`} className="grid gap-2 border-t pt-4">
      <div className="flex items-center justify-between gap-3">
        <h3 id={`${uid}-title`} className="font-semibold">
          Ads on this game
        </h3>
        <Switch
          aria-labelledby={`${uid}-title`}
          aria-describedby={`${uid}-hint`}
          checked={on ?? true}
          disabled={on === undefined || set.isPending}
          onCheckedChange={(next) =>
            set.mutate(next, {
              onSuccess: () => toast({ title: next ? "Ads are on for this game" : "No ads on this game" }),
              onError: (err) =>
                toast({
                  title: "Failed to change the game's ads",
                  description: errorMessage(err),
                  variant: "destructive",
                }),
            })
          }
        />
      </div>
      <p id={`${uid}-hint`} className="text-sm text-muted-foreground">
        {on === false
          ? "Off: this game's page and frame never show an ad, and a rewarded ad follows the setting for when ads are off."
          : "On: the game may show ads as Settings → Ads allows (never in school mode)."}
      </p>
    </section>
  );
}
