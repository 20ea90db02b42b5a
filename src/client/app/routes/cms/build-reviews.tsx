import { ClipboardCheck } from "lucide-react";
import { ReviewQueue } from "@/features/cms/builds/components/review-queue";
import { CmsPageHeader } from "@/features/cms/shared/components/cms-page-header";

/** /cms/build-reviews (D133): creators' builds waiting for staff, with their checks, preview and the two answers. */
export function CmsBuildReviewsScreen() {
  return (
    <>
      <CmsPageHeader
        title="Build reviews"
        description="Creators' builds waiting for review: preview each, read its checks, then approve or send it back."
        icon={<ClipboardCheck />}
      />
      <ReviewQueue />
    </>
  );
}
