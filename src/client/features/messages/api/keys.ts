/** Query keys of direct messages (D88): a send or a live event invalidates by these. */
export const messageKeys = {
  all: ["messages"] as const,
  conversations: () => [...messageKeys.all, "conversations"] as const,
  unread: () => [...messageKeys.all, "unread"] as const,
  threads: () => [...messageKeys.all, "thread"] as const,
  thread: (userId: number) => [...messageKeys.threads(), userId] as const,
};
