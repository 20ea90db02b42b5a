import { asc, eq } from "drizzle-orm";
import type { Db } from "../db/client";
import {
  achievementsTable,
  bestScoresTable,
  heldScoresTable,
  chatMessagesTable,
  creatorApplicationsTable,
  directMessagesTable,
  reportsTable,
  emailTokensTable,
  favoritesTable,
  friendRequestsTable,
  friendshipsTable,
  gameAchievementsTable,
  gameBuildsTable,
  gameCreatorsTable,
  gameSavesTable,
  gamePlayerAliasesTable,
  gamesTable,
  notificationsTable,
  playerGameAchievementsTable,
  playerGamesTable,
  playerStatsTable,
  playsTable,
  presenceTable,
  reviewsTable,
  scoresTable,
  sessionsTable,
  userBlocksTable,
  usersTable,
} from "../db/schema";
import { NotFound } from "../errors";
import { notificationPrefsOf } from "./account-settings";
import { describeUserAgent } from "./user-agent";

/**
 * D87 "Download my data": everything stored about the player, as one JSON document. Secrets are left out
 * (password hash, token hashes); so is what belongs to other players (who blocked this player).
 *
 * EXPORT_COVERAGE names, for every column of the schema that points at a user, the section of the export
 * that holds those rows, or why none does. A test lists the schema's tables and fails for a column missing
 * here, so a new table with a user in it cannot be forgotten.
 */
export const EXPORT_COVERAGE: Record<string, { section: string } | { excluded: string }> = {
  "sessions.user_id": { section: "sessions" },
  "plays.user_id": { section: "plays" },
  "game_saves.user_id": { section: "cloudSaves" },
  "game_player_aliases.user_id": { section: "gameIds" },
  "player_game_achievements.user_id": { section: "gameAchievements" },
  "scores.user_id": { section: "scores" },
  "best_scores.user_id": { section: "bestScores" },
  "held_scores.user_id": { section: "heldScores" },
  "held_scores.decided_by": {
    excluded:
      "a moderator's decision on other players' held scores is the site's record (D99), like reports.handled_by",
  },
  "player_stats.user_id": { section: "stats" },
  "season_best_scores.user_id": {
    excluded: "D91: a season's bests are the `scores` section's scores of that season, derived from them",
  },
  "season_player_stats.user_id": {
    excluded: "D91: a season's totals are computed from the `scores` section's scores of that season",
  },
  "user_achievements.user_id": { section: "achievements" },
  "reviews.user_id": { section: "reviews" },
  "chat_messages.user_id": { section: "chatMessages" },
  "friend_requests.from_user_id": { section: "friendRequestsSent" },
  "friend_requests.to_user_id": { section: "friendRequestsReceived" },
  "friendships.user_id": { section: "friends" },
  "friendships.friend_id": {
    excluded: "the same friendship as the row with user_id (friendships are stored both ways)",
  },
  "user_blocks.blocker_id": { section: "blocks" },
  "user_blocks.blocked_id": { excluded: "who blocked the player is theirs to know, not the player's (D84: no trace)" },
  "presence.user_id": { section: "presence" },
  "notifications.user_id": { section: "notifications" },
  "favorites.user_id": { section: "favorites" },
  "player_games.user_id": { section: "playerGames" },
  "direct_messages.sender_id": { section: "messagesSent" },
  "direct_messages.recipient_id": { section: "messagesReceived" },
  "email_tokens.user_id": { section: "emailVerifications" },
  // D97: the reports the player sent are theirs; reports about them are the reporters' (who reported whom is not shared)
  "reports.reporter_id": { section: "reportsSent" },
  "reports.target_user_id": {
    excluded: "reports about the player belong to those who sent them (D97: reporters stay anonymous)",
  },
  "reports.handled_by": {
    excluded:
      "a moderator's handling of other players' reports is the site's record (D99), not the moderator's personal data",
  },
  "staff_two_step.user_id": {
    excluded:
      "a sign-in credential (the authenticator's secret, encrypted), never handed out, like the password's hash",
  },
  "staff_recovery_codes.user_id": {
    excluded: "sign-in credentials (hashed recovery codes), never handed out, like the password's hash",
  },
  "account_undo_tokens.user_id": {
    excluded:
      "D105: hashed single-use undo links, credentials like the password's hash (the old address is the player's own)",
  },
  "creator_applications.user_id": { section: "creatorApplications" },
  "creator_applications.decided_by": {
    excluded: "an admin's answer to other players' applications is the site's record (D130), like reports.handled_by",
  },
  "game_creators.user_id": { section: "gamesCreated" },
  "game_builds.uploaded_by": { section: "buildsUploaded" },
  "game_builds.submitted_by": {
    excluded: "who sent a build to review is part of the game's record (D133); the builds uploaded are exported",
  },
  "game_builds.reviewed_by": {
    excluded: "a staff member's review of other players' builds is the site's record (D133), like reports.handled_by",
  },
  "game_builds.published_by": {
    excluded: "an admin publishing other players' builds is the site's record (D133), like reports.handled_by",
  },
  "audit_log.actor_id": {
    excluded: "the site's security record (D99: staff actions, refused requests, failed sign-ins), kept a year",
  },
};

