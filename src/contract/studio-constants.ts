/**
 * D130, D131: the plain values the studio, the CMS and the server share. No zod here: the header and the settings
 * screen read them, and public pages must stay small.
 */

/** D102, D130: the roles, from the least to the most trusted (a creator is a player who may publish games). */
export const USER_ROLES = ["player", "creator", "moderator", "admin"] as const;
export type UserRoleName = (typeof USER_ROLES)[number];

/** D130: what happens to a player's request to become a creator. */
export const CREATOR_APPLICATION_STATUSES = ["pending", "approved", "declined"] as const;
export type CreatorApplicationStatus = (typeof CREATOR_APPLICATION_STATUSES)[number];

/** D130: the application form's limits. */
export const CREATOR_APPLICATION_LIMITS = { aboutMax: 1000, linkMax: 500, declineReasonMax: 500 } as const;

/** D131: a build's notes, at most this long. */
export const BUILD_NOTES_MAX = 2000;

/** D133: where a build is in its review; builds from before review count as live. */
export const BUILD_REVIEW_STATES = ["draft", "submitted", "changes_requested", "approved", "live"] as const;
export type BuildReviewState = (typeof BUILD_REVIEW_STATES)[number];

/** D133: the staff's notes when they send a build back, at most this long. */
export const REVIEW_NOTES_MAX = 2000;
