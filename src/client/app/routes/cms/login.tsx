import { cmsLanding } from "@/app/layouts/cms-layout";
import { PageTitle } from "@/components/page-title";
import { CmsLoginForm } from "@/features/cms/sign-in/components/login-form";

/** /cms: the admin and moderator sign-in (D41). No sidebar, no public header or footer. */
export function CmsLoginScreen() {
  return (
    <div className="flex min-h-dvh items-center justify-center bg-gradient-to-br from-muted/60 via-background to-muted/60 p-4">
      <PageTitle title="Admin Sign In" />
      <main id="main" className="w-full max-w-sm">
        <CmsLoginForm landingFor={cmsLanding} />
        <p className="mt-6 text-center text-sm text-muted-foreground">
          <a
            href="/"
            className="underline-offset-4 hover:text-foreground hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring rounded"
          >
            Back to the main site
          </a>
        </p>
      </main>
    </div>
  );
}
