import { ImageUp, Trash2 } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { UserAvatar } from "@/components/ui/avatar";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/use-toast";
import { errorMessage } from "@/lib/api-client";
import type { CurrentUser } from "@/lib/session";
import { AVATAR_MAX_UPLOAD_BYTES, AVATAR_SIZE } from "@contract/me-constants";
import { useRemoveAvatar, useUploadAvatar } from "../api/account";
import { SettingsCard } from "./settings-card";

const ACCEPTED = "image/png,image/jpeg,image/webp,image/gif";

/** D87: the avatar, uploaded (cropped to a 256 px square WebP by the server) or removed. */
export function ProfileSection({ user }: { user: CurrentUser }) {
  const input = useRef<HTMLInputElement>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const upload = useUploadAvatar();
  const remove = useRemoveAvatar();
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  function choose(file: File | undefined) {
    if (!file) return;
    if (file.size > AVATAR_MAX_UPLOAD_BYTES) {
      toast({
        title: "Image too large",
        description: `Please choose an image of at most ${AVATAR_MAX_UPLOAD_BYTES / (1024 * 1024)} MB.`,
        variant: "destructive",
      });
      return;
    }
    setPreview(URL.createObjectURL(file));
    upload.mutate(file, {
      onSuccess: () =>
        toast({ title: "Avatar updated", description: "Your new picture shows everywhere on the site." }),
      onError: (error) => {
        setPreview(null);
        toast({ title: "Could not upload your avatar", description: errorMessage(error), variant: "destructive" });
      },
    });
  }

  const shown = preview ?? user.avatarUrl;
  return (
    <SettingsCard
      id="profile"
      title="Profile"
      description="Your picture appears in the header, on your profile, in chat, reviews and on the leaderboards."
    >
      <div className="flex flex-col gap-5 sm:flex-row sm:items-center">
        <UserAvatar username={user.username} src={shown} className="size-24 text-2xl [&>span]:text-2xl" />
        <div className="grid gap-3">
          <div>
            <p className="font-semibold">{user.username}</p>
            <p className="text-sm text-muted-foreground">
              PNG, JPEG, WebP or GIF, up to {AVATAR_MAX_UPLOAD_BYTES / (1024 * 1024)} MB. It is cropped to a square of{" "}
              {AVATAR_SIZE} px.
            </p>
          </div>
          <div className="flex flex-wrap gap-2">
            <input
              ref={input}
              type="file"
              accept={ACCEPTED}
              className="sr-only"
              tabIndex={-1}
              aria-hidden="true"
              onChange={(e) => {
                choose(e.target.files?.[0]);
                e.target.value = "";
              }}
            />
            <Button variant="gradient" onClick={() => input.current?.click()} disabled={upload.isPending}>
              <ImageUp aria-hidden="true" />
              {upload.isPending ? "Uploading…" : "Upload picture"}
            </Button>
            {user.avatarUrl ? (
              <Button
                variant="outline"
                disabled={remove.isPending || upload.isPending}
                onClick={() =>
                  remove.mutate(undefined, {
                    onSuccess: () => {
                      setPreview(null);
                      toast({ title: "Avatar removed", description: "Your initials show instead." });
                    },
                    onError: (error) =>
                      toast({
                        title: "Could not remove your avatar",
                        description: errorMessage(error),
                        variant: "destructive",
                      }),
                  })
                }
              >
                <Trash2 aria-hidden="true" />
                Remove
              </Button>
            ) : null}
          </div>
        </div>
      </div>
    </SettingsCard>
  );
}
