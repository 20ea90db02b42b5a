import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "@/components/ui/use-toast";
import { errorMessage } from "@/lib/api-client";
import { friendAction, friendKeys, type FriendAction } from "./api";

const DONE: Record<FriendAction, (name: string) => string> = {
  request: (name) => `Friend request sent to ${name}`,
  remove: (name) => `${name} is no longer in your friends or requests`,
  block: (name) => `${name} is blocked`,
  unblock: (name) => `${name} is unblocked`,
};

/** D84: one friend action with its toast; the friends lists and the relationship are refetched afterwards. */
export function useFriendAction() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ action, user }: { action: FriendAction; user: { id: number; username: string }; quiet?: boolean }) =>
      friendAction(action, user.id),
    onSuccess: (_done, { action, user, quiet }) => {
      if (!quiet) toast({ title: DONE[action](user.username) });
    },
    onError: (error) => toast({ title: "That did not work", description: errorMessage(error), variant: "destructive" }),
    onSettled: () => qc.invalidateQueries({ queryKey: friendKeys.all }),
  });
}
