import { ArrowDown, ArrowUp, EyeOff, Pencil, Plus, Trash2 } from "lucide-react";
import { useId, useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Input, Textarea } from "@/components/ui/input";
import { toast } from "@/components/ui/use-toast";
import { Field } from "@/features/cms/shared/components/field";
import { errorMessage } from "@/lib/api-client";
import { GAME_ACHIEVEMENT_LIMITS, type AdminGameAchievement } from "@contract/game-achievements";
import { useAdminGameAchievements, useChangeGameAchievements, type AchievementInput } from "../api/game-achievements";

const EMPTY: AchievementInput = { key: "", title: "", description: "", iconUrl: "", hidden: false };

function inputOf(a: AdminGameAchievement): AchievementInput {
  return { key: a.key, title: a.title, description: a.description, iconUrl: a.iconUrl ?? "", hidden: a.hidden };
}

/** The small icon buttons of an achievement's row (move up, move down, edit, delete). */
const ROW_BUTTON = { type: "button", size: "icon", variant: "ghost", className: "size-8 shrink-0" } as const;

/** Checks a form before it is sent (the API checks again): the key's characters, a title. */
export function achievementFormError(input: AchievementInput): string | null {
  if (!GAME_ACHIEVEMENT_LIMITS.keyPattern.test(input.key.trim()))
    return "Key: 1 to 64 lowercase letters, digits, _ or -";
  if (!input.title.trim()) return "Title is required";
  return null;
}

/**
 * D78 in the CMS: the game's achievements, listed in their order, added, edited, moved up or down and
 * deleted. Each change is saved at once (not with the dialog's Save Changes).
 */
