import { CheckCircle2, CircleAlert, KeyRound, Mail } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { useSettings } from "../api/get-settings";

function StatusRow({
  icon,
  title,
  ok,
  children,
}: {
  icon: React.ReactNode;
  title: string;
  ok: boolean;
  children: React.ReactNode;
}) {
  return (
    <div className="flex items-start gap-3 rounded-lg border p-4">
      <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary [&_svg]:size-4">
        {icon}
      </span>
      <div className="min-w-0 flex-1 space-y-1">
        <div className="flex flex-wrap items-center gap-2">
          <p className="font-medium">{title}</p>
          {ok ? (
            <Badge variant="new">
              <CheckCircle2 aria-hidden="true" />
              Configured
            </Badge>
          ) : (
            <Badge variant="secondary">
              <CircleAlert aria-hidden="true" />
              Not configured
            </Badge>
          )}
        </div>
        <p className="text-sm text-muted-foreground">{children}</p>
      </div>
    </div>
  );
}

/** Whether mail and Google sign-in are configured: set through the server's environment, shown read-only. */
export function IntegrationsCard() {
  const settings = useSettings();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Integrations</CardTitle>
        <CardDescription>Set through the server's environment; shown here read-only.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        {settings.data ? (
          <>
            <StatusRow icon={<Mail />} title="Mail (SMTP)" ok={settings.data.mail.configured}>
              {settings.data.mail.configured
                ? `Sign-in codes are sent by email from ${settings.data.mail.from}.`
                : "SMTP_URL is not set: sign-in codes are printed to the server log instead of being emailed."}
            </StatusRow>
            <StatusRow icon={<KeyRound />} title="Google sign-in" ok={settings.data.google.configured}>
              {settings.data.google.configured
                ? "Players can sign in with Google."
                : "Set GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET to offer 'Continue with Google'."}
            </StatusRow>
          </>
        ) : settings.isError ? null : (
          <>
            <Skeleton className="h-20 w-full" />
            <Skeleton className="h-20 w-full" />
          </>
        )}
      </CardContent>
    </Card>
  );
}
