/** Spec §2 Static pages: every policy is 'Last updated: May 15, 2025'. */
export const POLICY_LAST_UPDATED = "Last updated: May 15, 2025";
/** Spec §2: the minimum age and the notice period for material changes to the Terms. */
export const MINIMUM_AGE = 13;
export const TERMS_NOTICE_DAYS = 30;