export function GameAchievementsEditor({ gameId }: { gameId: number }) {
  const uid = useId();
  const list = useAdminGameAchievements(gameId);
  const changes = useChangeGameAchievements(gameId);
  /** null: no form open; "new": adding; a number: editing that achievement */
  const [editing, setEditing] = useState<"new" | number | null>(null);
  const [form, setForm] = useState<AchievementInput>(EMPTY);
  const [formError, setFormError] = useState<string | null>(null);
  const items = list.data ?? [];

  const open = (target: "new" | AdminGameAchievement) => {
    setEditing(target === "new" ? "new" : target.id);
    setForm(target === "new" ? EMPTY : inputOf(target));
    setFormError(null);
  };
  const fail = (title: string) => (err: unknown) =>
    toast({ title, description: errorMessage(err), variant: "destructive" });

  function submit(e: FormEvent) {
    e.preventDefault();
    const error = achievementFormError(form);
    setFormError(error);
    if (error || editing === null) return;
    const input = { ...form, key: form.key.trim() };
    changes.mutate(editing === "new" ? { kind: "create", input } : { kind: "update", id: editing, input }, {
      onSuccess: () => {
        toast({ title: editing === "new" ? "Achievement added" : "Achievement updated" });
        setEditing(null);
      },
      onError: fail("Failed to save the achievement"),
    });
  }

  function move(index: number, by: -1 | 1) {
    const ids = items.map((a) => a.id);
    const [moved] = ids.splice(index, 1);
    ids.splice(index + by, 0, moved);
    changes.mutate({ kind: "order", ids }, { onError: fail("Failed to reorder") });
  }

  function remove(a: AdminGameAchievement) {
    const warning = a.unlocks ? ` ${a.unlocks} player${a.unlocks === 1 ? " has" : "s have"} it.` : "";
    if (!window.confirm(`Delete the achievement "${a.title}"?${warning}`)) return;
    changes.mutate(
      { kind: "delete", id: a.id },
      { onSuccess: () => toast({ title: "Achievement deleted" }), onError: fail("Failed to delete") },
    );
  }

  const id = (name: string) => `${uid}-${name}`;
  return (
    <section aria-labelledby={id("heading")} className="grid min-w-0 gap-3 border-t pt-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={id("heading")} className="font-semibold">
          Achievements{" "}
          <span className="text-sm font-normal text-muted-foreground">
            ({items.length}/{GAME_ACHIEVEMENT_LIMITS.perGame})
          </span>
        </h3>
        <Button
          type="button"
          size="sm"
          variant="outline"
          onClick={() => open("new")}
          disabled={items.length >= GAME_ACHIEVEMENT_LIMITS.perGame}
        >
          <Plus aria-hidden="true" /> Add achievement
        </Button>
      </div>
      {list.isPending ? (
        <p className="text-sm text-muted-foreground">Loading achievements...</p>
      ) : list.isError ? (
        <p className="text-sm text-destructive">Failed to load achievements</p>
      ) : items.length === 0 ? (
        <p className="text-sm text-muted-foreground">No achievements yet. Games can also declare them in game.json.</p>
      ) : (
        <ol className="min-w-0 divide-y rounded-lg border" aria-label="Game achievements">
          {items.map((a, i) => (
            <li key={a.id} data-testid="cms-achievement" className="flex items-center gap-1 p-2 text-sm">
              <div className="min-w-0 flex-1">
                <p className="flex items-center gap-1.5 truncate font-medium">
                  {a.title}
                  {a.hidden && <EyeOff className="size-3.5 text-muted-foreground" aria-label="Hidden" />}
                </p>
                <p className="truncate text-xs text-muted-foreground">
                  <code>{a.key}</code> · {a.unlocks} {a.unlocks === 1 ? "unlock" : "unlocks"}
                </p>
              </div>
              <Button
                {...ROW_BUTTON}
                aria-label={`Move ${a.title} up`}
                disabled={i === 0 || changes.isPending}
                onClick={() => move(i, -1)}
              >
                <ArrowUp aria-hidden="true" />
              </Button>
              <Button
                {...ROW_BUTTON}
                aria-label={`Move ${a.title} down`}
                disabled={i === items.length - 1 || changes.isPending}
                onClick={() => move(i, 1)}
              >
                <ArrowDown aria-hidden="true" />
              </Button>
              <Button {...ROW_BUTTON} aria-label={`Edit ${a.title}`} onClick={() => open(a)}>
                <Pencil aria-hidden="true" />
              </Button>
              <Button
                {...ROW_BUTTON}
                aria-label={`Delete ${a.title}`}
                disabled={changes.isPending}
                onClick={() => remove(a)}
              >
                <Trash2 aria-hidden="true" />
              </Button>
            </li>
          ))}
        </ol>
      )}
      {editing !== null && (
        <form
          onSubmit={submit}
          noValidate
          className="grid min-w-0 gap-3 rounded-lg border bg-muted/30 p-3"
          aria-label={editing === "new" ? "New achievement" : "Edit achievement"}
        >
          <div className="grid gap-3 sm:grid-cols-2">
            <Field
              id={id("key")}
              label="Key"
              hint="The game calls Arcadium.achievements.unlock(key)"
              className="grid content-start gap-2"
            >
              <Input
                id={id("key")}
                value={form.key}
                maxLength={64}
                onChange={(e) => setForm({ ...form, key: e.target.value })}
              />
            </Field>
            <Field id={id("title")} label="Title" className="grid content-start gap-2">
              <Input
                id={id("title")}
                value={form.title}
                maxLength={GAME_ACHIEVEMENT_LIMITS.titleMax}
                onChange={(e) => setForm({ ...form, title: e.target.value })}
              />
            </Field>
          </div>
          <Field id={id("description")} label="Description">
            <Textarea
              id={id("description")}
              rows={2}
              value={form.description}
              maxLength={GAME_ACHIEVEMENT_LIMITS.descriptionMax}
              onChange={(e) => setForm({ ...form, description: e.target.value })}
            />
          </Field>
          <Field
            id={id("icon")}
            label="Icon"
            hint="Optional: a path inside the game package, an /uploads/ image or an https address"
          >
            <Input
              id={id("icon")}
              value={form.iconUrl}
              maxLength={500}
              onChange={(e) => setForm({ ...form, iconUrl: e.target.value })}
            />
          </Field>
          <label htmlFor={id("hidden")} className="flex cursor-pointer items-center gap-2 text-sm font-medium">
            <input
              id={id("hidden")}
              type="checkbox"
              className="size-4 accent-primary"
              checked={form.hidden}
              onChange={(e) => setForm({ ...form, hidden: e.target.checked })}
            />
            Hidden (the game page shows it as &quot;Hidden achievement&quot;)
          </label>
          {formError && (
            <p role="alert" className="text-sm font-medium text-destructive">
              {formError}
            </p>
          )}
          <div className="flex justify-end gap-2">
            <Button type="button" variant="ghost" size="sm" onClick={() => setEditing(null)}>
              Cancel
            </Button>
            <Button type="submit" size="sm" disabled={changes.isPending}>
              {editing === "new" ? "Add" : "Save achievement"}
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}
