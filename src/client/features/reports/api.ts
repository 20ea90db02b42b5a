import { useState } from "react";
import { apiRequest } from "@/lib/api-client";
import type { ReportKind, ReportReason } from "@contract/reports-constants";
import type { ReportTarget } from "./target";

/** What a player reports (D97): the kind of thing, its id, a reason, and an optional text. */
export type ReportInput = { kind: ReportKind; targetId: number; reason: ReportReason; text?: string };
/** 201: the report's id and REPORT_SENT. Reporting the same item again updates the earlier report (still 201). */
export type ReportCreated = { id: number; message: string };

/**
 * D102: POST /api/reports. The text is trimmed and left out when empty. A refusal (400, 401, 403 "You cannot
 * report yourself", 404, 429) comes back as an ApiError carrying the server's message.
 */
export async function createReport({ text, ...input }: ReportInput): Promise<ReportCreated> {
  const trimmed = text?.trim();
  const res = await apiRequest("POST", "/api/reports", trimmed ? { ...input, text: trimmed } : input);
  return (await res.json()) as ReportCreated;
}

/** D124: POST /api/room-reports, a player of a room the reporter sits in; the same answers as createReport. */
export async function createRoomReport(input: {
  code: string;
  playerId: string;
  reason: ReportReason;
  text?: string;
}): Promise<ReportCreated> {
  const { text, ...rest } = input;
  const trimmed = text?.trim();
  const res = await apiRequest("POST", "/api/room-reports", trimmed ? { ...rest, text: trimmed } : rest);
  return (await res.json()) as ReportCreated;
}

/** Sends the report of `target` to the endpoint of its kind. */
export function sendReport(target: ReportTarget, reason: ReportReason, text: string): Promise<ReportCreated> {
  return target.kind === "room_player"
    ? createRoomReport({ code: target.code, playerId: target.playerId, reason, text })
    : createReport({ kind: target.kind, targetId: target.targetId, reason, text });
}

/**
 * Sends a report, with TanStack Query's mutation shape (`mutateAsync`, `isPending`) but without its useMutation:
 * importing @tanstack/react-query from the report chunks makes Rolldown (1.2.19) move part of the query library out
 * of the entry chunk into a chunk of its own that every page then loads before it is interactive, 0.3 to 1 KB gzip
 * more on each public page, which takes the game page over the D73 budget (the bundler keeps a module the entry
 * already loads apart; see rolldown/rolldown#10731). A report changes nothing the client caches, so nothing is lost.
 */
export function useCreateReport() {
  const [isPending, setPending] = useState(false);
  async function mutateAsync(...args: Parameters<typeof sendReport>): Promise<ReportCreated> {
    setPending(true);
    try {
      return await sendReport(...args);
    } finally {
      setPending(false);
    }
  }
  return { mutateAsync, isPending };
}
