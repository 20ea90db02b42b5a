-- Issue 17 (security review, "registration with an address you do not own"): from this release an email address signs
-- in only once its link was followed (users.email_verified_at, D87). The addresses of the accounts made before it
-- signed in until now, and their players may know no other way in: they count as verified from the account's
-- creation, so that nobody is locked out. Addresses given from now on are verified by their link.
UPDATE "users" SET "email_verified_at" = "created_at" WHERE "email" IS NOT NULL AND "email_verified_at" IS NULL;
