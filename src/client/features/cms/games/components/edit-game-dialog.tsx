import { Save } from "lucide-react";
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input, Textarea } from "@/components/ui/input";
import { toast } from "@/components/ui/use-toast";
import { Field } from "@/features/cms/shared/components/field";
import { FormDialogFooter } from "@/features/cms/shared/components/form-dialog-footer";
import { ImageField } from "@/features/cms/shared/components/image-field";
import { errorMessage } from "@/lib/api-client";
import type { AdminGame, AdminGamePatch } from "@contract/admin/games";
import type { Game } from "@contract/games";
import { useUpdateGame } from "../api/update-game";
import { categoryIdOf } from "./add-game-validation";
import { CategorySelect } from "./category-select";
import { GameAchievementsEditor } from "./game-achievements-editor";
import { GameAdsSwitch } from "./game-ads-switch";
import {
  CollectionCheckboxes,
  DifficultySelect,
  difficultyChoiceOf,
  difficultyOfChoice,
  type DifficultyChoice,
} from "./game-classification-fields";
import { GameCreatorsEditor } from "./game-creators-editor";
import { HiddenBadge } from "./games-table";
import { PackageChecks } from "./package-checks";
import { PackageInfo } from "./package-info";
import {
  readScoreRules,
  ScoreRulesFields,
  scoreRulesChanges,
  scoreRulesFormOf,
  type ScoreRulesError,
  type ScoreRulesForm,
} from "./score-rules-fields";

type EditState = {
  title: string;
  categoryId: string;
  description: string;
  imageUrl: string;
  externalUrl: string;
  developer: string;
  instructions: string;
  isFeatured: boolean;
  difficulty: DifficultyChoice;
  collectionIds: number[];
  /** D90 */
  scores: ScoreRulesForm;
  /** D113, D114: show a hidden game to players again */
  show: boolean;
};

function stateOf(game: AdminGame): EditState {
  return {
    title: game.title,
    categoryId: String(game.categoryId),
    description: game.description,
    imageUrl: game.imageUrl,
    externalUrl: game.externalUrl ?? "",
    developer: game.developer,
    instructions: game.instructions,
    isFeatured: game.isFeatured,
    difficulty: difficultyChoiceOf(game.difficulty),
    collectionIds: [...game.collectionIds],
    scores: scoreRulesFormOf(game.scoreRules),
    show: false,
  };
}

/**
 * A blank field falls back to the game's existing value (spec §5). The score rules are sent only
 * when they changed, and only the rules that did (`scoreRules`, already read from the form: see readScoreRules).
 */
export function editPatch(game: Game, s: EditState, scoreRules?: Game["scoreRules"]): AdminGamePatch {
  const keep = (value: string, existing: string) => value.trim() || existing;
  const patch: AdminGamePatch = {
    title: keep(s.title, game.title),
    description: keep(s.description, game.description),
    imageUrl: keep(s.imageUrl, game.imageUrl),
    developer: keep(s.developer, game.developer),
    instructions: keep(s.instructions, game.instructions),
    isFeatured: s.isFeatured,
    categoryId: s.categoryId ? categoryIdOf(s.categoryId) : game.categoryId,
    // D83: "Not rated" clears the difficulty; the ticked collections replace the game's
    difficulty: difficultyOfChoice(s.difficulty),
    collectionIds: s.collectionIds,
  };
  const url = s.externalUrl.trim() || game.externalUrl;
  if (url) patch.externalUrl = url;
  const rules = scoreRules && scoreRulesChanges(game.scoreRules, scoreRules);
  if (rules) patch.scoreRules = rules;
  if (s.show) patch.hiddenReason = null;
  return patch;
}

export const IMAGE_UPLOADED_MESSAGE = "Image uploaded successfully. Click Save Changes to update the game.";

/**
 * Edit Game: title, category, description, icon, game URL, developer, instructions, featured,
 * difficulty, collections and the score rules. A refused change shows the server's message (the 400's).
 */
