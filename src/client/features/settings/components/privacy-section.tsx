import { Globe, Lock, Users } from "lucide-react";
import type { ReactNode } from "react";
import { RadioCard } from "@/components/ui/radio-card";
import { Switch } from "@/components/ui/switch";
import { toast } from "@/components/ui/use-toast";
import { errorMessage } from "@/lib/api-client";
import type { AccountSettings, AccountSettingsPatch } from "@contract/me";
import { NOTIFICATION_PREF_KINDS, NOTIFICATION_PREF_LABELS, type ProfileVisibility } from "@contract/me-constants";
import { useUpdateAccountSettings } from "../api/update-settings";
import { SettingRow, SettingsCard } from "./settings-card";

const VISIBILITY: Array<{ value: ProfileVisibility; label: string; hint: string; icon: ReactNode }> = [
  { value: "public", label: "Public", hint: "Anyone can see your profile, scores and achievements.", icon: <Globe /> },
  {
    value: "friends",
    label: "Friends only",
    hint: "Only your friends see more than your name and picture.",
    icon: <Users />,
  },
  { value: "private", label: "Private", hint: "Nobody sees more than your name and picture.", icon: <Lock /> },
];

function useSave() {
  const update = useUpdateAccountSettings();
  return (patch: AccountSettingsPatch) =>
    update.mutate(patch, {
      onSuccess: () => toast({ title: "Settings saved" }),
      onError: (error) =>
        toast({ title: "Could not save your settings", description: errorMessage(error), variant: "destructive" }),
    });
}

/** D87: who sees the profile, and whether friends see you online (opt-in). */
export function PrivacySection({ settings }: { settings: AccountSettings }) {
  const save = useSave();
  return (
    <SettingsCard
      id="privacy"
      title="Privacy"
      description="Choose who sees your profile and whether friends see when you are online."
    >
      <fieldset>
        <legend className="mb-3 text-sm font-medium">Profile visibility</legend>
        <div className="grid gap-2 sm:grid-cols-3">
          {VISIBILITY.map((option) => {
            const checked = settings.profileVisibility === option.value;
            return (
              <RadioCard
                key={option.value}
                name="profile-visibility"
                value={option.value}
                checked={checked}
                onSelect={() => save({ profileVisibility: option.value })}
                icon={option.icon}
                label={option.label}
                hint={option.hint}
              />
            );
          })}
        </div>
      </fieldset>
      <div className="mt-4 border-t">
        <SettingRow
          id="presence"
          label="Show when I'm online"
          hint="Friends see that you are online, or which game you are playing."
          control={({ labelledBy, describedBy }) => (
            <Switch
              checked={settings.presenceEnabled}
              onCheckedChange={(presenceEnabled) => save({ presenceEnabled })}
              aria-labelledby={labelledBy}
              aria-describedby={describedBy}
            />
          )}
        />
      </div>
    </SettingsCard>
  );
}

/** D85: a switch per notification kind. */
export function NotificationsSection({ settings }: { settings: AccountSettings }) {
  const save = useSave();
  return (
    <SettingsCard id="notifications" title="Notifications" description="Choose what appears under the bell.">
      <div className="divide-y">
        {NOTIFICATION_PREF_KINDS.map((kind) => (
          <SettingRow
            key={kind}
            id={`notify-${kind}`}
            label={NOTIFICATION_PREF_LABELS[kind].label}
            hint={NOTIFICATION_PREF_LABELS[kind].hint}
            control={({ labelledBy, describedBy }) => (
              <Switch
                checked={settings.notificationPrefs[kind]}
                onCheckedChange={(on) => save({ notificationPrefs: { [kind]: on } })}
                aria-labelledby={labelledBy}
                aria-describedby={describedBy}
              />
            )}
          />
        ))}
      </div>
    </SettingsCard>
  );
}
