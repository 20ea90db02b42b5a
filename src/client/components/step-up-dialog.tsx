import { KeyRound, Mail, ShieldCheck } from "lucide-react";
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useRef,
  useState,
  type FormEvent,
  type ReactNode,
} from "react";
import { FormAlert, FormField } from "@/components/form-field";
import { PasswordInput } from "@/components/password-input";
import { Button, buttonClasses } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { toast } from "@/components/ui/use-toast";
import { errorMessage } from "@/lib/api-client";
import { googleStepUpUrl, needsStepUp, useSendStepUpCode, useStepUp, useStepUpStatus } from "@/lib/step-up";
import { STEP_UP_TEXTS } from "@contract/step-up-constants";

/**
 * D105: the "Confirm it's you" dialog. An action that the server refused for want of proof calls
 * `useConfirmIdentity()(retry)`; the dialog asks for the password (or sends a code, or goes through Google), and once
 * the session has proof, `retry` runs the action again. One dialog per screen (Settings, the CMS two-step
 * screen); `returnTo` is where "Continue with Google" comes back to.
 */
type Ask = (error: unknown, retry: () => void) => boolean;
const StepUpContext = createContext<Ask>(() => false);

/** Returns `ask(error, retry)`: true (and the dialog opens) when `error` asks for proof; false for any other error. */
export function useConfirmIdentity(): Ask {
  return useContext(StepUpContext);
}

export function StepUpProvider({ children, returnTo }: { children: ReactNode; returnTo: string }) {
  const [pending, setPending] = useState<{ retry: () => void } | null>(null);
  const ask = useCallback<Ask>((error, retry) => {
    if (!needsStepUp(error)) return false;
    setPending({ retry });
    return true;
  }, []);
  return (
    <StepUpContext.Provider value={ask}>
      {children}
      <StepUpDialog
        open={pending !== null}
        returnTo={returnTo}
        onCancel={() => setPending(null)}
        onConfirmed={() => {
          const retry = pending?.retry;
          setPending(null);
          retry?.();
        }}
      />
    </StepUpContext.Provider>
  );
}

export function StepUpDialog({
  open,
  returnTo,
  onCancel,
  onConfirmed,
}: {
  open: boolean;
  returnTo: string;
  onCancel: () => void;
  onConfirmed: () => void;
}) {
  const status = useStepUpStatus(open);
  const methods = status.data?.methods;
  return (
    <Dialog open={open} onOpenChange={(next) => (next ? undefined : onCancel())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle className="flex items-center gap-2">
            <ShieldCheck className="size-5 text-primary dark:text-violet-300" aria-hidden="true" />
            Confirm it&rsquo;s you
          </DialogTitle>
          <DialogDescription>
            To keep your account safe, please confirm it&rsquo;s you before this change. You won&rsquo;t be asked again
            for 10 minutes.
          </DialogDescription>
        </DialogHeader>
        {status.isPending ? (
          <p role="status" className="text-sm text-muted-foreground">
            Loading…
          </p>
        ) : status.isError || !methods ? (
          <FormAlert>{errorMessage(status.error)}</FormAlert>
        ) : methods.password ? (
          <PasswordProof onConfirmed={onConfirmed} onCancel={onCancel} />
        ) : methods.code || methods.google ? (
          <div className="grid gap-4">
            {methods.code ? <CodeProof onConfirmed={onConfirmed} onCancel={onCancel} /> : null}
            {methods.code && methods.google ? (
              <p className="text-center text-xs uppercase tracking-wide text-muted-foreground" aria-hidden="true">
                or
              </p>
            ) : null}
            {methods.google ? (
              <a href={googleStepUpUrl(returnTo)} className={buttonClasses("outline", "md", "w-full")}>
                Continue with Google
              </a>
            ) : null}
            {!methods.code ? (
              <DialogFooter>
                <Button variant="outline" onClick={onCancel}>
                  Cancel
                </Button>
              </DialogFooter>
            ) : null}
          </div>
        ) : (
          <FormAlert>
            This account has no password, confirmed email address or Google account to confirm with. Please contact us.
          </FormAlert>
        )}
      </DialogContent>
    </Dialog>
  );
}

function ProofFooter({ onCancel, pending }: { onCancel: () => void; pending: boolean }) {
  return (
    <DialogFooter>
      <Button variant="outline" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" variant="gradient" disabled={pending}>
        <KeyRound aria-hidden="true" />
        {pending ? "Checking…" : "Confirm"}
      </Button>
    </DialogFooter>
  );
}

function PasswordProof({ onConfirmed, onCancel }: { onConfirmed: () => void; onCancel: () => void }) {
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | undefined>();
  const stepUp = useStepUp();

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!password) {
      setError("Please enter your password");
      return;
    }
    setError(undefined);
    stepUp.mutate({ password }, { onSuccess: onConfirmed, onError: (err) => setError(errorMessage(err)) });
  }

  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <FormField label="Password" error={error}>
        {(field) => (
          <PasswordInput
            {...field}
            autoFocus
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            maxLength={1024}
          />
        )}
      </FormField>
      <ProofFooter onCancel={onCancel} pending={stepUp.isPending} />
    </form>
  );
}

