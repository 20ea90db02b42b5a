import { sql } from "drizzle-orm";
import { check, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

/** D40: website content; (section, key) unique. */
export const websiteContentTable = pgTable(
  "website_content",
  {
    id: serial("id").primaryKey(),
    section: text("section").notNull(),
    key: text("key").notNull(),
    value: text("value").notNull(),
    valueType: text("value_type", { enum: ["text", "html", "image", "link"] })
      .notNull()
      .default("text"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("website_content_type_valid", sql`${t.valueType} in ('text', 'html', 'image', 'link')`),
    uniqueIndex("website_content_section_key_unique").on(t.section, t.key),
  ],
);

/** D53 */
export const newsletterSubscriptionsTable = pgTable(
  "newsletter_subscriptions",
  {
    id: serial("id").primaryKey(),
    email: text("email").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("newsletter_email_lower_unique").on(sql`lower(${t.email})`)],
);

/** D53 */
export const advertiserEnquiriesTable = pgTable("advertiser_enquiries", {
  id: serial("id").primaryKey(),
  companyName: text("company_name").notNull(),
  email: text("email").notNull(),
  website: text("website"),
  budget: text("budget"),
  goals: text("goals"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** D51 */
export const contactMessagesTable = pgTable("contact_messages", {
  id: serial("id").primaryKey(),
  name: text("name").notNull(),
  email: text("email").notNull(),
  subject: text("subject"),
  message: text("message").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  handledAt: timestamp("handled_at", { withTimezone: true }),
});
