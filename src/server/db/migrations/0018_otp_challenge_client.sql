-- D107: staff sign-in challenges remember which client asked (its address, or a known device), so that a new
-- request reuses only that client's live challenge and never voids a code mailed to someone else.
ALTER TABLE "otp_challenges" ADD COLUMN "client_key" text;