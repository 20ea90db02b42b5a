import type { UserRoleName } from "../../contract/studio-constants";

/** D102: the roles (a moderator sits between player and admin; D130: a creator is a player who publishes games). */
export type UserRole = UserRoleName;

/** The signed-in user a session token stands for. */
export type SessionUser = {
  id: number;
  username: string;
  avatarUrl: string | null;
  createdAt: Date;
  role: UserRole;
  sessionKind: "player" | "admin";
  /** Whether the account has two-step sign-in on (ADR 020: the staff guard reads it here, in the same lookup). */
  twoStep: boolean;
};
