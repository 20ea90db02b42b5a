import { FileArchive, Link2, Plus } from "lucide-react";
import { useId, useRef, useState, type FormEvent } from "react";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input, Textarea } from "@/components/ui/input";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { toast } from "@/components/ui/use-toast";
import { Field, fieldAria } from "@/features/cms/shared/components/field";
import { FormDialogFooter } from "@/features/cms/shared/components/form-dialog-footer";
import { ImageField } from "@/features/cms/shared/components/image-field";
import { ApiError } from "@/lib/api-client";
import { DEFAULT_SCORE_RULES } from "@contract/score-rules-constants";
import { useCreateGame } from "../api/create-game";
import { useUploadGamePackage } from "../api/upload-game-package";
import {
  categoryIdOf,
  DEFAULT_CATEGORY_ID,
  PACKAGE_ACCEPT,
  validateAddGame,
  type AddGameError,
  type AddGameField,
  type AddGameMode,
} from "./add-game-validation";
import { CategorySelect } from "./category-select";
import {
  CollectionCheckboxes,
  DifficultySelect,
  difficultyOfChoice,
  NOT_RATED,
  type DifficultyChoice,
} from "./game-classification-fields";
import {
  readScoreRules,
  ScoreRulesFields,
  scoreRulesChanges,
  scoreRulesFormOf,
  type ScoreRulesError,
  type ScoreRulesForm,
} from "./score-rules-fields";

type FormState = {
  title: string;
  description: string;
  imageUrl: string;
  externalUrl: string;
  categoryId: string;
  developer: string;
  instructions: string;
  isFeatured: boolean;
  /** D83 */
  difficulty: DifficultyChoice;
  collectionIds: number[];
  file: File | null;
  /** D90, for a linked game (a package's game.json says its own) */
  scores: ScoreRulesForm;
};

const EMPTY: FormState = {
  title: "",
  description: "",
  imageUrl: "",
  externalUrl: "",
  categoryId: String(DEFAULT_CATEGORY_ID),
  developer: "",
  instructions: "",
  isFeatured: false,
  difficulty: NOT_RATED,
  collectionIds: [],
  file: null,
  scores: scoreRulesFormOf(DEFAULT_SCORE_RULES),
};

