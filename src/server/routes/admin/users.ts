import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { desc, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import { adminUserListQuerySchema, adminUserListSchema, adminUserPatchSchema, adminUserRowSchema } from "../../../contract/admin";
import { idParamSchema } from "../../../contract/common";
import type { AppContext } from "../../app";
import type { Db } from "../../db/client";
import { sessionsTable, usersTable } from "../../db/schema";
import { requireAdmin } from "../../plugins/auth";
import { Invalid, NotFound } from "../../errors";
import { likePattern } from "../../services/games";
import { adminErrorResponses } from "./validation";

const userRowColumns = {
  id: usersTable.id,
  username: usersTable.username,
  email: usersTable.email,
  avatarUrl: usersTable.avatarUrl,
  role: usersTable.role,
  disabledAt: usersTable.disabledAt,
  createdAt: usersTable.createdAt,
  // Fully qualified names: Drizzle leaves columns unqualified in a one-table select, and an
  // unqualified "id" inside the subquery would be the subquery's own table's id.
  reviewCount: sql<number>`(select count(*) from reviews where reviews.user_id = users.id)`.mapWith(Number),
  chatCount: sql<number>`(select count(*) from chat_messages where chat_messages.user_id = users.id)`.mapWith(Number),
  scoreCount: sql<number>`(select count(*) from scores where scores.user_id = users.id)`.mapWith(Number),
};

type UserRow = { disabledAt: Date | null; createdAt: Date } & Record<string, unknown>;

function toAdminUser<T extends UserRow>(r: T) {
  const { disabledAt, createdAt, ...rest } = r;
  return { ...rest, disabled: disabledAt !== null, createdAt: createdAt.toISOString() };
}

async function userRow(db: Db, id: number) {
  const [row] = await db.select(userRowColumns).from(usersTable).where(eq(usersTable.id, id));
  return row ? toAdminUser(row) : undefined;
}

/** D47: the users list (search, role change, disable) with review, chat and score counts. */
export const adminUserRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db }) => {
  app.get(
    "/api/admin/users",
    { schema: { querystring: adminUserListQuerySchema, response: { 200: adminUserListSchema, ...adminErrorResponses } } },
    async (request, reply) => {
      const { search, limit, offset } = request.query;
      const where: SQL | undefined = search ? or(ilike(usersTable.username, likePattern(search)), ilike(usersTable.email, likePattern(search))) : undefined;
      const rows = await db.select(userRowColumns).from(usersTable).where(where).orderBy(desc(usersTable.createdAt), desc(usersTable.id)).limit(limit).offset(offset);
      const [{ total }] = await db.select({ total: sql<number>`count(*)`.mapWith(Number) }).from(usersTable).where(where);
      reply.header("X-Total-Count", String(total));
      return rows.map(toAdminUser);
    },
  );

  app.patch(
    "/api/admin/users/:id",
    { schema: { params: idParamSchema, body: adminUserPatchSchema.optional(), response: { 200: adminUserRowSchema, ...adminErrorResponses } } },
    async (request) => {
      const me = requireAdmin(request);
      const { id } = request.params;
      const b = request.body ?? {};
      const [existing] = await db.select({ id: usersTable.id, disabledAt: usersTable.disabledAt }).from(usersTable).where(eq(usersTable.id, id));
      if (!existing) throw new NotFound("User not found");
      if (id === me.id && (b.role === "player" || b.disabled === true)) {
        throw new Invalid("You cannot demote or disable your own account");
      }
      const set: Partial<typeof usersTable.$inferInsert> = {};
      if (b.role !== undefined) set.role = b.role;
      if (b.disabled !== undefined) set.disabledAt = b.disabled ? (existing.disabledAt ?? new Date()) : null;
      if (Object.keys(set).length > 0) {
        await db.transaction(async (tx) => {
          await tx.update(usersTable).set(set).where(eq(usersTable.id, id));
          // A disabled account is signed out everywhere at once.
          if (b.disabled === true) await tx.delete(sessionsTable).where(eq(sessionsTable.userId, id));
        });
        request.log.info({ userId: id, change: b }, "admin changed a user");
      }
      return (await userRow(db, id))!;
    },
  );

};
