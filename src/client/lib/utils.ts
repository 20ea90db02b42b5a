/** Joins class names, skipping falsy values. (No tailwind-merge in the stack: keep variants free of conflicts.) */
export function cn(...classes: Array<string | false | null | undefined>): string {
  return classes.filter(Boolean).join(" ");
}
