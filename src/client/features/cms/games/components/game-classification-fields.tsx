import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { useAdminCollections } from "@/features/cms/collections/api/get-admin-collections";
import {
  GAME_DIFFICULTIES,
  DIFFICULTY_LABELS,
  DIFFICULTY_NOT_RATED,
  type GameDifficulty,
} from "@contract/games-constants";

/** The difficulty picker's value: a difficulty, or NOT_RATED for a game that says nothing (Radix items cannot be ""). */
export const NOT_RATED = "none";
export type DifficultyChoice = GameDifficulty | typeof NOT_RATED;

export function difficultyChoiceOf(difficulty: GameDifficulty | null | undefined): DifficultyChoice {
  return difficulty ?? NOT_RATED;
}

/** What the API gets: the difficulty, or null for "Not rated". */
export function difficultyOfChoice(choice: DifficultyChoice): GameDifficulty | null {
  return choice === NOT_RATED ? null : choice;
}

/** D83: the game form's Difficulty (game.json sets it for packages; the CMS may change it). */
export function DifficultySelect({
  id,
  value,
  onChange,
}: {
  id: string;
  value: DifficultyChoice;
  onChange: (v: DifficultyChoice) => void;
}) {
  return (
    <Select value={value} onValueChange={(v) => onChange(v as DifficultyChoice)}>
      <SelectTrigger id={id} aria-label="Difficulty">
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        <SelectItem value={NOT_RATED}>{DIFFICULTY_NOT_RATED}</SelectItem>
        {GAME_DIFFICULTIES.map((d) => (
          <SelectItem key={d} value={d}>
            {DIFFICULTY_LABELS[d]}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}

/** D83: the game form's Collections, one checkbox each (a game may be in several or none). */
export function CollectionCheckboxes({
  idPrefix,
  value,
  onChange,
}: {
  idPrefix: string;
  value: readonly number[];
  onChange: (ids: number[]) => void;
}) {
  const { data: collections = [], isPending, isError } = useAdminCollections();
  const toggle = (id: number, checked: boolean) =>
    onChange(checked ? [...value, id].sort((a, b) => a - b) : value.filter((v) => v !== id));
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-2 text-sm font-medium">Collections</legend>
      {isPending ? <p className="text-sm text-muted-foreground">Loading collections...</p> : null}
      {isError ? <p className="text-sm text-destructive">Failed to load collections</p> : null}
      {!isPending && !isError && collections.length === 0 ? (
        <p className="text-sm text-muted-foreground">No collections yet. Add them under Collections.</p>
      ) : null}
      <div className="grid gap-2 sm:grid-cols-2">
        {collections.map((c) => (
          <label key={c.id} htmlFor={`${idPrefix}-${c.id}`} className="flex cursor-pointer items-center gap-2 text-sm">
            <input
              id={`${idPrefix}-${c.id}`}
              type="checkbox"
              className="size-4 accent-primary"
              checked={value.includes(c.id)}
              onChange={(e) => toggle(c.id, e.target.checked)}
            />
            {c.title}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
