import { KeyRound } from "lucide-react";
import { useLocation, useSearch } from "wouter";
import { cmsLanding } from "@/app/layouts/cms-layout";
import { StepUpProvider, useGoogleStepUpOutcome } from "@/components/step-up-dialog";
import { useAdminUser } from "@/features/cms/shared/api/get-admin-user";
import { CmsPageHeader } from "@/features/cms/shared/components/cms-page-header";
import { TwoStepCard } from "@/features/cms/two-step/components/two-step-card";
import { TWO_STEP_TEXTS } from "@contract/two-step-constants";

/** /cms/two-step: the signed-in admin's or moderator's own two-step sign-in (ADR 020); the walk-through ends in the CMS;
 * turning it off asks "Confirm it's you" first. */
export function CmsTwoStepScreen() {
  const admin = useAdminUser();
  const [, navigate] = useLocation();
  const role = admin.data?.role;
  useGoogleStepUpOutcome(useSearch());
  return (
    <>
      <CmsPageHeader
        title={TWO_STEP_TEXTS.title}
        description="Protect your staff account with a second code at every sign-in."
        icon={<KeyRound />}
      />
      <div className="max-w-3xl">
        <StepUpProvider returnTo="/cms/two-step">
          <TwoStepCard onEnrolled={role ? () => navigate(`~${cmsLanding(role)}`) : undefined} />
        </StepUpProvider>
      </div>
    </>
  );
}
