import { ExternalLink, FileText, Loader2, Save } from "lucide-react";
import { useId, useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Textarea } from "@/components/ui/input";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/components/ui/use-toast";
import { Field, fieldAria } from "@/features/cms/shared/components/field";
import { ADS_TXT_LIMITS, adsTxtErrorMessage, checkAdsTxt } from "@contract/ads-txt";
import { useAdsTxt, useSaveAdsTxt } from "../api/ads-txt";
import { settingsSaveError } from "../api/update-settings";

const PLACEHOLDER = "google.com, pub-0000000000000000, DIRECT, f08c47fec0942fa0\ncontact=ads@example.com";

/** D154: Settings → Ads → ads.txt, checked line by line here and again by the server; served on both origins. */
export function AdsTxtCard() {
  const id = useId();
  const stored = useAdsTxt();
  const save = useSaveAdsTxt();
  const [value, setValue] = useState<string | null>(null);
  const [error, setError] = useState<string | undefined>();
  const shown = value ?? stored.data?.body ?? "";

  function submit(e: FormEvent) {
    e.preventDefault();
    const errors = checkAdsTxt(shown);
    if (errors.length) {
      setError(adsTxtErrorMessage(errors));
      document.getElementById(`${id}-ads-txt`)?.focus();
      return;
    }
    save.mutate(shown, {
      onSuccess: () => {
        setValue(null);
        toast({ title: shown.trim() ? "ads.txt saved" : "ads.txt removed" });
      },
      onError: settingsSaveError(setError),
    });
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <FileText className="size-5" aria-hidden="true" />
          ads.txt
        </CardTitle>
        <CardDescription>
          The sellers allowed to sell this site&apos;s ads, as your ad networks give them. Served at /ads.txt on the
          site and on the games&apos; address; empty, there is none.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {stored.data ? (
          <form onSubmit={submit} noValidate className="grid gap-4" aria-label="ads.txt">
            <Field
              id={`${id}-ads-txt`}
              label="Lines of ads.txt"
              hint={
                <>
                  One record a line: <code>domain, publisher id, DIRECT or RESELLER[, certification id]</code>; or
                  contact=, subdomain=, ownerdomain=, managerdomain=; # starts a comment.
                </>
              }
              error={error}
            >
              <Textarea
                id={`${id}-ads-txt`}
                value={shown}
                rows={8}
                spellCheck={false}
                wrap="off"
                maxLength={ADS_TXT_LIMITS.maxChars}
                placeholder={PLACEHOLDER}
                className="font-mono text-xs"
                onChange={(e) => {
                  setValue(e.target.value);
                  setError(undefined);
                }}
                {...fieldAria(`${id}-ads-txt`, error, true)}
              />
            </Field>
            <div className="flex flex-wrap items-center gap-3">
              <Button type="submit" variant="gradient" disabled={save.isPending}>
                {save.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Save aria-hidden="true" />}
                {save.isPending ? "Saving..." : "Save ads.txt"}
              </Button>
              {stored.data.body ? (
                <a
                  href="/ads.txt"
                  target="_blank"
                  rel="noreferrer"
                  className="inline-flex items-center gap-1 text-sm text-primary underline-offset-4 hover:underline"
                >
                  Open /ads.txt
                  <ExternalLink className="size-3.5" aria-hidden="true" />
                </a>
              ) : null}
            </div>
          </form>
        ) : stored.isError ? null : (
          <Skeleton className="h-32 w-full" />
        )}
      </CardContent>
    </Card>
  );
}
