import { KeyRound } from "lucide-react";
import { TWO_STEP_TEXTS } from "@contract/two-step-constants";
import { CmsPageHeader } from "@/features/cms/components/cms-page-header";
import { TwoStepCard } from "@/features/cms/components/two-step-card";

/** /cms/two-step (issue 17): the signed-in admin's or moderator's own two-step sign-in. */
export function CmsTwoStepScreen() {
  return (
    <>
      <CmsPageHeader title={TWO_STEP_TEXTS.title} description="Protect your staff account with a second code at every sign-in." icon={<KeyRound />} />
      <div className="max-w-3xl">
        <TwoStepCard />
      </div>
    </>
  );
}