export function EditGameDialog({
  game,
  onOpenChange,
}: {
  game: AdminGame | null;
  onOpenChange: (open: boolean) => void;
}) {
  const uid = useId();
  const [form, setForm] = useState<EditState | null>(game ? stateOf(game) : null);
  const [scoresError, setScoresError] = useState<ScoreRulesError | null>(null);
  const scoreRefs = { maxScore: useRef<HTMLInputElement>(null), minRoundSeconds: useRef<HTMLInputElement>(null) };
  const update = useUpdateGame();
  useEffect(() => {
    setForm(game ? stateOf(game) : null);
    setScoresError(null);
    update.reset();
    // Reset only when another game is opened (not on every refetch of the list).
    // eslint-disable-next-line react-hooks/exhaustive-deps -- keyed on the opened game on purpose (ADR 006)
  }, [game?.id]);

  const set = <K extends keyof EditState>(key: K, value: EditState[K]) =>
    setForm((f) => (f ? { ...f, [key]: value } : f));

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!game || !form) return;
    const scores = readScoreRules(form.scores);
    setScoresError(scores.error);
    if (scores.error) {
      scoreRefs[scores.error.field].current?.focus();
      return;
    }
    try {
      update.mutate(
        { id: game.id, patch: editPatch(game, form, scores.rules) },
        {
          onSuccess: () => {
            toast({ title: "Game updated successfully" });
            onOpenChange(false);
          },
          onError: (err) =>
            toast({ title: "Failed to update game", description: errorMessage(err), variant: "destructive" }),
        },
      );
    } catch {
      toast({ title: "Error", description: "Something went wrong while submitting the form", variant: "destructive" });
    }
  }

  const id = (name: string) => `${uid}-${name}`;
  return (
    <Dialog open={game !== null} onOpenChange={(o) => !update.isPending && onOpenChange(o)}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>Edit Game</DialogTitle>
          <DialogDescription>
            {game ? `Change the details of "${game.title}". Blank fields keep their current values.` : null}
          </DialogDescription>
        </DialogHeader>
        {game && form ? (
          <form onSubmit={submit} noValidate className="grid gap-4">
            {game.packageBytes !== null || game.sdkAdapter ? (
              <div className="flex flex-wrap items-center gap-2 text-sm" data-testid="package-info">
                <span className="font-medium">Package</span>
                <PackageInfo game={game} />
              </div>
            ) : null}
            {game.packageBytes !== null ? <PackageChecks gameId={game.id} frameUrl={game.frameUrl} /> : null}
            {game.hiddenReason ? (
              <div className="flex flex-wrap items-center justify-between gap-2 rounded-lg border p-3 text-sm">
                <HiddenBadge game={game} />
                <label htmlFor={id("show")} className="flex cursor-pointer items-center gap-2 font-medium">
                  <input
                    id={id("show")}
                    type="checkbox"
                    className="size-4 accent-primary"
                    checked={form.show}
                    onChange={(e) => set("show", e.target.checked)}
                  />
                  Show to players again
                </label>
              </div>
            ) : null}
            <div className="grid gap-4 sm:grid-cols-2">
              <Field id={id("title")} label="Title">
                <Input
                  id={id("title")}
                  value={form.title}
                  placeholder={game.title}
                  onChange={(e) => set("title", e.target.value)}
                  maxLength={100}
                />
              </Field>
              <Field id={id("category")} label="Category">
                <CategorySelect id={id("category")} value={form.categoryId} onChange={(v) => set("categoryId", v)} />
              </Field>
            </div>
            <Field id={id("description")} label="Description">
              <Textarea
                id={id("description")}
                rows={3}
                value={form.description}
                placeholder={game.description}
                onChange={(e) => set("description", e.target.value)}
              />
            </Field>
            <ImageField
              id={id("image")}
              label="Game icon"
              value={form.imageUrl}
              onChange={(v) => set("imageUrl", v)}
              uploadedMessage={IMAGE_UPLOADED_MESSAGE}
              previewAlt="Game icon preview"
            />
            <Field
              id={id("url")}
              label="Game URL"
              hint={
                game.externalUrl
                  ? undefined
                  : "This game is an uploaded package; leave blank to keep playing the package."
              }
            >
              <Input
                id={id("url")}
                type="url"
                value={form.externalUrl}
                placeholder={game.externalUrl ?? "https://"}
                onChange={(e) => set("externalUrl", e.target.value)}
              />
            </Field>
            <div className="grid gap-4 sm:grid-cols-2">
              <Field id={id("developer")} label="Developer">
                <Input
                  id={id("developer")}
                  value={form.developer}
                  placeholder={game.developer}
                  onChange={(e) => set("developer", e.target.value)}
                  maxLength={100}
                />
              </Field>
              <div className="flex items-end pb-2">
                <label htmlFor={id("featured")} className="flex cursor-pointer items-center gap-2 text-sm font-medium">
                  <input
                    id={id("featured")}
                    type="checkbox"
                    className="size-4 accent-primary"
                    checked={form.isFeatured}
                    onChange={(e) => set("isFeatured", e.target.checked)}
                  />
                  Featured game
                </label>
              </div>
            </div>
            <Field id={id("instructions")} label="Instructions">
              <Textarea
                id={id("instructions")}
                rows={2}
                value={form.instructions}
                placeholder={game.instructions}
                onChange={(e) => set("instructions", e.target.value)}
              />
            </Field>
            <Field id={id("difficulty")} label="Difficulty" className="grid gap-2 sm:max-w-60">
              <DifficultySelect id={id("difficulty")} value={form.difficulty} onChange={(v) => set("difficulty", v)} />
            </Field>
            <CollectionCheckboxes
              idPrefix={id("collection")}
              value={form.collectionIds}
              onChange={(ids) => set("collectionIds", ids)}
            />
            <ScoreRulesFields
              idPrefix={id("scores")}
              value={form.scores}
              onChange={(v) => {
                set("scores", v);
                setScoresError(null);
              }}
              error={scoresError}
              refs={scoreRefs}
            />
            <FormDialogFooter pending={update.isPending} onCancel={() => onOpenChange(false)} icon={Save}>
              {update.isPending ? "Saving..." : "Save Changes"}
            </FormDialogFooter>
          </form>
        ) : null}
        {game ? <GameAdsSwitch gameId={game.id} /> : null}
        {game ? <GameAchievementsEditor gameId={game.id} /> : null}
        {game ? <GameCreatorsEditor gameId={game.id} /> : null}
      </DialogContent>
    </Dialog>
  );
}