function sizeText(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 102.4) / 10} KB`;
  return `${Math.round(bytes / (1024 * 102.4)) / 10} MB`;
}

/** The reason of a failed add: the server's message, else the spec's default for the mode (§8). */
function addFailure(err: unknown, fallback: string): string {
  return err instanceof ApiError && err.serverMessage ? err.serverMessage : fallback;
}

/**
 * Add New Game: tabs External URL (POST /api/admin/games) and HTML Package
 * (multipart POST /api/admin/games/upload, D44).
 */
export function AddGameDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const uid = useId();
  const ids = {
    title: `${uid}-title`,
    description: `${uid}-description`,
    imageUrl: `${uid}-image`,
    category: `${uid}-category`,
    developer: `${uid}-developer`,
    externalUrl: `${uid}-url`,
    file: `${uid}-file`,
    instructions: `${uid}-instructions`,
    featured: `${uid}-featured`,
    difficulty: `${uid}-difficulty`,
    collections: `${uid}-collection`,
    scores: `${uid}-scores`,
  };
  const [mode, setMode] = useState<AddGameMode>("url");
  const [form, setForm] = useState<FormState>(EMPTY);
  const [error, setError] = useState<AddGameError | null>(null);
  const [scoresError, setScoresError] = useState<ScoreRulesError | null>(null);
  const scoreRefs = { maxScore: useRef<HTMLInputElement>(null), minRoundSeconds: useRef<HTMLInputElement>(null) };
  const refs = {
    title: useRef<HTMLInputElement>(null),
    description: useRef<HTMLTextAreaElement>(null),
    imageUrl: useRef<HTMLInputElement>(null),
    externalUrl: useRef<HTMLInputElement>(null),
    file: useRef<HTMLInputElement>(null),
  } satisfies Record<AddGameField, unknown>;
  const createGame = useCreateGame();
  const uploadPackage = useUploadGamePackage();
  const pending = createGame.isPending || uploadPackage.isPending;

  const set = <K extends keyof FormState>(key: K, value: FormState[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    if (error?.field === key) setError(null);
  };
  const errorOf = (field: AddGameField) => (error?.field === field ? error.message : undefined);

  function reset() {
    setForm(EMPTY);
    setError(null);
    setScoresError(null);
    setMode("url");
    createGame.reset();
    uploadPackage.reset();
  }

  function close(next: boolean) {
    if (!next && pending) return;
    if (!next) reset();
    onOpenChange(next);
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    try {
      const problem = validateAddGame(form, mode);
      setError(problem);
      if (problem) {
        refs[problem.field].current?.focus();
        return;
      }
      const scores = mode === "url" ? readScoreRules(form.scores) : null;
      setScoresError(scores?.error ?? null);
      if (scores?.error) {
        scoreRefs[scores.error.field].current?.focus();
        return;
      }
      const common = {
        title: form.title.trim(),
        description: form.description.trim(),
        imageUrl: form.imageUrl.trim(),
        categoryId: categoryIdOf(form.categoryId),
        developer: form.developer.trim(),
        instructions: form.instructions.trim(),
        isFeatured: form.isFeatured,
        // D83: a package's game.json says its difficulty unless one is chosen here
        difficulty: difficultyOfChoice(form.difficulty) ?? undefined,
        collectionIds: form.collectionIds,
      };
      if (mode === "url") {
        createGame.mutate(
          {
            ...common,
            developer: common.developer || "Unknown",
            instructions: common.instructions || undefined,
            externalUrl: form.externalUrl.trim(),
            plays: 0,
            rating: 0,
            releaseDate: new Date().toISOString().slice(0, 10),
            // D90: only the rules that differ from the defaults
            scoreRules: scores?.rules ? scoreRulesChanges(DEFAULT_SCORE_RULES, scores.rules) : undefined,
          },
          {
            onSuccess: () => {
              toast({ title: "Game added successfully" });
              reset();
              onOpenChange(false);
            },
            onError: (err) =>
              toast({
                title: "Error",
                description: `Failed to add game: ${addFailure(err, "Failed to create game")}`,
                variant: "destructive",
              }),
          },
        );
      } else {
        uploadPackage.mutate(
          { ...common, htmlFile: form.file! },
          {
            onSuccess: () => {
              toast({ title: "Game package uploaded successfully" });
              reset();
              onOpenChange(false);
            },
            onError: (err) =>
              toast({
                title: "Error",
                description: `Failed to add game: ${addFailure(err, "Failed to upload game package")}`,
                variant: "destructive",
              }),
          },
        );
      }
    } catch {
      toast({ title: "Error", description: "Something went wrong while submitting the form", variant: "destructive" });
    }
  }

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>Add New Game</DialogTitle>
          <DialogDescription>
            Link a game hosted elsewhere, or upload an HTML5 game package (.zip or .html).
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="grid gap-4">
          <Tabs
            value={mode}
            onValueChange={(v) => {
              setMode(v as AddGameMode);
              setError(null);
            }}
          >
            <TabsList className="grid w-full grid-cols-2">
              <TabsTrigger value="url">
                <Link2 aria-hidden="true" />
                External URL
              </TabsTrigger>
              <TabsTrigger value="html">
                <FileArchive aria-hidden="true" />
                HTML Package
              </TabsTrigger>
            </TabsList>
            <div className="mt-4 grid gap-4">
              <Field id={ids.title} label="Title" error={errorOf("title")}>
                <Input
                  id={ids.title}
                  ref={refs.title}
                  value={form.title}
                  onChange={(e) => set("title", e.target.value)}
                  maxLength={100}
                  {...fieldAria(ids.title, errorOf("title"))}
                />
              </Field>
              <Field id={ids.description} label="Description" error={errorOf("description")}>
                <Textarea
                  id={ids.description}
                  ref={refs.description}
                  rows={3}
                  value={form.description}
                  onChange={(e) => set("description", e.target.value)}
                  {...fieldAria(ids.description, errorOf("description"))}
                />
              </Field>
              <ImageField
                id={ids.imageUrl}
                label="Image URL"
                value={form.imageUrl}
                onChange={(v) => set("imageUrl", v)}
                error={errorOf("imageUrl")}
                inputRef={refs.imageUrl}
                previewAlt="Game icon preview"
              />
              <div className="grid gap-4 sm:grid-cols-2">
                <Field id={ids.category} label="Category">
                  <CategorySelect id={ids.category} value={form.categoryId} onChange={(v) => set("categoryId", v)} />
                </Field>
                <Field id={ids.developer} label="Developer">
                  <Input
                    id={ids.developer}
                    placeholder="Unknown"
                    value={form.developer}
                    onChange={(e) => set("developer", e.target.value)}
                    maxLength={100}
                  />
                </Field>
              </div>
              <TabsContent value="url" className="mt-0">
                <Field
                  id={ids.externalUrl}
                  label="Game URL"
                  error={errorOf("externalUrl")}
                  hint="The address the game frame opens, e.g. https://example.com/game/"
                >
                  <Input
                    id={ids.externalUrl}
                    ref={refs.externalUrl}
                    type="url"
                    placeholder="https://"
                    value={form.externalUrl}
                    onChange={(e) => set("externalUrl", e.target.value)}
                    {...fieldAria(ids.externalUrl, errorOf("externalUrl"), true)}
                  />
                </Field>
              </TabsContent>
              <TabsContent value="html" className="mt-0">
                <Field
                  id={ids.file}
                  label="Game package"
                  error={errorOf("file")}
                  hint={
                    form.file
                      ? `${form.file.name} (${sizeText(form.file.size)})`
                      : "A .zip with index.html at its root (or in one top folder), or a single .html file. Up to 100 MB."
                  }
                >
                  <input
                    id={ids.file}
                    ref={refs.file}
                    type="file"
                    accept={PACKAGE_ACCEPT}
                    onChange={(e) => set("file", e.target.files?.[0] ?? null)}
                    className="block w-full cursor-pointer rounded-lg border border-input bg-card text-sm text-muted-foreground file:mr-3 file:cursor-pointer file:border-0 file:bg-secondary file:px-3 file:py-2 file:text-sm file:font-medium file:text-secondary-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                    {...fieldAria(ids.file, errorOf("file"), true)}
                  />
                </Field>
              </TabsContent>
              <Field id={ids.instructions} label="Instructions">
                <Textarea
                  id={ids.instructions}
                  rows={2}
                  placeholder="Use your mouse or touchscreen to play."
                  value={form.instructions}
                  onChange={(e) => set("instructions", e.target.value)}
                />
              </Field>
              <label htmlFor={ids.featured} className="flex cursor-pointer items-center gap-2 text-sm font-medium">
                <input
                  id={ids.featured}
                  type="checkbox"
                  className="size-4 accent-primary"
                  checked={form.isFeatured}
                  onChange={(e) => set("isFeatured", e.target.checked)}
                />
                Featured game
              </label>
              <Field
                id={ids.difficulty}
                label="Difficulty"
                className="grid gap-2 sm:max-w-72"
                hint={mode === "html" ? "Not rated: as the package's game.json says, if it does." : undefined}
              >
                <DifficultySelect id={ids.difficulty} value={form.difficulty} onChange={(v) => set("difficulty", v)} />
              </Field>
              <CollectionCheckboxes
                idPrefix={ids.collections}
                value={form.collectionIds}
                onChange={(v) => set("collectionIds", v)}
              />
              {/* D90: a linked game's rules are set here; a package's game.json says its own */}
              {mode === "url" ? (
                <ScoreRulesFields
                  idPrefix={ids.scores}
                  value={form.scores}
                  onChange={(v) => {
                    set("scores", v);
                    setScoresError(null);
                  }}
                  error={scoresError}
                  refs={scoreRefs}
                />
              ) : null}
            </div>
          </Tabs>
          <FormDialogFooter pending={pending} onCancel={() => close(false)} icon={Plus}>
            {mode === "url"
              ? createGame.isPending
                ? "Creating..."
                : "Add Game"
              : uploadPackage.isPending
                ? "Uploading..."
                : "Upload Game"}
          </FormDialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