const iso = (d: Date | null | undefined) => d?.toISOString() ?? null;

export async function exportAccount(db: Db, userId: number, now = new Date()) {
  const [user] = await db.select().from(usersTable).where(eq(usersTable.id, userId));
  if (!user) throw new NotFound("User not found");
  const game = { gameId: gamesTable.id, game: gamesTable.title };
  const other = (column: typeof usersTable.id) => ({ userId: column, username: usersTable.username });

  const [
    sessions,
    plays,
    cloudSaves,
    gameIds,
    gameAchievements,
    scores,
    bestScores,
    heldScores,
    stats,
    achievements,
    reviews,
    chatMessages,
    friendRequestsSent,
    friendRequestsReceived,
    friends,
    blocks,
    presence,
    notifications,
    favorites,
    playerGames,
    messagesSent,
    messagesReceived,
    emailVerifications,
    reportsSent,
    creatorApplications,
    gamesCreated,
    buildsUploaded,
  ] = await Promise.all([
    db.select().from(sessionsTable).where(eq(sessionsTable.userId, userId)).orderBy(asc(sessionsTable.createdAt)),
    db
      .select({
        id: playsTable.id,
        ...game,
        createdAt: playsTable.createdAt,
        playtimeMs: playsTable.playtimeMs,
        firstGameplayMs: playsTable.firstGameplayMs,
      })
      .from(playsTable)
      .innerJoin(gamesTable, eq(gamesTable.id, playsTable.gameId))
      .where(eq(playsTable.userId, userId))
      .orderBy(asc(playsTable.createdAt)),
    db
      .select({ ...game, key: gameSavesTable.key, value: gameSavesTable.value, updatedAt: gameSavesTable.updatedAt })
      .from(gameSavesTable)
      .innerJoin(gamesTable, eq(gamesTable.id, gameSavesTable.gameId))
      .where(eq(gameSavesTable.userId, userId)),
    // The ids games saw for the player while their profile was not public
    db
      .select({ ...game, id: gamePlayerAliasesTable.alias, createdAt: gamePlayerAliasesTable.createdAt })
      .from(gamePlayerAliasesTable)
      .innerJoin(gamesTable, eq(gamesTable.id, gamePlayerAliasesTable.gameId))
      .where(eq(gamePlayerAliasesTable.userId, userId)),
    db
      .select({
        ...game,
        key: gameAchievementsTable.key,
        title: gameAchievementsTable.title,
        unlockedAt: playerGameAchievementsTable.unlockedAt,
      })
      .from(playerGameAchievementsTable)
      .innerJoin(gameAchievementsTable, eq(gameAchievementsTable.id, playerGameAchievementsTable.achievementId))
      .innerJoin(gamesTable, eq(gamesTable.id, gameAchievementsTable.gameId))
      .where(eq(playerGameAchievementsTable.userId, userId)),
    db
      .select({
        id: scoresTable.id,
        ...game,
        score: scoresTable.score,
        won: scoresTable.won,
        createdAt: scoresTable.createdAt,
      })
      .from(scoresTable)
      .innerJoin(gamesTable, eq(gamesTable.id, scoresTable.gameId))
      .where(eq(scoresTable.userId, userId))
      .orderBy(asc(scoresTable.createdAt)),
    db
      .select({ ...game, score: bestScoresTable.score, achievedAt: bestScoresTable.achievedAt })
      .from(bestScoresTable)
      .innerJoin(gamesTable, eq(gamesTable.id, bestScoresTable.gameId))
      .where(eq(bestScoresTable.userId, userId)),
    db
      .select({
        ...game,
        score: heldScoresTable.score,
        won: heldScoresTable.won,
        status: heldScoresTable.status,
        createdAt: heldScoresTable.createdAt,
        decidedAt: heldScoresTable.decidedAt,
      })
      .from(heldScoresTable)
      .innerJoin(gamesTable, eq(gamesTable.id, heldScoresTable.gameId))
      .where(eq(heldScoresTable.userId, userId))
      .orderBy(asc(heldScoresTable.createdAt)),
    db.select().from(playerStatsTable).where(eq(playerStatsTable.userId, userId)),
    db
      .select({ achievement: achievementsTable.achievement, unlockedAt: achievementsTable.unlockedAt })
      .from(achievementsTable)
      .where(eq(achievementsTable.userId, userId)),
    db
      .select({
        id: reviewsTable.id,
        ...game,
        rating: reviewsTable.rating,
        comment: reviewsTable.comment,
        createdAt: reviewsTable.createdAt,
        updatedAt: reviewsTable.updatedAt,
      })
      .from(reviewsTable)
      .innerJoin(gamesTable, eq(gamesTable.id, reviewsTable.gameId))
      .where(eq(reviewsTable.userId, userId)),
    db
      .select({
        id: chatMessagesTable.id,
        message: chatMessagesTable.message,
        createdAt: chatMessagesTable.createdAt,
        deletedAt: chatMessagesTable.deletedAt,
      })
      .from(chatMessagesTable)
      .where(eq(chatMessagesTable.userId, userId))
      .orderBy(asc(chatMessagesTable.id)),
    db
      .select({ ...other(usersTable.id), createdAt: friendRequestsTable.createdAt })
      .from(friendRequestsTable)
      .innerJoin(usersTable, eq(usersTable.id, friendRequestsTable.toUserId))
      .where(eq(friendRequestsTable.fromUserId, userId)),
    db
      .select({ ...other(usersTable.id), createdAt: friendRequestsTable.createdAt })
      .from(friendRequestsTable)
      .innerJoin(usersTable, eq(usersTable.id, friendRequestsTable.fromUserId))
      .where(eq(friendRequestsTable.toUserId, userId)),
    db
      .select({ ...other(usersTable.id), since: friendshipsTable.createdAt })
      .from(friendshipsTable)
      .innerJoin(usersTable, eq(usersTable.id, friendshipsTable.friendId))
      .where(eq(friendshipsTable.userId, userId)),
    db
      .select({ ...other(usersTable.id), createdAt: userBlocksTable.createdAt })
      .from(userBlocksTable)
      .innerJoin(usersTable, eq(usersTable.id, userBlocksTable.blockedId))
      .where(eq(userBlocksTable.blockerId, userId)),
    db.select().from(presenceTable).where(eq(presenceTable.userId, userId)),
    db
      .select({
        id: notificationsTable.id,
        kind: notificationsTable.kind,
        data: notificationsTable.data,
        createdAt: notificationsTable.createdAt,
        readAt: notificationsTable.readAt,
      })
      .from(notificationsTable)
      .where(eq(notificationsTable.userId, userId))
      .orderBy(asc(notificationsTable.id)),
    db
      .select({ ...game, createdAt: favoritesTable.createdAt })
      .from(favoritesTable)
      .innerJoin(gamesTable, eq(gamesTable.id, favoritesTable.gameId))
      .where(eq(favoritesTable.userId, userId)),
    db
      .select({
        ...game,
        lastPlayedAt: playerGamesTable.lastPlayedAt,
        plays: playerGamesTable.plays,
        playtimeMs: playerGamesTable.playtimeMs,
      })
      .from(playerGamesTable)
      .innerJoin(gamesTable, eq(gamesTable.id, playerGamesTable.gameId))
      .where(eq(playerGamesTable.userId, userId)),
    db
      .select({
        id: directMessagesTable.id,
        to: other(usersTable.id),
        body: directMessagesTable.body,
        createdAt: directMessagesTable.createdAt,
        readAt: directMessagesTable.readAt,
      })
      .from(directMessagesTable)
      .innerJoin(usersTable, eq(usersTable.id, directMessagesTable.recipientId))
      .where(eq(directMessagesTable.senderId, userId))
      .orderBy(asc(directMessagesTable.id)),
    db
      .select({
        id: directMessagesTable.id,
        from: other(usersTable.id),
        body: directMessagesTable.body,
        createdAt: directMessagesTable.createdAt,
        readAt: directMessagesTable.readAt,
      })
      .from(directMessagesTable)
      .innerJoin(usersTable, eq(usersTable.id, directMessagesTable.senderId))
      .where(eq(directMessagesTable.recipientId, userId))
      .orderBy(asc(directMessagesTable.id)),
    db
      .select({
        email: emailTokensTable.email,
        createdAt: emailTokensTable.createdAt,
        expiresAt: emailTokensTable.expiresAt,
        usedAt: emailTokensTable.usedAt,
      })
      .from(emailTokensTable)
      .where(eq(emailTokensTable.userId, userId))
      .orderBy(asc(emailTokensTable.createdAt)),
    db
      .select({
        kind: reportsTable.kind,
        targetId: reportsTable.targetId,
        reason: reportsTable.reason,
        text: reportsTable.text,
        status: reportsTable.status,
        createdAt: reportsTable.createdAt,
      })
      .from(reportsTable)
      .where(eq(reportsTable.reporterId, userId))
      .orderBy(asc(reportsTable.id)),
    db
      .select({
        about: creatorApplicationsTable.about,
        link: creatorApplicationsTable.link,
        status: creatorApplicationsTable.status,
        reason: creatorApplicationsTable.reason,
        createdAt: creatorApplicationsTable.createdAt,
        decidedAt: creatorApplicationsTable.decidedAt,
      })
      .from(creatorApplicationsTable)
      .where(eq(creatorApplicationsTable.userId, userId))
      .orderBy(asc(creatorApplicationsTable.id)),
    db
      .select({ ...game, since: gameCreatorsTable.createdAt })
      .from(gameCreatorsTable)
      .innerJoin(gamesTable, eq(gamesTable.id, gameCreatorsTable.gameId))
      .where(eq(gameCreatorsTable.userId, userId)),
    db
      .select({
        ...game,
        number: gameBuildsTable.number,
        notes: gameBuildsTable.notes,
        createdAt: gameBuildsTable.createdAt,
      })
      .from(gameBuildsTable)
      .innerJoin(gamesTable, eq(gamesTable.id, gameBuildsTable.gameId))
      .where(eq(gameBuildsTable.uploadedBy, userId))
      .orderBy(asc(gameBuildsTable.id)),
  ]);

  return {
    exportedAt: now.toISOString(),
    account: {
      id: user.id,
      username: user.username,
      email: user.email,
      emailVerifiedAt: iso(user.emailVerifiedAt),
      avatarUrl: user.avatarUrl,
      role: user.role,
      createdAt: iso(user.createdAt),
      hasPassword: Boolean(user.passwordHash),
      signsInWithGoogle: Boolean(user.googleSub),
      disabledAt: iso(user.disabledAt),
      deleteAfter: iso(user.deleteAfter),
    },
    settings: {
      profileVisibility: user.profileVisibility,
      presenceEnabled: user.presenceEnabled,
      notificationPrefs: notificationPrefsOf(user.notificationPrefs),
      // D150: the cookie choice made while signed in
      cookieConsent: user.cookieConsent ? { ...user.cookieConsent, decidedAt: iso(user.cookieConsentAt) } : null,
    },
    sessions: sessions.map((s) => ({
      kind: s.kind,
      device: describeUserAgent(s.userAgent),
      userAgent: s.userAgent,
      createdAt: iso(s.createdAt),
      lastSeenAt: iso(s.lastSeenAt),
      expiresAt: iso(s.expiresAt),
    })),
    scores,
    bestScores,
    // D108: scores waiting for (or given) a moderator's review
    heldScores,
    stats: stats.map(({ userId: _userId, ...s }) => s),
    achievements,
    gameAchievements,
    reviews,
    chatMessages,
    plays,
    cloudSaves,
    gameIds,
    favorites,
    playerGames,
    friends,
    friendRequestsSent,
    friendRequestsReceived,
    blocks,
    presence: presence.map(({ userId: _userId, ...p }) => p),
    notifications,
    messagesSent,
    messagesReceived,
    emailVerifications,
    reportsSent,
    // D130, D131: what the player asked for and made as a creator
    creatorApplications,
    gamesCreated,
    buildsUploaded,
  };
}

export type AccountExport = Awaited<ReturnType<typeof exportAccount>>;
