import { Inbox, Mail, Megaphone, Newspaper } from "lucide-react";
import type { ReactNode } from "react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { errorMessage } from "@/lib/api-client";
import { formatDate } from "@/lib/format";
import { useMessages } from "../api/get-messages";

function List({ empty, children }: { empty: string; children: ReactNode[] }) {
  if (children.length === 0)
    return (
      <p className="rounded-lg border border-dashed px-4 py-8 text-center text-sm text-muted-foreground">{empty}</p>
    );
  return <ul className="divide-y rounded-lg border">{children}</ul>;
}

/** What visitors sent through the contact, newsletter and advertising forms (D53). */
export function MessagesCard() {
  const { data, isPending, isError, error } = useMessages();
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Inbox className="size-5 text-primary" aria-hidden="true" />
          Messages
        </CardTitle>
        <CardDescription>Contact messages, newsletter sign-ups and advertiser enquiries, latest first.</CardDescription>
      </CardHeader>
      <CardContent>
        {isPending ? (
          <div className="space-y-2">
            <Skeleton className="h-10 w-full" />
            <Skeleton className="h-16 w-full" />
          </div>
        ) : isError ? (
          <p role="alert" className="text-sm text-destructive">
            Failed to load messages: {errorMessage(error)}
          </p>
        ) : (
          <Tabs defaultValue="contact">
            <TabsList className="h-auto max-w-full flex-wrap justify-start">
              <TabsTrigger value="contact">
                <Mail aria-hidden="true" />
                Contact ({data.contactMessages.length})
              </TabsTrigger>
              <TabsTrigger value="newsletter">
                <Newspaper aria-hidden="true" />
                Newsletter ({data.newsletterSubscriptions.length})
              </TabsTrigger>
              <TabsTrigger value="advertisers">
                <Megaphone aria-hidden="true" />
                Advertisers ({data.advertiserEnquiries.length})
              </TabsTrigger>
            </TabsList>
            <TabsContent value="contact">
              <List empty="No contact messages yet.">
                {data.contactMessages.map((m) => (
                  <li key={m.id} className="space-y-1 p-4">
                    <div className="flex flex-wrap items-baseline justify-between gap-2">
                      <p className="font-medium">
                        {m.subject || "(no subject)"}{" "}
                        <span className="font-normal text-muted-foreground">from {m.name}</span>
                      </p>
                      <time dateTime={m.createdAt} className="text-xs text-muted-foreground">
                        {formatDate(m.createdAt)}
                      </time>
                    </div>
                    <a href={`mailto:${m.email}`} className="text-sm text-primary underline-offset-4 hover:underline">
                      {m.email}
                    </a>
                    <p className="whitespace-pre-wrap break-words text-sm text-muted-foreground">{m.message}</p>
                  </li>
                ))}
              </List>
            </TabsContent>
            <TabsContent value="newsletter">
              <List empty="No newsletter sign-ups yet.">
                {data.newsletterSubscriptions.map((n) => (
                  <li key={n.id} className="flex flex-wrap items-center justify-between gap-2 px-4 py-3 text-sm">
                    <span className="break-all">{n.email}</span>
                    <time dateTime={n.createdAt} className="text-xs text-muted-foreground">
                      {formatDate(n.createdAt)}
                    </time>
                  </li>
                ))}
              </List>
            </TabsContent>
            <TabsContent value="advertisers">
              <List empty="No advertiser enquiries yet.">
                {data.advertiserEnquiries.map((a) => (
                  <li key={a.id} className="space-y-1 p-4 text-sm">
                    <div className="flex flex-wrap items-baseline justify-between gap-2">
                      <p className="font-medium">{a.companyName}</p>
                      <time dateTime={a.createdAt} className="text-xs text-muted-foreground">
                        {formatDate(a.createdAt)}
                      </time>
                    </div>
                    <p className="text-muted-foreground">
                      <a href={`mailto:${a.email}`} className="text-primary underline-offset-4 hover:underline">
                        {a.email}
                      </a>
                      {a.website ? ` · ${a.website}` : ""}
                      {a.budget ? ` · Budget: ${a.budget}` : ""}
                    </p>
                    {a.goals ? (
                      <p className="whitespace-pre-wrap break-words text-muted-foreground">{a.goals}</p>
                    ) : null}
                  </li>
                ))}
              </List>
            </TabsContent>
          </Tabs>
        )}
      </CardContent>
    </Card>
  );
}
