-- Issue 15 (D83, D86): player_games (one row per signed-in player and game: plays, last played, playtime) starts
-- with what the plays of earlier releases say, so that recently played and Total Players count them too.
-- Playtime was not measured before: it starts at 0.
INSERT INTO "player_games" ("user_id", "game_id", "last_played_at", "plays", "playtime_ms")
SELECT "user_id", "game_id", max("created_at"), count(*)::int, 0
FROM "plays"
WHERE "user_id" IS NOT NULL
GROUP BY "user_id", "game_id"
ON CONFLICT ("user_id", "game_id") DO NOTHING;
