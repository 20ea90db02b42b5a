import { count, eq, isNull } from "drizzle-orm";
import type { DashboardResponse } from "../../contract/admin/dashboard";
import type { Db } from "../db/client";
import {
  advertiserEnquiriesTable,
  categoriesTable,
  chatMessagesTable,
  contactMessagesTable,
  gamesTable,
  newsletterSubscriptionsTable,
  reviewsTable,
  scoresTable,
  usersTable,
  websiteContentTable,
} from "../db/schema";

/** Spec §2 /cms/dashboard: counts.games and counts.categories, plus the other totals an admin wants at a glance. */
export async function dashboardCounts(db: Db): Promise<DashboardResponse> {
  const one = async (q: Promise<Array<{ n: number }>>) => Number((await q)[0]?.n ?? 0);
  const [
    games,
    categories,
    users,
    admins,
    reviews,
    chatMessages,
    scores,
    contentItems,
    contactMessages,
    newsletterSubscriptions,
    advertiserEnquiries,
  ] = await Promise.all([
    one(db.select({ n: count() }).from(gamesTable)),
    one(db.select({ n: count() }).from(categoriesTable)),
    one(db.select({ n: count() }).from(usersTable)),
    one(db.select({ n: count() }).from(usersTable).where(eq(usersTable.role, "admin"))),
    one(db.select({ n: count() }).from(reviewsTable)),
    one(db.select({ n: count() }).from(chatMessagesTable).where(isNull(chatMessagesTable.deletedAt))),
    one(db.select({ n: count() }).from(scoresTable)),
    one(db.select({ n: count() }).from(websiteContentTable)),
    one(db.select({ n: count() }).from(contactMessagesTable)),
    one(db.select({ n: count() }).from(newsletterSubscriptionsTable)),
    one(db.select({ n: count() }).from(advertiserEnquiriesTable)),
  ]);
  return {
    counts: {
      games,
      categories,
      users,
      admins,
      reviews,
      chatMessages,
      scores,
      contentItems,
      contactMessages,
      newsletterSubscriptions,
      advertiserEnquiries,
    },
  };
}
