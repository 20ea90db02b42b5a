import { CircleAlert, House } from "lucide-react";
import { Link } from "wouter";
import { PageTitle } from "@/components/page-title";
import { buttonClasses } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { NOT_FOUND_TITLE } from "@contract/pages";

/** Spec §2: any path without a route. */
export function NotFoundScreen() {
  return (
    <div className="flex min-h-[60vh] w-full items-center justify-center px-4 py-16">
      <PageTitle title={NOT_FOUND_TITLE} />
      <Card className="w-full max-w-md">
        <CardContent className="pt-6">
          <div className="flex items-center gap-3">
            <CircleAlert className="size-8 shrink-0 text-destructive" aria-hidden="true" />
            <h1 className="text-2xl font-bold">404 Page Not Found</h1>
          </div>
          <p className="mt-4 text-sm text-muted-foreground">Did you forget to add the page to the router?</p>
          <Link href="~/" className={buttonClasses("outline", "md", "mt-6")}>
            <House aria-hidden="true" />
            Back to Home
          </Link>
        </CardContent>
      </Card>
    </div>
  );
}
