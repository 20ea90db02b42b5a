import { GraduationCap, Loader2, RefreshCw, Save } from "lucide-react";
import { useEffect, useId, useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input, Textarea } from "@/components/ui/input";
import { Skeleton } from "@/components/ui/skeleton";
import { Switch } from "@/components/ui/switch";
import { toast } from "@/components/ui/use-toast";
import { ConfirmDialog } from "@/features/cms/shared/components/confirm-dialog";
import { Field, fieldAria } from "@/features/cms/shared/components/field";
import { ApiError, errorMessage } from "@/lib/api-client";
import {
  CHAT_ENABLED_SETTING,
  CHAT_LINKS_SETTING,
  chatEnabled,
  chatLinksAllowed,
  FILTER_BLOCK_SETTING,
  FILTER_MASK_SETTING,
  INVITE_CODE_MESSAGE,
  INVITE_CODE_PATTERN,
  INVITE_CODE_SETTING,
  REGISTRATION_SETTING,
  registrationMode,
  type RegistrationMode,
  SCHOOL_HIDES_AD_GAMES_SETTING,
  SCHOOL_MODE_SETTING,
  schoolHidesAdGames,
  schoolModeOn,
} from "@contract/community-constants";
import { STAFF_TWO_STEP_SETTING, staffTwoStepRequired, TWO_STEP_TEXTS } from "@contract/two-step-constants";
import { useSettings } from "../api/get-settings";
import { useSchoolMode } from "../api/school-mode";
import { useUpdateSettings } from "../api/update-settings";

type Form = {
  block: string;
  mask: string;
  chat: boolean;
  links: boolean;
  registration: RegistrationMode;
  inviteCode: string;
  staffTwoStep: boolean;
  schoolMode: boolean;
  hideAdGames: boolean;
};

/** A readable code for the admin to hand out: 10 letters and digits without look-alikes (the server's school mode makes the same kind). */
function randomInviteCode(): string {
  const alphabet = "abcdefghjkmnpqrstuvwxyz23456789";
  const bytes = crypto.getRandomValues(new Uint8Array(10));
  return Array.from(bytes, (b) => alphabet[b % alphabet.length]).join("");
}

function SwitchRow({
  id,
  label,
  hint,
  checked,
  onChange,
}: {
  id: string;
  label: string;
  hint: string;
  checked: boolean;
  onChange: (on: boolean) => void;
}) {
  return (
    <div className="flex items-start justify-between gap-4 rounded-lg border p-3">
      <div className="space-y-1">
        <p id={`${id}-label`} className="text-sm font-medium">
          {label}
        </p>
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      </div>
      <Switch
        id={id}
        checked={checked}
        onCheckedChange={onChange}
        aria-labelledby={`${id}-label`}
        aria-describedby={`${id}-hint`}
      />
    </div>
  );
}

/**
 * D98 "Community safety" (CMS Settings): the block and mask word lists, links in chat, the chat switch,
 * two-step sign-in for all staff, registration (open or by invite code) and the school-mode preset. One Save for the form; school mode is
 * its own step behind a confirmation.
 */
