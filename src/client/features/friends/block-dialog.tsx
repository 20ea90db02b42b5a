import { Ban } from "lucide-react";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import type { PublicPlayer } from "@contract/player-live";
import { useFriendAction } from "./use-friend-action";

/** D84: blocking asks first, and says what it does. Open while `player` is set. */
export function BlockDialog({
  player,
  onClose,
}: {
  player: Pick<PublicPlayer, "id" | "username"> | null;
  onClose: () => void;
}) {
  const action = useFriendAction();
  return (
    <Dialog open={!!player} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Block {player?.username}?</DialogTitle>
          <DialogDescription>
            They will no longer be your friend, and neither of you can send the other friend requests or messages. They
            will not see when you are online. They are not told.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button
            variant="destructive"
            disabled={action.isPending}
            onClick={() => {
              if (player) action.mutate({ action: "block", user: player }, { onSuccess: onClose });
            }}
          >
            <Ban aria-hidden="true" />
            Block
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
