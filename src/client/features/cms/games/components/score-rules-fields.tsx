import type { RefObject } from "react";
import { Input } from "@/components/ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Field, fieldAria } from "@/features/cms/shared/components/field";
import type { ScoreRulesPatch } from "@contract/admin/games";
import {
  formatScore,
  SCORE_FORMATS,
  SCORE_ORDERS,
  type ScoreFormat,
  type ScoreOrder,
  type ScoreRules,
} from "@contract/games-constants";
import { DEFAULT_SCORE_RULES, SCORE_FORMAT_LABELS, SCORE_ORDER_LABELS } from "@contract/score-rules-constants";

/**
 * D90: a game's score rules as the CMS's forms hold them. The limits are text while typed: blank is "no limit";
 * the minimum round length is in seconds here and in milliseconds in the API.
 */
export type ScoreRulesForm = { order: ScoreOrder; format: ScoreFormat; maxScore: string; minRoundSeconds: string };
export type ScoreRulesField = "maxScore" | "minRoundSeconds";
export type ScoreRulesError = { field: ScoreRulesField; message: string };

/** Side by side, two fields keep their inputs level whatever the length of the hints under them. */
const FIELD = "grid content-start gap-2";

export const MAX_SCORE_INVALID = "Maximum score must be a whole number, or blank for no limit";
export const MIN_ROUND_INVALID = "Minimum round must be a number of seconds (up to 3 decimals), or blank for none";

export function scoreRulesFormOf(rules: ScoreRules = DEFAULT_SCORE_RULES): ScoreRulesForm {
  return {
    order: rules.order,
    format: rules.format,
    maxScore: rules.maxScore === null ? "" : String(rules.maxScore),
    minRoundSeconds: rules.minRoundMs === null ? "" : String(rules.minRoundMs / 1000),
  };
}

/** The rules the form says, or the first field it cannot read (the server checks the ranges and says so in its 400). */
export function readScoreRules(
  form: ScoreRulesForm,
): { rules: ScoreRules; error: null } | { rules: null; error: ScoreRulesError } {
  const max = form.maxScore.trim();
  if (max && !/^\d+$/.test(max)) return { rules: null, error: { field: "maxScore", message: MAX_SCORE_INVALID } };
  const min = form.minRoundSeconds.trim();
  if (min && !/^\d+(\.\d{1,3})?$/.test(min))
    return { rules: null, error: { field: "minRoundSeconds", message: MIN_ROUND_INVALID } };
  return {
    rules: {
      order: form.order,
      format: form.format,
      maxScore: max ? Number(max) : null,
      minRoundMs: min ? Math.round(Number(min) * 1000) : null,
    },
    error: null,
  };
}

/** Only what changed (D90: a PATCH sends any subset; `null` clears a limit); undefined when nothing did. */
export function scoreRulesChanges(before: ScoreRules, after: ScoreRules): ScoreRulesPatch | undefined {
  const patch: ScoreRulesPatch = {};
  if (after.order !== before.order) patch.order = after.order;
  if (after.format !== before.format) patch.format = after.format;
  if (after.maxScore !== before.maxScore) patch.maxScore = after.maxScore;
  if (after.minRoundMs !== before.minRoundMs) patch.minRoundMs = after.minRoundMs;
  return Object.keys(patch).length ? patch : undefined;
}

/** D90: whether the game's scores add to the global and season totals, and what it takes when they do not. */
export function totalsNote(form: ScoreRulesForm): string {
  const hasMax = /^\d+$/.test(form.maxScore.trim());
  if (form.format === "time_ms")
    return "Times keep this game's own board and never add to the global or season totals (a time cannot be added to points).";
  if (form.order === "asc")
    return "Lower-is-better points keep this game's own board and do not add to the global or season totals.";
  if (!hasMax)
    return "Without a maximum score this game keeps its own board but stays off the global and season totals. Set a maximum to count it.";
  return "This game's best scores add to the players' global and season totals.";
}

/**
 * D90: the game form's "Scores": which way is better, points or a time, the highest score the server accepts and
 * the shortest round it believes. Each select and input is labelled; an error sits under its field.
 */
export function ScoreRulesFields({
  idPrefix,
  value,
  onChange,
  error,
  refs,
  hint,
}: {
  idPrefix: string;
  value: ScoreRulesForm;
  onChange: (next: ScoreRulesForm) => void;
  error?: ScoreRulesError | null;
  refs?: Partial<Record<ScoreRulesField, RefObject<HTMLInputElement | null>>>;
  /** a line under the legend (e.g. what a package's game.json does) */
  hint?: string;
}) {
  const id = (name: string) => `${idPrefix}-${name}`;
  const set = <K extends keyof ScoreRulesForm>(key: K, v: ScoreRulesForm[K]) => onChange({ ...value, [key]: v });
  const errorOf = (field: ScoreRulesField) => (error?.field === field ? error.message : undefined);
  const max = value.maxScore.trim();
  const isTime = value.format === "time_ms";
  const maxHint =
    max && /^\d+$/.test(max)
      ? isTime
        ? `${formatScore(Number(max), "time_ms")}: a longer time is refused.`
        : "A higher score is refused."
      : isTime
        ? "In milliseconds (60000 = 1:00.000). Blank: no limit."
        : "Blank: no limit.";
  return (
    <fieldset className="grid gap-3 rounded-lg border p-3 sm:p-4" data-testid="score-rules">
      <legend className="px-1 text-sm font-medium">Scores</legend>
      {hint ? <p className="-mt-1 text-xs text-muted-foreground">{hint}</p> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id={id("order")} label="Order" className={FIELD}>
          <Select value={value.order} onValueChange={(v) => set("order", v as ScoreOrder)}>
            <SelectTrigger id={id("order")} aria-label="Order">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {SCORE_ORDERS.map((o) => (
                <SelectItem key={o} value={o}>
                  {SCORE_ORDER_LABELS[o]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </Field>
        <Field id={id("format")} label="Format" className={FIELD}>
          <Select value={value.format} onValueChange={(v) => set("format", v as ScoreFormat)}>
            <SelectTrigger id={id("format")} aria-label="Format">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {SCORE_FORMATS.map((f) => (
                <SelectItem key={f} value={f}>
                  {SCORE_FORMAT_LABELS[f]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </Field>
        <Field id={id("max")} label="Maximum score" hint={maxHint} error={errorOf("maxScore")} className={FIELD}>
          <Input
            id={id("max")}
            ref={refs?.maxScore}
            inputMode="numeric"
            autoComplete="off"
            placeholder="No limit"
            value={value.maxScore}
            onChange={(e) => set("maxScore", e.target.value)}
            {...fieldAria(id("max"), errorOf("maxScore"), true)}
          />
        </Field>
        <Field
          id={id("min")}
          label="Minimum round (seconds)"
          className={FIELD}
          hint="A score sent sooner after the game started is refused. Blank: none."
          error={errorOf("minRoundSeconds")}
        >
          <Input
            id={id("min")}
            ref={refs?.minRoundSeconds}
            inputMode="decimal"
            autoComplete="off"
            placeholder="None"
            value={value.minRoundSeconds}
            onChange={(e) => set("minRoundSeconds", e.target.value)}
            {...fieldAria(id("min"), errorOf("minRoundSeconds"), true)}
          />
        </Field>
      </div>
      <p className="text-xs text-muted-foreground" data-testid="score-rules-total-note">
        {totalsNote(value)}
      </p>
    </fieldset>
  );
}