function CodeProof({ onConfirmed, onCancel }: { onConfirmed: () => void; onCancel: () => void }) {
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [sentMessage, setSentMessage] = useState<string | undefined>();
  const send = useSendStepUpCode();
  const stepUp = useStepUp();
  const codeRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (sentMessage) codeRef.current?.focus();
  }, [sentMessage]);

  function sendCode() {
    setError(undefined);
    send.mutate(undefined, {
      onSuccess: (res) => setSentMessage(res.message),
      onError: (err) => setError(errorMessage(err)),
    });
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!/^\d{6}$/.test(code.trim())) {
      setError("Please enter the 6-digit code");
      return;
    }
    setError(undefined);
    stepUp.mutate({ code: code.trim() }, { onSuccess: onConfirmed, onError: (err) => setError(errorMessage(err)) });
  }

  if (!sentMessage) {
    return (
      <div className="grid gap-3">
        <p className="text-sm text-muted-foreground">We will send a 6-digit code to your email address.</p>
        {error ? <FormAlert>{error}</FormAlert> : null}
        <Button variant="gradient" onClick={sendCode} disabled={send.isPending}>
          <Mail aria-hidden="true" />
          {send.isPending ? "Sending…" : "Send me a code"}
        </Button>
      </div>
    );
  }
  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <FormAlert tone="info">{sentMessage}</FormAlert>
      <FormField label="Code" error={error}>
        {(field) => (
          <Input
            {...field}
            ref={codeRef}
            inputMode="numeric"
            autoComplete="one-time-code"
            value={code}
            onChange={(e) => setCode(e.target.value)}
            maxLength={6}
            placeholder="123456"
          />
        )}
      </FormField>
      <ProofFooter onCancel={onCancel} pending={stepUp.isPending} />
      <button
        type="button"
        onClick={sendCode}
        disabled={send.isPending}
        className="justify-self-start text-sm font-medium text-primary underline-offset-2 hover:underline focus-visible:underline focus-visible:outline-none disabled:opacity-60 dark:text-violet-300"
      >
        Send a new code
      </button>
    </form>
  );
}

/** After "Continue with Google" the browser comes back with `stepUp=google` (or `failed`): say so once. */
export function useGoogleStepUpOutcome(search: string) {
  const said = useRef(false);
  useEffect(() => {
    const outcome = new URLSearchParams(search).get("stepUp");
    if (!outcome || said.current) return;
    said.current = true;
    if (outcome === "google") toast({ title: "Confirmed", description: "You can make your change now." });
    else
      toast({ title: "Could not confirm it's you", description: STEP_UP_TEXTS.googleFailed, variant: "destructive" });
  }, [search]);
}