export function CommunitySafetyCard() {
  const uid = useId();
  const settings = useSettings();
  const save = useUpdateSettings();
  const schoolMode = useSchoolMode();
  const [form, setForm] = useState<Form | null>(null);
  const [inviteError, setInviteError] = useState<string | undefined>();
  const [confirming, setConfirming] = useState(false);

  // The form shows the stored values whenever they load or change (after a save or school mode).
  useEffect(() => {
    if (!settings.data) return;
    const stored = (key: string) => settings.data.content.find((i) => i.key === key)?.value;
    setForm({
      block: stored(FILTER_BLOCK_SETTING) ?? "",
      mask: stored(FILTER_MASK_SETTING) ?? "",
      chat: chatEnabled(stored(CHAT_ENABLED_SETTING)),
      links: chatLinksAllowed(stored(CHAT_LINKS_SETTING)),
      registration: registrationMode(stored(REGISTRATION_SETTING)),
      inviteCode: stored(INVITE_CODE_SETTING) ?? "",
      staffTwoStep: staffTwoStepRequired(stored(STAFF_TWO_STEP_SETTING)),
      schoolMode: schoolModeOn(stored(SCHOOL_MODE_SETTING)),
      hideAdGames: schoolHidesAdGames(stored(SCHOOL_HIDES_AD_GAMES_SETTING)),
    });
    setInviteError(undefined);
  }, [settings.data]);

  const set = <K extends keyof Form>(key: K, value: Form[K]) => setForm((f) => (f ? { ...f, [key]: value } : f));

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!form) return;
    const code = form.inviteCode.trim();
    if (form.registration === "invite" && !code) {
      setInviteError("An invite-only site needs an invite code");
      document.getElementById(`${uid}-invite`)?.focus();
      return;
    }
    if (code && !INVITE_CODE_PATTERN.test(code)) {
      setInviteError(INVITE_CODE_MESSAGE);
      document.getElementById(`${uid}-invite`)?.focus();
      return;
    }
    save.mutate(
      {
        site: {
          [FILTER_BLOCK_SETTING]: form.block,
          [FILTER_MASK_SETTING]: form.mask,
          [CHAT_ENABLED_SETTING]: form.chat ? "true" : "false",
          [CHAT_LINKS_SETTING]: form.links ? "true" : "false",
          [REGISTRATION_SETTING]: form.registration,
          [INVITE_CODE_SETTING]: code,
          [STAFF_TWO_STEP_SETTING]: form.staffTwoStep ? "true" : "false",
          [SCHOOL_MODE_SETTING]: form.schoolMode ? "true" : "false",
          [SCHOOL_HIDES_AD_GAMES_SETTING]: form.hideAdGames ? "true" : "false",
        },
      },
      {
        onSuccess: () => toast({ title: "Community safety saved" }),
        onError: (err) =>
          err instanceof ApiError && err.status === 400
            ? toast({ title: "Not saved", description: err.serverMessage, variant: "destructive" })
            : toast({
                title: "Error",
                description: `Failed to save settings: ${errorMessage(err)}`,
                variant: "destructive",
              }),
      },
    );
  }

  function applySchoolMode() {
    schoolMode.mutate(undefined, {
      onSuccess: (result) => {
        setConfirming(false);
        toast({
          title: "School mode is on",
          description: `Invite code: ${result.inviteCode}. ${result.profilesMadePrivate} profile${result.profilesMadePrivate === 1 ? "" : "s"} made private.`,
        });
      },
      onError: (err) =>
        toast({ title: "Error", description: `School mode failed: ${errorMessage(err)}`, variant: "destructive" }),
    });
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Community safety</CardTitle>
        <CardDescription>
          Word filters for chat, reviews, usernames and messages; who can chat and who can join.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {form ? (
          <form onSubmit={submit} noValidate className="grid gap-4">
            <Field
              id={`${uid}-block`}
              label="Blocked words"
              hint="One word or phrase per line. A message, review or username containing one is refused. Spelling tricks (B A D, b4d, bäd, baaad) are caught."
            >
              <Textarea
                id={`${uid}-block`}
                rows={4}
                spellCheck={false}
                value={form.block}
                onChange={(e) => set("block", e.target.value)}
                {...fieldAria(`${uid}-block`, undefined, true)}
              />
            </Field>
            <Field
              id={`${uid}-mask`}
              label="Masked words"
              hint="One word or phrase per line. Shown as asterisks in chat, reviews and messages."
            >
              <Textarea
                id={`${uid}-mask`}
                rows={3}
                spellCheck={false}
                value={form.mask}
                onChange={(e) => set("mask", e.target.value)}
                {...fieldAria(`${uid}-mask`, undefined, true)}
              />
            </Field>
            <SwitchRow
              id={`${uid}-chat`}
              label="Public chat"
              hint={
                form.chat
                  ? "Signed-in players can post in the home page chat."
                  : "Nobody can post; the chat shows that it is turned off."
              }
              checked={form.chat}
              onChange={(on) => set("chat", on)}
            />
            <SwitchRow
              id={`${uid}-links`}
              label="Allow links in chat"
              hint={
                form.links
                  ? "Messages may contain web addresses."
                  : "Messages with a web address are refused (recommended)."
              }
              checked={form.links}
              onChange={(on) => set("links", on)}
            />
            <SwitchRow
              id={`${uid}-two-step`}
              label={TWO_STEP_TEXTS.settingLabel}
              hint={
                form.staffTwoStep
                  ? TWO_STEP_TEXTS.settingHelp
                  : "Off: each admin and moderator decides (CMS → Two-step sign-in)."
              }
              checked={form.staffTwoStep}
              onChange={(on) => set("staffTwoStep", on)}
            />
            <fieldset className="grid gap-2 rounded-lg border p-3">
              <legend className="px-1 text-sm font-medium">Registration</legend>
              <div className="flex flex-wrap gap-4 text-sm">
                {(["open", "invite"] as const).map((mode) => (
                  <label key={mode} className="flex items-center gap-2">
                    <input
                      type="radio"
                      name={`${uid}-registration`}
                      className="size-4 accent-primary"
                      checked={form.registration === mode}
                      onChange={() => {
                        set("registration", mode);
                        setInviteError(undefined);
                      }}
                    />
                    {mode === "open" ? "Open to everyone" : "Invite code only"}
                  </label>
                ))}
              </div>
              {form.registration === "invite" ? (
                <Field
                  id={`${uid}-invite`}
                  label="Invite code"
                  hint="New players type this code to register (password sign-up; Google sign-up is not asked for it)."
                  error={inviteError}
                >
                  <div className="flex gap-2">
                    <Input
                      id={`${uid}-invite`}
                      value={form.inviteCode}
                      autoComplete="off"
                      spellCheck={false}
                      onChange={(e) => {
                        set("inviteCode", e.target.value);
                        setInviteError(undefined);
                      }}
                      {...fieldAria(`${uid}-invite`, inviteError, true)}
                    />
                    <Button
                      type="button"
                      variant="outline"
                      onClick={() => {
                        set("inviteCode", randomInviteCode());
                        setInviteError(undefined);
                      }}
                    >
                      <RefreshCw aria-hidden="true" />
                      New code
                    </Button>
                  </div>
                </Field>
              ) : null}
            </fieldset>
            <SwitchRow
              id={`${uid}-school`}
              label="School mode"
              hint={
                form.schoolMode
                  ? "On (the School mode button below turns it on with its other switches). Off here changes nothing else."
                  : "Off. The School mode button below turns it on, with chat, messages, registration and profiles."
              }
              checked={form.schoolMode}
              onChange={(on) => set("schoolMode", on)}
            />
            <SwitchRow
              id={`${uid}-school-ads`}
              label="In school mode, hide games from sources that carry their own ads"
              hint={
                form.hideAdGames
                  ? "Games from feeds marked as showing their own ads are hidden from players while school mode is on."
                  : "Games from every feed stay visible in school mode."
              }
              checked={form.hideAdGames}
              onChange={(on) => set("hideAdGames", on)}
            />
            <div className="flex flex-wrap items-center justify-between gap-3">
              <Button type="submit" variant="gradient" disabled={save.isPending}>
                {save.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Save aria-hidden="true" />}
                {save.isPending ? "Saving..." : "Save Community Safety"}
              </Button>
              <Button type="button" variant="outline" onClick={() => setConfirming(true)}>
                <GraduationCap aria-hidden="true" />
                School mode
              </Button>
            </div>
          </form>
        ) : settings.isError ? null : (
          <Skeleton className="h-64 w-full" />
        )}
        <ConfirmDialog
          open={confirming}
          onOpenChange={setConfirming}
          title="Turn on school mode?"
          description={
            <>
              In one step: the public chat and direct messages are turned off, registration needs an invite code (one is
              made if none is set), and every player&apos;s profile becomes private, existing players included. Players
              can open their own profile again in their settings. Games from sources that carry their own ads are hidden
              unless that switch is off. You can turn each switch back on here.
            </>
          }
          confirmLabel="Turn On School Mode"
          pendingLabel="Applying..."
          confirmVariant="gradient"
          pending={schoolMode.isPending}
          onConfirm={applySchoolMode}
        />
      </CardContent>
    </Card>
  );
}
