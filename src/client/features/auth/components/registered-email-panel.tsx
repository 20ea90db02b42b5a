import { ArrowRight, MailCheck, Settings } from "lucide-react";
import { Link } from "wouter";
import { buttonClasses } from "@/components/ui/button";
import type { CurrentUser } from "@/lib/session";
import { REGISTERED_EMAIL_TITLE, registeredEmailHint, registeredEmailMessage } from "@contract/auth-constants";
import { EMAIL_TOKEN_TTL_HOURS } from "@contract/me-constants";

/**
 * After registering with an email address, /login says that a link was sent to confirm it and that until then
 * the username signs in. The same text whether or not another account has the address (the server answers alike).
 */
export function RegisteredEmailPanel({
  user,
  email,
  returnTo,
}: {
  user: CurrentUser;
  email: string;
  returnTo: string;
}) {
  const message = registeredEmailMessage(email);
  const [before, after] = message.split(email);
  return (
    <div className="flex flex-col items-center gap-4 py-4 text-center" role="status">
      <span className="flex size-16 items-center justify-center rounded-full bg-primary/10 text-primary dark:text-violet-300">
        <MailCheck className="size-8" aria-hidden="true" />
      </span>
      <div>
        <h1 className="text-2xl font-bold tracking-tight">{REGISTERED_EMAIL_TITLE}</h1>
        <p className="mt-2 text-muted-foreground">
          {before}
          <strong className="break-all font-semibold text-foreground">{email}</strong>
          {after}
        </p>
        <p className="mt-2 text-sm text-muted-foreground">
          Your username is <strong className="font-semibold text-foreground">{user.username}</strong>.{" "}
          {registeredEmailHint(EMAIL_TOKEN_TTL_HOURS)}
        </p>
      </div>
      <div className="mt-2 grid w-full gap-2">
        <Link href={returnTo} className={buttonClasses("gradient", "lg", "w-full")}>
          {returnTo === "/" ? "Go to the home page" : "Continue"}
          <ArrowRight aria-hidden="true" />
        </Link>
        <Link href="/settings" className={buttonClasses("outline", "lg", "w-full")}>
          <Settings aria-hidden="true" />
          Open Settings
        </Link>
      </div>
    </div>
  );
}
