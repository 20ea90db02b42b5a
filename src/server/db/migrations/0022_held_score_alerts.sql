-- D108 (issue 26): moderators and admins are told when a score is held for them (a staff-only notification kind).
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind_valid";--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_valid" CHECK ("notifications"."kind" in ('friend_request', 'friend_accepted', 'score_beaten', 'achievement', 'report_handled', 'announcement', 'score_held'));
